"""An outside examiner's scenes (s35r2) for the rulebook's general chapters: Basic
Terms, Skills (anti-skills), Horde, Card Requirements, Rules for Characters, Rules for
Disasters, Ally Disasters, Allying with Characters, Major and Minor Disasters, Deck
Construction, Miscellaneous Rules. Each builds what the earlier tests do not: another
count, three seats, an edge (zero, a negative total), x2 and x2 with an anti-skill on a
third Character, a Horde of three kinds, a requirement met only by an Equipment in use
or only by a Character of the group, a female Disaster allied with a group, a Major and
a Minor Disaster at the end of the Field together."""
from __future__ import annotations

import pytest
from scene import Scene, card_db, of
from test_rules_examples import DECK_CARDS, standard_deck

from game.engine.abilities import active_enhancements, health, skill_count, total
from game.engine.actions import (Declare, EndPhase, Fight, Move, Pass, PlayCard, Scavenge,
                                 UseCard, UseEquipment)
from game.engine.decks import check_deck
from game.engine.disasters import ally
from game.engine.events import (Bonked, CardDiscarded, CombatHit, DisasterDefeated, Killed)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE
from game.engine.tally import item_counts

NO_CHARM = Options(charm_combat=False)


def _char(id_, name, gender="male", attack=2, defense=3, movement=2, skills=None,
          categories=None) -> str:
    extra = f", skills: {skills}" if skills else ""
    extra += f", categories: {categories}" if categories else ""
    return (f"- {{id: {id_}, name: {name}, type: character, gender: {gender},\n"
            f"   abilities: {{attack: {attack}, defense: {defense}, movement: {movement}, "
            f"charm: 1, energy: 1}}{extra}}}\n")


CARDS = "".join([
    _char("ryoga", "Ryoga", attack=4, defense=4, skills="{Strength: 2}"),
    _char("fujisawa", "Fujisawa", skills="{Strength: 2}"),
    _char("weakling", "Weakling", skills="{Strength: -1}"),
    _char("akane", "Akane", "female", skills="{Cooking: -1}"),
    _char("klutz", "Klutz", skills="{Cooking: -2}"),
    _char("ukyo", "Ukyo", "female", skills="{Cooking: 2}"),
    _char("chef", "Chef", skills="{Cooking: 3}"),
    _char("man", "Man", movement=3),
    _char("woman", "Woman", "female"),
    _char("runner", "Runner", movement=4),
    _char("tank", "Tank", attack=9, defense=10),
    _char("frail", "Frail", attack=1, defense=1),
    _char("sturdy", "Sturdy", attack=1, defense=2),
    _char("mutant-kid", "Mutant Kid", attack=0, defense=2, categories="[Mutant]"),
    _char("cyborg-kid", "Cyborg Kid", attack=1, defense=1, categories="[Mutant, Robot]"),
    _char("horde-kid", "Horde Kid", attack=1, defense=1, categories="[Horde, Mutant]"),
    _char("priest", "Priest", skills="{Priest: 1}"),
    _char("pyro", "Pyro", skills="{Fire Element: 1}"),
    _char("damp", "Damp", skills="{Fire Element: -1}"),
    _char("mage", "Mage", "female", skills="{Water Element: 1}"),
    _char("mutant-strongman", "Mutant Strongman", attack=3, skills="{Strength: 1}",
          categories="[Mutant]"),
]) + """\
- {id: boulder-field, name: Boulder Field, type: location, requires: {skills: {Strength: 4}}}
- {id: quarry, name: Quarry, type: location, requires: {skills: {Strength: 3}}}
- {id: snack-stand, name: Snack Stand, type: location, requires: {skills: {Cooking: 1}}}
- {id: restaurant, name: Restaurant, type: location, requires: {skills: {Cooking: 2}}}
- {id: hot-springs-house, name: Hot Springs House, type: location, requires: {females: 3}}
- {id: missile-walk, name: Missile Walk, type: location, requires: {abilities: {movement: 4}}}
- {id: hangar, name: Hangar, type: location, requires: {cards: [rocket]}}
- {id: dojo, name: Dojo, type: location, requires: {cards: [ryoga]}}
- {id: rocket, name: Rocket, type: equipment}
- {id: blessing, name: Blessing, type: enhancement, bonuses: {charm: "+1"}}
- {id: shrine, name: Shrine, type: location, requires: {cards: [blessing]}}
- {id: dear-blessing, name: Blessing (Dear), type: enhancement, bonuses: {charm: "+1"}, costs: {energy: "-9"}}
- {id: dear-shrine, name: Dear Shrine, type: location, requires: {cards: [dear-blessing]}}

- {id: boots, name: Boots, type: equipment, bonuses: {movement: "+1"}}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- id: spoon
  name: Spoon
  type: item
  effects:
    - {"on": use, do: [{skill: {Cooking: 1}, to: holder, for: turn}]}
- id: butterfingers
  name: Butterfingers
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any},
       do: [{skill: {Strength: -1}, to: target, for: turn}]}
- {id: ifuritas-tomb, name: Ifurita's Tomb, type: location,
   requires: {skills: {Priest: 1}, any_element: true}}
- {id: king-kais, name: King Kai's Planetoid, type: location,
   requires: {abilities: {attack: 4}, skills: {Strength: 1}}}
- id: jinx
  name: Jinx
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any},
       do: [{modify: {attack: "-1"}, to: target, for: 2}]}
- id: sting
  name: Sting
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{damage: 2, to: target}]}
- {id: bio-man, name: Bio-Man, type: disaster, class: minor,
   categories: [Horde, Mutant], abilities: {attack: 3, defense: 3, movement: 1}}
- {id: ebi, name: Ebi-Furiya, type: disaster, class: major,
   categories: [Mutant], abilities: {attack: 4, defense: 4, movement: 1}}
- {id: drone, name: Drone, type: disaster, class: minor,
   categories: [Horde, Robot], abilities: {attack: 2, defense: 2, movement: 1}}
- {id: chimera, name: Chimera, type: disaster, class: minor,
   categories: [Horde, Mutant, Robot, Alien], abilities: {attack: 1, defense: 1, movement: 1}}
- {id: mutant-banner, name: Mutant Banner, type: global_effect, categories: [Horde, Mutant]}
- {id: swarm, name: Mutant Swarm, type: disaster, class: minor, categories: [Horde, Mutant],
   endure: {modifiers: {charm: "-1"}, turns: 2}}
- {id: grey, name: Grey, type: disaster, class: minor,
   categories: [Alien], abilities: {attack: 0, defense: 1, movement: 1}}
- {id: siren, name: Siren, type: disaster, class: minor, gender: female,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: boss, name: Boss, type: disaster, class: major,
   abilities: {attack: 4, defense: 3, movement: 3}}
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 2, defense: 1, movement: 1}}
- {id: joiner, name: Joiner, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 2}}
"""


