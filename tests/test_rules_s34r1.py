"""An outside examiner's scenes (s34r1) for the Play Phases, Havens, Items, Equipment,
Locations, Winning the Game and Setting Up: counts, seat counts and edges the earlier
tests do not build (a hand of 0, three seats, a Location turned Haven on the way, a
Disaster on the cell, Items under a Location, Equipment under it...)."""
from __future__ import annotations

import pytest
from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (AskPermission, Answer, AttackLocation, BuildAccess, BuildHaven,
                                 Challenge, Declare, DiscardCard, Drop, EndPhase, Move, PickUp,
                                 PlaceHaven, PlayCard, Retrieve, RunAway, RunTo, Scavenge,
                                 StopScavenging, UseCard, UseEquipment)
from game.engine.events import (CardDiscarded, CardDrawn, DisasterEntered, DisasterMoved,
                                GameOver, ItemDiscarded, LocationAttacked, LocationAttacks)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE, Place
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
- {id: armor, name: Armor, type: equipment, abilities: {defense: 6}}
- id: office
  name: Lost and Found
  type: haven
  effects: [{"on": use, if: {discarded: equipment}, cost: {discard: 1}, do: [{hook: salvage}]}]
- {id: den, name: Den, type: haven}
- {id: lagoon, name: Lagoon, type: location, requires: {skills: {Swimming: 1}}}
- {id: fort, name: Fort, type: location, requires: {skills: {Stealth: 1}},
   abilities: {attack: 4, defense: 5}}
"""


def column(sc: Scene, n: int = 3, x: int = 0, under=("idol",)) -> None:
    """`n` Locations down column `x`, each with `under` (an Idol keeps the game going)."""
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


def dock_turned_haven(sc: Scene) -> None:
    """A line of four Locations, an Idol under the last two; seat 0's Swimmer turns the
    Dock, the second, into its Haven (Rules for Locations: "Certain Locations can become
    Havens")."""
    sc.location((0, 0))
    sc.location((0, 1), "dock")
    sc.location((0, 2), under=["idol"])
    sc.location((0, 3), under=["idol"])
    sc.char("swimmer", (0, 1))
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 1)))


def test_maintenance_phase_a_disaster_passes_a_location_turned_haven_as_no_location():
    """Maintenance Phase: "Disasters are moved a number of Locations equal to their
    Movement ability"; guideline 4.14: "A Haven (not even a Location-turned-Haven) is not
    a Location"; Rules for Locations: once a Location becomes a Haven, Disasters "cannot
    stop on it". The Pest (Movement 2) above the Dock turned Haven moves 2 Locations,
    over it, and never stops on it."""
    sc = Scene(CARDS)
    dock_turned_haven(sc)
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
    dock_turned_haven(sc)
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


def test_scavenge_phase_a_group_that_stopped_must_meet_the_requirements_again():
    """Scavenge Phase: "If you stop, you must 'leave' the Location ... and must meet the
    requirements again if you wish to re-enter". The Swimmer and the Hero enter the
    Lagoon (Swimming), Defeat the Pest and stop; next Turn, the Swimmer gone, the Hero
    alone may not re-enter it, though the Idol is still there."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), "lagoon", under=["pest", "idol"])
    sc.location((0, 1), under=["idol"])
    s, h = sc.char("swimmer", (0, 0)), sc.char("hero", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    while sc.st.combat is not None:
        sc.do(Declare(s, "attack"), Declare(h, "attack"))
    sc.do(StopScavenging())
    assert sc.st.scavenging is None and len(sc.st.places[(0, 0)].under) == 1
    sc.until(MOVE)
    sc.do(Move((s,), (0, 1)))
    sc.until(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.until(MOVE)
    sc.do(Move((s,), (0, 0)))
    sc.until(SCAVENGE)
    assert Scavenge((0, 0)) in sc.legal()


def test_maintenance_phase_a_disaster_from_another_players_deck_moves_in_the_revealers_turn():
    """Maintenance Phase: "Any Disasters you brought into play that are capable of
    Movement are moved." Seat 0 reveals an Ogre of seat 1's deck under a Location and
    runs from it: it is seat 0's to move, not seat 1's (its owner)."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    ogre = sc.card("ogre", 1)
    sc.location((1, 0), under=[ogre, "idol"])
    for y in range(1, 4):
        sc.location((1, y), under=["idol"])
    h = sc.char("hero", (1, 0))
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 4)
    sc.turn(SCAVENGE)
    sc.do(Scavenge((1, 0)))
    assert sc.st.combat is not None and sc.st.combat.disaster == ogre
    sc.do(RunAway(), RunTo((1, 1)))
    assert sc.unit(h).pos == (1, 1)
    assert sc.unit(ogre).brought_by == 0
    ev = sc.until(EQUIP, seat=1)
    assert not of(ev, DisasterMoved) and sc.unit(ogre).pos == (1, 0)  # seat 1's: not moved
    ev = sc.until(EQUIP, seat=0)
    assert of(ev, DisasterMoved) == [{"card": ogre, "origin": (1, 0), "dest": (1, 1)}]


