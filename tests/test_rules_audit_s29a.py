"""An audit of 29 Nov 2026, late, of compound scenes (rulebook, fifth edition; guidelines of
1998): where two rules meet. Card Requirements, the Rules for Characters, Enhancements,
Equipment, Havens, Items and Locations, Setting Up the Field, and the Maintenance, Equip,
Move and Scavenge phases, each met with another rule. Each test names its sections."""
from __future__ import annotations

from scene import Scene, of
from test_rules_setup import new_game

from game.engine import apply, legal_actions, view
from game.engine.abilities import skill_count, total
from game.engine.actions import (Answer, AskPermission, AttackLocation, BuildHaven,
                                 ContinueScavenging, Deal, Declare, Drop, EndPhase, Fight, Move,
                                 PickUp, PlaceCard, PlayCard, Retrieve, RunAway, RunTo, Scavenge,
                                 StopScavenging, Transfer, UseEquipment)
from game.engine.events import (Bonked, CardDiscarded, DisasterEntered, DisasterMoved, ItemStolen,
                                Killed, LocationAttacked, LocationAttacks)
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE, SETUP
from game.engine.tally import item_counts

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: heroine, name: Heroine, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: gunner, name: Gunner, type: character, gender: male,
   abilities: {attack: 9, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: retreat, name: Retreat, type: flash_effect,
   effects: [{"on": play, target: {select: character, owner: you},
              do: [{send_home: true, to: group}]}]}
- {id: fort, name: Fort, type: location, abilities: {defense: 8},
   requires: {skills: {Seduction: 1}}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 7, defense: 9, movement: 1}}
- {id: idol, name: Idol, type: item}
- {id: prince, name: Prince, type: character, gender: male, skills: {Royalty: 1, Pilot: 1},
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: swimmer, name: Swimmer, type: character, gender: female, skills: {Swimming: 1},
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: lake, name: Lake, type: location, requires: {skills: {Swimming: 1}}}
- {id: reef, name: Reef, type: location, abilities: {attack: 5},
   requires: {skills: {Swimming: 1}}}
- {id: spikes, name: Spikes, type: location, abilities: {attack: 4},
   requires: {skills: {Climbing: 1}}}
- {id: chasm, name: Chasm, type: location, abilities: {attack: 9},
   requires: {skills: {Climbing: 1}}}
- {id: pit, name: Pit, type: location, abilities: {attack: 6},
   requires: {skills: {Climbing: 1}}}
- {id: gym, name: Gym, type: location, requires: {abilities: {attack: 4}}}
- {id: spa, name: Spa, type: location, requires: {females: 2}}
- {id: shrine, name: Shrine, type: location, requires: {cards: [key]}}
- {id: castle, name: Castle, type: location, becomes_haven: {skills: {Royalty: 1}}}
- {id: snorkel, name: Snorkel, type: equipment, bonuses: {charm: "+0"},
   effects: [{"on": static, do: [{skill: {Swimming: 1}}]}]}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+2"}, costs: {energy: "-1"}}
- {id: axe, name: Axe, type: equipment, bonuses: {attack: "+1"}}
- {id: armor, name: Armor, type: equipment, abilities: {defense: 2}}
- {id: jet, name: Jet, type: equipment, bonuses: {movement: "+2"},
   requires: {skills: {Pilot: 1}}}
- {id: lessons, name: Lessons, type: enhancement, bonuses: {charm: "+0"},
   effects: [{"on": static, do: [{skill: {Swimming: 1}}]}]}
- {id: focus, name: Focus, type: enhancement, bonuses: {defense: "+2"}}
- {id: key, name: Key, type: item}
- {id: boots, name: Boots, type: item, bonuses: {movement: "+1"}}
- {id: medal, name: Medal, type: item, requires: {skills: {Swimming: 1}},
   bonuses: {defense: "+2"}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: glass, name: Glass Golem, type: disaster, class: major,
   abilities: {attack: 7, defense: 1, movement: 1}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: giant, name: Giant, type: disaster, class: major,
   abilities: {attack: 10, defense: 9, movement: 1}}
"""


# Rules for Locations (a Location with Defense) meeting another rule -------------------

def fort() -> Scene:
    """The Fort (Defense 8, requires Seduction) at (0, 0), a plain Location at (1, 0),
    seat 0's Haven at (2, 0), and more Items far off (no early majority, R14)."""
    sc = Scene(CARDS)
    sc.location((0, 0), "fort", under=["idol", "idol"])
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])
    sc.haven((2, 0))
    return sc


