"""Combat between players with two people at one screen: the players take turns
declaring (rulebook, Combat Between Players), so a plan made for all of one's
Characters must outlast the other person's turns, unseen by them (a newcomer's
report: "I set Attack for all three and pressed Fight. Only the first choice counted",
and six curtains for one round)."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.ui.table import panels

import test_ui_table
from test_ui_combat_panel import duel_panel, painted, titled_duel
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def plan_and_fight(app, t, plan: dict) -> None:
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for char, choice in plan.items():
        test_ui_table.click(app, slots["plan", char, choice].center)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("fight",)).center)


def settle(app, s, t) -> list[int]:
    """Frames until the table waits for a person; the seats the curtain rose for."""
    curtains = []
    for _ in range(400):
        seat = s.handoff()
        if seat is not None and (not curtains or curtains[-1] != seat):
            curtains.append(seat)
        if seat is None and not t.fighting and not t.animator.busy and \
                s.human_to_act():
            break
        if seat is not None:
            break
        app.step([], 0.05)
    return curtains


def two_at_a_duel(make_app):
    """Two people at one screen, seat 0 seated, at the declaring of a duel (a hand
    each: the seat passes behind a curtain)."""
    sc, mine, foes = titled_duel()
    for seat in (0, 1):
        sc.hand(seat, "sayo")
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    app = scene_app(make_app, sc)
    return sc, mine, foes, s, app, table(app, s)


def test_each_side_s_plan_is_kept_across_the_other_s_declarations(make_app, monkeypatch):
    """Seat 0 plans Attack for its three and Fight!: its first is declared, and seat 1
    sits (one curtain). Seat 1 plans its two and Fight!: the rest of both plans go
    in the rules' order with no curtain between, and the round is fought. While seat 1
    sits, nothing of seat 0's plan not yet declared is drawn."""
    sc, mine, foes, s, app, t = two_at_a_duel(make_app)
    ours = {mine[0]: ("attack", foes[0]), mine[1]: ("attack", foes[1]),
            mine[2]: ("attack", foes[0])}
    theirs = {foes[0]: ("attack", mine[1]), foes[1]: ("protect", foes[0])}
    before = len(s.record.actions)
    plan_and_fight(app, t, ours)
    assert settle(app, s, t) == [1], (s.record.actions[before:], t.message, s.to_act, s.viewer)
    s.take_seat()
    app.step([], 0.016)
    said, _ = painted(monkeypatch, t, duel_panel(t))
    assert not [w for w in said if w.startswith("will ")], said  # seat 0's plan is its own
    monkeypatch.undo()
    plan_and_fight(app, t, theirs)
    assert settle(app, s, t) == [0], "one curtain, back to seat 0"
    sent = [a for a in s.record.actions[before:] if isinstance(a, A.Engage)]
    want = {**ours, **theirs}
    assert sent == [A.Engage(c, *want[c]) for c in (mine[0], foes[0], mine[1], foes[1],
                                                    mine[2])], (sent, t.message)
    assert s.state.duel is None or s.state.duel.round == 2


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seat", [0, 1])
def test_charmed_by_a_long_name_stays_inside_the_duel_panel(make_app, size, seat):
    """"charmed by Princess Pawlina of Felis Prime (P2)" on a row of one line was put
    at the right of the room it was given, whatever its width: it ran left past the
    panel's border, over the token and into the left sidebar. Now it is fitted to the
    row, the Character's name kept."""
    from test_ui_combat_forecast import Recorder
    sc, mine, foes = titled_duel(charm=True)
    sc.do(A.CharmAttack(mine[1], foes[0]))  # Pawlina's Charm 5 against Daigo's 2
    assert foes[0] in sc.st.duel.charmed or any(m == foes[0] for _, m in sc.st.duel.to_order)
    seats = ["human", "ai:random"] if seat == 0 else ["ai:random", "human"]
    t = table(scene_app(make_app, sc, size), scene_session(sc, seats))
    surf = Recorder(t.size)
    p = t.painter([])
    duel_panel(t)(p, surf)
    panel = panels.duel_rect(t)
    assert not [r for _, r in surf.drawn if not panel.contains(r)]


