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
from game.engine.actions import (AttackLocation, BuildAccess, Challenge, Declare, DiscardCard,
                                 Drop, EndPhase, Engage, Fight, Move, Pass, PlaceHaven, PlayCard,
                                 Retrieve, RunAway, RunTo, Scavenge, Transform, UseEquipment)
from game.engine.events import (AccessBuilt, Bonked, CharacterReturned, CombatHit,
                                DisasterDefeated, GameOver, ItemStolen, LocationAttacked)
from game.engine.tally import item_counts
from game.engine.view import view
from game.ui.table.words import back_when, turns_out
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
- {id: gloom, name: Gloom, type: disaster, class: minor, defeat: {females: 1},
   endure: {modifiers: {attack: "-2"}, turns: 2}}
- {id: fort, name: Fort, type: location, requires: {skills: {Seduction: 1}},
   abilities: {defense: 8}}
- {id: bulwark, name: Bulwark, type: enhancement, bonuses: {defense: "6"}}
- {id: tonic, name: Tonic, type: flash_effect, costs: {energy: "-1"}, bonuses: {defense: "+1"}}
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
    (card, back), = sc.st.seats[0].set_aside

    def panel() -> str:  # the seat panel's words for when it is back
        return back_when(turns_out(view(sc.st, 0), 0, back))
    assert panel() == "this turn"
    ev = sc.do(EndPhase())       # the Reload it may come back in: 7 in hand, no draw
    assert not of(ev, CharacterReturned)
    assert [c for c, _ in sc.st.seats[0].set_aside] == [h]
    assert len(sc.st.seats[0].hand) == 7
    assert panel() == "once the hand has room"  # not "this turn" once its Reload is past
    sc.until(DISCARD)
    assert panel() == "once the hand has room"  # not "in -1 turns"
    sc.do(DiscardCard(hand[0]))
    ev = sc.do(EndPhase())
    assert of(ev, CharacterReturned) == [{"seat": 0, "card": h}]
    s = sc.st.seats[0]
    assert h in s.hand and len(s.hand) == 7 and s.set_aside == []


# Energy x Rules for Enhancements x Rules for Global Effects x Flash Effects in Combat -------

