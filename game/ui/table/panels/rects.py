"""Where the combat and duel panels lie over the Field, and the card each shows."""
from __future__ import annotations

import pygame

from game.ui.cardface import CARD_RATIO, card_height

from ..paint import Painter


DUEL_LINE = 22  # the duel panel's forecast line, in 1280x720 pixels


def combat_rect(p: Painter) -> pygame.Rect:
    f = p.lay.field
    h = int(f.h * 0.46)
    return pygame.Rect(f.x + p.px(10), f.bottom - h - p.px(4), f.w - p.px(20), h)


def duel_rect(p: Painter) -> pygame.Rect:
    """The duel panel: the combat panel's place, a line taller for the forecast of the
    viewer's attacks (forecast.duel_line) under both columns, which keep their room
    (six a side fill them at 1280x720)."""
    r, line = combat_rect(p), p.px(DUEL_LINE)
    return pygame.Rect(r.x, r.y - line, r.w, r.h + line)


def card_stage(p, width: int, duel: bool = False) -> pygame.Rect:
    """Where a Combat card is turned over: in the panel, where it hides nothing a player
    needs. Not on the Disaster's face (its title and picture were covered, the Disaster
    fought not known), nor over the Field's tokens (a Combat between players): beside
    the Disaster, under the panel's first lines of words and over the forecast, where
    the cards drawn lie; in the duel panel, at the foot of the hits' column (the cards
    are turned before any hit is told). `width` wide at most, smaller where the room is."""
    pad = p.px(10)
    if duel:
        r = duel_rect(p)
        top, bottom = r.y + pad + p.px(28) + 2 * p.px(18), r.bottom - pad - p.px(DUEL_LINE)
    else:
        r = combat_rect(p)
        top = r.y + pad + p.px(26) + 3 * p.px(18) + p.px(6)  # who attacks whom, the last hit
        bottom = r.bottom - pad - p.px(30) - 2 * p.px(19)  # the viewer's forecast and foot
        r = pygame.Rect(r.x, r.y, r.w - pad - int(r.w * 0.5), r.h)  # left of the group's
    h = max(p.px(24), min(card_height(width), bottom - top))
    w = round(h / CARD_RATIO)
    return pygame.Rect(r.right - pad - w, bottom - h, w, h)


def disaster_width(p) -> int:
    """The width of the Disaster's face in the combat panel (a line under it: its stats)."""
    r = combat_rect(p)
    pad = p.px(10)
    return round((r.bottom - (r.y + pad + p.px(26)) - pad - p.px(18)) / CARD_RATIO)

