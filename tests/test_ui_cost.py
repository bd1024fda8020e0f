"""A card's use that pays at once (Energy, cards discarded) was sent by one click on
its button ("Ready Walker" spent its Energy unasked). Now that click asks once, in a
small menu: "Confirm: ..." (a click or Enter) sends it; Cancel, Escape or a click
elsewhere sends nothing. A use that pays nothing is still one click."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine.state import MOVE

import test_ui_table
from test_ui_combat_panel import TITLED
from test_ui_table import click, key, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

COSTLY = TITLED + """\
- {id: walker, name: Hornet-Class Battle Walker, type: equipment, categories: [Vehicle],
   abilities: {defense: 6}, bonuses: {attack: "+3", defense: "+2"}, costs: {energy: "-1"}}
- {id: blade, name: Battle Blade, type: equipment, bonuses: {attack: "+1"}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1, charm: 0}}
"""


def costly_fight():
    """Valen, carrying a Walker that costs 1 Energy and a Blade that costs nothing,
    fights the Brute."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(COSTLY, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    valen = sc.char("valen", (0, 0), equipment=["walker", "blade"])
    brute = sc.disaster("brute", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(brute))
    return sc, valen, sc.unit(valen).equipment[0]


def walker_button(t) -> pygame.Rect:
    ready = next(a for a in t.board.legal if isinstance(a, A.UseEquipment)
                 and t.session.game.card(a.card).id == "walker")
    return next(r for r, k in t.hits if k == ("act", ready))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_readying_a_piece_that_costs_energy_asks_first(make_app, size):
    sc, valen, walker = costly_fight()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, size), s)
    ready = A.UseEquipment(walker, valen)
    before = len(s.record.actions)
    click(t.app, walker_button(t).center)
    assert len(s.record.actions) == before and t.menu is not None  # asked, not paid
    assert "1 Energy" in t.menu.title
    (words, first), (cancel, none) = t.menu.items
    assert first == ready and words.startswith("Confirm: ") and "1 Energy" in words
    assert (cancel, none) == ("Cancel", None)
    assert t.menu.rect.clamp(pygame.Rect((0, 0), t.size)) == t.menu.rect  # all in sight
    row = next(r for r, i in t.menu.rows_shown() if i == 1)
    click(t.app, row.center)  # Cancel
    assert len(s.record.actions) == before and t.menu is None
    click(t.app, walker_button(t).center)
    key(t.app, pygame.K_ESCAPE)
    assert len(s.record.actions) == before and t.menu is None
    click(t.app, walker_button(t).center)
    row = next(r for r, i in t.menu.rows_shown() if i == 0)
    click(t.app, row.center)
    assert s.record.actions[before:] == [ready]


def test_the_keyboard_confirms_too(make_app):
    sc, valen, walker = costly_fight()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc), s)
    before = len(s.record.actions)
    click(t.app, walker_button(t).center)
    key(t.app, pygame.K_DOWN)
    key(t.app, pygame.K_RETURN)  # on Cancel
    assert len(s.record.actions) == before and t.menu is None
    click(t.app, walker_button(t).center)
    key(t.app, pygame.K_RETURN)  # on Confirm
    assert s.record.actions[before:] == [A.UseEquipment(walker, valen)]


def test_a_piece_that_costs_nothing_is_readied_at_one_click(make_app):
    sc, valen, walker = costly_fight()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc), s)
    blade = sc.unit(valen).equipment[1]
    ready = A.UseEquipment(blade, valen)
    before = len(s.record.actions)
    click(t.app, next(r for r, k in t.hits if k == ("act", ready)).center)
    assert s.record.actions[before:] == [ready] and t.menu is None


def test_an_ability_that_discards_asks_first_from_the_inspector(make_app):
    """Tinker's ability discards a card of the hand at random: its button in the
    inspector asks, and says so."""
    from scene import Scene
    sc = Scene("""\
- {id: tinker, name: Tinker, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 3},
   effects: [{"on": use, cost: {discard: 1}, do: [{search: {type: equipment}}]}]}
- {id: wrench, name: Wrench, type: equipment}
""", seats=2)
    sc.location((0, 0))
    tinker = sc.char("tinker", (0, 0))
    sc.hand(0, "wrench")
    sc.turn(MOVE)
    use = A.UseCard(tinker, 0)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc), s)
    t.inspect, t._stale = tinker, True
    t.app.step([], 0.016)
    before = len(s.record.actions)
    click(t.app, next(r for r, k in t.hits if k == ("act", use)).center)
    assert len(s.record.actions) == before
    assert t.menu.title == "Cost: discard 1 card at random. There is no taking it back."
