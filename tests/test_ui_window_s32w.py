"""What a newcomer at the window (helper s32w) reported: a Bonked Character's plate and
its seat's panel said two different things; the fight forecast's red line (what the
Disaster's attack does) read as the round's result, with nothing saying a Combat card
may change it; ..."""
from __future__ import annotations

from game.engine import actions as A
from game.engine import events as E
from game.ui.table.anims import Fallen
from game.ui.table.words import back_when, turns_out

import test_ui_table
from test_ui_combat_forecast import fight, fight_until, opened
from test_ui_watching import normal_speed

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def test_the_bonked_plate_says_when_back_as_the_panel_and_the_rule(make_app, monkeypatch):
    """Basic Terms, Bonk: "removed from play for 1 complete Turn. After ... out of play
    for 1 Turn, it may be placed back in your hand during your Reload phase" (R9). The
    plate over the Bonked said "out for a turn / then back to your hand" (read: back
    next turn) while the seat's panel said "back in 2 turns". The plate now says when
    as the panel does, and the engine brings the Character back at the Reload it names."""
    sc, chars, _ = fight()
    daigo = chars["daigo"]  # the Salaryman's target: 5 Attack against his Defense 2
    s, t = opened(make_app, sc)
    normal_speed(t.app, t)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for c in chars.values():
        test_ui_table.click(t.app, slots["plan", c, "none"].center)
    fight_until(t, s, len(s.log), lambda e: isinstance(e, E.Bonked) and e.card == daigo)
    for _ in range(300):
        plate = next((m for m in t.animator.marks if isinstance(m, Fallen)), None)
        if plate is not None:
            break
        t.app.step([], 1 / 30)
    v = t.board.view
    back = dict(v.seats[0].set_aside)[daigo]
    when = back_when(turns_out(v, 0, back))
    assert plate.fallen == [("bonked", "your", when)]
    assert plate.words[:2] == ["Bonked: back in your hand", when]
    # The rule, as the engine plays it: back at the Reload of the turn named.
    turns = {"next turn": 1, "the turn after next": 2}[when]
    began = v.seats[0].turns
    while not any(isinstance(e, E.CharacterReturned) for e in s.log):
        legal = s.legal()  # ending each phase, staying out of any fight
        s.act(next((a for a in legal if isinstance(a, A.EndPhase) or
                     isinstance(a, A.Engage) and a.role == "none"), legal[0]))
    assert s.view().seats[0].turns - began == turns
