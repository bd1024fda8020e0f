"""Saved games and the title as a newcomer meets them (s70's playtest): a broken save's
row says which file and why, and a click offers Delete; Continue only for a save that
can be continued; a read-only folder's banner leaves with the game and names the
folder; the guided game asks which save to replace when every slot is full; rows of
one level are told apart; Esc on the title asks before quitting."""
from __future__ import annotations

import errno
import os
import shutil

import pygame
import pytest

from game.ai import make_agent
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.match import decision_rng
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.slots import SlotsScene
from game.ui.scenes.title import TitleScene
from game.ui.session import SessionConfig

DEMO = str(DEFAULT_LEVELS_DIR / "quick_demo.yaml")
STANDARD = str(DEFAULT_LEVELS_DIR / "standard_2p.yaml")


@pytest.fixture
def app(quiet_app):
    quiet_app.settings.guide_seen = True
    return quiet_app


def play(app, level: str = DEMO, actions: int = 2) -> int:
    """A game of `level` a few actions on, then the menu: the slot it is saved in."""
    app.start_game(SessionConfig(level, ["human", "ai:easy"], seed=3))
    s, agent, slot = app.session, make_agent("easy"), app.saves.held
    while len(s.record.actions) < actions:
        if s.human_to_act():
            s.act(agent.choose(s.view(), s.legal(), decision_rng(b"t", s.state.actions)))
        else:
            s.poll()
    app.to_menu()
    return slot


def frames(app, n: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.step([], dt)


def click(app, pos) -> None:
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step([motion], 1 / 60)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def key(app, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], 1 / 60)


def cut_in_half(app, n: int) -> None:
    """Slot n holds half a save (a crash of the disk, a copy stopped midway)."""
    whole = app.saves.path(1).read_text(encoding="utf-8")
    app.saves.path(n).write_text(whole[:len(whole) // 2], encoding="utf-8")


def row(scene: SlotsScene, n: int):
    return next((go, delete) for info, go, delete in scene.rows if info.number == n)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_a_broken_save_s_row_names_its_file_says_why_and_offers_delete(app, size):
    """Its row was a dead click, greyed, "Cannot be continued: line 18: ... a string is
    not close…": no file named, no tooltip, a click did nothing."""
    play(app)
    cut_in_half(app, 2)
    app.resize(size)
    app.reset(TitleScene(app))
    app.push(SlotsScene(app))
    scene = app.top
    go, _ = row(scene, 2)
    why = app.saves.info(2).error
    assert go.visible and why
    head, details = (words for words, _, _ in go.lines(scene.scale))
    assert "slot-2.json" in head and go.badge(scene.scale)[0] == "Slot 2"
    assert details.startswith(why[:20]) and why in go.tooltip  # whole on hover
    click(app, go.rect.center)
    assert "slot-2.json" in scene.note and why in scene.note and "Delete" in scene.note
    f, lines = scene.said_lines(scene.note)
    assert not lines[-1].endswith("…"), lines  # the reason is said whole
    delete = row(scene, 2)[1]
    assert scene.form.focus is delete and delete.primary  # offered...
    click(app, delete.rect.center)
    assert app.saves.path(2).exists()  # ...and, as a good save's, deleted at a second click
    click(app, row(scene, 2)[1].rect.center)
    assert not app.saves.path(2).exists() and app.saves.path(1).exists()


def test_continue_is_not_offered_for_a_broken_save_and_the_title_says_where_to_look(app):
    """The only save broken, the title offered the gold Continue, which only said why
    not in red."""
    play(app)
    cut_in_half(app, 2)
    app.saves.remove(1)
    app.reset(TitleScene(app))
    frames(app)
    title = app.top
    assert not title.cont.visible and title.new.primary and title.saved.visible
    assert "Slot 2" in title.note and "Saved games" in title.note and not title.error
    play(app)  # a good one beside it: Continue goes on with that
    frames(app)
    assert app.top.cont.visible and app.saves.latest().number == 1


def test_a_read_only_saves_folder_is_named_and_its_banner_leaves_with_the_game(app,
                                                                             monkeypatch):
    """The red "This game cannot be saved: .../slot-1.lock: Read-only file system. It goes
    on." stayed on the title after Quit to menu, over the footer, naming a lock file
    the player never made."""
    real_open = os.open

    def read_only(path, *args, **kwargs):
        if str(path).endswith(".lock"):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr(os, "open", read_only)
    app.reset(TitleScene(app))
    app.start_game(SessionConfig(DEMO, ["human", "ai:easy"], seed=3))
    frames(app)
    folder = str(app.saves.folder)
    assert app._banner_words() == (f"This game cannot be saved: {folder}: Read-only file "
                                   "system. It goes on.")
    app.to_menu()
    frames(app)
    assert app._banner_words() == ""
    assert app.top.note == f"Games cannot be saved: {folder}: Read-only file system."


def test_the_guided_game_asks_which_save_it_replaces_when_every_slot_is_full(app):
    """New game asked; the guided game began unsaved under a red banner."""
    play(app)
    for n in range(2, 7):
        shutil.copyfile(app.saves.path(1), app.saves.path(n))
    app.reset(TitleScene(app))
    frames(app)
    app.top.guided.activate()
    frames(app)
    scene = app.top
    assert isinstance(scene, SlotsScene) and scene.replacing is not None
    assert app.session is None and app._banner_words() == ""
    go, _ = row(scene, 4)
    click(app, go.rect.center)
    assert app.session is None  # a save is never replaced without asking
    click(app, go.rect.center)
    assert app.session is not None and app.session.guide is not None
    assert app.saves.held == 4 and app._banner_words() == ""


def test_at_a_first_start_the_question_has_the_title_under_it(app):
    """The guide opens first when the window does: Back must not close the program."""
    play(app)
    for n in range(2, 7):
        shutil.copyfile(app.saves.path(1), app.saves.path(n))
    app.reset(TitleScene(app))
    app._stack.clear()
    app.start_guide()
    assert isinstance(app.top, SlotsScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene) and app.running


def test_rows_of_six_games_of_one_level_are_told_apart_and_a_long_name_keeps_its_phase(app):
    """Six games of one level read the same to the second; "Standard, two players" cut
    the phase to "Setting up the Fie…" while the line below had room."""
    play(app)
    for n in range(2, 6):
        shutil.copyfile(app.saves.path(1), app.saves.path(n))
    assert play(app, STANDARD) == 6
    app.resize((960, 540))
    app.reset(TitleScene(app))
    app.push(SlotsScene(app))
    scene = app.top
    seen = set()
    for info, go, _ in scene.rows:
        badge, _, where = go.badge(scene.scale)
        lines = go.lines(scene.scale)
        words = [w for w, _, _ in lines]
        seen.add((badge, *words))
        assert badge == f"Slot {info.number}" and words[0].startswith(info.saved)
        assert all(go.rect.contains(r) and not r.colliderect(where) for _, _, r in lines)
        assert not any(w.endswith("…") for w in words), words
        assert "Setting up the Field" in " ".join(words), words
    assert len(seen) == 6


def test_esc_on_the_title_asks_before_quitting(app):
    """Esc quit at once, while the footer said "Esc goes back": Esc twice from New game
    closed the program."""
    app.reset(TitleScene(app))
    frames(app)
    app.top.new.activate()
    assert isinstance(app.top, NewGameScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    title = app.top
    assert isinstance(title, TitleScene) and app.running
    assert title.form.focus is title.quit_button and "?" in title.quit_button.label
    key(app, pygame.K_ESCAPE)  # a third takes the question back
    assert app.running and title.quit_button.label == "Quit"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running
