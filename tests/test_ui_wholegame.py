"""Whole games in the window, from the Title scene to the Game over scene, played
with synthetic mouse events only (tests/mouse_player.py): one human against the
easy AI, and two humans sharing the screen with the hand-off curtain between them."""
from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from mouse_player import MousePlayer  # noqa: E402
from zones import hidden_from  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.scenes.game_over import GameOverScene  # noqa: E402
from game.ui.scenes.new_game import NewGameScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table import TableScene  # noqa: E402
from conftest import keys_for_tests  # noqa: E402


@pytest.fixture
def app(tmp_path):
    app = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    app.to_menu()
    yield app
    app.quit()


def new_game(player: MousePlayer, seats: list[str], seed: int, monkeypatch,
             level: str = "quick_demo") -> TableScene:
    """Title, New game, the level (the quick demo) with these seats, Start: all by clicks."""
    app = player.app
    player.step()
    assert isinstance(app.top, TitleScene)
    player.press(app.top.new)
    form = app.top
    assert isinstance(form, NewGameScene)
    player.choose(form.level_choice, next(lv for lv in form.levels if lv.id == level))
    player.choose(form.seat_choice, len(seats))
    for choice, kind in zip(form.kind_choices, seats):
        player.choose(choice, kind)
    # The form draws the game's seed from `random`: a fixed game, the global one untouched.
    monkeypatch.setattr("game.ui.scenes.new_game.random", random.Random(seed))
    player.press(form.start)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.seats == seats and table.session.config.level.endswith(f"{level}.yaml")
    return table


def test_one_human_against_the_easy_ai_by_mouse(app, monkeypatch):
    seen = []

    def watch(app):
        t = app.top
        if isinstance(t, TableScene):
            assert t.curtain_button is None, "a curtain with one human"
            leaked = set(t.shown) & hidden_from(t.session.state, 0)
            assert not leaked, f"drawn for seat 0: {leaked}"
            seen.append(t.session.to_act)

    player = MousePlayer(app, seed=1, on_frame=watch)
    table = new_game(player, ["human", "ai:easy"], seed=5, monkeypatch=monkeypatch)
    over = player.play()
    s = table.session
    assert isinstance(over, GameOverScene) and s.result is not None
    assert over.title  # who won, in words
    assert 1 in seen and 0 in seen  # both seats decided on the way
    # The human seat played by clicks and drags alike, not by one gesture only.
    assert sum(player.used.values()) >= 20
    assert any(g.startswith("drag") for g in player.used)
    assert any(g.startswith("click") for g in player.used)


def test_two_humans_hot_seat_by_mouse(app, monkeypatch):
    curtains = passes = secret_passes = 0
    state = {"curtain": False, "decider": -1}  # nobody sits there as the game opens

    def watch(app):
        nonlocal curtains, passes, secret_passes
        t = app.top
        if not isinstance(t, TableScene):
            return
        s = t.session
        on = t.curtain_button is not None
        assert on == (s.handoff() is not None)
        if on:
            assert t.shown == [], "something drawn over the curtain"
        else:
            leaked = set(t.shown) & hidden_from(s.state, s.viewer)
            assert not leaked, f"drawn for seat {s.viewer}: {leaked}"
        if s.human_to_act() and s.to_act != state["decider"]:
            # Control passed from one human to the other (or the game opened): the
            # curtain exactly when the new seat's view knows a card the last one's
            # does not; else the seat passes at once, drawing nothing the last may not see.
            before = state["decider"]
            secret = bool(hidden_from(s.state, before) - hidden_from(s.state, s.to_act))
            assert on == secret, (s.to_act, before, s.view().phase)
            if not on:
                assert s.viewer == s.to_act
                assert not set(t.shown) & hidden_from(s.state, before)
            passes += 1
            secret_passes += secret
            state["decider"] = s.to_act
        curtains += on and not state["curtain"]
        state["curtain"] = on

    player = MousePlayer(app, seed=2, on_frame=watch)
    table = new_game(player, ["human", "human"], seed=6, monkeypatch=monkeypatch)
    over = player.play()
    assert isinstance(over, GameOverScene) and table.session.result is not None
    assert secret_passes >= 2 and passes - secret_passes >= 2, (passes, secret_passes)
    assert curtains == secret_passes, (curtains, secret_passes)  # one for each, no other
