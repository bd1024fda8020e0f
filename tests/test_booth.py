"""Booth mode (issue 17): attract games, one click to play, idle games hidden then put
away, no way out but the key chord, and a day alone on a fake clock."""
from __future__ import annotations

import ctypes
import gc
import os
import random
import resource
import sys
import threading
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from conftest import replay_keys  # noqa: E402
from game.cli import build_parser  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui import booth  # noqa: E402
from game.ui.booth import LEAVE  # noqa: E402
from game.ui.scenes.how_to_play import HowToPlayScene  # noqa: E402
from game.ui.scenes.interlude import InterludeScene  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.session import SessionConfig  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table import TableScene  # noqa: E402
from game.ui.table.anims import Fly  # noqa: E402

HOUR = 3600.0


class FakeClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def booth_app(tmp_path, card_db, size=(960, 540), speed="fast",
              seed: int = 3) -> tuple[App, FakeClock]:
    app = App(size, Settings(anim_speed=speed), config=tmp_path / "config",
              data=tmp_path / "data")
    app.keys_for, app.threaded = replay_keys, False
    app.__dict__["db"] = card_db
    clock = FakeClock()
    app.start_booth(now=clock, seed=seed)
    return app, clock


def frame(app: App, clock: FakeClock, events=(), dt: float = 0.5) -> None:
    """One frame after `dt` seconds: the clock jumps, animations see at most a second."""
    clock.t += dt
    app.step(list(events), min(dt, 1.0))


def click(pos=(400, 300)) -> list:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def key(k: int, mod: int = 0) -> list:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]


def set_up(app: App, clock: FakeClock) -> None:
    """A visitor's game on until a person is to act (the booth sets the Field up for
    the visitors before the table opens, s56; a two-player game's curtain waits)."""
    for _ in range(400):
        if app.session.human_to_act():
            return
        frame(app, clock)
    raise AssertionError("the set-up made for the visitor never ended")


def play_out(s, rng) -> None:
    """The game played to its end, the person's choices at random."""
    while s.result is None:
        if s.human_to_act():
            s.act(rng.choice(s.legal()))
        else:
            s.poll()


def at_game_over(tmp_path, card_db, size) -> tuple[App, FakeClock]:
    """The booth, a visitor's game started by a key and played to its game-over screen,
    the person's choices at random."""
    from game.ui.scenes.game_over import GameOverScene
    app, clock = booth_app(tmp_path, card_db, size=size, speed="instant")
    frame(app, clock, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                          unicode="", scancode=0)])
    play_out(app.session, random.Random(0))
    for _ in range(10):
        frame(app, clock, dt=0.1)
    assert isinstance(app.top, GameOverScene)
    return app, clock


# The parts ----------------------------------------------------------------------------------


def test_attract_mode_plays_ai_seats_and_any_input_starts_a_game(tmp_path, card_db):
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    assert b.state == "attract" and app.session.seats == ["ai:easy", "ai:easy"]
    for _ in range(30):
        frame(app, clock)
    assert len(app.session.record.actions) > 5  # the AI seats play on screen
    assert isinstance(app.top, TableScene)
    show = app.session
    frame(app, clock, click())  # a click on the table does not play the attract game...
    assert b.state == "playing" and app.session.seats == ["human", "ai:easy"]  # ...it starts one
    assert app.session is not show and isinstance(app.top, TableScene)
    assert app.session.state.phase == "equip" and not app.session.human_moves  # (set up
    frame(app, clock)  # for them)
    assert b.two_button is not None  # one more click: two players
    frame(app, clock, click(b.two_button.center))
    assert app.session.seats == ["human", "human"] and b.started["two"] == 1
    assert not list((tmp_path / "data").rglob("slot-*.json")), "a booth game was saved"


def test_the_two_players_offer_is_only_on_the_table(tmp_path, card_db):
    """Over the pause menu or How to play the hot-seat offer is neither drawn nor
    taken: a click where it was drawn started a new game, throwing the visitor's away."""
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    frame(app, clock, key(pygame.K_SPACE))
    game = app.session
    spot = b.two_button.center
    frame(app, clock, key(pygame.K_ESCAPE))
    assert isinstance(app.top, PauseScene) and b.two_button is None
    frame(app, clock, click(spot))
    assert app.session is game and b.kind == "one"
    frame(app, clock, key(pygame.K_h))
    assert isinstance(app.top, HowToPlayScene) and b.two_button is None
    frame(app, clock, click(spot))
    assert app.session is game and b.kind == "one" and not b.started["two"]
    while not isinstance(app.top, TableScene):  # back to the table: offered again
        frame(app, clock, key(pygame.K_ESCAPE))
    frame(app, clock)
    assert b.two_button is not None


