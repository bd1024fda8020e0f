"""Bad input (the hostile set), the s66 pass. The house rule each test pins: a user's
mistake gets one clear line (what, which file, which line where there is one), exit
code 2, nothing lost or half-loaded, never a traceback. Cases the earlier sets left;
docs/card-format.md, "5 Dec 2026 (s66): bad input", lists them."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from test_hostile import run  # noqa: E402

from game import cli, match  # noqa: E402
from game.engine.decks import DEFAULT_DECKS_DIR  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


# play --decks: a deck whose file name holds a comma ---------------------------------------

@pytest.fixture
def comma_deck(tmp_path, monkeypatch):
    """The shipped decks and a copy of demo's named `demo,copy.yaml`, as the game's
    decks folder; the window play opens stood in for by one that keeps the session."""
    decks = tmp_path / "decks"
    shutil.copytree(DEFAULT_DECKS_DIR, decks)
    shutil.copy(decks / "demo.yaml", decks / "demo,copy.yaml")
    for module in (cli, match):
        monkeypatch.setattr(module, "DEFAULT_DECKS_DIR", decks)
    shown = []
    monkeypatch.setattr(cli, "_window", lambda session: shown.append(session) or 0)
    return shown


def test_a_deck_whose_name_holds_a_comma_is_named_to_play_whole(comma_deck):
    """Bad input: `play --decks 'demo,copy'` where decks/demo,copy.yaml is a deck. The
    list was split at every comma: 'unknown deck' of a deck that is there, and no way
    to name it. Expected: a value that is a deck's whole id is that deck."""
    code, _, err = run("play", "--seats", "human,ai:easy", "--decks", "demo,copy")
    assert (code, err) == (0, "")
    (session,) = comma_deck
    assert session.config.decks == ["demo,copy"]
    assert [d.id for d in session.record.game.decks] == ["demo,copy", "demo"]


def test_decks_given_once_a_seat_or_split_at_commas_name_the_same_seats(comma_deck):
    """--decks given again names the next seat's; a value that is no deck's whole id is
    still a comma-separated list, as before (the level's deck for an empty one)."""
    for argv in (["--decks", "demo,copy", "--decks", "neon-claws"],
                 ["--decks", "demo,copy", "--decks", ",neon-claws"]):
        assert run("play", "--seats", "human,ai:easy,ai:easy", *argv)[0] == 0
    assert run("play", "--seats", "human,ai:easy", "--decks", "demo,neon-claws")[0] == 0
    first, second, split = (s.record.game.decks for s in comma_deck)
    assert [d.id for d in first] == ["demo,copy", "neon-claws", "demo"]
    assert [d.id for d in second][:2] == ["demo,copy", "demo"]
    assert [d.id for d in split] == ["demo", "neon-claws"]
    code, _, err = run("play", "--seats", "human,ai:easy", "--decks", "demo", "--decks",
                       "nosuch")
    assert (code, err) == (2, "error: play: unknown deck 'nosuch'\n")


# monkey over a broken shipped file -----------------------------------------------------------

def _game_copy(tmp_path: Path) -> Path:
    """The game's code and shipped files copied under tmp_path, to break one of them."""
    tree = tmp_path / "game-copy"
    for part in ("game", "levels", "assets"):
        shutil.copytree(ROOT / part, tree / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "main.py", tree / "main.py")
    return tree


@pytest.mark.parametrize("level, text, line", [
    ("standard_2p", "name: Broken\ndecks: [steel-rain, neon-claws\n", 2),
    ("quick_demo", "name: Quick\ndecks: [demo, no-such-deck]\n", 2)],
    ids=["new-game-level", "table-level"])
