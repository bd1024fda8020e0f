"""Anime-style portraits for Characters: a bust with hair, big eyes and a few
props chosen from the card's categories and skills, on a seeded backdrop."""
from __future__ import annotations

import math
import random

import pygame

from game.engine.cards import CardDef

from .artkit import glow, hsv, rays, sparkle, translucent, vgradient
from .palette import Colour, darker, lighter, mix

SKINS: tuple[Colour, ...] = ((255, 224, 200), (246, 210, 180), (236, 190, 150),
                             (200, 150, 110), (255, 232, 214))
# Hair hues and values an anime cast would wear: black, brown, blonde, and the bright ones.
HAIRS: tuple[tuple[float, float, float], ...] = (
    (0.62, 0.35, 0.22), (0.07, 0.6, 0.35),
    (0.12, 0.55, 0.95), (0.93, 0.45, 0.98),
    (0.58, 0.6, 0.85), (0.0, 0.05, 0.9),
    (0.99, 0.75, 0.8), (0.35, 0.5, 0.7),
    (0.76, 0.45, 0.75), (0.08, 0.75, 0.85),
    )
CLOTHES = {"Military": (96, 110, 64), "Police": (40, 56, 110), "School": (36, 44, 88),
           "Medical": (236, 240, 244), "Android": (210, 214, 226), "Divine": (236, 236, 240)}


