"""Saved games: every save slot with its date and a one-line summary. Click one to
continue it, or delete it (a second click confirms).

Up and Down move between the saves (a column at a time), Left and Right between a save
and its Delete, Tab through everything: Down from a save once reached its Delete, and
two presses of Enter then deleted a game the player only meant to scroll past.

From New game when every slot holds a game (`replacing`), the same list asks which
save the new game may replace, and a second click on it confirms: a save is never
replaced without asking. A slot open in another window is shown but offers nothing.
"""
from __future__ import annotations

import pygame

from game.engine import LoadError

from ..slots import SLOTS, SlotInfo
from ..fonts import wrap
from ..widgets import Button, colour, font, panel, text
from .base import MenuScene

ROW = 62  # a slot's row, in 1280x720 units
BROKEN = pygame.Color("#FF8A80")  # what cannot be continued, as errors are said
DELETE_W = 240  # wide enough for its "Delete? Click again" (164 cut it at both ends)


ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0),
          pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}


class SlotButton(Button):
    """A save's row: its slot at the left ("Slot 3"), then when and what (level, round)
    above, its phase, seats and Items below in a smaller line, each cut with "…" where
    the row is too narrow (four seats were). Six games of one level read the same to the
    second, and a long level's name cut its phase while the line below had room: the
    slot tells them apart, and what line 1 cannot hold goes first on line 2. A broken
    save's row says which file cannot be continued, and why below (whole on hover)."""

    def __init__(self, info: SlotInfo, on_click, tooltip: str):
        super().__init__(info.line, on_click, tooltip)
        self.info = info

    def _room(self, scale: float) -> pygame.Rect:
        """Where the two lines go: right of the widest slot name, so rows line up."""
        room = self.rect.inflate(-round(32 * scale), -round(8 * scale))
        badge = font("#small", scale).size("Older save")[0] + round(12 * scale)
        return pygame.Rect(room.x + badge, room.y, room.w - badge, room.h)

    def badge(self, scale: float) -> tuple[str, pygame.font.Font, pygame.Rect]:
        """The slot's name as drawn, at the row's left."""
        f = font("#small", scale)
        where = pygame.Rect((0, 0), f.size(self.info.slot))
        where.midleft = (self.rect.x + round(16 * scale), self.rect.centery)
        return self.info.slot, f, where

    def lines(self, scale: float) -> list[tuple[str, pygame.font.Font, pygame.Rect]]:
        """The two lines as drawn: words, font, and where."""
        room = self._room(scale)
        bold, small = font("label", scale, bold=True), font("#small", scale)
        if self.info.error:
            head, details = f"{self.info.path.name} cannot be continued", self.info.error
        else:
            what, _, details = self.info.summary.partition(": ")
            parts = what.split(" · ")
            head = f"{self.info.saved}  {parts[0]}".strip()
            rest = parts[1:]
            while rest and bold.size(" · ".join([head] + rest))[0] > room.w:
                details = " · ".join([rest.pop()] + ([details] if details else []))
            head = " · ".join([head] + rest) + self.info.remark
        out = []
        for words, f in ((head, bold), (details, small)):
            if words:
                words = _cut(words, f, room.w)
                out.append((words, f, pygame.Rect((0, 0), f.size(words))))
        y = room.centery - sum(r.h for _, _, r in out) // 2
        for _, _, r in out:
            r.midtop, y = (room.centerx, y), y + r.h
        return out

    def draw(self, surface, focused, scale):
        if self.label != self.info.line:  # asking to confirm: the question alone
            super().draw(surface, focused, scale)
            return
        self._box(surface, focused, scale)
        self.words(surface, scale, colour("normal_text"))

    def words(self, surface, scale: float, ink) -> None:
        words, f, where = self.badge(scale)
        text(surface, words, f, colour("link_text") if ink == colour("normal_text") else ink,
             where.topleft)
        for i, (words, f, where) in enumerate(self.lines(scale)):
            broken = self.info.error and i == 0 and ink == colour("normal_text")
            text(surface, words, f, BROKEN if broken else ink, where.topleft)


