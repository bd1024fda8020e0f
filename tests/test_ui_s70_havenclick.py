"""s70's newcomer playtest. A bare click on another player's Haven in the Move phase
spent the Turn's one question (R36: another player "may not stop there without asking
your permission") for no group, the log naming nobody: it now only shows the Haven and
says how to ask; a group chosen still asks, and goes there at a yes
(test_ui_haven_ask)."""
from __future__ import annotations

import pytest

from game.engine import actions as A

import test_ui_table
from test_ui_haven_ask import at_a_neighbour_s_haven
from test_ui_table import click

make_app = test_ui_table.make_app


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_bare_click_on_another_player_s_haven_looks_and_says_how_to_ask(make_app, size):
    s, app, t, group = at_a_neighbour_s_haven(make_app, size)
    assert A.AskPermission((1, 0)) in t.board.legal and not t.selection
    # Not lit as a target while no group is chosen: a click there asks nothing.
    assert ("cell", (1, 0)) not in t.board.outlines()
    click(app, t.lay.cells[1, 0].center)
    assert not s.record.actions  # the Turn's one question is kept
    assert t.inspect == (1, 0)  # the Haven is shown
    said = t.message[0]
    assert "choose the Characters" in said and "Player 2 is asked first" in said, said
    # The keyboard's and All actions' way still offers it.
    assert A.AskPermission((1, 0)) in t.board.legal
    # With a group chosen the same click asks for it.
    for u in group:
        click(app, t.unit_rects[u].center)
    click(app, t.lay.cells[1, 0].center)
    assert s.record.actions == [A.AskPermission((1, 0))]
