"""The monkey: random mouse moves, clicks, drags, wheel turns, keys and resizes,
fed to every scene in turn, headless, to find what crashes.

`python main.py monkey --seconds S --seed N` prints how many events went to
which scenes and exits 0, or prints the traceback and exits 1. Settings and
saves go to a temporary folder, never the player's own.
"""
from __future__ import annotations

import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from game.match import derived_keys
from game.ui import headless

SIZES = ((960, 540), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440),
         (3840, 2160), (1280, 1024))
DT = 1 / 60


def _keys(pygame) -> list[int]:
    named = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_LEFT,
             pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
             pygame.K_HOME, pygame.K_END, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_F11]
    return named * 3 + list(range(pygame.K_a, pygame.K_z + 1)) + \
        list(range(pygame.K_0, pygame.K_9 + 1))


class Monkey:
    def __init__(self, app, rng: random.Random):
        import pygame
        self.pg, self.app, self.rng = pygame, app, rng
        self.keys = _keys(pygame)
        self.events = 0
        self.seen: Counter[str] = Counter()  # events per scene class
        self._held = False  # the left button is down: moves are a drag

    def _pos(self) -> tuple[int, int]:
        w, h = self.app.size
        return self.rng.randrange(w), self.rng.randrange(h)

    def batch(self) -> list:
        """A few events of one random kind, as a player's hand would make them."""
        pg, r = self.pg, self.rng
        roll = r.random()
        if roll < 0.35:
            pos = self._pos()
            return [pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0),
                                   buttons=(int(self._held), 0, 0))]
        if roll < 0.55:
            pos, button = self._pos(), r.choice((1, 1, 1, 3))
            return [pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=button),
                    pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=button)]
        if roll < 0.65:  # a drag: press, a few moves, release somewhere else
            start = self._pos()
            out = [pg.event.Event(pg.MOUSEBUTTONDOWN, pos=start, button=1)]
            for _ in range(r.randrange(1, 6)):
                out.append(pg.event.Event(pg.MOUSEMOTION, pos=self._pos(), rel=(0, 0),
                                          buttons=(1, 0, 0)))
            out.append(pg.event.Event(pg.MOUSEBUTTONUP, pos=self._pos(), button=1))
            return out
        if roll < 0.72:
            return [pg.event.Event(pg.MOUSEWHEEL, x=0, y=r.choice((-3, -1, 1, 3)), flipped=False,
                                   precise_x=0.0, precise_y=0.0)]
        if roll < 0.98:
            key = r.choice(self.keys)
            if key == pg.K_F11 and r.random() < 0.8:
                key = pg.K_TAB  # full screen flips are slow: keep them rare
            mod = pg.KMOD_SHIFT if r.random() < 0.15 else 0
            return [pg.event.Event(pg.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                    pg.event.Event(pg.KEYUP, key=key, mod=mod, unicode="", scancode=0)]
        self.app.resize(r.choice(SIZES))
        return []

    def play(self, start: Callable[[], None], seconds: float) -> None:
        """Feed one scene (and whatever it leads to) for `seconds`."""
        app = self.app
        start()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if not app.running or app.top is None:  # Quit was chosen: start the scene again
                app.running = True
                start()
            events = self.batch()
            self.seen[type(app.top).__name__] += len(events)
            self.events += len(events)
            app.step(events, DT)


def scenes(app, seed: int) -> list[tuple[str, Callable[[], None]]]:
    """How to put each scene on the stack afresh, in the order the monkey visits them."""
    from .scenes.game_over import GameOverScene
    from .scenes.how_to_play import HowToPlayScene
    from .scenes.new_game import NewGameScene
    from .scenes.pause import PauseScene
    from .scenes.settings_scene import SettingsScene
    from .session import Session, SessionConfig

    demo = str(Path(__file__).resolve().parents[2] / "levels" / "quick_demo.yaml")

    def table():
        app.play(Session(SessionConfig(demo, ["human", "ai:normal"], seed=seed),
                         keys=derived_keys(2, "monkey", seed)))

    def pause():
        table()
        app.push(PauseScene(app, app.session))

    def menu(kind):
        def start():
            app.to_menu()  # ends the game the last scene left running, if any
            app.replace(kind(app))
        return start

    return [("title", app.to_menu), ("new game", menu(NewGameScene)),
            ("settings", menu(SettingsScene)), ("how to play", menu(HowToPlayScene)),
            ("table", table), ("pause", pause),
            ("game over", menu(lambda a: GameOverScene(a, finished_session(demo, seed))))]


def finished_session(level: str, seed: int):
    """A quick-demo game played to its end by two AI seats."""
    from .session import Session, SessionConfig
    session = Session(SessionConfig(level, ["ai:random", "ai:random"], seed=seed), threaded=False,
                      keys=derived_keys(2, "monkey", seed))
    while session.result is None:
        session.poll()
    return session


def main(seconds: float, seed: int, out: TextIO | None = None) -> int:
    headless()
    from .app import App
    random.seed(seed)  # the scenes' own random choices (a new game's seed) repeat too
    with tempfile.TemporaryDirectory(prefix="ani-mayhem-monkey-") as tmp:
        app = App(config=Path(tmp), data=Path(tmp))  # NoWindow: said by the command line
        try:
            app.keys_for = lambda seats, game_seed: derived_keys(seats, "monkey", game_seed)
            monkey = Monkey(app, random.Random(seed))
            todo = scenes(app, seed)
            for _, make in todo:
                monkey.play(make, seconds / len(todo))
            app.quit()  # waits for the last autosave: the folder is removed next
        except Exception:
            traceback.print_exc()
            return 1
    visited = ", ".join(f"{name} {n}" for name, n in sorted(monkey.seen.items()))
    print(f"monkey: {monkey.events} events over {seconds:g} s, seed {seed}; by scene: {visited}",
          file=out or sys.stdout)
    return 0
