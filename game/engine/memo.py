"""What the engine works out once and keeps while a state stands still, and the
state's scratch pad that holds it.

A listing of legal actions, or an AI reading a position, asks the same totals,
static sources and Places' answers many times over. `with reading(st):` opens a
memo on the state's scratch pad for that span, and abilities.py, movement.py and
the others keep what they work out in it. That is safe because the state does not
change while a reading is open: the memo goes when the outermost reading closes,
before the next action is applied (a caller that supposes a change, as
ai.board._supposing does, sets the pad aside and opens a reading of its own), and
what a static effect's condition sees is never kept (open_memo is None while one
is worked out).

What the Places decide lasts longer: places_memo keeps it while the same Places
stand at the same cells (a Place is frozen: a change replaces it), and field_memo
shares what only their cards, kinds and owners decide with every state of the game
(unseen_memo, beside the Game: not in Game.memo, which a view's `game` shows). The
scratch pad is never copied or saved: a clone starts with none.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

from .state import GameState


@dataclass(slots=True)
class Scratch:
    """A state's working values that are not part of the game (st.scratch): each
    field belongs to the code named beside it."""

    depth: int = 0  # how deep abilities.static_for is nested
    skills: bool = False  # static_for: the condition being checked asks for skills
    paying: bool = False  # abilities.upkeep: the Energy paying for the costs is worked out
    memo: dict | None = None  # the open reading's memo, None outside one (reading)
    chain: int = 0  # how many triggered effects are setting each other off now (effects.trigger)
    # The Move phase's last listing: the (actions applied, top decision) it was made at,
    # and each group's reach (movement.candidates), for the move applied next.
    reach: tuple | None = None
    views: list | None = None  # weak references to views not read yet (view.py)
    # The Places last read, their cells' order and what they decide (places_memo).
    places: tuple | None = None


def scratch(st: GameState) -> Scratch:
    """The state's scratch pad, made when first asked for."""
    r = st.scratch
    if r is None:
        r = st.scratch = Scratch()
    return r


class reading:
    """`with reading(st):` while the state stands still (listing legal actions, an AI
    reading a position), what static effects give each unit is worked out once. A
    class, not a generator: every listing opens one, and a generator's context costs
    three times as much."""

    __slots__ = ("r", "outer")

    def __init__(self, st: GameState):
        self.r = scratch(st)

    def __enter__(self) -> None:
        r = self.r
        self.outer = r.memo is not None
        if not self.outer:
            r.memo = {}

    def __exit__(self, *exc: object) -> None:
        if not self.outer:
            self.r.memo = None


def open_memo(st: GameState) -> dict | None:
    """The memo of `reading` when one is open and no static effect is being worked
    out (whose conditions see fewer effects, so their totals must not be remembered)."""
    r = st.scratch
    return r.memo if r is not None and not r.depth else None


def places_memo(st: GameState) -> dict:
    """A memo of what the Places alone decide (their static sources, where groups may
    pass), kept on the state's scratch pad while the same Places stand at the same
    cells in the same order: a Place is frozen and a change replaces it, so the same
    objects (or equal ones) at the same cells are the same Places. Checked once a
    reading, not rebuilt and hashed by each user; a state's clone starts with none (its
    pad is fresh)."""
    r = scratch(st)
    memo = r.memo
    if memo is not None:
        kept = memo.get("places")
        if kept is not None:  # the Places stand still while a reading is open
            return kept
    places = st.places
    seen = r.places
    # The Places compared in one dict comparison (each to itself first), then the cells'
    # order, which orders the Places' static sources: half the time of two tuples made.
    if seen is not None and seen[0] == places and seen[1] == [*places]:
        kept = seen[2]
    else:
        kept = {}
        r.places = dict(places), [*places], kept
    if memo is not None:
        memo["places"] = kept
    return kept


# What the listings work out from what a seat may not see (a group's reach counts the
# Movement its face-down Items give), kept beside each Game and not in Game.memo: every
# view names its Game (`game`), so an agent handed one could read it there (R16, as
# view._PARTS).
_UNSEEN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def unseen_memo(g: Any) -> dict:
    """The Game's memo of what is worked out from cards some seat cannot see."""
    memo = _UNSEEN.get(g)
    if memo is None:
        memo = _UNSEEN[g] = {}
    return memo


def field_memo(st: GameState) -> dict:
    """A memo of what the Places decide by what they are (where groups may pass, where the Havens
    stand and whom they attack): in Game.memo by each Place's cell, card, kind, owner
    and Destroyed, shared by every state of the game, so a Place replaced for its
    stack or siege keeps it; found once while the same Places stand (places_memo),
    and read from an open reading's memo without a call (each search asks)."""
    r = st.scratch
    memo = r.memo if r is not None else None
    entry = memo.get("field") if memo is not None else None
    if entry is not None:
        return entry
    kept = places_memo(st)
    entry = kept.get("field")
    if entry is None:
        shapes = unseen_memo(st.game).get("field")
        if shapes is None or len(shapes) > 256:
            shapes = unseen_memo(st.game)["field"] = {}
        shape = tuple([(c, p.card, p.kind, p.owner, p.destroyed) for c, p in st.places.items()])
        entry = shapes.get(shape)
        if entry is None:
            entry = shapes[shape] = {}
        kept["field"] = entry
    if memo is not None:
        memo["field"] = entry
    return entry

