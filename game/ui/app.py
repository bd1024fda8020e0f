"""The window: a stack of scenes driven one frame at a time.

`step(events, dt)` is one frame (input, update, draw) and is all that tests
and the monkey drive; `run()` wraps it in the real 60 fps loop.

Widgets: the shell's scenes use game/ui/widgets.py, drawn by the game, rather
than a pygame-gui UIManager: they scale their fonts with the window height,
take keyboard focus (Tab, arrows, Enter) and read the pointer from events
only, so synthetic events in headless tests behave as a real mouse does.
game/ui/theme.json holds the colours and fonts they use; it is written in
pygame-gui's theme format, so a scene that wants pygame-gui elements can give
it to its own `pygame_gui.UIManager(size, theme_path)`.

Games: `play(session)` puts game.ui.table.TableScene(app, session) alone on
the stack; the table pushes scenes.pause.PauseScene(app, session) on Esc and
calls `game_over(session)` when the game has ended. The App owns the session's
life: it closes it (its AI thread) when another game starts, the menu comes
back or the window closes, never when a pause merely covers the table.
"""
from __future__ import annotations

import errno
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine.effects import EffectLoop
from game.engine.errors import LoadError, one_line
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.save import save
from game.match import derived_keys, fresh_keys

from . import unnamed_drivers_dropped
from .guide import AGAIN as GUIDE_AGAIN
from .guide import KEYS as GUIDE_KEYS
from .guide import LEAVE as GUIDE_LEAVE
from .guide import SEED as GUIDE_SEED
from .guide import attach as attach_guide
from .guide import leave as leave_guide
from .scene import Scene
from .settings import Settings, config_dir, data_dir
from .slots import Saves, check_guide, table_of
from .sound import Sounds

if TYPE_CHECKING:
    from game.engine.cards import CardDB

    from .booth import Booth
    from .faces import FaceCache
    from .session import Session, SessionConfig

MIN_SIZE = (960, 540)  # resize() goes no smaller; layouts scale down below 1280x720
FPS = 60
IDLE_MARGIN_MS = 1.5  # of a frame's 16.7 ms, never given to work ahead (App.idle)
GUIDE_SHARE = 0.25  # of the Field's height, at its top, kept clear for the guide's panel
GUIDE_KEY = pygame.K_l  # the guide panel's way off the rails: Leave the lesson
NOTICE_SECONDS = 10.0  # a game that will not be saved says so this long, then frees the hand