def test_discard_phase_an_item_stored_in_a_location_turned_haven_counts_for_the_disasters():
    """Discard Phase: "Discard any cards in your Haven that you do not want"; guideline
    4.10: a Location turned Haven "is treated as a Haven permanently"; Rules for Items:
    "Discarded and Destroyed Items count towards the Disasters' total". The Idol stored
    in the Dock turned Haven is discarded: it was seat 0's, it is now the Disasters'."""
    sc = Scene(CARDS)
    sc.location((0, 0), "dock")
    column(sc, 3, x=1)
    s = sc.char("swimmer", (0, 0), items=["idol"])
    idol, = sc.unit(s).items
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 0)))
    sc.do(Drop(idol, s))
    assert idol in sc.st.places[(0, 0)].under
    assert item_counts(sc.st)["0"] == 1
    sc.turn(DISCARD)
    ev = sc.do(DiscardCard(idol))
    # face down (Rules for Items: "kept face down until they are used"): an ItemDiscarded
    assert idol in sc.st.seats[0].discard and [e.card for e in ev
                                                if isinstance(e, ItemDiscarded)] == [idol]
    assert item_counts(sc.st)["0"] == 0 and item_counts(sc.st)["disasters"] == 1


def test_rules_for_equipment_a_character_carries_any_number_of_pieces():
    """Rules for Equipment: "A Character may carry as many Equipment cards as you wish."
    The Hero carrying three pieces takes a fourth out of the Haven, and puts two to use
    for two abilities in the same Turn."""
    sc = Scene(CARDS)
    column(sc)
    sc.haven((1, 0), stored=["boots"])
    h = sc.char("hero", (1, 0), equipment=["sword", "shield", "rocket"])
    boots, = sc.st.places[(1, 0)].under
    sc.turn(MOVE)
    sc.do(PickUp(boots, h))
    assert len(sc.unit(h).equipment) == 4
    sword, shield = sc.unit(h).equipment[:2]
    sc.do(UseEquipment(sword, h), UseEquipment(shield, h))
    assert (total(sc.st, sc.unit(h), "attack"), total(sc.st, sc.unit(h), "defense")) == (5, 4)


