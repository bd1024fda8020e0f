"""Combat between players (rulebook, Combat Between Players, Charm Combat Between
Players, Protecting, Run Away, Rules for Havens; R9-R12, R33-R36)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs
from scene import Scene, of

from game.engine.actions import (Answer, AskPermission, BreakCharm, Challenge, CharmAttack,
                                 Engage, Move, Order, Proceed, RunAway, RunTo, UseEquipment,
                                 parse)
from game.engine.events import (Bonked, CharmContest, CombatCard, CombatHit, DuelEnded, Killed, Moved, RanAway)
from game.engine.options import Options
from game.engine import terrain
from game.engine.save import snapshot
from game.engine.state import MOVE, SCAVENGE, Lasting, Place
from game.engine.view import view
from game.ui.table.words import event_text

# The stats the rulebook's example "Combat between Players" implies: Health is base
# Defense; Leon (Attack 2, Defense 2) and Dailey (Defense 2) are Killed by 10 and 5
# Damage; In My Sights is +5 Attack, Toss +2 Attack and Defense, both for their own
# Character.
CARDS = """\
- {id: ryoko, name: Ryoko, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 3}}
- {id: armitage, name: Naomi Armitage, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 5, energy: 2}}
- {id: launch, name: Launch (Bad), type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 5, energy: 1}}
- {id: leon, name: Leon McNichol, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: dailey, name: Dailey Wong, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: in-my-sights, name: In My Sights, type: combat,
   physical: {own: {attack: "+5"}}, charm: {}}
- {id: toss, name: Toss, type: combat,
   physical: {own: {attack: "+2", defense: "+2"}}, charm: {}}
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: dull, name: Dull, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: tank, name: Tank, type: character, gender: male,
   abilities: {attack: 0, defense: 10, movement: 2, charm: 1, energy: 1}}
- {id: wow, name: Wow, type: combat, physical: {}, charm: {own: {charm: "+9"}}}
- {id: done-here, name: "We're Done Here", type: combat, physical: {},
   charm: {opponent: {charm: "/2"}}}
- {id: spiked, name: Spiked, type: combat, physical: {own: {defense: "-2"}}, charm: {}}
- {id: exposed, name: Exposed, type: combat, physical: {own: {defense: "-9"}}, charm: {}}
- {id: jinx, name: Jinx, type: combat, physical: {opponent: {defense: "-3"}}, charm: {}}
- {id: ring, name: Ring, type: item}
- {id: fort, name: Fort, type: haven, abilities: {attack: 4, defense: 5}}
- {id: club, name: Club, type: equipment, bonuses: {attack: "+2"}}
"""

NO_CHARM = Options(charm_combat=False)


def leon_scene(options: Options = Options()):
    """Seat 0's Ryoko, Armitage and Launch and seat 1's Leon and Dailey at one Location."""
    sc = Scene(CARDS, seats=2, options=options)
    sc.location((0, 0))
    sc.location((1, 0))
    ryoko = sc.char("ryoko", (0, 0))
    armitage = sc.char("armitage", (0, 0))
    launch = sc.char("launch", (0, 0))
    leon = sc.char("leon", (0, 0), seat=1)
    dailey = sc.char("dailey", (0, 0), seat=1)
    sc.turn(MOVE)
    return sc, ryoko, armitage, launch, leon, dailey


def test_golden_combat_between_players_leon_and_dailey():
    """Rulebook, "Combat between Players": every number of the worked example."""
    sc, ryoko, armitage, launch, leon, dailey = leon_scene()
    # "draw a Combat card for each Character that is being attacked", from its owner's
    # pile: Leon (attacked by three) and Launch (attacked by Leon), nobody else.
    mine = sc.combat_pile(0, "in-my-sights")
    theirs = sc.combat_pile(1, "toss")
    sc.do(Challenge(1, (0, 0)))
    sc.do(Proceed(), Proceed())  # both pass in Charm Combat
    # Players take turns declaring, the attacking player first.
    ev = sc.do(Engage(ryoko, "attack", leon), Engage(leon, "attack", launch),
               Engage(armitage, "attack", leon), Engage(dailey, "protect", leon),
               Engage(launch, "attack", leon))
    assert [(e["fighter"], e["card"]) for e in of(ev, CombatCard)] == [
        (leon, theirs[0]), (launch, mine[0])]
    on_leon, on_launch = of(ev, CombatHit)
    # Ryoko (4) + Armitage (4) + Launch (3 + 5) = 16 Attack; Leon (2 + 2) + Dailey (2) = 6.
    assert on_leon["target"] == leon and on_leon["attackers"] == [ryoko, armitage, launch]
    assert (on_leon["attack"], on_leon["defense"], on_leon["damage"]) == (16, 6, 10)
    # Leon takes 10 Damage and is Killed; Dailey takes half of 10 for 5 and is Killed.
    assert (on_leon["health_before"], on_leon["health_after"]) == (2, -8)
    assert on_leon["result"] == "killed"
    assert on_leon["protectors"] == [{"id": dailey, "damage": 5}]
    assert {e["card"] for e in of(ev, Killed)} == {leon, dailey}
    # Leon's attack is (2 + 2) = 4; Launch's Defense = 3; 1 Damage; Launch keeps on kicking.
    assert on_launch["target"] == launch and on_launch["attackers"] == [leon]
    assert (on_launch["attack"], on_launch["defense"], on_launch["damage"]) == (4, 3, 1)
    assert (on_launch["health_before"], on_launch["health_after"]) == (3, 2)
    assert on_launch["result"] == "ok"
    assert leon in sc.st.seats[1].discard and dailey in sc.st.seats[1].discard
    # All Characters on one side are Killed: Combat ends, Health is restored.
    assert of(ev, DuelEnded) and sc.st.duel is None
    assert sc.unit(launch).damage == 0
    assert sc.st.seats[0].combat_discard == mine and sc.st.seats[1].combat_discard == theirs


def duel_scene(mine=("hero",), theirs=("hero",), options: Options = NO_CHARM, seed: int = 0,
               cards: str = CARDS):
    """Seat 0's and seat 1's Characters at (0, 0); seat 0 in its Move phase. Something
    is left to Scavenge (`cards` must hold a "ring"), so the game goes on past a Discard
    phase (R14)."""
    sc = Scene(cards, seats=2, options=options, seed=seed)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    a = [sc.char(c, (0, 0)) for c in mine]
    b = [sc.char(c, (0, 0), seat=1) for c in theirs]
    sc.turn(MOVE)
    return sc, a, b


def test_the_players_choose_the_equipment_used_before_combat_cards_are_drawn():
    """Combat Between Players: "The players must choose what Equipment the Characters
    will use before Combat cards are drawn": a piece put to use while declaring adds
    its bonus to that round's attack; one left unused adds nothing."""
    for use in (False, True):
        sc, (a,), (b,) = duel_scene(("hero",), ("tank",))
        club = sc.card("club")
        sc.unit(a).equipment.append(club)
        sc.combat_pile(1, "blank")
        sc.do(Challenge(1, (0, 0)))
        assert UseEquipment(club, a) in sc.legal()
        if use:
            sc.do(UseEquipment(club, a))
        ev = sc.do(Engage(a, "attack", b), Engage(b, "none"))
        assert of(ev, CombatHit)[0]["attack"] == 3 + 2 * use