def test_monkey_over_a_broken_shipped_level_is_one_line_not_a_crash(tmp_path, level, text, line):
    """Bad input: a shipped level edited broken (a list left open; a deck that is not
    there), then `main.py monkey`. The monkey opens New game itself, and its scenes'
    LoadError was printed as a crash: a traceback, exit 1. Expected: the file and line
    in one line, exit 2, before any scene is opened."""
    import subprocess
    import sys

    tree = _game_copy(tmp_path)
    (tree / "levels" / f"{level}.yaml").write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tree), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "main.py", "monkey", "--seconds", "2"], cwd=tree,
                          env=env, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr
    assert done.returncode == 2 and done.stdout == ""
    (said,) = done.stderr.splitlines()
    assert said.startswith(f"error: {tree / 'levels' / level}.yaml:{line}: ")


# Files the kernel makes up as they are read -----------------------------------------------

def test_a_file_of_proc_given_as_a_log_or_a_level_is_refused_as_one(tmp_path):
    """Bad input: `cardstats --log /proc/self/status`, `validate /proc/self/status`: a
    regular file by its mode, so it was read, and called "not a log" or a YAML error at
    some line of a file that is none. Expected: what it is, in one line, exit 2."""
    for argv in (["cardstats", "--log", "/proc/self/status"],
                 ["simulate", "--games", "1", "--level", "/proc/self/status"],
                 ["validate", "/proc/self/status"]):
        code, _, err = run(*argv)
        assert code == 2, (argv, err)
        assert "error: /proc/self/status: a file the kernel makes up as it is read " \
               "(on proc), not a regular file" in err, (argv, err)


@pytest.mark.skipif(not os.access("/proc/kmsg", os.R_OK), reason="/proc/kmsg is root's")
def test_cardstats_of_proc_kmsg_is_refused_at_once_not_waited_on():
    """Bad input: `cardstats --log /proc/kmsg` as root. A regular file by its mode, so
    read_log opened it and waited for the kernel's next message, for ever. Expected:
    refused at once in one line, exit 2, and the kernel's messages left unread."""
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "main.py", "cardstats", "--log", "/proc/kmsg"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("error: /proc/kmsg: a file the kernel makes up as it is read "
                           "(on proc), not a regular file\n")


# A save slot linked by hand to another ------------------------------------------------------

@pytest.fixture
def app(quiet_app):
    return quiet_app


def _played(app, actions: int = 6):
    """A game of the demo level, two easy AI seats, `actions` in: its record."""
    from game.ui.session import SessionConfig

    app.start_game(SessionConfig(str(ROOT / "levels" / "quick_demo.yaml"),
                                 ["ai:easy", "ai:easy"], seed=5))
    while len(app.session.record.actions) < actions:
        app.session.poll()
    _written(app)
    return app.session.record


def _written(app) -> None:
    """The app's last autosave written, and well: it is written on a thread of its own,
    and a listing of the saves folder (or fsync made to fail) while it wrote saw its
    temporary file (once in a long run on a loaded machine, s69)."""
    assert app.save_error == ""  # (the property waits for the save being written)


def _linked(saves, how: str) -> None:
    """slot-4.json made slot-5.json's other name, as a person would by hand (slot 4 is
    the played game's)."""
    if how == "symlink":
        saves.path(4).symlink_to("slot-5.json")
    else:
        os.link(saves.path(5), saves.path(4))


def test_a_slot_linked_to_another_window_s_slot_is_busy(app):
    """Bad input: slot-4.json a symbolic link made by hand to slot-5.json, which
    another window holds (a hard link is broken when either slot is held: the next
    test). Slot 4 was listed free, and Continue played the other window's game in a
    second window, both writing slot-5.json's game (through a symbolic link). Expected:
    slot 4 listed as open in another window, and Continue refused."""
    from game.engine.save import save
    from game.ui.slots import Saves

    save(_played(app), app.saves.path(5))
    _linked(app.saves, "symlink")
    other = Saves(app.saves.folder, app.saves.legacy)  # the other window's
    assert other.hold(5)
    try:
        assert app.saves.info(4).busy
        with pytest.raises(ValueError, match="open in another window"):
            app.continue_game(4)
    finally:
        other.release()
    slot = app.saves.info(4)
    assert not slot.busy and slot.shared == "slot-5.json"
    assert slot.line.endswith(" (linked by hand to slot-5.json; saved apart once continued)")


