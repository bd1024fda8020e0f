"""The game state: plain mutable dataclasses, cheap to clone.

Cards are referred to by instance id (an int); `Game.card(i)` gives the shared,
frozen definition. Cloning copies lists and small records, never definitions.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .cards import Modifier

if TYPE_CHECKING:
    from .game import Game

Cell = tuple[int, int]

# Phases, in turn order (rulebook, Play Phases); "setup" comes before the first turn.
SETUP, DISCARD, RELOAD, MAINTENANCE, EQUIP, MOVE, SCAVENGE, OVER = (
    "setup", "discard", "reload", "maintenance", "equip", "move", "scavenge", "over")
TURN_PHASES = (DISCARD, RELOAD, MAINTENANCE, EQUIP, MOVE, SCAVENGE)


@dataclass(slots=True)
class SeatState:
    """Everything one player owns that is not on the Field."""

    draw: list[int] = field(default_factory=list)  # Power cards and Disasters, top last
    combat: list[int] = field(default_factory=list)  # Combat pile, top last
    combat_discard: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    to_place: list[int] = field(default_factory=list)  # setup: Locations, top last
    haven_to_place: list[int] = field(default_factory=list)
    disasters_to_deal: list[int] = field(default_factory=list)
    items_to_deal: list[int] = field(default_factory=list)
    unused: list[int] = field(default_factory=list)  # Items left after setup (R5)
    set_aside: list[tuple[int, int]] = field(default_factory=list)  # Bonked: (card, return at turn)
    havens: list[Cell] = field(default_factory=list)
    turns: int = 0  # turns begun
    equipped: int = 0  # bit set of the Equip phase's four plays used this Turn
    scavenged: bool = False  # Scavenging initiated this Turn (guideline 2.9)

    def copy(self) -> SeatState:
        return SeatState(self.draw[:], self.combat[:], self.combat_discard[:], self.hand[:],
                         self.discard[:], self.to_place[:], self.haven_to_place[:],
                         self.disasters_to_deal[:], self.items_to_deal[:], self.unused[:],
                         self.set_aside[:], self.havens[:], self.turns, self.equipped,
                         self.scavenged)


@dataclass(frozen=True, slots=True)
class Place:
    """A Location or Haven on the Field. Frozen: clones share their Places and a change
    makes a new one (GameState.change_place), so cloning copies none."""

    card: int
    kind: str  # "location" | "haven"
    owner: int  # who placed it; for a Haven, who controls it
    under: tuple[int, ...] = ()  # Location: face-down stack, top first; Haven: stored cards
    destroyed: bool = False
    siege: int = 0  # Damage dealt to a Location with Defense by siege_seat's group
    siege_seat: int = -1


@dataclass(slots=True)
class Unit:
    """A Character or a Disaster on the Field (a Character may stand in its Haven)."""

    card: int
    owner: int  # the card's owner; for a Disaster, whose deck it came from
    pos: Cell
    disaster: bool = False
    damage: int = 0
    items: list[int] = field(default_factory=list)
    equipment: list[int] = field(default_factory=list)
    enhancements: list[int] = field(default_factory=list)
    moved: int = 0  # Movement used this Turn
    spent: int = 0  # Energy spent
    arrived: int = 0  # order of arrival (Combat with Multiple Disasters)
    brought_by: int = -1  # Disasters: the player who brought it into play
    moved_once: bool = False  # "Moves Once" Disasters that have had their move
    leader: int = -1  # an allied Disaster: the primary Disaster it moves with (Ally Disasters)
    ally_seat: int = -1  # a Disaster allied with this player's group (Allying with Characters)

    def copy(self) -> Unit:
        return Unit(self.card, self.owner, self.pos, self.disaster, self.damage, self.items[:],
                    self.equipment[:], self.enhancements[:], self.moved, self.spent,
                    self.arrived, self.brought_by, self.moved_once, self.leader, self.ally_seat)


@dataclass(slots=True)
class Lasting:
    """A change an effect made that lasts a while: modifiers, skills, Hold, No Action."""

    source: int  # the card whose effect it is
    unit: int  # the Character or Disaster it changes
    seat: int  # whose turns count it down
    mods: tuple[Modifier, ...] = ()
    skills: tuple[tuple[str, int], ...] = ()
    flags: tuple[str, ...] = ()  # "hold", "no_action"
    until: str = "turn"  # "turn" | "combat" | "turns" | "game"
    turns_left: int = 0

    def copy(self) -> Lasting:
        return Lasting(self.source, self.unit, self.seat, self.mods, self.skills, self.flags,
                       self.until, self.turns_left)


@dataclass(frozen=True, slots=True)
class StackEntry:
    """A Flash Effect waiting to resolve (last in, first out)."""

    card: int
    seat: int
    target: int | None


@dataclass(slots=True)
class OffField:
    """A Global Effect or an endured non-Combat Disaster, in play Off Field."""

    card: int
    seat: int  # the player it affects
    chars: tuple[int, ...] = ()  # the group a Disaster affects; () means all of seat's
    turns_left: int = 0  # Disasters: turns of the seat left to endure it

    def copy(self) -> OffField:
        return OffField(self.card, self.seat, self.chars, self.turns_left)


@dataclass(slots=True)
class Combat:
    """Physical Combat between one player's group and one Combat Disaster."""

    seat: int
    cell: Cell
    disaster: int
    queue: list[int]  # Disasters that will attack the group after this one
    context: str  # what Combat interrupted: "move", "scavenge", "maintenance", "fight"
    round: int = 0
    target: int = -1  # the Character the Disaster attacks this round
    to_declare: list[int] = field(default_factory=list)
    attackers: list[int] = field(default_factory=list)
    protectors: list[int] = field(default_factory=list)
    running: bool = False  # the group Runs Away and must choose where
    fled: bool = False  # the Disaster flees: Combat ends with no final attack
    # Charm Combat (R12): "break" while the player may try to break Charms, "command"
    # while a group that out-charmed a Minor Disaster chooses what it must do.
    charm_stage: str = ""
    charmed: dict[int, int] = field(default_factory=dict)  # Character -> margin it lost by
    resisted: list[int] = field(default_factory=list)  # out-charmed the Disaster
    breakers: list[int] = field(default_factory=list)  # tried a Charm break already
    tried: list[int] = field(default_factory=list)  # had a Charm break tried on it (R31)
    quiet: int = 0  # rounds in a row in which nobody took Damage (R41)

    def copy(self) -> Combat:
        return Combat(self.seat, self.cell, self.disaster, self.queue[:], self.context,
                      self.round, self.target, self.to_declare[:], self.attackers[:],
                      self.protectors[:], self.running, self.fled, self.charm_stage,
                      dict(self.charmed), self.resisted[:], self.breakers[:], self.tried[:],
                      self.quiet)