def _cut(words: str, f: pygame.font.Font, width: int) -> str:
    while f.size(words)[0] > width and len(words) > 1:
        words = words[:-2] + "…"
    return words


class SlotsScene(MenuScene):
    heading = "Saved games"

    def __init__(self, app, replacing=None, start=None):
        """`replacing`: the SessionConfig of a new game that needs a slot; `start(n)`
        begins it in slot n (App.start_game's; the guided game's own, App.start_guide)."""
        super().__init__(app)
        self.replacing = replacing
        self.start = start or (lambda n: app.start_game(replacing, slot=n))
        self.error = ""
        self.note = ""  # what a broken save's row says when clicked: why, and what to do
        self.armed: tuple[str, int] | None = None  # (what, slot) a second click confirms
        self.back_button = Button("Back", self.back, "Back to where you were.", pygame.K_ESCAPE)
        self.rows: list[tuple[SlotInfo, Button, Button | None]] = []
        if replacing is not None:
            self.heading = "Every slot holds a game"
        self._fill()

    def _fill(self) -> None:
        self.rows = []
        for info in self.app.saves.listing():
            if self.replacing is not None and info.legacy:
                continue  # the older save is no slot a new game could go into
            go = SlotButton(info, lambda n=info.number: self._pick(n), self._tip(info))
            go.visible = not info.busy  # a broken one too: a click says why
            delete = None
            if self.replacing is None:
                delete = Button("Delete", lambda n=info.number: self._delete(n),
                                "Delete this saved game (click twice).")
                delete.visible = not info.busy
            self.rows.append((info, go, delete))
        self.form.widgets = [w for _, go, d in self.rows for w in (go, d) if w is not None]
        self.form.add(self.back_button)
        shown = [w for w in self.form.widgets if w.visible]
        self.form.focus = shown[0] if shown else self.back_button
        self.place()

    def _tip(self, info: SlotInfo) -> str:
        if self.replacing is not None:
            return "Replace this saved game with the new one (click twice)."
        if info.error:
            return f"{info.path.name} cannot be continued: {info.error}. Click: what to do."
        return "Continue this game." if not info.legacy else \
            "Continue this game, saved by an earlier version (it moves into a slot)."

    def on_enter(self):
        self._fill()
        if not self.rows and self.replacing is None:
            self.app.pop()

    def place(self):
        for i, (_, go, delete) in enumerate(self.rows):
            y = 156 + i * ROW
            go.rect = self.px(100, y, 1064 - DELETE_W if delete else 1080, ROW - 12)
            if delete is not None:
                delete.rect = self.px(1180 - DELETE_W, y, DELETE_W, ROW - 12)
        self.back_button.rect = self.px(100, 620, 200, 56)

    # Keys ---------------------------------------------------------------------
    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key in ARROWS:
            self._arrow(*ARROWS[event.key])
            return
        super().handle(event)

    def _arrow(self, down: int, right: int) -> None:
        """Focus the next shown widget that way: across, the row's other one; up or
        down, the next row's in the same column (Back is a row of its own, below the
        saves), else that row's other one, round from the last row to the first."""
        grid = [[w for w in (go, delete) if w is not None] for _, go, delete in self.rows]
        grid.append([self.back_button])
        here = next(((r, c) for r, row in enumerate(grid) for c, w in enumerate(row)
                     if w is self.form.focus), None)
        if here is None:
            self.form.move_focus(down or right)
            return
        r, c = here
        if right:
            ahead = grid[r][c + right:c + right + 1] if c + right >= 0 else []
        else:
            ahead = []
            for i in range(1, len(grid)):
                row = grid[(r + down * i) % len(grid)]
                same = row[min(c, len(row) - 1)]
                ahead += [same] + [w for w in row if w is not same]
        shown = [w for w in ahead if w.visible]
        if shown:
            self.form.focus = shown[0]
            self.form.move_focus(0)  # marks it a keyboard move: its tooltip may show

    # Actions ------------------------------------------------------------------
    def _confirm(self, what: str, n: int, question: str) -> bool:
        """The first click asks (the button says so); the second does it."""
        if self.armed == (what, n):
            self.armed = None
            return True
        self._fill()
        self.armed = (what, n)
        for info, go, delete in self.rows:
            if info.number == n:
                target = go if what != "delete" else delete
                # The button asks; a tooltip over it would hide the question.
                target.label, target.primary, target.tooltip = question, True, ""
                self.form.focus = target
        return False

    def _pick(self, n: int) -> None:
        if self.replacing is not None:
            if self._confirm("replace", n, "Replace this saved game? Click again"):
                self._replace(n)
            return
        broken = next((info for info, _, _ in self.rows if info.number == n and info.error),
                      None)
        if broken is not None:
            self._explain(broken)
            return
        try:
            self.app.continue_game(n)
        except (LoadError, ValueError) as e:
            self.error = f"The saved game cannot be continued: {e}"

    def _explain(self, info: SlotInfo) -> None:
        """A broken save clicked: why it cannot be continued, whole, and its Delete
        offered (gold, focused; still two clicks). It was a dead click, and said nothing."""
        self._fill()  # a question asked of another row is taken back
        self.armed, self.error = None, ""
        self.note = (f"{info.slot} cannot be continued: its file, {info.path.name}, "
                     f"{info.error}. The game cannot read it; Delete, beside it, frees the "
                     f"slot (click it twice).")
        for row, _, delete in self.rows:
            if row.number == info.number and delete is not None:
                delete.primary, self.form.focus = True, delete

    def _replace(self, n: int) -> None:
        try:
            self.start(n)
        except (LoadError, ValueError) as e:
            self.error = f"This game cannot start: {e}"

    def _delete(self, n: int) -> None:
        if not self._confirm("delete", n, "Delete? Click again"):
            return
        self.note = ""
        try:
            aside = self.app.saves.remove(n)
            # What failed before is not said of this one; a folder moved aside is said.
            self.error = "" if aside is None else (f"That was a folder of files, not a save: "
                                                   f"moved aside to {aside.name}.")
        except OSError as e:
            self.error = f"The save could not be deleted: {e.strerror or e}"
        self._fill()
        if not self.rows:
            self.app.pop()

    # Drawing ------------------------------------------------------------------
    def draw(self, surface):
        self.draw_backdrop(surface)
        s = self.scale
        note = (f"Games are saved after every move from a player's first, each in one of "
                f"{SLOTS} slots."
                if self.replacing is None else
                "Choose the saved game the new one replaces; the others are kept.")
        text(surface, note, font("label", s), colour("disabled_text"),
             self.px(100, 128, 0, 0).midleft, "midleft")
        if not self.rows:
            panel(surface, self.px(100, 156, 1080, 60), s, 150)
            text(surface, "No game is saved.", font("label", s), colour("normal_text"),
                 self.px(120, 186, 0, 0).midleft, "midleft")
        for _, go, _ in self.rows:
            if not go.visible:  # open in another window, or broken: said, not offered
                panel(surface, go.rect, s, 120)
                go.words(surface, s, colour("disabled_text"))
        self.form.draw(surface)
        said, ink = (self.error, BROKEN) if self.error else (self.note, colour("normal_text"))
        if said:
            f, lines = self.said_lines(said)
            box = self.px(320, 610, 860, 80)
            for i, line in enumerate(lines):
                text(surface, line, f, ink, (box.left, box.top + i * f.get_linesize()))

    def said_lines(self, said: str) -> tuple[pygame.font.Font, list[str]]:
        """`said` wrapped beside Back, above the window's foot: in smaller type where the
        label's does not fit, and cut with "…" where that does not either."""
        box = self.px(320, 610, 860, 80)
        for role in ("label", "#small"):
            f = font(role, self.scale)
            lines = wrap(said, f, box.w)
            room = max(1, box.h // f.get_linesize())
            if len(lines) <= room:
                return f, lines
        lines = lines[:room]
        lines[-1] = _cut(lines[-1] + " …", f, box.w)
        return f, lines
