"""Waiting in the window against AI seats (s68): Quit ends a thinking worker at once;
an AI seat thinks while the last action still plays, the pause between its actions
counted from the last action (AI_PAUSE) with a beat after the animations (AI_BEAT),
never added after its thinking; the game it plays stays exact; and a card dealt
face down flies, the game not waiting on it. Timed by the frames' scheduled times,
never the wall clock."""
from __future__ import annotations

import math
import multiprocessing as mp
import os
import signal
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.session import Session, SessionConfig  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table import TableScene  # noqa: E402
from game.ui.table.anims import DEAL_FLIGHT, Fly  # noqa: E402
from game.ui.table.scene import AI_BEAT, AI_PAUSE  # noqa: E402
from conftest import replay_keys  # noqa: E402

DEMO = "levels/quick_demo.yaml"
DT = 1 / 64  # a frame, exact in binary: the times below add up without rounding


class Held:
    """What the worker does, played in the test's process (no process to start): each
    question is answered by the seat's own agent once `ready` lets it, as the worker's
    would be (it decides from the question alone)."""

    def __init__(self, s: Session, table: list):
        self.s, self.table = s, table
        self.asked: list[tuple] = []  # (ticket, question) not yet answered
        self.playing: list[bool] = []  # whether the table animated as each was asked
        self.ready = lambda: True

    def submit(self, ticket, q) -> None:
        self.asked.append((ticket, q))
        self.playing.append(self.table[0].animator.busy)

    def result(self):
        if not self.asked or not self.ready():
            return None
        ticket, q = self.asked.pop(0)
        return ticket, self.s.match.agents[q.seat].choose(q.view, q.legal, q.rng), None

    def alive(self) -> bool:
        return True

    def stop(self) -> None:
        pass


