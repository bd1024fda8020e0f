"""Worlds a seat may be in: whole game states that agree with everything the
seat's view shows, with the cards hidden from it dealt again at random
(determinization, for the AI's search; Cowling, Powley and Whitehouse 2012).

The deck lists are public (each seat's `Game` deck, as at a tournament), so a
seat knows which cards exist; what it cannot see is where the unseen ones are.
Each hidden place is filled only with cards that could be there:

* another seat's hand: that seat's Power cards (Characters returned from a
  Bonk are Power cards for this purpose);
* a Draw pile: its owner's Power cards and Disasters, every Power card of the
  owner that is nowhere else first (they can be nowhere else);
* a Combat pile: its owner's Combat cards;
* a seat's unused Items (R5), and those face down in its Discard pile: its own Items;
* the Items under Locations, in other seats' Havens, carried by other seats'
  Characters and by Disasters: any Items;
* the other backs under a Location: the Disasters no Draw pile took (and any
  Equipment dropped there);
* setup: the Locations still to place and the cards still to deal, by owner;
* the cards another seat keeps out of play for its transforming Characters: of each
  pair, the card not seen (the second card when neither is).

A face-down stack holds its Disasters above its Items, as they are dealt
(R17) and as dropped cards join it (at the bottom). Every count the view gives
is kept, so `view(sample_world(game, v, rng), v.seat) == v`.
"""
from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import fields

from .game import Game
from .state import SETUP, GameState, Place, SeatState, Unit
from .view import SeatInfo, SeatView

_UNIT_FIELDS = tuple(f.name for f in fields(Unit))
# What a hidden card may stand in for, by its deck section (a Haven in the Power
# section is a Power card; a starting Character back from a Bonk is in a hand).
_KIND = {"characters": "power", "power": "power", "haven": "haven", "locations": "location",
         "items": "item", "disasters": "disaster", "combat": "combat", "other_forms": "form"}


def sample_world(game: Game, v: SeatView, rng: random.Random) -> GameState:
    """A full state consistent with view `v`, hidden cards dealt from `rng`."""
    pool = _Pool(game, {i for i, _ in v.known}, rng)
    setup = v.phase == SETUP
    seats = [_seat(game, i, info, pool, rng) for i, info in enumerate(v.seats)]
    # Hands first (Power cards only), then the Draw piles, which must take every Power card
    # left to their owner, then the stacks under Locations take the Disasters left.
    for i, info in enumerate(v.seats):
        seats[i].hand = list(info.hand) if info.hand is not None else pool.take(
            i, "power", info.hand_size)
    places: dict = {}
    item_slots: list[tuple[list[int], int]] = []  # (list, how many hidden Items go in it)
    back_slots: list[tuple[list[int], int]] = []
    dropped: list[tuple[list[int], tuple[int, ...]]] = []  # Equipment seen dropped, at the bottom
    tops: list[tuple[list[int], int]] = []  # a stack whose top is Equipment: seen on it
    for p in v.places:
        under: list[int] = []
        if p.stored is not None:
            under = list(p.stored)
        else:
            back_slots.append((under, p.under_disasters))
            item_slots.append((under, p.under_items))
            dropped.append((under, p.under_equipment))
        buried: list[int] = []  # still under a Location turned Haven
        if p.buried_items or p.buried_equipment:
            item_slots.append((buried, p.buried_items))
            dropped.append((buried, p.buried_equipment))
        places[p.cell] = (p, under, buried)  # a Place once its hidden cards are dealt
        if p.top is not None:  # face up on top: what lay above it is gone
            tops.append((buried if p.kind == "haven" else under, p.top))
    if not setup:
        for i, info in enumerate(v.seats):
            draw = pool.take(i, "power", min(info.draw_size, pool.count(i, "power")))
            draw += pool.take(i, "disaster", info.draw_size - len(draw))
            rng.shuffle(draw)
            seats[i].draw = draw
    units: dict[int, Unit] = {}
    for u in v.units:
        items = list(u.items) if u.items is not None else []
        if u.items is None:
            item_slots.append((items, u.item_count))
        # Every field the view shows by the Unit's own name is copied as it is.
        same = {name: getattr(u, name) for name in _UNIT_FIELDS if hasattr(u, name)}
        units[u.card] = Unit(**{**same, "items": items, "equipment": list(u.equipment),
                                "enhancements": list(u.enhancements), "using": list(u.using)})
    destroyed = list(v.destroyed)
    item_slots.append((destroyed, v.destroyed_hidden))
    # While setting up, the Power cards are in no pile yet: the backs dealt are Disasters.
    _fill(back_slots, pool.rest(("disaster",) if setup else ("disaster", "power")))
    _fill(item_slots, pool.rest(("item",)))
    for lst, _ in back_slots:  # Disasters above Items, as the stacks are dealt
        lst.sort(key=lambda c: game.card(c).type == "item")
    for lst, equipment in dropped:
        lst += equipment
    for lst, card in tops:
        lst.remove(card)
        lst.insert(0, card)

    # The units' index (st.where) is built from these when the world is first asked.
    st = GameState(game=game, generator=random.Random(rng.getrandbits(64)), seats=seats,
                   units=units)
    st.places = {cell: Place(p.card, p.kind, p.owner, tuple(under), p.destroyed, p.siege,
                             tuple(buried))
                 for cell, (p, under, buried) in places.items()}
    st.destroyed = destroyed
    _copy_open(st, v)
    return st


