"""What a newcomer met at the window (s50): a Haven fighting from next door (R35) was out
of view in Combat between players (the panel's buttons named a Haven the player could
not find), and a Character whose Movement fell after it moved was said to have "moved 2
of 1 Movement"."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import test_ui_table  # noqa: E402
from test_ui_table import scene_app, scene_session, table  # noqa: E402


make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _beside(haven, fight, grid=(4, 4)):
    """Seat 0's Daigo challenges seat 1's two at `fight`, on a Field of Locations
    `grid` wide, seat 0's Haven with Attack at `haven`, next door (R35)."""
    from scene import Scene
    from game.engine import actions as A
    from game.engine.options import Options
    from game.engine.state import MOVE
    from test_rules_duel import fort
    from test_ui_combat_overlap import HAVEN, TITLED
    sc = Scene(TITLED + HAVEN, seats=2, options=Options(charm_combat=False))
    for x in range(grid[0]):
        for y in range(grid[1]):
            if (x, y) != haven:
                sc.location((x, y))
    for c in ("pawlina", "marlowe"):
        sc.char(c, fight, seat=1)
    sc.char("daigo", fight, seat=0)
    fort(sc, haven, 0)
    for seat in (0, 1):
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, fight))
    return sc


@pytest.mark.parametrize("size,haven,fight", [((960, 540), (3, 2), (2, 2)),
                                              ((1920, 1080), (1, 3), (1, 2))])
def test_a_haven_fighting_from_next_door_is_brought_into_view_with_the_fight(
        make_app, size, haven, fight):
    """The camera framed the Combat's cell alone: at 960x540 the Haven in the next
    column, at 1920x1080 the one in the next row (two rows show above the panel there)
    were out of view. Now both show, whole."""
    sc = _beside(haven, fight)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    t.app.step([], 0.016)
    assert t.combat_cover is not None
    assert t.seen().contains(t.lay.cells[fight]) and t.seen().contains(t.lay.cells[haven])


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
@pytest.mark.parametrize("haven,fight", [((1, 3), (1, 2)), ((1, 0), (1, 1))])
def test_a_haven_next_door_a_row_off_is_named_at_the_fields_edge(
        make_app, monkeypatch, size, haven, fight):
    """Above the panel 1280x720 and 960x540 show one row: a Haven a row above or below
    the Combat cannot show with it. A tag in the band between that row and the panel
    (or the Field's top), in its owner's colour, names it and points its way."""
    from game.ui.table import ink
    said, fit = [], ink.fit

    def spy(words, *args, **kwargs):
        said.append(words)
        return fit(words, *args, **kwargs)
    monkeypatch.setattr(ink, "fit", spy)
    sc = _beside(haven, fight)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    t.app.step([], 0.016)
    t.app.draw()
    seen, cover, field = t.seen(), t.combat_cover, t.lay.field
    assert not seen.colliderect(t.lay.cells[haven])
    assert "Your Haven Forward Base Anvil, fighting from next door" in said
    below = haven[1] > fight[1]
    band = (seen.bottom, cover.top) if below else (field.top, seen.top)
    blue = ink.owner_colour(0)
    edge = [(x, y) for y in range(*band) for x in range(seen.left, seen.right)
            if tuple(t.app.screen.get_at((x, y)))[:3] == blue]
    assert len(edge) > 100, (band, len(edge))


def test_movement_lowered_after_a_move_is_not_said_as_moved_2_of_1(make_app, monkeypatch):
    """The Scout moved 2, then put a Cannon to use (Movement -1): clicked, she "has moved
    2 of 1 Movement", and her panel said "Moved 2 of 1 this Turn", read as the game's
    fault. They say what she moved, and what she has now and why."""
    from scene import Scene
    from game.engine.state import MOVE
    from game.ui.table import ink
    from test_ui_table import STILL_CARDS, click
    sc = Scene(STILL_CARDS)
    sc.location((0, 0))
    scout = sc.char("scout", (0, 0), equipment=["cannon"])
    sc.unit(scout).using = list(sc.unit(scout).equipment)
    sc.unit(scout).moved = 2
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, (960, 540)), scene_session(sc, ["human"]))
    drawn, fit = [], ink.fit
    monkeypatch.setattr(ink, "fit", lambda words, *a, **k: (drawn.append(words),
                                                           fit(words, *a, **k))[1])
    click(t.app, t.unit_rects[scout].center)
    assert t.message[0] == ("Scout has moved 2 this Turn and now has Movement 1 (printed 2: "
                            "Heavy Ion Cannon -1): none is left."), t.message
    t._stale = True
    t.app.step([], 0.016)
    assert "Moved 2 this Turn, none left" in drawn and not any("2 of 1" in w for w in drawn)
