"""Bad files (the hostile set), the s36h pass: files each valid alone that conflict
together, and what `validate` prints of a file's own words. Through the real entry
point, `python main.py ...` in a subprocess: one line naming the file and line, exit
code 2, never a traceback."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui.slots import Saves  # noqa: E402
from test_hostile_s35h import (  # noqa: E402
    _fallback_driver, no_display, one_line_exit_2, posix_only)
from test_hostile_s35h import main_py as windowed  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def main_py(*argv: str, timeout: float = 60) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout, done.stderr


def one_error(result: tuple[int, str, str], where: str, *words: str) -> str:
    code, _, err = result
    assert "Traceback" not in err, err
    assert code == 2, (code, err)
    lines = err.splitlines()
    assert len(lines) == 1, f"not one line: {err!r}"
    assert where in lines[0], f"{where!r} not in {lines[0]!r}"
    for word in words:
        assert word in lines[0], f"{word!r} not in {lines[0]!r}"
    return lines[0]


def character(card_id: str, other: str | None = None) -> str:
    return (f"- id: {card_id}\n  name: {card_id.title()}\n  type: character\n"
            "  gender: female\n"
            "  abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 2}\n"
            + (f"  other_form: {other}\n" if other else ""))


# A transforming Character's two cards ---------------------------------------------------

@pytest.mark.parametrize("pack,named", [
    # one names the other, which names nothing (its other_form left out)
    ([("half-a", "half-b"), ("half-b", None)], "half-b"),
    # three in a ring, each naming the next: no card's other form names it back
    ([("loop-a", "loop-b"), ("loop-b", "loop-c"), ("loop-c", "loop-a")], "loop-b"),
])
def test_rules_for_transforming_characters_both_cards_name_each_other(tmp_path, pack, named):
    """Rules for Transforming Characters: "2-card transforming Characters", "One counts
    towards your deck, the other does not"; docs/card-format.md: `other_form` is "the id
    of a 2-card transforming Character's other card (each of the two names the other)".
    A pack whose first card named a second that named nothing, or a third, passed
    `validate` ("all well") though no deck could ever hold its first card (the deck's
    check refused its `other_forms` whatever they were). Now it is refused at the
    other_form that is not named back, in the file it was read from (the second file
    here: each file is valid alone), with where the card it names is: its file and line
    (line 6 of the second file, after another card), as a duplicate id's error says."""
    first, rest = pack[0], pack[1:]
    (tmp_path / "a.yaml").write_text(character(*first), encoding="utf-8")
    (tmp_path / "b.yaml").write_text("".join(character(*c) for c in [("other", None), *rest]),
                                     encoding="utf-8")
    line = one_error(main_py("validate", str(tmp_path)), f"{tmp_path / 'a.yaml'}:6:",
                     "other_form", named, "names the other", f"{tmp_path / 'b.yaml'}:6")
    assert first[0] in line


