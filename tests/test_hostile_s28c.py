"""Hostile input, the s28c pass: what the earlier passes (tests/test_hostile.py) left
for a file or argument that still came out wrong: a message that lost its field or
line, a file lost, or a traceback. Each is one line naming the file (and the line
or field), exit code 2 on the command line, a message on screen in the window;
nothing written over, nothing half-loaded."""
from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.engine import LoadError  # noqa: E402
from game.ui.app import App  # noqa: E402

# The shipped card files are parsed once a worker (conftest): these tests are about the others.
pytestmark = pytest.mark.usefixtures("shipped_parsed_once")


@pytest.fixture
def app(tmp_path, card_db):
    a = App(config=tmp_path / "config", data=tmp_path / "data")
    a.__dict__["db"] = card_db  # cached_property: the cards loaded once per test run
    a.threaded = False  # a game continued here starts no AI worker
    yield a
    a.end_session()


def slot_save(**table) -> dict:
    """A version 3 save of no actions (two demo decks) with this window part."""
    return {"format": "ani-mayhem-save", "version": 3, "seed": 1, "decks": ["demo", "demo"],
            "options": {"charm_combat": True, "round_limit": 12}, "keys": ["00" * 16] * 2,
            "actions": [], "table": table}


def write_slot(app: App, content: dict | str) -> str:
    path = app.saves.path(1)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content if isinstance(content, str) else json.dumps(content),
                    encoding="utf-8")
    return path.read_text(encoding="utf-8")


# Saved games and Continue: the field and the line of what is wrong -------------------------

GOOD_TABLE = {"seats": ["human", "ai:easy"], "level": "", "saved": "2026-01-01 10:00:00",
              "summary": "x"}


@pytest.mark.parametrize("content, listed, said", [
    (slot_save(**{**GOOD_TABLE, "guide": "yes"}), "guide: must be true or false, not 'yes'",
     ": guide: must be true or false, not 'yes'"),
    (slot_save(**{**GOOD_TABLE, "level": 5}), "level: must be a level file, not 5",
     ": level: must be a level file, not 5"),
    ({**slot_save(), "table": []}, "table: must be a JSON object", ": table: must be a JSON"),
    (slot_save(**{**GOOD_TABLE, "seats": ["human", "god"]}),
     "seats: must list 1 to 4 of human, ai:easy, ai:normal, ai:hard, ai:random, not 'god'",
     ": seats: must list 1 to 4 of human, ai:easy, ai:normal, ai:hard, ai:random, not 'god'"),
    (slot_save(level=""), "seats: missing: it lists 1 to 4 of human, ai:easy, ai:normal, "
     "ai:hard, ai:random", ": seats: missing: it lists 1 to 4"),
    ('{"format": "ani-mayhem-save",\n "version": 3,\n "seed": 1,,\n}',
     "line 3: not a save file (bad JSON", ":3: not a save file (bad JSON"),
], ids=["guide", "level", "table", "seats", "no-seats", "json-line"])
def test_a_bad_slot_says_its_field_or_line_in_saved_games_and_at_continue(app, content, listed,
                                                                        said):
    """LoadError's own rule: what, which file, which line. Saved games kept only the
    message of a slot's error, and Continue put the file's name back before it: the
    field (or the JSON's line) was lost, 'must be true or false, not 'yes'' said of
    no field at all."""
    before = write_slot(app, content)
    (slot,) = app.saves.listing()
    assert slot.line.startswith(f"Cannot be continued: {listed}"), slot.line
    with pytest.raises((LoadError, ValueError)) as info:
        app.continue_game(1)
    message = str(info.value)
    assert message.startswith(str(app.saves.path(1)) + said), message
    assert "\n" not in message
    assert app.saves.path(1).read_text(encoding="utf-8") == before, "the save was changed"


# A byte order mark -------------------------------------------------------------------------

