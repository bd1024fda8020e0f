"""Card art drawn by code, seeded by the card id so each card always looks the same.

A scene is painted at twice the asked size (for smooth edges) and scaled down;
positions are fractions of the canvas, so a square token and a wide art window
show the same picture, framed differently. The painters live in art_people (Characters),
art_places (Locations, Havens), art_menace (Disasters), art_things (Items,
Equipment) and art_effects (other Power cards, Combat halves).
"""
from __future__ import annotations

import random
import zlib

import pygame

from game.engine.cards import CardDef

from . import art_effects, art_menace, art_people, art_places, art_things

_SS = 2  # supersampling factor
# Painters place things by fractions of the width and size them by the height,
# so any shape from square to twice as wide works; beyond that, crop.
_ASPECTS = (1.0, 2.0)
_PAINTERS = {
    "character": art_people.character,
    "location": art_places.location, "haven": art_places.location,
    "disaster": art_menace.disaster,
    "item": art_things.thing, "equipment": art_things.thing,
    "enhancement": art_effects.enhancement, "flash_effect": art_effects.flash_effect,
    "global_effect": art_effects.global_effect,
}


def seed_of(key: str) -> int:
    """A stable seed: Python's hash() of a str changes from run to run."""
    return zlib.crc32(key.encode("utf-8"))


def _cover(w: int, h: int) -> tuple[int, int]:
    """The smallest canvas of a paintable shape covering w x h."""
    aspect = min(max(w / h, _ASPECTS[0]), _ASPECTS[1])
    cw = max(w, round(h * aspect))
    return cw, max(h, round(cw / aspect))


def paint(card: CardDef, size: tuple[int, int]) -> pygame.Surface:
    """The card's art, exactly `size`, the same pixels for the same id every time."""
    w, h = max(1, size[0]), max(1, size[1])
    cw, ch = _cover(w, h)
    canvas = pygame.Surface((cw * _SS, ch * _SS))
    if card.type == "combat":  # a Combat card's own art is its two halves side by side
        half = canvas.subsurface(pygame.Rect(0, 0, cw * _SS // 2, ch * _SS))
        art_effects.combat_half(half, random.Random(seed_of(card.id + "/physical")), True)
        half = canvas.subsurface(pygame.Rect(cw * _SS // 2, 0, cw * _SS - cw * _SS // 2, ch * _SS))
        art_effects.combat_half(half, random.Random(seed_of(card.id + "/charm")), False)
    else:
        _PAINTERS[card.type](canvas, random.Random(seed_of(card.id)), card)
    canvas = pygame.transform.smoothscale(canvas, (cw, ch))
    return canvas.subsurface(pygame.Rect((cw - w) // 2, (ch - h) // 2, w, h)).copy()


def paint_half(card: CardDef, half: str, size: tuple[int, int]) -> pygame.Surface:
    """A Combat card's strip of art for one half ("physical" or "charm_combat")."""
    w, h = max(1, size[0]), max(1, size[1])
    cw, ch = _cover(w, h)
    canvas = pygame.Surface((cw * _SS, ch * _SS))
    physical = half == "physical"
    key = card.id + ("/physical" if physical else "/charm")
    art_effects.combat_half(canvas, random.Random(seed_of(key)), physical)
    canvas = pygame.transform.smoothscale(canvas, (cw, ch))
    return canvas.subsurface(pygame.Rect((cw - w) // 2, (ch - h) // 2, w, h)).copy()