def test_energy_held_by_an_enhancement_and_a_global_effect_pays_no_flash_effect_in_combat():
    """Rules for Enhancements: "If an Enhancement has a cost, it is paid as long as the
    Character has the Enhancement"; Rules for Global Effects and Rules for Flash Effects:
    the Character using it "must pay the cost"; Combat: "spent Energy is regained at 1
    point per round". The Hero (Energy 2) holds 1 for Ward (+1 Defense) and 1 for
    Fervor (+1 Attack): no Energy is left for Spark (1) in the Combat with the Brute.
    His totals count both: 3 + 1 = 4 Attack (4 - 3 = 1 Damage), 3 + 1 = 4 Defense (6 -
    4 = 2 Damage)."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    h = sc.char("hero", (0, 0), enhancements=["ward"])
    fervor, spark = sc.hand(0, "fervor", "spark")
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(EQUIP)
    sc.do(PlayCard(fervor))
    sc.until(MOVE)
    brute = sc.disaster("brute", (0, 0))
    sc.do(Fight(brute))
    assert not any(isinstance(a, PlayCard) and a.card == spark for a in sc.legal())
    sc.refused(PlayCard(spark, h))
    ev = sc.do(Declare(h, "attack"))
    on_brute, on_hero = of(ev, CombatHit)
    assert (on_brute["attack"], on_brute["defense"], on_brute["damage"]) == (4, 3, 1)
    assert (on_hero["attack"], on_hero["defense"], on_hero["damage"]) == (6, 4, 2)
    assert (on_hero["health_before"], on_hero["health_after"]) == (3, 1)


def test_energy_for_a_flash_effect_in_combat_beside_a_held_enhancement_cost_comes_back():
    """Rules for Enhancements (a cost "paid as long as the Character has the
    Enhancement"); Combat: "During Combat, spent Energy is regained at 1 point per round
    of Combat"; Rules for Flash Effects (the user pays). The Hero (Energy 2) holds 1 for
    Ward; in the Combat with the Wall he pays his last point for Spark, so a second
    Spark is refused in that round; the round over, he has it back and pays again."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    h = sc.char("hero", (0, 0), enhancements=["ward"])
    first, second = sc.hand(0, "spark", "spark")
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(Fight(sc.disaster("wall", (0, 0))), PlayCard(first, h))
    assert total(sc.st, sc.unit(h), "attack") == 4
    sc.refused(PlayCard(second, h))
    sc.do(Declare(h, "attack"))
    assert sc.st.combat.round == 2
    sc.do(PlayCard(second, h))
    assert total(sc.st, sc.unit(h), "attack") == 5


# Horde x Rules for Global Effects x Protecting ---------------------------------------------

def test_horde_and_a_global_effect_in_a_protected_combat_health_stays_the_base_defense():
    """Horde: "every other like card in play is +1 Attack & Defense"; Rules for Global
    Effects: "they affect all of your Characters"; Protecting: "The Defense ability of
    the protecting Character is added ... The protecting Character will always take a
    minimum of 1 Damage"; Basic Terms, Health: "Bonuses to Defense do not affect
    Health". With Rally (+1 Defense) in play, the Shade (Ninja, carrying the Gem) is 3
    + 1 = 4 Attack and 3 + 1 + 1 = 5 Defense; the Ninja, the Horde, gets nothing from
    itself: 2 + 1 = 3 Defense. The Brute attacks the Shade, the Ninja protects: 6
    against 5 + 3 = 8 is no Damage, the Ninja takes its 1 (Health 2 -> 1); the Shade
    hits 4 - 3 = 1 (Brute 3 -> 2); the Shade's Health is her base 3."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    shade = sc.char("shade", (0, 0), items=["gem"])
    ninja = sc.char("ninja", (0, 0))
    rally, = sc.hand(0, "rally")
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(EQUIP)
    sc.do(PlayCard(rally))
    sc.until(MOVE)
    brute = sc.disaster("brute", (0, 0))
    sc.do(Fight(brute))
    assert sc.st.combat.target == shade
    ev = sc.do(Declare(shade, "attack"), Declare(ninja, "protect"))
    on_brute, on_shade = of(ev, CombatHit)
    assert (on_brute["attack"], on_brute["damage"], on_brute["health_after"]) == (4, 1, 2)
    assert (on_shade["attack"], on_shade["defense"], on_shade["damage"]) == (6, 8, 0)
    assert (on_shade["health_before"], on_shade["base_health"]) == (3, 3)
    assert [(p["id"], p["damage"]) for p in on_shade["protectors"]] == [(ninja, 1)]
    assert sc.unit(ninja).damage == 1


# Winning the Game x Flash Effects x Basic Terms, Bonk --------------------------------------

def test_a_majority_lost_to_a_flash_effect_answer_before_the_discard_phase_is_no_win():
    """Winning the Game: "If the players get more than half of the Items, the player
    with the most Items wins", counted "at the beginning of the Discard phase"
    (guideline 4.1); Rules for Flash Effects: "last-in, first-out"; Basic Terms, Bonk:
    "any Equipment or Items are dropped below the Location". Seat 0's Hero carries 2 of
    the 3 Items; seat 0 plays Spark on him, seat 1 answers with Sting (3 Damage: Health
    0, Bonked). Sting resolves first; the Items go under the Location, so at seat 1's
    Discard phase nobody holds a majority and the game goes on."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0), items=["gem", "coin"])
    carried = list(sc.unit(h).items)
    spark, = sc.hand(0, "spark")
    sting, = sc.hand(1, "sting")
    sc.turn(MOVE)
    assert item_counts(sc.st)["0"] == 2
    sc.do(PlayCard(spark, h), PlayCard(sting, h), Pass())
    assert h not in sc.st.units
    assert set(carried) <= set(sc.st.places[(0, 0)].under)
    ev = to_the_tally(sc)
    assert not of(ev, GameOver) and sc.st.result is None
    assert (sc.st.phase, sc.st.turn_seat) == (DISCARD, 1)


# Winning the Game (R14 d) x Combat ---------------------------------------------------------

def test_the_round_limit_reached_in_the_middle_of_a_combat_ends_the_game_after_the_turn():
    """R14 d: the game ends at the round limit ("a round is every player taking one
    turn"), not at a round of Combat (Time: "Round: The time it takes for Disasters and
    Characters to attack and counter-strike once during Combat"). With a limit of 1
    round, seat 0's last Turn has a three-round Combat with the Wall; the game goes on
    through it, and ends as the Turn ends: seat 0 holds the Gem, the Disasters nothing,
    so seat 0 wins (R14 c)."""
    sc = Scene(CARDS, options=Options(charm_combat=False, round_limit=1))
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    h = sc.char("hero", (0, 0), items=["gem"])
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(Fight(sc.disaster("wall", (0, 0))))
    for _ in range(3):
        sc.do(Declare(h, "attack"))
        assert sc.st.result is None
    assert sc.st.combat.round == 4
    ev = sc.do(RunAway(), RunTo((1, 0)))  # "This will end your Turn"
    over, = of(ev, GameOver)
    assert (over["winners"], over["disasters_win"], over["reason"]) == ([0], False, "round_limit")


# Scavenge Phase x Rules for Locations (Defense) x a non-Combat Disaster drawn in Reload ---

def test_a_disaster_endured_from_the_reload_weakens_the_attack_on_a_location_with_defense():
    """Reload Phase: "If you draw a non-Combat Disaster that can affect the Field it will
    target the first group on the Disaster movement path"; Scavenge Phase and Rules for
    Disasters: "you must Defeat it or endure its effects"; Rules for Locations: "If a
    Location has Defense, you can Scavenge it without the necessary skills by attacking
    it". The Fort has Defense 8. In one Turn the Heavy (7) and the Hero (3) bring it to
    8 - (10 - 8) = 6. The next Turn seat 0 draws Gloom (no female to Defeat it: -2
    Attack each): 5 + 1 = 6 Attack against 8 is no Damage, and the Fort stays at 6."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), "fort", under=["idol"])
    sc.location((-1, 0), under=["idol"])
    hv = sc.char("heavy", (0, 0))
    h = sc.char("hero", (0, 0))
    sc.hand(0, *["spark"] * 6)
    gloom, = sc.draw_pile(0, "gloom")
    sc.turn(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert (hit["attack"], hit["health_before"], hit["health_after"]) == (10, 8, 6)
    sc.until(DISCARD)
    sc.do(EndPhase())                  # Reload: Gloom is drawn and endured
    assert [o.card for o in sc.st.off_field] == [gloom]
    assert total(sc.st, sc.unit(hv), "attack") == 5 and total(sc.st, sc.unit(h), "attack") == 1
    sc.until(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert (hit["attack"], hit["health_before"], hit["health_after"]) == (6, 6, 6)


# Equip Phase x Basic Terms, Bonk (a Character back in the hand) ----------------------------

def test_equip_phase_a_bonked_character_back_in_the_hand_is_the_one_character_played():
    """Basic Terms, Bonk: back "in your hand during your Reload phase ... completely
    healed"; Equip Phase: "You may play 1 Characters from your hand into your Haven ...
    1 Enhancement on a Character in your Haven". The Hero, Bonked two Turns before, is
    back in the hand and played into the Haven; Ward goes on him there (its Energy
    held: 2 - 1 = 1 left, Defense 3 + 1 = 4, Health 3); the Squire in the hand must
    wait: one Character a phase."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    h = sc.card("hero")
    sc.st.seats[0].set_aside = [(h, 1)]  # back at this Turn (R9)
    squire, ward = sc.hand(0, "squire", "ward")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert of(ev, CharacterReturned) == [{"seat": 0, "card": h}] and sc.st.phase == EQUIP
    sc.do(PlayCard(h))
    assert sc.unit(h).pos == (1, 0) and sc.unit(h).damage == 0
    sc.refused(PlayCard(squire))
    sc.do(PlayCard(ward, h))
    u = sc.unit(h)
    assert total(sc.st, u, "defense") == 4 and total(sc.st, u, "energy") == 1


# Rules for Enhancements (replacing) x Rules for Global Effects -----------------------------

def test_an_enhancement_that_replaces_defense_then_a_global_effect_modifies_it():
    """Rules for Enhancements: "If there is no modifier, the Enhancement's ability
    replaces the Character's"; Rules for Global Effects: "If a Global Effect has a
    modifier before an ability ... it modifies that ability"; Physical Combat: "Health
    is equal to Defense excluding modifiers". Bulwark makes the Hero's Defense 6, Rally
    adds 1: 7. The Brute's 6 Attack does no Damage; his Health is his printed 3."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    h = sc.char("hero", (0, 0), enhancements=["bulwark"], items=["gem"])
    rally, = sc.hand(0, "rally")
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(EQUIP)
    sc.do(PlayCard(rally))
    sc.until(MOVE)
    assert total(sc.st, sc.unit(h), "defense") == 7
    brute = sc.disaster("brute", (0, 0))
    sc.do(Fight(brute))
    ev = sc.do(Declare(h, "attack"))
    on_hero = next(x for x in of(ev, CombatHit) if x["target"] == h)
    assert (on_hero["attack"], on_hero["defense"], on_hero["damage"]) == (6, 7, 0)
    assert (on_hero["health_before"], on_hero["base_health"]) == (3, 3)


# Four seats: Play Phases, Flash Effects, Maintenance, Winning the Game ---------------------

def four(*items_per_seat: tuple[str, ...]) -> tuple[Scene, list[int]]:
    """Four seats, each with a Hero (carrying the Items given) on its own Location, and
    an Item under each Location."""
    sc = Scene(CARDS, seats=4, options=NO_CHARM)
    heroes = []
    for seat in range(4):
        sc.location((seat, 0), under=["idol"])
        carried = items_per_seat[seat] if seat < len(items_per_seat) else ()
        heroes.append(sc.char("hero", (seat, 0), seat=seat, items=carried))
        sc.combat_pile(seat, *["blank"] * 4)
    return sc, heroes


def test_four_seats_turns_go_round_in_seat_order_and_a_round_is_all_four():
    """Play Phases; Time: "Turn: The time it takes for a player to go through all of
    their Phases"; R14 d: "a round is every player taking one turn". From seat 0's Move
    phase the Turns go to seats 1, 2, 3, then 0 again, each from its Discard phase; the
    game's round count rises once, when seat 3's Turn ends."""
    sc, _ = four()
    sc.turn(MOVE)
    seen = []
    for seat in (1, 2, 3, 0):
        sc.until(DISCARD, seat=seat)
        seen.append((sc.st.turn_seat, sc.st.phase, sc.st.rounds))
    assert seen == [(1, DISCARD, 0), (2, DISCARD, 0), (3, DISCARD, 0), (0, DISCARD, 1)]


def test_four_seats_every_other_player_may_answer_each_flash_effect_in_seat_order_R20():
    """Rules for Flash Effects: "Flash Effects work in last-in, first-out order"; R20:
    "every other player, in seat order, may answer". Seat 0 plays Spark on its Hero;
    seat 1 passes; seat 2 answers with Sting on that Hero; then seats 3, 0 and 1 may
    answer Sting, and when they have passed Sting resolves first (3 Damage: the Hero
    is Bonked) and Spark has nobody left to go on."""
    sc, heroes = four()
    spark, = sc.hand(0, "spark")
    sting, = sc.hand(2, "sting")
    sc.turn(MOVE)
    sc.do(PlayCard(spark, heroes[0]))
    asked = [sc.st.current_seat()]
    sc.do(Pass())
    asked.append(sc.st.current_seat())
    sc.do(PlayCard(sting, heroes[0]))
    while sc.st.top.kind == "flash":
        asked.append(sc.st.current_seat())
        ev = sc.do(Pass())
    assert asked == [1, 2, 3, 0, 1]
    assert [e["card"] for e in of(ev, Bonked)] == [heroes[0]]


def test_four_seats_a_disaster_moves_only_in_the_maintenance_of_the_player_who_brought_it():
    """Maintenance Phase: "Any Disasters you brought into play that are capable of
    Movement are moved." The Wall, brought into play by seat 2 and standing at the
    top-right Location, stays put in seat 1's Maintenance phase and moves 1 Location
    down the path in seat 2's."""
    sc, _ = four()
    wall = sc.disaster("wall", (3, 0), seat=2, brought_by=2)
    sc.turn(MOVE)
    sc.until(EQUIP, seat=1)
    assert sc.unit(wall).pos == (3, 0)
    sc.until(EQUIP, seat=2)
    assert sc.unit(wall).pos == (2, 0)


def test_four_seats_the_players_majority_is_all_four_together_the_most_win_together():
    """Winning the Game: "If the players get more than half of the Items, the player
    with the most Items wins" (R14 b: tied players share the win). Of 8 Items (4 under
    the Locations, 4 carried) seats 0 and 1 hold 2 each, seat 2 holds 1 once it has
    retrieved one: the players hold 5 of 8, more than half though no player does; at
    seat 3's Discard phase seats 0 and 1 win together."""
    sc, heroes = four(("gem", "coin"), ("gem", "coin"))
    sc.turn(SCAVENGE, seat=2)
    sc.do(Scavenge((2, 0)), Retrieve(heroes[2]))
    assert [item_counts(sc.st)[str(i)] for i in range(4)] == [2, 2, 1, 0]
    ev = to_the_tally(sc)
    over, = of(ev, GameOver)
    assert (over["winners"], over["disasters_win"], over["reason"]) == ([0, 1], False, "majority")
    assert sc.st.turn_seat == 3


def test_four_seats_combat_between_two_players_leaves_a_third_players_group_out_R33():
    """Combat Between Players: "Each Character in the Combat can either Attack or
    Protect"; R33 a: the initiator's and the other player's Characters there fight.
    Seats 0, 1 and 2 have a Hero at one Location; seat 0 initiates on seat 2: seat 1's
    Hero is no fighter, and seat 0's Hero may not attack it."""
    sc, heroes = four()
    for seat in (1, 2):
        sc.st.move_unit(sc.unit(heroes[seat]), (0, 0))
    sc.turn(MOVE)
    sc.do(Challenge(2, (0, 0)))
    assert sorted(sc.st.duel.fighters) == sorted([heroes[0], heroes[2]])
    assert Engage(heroes[0], "attack", heroes[1]) not in sc.legal()
    assert Engage(heroes[0], "attack", heroes[2]) in sc.legal()


def test_four_seats_a_non_combat_disaster_drawn_by_a_player_without_a_group_R29():
    """Rules for Disasters: "If a non-Combat Disaster is drawn from the Draw pile it will
    affect the first group along the Disaster movement path belonging to the drawing
    player. If cannot affect any group belonging to the drawing player it will affect
    the first group along the Disaster movement path belonging to any player"; R29: it
    lasts the affected player's Turns. Seat 3 has no Character on the Field; it draws
    Gloom, which goes to the first group on the path, seat 2's Hero (-2 Attack: 1), not
    seat 0's or seat 1's; it lasts seat 2's next two Turns, then it is Discarded."""
    sc, heroes = four()
    sc.st.take_unit(heroes[3])
    gloom, = sc.draw_pile(3, "gloom")
    sc.hand(3, *["spark"] * 6)
    sc.turn(DISCARD, seat=3)
    sc.do(EndPhase())
    assert [total(sc.st, sc.unit(h), "attack") for h in heroes[:3]] == [3, 3, 1]
    for _ in range(2):  # seat 2's two Turns
        sc.until(EQUIP, seat=2)
        assert total(sc.st, sc.unit(heroes[2]), "attack") == 1
    sc.until(EQUIP, seat=3)
    assert total(sc.st, sc.unit(heroes[2]), "attack") == 3
    assert gloom in sc.st.seats[3].discard and sc.st.off_field == []


# Rules for Transforming Characters x Rules for Enhancements (costs) x Flash Effects --------

def test_transforming_into_a_form_with_less_energy_turns_an_enhancement_over():
    """Rules for Enhancements: "If an Enhancement has a cost, it is paid as long as the
    Character has the Enhancement. If the cost becomes unpayable, the Enhancement cannot
    be used"; Rules for Transforming Characters (the second card's abilities, the Energy
    spent and what lasts on the Character go with it, R43 a). Plum (Energy 3) holds 2
    for two Wards (Defense 4 + 2 = 6) and spends her last point on Spark (Attack 4 + 1 =
    5). As Ume (Energy 2) the Spark point stays spent, so only one Ward is paid: Defense
    3 + 1 = 4, Attack 2 + 1 = 3, no Energy left."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    plum = sc.char("plum", (0, 0), enhancements=["ward", "ward"])
    ume = sc.card("ume")
    sc.st.seats[0].forms = [ume]
    spark, = sc.hand(0, "spark")
    sc.turn(MOVE)
    assert total(sc.st, sc.unit(plum), "defense") == 6
    sc.do(PlayCard(spark, plum))
    assert total(sc.st, sc.unit(plum), "attack") == 5
    assert total(sc.st, sc.unit(plum), "energy") == 0
    sc.do(Transform(plum))
    u = sc.unit(ume)
    assert (total(sc.st, u, "defense"), total(sc.st, u, "attack")) == (4, 3)
    assert total(sc.st, u, "energy") == 0 and len(u.enhancements) == 2


def test_energy_paid_for_a_flash_answer_in_another_players_turn_comes_back_at_its_end_R20():
    """R20: "A card's bare bonuses (no `effects`) last to the end of the Turn; its Energy
    cost is spent and comes back at the end of the Turn" (Rules for Flash Effects: the
    Character using it "must pay the cost"). In seat 0's Move phase seat 1 answers
    Spark with Tonic (1 Energy, +1 Defense) on its Hero: 3 + 1 = 4 Defense, 2 - 1 = 1
    Energy. At the end of seat 0's Turn the bonus ends and the Energy comes back with
    it: in its own Turn seat 1's Hero has its 2 Energy and pays Surge (2)."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    mine = sc.char("hero", (0, 0))
    theirs = sc.char("hero", (1, 0), seat=1)
    spark, = sc.hand(0, "spark")
    tonic, surge = sc.hand(1, "tonic", "surge")
    sc.turn(MOVE)
    sc.do(PlayCard(spark, mine), PlayCard(tonic, theirs), Pass())
    u = sc.unit(theirs)
    assert (total(sc.st, u, "defense"), total(sc.st, u, "energy")) == (4, 1)
    sc.until(MOVE, seat=1)
    assert (total(sc.st, u, "defense"), total(sc.st, u, "energy")) == (3, 2)
    sc.do(PlayCard(surge, theirs), Pass())
    assert total(sc.st, u, "attack") == 4 and total(sc.st, u, "energy") == 0


