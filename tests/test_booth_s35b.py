"""Strangers at the booth (s35b): what a visitor leaves half-done, or on the keyboard,
when they walk away, and what the next one finds (issue 17: "after a set time with no
input mid-game, the hands are hidden at once ... then the game is put away")."""
from __future__ import annotations

import pygame
import pytest

from test_booth import booth_app, click, frame, key, set_up
from test_ui_table import mouse


def visitor_at_their_turn(app, clock):
    """A one-player visitor's game, the set-up made for them, waiting for their move."""
    frame(app, clock, key(pygame.K_SPACE))
    set_up(app, clock)
    for _ in range(10):
        frame(app, clock)
    return app.top


@pytest.mark.parametrize("held", ["card", "field"])
def test_a_card_or_the_field_held_by_one_who_walked_away_is_let_go(tmp_path, card_db, held):
    """Issue 17 (idle reset): a visitor who walks off holding a card over the Field (or
    dragging the Field) is hidden, and lets go behind the cover, where the booth takes
    the release: back from "Still playing?", the card stuck to the pointer with no
    button down (the Field followed it), the next click anywhere let it go there, and
    "Two players?" stayed away. Now the hold ends as the game is hidden."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720))
    b = app.booth
    t = visitor_at_their_turn(app, clock)
    field = t.lay.field.center
    # A card from the hand, or the Field dragged with the wheel's button.
    src, button = (next(iter(t.hand_rects.values())).center, 1) if held == "card" else \
        (t.lay.field.midleft, 2)
    frame(app, clock, [mouse(pygame.MOUSEMOTION, src, 0), mouse(pygame.MOUSEBUTTONDOWN, src,
                                                                button),
                       mouse(pygame.MOUSEMOTION, field, button)], dt=0.016)
    assert (t.drag if held == "card" else t.panning) is not None
    frame(app, clock, dt=b.idle_after)
    assert b.covers
    frame(app, clock, [mouse(pygame.MOUSEBUTTONUP, field, button)], dt=0.016)  # let go, unseen
    frame(app, clock, click((300, 300)))  # back
    frame(app, clock, [mouse(pygame.MOUSEMOTION, (700, 200), 0)])
    assert b.state == "playing" and app.top is t
    assert (t.drag, t.press, t.panning) == (None, None, None)
    assert b.two_button is not None and not t.session.human_moves


def test_a_key_left_held_down_is_no_visitor(tmp_path, card_db):
    """Issue 17 (idle reset, "a day alone"): a key held down (a bag on the keyboard) is
    repeated by the window, and each repeat counted as input: the game never went idle,
    the visitor's hand on show for ever. Now only a press counts; the repeats neither
    keep the game from hiding nor bring it back, and the key let go, a press does."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720))
    b = app.booth
    visitor_at_their_turn(app, clock)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
    frame(app, clock, [down], dt=0.05)
    for _ in range(int(b.idle_after) + 1):
        frame(app, clock, [down], dt=1.0)
    assert b.covers
    frame(app, clock, [down], dt=1.0)
    assert b.covers  # a repeat brings nothing back
    for _ in range(int(b.countdown) + 1):
        frame(app, clock, [down], dt=1.0)
    assert b.state == "attract" and b.ended[("one", "idle")] == 1
    frame(app, clock, [down], dt=1.0)
    assert b.state == "attract"  # nor starts a game
    frame(app, clock, key(pygame.K_LEFT)[1:])  # let go
    frame(app, clock, key(pygame.K_LEFT))  # a press: someone is there
    assert b.state == "playing"


@pytest.mark.parametrize("state", ["attract", "hidden"])
def test_the_window_resized_while_the_booth_holds_the_input_is_laid_out_again(
        tmp_path, card_db, state):
    """`booth --window` dragged larger (or a screen changed under the full-screen booth)
    during the AI seats' show, or behind "Still playing?": the booth took the window's
    resize with the visitors' input, and the table stayed laid out at the old size in a
    corner of the window, the call to play beside it laid out at the new one. The booth
    takes what people press, not what the window does."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720))
    b = app.booth
    if state == "hidden":
        visitor_at_their_turn(app, clock)
        frame(app, clock, dt=b.idle_after)
    assert b.state == state
    t = app.top
    app.screen = pygame.display.set_mode((1600, 900))  # what SDL does, then says
    frame(app, clock, [pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600,
                                          h=900)])
    assert b.state == state and app.top is t
    assert t.size == t.lay.size == (1600, 900)
