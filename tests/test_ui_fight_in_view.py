"""A Combat on show has its cell in view above its panel, and what rises or stays over
a hit token is drawn on that token's cell. The panel came as the Combat's first event
played, over the lower part of a view framed before it: the fight went on behind the
panel, and its words ("-7", "Killed!") and the Killed plate were drawn at the nearest
edge of the view, over another cell's tokens (a verifying audit, hot-seat, mirror)."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine.options import Options
from game.engine.state import MOVE
from game.ui.table.anims import AtCell, Float

import test_ui_table
from test_ui_combat_forecast import Recorder
from test_ui_combat_panel import SEER
from test_ui_fallen import normal

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _low_fight(width: int = 2, height: int = 3):
    """Valen and the Tengu Crow in the bottom-right cell of a Field `width` by
    `height`, in its bottom row, where the panel comes."""
    from scene import Scene
    sc = Scene(SEER, options=Options(charm_combat=False))
    for x in range(width):
        for y in range(height):
            sc.location((x, y))
    valen = sc.char("valen", (width - 1, height - 1))
    crow = sc.disaster("crow", (width - 1, height - 1))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    return sc, valen, crow


def _settle(t, until=lambda: False):
    for _ in range(600):
        t.app.step([], 1 / 30)
        if until() or not (t.animator.busy or t.camera.goal is not None):
            return


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_combat_s_cell_shows_above_its_panel_and_its_hits_rise_there(make_app, size):
    sc, valen, crow = _low_fight()
    s, t = normal(make_app, sc, ["human"], size)
    cell = (1, 2)
    assert t.seen().contains(t.lay.cells[cell])  # in view before the Combat
    t.send(A.Fight(crow))
    _settle(t)
    assert t.combat_cover is not None
    assert t.seen().contains(t.lay.cells[cell]), (t.seen(), t.lay.cells[cell])
    t.send(A.Declare(valen, "attack"))
    t.app.step([], 0.016)
    words = [a for a in t.animator.anims if isinstance(a, Float)]
    assert words and all(w.cell == cell for w in words)
    drawn_any = False
    while t.animator.anims:
        rec = Recorder(t.size)
        t._draw_anims(rec)
        here = t.lay.cells[cell]
        for pic, r in rec.drawn:
            if any(pic is w.pic for w in words):
                drawn_any = True
                assert here.left <= r.centerx <= here.right, (r, here)
        t.animator.update(1 / 30)
    assert drawn_any


def test_what_stays_with_a_cell_out_of_sight_is_not_drawn_over_another(make_app):
    """Scrolled out of sight, a cell's words and plates are not drawn at the edge of
    the view (over the cell there): the camera brings a Combat's cell into view."""
    sc, valen, crow = _low_fight()
    s, t = normal(make_app, sc, ["human"], (1280, 720))
    t.send(A.Fight(crow))
    _settle(t)
    t.send(A.Declare(valen, "attack"))
    t.app.step([], 0.016)
    kept = [a for a in t.animator.anims + t.animator.marks if isinstance(a, AtCell)]
    assert kept
    t.camera.zoom(4, t.lay.cells[(0, 0)].topleft)  # (1, 2) out of sight
    t.camera.snap()
    t._place_field()
    assert not t.seen().colliderect(t.lay.cells[(1, 2)])
    rec = Recorder(t.size)
    while t.animator.anims:
        t._draw_anims(rec)
        t.animator.update(1 / 30)
    assert not any(pic is getattr(a, "pic", None) for a in kept for pic, _ in rec.drawn)
    assert not any(r.colliderect(t.seen()) for pic, r in rec.drawn
                   if any(k.tokens and pic is k.tokens[0][0] for k in kept))