class App:
    def __init__(self, size: tuple[int, int] = (1280, 720), settings: Settings | None = None,
                 config: Path | None = None, data: Path | None = None,
                 fullscreen: bool | None = None):
        """`fullscreen`: this run's display (a booth's full screen), never written to the
        settings; None: the settings' choice."""
        self.settings_path = (config or config_dir()) / "settings.json"
        data = data or data_dir()
        self.saves = Saves(data / "saves", data / "save.json")
        self._save_error = ""  # why the last save failed; on screen until one succeeds
        self._save_failed = ""  # its file and the system's words, for the line at closing
        # Why no slot could be held (a read-only folder), and why the last game's latest
        # moves were not written: the title's calm note, once the game's banner is gone.
        self._cannot_save, self._lost = "", ""
        # Why this game is not saved at all (every slot holds one): said for NOTICE_SECONDS,
        # as it stays so (over the hand all game long, it hid the cards).
        self._notice, self._notice_left = "", 0.0
        # A saves folder that cannot be searched hides every saved game: said at once.
        if unlisted := self.saves.unlisted():
            print(unlisted, file=sys.stderr)
            self._notice, self._notice_left = unlisted, NOTICE_SECONDS
        # Why the settings file was not read, or which of its values were out of their
        # bounds ("read": stderr alone went unseen), or cannot be saved ("save"): said
        # as long, whatever the game (a game's end does not end it, as it does the notice
        # above), both at once when both happen (at launch a broken file's defaults bring
        # back the guide, whose save may fail too).
        self._settings_said: dict[str, str] = {}
        self._said_left = 0.0
        # Saves are written on a thread of their own (fsync takes milliseconds a frame
        # should not wait), one at a time and in order: the one being written.
        self._writer: ThreadPoolExecutor | None = None
        self._writing: Future | None = None
        self.threaded = True  # AI seats think on a worker thread (False: tests, the booth test)
        self.booth: "Booth | None" = None  # booth mode (game/ui/booth.py)
        self.settings = settings if settings is not None else Settings.load(self.settings_path)
        self._say_settings("read", self.settings.problem or self.settings.bounded)
        try:
            pygame.display.init()
        except pygame.error as e:  # a driver named that this machine lacks: in words
            raise NoWindow(str(e)) from None
        pygame.font.init()
        self.sounds = Sounds()
        pygame.key.set_repeat(400, 40)
        pygame.display.set_caption("Ani-Mayhem")
        self._windowed = size
        # The least the window may be dragged to: MIN_SIZE, or the size asked for where
        # smaller (a screenshot of 640x360).
        self._least = (min(size[0], MIN_SIZE[0]), min(size[1], MIN_SIZE[1]))
        self.full = False  # the display is full screen (not always the settings' choice)
        self.screen = self._set_mode(
            size, self.settings.fullscreen if fullscreen is None else fullscreen)
        self._stack: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []
        self._in_frame = False
        self.running = True
        self.session: Session | None = None  # the game being played
        # The guide panel's Leave the lesson, where it was drawn last (None: not shown),
        # and the release of the click on it, which the table must not take.
        self._leave_rect: pygame.Rect | None = None
        self._swallow_up = False
        # The AI seats' generator keys for a new game of (seats, seed): the operating
        # system's; tests and screenshots set keys that replay (game/match.py).
        self.keys_for: Callable[[int, int], Sequence[bytes]] = lambda seats, seed: \
            fresh_keys(seats)
        self._reading: Future | None = None  # the card files, read apart (warm)

    # -- what the scenes share ------------------------------------------------

    @cached_property
    def db(self) -> "CardDB":
        from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
        from .cardfiles import parsed_or_read
        reading, self._reading = self._reading, None
        if reading is not None:  # (warm): built from the files as parsed there, and
            try:  # kept by load_cards, where every Game built later takes them
                return load_cards(DEFAULT_CARDS_DIR, read=parsed_or_read(reading.result()))
            except Exception:  # a bad card file (its error may not cross): read here,
                pass  # and refused as before
        return load_cards(DEFAULT_CARDS_DIR)

    def warm(self) -> None:
        """Parse the card files in a process of their own as the window opens. The first
        screen to show a card (the title's fan; else New game, How to play) parsed them
        in its first frame, a quarter of a second of a frozen window: the one long first
        frame when the screens were profiled (s65's playtest, s66). A thread did not
        shorten it: the parsing is Python's, and took turns with the frame."""
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing import get_context

        from . import cardfiles
        pool = ProcessPoolExecutor(1, get_context("spawn"))  # not fork: SDL stays here
        self._reading = pool.submit(cardfiles.parse)
        pool.shutdown(wait=False)  # the process ends once the cards are sent

    def reading_cards(self) -> bool:
        """Whether the card files are still being read (warm): a screen that can wait
        for them (the title's fan) comes without them a few frames."""
        return self._reading is not None and not self._reading.done()

    @cached_property
    def decks(self) -> dict:
        """The decks players choose from, read once (New game read their files at every
        opening: most of its first frame)."""
        from game.engine.decks import DEFAULT_DECKS_DIR, load_decks
        return load_decks(DEFAULT_DECKS_DIR, self.db)

    @cached_property
    def faces(self) -> "FaceCache":
        from .faces import FaceCache
        return FaceCache(self.db)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def sound(self, name: str) -> None:
        """Play one of sound.TONES at the volume the player chose."""
        self.sounds.play(name, self.settings.volume)

    def save_settings(self) -> None:
        self._say_settings("save", self.settings.save(self.settings_path))

    def _say_settings(self, what: str, problem: str) -> None:
        """The settings' problem on the banner for a while: stderr, where Settings says it
        too, is not seen by a person who opened the window. No problem takes back what
        was said of the same (a save that works: "cannot save" is no longer true)."""
        if problem:
            self._settings_said[what] = problem
            self._said_left = NOTICE_SECONDS
        else:
            self._settings_said.pop(what, None)

    @property
    def _said(self) -> str:
        # One line once: a save failing as the file read failed says the same words.
        return "Settings: " + "; ".join(dict.fromkeys(self._settings_said.values())) \
            if self._settings_said else ""

    # -- the scene stack -------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self._stack[-1] if self._stack else None

    def push(self, scene: Scene) -> None:
        self._change("push", scene)

    def pop(self) -> None:
        self._change("pop", None)

    def replace(self, scene: Scene) -> None:
        self._change("replace", scene)

    def reset(self, scene: Scene) -> None:
        """Empty the stack (each scene exits, top first) and start again from `scene`."""
        self._change("reset", scene)

    def _change(self, op: str, scene: Scene | None) -> None:
        self._pending.append((op, scene))
        if not self._in_frame:
            self._apply_pending()

    def _apply_pending(self) -> None:
        while self._pending:
            op, scene = self._pending.pop(0)
            if op in ("pop", "replace", "reset") and self._stack:
                for _ in range(len(self._stack) if op == "reset" else 1):
                    self._stack.pop().on_exit()
            elif op == "push" and self._stack:
                self._stack[-1].on_exit()
            if scene is not None:
                scene.layout(self.size)
                self._stack.append(scene)
                scene.on_enter()
            elif self._stack:
                self._stack[-1].on_enter()

    # -- games -----------------------------------------------------------------

    def start_game(self, config: "SessionConfig", slot: int | None = None) -> None:
        """A new game on top of the menus: the table engineer's TableScene. It is saved
        in `slot` (the player chose to replace that save), else in a free slot."""
        from .session import Session
        self.play(Session(config, keys=self.keys_for(len(config.seats), config.seed),
                          threaded=self.threaded, decks=self.decks), slot)

    def play(self, session: "Session", slot: int | None = None, saved: bool = False) -> None:
        """`session` on the table, saved after every action in `slot` (or a free one);
        `saved`: the slot holds it as it is already (a Continue)."""
        from .table import TableScene
        self.end_session(keep_slot=True)
        self.session = session
        if self.booth is None:  # a booth's games are put away, never saved
            self._hold_slot(slot)
            session.on_action = lambda: self.autosave(session)
            if not saved:
                self.autosave(session)  # a game worth keeping is in its slot at once
        if self.booth is not None:  # before the table: it opens on the set-up the booth made
            self.booth.began(session)
        table = TableScene(self, session)
        if session.guide is not None:  # its words lie over no tile (the view is fitted below)
            table.camera.clear_top = GUIDE_SHARE
        self.reset(table)

    def _hold_slot(self, slot: int | None) -> None:
        self._lost = ""
        try:
            held = self.saves.hold(slot) if slot is not None else self.saves.hold_free() \
                is not None
        except OSError as e:
            self.saves.release()
            self._cannot_save = _unsavable(e)
            self.save_error = f"This game cannot be saved: {self._cannot_save}. It goes on."
            return
        self._cannot_save = ""
        if not held:
            self.saves.release()
            self._notice = ("Every save slot holds a game, so this one is not saved; "
                            "delete one in Saved games to keep the next.")
            self._notice_left = NOTICE_SECONDS

    def autosave(self, session: "Session") -> None:
        """The game written to its slot (after every action, once it is worth keeping: a
        person has chosen something in it): one file, atomically, on the writer thread,
        after the one before it. A failure (a full disk, a read-only folder) is a message
        on screen; the game goes on and the next action tries again."""
        if session is not self.session or self.saves.held is None \
                or not session.worth_keeping():
            return
        session.record.table = table_of(session)
        record = replace(session.record, actions=list(session.record.actions),
                         table=dict(session.record.table))  # as it is now, for the thread
        self._written(wait=True)
        if self._writer is None:
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="autosave")
        self._writing = self._writer.submit(_save, record, self.saves.path(self.saves.held))

    @property
    def save_error(self) -> str:
        """Why the last save failed, '' if it did not (once the one being written is)."""
        self._written(wait=True)
        return self._save_error

    @save_error.setter
    def save_error(self, words: str) -> None:
        self._save_error = words

    def _written(self, wait: bool) -> None:
        """The save being written, once it is (at once if `wait`): its failure, or not."""
        w = self._writing
        if w is None or not (wait or w.done()):
            return
        self._writing = None
        try:
            w.result()
        except OSError as e:
            self._save_failed = _why(e)
            self._save_error = (f"The game could not be saved: {self._save_failed}. It goes "
                                f"on, and is saved again after the next move.")
        else:
            self._save_error = self._save_failed = ""

    def game_over(self, session: "Session") -> None:
        """Called by the table when the game has ended: its save is removed, so Continue
        never offers a game that is over (the slot stays this window's, for a Rematch)."""
        from .scenes.game_over import GameOverScene
        if self.booth is not None and self.booth.game_over(session):
            return
        if self.saves.held is not None and session is self.session:
            self._written(wait=True)  # not written again after it is removed
            try:
                self.saves.remove(self.saves.held)
            except OSError as e:
                self.save_error = f"The finished game's save could not be removed: {_why(e)}."
        self.replace(GameOverScene(self, session))

    def to_menu(self) -> None:
        from .scenes.title import TitleScene
        self.end_session()
        if self.booth is not None:
            self.booth.put_away()
            return
        self._game_gone()
        self.reset(TitleScene(self))

    def _game_gone(self) -> None:
        """The failed save's banner belongs to the game: on the title, where no game goes
        on, it stayed in red ("It goes on.") over the footer. What is still worth knowing
        is the title's calm note (menu_note)."""
        self._lost = self._save_failed
        self._save_error = self._save_failed = ""

    def menu_note(self) -> str:
        """What the title says calmly of saving: games here are not saved, or the last
        one's latest moves were not ("" when neither)."""
        if self._cannot_save:
            return f"Games cannot be saved: {self._cannot_save}."
        return f"The last game's latest moves were not saved: {self._lost}." \
            if self._lost else ""

    def end_session(self, keep_slot: bool = False) -> None:
        if self.session is not None:
            # Taking the seat is no action, so no save said the person seated had seen the
            # news since they last looked: continued, they were told it again (s57).
            if len(self.session.humans) >= 2 and self.session.state.result is None:
                self.autosave(self.session)
            self.session.on_action = None
            self.session.close()
        self.session = None
        self._notice_left = 0.0
        self._written(wait=True)  # the slot is let go of with its game written
        if not keep_slot:
            self.saves.release()

    def start_guide(self, slot: int | None = None) -> None:
        """The guided first game (game/ui/guide.py): the quick demo of a fixed seed,
        step by step, then free, saved in `slot` (the player chose to replace that
        save). Begun again, it replaces the last guided game's save still in its lesson
        (the same lesson: each took a slot of its own, six filled them), unless that one
        is open in another window; one played on past the lesson is the player's own
        game, and keeps its slot. With none such and every slot full, the player is
        asked which save it replaces, as New game asks: it began unsaved, a red banner
        over the lesson's first step."""
        from .session import Session, SessionConfig
        config = SessionConfig(str(DEFAULT_LEVELS_DIR / "quick_demo.yaml"),
                               ["human", "ai:easy"], seed=GUIDE_SEED)
        if slot is None:
            slot = next((s.number for s in self.saves.listing() if s.guided and not s.busy),
                        None)
            if slot is None and self._slots_full():
                self._ask_slot(config, self.start_guide)
                return
        try:
            session = Session(config, keys=derived_keys(2, *GUIDE_KEYS), threaded=self.threaded,
                              decks=self.decks)
        except (LoadError, ValueError) as e:  # the quick demo's level or decks edited: said
            self.fail(f"The guided first game cannot start: {e}")  # on the title (it was a
            return  # traceback, and on a first start the window never opened)
        attach_guide(session)
        self.settings.guide_seen = True
        self.save_settings()
        self.play(session, slot)

    def _slots_full(self) -> bool:
        """Every slot holds a game (never in a booth, whose games are not saved); False
        where nothing can be saved at all: the game says so and goes on."""
        try:
            return self.booth is None and self.saves.hold_free() is None
        except OSError:
            return False

    def _ask_slot(self, config: "SessionConfig", start: Callable[[int], None]) -> None:
        """Saved games asking which save the new game replaces, over the title (at a
        first start there is none yet: Back goes to it, not out of the program)."""
        from .scenes.slots import SlotsScene
        if self.top is None:
            self.to_menu()
        self.push(SlotsScene(self, replacing=config, start=start))

    def _guide_control(self, event: pygame.event.Event) -> bool:
        """The guide panel's Leave the lesson, clicked or its key pressed, over the table:
        True if it took the event. In a game that left the lesson the key says where the
        lesson is found again (a person who looks for the guide presses it)."""
        if event.type == pygame.MOUSEBUTTONUP and self._swallow_up:
            self._swallow_up = False
            return True
        session = self.session
        if session is None or type(self.top).__name__ != "TableScene":
            return False
        key = event.type == pygame.KEYDOWN and event.key == GUIDE_KEY
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
            self._leave_rect is not None and self._leave_rect.collidepoint(event.pos)
        if session.guide is None:
            if key and session.left_lesson:
                self.top.say(GUIDE_AGAIN, note=True)
            return key and session.left_lesson
        if not (key or click):
            return False
        self._swallow_up = click
        self.ask_leave_lesson()
        return True

    def ask_leave_lesson(self) -> None:
        """Leave the guided game's lesson, asked first (what happens, and how to start the
        lesson again); once its script is played out, at once (nothing else changes)."""
        from .scenes.pause import LeaveLessonScene
        session = self.session
        if session.guide.over(session.state):
            self.leave_lesson()
        else:
            self.push(LeaveLessonScene(self))

    def leave_lesson(self) -> None:
        """The guided game played on freely (guide.leave): the table without the guide's
        panel, the Field given back its top, and the save, at once, no longer a lesson
        (a Continue brings no guide back)."""
        from .table import TableScene
        leave_guide(self.session)
        table = next(s for s in reversed(self._stack) if isinstance(s, TableScene))
        for _ in range(len(self._stack) - 1 - self._stack.index(table)):
            self.pop()  # the question, and the pause menu it was asked from
        table.camera.clear_top = 0.0
        table.say(GUIDE_AGAIN, note=True)  # where the panel went: said where the person looks next
        self.autosave(self.session)

    def start_booth(self, now: Callable[[], float] | None = None, seed: int | None = None,
                    idle: float | None = None, countdown: float | None = None) -> None:
        """Booth mode (game/ui/booth.py): attract mode, one click to a game, idle resets;
        `idle` and `countdown` in seconds (None: the settings')."""
        from .booth import Booth
        self.end_session()
        self.booth = Booth(self, now or time.monotonic, seed, idle, countdown)
        self.booth.attract()

    def has_save(self) -> bool:
        return self.saves.latest() is not None

    def fail(self, message: str) -> None:
        """The game cannot go on (a card's effects loop without end, a save that cannot
        be replayed): back to the title, which shows why in one line. The game is not
        saved half-way through an action."""
        from .scenes.title import TitleScene
        self.end_session()
        if self.booth is not None:
            self.booth.put_away()
            return
        self._game_gone()
        title = TitleScene(self)
        title.error = message
        self.reset(title)

    def continue_game(self, number: int | None = None) -> None:
        """Slot `number` (the latest save if None; 0 the older save.json), loaded a slice
        a frame behind a progress bar, then on the table; LoadError or ValueError at once
        if it cannot be (or, for a bad action in it, a message on the title later)."""
        from game.engine.save import Replay

        from .scenes.loading import LoadingScene
        from .session import check_seats
        if number is None:
            latest = self.saves.latest()
            if latest is None:
                raise ValueError("there is no saved game")
            number = latest.number
        slot = self.saves.info(number)
        if slot.busy:
            raise ValueError("that game is open in another window")
        if slot.legacy:
            seats, level, _ = self.saves.read_legacy_seats()
            seats_file = self.saves.legacy_seats
        elif slot.problem is not None:
            raise slot.problem
        else:
            seats, level = list(slot.seats), slot.level
            seats_file = slot.path
        replay = Replay(slot.path, db=self.db)
        check_seats(seats_file, seats, replay.record.game)
        if slot.legacy:  # its seats are the seats file's: the save's own table was not checked
            check_guide(str(slot.path), replay.record.table, seats)
        self.push(LoadingScene(self, replay, seats, level, number))

    def resume(self, replay, seats: list[str], level: str, number: int,
               looked: dict[int, tuple[int, int]] | None = None) -> None:
        """A loaded save on the table, saved on in its own slot (an older save moves into
        a free slot, and its two files are removed once that slot is written). `looked`:
        each person's seat, after how many actions they last left the screen and the
        log's length then (LoadingScene)."""
        from .session import Session
        session = Session.replayed(replay, seats, level, self.threaded)
        for seat, (actions, at) in (looked or {}).items():
            session.looked(seat, actions, at)
        if replay.record.table.get("guide") is True:
            attach_guide(session)
        session.left_lesson = replay.record.table.get("left_lesson") is True
        if number == 0:
            self.play(session)
            if self.saves.held is not None and not self.save_error \
                    and os.path.lexists(self.saves.path(self.saves.held)):
                try:
                    self.saves.remove(0)
                except OSError:
                    pass  # listed again next time; the slot has the game
        elif not self._may_hold(number):
            raise ValueError("that game is open in another window")
        else:
            self.play(session, number, saved=True)

    def _may_hold(self, number: int) -> bool:
        """Slot `number` held for a Continue, or no lock can be made here at all (a
        read-only folder: the game goes on unsaved and says so, as a new game does);
        False if another window holds it."""
        try:
            return self.saves.hold(number)
        except OSError:  # play() tries again and puts it into words (save_error)
            return True

    # -- frames ----------------------------------------------------------------

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: each event to the top scene, then update, then draw."""
        self._in_frame = True
        try:
            try:
                if self.booth is not None:
                    self.booth.update()
                    self._apply_pending()
                for event in events:
                    self._dispatch(event)
                    self._apply_pending()
                if self.top is not None and not (self.booth is not None and self.booth.covers):
                    self.top.update(dt)  # (a game left idle in a booth waits, hidden)
            except EffectLoop as e:
                self.fail(f"The game cannot go on: {e}")
            self._apply_pending()
            self.draw()
            read = self._banner_words()  # what this frame showed
            self._notice_left = max(0.0, self._notice_left - dt)
            if read == self._said:  # the settings' line: its time runs only while it is read
                self._said_left = max(0.0, self._said_left - dt)
                if not self._said_left:  # said: a later problem is said alone
                    self._settings_said.clear()
        finally:
            self._in_frame = False
        if not self._stack:
            self.running = False

    def idle(self, ms: float) -> None:
        """The rest of a frame's time, before the next is due, for the top scene to work
        ahead of need (TableScene draws card faces): never inside a frame."""
        if ms > 0 and self.top is not None:
            self.top.idle(ms)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if self.booth is not None and self.booth.handle(event):
            return  # the booth takes it: the way in, the way out, what it shuts off
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            # SDL has resized the display surface already; only lay out again. Dragged
            # below the least (a window manager that does not keep to the hint _set_mode
            # gives), the window is set back to it: the panels' words were cut at 800x450.
            self.screen = pygame.display.get_surface()
            self._windowed = self.size
            least = (max(self.size[0], self._least[0]), max(self.size[1], self._least[1]))
            if not self.full and least != self.size:
                self._windowed = least
                self.screen = self._set_mode(least, False)
            self._layout_all()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
        elif self._guide_control(event):
            pass
        elif self.top is not None:
            self.top.handle(event)

    def draw(self) -> None:
        if self.booth is not None and self.booth.covers:
            self.booth.draw(self.screen)  # nothing of the table may show under it
            return
        self._draw_stack()
        table = type(self.top).__name__ == "TableScene"
        guide = self.session.guide if self.session is not None else None
        self._leave_rect = None
        if guide is not None and table:
            # Once the script is played out the guide has nothing more to say: its panel
            # is closed (no question: the game goes on as it did).
            over = guide.over(self.session.state)
            self._leave_rect = _guide_panel(self.screen, *guide.words(self.session.state),
                                            "Close the guide" if over else GUIDE_LEAVE)
        self._written(wait=False)  # the banner never waits for a save being written
        words = self._banner_words()
        if words:
            # On the table, over the log, which is read, never acted on: at the foot it
            # hid the hand, the card the guide said to drag under it (s35b, d01).
            _banner(self.screen, words, self.top.lay.log if table else None)
        if table and (guide is not None or words):
            self.top.draw_overlays(self.screen)  # a menu or a card shown large, above them
        if self.booth is not None:
            self.booth.draw(self.screen)

    def _banner_words(self) -> str:
        """What the banner says now: a failed save above the slots' notice above the
        settings' problem."""
        return self._save_error or (self._notice if self._notice_left else "") or \
            (self._said if self._said_left else "")

    def _draw_stack(self) -> None:
        start = 0
        for i in range(len(self._stack) - 1, -1, -1):
            if self._stack[i].opaque:
                start = i
                break
        if not self._stack or not self._stack[start].opaque:
            self.screen.fill((0, 0, 0))  # an opaque scene paints every pixel itself
        for scene in self._stack[start:]:
            scene.draw(self.screen)

    def run(self) -> int:
        """The 60 fps loop, until the window closes (0). Ctrl-C, and the terminal's
        SIGTERM or SIGHUP, end it between two frames, never inside an action: the
        game is in its slot already, and one line says so (130)."""
        clock = pygame.time.Clock()
        stopped: list[int] = []
        previous = _catch_signals(stopped)
        try:
            while self.running and not stopped:
                dt = clock.tick(FPS) / 1000
                begun = time.perf_counter()
                self.step(pygame.event.get(), min(dt, 0.1))  # a stall must not jump animations
                pygame.display.flip()
                self.idle(1000 / FPS - IDLE_MARGIN_MS - (time.perf_counter() - begun) * 1000)
        except KeyboardInterrupt:  # a second Ctrl-C, or one before the handlers were set
            stopped.append(2)
        finally:
            _restore_signals(previous)
        if stopped:
            playing = self.session is not None and self.session.result is None \
                and self.saves.held is not None and self.session.worth_keeping()
            self.quit()
            saved = " The game is saved; Continue goes on with it." \
                if playing and not self.save_error else ""
            print(f"Interrupted.{saved}", file=sys.stderr)
        pygame.quit()
        return 130 if stopped else 0

    def quit(self) -> None:
        """Close the window. A game under way is in its slot already (saved after every
        action); if the last save failed it is tried once more, and said on stderr."""
        if self.session is not None and self.session.result is None and self.save_error \
                and self.saves.held is not None:
            self.autosave(self.session)
            if self.save_error:
                print(f"could not save the game: {self._save_failed or self.save_error}",
                      file=sys.stderr)
        self.end_session()
        self.running = False

    # -- the window --------------------------------------------------------------

    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        self.full = fullscreen
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        with warnings.catch_warnings():  # the display's own window, as pygame-ce 2.5 has it
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = self._least
        return screen

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size, as if the player had dragged the window's edge."""
        self._windowed = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.screen = self._set_mode(self._windowed, False)
        self.settings.fullscreen = False
        self._layout_all()

    def set_fullscreen(self, on: bool) -> None:
        """The player's choice (F11, Settings): shown now and kept in the settings."""
        self.settings.fullscreen = on
        self.show(on)
        self.save_settings()

    def show(self, full: bool) -> None:
        """The display full screen, or in a window of the size it had last."""
        if full == self.full:
            return
        if full:
            self._windowed = self.size
        self.screen = self._set_mode(self._windowed, full)
        self._layout_all()

    def _layout_all(self) -> None:
        for scene in self._stack:
            scene.layout(self.size)


