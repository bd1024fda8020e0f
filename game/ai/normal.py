"""The `normal` level: looks ahead. It takes the rule-based player's few best
candidates, plays each out on the same few worlds sampled from its view (the
same worlds and dice for every candidate, so they are compared fairly), and
takes the one whose outcomes the evaluation likes best."""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Action, GameState, SeatView
from game.engine.state import SETUP
from game.engine.worlds import sample_world

from .budget import WORLD_COST, cost, scale_steps
from .playout import try_out, world_legal
from .policy import shortlist

WORLDS = 3
CANDIDATES = 3
MAX_STEPS = 30  # a playout's length at most: about one turn
# A decision's budget in engine steps on an empty Field, fewer as units come in
# (budget.scale_steps): a count, not a clock, so decisions replay exactly; and steps,
# not milliseconds, so tuning budget.STEPS_PER_MS to hard's clock leaves normal's play
# alone. About a seventh of hard's 1200 at 150 ms (until the fifty-seventh stop made
# hard's a Move dearer and 1350), so the levels are a step apart: at
# 0.73 of hard's steps normal won nearly as often as hard, and at 0.35 hard was 1.42
# times normal over 200 new mirror games (docs/history/ai-log.md, "Issue 16 ... fourth
# stop" and "ninth stop"). Until now 21.5625 ms at 8 steps a ms (30 at 5.75, 15 at 11.5): the
# same 172.5 steps.
THINK_STEPS = 172.5


class NormalAgent:
    name = "normal"

    def __init__(self, worlds: int = WORLDS, candidates: int = CANDIDATES,
                 steps: int | None = None):
        """`steps`: an exact budget of steps (tests); else THINK_STEPS, scaled to the
        units in play."""
        self.worlds = worlds
        self.candidates = candidates
        self.steps = steps

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        worlds = [sample_world(view.game, view, rng) for _ in range(self.worlds)]
        return self.decide(worlds, view.seat, view.phase == SETUP, legal, rng,
                           self.budget(len(view.units)))

    def budget(self, units: int) -> float:
        """The steps left for playouts once the worlds are sampled."""
        steps = self.steps if self.steps is not None else scale_steps(THINK_STEPS, units)
        return steps - WORLD_COST * self.worlds

    def decide(self, worlds: list[GameState], seat: int, setup: bool,
               legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        """The candidate whose playouts on these worlds score best for `seat`, those
        the budget of steps plays out on every world; the rules' order ranks the rest."""
        order = shortlist(worlds[0], legal, self.candidates, setup)
        if len(order) == 1:
            return legal[order[0]]
        dice = [rng.getrandbits(32) for _ in worlds]
        listings = [world_legal(world) for world in worlds]  # once for every candidate
        best, best_value = order[0], -1.0
        used = sum(cost(0, listing.count) for listing in listings)
        for rank, i in enumerate(order):
            values = []
            for world, seed, listing in zip(worlds, dice, listings):
                if used >= budget:  # this candidate and the rest are not compared
                    return legal[best]
                value, steps, listed, _ = try_out(world, legal[i], seed, seat, MAX_STEPS,
                                                  listing)
                used += cost(steps, listed)
                if value is not None:
                    values.append(value)
            if values:
                # A sliver of the rules' order breaks ties between equal outcomes.
                value = sum(values) / len(values) - 1e-4 * rank
                if value > best_value:
                    best, best_value = i, value
        return legal[best]
