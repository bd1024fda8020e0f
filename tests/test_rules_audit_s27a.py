"""A fourth audit of 29 Nov 2026 (rulebook, fifth edition; guidelines of 1998), in the
sections the first three (tests/test_rules_audit_s26.py, s26b, s26c) did not focus on:
Basic Terms, Time, Card Descriptions, Power Cards, Genders, Special Categories, Skills,
Categories, Card Requirements, Rules for Characters, Rules for Items and Rules for
Locations (Attack, Defense, Destroyed, Locations becoming Havens), with the guidelines
that clarify them. Each test names its section or guideline."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import health, total
from game.engine.actions import (BuildHaven, Declare, Drop, EndPhase, Fight, Move, PickUp,
                                 PlayCard)
from game.engine.events import CharmContest, LocationAttacks
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE
from game.engine.tally import item_counts

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 2}}
- {id: belle, name: Belle, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 2, energy: 1}}
- {id: swimmer, name: Swimmer, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Swimming: 1}}
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 2, defense: 9, movement: 1}}
- {id: siren, name: Siren, type: disaster, class: major,
   abilities: {attack: 1, defense: 9, movement: 1, charm: 1}}
- {id: idol, name: Idol, type: item}
- {id: blade, name: Blade, type: item, bonuses: {attack: "6"}, requires: {skills: {Swimming: 1}}}
- {id: drill, name: Drill, type: enhancement, bonuses: {attack: "+1"}}
- {id: robo, name: Robo, type: character, gender: male, categories: [Horde, Robot],
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: tin, name: Tin, type: character, gender: male, categories: [Robot],
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: robo-d, name: Robo D, type: disaster, class: major, categories: [Horde, Robot],
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: dock, name: Dock, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}, becomes_haven: {skills: {Swimming: 1}}}
- {id: broke, name: Broke, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 0}}
- {id: spear, name: Spear, type: item, bonuses: {attack: "+2"}, costs: {defense: "-1"}}
- {id: orb, name: Orb, type: item, bonuses: {attack: "+2"}, costs: {energy: "-1"}}
- {id: boost, name: Boost, type: enhancement, bonuses: {defense: "+2"}, costs: {energy: "-2"}}
- id: captain
  name: Captain
  type: character
  gender: male
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  effects:
    - {"on": static, do: [{modify: {attack: "+1"}, to: yours}]}
"""


# Time ------------------------------------------------------------------------------------

def test_time_round_refers_to_physical_combat_the_location_strikes_no_charm_round():
    """Time, Round: "Unless stated otherwise, round refers to physical Combat." The Reef
    "also attacks once per Combat round" (Rules for Locations): the Siren's two Charm
    attacks are no rounds, so the Reef strikes Hero and Belle only in the first physical
    round, once each."""
    sc = Scene(CARDS)
    sc.location((0, 0), "reef")
    sc.location((1, 0), under=["idol"])
    h, b = sc.char("hero", (0, 0)), sc.char("belle", (0, 0))
    siren = sc.disaster("siren", (0, 0))
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    ev = sc.do(Fight(siren))
    assert len(of(ev, CharmContest)) == 2 and not of(ev, LocationAttacks)
    ev = sc.do(Declare(h, "attack"), Declare(b, "attack"))
    assert sorted(x["target"] for x in of(ev, LocationAttacks)) == sorted([h, b])


# Rules for Items ---------------------------------------------------------------------------

def test_rules_for_items_no_modifier_the_items_ability_replaces_the_users():
    """Rules for Items: "If there is no modifier, the Item's ability replaces the
    Character's." The Blade (Attack 6, Swimming required) makes the Swimmer's Attack 6,
    and with Drill's +1 (replacements first, docs/card-format.md) 7; Hero, who carries it
    without the skill, keeps his 3 ("only to use an Item")."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    s = sc.char("swimmer", (0, 0), items=["blade"])
    d = sc.char("swimmer", (0, 0), items=["blade"], enhancements=["drill"])
    h = sc.char("hero", (0, 0), items=["blade"])
    assert [total(sc.st, sc.unit(u), "attack") for u in (s, d, h)] == [6, 7, 3]


def test_rules_for_items_the_character_using_an_item_pays_its_cost():
    """Rules for Items: "If an Item has a cost or requirement, the Character using the
    Item must pay the cost or meet the requirement." The Spear (+2 Attack, cost -1
    Defense) makes Hero 5/2, not 5/3. The Orb (+2 Attack, cost 1 Energy) holds 1 of
    Hero's Energy while it gives him +2 (held like an Enhancement's cost: upkeep); Broke,
    with no Energy to pay, carries it and gets nothing."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    spear = sc.char("hero", (0, 0), items=["spear"])
    orb = sc.char("hero", (0, 0), items=["orb"])
    broke = sc.char("broke", (0, 0), items=["orb"])

    def stats(u):
        return [total(sc.st, sc.unit(u), a) for a in ("attack", "defense", "energy")]

    assert [stats(u) for u in (spear, orb, broke)] == [[5, 2, 2], [5, 3, 1], [3, 3, 0]]


