"""The command line: `python main.py [COMMAND] ...` (`build_parser` lists the commands;
none opens the window on the title).

A user's mistake (a bad file, an unknown seat kind) is one line on stderr and
exit code 2, never a traceback.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import sys
import tempfile
from collections.abc import Callable
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import IO, NoReturn

try:
    import fcntl
except ImportError:  # Windows: a closed stream is None there
    fcntl = None

from game import match
from game.engine import Game, LoadError
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.decks import DEFAULT_DECKS_DIR, load_decks
from game.engine.errors import one_line, short_words
from game.engine.files import Unwritable, Written, open_written
from game.engine.levels import (DEFAULT_LEVEL, DEFAULT_LEVELS_DIR, MAX_ROUND_LIMIT, MAX_SEATS,
                               load_level)
from game.engine.save import MAX_SEED
from game.engine.yamlfile import game_files, shown
from game.simulate import MAX_GAMES
from game.ui.settings import BOOTH_COUNTDOWN, BOOTH_IDLE, Settings, config_dir, data_dir

EXIT_USER_ERROR = 2


SIMULATE_LEVEL = DEFAULT_LEVELS_DIR / "all_decks.yaml"
QUICK_DEMO = DEFAULT_LEVELS_DIR / "quick_demo.yaml"


class UserError(Exception):
    """A mistake in what the user gave us: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake in the arguments is one line (argparse prints its usage
    first, several lines of it); --help still shows the usage."""

    commands: dict[str, argparse.ArgumentParser] = {}  # the top parser's: each command's

    def parse_args(self, args=None, namespace=None):
        """argparse's, but words it does not know are said by the command given: the
        top parser said "main.py: unrecognized arguments: --bogus (see main.py --help)"
        of `play --bogus`, and its help does not list play's options (s70 playtest)."""
        known, extra = self.parse_known_args(args, namespace)
        if extra:
            self.commands.get(getattr(known, "command", None), self).error(
                f"unrecognized arguments: {' '.join(extra)}")
        return known

    def error(self, message: str) -> NoReturn:
        said = short_words(one_line(message))
        self.exit(EXIT_USER_ERROR, f"error: {self.prog}: {said} (see {self.prog} --help)\n")

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        """argparse's, which drops an OSError: `--help > /dev/full` (a full disk)
        wrote nothing and exited 0. The help on stdout is written as a command's
        output is, its failure one line (main)."""
        if not message:
            return
        file = file if file is not None else sys.stderr
        if file is sys.stdout:
            out = Written(file, "the output")
            out.write(message)
            out.flush()
        else:
            with contextlib.suppress(OSError):  # stderr: nowhere left to say it
                file.write(message)


def _think_ms(text: str) -> float:
    """--think-ms: a number of ms a decision can have (game.ai.budget's bounds)."""
    from game.ai.budget import check_think_ms

    try:
        return check_think_ms(float(text))
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e) if "budget" in str(e) else
                                         f"not a number: {text!r}") from None


MAX_SECONDS = 86_400  # --seconds: a day


