"""Two people at one screen, at the normal speed: the person whose action hands the
seat on behind the curtain watches what it did first (TableScene._hold_curtain), in
every seat's share since s68 (their hand face up in theirs was in the next person's
sight: tests/test_ui_s68_handoff.py). A
verifying audit (four people) saw the curtain up half a second after Player 3's Fight!
in a Combat between players, and after their Run Away: the hits and the move away had
no visible time. The round their Fight! resolved, sent a frame after the click by the
plan, drew the curtain for that frame before the watching; and a press right after the
action (the Enter the panel asked for, a double click on the cell run to) ended the
watching before anything had shown."""
from __future__ import annotations

from game.engine import actions as A
from game.engine.events import ALL_SEE
from game.ui.settings import Settings
from game.ui.table.anims import Float, Walk
from game.ui.table.scene import LEAVING_LOOK

import test_ui_table
from test_rules_duel import duel_scene
from test_ui_duel_plan import plan_and_fight, two_at_a_duel
from test_ui_table import click, scene_app, scene_session, table
from zones import hidden_from

import pygame  # noqa: E402 (test_ui_table chose the dummy drivers first)

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
FRAME = 1 / 30


def normal_speed(app, t) -> None:
    app.settings = Settings(anim_speed="normal")
    t.clock.factor = app.settings.anim_factor


def watched(app, s, t, sent: int, tail: list) -> tuple[float, list]:
    """Frames from the action that handed the seat on (the `sent`-th) until the
    curtain is drawn, `tail` (a press) sent 0.2 s after it: how long the person leaving
    watched, and the kinds of animation drawn for them meanwhile. Checked each frame:
    no curtain before the watching ends, no hand and nothing drawn that any seat may
    not see (the next person is at the screen)."""
    waited, seen, began = 0.0, [], False
    while len(s.record.actions) < sent or s.handoff() is None or s.watch is not None:
        began = began or s.watch is not None
        assert t.curtain_button is None or len(s.record.actions) < sent, \
            f"the curtain came {waited:.2f} s after the action, before the watching"
        if s.watch is not None:
            assert s.shown == ALL_SEE and t.board.view.seat == ALL_SEE and not s.legal()
            assert not t.hand_rects and not set(t.shown) & hidden_from(s.state, ALL_SEE)
            seen += [type(a) for a in t.animator.anims]
        pressed = len(s.record.actions) >= sent and 0.2 <= waited < 0.2 + FRAME
        app.step(tail if pressed else [], FRAME)
        waited += FRAME if len(s.record.actions) >= sent else 0.0
        assert waited < 10, "the curtain never came"
    assert began, "the curtain came with no watching"
    assert t.curtain_button is not None
    return waited, seen


def seat_1_seated(make_app):
    """two_at_a_duel at the normal speed: seat 0 plans Attack for its three and Fight!;
    once the curtain is drawn and the hand-over guard passed, seat 1 sits (Space)."""
    sc, mine, foes, s, app, t = two_at_a_duel(make_app)
    normal_speed(app, t)
    plan_and_fight(app, t, {mine[0]: ("attack", foes[0]), mine[1]: ("attack", foes[1]),
                            mine[2]: ("attack", foes[0])})
    for _ in range(300):
        if t.curtain_button is not None:
            break
        app.step([], FRAME)
    app.step([], 1.0)  # past the hand-over guard: a press takes the seat
    test_ui_table.key(app, pygame.K_SPACE)
    return sc, mine, foes, s, app, t


def test_the_round_a_fight_plan_resolves_is_watched_before_the_curtain(make_app):
    """Seat 0 plans Attack for its three and Fight!; seat 1 sits, plans its two and
    Fight!, then presses Enter (as the panel's Fight! (Enter) says). The rest of both
    plans go, the last of seat 0's, sent for it, resolves the round: seat 1 watches its
    hits, hands hidden, the curtain drawn only once they have played."""
    sc, mine, foes, s, app, t = seat_1_seated(make_app)
    assert s.viewer == 1 and s.handoff() is None
    app.step([], 1.0)
    before = len(s.record.actions)
    plan_and_fight(app, t, {foes[0]: ("attack", mine[1]), foes[1]: ("protect", foes[0])})
    enter = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""),
             pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="")]
    took, seen = watched(app, s, t, before + 4, enter)
    assert s.record.actions[before:] == [A.Engage(foes[0], "attack", mine[1]),
                                         A.Engage(mine[1], "attack", foes[1]),
                                         A.Engage(foes[1], "protect", foes[0]),
                                         A.Engage(mine[2], "attack", foes[0])]
    assert s.state.duel is None or s.state.duel.round == 2
    assert Float in seen  # the hits' Damage rose over the Characters hit
    assert took > 0.9 + LEAVING_LOOK - FRAME, took


def test_running_away_is_watched_before_the_curtain(make_app):
    """Seat 1, the defender, seated: Run Away, then a double click on the cell to run
    to. Its Character walks there, hands hidden, before the curtain rises for seat 0,
    whose Turn goes on, long enough to see where; the second click does not cut it."""
    sc, (a,), (b,) = duel_scene(("hero",), ("hero",))
    for seat in (0, 1):
        sc.hand(seat, "ring")  # a card each: the seat passes only behind a curtain
    sc.do(A.Challenge(1, (0, 0)), A.Engage(a, "none"))
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
    normal_speed(app, t)
    assert s.viewer == 1 and A.RunAway() in s.legal()
    click(app, next(r for r, k in t.hits if k == ("act", A.RunAway())).center)
    for _ in range(120):
        app.step([], FRAME)
    assert s.to_act == 1 and s.legal() == [A.RunTo((1, 0))]
    cell = next(r for r, k in t.hits if k == ("cell", (1, 0))).center
    before = len(s.record.actions)
    click(app, cell)
    down = test_ui_table.mouse(pygame.MOUSEBUTTONDOWN, cell)
    took, seen = watched(app, s, t, before + 1, [down])
    assert s.record.actions[before:] == [A.RunTo((1, 0))] and s.state.duel is None
    assert Walk in seen  # the move away, shown
    assert took > 0.3 + 1.0, took  # the walk, and a second at least to see where it ended
