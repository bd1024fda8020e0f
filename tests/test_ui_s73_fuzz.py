"""The window fuzzed (s73): random mouse moves, clicks, drags held or let go, wheel turns,
key presses (Esc, Alt+F4, F11 among them), the window's close and resizes, fed to the
real frame loop (`App.step`) for some hundreds of frames from each scene: the title, New
game, the table in each phase, a hot-seat table, and the booth on a fake clock that jumps
past its idle times. Each frame must end without an exception or a stall, the booth must
stay a booth, and a game's state may change only by legal actions: a frame that records
no action leaves the state as it was, and every game seen replays (each action checked by
the rules) to the very state the window shows."""
from __future__ import annotations

import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from conftest import replay_keys  # noqa: E402
from game.engine.save import snapshot  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.booth import DEMO  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

SIZES = ((960, 540), (1280, 720), (1920, 1080), (1366, 768), (1280, 1024))
STALL = 3.0  # seconds of wall time one frame may take on a busy shared machine
FRAMES = 200


class FakeClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _key(k: int, mod: int = 0) -> list:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]


KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
        pygame.K_HOME, pygame.K_END, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_F1,
        pygame.K_PLUS, pygame.K_MINUS, pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_KP_ENTER,
        pygame.K_2, pygame.K_n) * 2 + (pygame.K_SPACE, pygame.K_RETURN) * 8 + tuple(range(pygame.K_a, pygame.K_z + 1)) + \
    tuple(range(pygame.K_0, pygame.K_9 + 1))


class Hands:
    """A stranger's hands on the mouse and keyboard: a batch of events a frame, a button
    sometimes held down across frames (a drag), sometimes never let go."""

    def __init__(self, app: App, rng: random.Random):
        self.app, self.rng = app, rng
        self.held = 0  # the mouse button held down (0: none)

    def _pos(self) -> tuple[int, int]:
        """Anywhere (a little outside the window too), or, more often, on something the
        scene on top offers: a stranger aims at what they see."""
        targets = _targets(self.app.top) if self.rng.random() < 0.6 else []
        if targets:
            r = self.rng.choice(targets)
            return (r.x + self.rng.randrange(max(1, r.w)), r.y + self.rng.randrange(max(1, r.h)))
        w, h = self.app.size
        return self.rng.randrange(-5, w + 5), self.rng.randrange(-5, h + 5)

    def _motion(self) -> pygame.event.Event:
        buttons = tuple(int(self.held == b) for b in (1, 2, 3))
        return pygame.event.Event(pygame.MOUSEMOTION, pos=self._pos(), rel=(3, -2),
                                  buttons=buttons)

    def batch(self) -> list:
        r, pg = self.rng, pygame
        roll = r.random()
        if roll < 0.30:
            return [self._motion() for _ in range(r.randrange(1, 4))]
        if roll < 0.48:  # (4 and 5: the wheel, as SDL also sends it)
            pos, button = self._pos(), r.choice((1, 1, 1, 1, 2, 3, 4, 5))
            return [pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=button),
                    pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=button)]
        if roll < 0.56:  # a button pressed, or let go, the drag between spread over frames
            if self.held:
                button, self.held = self.held, 0
                return [pg.event.Event(pg.MOUSEBUTTONUP, pos=self._pos(), button=button)]
            self.held = r.choice((1, 1, 2))
            return [pg.event.Event(pg.MOUSEBUTTONDOWN, pos=self._pos(), button=self.held)]
        if roll < 0.63:
            y = r.choice((-3, -1, 1, 3))
            return [pg.event.Event(pg.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                   precise_y=float(y))]
        if roll < 0.92:
            mod = r.choice((0, 0, 0, 0, pg.KMOD_LSHIFT, pg.KMOD_LCTRL, pg.KMOD_LALT))
            return _key(r.choice(KEYS), mod)
        if roll < 0.935:  # Alt+F4 and the window's close button: what the system sends
            return _key(pg.K_F4, pg.KMOD_LALT) + [pg.event.Event(pg.WINDOWCLOSE, window=None),
                                                  pg.event.Event(pg.QUIT)]
        if roll < 0.96:
            return _key(pg.K_F11) if r.random() < 0.2 else _key(pg.K_a)
        if roll < 0.97:
            return [pg.event.Event(pg.WINDOWLEAVE, window=None),
                    pg.event.Event(pg.WINDOWFOCUSLOST, window=None)]
        if roll < 0.98:  # a touch screen's finger, and the text typed
            x, y = r.random(), r.random()
            return [pg.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=1,
                                   pressure=1.0) for kind in (pg.FINGERDOWN, pg.FINGERMOTION,
                                                             pg.FINGERUP)] + \
                [pg.event.Event(pg.TEXTINPUT, text=r.choice("aé2 ?"))]
        size = r.choice(SIZES)
        self.app.screen = pg.display.set_mode(size, pg.RESIZABLE)  # as SDL does, then says
        return [pg.event.Event(pg.VIDEORESIZE, size=size, w=size[0], h=size[1])]


