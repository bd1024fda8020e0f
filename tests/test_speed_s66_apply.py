"""Applying made cheaper (s66, issue 16) without changing what it finds: the
Disasters that move in a Maintenance phase, an alliance and where a group that Ran
Away may run to are each compared, after every action of seeded
random games of several levels, with the same answer walked out the plain way."""
from __future__ import annotations

import random

import pytest

from game.cli import load_games
from game.engine import apply_unchecked, legal_actions
from game.engine.actions import RunAway, RunTo
from game.engine.charm import Stage
from game.engine.combat import Combat
from game.engine.disasters import alliance, ally
from game.engine.duel import Duel
from game.engine.field import neighbours
from game.engine.lasting import has_any_flag, has_flag
from game.engine.events import DisasterMoved
from game.engine.maintenance import DisasterMoves, to_move
from game.engine.state import Lasting, by_card
from game.engine.terrain import can_stop, group_symbols, has_room
from conftest import ROOT
from scene import Scene

LEVELS = [("standard_2p", 2), ("mirror", 2), ("four_players", 4)]


def _to_move(st, seat):
    """Maintenance: every Disaster of `seat`'s, or leaving, able to move, by arrival."""
    cards = st.game.instances
    movers = [u for u in st.units.values() if u.disaster
              and (u.brought_by == seat or has_flag(st, u, "leaving"))
              and cards[u.card].is_combat_disaster
              and not (cards[u.card].moves_once and u.moved_once)
              and not has_any_flag(st, u, frozenset(("hold", "no_action")))]
    return [u.card for u in sorted(movers, key=lambda u: u.arrived)]


def _alliance(st, u):
    primary = st.units.get(u.leader, u) if u.leader >= 0 else u
    return [primary] + sorted((a for a in st.units.values()
                               if a.disaster and a.leader == primary.card), key=by_card)


def _run_to(st, seat, cell, runners):
    symbols = group_symbols(st, runners)
    return [RunTo(n) for n in neighbours(cell)
            if can_stop(st, seat, symbols, n) and has_room(st, seat, runners, n)]


@pytest.mark.parametrize("level,seats", LEVELS)
def test_applying_finds_what_the_plain_walks_find(level, seats):
    game = load_games(str(ROOT / "levels" / f"{level}.yaml"), seats)[0]
    seen = {"movers": 0, "run": 0, "stops to run": 0}
    for seed in (1, 2, 3):
        st = game.new_state(seed)
        rng = random.Random(seed)
        while st.result is None:
            for seat in range(len(st.seats)):
                assert to_move(st, seat) == _to_move(st, seat)
                seen["movers"] += bool(_to_move(st, seat))
            for u in st.units.values():
                if u.disaster:
                    assert alliance(st, u) == _alliance(st, u)
            top = st.top
            legal = legal_actions(st)
            if isinstance(top, (Combat, Duel)) and top.stage == Stage.RUN:
                seat, runners = (top.seat, st.chars_at(top.seat, top.cell)) \
                    if isinstance(top, Combat) else (top.runner, st.chars_at(top.runner, top.cell))
                plain = _run_to(st, seat, top.cell, sorted(runners, key=by_card))
                assert [a for a in legal if isinstance(a, RunTo)] == plain
                seen["run"] += 1
            a = legal[rng.randrange(len(legal))]
            apply_unchecked(st, a)
            if isinstance(a, RunAway) and isinstance(top, Combat) and top in st.pending:
                # Running Away from a Disaster, the survivors stop to choose where to
                # run only when they have somewhere to go (the other way round, and a
                # Run Away between players, test_rules_s34r2 and test_rules_duel show).
                assert top.stage == Stage.RUN
                assert _run_to(st, top.seat, top.cell, sorted(st.chars_at(top.seat, top.cell),
                                                             key=by_card))
                seen["stops to run"] += 1
    # Each way the answers may go was met: the comparisons are not idle. (Random seats
    # ally no Disasters: test_rules_allies's scenes show alliances.)
    assert all(seen.values()), seen


CARDS = """\
- {id: boss, name: Boss, type: disaster, class: major,
   abilities: {attack: 4, defense: 3, movement: 3}}
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 2, defense: 1, movement: 1}}
"""


def _maintenance(sc: Scene, seat: int) -> list:
    """seat's Maintenance phase: its Disasters' moves, run to the end."""
    ev: list = []
    moves = sc.st.push(DisasterMoves(to_move(sc.st, seat)))
    while moves in sc.st.pending:
        moves.advance(sc.st, ev)
    return ev


def test_allies_moved_in_the_maintenance_phase_move_once_as_a_group_ally_disasters():
    """Ally Disasters: "the two Disasters move as a group", at the slowest one's pace,
    once a Maintenance phase: the alliance DisasterMoves finds for the primary is the
    one it moves (and the follower has no move of its own)."""
    sc = Scene(CARDS)
    for x in range(5):
        sc.location((4 - x, 0))
    boss = sc.disaster("boss", sc.st.path[0])  # Movement 3
    lackey = sc.disaster("lackey", sc.st.path[0])  # Movement 1
    ally(sc.st, sc.unit(boss), sc.unit(lackey), [])
    ev = _maintenance(sc, 0)
    assert sc.unit(boss).pos == sc.unit(lackey).pos == sc.st.path[1]
    assert [e.card for e in ev if isinstance(e, DisasterMoved)] == [boss, lackey]


def test_a_disaster_leaving_on_the_next_turn_moves_once_charm_combat_with_disasters():
    """Charm Combat with Disasters: a Disaster that Charmed every Character it fought
    "will leave on the next Turn": it moves in the next player's Maintenance phase,
    though that player did not bring it, and its leaving is over once it has moved."""
    sc = Scene(CARDS, seats=2)
    for x in range(5):
        sc.location((4 - x, 0))
    boss = sc.disaster("boss", sc.st.path[0], seat=1)
    sc.st.add_lasting(Lasting(boss, boss, 1, flags=("leaving",), until="game"))
    assert to_move(sc.st, 0) == [boss]
    _maintenance(sc, 0)
    assert sc.unit(boss).pos == sc.st.path[3]
    assert not has_flag(sc.st, sc.unit(boss), "leaving") and to_move(sc.st, 0) == []
