"""The oracle: a cheating player, for measurement only: the normal level's lookahead
played on the true state, every hidden card in sight (`simulate --seats
ai:oracle,...`).

It shows how far luck (the dice, the deal) caps a win rate: no fair level can
expect to beat it. It is not an AI level and no seat in the window can be one.
(It was called the yardstick; the yardstick is now the honest heuristic player,
game/ai/heuristic.py, as issue 16 names it: a cheater under that name would be
read as the bar to clear, when it is the ceiling no honest player reaches.)"""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.normal import NormalAgent
from game.engine import Action, GameState
from game.engine.state import SETUP

NAME = "oracle"


class Oracle:
    name = NAME

    def __init__(self) -> None:
        self.normal = NormalAgent()

    def choose(self, st: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        worlds = []
        for _ in range(self.normal.worlds):
            w = st.clone()
            w.rng.seed(rng.getrandbits(32))  # it sees every card, not the dice to come
            worlds.append(w)
        return self.normal.decide(worlds, st.current_seat(), st.phase == SETUP, legal, rng,
                                  self.normal.budget(len(st.units)))