def test_a_settings_file_or_save_with_a_byte_order_mark_is_read(app, tmp_path, capsys):
    """Notepad on Windows saved UTF-8 with a byte order mark (BOM); the YAML files read
    it, JSON (RFC 8259, 8.1: a reader may ignore one) did not: settings.json edited so
    was 'broken', the defaults were used and written over it at the next save (the
    guided game came back), and such a save could not be continued."""
    from game.ui.settings import Settings
    config = tmp_path / "bom"
    config.mkdir()
    mine = {"volume": 0.2, "anim_speed": "fast", "guide_seen": True}
    (config / "settings.json").write_text("\ufeff" + json.dumps(mine), encoding="utf-8")
    assert Settings.load(config / "settings.json") == Settings(**mine)
    assert capsys.readouterr().err == ""
    write_slot(app, "\ufeff" + json.dumps(slot_save(**GOOD_TABLE)))
    (slot,) = app.saves.listing()
    assert slot.error == "" and slot.summary == "x"
    app.continue_game(1)
    app.step([], 1 / 60)
    assert app.session is not None


def test_a_broken_settings_file_says_its_line(tmp_path, capsys):
    """'settings: ... is broken (bad JSON: Expecting value)' said what, not where."""
    from game.ui.settings import Settings
    path = tmp_path / "settings.json"
    path.write_text('{\n "volume": 0.5,\n "anim_speed": "fast",,\n}\n', encoding="utf-8")
    assert Settings.load(path) == Settings()
    err = capsys.readouterr().err
    assert err.startswith(f"settings: {path}:3 is broken (bad JSON: ") and err.count("\n") == 1


def test_a_cardstats_log_with_a_byte_order_mark_is_read(tmp_path):
    """As the other JSON files: the mark before the first line is not the log's."""
    from game.cardstats import count, read_log
    from game.match import load_games
    log = tmp_path / "events.jsonl"
    log.write_text('\ufeff{"game": 0, "type": "x"}\n', encoding="utf-8")
    games = load_games(os.path.join(os.path.dirname(__file__), "..", "levels",
                                    "quick_demo.yaml"), 2)
    assert count(games, read_log(log), str(log)) is not None


# What a command prints ----------------------------------------------------------------------

def test_screenshot_prints_only_its_own_lines(tmp_path):
    """game/ui/app.py hid pygame's banner ('pygame-ce 2.5.8 (SDL ...)'), but screenshot
    imports pygame through the seat kinds (game.ui.session) first: a refused --seats
    was the banner on stdout, then the error; a picture written, two lines for one."""
    import subprocess
    import sys
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "main.py", "screenshot", "--out",
                          str(tmp_path / "x.png"), "--seats", "human,nobody", "--actions", "0",
                          "--size", "320x240"], cwd=root, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and out.stdout == "", out.stdout
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: --seats:"), out.stderr


def test_a_screenshot_of_the_smallest_size_after_some_actions(tmp_path):
    """--size 320x240 is allowed, but below about 420x236 even the largest zoom rung
    (camera.TOP) is smaller than the smallest readable tile (camera.lowest): the
    camera took a rung above TOP, the faces drawn ahead had no size at all, and
    `screenshot --size 320x240 --actions 5` stopped with an IndexError."""
    from game import cli
    out = tmp_path / "small.png"
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    assert cli.main(["screenshot", "--level", os.path.join(root, "levels", "quick_demo.yaml"),
                     "--actions", "5", "--size", "320x240", "--out", str(out)]) == 0
    assert out.stat().st_size > 0


# Folders ------------------------------------------------------------------------------------

def test_a_folder_that_may_not_be_read_is_named_not_skipped(tmp_path, monkeypatch):
    """pathlib's glob and rglob pass over a folder they may not list (PermissionError)
    in silence: `validate FOLDER` said 'all well', exit 0, of a level it never read
    (chmod 000 on a sub-folder, as any user but root), and a card folder so was
    loaded without its cards. Each such folder is named, exit code 2."""
    from game import cli
    from game.engine.yamlfile import yaml_files
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "broken.yaml").write_text("name: [\n", encoding="utf-8")
    real = os.scandir

    def scandir(path="."):
        # (shutil.rmtree, cleaning a temporary folder meanwhile, passes file descriptors)
        if not isinstance(path, int) and os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)
    monkeypatch.setattr(os, "scandir", scandir)
    for recursive, folder in ((True, tmp_path), (False, locked)):
        with pytest.raises(LoadError) as info:
            yaml_files(folder, recursive=recursive)
        assert str(info.value) == f"{locked}: cannot be listed: Permission denied"
    assert cli.main(["validate", str(tmp_path)]) == 2


