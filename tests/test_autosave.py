"""Nothing lost (issue 17): a game is saved in its slot after every action, in one
file, atomically; kill -9 at any moment loses at most the action being applied;
Continue brings back the same game exactly (log, seat generators, next decision);
two windows never write over each other; a full disk or a read-only folder is a
message on screen and the game goes on; Ctrl-C ends cleanly."""
from __future__ import annotations

import copy
import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import autosave_driver as driver  # noqa: E402  (tests/ is on sys.path)
import game.engine.files as files_module  # noqa: E402
import game.engine.save as save_module  # noqa: E402
from conftest import replay_keys  # noqa: E402
from game.ai import make_agent  # noqa: E402
from game.engine import apply_unchecked, legal_actions  # noqa: E402
from game.engine.actions import Drop, PickUp, Transfer  # noqa: E402
from game.engine.save import Record, Replay, load, save, snapshot  # noqa: E402
from game.match import decision_rng, load_game  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.game_over import GameOverScene  # noqa: E402
from game.ui.scenes import loading  # noqa: E402
from game.ui.scenes.loading import LoadingScene  # noqa: E402
from game.ui.scenes.slots import SlotsScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.session import Session, SessionConfig  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.slots import Saves  # noqa: E402
from game.ui.table import TableScene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEMO = str(ROOT / "levels" / "quick_demo.yaml")
KILLS = 50


def deep(st) -> dict:
    return copy.deepcopy(snapshot(st))


@pytest.fixture
def app(quiet_app):
    quiet_app.keys_for = replay_keys
    return quiet_app


# kill -9 ---------------------------------------------------------------------------------

def wait_for_cpu(pid: int, seconds: float) -> None:
    """Wait until the process has had `seconds` of CPU (or has ended): the moment of a
    kill is then a moment of the game's progress, the same under any load, where a
    wall-clock sleep on a loaded machine killed every life before it got anywhere."""
    tick = os.sysconf("SC_CLK_TCK")
    while True:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):  # reaped while we looked
            return
        if fields[0] == "Z" or (int(fields[11]) + int(fields[12])) / tick >= seconds:
            return
        time.sleep(0.002)


def test_kill_9_at_random_moments_loses_at_most_the_action_being_applied(tmp_path, card_db,
                                                                         monkeypatch):
    """A real process plays a game, saving after every action, and is killed with SIGKILL
    at random moments, 50 times and more; each time the next one Continues from the slot.
    After every kill the slot loads to exactly the uninterrupted game's state at the same
    action, never fewer actions than the last kill left, and no temporary file piles up."""
    # This process loads the slot after each life as Continue does (save.Replay), but
    # reads the deck files once: they do not change here, and reading them again was a
    # third of its checking. (The killed children Continue as the window does, unchanged.)
    shipped = save_module.load_decks(save_module.DEFAULT_DECKS_DIR, card_db)

    def decks_read_once(folder, db):
        assert Path(folder) == save_module.DEFAULT_DECKS_DIR and db is card_db
        return shipped
    monkeypatch.setattr(save_module, "load_decks", decks_read_once)
    game = driver.load_game(driver.LEVEL, 2)
    ref = driver.new_session(game)
    states = [deep(ref.state)]
    ref.on_action = lambda: states.append(deep(ref.state))
    driver.play_on(ref)
    actions = list(ref.record.actions)
    assert len(states) == len(actions) + 1 and ref.result is not None

    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "autosave_driver.py"),
                             str(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, cwd=ROOT)
    slot = tmp_path / "saves" / "slot-1.json"
    rng = random.Random(2024)
    kills, finished, reached = 0, 0, []
    floor = 0  # what the last life left in the slot (0 once the slot starts again)
    try:
        assert proc.stdout.readline().strip() == "ready"
        while kills < KILLS or finished == 0:
            proc.stdin.write("go\n")
            proc.stdin.flush()
            pid = int(proc.stdout.readline())
            if kills < KILLS:
                # A life's CPU until its kill: up to 0.15 s, as much as about 40 actions
                # saved each; a whole game takes some 0.4 s, so each game is cut by several
                # kills and every one lands at another moment of it (0.25 s played whole
                # games more often, more of the test's time, for the same 50 kills).
                wait_for_cpu(pid, rng.uniform(0.0, 0.15))
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass  # it ended first
            end = proc.stdout.readline().strip()
            assert end in ("signal 9", "exit 0"), f"the driver's child ended with {end}"
            kills += end == "signal 9"
            if not slot.exists():
                reached.append(0)
                continue
            record, state = Replay(slot, db=card_db).run()
            n = len(record.actions)
            assert record.actions == actions[:n], "the save is not the same game"
            assert deep(state) == states[n], f"state after {n} actions differs"
            assert n >= floor, "a kill lost actions saved before it"
            assert len(list(slot.parent.glob("*.tmp"))) <= 1
            reached.append(n)
            floor = n
            if end == "exit 0":  # the game was played to its end: the same end
                assert n == len(actions) and state.result == ref.result
                finished += 1
                if kills < KILLS:
                    slot.unlink()  # and again from the start
                    floor = 0
    finally:
        proc.stdin.close()
        proc.wait(10)
    print(f"{kills} kills; actions in the slot after each: {reached}")
    assert kills >= KILLS and len(set(reached)) > 10  # killed at many different moments


