"""Hostile files, the s41f pass: what the earlier passes (tests/test_hostile*.py,
tests/test_files_s38e.py) left saying the wrong thing, or nothing where a person looks.
Each is one line naming the file (and the line), exit code 2 on the command line, a
message on screen in the window; nothing lost."""
from __future__ import annotations

import codecs
import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.cli import main  # noqa: E402
from game.engine import LoadError  # noqa: E402
from game.engine.save import peek  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

# The shipped card files are parsed once a worker (conftest): these tests are about the others.
pytestmark = pytest.mark.usefixtures("shipped_parsed_once")

LEVEL = "name: Mine\ndecks: [demo, demo]\noptions: {round_limit: 12}\n"
UTF = [("utf-16-le", codecs.BOM_UTF16_LE, "UTF-16"), ("utf-16-be", codecs.BOM_UTF16_BE, "UTF-16"),
       ("utf-32-le", codecs.BOM_UTF32_LE, "UTF-32"), ("utf-32-be", codecs.BOM_UTF32_BE, "UTF-32")]


# Text saved as UTF-16 or UTF-32 ------------------------------------------------------------

@pytest.mark.parametrize("codec, bom, name", UTF, ids=[u[0] for u in UTF])
@pytest.mark.parametrize("door", ["validate", "simulate", "bench"])
def test_a_level_saved_as_utf16_or_utf32_is_said_so_not_called_no_text(tmp_path, capsys, door,
                                                                       codec, bom, name):
    """docs/card-format.md, Limits: "Text is UTF-8". A level saved by Notepad as "Unicode"
    (UTF-16 with its byte order mark) is a text file; "not a text file (bytes that are not
    UTF-8)" told its author nothing they could see in their editor. What it is, and what to
    do, in one line; exit code 2 at every door."""
    level = tmp_path / "mine.yaml"
    level.write_bytes(bom + LEVEL.encode(codec))
    argv = {"validate": ["validate", str(level)],
            "simulate": ["simulate", "--level", str(level), "--games", "1"],
            "bench": ["bench", "digest", "--games", "1", "--level", str(level)]}[door]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"error: {level}:1: text saved as {name}; save it as UTF-8, the one " \
                  "encoding read\n", err


def test_bytes_that_are_no_encoding_are_still_not_text(tmp_path, capsys):
    """Only a byte order mark says which encoding a file is in: other bytes that are not
    UTF-8 are still named by their line."""
    level = tmp_path / "mine.yaml"
    level.write_bytes(b"name: Mine\ndecks: [caf\xe9]\n")
    assert main(["validate", str(level)]) == 2
    assert capsys.readouterr().err == f"error: {level}:2: not a text file (bytes that are " \
                                      "not UTF-8)\n"


def test_a_save_or_settings_saved_as_utf16_is_said_so(tmp_path, capsys):
    """The JSON files read the same way (files.read_text): a save edited and saved as
    UTF-16 is listed as one; a settings file so is kept aside, said so."""
    save = tmp_path / "slot-1.json"
    save.write_bytes(codecs.BOM_UTF16_LE + json.dumps({"format": "ani-mayhem-save"})
                     .encode("utf-16-le"))
    with pytest.raises(LoadError) as info:
        peek(save)
    assert str(info.value) == f"{save}:1: cannot read the save: text saved as UTF-16; save " \
                              "it as UTF-8, the one encoding read"
    settings = tmp_path / "settings.json"
    settings.write_bytes(save.read_bytes())
    assert Settings.load(settings) == Settings()
    err = capsys.readouterr().err
    assert "text saved as UTF-16" in err and err.count("\n") == 1, err
    assert (tmp_path / "settings.json.broken").read_bytes() == save.read_bytes()


def test_a_cardstats_log_saved_as_utf16_is_said_so(tmp_path, capsys):
    """The same for `cardstats --log` (a simulate log opened and saved by an editor): it
    read its lines alone and said "bytes that are not UTF-8" of the first."""
    log = tmp_path / "games.log"
    log.write_bytes(codecs.BOM_UTF16_LE + '{"e": "game_setup"}\n'.encode("utf-16-le"))
    assert main(["cardstats", "--log", str(log)]) == 2
    assert capsys.readouterr().err == f"error: {log}:1: text saved as UTF-16; save it as " \
                                      "UTF-8, the one encoding read\n"


# The settings file, in the window ----------------------------------------------------------

@pytest.fixture
def shown(monkeypatch):
    """What the window's banner says, frame by frame."""
    import game.ui.app as app_module
    words: list[str] = []
    monkeypatch.setattr(app_module, "_banner", lambda surface, said, over: words.append(said))
    return words


