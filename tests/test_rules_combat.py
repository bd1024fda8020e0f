"""Rules of Physical Combat with a Disaster (rulebook, Combat; R9, R10, R11, R22, R27, R28)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scene import Scene, of

from game.engine.actions import (Challenge, Declare, EndPhase, Engage, Fight, Move, PlayCard, RunAway,
                                 RunTo, UseEquipment)
from game.engine.events import (ALL_SEE, Bonked, CombatBegan, CombatCard, CombatEnded, CombatHit, CombatTarget, DisasterDefeated, ItemDropped, ItemStolen, ItemTaken, Killed, LocationAttacks, Moved, RanAway)
from game.engine import maintenance, view
from game.engine.disasters import ally
from game.engine.options import Options
from game.engine.physical import planned_hit
from game.engine.state import DISCARD, MOVE, Lasting
from game.ui.table.words import event_text

# The stats the rulebook's example "Combat with a Disaster" implies: Health is base
# Defense (Basic Terms), Ryoko's Defense 4 is added to Akane's when she protects.
CARDS = """\
- {id: ryoko, name: Ryoko, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 3}}
- {id: armitage, name: Naomi Armitage, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 5, energy: 2}}
- {id: akane, name: Akane Tendo, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 2},
   skills: {Martial Arts: 2, Cooking: -1}}
- {id: launch, name: Launch (Bad), type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 5, energy: 1}}
- {id: dracula, name: Dracula, type: disaster, class: major,
   abilities: {attack: 6, defense: 5, movement: 2}}
- {id: barbells, name: Barbells, type: item}
- {id: assault, name: Assault, type: combat,
   physical: {own: {attack: "+2"}}, charm: {}}
- {id: spiked, name: Spiked, type: combat,
   physical: {own: {defense: "-2"}}, charm: {}}
- {id: crush, name: Crush, type: combat,
   physical: {own: {attack: "+6"}}, charm: {}}
- {id: fumble, name: Fumble, type: combat,
   physical: {own: {attack: "-9"}}, charm: {}}
- {id: exposed, name: Exposed, type: combat,
   physical: {own: {defense: "-9"}}, charm: {}}
- {id: sand, name: Sand in the Eyes, type: combat,
   physical: {opponent: {attack: "-2"}}, charm: {}}
- {id: k1, name: K1, type: combat, physical: {}, charm: {}}
- {id: k2, name: K2, type: combat, physical: {}, charm: {}}
- {id: k3, name: K3, type: combat, physical: {}, charm: {}}
- {id: k4, name: K4, type: combat, physical: {}, charm: {}}
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: tank, name: Tank, type: character, gender: male,
   abilities: {attack: 0, defense: 10, movement: 2, charm: 1, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: wall, name: Wall, type: disaster, class: major,
   abilities: {attack: 3, defense: 30, movement: 1}}
- {id: ring, name: Ring, type: item}
- {id: charm-item, name: Charm, type: item}
- {id: blessing, name: Blessing, type: enhancement, bonuses: {attack: "+1"}}
- {id: shield, name: Shield, type: equipment, bonuses: {defense: "+1"}}
"""


def dracula_scene():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["barbells"])  # something left to Scavenge keeps the game going
    sc.location((1, 0))
    # Instance order is declaration order: Akane, Armitage, Launch, Ryoko.
    akane = sc.char("akane", (0, 0), items=["barbells"])
    armitage = sc.char("armitage", (0, 0))
    launch = sc.char("launch", (0, 0))
    ryoko = sc.char("ryoko", (0, 0))
    dracula = sc.disaster("dracula", (0, 0))
    # "a Combat card for the Disaster, and a card for each Character being attacked, in
    # that order": Dracula's and Akane's, nothing more.
    cards = sc.combat_pile(0, "assault", "spiked")
    sc.turn(MOVE)
    return sc, akane, armitage, launch, ryoko, dracula, cards


def test_golden_combat_with_a_disaster_dracula():
    """Rulebook, Combat with a Disaster: every number of the worked example."""
    sc, akane, armitage, launch, ryoko, dracula, cards = dracula_scene()
    ev = sc.do(Fight(dracula))
    # "Akane has an Item, Barbells, so Dracula will attack her."
    assert of(ev, CombatTarget)[0]["target"] == akane
    ev = sc.do(Declare(akane, "attack"), Declare(armitage, "attack"),
               Declare(launch, "attack"), Declare(ryoko, "protect"))
    drawn = [(e["fighter"], e["card"]) for e in of(ev, CombatCard)]
    assert drawn == [(dracula, cards[0]), (akane, cards[1])]
    assert sc.st.seats[0].combat == []  # the pile held exactly the example's two cards
    on_dracula, on_akane = of(ev, CombatHit)
    # Armitage (4) + Launch (3) + Akane (4) = 11 Attack; Dracula's Defense is 5.
    assert on_dracula["target"] == dracula
    assert sorted(on_dracula["attackers"]) == sorted([akane, armitage, launch])
    assert (on_dracula["attack"], on_dracula["defense"], on_dracula["damage"]) == (11, 5, 6)
    # 5 Health - 6 Damage = -1 Health, Dracula is Defeated.
    assert (on_dracula["health_before"], on_dracula["health_after"]) == (5, -1)
    assert on_dracula["result"] == "defeated"
    # Dracula's Attack is (6 + 2) = 8; Akane's Defense is (4 - 2 + 4) = 6; 2 Damage.
    assert on_akane["target"] == akane
    assert (on_akane["attack"], on_akane["defense"], on_akane["damage"]) == (8, 6, 2)
    # 4 Health - 2 Damage = 2 Health, Akane survives.
    assert (on_akane["health_before"], on_akane["health_after"]) == (4, 2)
    assert on_akane["result"] == "ok"
    # 2 Damage / 2 = 1 Damage, Ryoko also survives.
    assert on_akane["protectors"] == [{"id": ryoko, "damage": 1}]
    assert of(ev, DisasterDefeated)[0]["card"] == dracula
    assert dracula not in sc.st.units
    assert dracula in sc.st.seats[0].discard  # Defeated Disasters are Discarded
    assert sc.st.combat is None
    # Health is restored at the end of Combat.
    assert sc.unit(akane).damage == 0 and sc.unit(ryoko).damage == 0
    assert set(sc.st.units) == {akane, armitage, launch, ryoko}


def test_combat_cards_for_the_disaster_then_the_character_it_attacks_combat_with_disasters_R22():
    """Combat with Disasters: "you will draw a Combat card for the Disaster, and a card for
    each Character being attacked, in that order" (the rulebook beats guideline 1.4's
    card per attacker, R1). An attacker nobody attacks draws none; the target draws one
    even when it does not attack."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["ring"])
    a = sc.char("hero", (0, 0))
    b = sc.char("hero", (0, 0))
    ogre = sc.disaster("wall", (0, 0), seat=1, brought_by=1)  # from seat 1's deck
    mine = sc.combat_pile(0, "k1", "k2", "k3", "k4")
    theirs = sc.combat_pile(1, "k1", "k2", "k3")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    target = sc.st.combat.target
    other = b if target == a else a
    ev = sc.do(*(Declare(x, "none" if x == target else "attack") for x in (a, b)))
    assert [(e["fighter"], e["card"]) for e in of(ev, CombatCard)] == [
        (ogre, mine[0]), (target, mine[1])]
    assert sc.st.seats[1].combat == theirs[::-1]  # untouched
    assert sc.st.seats[0].combat_discard == mine[:2]
    assert other in sc.st.units