def test_rules_for_items_a_carried_items_cost_gives_way_to_an_enhancement():
    """Rules for Items: "A Character does not need to pay a price ... to carry an Item,
    only to use an Item"; Rules for Enhancements: "If an Enhancement has a cost, it must
    be met in order to play". Hero (Energy 2) carries the Orb, which holds 1 Energy while
    it gives +2 Attack; an Enhancement's cost is held first (abilities.upkeep), so the
    Boost (cost 2) may be played, and the Orb then gives nothing. The Orb's hold kept
    the Boost from being played, though once played it would be kept before the Orb."""
    sc = Scene(CARDS)
    sc.haven((0, 0))
    hero = sc.char("hero", (0, 0), items=["orb"])
    boost, = sc.hand(0, "boost")
    sc.turn(EQUIP)
    assert PlayCard(boost, hero) in sc.legal()
    sc.do(PlayCard(boost, hero))
    u = sc.unit(hero)
    assert [total(sc.st, u, a) for a in ("attack", "defense", "energy")] == [3, 5, 0]


# Basic Terms -------------------------------------------------------------------------------

def test_basic_terms_in_play_a_horde_card_under_a_location_gives_no_bonus():
    """Basic Terms, In Play: "Cards under Locations ... are not In Play", and a Horde
    gives its bonus to "every other like card in play". Robo D (Horde, Robot) face down
    under a Location gives Tin nothing; turned over onto the Field, +1 Attack & Defense."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["robo-d"])
    sc.location((1, 0))
    tin = sc.char("tin", (1, 0))
    assert (total(sc.st, sc.unit(tin), "attack"), total(sc.st, sc.unit(tin), "defense")) == (1, 1)
    sc.disaster(sc.st.take_top((0, 0)), (0, 0))
    assert (total(sc.st, sc.unit(tin), "attack"), total(sc.st, sc.unit(tin), "defense")) == (2, 2)
    assert health(sc.st, sc.unit(tin)) == 1  # Basic Terms, Health: not raised


def test_guidelines_in_play_a_card_in_a_haven_does_not_affect_the_field():
    """Guidelines, In Play: "All cards that affect the Field. Cards on Havens do not affect
    the Field and are not in Play" (the rulebook's In Play does not name Havens). The
    Captain's text gives all of its player's Characters +1 Attack: from the Haven it
    gives it to Belle there, not to Hero on the Field; on the Field, to both."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    hero, belle = sc.char("hero", (0, 0)), sc.char("belle", (1, 0))
    cap = sc.char("captain", (1, 0))

    def attacks():
        return [total(sc.st, sc.unit(u), "attack") for u in (hero, belle)]

    assert attacks() == [3, 3]
    sc.turn(MOVE)
    sc.do(Move((cap,), (0, 0)))
    assert attacks() == [4, 3]


# Rules for Locations ------------------------------------------------------------------------

def test_rules_for_locations_disasters_can_stop_on_a_destroyed_location():
    """Rules for Locations: "Destroyed Locations still count for movement. Characters
    cannot stop on Destroyed Locations but Disasters can." The Ogre (Movement 1) moves
    from the top-right Location onto the Destroyed one next on its path and stops there."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((0, 1), destroyed=True)
    sc.location((0, 2), under=["idol"])
    ogre = sc.disaster("ogre", sc.st.path[0])
    assert sc.st.path[1] == (0, 1)
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert sc.unit(ogre).pos == (0, 1)


def test_guideline_10_a_location_turned_haven_is_a_haven_it_strikes_no_one_and_keeps_drops():
    """Guideline 4.10: "If a Location becomes a Haven, it is treated as a Haven
    permanently"; the glossary's Drop: Items "stay on a Haven / Location-turned-Haven".
    The Dock (Attack 4) strikes a group without Swimming that stops on it; once the
    Swimmer has built it into a Haven, it strikes Hero (no Swimming) no more when he stops
    there, and an Idol he drops there is stored in it, not put under it to be Scavenged."""
    sc = Scene(CARDS)
    sc.location((0, 0), "dock")
    sc.location((1, 0), under=["idol"])
    sc.char("swimmer", (0, 0))
    h = sc.char("hero", (1, 0), items=["idol"])
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 0)))
    sc.turn(MOVE)
    ev = sc.do(Move((h,), (0, 0)))
    assert not of(ev, LocationAttacks) and sc.unit(h).damage == 0
    idol = sc.unit(h).items[0]
    sc.do(Drop(idol, h))
    assert item_counts(sc.st) == {"0": 1, "disasters": 0, "field": 1}  # the one at (1, 0)
    assert PickUp(idol, h) in sc.legal()  # stored: taken out, not Scavenged again


# Rules for Characters ------------------------------------------------------------------------

def test_rules_for_characters_any_number_in_the_haven_with_6_on_the_field():
    """Rules for Characters: "You may have any number of Characters in your Haven but no
    more than 6 on the Field at any time." With 6 on the Field and 2 in the Haven, a
    Character is still played into the Haven in the Equip phase; none leaves it."""
    sc = Scene(CARDS)
    for x in range(2):
        sc.location((x, 0), under=["idol"])
    sc.haven((-1, 0))
    for x in range(6):
        sc.char("hero", (x // 4, 0))
    waiting = [sc.char("hero", (-1, 0)) for _ in range(2)]
    c, = sc.hand(0, "belle")
    sc.turn(EQUIP)
    sc.do(PlayCard(c))
    assert sc.unit(c).pos == (-1, 0)
    sc.turn(MOVE)
    sc.refused(Move((waiting[0],), (1, 0)))  # a group of 3 there, but 7 on the Field
