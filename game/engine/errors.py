"""Errors the engine raises for a player's or an author's mistake."""
from __future__ import annotations

import re
import unicodedata

# What would break "one line" or cannot be printed at all: control characters (a
# newline, an escape sequence that recolours a terminal, NUL, which pygame refuses
# to draw), the Unicode line and paragraph separators (str.splitlines breaks on
# them), and lone surrogates (no encoding can write them).
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def _escaped(c: str) -> str:
    return repr(c)[1:-1]


def one_line(text: str) -> str:
    """`text` with whatever is not printable on one line written as its escape:
    a file named "a\\nb.yaml" is shown as a\\nb.yaml, on one line. Format characters
    (a byte order mark or a zero-width space inside a key, a right-to-left override)
    are escaped too: drawn as nothing, they made 'desc\\ufeffription: unknown field
    (did you mean 'description'?)' read as nonsense, or turned a line around."""
    text = _UNPRINTABLE.sub(lambda m: _escaped(m.group()), text)
    if text.isascii():
        return text
    return "".join(_escaped(c) if unicodedata.category(c) == "Cf" else c for c in text)


# argparse quotes a value it refuses whole, and so do the commands' own errors: `--seed`
# or `--size` of 5,000 digits was a line of 5 KB, and validate's line naming an unknown
# key of 10,000 characters was 10 KB. A word longer than a path usually is is cut in its
# middle, its ends and its length kept.
_LONG_WORD = re.compile(r"\S{201,}")


def _cut(m: re.Match) -> str:
    word = m.group()
    return f"{word[:80]}...{word[-40:]} ({len(word):,} characters)"


def short_words(text: str) -> str:
    """`text` with each word too long for an error line cut in its middle."""
    return _LONG_WORD.sub(_cut, text)


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
