"""Card art drawn by code, seeded by the card id so each card always looks the same.

A scene is painted on a 4:3 canvas at twice the asked size (for smooth edges)
and cropped to cover the asked size, so a square token shows the same picture
as the face's art window.
"""
from __future__ import annotations

import random
import zlib

import pygame

from game.engine.cards import CardDef

from .palette import TYPE_COLOURS, Colour, darker, lighter, mix

_SS = 2  # supersampling factor
_ASPECT = 4 / 3


def seed_of(card_id: str) -> int:
    """A stable seed: Python's hash() of a str changes from run to run."""
    return zlib.crc32(card_id.encode("utf-8"))


def _vgradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, size)


def paint(card: CardDef, size: tuple[int, int]) -> pygame.Surface:
    """The card's art, exactly `size`, the same pixels for the same id every time."""
    w, h = max(1, size[0]), max(1, size[1])
    cw = max(w, round(h * _ASPECT))
    ch = max(h, round(cw / _ASPECT))
    rng = random.Random(seed_of(card.id))
    canvas = pygame.Surface((cw * _SS, ch * _SS))
    _SCENES.get(card.type, _abstract)(canvas, rng, card)
    canvas = pygame.transform.smoothscale(canvas, (cw, ch))
    return canvas.subsurface(pygame.Rect((cw - w) // 2, (ch - h) // 2, w, h)).copy()


def _abstract(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    _abstract_colour(surf, rng, TYPE_COLOURS[card.type])


def _abstract_colour(surf: pygame.Surface, rng: random.Random, base: Colour) -> None:
    w, h = surf.get_size()
    surf.blit(_vgradient((w, h), lighter(base, 0.5), darker(base, 0.3)), (0, 0))
    for _ in range(8):
        col = mix(base, (rng.randrange(256), rng.randrange(256), rng.randrange(256)), 0.5)
        pygame.draw.circle(surf, col, (rng.random() * w, rng.random() * h),
                           rng.uniform(0.05, 0.25) * h)


_SCENES = {}


def paint_half(card: CardDef, half: str, size: tuple[int, int]) -> pygame.Surface:
    """A Combat card's strip of art for one half ("physical" or "charm_combat")."""
    w, h = max(1, size[0]), max(1, size[1])
    rng = random.Random(seed_of(f"{card.id}/{half}"))
    canvas = pygame.Surface((w * _SS, h * _SS))
    base = TYPE_COLOURS["combat"] if half == "physical" else (220, 90, 150)
    _abstract_colour(canvas, rng, base)
    return pygame.transform.smoothscale(canvas, (w, h))
