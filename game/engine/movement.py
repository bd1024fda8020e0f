"""The Move phase: Characters move up to their Movement, alone or as a group
(rulebook, Move Phase; Basic Terms, Group and Movement; R4)."""
from __future__ import annotations

from collections import deque
from itertools import combinations

from . import combat, locations
from .abilities import has_flag, health, total
from .actions import Action, Move
from .defeat import defeat_character
from .disasters import attack_order
from .events import DisasterMoved, Event, Moved
from .field import neighbours
from .state import MOVE, GameState, Unit
from .terrain import can_pass, can_stop, group_symbols, left

MAX_GROUP = 4  # Basic Terms, Group
MAX_ON_FIELD = 6  # Rules for Characters


def reachable(st: GameState, seat: int, chars: list[Unit], budget: int | None = None) -> dict:
    """Cells the Characters can land on together, with the Movement it costs (R4), within
    the Movement they have left (or `budget`)."""
    if budget is None:
        budget = min(total(st, u, "movement") - u.moved
                     for u in chars + _escort(st, seat, chars))
    start = chars[0].pos
    symbols = group_symbols(st, chars)
    dist = {start: 0}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        if dist[cell] == budget:
            continue
        for n in neighbours(cell):
            if n not in dist and can_pass(st, symbols, n):
                dist[n] = dist[cell] + 1
                todo.append(n)
    return {c: d for c, d in dist.items() if d > 0 and can_stop(st, seat, symbols, c)}


def _escort(st: GameState, seat: int, chars: list[Unit]) -> list[Unit]:
    """Disasters allied with the group that go where the whole group goes (Allying with
    Characters: the group's Movement may be lowered by the allying Disaster)."""
    cell = chars[0].pos
    if len(chars) < len(st.chars_at(seat, cell)):
        return []  # part of the group moves; the Disaster stays with the rest
    return st.allied_at(seat, cell)


def _fits(st: GameState, seat: int, chars: list[Unit], cell, on_field: int) -> bool:
    """At most 4 in a group on a Location; at most 6 Characters on the Field."""
    if st.places[cell].kind == "haven":
        return True
    if len(st.chars_at(seat, cell)) + len(chars) > MAX_GROUP:
        return False
    return on_field + sum(st.in_haven(u) for u in chars) <= MAX_ON_FIELD


def _on_field(st: GameState, seat: int) -> int:
    return sum(not st.in_haven(u) for u in st.characters(seat))


def _movers(st: GameState, seat: int, whole: bool) -> list[list[Unit]]:
    """Every set of up to 4 Characters standing together: any of them may travel as a
    group; with `whole`, only every Character at a cell together."""
    by_cell: dict = {}
    for u in sorted(st.characters(seat), key=lambda u: u.card):
        by_cell.setdefault(u.pos, []).append(u)
    out = []
    for cell in sorted(by_cell):
        free = [u for u in by_cell[cell]  # Hold, No Action
                if not (has_flag(st, u, "hold") or has_flag(st, u, "no_action"))]
        if whole:
            out += [free] if len(free) == len(by_cell[cell]) <= MAX_GROUP else []
        else:
            out += [list(group) for n in range(1, min(MAX_GROUP, len(free)) + 1)
                    for group in combinations(free, n)]
    return out


def candidates(st: GameState, whole_groups: bool = False) -> list[Action]:
    """The moves; with `whole_groups`, only those of every Character at a cell."""
    seat = st.turn_seat
    on_field = _on_field(st, seat)
    acts: list[Action] = []
    for chars in _movers(st, seat, whole_groups):
        ids = tuple(u.card for u in chars)
        for cell in sorted(reachable(st, seat, chars)):
            if _fits(st, seat, chars, cell, on_field):
                acts.append(Move(ids, cell))
    return acts


def explain_move(st: GameState, a: Move) -> str:
    if st.phase != MOVE:
        return "Characters move in the Move phase"
    chars = [st.units.get(c) for c in a.chars]
    if any(u is None or u.disaster or u.owner != st.turn_seat for u in chars):
        return "you can move only your own Characters on the Field"
    if len({u.pos for u in chars}) != 1:
        return "Characters that move together must stand together"
    if a.cell not in reachable(st, st.turn_seat, chars):
        return f"{a.cell} is out of reach (Movement, Planetary, Dimensional, Destroyed, Havens)"
    return f"too many Characters at {a.cell}: at most {MAX_GROUP} in a group, {MAX_ON_FIELD} on the Field"


def move(st: GameState, a: Move, ev: list[Event]) -> None:
    seat = st.turn_seat
    chars = [st.units[c] for c in a.chars]
    start = chars[0].pos
    cost = reachable(st, seat, chars)[a.cell]
    escort = _escort(st, seat, chars)
    for u in chars + escort:
        u.pos = a.cell
        u.moved += cost
    for d in escort:
        ev.append(DisasterMoved(d.card, start, a.cell))
    ev.append(Moved(seat, a.chars, start, a.cell, cost))
    left(st, seat, start)
    land(st, seat, a.cell, ev)


def land(st: GameState, seat: int, cell, ev: list[Event]) -> None:
    """A Location with Attack strikes a group lacking its requirements, once per Turn;
    Combat Disasters there attack a group carrying Items."""
    place = st.places[cell]
    if place.kind != "location":
        return
    group = st.chars_at(seat, cell)
    if cell not in st.location_struck and locations.attack_on(st, cell, group):
        st.location_struck.add(cell)
        for u in sorted(group, key=lambda u: u.card):
            kills = locations.strike(st, cell, u, ev)
            if health(st, u) <= 0:
                defeat_character(st, u, kills, None, ev)
            else:
                u.damage = 0  # like a Combat round, the Damage heals at once (R24)
        group = st.chars_at(seat, cell)
    if group and any(u.items for u in group):
        order = [d.card for d in attack_order(st, cell, seat)]
        if order:
            combat.start(st, seat, cell, order, "move", ev)

