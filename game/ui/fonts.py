"""Fonts and text fitting for card faces.

Only pygame's own default font is used (it ships with pygame-ce), so faces look
the same on every machine and nothing is downloaded.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

MIN_SIZE = 9  # below this the default font stops being legible


@lru_cache(maxsize=256)
def font(size: int, italic: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, max(MIN_SIZE, size))
    f.italic = italic
    return f


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; a word wider than the box is cut so nothing spills out."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while f.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and f.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def ellipsize(text: str, f: pygame.font.Font, width: int) -> str:
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_line(text: str, width: int, size: int, italic: bool = False) -> pygame.font.Font:
    """The largest font not above `size` in which one line of text fits `width`."""
    while size > MIN_SIZE and font(size, italic).size(text)[0] > width:
        size -= 1
    return font(size, italic)


def fit_block(text: str, width: int, height: int, size: int,
              italic: bool = False) -> tuple[pygame.font.Font, list[str]]:
    """The largest font (not above `size`) whose wrapped lines fit the box; at the
    smallest size the lines that do not fit are cut with an ellipsis."""
    while True:
        f = font(size, italic)
        lines = wrap(text, f, width)
        if len(lines) * f.get_linesize() <= height or size <= MIN_SIZE:
            break
        size -= 1
    room = max(1, height // f.get_linesize())
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = ellipsize(lines[-1] + " …", f, width)
    return f, lines
