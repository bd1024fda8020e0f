"""The `easy` level: the rule-based player (policy.py) on one world sampled from
its view, with some looseness so that a beginner can win: now and then it
takes its second choice instead of its first."""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Action, SeatView
from game.engine.worlds import sample_world

from .policy import Scorer

LOOSENESS = 0.4  # how often it takes its second-best action when that is close
SLACK = 4.0  # how much worse than the best a "close" second choice may score


class EasyAgent:
    name = "easy"

    def __init__(self, looseness: float = LOOSENESS):
        self.looseness = looseness

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        world = sample_world(view.game, view, rng)
        scores = Scorer(world).scores(legal)
        jitter = [rng.random() for _ in legal]  # ties broken at random, from the seat's own rng
        order = sorted(range(len(legal)), key=lambda i: (-scores[i], jitter[i]))
        first, second = order[0], order[1]
        # Looseness: a close second choice, never a move the rules call a blunder.
        close = scores[second] >= max(0.0, scores[first] - SLACK)
        if close and rng.random() < self.looseness:
            return legal[second]
        return legal[first]