def test_rules_for_havens_a_guest_need_not_leave_until_it_wants_to():
    """Rules for Havens: "They also don't have to leave until they want to or you force
    them out." Seat 1's Hero, let into seat 0's Haven, is still there two rounds later,
    never moved out by a turn's end, and may still take the Idol stored there."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    column(sc, 3, x=1)
    sc.haven((0, 0), seat=0, stored=["idol"])
    idol, = sc.st.places[(0, 0)].under
    g = sc.char("hero", (1, 0), seat=1)
    sc.turn(MOVE, seat=1)
    sc.do(AskPermission((0, 0)), Answer(True), Move((g,), (0, 0)))
    for _ in range(2):
        sc.until(MOVE, seat=0)
        sc.until(MOVE, seat=1)
    assert sc.unit(g).pos == (0, 0)
    assert PickUp(idol, g) in sc.legal()


def test_rules_for_items_each_seat_sees_how_many_items_each_character_carries_not_which():
    """Rules for Items: "A player must reveal which Characters have how many Items, but
    not the specific Items"; "Item cards are kept face down until they are used". Of
    three seats, the two that do not own the Hero see that he carries 2 Items, not
    which; his owner sees both."""
    sc = Scene(CARDS, seats=3)
    column(sc)
    h = sc.char("hero", (0, 0), seat=1, items=["idol", "idol"])
    items = tuple(sc.unit(h).items)
    for s in range(3):
        u = next(u for u in view(sc.st, s).units if u.card == h)
        assert u.item_count == 2
        assert u.items == (items if s == 1 else None)
        known = {c for c, _ in view(sc.st, s).known}
        assert bool(set(items) & known) == (s == 1)


@pytest.mark.parametrize("under, over", [(3, True), (4, False)], ids=["majority", "half"])
def test_winning_the_game_three_seats_the_players_majority_goes_to_the_one_with_most(under, over):
    """Winning the Game: "If the players get more than half of the Items, the player with
    the most Items wins" (R14 b). Three seats holding 2 + 1 + 1 = 4, no one seat a
    majority: of seven Items (4 > 3.5) seat 0 wins at the next Discard phase; of eight,
    exactly half is not "more than half", and the game goes on."""
    sc = Scene(CARDS, seats=3)
    sc.location((0, 0), under=["idol"] * under)
    sc.location((0, 1))
    sc.char("hero", (0, 1), seat=0, items=["idol", "idol"])
    sc.char("hero", (0, 1), seat=1, items=["idol"])
    sc.char("hero", (0, 1), seat=2, items=["idol"])
    assert sc.st.items_total == 4 + under
    sc.turn(SCAVENGE, seat=2)
    ev = sc.do(EndPhase())
    if not over:
        assert not of(ev, GameOver) and sc.st.result is None
        return
    done, = of(ev, GameOver)
    assert sc.st.result.winners == (0,) and not sc.st.result.disasters_win
    assert done["items"]["field"] == 3


def test_move_phase_passing_over_a_combat_disaster_with_items_starts_no_combat():
    """Move Phase with a Disaster on the cell passed over: R23 and the Rules for
    Disasters make a group that *stops* at a Combat Disaster with Items fight; the Hero
    with an Idol passes over the Ogre's Location to the next one: no Combat."""
    sc = Scene(CARDS, options=NO_CHARM)
    column(sc, 3)
    sc.disaster("ogre", (0, 1))
    h = sc.char("hero", (0, 0), items=["idol"])
    sc.turn(MOVE)
    sc.do(Move((h,), (0, 2)))
    assert sc.unit(h).pos == (0, 2) and sc.st.combat is None


def dock_haven(sc: Scene, cell=(0, 1)) -> int:
    """The Swimmer turns the Dock at `cell` into seat 0's Haven; she is returned."""
    s = sc.char("swimmer", cell)
    sc.turn(SCAVENGE)
    sc.do(BuildHaven(cell))
    assert sc.st.places[cell].kind == "haven"
    return s


def test_equip_phase_an_enhancement_on_a_character_in_a_location_turned_haven():
    """Equip Phase: "You may play 1 Enhancement on a Character in your Haven"; guideline
    4.10: a Location turned Haven "is treated as a Haven permanently". The Swimmer in the
    Dock turned Haven takes the Boost; the Hero on a Location beside it does not."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((0, 1), "dock")
    s = dock_haven(sc)
    h = sc.char("hero", (0, 0))
    b, = sc.hand(0, "boost")
    sc.turn(EQUIP)
    assert PlayCard(b, h) not in sc.legal()
    sc.do(PlayCard(b, s))
    assert sc.unit(s).enhancements == [b]


def test_maintenance_phase_a_major_disaster_reenters_past_a_top_right_location_turned_haven():
    """Maintenance Phase: "Major Disasters re-enter the Field at the first Location of
    rightmost column"; guideline 4.14: a Location turned Haven is no Location. The Dock
    at the top of the rightmost column is a Haven: the Ogre leaving the last Location
    re-enters at the Location below it (and its Idol is Destroyed)."""
    sc = Scene(CARDS)
    sc.location((1, 0), "dock")
    sc.location((1, 1), under=["idol"])
    sc.location((0, 0), under=["idol"])
    dock_haven(sc, (1, 0))
    ogre = sc.disaster("ogre", (0, 0), items=["idol"])
    idol, = sc.unit(ogre).items
    sc.until(EQUIP)
    assert sc.unit(ogre).pos == (1, 1)
    assert idol in sc.st.destroyed and idol not in sc.unit(ogre).items


def test_rules_for_locations_a_location_with_attack_and_defense_strikes_once_and_is_besieged():
    """Rules for Locations: the Fort (Attack 4, Defense 5, Stealth) "attacks once per
    Turn" the group that stops there, and is attacked without the skill ("You get 1
    attack per Turn"): the attack on it is no Combat, so it strikes no second time; the
    group staying there next Turn does not stop anew and is not struck again."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((0, 1), "fort", under=["idol"])
    sc.location((0, 2), under=["idol"])
    h, w = sc.char("hero", (0, 0)), sc.char("heroine", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((h, w), (0, 1)))
    assert len(of(ev, LocationAttacks)) == 2
    ev = sc.do(EndPhase(), AttackLocation((0, 1)))
    assert not of(ev, LocationAttacks)
    assert of(ev, LocationAttacked)[0]["health_after"] == 5 - (3 + 3 - 5)
    ev = sc.until(SCAVENGE)
    assert not of(ev, LocationAttacks)


