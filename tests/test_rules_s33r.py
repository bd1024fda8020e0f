"""Three rules questions the thirty-second stop left open, and an audit (s33r).

1. A thief's getaway (Basic Terms, Steal) is movement of its Turn: "Moving from 1
   Location to another, which takes 1 point of Movement. A Character may move up to its
   Movement ability each Turn" (Basic Terms, Movement), and the Steal entry calls the
   getaway "a move" ("it won't get a move after stealing from a Disaster").
2. R116 (a new form whose Health its Damage uses up is Bonked) in a Combat lower in the
   stack than the one the Transform is made from.
3. Charm Combat Between Players with three seats' Characters at one cell.
"""
from __future__ import annotations

from scene import Scene

from game.engine.actions import Move, Proceed, Transform, UseCard
from game.engine.options import Options
from game.engine.state import MOVE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- id: mina
  name: Mina
  type: character
  gender: female
  other_form: kit
  abilities: {attack: 2, defense: 3, movement: 3, charm: 1, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
- {id: kit, name: Kit, type: character, gender: female, other_form: mina,
   abilities: {attack: 2, defense: 4, movement: 3, charm: 1, energy: 2}}
- {id: idol, name: Idol, type: item}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
"""


def thief_scene(cells: int = 5):
    """Seat 0's Mina (Movement 3; her other form Kit kept aside) by seat 1's Hero, who
    holds an Idol, at the top of a column of Locations, in seat 0's Move phase."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    for y in range(cells):
        sc.location((0, y))
    mina = sc.char("mina", (0, 0))
    sc.st.seats[0].forms = [sc.card("kit")]
    mark = sc.char("hero", (0, 0), seat=1, items=["idol"])
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 8)
    sc.turn(MOVE)
    return sc, mina, mark


# 1. Basic Terms, Steal: the getaway is the thief's movement of the Turn ---------------------

def test_basic_terms_movement_the_getaways_steps_are_movement_of_the_turn():
    """Basic Terms, Movement: "A Character may move up to its Movement ability each Turn";
    Steal: "get 1 full movement". Mina (Movement 3) steals before she moves and gets away
    1 Location: 2 Locations of her Movement are left, not 3 (nor a second full one)."""
    sc, mina, mark = thief_scene()
    sc.do(UseCard(mina, 0, mark), Move((mina,), (0, 1)))
    assert sc.unit(mina).pos == (0, 1) and sc.st.top.kind == "phase"
    assert Move((mina,), (0, 3)) in sc.legal() and Move((mina,), (0, 4)) not in sc.legal()
    sc.refused(Move((mina,), (0, 4)), "Movement left")
    sc.do(Move((mina,), (0, 3)))
    assert sc.unit(mina).pos == (0, 3)


def test_basic_terms_steal_a_full_getaway_leaves_no_move():
    """Basic Terms, Steal: her "1 full movement" taken, Mina has moved her Movement this
    Turn: no Move is left to her in the Move phase."""
    sc, mina, mark = thief_scene()
    sc.do(UseCard(mina, 0, mark), Move((mina,), (0, 3)))
    assert not any(isinstance(a, Move) and a.chars == (mina,) for a in sc.legal())
    sc.refused(Move((mina,), (0, 4)), "Movement left")


def test_basic_terms_steal_the_getaway_is_full_after_the_move_was_spent():
    """Basic Terms, Steal: "The thief may take the card and get 1 full movement": a thief
    whose Movement is spent still gets away its full Movement."""
    sc, mina, mark = thief_scene()
    sc.unit(mina).moved = 3
    sc.do(UseCard(mina, 0, mark))
    assert Move((mina,), (0, 3)) in sc.legal() and Proceed() in sc.legal()


def test_rules_for_transforming_characters_a_thief_that_got_away_has_no_move_R114():
    """Rules for Transforming Characters: "by sacrificing that Character's move"; R114:
    a Character that moved this Turn has no move left to sacrifice. Mina's getaway is a
    move (Basic Terms, Steal: "it won't get a move after stealing"): she gets away onto
    the Ogre's Location with the Idol, and in the Combat it begins she cannot
    transform, there or after it."""
    sc, mina, mark = thief_scene()
    ogre = sc.disaster("ogre", (0, 1))
    sc.do(UseCard(mina, 0, mark), Move((mina,), (0, 1)))
    assert sc.st.combat is not None and sc.st.combat.disaster == ogre
    assert Transform(mina) not in sc.legal()
    sc.refused(Transform(mina), "no move left")


def test_rules_for_transforming_characters_a_thief_that_stayed_keeps_her_move():
    """Basic Terms, Steal: the thief "may" get its movement; Mina stays (`proceed`), has
    not moved, and may still transform by sacrificing her move."""
    sc, mina, mark = thief_scene()
    sc.do(UseCard(mina, 0, mark), Proceed())
    assert sc.unit(mina).pos == (0, 0) and Transform(mina) in sc.legal()
