"""The booth and the guided game, s36b: strangers at the table for a day (issue 17)."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from test_booth import booth_app, click, frame, key, set_up  # noqa: E402
from game.engine import apply  # noqa: E402
from game.match import load_game  # noqa: E402
from game.ui.guide import SEED, Guide, find_script  # noqa: E402

DEMO = Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml"


def test_every_move_the_guide_asks_between_its_steps_is_said_and_why():
    """Issue 17, the guided first game: "each step says what to do and why". Between the
    six steps the script asks the person for Running Away from the Cat, the run's cell,
    Scavenging again and readying the Rust-Blade, and the panel said only "Now: Choose ·
    Do as the glowing choice shows" (s36b, 1366x768, shots gw1366_08, 14, 24): each
    scripted move of the guided seat is named, and the words say what it does."""
    game = load_game(DEMO, 2)
    script = find_script(game)
    guide = Guide(script)
    st = game.new_state(SEED)
    asked = 0
    for a in script.actions:
        if guide.scripted(st) is not None:
            heading, words = guide.words(st)
            assert "Choose" not in heading and "Do as the glowing choice" not in words, \
                (str(a), heading, words)
            asked += 1
        apply(st, a)
    assert asked > 40


def test_two_at_a_keyboard_take_the_two_players_offer_with_a_key(tmp_path, card_db):
    """Issue 17: "a two-player hot-seat game from one more click". Two visitors at the
    keyboard alone (s36b, shot k02) started a game with a key, and "Two players? Click
    here" was the mouse's only: 2 takes the offer while it stands, and only then (after
    the first move it is an ordinary key again, as in the table's list of keys)."""
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    frame(app, clock, key(pygame.K_RETURN))
    assert b.kind == "one" and b.two_button is not None
    frame(app, clock, key(pygame.K_2))
    assert app.session.seats == ["human", "human"] and b.started["two"] == 1

    frame(app, clock, key(pygame.K_ESCAPE))  # a one-player game once more, moved in
    frame(app, clock, key(pygame.K_q))
    frame(app, clock, key(pygame.K_RETURN))
    assert b.kind == "one"
    set_up(app, clock)
    app.session.act(app.session.legal()[0])  # the first move: the offer is gone
    frame(app, clock)
    assert b.two_button is None
    game = app.session
    frame(app, clock, key(pygame.K_2))
    assert app.session is game and b.started["two"] == 1


def test_who_sits_down_in_a_game_under_way_may_start_afresh(tmp_path, card_db):
    """Issue 17: strangers "walking off mid-game". The next one, sitting down before the
    idle time, saw the last one's game as their own (s36b, shot s06), and a fresh game
    was Esc, Leave this game, then a click (s07, s08). After the first move, where "Two
    players?" stood, "New game?" is offered; a click asks "Sure?" (a booth game is never
    saved: one click by the player in it would lose it), a second within CONFIRM seconds
    puts the game away and starts a fresh one; later, the first click is forgotten."""
    from game.ui.booth import CONFIRM
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    frame(app, clock, key(pygame.K_RETURN))
    set_up(app, clock)
    frame(app, clock)
    assert b.fresh_button is None  # before the first move: "Two players?" stands there
    app.session.act(app.session.legal()[0])
    frame(app, clock)
    old, spot = app.session, b.fresh_button.center
    assert b.two_button is None
    frame(app, clock, click(spot))
    assert app.session is old  # asked, not done
    frame(app, clock, dt=CONFIRM + 1)
    frame(app, clock, click(spot))
    assert app.session is old  # the first click was forgotten: asked again
    frame(app, clock, click(spot), dt=1)
    assert app.session is not old and b.kind == "one" and b.state == "playing"
    assert b.ended[("one", "put away")] == 1 and b.started["one"] == 2
    assert app.session.human_moves == 0
