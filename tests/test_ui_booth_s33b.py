"""What the booth showed strangers at the live window (helper s33b, `booth --window` and
full screen under Xvfb, 1920x1080 and 1280x720)."""
from __future__ import annotations

import pygame
import pytest

from game.ui.cardface import CARD_RATIO
from game.ui.table import TableScene, ink
from game.ui.table.anims import Fly
from game.ui.table.paint import Painter

from test_booth import booth_app, frame, key, set_up

SIZES = [(960, 540), (1280, 720), (1920, 1080)]


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



def test_nothing_of_the_hand_shows_around_or_through_the_call_to_play(tmp_path, card_db,
                                                                        monkeypatch):
    """Attract mode: "Click or press any key to play" lay over the seat on show's hand
    on a see-through pane, the cards' tops peeping out on both sides of it and below
    its line, their names read through it (shot 14_idle_12): a mess under the one thing
    a passer-by must read. The strip below the hand's caption is the call's own now."""
    paint_hand, shown, mark = Painter.hand, [0], [(255, 0, 255)]

    def marked(p, surf, caption):  # the cards painted over in one colour
        paint_hand(p, surf, caption)
        shown[0] = len(p.hand_rects())
        for r in p.hand_rects():
            surf.fill(mark[0], r.clip(surf.get_rect()))
    monkeypatch.setattr(Painter, "hand", marked)
    for size in SIZES:
        app, clock = booth_app(tmp_path / f"{size[0]}", card_db, size)
        shown[0] = 0
        while not shown[0]:  # on until the seat on show holds cards
            frame(app, clock)
        t = app.top
        assert isinstance(t, TableScene) and app.booth.state == "attract"
        hand = t.lay.hand
        below = hand.top + t.px(2) + ink.font(t.px(13)).get_linesize()  # the caption's foot
        strip = pygame.Rect(hand.x, below, hand.w, hand.bottom - below)
        # The same frame again (no time passes), the cards another colour: what changes
        # shows.
        shots = []
        for mark[0] in ((255, 0, 255), (0, 255, 0)):
            frame(app, clock, dt=0.0)
            shots.append(pygame.image.tobytes(app.screen.subsurface(strip), "RGB"))
        seen = sum(a != b for a, b in zip(*shots))
        assert seen == 0, f"{size}: {seen} bytes of the hand show"


@pytest.mark.parametrize("size", SIZES)
def test_the_two_players_offer_leaves_the_off_field_panel_readable(tmp_path, card_db,
                                                                  size):
    """A visitor's first minutes: "Two players?" lay over the Off Field panel until the
    first move (shot 03_after_setup), so a stranger exploring the screen could not read
    what the panel is for, while the hand's Global Effect is played there. The offer
    stands in the empty room under the seat panels: it covers no panel, and the Off
    Field panel's words show."""
    app, clock = booth_app(tmp_path, card_db, size)
    b = app.booth
    frame(app, clock, key(pygame.K_SPACE))
    set_up(app, clock)
    frame(app, clock)
    t = app.top
    box = b.two_button
    assert box is not None and app.screen.get_rect().contains(box)
    for panel in (t.lay.off_field, t.lay.map, t.lay.field, t.lay.hand):
        assert not box.colliderect(panel)
    seats = [r for r, what in t.hits if what[0] == "seat"]
    assert len(seats) == 2 and not box.collidelistall(seats)
