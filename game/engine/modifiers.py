"""Modifiers and their order. Static modifiers (Enhancements, Equipment, Global Effects,
endured Disasters, Flash Effects) apply in the order replace, then + and -, then x and /:
"doubles its Attack" doubles the Total Attack (guideline 1.3); Combat cards then apply
one after another in the order they were drawn. Totals of Attack, Defense and Charm
never go below 0 (R10, guideline 1.5)."""
from __future__ import annotations

from collections.abc import Sequence

from .cards import Modifier

NON_NEGATIVE = ("attack", "defense", "charm")
_OP_ORDER = {"=": 0, "+": 1, "-": 1, "x": 2, "/": 2}


def apply_static(base: int, mods: Sequence[Modifier]) -> int:
    if len(mods) > 1:
        mods = sorted(mods, key=op_order)
    for m in mods:
        base = m.apply(base)
    return base


def op_order(m: Modifier) -> int:
    return _OP_ORDER[m.op]


def clamp(ability: str, value: int) -> int:
    return max(0, value) if ability in NON_NEGATIVE else value
