"""s62's left items at the window: the curtain's own takes during a Scavenging, and the
bar after one's own Run Away."""
from __future__ import annotations

import test_ui_table
from test_ui_table import scene_app, scene_session, table
from test_ui_s62 import small_field
from test_ui_s62_play import ran_away_from_a_fight

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def test_the_bar_after_ones_own_run_away_says_the_final_attack_not_a_replay(make_app):
    """Two people at one screen, a Combat between players (R33): Player 1 planned Attack
    for all three and pressed Fight!; Player 2 sat down and clicked Run Away, and Player
    1's kept plan went in for them, so the final attack played at once. The bar said
    "Replaying the Combat between Player 1 and Player 2: ... (any key or click: skip)"
    over it, as if another's move were shown (s62's playtest). It says the person's own
    Run Away and the final attack it brings."""
    sc, mine, foes, s, app, t = ran_away_from_a_fight(make_app)
    bars = []
    for _ in range(300):
        app.step([], 0.016)
        if not t.animator.busy:
            break
        t.draw(app.screen)
        bars.append(" ".join(t.hint_rows))
    assert bars, "the final attack played"
    assert not [w for w in bars if "Replaying" in w or "skip" in w], bars
    assert all(w.startswith("Player 2: You Run Away: Player 1's final attack, unanswered: ")
               for w in bars), bars
    assert any(w.endswith("Killed!") for w in bars), bars  # the hit itself, its lead once
    assert "Running Away: click a glowing cell" in t.hint()  # then where to run


def test_ones_own_haven_takes_during_ones_own_scavenging_are_not_news(make_app):
    """Player 1 Scavenged a Location and, meanwhile, took Equipment out of their own
    Haven's store, as one stores and takes up cards there; then left the screen. Their
    curtain told them those takes as a Scavenging's: one's own moves are no news. A take counts as a Scavenging's
    only at the Location Scavenged (s62's left item); those are still told, and ranked
    as before."""
    from game.engine import events as E
    from game.engine.state import MOVE
    sc = small_field()
    valen = sc.char("valen", (0, 1))
    pawlina = sc.char("pawlina", (-1, 0))
    sc.char("akiko", (1, 0), seat=1)
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "human"])
    t = table(scene_app(make_app, sc, (1024, 600)), s)
    s.match.log.append(E.ScavengingBegan(0, (0, 1)))
    s.left_at[0] = len(s.match.log)  # Player 1 left the screen inside their Scavenging
    s.match.log.extend([E.ItemTaken(pawlina, (-1, 0), None),  # out of their own Haven
                        E.ItemTaken(pawlina, (-1, 0), None),
                        E.ItemTaken(valen, (0, 1), None)])  # the Scavenging's own take
    scavenged = f"{t._log_name(valen)} took a face-down card from under {t._log_name((0, 1))}"
    lines = t._coming_back(0)
    assert lines == [scavenged] and lines[0].rank == 3, lines
    # From the Scavenging's beginning, after they left, the same.
    s.left_at[0] -= 1
    assert t._coming_back(0) == lines
    s.left_at[1] = s.left_at[0]  # nor Player 2's news: a Haven's owner's take is no loss
    assert t._coming_back(1) == lines
    assert t.curtain_words(0)[1] == ("Since Player 1 last looked", lines)