# Continue, exactly -------------------------------------------------------------------------

def person(session: Session, agent) -> object:
    """A stand-in for the human seat: the easy policy with a generator of its own."""
    return agent.choose(session.view(), session.legal(),
                        decision_rng(b"a person's whim", session.state.actions))


def advance(session: Session, agent, until: int | None = None) -> None:
    while session.result is None and (until is None or len(session.record.actions) < until):
        if session.handoff() is not None:
            session.take_seat()  # hot seat: the next person sits down
        elif session.human_to_act():
            session.act(person(session, agent))
        else:
            session.poll()


def test_continue_brings_back_the_same_game_exactly(app):
    """Continue (title, progress bar, table) after 40 actions gives the uninterrupted
    game's log (on screen too), its AI seats' generators and its next decision, and the
    game then goes on line for line to the same end."""
    config = SessionConfig(DEMO, ["human", "ai:easy"], seed=8)
    agent = make_agent("easy")
    whole = Session(SessionConfig(DEMO, ["human", "ai:easy"], seed=8), threaded=False,
                    keys=replay_keys(2, 8))
    advance(whole, agent, 40)
    at_40 = (list(whole.log), deep(whole.state), whole.match.question())
    table_40 = TableScene(app, whole).log_lines
    advance(whole, agent)

    app.start_game(config)
    advance(app.session, agent, 40)
    keys = app.session.record.keys
    app.to_menu()
    assert app.session is None and not app.saves.held
    app.step([], 1 / 60)
    app.top._continue()
    app.step([], 1 / 60)
    for _ in range(20):
        if isinstance(app.top, TableScene):
            break
        app.step([], 1 / 60)
    table = app.top
    assert isinstance(table, TableScene)
    s = table.session
    assert len(s.record.actions) == 40 and s.record.keys == keys
    assert s.log == at_40[0] and deep(s.state) == at_40[1]
    assert table.log_lines == table_40 and len(table.log_lines) > 10  # the log on screen
    q, q_whole = s.match.question(), at_40[2]
    assert (q is None) == (q_whole is None)
    if q is not None:  # the AI's next decision: same view, choices and generator
        assert q.legal == q_whole.legal and q.rng.random() == q_whole.rng.random()
    advance(s, agent)
    assert s.record.actions == whole.record.actions and s.log == whole.log
    assert deep(s.state) == deep(whole.state)


def long_game(game, seed: int, length: int) -> list:
    """Actions of a long game: Items picked up and dropped again and again, as a long
    save is made of."""
    rng, st, out = random.Random(seed), game.new_state(seed), []
    while len(out) < length and st.result is None:
        legal = legal_actions(st)
        free = [a for a in legal if isinstance(a, (Drop, PickUp, Transfer))]
        action = rng.choice(free if free and rng.random() < 0.97 else legal)
        apply_unchecked(st, action)
        out.append(action)
    return out


