"""The window as a newcomer plays it whole (s41w): two and four seats, 1280x720 and
1920x1080, one person against the AI and two sharing the screen."""
from __future__ import annotations

import pytest

from game.ui.screenshot import advance
from test_ui_seat_panels import FOUR, make_app, seat_words  # noqa: F401 (the fixture)
from test_ui_table import STANDARD, session, table, until


@pytest.mark.parametrize("level,seats", [(STANDARD, 2), (FOUR, 4)])
def test_no_seat_panel_says_it_is_anyone_s_turn_once_the_game_is_over(make_app, monkeypatch,
                                                                      level, seats):
    """The game ends when more than half the Items are held (rulebook, Winning the
    game): there is no turn after it. The table lingers on the last board before the
    Game over scene, its bar saying "The game is over.", yet the panel of the seat whose
    turn it was still said "YOUR TURN" (or "THEIR TURN"), as if a move were awaited."""
    s = session(level, ["human"] + ["ai:random"] * (seats - 1))
    until(s, lambda s: s.view().phase not in ("setup",))
    t = table(make_app(), s)
    assert any(w in ("YOUR TURN", "THEIR TURN") for words in seat_words(t, monkeypatch)
               for w in words)  # in play, the tag is there
    advance(s, 20000)
    t.app.step([], 0.016)  # the table takes the last events, then hands on to Game over
    assert s.result is not None and t.board.view.result is not None
    drawn = seat_words(t, monkeypatch)
    assert not any(w in ("YOUR TURN", "THEIR TURN") for words in drawn for w in words), drawn
