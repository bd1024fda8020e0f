"""The `hard` level: determinized Monte Carlo search over the rule player's best
candidates, its budget shared out by sequential halving (Karnin, Koren and Somekh
2013).

The candidates are played on worlds sampled from the seat's view, every one on
the same worlds with the same dice (common random numbers), each played out for
about a turn and scored by the evaluation. The budget is spent in rounds: each
round plays every candidate still in on more worlds, then drops the worse half,
so most of the budget goes to telling the best two apart. A choice the rules
find clear is taken without searching, as the normal level does.

Why not a tree (Information Set MCTS, which this level was first): at 150 ms a
decision, the search has a few dozen playouts. A tree below the root then learns
nothing, and trying the follow-ups one by one mixes weak replies into every
candidate's value. Measured over the same seeded games, the tree was no
stronger than the normal level, and this search was, on those seeds; on others
it is less clearly ahead (docs/ai.md).

The budget is counted in steps (actions applied, and the legal actions listed
on the way, a Move dearer than the rest: budget.MOVE_COST), never in time, and no
clock is read: a decision is the same for the same seed and view on any machine and
under any load, so replays of games with hard seats are exact. `think_ms` is turned into steps at a rate measured on the
development machine, fewer where more units are in play (budget.py).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.engine import Action, SeatView
from game.engine.state import SETUP
from game.engine.worlds import sample_world

from .budget import WORLD_COST, check_think_ms, cost, steps_for
from .playout import Listing, try_out, world_legal
from .policy import shortlist

THINK_MS = 1000
WIDTH = 6  # candidates searched: the rule player's best few
PLAYOUT_STEPS = 30  # a playout's length at most: about one turn


class HardAgent:
    name = "hard"

    def __init__(self, think_ms: float = THINK_MS, steps: int | None = None):
        """`steps`: an exact budget of steps (tests); else think_ms is converted
        for each decision (budget.steps_for)."""
        self.think_ms = check_think_ms(think_ms)
        self.steps = steps
        self.last_iterations = 0  # playouts of the last decision, for the bench
        self.last_steps = 0  # steps it spent (listing included)

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        self.last_iterations = self.last_steps = 0
        if len(legal) == 1:
            return legal[0]
        luck = [(sample_world(view.game, view, rng), rng.getrandbits(32))]  # (world, dice)
        alive = shortlist(luck[0][0], legal, WIDTH, view.phase == SETUP)
        if len(alive) == 1:
            return legal[alive[0]]
        values: dict[int, list[float]] = {i: [] for i in alive}
        budget = self.steps if self.steps is not None else \
            steps_for(self.think_ms, len(view.units))
        used, n = WORLD_COST, 0
        listings: list[Listing] = []  # each world's legal actions, listed once
        rounds = math.ceil(math.log2(len(alive)))
        while len(alive) > 1 and used < budget:
            # This round's share of what is left: every candidate in, on more worlds.
            target = used + (budget - used) / rounds
            while used < target:
                if n == len(luck):
                    luck.append((sample_world(view.game, view, rng), rng.getrandbits(32)))
                    used += WORLD_COST
                world, dice = luck[n]
                if n == len(listings):
                    listings.append(world_legal(world))
                    used += cost(0, listings[n].count)
                listing = listings[n]
                for i in alive:
                    value, steps, listed, moves = try_out(world, legal[i], dice, view.seat,
                                                          PLAYOUT_STEPS, listing)
                    used += cost(steps, listed, moves)
                    if value is not None:
                        values[i].append(value)
                        self.last_iterations += 1
                n += 1
            # The better half goes on; the rules' order breaks ties (sorted is stable).
            alive = sorted(alive, key=lambda i: -_mean(values[i]))[:(len(alive) + 1) // 2]
            rounds = max(1, rounds - 1)
        self.last_steps = used
        return legal[max(alive, key=lambda i: _mean(values[i]))]


def _mean(xs: list[float]) -> float:
    """A candidate no world allowed is worth nothing."""
    return sum(xs) / len(xs) if xs else -1.0
