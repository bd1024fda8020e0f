"""R16 (hidden information), audited s73 against an account of what each seat may know
written from the rulebook (hidden_oracle.py), not from view.py.

Random games of every shipped level at every seat count (the full legal listings),
and after every action: each seat's view names no card outside what it may know,
records included (lasting effects, Off Field, the pending decisions, uses, wear);
its `known` is exactly that; each event's share for each seat, and its JSON line as
`simulate --log-seat` writes it, names no card the seat did not know before or after
the action (a Combat card drawn and a card Discarded or used are turned face up);
the counts are the piles' own. Then the refusal words: found by s73, a refused use of
a card another seat holds said whether that card had a use, and so which card it
was ("has no such use" against "is not one of your cards in play").
"""
from __future__ import annotations

import json
import random
import re

import pytest
from hidden_oracle import event_cards, may_know, view_cards
from scene import Scene

from game.cli import load_games
from game.engine import apply_unchecked, legal_actions, view
from game.engine import actions as A
from game.engine.events import ALL_SEE, CardDiscarded, CardUsed
from game.engine.game import why_not
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.state import MOVE

TABLES = [(p.stem, n) for p in sorted(DEFAULT_LEVELS_DIR.glob("*.yaml"))
          for n in ((1,) if p.stem == "solitaire" else (2, 3, 4))]


def _game(level: str, seats: int):
    try:
        return load_games(DEFAULT_LEVELS_DIR / f"{level}.yaml", seats)[0]
    except Exception:  # a level made for fewer seats
        return None


@pytest.mark.parametrize("level, seats", TABLES)
def test_r16_every_view_share_and_log_line_keeps_to_what_the_rules_let_a_seat_know(
        level, seats):
    game = _game(level, seats)
    if game is None:
        pytest.skip(f"{level} is not played at {seats} seats")
    face_up = {i for i, c in enumerate(game.instances) if c.type == "combat"}
    watchers = [*range(seats), ALL_SEE]
    st = game.new_state(73)
    rng = random.Random(73)
    before = {s: may_know(st, s) for s in watchers}
    while st.result is None and st.actions < 260:
        events = apply_unchecked(st, rng.choice(legal_actions(st)))
        after = {s: may_know(st, s) for s in watchers}
        shown = face_up | {e.card for e in events if isinstance(e, (CardUsed, CardDiscarded))}
        for s in watchers:
            for e in events:
                share = e.for_seat(s)
                told = event_cards(share) - before[s] - after[s] - shown
                assert not told, f"{level}/{seats}, action {st.actions}: seat {s} told {told} by {share}"
                json.dumps(share.to_json())  # what a log of the seat carries, plain data
            v = view(st, s)
            for where, cards in view_cards(v).items():
                assert cards <= after[s], (f"{level}/{seats}, action {st.actions}: seat {s}'s "
                                           f"view names {cards - after[s]} in {where}")
            assert {i for i, _ in v.known} == after[s]
            assert [(i.hand_size, i.draw_size, i.combat_size) for i in v.seats] == \
                [(len(x.hand), len(x.draw), len(x.combat)) for x in st.seats]
        before = after


# Refusals -------------------------------------------------------------------------------
CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: brawler, name: Brawler, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   effects: [{"on": use, do: [{modify: {attack: "+1"}, for: turn}]}]}
- {id: gem, name: Gem, type: item}
- {id: bun, name: Bun, type: item, uses: 1,
   effects: [{"on": use, do: [{modify: {energy: "+2"}, for: turn}]}]}
"""


def _said(st, action, card: int) -> str:
    return re.sub(rf"\bc{card}\b", "cX", why_not(st, action))


def test_r16_a_refused_use_of_a_card_a_seat_cannot_see_does_not_say_what_it_is():
    """R16; Rules for Items ("kept face down until they are used"): seat 0 asks to use
    cards it cannot see, in seat 1's hand (a Character with a use, one without) and
    carried face down by seat 1's Character (an Item with a use, one without). The
    refusal must read the same for both of each pair: once it said "has no such use"
    of the card without one and "is not one of your cards in play" of the other, so
    a seat (a network client) could probe another's hand and Items card by card."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.char("hero", (0, 0))
    hero, brawler = sc.hand(1, "hero", "brawler")
    rival = sc.char("hero", (0, 0), seat=1, items=["gem", "bun"])
    gem, bun = sc.unit(rival).items
    sc.turn(MOVE)
    for plain, usable in ((hero, brawler), (gem, bun)):
        assert plain not in may_know(sc.st, 0) and usable not in may_know(sc.st, 0)
        assert _said(sc.st, A.UseCard(plain, 0, None), plain) == \
            _said(sc.st, A.UseCard(usable, 0, None), usable)
    # Its own cards are still refused for what they are.
    mine, plain = sc.char("brawler", (0, 0)), sc.char("hero", (0, 0))
    assert why_not(sc.st, A.UseCard(mine, 3, None)) == f"c{mine} has no such use"
    assert why_not(sc.st, A.UseCard(plain, 0, None)) == f"c{plain} has no such use"
    assert why_not(sc.st, A.UseCard(10**6, 0, None)) == "c1000000 is not one of your cards in play"
