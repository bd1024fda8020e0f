"""An outside examiner's third pass (s36r1): the rulebook with three and four seats (Play
Phases, Winning the Game, Havens, Combat and Charm Combat Between Players with a third
player's cards on the cell, the turn order after Running Away, the round limit, the
Disasters' Maintenance among several players' groups), and scenes where two chapters
meet (a Transformed Character in Combat or carrying Items; an Enhancement on a Character
Charmed, Killed or Transformed; what a Character Killed by a Disaster, a player or in a
Haven leaves; a third player's Flash Effect in a Combat between two others; a Global
Effect in the middle of a Combat; a Location turned Haven then attacked)."""
from __future__ import annotations

import pytest
from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (Answer, AskPermission, AttackLocation, BuildHaven, Challenge,
                                 CharmAttack, Command, Declare, DiscardCard, EndPhase, Engage,
                                 Fight, Move, Pass, PickUp, PlayCard, Proceed, RunAway, RunTo,
                                 Order, Scavenge, Transform, UseCard)
from game.engine.events import (Bonked, CharmContest, CombatHit, DisasterMoved, GameOver,
                                ItemTransferred, Killed, LocationAttacked, RanAway)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MAINTENANCE, MOVE, SCAVENGE, OffField, Place
from game.engine.tally import item_counts

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 2}}
- {id: brute, name: Brute, type: character, gender: male,
   abilities: {attack: 9, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: tank, name: Tank, type: character, gender: male,
   abilities: {attack: 0, defense: 10, movement: 2, charm: 1, energy: 1}}
- {id: mina, name: Mina, type: character, gender: female, other_form: kit,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 3}}
- {id: kit, name: Kit, type: character, gender: female, other_form: mina,
   abilities: {attack: 6, defense: 1, movement: 2, charm: 1, energy: 3}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 4, defense: 1, movement: 1}}
- {id: runner, name: Runner, type: disaster, class: minor,
   abilities: {attack: 1, defense: 30, movement: 2}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 30, movement: 1}}
- {id: crusher, name: Crusher, type: disaster, class: major,
   abilities: {attack: 20, defense: 30, movement: 1}}
- {id: idol, name: Idol, type: item}
- {id: ring, name: Ring, type: item}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+2"}}
- {id: blessing, name: Blessing, type: enhancement, bonuses: {attack: "+1"}}
- {id: glow, name: Glow, type: enhancement, bonuses: {charm: "+3"}}
- {id: banner, name: Banner, type: global_effect, bonuses: {attack: "+1"}}
- {id: plus3, name: Plus Three, type: combat, physical: {own: {attack: "+3"}}, charm: {}}
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
    - {"on": play, target: {select: flash, owner: any}, do: [{cancel: true, to: target}]}
- {id: siren, name: Siren, type: disaster, class: major,
   abilities: {attack: 20, defense: 30, movement: 1, charm: 5}}
- id: sting
  name: Sting
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{damage: 3, to: target}]}
- id: bulwark
  name: Bulwark
  type: global_effect
  uses: 1
  effects: [{"on": use, do: [{modify: {defense: "+3"}, to: yours, for: combat}]}]
- {id: sei, name: Sei, type: character, gender: female, other_form: ken,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: ken, name: Ken, type: character, gender: male, other_form: sei,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: ladies, name: Ladies' Night, type: global_effect, requires: {females: 1},
   bonuses: {attack: "+2"}}
- {id: fort, name: Fort, type: haven, abilities: {attack: 4, defense: 5}}
- {id: keep, name: Keep, type: location, becomes_haven: {},
   requires: {skills: {Stealth: 1}}, abilities: {defense: 5}}
"""


def column(sc: Scene, n: int = 6) -> None:
    """Locations down column 0, from (0, 0) to (0, n - 1), and an Idol under one more
    below them all (the game goes on past every tally)."""
    for y in range(n):
        sc.location((0, y))
    sc.location((0, n), under=["idol"])


# Maintenance Phase, three seats -------------------------------------------------------------

def test_maintenance_phase_three_seats_each_moves_only_the_disasters_it_brought():
    """Maintenance Phase: "Any Disasters you brought into play that are capable of
    Movement are moved." Three Imps, one brought by each seat: seat 1's Maintenance moves
    seat 1's alone, one Location down the path; seat 2's then moves seat 2's."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    imps = [sc.disaster("imp", (0, 2 * s), seat=s) for s in range(3)]
    sc.turn(DISCARD, seat=1)
    ev = sc.until(EQUIP, seat=1)
    assert [e["card"] for e in of(ev, DisasterMoved)] == [imps[1]]
    assert [sc.unit(d).pos for d in imps] == [(0, 0), (0, 3), (0, 4)]
    ev = sc.until(EQUIP, seat=2)
    assert [e["card"] for e in of(ev, DisasterMoved)] == [imps[2]]
    assert [sc.unit(d).pos for d in imps] == [(0, 0), (0, 3), (0, 5)]


