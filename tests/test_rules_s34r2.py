"""An outside examiner's second pass (s34r2) over Combat (Charm, Physical, Protecting,
with Disasters, with several, between players), Flash and Global Effects, Enhancements,
Transforming Characters, Disasters and the Basic Terms they use: scenes no earlier test
builds (other numbers, three seats, two Disasters, a protector Bonked, ties, totals at
zero, a transform in the middle of things), each played as the books say.
"""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import (Challenge, CharmAttack, Declare, EndPhase, Engage, Fight, Move,
                                 Pass, PlayCard, Proceed, RunAway, RunTo, Transform, UseEquipment)
from game.engine.abilities import health, total
from game.engine.events import (Bonked, CharmContest, CombatHit, CombatTarget, DisasterDefeated,
                                DisasterEndured, DuelEnded, FlashResolved, ItemStolen, Killed,
                                RanAway)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE, OffField

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 1}}
- {id: tank, name: Tank, type: character, gender: male,
   abilities: {attack: 0, defense: 10, movement: 2, charm: 1, energy: 1}}
- {id: twig, name: Twig, type: character, gender: female,
   abilities: {attack: 1, defense: 1, movement: 2, charm: 4, energy: 1}}
- {id: brute, name: Brute, type: character, gender: male,
   abilities: {attack: 6, defense: 2, movement: 2, charm: 0, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: troll, name: Troll, type: disaster, class: major,
   abilities: {attack: 12, defense: 20, movement: 1}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 4, defense: 1, movement: 1}}
- {id: ring, name: Ring, type: item}
- {id: cup, name: Cup, type: item}
- {id: blessing, name: Blessing, type: enhancement, bonuses: {attack: "+1"}}
- {id: shield, name: Shield, type: equipment, bonuses: {defense: "+1"}}
- {id: plus3, name: Plus Three, type: combat, physical: {own: {attack: "+3"}}, charm: {}}
- {id: glow, name: Glow, type: enhancement, bonuses: {charm: "+3"}}
- {id: siren, name: Siren, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1, charm: 0}}
- {id: swoon, name: Swoon, type: disaster, class: minor, affects: {females: 1},
   endure: {modifiers: {charm: "-1"}}}
- {id: mina, name: Mina, type: character, gender: female, other_form: kit,
   abilities: {attack: 2, defense: 3, movement: 3, charm: 3, energy: 2}}
- {id: kit, name: Kit, type: character, gender: female, other_form: mina,
   abilities: {attack: 2, defense: 5, movement: 3, charm: 1, energy: 2}}
- {id: banner, name: Banner, type: global_effect, bonuses: {attack: "+1"}}
- id: boost
  name: Boost
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{modify: {attack: "+4"}, to: target, for: combat}]}
- id: counter
  name: Counter
  type: flash_effect
  effects:
    - {"on": play, target: {select: flash}, do: [{cancel: true, to: target}]}
- {id: giant, name: Giant Form, type: enhancement, bonuses: {attack: "6"}}
- {id: dwarf, name: Dwarf Form, type: global_effect, bonuses: {attack: "4"}}
- {id: tiny, name: Tiny, type: global_effect, bonuses: {attack: "2"}}
- {id: club, name: Club, type: equipment, bonuses: {attack: "5"}}
- {id: idol, name: Idol, type: item, bonuses: {attack: "8"}, costs: {energy: "-1"}}
- id: surge
  name: Surge
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{modify: {attack: "7"}, to: target, for: turn}]}
- {id: star, name: Star, type: character, gender: female,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 9, energy: 1}}
- {id: lure, name: Lure, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1, charm: 5}}
- {id: ume, name: Ume, type: character, gender: female, other_form: plum,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 2}}
- {id: plum, name: Plum, type: character, gender: female, other_form: ume,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 1}}
- {id: rage, name: Rage, type: enhancement, bonuses: {attack: "+3"}, costs: {energy: "-2"}}
- {id: slump, name: Slump, type: disaster, class: minor, affects: {females: 1},
   endure: {modifiers: {attack: "1"}, turns: 2}}
- {id: naked, name: Naked, type: combat, physical: {own: {defense: "-30"}}, charm: {}}
- {id: void, name: Void, type: combat, physical: {own: {attack: "-9", defense: "-9"}},
   charm: {}}
"""


def field(sc: Scene, cells: int = 2) -> None:
    """A row of Locations from (0, 0), something left under the first (the game goes on)."""
    sc.location((0, 0), under=["cup"])
    for x in range(1, cells):
        sc.location((x, 0))


# Protecting ------------------------------------------------------------------------------

def test_protecting_a_protector_of_health_1_is_bonked_by_its_minimum_share():
    """Protecting: "The protecting Character will always take a minimum of 1 Damage per
    Combat round"; Basic Terms, Bonk: "all of the Enhancements the Character had are
    Discarded, and any Equipment or Items are dropped below the Location". Twig (Health 1)
    protects the Tank, whom the Ogre (Attack 5) cannot hurt through 10 + 1 Defense (her
    Shield is not put to use): her 1 Damage Bonks her; the Combat goes on with the Tank."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    tank = sc.char("tank", (0, 0), items=["ring"])
    twig = sc.char("twig", (0, 0), enhancements=["blessing"], equipment=["shield"])
    blessing, shield = sc.unit(twig).enhancements[0], sc.unit(twig).equipment[0]
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert sc.st.combat.target == tank
    ev = sc.do(Declare(tank, "none"), Declare(twig, "protect"))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"], hit["damage"]) == (5, 11, 0)
    assert hit["protectors"] == [{"id": twig, "damage": 1}]
    assert [e["card"] for e in of(ev, Bonked)] == [twig] and twig not in sc.st.units
    assert blessing in sc.st.seats[0].discard
    assert shield in sc.st.places[(0, 0)].under
    assert sc.st.combat is not None and sc.st.combat.round == 2
    assert sc.st.combat.target == tank and sc.unit(tank).damage == 0


