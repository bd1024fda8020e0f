"""The minimap: the whole Field, under the seat panels.

Every cell as a block (a Location in its type's colour, a Haven in its owner's,
an empty cell to place on outlined), each cell's tokens as dots in their
owners' colours, the decision's targets lit, and a frame round what the view
shows. A click or a drag on it moves the view there (input.py).
"""
from __future__ import annotations

import pygame

from game.ui.faces import TYPE_COLOURS

from . import ink
from .camera import ASPECT, Camera

PAD = 6  # px round the blocks (scaled)


def _scale(camera: Camera, area: pygame.Rect, px) -> tuple[float, int, int]:
    """A block's height in px, and the Field's columns and rows."""
    x0, y0, x1, y1 = camera.bounds
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    room_w, room_h = area.w - 2 * px(PAD), area.h - 2 * px(PAD) - px(20)  # 20: the caption
    return max(3.0, min(px(14), room_w / (cols * ASPECT), room_h / rows)), cols, rows


def rect(camera: Camera, area: pygame.Rect, px) -> pygame.Rect:
    """The map's box: the Field's shape, as large as fits in `area` above its caption."""
    k, cols, rows = _scale(camera, area, px)
    r = pygame.Rect(0, 0, round(cols * k * ASPECT) + 2 * px(PAD), round(rows * k) + 2 * px(PAD))
    r.midtop = (area.centerx, area.y + px(2))
    return r


def _to_map(camera: Camera, r: pygame.Rect, k: float, spot: tuple[float, float], px):
    """A point of the Field (in cells) on the map."""
    x0, y0 = camera.bounds[:2]
    return (r.x + px(PAD) + (spot[0] - x0 + 0.5) * k * ASPECT,
            r.y + px(PAD) + (spot[1] - y0 + 0.5) * k)


def point(camera: Camera, area: pygame.Rect, cell, px) -> tuple[int, int]:
    """Where a cell is on the map."""
    r = rect(camera, area, px)
    x, y = _to_map(camera, r, _scale(camera, area, px)[0], cell, px)
    return round(x), round(y)


def spot(camera: Camera, area: pygame.Rect, pos, px) -> tuple[float, float]:
    """The Field's point (in cells) under a point of the map."""
    r = rect(camera, area, px)
    k = _scale(camera, area, px)[0]
    x0, y0 = camera.bounds[:2]
    return ((pos[0] - r.x - px(PAD)) / (k * ASPECT) + x0 - 0.5,
            (pos[1] - r.y - px(PAD)) / k + y0 - 0.5)


def draw(surf: pygame.Surface, area: pygame.Rect, camera: Camera, board, lit: set, px,
         db) -> None:
    """The map's box, its blocks and dots, and the controls' caption below (drawn
    when the Field changes; `frame` adds what the view shows)."""
    r = rect(camera, area, px)
    k, _, _ = _scale(camera, area, px)
    kw = round(k * ASPECT)
    pygame.draw.rect(surf, (10, 8, 20), r, border_radius=px(4))
    pygame.draw.rect(surf, ink.PANEL_EDGE, r, 1, border_radius=px(4))
    x0, y0, x1, y1 = camera.bounds
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            cx, cy = _to_map(camera, r, k, (x, y), px)
            block = pygame.Rect(0, 0, kw - 1, round(k) - 1)
            block.center = (round(cx), round(cy))
            p = board.places.get((x, y))
            if p is not None:
                colour = ink.owner_colour(p.owner) if p.kind == "haven" else \
                    TYPE_COLOURS[db[board.card_id(p.card)].type]
                pygame.draw.rect(surf, colour, block)
            if (x, y) in lit:
                pygame.draw.rect(surf, (140, 255, 160), block.inflate(2, 2), 1)
            units = board.units_at.get((x, y), [])[:4]  # a dot per token, four at most
            for (at, size), u in zip(_dots(block, len(units), k), units):
                pygame.draw.circle(surf, (0, 0, 0), at, size + 1)  # outlined
                pygame.draw.circle(surf, ink.DISASTER_COLOUR if u.disaster
                                   else ink.owner_colour(u.owner), at, size)
    words = "Wheel: zoom · drag: scroll · F: fit"
    t = ink.fit(words, px(11), area.w - px(8), ink.DIM)
    surf.blit(t, t.get_rect(midbottom=(area.centerx, area.bottom - px(3))))


def _dots(block: pygame.Rect, n: int, k: float) -> list[tuple[tuple[int, int], int]]:
    """n dots (centre, radius) along a block's foot, each in its share of the block's
    width, so none runs past the block (and out of the map's frame)."""
    share = block.w / max(1, n)
    size = max(1, min(round(k / 5), int(share / 2) - 1))
    y = block.bottom - size - 2
    return [((round(block.x + share * (i + 0.5)), y), size) for i in range(n)]


def frame(surf: pygame.Surface, area: pygame.Rect, camera: Camera, px) -> None:
    """A frame round what the view shows now."""
    r = rect(camera, area, px)
    k = _scale(camera, area, px)[0]
    seen = camera.seen()
    a = _to_map(camera, r, k, camera.world(seen.topleft), px)
    b = _to_map(camera, r, k, camera.world(seen.bottomright), px)
    box = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))
    pygame.draw.rect(surf, ink.TEXT, box.clip(r), 1)