@dataclass(slots=True)
class Duel:
    """Combat between two players' Characters at one cell (rulebook, Combat Between Players).

    Combatants are Characters and, for a Haven with Attack next to the cell, the Haven's
    card (R35). Stages: "charm" (Charm Combat Between Players), "order" (charmers give
    their orders), "declare" (a physical round), "final" (the unanswered attack on a side
    that Runs Away), "run" (the runners choose where to go)."""

    attacker: int  # the seat that initiated Combat
    defender: int
    cell: Cell
    by_haven: bool = False  # initiated by the attacker's Haven alone (R35)
    stage: str = "charm"
    to_act: int = -1  # the seat that chooses now
    round: int = 0
    fighters: list[int] = field(default_factory=list)  # every Character that took part
    pending: list[int] = field(default_factory=list)  # combatants still to declare this round
    declared: list[tuple[int, str, int]] = field(default_factory=list)  # (who, role, whom)
    runner: int = -1  # the seat that Runs Away
    passes: int = 0  # Charm Combat: passes in a row
    charm_attacked: list[int] = field(default_factory=list)  # made its one Charm attack
    charm_defended: list[int] = field(default_factory=list)  # was Charm-attacked once
    tried: list[int] = field(default_factory=list)  # had its one Charm break attempt
    charmed: dict[int, tuple[int, int]] = field(default_factory=dict)  # -> (charmer, margin)
    to_order: list[tuple[int, int]] = field(default_factory=list)  # (charmer, Charmed)
    quiet: int = 0  # rounds in a row in which nobody took Damage (R41)

    def copy(self) -> Duel:
        return Duel(self.attacker, self.defender, self.cell, self.by_haven, self.stage,
                    self.to_act, self.round, self.fighters[:], self.pending[:],
                    self.declared[:], self.runner, self.passes, self.charm_attacked[:],
                    self.charm_defended[:], self.tried[:], dict(self.charmed),
                    self.to_order[:], self.quiet)


@dataclass(slots=True)
class Scavenging:
    seat: int
    cell: Cell
    # "combat": fighting the revealed Disaster; "continue": one was dealt with and
    # another lies under; "retrieve": the Items and Equipment are reachable.
    stage: str
    revealed: int = -1

    def copy(self) -> Scavenging:
        return Scavenging(self.seat, self.cell, self.stage, self.revealed)


@dataclass(slots=True)
class Result:
    winners: tuple[int, ...]
    disasters_win: bool
    reason: str  # "majority" | "all_scavenged" | "round_limit"


