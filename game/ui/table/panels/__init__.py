"""The panels painted beside and over the Field, one module each: the inspector
(inspect_panel), the combat panel (combat_panel) and the duel panel (duel_panel), what
they share (common) and where the combat panels lie (rects); here, what asks of
whichever combat panel is open."""
from __future__ import annotations

from ..paint import Painter
from .combat_panel import combat, combat_namer, refusal, role_why
from .common import short_namer, panel_acts, short_names, stays_out, unchosen
from .duel_panel import duel, duel_first, duel_havens, duel_planned, duel_sides, duel_why
from .inspect_panel import alike, inspector, own_buttons
from .rects import card_stage, combat_rect, disaster_width, duel_rect
from .seat_panel import Seat


# What the table (frame, input, scene) asks of the panels, as when they were one module.
__all__ = ["alike", "card_stage", "combat", "combat_namer", "combat_rect", "disaster_width", "duel",
           "duel_first", "duel_havens", "duel_planned", "duel_rect", "inspector", "own_buttons",
           "panel_acts", "panel_namer", "refusal", "Seat", "short_names", "stays_out",
           "unchosen", "why_dim"]


def panel_namer(p: Painter, name):
    """The names the Combat panel open now calls its fighters by, for the table's
    messages about it ("Choose for Daigo first": the panel says "Daigo")."""
    c, d = p.b.view.combat, p.b.view.duel
    if c is not None:
        return combat_namer(p, c, name)
    if d is not None:
        return short_namer(p, [u.card for g in duel_sides(p, d).values() for u in g], name)
    return name


def why_dim(p: Painter, key: tuple, plan: dict, name) -> str:
    """What a dim choice of a Combat panel says when pointed at or clicked (its hit,
    ("why", char, role)): role_why with a Disaster, duel_why between players."""
    c, d = p.b.view.combat, p.b.view.duel
    if c is not None:
        return role_why(p, c, key[1], key[2], plan, name)
    return duel_why(p, d, key[1], key[2], plan, name) if d is not None else ""
