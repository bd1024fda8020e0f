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

import os
import sys
from collections.abc import Callable, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # commands print only their own lines
import pygame  # noqa: E402

from game.engine.effects import EffectLoop  # noqa: E402
from game.match import fresh_keys  # noqa: E402

from .scene import Scene
from .settings import Settings, config_dir, data_dir, write_json
from .sound import Sounds

if TYPE_CHECKING:
    from game.engine.cards import CardDB

    from .faces import FaceCache
    from .session import Session, SessionConfig

MIN_SIZE = (960, 540)  # resize() goes no smaller; layouts scale down below 1280x720
FPS = 60
MAX_SEATS_BYTES = 64 * 1024  # save-seats.json is about 100 bytes


class App:
    def __init__(self, size: tuple[int, int] = (1280, 720), settings: Settings | None = None,
                 config: Path | None = None, data: Path | None = None):
        self.settings_path = (config or config_dir()) / "settings.json"
        self.save_path = (data or data_dir()) / "save.json"
        self.settings = settings if settings is not None else Settings.load(self.settings_path)
        pygame.display.init()
        pygame.font.init()
        self.sounds = Sounds()
        pygame.key.set_repeat(400, 40)
        pygame.display.set_caption("Ani-Mayhem")
        self._windowed = size
        self.screen = self._set_mode(size, self.settings.fullscreen)
        self._stack: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []
        self._in_frame = False
        self.running = True
        self.session: Session | None = None  # the game being played
        self._resumed = False  # the session came from the save file
        # The AI seats' generator keys for a new game of (seats, seed): the operating
        # system's; tests and screenshots set keys that replay (game/match.py).
        self.keys_for: Callable[[int, int], Sequence[bytes]] = lambda seats, seed: \
            fresh_keys(seats)

    # -- what the scenes share ------------------------------------------------

    @cached_property
    def db(self) -> "CardDB":
        from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
        return load_cards(DEFAULT_CARDS_DIR)

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
        self.settings.save(self.settings_path)

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

    def start_game(self, config: "SessionConfig") -> None:
        """A new game on top of the menus: the table engineer's TableScene."""
        from .session import Session
        self.play(Session(config, keys=self.keys_for(len(config.seats), config.seed)))

    def play(self, session: "Session") -> None:
        from .table import TableScene
        self._end_session()
        self.session = session
        self.reset(TableScene(self, session))

    def game_over(self, session: "Session") -> None:
        """Called by the table when the game has ended."""
        from .scenes.game_over import GameOverScene
        if self._resumed:
            self.forget_save()
        self.replace(GameOverScene(self, session))

    def to_menu(self) -> None:
        from .scenes.title import TitleScene
        self._end_session()
        self.reset(TitleScene(self))

    def _end_session(self) -> None:
        if self.session is not None:
            self.session.close()
        self.session, self._resumed = None, False

    def has_save(self) -> bool:
        return self.save_path.is_file()

    def fail(self, message: str) -> None:
        """The game cannot go on (a card's effects loop without end): back to the title,
        which shows why in one line. The game is not saved half-way through an action."""
        from .scenes.title import TitleScene
        self._end_session()
        title = TitleScene(self)
        title.error = message
        self.reset(title)

    @property
    def _seats_path(self) -> Path:
        # The engine's save holds the game; who sat where (human or AI) is the window's.
        return self.save_path.with_name("save-seats.json")

    def save_game(self, session: "Session") -> None:
        session.save(self.save_path)
        # The level is only named if it is one of the game's own: the save holds the
        # decks and options, and Continue refuses a seats file naming another file.
        level = session.config.level
        level = str(Path(level).resolve()) if _level_of_the_game(level) else ""
        write_json(self._seats_path, {"seats": session.seats, "level": level,
                                      "round": session.view().rounds + 1})

    def read_seats(self) -> tuple[list[str], str, int | None]:
        """Who sat where, the level and the round, from save-seats.json; LoadError
        naming the file and the field if it is not what save_game writes."""
        from game.engine import LoadError
        from game.engine.files import read_json
        from game.engine.levels import MAX_SEATS
        from game.engine.yamlfile import shown

        from .session import SEAT_KINDS
        path = str(self._seats_path)
        meta = read_json(self._seats_path, MAX_SEATS_BYTES, "seats file")
        if not isinstance(meta, dict):
            raise LoadError(path, None, None, f"must be a JSON object of seats, level and "
                                              f"round, not {_json_kind(meta)}")
        seats, level, rnd = meta.get("seats"), meta.get("level", ""), meta.get("round")
        if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS \
                or not all(isinstance(k, str) and k in SEAT_KINDS for k in seats):
            raise LoadError(path, None, "seats", f"must list 1 to {MAX_SEATS} of "
                                                 f"{', '.join(SEAT_KINDS)}, not {shown(seats)}")
        if not isinstance(level, str):
            raise LoadError(path, None, "level", f"must be a level file, not {shown(level)}")
        if level and not _level_of_the_game(level):
            raise LoadError(path, None, "level", f"{shown(level, 120)} is not a level of the "
                                                 "game's levels folder")
        if not (isinstance(rnd, int) and not isinstance(rnd, bool) and 1 <= rnd <= 100_000):
            rnd = None  # only shown on the title
        return list(seats), level, rnd

    def save_about(self) -> str:
        """A few words on the saved game (its round and seats), or "" if unknown."""
        from game.engine import LoadError

        from .scenes.account import KIND_NAMES
        try:
            seats, _, rnd = self.read_seats()
        except LoadError:
            return ""
        kinds = ", ".join(KIND_NAMES.get(k, k) for k in seats)
        return f"round {rnd}; {kinds}" if rnd is not None else kinds

    def continue_game(self) -> None:
        """The saved game, on the table; LoadError or ValueError if it cannot be."""
        from .session import Session
        seats, level, _ = self.read_seats()
        self.play(Session.resume(self.save_path, seats, level))
        self._resumed = True

    def forget_save(self) -> None:
        """A finished game's save is removed, so Continue never offers a game that is over."""
        self.save_path.unlink(missing_ok=True)
        self._seats_path.unlink(missing_ok=True)

    # -- frames ----------------------------------------------------------------

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: each event to the top scene, then update, then draw."""
        self._in_frame = True
        try:
            try:
                for event in events:
                    self._dispatch(event)
                    self._apply_pending()
                if self.top is not None:
                    self.top.update(dt)
            except EffectLoop as e:
                self.fail(f"The game cannot go on: {e}")
            self._apply_pending()
            self.draw()
        finally:
            self._in_frame = False
        if not self._stack:
            self.running = False

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            # SDL has resized the display surface already; only lay out again.
            self.screen = pygame.display.get_surface()
            self._windowed = self.size
            self._layout_all()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
        elif self.top is not None:
            self.top.handle(event)

    def draw(self) -> None:
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
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(FPS) / 1000
            self.step(pygame.event.get(), min(dt, 0.1))  # a stalled frame must not jump animations
            pygame.display.flip()
        pygame.quit()
        return 0

    def quit(self) -> None:
        """Close the window; a game still under way is saved, for Continue."""
        if self.session is not None and self.session.result is None:
            try:
                self.save_game(self.session)
            except OSError as e:
                print(f"could not save the game: {e}", file=sys.stderr)
        self._end_session()
        self.running = False

    # -- the window --------------------------------------------------------------

    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size, as if the player had dragged the window's edge."""
        self._windowed = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.screen = self._set_mode(self._windowed, False)
        self.settings.fullscreen = False
        self._layout_all()

    def set_fullscreen(self, on: bool) -> None:
        if on and not self.settings.fullscreen:
            self._windowed = self.size
        self.settings.fullscreen = on
        self.screen = self._set_mode(self._windowed, on)
        self.save_settings()
        self._layout_all()

    def _layout_all(self) -> None:
        for scene in self._stack:
            scene.layout(self.size)


def _level_of_the_game(level: str) -> bool:
    """`level` names a file in the game's levels folder (what New game offers)."""
    from game.engine.levels import DEFAULT_LEVELS_DIR
    try:
        return Path(level).resolve().parent == DEFAULT_LEVELS_DIR.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def _json_kind(value: object) -> str:
    names = {str: "a string", int: "a number", float: "a number", bool: "true/false",
             list: "a list", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def open_window(session: "Session | None" = None) -> int:
    """The game window: on the title screen, or straight on `session`'s table."""
    app = App()
    if session is None:
        app.to_menu()
    else:
        app.play(session)
    return app.run()
