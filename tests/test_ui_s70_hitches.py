"""s70's playtest: a 650 ms frame as "I am Player 2" was pressed at a four-player
curtain. Measured in CPU time (docs/window.md, s70), the frame read the whole log
again for the person sitting down twice: the curtain's press read it, and
seat_passed, a moment later in the same frame, read it once more (50 ms a read late
in a game). Counted, not timed: the press's frame reads it once."""
from __future__ import annotations

import random

import pygame

import test_ui_table
from conftest import replay_keys
from game.ai import make_agent
from game.ui.session import Session, SessionConfig
from test_ui_table import key, table

make_app = test_ui_table.make_app


def test_sitting_down_at_the_curtain_reads_the_log_once(make_app, monkeypatch):
    s = Session(SessionConfig("levels/quick_demo.yaml", ["human", "human"], seed=3),
                threaded=False, keys=replay_keys(2, 3))
    t = table(make_app(), s)
    app, agent, rng = t.app, make_agent("random"), random.Random(3)
    for _ in range(3000):  # to a curtain after some play: a log to read
        if s.handoff() is not None and t.curtain_button is not None:
            if t.curtain_ready() < 1:
                app.step([], 1.0)
            elif len(s.log) > 150:
                break
            else:
                key(app, pygame.K_SPACE)
        elif s.human_to_act() and not t.animator.busy:
            s.act(agent.choose(s.view(), s.legal(), rng))
            app.step([], 0.016)
        else:
            app.step([], 0.016)
    assert s.handoff() is not None and len(s.log) > 150, "no curtain came"
    reads = []
    read = t._reset_log
    monkeypatch.setattr(t, "_reset_log", lambda **k: (reads.append(k), read(**k))[1])
    key(app, pygame.K_SPACE)  # "I am Player N": the seat taken, the frame drawn for them
    assert s.handoff() is None and len(reads) == 1, reads
    lines = list(t.log_lines)
    read(keep_pending=True)  # read again: what the one read left is the log in full
    assert t.log_lines == lines


def test_the_first_words_drawn_do_not_import_pygame_gui():
    """Its fonts were found by importing pygame_gui (90 ms of the booth's first attract
    frame, most of it): the window uses nothing else of it."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    code = ("import sys, pygame; pygame.font.init(); from game.ui.widgets import font; "
            "font('label', 1.0).size('Player 2'); "
            "font('label', 1.0, bold=True).size('x'); print('pygame_gui' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(root)), check=True)
    assert out.stdout.split()[-1] == "False"
