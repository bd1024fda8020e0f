"""Setting Up the Field and Setting Up the Decks (rulebook, Playing the Game)."""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .actions import Action, Deal, Pass, PlaceCard
from .state import SETUP, Cell, Decision, GameState, Place, SeatState, Unit
from .events import CardDealt, CardPlaced, CardsDealt, Event
from .field import disaster_path, free_cells
from .turns import HAND_SIZE, PhaseStep, begin_turn

DISASTERS_PER_LOCATION = 2
DISASTERS_PER_GO = 2  # "1 or 2 at a time"


@dataclass(slots=True)
class Placement(Decision):
    """Setting Up the Field: the players take turns placing Locations, then Havens (R2)."""

    kind = "placement"
    seat: int = 0  # who places now

    def chooser(self, st: GameState) -> int:
        return self.seat

    def options(self, st: GameState, quick: bool) -> list[Action]:
        return candidates(st)

    def explain(self, st: GameState, a: Action) -> str | None:
        return explain(st, a) if isinstance(a, PlaceCard) else None

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        _place(st, a, ev)

    def describe(self, st: GameState) -> str:
        return f"seat {self.seat} is placing a card on the Field"


def new_state(game: Any, rng: random.Random) -> GameState:
    """A game at its first choice: the first player places its first Location."""
    seats = []
    for sec in game.sections:
        s = SeatState()
        s.to_place = sec["locations"][:]
        rng.shuffle(s.to_place)  # "Shuffle your Locations. Turn over, and place the first."
        s.haven_to_place = sec["haven"][:]
        s.forms = sec["other_forms"][:]
        s.disasters_to_deal = sec["disasters"][:]
        rng.shuffle(s.disasters_to_deal)
        s.items_to_deal = sec["items"][:]
        rng.shuffle(s.items_to_deal)
        seats.append(s)
    return GameState(game=game, generator=rng, seats=seats, phase=SETUP, pending=[Placement()])


def haven_allowed(st: GameState) -> bool:
    """R2: a Haven only after every player has placed at least one Location."""
    return laid_by_all(st.places.values(), len(st.seats))


def laid_by_all(places, seats: int) -> bool:
    """Whether each of `seats` players has placed a Location among `places` (Places, or
    a seat's view of them: the window dims a Haven not yet allowed by it)."""
    return all(any(p.kind == "location" and p.owner == i for p in places) for i in range(seats))


def open_cells(st: GameState) -> list[Cell]:
    """The empty cells next to a Location already placed: "The rest of the Locations must
    be placed adjacent to a Location already played", and "Havens are placed in the same
    manner" (Setting Up the Field). A Haven is not a Location (guideline 4.14), so a
    cell next to a Haven only is not open."""
    placed = st.places
    if not placed:
        return free_cells(placed)  # the first Location
    locations = [c for c, p in placed.items() if p.kind == "location"]
    return [c for c in free_cells(locations) if c not in placed]


def candidates(st: GameState) -> list[Action]:
    s = st.seats[st.current_seat()]
    cells = open_cells(st)
    acts: list[Action] = []
    if s.to_place:
        acts += [PlaceCard(s.to_place[-1], c) for c in cells]
    if s.haven_to_place and haven_allowed(st):
        acts += [PlaceCard(s.haven_to_place[-1], c) for c in cells]
    return acts


def explain(st: GameState, a: PlaceCard) -> str | None:
    if st.phase != SETUP:
        return "cards are placed only while setting up the Field"
    seat = st.current_seat()
    s = st.seats[seat]
    if a.card not in s.to_place[-1:] + s.haven_to_place:
        return f"c{a.card} is not the card seat {seat} places now"
    if a.card in s.haven_to_place and not haven_allowed(st):
        return "a Haven may be placed only after every player has placed a Location (R2)"
    if a.cell not in open_cells(st):
        return f"{a.cell} is not an empty cell next to a placed Location (R2)"
    return None


def _place(st: GameState, a: PlaceCard, ev: list[Event]) -> None:
    placement = st.top
    seat = placement.seat
    s = st.seats[seat]
    if s.to_place and a.card == s.to_place[-1]:
        s.to_place.pop()
        kind = "location"
    else:
        s.haven_to_place.remove(a.card)
        s.havens.append(a.cell)
        kind = "haven"
    st.places[a.cell] = Place(a.card, kind, seat)
    ev.append(CardPlaced(seat, a.card, a.cell, kind))
    n = len(st.seats)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if st.seats[nxt].to_place or st.seats[nxt].haven_to_place:
            placement.seat = nxt
            return
    st.pop(placement)
    dealing = Dealing(seat=len(st.seats) - 1)
    st.push(dealing)
    dealing.next_go(st, ev)


