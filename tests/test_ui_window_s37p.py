"""Hidden information at a Flash Effect's hand-offs (helper s37p): b73803a passed, without
calling them to the screen, the people asked to answer a Flash Effect who held nothing
that may answer it, so everyone at the screen saw which seats were called (they held a
Flash Effect that may answer) and which were not. Only what every seat sees may decide
it now, and the curtain offers "Pass without looking" to every person it calls."""
from __future__ import annotations

import pygame
import pytest

import test_ui_table
from game.engine import actions as A
from game.engine.events import Passed
from game.engine.flash import FlashWindow
from test_ui_table import click, key, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

# A Global Effect used as fast as a Flash Effect, paid in Energy by the Character it
# targets; an Item held face down that adds to that Energy.
FAST = """
- id: drill
  name: Drill
  type: global_effect
  effects:
    - {"on": use, target: {select: character, owner: you}, cost: {energy: 3},
       do: [{modify: {attack: "+1"}, to: target, for: turn}]}
- id: gong
  name: Gong
  type: global_effect
  effects:
    - {"on": use, if: {phase: scavenge},
       do: [{modify: {attack: "+1"}, to: yours, for: turn}]}
- id: battery
  name: Battery
  type: item
  effects:
    - {"on": static, do: [{modify: {energy: "+1"}, to: holder}]}
"""


def zapped(hands: dict[int, tuple[str, ...]], item: str = "ring", drill: bool = False,
           gong: bool = False):
    """Four seats: seat 0 has challenged seat 1's Hero (Combat between players, Charm
    Combat first, R33) and is to play Zap, a Flash Effect, on its own Hero. Seats 1 to 3
    hold `hands`; seat 3's Hero carries `item` face down and, `drill`, seat 3 has the
    Drill in play, `gong` the Gong."""
    from scene import Scene
    from test_rules_timing import CARDS
    from game.engine.state import MOVE, OffField
    sc = Scene(CARDS + FAST, seats=4)
    sc.location((0, 0))
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0))
    sc.char("hero", (0, 0), seat=1)
    sc.char("hero", (1, 0), seat=2)
    sc.char("hero", (1, 0), seat=3, items=[item])
    if drill:
        sc.st.off_field.append(OffField(sc.card("drill", 3), 3))
    if gong:
        sc.st.off_field.append(OffField(sc.card("gong", 3), 3))
    zap, _ = sc.hand(0, "zap", "star")
    for seat, cards in hands.items():
        sc.hand(seat, *cards)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    return sc, hero, zap


def wait(app, seconds: float = 1.0) -> None:
    """Frames for `seconds`: past HANDOFF_GUARD, as a person comes to the screen."""
    for _ in range(round(seconds / 0.05)):
        app.step([], 0.05)


def called(make_app, sc, hero, zap) -> tuple[list[tuple[int, str, bytes]], list[int]]:
    """Seat 0 plays Zap on its Hero; each person called takes the seat and passes from
    the table. Each curtain as drawn (whose, its reason, its pixels), and the seats the
    log says passed."""
    s = scene_session(sc, ["human"] * 4)
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
    s.act(A.PlayCard(zap, hero))
    out = []
    while s.handoff() is not None:
        wait(app)
        seat = s.handoff()
        assert t.shown == []
        out.append((seat, t.curtain_words(seat)[0], pygame.image.tobytes(app.screen, "RGB")))
        key(app, pygame.K_SPACE)
        assert s.viewer == seat and s.handoff() is None
        if isinstance(s.state.top, FlashWindow):
            s.act(A.Pass())
    app.quit()
    return out, [e.seat for e in s.log if isinstance(e, Passed)]


@pytest.mark.parametrize("answer", [2, 3])
def test_hidden_information_who_is_called_to_answer_a_flash_effect_is_not_told_by_the_hand(
        make_app, answer):
    """Rules for Flash Effects: each other player in turn may answer. b73803a passed for
    a person away from the screen whose hand held nothing that may answer, uncalled:
    the people at the screen saw who held a playable Flash Effect. Two deals of the same
    public state, one seat's two cards a Star and a Zap that may answer or two Stars:
    the same people are called, to the same curtains, drawn pixel for pixel alike."""
    def deal(answering: bool):
        hands = {seat: ("star", "star") for seat in (1, 2, 3)}
        if answering:
            hands[answer] = ("star", "zap")
        return called(make_app, *zapped(hands))
    (with_zap, passed), (without, _) = deal(True), deal(False)
    assert [c[:2] for c in with_zap] == [c[:2] for c in without]
    assert passed == [1, 2, 3]
    assert [c[0] for c in with_zap] == [1, 2, 3, 0]
    assert with_zap[0][1] == ("Player 1's Move phase, Combat between Player 1 and Player 2: "
                              "Player 1 played Zap on Hero (P1). Player 2, you may respond")
    assert [c[2] for c in with_zap] == [c[2] for c in without]


