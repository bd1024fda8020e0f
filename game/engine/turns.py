"""A Turn: the phases Discard, Reload, Maintenance, Equip, Move and Scavenge.

The phase step is the decision at the bottom of the stack while the game is on:
in the Discard, Equip, Move and Scavenge phases the player whose Turn it is
chooses what to do; Reload and Maintenance are automatic (nobody chooses), and
the engine runs them until someone must. Everything a phase allows begins here
(a Move, a Fight, Scavenging, a challenge...); what it begins is pushed above.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from . import combat, duel, equip, equipment, flash, havens, movement, scavenging, transforming
from .actions import (Action, AskPermission, AttackLocation, BuildAccess, BuildHaven, Challenge,
                      DiscardCard, EndPhase, Fight, Move, PlaceHaven, PlayCard, Scavenge,
                      Transform)
from .state import (DISCARD, EQUIP, FLASH, ITEMS, MAINTENANCE, MOVE, OVER, RELOAD, SCAVENGE,
                    USE, Decision, GameState, by_card)
from .defeat import defeat_character
from .disasters import count_down
from .effects import trigger
from .events import CardDiscarded, CharacterReturned, Event, ItemDiscarded, PhaseBegan, TurnBegan
from .items import watchers
from .maintenance import DisasterMoves, to_move
from .piles import draw_one
from .tally import check
from .targets import Ctx

NEXT_PHASE = {DISCARD: RELOAD, EQUIP: MOVE, MOVE: SCAVENGE}
HAND_SIZE = 7  # Reload: "until you have 7 cards in your hand"


@dataclass(slots=True)
class PhaseStep(Decision):
    """The current player's phase (`st.phase`, `st.turn_seat`), at the bottom of the stack."""

    kind = "phase"
    ending: bool = False  # the group Ran Away in its own Turn: the Turn ends next

    def chooser(self, st: GameState) -> int:
        return st.turn_seat

    def options(self, st: GameState, quick: bool) -> list[Action]:
        if st.phase == DISCARD:  # the playouts' rule player never discards: not listed
            return [] if quick else [DiscardCard(c) for c in discardable(st)]
        if st.phase == EQUIP:
            return equip.candidates(st) + havens.placements(st) + havens.builds(st)
        if st.phase == MOVE:
            return (movement.candidates(st, whole_groups=quick) + transforming.candidates(st)
                    + combat.fights(st) + duel.challenges(st) + havens.asks(st)
                    + havens.builds(st))
        if st.phase == SCAVENGE:
            return (scavenging.candidates(st) + combat.fights(st) + duel.challenges(st)
                    + havens.builds(st))
        return []

    def anytime(self, st: GameState) -> Collection[str]:
        return (FLASH, USE, ITEMS)  # Flash Effects in every phase but Reload

    def closing(self, st: GameState) -> list[Action]:
        return [EndPhase()]

    def explain(self, st: GameState, a: Action) -> str | None:
        if isinstance(a, PlayCard):
            return equip.explain(st, a)
        return None

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        _PLAYS[type(a)](st, a, ev)

    def automatic(self, st: GameState) -> bool:
        return self.ending or st.phase in (RELOAD, MAINTENANCE)

    def advance(self, st: GameState, ev: list[Event]) -> None:
        if self.ending:
            self.ending = False
            end_turn(st, ev)
        elif st.phase == RELOAD:
            reload(st, ev)
            enter(st, MAINTENANCE, ev)
        else:  # the Disasters have moved (maintenance.py)
            enter(st, EQUIP, ev)

    def describe(self, st: GameState) -> str:
        return "the game is over" if st.phase == OVER else f"{st.phase} phase of seat {st.turn_seat}"


def begin_turn(st: GameState, ev: list[Event]) -> None:
    s = st.seats[st.turn_seat]
    s.turns += 1
    s.equipped = 0
    s.scavenged = False
    st.location_attacked.clear()
    st.location_struck.clear()
    st.challenged.clear()
    ev.append(TurnBegan(st.turn_seat, s.turns, st.rounds + 1))
    _turn_start(st, ev)
    # R6: every player's first turn starts at the Equip phase.
    enter(st, EQUIP if s.turns == 1 else DISCARD, ev)


def enter(st: GameState, phase: str, ev: list[Event]) -> None:
    st.phase = phase
    ev.append(PhaseBegan(st.turn_seat, phase))
    st.move_start = ()  # held for the Move phase only (below)
    if phase == DISCARD:
        check(st, ev)  # R14: the tally is made at the start of every Discard phase
    elif phase == MAINTENANCE:
        st.push(DisasterMoves(to_move(st, st.turn_seat)))
    elif phase == MOVE:
        st.move_start = tuple([(u.card, u.pos) for u in st.characters(st.turn_seat)])


def reload(st: GameState, ev: list[Event]) -> None:
    """Reload phase (R8, R9): draw one card at a time up to 7 in hand."""
    seat = st.turn_seat
    s = st.seats[seat]
    for entry in list(s.set_aside):
        card, back_at = entry
        # A Bonked Character comes back "as one of your draws": a full hand draws none,
        # and it waits for a Reload with room (Basic Terms, Bonk; Reload Phase).
        if s.turns >= back_at and len(s.hand) < HAND_SIZE:
            s.set_aside.remove(entry)
            s.hand.append(card)
            ev.append(CharacterReturned(seat, card))
    while len(s.hand) < HAND_SIZE and s.draw:
        if draw_one(st, seat, ev):
            return


