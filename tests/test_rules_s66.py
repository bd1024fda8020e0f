"""Rules scenes of s66 (5 Dec 2026): rulebook sentences whose scenario no test built yet,
or built in one easy shape only (docs/rules-coverage.md, "5 Dec 2026 (s66)"). Each test
names the section, guideline or ruling it pins, and checks the rulebook's numbers."""
from __future__ import annotations

import pytest
from scene import Scene, of
from test_effects import scene as effects_scene
from test_rules_phases import CARDS as PHASE_CARDS
from test_rules_phases import field
from test_rules_s35d import CARDS as FLASH_CARDS
from test_rules_s35d import play

from game.engine.abilities import total
from game.engine.actions import (Answer, AskPermission, Challenge, CharmAttack, Declare, Drop,
                                 EndPhase, Engage, Fight, Move, Pass, PickUp, PlayCard, RunAway, RunTo,
                                 Transfer, UseCard)
from game.engine.events import (Bonked, CharmContest, CombatCard, CombatHit, CombatTarget,
                               DisasterDefeated, DisasterEndured, DisasterEntered, GameOver, Killed,
                               PhaseBegan)
from game.engine.options import Options
from game.engine.state import DISCARD, MOVE, Place

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 5, defense: 4, movement: 1}}
- {id: ring, name: Ring, type: item}
- {id: plus2, name: Assault, type: combat, physical: {own: {attack: "+2"}}, charm: {}}
- {id: plus6, name: Crush, type: combat, physical: {own: {attack: "+6"}}, charm: {}}
"""


def brute_scene(*pile, seed: int = 0):
    """Two Heroes (3/3, Health 3) of seat 0 at (0, 0), the first carrying a Ring, and a
    Brute (5/4, Health 4) there; (1, 0) to run to. The Combat pile is `pile`."""
    sc = Scene(CARDS, seed=seed)
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


@pytest.mark.parametrize("seed", range(6))
def test_combat_with_disasters_the_pool_is_taken_again_each_round_and_the_item_drops(seed):
    """Combat with Disasters ("First, the Disaster will attack a random Character having
    an Item. However, if no Character has an Item, then a random Character will be
    attacked"; "Combat continues until ... The Disaster is Defeated") and Rules for
    Disasters ("If a Character Defeats a Disaster with an Item, the Item is dropped
    beneath the Location"). Round 1: of A (the Ring), B and C, the Brute attacks A,
    whatever the seed; A and B hit it for 3 + 3 = 6 against 4: 2 Damage, Health 4 -> 2;
    its 5 + 2 = 7 against A's 3 Bonks A (3 -> -1) and it takes the Ring. Round 2: nobody
    holds an Item, so it attacks B or C, whichever the seed picks; the card drawn for that
    one gives +6 (R22): 3 + 3 + 6 = 12 against 4, 8 Damage, Health 2 -> -6, Defeated, and
    the Ring it took lies beneath the Location again."""
    sc, a, b, brute = brute_scene("plus2", "blank", "blank", "plus6", seed=seed)
    c = sc.char("hero", (0, 0))
    ev = sc.do(Fight(brute))
    assert of(ev, CombatTarget)[0]["target"] == a
    ev = sc.do(Declare(a, "attack"), Declare(b, "attack"), Declare(c, "none"))
    on_brute, on_a = of(ev, CombatHit)
    assert (on_brute["attack"], on_brute["damage"], on_brute["health_after"]) == (6, 2, 2)
    assert (on_a["attack"], on_a["health_after"], on_a["result"]) == (7, -1, "bonked")
    ring = sc.unit(brute).items[0]
    second = of(ev, CombatTarget)[-1]["target"]
    assert second in (b, c)
    ev = sc.do(Declare(b, "attack"), Declare(c, "attack"))
    on_brute = of(ev, CombatHit)[0]
    assert (on_brute["target"], on_brute["attack"], on_brute["damage"]) == (brute, 12, 8)
    assert (on_brute["health_before"], on_brute["health_after"]) == (2, -6)
    assert of(ev, DisasterDefeated)[0]["card"] == brute
    assert ring in sc.st.places[(0, 0)].under
    assert sc.st.combat is None and sc.unit(b).damage == sc.unit(c).damage == 0


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


@pytest.mark.parametrize("seed", range(6))
def test_combat_with_disasters_the_target_is_chosen_first_an_item_passed_on_counts_next_round(
        seed):
    """Combat with Disasters ("The Disaster chooses its target first. The player then
    chooses which Characters will counter-strike or protect ... before Combat cards are
    drawn"; "First, the Disaster will attack a random Character having an Item") with
    guideline 2.7 (Transfer "during any phase"): round 2's target, A with the Ring, is
    chosen as round 1 ends; A hands the Ring to B while declaring, so round 2 still falls
    on A (5 against 3: Health 1 -> -1 after round 1's 2, Bonked) and the Brute takes
    nothing from him; round 3's pool is B alone, who holds it, never C (whatever the
    seed)."""
    sc, a, b, brute = brute_scene(*["blank"] * 6, seed=seed)
    c = sc.char("hero", (0, 0))
    ev = sc.do(Fight(brute), Declare(a, "none"), Declare(b, "none"), Declare(c, "none"))
    assert [t["target"] for t in of(ev, CombatTarget)] == [a, a]
    ring = sc.unit(a).items[0]
    sc.do(Transfer(ring, a, b))
    ev = sc.do(Declare(a, "none"), Declare(b, "none"), Declare(c, "none"))
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
    Health 1 -> -2: above -3, so Bonked, and the Combat is over. B's 3 Energy spent
    before it: 1 back after round 1, all back at the Combat's end, in the middle of seat
    0's Turn ("All expended Energy is restored at the end of Combat", R111; a Combat
    between players ending so, with no end of Turn after it to restore them, was in no
    test: its restore dropped lived every rules test)."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    a, b = sc.char("hero", (0, 0)), sc.char("hero", (0, 0))
    c = sc.char("hero", (0, 0), seat=1)
    sc.combat_pile(0, "plus2", "blank")
    sc.combat_pile(1, "blank", "blank")
    sc.turn(MOVE)
    sc.unit(b).spent = 3
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "attack", c), Engage(c, "attack", a), Engage(b, "none"))
    assert sc.unit(b).spent == 2
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
    assert (sc.st.turn_seat, sc.st.phase, sc.unit(b).spent) == (0, MOVE, 0)


# Disasters drawn ----------------------------------------------------------------------------
def test_rules_for_disasters_a_group_in_its_haven_is_no_group_along_the_path_R3():
    """Rules for Disasters ("If a non-Combat Disaster is drawn ... it will affect the first
    group along the Disaster movement path belonging to the drawing player. If [it] cannot
    affect any group belonging to the drawing player it will affect the first group along
    the Disaster movement path belonging to any player") and R3 (Havens are not on the
    path; guideline 4.14): seat 0's only group waits in its Haven, so the Gloom it draws
    goes to seat 1's Hero at (1, 2), who endures its -2 Attack for 2 Turns."""
    sc = Scene(PHASE_CARDS, seats=2)
    field(sc)
    sc.haven((2, 0), seat=1)
    home = sc.char("hero", (0, 0))
    theirs = sc.char("hero", (1, 2), seat=1)
    sc.hand(0, *["boost"] * 4)
    gloom, _ = sc.draw_pile(0, "gloom", "boost")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert of(ev, DisasterEntered) == [{"seat": 0, "card": gloom, "cell": (1, 2)}]
    assert of(ev, DisasterEndured) == [{"card": gloom, "seat": 1, "chars": [theirs], "turns": 2}]
    assert total(sc.st, sc.unit(theirs), "attack") == 1
    assert total(sc.st, sc.unit(home), "attack") == 3


def test_combat_energy_spent_before_it_comes_back_a_point_a_round_none_at_its_start_R111():
    """Combat ("During Combat, spent Energy is regained at 1 point per round of Combat.
    All expended Energy is restored at the end of Combat"; R111): a Hero who spent 2
    Energy before the Combat has them still spent when round 1 begins (no round is over
    yet), 1 after round 1, and none once the Combat ends (his group runs away)."""
    sc, a, b, brute = brute_scene(*["blank"] * 6)
    sc.unit(b).spent = 2
    sc.do(Fight(brute))
    assert sc.unit(b).spent == 2
    sc.do(Declare(a, "none"), Declare(b, "none"))
    assert sc.unit(b).spent == 1
    sc.do(RunAway(), RunTo((1, 0)))
    assert sc.unit(b).spent == 0


# Disasters' movement and attacks ---------------------------------------------------------
def test_rules_for_disasters_it_picks_up_where_it_stops_then_swaps_that_item_for_the_carriers_R21():
    """Rules for Disasters, three sentences at one stop: "it will pick up an Item from
    the first Location it stops on that has an Item"; "If a Combat Disaster stops at a
    Location where there are Characters with Items, the Disaster will automatically
    attack a random Character having an Item"; "If a Combat Disaster Bonks ... a
    Character with an Item, the Disaster drops the Item it was carrying beneath the
    Location, and takes the Item the Character had." (R21: the pick-up first.) In seat
    0's Maintenance the Brute (Movement 1) steps from (0, 0) to (0, 1), picks up the
    Idol lying there, attacks A (his Ring) with 5 + 2 = 7 against 3: 4 Damage, Health
    3 -> -1, Bonked; it drops the Idol beneath (0, 1) and carries the Ring on."""
    sc = Scene(CARDS + "- {id: idol, name: Idol, type: item}\n")
    sc.location((0, 0), under=["ring", "ring"])
    idol = sc.card("idol")
    sc.location((0, 1), under=[idol])
    a = sc.char("hero", (0, 1), items=["ring"])
    ring = sc.unit(a).items[0]
    brute = sc.disaster("brute", (0, 0))
    sc.combat_pile(0, "plus2", "blank")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert sc.unit(brute).pos == (0, 1) and sc.unit(brute).items == [idol]
    assert of(ev, CombatTarget)[0]["target"] == a
    ev = sc.do(Declare(a, "none"))
    hit, = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"], hit["damage"]) == (7, 3, 4)
    assert (hit["health_before"], hit["health_after"], hit["result"]) == (3, -1, "bonked")
    assert sc.unit(brute).items == [ring] and sc.st.places[(0, 1)].under == (idol,)


# Havens, multi-player permissions, the tally ------------------------------------------------
def test_rules_for_havens_a_guest_empties_a_haven_and_the_next_discard_phase_counts_it_R36_R14():
    """Rules for Havens ("may not stop there without asking your permission. If you do
    allow another player to stop at your Haven, that player has free access to it and may
    take out any Items or Equipment there ... if you have no Characters there, they can
    take whatever is there") and Winning the Game (R14, the tally at the start of a
    Discard phase, guideline 4.1): seat 0's Hero may not stop in seat 1's Haven unasked;
    let in, he takes both its Rings. Of the 3 Items dealt, seat 0 then holds 2: more than
    half, and the tally at seat 1's Discard phase makes seat 0 the winner, 2 to 0, the
    third still on the Field."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["ring"])
    sc.haven((-1, 0))
    sc.haven((1, 0), seat=1, stored=["ring", "ring"])
    hero = sc.char("hero", (0, 0))
    sc.turn(MOVE)
    sc.refused(Move((hero,), (1, 0)))
    sc.do(AskPermission((1, 0)), Answer(True), Move((hero,), (1, 0)))
    for ring in sc.st.places[(1, 0)].under:
        sc.do(PickUp(ring, hero))
    assert len(sc.unit(hero).items) == 2 and sc.st.places[(1, 0)].under == ()
    ev = []
    while not of(ev, GameOver):
        ev += sc.do(EndPhase())
    assert sc.st.turn_seat == 1 and [e["phase"] for e in of(ev, PhaseBegan)][-1] == DISCARD
    over, = of(ev, GameOver)
    assert (over["winners"], over["disasters_win"], over["reason"]) == ([0], False, "majority")
    assert over["items"] == {"0": 2, "1": 0, "disasters": 0, "field": 1}


def test_combat_between_players_a_pile_run_out_is_refilled_from_its_own_discard_R7():
    """Combat Between Players ("Players use their own Combat cards") and Combat ("If you
    run out of Combat cards, shuffle the Combat Discard pile, it is now your Draw pile";
    R7): seat 1's pile holds one Assault. Round 1 it is drawn for C (3 + 2 = 5 against
    A's 3: 2 Damage, Health 3 -> 1); round 2 seat 1's pile is empty, so its own discard,
    that Assault alone, becomes its pile and C draws it again: 5 against 3 once more,
    Health 1 -> -1, A Bonked. Seat 0's cards never go to seat 1."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    a = sc.char("hero", (0, 0))
    c = sc.char("hero", (0, 0), seat=1)
    mine = sc.combat_pile(0, "blank", "blank")
    assault, = sc.combat_pile(1, "plus2")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "attack", c), Engage(c, "attack", a))
    on_a = next(h for h in of(ev, CombatHit) if h["target"] == a)
    assert (on_a["attack"], on_a["damage"], on_a["health_after"]) == (5, 2, 1)
    ev = sc.do(Engage(a, "attack", c), Engage(c, "attack", a))
    assert (c, assault) in [(e["fighter"], e["card"]) for e in of(ev, CombatCard)]
    on_a = next(h for h in of(ev, CombatHit) if h["target"] == a)
    assert (on_a["attack"], on_a["health_before"], on_a["health_after"]) == (5, 1, -1)
    assert [k["card"] for k in of(ev, Bonked)] == [a]
    assert sorted(sc.st.seats[0].combat_discard) == sorted(mine)
    assert sc.st.seats[1].combat_discard == [assault]


def test_charm_combat_between_players_each_card_goes_to_its_owners_combat_discard_guideline_5():
    """Charm Combat Between Players ("Each player will draw a Combat card for their own
    Character") with Miscellaneous Rules and guideline 5 ("Discarded cards always go into
    the card owner's Discard pile"): seat 0's Hero Charm-attacks seat 1's, 1 against 1 (a
    draw: nobody is Charmed); seat 0's card goes to seat 0's Combat discard, seat 1's to
    seat 1's (one sent to the attacker's pile lived every rules test)."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    a = sc.char("hero", (0, 0))
    c = sc.char("hero", (0, 0), seat=1)
    mine, = sc.combat_pile(0, "blank")
    theirs, = sc.combat_pile(1, "blank")
    sc.turn(MOVE)
    ev = sc.do(Challenge(1, (0, 0)), CharmAttack(a, c))
    contest, = of(ev, CharmContest)
    assert (contest["cards"], contest["result"]) == ([mine, theirs], "nothing")
    assert (contest["attacker_charm"], contest["defender_charm"]) == (1, 1)
    assert (sc.st.seats[0].combat_discard, sc.st.seats[1].combat_discard) == ([mine], [theirs])


# Flash Effects' timing -------------------------------------------------------------------
def test_basic_terms_duration_a_flash_effect_played_in_anothers_turn_lapses_to_its_owners_pile():
    """Time, Duration ("The card is Discarded at the end of its last Turn"; R127: in play
    Off Field until its lasting effect ends) with guideline 5 ("Discarded cards always go
    into the card owner's Discard pile"): in seat 0's Turn, seat 1, declaring in a Combat
    between players, plays a Rally (+1 Attack for the Combat) on its Hero (3 -> 4); its
    Hero runs away, the Combat ends, and the Rally goes to seat 1's Discard pile, not to
    that of seat 0, whose Turn it is (one sent there lived every rules test)."""
    sc = Scene(FLASH_CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    mine = sc.char("hero", (0, 0))
    theirs = sc.char("hero", (0, 0), seat=1)
    for seat in range(2):
        sc.hand(seat, *["idol"] * 7)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)), Engage(mine, "none"))
    assert sc.st.current_seat() == 1
    rally = play(sc, 1, "rally", theirs)
    assert rally in [o.card for o in sc.st.off_field]
    assert total(sc.st, sc.unit(theirs), "attack") == 4
    sc.do(RunAway(), RunTo((1, 0)))
    assert sc.st.duel is None and sc.st.turn_seat == 0
    assert rally in sc.st.seats[1].discard and rally not in sc.st.seats[0].discard
    assert total(sc.st, sc.unit(theirs), "attack") == 3


def test_guideline_5_a_card_discarded_for_a_havens_cost_in_anothers_turn_goes_to_its_owner():
    """Guideline 3.1 (a Haven's ability answers a Flash Effect) with guideline 5
    ("Discarded cards always go into the owner's Discard pile"): in seat 0's Turn, seat 1
    answers seat 0's Boost with its Lost and Found (cost: discard a card): the Hero card
    discarded from seat 1's hand goes to seat 1's Discard pile and the Sword comes back to
    its hand; seat 0's pile gets nothing (its Boost lies Off Field for the Turn, R127; a
    cost discarded to the Turn's player lived every rules test)."""
    sc = effects_scene(seats=2)
    hero = sc.char("hero", (0, 0))
    lost = sc.card("lost", 1)
    sc.st.places[(2, 0)] = Place(lost, "haven", 1)
    sc.st.seats[1].havens.append((2, 0))
    sword, = sc.st.seats[1].discard = sc.cards(["sword"], 1)
    spent, = sc.hand(1, "hero")
    boost, = sc.hand(0, "boost")
    sc.do(PlayCard(boost, hero), UseCard(lost))
    assert sc.st.seats[1].discard == [spent] and sc.st.seats[1].hand == [sword]
    while sc.st.flash_stack:
        sc.do(Pass())
    assert boost in [o.card for o in sc.st.off_field] and sc.st.seats[0].discard == []
