"""Set up for me: a button (and S) while the Field is set up lets the AI make the rest of
the person's set-up choices, from their seat's view, sent as actions and shown as an
AI seat's; pressed again, the person takes over. Only the seat that pressed it (hot-seat);
the booth sets up its visitors' Fields at once. A replay of such a game is exact."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ai import make_agent  # noqa: E402
from game.engine import apply, legal_actions, view  # noqa: E402
from game.engine.events import ALL_SEE, CardPlaced  # noqa: E402
from game.engine.save import Replay, snapshot  # noqa: E402
from game.match import decision_rng  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table import TableScene  # noqa: E402
from game.ui.table.anims import Fly  # noqa: E402
from conftest import keys_for_tests  # noqa: E402
from test_booth import at_game_over, booth_app, frame  # noqa: E402
from test_ui_table import DEMO, STANDARD, click, session  # noqa: E402

S = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0),
     pygame.event.Event(pygame.KEYUP, key=pygame.K_s, mod=0, unicode="s", scancode=0)]


def opened(tmp_path, s, speed="instant", size=(1280, 720)) -> tuple[App, TableScene]:
    app = App(size, Settings(anim_speed=speed), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    app.play(s)
    app.step([], 0.016)
    assert isinstance(app.top, TableScene)
    return app, app.top


def press(app: App, t: TableScene, how: str) -> None:
    """S, or the bar's button where it is drawn."""
    if how == "key":
        app.step(S, 0.016)
    else:
        spot = next(r.center for r, k in t.hits if k == ("forme",))
        click(app, spot)


def bar_words(t: TableScene) -> list[str]:
    return [words for words, _ in t.bar_buttons()]


def set_up(app: App, s, limit: int = 3000) -> None:
    """Frames until the set-up is over, no person deciding in it."""
    for _ in range(limit):
        if s.state.phase != "setup":
            return
        assert not s.human_to_act(), "a person was asked a set-up choice"
        app.step([], 0.05)
    raise AssertionError("the set-up never ended")


def set_up_by(record) -> dict[int, tuple[int, bool]]:
    """Each set-up action of the record: its seat, and whether the helper (Set up for
    me) chooses it again from that seat's view with the generator the seat's recorded
    key and the actions so far give, as an AI seat's is."""
    helper = make_agent("normal")
    st, out = record.game.new_state(record.seed), {}
    for i, a in enumerate(record.actions):
        if st.phase != "setup":
            break
        seat = st.current_seat()
        out[i] = (seat, helper.choose(view(st, seat), legal_actions(st),
                                      decision_rng(record.keys[seat], i)) == a)
        apply(st, a)
    return out


@pytest.mark.parametrize("how", ["key", "button"])
def test_set_up_for_me_makes_the_rest_of_the_person_s_set_up(tmp_path, how):
    s = session(STANDARD, ["human", "ai:easy"], seed=5)
    app, t = opened(tmp_path, s)
    assert "Set up for me (S)" in bar_words(t)
    t.send(next(a for a in t.board.legal))  # one choice made by hand first
    for _ in range(20):
        if s.human_to_act():
            break
        app.step([], 0.05)
    mine = len(s.record.actions)
    press(app, t, how)
    assert s.helped == {0} and not s.human_to_act() and not t.board.legal
    assert "Take over set-up (S)" in bar_words(t)
    for _ in range(20):  # (at the instant speed the helper has placed a card)
        if s.helping():
            break
        app.step([], 0.05)
    assert "computer is setting up your Field for you" in t.hint()
    assert "S takes over" in t.hand_caption()
    set_up(app, s)
    assert s.human_moves == 2  # the person chose one, then asked the helper for the rest
    helped = {i: same for i, (seat, same) in set_up_by(s.record).items()
              if seat == 0 and i >= mine}
    assert len(helped) > 20 and all(helped.values())
    # The game goes on as the person's: their first turn is theirs to play.
    until_person(app, s)
    assert t.board.legal and "Set up for me (S)" not in bar_words(t)
    # A replay of the save is exact.
    s.save(tmp_path / "game.json")
    record, state = Replay(tmp_path / "game.json").run()
    assert record.actions == s.record.actions and snapshot(state) == snapshot(s.state)


