"""Where the combat and duel panels lie over the Field, and the card each shows."""
from __future__ import annotations

import pygame

from game.ui.cardface import CARD_RATIO, card_height

from .. import ink
from ..paint import Painter


DUEL_LINE = 22  # the duel panel's forecast line, in 1280x720 pixels
# The combat panel, in 1280x720 pixels: its title's line, its foot (Run Away, Fight!)
# and each of the viewer's forecast lines over it.
TITLE, FOOT, FORE_LINE = 26, 30, 19
ROWS = 4  # a group moves four at most: the panel holds four rows of choices readably
SHARE = 0.46  # of the Field's height, the panel's at the least


def row_heights(p) -> tuple[int, int]:
    """A Character's row in the combat panel: its name's line and its buttons' height,
    as the type is tall (it does not shrink with the window as the rest does: at
    960x540 the buttons were 10 px high round 14 px letters, names ran into them)."""
    return ink.font(p.px(13)).get_linesize(), ink.font(p.px(13), True).get_linesize()


def combat_rect(p: Painter) -> pygame.Rect:
    """Over the Field's lower part: SHARE of it, or what ROWS rows need, if more."""
    f = p.lay.field
    name, button = row_heights(p)
    need = 2 * p.px(10) + p.px(TITLE) + ROWS * (name + button + p.px(3)) + p.px(FOOT) \
        + 2 * p.px(FORE_LINE)
    h = max(int(f.h * SHARE), need)
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
        top = r.y + pad + p.px(TITLE) + 3 * p.px(18) + p.px(6)  # who attacks whom, the last hit
        bottom = r.bottom - pad - p.px(FOOT) - 2 * p.px(FORE_LINE)  # the forecast and foot
        r = pygame.Rect(r.x, r.y, r.w - pad - int(r.w * 0.5), r.h)  # left of the group's
    h = max(p.px(24), min(card_height(width), bottom - top))
    w = round(h / CARD_RATIO)
    return pygame.Rect(r.right - pad - w, bottom - h, w, h)


def disaster_width(p) -> int:
    """The width of the Disaster's face in the combat panel (a line under it: its stats)."""
    # As high as SHARE leaves, not the rows' height (combat_rect's, never lower): wider,
    # it took the room of the words beside it ("Charm Combat won: command the
    # Disaster..." went onto two lines).
    h = int(p.lay.field.h * SHARE)
    return round((h - 2 * p.px(10) - p.px(TITLE) - p.px(18)) / CARD_RATIO)

