"""Rules for Havens: another player may move its Characters over a Haven without asking,
but may stop there only with its owner's permission (R36). A guest there may take out
any Items or Equipment; an owner with Characters there may answer a take with Combat."""
from __future__ import annotations

from dataclasses import dataclass

from . import duel, items
from .abilities import has_flag, total
from .actions import Action, Answer, AskPermission, Challenge, PickUp
from .state import MOVE, Cell, Decision, GameState
from .events import Event, PermissionAnswered, PermissionAsked, TakeAnswered


@dataclass(slots=True)
class HavenQuestion(Decision):
    """The owner of a Haven is asked to let the turn's group stop there (R36)."""

    kind = "haven_question"
    cell: Cell

    def chooser(self, st: GameState) -> int:
        return st.places[self.cell].owner

    def options(self, st: GameState, quick: bool) -> list[Action]:
        return [Answer(True), Answer(False)]

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        """Yes lets the group stop there until the asker's next Turn begins
        (terrain.can_stop)."""
        seat = st.turn_seat
        st.haven_asks[(seat, self.cell)] = (st.seats[seat].turns, a.granted)
        ev.append(PermissionAnswered(seat, self.cell, a.granted))
        st.pop(self)

    def describe(self, st: GameState) -> str:
        return f"seat {self.chooser(st)} is asked to let seat {st.turn_seat} stop at {self.cell}"


def _asked(st: GameState, seat: int, cell: Cell) -> bool:
    asked = st.haven_asks.get((seat, cell))
    return asked is not None and asked[0] == st.seats[seat].turns


def asks(st: GameState) -> list[Action]:
    """Other players' Havens within the Movement left to one of the current player's
    Characters, not asked about yet this Turn."""
    seat = st.turn_seat
    movers = [u for u in st.characters(seat)
              if not (has_flag(st, u, "hold") or has_flag(st, u, "no_action"))]
    out: list[Action] = []
    for cell, place in sorted(st.places.items()):
        if place.kind != "haven" or place.owner == seat or _asked(st, seat, cell):
            continue
        if any(0 < max(abs(u.pos[0] - cell[0]), abs(u.pos[1] - cell[1]))
               <= total(st, u, "movement") - u.moved for u in movers):
            out.append(AskPermission(cell))
    return out


def explain(st: GameState, a: Action) -> str:
    if isinstance(a, Answer):
        return "nobody is asking to stop at your Haven"
    if st.phase != MOVE:
        return "permission to stop at a Haven is asked in the Move phase"
    return ("ask once per Turn about another player's Haven within your Characters' "
            "Movement (R36)")


def ask(st: GameState, a: AskPermission, ev: list[Event]) -> None:
    st.push(HavenQuestion(a.cell))
    ev.append(PermissionAsked(st.turn_seat, a.cell, st.places[a.cell].owner))


@dataclass(slots=True)
class GuestTake(Decision):
    """A guest tries to take a card out of a Haven where its owner has Characters: "you
    can Combat that player's Characters if they try to take something you don't want
    them to take" (Rules for Havens). The owner lets it go, or fights (once per Turn at
    a cell, as any Combat between players, R33a). The card is the owner's and the
    guest's secret: the record the views show leaves it out."""

    kind = "guest_take"
    cell: Cell
    char: int
    card: int

    def chooser(self, st: GameState) -> int:
        return st.places[self.cell].owner

    def options(self, st: GameState, quick: bool) -> list[Action]:
        guest = st.units[self.char].owner
        fight = [] if self.cell in st.challenged else [Challenge(guest, self.cell)]
        return [Answer(True)] + fight

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        st.pop(self)
        ev.append(TakeAnswered(self.cell, self.char, isinstance(a, Answer)))
        if isinstance(a, Answer):
            items.pick_up(st, PickUp(self.card, self.char), ev)
        else:
            duel.begin(st, self.chooser(st), a, ev)

    def describe(self, st: GameState) -> str:
        return f"seat {self.chooser(st)} is asked to let a guest take a card out of its Haven"

    def public(self) -> GuestTake:
        return GuestTake(self.cell, self.char, -1)


def guest_take(st: GameState, a: PickUp, ev: list[Event]) -> bool:
    """A guest's take waits for the owner's answer when the owner has Characters there
    (with none there, "they can take whatever is there")."""
    u = st.units[a.char]
    owner = st.places[u.pos].owner
    if owner == u.owner or not st.chars_at(owner, u.pos):
        return False
    st.push(GuestTake(u.pos, a.char, a.card))
    return True
