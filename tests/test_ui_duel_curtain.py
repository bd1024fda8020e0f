"""Combat between players with two people at one screen, a side's Haven fighting from
next door (R35): the hot-seat curtain must stand between them whatever the person
leaving presses next. A newcomer audit (four people, 1920x1080) saw Player 4's hand
face up in front of Player 3, twice: Player 3 chose for each Character and their
Haven, then pressed Fight! (Enter), and the screen went to round 2 with Player 4 seated.

How: the Haven's buttons sent at once (an "act", not a plan), so the click on the
Haven's choice fought the round and raised the curtain for the other side; the Enter
the panel asked for (its dimmed "Fight! (Enter)") then landed on the curtain, which
took Enter as "I am Player 4" once HANDOFF_GUARD (0.8 s) had passed. The curtain
takes Space, as its button says, and its button only; and the Haven's choice is
planned as its Characters' are, so the last press the panel asks for, Fight!, is the
one that fights the round."""
from __future__ import annotations

from game.engine import actions as A

import test_ui_table
from test_rules_duel import duel_scene, fort
from test_ui_table import click, key, scene_app, scene_session, table
from zones import hidden_from

import pygame  # noqa: E402 (test_ui_table chose the dummy drivers first)

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def hit(t, k) -> tuple[int, int]:
    return next(r for r, kk in t.hits if kk == k).center


def test_enter_after_the_last_choice_leaves_the_curtain_up_r35(make_app):
    """Seat 1 (seated) clicks Stay out for its Character and for its Haven next door:
    both are planned, nothing is sent. Its Fight! (Enter) sends both and fights the
    round; the curtain rises for seat 0. A second later Enter is pressed again (as a
    newcomer who pressed the Haven's button then the panel's dim Fight! did): the
    curtain stays up, nothing of seat 0's drawn."""
    sc, (a,), (b,) = duel_scene(("hero",), ("hero",))
    h = fort(sc, (1, 0), 1)  # seat 1's Haven, next door to the Combat
    for seat in (0, 1):
        sc.hand(seat, "ring")  # a card each: the seat passes only behind a curtain
    sc.do(A.Challenge(1, (0, 0)), A.Engage(a, "attack", b))
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    assert s.viewer == 1 and s.handoff() is None
    app = scene_app(make_app, sc, (1920, 1080))
    t = table(app, s)
    before = len(s.record.actions)
    click(app, hit(t, ("plan", b, ("none", -1))))
    click(app, hit(t, ("plan", h, ("none", -1))))
    assert len(s.record.actions) == before and t.plan == {b: ("none", -1), h: ("none", -1)}
    assert not [k for _, k in t.hits if k[0] == "act" and isinstance(k[1], A.Engage)]
    key(app, pygame.K_RETURN)  # Fight! (Enter), the last press the panel asks for
    for _ in range(20):  # a second: past HANDOFF_GUARD, as a person takes it
        app.step([], 0.05)
    assert s.record.actions[before:] == [A.Engage(b, "none"), A.Engage(h, "none")]
    assert s.state.duel is not None and s.state.duel.round == 2 and s.to_act == 0
    key(app, pygame.K_RETURN)
    app.step([], 0.05)
    assert s.viewer == 1 and s.handoff() == 0, "the curtain was passed for seat 0"
    assert not set(t.shown) & hidden_from(s.state, 1)
