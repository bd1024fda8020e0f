"""The `hard` level: Information Set Monte Carlo Tree Search (single observer,
Cowling, Powley and Whitehouse 2012).

One tree over the deciding seat's information set. Its root holds the rule-based
player's best few candidates (a choice the rules find clear is taken without
searching, as the normal level does). Every iteration picks a root candidate by
UCB, takes the next world sampled from the view for that candidate, walks down
the tree choosing among the actions legal in that world by UCB with
availability counts, adds one node (the rule-based player's favourite untried
action first), plays the world out with the rule-based player for about a turn,
and backs the evaluation of every seat up the path; each node is judged by the
seat that chose it.

Common random numbers at the root: the n-th visit of every candidate is played
on the same world with the same dice, so the candidates are compared on equal
luck and few iterations tell them apart (at 150 ms the search has a few dozen).

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

from game.engine import Action, GameState, SeatView, apply_unchecked, legal_actions
from game.engine.effects import static_memo
from game.engine.state import SETUP
from game.engine.worlds import sample_world

from .evaluation import evaluate
from .normal import CLEAR
from .playout import play_out
from .policy import Scorer, candidates

THINK_MS = 1000
# Engine steps the search gets through per millisecond on the development machine
# (a 2-core shared VM, `python main.py bench engine`): the budget's exchange rate.
STEPS_PER_MS = 2.0
WIDTH = 4  # root candidates searched: the rule player's best few
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
        worlds = [sample_world(view.game, view, rng)]
        scores = Scorer(worlds[0]).scores(legal)
        order = candidates(legal, scores)[:WIDTH]
        if len(order) == 1 or scores[order[0]] - scores[order[1]] >= CLEAR or view.phase == SETUP:
            return legal[order[0]]  # the rules leave no doubt (as for the normal level)
        me, seats = view.seat, len(view.seats)
        root = Node(me, seats)
        for i in order:  # in the rules' order, so an unvisited tie goes their way
            root.children[legal[i]] = Node(me, seats)
        dice: list[int] = []
        used, iterations = WORLD_COST, 0
        while used < self.steps and (iterations == 0 or time.perf_counter() < deadline):
            a, child = _pick(root)
            n = child.visits
            while len(worlds) <= n:
                worlds.append(sample_world(view.game, view, rng))
                used += WORLD_COST
            while len(dice) <= n:
                dice.append(rng.getrandbits(32))
            st = worlds[n].clone()
            used += self._iterate(root, a, child, st, random.Random(dice[n]), seats)
            iterations += 1
        self.last_iterations = iterations
        best = max(root.children.items(),
                   key=lambda kv: (kv[1].visits, kv[1].totals[me] / max(1, kv[1].visits)))
        return best[0]

    def _iterate(self, root: Node, a: Action, child: Node, st: GameState,
                 rng: random.Random, seats: int) -> int:
        """One iteration of root action `a` on a world; the engine steps it took."""
        path = [root, child]
        if a not in legal_actions(st):
            _back_up(path, [evaluate(st, s) for s in range(seats)])  # the world cannot have it
            return 1
        apply_unchecked(st, a)
        node, steps = child, 1
        while st.result is None:
            with static_memo():
                legal = legal_actions(st)
                actor = st.current_seat()
                if len(legal) == 1:
                    apply_unchecked(st, legal[0])  # forced: no choice to learn
                    steps += 1
                    continue
                for b in legal:
                    known = node.children.get(b)
                    if known is not None:
                        known.avail += 1
                untried = [b for b in legal if b not in node.children]
                if untried:
                    scores = Scorer(st).scores(untried)
                    b = untried[max(range(len(untried)), key=scores.__getitem__)]
                    node.children[b] = Node(actor, seats)
                else:
                    b = max(legal, key=lambda x: node.children[x].ucb())
            node = node.children[b]
            apply_unchecked(st, b)
            path.append(node)
            steps += 1
            if untried:
                break
        steps += play_out(st, rng, PLAYOUT_STEPS)
        _back_up(path, [evaluate(st, s) for s in range(seats)])
        return steps


def _pick(root: Node) -> tuple[Action, Node]:
    """The root candidate to visit next: an unvisited one first, then by UCB."""
    for a, child in root.children.items():
        if child.visits == 0:
            return a, child
    for child in root.children.values():
        child.avail = root.visits
    return max(root.children.items(), key=lambda kv: kv[1].ucb())


def _back_up(path: list[Node], rewards: list[float]) -> None:
    for n in path:
        n.visits += 1
        for s, r in enumerate(rewards):
            n.totals[s] += r