def test_protector_takes_half_rounded_down_at_least_1_R10():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    target = sc.char("hero", (0, 0), items=["ring"])   # Defense 3, the Disaster's target
    guard = sc.char("tank", (0, 0))                     # Defense 10
    ogre = sc.disaster("ogre", (0, 0))                  # Attack 5
    sc.combat_pile(0, "crush", "blank", "blank", "blank", "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert sc.st.combat.target == target
    # Round 1: Ogre 5 + 6 = 11 Attack against 3 + 10 = 13: no Damage gets through;
    # the protector still takes 1.
    ev = sc.do(Declare(target, "none"), Declare(guard, "protect"))
    hit = of(ev, CombatHit)[0]
    assert (hit["attack"], hit["defense"], hit["damage"]) == (11, 13, 0)
    assert hit["protectors"] == [{"id": guard, "damage": 1}]
    assert sc.unit(guard).damage == 1 and sc.unit(target).damage == 0


def test_protector_takes_half_the_damage_rounded_down_R10():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    target = sc.char("hero", (0, 0), items=["ring"])   # Defense 3, Health 3
    guard = sc.char("launch", (0, 0))                   # Defense 3, Health 3
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, "crush", "blank")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    # Ogre 5 + 6 = 11 Attack - (3 + 3) Defense = 5 Damage; the protector takes 5 // 2 = 2.
    ev = sc.do(Declare(target, "none"), Declare(guard, "protect"))
    hit = of(ev, CombatHit)[0]
    assert hit["damage"] == 5
    assert hit["protectors"] == [{"id": guard, "damage": 2}]
    assert of(ev, Bonked)[0]["card"] == target  # 3 - 5 = -2: Bonked, not Killed
    assert guard in sc.st.units


def test_totals_never_go_below_zero_R10():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    hero = sc.char("hero", (0, 0), items=["ring"])  # Attack 3, Defense 3
    ogre = sc.disaster("ogre", (0, 0))               # Attack 5, Defense 3
    # The Ogre's Attack 5 - 9 is 0, not -4; the Hero's Defense 3 - 9 is 0, not -6.
    sc.combat_pile(0, "fumble", "exposed", "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    ev = sc.do(Declare(hero, "attack"))
    on_ogre, on_hero = of(ev, CombatHit)
    assert (on_hero["attack"], on_hero["defense"], on_hero["damage"]) == (0, 0, 0)
    assert (on_ogre["attack"], on_ogre["defense"], on_ogre["damage"]) == (3, 3, 0)
    assert sc.unit(hero).damage == 0


def test_damage_is_attack_minus_defense_when_defense_is_floored_R10():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    tank = sc.char("tank", (0, 0), items=["ring"])  # Defense 10, Health 10
    wall = sc.disaster("wall", (0, 0))               # Attack 3
    sc.combat_pile(0, "blank", "exposed")           # the Tank's own Defense 10 - 9 = 1
    sc.turn(MOVE)
    sc.do(Fight(wall))
    ev = sc.do(Declare(tank, "attack"))
    on_tank = of(ev, CombatHit)[1]
    assert (on_tank["attack"], on_tank["defense"], on_tank["damage"]) == (3, 1, 2)
    sc2 = Scene(CARDS)
    sc2.location((0, 0), under=["ring"])
    hero = sc2.char("hero", (0, 0), items=["ring"])  # Defense 3: 3 - 9 -> 0, not -6
    wall2 = sc2.disaster("wall", (0, 0))
    sc2.combat_pile(0, "blank", "exposed")
    sc2.turn(MOVE)
    sc2.do(Fight(wall2))
    ev = sc2.do(Declare(hero, "attack"))
    on_hero = of(ev, CombatHit)[1]
    assert (on_hero["defense"], on_hero["damage"]) == (0, 3)


def _one_hit(card: str, defender: str = "hero"):
    """The Ogre (Attack 5) with a Combat card hits a lone defender once."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    d = sc.char(defender, (0, 0), items=["charm-item"], enhancements=["blessing"],
                equipment=["shield"])
    ogre = sc.disaster("ogre", (0, 0), items=["ring"])
    sc.combat_pile(0, card, "blank")
    sc.turn(MOVE)
    # The player chooses the Equipment its Characters use (Rules for Equipment).
    sc.do(UseEquipment(sc.unit(d).equipment[0], d), Fight(ogre))
    return sc, d, ogre, sc.do(Declare(d, "none"))


def test_the_player_chooses_the_equipment_used_before_combat_cards_are_drawn():
    """Combat with Disasters: "The player then chooses which Characters will counter-strike
    or protect and any Equipment they will use, before Combat cards are drawn": a Shield
    put to use while declaring adds its Defense to the round; one left unused, nothing."""
    for use in (False, True):
        sc = Scene(CARDS)
        sc.location((0, 0), under=["ring"])
        d = sc.char("hero", (0, 0), equipment=["shield"])
        ogre = sc.disaster("ogre", (0, 0))
        sc.combat_pile(0, "blank", "blank")
        sc.turn(MOVE)
        sc.do(Fight(ogre))
        shield = sc.unit(d).equipment[0]
        assert UseEquipment(shield, d) in sc.legal()
        if use:
            sc.do(UseEquipment(shield, d))
        ev = sc.do(Declare(d, "none"))
        assert of(ev, CombatHit)[0]["defense"] == 3 + use


def test_health_zero_is_bonked_R9():
    # Ogre 5 + 2 (Assault) = 7 against Hero's 3 + 1 (Shield) = 4: 3 Damage, Health 3 -> 0.
    sc, hero, ogre, ev = _one_hit("assault")
    hit = of(ev, CombatHit)[0]
    assert (hit["damage"], hit["health_after"], hit["result"]) == (3, 0, "bonked")
    assert of(ev, Bonked)[0]["card"] == hero and not of(ev, Killed)
    s = sc.st.seats[0]
    assert hero not in sc.st.units
    assert [c for c, _ in s.set_aside] == [hero]    # out of play, not Discarded
    assert hero not in s.discard
    assert len(s.discard) == 1                      # the Enhancement is Discarded
    assert sc.game.card(s.discard[0]).id == "blessing"
    assert sc.st.combat is None                     # every Character is Bonked


def test_kill_at_minus_base_health_in_one_attack_R9():
    # Ogre 5 + 6 (Crush) = 11 against 4: 7 Damage, Health 3 -> -4 <= -3: Killed.
    sc, hero, ogre, ev = _one_hit("crush")
    hit = of(ev, CombatHit)[0]
    assert (hit["health_after"], hit["result"]) == (-4, "killed")
    assert of(ev, Killed)[0]["card"] == hero and not of(ev, Bonked)
    s = sc.st.seats[0]
    assert hero in s.discard and not s.set_aside


def test_just_short_of_minus_base_health_is_a_bonk_R9():
    # Ogre 5 + 6 (Crush) = 11 against Akane's 4 + 1 (Shield) = 5: 6 Damage,
    # Health 4 -> -2, above -4: Bonked, not Killed.
    sc, akane, ogre, ev = _one_hit("crush", defender="akane")
    hit = of(ev, CombatHit)[0]
    assert (hit["health_after"], hit["result"]) == (-2, "bonked")
    assert of(ev, Bonked) and not of(ev, Killed)


def test_disaster_that_bonks_a_character_with_an_item_takes_it_and_drops_its_own():
    """Rules for Disasters: it drops the Item it carried beneath the Location and
    takes the Item the Character had; the Character's Equipment is dropped too."""
    sc, hero, ogre, ev = _one_hit("assault")
    d = sc.unit(ogre)
    under = sc.st.places[(0, 0)].under
    kinds = sorted(sc.game.card(c).id for c in under)
    assert [sc.game.card(c).id for c in d.items] == ["charm-item"]
    assert kinds == ["ring", "ring", "shield"]  # the Location's Ring, the Ogre's, the Shield
    assert of(ev, ItemStolen) == [{"by": ogre, "victim": hero}]  # which one stays hidden
    # Both drops are told: the Ogre's Ring, then the hero's Shield.
    assert of(ev, ItemDropped) == [{"by": ogre, "cell": (0, 0)}, {"by": hero, "cell": (0, 0)}]


def test_defeated_disaster_drops_its_item_beneath_the_location():
    sc = Scene(CARDS)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0))
    imp = sc.disaster("imp", (0, 0), items=["ring"])
    ring = sc.unit(imp).items[0]
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(imp))
    ev = sc.do(Declare(hero, "attack"))
    assert of(ev, DisasterDefeated)
    assert list(sc.st.places[(0, 0)].under) == [ring]
    assert hero in sc.st.units and sc.unit(hero).items == []