def end_turn(st: GameState, ev: list[Event]) -> None:
    seat = st.turn_seat
    for u in st.units.values():  # one pass: the Characters, and Disasters allied
        if not u.disaster:
            # R20: Energy spent comes back at the end of the Turn it was spent in, an
            # answer's made in another player's Turn too.
            u.spent = 0
            if u.owner == seat:
                u.moved = 0
        elif u.ally_seat == seat:
            u.moved = 0  # a Disaster allied with the group moved with it
    _expire(st, seat)
    flash.lapse(st, ev)
    equipment.end_of_turn(st)
    havens.end_of_turn(st, seat, ev)
    count_down(st, seat, ev)
    st.turn_seat = (seat + 1) % len(st.seats)
    if st.turn_seat == 0:
        st.rounds += 1
        if st.rounds >= st.game.options.round_limit:
            # R14 d: the limit's last round is over, so the game ends here; the next
            # round is never begun (no turn announced, no turn-start effects).
            check(st, ev)
            return
    begin_turn(st, ev)


def _expire(st: GameState, seat: int) -> None:
    """Durations end: "turn" effects now, counted ones after the Turns of the seat that
    counts them (and the Turn they were played in); uses per Turn come back."""
    keep = []
    for x in st.lasting:
        if x.until == "turns" and seat in (x.seat, x.first):
            x = replace(x, turns_left=x.turns_left - 1, first=-1)
        if x.until == "turn" or (x.until == "turns" and x.turns_left <= 0):
            continue
        keep.append(x)
    st.set_lasting(keep)
    g = st.game
    st.uses = {k: n for k, n in st.uses.items()
               if k[1] < 0 or g.card(k[0]).effects[k[1]].per == "game"}
    st.used_in = {k: n for k, n in st.used_in.items() if k in st.uses}


def _turn_start(st: GameState, ev: list[Event]) -> None:
    """`turn_start` effects of the player's cards in play."""
    seat = st.turn_seat
    g = st.game
    for u in list(st.characters_by_card(seat)):  # a copy: an effect may take one out of play
        for c in (u.card, *u.enhancements, *u.equipment, *u.items):
            if g.instances[c].effects_on("turn_start") and u.card in st.units:
                trigger(st, Ctx(c, seat, u), "turn_start", ev)
    # A Haven's group is listed, and an Off Field card's context made, only for a card
    # with such an effect (most have none).
    for h in st.seats[seat].havens:
        card = st.places[h].card
        if g.instances[card].effects_on("turn_start"):
            trigger(st, Ctx(card, seat, None, group=[u.card for u in st.chars_at(seat, h)]),
                    "turn_start", ev)
    for o in list(st.off_field):  # a Flash Effect lying there while it lasts (R127) acts no more
        cd = g.instances[o.card]
        if o.seat == seat and cd.type != "flash_effect" and cd.effects_on("turn_start"):
            trigger(st, Ctx(o.card, seat, None, group=list(o.chars)), "turn_start", ev)


def discardable(st: GameState) -> list[int]:
    """Discard phase: "Discard any cards in your Haven that you do not want": the cards in
    the hand, those stored in the player's Havens, and its Characters standing in them
    (Havens store "extra Characters", Rules for Havens); not a guest's, nor its own in
    another player's Haven."""
    seat = st.turn_seat
    s = st.seats[seat]
    return s.hand + [c for h in s.havens for c in st.places[h].under] + \
        [u.card for h in s.havens for u in sorted(st.chars_at(seat, h), key=by_card)]


def explain_discard(st: GameState, a: DiscardCard) -> str:
    if st.phase != DISCARD:
        return "cards are discarded in the Discard phase"
    return f"c{a.card} is not in your hand or Haven"


def _discard(st: GameState, a: DiscardCard, ev: list[Event]) -> None:
    s = st.seats[st.turn_seat]
    u = st.units.get(a.card)
    if u is not None:
        # "A Character that has been Discarded is considered Killed" (guideline 2.3): its
        # Enhancements Discarded, its Items and Equipment dropped where it stands, so
        # stored in the Haven ("They may go in a Haven", Basic Terms, Drop).
        ev.append(CardDiscarded(a.card, st.turn_seat))
        defeat_character(st, u, True, None, ev)
        return
    st.seats[st.game.owner(a.card)].discard.append(a.card)
    if a.card in s.hand:
        s.hand.remove(a.card)
        ev.append(CardDiscarded(a.card, st.turn_seat))
        return
    cell = next(h for h in s.havens if a.card in st.places[h].under)
    st.take_from_under(cell, a.card)
    st.wear.pop(a.card, None)  # a piece's Damage leaves play with it (R121)
    if a.card in st.game.items:  # never drawn: it can only leave a store
        ev.append(ItemDiscarded(st.turn_seat, a.card, to=watchers(st, cell)))
    else:
        ev.append(CardDiscarded(a.card, st.turn_seat))


def explain_end(st: GameState, a: Action) -> str | None:
    if st.scavenging is not None:
        return "finish Scavenging first: continue, retrieve or stop"
    return None


def _end_phase(st: GameState, a: Action, ev: list[Event]) -> None:
    if st.phase == SCAVENGE:
        end_turn(st, ev)
    else:
        enter(st, NEXT_PHASE[st.phase], ev)


# What each action the phases allow does (each module checks nothing: the engine
# applies only what the phase step listed).
_PLAYS: dict[type, Callable[[GameState, Action, list[Event]], None]] = {
    DiscardCard: _discard, EndPhase: _end_phase, PlayCard: equip.play, Move: movement.move,
    Fight: combat.fight, Challenge: duel.challenge, AskPermission: havens.ask,
    Scavenge: scavenging.scavenge, AttackLocation: scavenging.attack_location,
    BuildHaven: scavenging.build_haven, BuildAccess: havens.build, PlaceHaven: havens.place,
    Transform: transforming.transform,
}
