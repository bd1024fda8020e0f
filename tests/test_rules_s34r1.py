"""An outside examiner's scenes (s34r1) for the Play Phases, Havens, Items, Equipment,
Locations, Winning the Game and Setting Up: counts, seat counts and edges the earlier
tests do not build (a hand of 0, three seats, a Location turned Haven on the way, a
Disaster on the cell, Items under a Location, Equipment under it...)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import (AskPermission, Answer, BuildHaven, ContinueScavenging, Declare,
                                 DiscardCard, EndPhase, Move, PickUp, PlayCard, Retrieve,
                                 Scavenge, StopScavenging, UseEquipment)
from game.engine.events import (CardDiscarded, CardDrawn, DisasterEntered, DisasterMoved,
                                GameOver, LocationAttacks)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MAINTENANCE, MOVE, SCAVENGE
from game.engine.tally import item_counts
from game.engine.view import view

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: heroine, name: Heroine, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: swimmer, name: Swimmer, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Swimming: 1}}
- {id: spaceman, name: Spaceman, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Planetary: 1}}
- {id: walker, name: Walker, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Dimensional: 1}}
- {id: boost, name: Boost, type: enhancement, bonuses: {attack: "+1"}}
- {id: idol, name: Idol, type: item}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 30, movement: 1}}
- {id: pest, name: Pest, type: disaster, class: minor,
   abilities: {attack: 0, defense: 1, movement: 2}}
- {id: swoon, name: Swoon, type: disaster, class: minor, affects: {females: 1},
   endure: {modifiers: {charm: "-1"}}}
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}}
- {id: planet, name: Planet, type: location, categories: [Planetary]}
- {id: rift, name: Rift, type: location, categories: [Dimensional]}
- {id: rocket, name: Rocket, type: equipment, categories: [Planetary Vehicle]}
- {id: dock, name: Dock, type: location, becomes_haven: {skills: {Swimming: 1}}}
- {id: shield, name: Shield, type: equipment, bonuses: {defense: "+1"}}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+2"}}
- {id: boots, name: Boots, type: equipment, bonuses: {movement: "+1"}}
"""


def column(sc: Scene, n: int = 3, x: int = 0, under=("idol",)) -> None:
    for y in range(n):
        sc.location((x, y), under=list(under))


# Reload Phase ------------------------------------------------------------------------------

def test_reload_phase_a_hand_of_zero_draws_seven():
    """Reload Phase: "Draw 1 card at a time until you have 7 cards in your hand": an
    empty hand draws 7, one at a time, and the 8th card stays on the pile."""
    sc = Scene(CARDS)
    column(sc)
    sc.hand(0)
    pile = sc.draw_pile(0, *["boost"] * 9)
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert [e.private["card"] for e in ev if isinstance(e, CardDrawn)] == pile[:7]
    assert sorted(sc.st.seats[0].hand) == sorted(pile[:7])
    assert sc.st.seats[0].draw == pile[7:][::-1]