def test_attackers_at_most_3_against_a_minor_disaster():
    sc = Scene(CARDS + """\
- {id: minor-wall, name: Minor Wall, type: disaster, class: minor,
   abilities: {attack: 0, defense: 30, movement: 1}}
""")
    sc.location((0, 0), under=["ring"])
    for _ in range(4):
        sc.char("tank", (0, 0))
    wall = sc.disaster("minor-wall", (0, 0))
    sc.turn(MOVE)
    sc.do(Fight(wall))
    order = list(sc.st.combat.to_declare)
    sc.do(*(Declare(c, "attack") for c in order[:3]))
    assert Declare(order[3], "attack") not in sc.legal()
    sc.refused(Declare(order[3], "attack"), "at most 3")


def test_attackers_up_to_4_against_a_major_disaster():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    for _ in range(4):
        sc.char("tank", (0, 0))
    wall = sc.disaster("wall", (0, 0))  # Major
    sc.combat_pile(0, *["blank"] * 5)
    sc.turn(MOVE)
    sc.do(Fight(wall))
    order = list(sc.st.combat.to_declare)
    ev = sc.do(*(Declare(c, "attack") for c in order))
    assert sorted(of(ev, CombatHit)[0]["attackers"]) == sorted(order)


def test_at_most_two_protectors_and_target_cannot_protect_R28():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    target = sc.char("tank", (0, 0), items=["ring"])
    others = [sc.char("tank", (0, 0)) for _ in range(3)]
    wall = sc.disaster("wall", (0, 0))
    sc.turn(MOVE)
    sc.do(Fight(wall))
    assert sc.st.combat.target == target
    sc.refused(Declare(target, "protect"), "cannot protect itself")
    sc.do(Declare(target, "none"), Declare(others[0], "protect"), Declare(others[1], "protect"))
    sc.refused(Declare(others[2], "protect"), "at most 2")


def run_away_scene():
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0), items=["ring"])  # Defense 3, Health 3
    guard = sc.char("tank", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))               # Attack 5
    pile = sc.combat_pile(0, "k1", "k2")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert sc.st.combat.target == hero
    return sc, hero, guard, ogre, pile


def test_run_away_is_said_at_the_beginning_of_a_round_R27():
    sc, hero, guard, ogre, pile = run_away_scene()
    sc.do(Declare(hero, "none"))
    sc.refused(RunAway(), "beginning of a round")


def test_run_away_final_unanswered_attack_then_move_and_end_turn_R27():
    sc, hero, guard, ogre, pile = run_away_scene()
    ev = sc.do(RunAway())
    assert of(ev, RanAway)
    hits = of(ev, CombatHit)
    # One unanswered attack on the target, a Combat card drawn for the Disaster and one
    # for the Character it attacks ("in that order"), and no protector.
    assert len(hits) == 1 and hits[0]["target"] == hero and hits[0]["protectors"] == []
    assert (hits[0]["attack"], hits[0]["defense"], hits[0]["damage"]) == (5, 3, 2)
    assert sc.unit(ogre).damage == 0
    assert [(e["fighter"], e["card"]) for e in of(ev, CombatCard)] == [(ogre, pile[0]),
                                                                       (hero, pile[1])]
    assert sc.st.seats[0].combat == [] and sc.st.seats[0].combat_discard == pile
    sc.refused(EndPhase())  # the group must first choose where it runs to
    assert RunTo((1, 0)) in sc.legal()
    ev = sc.do(RunTo((1, 0)))
    assert sc.unit(hero).pos == (1, 0) and sc.unit(guard).pos == (1, 0)
    assert sc.unit(hero).damage == 0  # Health restored when Combat ends
    assert of(ev, CombatEnded)
    # "This will end your Turn."
    assert sc.st.turn_seat == 1 and sc.st.phase == DISCARD


@pytest.mark.parametrize("there", ["haven", "location"])
def test_only_the_characters_that_run_away_are_said_to_move_R27(there):
    """"Move any remaining Characters 1 Location": the group that was in the Combat. The
    Moved event named a Character of the same player already where they ran to (in its
    Haven), and the log said it moved with them."""
    sc, hero, guard, ogre, pile = run_away_scene()
    if there == "haven":
        sc.haven((1, 0))
    waiting = sc.char("ryoko", (1, 0))
    sc.do(RunAway())
    ev = sc.do(RunTo((1, 0)))
    assert [e["chars"] for e in of(ev, Moved)] == [[hero, guard]]
    assert sc.unit(waiting).pos == (1, 0)


def test_combat_continues_through_rounds_in_which_nobody_is_hurt_combat_with_disasters():
    """Combat with Disasters: "Combat continues until: 1. The Disaster flees (most don't).
    2. The Disaster is Defeated. 3. All Characters are Bonked or Killed. 4. The
    Characters Run Away." Rounds without Damage end nothing (R41 is withdrawn): a group
    that cannot hurt the Disaster leaves by Running Away, when its player says so."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    tank = sc.char("tank", (0, 0))   # Attack 0, Defense 10
    wall = sc.disaster("wall", (0, 0))  # Attack 3, Defense 30
    sc.combat_pile(0, *["k1", "k2", "k3", "k4"] * 3)
    sc.turn(MOVE)
    sc.do(Fight(wall))
    for _ in range(5):
        ev = sc.do(Declare(tank, "attack"))
        assert [h["damage"] for h in of(ev, CombatHit)] == [0, 0]
        assert not of(ev, RanAway) and not of(ev, CombatEnded)
    assert sc.st.combat.round == 6 and RunAway() in sc.legal()
    ev = sc.do(RunAway())
    assert of(ev, RanAway) == [{"seat": 0, "cell": (0, 0)}]
    line, _ = event_text(next(e for e in ev if isinstance(e, RanAway)), str, "P{}".format)
    assert line == "P0 Runs Away!"  # the final attack is said on its hit (test_ui_log_words)
    ev = sc.do(RunTo((1, 0)))
    assert of(ev, CombatEnded) and sc.unit(tank).pos == (1, 0) and wall in sc.st.units
    assert sc.st.turn_seat == 1  # Running Away ends the Turn


def test_health_is_restored_after_combat():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    akane = sc.char("akane", (0, 0), items=["ring"])  # Attack 4, Defense 4
    imp = sc.disaster("ogre", (0, 0))                  # Attack 5 -> 1 Damage a round
    sc.combat_pile(0, "blank", "blank", "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(imp))
    ev = sc.do(Declare(akane, "attack"))  # 4 vs Defense 3: Ogre 3 -> 2; Akane 4 -> 3
    assert sc.unit(akane).damage == 1 and sc.st.combat is not None
    ev += sc.do(Declare(akane, "attack"))  # Ogre 2 -> 1
    ev += sc.do(Declare(akane, "attack"))  # Ogre 1 -> 0: Defeated
    assert of(ev, DisasterDefeated)
    assert sc.st.combat is None
    assert sc.unit(akane).damage == 0


def test_combat_continues_until_every_character_is_bonked():
    """Combat with Disasters: Combat continues until ... all Characters are Bonked."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    hero = sc.char("hero", (0, 0), items=["ring"])  # Defense 3, Health 3
    wall = sc.disaster("wall", (0, 0))               # Attack 3, Defense 30
    sc.combat_pile(0, "assault", "blank", "assault", "blank")
    sc.turn(MOVE)
    ev = sc.do(Fight(wall))
    assert of(ev, CombatBegan)[0]["disaster"] == wall
    ev = sc.do(Declare(hero, "attack"))  # 5 - 3 = 2 Damage: Health 1
    assert not of(ev, Bonked) and sc.st.combat is not None
    assert of(ev, CombatTarget)[0]["round"] == 2
    ev = sc.do(Declare(hero, "attack"))  # Health -1: Bonked
    assert of(ev, Bonked) and sc.st.combat is None
    assert of(ev, CombatEnded)[0]["defeated"] is False
    assert sc.unit(wall).damage == 0  # the Disaster's Health is restored too
    assert [sc.game.card(c).id for c in sc.unit(wall).items] == ["ring"]


