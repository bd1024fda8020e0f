"""The one interface every AI level implements (docs/ai.md, Modules).

An agent sees its seat's view and the legal actions, and draws chance only from
the generator it is given; it never receives the game state.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from game.engine import Action, SeatView


class Agent(Protocol):
    name: str

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        ...
