"""Screens the window tests draw, saved to be looked at: `SHOTS=folder pytest ...`
writes each test's named screens there as PNG; without SHOTS nothing is drawn or
saved. One helper for every test file (each had its own copy and its own variable)."""
from __future__ import annotations

import os
from pathlib import Path

import pygame

CARDS = Path(__file__).parent.parent / "assets" / "cards"


def shot(app, name: str) -> None:
    """The app's screen as it was last drawn, saved as `name`.png."""
    folder = os.environ.get("SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / f"{name}.png"))


def table_shot(t, name: str) -> None:
    """The table `t` drawn now, saved as `name`.png."""
    if os.environ.get("SHOTS"):
        t.draw(t.app.screen)
        shot(t.app, name)


def shipped(*names: str) -> str:
    """The shipped cards' files (assets/cards/NAME.yaml) as one scene YAML text."""
    return "".join((CARDS / f"{name}.yaml").read_text(encoding="utf-8") for name in names)