@pytest.fixture
def held(tmp_path):
    """Two easy AI seats on the demo level at the normal speed, their questions to a
    Held worker, the set-up (made in the window's process) played."""
    app = App((1280, 720), Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
    s = Session(SessionConfig(DEMO, ["ai:easy", "ai:easy"], seed=2), threaded=False,
                keys=replay_keys(2, 2))
    table: list[TableScene] = []
    s._worker = worker = Held(s, table)
    app.play(s)
    table.append(app.top)
    while s.state.phase == "setup":
        app.step([], DT)
    yield app, s, app.top, worker
    s._worker = None
    app.quit()


def frames(app: App, s: Session, n: int) -> list[tuple[float, int, bool]]:
    """`n` frames of DT: after each, its time, the actions made and whether the table
    still animates."""
    out = []
    for k in range(1, n + 1):
        app.step([], DT)
        out.append((k * DT, len(s.record.actions), app.top.animator.busy))
    return out


def test_an_ai_seat_is_asked_while_the_last_action_still_plays(held):
    """The worker was asked once the last action had played and AI_PAUSE more had
    passed, and the AI's thinking came after both: it is asked as soon as the state is
    known, while the table still animates what was done."""
    app, s, t, worker = held
    before = len(worker.playing)
    frames(app, s, 600)
    playing = worker.playing[before:]
    assert len(playing) > 10 and sum(playing) >= len(playing) // 2, playing


def test_the_pause_is_counted_from_the_last_action_with_a_beat_after_the_animations(held):
    """An AI action comes AI_PAUSE after the last one at the least, and AI_BEAT after the
    animations end (a frame's time at most later): its thinking and its animations
    count in the pause. The pause came after the animations, then the thinking. After
    an action with nothing to animate, the next comes at the next frame (s69)."""
    app, s, t, worker = held
    run = frames(app, s, 600)
    checked = at_once = 0
    prev = None  # (time of the last action, when its animations ended or None)
    busy_seen = False
    for (when, made, busy), (_, before, _) in zip(run[1:], run):
        if made != before:
            if prev is not None:
                last, idle = prev
                due = max(last + AI_PAUSE, -math.inf if idle is None else idle + AI_BEAT) \
                    if busy_seen else last + DT
                assert due - 1e-9 <= when < due + DT, (when, last, idle)
                checked += idle is not None and idle + AI_BEAT > last + AI_PAUSE
                at_once += not busy_seen
            prev, busy_seen = (when, None), busy
        elif prev is not None and busy_seen and not busy and prev[1] is None:
            prev = (prev[0], when - DT)  # ended within this frame
        busy_seen = busy_seen or busy
    assert checked >= 5, checked  # actions whose animations outlasted AI_PAUSE - AI_BEAT
    assert at_once >= 3, at_once  # actions with nothing to animate


def test_an_answer_that_comes_late_is_played_in_the_frame_it_comes(held):
    """The worker's answer coming after the beat is played at once: no pause is added
    after the thinking (the worker was asked AI_PAUSE after the animations, its answer
    read at the next frame)."""
    app, s, t, worker = held
    while not t.animator.busy:  # an action that animates: the next answer is held
        app.step([], DT)
    released = [False]
    worker.ready = lambda: released[0]
    while t.animator.busy:
        app.step([], DT)
    made = len(s.record.actions)
    for _ in range(round((AI_BEAT + AI_PAUSE) / 2 / DT)):  # past the beat, within the pause
        app.step([], DT)
    assert len(s.record.actions) == made
    released[0] = True
    app.step([], DT)
    assert len(s.record.actions) == made + 1


def test_a_seeded_game_thought_ahead_by_the_worker_replays_exactly(tmp_path):
    """The AI's budget is engine steps (docs/ai.md), its question the state's alone: asked
    while the table animates, the worker plays the game a session polled in-process
    plays, action for action."""
    seats = ["ai:normal", "ai:easy"]

    def config():
        return SessionConfig(DEMO, seats, seed=4)
    near = Session(config(), threaded=False, keys=replay_keys(2, 4))
    while len(near.record.actions) < 70 and near.result is None:
        near.poll()
    app = App((1280, 720), Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
    far = Session(config(), keys=replay_keys(2, 4))
    ahead = []
    submit = far._worker.submit
    far._worker.submit = lambda ticket, q: (ahead.append(app.top.animator.busy),
                                            submit(ticket, q))
    try:
        app.play(far)
        deadline = time.monotonic() + 120
        while len(far.record.actions) < 70 and far.result is None:
            assert time.monotonic() < deadline, "the worker never answered"
            app.step([], 0.05)
        assert sum(ahead) >= 5, ahead  # asked while the table still played the last one
        n = min(len(near.record.actions), len(far.record.actions))
        assert n >= 70 and far.record.actions[:n] == near.record.actions[:n]
    finally:
        app.quit()


class _Busy:
    """A job the worker reads as a marker made, then a minute's sleep: it is busy, as
    an AI thinking, when the window closes."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return _busy, (self.marker,)


def _busy(marker: str) -> None:
    os.mkdir(marker)
    time.sleep(60)


def test_closing_the_window_while_the_worker_thinks_kills_it_at_once(tmp_path):
    """Quit (the menu's, or the window closed) waited for a thinking worker, up to the
    second of a join's timeout, then left it terminating. The worker is killed there
    and then, and is gone (reaped) when the window has closed: no process left."""
    app = App((1280, 720), Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
    app.keys_for = replay_keys
    app.start_game(SessionConfig(DEMO, ["human", "ai:hard"], seed=1))
    proc = app.session._worker._proc
    marker = str(tmp_path / "busy")
    app.session._worker._jobs.put(_Busy(marker))
    deadline = time.monotonic() + 60
    while not os.path.isdir(marker):
        assert time.monotonic() < deadline, "the worker never read its job"
        time.sleep(0.01)
    app.step([pygame.event.Event(pygame.QUIT)], 0.016)
    assert not app.running
    assert proc.exitcode == -signal.SIGKILL  # killed, not left to finish its thought
    assert proc not in mp.active_children()


def test_a_card_dealt_flies_briefly_and_the_game_does_not_wait_for_it(held):
    """Each card dealt under a Location showed nothing, a still pause, and once all were
    dealt every card flew again from the middle, 2.2 s the game waited on (the standard
    level). Each flies now from its dealer's panel to the Location's count, DEAL_FLIGHT
    long, within the pause before the next deal; the last deal starts no flurry."""
    app, s, t, worker = held
    cell = next(c for c, p in s.state.places.items() if p.kind == "location")
    t.animator.clear()
    t.animator.feed(E.CardDealt(1, cell, "disaster"), t, 0, str)
    flights = [a for a in t.animator.marks if isinstance(a, Fly)]
    assert len(flights) == 1 and not t.animator.busy
    assert flights[0].tween.duration == pytest.approx(DEAL_FLIGHT) and DEAL_FLIGHT < AI_PAUSE
    assert flights[0].dst.topright == t.cell_rect(cell).topright
    t.animator.feed(E.CardsDealt(1, ((cell, 3),)), t, 0, str)
    assert not t.animator.busy and len(t.animator.marks) == 1
