"""Where Characters may pass and stop (Rules for Locations, Rules for Havens, R4, R18)."""
from __future__ import annotations

from collections.abc import Sequence

from .abilities import has_trait, in_use, printed_skills, skill_counts
from .events import Event, ScavengingEnded
from .field import Cell, distance
from .state import GameState, Place, Unit

SYMBOLS = ("Planetary", "Dimensional")
MAX_GROUP = 4  # Basic Terms, Group
MAX_ON_FIELD = 6  # Rules for Characters
# Which rule keeps a group off a cell (Refusal.kind), besides a symbol's own name.
FAR, OFF_FIELD, HAVEN, DESTROYED, GROUP_FULL, FIELD_FULL = (
    "far", "off field", "haven", "destroyed", "group full", "field full")


class Refusal(str):
    """A refusal's words, and which rule refused (`kind`: a SYMBOLS name or one of the
    kinds above): the window sorts refusals by the kind, where matching the words
    misfiled one reworded."""
    kind: str

    def __new__(cls, words: str, kind: str) -> Refusal:
        self = super().__new__(cls, words)
        self.kind = kind
        return self

    def __getnewargs__(self) -> tuple[str, str]:  # copy and pickle keep the kind
        return str(self), self.kind


def group_symbols(st: GameState, chars: Sequence[Unit]) -> frozenset[str]:
    """The symbols every Character of a group has: what it needs to cross such Locations."""
    if len(chars) == 1:
        return unit_symbols(st, chars[0])
    return frozenset(t for t in SYMBOLS if all(has_trait(st, u, t) for u in chars))


def unit_symbols(st: GameState, u: Unit) -> frozenset[str]:
    """The symbols one Character has: has_trait of each, its skills counted once. One
    with no Equipment in use whose skill counts are its card's (printed_skills) has its
    card's symbols, categories or skills (_printed_symbols)."""
    g = st.game
    cats, printed = _printed_symbols(g)[u.card]
    if cats is _ALL:
        return _ALL
    if not u.using and printed_skills(st, u, SYMBOLS):
        return printed
    skills = skill_counts(st, u, SYMBOLS)
    used = [g.card(e).categories for e in in_use(st, u)]
    return frozenset(t for t in SYMBOLS if t in cats or skills[t] > 0
                     or any(f"{t} Vehicle" in c for c in used))


_ALL = frozenset(SYMBOLS)


def _printed_symbols(g) -> list[tuple[frozenset[str], frozenset[str]]]:
    """Each card instance's symbols among its categories (_ALL when both), and among
    its categories and printed skills: worked out once a game (Game.memo), again when
    a scene adds a card."""
    table = g.memo.get("symbols")
    if table is None or len(table) != len(g.instances):
        table = g.memo["symbols"] = []
        for card in g.instances:
            cats = frozenset(t for t in SYMBOLS if t in card.categories)
            table.append((_ALL if cats == _ALL else cats,
                          frozenset(t for t in SYMBOLS if t in cats or card.skill(t) > 0)))
    return table


def can_pass(st: GameState, symbols: frozenset[str], cell: Cell) -> bool:
    """Planetary and Dimensional Locations need every Character to have the symbol,
    to pass over as to land (guidelines, Planetary and Dimensional; R18)."""
    place = st.places.get(cell)
    if place is None:
        return False
    if place.kind == "haven":
        return True  # any Haven may be passed over (Rules for Havens)
    cats = st.game.card(place.card).categories
    for t in SYMBOLS:  # a loop, not all(...): each search asks it of many cells
        if t in cats and t not in symbols:
            return False
    return True


def can_stop(st: GameState, seat: int, symbols: frozenset[str], cell: Cell) -> bool:
    """Characters cannot stop on a Destroyed Location, nor on another player's Haven
    without its owner's permission this Turn (Rules for Havens, R36)."""
    if not can_pass(st, symbols, cell):
        return False
    place = st.places[cell]
    if place.kind == "haven":
        return place.owner == seat or permitted(st, seat, cell)
    return not place.destroyed


def why_not_stop(st: GameState, seat: int, chars: Sequence[Unit],
                 cell: Cell) -> Refusal | None:
    """Why the group may not stop on the cell itself, by the first rule that keeps it
    off (a symbol the group lacks, another player's Haven, Destroyed), or None."""
    place = st.places.get(cell)
    if place is None:
        return Refusal(f"{cell} is not on the Field", OFF_FIELD)
    symbols = group_symbols(st, chars)
    if not can_pass(st, symbols, cell):
        need = next(t for t in SYMBOLS if t in st.game.card(place.card).categories
                    and t not in symbols)
        return Refusal(f"{cell} is {need}: {lack(st, chars, need)} to enter it", need)
    if place.kind == "haven" and place.owner != seat and not permitted(st, seat, cell):
        return Refusal(f"{cell} is another player's Haven: a group stops there only with "
                       "its owner's yes this Turn (ask first)", HAVEN)
    if place.kind != "haven" and place.destroyed:
        return Refusal(f"{cell} is Destroyed: Characters may pass over it, not stop there",
                       DESTROYED)
    return None


