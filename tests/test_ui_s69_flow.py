"""s69, the window's flow as a newcomer met it: Set up for me is a person's move (the game
is kept); the End phase button asks before ending an Equip phase with cards still
playable, as Space does; an action with nothing to animate lets the next one play at
once; and the log rebuilt for the next person in hot-seat keeps an attack on a Location
that started over."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.scenes.pause import PauseScene  # noqa: E402
from test_ui_setup_for_me import opened, press  # noqa: E402
from test_ui_table import STANDARD, key, session  # noqa: E402


# Set up for me is a person's move ------------------------------------------------------
def test_set_up_for_me_pressed_first_keeps_the_game(tmp_path):
    """The person's first move was Set up for me (the button): the helper laid their
    Field, and the pause menu said "Nobody has moved yet: this game is not kept", no
    save written. Asking for one's set-up is a move: the game is in its slot."""
    s = session(STANDARD, ["human", "ai:easy"], seed=5)
    app, t = opened(tmp_path, s)
    assert s.human_to_act() and not s.record.actions
    press(app, t, "button")
    assert s.helped == {0} and s.worth_keeping()
    for _ in range(10):  # some of the helper's choices
        app.step([], 0.05)
    assert s.record.actions
    app._written(wait=True)
    assert app.saves.held is not None and app.saves.path(app.saves.held).exists()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert app.top.kept == "Saved after every move: Continue goes on with it."
    app.quit()
