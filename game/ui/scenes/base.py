"""What the menu scenes share: a form of widgets over the backdrop, Esc to go back."""
from __future__ import annotations

import pygame

from ..scene import Scene
from ..widgets import Form, backdrop, colour, font, text

BASE = (1280, 720)  # every menu is laid out at this size and scaled


def ui_scale(size: tuple[int, int]) -> float:
    """Scale by height, but never so far that a narrow window cuts the layout."""
    return min(size[1] / BASE[1], size[0] / BASE[0])


class MenuScene(Scene):
    heading = ""

    def __init__(self, app):
        super().__init__(app)
        self.form = Form()
        self.form.sound = app.sound
        self.size = app.size
        self.scale = 1.0

    def layout(self, size):
        self.size, self.scale = size, ui_scale(size)
        self.form.scale = self.scale
        self.place()

    def place(self) -> None:
        """Give every widget its rect for self.size at self.scale."""

    def px(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect given in 1280x720 units, scaled and centred in the window."""
        s = self.scale
        ox = (self.size[0] - BASE[0] * s) / 2
        oy = (self.size[1] - BASE[1] * s) / 2
        return pygame.Rect(round(ox + x * s), round(oy + y * s), round(w * s), round(h * s))

    def handle(self, event):
        if not self.form.handle(event) and event.type == pygame.KEYDOWN \
                and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        self.app.pop()

    def update(self, dt):
        self.form.update(dt)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size()), (0, 0))
        if self.heading:
            r = self.px(80, 40, 1120, 60)
            text(surface, self.heading, font("#heading", self.scale), colour("normal_text"),
                 r.midleft, "midleft", shadow=True)
            y = r.bottom + round(6 * self.scale)
            pygame.draw.line(surface, colour("link_text"), (r.left, y),
                             (r.left + round(120 * self.scale), y), max(2, round(4 * self.scale)))

    def draw(self, surface):
        self.draw_backdrop(surface)
        self.form.draw(surface)
