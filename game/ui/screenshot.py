"""`python main.py screenshot`: play some actions headless and save the table as a PNG.

Seat 1 is drawn as a human seat (its hand, its highlights) whose moves are
made by the random agent, so a picture of any point of a game can be taken
without a person; the other seats are AI seats.
"""
from __future__ import annotations

import io
import os
import random
import shutil
import tempfile
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.files import not_plain
from game.engine.levels import MAX_SEATS, load_level
from game.match import derived_keys
from game.ui import headless

if TYPE_CHECKING:
    from .app import App


def advance(session, actions: int, seed: int = 0) -> None:
    """Play up to `actions` actions, the human seats' ones chosen at random."""
    from game.ai import make_agent
    agent, rng = make_agent("random"), random.Random(seed)
    for _ in range(actions):
        if session.result is not None:
            return
        if session.human_to_act():
            session.take_seat()
            session.act(agent.choose(session.view(), session.legal(), rng))
        else:
            session.poll()


def seats_for(level: str, humans: int = 1) -> list[str]:
    """One seat per deck of the level, at most four (a longer list is for simulate)."""
    n = min(MAX_SEATS, len(load_level(level).decks))
    return ["human"] * min(humans, n) + ["ai:random"] * max(0, n - humans)


def open_table(level: str, actions: int, size: tuple[int, int], seats: list[str] | None = None,
               seed: int = 0, speed: str = "instant", zoom: float | None = None,
               focus: str | None = None):
    """An App showing a table after `actions` actions, drawn once; the camera zoomed
    and aimed as TableScene.aim reads `zoom` and `focus`.

    The game is loaded (and a bad file refused) before pygame opens anything."""
    headless()  # no sound card either: no ALSA noise
    from .session import Session, SessionConfig

    seats = seats or seats_for(level)
    # The same seed shows the same table: AI seats with keys that replay (game/match.py).
    session = Session(SessionConfig(level, seats, seed=seed), threaded=False,
                      keys=derived_keys(len(seats), "screenshot", seed))
    from .settings import Settings

    from .table import TableScene

    app = scratch_app(size, Settings(anim_speed=speed))
    advance(session, actions, seed)
    app.play(session)
    app.step([], 0.0)
    # A game over before `actions` is on the game-over screen, as the window shows it:
    # no table to aim or catch up (asking it for one raised AttributeError).
    if isinstance(app.top, TableScene):
        if zoom is not None or focus is not None:
            app.top.aim(zoom, focus)
            app.draw()  # drawn, not stepped: a step lets an AI seat act, and the camera follow
        app.top.catch_up()  # the panels as the game now is, not kept from the frame before
        for _ in range(50):  # no tile stood in for by another size's: each drawn exactly
            if not app.top.tiles.short:
                break
            app.idle(1000)
            app.draw()
    app.draw()
    return app


def scratch_app(size: tuple[int, int], settings) -> "App":
    """A window whose settings and saves are in a folder of its own, removed with it:
    a screenshot or a benchmark never fills (or shows the state of) the player's
    save slots."""
    from .app import App
    folder = tempfile.mkdtemp(prefix="ani-mayhem-")
    app = App(size, settings, config=Path(folder), data=Path(folder))
    weakref.finalize(app, shutil.rmtree, folder, True)
    return app


def take(level: str, actions: int, out: str, size: tuple[int, int], seed: int = 0,
         zoom: float | None = None, focus: str | None = None,
         seats: list[str] | None = None) -> str:
    """The table after `actions` actions saved as the PNG `out`, atomically (a
    temporary file beside it, renamed over it), so a failure leaves no half picture.
    ValueError, before any game is played, if `out` cannot be written there."""
    import pygame
    if not out:
        raise ValueError("'': name the PNG file to write")
    if os.path.isdir(out):
        raise ValueError(f"{out}: a folder; name the PNG file to write")
    if not out.lower().endswith(".png"):  # pygame would write another format under it
        raise ValueError(f"{out}: the picture is a PNG: name it NAME.png")
    target = _written_at(out)
    folder, name = os.path.split(os.path.abspath(target))
    # Named after the picture, its first 64 bytes only: the whole name and 15 more
    # passed the 255 bytes a file system takes, for a picture's name it takes.
    start = name  # cut by whole characters: a cut byte sequence is no name everywhere
    while len(os.fsencode(start)) > 64:
        start = start[:-1]
    tmp = os.path.join(folder, f".{start}.{os.getpid()}.tmp.png")
    try:  # made now, so that a folder it cannot be written to is said before any game
        os.close(os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    except OSError as e:
        raise ValueError(f"{out}: cannot write the picture there: {e.strerror or e}") from None
    try:
        app = open_table(level, actions, size, seats=seats, seed=seed, zoom=zoom, focus=focus)
        # Encoded in memory and written here: SDL does not report a write that fails (a
        # full disk), and pygame left a cut PNG behind and said nothing.
        png = io.BytesIO()
        pygame.image.save(app.screen, png, "png")
        with open(tmp, "wb") as f:
            f.write(png.getbuffer())
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except (OSError, pygame.error) as e:
        raise ValueError(f"{out}: cannot write the picture: {getattr(e, 'strerror', None) or e}") \
            from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out


def _written_at(out: str) -> str:
    """The file the picture replaces: through a symbolic link, the file it names (the
    rename put a file in the link's place), as saves and settings are written
    (files.write_atomic); ValueError for links that loop, or a named pipe or a device
    there, left as it is (a FIFO at --out was replaced by the picture)."""
    target = os.path.realpath(out) if os.path.islink(out) else out
    if os.path.islink(target):
        raise ValueError(f"{out}: symbolic links that loop; the picture is not written")
    try:
        problem = not_plain(os.stat(target))
    except OSError:
        return target  # nothing there yet: made, or why not said, as it is written
    if problem:
        raise ValueError(f"{out}: {problem}; the picture is not written over it")
    return target
