"""Window defects players noticed (s56w): alike copies in the All-actions list, the
middle cards of a stack on the Field, and one notation for a changed ability."""
from __future__ import annotations

import pygame

from game.engine import actions as A
from game.engine.state import MOVE

import test_ui_table
from test_ui_table import click, key, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def test_alike_copies_in_the_hand_are_a_row_each_in_the_list_and_send_their_own(make_app):
    """Two Zaps in the hand were one row in All actions ("Play Zap on Hero" once): the
    second choice was not there to see. Each legal action is a row of its own now, the
    copies numbered as the hand shows them, left to right, and a row sends its own."""
    from scene import Scene
    from test_rules_timing import CARDS
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0))
    sc.char("star", (0, 0))
    first, ring, second = sc.hand(0, "zap", "ring", "zap")
    sc.st.seats[0].hand = [second, ring, first]  # the later instance on the left
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    key(app, pygame.K_a)
    words = [w for w, _ in t.menu.items]
    assert sorted(map(repr, (a for _, a in t.menu.items))) == sorted(map(repr, s.legal()))
    assert len(set(words)) == len(words), words
    rows = {w: a for w, a in t.menu.items}
    assert rows["Play Zap on Hero (copy 1)"] == A.PlayCard(second, hero)
    chosen = rows["Play Zap on Hero (copy 2)"]
    assert chosen == A.PlayCard(first, hero)
    row = next(r for r, i in t.menu.rows_shown() if t.menu.items[i][1] == chosen)
    before = len(s.record.actions)
    click(app, row.center)
    assert s.record.actions[before] == chosen