def test_a_transforming_pair_that_names_each_other_across_files_still_loads(tmp_path):
    """Control: the two cards in two files, each naming the other, are a pair."""
    (tmp_path / "a.yaml").write_text(character("pair-a", "pair-b"), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(character("pair-b", "pair-a"), encoding="utf-8")
    code, out, err = main_py("validate", str(tmp_path))
    assert code == 0 and err == "" and "all well" in out, (code, out, err)


# What validate prints of a file's own words ----------------------------------------------

def test_validate_says_a_key_of_ten_thousand_characters_in_a_short_line(tmp_path):
    """The game's commands cut a word too long for a line in their error (game.cli: an
    argument of 5,000 digits), and a value is shown cut short (yamlfile.shown); but an
    unknown key is the error's field, written whole: `validate` of a level holding a
    key of 9,999 characters (within a value's bound) wrote an error line of 10 KB, in
    its JSON report too. Now its middle is cut, as `simulate` cuts it, and the line
    still names the file, the line and what is wrong."""
    level = tmp_path / "long.yaml"
    level.write_text("name: T\ndecks: [demo, demo]\n? " + "k" * 9_999 + "\n: 1\n",
                     encoding="utf-8")
    # (What is printed, not a process's doing: game.cli.main in this process.)
    from test_hostile import run
    line = one_error(run("validate", str(level)), f"{level}:3:", "unknown field")
    assert len(line) < 400, len(line)
    code, out, _ = run("validate", "--json", str(level))
    assert code == 2 and len(out) < 1_000, len(out)
    simulated = one_error(run("simulate", "--level", str(level), "--games", "1"),
                          f"{level}:3:", "unknown field")
    assert len(simulated) < 400


# The Saved games list -------------------------------------------------------------------

OLDER_SAVE = {"format": "ani-mayhem-save", "version": 1, "seed": 1, "decks": ["demo", "demo"],
              "options": {"charm_combat": True, "round_limit": 12}, "actions": []}


@pytest.mark.parametrize("seats", [None, "[]"], ids=["missing", "a-list"])
def test_saved_games_names_the_older_saves_seats_file_when_it_is_what_is_wrong(tmp_path, seats):
    """An older save is two files, save.json and save-seats.json beside it, listed as one
    row: the row is save.json, so its line left the file unnamed. With the seats file
    gone (deleted by hand), the row of a save.json that is there said "Cannot be
    continued: no such file or folder"; Continue named save-seats.json. The row now
    names it too, and a problem of save.json itself is still said without its name."""
    saves = Saves(tmp_path / "saves", tmp_path / "save.json")
    saves.legacy.write_text(json.dumps(OLDER_SAVE), encoding="utf-8")
    if seats is not None:
        saves.legacy_seats.write_text(seats, encoding="utf-8")
    row, = saves.listing()
    assert row.legacy and row.line.startswith("Cannot be continued: save-seats.json: "), \
        row.line
    assert ("no such file" if seats is None else "not a list") in row.line
    saves.legacy.write_text("[", encoding="utf-8")
    saves.legacy_seats.write_text(json.dumps({"seats": ["human", "ai:easy"]}), encoding="utf-8")
    assert saves.info(0).error == "", "the older save is peeked at Continue, not listed"
    slot = saves.path(1)
    slot.parent.mkdir(exist_ok=True)
    slot.write_text("[", encoding="utf-8")
    assert saves.info(1).line.startswith("Cannot be continued: line 1: "), saves.info(1).line


# Environment variables the program reads ---------------------------------------------

@pytest.mark.parametrize("argv", [
    ("screenshot", "--level", "levels/quick_demo.yaml", "--actions", "3", "--size", "320x240"),
    ("monkey", "--seconds", "0.05", "--seed", "1"),
], ids=["screenshot", "monkey"])
def test_a_headless_command_with_the_video_driver_set_empty_draws_unseen(tmp_path, argv):
    """The headless commands draw with SDL's dummy driver unless one is named. A variable
    set but empty (`SDL_VIDEODRIVER=$DRIVER`, unset: the shell exports "") was kept as
    a name: SDL read it as a driver "windows" it lacks, so `screenshot` said "cannot
    write the picture: windows not available" (it wrote nothing) and `bench render`
    and `monkey` stopped with a traceback. Empty is no name now: they run. (bench
    render draws through screenshot's way, game.ui.headless: not run again here.)"""
    if argv[0] == "screenshot":
        argv = (*argv, "--out", str(tmp_path / "shot.png"))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1",
           "SDL_VIDEODRIVER": "", "SDL_AUDIODRIVER": ""}
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-800:]
    if argv[0] == "screenshot":
        assert (tmp_path / "shot.png").stat().st_size > 0


@posix_only
def test_the_window_with_the_video_driver_set_empty_is_as_with_none_named(tmp_path):
    """`SDL_VIDEODRIVER=$DRIVER` with DRIVER unset exports "": SDL took it for a driver
    called "windows" and `python main.py play` said "windows not available" whatever
    the display. Empty now names no driver, so the window opens where there is a
    display; with none (here), it says so."""
    env = no_display(tmp_path, SDL_VIDEODRIVER="")
    if _fallback_driver(no_display(tmp_path)) not in ("offscreen", "dummy"):
        pytest.skip("this machine shows a window without a display")
    line = one_line_exit_2(windowed(env, "play", "--seed", "1", timeout=90),
                           "the window cannot be opened")
    assert "no display" in line


@pytest.mark.parametrize("argv", [
    ("screenshot", "--level", "levels/quick_demo.yaml", "--actions", "0", "--size", "320x240"),
    ("bench", "render", "--frames", "2"),
    ("monkey", "--seconds", "0.5", "--seed", "1"),
], ids=["screenshot", "bench-render", "monkey"])
def test_a_headless_command_with_a_video_driver_the_machine_lacks_is_one_line(tmp_path, argv):
    """SDL_VIDEODRIVER naming a driver this machine lacks (x11 with no X; here a made-up
    one): `screenshot` said "cannot write the picture: ... not available" (nothing was
    wrong with the file), `bench render` and `monkey` stopped with a traceback. Now one
    line saying the table cannot be drawn and why, exit 2, and no picture left."""
    if argv[0] == "screenshot":
        argv = (*argv, "--out", str(tmp_path / "shot.png"))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1",
           "SDL_VIDEODRIVER": "no-such-driver", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    one_error((done.returncode, done.stdout, done.stderr), "the table cannot be drawn",
              "no-such-driver")
    assert not list(tmp_path.iterdir())