# Initiating ---------------------------------------------------------------------------
def test_combat_is_initiated_on_another_players_characters_at_the_location_R33():
    sc, (a,), (b,) = duel_scene()
    assert Challenge(1, (0, 0)) in sc.legal()
    assert str(Challenge(1, (0, 0))) == "challenge 1 at 0,0"
    sc.do(Challenge(1, (0, 0)))
    assert sc.st.duel is not None and sc.st.current_seat() == 0
    assert sc.st.duel.fighters == [a, b]


def test_combat_between_players_is_initiated_in_move_or_scavenge_R33():
    sc, _, _ = duel_scene()
    sc.turn(SCAVENGE)
    assert Challenge(1, (0, 0)) in sc.legal()
    sc.turn("equip")
    sc.refused(Challenge(1, (0, 0)), "Move or Scavenge")


def test_no_combat_without_characters_of_both_at_the_cell_R33():
    sc, (a,), (b,) = duel_scene()
    sc.st.move_unit(sc.unit(b), (1, 0))
    assert not [x for x in sc.legal() if isinstance(x, Challenge)]
    sc.refused(Challenge(1, (1, 0)))


def test_combat_between_players_begins_once_per_turn_at_a_cell_R33():
    sc, (a,), (b,) = duel_scene()
    sc.do(Challenge(1, (0, 0)), Engage(a, "none"), RunAway(), RunTo((1, 0)))  # b runs
    assert sc.st.duel is None and sc.st.turn_seat == 0
    sc.st.move_unit(sc.unit(b), (0, 0))  # back at the cell (say, by a card)
    assert Challenge(1, (0, 0)) not in sc.legal()
    sc.refused(Challenge(1, (0, 0)), "once per Turn")


def test_duel_actions_round_trip_through_parse():
    for a in (Challenge(2, (1, -1)), Engage(5, "attack", 9), Engage(5, "protect", 7),
              Engage(5, "none"), CharmAttack(5, 9), Order(5, 9, "hand-over"),
              Order(5, 9, "no-attack"), AskPermission((0, 2)), Answer(True), Answer(False)):
        assert parse(str(a)) == a


# Declaring -----------------------------------------------------------------------------
def test_players_take_turns_declaring_the_attacking_player_first():
    """Combat Between Players: "Players take turns declaring ... the attacking player first"."""
    sc, (a1, a2), (b1, b2) = duel_scene(("hero", "hero"), ("hero", "hero"))
    sc.do(Challenge(1, (0, 0)))
    assert sc.st.current_seat() == 0
    sc.refused(Engage(b1, "none"))
    sc.do(Engage(a1, "none"))
    assert sc.st.current_seat() == 1
    sc.refused(Engage(a2, "none"))
    sc.do(Engage(b1, "none"))
    assert sc.st.current_seat() == 0


def test_characters_of_one_player_never_attack_each_other():
    """Guideline 2.11: Characters under your Control cannot Attack each other."""
    sc, (a1, a2), (b,) = duel_scene(("hero", "hero"))
    sc.do(Challenge(1, (0, 0)))
    attacks = [x.target for x in sc.legal() if isinstance(x, Engage) and x.role == "attack"]
    assert attacks == [b]
    sc.refused(Engage(a1, "attack", a2))


def test_up_to_3_characters_attack_the_same_target():
    sc, mine, (b1, b2) = duel_scene(("hero",) * 4, ("tank", "tank"))
    sc.do(Challenge(1, (0, 0)))
    sc.do(Engage(mine[0], "attack", b1), Engage(b1, "none"), Engage(mine[1], "attack", b1),
          Engage(b2, "none"), Engage(mine[2], "attack", b1))
    assert Engage(mine[3], "attack", b1) not in sc.legal()
    sc.refused(Engage(mine[3], "attack", b1), "3")
    assert Engage(mine[3], "attack", b2) in sc.legal()


def test_up_to_2_characters_protect_the_same_character():
    sc, mine, (b,) = duel_scene(("hero",) * 4, ("hero",))
    sc.do(Challenge(1, (0, 0)))
    sc.do(Engage(mine[0], "none"), Engage(b, "attack", mine[0]))
    sc.do(Engage(mine[1], "protect", mine[0]), Engage(mine[2], "protect", mine[0]))
    sc.refused(Engage(mine[3], "protect", mine[0]), "2")
    assert Engage(mine[3], "protect", mine[1]) in sc.legal()


def test_protector_adds_its_defense_and_takes_half_the_damage_at_least_1_R10():
    sc, (a, guard), (b,) = duel_scene(("hero", "tank"), ("hero",))
    sc.combat_pile(1, "blank")
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "none"), Engage(b, "attack", a), Engage(guard, "protect", a))
    (hit,) = of(ev, CombatHit)
    # Hero's Attack 3 against 3 + 10: no Damage, yet the protector takes 1.
    assert (hit["attack"], hit["defense"], hit["damage"]) == (3, 13, 0)
    assert hit["protectors"] == [{"id": guard, "damage": 1}]
    # Health is restored at the end of Combat, but the Damage was taken in the round.
    assert hit["health_before"] == hit["health_after"] == 3


def test_protector_takes_half_rounded_down_R10():
    sc, (a, guard), (b1, b2) = duel_scene(("hero", "hero"), ("hero", "hero"))
    sc.combat_pile(0, "exposed")  # drawn for Hero, the one attacked: its Defense 3 - 9 = 0
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "none"), Engage(b1, "attack", a), Engage(guard, "protect", a),
               Engage(b2, "attack", a))
    (hit,) = of(ev, CombatHit)
    # 3 + 3 Attack against 0 + 3 Defense: 3 Damage, the protector takes half, 1.
    assert (hit["attack"], hit["defense"], hit["damage"]) == (6, 3, 3)
    assert hit["protectors"] == [{"id": guard, "damage": 1}]


