"""s61's playtest, hot seat: a person sat down to defend against a Disaster attacking
in another player's Maintenance, and for the first 20 to 45 frames the table replayed
what they missed. All that time the Combat panel showed two Combats at once. Its words
were about the last Combat, which had ended: "Combat · round 1 · Player 3 against
Kaiju · over", "Last hit on Ume Hanamaki (P4)…", its two Combat cards. Its rows were
the new Combat's, with Attack / Protect / Hold back, Run Away and Fight! lit.

The cause: taking the seat (`_handle_curtain`: `refresh`) and the next frame's
`_show_fight` put the game's Combat (the new one) on the panel at once. The panel's
notes are read from the log before the events still to be replayed (`_reset_log`,
`keep_pending`), so they were the ended Combat's until the replay reached the new
`CombatBegan`.

The rule this pins: the panel shows one Combat. A Combat that begins in the events
a person sitting down is shown has no panel, and nothing of it can be pressed
(`fight_behind`), until the replay reaches its beginning. After that, its panel shows
its buttons. No button of one Combat is ever lit under another Combat's words."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.save import Record
from game.engine.state import DISCARD, MOVE
from game.ui.session import Session, SessionConfig

import test_ui_table
from conftest import replay_keys
from scene import Scene
from test_rules_combat import CARDS
from test_ui_table import key, scene_app, table
from test_ui_watching import FRAME, normal_speed

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

PRESSABLE = ("act", "plan", "fight")


def sitting_down_to_a_new_combat(make_app, size=(1280, 720)):
    """Two people. Seat 0's Hero fought the Ogre in seat 0's Move phase, and the Ogre
    was Defeated: that Combat is over, in the log. Seat 1 (seated) ends its Discard
    phase. In its Maintenance, the Imp walks into the Hero, and a new Combat begins
    for seat 0. Seat 1 watches, then the curtain comes. Seat 0 takes the seat, and
    the table replays the Maintenance for them."""
    sc = Scene(CARDS, seats=2)
    sc.location((1, 0))
    sc.location((0, 0), under=["ring"])
    sc.location((0, 1))
    hero = sc.char("hero", (0, 0), seat=0)  # Attack 3
    ogre = sc.disaster("ogre", (0, 0), seat=1, brought_by=1)  # Defense 3
    imp = sc.disaster("imp", (1, 0), seat=1, brought_by=1)
    sc.combat_pile(0, "exposed", "k1", "k2", "k3")  # Exposed: the Ogre's Defense -9
    sc.combat_pile(1, "k3", "k4", "k1", "k2")
    for seat in (0, 1):
        sc.hand(seat, "ring")
    sc.turn(MOVE)
    log = sc.do(A.Fight(ogre), A.Declare(hero, "attack"))
    assert isinstance(log[-1], E.CombatEnded) and sc.st.combat is None
    sc.turn(DISCARD, seat=1)
    s = Session(SessionConfig("", ["human", "human"], seed=0), Record(sc.game, 0),
                threaded=False, keys=replay_keys(2, 0), replayed=(sc.st, list(log)))
    s.take_seat()
    assert s.viewer == 1
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    normal_speed(app, t)
    key(app, pygame.K_SPACE)  # seat 1 ends its Discard phase: its Maintenance
    assert s.state.combat is not None and s.state.combat.disaster == imp
    until_the_curtain(app, s, t, 0)  # seat 1 watches what it did, then seat 0's curtain
    assert s.pending, "the Maintenance is kept to be replayed for seat 0"
    key(app, pygame.K_SPACE)  # seat 0 sits down
    assert s.handoff() is None and s.viewer == 0
    return s, app, t, hero, imp


def until_the_curtain(app, s, t, seat: int) -> None:
    """Frames until the curtain for `seat` is up and takes a press: the person leaving
    watches what their action did first (Session.hold_curtain)."""
    for _ in range(900):
        if s.handoff() == seat and t.curtain_button is not None and t.curtain_ready() >= 1:
            return
        app.step([], FRAME)
    pytest.fail(f"no curtain for seat {seat}")


def old_words(t) -> bool:
    """The panel's words are the ended Combat's (its end is in its notes)."""
    return any(isinstance(n, E.CombatEnded) for n in t.notes)


def pressable(t) -> list:
    return [k for _, k in t.panel_hits if k[0] in PRESSABLE]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_button_of_the_new_combat_under_the_ended_one_s_words(make_app, size):
    s, app, t, hero, imp = sitting_down_to_a_new_combat(make_app, size)
    mixed, replayed = [], 0
    for frame in range(900):
        app.step([], FRAME)
        if old_words(t):
            replayed += 1
            if pressable(t) or not t.fight_behind():
                mixed.append((frame, t.fight, pressable(t)))
        if not t.animator.busy and not s.pending and not old_words(t):
            break
    assert replayed, "the replay showed nothing of the ended Combat's notes"
    assert not mixed, mixed
    # Once the replay has reached it, the new Combat and its buttons.
    assert t.fight == s.view().combat and t.fight.disaster == imp
    assert not t.fight_behind()
    keys = pressable(t)
    assert ("plan", hero, "attack") in keys and ("act", A.RunAway()) in keys
