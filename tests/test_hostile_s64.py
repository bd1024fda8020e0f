"""Bad input (the hostile set), the s64 pass. The house rule each test pins: a user's
mistake gets one clear line (what, which file, which line where there is one), exit
code 2, nothing lost or half-loaded, never a traceback. Cases the earlier sets did
not cover; docs/card-format.md, "Bad input checked on 5 Dec 2026 (s64)", lists them."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from test_hostile import run  # noqa: E402

from game.engine import LoadError  # noqa: E402
from game.engine.yamlfile import read_yaml  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LEVEL = "name: L\ndecks: [demo, demo]\noptions: {{round_limit: {}}}\n"


def one_error(err: str, path: Path | str, line: int | None = None) -> str:
    """The one line of stderr, checked to name `path` (and `line`); its words."""
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "Traceback" not in err
    where = f"{path}:{line}: " if line is not None else f"{path}"
    assert where in err, (where, err)
    return err


# Numbers too long for Python ---------------------------------------------------------

@pytest.mark.parametrize("text, line", [
    (LEVEL.format("9" * 5000), 3),                                  # a map's value
    ("name: L\ndecks: [demo]\nx: [" + "1" * 5000 + "]\n# end\n\n", 3),  # in a list
    ("- id: x\n  name: " + "7" * 4301 + "\n  type: item\n", 2),    # a card's name
], ids=["map-value", "list-item", "card-name"])
def test_a_number_too_long_for_python_is_said_at_its_line(tmp_path, text, line):
    """Bad input: a whole number of more than 4,300 digits in a YAML file. Python's
    ValueError told the player to "use sys.set_int_max_str_digits() to increase the
    limit", and one in a list (built after the whole file was read) was said at the
    file's last line. Expected: one line at the number's own line, its digits counted,
    exit 2 from validate and simulate --level."""
    path = tmp_path / "long.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as info:
        read_yaml(path)
    assert info.value.line == line
    assert "too long to be read" in info.value.message
    assert "sys.set_int_max_str_digits" not in info.value.message
    code, _, err = run("validate", str(path))
    assert code == 2
    one_error(err, path, line)
    if text.startswith("name"):
        code, out, err = run("simulate", "--games", "1", "--level", str(path))
        assert code == 2 and out == ""
        assert "digits, too long to be read" in one_error(err, path, line)


# Text in UTF-16 or UTF-32 without a byte order mark ----------------------------------

WIDE = ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"]


@pytest.mark.parametrize("encoding", WIDE)
@pytest.mark.parametrize("name", ["L", "デッキ"], ids=["ascii", "japanese"])
def test_a_level_in_utf16_or_utf32_without_a_bom_is_said_to_be_so(tmp_path, encoding, name):
    """Bad input: a level saved as UTF-16 or UTF-32 with no byte order mark (some
    editors' "Unicode (no BOM)"). It was "not a text file (character #x0000)", or for
    other than ASCII "bytes that are not UTF-8", of a file any editor shows as text.
    Expected: one line, line 1, "text saved as UTF-16 (without a byte order mark);
    save it as UTF-8", exit 2."""
    path = tmp_path / "wide.yaml"
    text = f"name: {name}\ndecks: [demo, demo]\noptions: {{round_limit: 3}}\n"
    path.write_bytes(text.encode(encoding))
    code, out, err = run("simulate", "--games", "1", "--level", str(path))
    assert code == 2 and out == ""
    said = one_error(err, path, 1)
    assert f"text saved as {encoding[:6].upper()} (without a byte order mark)" in said


def test_a_binary_file_with_nul_bytes_is_still_not_text(tmp_path):
    """Bad input: NUL bytes that are no UTF-16 text (a binary file, a NUL in a
    line). Expected: as before, "not a text file (character #x0000)" at its line."""
    path = tmp_path / "nul.yaml"
    path.write_bytes(b"name: L\ndecks: [demo, demo]\n\x00\x00\x00\x01\x02\x03")
    code, _, err = run("validate", str(path))
    assert code == 2 and "not a text file (character #x0000)" in one_error(err, path, 3)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_save_in_utf16_without_a_bom_is_said_to_be_so(tmp_path, encoding):
    """Bad input: a save re-saved by an editor as UTF-16 without a byte order mark. It
    was "not a save file (bad JSON: Expecting property name enclosed in double
    quotes)". Expected: a LoadError naming
    the file, line 1, saying UTF-16; nothing is loaded."""
    from game.engine.save import load

    path = tmp_path / "slot.json"
    path.write_bytes(json.dumps({"format": "ani-mayhem-save", "version": 3, "seed": 1,
                                 "decks": ["demo", "demo"], "options": {},
                                 "actions": []}).encode(encoding))
    with pytest.raises(LoadError) as info:
        load(path)
    assert info.value.line == 1 and "UTF-16 (without a byte order mark)" in str(info.value)
    assert str(path) in str(info.value)


# Saves: every truncation, a mutation midway, another card pack --------------------

@pytest.fixture(scope="module")
def real_save(tmp_path_factory):
    """A real save (as the window writes one after each action): 60 random actions of
    quick_demo, seed 5."""
    from game.engine import apply, legal_actions
    from game.engine.save import Record, save
    from game.match import load_games

    game = load_games(ROOT / "levels" / "quick_demo.yaml", 2)[0]
    st, rng, actions = game.new_state(5), random.Random(5), []
    for _ in range(60):
        legal = legal_actions(st)
        action = legal[rng.randrange(len(legal))]
        apply(st, action)
        actions.append(action)
    path = tmp_path_factory.mktemp("save") / "slot.json"
    save(Record(game, 5, actions, keys=(b"\x01" * 16, b"\x02" * 16),
                table={"seats": ["human", "ai:normal"]}), path)
    return path


def test_a_save_truncated_at_every_byte_is_refused(real_save, tmp_path):
    """Bad input: a real save cut short at every byte offset (a copy interrupted, a
    disk full outside write_atomic). Expected: each is a LoadError naming the file
    (never another exception, never a game loaded from part of it)."""
    from game.engine.save import load

    raw = real_save.read_bytes()
    cut = tmp_path / "cut.json"
    for n in range(len(raw)):
        cut.write_bytes(raw[:n])
        with pytest.raises(LoadError) as info:
            load(cut)
        assert str(cut) in str(info.value) and "\n" not in str(info.value), n


def test_a_save_whose_actions_turn_illegal_midway_stops_before_the_bad_one(real_save,
                                                                          tmp_path):
    """Bad input: a save whose 40th action is replaced by its 1st (legal then, not
    now). Expected: RulesRefuse (a LoadError) naming actions[39] and the file, the
    replay stopped with the state of the 39 actions before it, nothing of the bad one
    applied."""
    from game.engine.save import Record, Replay, RulesRefuse, snapshot

    data = json.loads(real_save.read_text(encoding="utf-8"))
    data["actions"][39] = data["actions"][0]
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    replay = Replay(bad)
    with pytest.raises(RulesRefuse) as info:
        replay.run()
    assert info.value.done == 39 and "actions[39]" in str(info.value)
    assert str(bad) in str(info.value)
    good = Replay(real_save)
    good.step(39)
    assert snapshot(replay.state) == snapshot(good.state)
    assert isinstance(replay.record, Record) and replay.done == 39


def test_a_save_of_another_card_pack_is_refused(real_save, tmp_path):
    """Bad input: a save played with the shipped cards, continued with a card pack
    whose Characters differ (every ability 99). Expected: a LoadError naming the file
    and saying the cards' rules are not those it was played with; nothing replayed."""
    import shutil

    from game.engine.save import load

    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "assets" / "cards", cards)
    chars = cards / "characters.yaml"
    text = chars.read_text(encoding="utf-8")
    import re
    chars.write_text(re.sub(r"abilities: \{[^}]*\}", "abilities: {attack: 99, defense: 99, "
                            "movement: 99, charm: 99, energy: 99}", text), encoding="utf-8")
    with pytest.raises(LoadError) as info:
        load(real_save, cards=cards)
    assert str(real_save) in str(info.value)
    assert "not those this game was played with" in str(info.value)


