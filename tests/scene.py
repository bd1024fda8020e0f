"""Scenes for the rules tests: a game placed directly into one situation.

    sc = Scene(CARDS, seats=2)                 # fixture cards as YAML (docs/card-format.md)
    sc.location((0, 0), "swamp", under=["ogre", "gold-idol"])   # face down, top first
    sc.haven((1, 0))                           # seat 0's Haven
    akane = sc.char("akane", (0, 0), items=["barbells"])
    sc.combat_pile(0, "assault", "spiked")     # first named is drawn first
    sc.turn(MOVE)                              # seat 0's Move phase
    events = sc.do(Fight(dracula))             # game.engine.apply: checked
    sc.refused(Move((akane,), (5, 5)))         # IllegalAction, state unchanged

Every card id becomes a new physical card (an instance id, an int) owned by
the seat given; ints are taken as instances already made. The Game is built
from Decks holding nothing but a Haven, and the scene's cards are added to it
one by one, so no deck construction is involved. Every seat has had its first
turn (turns = 1), so the next turn of any seat begins at its Discard phase.
"""
from __future__ import annotations

import functools
import random
import tempfile
import textwrap
from collections.abc import Iterable
from pathlib import Path

import pytest

from game.engine import IllegalAction, apply, cardfile, legal_actions
from game.engine.actions import Action, EndPhase
from game.engine.cards import CardDB
from game.engine.decks import Deck
from game.engine.disasters import arrive
from game.engine.events import Event
from game.engine.field import disaster_path
from game.engine.game import Game
from game.engine.options import Options
from game.engine.save import snapshot
from game.engine.state import MOVE, GameState, Place, SeatState, Unit
from game.engine.turns import PhaseStep
from game.engine.yamlfile import read_yaml

# Cards every scene has: each seat's Haven, a Location with no requirements and a
# blank Combat card.
BASE = """\
- {id: home, name: Home, type: haven}
- {id: plain, name: Plain, type: location}
- {id: blank, name: Blank, type: combat, physical: {}, charm: {}}
"""

Card = str | int


