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

from game.engine import actions as A  # noqa: E402
from game.engine.state import EQUIP  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_s65_input import two_seats  # noqa: E402
from test_ui_setup_for_me import opened, press  # noqa: E402
from test_ui_table import STANDARD, click, key, session  # noqa: E402

make_app = test_ui_table.make_app  # the fixture


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


# The End phase button asks as Space does ------------------------------------------------
def end_button(app, t) -> None:
    click(app, next(r for r, k in t.hits if k == ("end",)).center)


def test_the_end_phase_button_asks_once_with_cards_still_playable(make_app):
    """Seat 0's Equip phase, its Shield playable: Space asked first ("You can still play
    ..."), the End phase button ended the phase at once, the cards unplayed. The button
    asks too, by the same path: the first click sends nothing and says so, the second
    ends the phase. With no card to play, it ends at the first click, as Space does."""
    s, app, t, hero, tank, hands = two_seats(make_app, EQUIP, 0)
    sent = len(s.record.actions)
    end_button(app, t)
    assert len(s.record.actions) == sent and s.state.phase == EQUIP
    assert t.message[0].startswith("You can still play ") and \
        t.message[0].endswith(": end the Equip phase? Click End phase again to end it."), \
        t.message[0]
    end_button(app, t)
    assert s.record.actions[sent:] == [A.EndPhase()]
    s, app, t, hero, tank, hands = two_seats(make_app, EQUIP, 0)
    s.state.seats[0].hand.clear()
    t.refresh()
    end_button(app, t)
    assert s.record.actions == [A.EndPhase()]