# Combat cards -------------------------------------------------------------------------
def test_combat_cards_for_each_character_being_attacked_from_its_owners_pile():
    """Combat Between Players: "For each round of Combat you will draw a Combat card for
    each Character that is being attacked." "Players use their own Combat cards." (The
    rulebook beats guideline 1.4's card per attacker, R1.) A protector and an attacker
    nobody attacks draw none."""
    sc, (a, guard, c), (b, e) = duel_scene(("hero", "hero", "hero"), ("hero", "hero"))
    mine = sc.combat_pile(0, "blank", "blank")
    theirs = sc.combat_pile(1, "blank", "blank")
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "attack", b), Engage(b, "attack", a), Engage(guard, "protect", a),
               Engage(e, "none"), Engage(c, "attack", b))
    assert [(x["fighter"], x["card"]) for x in of(ev, CombatCard)] == [(b, theirs[0]),
                                                                       (a, mine[0])]
    assert sc.st.seats[0].combat == [mine[1]] and sc.st.seats[1].combat == [theirs[1]]


def test_own_card_first_then_the_opponents_cards_on_it_R33_R48():
    """Combat Between Players: "apply any effects from the cards drawn for the opponent that
    effect the Character". Hero, attacked by the Tank, draws Jinx (opponent -3 Defense):
    it lowers the total of Hero's opponent, the Tank that Hero attacks."""
    sc, (a,), (b,) = duel_scene(("hero",), ("tank",))
    sc.combat_pile(0, "jinx")
    sc.combat_pile(1, "blank")
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "attack", b), Engage(b, "attack", a))
    on_b = next(h for h in of(ev, CombatHit) if h["target"] == b)
    assert (on_b["attack"], on_b["defense"]) == (3, 10 - 3)


def test_attack_and_counter_attack_are_simultaneous():
    """Physical Combat: both land in the same round even when each Bonks the other."""
    sc, (a,), (b,) = duel_scene()
    sc.combat_pile(0, "in-my-sights")
    sc.combat_pile(1, "in-my-sights")
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "attack", b), Engage(b, "attack", a))
    assert [h["result"] for h in of(ev, CombatHit)] == ["bonked", "bonked"]  # 8 - 3 = 5
    assert {e["card"] for e in of(ev, Bonked)} == {a, b}
    assert sc.st.duel is None


def test_hit_events_have_the_fields_of_combat_with_a_disaster():
    sc, (a,), (b,) = duel_scene()
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "attack", b), Engage(b, "none"))
    (hit,) = of(ev, CombatHit)
    assert {"round", "target", "target_kind", "disaster_class", "attackers", "attack",
            "defense", "damage", "health_before", "health_after", "base_health", "result",
            "protectors"} <= set(hit)


# Rounds and the end -----------------------------------------------------------------
def test_rounds_go_on_until_one_side_is_all_bonked_or_killed():
    sc, (a,), (b,) = duel_scene(("hero",), ("hero",))
    sc.combat_pile(0, "blank", "blank", "blank")
    sc.st.units[a].spent = 1  # e.g. a cost paid this Turn
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "attack", b), Engage(b, "none"))
    # Hero's 3 against Hero's 3: no Damage, but an attack was made: round 2 begins.
    assert sc.st.duel is not None and sc.st.duel.round == 2
    assert sc.unit(a).spent == 0  # spent Energy comes back 1 point per round
    sc.st.seats[1].combat = sc.cards(["exposed"], 1)  # drawn for b: 3 Attack - 0 Defense
    ev = sc.do(Engage(a, "attack", b), Engage(b, "none"))
    assert of(ev, Bonked) and sc.st.duel is None


def test_a_round_that_hurts_nobody_ends_nothing_combat_between_players():
    """Combat Between Players: "Combat continues until: 1. All Characters on one side are
    Bonked or Killed. 2. One side Runs Away." (R33 e and R41 are withdrawn.) A round
    with attacks that hurt nobody, or one side's only, is followed by another."""
    sc, (a,), (b,) = duel_scene()
    sc.do(Challenge(1, (0, 0)))
    sc.unit(a).damage = 2
    ev = sc.do(Engage(a, "none"), Engage(b, "attack", a))
    assert not of(ev, DuelEnded) and sc.st.duel.round == 2
    assert sc.unit(a).damage == 2  # Damage accrues during the Combat
    for _ in range(4):  # Hero's 3 against Hero's 3
        ev = sc.do(Engage(a, "attack", b), Engage(b, "attack", a))
        assert [h["damage"] for h in of(ev, CombatHit)] == [0, 0] and not of(ev, DuelEnded)
    assert sc.st.duel.round == 6


def test_a_round_nobody_attacks_in_is_followed_by_the_initiator_running_away_R44():
    """R44: "Combat continues until ... 2. One side Runs Away" does not say what becomes
    of a Combat neither side fights. After a round in which nobody attacks, the
    initiator Runs Away at the beginning of the next: the final attack, the move, and
    the end of its Turn (Run Away, R33 f)."""
    sc, (a,), (b,) = duel_scene()
    sc.combat_pile(0, "blank")
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "none"), Engage(b, "none"))
    assert of(ev, RanAway) == [{"seat": 0, "cell": (0, 0)}]
    assert sc.st.duel.round == 2 and sc.st.current_seat() == 1
    ev = sc.do(Engage(b, "attack", a))
    assert of(ev, CombatHit)[0]["final"]
    sc.do(RunTo((1, 0)))
    assert sc.st.duel is None and sc.unit(a).pos == (1, 0)
    assert sc.st.turn_seat == 1


def test_a_combat_neither_side_will_fight_cannot_go_on_for_ever_R44():
    """Two players who only stay out of every round, whatever they are offered: the
    Combat ends within a round or two, with both sides No Action as well (guideline
    1.1: they can only defend and Run Away; each side would stay out for ever). The No
    Action comes once the Combat has begun: a side with No Action initiates none."""
    for frozen in (False, True):
        sc, (a1, a2), (b1, b2) = duel_scene(("hero", "hero"), ("hero", "hero"))
        sc.do(Challenge(1, (0, 0)))
        if frozen:
            for u in (a1, a2, b1, b2):
                sc.st.add_lasting(Lasting(u, u, 0, flags=("no_action",), until="game"))
        for _ in range(20):
            if sc.st.duel is None:
                break
            legal = sc.legal()
            stay = [x for x in legal if isinstance(x, Engage) and x.role == "none"]
            sc.do(stay[0] if stay else next(x for x in legal if not isinstance(x, RunAway)))
        assert sc.st.duel is None, frozen


def test_health_is_restored_when_one_side_runs_away_combat_between_players():
    """"The Health of any Characters ... still alive at the end of Combat is immediately
    restored to full": here the end is the defender Running Away."""
    sc, (a,), (b,) = duel_scene()
    sc.do(Challenge(1, (0, 0)))
    sc.unit(a).damage = 2
    ev = sc.do(Engage(a, "none"), RunAway(), RunTo((1, 0)))
    assert of(ev, DuelEnded) and sc.st.duel is None and sc.unit(a).damage == 0
    assert sc.st.phase == MOVE and sc.st.turn_seat == 0  # the initiator's Turn goes on
    line, _ = event_text(DuelEnded(0, 1, (0, 0), 1), str, "P{}".format)
    assert line == "The Combat between P0 and P1 ends; Health and Energy are restored"


