"""Setup placement: the AI lays compact Fields, not the diagonal the first legal
cell makes, and the helper the window suggests cells with ranks them the same way."""
from __future__ import annotations

import pytest

from game.ai.placement import compactness, ranked
from game.engine import legal_actions
from game.engine.field import free_cells
from game.ui.session import Session, SessionConfig


def shape(cells) -> tuple[int, int, float]:
    """Width and height of the cells' bounding box, and how full it is."""
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    return w, h, len(cells) / (w * h)


def test_greedy_compact_placement_grows_a_square():
    placed: set = set()
    for _ in range(16):
        placed.add(ranked(free_cells(placed), placed)[0])
    assert shape(placed) == (4, 4, 1.0)
    assert compactness((0, 0), set()) == 0.0


@pytest.mark.parametrize("level,seats", [
    ("levels/standard_2p.yaml", ["ai:normal", "ai:hard"]),
    ("levels/four_players.yaml", ["ai:normal", "ai:hard", "ai:easy", "ai:normal"])])
def test_the_ai_lays_a_compact_field(level, seats):
    """Taking the first legal cell laid every Location on one diagonal (28x28 with
    four seats); scored by distance and adjacency, the Field is a near-square blob."""
    s = Session(SessionConfig(level, seats, seed=0), threaded=False)
    while s.view().phase == "setup":
        s.poll()
    w, h, full = shape(s.state.places)
    assert full >= 0.75 and max(w, h) <= min(w, h) + 1, (w, h, full)
    assert legal_actions(s.state)  # the game goes on from there
