"""Bad input (the hostile set), the s65 pass. The house rule each test pins: a user's
mistake gets one clear line (what, which file, which line where there is one), exit
code 2, nothing lost or half-loaded, never a traceback. Cases the earlier sets did
not cover; docs/card-format.md, "Bad input checked on 5 Dec 2026 (s65)", lists them."""
from __future__ import annotations

import os
import stat
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from test_hostile import run  # noqa: E402
from test_hostile_s64 import one_error  # noqa: E402

from game.engine.files import write_atomic  # noqa: E402
from game.ui.settings import Settings  # noqa: E402


# The window's files: what is no regular file is never replaced ------------------------

@pytest.mark.parametrize("linked", [False, True], ids=["fifo", "link-to-fifo"])
def test_settings_that_are_a_named_pipe_are_said_and_the_pipe_kept(tmp_path, capsys, linked):
    """Bad input: settings.json a named pipe, or a link to one (or to /dev/null, to keep
    no settings). Load said so and used the defaults; the save then renamed a file
    over what the path named: the pipe was gone, and run as root a link to /dev/null
    replaced /dev/null itself with a settings file. Expected: the save refused in one
    line saying what it is, the pipe (and the link) left as they were."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    path = tmp_path / "settings.json"
    if linked:
        path.symlink_to(fifo.name)
    else:
        fifo.rename(path)
        fifo = path
    settings = Settings.load(path)
    assert "named pipe" in settings.problem
    said = settings.save(path)
    assert "cannot save" in said and "named pipe (FIFO), not a regular file" in said
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert path.is_symlink() == linked
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert "Traceback" not in capsys.readouterr().err


def test_an_atomic_write_over_a_folder_says_so_and_keeps_it(tmp_path):
    """Bad input: a save or settings path that is a folder, written. Expected: an
    OSError saying it is a folder, the folder and what it holds kept, no temporary
    file left."""
    path = tmp_path / "slot-1.json"
    path.mkdir()
    (path / "mine.txt").write_text("kept")
    with pytest.raises(IsADirectoryError) as info:
        write_atomic(path, lambda f: f.write("{}"))
    assert info.value.strerror == "a folder, not a file"
    assert (path / "mine.txt").read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot-1.json"]


# YAML: a byte order mark below the first line -----------------------------------------

@pytest.mark.parametrize("raw, line", [
    (b"name: L\n\xef\xbb\xbfdecks: [demo, demo]\n", 2),             # before a key
    (b"name: L\ndecks:\n\xef\xbb\xbf  - demo\n", 3),                 # before an indent
    (b"name: L\r\ndecks: [demo]\r\n\xef\xbb\xbf# joined\r\n", 3),    # CRLF, a comment
    (b"\xef\xbb\xbfname: L\ndecks: [demo]\n\xef\xbb\xbfname: M\n", 3),  # two files joined
], ids=["before-key", "before-indent", "crlf-comment", "joined"])
def test_a_byte_order_mark_beginning_a_later_line_is_said_at_its_line(tmp_path, raw, line):
    """Bad input: a byte order mark (unseen in an editor) at the start of a line below
    the first: two files joined with `cat`, the second saved by Notepad. It was
    "not a card pack, a deck or a level" at line 1, or "YAML syntax error: could not
    find expected ':'" at the line after it. Expected: one line at its own line saying
    what it is, from validate and simulate --level, exit 2."""
    path = tmp_path / "level.yaml"
    path.write_bytes(raw)
    for argv in (["validate", str(path)], ["simulate", "--games", "1", "--level", str(path)]):
        code, out, err = run(*argv)
        assert code == 2 and "byte order mark (U+FEFF" in one_error(err, path, line), err


def test_a_byte_order_mark_first_or_inside_a_word_is_read_as_before(tmp_path):
    """A file's first character may be a byte order mark (Notepad's), and one inside a
    word is still that word's, shown escaped (s30h): only one beginning a later line
    is refused."""
    path = tmp_path / "level.yaml"
    path.write_bytes(b"\xef\xbb\xbfname: L\ndecks: [demo, demo]\n")
    assert run("validate", str(path))[0] == 0
    path.write_bytes(b"name: L\ndecks: [demo, demo]\nopt\xef\xbb\xbfions: {}\n")
    code, _, err = run("validate", str(path))
    assert code == 2 and "opt\\ufeffions: unknown field" in one_error(err, path, 3)


# validate's report: a deck named by its file -------------------------------------------

def test_validate_names_a_deck_file_of_a_newline_on_one_line(tmp_path):
    """Bad input: two decks of one name in a folder given to validate, one file named
    "new<newline>line.yaml". The report names each by its file (s46f), and that line was
    split in two on stdout (the warnings and errors already escaped it). Expected: the
    deck's verdict on one line, the newline written as its escape."""
    demo = (Path(__file__).resolve().parents[1] / "assets" / "decks" / "demo.yaml").read_text(
        encoding="utf-8")
    for name in ("plain.yaml", "new\nline.yaml"):
        (tmp_path / name).write_text(demo, encoding="utf-8")
    code, out, _ = run("validate", str(tmp_path))
    assert code == 0
    verdicts = [line for line in out.splitlines() if line.startswith("  deck ")]
    assert len(verdicts) == 2, out
    assert any(line.endswith("new\\nline.yaml): legal") for line in verdicts), out


