"""Golden replays (tests/replays.py): games recorded as seed + actions reach, on
today's engine, the final state they reached when they were recorded."""
from __future__ import annotations

import json

import pytest

from replays import GAMES, final_state, path_of, replay


@pytest.mark.parametrize("level,seats,seed", GAMES, ids=[g[0] for g in GAMES])
def test_a_recorded_game_replays_to_the_same_final_state(level, seats, seed):
    rec = json.loads(path_of(level, seed).read_text(encoding="utf-8"))
    assert final_state(replay(rec)) == rec["final"]