def test_a_long_save_replays_behind_a_progress_bar(app, card_db, tmp_path, monkeypatch):
    """A save is replayed a slice a frame (never more than a frame's budget at once),
    with the bar moving, so a 20,000-action save never freezes the window in one frame.
    The scene's clock is a fake one that moves 1 ms a reading, so the check is exact on
    any machine under any load (a wall-clock limit here only measured the load)."""
    game = load_game(DEMO, 2)
    # Seed 5: a random game that does not end before 3000 actions (most end sooner).
    record = Record(game, 5, long_game(game, 5, 3000), keys=replay_keys(2, 5),
                    table={"seats": ["human", "human"], "level": DEMO})
    app.saves.folder.mkdir(parents=True)
    save(record, app.saves.path(1))
    ticks = iter(range(10**9))
    monkeypatch.setattr(loading.time, "perf_counter", lambda: next(ticks) / 1000)
    app.to_menu()
    app.step([], 1 / 60)
    app.continue_game(1)
    seen = [0]
    while isinstance(app.top, LoadingScene):
        app.step([], 1 / 60)
        if isinstance(app.top, LoadingScene):
            seen.append(app.top.replay.done)
    assert isinstance(app.top, TableScene), type(app.top).__name__
    assert app.session.record.actions == record.actions
    assert len(seen) >= 3 and seen == sorted(seen)  # the bar moved over several frames
    # A reading of the clock between slices: at most BUDGET/1 ms slices in one frame.
    most = max(b - a for a, b in zip(seen, seen[1:]))
    assert 0 < most <= round(loading.BUDGET * 1000) * loading.SLICE, most


def test_a_save_replays_a_slice_a_frame_on_a_machine_too_slow_for_the_budget(
        app, card_db, monkeypatch):
    """On a loaded machine the type sizes primed each frame took the whole budget and
    the replay stood still frame after frame (a test continuing a one-action save for
    three frames failed under load, s73). The clock here passes the budget at every
    reading: a slice is still replayed each frame, and the game is on the table."""
    game = load_game(DEMO, 2)
    record = Record(game, 5, long_game(game, 5, 3 * loading.SLICE),
                    keys=replay_keys(2, 5), table={"seats": ["human", "human"], "level": DEMO})
    app.saves.folder.mkdir(parents=True)
    save(record, app.saves.path(1))
    ticks = iter(range(0, 10**9, 10**6))  # 1,000 s a reading
    monkeypatch.setattr(loading.time, "perf_counter", lambda: next(ticks) / 1000)
    app.to_menu()
    app.continue_game(1)
    done = []
    while isinstance(app.top, LoadingScene) and len(done) < 10:
        done.append(app.top.replay.done)
        app.step([], 1 / 60)
    assert isinstance(app.top, TableScene), done
    assert app.session.record.actions == record.actions and done == [0, 25, 50], done


# Two windows -------------------------------------------------------------------------------

def test_two_windows_keep_two_games(tmp_path, card_db):
    """Two windows on one data folder: each holds its own slot (an OS lock), neither
    writes over the other, the second is told the first's game is open elsewhere."""
    def window() -> App:
        a = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path / "config",
                data=tmp_path / "data")
        a.keys_for, a.threaded = replay_keys, False
        a.__dict__["db"] = card_db
        return a

    agent = make_agent("easy")
    first = window()
    first.start_game(SessionConfig(DEMO, ["human", "ai:easy"], seed=1))
    advance(first.session, agent, 10)
    assert first.saves.held == 1
    second = window()
    second.to_menu()
    second.step([], 1 / 60)
    title = second.top
    assert not title.cont.visible, "Continue offers the game open in the first window"
    listing = second.saves.listing()
    assert [s.busy for s in listing] == [True] and "another window" in listing[0].line
    with pytest.raises(ValueError, match="another window"):
        second.continue_game(1)
    second.start_game(SessionConfig(DEMO, ["human", "human"], seed=2))
    assert second.saves.held == 2
    advance(second.session, agent, 6)
    advance(first.session, agent, 20)
    # Each window's last save is written on its writer thread: done once it says so.
    assert first.save_error == second.save_error == ""
    one, two = load(second.saves.path(1))[0], load(second.saves.path(2))[0]
    assert one.actions == first.session.record.actions and one.table["seats"][1] == "ai:easy"
    assert two.actions == second.session.record.actions and two.table["seats"] == ["human"] * 2
    second.quit()
    first.quit()
    # Both closed: both games are there to Continue, the latest first.
    third = Saves(tmp_path / "data" / "saves", tmp_path / "data" / "save.json")
    assert sorted(s.number for s in third.listing()) == [1, 2]
    assert not any(s.busy for s in third.listing())


