"""Bad input (the hostile set), the s73 pass: files and arguments the earlier sets had
not tried. Each test pins the house rule: a user's mistake is one line naming what,
the file and its line, exit code 2, nothing lost or half-loaded, never a traceback."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from test_hostile import run, run_processes  # noqa: E402

from game.engine import LoadError  # noqa: E402
from game.engine.yamlfile import read_yaml  # noqa: E402


# A double-quoted escape past what any code point can be -----------------------------------

@pytest.mark.parametrize("escape", ["\\UFFFFFFFF", "\\U80000000"])
def test_an_escape_too_large_for_any_character_is_said_at_its_line(tmp_path, escape):
    """Bad input: `description: "\\UFFFFFFFF"` in a level. PyYAML builds the character
    with chr(), which raised OverflowError (not the ValueError of "\\U00110000") out
    of validate, simulate and the window as a traceback, exit code 1."""
    level = tmp_path / "level.yaml"
    level.write_text(f'name: L\ndecks: [demo]\ndescription: "{escape}"\n', encoding="utf-8")
    with pytest.raises(LoadError) as e:
        read_yaml(level)
    assert e.value.line == 3 and "cannot read" in e.value.message
    (code, out, err), = run_processes(["validate", str(level)])
    assert code == 2 and "Traceback" not in err, err
    assert err.splitlines() == [f"error: {level}:3: {e.value.message}"]


# A folder of many files, each within the bound of one ---------------------------------------

def test_a_card_folder_of_many_large_files_is_refused_before_any_is_parsed(tmp_path):
    """Bad input: a cards folder of five files of 900 KB each, every one within the
    1 MB bound of a file. Their total went unbounded: a folder of 1,000 such files was a
    gigabyte for the cards' loader to parse (an hour at 4 s a MB, gigabytes kept). It is
    refused naming the folder, before any file is read (these, all NUL bytes, are read
    as "not a text file" once they are)."""
    from game.engine.cardfile import load_cards
    from game.engine.yamlfile import MAX_YAML_BYTES
    cards = tmp_path / "my cards"
    cards.mkdir()
    for i in range(5):
        with open(cards / f"pack-{i}.yaml", "wb") as f:
            f.truncate(900 * 1024)  # sparse: made at once
    assert 900 * 1024 <= MAX_YAML_BYTES  # each file alone is within its bound
    with pytest.raises(LoadError) as e:
        load_cards(cards)
    assert e.value.path == str(cards) and "together" in e.value.message
    code, out, err = run("validate", str(cards))
    assert code == 2 and err.splitlines() == [f"error: {cards}: {e.value.message}"]


# screenshot --seats "" -------------------------------------------------------------------------

def test_screenshot_seats_given_empty_is_said_as_play_says_it(tmp_path):
    """Bad input: `screenshot --seats "$SEATS"` with SEATS unset. play refuses an empty
    --seats ("unknown seat kind ''"); screenshot took it as no --seats and drew the
    default seats' table, exit 0, the mistake unsaid. Nothing is drawn or written."""
    shot = tmp_path / "shot.png"
    code, out, err = run("screenshot", "--out", str(shot), "--actions", "0", "--seats", "")
    assert code == 2 and len(err.splitlines()) == 1 and "--seats" in err, err
    assert not shot.exists() and out == ""


# screenshot --out: what stands at the name ------------------------------------------------------

def test_a_screenshot_over_a_named_pipe_is_refused_and_the_pipe_kept(tmp_path):
    """Bad input: `screenshot --out x.png` where x.png is a named pipe. The picture was
    renamed over it, exit 0: the pipe was gone. Saves and settings are never written
    over what is no regular file (files.write_atomic); nor is a picture now."""
    fifo = tmp_path / "x.png"
    os.mkfifo(fifo)
    code, out, err = run("screenshot", "--out", str(fifo), "--actions", "0")
    assert code == 2 and err.splitlines() == [
        f"error: screenshot: {fifo}: a named pipe (FIFO), not a regular file; the picture "
        "is not written over it"], err
    assert fifo.is_fifo() and os.listdir(tmp_path) == ["x.png"]


def test_a_screenshot_through_a_symbolic_link_keeps_the_link(tmp_path):
    """Bad input, of a kind: `--out docs/shot.png`, a symbolic link to the picture kept
    elsewhere. The rename replaced the link by a file, the picture it named left old;
    the picture is written through the link, as a save is (files.write_atomic)."""
    kept = tmp_path / "elsewhere"
    kept.mkdir()
    (kept / "shot.png").write_bytes(b"old")
    link = tmp_path / "shot.png"
    link.symlink_to(kept / "shot.png")
    code, out, err = run("screenshot", "--out", str(link), "--actions", "0", "--size",
                         "320x240")
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(kept / "shot.png")
    assert (kept / "shot.png").read_bytes().startswith(b"\x89PNG")
    assert sorted(os.listdir(kept)) == ["shot.png"]  # no temporary file left


# Run in a folder removed since ----------------------------------------------------------------

@pytest.mark.parametrize("argv", [["validate", "level.yaml"],
                                  ["screenshot", "--out", "shot.png", "--actions", "0"]])
