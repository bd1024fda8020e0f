"""Using cards in play: Items, Equipment, Havens, Global Effects and Characters'
special abilities, each as often as its uses allow (Basic Terms, Uses)."""
from __future__ import annotations

import dataclasses
from typing import Any

from . import effects
from .abilities import holds, unmet
from .actions import Action, UseCard
from .cards import Effect
from .events import CardUsed, Event, everyone
from .lasting import has_any_flag, preventing
from .state import FAST, USE, GameState, Unit
from .targets import Ctx


def _usable_cards(st: GameState, seat: int,
                  fast: bool = False) -> list[tuple[int, Unit | None]]:
    """The player's cards in play that have a `use` effect, with their holder.
    `fast`: only those as fast as a Flash Effect, Havens and Global Effects (3.1).
    A list, not a generator: every listing asks, and most find one or two."""
    g = st.game
    usable = g.has_use
    out: list[tuple[int, Unit | None]] = []
    for u in () if fast else st.characters_by_card(seat):
        if u.card in usable:
            out.append((u.card, u))
        if u.enhancements or u.equipment or u.items:  # most carry nothing
            for c in (*u.enhancements, *u.equipment, *u.items):
                if c in usable:
                    out.append((c, u))
    places = st.places
    for h in st.seats[seat].havens:
        if places[h].card in usable:
            out.append((places[h].card, None))
    for o in st.off_field:
        if o.seat == seat and o.card in usable and g.card(o.card).type == "global_effect":
            out.append((o.card, None))
    return out


def _yours_in_play(st: GameState, seat: int, card: int) -> bool:
    """Whether `card` is one of the seat's cards in play where _usable_cards looks, with
    a use or not: its Characters and what they have, its Havens, its Global Effects."""
    return any(card == u.card or card in u.enhancements or card in u.equipment
               or card in u.items for u in st.characters_by_card(seat)) \
        or any(st.places[h].card == card for h in st.seats[seat].havens) \
        or any(o.card == card and o.seat == seat and st.game.card(card).type == "global_effect"
               for o in st.off_field)


# A `use` effect as a listing reads it: its index, the effect, its uses a Turn or round,
# and what its condition asks whoever holds the card: the phases it allows (None: any),
# and a Combat under way (`in_combat: true`, `against`).
_Use = tuple[int, Effect, int, "frozenset[str] | None", bool]


def _filed(g: Any) -> dict:
    """The game's table of _uses by instance, in Game.memo, made for every instance with
    a use at once: filled as the listings met them, its keys named the cards that had
    been in play, a face-down Item another seat carries among them, to whoever holds a
    view (its `game`, R16). Made again when a test scene adds a card (has_use)."""
    hit = g.memo.get("uses")
    if hit is None or hit[0] is not g.has_use:
        hit = g.memo["uses"] = (g.has_use, {c: _uses(g.card(c)) for c in g.has_use})
    return hit[1]


def _uses(card: Any) -> tuple[int | None, tuple[_Use, ...]]:
    """A card's printed uses and its `use` effects, worked out from its frozen card once
    a game: a listing passes over an effect whose phase or Combat condition cannot hold
    now before it lists targets and asks `holds`."""
    return card.uses, tuple(
        (i, e, effects.use_limit(e), _phases(e), any(
            k == "against" or (k == "in_combat" and v is True) for k, v in e.conditions))
        for i, e in enumerate(card.effects) if e.on == "use")


def _phases(e: Effect) -> frozenset[str] | None:
    """The phases all of an effect's `phase` conditions allow; None if it has none."""
    out = None
    for k, v in e.conditions:
        if k == "phase":
            allowed = frozenset(v if isinstance(v, list) else [v])
            out = allowed if out is None else out & allowed
    return out


_UNTARGETED = (None,)  # a use with no target: the one "target" a listing asks about


