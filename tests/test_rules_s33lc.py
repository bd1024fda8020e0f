""""For the Combat" and "once per round of Combat" when Combats are stacked (s33lc).

A thief's getaway (Basic Terms, Steal) may begin a Combat with a Disaster on top of the
Combat the thief left, which waits below and has not ended (fighting.fought_in, R119).
A lasting effect "until the end of the Combat" (docs/card-format.md, Durations) ends
with the Combat it was made in (Combat: "at the end of Combat"), not with the first to
end; a use "once per round of Combat" (Basic Terms, Uses) belongs to the rounds of the
Combat it was made in.
"""
from __future__ import annotations

import random

import pytest
from scene import Scene

from game.engine.abilities import total
from game.engine.game import apply, legal_actions
from game.engine.view import view
from game.engine.worlds import sample_world
from game.engine.actions import (Challenge, CharmAttack, Declare, Engage, Fight, Move, Order,
                                 UseCard)
from game.engine.options import Options
from game.engine.state import MOVE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- id: mina
  name: Mina
  type: character
  gender: female
  abilities: {attack: 2, defense: 3, movement: 3, charm: 7, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
- id: tiger
  name: Tiger
  type: character
  gender: male
  abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": use, uses: {count: 2}, do: [{modify: {attack: "+2"}, for: combat}]}
    - {"on": use, uses: {count: 1, per: round}, do: [{modify: {defense: "+1"}}]}
- {id: idol, name: Idol, type: item}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
- {id: gnat, name: Gnat, type: disaster, class: minor,
   abilities: {attack: 0, defense: 1, movement: 1}}
"""


def getaway(lower: str, before=(), cards: str = CARDS, order: str | None = None):
    """Seat 0's Mina and Tiger stand at (0, 0) by seat 1's Hero, who holds an Idol, in
    the `lower` Combat: a Challenge of the Hero ("duel") or a Fight with an Ogre
    ("combat"). Tiger uses his effects `before`; Mina steals the Idol and gets away onto
    (0, 1), where a Gnat attacks her (R23): a Combat on top, fought elsewhere. `order`:
    with Charm Combat on, Mina (Charm 7) first Charms the Hero (1) and gives it."""
    sc = Scene(cards, seats=2, options=Options(charm_combat=order is not None))
    for y in range(2):
        sc.location((0, y))
    mina, tiger = sc.char("mina", (0, 0)), sc.char("tiger", (0, 0))
    hero = sc.char("hero", (0, 0), seat=1, items=["idol"])
    sc.disaster("gnat", (0, 1))
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 12)
    sc.turn(MOVE)
    if lower == "duel":
        sc.do(Challenge(1, (0, 0)))
        if order is not None:
            sc.do(CharmAttack(mina, hero), Order(mina, hero, order))
    else:
        sc.do(Fight(sc.disaster("ogre", (0, 0))))
    for index in before:
        sc.do(UseCard(tiger, index, None))
    sc.do(UseCard(mina, 0, hero), Move((mina,), (0, 1)))
    assert [d.kind for d in sc.st.pending] == ["phase", lower, "combat"]
    return sc, tiger


def fight_a_round(sc) -> None:
    """Every Character of the Combat on top attacks, for one round."""
    top, start = sc.st.top, sc.st.top.round
    while sc.st.top is top and top.round == start:
        sc.do(next(a for a in sc.legal() if isinstance(a, (Declare, Engage)) and a.role == "attack"))


@pytest.mark.parametrize("lower", ["combat", "duel"])
def test_a_bonus_for_the_combat_lasts_through_a_combat_begun_on_top_of_it(lower):
    """docs/card-format.md, Durations (`for: combat`, "until the end of the Combat"):
    Tiger's +2 Attack, made in his Combat before Mina's getaway, is his still when the
    Gnat's Combat on top ends (the Gnat Defeated) and his own goes on; a Challenge of
    the Hero ends in its third round (Tiger's 4 Attack on his 3 Defense), and so does
    the bonus."""
    sc, tiger = getaway(lower, before=[0])
    assert total(sc.st, sc.unit(tiger), "attack") == 4
    sc.do(Declare(sc.st.combat.target, "attack"))  # Attack 2 on the Gnat's Defense 1
    assert [d.kind for d in sc.st.pending] == ["phase", lower]
    for _ in range(2):
        fight_a_round(sc)
        assert total(sc.st, sc.unit(tiger), "attack") == 4
    if lower == "duel":
        fight_a_round(sc)
        assert [d.kind for d in sc.st.pending] == ["phase"]
        assert total(sc.st, sc.unit(tiger), "attack") == 2


def test_a_bonus_for_the_combat_made_on_top_ends_with_that_combat():
    """docs/card-format.md, Durations: a bonus "until the end of the Combat" made while
    the Gnat's Combat is fought on top ends with it (R119: what a text does is done in
    the Combat fought now); the one made before the getaway stays with Tiger's own."""
    sc, tiger = getaway("combat", before=[0])
    sc.do(UseCard(tiger, 0, None))
    assert total(sc.st, sc.unit(tiger), "attack") == 6
    sc.do(Declare(sc.st.combat.target, "attack"))
    assert total(sc.st, sc.unit(tiger), "attack") == 4


@pytest.mark.parametrize("lower", ["combat", "duel"])
def test_a_use_once_per_round_is_not_back_with_a_round_of_a_combat_on_top(lower):
    """Basic Terms, Uses ("once per round of Combat"): Tiger's guard, used in a round of
    his Combat, is not his again when the Gnat's Combat, begun on top, starts its round:
    his own round is not over, nor when his Combat is back on top in that round; it is
    his again in its next round."""
    sc, tiger = getaway(lower, before=[1])
    assert sc.st.combat.round == 1
    assert UseCard(tiger, 1, None) not in sc.legal()
    sc.refused(UseCard(tiger, 1, None))
    sc.do(Declare(sc.st.combat.target, "attack"))
    assert sc.st.top.kind == lower and sc.st.top.round == 1
    assert UseCard(tiger, 1, None) not in sc.legal()
    fight_a_round(sc)
    assert sc.st.top.round == 2 and UseCard(tiger, 1, None) in sc.legal()


def test_a_sampled_world_keeps_which_combat_a_use_once_per_round_was_made_in():
    """Basic Terms, Uses, in the AI's worlds: a world sampled from seat 0's view plays
    the rules of the game. The view carried the uses but not the Combat each was made
    in, so in a world Tiger's guard came back with the round of the Gnat's Combat on
    top (a Gnat it cannot Defeat in one round), where the game keeps it spent."""
    sc, tiger = getaway("combat", before=[1],
                        cards=CARDS.replace("defense: 1, movement: 1", "defense: 9, movement: 1"))
    world = sample_world(sc.st.game, view(sc.st, 0), random.Random(1))
    assert world.used_in == sc.st.used_in != {}
    for st in (sc.st, world):
        top, start = st.top, st.top.round
        while st.top is top and top.round == start:
            apply(st, next(a for a in legal_actions(st)
                           if isinstance(a, (Declare, Engage)) and a.role == "attack"))
        assert st.top is not None and st.top.round == 2
        assert UseCard(tiger, 1, None) not in legal_actions(st)
