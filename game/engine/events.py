"""Events: every change of the game, for the window to animate and the log to print.

Each kind of event is a frozen dataclass with one shape. What a seat may not see
is declared by the type, not decided by whoever builds the event: the fields
named in `secret` are shown only to the seats in the event's `to`, and
`for_seat(seat)` cuts every seat's share in one place (the same type, its
secrets blanked). Field annotations say what a field holds: `Card` is a card's
instance id (a card, or the Character or Disaster it is on the Field), `Seat` a
player, `Cell` a place on the Field.

To add an event: write its class here (`@_kind` name, fields, `secret` if a field may be
hidden), build it where the rule happens with `to=` the seats that may see its
secrets, and teach the window's log (game/ui/table/words.py) to say it.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .field import Cell
from .records import slot_init

Card = int
Seat = int

# A pseudo-seat: what every seat sees, nobody's hand shown (in `to`, for_seat(), view()).
ALL_SEE = -1


# Why a card leaves play with its work done rather than beaten (DisasterDefeated.why,
# CardDiscarded.why): the log says it, the game's account and the animations tell by it.
DURATION_OVER = "its Duration is over"  # an endured Disaster's, a Flash Effect's
INSTRUCTIONS_DONE = "its instructions are done"  # a non-Combat Disaster's (Basic Terms, Defeat)


def everyone(seats: int) -> tuple[Seat, ...]:
    """An event's `to` when its secrets are in the open: every seat, and ALL_SEE
    (left empty, `to` would hide them from all)."""
    return (*range(seats), ALL_SEE)


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str]  # its kind, in snake_case, as the log and the JSON name it
    secret: ClassVar[tuple[str, ...]] = ()  # fields only the seats in `to` may see
    to: tuple[Seat, ...] = field(default=(), kw_only=True)

    def for_seat(self, seat: Seat | None) -> Event:
        """The event as `seat` may know it; seat None is the omniscient log."""
        if seat is None or seat in self.to or not self.holds_secret:
            return self
        return dataclasses.replace(self, **dict.fromkeys(self.secret))

    @property
    def holds_secret(self) -> bool:
        """Whether a secret field holds anything: a Moved no card sent has none to hide."""
        return any(getattr(self, name) is not None for name in self.secret)

    @property
    def public(self) -> dict[str, Any]:
        """The fields every seat sees, as plain data (sequences as lists, records as
        dicts, cells as they are)."""
        return {f.name: _data(getattr(self, f.name), str(f.type))
                for f in dataclasses.fields(self) if f.name != "to" and f.name not in self.secret}

    @property
    def private(self) -> dict[str, Any]:
        """The secret fields (shown only to the seats in `to`), as plain data."""
        kinds = {f.name: str(f.type) for f in dataclasses.fields(self)}
        return {name: _data(getattr(self, name), kinds[name]) for name in self.secret}

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: the kind and every field, secrets as they are."""
        return {"type": self.type, **_plain({**self.public, **self.private})}


def _data(value: Any, annotation: str) -> Any:
    """A field's value as plain data: a variable-length tuple becomes a list."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _data(getattr(value, f.name), str(f.type))
                for f in dataclasses.fields(value)}
    if isinstance(value, tuple) and annotation.startswith("tuple[") and annotation.endswith(
            ", ...]"):
        inner = annotation[len("tuple["):-len(", ...]")]
        return [_data(v, inner) for v in value]
    return value


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _kind(name: str):
    """Name a class's kind, in snake_case, as the log and the JSON name it; and build
    its events with slot_init."""
    def wrap(cls):
        cls.type = name
        return slot_init(cls)
    return wrap


# The turn -------------------------------------------------------------------------
@_kind("turn_began")
@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    seat: Seat
    turn: int
    round: int


@_kind("phase_began")
@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    seat: Seat
    phase: str


@_kind("game_over")
@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[Seat, ...]
    disasters_win: bool
    reason: str
    items: dict[str, int]  # who controls how many Items: seats by number, "disasters", "field"


# Setting up ------------------------------------------------------------------------
@_kind("card_placed")
@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    seat: Seat
    card: Card
    cell: Cell
    kind: str  # "location" | "haven"


@_kind("card_dealt")
@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A card dealt face down under a Location: nobody sees which, not even its dealer."""
    seat: Seat
    cell: Cell
    kind: str  # "disaster" | "item"