def _targets(scene) -> list[pygame.Rect]:
    """What the scene shows to be clicked: a menu's widgets, the table's hit regions,
    hand, open menu and panel buttons."""
    out = [w.rect for w in getattr(getattr(scene, "form", None), "widgets", ())]
    if type(scene).__name__ == "TableScene":
        acts = scene.board.click  # what a click acts on (a glowing cell, a gold token)
        out += [r for r, k in scene._hits for _ in range(4 if k in acts else 1)]
        out += list(scene.hand_rects.values())
        if scene.menu is not None:
            out.append(scene.menu.rect)
    return [r for r in out if r.w > 0 and r.h > 0]


class Watch:
    """The games the window shows, and what they may change: each frame's state equal to
    the last unless actions were recorded; at the end, each game replayed through the
    rules' checks gives the state the window holds."""

    def __init__(self):
        self.sessions: list = []
        self._last: tuple | None = None  # (session, actions recorded, snapshot)

    def frame(self, session) -> None:
        if session is None:
            self._last = None
            return
        if not any(s is session for s in self.sessions):
            self.sessions.append(session)
        now = (session, len(session.record.actions), snapshot(session.state))
        if self._last is not None and self._last[0] is session:
            assert now[1] >= self._last[1], "a recorded action was taken back"
            if now[1] == self._last[1]:
                assert now[2] == self._last[2], "the state changed with no action"
        self._last = now

    def replayed(self) -> None:
        for s in self.sessions:
            state, _ = s.record.replay()  # IllegalAction if any action was not legal
            assert snapshot(state) == snapshot(s.state)


def fuzz(app: App, start, seed: int, frames: int = FRAMES, clock: FakeClock | None = None,
         booth: bool = False) -> Watch:
    """`frames` frames of random input from the scene `start` puts up; `start` again
    whenever the scene's own Quit or Back emptied the stack (never in a booth)."""
    rng = random.Random(seed)
    hands, watch = Hands(app, rng), Watch()
    start()
    for _ in range(frames):
        if not app.running or app.top is None:
            assert not booth, "the booth was left or closed by a visitor"
            app.running = True
            start()
        events = hands.batch()
        dt = 1 / 60
        if clock is not None:
            # Now and then the stranger walks off for a while: the idle cover, its
            # countdown, the show and the interlude all come.
            dt = rng.choice((1 / 60,) * 12 + (5.0, 30.0, 100.0))
            clock.t += dt
        begun = time.perf_counter()
        app.step(events, min(dt, 0.1))
        assert time.perf_counter() - begun < STALL, f"a frame stalled: {events}"
        if booth:
            assert app.booth is not None and app.running and app.top is not None
        watch.frame(app.session)
    watch.replayed()
    return watch


