"""Drawing: from the Draw pile (Reload phase, cards that draw) and from the Combat
pile (R7, R8)."""
from __future__ import annotations

from .disasters import enter_from_draw
from .events import CardDrawn, Event
from .state import GameState


def draw_one(st: GameState, seat: int, ev: list[Event]) -> bool:
    """Draw the top card: a Power card goes to the hand, a Disaster into play (R8).
    True when a Disaster that can affect the Field entered play."""
    s = st.seats[seat]
    if not s.draw:
        return False  # R7: the Draw pile is never reshuffled
    c = s.draw.pop()
    if st.game.card(c).type == "disaster":
        return enter_from_draw(st, c, seat, ev)
    s.hand.append(c)
    ev.append(CardDrawn(seat, c, to=(seat,)))
    return False


def draw_combat(st: GameState, seat: int) -> int | None:
    """Draw from a Combat pile, reshuffling its discard when it is empty (R7)."""
    s = st.seats[seat]
    if not s.combat:
        s.combat, s.combat_discard = s.combat_discard, []
        st.rng.shuffle(s.combat)
    return s.combat.pop() if s.combat else None