def test_protecting_a_protector_bonked_by_its_share_loses_its_item_to_the_disaster():
    """Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an Item,
    the Disaster drops the Item it was carrying beneath the Location, and takes the Item
    the Character had": a protector's share is the Disaster's Damage too. Two Twigs
    (Health 1) with a Ring each; the Imp (Attack 4, carrying a Cup) gets 2 through their
    2 Defense: the target goes 1 to -1, Killed; her protector's 1 takes her to 0,
    Bonked. The Imp ends with the protector's Ring (R58), its Cup and the target's Ring
    dropped."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    sc.char("twig", (0, 0), items=["ring"])
    sc.char("twig", (0, 0), items=["ring"])
    imp = sc.disaster("imp", (0, 0), items=["cup"])
    cup = sc.unit(imp).items[0]
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(imp))
    target = sc.st.combat.target
    guard = next(u for u in sc.st.chars_at(0, (0, 0)) if u.card != target).card
    ring, lost = sc.unit(guard).items[0], sc.unit(target).items[0]
    order = sorted([target, guard])
    ev = sc.do(*(Declare(x, "none" if x == target else "protect") for x in order))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"], hit["damage"]) == (4, 2, 2)
    assert [e["card"] for e in of(ev, Killed)] == [target]
    assert [e["card"] for e in of(ev, Bonked)] == [guard]
    # R58: the target's Ring first, then the protector's, dropping what it held each time.
    assert sc.unit(imp).items == [ring]
    assert {cup, lost} <= set(sc.st.places[(0, 0)].under)
    assert of(ev, ItemStolen) and sc.st.combat is None


def test_protecting_a_protector_bonked_alone_with_the_target_unhurt_the_disaster_takes_her_item():
    """Rules for Disasters ("If a Combat Disaster Bonks ... a Character with an Item ...
    takes the Item the Character had") with Protecting's minimum share: the Ogre attacks
    the Tank (holding a Ring), which Twig (Health 1, holding a Cup: she is not the Ogre's
    first pool only because the Ogre chose the Tank) protects; the Tank is unhurt, Twig
    is Bonked by her 1, and the Ogre takes her Cup."""
    for seed in range(12):
        sc = Scene(CARDS, options=NO_CHARM, seed=seed)
        field(sc)
        tank = sc.char("tank", (0, 0), items=["ring"])
        twig = sc.char("twig", (0, 0), items=["cup"])
        ogre = sc.disaster("ogre", (0, 0))
        sc.combat_pile(0, *["blank"] * 4)
        sc.turn(MOVE)
        sc.do(Fight(ogre))
        if sc.st.combat.target == tank:
            break
    else:
        raise AssertionError("no seed made the Ogre attack the Tank")
    cup = sc.unit(twig).items[0]
    ev = sc.do(Declare(tank, "none"), Declare(twig, "protect"))
    assert [e["card"] for e in of(ev, Bonked)] == [twig]
    assert sc.unit(ogre).items == [cup]
    assert sc.st.combat.round == 2 and sc.st.combat.target == tank


# Kill ----------------------------------------------------------------------------------

def test_kill_a_protector_killed_by_its_share_alone_with_a_disaster():
    """Basic Terms, Kill: "When a Character's Health is reduced to the negative of their
    base Health, they are Killed" in a single attack; Protecting: "The protecting
    Character takes half the Damage that gets through". The Troll (Attack 12) on the
    Hero (Defense 3) protected by Twig (Defense 1): 8 Damage; the Hero goes 3 to -5
    (Killed), Twig takes 4 and goes 1 to -3 (Killed: her share is one attack). Killed
    Characters are Discarded with their Enhancements (Rules for Enhancements)."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    hero = sc.char("hero", (0, 0), items=["ring"])
    twig = sc.char("twig", (0, 0), enhancements=["blessing"])
    blessing = sc.unit(twig).enhancements[0]
    troll = sc.disaster("troll", (0, 0))
    sc.combat_pile(0, *["blank"] * 2)
    sc.turn(MOVE)
    sc.do(Fight(troll))
    ev = sc.do(Declare(hero, "none"), Declare(twig, "protect"))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"], hit["damage"]) == (12, 4, 8)
    assert (hit["health_before"], hit["health_after"], hit["result"]) == (3, -5, "killed")
    assert hit["protectors"] == [{"id": twig, "damage": 4}]
    assert {e["card"] for e in of(ev, Killed)} == {hero, twig}
    assert {hero, twig, blessing} <= set(sc.st.seats[0].discard)
    assert sc.st.seats[0].set_aside == [] and sc.st.combat is None


def test_kill_a_protector_one_short_of_minus_its_base_health_is_bonked():
    """Basic Terms, Kill / Bonk with a protector's share: the Troll (Attack 12) on the
    Tank (Defense 10) protected by the Hero (Defense 3, Health 3)... gets nothing through;
    with the Hero protecting Twig (Defense 1) instead, 12 - 4 = 8, a share of 4 takes the
    Hero from 3 to -1: Bonked, not Killed (-3 is needed)."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    twig = sc.char("twig", (0, 0), items=["ring"])
    hero = sc.char("hero", (0, 0))
    troll = sc.disaster("troll", (0, 0))
    sc.combat_pile(0, *["blank"] * 2)
    sc.turn(MOVE)
    sc.do(Fight(troll))
    ev = sc.do(Declare(twig, "none"), Declare(hero, "protect"))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"], hit["damage"]) == (12, 4, 8)
    assert hit["protectors"] == [{"id": hero, "damage": 4}]
    assert [e["card"] for e in of(ev, Killed)] == [twig]
    assert [e["card"] for e in of(ev, Bonked)] == [hero]
    assert [c for c, _ in sc.st.seats[0].set_aside] == [hero]


# Combat with Disasters -------------------------------------------------------------------

def test_combat_with_disasters_defeated_in_the_round_it_bonks_its_target_it_takes_no_item():
    """Physical Combat: "Attack and counter-attack happen simultaneously"; Rules for
    Disasters: "If a Character Defeats a Disaster with an Item, the Item is dropped
    beneath the Location". The Imp (Health 1, carrying a Cup; Attack 4 + 3 of its card)
    Bonks the Hero (holding a Ring; 3 to -1) as the Brute Defeats it: both Items lie under
    the Location, the Imp holds none."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    hero = sc.char("hero", (0, 0), items=["ring"])
    brute = sc.char("brute", (0, 0))
    imp = sc.disaster("imp", (0, 0), items=["cup"])
    ring, cup = sc.unit(hero).items[0], sc.unit(imp).items[0]
    sc.combat_pile(0, "plus3", "blank")
    sc.turn(MOVE)
    sc.do(Fight(imp))
    assert sc.st.combat.target == hero
    ev = sc.do(Declare(hero, "none"), Declare(brute, "attack"))
    assert [e["card"] for e in of(ev, Bonked)] == [hero]
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [imp]
    assert not of(ev, ItemStolen)
    assert {ring, cup} <= set(sc.st.places[(0, 0)].under)
    assert sc.st.combat is None


def test_combat_with_disasters_totals_at_zero_hurt_nobody_and_combat_goes_on():
    """Physical Combat: "Attack cannot be less than 0. Defense cannot be less than 0";
    Combat with Disasters: "Any positive number left is the Damage". The Imp draws Void
    (-9 Attack, -9 Defense): its Attack is 0 on the Hero, its Defense 0 against Twig's
    Attack 1, which Defeats it (Health 1)."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    hero = sc.char("hero", (0, 0), items=["ring"])
    twig = sc.char("twig", (0, 0))
    imp = sc.disaster("imp", (0, 0))
    sc.combat_pile(0, "void", "blank")
    sc.turn(MOVE)
    sc.do(Fight(imp))
    ev = sc.do(Declare(hero, "none"), Declare(twig, "attack"))
    on_imp, on_hero = of(ev, CombatHit)
    assert (on_imp["attack"], on_imp["defense"], on_imp["damage"]) == (1, 0, 1)
    assert on_imp["result"] == "defeated"
    assert (on_hero["attack"], on_hero["defense"], on_hero["damage"]) == (0, 3, 0)
    assert on_hero["result"] == "ok"


def test_combat_with_disasters_the_disaster_attacks_a_new_random_target_each_round():
    """Combat with Disasters: "The Disaster chooses its target first" each round, "a
    random Character having an Item" first: with the Item-holder Killed in round 1, the
    Ogre's round-2 target is drawn from the Characters left (none holds an Item)."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    twig = sc.char("twig", (0, 0), items=["ring"])
    tank = sc.char("tank", (0, 0))
    hero = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert sc.st.combat.target == twig
    ev = sc.do(Declare(twig, "none"), Declare(tank, "none"), Declare(hero, "none"))
    assert [e["card"] for e in of(ev, Killed)] == [twig]
    (tgt,) = [e for e in of(ev, CombatTarget) if e["round"] == 2]
    assert tgt["target"] in (tank, hero)
    # The Ogre took the Ring of the Character it Killed.
    assert sc.unit(ogre).items and sc.st.combat.round == 2


def test_combat_a_disaster_still_alive_when_the_group_runs_away_is_healed():
    """Combat: "The Health of any Characters or Disasters that are still alive at the end
    of Combat is immediately restored to full." The Troll (Defense 20, Health 20) draws
    Naked (-30 Defense, floored at 0): the Brute and the Hero do it 9 Damage; the group
    Runs Away in round 2 and the Troll is whole again."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    tank = sc.char("tank", (0, 0), items=["ring"])
    brute = sc.char("brute", (0, 0))
    hero = sc.char("hero", (0, 0))
    troll = sc.disaster("troll", (0, 0))
    sc.combat_pile(0, "naked", "blank", "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(troll))
    assert sc.st.combat.target == tank
    ev = sc.do(Declare(tank, "none"), Declare(brute, "attack"), Declare(hero, "attack"))
    on_troll = of(ev, CombatHit)[0]
    assert (on_troll["attack"], on_troll["defense"], on_troll["damage"]) == (9, 0, 9)
    assert health(sc.st, sc.unit(troll)) == 11
    sc.do(RunAway())
    if sc.st.combat is not None:
        sc.do(RunTo((1, 0)))
    assert sc.st.combat is None and sc.unit(troll).damage == 0
    assert health(sc.st, sc.unit(troll)) == 20


# Combat Between Players -------------------------------------------------------------------

def duel(mine, theirs, options=NO_CHARM, seats=2):
    sc = Scene(CARDS, seats=seats, options=options)
    field(sc)
    a = [sc.char(c, (0, 0)) for c in mine]
    b = [sc.char(c, (0, 0), seat=1) for c in theirs]
    sc.turn(MOVE)
    return sc, a, b


def test_combat_between_players_both_sides_bonked_in_one_round_ends_it():
    """Combat Between Players: "Combat continues until: 1. All Characters on one side are
    Bonked or Killed"; the attack and counter-attack land together (Physical Combat). Each
    Hero draws +3 Attack from its own pile: 6 against 3 Defense, 3 Damage each, both at
    Health 0, both Bonked; the Combat is over and the initiator's Move phase goes on."""
    sc, (a,), (b,) = duel(["hero"], ["hero"])
    sc.combat_pile(0, "plus3")
    sc.combat_pile(1, "plus3")
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "attack", b), Engage(b, "attack", a))
    hits = {h["target"]: h for h in of(ev, CombatHit)}
    assert {k: (h["attack"], h["defense"], h["health_after"], h["result"])
            for k, h in hits.items()} == {a: (6, 3, 0, "bonked"), b: (6, 3, 0, "bonked")}
    assert of(ev, DuelEnded) and sc.st.duel is None
    assert [c for c, _ in sc.st.seats[0].set_aside] == [a]
    assert [c for c, _ in sc.st.seats[1].set_aside] == [b]
    assert (sc.st.turn_seat, sc.st.phase) == (0, MOVE) and sc.st.top.kind == "phase"


