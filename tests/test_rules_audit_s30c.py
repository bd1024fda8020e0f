"""An audit of 30 Nov 2026 (rulebook, fifth edition; guidelines of 1998): compound scenes,
where two rules meet that the earlier audits (tests/test_rules_audit_s2*.py) did not
join: Transforming with Equipment in use and in Combat, Steal with Protecting,
Scavenging and the Maintenance phase, Havens with Movement and building, the Discard and
Reload phases with full hands and Bonked Characters, Energy for Power cards in Combat,
Global Effects and Horde in Combat totals, the end of the game in the middle of a
Combat or a Flash Effect, and four seats. Each test names the sections it joins."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (BuildAccess, Declare, DiscardCard, Drop, EndPhase, Fight,
                                 Move, PlaceHaven, PlayCard, Retrieve, Scavenge,
                                 Transform, UseEquipment)
from game.engine.events import (AccessBuilt, Bonked, CharacterReturned, CombatHit,
                                DisasterDefeated, GameOver, ItemStolen)
from game.engine.tally import item_counts
from game.ui.table.words import back_when
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: ume, name: Ume, type: character, gender: female, other_form: plum,
   skills: {Swimming: 1},
   abilities: {attack: 2, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: plum, name: Plum, type: character, gender: female, other_form: ume,
   skills: {Magic: 2},
   abilities: {attack: 4, defense: 4, movement: 3, charm: 0, energy: 3}}
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: squire, name: Squire, type: character, gender: male,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 0, energy: 2}}
- {id: ninja, name: Ninja, type: character, gender: male, categories: [Ninja, Horde],
   abilities: {attack: 2, defense: 2, movement: 2, charm: 0, energy: 1}}
- {id: shade, name: Shade, type: character, gender: female, categories: [Ninja],
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: kettle, name: Kettle, type: equipment, bonuses: {defense: "+1"}}
- {id: buckler, name: Buckler, type: equipment, bonuses: {defense: "+2"}}
- {id: flippers, name: Flippers, type: equipment, requires: {skills: {Swimming: 1}},
   bonuses: {attack: "+2"}}
- {id: ward, name: Ward, type: enhancement, costs: {energy: "-1"}, bonuses: {defense: "+1"}}
- {id: fervor, name: Fervor, type: global_effect, costs: {energy: "-1"},
   bonuses: {attack: "+1"}}
- {id: rally, name: Rally, type: global_effect, bonuses: {defense: "+1"}}
- id: surge
  name: Surge
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you}, cost: {energy: 2},
       do: [{modify: {attack: "+1"}, to: target, for: turn}]}
- id: spark
  name: Spark
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you}, cost: {energy: 1},
       do: [{modify: {attack: "+1"}, to: target, for: turn}]}
- id: sting
  name: Sting
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{damage: 3, to: target}]}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 6, defense: 3, movement: 1}}
- {id: wall, name: Wall, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
- {id: giant, name: Giant, type: disaster, class: major,
   abilities: {attack: 9, defense: 30, movement: 1}}
- id: magpie
  name: Magpie
  type: disaster
  class: minor
  abilities: {attack: 5, defense: 9, movement: 1}
  effects:
    - {"on": combat_round, if: {target_items: 1}, target: {select: character},
       do: [{steal: item, to: target}]}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- {id: coin, name: Coin, type: item}
- {id: annex, name: Annex, type: haven}
- {id: heavy, name: Heavy, type: character, gender: male,
   abilities: {attack: 7, defense: 6, movement: 1, charm: 0, energy: 1}}
- {id: stomp, name: Stomp, type: disaster, class: major,
   abilities: {attack: 6, defense: 1, movement: 1}}
"""


