"""Card files (docs/card-format.md, Cards): loading, and every mistake refused with
FILE:LINE: FIELD: message."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.cards import CardDB, CombatHalf, Modifier, Requirements
from game.engine.errors import LoadError
from game.engine.yamlfile import line_at, read_yaml

CHARACTER = """\
- id: aya
  name: Aya
  type: character
  gender: female
  abilities: {attack: 4, defense: 3, movement: 2, charm: 3, energy: 2}
  skills: {Swordsman: 2, Cooking: -1}
"""


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def load_error(tmp_path: Path, text: str | bytes, line: int | None, field: str | None,
               *words: str) -> LoadError:
    """Load `text` as cards.yaml; it must fail at `line` and `field` with `words`."""
    path = write(tmp_path, "cards.yaml", text)
    with pytest.raises(LoadError) as info:
        load_cards(path)
    error = info.value
    message = str(error)
    assert (error.path, error.line, error.field) == (str(path), line, field), message
    where = f"{path}:{line}:" if line else f"{path}:"
    assert message.startswith(where + (f" {field}:" if field else "")), message
    assert "\n" not in message
    for word in words:
        assert word in message
    return error


def card(*lines: str) -> str:
    """One card entry from its field lines (the first after '- ')."""
    return "- " + "\n  ".join(lines) + "\n"


# --- Cards: a good file ------------------------------------------------------

def test_cards_every_type_loads_into_card_definitions(tmp_path: Path) -> None:
    path = write(tmp_path, "all.yaml", CHARACTER + """\
- id: aya-2nd-form
  name: Aya (2nd form)
  type: character
  gender: female
  abilities: {attack: 6, defense: 4, movement: 2, charm: 1, energy: 3}
  skills: {}
- id: katana
  name: Katana
  type: equipment
  abilities: {defense: 2}
  requires: {skills: {Swordsman: 1}, cards: [aya]}
  bonuses: {attack: "+2", defense: "x2", movement: "3"}
  costs: {energy: "-1", charm: "/2"}
  limit: 6
- id: school
  name: School
  type: location
  categories: [School, Planetary]
  requires: {females: 2, males: 1, any_element: true, illusion_piercing: true,
             categories: [Student], abilities: {attack: 3}}
  abilities: {attack: 3}
- id: golem
  name: Golem
  type: disaster
  class: major
  gender: male
  abilities: {attack: 5, defense: 4, movement: 1}
  moves_once: true
- id: gloom
  name: Gloom
  type: disaster
  class: minor
  defeat: {skills: {Cooking: 2}}
  endure: {modifiers: {charm: "-2"}, turns: 2}
- id: punch
  name: One-Two Punch
  type: combat
  physical: {own: {attack: "+2"}, opponent: {defense: "-1"}, text: Pow.}
  charm: {}
- id: notebook
  name: Field Notebook
  type: item
  uses: 2
  text: ""
- id: dojo
  name: Dojo
  type: haven
  text: Home.
