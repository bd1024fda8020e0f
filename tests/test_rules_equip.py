"""The Equip phase (rulebook, Equip Phase; Rules for Enhancements, Global Effects)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (Declare, Drop, EndPhase, Fight, Move, PlayCard, Transfer, UseCard,
                                 UseEquipment)
from game.engine.events import CardDiscarded, CardPlayed, EquipmentUsed
from game.engine.state import DISCARD, EQUIP, MOVE, OffField

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
    # Said with the rulebook's capital (the window showed "only one equipment").
    assert "only one Equipment may be played" in sc.refused(PlayCard(b))


def test_one_global_effect_per_turn():
    sc = scene()
    hero = sc.char("hero", (0, 0))
    a, b = sc.hand(0, "rally", "cheer")
    sc.turn(EQUIP)
    sc.do(PlayCard(a))
    assert [o.card for o in sc.st.off_field] == [a]
    assert total(sc.st, sc.unit(hero), "movement") == 3  # all of the player's Characters
    sc.refused(PlayCard(b), "only one global effect")


def test_a_card_played_into_the_haven_or_off_field_is_not_played_on_a_character():
    """A Character or Equipment enters play in its player's Haven, a Global Effect Off
    Field (Rules for Characters, Equipment, Global Effects): one dropped on a Character
    was refused as "'PlayCard(1, 0)' is not possible now (equip phase of seat 0)"."""
    sc = scene()
    hero = sc.char("hero", (1, 0))
    a, b, c = sc.hand(0, "rookie", "sword", "rally")
    sc.turn(EQUIP)
    assert sc.refused(PlayCard(a, hero)) == f"c{a} is played into your Haven, not on a Character"
    assert sc.refused(PlayCard(b, hero)) == f"c{b} is played into your Haven, not on a Character"
    assert sc.refused(PlayCard(c, hero)) == f"c{c} is played Off Field, not on a Character"


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


# Rules for Equipment --------------------------------------------------------------------
GEAR = CARDS + """\
- {id: pilot, name: Pilot, type: character, gender: male, skills: {Pilot: 1},
   abilities: {attack: 3, defense: 3, movement: 3, charm: 1, energy: 2},
   effects: [{"on": use, do: [{draw: 1, to: player}]}]}
- {id: grounded, name: Grounded, type: character, gender: male, skills: {Pilot: 1},
   abilities: {attack: 3, defense: 3, movement: 3, charm: 1, energy: 0}}
- {id: walker, name: Walker, type: equipment, categories: [Vehicle], abilities: {defense: 6},
   requires: {skills: {Pilot: 1}}, bonuses: {attack: "+3", defense: "+2"},
   costs: {energy: "-1"}}
- {id: kotatsu, name: Kotatsu, type: equipment, bonuses: {defense: "+3", movement: "-1"}}
- {id: scooter, name: Scooter, type: equipment, bonuses: {movement: "+1"}}
- {id: cannon, name: Cannon, type: equipment, bonuses: {attack: "+3", movement: "-1"}}
- {id: wards, name: Wards, type: equipment, bonuses: {defense: "+1"}}
- {id: skates, name: Skates, type: equipment, bonuses: {movement: "+2"}}
- {id: lantern, name: Lantern, type: equipment, costs: {energy: "-1"}}
- {id: burst, name: Burst, type: flash_effect,
   effects: [{"on": play, target: {select: character, owner: you}, cost: {energy: 2},
              do: [{modify: {attack: "+3"}, to: target}]}]}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 12, defense: 9, movement: 1}}
- {id: fort, name: Fort, type: location, abilities: {attack: 9},
   requires: {skills: {Stealth: 1}}}
