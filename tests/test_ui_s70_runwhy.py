"""s70: the Run Away line on the bar (words.run_hint) sorts each shut cell next to the
group by the rule the engine names (terrain.Refusal.kind), read through the session:
sorted by the refusal's words, a reworded refusal was misfiled as "full"."""
from __future__ import annotations

import test_ui_table
from test_rules_s70_runwhy import running
from test_ui_table import scene_app, scene_session, table

from game.engine import terrain

make_app = test_ui_table.make_app
# Running Away from (1, 1) (test_rules_s70_runwhy.running): one Plain open, and next to
# it a Planet, a Rift, seat 1's Haven, a Destroyed Plain and a Plain four stand on.
SAID = ("Running Away 1 Location: only Plain #3 (P1) is open; the 5 others next to it are "
        "1 Planetary, 1 Destroyed, 1 Dimensional, 1 another player's Haven, 1 full (your "
        "group lacks the symbols; a Haven only with its owner's leave).")


def hint(make_app) -> str:
    sc = running()
    return table(scene_app(make_app, sc), scene_session(sc, ["human", "ai:random"])).hint()


def test_basic_terms_run_away_the_bar_names_each_rule_even_reworded(make_app, monkeypatch):
    """Rules for Locations (Planetary, Dimensional, Destroyed), Rules for Havens and
    Basic Terms, Group: each shut neighbour counted under its own rule; and so with the
    engine's refusals reworded (none then says "is Planetary", "Haven" or "Destroyed"),
    where sorting by the words called all five "full"."""
    assert hint(make_app) == SAID
    stop, room = terrain.why_not_stop, terrain.no_room

    def reworded(refusal):
        return refusal and terrain.Refusal("no way onto it", refusal.kind)

    monkeypatch.setattr(terrain, "why_not_stop", lambda *a: reworded(stop(*a)))
    monkeypatch.setattr(terrain, "no_room", lambda *a: reworded(room(*a)))
    assert hint(make_app) == SAID
