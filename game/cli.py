"""The command line: `python main.py [simulate|bench|validate] ...`.

A user's mistake (a bad file, an unknown seat kind) is one line on stderr and
exit code 2, never a traceback.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.engine import Game, LoadError
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.decks import DEFAULT_DECKS_DIR, check_deck, load_decks
from game.engine.levels import DEFAULT_LEVEL, load_level

EXIT_USER_ERROR = 2


class UserError(Exception):
    """A mistake in what the user gave us: printed as one line, exit code 2."""


def load_games(level_path: str | Path, seats: int, cards: Path = DEFAULT_CARDS_DIR) -> list[Game]:
    """The games a level gives for a number of seats, its decks taken in turn.

    With one deck per seat the level gives one game; with more decks than seats,
    each rotation of the deck list is a game, so every deck is played."""
    db = load_cards(cards)
    decks = load_decks(DEFAULT_DECKS_DIR, db)
    level = load_level(level_path, set(decks))
    for deck_id in level.decks:
        problems = check_deck(decks[deck_id], db, level.options)
        if problems:
            raise UserError(f"{decks[deck_id].source}: deck is not legal: {problems[0]}")
    rotations = max(1, len(level.decks)) if len(level.decks) > seats else 1
    return [Game(db, [decks[level.decks[(r + i) % len(level.decks)]] for i in range(seats)],
                 level.options) for r in range(rotations)]


def _cmd_simulate(args: argparse.Namespace) -> int:
    from game.simulate import parse_seats, simulate

    try:
        levels = parse_seats(args.seats)
    except ValueError as e:
        raise UserError(str(e)) from None
    if args.games < 0:
        raise UserError("--games must be 0 or more")
    games = load_games(args.level, len(levels))
    log = None
    if args.log:
        try:
            log = open(args.log, "w", encoding="utf-8")
        except OSError as e:
            raise UserError(f"{args.log}: cannot write the log: {e.strerror}") from None
    try:
        simulate(games, levels, args.games, args.seed, sys.stdout, args.json, log)
    finally:
        if log is not None:
            log.close()
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from game.bench import bench_engine

    games = load_games(args.level, 2)
    bench_engine(games[0], args.seconds, args.seed, sys.stdout)
    return 0


def _cmd_validate(args: argparse.Namespace) -> int:
    from game.validate import validate

    return validate(args.paths, sys.stdout, args.json)


def _cmd_window(args: argparse.Namespace) -> int:
    print("The game window is not built yet (issue 6); try: python main.py simulate --help")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py", description="Ani-Mayhem, the digital table.")
    p.set_defaults(func=_cmd_window)
    sub = p.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="play whole games headless with AI seats")
    sim.add_argument("--seats", default="ai:random,ai:random",
                     help="1 to 4 comma-separated seats, e.g. ai:random,ai:random")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--level", default=str(DEFAULT_LEVEL), help="a level file from levels/")
    sim.add_argument("--json", action="store_true", help="one JSON line per game and a summary")
    sim.add_argument("--log", help="write every event of every game to this file as JSON lines")
    sim.set_defaults(func=_cmd_simulate)
    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("what", choices=["engine"])
    bench.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--level", default=str(DEFAULT_LEVEL))
    bench.set_defaults(func=_cmd_bench)
    val = sub.add_parser("validate", help="check card packs, decks and levels")
    val.add_argument("paths", nargs="*", help="files or folders (default: everything shipped)")
    val.add_argument("--json", action="store_true", help="a JSON report as the last line")
    val.set_defaults(func=_cmd_validate)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (UserError, LoadError) as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_USER_ERROR
