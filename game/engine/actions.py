"""Actions: every choice a player makes, as a small frozen value with a text form.

`str(action)` and `parse(text)` round-trip, like a chess move in UCI:
`move c3+c4 to 2,1`, `play c17 on c3`, `declare c5 protect`.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from .field import Cell
from .records import slot_init



def _c(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _card(i: int) -> str:
    return f"c{i}"


# The List of Actions after Charm Combat, as far as orders.py plays them.
DISASTER_ORDERS = ("hand-over", "no-attack", "no-move")
CHARACTER_ORDERS = ("hand-over", "release", "no-attack", "no-protect", "no-move", "no-ability",
                    "no-equipment", "no-cards")


@dataclass(frozen=True, slots=True)
class Action:
    def __str__(self) -> str:  # pragma: no cover - every action overrides it
        raise NotImplementedError


def _action(cls: type) -> type:
    """An action kind: a frozen dataclass with slots, made by slot_init's faster __init__
    (a listing makes about eight actions); one without fields keeps its own."""
    cls = dataclass(frozen=True, slots=True)(cls)
    return slot_init(cls) if fields(cls) else cls


@_action
class PlaceCard(Action):
    """Setup: place the turned-over Location, or the Haven, in a cell (R2)."""
    card: int
    cell: Cell

    def __str__(self) -> str:
        return f"place {_card(self.card)} at {_c(self.cell)}"


@_action
class Deal(Action):
    """Setup: put the top card of one's shuffled Disasters (then Items), unseen, face
    down under the Location at a cell (Setting Up the Field)."""
    cell: Cell

    def __str__(self) -> str:
        return f"deal under {_c(self.cell)}"


@_action
class EndPhase(Action):
    def __str__(self) -> str:
        return "end-phase"


@_action
class DiscardCard(Action):
    """Discard phase: a card from the hand or from one of the player's Havens."""
    card: int

    def __str__(self) -> str:
        return f"discard {_card(self.card)}"


@_action
class PlayCard(Action):
    """Play a card from the hand; target is a Character for Enhancements and Flash Effects."""
    card: int
    target: int | None = None

    def __str__(self) -> str:
        on = f" on {_card(self.target)}" if self.target is not None else ""
        return f"play {_card(self.card)}{on}"


@_action
class Move(Action):
    """Move phase: Characters standing together move to a cell."""
    chars: tuple[int, ...]
    cell: Cell

    def __str__(self) -> str:
        return f"move {'+'.join(_card(c) for c in self.chars)} to {_c(self.cell)}"


@_action
class Transform(Action):
    """Move phase: a 2-card transforming Character sacrifices its move to change into
    its other form (Rules for Transforming Characters)."""
    char: int

    def __str__(self) -> str:
        return f"transform {_card(self.char)}"


@_action
class Fight(Action):
    """Initiate Combat with a Combat Disaster at the group's Location."""
    disaster: int

    def __str__(self) -> str:
        return f"fight {_card(self.disaster)}"


@_action
class Scavenge(Action):
    cell: Cell

    def __str__(self) -> str:
        return f"scavenge {_c(self.cell)}"


@_action
class AttackLocation(Action):
    """Attack a Location with Defense to Scavenge it without its requirements."""
    cell: Cell

    def __str__(self) -> str:
        return f"attack-location {_c(self.cell)}"


@_action
class ContinueScavenging(Action):
    def __str__(self) -> str:
        return "continue"


@_action
class StopScavenging(Action):
    def __str__(self) -> str:
        return "stop"


@_action
class Retrieve(Action):
    """Scavenging: a Character takes the top Item or Equipment from under the Location."""
    char: int

    def __str__(self) -> str:
        return f"retrieve {_card(self.char)}"


@_action
class PickUp(Action):
    """A Character takes an Item or Equipment stored in the Haven it stands in."""
    card: int
    char: int

    def __str__(self) -> str:
        return f"pickup {_card(self.card)} by {_card(self.char)}"


@_action
class Drop(Action):
    card: int
    char: int

    def __str__(self) -> str:
        return f"drop {_card(self.card)} from {_card(self.char)}"


@_action
class Transfer(Action):
    card: int
    src: int
    dst: int

    def __str__(self) -> str:
        return f"transfer {_card(self.card)} from {_card(self.src)} to {_card(self.dst)}"


@_action
class UseEquipment(Action):
    """A Character puts a piece of Equipment it carries to use for this Turn, paying its
    cost: one piece per ability per Turn (Rules for Equipment)."""
    card: int
    char: int

    def __str__(self) -> str:
        return f"use-equipment {_card(self.card)} by {_card(self.char)}"


