"""The Move phase: Characters move up to their Movement, alone or as a group
(rulebook, Move Phase; Basic Terms, Group and Movement; R4)."""
from __future__ import annotations

from collections.abc import Collection
from itertools import combinations

from . import combat, locations
from .abilities import total
from .actions import Action, Move
from .events import DisasterMoved, Event, Moved
from .field import neighbours
from .lasting import stays_put
from .memo import field_memo, reading, scratch, unseen_memo
from .state import MOVE, GameState, Unit
from .terrain import MAX_GROUP, MAX_ON_FIELD, SYMBOLS, can_pass, group_symbols, lack, \
    left_cell, no_room, permitted, unit_symbols, why_not_stop


def reachable(st: GameState, seat: int, chars: list[Unit], budget: int | None = None) -> dict:
    """Cells the Characters can land on together, with the Movement it costs (R4), within
    the Movement they have left (or `budget`)."""
    if budget is None:
        budget = min([total(st, u, "movement") - u.moved for u in chars]
                     + [escort_left(st, d) for d in _escort(st, seat, chars)])
    # A fresh dict: the search's own is shared.
    return dict(_search(st, seat, chars[0].pos, budget, group_symbols(st, chars)))


def _search(st: GameState, seat: int, start, budget: int,
            symbols: frozenset[str]) -> dict:
    """Breadth first from `start`, `budget` steps at most, over the cells the symbols may
    pass: the cells the group may stop on with their costs, shared: never changed by its
    users. The cells found and their costs depend only on the Field's Places (what
    _field_ways is kept by), so they are kept with its entry; which other players'
    Havens in reach the group may stop on is asked each time (permission), and each
    answer has its own reach."""
    if budget <= 0:  # no Movement left (a card may have taken more than was left)
        return {}
    ways, stops, asks, searched = _field_ways(st, seat, symbols)
    found = searched.get((start, budget))
    if found is None:
        dist = {start: 0}
        frontier = [start]
        steps = 0
        while frontier and steps != budget:
            steps += 1
            ahead = []
            for cell in frontier:
                nexts = ways.get(cell)
                if nexts is None:  # a cell off the Field (never passable itself)
                    nexts = [n for n in neighbours(cell) if can_pass(st, symbols, n)]
                for n in nexts:
                    if n not in dist:
                        dist[n] = steps
                        ahead.append(n)
            frontier = ahead
        # Each cell it may stop on with its cost, in the order found; and the other
        # players' Havens among them (stopped on only with permission).
        kept = {c: d for c, d in dist.items() if d > 0 and (c in stops or c in asks)}
        found = searched[start, budget] = (kept, [c for c in kept if c in asks], {})
    kept, asking, answers = found
    allowed = tuple([c for c in asking if permitted(st, seat, c)]) if asking else ()
    reach = answers.get(allowed)
    if reach is None:
        reach = answers[allowed] = {c: d for c, d in kept.items()
                                    if c in stops or c in allowed} if asking else kept
    return reach


# The Field's passable neighbours, by the Places they were worked out from: a Place
# is frozen and a change replaces it, so the same Places at the same cells pass the
# same way; and a Place whose stack or siege changed (a new one) passes as before,
# for can_pass and can_stop read only what a Place is, where, whose, and whether
# Destroyed. Kept with what the Places are (field_memo), shared by every state of
# the game.
def _field_ways(st: GameState, seat: int, symbols: frozenset[str]) -> tuple[dict, frozenset,
                                                                            frozenset, dict]:
    """For each cell of the Field, its neighbours a group with `symbols` may pass
    (can_pass), in neighbours' order; the cells it may stop on (can_stop), and the
    other players' Havens it may stop on with permission; and the searches made over
    them (_search), by start and budget."""
    shapes = field_memo(st)
    found = shapes.get((seat, symbols))
    if found is None:
        places = st.places
        ways = {cell: [n for n in neighbours(cell) if can_pass(st, symbols, n)] for cell in places}
        passed = [(c, p) for c, p in places.items() if can_pass(st, symbols, c)]
        stops = frozenset(c for c, p in passed if (p.owner == seat if p.kind == "haven"
                                                   else not p.destroyed))
        asks = frozenset(c for c, p in passed if p.kind == "haven" and p.owner != seat)
        found = shapes[seat, symbols] = (ways, stops, asks, {})
    return found


