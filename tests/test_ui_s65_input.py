"""s64's newcomer playtest, at the window's input: Enter ended the phase though the
button says Space; a refusal in another seat's turn was worded from that seat's hand
and Field; a press that skipped a replay was dropped unexplained; a double click on a
hand card played it, then said it was not in the hand; Esc let go of a Character the
inspector still looked at. Driven by the scene's own events, as a person would."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import EQUIP, MOVE  # noqa: E402

import test_ui_table  # noqa: E402
from scene import Scene  # noqa: E402
from test_rules_combat import CARDS  # noqa: E402
from test_ui_drop_haven import carry  # noqa: E402
from test_ui_replay import ai_fights_in_my_turn  # noqa: E402
from test_ui_table import click, key, mouse, scene_app, scene_session, table  # noqa: E402
from test_ui_watching import normal_speed  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def two_seats(make_app, phase: str, turn: int):
    """Seat 0's Hero at one Location, seat 1's Tank at another, a third empty between;
    each player's Haven beside them, each hand a Blessing and a Shield (Equipment, played
    into one's Haven in the Equip phase); `turn`'s `phase`, at the normal speed."""
    sc = Scene(CARDS, seats=2)
    for cell in ((0, 0), (1, 0), (0, 1)):
        sc.location(cell, under=["ring"])
    for seat, cell in ((0, (-1, 0)), (1, (2, 0))):
        sc.haven(cell, seat=seat)
    hero = sc.char("hero", (0, 0), seat=0)
    tank = sc.char("tank", (1, 0), seat=1)
    hands = [sc.hand(seat, "blessing", "shield") for seat in (0, 1)]
    sc.turn(phase, seat=turn)
    s = scene_session(sc, ["human", "ai:normal"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    normal_speed(app, t)
    return s, app, t, hero, tank, hands


def test_enter_ends_no_phase_space_does(make_app):
    """A Character chosen to move, Enter ended the Move phase (s64's playtest), though
    the button says "End phase (Space)" and how_to_play says Space ends it: Enter sends
    nothing, the Character stays chosen, and the note says Space does; Space ends it."""
    s, app, t, hero, tank, hands = two_seats(make_app, MOVE, 0)
    click(app, t.unit_rects[hero].center)
    assert t.selection == {hero}
    sent = len(s.record.actions)
    for k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        key(app, k)
        assert len(s.record.actions) == sent and t.selection == {hero}
        assert t.message[0] == "Enter ends no phase: Space does (the End phase button)"
    key(app, pygame.K_SPACE)
    assert s.record.actions[sent:] == [A.EndPhase()]


@pytest.mark.parametrize("what", ["card", "unit"])
def test_a_drag_in_another_seat_s_turn_says_whose_turn_it_is(make_app, what):
    """In the AI seat's turn a hand card let go on one's own Character said "Shield is
    not in your hand", one's own Character let go on a Location "you can move only
    your own Characters on the Field": the rules' reasons, asked of the seat deciding
    (and so telling what its hand held). The bar while held and the line at the drop
    say whose turn it is; nothing is sent."""
    phase = EQUIP if what == "card" else MOVE
    s, app, t, hero, tank, hands = two_seats(make_app, phase, 1)
    assert not s.human_to_act()
    s.think = lambda: False  # the AI seat thinks on (an End phase played at once, s69)
    start = t.hand_rects[hands[0][1]].center if what == "card" else t.unit_rects[hero].center
    end = t.unit_rects[hero].center if what == "card" else t.lay.cells[(0, 1)].center
    sent = len(s.record.actions)
    app.step([mouse(pygame.MOUSEMOTION, start, 0), mouse(pygame.MOUSEBUTTONDOWN, start)], 0.016)
    for k in range(1, 9):  # within the AI seat's pause (AI_PAUSE) before it acts
        app.step([mouse(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * k // 8,
                                             start[1] + (end[1] - start[1]) * k // 8))], 0.016)
    assert t.drag is not None and len(s.record.actions) == sent
    assert t.hint() == "It is Player 2's turn: wait for yours"
    app.step([mouse(pygame.MOUSEBUTTONUP, end)], 0.016)
    assert len(s.record.actions) == sent
    assert t.message[0] == "It is Player 2's turn: wait for yours"


def test_a_press_that_skips_a_replay_says_so(make_app):
    """A press as one's turn came, the table replaying what another seat did (in a
    hot-seat game, as the next person sat down), skipped the replay and did nothing
    else: a drag begun then was dropped unexplained (s64's playtest). It says so."""
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app)
    assert t.skippable()
    sent = len(s.record.actions)
    pos = t.unit_rects[hero].center
    carry(app, t, pos, (pos[0] + 120, pos[1]))
    assert not t.animator.busy and t.drag is None and len(s.record.actions) == sent
    assert t.message[0] == ("Replay skipped: the table shows the game as it is now. "
                            "Press again to choose.") and t.noted