# Arguments ----------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["simulate", "--games", "1", "--level", ""],
                                  ["validate", ""], ["cardstats", "--log", ""]])
def test_an_empty_file_name_is_said_to_be_one(argv, capsys):
    """`--level ""` (an unset shell variable) was 'error: : no such file or folder':
    the file's name was nothing to see."""
    from game import cli
    assert cli.main(argv) == 2
    assert capsys.readouterr().err == "error: '': no such file or folder\n"


@pytest.mark.parametrize("argv, said", [
    (["simulate", "--games", "1", "--log", ""], "error: '': cannot write the log: "),
    (["screenshot", "--actions", "0", "--size", "320x240", "--out", ""],
     "error: screenshot: '': name the PNG file to write"),
])
def test_an_empty_output_name_is_said_not_skipped(argv, said, capsys):
    """`simulate --log ""` played its games and wrote no log, without a word."""
    from game import cli
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(said) and err.count("\n") == 1, err


# A save of other cards --------------------------------------------------------------------------

def test_a_save_whose_decks_changed_since_is_refused_not_replayed_as_another_game(tmp_path,
                                                                                  card_db):
    """A save names its decks by id; a deck file edited since (one card for another)
    replayed the same actions into another game, without a word, when they stayed
    legal: the save now holds a digest of its cards in the order they were dealt out."""
    import shutil
    from pathlib import Path

    from game.engine import apply, legal_actions
    from game.engine.decks import DEFAULT_DECKS_DIR
    from game.engine.save import Record, Replay, save
    from game.match import load_game
    root = Path(__file__).resolve().parents[1]
    game = load_game(root / "levels" / "quick_demo.yaml", seats=2)
    st, actions = game.new_state(3), []
    for _ in range(4):  # placing Locations: no Item is named
        action = legal_actions(st)[0]
        apply(st, action)
        actions.append(action)
    path = tmp_path / "save.json"
    save(Record(game, 3, actions), path)
    decks = tmp_path / "decks"
    shutil.copytree(DEFAULT_DECKS_DIR, decks)
    demo = decks / "demo.yaml"
    text = demo.read_text(encoding="utf-8")
    assert "  crumpled-love-letter: 1\n" in text and card_db["stolen-mecha-blueprint"].type == "item"
    demo.write_text(text.replace("  crumpled-love-letter: 1\n", "  stolen-mecha-blueprint: 1\n"),
                    encoding="utf-8")
    Replay(path, db=card_db).run()  # as it was: loads
    with pytest.raises(LoadError) as info:
        Replay(path, db=card_db, decks_dir=decks).run()
    assert str(info.value) == (f"{path}: decks: {OTHER_CARDS}")


OTHER_CARDS = ("their cards are not those this game was played with (a deck file changed "
               "since it was saved, or the save's list of decks was edited)")


