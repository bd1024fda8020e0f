"""s70: the engine says which rule refuses a RunTo (terrain.Refusal.kind), not only in
words: the window sorted the Run Away refusals by their words ("is Planetary", "Haven",
"Destroyed", the rest "full"), and one reworded would have been misfiled silently.
Basic Terms, Run Away: "Move any remaining Characters 1 Location"; Rules for Locations
(Planetary, Dimensional, Destroyed); Rules for Havens (R36); Basic Terms, Group."""
from __future__ import annotations

import copy
import pickle

import pytest
from scene import Scene
from test_rules_movement import CARDS  # Planet, Rift, Runner, Ogre, ...

from game.engine import terrain
from game.engine.actions import Fight, Move, RunAway, RunTo
from game.engine.game import why_not
from game.engine.options import Options
from game.engine.state import MOVE

# The cells round the Ogre's Location (1, 1), and the rule that shuts each to a
# Runner Running Away from it.
SHUT = {(0, 0): "Planetary", (1, 0): "Dimensional", (2, 0): terrain.HAVEN,
        (0, 1): terrain.DESTROYED, (2, 1): terrain.GROUP_FULL,
        (2, 2): terrain.OFF_FIELD, (3, 3): terrain.FAR}


def running() -> Scene:
    """A Runner Running Away from the Ogre at (1, 1): next to it a Planet, a Rift,
    seat 1's Haven, a Destroyed Plain, a Plain where four of seat 0's Characters stand
    and one open Plain (1, 2); no card at (2, 2)."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((1, 1))
    sc.location((0, 0), "planet")
    sc.location((1, 0), "rift")
    sc.haven((2, 0), seat=1)
    sc.location((0, 1), destroyed=True)
    sc.location((2, 1))
    sc.location((1, 2))
    for _ in range(4):
        sc.char("runner", (2, 1))
    sc.char("runner", (1, 1))
    ogre = sc.disaster("ogre", (1, 1))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(Fight(ogre), RunAway())
    assert [a for a in sc.legal() if isinstance(a, RunTo)] == [RunTo((1, 2))]
    return sc


@pytest.mark.parametrize("cell,kind", SHUT.items(), ids=lambda x: str(x))
def test_basic_terms_run_away_each_refusal_says_its_rule(cell, kind):
    """game.why_not of each shut RunTo (the session's path) carries the rule's kind,
    whatever its words say."""
    why = why_not(running().st, RunTo(cell))
    assert isinstance(why, terrain.Refusal) and why.kind == kind, (why, kind)


def test_a_move_refused_for_the_six_on_the_field_says_field_full_rules_for_characters():
    """"No more than 6 on the Field": a group leaving its Haven refused by it (no_room,
    the same refusals as a RunTo's) says so by its kind, as a full group does."""
    sc = Scene(CARDS, seats=2)
    sc.row(2)
    for _ in range(6):
        sc.char("runner", (1, 0))
    home = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    assert why_not(sc.st, Move((home,), (1, 0))).kind == terrain.GROUP_FULL
    assert why_not(sc.st, Move((home,), (2, 0))).kind == terrain.FIELD_FULL


def test_a_refusal_copied_or_pickled_keeps_its_kind():
    """A saved or copied refusal is still sorted by its rule (str's own copy gave
    Refusal.__new__ no kind)."""
    why = why_not(running().st, RunTo((2, 0)))
    for again in (copy.copy(why), copy.deepcopy(why), pickle.loads(pickle.dumps(why))):
        assert (again, again.kind) == (why, terrain.HAVEN)
