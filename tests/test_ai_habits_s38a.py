"""Sensible play (issue 16): no shuttling between the same cells without a reason the
evaluation can name, where both legs are the search's own (docs/ai.md, the quick
demo's seed 1: all four walked out of the Haven, then the search walked Akiko alone
back in and on, where the rules walk her there in one move). Where the seat's
Characters stood when its Move phase began is public (`GameState.move_start`, in
every view); `policy.shortlist` leaves out a Move walking any of them back there
unless the rules take it first. Built scenes, after tests/test_ai_habits_s37t.py's."""
from __future__ import annotations

import random

import pytest
from scene import Scene
from test_ai_habits import decide, deck_lists
from test_ai_habits_s37t import SPLITS, row

from game.ai.hard import WIDTH
from game.ai.policy import Scorer, _walks_back, shortlist
from game.engine import legal_actions, view
from game.engine.actions import EndPhase, Move, Transfer
from game.engine.state import EQUIP, MOVE
from game.engine.worlds import sample_world

START, OUT, LONE = (1, 0), (2, 0), (0, 0)

# Seat 0's group, and the Location with three Idols three cells off that its others
# (all but the Sprinter) meet the requirements of.
GROUPS = {"a sprinter and two brutes": (("sprinter", "brute", "brute"), "den"),
          "a sprinter and a climber": (("sprinter", "climber"), "crag")}


def _walked_out(group: str) -> tuple[Scene, int]:
    """Seat 0's `group` at (1, 0) when its Move phase begins (the Equip phase ended),
    a Location with an Idol at (0, 0) that anyone may Scavenge, and one with three
    Idols at (4, 0) that only the others meet. The whole group has walked one cell on,
    to (2, 0): the Sprinter (Movement 5, 4 left) is now two cells from her Idol, and
    one from where she began this phase. Seat 0's Move phase; the Sprinter."""
    cards, far = GROUPS[group]
    sc = Scene(SPLITS, seats=2)
    row(sc)
    sc.location((4, 0), far, under=["idol"] * 3)
    sc.location(LONE, under=["idol"])
    chars = [sc.char(card, START) for card in cards]
    deck_lists(sc).turn(EQUIP)
    sc.do(EndPhase(), Move(tuple(chars), OUT))
    assert sc.st.phase == MOVE
    return sc, chars[0]


def _back(a, sprinter: int) -> bool:
    return isinstance(a, Move) and sprinter in a.chars and a.cell == START


def test_the_move_phase_s_start_is_public_in_every_view():
    """Where the turn seat's Characters stood when its Move phase began: every seat's
    view shows it (every player saw them stand there), and so does every world an AI
    samples from its view."""
    sc, sprinter = _walked_out("a sprinter and a climber")
    st = sc.st
    start = dict(st.move_start)
    assert start[sprinter] == START and st.units[sprinter].pos == OUT
    assert set(start) == {u.card for u in st.units.values() if u.owner == 0}
    for seat in range(2):
        v = view(st, seat)
        assert v.move_start == st.move_start
        assert sample_world(st.game, v, random.Random(seat)).move_start == st.move_start


@pytest.mark.parametrize("group", GROUPS)
def test_no_walk_back_to_where_the_move_phase_began_is_searched(group):
    """Issue 16, no shuttling: the search's own legs made a walk there and back (quick
    demo, seed 1). The rules like best the Sprinter straight to her Idol (two cells);
    one cell back, to where she began this phase with nothing done, they score lower
    but above nothing (nearer her Idol), so it was among the search's six, where the
    playouts, which never read where she began, could pick it: a player sees her step
    out with the group and back alone. Read from the seat's view, as hard and normal
    read it, the shortlist leaves it out, and neither level takes it (their playouts
    turned it down here before too: the shortlist is what the guard changes)."""
    sc, sprinter = _walked_out(group)
    st = sc.st
    legal = legal_actions(st)
    scores = Scorer(st).scores(legal)
    back = [i for i, a in enumerate(legal) if _back(a, sprinter)]
    assert back and max(scores[i] for i in back) > 0 > max(scores[i] for i in back) - max(scores)
    world = sample_world(st.game, view(st, 0), random.Random(0))
    assert not any(_back(legal[i], sprinter) for i in shortlist(world, legal, WIDTH, False))
    for level in ("normal", "hard"):
        for seed in range(3):
            a = decide(level, st, seed)
            assert not _back(a, sprinter), (level, seed, a)


def test_a_walk_back_with_something_done_is_searched():
    """Where something was done since the phase began, the rules name the reason to go
    back: a Scout walked out of her Haven to a Brute who has used his Movement and
    carries an Idol, and took it from him (Transfer); the rules' best is now her walk
    home with it, to where she began the phase. It stays the search's first candidate,
    and hard and normal take it."""
    sc = Scene(SPLITS, seats=2)
    row(sc)
    home = (-1, 0)
    scout = sc.char("scout", home)
    brute = sc.char("brute", (0, 0), items=["idol"])
    deck_lists(sc).turn(EQUIP)
    sc.do(EndPhase())
    sc.st.units[brute].moved = 2
    idol = sc.st.units[brute].items[0]
    sc.do(Move((scout,), (0, 0)), Transfer(idol, brute, scout))
    st = sc.st
    legal = legal_actions(st)
    order = shortlist(st, legal, WIDTH, False)
    assert legal[order[0]] == Move((scout,), home), [str(legal[i]) for i in order]
    for level in ("normal", "hard"):
        assert decide(level, st, 0) == Move((scout,), home), level


def test_the_move_phase_s_start_is_held_through_that_phase_only():
    """`move_start` is the Move phase's: once the phase ends it is empty, in the state and
    in every view (it named the last Move phase's seat through the next seat's phases)."""
    sc, _ = _walked_out("a sprinter and a climber")
    assert sc.st.move_start
    sc.do(EndPhase())
    assert sc.st.phase != MOVE and sc.st.move_start == ()
    assert all(view(sc.st, seat).move_start == () for seat in range(2))


def test_a_character_no_longer_on_the_field_is_not_named_by_the_move_phase_s_start():
    """R16: a Character of `move_start` gone from the Field since (to a hand, or Bonked
    home) is not named to the seats by the view."""
    sc, sprinter = _walked_out("a sprinter and a climber")
    gone = next(c for c, _ in sc.st.move_start if c != sprinter)
    sc.st.take_unit(gone)
    for seat in range(2):
        assert [c for c, _ in view(sc.st, seat).move_start] == [sprinter]


def test_a_mover_that_did_not_walk_out_may_walk_back():
    """Only a walk there and back is left out: a Character the phase's own moves did not
    take out (a Disaster or a Run Away sent her, `moved` 0) goes back for a reason."""
    sc, sprinter = _walked_out("a sprinter and a climber")
    st = sc.st
    start = dict(st.move_start)
    back = next(a for a in legal_actions(st) if _back(a, sprinter) and len(a.chars) == 1)
    assert _walks_back(st, start, back)
    for c in back.chars:
        st.units[c].moved = 0
    assert not _walks_back(st, start, back)
