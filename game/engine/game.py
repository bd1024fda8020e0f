"""The game: immutable setup (cards, decks, options) and the rules' entry points.

`legal_actions(state)` lists what the seat that must act now may do, in a
stable order; `apply(state, action)` checks the action, changes the state and
returns the events. Each kind of action is handled by the rules module named as
the rulebook names the thing it does.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from . import combat, duel, equip, flash, havens, items, movement, scavenging, setup, special, turns
from .actions import Action, DiscardCard, EndPhase
from .cards import CardDB, CardDef
from .decks import Deck
from .effects import static_memo
from .errors import IllegalAction
from .events import Event
from .options import Options
from .state import DISCARD, EQUIP, MOVE, SCAVENGE, SETUP, GameState


class Game:
    """What does not change during a game: the cards, each seat's deck, the options."""

    def __init__(self, db: CardDB, decks: Sequence[Deck], options: Options = Options()):
        if not 1 <= len(decks) <= 4:
            raise ValueError("a game has 1 to 4 players")
        self.db = db
        self.decks = tuple(decks)
        self.options = options
        self.seats = len(decks)
        # Every physical card gets an instance id; sections keep deck order.
        self.instances: list[CardDef] = []
        self.owners: list[int] = []
        self.sections: list[dict[str, list[int]]] = []
        for seat, deck in enumerate(decks):
            sec: dict[str, list[int]] = {}
            for name, ids in _expand(deck).items():
                sec[name] = []
                for card_id in ids:
                    sec[name].append(len(self.instances))
                    self.instances.append(db[card_id])
                    self.owners.append(seat)
            self.sections.append(sec)
        self.card_ids = tuple(c.id for c in self.instances)
        self.items = frozenset(i for i, c in enumerate(self.instances) if c.type == "item")
        # Instances whose card has a `static` effect: the only ones totals must look at.
        self.has_static = frozenset(i for i, c in enumerate(self.instances)
                                    if c.effects_on("static"))

    def card(self, instance: int) -> CardDef:
        return self.instances[instance]

    def owner(self, instance: int) -> int:
        return self.owners[instance]

    def new_state(self, seed: int) -> GameState:
        return setup.new_state(self, random.Random(seed))


def _expand(deck: Deck) -> dict[str, list[str]]:
    """A deck's sections as card ids, one entry per physical card, in deck order."""
    out = {"characters": list(deck.starting_characters), "haven": [deck.haven],
           "locations": list(deck.locations)}
    for name in ("power", "items", "disasters", "combat"):
        out[name] = [card_id for card_id, n in getattr(deck, name) for _ in range(n)]
    return out


Handler = tuple[Callable[[GameState, Action], "str | None"],
                Callable[[GameState, Action, list[Event]], None]]

HANDLERS: dict[type, Handler] = {
    **setup.HANDLERS, **turns.HANDLERS, **equip.HANDLERS, **movement.HANDLERS,
    **scavenging.HANDLERS, **items.HANDLERS, **combat.HANDLERS, **flash.HANDLERS,
    **special.HANDLERS, **havens.HANDLERS,
    **duel.HANDLERS,  # after combat's: it passes Run Away and the like on when no duel is on
}


def legal_actions(st: GameState, quick: bool = False) -> list[Action]:
    """The actions the current seat may take now, in a stable order.

    `quick` is the AI playouts' listing, a subset: moves of whole groups only (a
    group of four can split fifteen ways), and no Flash Effect played or card used
    in the seat's own phases (the playouts' rule player never weighs them). Listing
    them all was most of a playout's time."""
    with static_memo():  # the state stands still while its options are listed
        return _legal_actions(st, quick)


def _legal_actions(st: GameState, quick: bool) -> list[Action]:
    if st.result is not None:
        return []
    if st.stack:
        return flash.responses(st)
    if st.asking is not None:
        return havens.answers(st)
    if st.duel is not None:
        return duel.candidates(st)
    if st.combat is not None:
        return combat.candidates(st)
    if st.phase == SETUP:
        return setup.candidates(st)
    acts: list[Action] = []
    if st.scavenging is not None:
        acts += scavenging.during(st)
    elif st.phase == DISCARD:
        acts += [DiscardCard(c) for c in turns.discardable(st)]
    elif st.phase == EQUIP:
        acts += equip.candidates(st)
    elif st.phase == MOVE:
        acts += movement.candidates(st, quick)
        acts += combat.fights(st)
        acts += duel.challenges(st)
        acts += havens.asks(st)
    elif st.phase == SCAVENGE:
        acts += scavenging.candidates(st)
        acts += combat.fights(st)
        acts += duel.challenges(st)
    if st.phase in (EQUIP, MOVE, SCAVENGE) and not quick:
        acts += flash.playable(st, st.turn_seat)
        acts += special.candidates(st, st.turn_seat)
    acts += items.candidates(st)
    if st.scavenging is None:
        acts.append(EndPhase())
    return acts


def why_not(st: GameState, action: Action) -> str | None:
    """None if the action is legal now, else the reason in words."""
    if st.result is not None:
        return "the game is over"
    handler = HANDLERS.get(type(action))
    if handler is None:
        return f"{action!r} is not an action"
    if action in legal_actions(st):
        return None
    return handler[0](st, action) or f"'{action}' is not possible now ({turns.describe(st)})"


def apply(st: GameState, action: Action) -> list[Event]:
    """Apply one action; IllegalAction (state unchanged) if the rules forbid it."""
    reason = why_not(st, action)
    if reason is not None:
        raise IllegalAction(reason)
    return apply_unchecked(st, action)


def apply_unchecked(st: GameState, action: Action) -> list[Event]:
    """Apply an action taken from legal_actions(st), without checking it again."""
    ev: list[Event] = []
    st.actions += 1
    HANDLERS[type(action)][1](st, action, ev)
    turns.proceed(st, ev)
    return ev