# Running Away ---------------------------------------------------------------------------
def test_run_away_gives_one_final_unanswered_attack_and_the_runners_move_1_location():
    """Run Away: the opponent attacks once more, unanswered; survivors move 1 Location;
    Running Away ends the runner's Turn (R33 f)."""
    sc, (a1, a2), (b,) = duel_scene(("hero", "hero"), ("hero",))
    sc.combat_pile(1, "blank")
    sc.do(Challenge(1, (0, 0)))
    assert RunAway() in sc.legal()
    ev = sc.do(RunAway())
    assert of(ev, RanAway) == [{"seat": 0, "cell": (0, 0)}]
    assert sc.st.current_seat() == 1
    assert Engage(b, "protect", b) not in sc.legal()
    ev = sc.do(Engage(b, "attack", a1))
    (hit,) = of(ev, CombatHit)
    assert hit["final"] and hit["protectors"] == [] and hit["attackers"] == [b]
    assert sc.st.current_seat() == 0
    ev = sc.do(RunTo((1, 0)))
    assert of(ev, Moved)[0]["dest"] == (1, 0)
    assert sc.unit(a1).pos == sc.unit(a2).pos == (1, 0)
    assert sc.st.duel is None
    assert sc.st.turn_seat == 1  # "This will end your Turn."


def test_the_defender_running_away_leaves_the_initiators_turn_going_R33():
    sc, (a,), (b,) = duel_scene()
    sc.do(Challenge(1, (0, 0)), Engage(a, "none"), RunAway(), RunTo((1, 0)))
    assert sc.unit(b).pos == (1, 0) and sc.st.duel is None
    assert (sc.st.turn_seat, sc.st.phase) == (0, MOVE)


def test_run_away_is_said_at_the_beginning_of_a_round():
    sc, (a1, a2), (b,) = duel_scene(("hero", "hero"), ("hero",))
    sc.do(Challenge(1, (0, 0)), Engage(a1, "none"), Engage(b, "attack", a1))
    assert RunAway() not in sc.legal()
    sc.refused(RunAway())


def test_runners_survivors_stay_when_they_can_stop_nowhere():
    sc, (a,), (b,) = duel_scene()
    del sc.st.places[(1, 0)]
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "none"), RunAway())
    assert of(ev, DuelEnded) and sc.unit(b).pos == (0, 0)


# Charm Combat Between Players ----------------------------------------------------------
def charm_scene(mine=("hero",), theirs=("hero",)):
    sc, a, b = duel_scene(mine, theirs, Options())
    return sc, a, b


def test_charm_combat_comes_first_and_players_alternate_the_initiator_first_R12():
    sc, (a1, a2), (b1, b2) = charm_scene(("hero", "hero"), ("hero", "hero"))
    sc.do(Challenge(1, (0, 0)))
    assert sc.st.duel.stage == "charm" and sc.st.current_seat() == 0
    assert CharmAttack(a1, b1) in sc.legal() and Proceed() in sc.legal()
    sc.do(CharmAttack(a1, b1))
    assert sc.st.current_seat() == 1


def test_no_charm_combat_with_the_option_off_R12():
    sc, _, _ = duel_scene(options=NO_CHARM)
    sc.do(Challenge(1, (0, 0)))
    assert sc.st.duel.stage == "declare"


def test_characters_with_base_charm_0_take_no_part_R12():
    sc, (a,), (b,) = charm_scene(("hero",), ("dull",))
    sc.do(Challenge(1, (0, 0)))
    assert sc.st.duel.stage == "declare"  # nobody to Charm-attack: straight to Physical


def test_the_attacker_charms_on_a_higher_total_drawing_its_own_card():
    """Charm Combat Between Players: each player draws for its own Character."""
    sc, (a,), (b,) = charm_scene()
    mine = sc.combat_pile(0, "wow")
    theirs = sc.combat_pile(1, "blank")
    ev = sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    (c,) = of(ev, CharmContest)
    assert c["cards"] == [mine[0], theirs[0]]
    assert (c["attacker_charm"], c["defender_charm"], c["result"]) == (10, 1, "charmed")
    # b, Charmed, attacks nobody; a has made its attack: Charm Combat is over.
    assert sc.st.duel.stage == "order" and sc.st.duel.to_order == [(a, b)]


def test_the_defender_needs_twice_the_attackers_charm():
    sc, (a,), (b,) = charm_scene()
    sc.combat_pile(1, "wow")  # 10 against 1
    ev = sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    assert of(ev, CharmContest)[0]["result"] == "charmed_attacker"
    assert sc.st.duel.charmed == {a: (b, 9)}


def test_a_higher_defender_short_of_twice_charms_nobody():
    sc, (a,), (b,) = charm_scene(("ryoko",), ("launch",))  # Charm 3 against 5
    ev = sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    assert of(ev, CharmContest)[0]["result"] == "nothing"
    assert sc.st.duel.charmed == {}


def test_each_character_attacks_once_and_is_attacked_once():
    sc, (a1, a2), (b1, b2) = charm_scene(("hero", "hero"), ("hero", "hero"))
    sc.do(Challenge(1, (0, 0)), CharmAttack(a1, b1))  # 1 against 1: nothing
    sc.do(CharmAttack(b2, a1))
    moves = [x for x in sc.legal() if isinstance(x, CharmAttack)]
    assert moves == [CharmAttack(a2, b2)]  # a1 attacked already; b1 was attacked already
    sc.refused(CharmAttack(a1, b2))
    sc.refused(CharmAttack(a2, b1))


def test_charm_combat_ends_when_both_pass_in_a_row():
    sc, (a,), (b,) = charm_scene()
    sc.do(Challenge(1, (0, 0)), Proceed())
    assert sc.st.duel.stage == "charm" and sc.st.current_seat() == 1
    sc.do(Proceed())
    assert sc.st.duel.stage == "declare"