@functools.lru_cache(maxsize=None)
def card_db(yaml_text: str) -> CardDB:
    """The cards of a YAML text, loaded by the real loader from a temporary file: its
    reading of the files (cardfile._read_cards), past load_cards's cache, which keeps
    eight CardDBs and then forgets them all. Kept there, the scenes' CardDBs (of files
    gone once read, kept here by their text) pushed out the shipped cards' one, which
    the window and load_games then parsed again."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cards.yaml"
        path.write_text(BASE + textwrap.dedent(yaml_text), encoding="utf-8")
        return cardfile._read_cards([path], read_yaml)


def empty_deck(seat: int) -> Deck:
    return Deck(id=f"seat{seat}", name=f"Seat {seat}", starting_characters=(), haven="home",
                power=(), locations=(), items=(), disasters=(), combat=())


class Scene:
    def __init__(self, cards: str = "", seats: int = 1, seed: int = 0,
                 options: Options = Options()):
        self.db = card_db(cards)
        self.game = Game(self.db, [empty_deck(s) for s in range(seats)], options)
        self.st = GameState(self.game, random.Random(seed),
                            [SeatState(turns=1) for _ in range(seats)], phase=MOVE,
                            pending=[PhaseStep()])

    # Cards ------------------------------------------------------------------
    def card(self, card: Card, seat: int = 0) -> int:
        """A new physical card of `card` owned by `seat` (an int is returned as it is)."""
        if isinstance(card, int):
            return card
        cd = self.db[card]
        i = self.game.add_card(cd, seat)
        if cd.type == "item":
            self.st.items_total += 1  # every Item of a scene counts as dealt (R5)
        return i

    def cards(self, cards: Iterable[Card], seat: int = 0) -> list[int]:
        return [self.card(c, seat) for c in cards]

    # The Field ----------------------------------------------------------------
    def location(self, cell, card: Card = "plain", under: Iterable[Card] = (), seat: int = 0,
                 destroyed: bool = False) -> Place:
        """A Location at a cell with a face-down stack (top first); the path follows (R3)."""
        place = Place(self.card(card, seat), "location", seat, tuple(self.cards(under, seat)),
                      destroyed=destroyed)
        self.st.places[cell] = place
        self.st.path = disaster_path(c for c, p in self.st.places.items()
                                     if p.kind == "location")
        return place

    def haven(self, cell, seat: int = 0, stored: Iterable[Card] = ()) -> Place:
        """The seat's Haven (the one of its deck) at a cell, with cards stored in it."""
        place = Place(self.game.sections[seat]["haven"][0], "haven", seat,
                      tuple(self.cards(stored, seat)))
        self.st.places[cell] = place
        self.st.seats[seat].havens.append(cell)
        return place

    def row(self, locations: int) -> None:
        """Plain Locations (1, 0)..(locations, 0) between seat 0's Haven at (0, 0) and
        seat 1's at (locations + 1, 0)."""
        for x in range(1, locations + 1):
            self.location((x, 0))
        self.haven((0, 0))
        self.haven((locations + 1, 0), seat=1)

    def char(self, card: Card, at, seat: int = 0, items: Iterable[Card] = (),
             equipment: Iterable[Card] = (), enhancements: Iterable[Card] = ()) -> int:
        i = self.card(card, seat)
        self.st.add_unit(Unit(i, seat, at, items=self.cards(items, seat),
                              equipment=self.cards(equipment, seat),
                              enhancements=self.cards(enhancements, seat)))
        return i

    def disaster(self, card: Card, at, seat: int = 0, items: Iterable[Card] = (),
                 brought_by: int | None = None) -> int:
        """A Disaster of `seat`'s deck on the Field, brought into play by `brought_by`."""
        i = self.card(card, seat)
        u = arrive(self.st, i, at, seat if brought_by is None else brought_by)
        u.items = self.cards(items, seat)
        return i

    # The seats' piles -------------------------------------------------------
    def hand(self, seat: int, *cards: Card) -> list[int]:
        ids = self.cards(cards, seat)
        self.st.seats[seat].hand = ids[:]
        return ids

    def draw_pile(self, seat: int, *cards: Card) -> list[int]:
        """The Draw pile; the first card named is drawn first."""
        ids = self.cards(cards, seat)
        self.st.seats[seat].draw = ids[::-1]  # the engine's piles have their top last
        return ids

    def combat_pile(self, seat: int, *cards: Card) -> list[int]:
        """The Combat pile; the first card named is drawn first."""
        ids = self.cards(cards, seat)
        self.st.seats[seat].combat = ids[::-1]
        return ids

    def turn(self, phase: str, seat: int = 0) -> Scene:
        self.st.phase = phase
        self.st.turn_seat = seat
        return self

    # Acting -------------------------------------------------------------------
    def do(self, *actions: Action) -> list[Event]:
        """Apply actions with the checked `apply`; all their events."""
        out: list[Event] = []
        for a in actions:
            out += apply(self.st, a)
        return out

    def refused(self, action: Action, match: str | None = None) -> str:
        """The action is an IllegalAction with a reason, and the state is unchanged."""
        before = snapshot(self.st)
        with pytest.raises(IllegalAction) as err:
            apply(self.st, action)
        reason = str(err.value)
        assert reason, "an IllegalAction must give a reason"
        if match is not None:
            assert match.lower() in reason.lower(), reason
        assert snapshot(self.st) == before, "a refused action changed the state"
        return reason

    def legal(self) -> list[Action]:
        return legal_actions(self.st)

    def until(self, phase: str, seat: int = 0, limit: int = 50) -> list[Event]:
        """End phases until `seat`'s `phase` (of the next turn if already there)."""
        out = self.do(EndPhase())
        for _ in range(limit):
            if (self.st.phase, self.st.turn_seat) == (phase, seat) or self.st.combat:
                return out
            out += self.do(EndPhase())
        raise AssertionError(f"{phase} of seat {seat} not reached")

    def unit(self, i: int) -> Unit:
        return self.st.units[i]


def of(events: Iterable[Event], kind: type[Event]) -> list[dict]:
    """The public part of the events of one kind, in order."""
    return [e.public for e in events if isinstance(e, kind)]
