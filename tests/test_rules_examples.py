"""The rulebook's worked examples, number for number, as golden tests (issue 14).

Each test is named after its example. The project's cards have names of their own, so
each example is played with fixture cards that carry the example's numbers (or, where
the example is a card's words, its instructions in the card language: Desert Face Mask's
`scavenge_any`, Shinjuku Police Building's `cannot_scavenge`). Here: Skills, Categories,
Horde, Card Requirements, Rules for Characters (the charmed Makoto), Miscellaneous Rules
(Kozo Karino), Rules for Flash Effects and Deck Construction. The examples of Combat
with a Disaster (Dracula), Charm Combat with a Disaster (Kagato), Combat between Players
(Leon and Dailey) and Locations (Hot Legs) are golden tests in test_rules_combat.py,
test_rules_charm.py, test_rules_duel.py and test_rules_scavenging.py; the Water Kettle's
limit is test_decks.py::test_golden_deck_construction_water_kettle_limit_6_per_deck.

Every worked example of the two books (rulebook-fifth-edition.md and guidelines-1998.md,
by line) and its golden test (the audit of 30 Nov 2026 found none missing):
  269 Skills, Ryoga and Fujisawa:
      test_golden_skills_ryoga_hibiki_and_fujisawa_have_strength_x4
  273 Skills, Akane and Ukyo:
      test_golden_skills_akane_and_ukyo_end_up_with_a_single_cooking_skill
  285 Categories, Desert Face Mask:
      test_golden_categories_desert_face_mask_scavenges_any_desert_location
  293 Horde, Bio-Men and Ebi-Furiya:
      test_golden_horde_two_bio_men_and_ebi_furiya
  303-327 Card Requirements:
      test_golden_card_requirements_*
  347 Rules for Characters, Makoto:
      test_golden_characters_a_charmed_makoto_cannot_be_forced_to_use_a_card_with_a_cost
  424 Flash Effects, Wrath (guideline 3.1, line 49):
      test_golden_flash_effects_wrath_of_the_eye_of_god
  508 Locations, Hot Legs:
      test_rules_scavenging.py::test_golden_hot_legs_location_with_defense_attacked_over_three_turns
  584 Deck Construction, 86 cards:
      test_golden_deck_construction_the_standard_deck_is_86_cards
  588 Deck Construction, Gren Clone:
      test_golden_deck_construction_gren_clone
  624 Deck Construction, Water Kettle:
      test_decks.py::test_golden_deck_construction_water_kettle_limit_6_per_deck
  767 Combat Charm with a Disaster:
      test_rules_charm.py::test_golden_combat_charm_with_a_disaster_kagato
  864 Combat with a Disaster:
      test_rules_combat.py::test_golden_combat_with_a_disaster_dracula
  914 Combat between Players:
      test_rules_duel.py::test_golden_combat_between_players_leon_and_dailey
  949 Miscellaneous Rules, Kozo Karino:
      test_golden_miscellaneous_rules_kozo_karino_and_the_police_building
  guideline 4.11 (line 77), Wrath on a Location:
      test_rulings_audit_s28b.py::
      test_golden_guideline_4_11_wrath_of_the_eye_of_god_on_a_location_is_not_used
  Maintenance Phase (line 690), the movement count down a column and to the next:
      test_rules_disasters.py::
      test_disaster_moves_its_full_movement_down_then_to_the_next_column_left_R3
The guidelines' other examples name cards the project does not ship; the rule each
illustrates is pinned where docs/rules-coverage.md's Guidelines table says (3.3's
Control Cube: test_rulings_audit_s28b.py::
test_golden_guideline_3_3_pass_around_takes_the_control_cube_before_any_drop, its Rocket
Launcher: test_rules_duel.py::
test_the_players_choose_the_equipment_used_before_combat_cards_are_drawn; 4.9's Skill:
test_rulings_audit_s28b.py::test_golden_guideline_4_9_a_skill_given_adds_1_to_the_existing_skill);
4.1's 7 Dragon Balls, 2.10's Super Saiyan, 4.12's rock / paper / scissors and 4.13's
Chi-Chi are dormant. The audit of 30 Nov 2026 (s32x) checked every number of every
example above against its test's assertions and found none unchecked.
"""
from __future__ import annotations