def _escort(st: GameState, seat: int, chars: list[Unit]) -> list[Unit]:
    """Disasters allied with the group that go where the whole group goes (Allying with
    Characters: the group's Movement may be lowered by the allying Disaster)."""
    cell = chars[0].pos
    allied = st.allied_at(seat, cell)  # first: most groups have no ally, then that is all
    if allied and len(chars) < len(st.chars_at(seat, cell)):
        return []  # part of the group moves; the Disaster stays with the rest
    return allied


def escort_left(st: GameState, d: Unit) -> int:
    """The Movement an allied Disaster leaves its whole group's move: its own left, none
    while it cannot leave its Location (Hold, No Action; R131)."""
    return 0 if stays_put(st, d) else total(st, d, "movement") - d.moved


def _by_cell(st: GameState, seat: int) -> dict:
    """The seat's Characters on the Field, listed by the cell they stand at."""
    by_cell: dict = {}
    for u in st.characters_by_card(seat):
        at = by_cell.get(u.pos)
        if at is None:
            by_cell[u.pos] = [u]
        else:
            at.append(u)
    return by_cell


def _movers(by_cell: dict, whole: bool, going: Collection[int]) -> list[list[Unit]]:
    """Every set of up to 4 Characters standing together (`by_cell`, _by_cell) that may
    travel as a group: of those `going` (by card id); with `whole`, only every
    Character at a cell together, or any four of more in a Haven ("a limit of 4
    Characters per group", Basic Terms, Group: five there moved nobody)."""
    out = []
    for cell in sorted(by_cell):
        at = by_cell[cell]
        if len(at) == 1:  # most cells: a lone Character, its only group if it may go
            if at[0].card in going:
                out.append([at[0]])
            continue
        free = [u for u in at if u.card in going]
        if whole:
            if len(at) > MAX_GROUP:
                out += [list(group) for group in combinations(free, MAX_GROUP)]
            elif len(free) == len(at):
                out.append(free)
        elif len(free) == 1:  # most cells: a lone Character, its only group
            out.append(free)
        else:
            out += [list(group) for n in range(1, min(MAX_GROUP, len(free)) + 1)
                    for group in combinations(free, n)]
    return out


def free_movers(st: GameState, seat: int) -> list[tuple[Unit, int]]:
    """The seat's Characters free to move, by card id, each with its Movement left (none,
    or less, after a card took more): read once while a reading is open (the Move
    listing's moves and its questions at Havens both ask)."""
    r = st.scratch
    memo = r.memo if r is not None else None
    out = memo.get(("movers", seat)) if memo is not None else None
    if out is None:
        out = [(u, total(st, u, "movement") - u.moved) for u in st.characters_by_card(seat)
               if not stays_put(st, u)]
        if memo is not None:
            memo["movers", seat] = out
    return out