def test_reload_phase_three_seats_a_combat_disaster_enters_at_the_top_right_location():
    """Reload Phase: "If you draw a Combat Disaster it enters the Field at the top-right
    Location as you are looking at it" (R3: one orientation for every seat). With three
    seats, the third seat's Ogre enters at the top of the rightmost column, a column
    whose top cell is lower than the others', and is that seat's to move."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc, 3, x=0)
    sc.location((1, 1), under=["idol"])  # the rightmost column starts at y = 1
    sc.location((1, 2), under=["idol"])
    sc.hand(2, *["boost"] * 6)
    pile = sc.draw_pile(2, "ogre", "boost")
    sc.turn(DISCARD, seat=2)
    ev = sc.do(EndPhase())
    assert of(ev, DisasterEntered) == [{"seat": 2, "card": pile[0], "cell": (1, 1)}]
    assert sc.unit(pile[0]).brought_by == 2
    assert len(sc.st.seats[2].hand) == 6  # drawing stopped with the Ogre


def test_reload_phase_a_non_combat_disaster_discarded_does_not_count_toward_seven():
    """Reload Phase: "If you draw a non-Combat Disaster that cannot affect the Field,
    discard it, and continue drawing cards": with 5 in hand, the Swoon (no female on the
    Field) is discarded between two draws and the hand still reaches 7."""
    sc = Scene(CARDS)
    column(sc)
    sc.char("hero", (0, 0))
    sc.hand(0, *["boost"] * 5)
    pile = sc.draw_pile(0, "boost", "swoon", "boost", "boost")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert len(sc.st.seats[0].hand) == 7
    assert pile[1] in sc.st.seats[0].discard and pile[1] not in sc.st.seats[0].hand
    seen = [e.private.get("card") if isinstance(e, CardDrawn) else e.public["card"]
            for e in ev if isinstance(e, (CardDrawn, CardDiscarded))]
    assert seen == pile[:3]  # one at a time: the Swoon discarded between the two draws
    assert sc.st.seats[0].draw == [pile[3]]


# Maintenance Phase ---------------------------------------------------------------------------

def test_maintenance_phase_a_minor_disasters_item_destroyed_off_field_counts_for_the_disasters():
    """Maintenance Phase: "Any cards the Disaster is carrying are Destroyed. Minor
    Disasters are Discarded"; Rules for Items: "Discarded and Destroyed Items count
    towards the Disasters' total." The Pest (Movement 2) one step from the end carries
    an Idol off the Field: the Disasters' count goes from 0 to 1, not the Field's."""
    sc = Scene(CARDS)
    column(sc, 2, x=0, under=("idol",))
    pest = sc.disaster("pest", (0, 1), items=["idol"])
    before = item_counts(sc.st)
    sc.turn(DISCARD)
    sc.do(EndPhase(), EndPhase())  # Reload, then Maintenance
    assert pest not in sc.st.units
    after = item_counts(sc.st)
    assert (before["disasters"], after["disasters"]) == (1, 1)  # carried, then Destroyed
    assert after["field"] == before["field"] == 2


def test_maintenance_phase_a_disaster_passes_a_location_turned_haven_as_no_location():
    """Maintenance Phase: "Disasters are moved a number of Locations equal to their
    Movement ability"; guideline 4.14: "A Haven (not even a Location-turned-Haven) is not
    a Location"; Rules for Locations: once a Location becomes a Haven, Disasters "cannot
    stop on it". The Pest (Movement 2) above the Dock turned Haven moves 2 Locations,
    over it, and never stops on it."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((0, 1), "dock")
    sc.location((0, 2), under=["idol"])
    sc.location((0, 3), under=["idol"])
    sc.char("swimmer", (0, 1))
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 1)))
    assert sc.st.places[(0, 1)].kind == "haven"
    pest = sc.disaster("pest", (0, 0))
    sc.until(EQUIP)
    assert sc.unit(pest).pos == (0, 3)


# Equip Phase ---------------------------------------------------------------------------------

def test_equip_phase_an_enhancement_is_not_played_on_a_character_on_the_field():
    """Equip Phase: "You may play 1 Enhancement on a Character in your Haven": the Hero
    on a Location gets none, the Heroine in the Haven does."""
    sc = Scene(CARDS)
    column(sc)
    sc.haven((1, 0))
    h = sc.char("hero", (0, 0))
    w = sc.char("heroine", (1, 0))
    b1, b2 = sc.hand(0, "boost", "boost")
    sc.turn(EQUIP)
    sc.refused(PlayCard(b1, h))
    sc.do(PlayCard(b1, w))
    assert sc.unit(w).enhancements == [b1]
    sc.refused(PlayCard(b2, w))  # and only 1 per Turn


def test_equip_phase_equipment_played_into_the_haven_is_stored_and_taken_out():
    """Equip Phase: "You may play 1 piece of Equipment into your Haven"; Rules for
    Havens: "Havens are where you store Equipment". The Sword goes into the Haven's
    store (not onto a Character), a second piece waits for the next Turn, and the Hero
    standing in the Haven takes the Sword out (guideline 2.7)."""
    sc = Scene(CARDS)
    column(sc)
    sc.haven((1, 0))
    h = sc.char("hero", (1, 0))
    sword, shield = sc.hand(0, "sword", "shield")
    sc.turn(EQUIP)
    sc.do(PlayCard(sword))
    assert sword in sc.st.places[(1, 0)].under and sc.unit(h).equipment == []
    sc.refused(PlayCard(shield))
    sc.do(PickUp(sword, h))
    assert sc.unit(h).equipment == [sword]


# Move Phase ----------------------------------------------------------------------------------

