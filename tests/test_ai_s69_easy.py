"""The easy level given a choice its shortlist narrows to one (s69: a playtest's
easy seat raised IndexError)."""
import random

from test_ai_habits import CARDS, deck_lists, field
from scene import Scene

from game.ai import EasyAgent
from game.engine import legal_actions, view
from game.engine.actions import Move
from game.engine.state import MOVE


def test_easy_chooses_when_only_one_of_two_moves_is_weighed():
    """Two Moves of one group to one cell, all three and two of them: easy weighs only
    the largest party (a smaller one of a group is never better), which left one
    action and no second choice for its looseness to take: IndexError."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    for _ in range(3):
        sc.char("scout", (0, 1))
    st = deck_lists(sc).turn(MOVE).st
    to = [a for a in legal_actions(st) if isinstance(a, Move) and a.cell == (1, 1)]
    legal = [next(a for a in to if len(a.chars) == n) for n in (2, 3)]
    assert sorted(len(a.chars) for a in legal) == [2, 3]
    for seed in range(5):
        a = EasyAgent(looseness=1.0).choose(view(st, 0), legal, random.Random(seed))
        assert a in legal and len(a.chars) == 3
