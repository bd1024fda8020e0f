"""The s43n stranger's window findings that the lead fixed (1 Dec 2026)."""
from __future__ import annotations

import pygame
import pytest

from game.ui.table.anims import Animator
import test_ui_table
from test_ui_table import session, table

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
    assert hint.startswith("Waiting for Player 1 (AI Easy) to decide…"), hint
    assert ("hold Space to hurry" in hint) is busy, hint


def test_rules_for_equipment_the_inspector_offers_no_piece_the_rule_refuses():
    """The inspector's "5 with the Wards in use" beside a Defense (words.unused_gains)
    read printed bonuses only: with the Radar in use (its text gives Defense) it still
    offered Wards, which the engine refuses (Rules for Equipment; s43b left it)."""
    from test_rules_s43b import grey_with
    from game.engine import view
    from game.engine.actions import UseEquipment
    from game.ui.table.words import unused_gains
    sc, grey, (wards, radar) = grey_with("wards", "radar")

    def gains():
        u = next(u for u in view(sc.st, 0).units if u.card == grey)
        return unused_gains(u, sc.game.card, lambda piece, char: True)
    assert gains().get("defense") == "5 with the Wards in use"
    sc.do(UseEquipment(radar, grey))
    assert "defense" not in gains()


def test_the_game_over_moments_name_the_rounds_they_happened_in():
    """"Rounds 1-7: Madame Foxglove took 2 Items" for one Item in round 1 and one in
    round 7 read as seven rounds of taking (s43n): a few rounds are named, an unbroken
    run is a range, more are counted."""
    from game.ui.scenes.account import _rounds
    assert _rounds((3,)) == "Round 3"
    assert _rounds((3, 3)) == "Round 3"
    assert _rounds((1, 7)) == "Rounds 1 and 7"
    assert _rounds((1, 4, 7)) == "Rounds 1, 4 and 7"
    assert _rounds((2, 3, 4)) == "Rounds 2-4"
    assert _rounds((3, 5, 7, 9)) == "Rounds 3, 5, 7 and 9"
    assert _rounds((1, 2, 5, 7, 9)) == "In 5 rounds from 1 to 9"  # not a run: no range


def test_the_game_over_screen_calls_the_one_person_you():
    """The booth's "You win!" over "Player 1 (Human)" read as someone else (s43n): the
    one person at the window is "(you)", as the table names them; two or more people
    are each named by kind."""
    from game.ui.scenes.account import seat_name
    assert seat_name(["human", "ai:hard"], 0) == "Player 1 (you)"
    assert seat_name(["human", "ai:hard"], 1) == "Player 2 (AI Hard)"
    assert seat_name(["human", "human"], 1) == "Player 2 (Human)"
    assert seat_name(["ai:easy", "ai:easy"], 0) == "Player 1 (AI Easy)"


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_log_says_how_many_earlier_lines_lie_above(make_app, monkeypatch, size):
    """After three AI seats' turns the log showed only the last one's tail, and nothing
    said older lines lay above (s43n, quick demo at 1920x1080): a row at its head counts
    them, those the wheel brings back; none when every line shows."""
    from game.ui.table import ink
    t = table(make_app(size), session("levels/quick_demo.yaml", ["human", "ai:easy"]))
    fitted: list[str] = []
    real = ink.fit
    monkeypatch.setattr(ink, "fit", lambda words, *a, **k: fitted.append(words)
                        or real(words, *a, **k))
    for n in (3, 200):
        fitted.clear()
        lines = [(f"Line {k}: Player 2 moved a Character", None) for k in range(n)]
        p = t.painter([])
        p.log(pygame.Surface(t.size), lines, 0)
        first = min(hit[2] for _, hit in p.hits if hit[0] == "log")
        cue = [w for w in fitted if "earlier line" in w]
        if n == 3:
            assert first == 0 and not cue, cue
        else:
            assert first > 0 and cue == [f"{first} earlier lines: scroll up"], (first, cue)
