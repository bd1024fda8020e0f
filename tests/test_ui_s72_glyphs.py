"""s72 playtest (crop1/crop2, enlarged): card faces' small text had a gap after a
capital, "S alaryman Zombie", "Radio T ower Hill", "Z ombie". freetype laid the text
out with its hinted whole-pixel advances, a capital's up to two pixels more than its
outline's; TextFont.xs now places each glyph itself (game/ui/fonts.py)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pygame.freetype = pytest.importorskip("pygame.freetype")

from game.ui.fonts import font  # noqa: E402

FINE = 8  # the outline measured at 8 times the size
WORDS = ("Salaryman", "Zombie", "Tower")


@pytest.fixture(autouse=True, scope="module")
def _freetype():
    pygame.freetype.init()


def inked(surf: pygame.Surface) -> list[bool]:
    """Which columns a letter covers at least half of somewhere."""
    w, h = surf.get_size()
    return [max(surf.get_at((x, y)).a for y in range(h)) >= 128 for x in range(w)]


def capital_gap(size: int, word: str) -> tuple[int, float] | None:
    """The blank columns after the word's capital, and what its outline's side bearings
    and the even spread that fills size()'s width give (None where they touch)."""
    f = font(size)
    ink = inked(f.render(word, True, (255, 255, 255)))
    start = ink.index(True)
    if False not in ink[start:]:
        return None
    end = ink.index(False, start)
    if True not in ink[end:]:
        return None
    ms = f._ft.get_metrics(word, size=f._ft.size * FINE)
    track = (f.size(word)[0] - sum(m[4] for m in ms) / FINE) / len(word)
    return ink.index(True, end) - end, (ms[0][4] - ms[0][1] + ms[1][0]) / FINE + track


@pytest.mark.parametrize("size", range(9, 19))
def test_no_gap_after_a_capital(size: int) -> None:
    """No capital stands a whole pixel further from the next letter than the font's
    outline says (on main: "S alaryman" at 9-11, "Z ombie" at 11, "T ower" at 11-12).
    Upright only: a slanted capital's columns overhang the next letter's."""
    for word in WORDS:
        gap = capital_gap(size, word)
        if gap is not None:
            assert gap[0] < gap[1] + 1, (size, word, gap)


@pytest.mark.parametrize("italic", (False, True))
def test_text_stays_in_the_width_size_gives(italic: bool) -> None:
    """Every face's wrapping and fitting measures with size(): no ink past it."""
    for size in range(9, 41, 3):
        f = font(size, italic)
        for text in WORDS + ("Radio Tower Hill", "WWW", "…", " a "):
            surf = f.render(text, True, (0, 0, 0))
            assert surf.get_width() == f.size(text)[0] + 1, (size, text)
            assert surf.get_bounding_rect().right <= f.size(text)[0] + 1, (size, text)
