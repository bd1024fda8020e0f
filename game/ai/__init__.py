"""AI seats. Each level decides from its seat's view only (R16); see docs/ai.md."""
from __future__ import annotations

from .agent import Agent
from .easy import EasyAgent
from .hard import HardAgent
from .normal import NormalAgent
from .random_agent import RandomAgent

LEVELS = ("random", "easy", "normal", "hard")


def make_agent(level: str, think_ms: float | None = None) -> Agent:
    """An agent for a level name; KeyError names the levels there are.

    `think_ms` is the hard level's budget per decision (docs/ai.md); the other levels
    ignore it, so one may be given for a table of mixed levels (simulate --think-ms):
    random and easy do not search, and normal's budget is a count of steps, not of
    time (normal.THINK_STEPS)."""
    if level == "random":
        return RandomAgent()
    if level == "easy":
        return EasyAgent()
    if level == "normal":
        return NormalAgent()
    if level == "hard":
        return HardAgent() if think_ms is None else HardAgent(think_ms)
    raise KeyError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")


__all__ = ["Agent", "EasyAgent", "HardAgent", "LEVELS", "NormalAgent", "RandomAgent", "make_agent"]
