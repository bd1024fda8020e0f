"""Disasters: menacing shapes against an ominous sky. A Combat Disaster is a
creature towering over a small city (kaiju, robot, saucer, spirit, swarm...);
a non-Combat Disaster is an event (a storm, fog, camera flashes, flying paper)."""
from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.engine.cards import CardDef

from .artkit import glow, hsv, ridge, sparkle, speed_lines, stars, translucent, vgradient
from .palette import Colour, darker, lighter, mix

Creature = Callable[[pygame.Surface, random.Random, CardDef, Colour], None]


def _sky(surf: pygame.Surface, rng: random.Random) -> Colour:
    """A storm-lit sky; returns the colour silhouettes are cut from."""
    hue = rng.choice((0.0, 0.03, 0.75, 0.82, 0.45, 0.08))
    vgradient(surf, [hsv(hue, 0.7, 0.18), hsv(hue + 0.03, 0.75, 0.45), hsv(hue + 0.08, 0.65, 0.85)])
    stars(surf, rng, 25, (255, 220, 200), 0, 0.35)
    return hsv(hue, 0.6, 0.1)


def _city(surf: pygame.Surface, rng: random.Random, colour: Colour) -> None:
    w, h = surf.get_size()
    x = 0.0
    while x < w:
        bw = rng.uniform(0.03, 0.07) * w
        top = rng.uniform(0.78, 0.9) * h
        pygame.draw.rect(surf, colour, pygame.Rect(x, top, bw + 1, h - top))
        for _ in range(3):
            if rng.random() < 0.5:
                pygame.draw.rect(surf, (255, 200, 110), pygame.Rect(
                    x + rng.uniform(0.2, 0.7) * bw,
                    rng.uniform(top + 3, h - 3),
                    h * 0.008, h * 0.012))
        x += bw


def _eyes(surf: pygame.Surface, centres: list[tuple[float, float]], size: float, colour: Colour) -> None:
    for c in centres:
        glow(surf, c, size * 4, darker(colour, 0.3))
        pygame.draw.ellipse(surf, colour, pygame.Rect(c[0] - size, c[1] - size * 0.5, size * 2, size))


def _kaiju(surf, rng, card, dark):
    w, h = surf.get_size()
    cx = rng.uniform(0.4, 0.6) * w
    body = pygame.Rect(cx - 0.34 * h, 0.42 * h, 0.68 * h, 0.7 * h)
    for i in range(7):  # dorsal spikes along the back
        a = math.pi * (1.15 + 0.7 * i / 6)
        bx, by = body.centerx + 0.34 * h * math.cos(a), body.centery + 0.35 * h * math.sin(a)
        pygame.draw.polygon(surf, dark, [(bx - 0.05 * h, by + 0.03 * h), (bx + 0.05 * h, by + 0.03 * h),
                                         (bx + math.cos(a) * 0.15 * h, by + math.sin(a) * 0.15 * h)])
    pygame.draw.ellipse(surf, dark, body)
    head = pygame.Rect(cx - 0.2 * h, 0.2 * h, 0.4 * h, 0.34 * h)
    pygame.draw.ellipse(surf, dark, head)
    for side in (-1, 1):  # arms
        pygame.draw.polygon(surf, dark,
                            [(cx + side * 0.25 * h, 0.55 * h), (cx + side * 0.5 * h, 0.62 * h),
                             (cx + side * 0.56 * h, 0.5 * h), (cx + side * 0.6 * h, 0.6 * h),
                             (cx + side * 0.52 * h, 0.72 * h), (cx + side * 0.25 * h, 0.7 * h)])
    _eyes(surf, [(cx - 0.08 * h, 0.33 * h), (cx + 0.08 * h, 0.33 * h)], 0.035 * h, (255, 220, 60))
    mouth = [(cx - 0.11 * h, 0.42 * h), (cx + 0.11 * h, 0.42 * h), (cx, 0.48 * h)]
    pygame.draw.polygon(surf, (150, 20, 20), mouth)
    for i in range(4):
        tx = cx - 0.09 * h + i * 0.06 * h
        pygame.draw.polygon(surf, (240, 236, 220),
                            [(tx, 0.42 * h), (tx + 0.03 * h, 0.42 * h), (tx + 0.015 * h, 0.45 * h)])
    if "Water" in card.categories:
        _waves(surf, rng)


