"""Physical Combat's arithmetic, the same with a Disaster and between players
(rulebook, Physical Combat and Protecting; R9, R10)."""
from __future__ import annotations

from .abilities import health
from .cards import Modifier
from .defeat import wound
from .events import CombatHit, Event, Guard
from .state import GameState, Unit

MAX_PROTECTORS = 2  # "Up to 2 Characters can protect another Character."


def halves(st: GameState, card: int | None) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    """A Combat card's physical half: its modifiers to the drawer and to the opponent."""
    half = st.game.card(card).physical if card is not None else None
    return (half.own, half.opponent) if half else ((), ())


def hit(st: GameState, round_: int, target: Unit, attackers: list[int], attack: int,
        defense: int, protectors: list[Unit], ev: list[Event], disaster_class: str | None,
        final: bool = False) -> tuple[int, list[int], set[int]]:
    """One hit of a Combat round, with a Disaster (its class) or between players (None):
    Damage = Attack - Defense (R10); protectors take half, at least 1 each. `final`: the
    unanswered attack on a group that Runs Away (R27). Also who this attack Killed
    (the target, or a protector through its share)."""
    damage = max(0, attack - defense)
    before = health(st, target)
    kills = {target.card} if wound(st, target, damage, ev) and not target.disaster else set()
    after = health(st, target)
    base = st.game.card(target.card).base_health
    guard = [max(1, damage // 2) for _ in protectors]
    for p, d in zip(protectors, guard):
        if wound(st, p, d, ev) and not p.disaster:
            kills.add(p.card)
    if target.disaster:
        result = "defeated" if after <= 0 else "ok"
    else:
        result = "killed" if target.card in kills else "bonked" if after <= 0 else "ok"
    ev.append(CombatHit(
        round_, target.card, "disaster" if target.disaster else "character", disaster_class,
        tuple(attackers), attack, defense, damage, before, after, base, result,
        tuple(Guard(p.card, d) for p, d in zip(protectors, guard)), final))
    return damage, guard, kills