@pytest.mark.parametrize("how", ["symlink", "hardlink"])
def test_holding_a_slot_linked_to_another_makes_it_its_own_file(app, how):
    """Bad input: slot-4.json a symbolic link to slot-5.json (or a hard link), slot 4
    continued. Its saves were written through the link into slot-5.json: the game of
    slot 5 was lost under slot 4's. Expected: holding slot 4 makes its file its own, a
    copy of the game, atomically; slot 5 is kept as it was, whatever slot 4 saves."""
    from game.engine.save import load, save

    record = _played(app)
    saves = app.saves
    save(record, saves.path(5))
    _linked(saves, how)
    kept = saves.path(5).read_bytes()
    assert saves.hold(4)
    assert not saves.path(4).is_symlink() and os.stat(saves.path(4)).st_nlink == 1
    assert saves.path(4).read_bytes() == kept
    while len(record.actions) < 12:  # the game goes on, and slot 4 is saved, as the window does
        app.session.poll()
    _written(app)
    save(record, saves.path(4))
    assert saves.path(5).read_bytes() == kept
    assert load(saves.path(4))[0].actions == record.actions
    assert saves.shared_with(4) is None and saves.info(4).shared == ""
    assert sorted(p.name for p in saves.folder.iterdir() if p.name.endswith(".tmp")) == []


# Text YAML 1.1 reads as something else ------------------------------------------------------

@pytest.mark.parametrize("line, said", [
    ("name: On", 'name: must be text: On is read by YAML as true; write it in quotes, "On"'),
    ("name: null", 'name: must be text: null is read by YAML as nothing; write it in quotes, '
                   '"null"'),
    ("name: 2026-12-05", "name: must be text: 2026-12-05 is read by YAML as a date; write it in "
                         'quotes, "2026-12-05"'),
    ("name: 1984", 'name: must be text: 1984 is read by YAML as a number; write it in quotes, '
                   '"1984"')], ids=["on", "null", "date", "number"])
def test_a_name_yaml_reads_as_no_text_says_what_was_written_and_to_quote_it(tmp_path, line,
                                                                           said):
    """Bad input: a level named On (or null, a date, 1984), unquoted. YAML 1.1 reads it
    as true (nothing, a date, a number), and the line said "must be text, not
    true/false (True)": a word the file never held, and no way out. Expected: what was
    written, what YAML made of it, and the quotes that keep it text."""
    level = tmp_path / "named.yaml"
    level.write_text(f"{line}\ndecks: [demo]\n", encoding="utf-8")
    code, _, err = run("validate", str(level))
    assert code == 2 and f"error: {level}:1: {said}\n" in err
    quoted = line.replace(": ", ': "') + '"'
    level.write_text(f"{quoted}\ndecks: [demo]\n", encoding="utf-8")
    assert run("validate", str(level))[0] == 0


def test_a_deck_id_yaml_reads_as_false_names_its_line_and_the_quotes(tmp_path):
    """Bad input: `decks: [demo, No]`: the second deck read as false."""
    level = tmp_path / "level.yaml"
    level.write_text("name: Level\ndecks:\n  - demo\n  - No\n", encoding="utf-8")
    code, _, err = run("validate", str(level))
    assert code == 2
    assert f'error: {level}:4: decks: must be text: No is read by YAML as false; write it in ' \
           'quotes, "No"\n' in err


# A closed standard output or error -----------------------------------------------------------

def _with_closed(fd: int, *argv: str):
    """main.py run with descriptor `fd` closed (`>&-` is 1, `2>&-` is 2): the other
    stream and the exit code."""
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    other = {1: "stderr", 2: "stdout"}[fd]
    done = subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, env=env,
                          text=True, timeout=120, preexec_fn=lambda: os.close(fd),
                          **{other: subprocess.PIPE})
    return done.returncode, getattr(done, other)


