"""Fonts and text fitting for card faces.

Only pygame's own default font is used (it ships with pygame-ce), so faces look
the same on every machine and nothing is downloaded. It is drawn with
pygame.freetype: at card sizes font.Font rounds each glyph's advance and words
come out gappy ("Ch aracters"). freetype's own layout does too ("Z ombie",
"T ower": its hinted advances are whole pixels, a capital's up to two more than
the outline's), so TextFont places each glyph itself, evenly (TextFont.xs).
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import NamedTuple

import pygame
import pygame.freetype

_BREAKS = re.compile(r"[^\S\u00a0]+")  # where wrap may break: any space but a no-break one
MIN_SIZE = 9  # below this the default font stops being legible
_FONT_SCALE = 0.6875  # font.Font(None, n) draws the default font at 0.6875 n points
_NEAR = 0.1  # how much a glyph's straying from its place weighs against uneven gaps
_OUTLINE_PX = 200  # the default font at this size: its whole pixels near enough its outline's


@lru_cache(maxsize=1)
def _outline_font() -> pygame.freetype.Font:
    return pygame.freetype.Font(None, _OUTLINE_PX)


@lru_cache(maxsize=1024)
def _bearings(ch: str) -> tuple[float, float]:
    """A letter's outline's side bearings at _OUTLINE_PX (the same for every size of
    the font, scaled); none for one the font lacks (freetype draws a box)."""
    m = _outline_font().get_metrics(ch)[0]
    return (m[0], m[4] - m[1]) if m else (0.0, 0.0)


class _Shape(NamedTuple):
    """What TextFont.xs needs of a letter with ink."""
    offset: int  # where freetype draws its glyph from the pen
    left: float  # where the glyph's ink starts in it
    right: float  # and ends
    lsb: float  # the outline's side bearings, at the font's size
    rsb: float
    slant: int  # how much further an italic's glyph is drawn than the upright's


def _ink_edges(glyph: pygame.Surface) -> tuple[float, float] | None:
    """Where a glyph's ink starts and ends, from its left edge, counting its
    antialiased columns by how much they cover (against its most covered one)."""
    w = glyph.get_width()
    alpha = pygame.image.tobytes(glyph, "RGBA")[3::4]
    cols = [max(alpha[x::w]) for x in range(w)] if glyph.get_height() else []
    top = max(cols, default=0)
    if not top:
        return None
    cover = [c / top for c in cols]
    first, last = cover.index(1.0), w - 1 - cover[::-1].index(1.0)
    return first - sum(cover[:first]), last + 1 + sum(cover[last + 1:])


def _nearest_even(ideal: list[float]) -> list[int]:
    """Whole pixels for fractional places, each rounded down or up so that the gaps
    between neighbours come out as near what they should be as can be (least sum of
    squared errors, by dynamic programming over the two choices per place): rounding each
    alone could make a gap a pixel too wide beside one a pixel too narrow."""
    if not ideal:
        return []
    down = ideal[0] - math.floor(ideal[0])  # how far rounding down moves the last place
    cost_down, cost_up = down * down * _NEAR, (1 - down) ** 2 * _NEAR
    back = []  # per place after the first: the last's choice best before a down, an up
    for t in ideal[1:]:
        was, down = down, t - math.floor(t)
        same, from_up, from_down = (down - was) ** 2, (down - was + 1) ** 2, (down - was - 1) ** 2
        # down after down or up; up after up or down (the gap changes by the difference)
        d0, d1 = cost_down + same, cost_up + from_up
        u0, u1 = cost_down + from_down, cost_up + same
        back.append((d1 < d0, u1 < u0))
        cost_down = min(d0, d1) + down * down * _NEAR
        cost_up = min(u0, u1) + (1 - down) ** 2 * _NEAR
    up = cost_up < cost_down
    out = [math.floor(ideal[-1]) + up]
    for i in range(len(ideal) - 1, 0, -1):
        up = back[i - 1][up]
        out.append(math.floor(ideal[i - 1]) + up)
    return out[::-1]


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
        self._shape: dict[str, _Shape | None] = {}
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
        width = self.size(text)[0]
        surf = pygame.Surface((max(1, width + 1), self._height), pygame.SRCALPHA)
        key = tuple(colour)
        blits = []
        for ch, x in zip(text, self.xs(text, width)):
            glyph, top = self._glyph(ch, key)
            if self._shape[ch]:  # a space has no ink
                blits.append((glyph, (x, top)))
        surf.fblits(blits)
        return surf

    def xs(self, text: str, width: int) -> list[int]:
        """Where each glyph's left edge goes. Each word keeps where freetype's layout
        starts its ink and ends it (size() measures that layout); between, the letters'
        ink stands apart by the outline's bearings and the same bit more each: freetype's
        whole-pixel advances, a capital's up to two more than its outline's, left a gap
        after some ("Z ombie", "T ower")."""
        self.place(text)
        shape, pen, xs, ideal, word = self._shape, 0, [], [], []
        for i, ch in enumerate(text + " "):
            if i == len(text) or not shape[ch]:  # a space (or the end) ends a word
                ideal += self._spread(text, xs, word)
                word = []
            else:
                word.append(i)
            if i < len(text):
                xs.append(pen + (shape[ch].offset if shape[ch] else 0))
                pen += self._advance[ch]
        for i, x in zip((i for i, ch in enumerate(text) if shape[ch]), _nearest_even(ideal)):
            xs[i] = x + shape[text[i]].slant
        return [min(max(0, x), width + 1 - self._glyph(ch, (0, 0, 0, 255))[0].get_width())
                for ch, x in zip(text, xs)]

    def _spread(self, text: str, xs: list[int], word: list[int]) -> list[float]:
        """Where a word's glyphs' left edges would go, evenly, to the fraction of a pixel:
        the first's ink starts and the last's ends where freetype's layout has them
        (`xs`), and between each letter's ink and the next is the outline's bearings and
        the same share of what is left over."""
        if len(word) < 2:
            return [float(xs[i]) for i in word]
        shape = [self._shape[text[i]] for i in word]
        span = xs[word[-1]] + shape[-1].right - xs[word[0]] - shape[0].left
        gaps = [a.rsb + b.lsb for a, b in zip(shape, shape[1:])]
        extra = (span - sum(s.right - s.left for s in shape) - sum(gaps)) / len(gaps)
        ink, out = xs[word[0]] + shape[0].left, []
        for i, s in enumerate(shape):
            out.append(ink - s.left)
            ink += s.right - s.left + (gaps[i] + extra if i < len(gaps) else 0)
        return out

    def place(self, text: str) -> None:
        """Learn text's letters' shapes: where freetype puts the glyph from the pen,
        where its ink starts and ends in the glyph, and the outline's side bearings
        (None for a letter without ink)."""
        new = "".join({ch for ch in text if ch not in self._shape})
        if not new:
            return
        self.size(new)  # their whole-pixel advances, which xs starts from
        # An italic is spaced as the upright, each glyph moved as far as slanting moves it.
        upright = font(self.size_arg) if self.italic else None
        if upright:
            upright.place(new)
        scale = self._ft.size / _OUTLINE_PX
        for ch in new:
            glyph, rect = self._ft.render(ch, (0, 0, 0, 255))
            self._glyphs[ch, (0, 0, 0, 255)] = glyph, self._ascent - rect.y
            if upright:
                shape = upright._shape[ch]
                self._shape[ch] = shape and shape._replace(slant=rect.x - shape.offset)
                continue
            ink, (lsb, rsb) = _ink_edges(glyph), _bearings(ch)
            self._shape[ch] = ink and _Shape(rect.x, *ink, lsb * scale, rsb * scale, 0)

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
