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
from game.engine.state import EQUIP, MOVE, SCAVENGE  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402
from game.ui.session import Session, SessionConfig  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table.scene import AI_PAUSE  # noqa: E402

import test_ui_table  # noqa: E402
from conftest import replay_keys  # noqa: E402
from test_ui_s65_input import two_seats  # noqa: E402
from test_ui_setup_for_me import opened, press  # noqa: E402
from test_ui_table import DEMO, STANDARD, click, key, session  # noqa: E402

make_app = test_ui_table.make_app  # the fixture
DT = 1 / 64  # a frame, exact in binary


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



# No pause after an action with nothing to animate ------------------------------------------
def test_an_action_with_nothing_to_animate_lets_the_next_play_at_once(tmp_path):
    """Two AI seats on the demo level at the normal speed: after an action with nothing to
    animate (an End phase, a Pass) the table waited AI_PAUSE (0.35 s) all the same before
    the next. The next now plays at the next frame; after one that animates, the pause
    and the beat after it stand."""
    app = App((1280, 720), Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
    s = Session(SessionConfig(DEMO, ["ai:easy", "ai:easy"], seed=2), threaded=False,
                keys=replay_keys(2, 2))
    app.play(s)
    while s.state.phase == "setup":
        app.step([], DT)
    gaps = {True: [], False: []}  # frames to the next action, by whether it animated
    made, since, animated = len(s.record.actions), 0, None
    for _ in range(900):
        app.step([], DT)
        since += 1
        if len(s.record.actions) != made:
            if animated is not None:
                gaps[animated].append(since)
            made, since, animated = len(s.record.actions), 0, app.top.animator.busy
    assert len(gaps[False]) >= 3 and set(gaps[False]) == {1}, gaps[False]
    assert len(gaps[True]) >= 5 and min(gaps[True]) * DT >= AI_PAUSE, gaps[True]
    app.quit()


# The log rebuilt for the next person keeps an attack that started over -------------------
def test_the_log_rebuilt_for_the_next_person_says_the_attack_started_over(make_app):
    """Hot seat: Player 1 attacks the Vault, then their group leaves it, and the log says
    "Player 1's attack on Vault starts over". That line is no event (the engine lifts the
    attack with none): the log rebuilt for Player 2, once seated, had every line but it.
    It has it, where it fell, and again once Player 1 is back."""
    from scene import Scene
    from test_ui_s68_combat import LOCATION_CARDS
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(LOCATION_CARDS, seats=2)
    sc.location((0, 0), "vault", under=["gem"])
    sc.location((1, 0), "fort")
    sc.location((0, 1))
    group = [sc.char("hero", (0, 0)) for _ in range(2)]
    sc.char("hero", (1, 0), seat=1)
    sc.turn(SCAVENGE)
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    t = table(scene_app(make_app, sc), s)
    t.send(A.AttackLocation((0, 0)))
    sc.st.phase = MOVE  # (straight to a Move, as far as the attack goes)
    t.refresh()
    t.send(A.Move(tuple(group), (0, 1)))
    app = t.app
    app.step([], 0.016)
    over = "Player 1's attack on Vault starts over (the group left it): its Health is full again"
    moved = next(i for i, (w, _) in enumerate(t.log_lines) if w.endswith("moved to Plain"))
    assert t.log_lines[moved + 1][0] == over
    for seat in (1, 0):
        while s.to_act != seat:
            if s.handoff() is not None:
                s.take_seat()
            else:
                t.send(A.EndPhase())
            app.step([], 0.016)
        if s.handoff() is not None:
            s.take_seat()
        app.step([], 0.016)
        assert s.viewer == seat
        lines = [w for w, _ in t.log_lines]
        assert over in lines and lines[lines.index(over) - 1].endswith("moved to Plain"), lines
