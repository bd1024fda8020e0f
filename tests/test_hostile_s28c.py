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


@pytest.fixture
def app(tmp_path, card_db):
    a = App(config=tmp_path / "config", data=tmp_path / "data")
    a.__dict__["db"] = card_db  # cached_property: the cards loaded once per test run
    return a


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
    (slot_save(level=""), "seats: must list 1 to 4 of human, ai:easy, ai:normal, ai:hard, "
     "ai:random, not None", ": seats: must list 1 to 4"),
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