@pytest.fixture
def app(tmp_path, card_db):
    app = App((1280, 720), Settings(anim_speed="fast"), config=tmp_path / "config",
              data=tmp_path / "data")
    app.keys_for, app.threaded = replay_keys, False
    app.__dict__["db"] = card_db
    yield app
    app.quit()


def _table(app: App, seats: list[str], seed: int, to: str | None):
    """A quick-demo game on the table, played at random by every seat till phase or
    decision `to` (None: from its set-up's first choice) with a person to act."""
    from game.ui.session import Session, SessionConfig

    def start():
        s = Session(SessionConfig(DEMO, seats, seed=seed), keys=replay_keys(len(seats), seed),
                    threaded=False)
        rng = random.Random(seed)
        def there() -> bool:
            top = s.state.top
            return s.human_to_act() and (s.state.phase == to or top is not None
                                         and top.kind == to)
        while to is not None and s.result is None and not there():
            if s.human_to_act():
                if s.handoff() is not None:
                    s.take_seat()
                s.act(rng.choice(s.legal()))
            else:
                s.poll()
        app.play(s)
    return start


def test_fuzz_the_menus(app):
    """The title and New game, their Quit and Back taken now and then (started again)."""
    from game.ui.scenes.new_game import NewGameScene

    def new_game():
        app.to_menu()
        app.push(NewGameScene(app))
    fuzz(app, app.to_menu, seed=1, frames=FRAMES // 2)
    fuzz(app, new_game, seed=2, frames=FRAMES // 2)


@pytest.mark.parametrize("to", [None, "equip", "move", "scavenge", "combat", "discard"])
def test_fuzz_the_table_in_each_phase(app, to):
    """A person against the easy AI, from the set-up's first choice, each phase and a
    Combat."""
    fuzz(app, _table(app, ["human", "ai:easy"], 5, to), seed=len(to or ""))


def test_fuzz_a_hot_seat_table(app):
    """Two people at one screen: the curtain, Flash Effects answered or passed unseen."""
    fuzz(app, _table(app, ["human", "human"], 6, "move"), seed=7)


def test_fuzz_the_booth(app):
    """The booth on a fake clock that jumps past its idle times: the show, a visitor's
    game, "Still playing?", the interlude; Alt+F4, the close button and Esc never end it."""
    clock = FakeClock()
    app.start_booth(now=clock, seed=3)
    fuzz(app, lambda: None, seed=8, frames=FRAMES * 2, clock=clock, booth=True)


def _played_out(session) -> None:
    """Every seat's choices at random till the game ends (a person's too)."""
    rng = random.Random(0)
    while session.result is None:
        if session.human_to_act():
            if session.handoff() is not None:
                session.take_seat()
            session.act(rng.choice(session.legal()))
        else:
            session.poll()


def test_fuzz_the_game_over_screen(app):
    """Rematch, Menu, the tabs of how it went, and the table behind the last board."""
    from game.ui.scenes.game_over import GameOverScene
    from game.ui.session import Session, SessionConfig

    def over():
        s = Session(SessionConfig(DEMO, ["human", "ai:easy"], seed=9),
                    keys=replay_keys(2, 9), threaded=False)
        _played_out(s)
        app.to_menu()
        app.replace(GameOverScene(app, s))
    fuzz(app, over, seed=10, frames=FRAMES // 2)


def test_fuzz_the_booth_s_game_over(app):
    """A visitor's game played to its end in the booth: Rematch (a visitor's game set up
    again), Done (the show), the seconds till the show comes back."""
    clock = FakeClock()
    app.start_booth(now=clock, seed=4)
    app.step(_key(pygame.K_SPACE), 1 / 60)  # a visitor sits down
    _played_out(app.session)
    for _ in range(3000):  # the game's moves shown, the last board, then the result
        if type(app.top).__name__ == "GameOverScene":
            break
        app.step([], 0.1)  # (the booth's clock stands: nobody walked off yet)
    assert type(app.top).__name__ == "GameOverScene"
    fuzz(app, lambda: None, seed=11, frames=FRAMES, clock=clock, booth=True)