import pytest
from scene import Scene, card_db, of

from game.engine.abilities import health, skill_count, total
from game.engine.actions import (Challenge, CharmAttack, Order, Pass, PlayCard, Scavenge,
                                 Transfer, UseCard)
from game.engine.decks import Deck, check_deck
from game.engine.events import CardUsed, EquipmentUsed, FlashResolved, ScavengingBegan
from game.engine.options import Options
from game.engine.state import MOVE, SCAVENGE

CARDS = """\
- {id: ryoga, name: Ryoga Hibiki, type: character, gender: male,
   abilities: {attack: 4, defense: 4, movement: 1, charm: 2, energy: 2},
   skills: {Strength: 2, Martial Arts: 2}}
- {id: fujisawa, name: Mr. Masamichi Fujisawa, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 2},
   skills: {Strength: 2, Teacher: 1}}
- {id: akane, name: Akane Tendo, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 2},
   skills: {Martial Arts: 2, Cooking: -1}}
- {id: ukyo, name: Ukyo Kuonji, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 3, energy: 2},
   skills: {Cooking: 2, Martial Arts: 1}}
- {id: nanami, name: Nanami Jinnai, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 2},
   skills: {Illusion Piercing: 1}}
- {id: priest, name: Priest, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Priest: 1}}
- {id: water-mage, name: Water Mage, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Water Element: 1}}
- {id: man, name: Man, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 3, charm: 1, energy: 1}}
- {id: woman, name: Woman, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 3, charm: 1, energy: 1}}
- {id: brawler, name: Brawler, type: character, gender: male,
   abilities: {attack: 4, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: boulder-field, name: Boulder Field, type: location, requires: {skills: {Strength: 4}}}
- {id: snack-stand, name: Snack Stand, type: location, requires: {skills: {Cooking: 1}}}
- {id: restaurant, name: Restaurant, type: location, requires: {skills: {Cooking: 2}}}
- {id: hot-springs-house, name: Hot Springs House, type: location, requires: {females: 3}}
- {id: tank-police-hq, name: Tank Police HQ, type: location, requires: {males: 2}}
- {id: ifuritas-tomb, name: Ifurita's Tomb, type: location,
   requires: {skills: {Priest: 1}, any_element: true}}
- {id: king-kais-planetoid, name: King Kai's Planetoid, type: location,
   requires: {abilities: {attack: 4}, skills: {Strength: 1}}}
- {id: missile-walk, name: Missile Walk, type: location, requires: {abilities: {movement: 4}}}
- {id: hall-of-illusions, name: Hall of Illusions, type: location,
   requires: {illusion_piercing: true}}
- {id: the-master-key, name: Tenchi The Master Key, type: item,
   requires: {skills: {Royalty: 1}}}
- {id: tsunami, name: Tsunami, type: location, requires: {cards: [the-master-key]}}
- {id: royal, name: Royal, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Royalty: 1}}
- id: i-like-to-watch
  name: I Like to Watch
  type: item
  effects:
    - {"on": use, do: [{skill: {Illusion Piercing: 1}, to: holder, for: turn}]}
- id: dash
  name: Dash
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{modify: {movement: "+1"}, to: target, for: turn}]}
- {id: bio-man, name: Dr. Weelo's Bio-Man, type: disaster, class: minor,
   categories: [Horde, Mutant], abilities: {attack: 3, defense: 3, movement: 1}}
- {id: ebi-furiya, name: Ebi-Furiya, type: disaster, class: major,
   categories: [Mutant], abilities: {attack: 4, defense: 4, movement: 1}}
- {id: drone, name: Drone, type: disaster, class: minor,
   categories: [Horde, Robot], abilities: {attack: 2, defense: 2, movement: 1}}
- {id: mutant-kid, name: Mutant Kid, type: character, gender: male, categories: [Mutant],
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- id: wrath
  name: Wrath of the Eye of God
  type: flash_effect
  effects:
    - {"on": play, target: {select: flash, owner: any}, do: [{cancel: true, to: target}]}
"""