def candidates(st: GameState, seat: int, fast: bool = False) -> list[Action]:
    acts: list[Action] = []
    g, used, hand = st.game, st.uses, len(st.seats[seat].hand)
    # A `phase` condition is of its controller's own Turn (holds): none holds in another's.
    phase = st.phase if st.turn_seat == seat else None
    filed = _filed(g)
    for c, holder in _usable_cards(st, seat, fast):
        uses, each = filed[c]
        if uses is not None and used.get((c, -1), 0) >= uses:
            continue
        for i, e, limit, phases, fights in each:
            if used.get((c, i), 0) >= limit or (phases is not None and phase not in phases) \
                    or (fights and st.fight_cell is None) or e.discards > hand:
                continue  # used up, its condition cannot hold now, or too few cards to discard
            if not e.target:
                ts: tuple | list = _UNTARGETED
            elif holder is not None and st.lasting \
                    and has_any_flag(st, holder, preventing(st, c, holder)):
                break  # its holder may not use it (as holds finds): no target is listed
            else:  # "At its Location": the holder's; a card without one, the Combat's.
                here = holder.pos if holder is not None else st.fight_cell
                ts = effects.choices(st, seat, here, e.target)
            for t in ts:
                ctx = Ctx(c, seat, holder, t)
                if holds(st, ctx, e) and effects.payable(st, ctx, e) \
                        and effects.applicable(st, ctx, e):
                    acts.append(UseCard(c, i, t))
    return acts


def _in_the_open(e: Event, card: int, seats: int) -> Event:
    """`e` told to every seat if the card it keeps secret is `card` (a used Item's own
    Modified or Damaged, or the Moved it sent); any other event as it is."""
    if any(getattr(e, name) == card for name in e.secret):
        return dataclasses.replace(e, to=everyone(seats))
    return e


def explain(st: GameState, a: UseCard) -> str:
    """Why a use is refused, by the first check of `candidates` it fails, in words."""
    seat = st.current_seat()
    # Whose it is first: what a card the seat cannot see does would tell which it is (R16).
    if not _yours_in_play(st, seat, a.card):
        return f"c{a.card} is not one of your cards in play"
    card = st.game.card(a.card)
    if not 0 <= a.effect < len(card.effects) or card.effects[a.effect].on != "use":
        return f"c{a.card} has no such use"
    kinds = st.top.anytime(st) if st.top is not None else ()
    if USE not in kinds:
        if FAST not in kinds:
            return "no card is used while this is decided"
        if a.card not in dict(_usable_cards(st, seat, fast=True)):
            return (f"c{a.card} is not as fast as a Flash Effect: only Havens and Global "
                    "Effects are used now (guideline 3.1)")
    e = card.effects[a.effect]
    if card.uses is not None and st.uses.get((a.card, -1), 0) >= card.uses:
        return f"c{a.card} has used all its {card.uses} uses"
    if not effects.uses_left(st, a.card, a.effect, e):
        return f"c{a.card} has no uses left this {e.per}"
    if e.discards > len(st.seats[seat].hand):
        return f"c{a.card} costs {e.discards} cards discarded from your hand"
    holder = dict(_usable_cards(st, seat))[a.card]
    if holder is not None and has_any_flag(st, holder, preventing(st, a.card, holder)):
        return (f"c{holder.card} may not use c{a.card} now (No Action, or its charmer "
                "forbids it)")
    if e.target:
        here = holder.pos if holder is not None else st.fight_cell
        if a.target not in effects.choices(st, seat, here, e.target):
            return f"c{a.card} cannot be used on that target"
    ctx = Ctx(a.card, seat, holder, a.target)
    why = unmet(st, ctx, e) or effects.unpaid(st, ctx, e)
    if why is None and not effects.applicable(st, ctx, e):
        why = "it would change nothing now (guideline 2.1: it waits until it applies)"
    return f"c{a.card} cannot be used now: {why}" if why else f"c{a.card} cannot be used now"


def use(st: GameState, a: UseCard, ev: list[Event]) -> None:
    seat = st.current_seat()
    holder = next((h for c, h in _usable_cards(st, seat) if c == a.card), None)
    card = st.game.card(a.card)
    # Items are kept face down until they are used.
    ev.append(CardUsed(seat, a.card, a.target))
    start = len(ev)
    effects.run(st, Ctx(a.card, seat, holder, a.target), card, a.effect, ev)
    if card.type == "item":  # its use named it to all: what it does now names it too
        ev[start:] = [_in_the_open(e, a.card, len(st.seats)) for e in ev[start:]]
    if card.uses is not None:
        # A card's printed uses last the whole game: key -1 counts them.
        st.uses[(a.card, -1)] = st.uses.get((a.card, -1), 0) + 1
        if st.uses[(a.card, -1)] >= card.uses and card.type == "global_effect":
            st.off_field = [o for o in st.off_field if o.card != a.card]
            st.destroyed.append(a.card)  # "runs out of uses: removed from the game"