# A full disk, a read-only folder --------------------------------------------------------------

def full_disk(monkeypatch) -> None:
    """Every save from now on fails as a full disk fails, half-way through writing."""
    def dump(obj, f, **kw):
        f.write('{"format": "ani-mayhem-save", "act')
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(save_module.json, "dump", dump)


def test_a_full_disk_is_said_on_screen_and_the_game_goes_on(app, monkeypatch, capsys):
    agent = make_agent("easy")
    app.start_game(SessionConfig(DEMO, ["human", "ai:easy"], seed=5))
    advance(app.session, agent, 12)
    assert app.save_error == ""  # (waits for the last save, written on the writer thread)
    before = app.saves.path(1).read_bytes()
    full_disk(monkeypatch)
    advance(app.session, agent, 20)  # the game goes on
    assert "No space left on device" in app.save_error and "goes on" in app.save_error
    app.step([], 1 / 60)  # the message is drawn over the table (no exception)
    assert isinstance(app.top, TableScene)
    assert app.saves.path(1).read_bytes() == before, "a half-written save replaced the last"
    assert not list(app.saves.folder.glob("*.tmp"))
    monkeypatch.undo()  # room again: the next action saves everything, and the message goes
    advance(app.session, agent, len(app.session.record.actions) + 1)
    assert app.save_error == ""
    good = list(app.session.record.actions)
    assert load(app.saves.path(1))[0].actions == good
    # Closed while the disk is full: one line on stderr, the last good save kept.
    full_disk(monkeypatch)
    advance(app.session, agent, len(good) + 3)
    app.step([pygame.event.Event(pygame.QUIT)], 1 / 60)
    assert not app.running
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    monkeypatch.undo()
    assert load(app.saves.path(1))[0].actions == good


def read_only(folder: Path, monkeypatch) -> None:
    """`folder` read-only: by chmod, and where that has no effect (root), as the
    operating system would refuse each change in it."""
    folder.chmod(0o555)
    if not os.access(folder, os.W_OK):
        return

    def refuse(*args, **kw):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))
    monkeypatch.setattr(files_module.tempfile, "mkstemp", refuse)
    monkeypatch.setattr(Path, "unlink", refuse)


def test_a_read_only_folder_is_said_on_screen_and_the_game_ends_without_a_crash(
        app, monkeypatch):
    """Continue a game from a read-only folder and play it to the game-over screen: the
    saves that fail are a message, never an OSError (one killed the window at game over)."""
    agent = make_agent("easy")
    app.start_game(SessionConfig(DEMO, ["human", "ai:easy"], seed=3))
    advance(app.session, agent, 30)
    app.to_menu()
    read_only(app.saves.folder, monkeypatch)
    try:
        app.continue_game()
        for _ in range(20):
            app.step([], 1 / 60)
            if isinstance(app.top, TableScene):
                break
        assert isinstance(app.top, TableScene)
        advance(app.session, agent)
        assert app.save_error  # said on screen
        for _ in range(50):
            app.step([], 1 / 60)
            if isinstance(app.top, GameOverScene):
                break
        assert isinstance(app.top, GameOverScene)
        app.step([], 1 / 60)  # drawn, with the message
    finally:
        app.saves.folder.chmod(0o755)


# Saved games, slots ---------------------------------------------------------------------------

def test_a_save_is_never_replaced_without_asking(app):
    game = load_game(DEMO, 2)
    app.saves.folder.mkdir(parents=True)
    for n in range(1, 7):  # every slot holds a game
        save(Record(game, n, keys=replay_keys(2, n), table={"seats": ["human", "ai:easy"],
                                                             "saved": f"2026-01-0{n}"}),
             app.saves.path(n))
    saved = {n: app.saves.path(n).read_bytes() for n in range(1, 7)}
    app.step([], 1 / 60)
    from game.ui.scenes.new_game import NewGameScene
    app.push(NewGameScene(app))
    app.step([], 1 / 60)
    app.top._start()
    app.step([], 1 / 60)
    ask = app.top
    assert isinstance(ask, SlotsScene) and ask.replacing is not None
    assert {n: app.saves.path(n).read_bytes() for n in range(1, 7)} == saved
    def row_4():
        return next(go for info, go, _ in ask.rows if info.number == 4)
    row_4().activate()  # the first click asks...
    app.step([], 1 / 60)
    assert app.top is ask and "Click again" in row_4().label
    assert {n: app.saves.path(n).read_bytes() for n in range(1, 7)} == saved
    row_4().activate()  # ...the second replaces that one only
    app.step([], 1 / 60)
    assert isinstance(app.top, TableScene) and app.saves.held == 4
    assert {n: app.saves.path(n).read_bytes() for n in (1, 2, 3, 5, 6)} == \
        {n: saved[n] for n in (1, 2, 3, 5, 6)}


