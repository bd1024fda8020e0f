"""Objects for Items and Equipment: one thing, lit in the middle of the picture.

The thing is chosen from words of the card id (a duck, a hat, a mask...) and
then from its categories, so each card shows what its name says.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.engine.cards import CardDef

from .artkit import glow, hsv, rays, sparkle, translucent, vgradient
from .palette import Colour, darker, lighter

Thing = Callable[[pygame.Surface, random.Random, tuple[float, float], float, Colour], None]


def _outline(surf, pts, col, u):
    pygame.draw.polygon(surf, col, pts)
    pygame.draw.polygon(surf, darker(col, 0.5), pts, max(1, round(u * 0.02)))


def _sword(surf, rng, c, u, col):
    x, y = c
    blade = [(x - 0.5 * u, y + 0.5 * u), (x + 0.42 * u, y - 0.42 * u), (x + 0.5 * u, y - 0.5 * u),
             (x + 0.45 * u, y - 0.36 * u), (x - 0.44 * u, y + 0.56 * u)]
    _outline(surf, blade, (220, 226, 236), u)
    pygame.draw.line(surf, (255, 255, 255), (x - 0.4 * u, y + 0.44 * u), (x + 0.4 * u, y - 0.38 * u), max(1, round(u * 0.02)))
    gx, gy = x - 0.3 * u, y + 0.32 * u
    pygame.draw.line(surf, (200, 170, 60), (gx - 0.14 * u, gy - 0.14 * u), (gx + 0.14 * u, gy + 0.14 * u), max(2, round(u * 0.07)))
    pygame.draw.line(surf, darker(col, 0.3), (gx - 0.02 * u, gy + 0.02 * u), (gx - 0.25 * u, gy + 0.25 * u), max(2, round(u * 0.08)))


def _cannon(surf, rng, c, u, col):
    x, y = c
    pygame.draw.rect(surf, (80, 90, 100), pygame.Rect(x - 0.6 * u, y - 0.14 * u, 1.1 * u, 0.28 * u), border_radius=round(0.06 * u))
    pygame.draw.rect(surf, (60, 66, 76), pygame.Rect(x - 0.3 * u, y + 0.1 * u, 0.3 * u, 0.35 * u))
    glow(surf, (x + 0.55 * u, y), 0.3 * u, (60, 120, 200))
    pygame.draw.circle(surf, (160, 220, 255), (x + 0.52 * u, y), 0.1 * u)


def _fan(surf, rng, c, u, col):
    x, y = c
    pygame.draw.polygon(surf, (250, 250, 240), [(x - 0.1 * u, y + 0.5 * u), (x - 0.55 * u, y - 0.45 * u),
                                               (x + 0.55 * u, y - 0.45 * u), (x + 0.1 * u, y + 0.5 * u)])
    for i in range(6):
        k = -0.55 + i * 0.22
        pygame.draw.line(surf, (180, 170, 150), (x + k * u, y - 0.45 * u), (x, y + 0.5 * u), max(1, round(u * 0.015)))
    pygame.draw.rect(surf, (200, 40, 40), pygame.Rect(x - 0.12 * u, y + 0.35 * u, 0.24 * u, 0.25 * u))


def _book(surf, rng, c, u, col):
    x, y = c
    cover = hsv(rng.random(), 0.55, 0.6)
    pygame.draw.polygon(surf, (250, 246, 230), [(x - 0.5 * u, y - 0.3 * u), (x, y - 0.2 * u), (x + 0.5 * u, y - 0.3 * u),
                                               (x + 0.5 * u, y + 0.4 * u), (x, y + 0.5 * u), (x - 0.5 * u, y + 0.4 * u)])
    pygame.draw.polygon(surf, cover, [(x - 0.55 * u, y + 0.42 * u), (x, y + 0.54 * u), (x + 0.55 * u, y + 0.42 * u),
                                      (x + 0.55 * u, y + 0.48 * u), (x, y + 0.6 * u), (x - 0.55 * u, y + 0.48 * u)])
    pygame.draw.line(surf, darker(cover, 0.3), (x, y - 0.2 * u), (x, y + 0.5 * u), max(1, round(u * 0.02)))
    for k in range(5):
        for side in (-1, 1):
            yy = y - 0.1 * u + k * 0.1 * u
            pygame.draw.line(surf, (150, 150, 160), (x + side * 0.08 * u, yy), (x + side * 0.42 * u, yy - 0.05 * u), max(1, round(u * 0.015)))


def _scroll(surf, rng, c, u, col):
    x, y = c
    for i in range(3):  # paper talismans
        dx = (i - 1) * 0.32 * u
        r = pygame.Rect(x + dx - 0.12 * u, y - 0.45 * u + abs(i - 1) * 0.08 * u, 0.24 * u, 0.8 * u)
        pygame.draw.rect(surf, (250, 244, 220), r)
        pygame.draw.rect(surf, (200, 40, 40), r.inflate(-0.08 * u, -0.1 * u), max(1, round(u * 0.02)))
        pygame.draw.line(surf, (30, 30, 30), (r.centerx, r.y + 0.15 * u), (r.centerx, r.bottom - 0.15 * u), max(1, round(u * 0.03)))


def _chip(surf, rng, c, u, col):
    x, y = c
    body = pygame.Rect(x - 0.35 * u, y - 0.35 * u, 0.7 * u, 0.7 * u)
    for k in range(6):
        for side in (-1, 1):
            yy = body.y + 0.08 * u + k * 0.11 * u
            pygame.draw.line(surf, (200, 180, 90), (body.centerx + side * 0.35 * u, yy), (body.centerx + side * 0.5 * u, yy), max(1, round(u * 0.03)))
    pygame.draw.rect(surf, (40, 50, 60), body, border_radius=round(0.05 * u))
    glow(surf, body.center, 0.4 * u, (30, 90, 60))
    pygame.draw.rect(surf, (80, 230, 150), body.inflate(-0.35 * u, -0.35 * u), max(1, round(u * 0.03)))


def _chest(surf, rng, c, u, col):
    x, y = c
    for _ in range(8):
        pygame.draw.circle(surf, (250, 210, 70), (x + rng.uniform(-0.6, 0.6) * u, y + rng.uniform(0.3, 0.5) * u), 0.08 * u)
    box = pygame.Rect(x - 0.45 * u, y - 0.1 * u, 0.9 * u, 0.5 * u)
    pygame.draw.rect(surf, (130, 80, 40), box)
    pygame.draw.ellipse(surf, (150, 95, 50), pygame.Rect(box.x, y - 0.35 * u, box.w, 0.5 * u))
    for dx in (-0.3, 0.3):
        pygame.draw.rect(surf, (220, 180, 60), pygame.Rect(x + dx * u - 0.04 * u, y - 0.33 * u, 0.08 * u, 0.73 * u))
    pygame.draw.rect(surf, (240, 200, 70), pygame.Rect(x - 0.07 * u, y - 0.05 * u, 0.14 * u, 0.14 * u))
    glow(surf, (x, y - 0.1 * u), 0.5 * u, (100, 80, 20))


def _gift(surf, rng, c, u, col):
    x, y = c
    paper = hsv(rng.random(), 0.6, 0.9)
    box = pygame.Rect(x - 0.4 * u, y - 0.2 * u, 0.8 * u, 0.6 * u)
    pygame.draw.rect(surf, paper, box)
    pygame.draw.rect(surf, lighter(paper, 0.2), pygame.Rect(box.x - 0.05 * u, box.y - 0.15 * u, box.w + 0.1 * u, 0.18 * u))
    ribbon = (255, 240, 240) if paper[0] > 150 else (250, 210, 60)
    pygame.draw.rect(surf, ribbon, pygame.Rect(x - 0.06 * u, box.y - 0.15 * u, 0.12 * u, box.h + 0.15 * u))
    for side in (-1, 1):
        pygame.draw.ellipse(surf, ribbon, pygame.Rect(x + (side - 1) * 0.14 * u + (0.02 if side > 0 else 0) * u, box.y - 0.35 * u, 0.28 * u, 0.2 * u), max(1, round(0.05 * u)))


def _gem(surf, rng, c, u, col):
    x, y = c
    g = hsv(rng.random(), 0.6, 0.95)
    glow(surf, c, 0.8 * u, darker(g, 0.5))
    top = [(x - 0.3 * u, y - 0.3 * u), (x + 0.3 * u, y - 0.3 * u), (x + 0.48 * u, y - 0.08 * u), (x, y + 0.5 * u), (x - 0.48 * u, y - 0.08 * u)]
    pygame.draw.polygon(surf, g, top)
    pygame.draw.polygon(surf, lighter(g, 0.4), [(x - 0.3 * u, y - 0.3 * u), (x, y - 0.3 * u), (x - 0.12 * u, y - 0.08 * u), (x - 0.48 * u, y - 0.08 * u)])
    pygame.draw.polygon(surf, darker(g, 0.3), [(x, y + 0.5 * u), (x + 0.48 * u, y - 0.08 * u), (x + 0.12 * u, y - 0.08 * u)])
    sparkle(surf, (x - 0.2 * u, y - 0.2 * u), 0.12 * u, (255, 255, 255))


def _core(surf, rng, c, u, col):
    x, y = c
    g = hsv(0.33 + rng.uniform(-0.1, 0.2), 0.7, 1.0)
    glow(surf, c, 0.9 * u, darker(g, 0.4))
    tube = pygame.Rect(x - 0.2 * u, y - 0.4 * u, 0.4 * u, 0.8 * u)
    pygame.draw.rect(surf, lighter(g, 0.3), tube, border_radius=round(0.15 * u))
    pygame.draw.rect(surf, (90, 96, 110), pygame.Rect(x - 0.28 * u, y - 0.5 * u, 0.56 * u, 0.14 * u))
    pygame.draw.rect(surf, (90, 96, 110), pygame.Rect(x - 0.28 * u, y + 0.36 * u, 0.56 * u, 0.14 * u))
    pygame.draw.line(surf, (255, 255, 255), (x - 0.08 * u, y - 0.3 * u), (x - 0.08 * u, y + 0.3 * u), max(1, round(0.04 * u)))


def _food(surf, rng, c, u, col, kind: str = ""):
    x, y = c
    kind = kind or rng.choice(("onigiri", "bun", "bowl"))
    if kind == "onigiri":
        pygame.draw.polygon(surf, (250, 250, 246), [(x, y - 0.45 * u), (x + 0.45 * u, y + 0.35 * u), (x - 0.45 * u, y + 0.35 * u)])
        pygame.draw.circle(surf, (250, 250, 246), (x, y + 0.1 * u), 0.3 * u)
        pygame.draw.rect(surf, (30, 50, 40), pygame.Rect(x - 0.18 * u, y + 0.05 * u, 0.36 * u, 0.32 * u))
    elif kind == "bun":
        pygame.draw.ellipse(surf, (230, 170, 70), pygame.Rect(x - 0.5 * u, y - 0.3 * u, u, 0.65 * u))
        for k in range(-2, 3):
            pygame.draw.line(surf, (250, 220, 130), (x + k * 0.15 * u - 0.1 * u, y - 0.2 * u), (x + k * 0.15 * u + 0.1 * u, y + 0.2 * u), max(1, round(0.03 * u)))
    else:
        pygame.draw.ellipse(surf, (240, 230, 200), pygame.Rect(x - 0.45 * u, y - 0.2 * u, 0.9 * u, 0.3 * u))
        pygame.draw.polygon(surf, (200, 50, 40), [(x - 0.5 * u, y - 0.05 * u), (x + 0.5 * u, y - 0.05 * u), (x + 0.3 * u, y + 0.4 * u), (x - 0.3 * u, y + 0.4 * u)])
        steam = translucent(surf)
        for k in (-1, 0, 1):
            pygame.draw.arc(steam, (255, 255, 255, 140), pygame.Rect(x + k * 0.2 * u, y - 0.7 * u, 0.15 * u, 0.4 * u), 1.5, 4.7, max(1, round(0.03 * u)))
        surf.blit(steam, (0, 0))


def _can(surf, rng, c, u, col):
    x, y = c
    body = pygame.Rect(x - 0.25 * u, y - 0.45 * u, 0.5 * u, 0.9 * u)
    can = hsv(rng.random(), 0.7, 0.85)
    pygame.draw.rect(surf, can, body, border_radius=round(0.06 * u))
    pygame.draw.rect(surf, (200, 204, 210), pygame.Rect(body.x, body.y, body.w, 0.08 * u))
    pygame.draw.rect(surf, lighter(can, 0.5), pygame.Rect(body.x + 0.06 * u, body.y + 0.1 * u, 0.07 * u, body.h - 0.2 * u))
    sparkle(surf, (x + 0.05 * u, y), 0.15 * u, (255, 255, 210))


def _eggs(surf, rng, c, u, col):
    x, y = c
    pygame.draw.rect(surf, (170, 130, 90), pygame.Rect(x - 0.55 * u, y, 1.1 * u, 0.35 * u))
    for k in range(4):
        pygame.draw.ellipse(surf, (250, 246, 236), pygame.Rect(x - 0.5 * u + k * 0.26 * u, y - 0.2 * u, 0.24 * u, 0.32 * u))
    steam = translucent(surf)
    for k in range(3):
        pygame.draw.circle(steam, (255, 255, 255, 70), (x + (k - 1) * 0.3 * u, y - 0.45 * u), 0.16 * u)
    surf.blit(steam, (0, 0))


def _duck(surf, rng, c, u, col):
    x, y = c
    pygame.draw.ellipse(surf, (250, 214, 50), pygame.Rect(x - 0.5 * u, y - 0.05 * u, u, 0.5 * u))
    pygame.draw.circle(surf, (250, 214, 50), (x + 0.15 * u, y - 0.15 * u), 0.25 * u)
    pygame.draw.polygon(surf, (240, 120, 40), [(x + 0.35 * u, y - 0.18 * u), (x + 0.6 * u, y - 0.1 * u), (x + 0.35 * u, y - 0.04 * u)])
    pygame.draw.circle(surf, (20, 20, 20), (x + 0.22 * u, y - 0.22 * u), 0.04 * u)
    sparkle(surf, (x - 0.4 * u, y - 0.4 * u), 0.15 * u, (255, 255, 220))


def _hat(surf, rng, c, u, col):
    x, y = c
    pygame.draw.ellipse(surf, (40, 36, 40), pygame.Rect(x - 0.6 * u, y, 1.2 * u, 0.3 * u))
    pygame.draw.polygon(surf, (40, 36, 40), [(x - 0.45 * u, y + 0.1 * u), (x - 0.3 * u, y - 0.35 * u), (x, y - 0.2 * u),
                                             (x + 0.3 * u, y - 0.35 * u), (x + 0.45 * u, y + 0.1 * u)])
    pygame.draw.circle(surf, (250, 250, 250), (x, y - 0.07 * u), 0.09 * u)
    pygame.draw.line(surf, (230, 190, 60), (x - 0.45 * u, y + 0.05 * u), (x + 0.45 * u, y + 0.05 * u), max(1, round(0.04 * u)))


def _mask(surf, rng, c, u, col):
    x, y = c
    face = [(x - 0.4 * u, y - 0.2 * u), (x - 0.35 * u, y - 0.6 * u), (x - 0.15 * u, y - 0.3 * u), (x + 0.15 * u, y - 0.3 * u),
            (x + 0.35 * u, y - 0.6 * u), (x + 0.4 * u, y - 0.2 * u), (x + 0.3 * u, y + 0.2 * u), (x, y + 0.5 * u), (x - 0.3 * u, y + 0.2 * u)]
    _outline(surf, face, (250, 248, 240), u)
    for side in (-1, 1):
        pygame.draw.polygon(surf, (200, 40, 40), [(x + side * 0.28 * u, y - 0.08 * u), (x + side * 0.1 * u, y - 0.02 * u),
                                                  (x + side * 0.26 * u, y + 0.02 * u)])
    pygame.draw.line(surf, (200, 40, 40), (x - 0.05 * u, y + 0.3 * u), (x + 0.05 * u, y + 0.3 * u), max(1, round(0.03 * u)))


def _gourd(surf, rng, c, u, col):
    x, y = c
    pygame.draw.circle(surf, (220, 170, 80), (x, y + 0.2 * u), 0.32 * u)
    pygame.draw.circle(surf, (220, 170, 80), (x, y - 0.25 * u), 0.2 * u)
    pygame.draw.rect(surf, (200, 40, 40), pygame.Rect(x - 0.2 * u, y - 0.08 * u, 0.4 * u, 0.06 * u))
    pygame.draw.rect(surf, (120, 80, 40), pygame.Rect(x - 0.05 * u, y - 0.55 * u, 0.1 * u, 0.14 * u))
    glow(surf, (x, y - 0.6 * u), 0.3 * u, (60, 90, 120))


def _mallet(surf, rng, c, u, col):
    x, y = c
    pygame.draw.line(surf, (150, 100, 60), (x - 0.4 * u, y + 0.45 * u), (x + 0.15 * u, y - 0.1 * u), max(2, round(0.08 * u)))
    head = [(x - 0.05 * u, y - 0.45 * u), (x + 0.45 * u, y + 0.05 * u), (x + 0.25 * u, y + 0.25 * u), (x - 0.25 * u, y - 0.25 * u)]
    _outline(surf, head, (200, 150, 90), u)
    for _ in range(4):
        sparkle(surf, (x + rng.uniform(-0.6, 0.6) * u, y + rng.uniform(-0.6, 0.2) * u), 0.08 * u, (255, 255, 230))


def _tags(surf, rng, c, u, col):
    x, y = c
    pygame.draw.arc(surf, (170, 170, 180), pygame.Rect(x - 0.4 * u, y - 0.6 * u, 0.8 * u, 0.9 * u), 0.2, 2.9, max(1, round(0.03 * u)))
    for k, dx in enumerate((-0.2, 0.12)):
        t = pygame.Rect(x + dx * u - 0.18 * u, y - 0.05 * u + k * 0.1 * u, 0.36 * u, 0.5 * u)
        pygame.draw.rect(surf, (200, 204, 212), t, border_radius=round(0.08 * u))
        for line in range(3):
            pygame.draw.line(surf, (110, 114, 124), (t.x + 0.06 * u, t.y + (0.14 + 0.1 * line) * u), (t.right - 0.06 * u, t.y + (0.14 + 0.1 * line) * u), 1)


def _figure_box(surf, rng, c, u, col):
    x, y = c
    box = pygame.Rect(x - 0.35 * u, y - 0.5 * u, 0.7 * u, u)
    pygame.draw.rect(surf, hsv(rng.random(), 0.5, 0.95), box, border_radius=round(0.04 * u))
    win = box.inflate(-0.16 * u, -0.3 * u).move(0, 0.06 * u)
    pygame.draw.rect(surf, (220, 236, 250), win)
    pygame.draw.circle(surf, (255, 220, 200), (x, win.y + 0.2 * u), 0.1 * u)
    pygame.draw.polygon(surf, (240, 80, 140), [(x, win.y + 0.25 * u), (x + 0.14 * u, win.bottom - 0.05 * u), (x - 0.14 * u, win.bottom - 0.05 * u)])
    sparkle(surf, (box.right, box.y), 0.15 * u, (255, 255, 200))


def _note(surf, rng, c, u, col):
    x, y = c
    box = pygame.Rect(x - 0.45 * u, y - 0.05 * u, 0.9 * u, 0.45 * u)
    pygame.draw.rect(surf, (150, 90, 50), box)
    pygame.draw.rect(surf, (190, 130, 70), pygame.Rect(box.x, box.y - 0.12 * u, box.w, 0.12 * u))
    pygame.draw.rect(surf, (230, 190, 60), pygame.Rect(x - 0.06 * u, y + 0.1 * u, 0.12 * u, 0.1 * u))
    for k, dx in enumerate((-0.3, 0.05, 0.35)):
        nx, ny = x + dx * u, y - (0.35 + 0.1 * k) * u
        pygame.draw.ellipse(surf, (40, 30, 60), pygame.Rect(nx - 0.08 * u, ny, 0.16 * u, 0.11 * u))
        pygame.draw.line(surf, (40, 30, 60), (nx + 0.07 * u, ny + 0.05 * u), (nx + 0.07 * u, ny - 0.25 * u), max(1, round(0.03 * u)))


def _mic(surf, rng, c, u, col):
    x, y = c
    pygame.draw.arc(surf, (60, 60, 70), pygame.Rect(x - 0.4 * u, y - 0.5 * u, 0.8 * u, 0.9 * u), 0, math.pi, max(2, round(0.07 * u)))
    for side in (-1, 1):
        pygame.draw.ellipse(surf, (240, 90, 160), pygame.Rect(x + side * 0.4 * u - 0.12 * u, y - 0.1 * u, 0.24 * u, 0.3 * u))
    pygame.draw.line(surf, (60, 60, 70), (x - 0.4 * u, y + 0.15 * u), (x - 0.05 * u, y + 0.35 * u), max(1, round(0.04 * u)))
    pygame.draw.circle(surf, (40, 40, 40), (x - 0.02 * u, y + 0.36 * u), 0.06 * u)


def _ears(surf, rng, c, u, col):
    x, y = c
    pygame.draw.arc(surf, (60, 60, 70), pygame.Rect(x - 0.5 * u, y - 0.3 * u, u, 0.9 * u), 0.1, math.pi - 0.1, max(2, round(0.07 * u)))
    for side in (-1, 1):
        ear = [(x + side * 0.18 * u, y - 0.25 * u), (x + side * 0.42 * u, y - 0.7 * u), (x + side * 0.48 * u, y - 0.12 * u)]
        _outline(surf, ear, (250, 240, 240), u)
        glow(surf, (x + side * 0.42 * u, y - 0.35 * u), 0.15 * u, (40, 100, 40))


def _kotatsu(surf, rng, c, u, col):
    x, y = c
    quilt = hsv(rng.random(), 0.5, 0.8)
    pygame.draw.polygon(surf, quilt, [(x - 0.6 * u, y + 0.4 * u), (x - 0.45 * u, y - 0.1 * u), (x + 0.45 * u, y - 0.1 * u), (x + 0.6 * u, y + 0.4 * u)])
    pygame.draw.rect(surf, (160, 110, 60), pygame.Rect(x - 0.55 * u, y - 0.2 * u, 1.1 * u, 0.12 * u))
    pygame.draw.circle(surf, (240, 150, 40), (x - 0.1 * u, y - 0.28 * u), 0.08 * u)
    pygame.draw.circle(surf, (240, 150, 40), (x + 0.1 * u, y - 0.27 * u), 0.08 * u)


def _letter(surf, rng, c, u, col):
    x, y = c
    env = pygame.Rect(x - 0.5 * u, y - 0.3 * u, u, 0.65 * u)
    pygame.draw.rect(surf, (250, 240, 236), env)
    pygame.draw.lines(surf, (200, 190, 186), False, [env.topleft, (x, y + 0.05 * u), env.topright], max(1, round(0.03 * u)))
    pygame.draw.circle(surf, (220, 40, 80), (x - 0.06 * u, y + 0.02 * u), 0.08 * u)
    pygame.draw.circle(surf, (220, 40, 80), (x + 0.06 * u, y + 0.02 * u), 0.08 * u)
    pygame.draw.polygon(surf, (220, 40, 80), [(x - 0.14 * u, y + 0.05 * u), (x + 0.14 * u, y + 0.05 * u), (x, y + 0.2 * u)])


def _cat(surf, rng, c, u, col):
    x, y = c
    pygame.draw.ellipse(surf, (250, 248, 240), pygame.Rect(x - 0.35 * u, y - 0.05 * u, 0.7 * u, 0.55 * u))
    pygame.draw.circle(surf, (250, 248, 240), (x, y - 0.2 * u), 0.3 * u)
    for side in (-1, 1):
        pygame.draw.polygon(surf, (250, 248, 240), [(x + side * 0.1 * u, y - 0.42 * u), (x + side * 0.28 * u, y - 0.6 * u), (x + side * 0.3 * u, y - 0.3 * u)])
    pygame.draw.line(surf, (250, 248, 240), (x + 0.3 * u, y), (x + 0.45 * u, y - 0.55 * u), max(2, round(0.1 * u)))  # the beckoning paw
    pygame.draw.arc(surf, (30, 30, 30), pygame.Rect(x - 0.16 * u, y - 0.26 * u, 0.12 * u, 0.08 * u), 0, math.pi, 2)
    pygame.draw.arc(surf, (30, 30, 30), pygame.Rect(x + 0.04 * u, y - 0.26 * u, 0.12 * u, 0.08 * u), 0, math.pi, 2)
    pygame.draw.circle(surf, (240, 200, 60), (x, y + 0.15 * u), 0.12 * u)


def _vehicle(surf, rng, c, u, col):
    x, y = c
    paint = hsv(rng.random(), 0.6, 0.85)
    body = [(x - 0.6 * u, y + 0.2 * u), (x - 0.55 * u, y - 0.05 * u), (x - 0.2 * u, y - 0.1 * u), (x - 0.05 * u, y - 0.35 * u),
            (x + 0.35 * u, y - 0.35 * u), (x + 0.55 * u, y - 0.05 * u), (x + 0.62 * u, y + 0.2 * u)]
    _outline(surf, body, paint, u)
    pygame.draw.polygon(surf, (200, 230, 250), [(x, y - 0.3 * u), (x + 0.3 * u, y - 0.3 * u), (x + 0.42 * u, y - 0.08 * u), (x - 0.08 * u, y - 0.08 * u)])
    for dx in (-0.35, 0.38):
        pygame.draw.circle(surf, (30, 30, 36), (x + dx * u, y + 0.22 * u), 0.14 * u)
        pygame.draw.circle(surf, (170, 170, 180), (x + dx * u, y + 0.22 * u), 0.06 * u)


def _copter(surf, rng, c, u, col):
    x, y = c
    paint = hsv(rng.random(), 0.6, 0.85)
    pygame.draw.ellipse(surf, paint, pygame.Rect(x - 0.35 * u, y - 0.2 * u, 0.6 * u, 0.4 * u))
    pygame.draw.polygon(surf, paint, [(x + 0.2 * u, y - 0.05 * u), (x + 0.7 * u, y - 0.1 * u), (x + 0.7 * u, y + 0.02 * u), (x + 0.2 * u, y + 0.08 * u)])
    pygame.draw.ellipse(surf, (200, 230, 250), pygame.Rect(x - 0.3 * u, y - 0.15 * u, 0.25 * u, 0.2 * u))
    pygame.draw.line(surf, (50, 50, 60), (x - 0.05 * u, y - 0.2 * u), (x - 0.05 * u, y - 0.35 * u), max(1, round(0.04 * u)))
    blur = translucent(surf)
    pygame.draw.ellipse(blur, (40, 40, 50, 120), pygame.Rect(x - 0.7 * u, y - 0.4 * u, 1.3 * u, 0.1 * u))
    surf.blit(blur, (0, 0))
    pygame.draw.line(surf, (50, 50, 60), (x - 0.2 * u, y + 0.3 * u), (x + 0.15 * u, y + 0.3 * u), max(1, round(0.04 * u)))


def _rocket(surf, rng, c, u, col):
    x, y = c
    paint = hsv(rng.random(), 0.5, 0.9)
    glow(surf, (x - 0.55 * u, y + 0.1 * u), 0.35 * u, (160, 90, 20))
    pygame.draw.polygon(surf, (255, 180, 60), [(x - 0.4 * u, y - 0.05 * u), (x - 0.8 * u, y + 0.1 * u), (x - 0.4 * u, y + 0.25 * u)])
    _outline(surf, [(x - 0.45 * u, y - 0.12 * u), (x + 0.3 * u, y - 0.15 * u), (x + 0.6 * u, y + 0.1 * u), (x + 0.3 * u, y + 0.35 * u), (x - 0.45 * u, y + 0.32 * u)], paint, u)
    pygame.draw.circle(surf, (200, 230, 250), (x + 0.25 * u, y + 0.08 * u), 0.09 * u)
    pygame.draw.polygon(surf, darker(paint, 0.3), [(x - 0.3 * u, y - 0.12 * u), (x - 0.45 * u, y - 0.35 * u), (x - 0.1 * u, y - 0.13 * u)])


def _walker(surf, rng, c, u, col):
    x, y = c
    metal = (120, 132, 110)
    pygame.draw.rect(surf, metal, pygame.Rect(x - 0.35 * u, y - 0.45 * u, 0.7 * u, 0.45 * u), border_radius=round(0.08 * u))
    pygame.draw.rect(surf, (255, 200, 60), pygame.Rect(x - 0.2 * u, y - 0.35 * u, 0.4 * u, 0.08 * u))
    for side in (-1, 1):
        pygame.draw.lines(surf, darker(metal, 0.3), False, [(x + side * 0.25 * u, y), (x + side * 0.45 * u, y + 0.25 * u), (x + side * 0.3 * u, y + 0.55 * u)], max(2, round(0.08 * u)))
    pygame.draw.rect(surf, darker(metal, 0.2), pygame.Rect(x + 0.3 * u, y - 0.3 * u, 0.4 * u, 0.1 * u))


def _slingshot(surf, rng, c, u, col):
    x, y = c
    lw = max(2, round(0.08 * u))
    pygame.draw.line(surf, (90, 96, 110), (x, y + 0.5 * u), (x, y), lw)
    pygame.draw.line(surf, (90, 96, 110), (x, y), (x - 0.3 * u, y - 0.4 * u), lw)
    pygame.draw.line(surf, (90, 96, 110), (x, y), (x + 0.3 * u, y - 0.4 * u), lw)
    glow(surf, (x, y - 0.2 * u), 0.35 * u, (40, 100, 160))
    pygame.draw.lines(surf, (140, 220, 255), False, [(x - 0.3 * u, y - 0.4 * u), (x, y - 0.15 * u), (x + 0.3 * u, y - 0.4 * u)], max(1, round(0.03 * u)))


def _photobook(surf, rng, c, u, col):
    x, y = c
    book = pygame.Rect(x - 0.35 * u, y - 0.45 * u, 0.7 * u, 0.9 * u)
    pygame.draw.rect(surf, (40, 20, 40), book)
    pygame.draw.rect(surf, (250, 200, 230), book.inflate(-0.12 * u, -0.3 * u))
    pygame.draw.circle(surf, (40, 20, 40), (x, y - 0.05 * u), 0.12 * u)
    glow(surf, (x, y), 0.6 * u, (70, 20, 60))
    for side in (-1, 1):
        pygame.draw.circle(surf, (255, 40, 40), (x + side * 0.045 * u, y - 0.06 * u), 0.02 * u)


def _parts(surf, rng, c, u, col):
    x, y = c
    lw = max(1, round(0.04 * u))
    pygame.draw.circle(surf, (160, 170, 180), c, 0.35 * u)
    pygame.draw.circle(surf, (80, 90, 100), c, 0.35 * u, lw)
    for k in range(8):
        a = k * math.pi / 4
        pygame.draw.line(surf, (120, 130, 140), (x + math.cos(a) * 0.35 * u, y + math.sin(a) * 0.35 * u),
                         (x + math.cos(a) * 0.48 * u, y + math.sin(a) * 0.48 * u), max(2, round(0.1 * u)))
    pygame.draw.circle(surf, (60, 200, 230), c, 0.12 * u)


# Words of the id first (they say the most), then categories.
BY_WORD: dict[str, Thing] = {
    "duck": _duck, "hat": _hat, "mask": _mask, "gourd": _gourd, "mallet": _mallet, "tags": _tags,
    "figure": _figure_box, "figurine": _cat, "letter": _letter, "eggs": _eggs, "can": _can, "chest": _chest,
    "chip": _chip, "core": _core, "blueprint": _book, "diary": _book, "guide": _book, "recipe": _book,
    "pan": lambda *a: _food(*a, kind="bun"), "ration": lambda *a: _food(*a, kind="onigiri"),
    "photobook": _photobook, "crystal": _gem, "shard": _sword, "music": _note, "mic": _mic, "radar": _ears,
    "kotatsu": _kotatsu, "wards": _scroll, "harisen": _fan, "slingshot": _slingshot, "cannon": _cannon,
    "walker": _walker, "scooter": _vehicle, "gyrocopter": _copter, "dinghy": _rocket, "blade": _sword,
}
BY_CATEGORY: tuple[tuple[str, Thing], ...] = (
    ("Weapon", _sword), ("Food", _food), ("Knowledge", _book), ("Clue", _book), ("Money", _chest),
    ("Gift", _gift), ("Artifact", _gem), ("Science", _core), ("Spell", _scroll), ("Clothing", _hat),
)


def thing(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    w, h = surf.get_size()
    blue = card.type != "item"
    hue = rng.uniform(0.52, 0.66) if blue else rng.uniform(0.04, 0.14)
    vgradient(surf, [hsv(hue, 0.45, 0.92), hsv(hue + 0.04, 0.55, 0.6)])
    if rng.random() < 0.7:
        rays(surf, (w / 2, h * 0.5), rng.choice((12, 16, 20)), hsv(hue, 0.4, 0.85), rng.random())
    glow(surf, (w / 2, h * 0.5), h * 0.55, (120, 110, 80))
    words = card.id.split("-")
    paint = next((BY_WORD[wd] for wd in words if wd in BY_WORD), None)
    paint = paint or next((p for cat, p in BY_CATEGORY if cat in card.categories), _parts if blue else _gem)
    floor = translucent(surf)
    pygame.draw.ellipse(floor, (0, 0, 0, 60), pygame.Rect(w / 2 - 0.45 * h, 0.84 * h, 0.9 * h, 0.12 * h))
    surf.blit(floor, (0, 0))
    paint(surf, rng, (w / 2, h * 0.5), h * 0.62, hsv(hue, 0.5, 0.8))
    for _ in range(rng.randint(2, 5)):
        sparkle(surf, (rng.random() * w, rng.uniform(0.05, 0.6) * h), h * rng.uniform(0.015, 0.035), (255, 255, 240))
