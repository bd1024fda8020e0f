"""The Equip phase (rulebook, Equip Phase; Rules for Enhancements, Global Effects)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import EndPhase, PlayCard
from game.engine.events import CardPlayed
from game.engine.state import DISCARD, EQUIP, MOVE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: rookie, name: Rookie, type: character, gender: female,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
- {id: boots, name: Boots, type: equipment, bonuses: {movement: "+1"}}
- {id: training, name: Training, type: enhancement, bonuses: {attack: "+1"}}
- {id: focus, name: Focus, type: enhancement, bonuses: {defense: "+2"},
   costs: {energy: "-1"}}
- {id: power-up, name: Power Up, type: enhancement, bonuses: {attack: "+3"},
   costs: {energy: "-2"}}
- {id: rally, name: Rally, type: global_effect, bonuses: {movement: "+1"}}
- {id: cheer, name: Cheer, type: global_effect, bonuses: {charm: "+1"}}
- {id: idol, name: Idol, type: item}
"""


def scene() -> Scene:
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    return sc


def test_one_character_per_turn_into_the_haven():
    sc = scene()
    a, b = sc.hand(0, "hero", "rookie")
    sc.turn(EQUIP)
    ev = sc.do(PlayCard(a))
    assert sc.unit(a).pos == (1, 0) and not sc.unit(a).disaster
    assert of(ev, CardPlayed)[0]["cell"] == (1, 0)
    sc.refused(PlayCard(b), "only one character")
    assert PlayCard(b) not in sc.legal()


def test_one_equipment_per_turn_into_the_haven():
    sc = scene()
    a, b = sc.hand(0, "sword", "boots")
    sc.turn(EQUIP)
    sc.do(PlayCard(a))
    assert list(sc.st.places[(1, 0)].under) == [a]
    sc.refused(PlayCard(b), "only one equipment")


def test_one_global_effect_per_turn():
    sc = scene()
    hero = sc.char("hero", (0, 0))
    a, b = sc.hand(0, "rally", "cheer")
    sc.turn(EQUIP)
    sc.do(PlayCard(a))
    assert [o.card for o in sc.st.off_field] == [a]
    assert total(sc.st, sc.unit(hero), "movement") == 3  # all of the player's Characters
    sc.refused(PlayCard(b), "only one global effect")


def test_one_enhancement_per_turn_on_a_character_in_the_haven():
    sc = scene()
    home = sc.char("hero", (1, 0))
    away = sc.char("hero", (0, 0))
    a, b = sc.hand(0, "training", "training")
    sc.turn(EQUIP)
    sc.refused(PlayCard(a, away), "in your Haven")
    sc.do(PlayCard(a, home))
    assert sc.unit(home).enhancements == [a]
    assert total(sc.st, sc.unit(home), "attack") == 4
    sc.refused(PlayCard(b, home), "only one enhancement")


def test_the_four_plays_are_allowed_in_one_turn_and_again_next_turn():
    sc = scene()
    home = sc.char("hero", (1, 0))
    cards = sc.hand(0, "rookie", "sword", "training", "rally", "boots")
    sc.turn(EQUIP)
    sc.do(PlayCard(cards[0]), PlayCard(cards[1]), PlayCard(cards[2], home),
          PlayCard(cards[3]))
    sc.until(EQUIP)
    sc.do(PlayCard(cards[4]))
    assert list(sc.st.places[(1, 0)].under) == [cards[1], cards[4]]


def test_enhancement_cost_must_be_payable():
    """Rules for Enhancements: if an Enhancement has a cost, it must be met to play it,
    and it is paid as long as the Character has the Enhancement."""
    sc = scene()
    rookie = sc.char("rookie", (1, 0))                        # Energy 1
    hero = sc.char("hero", (1, 0), enhancements=["focus"])    # Energy 2, 1 already paid
    power_up, = sc.hand(0, "power-up")                        # costs 2 Energy
    sc.turn(EQUIP)
    sc.refused(PlayCard(power_up, rookie))
    sc.refused(PlayCard(power_up, hero))
    assert not any(isinstance(a, PlayCard) for a in sc.legal())
    sc2 = scene()
    fresh = sc2.char("hero", (1, 0))
    power_up, = sc2.hand(0, "power-up")
    sc2.turn(EQUIP)
    sc2.do(PlayCard(power_up, fresh))
    assert total(sc2.st, sc2.unit(fresh), "attack") == 6


def test_equip_plays_only_in_the_equip_phase():
    sc = scene()
    home = sc.char("hero", (1, 0))
    sword, training = sc.hand(0, "sword", "training")
    for phase in (MOVE, DISCARD):
        sc.turn(phase)
        sc.refused(PlayCard(sword), "Equip phase")
        sc.refused(PlayCard(training, home))


def test_cannot_play_a_card_not_in_the_hand():
    sc = scene()
    sword = sc.card("sword")
    sc.turn(EQUIP)
    sc.refused(PlayCard(sword), "not in your hand")
    sc.do(EndPhase())
    assert sc.st.phase == MOVE
