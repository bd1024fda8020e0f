"""Sensible play (issue 16): no shuttling between the same cells without a reason the
evaluation can name, where the walk there is the search's and the walk back the
rules'. The search's playouts move whole groups only, so none of them sees the rules
walk part of a split group back to those it left; `policy.shortlist` leaves such a
leg out (`policy._taken_back`), which only one whole seeded game pinned
(tests/test_ai_habits_s36.py, quick demo, seed 0). Built scenes here, after
tests/test_ai_habits.py's."""
from __future__ import annotations

import pytest
from scene import Scene
from test_ai_habits import CARDS, decide, deck_lists, field

from game.ai import policy
from game.ai.hard import WIDTH
from game.ai.policy import Scorer, shortlist
from game.engine import apply, legal_actions
from game.engine.actions import Move
from game.engine.state import MOVE

SPLITS = CARDS + """\
- {id: climber, name: Climber, type: character, gender: male, skills: {Climbing: 1},
   abilities: {attack: 4, defense: 4, movement: 2, charm: 0, energy: 1}}
- {id: crag, name: Crag, type: location, requires: {skills: {Climbing: 1}}}
- {id: den, name: Den, type: location, requires: {males: 2}}
"""

# Seat 0's group in its Haven at (-1, 1) and the Location only part of it needs.
GROUPS = {"a climber and two scouts": (("climber", "scout", "scout"), "crag"),
          "two brutes and two scouts": (("brute", "brute", "scout", "scout"), "den")}
FAR, BOWER = (0, 2), (0, 0)  # both one cell from the Haven


def _split(group: str) -> tuple[Scene, set]:
    """Seat 0's `group` in its Haven at (-1, 1), beside a 5 by 3 block of plain
    Locations: a Location with three Idols at (0, 2) that its Climber, or its two
    Brutes, meet the requirements of alone, and a Bower (two females) with one Idol at
    (0, 0) that only its two Scouts together meet. Seat 0's Move phase; its Scouts."""
    cards, far = GROUPS[group]
    sc = Scene(SPLITS, seats=2)
    field(sc)
    sc.location(FAR, far, under=["idol"] * 3)
    sc.location(BOWER, "bower", under=["idol"])
    placed = [(card, sc.char(card, (-1, 1))) for card in cards]
    return deck_lists(sc).turn(MOVE), {i for card, i in placed if card == "scout"}


def _walked_back(a, scouts: set) -> bool:
    """A Move to the far Location taking one Scout of two: the rules then walk her back
    to the other, for the Bower."""
    return isinstance(a, Move) and a.cell == FAR and len(scouts & set(a.chars)) == 1


def row(sc: Scene) -> None:
    """A row of plain Locations (0, 0)..(6, 0), seat 0's Haven at (-1, 0), seat 1's at
    (7, 0)."""
    for x in range(7):
        sc.location((x, 0))
    sc.haven((-1, 0))
    sc.haven((7, 0), seat=1)
    for seat in range(2):
        sc.combat_pile(seat, *["blank"] * 30)


@pytest.mark.parametrize("group", GROUPS)
def test_no_leg_the_rules_walk_partly_back_is_searched(group, monkeypatch):
    """Issue 16, no shuttling: a Climber and two Scouts (or two Brutes and two Scouts)
    in their Haven, a Crag (Climbing; or a Den, two males) with three Idols one cell
    off, a Bower (two females) with one Idol one cell off the other way. The rules
    like best the whole group to the Crag, and next the Climber and one Scout to it
    (the Idols are the same to them): but there she is of no use, and the rules' next
    move walks her back to the Scout left in the Haven, the two of them being the
    Bower's. A player expects the group to go together, or to split by what each part
    can Scavenge, never one Scout to step out and back. Read as is, the search's
    shortlist (hard's width) leaves that leg out, and neither normal nor hard takes
    it; with `_taken_back` saying no, the shortlist holds it (normal's and hard's
    playouts turn it down here even then: the shortlist is what the guard changes)."""
    sc, scouts = _split(group)
    st = sc.st
    legal = legal_actions(st)
    monkeypatch.setattr(policy, "_taken_back", lambda world, a: False)
    legs = [legal[i] for i in shortlist(st, legal, WIDTH, False) if _walked_back(legal[i], scouts)]
    assert legs
    for leg in legs:  # every split listed, the rules' next move walks her back
        best = _rules_next(sc, leg, movers_only=False)
        assert all(isinstance(b, Move) and b.cell == (-1, 1) and set(b.chars) <= scouts
                   for b in best), best
    monkeypatch.undo()
    assert not any(_walked_back(legal[i], scouts) for i in shortlist(st, legal, WIDTH, False))
    for level in ("normal", "hard"):
        for seed in range(3):
            a = decide(level, st, seed)
            assert not _walked_back(a, scouts), (level, seed, a)


