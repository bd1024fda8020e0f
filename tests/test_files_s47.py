"""Deck files whose names read alike in the New Game menu (which drops a closing
" Deck"): `validate` warns at the later file's `name:` line, exit 0 (the deck is legal)."""
from __future__ import annotations

from test_files_s46f import validate

from game.engine.decks import DEFAULT_DECKS_DIR

STEEL = (DEFAULT_DECKS_DIR / "steel-rain.yaml").read_text()


def _named(text: str, name: str) -> str:
    return "".join(f"name: {name}\n" if line.startswith("name:") else line
                   for line in text.splitlines(keepends=True))


def _name_line(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("name:"))


def test_a_deck_named_as_a_shipped_one_is_warned_at_its_name_line(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text(_named(STEEL, "steel rain Deck"))
    code, out, err = validate(mine)
    assert code == 0 and err == ""
    assert f"warning: {mine}:{_name_line(STEEL)}: name: 'steel rain Deck' reads as the " \
           f"deck in {DEFAULT_DECKS_DIR / 'steel-rain.yaml'} in the New Game menu: give it " \
           "a name of its own" in out.splitlines()


def test_two_given_decks_alike_warn_the_second_once(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(_named(STEEL, "Twin Stars"))
    b.write_text(_named(STEEL, "Twin Stars Deck"))
    code, out, _ = validate(a, b, a)
    alike = [line for line in out.splitlines() if "reads as the deck" in line]
    assert code == 0 and alike == [
        f"warning: {b}:{_name_line(STEEL)}: name: 'Twin Stars Deck' reads as the deck in "
        f"{a} in the New Game menu: give it a name of its own"]


def test_the_shipped_decks_have_names_of_their_own():
    code, out, _ = validate()
    assert code == 0 and "reads as the deck" not in out
