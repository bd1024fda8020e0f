"""Strangers at the booth, and its day alone (s73): what a game put away leaves behind."""
from __future__ import annotations

import os
import random
import threading
import time

import pygame
import pytest

from conftest import replay_keys
from game.ui.booth import DEMO
from game.ui.scenes.how_to_play import HowToPlayScene
from game.ui.session import Session, SessionConfig
from game.ui.table import TableScene
from test_booth import booth_app, click, frame, key, set_up
from test_booth_s35b import visitor_at_their_turn
from test_ui_table import mouse


def _open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


def _threads() -> set[threading.Thread]:
    return set(threading.enumerate())


def test_a_booth_game_put_away_before_its_ai_worker_started_leaves_nothing_open():
    """A booth day (docs/window.md, Booth mode: memory, open files and threads stay
    bounded): every game starts an AI worker process, 3 to 4 s in starting, and is sent
    the Game first (71 KB, more than a pipe holds). A game put away before the worker
    read it (a passer-by's click in the show's first seconds, "Two players?" taken at
    once, "New game") left the thread writing it blocked for ever, with its pipes: some
    400 such games filled a process's 1024 open files, and the booth crashed. Now the
    write fails once the worker is gone, and the thread ends."""
    if not os.path.isdir("/proc/self/fd"):
        return  # (the count of open files is read from /proc)
    config = SessionConfig(DEMO, ["human", "ai:easy"], seed=1)
    Session(config, keys=replay_keys(2, 1)).close()  # (what the first start opens for good)
    time.sleep(0.5)
    threads, files = _threads(), _open_files()
    for _ in range(3):
        Session(config, keys=replay_keys(2, 1)).close()  # put away at once
    deadline = time.monotonic() + 20
    while (_threads() - threads or _open_files() > files) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _threads() - threads, "a thread of a game put away lives on"
    assert _open_files() <= files, "a game put away left files open"


