"""Hostile input, the s31h pass: what the game's own loaders and the saves list still
did wrong after tests/test_hostile*.py: a .yml deck, level or card pack passed over
without a word by the loaders (only `validate` named it), and a folder in a save
slot's place that Delete could not remove."""
from __future__ import annotations

import io
import shutil
from contextlib import redirect_stderr, redirect_stdout

import pytest

import game.match
from game import cli
from game.engine import LoadError
from game.engine.cardfile import load_cards
from game.engine.decks import load_decks
from game.engine.levels import load_levels
from game.ui.slots import Saves


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


# The game's loaders: a file named as YAML that they do not read ---------------------------

@pytest.mark.parametrize("name", ["mine.yml", "mine.YAML", "mine.Yml"])
def test_a_deck_saved_as_yml_is_named_not_passed_over(tmp_path, root, card_db, name):
    """load_decks read every `*.yaml` of the decks folder and passed over a deck saved
    as mine.yml in silence: New game and `simulate` went on without it, and the person
    was never told why their deck was missing. It is now refused in one line naming it."""
    folder = tmp_path / "decks"
    shutil.copytree(root / "assets" / "decks", folder)
    shutil.copy(folder / "demo.yaml", folder / name)
    with pytest.raises(LoadError) as info:
        load_decks(folder, card_db)
    assert info.value.path == str(folder / name)
    assert "only *.yaml files are" in info.value.message and "mine.yaml" in info.value.message


def test_a_level_saved_as_yml_is_named_not_passed_over(tmp_path, root):
    """As decks: load_levels passed over a level saved as .yml without a word."""
    folder = tmp_path / "levels"
    shutil.copytree(root / "levels", folder)
    shutil.copy(folder / "mirror.yaml", folder / "mine.yml")
    with pytest.raises(LoadError) as info:
        load_levels(folder)
    assert info.value.path == str(folder / "mine.yml")


def test_a_card_pack_saved_as_yml_in_a_folder_below_is_named(tmp_path, root):
    """A card folder is read with every folder below it: a pack saved as .yml in one of
    them was passed over, and its cards were unknown to every deck naming them."""
    folder = tmp_path / "cards"
    shutil.copytree(root / "assets" / "cards", folder)
    (folder / "extra").mkdir()
    shutil.copy(next(folder.glob("*.yaml")), folder / "extra" / "pack.yml")
    with pytest.raises(LoadError) as info:
        load_cards(folder)
    assert info.value.path == str(folder / "extra" / "pack.yml")


