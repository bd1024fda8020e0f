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
    from test_ui_table import tinker_scene
    sc, tinker = tinker_scene()
    use = A.UseCard(tinker, 0)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc), s)
    t.inspect, t._stale = tinker, True
    t.app.step([], 0.016)
    before = len(s.record.actions)
    click(t.app, next(r for r, k in t.hits if k == ("act", use)).center)
    assert len(s.record.actions) == before
    assert t.menu.title == "Cost: discard 1 card at random. There is no taking it back."


ENTRANCE = TITLED + """\
- {id: entrance, name: Dramatic Entrance, type: flash_effect,
   effects: [{"on": play, target: {select: character, owner: you}, cost: {energy: 1},
              do: [{modify: {charm: "+3"}, to: target, for: turn}]}]}
"""


def flash_in_hand(chars=("valen",)):
    """A Flash Effect whose play costs 1 Energy, in the hand, one of `chars` to take it."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(ENTRANCE, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    units = [sc.char(c, (0, 0)) for c in chars]
    (card,) = sc.hand(0, "entrance")
    sc.turn(MOVE)
    return sc, units, card


@pytest.mark.parametrize("how", ["click", "lit target", "drag"])
def test_playing_a_card_whose_play_costs_energy_asks_first(make_app, how):
    """A Flash Effect costing 1 Energy with one Character to take it was played, and its
    Energy paid, at one click on the card; and so by a click on a lit target or a drag.
    Each asks now, as readying a piece that costs Energy does; the menu's row says it."""
    sc, units, card = flash_in_hand(("valen",) if how == "click" else ("valen", "pawlina"))
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc), s)
    before = len(s.record.actions)
    play = A.PlayCard(card, units[0])
    token = t.unit_rects[units[0]].center
    if how == "drag":
        test_ui_table.drag(t.app, t.hand_rects[card].center, token)
    else:
        click(t.app, t.hand_rects[card].center)
        if how == "lit target":
            assert [w for w, _ in t.menu.items if "Valen" in w][0].endswith("(cost: 1 Energy)")
            click(t.app, token)
    assert len(s.record.actions) == before and t.menu is not None, how  # asked, not paid
    assert t.menu.title == "Cost: 1 Energy. There is no taking it back."
    assert t.menu.items[0][1] == play
    click(t.app, next(r for r, i in t.menu.rows_shown() if i == 0).center)
    assert s.record.actions[before:] == [play]
