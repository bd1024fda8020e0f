"""Booth mode (`python main.py booth`, or the Booth mode setting): the game on a
convention table, with nobody to look after it.

- Attract: with nobody playing, two easy AI seats play the quick demo on the table,
  animated, with "Click or press any key to play" in the hand's place; between two
  such games the title and a rules tip show for a few seconds (scenes/interlude.py).
- A click or a key starts a human against the easy AI on the quick demo at once;
  a "Two players?" button under the seat panels, shown until the first move (and
  not while a card is held), makes it a hot-seat game for two with one more click
  (or the 2 key, for two at the keyboard alone). After the first move the same room
  offers "New game?" (or N) with no hand-off curtain up; a second click or N, not a
  double-click's, ends the game under way.
  No setup screen: the table opens on the Field set up for the visitors by the AI
  (Set up for me), a note and the log saying so, on the visitor's first choice.
- Idle: after `booth_idle` seconds with no input in a game waiting for a person (the
  AI seat's turn on show does not count), the whole table is hidden at once (hands
  included), and "Still playing?" counts `booth_countdown` seconds down. A click or a
  key brings the game back (a two-player game at the hand-off curtain: whoever came
  back may not be the one to act), and its "Just arrived? New game" button (or N) puts
  the game away and starts a new one; at zero it is put away (never saved: the booth's
  games do not touch the saved games) and attract mode returns. A finished game's
  screen goes back to attract mode after `booth_idle` (the seconds left said on it),
  or at its Done button.
- Full screen, as a kiosk is (app.open_window; `booth --window` for a window). No way
  out for a passer-by: closing the window, F11, Settings and the title's Quit are shut
  off, and no Esc of a visitor's ends the program. The staff's ways out are key
  chords: Ctrl+Shift+Q (QUIT) ends the program, exit code 0 (a loop that starts
  the booth again stops); Ctrl+Shift+T (LEAVE) goes to the ordinary title, full screen
  or not as the settings say (to turn the Booth mode setting off, say).

Time comes from `now` (time.monotonic by default), so a test runs a day of it on a
fake clock without sleeping.
"""
from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import Game
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.save import Record
from game.engine.state import SETUP

from .session import Session, SessionConfig, build_game
from .widgets import colour, font, paragraph, text

if TYPE_CHECKING:
    from .app import App