- {id: jab, name: Jab, type: disaster, class: major, abilities: {attack: 9, defense: 9, movement: 1}}
"""


def gear(seats: int = 1) -> Scene:
    sc = Scene(GEAR, seats=seats)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    sc.combat_pile(0, *["blank"] * 8)
    return sc


def test_rules_for_equipment_the_user_must_pay_the_cost():
    """Rules for Equipment: "If an Equipment has a cost or requirement, the Character
    using the Equipment must pay the cost or meet the requirement." A Walker costs 1
    Energy: a Pilot with none cannot use it, and gets nothing from it."""
    sc = gear()
    broke = sc.char("grounded", (0, 0), equipment=["walker"])
    walker, = sc.unit(broke).equipment
    sc.turn(MOVE)
    assert UseEquipment(walker, broke) not in sc.legal()
    sc.refused(UseEquipment(walker, broke), "cost")
    assert total(sc.st, sc.unit(broke), "attack") == 3
    p = sc.char("pilot", (0, 0), equipment=["walker"])
    walker2, = sc.unit(p).equipment
    ev = sc.do(UseEquipment(walker2, p))
    assert of(ev, EquipmentUsed) == [{"by": p, "card": walker2, "cost": 1}]
    assert [total(sc.st, sc.unit(p), a) for a in ("attack", "defense", "energy")] == [6, 5, 1]


def test_rules_for_equipment_a_piece_gives_nothing_until_put_to_use():
    """The player chooses "any Equipment they will use" (Combat with Disasters): a piece
    carried but not chosen gives no bonus, no drawback, and its cost is not paid."""
    sc = gear()
    p = sc.char("pilot", (0, 0), equipment=["walker", "kotatsu"])
    sc.turn(MOVE)
    assert [total(sc.st, sc.unit(p), a) for a in ("attack", "defense", "movement", "energy")] \
        == [3, 3, 3, 2]


def test_rules_for_equipment_one_piece_per_ability_per_turn_a_drawback_is_no_bonus():
    """Rules for Equipment: "A Character cannot use more than 1 piece Equipment to give
    a bonus to the same ability per Turn even if that Equipment gives a bonus to another
    ability." Kotatsu (+3 Defense, -1 Movement) in use is the Character's Defense piece:
    no Wards (+1 Defense) with it, even dropped. Its -1 Movement is a drawback, not a
    bonus: the Scooter (+1 Movement) and the Cannon (+3 Attack, -1 Movement) may be used
    beside it, every drawback coming with its piece (the engine had taken the Kotatsu
    for the Movement piece too and refused both)."""
    sc = gear()
    h = sc.char("hero", (0, 0), equipment=["kotatsu", "scooter", "cannon", "wards", "skates"])
    kotatsu, scooter, cannon, wards, skates = sc.unit(h).equipment
    sc.turn(MOVE)
    sc.do(UseEquipment(kotatsu, h))
    assert (total(sc.st, sc.unit(h), "defense"), total(sc.st, sc.unit(h), "movement")) == (6, 1)
    sc.refused(UseEquipment(wards, h), "defense")
    sc.do(UseEquipment(scooter, h), UseEquipment(cannon, h))
    assert [total(sc.st, sc.unit(h), a) for a in ("attack", "defense", "movement")] == [6, 6, 1]
    # Dropped, the Kotatsu still was this Turn's piece for Defense.
    sc.do(Drop(kotatsu, h))
    assert UseEquipment(wards, h) not in sc.legal()
    # A bonus still bars a second: the Scooter is this Turn's Movement piece.
    sc.refused(UseEquipment(skates, h), "movement")
    # The next Turn the choice is new: the Wards may give Defense.
    sc.until(MOVE)
    sc.do(UseEquipment(wards, h))
    assert total(sc.st, sc.unit(h), "defense") == 4


def test_rules_for_equipment_a_piece_is_put_to_use_once_a_turn_bonus_or_not():
    """Rules for Equipment: a piece is put to use for the Turn and its cost "must" be paid
    then; it is not put to use again that Turn. A Lantern gives no bonus (so the
    one-piece-per-ability rule never bars it) and costs 1 Energy: used once, the second
    use is refused and the cost is paid once (s45a: dropping the 'in use already'
    check passed every test)."""
    sc = gear()
    p = sc.char("pilot", (0, 0), equipment=["lantern"])
    lantern, = sc.unit(p).equipment
    sc.turn(MOVE)
    sc.do(UseEquipment(lantern, p))
    assert total(sc.st, sc.unit(p), "energy") == 1
    assert UseEquipment(lantern, p) not in sc.legal()
    sc.refused(UseEquipment(lantern, p), "in use already")
    assert total(sc.st, sc.unit(p), "energy") == 1


def test_rules_for_equipment_its_own_defense_is_health_not_restored():
    """Rules for Equipment: "When an Equipment has its own Defense, not one that modifies
    Defense, treat it as having Health. Health is not automatically restored at the end
    of the turn. When Health = 0, Discard." The Walker in use takes the Damage its pilot
    is dealt: a Location's Attack 9 against Defense 5 is 4, Health 6 -> 2; the pilot is
    unhurt, and the Walker is still at 2 a Turn later."""
    sc = gear()
    sc.location((0, 1), "fort")
    p = sc.char("pilot", (0, 0), equipment=["walker"])
    walker, = sc.unit(p).equipment
    sc.turn(MOVE)
    sc.do(UseEquipment(walker, p), Move((p,), (0, 1)))
    assert sc.st.wear == {walker: 4} and sc.unit(p).damage == 0
    sc.until(MOVE)
    assert sc.st.wear == {walker: 4} and walker in sc.unit(p).equipment


def test_rules_for_equipment_a_vehicle_out_of_health_is_discarded_its_rider_takes_1():
    """Rules for Equipment: "When Health = 0, Discard." and "Any Character that is in a
    Vehicle when it runs out of Health takes 1 Damage to their Health." 12 against
    Defense 5 is 7: the Walker (Health 6) is Discarded, the pilot takes 1."""
    sc = gear()
    p = sc.char("pilot", (0, 0), equipment=["walker"])
    walker, = sc.unit(p).equipment
    brute = sc.disaster("brute", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(UseEquipment(walker, p), Fight(brute), Declare(p, "none"))
    assert walker in sc.st.seats[0].discard and sc.unit(p).equipment == []
    assert {"card": walker, "seat": 0, "why": "out of Health"} in of(ev, CardDiscarded)
    assert sc.unit(p).damage == 1 and walker not in sc.st.wear


def test_rules_for_equipment_characters_in_vehicles_cannot_use_special_abilities():
    """Rules for Equipment: "Characters in Vehicles cannot use their special abilities." """
    sc = gear()
    p = sc.char("pilot", (0, 0), equipment=["walker"])
    walker, = sc.unit(p).equipment
    sc.turn(MOVE)
    assert any(isinstance(a, UseCard) and a.card == p for a in sc.legal())
    sc.do(UseEquipment(walker, p))
    assert not any(isinstance(a, UseCard) and a.card == p for a in sc.legal())


def vehicle_ready() -> tuple:
    """A pilot in its Walker and a mate by the Jab: (scene, pilot, mate, Jab)."""
    sc = gear()
    p = sc.char("pilot", (0, 0), equipment=["walker"])
    mate = sc.char("hero", (0, 0))
    walker, = sc.unit(p).equipment
    jab = sc.disaster("jab", (0, 0))
    sc.turn(MOVE)
    sc.do(UseEquipment(walker, p))
    return sc, p, mate, jab


def vehicle_fight() -> tuple:
    """A pilot in its Walker and a mate fight the Jab: (scene, pilot, mate)."""
    sc, p, mate, jab = vehicle_ready()
    sc.do(Fight(jab))
    return sc, p, mate


def test_rules_for_equipment_a_vehicle_in_combat_keeps_the_rest_of_the_group_out():
    """Rules for Equipment: "If a Vehicle is used in Combat, other Characters in the
    group cannot engage in Combat until the Vehicle stops." They still defend and may
    Run Away (guidelines 1.1, 1.2)."""
    sc, p, mate = vehicle_fight()
    seen = {}
    while sc.st.combat is not None and sc.st.combat.to_declare:
        char = sc.st.combat.to_declare[0]
        seen[char] = {a.role for a in sc.legal() if isinstance(a, Declare)}
        sc.do(Declare(char, "none"))
    assert seen[mate] == {"none"} and "attack" in seen[p]


def test_rules_for_equipment_every_view_says_whom_a_vehicle_keeps_out():
    """Rules for Equipment, guidelines 1.1: whom a Vehicle in the Combat or No Action
    keeps from attacking and protecting is open on the table, so every view says it
    (the combat panels dim their roles from it, not from a rule of their own). Only in a
    Combat, and only a piece in use, its requirement met, keeps anyone out."""
    from game.engine.state import Lasting
    from game.engine.view import view
    BOTH = ("attack", "protect")
    sc, p, mate, jab = vehicle_ready()
    walker, = sc.unit(p).equipment
    assert view(sc.st, 0).barred == ()  # no Combat under way
    sc.do(Fight(jab))
    assert view(sc.st, 0).barred == ((mate, BOTH, "vehicle", walker),)
    sc.st.add_lasting(Lasting(jab, p, 0, flags=("no_action",), until="turn"))
    assert view(sc.st, 0).barred == ((p, BOTH, "no_action", -1), (mate, BOTH, "vehicle", walker))
    # A Walker "in use" by one without the Pilot skill it requires is not in use.
    sc = gear()
    rider = sc.char("hero", (0, 0), equipment=["walker"])
    pilot = sc.char("pilot", (0, 0))
    sc.unit(rider).using.extend(sc.unit(rider).equipment)
    jab = sc.disaster("jab", (0, 0))
    sc.turn(MOVE)
    sc.do(Fight(jab))
    assert view(sc.st, 0).barred == ()
    while sc.st.combat.to_declare[0] != pilot:
        sc.do(Declare(sc.st.combat.to_declare[0], "none"))
    assert Declare(pilot, "attack") in sc.legal()


# Rules for Enhancements, Global Effects, Items ------------------------------------------
UPKEEP = GEAR + """\
- {id: spirit-up, name: Spirit Up, type: enhancement, bonuses: {attack: "+1"},
   costs: {energy: "-2"}}
