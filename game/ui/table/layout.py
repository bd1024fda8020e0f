"""Where everything sits on the table, for any window size.

Pure geometry from the window size and the Field's cells, so hit-testing and
drawing agree and tests can check them at several sizes. Sizes scale with
`s`, the window's size against 1280x720.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field as dc_field

import pygame

Cell = tuple[int, int]
# A cell is wider than tall (the Location's name and stack above, tokens below),
# between these proportions, using the room the window gives.
CELL_ASPECT = (1.15, 1.8)


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
    cells: dict[Cell, pygame.Rect] = dc_field(default_factory=dict)

    def px(self, n: float) -> int:
        return max(1, round(n * self.s))


def compute(size: tuple[int, int], cells: Iterable[Cell]) -> Layout:
    w, h = size
    s = min(w / 1280, h / 720)
    lay = Layout(size, s)
    p = lay.px
    lay.bar = pygame.Rect(0, 0, w, p(46))
    side_l, side_r = p(220), p(290)
    body = h - lay.bar.bottom
    # The hand shows the top of each card; the card under the pointer rises whole.
    lay.hand = pygame.Rect(side_l, h - p(124), w - side_l - side_r, p(124))
    off_h = p(120)
    lay.seats = pygame.Rect(0, lay.bar.bottom, side_l, body - off_h)
    lay.off_field = pygame.Rect(0, h - off_h, side_l, off_h)
    log_h = int(body * 0.5)
    lay.log = pygame.Rect(w - side_r, lay.bar.bottom, side_r, log_h)
    lay.inspector = pygame.Rect(w - side_r, lay.log.bottom, side_r, h - lay.log.bottom)
    lay.field = pygame.Rect(side_l, lay.bar.bottom, lay.hand.w, lay.hand.top - lay.bar.bottom)
    lay.cells = grid(lay.field.inflate(-p(16), -p(16)), cells)
    return lay


def grid(area: pygame.Rect, cells: Iterable[Cell]) -> dict[Cell, pygame.Rect]:
    """Rects for the cells, their bounding box centred in `area`, cells as large as fit."""
    cells = list(cells)
    if not cells:
        return {}
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    ch = min(area.h / rows, area.w / cols / CELL_ASPECT[0])
    cw = min(area.w / cols, ch * CELL_ASPECT[1])
    left = area.x + (area.w - cw * cols) / 2
    top = area.y + (area.h - ch * rows) / 2
    gap = max(2, round(ch * 0.05))
    return {c: pygame.Rect(round(left + (c[0] - x0) * cw) + gap // 2,
                           round(top + (c[1] - y0) * ch) + gap // 2,
                           round(cw) - gap, round(ch) - gap) for c in cells}


def token_rects(cell: pygame.Rect, n: int, top: int) -> list[pygame.Rect]:
    """Square token slots in a cell below `top` pixels (its name and stack): as
    large as fit n in rows."""
    if n <= 0:
        return []
    top = min(top, cell.h // 2)
    band = pygame.Rect(cell.x + 3, cell.y + top, cell.w - 6, cell.h - top - 3)
    size = band.h
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


def fan(area: pygame.Rect, n: int, card_w: int, card_h: int) -> list[pygame.Rect]:
    """The hand: n cards side by side, overlapping when they would not fit, centred,
    their tops in the area and the rest below the window's edge."""
    if n == 0:
        return []
    step = min(card_w + 6, (area.w - card_w - 12) / max(1, n - 1)) if n > 1 else 0
    total = step * (n - 1) + card_w
    x0 = area.centerx - total / 2
    y = area.y + card_h * 0.12
    mid = (n - 1) / 2
    # An arc: cards away from the middle sit a little lower.
    return [pygame.Rect(round(x0 + i * step), round(y + abs(i - mid) ** 1.6 * 2), card_w, card_h)
            for i in range(n)]
