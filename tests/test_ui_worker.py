"""AI seats think in a worker process (issue 15, part 3): the window's frames are
not held by the interpreter lock while an AI decides. The process is handed only
what the seat may know, and a game it plays is the game played in-process."""
from __future__ import annotations

import time

from game.engine.state import GameState
from game.engine.view import SeatView
from game.ui.session import Session, SessionConfig
from conftest import replay_keys

LEVEL = "levels/quick_demo.yaml"


def play(threaded: bool, actions: int = 60) -> Session:
    seats = ["ai:normal", "ai:easy"]
    s = Session(SessionConfig(LEVEL, seats, seed=4), threaded=threaded,
                keys=replay_keys(len(seats), 4))
    deadline = time.monotonic() + 120
    while len(s.record.actions) < actions and s.result is None:
        assert time.monotonic() < deadline, "the worker never answered"
        if not s.poll():
            time.sleep(0.001)
    return s


def test_a_game_thought_out_in_the_worker_process_replays_exactly():
    near, far = play(False), play(True)
    try:
        assert far._worker is not None and far._worker._proc.is_alive()
        n = min(len(near.record.actions), len(far.record.actions))
        assert n >= 60 and far.record.actions[:n] == near.record.actions[:n]
    finally:
        far.close()


def test_the_worker_is_handed_the_seat_s_view_and_legal_actions_only():
    s = Session(SessionConfig(LEVEL, ["ai:easy", "ai:easy"], seed=1),
                keys=replay_keys(2, 1))
    sent = []
    put = s._worker._jobs.put
    s._worker._jobs.put = lambda job: (sent.append(job), put(job))
    try:
        deadline = time.monotonic() + 60
        while len(sent) < 3:
            assert time.monotonic() < deadline
            s.poll()
            time.sleep(0.001)
    finally:
        s.close()
    for ticket, seat, v, legal, rng in (j for j in sent if j is not None):
        assert isinstance(v, SeatView) and v.seat == seat and v.game is None
        assert not any(isinstance(x, GameState) for x in (v, legal, rng))


def test_the_game_goes_to_the_worker_through_its_queue_not_start(monkeypatch):
    """Handed to start() as an argument, the Game was written while the new interpreter
    started and held the window's frame 0.4 to 0.6 s at each New game and booth game; it
    goes first through the job queue now, whose feeder thread writes it."""
    import multiprocessing.context as mpc
    from game.engine import Game
    handed = []
    start = mpc.SpawnProcess.start
    monkeypatch.setattr(mpc.SpawnProcess, "start",
                        lambda self: (handed.extend(self._args), start(self))[1])
    s = Session(SessionConfig(LEVEL, ["human", "ai:easy"], seed=1), keys=replay_keys(2, 1))
    try:
        assert handed and not any(isinstance(a, Game) for a in handed)
    finally:
        s.close()


def test_a_session_whose_worker_died_before_reading_the_game_closes():
    """The Game waits in the job queue's pipe until the process reads it: where the
    process is gone first (killed, or failing as it starts), closing the session must not
    wait for the pipe to drain (a test of bad saves hung on it)."""
    import threading
    s = Session(SessionConfig(LEVEL, ["human", "ai:easy"], seed=1), keys=replay_keys(2, 1))
    s._worker._proc.kill()
    s._worker._proc.join()
    closing = threading.Thread(target=s.close, daemon=True)
    closing.start()
    closing.join(timeout=20)
    assert not closing.is_alive(), "closing waited for a dead worker's pipe"


def test_ctrl_c_in_the_terminal_leaves_the_worker_to_the_window():
    """Ctrl-C reaches the whole process group: the window stops cleanly ("Interrupted.")
    and stops the worker itself, but the worker died of it too, printing a
    KeyboardInterrupt traceback under the window's one line. It ignores it now, and
    still answers until the window stops it."""
    import os
    import signal
    s = play(True, actions=32)  # past the set-up (27 choices, made in the window's process):
    # the worker has answered, so it is past its start, where SIGINT still kills it
    try:
        proc = s._worker._proc
        os.kill(proc.pid, signal.SIGINT)
        # Not a fixed wait: three answers later the worker asked has had the signal (it
        # died of it within a question's time), and it is still the one that answers.
        n = len(s.record.actions)
        deadline = time.monotonic() + 60
        while len(s.record.actions) < n + 3 and s.result is None:
            assert time.monotonic() < deadline, "the worker stopped answering"
            if not s.poll():
                time.sleep(0.001)
        assert proc.is_alive() and proc.exitcode is None
        assert s._worker._proc is proc and not s.worker_deaths  # not one started anew
    finally:
        s.close()


def _kill_mid_thought(s: Session) -> None:
    """Poll until the worker has a question, kill it, and poll until the session has
    seen it die (had it answered just before, the next question finds it dead)."""
    deadline = time.monotonic() + 60
    while s._asked is None:
        assert time.monotonic() < deadline
        s.poll()
    deaths = s.worker_deaths
    s._worker._proc.kill()
    s._worker._proc.join()
    while s.worker_deaths == deaths:
        assert time.monotonic() < deadline, "the session never saw its worker die"
        s.poll()


def test_a_worker_killed_mid_thought_is_started_again_and_the_game_goes_on():
    """A worker process killed while it thinks (out of memory, say) left the table
    waiting for ever, with no word (s42n). A new one is asked the same question, and the
    game plays on as it would have: the same actions as one thought in-process."""
    seats = ["ai:normal", "ai:easy"]
    s = Session(SessionConfig(LEVEL, seats, seed=4), keys=replay_keys(len(seats), 4))
    try:
        for _ in range(2):  # each death within WORKER_RESTARTS starts a new worker
            dead, killed_at = s._worker, len(s.record.actions)
            _kill_mid_thought(s)
            deadline = time.monotonic() + 120
            while len(s.record.actions) < killed_at + 20 and s.result is None:
                assert time.monotonic() < deadline, "the game waited on a dead worker"
                if not s.poll():
                    time.sleep(0.001)
            assert s._worker is not dead and s._worker.alive()
        near = play(False)
        n = min(len(near.record.actions), len(s.record.actions))
        assert n >= 40 and s.record.actions[:n] == near.record.actions[:n]
    finally:
        s.close()


def test_after_worker_restarts_run_out_the_window_decides_itself():
    """A worker that dies again and again (killed here as soon as it is asked) is not
    started for ever: WORKER_RESTARTS new ones, then at the next death the window's own
    process decides, and the game goes on."""
    from game.ui.session import WORKER_RESTARTS
    seats = ["ai:easy", "ai:easy"]
    s = Session(SessionConfig(LEVEL, seats, seed=1), keys=replay_keys(2, 1))
    try:
        for _ in range(WORKER_RESTARTS + 1):
            _kill_mid_thought(s)
        assert s._worker is None and s.worker_deaths == WORKER_RESTARTS + 1
        before = len(s.record.actions)
        for _ in range(10):
            s.poll()
        assert len(s.record.actions) >= before + 10
    finally:
        s.close()