def test_protecting_between_players_a_protector_bonked_by_its_minimum_drops_its_item():
    """Protecting: "a minimum of 1 Damage per Combat round" with nobody attacking the one
    protected; Basic Terms, Bonk: Items "are dropped below the Location" (no player takes
    them, R33). Twig (Health 1, holding a Ring) protects seat 1's Hero; she is Bonked, the
    Ring lies under the Location, and the Combat goes on."""
    sc, (a,), (b, twig) = duel(["hero"], ["hero", "twig"])
    sc.unit(twig).items = [sc.card("ring", 1)]
    ring = sc.unit(twig).items[0]
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "none"), Engage(b, "none"), Engage(twig, "protect", b))
    (hit,) = of(ev, CombatHit)
    assert hit["protectors"] == [{"id": twig, "damage": 1}]
    assert [e["card"] for e in of(ev, Bonked)] == [twig]
    assert ring in sc.st.places[(0, 0)].under and not of(ev, ItemStolen)
    assert sc.st.duel is not None


# Charm Combat Between Players --------------------------------------------------------------

def test_charm_combat_between_players_the_defender_at_exactly_twice_charms_the_attacker():
    """Charm Combat Between Players: "If the defender has a total Charm twice that of the
    attacker, the attacker is Charmed": the Hero's 2 against Twig's 4, exactly twice."""
    sc, (a,), (b,) = duel(["hero"], ["twig"], options=Options())
    sc.combat_pile(0, "blank")
    sc.combat_pile(1, "blank")
    ev = sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    (c,) = of(ev, CharmContest)
    assert (c["attacker_charm"], c["defender_charm"], c["result"]) == (2, 4, "charmed_attacker")
    assert sc.st.duel.charmed == {a: (b, 2)}


