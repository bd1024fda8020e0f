"""Setup placement: the AI lays compact Fields, not the diagonal the first legal
cell makes, and the helper the window suggests cells with ranks them the same way."""
from __future__ import annotations

import pytest

from game.ai.placement import best, compactness, ranked
from game.engine import legal_actions
from game.engine.field import distance, free_cells
from game.match import derived_keys
from game.ui.session import Session, SessionConfig


def shape(cells) -> tuple[int, int, float]:
    """Width and height of the cells' bounding box, and how full it is."""
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    return w, h, len(cells) / (w * h)


def test_greedy_compact_placement_grows_a_square():
    placed: dict = {}
    for _ in range(16):
        placed[ranked(free_cells(placed), placed)[0]] = "location"
    assert shape(placed) == (4, 4, 1.0)
    assert compactness((0, 0), set()) == 0.0
    # The window lights the best three cells, and whatever ties with them.
    start = {(0, 0): "location"}
    assert best(free_cells(start), start) == {(1, 0), (-1, 0), (0, 1), (0, -1)}


@pytest.mark.parametrize("level,seats", [
    ("levels/standard_2p.yaml", ["ai:normal", "ai:hard"]),
    ("levels/four_players.yaml", ["ai:normal", "ai:hard", "ai:easy", "ai:normal"])])
def test_the_ai_lays_a_compact_field(level, seats):
    """Taking the first legal cell laid every Location on one diagonal (28x28 with
    four seats); scored by distance and adjacency, the Field is a near-square blob."""
    s = _session(level, seats, 0)
    while s.view().phase == "setup":
        s.poll()
    w, h, full = shape(s.state.places)
    assert full >= 0.75 and max(w, h) <= min(w, h) + 1, (w, h, full)
    assert legal_actions(s.state)  # the game goes on from there


def _session(level: str, seats: list[str], seed: int) -> Session:
    """A new game whose seats' keys come from the level and seed (not the operating
    system), so that an easy seat's ties lay the same Field every run."""
    return Session(SessionConfig(level, seats, seed=seed), threaded=False,
                   keys=derived_keys(len(seats), level, seed))


def _laid(level: str, seats: list[str], seed: int) -> dict:
    s = _session(level, seats, seed)
    while s.view().phase == "setup":
        s.poll()
    return s.state.places


@pytest.mark.parametrize("level,seats", [
    ("levels/standard_2p.yaml", ["ai:normal", "ai:hard"]),
    ("levels/standard_2p.yaml", ["ai:easy", "ai:hard"]),
    ("levels/four_players.yaml", ["ai:easy", "ai:hard", "ai:normal", "ai:normal"]),
    ("levels/four_players.yaml", ["ai:hard", "ai:normal", "ai:hard", "ai:easy"])])
def test_the_ai_lays_its_haven_among_the_locations_r2(level, seats):
    """R2: a Haven goes down like a Location, once every player has placed one. The AI
    scored a Haven below any Location, so laid it last, where the edge had room: on a
    corner of the Field in all 16 games' Havens on the standard level. Laid first, with
    the Locations placed by compactness alone, the Field grew to one side of the
    Havens: half of them ended on its edge (a corner with an easy seat's ties). Over
    six deals, every Haven now stands inside the Field, off its edge, and nearer the
    Locations on average than a Location is."""
    gaps, edges = [], []
    for seed in range(6):
        places = _laid(level, seats, seed)
        locations = [c for c, p in places.items() if p.kind == "location"]

        def spread(cell) -> float:  # mean distance to the other Locations
            others = [c for c in locations if c != cell]
            return sum(distance(cell, c) for c in others) / len(others)

        typical = sum(spread(c) for c in locations) / len(locations)
        xs, ys = {c[0] for c in places}, {c[1] for c in places}
        for cell, p in places.items():
            if p.kind == "haven":
                gaps.append(spread(cell) - typical)
                if cell[0] in (min(xs), max(xs)) or cell[1] in (min(ys), max(ys)):
                    edges.append((seed, cell))
    assert sum(gaps) / len(gaps) < 0, gaps
    assert not edges, edges


def _laid_by_suggestion(level: str, seats: list[str], seed: int) -> tuple[dict, tuple]:
    """Setup with seat 0 a player who takes the window's first suggestion every time:
    the Field, and that player's Haven cell."""
    from game.ui.table.model import Board
    s = _session(level, seats, seed)
    while s.view().phase == "setup":
        if s.to_act == 0:
            s.act(Board(s.view(), s.legal(), s.game.db).everything()[0])
        else:
            s.poll()
    return s.state.places, s.state.seats[0].havens[0]


@pytest.mark.parametrize("level,others", [
    ("levels/standard_2p.yaml", ["ai:normal"]),
    ("levels/four_players.yaml", ["ai:easy", "ai:hard", "ai:normal"])])
def test_the_window_s_suggestions_lay_the_haven_among_the_locations_r2(level, others):
    """The window suggests where the AI would place (placement.fit). Ranked by
    compactness alone, a player following them laid the Haven last, on the Field's
    edge; now, over four deals, that Haven stands inside the Field."""
    edges = []
    for seed in range(4):
        places, haven = _laid_by_suggestion(level, ["human"] + others, seed)
        xs, ys = {c[0] for c in places}, {c[1] for c in places}
        if haven[0] in (min(xs), max(xs)) or haven[1] in (min(ys), max(ys)):
            edges.append((seed, haven))
    assert not edges, edges
