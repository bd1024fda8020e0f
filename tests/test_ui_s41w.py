"""The window as a newcomer plays it whole (s41w): two and four seats, 1280x720 and
1920x1080, one person against the AI and two sharing the screen."""
from __future__ import annotations

import pytest

from game.ui.table import ink
from game.ui.table.paint import under
import test_ui_seat_panels
from test_ui_seat_panels import FOUR, seat_words
from test_ui_table import STANDARD, played_out, session, table, until

make_app = test_ui_seat_panels.make_app  # the fixture: a window at a size, played instantly


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
    played_out(s)  # a whole game between two frames
    t.app.step([], 0.016)  # the table takes the last events, then hands on to Game over
    assert s.result is not None and t.board.view.result is not None
    drawn = seat_words(t, monkeypatch)
    assert not any(w in ("YOUR TURN", "THEIR TURN") for words in drawn for w in words), drawn


@pytest.mark.parametrize("note,key", [("this Turn", "Turn"), ("this Combat", "Combat"),
                                      ("the game", "game"), ("2 P3 turns", "2")])
def test_an_off_field_card_s_short_line_says_how_long_it_lasts(make_app, monkeypatch,
                                                               note, key):
    """A Flash Effect lasts its Duration (Basic Terms, Duration; R127): the line under it
    in the Off Field panel says how long. Four players' cards share the row, and a line
    too wide for its card was cut to its first word: a count for "2 P3 turns", but "this"
    for "this Turn" and "this Combat", "the" for "the game", which say nothing (seen at
    1280x720 with five cards off the Field). Cut short, the line keeps the word that
    says how long."""
    t = table(make_app(), session(FOUR, ["human"] + ["ai:random"] * 3))
    said = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda w, *a, **k: (said.append(w), real(w, *a, **k))[1])
    width = real(note, t.px(9), ink.GOLD, True).get_width() - 1  # too narrow for it whole
    line = under(note, ink.GOLD, width, t.lay.s)  # (Painter._under till s42w)
    assert line.get_width() <= width and said[-1] == key, said