def test_simulate_with_a_yml_deck_beside_the_shipped_ones_is_one_line_exit_2(
        tmp_path, root, monkeypatch):
    """The command line: one error line naming the .yml file, exit 2, no game played."""
    folder = tmp_path / "decks"
    shutil.copytree(root / "assets" / "decks", folder)
    (folder / "mine.yml").write_text((folder / "demo.yaml").read_text())
    monkeypatch.setattr(game.match, "DEFAULT_DECKS_DIR", folder)
    code, out, err = run("simulate", "--games", "1",
                         "--level", str(root / "levels" / "mirror.yaml"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"error: {folder / 'mine.yml'}: "), err



def test_validate_with_no_argument_names_a_yml_the_game_would_refuse(tmp_path, root,
                                                                      monkeypatch):
    """`validate` alone checks the game's own folders: with a deck saved as .yml among
    them it said all was well, while every game then refused to start."""
    import game.validate
    folder = tmp_path / "decks"
    shutil.copytree(root / "assets" / "decks", folder)
    (folder / "mine.yml").write_text((folder / "demo.yaml").read_text())
    monkeypatch.setattr(game.validate, "DEFAULT_DECKS_DIR", folder)
    code, out, err = run("validate")
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(f"error: {folder / 'mine.yml'}: "), err

def test_the_shipped_folders_hold_no_file_the_loaders_refuse(root, card_db):
    """The refusal above never stops the game as shipped."""
    assert load_decks(root / "assets" / "decks", card_db)
    assert len(load_levels(root / "levels")) >= 5


# A folder in a save slot's place ----------------------------------------------------------

def saves_in(tmp_path) -> Saves:
    (tmp_path / "saves").mkdir()
    return Saves(tmp_path / "saves", tmp_path / "save.json")


def test_delete_removes_an_empty_folder_in_a_slots_place(tmp_path):
    """A folder named slot-2.json (made by hand, or by a tool) was listed as a save that
    cannot be read, and Delete said "Is a directory" for ever: the slot stayed taken.
    An empty one is now removed and the slot is free again."""
    saves = saves_in(tmp_path)
    saves.path(2).mkdir()
    assert [s.number for s in saves.listing()] == [2]
    assert "folder" in saves.listing()[0].error
    assert saves.remove(2) is None
    assert saves.listing() == [] and not saves.path(2).exists()


def test_delete_moves_a_folder_holding_files_aside_keeping_them(tmp_path):
    """A folder holding files is not the game's to destroy: Delete moves it aside
    (slot-N.json.folder, then .folder.1 ...), says where, and frees the slot."""
    saves = saves_in(tmp_path)
    for i in range(2):
        saves.path(3).mkdir()
        (saves.path(3) / "notes.txt").write_text(f"mine {i}")
        aside = saves.remove(3)
        assert aside == saves.folder / ("slot-3.json.folder" + (f".{i}" if i else ""))
        assert (aside / "notes.txt").read_text() == f"mine {i}"
        assert not saves.path(3).exists() and saves.listing() == []



def test_saved_games_delete_of_a_folder_holding_files_says_where_it_went(tmp_path, card_db):
    """The window: the second click on Delete frees the slot and says where the folder
    went ("That was a folder of files ..."), the list left with the other save."""
    import json
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.app import App
    from game.ui.scenes.slots import SlotsScene
    from game.ui.scenes.title import TitleScene
    from test_hostile import good_save
    app = App(config=tmp_path / "config", data=tmp_path / "data")
    app.__dict__["db"] = card_db
    app.saves.folder.mkdir(parents=True)
    app.saves.path(1).mkdir()
    (app.saves.path(1) / "notes.txt").write_text("mine")
    app.saves.path(2).write_text(json.dumps(good_save()), encoding="utf-8")
    app.reset(TitleScene(app))
    scene = SlotsScene(app)
    app.push(scene)
    for _ in range(2):
        scene._delete(1)
    assert scene.error == "That was a folder of files, not a save: moved aside to " \
                          "slot-1.json.folder."
    assert (app.saves.folder / "slot-1.json.folder" / "notes.txt").read_text() == "mine"
    assert [s.number for s in app.saves.listing()] == [2]
    app.step([], 1 / 60)  # drawn with the message


# Unicode tricks -----------------------------------------------------------------------------

@pytest.mark.parametrize("trick", ["\u202e", "\u202d", "\u2066", "\u2067", "\u2069", "\u200f"])
def test_a_bidirectional_control_in_a_name_is_refused_at_its_line(tmp_path, root, trick):
    """A deck named "\\u202eevil" was read and printed as it is by validate (its list of
    decks and their legality) and the window: in a terminal the right-to-left override
    turns the rest of the line around (Trojan Source), and no font draws it. It is now
    refused as the other control characters are: one line, the file, the line, the field."""
    deck = tmp_path / "mine.yaml"
    text = (root / "assets" / "decks" / "demo.yaml").read_text()
    assert "\nname: Demo Deck\n" in text
    deck.write_text(text.replace("\nname: Demo Deck\n", f'\nname: "Mine{trick}niM"\n'))
    line = text.split("\n").index("name: Demo Deck") + 1
    code, out, err = run("validate", str(deck))
    assert code == 2 and trick not in out + err
    assert err.count("\n") == 1 and err.startswith(f"error: {deck}:{line}: name: a control "), err


def test_a_file_where_the_saves_folder_should_be_is_said_so(tmp_path, card_db):
    """A file named `saves` in the data folder: the game goes on unsaved, and the banner
    said only "…/saves: File exists". It now says what is wrong: a file, not a folder."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.engine.levels import DEFAULT_LEVELS_DIR
    from game.ui.app import App
    from game.ui.session import SessionConfig
    from game.ui.scenes.title import TitleScene
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "saves").write_text("not a folder")
    app = App(config=tmp_path / "config", data=tmp_path / "data")
    app.__dict__["db"] = card_db
    app.threaded = False
    app.reset(TitleScene(app))
    app.start_game(SessionConfig(str(DEFAULT_LEVELS_DIR / "quick_demo.yaml"), ["human", "ai:easy"]))
    for _ in range(20):
        app.step([], 1 / 60)
    assert app.session is not None
    assert app.save_error == (f"This game cannot be saved: {tmp_path / 'data' / 'saves'}: "
                              "a file, not a folder. It goes on.")
    assert (tmp_path / "data" / "saves").read_text() == "not a folder"
