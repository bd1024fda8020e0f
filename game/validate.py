"""`python main.py validate [PATH...]`: check card packs, decks and levels.

With no path, everything shipped is checked. A path may be a card file, a deck,
a level or a folder of them (a file named twice is checked once); what a file is
follows from its shape (a list is a card pack, a mapping with `starting_characters`
a deck, one with `decks` a level). Errors are one line each on stderr: file, line,
field (a path that is no file or folder, a FIFO or a device, is one of them, and the
rest is checked); the summary (or the JSON report) goes to stdout, with a warning line for what
is legal but a player would want to know (a deck's card none of its Characters could
use). Exit code 2 if there is any error; warnings alone exit 0.
"""
from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import IO

from game.engine import LoadError
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.errors import one_line, short_words
from game.engine.files import MB
from game.engine.cards import CARD_TYPES, CardDB
from game.engine.decks import (DEFAULT_DECKS_DIR, SECTION_LINE, Deck, check_deck, check_legal,
                               load_deck, problem_line, unusable_carried)
from game.engine.levels import DEFAULT_LEVELS_DIR, load_level
from game.engine.lists import unlisted
from game.engine.yamlfile import game_files, read_yaml, yaml_files


# Deck and level parses _kind keeps for load_deck and load_level, up to this many bytes
# of files in all: a 1 MB level of 70,000 keys took validate 11.5 s, two parses of it
# (simulate reads it in 6). The shipped decks and levels are 1 to 2 KB each.
KEEP_BYTES = 2 * MB


class _Parses:
    """The deck and level files _kind has parsed, kept within KEEP_BYTES: `read` hands
    one back (to load_deck, load_level), or parses a file not kept."""

    def __init__(self) -> None:
        self.kept: dict[Path, tuple] = {}
        self.size = 0

    def keep(self, path: Path, parse: tuple) -> None:
        size = os.stat(path).st_size
        if self.size + size <= KEEP_BYTES:
            self.kept[path] = parse
            self.size += size

    def read(self, path: str | Path) -> tuple:
        return self.kept.get(path) or read_yaml(path)


def _kind(path: Path, kept: dict[Path, tuple], parsed: _Parses) -> str:
    """"cards", "deck" or "level": what the file is. Its parse is kept, in `kept` for
    the first pack (load_cards's), in `parsed` for a deck or a level."""
    data, root = read_yaml(path)
    if isinstance(data, dict) and data.get("format") == "ani-mayhem-save":  # JSON is YAML
        raise LoadError(str(path), 1, None, "a saved game, not a card pack, a deck or a level")
    if isinstance(data, list):
        # load_cards would parse it again, and parsing is nearly all the time validate
        # takes (a 1 MB pack, 7 s of which 3.5 s telling it a pack): kept for it. The
        # first pack only: a folder of big packs would hold them all at once.
        if not kept:
            kept[path] = data, root
        return "cards"
    kind = "deck" if isinstance(data, dict) and "starting_characters" in data else \
        "level" if isinstance(data, dict) and "decks" in data else None
    if kind is None:
        raise LoadError(str(path), 1, None, "not a card pack, a deck or a level")
    parsed.keep(path, (data, root))
    return kind


def _once(paths: list) -> list:
    """Each path once, under the first spelling given: realpath, not resolve, so a link
    that loops is said when the file is read."""
    firsts: dict[str, object] = {}
    for path in paths:  # "" is nothing, not the folder validate runs in
        firsts.setdefault(os.path.realpath(path) if str(path) else "", path)
    return list(firsts.values())


def _unread(any_read: bool, passed: list[Path], folder: Path, most: int = 5) -> str:
    """What of a folder validate does not read, in words naming the files passed over."""
    said = "no .yaml file in this folder (only *.yaml files are read)" if not any_read \
        else "only *.yaml files are read"
    if not passed:
        return said
    names = sorted(p.relative_to(folder).as_posix() for p in passed)
    more = f", and {len(names) - most} more" if len(names) > most else ""
    return f"{said}; not read: {', '.join(names[:most])}{more}"


