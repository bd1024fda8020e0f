"""What a newcomer met at the window at four seats and at 960x540 (s52): an alike stack
still counted "x2" while one copy was dragged off, the "in use" chip wider than a 28-px
face, and a drag's refusal naming a Character in full where the click's note used its
short name."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_newcomer_s51 import _card_rects, _two_of_each  # noqa: E402
from test_ui_table import mouse, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_an_alike_stack_counts_what_is_left_while_one_is_dragged(make_app, monkeypatch, size):
    """Two Gold Idols alike are one face "x2"; with one picked up and held over the
    Field, the face left counts what is left (one: no chip), and "x2" again once it is
    let go back on its face."""
    from game.ui.table import ink
    sc, hero, mate, used, spare = _two_of_each()
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    said, label = [], ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: (said.append(words),
                                                             label(words, *a, **k))[1])
    t.app.step([mouse(pygame.MOUSEMOTION, t.unit_rects[hero].center, 0)], 0.016)
    test_ui_table.click(t.app, t.unit_rects[hero].center)
    t.app.step([], 0.016)
    idol = next(iter(sc.unit(hero).items))
    src = _card_rects(t, idol)[0].center
    assert "x2" in said
    away = t.lay.log.center  # nowhere it may land
    t.app.step([mouse(pygame.MOUSEMOTION, src, 0), mouse(pygame.MOUSEBUTTONDOWN, src),
                mouse(pygame.MOUSEMOTION, (src[0] - 40, src[1]))], 0.016)
    t.app.step([mouse(pygame.MOUSEMOTION, away)], 0.016)
    assert t.drag is not None
    del said[:]
    for _ in range(2):  # (a kept picture is painted again the frame after)
        t.app.step([], 0.016)
    assert "x2" not in said
    del said[:]
    t.app.step([mouse(pygame.MOUSEMOTION, src), mouse(pygame.MOUSEBUTTONUP, src)], 0.016)
    assert t.drag is None and t.inspect == hero
    for _ in range(2):
        t.app.step([], 0.016)
    assert "x2" in said


LONG = ("Jealous Rival Idol #3 attacks your group in Player 4's Maintenance phase. Charm "
        "Combat: free your Charmed Characters (their Free buttons), or go on to physical "
        "Combat.")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_go_on_to_physical_combat_is_on_the_bar_at_every_size(make_app, monkeypatch, size):
    """A Charm Combat's break stage: the bar says "free your Charmed Characters (their
    Free buttons), or go on to physical Combat", and at 960x540 its long hint left no
    room for "Go on to physical Combat", the one way on but the list (met against three
    AI seats, s52). Too long for the room, it is said shorter."""
    from test_ui_combat_forecast import charm_break
    from game.engine import actions as A
    from game.engine.state import MAINTENANCE
    sc, chars = charm_break()
    sc.st.phase = MAINTENANCE  # the bar's title as it was: "Maintenance phase"
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    # The bar's words as they were, the Disaster attacking in another seat's phase.
    monkeypatch.setattr(t, "hint", lambda: LONG)
    t._stale = True
    t.app.step([], 0.016)
    assert A.Proceed() in t.board.legal
    go = [r for r, k in t.hits if k == ("act", A.Proceed())]
    assert go and t.lay.bar.contains(go[0]), [k for _, k in t.hits if t.lay.bar.colliderect(_)]
    before = len(t.session.record.actions)
    test_ui_table.click(t.app, go[0].center)
    assert t.session.record.actions[before:] == [A.Proceed()]


def test_a_drag_of_one_that_cannot_move_is_refused_as_a_click_says_it(make_app):
    """Daigo, with no Movement, dragged to a Location: the refusal named him in full
    ("... and Daigo Hatakeyama has 0 Movement left this Turn") where a click on him, and
    one on the Location after, say "Daigo cannot move: ...". A drag says the same, in
    red; one that may move still moves."""
    from game.engine import actions as A
    from test_ui_newcomer_s51 import _red
    t, sarge, scout = test_ui_table._still(make_app)
    why = "Daigo cannot move: Movement 0 (printed 1: Heavy Ion Cannon -1)."
    test_ui_table.drag(t.app, t.unit_rects[sarge].center, t.lay.cells[(2, 0)].center)
    assert t.message[0] == why and not t.noted and _red(t)
    before = len(t.session.record.actions)
    test_ui_table.drag(t.app, t.unit_rects[scout].center, t.lay.cells[(2, 0)].center)
    assert t.session.record.actions[before:] == [A.Move((scout,), (2, 0))]


def test_a_kept_panel_picture_shows_no_live_run_away(make_app):
    """Run Away clicked in a Combat between players: the frame that takes it keeps the
    panels' old picture (painted the next frame, for speed), and its Run Away button
    stood there as live for that frame though nothing could click it. In the picture
    kept, a button whose action is gone is drawn dimmed."""
    from game.engine import actions as A
    from test_ui_combat_panel import titled_duel
    sc = titled_duel()[0]
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc), s)
    run = next(r for r, k in t.hits if k == ("act", A.RunAway()))
    t.app.step([mouse(pygame.MOUSEMOTION, run.center, 0),
                mouse(pygame.MOUSEBUTTONDOWN, run.center)], 0.016)
    live = t.app.screen.subsurface(run).copy()
    t.app.step([mouse(pygame.MOUSEBUTTONUP, run.center)], 0.016)
    assert A.RunAway() in s.record.actions and t.panels_kept
    kept = t.app.screen.subsurface(run)
    same = sum(live.get_at((x, y)) == kept.get_at((x, y))
               for x in range(run.w) for y in range(run.h))
    assert same < run.w * run.h // 4, (same, run.w * run.h)
