"""Where a card placed during setup keeps the Field compact.

The rules let a card go in any empty cell next to a placed one (R2). Taking the
first cell listed lays every card on one diagonal, a Field no window shows
readably; a cell close to the Field's centre and touching many placed cards
grows it as a roughly square blob instead. Pure: the window's suggestions rank
cells by it; the AI's policy adds where the Havens stand (policy.Scorer._place).
"""
from __future__ import annotations

import math
from collections.abc import Iterable

Cell = tuple[int, int]

SIDE = ((1, 0), (-1, 0), (0, 1), (0, -1))
CORNER = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def compactness(cell: Cell, placed: Iterable[Cell]) -> float:
    """Higher is more compact: one point per placed card sharing a side, half per
    corner, less the distance from the placed cards' centre. Equal weights grow 16
    cards into a 4x4 square and 32 into a 6x6 one (tests/test_placement.py)."""
    placed = set(placed)
    if not placed:
        return 0.0
    cx = sum(c[0] for c in placed) / len(placed)
    cy = sum(c[1] for c in placed) / len(placed)
    x, y = cell
    touching = sum((x + dx, y + dy) in placed for dx, dy in SIDE)
    touching += 0.5 * sum((x + dx, y + dy) in placed for dx, dy in CORNER)
    return touching - math.hypot(x - cx, y - cy)


def ranked(cells: Iterable[Cell], placed: Iterable[Cell]) -> list[Cell]:
    """The cells best first (ties in the order given)."""
    placed = set(placed)
    cells = list(cells)
    scores = {c: compactness(c, placed) for c in cells}
    return sorted(cells, key=lambda c: -scores[c])


def best(cells: Iterable[Cell], placed: Iterable[Cell], n: int = 3) -> set[Cell]:
    """The `n` best cells, and any as good as the n-th: ties all shown alike."""
    placed = set(placed)
    scores = sorted((compactness(c, placed) for c in cells), reverse=True)
    if not scores:
        return set()
    bar = scores[min(n, len(scores)) - 1] - 1e-9
    return {c for c in cells if compactness(c, placed) >= bar}