def at(location: str, *chars: str, seat_of=None) -> tuple[Scene, list[int]]:
    """Characters at a Location with something under it, in seat 0's Scavenge phase;
    `seat_of` gives each Character's seat (all seat 0's by default)."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), location, under=["idol"])
    sc.location((1, 0))
    seats = seat_of or [0] * len(chars)
    ids = [sc.char(c, (0, 0), seat=s) for c, s in zip(chars, seats)]
    sc.turn(SCAVENGE)
    return sc, ids


def may_scavenge(location: str, *chars: str, seat_of=None) -> bool:
    sc, _ = at(location, *chars, seat_of=seat_of)
    return Scavenge((0, 0)) in sc.legal()


def attack_defense(sc: Scene, u: int) -> tuple[int, int]:
    return total(sc.st, sc.unit(u), "attack"), total(sc.st, sc.unit(u), "defense")


# Skills -----------------------------------------------------------------------------------

def test_skills_x2_and_x2_with_an_anti_skill_on_a_third_character_make_x3():
    """Skills: "If there is more than 1 of a skill it is listed as x2 ... If a card has an
    'anti-skill' it is listed as -1": Strength x2 and x2 with a third Character's
    Strength -1 is Strength x3: the Quarry (Strength x3) is met, the Boulder Field
    (Strength x4, met by the two alone) no longer is."""
    sc, group = at("quarry", "ryoga", "fujisawa", "weakling")
    assert skill_count(sc.st, [sc.unit(u) for u in group], "Strength") == 3
    assert may_scavenge("quarry", "ryoga", "fujisawa", "weakling")
    assert may_scavenge("boulder-field", "ryoga", "fujisawa")
    assert not may_scavenge("boulder-field", "ryoga", "fujisawa", "weakling")


def test_skills_a_negative_total_carries_over_the_group():
    """Skills: anti-skills negate skills one for one, a group's total can be below zero
    and a skill must first make it up: Akane (-1) and Klutz (-2) with Ukyo (x2) have
    Cooking -1, no Snack Stand; with the Chef (x3) as well, Cooking x2, the Restaurant."""
    sc, group = at("snack-stand", "akane", "klutz", "ukyo")
    assert skill_count(sc.st, [sc.unit(u) for u in group], "Cooking") == -1
    assert not may_scavenge("snack-stand", "akane", "klutz", "ukyo")
    assert may_scavenge("restaurant", "akane", "klutz", "ukyo", "chef")


def test_skills_an_anti_skill_negates_a_skill_an_item_gives():
    """Skills with guideline 4.9 ("a Skill added to one who has it adds 1"): Akane's
    Cooking -1 negates the Cooking a Spoon gives her, so she alone has none (no Snack
    Stand) and Ukyo's x2 with the Spoon's 1 and Akane's -1 make x2 (the Restaurant)."""
    sc, (akane,) = at("snack-stand", "akane")
    sc.unit(akane).items = sc.cards(["spoon"])
    sc.do(UseCard(sc.unit(akane).items[0]))
    assert skill_count(sc.st, [sc.unit(akane)], "Cooking") == 0
    assert Scavenge((0, 0)) not in sc.legal()
    sc, (akane, ukyo) = at("restaurant", "akane", "ukyo")
    sc.unit(akane).items = sc.cards(["spoon"])
    sc.do(UseCard(sc.unit(akane).items[0]))
    assert skill_count(sc.st, [sc.unit(akane), sc.unit(ukyo)], "Cooking") == 2
    assert Scavenge((0, 0)) in sc.legal()