def test_a_double_click_on_a_hand_card_plays_it_once_and_refuses_nothing(make_app):
    """Both clicks of a double click before the next frame: the first played the
    Shield, the second, on the Board from before it, sent it again, and the rules said
    "Shield is not in your hand". The second is the first's tail: nothing sent, nothing
    said; the next frame's press is the person's own."""
    s, app, t, hero, tank, hands = two_seats(make_app, EQUIP, 0)
    shield = hands[0][1]
    assert t.board.click[("card", shield)] == [A.PlayCard(shield)]
    pos = t.hand_rects[shield].center
    sent = len(s.record.actions)
    app.step([mouse(pygame.MOUSEMOTION, pos, 0)] +
             [mouse(kind, pos) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)] * 2,
             0.016)
    assert s.record.actions[sent:] == [A.PlayCard(shield)]
    assert t.message[0] == ""
    blessing = hands[0][0]
    assert ("card", blessing) in [k for _, k in t.hits]
    click(app, t.hand_rects[blessing].center)  # a frame on, a click is taken
    assert t.message[0].startswith(t.name(blessing)), t.message


def test_esc_lets_go_of_the_character_and_the_inspector_with_it(make_app):
    """Esc let go of the Character chosen to move, and the inspector went from "Chosen
    to move" to "Looking at" it: as if it were still picked. Let go, the inspector
    shows nothing selected, as before the click."""
    s, app, t, hero, tank, hands = two_seats(make_app, MOVE, 0)
    click(app, t.unit_rects[hero].center)
    assert t.selection == {hero} and t.inspect == hero
    key(app, pygame.K_ESCAPE)
    assert not t.selection and t.inspect is None
    assert app.top is t  # the pause menu only with nothing left to let go of


def test_a_token_dragged_at_once_after_taking_the_seat_is_dragged(make_app):
    """Two people at one screen; the view under the curtain was the last person's (far
    off, zoomed in). "I am Player 1" clicked, the view goes to the new person's choice;
    a press at once on their Character, the pointer not moved since (where the button
    was, or a tap), was taken as what lay there in the Field under the curtain: a cell
    or nothing, and the drag scrolled the Field, silently (s64's playtest: 3 of 4
    seats). The token is dragged and the move sent."""
    sc = Scene(CARDS, seats=2)
    for x in range(-3, 5):
        sc.location((x, 0), under=["ring"])
    sc.haven((-4, 0), seat=0)
    sc.haven((5, 0), seat=1)
    hero = sc.char("hero", (0, 0), seat=0)
    sc.char("tank", (4, 0), seat=1)
    for seat in (0, 1):
        sc.hand(seat, "ring")  # a hand each: the seat passes behind a curtain
    sc.turn(MOVE, seat=0)
    s = scene_session(sc, ["human", "human"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    normal_speed(app, t)
    assert s.handoff() == 0
    t.aim(zoom=2, focus="4,0")  # the view the curtain came down over
    for _ in range(30):  # (the curtain's button takes a press once HANDOFF_GUARD is past)
        app.step([], 0.03)
    button = t.curtain_button.center
    app.step([mouse(pygame.MOUSEMOTION, button, 0), mouse(pygame.MOUSEBUTTONDOWN, button),
              mouse(pygame.MOUSEBUTTONUP, button)], 0.03)
    app.step([], 0.03)
    assert s.handoff() is None and s.viewer == 0
    start = t.unit_rects[hero].center
    assert t.seen().collidepoint(start)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, start)], 0.03)
    assert t.press == (("unit", hero), start)
    end = t.lay.cells[(1, 0)].center
    for k in range(1, 9):
        app.step([mouse(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * k // 8,
                                             start[1] + (end[1] - start[1]) * k // 8))], 0.03)
    assert t.drag is not None and t.drag[0] == ("unit", hero)
    sent = len(s.record.actions)
    app.step([mouse(pygame.MOUSEBUTTONUP, t.lay.cells[(1, 0)].center)], 0.03)
    assert s.record.actions[sent:] == [A.Move((hero,), (1, 0))]
