"""Hostile and awkward files, the s42f pass: what the s41f audit left alone (a slot's
lock that cannot be made, a YAML key too long, old Mac line endings, a FIFO among the
paths given to validate, a setting out of bounds said on stderr only, a settings file
that is a symbolic link), and what this pass found besides. Each test fails on the
code before it."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.cli import main  # noqa: E402
from game.engine import LoadError  # noqa: E402
from game.engine.files import loads_json, read_text  # noqa: E402
from game.engine.yamlfile import read_yaml  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.session import SessionConfig  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.slots import SLOTS, Saves  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEMO = str(ROOT / "levels" / "quick_demo.yaml")
LEVEL = "name: Mine\ndecks: [demo, demo]\noptions: {round_limit: 12}\n"


@pytest.fixture
def app(quiet_app):
    return quiet_app


# 1. A slot's lock that cannot be made ------------------------------------------------------

def test_a_folder_named_as_a_slot_s_lock_is_passed_over_for_another_free_slot(app):
    """slots.py, Saves.hold_free: "Hold the first slot with no game in it". A folder named
    slot-1.lock (put there by hand) made the lock impossible, and New game gave up saving
    ("This game cannot be saved") with five slots free. The slot is passed over: the game
    is saved in slot 2, and the folder is left as it is."""
    lock = app.saves.folder / "slot-1.lock"
    lock.mkdir(parents=True)
    app.start_game(SessionConfig(DEMO, ["ai:easy", "ai:easy"], seed=5))  # AI only: kept at once
    assert app.save_error == "" and app.saves.held == 2
    assert app.saves.path(2).exists() and not app.saves.path(1).exists() and lock.is_dir()
    app.end_session()


def test_no_free_slot_s_lock_can_be_made_is_the_first_one_s_error(tmp_path):
    """Only when no free slot can be held is saving given up (the window's line:
    tests/test_hostile_s28c.py), naming the first lock and what is wrong with it ("Is a
    directory" said nothing of what it should be); a slot holding a game is not tried."""
    saves = Saves(tmp_path / "saves", tmp_path / "save.json")
    saves.folder.mkdir()
    saves.path(1).write_text("{}")
    for n in range(2, SLOTS + 1):
        saves.path(n).with_suffix(".lock").mkdir()
    with pytest.raises(OSError) as info:
        saves.hold_free()
    assert (info.value.filename, info.value.strerror) == (
        str(saves.path(2).with_suffix(".lock")), "a folder where the slot's lock file should be")
    assert saves.held is None


# 2. A YAML key too long -------------------------------------------------------------------

LONG = "k" * 1100


@pytest.mark.parametrize("text, line", [
    (f"name: Mine\n{LONG}: 2\n", 2),                     # a block map's key
    (f"name: Mine\ndecks:\n  - {LONG}: 1\n", 3),        # in a list
    (f'name: Mine\n"{LONG}": 1\n', 2),                   # quoted
    (f"name: Mine\noptions: {{{LONG}: 1}}\n", 2),        # in a flow map
    (f"{LONG} : 1\n", 1),                                # spaces before its ':'
], ids=["block", "list", "quoted", "flow", "spaced"])
def test_a_yaml_key_longer_than_yaml_reads_is_said_to_be_one(tmp_path, capsys, text, line):
    """YAML reads a key written on its line only up to 1,024 characters: a longer one got
    PyYAML's "mapping values are not allowed here" (or "could not find expected ':'"),
    which told its author nothing of the key. It is said to be a key too long, at its
    line, for every YAML file read (levels here; cards and decks read through the same
    read_yaml)."""
    level = tmp_path / "mine.yaml"
    level.write_text(text)
    assert main(["validate", str(level)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {level}:{line}: a key of ") and err.count("\n") == 1, err
    assert "YAML reads a key of at most 1,024" in err and "mapping values" not in err, err


def test_a_long_value_and_a_long_key_in_a_complex_key_still_load(tmp_path):
    """What YAML reads stays read: a value of 1,100 characters, and a key as long written
    as an explicit key (`? key`), which has no such bound."""
    f = tmp_path / "x.yaml"
    f.write_text(f"a: {LONG}\n? {LONG}\n: 2\n")
    assert read_yaml(f)[0] == {"a": LONG, LONG: 2}


# 3. Old Mac line endings (a lone \r) ------------------------------------------------------

def test_a_bad_byte_in_a_file_of_old_mac_line_endings_is_named_by_its_line(tmp_path, capsys):
    """A file saved with \\r line endings (old Mac) and a byte that is not UTF-8 on its
    third line was said to be bad at line 1: only "\\n" was counted. Lines are counted as
    YAML's reader and an editor count them (\\r\\n, \\n, \\r)."""
    level = tmp_path / "mine.yaml"
    level.write_bytes(b"name: Mine\rdecks: [demo, demo]\rdescription: caf\xe9\r")
    assert main(["validate", str(level)]) == 2
    assert capsys.readouterr().err == f"error: {level}:3: not a text file (bytes that are " \
                                      "not UTF-8)\n"
    mixed = tmp_path / "mixed.json"
    mixed.write_bytes(b'{\r\n"a": 1,\r"b": 2,\n"c": "\xff"}')
    with pytest.raises(LoadError) as info:
        read_text(mixed, 1000)
    assert info.value.line == 4


def test_a_control_character_after_lone_cr_lines_is_named_by_its_line(tmp_path):
    """The same for a character YAML refuses (a binary file's NUL)."""
    f = tmp_path / "x.yaml"
    f.write_bytes(b"a: 1\rb: 2\rc: \x00\r")
    with pytest.raises(LoadError) as info:
        read_yaml(f)
    assert info.value.line == 3 and "character #x0000" in info.value.message


@pytest.mark.parametrize("text, said", [
    ('{\r"a": 1,\r"b": 2,\r"a": 3\r}', "the key 'a' appears twice"),
    ('{\r"a": 1,\r"b": 2\r"c": 3\r}', "bad JSON"),
    ('{\r"a": "x\ry",\r"b": [[[[1]]]]\r}', "nested more than 3 deep"),
    ('{\r"a": "x",\r"b": 1,\r"c": ' + "9" * 5000 + "\r}", "a number too long"),
], ids=["duplicate", "syntax", "depth", "number"])
def test_json_of_old_mac_line_endings_is_named_by_its_line(text, said):
    """A save or settings.json with \\r line endings: json.loads counts "\\n" only, and
    every fault was at line 1. Each fault here is on line 4 (a line break inside a
    string counts too)."""
    with pytest.raises(LoadError) as info:
        loads_json(text, "x.json", max_depth=3)
    assert info.value.line == 4 and said in info.value.message, str(info.value)


# 4. validate given a FIFO or a device ---------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_validate_says_a_fifo_or_a_device_and_checks_the_rest(tmp_path, capsys):
    """`validate` stopped at the first path that was no regular file (one line, exit 2),
    and the levels named after it were never checked. Each such path is one error line
    ("not a regular file", what it is), read never (a FIFO would wait for a writer), and
    the rest is checked: a broken level after it is said too, a good one counted; exit 2
    at the end. A FIFO named twice, and again in a folder given, is said once."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(LEVEL)
    bad.write_text("name: Bad\ndecks: [nosuch]\n")
    assert main(["validate", str(fifo), str(good), os.devnull, str(bad), str(fifo),
                 str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        f"error: {fifo}: a named pipe (FIFO), not a regular file",
        f"error: {os.devnull}: a device, not a regular file",
        f"error: {bad}:2: decks: unknown deck 'nosuch': a level's decks are the files of "
        "assets/decks/, each named without .yaml"], err
    assert ", 1 levels: 3 error(s)" in out.splitlines()[0], out
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_validate_says_a_path_that_is_not_there_and_checks_the_rest(tmp_path, capsys):
    """The same for a path that names nothing (a typo): the rest is checked."""
    good = tmp_path / "good.yaml"
    good.write_text(LEVEL)
    assert main(["validate", str(tmp_path / "typo.yaml"), str(good)]) == 2
    out, err = capsys.readouterr()
    assert err == f"error: {tmp_path / 'typo.yaml'}: no such file or folder\n"
    assert ", 1 levels: 1 error(s)" in out


# 5. A setting out of its bounds, said on the window -------------------------------------

def test_a_setting_out_of_its_bounds_is_said_on_the_window_once(tmp_path, card_db,
                                                                monkeypatch, capsys):
    """settings.json's volume 5 was taken as 1 and said on stderr only, which a person
    who opened the window never sees (as a broken file's line was before s41f). It is on
    the banner as the file's read problems are, in one line: the setting, its value, what
    was used instead, the file; then gone."""
    import game.ui.app as app_module
    shown: list[str] = []
    monkeypatch.setattr(app_module, "_banner", lambda surface, words, over: shown.append(words))
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"volume": 5, "booth_idle": 30}))
    app = App(config=config, data=tmp_path / "data")
    app.__dict__["db"] = card_db
    app.to_menu()
    app.step([], 1 / 60)
    said = (f"{config / 'settings.json'}: volume 5 taken as 1 (the bounds: volume 0 to 1)")
    assert shown == [f"Settings: {said}"], shown
    assert capsys.readouterr().err == f"settings: {said}\n"
    app.step([], app_module.NOTICE_SECONDS)
    shown.clear()
    app.step([], 1 / 60)
    assert not shown and app.settings.volume == 1.0
    app.quit()


# 6. settings.json a symbolic link ---------------------------------------------------------

def test_settings_saved_through_a_symbolic_link_keep_the_link(tmp_path):
    """A settings.json linked to a person's dotfiles: Settings.save renamed its temporary
    file over the link, which became a file of its own, and the dotfiles' copy was never
    written again. The file the link names is replaced (atomically, its temporary file in
    that file's folder), and the link is kept."""
    dotfiles, config = tmp_path / "dotfiles", tmp_path / "config"
    dotfiles.mkdir()
    config.mkdir()
    target = dotfiles / "ani-mayhem.json"
    target.write_text(json.dumps({"volume": 0.2}))
    link = config / "settings.json"
    link.symlink_to(target)
    settings = Settings.load(link)
    settings.volume = 0.9
    assert settings.save(link) == ""
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text())["volume"] == 0.9
    assert sorted(p.name for p in dotfiles.iterdir()) == ["ani-mayhem.json"]
    assert sorted(p.name for p in config.iterdir()) == ["settings.json"]


def test_settings_saved_through_links_that_loop_say_so_and_keep_them(tmp_path, capsys):
    """Links that loop are no file to write through: the save says so in one line, and
    the links are left as they are."""
    link, other = tmp_path / "settings.json", tmp_path / "other.json"
    link.symlink_to(other)
    other.symlink_to(link)
    said = Settings().save(link)
    assert said.startswith("cannot save ") and "symbolic links" in said, said
    assert link.is_symlink() and other.is_symlink()
    capsys.readouterr()


# Found this pass ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, line, column", [
    ("name: Mine\ndecks:\n\t- demo\n\t- demo\n", 3, 1),     # indented with a tab
    ("name: Mine\ndecks: [demo, demo]\noptions:\n  \tround_limit: 12\n", 4, 3),
    ("name:\tMine\ndecks: [demo, demo]\n", 1, 6),            # after its ':'
], ids=["indent", "after-spaces", "after-colon"])
def test_a_tab_in_a_yaml_file_is_said_to_be_one(tmp_path, capsys, text, line, column):
    """An editor that indents with tabs: PyYAML's "found character '\\t' that cannot start
    any token" named a character its author cannot see. It is said to be a tab, at its
    line and column, and what to do."""
    level = tmp_path / "mine.yaml"
    level.write_text(text)
    assert main(["validate", str(level)]) == 2
    assert capsys.readouterr().err == (
        f"error: {level}:{line}: a tab at column {column}: YAML indents and separates with "
        "spaces only (replace it with spaces)\n")


@pytest.mark.parametrize("below", ["", "sub"])
def test_settings_whose_folder_is_a_file_say_so(tmp_path, capsys, below):
    """A file where the config folder should be (an older program's ~/.config/ani-mayhem):
    the save said "File exists" (or "Not a directory" further down), naming no file that
    exists. It names the file in the way."""
    blocker = tmp_path / "ani-mayhem"
    blocker.write_text("not ours")
    path = blocker / below / "settings.json" if below else blocker / "settings.json"
    said = Settings().save(path)
    assert said == (f"cannot save {path} ({blocker} is a file, not a folder); the choice "
                    "holds while the window is open"), said
    assert blocker.read_text() == "not ours"
    capsys.readouterr()