""")
    db = load_cards(path)
    assert isinstance(db, CardDB) and len(db) == 9
    aya = db["aya"]
    assert (aya.attack, aya.defense, aya.movement, aya.charm, aya.energy) == (4, 3, 2, 3, 2)
    assert aya.skill("Swordsman") == 2 and aya.skill("Cooking") == -1
    assert aya.source == (str(path), 1)
    katana = db["katana"]
    assert katana.source == (str(path), 13)
    assert katana.bonuses == (Modifier("attack", "+", 2), Modifier("defense", "x", 2),
                              Modifier("movement", "=", 3))
    assert katana.costs == (Modifier("energy", "-", 1), Modifier("charm", "/", 2))
    assert katana.has_charm_cost and katana.limit == 6 and katana.defense == 2
    assert katana.requires == Requirements(skills=(("Swordsman", 1),), cards=("aya",))
    school = db["school"]
    assert school.categories == frozenset({"School", "Planetary"})
    assert (school.requires.females, school.requires.males) == (2, 1)
    assert school.requires.any_element and school.requires.illusion_piercing
    assert school.requires.abilities == (("attack", 3),)
    assert db["golem"].is_combat_disaster and db["golem"].is_major and db["golem"].moves_once
    gloom = db["gloom"]
    assert not gloom.is_combat_disaster and gloom.defeat == Requirements(skills=(("Cooking", 2),))
    assert gloom.endure == (Modifier("charm", "-", 2),) and gloom.endure_turns == 2
    punch = db["punch"]
    assert punch.physical == CombatHalf(own=(Modifier("attack", "+", 2),),
                                        opponent=(Modifier("defense", "-", 1),), text="Pow.")
    assert punch.charm_half == CombatHalf()
    assert db["notebook"].uses == 2


def test_cards_folders_load_every_yaml_below_in_sorted_order(tmp_path: Path) -> None:
    write(tmp_path, "b/later.yaml", card("id: b-card", "name: B", "type: item"))
    write(tmp_path, "a.yaml", card("id: a-card", "name: A", "type: item"))
    write(tmp_path, "notes.txt", "not a card file")
    db = load_cards(tmp_path)
    assert list(db.cards) == ["a-card", "b-card"]
    assert db["b-card"].source == (str(tmp_path / "b" / "later.yaml"), 1)
    assert load_cards([tmp_path / "a.yaml"]).cards.keys() == {"a-card"}


def test_cards_missing_path_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="no such file or folder"):
        load_cards(tmp_path / "nowhere")


def test_cards_default_folder_is_assets_cards() -> None:
    assert DEFAULT_CARDS_DIR == Path(__file__).resolve().parents[1] / "assets" / "cards"


# --- Hostile files -------------------------------------------------------------

def test_hostile_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER + "- id: [unclosed\n  name: x\n", 8, None, "YAML syntax error")


def test_hostile_tag_is_refused_and_never_runs(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    load_error(tmp_path, CHARACTER + f"""\
- id: evil
  name: !!python/object/apply:os.system ["touch {marker}"]
  type: item
