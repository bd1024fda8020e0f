"""The game state: plain mutable records, cheap to clone.

Cards are referred to by instance id (an int); `Game.card(i)` gives the shared,
frozen definition. Cloning copies lists and small records, never definitions
(records.py writes each copy from the field declarations).

What the engine waits for is one stack of pending decisions (`pending`, top
last): the phase step at the bottom, and above it whatever interrupts it (a
Scavenging, a Combat, a Flash window, a question to a Haven's owner...). Every
kind is a `Decision` (below); decisions.py lists them. The properties `combat`,
`duel`, `scavenging` and `flash_stack` read the stack; they are queries, not
more places where the game waits.

A pending decision is one thing the engine waits for. The top one is what
happens next: whose decision it is, what that seat may do, and what doing it
changes. A rule that needs an answer pushes a decision instead of calling the
module that would ask for it; when the decision is answered or over, it is
popped and the one below it goes on. Some decisions are automatic (nobody
chooses: the Reload phase, the Disasters' moves): the engine runs them until a
seat must choose.

    pending (top last)                   legal_actions = top.options + at-any-time + top.closing
    ├─ PhaseStep        seat 0, Scavenge
    ├─ Scavenging       turning cards over at (2, 1)
    └─ Combat           seat 0's group against a Disaster, declaring

What the books allow "at any time" (Flash Effects, using cards, picking up,
dropping and transferring Items) is not listed by each decision: a decision
only says which of those kinds it admits (`anytime`), and anytime.py offers
them the same way over every decision. Everything a decision holds is public:
the views show the stack as it is (view.py).
"""
from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Any, ClassVar

from .actions import Action
from .cards import Modifier
from .events import Event
from .field import Cell
from .records import record, slot_init
from .whereabouts import Whereabouts

by_card = attrgetter("card")  # a unit's card id, to sort units by (quicker than a lambda)

# Phases, in turn order (rulebook, Play Phases); "setup" comes before the first turn.
SETUP, DISCARD, RELOAD, MAINTENANCE, EQUIP, MOVE, SCAVENGE, OVER = (
    "setup", "discard", "reload", "maintenance", "equip", "move", "scavenge", "over")
TURN_PHASES = (DISCARD, RELOAD, MAINTENANCE, EQUIP, MOVE, SCAVENGE)


# The kinds of action the books allow at any time (anytime.py). FAST: the uses as fast
# as a Flash Effect, a Global Effect's and a Haven's (guideline 3.1).
FLASH, USE, ITEMS, FAST = "flash", "use", "items", "fast"
NONE: frozenset[str] = frozenset()


@record
@dataclass(slots=True)
class Decision:
    """What every pending decision answers. Subclasses are dataclasses whose fields
    are the decision's public record (copied by `copy()` when the state is cloned)."""

    kind: ClassVar[str] = ""  # what the stack is asked for by (GameState.under_way)

    def chooser(self, st: GameState) -> int:
        """The seat that decides now."""
        raise NotImplementedError

    def options(self, st: GameState, quick: bool) -> list[Action]:
        """Its own actions, in a stable order. `quick`: the AI playouts' shorter list."""
        return []

    def anytime(self, st: GameState) -> Collection[str]:
        """The kinds of at-any-time action the deciding seat may take meanwhile."""
        return NONE

    def closing(self, st: GameState) -> list[Action]:
        """Actions listed after the at-any-time ones (ending a phase, passing)."""
        return []

    def explain(self, st: GameState, action: Action) -> str | None:
        """Why `action` (not legal now) is refused, if this decision knows the action."""
        return None

    def apply(self, st: GameState, action: Action, ev: list[Event]) -> None:
        """Answer it with one of its own actions (the engine checked it is legal)."""
        raise NotImplementedError(f"{type(self).__name__} takes no {action}")

    def automatic(self, st: GameState) -> bool:
        """Nobody decides: `advance` runs it (phases nobody plays, the Disasters' moves)."""
        return False

    def advance(self, st: GameState, ev: list[Event]) -> None:
        """One step of an automatic decision."""
        raise NotImplementedError

    def after_effect(self, st: GameState, ev: list[Event], trigger: str) -> None:
        """A card's effect (of `trigger`) has just changed the game while this waited."""

    def rename(self, old: int, new: int) -> None:
        """A Character changed form (transforming.py): card `new` is now the Character
        this decision knew as `old` (R115)."""

    def describe(self, st: GameState) -> str:
        """What the game waits for, in words (for a refused action's reason)."""
        return type(self).__name__

    def public(self, st: GameState, seat: int) -> Any:
        """Itself, as `seat`'s view shows it: a copy (a decision's record is all public)."""
        return self.copy()