def _seat(game: Game, i: int, info: SeatInfo, pool: _Pool, rng: random.Random) -> SeatState:
    """Seat `i` but its hand and Draw pile (dealt once every seat has this), the cards
    hidden from the view dealt from `pool`: its Combat pile, the Items face down in its
    Discard pile, the Locations still to place (the one turned up on top), the cards
    still to deal, its unused Items and the forms it keeps out of play."""
    (to_deal_d, to_deal_i), unused = info.to_deal, info.unused
    to_place = pool.take(i, "location", info.to_place - (info.next_location is not None))
    rng.shuffle(to_place)
    if info.next_location is not None:
        to_place.append(info.next_location)
    return SeatState(
        combat=pool.shuffled(i, "combat", info.combat_size),
        combat_discard=list(info.combat_discard),
        discard=list(info.discard) + pool.take(i, "item", info.discard_items),
        to_place=to_place, haven_to_place=list(info.haven_to_place),
        disasters_to_deal=pool.take(i, "disaster", to_deal_d),
        items_to_deal=pool.take(i, "item", to_deal_i), unused=pool.take(i, "item", unused),
        set_aside=list(info.set_aside), havens=list(info.havens), turns=info.turns,
        equipped=info.equipped, scavenged=info.scavenged,
        forms=list(info.forms) if info.forms is not None else _forms(game, i, pool))


def _copy_open(st: GameState, v: SeatView) -> None:
    """What the view holds with nothing hidden in it to deal again, copied as it is:
    lasting effects, uses, the Turn's bookkeeping, the pending decisions."""
    st.off_field = [o.copy() for o in v.off_field]
    st.set_lasting(v.lasting)  # its index made again (state.LastingIndex)
    st.building = [b.copy() for b in v.building]
    st.uses, st.used_in = dict(v.uses), dict(v.used_in)
    st.wear = dict(v.wear)
    st.path = v.path
    st.phase, st.turn_seat = v.phase, v.turn_seat
    st.rounds, st.stamp, st.items_total = v.rounds, v.stamp, v.items_total
    st.location_attacked = set(v.location_attacked)
    st.location_struck = set(v.location_struck)
    st.challenged, st.haven_asks = set(v.challenged), dict(v.haven_asks)
    st.move_start = v.move_start
    st.pending = [d.copy() for d in v.pending]
    st.result, st.actions = v.result, v.actions


def _forms(game: Game, seat: int, pool: _Pool) -> list[int]:
    """Another seat's cards kept out of play (Rules for Transforming Characters): of
    each transforming Character's two cards, the one the seat cannot see; the second
    card, as the deck keeps it, when it sees neither."""
    out = []
    counted = game.sections[seat]["characters"] + game.sections[seat]["power"]
    for second in game.sections[seat]["other_forms"]:
        first = next(c for c in counted if game.card(c).id == game.card(second).other_form)
        if pool.remove(seat, "form", second):
            out.append(second)
        elif pool.remove(seat, "power", first):
            out.append(first)
    return out


class _Pool:
    """The cards a seat cannot see, by owner and kind, in a random order."""

    def __init__(self, game: Game, known: set[int], rng: random.Random):
        self.rng = rng
        self.cards: dict[tuple[int, str], list[int]] = defaultdict(list)
        for owner, sections in enumerate(game.sections):
            for section, ids in sections.items():
                kind = _KIND[section]
                self.cards[owner, kind] += [i for i in ids if i not in known]
        for lst in self.cards.values():
            rng.shuffle(lst)

    def count(self, owner: int, kind: str) -> int:
        return len(self.cards[owner, kind])

    def take(self, owner: int, kind: str, n: int) -> list[int]:
        lst = self.cards[owner, kind]
        n = max(0, min(n, len(lst)))
        out = lst[len(lst) - n:]
        del lst[len(lst) - n:]
        return out

    def remove(self, owner: int, kind: str, card: int) -> bool:
        """Take one given card out of the pool, if it is there."""
        lst = self.cards[owner, kind]
        if card not in lst:
            return False
        lst.remove(card)
        return True

    def shuffled(self, owner: int, kind: str, n: int) -> list[int]:
        out = self.take(owner, kind, n)
        self.rng.shuffle(out)
        return out

    def rest(self, kinds: tuple[str, ...]) -> list[int]:
        """Every card left of these kinds, whoever owns it, taken out of the pool."""
        out = []
        for (_, kind), lst in sorted(self.cards.items()):
            if kind in kinds:
                out += lst
                lst.clear()
        self.rng.shuffle(out)
        return out


def _fill(slots: list[tuple[list[int], int]], cards: list[int]) -> None:
    """Give each slot its count of cards, taken off the front of `cards`."""
    k = 0
    for lst, n in slots:
        lst += cards[k:k + n]
        k += n
    del cards[:k]
