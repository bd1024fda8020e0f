"""Who is in a Combat (Basic Terms, Opponent): the Combat a unit fights, on top or
waiting below it, and what the `in_combat` and `against` conditions of an effect ask
of its holder (R119)."""
from __future__ import annotations

from typing import Any

from .state import GameState, Unit


def fought_in(st: GameState, u: Unit) -> Any:
    """The uppermost Combat (with a Disaster or between players) the unit is the Disaster
    or one of the Characters of, wherever it waits in the stack, or None. A Combat
    another was begun on top of (a thief's getaway) has not ended: its fighters are in
    Combat till it does ("Damage to Health is accrued during Physical Combat. The
    Health ... at the end of Combat is immediately restored", Combat)."""
    for d in reversed(st.pending):
        if d.kind == "combat":
            if (u.card == d.disaster) if u.disaster else (u.owner == d.seat and u.pos == d.cell):
                return d
        elif d.kind == "duel" and not u.disaster and u.pos == d.cell \
                and u.owner in (d.attacker, d.defender):
            return d
    return None


def in_combat(st: GameState, u: Unit) -> bool:
    """The unit is in a Combat, the one on top or one waiting below it (fought_in)."""
    return fought_in(st, u) is not None


def holder_fights(st: GameState, h: Unit | None, now: bool = False) -> bool:
    """The holder takes part in a Combat (Basic Terms, Opponent), with `now` the one
    fought now: a Character of a fighting group or the Disaster; a Location or Haven, one
    fought at; a card without a holder (Global Effect, Haven), any Combat of the game."""
    cell = st.fight_cell
    if cell is None:
        return False
    if h is None:
        return True
    if h.card in st.units:
        c = fought_in(st, h)
        return c is not None and (not now or st.fought_now(c))
    return h.pos == cell


def holder_fights_against(st: GameState, h: Unit | None, classes: list[str], now: bool) -> bool:
    """The holder fights a Disaster of one of the classes (with `now`, in the Combat
    fought now): a Character, in its own Combat, not the one on top when it waits below;
    a card without a holder, a Location or a Haven, in the Combat with a Disaster under
    way (holder_fights)."""
    if h is not None and h.card in st.units:
        c = fought_in(st, h)
        if c is not None and now and not st.fought_now(c):
            return False
    else:
        c = st.combat if holder_fights(st, h) else None
    return c is not None and c.kind == "combat" \
        and st.game.card(c.disaster).disaster_class in classes