def test_the_rules_scrollbar_held_by_one_who_walked_away_is_let_go(tmp_path, card_db):
    """Issue 17 (idle reset), as s35b for a card held on the table: a visitor reading How
    to play from the booth's pause menu holds its scrollbar and walks off. The cover
    comes, the button's release goes to the booth; back from "Still playing?" the page
    followed the pointer with no button down, and the next click let it go. Now whatever
    the scene on top holds is let go as the game is hidden."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720))
    b = app.booth
    visitor_at_their_turn(app, clock)
    frame(app, clock, key(pygame.K_ESCAPE))  # the booth's pause menu
    frame(app, clock, key(pygame.K_h))  # How to play
    rules = app.top
    assert isinstance(rules, HowToPlayScene) and rules.max_scroll > 0
    bar = rules._bar()
    frame(app, clock, [mouse(pygame.MOUSEBUTTONDOWN, bar.midtop, 1)], dt=0.016)
    frame(app, clock, dt=b.idle_after)
    assert b.covers
    frame(app, clock, [mouse(pygame.MOUSEBUTTONUP, bar.midtop, 1)], dt=0.016)  # let go, unseen
    frame(app, clock, click((100, 100)))  # back
    assert b.state == "playing" and app.top is rules
    frame(app, clock, [mouse(pygame.MOUSEMOTION, bar.midbottom, 0)])  # no button down
    assert rules.scroll == 0, "the page followed the pointer with no button held"


def test_a_worker_whose_window_is_gone_ends_without_a_word(capfd):
    """The worker reads its jobs from a pipe only the window writes (s73, above): a
    window gone abruptly (a crash, kill -9) closes it, and the worker ended on EOFError
    with a traceback under whatever the window last said. It ends quietly (exit 0)."""
    s = Session(SessionConfig(DEMO, ["human", "ai:easy"], seed=1), keys=replay_keys(2, 1))
    worker, s._worker = s._worker, None
    worker._jobs.put(None)  # the window's end of the pipe closes, as when it dies
    worker._proc.join(60)
    assert worker._proc.exitcode == 0
    assert "Traceback" not in capfd.readouterr().err


def _walk_off_at(app, clock, moment: str):
    """A visitor's game brought to `moment`, where they leave it: their turn with the
    Field zoomed, the log scrolled and a Character looked at; the actions menu open; a
    hand card held over the Field; the pause menu; a Combat; the two players' curtain."""
    two = moment == "curtain"
    frame(app, clock, key(pygame.K_SPACE))
    if two:
        frame(app, clock, dt=1.0)
        frame(app, clock, key(pygame.K_2))
    set_up(app, clock)
    s, rng = app.session, random.Random(1)
    while moment == "combat" and not (s.human_to_act() and s.state.top is not None
                                      and s.state.top.kind == "combat"):
        s.act(rng.choice(s.legal())) if s.human_to_act() else s.poll()
    for _ in range(6):
        frame(app, clock, dt=0.3)
    t = app.top
    field = t.lay.field.center
    if moment in ("turn", "combat"):
        frame(app, clock, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False,
                                              precise_x=0.0, precise_y=2.0),
                           mouse(pygame.MOUSEMOTION, t.lay.log.center, 0),
                           pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False,
                                              precise_x=0.0, precise_y=3.0)], dt=0.016)
        frame(app, clock, [mouse(pygame.MOUSEMOTION, field, 0),
                           pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False,
                                              precise_x=0.0, precise_y=2.0)], dt=0.016)
        unit = next(r.center for u, r in t.unit_rects.items()
                    if t.lay.field.contains(r) and u in t.board.units)
        frame(app, clock, [mouse(pygame.MOUSEMOTION, unit, 0),
                           mouse(pygame.MOUSEBUTTONDOWN, unit, 1),
                           mouse(pygame.MOUSEBUTTONUP, unit, 1)], dt=0.016)
        assert t.log_scroll and not t.camera.fitted and t.inspect is not None
    elif moment == "menu":
        frame(app, clock, key(pygame.K_a))
        assert t.menu is not None
    elif moment == "card":
        card = next(iter(t.hand_rects.values())).center
        frame(app, clock, [mouse(pygame.MOUSEMOTION, card, 0),
                           mouse(pygame.MOUSEBUTTONDOWN, card, 1),
                           mouse(pygame.MOUSEMOTION, field, 1)], dt=0.016)
        assert t.drag is not None
    elif moment == "pause":
        frame(app, clock, key(pygame.K_ESCAPE))
    return t


@pytest.mark.parametrize("moment", ["turn", "combat", "menu", "card", "pause", "curtain"])
def test_the_next_stranger_finds_the_show_then_a_table_of_their_own(tmp_path, card_db,
                                                                     moment):
    """Issue 17 (idle reset): a visitor walks off at any moment; after the idle time and
    the countdown the show is on, and the next visitor's click opens a new game on a
    table as a first one is: nothing held, open, chosen, scrolled or zoomed, no hand of
    the last visitor's."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720))
    b = app.booth
    left = _walk_off_at(app, clock, moment)
    last = app.session
    for _ in range(60):  # (the idle time counts once the AI seat has played, if it plays)
        frame(app, clock, dt=10.0)
        if b.covers:
            break
    assert b.covers
    frame(app, clock, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)],
          dt=b.countdown)
    assert b.state == "attract" and app.session is not last and last._worker is None
    frame(app, clock, click((640, 200)))
    t = app.top
    assert isinstance(t, TableScene) and t is not left and b.state == "playing"
    assert app.session.seats == ["human", "ai:easy"] and not app.session.human_moves
    assert app.session.state.seats[0].hand != last.state.seats[0].hand
    assert (t.menu, t.drag, t.press, t.panning, t.armed, t.inspect) == (None,) * 6
    assert not t.selection and t.log_scroll == 0
    assert t.camera.fitted
