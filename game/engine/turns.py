"""A Turn: the phases Discard, Reload, Maintenance, Equip, Move and Scavenge.

`proceed` runs what no player decides (Reload, Disaster movement) until some
seat must choose or the game is over.
"""
from __future__ import annotations

from . import disasters, effects, scavenging, tally
from . import events as E
from .actions import Action, DiscardCard, EndPhase
from .effects import Ctx
from .events import Event
from .setup import HAND_SIZE
from .state import (DISCARD, EQUIP, MAINTENANCE, MOVE, OVER, RELOAD, SCAVENGE, GameState)

NEXT_PHASE = {DISCARD: RELOAD, EQUIP: MOVE, MOVE: SCAVENGE}
# R9: a Bonked Character is out for one full turn of its owner, so it comes back
# in the Reload of the owner's second turn after the one in which it was Bonked.
BONK_TURNS = 2


def describe(st: GameState) -> str:
    if st.combat is not None:
        return f"seat {st.combat.seat} is in Combat"
    if st.phase == OVER:
        return "the game is over"
    return f"{st.phase} phase of seat {st.turn_seat}"


def begin_turn(st: GameState, ev: list[Event]) -> None:
    s = st.seats[st.turn_seat]
    s.turns += 1
    s.equipped = 0
    s.scavenged = False
    st.location_attacked.clear()
    st.location_struck.clear()
    st.challenged.clear()
    ev.append(Event(E.TURN_BEGAN, {"seat": st.turn_seat, "turn": s.turns, "round": st.rounds + 1}))
    _turn_start(st, ev)
    # R6: every player's first turn starts at the Equip phase.
    enter(st, EQUIP if s.turns == 1 else DISCARD, ev)


def enter(st: GameState, phase: str, ev: list[Event]) -> None:
    st.phase = phase
    ev.append(Event(E.PHASE_BEGAN, {"seat": st.turn_seat, "phase": phase}))
    if phase == DISCARD:
        tally.check(st, ev)  # R14: the tally is made at the start of every Discard phase
    elif phase == MAINTENANCE:
        st.maintenance = disasters.to_move(st, st.turn_seat)


def proceed(st: GameState, ev: list[Event]) -> None:
    while st.result is None and st.combat is None:
        if st.ending_turn:
            st.ending_turn = False
            end_turn(st, ev)
        elif st.scavenging is not None and st.scavenging.stage == "combat":
            scavenging.after_combat(st, ev)
        elif st.phase == RELOAD:
            reload(st, ev)
            enter(st, MAINTENANCE, ev)
        elif st.phase == MAINTENANCE:
            if st.maintenance:
                disasters.move(st, st.maintenance.pop(0), ev)
            else:
                enter(st, EQUIP, ev)
        else:
            return


def reload(st: GameState, ev: list[Event]) -> None:
    """Reload phase (R8, R9): draw one card at a time up to 7 in hand."""
    seat = st.turn_seat
    s = st.seats[seat]
    for entry in list(s.set_aside):
        card, back_at = entry
        if s.turns >= back_at:
            s.set_aside.remove(entry)
            s.hand.append(card)
            ev.append(Event(E.CHARACTER_RETURNED, {"seat": seat, "card": card}))
    while len(s.hand) < HAND_SIZE and s.draw:
        if draw_one(st, seat, ev):
            return


def draw_one(st: GameState, seat: int, ev: list[Event]) -> bool:
    """Draw the top card: a Power card goes to the hand, a Disaster into play (R8).
    True when a Disaster that can affect the Field entered play."""
    s = st.seats[seat]
    if not s.draw:
        return False  # R7: the Draw pile is never reshuffled
    c = s.draw.pop()
    if st.game.card(c).type == "disaster":
        return disasters.enter_from_draw(st, c, seat, ev)
    s.hand.append(c)
    ev.append(Event(E.CARD_DRAWN, {"seat": seat}, seat, {"card": c}))
    return False


def end_turn(st: GameState, ev: list[Event]) -> None:
    seat = st.turn_seat
    for u in st.characters(seat):
        u.moved = 0
        u.spent = 0
    for u in st.units.values():
        if u.ally_seat == seat:
            u.moved = 0  # a Disaster allied with the group moved with it
    _expire(st, seat)
    disasters.count_down(st, seat, ev)
    st.scavenging = None
    st.maintenance = []
    st.turn_seat = (seat + 1) % len(st.seats)
    if st.turn_seat == 0:
        st.rounds += 1
    begin_turn(st, ev)


def _expire(st: GameState, seat: int) -> None:
    """Durations end: "turn" effects now, counted ones after the affected player's turns;
    uses per Turn come back."""
    keep = []
    for x in st.lasting:
        if x.until == "turns" and x.seat == seat:
            x.turns_left -= 1
        if x.until == "turn" or (x.until == "turns" and x.turns_left <= 0):
            continue
        keep.append(x)
    st.lasting = keep
    g = st.game
    st.uses = {k: n for k, n in st.uses.items()
               if k[1] < 0 or g.card(k[0]).effects[k[1]].per == "game"}


def _turn_start(st: GameState, ev: list[Event]) -> None:
    """`turn_start` effects of the player's cards in play."""
    seat = st.turn_seat
    g = st.game
    for u in sorted(st.characters(seat), key=lambda u: u.card):
        for c in [u.card] + u.enhancements + u.equipment + u.items:
            if g.card(c).effects_on("turn_start") and u.card in st.units:
                effects.trigger(st, Ctx(c, seat, u), "turn_start", ev)
    for h in st.seats[seat].havens:
        effects.trigger(st, Ctx(st.places[h].card, seat, None, group=[
            u.card for u in st.chars_at(seat, h)]), "turn_start", ev)
    for o in list(st.off_field):
        if o.seat == seat:
            effects.trigger(st, Ctx(o.card, seat, None, group=list(o.chars)), "turn_start", ev)


def discardable(st: GameState) -> list[int]:
    """Discard phase: cards in the hand, and cards stored in the player's Havens."""
    s = st.seats[st.turn_seat]
    return s.hand + [c for h in s.havens for c in st.places[h].under]


def _why_not_discard(st: GameState, a: DiscardCard) -> str | None:
    if st.phase != DISCARD:
        return "cards are discarded in the Discard phase"
    return f"c{a.card} is not in your hand or Haven"


def _discard(st: GameState, a: DiscardCard, ev: list[Event]) -> None:
    s = st.seats[st.turn_seat]
    if a.card in s.hand:
        s.hand.remove(a.card)
    else:
        for h in s.havens:
            if a.card in st.places[h].under:
                st.take_from_under(h, a.card)
    st.seats[st.game.owner(a.card)].discard.append(a.card)
    ev.append(Event(E.CARD_DISCARDED, {"seat": st.turn_seat, "card": a.card}))


def _why_not_end(st: GameState, a: Action) -> str | None:
    if st.scavenging is not None:
        return "finish Scavenging first: continue, retrieve or stop"
    return None


def _end_phase(st: GameState, a: Action, ev: list[Event]) -> None:
    if st.phase == SCAVENGE:
        end_turn(st, ev)
    else:
        enter(st, NEXT_PHASE[st.phase], ev)


HANDLERS = {DiscardCard: (_why_not_discard, _discard), EndPhase: (_why_not_end, _end_phase)}