def _catch_signals(stopped: list[int]) -> dict:
    """Ctrl-C (SIGINT), SIGTERM and SIGHUP noted in `stopped` for the loop to end on;
    the handlers they replace, to put back."""
    previous = {}
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            previous[sig] = signal.signal(sig, lambda number, frame: stopped.append(number))
        except ValueError:  # not the main thread: nothing to catch
            break
    return previous


def _restore_signals(previous: dict) -> None:
    for sig, handler in previous.items():
        signal.signal(sig, handler)


def guide_rect(size: tuple[int, int]) -> pygame.Rect:
    """The guided game's panel: the top of the Field's part of the window, which the
    table's camera keeps clear of tiles (GUIDE_SHARE)."""
    from .table.layout import compute
    lay = compute(size)
    field, pad = lay.field, lay.px(6)
    return pygame.Rect(field.x + pad, field.y + pad, field.w - 2 * pad,
                       round(field.h * GUIDE_SHARE) - 2 * pad)


def _guide_panel(surface: pygame.Surface, heading: str, words: str,
                 leave: str) -> pygame.Rect:
    """The guided game's words, above the Field: what to do now, and why; under them at
    the right, the way out of the lesson (labelled `leave`, with its key): its rect."""
    from .widgets import Button, colour, font, paragraph, text
    w, h = surface.get_size()
    s = min(w / 1280, h / 720)
    box = guide_rect((w, h))
    pane = pygame.Surface(box.size, pygame.SRCALPHA)
    pane.fill((20, 14, 40, 235))
    surface.blit(pane, box)
    pygame.draw.rect(surface, colour("link_text"), box, max(2, round(2 * s)),
                     border_radius=round(8 * s))
    pad = round(14 * s)
    top = text(surface, heading, font("button", s), colour("link_text"),
               (box.left + pad, box.top + round(8 * s)))
    button = Button(leave, lambda: None, key=GUIDE_KEY)
    button.rect = pygame.Rect(0, 0, round(250 * s), round(30 * s))
    button.rect.bottomright = (box.right - pad, box.bottom - round(6 * s))
    paragraph(surface, words, font("label", s * 0.85), colour("normal_text"),
              pygame.Rect(box.left + pad, top.bottom + round(2 * s), box.width - 2 * pad,
                          button.rect.top - top.bottom - round(4 * s)))
    button.draw(surface, False, s)
    return button.rect


