"""Hostile input, the s30h pass: what a sweep of every reader (levels, cards, decks,
saves, settings, cardstats logs; empty, binary, UTF-16, bombs, tags, wrong types at
every field, truncations, FIFOs, folders, links) still found wrong after
tests/test_hostile.py and tests/test_hostile_s28c.py: a folder of nothing said to be
"all well", a line whose field could not be read, and a settings file lost."""
from __future__ import annotations

import io
import json
import os
from contextlib import redirect_stderr, redirect_stdout

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import cli  # noqa: E402
from game.engine import LoadError  # noqa: E402
from game.engine.errors import one_line  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


# validate: a folder given that holds nothing it reads ---------------------------------------

@pytest.mark.parametrize("names", [[], ["level.yml", "deck.YAML", "notes.txt"]],
                         ids=["empty", "other-extensions"])
def test_a_folder_of_no_yaml_file_given_to_validate_is_said(tmp_path, names, root):
    """validate FOLDER read every `*.yaml` in it, and of a folder holding none (empty, or
    a level saved as .yml) said 'all well' with exit 0: files it never read were taken
    as checked (docs/card-format.md, Limits: every file named is read or refused)."""
    folder = tmp_path / "mine"
    folder.mkdir()
    for name in names:
        (folder / name).write_text((root / "levels" / "quick_demo.yaml").read_text())
    code, out, err = run("validate", str(folder))
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1 and err.startswith(f"error: {folder}: "), err
    assert "no .yaml file" in err, err


# Error lines: characters that are drawn as nothing --------------------------------------------

@pytest.mark.parametrize("mark", ["\ufeff", "\u200b", "\u2060", "\u00ad"])
def test_a_key_holding_an_invisible_character_is_shown_escaped(tmp_path, root, mark):
    """A byte order mark inside a file (two at its start, or one pasted mid-word) or a
    zero-width space made a key that prints as the right one: 'name: unknown field (did
    you mean 'name'?)', a line that cannot be acted on. What takes no room is written
    as its escape, as a control character already was (LoadError, one_line)."""
    level = tmp_path / "level.yaml"
    text = (root / "levels" / "quick_demo.yaml").read_text(encoding="utf-8")
    level.write_text(text.replace("description:", f"desc{mark}ription:"), encoding="utf-8")
    code, _, err = run("validate", str(level))
    assert code == 2 and err.count("\n") == 1, err
    assert mark not in err, err
    assert "desc" + repr(mark)[1:-1] + "ription: unknown field" in err, err


def test_one_line_leaves_visible_text_as_it_is():
    """Only what is drawn as nothing is escaped: accents, CJK, emoji stay."""
    for text in ("Café", "桜湯の宿", "Ani-Mayhem 🎴", "naïve—dash"):
        assert one_line(text) == text


# settings.json: a broken file is kept, not replaced by the defaults -------------------------

GOOD = {"anim_speed": "fast", "volume": 0.3, "colorblind_marks": True, "guide_seen": True}


@pytest.mark.parametrize("content", [
    json.dumps({**GOOD, "volume": "loud"}),
    json.dumps({**GOOD, "anim_speed": 1e9}),
    json.dumps(GOOD)[:30],
    json.dumps(GOOD).encode("utf-16").decode("latin-1"),
], ids=["wrong-type", "speed-1e9", "truncated", "utf-16"])
def test_a_broken_settings_file_is_kept_beside_when_the_defaults_replace_it(tmp_path, capsys,
                                                                             content):
    """A settings file broken by one mistyped value ('volume': 'loud') gave the defaults,
    and with them guide_seen false: the window opened the guided game, which saves the
    settings, and the person's file was gone at once (the project's rule: bad input is
    one line, and nothing lost). It is now kept as settings.json.broken, and the line
    says so."""
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir()
    path.write_text(content, encoding="latin-1" if "\x00" in content else "utf-8")
    before = path.read_bytes()
    app = App(config=path.parent, data=tmp_path / "data")
    app.threaded = False
    assert app.settings == Settings()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip().endswith(f"kept as {path}.broken"), err
    app.start_guide()  # what open_window does with guide_seen false: it saves the settings
    app.end_session()
    assert path.with_name("settings.json.broken").read_bytes() == before
    assert Settings.load(path).guide_seen is True


def test_a_settings_file_that_is_no_file_is_not_moved(tmp_path, capsys):
    """A folder or a FIFO where the settings file should be is said and left alone: it
    is not a person's edit to keep."""
    path = tmp_path / "settings.json"
    path.mkdir()
    assert Settings.load(path) == Settings()
    assert path.is_dir() and not (tmp_path / "settings.json.broken").exists()
    assert "folder" in capsys.readouterr().err


