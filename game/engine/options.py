"""The rules options a game is played with (a level sets them)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Options:
    charm_combat: bool = True  # R12
    round_limit: int = 50  # R14 d: a round is every player taking one turn
