"""Fonts and text fitting for card faces.

Only pygame's own default font is used (it ships with pygame-ce), so faces look
the same on every machine and nothing is downloaded. It is drawn with
pygame.freetype: at card sizes font.Font rounds each glyph's advance and words
come out gappy ("Ch aracters"). freetype's own layout does too ("Z ombie",
"T ower": its hinted advances are whole pixels, a capital's up to two more than
the outline's), so TextFont places each glyph itself, evenly (TextFont.render).
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

import pygame
import pygame.freetype

_BREAKS = re.compile(r"[^\S\u00a0]+")  # where wrap may break: any space but a no-break one
MIN_SIZE = 9  # below this the default font stops being legible
_FONT_SCALE = 0.6875  # font.Font(None, n) draws the default font at 0.6875 n points
_FINE = 8  # glyphs measured at 8 times the size are near enough the outline's shape


def _centre(glyph: pygame.Surface) -> float:
    """Where a glyph's ink weighs even left and right, from its left edge: averaging
    its rows (smoothscale to one row) keeps the antialiased edges' part."""
    row = pygame.transform.smoothscale(glyph, (glyph.get_width(), 1))
    alpha = pygame.image.tobytes(row, "RGBA")[3::4]
    return sum((x + 0.5) * a for x, a in enumerate(alpha)) / (sum(alpha) or 1)


class TextFont:
    """The part of pygame.font.Font the faces use (size, render, heights), so
    sizes mean what they mean for pygame.font.Font(None, size)."""

    def __init__(self, size: int, italic: bool = False):
        self._ft = pygame.freetype.Font(None, size * _FONT_SCALE)
        self._ft.origin = True  # render_to's y is the baseline
        self._ft.kerning = False
        self._ft.oblique = italic
        self._ascent = self._ft.get_sized_ascender()
        self._height = self._ascent - self._ft.get_sized_descender()
        self._linesize = max(self._height, self._ft.get_sized_height())
        self.italic = italic
        self.size_arg = size  # what font() was asked for, to get a sibling style
        self._advance: dict[str, float] = {}
        self._place: dict[str, tuple[float, float]] = {}
        self._glyphs: dict[tuple, tuple[pygame.Surface, int]] = {}

    def size(self, text: str) -> tuple[int, int]:
        # Without kerning a text's advance is the sum of its letters': cache
        # those, as get_metrics is slow and wrapping measures every word.
        adv = self._advance
        missing = "".join({ch for ch in text if ch not in adv})
        for ch, m in zip(missing, self._ft.get_metrics(missing) if missing else ()):
            adv[ch] = m[4] if m else 0.0
        return math.ceil(sum(adv[ch] for ch in text)), self._height

    def get_height(self) -> int:
        return self._height

    def get_linesize(self) -> int:
        return self._linesize

    def render(self, text: str, antialias: bool, colour) -> pygame.Surface:
        """The text in size(text)'s width, each glyph where the outline's own advances
        put it, spread evenly (the same bit more after each letter) to fill that width:
        freetype's whole-pixel advances left a gap after some capitals."""
        width = self.size(text)[0]
        surf = pygame.Surface((max(1, width + 1), self._height), pygame.SRCALPHA)
        self.place(text)
        places = [self._place[ch] for ch in text]
        track = (width - sum(p[0] for p in places)) / max(1, len(text))
        key = tuple(colour)
        pen, blits = 0.0, []
        for ch, (advance, offset) in zip(text, places):
            glyph, top = self._glyph(ch, key)
            if glyph.get_height():  # a space's is empty
                x = min(max(0, round(pen + offset)), width + 1 - glyph.get_width())
                blits.append((glyph, (x, top)))
            pen += advance + track
        surf.fblits(blits)
        return surf

    def place(self, text: str) -> None:
        """Learn text's letters' advances as their outline has them, and where each
        (hinted) glyph's left edge goes from the pen: so that its ink's centre is where
        the outline's is (the outline's drawn 8 times the size is near enough)."""
        new = "".join({ch for ch in text if ch not in self._place})
        if not new:
            return
        fine = self._ft.size * _FINE
        for ch, m in zip(new, self._ft.get_metrics(new, size=fine)):
            glyph, rect = self._ft.render(ch, (0, 0, 0), size=fine)
            offset = 0.0
            if rect.height:
                hinted = self._glyph(ch, (0, 0, 0, 255))[0]
                offset = (rect.x + _centre(glyph)) / _FINE - _centre(hinted)
            self._place[ch] = (m[4] / _FINE if m else 0.0), offset

    def _glyph(self, ch: str, colour: tuple) -> tuple[pygame.Surface, int]:
        """A letter drawn once per colour and kept (freetype takes about as long to
        draw one letter as a line), and its top below the line's top."""
        key = (ch, colour)
        if key not in self._glyphs:
            glyph, rect = self._ft.render(ch, colour)
            self._glyphs[key] = glyph, self._ascent - rect.y
        return self._glyphs[key]