def test_a_charm_break_beats_the_charmed_by_twice_the_margin_once():
    """Charm Combat Between Players: one break attempt on a Charmed Character; it is the
    breaker's attack (R34)."""
    sc, (a1, a2), (b1, b2) = charm_scene(("hero", "hero"), ("hero", "hero"))
    sc.combat_pile(0, "blank", "blank", "blank", "blank")
    sc.combat_pile(1, "wow", "blank", "wow", "blank")
    sc.do(Challenge(1, (0, 0)), CharmAttack(a1, b1))  # 1 against 10: a1 Charmed by 9
    assert sc.st.duel.charmed == {a1: (b1, 9)}
    sc.do(Proceed())
    assert BreakCharm(a2, a1) in sc.legal() and BreakCharm(a1, a2) not in sc.legal()
    ev = sc.do(BreakCharm(a2, a1))  # blank and blank: 1 against 1, short of 18
    assert of(ev, CharmContest)[0]["result"] == "held" and a1 in sc.st.duel.charmed
    assert not [x for x in sc.legal() if isinstance(x, BreakCharm)]
    sc.refused(BreakCharm(a2, a1))


def test_a_charm_break_that_beats_twice_the_margin_frees_the_charmed():
    sc, (a1, a2), (b,) = charm_scene(("hero", "hero"), ("dailey",))
    sc.combat_pile(0, "blank", "wow", "blank")
    sc.combat_pile(1, "blank")
    sc.do(Challenge(1, (0, 0)), CharmAttack(a1, b))  # 1 against 2: a1 Charmed by 1
    assert sc.st.duel.charmed == {a1: (b, 1)}
    ev = sc.do(Proceed(), BreakCharm(a2, a1))  # 10 against 1: 9, at least twice 1
    assert of(ev, CharmContest)[0]["result"] == "broken"
    assert a1 not in sc.st.duel.charmed


def test_a_charmer_orders_its_charmed_to_hand_over_an_item_R34():
    sc, (a,), (b,) = charm_scene()
    sc.unit(b).items = sc.cards(["ring"], 1)
    sc.combat_pile(0, "wow")
    sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    assert sc.st.duel.stage == "order" and sc.st.current_seat() == 0
    # List of Actions: hand over, or prevent Attack, Protect, Move (the uses of special
    # abilities, Equipment and cards only when b has something to use: it has not).
    assert sc.legal() == [Order(a, b, o) for o in ("hand-over", "no-attack", "no-protect",
                                                   "no-move")]
    ring = sc.unit(b).items[0]
    sc.do(Order(a, b, "hand-over"))
    assert sc.unit(a).items == [ring] and sc.unit(b).items == []
    assert sc.st.duel.stage == "declare"


def test_a_charmer_prevents_its_charmed_from_attacking_this_combat_R34():
    sc, (a,), (b,) = charm_scene()
    sc.combat_pile(0, "wow")
    sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    assert Order(a, b, "hand-over") not in sc.legal()  # nothing to hand over
    assert Order(a, b, "no-attack") in sc.legal()
    sc.do(Order(a, b, "no-attack"), Engage(a, "none"))
    assert Engage(b, "attack", a) not in sc.legal()
    sc.refused(Engage(b, "attack", a))
    assert Engage(b, "none") in sc.legal()
    sc.do(Engage(b, "none"))  # nobody attacked: the initiator Runs Away (R44)
    assert Engage(b, "attack", a) not in sc.legal()  # the final attack: the order still holds
    sc.do(Engage(b, "none"), RunTo((1, 0)))  # Combat over: the order lasts no longer
    assert sc.st.duel is None and not sc.st.lasting


# Havens -------------------------------------------------------------------------------
def fort(sc: Scene, cell, seat: int) -> int:
    """A Haven with Attack 4 and Defense 5 of `seat` at `cell`."""
    place = Place(sc.card("fort", seat), "haven", seat)
    sc.st.places[cell] = place
    sc.st.seats[seat].havens.append(cell)
    return place.card


def test_a_haven_with_attack_attacks_at_an_adjacent_location_without_a_card_R35():
    sc, (a,), (b,) = duel_scene(("hero",), ("tank",))
    h = fort(sc, (0, 1), 0)
    theirs = sc.combat_pile(1, "blank")
    sc.do(Challenge(1, (0, 0)))
    assert sc.st.duel.pending == [a, h, b]
    sc.do(Engage(a, "attack", b), Engage(b, "none"))
    assert sc.legal() == [Engage(h, "attack", b), Engage(h, "none")]
    ev = sc.do(Engage(h, "attack", b))
    # One card, for the Tank that is attacked; none for the Haven (nor for Hero).
    assert [e["fighter"] for e in of(ev, CombatCard)] == [b]
    (hit,) = of(ev, CombatHit)
    assert hit["attackers"] == [a, h] and (hit["attack"], hit["defense"]) == (3 + 4, 10)
    assert sc.st.seats[1].combat_discard == theirs


def test_a_haven_with_attack_initiates_combat_on_an_adjacent_location_R35():
    """Rules for Havens: "Havens with Attack and Defense can be used to attack adjacent
    Locations"."""
    sc, _, (b,) = duel_scene((), ("hero",))
    assert Challenge(1, (0, 0)) not in sc.legal()
    h = fort(sc, (-1, 1), 0)
    assert Challenge(1, (0, 0)) in sc.legal()
    sc.do(Challenge(1, (0, 0)), Engage(h, "attack", b))
    assert sc.legal() == [Engage(b, "none"), RunAway()]  # a Haven cannot be attacked
    ev = sc.do(Engage(b, "none"))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"], hit["damage"]) == (4, 3, 1)
    assert sc.st.duel.round == 2  # the Haven fights on alone
    ev = sc.do(Engage(h, "none"), RunAway(), RunTo((1, 0)))  # ends when b Runs Away
    assert of(ev, DuelEnded)


def test_a_haven_attacks_no_further_than_next_to_it_nor_at_a_haven_R35():
    sc, _, (b,) = duel_scene((), ("hero",))
    fort(sc, (2, 0), 0)
    assert Challenge(1, (0, 0)) not in sc.legal()
    sc.st.move_unit(sc.unit(b), (1, 0))  # a Location next to it
    assert Challenge(1, (1, 0)) in sc.legal()
    sc.haven((1, 1), seat=1)
    sc.st.move_unit(sc.unit(b), (1, 1))  # in its own Haven: not a Location (guideline 4.14)
    assert Challenge(1, (1, 1)) not in sc.legal()


def test_a_haven_with_defense_defends_its_owners_characters_against_intruders_R35():
    sc, (a,), (b,) = duel_scene(("hero",), ("hero",))
    fort(sc, (0, 1), 1)
    sc.st.move_unit(sc.unit(a), (0, 1))  # seat 0's Hero is a guest there (R36)
    sc.st.move_unit(sc.unit(b), (0, 1))
    sc.combat_pile(0, "blank")
    ev = sc.do(Challenge(1, (0, 1)), Engage(a, "attack", b), Engage(b, "none"))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"]) == (3, 3 + 5)


def haven_scene():
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    sc.haven((2, 0), seat=1)
    a = sc.char("hero", (0, 0))
    sc.turn(MOVE)
    return sc, a


