"""The rule player's targets (game/ai/policy.py, Scorer.spots and _best_target): a place
value reads the best target from a cell by bounds, and must find what reading every
one finds."""
from __future__ import annotations

import random

import pytest

from game.ai.policy import Scorer
from game.cli import load_games
from game.engine import apply_unchecked, legal_actions
from game.engine.field import distance
from game.engine.memo import reading
from game.engine.state import MOVE

from conftest import ROOT  # noqa: E402  (tests/ is on sys.path)


def _move_phases(level: str, seeds: range, every: int = 3):
    """States of random games in the Move phase, every few of them."""
    game = load_games(str(ROOT / "levels" / level), 2)[0]
    for seed in seeds:
        st, rng, seen = game.new_state(seed), random.Random(seed), 0
        while st.result is None:
            if st.phase == MOVE and st.top is st.pending[0]:
                seen += 1
                if seen % every == 0:
                    yield st
            legal = legal_actions(st)
            apply_unchecked(st, legal[rng.randrange(len(legal))])


def _every_reading(sc: Scorer, cell, group) -> float:
    """The best target as the rule player read it before bounds: every target's worth."""
    worths = [(sc._worth(group, s), s[0]) for s in sc.spots()]
    return max((w - 1.5 * distance(cell, t) for w, t in worths if w is not None),
               default=0.0)


@pytest.mark.parametrize("level", ["mirror.yaml", "quick_demo.yaml", "standard_2p.yaml"])
def test_the_best_target_read_by_bounds_is_the_best_of_all(level):
    """Each target's worth is at most the bound it is read in order of (its Items,
    before danger and siege), and the best read by bounds equals the best of every
    target's worth less its walk, from every cell, for every group of the seat."""
    checked = 0
    for st in _move_phases(level, range(3)):
        seat = st.current_seat()
        groups = {}
        for u in st.characters_by_card(seat):
            groups.setdefault(u.pos, []).append(u)
        for there in (True, False):
            bounded, every = Scorer(st, there), Scorer(st, there)
            with reading(st):
                for at in groups.values():
                    for group in [at] + ([[u] for u in at] if len(at) > 1 else []):
                        for spot in every.spots():
                            worth = every._worth(group, spot)
                            assert worth is None or worth <= spot[1]
                        for cell in st.places:
                            assert bounded._best_target(cell, group) == \
                                _every_reading(every, cell, group)
                            checked += 1
    assert checked > 200