def test_charm_combat_between_players_a_tie_charms_nobody():
    """Charm Combat Between Players: "If the attacker has a higher total Charm, the
    defender is Charmed ... If not either, nothing happens": 2 against 2."""
    sc, (a,), (b,) = duel(["hero"], ["hero"], options=Options())
    sc.combat_pile(0, "blank")
    sc.combat_pile(1, "blank")
    ev = sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    assert of(ev, CharmContest)[0]["result"] == "nothing" and sc.st.duel.charmed == {}


def test_charm_combat_a_base_charm_of_0_takes_no_part_whatever_its_enhancement():
    """Charm Combat: "Characters and Disasters with a base Charm at or below 0 do not
    engage in Charm Combat": the Brute (base Charm 0) with Glow (+3 Charm) neither charms
    nor is charmed."""
    sc, (a, brute), (b,) = duel(["hero", "brute"], ["hero"], options=Options())
    sc.unit(brute).enhancements = [sc.card("glow")]
    assert total(sc.st, sc.unit(brute), "charm") == 3
    sc.do(Challenge(1, (0, 0)))
    attacks = [x for x in sc.legal() if isinstance(x, CharmAttack)]
    assert attacks == [CharmAttack(a, b)]
    sc.do(Proceed())
    assert [x for x in sc.legal() if isinstance(x, CharmAttack)] == [CharmAttack(b, a)]


def test_charm_combat_with_disasters_a_disaster_with_base_charm_0_makes_no_charm_combat():
    """Charm Combat: "Characters and Disasters with a base Charm at or below 0 do not
    engage in Charm Combat"; with Disasters: only "a Combat Disaster with Charm" initiates
    it. The Siren (Charm 0) goes straight to a round of Physical Combat."""
    sc = Scene(CARDS)
    field(sc)
    twig = sc.char("twig", (0, 0))
    siren = sc.disaster("siren", (0, 0))
    sc.combat_pile(0, *["blank"] * 2)
    sc.turn(MOVE)
    ev = sc.do(Fight(siren))
    assert not of(ev, CharmContest)
    assert sc.st.combat.stage == "declare" and sc.st.combat.round == 1
    assert sc.st.combat.target == twig