@pytest.mark.parametrize("values, said", [
    ({"volume": -5}, "volume -5 taken as 0"),
    ({"volume": 3, "booth_idle": 1e308}, "volume 3 taken as 1, booth_idle 1e+308 taken as 3600"),
    ({"booth_countdown": 0}, "booth_countdown 0 taken as 5"),
], ids=["volume-5", "volume-and-idle", "countdown-0"])
def test_a_settings_value_out_of_bounds_is_said_in_one_line(tmp_path, capsys, values, said):
    """A volume of -5 or an idle time of 1e308 was brought within its bounds without a
    word (bad input gets one clear line): it is now said, naming the file; the file,
    not broken, is used and left as it is."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({**GOOD, **values}), encoding="utf-8")
    settings = Settings.load(path)
    assert (settings.anim_speed, settings.guide_seen) == ("fast", True)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"settings: {path}: {said} (the bounds: "), err
    assert path.exists() and not path.with_name("settings.json.broken").exists()


def test_settings_within_bounds_say_nothing(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({**GOOD, "volume": 1, "booth_idle": 10}), encoding="utf-8")
    assert Settings.load(path).volume == 1.0
    assert capsys.readouterr().err == ""


# JSON files (saves, settings.json, log lines): the line, and what an empty one is -------------

def test_a_json_number_too_long_to_read_names_its_line(tmp_path):
    """A save, settings file or log line holding a whole number of more than 4,300
    digits (Python's limit for reading one) was refused without its line, which every
    other bad value of a JSON file names."""
    from game.engine.files import loads_json
    text = '{\n "format": "ani-mayhem-save",\n "seed": 1' + "0" * 5000 + ',\n "decks": []\n}'
    with pytest.raises(LoadError) as info:
        loads_json(text, "slot-1.json")
    assert str(info.value) == "slot-1.json:3: bad JSON: a number too long to read"


@pytest.mark.parametrize("text", ["", "  \n\n", "\ufeff"], ids=["empty", "blank", "bom-only"])
def test_an_empty_json_file_is_said_to_be_one(tmp_path, text):
    """An empty save or settings file (a disk that lost it) was 'bad JSON: Expecting
    value', where an empty card, deck or level file is 'empty file'."""
    from game.engine.save import peek
    path = tmp_path / "slot-1.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as info:
        peek(path)
    assert str(info.value) == f"{path}:1: not a save file (empty file)"


# The title's line of what failed: all of it on the window ------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)])
def test_a_failed_continue_s_line_stays_on_the_window_above_the_footer(tmp_path, card_db, size):
    """Drawn in a box 700 px wide, a failed Continue's line (the save's path, then its
    field) took three lines: the last ran under the footer's 'Tab, arrows and Enter ...'
    and off the window's bottom. It is now as wide as the fan above it, in smaller type
    when it needs two lines, and all of it is drawn between the menu and the footer."""
    from game.ui.scenes.title import TitleScene
    app = App(size=size, config=tmp_path / "config", data=tmp_path / "data")
    app.__dict__["db"] = card_db
    app.to_menu()
    app.step([], 1 / 60)
    title = app.top
    assert isinstance(title, TitleScene)
    path = "/home/someone-with-a-long-name/.local/share/ani-mayhem/saves/slot-1.json"
    title.error = (f"The saved game cannot be continued: {path}: seats: must list 1 to 4 of "
                   "human, ai:easy, ai:normal, ai:hard, ai:random, not 'god'")
    f, lines, box = title.error_lines()
    assert " ".join(lines) == title.error
    footer = title.px(100, 690, 0, 0).top
    menu = max(w.rect.bottom for w in title.form.widgets if w.visible)
    assert menu <= box.top and box.top + len(lines) * f.get_linesize() <= footer
    app.draw()
    title.error = "x " * 2000  # nothing real is so long: cut, never spilled
    f, lines, box = title.error_lines()
    assert lines[-1].endswith("…") and box.top + len(lines) * f.get_linesize() <= footer
    app.draw()


@pytest.mark.parametrize("first", ['"' + "7" * 5000 + '"', "0." + "7" * 5000, "1e" + "7" * 5000],
                         ids=["in-a-string", "a-fraction", "an-exponent"])
def test_a_number_too_long_to_read_is_found_outside_strings_and_floats(first):
    """The line of a whole number of 5,000 digits was found by any run of 4,301 digits:
    one inside a string (a name) or a float's fraction or exponent (read as floats,
    of no limit) on line 2 named line 2, not the number's line 3."""
    from game.engine.files import loads_json
    text = '{\n "name": ' + first + ',\n "seed": 1' + "0" * 5000 + '\n}'
    with pytest.raises(LoadError) as info:
        loads_json(text, "slot-1.json")
    assert str(info.value) == "slot-1.json:3: bad JSON: a number too long to read"


def test_a_second_broken_settings_file_keeps_the_first_one_kept(tmp_path, capsys):
    """A broken settings file was moved to settings.json.broken over the one kept
    before: the person's first edit was lost ('nothing lost'). Each is now kept, as
    settings.json.broken, then .broken.1, .broken.2 ..., and the line names where."""
    path = tmp_path / "settings.json"
    for i in range(3):
        path.write_text(json.dumps({**GOOD, "volume": f"loud {i}"}), encoding="utf-8")
        assert Settings.load(path) == Settings()
        kept = path.with_name("settings.json.broken" + (f".{i}" if i else ""))
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.rstrip().endswith(f"kept as {kept}"), err
        assert not path.exists()
    for i in range(3):
        kept = path.with_name("settings.json.broken" + (f".{i}" if i else ""))
        assert json.loads(kept.read_text())["volume"] == f"loud {i}"


def test_broken_settings_files_kept_are_bounded(tmp_path, capsys):
    """Past 20 kept, a broken settings file is left where it is, and the line says so:
    a folder is not filled by a file broken again at every start."""
    from game.ui.settings import MAX_KEPT
    path = tmp_path / "settings.json"
    for i in range(MAX_KEPT):
        path.with_name("settings.json.broken" + (f".{i}" if i else "")).write_text("{}")
    path.write_text("{", encoding="utf-8")
    assert Settings.load(path) == Settings()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not kept" in err and f"{MAX_KEPT} broken" in err, err
    assert path.read_text() == "{"
    assert not path.with_name(f"settings.json.broken.{MAX_KEPT}").exists()


@pytest.mark.parametrize("others", [["old.yml"], ["Deck.YAML", "sub/level.Yaml", "x.yml"]],
                         ids=["yml", "cases-and-below"])
def test_a_yaml_file_validate_passes_over_beside_a_yaml_one_is_named(tmp_path, root, others):
    """validate FOLDER read only `*.yaml`: a level saved as .yml (or .YAML) beside a
    .yaml one was passed over in silence, '1 levels: all well', exit 0, of a file never
    read (docs/card-format.md, Limits: every file named is read or refused). Each is
    now named, in one line, exit 2."""
    folder = tmp_path / "mine"
    (folder / "sub").mkdir(parents=True)
    level = (root / "levels" / "quick_demo.yaml").read_text()
    (folder / "level.yaml").write_text(level)
    for name in others:
        (folder / name).write_text(level)
    code, out, err = run("validate", str(folder))
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1 and err.startswith(f"error: {folder}: "), err
    assert err.rstrip().endswith(", ".join(sorted(others))), err
    assert "1 levels: 1 error(s)" in out, out


LONG_PATH = "/home/someone/" + "a-folder-of-saves/" * 160 + "slot-1.json"
REASON = "seats: must list 1 to 4 of human, ai:easy, ai:normal, ai:hard, ai:random, not 'god'"


@pytest.mark.parametrize("size", [(640, 360), (1024, 600), (1280, 720), (1920, 1080)])
def test_a_long_error_on_the_title_is_worked_out_once_and_loses_its_path_s_middle(
        tmp_path, card_db, monkeypatch, size):
    """The title's line of what failed was wrapped again at every frame, and a word
    wider than its box cut a character at a time: a failed Continue of a save 3,000
    characters deep took 7.6 s a frame. It is now worked out once per error and size,
    and when it cannot all be shown the path's middle is dropped, so its file name and
    the reason after it stay on the window; in one line of 540 px (640x360) the path
    goes whole before the reason loses anything."""
    from game.ui.scenes import title as title_module
    calls, real = [], title_module.wrap

    def counted(text, f, width):
        calls.append(text)
        return real(text, f, width)
    monkeypatch.setattr(title_module, "wrap", counted)
    app = App(size=size, config=tmp_path / "config", data=tmp_path / "data")
    app.__dict__["db"] = card_db
    app.to_menu()
    app.step([], 1 / 60)
    title = app.top
    title.error = f"The saved game cannot be continued: {LONG_PATH}: {REASON}"
    app.draw()
    worked = len(calls)
    for _ in range(3):
        app.draw()
    assert worked and len(calls) == worked  # no wrap at a frame with nothing new
    f, lines, box = title.error_lines()
    said = " ".join(lines)
    if size == (640, 360):  # one line of 540 px (a shot's size, under the window's least)
        assert said.startswith(f"The saved game cannot be continued: … {REASON[:60]}"), said
    else:
        assert said.startswith("The saved game cannot be continued: /home/") and "…" in said
        assert said.endswith(f"/slot-1.json: {REASON}"), said
    assert all(f.size(line)[0] <= box.width for line in lines)
    assert box.top + len(lines) * f.get_linesize() <= title.px(100, 690, 0, 0).top


def test_wrap_cuts_a_long_word_in_few_measures():
    """fonts.wrap cut a word wider than its box one character at a time, measuring the
    rest of the word at each: thousands of measures for a path of 3,000 characters. It
    now finds each cut by halving, in the same places."""
    from game.ui.fonts import wrap
    from game.ui.widgets import font
    f, measured = font("#small", 1.0), []

    class Counted:
        def size(self, text):
            measured.append(text)
            return f.size(text)

    word = LONG_PATH * 2
    lines = wrap(word, Counted(), 400)
    assert "".join(lines) == word and all(f.size(line)[0] <= 400 for line in lines)
    assert all(f.size(line + word[len("".join(lines[:i + 1]))])[0] > 400
               for i, line in enumerate(lines[:-1]))  # each line as full as it can be
    assert len(measured) < 40 * len(lines), len(measured)