def test_saved_games_lists_each_slot_with_its_date_and_summary(app):
    agent = make_agent("easy")
    for seed, seats in ((1, ["human", "ai:easy"]), (2, ["human", "human"])):
        app.start_game(SessionConfig(DEMO, seats, seed=seed))
        advance(app.session, agent, 5)
        app.to_menu()
    app.step([], 1 / 60)
    title = app.top
    assert isinstance(title, TitleScene) and title.saved.visible
    title.saved.activate()
    app.step([], 1 / 60)
    scene = app.top
    assert isinstance(scene, SlotsScene) and len(scene.rows) == 2
    for info, go, delete in scene.rows:
        assert info.saved[:4].isdigit() and "Quick demo · Round" in go.label
        assert info.saved in go.label and delete is not None
    info, go, delete = scene.rows[1]
    delete.activate()
    app.step([], 1 / 60)
    assert app.saves.path(info.number).exists()
    scene.rows[1][2].activate()
    app.step([], 1 / 60)
    assert not app.saves.path(info.number).exists() and len(scene.rows) == 1


def saved_games(app, count: int) -> SlotsScene:
    """The Saved games scene over `count` saves of the demo."""
    game = load_game(DEMO, 2)
    app.saves.folder.mkdir(parents=True)
    for n in range(1, count + 1):
        save(Record(game, n, keys=replay_keys(2, n), table={"seats": ["human", "ai:easy"],
                                                             "saved": f"2026-01-0{n}"}),
             app.saves.path(n))
    app.push(SlotsScene(app))
    app.step([], 1 / 60)
    return app.top


def press(app, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 1 / 60)


def test_up_and_down_move_between_saves_never_onto_a_delete(app):
    """Down from the first save focused its Delete: Enter then armed it and one more
    Enter deleted the game. Up and Down keep to a column, Left and Right cross a row,
    Tab still reaches everything."""
    scene = saved_games(app, 3)
    goes = [go for _, go, _ in scene.rows]
    deletes = [delete for _, _, delete in scene.rows]
    assert scene.form.focus is goes[0]
    seen = []
    for _ in range(4):
        press(app, pygame.K_DOWN)
        seen.append(scene.form.focus)
    assert seen == [goes[1], goes[2], scene.back_button, goes[0]]
    press(app, pygame.K_UP)
    assert scene.form.focus is scene.back_button
    press(app, pygame.K_UP)
    assert scene.form.focus is goes[2]
    press(app, pygame.K_RIGHT)
    assert scene.form.focus is deletes[2]
    press(app, pygame.K_UP)
    assert scene.form.focus is deletes[1]
    press(app, pygame.K_RIGHT)  # nothing further right
    assert scene.form.focus is deletes[1]
    press(app, pygame.K_LEFT)
    assert scene.form.focus is goes[1]
    press(app, pygame.K_TAB)
    assert scene.form.focus is deletes[1]
    assert all(app.saves.path(n).exists() for n in (1, 2, 3))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_slot_s_question_fits_its_button(app, size):
    """The armed Delete read "elete? Click agai", cut at both ends of its button."""
    app.resize(size)
    scene = saved_games(app, 2)
    for row, (info, go, _) in enumerate(scene.rows):
        for button in (go, None):
            if button is None:
                scene._delete(info.number)  # armed: the button asks to be clicked again
                button = scene.rows[row][2]
                assert "Click again" in button.label and not button.hint()  # nothing over it
            layer = pygame.Surface(size, pygame.SRCALPHA)
            button.draw(layer, True, scene.scale)
            layer.fill((0, 0, 0, 0), button.rect)
            assert layer.get_bounding_rect().size == (0, 0), button.label
    assert all(app.saves.path(n).exists() for n in (1, 2))