# Rules for Disasters: a non-Combat Disaster drawn, three seats ----------------------------

def test_rules_for_disasters_a_non_combat_disaster_drawn_affects_another_players_first_group():
    """Rules for Disasters: "If a non-Combat Disaster is drawn ... it will affect the first
    group along the Disaster movement path belonging to the drawing player. If [it] cannot
    affect any group belonging to the drawing player it will affect the first group along
    the Disaster movement path belonging to any player." Three seats; Swoon affects a
    female. Seat 0 (drawing) has only a male Hero: seat 2's Twig, first along the path,
    is affected, not seat 1's further on; with a Twig of seat 0's at the path's end, hers
    is."""
    for own_female in (False, True):
        sc = Scene(CARDS, seats=3)
        sc.location((1, 0), under=["cup"])
        sc.location((1, 1))
        sc.location((1, 2))
        sc.location((1, 3))
        sc.char("hero", (1, 0))
        first = sc.char("twig", (1, 1), seat=2)
        sc.char("twig", (1, 2), seat=1)
        mine = sc.char("twig", (1, 3)) if own_female else None
        sc.hand(0, *["blank"] * 6)
        sc.draw_pile(0, "swoon")
        sc.turn(DISCARD)
        ev = sc.do(EndPhase())
        (endured,) = of(ev, DisasterEndured)
        assert endured["chars"] == [mine if own_female else first]
        assert endured["seat"] == (0 if own_female else 2)


# Combat with Multiple Disasters, Run Away ---------------------------------------------------

def test_combat_with_multiple_disasters_a_group_gone_after_the_first_meets_not_the_second():
    """Combat with Multiple Disasters: "Disasters are fought one at a time", in the order
    they arrived, for a group carrying Items; Combat with Disasters ends when "All
    Characters are Bonked or Killed". Twig with a Ring moves onto the Troll (arrived
    first) and the Ogre: the Troll Kills her and takes her Ring; no Combat with the Ogre
    follows, and the Move phase goes on."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    twig = sc.char("twig", (1, 0), items=["ring"])
    ring = sc.unit(twig).items[0]
    troll = sc.disaster("troll", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Move((twig,), (0, 0)))
    assert sc.st.combat.disaster == troll and sc.st.combat.queue == [ogre]
    ev = sc.do(Declare(twig, "none"))
    assert [e["card"] for e in of(ev, Killed)] == [twig]
    assert sc.unit(troll).items == [ring] and sc.unit(ogre).items == []
    assert sc.st.combat is None and sc.st.top.kind == "phase" and sc.st.phase == MOVE


def test_run_away_the_final_attack_kills_an_item_holder_and_the_disaster_takes_it():
    """Basic Terms, Run Away: "The opponent will get one final, unanswered attack upon
    your Characters. Move any remaining Characters 1 Location. This will end your Turn";
    Rules for Disasters: a Disaster that Kills a Character with an Item takes it. The
    Ogre's final attack (5 on Twig's Defense 1: 1 to -3) Kills her; it takes her Ring;
    the Hero runs to (1, 0); seat 0's Turn is over."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    field(sc)
    twig = sc.char("twig", (0, 0), items=["ring"])
    hero = sc.char("hero", (0, 0))
    ring = sc.unit(twig).items[0]
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert sc.st.combat.target == twig
    ev = sc.do(RunAway())
    (hit,) = of(ev, CombatHit)
    assert hit["final"] and (hit["attack"], hit["defense"], hit["damage"]) == (5, 1, 4)
    assert hit["result"] == "killed" and sc.unit(ogre).items == [ring]
    ev += sc.do(RunTo((1, 0)))
    assert of(ev, RanAway) and sc.unit(hero).pos == (1, 0) and sc.unit(ogre).pos == (0, 0)
    assert sc.st.turn_seat == 1


# Flash Effects and Global Effects in Combat -------------------------------------------------

def test_rules_for_flash_effects_a_boost_answered_in_combat_between_players_adds_nothing():
    """Rules for Flash Effects: "Flash Effects work in last-in, first-out order" (Cancel:
    "that card is Discarded"). Seat 0 plays Boost (+4 Attack for the Combat) on its Hero
    while declaring; seat 1 answers with Counter: Boost is Discarded before it takes
    effect, and the Hero hits with 3."""
    sc, (a,), (b,) = duel(["hero"], ["tank"])
    boost, = sc.hand(0, "boost")
    counter, = sc.hand(1, "counter")
    sc.combat_pile(1, "blank")
    sc.do(Challenge(1, (0, 0)))
    sc.do(PlayCard(boost, a))
    assert sc.st.current_seat() == 1
    sc.do(PlayCard(counter, boost))
    ev = sc.do(Pass())
    assert [e["card"] for e in of(ev, FlashResolved)] == [counter]
    assert boost in sc.st.seats[0].discard and counter in sc.st.seats[1].discard
    assert total(sc.st, sc.unit(a), "attack") == 3
    ev = sc.do(Engage(a, "attack", b), Engage(b, "none"))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"]) == (3, 10)


