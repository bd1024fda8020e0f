"""The `easy` level: the rule-based player (policy.py) on one world sampled from
its view, with some looseness so that a beginner can win: now and then it
takes its second choice instead of its first."""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Action, SeatView
from game.engine.actions import Move
from game.engine.worlds import sample_world

from .policy import Scorer

LOOSENESS = 0.4  # how often it takes its second-best action when that is close
SLACK = 4.0  # how much worse than the best a "close" second choice may score
WEIGHED = 4  # the Moves weighed with the totals a group would have where it goes


class EasyAgent:
    name = "easy"

    def __init__(self, looseness: float = LOOSENESS):
        self.looseness = looseness

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        world = sample_world(view.game, view, rng)
        legal = _shortlist(world, legal)
        if len(legal) == 1:  # the smaller parties of one group's only way: no second choice
            return legal[0]
        scores = Scorer(world).scores(legal)
        jitter = [rng.random() for _ in legal]  # ties broken at random, from the seat's own rng
        order = sorted(range(len(legal)), key=lambda i: (-scores[i], jitter[i]))
        first, second = order[0], order[1]
        # Looseness: a close second choice, never a move the rules call a blunder.
        close = scores[second] >= max(0.0, scores[first] - SLACK)
        if close and rng.random() < self.looseness:
            return legal[second]
        return legal[first]


def _shortlist(world, legal: Sequence[Action]) -> Sequence[Action]:
    """All the actions but Moves; of the Moves to a cell, a Character's alone and the
    largest parties from one cell that may go there (never a smaller party of a
    group: six together make 63; a party the slowest keeps out of a cell is the
    largest there), and of those the WEIGHED that score best read with the totals of
    now (as playouts read them): only these are weighed with the totals a group
    would have where it goes, a reading each. Four seats' Move phase lists near 300
    Moves, and weighing them all took up to 130 ms of CPU (p95 13.5 ms on mirror)."""
    largest: dict = {}  # (from, to): the most that may move there together
    for a in legal:
        if isinstance(a, Move):
            way = (world.units[a.chars[0]].pos, a.cell)
            largest[way] = max(largest.get(way, 0), len(a.chars))
    moves = [i for i, a in enumerate(legal) if isinstance(a, Move) and len(a.chars) in (
        1, largest[world.units[a.chars[0]].pos, a.cell])]
    if len(moves) > WEIGHED:
        rough = Scorer(world, there=False).scores([legal[i] for i in moves])
        moves = [moves[j] for j in sorted(range(len(moves)), key=lambda j: -rough[j])[:WEIGHED]]
    kept = set(moves)
    return [a for i, a in enumerate(legal) if i in kept or not isinstance(a, Move)]
