"""The s54 audit: the parts of duel.py, charm.py, disasters.py and orders.py s53 left
unbroken (a card used in the middle of a Combat between players, R115's renaming, the
run and its stop, the Charm command, a Disaster's Discard and reveal, the endured count,
the List of Actions), each broken for a moment against the rules tests
(docs/rules-coverage.md, "s54 mutation audit"). Here the scenes for the breaks no test
caught. Each test names the section, guideline or ruling it pins."""
from __future__ import annotations

import pytest
from scene import Scene, of
from test_rules_audit_s29b import duel_scene as flash_duel
from test_rules_audit_s29b import scene as flash_scene
from test_rules_audit_s50 import _charm_duel as charm_duel
from test_rules_audit_s53 import gunner_at_hot_legs
from test_rules_charm import CARDS as CHARM_CARDS
from test_rules_charm import _fighting_the_charmer as fighting_the_charmer
from test_rules_duel import CARDS as DUEL_CARDS
from test_rules_duel import duel_scene
from test_rules_phases import CARDS as PHASE_CARDS
from test_rules_phases import field
from test_rules_s33lc import getaway
from test_rules_transform_s32 import MORE
from test_rules_transform_s32 import scene as transform_scene

from game.engine.abilities import total
from game.engine.actions import (BreakCharm, Challenge, CharmAttack, Command,
                                 Declare, EndPhase, Engage, Fight, Move, Order, Pass,
                                 PlayCard, Proceed, RunAway, RunTo, Transform)
from game.engine.events import (CardDiscarded, CharmContest, CharmOrder, CombatHit, DuelEnded,
                                LocationAttacks)
from game.engine.options import Options
from game.engine.state import DISCARD, MOVE, SCAVENGE, Place


# Combat Between Players: a card played in the middle of it (duel.after_effect) -----------
def test_allying_with_characters_an_attack_declared_on_the_ally_outlives_a_card_played():
    """Allying with Characters: the ally is a target "as though it were one of your
    Characters". Seat 0's Hero declares an attack on the Pal allied with seat 1; seat 0
    then plays Zap on its other Hero: the attack on the Pal stands (a declaration goes
    only with a Character gone) and Defeats it (Attack 3 on Defense 1)."""
    sc, (a1, a2), (b,) = flash_duel(mine=("hero", "hero"))
    pal = sc.disaster("pal", (0, 0))
    sc.st.ally_unit(sc.unit(pal), 1)
    zap, = sc.hand(0, "zap")
    sc.do(Challenge(1, (0, 0)), Engage(a1, "attack", pal), Engage(b, "none"))
    sc.do(PlayCard(zap, a2), Pass())
    assert (a1, "attack", pal) in sc.st.duel.declared
    ev = sc.do(Engage(a2, "none"))
    assert [h["target"] for h in of(ev, CombatHit)] == [pal] and pal not in sc.st.units


def test_combat_between_players_an_attack_on_a_character_bonked_mid_round_is_void():
    """Combat Between Players with Rules for Flash Effects: seat 0's first Hero declares
    an attack on seat 1's Squire, which seat 0's Sting then Bonks (Health 2). That attack
    has no target left and lands nowhere: the round is the second Hero's attack on seat
    1's Hero alone."""
    sc, (a1, a2), (sq, b) = flash_duel(mine=("hero", "hero"), theirs=("squire", "hero"))
    sting, = sc.hand(0, "sting")
    sc.do(Challenge(1, (0, 0)), Engage(a1, "attack", sq), Engage(sq, "none"))
    sc.do(PlayCard(sting, sq), Pass())
    assert sq not in sc.st.units and sc.st.duel.declared == []
    ev = sc.do(Engage(a2, "attack", b), Engage(b, "none"))
    assert [(h["target"], h["attackers"]) for h in of(ev, CombatHit)] == [(b, [a2])]


