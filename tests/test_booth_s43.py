"""A booth visitor's Rematch pressed as a person presses it: inside a frame, where the
scene stack changes only after the frame (App._change). Found by s43n: the booth's
`began` refreshed `app.top`, still the game-over screen then, and the booth died with a
traceback on every Rematch (click, R, Enter). tests/test_ui_setup_for_me.py calls
`_rematch()` outside a frame, where the change is at once, so it could not see it."""
from __future__ import annotations

import pygame
import pytest

from game.ui.table import TableScene
from test_booth import at_game_over, click, frame, key

PRESSES = {
    "click": lambda over: click(over.rematch.rect.center),
    "R": lambda over: key(pygame.K_r),
    "Enter": lambda over: key(pygame.K_RETURN),
}


@pytest.mark.parametrize("how", sorted(PRESSES))
def test_a_rematch_pressed_at_the_booth_opens_the_visitors_table(tmp_path, card_db, how):
    app, clock = at_game_over(tmp_path, card_db, (1280, 720))
    over = app.top
    for _ in range(40):  # the result read a moment, as a person does before pressing
        frame(app, clock, dt=0.1)
    frame(app, clock, PRESSES[how](over))
    t, s = app.top, app.session
    assert isinstance(t, TableScene) and t.session is s
    assert app.booth.kind == "one" and app.booth.state == "playing" and s.helped == {0}
    # The table opened on the set-up the booth made for the visitor, not before it: the
    # visitor's first choice.
    assert t.board.legal and s.state.phase == "equip" and not s.human_moves
    frame(app, clock)
    assert app.top is t
