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


SAP = """\
- id: sap
  name: Sap
  type: flash_effect
  effects:
    - {"on": play, target: {select: disaster},
       do: [{modify: {attack: "+2", defense: "-1"}, to: target, for: combat}]}
"""


def test_the_combat_panel_and_the_inspector_say_a_changed_total_alike(make_app, monkeypatch):
    """The combat panel said the Salaryman's Attack "7 (+2)" while the inspector says a
    changed total "(printed 5)": one notation now, from one function, in both; and the
    Defense the Sap lowered is said too (no room was left for a second total)."""
    from scene import Scene
    from game.engine.options import Options
    from game.ui.table import panels
    from test_ui_combat_forecast import CARDS
    from test_ui_combat_panel import painted
    sc = Scene(CARDS + SAP, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.char("daigo", (0, 0))
    salaryman = sc.disaster("salaryman", (0, 0))  # Attack 5, Defense 3
    sap, = sc.hand(0, "sap")
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(A.Fight(salaryman), A.PlayCard(sap, salaryman))
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    said = ["Attack 7 (printed 5)", "Defense 2 (printed 3)"]
    combat, _ = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, t.notes, t.name, t.plan))
    inspector, _ = painted(monkeypatch, t, lambda p, surf: panels.inspector(
        p, surf, salaryman, t.name))
    assert all(w in combat for w in said), combat
    assert all(w in inspector for w in said), inspector


def test_every_copy_of_a_stack_of_three_is_picked_by_the_mouse(make_app):
    """Three Gold Idols alike were one face "x3": a click or a drag took the first, one
    on the count the last, and the middle one only once another had gone. Fanned, each
    shows a strip the pointer finds it on; the middle one dragged to Mate is given."""
    from scene import Scene
    from test_ui_newcomer_s51 import PIECES
    sc = Scene(PIECES)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0), items=["idol"] * 3)
    mate = sc.char("mate", (0, 0))
    sc.turn(MOVE)
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc), s)
    click(t.app, t.unit_rects[hero].center)
    idols = sc.unit(hero).items
    on = {i: next((pt for r, k in t.hits if k == ("card", i) and t.lay.inspector.contains(r)
                   for pt in ((r.x + 1, r.centery), r.center) if t.hit(pt) == k), None)
          for i in idols}
    assert None not in on.values(), on
    middle = idols[1]
    test_ui_table.drag(t.app, on[middle], t.unit_rects[mate].center)
    assert s.record.actions[-1] == A.Transfer(middle, hero, mate)