def test_scavenge_phase_an_item_dropped_under_a_location_waits_below_its_disasters():
    """Scavenge Phase: "After all Disasters have been dealt with, you may retrieve any
    Items"; Basic Terms, Drop: "If they go under a Location they must be Scavenged". The
    Hero drops his Idol on the Plain with the Pest still face down under it: Scavenging
    it, he retrieves nothing before the Pest is Defeated."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["pest"])
    sc.location((0, 1), under=["idol"])
    h = sc.char("hero", (0, 0), items=["idol"])
    idol, = sc.unit(h).items
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Drop(idol, h))
    assert sc.st.places[(0, 0)].under[-1] == idol
    sc.until(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    assert sc.st.combat is not None  # the Pest first
    assert not any(isinstance(a, Retrieve) for a in sc.legal())
    while sc.st.combat is not None:
        sc.do(Declare(h, "attack"))
    sc.do(Retrieve(h))
    assert sc.unit(h).items == [idol]


def test_rules_for_havens_an_item_a_guest_drops_is_stored_and_the_owners():
    """Basic Terms, Drop: Items "stay on a Haven"; Rules for Havens: "Havens are where
    you store ... Items"; R5: a player controls the Items stored in its Havens. Seat 1's
    guest drops its Idol in seat 0's Haven: stored there (no Scavenging), seat 0's in the
    count, and the guest may take it out again."""
    sc = Scene(CARDS, seats=2)
    column(sc, 3, x=1)
    sc.haven((0, 0), seat=0)
    g = sc.char("hero", (1, 0), seat=1, items=["idol"])
    idol, = sc.unit(g).items
    sc.turn(MOVE, seat=1)
    sc.do(AskPermission((0, 0)), Answer(True), Move((g,), (0, 0)), Drop(idol, g))
    assert sc.st.places[(0, 0)].under == (idol,)
    counts = item_counts(sc.st)
    assert (counts["0"], counts["1"]) == (1, 0)
    assert PickUp(idol, g) in sc.legal()


def test_setting_up_the_field_three_seats_disasters_two_a_go_items_one_a_go():
    """Setting Up the Field with three seats: Disasters are dealt in turns, 1 or 2 at a
    time, until all 9 Locations have 2; then Items 1 at a time until each has 1: seat 0,
    1, 2, 0, ...; each deck gives 3 Items, its other 2 unused. Setting Up the Decks: every
    hand is 7 Power cards, and every first Turn starts at the Equip phase."""
    from test_rules_setup import _place_next, new_game
    from game.engine import apply, legal_actions
    from game.engine.state import SETUP
    g, st = new_game(seats=3)
    while st.top.kind == "placement":
        _place_next(st, haven=not st.seats[st.current_seat()].to_place)
    goes = []
    while st.phase == SETUP:
        goes.append((st.top.pile, st.current_seat()))
        apply(st, legal_actions(st)[0])
    assert [s for p, s in goes if p == "disasters"] == [0, 0, 1, 1, 2, 2] * 3
    assert [s for p, s in goes if p == "items"] == [0, 1, 2] * 3
    assert st.items_total == 9
    for seat, s in enumerate(st.seats):
        assert sum(g.owner(c) == seat for p in st.places.values() for c in p.under
                   if g.card(c).type == "item") == 3
        assert len(s.unused) == 2
        assert len(s.hand) == 7 and all(g.card(c).is_power for c in s.hand)
    for seat in range(3):
        assert (st.turn_seat, st.phase) == (seat, EQUIP)
        while st.turn_seat == seat:
            apply(st, EndPhase())
    assert (st.turn_seat, st.phase) == (0, DISCARD)


def test_rules_for_equipment_a_worn_piece_discarded_comes_back_with_its_full_health_R121():
    """Rules for Equipment: "When an Equipment has its own Defense ... treat it as having
    Health. Health is not automatically restored at the end of the turn"; R121: the
    Damage stays with the piece while it is in play, not once it is Discarded. The Armor
    (Defense 6) takes 1 at the Reef, is stored in the Haven and discarded in the Discard
    phase; the Lost and Found takes it back, and played again it has its 6 Health. It
    came back with 5 (st.wear kept its Damage on the Discard pile)."""
    sc = Scene(CARDS)
    sc.location((0, 0), "reef", under=["idol"])
    sc.location((0, 1), under=["idol"])
    office = sc.card("office")
    sc.st.places[(1, 0)] = Place(office, "haven", 0, ())
    sc.st.seats[0].havens.append((1, 0))
    h = sc.char("hero", (1, 0), equipment=["armor"])
    armor, = sc.unit(h).equipment
    sc.turn(MOVE)
    sc.do(UseEquipment(armor, h), Move((h,), (0, 0)))
    assert sc.st.wear == {armor: 1}  # Attack 4 against the Hero's Defense 3
    sc.until(MOVE)
    sc.do(Move((h,), (1, 0)), Drop(armor, h))
    sc.until(DISCARD)
    sc.do(DiscardCard(armor))
    assert armor in sc.st.seats[0].discard and armor not in sc.st.wear
    sc.hand(0, "boost")
    sc.until(MOVE)
    sc.do(UseCard(office, 0, None))
    assert sc.st.seats[0].hand == [armor]
    sc.until(EQUIP)
    sc.do(PlayCard(armor), PickUp(armor, h))
    assert sc.st.wear.get(armor, 0) == 0


def test_rules_for_havens_three_seats_building_takes_two_of_the_builders_own_turns():
    """Rules for Havens: "3 Characters must remain at a Location for 2 Turns ... You may
    then place the Haven adjacent to the Location during the next Equip phase." With
    three seats, the two other seats' Turns between count for nothing: the Den is placed
    in seat 0's third Equip phase from the start, not before."""
    sc = Scene(CARDS, seats=3)
    column(sc, 3, x=1)
    sc.haven((0, 0))
    chars = tuple(sc.char("hero", (1, 1)) for _ in range(3))
    den, = sc.hand(0, "den")
    sc.turn(MOVE)
    sc.do(BuildAccess(den, chars, (1, 1)))
    for seat in (1, 2, 0, 1, 2):
        sc.until(EQUIP, seat=seat)
        assert not any(isinstance(a, PlaceHaven) for a in sc.legal())
    sc.until(EQUIP, seat=0)
    places = [a for a in sc.legal() if isinstance(a, PlaceHaven)]
    assert places and all(max(abs(a.cell[0] - 1), abs(a.cell[1] - 1)) == 1 for a in places)
    sc.do(places[0])
    assert sc.st.places[places[0].cell].kind == "haven"


