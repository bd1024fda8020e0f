"""Hostile and awkward files, the s43f pass: what the s42f audit left alone (a save slot
that is a symbolic link, NEL and the Unicode line separators in a file's line numbers, a
file where the config folder should be said only at the first save, a settings save's
temporary file left by a crash), and what this pass found besides. Each test fails on
the code before it."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
import yaml  # noqa: E402

from game.cli import main  # noqa: E402
from game.engine import LoadError  # noqa: E402
from game.engine.files import STALE_SECONDS, loads_json, read_text  # noqa: E402
from game.engine.save import load, save  # noqa: E402
from game.engine.yamlfile import read_yaml  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.session import SessionConfig  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.slots import Saves  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEMO = str(ROOT / "levels" / "quick_demo.yaml")


@pytest.fixture
def app(quiet_app):
    return quiet_app


def _played(app, actions: int = 6):
    """A game of the demo level, two easy AI seats, `actions` in: its record."""
    app.start_game(SessionConfig(DEMO, ["ai:easy", "ai:easy"], seed=5))
    while len(app.session.record.actions) < actions:
        app.session.poll()
    return app.session.record


# 1. A save slot that is a symbolic link -----------------------------------------------------

def test_a_save_through_a_symbolic_link_keeps_the_link_and_writes_its_target(app, tmp_path):
    """save.save renamed its temporary file over a slot that is a symbolic link (a save
    kept on another disk, or with a person's files): the link became a file of its own,
    and the file it named was never written again. Settings wrote through their link;
    saves now do the same, atomically, the temporary file in the target's folder."""
    record = _played(app)
    elsewhere = tmp_path / "kept"
    elsewhere.mkdir()
    target = elsewhere / "my-game.json"
    target.write_text("{}")
    link = tmp_path / "slot-1.json"
    link.symlink_to(target)
    save(record, link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert load(target)[0].actions == record.actions
    assert sorted(p.name for p in elsewhere.iterdir()) == ["my-game.json"]


def test_a_save_through_links_that_loop_is_an_error_and_keeps_them(app, tmp_path):
    """Links that loop are no file to write through: an OSError (said by the window as
    any failed save), the links left as they are."""
    record = _played(app)
    link, other = tmp_path / "slot-1.json", tmp_path / "other.json"
    link.symlink_to(other)
    other.symlink_to(link)
    with pytest.raises(OSError, match="symbolic links"):
        save(record, link)
    assert link.is_symlink() and other.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


# 2. NEL, U+2028 and U+2029 end a line, as YAML's reader counts ------------------------------

SEPARATORS = {"nel": "\x85", "line": "\u2028", "paragraph": "\u2029"}


def _yaml_line(text: str) -> int:
    """The line YAML's own reader puts the first error of `text` at."""
    with pytest.raises(yaml.YAMLError) as e:
        yaml.safe_load(text)
    return e.value.problem_mark.line + 1


@pytest.mark.parametrize("sep", SEPARATORS.values(), ids=SEPARATORS.keys())
@pytest.mark.parametrize("fault", [b"\xff", b"c: \x07"], ids=["not-utf8", "control"])
def test_a_yaml_file_s_line_counts_nel_and_the_separators_as_yaml_does(tmp_path, sep, fault):
    """files.line_of counted \\r\\n, \\n and \\r: a byte that is not UTF-8, or a control
    character, after a NEL or U+2028 was said to be lines above where YAML's reader (and
    its syntax errors in the same file) put it."""
    head = "a: 1" + sep + "b: 2" + sep
    assert _yaml_line(head + "c: [") == 3
    path = tmp_path / "mine.yaml"
    path.write_bytes(head.encode() + fault)
    with pytest.raises(LoadError) as e:
        read_yaml(path)
    assert e.value.line == 3, e.value


@pytest.mark.parametrize("sep", SEPARATORS.values(), ids=SEPARATORS.keys())
def test_a_json_file_s_line_counts_nel_and_the_separators_as_yaml_does(tmp_path, sep):
    """JSON's errors (a save's, the settings') are lined as YAML's: a separator inside a
    string ends a line for the reader, and was not counted."""
    text = '{"summary": "one' + sep + 'two",\n"a": 1,\n"a": 2}'
    with pytest.raises(LoadError) as e:
        loads_json(text, "save.json")
    assert e.value.line == 4, e.value
    path = tmp_path / "settings.json"
    path.write_bytes(('{"x": "' + sep + '"}\n').encode() + b"\xff")
    with pytest.raises(LoadError) as e:
        read_text(path, 1024)
    assert e.value.line == 3, e.value


# 3. A file where the config folder should be, said at load ---------------------------------

def test_a_file_where_the_config_folder_should_be_is_said_at_load_once(tmp_path, capsys):
    """settings.json under a file (an older program's ~/.config/ani-mayhem): Settings.load
    used the defaults without a word, and only the first save said why. It is said at
    load, on stderr and on the window's banner; the saves that fail for it say no more
    on stderr, and the banner holds one line, not two."""
    blocker = tmp_path / "config"
    blocker.write_text("not ours")
    app = App((1280, 720), config=blocker, data=tmp_path / "data")
    try:
        said = (f"{blocker} is a file, not a folder: settings cannot be read or saved while "
                "it is there; using defaults")
        assert app.settings.problem == said
        assert capsys.readouterr().err == f"settings: {said}\n"
        app.settings.volume = 0.3
        app.save_settings()
        app.save_settings()
        assert capsys.readouterr().err == ""
        assert app._banner_words() == f"Settings: {said}"
        assert blocker.read_text() == "not ours"
    finally:
        app.quit()


@pytest.mark.parametrize("kind", ["to-nothing", "loop"])
def test_a_link_where_the_config_folder_should_be_is_said_as_what_it_is(tmp_path, capsys,
                                                                       kind):
    """A config folder that is a symbolic link to a folder gone (a dotfiles folder
    moved), or links that loop: nothing was said at load, and each save called it "a
    file, not a folder"."""
    config = tmp_path / "config"
    if kind == "loop":
        other = tmp_path / "other"
        config.symlink_to(other)
        other.symlink_to(config)
        what = "a symbolic link that loops (too many levels of links)"
    else:
        config.symlink_to(tmp_path / "gone")
        what = f"a symbolic link to nothing ({tmp_path / 'gone'})"
    settings = Settings.load(config / "settings.json")
    assert settings.problem == (f"{config} is {what}, not a folder: settings cannot be "
                                "read or saved while it is there; using defaults")
    assert "cannot save" in Settings().save(config / "settings.json")
    assert f"{config} is {what}, not a folder" in capsys.readouterr().err.splitlines()[-1]


# 4. A settings save's temporary file left by a crash -----------------------------------------

def test_a_stale_settings_temporary_file_is_removed_at_the_next_save(tmp_path, capsys):
    """A crash mid-save (kill -9, a power cut) left settings.json<8 letters>.tmp, and each
    such crash another, for ever. The next save removes those older than a save takes
    (STALE_SECONDS: a younger one may be another window's save under way), and touches
    nothing else in the folder."""
    path = tmp_path / "settings.json"
    old = time.time() - STALE_SECONDS - 5
    stale = [tmp_path / "settings.jsonab_12xyz.tmp", tmp_path / "settings.json0k3j5p9q.tmp"]
    kept = [tmp_path / "settings.jsonyoung123.tmp",  # another window's, under way
            tmp_path / "settings.json.tmp", tmp_path / "settings.json.broken",
            tmp_path / "settings.jsonABCDEFGH.tmp", tmp_path / "notes.tmp",
            tmp_path / "settings.jsonabcdefgh.tmp.txt"]
    for p in stale + kept:
        p.write_text("half")
        if p.name != "settings.jsonyoung123.tmp":
            os.utime(p, (old, old))
    folder = tmp_path / "settings.jsonfolder01.tmp"  # not a file: left
    folder.mkdir()
    os.utime(folder, (old, old))
    assert Settings(volume=0.4).save(path) == ""
    assert not any(p.exists() for p in stale)
    assert all(p.read_text() == "half" for p in kept) and folder.is_dir()
    assert json.loads(path.read_text())["volume"] == 0.4


def test_a_settings_save_that_fails_leaves_no_temporary_file_and_says_why(
        tmp_path, monkeypatch, capsys):
    """A save that fails while writing (a full disk) removes its temporary file; when the
    removal fails too (the folder made read-only meanwhile), the line still says the
    first error, the full disk, not the removal's."""
    import game.engine.files as files

    def fsync(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(files.os, "fsync", fsync)
    assert "No space left on device" in Settings().save(tmp_path / "settings.json")
    assert list(tmp_path.iterdir()) == []

    def unlink(path, *args, **kw):
        raise OSError(30, "Read-only file system")
    monkeypatch.setattr(files.os, "unlink", unlink)
    said = Settings().save(tmp_path / "settings.json")
    assert said == (f"cannot save {tmp_path / 'settings.json'} (No space left on device); "
                    "the choice holds while the window is open"), said
    capsys.readouterr()


# Found this pass ---------------------------------------------------------------------------

def test_holding_a_slot_removes_its_save_s_temporary_files_and_nothing_else(tmp_path):
    """Saves.hold swept a slot's temporary files left by a crash with a glob of
    slot-1.json*.tmp, which took a person's slot-1.json.notes.tmp and any other file so
    named. Only the save's own temporary files (write_atomic's names) are removed."""
    saves = Saves(tmp_path / "saves", tmp_path / "save.json")
    saves.folder.mkdir()
    crashed = saves.folder / "slot-1.jsonq7_xk2m0.tmp"
    theirs = [saves.folder / n for n in ("slot-1.json.notes.tmp", "slot-1.json-old.tmp",
                                         "slot-1.jsonXY.tmp", "slot-2.jsonq7_xk2m0.tmp")]
    for p in [crashed, *theirs]:
        p.write_text("kept?")
    assert saves.hold(1)
    try:
        assert not crashed.exists()
        assert all(p.read_text() == "kept?" for p in theirs)
    finally:
        saves.release()


@pytest.mark.parametrize("text, line, said", [
    ('name: M\ndescription: "half\ndecks: [demo, demo]\n', 2,
     "a quoted value is not closed (its closing quote is missing)"),
    ("name: M\noptions: {round_limit: 3\n\n\n", 2, "a { map is not closed (its } is missing)"),
    ("name: M\ndecks: [demo, demo\noptions: {round_limit: 3}\n", 3,
     "expected ',' or ']', but got ':' (inside the [ of line 2: is it closed?)"),
    ("name: M\ndecks: [demo,\n", 3,
     "the file ends inside a [ list or a { map (its ] or } is missing)"),
    ("name: M\ndecks: [demo, demo]\n---\nname: N\n", 3,
     "expected a single document in the stream, but found another document"),
], ids=["quote", "map", "list", "flow-end", "two-documents"])
def test_a_yaml_bracket_or_quote_left_open_is_said_where_it_opens(tmp_path, capsys, text,
                                                                   line, said):
    """A quote or a bracket never closed was said at the file's last line ("found
    unexpected end of stream"), however far above it was opened: it is said at its own
    line, as what is not closed; a [ read on past its line names the line it opened on.
    A second document was half a sentence ("but found another document")."""
    level = tmp_path / "mine.yaml"
    level.write_text(text)
    assert main(["validate", str(level)]) == 2
    assert capsys.readouterr().err == f"error: {level}:{line}: YAML syntax error: {said}\n"


@pytest.mark.parametrize("value, said", [
    ("2001-02-03", "must be a whole number, not a date (2001-02-03)"),
    ("2001-02-03 10:00:00", "must be a whole number, not a date (2001-02-03 10:00:00)"),
    ("=", "must be a whole number, not text ('=')"),
], ids=["date", "time", "equals"])
def test_a_yaml_value_of_a_kind_no_field_takes_is_said_in_words(tmp_path, capsys, value, said):
    """A date where a number goes was said in Python's words ("not date
    (datetime.date(2001, 2, 3))"); a bare '=' (YAML 1.1's value key, which no safe loader
    builds) was "could not determine a constructor for the tag
    'tag:yaml.org,2002:value'". Each is said as what it is, at the field."""
    level = tmp_path / "mine.yaml"
    level.write_text(f"name: M\ndecks: [demo, demo]\noptions: {{round_limit: {value}}}\n")
    assert main(["validate", str(level)]) == 2
    assert capsys.readouterr().err == f"error: {level}:3: options.round_limit: {said}\n"


def test_validate_names_a_card_pack_as_it_was_given(tmp_path, capsys, monkeypatch):
    """`validate pack.yaml` named the pack's errors /home/.../pack.yaml (its resolved
    path; a link, its target), where a deck's or a level's are named as given."""
    monkeypatch.chdir(tmp_path)
    Path("pack.yaml").write_text(
        "- id: my-card\n  name: Mine\n  type: character\n  gender: female\n"
        "  abilities: {attack: 400, defense: 3, movement: 2, charm: 3, energy: 2}\n")
    Path("linked.yaml").symlink_to("pack.yaml")
    for given in ("pack.yaml", "linked.yaml"):
        assert main(["validate", given]) == 2
        assert capsys.readouterr().err == (f"error: {given}:5: abilities.attack: must be at "
                                           "most 99, not 400\n")


@pytest.mark.parametrize("fault, line", [
    (b"{bad\n", 3), (b'{"game": 0, "note": "\xe2\x80\xa8\xff"}\n', 4),
], ids=["bad-json", "not-utf8"])
def test_a_cardstats_log_s_lines_are_counted_as_yaml_counts(tmp_path, capsys, fault, line):
    """cardstats numbered a log's lines by \\n alone: after a line holding a U+2028 (valid
    JSON inside a string) or a lone \\r, its errors were lines above where YAML's reader,
    and every other file's error, would put them."""
    log = tmp_path / "log.jsonl"
    log.write_bytes('{"game": 0, "type": "note", "note": "a\u2028b"}\n'.encode() + fault)
    assert main(["cardstats", "--log", str(log), "--level", DEMO]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {log}:{line}: "), err