def test_a_game_nobody_has_moved_in_is_not_kept(app):
    """New game, Start, then Quit to menu, again and again: each empty game took a slot
    until every slot held one. A game is kept from a person's first choice (the AI's
    moves before it are no one's choice), then after every action; a Continue left at
    once keeps its save; a game of AI seats alone is kept as it goes."""
    from game.ui.scenes.pause import PauseScene
    agent = make_agent("easy")
    for seed in range(1, 9):  # more than SLOTS: nothing asks which game to replace
        app.start_game(SessionConfig(DEMO, ["ai:easy", "human"], seed=seed))
        s = app.session
        advance(s, agent, 1)  # the AI seat places first: still nobody's choice
        while not s.human_to_act():
            s.poll()
        assert s.record.actions and s.human_moves == 0
        app.push(PauseScene(app, s))
        app.step([], 1 / 60)
        leave = next(w for w in app.top.form.widgets if w.label == "Quit to menu")
        assert "not kept" in leave.tooltip
        leave.activate()
        app.step([], 1 / 60)
        assert isinstance(app.top, TitleScene) and not app.top.cont.visible
    assert app.saves.listing() == [] and not list(app.saves.folder.glob("slot-*.json"))
    app.start_game(SessionConfig(DEMO, ["ai:easy", "human"], seed=9))
    s = app.session
    while not s.human_to_act():
        s.poll()
    s.act(person(s, agent))  # a person's first choice: kept from now on
    assert app.save_error == "" and load(app.saves.path(1))[0].actions == s.record.actions
    app.to_menu()
    app.continue_game()
    for _ in range(10):
        app.step([], 1 / 60)
    assert isinstance(app.top, TableScene) and app.session.worth_keeping()
    played = list(app.session.record.actions)  # the AI's replies are kept too
    app.to_menu()  # left before the person's next choice: the save stays, up to date
    assert load(app.saves.path(1))[0].actions == played
    watched = Session(SessionConfig(DEMO, ["ai:easy", "ai:easy"], seed=3), threaded=False,
                      keys=replay_keys(2, 3))
    app.play(watched)
    assert app.save_error == "" and app.saves.path(2).exists()


def test_a_game_no_slot_is_free_for_says_so_then_frees_the_hand(app, monkeypatch):
    """Every save slot held a game: the new game's banner ("not saved") stayed over the
    hand all game long, as a failed save's does until one succeeds. It is no failure to
    mend: it is said for NOTICE_SECONDS, then the hand is clear; leaving the game ends it."""
    import game.ui.app as app_module
    shown = []
    monkeypatch.setattr(app_module, "_banner", lambda surface, words, over: shown.append(words))
    monkeypatch.setattr(app.saves, "hold_free", lambda: None)  # every slot holds a game
    app.start_game(SessionConfig(DEMO, ["ai:easy", "human"], seed=5))
    app.step([], 1 / 60)
    assert shown and "Every save slot holds a game" in shown[-1] and app.save_error == ""
    seconds = 0.0
    while len(shown) == round(seconds * 10) + 1 and seconds < 60:  # drawn every frame
        app.step([], 1 / 10)
        seconds += 1 / 10
    assert abs(seconds - app_module.NOTICE_SECONDS) < 0.3 and isinstance(app.top, TableScene)
    app.start_game(SessionConfig(DEMO, ["ai:easy", "human"], seed=6))
    app.to_menu()
    shown.clear()
    app.step([], 1 / 60)
    assert not shown