def candidates(st: GameState, whole_groups: bool = False) -> list[Action]:
    """The moves; with `whole_groups`, only those of every Character at a cell (of any
    four where more stand in a Haven).

    The state stands still while they are listed: each Character's Movement left and
    symbols are read once, and only groups of Characters free to move with Movement
    left are looked at (no other reaches a cell). Each group's reach and moves are kept
    with what the Places are (_kept_moves) by all else that decides them; a group not
    found there is searched, and groups that start from one cell with the same budget
    and symbols share one search (a group of four splits fifteen ways)."""
    seat = st.turn_seat
    movement_left: dict = {}  # the Movement left of those free to move with some left...
    symbols: dict = {}  # ...and their symbols: the ones going
    for u, n in free_movers(st, seat):
        if n > 0:
            movement_left[u.card] = n
            symbols[u.card] = unit_symbols(st, u)
    reaches: dict = {}  # each group's reach, kept for the move applied next
    scratch(st).reach = (_listed_at(st), reaches)
    if not movement_left:  # nobody can go anywhere (a listing in six)
        return []
    places = st.places
    by_cell = _by_cell(st, seat)
    # The cells of Havens where it has Characters, its Characters on the Field (in no
    # Haven: Rules for Characters) and the most standing together, in one pass.
    sheltered = set()
    on_field = most = 0
    for cell, at in by_cell.items():
        place = places.get(cell)
        if place is not None and place.kind == "haven":
            sheltered.add(cell)
        else:
            on_field += len(at)
        most = max(most, len(at))
    # The Movement left to Disasters allied with a whole group, by cell.
    escorts: dict = {}
    acts: list[Action] = []
    made = _made_moves(st)
    kept = _kept_moves(st)
    granted = _granted(st, seat)
    for chars in _movers(by_cell, whole_groups, symbols):
        n = len(chars)
        start = chars[0].pos
        if n == 1:
            ids = (chars[0].card,)
            budget = movement_left[ids[0]]
            syms = symbols[ids[0]]
        else:
            ids = tuple([u.card for u in chars])
            budget = min([movement_left[c] for c in ids])
            syms = frozenset.intersection(*[symbols[c] for c in ids])
        if n == len(by_cell[start]):
            escort = escorts.get(start)
            if escort is None:
                escort = escorts[start] = [escort_left(st, d)
                                           for d in st.allied_at(seat, start)]
            if escort:
                budget = min([budget] + escort)
        # At most 6 Characters on the Field (a group leaving a Haven adds to them), at
        # most 4 in a group on a Location: the Locations its size would crowd.
        field_ok = on_field + (n if start in sheltered else 0) <= MAX_ON_FIELD
        crowded = () if most + n <= MAX_GROUP else tuple([
            c for c, at in by_cell.items() if len(at) + n > MAX_GROUP
            and places[c].kind != "haven"])
        key = (seat, ids, start, budget, syms, field_ok, crowded, granted)
        found = kept.get(key)
        if found is None:
            reach = _search(st, seat, start, budget, syms)
            found = kept[key] = (reach, [
                made.get((ids, cell)) or made.setdefault((ids, cell), Move(ids, cell))
                for cell in sorted(reach) if places[cell].kind == "haven"
                or (field_ok and cell not in crowded)])
        reach, moves = found
        reaches[ids] = reach
        acts += moves
    return acts


def _listed_at(st: GameState, applying: bool = False) -> tuple:
    """What a listing is made at: the engine changes the state only in applying an
    action (counted before it is applied) and proceeding after it."""
    return st.actions - applying, id(st.pending[-1]) if st.pending else None


def _made_moves(st: GameState) -> dict:
    """The Move actions listed before in this game, by what they are: an action is a
    frozen value, and a listing makes many (making one costs more than finding it)."""
    made = unseen_memo(st.game).get("moves")  # which moves were listed tells a reach
    if made is None or len(made) > 20_000:
        made = unseen_memo(st.game)["moves"] = {}
    return made


def _kept_moves(st: GameState) -> dict:
    """Each group's reach and moves, kept with what the Places are (field_memo: what its
    search reads) by all else that decides them: the group, its cell, Movement and
    symbols, room on the Field, the Locations its size would crowd, and the Havens it
    may stop on by leave (_granted). At most 4,096 a shape of the Places: then anew."""
    shapes = field_memo(st)
    kept = shapes.get("moves")
    if kept is None or len(kept) > 4096:
        kept = shapes["moves"] = {}
    return kept


def _granted(st: GameState, seat: int) -> tuple:
    """The other players' Havens whose owners said yes to `seat` in its current Turn
    (permitted, R36), by cell: most listings, none."""
    now = (st.seats[seat].turns, True)
    return tuple(sorted([c for (asker, c), answer in st.haven_asks.items()
                         if asker == seat and answer == now]))


