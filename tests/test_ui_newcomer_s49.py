"""What a newcomer met at the window (s49): a click on another player's panel shows
what they have in play (it did nothing and said nothing), the list's button says it
lists actions, the Charm stage's "Go on" says what follows, the Disaster path's
arrowheads are explained where they are met, a Disaster's Combat in another player's
Maintenance says what it is and what the player may do, and a hand card is readable at
960x540."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import test_ui_table  # noqa: E402
from test_ui_table import click, session, table, until  # noqa: E402


make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
FOUR = "levels/four_players.yaml"


def test_a_click_on_another_players_panel_shows_what_they_have_in_play(make_app):
    """A click on Player 2's panel did nothing. Now the inspector shows their public side:
    the hand counted, their Haven, each Character on the Field and where it stands, a
    click on one's name looking at it; nothing is sent."""
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase == "move" and s.view().rounds >= 2)
    t = table(make_app((960, 540)), s)
    before = len(s.record.actions)
    panel = next(r for r, k in t.hits if k == ("seat", 1))
    click(t.app, panel.center)
    t.app.step([], 0.016)
    assert len(s.record.actions) == before
    theirs = {u.card for u in s.view().units if u.owner == 1 and not u.disaster}
    assert theirs
    rows = {k[1]: r for r, k in t.hits if k[0] == "log" and t.lay.inspector.contains(r)}
    assert theirs <= set(rows), (theirs, rows)
    char = min(theirs)
    click(t.app, rows[char].center)
    assert t.inspect == char and len(s.record.actions) == before


def test_the_pointer_on_a_players_panel_says_what_a_click_does(make_app):
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase == "move")
    t = table(make_app((960, 540)), s)
    t.pointer = next(r for r, k in t.hits if k == ("seat", 2)).center
    assert t.hint() == "Player 3's panel: a click shows what they have in play, at the right."
