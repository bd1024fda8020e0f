"""What the table draws over a cell for a while stays with the cell and over it: words
rising where something happened follow the cell when the Field slides or zooms under
them (as the Bonked plate and a defeated Disaster's fade do: AtCell), and the plate
saying where the Bonked and Killed go fits over their cell, not over the cells beside."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.ui.table.anims import Float

import test_ui_table
from test_ui_combat_forecast import Recorder
from test_ui_combat_panel import _last_blow
from test_ui_fallen import normal

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rising_words_follow_their_cell_when_the_field_zooms(make_app, size):
    """Valen's blow on the Tengu Crow: "-2" and "Defeated!" rise over the Crow. The
    camera zooms while they show: they rise from the same place of the Crow's cell,
    as the cell is placed now (they stayed at their old place on the screen)."""
    sc, valen, crow = _last_blow()
    s, t = normal(make_app, sc, ["human"], size)
    cell = sc.unit(crow).pos
    t.send(A.Declare(valen, "attack"))
    t.app.step([], 0.016)
    words = [a for a in t.animator.anims if isinstance(a, Float)]
    assert len(words) >= 2
    while not words[0].tween.started:  # the first of them under way
        t.animator.update(1 / 30)

    def drawn():
        rec = Recorder(t.size)
        t._draw_anims(rec)
        at = next(r for pic, r in rec.drawn if pic is words[0].pic)
        return at, [a.at for a in words], t.lay.cells[cell]

    (rise0, starts0, r0) = drawn()
    t.camera.zoom(1, r0.center)
    t.camera.snap()
    t._place_field()
    (rise1, starts1, r1) = drawn()
    assert r1 != r0 and r1.w > r0.w  # the cell moved and grew
    for (x0, y0), (x1, y1) in zip(starts0, starts1):
        assert abs(x1 - (r1.x + (x0 - r0.x) * r1.w / r0.w)) <= 2
        assert abs(y1 - (r1.y + (y0 - r0.y) * r1.h / r0.h)) <= 2
    assert rise1.centerx == starts1[0][0]  # drawn from there, risen as far
    assert starts1[0][1] - rise1.centery == starts0[0][1] - rise0.centery