def test_a_save_whose_list_of_decks_was_edited_says_so(tmp_path, card_db):
    """A save edited to name a third deck (and a key for it, if it has keys) for a two-seat game is
    refused: the message blamed a deck file alone (s43f), where the list was edited."""
    from pathlib import Path

    from game.engine.save import Record, Replay, save
    from game.match import load_game
    game = load_game(Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml",
                     seats=2)
    path = tmp_path / "save.json"
    save(Record(game, 3, []), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["decks"].append(data["decks"][0])
    data["keys"] += data["keys"][:1]  # (a Record made without keys saves none)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LoadError) as info:
        Replay(path, db=card_db).run()
    assert str(info.value) == f"{path}: decks: {OTHER_CARDS}"


# A log of another level --------------------------------------------------------------------------

@pytest.mark.parametrize("event, words", [
    ({"type": "card_placed", "seat": 0, "card": 500, "cell": [0, 0], "kind": "location"},
     "c500 is no card of this level's games (c0 to c"),
    ({"type": "card_placed", "seat": 0, "card": 0, "cell": [0, 0], "kind": "location"},
     "c0 placed as 'location' is a character here"),
    ({"type": "card_placed", "seat": 3, "card": 7, "cell": [0, 0], "kind": "location"},
     "seat 3 is no seat of this level's games (2 seats)"),
])
def test_a_cardstats_log_of_another_level_is_refused_not_counted(tmp_path, capsys, event, words):
    """A log names cards by their number in its game; read with another --level (or
    --seats) than simulate played, its numbers were counted as other cards, and those
    past the last card left out, in silence: a report of the wrong cards, exit 0."""
    from pathlib import Path

    from game import cli
    root = Path(__file__).resolve().parents[1]
    log = tmp_path / "events.jsonl"
    log.write_text('{"game": 0, "type": "turn_began", "seat": 0}\n'
                   + json.dumps({"game": 0, **event}) + "\n", encoding="utf-8")
    assert cli.main(["cardstats", "--log", str(log), "--level",
                     str(root / "levels" / "quick_demo.yaml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {log}:2: ") and words in err and err.count("\n") == 1, err
    assert "is the log of another level or --seats" in err


def test_cardstats_of_the_level_simulate_played_counts_its_cards(tmp_path, capsys):
    from pathlib import Path

    from game import cli
    level = str(Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml")
    log = tmp_path / "events.jsonl"
    assert cli.main(["simulate", "--games", "2", "--level", level, "--log", str(log)]) == 0
    capsys.readouterr()
    assert cli.main(["cardstats", "--log", str(log), "--level", level]) == 0
    assert "cards in the decks took part" in capsys.readouterr().out


def test_a_cardstats_log_says_which_decks_each_game_was_played_with(tmp_path, capsys):
    """Decks built alike put their Locations at the same numbers, so a log of the
    standard level read as the four-player level's (--seats 4) was counted, exit 0:
    simulate's log now opens each game with its decks and a digest of their cards."""
    from pathlib import Path

    from game import cli
    levels = Path(__file__).resolve().parents[1] / "levels"
    log = tmp_path / "events.jsonl"
    assert cli.main(["simulate", "--games", "1", "--level", str(levels / "standard_2p.yaml"),
                     "--log", str(log)]) == 0
    first = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert first["type"] == "game_setup" and first["game"] == 0 and len(first["decks"]) == 2
    capsys.readouterr()
    assert cli.main(["cardstats", "--log", str(log), "--level",
                     str(levels / "four_players.yaml"), "--seats", "4"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {log}:1: decks: game 0 was played with ") and \
        "is the log of another level or --seats than these?" in err, err


# A save that fails names its file ------------------------------------------------------------

def test_a_save_that_fails_names_its_file_on_screen_and_at_close(app, monkeypatch, capsys):
    """'The game could not be saved: No space left on device' named no file (a full
    disk's error has none), and closing the window then printed 'could not save the
    game: The game could not be saved: ... It goes on, and is saved again after the
    next move.' of a game that was not going on."""
    import errno
    from pathlib import Path

    import game.engine.save as save_module
    from game.ui.session import SessionConfig
    level = str(Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml")
    app.start_game(SessionConfig(level, ["ai:easy", "ai:easy"], seed=5))
    while len(app.session.record.actions) < 6:
        app.session.poll()
    assert app.save_error == ""

    def dump(obj, f, **kw):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(save_module.json, "dump", dump)
    while len(app.session.record.actions) < 9:
        app.session.poll()
    slot = str(app.saves.path(1))
    assert app.save_error == (f"The game could not be saved: {slot}: No space left on "
                              "device. It goes on, and is saved again after the next move.")
    app.quit()
    assert capsys.readouterr().err == (f"could not save the game: {slot}: No space left on "
                                       "device\n")


def test_a_slot_whose_lock_cannot_be_made_names_it(app):
    """No free slot's lock can be made (s42f: one that cannot is passed over for the
    next): the first is named, and what is wrong with it."""
    for n in range(1, 7):
        app.saves.path(n).with_suffix(".lock").mkdir(parents=True)
    from pathlib import Path

    from game.ui.session import SessionConfig
    level = str(Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml")
    app.start_game(SessionConfig(level, ["ai:easy", "ai:easy"], seed=5))
    assert app.save_error == (f"This game cannot be saved: {app.saves.path(1).with_suffix('.lock')}"
                              ": a folder where the slot's lock file should be. It goes on.")