def test_rules_for_flash_effects_an_unanswered_boost_lasts_the_combat_between_players():
    """Rules for Flash Effects, the same scene unanswered: Boost resolves, the Hero hits
    with 3 + 4 = 7 in the round, and its bonus ends with the Combat (`for: combat`)."""
    sc, (a,), (b,) = duel(["hero"], ["tank"])
    boost, = sc.hand(0, "boost")
    sc.combat_pile(1, *["blank"] * 3)
    sc.do(Challenge(1, (0, 0)), PlayCard(boost, a), Pass())
    ev = sc.do(Engage(a, "attack", b), Engage(b, "none"))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"], hit["damage"]) == (7, 10, 0)
    # A round nobody attacks in is followed by the initiator Running Away (R44): the
    # Tank's final attack, then the Hero runs.
    sc.do(Engage(a, "none"), Engage(b, "none"), Engage(b, "none"), RunTo((1, 0)))
    assert sc.st.duel is None and total(sc.st, sc.unit(a), "attack") == 3


def test_rules_for_global_effects_all_of_your_characters_in_combat_between_players():
    """Rules for Global Effects: "Unless stated otherwise, they affect all of your
    Characters". Seat 0's Banner (+1 Attack) adds to both of its Heroes' attack on seat
    1's Tank (3 + 1 each, 8 in all) and nothing to seat 1's Brute (6)."""
    sc, (a1, a2), (tank, brute) = duel(["hero", "hero"], ["tank", "brute"])
    banner, = sc.hand(0, "banner")
    sc.turn(EQUIP).do(PlayCard(banner))
    sc.until(MOVE)
    sc.combat_pile(0, *["blank"] * 2)
    sc.combat_pile(1, *["blank"] * 2)
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a1, "attack", tank), Engage(tank, "none"), Engage(a2, "attack", tank),
               Engage(brute, "attack", a1))
    hits = {h["target"]: h for h in of(ev, CombatHit)}
    assert (hits[tank]["attack"], hits[tank]["defense"]) == (8, 10)
    assert (hits[a1]["attack"], hits[a1]["defense"]) == (6, 3)


# Transforming Characters in the middle of a Combat -------------------------------------------

def test_rules_for_transforming_characters_a_protector_that_transforms_adds_her_new_defense():
    """Rules for Transforming Characters: "Remove the card for the first form from play
    when the Character transforms, and bring in the second card"; Protecting: "The
    Defense ability of the protecting Character is added". Mina (Defense 3) protects the
    Tank in round 1 (13 against the Ogre); before round 2 she transforms into Kit
    (Defense 5), who protects with 15, her 1 Damage of round 1 kept (R115)."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    tank = sc.char("tank", (0, 0), items=["ring"])
    mina = sc.char("mina", (0, 0))
    sc.st.seats[0].forms = [sc.card("kit")]
    kit = sc.st.seats[0].forms[0]
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    ev = sc.do(Declare(tank, "none"), Declare(mina, "protect"))
    (hit,) = of(ev, CombatHit)
    assert hit["defense"] == 13 and hit["protectors"] == [{"id": mina, "damage": 1}]
    sc.do(Transform(mina))
    assert sc.unit(kit).damage == 1 and mina in sc.st.seats[0].forms
    ev = sc.do(Declare(tank, "none"), Declare(kit, "protect"))
    (hit,) = of(ev, CombatHit)
    assert hit["defense"] == 15 and hit["protectors"] == [{"id": kit, "damage": 1}]
    assert sc.unit(kit).damage == 2 and health(sc.st, sc.unit(kit)) == 3


# Rules for Global Effects: a bare ability, and a Character's own card that replaces it --------

def bare_scene():
    """Seat 0's Hero (Attack 3) by the Ogre, and Dwarf Form, a Global Effect whose bare
    Attack 4 replaces every one of seat 0's Characters' (Rules for Global Effects)."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    sc.haven((0, 1))
    hero = sc.char("hero", (0, 0), items=["ring"])
    dwarf, = sc.hand(0, "dwarf")
    sc.turn(EQUIP).do(PlayCard(dwarf))
    sc.until(MOVE)
    assert total(sc.st, sc.unit(hero), "attack") == 4
    return sc, hero


def test_rules_for_global_effects_a_bare_ability_gives_way_to_an_enhancements_guideline_4_13():
    """Rules for Global Effects and for Enhancements: "If there is no modifier, the ...
    ability replaces the Character's"; guideline 4.13: "Card text pertaining to one
    specific card overrules conflicting card text pertaining to more than one card"
    (R123). The Global's Attack 4 is for all of seat 0's Characters; Giant Form's 6 is
    the Hero's alone: he fights the Ogre with 6, played before the Global or after."""
    for giant_first in (True, False):
        if giant_first:
            sc = Scene(CARDS, options=NO_CHARM)
            field(sc)
            sc.haven((0, 1))
            hero = sc.char("hero", (0, 1), items=["ring"])
            giant, dwarf = sc.hand(0, "giant", "dwarf")
            sc.turn(EQUIP).do(PlayCard(giant, hero))
            sc.st.seats[0].equipped = 0  # one play of each kind a Turn: both in this one
            sc.do(PlayCard(dwarf))
            sc.st.move_unit(sc.unit(hero), (0, 0))
            sc.until(MOVE)
        else:
            sc, hero = bare_scene()
            sc.unit(hero).enhancements.append(sc.card("giant"))
        assert total(sc.st, sc.unit(hero), "attack") == 6
        ogre = sc.disaster("ogre", (0, 0))
        sc.combat_pile(0, *["blank"] * 2)
        sc.do(Fight(ogre))
        ev = sc.do(Declare(hero, "attack"))
        assert of(ev, CombatHit)[0]["attack"] == 6