def test_four_seats_a_character_bonked_in_another_players_turn_counts_its_owners_turns_R9():
    """Basic Terms, Bonk: "The Character must then be removed from play for 1 complete
    Turn ... it may be placed back in your hand during your Reload phase"; guideline 2.6:
    "Set Aside for 1 of the Character's owner's Turns" (R9). In seat 2's Move phase seat
    2 plays Spark, and seat 3 answers with Sting on seat 1's Hero (3 Damage: Bonked).
    Seat 1's next Turn is the complete Turn out (not seat 3's, nor seat 0's); the Hero
    is back in seat 1's hand in the Reload of the Turn after it."""
    sc, heroes = four()
    spark, = sc.hand(2, "spark")
    sting, = sc.hand(3, "sting")
    sc.turn(MOVE, seat=2)
    sc.do(PlayCard(spark, heroes[2]), PlayCard(sting, heroes[1]))
    while sc.st.top.kind == "flash":
        ev = sc.do(Pass())
    assert [e["card"] for e in of(ev, Bonked)] == [heroes[1]]
    ev = sc.until(EQUIP, seat=1)
    assert not of(ev, CharacterReturned)
    ev = sc.until(EQUIP, seat=1)
    assert of(ev, CharacterReturned) == [{"seat": 1, "card": heroes[1]}]