def _banner(surface: pygame.Surface, words: str,
            over: pygame.Rect | None = None) -> pygame.Rect:
    """A message (a save that failed) at the foot of the window, or at the top of
    `over` and as high as its words; where it was drawn."""
    from .fonts import wrap
    from .widgets import font, paragraph
    w, h = surface.get_size()
    scale = min(w / 1280, h / 720)
    pad = round(6 * scale)
    # In a side panel, in its words' size (the guide's): the window's filled the log.
    f = font("label", scale if over is None else scale * 0.85)
    width = min(w - 20, round(900 * scale)) if over is None else over.w - 2 * pad
    # As high as its words: a settings file's path and JSON error took three rows, the
    # third drawn off the window's foot under a box of two.
    high = len(wrap(words, f, width - round(24 * scale))) * f.get_linesize() + round(12 * scale)
    if over is None:
        box = pygame.Rect(0, 0, width, min(h // 3, max(round(64 * scale), high)))
        box.midbottom = (w // 2, h - round(12 * scale))
    else:
        box = pygame.Rect(over.x + pad, over.y + pad, width, min(over.h - 2 * pad, high))
    pygame.draw.rect(surface, (90, 20, 24), box, border_radius=round(8 * scale))
    pygame.draw.rect(surface, (255, 138, 128), box, max(1, round(2 * scale)),
                     border_radius=round(8 * scale))
    paragraph(surface, words, f, pygame.Color("#FFFFFF"),
              box.inflate(-round(24 * scale), -round(12 * scale)))
    return box


def _save(record, path: Path) -> None:
    """save(), its OSError naming the slot's file: a full disk's names none, a read-only
    folder's the temporary file beside it."""
    try:
        save(record, path)
    except OSError as e:
        raise OSError(e.errno, e.strerror or str(e), str(path)) from None


def _unsavable(e: OSError) -> str:
    """_why a slot cannot be held, naming the saves folder where no lock file can be made
    in it (read-only, full, not this user's): the lock file, which the player never made,
    said nothing of what to fix. A lock file that is there and refused is named."""
    lock = str(e.filename or "")
    if lock.endswith(".lock") and not os.path.lexists(lock) and e.errno in _FOLDER_ERRORS:
        return _why(OSError(e.errno, e.strerror or str(e), str(Path(lock).parent)))
    return _why(e)


_FOLDER_ERRORS = {errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC, errno.EDQUOT}


def _why(e: OSError) -> str:
    """An OSError in one line: the file it names, and the system's words."""
    words = e.strerror or str(e)
    # Making the saves folder where a file of that name stands: "File exists" said
    # nothing of what was wrong.
    if isinstance(e, FileExistsError) and e.filename and not os.path.isdir(e.filename):
        words = "a file, not a folder"
    return f"{one_line(str(e.filename))}: {words}" if e.filename else words


class NoWindow(Exception):
    """No window can be shown here (why, in words): one line at the command line."""


# SDL's drivers that show nothing: asked for by name (tests, screenshots), or taken by
# SDL itself when it finds no display at all.
_UNSEEN_DRIVERS = ("offscreen", "dummy")


def check_display() -> None:
    """The display initialised for a person's window, or NoWindow: a driver named in
    SDL_VIDEODRIVER that this machine lacks raised pygame.error (a traceback), and with
    no display SDL fell back to a driver that shows nothing, a window nobody could see
    or close."""
    unnamed_drivers_dropped()
    try:
        pygame.display.init()
    except pygame.error as e:
        raise NoWindow(str(e)) from None
    driver = pygame.display.get_driver()
    if driver in _UNSEEN_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.display.quit()
        raise NoWindow(f"no display was found (SDL fell back to its {driver} driver, which "
                       "shows nothing; is DISPLAY or WAYLAND_DISPLAY set to a display "
                       "this machine can reach?)")


def open_window(session: "Session | None" = None, booth: bool = False,
                idle: float | None = None, countdown: float | None = None,
                window: bool = False) -> int:
    """The game window: on the title screen, straight on `session`'s table, or in booth
    mode (asked for, or set in the settings), idle for `idle` seconds and counting
    `countdown` down (None: the settings'). A booth fills the screen, as a kiosk does,
    unless `window` (staff trying it out); the settings' full screen is for play.
    NoWindow if none can be shown here."""
    settings = Settings.load()
    booth = booth or (session is None and settings.booth)
    check_display()
    try:
        app = App(settings=settings, fullscreen=not window if booth else None)
    except pygame.error as e:  # the window itself refused (a full screen of no mode)
        pygame.quit()
        raise NoWindow(str(e)) from None
    app.warm()
    if booth:
        app.start_booth(idle=idle, countdown=countdown)
    elif session is None and not settings.guide_seen:
        app.start_guide()  # the first time: a guided first game
    elif session is None:
        app.to_menu()
    else:
        # A game opened from the command line is a game played: the next plain run
        # opened the guided first game over the title (s35w).
        if not settings.guide_seen:
            settings.guide_seen = True
            app.save_settings()
        app.play(session)
    return app.run()
