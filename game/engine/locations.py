"""Locations with Attack (Rules for Locations; R24): a group without the required
skills that stops at one is attacked once per Turn, and once per Combat round while
it fights there. No Combat cards are drawn."""
from __future__ import annotations

from collections.abc import Sequence

from .abilities import health, meets, reading, total
from .defeat import defeat_character, wound
from .events import Event, LocationAttacks
from .state import GameState, Unit


def attack_on(st: GameState, cell, group: Sequence[Unit]) -> int:
    """The Attack the Location at `cell` strikes this group with (0: none)."""
    place = st.places.get(cell)
    if place is None or place.kind != "location" or place.destroyed or not group:
        return 0
    card = st.game.card(place.card)
    if not card.attack:
        return 0
    with reading(st):
        return 0 if meets(st, list(group), card.requires) else card.attack


def strike(st: GameState, cell, u: Unit, ev: list[Event]) -> bool:
    """One attack on one Character (the caller Bonks or heals it): True if it Kills."""
    attack = st.game.card(st.places[cell].card).attack
    defense = total(st, u, "defense")
    damage = max(0, attack - defense)
    before = health(st, u)
    kills = wound(st, u, damage, ev)
    after = health(st, u)
    result = "killed" if kills else "bonked" if after <= 0 else "ok"
    ev.append(LocationAttacks(cell, u.card, attack, defense, damage, before, after, result))
    return kills


def stopped(st: GameState, seat: int, cell, ev: list[Event]) -> None:
    """A group stops at a Location (a Move, a Run Away, a thief's getaway): "If a group
    of Characters, without the required skills, stops at a Location with Attack, the
    Location Attacks each Character. The Location attacks once per Turn." Like a
    Combat round, the Damage heals at once unless it Bonks or Kills (R24)."""
    group = st.chars_at(seat, cell)
    if cell in st.location_struck or not attack_on(st, cell, group):
        return
    st.location_struck.add(cell)
    for u in sorted(group, key=lambda u: u.card):
        kills = strike(st, cell, u, ev)
        if health(st, u) <= 0:
            defeat_character(st, u, kills, None, ev)
        else:
            u.damage = 0
