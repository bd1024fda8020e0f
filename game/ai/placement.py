"""Where a card placed during setup keeps the Field compact.

The rules let a card go in any empty cell next to a placed Location (R2). Taking the
first cell listed lays every card on one diagonal, a Field no window shows
readably; a cell close to the Field's centre and touching many placed cards
grows it as a roughly square blob instead. A Haven goes where it is closest to
the Locations on average, and the Locations then grow a little towards the Havens,
so the Field grows around them and every Location is in reach of home. Pure: the
AI's policy (policy.Scorer._place) and the window's suggestions both rank by `fit`.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from game.engine.field import Cell, distance


SIDE = ((1, 0), (-1, 0), (0, 1), (0, -1))
CORNER = ((1, 1), (1, -1), (-1, 1), (-1, -1))
HAVEN_PULL = 0.2  # a Location's placement, per cell from the Havens on average (`fit`)


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


def fit(cell: Cell, places: Mapping[Cell, str], haven: bool) -> float:
    """How well `cell` suits the card placed next (higher is better), given each placed
    cell's kind ("location" or "haven"): compact; a Haven also where it is closest to
    the Locations on average; a Location also a little nearer the Havens (HAVEN_PULL).
    Laid after the Locations, a Haven took what the edge had left (a corner of the
    Field in every game of eight on the standard level); laid first, with Locations
    placed by compactness alone, the Field grew to one side of the Havens and left
    half of them on its edge."""
    score = compactness(cell, places)
    if haven:  # R2: every player has placed a Location first
        cells = [c for c, kind in places.items() if kind == "location"]
        return score - sum(distance(cell, c) for c in cells) / len(cells)
    havens = [c for c, kind in places.items() if kind == "haven"]
    return score - HAVEN_PULL * sum(distance(cell, h) for h in havens) / len(havens) \
        if havens else score


def ranked(cells: Iterable[Cell], places: Mapping[Cell, str], haven: bool = False) -> list[Cell]:
    """The cells best first for a Haven or a Location (ties in the order given)."""
    cells = list(cells)
    scores = {c: fit(c, places, haven) for c in cells}
    return sorted(cells, key=lambda c: -scores[c])


def best(cells: Iterable[Cell], places: Mapping[Cell, str], haven: bool = False,
         n: int = 3) -> set[Cell]:
    """The `n` best cells, and any as good as the n-th: ties all shown alike."""
    scores = {c: fit(c, places, haven) for c in cells}
    if not scores:
        return set()
    bar = sorted(scores.values(), reverse=True)[min(n, len(scores)) - 1] - 1e-9
    return {c for c, score in scores.items() if score >= bar}