def _waves(surf, rng):
    w, h = surf.get_size()
    for k, col in enumerate(((40, 90, 160), (60, 130, 200))):
        base = 0.8 + 0.07 * k
        pts = [(x, (base + 0.03 * math.sin(x / w * 12 + k * 2 + rng.random())) * h)
               for x in range(0, w + 8, 8)]
        pygame.draw.polygon(surf, col, pts + [(w, h), (0, h)])
        pygame.draw.lines(surf, (220, 240, 255), False, pts, max(1, round(h * 0.01)))


def _robot(surf, rng, card, dark):
    w, h = surf.get_size()
    cx = rng.uniform(0.4, 0.6) * w
    metal = mix(dark, (90, 90, 110), 0.4)
    torso = pygame.Rect(cx - 0.24 * h, 0.4 * h, 0.48 * h, 0.44 * h)
    pygame.draw.rect(surf, metal, torso, border_radius=round(0.04 * h))
    head = pygame.Rect(cx - 0.12 * h, 0.2 * h, 0.24 * h, 0.2 * h)
    pygame.draw.rect(surf, metal, head, border_radius=round(0.03 * h))
    visor = pygame.Rect(head.x + 0.03 * h, head.y + 0.07 * h, head.w - 0.06 * h, 0.05 * h)
    glow(surf, visor.center, 0.18 * h, (150, 20, 20))
    pygame.draw.rect(surf, (255, 60, 50), visor)
    pygame.draw.line(surf, metal, (head.right - 0.03 * h, head.y),
                     (head.right + 0.04 * h, 0.08 * h), max(1, round(0.015 * h)))
    for side in (-1, 1):
        pygame.draw.rect(surf, metal,
                         pygame.Rect(cx + side * 0.3 * h - 0.07 * h, 0.42 * h, 0.14 * h, 0.4 * h),
                         border_radius=round(0.03 * h))
        pygame.draw.circle(surf, darker(metal, 0.3), (cx + side * 0.3 * h, 0.45 * h), 0.08 * h)
    core = (cx, 0.56 * h)
    glow(surf, core, 0.12 * h, (40, 120, 160))
    pygame.draw.circle(surf, (120, 220, 255), core, 0.04 * h)


def _saucer(surf, rng, card, dark):
    w, h = surf.get_size()
    c = (rng.uniform(0.35, 0.65) * w, 0.3 * h)
    beam = translucent(surf)
    pygame.draw.polygon(beam, (160, 255, 180, 70), [(c[0] - 0.08 * h, c[1]), (c[0] + 0.08 * h, c[1]),
                                                    (c[0] + 0.3 * h, h), (c[0] - 0.3 * h, h)])
    surf.blit(beam, (0, 0))
    pygame.draw.ellipse(surf, (170, 180, 200),
                        pygame.Rect(c[0] - 0.16 * h, c[1] - 0.16 * h, 0.32 * h, 0.24 * h))
    pygame.draw.ellipse(surf, mix(dark, (120, 120, 140), 0.5),
                        pygame.Rect(c[0] - 0.45 * h, c[1] - 0.05 * h, 0.9 * h, 0.16 * h))
    for i in range(7):
        x = c[0] - 0.36 * h + i * 0.12 * h
        glow(surf, (x, c[1] + 0.03 * h), 0.04 * h, (120, 120, 40))
        pygame.draw.circle(surf, (255, 240, 120), (x, c[1] + 0.03 * h), 0.018 * h)
    if card.gender:
        _figure(surf, rng, card, dark, at=(c[0], 0.95 * h), scale=0.35)