# The window's saves folder that cannot be searched -------------------------------------

def test_a_saves_folder_that_cannot_be_searched_is_said_at_start(tmp_path, monkeypatch,
                                                                  capsys, card_db):
    """Bad input: the saves folder made unsearchable for this user (chmod 700 by root
    after a run under sudo; simulated, as the tests run as root). Every slot looked
    absent: the title offered no Continue and said nothing, as if the games were gone.
    Expected: the window starts, and says on its banner and on stderr, in one line,
    that saved games cannot be listed and why; nothing in the folder is touched."""
    from game.ui.app import App

    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    (saves / "slot-1.json").write_text("{}")
    real = os.lstat

    def lstat(path, *args, **kw):
        if str(path).startswith(f"{saves}{os.sep}"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kw)
    monkeypatch.setattr(os, "lstat", lstat)
    app = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path / "config",
              data=tmp_path / "data")
    try:
        app.__dict__["db"] = card_db
        assert not app.has_save()
        said = app._banner_words()
        assert said.startswith("Saved games cannot be listed: ") and "Permission denied" in said
        assert str(saves) in said
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Saved games cannot be listed" in err
    finally:
        app.quit()
    monkeypatch.undo()
    assert (saves / "slot-1.json").read_text() == "{}"


def test_a_saves_folder_that_can_be_searched_says_nothing(quiet_app):
    """The usual case, a saves folder not made yet or one holding games: no line."""
    assert quiet_app.saves.unlisted() == "" and quiet_app._banner_words() == ""


# The guided first game over a quick demo edited badly ----------------------------------

@pytest.mark.parametrize("text, said", [
    ("name: Q\ndecks: [demo]\noptions: {round_limit: 0}\n", "quick_demo.yaml:3: "),
    (None, "quick_demo.yaml: no such file or folder"),
], ids=["round-limit-0", "deleted"])
def test_a_guided_game_over_a_bad_quick_demo_says_so_on_the_title(quiet_app, tmp_path,
                                                                   monkeypatch, text, said):
    """Bad input: levels/quick_demo.yaml (a file of the folder people add levels to)
    edited badly, or deleted. The title's Guided first game raised the LoadError through
    the frame (a traceback, the window gone), and on a first start, which opens the
    guided game, the window never showed. Expected: the title, saying in one line why
    the guided game cannot start, naming the file and line; nothing saved."""
    from game.ui import app as app_module
    from game.ui.scenes.title import TitleScene

    levels = tmp_path / "levels"
    levels.mkdir()
    if text is not None:
        (levels / "quick_demo.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(app_module, "DEFAULT_LEVELS_DIR", levels)
    app = quiet_app
    app.push(TitleScene(app))
    app.step([], 1 / 60)
    app.top.guided.activate()
    app.step([], 1 / 60)
    title = app.top
    assert isinstance(title, TitleScene) and app.session is None
    assert title.error.startswith("The guided first game cannot start: ") and said in title.error
    assert "\n" not in title.error
    assert not app.saves.folder.exists() or not list(app.saves.folder.glob("slot-*.json"))


# validate: a level or deck parsed once -------------------------------------------------

def _parses_counted(monkeypatch) -> list[str]:
    """The paths every YAML parse reads, from now on."""
    from game.engine import yamlfile

    parsed: list[str] = []
    single = yamlfile._Loader.get_single_node

    def counted(loader):
        parsed.append(loader.path)
        return single(loader)
    monkeypatch.setattr(yamlfile._Loader, "get_single_node", counted)
    return parsed


def test_validate_parses_a_level_and_a_deck_once(tmp_path, monkeypatch):
    """Bad input: a level of 70,000 keys under an unknown field, 0.8 MB, within every
    bound. validate parsed it twice (to tell it a level, then to check it), 11.5 s,
    where simulate reads it in 6; decks likewise. Expected: each given level and deck
    parsed once (counted here on small ones), the report as before."""
    root = Path(__file__).resolve().parents[1]
    deck = tmp_path / "mine.yaml"
    deck.write_text((root / "assets" / "decks" / "demo.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    level = tmp_path / "level.yaml"
    level.write_text("name: L\ndecks: [demo, demo]\n", encoding="utf-8")
    parsed = _parses_counted(monkeypatch)
    code, out, err = run("validate", str(deck), str(level))
    assert (code, err) == (0, ""), err
    assert "1 decks, 1 levels: all well" in out
    assert parsed.count(str(deck)) == 1 and parsed.count(str(level)) == 1, parsed


def test_validate_past_its_keeping_bound_parses_again_and_says_the_same(tmp_path,
                                                                       monkeypatch):
    """Parses are kept up to validate.KEEP_BYTES of files: past it a file is parsed
    again, and the report is the same."""
    from game import validate as validate_module

    level = tmp_path / "level.yaml"
    level.write_text("name: L\ndecks: [demo, demo]\nx:\n" + "".join(
        f"  k{i}: 1\n" for i in range(50)), encoding="utf-8")
    kept = run("validate", str(level))
    monkeypatch.setattr(validate_module, "KEEP_BYTES", 0)
    parsed = _parses_counted(monkeypatch)
    again = run("validate", str(level))
    assert again == kept and kept[0] == 2 and "x: unknown field" in kept[2]
    assert parsed.count(str(level)) == 2