@_kind("cards_dealt")
@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    items: int
    under: tuple[tuple[Cell, int], ...]  # face-down cards dealt under each Location


# Cards from the hand and the piles ----------------------------------------------------
@_kind("card_drawn")
@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    secret = ("card",)
    seat: Seat
    card: Card | None
    how: str = "draw"  # "draw" | "search" (a card's search) | "salvage"


@_kind("card_discarded")
@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    card: Card
    seat: Seat | None = None  # whose hand or Haven it left, if any
    why: str = ""  # "" (the player's choice), "effect", "cost", or why a card left play


@_kind("item_discarded")
@dataclass(frozen=True, slots=True)
class ItemDiscarded(Event):
    # "Item cards are kept face down until they are used" (Rules for Items): one Discarded
    # from a Haven's store goes face down, named only to the seats that saw the store.
    secret = ("card",)
    seat: Seat  # whose Haven it left
    card: Card | None


@_kind("card_played")
@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: Seat
    card: Card
    target: Card | None = None
    cell: Cell | None = None  # where a Character enters play


@_kind("card_used")
@dataclass(frozen=True, slots=True)
class CardUsed(Event):
    seat: Seat
    card: Card  # an Item is revealed by its use (Rules for Items)
    target: Card | None = None


@_kind("character_returned")
@dataclass(frozen=True, slots=True)
class CharacterReturned(Event):
    seat: Seat
    card: Card


@_kind("haven_built")
@dataclass(frozen=True, slots=True)
class HavenBuilt(Event):
    seat: Seat
    cell: Cell
    card: Card


# Flash Effects ---------------------------------------------------------------------
@_kind("flash_played")
@dataclass(frozen=True, slots=True)
class FlashPlayed(Event):
    seat: Seat
    card: Card
    target: Card | None = None


@_kind("passed")
@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: Seat


@_kind("flash_resolved")
@dataclass(frozen=True, slots=True)
class FlashResolved(Event):
    card: Card
    target: Card | None = None


@_kind("cancelled")
@dataclass(frozen=True, slots=True)
class Cancelled(Event):
    """A card on the Flash stack was Cancelled; `by` is secret as a Modified's card
    (an Item face down names itself only to its holder's owner)."""
    secret = ("by",)
    card: Card
    by: Card | None


# Card effects -------------------------------------------------------------------------
@_kind("modified")
@dataclass(frozen=True, slots=True)
class Modified(Event):
    """A card's effect changed a unit's abilities. The card is secret when it is an
    Item (face down, Rules for Items): only its holder's owner sees which."""
    secret = ("card",)
    card: Card | None
    unit: Card
    mods: tuple[str, ...]


@_kind("damaged")
@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """A card's effect dealt Damage (secret card as for Modified)."""
    secret = ("card",)
    card: Card | None
    unit: Card
    damage: int
    health_after: int


# Moving ---------------------------------------------------------------------------
@_kind("moved")
@dataclass(frozen=True, slots=True)
class Moved(Event):
    """Characters moved (`by` secret as a Modified's card)."""
    secret = ("by",)
    seat: Seat
    chars: tuple[Card, ...]
    origin: Cell
    dest: Cell
    cost: int = 0  # Movement spent; 0 when Running Away or sent by a card
    by: Card | None = None  # the card that sent them


@_kind("transformed")
@dataclass(frozen=True, slots=True)
class Transformed(Event):
    """A 2-card transforming Character changed form: `card` came into play in its
    place, `form` left play and is kept aside (Rules for Transforming Characters)."""
    seat: Seat
    card: Card
    form: Card
    cell: Cell


@_kind("permission_asked")
@dataclass(frozen=True, slots=True)
class PermissionAsked(Event):
    seat: Seat
    cell: Cell
    owner: Seat


@_kind("permission_answered")
@dataclass(frozen=True, slots=True)
class PermissionAnswered(Event):
    seat: Seat
    cell: Cell
    granted: bool


