"""The Field as a grid of cells: adjacency (R2, R4) and the Disaster path (R3)."""
from __future__ import annotations

from collections.abc import Collection, Iterable

Cell = tuple[int, int]

NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in NEIGHBOURS]


def distance(a: Cell, b: Cell) -> int:
    """Steps between cells on the 8-neighbour grid (R4), ignoring terrain: 1 for neighbours."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def free_cells(placed: Collection[Cell]) -> list[Cell]:
    """R2: the first card goes at (0, 0); later ones in an empty cell 8-adjacent to one placed."""
    if not placed:
        return [(0, 0)]
    # Every neighbour, then the placed taken away: no call or test per neighbour.
    free = {(x + dx, y + dy) for x, y in placed for dx, dy in NEIGHBOURS}
    free.difference_update(placed)
    return sorted(free)


def disaster_path(locations: Iterable[Cell]) -> tuple[Cell, ...]:
    """R3: columns from rightmost to leftmost, each walked top to bottom (y grows downward).

    Only Location cells are given (Havens are skipped by the caller)."""
    return tuple(sorted(locations, key=lambda c: (-c[0], c[1])))
