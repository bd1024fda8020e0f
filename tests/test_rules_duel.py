"""Combat between players (rulebook, Combat Between Players, Charm Combat Between
Players, Protecting, Run Away, Rules for Havens; R9-R12, R33-R36)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import (Answer, AskPermission, BreakCharm, Challenge, CharmAttack,
                                 Engage, Move, Order, Proceed, RunAway, RunTo, parse)
from game.engine.events import (BONKED, CHARM_CONTEST, COMBAT_CARD, COMBAT_HIT, DUEL_ENDED,
                                KILLED, MOVED, RAN_AWAY)
from game.engine.options import Options
from game.engine.state import MOVE, SCAVENGE

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
- {id: jinx, name: Jinx, type: combat, physical: {opponent: {defense: "-3"}}, charm: {}}
- {id: ring, name: Ring, type: item}
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
    # R11: a card for every attacker, in declaration order, each from its owner's pile:
    # Ryoko, Leon, Armitage, Launch.
    mine = sc.combat_pile(0, "blank", "blank", "in-my-sights")
    theirs = sc.combat_pile(1, "toss")
    sc.do(Challenge(1, (0, 0)))
    sc.do(Proceed(), Proceed())  # both pass in Charm Combat
    # Players take turns declaring, the attacking player first.
    ev = sc.do(Engage(ryoko, "attack", leon), Engage(leon, "attack", launch),
               Engage(armitage, "attack", leon), Engage(dailey, "protect", leon),
               Engage(launch, "attack", leon))
    assert [(e["for"], e["card"]) for e in of(ev, COMBAT_CARD)] == [
        (ryoko, mine[0]), (leon, theirs[0]), (armitage, mine[1]), (launch, mine[2])]
    on_leon, on_launch = of(ev, COMBAT_HIT)
    # Ryoko (4) + Armitage (4) + Launch (3 + 5) = 16 Attack; Leon (2 + 2) + Dailey (2) = 6.
    assert on_leon["target"] == leon and on_leon["attackers"] == [ryoko, armitage, launch]
    assert (on_leon["attack"], on_leon["defense"], on_leon["damage"]) == (16, 6, 10)
    # Leon takes 10 Damage and is Killed; Dailey takes half of 10 for 5 and is Killed.
    assert (on_leon["health_before"], on_leon["health_after"]) == (2, -8)
    assert on_leon["result"] == "killed"
    assert on_leon["protectors"] == [{"id": dailey, "damage": 5}]
    assert {e["card"] for e in of(ev, KILLED)} == {leon, dailey}
    # Leon's attack is (2 + 2) = 4; Launch's Defense = 3; 1 Damage; Launch keeps on kicking.
    assert on_launch["target"] == launch and on_launch["attackers"] == [leon]
    assert (on_launch["attack"], on_launch["defense"], on_launch["damage"]) == (4, 3, 1)
    assert (on_launch["health_before"], on_launch["health_after"]) == (3, 2)
    assert on_launch["result"] == "ok"
    assert leon in sc.st.seats[1].discard and dailey in sc.st.seats[1].discard
    # All Characters on one side are Killed: Combat ends, Health is restored.
    assert of(ev, DUEL_ENDED) and sc.st.duel is None
    assert sc.unit(launch).damage == 0
    assert sc.st.seats[0].combat_discard == mine and sc.st.seats[1].combat_discard == theirs