def transformer(*equipment: str) -> tuple[Scene, int, int]:
    """Seat 0's Ume, carrying the Equipment named, on a Location of a Field with Items
    left to Scavenge (the game goes on, R14); her second card, Plum, kept aside."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    ume = sc.char("ume", (0, 0), equipment=equipment)
    plum = sc.card("plum")
    sc.st.seats[0].forms = [plum]
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    return sc, ume, plum


# Rules for Transforming Characters x Rules for Equipment --------------------------------

def test_transforming_with_equipment_in_use_keeps_its_one_piece_per_ability():
    """Rules for Equipment: "A Character cannot use more than 1 piece Equipment to give a
    bonus to the same ability per Turn"; Rules for Transforming Characters: "Remove the
    card for the first form from play when the Character transforms, and bring in the
    second card" (the same Character, R43 a). Ume puts the Kettle (+1 Defense) to use
    and transforms: Plum has 4 + 1 = 5 Defense, and the Buckler (+2 Defense) may not be
    put to use the same Turn."""
    sc, ume, plum = transformer("kettle", "buckler")
    kettle, buckler = sc.unit(ume).equipment
    sc.do(UseEquipment(kettle, ume))
    assert total(sc.st, sc.unit(ume), "defense") == 4
    sc.do(Transform(ume))
    assert total(sc.st, sc.unit(plum), "defense") == 5
    assert UseEquipment(buckler, plum) not in sc.legal()
    sc.refused(UseEquipment(buckler, plum))


def test_transforming_into_a_form_without_the_skill_an_equipment_in_use_requires():
    """Rules for Equipment: "If an Equipment has a cost or requirement, the Character
    using the Equipment must pay the cost or meet the requirement"; Rules for
    Transforming Characters: the second card comes in (its Skills are the new card's,
    R43 a). Ume (Swimming) uses the Flippers (+2 Attack, requires Swimming): 2 + 2 = 4.
    Plum has no Swimming: her Attack is her own 4, not 6."""
    sc, ume, plum = transformer("flippers")
    flippers, = sc.unit(ume).equipment
    sc.do(UseEquipment(flippers, ume))
    assert total(sc.st, sc.unit(ume), "attack") == 4
    sc.do(Transform(ume))
    assert total(sc.st, sc.unit(plum), "attack") == 4


def test_transformed_character_fights_a_disaster_with_the_second_cards_numbers():
    """Rules for Transforming Characters: "A Character that is transforming cannot be
    moved that Turn except by a Disaster" (only moved: the rulebook, not guideline 2.5's
    "no action", R1, R43); Physical Combat: "Attack - Defense = Damage", "Health is equal
    to Defense excluding modifiers". Plum, just transformed, fights the Brute at her
    Location (R23): 4 - 3 = 1 Damage (Brute 3 -> 2); 6 - 4 = 2 Damage (Plum 4 -> 2)."""
    sc, ume, plum = transformer()
    brute = sc.disaster("brute", (0, 0))
    sc.do(Transform(ume))
    assert Fight(brute) in sc.legal()
    sc.do(Fight(brute))
    ev = sc.do(Declare(plum, "attack"))
    on_brute, on_plum = of(ev, CombatHit)
    assert (on_brute["attack"], on_brute["defense"], on_brute["damage"]) == (4, 3, 1)
    assert (on_brute["health_before"], on_brute["health_after"]) == (3, 2)
    assert (on_plum["attack"], on_plum["defense"], on_plum["damage"]) == (6, 4, 2)
    assert (on_plum["health_before"], on_plum["health_after"]) == (4, 2)


# Basic Terms, Steal x Protecting ----------------------------------------------------------

def test_steal_from_a_protected_carrier_the_protector_still_adds_its_defense():
    """Basic Terms, Steal: "A Character or Disaster attempting to steal a card must be at
    the same Location as the Character or Disaster with the card to be stolen";
    Protecting: "The Defense ability of the protecting Character is added to that of the
    Character it is protecting ... The protecting Character will always take a minimum
    of 1 Damage per Combat round". The Magpie takes the Hero's Gem as its round begins
    (its text); the Squire's protection guards no Item but adds its Defense: 5 Attack
    against 3 + 2 = 5 is no Damage to the Hero, and the Squire takes its 1."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    h = sc.char("hero", (0, 0), items=["gem"])
    sq = sc.char("squire", (0, 0))
    gem, = sc.unit(h).items
    magpie = sc.disaster("magpie", (0, 0))
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    ev = sc.do(Fight(magpie))
    assert sc.st.combat.target == h
    assert [(e.by, e.victim, e.card) for e in ev if isinstance(e, ItemStolen)] == [(magpie, h, gem)]
    assert sc.unit(magpie).items == [gem] and sc.unit(h).items == []
    ev = sc.do(Declare(h, "none"), Declare(sq, "protect"))
    hit, = of(ev, CombatHit)
    assert (hit["target"], hit["attack"], hit["defense"], hit["damage"]) == (h, 5, 5, 0)
    assert [(p["id"], p["damage"]) for p in hit["protectors"]] == [(sq, 1)]


# Maintenance Phase x Scavenge Phase ---------------------------------------------------------