@dataclass(slots=True)
class Dealing(Decision):
    """Setting Up the Field: "Take turns placing Disasters face down under the
    Locations, 1 or 2 at a time, until all Locations have 2 Disasters", then "Items
    face down under the Disasters, 1 at a time, until all Locations have 1 Item". The
    dealer chooses the Location; the card is the top of its shuffled pile, unseen
    (R17). After its first Disaster of a go it deals a second or passes."""

    kind = "dealing"
    pile: str = "disasters"  # "disasters" | "items"
    seat: int = 0  # who deals now
    dealt: int = 0  # cards dealt in this go

    def chooser(self, st: GameState) -> int:
        return self.seat

    def options(self, st: GameState, quick: bool) -> list[Action]:
        acts: list[Action] = [Deal(c) for c in short(st, self.pile)]
        if self.dealt:
            acts.append(Pass())
        return acts

    def explain(self, st: GameState, a: Action) -> str | None:
        if isinstance(a, Pass):
            return "deal at least 1 Disaster in your go"
        if isinstance(a, Deal):
            return (f"{a.cell} is not a Location short of "
                    f"{'Disasters' if self.pile == 'disasters' else 'an Item'}")
        return None

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        if isinstance(a, Deal):
            st.put_under(a.cell, [_pile(st, self.seat, self.pile).pop()])
            self.dealt += 1
            ev.append(CardDealt(self.seat, a.cell, self.pile[:-1]))
            if self.dealt < self._per_go() and _pile(st, self.seat, self.pile) \
                    and any(_short(st, self.pile)):
                return
        self.next_go(st, ev)

    def _per_go(self) -> int:
        return DISASTERS_PER_GO if self.pile == "disasters" else 1

    def next_go(self, st: GameState, ev: list[Event]) -> None:
        """The next seat with cards to deal, while a Location is short; then the Items;
        then the game begins."""
        self.dealt = 0
        n = len(st.seats)
        if any(_short(st, self.pile)):
            for step in range(1, n + 1):
                nxt = (self.seat + step) % n
                if _pile(st, nxt, self.pile):
                    self.seat = nxt
                    return
        if self.pile == "disasters":
            self.pile, self.seat = "items", n - 1
            self.next_go(st, ev)
            return
        st.pop(self)
        _finish(st, ev)

    def describe(self, st: GameState) -> str:
        return f"seat {self.seat} is dealing {self.pile} under the Locations"


def _pile(st: GameState, seat: int, pile: str) -> list[int]:
    s = st.seats[seat]
    return s.disasters_to_deal if pile == "disasters" else s.items_to_deal


def short(st: GameState, pile: str) -> list[Cell]:
    """The Locations still short of their Disasters (2) or their Item (1)."""
    return sorted(_short(st, pile))


def _short(st: GameState, pile: str) -> Iterator[Cell]:
    """`short`, in no order: enough to ask whether a Location is still short."""
    if pile == "disasters":
        dealt, full = st.game.by_type["disaster"], DISASTERS_PER_LOCATION
    else:
        dealt, full = st.game.items, 1
    for c, p in st.places.items():
        if p.kind == "location" and len(dealt.intersection(p.under)) < full:
            yield c


def _finish(st: GameState, ev: list[Event]) -> None:
    """The Field is dealt: set up hands, piles and starting Characters."""
    game = st.game
    st.items_total = sum(1 for p in st.places.values() if p.kind == "location"
                         for c in p.under if game.card(c).type == "item")
    ev.append(CardsDealt(st.items_total, tuple((c, len(p.under)) for c, p in st.places.items()
                                              if p.kind == "location")))
    for seat, (s, sec) in enumerate(zip(st.seats, game.sections)):
        s.unused = s.items_to_deal
        s.items_to_deal = []
        power = sec["power"][:]
        st.rng.shuffle(power)
        s.hand = power[:HAND_SIZE]
        s.draw = power[HAND_SIZE:] + s.disasters_to_deal
        s.disasters_to_deal = []
        st.rng.shuffle(s.draw)
        s.combat = sec["combat"][:]
        st.rng.shuffle(s.combat)
        for c in sec["characters"]:
            st.add_unit(Unit(c, seat, s.havens[0]))
    st.path = disaster_path(c for c, p in st.places.items() if p.kind == "location")
    st.turn_seat = 0
    st.push(PhaseStep())
    begin_turn(st, ev)


def still_to_deal(v) -> list[tuple[tuple[int, int, int], int]]:
    """What each seat will still deal in setup, worked out from a view (public facts
    only) as `Dealing` deals (R5), kept beside it so the two change together:
    Disasters in turns of 1 or 2 until every Location has 2, then one Item at a time
    until each has 1; what a pile has over stays out of the Field. A seat's
    Disasters depend on who passes after one: the fewest it may deal, the number if
    nobody passes, and the most."""
    n = len(v.seats)
    places = [p for p in v.places if p.kind == "location"]
    locations = len(places) + sum(s.to_place for s in v.seats)  # some may be unplaced
    need_d = DISASTERS_PER_LOCATION * locations - sum(p.under_disasters for p in places)
    need_i = locations - sum(min(1, p.under_items) for p in places)
    dealing = v.decision if isinstance(v.decision, Dealing) else None

    def first(pile: int) -> int:  # the engine's first dealer: from seat 0, with cards
        return next((k for k in range(n) if v.seats[k].to_deal[pile]), 0)

    def deal(pile: int, need: int, seat: int, done: int, go) -> list[int]:
        left, out = [s.to_deal[pile] for s in v.seats], [0] * n
        while need > 0 and left[seat]:
            k = max(0, min(go(seat) - done, left[seat], need))
            out[seat], left[seat], need, done = out[seat] + k, left[seat] - k, need - k, 0
            seat = next(((seat + j) % n for j in range(1, n + 1) if left[(seat + j) % n]),
                        seat)
        return out
    on_d = dealing is not None and dealing.pile == "disasters"
    d_at = (dealing.seat, dealing.dealt) if on_d else (first(0), 0)
    i_at = (dealing.seat, dealing.dealt) if dealing and not on_d else (first(1), 0)
    items = deal(1, need_i, *i_at, lambda _: 1)
    usual = deal(0, need_d, *d_at, lambda _: DISASTERS_PER_GO)
    out = []
    for k in range(n):
        most = deal(0, need_d, *d_at, lambda s: DISASTERS_PER_GO if s == k else 1)[k]
        least = deal(0, need_d, *d_at, lambda s: 1 if s == k else DISASTERS_PER_GO)[k]
        out.append(((least, usual[k], most), items[k]))
    return out
