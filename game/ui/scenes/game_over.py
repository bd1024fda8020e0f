"""Game over: who won, the Items each side holds, a short account, Rematch or Menu
(Done in the booth, back to its show)."""
from __future__ import annotations

import dataclasses
import math
import random

import pygame

from game.engine import LoadError

from ..table.ink import DISASTER_COLOUR, mark, owner_colour
from ..fonts import wrap
from ..widgets import Button, colour, font, panel, text
from ..table.verdict import headline, last_round, only_human, why
from .account import rule_note, seat_name, seat_tally, tell
from .base import MenuScene

GO_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SETTLE = 1.5  # seconds the result stays up before Enter or Space may deal a Rematch


# The account's type, at the window's scale times these, the first where it fits; none
# that puts its small type under LEAST_PX, the window's least (at 960x540 0.8 drew it in
# 10 px, s73): there fewer moments are told.
BODY_SCALES = (1.0, 0.9, 0.8)
LEAST_PX = 11


class GameOverScene(MenuScene):
    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self._body_scales: dict = {}  # the account's type scale by its panel's size
        result = session.result
        kinds, limit = session.seats, session.game.options.round_limit
        self.title = headline(result, lambda i: seat_name(kinds, i), only_human(kinds)) \
            if result else "Game abandoned"
        counts = session.item_counts()
        self.reason = why(result, counts, len(kinds), last_round(session.state.rounds, limit),
                          limit) if result else ""
        self.disasters_win = result is not None and result.disasters_win
        self.note = rule_note(result, counts) if result else ""
        self.account = tell(session.game, session.log, session.state)
        seats = range(len(session.seats))
        decks = [d.name for d in session.game.decks]
        # (label, Items, bar colour, owner mark: a seat, "disaster", or None)
        self.bars = [(f"{seat_name(session.seats, i)}, {decks[i]}", counts[str(i)],
                      owner_colour(i), i) for i in seats]
        self.bars.append(("The Disasters", counts["disasters"], DISASTER_COLOUR, "disaster"))
        self.bars.append(("Still under the Locations", counts["field"], colour("disabled_text"),
                          None))
        self.rematch = Button("Rematch", self._rematch, "Same seats and decks, a new shuffle.",
                              pygame.K_r, primary=True)
        self.rematch.keys_said = "Enter · R"
        # In the booth there is no title: the visitor goes back to the AI seats' game.
        self.menu = Button("Menu", app.to_menu, "Back to the title screen.", pygame.K_ESCAPE) \
            if app.booth is None else Button(
                "Done", app.to_menu, "Back to the show: AI seats play on, and a click or a key "
                "there starts a new game.", pygame.K_ESCAPE)
        self.form.add(self.menu, self.rematch)
        # Enter or Space is the gold button, as a player expects (they did nothing,
        # s42w), but not at once: pressed for the table (End phase, or held to hurry
        # the AI), they dealt a new game over the result before it was read. So
        # neither counts for SETTLE seconds, nor a key held since the table (its
        # repeats) till it is let go.
        self.age = 0.0
        pressed = pygame.key.get_pressed()
        self.held = {k for k in GO_KEYS if pressed[k]}
        human_won = result is not None and any(session.seats[i] == "human" for i in result.winners)
        self.confetti = Confetti() if human_won else None

    def place(self):
        self.menu.rect = self.px(80, 620, 200, 56)
        self.rematch.rect = self.px(920, 620, 280, 56)  # room for "Enter · R" beside it

    def _rematch(self):
        config = dataclasses.replace(self.session.config, seed=random.randrange(1 << 31))
        try:  # its level or a deck may be gone or broken since (a save edited by hand)
            self.app.start_game(config)
        except (LoadError, ValueError) as e:
            self.app.fail(f"A rematch cannot be set up: {e}")

    def back(self):
        self.app.to_menu()

    def handle(self, event):
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
        if event.type == pygame.KEYDOWN and event.key in GO_KEYS:
            repeat = event.key in self.held
            self.held.add(event.key)
            if repeat or self.age < SETTLE:
                return
            if not isinstance(self.form.focus, Button):  # else the one chosen (Tab, pointer)
                self.form.focus = self.rematch
        super().handle(event)

    def update(self, dt):
        self.age += dt
        super().update(dt)
        if self.confetti is not None:
            self.confetti.update(dt)

    def draw(self, surface):
        self.draw_backdrop(surface)
        if self.confetti is not None:
            self.confetti.draw(surface)
        s = self.scale
        win = not self.disasters_win
        head = self.px(80, 8, 1120, 160)  # above the panels: the title, then why
        sub, rows = self._subtitle(head.width)
        said = len(rows) * sub.get_linesize()
        # The title at its size, or smaller to fit the width and the room left by why.
        big = font("#title", s)
        shrink = min(1.0, head.width / big.size(self.title)[0],
                     (head.height - said) / big.get_height())
        title = font("#title", s * shrink)
        y = head.top + (head.height - said - title.get_height()) // 2
        y = text(surface, self.title, title, colour("link_text" if win else "normal_text"),
                 (head.centerx, y), "midtop", shadow=True).bottom - round(8 * s)
        for row in rows:
            text(surface, row, sub, colour("normal_text"), (head.centerx, y), "midtop")
            y += sub.get_linesize()
        self._draw_items(surface, self.px(80, 176, 540, 420))
        self._draw_account(surface, self.px(660, 176, 540, 420))
        self.form.draw(surface)

    def _subtitle(self, width: int) -> tuple[pygame.font.Font, list[str]]:
        """Why the game ended: one line of the subheading's type, or else two lines of
        plainer type (three of the smallest, when even two are not enough), as even as
        the words allow."""
        s = self.scale
        for f, most in ((font("#subheading", s), 1), (font("label", s, bold=True), 2),
                        (font("label", s), 3)):
            rows = wrap(self.reason, f, width) if self.reason else []
            if len(rows) <= most:
                break
        return f, even_rows(self.reason, f, width, round(20 * s)) if self.reason else []

    def _draw_items(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        s = self.scale
        panel(surface, box, s, 170)
        pad = round(22 * s)
        text(surface, "Items held", font("#subheading", s), colour("link_text"),
             (box.left + pad, box.top + pad))
        most = max([n for _, n, _, _ in self.bars] + [1])
        small = font("#small", s)
        # The rule that decided this game (rule_note), placed first: the bars share the
        # room above it.
        footer = wrap(self.note, small, box.width - 2 * pad)
        bottom = box.bottom - pad - len(footer) * small.get_linesize()
        y = bottom
        for line in footer:
            text(surface, line, small, colour("disabled_text"), (box.left + pad, y))
            y += small.get_linesize()
        f = font("label", s)
        y = box.top + pad + round(44 * s)
        step = min(round(56 * s), (bottom - round(8 * s) - y) // len(self.bars))
        track = box.width - 2 * pad - round(40 * s)
        size = round(16 * s)
        thick = max(3, min(round(12 * s), step - f.get_linesize() - round(4 * s)))
        for label, n, col, who in self.bars:
            if who is not None:
                icon = mark(0, size, True) if who == "disaster" else \
                    mark(who, size, False, self.app.settings.colorblind_marks)
                surface.blit(icon, (box.left + pad, y + (f.get_linesize() - size) // 2))
            text(surface, label, f, colour("normal_text"), (box.left + pad + size + 8 * s, y))
            bar = pygame.Rect(box.left + pad, y + f.get_linesize(), max(4, track * n / most),
                              thick)
            if n:  # none held, no bar: a stub read as some (fifth newcomer audit)
                pygame.draw.rect(surface, col, bar, border_radius=bar.height // 2)
            # On its name's line: at the bar's height, six rows at 1280x720 put Player
            # 1's count between Player 1 and Player 2 (s35w3).
            text(surface, str(n), font("button", s), colour("normal_text"),
                 (box.right - pad, y + f.get_linesize() // 2), "midright")
            y += step

    def _draw_account(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        s = self.scale
        panel(surface, box, s, 170)
        pad = round(22 * s)
        text(surface, "How it went", font("#subheading", s), colour("link_text"),
             (box.left + pad, box.top + pad))
        top, bottom = box.top + pad + round(48 * s), box.bottom - round(8 * s)
        # Four seats' tallies and where the Items ended passed the panel's foot (at
        # 1280x720 "…and 58 earlier moments" stood under it, no moment told; at 960x540
        # the Items' last line too, s73): in smaller type where they and a moment do
        # not fit, and never a line past its foot.
        # Chosen once a panel size: the account stands still, and measuring it every
        # frame took half again the frame's CPU.
        k = self._body_scales.get((box.size, s))
        if k is None:
            scales = [k for k in BODY_SCALES if font("#small", s * k).point_size >= LEAST_PX] \
                or BODY_SCALES[:1]
            k = self._body_scales[box.size, s] = next(
                (k for k in scales if self._account_body(None, box, top, s * k)
                 <= bottom - pad), scales[-1])
        self._account_body(surface, box, top, s * k, bottom)

    def _account_body(self, surface: pygame.Surface | None, box: pygame.Rect, y: int,
                      s: float, bottom: int = 0) -> int:
        """The account's tallies, where the Items ended and its moments, from `y` in type
        at scale `s`: drawn on `surface`, each row only above `bottom`; else (None) only
        measured: the y below the tallies and the Items with two rows for moments (one
        told, one counting those left out)."""
        pad = round(22 * self.scale)
        size = round(16 * s)
        left = box.left + pad + size + round(8 * s)
        lines = [f"Player {i + 1}: {seat_tally(self.account, i)}"
                 for i in range(len(self.session.seats))]
        # In one row each, in smaller type where long, else wrapped (after the semicolon,
        # seat_tally): "Bonked 12 times, 3 Killed" ran past the panel at 960x540. Its
        # counts in spaced type, as the lines below: "Bonked 2times", "4in their Haven"
        # at 1024x600 (s61).
        # One wrapped, all break after the semicolon: wrapped one by one, the shortest
        # stayed whole above the others broken (s69 playtest).
        width = box.right - pad - left
        f = next((f for f in (font("label", s, spaced=True), font("#small", s, spaced=True))
                  if all(f.size(line)[0] <= width for line in lines)), None)
        f, whole = (f, True) if f else (font("#small", s, spaced=True), False)
        for i, line in enumerate(lines):
            if surface is not None and y + f.get_linesize() <= bottom:
                surface.blit(mark(i, size, False, self.app.settings.colorblind_marks),
                             (box.left + pad, y + (f.get_linesize() - size) // 2))
            for row in wrap(line if whole else line.replace("; ", ";\n", 1), f, width):
                if surface is not None and y + f.get_linesize() <= bottom:
                    text(surface, row, f, colour("normal_text"), (left, y))
                y += f.get_linesize()
        y += round(10 * s)
        small = font("#small", s, spaced=True)
        room = pygame.Rect(box.left + pad, y, box.width - 2 * pad, max(0, bottom - y))
        for line in self.account.items:  # where the Items ended: the bars on the left, told
            room.top += self._rows(surface, line, small, colour("normal_text"), room, bottom)
        room.top += round(8 * s)
        if surface is None:
            return room.top + 2 * small.get_linesize()
        room.height = max(0, bottom - room.top)
        moments = self.account.moments or ["A quiet game: nothing was won or lost."]
        # Those that matter most that fit whole (four seats' lines leave less room), and
        # how many are left out: said only over a moment told.
        moments, left, earlier = fitted(moments, small, room.width,
                                        room.height // small.get_linesize())
        if left and moments:
            room.top += self._rows(surface, f"…and {left} {('other', 'earlier')[earlier]} "
                                   f"moment{'s' * (left > 1)}", small,
                                   colour("disabled_text"), room, bottom)
        for j, moment in enumerate(moments):  # the last, how the game ended, stands out
            last = j == len(moments) - 1 and self.session.result is not None
            room.top += self._rows(surface, moment, small,
                                   colour("normal_text" if last else "disabled_text"), room,
                                   bottom)
        return room.top

    def _rows(self, surface: pygame.Surface | None, words: str, f: pygame.font.Font, col,
              room: pygame.Rect, bottom: int) -> int:
        """A line of the account from the top of `room`, in rows as even as the words
        allow, each drawn only above `bottom` (and on no `surface`: measured); the height
        used."""
        rows = even_rows(words, f, room.width, round(10 * self.scale))
        for k, row in enumerate(rows):
            at = room.top + k * f.get_linesize()
            if surface is not None and at + f.get_linesize() <= bottom:
                text(surface, row, f, col, (room.left, at))
        return len(rows) * f.get_linesize()


def fitted(moments: list[str], f: pygame.font.Font, width: int,
           room: int) -> tuple[list[str], int, bool]:
    """The moments told in `room` rows: those that matter most (a Headline's rank), the
    latest first among alike, in the order they happened; how many are left out, a row
    kept to say so; and whether those all came before the ones told."""
    def rows(i: int) -> int:
        return len(wrap(moments[i], f, width))
    kept: list[int] = []
    for i in sorted(range(len(moments)), key=lambda i: (getattr(moments[i], "rank", 0), -i)):
        if sum(map(rows, kept)) + rows(i) + (len(kept) + 1 < len(moments)) > room:
            break
        kept.append(i)
    kept.sort()
    earlier = not kept or all(i < kept[0] for i in range(len(moments)) if i not in kept)
    return [moments[i] for i in kept], len(moments) - len(kept), earlier


def even_rows(words: str, f: pygame.font.Font, width: int, step: int) -> list[str]:
    """`words` wrapped in `width`, the rows as even as the words allow: narrowed while
    that takes no more rows. Wrapped wide, "...holding more than" left "half." alone
    under it (the s65 playtest's game over)."""
    rows = wrap(words, f, width)
    while len(rows) > 1 and len(wrap(words, f, width - step)) == len(rows):
        width -= step
    return wrap(words, f, width)


class Confetti:
    """A few seconds of falling paper for a human's win; positions are fractions
    of the window, so a resize does not scatter it."""

    COLOURS = ((242, 177, 52), (0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167))

    def __init__(self, pieces: int = 140):
        rng = random.Random(6)
        # x, y, fall speed, drift, turn, turn speed, colour
        self.pieces = [[rng.random(), -rng.random() * 0.8, 0.12 + rng.random() * 0.18,
                        rng.uniform(-0.04, 0.04), rng.uniform(0, 6.3), rng.uniform(-5, 5),
                        rng.choice(self.COLOURS)] for _ in range(pieces)]

    def update(self, dt: float) -> None:
        for p in self.pieces:
            p[0] += p[3] * dt
            p[1] += p[2] * dt
            p[4] += p[5] * dt

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        size = h / 90
        for x, y, _, _, turn, _, col in self.pieces:
            if 0 <= y <= 1.05:
                # A paper square seen turning: its height swings with the turn.
                squash = abs(math.cos(turn))
                rect = pygame.Rect(0, 0, size, max(1.0, size * squash))
                rect.center = (x * w, y * h)
                pygame.draw.rect(surface, col, rect)
