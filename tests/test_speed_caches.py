"""The engine's speed caches agree with working everything out again (issue 16).

Each cache the hot paths keep (view parts, the Field's passability, reach maps,
totals) is checked on states of seeded random games against the same answer
computed with the cache emptied or bypassed: a cache may make the engine faster,
never different.
"""
from __future__ import annotations

import random
from collections import deque

import pytest

from game.engine import apply_unchecked, legal_actions, movement, view
from game.cli import load_games
from game.engine.abilities import reading, scratch, static_for, total
from game.engine.actions import Move
from game.engine.field import neighbours
from game.engine.state import MOVE
from game.engine.terrain import can_pass, can_stop, group_symbols
from conftest import ROOT
from scene import Scene


def random_states(game, seed: int, every: int = 3, limit: int = 900):
    """States of a seeded random game, every `every` actions."""
    st = game.new_state(seed)
    rng = random.Random(seed)
    while st.result is None and st.actions < limit:
        if st.actions % every == 0:
            yield st
        legal = legal_actions(st)
        apply_unchecked(st, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("seats", [2, 4])
def test_a_view_built_from_remembered_parts_equals_one_built_afresh_r16(games, seats):
    """R16, views: the view parts remembered from earlier views (seats, places, units)
    give the very view a seat gets when nothing is remembered; and a view, once
    given, does not change as the game goes on."""
    game = games[seats]
    kept = []
    for st in random_states(game, seed=seats, every=5):
        for seat in range(seats):
            cached = view(st, seat)
            st.game.memo.clear()
            assert view(st, seat) == cached
            view(st, seat)  # remember this state's parts for the next one
        kept.append((cached, repr(cached)))
    assert len(kept) > 50
    assert all(repr(v) == text for v, text in kept)


def reference_reach(st, seat, chars) -> dict:
    """R4, worked out the plain way: breadth first from the group's cell, one cell a
    step, as far as the group's lowest Movement left (its allied Disasters' too, when
    the whole group goes), over cells every Character may pass; then the cells it may
    stop on."""
    escort = (st.allied_at(seat, chars[0].pos)
              if len(chars) == len(st.chars_at(seat, chars[0].pos)) else [])
    budget = min(total(st, u, "movement") - u.moved for u in chars + escort)
    symbols = group_symbols(st, chars)
    dist = {chars[0].pos: 0}
    todo = deque([chars[0].pos])
    while todo:
        cell = todo.popleft()
        if dist[cell] >= budget:  # never past the Movement left, none if below zero
            continue
        for n in neighbours(cell):
            if n not in dist and can_pass(st, symbols, n):
                dist[n] = dist[cell] + 1
                todo.append(n)
    return {c: d for c, d in dist.items() if d > 0 and can_stop(st, seat, symbols, c)}


def reference_moves(st) -> list:
    """The Move phase's moves, each group's reach worked out on its own (Basic Terms,
    Group: at most 4 together; Rules for Characters: at most 6 on the Field)."""
    seat = st.turn_seat
    on_field = sum(not st.in_haven(u) for u in st.characters(seat))
    out = []
    for chars in movement._movers(st, seat, False):
        for cell in sorted(reference_reach(st, seat, chars)):
            if st.places[cell].kind == "haven" or (
                    len(st.chars_at(seat, cell)) + len(chars) <= movement.MAX_GROUP
                    and on_field + sum(st.in_haven(u) for u in chars) <= movement.MAX_ON_FIELD):
                out.append(Move(tuple(u.card for u in chars), cell))
    return out


@pytest.mark.parametrize("seats", [2, 4])
def test_moves_from_shared_searches_equal_each_groups_own_search_r4(games, seats):
    """R4 and Basic Terms, Group: the moves listed with one search shared by the groups
    at a cell, over the Field's passable neighbours remembered by its Places, are the
    moves each group's own plain search gives; and so is each group's reach, with
    the remembered Fields forgotten or not."""
    game = games[seats]
    checked = 0
    for st in random_states(game, seed=10 + seats, every=1, limit=1500):
        if st.phase != MOVE or st.top is None or st.top.kind != "phase":
            continue
        with reading(st):
            assert movement.candidates(st) == reference_moves(st)
        for chars in movement._movers(st, st.turn_seat, False)[:6]:
            want = reference_reach(st, st.turn_seat, chars)
            assert list(movement.reachable(st, st.turn_seat, chars).items()) == list(want.items())
            st.game.memo.clear()
            assert list(movement.reachable(st, st.turn_seat, chars).items()) == list(want.items())
        checked += 1
    assert checked > 30


def test_a_move_costs_the_reach_its_listing_found_r4():
    """R4: a Move applied right after the listing costs the Movement that listing's
    search found for its group (carried from listing to applying), which is what the
    group's own plain search gives; a Move applied on a state listed before it has
    changed is searched again."""
    game = load_games(ROOT / "levels" / "standard_2p.yaml", 2)[0]
    checked = 0
    for st in random_states(game, seed=5, every=1, limit=1500):
        if st.phase != MOVE or st.top is None or st.top.kind != "phase":
            continue
        moves = [a for a in legal_actions(st) if isinstance(a, Move)]
        carried = scratch(st).reach[1]
        for m in moves:
            chars = [st.units[c] for c in m.chars]
            assert carried[m.chars][m.cell] == reference_reach(st, st.turn_seat, chars)[m.cell]
            checked += 1
    assert checked > 300
    sc = Scene(RUNNERS, seats=1)
    for x in range(4):
        sc.location((x, 0))
    sc.haven((-1, 0))
    runner = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    legal_actions(sc.st)  # listed with the runner at (0, 0)
    sc.do(Move((runner,), (1, 0)))
    assert sc.st.units[runner].moved == 1
    legal_actions(sc.st)  # from (1, 0), Movement 1 left
    sc.st.units[runner].pos = (0, 0)  # a scene written after its listing...
    sc.do(Move((runner,), (1, 0)))  # ...is listed again when the move is checked
    assert sc.st.units[runner].moved == 2


RUNNERS = """\
- {id: runner, name: Runner, type: character, gender: female,
   abilities: {attack: 1, defense: 1, movement: 2, charm: 1, energy: 1}}
- {id: orbit, name: Orbit, type: location, categories: [Planetary]}
"""


def test_shared_searches_keep_the_group_and_field_limits_basic_terms_group():
    """Basic Terms, Group and Rules for Characters, on a built Field where the limits
    bite: three Characters at one cell, three at the next, a Planetary Location none
    may pass. The shared-search listing gives each group's own moves."""
    sc = Scene(RUNNERS, seats=2)
    for x in range(-1, 3):
        sc.location((x, 0))
    sc.location((3, 0), "orbit")
    sc.location((4, 0))
    sc.haven((-2, 0))
    sc.haven((5, 0), seat=1)
    for cell in ((0, 0),) * 3 + ((1, 0),) * 3:
        sc.char("runner", cell)
    sc.turn(MOVE)
    with reading(sc.st):
        moves = movement.candidates(sc.st)
        assert moves == reference_moves(sc.st)
    assert any(len(m.chars) == 1 and m.cell == (1, 0) for m in moves)  # joins two: four
    assert not any(len(m.chars) == 2 and m.cell == (1, 0) for m in moves)  # five
    assert not any(m.cell[0] >= 3 for m in moves)  # Planetary: nobody passes


ABILITIES = ("attack", "defense", "movement", "charm", "energy")


@pytest.mark.parametrize("level", ["standard_2p", "four_players", "mirror"])
def test_totals_with_remembered_place_sources_equal_totals_worked_afresh_r19(level):
    """R19 and guideline 4.9, totals: with the Locations' and Havens' static effects
    remembered by their Places, and inside a reading (static sources filed by whom
    they may reach, the Equipment in use and the upkeep worked out once), every unit's
    totals and skills are those worked out with nothing remembered."""
    seats = 4 if level == "four_players" else 2
    game = load_games(ROOT / "levels" / f"{level}.yaml", seats)[0]
    assert game.has_static
    compared = 0
    for st in random_states(game, seed=3, every=7, limit=1200):
        with reading(st):
            seen = {(u.card, a): total(st, u, a) for u in st.units.values() for a in ABILITIES}
            skills = {u.card: static_for(st, u) for u in st.units.values()}
        st.game.memo.clear()
        assert seen == {(u.card, a): total(st, u, a) for u in st.units.values() for a in ABILITIES}
        assert skills == {u.card: static_for(st, u) for u in st.units.values()}
        compared += len(seen)
    assert compared > 500