def test_a_command_run_in_a_folder_removed_since_is_one_line(tmp_path, argv):
    """Bad input, of the place: a command started in a folder removed since the shell
    entered it (`rm -r` of it from another terminal). os.getcwd() raised
    FileNotFoundError from resolving a relative path, and from the window's AI process,
    a traceback, exit code 1."""
    import subprocess
    import sys
    from pathlib import Path
    main = Path(__file__).resolve().parents[1] / "main.py"
    gone = tmp_path / "gone"
    gone.mkdir()
    script = 'cd "$1" && rmdir "$1" && shift && exec "$@"'
    done = subprocess.run(["sh", "-c", script, "sh", str(gone), sys.executable, str(main),
                           *argv], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 2 and done.stderr.splitlines() == [
        "error: the folder this runs in is gone (removed since the shell entered it): cd "
        "to a folder that is there"], done.stderr
    assert not gone.exists() and done.stdout == ""


# Hidden files beside the decks ----------------------------------------------------------------

def test_an_editors_lock_file_or_a_macs_dot_underscore_file_beside_the_decks_is_not_read(
        tmp_path):
    """Bad input an editor or a copy leaves: Emacs, while demo.yaml is edited unsaved,
    keeps `.#demo.yaml`, a symbolic link to nothing; a copy from a Mac leaves
    `._steel-rain.yaml`, binary. Each was read as a deck, and refused every deck of
    the folder: New game, simulate and Continue stopped on a file nobody sees. Hidden
    files (a name from a '.') are not read, as `ls` and glob leave them; one given by
    name is."""
    import shutil

    from game.engine.cardfile import load_cards
    from game.engine.decks import DEFAULT_DECKS_DIR, load_decks
    decks = tmp_path / "decks"
    shutil.copytree(DEFAULT_DECKS_DIR, decks)
    (decks / ".#demo.yaml").symlink_to("player@host.4242:1765000000")
    (decks / "._steel-rain.yaml").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X")
    assert set(load_decks(decks, load_cards())) == {p.stem for p in DEFAULT_DECKS_DIR.glob(
        "*.yaml")}
    code, out, err = run("validate", str(decks))
    assert code == 0 and "error" not in err, err
    code, out, err = run("validate", str(decks / "._steel-rain.yaml"))
    assert code == 2 and "not a text file" in err


# A save of a game folder moved since ----------------------------------------------------------

@pytest.mark.parametrize("saved_at", ["/home/me/games/ani-mayhem-1.0/levels/quick_demo.yaml",
                                      "C:\\Games\\Ani-Mayhem\\levels\\quick_demo.yaml"])
def test_a_save_of_the_game_folder_moved_since_is_continued_on_its_level(tmp_path, saved_at):
    """What a player meets after moving or renaming the game's folder, or unpacking a new
    version beside the old: a save names its level by its whole path, and every saved
    game was "Cannot be continued: level: '...' is not a level of the game's levels
    folder", Continue gone from the title. The game's own level of that file name is
    taken; a name the game has no level of is still refused."""
    import json

    from game.engine.levels import DEFAULT_LEVELS_DIR
    from game.ui.slots import Saves
    saves = Saves(tmp_path / "saves", tmp_path / "save.json")
    saves.folder.mkdir()

    def saved(level: str) -> None:
        table = {"seats": ["human", "ai:easy"], "level": level, "saved": "2026-12-01 10:00:00",
                 "summary": "round 3"}
        data = {"format": "ani-mayhem-save", "version": 3, "seed": 1, "decks": ["demo", "demo"],
                "options": {"charm_combat": True, "round_limit": 12}, "actions": [],
                "keys": ["00" * 16] * 2, "table": table}
        saves.path(1).write_text(json.dumps(data), encoding="utf-8")

    saved(saved_at)
    slot = saves.info(1)
    assert slot.problem is None, slot.line
    assert slot.level == str(DEFAULT_LEVELS_DIR / "quick_demo.yaml")
    assert slot.line == "2026-12-01 10:00:00  round 3"
    saved(saved_at.replace("quick_demo", "my_own_level"))
    assert "is not a level of the game's levels folder" in saves.info(1).line


# bench: an option the bench chosen does not read -------------------------------------------------

@pytest.mark.parametrize("argv,flag", [
    (["bench", "render", "--frames", "1", "--level", "levels/quick_demo.yaml"], "--level"),
    (["bench", "engine", "--seconds", "0.01", "--seats", "4"], "--seats"),
    (["bench", "digest", "--games", "1", "--think-ms", "10"], "--think-ms"),
    (["bench", "regret", "--decisions", "1", "--frames", "5"], "--frames")])
def test_a_bench_option_its_bench_does_not_read_is_said_not_ignored(argv, flag):
    """Bad input: `bench render --level L` measured the four-player table, `bench engine
    --seats 4` two seats, exit 0, as if the option had been read (the help says which
    bench reads which). It is one line naming the option and what the bench reads,
    exit 2, before anything is measured."""
    code, out, err = run(*argv)
    assert code == 2 and out == "", (code, err)
    assert err.splitlines() == [f"error: bench {argv[1]}: {flag} is not one of its options "
                                f"(it reads {', '.join(READS[argv[1]])}; see main.py bench "
                                "--help)"]


READS = {"render": ("--frames", "--ai"), "engine": ("--seconds", "--seed", "--level"),
         "regret": ("--seed", "--decisions", "--worlds", "--think-ms", "--level"),
         "digest": ("--seed", "--games", "--seats", "--level")}
