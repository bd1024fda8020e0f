"""The Field's fading notes and tokens (s70's newcomer playtest). A Bonked plate,
always put under its cell's name, covered the Health badge there (s69 kept the
table's message clear of badges, not this plate) and the target of the Combat on
show; the Field's tokens, laid anew as a defeated Disaster's token stayed till its
hit played, went under it ("Mi" of Mio read beside a Zombie)."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.engine import actions as A
from game.ui.table.anims import Fallen, Linger
from game.ui.table.tween import Tween
from game.ui.table.words import Left

import test_ui_table
from test_ui_combat_forecast import Recorder
from test_ui_combat_panel import _last_blow
from test_ui_fallen import normal
from test_ui_s68_combat import location_table
from test_ui_s69_panels import badge_on_tile
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SHOTS = os.environ.get("SHOTS")  # a folder: the tests' screens saved there, to look at
SIZES = [(1280, 720), (1920, 1080)]


def shot(t, name: str) -> None:
    if SHOTS:
        t._stale = True
        t.app.step([], 0.016)
        pygame.image.save(t.app.screen, str(Path(SHOTS) / f"{name}.png"))


def bonked_plate(t, cell) -> pygame.Rect:
    """A Bonked plate (three lines) shown at `cell`: where the table draws it."""
    mark = Fallen(Tween(30.0), cell, lambda: t.cell_placed(cell), 0.0, 0.01)
    mark.add(None, (0.1, 0.6, 0.2), "bonked", "Player 2's", "the turn after next",
             Left(items=1), t.px)
    t.animator.marks.append(mark)
    t.app.step([], 0.5)
    rec = Recorder(t.size)
    t._draw_anims(rec)
    return next(r for pic, r in rec.drawn if pic is mark.plate(t.cell_placed(cell).size))


@pytest.mark.parametrize("size", SIZES)
def test_a_bonked_plate_keeps_clear_of_the_location_s_health_badge(make_app, size):
    """Rules for Locations: a Location's Health shows on its tile, under its name,
    where the plate went (the booth's "Health 6/6" under "Bonked: back in Player 2's
    hand")."""
    sc, group, t = location_table(make_app, heroes=2, size=size)
    badge = badge_on_tile(t, (0, 0))
    plate = bonked_plate(t, (0, 0))
    shot(t, f"s70_plate_badge_{size[0]}")
    assert not plate.colliderect(badge), (plate, badge)
    t.app.quit()


@pytest.mark.parametrize("size", [(1280, 720)])  # (larger, the cell above the panel holds both)
def test_a_bonked_plate_keeps_clear_of_the_tokens_of_the_combat_on_show(make_app, size):
    """Valen fights the Crow where a plate shows: it went over their tokens' tops as the
    panel asked what he does (Mio's, the target, under "Bonked: back in your hand")."""
    sc, valen, crow = _last_blow()
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    cell = sc.unit(crow).pos
    assert t.fight is not None
    plate = bonked_plate(t, cell)
    shot(t, f"s70_plate_combat_{size[0]}")
    for u in (valen, crow):
        assert not plate.colliderect(t.unit_rects[u]), (u, plate, t.unit_rects[u])
    t.app.quit()


@pytest.mark.parametrize("size", SIZES)
def test_tokens_stand_beside_a_defeated_disaster_s_token_till_it_goes(make_app, size):
    """The Crow's last blow: its token stays where it stood till the hit plays (then
    fades). Valen's, laid anew without it, went under it; it keeps its slot beside
    it, and takes the middle of the cell once it has gone."""
    sc, valen, crow = _last_blow()
    s, t = normal(make_app, sc, ["human"], size)
    cell = sc.unit(crow).pos
    t.send(A.Declare(valen, "attack"))
    t.app.step([], 0.016)
    linger = next(a for a in t.animator.anims if isinstance(a, Linger))
    assert crow not in t.board.units
    seen = 0
    while linger in t.animator.anims:
        t.app.step([], 1 / 30)
        if linger in t.animator.anims and (stood := linger.rects()):
            seen += 1
            if seen == 1:
                shot(t, f"s70_linger_{size[0]}")
            assert not t.unit_rects[valen].colliderect(stood[0]), (t.unit_rects[valen], stood)
    t.app.step([], 1 / 30)
    assert seen and abs(t.unit_rects[valen].centerx - t.cell_placed(cell).centerx) <= 2
    t.app.quit()
