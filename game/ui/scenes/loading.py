"""Loading a saved game: its actions replayed through the rules a slice a frame,
behind a progress bar, so a long game (up to 20,000 actions, about ten seconds of
replaying) never freezes the window. Esc gives up and goes back.

A save whose action the rules now refuse (a rule corrected since it was saved) is
not dropped, nor half-loaded unsaid: the person is asked whether the game goes on
from the last action the rules allow, or not at all (the save is then left as it is)."""
from __future__ import annotations

import time

import pygame

from game.engine import LoadError
from game.engine.save import Replay, RulesRefuse

from ..slots import looked_of
from ..widgets import Button, colour, column, font, panel, paragraph, text
from .base import MenuScene

BUDGET = 0.02  # seconds of replaying a frame: the frame still draws at 60 fps or near
SLICE = 25  # actions replayed between two looks at the clock
PRIMED = 4  # the table's type sizes measured a frame (about 1 ms each), in its budget


class LoadingScene(MenuScene):
    heading = "Continue"

    def __init__(self, app, replay: Replay, seats: list[str], level: str, number: int):
        super().__init__(app)
        self.replay, self.seats, self.level, self.number = replay, seats, level, number
        self.frames = 0
        self.refused: RulesRefuse | None = None
        # After how many actions each person sharing the screen last left it, and where
        # the log then ended, found on the way: what their curtain tells them is since.
        self.looked = looked_of(replay.record.table, seats, replay.total)
        self.log_at = {replay.done: len(replay.events)}
        # The table's type sizes, measured a few a frame while the save replays: its
        # first frame measured them all (ink.sizes).
        from ..table import ink
        from ..table.layout import compute
        self.sizes = ink.sizes(compute(app.size).px)

    def update(self, dt):
        if self.refused is not None:  # waiting for the person's answer
            super().update(dt)
            return
        self.frames += 1
        end = time.perf_counter() + BUDGET
        from ..table.ink import prime
        for size in self.sizes[:PRIMED]:
            prime(*size)
        del self.sizes[:PRIMED]
        r = self.replay
        try:
            # A slice at least each frame: on a loaded machine the sizes primed above
            # took the whole budget, and frames went by with nothing replayed.
            while not r.finished:
                stop = min((n for n in self.looked.values() if n > r.done), default=r.total)
                r.step(min(SLICE, stop - r.done))
                self.log_at[r.done] = len(r.events)
                if time.perf_counter() >= end:
                    break
            if r.finished:
                self._resume()
        except RulesRefuse as e:
            self.log_at[r.done] = len(r.events)  # the actions of the slice before it
            self._ask(e)
        except (LoadError, ValueError) as e:
            self.app.fail(f"The saved game cannot be continued: {e}")

    def _ask(self, refused: RulesRefuse) -> None:
        self.refused = refused
        where = f"after its first {refused.done:,} actions" if refused.done else "from the start"
        go_on = Button("Go on from there", self._go_on,
                       f"The game goes on {where}, and is saved so.", pygame.K_RETURN,
                       primary=True)
        self.form.add(go_on, Button("Back", self.back, "The save is left as it is.",
                                    pygame.K_ESCAPE))
        self.form.focus = go_on
        self.place()

    def _go_on(self) -> None:
        self.replay.stop_here()
        try:  # as update does: the slot taken by another window meanwhile, say
            self._resume()
        except (LoadError, ValueError) as e:
            self.app.fail(f"The saved game cannot be continued: {e}")

    def _resume(self) -> None:
        # A person who looked later than the save now replays to (Go on from there)
        # has seen it all: from here.
        done = self.replay.done
        looked = {seat: min(n, done) for seat, n in self.looked.items()}
        self.app.resume(self.replay, self.seats, self.level, self.number,
                        {seat: (n, self.log_at[n]) for seat, n in looked.items()})

    def place(self):
        if self.refused is not None:
            column(self.px(470, 360, 340, 0), self.form.widgets, 52 * self.scale,
                   12 * self.scale)

    def back(self):
        self.app.to_menu()

    def draw(self, surface):
        self.draw_backdrop(surface)
        if self.refused is not None:
            self._draw_question(surface)
            return
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

    def _draw_question(self, surface) -> None:
        s, r = self.scale, self.refused
        box = self.px(290, 200, 700, 310)
        panel(surface, box, s, 220)
        inner = box.inflate(-48 * s, -40 * s)
        f = font("label", s)
        y = inner.top + paragraph(
            surface, f"This saved game replays only to action {r.done:,} of {r.total:,}: "
            "the rules refuse the next one." if r.done else "The rules refuse this saved "
            "game's first action.", f, colour("normal_text"), inner)
        paragraph(surface, "The rules were corrected since it was saved, or the file was "
                  f"changed. Go on from there: the last {r.total - r.done:,} actions are not "
                  "played. Or go back: the save is left as it is.", font("#small", s),
                  colour("disabled_text"), inner.move(0, y - inner.top + 12 * s))
        self.form.draw(surface)