def test_saved_games_rows_tell_games_of_one_level_apart(app):
    """Five rows read "Four players, round 1 … Items 0-0-0-0", differing only by time:
    each says the level's own name, the round of its limit, the phase, whose turn it is
    and who sits where (people, AI levels)."""
    agent = make_agent("easy")
    standard = str(ROOT / "levels" / "standard_2p.yaml")
    for seats, until in ((["human", "ai:hard"], 3), (["human", "human"], 3),
                         (["human", "ai:easy"], 60)):
        app.start_game(SessionConfig(standard, seats, seed=4))
        advance(app.session, agent, until)
        app.to_menu()
    lines = [s.line for s in app.saves.listing()]
    assert len(set(line.split("  ", 1)[1] for line in lines)) == 3, lines
    for line in lines:
        head, _, details = line.partition(": ")
        assert "Standard, two players · Round " in head and " of 50 · " in head, head
        assert any(p in head for p in ("Setting up the Field", "phase")), head
        assert details.startswith(("Player 1's turn", "Player 2's turn")), details
    assert any("Human v AI Hard" in line for line in lines)
    assert any("Human v Human" in line for line in lines)
    assert any("Move phase" in line or "Equip phase" in line or "Discard phase" in line
               or "Scavenge phase" in line for line in lines), lines


def test_an_older_save_moves_into_a_slot_when_continued(app):
    """save.json and save-seats.json of earlier versions: listed, continued, then one file."""
    session = Session(SessionConfig(DEMO, ["human", "ai:easy"], seed=4), threaded=False,
                      keys=replay_keys(2, 4))
    advance(session, make_agent("easy"), 16)  # the human to act: nothing moves on
    app.saves.legacy.parent.mkdir(parents=True)
    record = session.record.to_json()
    record.update(version=2)
    del record["table"]
    app.saves.legacy.write_text(json.dumps(record))
    app.saves.legacy_seats.write_text(json.dumps({"seats": ["human", "ai:easy"],
                                                  "level": DEMO, "round": 1}))
    assert [s.legacy for s in app.saves.listing()] == [True]
    app.continue_game()
    for _ in range(10):
        app.step([], 1 / 60)
    assert isinstance(app.top, TableScene)
    assert app.session.record.actions == session.record.actions
    assert not app.saves.legacy.exists() and not app.saves.legacy_seats.exists()
    assert load(app.saves.path(1))[0].table["seats"] == ["human", "ai:easy"]


def test_rematch_after_continue_from_another_folder(app, monkeypatch, tmp_path):
    """A level given relative to one folder is saved so that it is found from any other."""
    monkeypatch.chdir(ROOT)
    session = Session(SessionConfig("levels/quick_demo.yaml", ["ai:easy", "ai:easy"], seed=2),
                      threaded=False, keys=replay_keys(2, 2))
    app.play(session)
    advance(session, None, 10)
    app.to_menu()
    monkeypatch.chdir(tmp_path)
    app.continue_game()
    for _ in range(10):
        app.step([], 1 / 60)
    s = app.session
    app.game_over(s)
    app.step([], 1 / 60)
    app.top._rematch()
    assert isinstance(app.top, TableScene) and app.session is not s
    assert Path(app.session.config.level) == Path(DEMO)


# Ctrl-C ------------------------------------------------------------------------------------

def test_ctrl_c_ends_the_window_cleanly_with_the_game_saved(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "play", "--seats",
                             "ai:easy,ai:easy", "--seed", "3"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    slot = tmp_path / "data" / "ani-mayhem" / "saves" / "slot-1.json"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if slot.exists() and load(slot)[0].actions:
            break
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert "Traceback" not in err, err
    assert proc.returncode == 130 and "Interrupted. The game is saved" in err
    assert load(slot)[0].actions


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_saved_game_s_summary_fits_its_row(app, size):
    """A four-seat summary ran past both ends of its row at 1280x720: each row is two
    lines (when and what; seats and Items, smaller), cut with "…" where too long."""
    agent = make_agent("easy")
    four = str(ROOT / "levels" / "four_players.yaml")
    for config in (SessionConfig(DEMO, ["human", "ai:easy"], seed=1),
                   SessionConfig(four, ["human", "ai:normal", "human", "ai:normal"], seed=2)):
        app.start_game(config)
        advance(app.session, agent, 3)
        app.to_menu()
    app.resize(size)
    app.push(SlotsScene(app))
    app.step([], 1 / 60)
    scene = app.top
    assert len(scene.rows) == 2
    for info, go, _ in scene.rows:
        lines = go.lines(scene.scale)
        assert [w for w, _, _ in lines][0].startswith(info.saved)
        assert len(lines) == 2 and lines[1][1].get_height() < lines[0][1].get_height()
        assert all(go.rect.contains(where) for _, _, where in lines)
        assert "Items" in lines[1][0] or lines[1][0].endswith("…")