def test_the_two_players_offer_gives_way_to_a_card_held(tmp_path, card_db):
    """The offer covered the Off Field panel, where a Global Effect is let go: a visitor
    whose first card was Summer Festival Night let it go on the Field and was told to
    drop it "on the Off Field strip", hidden under "Two players?" (s28 newcomer at the
    booth). The offer is off the panel now (s33b), and while a card is held it is not
    drawn; a card let go on the panel is played; let go for nothing, the offer is back."""
    from test_ui_table import mouse
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    frame(app, clock, key(pygame.K_SPACE))
    set_up(app, clock)
    frame(app, clock)
    t, s = app.top, app.session
    assert b.two_button is not None and not b.two_button.colliderect(t.lay.off_field)
    fest = next(i for i in t.hand_rects if s.game.card(i).type == "global_effect")
    src = (t.hand_rects[fest].centerx, t.hand_rects[fest].top + t.px(12))
    off, field = t.lay.off_field.center, t.lay.field.center

    def hold(to) -> None:
        mid = ((src[0] + to[0]) // 2, (src[1] + to[1]) // 2)
        frame(app, clock, [mouse(pygame.MOUSEMOTION, src, 0), mouse(pygame.MOUSEBUTTONDOWN, src),
                           mouse(pygame.MOUSEMOTION, mid), mouse(pygame.MOUSEMOTION, to)],
              dt=0.016)
    hold(field)  # let go on the Field: nothing done
    assert t.drag is not None and b.two_button is None
    frame(app, clock, [mouse(pygame.MOUSEBUTTONUP, field)], dt=0.016)
    frame(app, clock)
    assert not s.human_moves and b.two_button is not None
    hold(off)
    assert t.drag is not None and b.two_button is None
    frame(app, clock, [mouse(pygame.MOUSEBUTTONUP, off)], dt=0.016)
    assert s.human_moves and fest in [o.card for o in s.view().off_field]
    assert b.kind == "one" and b.two_button is None


def test_esc_on_a_two_player_curtain_opens_the_booth_s_own_pause_menu(tmp_path, card_db):
    """A visitors' two-player game comes to the curtain; Esc there opens the booth's
    pause menu (no Settings, "Leave this game"), and Resume goes back to the curtain."""
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    frame(app, clock, key(pygame.K_SPACE))
    frame(app, clock, click(b.two_button.center))
    t = app.top
    assert isinstance(t, TableScene)
    s, rng = t.session, random.Random(3)
    while s.handoff() is None:  # the set-up, made for them: the first curtain is the hands'
        if s.watch is None and s.legal():  # (else the person leaving watches what it
            s.act(rng.choice(s.legal()))  # did, then it rises)
        frame(app, clock)
    frame(app, clock)
    assert t.curtain_button is not None
    frame(app, clock, key(pygame.K_ESCAPE))
    pause = app.top
    assert isinstance(pause, PauseScene) and t.shown == []
    shown = [w.label for w in pause.form.widgets if w.visible]
    assert "Settings" not in shown and "Leave this game" in shown
    frame(app, clock, key(pygame.K_ESCAPE))
    assert app.top is t and t.curtain_button is not None and app.booth is not None


def visitor_game_under_way(app: App, clock: FakeClock) -> None:
    """A stranger's one-seat game from the booth's show, set up and a dozen actions in."""
    frame(app, clock, key(pygame.K_SPACE))
    set_up(app, clock)
    s, rng = app.session, random.Random(2)
    for _ in range(12):
        s.act(rng.choice(s.legal())) if s.human_to_act() else s.poll()
    frame(app, clock)


def seated_two_player_game(app, clock) -> TableScene:
    """A visitors' two-player game played up to a hand-off, the person to act sitting
    down at the curtain: the table shows their hand."""
    b = app.booth
    frame(app, clock, key(pygame.K_SPACE))
    frame(app, clock, click(b.two_button.center))
    t = app.top
    s, rng = t.session, random.Random(3)
    while s.handoff() is None:  # the set-up, made for them: the first curtain is the hands'
        if s.watch is None and s.legal():  # (else the person leaving watches what it
            s.act(rng.choice(s.legal()))  # did, then it rises)
        frame(app, clock)
    frame(app, clock, dt=1.0)  # the hand-over guard passes
    frame(app, clock, key(pygame.K_SPACE))
    frame(app, clock)
    assert s.handoff() is None and t.curtain_button is None and t.shown
    return t


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("back", ["key", "click"])
def test_a_two_player_game_comes_back_from_idle_to_the_curtain_not_a_hand(
        tmp_path, card_db, size, back):
    """Whoever touches the screen after "Still playing?" may be a stranger or the other
    player: with two people at it, the game comes back at the curtain of the seat to act
    (any key brought the hand straight back), and that seat's person sits down again."""
    app, clock = booth_app(tmp_path, card_db, size=size)
    b = app.booth
    t = seated_two_player_game(app, clock)
    s, seat = t.session, t.session.to_act
    frame(app, clock, dt=b.idle_after)
    assert b.covers
    frame(app, clock, key(pygame.K_a) if back == "key" else click())
    assert b.state == "playing" and app.top is t
    frame(app, clock)
    assert s.handoff() == seat and t.curtain_button is not None and t.shown == []
    frame(app, clock, key(pygame.K_SPACE))  # the person to act sits down again
    frame(app, clock)
    assert s.handoff() is None and s.viewer == seat and t.shown


def test_a_two_player_game_paused_when_idle_comes_back_to_the_curtain(tmp_path, card_db):
    """Left idle on the pause menu: back from the cover, the pause menu lies over the
    curtain (the menu hides the table of a game two share: nothing of it is drawn),
    and Resume leaves the curtain up."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720))
    b = app.booth
    t = seated_two_player_game(app, clock)
    frame(app, clock, key(pygame.K_ESCAPE))
    assert isinstance(app.top, PauseScene)
    frame(app, clock, dt=b.idle_after)
    assert b.covers
    frame(app, clock, click())
    frame(app, clock)
    assert isinstance(app.top, PauseScene) and app.top.opaque and t.session.handoff() is not None
    frame(app, clock, key(pygame.K_ESCAPE))  # Resume
    frame(app, clock)
    assert app.top is t and t.shown == [] and t.curtain_button is not None


def test_the_line_under_the_prompt_stands_on_a_backing(tmp_path, card_db, monkeypatch):
    """"One player against the computer..." is drawn on a dark backing, not straight
    over the hand's card art: on a white table, round its words is dark."""
    app, _ = booth_app(tmp_path, card_db, size=(1280, 720))
    drawn, real = {}, booth.text
    monkeypatch.setattr(booth, "text", lambda surface, words, *a, **k: drawn.setdefault(
        words, real(surface, words, *a, **k)))
    white = pygame.Surface((1280, 720))
    white.fill((255, 255, 255))
    app.booth.draw(white)
    line = next(r for words, r in drawn.items() if words.startswith("One player"))
    for x, y in ((line.left - 3, line.centery), (line.right + 3, line.centery),
                 (line.centerx, line.bottom + 1)):
        assert sum(white.get_at((x, y))[:3]) < 3 * 80, (x, y, white.get_at((x, y)))


def covered(app: App) -> pygame.mask.Mask:
    """The pixels the booth's drawing changes on the table as it is now."""
    app._draw_stack()
    under = app.screen.copy()
    app.booth.draw(app.screen)
    over = app.screen.copy()
    diff = over.copy()
    diff.blit(under, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    under.blit(over, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(under, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    changed = pygame.mask.from_threshold(diff, (0, 0, 0, 255), (1, 1, 1, 255))
    changed.invert()
    return changed


def outside(mask: pygame.mask.Mask, allowed: list[pygame.Rect]) -> int:
    """How many of `mask`'s pixels lie outside the `allowed` rects."""
    rest = pygame.Mask(mask.get_size(), fill=True)
    for r in allowed:
        rest.erase(pygame.Mask(r.size, fill=True), r.topleft)
    return mask.overlap_area(rest, (0, 0))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("who", ["show", "person"])
def test_the_booth_covers_none_of_the_table_s_words(tmp_path, card_db, size, seats, who):
    """What the booth draws over a game leaves the table readable: the phase bar (what
    to do now), the Field with the combat panel (its last lines said who attacks and
    what the round does), the seat panels, the log, the inspector and the caption over
    the hand. "Click or press any key to play" lay over the Field's foot, covering the
    combat panel's last lines and the hand's caption; it goes over the hand below its
    caption (an AI seat's hand in a show game). The two-player offer lay over the
    inspector's foot, then over the Off Field panel (what the panel is for hidden); it
    goes in the room under the seat panels, where four leave none (s33b)."""
    from game.ui.session import Session, SessionConfig
    from game.ui.table import ink
    from game.ui.table.layout import compute
    app, clock = booth_app(tmp_path, card_db, size=size)
    b = app.booth
    level = "levels/quick_demo.yaml" if seats == 2 else "levels/four_players.yaml"
    kinds = ["ai:easy"] * seats if who == "show" else ["human"] + ["ai:easy"] * (seats - 1)
    if who == "person":
        frame(app, clock, click())  # a visitor sits down...
    config = SessionConfig(level, kinds, seed=5)  # ...at a game of this many seats
    app.play(Session(config, keys=replay_keys(seats, 5), threaded=False))
    assert b.state == ("attract" if who == "show" else "playing")
    lay = compute(size)
    caption = lay.hand.y + lay.px(2) + ink.font(lay.px(13)).get_linesize()
    hand = pygame.Rect(lay.hand.x, caption, lay.hand.w, lay.hand.bottom - caption)
    below = lay.seats.top + seats * min(lay.seats.h // seats, lay.px(150))  # seat panels' foot
    allowed = [hand] if who == "show" else \
        [pygame.Rect(0, below, lay.seats.w, lay.seats.bottom - below)]
    checked = fights = 0
    for n in range(800):  # the set-up, then play to the first Combat's panel
        frame(app, clock, dt=0.3)
        fight = app.top.fight is not None
        if fight or n % 10 == 0:
            over = covered(app)
            assert outside(over, allowed) == 0, over.get_bounding_rects()
            assert over.count() or (who, seats) == ("person", 4)  # no room for the offer
            checked, fights = checked + 1, fights + fight
        if fights > 3 or (who == "person" and checked > 3):
            break
    assert fights > 3 or who == "person"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_between_show_games_the_call_to_play_is_centred_below_the_tip(tmp_path, card_db, size):
    """Over the title and tip there is no table and no hand: the call to play stands in
    the middle of the window, below the tip, clear of the window's foot (placed over a
    hand that was not there, it sat off centre and squeezed against the bottom)."""
    app, clock = booth_app(tmp_path, card_db, size=size)
    app.booth.interlude()
    frame(app, clock)
    assert isinstance(app.top, InterludeScene)
    words = covered(app).get_bounding_rects()
    box = words[0].unionall(words[1:])
    s = size[1] / 720
    assert abs(box.centerx - size[0] / 2) <= 2 and box.bottom <= size[1] - 60 * s, box
    assert box.h >= 100 * s  # the theme's sizes: nothing shrunk to fit


def test_idle_hides_the_hands_at_once_then_counts_down_then_puts_the_game_away(
        tmp_path, card_db, monkeypatch):
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    frame(app, clock, key(pygame.K_SPACE))
    set_up(app, clock)
    game = app.session
    drawn = []
    real = TableScene.draw
    monkeypatch.setattr(TableScene, "draw", lambda self, s: (drawn.append(clock.t), real(self, s)))
    frame(app, clock, dt=b.idle_after - 1)
    assert b.state == "playing" and drawn
    frame(app, clock, dt=1.0)  # idle for the set time: hidden at once, in this frame
    assert b.state == "hidden" and b.covers
    drawn.clear()
    frame(app, clock, dt=5)
    assert not drawn, "the table was drawn under the countdown"
    assert 14 < b.left() <= 15
    frame(app, clock, key(pygame.K_a))  # still playing: the same game comes back
    assert b.state == "playing" and app.session is game
    frame(app, clock, dt=b.idle_after)
    assert b.state == "hidden"
    frame(app, clock, dt=b.countdown)
    assert b.state == "attract" and app.session is not game and game._worker is None
    assert b.ended[("one", "idle")] == 1


@pytest.mark.parametrize("two", [False, True])
def test_a_newcomer_at_still_playing_starts_a_new_game(tmp_path, card_db, two):
    """Someone walking up to "Still playing?" is most often not the one who left: a click
    anywhere brought back the half-played game of a stranger (the newcomer had to find
    Leave this game in the pause menu, then click again). "New game" on the cover puts
    the old game away and starts a fresh one at once, showing no hand of the old one;
    a click anywhere else still goes on with it."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720))
    b = app.booth
    if two:
        seated_two_player_game(app, clock)
    else:
        visitor_game_under_way(app, clock)
    old, kind = app.session, b.kind
    frame(app, clock, dt=b.idle_after)
    assert b.covers and b.new_button is not None
    frame(app, clock, click(b.new_button.center))
    assert b.state == "playing" and app.session is not old and old._worker is None
    assert app.session.seats == ["human", "ai:easy"] and app.session.helped == {0}
    assert app.session.state.phase == "equip" and not app.session.human_moves  # (set up
    assert b.ended[(kind, "put away")] == 1 and b.started["one"] == 2  # (two: one at first)
    frame(app, clock)
    assert isinstance(app.top, TableScene) and app.top.session is app.session
    assert b.two_button is not None  # the newcomer may bring a friend too


def test_watching_the_ai_seat_play_is_not_idle(tmp_path, card_db, monkeypatch):
    """The idle time counts while the game waits for a person, not while the visitor
    watches the AI seat's turn (up to 48 s of it at the normal speed, and the cover fell
    on a visitor who had watched it and then thought a while); an AI turn that never
    ends (a stuck worker) still lets the booth go back to its show."""
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    frame(app, clock, key(pygame.K_SPACE))
    s, rng = app.session, random.Random(1)
    while s.human_to_act():
        s.act(rng.choice(s.legal()))  # the visitor plays on to the AI seat's turn
    monkeypatch.setattr(s, "poll", lambda: [])  # ...which takes a long time
    for _ in range(round(1.5 * b.idle_after / 30)):
        frame(app, clock, dt=30)
        assert b.state == "playing"
    monkeypatch.undo()  # the AI seat's move: the person is waited for again
    while not s.human_to_act():
        frame(app, clock, dt=0.5)
    frame(app, clock, dt=b.idle_after - 1)
    assert b.state == "playing"
    frame(app, clock, dt=1)
    assert b.state == "hidden"
    frame(app, clock, click())  # back, then on to the AI's turn, which never ends
    while s.human_to_act():
        s.act(rng.choice(s.legal()))
    monkeypatch.setattr(s, "poll", lambda: [])
    began = clock.t
    while b.state == "playing":
        frame(app, clock, dt=10)
    assert booth.AI_TURN_MAX < clock.t - began <= booth.AI_TURN_MAX + b.idle_after + 10


@pytest.mark.parametrize("how", ["sitting down", "coming back"])
def test_a_key_held_to_sit_down_or_come_back_does_nothing_more(tmp_path, card_db, how):
    """The key that starts a game or brings one back from "Still playing?" is the booth's:
    held (the window repeats it), it went on to the game unseen: Space held to come back
    ended the visitor's phase, Esc held to sit down opened the pause menu. Once let go,
    the next press plays."""
    from game.engine import actions as A
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    k = pygame.K_ESCAPE if how == "sitting down" else pygame.K_SPACE
    if how == "coming back":
        frame(app, clock, key(pygame.K_RETURN))
        s, rng = app.session, random.Random(1)
        while not (s.human_to_act() and s.state.phase in ("equip", "move")
                   and any(isinstance(a, A.EndPhase) for a in s.legal())):
            s.act(rng.choice(s.legal())) if s.human_to_act() else s.poll()
        for _ in range(20):
            frame(app, clock)
        frame(app, clock, dt=b.idle_after)
        assert b.covers
        moves, phase = s.human_moves, s.state.phase
    down = pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    for _ in range(16):  # 0.4 s, then repeated every 40 ms
        frame(app, clock, [down], dt=0.05)
    frame(app, clock, key(k)[1:])  # let go
    assert b.state == "playing" and isinstance(app.top, TableScene)
    if how == "coming back":
        assert (s.human_moves, s.state.phase) == (moves, phase)
        frame(app, clock, key(k))  # a press of its own: End phase
        if "Space again ends it" in app.top.message[0]:  # cards still playable: asked (s68)
            assert s.human_moves == moves and phase == "equip"
            frame(app, clock, key(k))
        frame(app, clock)
        assert s.human_moves == moves + 1
    else:
        frame(app, clock, key(k))
        assert isinstance(app.top, PauseScene)


def test_a_game_played_to_its_end_then_left_counts_as_over(tmp_path, card_db):
    """A visitor plays to the end and walks off while the table still shows the last
    moves (the game-over screen waits for them): the booth puts the table away after the
    idle time, and counts a game played to its end, not one put away."""
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    frame(app, clock, key(pygame.K_SPACE))
    s, rng = app.session, random.Random(0)
    play_out(s, rng)
    frame(app, clock, dt=b.idle_after)
    assert b.state == "attract" and app.session is not s
    assert b.ended[("one", "over")] == 1 and not b.ended[("one", "put away")], b.ended


def test_the_idle_times_are_settings(tmp_path, card_db):
    app, clock = booth_app(tmp_path, card_db)
    app.settings.booth_idle, app.settings.booth_countdown = 30.0, 7.0
    frame(app, clock, click())
    set_up(app, clock)
    frame(app, clock, dt=30)
    assert app.booth.state == "hidden"
    frame(app, clock, dt=7)
    assert app.booth.state == "attract"
    assert Settings.from_json({"booth_idle": 1, "booth_countdown": 10 ** 6}).booth_idle == 10.0


def test_the_idle_times_are_the_booth_command_s_options(tmp_path, card_db, monkeypatch):
    """`booth --idle 30 --countdown 8` sets this run's times (staff at a convention had
    only settings.json), leaving settings.json as it was; a time out of the settings'
    bounds is one line and exit code 2, as every argument's."""
    import game.ui.app
    from game import cli
    opened = {}
    monkeypatch.setattr(game.ui.app, "open_window", lambda **kw: opened.update(kw) or 0)
    assert cli.main(["booth", "--idle", "30", "--countdown", "8"]) == 0
    assert opened == {"booth": True, "idle": 30.0, "countdown": 8.0, "window": False}
    app = App((960, 540), Settings(anim_speed="fast"), config=tmp_path / "config",
              data=tmp_path / "data")
    app.keys_for, app.threaded = replay_keys, False
    app.__dict__["db"] = card_db
    clock = FakeClock()
    app.start_booth(now=clock, seed=3, idle=opened["idle"], countdown=opened["countdown"])
    frame(app, clock, click())
    set_up(app, clock)
    frame(app, clock, dt=29)
    assert app.booth.state == "playing"
    frame(app, clock, dt=1)
    assert app.booth.state == "hidden"
    frame(app, clock, dt=8)
    assert app.booth.state == "attract"
    assert app.settings.booth_idle == 90.0 and not (tmp_path / "config").exists()
    for args in (["--idle", "9"], ["--idle", "3601"], ["--countdown", "4"],
                 ["--countdown", "nan"], ["--idle", "soon"]):
        with pytest.raises(SystemExit) as e:
            build_parser().parse_args(["booth", *args])
        assert e.value.code == 2
    assert "--idle SECONDS" in build_parser()._subparsers._group_actions[0].choices[
        "booth"].format_help()


def opened_booth(tmp_path, card_db, monkeypatch, argv: list[str],
                 settings: Settings | None = None) -> tuple[App, FakeClock]:
    """The window `python main.py <argv>` opens, with settings and saves under tmp_path,
    its loop not run, its booth on a fake clock."""
    import game.ui.app
    from game import cli
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if settings is not None:
        settings.save()
    clock, opened = FakeClock(), []
    start = App.start_booth

    def start_booth(app, **kw):
        app.keys_for, app.threaded = replay_keys, False
        app.__dict__["db"] = card_db
        start(app, now=clock, seed=3, **kw)

    monkeypatch.setattr(game.ui.app.App, "start_booth", start_booth)
    monkeypatch.setattr(game.ui.app.App, "run", lambda app: opened.append(app) or 0)
    assert cli.main(argv) == 0
    return opened[0], clock


@pytest.mark.parametrize("how", ["command", "setting"])
@pytest.mark.parametrize("kept", [False, True])
def test_the_booth_fills_the_screen_and_leaves_the_settings_choice_alone(
        tmp_path, card_db, monkeypatch, how, kept):
    """A kiosk fills the screen: the booth opens full screen (it opened a 1280x720 window
    in the middle of the convention's monitor), whether asked for on the command line or
    set in the settings, headless too; the settings' own full screen, for ordinary play,
    is neither read nor changed, and Ctrl+Shift+T leaves to the title in the display
    they choose."""
    saved = Settings(anim_speed="fast", fullscreen=kept, booth=how == "setting")
    app, clock = opened_booth(tmp_path, card_db, monkeypatch,
                              ["booth"] if how == "command" else [], saved)
    assert pygame.display.is_fullscreen() and app.booth is not None and app.full
    assert app.size == pygame.display.get_desktop_sizes()[0]
    for events in ([], click(), [], key(pygame.K_F11), []):  # a visitor's game, drawn
        frame(app, clock, events)
    assert app.booth.state == "playing" and app.full and isinstance(app.top, TableScene)
    assert Settings.load().fullscreen is kept and app.settings.fullscreen is kept
    frame(app, clock, key(LEAVE[0], LEAVE[1]))
    assert isinstance(app.top, TitleScene) and app.full is kept
    assert pygame.display.is_fullscreen() is kept and (kept or app.size == (1280, 720))
    frame(app, clock, key(pygame.K_F11))  # F11 switches from what is shown
    assert app.full is not kept and app.settings.fullscreen is not kept


@pytest.mark.parametrize("kept", [False, True])
def test_booth_window_opens_a_window_for_trying_it_out(tmp_path, card_db, monkeypatch, kept):
    """Staff trying the booth out on a laptop: `booth --window` is a window even where
    the settings say full screen, and the settings are left as they are."""
    app, clock = opened_booth(tmp_path, card_db, monkeypatch, ["booth", "--window"],
                              Settings(anim_speed="fast", fullscreen=kept))
    assert not pygame.display.is_fullscreen() and app.booth is not None and not app.full
    assert app.size == (1280, 720)
    frame(app, clock, click())
    assert app.booth.state == "playing" and Settings.load().fullscreen is kept


def test_no_way_out_but_the_key_chord(tmp_path, card_db):
    app, clock = booth_app(tmp_path, card_db)
    frame(app, clock, [pygame.event.Event(pygame.QUIT)])
    assert app.running and app.booth is not None
    frame(app, clock, key(pygame.K_F11))
    assert not app.settings.fullscreen
    frame(app, clock, key(pygame.K_RETURN))  # a game
    frame(app, clock, key(pygame.K_ESCAPE))
    pause = app.top
    assert isinstance(pause, PauseScene)
    shown = [w.label for w in pause.form.widgets if w.visible]
    assert "Settings" not in shown and "Leave this game" in shown
    for k, mod in ((pygame.K_q, pygame.KMOD_CTRL), (pygame.K_q, pygame.KMOD_SHIFT),
                   (pygame.K_ESCAPE, 0), (pygame.K_F4, pygame.KMOD_ALT)):
        frame(app, clock, key(k, mod))
        assert app.running and app.booth is not None
    frame(app, clock, key(LEAVE[0], LEAVE[1]))
    assert app.booth is None and isinstance(app.top, TitleScene) and app.running
    assert build_parser().parse_args(["booth"]).func.__name__ == "_cmd_booth"


def test_between_attract_games_the_title_and_a_tip(tmp_path, card_db):
    app, clock = booth_app(tmp_path, card_db, speed="instant")
    for _ in range(3000):
        frame(app, clock, dt=1.0)
        if isinstance(app.top, InterludeScene):
            break
    assert isinstance(app.top, InterludeScene) and app.top.tip
    assert app.booth.ended[("attract", "over")] == 1
    frame(app, clock, dt=30)
    assert app.booth.state == "attract" and isinstance(app.top, TableScene)


# A day alone --------------------------------------------------------------------------------

def rss_mb() -> float:
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except OSError:  # no /proc: the peak is the next best
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def faces_mb(app: App) -> float:
    """The card pictures cached (game/ui/faces.py: an LRU bounded by bytes), in MB."""
    return app.faces._cache.bytes / 2 ** 20


def bounded_caches() -> list:
    """The window's caches: each an LRU of a set size (fonts, each new size an open file;
    icons) or of a set number of bytes (ink's lines of text)."""
    out = []
    for name, module in list(sys.modules.items()):
        if name.startswith("game.ui"):
            out += [f for f in vars(module).values() if not isinstance(f, type)
                    and callable(getattr(f, "cache_clear", None)) and hasattr(f, "cache_info")]
    return out


def measure(app: App) -> tuple[float, int, int, float]:
    """(RSS in MB, open files, threads, card pictures cached in MB), with the caches that
    are bounded by design emptied first, so what is left is what would grow for ever."""
    pictures = faces_mb(app)
    caches = bounded_caches()
    assert len(caches) >= 10
    for cache in caches:
        cache.cache_clear()
    gc.collect()
    try:  # what was freed goes back to the system, so RSS counts only what is held
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass  # not glibc: RSS keeps freed memory, and the bound below is looser than it looks
    return rss_mb(), open_files(), threading.active_count(), pictures


def open_files() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 0


class Visitor:
    """Someone walking up: a burst of random input (clicks, keys, the all-actions menu),
    sometimes the two-player button, sometimes a whole game, then gone."""

    def __init__(self, rng: random.Random, app: App, first: bool = False):
        self.rng, self.app = rng, app
        self.whole = first or rng.random() < 0.2  # plays on to the end
        self.frames = 600 if self.whole else rng.choice((2, 4, 8, 16))
        self.two = not first and rng.random() < 0.5

    def events(self) -> list:
        r, (w, h) = self.rng, self.app.size
        b = self.app.booth
        if self.two and b.two_button is not None:
            self.two = False
            return click(b.two_button.center)
        roll = r.random()
        if self.whole and self.frames % 2:
            return key(pygame.K_SPACE)  # End phase; at the hot-seat curtain, take the seat
        if self.whole or roll < 0.5:
            # The list of every action (A), a row, Enter: a legal move, as a hasty player
            # makes one.
            return key(pygame.K_a) + key(pygame.K_DOWN) * r.randrange(3) + key(pygame.K_RETURN)
        if roll < 0.75:
            return click((r.randrange(w), r.randrange(h)))
        if roll < 0.85:
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=(r.randrange(w), r.randrange(h)),
                                       rel=(0, 0), buttons=(0, 0, 0))]
        return key(r.choice((pygame.K_TAB, pygame.K_ESCAPE, pygame.K_F11, pygame.K_q,
                             pygame.K_SPACE)))


def test_a_day_alone(tmp_path, card_db, monkeypatch, capsys):
    """24 hours of booth mode on a fake clock, in large steps: attract games, visitors who
    play a little, a lot, or a whole game, in one and two-player games, and walk off.
    Nothing raises; memory, open files and threads stay bounded; every game started
    reached its end, or an idle reset, or was put away for the next one."""
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    rng = random.Random(17)
    start = clock.t
    drawn_hidden = []
    real = TableScene.draw
    monkeypatch.setattr(TableScene, "draw", lambda self, s: (
        drawn_hidden.append(clock.t) if b.covers else None, real(self, s)))
    visitor: Visitor | None = None
    marks: dict[int, tuple[float, int, int]] = {}
    frames = 0
    states = set()
    while clock.t - start < 24 * HOUR:
        hour = int((clock.t - start) // HOUR)
        if hour not in marks and hour in (0, 1, 23):
            marks[hour] = measure(app)
        # Nobody about: the clock jumps minutes a frame (an AI still makes one move a
        # frame, so an attract game takes hours of this clock: frames are what cost).
        events, dt = [], rng.choice((30.0, 60.0, 120.0))
        # Visitors come now and then, most often while the title shows between games.
        if visitor is None and rng.random() < {"attract": 0.004, "interlude": 0.5}.get(b.state, 0):
            visitor = Visitor(rng, app, first=not b.started["one"])
        if visitor is not None:
            events, dt = visitor.events(), rng.choice((0.5, 2.0, 5.0))
            visitor.frames -= 1
            over = b.state == "playing" and app.session is not None \
                and app.session.result is not None
            if visitor.frames <= 0 or (visitor.whole and over):
                visitor = None  # walks off
        elif b.state == "hidden" and rng.random() < 0.2:
            events = click()  # back just in time
        frame(app, clock, events, dt)
        frames += 1
        states.add(b.state)
        assert app.running and app.top is not None
        assert b.state in ("attract", "interlude", "playing", "hidden")
        assert frames < 2000, "too many frames for the suite's time"
    end = measure(app)
    started = sum(b.started.values())
    ended = sum(b.ended.values())
    with capsys.disabled():
        print(f"\nbooth day: {frames} frames; started {dict(b.started)}; ended {dict(b.ended)}; "
              f"memory (RSS) {marks[0][0]:.1f} MB at hour 0, {marks[1][0]:.1f} at hour 1, "
              f"{end[0]:.1f} at hour 24, of which card pictures (a bounded cache) "
              f"{marks[0][3]:.1f}, {marks[1][3]:.1f}, {end[3]:.1f}; open files {marks[0][1]}, "
              f"{marks[1][1]}, {end[1]}; threads {marks[0][2]} -> {end[2]}")

    assert states == {"attract", "interlude", "playing", "hidden"}
    assert started == ended + (1 if b.kind else 0), (b.started, b.ended)
    assert {outcome for _, outcome in b.ended} <= {"over", "idle", "put away"}
    assert b.ended[("attract", "over")] >= 2  # attract games end, and the next one follows
    assert b.ended[("one", "idle")] >= 1  # a one-player game reset when its player walked off
    assert b.ended[("one", "idle")] + b.ended[("two", "idle")] >= 3  # idle resets, both kinds
    assert b.ended[("one", "over")] + b.ended[("two", "over")] >= 1
    assert b.started["two"] >= 1
    assert not drawn_hidden, "the table was drawn while the hands were to be hidden"
    # Beyond the card pictures' cache (bounded by its bytes), memory stays flat.
    assert (end[0] - end[3]) - (marks[1][0] - marks[1][3]) < 15, "memory grew"
    assert end[1] <= marks[1][1] + 2, "open files grew"
    assert end[2] <= marks[0][2] + 1, "threads were left running"
    assert not list((tmp_path / "data").rglob("slot-*.json"))


@pytest.mark.parametrize("mod", [pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT,
                                 pygame.KMOD_RCTRL | pygame.KMOD_LSHIFT,
                                 pygame.KMOD_LCTRL | pygame.KMOD_RSHIFT])
def test_the_key_chord_leaves_with_one_ctrl_and_one_shift_held(tmp_path, card_db, mod):
    """A real keyboard sets the bit of the Ctrl and the Shift held, not both sides': the
    staff held left Ctrl and left Shift and the booth stayed (it asked for all four)."""
    app, clock = booth_app(tmp_path, card_db)
    frame(app, clock, key(LEAVE[0], mod))
    assert app.booth is None and isinstance(app.top, TitleScene) and app.running


@pytest.mark.parametrize("in_booth", [True, False])
def test_the_game_over_screen_s_way_back_says_where_it_goes(tmp_path, card_db, in_booth):
    """In the booth the game-over screen's "Menu" said "Back to the title screen", and
    went back to the show. Its words say where it goes in each mode, and it goes there."""
    from game.ui.scenes.game_over import GameOverScene
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720), speed="instant")
    if in_booth:
        frame(app, clock, key(pygame.K_SPACE))  # a visitor's game
    else:
        frame(app, clock, key(LEAVE[0], pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
        assert app.booth is None and isinstance(app.top, TitleScene)
        app.start_game(SessionConfig(booth.DEMO, ["human", "ai:easy"], seed=3))
    s, rng = app.session, random.Random(0)
    play_out(s, rng)
    for _ in range(10):
        frame(app, clock, dt=0.1)
    over = app.top
    assert isinstance(over, GameOverScene)
    words = f"{over.menu.label}: {over.menu.tooltip}"
    if in_booth:
        assert words == ("Done: Back to the show: AI seats play on, and a click or a key "
                         "there starts a new game.")
    else:
        assert words == "Menu: Back to the title screen."
    frame(app, clock, key(pygame.K_ESCAPE))
    if in_booth:
        assert app.booth.state == "attract" and isinstance(app.top, TableScene)
    else:
        assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_card_placed_in_the_set_up_flies_over_the_phase_bar(tmp_path, card_db, size,
                                                                 monkeypatch):
    """`booth --window`: a card an AI seat placed in the Field's top row rose over the
    phase bar on its arc, and a cell half scrolled up (the camera gliding to fit the
    growing Field) drew its cover there. At every frame of the set-up, drawing the
    animations leaves the bar as it was."""
    flights, over = [0], []
    draw_anims = TableScene._draw_anims

    def watched(t, surface):
        bar = pygame.image.tobytes(surface.subsurface(t.lay.bar), "RGB")
        draw_anims(t, surface)
        flights[0] += any(isinstance(a, Fly) and a.tween.started for a in t.animator.anims)
        if pygame.image.tobytes(surface.subsurface(t.lay.bar), "RGB") != bar:
            over.append(len(t.session.record.actions))
    monkeypatch.setattr(TableScene, "_draw_anims", watched)
    app, clock = booth_app(tmp_path, card_db, size, speed="normal")
    while app.session.state.phase == "setup":
        frame(app, clock, dt=1 / 30)
    assert flights[0] > 20 and not over, f"over the bar after actions {sorted(set(over))}"
