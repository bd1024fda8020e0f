"""A stranger at the booth reaches their first choice at once (s56, a newcomer's
playtest): the click threw the attract game away and "The computer sets up your Field
for you" played for 14 to 18 s of the App's clock (26 set-up choices, each an AI
pause and a flight) before the Equip phase. And the attract game began on an empty
table, "Waiting for Player 1 (AI Easy) to decide…", for as long as its AI worker
process took to start (3 to 4 s here): a set-up choice waited on it."""
from __future__ import annotations

from game.engine.state import SETUP
from game.ui import session as session_module
from game.ui.session import Session, SessionConfig
from conftest import replay_keys
from test_booth import booth_app, frame

FRAME = 1 / 60


class SlowWorker:
    """A worker process still starting: it takes questions and answers none."""

    def __init__(self, game, levels) -> None:
        self.asked: list[int] = []

    def submit(self, ticket, q) -> None:
        self.asked.append(q.seat)

    def result(self):
        return None

    def alive(self) -> bool:
        return True

    def stop(self) -> None:
        pass


def frames_until(app, clock, done, limit: int) -> int:
    """Frames of 1/60 s of the App's clock until `done()`."""
    for n in range(limit):
        if done():
            return n
        frame(app, clock, dt=FRAME)
    raise AssertionError(f"not within {limit} frames")


def test_the_attract_game_lays_its_field_while_the_worker_starts(tmp_path, card_db,
                                                                  monkeypatch):
    """The show's first placement within its AI pause (0.35 s) and a flight, not after
    the worker process has started: set-up choices are made in the window's process."""
    monkeypatch.setattr(session_module, "_Worker", SlowWorker)
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720), speed="normal")
    assert app.booth.state == "attract"
    app.threaded = True
    app.booth.attract()  # (booth_app began the show without a worker)
    s = app.session
    assert isinstance(s._worker, SlowWorker)
    frames_until(app, clock, lambda: len(s.view().places) >= 2, 90)  # 1.5 s
    assert s._worker.asked == []


def test_only_set_up_choices_are_made_outside_the_worker(monkeypatch):
    """The rest of the game is thought out in the worker (a search takes a second)."""
    monkeypatch.setattr(session_module, "_Worker", SlowWorker)
    s = Session(SessionConfig("levels/quick_demo.yaml", ["ai:easy", "ai:easy"], seed=2),
                keys=replay_keys(2, 2))
    while s.state.phase == SETUP:
        made = len(s.record.actions)
        s.poll()
        assert len(s.record.actions) == made + 1
    assert s._worker.asked == []
    assert s.poll() == [] and s._worker.asked == [s.to_act]