def test_maintenance_phase_a_disaster_passes_one_players_group_and_stops_on_anothers():
    """Maintenance Phase: "Disasters are moved a number of Locations equal to their
    Movement ability"; Rules for Disasters: "If a Combat Disaster stops at a Location where
    there are Characters with Items, the Disaster will automatically attack". Seat 0's
    Runner (Movement 2) passes seat 1's Hero and his Ring one Location down and stops on
    seat 2's Hero, who has no Item: it fights seat 2 alone."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    runner = sc.disaster("runner", (0, 0))
    h1 = sc.char("hero", (0, 1), seat=1, items=["ring"])
    h2 = sc.char("hero", (0, 2), seat=2)
    sc.turn(DISCARD)
    sc.until(EQUIP)
    assert sc.unit(runner).pos == (0, 2) and not sc.unit(runner).items
    c = sc.st.combat
    assert (c.seat, c.target, c.context) == (2, h2, MAINTENANCE)
    assert h1 not in c.fighters and sc.unit(h1).items


def test_maintenance_phase_two_players_groups_where_it_stops_the_item_holders_is_attacked():
    """Rules for Disasters: "the Disaster will automatically attack a random Character
    having an Item" (Combat with Disasters: "from one of two pools"). Seat 0's Imp stops
    where seat 1's Hero (no Item) and seat 2's Hero (a Ring) stand: whatever the seed, it
    attacks seat 2's, in a Combat with seat 2; seat 1's Hero is no part of it."""
    for seed in range(6):
        sc = Scene(CARDS, seats=3, seed=seed, options=NO_CHARM)
        column(sc)
        imp = sc.disaster("imp", (0, 0))
        h1 = sc.char("hero", (0, 1), seat=1)
        h2 = sc.char("hero", (0, 1), seat=2, items=["ring"])
        sc.turn(DISCARD)
        sc.until(EQUIP)
        c = sc.st.combat
        assert sc.unit(imp).pos == (0, 1)
        assert (c.seat, c.target) == (2, h2) and h1 not in c.fighters


# Run Away: whose Turn follows, three seats -------------------------------------------------

def test_run_away_three_seats_the_runners_turn_ends_and_the_next_seat_plays():
    """Basic Terms, Run Away: "This will end your Turn." Seat 1 fights the Ogre in its
    Move phase and Runs Away: its Turn is over, and seat 2's Turn follows (not seat 0's)."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    tank = sc.char("tank", (0, 1), seat=1)
    ogre = sc.disaster("ogre", (0, 1))
    sc.char("hero", (0, 4), seat=0)
    sc.char("hero", (0, 5), seat=2)
    sc.combat_pile(1, *["blank"] * 3)
    sc.turn(MOVE, seat=1)
    sc.do(Fight(ogre))
    ev = sc.do(RunAway())
    if sc.st.combat is not None:
        ev += sc.do(RunTo((0, 2)))
    assert of(ev, RanAway) and sc.unit(tank).pos != (0, 1)
    assert (sc.st.turn_seat, sc.st.phase) == (2, DISCARD)


def test_run_away_three_seats_from_anothers_disaster_in_its_maintenance_ends_no_turn_R65():
    """Basic Terms, Run Away, "This will end your Turn"; R65 (the runner's Turn). Seat 1's
    Imp stops on seat 2's Tank in seat 1's Maintenance; seat 2 Runs Away. It was not seat
    2's Turn: seat 1 goes on to its Equip phase, and seat 2 still has its own Turn next."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    sc.disaster("imp", (0, 0), seat=1)
    tank = sc.char("tank", (0, 1), seat=2)
    sc.combat_pile(1, *["blank"] * 3)
    sc.combat_pile(2, *["blank"] * 3)
    sc.turn(DISCARD, seat=1)
    sc.until(EQUIP, seat=1)
    assert sc.st.combat is not None and sc.st.combat.seat == 2
    ev = sc.do(RunAway())
    if sc.st.combat is not None:
        ev += sc.do(RunTo((0, 2)))
    assert of(ev, RanAway) and sc.unit(tank).pos == (0, 2)
    assert (sc.st.turn_seat, sc.st.phase) == (1, EQUIP)
    sc.until(DISCARD, seat=2)
    assert sc.st.turn_seat == 2


# Combat Between Players with a third player's cards on the cell -----------------------------

def three_at_one_cell(options=NO_CHARM):
    """Seats 0, 1 and 2 at (0, 1): seat 0's Brute, seat 1's Hero (a Blessing, a Sword, a
    Ring), seat 2's Hero, and seat 2's Ogre (no Item near it yet)."""
    sc = Scene(CARDS, seats=3, options=options)
    column(sc)
    brute = sc.char("brute", (0, 1))
    h1 = sc.char("hero", (0, 1), seat=1, items=["ring"], equipment=["sword"],
                 enhancements=["blessing"])
    h2 = sc.char("hero", (0, 1), seat=2)
    ogre = sc.disaster("ogre", (0, 1), seat=2)
    for s in range(3):
        sc.combat_pile(s, *["blank"] * 4)
    sc.turn(MOVE)
    return sc, brute, h1, h2, ogre


def test_combat_between_players_a_third_players_character_and_disaster_take_no_part():
    """Combat Between Players: "A player must declare target Characters for any of their
    attacking Characters"; Combat with Multiple Disasters: "Disasters are solitary by
    nature". Seat 0 challenges seat 1 where seat 2's Hero and Ogre stand: neither is a
    target nor a fighter, and the Ogre attacks nobody."""
    sc, brute, h1, h2, ogre = three_at_one_cell()
    sc.do(Challenge(1, (0, 1)))
    d = sc.st.duel
    assert (d.attacker, d.defender) == (0, 1)
    sc.refused(Engage(brute, "attack", h2))
    sc.refused(Engage(brute, "attack", ogre))
    assert {a.target for a in sc.legal() if isinstance(a, Engage) and a.role == "attack"} \
        == {h1}
    assert h2 not in d.fighters and sc.st.combat is None


def test_kill_by_a_player_three_seats_enhancement_discarded_sword_and_ring_under_the_location():
    """Basic Terms, Kill: "Killed Characters are Discarded"; Bonk: "all of the Enhancements
    ... are Discarded, and any Equipment or Items are dropped below the Location" (R33 d:
    no player takes them); Miscellaneous Rules: "Discarded cards always go into the card
    owner's Discard pile". The Brute (9) Kills seat 1's Hero (Health 3 to -3): the Hero
    and his Blessing go to seat 1's Discard pile, the Sword and the Ring under the
    Location; seat 2's Ogre there takes nothing (it did not stop there)."""
    sc, brute, h1, h2, ogre = three_at_one_cell()
    ring, sword, blessing = sc.unit(h1).items[0], sc.unit(h1).equipment[0], \
        sc.unit(h1).enhancements[0]
    sc.do(Challenge(1, (0, 1)))
    ev = sc.do(Engage(brute, "attack", h1), Engage(h1, "attack", brute))
    assert [e["card"] for e in of(ev, Killed)] == [h1]
    assert sc.st.duel is None and h1 not in sc.st.units
    assert {h1, blessing} <= set(sc.st.seats[1].discard)
    under = sc.st.places[(0, 1)].under
    assert ring in under and sword in under
    assert not sc.unit(ogre).items and sc.st.combat is None


def test_charm_combat_between_players_a_third_players_character_is_not_charm_attacked():
    """Charm Combat Between Players: "Each player will take turns selecting their
    Attacking Character and the target". Seat 0 challenges seat 1 with seat 2's Hero at
    the cell: the Charm targets offered are seat 1's only, and a Charm attack on seat 2's
    Hero is refused."""
    sc, brute, h1, h2, ogre = three_at_one_cell(options=Options())
    mina = sc.char("mina", (0, 1))
    sc.do(Challenge(1, (0, 1)))
    assert {a.target for a in sc.legal() if isinstance(a, CharmAttack)} == {h1}
    sc.refused(CharmAttack(mina, h2))