- {id: seconds, name: Seconds, type: enhancement, bonuses: {energy: "+2"}}
- {id: quiz, name: Quiz, type: disaster, class: minor, endure: {modifiers: {energy: "-1"}}}
- {id: magic-user, name: Magic User, type: character, gender: female, skills: {Magic: 1},
   abilities: {attack: 3, defense: 3, movement: 3, charm: 1, energy: 2}}
- {id: glob, name: Glob, type: global_effect, requires: {skills: {Magic: 1}},
   costs: {energy: "-1"}, bonuses: {attack: "+2"}}
- {id: lucky-charm, name: Lucky Charm, type: item, bonuses: {attack: "+2"}}
- {id: magic-wand, name: Magic Wand, type: item, requires: {skills: {Magic: 1}},
   bonuses: {attack: "+2"}}
"""


def test_rules_for_enhancements_the_cost_is_held_while_kept():
    """Rules for Enhancements: "If an Enhancement has a cost, it is paid as long as the
    Character has the Enhancement." The 2 Energy Spirit Up holds cannot be spent again:
    a 2-Energy Flash Effect is not playable on its host."""
    sc = Scene(UPKEEP)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0), enhancements=["spirit-up"])
    burst, = sc.hand(0, "burst")
    sc.turn(MOVE)
    assert total(sc.st, sc.unit(h), "energy") == 0
    assert total(sc.st, sc.unit(h), "attack") == 4
    assert PlayCard(burst, h) not in sc.legal()


def test_rules_for_enhancements_turned_over_when_the_current_energy_cannot_pay():
    """Rules for Enhancements: "If the cost becomes unpayable, the Enhancement cannot be
    used. Turn the card over." An Energy malus (an endured Disaster) leaves Energy 1
    against a cost of 2: Spirit Up is turned over, and gives nothing."""
    sc = Scene(UPKEEP)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0), enhancements=["spirit-up"])
    sc.st.off_field.append(OffField(sc.card("quiz"), 0, (h,), 2))
    sc.turn(MOVE)
    assert total(sc.st, sc.unit(h), "attack") == 3
    assert total(sc.st, sc.unit(h), "energy") == 1  # nothing held by a turned-over card


def test_rules_for_enhancements_a_cost_is_met_out_of_the_current_energy():
    """Rules for Enhancements: "If an Enhancement has a cost, it must be met in order to
    play the Enhancement." Energy 1 with Seconds (+2 Energy) meets a cost of 2."""
    sc = Scene(UPKEEP)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    r = sc.char("rookie", (1, 0), enhancements=["seconds"])  # Energy 1 + 2
    spirit, = sc.hand(0, "spirit-up")
    sc.turn(EQUIP)
    sc.do(PlayCard(spirit, r))
    assert total(sc.st, sc.unit(r), "attack") == 3 and total(sc.st, sc.unit(r), "energy") == 1