def _dead_cards(deck: Deck, db: CardDB, where: str) -> list[str]:
    """A warning line for each of the deck's Equipment or Items none of its Characters
    could use, at the deck file's line of the card."""
    return [str(LoadError(where, problem_line(deck, w), None, w))
            for w in unusable_carried(deck, db)]


def _by_label(decks: list[tuple[Deck, str, str]]) -> dict[str, str]:
    """Each deck file's verdict under its name, or its name and file where another
    deck checked has that name too: keyed by name, one verdict hid the other's."""
    names = Counter(deck.name for deck, _, _ in decks)
    return {deck.name if names[deck.name] == 1 else f"{deck.name} ({path})": verdict
            for deck, path, verdict in decks}


def _alike_names(decks: list[tuple[Deck, str]]) -> list[str]:
    """A warning at the `name:` line of each deck file whose name reads as another's in
    the New Game menu (which drops a closing " Deck"; case aside): a player could not
    tell them apart. Each file once, in the order given (the game's decks first): the
    first of a name is not warned."""
    files: dict[str, tuple[str, Deck]] = {}  # by the file itself, named as first given
    for deck, path in decks:
        files.setdefault(os.path.realpath(path), (str(path), deck))
    first: dict[str, str] = {}
    out = []
    for path, deck in files.values():
        shown = deck.name.strip().casefold().removesuffix(" deck")
        if shown in first:
            out.append(str(LoadError(path, deck.lines.get(SECTION_LINE + "name"), "name",
                                     f"'{deck.name}' reads as the deck in {first[shown]} "
                                     "in the New Game menu: give it a name of its own")))
        else:
            first[shown] = path
    return out