# Discard Phase and Havens, three seats -------------------------------------------------------

def test_discard_phase_three_seats_only_what_is_in_your_own_haven_is_yours_to_discard():
    """Discard Phase: "Discard any cards in your Haven that you do not want." Seat 0's Den
    stores a Ring and shelters seat 2's Hero (a guest); seat 1's Haven stores an Idol.
    Seat 0 may discard its Ring, not the guest, nor what seat 1's Haven stores."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    ring, = sc.haven((1, 1), seat=0, stored=["ring"]).under
    idol, = sc.haven((1, 3), seat=1, stored=["idol"]).under
    guest = sc.char("hero", (1, 1), seat=2)
    sc.turn(DISCARD)
    offered = {a.card for a in sc.legal() if isinstance(a, DiscardCard)}
    assert ring in offered and not {guest, idol} & offered
    sc.refused(DiscardCard(guest))
    sc.refused(DiscardCard(idol))
    sc.do(DiscardCard(ring))
    assert ring in sc.st.seats[0].discard and guest in sc.st.units


def test_rules_for_havens_three_seats_another_guest_cannot_answer_a_take():
    """Rules for Havens: "If you have Characters there, you can Combat that player's
    Characters if they try to take something ... but if you have no Characters there,
    they can take whatever is there." Seat 1's Haven stores a Ring; only seat 2's Hero,
    a guest, stands in it. Seat 0, let in by seat 1, takes the Ring at once: nobody is
    asked, seat 2's guest least of all."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    ring, = sc.haven((1, 1), seat=1, stored=["ring"]).under
    hero = sc.char("hero", (0, 0))
    sc.char("hero", (1, 1), seat=2)
    sc.turn(MOVE)
    sc.do(AskPermission((1, 1)))
    assert sc.st.current_seat() == 1
    sc.do(Answer(True), Move((hero,), (1, 1)))
    sc.do(PickUp(ring, hero))
    assert sc.unit(hero).items == [ring] and sc.st.current_seat() == 0
    assert sc.st.top.kind == "phase"


# Winning the Game, four seats ----------------------------------------------------------------

def test_winning_the_game_four_seats_the_disasters_majority_ends_the_game_mid_round_R14():
    """Winning the Game: "If the Disasters get more than half of the Items, they win"; R14
    (guideline 4.1): the tally is made at the start of every Discard phase. Four seats, 3
    Items: seat 0's Ogre holds one. In seat 1's Maintenance its Crusher Kills seat 3's
    Hero and takes his Ring: 2 of 3. The game ends as seat 2's Turn begins, before seats
    2, 3 and 0 play again, and every player loses."""
    sc = Scene(CARDS, seats=4, options=NO_CHARM)
    column(sc)
    sc.disaster("ogre", (0, 5), items=["idol"])
    crusher = sc.disaster("crusher", (0, 0), seat=1)
    hero = sc.char("hero", (0, 1), seat=3, items=["ring"])
    ring = sc.unit(hero).items[0]
    for s in range(4):
        sc.combat_pile(s, *["blank"] * 3)
    sc.turn(DISCARD, seat=1)
    sc.until(EQUIP, seat=1)
    assert sc.st.combat.seat == 3
    ev = sc.do(Declare(hero, "attack"))
    assert [e["card"] for e in of(ev, Killed)] == [hero] and sc.unit(crusher).items == [ring]
    ev = sc.do(EndPhase(), EndPhase(), EndPhase())
    over, = of(ev, GameOver)
    assert (over["winners"], over["disasters_win"], over["reason"]) == ([], True, "majority")
    assert over["items"]["disasters"] == 2 and sc.st.turn_seat == 2


# Transformed Characters carrying Items, against a Disaster -------------------------------------

def transformed(seat=0, items=("ring",), **kw) -> tuple[Scene, int]:
    """Seat 0's Mina (Ring, Sword, Blessing) at (0, 1) transformed into Kit (Attack 6,
    Defense 1) in the Move phase; the Hero beside her carries nothing."""
    sc = Scene(CARDS, **kw)
    column(sc)
    mina = sc.char("mina", (0, 1), items=list(items), equipment=["sword"],
                   enhancements=["blessing"])
    kit = sc.card("kit")
    sc.st.seats[0].forms = [kit]
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Transform(mina))
    assert kit in sc.st.units and mina not in sc.st.units
    return sc, kit


def test_combat_with_disasters_a_transformed_character_with_an_item_is_its_target():
    """Rules for Transforming Characters (R43 a: the new form keeps the Items); Combat with
    Disasters: "the Disaster will attack a random Character having an Item". Mina, with
    the Ring, became Kit; the Hero beside her has none: whatever the seed the Ogre attacks
    Kit, and her Blessing counts for her: 6 + 1 = 7 Attack (the Sword, not put to use,
    adds nothing)."""
    for seed in range(5):
        sc, kit = transformed(seed=seed, options=NO_CHARM)
        hero = sc.char("hero", (0, 1))
        ogre = sc.disaster("ogre", (0, 1), seat=0)
        sc.do(Fight(ogre))
        assert sc.st.combat.target == kit
        assert total(sc.st, sc.unit(kit), "attack") == 7
        assert hero in sc.st.combat.fighters


def test_kill_by_a_disaster_a_transformed_character_its_item_taken_the_rest_where_it_belongs():
    """Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an Item,
    the Disaster ... takes the Item the Character had"; Bonk: "all of the Enhancements ...
    are Discarded, and any Equipment or Items are dropped below the Location"; Kill:
    "Killed Characters are Discarded". Kit (Mina transformed, Health 1) meets the Crusher
    (20): Killed; the Crusher takes her Ring, her Sword lies under the Location, Kit and
    her Blessing go to seat 0's Discard pile."""
    sc, kit = transformed(options=NO_CHARM)
    ring, sword, blessing = sc.unit(kit).items[0], sc.unit(kit).equipment[0], \
        sc.unit(kit).enhancements[0]
    crusher = sc.disaster("crusher", (0, 1), seat=0)
    sc.do(Fight(crusher))
    ev = sc.do(Declare(kit, "attack"))
    assert [e["card"] for e in of(ev, Killed)] == [kit]
    assert sc.unit(crusher).items == [ring] and sword in sc.st.places[(0, 1)].under
    assert {kit, blessing} <= set(sc.st.seats[0].discard)
    assert sc.st.combat is None