def test_rules_for_global_effects_requirement_and_cost_apply_to_the_beneficiary():
    """Rules for Global Effects: "If a Global Effect has a cost or requirement, the
    Character using the Global Effect must pay the cost or meet the requirement"; and
    guideline 6: "a non-Disaster card's costs only apply to the card's beneficiary." Glob
    (Magic; 1 Energy; +2 Attack) gives nothing to a Character without Magic, and costs it
    nothing; a Magic user pays 1 Energy for +2 Attack."""
    sc = Scene(UPKEEP)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    h = sc.char("hero", (1, 0))
    m = sc.char("magic-user", (1, 0))
    glob, = sc.hand(0, "glob")
    sc.turn(EQUIP)
    sc.do(PlayCard(glob))
    assert (total(sc.st, sc.unit(h), "attack"), total(sc.st, sc.unit(h), "energy")) == (3, 2)
    assert (total(sc.st, sc.unit(m), "attack"), total(sc.st, sc.unit(m), "energy")) == (5, 1)


def test_rules_for_items_a_modifier_modifies_the_users_ability():
    """Rules for Items: "If an Item has a modifier before an ability ... it modifies that
    ability", for a holder that meets its requirement ("A Character does not need to ...
    meet a requirement to carry an Item, only to use an Item")."""
    sc = Scene(UPKEEP)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0), items=["lucky-charm", "magic-wand"])
    m = sc.char("magic-user", (0, 0), items=["magic-wand"])
    assert total(sc.st, sc.unit(h), "attack") == 5
    assert total(sc.st, sc.unit(m), "attack") == 5


