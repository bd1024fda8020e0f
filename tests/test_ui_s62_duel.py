"""A person sits down to a Combat between players begun while they were away (R33):
two people at one screen. Player 1 challenged Player 2's Character and Player 2 is
called to select first; Player 2 takes the seat, and the table replays the challenge
for them. The duel's panel showed from
the first frame of that replay, over the Field, its rows lit, before the replay had
walked anyone there (s61's left item). As with a Disaster's Combat (test_ui_s61_panel),
the panel comes when the replay reaches the Combat's beginning, not before."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.options import Options
from game.engine.save import Record
from game.engine.state import MOVE, Lasting
from game.ui.session import Session, SessionConfig

import test_ui_table
from conftest import replay_keys
from scene import Scene
from test_rules_duel import CARDS
from test_ui_s61_panel import until_the_curtain
from test_ui_table import key, scene_app, table
from test_ui_watching import FRAME, normal_speed

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def sitting_down_to_a_duel(make_app, size):
    """Player 1's Dull (Charm 0: no part in Charm Combat, R12) walks to Player 2's Hero
    and challenges him at once, there with Player 1's Hero, who has No Action (charmed at, he attacks
    no one: R34). Charm Combat is played, and as Player 1 has nothing to select,
    Player 2 selects first (Charm Combat Between Players). Player 1 watches what the
    challenge did, the curtain comes, and Player 2 sits down to the replay."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=True))
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    sc.location((0, 1))
    dull = sc.char("dull", (0, 1), seat=0)
    held = sc.char("hero", (0, 0), seat=0)
    theirs = sc.char("hero", (0, 0), seat=1)
    # No Action: charmed at, it attacks no one (R34, guideline 1.1).
    sc.st.add_lasting(Lasting(theirs, held, 1, flags=("no_action",), until="game"))
    for seat in (0, 1):
        sc.hand(seat, "ring")  # a card each: a seat passes only behind a curtain
    sc.turn(MOVE)
    s = Session(SessionConfig("", ["human", "human"], seed=0), Record(sc.game, 0),
                threaded=False, keys=replay_keys(2, 0), replayed=(sc.st, []))
    s.take_seat()
    assert s.viewer == 0
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    normal_speed(app, t)
    # Walked in and challenged at once, before the walk had played.
    assert t.send(A.Move((dull,), (0, 0))) and t.send(A.Challenge(1, (0, 0)))
    assert s.state.duel is not None and s.to_act == 1, "Player 2 selects first"
    until_the_curtain(app, s, t, 1)  # Player 1 watches what it did, then Player 2's curtain
    assert any(isinstance(e, E.DuelBegan) for e in s.pending), "kept to be replayed"
    key(app, pygame.K_SPACE)  # Player 2 sits down
    assert s.viewer == 1
    return s, app, t, theirs


def panel_up(t) -> bool:
    """The duel's panel is drawn over the Field (its rows, its buttons)."""
    return t.combat_cover is not None and t.fight is None


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_no_duel_panel_before_the_replay_reaches_its_beginning_r33(make_app, size):
    s, app, t, theirs = sitting_down_to_a_duel(make_app, size)
    early, frames = [], 0
    for frame in range(900):
        app.step([], FRAME)
        frames += 1
        # Nor the seat panels' "YOUR COMBAT" / "IN COMBAT" (Painter.fighting).
        if t._ahead is not None and (panel_up(t) or t.fight_cell() is not None
                                     or t.painter([]).fighting):
            early.append(frame)
        if not t.animator.busy and not s.pending and t._ahead is None:
            break
    assert frames > 5, "the replay played the walk"
    assert not early, early
    # Once the replay has reached it, the duel's panel, Player 2's Charm attack to choose.
    assert panel_up(t) and not t.fight_behind()
    assert t.painter([]).fighting == {0, 1}
    assert any(k[0] in ("act", "plan") and theirs in (getattr(k[1], "char", None), k[1])
               for _, k in t.panel_hits), t.panel_hits