def _figure(surf, rng, card, dark, at=None, scale=1.0, eyes=(255, 40, 40)):
    """A towering silhouette with glowing eyes; horns, wings or a hood by category."""
    w, h = surf.get_size()
    x, foot = at or (rng.uniform(0.42, 0.58) * w, 1.05 * h)
    u = h * scale
    cats = card.categories
    if "Spirit" in cats and card.gender == "female":  # moth wings
        for side in (-1, 1):
            wing = [(x, foot - 0.7 * u), (x + side * 0.7 * u, foot - 1.05 * u),
                    (x + side * 0.75 * u, foot - 0.6 * u),
                    (x + side * 0.5 * u, foot - 0.35 * u)]
            pygame.draw.polygon(surf, mix(dark, (200, 160, 90), 0.35), wing)
            pygame.draw.circle(surf, (255, 210, 120), (x + side * 0.5 * u, foot - 0.72 * u), 0.07 * u)
    if "Military" in cats or "Money" in cats:  # a cape flaring behind the shoulders
        pygame.draw.polygon(surf, (130, 20, 34), [(x - 0.26 * u, foot - 0.58 * u), (x - 0.7 * u, foot),
                                                  (x + 0.7 * u, foot), (x + 0.26 * u, foot - 0.58 * u)])
    shoulders = pygame.Rect(x - 0.3 * u, foot - 0.6 * u, 0.6 * u, 0.8 * u)
    pygame.draw.ellipse(surf, dark, shoulders)
    pygame.draw.rect(surf, dark, pygame.Rect(shoulders.x, shoulders.centery, shoulders.w, h))
    head = (x, foot - 0.72 * u)
    headless = "Undead" in cats and "Horde" not in cats
    if not headless:
        pygame.draw.circle(surf, dark, head, 0.14 * u)
    if card.gender == "female" and "Robot" not in cats:
        pygame.draw.polygon(surf, dark,
                            [(x - 0.15 * u, foot - 0.78 * u), (x - 0.26 * u, foot - 0.42 * u),
                             (x + 0.26 * u, foot - 0.42 * u), (x + 0.15 * u, foot - 0.78 * u)])
    if cats & {"Demon", "Oni"}:
        for side in (-1, 1):
            pygame.draw.polygon(surf, dark,
                                [(x + side * 0.06 * u, foot - 0.82 * u),
                                 (x + side * 0.2 * u, foot - 1.02 * u),
                                 (x + side * 0.13 * u, foot - 0.78 * u)])
    if "Military" in cats or "Money" in cats:  # an admiral's peaked cap
        pygame.draw.ellipse(surf, dark, pygame.Rect(x - 0.2 * u, foot - 0.98 * u, 0.4 * u, 0.16 * u))
        pygame.draw.line(surf, (230, 190, 60), (x - 0.16 * u, foot - 0.84 * u),
                         (x + 0.16 * u, foot - 0.84 * u), max(1, round(0.02 * u)))
    if headless:  # a ghostly flame where the head should be, and a katana
        glow(surf, head, 0.3 * u, (40, 110, 70))
        pygame.draw.line(surf, (210, 220, 230), (x + 0.2 * u, foot - 0.4 * u),
                         (x + 0.6 * u, foot - 1.0 * u),
                         max(1, round(0.03 * u)))
        return
    _eyes(surf, [(head[0] - 0.05 * u, head[1]), (head[0] + 0.05 * u, head[1])], 0.025 * u, eyes)


def _horde(surf, rng, card, dark):
    w, h = surf.get_size()
    if "Spirit" in card.categories:  # paper lanterns with faces
        for _ in range(11):
            c = (rng.random() * w, rng.uniform(0.15, 0.75) * h)
            r = rng.uniform(0.04, 0.08) * h
            glow(surf, c, r * 3, (140, 60, 10))
            pygame.draw.ellipse(surf, (250, 180, 80),
                                pygame.Rect(c[0] - r * 0.8, c[1] - r, r * 1.6, r * 2))
            pygame.draw.ellipse(surf, (40, 10, 10),
                                pygame.Rect(c[0] - r * 0.4, c[1] + r * 0.1, r * 0.8, r * 0.5))
            pygame.draw.circle(surf, (40, 10, 10), (c[0] - r * 0.3, c[1] - r * 0.3), r * 0.12)
            pygame.draw.circle(surf, (40, 10, 10), (c[0] + r * 0.3, c[1] - r * 0.3), r * 0.12)
        return
    robot = "Robot" in card.categories
    for i in range(7):
        x = (i + 0.5) / 7 * w + rng.uniform(-0.03, 0.03) * w
        sc = rng.uniform(0.35, 0.5)
        if robot:
            c = (x, rng.uniform(0.25, 0.6) * h)
            pygame.draw.ellipse(surf, mix(dark, (80, 80, 100), 0.4),
                                pygame.Rect(c[0] - 0.07 * h, c[1] - 0.04 * h, 0.14 * h, 0.08 * h))
            pygame.draw.line(surf, dark, (c[0] - 0.1 * h, c[1] - 0.05 * h),
                             (c[0] + 0.1 * h, c[1] - 0.05 * h), max(1, round(h * 0.01)))
            _eyes(surf, [c], 0.015 * h, (255, 60, 40))
        else:
            _figure(surf, rng, card, dark, at=(x, (0.98 + rng.uniform(0, 0.08)) * h), scale=sc,
                    eyes=(120, 255, 120) if "Undead" in card.categories else (255, 60, 40))