@pytest.mark.parametrize("item", ["ring", "battery"])
def test_hidden_information_an_empty_hand_without_a_fast_use_is_passed_for(make_app, item):
    """Flash Effects come from the hand, and the uses as fast as one (a Global Effect's,
    a Haven's: guideline 3.1) of cards in play every seat sees: a person whose hand is
    empty and who has no such use has nothing to answer with, as everyone can tell, and
    is passed for without being called (seat 2; the log says they passed). Seat 3's
    hand is empty too, but its Drill's use is paid in Energy by its Hero, who carries an
    Item face down: a Battery pays it, a Ring does not, and only seat 3 knows which.
    It is called whichever it is."""
    sc, hero, zap = zapped({1: ("star",), 2: (), 3: ()}, item, drill=True)
    out, passed = called(make_app, sc, hero, zap)
    assert [seat for seat, *_ in out] == [1, 3, 0] and passed == [1, 2, 3]


def test_hidden_information_an_empty_hand_with_a_free_use_that_cannot_be_made_is_called(make_app):
    """Seat 3's hand is empty and its Gong's use (no cost) cannot be made now (only in the
    Scavenge phase). The window does not tell a public reason from a hidden one (a skill
    a face-down Item grants, for a card's `skill` condition), so any card with a use
    calls its person (the review of s37p: such a seat was passed for)."""
    sc, hero, zap = zapped({1: ("star",), 2: (), 3: ()}, gong=True)
    assert sc.st.seats[3].hand == []
    out, passed = called(make_app, sc, hero, zap)
    assert [seat for seat, *_ in out] == [1, 3, 0] and passed == [1, 2, 3]


def test_hidden_information_pass_without_looking_passes_and_shows_no_card(make_app):
    """The curtain calling a person to answer a Flash Effect offers "Pass without looking
    (P)" beside "I am Player 2 (Space)", whatever their hand holds: it sends Pass for them
    and no card of theirs is drawn. Not within HANDOFF_GUARD of the last action (a
    double press would pass for the next person too). The game goes on as after a Pass
    made at the table: the next person's curtain, then, the stack resolved, the curtain
    for the player whose Combat it is (the person still at the screen is not them)."""
    sc, hero, zap = zapped({1: ("star", "zap"), 2: ("star",), 3: ("star", "star")})
    hands = {seat: set(sc.st.seats[seat].hand) for seat in (1, 2, 3)}
    s = scene_session(sc, ["human"] * 4)
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
    assert t.send(A.PlayCard(zap, hero))  # as played at the table: the guard counts from it
    app.step([], 0.05)
    assert s.handoff() == 1 and t.curtain_pass is not None
    key(app, pygame.K_p)  # at once: the guard
    assert not [e for e in s.log if isinstance(e, Passed)]
    drawn: set[int] = set()
    for _ in range(20):
        app.step([], 0.05)
        drawn |= set(t.shown)
    key(app, pygame.K_p)
    assert [e.seat for e in s.log if isinstance(e, Passed)] == [1]
    assert s.handoff() == 2 and t.curtain_pass is not None
    key(app, pygame.K_p)  # the same press again: the guard holds for the next person
    assert [e.seat for e in s.log if isinstance(e, Passed)] == [1]
    for _ in range(20):
        app.step([], 0.05)
        drawn |= set(t.shown)
    click(app, t.curtain_pass.center)
    assert [e.seat for e in s.log if isinstance(e, Passed)] == [1, 2]
    for _ in range(20):
        app.step([], 0.05)
        drawn |= set(t.shown)
    assert s.handoff() == 3
    key(app, pygame.K_p)
    for _ in range(20):
        app.step([], 0.05)
        drawn |= set(t.shown)
    assert [e.seat for e in s.log if isinstance(e, Passed)] == [1, 2, 3]
    assert not isinstance(s.state.top, FlashWindow)  # Zap resolved
    assert not drawn & (hands[1] | hands[2] | hands[3])
    assert s.handoff() == 0 and t.shown == [] and t.curtain_pass is None
    key(app, pygame.K_p)  # no Flash Effect waits: P does nothing at this curtain
    assert s.handoff() == 0 and s.to_act == 0
    key(app, pygame.K_SPACE)
    assert s.viewer == 0 and s.handoff() is None
    app.quit()