@_kind("access_built")
@dataclass(frozen=True, slots=True)
class AccessBuilt(Event):
    """Access to an extra Haven is built: it may be placed next Equip phase."""
    seat: Seat
    card: Card
    cell: Cell


@_kind("take_answered")
@dataclass(frozen=True, slots=True)
class TakeAnswered(Event):
    """A Haven's owner let a guest take a card out (let) or fought it (Rules for Havens)."""
    cell: Cell
    by: Card
    let: bool


# Disasters ---------------------------------------------------------------------------
@_kind("disaster_entered")
@dataclass(frozen=True, slots=True)
class DisasterEntered(Event):
    seat: Seat
    card: Card
    cell: Cell


@_kind("disaster_revealed")
@dataclass(frozen=True, slots=True)
class DisasterRevealed(Event):
    card: Card
    cell: Cell


@_kind("disaster_moved")
@dataclass(frozen=True, slots=True)
class DisasterMoved(Event):
    card: Card
    origin: Cell
    dest: Cell


@_kind("disaster_left")
@dataclass(frozen=True, slots=True)
class DisasterLeft(Event):
    card: Card
    cell: Cell


@_kind("disaster_endured")
@dataclass(frozen=True, slots=True)
class DisasterEndured(Event):
    card: Card
    seat: Seat
    chars: tuple[Card, ...]
    turns: int


@_kind("disaster_defeated")
@dataclass(frozen=True, slots=True)
class DisasterDefeated(Event):
    card: Card
    cell: Cell | None = None  # a Combat Disaster's Location; None for one Off Field
    by: tuple[Card, ...] = ()  # the group that met a non-Combat Disaster's requirements
    # A non-Combat Disaster that completed its instructions ("it is Defeated", Basic
    # Terms, Defeat): "its instructions are done", or an endured one's "its Duration is
    # over"; "" for one beaten (Health, requirements met, or it cannot affect the Field)
    why: str = ""


@_kind("disasters_allied")
@dataclass(frozen=True, slots=True)
class DisastersAllied(Event):
    primary: Card
    ally: Card
    cell: Cell


@_kind("disaster_joined_group")
@dataclass(frozen=True, slots=True)
class DisasterJoinedGroup(Event):
    """A Disaster allies with a player's group (Allying with Characters)."""
    ally: Card
    seat: Seat
    cell: Cell


# Items and Equipment -----------------------------------------------------------------
@_kind("item_taken")
@dataclass(frozen=True, slots=True)
class ItemTaken(Event):
    """Taken from under a Location or out of a Haven."""
    secret = ("card",)
    by: Card
    cell: Cell
    card: Card | None


@_kind("equipment_used")
@dataclass(frozen=True, slots=True)
class EquipmentUsed(Event):
    """A Character put a piece of Equipment to use for the Turn, paying `cost` Energy."""
    by: Card
    card: Card
    cost: int


@_kind("item_stolen")
@dataclass(frozen=True, slots=True)
class ItemStolen(Event):
    """Taken from a Character or Disaster (a steal, or a Disaster taking the Item of a
    Character it Bonked or Killed)."""
    secret = ("card",)
    by: Card
    victim: Card
    card: Card | None


@_kind("item_dropped")
@dataclass(frozen=True, slots=True)
class ItemDropped(Event):
    secret = ("card",)
    by: Card
    cell: Cell
    card: Card | None


@_kind("item_transferred")
@dataclass(frozen=True, slots=True)
class ItemTransferred(Event):
    secret = ("card",)
    src: Card
    dst: Card
    card: Card | None


@_kind("item_destroyed")
@dataclass(frozen=True, slots=True)
class ItemDestroyed(Event):
    secret = ("card",)
    holder: Card
    card: Card | None


# Scavenging and Locations -----------------------------------------------------------------
@_kind("scavenging_began")
@dataclass(frozen=True, slots=True)
class ScavengingBegan(Event):
    seat: Seat
    cell: Cell


@_kind("scavenging_ended")
@dataclass(frozen=True, slots=True)
class ScavengingEnded(Event):
    seat: Seat
    cell: Cell
    left: int  # cards still under the Location


