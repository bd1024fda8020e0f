"""Locations with Attack (Rules for Locations; R24): a group without the required
skills that stops at one is attacked once per Turn, and once per Combat round while
it fights there. No Combat cards are drawn."""
from __future__ import annotations

from .abilities import health, meets, total
from .cards import Requirements
from .defeat import defeat_character, wound
from .events import Event, LocationAttacks
from .horde import place_ability
from .memo import reading
from .state import GameState, Unit, by_card


def strikes(st: GameState, cell, seat: int) -> list[Unit]:
    """The Characters of `seat`'s group at `cell` that the Location there strikes, in
    card order: the whole group if it lacks the required skills, else none. The group
    is listed only at a Location with Attack (most have none)."""
    if not _attack(st, cell):
        return []
    group = sorted(st.chars_at(seat, cell), key=by_card)
    return group if striking(st, cell, group) else []


def striking(st: GameState, cell, group: list[Unit]) -> int:
    """The Attack with which the Location at `cell` strikes each of `group` standing
    there: its Attack if the group lacks the required skills, else 0. The AI asks it
    of groups that are not there yet (ai.board)."""
    attack = _attack(st, cell)
    if not attack or not group:
        return 0
    req = st.game.card(st.places[cell].card).requires
    # "without the required skills" (Rules for Locations): the skills a requirement names,
    # an Element and Illusion Piercing among them; not its categories, genders or cards.
    skills = Requirements(skills=req.skills, any_element=req.any_element,
                          illusion_piercing=req.illusion_piercing)
    with reading(st):
        return 0 if meets(st, group, skills) else attack


def _attack(st: GameState, cell) -> int:
    """The Attack of the Location at `cell` (a Horde's bonus too); 0 for none, a Haven
    or a Destroyed one."""
    place = st.places.get(cell)
    if place is None or place.kind != "location" or place.destroyed:
        return 0
    return place_ability(st, place.card, "attack")


def strike(st: GameState, cell, u: Unit, ev: list[Event]) -> bool:
    """One attack on one Character (the caller Bonks or heals it): True if it Kills."""
    attack = _attack(st, cell)
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
    if cell in st.location_struck or not (group := strikes(st, cell, seat)):
        return
    st.location_struck.add(cell)
    for u in group:
        kills = strike(st, cell, u, ev)
        if health(st, u) <= 0:
            defeat_character(st, u, kills, None, ev)
        else:
            u.damage = 0
