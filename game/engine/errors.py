"""Errors the engine raises for a player's or an author's mistake."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged."""


class LoadError(Exception):
    """A bad card, deck, level or save file: one line naming what and where."""

    def __init__(self, path: str, line: int | None, field: str | None, message: str):
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path + (f":{self.line}" if self.line else "")
        what = f" {self.field}:" if self.field else ""
        return f"{where}:{what} {self.message}"