# A third player's Flash Effect, a Global Effect, in a Combat between two others -------------

def test_rules_for_flash_effects_three_seats_the_third_seat_cancels_a_boost_in_a_combat():
    """Rules for Flash Effects: "Flash Effects are played throughout the game" and "work in
    last-in, first-out order". In seat 0's Combat with seat 1, seat 0 plays Boost (+4) on
    its Brute; seat 1 passes; seat 2, in no Combat, answers with Counter: Boost is
    Discarded, and the Brute hits seat 1's Hero with 9, not 13."""
    sc, brute, h1, h2, ogre = three_at_one_cell()
    boost, = sc.hand(0, "boost")
    counter, = sc.hand(2, "counter")
    sc.do(Challenge(1, (0, 1)), PlayCard(boost, brute))
    assert sc.st.current_seat() == 1
    sc.do(Pass())
    assert sc.st.current_seat() == 2 and PlayCard(counter, boost) in sc.legal()
    sc.do(PlayCard(counter, boost))
    while sc.st.top.kind == "flash":
        sc.do(Pass())
    assert boost in sc.st.seats[0].discard and counter in sc.st.seats[2].discard
    ev = sc.do(Engage(brute, "attack", h1), Engage(h1, "attack", brute))
    hits = {h["target"]: h["attack"] for h in of(ev, CombatHit)}
    assert hits[h1] == 9


def test_rules_for_flash_effects_three_seats_the_third_seats_sting_bonks_a_fighter():
    """Rules for Flash Effects; Combat Between Players: "Combat continues until: 1. All
    Characters on one side are Bonked"; R33 d (nobody takes the Items of a Character
    Bonked by a player). In seat 0's Combat with seat 1, seat 2 answers seat 0's Boost
    with Sting (3 Damage) on seat 1's Hero (Health 3): he is Bonked before any round, his
    Ring and Sword drop under the Location, and the Combat is over, seat 0's Move phase
    going on."""
    sc, brute, h1, h2, ogre = three_at_one_cell()
    ring, sword = sc.unit(h1).items[0], sc.unit(h1).equipment[0]
    boost, = sc.hand(0, "boost")
    sting, = sc.hand(2, "sting")
    sc.do(Challenge(1, (0, 1)), PlayCard(boost, brute), Pass())
    sc.do(PlayCard(sting, h1))
    ev = []
    while sc.st.top.kind == "flash":
        ev += sc.do(Pass())
    assert [e["card"] for e in of(ev, Bonked)] == [h1]
    under = sc.st.places[(0, 1)].under
    assert ring in under and sword in under and not sc.unit(ogre).items
    assert sc.st.duel is None and (sc.st.turn_seat, sc.st.phase) == (0, MOVE)
    assert sc.st.top.kind == "phase"


def test_rules_for_global_effects_used_mid_combat_between_players_turns_a_kill_into_a_bonk():
    """Rules for Global Effects: "they affect all of your Characters"; "When a Global
    Effect with uses runs out of uses, it is removed from the game"; Kill: "reduced to the
    negative of their base Health". Seat 1 uses its Bulwark (+3 Defense for the Combat,
    1 use) as its turn to declare comes: the Brute's 9 against 3 + 3 leaves its Hero at
    Health 0, Bonked, not Killed; Bulwark is Destroyed."""
    sc, brute, h1, h2, ogre = three_at_one_cell()
    bulwark, = sc.hand(1, "bulwark")
    sc.st.seats[1].hand.remove(bulwark)
    sc.st.off_field.append(OffField(bulwark, 1))
    sc.do(Challenge(1, (0, 1)), Engage(brute, "attack", h1))
    assert sc.st.current_seat() == 1
    sc.do(UseCard(bulwark))
    assert total(sc.st, sc.unit(h1), "defense") == 6
    assert total(sc.st, sc.unit(h2), "defense") == 3  # seat 2's is not seat 1's
    ev = sc.do(Engage(h1, "attack", brute))
    hit = {h["target"]: h for h in of(ev, CombatHit)}[h1]
    assert (hit["attack"], hit["defense"], hit["result"]) == (9, 6, "bonked")
    assert not of(ev, Killed) and bulwark in sc.st.destroyed
    assert sc.st.off_field == []


# A Location turned Haven, then attacked ---------------------------------------------------------

def test_rules_for_locations_a_besieged_location_turned_haven_is_attacked_no_more_guideline_4_14():
    """Rules for Locations: "If a Location has Defense, you can Scavenge it without the
    necessary skills by attacking it"; guideline 4.14: "A Haven (not even a
    Location-turned-Haven) is not a Location" (R85: those already there stay as guests).
    Seat 1's Brute (no Stealth) brings the Keep (Defense 5) to Health 1; seat 0 turns it
    into its Haven. In seat 1's next Turn his Brute, still there, may neither attack it
    again nor Scavenge it; the refusal says why (it told of no Defense or an attack this
    Turn, neither true)."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    column(sc, 2)
    sc.location((1, 1), "keep", under=["idol"])
    brute = sc.char("brute", (1, 1), seat=1)
    sc.char("hero", (1, 1))
    sc.turn(SCAVENGE, seat=1)
    ev = sc.do(AttackLocation((1, 1)))
    assert of(ev, LocationAttacked)[0]["health_after"] == 1
    sc.until(SCAVENGE)
    sc.do(BuildHaven((1, 1)))
    assert sc.st.places[(1, 1)].kind == "haven"
    sc.until(SCAVENGE, seat=1)
    assert sc.unit(brute).pos == (1, 1)
    assert not [a for a in sc.legal() if isinstance(a, (AttackLocation, Scavenge))]
    sc.refused(AttackLocation((1, 1)), "not a Location")
    sc.refused(Scavenge((1, 1)), "requirements")


@pytest.mark.parametrize("case,said", [
    ("sneak", "meets the requirements"), ("brute", "Health is 0 or below"),
    ("goggles", "a card lets the group Scavenge it"), ("plain", "has no Defense")])
def test_rules_for_locations_an_attack_refused_says_its_true_reason(case, said):
    """Rules for Locations: "If a Location has Defense, you can Scavenge it without the
    necessary skills by attacking it", once per Turn, "until its Health is 0 or below".
    A group meeting the Keep's requirements (Stealth), or whose attack brought it to
    Health 0 or below, or carrying Goggles that let it Scavenge any Desert Location
    (card-format, `scavenge_any`), Scavenges it and may not attack it: the refusal said
    "it has no Defense, or was attacked this Turn", neither true. Each now says its own
    reason."""
    sc = Scene(CARDS + """\
