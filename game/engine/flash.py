"""Flash Effects: the fastest cards, on a last-in, first-out stack (Rules for Flash
Effects; guideline 3.1; R20). Played while another decision waits, a Flash Effect
opens a Flash window above it: each other player in turn may answer with a
Flash Effect of its own or pass; when all have passed, the stack resolves from
the top and the window closes."""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from . import effects
from .abilities import Ctx, holds, meets, seat_characters, total
from .actions import Action, Pass, PlayCard
from .cards import Modifier
from .state import FAST, FLASH, RELOAD, Decision, GameState, Lasting, StackEntry
from .events import Event, FlashPlayed, FlashResolved, Passed


@dataclass(slots=True)
class FlashWindow(Decision):
    """Flash Effects played and not yet resolved, and who may answer them now."""

    kind = "flash"
    entries: list[StackEntry] = field(default_factory=list)  # top last
    responder: int = -1  # who may answer the top of the stack now
    passes: int = 0  # players who passed since the last Flash Effect

    def chooser(self, st: GameState) -> int:
        return self.responder

    def anytime(self, st: GameState) -> Collection[str]:
        # An answer: a Flash Effect, or a Global Effect's or Haven's use, "as fast"
        # (guideline 3.1, R45); nothing else is (guideline 3.3).
        return (FLASH, FAST)

    def closing(self, st: GameState) -> list[Action]:
        return [Pass()]

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        ev.append(Passed(self.responder))
        self.passes += 1
        top_seat = self.entries[-1].seat
        self.responder = (self.responder + 1) % len(st.seats)
        if self.responder == top_seat:
            self.responder = (self.responder + 1) % len(st.seats)
        if self.passes >= len(st.seats) - 1:
            resolve(st, self, ev)

    def describe(self, st: GameState) -> str:
        return f"seat {self.responder} may answer a Flash Effect"


def targets(st: GameState, seat: int, card: int) -> list[int | None]:
    """Whom a Flash Effect in the hand can be played on now."""
    cd = st.game.card(card)
    play = cd.effects_on("play")
    sel = play[0].target if play and play[0].target else None
    if sel is None:
        # R20: a Flash Effect with bare bonuses goes on one of its player's Characters.
        ids = [u.card for u in seat_characters(st, seat)]
    else:
        ids = effects.choices(st, seat, st.fight_cell, sel)
    out = []
    for t in ids:
        holder = st.units.get(t) if t in st.units and st.units[t].owner == seat else None
        if holder is not None and not cd.requires.empty and not meets(st, [holder], cd.requires):
            continue
        ctx = Ctx(card, seat, holder, t)
        if play and not (holds(st, ctx, play[0]) and effects.payable(st, ctx, play[0])):
            continue
        if not play and cd.costs and holder is not None:
            energy = sum(m.value for m in cd.costs if m.ability == "energy" and m.op == "-")
            if total(st, holder, "energy") < energy:
                continue
        out.append(t)
    return out


def playable(st: GameState, seat: int) -> list[Action]:
    """Flash Effects may be played in any phase but the Draw (Reload) phase."""
    hand = st.seats[seat].hand
    flashes = st.game.by_type["flash_effect"]
    if st.phase == RELOAD or flashes.isdisjoint(hand):
        return []
    acts: list[Action] = []
    for c in sorted(flashes.intersection(hand)):
        acts += [PlayCard(c, t) for t in targets(st, seat, c)]
    return acts


def explain(st: GameState, a: PlayCard) -> str:
    if a.card not in st.seats[st.current_seat()].hand:
        return f"c{a.card} is not in your hand"
    if st.phase == RELOAD:
        return "Flash Effects are not played in the Draw (Reload) phase"
    return "that is not a target this Flash Effect can take now (requirement, cost, target)"


def play(st: GameState, seat: int, a: PlayCard, ev: list[Event]) -> None:
    """Onto the stack: a new Flash window opens, or the one open takes the answer."""
    st.seats[seat].hand.remove(a.card)
    window = st.top if st.top is not None and st.top.kind == "flash" else st.push(FlashWindow())
    window.entries.append(StackEntry(a.card, seat, a.target))
    ev.append(FlashPlayed(seat, a.card, a.target))
    window.passes = 0
    window.responder = (seat + 1) % len(st.seats)
    if len(st.seats) == 1:
        resolve(st, window, ev)


def resolve(st: GameState, window: FlashWindow, ev: list[Event]) -> None:
    """Everyone passed: the stack resolves from the top down, and the window closes."""
    while window.entries:
        entry = window.entries.pop()
        cd = st.game.card(entry.card)
        holder = st.units.get(entry.target)
        ctx = Ctx(entry.card, entry.seat, holder if holder and holder.owner == entry.seat
                  else None, entry.target)
        gone = entry.target is not None and entry.target not in st.units and all(
            s.card != entry.target for s in window.entries)
        if gone:
            pass  # its target left play first: the Flash Effect fizzles
        elif cd.effects_on("play"):
            effects.trigger(st, ctx, "play", ev)
        elif holder is not None:
            _bare(st, entry, cd, holder)
        st.seats[st.game.owner(entry.card)].discard.append(entry.card)
        ev.append(FlashResolved(entry.card, entry.target))
    st.pop(window)


def _bare(st: GameState, entry: StackEntry, cd, holder) -> None:
    """R20: bare bonuses last to the end of the Turn; the Energy cost is spent."""
    holder.spent += sum(m.value for m in cd.costs if m.ability == "energy" and m.op == "-")
    mods: tuple[Modifier, ...] = tuple(m for m in cd.bonuses + cd.costs if m.ability != "energy")
    st.lasting.append(Lasting(entry.card, holder.card, holder.owner, mods=mods))
