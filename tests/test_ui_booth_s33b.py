"""What the booth showed strangers at the live window (helper s33b, `booth --window` and
full screen under Xvfb, 1920x1080 and 1280x720)."""
from __future__ import annotations

import pytest

from game.ui.cardface import CARD_RATIO
from game.ui.table.anims import Fly

from test_booth import booth_app, frame


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_card_placed_flies_at_its_own_size_and_shape(tmp_path, card_db, size):
    """The attract game's set-up, the first thing a passer-by sees: each Location and
    Haven placed flew to its cell as the 70-pixel face stretched to two thirds of the
    cell's width and its whole height, its name and type in blocks of pixels and the
    card squat (shots 01_attract, 02_clicked). A card placed now flies from a face drawn
    the size it lands, never enlarged, and keeps the card's proportions."""
    app, clock = booth_app(tmp_path, card_db, size, speed="normal")
    seen = 0
    while app.session.state.phase == "setup":
        frame(app, clock, dt=1 / 30)
        for a in app.top.animator.anims:
            if isinstance(a, Fly) and a.cover is not None and a.tween.started:
                w, h = a.pic.get_size()
                assert max(a.src.w, a.dst.w) <= w and max(a.src.h, a.dst.h) <= h, \
                    f"a {w}x{h} face drawn {a.dst.size} as it lands"
                assert abs(a.dst.h - a.dst.w * CARD_RATIO) <= 1, f"landing {a.dst.size}"
                assert a.dst.h >= a.cover.h * 0.9  # a card the cell's height, to be read
                seen += 1
    assert seen > 20
