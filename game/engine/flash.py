"""Flash Effects: the fastest cards, on a last-in, first-out stack (Rules for Flash
Effects; guideline 3.1; R20). Played while another decision waits, a Flash Effect
opens a Flash window above it: each other player in turn may answer with a
Flash Effect of its own or pass; when all have passed, the stack resolves from
the top and the window closes."""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from . import effects
from .abilities import holds, meets, total, unmet
from .actions import Action, Pass, PlayCard
from .cards import CardDef, Modifier
from .state import FAST, FLASH, RELOAD, Decision, GameState, Lasting, OffField, StackEntry, Unit
from .events import DURATION_OVER, CardDiscarded, Event, FlashPlayed, FlashResolved, Passed
from .targets import Ctx


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


def _candidates(st: GameState, seat: int, cd: CardDef) -> list[int]:
    """Whom a Flash Effect's target selector allows, before its requirement and cost."""
    on_play = cd.effects_on("play")
    sel = on_play[0].target if on_play and on_play[0].target else None
    if sel is None:
        # R20: a Flash Effect with bare bonuses goes on one of its player's Characters.
        return [u.card for u in st.characters_by_card(seat)]
    return effects.choices(st, seat, st.fight_cell, sel)


def _own(st: GameState, seat: int, t: int) -> Unit | None:
    """The target, if it is one of the seat's: the Character using the Flash Effect."""
    u = st.units.get(t)
    return u if u is not None and u.owner == seat else None


def _unmet(st: GameState, holder: Unit | None, cd: CardDef) -> bool:
    """The Character of the player it goes on does not meet the card's requirement."""
    return holder is not None and not cd.requires.empty and not meets(st, [holder], cd.requires)


def _refusal(st: GameState, seat: int, card: int, cd: CardDef, t: int,
             words: bool = True) -> str | None:
    """Why a Flash Effect cannot be played on `t`, one of its candidates (None: it can).
    "If a Flash Effect has a cost or requirement, the Character using the Flash Effect
    must pay the cost or meet the requirement" (Rules for Flash Effects). A listing asks
    only whether (`words` False): the requirement is not worded for it. `cd` is the
    card of `card`, looked up once for all its candidates."""
    on_play = cd.effects_on("play")
    holder = _own(st, seat, t)
    if _unmet(st, holder, cd):
        return f"c{t} does not meet its requirement ({cd.requires.describe()})" if words \
            else "requirement"
    ctx = Ctx(card, seat, holder, t)
    if on_play:
        if not holds(st, ctx, on_play[0]):
            return unmet(st, ctx, on_play[0]) if words else "condition"
        return effects.unpaid(st, ctx, on_play[0])
    if cd.costs and holder is not None:
        energy = _bare_energy(cd)
        has = total(st, holder, "energy")
        if has < energy:
            return f"it costs {energy} Energy and c{t} has {has}"
    return None


def _bare_energy(cd: CardDef) -> int:
    """R20: the Energy cost printed as a bare cost, paid by the Character it goes on."""
    return sum(m.value for m in cd.costs if m.ability == "energy" and m.op == "-")


def targets(st: GameState, seat: int, card: int) -> list[int | None]:
    """Whom a Flash Effect in the hand can be played on now."""
    cd = st.game.card(card)
    return [t for t in _candidates(st, seat, cd)
            if _refusal(st, seat, card, cd, t, False) is None]


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


# Whom a target selector names (cards.Target), for a refusal to say.
_WHOM = {("character", "you"): "one of your Characters",
         ("character", "opponent"): "another player's Character",
         ("character", "any"): "a Character", ("flash", "you"): "your Flash Effect on the stack",
         ("flash", "opponent"): "another player's Flash Effect on the stack",
         ("flash", "any"): "a Flash Effect on the stack"}
_WHERE = {"here": " in the Combat", "haven": " in its own Haven"}


def _wants(cd: CardDef) -> str:
    """What a Flash Effect is played on and what it needs there, in words: "one of
    your Characters that meets «Android» and has 1 Energy to pay"."""
    on_play = cd.effects_on("play")
    sel = on_play[0].target if on_play and on_play[0].target else None
    if sel is None:
        whom = "one of your Characters"
    else:
        whom = "a Disaster" if sel.select == "disaster" else _WHOM[sel.select, sel.owner]
        whom += _WHERE.get(sel.at, "")
    needs = [] if cd.requires.empty else [f"meets {cd.requires.describe()}"]
    energy = on_play[0].energy if on_play else _bare_energy(cd)
    if energy:
        needs.append(f"has {energy} Energy to pay")
    return whom + (f" that {' and '.join(needs)}" if needs else "")


def explain(st: GameState, a: PlayCard) -> str:
    """Why a Flash Effect is refused, by what refuses it: the hand, the Draw phase, its
    target (what it is played on, and who could take it now), its requirement, its
    condition or its cost (Rules for Flash Effects)."""
    seat = st.current_seat()
    if a.card not in st.seats[seat].hand:
        return f"c{a.card} is not in your hand"
    if st.phase == RELOAD:
        return "Flash Effects are not played in the Draw (Reload) phase"
    if st.top is None or FLASH not in st.top.anytime(st):
        return "Flash Effects are not played while this is decided (guideline 3.3)"
    cd = st.game.card(a.card)
    candidates = _candidates(st, seat, cd)
    why = _refusal(st, seat, a.card, cd, a.target) if a.target in candidates else None
    if why is not None:
        return f"c{a.card} cannot go on c{a.target}: {why}"
    wants = f"c{a.card} is played on {_wants(cd)}"
    if a.target is not None:
        wants = f"c{a.target} is not a target: {wants}"
    could = targets(st, seat, a.card)
    if could:
        names = [f"c{t}" for t in could]
        some = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
        return f"{wants}; {some} can take it now"
    if not candidates:
        return f"{wants}; there is none to take it now"
    # The reason of the first that meets the requirement (it fails on its condition or
    # cost), or of the only one there is.
    near = [t for t in candidates if not _unmet(st, _own(st, seat, t), cd)]
    if near or len(candidates) == 1:
        return f"{wants}; {_refusal(st, seat, a.card, cd, (near or candidates)[0])}"
    return f"{wants}; none of them meets {cd.requires.describe()}"


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
        if any(x.source == entry.card for x in st.lasting):
            # Time, Duration: "The amount of time a card stays in play ... The card is
            # Discarded at the end of its last Turn": it lies Off Field meanwhile (R127).
            st.off_field.append(OffField(entry.card, entry.seat))
        else:
            st.seats[st.game.owner(entry.card)].discard.append(entry.card)
        ev.append(FlashResolved(entry.card, entry.target))
    st.pop(window)


def lapse(st: GameState, ev: list[Event]) -> None:
    """The Flash Effects in play whose Duration is over (no lasting effect of theirs is
    left: the Turns or the Combat have ended) go to their owner's Discard pile."""
    g = st.game
    ended = [o for o in st.off_field if g.card(o.card).type == "flash_effect"
             and not any(x.source == o.card for x in st.lasting)]
    for o in ended:
        st.off_field.remove(o)
        st.seats[g.owner(o.card)].discard.append(o.card)
        ev.append(CardDiscarded(o.card, why=DURATION_OVER))


def _bare(st: GameState, entry: StackEntry, cd, holder) -> None:
    """R20: bare bonuses last to the end of the Turn; the Energy cost is spent."""
    holder.spent += _bare_energy(cd)
    mods: tuple[Modifier, ...] = tuple(m for m in cd.bonuses + cd.costs if m.ability != "energy")
    st.add_lasting(Lasting(entry.card, holder.card, holder.owner, mods=mods))
