"""Totals of abilities and skills, and Card Requirements.

Static modifiers (Enhancements, Equipment, Global Effects, endured Disasters,
Flash Effects) apply in the order replace, then x and /, then + and -; Combat
cards then apply one after another in the order they were drawn. Totals of
Attack, Defense and Charm never go below 0 (R10, guideline 1.5).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import ELEMENTS, CardDef, Modifier, Requirements
from .effects import reading_memo, static_for
from .state import GameState, Unit

_NON_NEGATIVE = ("attack", "defense", "charm")
_OP_ORDER = {"=": 0, "x": 1, "/": 1, "+": 2, "-": 2}


def apply_static(base: int, mods: Iterable[Modifier]) -> int:
    for m in sorted(mods, key=lambda m: _OP_ORDER[m.op]):
        base = m.apply(base)
    return base


def clamp(ability: str, value: int) -> int:
    return max(0, value) if ability in _NON_NEGATIVE else value


def active_enhancements(st: GameState, u: Unit) -> list[int]:
    """Enhancements whose cost can still be paid; the rest are turned over (Rules for Enhancements)."""
    g = st.game
    energy = g.card(u.card).energy or 0
    active = []
    for e in u.enhancements:
        cost = sum(m.value for m in g.card(e).costs if m.ability == "energy" and m.op == "-")
        if cost <= energy:
            energy -= cost
            active.append(e)
    return active


def equipment_usable(st: GameState, u: Unit, card: CardDef) -> bool:
    """Rules for Equipment: the user must meet the requirement."""
    return card.requires.empty or meets(st, [u], card.requires)


def static_modifiers(st: GameState, u: Unit, ability: str) -> list[Modifier]:
    g = st.game
    mods = [m for x in st.lasting if x.unit == u.card for m in x.mods if m.ability == ability]
    mods += [m for m in static_for(st, u)[0] if m.ability == ability]
    if ability in ("attack", "defense") and (n := horde_bonus(st, u)):
        mods.append(Modifier(ability, "+", n))
    if u.disaster:
        return mods
    for e in active_enhancements(st, u):
        mods += [m for m in g.card(e).bonuses if m.ability == ability]
        mods += [m for m in g.card(e).costs if m.ability == ability and ability != "energy"]
    # Rules for Equipment: at most one piece gives a bonus to one ability; the best one.
    best: Modifier | None = None
    base = g.card(u.card).ability(ability) or 0
    for e in u.equipment:
        card = g.card(e)
        for m in card.bonuses:
            if m.ability == ability and equipment_usable(st, u, card):
                if best is None or m.apply(base) > best.apply(base):
                    best = m
    if best is not None:
        mods.append(best)
    for o in st.off_field:
        if o.seat == u.owner and (not o.chars or u.card in o.chars):
            card = g.card(o.card)
            source = card.endure if card.type == "disaster" else card.bonuses
            mods += [m for m in source if m.ability == ability]
    return mods


def horde_bonus(st: GameState, u: Unit) -> int:
    """Horde: every other like card in play is +1 Attack and Defense per Horde; Hordes
    give each other the bonus only through another category they share."""
    g = st.game
    cats = g.card(u.card).categories - {"Horde"}
    if not cats:
        return 0
    return sum(1 for h in st.units.values() if h is not u and "Horde" in g.card(h.card).categories
               and cats & (g.card(h.card).categories - {"Horde"}))


def total(st: GameState, u: Unit, ability: str, combat_mods: Sequence[Modifier] = ()) -> int:
    """A unit's total ability (guideline: "Total" is base plus every modifier)."""
    memo = None if combat_mods else reading_memo()
    if memo is not None and (id(st), u.card, ability) in memo:
        return memo[id(st), u.card, ability]
    base = st.game.card(u.card).ability(ability) or 0
    value = apply_static(base, static_modifiers(st, u, ability))
    for m in combat_mods:
        if m.ability == ability:
            value = m.apply(value)
    if ability == "energy":
        value -= u.spent
    value = clamp(ability, value)
    if memo is not None:
        memo[id(st), u.card, ability] = value
    return value


def health(st: GameState, u: Unit) -> int:
    """Health left: base Health (base Defense) less the Damage taken in this Combat."""
    return st.game.card(u.card).base_health - u.damage


def skill_count(st: GameState, chars: Iterable[Unit], skill: str) -> int:
    """Skills add up over a group; anti-skills subtract (Card Descriptions, Skills); skills
    an effect grants add to the printed ones (guideline 4.9)."""
    n = 0
    for u in chars:
        n += st.game.card(u.card).skill(skill)
        n += sum(c for x in st.lasting if x.unit == u.card for s, c in x.skills if s == skill)
        n += sum(c for s, c in static_for(st, u)[1] if s == skill)
    return n


def has_flag(st: GameState, u: Unit, flag: str) -> bool:
    """Hold or No Action from a lasting effect."""
    return any(x.unit == u.card and flag in x.flags for x in st.lasting)


def has_trait(st: GameState, u: Unit, name: str) -> bool:
    """A skill, a category, or a carried Vehicle's category (e.g. Planetary)."""
    g = st.game
    card = g.card(u.card)
    if skill_count(st, [u], name) > 0 or name in card.categories:
        return True
    return any(f"{name} Vehicle" in g.card(e).categories for e in u.equipment)


def meets(st: GameState, chars: Sequence[Unit], req: Requirements) -> bool:
    """Card Requirements, for a group of Characters."""
    if not chars:
        return False
    g = st.game
    cards = [g.card(u.card) for u in chars]
    for s, n in req.skills:
        if skill_count(st, chars, s) < n:
            return False
    for c in req.categories:
        if not any(c in card.categories for card in cards):
            return False
    if req.females and sum(card.gender == "female" for card in cards) < req.females:
        return False
    if req.males and sum(card.gender == "male" for card in cards) < req.males:
        return False
    for a, n in req.abilities:
        if not any(total(st, u, a) >= n for u in chars):
            return False
    if req.any_element and not any(skill_count(st, chars, e) > 0 for e in ELEMENTS):
        return False
    if req.illusion_piercing and skill_count(st, chars, "Illusion Piercing") <= 0:
        return False
    if req.cards:
        have = {card.id for card in cards}
        for u in chars:
            have.update(g.card(i).id for i in u.items + u.equipment)
        if not all(c in have for c in req.cards):
            return False
    return True