def group_at(location: str, *chars: str) -> tuple[Scene, list[int]]:
    """Characters at a Location in their Scavenge phase."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), location, under=["the-master-key"])
    sc.location((1, 0))
    ids = [sc.char(c, (0, 0)) for c in chars]
    sc.turn(SCAVENGE)
    return sc, ids


def may_scavenge(location: str, *chars: str) -> bool:
    sc, _ = group_at(location, *chars)
    return Scavenge((0, 0)) in sc.legal()


# Skills -------------------------------------------------------------------------------
def test_golden_skills_ryoga_hibiki_and_fujisawa_have_strength_x4():
    """Skills: "Ryoga Hibiki has Strength x2 and Mr. Masamichi Fujisawa also has Strength
    x2, so together they have Strength x4." """
    sc, (ryoga, fujisawa) = group_at("boulder-field", "ryoga", "fujisawa")
    assert skill_count(sc.st, [sc.unit(ryoga)], "Strength") == 2
    assert skill_count(sc.st, [sc.unit(fujisawa)], "Strength") == 2
    assert skill_count(sc.st, [sc.unit(ryoga), sc.unit(fujisawa)], "Strength") == 4
    assert may_scavenge("boulder-field", "ryoga", "fujisawa")  # Strength 4 is met together
    assert not may_scavenge("boulder-field", "ryoga")          # by neither alone
    assert not may_scavenge("boulder-field", "fujisawa")


def test_golden_skills_akane_and_ukyo_end_up_with_a_single_cooking_skill():
    """Skills: "Akane Tendo has Cooking -1 ... Ukyo Kuonji has Cooking x2, 1 of the Cooking
    skills is negated by the 'anti-skill', and together they end up with a single Cooking
    skill." """
    sc, (akane, ukyo) = group_at("snack-stand", "akane", "ukyo")
    assert skill_count(sc.st, [sc.unit(akane)], "Cooking") == -1
    assert skill_count(sc.st, [sc.unit(ukyo)], "Cooking") == 2
    assert skill_count(sc.st, [sc.unit(akane), sc.unit(ukyo)], "Cooking") == 1
    assert may_scavenge("snack-stand", "akane", "ukyo")        # a single Cooking skill
    assert not may_scavenge("restaurant", "akane", "ukyo")     # not two
    assert may_scavenge("restaurant", "ukyo")                  # Ukyo alone has two


def test_skills_an_anti_skill_cancels_a_lone_skill_of_the_group():
    """Skills: an 'anti-skill' negates one of the group's skills: Akane (Cooking -1) with
    a Cook (Cooking x1) has no Cooking left, and the Snack Stand (Cooking) is refused;
    the Cook alone meets it. An anti-skill alone is no skill."""
    sc = Scene(CARDS + """\
- {id: cook, name: Cook, type: character, gender: male, skills: {Cooking: 1},
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
""")
    sc.location((0, 0), "snack-stand", under=["the-master-key"])
    akane, cook = sc.char("akane", (0, 0)), sc.char("cook", (1, 1))
    sc.location((1, 1), "snack-stand", under=["the-master-key"])
    sc.turn(SCAVENGE)
    assert skill_count(sc.st, [sc.unit(akane)], "Cooking") == -1
    assert Scavenge((0, 0)) not in sc.legal() and Scavenge((1, 1)) in sc.legal()
    sc.st.move_unit(sc.unit(cook), (0, 0))
    assert skill_count(sc.st, [sc.unit(akane), sc.unit(cook)], "Cooking") == 0
    assert Scavenge((0, 0)) not in sc.legal()