# The command line's numbers and paths ----------------------------------------------

@pytest.mark.parametrize("argv, said", [
    (["simulate", "--games", "-1"], "must be from 0 to"),
    (["simulate", "--games", ""], "invalid int value: ''"),
    (["simulate", "--games", "1e3"], "invalid int value"),
    (["simulate", "--seed", "x"], "invalid int value"),
    (["simulate", "--think-ms", "nan"], "not nan"),
    (["simulate", "--think-ms", "1e309"], "not inf"),
    (["simulate", "--think-ms", "0"], "above 0"),
    (["simulate", "--log-seat", "-1"], "must be from 0 to 3"),
    (["simulate", "--log-seat", "99999999999999999999"], "must be from 0 to 3"),
    (["bench", "engine", "--seconds", "inf"], "at most 86400"),
    (["bench", "engine", "--seconds", "-0"], "above 0"),
    (["bench", "digest", "--seats", "0"], "from 1 to 4"),
    (["bench", "digest", "--games", "0"], "from 1 to 10000"),
    (["bench", "render", "--frames", "100001"], "from 1 to 100000"),
    (["bench", "regret", "--decisions", "0"], "from 1 to 1000"),
    (["bench", "regret", "--worlds", "101"], "from 1 to 100"),
    (["bench", "engine", "--seed", "-" + "9" * 20], "at most 64 bits"),
    (["monkey", "--seconds", "nan"], "at most 86400"),
    (["monkey", "--seed", "1" * 30], "at most 64 bits"),
    (["booth", "--idle", "9"], "at least 10"),
    (["booth", "--countdown", "601"], "at most 600"),
    (["cardstats", "--log", "x", "--seats", "0"], "--seats must be 1 to 4"),
    (["cardstats", "--log", "x", "--seats", "9" * 30], "--seats must be 1 to 4"),
    (["play", "--round-limit", "0"], "--round-limit must be from 1 to 1000"),
    (["play", "--round-limit", "9" * 30], "--round-limit must be from 1 to 1000"),
    (["play", "--seats", ""], "unknown seat kind ''"),
    (["screenshot", "--out", "x.png", "--actions", "-1"], "--actions must be 0 or more"),
    (["screenshot", "--out", "x.png", "--zoom", "nan"], "--zoom must be from 1"),
    (["screenshot", "--out", "x.png", "--size", "-5x-5"], "expected one argument"),
    (["screenshot", "--out", "x.png", "--size=-5x-5"], "320x240 to 7680x4320"),
    (["screenshot", "--out", "x.png", "--size", ""], "expected WIDTHxHEIGHT"),
    (["screenshot", "--out", "x.png", "--seed", "9" * 26], "at most 64 bits"),
    (["screenshot", "--out", "x.png", "--focus", "nan,1"], "expected fit, group or a cell"),
    (["screenshot", "--out", ""], "name the PNG file"),
    ([""], "invalid choice: ''"),
])
def test_every_numeric_option_out_of_range_is_one_line(argv, said):
    """Bad input: each command's numeric option negative, zero, past its bound, huge,
    not a number, empty; an empty file name or command. Expected: exit 2, one line
    on stderr saying the bound, nothing on stdout, before anything is run."""
    code, out, err = run(*argv)
    assert code == 2 and out == "", (argv, code, out)
    assert err.count("\n") == 1 and said in err, (argv, err)