def test_equip_phase_an_enhancement_goes_on_a_character_in_your_own_haven():
    """Equip Phase: "You may play 1 Enhancement on a Character in your Haven." A
    Character staying as a guest in another player's Haven (Rules for Havens, R36) is
    not in your Haven."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    sc.haven((2, 0), seat=1)
    home = sc.char("hero", (1, 0))
    guest = sc.char("hero", (2, 0))
    a, = sc.hand(0, "training")
    sc.turn(EQUIP)
    assert PlayCard(a, home) in sc.legal()
    assert PlayCard(a, guest) not in sc.legal()
    sc.refused(PlayCard(a, guest), "in your Haven")


# A bare ability replaces (Rules for Enhancements, Equipment, Flash Effects, Global Effects)
BARE = CARDS + """\
- {id: giant, name: Giant Form, type: enhancement, bonuses: {attack: "6"}}
- {id: skates, name: Skates, type: equipment, bonuses: {movement: "4"}}
- {id: halve, name: Halve, type: enhancement, bonuses: {attack: "/2"}}
- {id: glamour, name: Glamour, type: global_effect, bonuses: {charm: "4"}}
- id: scream
  name: Scream
  type: flash_effect
  effects: [{"on": play, target: {select: character}, do: [{modify: {attack: "x2"}, to: target, for: turn}]}]
- id: freeze
  name: Freeze
  type: flash_effect
  effects: [{"on": play, target: {select: character}, do: [{modify: {movement: "0"}, to: target}]}]