@_action
class Declare(Action):
    """Combat: one Character attacks, protects the Disaster's target, or does nothing."""
    char: int
    role: str  # "attack" | "protect" | "none"

    def __str__(self) -> str:
        return f"declare {_card(self.char)} {self.role}"


@_action
class RunAway(Action):
    def __str__(self) -> str:
        return "run-away"


@_action
class RunTo(Action):
    """After Running Away, the survivors move 1 Location."""
    cell: Cell

    def __str__(self) -> str:
        return f"run-to {_c(self.cell)}"


@_action
class UseCard(Action):
    """Use a card in play: an Item, Equipment, Haven, Global Effect or a special ability.

    `effect` is the index of the card's `use` effect."""
    card: int
    effect: int = 0
    target: int | None = None

    def __str__(self) -> str:
        on = f" on {_card(self.target)}" if self.target is not None else ""
        return f"use {_card(self.card)}#{self.effect}{on}"


@_action
class Pass(Action):
    """Let the Flash Effect on top of the stack resolve without a response."""
    def __str__(self) -> str:
        return "pass"


@_action
class BuildHaven(Action):
    """Turn a Location that can become a Haven into one of the player's Havens."""
    cell: Cell

    def __str__(self) -> str:
        return f"build-haven {_c(self.cell)}"


@_action
class BuildAccess(Action):
    """Three Characters at a Location begin building access to a Haven from the hand
    (Rules for Havens)."""
    card: int
    chars: tuple[int, ...]
    cell: Cell

    def __str__(self) -> str:
        return (f"build-access {_card(self.card)} with "
                f"{'+'.join(_card(c) for c in self.chars)} at {_c(self.cell)}")


@_action
class PlaceHaven(Action):
    """Place a Haven whose access was built next to the Location (Rules for Havens)."""
    card: int
    cell: Cell

    def __str__(self) -> str:
        return f"place-haven {_card(self.card)} at {_c(self.cell)}"


@_action
class BreakCharm(Action):
    """Charm Combat: a Character tries to break the Charm on another."""
    char: int
    charmed: int

    def __str__(self) -> str:
        return f"break-charm {_card(self.charmed)} by {_card(self.char)}"


@_action
class Command(Action):
    """Charm Combat won against a Minor Disaster: make it perform or prevent one action of
    the List of Actions (orders.py); `char`: to whom it hands over its Item."""
    order: str
    char: int | None = None

    def __str__(self) -> str:
        return f"command {self.order}" + (f" to {_card(self.char)}" if self.char is not None
                                           else "")


@_action
class Proceed(Action):
    """Go on to the next step (e.g. from Charm Combat to physical Combat)."""
    def __str__(self) -> str:
        return "proceed"


@_action
class Challenge(Action):
    """Initiate Combat on another player's Characters at a cell (Combat Between Players)."""
    seat: int
    cell: Cell

    def __str__(self) -> str:
        return f"challenge {self.seat} at {_c(self.cell)}"


@_action
class Engage(Action):
    """Combat between players: a Character (or a Haven with Attack) attacks an opposing
    Character, protects one of its own, or does nothing (target -1)."""
    char: int
    role: str  # "attack" | "protect" | "none"
    target: int = -1

    def __str__(self) -> str:
        on = f" {_card(self.target)}" if self.role != "none" else ""
        return f"engage {_card(self.char)} {self.role}{on}"


@_action
class CharmAttack(Action):
    """Charm Combat Between Players: a Character makes its one Charm attack on a target."""
    char: int
    target: int

    def __str__(self) -> str:
        return f"charm {_card(self.target)} by {_card(self.char)}"


@_action
class Order(Action):
    """After Charm Combat Between Players: a charmer makes its Charmed perform or be
    prevented from one action of the List of Actions (orders.py)."""
    char: int
    charmed: int
    order: str

    def __str__(self) -> str:
        return f"order {_card(self.charmed)} by {_card(self.char)} {self.order}"


@_action
class AskPermission(Action):
    """Ask the owner of a Haven for leave to stop there this Turn (Rules for Havens)."""
    cell: Cell

    def __str__(self) -> str:
        return f"ask-permission {_c(self.cell)}"


@_action
class Answer(Action):
    """A Haven's owner permits or refuses another player's group to stop there."""
    granted: bool

    def __str__(self) -> str:
        return "permit" if self.granted else "refuse"


def _parse_cell(s: str) -> Cell:
    x, y = s.split(",")
    return int(x), int(y)


def _parse_card(s: str) -> int:
    if not s.startswith("c"):
        raise ValueError(f"not a card: {s!r}")
    return int(s[1:])


_SIMPLE = {"end-phase": EndPhase(), "continue": ContinueScavenging(),
           "stop": StopScavenging(), "run-away": RunAway(), "pass": Pass(),
           "proceed": Proceed(), "permit": Answer(True), "refuse": Answer(False)}


