"""s70's newcomer playtest. A bare click on another player's Haven in the Move phase
spent the Turn's one question (R36: another player "may not stop there without asking
your permission") for no group, the log naming nobody: it now only shows the Haven and
says how to ask; a group chosen still asks, and goes there at a yes
(test_ui_haven_ask)."""
from __future__ import annotations

import re

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


def run_note(monkeypatch, t) -> str:
    """The words drawn beside Run Away, its rows joined."""
    from test_ui_combat_forecast import Recorder, combat_panel
    from game.ui.table import ink
    texts, real = {}, ink.fit
    monkeypatch.setattr(ink, "fit", lambda words, *a, **k: texts.setdefault(
        id(out := real(words, *a, **k)), (words, out))[1])
    surf = Recorder(t.size)
    combat_panel(t)(t.painter([]), surf)
    drawn = [texts[id(src)][0] for src, _ in surf.drawn if id(src) in texts]
    k = next(k for k, w in enumerate(drawn) if w.startswith("Running Away"))
    return " ".join(drawn[k:k + 2])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_run_away_note_says_what_the_final_attack_does(make_app, monkeypatch, size):
    """Running Away leaves the Disaster one final, unanswered attack on its target
    (Basic Terms: Run Away; R27). The note by Run Away said only "it still attacks Daigo
    once", where the Fight line gave the result: now it gives it too, by the same
    numbers (the Salaryman's 5 against Daigo's Defense), and it comes true."""
    from test_ui_combat_forecast import fight, opened
    sc, chars, _ = fight(2)
    s, t = opened(make_app, sc, size)
    c = t.board.view.combat
    assert c.target == chars["daigo"] and A.RunAway() in t.board.legal
    said = run_note(monkeypatch, t)
    assert re.search(r"5 (beats|vs) Defense \d", said) and "Bonk" in said and \
        "Daigo" in said, said
    sc.do(A.RunAway())
    assert chars["daigo"] in [card for card, _ in sc.st.seats[0].set_aside]  # Bonked


def test_the_mouse_player_asks_by_choosing_a_group(make_app, monkeypatch):
    """The whole-game mouse driver (tests/mouse_player.py) had the bare click as its
    way to ask; it now chooses a Character that would reach the Haven, then clicks it."""
    from mouse_player import MousePlayer
    s, app, t, group = at_a_neighbour_s_haven(make_app)
    player = MousePlayer(app)
    monkeypatch.setattr(player, "decide", lambda t: A.AskPermission((1, 0)))
    assert player.act(t) == A.AskPermission((1, 0))
    assert player.used == {"select and ask": 1}
