"""Level files (docs/card-format.md, Levels): decks per seat and the rules options."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from game.engine.errors import LoadError
from game.engine.levels import (
    DEFAULT_LEVEL, DEFAULT_LEVELS_DIR, Level, load_level, load_levels,
)
from game.engine.options import Options

LEVEL = """\
name: Standard, two players
description: One line for the menu.
decks: [steel-rain, neon-claws]
options:
  charm_combat: false
  round_limit: 30
"""
DECKS = {"steel-rain", "neon-claws"}


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def load_error(tmp_path: Path, text: str, line: int, field: str | None, *words: str) -> None:
    """Load `text` as level.yaml; it must fail at `line` and `field` with `words`."""
    path = write(tmp_path, "level.yaml", text)
    with pytest.raises(LoadError) as info:
        load_level(path, DECKS)
    message = str(info.value)
    assert (info.value.path, info.value.line, info.value.field) == (str(path), line, field), message
    assert message.startswith(f"{path}:{line}:" + (f" {field}:" if field else "")), message
    for word in words:
        assert word in message


def test_levels_load_name_decks_and_options(tmp_path: Path) -> None:
    path = write(tmp_path, "duel.yaml", LEVEL)
    level = load_level(path, DECKS)
    assert level == Level(id="duel", name="Standard, two players",
                          description="One line for the menu.",
                          decks=("steel-rain", "neon-claws"),
                          options=Options(charm_combat=False, round_limit=30), source=str(path))


def test_levels_options_default_to_charm_combat_on_and_50_rounds_r12_r14(tmp_path: Path) -> None:
    level = load_level(write(tmp_path, "solo.yaml", "name: Solo\ndecks: [steel-rain]\n"))
    assert level.options == Options(charm_combat=True, round_limit=50)
    assert level.description == ""


def test_levels_decks_repeat_when_seats_outnumber_them(tmp_path: Path) -> None:
    level = load_level(write(tmp_path, "duel.yaml", LEVEL))
    assert [level.deck_for_seat(i) for i in range(5)] == [
        "steel-rain", "neon-claws", "steel-rain", "neon-claws", "steel-rain"]


def test_levels_unknown_deck_id(tmp_path: Path) -> None:
    text = LEVEL.replace("[steel-rain, neon-claws]", "\n  - steel-rain\n  - paper-moon")
    load_error(tmp_path, text, 5, "decks", "unknown deck 'paper-moon'")
    assert load_level(tmp_path / "level.yaml", None).decks[1] == "paper-moon"  # unchecked


def test_levels_need_a_name_and_at_least_one_deck(tmp_path: Path) -> None:
    load_error(tmp_path, LEVEL.replace("name: Standard, two players\n", ""), 1, "name", "required")
    load_error(tmp_path, LEVEL.replace("[steel-rain, neon-claws]", "[]"), 3, "decks",
               "at least one deck")
    load_error(tmp_path, LEVEL.replace("[steel-rain, neon-claws]", "steel-rain"), 3, "decks",
               "must be a list")


def test_levels_unknown_field(tmp_path: Path) -> None:
    load_error(tmp_path, LEVEL + "seats: 3\n", 7, "seats", "unknown field")


def test_levels_unknown_option(tmp_path: Path) -> None:
    load_error(tmp_path, LEVEL + "  round_limt: 3\n", 7, "options.round_limt",
               "did you mean 'round_limit'")


def test_levels_option_types(tmp_path: Path) -> None:
    load_error(tmp_path, LEVEL.replace("charm_combat: false", "charm_combat: off please"), 5,
               "options.charm_combat", "true or false")
    load_error(tmp_path, LEVEL.replace("round_limit: 30", "round_limit: 0"), 6,
               "options.round_limit", "at least 1")
    load_error(tmp_path, LEVEL.replace("round_limit: 30", "round_limit: true"), 6,
               "options.round_limit", "whole number")


def test_levels_hostile_tag_never_runs(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    load_error(tmp_path, f'name: x\ndecks: !!python/object/apply:os.system ["touch {marker}"]\n',
               2, None, "tags are not allowed")
    assert not marker.exists()


def test_levels_hostile_list_and_syntax(tmp_path: Path) -> None:
    load_error(tmp_path, "- steel-rain\n", 1, None, "must be a map")
    # At the line of its '[', not at the end of the file (s43f).
    load_error(tmp_path, "name: x\ndecks: [a\n", 2, None,
               "YAML syntax error: a [ list is not closed")


def test_levels_of_a_folder_by_id(tmp_path: Path) -> None:
    write(tmp_path, "levels/b.yaml", LEVEL)
    write(tmp_path, "levels/a.yaml", LEVEL.replace("Standard", "First"))
    levels = load_levels(tmp_path / "levels", DECKS)
    assert list(levels) == ["a", "b"] and levels["a"].name.startswith("First")


def test_levels_default_level_is_standard_two_players() -> None:
    assert DEFAULT_LEVEL == DEFAULT_LEVELS_DIR / "standard_2p.yaml"
    assert DEFAULT_LEVELS_DIR == Path(__file__).resolve().parents[1] / "levels"