def until_person(app: App, s, limit: int = 400) -> None:
    for _ in range(limit):
        if s.human_to_act():
            return
        app.step([], 0.05)
    raise AssertionError("the person was never asked")


def test_the_helper_s_set_up_is_animated_as_an_ai_seat_s(tmp_path):
    """Each placement flies from the seat's panel to its cell, at the AI seats' pace."""
    s = session(DEMO, ["human", "ai:easy"])
    app, t = opened(tmp_path, s, speed="fast")
    app.step(S, 0.016)
    flights = {0: 0, 1: 0}
    for _ in range(3000):
        if s.state.phase != "setup":
            break
        before = len(s.record.actions)
        seat = s.to_act
        app.step([], 1 / 30)
        if len(s.record.actions) > before and isinstance(s.log[-1], CardPlaced):
            flights[seat] += any(isinstance(a, Fly) for a in t.animator.anims)
    assert flights[0] >= 2 and flights[1] >= 2


def test_pressed_again_the_person_takes_over(tmp_path):
    s = session(STANDARD, ["human", "ai:easy"])
    app, t = opened(tmp_path, s)
    app.step(S, 0.016)
    for _ in range(8):
        app.step([], 0.05)
    placed = len(s.record.actions)
    assert placed >= 4
    app.step(S, 0.016)
    assert not s.helped
    until_person(app, s)
    assert s.state.phase == "setup" and t.board.legal
    assert "Set up for me (S)" in bar_words(t)
    for _ in range(10):
        app.step([], 0.05)
    assert s.human_to_act()  # nobody decides for them any more


def test_hot_seat_only_the_seat_that_pressed_it(tmp_path):
    """Player 1 hands over; Player 2 still makes every set-up choice of theirs, and
    while the AI sets up for Player 1, no hand shows."""
    s = session(DEMO, ["human", "human"])
    app, t = opened(tmp_path, s)
    assert s.viewer == 0 and s.human_to_act()
    app.step(S, 0.016)
    assert s.helped == {0}
    asked = 0
    for _ in range(3000):
        if s.state.phase != "setup":
            break
        if s.to_act == 0:
            assert not s.human_to_act() and s.shown == ALL_SEE
        if s.human_to_act() and s.handoff() is None and not t.animator.busy:
            assert s.to_act == 1 and s.viewer == 1
            assert "Set up for me (S)" in bar_words(t)
            t.send(t.board.legal[0])
            asked += 1
        else:
            app.step([], 0.05)
    assert s.state.phase != "setup" and asked >= 10 and s.helped == {0}


def test_not_in_the_guided_game(tmp_path):
    """Its steps are its script's: S says so and hands nothing over."""
    app = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    app.threaded = False
    app.start_guide()
    app.step([], 0.016)
    t, s = app.top, app.session
    assert "Set up for me (S)" not in bar_words(t)
    app.step(S, 0.016)
    assert not s.helped and s.human_to_act() and "step by step" in t.message[0]


def test_the_booth_sets_up_a_visitor_s_field_at_once(tmp_path, card_db):
    app, clock = booth_app(tmp_path, card_db, (1280, 720))
    frame(app, clock, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                          unicode=" ", scancode=0)])
    s, t = app.session, app.top
    assert s.seats == ["human", "ai:easy"] and s.helped == {0}
    assert s.state.phase == "equip" and s.human_to_act() and s.human_moves == 0
    assert app.booth.state == "playing" and "Take over set-up (S)" not in bar_words(t)
    frame(app, clock, dt=0.016)
    assert t.board.legal and app.booth.two_button is not None  # the offer stands


def test_a_rematch_in_the_booth_is_set_up_for_the_visitor_too(tmp_path, card_db):
    app, clock = at_game_over(tmp_path, card_db, (1280, 720))
    app.top._rematch()
    s, t = app.session, app.top
    assert isinstance(t, TableScene) and app.booth.kind == "one" and s.helped == {0}
    assert t.board.legal and s.state.phase == "equip" and not s.human_moves
