"""Hidden information (R16), the s38e pass: three- and four-seat games, random and AI,
checked against what each seat may know by the rules, worked out here from where the
cards are (not from game/engine/view.py, the code under test).

What a seat may know, by the books:
- every card face up on the table: the Locations and Havens placed, the Characters and
  Disasters on the Field with their Equipment and Enhancements, Off Field cards, Flash
  Effects played, every discard pile (Combat cards are turned over as they are drawn,
  and go to the Combat discard: Rules for Combat), Bonked Characters set aside, an
  extra Haven being built or still to place, Equipment lying under a Location or in a
  Haven (it was in play, face up), Destroyed cards that were face up;
- the Location turned over to be placed ("Shuffle your Locations. Turn over, and
  place the first": Setting Up the Field);
- its own hand and its own other forms of transforming Characters;
- the Items its own Characters carry ("Item cards are kept face down until they are
  used": Rules for Items), and what is stored in its own Haven or in one where a
  Character of its stands (free access: Rules for Havens);
- an Item once it is used: its use turns it over for all.
Nothing else: not the decks' order, not the face-down cards under a Location (their
dealer neither), not another seat's hand, draws or carried Items. Once known, a card
stays known (a seat remembers it).

Each seat's share of every event (Event.for_seat), `simulate --log --log-seat`'s lines,
each view's cards and its repr, and the window's log words are checked against it."""
from __future__ import annotations

import functools
import io
import json
import re

import pytest

from game import simulate as sim
from game.ai import make_agent
from game.cli import load_games
from game.engine import view
from game.engine.events import ALL_SEE, CardUsed, CharmContest, CombatCard
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.state import GameState
from game.match import Match, derived_keys
from game.ui.table.words import event_text
from test_hidden_information import cards_in

FOUR = DEFAULT_LEVELS_DIR / "four_players.yaml"


def may_see(st: GameState, seat: int) -> set[int]:
    """The cards `seat` may see in this state, by the rules above (ALL_SEE: what every
    seat sees)."""
    g = st.game
    out: set[int] = set()
    top = st.pending[-1] if st.pending else None
    for i, s in enumerate(st.seats):
        out.update(s.discard, s.combat_discard, s.haven_to_place)
        out.update(c for c, _ in s.set_aside)
        if top is not None and top.kind == "placement" and top.seat == i and s.to_place:
            out.add(s.to_place[-1])  # turned over to be placed
        if i == seat:
            out.update(s.hand, s.forms)
    standing = {u.pos for u in st.units.values() if u.owner == seat and not u.disaster}
    for cell, p in st.places.items():
        out.add(p.card)
        out.update(c for c in (*p.under, *p.buried) if g.card(c).type == "equipment")
        if p.kind == "haven" and (p.owner == seat or cell in standing):
            out.update(p.under)
    for u in st.units.values():
        out.add(u.card)
        out.update(u.equipment, u.enhancements)
        if u.owner == seat and not u.disaster:
            out.update(u.items)
    out.update(o.card for o in st.off_field)
    out.update(b.card for b in st.building)
    out.update(e.card for e in st.flash_stack)
    out.update(c for c in st.destroyed if g.card(c).type != "item")
    return out


class Knowledge:
    """What each seat (and ALL_SEE) has been able to know so far."""

    def __init__(self, st: GameState):
        self.game = st.game
        self.seats = (*range(len(st.seats)), ALL_SEE)
        self.known = {s: set() for s in self.seats}
        self.see(st)

    def see(self, st: GameState) -> None:
        for s in self.seats:
            self.known[s] |= may_see(st, s)

    def told(self, events) -> None:
        """An Item used is turned over for all (Rules for Items); a Combat card drawn
        is turned over as it is drawn (one may be shuffled back into its pile within
        the same action, when the pile ran out: R7)."""
        for e in events:
            shown: set[int] = set()
            if isinstance(e, CardUsed) and e.card in self.known[e.seat]:
                shown.add(e.card)
            if isinstance(e, CombatCard):
                shown.add(e.card)
            if isinstance(e, CharmContest):
                shown.update(c for c in e.cards if c is not None
                             and self.game.card(c).type == "combat")
            for s in self.seats:
                self.known[s] |= shown


@functools.lru_cache(maxsize=None)
def _names(g, count: int) -> tuple[tuple[str, ...], dict[str, str]]:
    """Each instance's card id, and each card id's name: read once a game of `count`
    instances (asked for every seat after every action; a scene may add cards)."""
    return tuple(c.id for c in g.instances), {c.id: c.name for c in g.instances}


def hidden_words(st: GameState, known: set[int]) -> tuple[list[str], set[str]]:
    """The names and card ids of the cards hidden from a seat that no card it knows
    shares (the deck lists are public, so a name alone is no leak)."""
    g = st.game
    ids, name = _names(g, len(g.instances))
    seen = {ids[i] for i in known}
    hidden = {ids[i] for i in range(len(ids)) if i not in known} - seen
    names = {name[c] for c in hidden} - {name[c] for c in seen}
    return [n for n in names if len(n) > 3], hidden


