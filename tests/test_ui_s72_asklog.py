"""s72 (asklog), two things left by earlier sessions.

A Haven's own use answering another player's Flash Effect (guideline 3.1) had no test
in the window: its inspector's button is there, and goes once used.

A share of the log shown for the first time late in a game (a continued game's first
hand-off to each person) read 800 events in that frame: the shares are read ahead."""
from __future__ import annotations

import pytest

from game.engine import actions as A

import test_ui_table
from shots import table_shot
from test_ui_s71_havenuse import buttons, drawn_words, look_at
from test_ui_table import click, scene_app, scene_session, table

make_app = test_ui_table.make_app


def lines(t) -> list[str]:
    return [w for w, _ in t.log_lines]


def foxes_window(make_app, size):
    """Seat 1's (an AI seat's) Boost played in its Move phase: seat 0's person, whose
    Haven is the Hall of Quiet Foxes (tests/test_rules_s72_asklog.py), answers it."""
    from test_rules_s72_asklog import foxes_scene
    sc, hall, daigo, boost = foxes_scene()
    sc.do(A.PlayCard(boost, daigo))
    s = scene_session(sc, ["human", "ai:easy"])
    s.take_seat()
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    assert s.human_to_act() and s.viewer == 0
    return s, app, t, hall


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_haven_s_use_button_answers_another_player_s_flash_effect(make_app,
                                                                      monkeypatch, size):
    """Guideline 3.1 (a Haven's ability is as fast as a Flash Effect) in another
    player's Turn: the inspector on the person's own Haven has its use's button while
    they answer seat 1's Boost; it asks before it pays and sends the use; once used
    ("once per Turn") the button is gone, its ability dimmed with why, and Pass is
    left."""
    s, app, t, hall = foxes_window(make_app, size)
    look_at(app, t, (-1, 0))
    assert buttons(t) == [A.UseCard(hall)]
    table_shot(t, f"asklog_foxes_{size[0]}")
    rect = next(r for r, k in t.hits if k == ("act", A.UseCard(hall)))
    click(app, rect.center)
    assert t.menu is not None and t.menu.items[0][1] == A.UseCard(hall)
    click(app, next(r for r, i in t.menu.rows_shown() if i == 0).center)
    assert s.record.actions == [A.UseCard(hall)]
    for _ in range(20):
        app.step([], 0.05)
    assert "Player 1 used Hall of Quiet Foxes" in " ".join(lines(t)), lines(t)[-4:]
    assert s.human_to_act() and s.legal() == [A.Pass()]
    look_at(app, t, (-1, 0))
    assert not buttons(t)
    assert "Not now: used this Turn." in drawn_words(t, monkeypatch)
    table_shot(t, f"asklog_foxes_used_{size[0]}")


def test_a_continued_game_reads_each_share_ahead_of_its_first_showing(tmp_path,
                                                                      monkeypatch):
    """A game the table opens on late (continued from a save: s71's hitches' measure)
    with four people at the screen: each person's first hand-off, and everyone's share
    the first time AI-free play showed it, read the log's last 800 events in that frame
    (30 ms of CPU in four_players). The shares are read in the spare time between
    frames (TableScene.idle), a slice at a time: each first showing then logs only the
    events since, and the shares are as a fresh read gives them."""
    import random
    from conftest import replay_keys
    from game.ai import make_agent
    from game.engine.events import ALL_SEE
    from game.ui.session import Session, SessionConfig
    from test_ui_s71_hitches import FOUR, _app, _play, _stable_names
    s = Session(SessionConfig(FOUR, ["human"] * 4, seed=4), threaded=False,
                keys=replay_keys(4, 4))
    agent, rng = make_agent("random"), random.Random(4)
    while len(s.log) < 900:  # played with no window: the table opens on this
        if s.handoff() is not None:
            s.take_seat()
        else:
            s.act(agent.choose(s.view(), s.legal(), rng))
    app = _app(tmp_path)
    t = table(app, s)
    opened = t._log_share  # (read as the table opened, its names not made stable)
    _stable_names(t)
    for _ in range(100):  # frames with time to spare (App.run's idle), till all are read
        app.step([], 0.016)
        app.idle(10)
        if set(t._shares) | {t._log_share} == {0, 1, 2, 3, ALL_SEE} and not t._reading:
            break
    logged, firsts, seen = [0], [], {t._log_share}
    log = t._log
    monkeypatch.setattr(t, "_log", lambda *a: (logged.__setitem__(0, logged[0] + 1),
                                               log(*a)))
    read = t._reset_log

    def counted(**k):
        logged[0], first = 0, t.session.shown not in seen
        read(**k)
        seen.add(t.session.shown)
        if first:
            firsts.append(logged[0])
    monkeypatch.setattr(t, "_reset_log", counted)
    _play(t, lambda s: len(seen) == 5, 4)
    assert seen == {0, 1, 2, 3, ALL_SEE} and max(firsts) <= 60, firsts
    t.animator.finish()
    # Each read ahead is what a fresh read gives, as far as both reach back (a fresh
    # read begins 800 events back from now).
    for seat in seen - {opened}:
        t._share_in(seat)
        at = t._log_at
        kept = (t.log_lines[-100:], list(t.notes), t.fight_line, t._fighting, t._fold)
        t._read(seat, at, s.view())
        t._catch_up(at)
        fresh = (t.log_lines[-100:], list(t.notes), t.fight_line, t._fighting, t._fold)
        assert fresh == kept, seat