def test_skills_an_anti_skill_a_flash_effect_gives_for_the_turn():
    """Skills: "If a card has an 'anti-skill' it is listed as -1": a Flash Effect giving
    Fujisawa Strength -1 for the Turn leaves the group Ryoga x2 + Fujisawa x2 - 1 =
    Strength x3, short of the Boulder Field's x4, until the Turn ends."""
    sc, (ryoga, fujisawa) = at("boulder-field", "ryoga", "fujisawa")
    card, = sc.hand(0, "butterfingers")
    assert Scavenge((0, 0)) in sc.legal()
    sc.do(PlayCard(card, fujisawa))
    while sc.st.flash_stack:
        sc.do(Pass())
    assert skill_count(sc.st, [sc.unit(fujisawa)], "Strength") == 1
    assert skill_count(sc.st, [sc.unit(ryoga), sc.unit(fujisawa)], "Strength") == 3
    assert Scavenge((0, 0)) not in sc.legal()
    sc.until(SCAVENGE)  # seat 0's next Turn: the anti-skill is gone
    assert Scavenge((0, 0)) in sc.legal()


def test_skills_another_players_characters_at_the_location_are_not_the_group():
    """Skills ("together they end up with") with Basic Terms, Group: a group is one
    player's Characters. Seat 1's Ukyo beside seat 0's Akane lends her no Cooking, and
    seat 1's Akane beside seat 0's Ukyo takes none of hers away."""
    assert not may_scavenge("snack-stand", "akane", "ukyo", seat_of=[0, 1])
    assert may_scavenge("restaurant", "ukyo", "akane", seat_of=[0, 1])
    assert not may_scavenge("restaurant", "ukyo", "akane")  # her own Akane does


# Card Requirements ----------------------------------------------------------------------

def test_card_requirements_female_another_players_female_is_not_of_the_group():
    """Card Requirements: "Hot Springs House requires 3 Females" of the group: two of seat
    0's and one of seat 1's are not 3; three of seat 0's are."""
    assert not may_scavenge("hot-springs-house", "woman", "ukyo", "akane", seat_of=[0, 0, 1])
    assert may_scavenge("hot-springs-house", "woman", "ukyo", "akane")


def test_card_requirements_female_a_female_disaster_allied_with_the_group_is_no_character():
    """Card Requirements: "Female: A female Character." A female Disaster allied with the
    group ("Disasters may or may not have a gender"; Allying with Characters: it moves
    with the group) is no Character: two women and the Siren do not open the Hot
    Springs House; a third woman does. The allied Boss's Attack 4 does not meet King
    Kai's Planetoid's "Attack of at least 4" for Fujisawa (Attack 2) either."""
    sc, _ = at("hot-springs-house", "woman", "ukyo")
    siren = sc.disaster("siren", (0, 0))
    sc.st.ally_unit(sc.unit(siren), 0)
    assert Scavenge((0, 0)) not in sc.legal()
    sc.char("akane", (0, 0))
    assert Scavenge((0, 0)) in sc.legal()
    # Nor does an allied Disaster's Attack meet "an Attack of at least 4" for Fujisawa.
    sc, _ = at("king-kais", "fujisawa")
    boss = sc.disaster("boss", (0, 0))
    sc.st.ally_unit(sc.unit(boss), 0)
    assert Scavenge((0, 0)) not in sc.legal()


def test_card_requirements_ability_n_plus_exactly_n_met_only_by_equipment_in_use():
    """Card Requirements: "Ability N+: A specified ability of at least N" (guideline 1.3:
    the total): Movement 3 is short of Missile Walk's 4; the Boots (+1 Movement) carried
    change nothing until put to use, and then 4, exactly N, is enough. A Runner with a
    printed 4 needs nothing."""
    sc, (man,) = at("missile-walk", "man")
    sc.unit(man).equipment = sc.cards(["boots"])
    assert Scavenge((0, 0)) not in sc.legal()
    sc.do(UseEquipment(sc.unit(man).equipment[0], man))
    assert total(sc.st, sc.unit(man), "movement") == 4
    assert Scavenge((0, 0)) in sc.legal()
    assert may_scavenge("missile-walk", "runner")


def test_card_requirements_another_card_equipment_carried_in_the_group_not_anothers():
    """Card Requirements, Another Card: "This card requires another card in order to be
    used. The other card is usually a Character or an Item": a required Equipment
    carried by a Character of the group meets it; carried by another player's Character
    at the Location, or stored in the player's Haven, it does not."""
    sc, (man,) = at("hangar", "man")
    assert Scavenge((0, 0)) not in sc.legal()
    sc.unit(man).equipment = sc.cards(["rocket"])
    assert Scavenge((0, 0)) in sc.legal()
    sc, (man, woman) = at("hangar", "man", "woman", seat_of=[0, 1])
    sc.unit(woman).equipment = sc.cards(["rocket"], seat=1)
    assert Scavenge((0, 0)) not in sc.legal()
    sc, _ = at("hangar", "man")
    sc.haven((2, 0), stored=["rocket"])
    assert Scavenge((0, 0)) not in sc.legal()


def test_card_requirements_another_card_an_enhancement_on_a_character_of_the_group_R126():
    """Card Requirements, Another Card: "This card requires another card in order to be
    used. The other card is usually a Character or an Item", usually, not always: the
    Shrine requires a Blessing, an Enhancement, met by the group whose Character has it
    (the glossary: "Characters Control Equipment, Enhancements, and Items"; R126), not
    by another player's Character there with one."""
    sc, (man,) = at("shrine", "man")
    assert Scavenge((0, 0)) not in sc.legal()
    sc.unit(man).enhancements = sc.cards(["blessing"])
    assert Scavenge((0, 0)) in sc.legal()
    sc, (man, woman) = at("shrine", "man", "woman", seat_of=[0, 1])
    sc.unit(woman).enhancements = sc.cards(["blessing"], seat=1)
    assert Scavenge((0, 0)) not in sc.legal()


