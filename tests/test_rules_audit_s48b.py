"""The second audit of 2 Dec 2026 (s48b): No Action and Defeating a non-Combat
Disaster; a Pilot or Driver and two Vehicles; `items.watchers` naming each seat once.
Each test names the section, guideline or ruling it pins."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total, vehicle
from game.engine.actions import DiscardCard, EndPhase, Scavenge, Transfer, UseEquipment
from game.engine.events import DisasterDefeated, DisasterEndured, ItemDiscarded
from game.engine.items import watchers
from game.engine.state import DISCARD, MOVE, SCAVENGE, Lasting

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 3, charm: 1, energy: 1}}
- {id: belle, name: Belle, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 3, charm: 1, energy: 1}}
- {id: gloom, name: Gloom, type: disaster, class: minor, defeat: {females: 1},
   endure: {modifiers: {attack: "-1"}, turns: 1}}
- {id: idol, name: Idol, type: item}
- {id: ace, name: Ace, type: character, gender: male, skills: {Pilot: 1, Driving: 1},
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: walker, name: Walker, type: equipment, categories: [Vehicle],
   bonuses: {attack: "+3", defense: "+2"}, abilities: {defense: 6},
   requires: {skills: {Pilot: 1}}}
- {id: gyro, name: Gyro, type: equipment, categories: [Flying Vehicle],
   bonuses: {movement: "+2"}, abilities: {defense: 3}, requires: {skills: {Pilot: 1}}}
- {id: scooter, name: Scooter, type: equipment, categories: [Vehicle],
   bonuses: {movement: "+1"}, requires: {skills: {Driving: 1}}}
- {id: boots, name: Boots, type: equipment, bonuses: {movement: "+1"}}
"""


def flagged(sc: Scene, unit: int, flag: str) -> None:
    """A lasting flag for the rest of the game, as a card's step gives it."""
    sc.st.add_lasting(Lasting(unit, unit, sc.st.units[unit].owner, flags=(flag,),
                              until="game"))


# 1. No Action and Defeating a non-Combat Disaster -------------------------------------------

def test_no_action_characters_skills_do_not_defeat_a_non_combat_disaster_guidelines_glossary():
    """Guidelines, glossary: "Characters have Skills which enable them to Scavenge
    Locations, Defeat non-Combat Disasters, Use certain Equipment" and No Action:
    "Character / Disaster is only able to defend and Run Away from Combat. A.k.a 'unable
    to do anything.'" (rulebook, List of Actions: "no actions means no actions"). Belle,
    with No Action, does not Defeat the Gloom for her group (it asks for a female): the
    Hero, Scavenging, must endure it, and so does she."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gloom", "idol"])
    h, b = sc.char("hero", (0, 0)), sc.char("belle", (0, 0))
    flagged(sc, b, "no_action")
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((0, 0)))
    assert not of(ev, DisasterDefeated)
    endured, = of(ev, DisasterEndured)
    assert set(endured["chars"]) == {h, b}  # the whole group endures it


def test_a_character_able_to_act_still_defeats_the_non_combat_disaster_skills():
    """Guidelines, glossary, Skills: the same Belle, able to act, Defeats the Gloom."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gloom", "idol"])
    h, b = sc.char("hero", (0, 0)), sc.char("belle", (0, 0))
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((0, 0)))
    defeated, = of(ev, DisasterDefeated)
    assert set(defeated["by"]) == {h, b} and not of(ev, DisasterEndured)


def test_rules_for_disasters_a_drawn_non_combat_disaster_is_not_defeated_by_no_action():
    """Rules for Disasters: a non-Combat Disaster drawn from the Draw pile "will affect the
    first group along the Disaster movement path belonging to the drawing player"; the
    group Defeats it only with what its Characters able to act can do (guidelines'
    glossary, No Action: "unable to do anything"), so Belle, with No Action, does not."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    h, b = sc.char("hero", (0, 0)), sc.char("belle", (0, 0))
    flagged(sc, b, "no_action")
    sc.draw_pile(0, "gloom")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())  # Reload: the Gloom is drawn
    assert not of(ev, DisasterDefeated)
    endured, = of(ev, DisasterEndured)
    assert set(endured["chars"]) == {h, b}


# 2. One Vehicle at a time (R133) ---------------------------------------------------------------

def test_driver_pilot_a_character_uses_one_vehicle_at_a_time_R133():
    """Basic Terms, Driver / Pilot: "The Character that is in control of a vehicle"; Rules
    for Equipment: "Characters in Vehicles", "a Character that is in a Vehicle", and two
    Vehicles together only as one carrying the other. R133: the Ace, in his Walker (Attack
    and Defense), flies no Gyro and drives no Scooter that Turn, though they give
    Movement; he still uses the Boots, and so the Movement he would have had from them."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    ace = sc.char("ace", (0, 0), equipment=["walker", "gyro", "scooter", "boots"])
    walker, gyro, scooter, boots = sc.unit(ace).equipment
    sc.turn(MOVE)
    assert {UseEquipment(gyro, ace), UseEquipment(scooter, ace)} <= set(sc.legal())
    sc.do(UseEquipment(walker, ace))
    legal = sc.legal()
    assert UseEquipment(gyro, ace) not in legal and UseEquipment(scooter, ace) not in legal
    sc.refused(UseEquipment(gyro, ace), "Vehicle")
    sc.refused(UseEquipment(scooter, ace), "Vehicle")
    assert UseEquipment(boots, ace) in legal
    sc.do(UseEquipment(boots, ace))
    assert vehicle(sc.st, sc.unit(ace)) == walker and total(sc.st, sc.unit(ace), "movement") == 3


def test_driver_pilot_the_other_vehicle_goes_to_another_pilot_R133():
    """R133 limits the Character, not the group: the Gyro the Ace cannot fly while in his
    Walker is handed to another Ace of his group, who flies it."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    ace = sc.char("ace", (0, 0), equipment=["walker", "gyro"])
    mate = sc.char("ace", (0, 0))
    walker, gyro = sc.unit(ace).equipment
    sc.turn(MOVE)
    sc.do(UseEquipment(walker, ace), Transfer(gyro, ace, mate), UseEquipment(gyro, mate))
    assert vehicle(sc.st, sc.unit(mate)) == gyro and vehicle(sc.st, sc.unit(ace)) == walker


# 3. Who sees a Haven's store: each seat once, in seat order ---------------------------------

def test_rules_for_havens_the_stores_watchers_are_each_seat_once_in_order():
    """Rules for Havens: a player with Characters in another's Haven "has free access to
    it", so its owner and each such player see what it stores (view.PlaceView.stored), and
    an Item Discarded from it is named to them (Rules for Items: face down to the rest).
    The owner with Characters in its own Haven is one watcher, not two, and the seats come
    in seat order whichever group came first, as `everyone` and `seen_by` give them."""
    sc = Scene(CARDS, seats=3)
    sc.haven((0, 0), seat=1, stored=["idol"])
    sc.location((1, 0))
    sc.char("hero", (0, 0), seat=2)  # a guest first
    sc.char("hero", (0, 0), seat=1)  # the owner, in its own Haven
    sc.char("hero", (0, 0), seat=0)  # another guest
    sc.char("hero", (1, 0), seat=0)
    assert watchers(sc.st, (0, 0)) == (0, 1, 2)
    idol, = sc.st.places[(0, 0)].under
    sc.turn(DISCARD, seat=1)
    ev = sc.do(DiscardCard(idol))
    done, = [e for e in ev if isinstance(e, ItemDiscarded)]
    assert done.to == (0, 1, 2)
