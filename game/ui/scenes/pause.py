"""The pause menu, over the table: Resume, Quit to menu (the game is saved after every
move already), Settings, How to play; in the guided game's lesson, Leave the lesson
too, asked in LeaveLessonScene."""
from __future__ import annotations

import pygame

from ..guide import AGAIN, LEAVE, LEAVE_WHAT
from ..widgets import Button, colour, column, font, panel, paragraph, text, veil
from .base import MenuScene


class PauseScene(MenuScene):
    opaque = False  # the table stays visible, dimmed, underneath (one person playing)

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        # People sharing the screen: the table, the hand of the person on turn with it,
        # is hidden as the curtain hides it (one who pauses and walks off would show
        # it to the next person).
        self.opaque = len(session.humans) > 1
        self.resume = Button("Resume", self.back, "Back to the table.", pygame.K_ESCAPE,
                             primary=True)
        # Said in the box, not only in the tooltip of Quit to menu, which a newcomer
        # about to leave never hovered, afraid of losing the game (s33w).
        self.kept = _kept(app, session)
        leave = Button("Quit to menu", self._quit, self.kept, pygame.K_q)
        settings = Button("Settings", self._settings, "Animation speed, full screen, ...",
                          pygame.K_o)
        if app.booth is not None:  # a booth's visitor leaves the game, and nothing else
            leave.label, leave.tooltip = "Leave this game", "For the next visitor."
            settings.visible, self.kept = False, ""
        # The guided game's way off its rails, as on the guide's panel (with its key).
        lesson = Button(LEAVE, app.ask_leave_lesson, LEAVE_WHAT, pygame.K_l)
        lesson.visible = session.guide is not None and not session.guide.over(session.state)
        # Where one who left the lesson looks for it: said, not offered (never rejoined).
        self.again = AGAIN if session.left_lesson else ""
        self.form.add(self.resume, lesson, leave, settings,
                      Button("How to play", self._how_to_play, "The rules, page by page.",
                             pygame.K_h))
        self.form.focus = self.resume

    def place(self):
        shown = [w for w in self.form.widgets if w.visible]
        more = 64 * (len(shown) - 4) + (44 if self.again else 0)
        self.box = self.px(440, 160 - more / 2, 400, 420 + more)
        column(self.px(470, 250 - more / 2, 340, 0), shown, 52 * self.scale, 12 * self.scale)

    def _quit(self):
        self.app.to_menu()

    def _settings(self):
        from .settings_scene import SettingsScene
        self.app.push(SettingsScene(self.app))

    def _how_to_play(self):
        from .how_to_play import HowToPlayScene
        self.app.push(HowToPlayScene(self.app))

    def draw(self, surface):
        if self.opaque:
            surface.fill((12, 9, 24))  # the curtain's
        else:
            surface.blit(veil(surface.get_size()), (0, 0))
        panel(surface, self.box, self.scale, 240)
        text(surface, "Paused", font("#heading", self.scale), colour("normal_text"),
             (self.box.centerx, self.box.top + 44 * self.scale), "center", shadow=True)
        text(surface, "The table is hidden while paused: no hand shows."
             if self.opaque else "Nothing moves on the table while it is paused.",
             font("#small", self.scale), colour("disabled_text"),
             (self.box.centerx, self.box.bottom - 22 * self.scale), "center")
        if self.kept:
            text(surface, self.kept, font("#small", self.scale), colour("normal_text"),
                 (self.box.centerx, self.box.bottom - 48 * self.scale), "center")
        if self.again:
            paragraph(surface, self.again, font("#small", self.scale), colour("normal_text"),
                      pygame.Rect(self.box.left + 30 * self.scale,
                                  self.box.bottom - 106 * self.scale,
                                  self.box.width - 60 * self.scale, 44 * self.scale), True)
        self.form.draw(surface)


class LeaveLessonScene(MenuScene):
    """Leave the guided game's lesson? What happens, said before it does: the guide
    stops, the AI seat plays for itself, and the lesson is begun again from the title
    only. Staying is the first choice (Enter, Esc): the way out is never taken by a key
    pressed once too often."""

    opaque = False

    def __init__(self, app):
        super().__init__(app)
        self.stay = Button("Stay in the lesson", self.back, "Back to the guide.",
                           pygame.K_ESCAPE, primary=True)
        self.leave = Button("Play on freely", app.leave_lesson,
                            "This game goes on without the guide.")
        self.form.add(self.stay, self.leave)
        self.form.focus = self.stay

    def place(self):
        self.box = self.px(390, 190, 500, 340)
        column(self.px(440, 380, 400, 0), self.form.widgets, 52 * self.scale,
               12 * self.scale)

    def draw(self, surface):
        surface.blit(veil(surface.get_size()), (0, 0))
        panel(surface, self.box, self.scale, 240)
        text(surface, f"{LEAVE}?", font("#heading", self.scale), colour("normal_text"),
             (self.box.centerx, self.box.top + 44 * self.scale), "center", shadow=True)
        paragraph(surface, LEAVE_WHAT, font("label", self.scale), colour("normal_text"),
                  pygame.Rect(self.box.left + 30 * self.scale, self.box.top + 84 * self.scale,
                              self.box.width - 60 * self.scale, 100 * self.scale), True)
        self.form.draw(surface)


def _kept(app, session) -> str:
    """Whether Continue will find this game: saved only with a slot held and the last
    save written (a review: with every slot full the box said it was saved, and a slot
    whose lock failed read as full)."""
    if not session.worth_keeping():
        return "Nobody has moved yet: this game is not kept."
    if app.save_error:  # first: a slot not held for an error is not a full slot
        return "Not saved: saving failed."
    if app.saves.held is None:
        return "Not saved: every save slot holds a game."
    return "Saved after every move: Continue goes on with it."
