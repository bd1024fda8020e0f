"""The s62 playtest's findings at the window."""
from __future__ import annotations

from game.engine import actions as A
from game.ui.table import panels

import test_ui_table
from test_ui_combat_panel import painted
from test_ui_duel_plan import plan_and_fight, settle, two_at_a_duel
from test_ui_watching import normal_speed

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def test_a_side_that_ran_away_is_not_said_to_declare_in_the_final_attack(make_app,
                                                                          monkeypatch):
    """Two people at one screen, a Combat between players (R33). Player 1 planned Attack
    for all three and pressed Fight!; Player 2 sat down and clicked Run Away. The final
    attack, unanswered, played at once with the rest of Player 1's kept plan, and the
    duel panel, drawn from before it, said "round 1 · hits" and "to declare" under
    Player 2's own Characters, who had just run (s62's playtest, four seats at
    1366x768). While that round plays, the panel says the final attack, and that the
    side that ran away runs away."""
    sc, mine, foes, s, app, t = two_at_a_duel(make_app)
    normal_speed(app, t)  # the hits played one by one, as a person sees them
    plan_and_fight(app, t, {c: ("attack", foes[0]) for c in mine})
    assert settle(app, s, t) == [1]
    s.take_seat()
    app.step([], 0.016)
    run = next(r for r, k in t.hits if k == ("act", A.RunAway()))
    test_ui_table.click(app, run.center)

    def drawn(p, surf):  # as the table draws it while the round plays (frame._paint_base)
        q = t.painter([], t.panel_board())
        panels.duel(q, surf, t.duel_shown(), t.name, t.plan, t.notes[t._fought_at:])

    seen = []
    for _ in range(300):
        app.step([], 0.016)
        if t.fought is None or t.combat_cover is None or not t.notes[t._fought_at:]:
            if seen and t.fought is None:
                break
            continue
        said, _ = painted(monkeypatch, t, drawn)
        monkeypatch.undo()
        seen.append(said)
        title = next(w for w in said if w.startswith("Combat · "))
        assert title.endswith(("· final attack", "· over")), title
        assert said.count("runs away") == len(foes), said
    assert seen, "the final attack played in the panel"
