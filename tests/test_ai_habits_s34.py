"""Sensible play (issue 16) on scenes the habit tests had not built: other Field
shapes, a group at the Field's edge, three and four seats, the quick demo's and the
standard level's own cards, Equipment, a Disaster in the way, a Flash Effect in hand,
and a walk with a reason. The habits are those of tests/test_ai_habits.py; placement
is read on whole setups, as tests/test_placement.py reads it."""
from __future__ import annotations

import random

import pytest
from scene import Scene
from test_ai_habits import CARDS, LEVELS, decide, deck_lists

from game.ai.board import outmatched
from game.engine import legal_actions
from game.engine.actions import Move
from game.engine.state import MOVE

DECIDING = ["easy", "normal", "hard"]


def field(sc: Scene, cells, havens) -> Scene:
    """Plain Locations at `cells`, seat n's Haven at havens[n], blank Combat piles; a
    Vault's three Idols nobody here may Scavenge (three males) at the first cell, so
    that one Idol does not end the game."""
    for cell in cells:
        sc.location(cell)
    sc.location(cells[0], "vault", under=["idol"] * 3)
    for seat, cell in enumerate(havens):
        sc.haven(cell, seat=seat)
        sc.combat_pile(seat, *["blank"] * 30)
    return sc


COLUMN = [(0, y) for y in range(7)], [(1, 1), (1, 5)]  # one column, Havens to its right
ELL = ([(x, 0) for x in range(5)] + [(0, y) for y in range(1, 5)],  # an L, three Havens
       [(1, 1), (4, 1), (1, 4)])
SQUARE4 = [(x, y) for x in range(4) for y in range(4)], [(-1, 1), (4, 2), (2, -1), (1, 4)]
SHAPES = {"column": COLUMN, "ell": ELL, "square of four seats": SQUARE4}
# Per shape: seat 0's lone walker's cell, the Item's cell 1 and 2 cells off (the
# stronger group's), and a cell of the Field's edge for each of the other seats.
WALKS = {"column": ((0, 3), {1: (0, 4), 2: (0, 5)}, [(0, 6)]),
         "ell": ((0, 2), {1: (0, 1), 2: (0, 0)}, [(4, 0), (0, 4)]),
         "square of four seats": ((1, 1), {1: (0, 1), 2: (0, 0)},
                                  [(3, 3), (3, 0), (0, 3)])}


def _walk_into(shape: str, seats: int, away: int, holders, mover: str = "knight",
               foe: int | None = None, equipment=()) -> tuple[Scene, tuple, int]:
    """Seat 0's lone `mover` and an Idol under the cell `away` cells from it, where the
    `foe` seat's (the last seat's) `holders` stand, the first with `equipment`; every
    other seat has a Scout on a cell of the Field's edge. Seat 0's Move phase."""
    cells, havens = SHAPES[shape]
    start, items, corners = WALKS[shape]
    foe = seats - 1 if foe is None else foe
    sc = field(Scene(CARDS, seats=seats), cells, havens[:seats])
    target = items[away]
    sc.location(target, under=["idol"])
    walker = sc.char(mover, start)
    for i, card in enumerate(holders):
        sc.char(card, target, seat=foe, equipment=list(equipment) if i == 0 else [])
    for seat in range(1, seats):
        if seat != foe:
            sc.char("scout", corners[seat - 1], seat=seat)
    return deck_lists(sc).turn(MOVE), target, walker


GROUPS = {  # the group at the Item, the walker, and whether it outmatches the walker
    # Two Brutes (6/4) Bonk a Knight (5/4) in a round; it hurts them 1.
    "two brutes": (["brute", "brute"], "knight", True),
    # A Scout (3/2) whom a Knight Bonks in a round: the control, it walks in.
    "a scout": (["scout"], "knight", False),
}


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("shape,seats", [("column", 2), ("ell", 3), ("square of four seats", 4)])
@pytest.mark.parametrize("away", [1, 2])
@pytest.mark.parametrize("group", GROUPS)
def test_no_lone_walk_into_a_stronger_group_on_other_fields_and_seats_r33(
        level, shape, seats, away, group):
    """Combat between players (R33): another seat's group that Bonks a lone Character in
    a round and takes its Item is no place to walk to, whether it stands next to the
    walker or two cells off, in a column, on the corner of an L with three seats, or on
    a square Field's corner with four; a Scout there, whom the Knight beats, is."""
    holders, mover, stronger = GROUPS[group]
    for seed in range(2):
        sc, target, walker = _walk_into(shape, seats, away, holders, mover)
        st = sc.st
        foes = [u for u in st.units.values() if u.pos == target]
        assert outmatched(st, [st.units[walker]], foes) == stronger
        assert any(isinstance(a, Move) and a.cell == target for a in legal_actions(st))
        a = decide(level, st, seed)
        walks = isinstance(a, Move) and a.cell == target
        assert walks != stronger, (seed, a)


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("shape,seats,foe", [("ell", 3, 1), ("square of four seats", 4, 2)])
def test_no_lone_walk_into_a_pair_one_of_whose_equipment_turns_it_rules_for_equipment(
        level, shape, seats, foe):
    """Equipment is put to use once a Turn, in Combat too (Rules for Equipment): two
    Scouts (3/2) of another seat, one carrying a Blade (+3 Attack) it has not used,
    team 9 against a Knight's Defense 4 and Bonk it in the first round, as it Bonks one
    of them. Bare, the pair gets 6 through, 2 a round, and loses both: it walks in."""
    for blade in (True, False):
        for seed in range(2):
            sc, target, _ = _walk_into(shape, seats, 2, ["scout", "scout"], foe=foe,
                                       equipment=["blade"] if blade else [])
            a = decide(level, sc.st, seed)
            walks = isinstance(a, Move) and a.cell == target
            assert walks != blade, (blade, seed, a)


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("seats", [2, 3])
def test_no_lone_walk_past_a_disaster_into_a_stronger_group_r33(level, seats):
    """A column: a lone Knight at (0, 3), an Ogre (6/5, which the Knight's 5 does not
    hurt) in the way at (0, 4), and an Idol beyond it at (0, 5) where two Brutes of the
    last seat stand: no walk there. With the Brutes gone home the Idol is worth the walk
    past the Ogre (a Disaster attacks a group that stops with Items, R23; passing is no
    stop)."""
    for brutes in (True, False):
        for seed in range(2):
            cells, havens = COLUMN[0], COLUMN[1] + [(-1, 3)]
            sc = field(Scene(CARDS, seats=seats), cells, havens[:seats])
            sc.location((0, 5), under=["idol"])
            sc.disaster("ogre", (0, 4), seat=seats - 1)
            sc.char("knight", (0, 3))
            for _ in range(2):
                sc.char("brute", (0, 5) if brutes else havens[seats - 1], seat=seats - 1)
            a = decide(level, deck_lists(sc).turn(MOVE).st, seed)
            assert (isinstance(a, Move) and a.cell == (0, 5)) != brutes, (brutes, seed, a)