DEMO = str(DEFAULT_LEVELS_DIR / "quick_demo.yaml")
INTERLUDE = 10.0  # seconds of title and tip between two attract games
# Seconds of an AI seat's turn that do not count as idle: its longest took 48 s at the
# normal speed (twice that at slow); one longer is a stuck worker, and idle again.
AI_TURN_MAX = 300.0
CONFIRM = 5.0  # seconds a first click on "New game?" waits for the second
HASTY = 0.5  # a second click sooner than this is the first's double-click, no "Sure"
# The staff's ways out. Ctrl+Shift+Q went to the title, whose Esc is Quit: a passer-by's
# Esc there would end the program, and the staff had to find the title's Quit (s68).
QUIT = (pygame.K_q, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # the program ends, exit 0
LEAVE = (pygame.K_t, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # to the title
STARTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)  # what starts a game
ACTIVE = STARTS + (pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.FINGERMOTION)  # not idle
TWO_KEYS = (pygame.K_2, pygame.K_KP2)  # "Two players?" from the keyboard
FRESH_KEY = pygame.K_n  # "New game?" from the keyboard (no key of the table's)
SET_UP_NOTE = "The computer has set up the Field for you: the log says what went where"


class Booth:
    def __init__(self, app: "App", now: Callable[[], float] = time.monotonic,
                 seed: int | None = None, idle: float | None = None,
                 countdown: float | None = None):
        """`idle`, `countdown`: this run's times (the booth command's options), else
        the settings'; kept apart so a run's choice never lands in settings.json."""
        self.app = app
        self._idle, self._countdown = idle, countdown
        self.now = now
        self.rng = random.Random(seed)
        self.state = "attract"  # attract, interlude, playing, hidden
        self.since = now()  # when the state began
        self.last_input = now()
        self.ai_since: float | None = None  # when the AI seat's turn on show began
        self.kind = ""  # the game under way: "attract", "one", "two"; "" for none
        self.two_button: pygame.Rect | None = None  # offered until the first move
        self.begun = now()  # when the game under way was started
        self.new_button: pygame.Rect | None = None  # "New game", on the idle cover
        self.fresh_button: pygame.Rect | None = None  # "New game?", after the first move
        self._fresh_asked: float | None = None  # when it was clicked once
        self._swallow_up = False  # the release of the click that started a game
        self._held: int | None = None  # the key that started or brought one back, till let go
        self._down: set[int] = set()  # keys pressed and not yet let go
        self._game: Game | None = None
        self._set_up_for: Session | None = None  # a visitors' game set up, not yet said
        self.started: Counter[str] = Counter()
        self.ended: Counter[tuple[str, str]] = Counter()  # (kind, "over" / "idle" / "put away")

    # Settings -----------------------------------------------------------------------
    @property
    def idle_after(self) -> float:
        return self._idle if self._idle is not None else self.app.settings.booth_idle

    @property
    def countdown(self) -> float:
        return self._countdown if self._countdown is not None else \
            self.app.settings.booth_countdown

    @property
    def covers(self) -> bool:
        """The whole window is hidden (idle in a game): nothing below may be drawn."""
        return self.state == "hidden"

    def left(self) -> float:
        """Seconds left on the "Still playing?" countdown."""
        return max(0.0, self.countdown - (self.now() - self.since))

    # Games ----------------------------------------------------------------------------
    def _to(self, state: str) -> None:
        self.state, self.since = state, self.now()

    def _end(self, outcome: str) -> None:
        if self.kind:
            self.ended[(self.kind, outcome)] += 1
            self.kind = ""

    def _start(self, kind: str, seats: list[str]) -> None:
        self._end("put away")
        config = SessionConfig(DEMO, seats, seed=self.rng.randrange(1 << 31))
        if self._game is None:  # every booth game is the quick demo: its files read once
            self._game = build_game(config)
        session = Session(config, Record(self._game, config.seed),
                          keys=self.app.keys_for(len(seats), config.seed),
                          threaded=self.app.threaded)
        if kind != "attract":
            self._set_up(session)
        self.kind = kind
        self.started[kind] += 1
        self.app.play(session)
        self.last_input = self.begun = self.now()
        self.two_button = self.fresh_button = self._fresh_asked = None

    def attract(self) -> None:
        """AI seats play the quick demo for whoever walks by."""
        self._start("attract", ["ai:easy", "ai:easy"])
        self._to("attract")

    def interlude(self) -> None:
        from .scenes.interlude import InterludeScene
        self._end("put away")
        self.app.end_session()
        self.app.reset(InterludeScene(self.app, self.rng.randrange(1 << 16)))
        self._to("interlude")

    def play(self, two: bool = False) -> None:
        """A visitor's game: one human against the easy AI, or two humans."""
        self._start("two" if two else "one", ["human", "human" if two else "ai:easy"])
        self._to("playing")

    def began(self, session: Session) -> None:
        """A game started elsewhere (Rematch on the game-over screen): a visitor's."""
        if self.kind:
            return  # started here
        self.kind = "two" if session.seats.count("human") > 1 else "one"
        self.started[self.kind] += 1
        self._to("playing")
        self._set_up(session)

    def game_over(self, session: Session) -> bool:
        """A game ended; True if the booth shows what comes next itself (an attract
        game goes on to the interlude, a visitor's game to the game-over screen)."""
        kind = self.kind
        self._end("over")
        if kind == "attract":
            self.interlude()
            return True
        self.last_input = self.now()
        return False

    def put_away(self) -> None:
        """The game (or game-over screen) is left: attract mode again."""
        self._end("put away")
        self.attract()

    def leave(self) -> None:
        """The key chord: booth mode ends, the ordinary title comes back, full screen or
        in a window as the settings say (the booth's own full screen is for the booth)."""
        self._end("put away")
        self.app.booth = None
        self.app.show(self.app.settings.fullscreen)
        self.app.to_menu()

    def quit(self) -> None:
        """The staff's Ctrl+Shift+Q: the game put away (never saved), the program ends
        with exit code 0."""
        self._end("put away")
        self.app.booth = None
        self.app.quit()

    # Input and time ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """True if the booth takes the event (the window never sees it)."""
        # Either Ctrl with either Shift: KMOD_CTRL is both Ctrl keys' bits, and a real
        # keyboard sets only the one held.
        if event.type == pygame.KEYDOWN and event.key in (QUIT[0], LEAVE[0]) \
                and event.mod & pygame.KMOD_CTRL and event.mod & pygame.KMOD_SHIFT:
            if event.key == QUIT[0]:
                self.quit()
            else:
                self.leave()
            return True
        if event.type == pygame.VIDEORESIZE:
            return False  # the window's, not a visitor's: laid out again in every state
        if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                         and event.key == pygame.K_F11):
            return True  # closing and full-screen switching are shut off
        if event.type == pygame.MOUSEBUTTONUP and self._swallow_up:
            self._swallow_up = False
            return True
        if event.type == pygame.KEYDOWN and event.key == self._held:
            return True  # held, it repeats: those presses are the booth's, not the game's
        if event.type == pygame.KEYUP:
            self._down.discard(event.key)
            if event.key == self._held:
                self._held = None  # (the table hears it let go: a curtain waits for that)
        # The window repeats a key held down: a key left held (a bag on the keyboard) is
        # nobody, and its repeats neither keep a game from idling nor start or bring one.
        repeat = event.type == pygame.KEYDOWN and event.key in self._down
        if event.type == pygame.KEYDOWN:
            self._down.add(event.key)
        if event.type in ACTIVE and not repeat:
            self.last_input = self.now()
        if self.state in ("attract", "interlude"):
            if event.type in STARTS and not repeat:
                self._pressed(event)
                self.play()
            return True  # attract mode is not played by visitors
        if self.state == "hidden":
            if event.type in STARTS and not repeat:
                self._pressed(event)
                clicked = event.type == pygame.MOUSEBUTTONDOWN and self.new_button is not None \
                    and self.new_button.collidepoint(event.pos)
                if clicked or event.type == pygame.KEYDOWN and event.key == FRESH_KEY:
                    self.play()  # someone new: the old game is put away unseen
                else:
                    self._to("playing")  # still playing: the game comes back
            return True
        if self.two_button is not None and event.type == pygame.MOUSEBUTTONDOWN \
                and event.button == 1 and self.two_button.collidepoint(event.pos) \
                and self._offers_two():  # not covered since it was drawn
            self._swallow_up = True
            if self.now() - self.begun < HASTY:
                return True  # the double-click that started the game came up under it
            self.play(two=True)
            return True
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
            and self.fresh_button is not None and self.fresh_button.collidepoint(event.pos)
        pressed = event.type == pygame.KEYDOWN and event.key == FRESH_KEY and not repeat
        if (clicked or pressed) and self.fresh_button is not None and self._offers_fresh():
            self._pressed(event)
            self._fresh()
            return True
        # The offer by a key too: two at a keyboard had no way to it but the mouse.
        if event.type == pygame.KEYDOWN and event.key in TWO_KEYS and not repeat \
                and self.two_button is not None and self._offers_two():
            self._pressed(event)
            self.play(two=True)
            return True
        return False

    def _fresh(self) -> None:
        """A click (or N) on "New game?": the first asks "Sure?" (a booth game is never
        saved), a second within CONFIRM seconds puts the game away, one sooner than
        HASTY is the first's double-click and does nothing."""
        asked = None if self._fresh_asked is None else self.now() - self._fresh_asked
        if asked is None or asked >= CONFIRM:
            self._fresh_asked = self.now()
        elif asked >= HASTY:
            self.play()  # someone new: the game left to them is put away

    def _pressed(self, event: pygame.event.Event) -> None:
        """A click or key that starts a game or brings one back: its release (and a held
        key's repeats) go to the booth too."""
        self._swallow_up = event.type == pygame.MOUSEBUTTONDOWN
        self._held = event.key if event.type == pygame.KEYDOWN else None

    def update(self) -> None:
        self._tell_set_up()
        t = self.now()
        self._watched(t)
        if self.state == "interlude" and t - self.since >= INTERLUDE:
            self.attract()
        elif self.state == "playing" and t - self.last_input >= self.idle_after:
            if self.app.session is None or self.app.session.result is not None:
                if self.app.session is not None:
                    self._end("over")  # ended, its last moves still being shown
                self.put_away()  # a finished game's screen, left alone
            else:
                self._to("hidden")  # the hands hidden at once
                # What the hand held is let go: its release comes behind the cover, to
                # the booth, and back from it a card stuck to the pointer, button up (or
                # How to play's page, over the pause menu, s73).
                if self.app.top is not None:
                    self.app.top.cancel()
                # Whoever comes back may be a stranger or the other player: the
                # curtain, never a hand.
                self.app.session.leave_seat()
        elif self.state == "hidden" and t - self.since >= self.countdown:
            self._end("idle")
            self.attract()

    def _set_up(self, session: Session) -> None:
        """A visitor's game opens on its Field set up: the AI makes every person's set-up
        choices (Set up for me) and the AI seat its own, all before the table opens,
        which shows the Field laid, the log saying who placed what, and a note that it
        was done for them (docs/window.md, Booth mode). A visitor stays about ten
        minutes: the quick demo's set-up asked 13 or 14 choices of them, and watched as
        it was played it took 14 to 18 s before their first choice (s56)."""
        for seat in session.humans:
            session.hand_set_up(seat)
        while session.state.phase == SETUP:  # each choice an action, as the rules ask it
            session.poll()
        session.leave_seat()  # two people: the first to play sits down at the curtain
        self._set_up_for = session

    def _tell_set_up(self) -> None:
        """The note on the visitors' table once it is on (after the frame that started
        the game) and no curtain hides it (two players: once Player 1 sits down)."""
        from .table import TableScene
        top = self.app.top
        if self._set_up_for is None or not isinstance(top, TableScene):
            return
        if top.session is not self._set_up_for:
            self._set_up_for = None  # put away before it was seen
        elif top.session.handoff() is None:
            top.say(SET_UP_NOTE, note=True)
            self._set_up_for = None

    def _watched(self, t: float) -> None:
        """A visitor watching the AI seat's turn on the table is not idle: the idle time
        counts while the game waits for a person (at a curtain too), for up to
        AI_TURN_MAX seconds of one turn."""
        from .table import TableScene
        s = self.app.session
        if self.state != "playing" or s is None or s.result is not None \
                or s.human_to_act() or not isinstance(self.app.top, TableScene):
            self.ai_since = None
            return
        if self.ai_since is None:
            self.ai_since = t
        if t - self.ai_since < AI_TURN_MAX:
            self.last_input = t

    # Drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        self.new_button = None
        if self.state == "hidden":
            self._draw_countdown(surface, s)
        elif self.state in ("attract", "interlude"):
            self._prompt(surface, s, "Click or press any key to play")
        self._draw_over(surface)
        self._draw_two(surface, s)
        self._draw_fresh(surface, s)

    def _prompt(self, surface: pygame.Surface, s: float, words: str) -> None:
        """The call to play and the line under it, in the hand's strip below its
        caption: the hand is an AI seat's, nobody's to play, while the phase bar, the
        caption, the Field and the combat panel above it say what is going on (over
        the Field it hid the caption and the combat panel's last lines). The strip is
        the call's own: the cards peeping around it and through it were a mess under
        the one thing a passer-by must read."""
        from .table import ink
        from .table.layout import compute
        w, h = surface.get_size()
        if self.state == "interlude":  # the title and a tip, no table: low in the middle
            room = pygame.Rect(0, h - round(200 * s), w, round(130 * s))
        else:
            lay = compute((w, h))
            caption = lay.px(2) + ink.font(lay.px(13)).get_linesize()  # Painter.hand's
            strip = lay.hand.copy()
            strip.top += caption
            strip.height = lay.hand.bottom - strip.top
            surface.fill((14, 10, 28), strip)
            room = strip.inflate(-round(16 * s), 0)
            room.top += round(2 * s)
            room.height = lay.hand.bottom - room.top - round(4 * s)
        line = "One player against the computer; two players with one more click."
        # The theme's sizes where they fit the strip; smaller where it is narrow or low.
        k = s
        while True:
            big, small = font("#heading", k), font("label", k)
            pad, gap = round(8 * k), round(4 * k)
            box = pygame.Rect(0, 0, big.size(words)[0] + round(56 * k),
                              big.get_linesize() + pad)
            back = pygame.Rect((0, 0), small.size(line)).inflate(round(28 * k), round(6 * k))
            if (box.h + gap + back.h <= room.h and max(box.w, back.w) <= room.w) \
                    or k < 0.3 * s:
                break
            k *= 0.92
        box.midtop = (room.centerx, room.top)
        back.midtop = (room.centerx, box.bottom + gap)
        pane = pygame.Surface(box.size, pygame.SRCALPHA)
        pulse = 0.5 + 0.5 * abs(((self.now() - self.since) % 2.0) - 1.0)
        pane.fill((14, 10, 28, 220))
        surface.blit(pane, box)
        pygame.draw.rect(surface, colour("link_text"), box, max(2, round(3 * k)),
                         border_radius=round(14 * k))
        text(surface, words, big, colour("link_text").lerp((255, 255, 255), pulse * 0.4),
             box.center, "center", shadow=True)
        # Over the hand's card art: on a backing of its own.
        pane = pygame.Surface(back.size, pygame.SRCALPHA)
        pygame.draw.rect(pane, (14, 10, 28, 220), pane.get_rect(), border_radius=back.h // 2)
        surface.blit(pane, back)
        text(surface, line, small, colour("normal_text"), back.center, "center", shadow=True)

    def _offers_two(self) -> bool:
        """The hot-seat offer stands: a visitor's game before its first move, with the
        table on top (over the pause menu or How to play a click on it threw the
        visitor's game away), and no card held (the booth draws over the table: a card
        carried across the offer went under it)."""
        from .table import TableScene
        session, top = self.app.session, self.app.top
        return self.state == "playing" and self.kind == "one" and session is not None \
            and not session.human_moves and isinstance(top, TableScene) and top.drag is None

    def _offers_fresh(self) -> bool:
        """A new game stands offered to whoever sits down in a visitor's game under
        way (s36b: the next stranger saw the last one's game as theirs, and a fresh one
        was Esc, Leave this game, then a click): after its first move, where "Two
        players?" stood, with the table on top, no card held and no hand-off curtain up
        (the person sitting down read it as meant for them, and the game is not theirs
        to end unseen)."""
        from .table import TableScene
        session, top = self.app.session, self.app.top
        return self.state == "playing" and self.kind in ("one", "two") \
            and session is not None and session.result is None and session.human_moves > 0 \
            and session.handoff() is None and isinstance(top, TableScene) and top.drag is None

    def _draw_fresh(self, surface: pygame.Surface, s: float) -> None:
        """The new-game offer, in the room under the seat panels; a click asks "Sure?"
        for CONFIRM seconds, saying what the second costs (the game under way ends) and
        the seconds left."""
        self.fresh_button = None
        if self._fresh_asked is not None and self.now() - self._fresh_asked >= CONFIRM:
            self._fresh_asked = None
        if not self._offers_fresh():
            return
        asked, line = self._fresh_asked is not None, "Click or press N"
        if asked:  # how long the second click is awaited is said: it turned back unannounced
            left = CONFIRM - (self.now() - self._fresh_asked)
            line = f"Click again or N · {int(left + 0.999)} s"
        # Dark, not gold as "Two players?": an offer to the next person, not a call.
        self.fresh_button = self._offer(
            surface, s, "End this game?" if asked else "New game?", line,
            ("dark_bg", "link_text", "normal_text"))

    def _room(self, surface: pygame.Surface, s: float) -> pygame.Rect | None:
        """The booth's own button's room: what the seat panels leave above the minimap,
        which shows nothing else (None where four panels fill the column)."""
        from .table.layout import compute
        lay = compute(surface.get_size())
        n = len(self.app.session.seats)
        below = lay.seats.top + n * min(lay.seats.h // n, lay.px(150))  # Painter.seats'
        room = pygame.Rect(lay.seats.x, below, lay.seats.w, lay.seats.bottom - below)
        box = room.inflate(-round(16 * s), -round(16 * s))
        lines = font("button", s).get_linesize() + round(2 * s) + font("label", s).get_linesize()
        return box if box.h >= lines else None

    def _draw_two(self, surface: pygame.Surface, s: float) -> None:
        """The hot-seat offer, while it stands: in the room the seat panels leave above
        the minimap, which shows nothing else (in the corner it hid the inspector's
        foot; over the Off Field panel, what the panel is for, where the hand's Global
        Effect is played)."""
        self.two_button = None
        if not self._offers_two():
            return
        self.two_button = self._offer(surface, s, "Two players?", "Click or press 2",
                                      ("active_bg", "active_text", "active_text"))

    def _offer(self, surface: pygame.Surface, s: float, head: str, line: str,
               look: tuple[str, str, str]) -> pygame.Rect | None:
        """One of the booth's offers drawn in `_room` (_two_lines); its box, or None
        where there is no room (four seat panels fill the column: the booth's own games
        have two). The words fit the seat column at 1280x720 and 1920x1080."""
        box = self._room(surface, s)
        if box is not None:
            _two_lines(surface, box, s, head, line, look)
        return box

    def _draw_over(self, surface: pygame.Surface) -> None:
        """A finished game's screen goes back to the show after the idle time: the
        seconds left said between Done and Rematch (it went without a word, the result
        taken from whoever still read it, s41k)."""
        from .scenes.game_over import GameOverScene
        over = self.app.top
        if self.state != "playing" or not isinstance(over, GameOverScene):
            return
        left = max(0.0, self.idle_after - (self.now() - self.last_input))
        words = f"Back to the show in {int(left + 0.999)} s · move the mouse to stay"
        f = font("label", over.scale)
        mid = ((over.menu.rect.right + over.rematch.rect.left) // 2, over.menu.rect.centery)
        text(surface, words, f, colour("disabled_text"), mid, "center")

    def _draw_countdown(self, surface: pygame.Surface, s: float) -> None:
        surface.fill((12, 9, 24))
        w, h = surface.get_size()
        text(surface, "Still playing?", font("#title", s), colour("link_text"),
             (w // 2, h // 2 - round(120 * s)), "center", shadow=True)
        left = self.left()
        text(surface, f"{int(left + 0.999)}", font("#title", s * 1.6), colour("normal_text"),
             (w // 2, h // 2), "center", shadow=True)
        track = pygame.Rect(0, 0, round(520 * s), round(14 * s))
        track.center = (w // 2, h // 2 + round(90 * s))
        pygame.draw.rect(surface, colour("dark_bg"), track, border_radius=track.h // 2)
        bar = track.copy()
        bar.width = round(track.width * left / max(self.countdown, 0.001))
        if bar.width:
            pygame.draw.rect(surface, colour("link_text"), bar, border_radius=track.h // 2)
        words = pygame.Rect(w // 2 - round(300 * s), track.bottom + round(30 * s),
                            round(600 * s), round(80 * s))
        words.h = paragraph(surface, "The cards are hidden while nobody plays. Click or press "
                                     "any other key to go on; otherwise this game is put away "
                                     "for the next visitor.",
                            font("label", s), colour("disabled_text"), words,
                            centred=True)  # as the title, count and button above and below
        # Whoever walks up is most often someone new, not the one who left: N, said as
        # the booth's other offers say their keys (it had none, s42w).
        f, label = font("button", s), "Just arrived? New game"
        box = pygame.Rect(0, 0, f.size(label)[0] + round(48 * s),
                          f.get_linesize() + font("label", s).get_linesize() + round(14 * s))
        box.midtop = (w // 2, words.bottom + round(28 * s))
        _two_lines(surface, box, s, label, "Click or press N",
                   ("active_bg", "active_text", "active_text"))
        self.new_button = box


def _two_lines(surface: pygame.Surface, box: pygame.Rect, s: float, head: str, line: str,
               look: tuple[str, str, str]) -> None:
    """A booth button: its heading over a line of how to take it, in `look`'s colours
    (fill, heading and border, line)."""
    fill, ink, small_ink = look
    big, small = font("button", s), font("label", s)
    gap = round(2 * s)
    _button(surface, box, s, fill)
    top = box.centery - (big.get_linesize() + gap + small.get_linesize()) // 2
    text(surface, head, big, colour(ink), (box.centerx, top), "midtop")
    text(surface, line, small, colour(small_ink),
         (box.centerx, top + big.get_linesize() + gap), "midtop")


def _button(surface: pygame.Surface, box: pygame.Rect, s: float, fill: str = "active_bg") -> None:
    """The booth's own buttons (two players, a new game): gold, to be seen across a hall,
    but for an offer to the next person ("New game?", dark)."""
    pygame.draw.rect(surface, colour(fill), box, border_radius=round(10 * s))
    pygame.draw.rect(surface, colour("link_text"), box, max(2, round(2 * s)),
                     border_radius=round(10 * s))
