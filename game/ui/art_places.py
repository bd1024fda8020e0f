"""Landscapes for Locations and Havens: a seeded sky and hills, then landmarks
picked from the card's categories (a torii for a shrine, a hangar for the
army, neon for money, a planet for Planetary places...)."""
from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.engine.cards import CardDef

from .artkit import Pen, glow, hsv, ridge, sparkle, stars, translucent, vgradient
from .palette import Colour, darker, lighter, mix

SKIES: dict[str, tuple[Colour, Colour, Colour]] = {
    "day": ((80, 150, 226), (150, 200, 240),
            (226, 238, 248)),
    "dusk": ((58, 40, 108), (206, 96, 124),
             (252, 184, 112)),
    "night": ((10, 14, 40), (28, 38, 88), (66, 64, 124)),
    "dawn": ((118, 148, 220), (240, 170, 184),
             (255, 222, 170)),
    }
Landmark = Callable[[pygame.Surface, random.Random, "Scene"], None]


class Scene:
    """The sky, light and ground colours a landscape's landmarks share."""

    def __init__(self, surf: pygame.Surface, rng: random.Random, time: str):
        self.surf, self.rng, self.time = surf, rng, time
        self.w, self.h = surf.get_size()
        self.sky = SKIES[time]
        self.night = time == "night"
        self.ground = 0.74
        # Silhouettes take the sky's horizon colour, darkened: aerial perspective.
        self.far = mix(self.sky[2], (40, 40, 70), 0.45)
        self.near = mix(self.sky[1], (20, 24, 34), 0.72)

    def paint_sky(self) -> None:
        s, rng = self.surf, self.rng
        vgradient(s, list(self.sky))
        if self.night:
            stars(s, rng, 70, (230, 230, 255))
            m = (rng.uniform(0.15, 0.85) * self.w, rng.uniform(0.12, 0.3) * self.h)
            glow(s, m, self.h * 0.3, (70, 70, 100))
            pygame.draw.circle(s, (250, 246, 220), m, self.h * 0.07)
        else:
            sun = (rng.uniform(0.15, 0.85) * self.w, rng.uniform(0.2, 0.5) * self.h)
            glow(s, sun, self.h * 0.5, (120, 100, 60))
            pygame.draw.circle(s, (255, 250, 226), sun, self.h * 0.06)
            for _ in range(rng.randint(1, 3)):
                self.cloud((rng.random() * self.w, rng.uniform(0.1, 0.4) * self.h),
                           rng.uniform(0.06, 0.1) * self.h)

    def cloud(self, at: tuple[float, float], r: float) -> None:
        layer = translucent(self.surf)
        col = (*lighter(self.sky[2], 0.5), 200)
        for dx, dy, k in ((-1.2, 0.2, 0.7), (0, 0, 1), (1.1, 0.15, 0.8), (0.5, 0.35, 0.8),
                          (-0.5, 0.35, 0.8)):
            pygame.draw.circle(layer, col, (at[0] + dx * r, at[1] + dy * r), r * k)
        self.surf.blit(layer, (0, 0))

    def hills(self) -> None:
        ridge(self.surf, self.rng, 0.56, 0.1, self.far, bumps=3)
        ridge(self.surf, self.rng, self.ground - 0.04, 0.04, mix(self.far, self.near, 0.5), bumps=5)

    def floor(self, colour: Colour) -> None:
        vgradient(self.surf, [colour, darker(colour, 0.35)],
                  pygame.Rect(0, round(self.ground * self.h), self.w, self.h))

    def window(self, rect: pygame.Rect) -> None:
        lit = self.rng.random() < (0.6 if self.night else 0.25)
        col = (255, 220, 120) if lit else mix(self.sky[1], (30, 30, 50), 0.55)
        pygame.draw.rect(self.surf, col, rect)


# --- landmarks -----------------------------------------------------------------