def test_card_requirements_another_card_an_enhancement_turned_over_still_meets_it_R126():
    """Card Requirements, Another Card with R126: an Enhancement whose cost is unpayable is
    turned over and "cannot be used" (Rules for Enhancements), but the Character still
    holds it, and "A Character ... Controls something if he holds it or can utilize it"
    (the guidelines' glossary): the Dear Blessing's Energy 9 unpaid, the Dear Shrine is
    still met."""
    sc, (man,) = at("dear-shrine", "man")
    sc.unit(man).enhancements = sc.cards(["dear-blessing"])
    assert active_enhancements(sc.st, sc.unit(man)) == []
    assert Scavenge((0, 0)) in sc.legal()


def test_card_requirements_another_card_a_character_of_the_group():
    """Card Requirements, Another Card: "The other card is usually a Character": the Dojo
    requires Ryoga, met by a group with Ryoga in it, not by Ryoga of another player
    standing there."""
    assert may_scavenge("dojo", "man", "ryoga")
    assert not may_scavenge("dojo", "man", "ryoga", seat_of=[0, 1])
    assert not may_scavenge("dojo", "man")


def test_card_requirements_any_element_an_anti_element_negates_the_only_one():
    """Card Requirements: "Any Element: Air Element, Earth Element, Fire Element, Ice
    Element, Lightning Element, or Water Element. Example: Ifurita's Tomb requires Priest
    and any one of the six elements", with Skills' anti-skills: the Pyro's Fire Element
    negated by the Damp's Fire Element -1 leaves the group none; the Mage's Water Element
    is another element, and the Tomb is met."""
    assert may_scavenge("ifuritas-tomb", "priest", "pyro")
    assert not may_scavenge("ifuritas-tomb", "priest", "pyro", "damp")
    assert may_scavenge("ifuritas-tomb", "priest", "pyro", "damp", "mage")


# Horde ----------------------------------------------------------------------------------

def test_horde_of_three_kinds_one_bonus_per_horde_not_per_category():
    """Horde: "every other like card in play is +1 Attack & Defense ... Multiple Hordes
    will give multiple bonuses." The Chimera (Horde, Mutant, Robot, Alien) gives +1 to
    Ebi-Furiya (Mutant), to the Grey (Alien, Attack 0: 1) and to the Cyborg Kid (Mutant
    and Robot), one bonus though two categories match; the Drone (Horde, Robot) shares
    Robot with it, so each gives the other +1; the Cyborg Kid takes one more from the
    Drone: +2 in all, one per Horde."""
    sc = Scene(CARDS)
    for x in range(6):
        sc.location((x, 0))
    chimera = sc.disaster("chimera", (0, 0))
    ebi, grey = sc.disaster("ebi", (1, 0)), sc.disaster("grey", (2, 0))
    kid = sc.char("cyborg-kid", (3, 0))
    assert attack_defense(sc, ebi) == (5, 5)
    assert attack_defense(sc, grey) == (1, 2)
    assert attack_defense(sc, kid) == (2, 2)
    assert attack_defense(sc, chimera) == (1, 1)  # no other Horde yet
    drone = sc.disaster("drone", (4, 0))
    assert attack_defense(sc, chimera) == (2, 2) and attack_defense(sc, drone) == (3, 3)
    assert attack_defense(sc, kid) == (3, 3)
    assert attack_defense(sc, ebi) == (5, 5) and attack_defense(sc, grey) == (1, 2)


def test_horde_three_seats_a_horde_character_gives_every_players_like_cards():
    """Horde: "If a card has a Horde category, every other like card in play is +1
    Attack & Defense", a Character's Horde too, and whoever's the cards: seat 2's Horde
    Kid (Horde, Mutant) makes seat 0's and seat 1's Mutant Kids (Attack 0) 1 and seat
    1's Ebi-Furiya 5; with seat 0's Bio-Man the Horde Kid and the Bio-Man each give the
    other +1 (Mutant in common), and every Mutant Kid is +2."""
    sc = Scene(CARDS, seats=3)
    for x in range(4):
        sc.location((x, 0))
    kids = [sc.char("mutant-kid", (0, 0)), sc.char("mutant-kid", (1, 0), seat=1)]
    ebi = sc.disaster("ebi", (2, 0), seat=1)
    horde_kid = sc.char("horde-kid", (3, 0), seat=2)
    assert [attack_defense(sc, k) for k in kids] == [(1, 3), (1, 3)]
    assert attack_defense(sc, ebi) == (5, 5)
    man = sc.disaster("bio-man", (0, 0))
    assert attack_defense(sc, horde_kid) == (2, 2) and attack_defense(sc, man) == (4, 4)
    assert [attack_defense(sc, k) for k in kids] == [(2, 4), (2, 4)]
    assert [health(sc.st, sc.unit(k)) for k in kids] == [2, 2]  # Health: base Defense


