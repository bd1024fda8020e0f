"""The table: the scene where a game is played (issue 6, The table)."""
from .scene import TableScene

__all__ = ["TableScene"]
