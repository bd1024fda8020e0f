"""`python main.py bench regret`: how much win probability each search level gives
up per decision, measured without playing games to their end.

The decisions are those of normal-played games where the rules leave a choice
(the search levels' shortlist has more than one candidate). Each candidate is
played out on the same `worlds` sampled worlds with the same dice, as the search
levels play theirs, and scored by the evaluation: its value. A choice's regret is
the best candidate's value less its own. The budgets are engine steps and every
generator is seeded, so the figures are the same on any machine and under any
load: a search change can be compared in minutes, where a ladder of games needs
hours to tell 1.1 from 1.3 (docs/history/ai-log.md, "Issue 16 ...
second stop").
"""
from __future__ import annotations

import json
import random
import statistics
from collections.abc import Callable
from typing import IO

from game.ai import HardAgent, NormalAgent
from game.ai.hard import PLAYOUT_STEPS
from game.ai.playout import try_out, world_legal
from game.ai.policy import shortlist
from game.engine import Action, Game, SeatView
from game.engine.state import SETUP
from game.engine.worlds import sample_world
from game.match import Match, derived_keys

TRUTH_WIDTH = 6  # candidates valued at each decision, the rules' best first
EVERY = 10  # a decision taken every few actions, so they come from the whole game
MAX_ACTIONS = 3000  # a game's actions before the next game is dealt

Chooser = Callable[[SeatView, list[Action], random.Random], Action]


def decisions(game: Game, seed: int, count: int) -> list[tuple[SeatView, list[Action]]]:
    """`count` decisions of normal-played games, from seed, where the rules leave a choice."""
    found: list[tuple[SeatView, list[Action]]] = []
    n = 0
    while len(found) < count:
        agents = [NormalAgent() for _ in range(game.seats)]
        m = Match.new(game, seed + n, agents, derived_keys(game.seats, seed, n))
        while not m.over and m.state.actions < MAX_ACTIONS and len(found) < count:
            q = m.question()
            if len(q.legal) > 1 and m.state.actions % EVERY == 0 and q.view.phase != SETUP:
                world = sample_world(q.view.game, q.view, random.Random(m.state.actions))
                if len(shortlist(world, q.legal, TRUTH_WIDTH, False)) > 1:
                    found.append((q.view, list(q.legal)))
            m.answer(q, agents[q.seat].choose(q.view, q.legal, q.rng))
        n += 1
    return found


class Values:
    """Candidates' values at one decision, each worked out once on the same worlds."""

    def __init__(self, v: SeatView, legal: list[Action], worlds: int, seed: int):
        rng = random.Random(seed)
        self.v, self.legal = v, legal
        self.worlds = []
        for _ in range(worlds):
            w = sample_world(v.game, v, rng)
            self.worlds.append((w, rng.getrandbits(32), world_legal(w)))
        self.candidates = shortlist(self.worlds[0][0], legal, TRUTH_WIDTH, False)
        self._known: dict[int, float] = {}

    def of(self, i: int) -> float:
        if i not in self._known:
            found = [value for w, dice, listing in self.worlds
                     if (value := try_out(w, self.legal[i], dice, self.v.seat, PLAYOUT_STEPS,
                                          listing)[0]) is not None]
            self._known[i] = sum(found) / len(found) if found else 0.0
        return self._known[i]

    def regret(self, i: int) -> float:
        return max(self.of(j) for j in {*self.candidates, i}) - self.of(i)


def choosers(think_ms: float) -> dict[str, Chooser]:
    """The rules' first choice, normal, and hard at think_ms and four times that."""
    def rules(v: SeatView, legal: list[Action], rng: random.Random) -> Action:
        return legal[shortlist(sample_world(v.game, v, rng), legal, 1, False)[0]]

    return {"rules": rules, "normal": lambda v, legal, rng: NormalAgent().choose(v, legal, rng),
            f"hard {think_ms:g} ms": HardAgent(think_ms).choose,
            f"hard {4 * think_ms:g} ms": HardAgent(4 * think_ms).choose}


def bench_regret(game: Game, seed: int, count: int, worlds: int, think_ms: float,
                 out: IO[str]) -> dict:
    """Mean regret (and its standard error) of each chooser over `count` decisions,
    each chosen twice with other generators."""
    table = [Values(v, legal, worlds, seed + 1000 + n)
             for n, (v, legal) in enumerate(decisions(game, seed, count))]
    result: dict = {"decisions": len(table), "worlds": worlds, "regret": {}, "stderr": {},
                    "rules_first": {}}
    for name, choose in choosers(think_ms).items():
        regrets, first = [], 0
        for rep in range(2):
            for n, t in enumerate(table):
                i = t.legal.index(choose(t.v, t.legal, random.Random(rep * 100_003 + n)))
                regrets.append(t.regret(i))
                first += i == t.candidates[0]
        result["regret"][name] = round(statistics.mean(regrets), 5)
        result["stderr"][name] = round(statistics.stdev(regrets) / len(regrets) ** 0.5, 5)
        result["rules_first"][name] = round(first / len(regrets), 3)
    out.write(json.dumps(result) + "\n")
    return result