@pytest.mark.skipif(os.name != "posix", reason="closing a descriptor for the child")
def test_a_closed_output_is_one_line_before_anything_is_run():
    """Bad input: `main.py validate >&-` (or simulate): Python leaves sys.stdout None,
    and the first line written was an AttributeError's traceback, exit 1. Expected:
    one line saying so, exit 2, nothing run."""
    for argv in (["validate"], ["simulate", "--games", "1"]):
        assert _with_closed(1, *argv) == (2, "error: the output (stdout) is closed: give "
                                             "it a file (> FILE, or > /dev/null)\n")


@pytest.mark.skipif(os.name != "posix", reason="closing a descriptor for the child")
def test_a_closed_error_stream_keeps_the_exit_code_of_a_mistake():
    """Bad input: `main.py validate nosuch 2>&-`: the error line raised EBADF (a file
    Python opened at start took descriptor 2, read-only), a traceback said to no one,
    exit 1. Expected: the mistake's exit code, 2, and the run's output as ever."""
    code, out = _with_closed(2, "validate", "nosuch")
    assert (code, out) == (2, "179 cards, 0 decks, 0 levels: 1 error(s)\n")
    assert _with_closed(2, "simulate", "--level", "nosuch") == (2, "")
    code, out = _with_closed(2, "validate")
    assert code == 0 and "all well" in out


def test_a_linked_slot_that_cannot_be_made_its_own_on_a_full_disk_is_said_and_kept(
        app, monkeypatch):
    """Bad input: slot-4.json linked by hand to slot-5.json, held on a full disk (the
    copy's fsync fails, ENOSPC). Expected: an OSError saying which files are one and
    why the slot cannot be made its own (the window's "cannot be saved" line), the
    slot's lock let go, the link and slot 5 kept, no temporary file left."""
    import errno

    from game.engine import files
    from game.engine.save import save
    from game.ui.slots import Saves

    save(_played(app), app.saves.path(5))
    _linked(app.saves, "symlink")
    kept = app.saves.path(5).read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    saves = Saves(app.saves.folder, app.saves.legacy)
    with pytest.raises(OSError) as info:
        saves.hold(4)
    assert info.value.strerror == ("slot-4.json is one file with slot-5.json (a link made by "
                                   "hand), and cannot be made its own: No space left on device")
    assert saves.held is None and os.readlink(saves.path(4)) == "slot-5.json"
    assert saves.path(5).read_bytes() == kept
    assert [p.name for p in saves.folder.iterdir() if p.name.endswith(".tmp")] == []
    monkeypatch.undo()  # room again: the lock was let go, so the slot is held now
    assert Saves(saves.folder, saves.legacy).hold(4) and not saves.path(4).is_symlink()


# A log read while simulate writes it ---------------------------------------------------------

def test_a_log_cut_inside_its_last_line_says_so_not_that_it_is_no_log(tmp_path):
    """Bad input: `cardstats --log` of a log simulate is still writing (or one cut
    short): its last line ends inside an event, and cardstats said "not a log written
    by simulate --log (bad JSON: ...)" of simulate's own log. Expected: the line, and
    that it is cut short."""
    log = tmp_path / "games.log"
    assert run("simulate", "--games", "1", "--seed", "3", "--log", str(log))[0] == 0
    whole = log.read_bytes()
    cut = whole.index(b"\n", len(whole) // 2) + 20  # 20 bytes into a line
    log.write_bytes(whole[:cut])
    code, _, err = run("cardstats", "--log", str(log))
    line = whole[:cut].count(b"\n") + 1
    assert (code, err) == (2, f"error: {log}:{line}: the last line is cut short (it has no "
                              "line end): is simulate still writing this log, or was it cut? "
                              "Count it once simulate is done\n")
    log.write_bytes(b'{"game": 0, "type": "no"')  # a first line so cut: no log of simulate's
    assert "not a log written by simulate --log" in run("cardstats", "--log", str(log))[2]
