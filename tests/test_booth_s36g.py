"""A way off the guided first game's rails (s36g). Two stops of strangers found "no way
off the guide's rails, and none back on": one who wanted to play freely had to finish
the 104 scripted actions or quit to the menu. The guide's panel (and the pause menu in
the lesson) has Leave the lesson, with a key (L), asked first; left, the same game goes
on freely, the AI seat deciding for itself, and the save is no longer a lesson; the
lesson is begun again from the title, and that is said where the guide was looked for."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import game.ui.app as app_module  # noqa: E402
from mouse_player import MousePlayer  # noqa: E402
from test_booth import booth_app, frame, key  # noqa: E402
from game.ai import make_agent  # noqa: E402
from game.engine import legal_actions  # noqa: E402
from game.engine import actions as A  # noqa: E402
from game.engine.save import Replay  # noqa: E402
from game.ui.app import App, guide_rect  # noqa: E402
from game.ui.guide import AGAIN, LEAVE_WHAT  # noqa: E402
from game.ui.scenes.pause import LeaveLessonScene, PauseScene  # noqa: E402
from game.ui.table import TableScene  # noqa: E402

SCAVENGE = 36  # actions played when the guide asks for its third step, Scavenge


@pytest.fixture
def app(quiet_app):
    quiet_app.to_menu()
    return quiet_app


def guided_to(app: App, actions: int) -> MousePlayer:
    """The guided first game, played with the mouse on its rails to `actions`."""
    app.start_guide()
    s = app.session
    player = MousePlayer(app, seed=1)
    player.step()
    while s.state.actions < actions or not player.ready(app.top):
        t = app.top
        player.act(t) if player.ready(t) else player.step()
    return player


def panel_spy(monkeypatch) -> list[tuple]:
    """Every guide panel drawn from now on: (heading, words, the control's label, its
    rect)."""
    drawn: list[tuple] = []
    was = app_module._guide_panel

    def spy(surface, heading, words, *more):
        rect = was(surface, heading, words, *more)
        drawn.append((heading, words, *more, rect))
        return rect
    monkeypatch.setattr(app_module, "_guide_panel", spy)
    return drawn


def press(player: MousePlayer, k: int) -> None:
    player.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
                 pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)])


def leave(app: App, player: MousePlayer) -> None:
    """Leave the lesson by its key, and say yes."""
    press(player, pygame.K_l)
    assert isinstance(app.top, LeaveLessonScene)
    player.press(app.top.leave)
    player.step()
    assert isinstance(app.top, TableScene)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1366, 768), (1920, 1080)])
def test_the_guide_s_panel_shows_a_way_out_of_the_lesson_under_its_words(app, size,
                                                                          monkeypatch):
    """The player's view (s36g): no control on the guide's panel led off its rails. It
    has "Leave the lesson", its key L shown on it, inside the panel and under the words
    (each the guide says, at every size: none runs into it)."""
    from game.ui.fonts import wrap
    from game.ui.widgets import font
    app.resize(size)
    drawn = panel_spy(monkeypatch)
    guided_to(app, 3)
    _, _, label, rect = drawn[-1]
    assert label == "Leave the lesson"
    box = guide_rect(app.size)
    assert box.contains(rect)
    # Every word the guide says, wrapped as the panel wraps it, ends above the control.
    s = min(size[0] / 1280, size[1] / 720)
    body, head = font("label", s * 0.85), font("button", s)
    pad = round(14 * s)
    bottom = box.top + round(8 * s) + head.get_height() + round(2 * s)
    guide = app.session.guide
    from game.engine import apply
    st = app.session.game.new_state(app.session.record.seed)
    for a in guide.script.actions:
        _, words = guide.words(st)
        assert bottom + len(wrap(words, body, box.w - 2 * pad)) * body.get_linesize() \
            <= rect.top, words
        apply(st, a)
    # The key is shown on it: the drawn pixels differ where its name stands.
    shot = app.screen.copy()
    right = pygame.Rect(rect.right - round(40 * s), rect.top + 4, round(30 * s), rect.h - 8)
    colours = {shot.get_at((x, y))[:3] for x in range(right.left, right.right)
               for y in range(right.top, right.bottom)}
    assert len(colours) > 2


def test_leaving_is_asked_first_saying_what_happens_and_staying_changes_nothing(app):
    """The player's view: a way off the rails a press could take by mistake would lose
    the lesson. A click on the panel's control (or L) asks first, in words that say
    what happens and where the lesson is found again; "Stay in the lesson" (Esc, the
    first choice) goes back to the guide as it was."""
    player = guided_to(app, SCAVENGE)
    s = app.session
    n = s.state.actions
    player.step()
    rect = app._leave_rect
    assert rect is not None
    player.click(rect.center)
    q = app.top
    assert isinstance(q, LeaveLessonScene) and q.form.focus is q.stay
    assert LEAVE_WHAT == ("The guide stops; the computer plays Player 2 for itself from "
                          "here. To start the lesson again: Guided first game on the title.")
    press(player, pygame.K_ESCAPE)
    assert isinstance(app.top, TableScene) and s.guide is not None
    assert s.state.actions == n and app.top.board.legal == [s.guide.scripted(s.state)]
    press(player, pygame.K_l)  # the key asks the same
    assert isinstance(app.top, LeaveLessonScene)
    press(player, pygame.K_RETURN)  # Enter is the focused choice: staying
    assert isinstance(app.top, TableScene) and s.guide is not None


def test_after_leaving_the_table_is_free_and_the_panel_gone(app, monkeypatch):
    """The player's view: left, the guide's panel and its highlights are gone: every
    legal action is offered (the rails offered the scripted one only), the Field has
    the panel's room back, and the guide's words are drawn no more."""
    player = guided_to(app, SCAVENGE)
    s, t = app.session, app.top
    assert t.board.legal == [s.guide.scripted(s.state)]
    drawn = panel_spy(monkeypatch)
    leave(app, player)
    for _ in range(5):
        player.step()
    assert s.guide is None and app._leave_rect is None and not drawn
    assert t.camera.clear_top == 0.0
    assert sorted(map(str, t.board.legal)) == sorted(map(str, legal_actions(s.state)))
    assert len(t.board.legal) > 1
    assert t.message[0] == AGAIN  # where the guide was, said: it begins again only
    s.act(A.EndPhase())  # off the script (it Scavenged here): the table takes it


def test_after_leaving_the_ai_seat_decides_for_itself(app):
    """The script drove the AI seat (ScriptedAgent: its scripted action wherever still
    legal): left, Player 2 plays as the easy AI the guided game gives it, deciding from
    the game as it now stands, never the script's move for another game."""
    player = guided_to(app, SCAVENGE)
    s = app.session
    leave(app, player)
    easy = make_agent("easy")
    s.act(A.EndPhase())  # off the script: it Scavenged here
    decided = 0
    while decided < 40 and s.result is None:
        if s.human_to_act():
            s.act(s.legal()[-1])
            continue
        q = s.match.ask()
        expect = easy.choose(q.view, q.legal, q.rng)
        s.poll()
        assert s.record.actions[-1] == expect
        decided += 1
    assert decided == 40


