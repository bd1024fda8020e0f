"""A stranger at the booth reaches their first choice at once (s56, a newcomer's
playtest): the click threw the attract game away and "The computer sets up your Field
for you" played for 14 to 18 s of the App's clock (26 set-up choices, each an AI
pause and a flight) before the Equip phase; the table opens on the Field set up now,
saying so. And the attract game began on an empty
table, "Waiting for Player 1 (AI Easy) to decide…", for as long as its AI worker
process took to start (3 to 4 s here): a set-up choice waited on it."""
from __future__ import annotations

from game.engine.save import Replay, snapshot
from game.engine.state import SETUP
from game.ui import session as session_module
from game.ui.booth import SET_UP_NOTE
from game.ui.session import Session, SessionConfig
from game.ui.table import TableScene
from conftest import replay_keys
from test_booth import booth_app, click, frame

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


def first_choice(app) -> bool:
    t = app.top
    return isinstance(t, TableScene) and app.session.human_to_act() and bool(t.board.legal) \
        and not t.animator.busy


def test_a_visitor_s_first_choice_comes_at_once_on_their_field_set_up(tmp_path, card_db,
                                                                      monkeypatch):
    """At the booth's own speed (normal), the click's frame opens the Field laid out, the
    log saying who placed what, and the Equip phase is the visitor's within a few
    frames; no set-up choice waits on the worker. The set-up is the rules' own: the
    game replays exactly from its actions."""
    monkeypatch.setattr(session_module, "_Worker", SlowWorker)
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720), speed="normal")
    app.threaded = True
    frame(app, clock, click())
    s, t = app.session, app.top
    assert app.booth.kind == "one" and s.seats == ["human", "ai:easy"]
    assert s.state.phase != SETUP and s.human_moves == 0
    assert frames_until(app, clock, lambda: first_choice(app), 30) < 30  # half a second
    assert s.view().phase == "equip" and s._worker.asked == []
    places = s.view().places
    assert {p.owner for p in places} == {0, 1} and len(places) == 8
    assert sum("placed" in line for line, _ in t.log_lines) == 8
    frame(app, clock, dt=FRAME)  # (the table is on the stack after the click's frame)
    assert t.message[0] == SET_UP_NOTE and t.noted  # said, as news (no refusal's red)
    assert app.booth.two_button is not None  # one more click still makes it two players
    s.save(tmp_path / "game.json")
    record, state = Replay(tmp_path / "game.json").run()
    assert record.actions == s.record.actions and snapshot(state) == snapshot(s.state)


def test_two_visitors_sit_down_at_once_with_no_hand_shown(tmp_path, card_db):
    """Both Fields set up by the AI before the table opens, no hand shown; Player 1
    takes the seat at the curtain (whoever is at the screen). Was in
    test_ui_setup_for_me, which waited for the set-up played out."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720), speed="normal")
    frame(app, clock, click())
    frame(app, clock, click(app.booth.two_button.center))
    s, t = app.session, app.top
    assert s.seats == ["human", "human"] and s.state.phase != SETUP
    assert s.handoff() == 0 and not s.seated  # Player 1 takes the seat at the curtain
    frame(app, clock, dt=FRAME)
    assert t.curtain_button is not None and not t.message[0]  # (not said behind it)
    frame(app, clock, click(t.curtain_button.center), dt=FRAME)
    frame(app, clock, dt=FRAME)
    assert s.seated and s.viewer == 0 and t.message[0] == SET_UP_NOTE


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

