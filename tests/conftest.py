"""Shared fixtures: the shipped cards, decks and levels, loaded once per session.

`games[n]` is the Game of the level for n seats (1: solitaire, 2: standard_2p,
4: four_players), built as the command line builds it (`game.cli.load_games`).
`play(game, seed, chooser_seed, ...)` plays random legal actions from a seed.
"""
from __future__ import annotations

import ast
import contextlib
import functools
import gc
import os
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.cli import load_games
from game.engine import Action, Game, GameState, apply_unchecked, cardfile, legal_actions
from game.engine.actions import Drop, EndPhase, PickUp, RunAway, Transfer
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.cards import CardDB
from game.engine.decks import DEFAULT_DECKS_DIR, Deck, load_decks
from game.engine.yamlfile import read_yaml
from game.match import derived_keys

# A window test's game is saved after every action, each save flushed to the disk
# (fsync): on a busy shared disk that wait was a played game's longest part. The
# tests' temporary folders (tmp_path) go on a memory file system where there is one,
# unless TMPDIR says where: the same code writes the same files, without the wait. A
# whole run writes about 10 MB there; a small one (a container's 64 MB) is not used.
_MEMORY = "/dev/shm"


def _roomy(folder: str, room: int = 256 * 2 ** 20) -> bool:
    try:
        free = os.statvfs(folder)
    except OSError:
        return False
    return os.access(folder, os.W_OK) and free.f_bavail * free.f_frsize >= room


if "TMPDIR" not in os.environ and _roomy(_MEMORY):
    tempfile.tempdir = _MEMORY

ROOT = Path(__file__).resolve().parents[1]
LEVELS = {1: ROOT / "levels" / "solitaire.yaml", 2: ROOT / "levels" / "standard_2p.yaml",
          4: ROOT / "levels" / "four_players.yaml"}
# Far more actions than any game takes: the longest random 4-seat games take a
# few thousand (40 rounds); the free Item actions make the count unbounded only
# in principle.
ACTION_CAP = 60_000


@functools.lru_cache(maxsize=None)
def replay_keys(seats: int, seed: int = 0) -> tuple[bytes, ...]:
    """AI seats' generator keys that are the same every run (game/match.py): a test's
    game with AI seats plays the same way each time. Kept once worked out: derived_keys
    stretches its parts on purpose (40,000 rounds of PBKDF2, 0.02 s a call or more), and the
    window's tests asked for the same few keys some hundreds of times a run."""
    return derived_keys(seats, "tests", seed)


@functools.lru_cache(maxsize=None)
def parsed(path: Path) -> ast.Module:
    """A source file's syntax tree, read as UTF-8, parsed once a worker: the package's
    import checks read each of its files twice. Read only: a test must not change the
    tree it is given. The checks that read the tests' code too parse and drop each
    tree (gc_paused): kept, the whole code's trees slowed every test after them."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@contextlib.contextmanager
def gc_paused():
    """The cycle collector held off while the code's trees are made and walked: each of
    their million nodes is a container, so the collections their making set off went
    through the whole heap of the worker (the cards, the games, the other tests'
    modules) again and again: three quarters of the parsing's time. Each tree is dropped
    once walked (kept, as parsed keeps them, the million nodes cost the worker's next
    test as much in collections); nothing made there is garbage in a cycle."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def keys_for_tests(app) -> None:
    """An App whose new games get replay_keys (the window draws fresh ones)."""
    app.keys_for = replay_keys


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def card_db() -> CardDB:
    return load_cards(DEFAULT_CARDS_DIR)


@pytest.fixture
def quiet_app(tmp_path, card_db):
    """A 1280x720 window whose animations are instant and whose AI seats decide
    in-process, its settings and saves under tmp_path, sharing the session's cards."""
    from game.ui.app import App  # here: the engine's tests never import pygame
    from game.ui.settings import Settings
    a = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path / "config",
            data=tmp_path / "data")
    a.threaded = False
    a.__dict__["db"] = card_db
    yield a
    a.quit()


@pytest.fixture(scope="session")
def _shipped_parses():
    """The shipped card files' parses (read_yaml's data and nodes) by path and stamp,
    kept for the worker; at its end each is checked against a fresh parse: the loaders
    only read what they are handed."""
    kept: dict[tuple, tuple] = {}
    yield kept
    for (path, *_), (data, _) in kept.items():
        assert read_yaml(path)[0] == data, f"{path}: a loader changed the parse it was handed"


@pytest.fixture
def shipped_parsed_once(monkeypatch, _shipped_parses):
    """Wherever cards are loaded with the shipped files beside others (validate, a pack,
    a level's cards), the shipped ones are parsed once a worker: the tests that use this
    are about the other files, and parsing the shipped ones again was nearly all of each
    load (cardfile's own cache keeps a CardDB of the very same files only). A file is
    known by its path and its stamp, as cardfile's cache knows it; the others are read
    as the loader's caller reads them."""
    shipped = {p.resolve() for p in DEFAULT_CARDS_DIR.glob("*.yaml")}
    read_cards = cardfile._read_cards

    def once(files: list[Path], read: Callable[[Path], tuple]) -> CardDB:
        def parse(path: Path) -> tuple:
            if Path(path).resolve() not in shipped:
                return read(path)
            st = os.stat(path)
            key = (str(path), st.st_size, st.st_mtime_ns, st.st_ino)
            if key not in _shipped_parses:
                _shipped_parses[key] = read(path)
            return _shipped_parses[key]
        return read_cards(files, parse)
    monkeypatch.setattr(cardfile, "_read_cards", once)


@pytest.fixture(scope="session")
def decks(card_db: CardDB) -> dict[str, Deck]:
    return load_decks(DEFAULT_DECKS_DIR, card_db)


@pytest.fixture(scope="session")
def games() -> dict[int, Game]:
    """The Game of each shipped level, by number of seats."""
    out = {}
    for seats, level in LEVELS.items():
        built = load_games(level, seats)
        assert len(built) == 1, f"{level} gives {len(built)} games for {seats} seats"
        out[seats] = built[0]
    return out


# Playing ------------------------------------------------------------------------

FREE = (EndPhase, Drop, PickUp, Transfer, RunAway)


def choose(rng: random.Random, legal: list[Action], eager: float = 0.0) -> Action:
    """A random legal action; with probability `eager`, one that does something
    (not ending the phase, not shuffling Items around, not Running Away), so that
    games reach Scavenging, Havens full of Items and long Combats more often."""
    if eager and rng.random() < eager:
        busy = [a for a in legal if not isinstance(a, FREE)]
        if busy:
            return busy[rng.randrange(len(busy))]
    return legal[rng.randrange(len(legal))]


@dataclass
class Played:
    state: GameState
    actions: list[Action] = field(default_factory=list)


def play(game: Game, seed: int, chooser: int, eager: float = 0.0,
         limit: int = ACTION_CAP) -> Played:
    """A game played by random legal actions, up to `limit` actions."""
    st = game.new_state(seed)
    out = Played(st)
    rng = random.Random(chooser)
    while st.result is None and len(out.actions) < limit:
        action = choose(rng, legal_actions(st), eager)
        apply_unchecked(st, action)
        out.actions.append(action)
    return out


@pytest.fixture(scope="session")
def player() -> Callable[..., Played]:
    """`player(game, seed, chooser, eager=0.0, limit=ACTION_CAP) -> Played`."""
    return play


@pytest.fixture(scope="session")
def chooser() -> Callable[..., Action]:
    """`chooser(rng, legal, eager=0.0) -> Action`: how the random players pick."""
    return choose