def test_move_phase_a_group_moves_no_further_than_its_movement_boots_in_use_give_one_more():
    """Move Phase: "Move your Characters any number of Location up to their Movement
    ability": the Hero (Movement 2) reaches 2 Locations down, not 3; with the Boots put
    to use (+1 Movement) he reaches 3."""
    sc = Scene(CARDS)
    column(sc, 4)
    h = sc.char("hero", (0, 0), equipment=["boots"])
    boots, = sc.unit(h).equipment
    sc.turn(MOVE)
    assert Move((h,), (0, 2)) in sc.legal() and Move((h,), (0, 3)) not in sc.legal()
    sc.do(UseEquipment(boots, h))
    sc.do(Move((h,), (0, 3)))
    assert sc.unit(h).pos == (0, 3)


# Rules for Locations -------------------------------------------------------------------------

def test_rules_for_locations_a_group_of_three_is_attacked_each_character():
    """Rules for Locations: "If a group of Characters, without the required skills, stops
    at a Location with Attack, the Location Attacks each Character": three Characters
    stopping on the Reef (Attack 4) are each struck once."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((0, 1), "reef", under=["idol"])
    group = (sc.char("hero", (0, 0)), sc.char("heroine", (0, 0)), sc.char("spaceman", (0, 0)))
    sc.turn(MOVE)
    ev = sc.do(Move(group, (0, 1)))
    struck = of(ev, LocationAttacks)
    assert sorted(s["target"] for s in struck) == sorted(group), struck
    assert all(s["attack"] == 4 and s["damage"] == 1 for s in struck)


def test_rules_for_locations_planetary_one_with_the_symbol_one_in_a_planetary_vehicle():
    """Rules for Locations: "unless each Character in the Group has the Planetary symbol
    or is in a Planetary Vehicle": the Spaceman (symbol) and the Hero in a Rocket put to
    use stop on the Planet together; without the Rocket in use the group may not."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((0, 1), "planet", under=["idol"])
    s = sc.char("spaceman", (0, 0))
    h = sc.char("hero", (0, 0), equipment=["rocket"])
    rocket, = sc.unit(h).equipment
    sc.turn(MOVE)
    sc.refused(Move((s, h), (0, 1)), "Planetary")
    sc.do(UseEquipment(rocket, h), Move((s, h), (0, 1)))
    assert sc.unit(s).pos == sc.unit(h).pos == (0, 1)


def test_rules_for_locations_dimensional_a_group_all_dimensional_stops_there():
    """Rules for Locations: "cannot stop on a Dimensional Location unless all Characters
    in the Group have the Dimensional ability": two Walkers stop on the Rift together."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((0, 1), "rift", under=["idol"])
    w1, w2 = sc.char("walker", (0, 0)), sc.char("walker", (0, 0))
    sc.turn(MOVE)
    sc.do(Move((w1, w2), (0, 1)))
    assert sc.unit(w1).pos == sc.unit(w2).pos == (0, 1)


def test_rules_for_locations_another_players_location_turned_haven_needs_permission():
    """Rules for Locations: "Once a Location becomes a Haven, ... Characters owned by
    other players cannot stop on it unless given permission by the owner." Seat 1's Hero
    may pass over seat 0's Dock turned Haven, stops there only once seat 0 says yes."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((0, 1), "dock")
    sc.location((0, 2), under=["idol"])
    sc.location((0, 3), under=["idol"])
    sc.char("swimmer", (0, 1))
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 1)))
    h = sc.char("hero", (0, 0), seat=1)
    sc.turn(MOVE, seat=1)
    sc.refused(Move((h,), (0, 1)))
    assert Move((h,), (0, 2)) in sc.legal()  # passing over needs no asking
    sc.do(AskPermission((0, 1)), Answer(True), Move((h,), (0, 1)))
    assert sc.unit(h).pos == (0, 1)


# Scavenge Phase ------------------------------------------------------------------------------

def test_scavenge_phase_equipment_under_a_location_is_retrieved_after_all_disasters():
    """Scavenge Phase: "After all Disasters have been dealt with, you may retrieve any
    Items and Equipment from beneath that Location." Under the Plain: the Pest, then an
    Idol and a Shield: nothing is retrieved while the Pest is unrevealed; once it is
    Defeated, both cards are."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["pest", "idol", "shield"])
    sc.location((0, 1), under=["idol"])
    sc.location((0, 2), under=["idol"])
    h = sc.char("hero", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    assert not any(isinstance(a, Retrieve) for a in sc.legal())
    while sc.st.combat is not None:
        sc.do(Declare(h, "attack"))
    under = sc.st.places[(0, 0)].under
    assert len(under) == 2
    while any(isinstance(a, Retrieve) for a in sc.legal()):
        sc.do(Retrieve(h))
    assert len(sc.unit(h).items) == 1 and len(sc.unit(h).equipment) == 1