def test_disaster_attacks_in_another_players_maintenance_with_the_defenders_combat_cards_R22():
    """R22: the Combat cards for a Disaster come from the pile of the player whose group
    fights it; Running Away in another player's Turn does not end that Turn."""
    sc = Scene(CARDS, seats=2)
    sc.location((1, 0))
    sc.location((0, 0), under=["ring"])
    hero = sc.char("tank", (0, 0), seat=0, items=["ring"])   # Defense 10: survives
    sc.disaster("ogre", (1, 0), seat=1, brought_by=1)        # Movement 1: (1,0) -> (0,0)
    mine = sc.combat_pile(0, "k1", "k2")
    theirs = sc.combat_pile(1, "k3", "k4")
    sc.turn(DISCARD, seat=1)
    ev = sc.do(EndPhase())  # seat 1's Reload and Maintenance
    assert of(ev, CombatBegan)[0]["context"] == "maintenance"
    assert sc.st.combat.seat == 0 and sc.st.combat.target == hero
    ev = sc.do(Declare(hero, "attack"))
    assert [e["card"] for e in of(ev, CombatCard)] == mine
    assert sc.st.seats[1].combat == theirs[::-1]
    sc.do(RunAway(), RunTo((1, 0)))
    assert sc.st.combat is None
    assert (sc.st.turn_seat, sc.st.phase) == (1, "equip")  # seat 1's turn goes on


def test_disasters_at_a_location_attack_one_at_a_time_in_arrival_order_R23():
    from game.engine.actions import Move
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), under=["ring"])
    akane = sc.char("akane", (0, 0), items=["ring"])  # Attack 4
    first = sc.disaster("imp", (1, 0))                 # Defense 1
    second = sc.disaster("imp", (1, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    ev = sc.do(Move((akane,), (1, 0)))
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [first]
    ev = sc.do(Declare(akane, "attack"))
    assert of(ev, DisasterDefeated)[0]["card"] == first
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [second]
    ev = sc.do(Declare(akane, "attack"))
    assert sc.st.combat is None and second not in sc.st.units


@settings(max_examples=60, deadline=None)
@given(attack=st.integers(0, 15), defense=st.integers(1, 8), guard=st.integers(1, 8),
       bonus=st.integers(0, 6))
def test_damage_protection_bonk_and_kill_arithmetic_R9_R10(attack, defense, guard, bonus):
    cards = f"""\
- {{id: t, name: T, type: character, gender: male,
   abilities: {{attack: 0, defense: {defense}, movement: 1, charm: 1, energy: 1}}}}
- {{id: p, name: P, type: character, gender: male,
   abilities: {{attack: 0, defense: {guard}, movement: 1, charm: 1, energy: 1}}}}
- {{id: d, name: D, type: disaster, class: major,
   abilities: {{attack: {attack}, defense: 50, movement: 1}}}}
- {{id: up, name: Up, type: combat, physical: {{own: {{attack: "+{bonus}"}}}}, charm: {{}}}}
- {{id: loot, name: Loot, type: item}}
"""
    sc = Scene(cards)
    sc.location((0, 0), under=["loot"])
    t = sc.char("t", (0, 0), items=["loot"])
    p = sc.char("p", (0, 0))
    d = sc.disaster("d", (0, 0))
    sc.combat_pile(0, "up", "blank")
    sc.turn(MOVE)
    sc.do(Fight(d))
    ev = sc.do(Declare(t, "none"), Declare(p, "protect"))
    hit = of(ev, CombatHit)[0]
    damage = max(0, attack + bonus - (defense + guard))
    assert (hit["attack"], hit["defense"], hit["damage"]) == (attack + bonus, defense + guard,
                                                              damage)
    assert hit["protectors"] == [{"id": p, "damage": max(1, damage // 2)}]
    health = defense - damage
    expected = "killed" if health <= -defense else "bonked" if health <= 0 else "ok"
    assert hit["result"] == expected
    assert (t in sc.st.units) == (expected == "ok")
    assert (t in sc.st.seats[0].discard) == (expected == "killed")
    pg = guard - max(1, damage // 2)
    assert (p in sc.st.units) == (pg > 0)


def test_out_of_combat_cards_the_combat_discard_pile_is_shuffled_into_a_new_pile_R7():
    """Combat: "If you run out of Combat cards, shuffle the Combat Discard pile, it is
    now your Draw pile." Two cards in all, four drawn over two rounds."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    a = sc.char("tank", (0, 0))
    wall = sc.disaster("wall", (0, 0))
    cards = sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    ev = sc.do(Fight(wall), Declare(a, "attack"))
    assert sc.st.seats[0].combat == [] and sorted(sc.st.seats[0].combat_discard) == sorted(cards)
    ev = sc.do(Declare(a, "attack"))
    assert sorted(c["card"] for c in of(ev, CombatCard)) == sorted(cards)
    assert sc.st.seats[0].combat == []


def test_spent_energy_comes_back_1_point_per_round_and_all_at_the_end():
    """Combat: spent Energy is regained at 1 point per round of Combat; all expended
    Energy is restored at the end of Combat."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    a = sc.char("tank", (0, 0))
    b = sc.char("tank", (0, 0))
    wall = sc.disaster("wall", (0, 0))     # Attack 3 against Defense 10: nobody is hurt
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(Fight(wall))
    sc.unit(a).spent, sc.unit(b).spent = 3, 1
    sc.do(Declare(a, "attack"), Declare(b, "none"))     # round 2 begins
    assert (sc.unit(a).spent, sc.unit(b).spent) == (2, 0)
    sc.do(Declare(a, "attack"), Declare(b, "none"))     # round 3
    assert sc.unit(a).spent == 1
    sc.do(RunAway(), RunTo((1, 0)))
    assert sc.unit(a).spent == 0


LOCATION_CARDS = CARDS + """\
- {id: fort, name: Fort, type: location, abilities: {attack: 5},
   requires: {skills: {Stealth: 1}}}
"""


def test_a_location_with_attack_strikes_once_per_combat_round_R24():
    """Rules for Locations: if the Characters are in Combat, the Location also attacks
    once per Combat round, with no Combat cards; its Damage accrues like the Disaster's
    and a Character it Bonks loses no Item to the Disaster."""
    sc = Scene(LOCATION_CARDS)
    sc.location((0, 0), "fort", under=["ring"])
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0), items=["charm-item"])  # Defense 3, Health 3
    guard = sc.char("tank", (0, 0))                       # Defense 10
    wall = sc.disaster("wall", (0, 0))                    # Attack 3
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))  # its once-per-Turn attack was made on arrival
    sc.do(Fight(wall))
    assert sc.st.combat.target == hero  # it carries an Item
    ev = sc.do(Declare(hero, "none"), Declare(guard, "protect"))
    strikes = of(ev, LocationAttacks)
    assert sorted(s["target"] for s in strikes) == sorted([hero, guard])
    on_hero = next(s for s in strikes if s["target"] == hero)
    # The Disaster's 3 Attack does nothing through 13 Defense; the Location's 5
    # against Hero's 3 Defense is 2 Damage: 3 Health - 2 = 1.
    assert (on_hero["attack"], on_hero["defense"], on_hero["damage"]) == (5, 3, 2)
    assert (on_hero["health_before"], on_hero["health_after"]) == (3, 1)
    # The Disaster's and its target's: none for the Location ("No Combat cards are drawn").
    assert [e["fighter"] for e in of(ev, CombatCard)] == [wall, hero]
    ev = sc.do(Declare(hero, "none"), Declare(guard, "protect"))    # round 2: 1 - 2 = -1
    assert [e["card"] for e in of(ev, Bonked)] == [hero]
    assert not of(ev, ItemTaken)
    assert sc.unit(wall).items == []


def test_two_attacks_in_a_round_only_bonk_basic_terms_kill_R9():
    """Basic Terms, Kill: "The difference between 1 Health and the negative of the base
    Health must be overcome in a single attack, otherwise the Character will only be
    Bonked." The Disaster's hit takes Hero from 3 to 0 and the Location's strike from
    0 to -3 (minus its base Health): two attacks, so a Bonk, not a Kill."""
    sc = Scene(CARDS + """\
- {id: keep, name: Keep, type: location, abilities: {attack: 6},
   requires: {skills: {Stealth: 1}}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 6, defense: 30, movement: 1}}
""")
    sc.location((0, 0), "keep")
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0))                        # Defense 3, Health 3
    brute = sc.disaster("brute", (0, 0))                  # Attack 6: 3 Damage
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))  # its once-per-Turn attack was made on arrival
    ev = sc.do(Fight(brute), Declare(hero, "none"))
    hit, = of(ev, CombatHit)
    strike, = of(ev, LocationAttacks)
    assert (hit["health_before"], hit["health_after"], hit["result"]) == (3, 0, "bonked")
    assert (strike["health_before"], strike["health_after"]) == (0, -3)
    assert strike["result"] == "bonked"
    assert [e["card"] for e in of(ev, Bonked)] == [hero] and not of(ev, Killed)
    assert hero in [c for c, _ in sc.st.seats[0].set_aside]  # Bonked: back later


