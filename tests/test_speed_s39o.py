"""The at-any-time listings (anytime.py, special.py, effects.choices) made quicker for
issue 16 give what the rules as written give, for every seat, in the same order."""
from __future__ import annotations

import itertools

import pytest

from game.cli import load_games
from game.engine import anytime, effects, special
from game.engine.actions import Drop, PickUp, PlayCard, Transfer, UseCard, UseEquipment
from game.engine.cards import Target
from game.engine.memo import reading
from conftest import ROOT
from test_speed_caches import random_states, reference_uses


def reference_choices(st, seat, where, target) -> list[int]:
    """Card-format Targets, read from every unit on the Field by card id: a Disaster or
    a Character, whose player (you, an opponent, any: a Disaster is nobody's), where
    (anywhere, here, in its own player's Haven: never a Disaster)."""
    whose = {"you": lambda u: u.owner == seat, "opponent": lambda u: u.owner != seat,
             "any": lambda u: True}[target.owner]
    at = {"anywhere": lambda u: True,
          "here": lambda u: where is not None and u.pos == where,
          "haven": lambda u: not u.disaster and u.pos in st.seats[u.owner].havens}[target.at]
    kind = target.select == "disaster"
    return sorted(u.card for u in st.units.values()
                  if u.disaster == kind and (u.disaster or whose(u)) and at(u))


SELECTORS = [Target(select, owner, at) for select, owner, at in itertools.product(
    ("character", "disaster"), ("you", "opponent", "any"), ("anywhere", "here", "haven"))]


@pytest.mark.parametrize("level,seats", [("standard_2p", 2), ("four_players", 4)])
def test_targets_of_your_characters_are_read_from_yours_card_format_targets(level, seats):
    """Card-format Targets: the units a selector allows (one of your Characters, read
    from your own Characters alone; the others from every unit) are those every unit
    filtered gives, in card order, for each seat, at the Combat's cell and elsewhere."""
    game = load_games(ROOT / "levels" / f"{level}.yaml", seats)[0]
    asked = found = 0
    for st in random_states(game, seed=7, every=2, limit=600):
        cells = {None, st.fight_cell, *(u.pos for u in st.units.values())}
        with reading(st):
            for seat, where, target in itertools.product(range(seats), cells, SELECTORS):
                want = reference_choices(st, seat, where, target)
                assert effects.choices(st, seat, where, target) == want
                asked += 1
                found += len(want)
    assert asked > 1000 and found > 1000


@pytest.mark.parametrize("level,seats", [("standard_2p", 2), ("four_players", 4)])
def test_uses_offered_to_every_seat_in_any_turn_are_exact_basic_terms_uses(level, seats):
    """Basic Terms, Uses, and "Use in your Turn" (a `phase` condition is of its
    controller's own Turn): the uses listed for each seat, whether it is the seat whose
    Turn it is or not, are those every effect asked in full gives."""
    game = load_games(ROOT / "levels" / f"{level}.yaml", seats)[0]
    offered = others = 0
    for st in random_states(game, seed=8, every=2, limit=700):
        for seat, fast in itertools.product(range(seats), (False, True)):
            with reading(st):
                want = reference_uses(st, seat, fast)
                assert special.candidates(st, seat, fast) == want
            offered += len(want)
            others += len(want) if seat != st.turn_seat else 0
    assert offered > 100 and others > 10


def test_at_any_time_actions_are_their_exact_kinds_guideline_2_7():
    """Rules for Flash Effects and guideline 2.7: a Flash Effect played, a card used and
    an Item picked up, dropped or handed over are taken at any time (anytime.owns);
    another card played (an Enhancement) and what a decision lists are not."""
    game = load_games(ROOT / "levels" / "standard_2p.yaml", 2)[0]
    st = game.new_state(1)
    flash = min(game.by_type["flash_effect"])
    enhancement = min(game.by_type["enhancement"])
    owned = [PlayCard(flash, 3), UseCard(4, 0, None), UseEquipment(5, 6), PickUp(5, 6),
             Drop(5, 6), Transfer(5, 6, 7)]
    assert all(anytime.owns(st, a) for a in owned)
    assert not anytime.owns(st, PlayCard(enhancement, 3))
    assert not anytime.owns(st, PlayCard(len(game.instances), 3))  # no such card
    kinds = set()
    for s in random_states(game, seed=9, every=1, limit=800):
        top = s.pending[-1]
        with reading(s):
            own = top.options(s, False) + top.closing(s)
            meanwhile = anytime.offer(s, top.chooser(s), top.anytime(s))
        assert not any(anytime.owns(s, a) for a in own)
        assert all(anytime.owns(s, a) for a in meanwhile)
        kinds |= {type(a) for a in own + meanwhile}
    assert {PlayCard, UseCard, Drop, Transfer} <= kinds
