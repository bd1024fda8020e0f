"""What strangers at the booth met (s35b's findings 10 to 13): the guide and the bar
saying two things, a failed save's banner over the hand, the AI seats' show telling
nobody what to choose, and a guided game taking a new save slot each time."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import game.ui.app as app_module  # noqa: E402
from mouse_player import MousePlayer  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table import TableScene  # noqa: E402


@pytest.fixture
def app(tmp_path, card_db):
    a = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path / "config",
            data=tmp_path / "data")
    a.threaded = False
    a.__dict__["db"] = card_db
    a.to_menu()
    yield a
    a.quit()


def test_the_guide_and_the_bar_speak_of_the_same_decision_in_every_frame(app, monkeypatch):
    """Issue 17, the guided first game (s35b, shot b106): the frame after the Move that
    leads to step 6 said "Step 6 of 6: Fight a Disaster ... Click the glowing Disaster"
    over the bar's "Click a glowing cell to move there": the table keeps its panels'
    last picture (the bar with them) for a frame after an action, and the guide's panel
    was drawn for the game as it stood already. In every frame the guide's words are
    those of the decision the bar was painted for."""
    painted_for: list[tuple[str, str]] = []
    drawn: list[tuple[str, str]] = []
    paint = TableScene._paint_base

    def paint_base(t):
        paint(t)
        painted_for.append(t.session.guide.words(t.session.state))

    def guide_panel(surface, heading, words):
        drawn.append((heading, words))
        assert (heading, words) == painted_for[-1], "the guide and the bar disagree"

    monkeypatch.setattr(TableScene, "_paint_base", paint_base)
    monkeypatch.setattr(app_module, "_guide_panel", guide_panel)
    app.start_guide()
    s = app.session
    player = MousePlayer(app, seed=4)
    player.step()
    while not s.guide.over(s.state):
        t = app.top
        assert isinstance(t, TableScene)
        player.act(t) if player.ready(t) else player.step()
    assert len(set(drawn)) > 12  # the six steps and the words between them were drawn
