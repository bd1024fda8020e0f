"""Small readings of a position the AI levels share: threats, and
how a group would fare against a Disaster. They read only what a seat sees
(positions, printed and total abilities, how many cards lie under a place)."""
from __future__ import annotations

from collections.abc import Callable

from game.engine import GameState
from game.engine.abilities import has_flag, total
from game.engine.combat import free_to_fight
from game.engine.state import Cell, Unit

# An ability's total: abilities.total, or a reader's cache of it (policy.Scorer).
Total = Callable[[GameState, Unit, str], int]


def threats_at(st: GameState, cell: Cell) -> list[Unit]:
    """Combat Disasters standing at a cell."""
    g = st.game
    return [u for u in st.units.values()
            if u.disaster and u.pos == cell and g.card(u.card).is_combat_disaster]


def foes_at(st: GameState, seat: int, cell: Cell) -> list[Unit]:
    """Other players' Characters standing at a cell."""
    return [u for u in st.units.values()
            if not u.disaster and u.owner != seat and u.pos == cell]


def bonks_one(st: GameState, attackers: list[Unit], defenders: list[Unit],
              tot: Total = total) -> bool:
    """Up to three attackers together (R33 b) Bonk the least sturdy defender in one
    round: their attack beats its Defense plus the Health it has left. One with No
    Action, or kept from attacking, does not attack (guideline 1.1; duel.candidates)."""
    hits = sorted((tot(st, u, "attack") for u in attackers if free_to_fight(st, u)
                   and not has_flag(st, u, "no_attack")), reverse=True)[:3]
    if not hits or not defenders:
        return False
    weakest = min(tot(st, u, "defense") + st.game.card(u.card).base_health - u.damage
                  for u in defenders)
    return sum(hits) >= weakest


def outmatched(st: GameState, group: list[Unit], foes: list[Unit],
               tot: Total = total) -> bool:
    """Another player's Characters beat this group in Combat between players: they
    Bonk one of it in a round and it cannot answer in kind, or it can but they are
    more."""
    if not bonks_one(st, foes, group, tot):
        return False
    return not bonks_one(st, group, foes, tot) or len(foes) > len(group)


def group_attack(st: GameState, group: list[Unit], tot: Total = total) -> int:
    return sum(tot(st, u, "attack") for u in group)


def can_hurt(st: GameState, group: list[Unit], d: Unit, tot: Total = total) -> bool:
    """The group's attack together gets through the Disaster's Defense."""
    return group_attack(st, group, tot) > tot(st, d, "defense")


def can_beat(st: GameState, group: list[Unit], d: Unit, tot: Total = total) -> bool:
    """The group's attack together beats the Disaster's Defense plus its Health left in
    about two rounds, and its Attack does not Bonk their toughest Character at once."""
    if not group:
        return False
    dmg = group_attack(st, group, tot) - tot(st, d, "defense")
    health = st.game.card(d.card).base_health - d.damage
    toughest = max(tot(st, u, "defense") + st.game.card(u.card).base_health - u.damage
                   for u in group)
    return dmg > 0 and 2 * dmg >= health and tot(st, d, "attack") < toughest + 2


def items_under(st: GameState, cell: Cell) -> tuple[int, int]:
    """(Items, other backs) under a place: the counts every seat sees (R16)."""
    p = st.places[cell]
    n = len(st.game.items.intersection(p.under))
    return n, len(p.under) - n


def out_charms(st: GameState, group: list[Unit], d: Unit, tot: Total = total) -> bool:
    """No Charm Combat to lose (R12): it is off, the Disaster has no Charm, or some
    Character's Charm is at least the Disaster's."""
    charm = tot(st, d, "charm")
    if not st.game.options.charm_combat or charm <= 0:
        return True
    return any(tot(st, u, "charm") >= charm for u in group)
