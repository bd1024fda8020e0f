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
    (3, "Player 1 attacks Hot Legs: Attack 27 vs Defense 8, 19 Damage, Health 0: "
        "the group may Scavenge it"),
])
def test_rules_for_locations_an_attack_on_a_location_names_it_and_its_health(
        make_app, gunners, said):
    """Rules for Locations: "If a Location has Defense, you can Scavenge it without the
    necessary skills by attacking it. You get 1 attack per Turn. You must continue
    attacking it until the Location's Health is 0 or below." The log said "Player 1
    attacks a Location: 3 vs 5" (shot a21): not which Location, whether it was hurt,
    nor that it may be Scavenged once its Health is gone. It says all three."""
    sc, _, _ = hot_legs()
    for _ in range(gunners - 1):
        sc.char("gunner", (0, 0))
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"] * sc.game.seats))
    assert t.send(A.AttackLocation((0, 0)))
    settle(t, 1.0)
    assert said in [words for words, _ in t.log_lines], t.log_lines[-3:]