def test_combat_between_players_the_last_to_declare_bonked_the_other_side_declares_on():
    """Combat Between Players, "Players take turns declaring": seat 0's second Hero, the
    last it has to declare for, is Bonked by seat 1's answer (Sting) to seat 0's Zap on
    it. Seat 1 still has its second Hero to declare for: its turn, not the round's end."""
    sc, (a1, a2), (b1, b2) = flash_duel(mine=("hero", "hero"), theirs=("hero", "hero"))
    zap, = sc.hand(0, "zap")
    sting, = sc.hand(1, "sting")
    sc.do(Challenge(1, (0, 0)), Engage(a1, "attack", b1), Engage(b1, "none"))
    sc.do(PlayCard(zap, a2), PlayCard(sting, a2), Pass())
    assert a2 not in sc.st.units and sc.st.duel.to_act == 1
    ev = sc.do(Engage(b2, "attack", a1))
    assert {h["target"] for h in of(ev, CombatHit)} == {a1, b1}


def test_run_away_between_players_the_final_attacker_bonked_the_final_attack_lands():
    """Basic Terms, Run Away: "one final, unanswered attack", then the runners move. Seat
    0 runs; seat 1's first Hero declares its attack, and its second, the last to
    declare, is Bonked by seat 0's answer (Sting) to seat 1's Zap. The final attack
    lands at once and seat 0 chooses where to run."""
    sc, (a,), (b1, b2) = flash_duel(theirs=("hero", "hero"))
    zap, = sc.hand(1, "zap")
    sting, = sc.hand(0, "sting")
    sc.do(Challenge(1, (0, 0)), RunAway(), Engage(b1, "attack", a))
    ev = sc.do(PlayCard(zap, b2), PlayCard(sting, b2), Pass())
    assert [(h["target"], h["attackers"]) for h in of(ev, CombatHit)] == [(a, [b1])]
    assert sc.st.duel.stage == "run" and RunTo((1, 0)) in sc.legal()


def _charm_then(second: str):
    """Charm Combat Between Players: seat 0's Star with Grace (Charm 8) and a Hero (Charm
    0) against seat 1's Star (5) and `second`; seat 0 Challenges and Charms the rival
    Star by 3. Each seat holds a Sting."""
    sc = flash_scene(seats=2, charm=True)
    star = sc.char("star", (0, 0), enhancements=["grace"])
    sc.char("hero", (0, 0))
    rival = sc.char("star", (0, 0), seat=1)
    sc.char(second, (0, 0), seat=1)
    stings = sc.hand(0, "sting") + sc.hand(1, "sting")
    ev = sc.do(Challenge(1, (0, 0)), CharmAttack(star, rival))
    assert [(c["attacker_charm"], c["defender_charm"], c["result"]) for c in of(ev, CharmContest)] == [
        (8, 5, "charmed")]
    return sc, star, rival, stings


@pytest.mark.parametrize("gone", ["charmer", "charmed"])
def test_charm_combat_between_players_a_charm_ends_with_either_character_bonked(gone):
    """Charm Combat Between Players: "each Character can make the Character it Charmed
    perform 1 action, or prevent 1 action". Seat 1 Bonks the charmer, or its own Charmed
    Star, with Sting in Charm Combat: no order is given, and physical Combat follows."""
    sc, star, rival, (_, sting) = _charm_then("star")
    sc.do(PlayCard(sting, star if gone == "charmer" else rival), Pass())
    assert sc.st.duel.charmed == {}
    ev = sc.do(Proceed())
    assert sc.st.duel.stage == "declare" and not of(ev, CharmOrder)


def test_charm_combat_between_players_the_charmed_bonked_before_its_order_gets_none():
    """The same, after Charm Combat (R34, the orders): the charmer's player Bonks the
    Charmed Star with Sting before giving its order; nobody is left to obey, and the
    Combat goes on to its physical rounds, seat 0 declaring first."""
    sc, star, rival, (sting, _) = _charm_then("hero")
    assert sc.st.duel.stage == "order"
    ev = sc.do(PlayCard(sting, rival), Pass())
    d = sc.st.duel
    assert (d.stage, d.to_act, d.to_order) == ("declare", 0, []) and not of(ev, CharmOrder)