@pytest.mark.parametrize("log, said", [
    ("{tmp}", "a folder, not a file"),
    ("/proc/x", "No such file or directory"),
    ("", "''"),
    ("{tmp}/no/such/folder/log.jsonl", "No such file or directory"),
    ("/dev/full", "No space left on device"),
])
def test_simulate_log_that_cannot_be_written_is_one_line(tmp_path, log, said):
    """Bad input: simulate --log naming a folder, a place that cannot be created
    (/proc), the empty string, a missing folder, a full disk (/dev/full). Expected:
    exit 2, one line naming the log."""
    if log == "/dev/full" and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    log = log.format(tmp=tmp_path)
    code, _, err = run("simulate", "--games", "1", "--level",
                       str(ROOT / "levels" / "quick_demo.yaml"), "--log", log)
    assert code == 2 and said in err and err.count("\n") == 1, err


@pytest.mark.parametrize("argv", [["--help"], ["simulate", "--help"], ["validate", "-h"]])
def test_help_to_a_full_disk_is_one_line_not_silence(argv):
    """Bad input: --help with stdout on a full disk (/dev/full). argparse drops the
    OSError of writing its help: nothing was written, exit 0, not a word. Expected:
    exit 2 and one line saying the output cannot be written."""
    import subprocess
    import sys

    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2
    assert done.stderr == "error: the output: cannot be written: No space left on device\n"