def test_rules_for_flash_effects_a_bare_ability_on_one_character_beats_a_globals_guideline_4_13():
    """Rules for Flash Effects: "If there is no modifier, the Flash Effect's ability
    replaces the Character's", played on the Hero alone: Surge's Attack 7 overrules the
    Global's 4 for all (guideline 4.13, R123); the others keep the Global's."""
    sc, hero = bare_scene()
    other = sc.char("hero", (0, 0))
    surge, = sc.hand(0, "surge")
    sc.do(PlayCard(surge, hero))
    assert total(sc.st, sc.unit(hero), "attack") == 7
    assert total(sc.st, sc.unit(other), "attack") == 4


def test_rules_for_equipment_a_bare_ability_in_use_beats_a_globals_guideline_4_13():
    """Rules for Equipment: "If there is no modifier, the Equipment's ability replaces the
    Character's"; the Club (Attack 5) in use is the Hero's alone and overrules the
    Global's 4 (guideline 4.13, R123)."""
    sc, hero = bare_scene()
    club = sc.card("club")
    sc.unit(hero).equipment.append(club)
    sc.do(UseEquipment(club, hero))
    assert total(sc.st, sc.unit(hero), "attack") == 5


def test_rules_for_global_effects_of_two_bare_abilities_the_later_replaces_R123():
    """Rules for Global Effects, two bare Attacks of the same reach (all of seat 0's
    Characters): the one played later replaces the other (R123): Dwarf Form's 4, then
    Tiny's 2."""
    sc, hero = bare_scene()
    tiny, = sc.hand(0, "tiny")
    sc.st.seats[0].equipped = 0
    sc.turn(EQUIP).do(PlayCard(tiny))
    assert total(sc.st, sc.unit(hero), "attack") == 2


# Basic Terms: Defeat, Run Away -------------------------------------------------------------

def test_defeat_a_combat_disaster_far_below_zero_is_simply_defeated():
    """Basic Terms, Defeat: "A Combat Disaster is neither Bonked nor Killed, simply
    Defeated"; "Defeated Disasters are Discarded". The Brute and the Hero (6 + 3) take the
    Imp (Defense 1, Health 1) to -7, far past the negative of its Health: Defeated, into
    its owner's Discard pile."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    field(sc)
    brute = sc.char("brute", (0, 0))
    hero = sc.char("hero", (0, 0), items=["ring"])
    imp = sc.disaster("imp", (0, 0), seat=1, brought_by=1)
    sc.combat_pile(0, *["blank"] * 2)
    sc.turn(MOVE)
    sc.do(Fight(imp))
    ev = sc.do(Declare(brute, "attack"), Declare(hero, "attack"))
    on_imp = of(ev, CombatHit)[0]
    assert (on_imp["damage"], on_imp["health_after"], on_imp["result"]) == (8, -7, "defeated")
    assert not of(ev, Killed) and [e["card"] for e in of(ev, DisasterDefeated)] == [imp]
    assert imp in sc.st.seats[1].discard and imp not in sc.st.seats[0].discard


def test_run_away_from_a_disaster_with_nowhere_to_go_stays_and_ends_the_turn():
    """Basic Terms, Run Away: "The opponent will get one final, unanswered attack ...
    Move any remaining Characters 1 Location. This will end your Turn." On a Field of
    one Location there is nowhere to move: the survivors stay, the Combat is over and
    the Turn ends all the same."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0), under=["cup"])
    tank = sc.char("tank", (0, 0), items=["ring"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 2)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    ev = sc.do(RunAway())
    (hit,) = of(ev, CombatHit)
    assert hit["final"] and hit["target"] == tank and hit["result"] == "ok"
    assert sc.st.combat is None and sc.unit(tank).pos == (0, 0)
    assert sc.st.turn_seat == 1


def test_run_away_is_not_said_in_charm_combat_with_a_disaster():
    """Basic Terms, Run Away: "say so at the beginning of any Combat round"; Time: "Unless
    stated otherwise, round refers to physical Combat." While a Charm break may be tried
    (the Lure Charmed the Hero, 5 to 2; Star won, 9 to 5) the group cannot Run Away; it
    can at the first physical round."""
    sc = Scene(CARDS)
    field(sc)
    hero = sc.char("hero", (0, 0))
    star = sc.char("star", (0, 0))
    lure = sc.disaster("lure", (0, 0))
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    ev = sc.do(Fight(lure))
    got = {c["defender"]: (c["attacker_charm"], c["defender_charm"], c["result"])
           for c in of(ev, CharmContest)}
    assert got == {hero: (5, 2, "charmed"), star: (5, 9, "won")}
    assert RunAway() not in sc.legal()
    sc.refused(RunAway())
    sc.do(Proceed())
    assert sc.st.combat.stage == "declare" and RunAway() in sc.legal()


# Rules for Enhancements with a transform ---------------------------------------------------

def test_rules_for_enhancements_a_cost_the_new_form_cannot_pay_turns_it_over():
    """Rules for Enhancements: "If an Enhancement has a cost, it is paid as long as the
    Character has the Enhancement. If the cost becomes unpayable, the Enhancement cannot
    be used. Turn the card over"; Rules for Transforming Characters: the second card is
    brought in (R43: with the first's Enhancements). Ume (Energy 2) keeps Rage (+3
    Attack, -2 Energy) up: Attack 5. As Plum (Energy 1) she cannot pay it: Rage is
    turned over, still hers, and Plum attacks with her own 4."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    ume = sc.char("ume", (0, 0), enhancements=["rage"])
    rage = sc.unit(ume).enhancements[0]
    sc.st.seats[0].forms = [sc.card("plum")]
    plum = sc.st.seats[0].forms[0]
    sc.turn(MOVE)
    assert total(sc.st, sc.unit(ume), "attack") == 5
    sc.do(Transform(ume))
    assert sc.unit(plum).enhancements == [rage]
    assert total(sc.st, sc.unit(plum), "attack") == 4
    assert total(sc.st, sc.unit(plum), "energy") == 1


def test_kill_a_later_rounds_single_attack_from_1_health_to_minus_base_kills():
    """Basic Terms, Kill: "The difference between 1 Health and the negative of the base
    Health must be overcome in a single attack"; Physical Combat: "Health - Damage =
    Health" accrues over the rounds. The Ogre takes the Hero (Health 3) to 1 in round 1
    (5 - 3); in round 2 its +3 card makes 8 - 3 = 5, from 1 to -4: Killed."""
    sc = Scene(CARDS, options=NO_CHARM)
    field(sc)
    hero = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, "blank", "blank", "plus3", "blank")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    ev = sc.do(Declare(hero, "none"))
    (hit,) = of(ev, CombatHit)
    assert (hit["health_before"], hit["health_after"], hit["result"]) == (3, 1, "ok")
    ev = sc.do(Declare(hero, "none"))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["damage"], hit["health_after"]) == (8, 5, -4)
    assert hit["result"] == "killed" and [e["card"] for e in of(ev, Killed)] == [hero]



def test_rules_for_disasters_an_endured_bare_ability_gives_way_to_an_enhancements_R123():
    """A non-Combat Disaster's endured "Attack 1" on the group (all its Characters)
    against Giant Form's "Attack 6" on Twig alone: guideline 4.13 (R123), Twig has 6, the
    other Twig of the group 1."""
    sc = Scene(CARDS)
    field(sc)
    twig = sc.char("twig", (0, 0), enhancements=["giant"])
    other = sc.char("twig", (0, 0))
    sc.st.off_field.append(OffField(sc.card("slump"), 0, (twig, other), 2))
    assert total(sc.st, sc.unit(twig), "attack") == 6
    assert total(sc.st, sc.unit(other), "attack") == 1


def test_rules_for_items_a_bare_ability_with_a_cost_is_the_users_own_R123():
    """Rules for Items: "If there is no modifier, the Item's ability replaces the
    Character's" and "the Character using the Item must pay the cost": the Idol (Attack 8,
    Energy -1) is Twig's alone, so it overrules the endured Disaster's "Attack 1" on her
    group (guideline 4.13, R123) and, an Item coming after the Enhancements, Giant Form's
    6. Its Energy cost is paid like a Global Effect's (upkeep); it is no Global Effect."""
    for giant in (False, True):
        sc = Scene(CARDS)
        field(sc)
        twig = sc.char("twig", (0, 0), items=["idol"], enhancements=["giant"] if giant else [])
        other = sc.char("twig", (0, 0))
        sc.st.off_field.append(OffField(sc.card("slump"), 0, (twig, other), 2))
        assert total(sc.st, sc.unit(twig), "attack") == 8
        assert total(sc.st, sc.unit(other), "attack") == 1