def lack(st: GameState, chars: Sequence[Unit], need: str) -> str:
    """Who of the group lacks the `need` symbol, and that each must have it: the
    refusal names them, as "the group lacks it" left the player to guess which of the
    group did (a card lists the symbol among its skills, so one that shows it is not
    among them). Rules for Locations: "unless each Character in the Group has the
    Planetary symbol" (Dimensional alike)."""
    without = [f"c{u.card}" for u in chars if need not in unit_symbols(st, u)]
    names = (without[0] if len(without) == 1
             else ", ".join(without[:-1]) + " and " + without[-1])
    each = "a Character" if len(chars) == 1 else "every Character of a group"
    return (f"{names} {'lacks' if len(without) == 1 else 'lack'} the {need} symbol "
            f"({GIVES.get(need, 'a skill or category gives it')}), and {each} must have it")


# Rules for Locations: "...has the Planetary symbol or is in a Planetary Vehicle".
GIVES = {"Planetary": "a skill, a category or a Planetary Vehicle in use gives it"}


def why_not_run_to(st: GameState, seat: int, runners: Sequence[Unit], here: Cell,
                   cell: Cell) -> Refusal:
    """Why the runners may not end their Run Away ("Move any remaining Characters 1
    Location", Basic Terms) on the cell: it is no step away, they may not stop there, or
    there is no room for them."""
    if distance(here, cell) != 1:
        return Refusal(f"a group that Runs Away moves 1 Location: {cell} is not next to "
                       f"{here}", FAR)
    return why_not_stop(st, seat, runners, cell) or no_room(st, seat, runners, cell)


def no_room(st: GameState, seat: int, chars: Sequence[Unit], cell: Cell) -> Refusal:
    """Which of has_room's two limits keeps the group off the cell, in words: the one it
    meets (naming both read as if either might)."""
    there = len(st.chars_at(seat, cell))
    if there + len(chars) > MAX_GROUP:
        return Refusal(f"too many Characters at {cell}: at most {MAX_GROUP} in a group, and "
                       f"{there} of yours stand there already (Basic Terms, Group)",
                       GROUP_FULL)
    return Refusal(f"too many of your Characters: at most {MAX_ON_FIELD} on the Field, and a "
                   "group leaving your Haven adds to them (Rules for Characters)", FIELD_FULL)


def has_room(st: GameState, seat: int, chars: Sequence[Unit], cell: Cell) -> bool:
    """A group may stop on a Location only within "a limit of 4 Characters per group"
    (Basic Terms, Group) and "no more than 6 on the Field" (Rules for Characters): a
    group coming from a Haven adds to the Field. A Haven holds any number."""
    places = st.places
    if places[cell].kind == "haven":
        return True
    if len(st.chars_at(seat, cell)) + len(chars) > MAX_GROUP:
        return False
    start = places.get(chars[0].pos) if chars else None
    if start is None or start.kind != "haven":
        return True
    on_field = sum(1 for u in st.characters_by_card(seat)
                   if (p := places.get(u.pos)) is not None and p.kind != "haven")
    return on_field + len(chars) <= MAX_ON_FIELD


def permitted(st: GameState, seat: int, cell: Cell) -> bool:
    """The Haven's owner said yes to `seat` in its current Turn (R36)."""
    return st.haven_asks.get((seat, cell)) == (st.seats[seat].turns, True)


def sieging(place: Place, seat: int) -> int | None:
    """The Damage the seat's attack on a Location with Defense has dealt it so far; None
    when it has no attack under way there. Each player's attack is its own (R51):
    another's neither adds to it nor starts it over."""
    return next((damage for s, damage in place.siege if s == seat), None)


def besiege(st: GameState, cell: Cell, seat: int, damage: int) -> None:
    """The seat's attack on the Location at `cell` has dealt `damage` so far."""
    kept = tuple(x for x in st.places[cell].siege if x[0] != seat)
    st.change_place(cell, siege=tuple(sorted(kept + ((seat, damage),))))


def lift_siege(st: GameState, cell: Cell, seat: int) -> None:
    """The seat's attack on the Location starts over (Rules for Locations: "If you
    attack another target or leave the Location you must start over")."""
    place = st.places[cell]
    if sieging(place, seat) is not None:
        st.change_place(cell, siege=tuple(x for x in place.siege if x[0] != seat))


def scavenging_ends(st: GameState, sc, ev: list[Event]) -> None:
    """A Scavenging (`sc`, scavenging.py's decision: its seat and cell) is over, stopped
    or given up with the Turn. Scavenge Phase: "If you stop, you must 'leave' the
    Location ... and must meet the requirements again if you wish to re-enter": the
    seat's attack on it starts over (Rules for Locations)."""
    lift_siege(st, sc.cell, sc.seat)
    ev.append(ScavengingEnded(sc.seat, sc.cell, len(st.places[sc.cell].stack)))


def run_ends_turn(st: GameState, ev: list[Event]) -> None:
    """Running Away ends the runner's Turn (Basic Terms, Run Away: "This will end your
    Turn"), and with it the Scavenging it ran from, if any: said to end, as one stopped
    is (the log and the window had the next Turn's takes as its own)."""
    if st.scavenging is not None:
        scavenging_ends(st, st.scavenging, ev)
    st.turn_ends()


def left_cell(st: GameState, seat: int, cell: Cell) -> None:
    """Rules for Locations: a group that leaves a Location with Defense it was attacking
    must start over."""
    place = st.places.get(cell)
    if place and place.siege and sieging(place, seat) is not None \
            and not st.chars_at(seat, cell):
        lift_siege(st, cell, seat)


def attacked_elsewhere(st: GameState, seat: int, cell: Cell | None) -> None:
    """Attacking another target also starts a Location's attack over."""
    for c, place in list(st.places.items()):
        if place.siege and c != cell and sieging(place, seat) is not None:
            lift_siege(st, c, seat)