def test_stopping_at_another_players_haven_needs_its_owners_permission_R36():
    """Rules for Havens: others may move over your Haven but may not stop there without
    asking your permission."""
    sc, a = haven_scene()
    assert Move((a,), (2, 0)) not in sc.legal()
    assert AskPermission((2, 0)) in sc.legal()
    sc.do(AskPermission((2, 0)))
    assert sc.st.current_seat() == 1  # the owner decides
    assert sc.legal() == [Answer(True), Answer(False)]
    sc.do(Answer(True))
    assert sc.st.current_seat() == 0
    sc.do(Move((a,), (2, 0)))
    assert sc.unit(a).pos == (2, 0)


def test_a_refused_player_cannot_stop_there_nor_ask_again_this_turn_R36():
    sc, a = haven_scene()
    sc.do(AskPermission((2, 0)), Answer(False))
    assert Move((a,), (2, 0)) not in sc.legal()
    sc.refused(Move((a,), (2, 0)))
    sc.refused(AskPermission((2, 0)), "once per Turn")


def test_permission_is_asked_in_the_move_phase_within_movement_R36():
    sc, a = haven_scene()
    sc.unit(a).moved = 1  # Movement 2: one step left, the Haven is two away
    assert AskPermission((2, 0)) not in sc.legal()
    sc.unit(a).moved = 0
    sc.turn(SCAVENGE)
    sc.refused(AskPermission((2, 0)), "Move phase")


# The state ------------------------------------------------------------------------------
def test_the_duel_is_in_every_seats_view_and_in_clones():
    sc, (a,), (b,) = duel_scene()
    sc.do(Challenge(1, (0, 0)), Engage(a, "attack", b))
    sc.game.card_ids = tuple(c.id for c in sc.game.instances)  # the scene added cards
    for seat in (0, 1):
        v = view(sc.st, seat).duel
        assert v.declared == [(a, "attack", b)] and v.to_act == 1
    copy = sc.st.clone()
    assert snapshot(copy) == snapshot(sc.st)
    copy.duel.declared.clear()
    assert sc.st.duel.declared == [(a, "attack", b)]


@settings(max_examples=50, deadline=None)
@given(data=hs.data())
def test_random_duels_keep_the_arithmetic_and_the_limits_on_every_hit(data):
    """Combat Between Players, Protecting, R9, R10, R33: in random duels, every hit is
    Attack - Defense (at least 0) off Health, each protector takes half (at least 1),
    at most 3 attack one target and 2 protect one, attackers are the target's opponents,
    and Bonk/Kill follow Health (Basic Terms, Kill: one attack from 1 to -base)."""
    sides = [data.draw(hs.lists(hs.tuples(hs.integers(0, 8), hs.integers(1, 8),
                                           hs.integers(0, 4)), min_size=1, max_size=4),
                       f"seat{s}") for s in (0, 1)]
    mods = data.draw(hs.lists(hs.tuples(hs.sampled_from(["attack", "defense"]),
                                        hs.sampled_from(["own", "opponent"]),
                                        hs.sampled_from(["+", "-"]), hs.integers(0, 4)),
                              min_size=1, max_size=5), "cards")
    cards = "\n".join(
        f"- {{id: x{i}, name: X{i}, type: combat, physical: {{{who}: {{{a}: \"{op}{v}\"}}}}, "
        f"charm: {{own: {{charm: \"{op}{v}\"}}}}}}" for i, (a, who, op, v) in enumerate(mods))
    chars = "\n".join(
        f"- {{id: s{s}h{i}, name: S{s}H{i}, type: character, gender: male, abilities: "
        f"{{attack: {atk}, defense: {dfn}, movement: 1, charm: {chm}, energy: 1}}}}"
        for s, side in enumerate(sides) for i, (atk, dfn, chm) in enumerate(side))
    sc = Scene(CARDS + cards + "\n" + chars + "\n", seats=2,
               options=Options(charm_combat=data.draw(hs.booleans(), "charm")))
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    if data.draw(hs.booleans(), "fort"):
        fort(sc, (0, 1), data.draw(hs.integers(0, 1), "fort owner"))
    ids = [[sc.char(f"s{s}h{i}", (0, 0), seat=s) for i in range(len(side))]
           for s, side in enumerate(sides)]
    for s in (0, 1):
        sc.combat_pile(s, *[f"x{i}" for i in range(len(mods))] * 4)
    sc.turn(MOVE)
    ev = sc.do(Challenge(1, (0, 0)))
    steps = 0
    while sc.st.duel is not None and steps < 80:
        acts = sc.legal()
        ev += sc.do(acts[data.draw(hs.integers(0, len(acts) - 1))])
        steps += 1
    side = {i: s for s in (0, 1) for i in ids[s]}
    taken: dict = {}  # the Damage each unit took earlier in the round (as a protector)
    for hit in of(ev, CombatHit):
        assert hit["damage"] == max(0, hit["attack"] - hit["defense"])
        assert hit["attack"] >= 0 and hit["defense"] >= 0
        assert hit["health_after"] == hit["health_before"] - hit["damage"]
        # A hit without attackers is the minimum Damage of protectors ("always ... 1").
        assert len(hit["attackers"]) <= 3 and len(hit["protectors"]) <= 2
        assert hit["attackers"] or (hit["protectors"] and hit["attack"] == 0)
        assert all(p["damage"] == max(1, hit["damage"] // 2) for p in hit["protectors"])
        assert all(side[p["id"]] == side[hit["target"]] for p in hit["protectors"])
        assert all(side.get(a, sc.game.owner(a)) != side[hit["target"]]
                   for a in hit["attackers"])
        base, before, after = hit["base_health"], hit["health_before"], hit["health_after"]
        # From 1 to -base in a single attack (R9), measured from the Health before the
        # round, as the round's attacks land together (guideline 3.2; R89).
        key = (hit["round"], hit["final"])
        start = before + taken.get((*key, hit["target"]), 0)
        killed = start >= 1 and start - hit["damage"] <= -base
        assert hit["result"] == ("killed" if killed else "bonked" if after <= 0 else "ok")
        for p in hit["protectors"]:
            taken[(*key, p["id"])] = taken.get((*key, p["id"]), 0) + p["damage"]
    out = {e["card"] for e in of(ev, Bonked)} | {e["card"] for e in of(ev, Killed)}
    assert not out & set(sc.st.units)
    if sc.st.duel is None:  # Health and Energy restored at the end
        assert all(u.damage == 0 and u.spent == 0 for u in sc.st.units.values())


def test_no_action_still_defends_but_makes_no_attack_guidelines_1_1():
    """Guidelines 1.1, 1.2: a Character with No Action defends and may Run Away, nothing
    more; Charm attacks and physical attacks are actions (List of Actions)."""
    from game.engine.state import Lasting
    sc, (a,), (b,) = charm_scene()
    sc.do(Challenge(1, (0, 0)))  # begun before the No Action: with it, none begins
    sc.st.add_lasting(Lasting(b, a, 0, flags=("no_action",), until="turn"))
    sc.do(Proceed())
    assert sc.st.current_seat() == 1  # a has no Charm attack: b makes the first
    sc.do(Proceed())
    assert sc.legal() == [Engage(a, "none"), RunAway()]


def test_a_refused_declaration_says_why_combat_between_players_R33_R34():
    """Combat between Players: a declaration refused gives the rule that refuses it (it
    said "attacks an opposing Character with fewer than 3 attackers, unless it may not
    attack" whatever the reason): No Action (guideline 1.1), a Charmed order (R34), "Up
    to 3 Characters can team their attacks against the same target", "Up to 2 Characters
    can protect another Character"."""
    sc, (a, a2, a3, a4), (b, b2) = duel_scene(("hero",) * 4, ("hero", "dull"))
    sc.do(Challenge(1, (0, 0)))
    sc.st.add_lasting(Lasting(b, a, 0, flags=("no_action",), until="turn"))
    sc.refused(Engage(a, "attack", b), "No Action")
    sc.st.set_lasting([Lasting(b, a, 0, flags=("no_attack",), until="turn")])
    sc.refused(Engage(a, "attack", b), "Charmed order")
    sc.st.set_lasting(())
    sc.refused(Engage(a, "attack", a2), "not an opposing Character")
    sc.do(Engage(a, "attack", b), Engage(b, "none"), Engage(a2, "attack", b),
          Engage(b2, "none"), Engage(a3, "attack", b))
    sc.refused(Engage(a4, "attack", b), "at most 3 may attack")
    sc.refused(Engage(a4, "protect", a4), "another of its side's")


def test_every_view_says_whom_a_charmed_order_bars_from_a_role_R34():
    """R34: a Charmed order not to attack, or not to protect, holds for the Combat; the
    window dims those roles from the view (SeatView.barred), not from a rule of its
    own, and the order is open on the table."""
    sc, (a, a2), (b,) = duel_scene(("hero", "hero"), ("hero",))
    sc.do(Challenge(1, (0, 0)))
    sc.st.add_lasting(Lasting(b, a, 0, flags=("no_attack",), until="combat"))
    sc.st.add_lasting(Lasting(b, a2, 0, flags=("no_protect",), until="combat"))
    for seat in (0, 1):
        assert view(sc.st, seat).barred == ((a, ("attack",), "ordered", -1),
                                            (a2, ("protect",), "ordered", -1))
    assert {x.role for x in sc.legal() if isinstance(x, Engage)} == {"protect", "none"}


def test_nobody_takes_the_items_of_a_character_bonked_by_a_player_R33():
    sc, (a,), (b,) = duel_scene()
    ring = sc.cards(["ring"], 1)
    sc.unit(b).items = ring[:]
    sc.combat_pile(1, "exposed")  # drawn for b, which is attacked: Defense 0
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "attack", b), Engage(b, "none"))
    assert of(ev, Bonked) and sc.unit(a).items == []
    assert ring[0] in sc.st.places[(0, 0)].under  # to be Scavenged again


