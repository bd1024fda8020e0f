"""Colours of the card faces, backs and icons (rulebook, the card types' faces and backs)."""
from __future__ import annotations

Colour = tuple[int, int, int]

_PURPLE: Colour = (112, 64, 160)
_BLUE: Colour = (46, 104, 184)
_GREEN: Colour = (52, 132, 72)

# Frame colour of a face, by card type (rulebook: "Characters have purple faces", ...).
TYPE_COLOURS: dict[str, Colour] = {
    "character": _PURPLE,
    "enhancement": _BLUE,
    "equipment": _BLUE,
    "flash_effect": _BLUE,
    "global_effect": _BLUE,
    "haven": _GREEN,
    "location": _GREEN,
    "item": (196, 164, 112),
    "disaster": (226, 116, 28),
    "combat": (190, 36, 44),
}

# Backs: every card shuffled into the Draw pile (Power cards and Disasters)
# shares the purple back so a draw is secret; Items are silver, so a face-down
# Item under a Location is told apart from a Disaster; Locations green, Combat red.
BACKS: dict[str, Colour] = {
    "purple": (92, 48, 140),
    "silver": (150, 156, 168),
    "green": (40, 112, 60),
    "red": (160, 28, 36),
}
BACK_OF_TYPE: dict[str, str] = {t: "purple" for t in TYPE_COLOURS}
BACK_OF_TYPE.update(item="silver", location="green", combat="red")

ABILITY_COLOURS: dict[str, Colour] = {
    "attack": (214, 58, 48),
    "defense": (70, 120, 196),
    "movement": (56, 160, 90),
    "charm": (228, 96, 160),
    "energy": (240, 188, 40),
}

INK: Colour = (28, 24, 32)  # body text
PAPER: Colour = (250, 246, 236)  # text boxes
PAPER_SHADE: Colour = (232, 224, 206)
MUTED: Colour = (96, 88, 96)  # flavour and captions
WHITE: Colour = (255, 255, 255)
COST: Colour = (168, 40, 40)  # costs read as a price, bonuses as a gain
GAIN: Colour = (30, 120, 60)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """a blended toward b by t (0..1)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def darker(c: Colour, t: float = 0.35) -> Colour:
    return mix(c, (0, 0, 0), t)


def lighter(c: Colour, t: float = 0.35) -> Colour:
    return mix(c, (255, 255, 255), t)