- {id: sneak, name: Sneak, type: character, gender: male, skills: {Stealth: 1},
   abilities: {attack: 1, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: dune, name: Dune, type: location, categories: [Desert],
   requires: {skills: {Stealth: 1}}, abilities: {defense: 5}}
- {id: goggles, name: Goggles, type: item,
   effects: [{"on": static, do: [{scavenge_any: Desert, to: group}]}]}
""", seats=2, options=NO_CHARM)
    column(sc, 2)
    card = {"plain": "plain", "goggles": "dune"}.get(case, "keep")
    sc.location((1, 1), card, under=["idol", "ring"])
    sc.char("sneak" if case == "sneak" else "brute", (1, 1),
            items=["goggles"] if case == "goggles" else [])
    sc.turn(SCAVENGE)
    if case == "brute":
        for _ in range(2):  # Health 5, then 1, then -3
            sc.do(AttackLocation((1, 1)))
            sc.until(SCAVENGE, seat=0)
    reason = sc.refused(AttackLocation((1, 1)), said)
    assert "attacked this Turn" not in reason and (case == "plain") == ("Defense" in reason)


# Scavenge Phase with a third player's group at the Location -----------------------------------

def test_scavenge_phase_three_seats_a_disaster_turned_over_fights_the_scavengers_only():
    """Scavenge Phase: "If it is a Combat Disaster, you will have to fight it"; Combat
    with Disasters: "a random Character having an Item" of the group it fights. Seat 0's
    Tank Scavenges where seat 2's Hero with a Ring stands; the Ogre turned over attacks
    the Tank, in a Combat with seat 0 alone, and seat 2's Hero keeps his Ring."""
    for seed in range(4):
        sc = Scene(CARDS, seats=3, seed=seed, options=NO_CHARM)
        column(sc)
        sc.location((0, 1), under=["ogre", "idol"])
        tank = sc.char("tank", (0, 1))
        h2 = sc.char("hero", (0, 1), seat=2, items=["ring"])
        sc.combat_pile(0, *["blank"] * 3)
        sc.turn(SCAVENGE)
        sc.do(Scavenge((0, 1)))
        c = sc.st.combat
        assert (c.seat, c.target) == (0, tank) and h2 not in c.fighters
        assert sc.unit(h2).items


# A Charmed Character with an Enhancement, Killed --------------------------------------------------

def test_charm_combat_with_disasters_a_charmed_character_keeps_its_enhancement_until_killed():
    """Charm Combat with Disasters: "If the Disaster has a higher Charm it wins, and the
    Character is Charmed. If the Character has a higher Charm it wins"; Rules for
    Enhancements: "only removed if the host card Killed, Bonked, Defeated, or Discarded";
    Rules for Disasters: the Disaster that Kills a Character with an Item takes it. The
    Siren (Charm 5) Charms the Hero (2) and loses to Mina (3, and 3 from her Glow); the
    Hero keeps his Blessing while Charmed; the Siren's 20 then Kills him (he holds the
    Ring), takes the Ring, and the Blessing goes with him to seat 0's Discard pile."""
    for seed in range(3):
        sc = Scene(CARDS, seats=2, seed=seed)
        column(sc)
        hero = sc.char("hero", (0, 1), items=["ring"], enhancements=["blessing"])
        mina = sc.char("mina", (0, 1), enhancements=["glow"])
        ring, blessing = sc.unit(hero).items[0], sc.unit(hero).enhancements[0]
        siren = sc.disaster("siren", (0, 1))
        sc.combat_pile(0, *["blank"] * 6)
        sc.turn(MOVE)
        sc.do(Fight(siren))
        assert set(sc.st.combat.charmed) == {hero} and mina in sc.st.combat.resisted
        assert sc.unit(hero).enhancements == [blessing]
        assert total(sc.st, sc.unit(hero), "attack") == 4
        sc.do(Proceed())
        assert sc.st.combat.target == hero
        ev = sc.do(Declare(hero, "attack"), Declare(mina, "attack"))
        assert [e["card"] for e in of(ev, Killed)] == [hero]
        assert sc.unit(siren).items == [ring]
        assert {hero, blessing} <= set(sc.st.seats[0].discard)


# Combat Between Players: Run Away, turn order, three seats -------------------------------------

def test_run_away_three_seats_the_initiator_runs_and_the_next_seat_plays_R33f():
    """Basic Terms, Run Away: "This will end your Turn" (R33 f: the initiator's Turn).
    Seat 0 challenges seat 1 where seat 2 also stands, and Runs Away at the first round:
    seat 1's Hero gets its final attack, the Brute moves 1 Location, and seat 1's Turn
    follows, not seat 2's."""
    sc, brute, h1, h2, ogre = three_at_one_cell()
    sc.do(Challenge(1, (0, 1)))
    ev = sc.do(RunAway())
    if sc.st.duel is not None and sc.st.current_seat() == 1:
        ev += sc.do(Engage(h1, "attack", brute))
    if sc.st.duel is not None:
        ev += sc.do(RunTo((0, 2)))
    assert [h["target"] for h in of(ev, CombatHit)] == [brute]
    assert sc.st.duel is None and sc.unit(brute).pos == (0, 2)
    assert (sc.st.turn_seat, sc.st.phase) == (1, DISCARD)


# A guest Killed in a Haven ---------------------------------------------------------------------

def test_rules_for_havens_a_guest_killed_by_the_owner_leaves_its_cards_stored_there_R33d():
    """Rules for Havens: the owner may "force them out" (R36) by Combat; Basic Terms, Drop:
    Items and Equipment "may go in a Haven"; R33 d: those of a Character Killed by a player
    in a Haven drop into the Haven. In seat 1's Turn its Brute fights seat 2's Hero, a
    guest in its Haven where seat 0's Hero is a guest too: seat 2's Hero is Killed, his
    Ring and Sword are stored in seat 1's Haven (and count for seat 1), his Blessing and
    he go to seat 2's Discard pile; seat 0's guest took no part."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    sc.haven((1, 1), seat=1)
    brute = sc.char("brute", (1, 1), seat=1)
    guest = sc.char("hero", (1, 1), seat=2, items=["ring"], equipment=["sword"],
                    enhancements=["blessing"])
    other = sc.char("hero", (1, 1), seat=0)
    ring, sword, blessing = sc.unit(guest).items[0], sc.unit(guest).equipment[0], \
        sc.unit(guest).enhancements[0]
    for s in range(3):
        sc.combat_pile(s, *["blank"] * 3)
    sc.turn(MOVE, seat=1)
    sc.do(Challenge(2, (1, 1)))
    assert other not in sc.st.duel.fighters
    ev = sc.do(Engage(brute, "attack", guest), Engage(guest, "attack", brute))
    assert [e["card"] for e in of(ev, Killed)] == [guest]
    stored = sc.st.places[(1, 1)].under
    assert ring in stored and sword in stored
    assert {guest, blessing} <= set(sc.st.seats[2].discard)
    assert item_counts(sc.st)["1"] == 1 and sc.unit(other).pos == (1, 1)


def declare(sc: Scene, plan: dict[int, tuple]) -> list:
    """Engage each fighter as `plan` says ((role,) or (role, target)) as its turn comes."""
    ev = []
    while sc.st.duel is not None and sc.st.duel.stage == "declare":
        who = next(a.char for a in sc.legal() if isinstance(a, Engage))
        ev += sc.do(Engage(who, *plan.get(who, ("none",))))
    return ev


# Killed after a Charm contest: what the charmer was handed --------------------------------------

def test_charm_combat_between_players_an_item_handed_over_drops_when_the_charmer_is_killed():
    """Charm Combat Between Players: "each Character can make the Character it Charmed
    perform 1 action" (List of Actions: "Hand over an Item"); Bonk and Kill: Items "are
    dropped below the Location" (R33 d: nobody takes them). Three seats: seat 0's Mina
    (Charm 3, and 3 from her Glow) Charms seat 1's Hero (2), who hands her his Ring; in
    the physical round seat 1's Brute (9) Kills her: the Ring lies under the Location (it
    goes back to nobody), the Glow to seat 0's Discard pile; seat 2's Hero is untouched."""
    sc = Scene(CARDS, seats=3)
    column(sc)
    mina = sc.char("mina", (0, 1), enhancements=["glow"])
    h1 = sc.char("hero", (0, 1), seat=1, items=["ring"])
    brute = sc.char("brute", (0, 1), seat=1)
    h2 = sc.char("hero", (0, 1), seat=2)
    for s in range(3):
        sc.combat_pile(s, *["blank"] * 4)
    sc.turn(MOVE)
    ring, glow = sc.unit(h1).items[0], sc.unit(mina).enhancements[0]
    ev = sc.do(Challenge(1, (0, 1)), CharmAttack(mina, h1))
    (c,) = of(ev, CharmContest)
    assert (c["attacker_charm"], c["defender_charm"], c["result"]) == (6, 2, "charmed")
    assert sc.st.duel.to_order == [(mina, h1)]
    ev = sc.do(Order(mina, h1, "hand-over"))
    assert sc.unit(mina).items == [ring]
    ev = declare(sc, {mina: ("attack", h1), brute: ("attack", mina)})
    assert mina in [e["card"] for e in of(ev, Killed)]
    assert ring in sc.st.places[(0, 1)].under and glow in sc.st.seats[0].discard
    assert not sc.unit(h1).items and h2 in sc.st.units and not sc.unit(h2).items


@pytest.mark.parametrize("seats,charmed", [(2, 1), (3, 1), (4, 2)])
def test_list_of_actions_an_item_handed_over_is_named_to_the_seat_that_held_it_too_R16(
        seats, charmed):
    """List of Actions, "Hand over an Item", after Charm Combat Between Players; R16: each
    seat's events show only its share. The Item was the Charmed Character's player's own
    to see, and it is the charmer's player's now: both are told which (as a robbed seat is
    told what it lost), every other seat only that an Item changed hands. The seat that
    held it was told nothing: the event named the Ring to the charmer's seat alone."""
    sc = Scene(CARDS, seats=seats)
    column(sc)
    mina = sc.char("mina", (0, 1), enhancements=["glow"])
    hero = sc.char("hero", (0, 1), seat=charmed, items=["ring", "idol"])
    sc.combat_pile(0, *["blank"] * 4)
    sc.combat_pile(charmed, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Challenge(charmed, (0, 1)), CharmAttack(mina, hero))
    ev = sc.do(Order(mina, hero, "hand-over"))
    (given,) = [e for e in ev if isinstance(e, ItemTransferred)]
    assert sc.unit(mina).items == [given.card]
    told = [given.card if s in (0, charmed) else None for s in range(seats)]
    assert [given.for_seat(s).card for s in range(seats)] == told