def test_run_away_between_players_a_runner_killed_in_the_final_attack_runs_nowhere():
    """Basic Terms, Run Away: "Move any remaining Characters 1 Location". Seat 0's lone
    Hero runs and is Bonked by the final attack (Exposed, Defense -9): nobody remains,
    so the Combat ends there and then, with no place to choose (R33: seat 0's Turn
    ends)."""
    sc, (a,), (b,) = duel_scene()
    sc.combat_pile(0, "exposed")
    sc.do(Challenge(1, (0, 0)), RunAway())
    ev = sc.do(Engage(b, "attack", a))
    assert of(ev, DuelEnded) and sc.st.duel is None
    assert not [x for x in sc.legal() if isinstance(x, RunTo)] and sc.st.turn_seat == 1


def test_rules_for_locations_a_group_that_runs_onto_a_location_with_attack_is_struck_R24():
    """Rules for Locations: "If a group of Characters, without the required skills,
    stops at a Location with Attack, the Location Attacks each Character" (R24); Run
    Away moves it 1 Location, where it stops. Seat 0's Hero runs onto the Reef (Attack 4,
    Swimming needed): struck, 1 Damage on Defense 3, healed at once."""
    sc, (a,), (b,) = duel_scene(cards=DUEL_CARDS + """\
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}}
""")
    sc.location((0, 1), "reef")
    sc.do(Challenge(1, (0, 0)), RunAway(), Engage(b, "none"))
    ev = sc.do(RunTo((0, 1)))
    assert [(h["target"], h["damage"]) for h in of(ev, LocationAttacks)] == [(a, 1)]


def test_rules_for_locations_a_group_that_runs_away_from_its_siege_starts_it_over():
    """Rules for Locations: "If you attack another target or leave the Location you must
    start over." Seat 1's Gunner brings Hot Legs (Defense 8) to 7; Challenged there by
    seat 0 in its next Turn, he Runs Away before any attack: the siege is over."""
    sc, gunner, man = gunner_at_hot_legs()
    sc.do(Challenge(1, (0, 0)), Engage(man, "none"), RunAway(), RunTo((1, 0)))
    assert sc.unit(gunner).pos == (1, 0) and sc.st.places[(0, 0)].siege == ()


# R115: the Character that transformed keeps its place (duel.Duel.rename) ----------------
def test_rules_for_transforming_characters_she_declares_as_her_new_form_R115():
    """R115 in a Combat between players: Ume transforms before her first declaration;
    Plum declares in her place, first of seat 0's."""
    sc, ume, plum, _ = transform_scene(seats=2, disaster=None)
    sc.char("pal", (0, 0))
    foe = sc.char("pal", (0, 0), seat=1)
    sc.do(Challenge(1, (0, 0)), Transform(ume))
    sc.do(Engage(plum, "attack", foe))
    assert sc.st.duel.declared == [(plum, "attack", foe)]


def test_run_away_between_players_choosing_where_to_run_ends_the_command_guideline_3_3():
    """Guideline 3.3: Run Away is one command, ended by choosing where to run: between
    the final attack and that choice nothing else is done, no Transform (Rules for
    Transforming Characters) and no Flash Effect; the refusal says what is asked."""
    sc, ume, _, _ = transform_scene(seats=2, disaster=None)
    foe = sc.char("pal", (0, 0), seat=1)
    sc.hand(0, "spark")
    sc.do(Challenge(1, (0, 0)), RunAway(), Engage(foe, "none"))
    assert sc.st.duel.stage == "run"
    assert sc.legal() and all(isinstance(a, RunTo) for a in sc.legal())
    sc.refused(Transform(ume), "choose where the group runs to")


