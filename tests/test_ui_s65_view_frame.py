"""The s65 stop (window): the table's own framing at the start shows the whole of a
small Field where readable tiles allow it, at 960x540 too."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import scene_app, scene_session, table  # noqa: E402

from game.ui.table import tiles  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def demo_field():
    """The quick demo's Field after set-up: 3 by 3 cells, its corner (0, 0) empty, the
    two Havens side by side in the middle row, six Locations round them."""
    from test_rules_items import CARDS
    from scene import Scene
    from game.engine.state import EQUIP
    sc = Scene(CARDS, seats=2)
    for cell in ((1, 0), (2, 0), (0, 1), (0, 2), (1, 2), (2, 2)):
        sc.location(cell)
    sc.haven((1, 1))
    sc.haven((2, 1), seat=1)
    sc.char("hero", (1, 1))
    sc.turn(EQUIP)
    return sc


@pytest.mark.parametrize("size", [(960, 540), (1024, 600), (1280, 720), (1920, 1080)])
def test_the_opening_view_shows_every_location_of_a_small_field(make_app, size, tmp_path):
    """At 960x540 the opening view showed 3 of the quick demo's 8 Locations with an
    empty cell at their left, and F showed them all (s65's playtest): the smallest
    readable rung there was one a pixel larger than 1280x720's smallest, where 2 by 2
    whole cells fit. Every Place lies whole in what shows, its name in type no smaller
    than 1280x720's smallest tile's (13 px)."""
    sc = demo_field()
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    for _ in range(40):  # the view glides to rest
        t.app.step([], 0.05)
    pygame.image.save(t.app.screen, str(tmp_path / f"open_{size[0]}.png"))
    seen = t.seen()
    out = [c for c in t.board.places if not seen.contains(t.lay.cells[c])]
    assert not out, (out, seen)
    assert tiles.name_px(t.lay.cells[(1, 1)].h) >= 13


def test_a_field_wider_than_the_view_opens_on_the_side_with_more_locations(make_app,
                                                                            tmp_path):
    """A Field 4 cells wide at 960x540 shows 3 columns of it: the window rests half a
    cell either side of the Field's middle, and took the left one however empty (s65's
    playtest: an empty cell in view, Locations out of it). It takes the side that
    holds more Places: here the right, whose column is full, not the left's one."""
    from test_rules_items import CARDS
    from scene import Scene
    from game.engine.state import EQUIP
    sc = Scene(CARDS, seats=2)
    for cell in ((0, 0), (1, 0), (2, 0), (3, 0), (1, 2), (2, 2), (3, 2), (3, 1)):
        sc.location(cell)
    sc.haven((1, 1))
    sc.haven((2, 1), seat=1)
    sc.char("hero", (1, 1))
    sc.turn(EQUIP)
    t = table(scene_app(make_app, sc, (960, 540)), scene_session(sc, ["human", "ai:random"]))
    for _ in range(40):
        t.app.step([], 0.05)
    pygame.image.save(t.app.screen, str(tmp_path / "wide_960.png"))
    seen = t.seen()
    shown = {c for c in t.board.places if seen.contains(t.lay.cells[c])}
    assert len(shown) == 9 and (0, 0) not in shown, sorted(shown)
