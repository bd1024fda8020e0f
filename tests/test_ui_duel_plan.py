"""Combat between players with two people at one screen: the players take turns
declaring (rulebook, Combat Between Players), so a plan made for all of one's
Characters must outlast the other person's turns, unseen by them (a newcomer's
report: "I set Attack for all three and pressed Fight. Only the first choice counted",
and six curtains for one round)."""
from __future__ import annotations

from game.engine import actions as A

import test_ui_table
from test_ui_combat_panel import duel_panel, make_app, painted, titled_duel  # noqa: F401
from test_ui_table import scene_app, scene_session, table


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


def test_each_side_s_plan_is_kept_across_the_other_s_declarations(make_app, monkeypatch):
    """Seat 0 plans Attack for its three and Fight!: its first is declared, and seat 1
    sits (one curtain). Seat 1 plans its two and Fight!: the rest of both plans go
    in the rules' order with no curtain between, and the round is fought. While seat 1
    sits, nothing of seat 0's plan not yet declared is drawn."""
    sc, mine, foes = titled_duel()
    for seat in (0, 1):  # a hand each: the seat passes behind a curtain
        sc.hand(seat, "sayo")
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
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
    assert settle(app, s, t) == [0], "one curtain, for seat 0's next round"
    sent = [a for a in s.record.actions[before:] if isinstance(a, A.Engage)]
    want = {**ours, **theirs}
    assert sent == [A.Engage(c, *want[c]) for c in (mine[0], foes[0], mine[1], foes[1],
                                                    mine[2])], (sent, t.message)
    assert s.state.duel is None or s.state.duel.round == 2