def test_list_of_actions_an_item_a_disaster_hands_over_is_named_to_the_charmers_seat_R16():
    """Charm Combat with Disasters, "you can make the Disaster perform 1 action" (Hand over
    an Item); R16: what a Disaster carries is no seat's to see, its player's neither (the
    Character's player who Charmed it is told which Item it now holds)."""
    sc = Scene(CARDS + """\
- {id: pixie, name: Pixie, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1}}
""", seats=2)
    column(sc)
    mina = sc.char("mina", (0, 1), enhancements=["glow"])
    pixie = sc.disaster("pixie", (0, 1), seat=1, items=["ring"])
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(pixie))
    assert sc.st.combat.stage == "command"
    ring = sc.unit(pixie).items[0]
    (given,) = [e for e in sc.do(Command("hand-over", mina)) if isinstance(e, ItemTransferred)]
    assert [given.for_seat(s).card for s in range(2)] == [ring, None]


def test_run_away_three_seats_in_its_own_maintenance_its_other_disasters_wait_R65():
    """Basic Terms, Run Away: "This will end your Turn"; R65: also in the runner's own
    Maintenance phase, its Disasters not yet moved staying where they are. Seat 1's first
    Imp stops on seat 1's own Tank; seat 1 Runs Away: its Turn ends there, its second Imp
    has not moved, and seat 2's Turn follows."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    first = sc.disaster("imp", (0, 0), seat=1)
    second = sc.disaster("imp", (0, 3), seat=1)
    tank = sc.char("tank", (0, 1), seat=1)
    sc.combat_pile(1, *["blank"] * 3)
    sc.turn(DISCARD, seat=1)
    sc.until(EQUIP, seat=1)
    assert sc.st.combat.seat == 1 and sc.unit(first).pos == (0, 1)
    ev = sc.do(RunAway())
    if sc.st.combat is not None:
        ev += sc.do(RunTo((0, 2)))
    assert of(ev, RanAway) and sc.unit(second).pos == (0, 3)
    assert sc.unit(tank).pos == (0, 2)
    assert (sc.st.turn_seat, sc.st.phase) == (2, DISCARD)


def test_winning_the_game_three_seats_the_round_limit_waits_for_the_last_seats_turn_R14d():
    """R14 d: "a round is every player taking one turn"; the game ends as in c at the round
    limit. Three seats, a limit of 2 rounds, one round played: no tally ends the game at
    seat 1's or seat 2's Discard phase; when seat 2's Turn closes round 2, seat 0, with
    the only Item held, wins."""
    sc = Scene(CARDS, seats=3, options=Options(charm_combat=False, round_limit=2))
    column(sc)
    sc.char("hero", (0, 1), items=["ring"])
    sc.char("hero", (0, 2), seat=1)
    sc.char("hero", (0, 3), seat=2)
    sc.st.rounds = 1
    sc.turn(SCAVENGE)
    ev = sc.until(SCAVENGE, seat=1)
    assert not of(ev, GameOver) and sc.st.result is None
    ev = sc.until(SCAVENGE, seat=2)
    assert not of(ev, GameOver) and sc.st.result is None
    over, = of(sc.do(EndPhase()), GameOver)
    assert (over["winners"], over["disasters_win"], over["reason"]) == ([0], False,
                                                                        "round_limit")


# Combat Between Players in a third player's Haven -------------------------------------------------

def test_combat_between_players_two_guests_in_a_third_players_haven_R33a_R35c():
    """Rules for Havens: a guest "has free access" and may be fought; R33 a (Combat at "a
    Haven where one of them is a guest"); R35 c (a Haven's Defense is its owner's
    Characters' alone); R33 d (the cards of one Killed in a Haven drop into it). Seats 0
    and 1 are guests in seat 2's Fort (Defense 5). Seat 0's Brute attacks seat 1's Hero:
    9 against his own 3, the Fort adding nothing; he is Killed and his Ring is stored in
    the Fort, counting for seat 2."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    sc.haven((1, 1), seat=2)
    sc.st.places[(1, 1)] = Place(sc.card("fort", 2), "haven", 2)
    brute = sc.char("brute", (1, 1))
    h1 = sc.char("hero", (1, 1), seat=1, items=["ring"])
    ring = sc.unit(h1).items[0]
    for s in range(3):
        sc.combat_pile(s, *["blank"] * 3)
    sc.turn(MOVE)
    assert Challenge(1, (1, 1)) in sc.legal()
    sc.do(Challenge(1, (1, 1)))
    assert sorted(sc.st.duel.fighters) == sorted([brute, h1])
    ev = sc.do(Engage(brute, "attack", h1), Engage(h1, "attack", brute))
    hit = {h["target"]: h for h in of(ev, CombatHit)}[h1]
    assert (hit["attack"], hit["defense"], hit["result"]) == (9, 3, "killed")
    assert ring in sc.st.places[(1, 1)].under
    counts = item_counts(sc.st)
    assert (counts["0"], counts["1"], counts["2"]) == (0, 0, 1)


# A Global Effect's requirement met, then not, in the middle of a Combat ---------------------

def test_rules_for_global_effects_a_requirement_the_new_form_fails_takes_its_bonus_mid_combat():
    """Rules for Global Effects: "the Character using the Global Effect must ... meet the
    requirement"; Rules for Transforming Characters: the second card is brought in (R43
    a: its abilities and gender are the new card's). Ladies' Night (+2 Attack to a female)
    is seat 0's. Sei (female, 2) strikes the Ogre with 4 in round 1; she transforms into
    Ken (male, 3), who strikes with 3 in round 2, the bonus no longer his."""
    sc = Scene(CARDS, options=NO_CHARM)
    column(sc)
    sc.haven((1, 1))
    tank = sc.char("tank", (0, 1), items=["ring"])
    sei = sc.char("sei", (0, 1))
    ken = sc.card("ken")
    sc.st.seats[0].forms = [ken]
    ladies, = sc.hand(0, "ladies")
    sc.turn(EQUIP).do(PlayCard(ladies))
    sc.until(MOVE)
    ogre = sc.disaster("ogre", (0, 1))
    sc.combat_pile(0, *["blank"] * 6)
    sc.do(Fight(ogre))
    assert sc.st.combat.target == tank
    ev = sc.do(Declare(tank, "none"), Declare(sei, "attack"))
    on_ogre = [h for h in of(ev, CombatHit) if h["target"] == ogre]
    assert on_ogre[0]["attack"] == 4
    sc.do(Transform(sei))
    assert total(sc.st, sc.unit(ken), "attack") == 3
    ev = sc.do(Declare(tank, "none"), Declare(ken, "attack"))
    on_ogre = [h for h in of(ev, CombatHit) if h["target"] == ogre]
    assert on_ogre[0]["attack"] == 3


def test_rules_for_havens_a_havens_attack_reaches_a_location_not_a_location_turned_haven_R35b():
    """Rules for Havens: "Havens with Attack and Defense can be used to attack adjacent
    Locations" (R35 b); guideline 4.14: "A Haven (not even a Location-turned-Haven) is not
    a Location". Seat 1's Fort stands between the Keep, turned into seat 0's Haven with
    seat 0's Hero in it, and a Location where seat 0's Tank stands: in seat 1's Move phase
    the Fort may initiate Combat on the Tank, not on the Hero."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    column(sc, 3)
    sc.location((2, 1), "keep", under=["idol"])
    hero = sc.char("hero", (2, 1))
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((2, 1)))
    assert sc.st.places[(2, 1)].kind == "haven" and sc.unit(hero).pos == (2, 1)
    sc.haven((1, 1), seat=1)
    sc.st.places[(1, 1)] = Place(sc.card("fort", 1), "haven", 1)
    sc.char("tank", (0, 1))
    sc.combat_pile(1, *["blank"] * 3)
    sc.turn(MOVE, seat=1)
    challenges = {a.cell for a in sc.legal() if isinstance(a, Challenge)}
    assert challenges == {(0, 1)}
    sc.refused(Challenge(0, (2, 1)))


def test_run_away_three_seats_from_a_disaster_turned_over_while_scavenging_ends_the_turn():
    """Scavenge Phase: "If it is a Combat Disaster, you will have to fight it"; Basic Terms,
    Run Away: "This will end your Turn." Seat 1 Scavenges, turns over the Ogre and Runs
    Away: Scavenging is over with the Turn, the Idol still under the Location, and seat
    2's Turn follows."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    sc.location((0, 1), under=["ogre", "idol"])
    tank = sc.char("tank", (0, 1), seat=1)
    sc.combat_pile(1, *["blank"] * 3)
    sc.turn(SCAVENGE, seat=1)
    sc.do(Scavenge((0, 1)))
    assert sc.st.combat is not None and sc.st.combat.seat == 1
    ev = sc.do(RunAway())
    if sc.st.combat is not None:
        ev += sc.do(RunTo((0, 2)))
    assert of(ev, RanAway) and sc.unit(tank).pos == (0, 2)
    assert sc.st.scavenging is None and len(sc.st.places[(0, 1)].under) == 1
    assert (sc.st.turn_seat, sc.st.phase) == (2, DISCARD)


def test_rules_for_havens_a_guest_killed_in_a_location_turned_haven_its_cards_stored_R85_R33d():
    """Rules for Locations: "Once a Location becomes a Haven ..." (R85: another player's
    Characters already there stay as guests, the owner forcing them out by Combat); R33 d
    and Basic Terms, Drop (Items and Equipment "stay on a Haven / Location-turned-Haven",
    the guidelines' Drop). Seat 1's Hero stands in the Keep when seat 0 turns it into its
    Haven; seat 0's Brute Kills him there: his Ring and Sword are stored in the Haven
    (seat 0's to count), the Idol still under it stays to be Scavenged."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    column(sc, 3)
    idol, = sc.location((1, 1), "keep", under=["idol"]).under
    brute = sc.char("brute", (1, 1))
    guest = sc.char("hero", (1, 1), seat=1, items=["ring"], equipment=["sword"])
    ring, sword = sc.unit(guest).items[0], sc.unit(guest).equipment[0]
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 3)
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((1, 1)))
    assert Challenge(1, (1, 1)) in sc.legal()
    sc.do(Challenge(1, (1, 1)))
    ev = sc.do(Engage(brute, "attack", guest), Engage(guest, "attack", brute))
    assert [e["card"] for e in of(ev, Killed)] == [guest]
    keep = sc.st.places[(1, 1)]
    assert set(keep.under) == {ring, sword} and keep.buried == (idol,)
    counts = item_counts(sc.st)
    assert (counts["0"], counts["1"], counts["field"]) == (1, 0, 2)


def test_rules_for_locations_a_disaster_there_when_it_turns_haven_fights_nobody_guideline_4_10():
    """Rules for Locations: a Location becomes a Haven "after revealing all Disasters at
    the Location"; guideline 4.10 ("Disasters already at the Haven") and 4.14 ("A Haven
    ... is not a Location"): R23's attack on a group that stops at a Location. Seat 1's
    Ogre stands on the Keep when seat 0's Hero, carrying a Ring, turns it into a Haven:
    the Hero may no longer Fight it there, it attacks nobody, and in seat 1's Maintenance
    it moves on down the path from the Keep's old place."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    column(sc, 3)
    sc.location((0, 1), "keep")
    hero = sc.char("hero", (0, 1), items=["ring"])
    ogre = sc.disaster("ogre", (0, 1), seat=1)
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 3)
    sc.turn(SCAVENGE)
    assert Fight(ogre) in sc.legal()
    sc.do(BuildHaven((0, 1)))
    assert Fight(ogre) not in sc.legal() and sc.st.combat is None
    ev = sc.until(EQUIP, seat=1)
    assert sc.unit(ogre).pos == (0, 2) and of(ev, DisasterMoved)
    assert sc.st.combat is None and sc.unit(hero).items


