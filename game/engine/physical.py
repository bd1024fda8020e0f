"""Physical Combat's arithmetic, the same with a Disaster and between players
(rulebook, Physical Combat and Protecting; R9, R10); and the window's forecast of a
round with a Disaster, worked out by the same rule from a seat's view."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .abilities import health
from .cards import Modifier
from .defeat import kills, wound
from .disasters import NO_ATTACK
from .events import CombatHit, Event, Guard
from .state import GameState, Unit
from .view import STATS, SeatView, UnitView

MAX_PROTECTORS = 2  # "Up to 2 Characters can protect another Character."
# Allying with Characters: "While it is allied with you, no more than 2 opposing
# Characters may attack it at a time", in any Combat (with a Disaster or between players).
MAX_ALLY_ATTACKERS = 2


def halves(st: GameState, card: int | None) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    """A Combat card's physical half: its modifiers to the drawer and to the opponent."""
    half = st.game.card(card).physical if card is not None else None
    return (half.own, half.opponent) if half else ((), ())


def hit(st: GameState, round_: int, target: Unit, attackers: list[int], attack: int,
        defense: int, protectors: list[Unit], ev: list[Event], disaster_class: str | None,
        final: bool = False, round_health: dict[int, int] | None = None
        ) -> tuple[int, list[int], set[int]]:
    """One hit of a Combat round, with a Disaster (its class) or between players (None):
    Damage = Attack - Defense (R10); protectors take half, at least 1 each. `final`: the
    unanswered attack on a group that Runs Away (R27); `round_health`: defeat.wound's,
    where a unit may be hit twice in the round. Also who this attack Killed (the target, or a
    protector through its share)."""
    damage = damage_of(attack, defense)
    before = health(st, target)
    killed = {target.card} if wound(st, target, damage, ev, round_health) and not target.disaster \
        else set()
    after = health(st, target)
    base = st.game.card(target.card).base_health
    guard = [share(damage) for _ in protectors]
    for p, d in zip(protectors, guard):
        if wound(st, p, d, ev, round_health) and not p.disaster:
            killed.add(p.card)
    if target.disaster:
        result = "defeated" if after <= 0 else "ok"
    else:
        result = "killed" if target.card in killed else "bonked" if after <= 0 else "ok"
    ev.append(CombatHit(
        round_, target.card, "disaster" if target.disaster else "character", disaster_class,
        tuple(attackers), attack, defense, damage, before, after, base, result,
        tuple(Guard(p.card, d) for p, d in zip(protectors, guard)), final))
    return damage, guard, killed


def damage_of(attack: int, defense: int) -> int:
    """R10: Damage = total Attack - total Defense, never below 0."""
    return max(0, attack - defense)


def share(damage: int) -> int:
    """A protector's part of the Damage: half, at least 1 (Protecting)."""
    return max(1, damage // 2)


def health_left(v: SeatView, u: UnitView) -> int:
    """abilities.health from the view: base Health (base Defense) less the Damage taken."""
    return v.game.card(u.card).base_health - u.damage


def shield_of(v: SeatView, u: UnitView) -> int | None:
    """The piece of Equipment `u` has in use with its own Defense, which takes an
    attack's Damage first (Rules for Equipment; equipment.absorb), if any."""
    return next((e for e in u.equipment if e in u.using and v.game.card(e).defense is not None),
                None)


@dataclass(frozen=True, slots=True)
class Forecast:
    """The attackers' hit on the Disaster this round, before Combat cards."""

    attack: int  # the attackers' Attack totals added up
    defense: int  # the Disaster's Defense total
    health: int  # its Health left before the hit

    @property
    def damage(self) -> int:
        return damage_of(self.attack, self.defense)

    @property
    def defeats(self) -> bool:
        return self.health - self.damage <= 0  # Defeated at Health 0 or below (_after_hits)


def planned_hit(v: SeatView, disaster: int, attackers: Iterable[int]) -> Forecast | None:
    """What `attackers` would do to `disaster` this round, as combat._resolve_round
    counts it (their Attack totals added up against its Defense total, R10) before the
    Combat cards drawn for the Disaster and its target change them; from the view's
    totals, so None while one of them is not in it (another player's Character)."""
    units = {u.card: u for u in v.units}
    fighters = [disaster, *attackers]
    if not all(i in units and units[i].totals for i in fighters):
        return None
    d, attack = units[disaster], STATS.index("attack")
    return Forecast(sum(units[i].totals[attack] for i in fighters[1:]),
                    d.totals[STATS.index("defense")], health_left(v, d))


@dataclass(frozen=True, slots=True)
class Blow:
    """What one attack's Damage would do to one Character (Basic Terms: Bonk, Kill)."""

    card: int
    damage: int
    health: int  # its Health left before the attack
    base: int  # its base Health
    shield: int | None  # Equipment in use with its own Defense: it takes the Damage first

    @property
    def result(self) -> str:
        """"killed", "bonked" or "ok"; "shielded" where Equipment takes it first (its
        wear decides, equipment.absorb)."""
        after = self.health - self.damage
        if self.shield is not None and self.damage:
            return "shielded"
        return "killed" if kills(self.health, after, self.base) else \
            "bonked" if after <= 0 else "ok"


@dataclass(frozen=True, slots=True)
class Strike:
    """The Disaster's attack on its target this round, before Combat cards."""

    attack: int  # its Attack total, with its allies' there (Ally Disasters)
    defense: int  # the target's Defense total and its protectors' added up
    blows: tuple[Blow, ...]  # the target's, then each protector's

    @property
    def damage(self) -> int:
        return damage_of(self.attack, self.defense)


def planned_strike(v: SeatView, disaster: int, target: int,
                   protectors: Iterable[int] = ()) -> Strike | None:
    """What `disaster` would do to `target` and its `protectors` this round, as
    combat._resolve_round and hit count it (its Attack and its allies' against their
    Defense totals added up, R10; each protector half, at least 1), before the Combat
    cards drawn for it and its target; from the view's totals, so None while one is
    missing (another player's Character), or nobody is attacked (`target` -1). Its
    allies attack with it as disasters.allies_with counts them."""
    units = {u.card: u for u in v.units}
    guards = list(protectors)
    if target not in units or disaster not in units or not all(
            i in units and units[i].totals for i in [disaster, target, *guards]):
        return None
    d, a, df = units[disaster], STATS.index("attack"), STATS.index("defense")
    primary = d.leader if d.leader >= 0 else d.card
    stopped = {x.unit for x in v.lasting if NO_ATTACK.intersection(x.flags)}
    allies = [u for u in v.units if u.disaster and u.pos == d.pos and u.card != d.card
              and primary in (u.card, u.leader) and u.card not in stopped]
    attack = d.totals[a] + sum(x.totals[a] for x in allies)
    defense = sum(units[i].totals[df] for i in [target, *guards])
    damage = damage_of(attack, defense)

    def blow(i: int, damage: int) -> Blow:
        u = units[i]
        return Blow(i, damage, health_left(v, u), v.game.card(i).base_health, shield_of(v, u))

    return Strike(attack, defense,
                  (blow(target, damage), *(blow(i, share(damage)) for i in guards)))
