"""s68: the keys and clicks a newcomer expects at the table. Esc while the table plays
what others did skips it (a second Esc opens the menu), and Esc while the person
leaving watches brings the curtain, as the bar's "any key: now" says; Space in the
Equip phase with cards still playable asks once; a click on a card in the Discard
phase chooses it and asks; the booth's staff quit with Ctrl+Shift+Q (exit 0); no
display is one line; --size takes ASCII digits only. Driven by the scene's own events."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import EQUIP  # noqa: E402
from game.ui.booth import QUIT  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402

import test_ui_table  # noqa: E402
from test_booth import booth_app, frame  # noqa: E402
from test_booth import key as booth_key  # noqa: E402
from test_ui_discard_s30d import discard_scene  # noqa: E402
from test_ui_duel_plan import plan_and_fight  # noqa: E402
from test_ui_replay import ai_fights_in_my_turn, imp_walks_in  # noqa: E402
from test_ui_s65_input import two_seats  # noqa: E402
from test_ui_table import click, key  # noqa: E402
from test_ui_watching import seat_1_seated  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
FRAME = 1 / 30
ROOT = Path(__file__).resolve().parent.parent


def test_esc_skips_a_replay_and_a_second_esc_opens_the_menu(make_app):
    """The AI seat's Combat replayed as the person's choice comes, the bar saying "any
    key or click: skip": Esc opened the pause menu over it. It skips the replay, says
    so and that Esc again is the menu; the second Esc opens it."""
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app)
    assert t.skippable()
    sent = len(s.record.actions)
    key(app, pygame.K_ESCAPE)
    assert app.top is t and not t.animator.busy and len(s.record.actions) == sent
    assert t.message[0].endswith("Esc again: the menu.") and t.noted
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


def test_esc_while_ai_seats_play_skips_what_plays(make_app):
    """An AI seat's turn animated (the person only watches): the first Esc skips what
    plays, not the menu; the game goes on, and the next Esc, soon after, is the menu."""
    s, app, t = _ai_turn_playing(make_app)
    key(app, pygame.K_ESCAPE)
    assert app.top is t and not t.animator.busy
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


def _ai_turn_playing(make_app):
    """ai_fights_in_my_turn's table up to the first frame an AI seat's action plays."""
    s, app, t, hero, ogre = imp_walks_in(make_app)
    for _ in range(600):
        if not s.human_to_act() and s.handoff() is None and t.animator.busy:
            return s, app, t
        app.step([], FRAME)
    raise AssertionError("no AI seat's action played")


def test_esc_while_watching_brings_the_curtain_then_the_menu(make_app):
    """Two people at a Combat between them: the person whose Fight! resolved the round
    watches it, the bar saying "the curtain comes as this ends (any key: now)". Esc
    opened the pause menu over their view. It brings the curtain; Esc on the curtain
    is the menu (drawn over it: nobody's cards show)."""
    sc, mine, foes, s, app, t = seat_1_seated(make_app)
    app.step([], 1.0)
    plan_and_fight(app, t, {foes[0]: ("attack", mine[1]), foes[1]: ("protect", foes[0])})
    for _ in range(300):
        if s.watch is not None:
            break
        app.step([], FRAME)
    assert s.watch is not None
    for _ in range(9):  # 0.3 s into it: a person's press
        app.step([], FRAME)
    assert s.watch is not None
    key(app, pygame.K_ESCAPE)
    assert app.top is t and s.watch is None and s.handoff() is not None
    app.step([], FRAME)
    assert t.curtain_button is not None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene) and s.handoff() is not None


def test_space_in_the_equip_phase_with_cards_to_play_asks_once(make_app):
    """Seat 0's Equip phase, its Shield playable: Space ended the phase at once, the
    card unplayed and nothing said. The first Space asks (what may still be
    played), sending nothing; the second ends the phase."""
    s, app, t, hero, tank, hands = two_seats(make_app, EQUIP, 0)
    playable = [c for c in t.board.hand if t.board.click.get(("card", c))
                or t.board.drops.get(("card", c))]
    assert playable
    sent = len(s.record.actions)
    key(app, pygame.K_SPACE)
    assert len(s.record.actions) == sent
    assert [t.board.card(c).type for c in playable] == ["equipment"]
    assert t.message[0] == ("You can still play a piece of Equipment: end the "
                            "Equip phase? Space again ends it.")
    key(app, pygame.K_SPACE)
    assert s.record.actions[sent:] == [A.EndPhase()]


def test_a_click_on_a_card_in_the_discard_phase_asks_before_discarding(make_app):
    """Discard phase: a click on a card of the hand discarded it at once (a misclick
    lost a card meant to be kept). The click chooses it and a Confirm/Cancel menu
    asks; Cancel sends nothing, Confirm discards it."""
    s, app, t, reiji, mio, card = discard_scene(make_app)
    pos = t.hand_rects[card].center
    click(app, pos)
    assert s.record.actions == [] and t.armed == ("card", card)
    assert [a for _, a in t.menu.items] == [A.DiscardCard(card), None]
    assert t.menu.items[0][0] == f"Confirm: Discard {t.name(card)}"
    rows = {i: r for r, i in t.menu.rows_shown()}
    click(app, rows[1].center)  # Cancel
    assert s.record.actions == [] and t.menu is None
    app.step([], 0.5)
    click(app, t.hand_rects[card].center)
    rows = {i: r for r, i in t.menu.rows_shown()}
    click(app, rows[0].center)
    assert s.record.actions == [A.DiscardCard(card)]


def test_the_booth_s_staff_quit_with_ctrl_shift_q_exit_0(tmp_path, card_db, monkeypatch):
    """Ctrl+Shift+Q went to the title, whose Esc is Quit (a passer-by's Esc ended the
    program) and whose Quit the staff had to find. It ends the program, exit code 0; a
    visitor's Esc in a game only opens and closes the pause menu."""
    app, clock = booth_app(tmp_path, card_db)
    frame(app, clock, booth_key(pygame.K_RETURN))  # a visitor's game
    for _ in range(3):
        frame(app, clock, booth_key(pygame.K_ESCAPE))
        assert app.running and app.booth is not None
    pygame.event.clear()
    # The chord, then a passer-by's Esc (which, on the title the chord led to, quit).
    for k, mod in ((QUIT[0], pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT), (pygame.K_ESCAPE, 0)):
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0))
    monkeypatch.setattr(pygame, "quit", lambda: None)  # (run's, at its end: the next tests')
    assert app.run() == 0
    assert not app.running and app.booth is None
    assert not isinstance(app.top, TitleScene), "the chord led to the title"


def _main(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)


def test_no_display_is_one_line(tmp_path):
    """`python main.py` with no display: SDL's probe printed libwayland's "error:
    XDG_RUNTIME_DIR is invalid or not set in the environment." before our line, read as
    a second mistake. One line, exit 2."""
    env = {k: v for k, v in os.environ.items() if k not in (
        "SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR")}
    env.update(XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_DATA_HOME=str(tmp_path / "d"),
               PYTHONPATH=str(ROOT))
    done = _main(env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "no display was found" in done.stderr, done.stderr


def test_screenshot_size_takes_ascii_digits_only(tmp_path):
    """Full-width digits ("１２８０x720") were read as 1280 by int(), and the picture
    drawn: one line naming what is expected, exit 2, nothing written."""
    out = tmp_path / "x.png"
    for size in ("１２８０x720", "1_280x720"):
        done = _main("screenshot", "--out", str(out), "--size", size,
                     env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert "digits 0-9" in done.stderr and not out.exists()
