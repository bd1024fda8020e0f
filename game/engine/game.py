"""The game: immutable setup (cards, decks, options) and the rules' entry points.

`legal_actions(state)` lists what the seat that must act now may do, in a stable
order: the pending decision on top of the stack (state.py, decisions.py) gives its own
actions, anytime.py what the books allow at any time, then the decision's
closing ones. `apply(state, action)` checks the action, hands it to the decision
(or to anytime.py), then runs whatever is automatic until a seat must choose.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from . import (anytime, combat, duel, equip, havens, movement, scavenging, setup, transforming,
               turns)
from .actions import (Action, Answer, AskPermission, AttackLocation, BreakCharm, BuildAccess,
                      BuildHaven, Challenge, CharmAttack, Command, ContinueScavenging, Deal, Declare,
                      DiscardCard, EndPhase, Engage, Fight, Move, Order, Pass, PlaceCard,
                      PlaceHaven, PlayCard, Proceed, Retrieve,
                      RunAway, RunTo, Scavenge, StopScavenging, Transform)
from .cards import CARD_TYPES, CardDB, CardDef
from .decks import Deck
from .errors import IllegalAction
from .events import Event
from .memo import reading
from .options import Options
from .state import GameState
from .view import settle


class Game:
    """What does not change during a game: the cards, each seat's deck, the options."""

    def __init__(self, db: CardDB, decks: Sequence[Deck], options: Options = Options()):
        if not 1 <= len(decks) <= 4:
            raise ValueError("a game has 1 to 4 players")
        self.db = db
        self.decks = tuple(decks)
        self.options = options
        self.seats = len(decks)
        # What each instance is, and the tables below that sort the instances for the
        # rules; add_card fills them all, one card at a time.
        self.instances: list[CardDef] = []
        self.owners: list[int] = []
        self.card_ids: tuple[str, ...] = ()
        # The instances of each card type: a listing asks the hand for one type by a
        # set operation (no Flash Effect in the hand, no Flash Effect offered).
        self.by_type: dict[str, frozenset[int]] = {t: frozenset() for t in CARD_TYPES}
        self.items = self.by_type["item"]
        # The kinds of effect step some card of the game has: a rule about a kind no
        # card has (a Location barring Characters, a card granting Scavenging) is skipped.
        self.step_kinds: frozenset[str] = frozenset()
        # Instances whose card has a `static` effect: the only ones totals must look at.
        # Not a Flash Effect's: one is in play only while what its play made lasts (R127).
        self.has_static: frozenset[int] = frozenset()
        # Instances whose card has a `use` effect: those a listing offers to use.
        self.has_use: frozenset[int] = frozenset()
        # Instances whose card's printed bonuses, costs or endured modifiers name an
        # ability, by ability: the only carried cards a total of it must look at.
        self.bears: dict[str, frozenset[int]] = {}
        # Each instance's categories but Horde (what makes cards "like" for Horde), and
        # those of the instances whose card is a Horde.
        self.likes: tuple[frozenset[str], ...] = ()
        self.hordes: dict[int, frozenset[str]] = {}
        # Every physical card gets an instance id; sections keep deck order.
        self.sections: list[dict[str, list[int]]] = [
            {name: [self.add_card(db[card_id], seat) for card_id in ids]
             for name, ids in _expand(deck).items()}
            for seat, deck in enumerate(decks)]
        # What is worked out from frozen records once and read by every state of this
        # game (a Place's static effects, the uses of the cards with one): only what
        # every seat may know, a view naming its Game (view parts and what hidden cards
        # decide live beside it: view._PARTS, memo.unseen_memo);
        # a memo, never a decision's input that a fresh computation would not give.
        self.memo: dict[str, Any] = {}

    def __getstate__(self) -> dict:
        # A copy in another process (the AI worker) starts with an empty memo: some
        # entries are keyed by id(), which names other objects there.
        return {**self.__dict__, "memo": {}}

    def add_card(self, cd: CardDef, seat: int) -> int:
        """One more physical card of `cd` owned by `seat`, its instance id, with every
        table above kept up to date: how the decks' cards are dealt their ids, and how
        the test scenes build their cards without a deck."""
        i = len(self.instances)
        self.instances.append(cd)
        self.owners.append(seat)
        self.card_ids += (cd.id,)
        self.by_type[cd.type] |= {i}
        self.items = self.by_type["item"]
        self.step_kinds |= {s.kind for e in cd.effects for s in e.steps}
        if cd.effects_on("static") and cd.type != "flash_effect":
            self.has_static |= {i}
        if cd.effects_on("use"):
            self.has_use |= {i}
        self._bear(i, cd)
        self.likes += (cd.categories - {"Horde"},)
        if "Horde" in cd.categories:
            self.hordes[i] = self.likes[i]
        return i

    def _bear(self, i: int, cd: CardDef) -> None:
        for m in cd.bonuses + cd.costs + cd.endure:
            self.bears[m.ability] = self.bears.get(m.ability, frozenset()) | {i}

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
    out["other_forms"] = list(deck.other_forms)  # last: the other sections keep their ids
    return out


