"""What a newcomer found at the window (helper s34w, a standard game against the AI at
1920x1080 and a four-player hot-seat game at 1280x720 under Xvfb; headless scenes)."""
from __future__ import annotations

import pytest

from game.engine import actions as A

import test_ui_table
from test_rules_scavenging import hot_legs
from test_ui_table import scene_app, scene_session, table
from test_ui_window_s33w2 import settle

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


@pytest.mark.parametrize("gunners, said", [
    (1, "Player 1 attacks Hot Legs: Attack 9 vs Defense 8, 1 Damage, Health 7 left"),
    (3, "Player 1 attacks Hot Legs: Attack 27 vs Defense 8, 19 Damage, Health -11 "
        "(0 or below): open to Player 1's Scavenging"),
])
def test_rules_for_locations_an_attack_on_a_location_names_it_and_its_health(
        make_app, gunners, said):
    """Rules for Locations: "If a Location has Defense, you can Scavenge it without the
    necessary skills by attacking it. You get 1 attack per Turn. You must continue
    attacking it until the Location's Health is 0 or below." The log said "Player 1
    attacks a Location: 3 vs 5" (shot a21): not which Location, whether it was hurt,
    nor that it may be Scavenged once its Health is gone. It says all three, the Health
    below 0 as it is (the review: it said "Health 0" at -11)."""
    sc, _, _ = hot_legs()
    for _ in range(gunners - 1):
        sc.char("gunner", (0, 0))
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"] * sc.game.seats))
    assert t.send(A.AttackLocation((0, 0)))
    settle(t, 1.0)
    assert said in [words for words, _ in t.log_lines], t.log_lines[-3:]


@pytest.mark.parametrize("granted", [True, False])
def test_rules_for_havens_the_log_of_a_stop_asked_says_whose_haven_and_who_may_stop(
        make_app, granted):
    """Rules for Havens: another player "may not stop there without asking your
    permission" (R36). The log read "Player 2 asks Player 1 to stop at their Haven"
    ("their" read as the asker's, shot a24) and then "Permission refused": neither
    which Haven nor who was refused. The lines name the Haven, its owner and the asker,
    and how long the answer holds: until the asker's next Turn begins (R36), not this Turn
    (a Run Away in another player's Turn may stop there on a yes, not on a no)."""
    from test_ui_haven_ask import answer, at_a_neighbour_s_haven
    from test_ui_table import click
    s, app, t, group = at_a_neighbour_s_haven(make_app)
    for u in group:
        click(app, t.unit_rects[u].center)
    click(app, t.lay.cells[1, 0].center)
    answer(app, s, t, granted)
    said = [words for words, _ in t.log_lines]
    assert "Player 1 asks to stop at Player 2's Haven Home (P2)" in said, said[-4:]
    assert ("Permission granted: Player 1 may stop at Home (P2) until Player 1's next Turn"
            if granted else
            "Permission refused: Player 1 may not stop at Home (P2) before Player 1's next "
            "Turn") in said, \
        said[-4:]
