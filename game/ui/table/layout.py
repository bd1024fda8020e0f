"""Where everything sits on the table, for any window size.

Pure geometry from the window size, so hit-testing and drawing agree and tests
can check them at several sizes. Panel sizes scale with `s`, the window's size
against 1280x720; the Field's cells are placed by the camera (camera.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field as dc_field

import pygame

from game.engine.field import Cell


@dataclass
class Layout:
    size: tuple[int, int]
    s: float = 1.0
    bar: pygame.Rect = dc_field(default_factory=pygame.Rect)  # phase bar
    seats: pygame.Rect = dc_field(default_factory=pygame.Rect)  # seat panels
    off_field: pygame.Rect = dc_field(default_factory=pygame.Rect)
    log: pygame.Rect = dc_field(default_factory=pygame.Rect)
    inspector: pygame.Rect = dc_field(default_factory=pygame.Rect)  # the selected Character
    hand: pygame.Rect = dc_field(default_factory=pygame.Rect)
    field: pygame.Rect = dc_field(default_factory=pygame.Rect)
    map: pygame.Rect = dc_field(default_factory=pygame.Rect)  # the minimap, below the seats
    cells: dict[Cell, pygame.Rect] = dc_field(default_factory=dict)  # as the camera shows them

    def px(self, n: float) -> int:
        return max(1, round(n * self.s))


def compute(size: tuple[int, int]) -> Layout:
    w, h = size
    s = min(w / 1280, h / 720)
    lay = Layout(size, s)
    p = lay.px
    lay.bar = pygame.Rect(0, 0, w, p(46))
    side_l, side_r = p(220), p(290)
    body = h - lay.bar.bottom
    # The hand shows the top of each card; the card under the pointer rises whole.
    lay.hand = pygame.Rect(side_l, h - p(124), w - side_l - side_r, p(124))
    off_h, map_h = p(120), p(112)
    # Four seat panels keep what they say in 110 px each (at 1280x720), which leaves
    # room for the minimap under them: it never covers a tile of the Field.
    lay.seats = pygame.Rect(0, lay.bar.bottom, side_l, body - off_h - map_h)
    lay.map = pygame.Rect(0, lay.seats.bottom, side_l, map_h)
    lay.off_field = pygame.Rect(0, h - off_h, side_l, off_h)
    log_h = int(body * 0.5)
    lay.log = pygame.Rect(w - side_r, lay.bar.bottom, side_r, log_h)
    lay.inspector = pygame.Rect(w - side_r, lay.log.bottom, side_r, h - lay.log.bottom)
    lay.field = pygame.Rect(side_l, lay.bar.bottom, lay.hand.w, lay.hand.top - lay.bar.bottom)
    return lay


def token_rects(cell: pygame.Rect, n: int, top: int) -> list[pygame.Rect]:
    """Square token slots in a cell below `top` pixels (its name and stack): as
    large as fit n in rows."""
    if n <= 0:
        return []
    top = min(top, cell.h // 2)
    band = pygame.Rect(cell.x + 3, cell.y + top, cell.w - 6, cell.h - top - 3)
    size = min(band.h, round(cell.w * 0.3))  # zoomed in, a lone token is not a poster
    while size > 6:
        per_row = max(1, (band.w + 2) // (size + 2))
        if -(-n // per_row) * (size + 2) - 2 <= band.h:
            break
        size -= 1
    per_row = max(1, (band.w + 2) // (size + 2))
    rows = -(-n // per_row)
    out = []
    for i in range(n):
        r, c = divmod(i, per_row)
        in_row = min(per_row, n - r * per_row)
        x0 = band.centerx - (in_row * (size + 2) - 2) // 2
        y0 = band.bottom - rows * (size + 2) + 2
        out.append(pygame.Rect(x0 + c * (size + 2), y0 + r * (size + 2), size, size))
    return out


def tilt(k: int, n: int) -> float:
    """Degrees the k-th of n fanned hand cards is turned, away from the hand's middle."""
    return max(-9.0, min(9.0, ((n - 1) / 2 - k) * 2.5))


def fan(area: pygame.Rect, n: int, card_w: int, card_h: int) -> list[pygame.Rect]:
    """The hand: n cards side by side, overlapping when they would not fit, centred,
    their tops in the area and the rest below the window's edge; the outer ones, turned
    (`tilt`), whole inside the area's sides (they stood over the columns' borders)."""
    if n == 0:
        return []
    a = math.radians(abs(tilt(0, n)))
    turned = card_w * math.cos(a) + card_h * math.sin(a)  # the outer card's width, drawn
    room = area.w - 12 - round(turned - card_w + 1)
    step = min(card_w + 6, (room - card_w) / max(1, n - 1)) if n > 1 else 0
    total = step * (n - 1) + card_w
    x0 = area.centerx - total / 2
    y = area.y + card_h * 0.12
    mid = (n - 1) / 2
    # An arc: cards away from the middle sit a little lower.
    return [pygame.Rect(round(x0 + i * step), round(y + abs(i - mid) ** 1.6 * 2), card_w, card_h)
            for i in range(n)]


def stacks(counts: list[tuple[int, int]], lines: list[tuple[int, ...]], room: int,
           card_w: int, gap: int, least: int, apart: int, sep: int | None) -> int | None:
    """Off Field: groups of `counts` cards (how many, of how many different cards) side
    by side, `apart` px apart, each as wide as its cards (`group_w`, different ones
    `sep` apart) or the line under them (`lines`: each group's ways to write it, their
    widths, the one to use first first: `way_under`); the largest step from one card to
    the next of a group, from apart (`gap` between) down to `least`, that keeps them all
    within `room`; None where even `least` does not. A group's width is its cards' or,
    where no way of its line is that narrow, its narrowest line's (way_under's choice), so
    the whole grows with the step: the largest step found by halving, not tried one by one
    (a busy four-seat Off Field took 130 ms of a frame, s72)."""
    narrowest = [min(ways) for ways in lines]

    def width(step: int) -> int:
        return sum(max(group_w(n, k, card_w, step, sep), line)
                   for (n, k), line in zip(counts, narrowest)) + apart * (len(counts) - 1)
    low, high = least, card_w + gap
    if high < low or width(low) > room:
        return None
    while low < high:  # width(low) fits; the largest step that fits is in low..high
        mid = (low + high + 1) // 2
        low, high = (mid, high) if width(mid) <= room else (low, mid - 1)
    return low


def group_w(n: int, kinds: int, card_w: int, step: int, sep: int | None) -> int:
    """An Off Field group of `n` cards, `kinds` of them different, copies of one card
    `step` apart and different cards side by side, `sep` between (None: `step` apart as
    copies): six different Flash Effects overlapped to a seat mark's width could not be
    told apart nor pointed at one by one (s69)."""
    return card_w + step * (n - kinds) + kind_step(card_w, step, sep) * (kinds - 1)


def kind_step(card_w: int, step: int, sep: int | None) -> int:
    """The step from an Off Field card to a different one of its group (group_w)."""
    return step if sep is None else max(step, card_w + sep)


def way_under(ways: tuple[int, ...], cards: int) -> int:
    """Which of a group's ways to write its line (their widths) is used under cards
    `cards` wide: the first no wider, else the narrowest."""
    return next((k for k, w in enumerate(ways) if w <= cards),
                min(range(len(ways)), key=ways.__getitem__))

