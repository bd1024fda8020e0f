"""The s62 playtest's findings at the window."""
from __future__ import annotations

from game.engine import actions as A
from game.engine import events as E
from game.ui.table import panels

import test_ui_table
from shots import table_shot
from test_ui_combat_panel import painted
from test_ui_table import scene_app, scene_session, table
from test_ui_duel_plan import plan_and_fight, settle, two_at_a_duel
from test_ui_watching import normal_speed

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def ran_away_from_a_fight(make_app):
    """Two people at one screen, a Combat between players (R33): Player 1 planned Attack
    for all three and pressed Fight!; Player 2 sat down and clicked Run Away, at the
    normal speed (the hits played one by one, as a person sees them)."""
    sc, mine, foes, s, app, t = two_at_a_duel(make_app)
    normal_speed(app, t)
    plan_and_fight(app, t, {c: ("attack", foes[0]) for c in mine})
    assert settle(app, s, t) == [1]
    s.take_seat()
    app.step([], 0.016)
    run = next(r for r, k in t.hits if k == ("act", A.RunAway()))
    test_ui_table.click(app, run.center)
    return sc, mine, foes, s, app, t


def duel_words_as_fought(monkeypatch, app, t, shot: str | None = None) -> list[list[str]]:
    """The duel panel's words in each frame while its round's hits play, drawn as the
    table draws them then (frame._paint_base); `shot`, the first such frame saved."""
    def drawn(p, surf):
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
        if shot and len(seen) == 1:
            table_shot(t, shot)
    return seen


def test_a_side_that_ran_away_is_not_said_to_declare_in_the_final_attack(make_app,
                                                                          monkeypatch):
    """Two people at one screen, a Combat between players (R33). Player 1 planned Attack
    for all three and pressed Fight!; Player 2 sat down and clicked Run Away. The final
    attack, unanswered, played at once with the rest of Player 1's kept plan, and the
    duel panel, drawn from before it, said "round 1 · hits" and "to declare" under
    Player 2's own Characters, who had just run (s62's playtest, four seats at
    1366x768). While that round plays, the panel says the final attack, and that the
    side that ran away runs away."""
    sc, mine, foes, s, app, t = ran_away_from_a_fight(make_app)

    seen = duel_words_as_fought(monkeypatch, app, t)
    for said in seen:
        title = next(w for w in said if w.startswith("Combat · "))
        assert title.endswith(("· final attack", "· over")), title
        assert said.count("runs away") == len(foes), said
    assert seen, "the final attack played in the panel"


def test_a_scavenging_given_up_by_running_away_does_not_make_own_haven_takes_news(make_app):
    """Three seats, two people at one screen: Player 1 Scavenged, turned over a Disaster
    and Ran Away, which ends the Turn and the Scavenging with it.
    Player 2 then took Equipment out of their own Haven, again and again, as one stores
    and takes up cards there. Player 1's curtain told those takes ("Gurugu the Kappa (P2)
    took Nameless Rust-Blade out of Hall of Quiet Foxes (5 times)", "... (8 times)") as
    a Scavenging's, and its five lines left out the Combat between players and the
    Characters Bonked (s62's playtest, 1024x600; the engine said no "Scavenging ends"
    then, s64 does): a player's take out of their own Haven is no one's news."""
    from scene import Scene
    from game.engine.state import MOVE
    from test_ui_combat_panel import TITLED
    sc = Scene(TITLED, seats=2)
    for cell in ((0, 0), (0, 1), (2, 0)):
        sc.location(cell)
    sc.haven((-1, 0), seat=0)
    sc.haven((1, 0), seat=1)
    sc.char("valen", (0, 1))
    akiko = sc.char("akiko", (1, 0), seat=1)
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    t = table(scene_app(make_app, sc, (1024, 600)), s)
    s.match.log.extend([E.ScavengingBegan(0, (0, 1)), E.RanAway(0, (0, 1)),
                        E.ScavengingEnded(0, (0, 1), 2), E.TurnBegan(1, 2, 1)])
    s.left_at[0] = len(s.match.log)  # Player 1 left the screen in Player 2's Turn
    s.match.log.append(E.ItemTaken(akiko, (1, 0), None))  # out of Player 2's own Haven
    assert t._coming_back(0) == []
    # Inside a Scavenging, a take is told (a Location-turned-Haven's, guideline 4.10).
    s.match.log.extend([E.ScavengingBegan(1, (1, 0)), E.ItemTaken(akiko, (1, 0), None)])
    assert len(t._coming_back(0)) == 1