@record
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
    # The other cards of 2-card transforming Characters, kept out of play (Rules for
    # Transforming Characters): the second forms, and a first form that transformed.
    forms: list[int] = field(default_factory=list)
    havens: list[Cell] = field(default_factory=list)
    turns: int = 0  # turns begun
    equipped: int = 0  # bit set of the Equip phase's four plays used this Turn
    scavenged: bool = False  # Scavenging initiated this Turn (guideline 2.9)


@slot_init  # a change makes a new one
@dataclass(frozen=True, slots=True)
class Place:
    """A Location or Haven on the Field. Frozen: clones share their Places and a change
    makes a new one (GameState.change_place), so cloning copies none."""

    card: int
    kind: str  # "location" | "haven"
    owner: int  # who placed it; for a Haven, who controls it
    under: tuple[int, ...] = ()  # Location: face-down stack, top first; Haven: stored cards
    destroyed: bool = False
    # A Location with Defense under attack: (seat, Damage dealt) for each player whose
    # attack is under way, by seat; each player's attack is its own (R51, terrain.py).
    siege: tuple[tuple[int, int], ...] = ()
    # A Location turned Haven: the face-down stack still under it, to be Scavenged
    # (Basic Terms, Drop: "If they go under a Location they must be Scavenged";
    # guideline 4.10: it "can still be ... Scavenged"); `under` is then its store.
    buried: tuple[int, ...] = ()

    @property
    def stack(self) -> tuple[int, ...]:
        """The face-down stack Scavenging turns over: a Location's, or the one still
        under a Location turned Haven."""
        return self.buried if self.kind == "haven" else self.under


_place_values = attrgetter(*(f.name for f in fields(Place)))  # all its fields, in order
_PLACE_INDEX = {f.name: i for i, f in enumerate(fields(Place))}


@record
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
    # Equipment put to use this Turn (Rules for Equipment), kept after it is dropped or
    # handed on: no other piece may give a bonus to the same ability this Turn.
    using: list[int] = field(default_factory=list)
    moved: int = 0  # Movement used this Turn
    spent: int = 0  # Energy spent
    arrived: int = 0  # order of arrival (Combat with Multiple Disasters)
    brought_by: int = -1  # Disasters: the player who brought it into play
    moved_once: bool = False  # "Moves Once" Disasters that have had their move
    leader: int = -1  # an allied Disaster: the primary Disaster it moves with (Ally Disasters)
    ally_seat: int = -1  # a Disaster allied with this player's group (Allying with Characters)


@slot_init  # a change makes a new one (GameState.set_lasting)
@dataclass(frozen=True, slots=True)
class Lasting:
    """A change an effect made that lasts a while: modifiers, skills, Hold, No Action.
    Frozen, as the Places are: clones and views share them."""

    source: int  # the card whose effect it is
    unit: int  # the Character or Disaster it changes
    seat: int  # whose turns count it down
    mods: tuple[Modifier, ...] = ()
    skills: tuple[tuple[str, int], ...] = ()
    # "hold", "no_action", "charmed", "leaving", lasting.TRANSFORMED, or a charmer's
    # order (orders.FLAGS: "no_attack", "no_protect", "no_ability", ...)
    flags: tuple[str, ...] = ()
    until: str = "turn"  # "turn" | "combat" | "turns" | "game"
    turns_left: int = 0
    # until "combat": the Combat it was made in, as its place in the stack (combat_depth);
    # 0, made out of every Combat: it ends with the first Combat to end
    combat: int = 0
    first: int = -1  # played in this seat's Turn, which counts as its first (Duration)


@dataclass(frozen=True, slots=True)
class LastingIndex:
    """The lasting effects in play filed by the unit each changes, so that what the
    rules ask of one unit (its lasting modifiers and skills, Hold, No Action, a charm)
    is a lookup, not a walk of every effect: `on`, a unit's effects in the order they
    were made; `flags`, the union of their flags (units with a flag only); `skilled`,
    the units an effect gives or takes a skill. Kept by GameState's add_lasting (the
    new effects filed) and set_lasting (filed afresh), the only ways the effects change
    (a test holds the engine to it), and never changed in place: a clone shares it
    with the effects' tuple. It is no fact of the game: a save replays the actions and
    a sampled world (worlds.py) sets its effects through set_lasting, so both have it
    made again."""

    on: dict[int, tuple[Lasting, ...]]
    flags: dict[int, frozenset[str]]
    skilled: frozenset[int]

    def adding(self, made: Iterable[Lasting]) -> LastingIndex:
        """A new index: this one's effects, then these (made after them)."""
        on, flags, skilled = dict(self.on), dict(self.flags), set(self.skilled)
        for x in made:
            unit = x.unit
            on[unit] = on.get(unit, ()) + (x,)
            if x.flags:
                flags[unit] = flags.get(unit, NONE).union(x.flags)
            if x.skills:
                skilled.add(unit)
        return LastingIndex(on, flags, frozenset(skilled))


