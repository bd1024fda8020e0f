"""AI seats. Each level decides from its seat's view only (R16)."""
from .agent import Agent
from .random_agent import RandomAgent

LEVELS = {"random": RandomAgent}


def make_agent(level: str) -> Agent:
    """An agent for a level name; KeyError names the levels there are."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise KeyError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})") from None


__all__ = ["Agent", "LEVELS", "RandomAgent", "make_agent"]