def test_one_attack_from_full_health_to_minus_base_kills_basic_terms_kill_R9():
    """The same Location alone, at 9 Attack against Hero's 3 Defense: 6 Damage in one
    attack, from 3 Health to -3, which Kills."""
    sc = Scene(CARDS + """\
- {id: keep, name: Keep, type: location, abilities: {attack: 9},
   requires: {skills: {Stealth: 1}}}
""")
    sc.location((0, 0))
    sc.location((1, 0), "keep")
    hero = sc.char("hero", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((hero,), (1, 0)))
    strike, = of(ev, LocationAttacks)
    assert (strike["health_before"], strike["health_after"], strike["result"]) == (3, -3, "killed")
    assert [e["card"] for e in of(ev, Killed)] == [hero]
    assert hero in sc.st.seats[0].discard


def test_no_location_strike_in_combat_when_the_group_meets_its_requirements_R24():
    sc = Scene(LOCATION_CARDS + """\
- {id: ninja, name: Ninja, type: character, gender: female, skills: {Stealth: 1},
   abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 1}}
""")
    sc.location((0, 0), "fort")
    sc.location((1, 0))
    ninja = sc.char("ninja", (0, 0))
    wall = sc.disaster("wall", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(wall))
    ev = sc.do(Declare(ninja, "attack"))
    assert not of(ev, LocationAttacks)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_random_combats_keep_the_arithmetic_and_the_limits_on_every_hit(data):
    """Combat with Disasters, Protecting, R9, R10: in random Combats played to their
    end, every hit is Attack - Defense (at least 0) off Health, each protector takes
    half of it (at least 1), at most 4 Characters attack a Major Disaster and 3 a
    Minor one, at most 2 protect, and Bonk/Kill follow Health."""
    major = data.draw(st.booleans(), "major")
    n = data.draw(st.integers(1, 6), "characters")
    stats = [data.draw(st.tuples(st.integers(0, 8), st.integers(1, 8)), f"char{i}")
             for i in range(n)]
    d_attack, d_defense = data.draw(st.tuples(st.integers(0, 12), st.integers(1, 12)), "d")
    mods = data.draw(st.lists(st.tuples(st.sampled_from(["attack", "defense"]),
                                        st.sampled_from(["+", "-"]), st.integers(0, 4)),
                              min_size=1, max_size=6), "cards")
    cards = "\n".join(
        f"- {{id: c{i}, name: C{i}, type: combat, physical: {{own: {{{a}: \"{op}{v}\"}}}}, "
        f"charm: {{}}}}" for i, (a, op, v) in enumerate(mods))
    chars = "\n".join(
        f"- {{id: h{i}, name: H{i}, type: character, gender: male, abilities: "
        f"{{attack: {atk}, defense: {dfn}, movement: 1, charm: 0, energy: 1}}}}"
        for i, (atk, dfn) in enumerate(stats))
    sc = Scene(f"""\
- {{id: foe, name: Foe, type: disaster, class: {"major" if major else "minor"},
   abilities: {{attack: {d_attack}, defense: {d_defense}, movement: 1}}}}
- {{id: loot, name: Loot, type: item}}
{cards}
{chars}
""")
    sc.location((0, 0), under=["loot"])
    sc.location((1, 0))
    ids = [sc.char(f"h{i}", (0, 0)) for i in range(n)]
    foe = sc.disaster("foe", (0, 0))
    sc.combat_pile(0, *[f"c{i}" for i in range(len(mods))] * 6)
    sc.turn(MOVE)
    ev = sc.do(Fight(foe))
    limit = 4 if major else 3
    rounds = 0
    while sc.st.combat is not None and rounds < 30:
        acts = sc.legal()
        ev += sc.do(acts[data.draw(st.integers(0, len(acts) - 1))])
        rounds += 1
    assert of(ev, CombatHit), "every Combat has at least one hit (a round or a final attack)"
    for hit in of(ev, CombatHit):
        assert hit["damage"] == max(0, hit["attack"] - hit["defense"])
        assert hit["attack"] >= 0 and hit["defense"] >= 0
        assert hit["health_after"] == hit["health_before"] - hit["damage"]
        assert len(hit["protectors"]) <= 2
        assert all(p["damage"] == max(1, hit["damage"] // 2) for p in hit["protectors"])
        if hit["target"] == foe:
            assert 1 <= len(hit["attackers"]) <= limit
            assert set(hit["attackers"]) <= set(ids)
            assert hit["result"] == ("defeated" if hit["health_after"] <= 0 else "ok")
        else:
            base = hit["base_health"]
            after = hit["health_after"]
            assert hit["result"] == ("killed" if after <= -base else
                                     "bonked" if after <= 0 else "ok")
    bonked = {e["card"] for e in of(ev, Bonked)} | {e["card"] for e in of(ev, Killed)}
    assert not bonked & set(sc.st.units)


def test_disasters_attack_in_the_order_they_arrived_at_the_location_combat_with_multiple_disasters():
    """Combat with Multiple Disasters: "If Characters are carrying Items ... Disasters
    attack in the order they arrived at the Location": the one that reached the Location
    first, not the one that entered play first."""
    sc = Scene(CARDS + """\
- {id: early, name: Early, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 2}}
- {id: late, name: Late, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
""", seats=2)
    for y in range(3):
        sc.location((0, y), under=["ring"])
    first, _, last = sc.st.path
    early = sc.disaster("early", first)                # enters play first
    late = sc.disaster("late", last, brought_by=1)     # is at the Location first
    hero = sc.char("hero", sc.st.path[1], items=["ring"])
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(DISCARD)
    sc.do(EndPhase())  # Reload, Maintenance: Early moves 2, onto Late's Location
    assert sc.unit(early).pos == last and sc.st.combat is None
    sc.until(MOVE)
    ev = sc.do(Move((hero,), last))
    assert of(ev, CombatBegan)[0]["disaster"] == late


ALLY_CARDS = CARDS + """\
- {id: sentry, name: Sentry, type: disaster, class: minor,
   abilities: {attack: 1, defense: 4, movement: 1}}
"""


def test_a_disaster_allied_with_the_group_is_healed_at_the_end_of_combat_combat():
    """Combat: "The Health of any Characters or Disasters that are still alive at the end
    of Combat is immediately restored to full." A Disaster allied with the group
    (Allying with Characters) is attacked as one of its Characters, and healed with them."""
    sc = Scene(ALLY_CARDS)
    sc.location((0, 0), under=["barbells"])
    sc.location((1, 0))
    h1, h2 = sc.char("hero", (0, 0)), sc.char("hero", (0, 0))
    sentry = sc.disaster("sentry", (0, 0), items=["ring"])  # Defense 4: Health 4
    sc.st.ally_unit(sc.unit(sentry), 0)
    ogre = sc.disaster("ogre", (0, 0))  # Attack 5, Defense 3
    sc.combat_pile(0, "k1", "k2")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert sc.st.combat.target == sentry  # the only one "having an Item"
    ev = sc.do(Declare(h1, "attack"), Declare(h2, "attack"))
    hits = {h["target"]: h for h in of(ev, CombatHit)}
    assert hits[sentry]["damage"] == 1 and hits[ogre]["result"] == "defeated"
    assert sc.st.combat is None and sentry in sc.st.units
    assert sc.unit(sentry).damage == 0


def test_a_disaster_allied_with_a_group_is_healed_at_the_end_of_combat_between_players_combat():
    """Combat: "The Health of any Characters or Disasters that are still alive at the end
    of Combat is immediately restored to full", in Combat between players too."""
    sc = Scene(ALLY_CARDS + """\
- {id: weakling, name: Weakling, type: character, gender: male,
   abilities: {attack: 1, defense: 0, movement: 2, charm: 0, energy: 1}}
""", seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), under=["barbells"])
    sc.location((1, 0))
    a = [sc.char("hero", (0, 0)) for _ in range(3)]
    weak = sc.char("weakling", (0, 0), seat=1)
    sentry = sc.disaster("sentry", (0, 0), seat=1)  # Defense 4: Health 4
    sc.st.ally_unit(sc.unit(sentry), 1)
    sc.combat_pile(1, "k1", "k2")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a[0], "attack", sentry), Engage(weak, "none"),
               Engage(a[1], "attack", sentry), Engage(a[2], "attack", weak))
    hits = {h["target"]: h for h in of(ev, CombatHit)}
    assert hits[sentry]["damage"] == 2 and hits[weak]["result"] == "bonked"
    assert sc.st.duel is None and sentry in sc.st.units
    assert sc.unit(sentry).damage == 0


