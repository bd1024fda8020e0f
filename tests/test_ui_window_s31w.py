"""What a newcomer at the window (helper s31w) reported: a piece of Equipment handed
from one Character to another flew across the table as an Item's face-down back."""
from __future__ import annotations

import pygame

from game.engine import actions as A
from game.engine import events as E
from game.engine.state import EQUIP
from game.ui.table.anims import Fly

import test_ui_table
from test_ui_window_s28z import ARMS
from test_ui_table import scene_app, scene_session, table
from test_ui_watching import normal_speed

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def flights(t) -> list[Fly]:
    return [a for a in t.animator.anims if isinstance(a, Fly)]


def test_a_card_handed_over_flies_as_the_viewer_knows_it(make_app):
    """Rules for Equipment: Equipment is played face up, and carried where all see it;
    an Item is kept face down, known to its owner. Kaede handing her Heavy Ion Cannon to
    Reiji flew a silver Item back from her to him (the log said "gave Heavy Ion Cannon"):
    a newcomer read that an Item, a card that counts to win, had changed hands. The card
    now flies face up where the viewer's share of the event names it (her Cannon, her
    own Lucky Charm), and as a back only where it hides it (another's Item)."""
    from scene import Scene
    sc = Scene(ARMS)
    sc.location((0, 0))
    reiji = sc.char("reiji", (0, 0))
    kaede = sc.char("kaede", (0, 0), equipment=["cannon"], items=["charm"])
    cannon, charm = sc.unit(kaede).equipment[0], sc.unit(kaede).items[0]
    sc.turn(EQUIP)
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    normal_speed(app, t)
    for card in (cannon, charm):
        holder = next(u.card for u in s.view().units if card in (*u.equipment, *u.items))
        taker = reiji if holder == kaede else kaede
        assert t.send(A.Transfer(card, holder, taker))
        app.step([], 0.016)
        fly, = flights(t)
        assert fly.pic is not t.back("item", fly.pic.get_width()), t.name(card)
        assert fly.pic is t.face(card, fly.pic.get_width()), t.name(card)
        t.animator.clear()
    # The share that hides the card (another player's Item): a back, as before.
    t.animator.feed(E.ItemTransferred(kaede, reiji, None), t, 0, t.seat_name)
    fly, = flights(t)
    assert fly.pic is t.back("item", fly.pic.get_width())
    pygame.display.flip()