class Bust:
    """One portrait's choices, drawn in layers back to front."""

    def __init__(self, surf: pygame.Surface, rng: random.Random, card: CardDef):
        self.surf, self.rng, self.card = surf, rng, card
        w, h = surf.get_size()
        self.h = h
        self.female = card.gender == "female"
        self.cx = w / 2 + rng.uniform(-0.05, 0.05) * h
        self.cy = h * 0.44
        self.r = h * 0.205
        self.skin = rng.choice(SKINS)
        if "Android" in card.categories:
            self.skin = (236, 232, 236)
        hue, sat, val = rng.choice(HAIRS)
        self.hair = hsv(hue + rng.uniform(-0.02, 0.02), sat, val)
        self.eye = hsv(rng.random(), 0.7, 0.75)
        cats = card.categories
        known = [CLOTHES[c] for c in sorted(cats) if c in CLOTHES]
        self.clothes = known[0] if known else hsv(rng.random(), 0.55, 0.6)
        self.style = rng.choice(("long", "long", "ponytail", "bob") if self.female
                                else ("spiky", "spiky", "short", "swept"))
        self.skills = {s for s, n in card.skills if n > 0}
        # An elder by name: white hair, short, and a beard for the men.
        self.old = bool(set(card.id.split("-")) & {"grandpa", "old", "granny"})
        if self.old:
            self.hair = (232, 232, 236)
            self.style = "short" if not self.female else "bob"

    def draw(self) -> None:
        self.backdrop()
        self.hair_back()
        self.body()
        self.face()
        self.hair_front()
        self.props()

    def backdrop(self) -> None:
        s, rng = self.surf, self.rng
        w, h = s.get_size()
        hue = rng.random()
        vgradient(s, [hsv(hue, 0.25, 1.0), hsv(hue + 0.06, 0.5, 0.85), hsv(hue + 0.1, 0.6, 0.6)])
        pattern = rng.choice(("rays", "rays", "dots", "stripes", "bokeh"))
        light = hsv(hue, 0.18, 1.0)
        if pattern == "rays":
            rays(s, (self.cx, self.cy), rng.choice((14, 18, 24)), light, rng.random())
        elif pattern == "dots":  # screen-tone dots, as in a manga panel
            step = h / 9
            for row in range(11):
                for col in range(int(w / step) + 2):
                    x = col * step + (step / 2 if row % 2 else 0)
                    pygame.draw.circle(s, light, (x, row * step), step * 0.22)
        elif pattern == "stripes":
            for k in range(-4, 16):
                x = k * h * 0.14
                pygame.draw.polygon(s, light, [(x, 0), (x + h * 0.06, 0), (x + h * 0.36, h),
                                               (x + h * 0.3, h)])
        else:
            layer = translucent(s)
            for _ in range(12):
                pygame.draw.circle(layer, (*hsv(hue + rng.uniform(-0.1, 0.1), 0.3, 1.0), 90),
                                   (rng.random() * w, rng.random() * h), rng.uniform(0.05, 0.14) * h)
            s.blit(layer, (0, 0))
        glow(s, (self.cx, self.cy), h * 0.5, (150, 140, 110), 1.0)
        for _ in range(rng.randint(3, 7)):
            sparkle(s, (rng.random() * w, rng.uniform(0.05, 0.7) * h),
                    h * rng.uniform(0.015, 0.04), (255, 255, 240))

    def hair_back(self) -> None:
        s, cx, cy, r = self.surf, self.cx, self.cy, self.r
        shade = darker(self.hair, 0.25)
        if self.style == "long":
            pygame.draw.ellipse(s, shade, pygame.Rect(cx - 1.3 * r, cy - 1.2 * r, 2.6 * r, 3.4 * r))
            pygame.draw.rect(s, shade, pygame.Rect(cx - 1.3 * r, cy, 2.6 * r, 1.9 * r),
                             border_radius=round(0.5 * r))
        elif self.style == "ponytail":
            side = self.rng.choice((-1, 1))
            tail = [(cx + side * 0.6 * r, cy - 0.9 * r), (cx + side * 1.9 * r, cy - 0.6 * r),
                    (cx + side * 2.0 * r, cy + 0.8 * r), (cx + side * 1.5 * r, cy + 1.6 * r),
                    (cx + side * 1.3 * r, cy + 0.3 * r), (cx + side * 0.8 * r, cy - 0.3 * r)]
            pygame.draw.polygon(s, shade, tail)
            pygame.draw.circle(s, (220, 60, 80), (cx + side * 0.95 * r, cy - 0.8 * r), 0.16 * r)
        elif self.style == "bob":
            pygame.draw.ellipse(s, shade, pygame.Rect(cx - 1.2 * r, cy - 1.15 * r, 2.4 * r, 2.5 * r))
        else:
            pygame.draw.circle(s, shade, (cx, cy - 0.1 * r), 1.1 * r)

    def body(self) -> None:
        s, cx, cy, r, h = self.surf, self.cx, self.cy, self.r, self.h
        c = self.clothes
        neck = pygame.Rect(cx - 0.32 * r, cy + 0.5 * r, 0.64 * r, 1.3 * r)
        pygame.draw.rect(s, darker(self.skin, 0.14), neck)
        width = 2.3 * r if self.female else 2.7 * r
        torso = pygame.Rect(cx - width, cy + 1.55 * r, 2 * width, 3.2 * r)
        pygame.draw.ellipse(s, c, torso)
        pygame.draw.rect(s, c, pygame.Rect(torso.x, torso.centery, torso.w, h))
        if "School" in self.card.categories:
            # Sailor collar with stripes, and a scarf.
            collar = [(cx - 1.4 * r, cy + 1.65 * r), (cx, cy + 3.0 * r), (cx + 1.4 * r, cy + 1.65 * r),
                      (cx + 2.0 * r, cy + 2.2 * r), (cx, cy + 3.8 * r), (cx - 2.0 * r, cy + 2.2 * r)]
            pygame.draw.polygon(s, (44, 60, 130), collar)
            pygame.draw.lines(s, (240, 240, 250), False, collar[3:] , max(1, round(0.08 * r)))
            pygame.draw.polygon(s, (210, 40, 60), [(cx - 0.45 * r, cy + 2.5 * r),
                                                   (cx + 0.45 * r, cy + 2.5 * r), (cx, cy + 3.4 * r)])
        else:
            v = [(cx - 0.75 * r, cy + 1.6 * r), (cx, cy + 2.6 * r), (cx + 0.75 * r, cy + 1.6 * r)]
            pygame.draw.polygon(s, darker(self.skin, 0.08), v)
            pygame.draw.lines(s, lighter(c, 0.45), False, v, max(1, round(0.12 * r)))
        cats = self.card.categories
        if "Medical" in cats:  # a doctor's coat: lapels and a red cross pin
            for side in (-1, 1):
                pygame.draw.polygon(s, (200, 204, 214), [(cx + side * 0.7 * r, cy + 1.6 * r),
                                                         (cx + side * 0.15 * r, cy + 3.2 * r),
                                                         (cx + side * 1.1 * r, cy + 2.2 * r)])
            k = 0.07 * r
            pin = (cx + 1.3 * r, cy + 2.5 * r)
            pygame.draw.rect(s, (210, 40, 40), pygame.Rect(pin[0] - 3 * k, pin[1] - k, 6 * k, 2 * k))
            pygame.draw.rect(s, (210, 40, 40), pygame.Rect(pin[0] - k, pin[1] - 3 * k, 2 * k, 6 * k))
        if "Police" in self.skills or "Police" in cats:  # a gold badge
            pygame.draw.polygon(s, (230, 190, 60), [
                (cx - 1.3 * r + 0.2 * r * math.cos(a), cy + 2.5 * r + 0.2 * r * math.sin(a))
                for a in (i * math.pi / 3 + math.pi / 6 for i in range(6))])
        if "Military" in self.card.categories:
            for side in (-1, 1):  # epaulettes
                pygame.draw.ellipse(s, (214, 180, 70), pygame.Rect(
                    cx + side * 1.9 * r - 0.45 * r,
                    cy + 1.9 * r, 0.9 * r, 0.3 * r))

    def face(self) -> None:
        s, cx, cy, r = self.surf, self.cx, self.cy, self.r
        skin = self.skin
        for side in (-1, 1):  # ears
            pygame.draw.ellipse(s, darker(skin, 0.06), pygame.Rect(
                cx + side * 0.86 * r - 0.15 * r,
                cy - 0.05 * r, 0.3 * r, 0.45 * r))
        pygame.draw.ellipse(s, skin, pygame.Rect(cx - 0.86 * r, cy - 1.0 * r, 1.72 * r, 1.8 * r))
        pygame.draw.polygon(s, skin, [(cx - 0.85 * r, cy + 0.1 * r), (cx - 0.5 * r, cy + 0.78 * r),
                                      (cx, cy + 1.05 * r), (cx + 0.5 * r, cy + 0.78 * r),
                                      (cx + 0.85 * r, cy + 0.1 * r)])
        self.eyes()
        mouth_y = cy + 0.72 * r
        dark = (90, 40, 40)
        kind = self.rng.choice(("smile", "line", "open", "smirk"))
        lw = max(1, round(0.05 * r))
        if kind == "smile":
            pygame.draw.arc(s, dark, pygame.Rect(cx - 0.16 * r, mouth_y - 0.14 * r, 0.32 * r, 0.2 * r),
                            math.pi * 1.1, math.pi * 1.9, lw)
        elif kind == "open":
            pygame.draw.polygon(s, (150, 50, 60), [(cx - 0.14 * r, mouth_y - 0.04 * r),
                                                   (cx + 0.14 * r, mouth_y - 0.04 * r),
                                                   (cx, mouth_y + 0.14 * r)])
        elif kind == "smirk":
            pygame.draw.line(s, dark, (cx - 0.12 * r, mouth_y), (cx + 0.14 * r, mouth_y - 0.06 * r), lw)
        else:
            pygame.draw.line(s, dark, (cx - 0.1 * r, mouth_y), (cx + 0.1 * r, mouth_y), lw)
        if self.female or self.rng.random() < 0.3:
            blush = translucent(s)
            for side in (-1, 1):
                pygame.draw.ellipse(blush, (255, 110, 130, 90), pygame.Rect(
                    cx + side * 0.5 * r - 0.18 * r, cy + 0.42 * r, 0.36 * r, 0.14 * r))
            s.blit(blush, (0, 0))

    def eyes(self) -> None:
        s, cx, cy, r = self.surf, self.cx, self.cy, self.r
        ew = 0.36 * r
        eh = (0.46 if self.female else 0.32) * r
        ey = cy + 0.2 * r
        lid = (40, 24, 30)
        for side in (-1, 1):
            ex = cx + side * 0.38 * r
            pygame.draw.ellipse(s, (255, 255, 255), pygame.Rect(ex - ew / 2, ey - eh / 2, ew, eh))
            iris = pygame.Rect(ex - ew * 0.36, ey - eh * 0.44, ew * 0.72, eh * 0.9)
            pygame.draw.ellipse(s, darker(self.eye, 0.3), iris)
            pygame.draw.ellipse(s, lighter(self.eye, 0.2),
                                iris.inflate(-iris.w * 0.3, -iris.h * 0.45).move(0, iris.h * 0.15))
            pygame.draw.ellipse(s, (20, 16, 24), iris.inflate(-iris.w * 0.55, -iris.h * 0.5))
            pygame.draw.circle(s, (255, 255, 255),
                               (ex - side * ew * 0.1 - ew * 0.08, ey - eh * 0.18), ew * 0.13)
            pygame.draw.circle(s, (255, 255, 255), (ex + ew * 0.1, ey + eh * 0.2), ew * 0.06)
            outer = ex + side * ew * 0.62
            lw = max(1, round(0.07 * r))
            pygame.draw.line(s, lid, (ex - side * ew * 0.55, ey - eh * 0.42),
                             (outer, ey - eh * 0.52), lw)
            if self.female:
                pygame.draw.line(s, lid, (outer, ey - eh * 0.52),
                                 (outer + side * ew * 0.18, ey - eh * 0.72), lw)
            brow_tilt = 0.12 if "Martial Arts" in self.skills or "Military" in self.skills else -0.05
            pygame.draw.line(s, darker(self.hair, 0.3),
                             (ex - side * ew * 0.45, ey - eh * 0.95 - brow_tilt * r),
                             (ex + side * ew * 0.5, ey - eh * 1.05 + brow_tilt * r * 0.5),
                             max(1, round(0.05 * r)))

    def hair_front(self) -> None:
        s, cx, cy, r, rng = self.surf, self.cx, self.cy, self.r, self.rng
        hair = self.hair
        top: list[tuple[float, float]] = []
        spiky = self.style == "spiky"
        n = 13
        for i in range(n + 1):
            a = math.pi + math.pi * i / n
            rad = 1.05 * r * (1.35 if spiky and i % 2 == 1 and 0 < i < n else 1.0)
            top.append((cx + rad * math.cos(a), cy - 0.12 * r + rad * math.sin(a)))
        side = 1.0 if self.style in ("long", "bob") else 0.35
        left = (cx - 0.98 * r, cy + side * r)
        right = (cx + 0.98 * r, cy + side * r)
        fringe = []
        tips = rng.randint(4, 7)
        for i in range(tips, -1, -1):
            x = cx + (-0.85 + 1.7 * i / tips) * r
            fringe.append((x, cy - 0.55 * r + rng.uniform(-0.05, 0.05) * r))
            if i:
                tx = cx + (-0.85 + 1.7 * (i - 0.5) / tips) * r
                fringe.append((tx + rng.uniform(-0.06, 0.06) * r, cy + rng.uniform(-0.25, 0.05) * r))
        shape = [left, (cx - 1.0 * r, cy - 0.1 * r)] + top + [(cx + 1.0 * r, cy - 0.1 * r), right,
                                                              (cx + 0.78 * r, cy - 0.2 * r)]
        shape += fringe + [(cx - 0.78 * r, cy - 0.2 * r)]
        pygame.draw.polygon(s, hair, shape)
        pygame.draw.arc(s, lighter(hair, 0.45),
                        pygame.Rect(cx - 0.75 * r, cy - 1.0 * r, 1.5 * r, 0.9 * r),
                        math.pi * 0.25, math.pi * 0.75, max(1, round(0.09 * r)))

    def props(self) -> None:
        s, cx, cy, r = self.surf, self.cx, self.cy, self.r
        cats, skills = self.card.categories, self.skills
        lw = max(1, round(0.06 * r))
        if "Alien" in cats:
            for side in (-1, 1):
                tip = (cx + side * 0.9 * r, cy - 1.9 * r)
                pygame.draw.line(s, darker(self.hair, 0.3), (cx + side * 0.35 * r, cy - 1.0 * r),
                                 tip, lw)
                pygame.draw.circle(s, (255, 220, 90), tip, 0.16 * r)
        if "Water" in cats:  # a kappa's water plate
            pygame.draw.ellipse(s, (120, 190, 170), pygame.Rect(cx - 0.5 * r, cy - 1.22 * r, r, 0.3 * r))
            pygame.draw.ellipse(s, (200, 240, 240), pygame.Rect(cx - 0.35 * r, cy - 1.18 * r,
                                                                0.7 * r, 0.18 * r))
        elif "Spirit" in cats or "Cute" in cats and "Alien" not in cats and self.female:
            for side in (-1, 1):  # fox or cat ears
                base = cx + side * 0.6 * r
                ear = [(base - 0.32 * r, cy - 0.85 * r), (base + side * 0.25 * r, cy - 1.75 * r),
                       (base + 0.32 * r, cy - 0.95 * r)]
                pygame.draw.polygon(s, self.hair, ear)
                inner = [mix(p, (base, cy - 1.05 * r), 0.35) for p in ear]
                pygame.draw.polygon(s, (255, 170, 190), inner)
        if "Military" in cats:
            cap = pygame.Rect(cx - 1.05 * r, cy - 1.35 * r, 2.1 * r, 0.8 * r)
            pygame.draw.ellipse(s, darker(self.clothes, 0.1), cap)
            pygame.draw.rect(s, darker(self.clothes, 0.35),
                             pygame.Rect(cx - 1.05 * r, cy - 0.85 * r, 2.1 * r, 0.2 * r))
            pygame.draw.circle(s, (230, 190, 60), (cx, cy - 1.05 * r), 0.13 * r)
        if "Android" in cats:
            for side in (-1, 1):
                ear = pygame.Rect(cx + side * 0.95 * r - 0.2 * r, cy - 0.2 * r, 0.4 * r, 0.7 * r)
                pygame.draw.rect(s, (230, 236, 246), ear, border_radius=round(0.1 * r))
                pygame.draw.rect(s, (60, 200, 230), ear.inflate(-0.2 * r, -0.3 * r))
        if "Divine" in cats or "Magic" in cats:
            halo = translucent(s)
            pygame.draw.ellipse(halo, (255, 240, 150, 200),
                                pygame.Rect(cx - 0.8 * r, cy - 1.65 * r, 1.6 * r, 0.4 * r),
                                max(1, round(0.1 * r)))
            s.blit(halo, (0, 0))
        if "Royalty" in skills:
            crown = [(cx - 0.5 * r, cy - 1.0 * r), (cx - 0.55 * r, cy - 1.45 * r),
                     (cx - 0.25 * r, cy - 1.2 * r),
                     (cx, cy - 1.6 * r), (cx + 0.25 * r, cy - 1.2 * r), (cx + 0.55 * r, cy - 1.45 * r),
                     (cx + 0.5 * r, cy - 1.0 * r)]
            pygame.draw.polygon(s, (240, 200, 60), crown)
        if "Martial Arts" in skills:
            band = pygame.Rect(cx - 0.95 * r, cy - 0.62 * r, 1.9 * r, 0.22 * r)
            pygame.draw.rect(s, (210, 40, 50), band)
            pygame.draw.polygon(s, (210, 40, 50),
                                [(cx + 0.9 * r, cy - 0.55 * r), (cx + 1.7 * r, cy - 0.2 * r),
                                 (cx + 1.5 * r, cy), (cx + 0.9 * r, cy - 0.4 * r)])
        if skills & {"Genius", "Investigation", "Teacher", "Medic"}:
            for side in (-1, 1):
                pygame.draw.ellipse(s, (40, 40, 60),
                                    pygame.Rect(cx + side * 0.38 * r - 0.26 * r, cy + 0.02 * r,
                                                0.52 * r, 0.4 * r), lw)
            pygame.draw.line(s, (40, 40, 60), (cx - 0.12 * r, cy + 0.2 * r),
                             (cx + 0.12 * r, cy + 0.2 * r), lw)
        if "Food" in cats:  # a chef's hat
            for dx in (-0.45, 0, 0.45):
                pygame.draw.circle(s, (250, 250, 250), (cx + dx * r, cy - 1.45 * r), 0.4 * r)
            pygame.draw.rect(s, (250, 250, 250),
                             pygame.Rect(cx - 0.8 * r, cy - 1.35 * r, 1.6 * r, 0.5 * r))
        if "Fame" in cats:  # an idol's headset and a star clip
            pygame.draw.arc(s, (60, 60, 70), pygame.Rect(cx - 1.0 * r, cy - 1.2 * r, 2.0 * r, 2.0 * r),
                            math.pi * 0.1, math.pi * 0.9, lw)
            pygame.draw.line(s, (60, 60, 70), (cx - 0.95 * r, cy + 0.1 * r),
                             (cx - 0.3 * r, cy + 0.75 * r), lw)
            pygame.draw.circle(s, (60, 60, 70), (cx - 0.3 * r, cy + 0.75 * r), 0.07 * r)
            sparkle(s, (cx + 0.7 * r, cy - 0.75 * r), 0.22 * r, (255, 220, 80))
        if self.old and not self.female:  # a long white beard
            pygame.draw.polygon(s, (240, 240, 244),
                                [(cx - 0.7 * r, cy + 0.45 * r), (cx + 0.7 * r, cy + 0.45 * r),
                                 (cx + 0.3 * r, cy + 1.6 * r), (cx, cy + 1.9 * r),
                                 (cx - 0.3 * r, cy + 1.6 * r)])
            pygame.draw.line(s, (90, 40, 40), (cx - 0.1 * r, cy + 0.7 * r),
                             (cx + 0.1 * r, cy + 0.7 * r), lw)
        if "Ninja" in cats:
            pygame.draw.polygon(s, (40, 40, 56),
                                [(cx - 0.86 * r, cy + 0.42 * r), (cx + 0.86 * r, cy + 0.42 * r),
                                 (cx + 0.5 * r, cy + 0.8 * r), (cx, cy + 1.08 * r),
                                 (cx - 0.5 * r, cy + 0.8 * r)])
        if "Demon" in cats:
            for side in (-1, 1):
                pygame.draw.polygon(s, (70, 20, 30), [(cx + side * 0.45 * r, cy - 0.95 * r),
                                                      (cx + side * 0.95 * r, cy - 1.75 * r),
                                                      (cx + side * 0.7 * r, cy - 0.85 * r)])


def character(surf: pygame.Surface, rng: random.Random, card: CardDef) -> None:
    Bust(surf, rng, card).draw()