def _skyline(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    x = -rng.uniform(0, 0.05) * sc.w
    neon = [hsv(rng.random(), 0.8, 1.0) for _ in range(3)]
    while x < sc.w:
        bw = rng.uniform(0.08, 0.16) * sc.w
        top = rng.uniform(0.28, 0.55) * sc.h
        r = pygame.Rect(x, top, bw, sc.ground * sc.h - top + 2)
        pygame.draw.rect(s, mix(sc.near, (60, 60, 90), rng.random() * 0.3), r)
        step = max(4, round(sc.h * 0.035))
        for wy in range(r.y + step, r.bottom - step, step * 2):
            for wx in range(r.x + step // 2, r.right - step, step):
                sc.window(pygame.Rect(wx, wy, step // 2, step))
        if rng.random() < 0.5:
            sign = pygame.Rect(r.x + bw * 0.2, top + sc.h * 0.06, bw * 0.2, sc.h * 0.14)
            col = rng.choice(neon)
            glow(s, sign.center, sc.h * 0.1, darker(col, 0.55))
            pygame.draw.rect(s, col, sign, border_radius=round(sc.h * 0.01))
        x += bw + rng.uniform(0, 0.02) * sc.w


def _hangar(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    cx = rng.uniform(0.35, 0.65) * sc.w
    g = sc.ground * sc.h
    r = pygame.Rect(cx - 0.34 * sc.h, g - 0.36 * sc.h, 0.68 * sc.h, 0.72 * sc.h)
    pygame.draw.ellipse(s, (104, 112, 96), r)
    pygame.draw.rect(s, sc.surf.get_at((0, sc.h - 1)), pygame.Rect(0, g, sc.w, sc.h))
    door = pygame.Rect(cx - 0.18 * sc.h, g - 0.22 * sc.h, 0.36 * sc.h, 0.22 * sc.h)
    pygame.draw.rect(s, (40, 40, 46), door)
    glow(s, door.center, sc.h * 0.16, (90, 70, 30))
    for i in range(1, 6):
        pygame.draw.line(s, (80, 88, 74),
                         (r.x + r.w * i / 6, g - 0.3 * sc.h * math.sin(math.pi * i / 6)),
                         (r.x + r.w * i / 6,
                          door.y if door.left < r.x + r.w * i / 6 < door.right else g), 2)
    pygame.draw.rect(s, (200, 180, 40), pygame.Rect(door.x, door.y - sc.h * 0.03, door.w, sc.h * 0.02))


def _tower(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    x = rng.uniform(0.25, 0.75) * sc.w
    g = sc.ground * sc.h
    top = 0.12 * sc.h
    lw = max(1, round(sc.h * 0.012))
    col = darker(sc.near, 0.2)
    for side in (-1, 1):
        pygame.draw.line(s, col, (x + side * 0.09 * sc.h, g), (x, top), lw * 2)
    for i in range(1, 8):
        y = top + (g - top) * i / 8
        half = 0.09 * sc.h * i / 8
        pygame.draw.line(s, col, (x - half, y), (x + half, y), lw)
    glow(s, (x, top), sc.h * 0.08, (200, 40, 40))
    pygame.draw.circle(s, (255, 80, 70), (x, top), sc.h * 0.015)


def _torii(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    cx = rng.uniform(0.4, 0.6) * sc.w
    g = (sc.ground + 0.06) * sc.h
    u = sc.h * rng.uniform(0.5, 0.6)
    red = (204, 52, 40)
    for side in (-1, 1):
        pygame.draw.rect(s, red,
                         pygame.Rect(cx + side * 0.28 * u - 0.03 * u, g - 0.75 * u, 0.06 * u, 0.75 * u))
    pygame.draw.rect(s, red, pygame.Rect(cx - 0.36 * u, g - 0.62 * u, 0.72 * u, 0.05 * u))
    pygame.draw.polygon(s, (40, 30, 30), [(cx - 0.5 * u, g - 0.8 * u), (cx + 0.5 * u, g - 0.8 * u),
                                          (cx + 0.44 * u, g - 0.72 * u), (cx - 0.44 * u, g - 0.72 * u)])
    pygame.draw.rect(s, red, pygame.Rect(cx - 0.44 * u, g - 0.72 * u, 0.88 * u, 0.04 * u))
    for side in (-1, 1):  # stone lanterns with fox-fire
        lx = cx + side * 0.62 * u
        pygame.draw.rect(s, (150, 150, 140),
                         pygame.Rect(lx - 0.03 * u, g - 0.22 * u, 0.06 * u, 0.22 * u))
        pygame.draw.polygon(s, (120, 120, 110),
                            [(lx - 0.09 * u, g - 0.22 * u), (lx + 0.09 * u, g - 0.22 * u),
                             (lx, g - 0.3 * u)])
        glow(s, (lx, g - 0.2 * u), 0.12 * u, (120, 120, 200) if sc.night else (120, 80, 30))


def _bamboo(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    for _ in range(rng.randint(9, 14)):
        x = rng.random() * sc.w
        wdt = rng.uniform(0.015, 0.035) * sc.h
        col = mix((60, 130, 70), sc.near, rng.uniform(0.1, 0.6))
        pygame.draw.rect(s, col, pygame.Rect(x, 0, wdt, sc.h))
        for y in range(0, sc.h, max(1, round(sc.h * rng.uniform(0.12, 0.18)))):
            pygame.draw.line(s, darker(col, 0.3), (x, y), (x + wdt, y), max(1, round(wdt * 0.2)))
        for _ in range(3):
            y = rng.uniform(0.05, 0.6) * sc.h
            side = rng.choice((-1, 1))
            pygame.draw.polygon(s, lighter(col, 0.15),
                                [(x + wdt / 2, y), (x + wdt / 2 + side * 0.12 * sc.h, y + 0.02 * sc.h),
                                 (x + wdt / 2 + side * 0.02 * sc.h, y + 0.035 * sc.h)])


def _trees(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    for _ in range(rng.randint(4, 7)):
        x = rng.random() * sc.w
        g = (sc.ground + rng.uniform(-0.02, 0.05)) * sc.h
        r = rng.uniform(0.07, 0.12) * sc.h
        pygame.draw.rect(s, (80, 60, 50), pygame.Rect(x - r * 0.12, g - r * 1.4, r * 0.24, r * 1.4))
        col = mix((70, 140, 70), sc.near, 0.35)
        for dx, dy in ((0, -2.0), (-0.6, -1.5), (0.6, -1.5)):
            pygame.draw.circle(s, col, (x + dx * r, g + dy * r), r * 0.8)


def _water(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    top = round(sc.ground * sc.h)
    rect = pygame.Rect(0, top, sc.w, sc.h - top)
    vgradient(s, [mix(sc.sky[2], (30, 90, 150), 0.5), (20, 50, 100)], rect)
    for _ in range(26):
        y = rng.uniform(top + 3, sc.h)
        x = rng.random() * sc.w
        pygame.draw.line(s, lighter(mix(sc.sky[2], (60, 120, 180), 0.5), 0.3), (x, y),
                         (x + rng.uniform(0.03, 0.1) * sc.w, y), max(1, round(sc.h * 0.006)))


def _japanese_house(s: pygame.Surface, rng: random.Random, sc: Scene, wide: float = 1.0) -> pygame.Rect:
    cx = rng.uniform(0.38, 0.62) * sc.w
    g = (sc.ground + 0.04) * sc.h
    u = sc.h * 0.5 * wide
    body = pygame.Rect(cx - 0.5 * u, g - 0.42 * u, u, 0.42 * u)
    pygame.draw.rect(s, (236, 224, 200), body)
    for i in range(5):
        sc.window(pygame.Rect(body.x + u * (0.08 + i * 0.18), body.y + u * 0.1, u * 0.12, u * 0.2))
    pygame.draw.rect(s, (110, 70, 50), body, max(1, round(u * 0.02)))
    roof = [(cx - 0.72 * u, g - 0.38 * u), (cx - 0.5 * u, g - 0.62 * u), (cx + 0.5 * u, g - 0.62 * u),
            (cx + 0.72 * u, g - 0.38 * u), (cx + 0.6 * u, g - 0.44 * u), (cx - 0.6 * u, g - 0.44 * u)]
    pygame.draw.polygon(s, (62, 66, 84), roof)
    return body


def _dojo(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    _japanese_house(s, rng, sc)
    for _ in range(30):  # falling petals
        p = (rng.random() * sc.w, rng.random() * sc.h)
        pygame.draw.ellipse(s, (255, 182, 206), pygame.Rect(p[0], p[1], sc.h * 0.02, sc.h * 0.012))


def _school(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    g = (sc.ground + 0.02) * sc.h
    body = pygame.Rect(0.12 * sc.w, g - 0.34 * sc.h, 0.76 * sc.w, 0.34 * sc.h)
    pygame.draw.rect(s, (232, 228, 214), body)
    step = body.w / 9
    for row in range(3):
        for i in range(9):
            sc.window(pygame.Rect(body.x + i * step + step * 0.2,
                                  body.y + sc.h * (0.03 + row * 0.1), step * 0.6, sc.h * 0.06))
    tower = pygame.Rect(body.centerx - 0.06 * sc.h, body.y - 0.12 * sc.h, 0.12 * sc.h, 0.14 * sc.h)
    pygame.draw.rect(s, (232, 228, 214), tower)
    pygame.draw.circle(s, (250, 250, 250), tower.center, 0.045 * sc.h)
    pygame.draw.circle(s, (60, 60, 60), tower.center, 0.045 * sc.h, max(1, round(sc.h * 0.006)))
    pygame.draw.line(s, (60, 60, 60), tower.center, (tower.centerx, tower.centery - 0.03 * sc.h), 2)


def _stalls(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    g = (sc.ground + 0.05) * sc.h
    x = 0.02 * sc.w
    while x < sc.w * 0.95:
        bw = rng.uniform(0.18, 0.26) * sc.w
        col = hsv(rng.choice((0.0, 0.58, 0.08, 0.95)), 0.7, 0.85)
        pygame.draw.rect(s, (120, 84, 60), pygame.Rect(x, g - 0.22 * sc.h, bw, 0.22 * sc.h))
        for i in range(6):
            stripe = col if i % 2 == 0 else (250, 246, 236)
            pygame.draw.rect(s, stripe,
                             pygame.Rect(x + bw * i / 6, g - 0.3 * sc.h, bw / 6 + 1, 0.08 * sc.h))
        x += bw + 0.02 * sc.w
    for i in range(9):  # a string of paper lanterns
        lx = sc.w * (i + 0.5) / 9
        ly = sc.h * (0.22 + 0.05 * math.sin(i * 1.3))
        glow(s, (lx, ly), sc.h * 0.08, (140, 70, 20))
        pygame.draw.ellipse(s, (236, 70, 50),
                            pygame.Rect(lx - sc.h * 0.03, ly - sc.h * 0.04, sc.h * 0.06, sc.h * 0.08))


def _tent(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    cx, g = rng.uniform(0.35, 0.65) * sc.w, (sc.ground + 0.04) * sc.h
    u = sc.h * 0.45
    pygame.draw.polygon(s, (220, 222, 210), [(cx - u, g), (cx, g - 0.7 * u), (cx + u, g)])
    pygame.draw.polygon(s, (60, 50, 40), [(cx - 0.2 * u, g), (cx, g - 0.5 * u), (cx + 0.2 * u, g)])
    c = (cx + 0.5 * u, g - 0.28 * u)
    k = 0.06 * u
    pygame.draw.rect(s, (210, 40, 40), pygame.Rect(c[0] - 3 * k, c[1] - k, 6 * k, 2 * k))
    pygame.draw.rect(s, (210, 40, 40), pygame.Rect(c[0] - k, c[1] - 3 * k, 2 * k, 6 * k))


def _bath(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    top = round((sc.ground + 0.04) * sc.h)
    pool = pygame.Rect(0.1 * sc.w, top, 0.8 * sc.w, sc.h * 0.2)
    pygame.draw.ellipse(s, (110, 110, 110), pool.inflate(sc.h * 0.06, sc.h * 0.04))
    pygame.draw.ellipse(s, (120, 190, 210), pool)
    steam = translucent(s)
    for _ in range(16):
        pygame.draw.circle(steam, (255, 255, 255, 60),
                           (rng.uniform(0.15, 0.85) * sc.w, rng.uniform(0.35, 0.8) * sc.h),
                           rng.uniform(0.05, 0.12) * sc.h)
    s.blit(steam, (0, 0))
    pygame.draw.rect(s, (150, 110, 70),
                     pygame.Rect(0, 0.45 * sc.h, sc.w * 0.12, 0.35 * sc.h))  # bamboo fence
    for i in range(5):
        pygame.draw.line(s, (110, 80, 50), (i * sc.w * 0.025, 0.45 * sc.h),
                         (i * sc.w * 0.025, 0.8 * sc.h), 2)


def _graves(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    for _ in range(rng.randint(6, 9)):
        x, g = rng.random() * sc.w, (sc.ground + rng.uniform(0, 0.18)) * sc.h
        u = rng.uniform(0.07, 0.12) * sc.h
        pygame.draw.rect(s, (120, 124, 130), pygame.Rect(x - u * 0.3, g - u, u * 0.6, u),
                         border_top_left_radius=round(u * 0.3),
                         border_top_right_radius=round(u * 0.3))
        if rng.random() < 0.5:  # an umbrella stuck in the ground
            col = hsv(rng.random(), 0.6, 0.7)
            pygame.draw.line(s, (60, 50, 50), (x + u, g), (x + u, g - 1.6 * u), 2)
            pygame.draw.polygon(s, col,
                                [(x + u - 0.7 * u, g - 1.3 * u), (x + u, g - 1.9 * u),
                                 (x + u + 0.7 * u, g - 1.3 * u)])
    for _ in range(4):  # will-o'-wisps
        glow(s, (rng.random() * sc.w, rng.uniform(0.3, 0.7) * sc.h), sc.h * 0.06, (60, 120, 120))


def _scrap(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    g = (sc.ground + 0.05) * sc.h
    x = rng.uniform(0.3, 0.7) * sc.w
    u = sc.h * 0.6
    metal = mix((110, 110, 120), sc.near, 0.4)
    pygame.draw.rect(s, metal, pygame.Rect(x - 0.18 * u, g - 0.55 * u, 0.36 * u, 0.4 * u),
                     border_radius=round(0.05 * u))
    pygame.draw.rect(s, metal, pygame.Rect(x - 0.1 * u, g - 0.75 * u, 0.2 * u, 0.18 * u),
                     border_radius=round(0.04 * u))
    glow(s, (x, g - 0.68 * u), 0.08 * u, (160, 40, 30))
    pygame.draw.rect(s, (255, 70, 60), pygame.Rect(x - 0.06 * u, g - 0.69 * u, 0.12 * u, 0.025 * u))
    pygame.draw.polygon(s, metal,
                        [(x - 0.18 * u, g - 0.5 * u), (x - 0.42 * u, g - 0.2 * u),
                         (x - 0.34 * u, g - 0.14 * u), (x - 0.16 * u, g - 0.36 * u)])
    for _ in range(12):
        cx, cy = rng.random() * sc.w, g - rng.uniform(-0.05, 0.12) * sc.h
        pygame.draw.polygon(s, darker(metal, rng.uniform(0.1, 0.4)), [
            (cx + math.cos(a) * sc.h * 0.08, cy + math.sin(a) * sc.h * 0.05)
            for a in (rng.uniform(0, 6.3) for _ in range(5))])


def _police_box(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    cx, g = rng.uniform(0.35, 0.65) * sc.w, (sc.ground + 0.03) * sc.h
    u = sc.h * 0.42
    pygame.draw.rect(s, (236, 232, 224), pygame.Rect(cx - 0.4 * u, g - 0.6 * u, 0.8 * u, 0.6 * u))
    pygame.draw.polygon(s, (60, 60, 70),
                        [(cx - 0.5 * u, g - 0.6 * u), (cx, g - 0.85 * u), (cx + 0.5 * u, g - 0.6 * u)])
    pygame.draw.rect(s, (60, 80, 120), pygame.Rect(cx - 0.12 * u, g - 0.4 * u, 0.24 * u, 0.4 * u))
    glow(s, (cx, g - 0.7 * u), 0.18 * u, (200, 30, 30))
    pygame.draw.circle(s, (255, 60, 60), (cx, g - 0.7 * u), 0.05 * u)


def _space(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    w, h = surf.get_size()
    hue = rng.random()
    vgradient(surf, [hsv(hue, 0.6, 0.12), hsv(hue + 0.1, 0.6, 0.3), hsv(hue + 0.15, 0.5, 0.18)])
    neb = translucent(surf)
    for _ in range(6):
        pygame.draw.circle(neb, (*hsv(hue + rng.uniform(-0.1, 0.1), 0.6, 0.9), 28),
                           (rng.random() * w, rng.random() * h), rng.uniform(0.2, 0.4) * h)
    surf.blit(neb, (0, 0))
    stars(surf, rng, 120, (220, 220, 255), 0, 1)
    planet = (rng.uniform(0.2, 0.8) * w, rng.uniform(0.55, 0.9) * h)
    pr = rng.uniform(0.3, 0.5) * h
    pc = hsv(rng.random(), 0.5, 0.8)
    glow(surf, planet, pr * 1.3, darker(pc, 0.6))
    pygame.draw.circle(surf, pc, planet, pr)
    shade = translucent(surf)
    pygame.draw.circle(shade, (0, 0, 20, 120), (planet[0] + pr * 0.35, planet[1] + pr * 0.3), pr)
    surf.blit(shade, (0, 0))
    if rng.random() < 0.6:
        pygame.draw.ellipse(surf, lighter(pc, 0.4),
                            pygame.Rect(planet[0] - pr * 1.6, planet[1] - pr * 0.25, pr * 3.2, pr * 0.5),
                            max(1, round(h * 0.012)))
    cats = card.categories
    if cats & {"Money", "Fame", "Science", "Holding"} or card.type == "haven":
        _station(surf, rng, w, h)
    if "Move" in cats:
        for _ in range(9):
            c = (rng.random() * w, rng.uniform(0.1, 0.7) * h)
            pygame.draw.polygon(surf, (110, 96, 90), [
                (c[0] + math.cos(a) * h * 0.05 * rng.uniform(0.6, 1),
                 c[1] + math.sin(a) * h * 0.05 * rng.uniform(0.6, 1))
                for a in [i * 1.05 for i in range(6)]])


def _station(surf: pygame.Surface, rng: random.Random, w: int, h: int) -> None:
    c = (rng.uniform(0.3, 0.7) * w, rng.uniform(0.2, 0.35) * h)
    u = h * 0.22
    pygame.draw.ellipse(surf, (190, 196, 210), pygame.Rect(c[0] - u, c[1] - u * 0.2, 2 * u, 0.4 * u))
    pygame.draw.rect(surf, (150, 156, 170),
                     pygame.Rect(c[0] - u * 0.15, c[1] - u * 0.6, u * 0.3, u * 1.2))
    for i in range(7):
        x = c[0] - u * 0.8 + i * u * 0.26
        pygame.draw.circle(surf, hsv(rng.random(), 0.7, 1.0), (x, c[1]), u * 0.05)
    glow(surf, c, u * 0.8, (60, 60, 90))


def _rift(surf: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    c = (rng.uniform(0.3, 0.7) * sc.w, rng.uniform(0.3, 0.45) * sc.h)
    for i in range(7, 0, -1):
        r = sc.h * 0.05 * i
        col = hsv(0.78 + i * 0.02, 0.7, 0.3 + 0.1 * (7 - i))
        pygame.draw.ellipse(surf, col, pygame.Rect(c[0] - r * 0.6, c[1] - r, r * 1.2, r * 2))
    glow(surf, c, sc.h * 0.3, (120, 60, 160))
    for _ in range(8):
        sparkle(surf, (c[0] + rng.uniform(-0.3, 0.3) * sc.h, c[1] + rng.uniform(-0.3, 0.3) * sc.h),
                sc.h * rng.uniform(0.01, 0.03), (240, 220, 255))


def _notes(surf: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    _skyline(surf, rng, sc)
    for _ in range(5):
        x, y = rng.uniform(0.1, 0.9) * sc.w, rng.uniform(0.1, 0.4) * sc.h
        col = hsv(rng.random(), 0.6, 1.0)
        u = sc.h * 0.05
        pygame.draw.ellipse(surf, col, pygame.Rect(x, y + u * 1.6, u * 1.1, u * 0.8))
        pygame.draw.line(surf, col, (x + u, y + u * 2), (x + u, y), max(1, round(u * 0.25)))
        pygame.draw.line(surf, col, (x + u, y), (x + u * 1.7, y + u * 0.5), max(1, round(u * 0.25)))


def _bunker(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    """A low concrete dome with a watch slit, behind sandbags."""
    pen = Pen(s, (rng.uniform(0.4, 0.6) * sc.w, (sc.ground + 0.04) * sc.h), sc.h * 0.5)
    concrete = mix((150, 150, 140), sc.near, 0.3)
    pen.ellipse(concrete, -0.6, -0.45, 1.2, 0.9)
    pen.rect(darker(concrete, 0.6), -0.3, -0.25, 0.6, 0.07)
    pen.glow(0, -0.22, 0.25, (90, 70, 30))
    for k in range(7):
        pen.ellipse((170, 150, 100), -0.75 + k * 0.22, -0.08, 0.24, 0.12)
    pen.line((90, 100, 80), (0.4, -0.4), (0.4, -0.85), 0.02)  # antenna
    pen.circle((255, 70, 60), 0.4, -0.86, 0.025)


def _wreck(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    """A star freighter nose-down in the ground, still smoking."""
    pen = Pen(s, (rng.uniform(0.4, 0.6) * sc.w, (sc.ground + 0.05) * sc.h), sc.h * 0.6)
    hull = (170, 176, 190)
    pen.poly(hull, [(-0.7, -0.05), (-0.2, -0.55), (0.55, -0.35), (0.6, -0.15), (0.1, 0.05)],
             outline=True)
    pen.poly(darker(hull, 0.3), [(0.55, -0.35), (0.8, -0.7), (0.85, -0.55), (0.6, -0.15)])
    for k in range(4):
        pen.circle((120, 200, 240), -0.25 + k * 0.18, -0.3 + k * 0.05, 0.035)
    smoke = Pen(translucent(s), (pen.x, pen.y), pen.u)
    for k in range(6):
        smoke.circle((60, 60, 70, 110), 0.65 + k * 0.04, -0.8 - k * 0.12, 0.08 + k * 0.03)
    s.blit(smoke.surf, (0, 0))


def _silo(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    """An open silo hatch with a missile's nose showing."""
    pen = Pen(s, (rng.uniform(0.4, 0.6) * sc.w, (sc.ground + 0.12) * sc.h), sc.h * 0.5)
    pen.ellipse((80, 84, 90), -0.55, -0.18, 1.1, 0.36)
    pen.ellipse((30, 30, 36), -0.42, -0.12, 0.84, 0.24)
    pen.poly((230, 230, 236), [(-0.12, 0), (-0.12, -0.55), (0, -0.8), (0.12, -0.55), (0.12, 0)])
    pen.poly((200, 40, 40), [(-0.12, -0.55), (0, -0.8), (0.12, -0.55)])
    for side in (-1, 1):  # the hatch doors, flung open
        pen.poly((110, 116, 100), [(side * 0.42, -0.05), (side * 0.95, -0.35), (side * 1.0, -0.25),
                                   (side * 0.5, 0.05)])
    pen.glow(0, -0.1, 0.5, (90, 40, 20))


def _office(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    """A small office building with a lit sign over the door."""
    pen = Pen(s, (rng.uniform(0.4, 0.6) * sc.w, (sc.ground + 0.04) * sc.h), sc.h * 0.6)
    pen.rect((210, 200, 180), -0.5, -0.7, 1.0, 0.7)
    for row in range(2):
        for i in range(4):
            sc.window(pen.box(-0.42 + i * 0.22, -0.62 + row * 0.24, 0.14, 0.16))
    pen.rect((80, 60, 50), -0.1, -0.22, 0.2, 0.22)
    pen.glow(0, -0.3, 0.3, (120, 100, 40))
    pen.rect((255, 230, 120), -0.25, -0.32, 0.5, 0.08, radius=0.02)


def _rooftop(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    """The town far below, seen through the roof's fence."""
    far = translucent(s)
    _skyline(far, rng, sc)
    s.blit(pygame.transform.smoothscale(far, (s.get_width(), s.get_height() // 2)),
           (0, s.get_height() * 0.45))
    top, step = sc.h * 0.55, max(3, round(sc.h * 0.05))
    rail = (90, 110, 100)
    pygame.draw.rect(s, (150, 150, 140), pygame.Rect(0, sc.h * 0.9, sc.w, sc.h * 0.1))
    lw = max(1, round(sc.h * 0.006))
    for x in range(-sc.h, sc.w + sc.h, step):  # chain-link diamonds
        pygame.draw.line(s, rail, (x, top), (x + sc.h * 0.35, sc.h * 0.9), lw)
        pygame.draw.line(s, rail, (x, top), (x - sc.h * 0.35, sc.h * 0.9), lw)
    pygame.draw.line(s, rail, (0, top), (sc.w, top), max(2, round(sc.h * 0.015)))


def _beach(s: pygame.Surface, rng: random.Random, sc: Scene) -> None:
    """The sea, a strip of sand and one beach stall with a striped awning."""
    _water(s, rng, sc)
    sand = (236, 214, 160)
    pygame.draw.polygon(s, sand, [(0, sc.h * 0.82), (sc.w, sc.h * 0.9), (sc.w, sc.h), (0, sc.h)])
    pen = Pen(s, (rng.uniform(0.3, 0.7) * sc.w, sc.h * 0.9), sc.h * 0.4)
    pen.rect((150, 100, 60), -0.5, -0.5, 1.0, 0.5)
    for i in range(6):
        pen.rect((220, 50, 50) if i % 2 == 0 else (250, 246, 236), -0.6 + i * 0.2, -0.7, 0.2, 0.2)
    pen.rect((250, 246, 236), -0.3, -0.42, 0.6, 0.14)  # the sign
    pen.glow(0, -0.3, 0.5, (80, 60, 20))


# Words of the id name a landmark more exactly than a category can.
BY_WORD: dict[str, tuple[Landmark, ...]] = {
    "bunker": (_bunker,), "freighter": (_wreck,), "silo": (_silo,), "office": (_office,),
    "rooftop": (_rooftop,), "beach": (_beach,), "haunted": (_school, _graves),
    "graveyard": (_graves,), "lantern": (_stalls,),
}


# Category -> (time of day, landmarks); the first category of this list the card has wins.
THEMES: tuple[tuple[str, str, tuple[Landmark, ...]], ...] = (
    ("Dimensional", "night", (_rift, _torii)),
    ("Hot Tub", "dusk", (_bath,)),
    ("Undead", "night", (_graves,)),
    ("Robot", "dusk", (_scrap,)),
    ("Mecha", "day", (_hangar,)),
    ("Missile", "dusk", (_hangar, _tower)),
    ("Medical", "day", (_tent,)),
    ("View", "dusk", (_tower,)),
    ("Holding", "night", (_hangar,)),
    ("Military", "dawn", (_hangar,)),
    ("Spirit", "night", (_torii,)),
    ("Sanctuary", "dawn", (_torii,)),
    ("Tree", "night", (_bamboo,)),
    ("Water", "day", (_water,)),
    ("Swamp", "dusk", (_water, _trees)),
    ("School", "day", (_school,)),
    ("Food", "night", (_stalls,)),
    ("Music", "night", (_notes,)),
    ("Police", "day", (_police_box,)),
    ("Legal", "day", (_police_box,)),
    ("Money", "night", (_skyline,)),
    ("Sports", "dawn", (_dojo,)),
    )


def location(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    if card.categories & {"Planetary", "Alien"}:
        _space(surf, rng, card)
        return
    # A Haven with no landmark of its own is a house among trees.
    plain = (_trees, _japanese_house) if card.type == "haven" else (_trees,)
    time, marks = next(((t, m) for cat, t, m in THEMES if cat in card.categories),
                       (rng.choice(tuple(SKIES)), plain))
    marks = next((BY_WORD[w] for w in card.id.split("-") if w in BY_WORD), marks)
    sc = Scene(surf, rng, time)
    sc.paint_sky()
    sc.hills()
    sc.floor(mix((96, 150, 80), sc.near, 0.5 if sc.night else 0.25))
    for mark in marks:
        mark(surf, rng, sc)
