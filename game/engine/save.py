"""Saves: a game is its decks, options, seed and action list (ARCHITECTURE.md), and
the keys of its seats' generators, so that AI seats decide again as they did
(game/match.py).

Loading replays the actions through the rules, so a save that the rules would
not allow is refused rather than half-loaded. Saves are JSON, written
atomically (a temporary file renamed over the old one).
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from pathlib import Path

from .actions import Action, parse
from .cardfile import DEFAULT_CARDS_DIR, load_cards
from .decks import DEFAULT_DECKS_DIR, load_decks
from .errors import IllegalAction, LoadError
from .events import Event
from .game import Game, apply
from .options import Options
from .state import GameState

FORMAT = "ani-mayhem-save"
VERSION = 2  # 2: the seats' keys; a version 1 save (without them) still loads
KEY_HEX = 32  # a seat key, in hex


@dataclass
class Record:
    """A game as it is saved: enough to replay it exactly."""

    game: Game
    seed: int
    actions: list[Action] = field(default_factory=list)
    keys: tuple[bytes, ...] = ()  # one per seat; none in a version 1 save

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
                "actions": [str(a) for a in self.actions]}


def save(record: Record, path: str | Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(record.to_json(), f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def load(path: str | Path, cards: Path = DEFAULT_CARDS_DIR,
         decks_dir: Path = DEFAULT_DECKS_DIR) -> tuple[Record, GameState]:
    """A saved game and the state its actions reach; LoadError if it is not one."""
    p = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise LoadError(p, None, None, f"cannot read the save: {e}") from None
    except json.JSONDecodeError as e:
        raise LoadError(p, e.lineno, None, f"not a save file (bad JSON: {e.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LoadError(p, None, "format", "not an Ani-Mayhem save file")
    if data.get("version") not in (1, VERSION):
        raise LoadError(p, None, "version", f"unknown save version {data.get('version')!r}")
    seed, deck_ids, opts, acts = (data.get(k) for k in ("seed", "decks", "options", "actions"))
    keys = data.get("keys", []) if data["version"] > 1 else []
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LoadError(p, None, "seed", "must be a whole number")
    if not isinstance(deck_ids, list) or not 1 <= len(deck_ids) <= 4:
        raise LoadError(p, None, "decks", "must list 1 to 4 deck ids")
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise LoadError(p, None, "actions", "must be a list of action texts")
    if not isinstance(keys, list) or (keys and len(keys) != len(deck_ids)) or not all(
            isinstance(k, str) and len(k) == KEY_HEX and _is_hex(k) for k in keys):
        raise LoadError(p, None, "keys", f"must list one {KEY_HEX}-digit hex key per seat")
    known = {f.name: type(f.default) for f in fields(Options)}
    if not isinstance(opts, dict) or any(k not in known or type(v) is not known[k]
                                         for k, v in opts.items()):
        raise LoadError(p, None, "options", f"must map {', '.join(known)} to their values")
    db = load_cards(cards)
    decks = load_decks(decks_dir, db)
    missing = [d for d in deck_ids if d not in decks]
    if missing:
        raise LoadError(p, None, "decks", f"unknown deck {missing[0]!r}")
    record = Record(Game(db, [decks[d] for d in deck_ids], Options(**opts)), seed,
                    keys=tuple(bytes.fromhex(k) for k in keys))
    st = record.game.new_state(seed)
    for i, text in enumerate(acts):
        try:
            action = parse(text)
            apply(st, action)
        except (ValueError, IllegalAction) as e:
            raise LoadError(p, None, f"actions[{i}]", str(e)) from None
        record.actions.append(action)
    return record, st


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
                                   "reading")},
    }
