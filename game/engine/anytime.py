"""What the books allow at any time, offered the same way over every pending decision.

Flash Effects are played "throughout the game, except during the Draw phase"
(Rules for Flash Effects); Items and Equipment are picked up, dropped, used and
transferred "during any phase" (guideline 2.7). A pending decision does not list
these: it says which kinds its seat may take meanwhile (Decision.anytime), and
this module lists them, explains a refusal and applies them. A Flash Effect
opens a Flash window (flash.py) above the decision; the others leave it waiting.
"""
from __future__ import annotations

from collections.abc import Collection

from . import equipment, flash, havens, items, special
from .actions import Action, Drop, PickUp, PlayCard, Transfer, UseCard, UseEquipment
from .state import FAST, FLASH, ITEMS, USE, GameState
from .events import Event

_USED = frozenset((UseCard, UseEquipment, PickUp, Drop, Transfer))  # beside Flash Effects


def offer(st: GameState, seat: int, kinds: Collection[str],
          quick: bool = False) -> list[Action]:
    """The at-any-time actions of these kinds that `seat` may take now, in a stable
    order. `quick` (the AI playouts' listing): Items and Equipment only."""
    acts: list[Action] = []
    if not kinds:  # nothing meanwhile: setting up, where to run, a Haven's question
        return acts
    if not quick:
        if FLASH in kinds:
            acts += flash.playable(st, seat)
        if USE in kinds:
            acts += special.candidates(st, seat)
        elif FAST in kinds:
            acts += special.candidates(st, seat, fast=True)
    if USE in kinds or ITEMS in kinds:  # "Use ... Items / Equipment during any phase" (2.7)
        acts += equipment.candidates(st, seat)
    if ITEMS in kinds:
        acts += items.candidates(st, seat)
    return acts


def owns(st: GameState, a: Action) -> bool:
    """`a` is an at-any-time action (a Flash Effect played, a card used, an Item moved)."""
    kind = type(a)  # an action's kind is its exact class, as game.why_not reads it
    if kind is PlayCard:
        return 0 <= a.card < len(st.game.instances) and \
            st.game.card(a.card).type == "flash_effect"
    return kind in _USED


def explain(st: GameState, a: Action) -> str:
    if isinstance(a, PlayCard):
        return flash.explain(st, a)
    if isinstance(a, UseCard):
        return special.explain(st, a)
    if isinstance(a, UseEquipment):
        return equipment.explain(st, a)
    return items.explain(st, a)


def apply(st: GameState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, PlayCard):
        flash.play(st, st.current_seat(), a, ev)
    elif isinstance(a, UseCard):
        special.use(st, a, ev)
    elif isinstance(a, UseEquipment):
        equipment.use(st, a, ev)
    elif not (isinstance(a, PickUp) and havens.guest_take(st, a)):
        items.apply(st, a, ev)
