"""Hostile input, the s32h pass: what tests/test_hostile*.py left unsaid about a save
whose window part (`table`) is missing, and a command-line number too long to read."""
from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

from game import cli
from game.cli import load_games
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.save import Record, save
from game.ui.slots import Saves


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


def slot_line(tmp_path, edit) -> str:
    """Saved games' line for a version-3 save of the quick demo, its JSON edited."""
    game = load_games(DEFAULT_LEVELS_DIR / "quick_demo.yaml", 2)[0]
    saves = Saves(tmp_path / "saves", tmp_path / "save.json")
    save(Record(game, 5, [], table={"seats": ["human", "ai:easy"]}), saves.path(1))
    data = json.loads(saves.path(1).read_text())
    edit(data)
    saves.path(1).write_text(json.dumps(data))
    return saves.info(1).line


def test_a_version_3_save_without_its_table_says_so_in_one_line(tmp_path):
    """A save of the engine's own (save.Record, the window's part left out) holds the
    whole game but not who sits where: the window cannot seat its players, so it is not
    continued. Saved games said "table: must be a JSON object", as if one of the wrong
    kind were there; it now says the table is missing and why that stops it."""
    line = slot_line(tmp_path, lambda d: d.pop("table"))
    assert line.startswith("Cannot be continued: table: missing") and "who sits" in line
    assert "\n" not in line


def test_a_table_without_its_seats_says_they_are_missing_not_none(tmp_path):
    """A table without `seats`, or with `"seats": null`, read "... not None", Python's
    word, in a line a player reads; it now says the seats are missing, or null."""
    line = slot_line(tmp_path, lambda d: d["table"].pop("seats"))
    assert line.startswith("Cannot be continued: seats: missing") and "None" not in line
    line = slot_line(tmp_path, lambda d: d["table"].update(seats=None))
    assert line.endswith("must list 1 to 4 of human, ai:easy, ai:normal, ai:hard, "
                         "ai:random, not null")


@pytest.mark.parametrize("argv", [
    ("play", "--seed", "9" * 5000),
    ("simulate", "--games", "1", "--seed", "9" * 5000),
    ("screenshot", "--actions", "9" * 5000),
    ("cardstats", "--log", "x", "--seats", "9" * 5000),
])
def test_an_argument_of_five_thousand_digits_is_refused_in_a_short_line(argv):
    """argparse refuses a number Python will not convert (past 4,300 digits) by quoting
    it whole: one line, but of 5 KB. The value is now cut in its middle, its ends and its
    length said; exit 2 as before."""
    code, out, err = run(*argv)
    assert code == 2 and not out
    line, = err.splitlines()
    assert len(line) < 300 and "(5,002 characters)" in line and "--help" in line, line


def test_a_size_of_five_thousand_digits_is_refused_in_a_short_line():
    """screenshot's own error quoted --size whole (5 KB on one line); and said "--actions
    must be 0 or more and --size from ..." of a wrong size alone. It now says the size,
    and the value cut in its middle."""
    code, out, err = run("screenshot", "--size", "9" * 5000 + "x240", "--out", "x.png")
    line, = err.splitlines()
    assert code == 2 and len(line) < 300 and "--size" in line and "characters)" in line, line
    code, out, err = run("screenshot", "--size", "10x10", "--out", "x.png")
    assert code == 2 and err == "error: --size must be from 320x240 to 7680x4320, not 10x10\n"
