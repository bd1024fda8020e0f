"""Settings: animation speed, full screen, volume, colour-blind-safe marks.

Each change takes effect and is saved at once, so there is no Apply button to miss.
"""
from __future__ import annotations

import pygame

from ..settings import ANIM_SPEEDS
from ..widgets import Button, Choice, Slider, colour, column, font, panel, paragraph
from .base import MenuScene

ON_OFF = ((True, "On"), (False, "Off"))


class SettingsScene(MenuScene):
    heading = "Settings"
    opaque = True

    def __init__(self, app):
        super().__init__(app)
        st = app.settings
        self.speed = Choice("Animation speed", [(s, s.capitalize()) for s in ANIM_SPEEDS],
                            st.anim_speed, self._speed,
                            "How fast cards move, AI turns included. Instant skips animation.",
                            ordered=True)
        self.fullscreen = Choice("Full screen", ON_OFF, st.fullscreen, app.set_fullscreen,
                                 "Fill the screen, or play in a window.", pygame.K_F11)
        self.volume = Slider("Volume", st.volume, self._volume, "How loud the game's clicks and ticks are.")
        self.marks = Choice("Colour-blind-safe marks", ON_OFF, st.colorblind_marks, self._marks,
                            "Adds letters and patterns wherever colour tells things apart.")
        self.booth = Choice("Booth mode at start", ON_OFF, st.booth, self._booth,
                            "Start as a convention booth: AI games on show, one click to "
                            "play, idle games put away. Ctrl+Shift+Q quits, Ctrl+Shift+T goes "
                            "to the title.")
        self.done = Button("Back", self.back, "Back to where you were.", pygame.K_ESCAPE,
                           primary=True)
        self.form.add(self.speed, self.fullscreen, self.volume, self.marks, self.booth, self.done)
        self.form.default = self.done
        self.form.focus = self.speed

    def _speed(self, value: str) -> None:
        self.app.settings.anim_speed = value
        self.app.save_settings()

    def _volume(self, value: float) -> None:
        self.app.settings.volume = value
        self.app.save_settings()

    def _booth(self, on: bool) -> None:
        self.app.settings.booth = on
        self.app.save_settings()

    def _marks(self, on: bool) -> None:
        self.app.settings.colorblind_marks = on
        self.app.save_settings()

    def update(self, dt):
        # F11 works everywhere, this scene included: show what it did.
        self.fullscreen.set_options(ON_OFF, self.app.settings.fullscreen)
        super().update(dt)

    def place(self):
        column(self.px(340, 156, 600, 0), [self.speed, self.fullscreen, self.volume, self.marks,
                                           self.booth], 50 * self.scale, 10 * self.scale)
        self.done.rect = self.px(540, 560, 200, 56)

    def draw(self, surface):
        self.draw_backdrop(surface)
        panel(surface, self.px(310, 136, 660, 400), self.scale, 150)
        paragraph(surface, "Changes apply at once and are kept for next time. "
                  "F11 switches full screen anywhere in the game.", font("label", self.scale),
                  colour("disabled_text"), self.px(340, 462, 600, 70))
        self.form.draw(surface)
