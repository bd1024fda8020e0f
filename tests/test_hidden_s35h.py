"""Hidden information (R16), the s35h pass: the cards hidden from every seat while the
Field is set up, and the three-seat table, by the views' difference (test_views.py): two
states that differ only in what a seat cannot see must give it the same view and, when
it is to act, the same legal actions. test_views shuffles the hands, piles and stacks
of 1, 2 and 4 seats once the game is under way; the piles of the set-up (the Locations
still to place, the Disasters and Items still to deal) and three seats were not
checked."""
from __future__ import annotations

import random
from dataclasses import fields

import pytest

from game.cli import load_games
from game.engine import GameState, apply_unchecked, legal_actions, view
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.state import SETUP
from test_views import shuffle_hidden

from conftest import choose  # noqa: E402  (tests/ is on sys.path)


def differs(a, b) -> list[str]:
    return [f.name for f in fields(a) if getattr(a, f.name) != getattr(b, f.name)]


def reorder_setup_piles(st: GameState, rng: random.Random) -> GameState:
    """A clone of `st` with every set-up pile in another order: each seat's Locations
    still to place but the one turned over to be placed ("Turn over, and place the
    first": Setting Up the Field), its Disasters and its Items still to deal (dealt
    from the top of a shuffled pile, unseen: R17), its unused Items (R5)."""
    c = st.clone()
    top = c.pending[-1] if c.pending else None
    for i, s in enumerate(c.seats):
        turned = top is not None and top.kind == "placement" and top.seat == i
        unseen = s.to_place[:len(s.to_place) - turned]
        rng.shuffle(unseen)
        s.to_place[:len(unseen)] = unseen
        for pile in (s.disasters_to_deal, s.items_to_deal, s.unused):
            rng.shuffle(pile)
    return c


def same_for(st: GameState, other: GameState, seat: int, where: str) -> None:
    assert view(other, seat) == view(st, seat), (
        f"{where}: seat {seat}'s view depends on a hidden order: "
        f"{differs(view(other, seat), view(st, seat))}")
    if st.current_seat() == seat:
        assert legal_actions(other) == legal_actions(st), (
            f"{where}: seat {seat}'s legal actions depend on a hidden order")


@pytest.mark.parametrize("level,seats", [("quick_demo", 2), ("all_decks", 3),
                                         ("four_players", 4)])
def test_the_set_up_piles_order_changes_no_view_r16_r17(level, seats):
    """Setting Up the Field, every action: the order of the piles still to place and
    to deal (nobody sees it, the dealer neither: R17) changes no seat's view, nor the
    choices of the seat that places or deals."""
    game = load_games(DEFAULT_LEVELS_DIR / f"{level}.yaml", seats)[0]
    checked = moved = 0
    for seed in range(2):
        st, rng = game.new_state(seed), random.Random(seed)
        while st.result is None and st.phase == SETUP:
            other = reorder_setup_piles(st, random.Random(st.actions))
            moved += any((a.to_place, a.disasters_to_deal, a.items_to_deal) !=
                         (b.to_place, b.disasters_to_deal, b.items_to_deal)
                         for a, b in zip(st.seats, other.seats))
            for seat in range(seats):
                same_for(st, other, seat, f"{level}, seed {seed}, action {st.actions}")
                checked += 1
            apply_unchecked(st, choose(rng, legal_actions(st), 0.7))
    assert checked > 40 * seats and moved > 20  # the orders really were changed


@pytest.mark.parametrize("level", ["all_decks", "mirror"])
def test_a_three_seat_view_is_the_same_whatever_its_hidden_cards_r16(level):
    """At three seats, mid-game (a seat neither first nor last): the hidden cards dealt
    again (test_views.shuffle_hidden) change no seat's view, nor the choices of the
    seat to act."""
    game = load_games(DEFAULT_LEVELS_DIR / f"{level}.yaml", 3)[0]
    checked = 0
    for seed in range(2):
        st, rng = game.new_state(seed), random.Random(seed)
        while st.result is None and st.actions < 600:
            apply_unchecked(st, choose(rng, legal_actions(st), 0.7))
            if rng.random() < 0.04:
                for seat in range(3):
                    other = shuffle_hidden(st, seat, random.Random(st.actions))
                    same_for(st, other, seat, f"{level}, seed {seed}, action {st.actions}")
                    checked += 1
    assert checked > 30