def test_a_disaster_that_stops_by_a_group_may_attack_its_allied_disaster_allying_with_characters():
    """Allying with Characters: "The Disaster must be included in the pool of potential
    targets as though it were one of your Characters"; a Combat Disaster that stops at a
    Location "will automatically attack a random Character having an Item" (Rules for
    Disasters): here the allied Disaster is the only one with an Item."""
    sc = Scene(ALLY_CARDS)
    sc.location((1, 0))
    sc.location((0, 0), under=["barbells"])
    start, there = sc.st.path[0], sc.st.path[1]
    hero = sc.char("hero", there)
    sentry = sc.disaster("sentry", there, items=["ring"])
    sc.st.ally_unit(sc.unit(sentry), 0)
    ogre = sc.disaster("ogre", start)  # Movement 1
    sc.combat_pile(0, "k1", "k2")
    ev: list = []
    maintenance.move(sc.st, ogre, ev)
    assert sc.unit(ogre).pos == there and hero in sc.st.units
    assert sc.st.combat.target == sentry


# A Major Disaster and a Minor one to ally with it (Ally Disasters).
ALLIES = """\
- {id: boss, name: Boss, type: disaster, class: major,
   abilities: {attack: 4, defense: 3, movement: 3}}
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 2, defense: 1, movement: 1}}
"""


def test_an_item_taken_from_a_bonked_character_goes_to_an_ally_without_one_ally_disasters():
    """Ally Disasters: "When allied Disasters take an Item, it will go to the primary
    Disaster first if it does not already have one": when the primary has one, the Item
    of the Character they Bonk goes to its ally that has none, and the primary keeps its
    own (it drops it only to take another, Rules for Disasters)."""
    sc = Scene(CARDS + ALLIES)
    sc.location((0, 0))
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0), items=["ring"])  # Defense 3: Health 3
    ring = sc.unit(hero).items[0]
    boss = sc.disaster("boss", (0, 0), items=["barbells"])
    barbells = sc.unit(boss).items[0]
    lackey = sc.disaster("lackey", (0, 0))
    ally(sc.st, sc.unit(boss), sc.unit(lackey), [])
    sc.combat_pile(0, "k1", "k2")
    sc.turn(MOVE)
    sc.do(Fight(boss))
    ev = sc.do(Declare(hero, "none"))  # 4 + 2 Attack against 3 Defense: Bonked
    assert of(ev, Bonked)
    assert sc.unit(boss).items == [barbells]
    assert sc.unit(lackey).items == [ring]
    assert sc.st.places[(0, 0)].under == ()


def test_an_allied_disaster_with_no_action_adds_no_attack_ally_disasters_no_action():
    """Ally Disasters: "Allied Disasters attack with their combined Attack abilities";
    Basic Terms, No Action: "the Character or Disaster cannot move or attack", so an
    ally with No Action adds nothing to the Attack."""
    sc = Scene(CARDS + ALLIES)
    sc.location((0, 0))
    sc.location((1, 0))
    tank = sc.char("tank", (0, 0))  # Defense 10
    boss = sc.disaster("boss", (0, 0))
    lackey = sc.disaster("lackey", (0, 0))
    ally(sc.st, sc.unit(boss), sc.unit(lackey), [])
    sc.st.add_lasting(Lasting(lackey, lackey, 0, flags=("no_action",), until="game"))
    sc.combat_pile(0, "k1", "k2")
    sc.turn(MOVE)
    sc.do(Fight(boss))
    ev = sc.do(Declare(tank, "none"))
    (hit,) = of(ev, CombatHit)
    assert (hit["target"], hit["attackers"], hit["attack"]) == (tank, [boss], 4)