def test_rules_for_havens_a_guest_in_a_location_turned_haven_may_be_fought_for_a_take():
    """Rules for Havens: "If you have Characters there, you can Combat that player's
    Characters if they try to take something"; guideline 4.10: a Location turned Haven is
    a Haven. Seat 1's Hero, let into seat 0's Dock turned Haven where the Swimmer stands,
    tries to take the Idol stored there: seat 0 is asked, and may fight."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1), "dock")
    sc.location((0, 2), under=["idol"])
    s = dock_haven(sc)
    idol = sc.card("idol")
    sc.st.put_under((0, 1), [idol])
    g = sc.char("hero", (0, 0), seat=1)
    sc.turn(MOVE, seat=1)
    sc.do(AskPermission((0, 1)), Answer(True), Move((g,), (0, 1)), PickUp(idol, g))
    assert sc.st.current_seat() == 0
    assert set(sc.legal()) == {Answer(True), Challenge(1, (0, 1))}
    assert sc.unit(s).pos == (0, 1) and idol in sc.st.places[(0, 1)].under


def test_rules_for_havens_with_no_owners_characters_a_guest_takes_from_a_location_turned_haven():
    """Rules for Havens: "if you have no Characters there, they can take whatever is
    there": the Swimmer gone from the Dock turned Haven, seat 1's guest takes the Idol
    out at once."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1), "dock")
    sc.location((0, 2), under=["idol"])
    s = dock_haven(sc)
    sc.st.move_unit(sc.unit(s), (0, 2))
    idol = sc.card("idol")
    sc.st.put_under((0, 1), [idol])
    g = sc.char("hero", (0, 0), seat=1)
    sc.turn(MOVE, seat=1)
    sc.do(AskPermission((0, 1)), Answer(True), Move((g,), (0, 1)), PickUp(idol, g))
    assert sc.unit(g).items == [idol] and sc.st.current_seat() == 1


