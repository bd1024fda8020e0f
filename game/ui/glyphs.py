"""Small original icons drawn with pygame.draw: abilities, card types, marks.

Each icon is drawn at four times its size and smoothed down, which gives
anti-aliased edges without any image file; results are cached by
(name, size, colour, outline).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from .palette import Colour

_SS = 4  # supersampling factor
Point = tuple[float, float]
_Painter = Callable[[pygame.Surface, Colour, float], None]


def _pts(points: Sequence[Point], s: float, angle: float = 0.0) -> list[tuple[float, float]]:
    """Unit-square points scaled to s, turned by `angle` degrees about the centre."""
    c, k = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return [((0.5 + (x - 0.5) * c - (y - 0.5) * k) * s, (0.5 + (x - 0.5) * k + (y - 0.5) * c) * s)
            for x, y in points]


def _circle(surf: pygame.Surface, col: Colour, s: float, x: float, y: float, r: float) -> None:
    pygame.draw.circle(surf, col, (x * s, y * s), r * s)


def _sword(surf, col, s):
    blade = [(0.5, 0.02), (0.59, 0.14), (0.59, 0.62), (0.41, 0.62), (0.41, 0.14)]
    guard = [(0.2, 0.6), (0.8, 0.6), (0.8, 0.7), (0.2, 0.7)]
    grip = [(0.44, 0.7), (0.56, 0.7), (0.56, 0.88), (0.44, 0.88)]
    for part in (blade, guard, grip):
        pygame.draw.polygon(surf, col, _pts(part, s, 45))
    x, y = _pts([(0.5, 0.93)], s, 45)[0]
    pygame.draw.circle(surf, col, (x, y), 0.075 * s)


def _shield(surf, col, s):
    pygame.draw.polygon(surf, col, _pts(
        [(0.5, 0.04), (0.9, 0.16), (0.86, 0.54), (0.5, 0.97), (0.14, 0.54), (0.1, 0.16)], s))


def _boot(surf, col, s):
    # A winged arrow: forward and fast.
    pygame.draw.polygon(surf, col, _pts(
        [(0.3, 0.38), (0.56, 0.38), (0.56, 0.16), (0.96, 0.5), (0.56, 0.84), (0.56, 0.62),
         (0.3, 0.62)], s))
    for y, x0 in ((0.3, 0.04), (0.5, 0.0), (0.7, 0.04)):
        pygame.draw.line(surf, col, (x0 * s, y * s), (0.24 * s, y * s), max(1, round(0.1 * s)))


def _heart(surf, col, s):
    _circle(surf, col, s, 0.3, 0.34, 0.22)
    _circle(surf, col, s, 0.7, 0.34, 0.22)
    pygame.draw.polygon(surf, col, _pts([(0.1, 0.42), (0.5, 0.94), (0.9, 0.42), (0.5, 0.3)], s))


def _bolt(surf, col, s):
    pygame.draw.polygon(surf, col, _pts(
        [(0.6, 0.02), (0.16, 0.58), (0.46, 0.58), (0.34, 0.98), (0.84, 0.4), (0.54, 0.4),
         (0.72, 0.02)], s))


def _star(surf, col, s, points: int = 5, inner: float = 0.42):
    pts = []
    for i in range(points * 2):
        r = 0.48 if i % 2 == 0 else 0.48 * inner
        a = math.pi * i / points - math.pi / 2
        pts.append((0.5 + r * math.cos(a), 0.52 + r * math.sin(a)))
    pygame.draw.polygon(surf, col, _pts(pts, s))


def _burst(surf, col, s):
    _star(surf, col, s, 8, 0.55)


def _up(surf, col, s):
    # Enhancement: a chevron rising from a bar.
    pygame.draw.polygon(surf, col, _pts(
        [(0.5, 0.04), (0.94, 0.5), (0.68, 0.5), (0.68, 0.96), (0.32, 0.96), (0.32, 0.5),
         (0.06, 0.5)], s))


def _gear(surf, col, s):
    teeth = []
    for i in range(16):
        r = 0.48 if i % 2 == 0 else 0.36
        for da in (-0.12, 0.12):
            a = math.pi * i / 8 + da
            teeth.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    pygame.draw.polygon(surf, col, _pts(teeth, s))
    pygame.draw.circle(surf, (0, 0, 0, 0), (0.5 * s, 0.5 * s), 0.14 * s)


def _globe(surf, col, s):
    w = max(1, round(0.08 * s))
    pygame.draw.circle(surf, col, (0.5 * s, 0.5 * s), 0.46 * s, w)
    pygame.draw.ellipse(surf, col, pygame.Rect(0.3 * s, 0.04 * s, 0.4 * s, 0.92 * s), w)
    pygame.draw.line(surf, col, (0.04 * s, 0.5 * s), (0.96 * s, 0.5 * s), w)
    pygame.draw.line(surf, col, (0.5 * s, 0.04 * s), (0.5 * s, 0.96 * s), w)


def _house(surf, col, s):
    pygame.draw.polygon(surf, col, _pts(
        [(0.5, 0.06), (0.96, 0.46), (0.84, 0.46), (0.84, 0.94), (0.16, 0.94), (0.16, 0.46),
         (0.04, 0.46)], s))
    pygame.draw.rect(surf, (0, 0, 0, 0), pygame.Rect(0.41 * s, 0.62 * s, 0.18 * s, 0.32 * s))


def _mountain(surf, col, s):
    pygame.draw.polygon(surf, col, _pts(
        [(0.02, 0.92), (0.36, 0.3), (0.5, 0.52), (0.68, 0.14), (0.98, 0.92)], s))


def _gem(surf, col, s):
    pygame.draw.polygon(surf, col, _pts(
        [(0.2, 0.12), (0.8, 0.12), (0.98, 0.38), (0.5, 0.96), (0.02, 0.38)], s))
    pygame.draw.line(surf, (0, 0, 0, 0), (0.02 * s, 0.38 * s), (0.98 * s, 0.38 * s),
                     max(1, round(0.06 * s)))


def _person(surf, col, s):
    _circle(surf, col, s, 0.5, 0.26, 0.2)
    pygame.draw.ellipse(surf, col, pygame.Rect(0.12 * s, 0.5 * s, 0.76 * s, 0.8 * s))


def _skull(surf, col, s):
    # Disaster: a horned menace face.
    pygame.draw.ellipse(surf, col, pygame.Rect(0.14 * s, 0.2 * s, 0.72 * s, 0.66 * s))
    pygame.draw.polygon(surf, col, _pts([(0.16, 0.42), (0.02, 0.02), (0.38, 0.26)], s))
    pygame.draw.polygon(surf, col, _pts([(0.84, 0.42), (0.98, 0.02), (0.62, 0.26)], s))
    clear = (0, 0, 0, 0)
    pygame.draw.polygon(surf, clear, _pts([(0.26, 0.46), (0.46, 0.54), (0.3, 0.62)], s))
    pygame.draw.polygon(surf, clear, _pts([(0.74, 0.46), (0.54, 0.54), (0.7, 0.62)], s))
    pygame.draw.rect(surf, clear, pygame.Rect(0.36 * s, 0.72 * s, 0.28 * s, 0.05 * s))


def _fist(surf, col, s):
    # Physical Combat: crossed swords.
    for angle in (40, -40):
        for part in ([(0.46, 0.0), (0.54, 0.0), (0.54, 0.68), (0.46, 0.68)],
                     [(0.3, 0.66), (0.7, 0.66), (0.7, 0.74), (0.3, 0.74)],
                     [(0.45, 0.74), (0.55, 0.74), (0.55, 0.98), (0.45, 0.98)]):
            pygame.draw.polygon(surf, col, _pts(part, s, angle))


def _hourglass(surf, col, s):
    pygame.draw.polygon(surf, col, _pts(
        [(0.16, 0.04), (0.84, 0.04), (0.56, 0.5), (0.84, 0.96), (0.16, 0.96), (0.44, 0.5)], s))


def _gender(surf, col, s, male: bool):
    w = max(1, round(0.12 * s))
    cx, cy = (0.42, 0.58) if male else (0.5, 0.38)
    pygame.draw.circle(surf, col, (cx * s, cy * s), 0.28 * s, w)
    if male:
        pygame.draw.line(surf, col, (0.62 * s, 0.38 * s), (0.94 * s, 0.06 * s), w)
        pygame.draw.polygon(surf, col, _pts([(0.6, 0.04), (0.98, 0.02), (0.96, 0.4)], s))
    else:
        pygame.draw.line(surf, col, (0.5 * s, 0.66 * s), (0.5 * s, 0.98 * s), w)
        pygame.draw.line(surf, col, (0.3 * s, 0.84 * s), (0.7 * s, 0.84 * s), w)


def _crown(surf, col, s):
    # Major Disaster: a crown of spikes.
    pygame.draw.polygon(surf, col, _pts(
        [(0.04, 0.86), (0.04, 0.22), (0.28, 0.52), (0.5, 0.08), (0.72, 0.52), (0.96, 0.22),
         (0.96, 0.86)], s))


def _dot(surf, col, s):
    # Minor Disaster: a single small spike.
    pygame.draw.polygon(surf, col, _pts([(0.5, 0.1), (0.86, 0.86), (0.14, 0.86)], s))


PAINTERS: dict[str, _Painter] = {
    "attack": _sword, "defense": _shield, "movement": _boot, "charm": _heart, "energy": _bolt,
    "character": _person, "enhancement": _up, "equipment": _gear, "flash_effect": _bolt,
    "global_effect": _globe, "haven": _house, "location": _mountain, "item": _gem,
    "disaster": _skull, "combat": _fist, "physical": _fist, "charm_combat": _heart,
    "major": _crown, "minor": _dot, "star": _star, "burst": _burst,
    "non_combat": _hourglass,
    "male": lambda surf, col, s: _gender(surf, col, s, True),
    "female": lambda surf, col, s: _gender(surf, col, s, False),
}


@lru_cache(maxsize=1024)
def icon(name: str, size: int, colour: Colour, outline: Colour | None = None) -> pygame.Surface:
    """The named icon, `size` pixels square, optionally with a 1-px dark outline."""
    size = max(4, size)
    big = pygame.Surface((size * _SS, size * _SS), pygame.SRCALPHA)
    PAINTERS[name](big, colour, size * _SS)
    small = pygame.transform.smoothscale(big, (size, size))
    if outline is None:
        return small
    out = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    ring = pygame.mask.from_surface(small, 96).to_surface(
        setcolor=(*outline, 255), unsetcolor=(0, 0, 0, 0))
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(ring, (dx, dy))
    out.blit(small, (1, 1))
    return out