def test_rules_for_flash_effects_four_seats_a_cancel_on_a_cancel_lets_the_boost_land():
    """Rules for Flash Effects: "Flash Effects work in last-in, first-out order" ("You can
    use a Wrath of the Eye of God to Discard an opponent's Wrath"). Four seats; in seat
    0's Combat with seat 1, seat 0 plays Boost (+4) on its Brute; seat 2 answers with
    Counter on Boost, seat 3 with Counter on seat 2's Counter: seat 3's resolves first,
    seat 2's never lands, Boost does, and the Brute hits with 13."""
    sc = Scene(CARDS, seats=4, options=NO_CHARM)
    column(sc)
    brute = sc.char("brute", (0, 1))
    h1 = sc.char("hero", (0, 1), seat=1)
    for s in range(4):
        sc.combat_pile(s, *["blank"] * 3)
    boost, = sc.hand(0, "boost")
    c2, = sc.hand(2, "counter")
    c3, = sc.hand(3, "counter")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 1)), PlayCard(boost, brute), Pass())
    assert sc.st.current_seat() == 2
    sc.do(PlayCard(c2, boost))
    assert sc.st.current_seat() == 3
    sc.do(PlayCard(c3, c2))
    while sc.st.top.kind == "flash":
        sc.do(Pass())
    assert c2 in sc.st.seats[2].discard and c3 in sc.st.seats[3].discard
    assert boost not in sc.st.seats[0].discard
    ev = sc.do(Engage(brute, "attack", h1), Engage(h1, "attack", brute))
    assert {h["target"]: h["attack"] for h in of(ev, CombatHit)}[h1] == 13


def test_basic_terms_bonk_by_a_third_seat_in_anothers_turn_one_full_turn_of_its_owner_R9():
    """Basic Terms, Bonk: "removed from play for 1 complete Turn. After a Bonked Character
    has been out of play for 1 Turn, it may be placed back in your hand during your Reload
    phase" (R9: one full Turn of its owner). Seat 2's Sting Bonks seat 1's Hero in seat
    0's Turn: seat 1's next Turn is the complete one out, so its Reload does not bring him
    back; the Reload of the Turn after does."""
    sc, brute, h1, h2, ogre = three_at_one_cell()
    boost, = sc.hand(0, "boost")
    sting, = sc.hand(2, "sting")
    sc.do(Challenge(1, (0, 1)), PlayCard(boost, brute), Pass(), PlayCard(sting, h1))
    while sc.st.top.kind == "flash":
        sc.do(Pass())
    assert [c for c, _ in sc.st.seats[1].set_aside] == [h1]
    sc.until(EQUIP, seat=1)
    assert h1 not in sc.st.seats[1].hand
    sc.until(EQUIP, seat=1)
    assert h1 in sc.st.seats[1].hand and not sc.st.seats[1].set_aside
