"""Named Python hooks: what a card needs that the effect language cannot say yet.

A card calls one with the step `- hook: name` (docs/card-format.md, Effects, Hooks);
an unknown name is a load error. Each hook has the signature of a step's action,
`(state, ctx, step, units, events)`, where `units` are the Characters or Disasters
the step's `to` names. Every hook here is a reason to grow the language: keep them
few, small and documented.
"""
from __future__ import annotations

from collections.abc import Callable

from .cards import Step
from .events import CardDrawn, CombatTarget, Event, everyone
from .state import GameState, Unit
from .targets import Ctx

Hook = Callable[[GameState, Ctx, Step, list[Unit], list[Event]], None]
HOOKS: dict[str, Hook] = {}
# A hook's test that it would change nothing now (effects.applicable); none: it always acts
IDLE: dict[str, Callable[[GameState, list[Unit]], bool]] = {}


def idle(st: GameState, step: Step, units: list[Unit]) -> bool:
    test = IDLE.get(step.value)
    return test is not None and test(st, units)


def _hook(name: str) -> Callable[[Hook], Hook]:
    def wrap(fn: Hook) -> Hook:
        HOOKS[name] = fn
        return fn
    return wrap


def _decoy(st: GameState, units: list[Unit]) -> Unit | None:
    """The first affected Character of the fighting group, who may become the target."""
    c = st.combat
    if c is None or c.stage == "run":
        return None
    return next((u for u in units if not u.disaster and u.owner == c.seat
                 and u.pos == c.cell and u.card in st.units), None)


@_hook("decoy")
def decoy(st: GameState, ctx: Ctx, step: Step, units: list[Unit], ev: list[Event]) -> None:
    """The first affected Character of the fighting group becomes the Disaster's target
    for the rest of this Combat round (it no longer protects). Dupli-Kit."""
    u, c = _decoy(st, units), st.combat
    if u is not None and c.target != u.card:
        c.target = u.card
        c.protectors = [p for p in c.protectors if p != u.card]
        ev.append(CombatTarget(c.round, c.disaster, c.target, ctx.card,
                                  to=ctx.who_sees_source(st)))


def _decoy_idle(st: GameState, units: list[Unit]) -> bool:
    """No one takes the place of the Character picked: none may, or it picked him."""
    u = _decoy(st, units)
    return u is None or st.combat.target == u.card


IDLE["decoy"] = _decoy_idle


@_hook("salvage")
def salvage(st: GameState, ctx: Ctx, step: Step, units: list[Unit], ev: list[Event]) -> None:
    """The player takes the Equipment most recently put on its Discard pile back into
    its hand (Items never come back: Rules for Items). Galactic Lost and Found Office."""
    s = st.seats[ctx.seat]
    for c in reversed(s.discard):
        if st.game.card(c).type == "equipment":
            s.discard.remove(c)
            s.hand.append(c)
            # It lay face up on the Discard pile (every view shows it): named to all.
            ev.append(CardDrawn(ctx.seat, c, "salvage", to=everyone(len(st.seats))))
            return