# Where the rules would rather walk those left behind on than the movers back --------

def _row_to_the_bower() -> tuple[Scene, Move, int]:
    """A row of plain Locations (0, 0)..(6, 0), seat 0's Haven at (-1, 0) with its
    Climber (Movement 2) and two Sprinters (Movement 5) in it, seat 1's at (7, 0); a
    Bower (two females) two cells off at (1, 0) with an Idol and six Ogres face down
    under it (an Idol the rules weigh less for the other backs), a Crag (Climbing) with
    an Idol three cells beyond it. The leg: the Climber and one Sprinter to the Bower;
    the other Sprinter, left behind."""
    sc = Scene(SPLITS, seats=2)
    row(sc)
    sc.location((1, 0), "bower", under=["idol"] + ["ogre"] * 6)
    sc.location((4, 0), "crag", under=["idol"])
    climber, sprinter, left = (sc.char(card, (-1, 0)) for card in
                               ("climber", "sprinter", "sprinter"))
    return deck_lists(sc).turn(MOVE), Move((climber, sprinter), (1, 0)), left


def _left_on_their_own_way() -> tuple[Scene, Move, int]:
    """The 5 by 3 block, seat 0's two Brutes and two Climbers at (0, 1), a Den (two
    males) with an Idol next to them at (0, 0), a Crag (Climbing) with two Idols at
    (3, 2). The leg: the Brutes and one Climber to the Den; the other Climber, left."""
    sc = Scene(SPLITS, seats=2)
    field(sc)
    sc.location((0, 0), "den", under=["idol"])
    sc.location((3, 2), "crag", under=["idol"] * 2)
    brutes = [sc.char("brute", (0, 1)) for _ in range(2)]
    climber, left = sc.char("climber", (0, 1)), sc.char("climber", (0, 1))
    return deck_lists(sc).turn(MOVE), Move((*brutes, climber), (0, 0)), left


LEFT_BEHIND = {"joins the movers": _row_to_the_bower,
               "goes its own way": _left_on_their_own_way}


def _rules_next(sc: Scene, leg: Move, movers_only: bool) -> list:
    """The rules' best next actions once the leg is walked: of every action (as
    `_taken_back` reads them), or of the movers' moves and the non-moves alone."""
    after = sc.st.clone()
    apply(after, leg)
    legal = [b for b in legal_actions(after) if not movers_only
             or not isinstance(b, Move) or set(b.chars) <= set(leg.chars)]
    scores = Scorer(after).scores(legal)
    return [b for b, s in zip(legal, scores) if s >= max(scores) - 1e-9]


@pytest.mark.parametrize("case", LEFT_BEHIND)
def test_the_rules_walk_the_one_left_behind_on_not_the_movers_back(case):
    """The scenes below: once the leg is walked, the rules' best next move (every
    split listed) walks the Character left behind, to the movers (the Sprinter, to the
    Bower where she and the other Sprinter meet its requirements) or on to its own
    Location (the Climber, to the Crag); nobody is walked back. Read from the movers'
    moves alone, as `_taken_back` read them before, the Climber's leg is a walk back to
    the Haven's cell. (So was the Sprinter's, until the Bower was read with the seat's
    Characters standing on it, s51: the Sprinter left behind has it for a target, and
    the movers' walk back gains nothing.)"""
    sc, leg, left = LEFT_BEHIND[case]()
    here = sc.st.units[left].pos
    best = _rules_next(sc, leg, movers_only=False)
    assert best and all(isinstance(b, Move) and b.chars == (left,) for b in best), best
    assert all(b.cell == leg.cell for b in best) == (case == "joins the movers"), best
    movers_back = any(isinstance(b, Move) and b.cell == here
                      for b in _rules_next(sc, leg, True))
    assert movers_back == (case == "goes its own way")


@pytest.mark.parametrize("case", LEFT_BEHIND)
def test_a_leg_the_rules_do_not_walk_back_is_searched(case):
    """Issue 16's shuttling is a walk there and back; a leg after which the rules walk
    the one left behind on (the two scenes above) is no shuttle. A player expects the
    search to weigh it like the rules' other good legs: it is among the rules' best
    six (hard's width), and `shortlist` keeps it (`_taken_back` reads every action
    after the leg; reading only the movers' moves and the non-moves, it dropped it)."""
    sc, leg, _ = LEFT_BEHIND[case]()
    st = sc.st
    legal = legal_actions(st)
    assert leg in legal
    assert legal.index(leg) in shortlist(st, legal, WIDTH, False)