def test_health_and_energy_are_restored_at_the_end_even_after_running_R33():
    sc, (a,), (b,) = duel_scene(("hero",), ("hero",))
    sc.unit(a).spent = 3
    sc.combat_pile(0, "spiked")  # drawn for the runner attacked: 3 against 3 - 2
    sc.do(Challenge(1, (0, 0)), RunAway(), Engage(b, "attack", a))
    assert sc.unit(a).damage == 2  # until the runners have moved
    sc.do(RunTo((1, 0)))
    assert sc.unit(a).damage == 0 and sc.unit(a).spent == 0


def test_the_owner_forces_guests_out_of_its_haven_by_combat_R33_R36():
    """Rules for Havens: "you can Combat that player's Characters" in your Haven."""
    sc, (a,), (b,) = duel_scene()
    sc.haven((2, 0), seat=1)
    sc.st.move_unit(sc.unit(a), (2, 0))  # seat 0's Hero stopped there with leave
    sc.st.move_unit(sc.unit(b), (2, 0))
    sc.turn(MOVE, seat=1)
    assert Challenge(0, (2, 0)) in sc.legal()


def test_permission_lasts_until_the_guests_next_turn_R36():
    sc, a = haven_scene()
    sc.do(AskPermission((2, 0)), Answer(True))
    assert terrain.permitted(sc.st, 0, (2, 0))
    sc.st.seats[0].turns += 1  # the guest's next Turn
    assert not terrain.permitted(sc.st, 0, (2, 0))
    assert AskPermission((2, 0)) in sc.legal()


def test_a_haven_counts_among_the_3_attackers_on_one_target_R35():
    sc, mine, (b,) = duel_scene(("hero",) * 3, ("tank",))
    h = fort(sc, (1, 1), 0)
    sc.combat_pile(0, "blank", "blank", "blank")
    sc.do(Challenge(1, (0, 0)), Engage(mine[0], "attack", b), Engage(b, "none"),
          Engage(mine[1], "attack", b), Engage(mine[2], "attack", b))
    assert sc.legal() == [Engage(h, "none")]


def test_a_protector_takes_1_damage_when_nobody_attacks_the_one_it_protects_protecting():
    """Protecting: "The protecting Character will always take a minimum of 1 Damage per
    Combat round" (R33 b's "Protecting a Character nobody attacks costs nothing" is
    withdrawn)."""
    sc, (a,), (b, guard) = duel_scene(("hero",), ("hero", "tank"))
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a, "none"), Engage(b, "none"), Engage(guard, "protect", b))
    (hit,) = of(ev, CombatHit)
    assert hit["target"] == b and hit["attackers"] == [] and hit["damage"] == 0
    assert hit["protectors"] == [{"id": guard, "damage": 1}]
    assert sc.unit(guard).damage == 1 and sc.unit(b).damage == 0