# Categories ---------------------------------------------------------------------------
MASK = CARDS + """\
- id: desert-face-mask
  name: Desert Face Mask
  type: item
  effects:
    - {"on": static, do: [{scavenge_any: Desert}]}
- {id: bleached-bones, name: Desert of Bleached White Bones, type: location,
   categories: [Desert], requires: {skills: {Survival: 2}}}
- {id: salt-flats, name: Salt Flats, type: location, requires: {skills: {Survival: 2}}}
- id: sealed-mask
  name: Sealed Mask
  type: item
  requires: {skills: {Royalty: 1}}
  effects:
    - {"on": static, do: [{scavenge_any: Desert}]}
"""


def mask_scene(location: str, man_items=(), woman_items=()) -> Scene:
    """Seat 0's Man at the Location with its Items; seat 1's Woman there too."""
    sc = Scene(MASK, seats=2)
    sc.location((0, 0), location, under=["the-master-key"])
    sc.char("man", (0, 0), items=man_items)
    sc.char("woman", (0, 0), seat=1, items=woman_items)
    sc.turn(SCAVENGE)
    return sc


def test_golden_categories_desert_face_mask_scavenges_any_desert_location():
    """Categories: "When a card states it affects a certain kind of card, look for a
    matching category on other cards. Example: Desert Face Mask allows you to Scavenge
    any Desert Location, such as Desert of Bleached White Bones." The Mask lifts the
    Location's requirements (Survival x2, which nobody has) for Scavenging a Location
    of the Desert category, and no other; it is the holder's group it helps, and only
    while the holder can use it (Rules for Items: the user meets its requirement)."""
    assert Scavenge((0, 0)) not in mask_scene("bleached-bones").legal()
    sc = mask_scene("bleached-bones", man_items=["desert-face-mask"])
    assert Scavenge((0, 0)) in sc.legal()
    assert of(sc.do(Scavenge((0, 0))), ScavengingBegan)
    # A Location without the Desert category keeps its requirements.
    assert Scavenge((0, 0)) not in mask_scene("salt-flats", man_items=["desert-face-mask"]).legal()
    # Another player's Mask is not "you".
    assert Scavenge((0, 0)) not in mask_scene("bleached-bones",
                                              woman_items=["desert-face-mask"]).legal()
    # A Mask its holder cannot use grants nothing.
    assert Scavenge((0, 0)) not in mask_scene("bleached-bones", man_items=["sealed-mask"]).legal()


# Horde --------------------------------------------------------------------------------
def test_golden_horde_two_bio_men_and_ebi_furiya():
    """Horde: "With two Dr. Weelo's Bio-Men and an Ebi-Furiya in play, the Bio-Men would
    each be +1 Attack & Defense from the other, and Ebi-Furiya would be +2 Attack &
    Defense." A Horde sharing no other category gives and gets nothing ("Hordes will not
    give other Hordes bonuses unless they have another category in common")."""
    sc = Scene(CARDS)
    for x in range(4):
        sc.location((x, 0))
    men = [sc.disaster("bio-man", (0, 0)), sc.disaster("bio-man", (1, 0))]
    ebi = sc.disaster("ebi-furiya", (2, 0))
    drone = sc.disaster("drone", (3, 0))
    for m in men:
        assert (total(sc.st, sc.unit(m), "attack"), total(sc.st, sc.unit(m), "defense")) == (4, 4)
    assert (total(sc.st, sc.unit(ebi), "attack"), total(sc.st, sc.unit(ebi), "defense")) == (6, 6)
    assert (total(sc.st, sc.unit(drone), "attack"), total(sc.st, sc.unit(drone), "defense")) == (2, 2)


