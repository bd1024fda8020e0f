"""Objects for Items and Equipment: one thing, lit in the middle of the picture.

The thing is chosen from words of the card id (a duck, a hat, a mask...) and
then from its categories, so each card shows what its name says. Each painter
draws with a Pen in units of the object's size around its centre.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.engine.cards import CardDef

from .artkit import Pen, glow, hsv, rays, sparkle, translucent, vgradient
from .palette import darker, lighter

Thing = Callable[[Pen, random.Random], None]
STEEL, DARK_STEEL, GOLD, RED = (90, 96, 110), (60, 66, 76), (230, 190, 60), (200, 40, 40)
PAPER, INKY = (250, 246, 236), (40, 36, 40)


def _sword(pen: Pen, rng: random.Random) -> None:
    pen.poly((220, 226, 236), [(-0.5, 0.5), (0.42, -0.42), (0.5, -0.5), (0.45, -0.36), (-0.44, 0.56)],
             outline=True)
    pen.line((255, 255, 255), (-0.4, 0.44), (0.4, -0.38), 0.02)
    pen.line((200, 170, 60), (-0.44, 0.18), (-0.16, 0.46), 0.07)  # guard
    pen.line((90, 50, 40), (-0.32, 0.34), (-0.55, 0.57), 0.08)  # grip


def _cannon(pen: Pen, rng: random.Random) -> None:
    pen.rect((80, 90, 100), -0.6, -0.14, 1.1, 0.28, radius=0.06)
    pen.rect(DARK_STEEL, -0.3, 0.1, 0.3, 0.35)
    pen.glow(0.55, 0, 0.3, (60, 120, 200))
    pen.circle((160, 220, 255), 0.52, 0, 0.1)


def _fan(pen: Pen, rng: random.Random) -> None:
    pen.poly((250, 250, 240), [(-0.1, 0.5), (-0.55, -0.45), (0.55, -0.45), (0.1, 0.5)])
    for i in range(6):
        pen.line((180, 170, 150), (-0.55 + i * 0.22, -0.45), (0, 0.5), 0.015)
    pen.rect(RED, -0.12, 0.35, 0.24, 0.25)


def _book(pen: Pen, rng: random.Random) -> None:
    cover = hsv(rng.random(), 0.55, 0.6)
    pen.poly(PAPER, [(-0.5, -0.3), (0, -0.2), (0.5, -0.3), (0.5, 0.4), (0, 0.5), (-0.5, 0.4)])
    pen.poly(cover, [(-0.55, 0.42), (0, 0.54), (0.55, 0.42), (0.55, 0.48), (0, 0.6), (-0.55, 0.48)])
    pen.line(darker(cover, 0.3), (0, -0.2), (0, 0.5), 0.02)
    for k in range(5):
        for side in (-1, 1):
            y = -0.1 + k * 0.1
            pen.line((150, 150, 160), (side * 0.08, y), (side * 0.42, y - 0.05), 0.015)


def _wards(pen: Pen, rng: random.Random) -> None:
    for i in range(3):  # paper talismans
        r = pen.box((i - 1) * 0.32 - 0.12, -0.45 + abs(i - 1) * 0.08, 0.24, 0.8)
        pygame.draw.rect(pen.surf, (250, 244, 220), r)
        pygame.draw.rect(pen.surf, RED, r.inflate(-0.08 * pen.u, -0.1 * pen.u), pen.px(0.02))
        pygame.draw.line(pen.surf, (30, 30, 30), (r.centerx, r.y + 0.15 * pen.u),
                         (r.centerx, r.bottom - 0.15 * pen.u), pen.px(0.03))


def _chip(pen: Pen, rng: random.Random) -> None:
    for k in range(6):
        for side in (-1, 1):
            y = -0.27 + k * 0.11
            pen.line((200, 180, 90), (side * 0.35, y), (side * 0.5, y), 0.03)
    pen.rect((40, 50, 60), -0.35, -0.35, 0.7, 0.7, radius=0.05)
    pen.glow(0, 0, 0.4, (30, 90, 60))
    pen.rect((80, 230, 150), -0.17, -0.17, 0.35, 0.35, width=0.03)


def _chest(pen: Pen, rng: random.Random) -> None:
    for _ in range(8):
        pen.circle((250, 210, 70), rng.uniform(-0.6, 0.6), rng.uniform(0.3, 0.5), 0.08)
    pen.rect((130, 80, 40), -0.45, -0.1, 0.9, 0.5)
    pen.ellipse((150, 95, 50), -0.45, -0.35, 0.9, 0.5)
    for dx in (-0.3, 0.3):
        pen.rect((220, 180, 60), dx - 0.04, -0.33, 0.08, 0.73)
    pen.rect((240, 200, 70), -0.07, -0.05, 0.14, 0.14)
    pen.glow(0, -0.1, 0.5, (100, 80, 20))


def _gift(pen: Pen, rng: random.Random) -> None:
    paper = hsv(rng.random(), 0.6, 0.9)
    ribbon = (255, 240, 240) if paper[0] > 150 else (250, 210, 60)
    pen.rect(paper, -0.4, -0.2, 0.8, 0.6)
    pen.rect(lighter(paper, 0.2), -0.45, -0.35, 0.9, 0.18)
    pen.rect(ribbon, -0.06, -0.35, 0.12, 0.75)
    pen.ellipse(ribbon, -0.28, -0.55, 0.28, 0.2, width=0.05)
    pen.ellipse(ribbon, 0.0, -0.55, 0.28, 0.2, width=0.05)


def _gem(pen: Pen, rng: random.Random) -> None:
    g = hsv(rng.random(), 0.6, 0.95)
    pen.glow(0, 0, 0.8, darker(g, 0.5))
    pen.poly(g, [(-0.3, -0.3), (0.3, -0.3), (0.48, -0.08), (0, 0.5), (-0.48, -0.08)])
    pen.poly(lighter(g, 0.4), [(-0.3, -0.3), (0, -0.3), (-0.12, -0.08), (-0.48, -0.08)])
    pen.poly(darker(g, 0.3), [(0, 0.5), (0.48, -0.08), (0.12, -0.08)])
    pen.sparkle(-0.2, -0.2, 0.12, (255, 255, 255))


def _core(pen: Pen, rng: random.Random) -> None:
    g = hsv(0.33 + rng.uniform(-0.1, 0.2), 0.7, 1.0)
    pen.glow(0, 0, 0.9, darker(g, 0.4))
    pen.rect(lighter(g, 0.3), -0.2, -0.4, 0.4, 0.8, radius=0.15)
    pen.rect(STEEL, -0.28, -0.5, 0.56, 0.14)
    pen.rect(STEEL, -0.28, 0.36, 0.56, 0.14)
    pen.line((255, 255, 255), (-0.08, -0.3), (-0.08, 0.3), 0.04)


def _onigiri(pen: Pen, rng: random.Random) -> None:
    pen.poly((250, 250, 246), [(0, -0.45), (0.45, 0.35), (-0.45, 0.35)])
    pen.circle((250, 250, 246), 0, 0.1, 0.3)
    pen.rect((30, 50, 40), -0.18, 0.05, 0.36, 0.32)


def _bun(pen: Pen, rng: random.Random) -> None:
    pen.ellipse((230, 170, 70), -0.5, -0.3, 1.0, 0.65)
    for k in range(-2, 3):
        pen.line((250, 220, 130), (k * 0.15 - 0.1, -0.2), (k * 0.15 + 0.1, 0.2), 0.03)


def _bowl(pen: Pen, rng: random.Random) -> None:
    pen.ellipse((240, 230, 200), -0.45, -0.2, 0.9, 0.3)
    pen.poly((200, 50, 40), [(-0.5, -0.05), (0.5, -0.05), (0.3, 0.4), (-0.3, 0.4)])
    steam = Pen(translucent(pen.surf), (pen.x, pen.y), pen.u)
    for k in (-1, 0, 1):
        steam.arc((255, 255, 255, 140), (k * 0.2, -0.7, 0.15, 0.4), 1.5, 4.7, 0.03)
    pen.surf.blit(steam.surf, (0, 0))


def _food(pen: Pen, rng: random.Random) -> None:
    rng.choice((_onigiri, _bun, _bowl))(pen, rng)


def _can(pen: Pen, rng: random.Random) -> None:
    can = hsv(rng.random(), 0.7, 0.85)
    pen.rect(can, -0.25, -0.45, 0.5, 0.9, radius=0.06)
    pen.rect((200, 204, 210), -0.25, -0.45, 0.5, 0.08)
    pen.rect(lighter(can, 0.5), -0.19, -0.35, 0.07, 0.7)
    pen.sparkle(0.05, 0, 0.15, (255, 255, 210))


def _eggs(pen: Pen, rng: random.Random) -> None:
    pen.rect((170, 130, 90), -0.55, 0, 1.1, 0.35)
    for k in range(4):
        pen.ellipse(PAPER, -0.5 + k * 0.26, -0.2, 0.24, 0.32)
    steam = Pen(translucent(pen.surf), (pen.x, pen.y), pen.u)
    for k in range(3):
        steam.circle((255, 255, 255, 70), (k - 1) * 0.3, -0.45, 0.16)
    pen.surf.blit(steam.surf, (0, 0))


def _duck(pen: Pen, rng: random.Random) -> None:
    pen.ellipse((250, 214, 50), -0.5, -0.05, 1.0, 0.5)
    pen.circle((250, 214, 50), 0.15, -0.15, 0.25)
    pen.poly((240, 120, 40), [(0.35, -0.18), (0.6, -0.1), (0.35, -0.04)])
    pen.circle((20, 20, 20), 0.22, -0.22, 0.04)
    pen.sparkle(-0.4, -0.4, 0.15, (255, 255, 220))


def _hat(pen: Pen, rng: random.Random) -> None:
    pen.ellipse(INKY, -0.6, 0, 1.2, 0.3)
    pen.poly(INKY, [(-0.45, 0.1), (-0.3, -0.35), (0, -0.2), (0.3, -0.35), (0.45, 0.1)])
    pen.circle((250, 250, 250), 0, -0.07, 0.09)
    pen.line(GOLD, (-0.45, 0.05), (0.45, 0.05), 0.04)


def _mask(pen: Pen, rng: random.Random) -> None:
    pen.poly((250, 248, 240), [(-0.4, -0.2), (-0.35, -0.6), (-0.15, -0.3), (0.15, -0.3), (0.35, -0.6),
                               (0.4, -0.2), (0.3, 0.2), (0, 0.5), (-0.3, 0.2)], outline=True)
    for side in (-1, 1):
        pen.poly(RED, [(side * 0.28, -0.08), (side * 0.1, -0.02), (side * 0.26, 0.02)])
    pen.line(RED, (-0.05, 0.3), (0.05, 0.3), 0.03)


def _gourd(pen: Pen, rng: random.Random) -> None:
    pen.circle((220, 170, 80), 0, 0.2, 0.32)
    pen.circle((220, 170, 80), 0, -0.25, 0.2)
    pen.rect(RED, -0.2, -0.08, 0.4, 0.06)
    pen.rect((120, 80, 40), -0.05, -0.55, 0.1, 0.14)
    pen.glow(0, -0.6, 0.3, (60, 90, 120))


def _mallet(pen: Pen, rng: random.Random) -> None:
    pen.line((150, 100, 60), (-0.4, 0.45), (0.15, -0.1), 0.08)
    pen.poly((200, 150, 90), [(-0.05, -0.45), (0.45, 0.05), (0.25, 0.25), (-0.25, -0.25)], outline=True)
    for _ in range(4):
        pen.sparkle(rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.2), 0.08, (255, 255, 230))


def _tags(pen: Pen, rng: random.Random) -> None:
    pen.arc((170, 170, 180), (-0.4, -0.6, 0.8, 0.9), 0.2, 2.9, 0.03)
    for k, dx in enumerate((-0.2, 0.12)):
        x, y = dx - 0.18, -0.05 + k * 0.1
        pen.rect((200, 204, 212), x, y, 0.36, 0.5, radius=0.08)
        for line in range(3):
            pen.line((110, 114, 124), (x + 0.06, y + 0.14 + 0.1 * line),
                     (x + 0.3, y + 0.14 + 0.1 * line), 0.01)


def _figure_box(pen: Pen, rng: random.Random) -> None:
    pen.rect(hsv(rng.random(), 0.5, 0.95), -0.35, -0.5, 0.7, 1.0, radius=0.04)
    pen.rect((220, 236, 250), -0.27, -0.29, 0.54, 0.7)
    pen.circle((255, 220, 200), 0, -0.09, 0.1)
    pen.poly((240, 80, 140), [(0, -0.04), (0.14, 0.36), (-0.14, 0.36)])
    pen.sparkle(0.35, -0.5, 0.15, (255, 255, 200))


def _music_box(pen: Pen, rng: random.Random) -> None:
    pen.rect((150, 90, 50), -0.45, -0.05, 0.9, 0.45)
    pen.rect((190, 130, 70), -0.45, -0.17, 0.9, 0.12)
    pen.rect(GOLD, -0.06, 0.1, 0.12, 0.1)
    for k, dx in enumerate((-0.3, 0.05, 0.35)):
        ny = -0.35 - 0.1 * k
        pen.ellipse((40, 30, 60), dx - 0.08, ny, 0.16, 0.11)
        pen.line((40, 30, 60), (dx + 0.07, ny + 0.05), (dx + 0.07, ny - 0.25), 0.03)


def _mic(pen: Pen, rng: random.Random) -> None:
    pen.arc((60, 60, 70), (-0.4, -0.5, 0.8, 0.9), 0, math.pi, 0.07)
    for side in (-1, 1):
        pen.ellipse((240, 90, 160), side * 0.4 - 0.12, -0.1, 0.24, 0.3)
    pen.line((60, 60, 70), (-0.4, 0.15), (-0.05, 0.35), 0.04)
    pen.circle((40, 40, 40), -0.02, 0.36, 0.06)


def _ears(pen: Pen, rng: random.Random) -> None:
    pen.arc((60, 60, 70), (-0.5, -0.3, 1.0, 0.9), 0.1, math.pi - 0.1, 0.07)
    for side in (-1, 1):
        pen.poly((250, 240, 240), [(side * 0.18, -0.25), (side * 0.42, -0.7), (side * 0.48, -0.12)],
                 outline=True)
        pen.glow(side * 0.42, -0.35, 0.15, (40, 100, 40))


def _kotatsu(pen: Pen, rng: random.Random) -> None:
    pen.poly(hsv(rng.random(), 0.5, 0.8), [(-0.6, 0.4), (-0.45, -0.1), (0.45, -0.1), (0.6, 0.4)])
    pen.rect((160, 110, 60), -0.55, -0.2, 1.1, 0.12)
    pen.circle((240, 150, 40), -0.1, -0.28, 0.08)  # mandarins on top
    pen.circle((240, 150, 40), 0.1, -0.27, 0.08)


def _letter(pen: Pen, rng: random.Random) -> None:
    pen.rect((250, 240, 236), -0.5, -0.3, 1.0, 0.65)
    pen.lines((200, 190, 186), [(-0.5, -0.3), (0, 0.05), (0.5, -0.3)], 0.03)
    pen.circle((220, 40, 80), -0.06, 0.02, 0.08)
    pen.circle((220, 40, 80), 0.06, 0.02, 0.08)
    pen.poly((220, 40, 80), [(-0.14, 0.05), (0.14, 0.05), (0, 0.2)])


def _cat(pen: Pen, rng: random.Random) -> None:
    white = (250, 248, 240)
    pen.ellipse(white, -0.35, -0.05, 0.7, 0.55)
    pen.circle(white, 0, -0.2, 0.3)
    for side in (-1, 1):
        pen.poly(white, [(side * 0.1, -0.42), (side * 0.28, -0.6), (side * 0.3, -0.3)])
    pen.line(white, (0.3, 0), (0.45, -0.55), 0.1)  # the beckoning paw
    pen.arc((30, 30, 30), (-0.16, -0.26, 0.12, 0.08), 0, math.pi, 0.02)
    pen.arc((30, 30, 30), (0.04, -0.26, 0.12, 0.08), 0, math.pi, 0.02)
    pen.circle((240, 200, 60), 0, 0.15, 0.12)


def _car(pen: Pen, rng: random.Random) -> None:
    pen.poly(hsv(rng.random(), 0.6, 0.85), [(-0.6, 0.2), (-0.55, -0.05), (-0.2, -0.1), (-0.05, -0.35),
                                            (0.35, -0.35), (0.55, -0.05), (0.62, 0.2)], outline=True)
    pen.poly((200, 230, 250), [(0, -0.3), (0.3, -0.3), (0.42, -0.08), (-0.08, -0.08)])
    for dx in (-0.35, 0.38):
        pen.circle((30, 30, 36), dx, 0.22, 0.14)
        pen.circle((170, 170, 180), dx, 0.22, 0.06)


def _copter(pen: Pen, rng: random.Random) -> None:
    paint = hsv(rng.random(), 0.6, 0.85)
    pen.ellipse(paint, -0.35, -0.2, 0.6, 0.4)
    pen.poly(paint, [(0.2, -0.05), (0.7, -0.1), (0.7, 0.02), (0.2, 0.08)])
    pen.ellipse((200, 230, 250), -0.3, -0.15, 0.25, 0.2)
    pen.line((50, 50, 60), (-0.05, -0.2), (-0.05, -0.35), 0.04)
    blur = Pen(translucent(pen.surf), (pen.x, pen.y), pen.u)
    blur.ellipse((40, 40, 50, 120), -0.7, -0.4, 1.3, 0.1)  # the spinning rotor
    pen.surf.blit(blur.surf, (0, 0))
    pen.line((50, 50, 60), (-0.2, 0.3), (0.15, 0.3), 0.04)


def _rocket(pen: Pen, rng: random.Random) -> None:
    paint = hsv(rng.random(), 0.5, 0.9)
    pen.glow(-0.55, 0.1, 0.35, (160, 90, 20))
    pen.poly((255, 180, 60), [(-0.4, -0.05), (-0.8, 0.1), (-0.4, 0.25)])
    pen.poly(paint, [(-0.45, -0.12), (0.3, -0.15), (0.6, 0.1), (0.3, 0.35), (-0.45, 0.32)], outline=True)
    pen.circle((200, 230, 250), 0.25, 0.08, 0.09)
    pen.poly(darker(paint, 0.3), [(-0.3, -0.12), (-0.45, -0.35), (-0.1, -0.13)])


def _walker(pen: Pen, rng: random.Random) -> None:
    metal = (120, 132, 110)
    pen.rect(metal, -0.35, -0.45, 0.7, 0.45, radius=0.08)
    pen.rect((255, 200, 60), -0.2, -0.35, 0.4, 0.08)
    for side in (-1, 1):
        pen.lines(darker(metal, 0.3), [(side * 0.25, 0), (side * 0.45, 0.25), (side * 0.3, 0.55)], 0.08)
    pen.rect(darker(metal, 0.2), 0.3, -0.3, 0.4, 0.1)


def _slingshot(pen: Pen, rng: random.Random) -> None:
    pen.line(STEEL, (0, 0.5), (0, 0), 0.08)
    pen.line(STEEL, (0, 0), (-0.3, -0.4), 0.08)
    pen.line(STEEL, (0, 0), (0.3, -0.4), 0.08)
    pen.glow(0, -0.2, 0.35, (40, 100, 160))
    pen.lines((140, 220, 255), [(-0.3, -0.4), (0, -0.15), (0.3, -0.4)], 0.03)


def _photobook(pen: Pen, rng: random.Random) -> None:
    pen.rect((40, 20, 40), -0.35, -0.45, 0.7, 0.9)
    pen.rect((250, 200, 230), -0.29, -0.3, 0.58, 0.6)
    pen.circle((40, 20, 40), 0, -0.05, 0.12)
    pen.glow(0, 0, 0.6, (70, 20, 60))
    for side in (-1, 1):  # the cursed idol's eyes
        pen.circle((255, 40, 40), side * 0.045, -0.06, 0.02)


def _gadget(pen: Pen, rng: random.Random) -> None:
    pen.circle((160, 170, 180), 0, 0, 0.35)
    pen.circle((80, 90, 100), 0, 0, 0.35, width=0.04)
    for k in range(8):
        a = k * math.pi / 4
        pen.line((120, 130, 140), (math.cos(a) * 0.35, math.sin(a) * 0.35),
                 (math.cos(a) * 0.48, math.sin(a) * 0.48), 0.1)
    pen.circle((60, 200, 230), 0, 0, 0.12)


# Words of the id first (they say the most), then categories.
BY_WORD: dict[str, Thing] = {
    "duck": _duck, "hat": _hat, "mask": _mask, "gourd": _gourd,
    "mallet": _mallet, "tags": _tags,
    "figure": _figure_box, "figurine": _cat, "letter": _letter,
    "eggs": _eggs, "can": _can,
    "chest": _chest, "chip": _chip, "core": _core, "blueprint": _book,
    "diary": _book,
    "guide": _book, "recipe": _book, "pan": _bun, "ration": _onigiri,
    "photobook": _photobook,
    "crystal": _gem, "shard": _sword, "music": _music_box, "mic": _mic,
    "radar": _ears,
    "kotatsu": _kotatsu, "wards": _wards, "harisen": _fan,
    "slingshot": _slingshot,
    "cannon": _cannon, "walker": _walker, "scooter": _car,
    "gyrocopter": _copter,
    "dinghy": _rocket, "blade": _sword,
    }
BY_CATEGORY: tuple[tuple[str, Thing], ...] = (
    ("Weapon", _sword), ("Food", _food),
    ("Knowledge", _book), ("Clue", _book), ("Money", _chest),
    ("Gift", _gift), ("Artifact", _gem),
    ("Science", _core), ("Spell", _wards), ("Clothing", _hat),
    )


def thing(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    w, h = surf.get_size()
    blue = card.type != "item"  # Equipment on a cool backdrop, Items on a warm one
    hue = rng.uniform(0.52, 0.66) if blue else rng.uniform(0.04, 0.14)
    vgradient(surf, [hsv(hue, 0.45, 0.92), hsv(hue + 0.04, 0.55, 0.6)])
    if rng.random() < 0.7:
        rays(surf, (w / 2, h * 0.5), rng.choice((12, 16, 20)), hsv(hue, 0.4, 0.85), rng.random())
    glow(surf, (w / 2, h * 0.5), h * 0.55, (120, 110, 80))
    paint = next((BY_WORD[wd] for wd in card.id.split("-") if wd in BY_WORD), None)
    paint = paint or next((p for cat, p in BY_CATEGORY if cat in card.categories),
                          _gadget if blue else _gem)
    shadow = translucent(surf)
    pygame.draw.ellipse(shadow, (0, 0, 0, 60),
                        pygame.Rect(w / 2 - 0.45 * h, 0.84 * h, 0.9 * h, 0.12 * h))
    surf.blit(shadow, (0, 0))
    paint(Pen(surf, (w / 2, h * 0.5), h * 0.62), rng)
    for _ in range(rng.randint(2, 5)):
        sparkle(surf, (rng.random() * w, rng.uniform(0.05, 0.6) * h), h * rng.uniform(0.015, 0.035),
                (255, 255, 240))
