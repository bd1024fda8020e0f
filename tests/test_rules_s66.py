"""Rules scenes of s66 (5 Dec 2026): rulebook sentences whose scenario no test built yet,
or built in one easy shape only (docs/rules-coverage.md, "5 Dec 2026 (s66)"). Each test
names the section, guideline or ruling it pins, and checks the rulebook's numbers."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import Challenge, Declare, Drop, Engage, Fight, RunAway, RunTo, Transfer
from game.engine.events import Bonked, CombatHit, CombatTarget, DisasterDefeated, Killed
from game.engine.options import Options
from game.engine.state import DISCARD, MOVE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 5, defense: 4, movement: 1}}
- {id: ring, name: Ring, type: item}
- {id: plus2, name: Assault, type: combat, physical: {own: {attack: "+2"}}, charm: {}}
- {id: plus6, name: Crush, type: combat, physical: {own: {attack: "+6"}}, charm: {}}
"""


def brute_scene(*pile):
    """Two Heroes (3/3, Health 3) of seat 0 at (0, 0), the first carrying a Ring, and a
    Brute (5/4, Health 4) there; (1, 0) to run to. The Combat pile is `pile`."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ring", "ring"])  # Items left under: no majority (R14)
    sc.location((1, 0))
    a = sc.char("hero", (0, 0), items=["ring"])
    b = sc.char("hero", (0, 0))
    brute = sc.disaster("brute", (0, 0))
    sc.combat_pile(0, *pile)
    sc.turn(MOVE)
    return sc, a, b, brute


# Combat rounds --------------------------------------------------------------------------
def test_basic_terms_kill_from_1_health_left_by_an_earlier_round_R9():
    """Basic Terms, Kill ("The difference between 1 Health and the negative of the base
    Health must be overcome in a single attack") over two Combat rounds (Physical Combat,
    "Health - Damage = Health" accrued): round 1 the Brute's 5 against the Hero's 3 takes
    Health 3 to 1; round 2 its 5 + 2 = 7 takes 1 to -3, the negative of his base Health,
    in one attack: Killed, not Bonked, and the Brute takes his Ring."""
    sc, a, b, brute = brute_scene("blank", "blank", "plus2", "blank")
    sc.do(Fight(brute))
    ev = sc.do(Declare(a, "none"), Declare(b, "none"))
    hit, = of(ev, CombatHit)
    assert (hit["target"], hit["attack"], hit["defense"], hit["damage"]) == (a, 5, 3, 2)
    assert (hit["health_before"], hit["health_after"], hit["result"]) == (3, 1, "ok")
    ev = sc.do(Declare(a, "none"), Declare(b, "none"))
    hit, = of(ev, CombatHit)
    assert (hit["attack"], hit["damage"], hit["health_before"], hit["health_after"]) == \
        (7, 4, 1, -3)
    assert [k["card"] for k in of(ev, Killed)] == [a] and not of(ev, Bonked)
    assert a in sc.st.seats[0].discard
    assert [sc.game.card(c).id for c in sc.unit(brute).items] == ["ring"]


def test_basic_terms_bonk_one_short_of_the_kill_in_a_later_round_R9():
    """The same two rounds one point short: round 2's 5 + 0 against 3 takes Health 1 to
    -1, above -3: Bonked, out for a Turn (R9), and the Brute still takes his Ring."""
    sc, a, b, brute = brute_scene("blank", "blank", "blank", "blank", "blank", "blank")
    sc.do(Fight(brute), Declare(a, "none"), Declare(b, "none"))
    ev = sc.do(Declare(a, "none"), Declare(b, "none"))
    hit, = of(ev, CombatHit)
    assert (hit["health_before"], hit["health_after"], hit["result"]) == (1, -1, "bonked")
    assert [k["card"] for k in of(ev, Bonked)] == [a] and not of(ev, Killed)
    assert [sc.game.card(c).id for c in sc.unit(brute).items] == ["ring"]


def test_combat_with_disasters_the_pool_is_taken_again_each_round_and_the_item_drops():
    """Combat with Disasters ("First, the Disaster will attack a random Character having
    an Item. However, if no Character has an Item, then a random Character will be
    attacked"; "Combat continues until ... The Disaster is Defeated") and Rules for
    Disasters ("If a Character Defeats a Disaster with an Item, the Item is dropped
    beneath the Location"). Round 1: the Brute attacks A, the one with the Ring; A and B
    hit it for 3 + 3 = 6 against 4: 2 Damage, Health 4 -> 2; its 5 + 2 = 7 against A's 3
    Bonks A (3 -> -1) and it takes the Ring. Round 2: nobody holds an Item, so it attacks
    B; B's 3 + 6 = 9 against 4 is 5 Damage, Health 2 -> -3: Defeated, and the Ring it took
    lies beneath the Location again. B's 2 Damage is healed at the end of Combat."""
    sc, a, b, brute = brute_scene("plus2", "blank", "blank", "plus6")
    ev = sc.do(Fight(brute))
    assert of(ev, CombatTarget)[0]["target"] == a
    ev = sc.do(Declare(a, "attack"), Declare(b, "attack"))
    on_brute, on_a = of(ev, CombatHit)
    assert (on_brute["attack"], on_brute["damage"], on_brute["health_after"]) == (6, 2, 2)
    assert (on_a["attack"], on_a["health_after"], on_a["result"]) == (7, -1, "bonked")
    ring = sc.unit(brute).items[0]
    assert of(ev, CombatTarget)[-1]["target"] == b  # round 2's target, from the second pool
    ev = sc.do(Declare(b, "attack"))
    on_brute, on_b = of(ev, CombatHit)
    assert (on_brute["attack"], on_brute["damage"]) == (9, 5)
    assert (on_brute["health_before"], on_brute["health_after"]) == (2, -3)
    assert (on_b["attack"], on_b["damage"], on_b["health_after"]) == (5, 2, 1)
    assert of(ev, DisasterDefeated)[0]["card"] == brute
    assert ring in sc.st.places[(0, 0)].under
    assert sc.st.combat is None and sc.unit(b).damage == 0


def test_basic_terms_run_away_in_round_2_the_final_attack_falls_on_health_already_lost_R27():
    """Basic Terms, Run Away ("say so at the beginning of any Combat round. The opponent
    will get one final, unanswered attack upon your Characters. Move any remaining
    Characters 1 Location. This will end your Turn") said at round 2: round 1 left A at
    Health 1; the final attack's 5 against 3 takes 1 to -1 (Bonked: from 1, -3 was not
    reached), the Brute takes the Ring and is hit by nobody, and B alone runs to (1, 0)
    healed; seat 0's Turn is over."""
    sc, a, b, brute = brute_scene("blank", "blank", "blank", "blank")
    turns = sc.st.seats[0].turns
    sc.do(Fight(brute), Declare(a, "none"), Declare(b, "attack"))
    assert sc.unit(a).damage == 2 and sc.unit(brute).damage == 0
    ev = sc.do(RunAway())
    hit, = of(ev, CombatHit)
    assert (hit["target"], hit["attack"], hit["health_before"], hit["health_after"]) == \
        (a, 5, 1, -1)
    assert [k["card"] for k in of(ev, Bonked)] == [a]
    assert [sc.game.card(c).id for c in sc.unit(brute).items] == ["ring"]
    sc.do(RunTo((1, 0)))
    assert sc.unit(b).pos == (1, 0) and sc.unit(b).damage == 0
    assert sc.unit(brute).pos == (0, 0) and sc.unit(brute).damage == 0
    assert (sc.st.seats[0].turns, sc.st.phase) == (turns + 1, DISCARD)  # its next Turn


def test_combat_with_disasters_the_target_is_chosen_first_an_item_passed_on_counts_next_round():
    """Combat with Disasters ("The Disaster chooses its target first. The player then
    chooses which Characters will counter-strike or protect ... before Combat cards are
    drawn"; the Item pool) with guideline 2.7 (Transfer "during any phase"): round 2's
    target, A with the Ring, is chosen as round 1 ends; A hands the Ring to B while
    declaring, so round 2 still falls on A (5 against 3: Health 1 -> -1 after round 1's
    2, Bonked) and the Brute takes nothing from him; round 3's pool is B, who holds it."""
    sc, a, b, brute = brute_scene(*["blank"] * 6)
    ev = sc.do(Fight(brute), Declare(a, "none"), Declare(b, "none"))
    assert of(ev, CombatTarget)[-1]["target"] == a and sc.st.combat is not None
    ring = sc.unit(a).items[0]
    sc.do(Transfer(ring, a, b))
    ev = sc.do(Declare(a, "none"), Declare(b, "none"))
    hit = of(ev, CombatHit)[0]
    assert (hit["target"], hit["health_before"], hit["health_after"]) == (a, 1, -1)
    assert [k["card"] for k in of(ev, Bonked)] == [a]
    assert sc.unit(brute).items == [] and sc.unit(b).items == [ring]
    assert of(ev, CombatTarget)[-1]["target"] == b


def test_basic_terms_drop_after_the_target_is_chosen_the_disaster_bonks_and_takes_nothing():
    """Basic Terms, Drop ("Items and Equipment may be Dropped any time ... under a Location
    they must be Scavenged") and Rules for Disasters ("If a Combat Disaster Bonks or Kills
    a Character with an Item, ... takes the Item the Character had"): A, attacked again in
    round 2 at Health 1, drops the Ring before the cards are drawn; Bonked, he has no Item
    and the Brute carries none; the Ring lies under the Location."""
    sc, a, b, brute = brute_scene(*["blank"] * 6)
    sc.do(Fight(brute), Declare(a, "none"), Declare(b, "none"))
    ring = sc.unit(a).items[0]
    sc.do(Drop(ring, a))
    ev = sc.do(Declare(a, "none"), Declare(b, "none"))
    assert [k["card"] for k in of(ev, Bonked)] == [a]
    assert sc.unit(brute).items == [] and ring in sc.st.places[(0, 0)].under


# Combat between players ----------------------------------------------------------------
def test_combat_between_players_two_rounds_the_attacker_declares_first_each_round():
    """Combat Between Players: "Players take turns declaring ..., with the attacking player
    going first" (again in round 2), Damage accrued from round to round, and "Combat
    continues until: 1. All Characters on one side are Bonked or Killed". Round 1: A
    (3 + 2 from the card drawn for him) hits C for 5 - 3 = 2 (Health 3 -> 1); C's 3
    against A's 3 does nothing. Round 2: A and B together hit C for 3 + 3 = 6 - 3 = 3,
    Health 1 -> -2: above -3, so Bonked, and the Combat is over."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    a, b = sc.char("hero", (0, 0)), sc.char("hero", (0, 0))
    c = sc.char("hero", (0, 0), seat=1)
    sc.combat_pile(0, "plus2", "blank")
    sc.combat_pile(1, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "attack", c), Engage(c, "attack", a), Engage(b, "none"))
    on_c, on_a = sorted(of(ev, CombatHit), key=lambda h: h["target"] != c)
    assert (on_c["attack"], on_c["damage"], on_c["health_after"]) == (5, 2, 1)
    assert (on_a["attack"], on_a["defense"], on_a["damage"]) == (3, 3, 0)
    assert sc.st.duel is not None and sc.st.current_seat() == 0
    sc.refused(Engage(c, "attack", b))  # round 2: seat 0, the attacker, declares first
    ev = sc.do(Engage(a, "attack", c), Engage(c, "attack", b), Engage(b, "attack", c))
    on_c = next(h for h in of(ev, CombatHit) if h["target"] == c)
    assert (on_c["attack"], on_c["damage"]) == (6, 3)
    assert (on_c["health_before"], on_c["health_after"], on_c["result"]) == (1, -2, "bonked")
    assert [k["card"] for k in of(ev, Bonked)] == [c] and not of(ev, Killed)
    assert sc.st.duel is None and sc.unit(a).damage == sc.unit(b).damage == 0