def test_horde_gives_nothing_to_a_card_in_a_haven_guidelines_in_play():
    """Guidelines, In Play: "Cards on Havens do not affect the Field and are not in Play."
    A Mutant Character in its Haven gets no Horde bonus; on the Field it does."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.haven((1, 0))
    sc.disaster("bio-man", (0, 0))
    kid = sc.char("mutant-kid", (1, 0))
    assert total(sc.st, sc.unit(kid), "attack") == 2
    sc.st.move_unit(sc.unit(kid), (0, 0))
    assert total(sc.st, sc.unit(kid), "attack") == 3


def test_horde_reaches_every_players_like_card_and_a_horde_of_two_kinds_both():
    """Horde: "every other like card in play is +1 Attack & Defense", whoever's it is: a
    Bio-Man (seat 1's Disaster) is +1 to both players' Mutant Kids; a Horde that is
    Mutant and Robot shares a category with the Bio-Man and with the Drone, so it gives
    each +1 and takes +2 ("Multiple Hordes will give multiple bonuses"). A Defense bonus
    raises no Health (guidelines, Health: "Bonuses to Defense do not increase Health")."""
    sc = Scene(CARDS + """\
- {id: hybrid, name: Hybrid, type: disaster, class: minor,
   categories: [Horde, Mutant, Robot], abilities: {attack: 1, defense: 1, movement: 1}}
""", seats=2)
    for x in range(4):
        sc.location((x, 0))
    man = sc.disaster("bio-man", (0, 0), seat=1)
    kids = [sc.char("mutant-kid", (1, 0)), sc.char("mutant-kid", (1, 0), seat=1)]
    assert [total(sc.st, sc.unit(k), "attack") for k in kids] == [3, 3]
    assert [total(sc.st, sc.unit(k), "defense") for k in kids] == [3, 3]
    assert [health(sc.st, sc.unit(k)) for k in kids] == [2, 2]
    drone = sc.disaster("drone", (2, 0))
    hybrid = sc.disaster("hybrid", (3, 0), seat=1)
    assert [total(sc.st, sc.unit(k), "attack") for k in kids] == [4, 4]  # Bio-Man, Hybrid
    assert (total(sc.st, sc.unit(hybrid), "attack"), total(sc.st, sc.unit(hybrid), "defense")) \
        == (3, 3)
    assert total(sc.st, sc.unit(man), "defense") == 4 and health(sc.st, sc.unit(man)) == 3
    assert total(sc.st, sc.unit(drone), "defense") == 3  # from the Hybrid only


# Card Requirements --------------------------------------------------------------------
@pytest.mark.parametrize("location, fails, meets", [
    ("hot-springs-house", ["woman", "akane", "man"], ["woman", "akane", "ukyo"]),  # 3 Females
    ("tank-police-hq", ["man", "woman"], ["man", "ryoga"]),                       # 2 Males
    ("ifuritas-tomb", ["priest", "man"], ["priest", "water-mage"]),    # Priest + an Element
    ("king-kais-planetoid", ["fujisawa"], ["ryoga"]),  # Attack at least 4 and Strength
    ("hall-of-illusions", ["man"], ["man", "nanami"]),                 # Nanami has it
])
def test_golden_card_requirements_examples(location, fails, meets):
    """Card Requirements: Hot Springs House requires 3 Females; Tank Police HQ 2 Males;
    Ifurita's Tomb Priest and any one of the six elements; King Kai's Planetoid an Attack
    of at least 4 and a Strength skill; Illusion Piercing: "Nanami Jinnai has it"."""
    assert not may_scavenge(location, *fails)
    assert may_scavenge(location, *meets)


def test_golden_card_requirements_missile_walk_movement_of_at_least_4():
    """Card Requirements: "Missile Walk requires a Movement of at least 4", a total
    (guideline 1.3): Movement 3 is refused; +1 from a Flash Effect meets it."""
    sc, (man,) = group_at("missile-walk", "man")
    assert Scavenge((0, 0)) not in sc.legal()
    dash, = sc.hand(0, "dash")
    sc.do(PlayCard(dash, man), Pass())
    assert total(sc.st, sc.unit(man), "movement") == 4
    assert Scavenge((0, 0)) in sc.legal()


def test_golden_card_requirements_i_like_to_watch_gives_illusion_piercing():
    """Card Requirements: Illusion Piercing: "... and I Like to Watch gives it"."""
    sc = Scene(CARDS)
    sc.location((0, 0), "hall-of-illusions", under=["the-master-key"])
    man = sc.char("man", (0, 0), items=["i-like-to-watch"])
    sc.turn(SCAVENGE)
    assert Scavenge((0, 0)) not in sc.legal()
    watch = sc.unit(man).items[0]
    sc.do(UseCard(watch, 0))
    ev = sc.do(Scavenge((0, 0)))
    assert of(ev, ScavengingBegan)


def test_golden_card_requirements_tsunami_needs_the_master_key_which_needs_royalty():
    """Card Requirements, Another Card: "Tsunami requires Tenchi, The Master Key, which in
    turn requires the Royalty skill". The Key counts only in the hands of a Character
    that can use it: "the Character using the Item must ... meet the requirement" (Rules
    for Items), so neither carrying it without Royalty nor Royalty beside its carrier is
    enough; handing it to the Royal is."""
    sc = Scene(CARDS)
    sc.location((0, 0), "tsunami", under=["ryoga"])
    man = sc.char("man", (0, 0), items=["the-master-key"])
    sc.turn(SCAVENGE)
    assert Scavenge((0, 0)) not in sc.legal()
    royal = sc.char("royal", (0, 0))
    assert Scavenge((0, 0)) not in sc.legal()
    key = sc.unit(man).items[0]
    sc.do(Transfer(key, man, royal))
    assert Scavenge((0, 0)) in sc.legal()


def test_card_requirements_a_loop_of_required_cards_is_never_met():
    """Card Requirements, Another Card: two Items that each require the other are
    refused, not checked for ever."""
    sc = Scene(LOOP)
    sc.location((0, 0), "vault", under=["plain"])
    sc.char("loop-holder", (0, 0), items=["lock", "key"])
    sc.turn(SCAVENGE)
    assert Scavenge((0, 0)) not in sc.legal()


LOOP = CARDS + """\
- {id: lock, name: Lock, type: item, requires: {cards: [key]}}
- {id: key, name: Key, type: item, requires: {cards: [lock]}}
- {id: vault, name: Vault, type: location, requires: {cards: [lock]}}
- {id: loop-holder, name: Loop Holder, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
"""


# Miscellaneous Rules ------------------------------------------------------------------
POLICE = CARDS + """\
- id: kozo
  name: Kozo Karino
  type: character
  gender: male
  abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 2}
  effects:
    - {"on": static, do: [{scavenge_any: Police}]}
- id: shinjuku-police
  name: Shinjuku Police Building
  type: location
  categories: [Police]
  requires: {skills: {Detective: 2}}
  effects:
    - {"on": static, do: [{cannot_scavenge: [kozo]}]}
- {id: police-box, name: Police Box, type: location, categories: [Police],
   requires: {skills: {Detective: 2}}}
- {id: detective, name: Detective, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Detective: 2}}
"""


def police_scene(location: str, *chars: str) -> Scene:
    sc = Scene(POLICE)
    sc.location((0, 0), location, under=["the-master-key"])
    for c in chars:
        sc.char(c, (0, 0))
    sc.turn(SCAVENGE)
    return sc


def test_golden_miscellaneous_rules_kozo_karino_and_the_police_building():
    """Miscellaneous Rules; guideline 13: "Card instructions pertaining to a specific
    card overrule conflicting card instructions pertaining to more than one card.
    Example: Kozo Karino '...may Scavenge any Police Location.' Shinjuku Police Building,
    a Police Location, states 'Kozo Karino cannot Scavenge this Location.' Shinjuku
    Police Building overrules Kozo Karino." """
    # Kozo may Scavenge a Police Location whose requirement (Detective x2) he lacks ...
    assert Scavenge((0, 0)) in police_scene("police-box", "kozo").legal()
    # ... but not the one that names him: the specific card overrules the general one.
    sc = police_scene("shinjuku-police", "kozo")
    assert Scavenge((0, 0)) not in sc.legal()
    sc.refused(Scavenge((0, 0)), "Kozo Karino cannot Scavenge this Location")
    # He cannot Scavenge it with a group that meets its requirement either; the group
    # without him can, as the Building names nobody else.
    assert Scavenge((0, 0)) not in police_scene("shinjuku-police", "kozo", "detective").legal()
    assert Scavenge((0, 0)) in police_scene("shinjuku-police", "detective").legal()