def test_rules_for_locations_a_group_sent_home_by_a_card_must_start_the_attack_over():
    """Rules for Locations: "You get 1 attack per Turn ... If you attack another target or
    leave the Location you must start over." A Flash Effect that sends the Gunner's group
    back to its Haven takes it off the Fort as surely as a Move: its attack (9 against
    Defense 8: Health 7) is over, and back at the Fort a Turn later it starts again from
    Health 8. (The engine kept the siege of a group sent home: 8 -> 7 -> 6 would have
    gone on.)"""
    sc = fort()
    g = sc.char("gunner", (0, 0))
    retreat, = sc.hand(0, "retreat")
    sc.turn(SCAVENGE)
    sc.do(AttackLocation((0, 0)))                        # 8 -> 7
    sc.do(PlayCard(retreat, g))
    assert sc.unit(g).pos == (2, 0)
    sc.until(MOVE)
    sc.do(Move((g,), (0, 0)))
    sc.until(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert (hit["health_before"], hit["health_after"]) == (8, 7)


def test_rules_for_locations_a_besieging_group_bonked_has_left_the_location_basic_terms_bonk():
    """Rules for Locations ("leave the Location you must start over") with Bonk ("A
    Bonked Character is Set Aside", guideline 2.6) and the Maintenance Phase: the Gunner
    alone attacks the Fort (Health 8 -> 7); in the next Maintenance phase the Brute stops
    there and Bonks it (7 - 3 = 4 Damage; it does not fight back, attacking no other
    target). No Character of the player is left at the Fort: the Heroine who comes next
    Turn starts the attack over from Health 8, not 7."""
    sc = fort()
    sc.location((0, 1))
    g = sc.char("gunner", (0, 0))
    h = sc.char("heroine", (1, 0))
    brute = sc.disaster("brute", (1, 0))     # the path: (5,5) (1,0) (0,0) (0,1): next, the Fort
    sc.combat_pile(0, "blank", "blank")
    sc.turn(SCAVENGE)
    sc.do(AttackLocation((0, 0)))            # 8 -> 7
    sc.do(EndPhase(), EndPhase())            # the next Turn's Maintenance: the Brute attacks
    assert sc.st.combat is not None and sc.st.combat.disaster == brute
    sc.do(Declare(g, "none"))
    assert g not in sc.st.units              # Bonked
    sc.until(MOVE)
    sc.do(Move((h,), (0, 0)))
    sc.until(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert hit["health_before"] == 8, "the besiegers left the Fort: the attack starts over"


def fight_off(sc: Scene) -> None:
    """Every Character asked attacks, until the Combat is over."""
    while sc.st.combat is not None:
        sc.do(next(a for a in sc.legal() if isinstance(a, Declare) and a.role == "attack"))


def far_items(sc: Scene, n: int = 3) -> None:
    """Items dealt far off, so that no side holds a majority early (R14)."""
    sc.location((9, 9), under=["idol"] * n)


# Card Requirements met through a card, then lost ---------------------------------------

def test_card_requirements_a_skill_lent_by_equipment_in_use_and_handed_over_mid_scavenging():
    """Card Requirements with the Rules for Equipment and the Scavenge Phase. The Lake
    requires Swimming, which the Hero has only from the Snorkel he carries, and a piece
    works only while its carrier uses it ("the Character using the Equipment must ...").
    Carried, not used: the group cannot enter. Used: it enters. He then hands the Snorkel
    to the Heroine, who does not use it: the group has no Swimming, yet it goes on ("If
    you stop, you must 'leave' the Location ... and must meet the requirements again if
    you wish to re-enter": entering is what the requirements gate). Next Turn the piece is
    no longer in use (chosen anew each Turn): the group cannot re-enter until the Heroine
    uses it."""
    sc = Scene(CARDS)
    sc.location((0, 0), "lake", under=["imp", "imp", "idol", "idol"])
    far_items(sc)
    a = sc.char("hero", (0, 0), equipment=["snorkel"])
    b = sc.char("heroine", (0, 0))
    snorkel, = sc.unit(a).equipment
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.do(UseEquipment(snorkel, a), Scavenge((0, 0)))
    fight_off(sc)                                    # the first Imp
    sc.do(Transfer(snorkel, a, b))
    assert skill_count(sc.st, [sc.unit(a), sc.unit(b)], "Swimming") == 0
    assert ContinueScavenging() in sc.legal()
    sc.do(ContinueScavenging())
    fight_off(sc)                                    # the second Imp
    sc.do(Retrieve(a), StopScavenging())
    sc.until(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.do(UseEquipment(snorkel, b))
    assert Scavenge((0, 0)) in sc.legal()


def test_card_requirements_the_skill_of_an_enhancement_lost_with_its_bonked_host():
    """Card Requirements with the Rules for Enhancements and the Scavenge Phase. The Hero's
    Enhancement (Lessons) gives the group the Swimming the Lake requires. The Glass Golem
    turned over Bonks him as he and the Heroine Defeat it (7 - 3 = 4 Damage; 3 + 3 - 1 =
    5 on the Golem): his Enhancement is Discarded ("only removed if the host card Killed,
    Bonked ...") and his Item drops under the Lake. The group has lost its Swimming, yet
    "If a Character with a required skill is Bonked or Killed during Scavenging, you may
    continue to Scavenge the Location that Turn": the Heroine goes on, and retrieves."""
    sc = Scene(CARDS)
    sc.location((0, 0), "lake", under=["glass", "imp", "idol"])
    far_items(sc)
    a = sc.char("hero", (0, 0), enhancements=["lessons"], items=["key"])
    b = sc.char("heroine", (0, 0))
    lessons, = sc.unit(a).enhancements
    key, = sc.unit(a).items
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    assert sc.st.combat.target == a                  # the Character with an Item
    ev = sc.do(Declare(a, "attack"), Declare(b, "attack"))
    assert [e["card"] for e in of(ev, Bonked)] == [a] and sc.st.combat is None
    assert lessons in sc.st.seats[0].discard
    assert skill_count(sc.st, [sc.unit(b)], "Swimming") == 0
    sc.do(ContinueScavenging())
    fight_off(sc)                                    # the Imp
    sc.do(Retrieve(b), Retrieve(b))
    assert key in sc.unit(b).items and len(sc.unit(b).items) == 2
    assert sc.st.scavenging is None and not sc.st.places[(0, 0)].under


def test_card_requirements_another_card_in_the_haven_or_another_players_hands_does_not_count():
    """Card Requirements ("Another Card: This card requires another card in order to be
    used") with the Rules for Havens and Basic Terms, Group. The Shrine requires the Key.
    One Key is stored in the player's Haven ("Cards on Havens ... are not in Play",
    glossary, In Play), another is carried by the other player's Character at the Shrine
    (not of the group: "The Characters belonging to one player"): the Hero cannot enter.
    When the Swimmer, who carries a Key, joins him, the group can."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), "shrine", under=["idol"])
    sc.location((1, 0))
    far_items(sc)
    sc.haven((2, 0), stored=["key"])
    sc.haven((-1, 0), seat=1)
    h = sc.char("hero", (0, 0))
    sc.char("heroine", (0, 0), seat=1, items=["key"])
    s = sc.char("swimmer", (1, 0), items=["key"])
    sc.turn(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.until(MOVE)
    sc.do(Move((s,), (0, 0)), EndPhase())
    assert Scavenge((0, 0)) in sc.legal()
    assert h in [u.card for u in sc.st.chars_at(0, (0, 0))]


def test_card_requirements_ability_n_plus_with_equipment_changing_hands():
    """Card Requirements ("Ability N+: A specified ability of at least N") with the Rules
    for Equipment. The Gym needs an Attack of 4: the Hero (3) reaches 5 with the Sword
    in use. Handed to the Heroine, the Sword gives him nothing and her nothing until she
    uses it and pays its cost (1 Energy of hers): "the Character using the Equipment must
    pay the cost". The Hero may not then put his Axe to use: "A Character cannot use more
    than 1 piece Equipment to give a bonus to the same ability per Turn"."""
    sc = Scene(CARDS)
    sc.location((0, 0), "gym", under=["idol"])
    far_items(sc)
    a = sc.char("hero", (0, 0), equipment=["sword", "axe"])
    b = sc.char("heroine", (0, 0))
    sword, axe = sc.unit(a).equipment
    sc.turn(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.do(UseEquipment(sword, a))
    assert total(sc.st, sc.unit(a), "attack") == 5 and Scavenge((0, 0)) in sc.legal()
    sc.do(Transfer(sword, a, b))
    assert [total(sc.st, sc.unit(c), "attack") for c in (a, b)] == [3, 3]
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.refused(UseEquipment(axe, a), "attack")
    sc.do(UseEquipment(sword, b))
    assert total(sc.st, sc.unit(b), "attack") == 5 and total(sc.st, sc.unit(b), "energy") == 1
    assert Scavenge((0, 0)) in sc.legal()


def test_card_requirements_females_count_only_the_players_own_group():
    """Card Requirements ("Female: A female Character"; Hot Springs House requires 3
    Females) with Basic Terms, Group ("The Characters belonging to one player"): the Spa
    requires 2 Females. The Heroine and another player's Heroine stand there: the group is
    one Female. When the Swimmer joins her, it is two."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), "spa", under=["idol"])
    sc.location((1, 0))
    far_items(sc)
    sc.char("heroine", (0, 0))
    sc.char("heroine", (0, 0), seat=1)
    s = sc.char("swimmer", (1, 0))
    sc.turn(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.until(MOVE)
    sc.do(Move((s,), (0, 0)), EndPhase())
    assert Scavenge((0, 0)) in sc.legal()


def test_rules_for_items_the_carrier_meets_the_requirement_not_its_group():
    """Rules for Items: "If an Item has a cost or requirement, the Character using the Item
    must pay the cost or meet the requirement" and "A Character does not need to ... meet
    a requirement to carry an Item", with Card Requirements met through an Enhancement.
    The Medal (+2 Defense) requires Swimming. The Hero carries it beside the Swimmer: his
    group has Swimming, he has not, and his Defense stays 3. Handed to the Swimmer it gives
    her 5; handed on to a Hero whose Enhancement gives him Swimming, it gives him 5."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    far_items(sc)
    a = sc.char("hero", (0, 0), items=["medal"])
    s = sc.char("swimmer", (0, 0))
    c = sc.char("hero", (0, 0), enhancements=["lessons"])
    medal, = sc.unit(a).items
    sc.turn(MOVE)
    assert total(sc.st, sc.unit(a), "defense") == 3
    sc.do(Transfer(medal, a, s))
    assert total(sc.st, sc.unit(s), "defense") == 5
    sc.do(Transfer(medal, s, c))
    assert total(sc.st, sc.unit(c), "defense") == 5 and total(sc.st, sc.unit(s), "defense") == 3


# Rules for Characters, Enhancements and Equipment with the phases ----------------------

def test_rules_for_characters_a_seventh_played_in_the_equip_phase_waits_until_one_is_bonked():
    """Rules for Characters ("any number of Characters in your Haven but no more than 6 on
    the Field") with the Equip Phase ("You may play 1 Characters from your hand into your
    Haven") and the Rules for Locations. Six Heroes are on the Field; a seventh, played
    into the Haven, may not leave it. One of the six stops on the Pit (Attack 6, requires
    Climbing) and is Bonked (6 - 3 = 3 Damage): five are left on the Field, and the
    seventh may go."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.location((1, 1), "pit")
    far_items(sc)
    sc.haven((2, 0))
    for _ in range(4):
        sc.char("hero", (0, 0))
    x = sc.char("hero", (1, 0))
    sc.char("hero", (1, 0))
    new, = sc.hand(0, "hero")
    sc.turn(EQUIP)
    sc.do(PlayCard(new), EndPhase())
    assert sc.st.phase == MOVE and sc.unit(new).pos == (2, 0)
    sc.refused(Move((new,), (1, 0)), "6 on the Field")
    ev = sc.do(Move((x,), (1, 1)))
    assert [e["card"] for e in of(ev, Bonked)] == [x]
    assert Move((new,), (1, 0)) in sc.legal()


def test_rules_for_enhancements_kept_when_sent_home_discarded_when_the_host_is_bonked():
    """Rules for Enhancements: "Once played, they can never be transferred and are only
    removed if the host card Killed, Bonked, Defeated, or Discarded", with a card that
    sends a group home and a Location with Attack. Sent to its Haven, the Hero keeps
    Focus (+2 Defense). The Heroine with Focus stops on the Chasm (Attack 9, requires
    Climbing): 9 - 5 = 4 Damage Bonks her; Focus goes to her owner's Discard pile, her
    Item and Equipment under the Chasm (Basic Terms, Bonk)."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), "chasm")
    far_items(sc)
    sc.haven((-1, 0))
    a = sc.char("hero", (0, 0), enhancements=["focus"])
    b = sc.char("heroine", (-1, 0), enhancements=["focus"], items=["key"], equipment=["axe"])
    focus_b, = sc.unit(b).enhancements
    dropped = sc.unit(b).items + sc.unit(b).equipment
    retreat, = sc.hand(0, "retreat")
    sc.turn(MOVE)
    sc.do(PlayCard(retreat, a))
    assert sc.unit(a).pos == (-1, 0) and total(sc.st, sc.unit(a), "defense") == 5
    ev = sc.do(Move((b,), (1, 0)))
    hit, = of(ev, LocationAttacks)
    assert (hit["defense"], hit["damage"], hit["result"]) == (5, 4, "bonked")
    assert focus_b in sc.st.seats[0].discard
    assert sorted(sc.st.places[(1, 0)].under) == sorted(dropped)


def test_equip_phase_an_enhancement_only_on_the_players_own_character_in_its_own_haven():
    """Equip Phase ("You may play 1 Enhancement on a Character in your Haven") with the
    Rules for Havens (guests): the player's Character that is a guest in another player's
    Haven is not in its Haven, and the other player's guest in its Haven is not its
    Character. Only its own Heroine at home may take the Enhancement."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0), seat=1)
    sc.haven((-1, 0), seat=0)
    away = sc.char("hero", (1, 0))
    guest = sc.char("heroine", (-1, 0), seat=1)
    home = sc.char("heroine", (-1, 0))
    focus, = sc.hand(0, "focus")
    sc.turn(EQUIP)
    assert [a for a in sc.legal() if isinstance(a, PlayCard)] == [PlayCard(focus, home)]
    sc.refused(PlayCard(focus, away), "Haven")
    sc.refused(PlayCard(focus, guest))


def test_rules_for_equipment_its_health_is_not_restored_when_it_changes_hands():
    """Rules for Equipment: "When an Equipment has its own Defense ... treat it as having
    Health. Health is not automatically restored at the end of the turn. When Health = 0,
    Discard." with a Location's Attack (Rules for Locations). The Armor (Defense 2) in
    the Hero's use takes the Spikes' 1 Damage (4 - 3). Next Turn the Heroine uses it; the
    group stops on the Spikes again and her 1 Damage takes the Armor's Health to 0: it is
    Discarded. A piece's Health is its own, whoever carries it."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), "spikes")
    far_items(sc)
    a = sc.char("hero", (0, 0), equipment=["armor"])
    b = sc.char("heroine", (0, 0))
    armor, = sc.unit(a).equipment
    sc.turn(MOVE)
    sc.do(UseEquipment(armor, a))
    ev = sc.do(Move((a, b), (1, 0)))
    assert [(e["target"], e["health_after"]) for e in of(ev, LocationAttacks)] == [(a, 3), (b, 2)]
    assert armor in sc.unit(a).equipment
    sc.until(MOVE)
    sc.do(Transfer(armor, a, b), UseEquipment(armor, b))
    ev = sc.do(Move((a, b), (0, 0)), Move((a, b), (1, 0)))
    assert [e["card"] for e in of(ev, CardDiscarded)] == [armor]
    assert armor not in sc.unit(b).equipment and armor in sc.st.seats[0].discard


def test_rules_for_equipment_its_user_meets_the_requirement_not_its_group():
    """Rules for Equipment: "If an Equipment has a cost or requirement, the Character
    using the Equipment must pay the cost or meet the requirement", with Card
    Requirements and Basic Terms, Group. The Jet requires Pilot: the Hero who carries it
    cannot use it, though the Prince beside him is a Pilot; handed to the Prince, it is
    his to use (+2 Movement)."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    far_items(sc)
    a = sc.char("hero", (0, 0), equipment=["jet"])
    p = sc.char("prince", (0, 0))
    jet, = sc.unit(a).equipment
    sc.turn(MOVE)
    sc.refused(UseEquipment(jet, a), "requirement")
    sc.do(Transfer(jet, a, p), UseEquipment(jet, p))
    assert total(sc.st, sc.unit(p), "movement") == 4


# Rules for Havens with the Move phase and the Items ------------------------------------

def guests() -> tuple[Scene, int, int]:
    """Seat 0's Hero and Heroine at (0, 0), next to seat 1's Haven at (1, 0)."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    far_items(sc)
    sc.haven((1, 0), seat=1)
    sc.haven((-1, 0))
    return sc, sc.char("hero", (0, 0), items=["key"]), sc.char("heroine", (0, 0))


def test_rules_for_havens_a_guest_group_split_and_joined_asks_again_R36():
    """Rules for Havens ("may not stop there without asking your permission ... They also
    don't have to leave until they want to") with Basic Terms, Group (splitting and
    joining) and R36 (a yes lasts until the asker's next Turn begins). The Hero stops in
    the other player's Haven with its owner's yes; the Heroine may follow that Turn. Next
    Turn the Hero may stay, but the Heroine may join him only after asking again, and the
    Hero, once he has stepped out, may not step back in without asking."""
    sc, a, b = guests()
    sc.turn(MOVE)
    sc.do(AskPermission((1, 0)), Answer(True), Move((a,), (1, 0)))
    assert Move((b,), (1, 0)) in sc.legal()
    sc.until(MOVE)
    assert sc.unit(a).pos == (1, 0)                  # the guest need not leave
    assert Move((b,), (1, 0)) not in sc.legal() and AskPermission((1, 0)) in sc.legal()
    sc.do(Move((a,), (0, 0)))
    assert Move((a,), (1, 0)) not in sc.legal()
    sc.do(AskPermission((1, 0)), Answer(True))
    assert Move((a,), (1, 0)) in sc.legal() and Move((b,), (1, 0)) in sc.legal()


def test_rules_for_havens_an_item_a_guest_drops_is_stored_and_controlled_by_the_owner_R5():
    """Basic Terms, Drop ("They may go in a Haven or under a Location"), the Rules for
    Havens ("that player has free access to it and may take out any Items or Equipment
    there") and R5 (a player controls "those stored in its Havens"). The Hero, a guest in
    the other player's Haven, drops his Key: it is stored there, and counts for the Haven's
    owner, not for him; he may take it out again."""
    sc, a, _ = guests()
    key, = sc.unit(a).items
    sc.turn(MOVE)
    sc.do(AskPermission((1, 0)), Answer(True), Move((a,), (1, 0)))
    assert (item_counts(sc.st)["0"], item_counts(sc.st)["1"]) == (1, 0)
    sc.do(Drop(key, a))
    assert sc.st.places[(1, 0)].under == (key,)
    assert (item_counts(sc.st)["0"], item_counts(sc.st)["1"]) == (0, 1)
    sc.do(PickUp(key, a))
    assert sc.unit(a).items == [key] and item_counts(sc.st)["0"] == 1


def test_rules_for_locations_a_location_turned_haven_where_a_disaster_stands_guideline_4_10():
    """Rules for Locations ("Certain Locations can become Havens ... Once a Location
    becomes a Haven, Disasters ... cannot stop on it") with the Maintenance Phase and
    guideline 4.10 ("it can still be Destroyed ... by Disasters already at the Haven"):
    the Prince makes the Castle a Haven while the other player's Ogre stands there. The
    Castle leaves the Disaster path (R3, Havens are skipped): in its player's Maintenance
    phase the Ogre goes on from where the Castle stood, and the Imp, one Location above it
    on the path, passes it by; both stop at the next Location."""
    sc = Scene(CARDS, seats=2)
    sc.location((1, 0), under=["idol"])
    sc.location((0, 0), "castle")
    sc.location((0, 1), under=["idol"])
    far_items(sc)
    sc.haven((-1, 0))
    sc.haven((-1, 1), seat=1)
    sc.char("prince", (0, 0))
    ogre = sc.disaster("ogre", (0, 0), seat=1)
    imp = sc.disaster("imp", (1, 0), seat=1)
    assert sc.st.path.index((0, 0)) == sc.st.path.index((1, 0)) + 1
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 0)))
    assert (0, 0) not in sc.st.path and sc.unit(ogre).pos == (0, 0)
    ev = sc.do(EndPhase(), EndPhase())               # seat 1's Maintenance
    moved = {e["card"]: (e["origin"], e["dest"]) for e in of(ev, DisasterMoved)}
    assert moved == {ogre: ((0, 0), (0, 1)), imp: ((1, 0), (0, 1))}


# Rules for Items with the Maintenance and Scavenge phases ------------------------------

def test_maintenance_phase_a_character_bonked_with_items_equipment_and_an_enhancement():
    """Maintenance Phase (a Disaster moved onto a group), the Rules for Disasters ("the
    Disaster drops the Item it was carrying beneath the Location, and takes the Item the
    Character had"), Basic Terms, Bonk ("any Equipment or Items are dropped below the
    Location"), and the Rules for Enhancements (removed when the host is Bonked). The
    Giant stops on the Hero (Defense 3 + 2 from Focus; 10 - 5 = 5 Damage, Health -2:
    Bonked, not Killed): it takes one of his two Items, the other and his Sword go under
    the Location, Focus to the Discard pile. The Hero is Set Aside (R9)."""
    sc = Scene(CARDS)
    sc.location((1, 0))
    sc.location((0, 0))
    far_items(sc)
    h = sc.char("hero", (0, 0), items=["key", "idol"], equipment=["sword"],
                enhancements=["focus"])
    held = list(sc.unit(h).items)
    sword, = sc.unit(h).equipment
    focus, = sc.unit(h).enhancements
    giant = sc.disaster("giant", (1, 0))
    sc.combat_pile(0, "blank", "blank")
    sc.turn(DISCARD)
    sc.do(EndPhase())                                # Reload, then the Maintenance phase
    assert sc.st.combat is not None and sc.st.combat.disaster == giant
    ev = sc.do(Declare(h, "none"))
    assert [e["card"] for e in of(ev, Bonked)] == [h] and not of(ev, Killed)
    taken, = sc.unit(giant).items
    assert taken in held and of(ev, ItemStolen)
    left = [c for c in held if c != taken]
    assert sorted(sc.st.places[(0, 0)].under) == sorted(left + [sword])
    assert focus in sc.st.seats[0].discard
    assert h not in sc.st.units and [c for c, _ in sc.st.seats[0].set_aside] == [h]


def test_scavenge_phase_an_item_dropped_mid_scavenging_goes_beneath_the_disasters_left():
    """Scavenge Phase with Basic Terms, Drop ("If they go under a Location they must be
    Scavenged") and the Rules for Characters (drop "during any phase"): after the first
    Imp, the Hero drops his Medal. It goes beneath what is left, under the second Imp:
    turning over the next card is the Imp, and the Medal comes out after it, with the
    Idol ("After all Disasters have been dealt with, you may retrieve any Items")."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["imp", "imp", "idol"])
    far_items(sc)
    h = sc.char("hero", (0, 0), items=["medal"])
    medal, = sc.unit(h).items
    imp1, imp2, idol = sc.st.places[(0, 0)].under
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    fight_off(sc)
    sc.do(Drop(medal, h))
    assert sc.st.places[(0, 0)].under == (imp2, idol, medal)
    sc.do(ContinueScavenging())
    assert sc.st.combat is not None and sc.st.combat.disaster == imp2
    fight_off(sc)
    sc.do(Retrieve(h), Retrieve(h))
    assert sc.unit(h).items == [idol, medal] and sc.st.scavenging is None


def test_scavenge_phase_another_players_group_at_the_location_takes_no_part():
    """Scavenge Phase ("your Characters must 'attempt' the Location ... If it is a Combat
    Disaster, you will have to fight it ... you may retrieve") with Basic Terms, Group:
    the other player's Heroine at the same Location, carrying an Item, is neither fought
    by the Imp turned over nor among those who retrieve."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["imp", "idol"])
    far_items(sc)
    h = sc.char("hero", (0, 0))
    other = sc.char("heroine", (0, 0), seat=1, items=["key"])
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    assert sc.st.combat.fighters == [h] and sc.st.combat.target == h
    fight_off(sc)
    assert sc.legal()[:2] == [Retrieve(h), StopScavenging()]
    sc.refused(Retrieve(other))
    assert len(sc.unit(other).items) == 1


# Rules for Locations and the Move phase --------------------------------------------------

def test_rules_for_locations_a_location_with_attack_spares_a_group_whose_equipment_lends_a_skill():
    """Rules for Locations ("If a group of Characters, without the required skills, stops
    at a Location with Attack, the Location Attacks each Character") with the Rules for
    Equipment (a piece works while in use): the Reef (Attack 5) requires Swimming. The
    Hero carrying the Snorkel unused is struck (5 - 3 = 2 Damage); with it in use he has
    the skill, and is not."""
    def stop(use: bool) -> list[dict]:
        sc = Scene(CARDS)
        sc.location((0, 0))
        sc.location((1, 0), "reef")
        far_items(sc)
        h = sc.char("hero", (0, 0), equipment=["snorkel"])
        sc.turn(MOVE)
        if use:
            sc.do(UseEquipment(sc.unit(h).equipment[0], h))
        return [(e["damage"], e["result"]) for e in of(sc.do(Move((h,), (1, 0))), LocationAttacks)]

    assert stop(use=False) == [(2, "ok")]
    assert stop(use=True) == []


def test_move_phase_an_item_handed_over_mid_move_takes_its_movement_along():
    """Move Phase ("Move your Characters any number of Location up to their Movement
    ability") with the Rules for Items (a modifier "modifies that ability" of the one who
    uses it) and Rules for Characters (transfer "during any phase"): the Hero with the
    Boots (+1, Movement 3) moves 2 and hands them to the Heroine there. He has Movement
    2, all used; she has 3, all hers."""
    sc = Scene(CARDS)
    for x in range(6):
        sc.location((x, 0))
    far_items(sc)
    a = sc.char("hero", (0, 0), items=["boots"])
    b = sc.char("heroine", (2, 0))
    boots, = sc.unit(a).items
    sc.turn(MOVE)
    sc.do(Move((a,), (1, 0)), Move((a,), (2, 0)))
    assert total(sc.st, sc.unit(a), "movement") == 3 and Move((a,), (3, 0)) in sc.legal()
    sc.do(Transfer(boots, a, b))
    sc.refused(Move((a,), (3, 0)), "Movement left")
    assert Move((b,), (5, 0)) in sc.legal()


def test_move_phase_passing_a_disaster_and_another_players_haven_to_stop_beyond_R4_R23():
    """Move Phase with the Rules for Havens ("Another player may move their Characters
    over your Haven without asking you") and the Rules for Disasters (a Combat Disaster
    attacks Characters with Items that stop where it is; Pass over: "To Move onto a
    Location without ending your Movement"): the Hero with the Boots (Movement 3) and an
    Item passes the Ogre at (1, 0) and the other player's Haven at (2, 0) and stops at
    (3, 0), asking nobody and fought by nobody."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.haven((2, 0), seat=1)
    sc.location((3, 0))
    far_items(sc)
    h = sc.char("hero", (0, 0), items=["boots", "key"])
    sc.disaster("ogre", (1, 0))
    sc.turn(MOVE)
    sc.do(Move((h,), (3, 0)))
    assert sc.unit(h).pos == (3, 0) and sc.st.combat is None and not sc.st.haven_asks


def test_move_phase_stopping_by_another_players_group_and_a_disaster_only_the_movers_fight_R23():
    """Move Phase with the Rules for Disasters ("If a Combat Disaster stops at a Location
    where there are Characters with Items, the Disaster will automatically attack a random
    Character having an Item") and R23 (a group that stops carrying Items is attacked):
    the Hero stops with an Item where the Ogre and the other player's Heroine, with an
    Item too, already stand. The Combat is the Hero's group's; the Heroine, who did not
    stop there this Turn, is not in it."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    far_items(sc)
    h = sc.char("hero", (0, 0), items=["key"])
    sc.char("heroine", (1, 0), seat=1, items=["idol"])
    ogre = sc.disaster("ogre", (1, 0), seat=1)
    sc.turn(MOVE)
    sc.do(Move((h,), (1, 0)))
    c = sc.st.combat
    assert (c.seat, c.disaster, c.fighters, c.target) == (0, ogre, [h], h)


def test_run_away_to_neither_a_destroyed_location_nor_a_haven_without_leave_rules_for_locations():
    """Basic Terms, Run Away ("Move any remaining Characters 1 Location") with the Rules
    for Locations ("Characters cannot stop on Destroyed Locations") and the Rules for
    Havens ("may not stop there without asking your permission"): running from the Ogre,
    the Hero may go to the plain Location only; the Destroyed one and the other player's
    Haven next to him are not offered."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0), destroyed=True)
    sc.location((0, 1))
    sc.haven((-1, 0), seat=1)
    far_items(sc)
    h = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0), seat=1)
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(ogre), RunAway())
    assert [a for a in sc.legal() if isinstance(a, RunTo)] == [RunTo((0, 1))]
    assert sc.unit(h).pos == (0, 0)
    sc.refused(RunTo((1, 0)))
    sc.refused(RunTo((-1, 0)))


# Setting Up the Field and the Maintenance phase ------------------------------------------

def test_setting_up_the_field_a_haven_in_the_top_right_cell_is_not_where_disasters_enter():
    """Setting Up the Field ("Havens are placed in the same manner as Locations") with the
    Reload Phase ("If you draw a Combat Disaster it enters the Field at the top-right
    Location") and guideline 4.14 ("A Haven ... is not a Location"): the Haven stands in
    the rightmost column, above its Locations; the Ogre drawn enters at the first
    Location of that column (R3)."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.location((1, 1))
    far_items(sc)
    sc.haven((9, -1))
    sc.char("hero", (0, 0))
    sc.hand(0, *["blank"] * 6)
    ogre, = sc.draw_pile(0, "ogre")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert of(ev, DisasterEntered) == [{"seat": 0, "card": ogre, "cell": (9, 9)}]


def test_maintenance_phase_a_disaster_takes_an_item_from_under_equipment_dropped_there():
    """Maintenance Phase with the Rules for Disasters ("Only Combat Disasters pick up
    Items ... it will pick up an Item from the first Location it stops on that has an
    Item") and Basic Terms, Drop (Equipment dropped under a Location): the Ogre stops
    where a Sword lies on top of an Idol; it takes the Idol and leaves the Sword."""
    sc = Scene(CARDS)
    sc.location((1, 0))
    sc.location((0, 0), under=["sword", "idol"])
    far_items(sc)
    sword, idol = sc.st.places[(0, 0)].under
    ogre = sc.disaster("ogre", (1, 0))
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert sc.unit(ogre).pos == (0, 0) and sc.unit(ogre).items == [idol]
    assert sc.st.places[(0, 0)].under == (sword,)


def test_setting_up_the_field_havens_placed_among_the_locations_are_dealt_nothing_guideline_4_14():
    """Setting Up the Field ("Havens are placed in the same manner as Locations ... Take
    turns placing Disasters face down under the Locations ... until all Locations have 1
    Item") with guideline 4.14 ("A Haven ... is not a Location") and R3 (the path skips
    Havens): both Havens are placed early, between Locations. Dealing never offers their
    cells; every Location gets 2 Disasters and 1 Item, the Havens nothing; the path leaves
    them out, and the starting Characters stand in them ("Place your starting Characters
    ... at your Haven")."""
    g, st = new_game()
    havens = {(0, 1): 0, (1, 1): 1}
    for cell in [(0, 0), (1, 0), (0, 1), (1, 1), (-1, 0), (2, 0), (-1, 1), (2, 1)]:
        s = st.seats[st.current_seat()]
        card = s.haven_to_place[-1] if cell in havens else s.to_place[-1]
        apply(st, PlaceCard(card, cell))
    while st.phase == SETUP:
        acts = legal_actions(st)
        assert not {a.cell for a in acts if isinstance(a, Deal)} & set(havens)
        apply(st, acts[0])
    for cell, place in st.places.items():
        kinds = sorted(g.card(c).type for c in place.under)
        assert kinds == ([] if cell in havens else ["disaster", "disaster", "item"]), cell
    assert set(st.path) == set(st.places) - set(havens)
    for cell, seat in havens.items():
        assert st.places[cell].kind == "haven" and st.seats[seat].havens == [cell]
        assert {u.pos for u in st.characters(seat)} == {cell}


def test_rules_for_locations_part_of_a_besieging_group_leaves_the_rest_goes_on_basic_terms_group():
    """Rules for Locations ("If you ... leave the Location you must start over") with Basic
    Terms, Group ("To leave a group a Character must move to a different Location"): the
    Gunner and the Hero attack the Fort together (9 + 3 - 8 = 4: Health 4). Next Turn the
    Hero leaves; the Gunner, still there, goes on from Health 4 (9 - 8 = 1: Health 3)."""
    sc = fort()
    g = sc.char("gunner", (0, 0))
    h = sc.char("hero", (0, 0))
    sc.turn(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert (hit["attack"], hit["health_after"]) == (12, 4)
    sc.until(MOVE)
    sc.do(Move((h,), (1, 0)))
    sc.until(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert (hit["attack"], hit["health_before"], hit["health_after"]) == (9, 4, 3)
    assert sc.unit(g).pos == (0, 0)


def test_equip_phase_an_enhancement_on_a_character_in_a_location_turned_haven_guideline_4_10():
    """Equip Phase ("You may play 1 Enhancement on a Character in your Haven") with the
    Rules for Locations (a Location can become a Haven) and guideline 4.10 ("it is treated
    as a Haven permanently"): the Prince makes the Castle his player's Haven; in the next
    Equip phase he takes an Enhancement there."""
    sc = Scene(CARDS)
    sc.location((0, 0), "castle")
    far_items(sc)
    sc.haven((-1, 0))
    p = sc.char("prince", (0, 0))
    focus, = sc.hand(0, "focus")
    sc.turn(SCAVENGE)
    sc.refused(PlayCard(focus, p))
    sc.do(BuildHaven((0, 0)))
    sc.until(EQUIP)
    assert PlayCard(focus, p) in sc.legal()
    sc.do(PlayCard(focus, p))
    assert sc.unit(p).enhancements == [focus]


def test_rules_for_locations_each_players_attack_on_a_location_is_its_own_R51():
    """Rules for Locations, R51: "You get 1 attack per Turn. You must continue attacking
    it until the Location's Health is 0 or below ... If you attack another target or leave
    the Location you must start over." Seat 0's Gunner and seat 1's Gunner stand at the
    Fort (Defense 8) and attack it a Turn each, 9 against 8: each player's attack goes
    on from its own Health left (8 -> 7, then 7 -> 6 ...), the other's neither adds to it
    nor starts it over, and each gets in once its own reaches 0. (The engine kept one
    attack a Location: each attack started the other's over, 8 -> 7 for ever.)"""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), "fort", under=["idol", "idol"])
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])
    sc.haven((2, 0))
    sc.haven((4, 0), seat=1)
    sc.char("gunner", (0, 0))
    sc.char("gunner", (0, 0), seat=1)
    healths: dict[int, list[tuple[int, int]]] = {0: [], 1: []}
    sc.turn(SCAVENGE)
    for turn in range(16):
        seat = sc.st.turn_seat
        if any(isinstance(a, Scavenge) for a in legal_actions(sc.st)):
            break
        hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
        healths[seat].append((hit["health_before"], hit["health_after"]))
        sc.until(SCAVENGE, 1 - seat)
    assert healths[0][:3] == [(8, 7), (7, 6), (6, 5)]
    assert healths[1][:3] == [(8, 7), (7, 6), (6, 5)]
    assert sc.st.turn_seat == 0 and len(healths[0]) == 8, "seat 0 gets in first, at Health 0"


def test_rules_for_locations_a_location_turned_haven_is_attacked_by_nobody_R51_guideline_4_10():
    """Rules for Locations ("You must continue attacking it until the Location's Health
    is 0 or below"), guideline 4.10 (it "is considered a Haven" from then on) and R51:
    seat 1 had an attack under way on the Keep (Defense 8) when seat 0's Prince turned
    it into a Haven; there is no Location left to attack, so the attack ends and the
    view shows none (the Haven kept it, 8 -> 7, and showed a siege on a Haven)."""
    sc = Scene(CARDS + """\
- {id: keep, name: Keep, type: location, abilities: {defense: 8},
   requires: {skills: {Seduction: 1}}, becomes_haven: {skills: {Royalty: 1}}}
""", seats=2)
    sc.location((0, 0), "keep", under=["idol"])
    far_items(sc)
    sc.haven((-1, 0))
    sc.haven((-1, 1), seat=1)
    sc.char("gunner", (0, 0), seat=1)
    sc.turn(SCAVENGE, seat=1)
    sc.do(AttackLocation((0, 0)))
    assert sc.st.places[(0, 0)].siege == ((1, 1),)
    sc.char("prince", (0, 0))
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 0)))
    assert sc.st.places[(0, 0)].siege == ()
    assert next(p for p in view(sc.st, 1).places if p.cell == (0, 0)).siege == ()
