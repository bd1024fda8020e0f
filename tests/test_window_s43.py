"""The s43n stranger's window findings that the lead fixed (1 Dec 2026)."""
from __future__ import annotations

import pytest

from game.ui.table.anims import Animator
import test_ui_table
from test_ui_table import session

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


@pytest.mark.parametrize("busy", [False, True])
def test_space_to_hurry_is_offered_only_while_something_plays(make_app, monkeypatch, busy):
    """Space speeds the animations, not an AI seat's thinking: the bar offered "(hold
    Space to hurry)" through 2 to 13 s of a hard seat deciding, where holding it did
    nothing (s43n, mirror at 1280x720). It is offered while an AI seat's play is shown."""
    s = session("levels/quick_demo.yaml", ["ai:easy", "human"])
    app = make_app((1280, 720))
    app.play(s)  # no frame yet: the AI seat has not decided
    t = app.top
    assert not s.human_to_act()
    monkeypatch.setattr(Animator, "busy", property(lambda self: busy))
    hint = t.hint()
    assert hint.startswith("Waiting for Player 1 (AI easy) to decide…"), hint
    assert ("hold Space to hurry" in hint) is busy, hint
