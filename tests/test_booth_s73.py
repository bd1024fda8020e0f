"""Strangers at the booth, and its day alone (s73): what a game put away leaves behind."""
from __future__ import annotations

import os
import threading
import time

from conftest import replay_keys
from game.ui.booth import DEMO
from game.ui.session import Session, SessionConfig


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
    import pygame

    from game.ui.scenes.how_to_play import HowToPlayScene
    from test_booth import booth_app, click, frame, key
    from test_booth_s35b import visitor_at_their_turn
    from test_ui_table import mouse

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