def test_an_allied_disaster_is_attacked_as_one_of_the_groups_characters_by_at_most_2():
    """Allying with Characters: "The Disaster must be included in the pool of potential
    targets as though it were one of your Characters. While it is allied with you, no
    more than 2 opposing Characters may attack it at a time." Its card comes from the
    pile of the player it is allied with; it is Defeated, not Bonked."""
    sc = Scene(CARDS + """\
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
""", seats=2, options=NO_CHARM)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    a = [sc.char("hero", (0, 0)) for _ in range(3)]
    b = sc.char("tank", (0, 0), seat=1)
    lackey = sc.disaster("lackey", (0, 0), seat=0)
    sc.st.ally_unit(sc.unit(lackey), 1)  # allied with seat 1's group
    theirs = sc.combat_pile(1, "blank")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    assert Engage(a[0], "attack", lackey) in sc.legal()
    sc.do(Engage(a[0], "attack", lackey), Engage(b, "none"), Engage(a[1], "attack", lackey))
    assert Engage(a[2], "attack", lackey) not in sc.legal()  # 2 already
    ev = sc.do(Engage(a[2], "none"))
    assert [(x["fighter"], x["card"]) for x in of(ev, CombatCard)] == [(lackey, theirs[0])]
    (hit,) = of(ev, CombatHit)
    assert (hit["target"], hit["attack"], hit["defense"]) == (lackey, 6, 1)
    assert lackey not in sc.st.units and lackey in sc.st.seats[0].discard


# The audit of 29 Nov 2026 ---------------------------------------------------------------
def test_four_against_one_the_fourth_protects_or_waits_combat_between_players():
    """Combat Between Players: "Up to 3 Characters can team their attacks against the same
    target." Four against a lone Character: the turns alternate while both sides have
    someone to declare for, then the initiator declares for the rest; its fourth may not
    attack the lone Character, only protect one of its own or do nothing."""
    sc, mine, (b,) = duel_scene(("hero",) * 4, ("hero",))
    sc.do(Challenge(1, (0, 0)), Engage(mine[0], "attack", b))
    assert sc.st.current_seat() == 1
    sc.do(Engage(b, "attack", mine[3]))
    assert sc.st.current_seat() == 0
    sc.do(Engage(mine[1], "attack", b), Engage(mine[2], "attack", b))
    assert sc.st.current_seat() == 0
    assert [x for x in sc.legal() if isinstance(x, Engage)] == [
        Engage(mine[3], "protect", x) for x in mine[:3]] + [Engage(mine[3], "none")]
    assert not [x for x in sc.legal() if isinstance(x, Engage) and x.role == "attack"]
    sc.refused(Engage(mine[3], "attack", b), "3")


def test_a_character_protects_one_character_only_protecting():
    """Protecting: "the player must declare which Character it is protecting": one. Once
    it has declared to protect one, it is not asked again in the round, and cannot be
    declared to protect a second."""
    sc, (guard, a1, a2), (b1, b2) = duel_scene(("hero",) * 3, ("hero", "hero"))
    sc.do(Challenge(1, (0, 0)), Engage(guard, "protect", a1), Engage(b1, "attack", a1))
    assert guard not in sc.st.duel.pending
    assert not [x for x in sc.legal() if isinstance(x, Engage) and x.char == guard]
    sc.refused(Engage(guard, "protect", a2), f"declare for c{a1}")


def test_a_protector_attacked_itself_takes_its_hit_and_its_share_protecting():
    """Protecting between players: a protector that is attacked itself takes the Damage of
    the attack on it and half the Damage through the combined Defense of the one it
    protects, each an attack of its own (Basic Terms, Kill: R9). Seat 0's Ryoko and
    Armitage attack Leon, whom Dailey protects; Launch attacks Dailey; Leon attacks
    Launch."""
    sc, ryoko, armitage, launch, leon, dailey = leon_scene(NO_CHARM)
    sc.combat_pile(1, "blank", "blank")  # for Leon, then Dailey
    sc.combat_pile(0, "blank")           # for Launch
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(ryoko, "attack", leon), Engage(leon, "attack", launch),
               Engage(armitage, "attack", leon), Engage(dailey, "protect", leon),
               Engage(launch, "attack", dailey))
    hits = {h["target"]: h for h in of(ev, CombatHit)}
    # On Leon: 4 + 4 = 8 Attack against 2 + 2 = 4: 4 Damage, Dailey takes 2.
    assert (hits[leon]["attack"], hits[leon]["defense"], hits[leon]["damage"]) == (8, 4, 4)
    assert hits[leon]["protectors"] == [{"id": dailey, "damage": 2}]
    # Leon (Health 2) is Killed by 4 in one attack (2 - 4 = -2). On Dailey: Launch's 3
    # against 2: 1 Damage. Dailey (Health 2) takes 2 then 1: Bonked at -1, not Killed,
    # as no single attack took it from 1 or more to -2.
    assert (hits[dailey]["attack"], hits[dailey]["defense"], hits[dailey]["damage"]) == (3, 2, 1)
    assert [e["card"] for e in of(ev, Killed)] == [leon]
    assert [e["card"] for e in of(ev, Bonked)] == [dailey]
    # On Launch: Leon's 2 against 3: nothing.
    assert hits[launch]["damage"] == 0


def test_two_protectors_between_players_add_their_defense_and_each_take_half_protecting():
    """Combat Between Players: "Up to 2 Characters can protect the same Character";
    Protecting: their Defense is added to the target's; each takes half the Damage that
    gets through, the target the full Damage. Ryoko, Armitage and Launch (4 + 4 + 3 = 11)
    attack Hero, protected by two Heroes: 11 - (3 + 3 + 3) = 2."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0)) for c in ("ryoko", "armitage", "launch")]
    x, g1, g2 = (sc.char("hero", (0, 0), seat=1) for _ in range(3))
    sc.combat_pile(1, "blank")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(mine[0], "attack", x), Engage(x, "none"), Engage(mine[1], "attack", x),
               Engage(g1, "protect", x), Engage(mine[2], "attack", x), Engage(g2, "protect", x))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"], hit["damage"]) == (11, 9, 2)
    assert (hit["health_before"], hit["health_after"]) == (3, 1)
    assert hit["protectors"] == [{"id": g1, "damage": 1}, {"id": g2, "damage": 1}]


def test_charm_between_players_own_card_first_then_the_opponents_charm_combat_between_players():
    """Charm Combat Between Players: "Apply the Charm effects of the card(s) drawn for each
    Character, then apply any effects from the cards drawn for the opposing Character".
    Launch (5) Charm-attacks Armitage (5), drawing We're Done Here (the opponent's Charm
    halved); Armitage draws Wow (+9): (5 + 9) / 2 = 7, higher than 5 but short of twice
    it, so nobody is Charmed (halving first, 5 / 2 + 9, would have Charmed Launch)."""
    sc, (launch,), (armitage,) = charm_scene(("launch",), ("armitage",))
    sc.combat_pile(0, "done-here")
    sc.combat_pile(1, "wow")
    ev = sc.do(Challenge(1, (0, 0)), CharmAttack(launch, armitage))
    (c,) = of(ev, CharmContest)
    assert (c["attacker_charm"], c["defender_charm"], c["result"]) == (5, 7, "nothing")
    assert sc.st.duel.charmed == {}