# Rules for Characters -----------------------------------------------------------------
MAKOTO = CARDS + """\
- {id: ryoko, name: Ryoko, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 3}}
- {id: makoto, name: Makoto Mizuhara, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: key-staff, name: Ifurita's Power Key Staff, type: equipment,
   bonuses: {attack: "+2"}}
- {id: teleport, name: Interdimensional Teleport, type: equipment,
   bonuses: {movement: "+3"}, costs: {energy: "-1"}}
- {id: jewel, name: Jewel, type: item}
- {id: swoon, name: Swoon, type: combat, physical: {}, charm: {own: {charm: "+9"}}}
"""


def charmed_makoto() -> tuple[Scene, int, int]:
    """Seat 0's Ryoko charms seat 1's Makoto, who has the Staff, the Teleport and a
    Jewel; the charmer is to give its order."""
    sc = Scene(MAKOTO, seats=2, options=Options())
    sc.location((0, 0), under=["jewel"])
    sc.location((1, 0))
    ryoko = sc.char("ryoko", (0, 0))
    makoto = sc.char("makoto", (0, 0), seat=1, equipment=["key-staff", "teleport"],
                     items=["jewel"])
    sc.turn(MOVE)
    sc.combat_pile(0, "swoon")
    sc.do(Challenge(1, (0, 0)), CharmAttack(ryoko, makoto))
    assert sc.st.duel.stage == "order" and sc.st.current_seat() == 0
    return sc, ryoko, makoto


