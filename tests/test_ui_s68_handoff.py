"""Hidden information at the hot-seat hand-off (R16), frame by frame at the normal speed:
what the window draws between a person's last action of their turn and the curtain for
the next person, through the set-up, and while computer seats play between two people.

Measured before s68: after the action that handed the seat on, the window drew the
leaving person's share, their hand face up, while it played out (15 to 118 frames at
30 a second, 0.5 to 3.9 s) under "Player 1 is next: the curtain comes as this ends": the
next person, at the screen already, saw the hand. It now plays in every seat's share
from its first frame (Session.hold_curtain, TableScene._hold_curtain)."""
from __future__ import annotations

import random

import pygame
import pytest

from game.engine.events import ALL_SEE
from game.ui.app import App
from game.ui.settings import Settings
from game.ui.table import ink

from conftest import keys_for_tests
from test_ui_table import DEMO, FOUR, key, session, table
from zones import hidden_from

FRAME = 1 / 30


def normal_table(tmp_path, seats: list[str], level: str = DEMO, seed: int = 2):
    s = session(level, seats, seed=seed)
    app = App((1280, 720), Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    return s, app, table(app, s)


def a_frame(app, s, t, rng) -> bool:
    """One step of people playing at random: the seat taken at a curtain (past the
    hand-over guard), a choice once the table stands still, else a frame of time.
    Whether a person acted."""
    if s.handoff() is not None and t.curtain_button is not None:
        app.step([], 1.0)
        key(app, pygame.K_SPACE)
        return False
    if s.human_to_act() and s.watch is None and s.handoff() is None and \
            t.acted == len(s.record.actions) and not t.animator.busy:
        s.act(rng.choice(s.legal()))
        app.step([], FRAME)
        return True
    app.step([], FRAME)
    return False


def test_the_next_person_sees_no_hand_while_the_last_action_plays(tmp_path, monkeypatch):
    """Two people at one screen: from the frame a person's action hands the seat on to
    the other until the curtain is drawn, no hand and no card the next person may not
    see is drawn, the bar says "Hands hidden: Player N is next" and the hand's caption
    whose move plays out (s69: one moment, the next person the bar's note alone). It was the leaving person's hand, face up, under "Player 1 is next: the
    curtain comes as this ends"."""
    said: list[str] = []
    fit = ink.fit
    monkeypatch.setattr(ink, "fit", lambda words, *a, **k: said.append(words) or fit(
        words, *a, **k))
    s, app, t = normal_table(tmp_path, ["human", "human"])
    rng = random.Random(4)
    handoffs, frames = 0, 0
    for _ in range(1500):
        if handoffs >= 3:
            break
        if not a_frame(app, s, t, rng) or s.handoff() is None and s.watch is None:
            continue
        nxt, handoffs = s.to_act, handoffs + 1
        while t.curtain_button is None:  # this frame was drawn after the action
            frames += 1
            word = f"Hands hidden: Player {nxt + 1} is next"
            assert not t.hand_rects and t.board.view.seat == ALL_SEE, frames
            leaked = set(t.shown) & hidden_from(s.state, nxt)
            assert not leaked, f"drawn for the next person, seat {nxt}: {leaked}"
            assert t.hand_caption() == \
                f"Hands hidden while Player {s.acted_by + 1}'s move plays out"
            del said[:]
            app.step([], FRAME)
            assert any(w.startswith(word) for w in said) or t.curtain_button is not None
    assert handoffs >= 3 and frames > 80, (handoffs, frames)
    app.quit()


def test_setting_up_draws_nothing_private_to_anyone(tmp_path):
    """Setting up the Field passes the seat with no curtain (Session._pass_seat): every
    Location is turned over for all as it is placed ("Turn over, and place the first")
    and the deals are face down, seen by nobody. Frame by frame, two people and two AI
    seats, no card any seat's view hides is drawn until the first curtain comes with
    the hands."""
    s, app, t = normal_table(tmp_path, ["human", "human", "ai:random", "ai:random"], FOUR)
    rng = random.Random(1)
    frames = 0
    while s.handoff() is None or t.curtain_button is None:
        # (the last choice's Field played out hands hidden, as at any hand-off)
        assert (s.view().phase == "setup" or s.watch is not None) and frames < 3000
        a_frame(app, s, t, rng)
        if t.curtain_button is None:
            frames += 1
            assert not set(t.shown) & hidden_from(s.state, ALL_SEE), frames
    assert frames > 100
    app.quit()


@pytest.mark.parametrize("seats", [["human", "ai:random", "human"],
                                   ["human", "ai:random", "human", "ai:random"]])
# Seed 8 (s69): a person's action sent the frame after one was taken had a frame's
# panels painted before the table took it, the person's hand face up (catch_up).
@pytest.mark.parametrize("seed", [3, 8])
def test_no_hand_shows_while_computer_seats_play_between_two_people(tmp_path, seats, seed):
    """Two people with AI seats between them: every frame from a person's action that
    hands the decision to an AI seat, through the AI seats' turns, until a person
    decides again (behind the curtain), draws no hand and nothing any seat's view
    hides; the first frame after the person's action too. With three seats, seat 2
    hands on to seat 0 directly too: that hand-off drew seat 2's share before s68."""
    s, app, t = normal_table(tmp_path, seats)
    rng = random.Random(seed)
    checked = 0
    for _ in range(1500):
        if checked >= 300 or s.result is not None:
            break
        a_frame(app, s, t, rng)
        if s.human_to_act() and s.watch is None or t.curtain_button is not None:
            continue
        checked += 1
        assert not t.hand_rects and t.board.view.seat == ALL_SEE, \
            (s.watch, s.acted_by, s.to_act)
        assert not set(t.shown) & hidden_from(s.state, ALL_SEE)
    assert checked >= 300, checked
    app.quit()
