"""Text and owner marks, rendered once and reused: the table never renders the
same words twice a frame (render_bench's budget has no room for it)."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from .. import widgets
from ..kept import Kept
from ..fonts import PRIME_CHARS

# Owners are told apart by colour AND shape (issue 6: never colour alone).
# Okabe-Ito colours stay distinct for the common colour-blindnesses.
OWNER_COLOURS = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167))
OWNER_SHAPES = ("circle", "square", "triangle", "diamond")
DISASTER_COLOUR = (230, 159, 0)
TEXT = (244, 238, 255)
DIM = (170, 160, 200)
GOLD = (242, 177, 52)
BAD = (235, 80, 70)
GOOD = (90, 210, 120)
# Setup's legal cells that are not the best: a pale lilac, far in hue from every
# owner's colour (gold read as Player 2's), light on the dark table.
OPEN = (196, 186, 240)
# The cell the inspector shows: its corners, in the letters' pale, apart from a move's
# green glow, the gold of a click and the chosen token's white frame.
SHOWN = (214, 206, 236)
# A recap of another seat's Turn in the log (recap.py): a pale cyan, apart from the
# gold Turn headings it stands over and from the letters of the lines it sums up.
RECAP = (150, 215, 230)
PANEL = (23, 18, 43)
PANEL_EDGE = (90, 76, 148)


@lru_cache(maxsize=128)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    # The theme's "label" role is 20 px at scale 1.
    return widgets.font("label", px / 20, bold, spaced=True)


@lru_cache(maxsize=32)
def count_font(px: int, bold: bool = False) -> pygame.font.Font:
    """`font` for a line of counts beside words (an Off Field card's "2 more P4 turns"):
    where its space is a quarter em or less and not widened already (11 and 12 px), a
    space after a digit a third em (widgets.digits_apart), else `font` itself."""
    f = font(px, bold)
    real = max(10, px)  # (widgets.font's least)
    if real > 12 or f.size(" ")[0] * 4 > real + 1:
        return f
    return widgets.digits_apart(real, bold)


def prime(px: int, bold: bool = False) -> None:
    """A size of type's letters measured ahead of need: the first use of each is slow."""
    font(px, bold).size(PRIME_CHARS)


def sizes(px) -> list[tuple[int, bool]]:
    """The type sizes the table's panels use at a scale (`px`, Layout.px), plain and
    bold: primed ahead of the first frame, which measured each anew (some 25 ms of a
    Continue's first table frame, s71)."""
    return [(px(n), bold) for n in (11, 12, 13, 14, 15, 16, 17, 18, 20, 24, 26, 28, 30, 34)
            for bold in (False, True)]


# The lines of text kept drawn, in bytes: a line at 1920x1080 is some 40 KB (a combat's
# log line 160 KB), and 4096 of them (an lru_cache's entries) came to 180 MB, filled by
# a booth in some eight games with lines no longer shown. A game's lines come back
# within it; past games' lines seldom do (docs/window.md, the booth's memory). The
# edged words rising over cards and a Protect grid's slanted names are fewer a frame.
LINES_BYTES = 32 * 2 ** 20
EDGED_BYTES = 8 * 2 ** 20
SLANTED_BYTES = 4 * 2 ** 20


def _label(words: str, px: int, colour: tuple = TEXT, bold: bool = False,
           counts: bool = False) -> pygame.Surface:
    """`counts`: in count_font."""
    return (count_font if counts else font)(px, bold).render(words, True, colour)


label = Kept(_label, LINES_BYTES)


def _edged(words: str, px: int, colour: tuple = TEXT) -> pygame.Surface:
    """`label`'s words, bold, with a dark edge round each letter, readable over any
    picture: the pink Charm words rising over a Plain's pink sky were not (s33w3)."""
    face, dark = label(words, px, colour, True), label(words, px, (12, 10, 20), True)
    e = max(1, px // 12)
    out = pygame.Surface((face.get_width() + 2 * e, face.get_height() + 2 * e), pygame.SRCALPHA)
    for dx in range(-e, e + 1):
        for dy in range(-e, e + 1):
            if dx or dy:
                out.blit(dark, (e + dx, e + dy))
    out.blit(face, (e, e))
    return out


edged = Kept(_edged, EDGED_BYTES)


def fit(words: str, px: int, width: int, colour: tuple = TEXT,
        bold: bool = False, counts: bool = False) -> pygame.Surface:
    """The words in one line no wider than `width`, cut with an ellipsis: one size
    of type per kind of text reads calmer than sizes that shrink to fit. The line is
    `label`'s, kept in its budget (a cache of its own pinned 4096 more lines)."""
    return label(_cut(words, px, width, bold, counts), px, colour, bold, counts)


def first_whole(ways: tuple[str, ...], sizes: tuple[int, ...], width: int,
                bold: bool = False) -> tuple[str, int]:
    """The first of several ways to say a thing (longest first) that fits `width` whole
    at one of `sizes` (tried in turn for each way), with that size; else the last way at
    the first size, to be cut."""
    return next(((w, px) for w in ways for px in sizes if font(px, bold).size(w)[0] <= width),
                (ways[-1], sizes[0]))


def cut(words: str, px: int, width: int, bold: bool = False) -> str:
    """`fit`'s words as it cuts them, not drawn: to measure where they would go before
    drawing them in only one place."""
    return _cut(words, px, width, bold)


@lru_cache(maxsize=4096)
def _cut(words: str, px: int, width: int, bold: bool, counts: bool = False) -> str:
    f = (count_font if counts else font)(px, bold)
    if f.size(words)[0] > width:
        while words and f.size(words + "…")[0] > width:
            words = words[:-1]
        words += "…"
    return words


def _slanted(words: str, px: int, width: int, angle: float,
             colour: tuple = TEXT) -> pygame.Surface:
    """`fit`'s line turned `angle` degrees up to the right, smoothed: a column's name
    over columns too narrow for it in a line."""
    return pygame.transform.rotozoom(fit(words, px, width, colour), angle, 1)


slanted = Kept(_slanted, SLANTED_BYTES)


def owner_colour(seat: int) -> tuple[int, int, int]:
    return OWNER_COLOURS[seat % 4]


@lru_cache(maxsize=256)
def mark(seat: int, size: int, disaster: bool = False, numbered: bool = False) -> pygame.Surface:
    """The owner's shape in the owner's colour, outlined for any background.
    Disasters get a spiked star in orange whoever brought them. `numbered` (the
    colour-blind marks setting) writes the seat's number in the shape too."""
    ss = 4
    big = size * ss
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = DISASTER_COLOUR if disaster else owner_colour(seat)
    r = big / 2
    if disaster:
        pts = [(r + (r - 2) * (1 if i % 2 == 0 else 0.5) * math.cos(math.pi * i / 6 - math.pi / 2),
                r + (r - 2) * (1 if i % 2 == 0 else 0.5) * math.sin(math.pi * i / 6 - math.pi / 2))
               for i in range(12)]
    else:
        shape = OWNER_SHAPES[seat % 4]
        m = big * 0.1
        if shape == "circle":
            pts = [(r + (r - m) * math.cos(a / 24 * 2 * math.pi),
                    r + (r - m) * math.sin(a / 24 * 2 * math.pi)) for a in range(24)]
        elif shape == "square":
            pts = [(m, m), (big - m, m), (big - m, big - m), (m, big - m)]
        elif shape == "triangle":
            pts = [(r, m * 0.6), (big - m * 0.6, big - m), (m * 0.6, big - m)]
        else:
            pts = [(r, m * 0.5), (big - m * 0.5, r), (r, big - m * 0.5), (m * 0.5, r)]
    pygame.draw.polygon(surf, c, pts)
    pygame.draw.polygon(surf, (12, 10, 20), pts, max(2, big // 8))
    surf = pygame.transform.smoothscale(surf, (size, size))
    if numbered and not disaster and size >= 12:
        n = label(str(seat + 1), max(10, round(size * 0.7)), (255, 255, 255), True)
        surf.blit(n, n.get_rect(center=(size // 2, size // 2 + (size // 8 if seat % 4 == 2
                                                                 else 0))))
    return surf