def test_a_kept_plan_the_rules_refuse_is_told_when_its_person_sits(make_app):
    """Seat 0 plans Attack, Protect, Attack and Fight!; seat 1 then Runs Away, and
    nobody protects in the final attack: the Protect cannot be sent for seat 0. The
    curtain rises for seat 0 (theirs to choose again), who is told why as they sit,
    with the rest of their plan still lit."""
    sc, mine, foes, s, app, t = two_at_a_duel(make_app)
    ours = {mine[0]: ("attack", foes[0]), mine[1]: ("protect", mine[0]),
            mine[2]: ("attack", foes[1])}
    plan_and_fight(app, t, ours)
    assert settle(app, s, t) == [1]
    s.take_seat()
    app.step([], 0.016)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("act", A.RunAway())).center)
    assert settle(app, s, t) == [0] and s.state.duel.stage == "final"
    s.take_seat()
    app.step([], 0.016)
    assert t.plan == {mine[2]: ("attack", foes[1])}
    assert "cannot protect" in t.message[0] and not t.fighting, t.message


def test_a_haven_s_planned_choice_is_kept_across_the_other_s_turn_r35(make_app,
                                                                      monkeypatch):
    """Seat 0's Character and its Haven next door fight seat 1's (R35); the rules ask
    for the Character, then seat 1's, then the Haven. Seat 0 plans both and Fight!:
    the Character is declared, seat 1 sits, Fight!s its own, and the Haven's kept
    choice is sent for seat 0 with no curtain between; seat 1 never sees it."""
    from test_rules_duel import duel_scene, fort
    sc, (a,), (b,) = duel_scene(("hero",), ("hero",))
    h = fort(sc, (0, 1), 0)
    for seat in (0, 1):
        sc.hand(seat, "ring")
    sc.do(A.Challenge(1, (0, 0)))
    assert sc.st.duel.pending == [a, h, b]
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
    before = len(s.record.actions)
    plan_and_fight(app, t, {a: ("attack", b), h: ("attack", b)})
    assert settle(app, s, t) == [1]
    s.take_seat()
    app.step([], 0.016)
    said, _ = painted(monkeypatch, t, duel_panel(t))
    assert not [w for w in said if "will " in w], said  # seat 0's plan is its own
    monkeypatch.undo()
    plan_and_fight(app, t, {b: ("none", -1)})
    assert settle(app, s, t) == [0], "one curtain, back to seat 0"
    sent = [x for x in s.record.actions[before:] if isinstance(x, A.Engage)]
    assert sent == [A.Engage(a, "attack", b), A.Engage(b, "none"), A.Engage(h, "attack", b)]
    assert s.state.duel is None or s.state.duel.round == 2


def test_fight_while_the_other_side_declares_keeps_the_plan_going(make_app):
    """One person against an AI seat, Combat between players: the attacker declares
    first. The person plans for both their Characters and presses Enter (Fight!) while
    the AI seat still declares: it did nothing and said nothing, and the plan waited
    for a second press. It says the other side declares now, and each planned choice goes
    in as the rules come to it, with no other press."""
    from game.ui.settings import Settings
    sc, mine, foes = titled_duel()
    s = scene_session(sc, ["ai:easy", "human"])
    app = scene_app(make_app, sc)
    app.settings = Settings(anim_speed="normal")  # the AI seat waits AI_PAUSE to declare
    t = table(app, s)
    assert s.to_act == 0 and t.board.view.duel.to_act == 0  # the AI seat declares first
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for char, choice in ((foes[0], ("attack", mine[0])), (foes[1], ("attack", mine[1]))):
        test_ui_table.click(app, slots["plan", char, choice].center)
    test_ui_table.key(app, pygame.K_RETURN)  # Fight!: its button is dim while they declare
    assert s.to_act == 0 and "Player 1 declares now" in t.message[0], t.message
    for _ in range(600):
        if s.state.duel is None or s.state.duel.round > 1:
            break
        app.step([], 0.05)
    sent = [a for a in s.record.actions if isinstance(a, A.Engage) and a.char in foes]
    assert sent == [A.Engage(foes[0], "attack", mine[0]), A.Engage(foes[1], "attack", mine[1])]
