"""Setting Up the Field and Setting Up the Decks (rulebook, Playing the Game)."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import events as E
from .actions import Action, PlaceCard
from .events import Event
from .field import disaster_path, free_cells
from .state import SETUP, GameState, Place, SeatState, Unit

if TYPE_CHECKING:
    from .game import Game

HAND_SIZE = 7
DISASTERS_PER_LOCATION = 2


def new_state(game: Game, rng: random.Random) -> GameState:
    """A game at its first choice: the first player places its first Location."""
    seats = []
    for sec in game.sections:
        s = SeatState()
        s.to_place = sec["locations"][:]
        rng.shuffle(s.to_place)  # "Shuffle your Locations. Turn over, and place the first."
        s.haven_to_place = sec["haven"][:]
        s.disasters_to_deal = sec["disasters"][:]
        rng.shuffle(s.disasters_to_deal)
        s.items_to_deal = sec["items"][:]
        rng.shuffle(s.items_to_deal)
        seats.append(s)
    return GameState(game=game, generator=rng, seats=seats, phase=SETUP)


def haven_allowed(st: GameState) -> bool:
    """R2: a Haven only after every player has placed at least one Location."""
    return all(any(p.kind == "location" and p.owner == i for p in st.places.values())
               for i in range(len(st.seats)))


def candidates(st: GameState) -> list[Action]:
    s = st.seats[st.setup_seat]
    cells = free_cells(st.places)
    acts: list[Action] = []
    if s.to_place:
        acts += [PlaceCard(s.to_place[-1], c) for c in cells]
    if s.haven_to_place and haven_allowed(st):
        acts += [PlaceCard(s.haven_to_place[-1], c) for c in cells]
    return acts


def _why_not_place(st: GameState, a: PlaceCard) -> str | None:
    if st.phase != SETUP:
        return "cards are placed only while setting up the Field"
    s = st.seats[st.setup_seat]
    if a.card not in s.to_place[-1:] + s.haven_to_place:
        return f"c{a.card} is not the card seat {st.setup_seat} places now"
    if a.card in s.haven_to_place and not haven_allowed(st):
        return "a Haven may be placed only after every player has placed a Location (R2)"
    if a.cell not in free_cells(st.places):
        return f"{a.cell} is not an empty cell next to a placed card (R2)"
    return None


def _place(st: GameState, a: PlaceCard, ev: list[Event]) -> None:
    seat = st.setup_seat
    s = st.seats[seat]
    if s.to_place and a.card == s.to_place[-1]:
        s.to_place.pop()
        kind = "location"
    else:
        s.haven_to_place.remove(a.card)
        s.havens.append(a.cell)
        kind = "haven"
    st.places[a.cell] = Place(a.card, kind, seat)
    ev.append(Event(E.CARD_PLACED, {"seat": seat, "card": a.card, "cell": a.cell, "kind": kind}))
    n = len(st.seats)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if st.seats[nxt].to_place or st.seats[nxt].haven_to_place:
            st.setup_seat = nxt
            return
    _finish(st, ev)


def _deal(st: GameState, pile: str, per_location: int) -> int:
    """Players take turns placing cards face down under Locations still short of them.

    Which Location gets each card is left to the table's seeded shuffle (R17)."""
    locations = [c for c, p in sorted(st.places.items()) if p.kind == "location"]
    need = {c: per_location for c in locations}
    dealt = 0
    while any(need.values()):
        progressed = False
        for s in st.seats:
            src = getattr(s, pile)
            open_cells = [c for c in locations if need[c]]
            if not src or not open_cells:
                continue
            cell = st.rng.choice(open_cells)
            st.put_under(cell, [src.pop()])
            need[cell] -= 1
            dealt += 1
            progressed = True
        if not progressed:
            break
    return dealt


def _finish(st: GameState, ev: list[Event]) -> None:
    """Deal Disasters, then Items under them; set up hands, piles and starting Characters."""
    from .turns import begin_turn  # the first turn follows setup

    game = st.game
    _deal(st, "disasters_to_deal", DISASTERS_PER_LOCATION)
    st.items_total = _deal(st, "items_to_deal", 1)
    ev.append(Event(E.CARDS_DEALT, {"items": st.items_total,
                                    "under": {c: len(p.under) for c, p in st.places.items()
                                              if p.kind == "location"}}))
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
            st.units[c] = Unit(c, seat, s.havens[0])
    st.path = disaster_path(c for c, p in st.places.items() if p.kind == "location")
    st.turn_seat = 0
    begin_turn(st, ev)


HANDLERS = {PlaceCard: (_why_not_place, _place)}