def _crow(surf, rng, card, dark):
    w, h = surf.get_size()
    c = (0.5 * w, 0.45 * h)
    for side in (-1, 1):
        wing = [(c[0], c[1]), (c[0] + side * 0.25 * h, c[1] - 0.3 * h),
                (c[0] + side * 0.7 * h, c[1] - 0.22 * h),
                (c[0] + side * 0.55 * h, c[1] - 0.1 * h), (c[0] + side * 0.6 * h, c[1] + 0.02 * h),
                (c[0] + side * 0.3 * h, c[1] + 0.05 * h)]
        pygame.draw.polygon(surf, dark, wing)
    pygame.draw.ellipse(surf, dark, pygame.Rect(c[0] - 0.1 * h, c[1] - 0.12 * h, 0.2 * h, 0.4 * h))
    pygame.draw.circle(surf, dark, (c[0], c[1] - 0.16 * h), 0.08 * h)
    pygame.draw.polygon(surf, (220, 40, 40),
                        [(c[0] - 0.03 * h, c[1] - 0.14 * h), (c[0] + 0.03 * h, c[1] - 0.14 * h),
                         (c[0], c[1] - 0.02 * h)])  # the long red tengu nose
    _eyes(surf, [(c[0] - 0.035 * h, c[1] - 0.19 * h), (c[0] + 0.035 * h, c[1] - 0.19 * h)],
          0.015 * h, (255, 230, 60))
    speed_lines(surf, rng, c, lighter(dark, 0.3), 30, 0.3)


def _animal(surf, rng, card, dark):
    """A giant cat, a tanuki or space rats: round body, ears, a tail and big eyes."""
    w, h = surf.get_size()
    cx = rng.uniform(0.4, 0.6) * w
    body = pygame.Rect(cx - 0.32 * h, 0.5 * h, 0.64 * h, 0.55 * h)
    pygame.draw.ellipse(surf, dark, body)
    head = (cx, 0.42 * h)
    pygame.draw.circle(surf, dark, head, 0.2 * h)
    for side in (-1, 1):
        pygame.draw.polygon(surf, dark,
                            [(cx + side * 0.06 * h, 0.3 * h), (cx + side * 0.2 * h, 0.14 * h),
                             (cx + side * 0.2 * h, 0.36 * h)])
    pygame.draw.polygon(surf, dark, [(body.right - 0.05 * h, 0.8 * h), (body.right + 0.2 * h, 0.45 * h),
                                     (body.right + 0.24 * h, 0.5 * h), (body.right + 0.02 * h, 0.9 * h)])
    _eyes(surf, [(cx - 0.08 * h, 0.42 * h), (cx + 0.08 * h, 0.42 * h)], 0.04 * h, (190, 255, 90))
    pygame.draw.line(surf, (255, 255, 255), (cx - 0.2 * h, 0.5 * h), (cx - 0.35 * h, 0.48 * h), 1)
    pygame.draw.line(surf, (255, 255, 255), (cx + 0.2 * h, 0.5 * h), (cx + 0.35 * h, 0.48 * h), 1)


def _laser(surf, rng, card, dark):
    w, h = surf.get_size()
    sat = (rng.uniform(0.2, 0.4) * w, 0.15 * h)
    target = (rng.uniform(0.55, 0.8) * w, 0.88 * h)
    glow(surf, target, 0.4 * h, (200, 60, 30))
    pygame.draw.line(surf, (255, 120, 90), sat, target, max(2, round(0.03 * h)))
    pygame.draw.line(surf, (255, 240, 220), sat, target, max(1, round(0.01 * h)))
    pygame.draw.rect(surf, (190, 190, 200),
                     pygame.Rect(sat[0] - 0.06 * h, sat[1] - 0.05 * h, 0.12 * h, 0.1 * h))
    for side in (-1, 1):
        pygame.draw.rect(surf, (60, 80, 160),
                         pygame.Rect(sat[0] + side * 0.14 * h - 0.07 * h, sat[1] - 0.03 * h,
                                     0.14 * h, 0.06 * h))


