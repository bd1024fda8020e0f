"""The title: Continue (the latest saved game), New game, Saved games, How to play,
Settings, Quit."""
from __future__ import annotations

import pygame

from game.engine import LoadError

from ..fonts import wrap
from ..widgets import Button, colour, column, font, text
from .base import MenuScene

# The fan of cards beside the menu: one of each kind a newcomer meets first.
SHOWCASE = ("akiko-sakuragawa", "golden-melon-pan", "colossal-stray-cat",
            "falling-petal-dojo", "torao-ishibashi")

SHORT = 20  # characters of a word not worth cutting in its middle


def _middle_cut(said: str, fits) -> str:
    """`said` with its longest word (a save's path: the file name ends it, the reason
    follows) cut in its middle, "…" for what is dropped, keeping as much as `fits`
    allows, all of it if need be: the reason after it is never what is dropped; as it
    is if that word is too short to cut."""
    words = said.split(" ")
    i = max(range(len(words)), key=lambda k: len(words[k]))
    word = words[i]
    if len(word) <= SHORT:
        return said

    def cut(n: int) -> str:  # the word keeping n characters: a third from its start
        return " ".join(words[:i] + [word[:n // 3] + "…" + word[len(word) - n + n // 3:]]
                        + words[i + 1:])
    if not fits(cut(0)):
        return cut(0)  # the rest is too long even without it: its end is cut after
    kept, over = 0, len(word)  # the most characters kept that still fit, by halving
    while over - kept > 1:
        mid = (kept + over) // 2
        kept, over = (mid, over) if fits(cut(mid)) else (kept, mid)
    return cut(kept)


def _broken_note(broken: list) -> str:
    """The saves that cannot be continued, named, and where to see why ("" for none)."""
    if not broken:
        return ""
    names = ", ".join(s.slot for s in broken)
    one = len(broken) == 1
    return (f"{'A saved game' if one else f'{len(broken)} saved games'} ({names}) cannot "
            f"be continued: Saved games says why, and can delete {'it' if one else 'them'}.")


class TitleScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        self.error = ""  # why Continue failed, in one line
        self.note = ""  # what the player may want to know (a broken save), said calmly
        self.quitting = False  # Esc asked whether to quit: Enter or a click on Quit does
        self.cont = Button("Continue", self._continue, "", pygame.K_c, primary=True)
        self.new = Button("New game", self._new_game, "Choose seats, decks and a level.",
                          pygame.K_n)
        self.guided = Button("Guided first game", app.start_guide,
                             "Learn by playing: the quick demo, step by step.", pygame.K_g)
        self.saved = Button("Saved games", self._saved, "Every saved game, with its date: "
                            "continue one, or delete it.", pygame.K_l)
        self.form.add(self.cont, self.new, self.guided, self.saved,
                      Button("How to play", self._how_to_play, "The rules, page by page.",
                             pygame.K_h),
                      Button("Settings", self._settings,
                             "Animation speed, full screen, volume, colour-blind marks.",
                             pygame.K_s),
                      Button("Quit", app.quit, "Close the game.", pygame.K_ESCAPE))
        self.quit_button = self.form.widgets[-1]
        self._fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._error_key: tuple | None = None  # what error_lines last worked out, for what
        self._error_fit: tuple[pygame.font.Font, list[str], pygame.Rect] | None = None

    def on_enter(self):
        self._ask_quit(False)  # a question left when New game was opened is not kept
        latest = self.app.saves.latest()
        # Only a save that can be continued is offered: a broken one alone was the gold
        # Continue, and pressing it only said why not (Saved games says so, and deletes).
        saved = latest is not None and not latest.error
        about = latest.line if saved else ""
        self.cont.tooltip = "Go on with the latest saved game" + (f": {about}." if about else ".")
        self.cont.visible = saved
        listing = self.app.saves.listing()
        self.saved.visible = bool(listing)
        self.note = " ".join(w for w in (self.app.menu_note(),
                                          _broken_note([s for s in listing if s.error])) if w)
        self.new.primary = not saved
        self.form.focus = self.cont if saved else self.new
        self._stack_buttons()  # Continue may have come or gone

    def place(self):
        self._stack_buttons()
        self._fan = []
        if self.app.reading_cards():  # the fan comes as they are in (update)
            return
        try:
            self._fan = self._make_fan()
        except LoadError as e:  # a bad card file: the menu still works, and says so
            self._fan = []
            self.error = f"The cards cannot be loaded: {e}"

    def update(self, dt):
        super().update(dt)
        if not self._fan and not self.error and not self.app.reading_cards():
            self.place()

    def _stack_buttons(self) -> None:
        shown = [w for w in self.form.widgets if w.visible]
        column(self.px(100, 278, 360, 0), shown, 44 * self.scale, 8 * self.scale)

    def _make_fan(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        width = round(190 * self.scale)
        centre = self.px(880, 410, 0, 0).topleft
        fan = []
        for i, card_id in enumerate(SHOWCASE):
            turn = (i - 2) * -11
            img = pygame.transform.rotozoom(self.app.faces.face(card_id, width), turn, 1)
            dx, dy = (i - 2) * 112 * self.scale, abs(i - 2) ** 1.6 * 18 * self.scale
            fan.append((img, img.get_rect(center=(centre[0] + dx, centre[1] + dy))))
        return fan

    # Actions ------------------------------------------------------------------
    def _continue(self):
        try:
            self.app.continue_game()
        except (LoadError, ValueError) as e:
            self.error = f"The saved game cannot be continued: {e}"

    def _saved(self):
        from .slots import SlotsScene
        self.app.push(SlotsScene(self.app))

    def _new_game(self):
        from .new_game import NewGameScene
        try:
            scene = NewGameScene(self.app)
        except LoadError as e:  # a bad card, deck or level file
            self.error = f"A new game cannot be set up: {e}"
            return
        self.error = ""
        self.app.push(scene)

    def _how_to_play(self):
        from .how_to_play import HowToPlayScene
        self.app.push(HowToPlayScene(self.app))

    def _settings(self):
        from .settings_scene import SettingsScene
        self.app.push(SettingsScene(self.app))

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()  # before Quit's own key, which would close at once
            return
        super().handle(event)

    def back(self):
        self._ask_quit(not self.quitting)

    def _ask_quit(self, asking: bool) -> None:
        """Esc asks, on the Quit button, rather than closing the window: the footer
        says Esc goes back, and Esc pressed twice from New game closed the program.
        Esc again takes the question back; Enter or a click on Quit closes it."""
        self.quitting = asking
        q = self.quit_button
        q.label, q.keys_said = ("Quit the game?", "Enter") if asking else ("Quit", "")
        q.primary, q.tooltip = asking, "Close the game." if not asking else \
            "Enter or a click closes the game; Esc keeps it open."
        # One gold button: what Enter does now.
        self.cont.primary = not asking
        self.new.primary = not asking and not self.cont.visible
        self.form.focus = q if asking else next(
            (w for w in self.form.widgets if w.visible), q)

    # Drawing ------------------------------------------------------------------
    def error_lines(self) -> tuple[pygame.font.Font, list[str], pygame.Rect]:
        """Why something failed, in the room under the menu, above the footer: under the
        fan's cards, as wide as they reach, in smaller type if need be; too long even so,
        its longest word (a save's path) loses its middle, and what still cannot be held
        is cut with "…". Drawn 700 px wide, a failed Continue's line took three lines, the
        last under the footer; worked out at every frame, one 3,000 characters long took
        seconds a frame: now once for each error and layout."""
        box = self.px(100, 640, 1080, 50)  # Quit ends at 634, the footer starts at 690
        said = self.error or self.note
        key = (said, self.scale, tuple(box))
        if self._error_key != key:
            self._error_key, self._error_fit = key, self._fit(said, box)
        return self._error_fit

    def _fit(self, said: str, box: pygame.Rect) -> tuple[pygame.font.Font, list[str],
                                                         pygame.Rect]:
        for role in ("label", "#small"):
            f = font(role, self.scale)
            lines = wrap(said, f, box.width)
            room = max(1, box.height // f.get_linesize())
            if len(lines) <= room:
                return f, lines, box
        lines = wrap(_middle_cut(said, lambda t: len(wrap(t, f, box.width)) <= room), f,
                     box.width)
        if len(lines) <= room:
            return f, lines, box
        kept = lines[:room]
        while kept[-1] and f.size(kept[-1] + "…")[0] > box.width:
            kept[-1] = kept[-1][:-1]
        kept[-1] += "…"
        return f, kept, box

    def draw(self, surface):
        self.draw_backdrop(surface)
        for img, rect in self._fan:
            surface.blit(img, rect)
        s = self.scale
        logo = self.px(96, 110, 0, 0).topleft
        r = text(surface, "ANI-MAYHEM", font("#title", s), colour("link_text"), logo, shadow=True)
        text(surface, "the anime crossover card game, at your table", font("#subheading", s),
             colour("normal_text"), (r.left + 4 * s, r.bottom - 6 * s))
        self.form.draw(surface)
        if self.error or self.note:
            f, lines, box = self.error_lines()
            ink = pygame.Color("#FF8A80") if self.error else colour("disabled_text")
            for i, line in enumerate(lines):
                text(surface, line, f, ink, (box.left, box.top + i * f.get_linesize()))
        text(surface, "Tab, arrows and Enter work everywhere; Esc goes back (here it asks "
             "before quitting).", font("#small", s),
             colour("disabled_text"), self.px(100, 690, 0, 0).topleft)