def parse(text: str) -> Action:
    """The action an action's text form names; ValueError if it names none."""
    w = text.split()
    try:
        if len(w) == 1 and w[0] in _SIMPLE:
            return _SIMPLE[w[0]]
        verb = w[0]
        if verb == "place" and w[2] == "at" and len(w) == 4:
            return PlaceCard(_parse_card(w[1]), _parse_cell(w[3]))
        if verb == "deal" and len(w) == 3 and w[1] == "under":
            return Deal(_parse_cell(w[2]))
        if verb == "discard" and len(w) == 2:
            return DiscardCard(_parse_card(w[1]))
        if verb == "play" and len(w) == 2:
            return PlayCard(_parse_card(w[1]))
        if verb == "play" and len(w) == 4 and w[2] == "on":
            return PlayCard(_parse_card(w[1]), _parse_card(w[3]))
        if verb == "move" and len(w) == 4 and w[2] == "to":
            return Move(tuple(_parse_card(c) for c in w[1].split("+")), _parse_cell(w[3]))
        if verb == "transform" and len(w) == 2:
            return Transform(_parse_card(w[1]))
        if verb == "fight" and len(w) == 2:
            return Fight(_parse_card(w[1]))
        if verb == "scavenge" and len(w) == 2:
            return Scavenge(_parse_cell(w[1]))
        if verb == "attack-location" and len(w) == 2:
            return AttackLocation(_parse_cell(w[1]))
        if verb == "retrieve" and len(w) == 2:
            return Retrieve(_parse_card(w[1]))
        if verb == "pickup" and len(w) == 4 and w[2] == "by":
            return PickUp(_parse_card(w[1]), _parse_card(w[3]))
        if verb == "drop" and len(w) == 4 and w[2] == "from":
            return Drop(_parse_card(w[1]), _parse_card(w[3]))
        if verb == "transfer" and len(w) == 6 and w[2] == "from" and w[4] == "to":
            return Transfer(_parse_card(w[1]), _parse_card(w[3]), _parse_card(w[5]))
        if verb == "use-equipment" and len(w) == 4 and w[2] == "by":
            return UseEquipment(_parse_card(w[1]), _parse_card(w[3]))
        if verb == "declare" and len(w) == 3 and w[2] in ("attack", "protect", "none"):
            return Declare(_parse_card(w[1]), w[2])
        if verb == "use" and len(w) in (2, 4) and "#" in w[1]:
            card, _, n = w[1].partition("#")
            target = _parse_card(w[3]) if len(w) == 4 and w[2] == "on" else None
            if len(w) == 4 and w[2] != "on":
                raise ValueError(text)
            return UseCard(_parse_card(card), int(n), target)
        if verb == "break-charm" and len(w) == 4 and w[2] == "by":
            return BreakCharm(_parse_card(w[3]), _parse_card(w[1]))
        if verb == "command" and len(w) == 2 and w[1] in DISASTER_ORDERS:
            return Command(w[1])
        if verb == "build-access" and len(w) == 6 and w[2] == "with" and w[4] == "at":
            return BuildAccess(_parse_card(w[1]), tuple(_parse_card(c) for c in w[3].split("+")),
                               _parse_cell(w[5]))
        if verb == "place-haven" and len(w) == 4 and w[2] == "at":
            return PlaceHaven(_parse_card(w[1]), _parse_cell(w[3]))
        if verb == "command" and len(w) == 4 and w[1] in DISASTER_ORDERS and w[2] == "to":
            return Command(w[1], _parse_card(w[3]))
        if verb == "build-haven" and len(w) == 2:
            return BuildHaven(_parse_cell(w[1]))
        if verb == "run-to" and len(w) == 2:
            return RunTo(_parse_cell(w[1]))
        if verb == "challenge" and len(w) == 4 and w[2] == "at":
            return Challenge(int(w[1]), _parse_cell(w[3]))
        if verb == "engage" and len(w) == 3 and w[2] == "none":
            return Engage(_parse_card(w[1]), "none")
        if verb == "engage" and len(w) == 4 and w[2] in ("attack", "protect"):
            return Engage(_parse_card(w[1]), w[2], _parse_card(w[3]))
        if verb == "charm" and len(w) == 4 and w[2] == "by":
            return CharmAttack(_parse_card(w[3]), _parse_card(w[1]))
        if (verb == "order" and len(w) == 5 and w[2] == "by"
                and w[4] in CHARACTER_ORDERS):
            return Order(_parse_card(w[3]), _parse_card(w[1]), w[4])
        if verb == "ask-permission" and len(w) == 2:
            return AskPermission(_parse_cell(w[1]))
    except (IndexError, ValueError):
        pass
    raise ValueError(f"not an action: {text!r}")
