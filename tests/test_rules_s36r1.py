"""An outside examiner's third pass (s36r1): the rulebook with three and four seats (Play
Phases, Winning the Game, Havens, Combat and Charm Combat Between Players with a third
player's cards on the cell, the turn order after Running Away, the round limit, the
Disasters' Maintenance among several players' groups), and scenes where two chapters
meet (a Transformed Character in Combat or carrying Items; an Enhancement on a Character
Charmed, Killed or Transformed; what a Character Killed by a Disaster, a player or in a
Haven leaves; a third player's Flash Effect in a Combat between two others; a Global
Effect in the middle of a Combat; a Location turned Haven then attacked)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (Answer, AskPermission, AttackLocation, Challenge, CharmAttack,
                                 Declare, DiscardCard, EndPhase, Engage, Fight, Move, Pass,
                                 PickUp, PlayCard, Proceed, RunAway, RunTo, Transform)
from game.engine.events import (Bonked, CombatHit, CombatTarget, DisasterMoved, DuelEnded,
                                GameOver, Killed, RanAway)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MAINTENANCE, MOVE, SCAVENGE

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
- {id: fort, name: Fort, type: haven, abilities: {attack: 4, defense: 5}}
- {id: dock, name: Dock, type: location, becomes_haven: {}, abilities: {defense: 4}}
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
