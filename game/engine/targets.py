"""Where a card's effect comes from and whom it concerns (`Ctx`): the units a step's
`to` names (docs/card-format.md, Effects) and who opposes whom (Basic Terms, Opponent)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .events import everyone
from .field import Cell
from .state import GameState, Unit


@dataclass(slots=True)
class Ctx:
    """Where an effect comes from and whom it concerns."""

    card: int  # the source card instance
    seat: int  # its controller
    holder: Unit | None = None  # the Character carrying or hosting it, or the Disaster itself
    target: int | None = None  # the chosen target: a unit, or a card on the Flash stack
    group: list[int] = field(default_factory=list)  # a Disaster's group of Characters

    def cell(self, st: GameState) -> Cell | None:
        if self.holder is not None:
            return self.holder.pos
        if self.group and self.group[0] in st.units:
            return st.units[self.group[0]].pos
        return None

    def who_sees_source(self, st: GameState) -> tuple[int, ...]:
        """Who may see which card an effect came from (an event's `to`): an Item is
        face down (Rules for Items), so only its holder's owner; any other card is in
        the open, so every seat and what all see."""
        if st.game.card(self.card).type != "item":
            return everyone(len(st.seats))
        h = self.holder
        return (h.owner,) if h is not None and not h.disaster else ()


def affected(st: GameState, ctx: Ctx, to: str) -> list[Unit]:
    """The units a step's `to` names (docs/card-format.md, Effects)."""
    cell = ctx.cell(st)
    if to == "target":
        u = st.units.get(ctx.target) if ctx.target is not None else None
        return [u] if u is not None else []
    if to == "holder":
        return [ctx.holder] if ctx.holder is not None and ctx.holder.card in st.units else []
    if to == "group":
        if ctx.group:
            return [st.units[c] for c in ctx.group if c in st.units]
        h = ctx.holder
        return st.chars_at(h.owner, h.pos) if h is not None and not h.disaster else []
    if to == "yours":
        return st.characters(ctx.seat)
    units = [u for u in st.units.values() if u.pos == cell] if cell is not None else []
    if to == "here":
        return [u for u in units if not u.disaster]
    if to == "disasters_here":
        return [u for u in units if u.disaster]
    if to == "opponents_here":
        return [u for u in units if opposes(st, ctx, u)]
    return []


def opposes(st: GameState, ctx: Ctx, u: Unit) -> bool:
    """A Disaster's opponents are every Character; a player's, the Disasters and the
    other players' Characters."""
    if st.game.card(ctx.card).type == "disaster":
        return not u.disaster
    return u.disaster or u.owner != ctx.seat
