"""Steal (Basic Terms): "The thief may take the card and get 1 full movement before
anyone can attack." A Character that steals gets away: its player may move it up to
its full Movement at once, or let it stay (`proceed`). "If a thieving Character
already has an Item, it won't get a move after stealing from a Disaster": a thief
that held an Item before it stole from a Disaster gets no move (from a Character, it
does). Where it stops, it is met as in normal play ("the Disaster will try to take the
Item from you").

The getaway is movement of the thief's Turn (R120): "A Character may move up to its
Movement ability each Turn" (Basic Terms, Movement) and "1 full movement" meet there.
"Full" gives the thief its whole Movement for it, whatever it moved before; the
Locations it goes are Movement it has used this Turn, so it has moved (a transforming
thief has no move left to sacrifice, R114)."""
from __future__ import annotations

from dataclasses import dataclass

from .abilities import total
from .actions import Action, Move, Proceed
from .events import Event, Moved
from .lasting import stays_put
from .movement import land, reachable
from .state import Decision, GameState, Unit
from .terrain import has_room, left_cell


@dataclass(slots=True)
class Getaway(Decision):
    """The thief's one full movement after it stole."""

    kind = "getaway"
    thief: int

    def chooser(self, st: GameState) -> int:
        return st.units[self.thief].owner

    def options(self, st: GameState, quick: bool) -> list[Action]:
        return [Move((self.thief,), c) for c in sorted(_reach(st, st.units[self.thief]))]

    def closing(self, st: GameState) -> list[Action]:
        return [Proceed()]  # it stays where it is

    def explain(self, st: GameState, a: Action) -> str | None:
        if isinstance(a, Move):
            return "the thief moves alone, up to its Movement, to a Location it can stop on"
        return None

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        st.pop(self)
        if not isinstance(a, Move):
            return
        u = st.units[self.thief]
        start = u.pos
        cost = _reach(st, u)[a.cell]
        st.move_unit(u, a.cell)
        if u.owner == st.turn_seat:  # `moved` counts its own player's Turns only
            u.moved += cost
        ev.append(Moved(u.owner, (u.card,), start, a.cell, cost))
        left_cell(st, u.owner, start)
        for decision in st.pending[::-1]:  # a Combat it left goes on without it
            decision.after_effect(st, ev, "use")
        if u.card in st.units:
            land(st, u.owner, a.cell, ev)

    def automatic(self, st: GameState) -> bool:
        return self.thief not in st.units  # Bonked or Killed before it could get away

    def advance(self, st: GameState, ev: list[Event]) -> None:
        st.pop(self)

    def describe(self, st: GameState) -> str:
        return f"c{self.thief} may get away after stealing"


def _reach(st: GameState, u: Unit) -> dict:
    """Where the thief may stop: in its Movement, and within the group and Field
    limits (`has_room`)."""
    reach = reachable(st, u.owner, [u], budget=total(st, u, "movement"))
    return {c: d for c, d in reach.items() if has_room(st, u.owner, [u], c)}


def get_away(st: GameState, thief: Unit, no_move: bool) -> None:
    """After a Character stole: its move, unless it has none (`no_move`: it held an
    Item and stole from a Disaster), is Held or cannot move."""
    if thief.disaster or no_move or stays_put(st, thief) or not _reach(st, thief):
        return
    st.push(Getaway(thief.card))
