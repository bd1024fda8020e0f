"""Saves: a game is its decks, options, seed and action list (docs/engine.md, The
loop), and the keys of its seats' generators, so that AI seats decide again as they
did (game/match.py).

Loading replays the actions through the rules, so a save that the rules would
not allow is refused rather than half-loaded. Replaying checks each action, about
2,000 a second, so `Replay` does it a slice at a time: the window draws a
progress bar between slices instead of freezing. Saves are JSON, written
atomically (a temporary file, flushed to the disk, renamed over the old one), so
a crash at any moment leaves the old save or the new one, never half of one.

A save may carry a `table` object: the window's part (who sits where, the level, a
one-line summary), passed through untouched and checked by the window
(game/ui/slots.py), so one file holds everything a Continue needs.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from pathlib import Path

from .actions import Action, UseCard, parse
from .cardfile import DEFAULT_CARDS_DIR, load_cards
from .cards import CardDB
from .decks import DEFAULT_DECKS_DIR, check_legal, load_decks
from .errors import IllegalAction, LoadError
from .events import Event
from .files import MB, loads_json, read_text, write_atomic
from .game import Game, apply
from .levels import MAX_ROUND_LIMIT, MAX_SEATS
from .options import Options
from .state import GameState
from .yamlfile import shown

FORMAT = "ani-mayhem-save"
VERSION = 3  # 3: the window's "table"; 2: the seats' keys; versions 1 and 2 still load
KEY_HEX = 32  # a seat key, in hex
# Real games take a few hundred to a few thousand actions; simulate stops a game at
# 20,000 (game.simulate.ACTION_CAP). Replaying is about 2,000 actions a second, so a
# save of a million actions would freeze the window for minutes: it is refused.
MAX_ACTIONS = 20_000
MAX_ACTION_CHARS = 200  # one action's text; the longest real ones are about 40
MAX_SAVE_BYTES = 2 * MB  # 20,000 actions take about 400 KB
MAX_SEED = 2 ** 64


@dataclass
class Record:
    """A game as it is saved: enough to replay it exactly."""

    game: Game
    seed: int
    actions: list[Action] = field(default_factory=list)
    keys: tuple[bytes, ...] = ()  # one per seat; none in a version 1 save
    table: dict = field(default_factory=dict)  # the window's part, as it wrote it

    def __post_init__(self) -> None:
        # What loading a save accepts, so that no game is saved that cannot be loaded
        # (`play --seed` of 39 digits was played and saved, and Continue refused it).
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) \
                or not -MAX_SEED < self.seed < MAX_SEED:
            raise ValueError(f"the seed must be a whole number of at most 64 bits, "
                             f"not {shown(self.seed)}")

    def replay(self) -> tuple[GameState, list[Event]]:
        """The state the actions reach, and every event on the way."""
        st, events = self.game.new_state(self.seed), []
        for a in self.actions:
            events += apply(st, a)
        return st, events

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "seed": self.seed,
                "decks": [d.id for d in self.game.decks],
                "options": asdict(self.game.options),
                "keys": [k.hex() for k in self.keys],
                "cards": cards_digest(self.game),
                "card_rules": rules_digest(self.game),
                "table": self.table,
                "actions": [str(a) for a in self.actions]}


def cards_digest(game: Game) -> str:
    """The cards of a game's decks, in the order they are dealt out as instances: a save
    names its decks by id, and a deck file edited since (one card for another) replayed
    the same actions into another game whenever they stayed legal."""
    return hashlib.sha256("\n".join(game.card_ids).encode()).hexdigest()[:KEY_HEX]


# What a card says in words only: a change to them replays the same game.
_WORDS = frozenset({"name", "text", "source"})


def rules_digest(game: Game) -> str:
    """What the rules read of each card of a game (its numbers, effects, type...), its
    words left out: `cards_digest` names the cards, and a card file edited since (Haymaker's
    +2 made +5) replayed the same actions into another game without a word. Kept in
    the game's memo: a save is written after every action, and this takes milliseconds
    (keyed by the count of cards, which only a test scene's `add_card` changes)."""
    key = "card_rules", len(game.instances)
    if key not in game.memo:
        played = {c.id: c for c in game.instances}
        text = "\n".join(f"{i} " + json.dumps(_rules_of(played[i]), sort_keys=True)
                         for i in sorted(played))
        game.memo[key] = hashlib.sha256(text.encode()).hexdigest()[:KEY_HEX]
    return game.memo[key]


def _rules_of(value):
    """A card definition as plain JSON data, without its words (_WORDS) or what is
    worked out from the rest (fields not compared)."""
    if is_dataclass(value):
        return {f.name: _rules_of(getattr(value, f.name)) for f in fields(value)
                if f.compare and f.name not in _WORDS}
    if isinstance(value, (list, tuple)):
        return [_rules_of(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_rules_of(v) for v in value), key=json.dumps)
    if isinstance(value, dict):
        return {str(k): _rules_of(v) for k, v in value.items()}
    return value


def save(record: Record, path: str | Path) -> None:
    """Write atomically (files.write_atomic): the file is whole on the disk before it
    replaces the old one, so a crash or a power cut leaves the old save or the new one;
    a slot that is a symbolic link is written through. (The folder is not synced as
    well: that would double the time of a save, written after every action, and only
    lose the newest save to a power cut, never both.)"""
    # One action a line: small (a save is written after every action) and readable.
    write_atomic(path, lambda f: json.dump(record.to_json(), f, indent=0,
                                           separators=(",", ":")))


def peek(path: str | Path) -> dict:
    """A save's JSON, its format and version checked, nothing replayed: what a list of
    saves shows (the window's `table`); LoadError if it is not a save."""
    p = str(path)
    try:
        text = read_text(path, MAX_SAVE_BYTES, "save")
    except LoadError as e:
        raise LoadError(p, e.line, None, f"cannot read the save: {e.message}") from None
    try:
        data = loads_json(text, p)
    except LoadError as e:
        raise LoadError(p, e.line, None, f"not a save file ({e.message})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LoadError(p, None, "format", "not an Ani-Mayhem save file")
    version = data.get("version")
    if type(version) is int and version > VERSION:  # a player back from a later game
        raise LoadError(p, None, "version", f"saved by a later version of the game (save "
                                            f"version {shown(version)}); this one reads "
                                            f"versions 1 to {VERSION}")
    if type(version) is not int or version not in (1, 2, VERSION):  # true == 1, 3.0 == 3
        raise LoadError(p, None, "version", f"unknown save version {shown(version)}")
    table = data.get("table", {}) if data["version"] > 2 else {}
    if not isinstance(table, dict):
        raise LoadError(p, None, "table", "must be a JSON object")
    return data


class RulesRefuse(LoadError):
    """A saved action the rules refuse where it stands: a rule corrected since the
    game was saved (its actions were legal then), or a save edited by hand. The
    replay has stopped before it, at `done` actions, its state as they left it."""

    def __init__(self, path: str, done: int, total: int, why: str):
        super().__init__(path, None, f"actions[{done}]", why)
        self.done, self.total = done, total


class Replay:
    """A save being loaded: its header checked at once (LoadError), then its actions
    replayed through the rules by `step`, a slice at a time, or all by `run`."""

    def __init__(self, path: str | Path, db: CardDB | None = None,
                 cards: Path = DEFAULT_CARDS_DIR, decks_dir: Path = DEFAULT_DECKS_DIR):
        """`db`: the cards already loaded (the window's), else those in `cards`."""
        self.path = p = str(path)
        data = peek(path)
        seed, deck_ids, opts, acts, keys = _checked(p, data)
        db = db if db is not None else load_cards(cards)
        decks = load_decks(decks_dir, db)
        missing = [d for d in deck_ids if d not in decks]
        if missing:
            raise LoadError(p, None, "decks", f"unknown deck {shown(missing[0])}")
        options = Options(**opts)
        check_legal([decks[d] for d in deck_ids], db, options)
        game = Game(db, [decks[d] for d in deck_ids], options)
        # Saves written before either digest carry none, and load as they did.
        if data.get("cards", cards_digest(game)) != cards_digest(game):
            raise LoadError(p, None, "decks", "their cards are not those this game was played "
                                              "with (a deck file changed since it was saved, "
                                              "or the save's list of decks was edited)")
        if data.get("card_rules", rules_digest(game)) != rules_digest(game):
            raise LoadError(p, None, "cards", "the rules of its cards are not those this game "
                                              "was played with (a card file changed since it "
                                              "was saved)")
        self.record = Record(game, seed,
                             keys=tuple(bytes.fromhex(k) for k in keys),
                             table=data.get("table", {}) if data["version"] > 2 else {})
        self.state = self.record.game.new_state(seed)
        self.events: list[Event] = []
        self._texts: list[str] = acts

    @property
    def total(self) -> int:
        return len(self._texts)

    @property
    def done(self) -> int:
        """Actions replayed so far."""
        return len(self.record.actions)

    @property
    def finished(self) -> bool:
        return self.done == self.total

    def step(self, count: int) -> None:
        """Replay up to `count` more actions; LoadError naming the first bad one."""
        actions = self.record.actions
        for i in range(self.done, min(self.total, self.done + count)):
            text = self._texts[i]
            if len(text) > MAX_ACTION_CHARS:
                raise LoadError(self.path, None, f"actions[{i}]",
                                f"{len(text)} characters; an action is at most "
                                f"{MAX_ACTION_CHARS}")
            try:
                action = parse(text)
                missing = _names_nothing(self.record.game, action)
                if missing:
                    raise ValueError(f"{text!r} names {missing}")
                self.events += apply(self.state, action)
            except IllegalAction as e:  # before ValueError: it is one
                raise RulesRefuse(self.path, i, self.total, str(e)) from None
            except ValueError as e:
                raise LoadError(self.path, None, f"actions[{i}]", str(e)) from None
            actions.append(action)

    def stop_here(self) -> None:
        """Give up the actions not replayed yet: the game goes on from here (after
        RulesRefuse, when the person chose so). An illegal action changes nothing, so
        the state is that of the actions replayed."""
        del self._texts[self.done:]

    def run(self) -> tuple[Record, GameState]:
        self.step(self.total)
        return self.record, self.state


def load(path: str | Path, cards: Path = DEFAULT_CARDS_DIR,
         decks_dir: Path = DEFAULT_DECKS_DIR) -> tuple[Record, GameState]:
    """A saved game and the state its actions reach; LoadError if it is not one."""
    return Replay(path, cards=cards, decks_dir=decks_dir).run()


def _checked(p: str, data: dict) -> tuple[int, list[str], dict, list[str], list[str]]:
    """A save's seed, deck ids, options, action texts and seat keys, each checked to be
    of the form and within the bounds a save writes (its card_rules digest's form too);
    LoadError naming the first that is not."""
    seed, deck_ids, opts, acts = (data.get(k) for k in ("seed", "decks", "options",
                                                         "actions"))
    keys = data.get("keys", []) if data["version"] > 1 else []
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LoadError(p, None, "seed", "must be a whole number")
    if not -MAX_SEED < seed < MAX_SEED:
        raise LoadError(p, None, "seed", "must be a whole number of at most 64 bits")
    if not isinstance(deck_ids, list) or not 1 <= len(deck_ids) <= MAX_SEATS \
            or not all(isinstance(d, str) for d in deck_ids):
        raise LoadError(p, None, "decks", f"must list 1 to {MAX_SEATS} deck ids")
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise LoadError(p, None, "actions", "must be a list of action texts")
    if not isinstance(keys, list) or (keys and len(keys) != len(deck_ids)) or not all(
            isinstance(k, str) and len(k) == KEY_HEX and _is_hex(k) for k in keys):
        raise LoadError(p, None, "keys", f"must list one {KEY_HEX}-digit hex key per seat")
    rules = data.get("card_rules", "0" * KEY_HEX)
    if not (isinstance(rules, str) and len(rules) == KEY_HEX and _is_hex(rules)):
        raise LoadError(p, None, "card_rules", f"must be a {KEY_HEX}-digit hex digest, not "
                                               f"{shown(rules)}")
    if len(acts) > MAX_ACTIONS:
        raise LoadError(p, None, "actions", f"{len(acts)} actions; a save holds at most "
                                            f"{MAX_ACTIONS} (a real game takes a few thousand)")
    known = {f.name: type(f.default) for f in fields(Options)}
    if not isinstance(opts, dict) or any(k not in known or type(v) is not known[k]
                                         for k, v in opts.items()):
        raise LoadError(p, None, "options", f"must map {', '.join(known)} to their values")
    limit = opts.get("round_limit", Options().round_limit)
    if not 1 <= limit <= MAX_ROUND_LIMIT:
        raise LoadError(p, None, "options", f"round_limit must be from 1 to "
                                            f"{MAX_ROUND_LIMIT}, not {shown(limit)}")
    return seed, deck_ids, opts, acts, keys


# The fields of an action (game/engine/actions.py) that hold card instance numbers;
# the others hold a cell, a seat, an effect's number, an order or a role.
_CARD_FIELDS = frozenset({"card", "target", "char", "charmed", "chars", "src", "dst",
                          "disaster"})


def _names_nothing(game: Game, action: Action) -> str | None:
    """What an action names that its game does not have (a card, or an effect of a
    card), in words; None if it names only what exists. The rules explain a refused
    action assuming both exist: a save edited to `use-equipment c999 by c0` stopped
    the window with an IndexError."""
    count = len(game.instances)
    for f in fields(action):
        value = getattr(action, f.name)
        if f.name in _CARD_FIELDS and value != f.default:  # a default (None, -1): no card
            for card in value if isinstance(value, tuple) else (value,):
                if not 0 <= card < count:
                    return f"no card of this game (its cards are c0 to c{count - 1})"
    if isinstance(action, UseCard) and not 0 <= action.effect < len(
            game.card(action.card).effects):
        return f"no effect of c{action.card}"
    return None


def _is_hex(text: str) -> bool:
    return all(c in "0123456789abcdef" for c in text.lower())


def _plain(value):
    """A copy made of plain data: dataclasses (Combat, the Flash stack) become dicts."""
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, set):
        return sorted(value)
    return value


def snapshot(st: GameState) -> dict:
    """Everything in a state, as plain data: two states are equal when these are."""
    return {
        "rng": st.rng_state(),
        "seats": [asdict(s) for s in st.seats],
        "places": sorted((c, asdict(p)) for c, p in st.places.items()),
        "units": sorted((i, asdict(u)) for i, u in st.units.items()),
        "off_field": [asdict(o) for o in st.off_field],
        "rest": {f.name: _plain(getattr(st, f.name)) for f in fields(st)
                 if f.name not in ("game", "generator", "seats", "places", "units", "off_field",
                                   "lasting_index", "scratch", "where")},
    }