@dataclass(slots=True, eq=False)
class GameState:
    game: Game
    # The seeded generator, or its state (a tuple) after a clone until the game next
    # draws: a clone then costs no generator copy, and a clone that never draws none.
    generator: random.Random | tuple
    seats: list[SeatState]
    places: dict[Cell, Place] = field(default_factory=dict)
    units: dict[int, Unit] = field(default_factory=dict)
    off_field: list[OffField] = field(default_factory=list)
    lasting: list[Lasting] = field(default_factory=list)
    uses: dict[tuple[int, int], int] = field(default_factory=dict)  # (card, effect) -> uses
    stack: list[StackEntry] = field(default_factory=list)  # Flash Effects, top last
    responder: int = -1  # who may respond to the top of the stack now
    passes: int = 0  # players who passed since the last Flash Effect
    destroyed: list[int] = field(default_factory=list)
    path: tuple[Cell, ...] = ()  # the Disaster path (R3), fixed after setup
    phase: str = SETUP
    turn_seat: int = 0
    setup_seat: int = 0
    rounds: int = 0  # rounds completed (R14 d)
    stamp: int = 0  # arrival counter
    items_total: int = 0
    location_attacked: set[Cell] = field(default_factory=set)  # by the player, this Turn
    location_struck: set[Cell] = field(default_factory=set)  # Locations that attacked, this Turn
    maintenance: list[int] = field(default_factory=list)  # Disasters still to move
    combat: Combat | None = None
    scavenging: Scavenging | None = None
    result: Result | None = None
    ending_turn: bool = False  # a group Ran Away in its own turn
    actions: int = 0
    duel: Duel | None = None  # Combat between players under way
    challenged: set[Cell] = field(default_factory=set)  # Combat between players began, this Turn (R33)
    asking: Cell | None = None  # a Haven whose owner is asked to let the turn's group stop (R36)
    # (guest seat, Haven) -> (guest's turn count when asked, granted): one question per Turn (R36)
    haven_asks: dict[tuple[int, Cell], tuple[int, bool]] = field(default_factory=dict)

    @property
    def rng(self) -> random.Random:
        g = self.generator
        if type(g) is tuple:
            state, g = g, random.Random.__new__(random.Random)
            g.setstate(state)
            self.generator = g
        return g

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self.generator = rng

    def rng_state(self) -> tuple:
        """The generator's state, read without making a generator."""
        g = self.generator
        return g if type(g) is tuple else g.getstate()

    def clone(self) -> GameState:
        """An independent copy. The source keeps its generator as a state too (so a
        reference to its old `rng` no longer draws for it)."""
        g = self.generator
        if type(g) is not tuple:  # both go on from this state, each with its own generator
            g = self.generator = g.getstate()
        return GameState(
            self.game, g, [s.copy() for s in self.seats],
            dict(self.places),
            {i: u.copy() for i, u in self.units.items()},
            [o.copy() for o in self.off_field], [x.copy() for x in self.lasting],
            dict(self.uses), self.stack[:], self.responder, self.passes, self.destroyed[:], self.path, self.phase,
            self.turn_seat, self.setup_seat, self.rounds, self.stamp, self.items_total,
            set(self.location_attacked), set(self.location_struck), self.maintenance[:],
            self.combat.copy() if self.combat else None,
            self.scavenging.copy() if self.scavenging else None,
            self.result, self.ending_turn, self.actions,
            self.duel.copy() if self.duel else None, set(self.challenged), self.asking,
            dict(self.haven_asks))

    # Places are shared between clones: a change replaces one -----------------
    def change_place(self, cell: Cell, **changes) -> Place:
        p = self.places[cell] = replace(self.places[cell], **changes)
        return p

    def put_under(self, cell: Cell, cards: Iterable[int]) -> None:
        """Cards go to the bottom of a place's stack (or into a Haven's store)."""
        self.change_place(cell, under=self.places[cell].under + tuple(cards))

    def take_top(self, cell: Cell) -> int:
        """The top card of a place's face-down stack, taken off it."""
        under = self.places[cell].under
        self.change_place(cell, under=under[1:])
        return under[0]

    def take_from_under(self, cell: Cell, card: int) -> None:
        under = list(self.places[cell].under)
        under.remove(card)
        self.change_place(cell, under=tuple(under))

    # Small shared queries -------------------------------------------------
    def allied_at(self, seat: int, cell: Cell) -> list[Unit]:
        """Disasters allied with `seat`'s group at `cell` (Allying with Characters)."""
        return [u for u in self.units.values()
                if u.disaster and u.ally_seat == seat and u.pos == cell]

    def chars_at(self, seat: int, cell: Cell) -> list[Unit]:
        """A player's Characters at one cell: its group there (Basic Terms, Group)."""
        return [u for u in self.units.values()
                if u.pos == cell and u.owner == seat and not u.disaster]

    def disasters_at(self, cell: Cell) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.pos == cell and u.disaster),
                      key=lambda u: u.arrived)

    def characters(self, seat: int | None = None) -> list[Unit]:
        return [u for u in self.units.values()
                if not u.disaster and (seat is None or u.owner == seat)]

    def in_haven(self, u: Unit) -> bool:
        p = self.places.get(u.pos)
        return p is not None and p.kind == "haven"

    def current_seat(self) -> int:
        if self.stack:
            return self.responder
        if self.asking is not None:
            return self.places[self.asking].owner  # the Haven's owner decides (R36)
        if self.duel is not None:
            return self.duel.to_act
        if self.combat is not None:
            return self.combat.seat
        if self.phase == SETUP:
            return self.setup_seat
        return self.turn_seat
