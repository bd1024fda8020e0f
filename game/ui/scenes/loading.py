"""Loading a saved game: its actions replayed through the rules a slice a frame,
behind a progress bar, so a long game (up to 20,000 actions, about ten seconds of
replaying) never freezes the window. Esc gives up and goes back."""
from __future__ import annotations

import time

import pygame

from game.engine import LoadError
from game.engine.save import Replay

from ..widgets import colour, font, panel, text
from .base import MenuScene

BUDGET = 0.02  # seconds of replaying a frame: the frame still draws at 60 fps or near
SLICE = 25  # actions replayed between two looks at the clock


class LoadingScene(MenuScene):
    heading = "Continue"

    def __init__(self, app, replay: Replay, seats: list[str], level: str, number: int):
        super().__init__(app)
        self.replay, self.seats, self.level, self.number = replay, seats, level, number
        self.frames = 0

    def update(self, dt):
        self.frames += 1
        end = time.perf_counter() + BUDGET
        try:
            while not self.replay.finished and time.perf_counter() < end:
                self.replay.step(SLICE)
            if self.replay.finished:
                self.app.resume(self.replay, self.seats, self.level, self.number)
        except (LoadError, ValueError) as e:
            self.app.fail(f"The saved game cannot be continued: {e}")

    def back(self):
        self.app.to_menu()

    def draw(self, surface):
        self.draw_backdrop(surface)
        s = self.scale
        box = self.px(340, 300, 600, 120)
        panel(surface, box, s, 200)
        done, total = self.replay.done, max(1, self.replay.total)
        text(surface, f"Replaying the saved game: {done:,} of {self.replay.total:,} actions",
             font("label", s), colour("normal_text"), (box.left + 24 * s, box.top + 20 * s))
        track = pygame.Rect(box.left + 24 * s, box.top + 64 * s, box.width - 48 * s, 20 * s)
        pygame.draw.rect(surface, colour("dark_bg"), track, border_radius=track.h // 2)
        bar = track.copy()
        bar.width = max(track.h, round(track.width * done / total))
        pygame.draw.rect(surface, colour("link_text"), bar, border_radius=track.h // 2)
        text(surface, "Esc goes back.", font("#small", s), colour("disabled_text"),
             (box.left + 24 * s, box.bottom - 8 * s), "bottomleft")