def test_left_the_save_is_no_lesson_and_continue_brings_no_guide(app):
    """The player's view: a game that left the lesson, continued, came back on the
    guide's rails (its save said "guide"), the script long gone from the game. The save
    says it left the lesson, at once: Continue brings no guide back, the pause menu
    says where the lesson is found again, and a new guided game does not take its slot
    (it is the player's own game now)."""
    player = guided_to(app, SCAVENGE)
    leave(app, player)
    assert app.save_error == ""  # (waits for the save being written)
    table = Replay(app.saves.path(app.saves.held), db=app.db).record.table
    assert "guide" not in table and "lesson" not in table and table["left_lesson"] is True
    held = app.saves.held
    assert not app.saves.info(held).guided
    app.to_menu()
    app.continue_game()
    for _ in range(10):
        app.step([], 1 / 60)
    s = app.session
    assert isinstance(app.top, TableScene) and s.guide is None and s.left_lesson
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                 scancode=0)], 1 / 60)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.again == AGAIN
    assert not any(w.visible and w.label == "Leave the lesson" for w in pause.form.widgets)
    app.to_menu()
    app.start_guide()
    assert app.saves.held != held  # the old game kept its slot


def test_the_key_says_where_the_lesson_is_once_left(app):
    """The player's view: after leaving, one who looks for the guide again presses the
    key they left it by: it says the lesson starts over from the title (a game that left
    the script is never put back on it)."""
    player = guided_to(app, SCAVENGE)
    leave(app, player)
    t = app.top
    t.message = ("", 0.0)
    press(player, pygame.K_l)
    assert isinstance(app.top, TableScene) and app.session.guide is None
    assert t.message[0] == AGAIN


def test_the_pause_menu_in_the_lesson_leaves_it_too(app):
    """The player's view: Esc is where a person looks for a way out; in the lesson the
    pause menu has Leave the lesson (L), asked as on the panel, and yes goes back to the
    table, played freely."""
    player = guided_to(app, SCAVENGE)
    press(player, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    lesson = next(w for w in pause.form.widgets if w.label == "Leave the lesson")
    assert lesson.visible and lesson.key == pygame.K_l
    shown = [w for w in pause.form.widgets if w.visible]
    assert all(pause.box.contains(w.rect) for w in shown)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(shown)
                   for b in shown[i + 1:])
    press(player, pygame.K_l)
    assert isinstance(app.top, LeaveLessonScene)
    press(player, pygame.K_ESCAPE)
    assert app.top is pause  # staying: back where it was asked
    player.press(lesson)
    player.press(app.top.leave)
    player.step()
    assert isinstance(app.top, TableScene) and app.session.guide is None


def test_once_the_script_is_played_out_the_guide_closes_at_once(app, monkeypatch):
    """The player's view: past its script the panel said only "You have played every
    step" over the Field for the rest of the game. Its control is "Close the guide",
    which asks nothing (nothing else changes: the AI already decides for itself)."""
    drawn = panel_spy(monkeypatch)
    app.start_guide()
    s = app.session
    player = MousePlayer(app, seed=4)
    player.step()
    while not s.guide.over(s.state) or not player.ready(app.top):
        t = app.top
        player.act(t) if player.ready(t) else player.step()
    player.step()
    assert drawn[-1][2] == "Close the guide"
    player.click(app._leave_rect.center)
    assert isinstance(app.top, TableScene) and s.guide is None


def test_the_booth_s_games_have_no_lesson_and_its_idle_cover_still_comes(tmp_path, card_db):
    """The booth plays no guided game (a visitor's game is the plain quick demo): its
    L is no lesson's key there, and the idle cover and the reset to attract mode come as
    before."""
    app, clock = booth_app(tmp_path, card_db)
    b = app.booth
    frame(app, clock, key(pygame.K_RETURN))
    assert b.state == "playing" and app.session.guide is None
    for _ in range(400):
        if app.session.human_to_act():
            break
        frame(app, clock)
    frame(app, clock, key(pygame.K_l))
    assert isinstance(app.top, TableScene) and app.top.message[0] != AGAIN
    frame(app, clock, dt=b.idle_after)
    assert b.state == "hidden" and b.covers
    frame(app, clock, dt=b.countdown + 1)
    assert b.state in ("attract", "interlude")