def test_a_disaster_fought_in_the_maintenance_phase_is_no_scavenging_of_that_turn():
    """Maintenance Phase: "Any Disasters you brought into play that are capable of
    Movement are moved"; Rules for Disasters: one that stops where Characters carry
    Items "will automatically attack"; Scavenge Phase: "You may only initiate
    Scavenging once per Turn". The Brute moves onto the Heavy (carrying the Gem) and
    is Defeated there in the Maintenance phase (7 - 3 = 4 Damage, Health 3 -> -1); in
    the Scavenge phase of the same Turn the Heavy may still Scavenge that Location."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((5, 5), under=["idol"])
    sc.location((1, 0))
    sc.location((0, 0), under=["idol"])
    hv = sc.char("heavy", (0, 0), items=["gem"])
    brute = sc.disaster("brute", (1, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert sc.st.combat is not None and sc.st.combat.disaster == brute
    ev = sc.do(Declare(hv, "attack"))
    on_brute = next(h for h in of(ev, CombatHit) if h["target"] == brute)
    assert (on_brute["attack"], on_brute["damage"], on_brute["health_after"]) == (7, 4, -1)
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [brute]
    sc.until(SCAVENGE)
    assert Scavenge((0, 0)) in sc.legal()
    sc.do(Scavenge((0, 0)), Retrieve(hv))
    assert len(sc.unit(hv).items) == 2


# Rules for Havens x Movement ---------------------------------------------------------------

def test_passing_over_another_players_haven_and_a_destroyed_location_costs_a_point_each():
    """Rules for Havens: "Another player may move their Characters over your Haven
    without asking you, but may not stop there without asking your permission"; Rules
    for Locations: "Destroyed Locations still count for movement. Characters cannot stop
    on Destroyed Locations"; Basic Terms, Movement: each step "takes 1 point of
    Movement" (R4). Seat 1's Hero (Movement 2) crosses seat 0's Haven to the Location
    beyond, and crosses the Destroyed Location to the Haven's other side; it stops on
    neither, and the Location 3 steps away is out of its reach."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    sc.location((2, 0), under=["idol"])
    sc.location((3, 0), under=["idol"])
    sc.location((0, 1), destroyed=True)
    sc.location((0, 2), under=["idol"])
    h = sc.char("hero", (0, 0), seat=1)
    sc.turn(MOVE, seat=1)
    legal = sc.legal()
    assert Move((h,), (2, 0)) in legal and Move((h,), (0, 2)) in legal
    for cell in ((1, 0), (0, 1), (3, 0)):
        assert Move((h,), cell) not in legal
        sc.refused(Move((h,), cell))
    sc.do(Move((h,), (2, 0)))
    assert sc.unit(h).pos == (2, 0) and sc.unit(h).moved == 2


# Rules for Havens (building) x Maintenance Phase x Bonk -----------------------------------

def building(sc: Scene) -> tuple[list[int], int]:
    """Seat 0's three Heroes at (0, 0) set the Annex from the hand to build access."""
    builders = [sc.char("hero", (0, 0)) for _ in range(3)]
    annex, = sc.hand(0, "annex")
    sc.turn(MOVE)
    sc.do(BuildAccess(annex, tuple(builders), (0, 0)))
    return builders, annex


def test_a_builder_bonked_by_a_disaster_in_the_maintenance_phase_ends_the_building():
    """Rules for Havens: "3 Characters must remain at a Location for 2 Turns doing
    nothing except 'building' access to the Haven"; Maintenance Phase; Basic Terms,
    Bonk: "The Character must then be removed from play for 1 complete Turn". After a
    first Turn of building, the Stomp moves onto the builders in the next Maintenance
    phase and attacks the one with the Gem (6 - 3 = 3 Damage, Health 0: Bonked); the
    Heavy Defeats it. One builder has not remained: at the end of that Turn the building
    is over, the Annex goes back to the hand, and the two left are free to act."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((5, 5), under=["idol"])
    sc.location((1, 0))
    sc.location((0, 0))
    builders, annex = building(sc)
    carrier = builders[0]
    sc.unit(carrier).items = [sc.card("gem")]
    hv = sc.char("heavy", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.until(DISCARD)
    assert sc.st.building and sc.st.building[0].turns == 1
    stomp = sc.disaster("stomp", (1, 0))
    sc.do(EndPhase())
    assert sc.st.combat.disaster == stomp and sc.st.combat.target == carrier
    ev = sc.do(*(Declare(c, "none") for c in builders), Declare(hv, "attack"))
    assert [e["card"] for e in of(ev, Bonked)] == [carrier]
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [stomp]
    ev = sc.until(DISCARD)
    assert not of(ev, AccessBuilt) and sc.st.building == []
    assert annex in sc.st.seats[0].hand
    sc.until(MOVE)
    assert Move((builders[1],), (1, 0)) in sc.legal()


def test_a_built_haven_placed_next_to_its_location_stores_the_items_dropped_in_it_R5():
    """Rules for Havens: "You may then place the Haven adjacent to the Location during
    the next Equip phase"; "Havens are where you store ... Items you pick up"; R5: a
    player controls the Items stored in its Havens. After 2 Turns of building the Annex
    goes in an empty cell next to the Location (not onto the Location beside it); a
    Hero steps onto it, drops his Gem there, and seat 0 controls the Gem still."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((5, 5), under=["idol"])
    sc.location((1, 0), under=["idol"])
    sc.location((0, 0))
    builders, annex = building(sc)
    gem = sc.card("gem")
    sc.unit(builders[0]).items = [gem]
    ev = sc.until(DISCARD)
    ev += sc.until(DISCARD)
    assert [e["card"] for e in of(ev, AccessBuilt)] == [annex]
    sc.until(EQUIP)
    spots = {a.cell for a in sc.legal() if isinstance(a, PlaceHaven)}
    assert (1, 0) not in spots and (0, 1) in spots and len(spots) == 7
    sc.do(PlaceHaven(annex, (0, 1)))
    assert (0, 1) in sc.st.seats[0].havens
    sc.until(MOVE)
    sc.do(Move((builders[0],), (0, 1)), Drop(gem, builders[0]))
    assert gem in sc.st.places[(0, 1)].under
    assert item_counts(sc.st)["0"] == 1