def test_rules_for_items_a_costed_items_bare_ability_comes_after_equipment_R123():
    """R123's order among a Character's own bare abilities: Enhancements, Equipment in
    use, Items, the last replacing. The costed Idol (Attack 8) came before the Club in
    use (Attack 5), a free Item after it (the second review): 8 either way."""
    sc = Scene(CARDS)
    field(sc)
    twig = sc.char("twig", (0, 0), items=["idol"])
    club = sc.card("club")
    sc.unit(twig).equipment.append(club)
    sc.turn(MOVE)
    sc.do(UseEquipment(club, twig))
    assert total(sc.st, sc.unit(twig), "attack") == 8


def test_combat_between_players_three_seats_each_uses_its_own_combat_cards():
    """Combat Between Players: "Players use their own Combat cards"; "draw a Combat card
    for each Character that is being attacked". Three seats: seat 0 challenges seat 2 at a
    Location where seat 1 has nobody; each attacked Character's card comes from its own
    player's pile (seat 0's Hero draws +3, seat 2's Hero a blank), seat 1's pile is not
    touched."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    field(sc)
    a = sc.char("hero", (0, 0))
    c = sc.char("hero", (0, 0), seat=2)
    sc.char("hero", (1, 0), seat=1)
    mine = sc.combat_pile(0, "plus3")
    theirs = sc.combat_pile(2, "blank")
    idle = sc.combat_pile(1, "plus3")
    sc.turn(MOVE)
    assert Challenge(1, (0, 0)) not in sc.legal()
    sc.do(Challenge(2, (0, 0)))
    ev = sc.do(Engage(a, "attack", c), Engage(c, "attack", a))
    hits = {h["target"]: h for h in of(ev, CombatHit)}
    assert (hits[c]["attack"], hits[c]["damage"]) == (6, 3)  # a drew +3 for itself
    assert (hits[a]["attack"], hits[a]["damage"]) == (3, 0)
    assert sc.st.seats[0].combat_discard == mine and sc.st.seats[2].combat_discard == theirs
    assert sc.st.seats[1].combat == idle and sc.st.seats[1].combat_discard == []
