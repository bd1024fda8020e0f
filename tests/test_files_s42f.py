"""Hostile and awkward files, the s42f pass: what the s41f audit left alone (a slot's
lock that cannot be made, a YAML key too long, old Mac line endings, a FIFO among the
paths given to validate, a setting out of bounds said on stderr only, a settings file
that is a symbolic link), and what this pass found besides. Each test fails on the
code before it."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.session import SessionConfig  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.slots import SLOTS, Saves  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEMO = str(ROOT / "levels" / "quick_demo.yaml")
LEVEL = "name: Mine\ndecks: [demo, demo]\noptions: {round_limit: 12}\n"


@pytest.fixture
def app(tmp_path, card_db):
    a = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path / "config",
            data=tmp_path / "data")
    a.threaded = False
    a.__dict__["db"] = card_db
    yield a
    a.quit()


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