NO_LASTING = LastingIndex({}, {}, NONE)


@record
@dataclass(slots=True)
class Building:
    """Three Characters building access to an extra Haven (Rules for Havens); the Haven
    card, out of the hand, lies face up beside them."""

    seat: int
    card: int
    cell: Cell
    chars: tuple[int, ...]
    turns: int = 0  # the player's Turns they have remained there, doing nothing else


@dataclass(frozen=True, slots=True)
class StackEntry:
    """A Flash Effect waiting to resolve (last in, first out)."""

    card: int
    seat: int
    target: int | None


@record
@dataclass(slots=True)
class OffField:
    """A Global Effect or an endured non-Combat Disaster, in play Off Field."""

    card: int
    seat: int  # the player it affects
    chars: tuple[int, ...] = ()  # the group a Disaster affects; () means all of seat's
    turns_left: int = 0  # Disasters: turns of the seat left to endure it


@dataclass(frozen=True, slots=True)
class Result:
    winners: tuple[int, ...]
    disasters_win: bool
    reason: str  # "majority" | "all_scavenged" | "round_limit"


class PendingReader:
    """What is under way, read off a stack of pending decisions (`self.pending`): the
    state's own, or a view's copy of it."""

    __slots__ = ()
    pending: list[Decision]

    def under_way(self, kind: str) -> Any:
        """The uppermost pending decision of a kind, or None."""
        for d in reversed(self.pending):
            if d.kind == kind:
                return d
        return None

    def combat_depth(self, upto: Any = None) -> int:
        """How many Combats (with a Disaster or between players) are stacked up to the
        decision `upto` (itself counted), or in all: 1 for a Combat none was begun under."""
        n = 0
        for d in self.pending:
            n += d.kind in ("combat", "duel")
            if d is upto:
                break
        return n

    def fought_now(self, c: Any) -> bool:
        """No Combat was begun on top of Combat `c` (a thief's getaway begins one): it is
        the one fought now."""
        return next((d for d in reversed(self.pending) if d.kind in ("combat", "duel")),
                    None) is c

    @property
    def combat(self) -> Any:
        """The Combat with a Disaster under way (combat.py), if any."""
        return self.under_way("combat")

    @property
    def duel(self) -> Any:
        """The Combat between players under way (duel.py), if any."""
        return self.under_way("duel")

    @property
    def fight_cell(self) -> Cell | None:
        """Where the Combat under way (with a Disaster or between players) is fought:
        the Combat with a Disaster's if there is one. One pass over the stack, not
        `self.combat or self.duel`: the offers and `holds` read it on most listings."""
        duel = None
        for d in reversed(self.pending):
            if d.kind == "combat":
                return d.cell
            if duel is None and d.kind == "duel":
                duel = d
        return duel.cell if duel is not None else None

    @property
    def scavenging(self) -> Any:
        """The Scavenging under way (scavenging.py), if any."""
        return self.under_way("scavenging")

    @property
    def flash_stack(self) -> list[StackEntry]:
        """The Flash Effects waiting to resolve, top last (flash.py)."""
        window = self.under_way("flash")
        return window.entries if window is not None else []