@_kind("location_attacked")
@dataclass(frozen=True, slots=True)
class LocationAttacked(Event):
    seat: Seat
    cell: Cell
    attack: int
    defense: int
    health_before: int
    health_after: int


@_kind("location_attacks")
@dataclass(frozen=True, slots=True)
class LocationAttacks(Event):
    cell: Cell
    target: Card
    attack: int
    defense: int
    damage: int
    health_before: int
    health_after: int
    result: str  # "ok" | "bonked" | "killed"


# Combat ------------------------------------------------------------------------------
@slot_init
@dataclass(frozen=True, slots=True)
class Guard:
    """A protector and the Damage it took."""
    id: Card
    damage: int


@_kind("combat_began")
@dataclass(frozen=True, slots=True)
class CombatBegan(Event):
    seat: Seat
    cell: Cell
    disaster: Card
    context: str  # what it interrupted: "move", "scavenge", "maintenance", "fight"


@_kind("combat_target")
@dataclass(frozen=True, slots=True)
class CombatTarget(Event):
    """Whom the Disaster attacks this Combat round (`by` secret as a Modified's card)."""
    secret = ("by",)
    round: int
    disaster: Card
    target: Card  # -1: the Disaster attacks nobody this round (out-charmed, or kept from it)
    by: Card | None = None  # a card that made it the target


@_kind("combat_declared")
@dataclass(frozen=True, slots=True)
class CombatDeclared(Event):
    char: Card
    role: str  # "attack" | "protect" | "none"
    target: Card | None = None  # between players: whom it attacks or protects


@_kind("combat_card")
@dataclass(frozen=True, slots=True)
class CombatCard(Event):
    fighter: Card  # the one it was drawn for
    card: Card


@_kind("combat_hit")
@dataclass(frozen=True, slots=True)
class CombatHit(Event):
    round: int
    target: Card
    target_kind: str  # "character" | "disaster"
    disaster_class: str | None  # the Disaster's in Combat with one; None between players
    attackers: tuple[Card, ...]
    attack: int
    defense: int
    damage: int
    health_before: int
    health_after: int
    base_health: int
    result: str  # "ok" | "bonked" | "killed" | "defeated"
    protectors: tuple[Guard, ...]
    final: bool  # the unanswered attack on a side that Runs Away


@_kind("combat_ended")
@dataclass(frozen=True, slots=True)
class CombatEnded(Event):
    seat: Seat
    disaster: Card
    defeated: bool


@_kind("ran_away")
@dataclass(frozen=True, slots=True)
class RanAway(Event):
    seat: Seat
    cell: Cell


@_kind("bonked")
@dataclass(frozen=True, slots=True)
class Bonked(Event):
    card: Card
    cell: Cell


@_kind("killed")
@dataclass(frozen=True, slots=True)
class Killed(Event):
    card: Card
    cell: Cell


@_kind("charm_contest")
@dataclass(frozen=True, slots=True)
class CharmContest(Event):
    kind: str  # "charm" (a Disaster's), "duel" (between players), "break"
    attacker: Card
    defender: Card
    cards: tuple[Card | None, ...]  # the Combat cards drawn, attacker's first
    attacker_charm: int
    defender_charm: int
    result: str = ""  # "charmed", "won", "draw", "charmed_attacker", "nothing", "broken", "held"


@_kind("charm_command")
@dataclass(frozen=True, slots=True)
class CharmCommand(Event):
    disaster: Card
    order: str


@_kind("duel_began")
@dataclass(frozen=True, slots=True)
class DuelBegan(Event):
    """Combat between players begins."""
    seat: Seat
    opponent: Seat
    cell: Cell
    havens: tuple[Card, ...]  # Havens with Attack that fight there (R35)


@_kind("charm_order")
@dataclass(frozen=True, slots=True)
class CharmOrder(Event):
    char: Card
    charmed: Card
    order: str


@_kind("duel_ended")
@dataclass(frozen=True, slots=True)
class DuelEnded(Event):
    seat: Seat
    opponent: Seat
    cell: Cell
    runner: Seat  # -1 if nobody ran
