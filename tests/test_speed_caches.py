"""The engine's speed caches agree with working everything out again (issue 16).

Each cache the hot paths keep (view parts, the Field's passability, reach maps,
totals) is checked on states of seeded random games against the same answer
computed with the cache emptied or bypassed: a cache may make the engine faster,
never different.
"""
from __future__ import annotations

import random

import pytest

from game.engine import apply_unchecked, legal_actions, view
from game.engine.view import _PARTS


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
            _PARTS.clear()
            assert view(st, seat) == cached
            view(st, seat)  # remember this state's parts for the next one
        kept.append((cached, repr(cached)))
    assert len(kept) > 50
    assert all(repr(v) == text for v, text in kept)
