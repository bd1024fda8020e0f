"""The `normal` level: looks ahead. It takes the rule-based player's few best
candidates, plays each out on the same few worlds sampled from its view (the
same worlds and dice for every candidate, so they are compared fairly), and
takes the one whose outcomes the evaluation likes best."""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Action, GameState, SeatView, apply_unchecked, legal_actions
from game.engine.state import SETUP
from game.engine.worlds import sample_world

from .evaluation import evaluate
from .playout import play_out
from .policy import Scorer, candidates

WORLDS = 3
CANDIDATES = 3
MAX_STEPS = 30  # a playout's length at most: about one turn
# Engine steps a decision may spend: a count, not a clock, so decisions replay exactly.
STEPS = 160
CLEAR = 3.0  # a rule score this far ahead of the next is taken without looking ahead


class NormalAgent:
    name = "normal"

    def __init__(self, worlds: int = WORLDS, candidates: int = CANDIDATES, steps: int = STEPS):
        self.worlds = worlds
        self.candidates = candidates
        self.steps = steps

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        worlds = [sample_world(view.game, view, rng) for _ in range(self.worlds)]
        return self.decide(worlds, view.seat, view.phase == SETUP, legal, rng)

    def decide(self, worlds: list[GameState], seat: int, setup: bool,
               legal: Sequence[Action], rng: random.Random) -> Action:
        """The candidate whose playouts on these worlds score best for `seat`."""
        scores = Scorer(worlds[0]).scores(legal)
        order = candidates(legal, scores)[:self.candidates]
        if len(order) == 1 or scores[order[0]] - scores[order[1]] >= CLEAR or setup:
            # The rules leave no doubt; or the Field is still being laid, too far from
            # any Item for a playout of a turn to tell placements apart.
            return legal[order[0]]
        dice = [rng.getrandbits(32) for _ in worlds]
        best, best_value = order[0], -1.0
        steps = 0
        for rank, i in enumerate(order):
            if steps >= self.steps:
                break  # out of budget: the rules' order decides among the rest
            value = 0.0
            for world, seed in zip(worlds, dice):
                st = world.clone()
                if legal[i] not in legal_actions(st):
                    continue  # the world cannot have it (what the view cannot tell)
                apply_unchecked(st, legal[i])
                steps += 1 + play_out(st, random.Random(seed), MAX_STEPS)
                value += evaluate(st, seat)
            # A sliver of the rules' order breaks ties between equal outcomes.
            value = value / len(worlds) - 1e-4 * rank
            if value > best_value:
                best, best_value = i, value
        return legal[best]