def test_reload_phase_a_group_in_a_location_turned_haven_is_not_on_the_field():
    """Reload Phase: a non-Combat Disaster "that cannot affect the Field" is discarded;
    In Play: "Cards on Havens do not affect the Field"; guideline 4.14. The only female,
    the Swimmer, stands in the Dock turned Haven: the Swoon drawn is discarded, and the
    drawing goes on."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((0, 1), "dock")
    sc.location((0, 2), under=["idol"])
    dock_haven(sc)
    sc.char("hero", (0, 0))
    sc.hand(0, *["boost"] * 5)
    pile = sc.draw_pile(0, "swoon", "boost", "boost")
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert pile[0] in sc.st.seats[0].discard and len(sc.st.seats[0].hand) == 7


def test_rules_for_locations_locations_cannot_be_discarded_nor_what_lies_under_a_turned_one():
    """Rules for Locations: "Locations cannot be Discarded"; Discard Phase: "Discard any
    cards in your Haven": the Dock turned Haven is a Haven (guideline 4.10), but its own
    card is no card stored in it, and the Idol still face down under it is to be
    Scavenged (Basic Terms, Drop), not discarded. An Idol stored in it may be."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((0, 1), "dock", under=["idol"])
    dock_haven(sc)
    buried, = sc.st.places[(0, 1)].buried
    stored = sc.card("idol")
    sc.st.put_under((0, 1), [stored])
    sc.turn(DISCARD)
    sc.refused(DiscardCard(sc.st.places[(0, 0)].card))
    sc.refused(DiscardCard(sc.st.places[(0, 1)].card))
    sc.refused(DiscardCard(buried))
    sc.do(DiscardCard(stored))
    assert sc.st.places[(0, 1)].buried == (buried,)


def test_winning_the_game_three_seats_the_disasters_majority_from_every_discard_pile():
    """Winning the Game: "If the Disasters get more than half of the Items, they win";
    Rules for Items: "Discarded and Destroyed Items count towards the Disasters' total".
    Seven Items, three seats: one in seat 1's Discard pile, one in seat 2's, one
    Destroyed, one carried by the Ogre: 4 > 3.5, though seat 0 holds more than any
    other player: the Disasters win."""
    sc = Scene(CARDS, seats=3)
    sc.location((0, 0))
    sc.location((0, 1))
    sc.char("hero", (0, 1), seat=0, items=["idol", "idol", "idol"])
    sc.disaster("ogre", (0, 0), items=["idol"])
    sc.st.seats[1].discard.append(sc.card("idol", 1))
    sc.st.seats[2].discard.append(sc.card("idol", 2))
    sc.st.destroyed.append(sc.card("idol"))
    assert sc.st.items_total == 7
    sc.turn(SCAVENGE, seat=2)
    ev = sc.do(EndPhase())
    over, = of(ev, GameOver)
    assert sc.st.result.disasters_win and sc.st.result.winners == ()
    assert over["items"] == {"0": 3, "1": 0, "2": 0, "disasters": 4, "field": 0}


def test_move_phase_six_on_the_field_counts_no_one_in_a_location_turned_haven():
    """Rules for Characters: "no more than 6 on the Field"; guideline 4.14: a Location
    turned Haven is not a Location, so the Swimmer standing in the Dock she turned into
    a Haven is off the Field: with her and five Heroes, a sixth Hero steps out of the
    starting Haven; then the Swimmer may not step out of the Dock (she would be the
    seventh), until a Hero goes home."""
    sc = Scene(CARDS)
    for y in range(3):
        sc.location((1, y), under=["idol"])
    sc.location((0, 1), "dock")
    sc.haven((0, 0))
    heroes = [sc.char("hero", (1, y % 3)) for y in range(5)]
    s = dock_haven(sc, (0, 1))
    sixth = sc.char("hero", (0, 0))
    sc.turn(MOVE)
    sc.do(Move((sixth,), (1, 0)))
    sc.refused(Move((s,), (1, 1)), "6 on the Field")
    sc.do(Move((heroes[0],), (0, 0)), Move((s,), (1, 1)))
    assert sc.unit(s).pos == (1, 1)
