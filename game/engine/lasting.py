"""The lasting effects on a unit (state.Lasting: the modifiers, skills and flags an
effect made that last a while), filed once a reading, and what their flags keep a unit
from: Hold, No Action and a charmer's orders (List of Actions), a transformation this
Turn."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from .state import GameState, Unit


def lasting_on(st: GameState, u: Unit) -> Sequence[Any]:
    """The lasting effects on a unit, in the order they were made. An open reading's
    index is read here without a call to lasting_index: every total asks."""
    r = st.scratch
    index = r.memo.get("lasting") if r is not None and r.memo is not None else None
    if index is None:
        index = lasting_index(st)
        if index is None:
            return [x for x in st.lasting if x.unit == u.card]
    return index[0].get(u.card, ())


def _flags_on(st: GameState, u: Unit) -> Collection[str]:
    """The flags lasting effects put on a unit (Hold, No Action...), the index read as
    lasting_on reads it: a Move listing asks this of every Character several times."""
    r = st.scratch
    index = r.memo.get("lasting") if r is not None and r.memo is not None else None
    if index is None:
        index = lasting_index(st)
        if index is None:  # a loop, as chars_at: applying asks this of a unit or two
            flags: set[str] = set()
            for x in st.lasting:
                if x.unit == u.card:
                    flags.update(x.flags)
            return flags
    return index[1].get(u.card, ())


def lasting_index(st: GameState) -> tuple[dict, dict, set] | None:
    """While a reading is open (the state stands still), the lasting effects filed
    once by unit, their flags, and the units they give or take skills: None outside
    a reading."""
    r = st.scratch
    memo = r.memo if r is not None else None
    if memo is None:
        return None
    index = memo.get("lasting")
    if index is None:  # one pass, and no flag set for a unit without flags
        by_unit: dict = {}
        flags: dict = {}
        skills = set()
        for x in st.lasting:
            unit = x.unit
            on = by_unit.get(unit)
            if on is None:
                by_unit[unit] = [x]
            else:
                on.append(x)
            if x.flags:
                flags[unit] = flags[unit].union(x.flags) if unit in flags else frozenset(x.flags)
            if x.skills:
                skills.add(unit)
        index = memo["lasting"] = by_unit, flags, skills
    return index


def has_flag(st: GameState, u: Unit, flag: str) -> bool:
    """Hold or No Action from a lasting effect."""
    return bool(st.lasting) and flag in _flags_on(st, u)


def has_any_flag(st: GameState, u: Unit, flags: frozenset[str]) -> bool:
    """has_flag of one of these flags, the unit's flags read once."""
    return bool(st.lasting) and not flags.isdisjoint(_flags_on(st, u))


# "Perform special abilities", "Use an Equipped card" and "Use cards" are three actions
# of the List of Actions: No Action prevents all three ("All of the above actions are
# prevented when a Character or Disaster 'has no actions'"), a charmer's order one.
NO_ABILITY = frozenset(("no_action", "no_ability"))
NO_EQUIPMENT = frozenset(("no_action", "no_equipment"))
NO_CARDS = frozenset(("no_action", "no_cards"))


def preventing(st: GameState, card: int, holder: Unit) -> frozenset[str]:
    """The flags that keep a holder from using this card of its: its own card's text is
    a special ability it performs, an Equipment's an Equipped card used, an Item's or an
    Enhancement's a card used."""
    if card == holder.card:
        return NO_ABILITY
    return NO_EQUIPMENT if st.game.card(card).type == "equipment" else NO_CARDS


# A lasting flag to the end of the Turn: the Character changed form (transforming.py).
TRANSFORMED = "transformed"
_STUCK = frozenset(("hold", "no_action", TRANSFORMED))


def stays_put(st: GameState, u: Unit) -> bool:
    """Its player cannot move it now: Hold ("Prevent an opponent from leaving their
    current Location"), No Action (it cannot move), or a transformation this Turn ("A
    Character that is transforming cannot be moved that Turn except by a Disaster")."""
    return bool(st.lasting) and not _STUCK.isdisjoint(_flags_on(st, u))  # has_any_flag, inline