def test_horde_the_bonus_ends_with_the_horde_defeated():
    """Horde: a like card is +1 "in play"; a Bio-Man Defeated is Discarded ("Defeated
    Disasters are Discarded"), out of play, and Ebi-Furiya is back to 4 / 4."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((1, 0))
    man = sc.disaster("bio-man", (0, 0))
    ebi = sc.disaster("ebi", (1, 0))
    tank = sc.char("tank", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    assert attack_defense(sc, ebi) == (5, 5)
    ev = sc.do(Fight(man), Declare(tank, "attack"))
    assert of(ev, DisasterDefeated)[0]["card"] == man
    assert man in sc.st.seats[0].discard
    assert attack_defense(sc, ebi) == (4, 4)


def test_horde_off_field_a_non_combat_disaster_endured_is_in_play():
    """Horde: "If a card has a Horde category, every other like card in play is +1
    Attack & Defense"; Basic Terms, Off Field: "Most non-Combat Disasters are played Off
    Field. These cards are still in play." The Mutant Swarm (a non-Combat Disaster,
    Horde and Mutant) on the Draw pile gives nothing; drawn in Reload, it is endured Off
    Field for 2 Turns and makes the Mutant Kid (0 / 2) 1 / 3; Discarded after them, it
    gives nothing again."""
    sc = Scene(CARDS, options=NO_CHARM)
    for x in range(2):
        sc.location((x, 0), under=["idol"])
    kid = sc.char("mutant-kid", (1, 0))
    sc.hand(0, *["idol"] * 6)
    swarm, = sc.draw_pile(0, "swarm")
    assert attack_defense(sc, kid) == (0, 2)
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert [o.card for o in sc.st.off_field] == [swarm]
    assert attack_defense(sc, kid) == (1, 3)
    for _ in range(2):
        sc.until(DISCARD)
    assert swarm in sc.st.seats[0].discard and not sc.st.off_field
    assert attack_defense(sc, kid) == (0, 2)


def test_horde_off_field_a_global_effect_is_in_play():
    """Horde with Basic Terms, Off Field ("Global Effects ... are played Off Field. These
    cards are still in play"): the Mutant Banner (a Global Effect, Horde and Mutant) in the
    hand gives nothing; played in the Equip phase, it makes the Mutant Kid (0 / 2) 1 / 3."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    kid = sc.char("mutant-kid", (0, 0))
    banner, = sc.hand(0, "mutant-banner")
    assert attack_defense(sc, kid) == (0, 2)
    sc.turn(EQUIP)
    sc.do(PlayCard(banner))
    assert [o.card for o in sc.st.off_field] == [banner]
    assert attack_defense(sc, kid) == (1, 3)


def test_horde_a_bonus_meets_an_ability_requirement():
    """Horde with Card Requirements ("Ability N+: A specified ability of at least N",
    the total: guideline 1.3): the Mutant Strongman (Attack 3, Strength) is short of King
    Kai's Planetoid's Attack 4 until a Bio-Man (Horde, Mutant) is in play anywhere on the
    Field; then he is Attack 4 and meets it."""
    sc, (strongman,) = at("king-kais", "mutant-strongman")
    assert Scavenge((0, 0)) not in sc.legal()
    sc.disaster("bio-man", (1, 0), seat=1)
    assert total(sc.st, sc.unit(strongman), "attack") == 4
    assert Scavenge((0, 0)) in sc.legal()


# Ally Disasters ----------------------------------------------------------------------------

def test_ally_disasters_two_hordes_allied_attack_with_their_combined_attack_bonuses_included():
    """Ally Disasters: "Allied Disasters attack with their combined Attack abilities
    while each Disaster defends itself": two Bio-Men allied (each 3 + 1 from the other
    Horde) attack the Tank with 8, and the first is fought with its own Defense, 4."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((1, 0))
    a, b = sc.disaster("bio-man", (0, 0)), sc.disaster("bio-man", (0, 0))
    ally(sc.st, sc.unit(a), sc.unit(b), [])
    tank = sc.char("tank", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    ev = sc.do(Fight(a), Declare(tank, "attack"))
    on_a, on_tank = of(ev, CombatHit)[:2]
    assert (on_a["target"], on_a["defense"]) == (a, 4)
    assert (on_tank["attackers"], on_tank["attack"]) == ([a, b], 8)


def test_ally_disasters_three_move_at_the_slowest_pace_led_by_the_primary():
    """Ally Disasters: "the two Disasters move as a group ... limited to the slowest
    Disaster": the Boss (Movement 3) with two allies, the Joiner (2) and the Lackey (1),
    moves the three 1 Location in its Maintenance phase."""
    sc = Scene(CARDS)
    for x in range(5):
        sc.location((4 - x, 0), under=["idol"])
    start = sc.st.path[0]
    boss = sc.disaster("boss", start)
    joiner, lackey = sc.disaster("joiner", start), sc.disaster("lackey", start)
    ally(sc.st, sc.unit(boss), sc.unit(joiner), [])
    ally(sc.st, sc.unit(boss), sc.unit(lackey), [])
    sc.hand(0, *["gem"] * 7)
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert [sc.unit(u).pos for u in (boss, joiner, lackey)] == [sc.st.path[1]] * 3


# Allying with Characters ----------------------------------------------------------------------

def test_allying_with_characters_a_group_of_4_moves_with_its_allied_disaster():
    """Basic Terms, Group: "There is a limit of 4 Characters per group"; Allying with
    Characters: "the Disaster moves with the group". An allied Disaster is no Character:
    a group of 4 with an ally moves, the ally with it."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((0, 1))
    group = tuple(sc.char(c, (0, 0)) for c in ("man", "woman", "ryoga", "runner"))
    grey = sc.disaster("grey", (0, 0))
    sc.st.ally_unit(sc.unit(grey), 0)
    sc.turn(MOVE)
    sc.do(Move(group, (0, 1)))
    assert sc.unit(grey).pos == (0, 1)
    assert all(sc.unit(u).pos == (0, 1) for u in group)


# Basic Terms: Bonk and Kill ------------------------------------------------------------------

@pytest.mark.parametrize("char, bonked, killed", [
    ("frail", False, True),    # base Health 1: 1 - 2 = -1, the negative of 1: Killed
    ("sturdy", True, False),   # base Health 2: 0, Bonked
    ("man", False, False),     # base Health 3: 1 left, healed at once out of Combat
])
def test_basic_terms_kill_at_the_negative_of_base_health_bonk_at_zero(char, bonked, killed):
    """Basic Terms: "A Character is Bonked when its Health is reduced to 0 or below, but
    not Killed ... When a Character's Health is reduced to the negative of their base
    Health, they are Killed." The same 2 Damage (a Sting) Kills a Character of base
    Health 1, Bonks one of 2, and leaves one of 3 standing."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    u = sc.char(char, (0, 0), seat=1)
    sting, = sc.hand(0, "sting")
    sc.turn(MOVE)
    ev = sc.do(PlayCard(sting, u))
    while sc.st.flash_stack:
        ev += sc.do(Pass())
    assert bool(of(ev, Bonked)) == bonked and bool(of(ev, Killed)) == killed
    assert (u in sc.st.units) == (not bonked and not killed)
    if killed:
        assert u in sc.st.seats[1].discard  # "Killed Characters are Discarded"


# Major and Minor Disasters -----------------------------------------------------------------

def test_major_and_minor_disasters_at_the_end_of_the_field_together():
    """Rules for Major Disasters: "When a Major Disaster reaches the end of the Field it
    will Destroy the Item it was carrying and re-enter the Field at the top-right";
    Rules for Minor Disasters: "... Destroy the Item it was carrying and is itself
    Discarded." A Major and a Minor at the last Location, not allied, each with an
    Item: the Boss re-enters (and goes on, R49), the Lackey is Discarded, both Items
    are Destroyed and the Disasters control them (guideline 4.3)."""
    sc = Scene(CARDS)
    for x in range(3):
        sc.location((2 - x, 0), under=["idol"])
    last = sc.st.path[-1]
    boss = sc.disaster("boss", last, items=["gem"])
    lackey = sc.disaster("lackey", last, items=["gem"])
    items = sc.unit(boss).items + sc.unit(lackey).items
    sc.hand(0, *["idol"] * 7)
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert lackey not in sc.st.units and lackey in sc.st.seats[0].discard
    assert sc.unit(boss).pos in sc.st.path and items[0] not in sc.unit(boss).items
    assert set(items) <= set(sc.st.destroyed)
    assert item_counts(sc.st)["disasters"] == 2 + len(sc.unit(boss).items)
    assert lackey in [e["card"] for e in of(ev, CardDiscarded)]


# Deck Construction ------------------------------------------------------------------------
DECKS = DECK_CARDS + "".join(
    f"- {{id: gloom{n}, name: Gloom{n}, type: disaster, class: minor, "
    f"endure: {{modifiers: {{charm: \"-1\"}}}}}}\n" for n in range(1, 9)) + "".join(
    f"- {{id: big{n}, name: Big{n}, type: disaster, class: major, "
    f"abilities: {{attack: 3, defense: 3, movement: 1}}}}\n" for n in range(5, 9)) + "".join(
    f"- {{id: small{n}, name: Small{n}, type: disaster, class: minor, "
    f"abilities: {{attack: 2, defense: 2, movement: 1}}}}\n" for n in range(4, 9)) + "".join(
    f"- {{id: i{n}, name: I{n}, type: item}}\n" for n in range(5, 7)) + "".join(
    f"- {{id: l{n}, name: L{n}, type: location}}\n" for n in range(8, 10)) + """\
- {id: x1, name: X1, type: character, gender: male,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: h2, name: H2, type: haven}
- {id: ryoko-a, name: Ryoko (Demon), type: character, gender: female,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: ryoko-b, name: Ryoko (Pirate), type: character, gender: female,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: twin-towers, name: Twin Towers, type: location, limit: 2}
- {id: tokyo-day, name: Tokyo (Day), type: location}
- {id: tokyo-night, name: Tokyo (Night), type: location}
- {id: gem-red, name: Power Gem (Red), type: item}
- {id: gem-blue, name: Power Gem (Blue), type: item}
"""


def _deck(**changes):
    from dataclasses import replace
    return replace(standard_deck(), **changes)


def _legal(deck) -> bool:
    return check_deck(deck, card_db(DECKS)) == []


@pytest.mark.parametrize("locations, items", [(1, 2), (3, 5), (5, 8), (9, 14)])
def test_deck_construction_items_one_and_a_half_times_the_locations_rounded_up(locations,
                                                                               items):
    """Deck Construction: "You must have 1.5 times as many Items as Locations. Round
    up." 1 Location needs 2 Items, 3 need 5 (4.5), 5 need 8 (7.5), 9 need 14 (13.5); one
    fewer or one more is refused. Disasters: 2 per Location and 7 for the 21 Power
    cards."""
    def deck(n: int):
        return _deck(locations=tuple(f"l{k}" for k in range(1, locations + 1)),
                     items=_threes("i", n), disasters=_disasters(2 * locations + 7))
    assert _legal(deck(items))
    assert not _legal(deck(items - 1)) and not _legal(deck(items + 1))


def _threes(prefix: str, n: int) -> tuple:
    """n cards, three copies of each of prefix1, prefix2... (the last holds the rest)."""
    return tuple((f"{prefix}{k + 1}", min(3, n - 3 * k)) for k in range(-(-n // 3)))


def _disasters(n: int, combat: int | None = None, majors: int | None = None):
    """n Disasters: `majors` Major Combat ones, then Minor Combat ones up to `combat`,
    then non-Combat ones (three of each card at most)."""
    combat = n if combat is None else combat
    majors = -(-n // 3) if majors is None else majors
    out, pools = [], {"big": majors, "small": combat - majors, "gloom": n - combat}
    for kind, want in pools.items():
        k = 1
        while want > 0:
            out.append((f"{kind}{k}", min(3, want)))
            want -= 3
            k += 1
    return tuple(out)


@pytest.mark.parametrize("power, disasters", [(20, 20), (22, 21), (23, 21), (24, 22)])
def test_deck_construction_one_disaster_for_every_3_power_cards_counted_down(power, disasters):
    """Deck Construction: "Disasters: 2 per Location. 1 for every 3 Power cards": 7
    Locations make 14, and 20 Power cards 6 more (not 7), 22 and 23 make 7, 24 make 8."""
    enh = [(f"e{n}", 3) for n in range(1, 8)] + [("k1", 0)]
    full, rest = divmod(power, 3)
    counted = tuple(enh[:full]) + ((f"e{full + 1}", rest),) if rest else tuple(enh[:full])
    if full >= 7:  # more than 21: a Gren Clone version or two for the rest
        counted = tuple(enh[:7]) + tuple((f"gren-{k}", 1) for k in range(1, power - 21 + 1))
    deck = _deck(power=counted, disasters=_disasters(disasters))
    assert deck.count("power") == power
    assert _legal(deck)
    assert not _legal(_deck(power=counted, disasters=_disasters(disasters + 1)))


def test_deck_construction_extra_characters_and_havens_are_power_cards_for_disasters():
    """Deck Construction: Power cards include "Extra Characters" and "Extra Havens";
    "Your Starting Characters and Haven are not counted as Power cards for determining
    the number of Disaster to use": 19 Enhancements, an extra Character and an extra
    Haven are 21 Power cards and need 7 Disasters beyond the 14 of 7 Locations."""
    power = tuple((f"e{n}", 3) for n in range(1, 7)) + (("e7", 1), ("x1", 1), ("h2", 1))
    assert _legal(_deck(power=power, disasters=_disasters(21)))
    assert not _legal(_deck(power=power, disasters=_disasters(20)))


def test_deck_construction_half_combat_and_a_third_major_of_an_odd_count():
    """Deck Construction: "At least 1/2 must be Combat Disasters. At least 1/3 must be
    Major Disasters." Of 21 Disasters, 10 Combat is short of half (10.5), 11 is enough;
    6 Majors are short of a third, 7 are enough."""
    assert _legal(_deck(disasters=_disasters(21, combat=11, majors=7)))
    assert not _legal(_deck(disasters=_disasters(21, combat=10, majors=7)))
    assert not _legal(_deck(disasters=_disasters(21, combat=21, majors=6)))


def test_deck_construction_versions_of_a_character_one_of_each_not_two_of_one():
    """Deck Construction: "You can have any combination of the different names up to the
    limit for the card type, or 1 of each version, whichever is greater" with "You may
    only have 1 of any particular Character": Ryoko (Demon) as a starter and Ryoko
    (Pirate) as an extra Character is 1 of each version; two of one version are not."""
    starters = ("c1", "c2", "c3", "ryoko-a")
    power = tuple((f"e{n}", 3) for n in range(1, 7)) + (("e7", 2), ("ryoko-b", 1))
    assert _legal(_deck(starting_characters=starters, power=power))
    power = tuple((f"e{n}", 3) for n in range(1, 7)) + (("e7", 2), ("ryoko-a", 1))
    assert not _legal(_deck(starting_characters=starters, power=power))


def test_deck_construction_versions_of_an_item_up_to_3_in_all_or_1_of_each():
    """Deck Construction, versions with "No more than 3 of any particular Item": 2 Red
    and 1 Blue Power Gems (3 in all) are legal, 3 Red and 1 Blue are not."""
    ok = (("i1", 3), ("i2", 3), ("i3", 2), ("gem-red", 2), ("gem-blue", 1))
    bad = (("i1", 3), ("i2", 3), ("i3", 1), ("gem-red", 3), ("gem-blue", 1))
    assert _legal(_deck(items=ok))
    assert not _legal(_deck(items=bad))


# Rules for Disasters -----------------------------------------------------------------------

@pytest.mark.parametrize("attack, fate", [(5, Bonked), (8, Killed)])
def test_rules_for_disasters_one_item_taken_from_a_character_with_two(attack, fate):
    """Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an Item,
    the Disaster drops the Item it was carrying beneath the Location, and takes the Item
    the Character had" (it "can only carry 1 Item at a time"); Basic Terms, Bonk: "any
    Equipment or Items are dropped below the Location". The Sturdy (Defense 2) with two
    Items, Bonked (Attack 5: 3 Damage, Health -1) or Killed (Attack 8: 6, Health -4):
    the Disaster holds one of them, and its own Item and the other lie under the
    Location."""
    sc = Scene(CARDS + f"""\
- {{id: brute, name: Brute, type: disaster, class: major,
   abilities: {{attack: {attack}, defense: 9, movement: 1}}}}
""", options=NO_CHARM)
    sc.location((0, 0))
    sc.location((1, 0))
    sturdy = sc.char("sturdy", (0, 0), items=["idol", "gem"])
    mine = list(sc.unit(sturdy).items)
    brute = sc.disaster("brute", (0, 0), items=["gem"])
    theirs = sc.unit(brute).items[0]
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    ev = sc.do(Fight(brute), Declare(sturdy, "none"))
    assert of(ev, fate)
    held = sc.unit(brute).items
    assert len(held) == 1 and held[0] in mine
    assert sorted(sc.st.places[(0, 0)].under) == sorted([theirs] + [i for i in mine
                                                                     if i not in held])


def test_deck_construction_a_location_that_says_its_own_limit_follows_the_card():
    """Deck Construction: "No more than 1 of any particular Location" and "Some cards
    will say they have a different limit per deck. Follow the instructions on the card."
    Twin Towers (limit 2) twice among 7 Locations is legal, three times is not; a Location
    without a limit is refused twice, and two versions of one ("Tokyo (Day)", "Tokyo
    (Night)") are 1 of each version."""
    def locations(*ids):
        return _deck(locations=ids + tuple(f"l{k}" for k in range(1, 8 - len(ids))))
    assert _legal(locations("twin-towers", "twin-towers"))
    assert not _legal(locations("twin-towers", "twin-towers", "twin-towers", "l7", "l8"))
    assert not _legal(locations("l7", "l7"))
    assert _legal(locations("tokyo-day", "tokyo-night"))
    problems = check_deck(locations("l7", "l7", "l7", "l7", "l8"), card_db(DECKS))
    assert len(problems) == 1 and "4 copies of L7" in problems[0] and "at most 1" in problems[0]


# Rules for Characters and Basic Terms, Group, with three seats ----------------------------

def test_rules_for_characters_six_on_the_field_is_each_players_own_limit_three_seats():
    """Rules for Characters: "You may have any number of Characters in your Haven but no
    more than 6 on the Field at any time", each player's: with seat 0 and seat 1 at 6
    each, seat 0's Character in its Haven may not come out; seat 2's may, though 12
    others stand on the Field."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    for x in range(4):
        sc.location((x, 0))
    sc.haven((0, 1), seat=0)
    sc.haven((3, 1), seat=2)
    for seat in (0, 1):
        for k in range(6):
            sc.char("man", (k % 3 + (1 if seat else 0), 0), seat=seat)
    waiting = sc.char("woman", (0, 1))
    theirs = sc.char("woman", (3, 1), seat=2)
    sc.turn(MOVE)
    sc.refused(Move((waiting,), (0, 0)))
    sc.turn(MOVE, seat=2)
    sc.do(Move((theirs,), (3, 0)))
    assert sc.unit(theirs).pos == (3, 0)


def test_basic_terms_group_four_per_player_three_seats_at_one_location():
    """Basic Terms, Group: "There is a limit of 4 Characters per group", a group being
    "the Characters belonging to one player": with 4 of seat 0's and 4 of seat 1's at a
    Location, seat 2 still moves 4 there; a 5th of seat 0's may not join its own."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1))
    for seat in (0, 1):
        for _ in range(4):
            sc.char("man", (0, 1), seat=seat)
    fifth = sc.char("man", (0, 0))
    four = tuple(sc.char("woman", (0, 0), seat=2) for _ in range(4))
    sc.turn(MOVE)
    sc.refused(Move((fifth,), (0, 1)))
    sc.turn(MOVE, seat=2)
    sc.do(Move(four, (0, 1)))
    assert len(sc.st.chars_at(2, (0, 1))) == 4


# Time ---------------------------------------------------------------------------------------

def test_time_duration_two_turns_of_the_player_that_plays_it_three_seats():
    """Time, Duration: "The amount of time a card stays in play for the player that plays
    it. For cards that last a limited number of Turns, the first Turn is the Turn it was
    played." Seat 0's Jinx (2 Turns) on seat 2's Character in seat 0's Turn lasts
    through seat 1's and seat 2's Turns and seat 0's next, and ends with it; seat 1's
    Jinx, played as an answer in seat 0's Turn, counts that Turn as its first and ends
    with seat 1's next."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    for x in range(3):
        sc.location((x, 0), under=["idol"])
    target = sc.char("man", (2, 0), seat=2)
    other = sc.char("woman", (1, 0), seat=1)
    for seat in range(3):
        sc.hand(seat, *["idol"] * 7)
    mine, = sc.cards(["jinx"])
    theirs, = sc.cards(["jinx"], seat=1)
    sc.st.seats[0].hand.append(mine)
    sc.st.seats[1].hand.append(theirs)
    sc.turn(MOVE)
    sc.do(PlayCard(mine, target), PlayCard(theirs, other))
    while sc.st.flash_stack:
        sc.do(Pass())

    def jinxed() -> list[int]:
        return [total(sc.st, sc.unit(u), "attack") for u in (target, other)]
    assert jinxed() == [1, 1]
    sc.until(MOVE, seat=1)
    assert jinxed() == [1, 1]   # seat 1's Turn: the second of its Jinx
    sc.until(MOVE, seat=2)
    assert jinxed() == [1, 2]   # seat 1's Jinx ended with seat 1's Turn
    sc.until(MOVE, seat=0)
    assert jinxed() == [1, 2]   # seat 0's next Turn: the second of its Jinx
    sc.until(MOVE, seat=1)
    assert jinxed() == [2, 2]