# Discard Phase x Rules for Items x Winning the Game ---------------------------------------

def to_the_tally(sc: Scene) -> list:
    """End phases up to the beginning of the next Discard phase (the tally, R14)."""
    ev = sc.do(EndPhase())
    while sc.st.result is None and sc.st.phase != DISCARD:
        ev += sc.do(EndPhase())
    return ev


def test_items_discarded_from_the_haven_are_the_disasters_at_the_next_discard_phase():
    """Discard Phase: "Discard any cards in your Haven that you do not want"; Rules for
    Items: "Discarded and Destroyed Items count towards the Disasters' total"; guideline
    4.1: the game ends "at the beginning of the Discard phase". Of 3 Items, seat 0
    stores 2 in its Haven and discards both in its Discard phase: the Disasters
    control 2 of 3, and win at the beginning of the next Discard phase, not at once."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0), stored=["gem", "coin"])
    sc.char("hero", (0, 0))
    gem, coin = sc.st.places[(1, 0)].under
    sc.turn(DISCARD)
    ev = sc.do(DiscardCard(gem), DiscardCard(coin))
    assert not of(ev, GameOver) and sc.st.result is None
    assert item_counts(sc.st)["disasters"] == 2
    ev = to_the_tally(sc)
    over, = of(ev, GameOver)
    assert over["disasters_win"] and over["reason"] == "majority"


# Discard and Reload Phases x Basic Terms, Bonk -------------------------------------------

def test_a_bonked_character_returns_only_as_one_of_the_draws_a_full_hand_draws_none():
    """Basic Terms, Bonk: "After a Bonked Character has been out of play for 1 Turn, it
    may be placed back in your hand during your Reload phase as one of your draws";
    Reload Phase: "Draw 1 card at a time until you have 7 cards in your hand". Sting
    Bonks the Hero (3 Damage, Health 0). After the next Turn seat 0 keeps its 7 cards in
    the Discard phase: it has no draw, so the Hero stays Set Aside and the hand stays
    at 7. The next Turn it discards one: the Hero comes back as that one draw."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    h = sc.char("hero", (0, 0))
    sting, *hand = sc.hand(0, "sting", *["spark"] * 7)
    sc.draw_pile(0, *["spark"] * 4)
    sc.turn(MOVE)
    ev = sc.do(PlayCard(sting, h))
    assert [e["card"] for e in of(ev, Bonked)] == [h]
    sc.until(DISCARD)
    sc.until(DISCARD)            # after the full Turn out of play
    ev = sc.do(EndPhase())       # the Reload it may come back in: 7 in hand, no draw
    assert not of(ev, CharacterReturned)
    assert [c for c, _ in sc.st.seats[0].set_aside] == [h]
    assert len(sc.st.seats[0].hand) == 7
    sc.until(DISCARD)
    (card, back), = sc.st.seats[0].set_aside  # the seat panel's words: not "in -1 turns"
    assert back_when(back - sc.st.seats[0].turns) == "once the hand has room"
    sc.do(DiscardCard(hand[0]))
    ev = sc.do(EndPhase())
    assert of(ev, CharacterReturned) == [{"seat": 0, "card": h}]
    s = sc.st.seats[0]
    assert h in s.hand and len(s.hand) == 7 and s.set_aside == []