def explain_move(st: GameState, a: Move) -> str:
    if st.phase != MOVE:
        return "Characters move in the Move phase"
    chars = [st.units.get(c) for c in a.chars]
    if any(u is None or u.disaster or u.owner != st.turn_seat for u in chars):
        return "you can move only your own Characters on the Field"
    if len({u.pos for u in chars}) != 1:
        return "Characters that move together must stand together"
    stuck = [u.card for u in chars if stays_put(st, u)]
    if stuck:
        return (f"c{stuck[0]} cannot move this Turn (Held, No Action, or it transformed: "
                "Rules for Transforming Characters)")
    if a.cell not in reachable(st, st.turn_seat, chars):
        return _out_of_reach(st, st.turn_seat, chars, a.cell)
    return no_room(st, st.turn_seat, chars, a.cell)


def _out_of_reach(st: GameState, seat: int, chars: list[Unit], cell) -> str:
    """Why a cell is not among the group's reachable ones, by the first rule that keeps
    it out: the cell itself (a symbol the group lacks, Destroyed, another player's
    Haven), then the way there against the Movement left."""
    stop = why_not_stop(st, seat, chars, cell)
    if stop is not None:
        return stop
    who = f"c{chars[0].card}" if len(chars) == 1 else "the group"
    symbols = group_symbols(st, chars)
    if cell == chars[0].pos:
        return f"{who} already stands at {cell}"
    ways = _search(st, seat, chars[0].pos, len(st.places), symbols)
    if cell not in ways:
        kinds = {t for p in st.places.values() if p.kind != "haven"
                 for t in SYMBOLS if t in st.game.card(p.card).categories} - symbols
        if not kinds:  # no symbol bars it: the Field's own gaps or Destroyed Locations
            return f"{cell} is out of reach: no way there that {who} may cross"
        return (f"{cell} is out of reach: every way there crosses a "
                f"{' or '.join(t for t in SYMBOLS if t in kinds)} Location; "
                + "; ".join(lack(st, chars, t) for t in SYMBOLS if t in kinds)
                + " to enter one")
    steps = ways[cell]
    away = f"{cell} is out of reach: {steps} Location{'s' if steps > 1 else ''} away"
    going = chars + _escort(st, seat, chars)
    slowest = min(going, key=lambda u: escort_left(st, u) if u.disaster
                  else total(st, u, "movement") - u.moved)
    if slowest.disaster and stays_put(st, slowest):  # Held or No Action (R131)
        return (f"{away}, and the allied c{slowest.card} cannot leave its Location this Turn "
                "(Held or No Action), so the whole group cannot go with it")
    movement_left = max(total(st, slowest, "movement") - slowest.moved, 0)
    if slowest.disaster:  # an allied Disaster goes where the whole group goes, at its pace
        return f"{away}, and the allied c{slowest.card} holds the group to {movement_left} Movement"
    return f"{away}, and {who} has {movement_left} Movement left this Turn (Movement)"


def move(st: GameState, a: Move, ev: list[Event]) -> None:
    seat = st.turn_seat
    chars = [st.units[c] for c in a.chars]
    start = chars[0].pos
    listed = scratch(st).reach
    with reading(st):  # the state stands still until the group sets off
        if listed is not None and listed[0] == _listed_at(st, True) and a.chars in listed[1]:
            cost = listed[1][a.chars][a.cell]  # listed from this very state
        else:
            cost = reachable(st, seat, chars)[a.cell]
        escort = _escort(st, seat, chars)
    for u in chars + escort:
        st.move_unit(u, a.cell)
        u.moved += cost
    for d in escort:
        ev.append(DisasterMoved(d.card, start, a.cell))
    ev.append(Moved(seat, a.chars, start, a.cell, cost))
    left_cell(st, seat, start)
    land(st, seat, a.cell, ev)


def land(st: GameState, seat: int, cell, ev: list[Event]) -> None:
    """A Location with Attack strikes a group lacking its requirements, once per Turn;
    Combat Disasters there attack a group carrying Items."""
    place = st.places[cell]
    if place.kind != "location":
        return
    locations.stopped(st, seat, cell, ev)
    combat.met_on_stop(st, seat, cell, ev)