def validate(paths: list[str], out: IO[str], as_json: bool, err: IO[str] = sys.stderr) -> int:
    errors: list[str] = []
    warnings: list[str] = []  # legal, but a player would want to know: exit code 0
    files = {"cards": [], "deck": [], "level": []}
    given: list[Path] = []
    refused: set[str] = set()  # paths said to be no file, not said again in a folder
    for path in _once(paths or []):
        passed: list[Path] = []
        try:
            read = yaml_files([path], passed=passed)
        except LoadError as e:  # a FIFO, a device, nothing there: said, and the rest checked
            errors.append(str(e))
            refused.add(os.path.realpath(path))
            continue
        given += read
        # A folder of no `*.yaml` (empty, or a level saved as .yml), or one with a .yml
        # beside a .yaml, was said to be all well: files never read were taken as checked.
        if Path(path).is_dir() and (not read or passed):
            errors.append(str(LoadError(path, None, None, _unread(bool(read), passed,
                                                                  Path(path)))))
    # Each file and folder once, however often or however spelt it is named (a folder
    # and a file in it): one named twice was counted twice, and its errors said twice.
    given = [f for f in _once(given) if os.path.realpath(f) not in refused]
    if not paths:
        files["cards"] = yaml_files([DEFAULT_CARDS_DIR])
        files["deck"] = yaml_files([DEFAULT_DECKS_DIR])
        files["level"] = yaml_files([DEFAULT_LEVELS_DIR])
        # A .yml where the game reads its own files stops every game: said here too.
        for folder, below in ((DEFAULT_CARDS_DIR, True), (DEFAULT_DECKS_DIR, False),
                              (DEFAULT_LEVELS_DIR, False)):
            try:
                game_files(folder, below)
            except LoadError as e:
                errors.append(str(e))
    kept: dict[Path, tuple] = {}  # a pack's parse, _kind's, for load_cards
    parsed = _Parses()  # decks' and levels', for load_deck and load_level
    for f in given:
        try:
            files[_kind(f, kept, parsed)].append(f)
        except LoadError as e:
            errors.append(str(e))
    # A pack adds to the shipped cards, as it would in a game. The shipped ones are read
    # first: a card id a pack gives again is blamed on the pack's line (a pack whose path
    # sorted first had the shipped file's line blamed).
    # A pack is named as it was given (resolved, `validate pack.yaml` named
    # /home/.../pack.yaml, and a link its target); a shipped file given is read once.
    shipped = yaml_files([DEFAULT_CARDS_DIR])
    ours = {p.resolve() for p in shipped}
    packs = sorted(p for p in files["cards"] if p.resolve() not in ours)
    db = CardDB({})
    try:
        db = load_cards(shipped + packs, lambda p: kept.pop(p) if p in kept else read_yaml(p))
    except LoadError as e:
        errors.append(str(e))
    # A name the rulebook's lists lack is legal (card text may add one) but likely a slip.
    for card in sorted(db.cards.values(), key=lambda c: c.source):
        warnings += [str(LoadError(card.source[0], card.source[1] or None, None, w))
                     for w in unlisted(card)]
    decks: list[tuple[Deck, str, str]] = []  # each deck file checked, with its verdict
    # A level's deck is what every game seats (match.load_games, the window, a save): a
    # file of the game's decks folder by its name, not one below it nor one given here
    # (docs/card-format.md, Levels).
    game_decks = yaml_files([DEFAULT_DECKS_DIR], recursive=False)
    known_decks = {f.stem for f in game_decks}
    by_id: dict[str, Deck] = {}  # each, for the levels' options below
    for f in game_decks:
        try:
            by_id[f.stem] = load_deck(f, db)
        except LoadError:
            pass  # a shipped deck's own error is told when it is checked as a deck
    warned: set[str] = set()  # the deck files whose dead cards are said already
    for f in files["deck"]:
        try:
            deck = load_deck(f, db, parsed.read)
            problems = check_deck(deck, db)
            decks.append((deck, str(f), "legal" if not problems else "; ".join(problems)))
            if problems:
                errors.append(str(LoadError(str(f), problem_line(deck, problems[0]), None,
                                            f"deck is not legal: {problems[0]}")))
            warnings += _dead_cards(deck, db, str(f))
            warned.add(os.path.realpath(f))
        except LoadError as e:
            errors.append(str(e))
    warnings += _alike_names([(by_id[k], by_id[k].source) for k in sorted(by_id)]
                             + [(deck, path) for deck, path, _ in decks])
    levels = 0
    for f in files["level"]:
        try:
            lv = load_level(f, known_decks, parsed.read)
            levels += 1
            # A deck legal with Charm Combat may not be without it (R12): as the game
            # would refuse it, under the level's own options.
            try:
                check_legal([by_id[d] for d in dict.fromkeys(lv.decks) if d in by_id
                             and not check_deck(by_id[d], db)], db, lv.options)
            except LoadError as e:
                errors.append(f"{e}, as level {f} plays it")
            # A level checked alone warns of its decks' dead cards as the deck files would.
            for d in dict.fromkeys(lv.decks):
                if d in by_id and os.path.realpath(by_id[d].source) not in warned:
                    warned.add(os.path.realpath(by_id[d].source))
                    warnings += _dead_cards(by_id[d], db, by_id[d].source)
        except LoadError as e:
            errors.append(str(e))
    counts = Counter(c.type for c in db.cards.values())
    errors = [short_words(e) for e in errors]  # a key of 10,000 characters names its field
    warnings = [short_words(w) for w in warnings]
    verdicts = _by_label(decks)
    for e in errors:
        err.write(f"error: {e}\n")
    if as_json:
        out.write(json.dumps({"cards": {t: counts.get(t, 0) for t in CARD_TYPES},
                              "decks": verdicts, "levels": levels, "errors": errors,
                              "warnings": warnings}) + "\n")
    else:
        also = f" ({len(warnings)} warning(s))" if warnings else ""
        out.write(f"{len(db)} cards, {len(decks)} decks, {levels} levels: "
                  + ("all well" if not errors else f"{len(errors)} error(s)") + also + "\n")
        for name, verdict in verdicts.items():  # a file "a\nb.yaml" named on one line
            out.write(f"  deck {one_line(name)}: {one_line(verdict)}\n")
        # Part of the report, not an error: stderr holds one line per error only.
        for w in warnings:
            out.write(f"warning: {w}\n")
    return 0 if not errors else 2