def test_a_group_sent_out_of_combat_by_a_card_is_healed_as_the_combat_ends_combat():
    """Combat: "The Health of any Characters or Disasters that are still alive at the end
    of Combat is immediately restored to full": a group a card takes out of the Combat
    (Tactical Retreat: "out of any Combat") ends it alive, and is healed too."""
    sc = Scene(CARDS + """\
- id: tactical-retreat
  name: Tactical Retreat
  type: flash_effect
  effects:
    - "on": play
      target: {select: character, owner: you}
      cost: {energy: 1}
      do:
        - send_home: true
          to: group
""")
    sc.location((0, 0), under=["barbells"])
    sc.location((1, 0))
    sc.haven((2, 0))
    ryoko = sc.char("ryoko", (0, 0))  # Defense 4: Health 4
    dracula = sc.disaster("dracula", (0, 0))  # Attack 6
    retreat, = sc.hand(0, "tactical-retreat")
    sc.combat_pile(0, *["k1"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(dracula))
    ev = sc.do(Declare(ryoko, "none"))
    assert of(ev, CombatHit)[0]["damage"] == 2 and sc.unit(ryoko).damage == 2
    sc.do(PlayCard(retreat, ryoko))
    assert sc.st.combat is None and sc.unit(ryoko).pos == (2, 0)
    assert sc.unit(ryoko).damage == 0


@pytest.mark.parametrize("plan", [(), ("launch",), ("armitage", "launch"),
                                  ("akane", "armitage", "launch"),
                                  ("akane", "armitage", "launch", "ryoko")])
def test_the_window_s_forecast_is_the_hit_the_round_makes_before_combat_cards_r10(plan):
    """Combat with Disasters: "Add up all of the attacks against one Character or
    Disaster ... Subtract the defender's total Defense" (R10). The window's forecast
    (physical.planned_hit, from the player's view alone) gives the Attack, Defense,
    Damage and Defeat that the round then makes, whoever is planned to attack; the
    Combat cards drawn here change neither Dracula's Defense nor an attacker's Attack."""
    sc, akane, armitage, launch, ryoko, dracula, cards = dracula_scene()
    who = dict(zip(("akane", "armitage", "launch", "ryoko"), (akane, armitage, launch, ryoko)))
    sc.do(Fight(dracula))
    attackers = [who[n] for n in plan]
    f = planned_hit(view(sc.st, 0), dracula, attackers)
    assert (f.defense, f.health) == (5, 5)  # Health is base Defense (Basic Terms)
    ev = sc.do(*(Declare(c, "attack" if c in attackers else "none")
                 for c in sc.st.combat.to_declare))
    on_dracula = [e for e in of(ev, CombatHit) if e["target"] == dracula]
    if not attackers:
        assert (f.attack, f.damage, f.defeats) == (0, 0, False) and not on_dracula
        return
    hit, = on_dracula
    assert (f.attack, f.defense, f.damage) == (hit["attack"], hit["defense"], hit["damage"])
    assert f.health - f.damage == hit["health_after"]
    assert f.defeats == (hit["result"] == "defeated") == (dracula not in sc.st.units)


def test_the_forecast_counts_an_item_s_modifier_and_the_damage_already_taken_r10():
    """A second round: the Hero's Sword (+2 Attack, Rules for Items) counts, and the
    Ogre's Health left is what the first round's hit left it (3 - 2 = 1): the Hero's 5
    Attack against its Defense 3 Defeats it now, as the round does."""
    sc = Scene(CARDS + """\
- {id: sword, name: Sword, type: item, bonuses: {attack: "+2"}}
""")
    sc.location((0, 0), under=["ring"])
    hero = sc.char("hero", (0, 0), items=["sword"])
    tank = sc.char("tank", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    first = planned_hit(view(sc.st, 0), ogre, [hero])
    assert (first.attack, first.defense, first.damage, first.defeats) == (5, 3, 2, False)
    sc.do(*(Declare(c, "attack" if c == hero else "none") for c in sc.st.combat.to_declare))
    assert sc.unit(ogre).damage == 2 and sc.st.combat.round == 2
    second = planned_hit(view(sc.st, 0), ogre, [hero, tank])
    assert (second.attack, second.health, second.damage, second.defeats) == (5, 1, 2, True)
    ev = sc.do(*(Declare(c, "attack") for c in sc.st.combat.to_declare))
    assert [e["result"] for e in of(ev, CombatHit) if e["target"] == ogre] == ["defeated"]
    # Another player's view has no total of seat 0's Characters: no forecast there.
    assert planned_hit(view(sc.st, ALL_SEE), ogre, [hero]) is None


def test_the_forecast_counts_a_location_s_static_effect_on_the_disaster_r10():
    """A Location's "-1 Defense to the Disasters here" (Bounty Office Outpost Zero) is
    face up: the Disaster's totals in every view count it, and the forecast's Defense
    is the one the round then uses (it read the printed 3)."""
    sc = Scene(CARDS + """\
- {id: outpost, name: Outpost, type: location,
   effects: [{"on": static, do: [{modify: {defense: "-1"}, to: disasters_here}]}]}
""", seats=2)
    sc.location((0, 0), "outpost", under=["ring"])
    hero = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    f = planned_hit(view(sc.st, 0), ogre, [hero])
    assert (f.attack, f.defense, f.damage) == (3, 2, 1)
    assert [u.totals[1] for u in view(sc.st, 1).units if u.card == ogre] == [2]
    hit = of(sc.do(Declare(hero, "attack")), CombatHit)[0]
    assert (hit["target"], hit["defense"], hit["damage"]) == (ogre, f.defense, f.damage)


def _refusal(sc: Scene, char: int, role: str) -> str:
    """The reason Declare(char, role) is refused once `char` is the first to declare
    (those before it stay out)."""
    c = sc.st.combat
    while c.to_declare[0] != char:
        sc.do(Declare(c.to_declare[0], "none"))
    return sc.refused(Declare(char, role))


def test_a_refused_attack_says_the_vehicle_that_keeps_it_out():
    """Rules for Equipment: "If a Vehicle is used in Combat, other Characters in the
    group cannot engage in Combat until the Vehicle stops." The refusal said "at most 4
    Characters may attack in a round" with nobody attacking; now it names the Vehicle."""
    from test_rules_equip import vehicle_fight
    sc, _, mate = vehicle_fight()
    whys = [_refusal(sc, mate, "attack")]
    if sc.st.combat.target != mate:
        whys.append(sc.refused(Declare(mate, "protect")))
    for why in whys:
        assert "Walker" in why and "at most" not in why, why


def test_a_refused_attack_says_it_is_charmed():
    """Charm Combat: "Charmed Characters cannot attack the Disaster until the Disaster
    attacks them": the refusal says so, not "at most 4"."""
    import random
    from test_rules_charm import kagato_scene, script_targets
    from game.engine.actions import Proceed
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    sc.do(Fight(kagato))
    sc.st.rng = random.Random(1)  # Kagato attacks Akane, not Launch
    sc.do(Proceed())
    assert launch in sc.st.combat.charmed and sc.st.combat.target == akane
    why = _refusal(sc, launch, "attack")
    assert "Charmed" in why and "at most" not in why, why


def test_a_character_with_no_action_is_refused_for_that():
    """No Action: it still defends and may Run Away (guidelines 1.1, 1.2), nothing more;
    the refusal says so."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.char("ryoko", (0, 0))  # a group of two
    akane = sc.char("akane", (0, 0))
    dracula = sc.disaster("dracula", (0, 0))
    sc.combat_pile(0, *["assault"] * 6)
    sc.turn(MOVE)
    sc.st.add_lasting(Lasting(dracula, akane, 0, flags=("no_action",), until="game"))
    sc.do(Fight(dracula))
    why = _refusal(sc, akane, "attack")
    assert "No Action" in why and "at most" not in why, why


# The audit of 29 Nov 2026: rules of the Combat sections pinned case by case -------------
def test_only_the_characters_at_the_location_fight_combat():
    """Combat: "you must be at the same Location as your opponent to attack or
    counter-attack". A Character of the player one Location away neither declares nor
    is attacked, though it holds the only Item."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0))
    away = sc.char("ryoko", (1, 0), items=["ring"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    c = sc.st.combat
    assert (c.target, c.to_declare, c.fighters) == (hero, [hero], [hero])
    sc.refused(Declare(away, "attack"))


def test_equipment_is_not_an_item_for_the_disasters_choice_combat_with_disasters():
    """Combat with Disasters: "First, the Disaster will attack a random Character having
    an Item. However, if no Character has an Item, then a random Character will be
    attacked." A piece of Equipment does not put its holder in the first pool; with no
    Item in the group every Character can be the one attacked."""
    def targets(with_item: bool) -> set[int]:
        seen = set()
        for seed in range(12):
            sc = Scene(CARDS, seed=seed)
            sc.location((0, 0), under=["ring"])
            geared = sc.char("hero", (0, 0), equipment=["shield"])
            plain = sc.char("hero", (0, 0), items=["ring"] if with_item else [])
            ogre = sc.disaster("ogre", (0, 0))
            sc.turn(MOVE)
            sc.do(Fight(ogre))
            seen.add("geared" if sc.st.combat.target == geared else "plain")
            assert sc.st.combat.target in (geared, plain)
        return seen
    assert targets(with_item=True) == {"plain"}
    assert targets(with_item=False) == {"geared", "plain"}


def test_two_protectors_add_their_defense_and_each_take_half_protecting():
    """Protecting: "Up to 2 Characters can protect another Character ... The Defense
    ability of the protecting Character is added to that of the Character it is
    protecting ... The protecting Character takes half the Damage that gets through the
    combined Defense, the target takes full Damage." A group of four against a Major
    Disaster: the target attacks too, two protect it, one attacks."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    target = sc.char("hero", (0, 0), items=["ring"])   # Attack 3, Defense 3
    g1 = sc.char("launch", (0, 0))                      # Defense 3
    g2 = sc.char("akane", (0, 0))                       # Defense 4
    striker = sc.char("ryoko", (0, 0))                  # Attack 4
    ogre = sc.disaster("ogre", (0, 0))                  # Attack 5, Defense 3, Health 3
    sc.combat_pile(0, "crush", "crush")                 # the Ogre's +6, the target's (own Attack +6)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert sc.st.combat.target == target
    ev = sc.do(Declare(target, "attack"), Declare(g1, "protect"), Declare(g2, "protect"),
               Declare(striker, "attack"))
    on_ogre, on_target = of(ev, CombatHit)
    # (3 + 6) + 4 = 13 Attack against 3: the Ogre is Defeated.
    assert (on_ogre["attack"], on_ogre["defense"], on_ogre["damage"]) == (13, 3, 10)
    assert on_ogre["result"] == "defeated"
    # 5 + 6 = 11 Attack against 3 + 3 + 4 = 10: 1 Damage to the target, and each
    # protector takes half of 1, at least 1.
    assert (on_target["attack"], on_target["defense"], on_target["damage"]) == (11, 10, 1)
    assert (on_target["health_before"], on_target["health_after"]) == (3, 2)
    assert on_target["protectors"] == [{"id": g1, "damage": 1}, {"id": g2, "damage": 1}]


def test_against_a_minor_disaster_a_fourth_character_still_protects_combat_with_disasters():
    """Combat with Disasters: "up to 3 Characters can attack a Minor Disaster"; the limit
    is on attacking, so the fourth Character of a group may protect the target (which
    may itself attack: the Dracula example)."""
    sc = Scene(CARDS + """\
- {id: minor-wall, name: Minor Wall, type: disaster, class: minor,
   abilities: {attack: 4, defense: 30, movement: 1}}
""")
    sc.location((0, 0), under=["ring"])
    target = sc.char("hero", (0, 0), items=["ring"])
    others = [sc.char("hero", (0, 0)) for _ in range(3)]
    wall = sc.disaster("minor-wall", (0, 0))
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(wall))
    assert sc.st.combat.target == target
    sc.do(Declare(target, "attack"), Declare(others[0], "attack"), Declare(others[1], "attack"))
    assert set(sc.legal()) >= {Declare(others[2], "protect"), Declare(others[2], "none")}
    assert Declare(others[2], "attack") not in sc.legal()
    ev = sc.do(Declare(others[2], "protect"))
    on_wall, on_target = of(ev, CombatHit)
    assert on_wall["attack"] == 9 and len(on_wall["attackers"]) == 3
    # 4 Attack against 3 + 3: nothing gets through; the protector still takes 1.
    assert (on_target["defense"], on_target["damage"]) == (6, 0)
    assert on_target["protectors"] == [{"id": others[2], "damage": 1}]


def test_fighting_one_disaster_does_not_bring_on_another_combat_with_multiple_disasters():
    """Combat with Multiple Disasters: "If none of the Disasters at a Location states it
    attacks automatically, a player may choose which Disaster to Combat first. Attacking
    one Disaster does not necessitate Combat with another Disaster at the same Location."
    A group without Items chooses the Ogre, which arrived after the Imp; when the Ogre is
    Defeated the Combat ends and the Imp attacks nobody."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    ryoko = sc.char("ryoko", (0, 0))
    armitage = sc.char("armitage", (0, 0))
    imp = sc.disaster("imp", (0, 0))       # arrived first
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    assert {Fight(imp), Fight(ogre)} <= set(sc.legal())
    ev = sc.do(Fight(ogre))
    ev += sc.do(*(Declare(c, "attack") for c in list(sc.st.combat.to_declare)))
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [ogre]
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [ogre]
    assert sc.st.combat is None and sc.st.phase == MOVE
    assert sc.unit(imp).pos == (0, 0) and sc.unit(imp).damage == 0
    assert {ryoko, armitage} <= set(sc.st.units)


def test_disasters_arriving_together_attack_by_attack_defense_movement_energy_charm():
    """Combat with Multiple Disasters: "If Disasters arrived simultaneously, the strongest
    one attacks first. Calculate by the Disaster's Attack, then Defense, then Movement,
    then Energy, then Charm if needed." Each Disaster below ties the one after it on every
    ability before the one named in its id; one that arrived earlier still comes first."""
    from game.engine.disasters import attack_order
    sc = Scene(CARDS + """\
- {id: by-attack, name: By Attack, type: disaster, class: major,
   abilities: {attack: 6, defense: 0, movement: 0, energy: 0, charm: 0}}
- {id: by-defense, name: By Defense, type: disaster, class: major,
   abilities: {attack: 5, defense: 4, movement: 0, energy: 0, charm: 0}}
- {id: by-movement, name: By Movement, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 2, energy: 0, charm: 0}}
- {id: by-energy, name: By Energy, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1, energy: 2, charm: 0}}
- {id: by-charm, name: By Charm, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1, energy: 1, charm: 2}}
- {id: weakest, name: Weakest, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1, energy: 1, charm: 1}}
""")
    sc.location((0, 0))
    early = sc.disaster("imp", (0, 0))
    names = ["weakest", "by-charm", "by-energy", "by-movement", "by-defense", "by-attack"]
    ids = {n: sc.disaster(n, (0, 0)) for n in names}
    for i in ids.values():
        sc.unit(i).arrived = sc.unit(early).arrived + 1  # all at once, after the Imp
    assert [u.card for u in attack_order(sc.st, (0, 0))] == [early] + [ids[n]
                                                                     for n in names[::-1]]


def test_the_disasters_card_acts_on_every_character_attacking_it_combat_with_disasters_R48():
    """Combat with Disasters: "Apply the effects of the Combat card(s) drawn for the
    Character or Disaster in the order they were drawn, then apply any effects from the
    cards drawn for the opponent that effect the Character or Disaster." Every Character
    attacking the Disaster is its opponent, not only the one it attacks: Sand in the Eyes
    (opponent -2 Attack) drawn for the Wall lowers both attacks, as a card drawn for a
    Character between players acts on each of its attackers (R48)."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring"])
    target = sc.char("hero", (0, 0), items=["ring"])   # Attack 3
    ryoko = sc.char("ryoko", (0, 0))                    # Attack 4, not attacked
    wall = sc.disaster("wall", (0, 0))
    sc.combat_pile(0, "sand", "blank")
    sc.turn(MOVE)
    sc.do(Fight(wall))
    assert sc.st.combat.target == target
    ev = sc.do(Declare(target, "attack"), Declare(ryoko, "attack"))
    on_wall = of(ev, CombatHit)[0]
    assert on_wall["target"] == wall
    assert on_wall["attack"] == (3 - 2) + (4 - 2)


def test_damage_heals_between_disasters_fought_one_at_a_time_combat_with_multiple_disasters():
    """Combat with Multiple Disasters: "Disasters are fought one at a time"; Combat: "The
    Health of any Characters or Disasters that are still alive at the end of Combat is
    immediately restored to full." Akane, carrying an Item, stops by the Ogre and then an
    Imp: the Ogre's 1 Damage is gone when the Imp's Combat begins."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), under=["ring"])
    akane = sc.char("akane", (0, 0), items=["ring"])   # Attack 4, Defense 4
    ogre = sc.disaster("ogre", (1, 0))                  # Attack 5, Defense 3: arrived first
    imp = sc.disaster("imp", (1, 0))
    sc.combat_pile(0, "blank", "crush", *["blank"] * 4)  # Akane's Crush: 4 + 6 Attack
    sc.turn(MOVE)
    ev = sc.do(Move((akane,), (1, 0)))
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [ogre]
    ev = sc.do(Declare(akane, "attack"))
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [ogre]
    on_akane = next(h for h in of(ev, CombatHit) if h["target"] == akane)
    assert on_akane["damage"] == 1
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [imp]
    assert sc.unit(akane).damage == 0


def test_running_from_the_first_disaster_ends_the_line_combat_with_multiple_disasters():
    """Combat with Multiple Disasters, Run Away: the group that Runs Away from the first
    Disaster in line leaves the Location, so the second never attacks it."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), under=["ring"])
    hero = sc.char("hero", (0, 0), items=["ring"])
    wall = sc.disaster("wall", (1, 0))
    imp = sc.disaster("imp", (1, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    ev = sc.do(Move((hero,), (1, 0)), RunAway(), RunTo((0, 0)))
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [wall]
    assert sc.st.combat is None and sc.unit(hero).pos == (0, 0)
    assert sc.unit(imp).pos == (1, 0)
