"""An independent account of what each seat may know (R16; Rules for Items, Havens,
Transforming Characters), worked out from the rulebook over the full state, not from
view.py: the hidden-information tests (test_hidden_s73.py) hold every view, event
share and log line to it.

A seat may know the identity of: its own hand and its kept-out forms; every card face
up in play (Locations and Havens, Characters and Disasters on the Field with their
Equipment and Enhancements, Equipment under a Location or stored, Off Field cards,
Havens being built, Flash Effects on the stack); every seat's Combat discards, face-up
Discard pile (not its face-down Items), Bonked Characters set aside and Havens still
to place, the Location turned over to be placed; the Items its own Characters carry,
and a Haven's store where it is the owner or has Characters. Nothing else: other
hands, Draw and Combat piles, the face-down stacks, other players' Items.
"""
from __future__ import annotations

import dataclasses
import functools


def may_know(st, seat: int) -> set[int]:
    """The instances `seat` may name now."""
    g = st.game
    items = {i for i, c in enumerate(g.instances) if c.type == "item"}
    out: set[int] = set()
    top = st.pending[-1] if st.pending else None
    for i, s in enumerate(st.seats):
        out.update(s.combat_discard)
        out.update(c for c in s.discard if c not in items)
        out.update(c for c, _ in s.set_aside)
        out.update(s.haven_to_place)
        if top is not None and top.kind == "placement" and top.seat == i and s.to_place:
            out.add(s.to_place[-1])
        if i == seat:
            out.update(s.hand)
            out.update(s.forms)
    guest = {u.pos for u in st.units.values() if u.owner == seat and not u.disaster}
    for cell, p in st.places.items():
        out.add(p.card)
        if p.kind == "haven" and (p.owner == seat or cell in guest):
            out.update(p.under)
        out.update(c for c in (*p.under, *p.buried) if g.instances[c].type == "equipment")
    for u in st.units.values():
        out.add(u.card)
        out.update(u.equipment)
        out.update(u.enhancements)
        out.update(u.using)  # put to use in the open this Turn
        if u.owner == seat and not u.disaster:
            out.update(u.items)
    out.update(o.card for o in st.off_field)
    out.update(b.card for b in st.building)
    for d in st.pending:
        if d.kind == "flash":
            out.update(e.card for e in d.entries)
    out.update(c for c in st.destroyed if c not in items)
    return out


def hidden_from(st, seat: int) -> set[int]:
    """The instances whose identity lies where `seat` cannot see now."""
    return set(range(len(st.game.instances))) - may_know(st, seat)


# What a view names --------------------------------------------------------------------
def _flat(value) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _flat(v)]
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in (*_flat(k), *_flat(v))]
    return []


# The fields of the pending decisions that hold card instances, by kind.
_DECISION_CARDS = {
    "flash": ("entries",), "disaster_moves": ("movers",), "getaway": ("thief",),
    "guest_take": ("char", "card"),
    "combat": ("disaster", "queue", "target", "to_declare", "attackers", "protectors",
               "charmed", "resisted", "breakers", "tried", "fighters", "landing"),
    "duel": ("fighters", "pending", "charm_attacked", "charm_defended", "tried",
             "charmed"),
}


def view_cards(v) -> dict[str, set[int]]:
    """Every card instance a SeatView names, by where in the view (its records too)."""
    out: dict[str, set[int]] = {}

    def add(where, values):
        out.setdefault(where, set()).update(c for c in _flat(values) if c >= 0)

    for s in v.seats:
        add("hand", s.hand or ())
        add("discards", (s.combat_discard, s.discard, [c for c, _ in s.set_aside],
                         s.haven_to_place))
        add("forms", s.forms or ())
        if s.next_location is not None:
            add("next_location", s.next_location)
    for p in v.places:
        add("places", (p.card, p.under_equipment, p.stored or (), p.buried_equipment,
                       -1 if p.top is None else p.top))
    for u in v.units:
        add("units", (u.card, u.items or (), u.equipment, u.enhancements, u.using,
                      u.leader))
    add("off_field", [(o.card, o.chars) for o in v.off_field])
    add("lasting", [(x.source, x.unit) for x in v.lasting])
    add("building", [(b.card, b.chars) for b in v.building])
    add("destroyed", v.destroyed)
    add("wear", [k for k, _ in v.wear])
    add("uses", [k[0] for k, _ in v.uses] + [k[0] for k, _ in v.used_in])
    add("known", [i for i, _ in v.known])
    add("move_start", [c for c, _ in v.move_start])
    add("barred", [(c, why) for c, _, _, why in v.barred])
    for d in v.pending:
        for name in _DECISION_CARDS.get(d.kind, ()):
            value = getattr(d, name)
            if d.kind == "flash":
                value = [(e.card, -1 if e.target is None else e.target) for e in value]
            elif name == "charmed":  # Character -> margin; a Duel's -> (charmer, margin)
                value = [(k, m[0]) if d.kind == "duel" else k for k, m in value.items()]
            add(f"pending.{d.kind}.{name}", value)
        if d.kind == "duel":
            add("pending.duel.declared", [c for c, _, _ in d.declared])
            add("pending.duel.to_order", [c for c, _ in d.to_order])
    return out


# What an event names ------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _card_fields(kind: type) -> tuple[tuple[str, bool], ...]:
    """(field, holds records) for each field of an event naming cards."""
    out = []
    for f in dataclasses.fields(kind):
        t = str(f.type)
        if "Card" in t:
            out.append((f.name, False))
        elif "Guard" in t:
            out.append((f.name, True))
    return tuple(out)


def event_cards(e) -> set[int]:
    out: set[int] = set()
    for name, nested in _card_fields(type(e)):
        value = getattr(e, name)
        if nested:
            for g in value if isinstance(value, (list, tuple)) else (value,):
                if g is not None:
                    out |= event_cards(g)
        else:
            out.update(c for c in _flat(value) if c >= 0)
    return out