def _seconds(text: str, least: float = 0.0, most: float = MAX_SECONDS) -> float:
    """A time in seconds: above 0 (least 0) or at least `least`, and at most `most`
    (nan or inf ran nothing or for ever)."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not ((0 < seconds) if least == 0 else (least <= seconds)) or not seconds <= most:
        low = "above 0" if least == 0 else f"at least {least:g}"
        high = f"{most:g}" + (" (a day)" if most == MAX_SECONDS else "")
        raise argparse.ArgumentTypeError(f"must be {low} and at most {high}, not {text!r}")
    return seconds


def _whole(least: int, most: int, bounds: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from `least` to `most` (said as `bounds` if
    given). A bare int took -1, 0 or 10**30: nothing was run, a traceback, or a run
    that never ended."""
    def whole(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
        if not least <= n <= most:
            raise argparse.ArgumentTypeError(f"must be {bounds or f'from {least} to {most}'}, "
                                             f"not {shown(n)}")
        return n
    return whole


# A save holds the seed of a game (and the bench's and monkey's games are made as a
# new game's are): one it cannot hold raised when the game was made.
_seed = _whole(1 - MAX_SEED, MAX_SEED - 1, "a whole number of at most 64 bits")
MAX_FRAMES = 100_000  # bench render paces 60 a second: about half an hour
# bench regret keeps every decision's worlds, about 13 KB each: 1.3 GB at most.
MAX_DECISIONS, MAX_WORLDS = 1000, 100
def _seconds_in(bounds: tuple[float, float]):
    """An argument type: a time in seconds within `bounds` (least, most)."""
    return lambda text: _seconds(text, *bounds)


def load_games(level_path: str | Path, seats: int, cards: Path = DEFAULT_CARDS_DIR) -> list[Game]:
    """The games a level gives for a number of seats (game/match.py): one, or with
    more decks than seats one per rotation of the deck list, so every deck is played."""
    return match.load_games(level_path, seats, cards=cards)


def _cmd_simulate(args: argparse.Namespace) -> int:
    from game.simulate import parse_seats, simulate

    try:
        levels = parse_seats(args.seats)
    except ValueError as e:
        raise UserError(str(e)) from None
    if args.log_seat is not None and args.log is None:
        raise UserError("--log-seat: names whose share --log writes; give --log FILE too")
    if args.log_seat is not None and args.log_seat >= len(levels):
        raise UserError(f"--log-seat: seat {args.log_seat} is no seat of the game "
                        f"(--seats gives {len(levels)}: 0 to {len(levels) - 1})")
    games = load_games(args.level, len(levels))
    log = None
    if args.log is not None:  # `--log ""` (an unset variable) is said, not a run unlogged
        _not_read(args.log, args.level)
        try:
            log = open_written(args.log)
        except LoadError as e:
            raise UserError(f"{args.log or repr(args.log)}: cannot write the log: "
                            f"{e.message}") from None
    try:
        simulate(games, levels, args.games, args.seed, sys.stdout, args.json, log,
                 think_ms=args.think_ms, swap=args.swap, log_seat=args.log_seat)
    finally:
        if log is not None:
            log.close()
    return 0


def _not_read(out: str, level: str) -> None:
    """UserError if `out` names a file the game reads: the level played, a file of the
    game's cards, decks or levels (simulate --log LEVEL replaced the level with the
    log, and left it unreadable), or the player's settings and saved games."""
    try:
        target = Path(out).resolve()
        if os.path.exists(out) and os.path.samefile(out, level):
            raise UserError(f"{out}: this is the level played; the log would replace it")
        for folder in (DEFAULT_CARDS_DIR, DEFAULT_DECKS_DIR, DEFAULT_LEVELS_DIR):
            if folder.resolve() in target.parents or _linked_into(out, folder):
                raise UserError(f"{out}: a file of the game's own {folder.name}; the log "
                                "would replace it")
        for folder, what in ((config_dir(), "settings"), (data_dir(), "saved games")):
            if folder.resolve() in target.parents or _linked_into(out, folder):
                raise UserError(f"{out}: in the folder of the player's {what}; the log "
                                "would replace one")
    except (OSError, RuntimeError):  # a path that cannot be resolved is said when opened
        pass


def _linked_into(out: str, folder: Path) -> bool:
    """Whether `out` is a hard link to a file under `folder`: the log is written in
    place, so through another name it would still replace that file."""
    try:
        st = os.stat(out)
    except OSError:
        return False
    if st.st_nlink < 2 or not folder.is_dir():
        return False
    return any(os.path.samestat(st, f.stat()) for f in folder.rglob("*") if f.is_file())


# The options each bench reads, and their defaults (the parser's are None, to tell an
# option given): one given to a bench that does not read it is said. `bench render
# --level L` drew the four-player table, and `bench engine --seats 4` two seats, exit 0.
BENCH_READS = {"render": ("frames", "ai"), "engine": ("seconds", "seed", "level"),
               "regret": ("seed", "decisions", "worlds", "think_ms", "level"),
               "digest": ("seed", "games", "seats", "level")}
BENCH_DEFAULTS = {"frames": 600, "ai": "hard", "seconds": 2.0, "seed": 1, "decisions": 40,
                  "worlds": 24, "think_ms": 150.0, "games": 12, "seats": 2,
                  "level": str(DEFAULT_LEVEL)}


def _bench_options(args: argparse.Namespace) -> None:
    """UserError for an option the bench chosen does not read; the defaults filled in."""
    reads = BENCH_READS[args.what]
    unread = [k for k in BENCH_DEFAULTS if getattr(args, k) is not None and k not in reads]
    if unread:
        def flag(k: str) -> str:
            return "--" + k.replace("_", "-")
        raise UserError(f"bench {args.what}: {flag(unread[0])} is not one of its options "
                        f"(it reads {', '.join(map(flag, reads))}; see main.py bench --help)")
    for key, value in BENCH_DEFAULTS.items():
        if getattr(args, key) is None:
            setattr(args, key, value)


def _cmd_bench(args: argparse.Namespace) -> int:
    _bench_options(args)
    if args.what == "render":
        from game.ui.render_bench import bench_render

        with _drawn():
            bench_render(args.frames, sys.stdout, ai=args.ai)
        return 0
    from game.ai.budget import MAX_THINK_MS

    if args.what == "regret" and 4 * args.think_ms > MAX_THINK_MS:
        raise UserError(f"--think-ms: regret measures hard at four times it, so it is at most "
                        f"{MAX_THINK_MS // 4}")
    games = load_games(args.level, args.seats if args.what == "digest" else 2)
    if args.what == "digest":
        from game.bench import digest

        digest(games, args.games, args.seed, sys.stdout)
        return 0
    if args.what == "regret":
        from game.regret import bench_regret

        bench_regret(games[0], args.seed, args.decisions, args.worlds, args.think_ms,
                     sys.stdout)
        return 0
    from game.bench import ShortGame, bench_engine

    try:
        bench_engine(games[0], args.seconds, args.seed, sys.stdout)
    except ShortGame as e:  # no choice left to search in a game of the level
        raise UserError(f"bench engine: {args.level}: {e}") from None
    return 0


def _cmd_validate(args: argparse.Namespace) -> int:
    from game.validate import validate

    return validate(args.paths, sys.stdout, args.json, sys.stderr)


@contextmanager
def _shown():
    """game.ui.app, for a person's window; one that cannot be shown here is one line."""
    from game.ui import app

    try:
        yield app
    except app.NoWindow as e:
        raise UserError(f"the window cannot be opened: {e}") from None


def _window(**how) -> int:
    with _shown() as app:
        with _sdl_unsaid():
            app.check_display()  # (open_window's finds the display open)
        return app.open_window(**how)


@contextmanager
def _sdl_unsaid():
    """SDL's probe for a display, with no display here: libwayland's "error:
    XDG_RUNTIME_DIR is invalid or not set in the environment." came before our own line
    saying there is none, read as a second mistake (s68). That line is dropped; anything
    else written to stderr meanwhile is written on."""
    try:
        sys.stderr.flush()
        kept = os.dup(2)
    except (OSError, ValueError):  # no stderr to guard
        yield
        return
    with tempfile.TemporaryFile() as said:
        os.dup2(said.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(kept, 2)
            os.close(kept)
            said.seek(0)
            rest = [ln for ln in said.read().decode(errors="replace").splitlines(True)
                    if "XDG_RUNTIME_DIR" not in ln]
            sys.stderr.write("".join(rest))


@contextmanager
def _drawn():
    """A headless command's drawing; a video driver named that this machine lacks
    (SDL_VIDEODRIVER=x11 with no X) is one line: it was a traceback, or screenshot's
    "cannot write the picture"."""
    from game.ui import app

    try:
        yield
    except app.NoWindow as e:
        raise UserError(f"the table cannot be drawn: {e} (SDL_VIDEODRIVER names a video "
                        "driver; unset, the commands draw unseen)") from None


def _cmd_window(args: argparse.Namespace) -> int:
    return _window()


def _cmd_booth(args: argparse.Namespace) -> int:
    return _window(booth=True, idle=args.idle, countdown=args.countdown, window=args.window)


def _cmd_play(args: argparse.Namespace) -> int:
    from game.ui.session import SEAT_KINDS, Session, SessionConfig

    seats = [s.strip() for s in args.seats.split(",")]
    bad = [s for s in seats if s not in SEAT_KINDS]
    if bad:
        raise UserError(f"--seats: unknown seat kind {bad[0]!r} (one of {', '.join(SEAT_KINDS)})")
    if not 1 <= len(seats) <= 4:
        raise UserError("--seats: a game has 1 to 4 seats")
    if args.round_limit is not None and not 1 <= args.round_limit <= MAX_ROUND_LIMIT:
        raise UserError(f"--round-limit must be from 1 to {MAX_ROUND_LIMIT}")
    decks = _deck_ids(args.decks or [])
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    config = SessionConfig(args.level, seats, decks, not args.no_charm, args.round_limit, seed)
    if args.level:  # a bad level is said as such, before the display is looked for: with
        load_level(args.level)  # none, the level's mistake went unsaid behind SDL's lines
    with _shown() as app:
        # Before the session starts its AI process: with no display, stopped at once, it
        # could leave the queues' semaphores to multiprocessing's tracker, whose warnings
        # followed the one line (a clean clone's CI, once).
        with _sdl_unsaid():
            app.check_display()
    try:
        session = Session(config)
    except ValueError as e:
        raise UserError(f"play: {e}") from None
    try:
        return _window(session=session)
    finally:  # its AI process, where no window took the session: the interpreter waited
        session.close()  # at exit to hand it the Game still queued, for ever


def _deck_ids(given: list[str]) -> list[str]:
    """play --decks, given once or more: each a deck's id whole when a deck file of the
    game has that name (decks/a,b.yaml is the deck a,b), else comma-separated ids. A
    list split at every comma named no deck whose file name holds one."""
    whole = {p.stem for p in game_files(DEFAULT_DECKS_DIR, recursive=False)} \
        if any("," in d for d in given) else set()
    return [d for value in given
            for d in ([value] if value in whole else (d.strip() for d in value.split(",")))]


def _cmd_cardstats(args: argparse.Namespace) -> int:
    from game.cardstats import count, read_log, report

    if not 1 <= args.seats <= MAX_SEATS:
        raise UserError(f"--seats must be 1 to {MAX_SEATS}, the seats simulate played")
    games = load_games(args.level, args.seats)
    stats = count(games, read_log(args.log), args.log)
    report(games, stats, sys.stdout, args.json)
    return 0


MAX_SHOT = (7680, 4320)  # --size: 8K; 100000x100000 drew a 16384x16384 window, 1 GB


def _cmd_screenshot(args: argparse.Namespace) -> int:
    from game.ui.screenshot import take

    # ASCII digits only: int() read "１２８０x720" (full-width digits) and "1_280x720".
    size = re.fullmatch(r"(-?[0-9]+)x(-?[0-9]+)", args.size.lower())  # (- is said below)
    try:
        w, h = int(size[1]), int(size[2])
    except (TypeError, ValueError):  # (no match; or too many digits for int())
        raise UserError(f"--size: expected WIDTHxHEIGHT in digits 0-9, got {args.size!r}") \
            from None
    if args.actions < 0:
        raise UserError(f"--actions must be 0 or more, not {args.actions}")
    if not (320 <= w <= MAX_SHOT[0] and 240 <= h <= MAX_SHOT[1]):
        raise UserError(f"--size must be from 320x240 to {MAX_SHOT[0]}x{MAX_SHOT[1]}, "
                        f"not {w}x{h}")
    if args.zoom is not None and not 1 <= args.zoom <= 4:
        raise UserError("--zoom must be from 1 (the smallest readable tiles) to 4")
    focus = args.focus
    if focus not in (None, "fit", "group"):
        try:
            focus = ",".join(str(int(n)) for n in focus.split(","))
        except ValueError:
            focus = ""
        if focus.count(",") != 1:
            raise UserError(f"--focus: expected fit, group or a cell X,Y, got {args.focus!r}")
    # `--seats ""` (an unset variable) is said, as play says it: not the default seats
    seats = args.seats.split(",") if args.seats is not None else None
    if seats is not None:
        from game.ui.session import SEAT_KINDS
        n = min(MAX_SEATS, len(load_level(args.level).decks))  # as screenshot.seats_for
        if len(seats) != n or not set(seats) <= set(SEAT_KINDS):
            raise UserError(f"--seats: {args.level} has {n} seats, each one of "
                            f"{', '.join(SEAT_KINDS)}")
    try:
        with _drawn():
            written = take(args.level, args.actions, args.out, (w, h), args.seed, args.zoom,
                           focus, seats)
    except ValueError as e:  # as play: a game the session refuses to set up
        raise UserError(f"screenshot: {e}") from None
    # The name as given, escaped: a newline in it split the line, and a byte that is not
    # UTF-8 (a surrogate) failed to print after the picture was written.
    print(one_line(written))
    return 0


def _cmd_monkey(args: argparse.Namespace) -> int:
    from game.ui.monkey import main as monkey
    from game.ui.scenes.new_game import LEVELS

    # The shipped files the monkey's scenes read, said as any bad file is: it opens New
    # game itself (the title says such a file), so a broken level was a "crash", exit 1.
    known = set(load_decks(DEFAULT_DECKS_DIR, load_cards(DEFAULT_CARDS_DIR)))
    for name in LEVELS:
        load_level(DEFAULT_LEVELS_DIR / f"{name}.yaml", known)
    match.load_game(QUICK_DEMO, 2)  # the table's and game over's game, its decks legal
    with _drawn():
        return monkey(args.seconds, args.seed)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="main.py", description="Ani-Mayhem, the digital table.",
                epilog="Each command's options: main.py COMMAND --help (main.py play --help).")
    p.set_defaults(func=_cmd_window)
    sub = p.add_subparsers(dest="command")
    p.commands = sub.choices
    sim = sub.add_parser("simulate", help="play whole games headless with AI seats")
    sim.add_argument("--seats", default="ai:random,ai:random",
                     help="1 to 4 comma-separated seats: ai:random, ai:easy, ai:normal, ai:hard, "
                          "ai:heuristic (the yardstick), ai:oracle (cheats: a ceiling)")
    sim.add_argument("--games", type=_whole(0, MAX_GAMES, f"from 0 to {MAX_GAMES} (a run keeps "
                                                         "every decision's time; run more "
                                                         "seeds for more)"), default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--level", default=str(SIMULATE_LEVEL),
                     help="a level file from levels/ (default: the four decks paired in turn)")
    sim.add_argument("--json", action="store_true", help="one JSON line per game and a summary")
    sim.add_argument("--log", help="write the events of every game to this file as JSON lines "
                     "(every seat's, or one seat's with --log-seat)")
    sim.add_argument("--log-seat", type=_whole(0, MAX_SEATS - 1), default=None,
                     help="--log writes only what this seat was told (0 to 3; default: "
                          "every seat's secrets, each naming who saw it)")
    sim.add_argument("--think-ms", type=_think_ms, default=None,
                     help="the hard level's budget per decision in ms (default 1000)")
    sim.add_argument("--swap", action="store_true",
                     help="play every seed once per rotation of the seats' levels; "
                          "report each level's win rate with a 95%% interval")
    sim.set_defaults(func=_cmd_simulate)
    bench = sub.add_parser("bench", help="measure the engine's speed, or the search levels' "
                                         "regret; digest: a hash of random games' every "
                                         "listing and event (a speed change keeps it)")
    bench.add_argument("what", choices=["engine", "render", "regret", "digest"])
    bench.add_argument("--frames", type=_whole(1, MAX_FRAMES),
                       help="render: frames to draw")
    bench.add_argument("--ai", choices=["random", "easy", "normal", "hard"],
                       help="render: the AI level thinking while frames are timed")
    bench.add_argument("--seconds", type=_seconds,
                       help="engine: time per measurement")
    bench.add_argument("--seed", type=_seed,
                       help="engine, regret, digest: the first game's seed")
    bench.add_argument("--decisions", type=_whole(1, MAX_DECISIONS),
                       help="regret: decisions of normal-played games to measure on")
    bench.add_argument("--worlds", type=_whole(1, MAX_WORLDS),
                       help="regret: worlds each candidate's value is measured on")
    bench.add_argument("--think-ms", type=_think_ms,
                       help="regret: hard's budget (it is also measured at four times it)")
    bench.add_argument("--games", type=_whole(1, MAX_GAMES),
                       help="digest: random games to hash")
    bench.add_argument("--seats", type=_whole(1, MAX_SEATS),
                       help="digest: seats at the table")
    bench.add_argument("--level",
                       help="engine, regret, digest: the level played (render: four players)")
    bench.set_defaults(func=_cmd_bench)
    cs = sub.add_parser("cardstats", help="how often each card took part in simulated games")
    cs.add_argument("--log", required=True, help="a log written by simulate --log")
    cs.add_argument("--level", default=str(SIMULATE_LEVEL), help="the level simulate played")
    cs.add_argument("--seats", type=int, default=2, help="how many seats simulate played")
    cs.add_argument("--json", action="store_true", help="a JSON report as one line")
    cs.set_defaults(func=_cmd_cardstats)
    val = sub.add_parser("validate", help="check card packs, decks and levels")
    val.add_argument("paths", nargs="*", help="files or folders (default: everything shipped)")
    val.add_argument("--json", action="store_true", help="a JSON report as the last line")
    val.set_defaults(func=_cmd_validate)
    play = sub.add_parser("play", help="open the window straight on a new game")
    play.add_argument("--level", default=str(QUICK_DEMO), help="a level file")
    play.add_argument("--seats", default="human,ai:normal",
                      help="1 to 4 comma-separated seats: human, ai:easy, ai:normal, ai:hard, "
                           "ai:random")
    play.add_argument("--decks", action="append", metavar="IDS",
                      help="deck ids, one a seat, comma-separated or the option given once a "
                           "seat; a value that is a deck's whole id is that deck (--decks "
                           "'a,b' is a,b.yaml if there is one, else decks a and b; --decks a "
                           "--decks b then); an empty id: the level's (default: the level's)")
    play.add_argument("--seed", type=int, help="the shuffle (default: a new one)")
    play.add_argument("--round-limit", type=int, help="default: the level's")
    play.add_argument("--no-charm", action="store_true", help="play without Charm Combat (R12)")
    play.set_defaults(func=_cmd_play)
    booth = sub.add_parser("booth", help="the window as a convention booth, full screen: AI "
                                         "games on show, one click to play, idle games put "
                                         "away (Ctrl+Shift+Q quits, Ctrl+Shift+T goes to "
                                         "the title)")
    booth.add_argument("--idle", type=_seconds_in(BOOTH_IDLE), metavar="SECONDS",
                       help=f"seconds without input before a game is hidden, "
                            f"{BOOTH_IDLE[0]:g} to {BOOTH_IDLE[1]:g} (default: the "
                            f"settings' booth_idle, {Settings().booth_idle:g})")
    booth.add_argument("--countdown", type=_seconds_in(BOOTH_COUNTDOWN), metavar="SECONDS",
                       help=f"seconds of 'Still playing?' before a hidden game is put away, "
                            f"{BOOTH_COUNTDOWN[0]:g} to {BOOTH_COUNTDOWN[1]:g} (default: the "
                            f"settings' booth_countdown, {Settings().booth_countdown:g})")
    booth.add_argument("--window", action="store_true",
                       help="open in a window, not full screen (to try the booth out; the "
                            "settings' full screen is left as it is)")
    booth.set_defaults(func=_cmd_booth)
    shot = sub.add_parser("screenshot", help="play N actions headless and save the table as PNG")
    shot.add_argument("--level", default=str(QUICK_DEMO), help="a level file")
    shot.add_argument("--actions", type=int, default=60)
    shot.add_argument("--out", required=True, help="the PNG file to write")
    shot.add_argument("--size", default="1920x1080")
    shot.add_argument("--seed", type=int, default=0)
    shot.add_argument("--zoom", type=float,
                      help="times the smallest readable tile, 1 to 4 (default: the window's)")
    shot.add_argument("--focus", help="fit (the whole Field), group (what the seat decides "
                                      "on) or a cell X,Y, written --focus=X,Y when X is negative "
                                      "(default: the window's)")
    shot.add_argument("--seats", help="comma-separated seat kinds (default: human, then "
                                      "ai:random); the human's moves are random")
    shot.set_defaults(func=_cmd_screenshot)
    monkey = sub.add_parser("monkey", help="random input to every scene, headless")
    monkey.add_argument("--seconds", type=_seconds, default=20.0)
    monkey.add_argument("--seed", type=_seed, default=1)
    monkey.set_defaults(func=_cmd_monkey)
    return p


def main(argv: list[str] | None = None) -> int:
    closed = _closed_streams()
    if closed:
        print(f"error: {closed}", file=sys.stderr)
        return EXIT_USER_ERROR
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:  # --help (0), or a mistake already said in one line (2)
        return e.code if isinstance(e.code, int) else EXIT_USER_ERROR
    except Unwritable as e:  # --help to an output that cannot be written
        _let_go_of_stdout()
        if e.broken_pipe:
            return 1  # the reader stopped reading (--help | head): nothing to say
        print(f"error: {e}", file=sys.stderr)
        return EXIT_USER_ERROR
    gone = _folder_gone()
    if gone:
        print(f"error: {gone}", file=sys.stderr)
        return EXIT_USER_ERROR
    _escape_what_stdout_cannot_encode()
    out = Written(sys.stdout, "the output")
    try:
        with redirect_stdout(out):
            code = args.func(args)
            out.flush()  # here, not at exit: a full disk is said as every mistake is
        return code
    except Unwritable as e:
        if e.path == out.name:
            _let_go_of_stdout()
            if e.broken_pipe:
                return 1  # the reader stopped reading (| head): nothing to say
        print(f"error: {e}", file=sys.stderr)
        return EXIT_USER_ERROR
    except (UserError, LoadError) as e:  # a UserError may hold a name as given: escaped
        print(f"error: {short_words(one_line(str(e)))}", file=sys.stderr)
        return EXIT_USER_ERROR


def _folder_gone() -> str | None:
    """Why the command cannot run where it was started, if the folder it runs in was
    removed after the shell entered it: os.getcwd() raised FileNotFoundError from a
    relative path's resolving (validate x.yaml, screenshot --out) and from the window's
    AI process (multiprocessing asks for the folder), a traceback."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return "the folder this runs in is gone (removed since the shell entered it): cd " \
               "to a folder that is there"
    return None


def _closed_streams() -> str | None:
    """Why the command cannot run, if the output was closed (`>&-`): one line, before
    anything is done; Python leaves sys.stdout None, and the first line written was an
    AttributeError's traceback. A closed stderr (`2>&-`) is nowhere to say a mistake:
    it goes to nothing, and the exit code still says it (the traceback, said to no one,
    made every mistake exit 1)."""
    if _closed(sys.stderr):
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the run)
    if _closed(sys.stdout):
        return "the output (stdout) is closed: give it a file (> FILE, or > /dev/null)"
    return None


def _closed(stream: IO[str] | None) -> bool:
    """Whether a standard stream is closed: None (Python's, for stdout), or a file on a
    descriptor that is no more or not for writing (with fd 2 closed, a file Python
    opened at start took that number, read-only: writes failed, EBADF); a stream of no
    descriptor (a test's StringIO) is open."""
    if stream is None:
        return True
    try:
        fd = stream.fileno()
        flags = fcntl.fcntl(fd, fcntl.F_GETFL) if fcntl else os.fstat(fd) and os.O_WRONLY
    except io.UnsupportedOperation:
        return False
    except (OSError, ValueError):
        return True
    return flags & os.O_ACCMODE == os.O_RDONLY


def _escape_what_stdout_cannot_encode() -> None:
    """A name a person gave (a deck's, a file's) written as its escape where stdout
    cannot encode it (PYTHONIOENCODING=ascii, a console's code page), as stderr does:
    it raised UnicodeEncodeError, a traceback after the run's own lines."""
    try:
        sys.stdout.reconfigure(errors="backslashreplace")
    except (AttributeError, ValueError, OSError):  # not a text file (a test's StringIO)
        pass


def _let_go_of_stdout() -> None:
    """Nothing more goes to an output that cannot be written: what is buffered would
    fail again at exit ("Exception ignored ... BrokenPipeError")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's StringIO)
        pass
