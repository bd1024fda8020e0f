"""Rules for Havens: another player may move its Characters over a Haven without asking,
but may stop there only with its owner's permission (R36)."""
from __future__ import annotations

from . import events as E
from .abilities import has_flag, total
from .actions import Action, Answer, AskPermission
from .events import Event
from .state import MOVE, Cell, GameState


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


def answers(st: GameState) -> list[Action]:
    return [Answer(True), Answer(False)]


def _why_not(st: GameState, a: Action) -> str | None:
    if isinstance(a, Answer):
        return "nobody is asking to stop at your Haven"
    if st.phase != MOVE:
        return "permission to stop at a Haven is asked in the Move phase"
    return ("ask once per Turn about another player's Haven within your Characters' "
            "Movement (R36)")


def _ask(st: GameState, a: AskPermission, ev: list[Event]) -> None:
    st.asking = a.cell
    ev.append(Event(E.PERMISSION_ASKED, {"seat": st.turn_seat, "cell": a.cell,
                                         "owner": st.places[a.cell].owner}))


def _answer(st: GameState, a: Answer, ev: list[Event]) -> None:
    """Yes lets the group stop there until the asker's next Turn begins (terrain.can_stop)."""
    seat = st.turn_seat
    st.haven_asks[(seat, st.asking)] = (st.seats[seat].turns, a.granted)
    ev.append(Event(E.PERMISSION_ANSWERED, {"seat": seat, "cell": st.asking,
                                            "granted": a.granted}))
    st.asking = None


HANDLERS = {AskPermission: (_why_not, _ask), Answer: (_why_not, _answer)}
