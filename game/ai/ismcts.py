"""The `hard` level: Information Set Monte Carlo Tree Search (single observer,
Cowling, Powley and Whitehouse 2012).

One tree over the deciding seat's information set: every iteration takes a
world sampled from the view (a pool of them, reused in turn), walks down the
tree choosing among the actions legal in that world by UCB with availability
counts, adds one node (the rule-based player's favourite untried action first),
plays the world out with the rule-based player for about a turn, and backs the
evaluation of every seat up the path; each node is judged by the seat that
chose it.

The budget is counted in engine steps (actions applied), not in time, so a
decision is the same for the same seed and view on any machine and under any
load: replays of games with hard seats are exact. `think_ms` is turned into
steps at a rate measured on the development machine (STEPS_PER_MS); a clock
only guards the worst case, stopping the search at twice the budget.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from game.engine import Action, SeatView, apply_unchecked, legal_actions
from game.engine.worlds import sample_world

from .evaluation import evaluate
from .playout import play_out
from .policy import Scorer, candidates

THINK_MS = 1000
# Engine steps the search gets through per millisecond on the development machine
# (a 2-core shared VM, `python main.py bench engine`): the budget's exchange rate.
STEPS_PER_MS = 2.0
POOL = 24  # worlds sampled per decision, then reused in turn
EXPLORE = 0.7  # UCB's exploration constant, for rewards in [0, 1]
PLAYOUT_STEPS = 40
WORLD_COST = 3  # a world sampled costs about as much as three engine steps


class Node:
    __slots__ = ("children", "visits", "avail", "totals", "actor")

    def __init__(self, actor: int, seats: int):
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.totals = [0.0] * seats
        self.actor = actor  # the seat that chose the action leading here

    def ucb(self) -> float:
        mean = self.totals[self.actor] / self.visits
        return mean + EXPLORE * math.sqrt(math.log(self.avail) / self.visits)


class HardAgent:
    name = "hard"

    def __init__(self, think_ms: float = THINK_MS, steps: int | None = None):
        """`steps`: an exact budget of engine steps (tests); else think_ms is converted."""
        self.think_ms = think_ms
        self.steps = steps if steps is not None else int(think_ms * STEPS_PER_MS)
        self.last_iterations = 0  # of the last decision, for the bench

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + 2 * self.think_ms / 1000
        seats = len(view.seats)
        me = view.seat
        pool = [sample_world(view.game, view, rng)]
        scores = Scorer(pool[0]).scores(legal)
        allowed = {legal[i] for i in candidates(legal, scores)}
        if len(allowed) == 1:
            return next(iter(allowed))
        root = Node(me, seats)
        used = WORLD_COST
        iterations = 0
        while used < self.steps and (iterations == 0 or time.perf_counter() < deadline):
            if len(pool) < POOL:
                pool.append(sample_world(view.game, view, rng))
                used += WORLD_COST
            st = pool[iterations % len(pool)].clone()
            used += self._iterate(root, st, allowed, rng, seats)
            iterations += 1
        self.last_iterations = iterations
        if not root.children:
            return legal[0]
        best = max(root.children.items(),
                   key=lambda kv: (kv[1].visits, kv[1].totals[me] / max(1, kv[1].visits)))
        return best[0]

    def _iterate(self, root: Node, st, allowed: set[Action], rng: random.Random,
                 seats: int) -> int:
        """One iteration on a world; the engine steps it took."""
        path = [root]
        node = root
        steps = 0
        while st.result is None:
            legal = legal_actions(st)
            if node is root:
                legal = [a for a in legal if a in allowed]
                if not legal:
                    return 1  # this world lacks every real option: try the next
            actor = st.current_seat()
            if len(legal) == 1 and node is not root:
                apply_unchecked(st, legal[0])  # forced: no choice to learn
                steps += 1
                continue
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                scores = Scorer(st).scores(untried)
                a = untried[max(range(len(untried)), key=scores.__getitem__)]
                child = node.children[a] = Node(actor, seats)
                apply_unchecked(st, a)
                path.append(child)
                steps += 1
                break
            a = max(legal, key=lambda x: node.children[x].ucb())
            node = node.children[a]
            apply_unchecked(st, a)
            path.append(node)
            steps += 1
        steps += play_out(st, rng, PLAYOUT_STEPS)
        rewards = [evaluate(st, s) for s in range(seats)]
        for n in path:
            n.visits += 1
            for s in range(seats):
                n.totals[s] += rewards[s]
        return steps
