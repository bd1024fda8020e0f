"""Playing a sampled world forward with the rule-based player, for the search
levels: far enough that the turn's fights, Scavenging and the next seat's
Disaster moves have happened, then the position is scored (evaluation.py)."""
from __future__ import annotations

import random
from typing import NamedTuple

from game.engine import Action, GameState, apply_unchecked, legal_actions
from game.engine.actions import Move
from game.engine.memo import reading
from game.engine.state import EQUIP

from . import policy
from .evaluation import evaluate


def settled(st: GameState, start_turn: tuple[int, int]) -> bool:
    """A later turn has reached its Equip phase with nothing under way: its Reload
    and Maintenance (the Disasters' moves) are done."""
    return ((st.rounds, st.turn_seat) != start_turn and st.phase == EQUIP
            and st.combat is None and not st.flash_stack and st.current_seat() == st.turn_seat)


def play_out(st: GameState, rng: random.Random, max_steps: int) -> tuple[int, int, int]:
    """Play until settled, the end of the game or max_steps actions: the steps taken,
    the legal actions listed (and scored) on the way, and how many of those were
    Moves (budget.MOVE_COST). No clock is read: a playout is the same under any load."""
    start = (st.rounds, st.turn_seat)
    listed = moves = 0
    for step in range(max_steps):
        if st.result is not None or settled(st, start):
            return step, listed, moves
        with reading(st):  # one reading of the position for listing and choosing
            legal = legal_actions(st, quick=True)
            a = legal[0] if len(legal) == 1 else policy.choose(st, legal, rng)
        listed += len(legal)
        moves += sum(type(b) is Move for b in legal)
        apply_unchecked(st, a)
    return max_steps, listed, moves


class Listing(NamedTuple):
    """What a sampled world allows now, listed once for every candidate tried on it."""
    actions: frozenset[Action]
    count: int  # as many as were listed


def world_legal(world: GameState) -> Listing:
    legal = legal_actions(world)
    return Listing(frozenset(legal), len(legal))


def try_out(world: GameState, action: Action, dice: int, seat: int,
            max_steps: int, legal: Listing) -> tuple[float | None, int, int, int]:
    """`action` played on a copy of `world` with these dice, then played out: how the
    evaluation scores it for `seat`, the engine steps taken, and the legal actions
    listed in the playout and the Moves among them (the world's own listing, `legal`,
    is made once for every candidate and charged once, by the caller). None where the
    world cannot have the action (what the view cannot tell)."""
    if action not in legal.actions:
        return None, 0, 0, 0
    st = world.clone()
    apply_unchecked(st, action)
    steps, listed, moves = play_out(st, random.Random(dice), max_steps)
    return evaluate(st, seat), 1 + steps, listed, moves