@record
@dataclass(slots=True, eq=False)
class GameState(PendingReader):
    game: Any  # the Game (game.py): cards, decks, options; shared by every clone
    # The seeded generator, or its state (a tuple) after a clone until the game next
    # draws: a clone then costs no generator copy, and a clone that never draws none.
    generator: random.Random | tuple
    seats: list[SeatState]
    places: dict[Cell, Place] = field(default_factory=dict)
    units: dict[int, Unit] = field(default_factory=dict)
    off_field: list[OffField] = field(default_factory=list)
    # Changed only by set_lasting (and add_lasting), which keep lasting_index with them.
    lasting: tuple[Lasting, ...] = ()
    lasting_index: LastingIndex = NO_LASTING
    building: list[Building] = field(default_factory=list)  # access to extra Havens
    uses: dict[tuple[int, int], int] = field(default_factory=dict)  # (card, effect) -> uses
    # (card, effect) -> combat_depth when last used: a use "once per round of Combat"
    # belongs to the rounds of the Combat it was used in (effects.new_combat_round)
    used_in: dict[tuple[int, int], int] = field(default_factory=dict)
    destroyed: list[int] = field(default_factory=list)
    wear: dict[int, int] = field(default_factory=dict)  # Equipment with own Defense: Damage taken
    path: tuple[Cell, ...] = ()  # the Disaster path (R3), fixed after setup
    phase: str = SETUP
    turn_seat: int = 0
    rounds: int = 0  # rounds completed (R14 d)
    stamp: int = 0  # arrival counter
    items_total: int = 0
    location_attacked: set[Cell] = field(default_factory=set)  # by the player, this Turn
    location_struck: set[Cell] = field(default_factory=set)  # Locations that attacked, this Turn
    result: Result | None = None
    actions: int = 0
    challenged: set[Cell] = field(default_factory=set)  # Combat between players began, this Turn (R33)
    # (Character, cell) of the turn seat's Characters when its Move phase began, held
    # through that phase only: public (every player saw them), for the AI to tell a walk
    # there and back
    move_start: tuple[tuple[int, Cell], ...] = ()
    # (guest seat, Haven) -> (guest's turn count when asked, granted): one question per Turn (R36)
    haven_asks: dict[tuple[int, Cell], tuple[int, bool]] = field(default_factory=dict)
    pending: list[Decision] = field(default_factory=list)  # what the game waits for, top last
    # The engine's scratch pad (memo.Scratch): what it works out while the state stands
    # still, and its other working values; never copied or saved.
    scratch: Any = field(default=None, metadata={"fresh": True})
    # Where the units stand, as lookups (whereabouts.py): built from `units` when first
    # asked, then kept by the unit methods below; never copied or saved.
    where: Whereabouts | None = field(default=None, metadata={"fresh": True})

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
        if type(self.generator) is not tuple:  # both go on from this state, each its own
            self.generator = self.generator.getstate()
        return self.copy()

    # The stack of pending decisions -------------------------------------------
    @property
    def top(self) -> Decision | None:
        return self.pending[-1] if self.pending else None

    def push(self, decision: Decision) -> Decision:
        self.pending.append(decision)
        return decision

    def pop(self, decision: Decision) -> None:
        """Take a decision off the stack, wherever it stands (a Combat ended by a Flash
        Effect that resolves above it)."""
        self.pending.remove(decision)

    def end_combat_lasting(self, c: Decision) -> None:
        """The end of Combat `c`: the lasting effects "until the end of the Combat" made
        in it end, and those made out of every Combat; those of a Combat it was begun on
        top of (a thief's getaway) last till that one ends."""
        depth = self.combat_depth(c)
        self.set_lasting([x for x in self.lasting if x.until != "combat" or 0 < x.combat < depth])

    def leave_field(self, card: int) -> None:
        """A unit leaves the Field (Bonked, Killed, Defeated, off the path): what lasted
        on it ends with it (a Bonked Character comes back healed, free of any charm). A
        Flash Effect's Duration does not (R127): its change is kept on the card itself,
        changing nothing, and counts the card's time in play down as before."""
        kept = []
        for x in self.lasting:
            if x.unit == card:
                if self.game.card(x.source).type != "flash_effect":
                    continue
                x = replace(x, unit=x.source, mods=(), skills=(), flags=())
                if x in kept:  # a group's change, each Character of it gone
                    continue
            kept.append(x)
        self.take_unit(card)
        self.set_lasting(kept)

    # The lasting effects change only here, so that their index follows them.
    def add_lasting(self, *made: Lasting) -> None:
        """Lasting effects begin, after those in play (the order they were made)."""
        self.lasting += made
        self.lasting_index = self.lasting_index.adding(made)

    def set_lasting(self, lasting: Iterable[Lasting]) -> None:
        """The lasting effects in play become these (some ended, counted down or renamed),
        filed afresh: unless none changed, as most ends of a Combat or a Turn find."""
        lasting = tuple(lasting)
        if lasting != self.lasting:
            self.lasting = lasting
            self.lasting_index = NO_LASTING.adding(lasting) if lasting else NO_LASTING

    def turn_ends(self) -> None:
        """Running Away ends the runner's Turn ("This will end your Turn"): what the Turn
        was in the middle of (a Scavenging, the Disasters' moves) is abandoned, and the
        phase step ends the Turn when nothing above it is left pending."""
        self.pending = [d for d in self.pending if d.kind not in ("scavenging", "maintenance")]
        self.under_way("phase").ending = True

    def current_seat(self) -> int:
        """The seat that decides now."""
        return self.pending[-1].chooser(self) if self.pending else self.turn_seat

    # Places are shared between clones: a change replaces one -----------------
    def change_place(self, cell: Cell, **changes) -> Place:
        """The Place at `cell` replaced by one with these fields changed: every field is
        copied (a misnamed one is a KeyError), in half the time of dataclasses.replace."""
        values = list(_place_values(self.places[cell]))
        for name, value in changes.items():
            values[_PLACE_INDEX[name]] = value
        p = self.places[cell] = Place(*values)
        return p

    def put_under(self, cell: Cell, cards: Iterable[int]) -> None:
        """Cards go to the bottom of a place's stack (or into a Haven's store)."""
        self.change_place(cell, under=self.places[cell].under + tuple(cards))

    def take_top(self, cell: Cell) -> int:
        """The top card of a place's face-down stack, taken off it."""
        p = self.places[cell]
        stack = p.stack
        if p.kind == "haven":
            self.change_place(cell, buried=stack[1:])
        else:
            self.change_place(cell, under=stack[1:])
        return stack[0]

    def take_from_under(self, cell: Cell, card: int) -> None:
        under = list(self.places[cell].under)
        under.remove(card)
        self.change_place(cell, under=tuple(under))

    # Units coming, going and moving: the only ways (the index follows them) -----
    def whereabouts(self) -> Whereabouts:
        """The index of where the units stand, built when first asked (whereabouts.py)."""
        w = self.where
        if w is None:
            w = self.where = Whereabouts(self.units.values())
        return w

    def add_unit(self, u: Unit) -> Unit:
        """`u` comes into play (set up, played, a Disaster arriving, a new form)."""
        self.units[u.card] = u
        if self.where is not None:
            self.where.add(u)
        return u

    def take_unit(self, card: int) -> Unit:
        """The unit of `card` taken out of play (leave_field, a transformation)."""
        u = self.units.pop(card)
        if self.where is not None:
            self.where.remove(u)
        return u

    def move_unit(self, u: Unit, cell: Cell) -> None:
        """`u` now stands at `cell` (a Move, Running Away, sent home, a Disaster's steps)."""
        if self.where is not None:
            self.where.move(u, cell)
        u.pos = cell

    def ally_unit(self, u: Unit, seat: int) -> None:
        """Disaster `u` allies with `seat`'s group where it stands, or with none (-1)
        (Allying with Characters)."""
        w = self.where
        if w is not None:
            w.unfile(u, u.pos)
        u.ally_seat = seat
        if w is not None:
            w.file(u, u.pos)

    # Small shared queries -------------------------------------------------
    # `self.where or self.whereabouts()`: the index read without a call once it is built
    # (a listing asks these dozens of times); whereabouts() builds it when first asked.
    def allied_at(self, seat: int, cell: Cell) -> list[Unit]:
        """Disasters allied with `seat`'s group at `cell` (Allying with Characters)."""
        allied = (self.where or self.whereabouts()).allied.get((seat, cell))
        return allied[:] if allied else []

    def chars_at(self, seat: int, cell: Cell) -> list[Unit]:
        """A player's Characters at one cell: its group there (Basic Terms, Group)."""
        group = (self.where or self.whereabouts()).groups.get((seat, cell))
        return group[:] if group else []

    def groups(self) -> Collection[tuple[int, Cell]]:
        """Every (seat, cell) where a player has Characters (a group: Basic Terms, Group),
        read live: not to be kept while units move."""
        return (self.where or self.whereabouts()).groups.keys()

    def disasters_at(self, cell: Cell) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.pos == cell and u.disaster),
                      key=lambda u: u.arrived)

    def characters(self, seat: int) -> list[Unit]:
        """A player's Characters on the Field, in the order they came into play."""
        return (self.where or self.whereabouts()).chars.get(seat, [])[:]

    def characters_by_card(self, seat: int) -> Sequence[Unit]:
        """A player's Characters on the Field by card id: the index's own list, shared,
        never changed by its users."""
        return (self.where or self.whereabouts()).by_card.get(seat, ())

    def in_haven(self, u: Unit) -> bool:
        p = self.places.get(u.pos)
        return p is not None and p.kind == "haven"