@pytest.mark.parametrize("text, said", [
    (LEVEL.format("9" * 5000), "too long to be read"),
    (LEVEL.format("0"), "must be at least 1"),
    ("name: L\ndecks: []\n", "must name at least one deck"),
])
def test_play_says_a_bad_level_before_looking_for_a_display(tmp_path, monkeypatch, text,
                                                            said):
    """Bad input: `play --level` a bad level on a machine with no display (check_display
    made to find none, as without DISPLAY). The display was looked for first: "the
    window cannot be opened: no display was found" (and SDL's own XDG_RUNTIME_DIR
    line), the level's mistake unsaid. Expected: the level's one line, naming the
    file and line, exit 2."""
    from game.ui import app

    def no_display() -> None:
        raise app.NoWindow("no display was found")

    monkeypatch.setattr(app, "check_display", no_display)
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("play", "--level", str(path), "--seats", "ai:random,ai:random")
    assert code == 2 and out == ""
    assert str(path) in err and "display" not in err and err.count("\n") == 1, err
    if said:
        assert said in err


def test_a_level_of_many_tiny_values_is_refused_before_validate_takes_10_seconds(tmp_path):
    """Bad input: a 1 MB level of 240,000 one-character values (`- 1` lines). Parsing
    is about 20 microseconds a value and validate parses a level twice (to tell what
    it is, then to check it): 11 s, over the 10 s a command may take on bad input.
    Expected: refused at the value past MAX_NODES (150,000; a 1 MB pack of real cards
    holds about 95,000 to 110,000), at its line, one line, exit 2."""
    from game.engine.yamlfile import MAX_NODES

    assert MAX_NODES == 150_000
    path = tmp_path / "tiny.yaml"
    path.write_text("name: L\ndecks: [demo]\nx:\n" + "- 1\n" * 240_000, encoding="utf-8")
    code, out, err = run("validate", str(path))
    assert code == 2
    said = one_error(err, path)
    line = int(said.split(f"{path}:")[1].split(":")[0])
    assert "more than 150000 values" in said and MAX_NODES - 10 < line <= MAX_NODES, said


@pytest.mark.parametrize("given, line, said", [
    ("assets/decks/demo.yaml", 2, "a deck, not a level"),
    ("assets/cards/items.yaml", 8, "a card pack, not a level"),
    ("save", 1, "a saved game, not a level"),
])
def test_another_kind_of_game_file_given_as_a_level_is_said_to_be_so(real_save, given, line,
                                                                    said):
    """Bad input: `simulate --level` given a deck, a card pack or a saved game. It was
    "starting_characters: unknown field (known: name, ...)", "must be a map of names
    to values, not a list" or "format: unknown field". Expected: one line saying what
    the file is instead, at its first line, exit 2."""
    path = real_save if given == "save" else ROOT / given
    code, out, err = run("simulate", "--games", "1", "--level", str(path))
    assert code == 2 and out == ""
    assert said in one_error(err, path, line)


