"""Shared brushes for the card art: gradients, glows, ridges, sparkles, seeded colours.

Every brush takes the canvas and fractions of its size, so one scene drawn at
any resolution keeps its composition.
"""
from __future__ import annotations

import colorsys
import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame

from .palette import Colour, darker, mix

Pt = tuple[float, float]


def hsv(h: float, s: float, v: float) -> Colour:
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, max(0.0, min(1.0, s)), max(0.0, min(1.0, v)))
    return round(r * 255), round(g * 255), round(b * 255)


def vgradient(surf: pygame.Surface, stops: Sequence[Colour], rect: pygame.Rect | None = None) -> None:
    """Top-to-bottom blend through the colours, smoothly scaled from a strip."""
    rect = rect or surf.get_rect()
    strip = pygame.Surface((1, len(stops)))
    for i, c in enumerate(stops):
        strip.set_at((0, i), c)
    # Scaling a 1-px column interpolates between the stops' centres.
    tall = pygame.transform.smoothscale(strip, (1, max(2, rect.h)))
    surf.blit(pygame.transform.scale(tall, rect.size), rect)


@lru_cache(maxsize=1)
def _falloff() -> pygame.Surface:
    """A 64-px white radial light, scaled and tinted when used: rings from the rim
    in (a circle a ring, not a pixel at a time: it is made while a frame waits)."""
    n = 64
    spot = pygame.Surface((n, n))
    for k in range(n // 2, 0, -1):
        v = round(255 * (1 - min(1.0, (k - 0.5) / (n / 2))) ** 2)
        pygame.draw.circle(spot, (v, v, v), (n / 2, n / 2), k)
    return spot


def glow(surf: pygame.Surface, centre: Pt, radius: float, colour: Colour,
         strength: float = 1.0) -> None:
    """A soft additive light (sun, eyes, auras)."""
    r = max(2, int(radius))
    spot = pygame.transform.smoothscale(_falloff(), (2 * r, 2 * r))
    spot.fill(tuple(min(255, round(c * strength)) for c in colour), special_flags=pygame.BLEND_RGB_MULT)
    surf.blit(spot, (centre[0] - r, centre[1] - r), special_flags=pygame.BLEND_RGB_ADD)


def ridge(surf: pygame.Surface, rng: random.Random, base: float, amp: float,
          colour: Colour, bumps: int = 6, jag: float = 0.3) -> list[Pt]:
    """A hill or mountain line filled to the bottom: a seeded sum of sines."""
    w, h = surf.get_size()
    waves = [(rng.uniform(0.5, 1.0) * bumps * k, rng.uniform(0, 6.3), 1 / k)
             for k in (1, 2, 4)]
    pts: list[Pt] = []
    n = 48
    for i in range(n + 1):
        x = i / n
        y = sum(a * math.sin(f * x * math.pi + p) for f, p, a in waves) / 1.75
        y += rng.uniform(-jag, jag) * 0.3
        pts.append((x * w, (base - amp * y) * h))
    pygame.draw.polygon(surf, colour, pts + [(w, h), (0, h)])
    return pts


def sparkle(surf: pygame.Surface, centre: Pt, size: float, colour: Colour) -> None:
    """A four-pointed twinkle."""
    x, y = centre
    t = size * 0.22
    pygame.draw.polygon(surf, colour, [(x, y - size), (x + t, y - t), (x + size, y),
                                       (x + t, y + t), (x, y + size), (x - t, y + t),
                                       (x - size, y), (x - t, y - t)])


def rays(surf: pygame.Surface, centre: Pt, count: int, colour: Colour, phase: float = 0.0,
         width: float = 0.5) -> None:
    """Alternating wedges from a point (the anime sunburst behind a hero)."""
    reach = math.hypot(*surf.get_size()) * 1.2
    cx, cy = centre
    for i in range(count):
        a0 = phase + 2 * math.pi * i / count
        a1 = a0 + 2 * math.pi * width / count
        pygame.draw.polygon(surf, colour, [(cx, cy), (cx + reach * math.cos(a0),
                                                      cy + reach * math.sin(a0)),
                                           (cx + reach * math.cos(a1), cy + reach * math.sin(a1))])


def speed_lines(surf: pygame.Surface, rng: random.Random, centre: Pt, colour: Colour,
                count: int = 40, inner: float = 0.35) -> None:
    """Thin wedges converging on a point, starting away from it (impact frames)."""
    w, h = surf.get_size()
    reach = math.hypot(w, h)
    cx, cy = centre
    for _ in range(count):
        a = rng.uniform(0, 2 * math.pi)
        da = rng.uniform(0.004, 0.018)
        r0 = reach * rng.uniform(inner, inner + 0.2)
        pygame.draw.polygon(surf, colour, [
            (cx + r0 * math.cos(a), cy + r0 * math.sin(a)),
            (cx + reach * math.cos(a - da), cy + reach * math.sin(a - da)),
            (cx + reach * math.cos(a + da), cy + reach * math.sin(a + da))])


def stars(surf: pygame.Surface, rng: random.Random, count: int, colour: Colour,
          top: float = 0.0, bottom: float = 0.6) -> None:
    w, h = surf.get_size()
    for _ in range(count):
        x, y = rng.random() * w, rng.uniform(top, bottom) * h
        r = rng.choice((1, 1, 1, 2, 2, 3)) * w / 400
        pygame.draw.circle(surf, mix(colour, (255, 255, 255), rng.random()), (x, y), r)


def translucent(surf: pygame.Surface) -> pygame.Surface:
    """A clear layer the size of the canvas, for shapes drawn with alpha."""
    return pygame.Surface(surf.get_size(), pygame.SRCALPHA)


class Pen:
    """Draws around a centre in units of `u`: p(0.5, -0.2) is half a unit right
    of the centre and a fifth of one up. Keeps object drawings short and their
    proportions the same at every size."""

    def __init__(self, surf: pygame.Surface, centre: Pt, u: float):
        self.surf, (self.x, self.y), self.u = surf, centre, u

    def p(self, dx: float, dy: float) -> Pt:
        return self.x + dx * self.u, self.y + dy * self.u

    def px(self, width: float) -> int:
        return max(1, round(width * self.u))

    def box(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(self.x + x * self.u, self.y + y * self.u, w * self.u, h * self.u)

    def poly(self, col, pts: Sequence[Pt], outline: bool = False) -> None:
        pts = [self.p(*q) for q in pts]
        pygame.draw.polygon(self.surf, col, pts)
        if outline:
            pygame.draw.polygon(self.surf, darker(col, 0.5), pts, self.px(0.02))

    def rect(self, col, x: float, y: float, w: float, h: float, width: float = 0,
             radius: float = 0) -> None:
        pygame.draw.rect(self.surf, col, self.box(x, y, w, h), self.px(width) if width else 0,
                         border_radius=round(radius * self.u))

    def ellipse(self, col, x: float, y: float, w: float, h: float, width: float = 0) -> None:
        pygame.draw.ellipse(self.surf, col, self.box(x, y, w, h), self.px(width) if width else 0)

    def circle(self, col, dx: float, dy: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surf, col, self.p(dx, dy), r * self.u, self.px(width) if width else 0)

    def line(self, col, a: Pt, b: Pt, width: float) -> None:
        pygame.draw.line(self.surf, col, self.p(*a), self.p(*b), self.px(width))

    def lines(self, col, pts: Sequence[Pt], width: float) -> None:
        pygame.draw.lines(self.surf, col, False, [self.p(*q) for q in pts], self.px(width))

    def arc(self, col, box: tuple[float, float, float, float], a0: float, a1: float,
            width: float) -> None:
        pygame.draw.arc(self.surf, col, self.box(*box), a0, a1, self.px(width))

    def glow(self, dx: float, dy: float, r: float, col: Colour) -> None:
        glow(self.surf, self.p(dx, dy), r * self.u, col)

    def sparkle(self, dx: float, dy: float, r: float, col: Colour = (255, 255, 240)) -> None:
        sparkle(self.surf, self.p(dx, dy), r * self.u, col)
