"""s71's window hitches (docs/window.md, s71), counted, not timed: a change of the share
shown (a person's and everyone's as AI seats play, two people at the screen) read the
whole log again (20 to 75 ms late in a four-player game); each share's log is now kept
as the events come, and must stay what a fresh read gives, each in its own seat's view
of the events (the engine's for_seat). A new game's first frame read the deck files
again that App.decks had read; a continued game's first table frame measured each of
its panels' type sizes anew."""
from __future__ import annotations

import random

import pygame
import pytest

import game.match
import game.ui.session
from conftest import keys_for_tests, replay_keys
from game.ai import make_agent
from game.engine.events import ALL_SEE
from game.ui.app import App
from game.ui.session import Session, SessionConfig
from game.ui.settings import Settings
from game.ui.table import TableScene
from test_ui_table import table

FOUR = "levels/four_players.yaml"
SEATS = ["human", "human", "ai:random", "ai:random"]


def _app(tmp_path) -> App:
    """Animations played (not 'instant'): the last action before a hand-off is watched
    in every seat's share before the curtain, then replayed in the next person's."""
    app = App((1280, 720), Settings(anim_speed="fast"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    return app


def _stable(name):
    """Cards named by their ids in the log: a Disaster's number among its twins is the
    Field's as its line is logged ("Typhoon Season", "#1" once a twin came), so a log
    read later numbers it otherwise, kept or not."""
    return lambda self, i: name(self, i) if isinstance(i, tuple) else f"card {i}"


def _stable_names(t) -> None:
    """`t`'s log names cards by their ids from now (_stable)."""
    t._log_name = _stable(type(t)._log_name).__get__(t)


def _play(t, until, seed: int, switched=None) -> None:
    """People's moves at random, each person sitting at their curtain, frames of 0.05 s,
    till `until(s)`; `switched()` told of each frame that changed the share."""
    app, s = t.app, t.session
    agent, rng = make_agent("random"), random.Random(seed)
    for _ in range(20000):
        if until(s) or s.result is not None:
            break
        shown, events = s.shown, []
        if s.handoff() is not None and t.curtain_button is not None:
            if t.curtain_ready() >= 1:
                events = [pygame.event.Event(k, key=pygame.K_SPACE, mod=0, unicode="")
                          for k in (pygame.KEYDOWN, pygame.KEYUP)]
        elif s.human_to_act() and not t.animator.busy and s.watch is None:
            s.act(agent.choose(s.view(), s.legal(), rng))
        app.step(events, 0.05)
        if switched is not None and s.shown != shown:
            switched()


def _ahead(s: Session, until, seed: int) -> None:
    """The game played on without the window (people's moves at random, each taking
    their seat as the curtain would have them) till `until(s)`: the table then comes in
    as a continued game's does, its log read afresh once. Through the window, the first
    800 events of four_players were some 2,000 frames drawn, most of the test's time."""
    agent, rng = make_agent("random"), random.Random(seed)
    while not until(s) and s.result is None:
        if s.handoff() is not None:
            s.take_seat()
        elif s.human_to_act():
            s.act(agent.choose(s.view(), s.legal(), rng))
        else:
            s.poll()


def test_a_change_of_the_share_shown_reads_no_more_than_the_events_since(tmp_path,
                                                                         monkeypatch):
    """Late in a four-player game with two people at the screen, the share shown goes
    from a person's to everyone's as an AI seat plays, and to the next person's: each
    change logged every event of the log's last 800 again (_log for each). Now only the
    events its share has not had yet: those of the action that changed it, at most (a
    share's first read, afresh, aside). The first 800 events are played without it."""
    s = Session(SessionConfig(FOUR, SEATS, seed=4), threaded=False, keys=replay_keys(4, 4))
    app = _app(tmp_path)
    logged, per_change = [0], []
    _ahead(s, lambda s: len(s.log) > 800, 4)  # (late: a fresh read would log 800 events)
    t = table(app, s)
    log = t._log
    monkeypatch.setattr(t, "_log", lambda *a: (logged.__setitem__(0, logged[0] + 1), log(*a)))
    read, seen = t._reset_log, {t._log_share}

    def counted(**k):  # (what a read logs, not what the frame animates)
        first = s.shown not in seen  # a share's first read reads afresh: not counted
        seen.add(s.shown)
        logged[0] = 0
        read(**k)
        if not first:
            per_change.append(logged[0])
    monkeypatch.setattr(t, "_reset_log", counted)
    _play(t, lambda s: len(s.log) > 900, 4)
    assert len(s.log) > 900 and len(per_change) >= 6, (len(s.log), per_change)
    assert max(per_change) <= 60, per_change


@pytest.mark.parametrize("seed, ahead, until", [(1, 0, 350), (2, 350, 700), (3, 350, 700)])
def test_each_share_kept_is_what_a_fresh_read_gives(tmp_path, monkeypatch, seed, ahead,
                                                    until):
    """Random play with two people at the screen and two AI seats, the share changing
    scores of times (curtains, the watch before them, AI seats' turns): each share's
    log kept (its lines, the Combat's notes, the newest line of a Combat) is the one
    read afresh from the log in that seat's view. Under 800 events: a fresh read reads
    them all, as a kept log has. One game is played through the window from its set-up
    to 350 events, the others from there (played to it without the window, the table
    read afresh then, and kept from there) to 700: each stretch of a game is watched
    once, not three times, the frames of the window most of the test's time."""
    s = Session(SessionConfig(FOUR, SEATS, seed=seed), threaded=False,
                keys=replay_keys(4, seed))
    changes = []
    _ahead(s, lambda s: len(s.log) >= ahead, seed)
    # (so named from the table's first frame: a game under way has its shares read then)
    monkeypatch.setattr(TableScene, "_log_name", _stable(TableScene._log_name))
    t = table(_app(tmp_path), s)
    _play(t, lambda s: len(s.log) > until, seed, switched=lambda: changes.append(1))
    t.animator.finish()
    assert len(changes) >= 10 and len(s.log) < 800, (len(changes), len(s.log))
    seats = set(t._shares) | {t._log_share}
    assert {0, 1, ALL_SEE} <= seats
    for seat in seats:
        t._share_in(seat)
        at = t._log_at
        kept = (list(t.log_lines), list(t.notes), t.fight_line, t._fighting, t._fold)
        t._read(seat, at, s.view())
        t._catch_up(at)
        assert (list(t.log_lines), list(t.notes), t.fight_line, t._fighting, t._fold) == kept, seat


def test_a_new_game_reads_no_deck_file_the_window_has_read(tmp_path, monkeypatch):
    """New game has App.decks (read once): starting the game read every deck file again
    in load_game (56 ms of the first table frame of four_players, s70)."""
    app = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    app.threaded = False
    app.decks
    reads = []
    for module in (game.match, game.ui.session):
        read = module.load_decks
        monkeypatch.setattr(module, "load_decks", lambda *a, read=read: (reads.append(a),
                                                                       read(*a))[1])
    app.start_game(SessionConfig(FOUR, ["human", "ai:random", "ai:random", "ai:random"]))
    assert app.session is not None and app.session.game.seats == 4 and reads == []


def test_continue_measures_the_tables_type_sizes_while_the_save_replays(tmp_path,
                                                                       monkeypatch):
    """The frame a continued game's table came in (115 to 125 ms of thread CPU after 700
    actions) measured each type size of its panels for the first time, some 25 ms of it:
    the progress bar's frames measure them now, a few a frame (ink.sizes), and the
    table's first frame makes none of those fonts."""
    from game.ui.scenes import loading
    from game.ui.table import ink
    from game.ui.table.layout import compute
    app = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    app.threaded = False
    app.start_game(SessionConfig(FOUR, ["human", "ai:random", "ai:random", "ai:random"],
                                 seed=2))
    s, agent, rng = app.session, make_agent("random"), random.Random(2)
    while len(s.record.actions) < 120:
        s.act(agent.choose(s.view(), s.legal(), rng)) if s.human_to_act() else s.poll()
    app.to_menu()
    monkeypatch.setattr(loading, "SLICE", 1)  # (a longer game's replay: frames enough)
    monkeypatch.setattr(loading, "BUDGET", 0.0003)
    font, made = ink.font, []

    def counted(px: int, bold: bool = False):
        misses = font.cache_info().misses
        f = font(px, bold)
        if font.cache_info().misses > misses:
            made.append((px, bold))
        return f
    monkeypatch.setattr(ink, "font", counted)
    font.cache_clear()  # (other tests made them)
    app.continue_game()
    frames = 0
    while not isinstance(app.top, TableScene) and frames < 500:
        made.clear()  # (what the frame the table comes in makes is left)
        app.step([], 1 / 60)
        frames += 1
    assert isinstance(app.top, TableScene) and frames > 7, frames
    assert not set(made) & set(ink.sizes(compute(app.size).px)), made