def _window(tmp_path, card_db, settings: str, menu: bool = True) -> tuple[App, object]:
    """A window whose config folder holds `settings` as its settings.json, at the menu."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(settings)
    app = App(config=config, data=tmp_path / "data")
    app.__dict__["db"] = card_db
    if menu:
        app.to_menu()
    return app, config


def _full(fd):
    raise OSError(28, "No space left on device")


def test_a_broken_settings_file_is_said_on_the_window_not_only_on_stderr(tmp_path, shown,
                                                                        card_db):
    """settings.py: "a broken settings file is reported in one line, moved aside". That
    line went to stderr only, which a person who opened the window never sees: their
    choices were gone (and the guided first game back, guide_seen false) without a word
    where they looked. It is on the window's banner for a while, naming where the file
    was kept; then the window is clear."""
    from game.ui.app import NOTICE_SECONDS
    app, config = _window(tmp_path, card_db, '{"volume": 0.2, "guide_seen": true,,}')
    app.step([], 1 / 60)
    assert shown and shown[-1].startswith("Settings: ") and "is broken (bad JSON" in shown[-1]
    assert f"the file kept as {config / 'settings.json.broken'}" in shown[-1]
    app.step([], NOTICE_SECONDS)
    shown.clear()
    app.step([], 1 / 60)
    assert not shown
    app.end_session()


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_banner_at_the_window_s_foot_holds_all_its_rows(size):
    """A broken settings file's line (its path, the JSON error, where the file was kept)
    wraps to three rows; the banner at the foot was two rows high and the third was drawn
    off the window. It is as high as its words, inside the window."""
    import pygame
    from game.ui.app import _banner
    from game.ui.fonts import wrap
    from game.ui.widgets import font
    pygame.init()
    surface = pygame.Surface(size)
    words = ("Settings: /home/someone/.config/ani-mayhem/settings.json:1 is broken (bad "
             "JSON: Expecting property name enclosed in double quotes); using defaults, the "
             "file kept as /home/someone/.config/ani-mayhem/settings.json.broken")
    box = _banner(surface, words)
    scale = min(size[0] / 1280, size[1] / 720)
    f = font("label", scale)
    rows = wrap(words, f, box.w - round(24 * scale))
    assert len(rows) >= 3
    assert box.h >= len(rows) * f.get_linesize() and surface.get_rect().contains(box)


def test_sound_settings_say_nothing_on_the_window(tmp_path, shown, card_db):
    """A settings file read as it is written gives no banner."""
    app, _ = _window(tmp_path, card_db, '{"volume": 0.2, "guide_seen": true}')
    app.step([], 1 / 60)
    assert not shown and app.settings.volume == 0.2
    app.end_session()


def test_settings_that_cannot_be_saved_are_said_on_the_window(tmp_path, shown, card_db,
                                                             monkeypatch, capsys):
    """A full disk or a read-only config folder: Settings.save said so on stderr only, and
    the person who moved the volume slider was never told it would not be kept. The
    banner names the file and the system's words; the choice holds while the window is
    open, and the old file is left whole."""
    app, config = _window(tmp_path, card_db, '{"volume": 0.2, "guide_seen": true}')
    with monkeypatch.context() as disk:
        disk.setattr(os, "fsync", _full)
        app.settings.volume = 0.9
        app.save_settings()
    app.step([], 1 / 60)
    assert shown and shown[-1] == (f"Settings: cannot save {config / 'settings.json'} (No "
                                   "space left on device); the choice holds while the window "
                                   "is open"), shown
    assert json.loads((config / "settings.json").read_text())["volume"] == 0.2
    assert [p.name for p in config.iterdir()] == ["settings.json"]  # no temporary file left
    assert capsys.readouterr().err.count("\n") == 1
    app.end_session()


def test_a_broken_settings_file_is_still_said_when_the_guide_s_save_fails_too(
        tmp_path, shown, card_db, monkeypatch):
    """At launch a broken file gives the defaults, which bring the guided first game
    back, whose start saves the settings; on a full disk that save failed too, and its
    line took the banner's place before the first was read (the review of s41f). Both
    are said, side by side."""
    app, config = _window(tmp_path, card_db, '{"guide_seen": true,,}', menu=False)
    monkeypatch.setattr(os, "fsync", _full)
    app.start_guide()
    app.step([], 1 / 60)
    assert "is broken (bad JSON" in shown[-1] and "cannot save" in shown[-1], shown[-1]
    assert shown[-1].startswith("Settings: ") and shown[-1].count("Settings:") == 1
    app.end_session()


def test_a_settings_line_waits_its_turn_on_the_banner(tmp_path, shown, card_db):
    """The banner says one thing at a time, the slots' notice before the settings' line;
    the line's time ran down while the notice stood over it, so a notice as long hid it
    for good. It counts only while it is read."""
    from game.ui.app import NOTICE_SECONDS
    app, _ = _window(tmp_path, card_db, '{"volume": 0.2,,}')
    app._notice, app._notice_left = "Every slot holds a game.", NOTICE_SECONDS
    app.step([], NOTICE_SECONDS)
    shown.clear()
    app.step([], 1 / 60)
    assert shown and shown[-1].startswith("Settings: ") and "is broken" in shown[-1], shown
    app.end_session()


def test_a_settings_save_that_works_again_takes_back_the_cannot_save_line(
        tmp_path, shown, card_db, monkeypatch):
    """"cannot save ... the choice holds while the window is open" is untrue once a later
    save keeps the file: the line goes."""
    app, config = _window(tmp_path, card_db, '{"volume": 0.2, "guide_seen": true}')
    with monkeypatch.context() as disk:
        disk.setattr(os, "fsync", _full)
        app.save_settings()
    app.step([], 1 / 60)
    assert shown and "cannot save" in shown[-1]
    app.save_settings()
    shown.clear()
    app.step([], 1 / 60)
    assert not shown
    app.end_session()


# A save from a later version of the game ---------------------------------------------------

@pytest.mark.parametrize("version", [4, 10 ** 6])
def test_a_save_from_a_later_version_is_said_to_be_one_and_kept(tmp_path, card_db, version):
    """save.py, VERSION: versions 1 to 3 load. A save a later version of the game wrote
    (a player who went back to this one) was called "unknown save version 4", as if the
    file were broken. It is said to be a later version's, in Saved games and at Continue,
    and kept as it is: no new game is written over it."""
    app = App(config=tmp_path / "config", data=tmp_path / "data")
    app.__dict__["db"] = card_db
    app.threaded = False
    path = app.saves.path(1)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "ani-mayhem-save", "version": version, "seed": 1,
                                "future": {"what": "this game cannot know"}}))
    before = path.read_bytes()
    said = (f"version: saved by a later version of the game (save version {version}); this "
            "one reads versions 1 to 3")
    (slot,) = app.saves.listing()
    assert slot.line == f"Cannot be continued: {said}", slot.line
    with pytest.raises(LoadError) as info:
        app.continue_game(1)
    assert str(info.value) == f"{path}: {said}"
    assert app.saves.hold_free() == 2 and path.read_bytes() == before
    app.end_session()


# A card pack given to validate ------------------------------------------------------------

@pytest.mark.parametrize("pack_name", ["a_pack.yaml", "zz_pack.yaml"])
def test_a_pack_giving_a_shipped_card_id_again_is_blamed_not_the_shipped_file(
        tmp_path, monkeypatch, capsys, pack_name):
    """validate: "a pack adds to the shipped cards, as it would in a game". A pack that
    gives a shipped card's id again was refused at the shipped file's line ("also at" the
    pack) whenever the pack's path sorted before the shipped folder's (/tmp before /work):
    the line blamed a file nobody touched. The shipped cards are read first, so the error
    is the pack's line, whatever the paths."""
    import shutil

    import game.validate
    shipped = tmp_path / "m_cards"  # between the two packs' names
    shutil.copytree(game.validate.DEFAULT_CARDS_DIR, shipped)
    monkeypatch.setattr(game.validate, "DEFAULT_CARDS_DIR", shipped)
    pack = tmp_path / pack_name
    pack.write_text("# mine\n\n- id: forward-base-anvil\n  name: Mine\n  type: haven\n")
    assert main(["validate", str(pack)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {pack}:3: id: duplicate id 'forward-base-anvil', also at "
                          f"{shipped / 'havens.yaml'}:"), err
    assert err.count("\n") == 1, err


def test_a_file_named_twice_to_validate_is_checked_once(tmp_path, capsys):
    """validate's summary counts what it checked, and says each error once: a level named
    twice (`validate levels levels/mine.yaml`, a glob and its folder, another spelling of
    its path) was counted twice ("2 levels" of one file) and its error said twice."""
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(LEVEL)
    bad.write_text(LEVEL + "decks: [demo]\n")
    again = tmp_path / ".." / tmp_path.name / "bad.yaml"
    assert main(["validate", str(tmp_path), str(good), str(bad), str(again)]) == 2
    out, err = capsys.readouterr()
    assert " cards, 0 decks, 1 levels: 1 error(s)" in out.splitlines()[0], out
    assert err == f"error: {bad}:4: decks: appears twice in the same map\n", err
    # A folder named twice is one folder: its files unread said once (the review of s41f).
    (tmp_path / "old.yml").write_text(LEVEL)
    assert main(["validate", str(tmp_path), str(again.parent)]) == 2
    out, err = capsys.readouterr()
    assert err.count("not read: old.yml") == 1 and "2 error(s)" in out, (out, err)