def _charm_transformer(mine: int, theirs: int, *piles: tuple[str, ...]):
    """Charm Combat Between Players: seat 0's Ume (Charm 3, Plum kept aside) and `mine`
    Pals (Charm 1), seat 1's `theirs` Pals; the seats' Combat piles; seat 0 Challenges."""
    sc = Scene(MORE + '- {id: wow, name: Wow, type: combat, physical: {}, charm: {own: '
               '{charm: "+9"}}}\n', seats=2, options=Options(charm_combat=True))
    sc.location((0, 0), under=["gem"])
    sc.haven((1, 0))
    ume = sc.char("ume", (0, 0))
    sc.st.seats[0].forms = [sc.card("plum")]
    pals = [sc.char("pal", (0, 0)) for _ in range(mine)]
    foes = [sc.char("pal", (0, 0), seat=1) for _ in range(theirs)]
    for seat, pile in enumerate(piles):
        sc.combat_pile(seat, *pile, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    return sc, ume, sc.st.seats[0].forms[0], pals, foes


def test_rules_for_transforming_characters_a_charmer_transformed_keeps_her_charms_R115():
    """R115 with Charm Combat Between Players ("Each Character can attack once, be
    attacked once"): Ume Charms one Pal and is Charm-attacked by another (which she
    Charms too, Charm 3 being twice its 1); she transforms before the stage ends. Plum
    has been attacked once (the third Pal may not attack her) and gives both orders."""
    sc, ume, plum, (pal,), (f1, f2, f3) = _charm_transformer(1, 3)
    sc.do(CharmAttack(ume, f1), CharmAttack(f2, ume), Transform(ume), Proceed())
    moves = [a for a in sc.legal() if isinstance(a, CharmAttack)]
    assert moves == [CharmAttack(f3, pal)]
    sc.do(Proceed())
    assert sc.st.duel.to_order == [(plum, f1), (plum, f2)]


@pytest.mark.parametrize("when", ["charm", "order"])
def test_rules_for_transforming_characters_a_charmed_one_transformed_stays_tried_R115(when):
    """R115 with Charm Combat Between Players ("have one Charm break attempted on them";
    R34, the orders): Ume, Charmed by a Pal (with Wow), has had her one break attempt
    (held); she transforms in Charm Combat (Plum may not be tried again) or before the
    orders. The Pal that Charmed her orders Plum once seat 0's Pal has given its own."""
    sc, ume, plum, (p1, p2, p3), (f1, f2) = _charm_transformer(
        3, 2, ("wow", "blank", "blank"), ("blank", "wow"))
    sc.do(CharmAttack(p1, f1), CharmAttack(f2, ume), BreakCharm(p2, ume))
    if when == "charm":
        sc.do(Transform(ume))
        assert BreakCharm(p3, plum) not in sc.legal()
        sc.do(Proceed())
    else:
        sc.do(Proceed(), Transform(ume))
    sc.do(Order(p1, f1, "no-attack"))
    assert {(a.char, a.charmed) for a in sc.legal() if isinstance(a, Order)} == {(f2, plum)}


# Charm Combat with Disasters: the command (charm.explain, charm.command) ----------------
def test_charm_combat_with_disasters_a_refused_command_or_break_says_why():
    """Charm Combat with Disasters: "If all your Characters win Charm Combat against a
    Minor Disaster, you can make the Disaster perform 1 action, or prevent 1 action";
    R31, the breaks. While the group chooses its command, a hand-over to the Disaster
    itself and a break with nobody Charmed are refused in the rules' words."""
    sc, hero, charmer = fighting_the_charmer()
    assert sc.st.combat.stage == "command"
    sc.refused(Command("hand-over", charmer), "out-charmed a Minor Disaster")
    sc.refused(BreakCharm(hero, hero), "(R31)")


def test_charm_combat_with_disasters_the_item_is_handed_over_to_the_character_chosen():
    """Charm Combat with Disasters, the command, and the List of Actions ("Hand over an
    Item"): two Heroes out-charm the Charmer (Minor, carrying an Idol), each with Wow;
    the group hands the Idol to whichever of them it chooses, here the second."""
    sc = Scene(CHARM_CARDS)
    sc.location((0, 0))
    first, second = sc.char("hero", (0, 0)), sc.char("hero", (0, 0))
    charmer = sc.disaster("charmer", (0, 0), items=["idol"])
    sc.combat_pile(0, "blank", "wow", "blank", "wow")
    sc.turn(MOVE)
    sc.do(Fight(charmer))
    assert {Command("hand-over", first), Command("hand-over", second)} <= set(sc.legal())
    sc.do(Command("hand-over", second))
    assert len(sc.unit(second).items) == 1 and sc.unit(first).items == []


# Disasters entering play (disasters.enter_from_draw, resolve_non_combat) ---------------
def test_reload_a_combat_disaster_with_no_location_to_enter_is_discarded_R8_R132():
    """Reload (R8): a Disaster drawn enters the Field at the top-right Location; with
    every Location turned Haven there is none (R132): it cannot affect the Field and is
    Discarded, and the drawing goes on."""
    sc = Scene(PHASE_CARDS)
    sc.haven((0, 0), stored=["idol"])
    sc.st.places[(1, 0)] = Place(sc.card("plain"), "haven", 0, (sc.card("idol"),))
    brute, _ = sc.draw_pile(0, "brute", "boost")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert [(e["card"], e["why"]) for e in of(ev, CardDiscarded)] == [
        (brute, "no Location to enter")]
    assert brute in sc.st.seats[0].discard and len(sc.st.seats[0].hand) == 1


def test_rules_for_disasters_a_non_combat_disaster_affects_every_character_of_the_group():
    """Rules for Disasters: a non-Combat Disaster affects the group it falls on, every
    Character of it. The Squall ("-1 Attack this Turn" to the group) falls on seat 0's
    two Heroes: both are at 2."""
    sc = Scene(PHASE_CARDS + """\
- {id: squall, name: Squall, type: disaster, class: minor,
   effects: [{"on": revealed, do: [{modify: {attack: "-1"}, to: group, for: turn}]}]}
""")
    field(sc)
    heroes = [sc.char("hero", (1, 1)) for _ in range(2)]
    sc.draw_pile(0, "squall")
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert [total(sc.st, sc.unit(h), "attack") for h in heroes] == [2, 2]


# The List of Actions (orders.py) ---------------------------------------------------------
def _charmed_hero(seed: int = 0, cards: str = DUEL_CARDS):
    """Charm Combat Between Players: seat 0's Armitage (Charm 5) Charms seat 1's Hero (1)
    and is to give her order."""
    sc, (a,), (b,) = duel_scene(("armitage",), ("hero",), Options(), seed, cards)
    sc.combat_pile(0, *["blank"] * 4)
    sc.combat_pile(1, *["blank"] * 4)
    return sc, a, b


def test_list_of_actions_use_cards_is_an_order_for_an_enhancement_with_a_use():
    """List of Actions, "Use cards": the order is offered when the Charmed holds a card it
    could use; an Enhancement with a use is one (the Hero's Knack), as an Item is."""
    sc, a, b = _charmed_hero(cards=DUEL_CARDS + """\
- {id: knack, name: Knack, type: enhancement,
   effects: [{"on": use, do: [{modify: {defense: "+1"}, for: turn}]}]}
""")
    sc.unit(b).enhancements.append(sc.card("knack", 1))
    sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    assert Order(a, b, "no-cards") in sc.legal()


def test_list_of_actions_hand_over_an_item_is_one_at_random_R16():
    """List of Actions, "Hand over an Item"; R16, Items are face down: the charmer cannot
    choose which of the Hero's two Rings it gets. Over eight games either may come."""
    given = set()
    for seed in range(8):
        sc, a, b = _charmed_hero(seed)
        rings = sc.cards(["ring", "ring"], 1)
        sc.unit(b).items.extend(rings)
        sc.do(Challenge(1, (0, 0)), CharmAttack(a, b), Order(a, b, "hand-over"))
        given |= {rings.index(i) for i in sc.unit(a).items}
    assert given == {0, 1}


def test_list_of_actions_kept_from_attacking_for_that_combat_only():
    """Charm Combat Between Players: the order keeps the Charmed from attacking in that
    Combat ("prevent 1 action"), not in the next: seat 0's Hero, Charmed by seat 1's
    (with Wow) and kept from attacking, follows it to where it ran and Challenges it
    again in the same Turn; there it may attack."""
    sc, a, b = charm_duel()
    sc.combat_pile(0, *["blank"] * 7)
    sc.combat_pile(1, "wow", *["blank"] * 6)
    sc.do(Challenge(1, (0, 0)), CharmAttack(a, b), Proceed())
    sc.do(Order(b, a, "no-attack"))
    assert Engage(a, "attack", b) not in sc.legal()
    sc.do(Engage(a, "none"), RunAway(), RunTo((1, 0)))
    sc.do(Move((a,), (1, 0)), Challenge(1, (1, 0)))
    while Proceed() in sc.legal():
        sc.do(Proceed())
    assert Engage(a, "attack", b) in sc.legal()


def test_list_of_actions_kept_from_moving_in_the_scavenge_phase_misses_the_next_R135():
    """List of Actions (Move), R135: "its next move". Seat 0 Challenges in its Scavenge
    phase and its Hero, Charmed by seat 1's (with Wow), is kept from moving: its move is
    behind it, so it misses the one of seat 0's next Turn, and moves in the Turn after."""
    sc, a, b = charm_duel()
    sc.turn(SCAVENGE)
    sc.combat_pile(0, *["blank"] * 7)
    sc.combat_pile(1, "wow", *["blank"] * 6)
    sc.do(Challenge(1, (0, 0)), CharmAttack(a, b), Proceed())
    sc.do(Order(b, a, "no-move"), Engage(a, "none"), RunAway(), RunTo((1, 0)))
    sc.until(MOVE, seat=0)
    assert not [x for x in sc.legal() if isinstance(x, Move) and a in x.chars]
    sc.until(MOVE, seat=0)
    assert Move((a,), (1, 0)) in sc.legal()


def test_list_of_actions_a_disaster_kept_from_moving_counts_its_bringers_turns():
    """List of Actions (Move), R135; Maintenance Phase: a Disaster moves in the Turn of
    the player who brought it into play. Seat 1's Charmer, turned over by seat 0, is
    commanded not to move in seat 0's Move phase: it stays through seat 0's next
    Maintenance (seat 1's Turns count nothing) and moves in the one after."""
    sc = Scene(CHARM_CARDS, seats=2)
    for y in range(4):
        sc.location((0, y), under=["idol"])  # one column: the path goes down it
    start = sc.st.path[0]
    hero = sc.char("hero", start)
    charmer = sc.disaster("charmer", start, seat=1, brought_by=0)
    sc.combat_pile(0, "blank", "wow", *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(Fight(charmer), Command("no-move"), Declare(hero, "none"))
    sc.until(MOVE, seat=0)
    assert sc.unit(charmer).pos == start
    sc.until(MOVE, seat=0)
    assert sc.unit(charmer).pos != start


def test_list_of_actions_an_order_outlasts_a_combat_begun_on_top_of_its_own():
    """Charm Combat Between Players: the order lasts its Combat ("prevent 1 action"),
    and a Combat begun on top of it (Mina's getaway onto the Gnat, R23) is not its end:
    the Hero, Charmed by Mina and kept from attacking, still may not attack Tiger when
    the Gnat's Combat is over and the Challenge goes on."""
    sc, tiger = getaway("duel", order="no-attack")
    sc.do(Declare(sc.st.combat.target, "attack"))  # Attack 2 on the Gnat's Defense 1
    assert [d.kind for d in sc.st.pending] == ["phase", "duel"]
    hero = sc.st.duel.pending[-1]
    sc.do(Engage(tiger, "none"))
    assert [a.role for a in sc.legal() if isinstance(a, Engage) and a.char == hero] == [
        "none"]