def test_golden_characters_a_charmed_makoto_cannot_be_forced_to_use_a_card_with_a_cost():
    """Rules for Characters: "An opposing Character cannot be forced to use a card with a
    cost. Example: Your Characters charm Makoto Mizuhara, who has Ifurita's Power Key
    Staff and Interdimensional Teleport. Makoto cannot be forced to use the
    Interdimensional Teleport." (guideline 2.4). Every action open to the charmer when
    it gives its order, each played in a scene of its own, leaves the Teleport (an
    Energy cost) unused and Makoto's Energy unspent."""
    sc, ryoko, makoto = charmed_makoto()
    offered = sc.legal()
    assert [a for a in offered if isinstance(a, Order)]  # the charmer has orders to give
    for action in offered:
        sc, ryoko, makoto = charmed_makoto()
        _, teleport = sc.unit(makoto).equipment
        ev = sc.do(action)
        used = [e for e in of(ev, EquipmentUsed) + of(ev, CardUsed) if e["card"] == teleport]
        assert not used and teleport not in sc.unit(makoto).using, action
        assert sc.unit(makoto).spent == 0, action
        assert total(sc.st, sc.unit(makoto), "movement") == 2, action  # no Teleport bonus


# Flash Effects ------------------------------------------------------------------------
def test_golden_flash_effects_wrath_of_the_eye_of_god():
    """Rules for Flash Effects: "You can use a Wrath of the Eye of God to Discard an
    opponent's Wrath of the Eye of God before it takes effect" (last in, first out)."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    man = sc.char("man", (0, 0))
    sc.char("woman", (0, 0), seat=1)
    sc.turn(MOVE)
    dash, mine = sc.hand(0, "dash", "wrath")
    theirs, = sc.hand(1, "wrath")
    sc.do(PlayCard(dash, man))
    sc.do(PlayCard(theirs, dash))   # seat 1's Wrath on seat 0's Flash Effect
    ev = sc.do(PlayCard(mine, theirs), Pass())  # seat 0's Wrath on seat 1's, first out
    resolved = [e["card"] for e in of(ev, FlashResolved)]
    assert resolved[0] == mine
    assert theirs in sc.st.seats[1].discard and mine in sc.st.seats[0].discard
    assert dash in resolved  # seat 1's Wrath was Discarded before it took effect


# Deck Construction --------------------------------------------------------------------
GREN = "".join(
    f"- {{id: gren-{n}, name: Gren Clone ({w} form), type: equipment}}\n"
    for n, w in ((1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th")))
DECK_CARDS = GREN + """\
- {id: c1, name: C1, type: character, gender: female,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: c2, name: C2, type: character, gender: male,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: c3, name: C3, type: character, gender: female,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: c4, name: C4, type: character, gender: male,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: h1, name: H1, type: haven}
""" + "".join(f"- {{id: e{n}, name: E{n}, type: enhancement, bonuses: {{attack: \"+1\"}}}}\n"
              for n in range(1, 8)) \
    + "".join(f"- {{id: l{n}, name: L{n}, type: location}}\n" for n in range(1, 8)) \
    + "".join(f"- {{id: i{n}, name: I{n}, type: item}}\n" for n in range(1, 5)) \
    + "".join(f"- {{id: big{n}, name: Big{n}, type: disaster, class: major, "
              f"abilities: {{attack: 3, defense: 3, movement: 1}}}}\n" for n in range(1, 5)) \
    + "".join(f"- {{id: small{n}, name: Small{n}, type: disaster, class: minor, "
              f"abilities: {{attack: 2, defense: 2, movement: 1}}}}\n" for n in range(1, 4)) \
    + "".join(f"- {{id: k{n}, name: K{n}, type: combat, physical: {{}}, charm: {{}}}}\n"
              for n in range(1, 8))


def standard_deck(power=tuple((f"e{n}", 3) for n in range(1, 8))) -> Deck:
    """The standard deck: 4 / 21 / 1 / 11 (7) / 7 / 21 / 21 = 86."""
    return Deck(id="standard", name="Standard", starting_characters=("c1", "c2", "c3", "c4"),
                haven="h1", power=power, locations=tuple(f"l{n}" for n in range(1, 8)),
                items=(("i1", 3), ("i2", 3), ("i3", 3), ("i4", 2)),
                disasters=(("big1", 3), ("big2", 3), ("big3", 3), ("big4", 3),
                           ("small1", 3), ("small2", 3), ("small3", 3)),
                combat=tuple((f"k{n}", 3) for n in range(1, 8)))


def test_golden_deck_construction_the_standard_deck_is_86_cards():
    """Deck Construction: "The standard deck is 4 / 21 / 1 / 11 (7) / 7 / 21 / 21 = 86 (82
    used)": 21 Power cards need 7 Disasters more than the 14 of 7 Locations; 7
    Locations need 11 Items (1.5 times, rounded up), of which 7 are used."""
    db = card_db(DECK_CARDS)
    deck = standard_deck()
    counts = [deck.count(s) for s in ("starting_characters", "power", "haven", "items",
                                      "locations", "disasters", "combat")]
    assert counts == [4, 21, 1, 11, 7, 21, 21] and sum(counts) == 86
    assert check_deck(deck, db) == []
    used = sum(counts) - (deck.count("items") - len(deck.locations))
    assert used == 82


def test_golden_deck_construction_gren_clone():
    """Deck Construction: "Gren Clone (1st form), Gren Clone (2nd form), Gren Clone (3rd
    form), and Gren Clone (4th form). You can have 3 of any single version, or 1 of
    each." """
    db = card_db(DECK_CARDS)
    rest = tuple((f"e{n}", 3) for n in range(1, 7))  # 18 Power cards, plus 3 Grens

    def legal(*grens) -> bool:
        power = rest + tuple((f"gren-{n}", k) for n, k in grens)
        return check_deck(standard_deck(power), db) == []

    assert legal((1, 3))
    assert legal((1, 1), (2, 1), (3, 1))  # three versions, one each: 3 in all
    assert legal((1, 1), (2, 1), (3, 1), (4, 1))  # 1 of each version
    assert not legal((1, 3), (2, 1))      # 4 in all, more than 3, not 1 of each
    assert not legal((1, 2), (2, 2))