@lru_cache(maxsize=256)
def font(size: int, italic: bool = False) -> TextFont:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return TextFont(max(MIN_SIZE, size), italic)


PRIME_CHARS = "".join(map(chr, range(32, 127))) + "…·—–’“”"


def prime(size: int, italic: bool = False, part: int = 0, parts: int = 1) -> None:
    """A size's font made and (a `part` of) its letters measured and placed, ahead of
    need: the first of a new size take milliseconds (FaceCache.work spreads them)."""
    n = -(-len(PRIME_CHARS) // parts)
    f, chars = font(size, italic), PRIME_CHARS[part * n:(part + 1) * n]
    f.size(chars)
    f.place(chars)


def wrap(text: str, f: TextFont | pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; a word wider than the box is cut so nothing spills out. A
    no-break space joins what must stay on one line (a rule's "R14 d").
    Works with either font kind (other scenes wrap with pygame.font.Font)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in _BREAKS.split(paragraph.strip()) if paragraph.strip() else ():
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while f.size(word)[0] > width and len(word) > 1:
                # The longest start that fits (one character at least), found by halving:
                # cut a character at a time, a path of 3,000 took seconds.
                cut, over = 1, len(word)
                while over - cut > 1:
                    mid = (cut + over) // 2
                    cut, over = (mid, over) if f.size(word[:mid])[0] <= width else (cut, mid)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def balanced_wrap(text: str, f: TextFont | pygame.font.Font, width: int) -> list[str]:
    """As wrap, in as few lines, each as near the same width as can be: a short
    tooltip's last words do not hang alone under a full line."""
    lines = wrap(text, f, width)
    narrow, wide = 1, width  # the narrowest width that keeps as few lines lies between
    while len(lines) > 1 and narrow < wide:
        mid = (narrow + wide) // 2
        if len(wrap(text, f, mid)) <= len(lines):
            wide = mid
        else:
            narrow = mid + 1
    return wrap(text, f, wide) if len(lines) > 1 else lines


def ellipsize(text: str, f: TextFont, width: int) -> str:
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_line(text: str, width: int, size: int, italic: bool = False) -> TextFont:
    """The largest font not above `size` in which one line of text fits `width`."""
    while size > MIN_SIZE and font(size, italic).size(text)[0] > width:
        size -= 1
    return font(size, italic)


def fit_block(text: str, width: int, height: int, size: int,
              italic: bool = False) -> tuple[TextFont, list[str]]:
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


def given_name(full: str, width=len, taken=frozenset(), room: int | None = None) -> str:
    """The word a card is called by where its whole name does not fit: the first of a
    two-word name ("Akiko" Sakuragawa), or its second where only that fits in `room`
    (Salaryman "Zombie": a token cut the first to "Salary…"); in a longer one the first
    word is often a title or an adjective ("Sergeant", "Angry"), so the narrowest by
    `width` of the others before any "of" or "the" (Sergeant Daigo Hatakeyama is
    "Daigo", Princess Pawlina of Felis Prime "Pawlina"), and of those one not `taken` by
    another card where there is one (Jealous Rival "Idol" is "Rival" beside Killer Idol
    Unit Doom-Doom Girls)."""
    words = re.split(r" (?:of|the) ", full)[0].split() or [full]
    if len(full.split()) > 2 and len(words) > 1:
        ranked = sorted(reversed(words[1:]), key=width)
        return next((w for w in ranked if w not in taken), ranked[0])
    if room is not None and len(words) == 2 and width(words[0]) > room \
            and width(words[1]) <= room and words[1] not in taken:
        return words[1]
    return words[0]