@pytest.mark.parametrize("given, said", [
    ("levels/quick_demo.yaml", "a level, not a deck"),
    ("assets/cards/items.yaml", "a card pack, not a deck"),
    ("save", "a saved game, not a deck"),
])
def test_another_kind_of_game_file_read_as_a_deck_is_said_to_be_so(real_save, given, said):
    """Bad input: a level, a card pack or a save read as a deck (a file dropped in the
    decks folder). Expected: a LoadError naming the file and saying what it is."""
    from game.engine.cardfile import load_cards
    from game.engine.decks import load_deck

    path = real_save if given == "save" else ROOT / given
    with pytest.raises(LoadError) as info:
        load_deck(path, load_cards())
    assert said in str(info.value) and str(path) in str(info.value)


def test_a_save_given_to_validate_is_said_to_be_one(real_save):
    """Bad input: `validate` given a saved game (JSON is YAML, and a save has `decks`:
    it was checked as a level, "format: unknown field"). Expected: one error line
    naming it a saved game, exit 2."""
    code, _, err = run("validate", str(real_save))
    assert code == 2
    assert "a saved game, not a card pack, a deck or a level" in one_error(err, real_save, 1)


@pytest.mark.parametrize("raw, line, said", [
    (b"\xef\xbb\xbf\xef\xbb\xbfname: L\ndecks: [demo, demo]\n", 1, "unknown field"),
    (b"%YAML 9.9\n---\nname: L\ndecks: [demo, demo]\n", 1, "version 1.* is required"),
    (b"x: &x {<<: *x}\n", 1, "inside the value it names (a loop)"),
    (b"name: L\ndecks: [demo, demo]\n? [a]\n: 2\n", 3, "unhashable key"),
    (b"name: L\ndecks: [demo, demo]\noptions: {yes: 1}\n", 3, "a name was read as true"),
    (LEVEL.format("on").encode(), 3, "not true/false"),
    (LEVEL.format("0o17").encode(), 3, "not text ('0o17')"),
    (LEVEL.format("1e309").encode(), 3, "not text ('1e309')"),
    (LEVEL.format(".nan").encode(), 3, "not a number (nan)"),
    (LEVEL.format("3.0").encode(), 3, "not a number (3.0)"),
    (b"name: L\ndecks: [../../etc/passwd]\n", 2, "unknown deck '../../etc/passwd'"),
    (b"name: L\ndecks: [demo]\nname: M\n", 3, "appears twice"),
    (b"name: L\rdecks: [demo, demo]\roptions: {round_limit: x}\r", 3, "not text ('x')"),
], ids=["two-boms", "yaml-9.9", "merge-loop", "list-key", "yes-key", "round-limit-on",
        "0o17", "1e309", "nan", "float", "deck-path", "duplicate", "lone-cr"])
def test_yaml_shapes_are_one_line_at_their_line(tmp_path, raw, line, said):
    """Bad input: YAML shapes of the s64 battery no earlier test pinned (held):
    two byte order marks, another YAML version, a merge that loops, a list as a key,
    `yes` as a key, round_limit as `on`, `0o17`, `1e309`, `.nan`, `3.0`, a deck named
    by a path, a key twice, lone-CR lines. Expected: validate and simulate --level
    each give one line at its line, exit 2."""
    path = tmp_path / "level.yaml"
    path.write_bytes(raw)
    for argv in (["validate", str(path)], ["simulate", "--games", "1", "--level", str(path)]):
        code, _, err = run(*argv)
        assert code == 2 and said in one_error(err, path, line), (argv, err)
