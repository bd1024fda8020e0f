"""Power cards without a body of their own, and Combat halves: auras, flashes,
skies over the whole Field, impacts and hearts."""
from __future__ import annotations

import math
import random

import pygame

from game.engine.cards import CardDef

from .artkit import glow, hsv, rays, ridge, sparkle, speed_lines, stars, translucent, vgradient
from .palette import darker, lighter


def _silhouette(surf: pygame.Surface, x: float, foot: float, u: float, colour,
                words: frozenset[str] = frozenset()) -> None:
    """A standing hero against the light: head, shoulders, a raised fist; the
    card's words add a ponytail, cat ears, a second fist or glowing eyes."""
    head = (x, foot - 0.85 * u)
    lw = max(2, round(0.1 * u))
    if "ponytail" in words:
        pygame.draw.polygon(surf, colour,
                            [(x - 0.05 * u, foot - 0.95 * u), (x - 0.35 * u, foot - 0.9 * u),
                             (x - 0.42 * u, foot - 0.55 * u), (x - 0.08 * u, foot - 0.82 * u)])
    pygame.draw.circle(surf, colour, head, 0.13 * u)
    pygame.draw.ellipse(surf, colour, pygame.Rect(x - 0.28 * u, foot - 0.7 * u, 0.56 * u, 0.9 * u))
    for side in ((1, -1) if "fists" in words else (1,)):
        tip = (x + side * 0.37 * u, foot - 1.08 * u)
        pygame.draw.line(surf, colour, (x + side * 0.2 * u, foot - 0.6 * u), tip, lw)
        pygame.draw.circle(surf, colour, tip, 0.07 * u)
        if "fists" in words:  # bandages
            pygame.draw.line(surf, (250, 250, 240), (tip[0] - 0.06 * u, tip[1] + 0.08 * u),
                             (tip[0] + 0.06 * u, tip[1] + 0.02 * u), max(1, lw // 2))
    if words & {"cat", "ear"}:
        for side in (-1, 1):
            pygame.draw.polygon(surf, colour, [(x + side * 0.04 * u, head[1] - 0.1 * u),
                                               (x + side * 0.16 * u, head[1] - 0.28 * u),
                                               (x + side * 0.14 * u, head[1] - 0.02 * u)])
    if words & {"awakening", "cybernetic"}:
        eye = (80, 230, 255) if "cybernetic" in words else (255, 250, 200)
        for side in (-1, 1):
            glow(surf, (x + side * 0.045 * u, head[1]), 0.08 * u, darker(eye, 0.4))
            pygame.draw.circle(surf, eye, (x + side * 0.045 * u, head[1]), 0.018 * u)
    if "cybernetic" in words:  # circuit lines
        for k in range(4):
            y = foot - (0.55 - 0.1 * k) * u
            pygame.draw.lines(surf, (80, 230, 255), False,
                              [(x - 0.18 * u, y), (x - 0.05 * u, y), (x, y - 0.05 * u),
                               (x + 0.15 * u, y - 0.05 * u)])


def _heart(surf: pygame.Surface, at: tuple[float, float], r: float, colour) -> None:
    x, y = at
    pygame.draw.circle(surf, colour, (x - 0.45 * r, y - 0.2 * r), 0.55 * r)
    pygame.draw.circle(surf, colour, (x + 0.45 * r, y - 0.2 * r), 0.55 * r)
    pygame.draw.polygon(surf, colour, [(x - 0.95 * r, y), (x + 0.95 * r, y), (x, y + r)])


def _emblem(surf: pygame.Surface, words: frozenset[str], at: tuple[float, float], u: float) -> bool:
    """A small picture of what the card gives, when its id names one."""
    x, y = at
    if "moon" in words:
        glow(surf, at, u * 0.5, (90, 90, 120))
        pygame.draw.circle(surf, (252, 248, 226), at, u * 0.22)
    elif words & {"helping", "bento"}:
        pygame.draw.ellipse(surf, (250, 250, 246),
                            pygame.Rect(x - 0.2 * u, y - 0.12 * u, 0.4 * u, 0.16 * u))
        pygame.draw.polygon(surf, (200, 50, 40),
                            [(x - 0.22 * u, y - 0.05 * u), (x + 0.22 * u, y - 0.05 * u),
                             (x + 0.13 * u, y + 0.15 * u), (x - 0.13 * u, y + 0.15 * u)])
    elif "montage" in words:  # a dumbbell
        pygame.draw.line(surf, (60, 60, 70), (x - 0.22 * u, y), (x + 0.22 * u, y),
                         max(2, round(0.05 * u)))
        for side in (-1, 1):
            pygame.draw.rect(surf, (60, 60, 70),
                             pygame.Rect(x + side * 0.22 * u - 0.05 * u, y - 0.12 * u, 0.1 * u,
                                         0.24 * u))
    else:
        return False
    return True


def enhancement(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    w, h = surf.get_size()
    words = frozenset(card.id.split("-"))
    hue = rng.random()
    vgradient(surf, [hsv(hue, 0.7, 0.25), hsv(hue + 0.05, 0.6, 0.55)])
    x = w * rng.uniform(0.38, 0.5)
    layer = translucent(surf)
    for _ in range(16):  # rising flames of aura
        fx = x + rng.uniform(-0.35, 0.35) * h
        top = rng.uniform(0.0, 0.35) * h
        col = hsv(hue + rng.uniform(-0.05, 0.05), 0.5, 1.0)
        pygame.draw.polygon(layer, (*col, 90), [(fx - 0.06 * h, h), (fx, top), (fx + 0.06 * h, h)])
    surf.blit(layer, (0, 0))
    glow(surf, (x, h * 0.6), h * 0.55, darker(hsv(hue, 0.5, 1.0), 0.3))
    _silhouette(surf, x, h * 1.02, h * 0.8, hsv(hue, 0.6, 0.12), words)
    for _ in range(8):
        sparkle(surf, (rng.random() * w, rng.random() * h), h * rng.uniform(0.015, 0.04),
                (255, 255, 240))
    if not _emblem(surf, words, (w * 0.78, h * 0.3), h * 0.7):
        for k in range(3):  # chevrons: something is going up
            cy, cx = h * (0.25 + 0.12 * k), w * 0.78
            pygame.draw.lines(surf, lighter(hsv(hue, 0.6, 1.0), 0.3), False,
                              [(cx - 0.06 * h, cy + 0.04 * h), (cx, cy - 0.02 * h),
                               (cx + 0.06 * h, cy + 0.04 * h)],
                              max(1, round(0.02 * h)))


def _flash_emblem(surf: pygame.Surface, rng: random.Random, words: frozenset[str],
                  c: tuple[float, float], h: int) -> None:
    """What the Flash Effect does, drawn over its burst."""
    w = surf.get_width()
    x, y = c
    if words & {"entrance", "blossom"}:
        for _ in range(26):
            p = (rng.random() * w, rng.random() * h)
            pygame.draw.ellipse(surf, (255, 182, 206), pygame.Rect(p[0], p[1], h * 0.04, h * 0.024))
    if "dash" in words:  # afterimages
        for k in range(3, 0, -1):
            layer = translucent(surf)
            _silhouette(layer, x - k * 0.18 * h, h * 1.02, h * 0.7, (40, 40, 80))
            layer.set_alpha(70 + 40 * (3 - k))
            surf.blit(layer, (0, 0))
        _silhouette(surf, x, h * 1.02, h * 0.7, (30, 30, 60))
    elif "wind" in words or "second" in words:
        for k in range(4):
            r = pygame.Rect(x - (0.1 + 0.08 * k) * h, y - (0.1 + 0.08 * k) * h,
                            (0.2 + 0.16 * k) * h, (0.2 + 0.16 * k) * h)
            pygame.draw.arc(surf, (255, 255, 255), r, k, k + 3.6, max(1, round(0.015 * h)))
        _heart(surf, c, 0.12 * h, (230, 60, 90))
    elif "scream" in words:  # three exclamation marks
        for k in range(-1, 2):
            kx = x + k * 0.16 * h
            pygame.draw.polygon(surf, (200, 30, 30),
                                [(kx - 0.04 * h, y - 0.2 * h), (kx + 0.04 * h, y - 0.2 * h),
                                 (kx + 0.015 * h, y + 0.05 * h), (kx - 0.015 * h, y + 0.05 * h)])
            pygame.draw.circle(surf, (200, 30, 30), (kx, y + 0.12 * h), 0.03 * h)
    elif "overclock" in words:
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(surf, (80, 90, 110), c,
                             (x + math.cos(a) * 0.22 * h, y + math.sin(a) * 0.22 * h),
                             max(2, round(0.06 * h)))
        pygame.draw.circle(surf, (80, 90, 110), c, 0.16 * h)
        pygame.draw.circle(surf, (255, 120, 40), c, 0.07 * h)
    elif "foxfire" in words:
        for _ in range(6):
            p = (x + rng.uniform(-0.4, 0.4) * h, y + rng.uniform(-0.25, 0.25) * h)
            glow(surf, p, 0.1 * h, (40, 90, 160))
            pygame.draw.polygon(surf, (150, 210, 255), [(p[0] - 0.03 * h, p[1]), (p[0], p[1] - 0.09 * h),
                                                        (p[0] + 0.03 * h, p[1]),
                                                        (p[0], p[1] + 0.03 * h)])
    elif "retreat" in words:  # an arrow back the way they came
        pygame.draw.polygon(surf, (60, 60, 80),
                            [(x - 0.3 * h, y), (x - 0.05 * h, y - 0.15 * h),
                             (x - 0.05 * h, y - 0.06 * h),
                             (x + 0.25 * h, y - 0.06 * h), (x + 0.25 * h, y + 0.06 * h),
                             (x - 0.05 * h, y + 0.06 * h), (x - 0.05 * h, y + 0.15 * h)])
    elif "speech" in words:
        pygame.draw.ellipse(surf, (255, 255, 255),
                            pygame.Rect(x - 0.3 * h, y - 0.18 * h, 0.6 * h, 0.34 * h))
        pygame.draw.polygon(surf, (255, 255, 255),
                            [(x - 0.1 * h, y + 0.1 * h), (x - 0.2 * h, y + 0.3 * h),
                             (x + 0.02 * h, y + 0.12 * h)])
        _heart(surf, (x, y - 0.02 * h), 0.08 * h, (230, 60, 100))
    else:
        _emblem(surf, words, c, h * 0.9)


def flash_effect(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    w, h = surf.get_size()
    hue = rng.random()
    vgradient(surf, [hsv(hue, 0.6, 0.9), hsv(hue + 0.08, 0.8, 0.5)])
    c = (w * rng.uniform(0.4, 0.6), h * rng.uniform(0.42, 0.55))
    rays(surf, c, 20, hsv(hue, 0.4, 1.0), rng.random(), 0.45)
    speed_lines(surf, rng, c, (255, 255, 255), 50, 0.25)
    glow(surf, c, h * 0.5, (200, 200, 170))
    pts = []
    for i in range(24):  # a jagged flash burst
        r = (0.36 if i % 2 == 0 else 0.2) * h * rng.uniform(0.85, 1.15)
        a = math.pi * i / 12
        pts.append((c[0] + r * math.cos(a) * 1.3, c[1] + r * math.sin(a)))
    pygame.draw.polygon(surf, (255, 252, 220), pts)
    pygame.draw.polygon(surf, hsv(hue + 0.5, 0.7, 0.9), pts, max(1, round(h * 0.012)))
    _flash_emblem(surf, rng, frozenset(card.id.split("-")), c, h)


def _fireworks(surf, rng, w, h):
    for _ in range(5):
        c = (rng.random() * w, rng.uniform(0.1, 0.45) * h)
        col = hsv(rng.random(), 0.6, 1.0)
        r = rng.uniform(0.08, 0.16) * h
        glow(surf, c, r * 1.6, darker(col, 0.6))
        for k in range(16):
            a = k * math.pi / 8
            pygame.draw.line(surf, col, (c[0] + math.cos(a) * r * 0.3, c[1] + math.sin(a) * r * 0.3),
                             (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r), max(1, round(h * 0.008)))


def _waves(surf, rng, w, h, colour):
    c = (w * 0.5, h * 0.75)
    pygame.draw.line(surf, (60, 60, 70), (c[0], c[1]), (c[0], h * 0.35), max(2, round(h * 0.02)))
    for k in range(1, 5):
        r = pygame.Rect(c[0] - 0.12 * h * k, h * 0.35 - 0.12 * h * k, 0.24 * h * k, 0.24 * h * k)
        pygame.draw.arc(surf, colour, r, -0.6, 0.6, max(1, round(h * 0.015)))
        pygame.draw.arc(surf, colour, r, math.pi - 0.6, math.pi + 0.6, max(1, round(h * 0.015)))
    glow(surf, (c[0], h * 0.35), h * 0.12, (200, 60, 40))


def _parachute(surf, rng, w, h):
    c = (w * 0.5, h * 0.3)
    pygame.draw.ellipse(surf, (230, 230, 220),
                        pygame.Rect(c[0] - 0.3 * h, c[1] - 0.15 * h, 0.6 * h, 0.3 * h))
    pygame.draw.rect(surf, hsv(0.1, 0.3, 0.6), pygame.Rect(c[0] - 0.3 * h, c[1], 0.6 * h, 0.2 * h))
    for dx in (-0.28, -0.1, 0.1, 0.28):
        pygame.draw.line(surf, (60, 60, 60), (c[0] + dx * h, c[1]), (c[0], h * 0.62), 1)
    pygame.draw.rect(surf, (120, 100, 60), pygame.Rect(c[0] - 0.08 * h, h * 0.6, 0.16 * h, 0.14 * h))


def global_effect(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    w, h = surf.get_size()
    words = set(card.id.split("-"))
    night = bool(words & {"night", "moon", "anthem"})
    top, bottom = ((16, 20, 60), (70, 50, 110)) if night else ((250, 190, 120), (120, 170, 230))
    vgradient(surf, [top, bottom])
    if night:
        stars(surf, rng, 60, (230, 230, 255))
    sun = (w * 0.5, h * 0.55)
    if "moon" in words:
        glow(surf, sun, h * 0.5, (80, 80, 110))
        pygame.draw.circle(surf, (252, 248, 226), sun, h * 0.22)
    elif not night:
        rays(surf, sun, 16, (255, 230, 170), rng.random(), 0.5)
        glow(surf, sun, h * 0.45, (140, 110, 60))
        pygame.draw.circle(surf, (255, 244, 200), sun, h * 0.1)
    ridge(surf, rng, 0.8, 0.06, (40, 50, 70) if night else (70, 110, 80))
    if "festival" in words:
        _fireworks(surf, rng, w, h)
    if "radio" in words:
        _waves(surf, rng, w, h, (255, 240, 160) if night else (200, 70, 40))
    if words & {"training", "calisthenics"}:  # everyone out on the hill
        for k, x in enumerate((0.25, 0.5, 0.75)):
            _silhouette(surf, w * x, h * (0.84 + 0.02 * (k % 2)), h * 0.32, (40, 50, 40),
                        frozenset({"fists"}) if "calisthenics" in words else frozenset())
    if "supply" in words:
        _parachute(surf, rng, w, h)


def _impact(surf: pygame.Surface, rng: random.Random, c: tuple[float, float], h: int) -> None:
    """A jagged starburst, white in the middle."""
    pts = []
    for i in range(20):
        r = (0.42 if i % 2 == 0 else 0.18) * h * rng.uniform(0.8, 1.3)
        a = math.pi * i / 10 + 0.1
        pts.append((c[0] + r * math.cos(a) * 1.4, c[1] + r * math.sin(a)))
    pygame.draw.polygon(surf, (255, 220, 80), pts)
    pygame.draw.polygon(surf, (255, 255, 240),
                        [((x - c[0]) * 0.5 + c[0], (y - c[1]) * 0.5 + c[1]) for x, y in pts])


def _slash(surf: pygame.Surface, rng: random.Random, c: tuple[float, float], h: int) -> None:
    """A sword's crescent cutting across the frame, thick in the middle."""
    w = surf.get_width()
    p0, p1, p2 = (0.05 * w, 0.85 * h), (0.2 * w, 0.05 * h), (0.95 * w, 0.2 * h)
    for thick, col in ((0.12, (255, 200, 120)), (0.06, (255, 255, 240))):
        top, bottom = [], []
        for i in range(21):
            t = i / 20
            x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0]
            y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]
            k = thick * h * math.sin(math.pi * t)
            top.append((x - k * 0.5, y - k * 0.5))
            bottom.append((x + k * 0.5, y + k * 0.5))
        pygame.draw.polygon(surf, col, top + bottom[::-1])


def _fist(surf: pygame.Surface, rng: random.Random, c: tuple[float, float], h: int) -> None:
    """A fist flying in from the left with motion lines."""
    x, y = c
    for k in range(5):
        yy = y + (k - 2) * 0.08 * h
        pygame.draw.line(surf, (255, 240, 220), (0, yy), (x - 0.25 * h, yy), max(1, round(0.02 * h)))
    skin = (250, 214, 180)
    pygame.draw.rect(surf, skin, pygame.Rect(x - 0.3 * h, y - 0.18 * h, 0.42 * h, 0.36 * h),
                     border_radius=round(0.1 * h))
    for k in range(4):
        pygame.draw.circle(surf, skin, (x + 0.12 * h, y - 0.13 * h + k * 0.09 * h), 0.06 * h)
        pygame.draw.circle(surf, (200, 150, 120), (x + 0.12 * h, y - 0.13 * h + k * 0.09 * h),
                           0.06 * h, 1)
    pygame.draw.rect(surf, (60, 90, 200), pygame.Rect(x - 0.55 * h, y - 0.12 * h, 0.26 * h, 0.24 * h))


def _rings(surf: pygame.Surface, rng: random.Random, c: tuple[float, float], h: int) -> None:
    """Shock rings and cracks from a heavy blow."""
    for k in range(1, 5):
        pygame.draw.ellipse(surf, (255, 230, 180),
                            pygame.Rect(c[0] - 0.25 * h * k, c[1] - 0.1 * h * k, 0.5 * h * k,
                                        0.2 * h * k),
                            max(1, round(0.02 * h)))
    for _ in range(6):
        a = rng.uniform(0, 2 * math.pi)
        pts = [c]
        for j in range(1, 4):
            pts.append((c[0] + math.cos(a + rng.uniform(-0.3, 0.3)) * 0.2 * h * j,
                        c[1] + math.sin(a) * 0.08 * h * j))
        pygame.draw.lines(surf, (40, 20, 20), False, pts, max(1, round(0.015 * h)))


def _hearts(surf: pygame.Surface, rng: random.Random, hue: float, h: int) -> None:
    w = surf.get_width()
    for _ in range(7):
        x, y, r = rng.random() * w, rng.random() * h, rng.uniform(0.06, 0.15) * h
        _heart(surf, (x, y), r, hsv(hue + rng.uniform(-0.05, 0.05), 0.6, 1.0))


def _bubbles(surf: pygame.Surface, rng: random.Random, hue: float, h: int) -> None:
    w = surf.get_width()
    layer = translucent(surf)
    for _ in range(14):
        x, y, r = rng.random() * w, rng.random() * h, rng.uniform(0.04, 0.16) * h
        pygame.draw.circle(layer, (*hsv(hue + rng.uniform(-0.1, 0.1), 0.3, 1.0), 110), (x, y), r)
        pygame.draw.circle(layer, (255, 255, 255, 200), (x - r * 0.35, y - r * 0.35), max(1, r * 0.2))
    surf.blit(layer, (0, 0))


def _flowers(surf: pygame.Surface, rng: random.Random, hue: float, h: int) -> None:
    w = surf.get_width()
    for _ in range(6):
        x, y, r = rng.random() * w, rng.random() * h, rng.uniform(0.05, 0.1) * h
        col = hsv(hue + rng.uniform(-0.1, 0.1), 0.35, 1.0)
        for k in range(5):
            a = k * 2 * math.pi / 5
            pygame.draw.circle(surf, col, (x + math.cos(a) * r, y + math.sin(a) * r), r * 0.7)
        pygame.draw.circle(surf, (255, 220, 90), (x, y), r * 0.5)


def combat_half(surf: pygame.Surface, rng: random.Random, physical: bool) -> None:
    w, h = surf.get_size()
    c = (w * rng.uniform(0.35, 0.65), h * rng.uniform(0.4, 0.6))
    if physical:
        hue = rng.choice((0.98, 0.02, 0.06, 0.1, 0.62, 0.76))
        vgradient(surf, [hsv(hue, 0.8, 0.8), hsv(hue, 0.9, 0.35)])
        speed_lines(surf, rng, c, hsv(hue, 0.2, 1.0), 60, 0.08)
        rng.choice((_impact, _slash, _fist, _rings))(surf, rng, c, h)
    else:
        hue = rng.choice((0.9, 0.94, 0.98, 0.8, 0.55))
        vgradient(surf, [hsv(hue, 0.3, 1.0), hsv(hue, 0.6, 0.72)])
        glow(surf, c, h * 0.8, (120, 60, 90))
        rng.choice((_hearts, _bubbles, _flowers))(surf, rng, hue, h)
        for _ in range(8):
            sparkle(surf, (rng.random() * w, rng.random() * h), h * rng.uniform(0.04, 0.09),
                    (255, 255, 255))