def _vending(surf, rng, card, dark):
    w, h = surf.get_size()
    r = pygame.Rect(0.5 * w - 0.2 * h, 0.2 * h, 0.4 * h, 0.8 * h)
    pygame.draw.rect(surf, (200, 40, 50), r, border_radius=round(0.03 * h))
    glass = pygame.Rect(r.x + 0.04 * h, r.y + 0.05 * h, r.w - 0.08 * h, 0.3 * h)
    pygame.draw.rect(surf, (230, 240, 255), glass)
    for i in range(8):
        pygame.draw.rect(surf, hsv(i / 8, 0.7, 0.9),
                         pygame.Rect(glass.x + (i % 4) * glass.w / 4 + 3,
                                     glass.y + (i // 4) * glass.h / 2 + 4,
                                     glass.w / 4 - 6, glass.h / 2 - 8))
    _eyes(surf, [(r.centerx - 0.07 * h, r.y + 0.45 * h), (r.centerx + 0.07 * h, r.y + 0.45 * h)],
          0.03 * h, (255, 240, 60))
    mouth = pygame.Rect(r.x + 0.06 * h, r.y + 0.56 * h, r.w - 0.12 * h, 0.1 * h)
    pygame.draw.rect(surf, (20, 10, 10), mouth)
    for i in range(6):
        tx = mouth.x + i * mouth.w / 6
        pygame.draw.polygon(surf, (240, 240, 230),
                            [(tx, mouth.y), (tx + mouth.w / 6, mouth.y),
                             (tx + mouth.w / 12, mouth.y + mouth.h * 0.5)])


def _idols(surf, rng, card, dark):
    w, h = surf.get_size()
    for i, x in enumerate((0.3, 0.5, 0.7)):
        beam = translucent(surf)
        pygame.draw.polygon(beam, (*hsv(0.9 + i * 0.05, 0.5, 1.0), 60),
                            [(x * w, 0), (x * w - 0.2 * h, h), (x * w + 0.2 * h, h)])
        surf.blit(beam, (0, 0))
    for x in ((0.3, 0.5, 0.7) if "Horde" in card.categories or card.id.endswith("girls") else (0.5,)):
        _figure(surf, rng, card, dark, at=(x * w, 1.0 * h), scale=0.55, eyes=(255, 80, 200))


def _storm(surf, rng, card):
    w, h = surf.get_size()
    vgradient(surf, [(30, 34, 50), (70, 80, 100), (110, 120, 130)])
    for _ in range(9):
        c = (rng.random() * w, rng.uniform(0.05, 0.3) * h)
        pygame.draw.circle(surf, (50, 54, 70), c, rng.uniform(0.1, 0.2) * h)
    bolt = [(rng.uniform(0.4, 0.6) * w, 0.2 * h)]
    for _ in range(5):
        bolt.append((bolt[-1][0] + rng.uniform(-0.08, 0.08) * h, bolt[-1][1] + 0.14 * h))
    glow(surf, bolt[2], 0.4 * h, (90, 90, 140))
    pygame.draw.lines(surf, (250, 250, 200), False, bolt, max(2, round(0.015 * h)))
    for _ in range(70):
        x, y = rng.random() * w, rng.random() * h
        pygame.draw.line(surf, (170, 190, 220), (x, y), (x - 0.02 * h, y + 0.08 * h), 1)
    if "Water" in card.categories:
        _waves(surf, rng)


def _fog(surf, rng, card):
    w, h = surf.get_size()
    vgradient(surf, [(120, 110, 150), (180, 180, 200)])
    ridge(surf, rng, 0.7, 0.08, (90, 84, 110))
    for k in range(4):
        layer = translucent(surf)
        for _ in range(10):
            pygame.draw.ellipse(layer, (240, 240, 250, 60),
                                pygame.Rect(rng.random() * w - 0.3 * h,
                                            (0.3 + 0.15 * k) * h + rng.uniform(-0.1, 0.1) * h,
                                            rng.uniform(0.5, 1.0) * h, 0.18 * h))
        surf.blit(layer, (0, 0))
    _eyes(surf, [(0.45 * w, 0.45 * h), (0.55 * w, 0.45 * h)], 0.02 * h, (255, 255, 200))


def _flashes(surf, rng, card):
    w, h = surf.get_size()
    vgradient(surf, [(40, 20, 50), (90, 40, 90)])
    for _ in range(8):
        c = (rng.random() * w, rng.uniform(0.2, 0.9) * h)
        glow(surf, c, rng.uniform(0.15, 0.3) * h, (200, 200, 200))
        sparkle(surf, c, 0.06 * h, (255, 255, 255))
        pygame.draw.rect(surf, (20, 20, 24),
                         pygame.Rect(c[0] - 0.06 * h, c[1] + 0.05 * h, 0.12 * h, 0.08 * h))


def _papers(surf, rng, card):
    w, h = surf.get_size()
    vgradient(surf, [(60, 70, 90), (150, 160, 170)])
    heart = "Comedy" in card.categories
    for _ in range(14):
        c = (rng.random() * w, rng.random() * h)
        a = rng.uniform(0, math.pi)
        u = rng.uniform(0.06, 0.1) * h
        pts = [(c[0] + math.cos(a + k) * u, c[1] + math.sin(a + k) * u * 0.8)
               for k in (0.6, 2.5, 3.7, 5.7)]
        pygame.draw.polygon(surf, (250, 250, 244) if not heart else (255, 230, 240), pts)
        if heart:
            pygame.draw.circle(surf, (230, 40, 90), c, u * 0.2)
        else:
            pygame.draw.line(surf, (200, 40, 40), pts[0], pts[2], max(1, round(h * 0.008)))


def _sick(surf, rng, card):
    w, h = surf.get_size()
    vgradient(surf, [(60, 90, 40), (150, 170, 80)])
    c = (0.5 * w, 0.55 * h)
    for i in range(60):
        a, r = i * 0.35, 0.006 * h * i
        pygame.draw.circle(surf, (200, 230, 120), (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r),
                           0.012 * h + i * 0.0006 * h)
    for _ in range(6):
        x = rng.random() * w
        pts = [(x + 0.03 * h * math.sin(k), h - k * 0.08 * h) for k in range(10)]
        pygame.draw.lines(surf, (230, 255, 180), False, pts, max(1, round(0.01 * h)))


def _ghost(surf, rng, card):
    w, h = surf.get_size()
    vgradient(surf, [(20, 30, 40), (50, 80, 90)])
    for _ in range(5):
        c = (rng.random() * w, rng.uniform(0.2, 0.7) * h)
        glow(surf, c, 0.2 * h, (60, 120, 110))
        pygame.draw.circle(surf, (210, 240, 230), c, 0.06 * h)
        pygame.draw.polygon(surf, (210, 240, 230), [(c[0] - 0.06 * h, c[1]), (c[0] + 0.06 * h, c[1]),
                                                    (c[0] + 0.02 * h, c[1] + 0.16 * h),
                                                    (c[0] - 0.04 * h, c[1] + 0.12 * h)])
        pygame.draw.circle(surf, (20, 30, 40), (c[0] - 0.02 * h, c[1]), 0.01 * h)
        pygame.draw.circle(surf, (20, 30, 40), (c[0] + 0.02 * h, c[1]), 0.01 * h)


# First matching category chooses; the order puts the most telling first.
CREATURES: tuple[tuple[str, Creature], ...] = (
    ("Horde", _horde), ("Food", _vending),
    ("Air", _crow), ("Music", _idols), ("Weapon", _laser),
    ("Robot", _robot), ("Mecha", _robot),
    ("Water", _kaiju), ("Alien", _saucer),
    ("Animal", _animal),
    )
EVENTS = (("Air", _storm), ("Illusion", _fog), ("Fame", _flashes), ("Legal", _papers),
          ("Comedy", _papers), ("School", _papers), ("Food", _sick), ("Hungry", _ghost))


def disaster(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    if not card.is_combat_disaster:
        paint = next((p for cat, p in EVENTS if cat in card.categories), _storm)
        paint(surf, rng, card)
        return
    dark = _sky(surf, rng)
    glow(surf, (surf.get_width() * 0.5, surf.get_height() * 0.5), surf.get_height() * 0.6, (90, 40, 20))
    creature = next((p for cat, p in CREATURES if cat in card.categories), _figure)
    if card.categories & {"Alien", "Military"} == {"Alien", "Military"}:
        creature = _figure  # a general, not a saucer
    creature(surf, rng, card, dark)
    if creature not in (_horde, _crow, _laser):
        _city(surf, rng, mix(dark, (0, 0, 0), 0.3))