""", 8, None, "tags are not allowed")
    assert not marker.exists()


def test_hostile_safe_looking_tag_is_refused_too(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: x", "name: !!str X", "type: item"), 2, None, "tags")


def test_hostile_empty_file(tmp_path: Path) -> None:
    load_error(tmp_path, "", 1, None, "empty file")
    load_error(tmp_path, "# only a comment\n\n", 1, None, "empty file")


def test_hostile_list_of_strings(tmp_path: Path) -> None:
    load_error(tmp_path, "- aya\n- katana\n", 1, None, "must be a map")


def test_hostile_bytes_that_are_not_text(tmp_path: Path) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\xff\xfe\x00"
    load_error(tmp_path, b"- id: x\n" + png, 2, None, "not a text file")


def test_hostile_control_characters_are_not_text(tmp_path: Path) -> None:
    load_error(tmp_path, b"- id: x\n  name: \x00\x01\n", 2, None, "not a text file")


def test_card_file_must_be_a_list(tmp_path: Path) -> None:
    load_error(tmp_path, "id: aya\nname: Aya\n", 1, None, "must be a list of cards")


def test_card_file_duplicate_key_in_a_map(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: x", "name: X", "type: item", "name: Y"), 4, "name",
               "appears twice")


# --- Fields ----------------------------------------------------------------------

def test_cards_unknown_field_is_an_error_with_a_hint(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER + "  abilites: {attack: 1}\n", 7, "abilites",
               "unknown field", "did you mean 'abilities'")


def test_cards_field_not_used_on_this_type(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: x", "name: X", "type: location", "skills: {Cooking: 1}"),
               4, "skills", "location card has no such field")


@pytest.mark.parametrize("missing, line", [("id", 1), ("name", 1), ("type", 1)])
def test_cards_id_name_and_type_are_required(tmp_path: Path, missing: str, line: int) -> None:
    fields = [f for f in ("id: x", "name: X", "type: item") if not f.startswith(missing)]
    load_error(tmp_path, card(*fields), line, missing, "required")


def test_card_types_character_needs_gender(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER.replace("  gender: female\n", ""), 1, "gender",
               "character card needs it")


def test_card_types_character_needs_abilities(tmp_path: Path) -> None:
    text = CHARACTER.replace(
        "  abilities: {attack: 4, defense: 3, movement: 2, charm: 3, energy: 2}\n", "")
    load_error(tmp_path, text, 1, "abilities", "character card needs it")


def test_card_types_character_needs_all_five_abilities(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER.replace(", energy: 2", ""), 5, "abilities",
               "all five abilities", "energy")


def test_card_types_disaster_needs_a_class(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: d", "name: D", "type: disaster"), 1, "class", "needs it")


def test_card_types_disaster_class_is_major_or_minor(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: d", "name: D", "type: disaster", "class: huge"),
               4, "class", "major, minor")


def test_card_types_combat_needs_both_halves(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: k", "name: K", "type: combat", "physical: {}"),
               1, "charm", "combat card needs it")


def test_card_types_combat_half_must_be_a_map(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: k", "name: K", "type: combat", "physical: {}", "charm:"),
               5, "charm", "must be a map")


def test_card_types_combat_half_unknown_field(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: k", "name: K", "type: combat", "charm: {}",
                              "physical: {own: {}, mine: {}}"), 5, "physical.mine",
               "unknown field")


def test_card_types_unknown_type(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: x", "name: X", "type: spell"), 3, "type", "spell")


def test_cards_id_format(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: Aya Kurosawa", "name: X", "type: item"), 1, "id",
               "lower-case letters, digits and '-'")


def test_cards_id_must_be_text(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: 12", "name: X", "type: item"), 1, "id", "must be text")


def test_cards_id_unique_across_files_names_both_places(tmp_path: Path) -> None:
    first = write(tmp_path, "a.yaml", CHARACTER)
    second = write(tmp_path, "b.yaml", card("id: other", "name: O", "type: item")
                   + card("id: aya", "name: Aya again", "type: item"))
    with pytest.raises(LoadError) as info:
        load_cards(tmp_path)
    assert str(info.value).startswith(f"{second}:4: id: duplicate id 'aya'")
    assert f"{first}:1" in str(info.value)


def test_cards_abilities_are_whole_numbers(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER.replace("attack: 4", 'attack: "4"'), 5, "abilities.attack",
               "whole number")
    load_error(tmp_path, CHARACTER.replace("attack: 4", "attack: true"), 5, "abilities.attack",
               "whole number")
    load_error(tmp_path, CHARACTER.replace("attack: 4", "attack: -1"), 5, "abilities.attack",
               "at least 0")


def test_cards_ability_names_are_the_five_abilities(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER + "- id: b\n  name: B\n  type: haven\n  abilities:\n"
               "    strength: 2\n", 11, "abilities.strength",
               "attack, defense, movement, charm, energy")


def test_cards_abilities_must_be_a_map(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: h", "name: H", "type: haven", "abilities: [1, 2]"),
               4, "abilities", "must be a map")


def test_cards_gender_is_male_or_female(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER.replace("gender: female", "gender: robot"), 4, "gender",
               "male, female")


def test_cards_skills_are_non_zero_whole_numbers(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER.replace("Cooking: -1", "Cooking: 0"), 6, "skills.Cooking",
               "must not be 0")
    load_error(tmp_path, CHARACTER.replace("Cooking: -1", "Cooking: lots"), 6, "skills.Cooking",
               "whole number")
    load_error(tmp_path, CHARACTER.replace("{Swordsman: 2, Cooking: -1}", "[Swordsman]"), 6,
               "skills", "must be a map")


def test_cards_categories_are_a_list_of_names(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: i", "name: I", "type: item", "categories: Alien"),
               4, "categories", "must be a list")
    load_error(tmp_path, card("id: i", "name: I", "type: item", "categories:", "  - Alien",
                              "  - 3"), 6, "categories", "must be text")


@pytest.mark.parametrize("field, value, words", [
    ("uses", "0", "at least 1"), ("uses", "two", "whole number"),
    ("limit", "yes", "whole number"), ("text", "[a]", "must be text"),
])
def test_cards_values_have_their_types(tmp_path: Path, field: str, value: str, words: str) -> None:
    load_error(tmp_path, card("id: i", "name: I", "type: item", f"{field}: {value}"),
               4, field, words)


def test_cards_moves_once_is_true_or_false(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: d", "name: D", "type: disaster", "class: minor",
                              'moves_once: "yes"'), 5, "moves_once", "true or false")


# --- Modifiers ---------------------------------------------------------------

def test_modifiers_bare_number_is_an_error_with_a_hint_to_quote(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: e", "name: E", "type: enhancement", "bonuses:",
                              "  attack: +2"), 5, "bonuses.attack", "quoted string", '"+2"')


def test_modifiers_division_by_zero(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: e", "name: E", "type: enhancement",
                              'costs: {defense: "/0"}'), 4, "costs.defense", "division by zero")


@pytest.mark.parametrize("text", ["++2", "2x", "+", "", "x-1", "+2.5"])
def test_modifiers_must_be_plus_minus_times_divide_or_replace(tmp_path: Path, text: str) -> None:
    load_error(tmp_path, card("id: e", "name: E", "type: enhancement",
                              f'bonuses: {{attack: "{text}"}}'), 4, "bonuses.attack",
               "not a modifier")


def test_modifiers_only_on_the_five_abilities(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: e", "name: E", "type: enhancement",
                              'bonuses: {health: "+1"}'), 4, "bonuses.health", "must be one of")


def test_modifiers_in_combat_halves_and_endure(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: k", "name: K", "type: combat", "physical: {}",
                              "charm: {opponent: {charm: 2}}"), 5, "charm.opponent.charm",
               "quoted string")
    load_error(tmp_path, card("id: d", "name: D", "type: disaster", "class: minor",
                              "endure:", '  modifiers: {charm: "x"}'), 6,
               "endure.modifiers.charm", "not a modifier")


# --- Requirements --------------------------------------------------------------

def test_requirements_unknown_key_the_engine_does_not_know(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: l", "name: L", "type: location", "requires:",
                              "  skills: {Swimming: 1}", "  telepathy: 2"), 6,
               "requires.telepathy", "requirement the engine does not know")


def test_requirements_values_have_their_types(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: l", "name: L", "type: location",
                              "requires: {females: many}"), 4, "requires.females", "whole number")
    load_error(tmp_path, card("id: l", "name: L", "type: location",
                              "requires: {any_element: 1}"), 4, "requires.any_element",
               "true or false")
    load_error(tmp_path, card("id: l", "name: L", "type: location",
                              "requires: {skills: {Swimming: 0}}"), 4, "requires.skills.Swimming",
               "at least 1")
    load_error(tmp_path, card("id: l", "name: L", "type: location",
                              "requires: {abilities: {attack: 0}}"), 4,
               "requires.abilities.attack", "at least 1")


def test_requirements_cards_may_name_a_card_of_a_later_file(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", card("id: l", "name: L", "type: location",
                                   "requires: {cards: [master-key]}"))
    write(tmp_path, "b.yaml", card("id: master-key", "name: Key", "type: item"))
    requires = load_cards(tmp_path)["l"].requires
    assert requires.cards == ("master-key",)
    # Said by the card's name, as players know it, not by the id in the files.
    assert requires.names == ("Key",) and requires.describe() == "Key"


def test_requirements_cards_must_exist_in_the_loaded_set(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER + card("id: l", "name: L", "type: location", "requires:",
                                          "  cards:", "    - aya", "    - master-key"),
               13, "requires.cards", "no card has the id 'master-key'")


def test_requirements_defeat_cards_must_exist(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: d", "name: D", "type: disaster", "class: minor",
                              "defeat: {cards: [nobody]}"), 5, "defeat.cards", "'nobody'")


def test_disasters_combat_disaster_has_no_defeat_or_endure(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: d", "name: D", "type: disaster", "class: minor",
                              "abilities: {attack: 1, defense: 1, movement: 1}",
                              "defeat: {females: 1}"), 6, "defeat", "non-Combat")


def test_disasters_endure_fields(tmp_path: Path) -> None:
    load_error(tmp_path, card("id: d", "name: D", "type: disaster", "class: minor",
                              'endure: {modifiers: {}, rounds: 2}'), 5, "endure.rounds",
               "unknown field")
    load_error(tmp_path, card("id: d", "name: D", "type: disaster", "class: minor",
                              "endure: {turns: 2}"), 5, "endure.modifiers", "required")


def test_transforming_character_other_form_must_exist(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER + "  other_form: aya-2\n", 7, "other_form",
               "no card has the id 'aya-2'")


def test_transforming_character_other_form_must_be_a_character(tmp_path: Path) -> None:
    load_error(tmp_path, CHARACTER + "  other_form: key\n"
               + card("id: key", "name: Key", "type: item"), 7, "other_form",
               "item card, not a character")


# --- Line numbers ---------------------------------------------------------------

def test_line_at_points_at_keys_and_falls_back_to_the_nearest_parent(tmp_path: Path) -> None:
    path = write(tmp_path, "x.yaml", CHARACTER + "- id: b\n  skills:\n    Cooking: 1\n")
    _, node = read_yaml(path)
    assert line_at(node) == 1
    assert line_at(node, 0, "abilities", "attack") == 5
    assert line_at(node, 1) == 7
    assert line_at(node, 1, "skills") == 8
    assert line_at(node, 1, "skills", "Cooking") == 9
    assert line_at(node, 1, "skills", "Swimming") == 8
    assert line_at(node, 1, "abilities", "attack") == 7
    assert line_at(node, 5, "id") == 1


def test_a_bare_on_key_gets_a_hint_to_quote_it(tmp_path: Path) -> None:
    """YAML 1.1 reads a bare `on:` as true; the error says how to write it."""
    load_error(tmp_path, "- id: x\n  name: X\n  type: flash_effect\n  effects:\n"
                         "    - on: play\n      do: [{draw: 1}]\n",
               5, "effects", 'write it in quotes, e.g. "on": play')


def test_cards_unchanged_on_disk_are_read_once_and_an_edit_is_read_again(tmp_path: Path) -> None:
    """The window builds a Game for each New game and booth game: the card files, parsed
    again each time, held a frame for more than half a second. The same files give the
    same (immutable) CardDB; a file edited, added or made wrong is read again."""
    path = write(tmp_path, "cards.yaml", "- {id: ann, type: character, name: Ann, gender: female, "
                 "abilities: {attack: 1, defense: 1, movement: 1, charm: 0, energy: 0}}\n")
    first = load_cards(tmp_path)
    assert load_cards(tmp_path) is first and load_cards([path]) is load_cards([path])
    path.write_text(path.read_text().replace("name: Ann", "name: Anne"))
    assert load_cards(tmp_path)["ann"].name == "Anne"
    write(tmp_path, "more.yaml", "- {id: bo, type: item, name: Bo}\n")
    assert "bo" in load_cards(tmp_path)
    path.write_text("- {id: ann, type: character}\n")
    with pytest.raises(LoadError):
        load_cards(tmp_path)