"""


def test_rules_for_enhancements_a_bare_ability_replaces_the_characters():
    """Rules for Enhancements: "If there is no modifier, the Enhancement's ability replaces
    the Character's." Giant Form's bare 6 replaces Hero's Attack 3; a +1 on top still adds
    (replacements first, card-format.md); "/2" modifies: 3 / 2 rounds down to 1."""
    sc = Scene(BARE)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0), enhancements=["giant"])
    assert total(sc.st, sc.unit(h), "attack") == 6
    both = sc.char("hero", (0, 0), enhancements=["giant", "training"])
    assert total(sc.st, sc.unit(both), "attack") == 7
    half = sc.char("hero", (0, 0), enhancements=["halve"])
    assert total(sc.st, sc.unit(half), "attack") == 1


def test_rules_for_equipment_a_bare_ability_replaces_once_put_to_use():
    """Rules for Equipment: "If there is no modifier, the Equipment's ability replaces the
    Character's." Skates (Movement 4) carried change nothing; in use, Rookie's Movement 2
    is 4, and Rally (+1 Movement, a Global Effect) adds to the replaced value: 5."""
    sc = Scene(BARE)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    r = sc.char("rookie", (1, 0), equipment=["skates"])
    skates, = sc.unit(r).equipment
    rally, = sc.hand(0, "rally")
    sc.turn(EQUIP)
    assert total(sc.st, sc.unit(r), "movement") == 2
    sc.do(PlayCard(rally))
    assert total(sc.st, sc.unit(r), "movement") == 3
    sc.do(EndPhase())
    sc.do(UseEquipment(skates, r))
    assert total(sc.st, sc.unit(r), "movement") == 5


def test_rules_for_global_effects_all_of_your_characters_and_a_bare_ability_replaces():
    """Rules for Global Effects: "Unless stated otherwise, they affect all of your
    Characters", and "If there is no modifier, the Global Effect's ability replaces the
    Character's": Glamour's bare Charm 4 is every Charm of its player's Characters, on
    the Field and in the Haven alike (the sentence names no place), and no opponent's."""
    sc = Scene(BARE, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    mine = [sc.char("hero", (0, 0)), sc.char("rookie", (1, 0))]
    theirs = sc.char("hero", (0, 0), seat=1)
    glamour, = sc.hand(0, "glamour")
    sc.turn(EQUIP)
    sc.do(PlayCard(glamour))
    assert [total(sc.st, sc.unit(u), "charm") for u in mine] == [4, 4]
    assert total(sc.st, sc.unit(theirs), "charm") == 1


def test_rules_for_flash_effects_a_bare_ability_replaces_the_characters():
    """Rules for Flash Effects: "If there is no modifier, the Flash Effect's ability
    replaces the Character's." Freeze's bare Movement 0 leaves Hero (Movement 2) no move."""
    sc = Scene(BARE)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    freeze, = sc.hand(0, "freeze")
    sc.turn(MOVE)
    assert Move((h,), (1, 0)) in sc.legal()
    sc.do(PlayCard(freeze, h))
    assert total(sc.st, sc.unit(h), "movement") == 0
    assert Move((h,), (1, 0)) not in sc.legal()


def test_rules_for_equipment_a_piece_handed_on_is_the_givers_piece_for_the_turn():
    """Rules for Equipment, "cannot use more than 1 piece Equipment to give a bonus to the
    same ability per Turn", with guideline 2.7's Transfer: a Sword put to use and handed
    on gives its giver nothing more, and the giver takes up no other Attack piece that
    Turn; the taker, who used none, may put it to use. A requirement is the user's:
    a Walker (Pilot) is refused to Hero, who has no Pilot skill."""
    sc = gear()
    h = sc.char("hero", (0, 0), equipment=["sword", "cannon", "walker"])
    r = sc.char("rookie", (0, 0))
    sword, cannon, walker = sc.unit(h).equipment
    sc.turn(MOVE)
    sc.refused(UseEquipment(walker, h), "requirement")
    sc.do(UseEquipment(sword, h))
    assert total(sc.st, sc.unit(h), "attack") == 4
    sc.do(Transfer(sword, h, r))
    assert total(sc.st, sc.unit(h), "attack") == 3
    sc.refused(UseEquipment(cannon, h), "attack")
    assert UseEquipment(sword, r) in sc.legal()
    sc.do(UseEquipment(sword, r))
    assert total(sc.st, sc.unit(r), "attack") == 3


def test_rules_for_flash_effects_a_multiplier_modifies_the_total_guideline_1_3():
    """Rules for Flash Effects: "If a Flash Effect has a modifier before an ability (...
    multiply (x) ...), it modifies that ability", and guideline 1.3: "Unless explicitly
    stated otherwise, 'Attack,' 'Defense,' etc. refer to Total Attack". Scream doubles
    Hero's Attack: 3, +1 (Training), +1 (a Sword in use) is 5, doubled 10 (not 3 x 2 + 2)."""
    sc = Scene(BARE)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0), equipment=["sword"], enhancements=["training"])
    sword, = sc.unit(h).equipment
    scream, = sc.hand(0, "scream")
    sc.turn(MOVE)
    sc.do(UseEquipment(sword, h))
    assert total(sc.st, sc.unit(h), "attack") == 5
    sc.do(PlayCard(scream, h))
    assert total(sc.st, sc.unit(h), "attack") == 10