def legal_actions(st: GameState, quick: bool = False) -> list[Action]:
    """The actions the current seat may take now, in a stable order.

    `quick` is the AI playouts' listing, a subset: moves of whole groups only (a
    group of four can split fifteen ways; more than four in a Haven, any four), and no
    Flash Effect played, card used or
    card discarded: the playouts' rule player scores those below passing, ending
    the phase or staying out of a fight, so it never takes them. Listing them all
    was most of a playout's time."""
    if st.result is not None or not st.pending:
        return []
    with reading(st):  # the state stands still while its options are listed
        top = st.pending[-1]
        return (top.options(st, quick)
                + anytime.offer(st, top.chooser(st), top.anytime(st), quick)
                + top.closing(st))


# Why an action is refused when no pending decision explains it: by the rule it
# belongs to (e.g. a Fight outside the Move and Scavenge phases).
Explain = Callable[[GameState, Action], "str | None"]
_EXPLAIN: dict[type, Explain] = {
    PlaceCard: setup.explain, Deal: lambda st, a: "cards are dealt only while setting up the Field",
    DiscardCard: turns.explain_discard, EndPhase: turns.explain_end,
    PlayCard: equip.explain, Move: movement.explain_move, Fight: combat.explain_fight,
    Transform: transforming.explain,
    Declare: combat.explain_run, RunAway: combat.explain_run, RunTo: combat.explain_run,
    BreakCharm: combat.explain_charm, Command: combat.explain_charm,
    Proceed: combat.explain_charm,
    Scavenge: scavenging.explain_scavenge, AttackLocation: scavenging.explain_scavenge,
    BuildHaven: scavenging.explain_build, ContinueScavenging: scavenging.explain_during,
    StopScavenging: scavenging.explain_during, Retrieve: scavenging.explain_during,
    Challenge: duel.explain_challenge, Engage: duel.explain_no_duel,
    CharmAttack: duel.explain_no_duel, Order: duel.explain_no_duel,
    AskPermission: havens.explain, Answer: havens.explain,
    BuildAccess: havens.explain_build, PlaceHaven: havens.explain_build,
    Pass: lambda st, a: "there is no Flash Effect to answer",
}


def why_not(st: GameState, action: Action) -> str | None:
    """None if the action is legal now, else the reason in words."""
    if st.result is not None:
        return "the game is over"
    if not isinstance(action, Action) or (type(action) not in _EXPLAIN
                                          and not anytime.owns(st, action)):
        return f"{action!r} is not an action"
    if action in legal_actions(st):
        return None
    top = st.top
    if anytime.owns(st, action):
        reason = anytime.explain(st, action)
    else:
        reason = (top.explain(st, action) if top is not None else None) or \
            _EXPLAIN[type(action)](st, action)
    where = top.describe(st) if top is not None else "nothing is pending"
    return reason or f"'{action}' is not possible now ({where})"


def apply(st: GameState, action: Action) -> list[Event]:
    """Apply one action; IllegalAction (state unchanged) if the rules forbid it."""
    reason = why_not(st, action)
    if reason is not None:
        raise IllegalAction(reason)
    return apply_unchecked(st, action)


def apply_unchecked(st: GameState, action: Action) -> list[Event]:
    """Apply an action taken from legal_actions(st), without checking it again."""
    settle(st)  # the views asked of the state as it stands, before it changes
    ev: list[Event] = []
    st.actions += 1
    if anytime.owns(st, action):
        anytime.apply(st, action, ev)
    else:
        st.pending[-1].apply(st, action, ev)
    proceed(st, ev)
    return ev


def proceed(st: GameState, ev: list[Event]) -> None:
    """Run what nobody decides (Reload, the Disasters' moves, the end of a Turn after
    Running Away, Scavenging going on after a Combat) until some seat must choose or
    the game is over."""
    while st.result is None and st.pending and st.pending[-1].automatic(st):
        st.pending[-1].advance(st, ev)
