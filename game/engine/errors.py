"""Errors the engine raises for a player's or an author's mistake."""
from __future__ import annotations

import re

# What would break "one line" or cannot be printed at all: control characters (a
# newline, an escape sequence that recolours a terminal, NUL, which pygame refuses
# to draw), the Unicode line and paragraph separators (str.splitlines breaks on
# them), and lone surrogates (no encoding can write them).
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def one_line(text: str) -> str:
    """`text` with whatever is not printable on one line written as its escape:
    a file named "a\\nb.yaml" is shown as a\\nb.yaml, on one line."""
    return _UNPRINTABLE.sub(lambda m: repr(m.group())[1:-1], text)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged."""


class LoadError(Exception):
    """A bad card, deck, level or save file: one line naming what and where.

    Whatever the file put into the line (its name, a key, a value) is escaped where
    it is not printable, so the line stays one line (`one_line`)."""

    def __init__(self, path: str, line: int | None, field: str | None, message: str):
        self.path = str(path)
        self.line = line
        self.field = one_line(field) if field else field
        self.message = one_line(message)
        super().__init__(str(self))

    @property
    def where(self) -> str:
        """The file, and its line where known: "cards/x.yaml:12"."""
        return (one_line(self.path) or "''") + (f":{self.line}" if self.line else "")

    def __str__(self) -> str:
        what = f" {self.field}:" if self.field else ""
        return f"{self.where}:{what} {self.message}"
