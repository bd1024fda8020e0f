"""The Field as a grid of cells: adjacency (R2, R4) and the Disaster path (R3)."""
from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]

NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in NEIGHBOURS]


def free_cells(placed: Iterable[Cell]) -> list[Cell]:
    """R2: the first card goes at (0, 0); later ones in an empty cell 8-adjacent to one placed."""
    placed = set(placed)
    if not placed:
        return [(0, 0)]
    free = {n for c in placed for n in neighbours(c) if n not in placed}
    return sorted(free)


def disaster_path(locations: Iterable[Cell]) -> tuple[Cell, ...]:
    """R3: columns from rightmost to leftmost, each walked top to bottom (y grows downward).

    Only Location cells are given (Havens are skipped by the caller)."""
    return tuple(sorted(locations, key=lambda c: (-c[0], c[1])))
