"""Flash Effects: the fastest cards, on a last-in, first-out stack (Rules for Flash
Effects; guideline 3.1). When one is played, each other player in turn may answer
with a Flash Effect or pass; when all have passed, the stack resolves from the top."""
from __future__ import annotations

from . import effects
from . import events as E
from .abilities import meets
from .actions import Action, Pass, PlayCard
from .cards import Modifier
from .effects import Ctx
from .events import Event
from .state import RELOAD, GameState, Lasting, StackEntry


def _where(st: GameState, seat: int):
    if st.combat is not None:
        return st.combat.cell
    return None


def targets(st: GameState, seat: int, card: int) -> list[int | None]:
    """Whom a Flash Effect in the hand can be played on now."""
    cd = st.game.card(card)
    play = cd.effects_on("play")
    sel = play[0].target if play and play[0].target else None
    if sel is None:
        # R20: a Flash Effect with bare bonuses goes on one of its player's Characters.
        ids = [u.card for u in sorted(st.characters(seat), key=lambda u: u.card)]
    else:
        ids = effects.choices(st, seat, _where(st, seat), sel)
    out = []
    for t in ids:
        holder = st.units.get(t) if t in st.units and st.units[t].owner == seat else None
        if holder is not None and not cd.requires.empty and not meets(st, [holder], cd.requires):
            continue
        ctx = Ctx(card, seat, holder, t)
        if play and not (effects.holds(st, ctx, play[0]) and effects.payable(st, ctx, play[0])):
            continue
        if not play and cd.costs and holder is not None:
            energy = sum(m.value for m in cd.costs if m.ability == "energy" and m.op == "-")
            from .abilities import total
            if total(st, holder, "energy") < energy:
                continue
        out.append(t)
    return out


def playable(st: GameState, seat: int) -> list[Action]:
    """Flash Effects may be played in any phase but the Draw (Reload) phase."""
    if st.phase == RELOAD:
        return []
    acts: list[Action] = []
    for c in sorted(set(st.seats[seat].hand)):
        if st.game.card(c).type == "flash_effect":
            acts += [PlayCard(c, t) for t in targets(st, seat, c)]
    return acts


def responses(st: GameState) -> list[Action]:
    return playable(st, st.responder) + [Pass()]


def play(st: GameState, seat: int, a: PlayCard, ev: list[Event]) -> None:
    st.seats[seat].hand.remove(a.card)
    st.stack.append(StackEntry(a.card, seat, a.target))
    ev.append(Event(E.FLASH_PLAYED, {"seat": seat, "card": a.card, "target": a.target}))
    st.passes = 0
    st.responder = (seat + 1) % len(st.seats)
    if len(st.seats) == 1:
        resolve(st, ev)


def _why_not_pass(st: GameState, a: Action) -> str | None:
    return "there is no Flash Effect to answer" if not st.stack else None


def _pass(st: GameState, a: Pass, ev: list[Event]) -> None:
    ev.append(Event(E.PASSED, {"seat": st.responder}))
    st.passes += 1
    top_seat = st.stack[-1].seat
    st.responder = (st.responder + 1) % len(st.seats)
    if st.responder == top_seat:
        st.responder = (st.responder + 1) % len(st.seats)
    if st.passes >= len(st.seats) - 1:
        resolve(st, ev)


def resolve(st: GameState, ev: list[Event]) -> None:
    """Everyone passed: the stack resolves from the top down."""
    while st.stack:
        entry = st.stack.pop()
        cd = st.game.card(entry.card)
        holder = st.units.get(entry.target)
        ctx = Ctx(entry.card, entry.seat, holder if holder and holder.owner == entry.seat
                  else None, entry.target)
        gone = entry.target is not None and entry.target not in st.units and all(
            s.card != entry.target for s in st.stack)
        if gone:
            pass  # its target left play first: the Flash Effect fizzles
        elif cd.effects_on("play"):
            effects.trigger(st, ctx, "play", ev)
        elif holder is not None:
            _bare(st, entry, cd, holder)
        st.seats[st.game.owner(entry.card)].discard.append(entry.card)
        ev.append(Event(E.FLASH_RESOLVED, {"card": entry.card, "target": entry.target}))
    st.responder = -1
    st.passes = 0


def _bare(st: GameState, entry: StackEntry, cd, holder) -> None:
    """R20: bare bonuses last to the end of the Turn; the Energy cost is spent."""
    holder.spent += sum(m.value for m in cd.costs if m.ability == "energy" and m.op == "-")
    mods: tuple[Modifier, ...] = tuple(m for m in cd.bonuses + cd.costs if m.ability != "energy")
    st.lasting.append(Lasting(entry.card, holder.card, holder.owner, mods=mods))


HANDLERS = {Pass: (_why_not_pass, _pass)}
