"""The `random` level: uniform among the legal actions, for tests and baselines."""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Action, SeatView


class RandomAgent:
    name = "random"

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
