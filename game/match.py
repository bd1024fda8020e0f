"""A match: one game and its seats, and the one loop both `simulate` and the window
play through.

A seat is played by a person (no agent) or an AI agent. When an agent's seat must
act, the match hands it a `Question`: that seat's view, its legal actions and a
generator for this one decision. The answer goes back through `play`, which
checks it as it checks a person's action.

The seats' generators are honest: each seat has a key that has nothing to do
with the game's seed, and a decision's generator is seeded from the seat's key
and the number of actions played so far. Drawing from it tells an agent nothing
about the game's chance, yet a match replays exactly: the keys are recorded
with the game (`Record.keys`). The window draws keys from the operating system;
`simulate` derives them from its --seed through a slow, one-way path, so that the
same command plays the same games and a seat cannot search its way back from
its generator to the seed either.
"""
from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from game.engine import (Action, Game, GameState, IllegalAction, Options, SeatView, apply, apply_unchecked,
                         legal_actions, view)
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.decks import DEFAULT_DECKS_DIR, Deck, check_legal, load_decks
from game.engine.events import Event
from game.engine.levels import load_level
from game.engine.save import Record
from game.engine.yamlfile import shown

KEY_BYTES = 16
# PBKDF2 rounds for simulate's seat keys: about 20 ms a game, so a seat that tries
# the seeds one by one to find its own generator gets through ~50 a second.
DERIVE_ROUNDS = 40_000


class Agent(Protocol):
    name: str

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        ...


@dataclass(frozen=True, slots=True)
class Question:
    """What an AI seat is handed when it must act: never the game state."""

    seat: int
    view: SeatView
    legal: list[Action]
    rng: random.Random


def fresh_keys(seats: int) -> tuple[bytes, ...]:
    """Seat keys from the operating system's entropy: the window's games."""
    return tuple(secrets.token_bytes(KEY_BYTES) for _ in range(seats))


def derived_keys(seats: int, *parts: object) -> tuple[bytes, ...]:
    """Seat keys that the same parts always give (simulate's --seed and game number),
    through a path that never passes the game's seed."""
    root = hashlib.pbkdf2_hmac("sha256", ":".join(map(str, parts)).encode(),
                               b"ani-mayhem seat keys", DERIVE_ROUNDS)
    return tuple(hashlib.blake2b(root + bytes([i]), digest_size=KEY_BYTES).digest()
                 for i in range(seats))


def decision_rng(key: bytes, actions: int) -> random.Random:
    """A seat's generator for the decision taken after `actions` actions."""
    digest = hashlib.blake2b(key + actions.to_bytes(8, "big"), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def load_game(level: str | Path, seats: int, decks: Sequence[str] = (), *,
              charm_combat: bool | None = None, round_limit: int | None = None,
              cards: Path = DEFAULT_CARDS_DIR, known: Mapping[str, Deck] | None = None) -> Game:
    """The Game a level gives a number of seats: its decks in seat order (or the
    `decks` named), its options (or those given). Every deck is checked against the
    deck construction rules before any game starts; LoadError names the deck file
    and what is wrong (ValueError: a deck in `decks` that does not exist). `known`:
    the deck files read already (the window's, App.decks), else they are read here."""
    return load_games(level, seats, decks, charm_combat=charm_combat,
                      round_limit=round_limit, cards=cards, known=known)[0]


def load_games(level: str | Path, seats: int, decks: Sequence[str] = (), *,
               charm_combat: bool | None = None, round_limit: int | None = None,
               cards: Path = DEFAULT_CARDS_DIR,
               known: Mapping[str, Deck] | None = None) -> list[Game]:
    """load_game for every rotation of a level's decks: with more decks than seats,
    game r seats them from deck r on, so every deck is played (simulate)."""
    load_level(level)  # a bad level file is refused before the cards are read
    db = load_cards(cards)
    if known is None or any(d not in known for d in decks):  # (reading them was most of
        known = load_decks(DEFAULT_DECKS_DIR, db)  # a new game's first frame, s71; one
        # named that the window did not read, a file added since, is read and checked)
    lv = load_level(level, set(known))
    options = Options(lv.options.charm_combat if charm_combat is None else charm_combat,
                      round_limit or lv.options.round_limit)
    rotations = len(lv.decks) if len(lv.decks) > seats and not decks else 1
    games = []
    for r in range(rotations):
        ids = [decks[i] if i < len(decks) and decks[i] else lv.deck_for_seat(r + i)
               for i in range(seats)]
        unknown = [d for d in ids if d not in known]
        if unknown:  # one of `decks`: the level's were checked, so it is not to blame
            raise ValueError(f"unknown deck {shown(unknown[0])}")
        check_legal([known[d] for d in dict.fromkeys(ids)], db, options)
        games.append(Game(db, [known[d] for d in ids], options))
    return games


class Match:
    """A game under way: its record (seed, actions, seat keys), its state and events,
    and the agent playing each seat (None for a person)."""

    def __init__(self, record: Record, agents: Sequence[Agent | None],
                 replayed: tuple[GameState, list[Event]] | None = None):
        """A new game, or a saved one played again to where it was (its events kept
        for the log); `replayed`: the state and events its actions already reached
        (a save loaded by game.engine.save.Replay), so they are not replayed twice."""
        if len(agents) != record.game.seats or len(record.keys) != record.game.seats:
            raise ValueError("a match needs an agent (or None) and a key for every seat")
        self.record = record
        self.agents = list(agents)
        self.state: GameState
        self.log: list[Event]
        self.state, self.log = replayed or record.replay()

    @classmethod
    def new(cls, game: Game, seed: int, agents: Sequence[Agent | None],
            keys: Sequence[bytes] | None = None) -> Match:
        return cls(Record(game, seed, keys=tuple(keys or fresh_keys(game.seats))), agents)

    @property
    def game(self) -> Game:
        return self.record.game

    @property
    def to_act(self) -> int:
        return self.state.current_seat()

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def question(self) -> Question | None:
        """What the agent of the seat to act must answer; None if a person acts or the
        game is over."""
        if self.over or self.agents[self.to_act] is None:
            return None
        return self.ask()

    def ask(self) -> Question:
        """The question for the seat to act, whoever answers it: its agent, or one a
        person hands choices to (the window's Set up for me). Its generator is keyed as
        every AI seat's is, by the seat's recorded key and the actions so far, so the
        record replays the answer and decides it again alike."""
        seat = self.to_act
        return Question(seat, view(self.state, seat), legal_actions(self.state),
                        decision_rng(self.record.keys[seat], self.state.actions))

    def play(self, action: Action) -> list[Event]:
        """Apply an action of the seat to act (IllegalAction, nothing changed, if the
        rules refuse it), record it and keep its events."""
        events = apply(self.state, action)
        self.record.actions.append(action)
        self.log.extend(events)
        return events

    def answer(self, q: Question, action: Action, by: Agent | None = None) -> list[Event]:
        """Play an agent's answer to `q` (asked of this very state): it must be one of
        the legal actions it was handed. `by`: the agent that answered, when not the
        seat's own (a person's seat, see `ask`)."""
        if action not in q.legal:
            raise IllegalAction(f"{(by or self.agents[q.seat]).name} in seat {q.seat} chose "
                                f"{action}, not a legal action")
        events = apply_unchecked(self.state, action)
        self.record.actions.append(action)
        self.log.extend(events)
        return events

    def step(self) -> list[Event]:
        """Let the agent of the seat to act decide, and play its answer."""
        q = self.question()
        if q is None:
            raise IllegalAction("no agent is to act")
        return self.answer(q, self.agents[q.seat].choose(q.view, q.legal, q.rng))