def says(words: str, names: list[str]) -> list[str]:
    """The names `words` holds as words of their own."""
    return [n for n in names if n in words and re.search(rf"\b{re.escape(n)}\b", words)]


def check_step(st: GameState, k: Knowledge, events, where: str) -> int:
    """Every seat's share of `events`, its view, its view's repr and its log words."""
    k.told(events)
    k.see(st)
    g = st.game
    checked = 0
    for s in k.seats:
        known = k.known[s]
        names, hidden_ids = hidden_words(st, known)
        for e in events:
            share = e.for_seat(s)
            leaked = cards_in(share) - known
            assert not leaked, f"{where}: seat {s} is told {sorted(leaked)} by {share}"
            words = event_text(share, lambda c: g.card(c).name if isinstance(c, int) and
                               0 <= c < len(g.instances) else str(c), str,
                               card_of=g.card)[0]
            assert not says(words, names), f"{where}: seat {s} reads {words!r}"
            checked += 1
        if s == ALL_SEE:
            continue
        v = view(st, s)
        shown = {i for i, _ in v.known}
        assert shown <= known, f"{where}: seat {s}'s view shows {sorted(shown - known)}"
        cards = {*(x.source for x in v.lasting), *(x.unit for x in v.lasting),
                 *(o.card for o in v.off_field), *(b.card for b in v.building),
                 *v.destroyed, *(c for c, _ in v.wear), *(b[3] for b in v.barred),
                 *(k[0] for k, _ in v.uses), *(k[0] for k, _ in v.used_in),
                 *(c for c, _ in v.move_start)}
        cards.discard(-1)
        assert cards <= known, f"{where}: seat {s}'s view names {sorted(cards - known)}"
        named = set(re.findall(r"'([a-z0-9][a-z0-9-]*)'", repr(v))) & hidden_ids
        assert not named, f"{where}: seat {s}'s view's repr names {sorted(named)}"
    return checked


def play_checked(seats: int, levels: list[str], seed: int, cap: int) -> int:
    game = load_games(FOUR, seats)[0]
    agents = [make_agent(lv) for lv in levels]
    match = Match.new(game, seed, agents, derived_keys(seats, "s38e", seed))
    k = Knowledge(match.state)
    checked = 0
    while not match.over and match.state.actions < cap:
        q = match.question()
        for a in q.legal:  # what it is offered names only what it may know
            assert cards_in(a) <= k.known[q.seat], f"seat {q.seat} is offered {a}"
        action = agents[q.seat].choose(q.view, q.legal, q.rng)
        events = match.answer(q, action)
        checked += check_step(match.state, k, events, f"seed {seed} action {match.state.actions}")
    return checked


@pytest.mark.parametrize("seats,seed", [(3, 1), (4, 3)])
def test_r16_random_tables_of_three_and_four_tell_each_seat_only_its_share(seats, seed):
    """R16 at three and four seats, random seats: every share of every event, every
    view, and the window's words of every share."""
    assert play_checked(seats, ["random"] * seats, seed, 800) > 1000


@pytest.mark.parametrize("seats,seed", [(3, 5), (4, 6)])
def test_r16_ai_tables_of_three_and_four_tell_each_seat_only_its_share(seats, seed):
    """R16 with the AI's levels at the table (their games reach other corners: Combat
    between players, Charm, Items used)."""
    levels = ["easy", "normal", "random", "easy"][:seats]
    assert play_checked(seats, levels, seed, 300) > 300


@pytest.mark.parametrize("log_seat", [0, 2])
def test_r16_simulate_log_seat_writes_the_seats_share_and_nothing_more(log_seat,
                                                                     monkeypatch):
    """`simulate --log --log-seat N`: each line is seat N's share of an event, and
    names no card seat N may not know."""
    game = load_games(FOUR, 3)[0]
    told: list = []
    answer = Match.answer

    def watched(self, q, action, by=None):
        if not hasattr(self, "_k"):
            self._k = Knowledge(self.state)
        events = answer(self, q, action, by)
        self._k.told(events)
        self._k.see(self.state)
        told.extend((e, set(self._k.known[log_seat])) for e in events)
        return events
    monkeypatch.setattr(Match, "answer", watched)
    monkeypatch.setattr(sim, "ACTION_CAP", 600)
    log = io.StringIO()
    sim.play_game(game, ["random"] * 3, 0, 7, log, log_seat=log_seat)
    lines = [json.loads(x) for x in log.getvalue().splitlines()][1:]  # after the setup line
    assert len(lines) == len(told) > 100
    for line, (e, known) in zip(lines, told):
        share = e.for_seat(log_seat)
        assert line == {"game": 0, **json.loads(json.dumps(share.to_json()))}, line
        assert cards_in(share) <= known, line
