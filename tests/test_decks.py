"""Deck files (docs/card-format.md, Decks) and the rulebook's Deck Construction."""
from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.cards import CardDB
from game.engine.decks import DEFAULT_DECKS_DIR, Deck, check_deck, load_deck, load_decks
from game.engine.errors import LoadError
from game.engine.options import Options

# The shipped card files are parsed once a worker (conftest): these tests are about the others.
pytestmark = pytest.mark.usefixtures("shipped_parsed_once")

CARDS = """\
- {id: c1, name: C1, type: character, gender: female,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: c2, name: C2, type: character, gender: male,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: c3, name: C3, type: character, gender: female,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: c4, name: C4, type: character, gender: male,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: c5, name: C5, type: character, gender: male,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: h1, name: H1, type: haven}
- {id: h2, name: H2, type: haven}
- {id: e1, name: E1, type: enhancement, bonuses: {attack: "+1"}, costs: {energy: "-1"}}
- {id: kettle, name: Kettle, type: equipment, limit: 6}
- {id: smile, name: Smile, type: flash_effect, costs: {charm: "-1"}}
- {id: l1, name: L1, type: location}
- {id: l2, name: L2, type: location}
- {id: l3, name: L3, type: location}
- {id: l4, name: L4, type: location}
- {id: l5, name: L5, type: location}
- {id: i1, name: I1, type: item}
- {id: i2, name: I2, type: item}
- {id: i3, name: I3, type: item}
- {id: major-brute, name: Major Brute, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: minor-brute, name: Minor Brute, type: disaster, class: minor,
   abilities: {attack: 2, defense: 2, movement: 1}}
- {id: gloom, name: Gloom, type: disaster, class: minor, defeat: {females: 1}}
- {id: major-gloom, name: Major Gloom, type: disaster, class: major, defeat: {males: 1}}
- {id: rust-plague, name: Rust Plague, type: disaster, class: minor,
   affects: {categories: [Robot]}, endure: {modifiers: {defense: "-1"}}}
- {id: droid, name: Droid, type: character, gender: male, categories: [Robot],
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: gren-1, name: Gren Clone (1st form), type: equipment}
- {id: gren-2, name: Gren Clone (2nd form), type: equipment}
- {id: gren-3, name: Gren Clone (3rd form), type: equipment}
- {id: gren-4, name: Gren Clone (4th form), type: equipment}
""" + "".join(f"- {{id: k{n}, name: K{n}, type: combat, physical: {{}}, charm: {{}}}}\n"
              for n in range(1, 9))

# 3 Locations: 5 Items; 3 Power cards: 2 x 3 + 1 = 7 Disasters, 4 Combat, 3 Major.
LEGAL = """\
name: Legal
starting_characters: [c1, c2, c3, c4]
haven: h1
power: {e1: 3}
locations: [l1, l2, l3]
items: {i1: 3, i2: 2}
disasters: {major-brute: 3, minor-brute: 1, gloom: 3}
combat: {k1: 3, k2: 3, k3: 3, k4: 3, k5: 3, k6: 3, k7: 3}
"""


@pytest.fixture
def db(tmp_path: Path) -> CardDB:
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    return load_cards(path)


@pytest.fixture
def legal(tmp_path: Path, db: CardDB) -> Deck:
    return load_deck(write(tmp_path, "legal.yaml", LEGAL), db)


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def load_error(tmp_path: Path, db: CardDB, text: str | bytes, line: int | None,
               field: str | None, *words: str) -> None:
    """Load `text` as deck.yaml; it must fail at `line` and `field` with `words`."""
    path = write(tmp_path, "deck.yaml", text)
    with pytest.raises(LoadError) as info:
        load_deck(path, db)
    message = str(info.value)
    assert (info.value.path, info.value.line, info.value.field) == (str(path), line, field), message
    assert message.startswith(f"{path}:{line}:" + (f" {field}:" if field else "")), message
    for word in words:
        assert word in message


def problems_with(deck: Deck, db: CardDB, *words: str, options: Options = Options()) -> None:
    """check_deck finds exactly one problem, and it says `words`."""
    problems = check_deck(deck, db, options)
    assert len(problems) == 1, problems
    for word in words:
        assert word in problems[0]


# --- The deck file -------------------------------------------------------------

def test_deck_file_loads_its_sections(legal: Deck, tmp_path: Path, db: CardDB) -> None:
    assert legal.id == "legal" and legal.name == "Legal"
    assert legal.starting_characters == ("c1", "c2", "c3", "c4")
    assert legal.haven == "h1"
    assert legal.power == (("e1", 3),)
    assert legal.locations == ("l1", "l2", "l3")
    assert legal.items == (("i1", 3), ("i2", 2))
    assert legal.source == str(tmp_path / "legal.yaml")
    assert [legal.count(s) for s in ("starting_characters", "haven", "power", "locations",
                                     "items", "disasters", "combat")] == [4, 1, 3, 3, 5, 7, 21]
    assert legal.all_cards()["c1"] == 1 and legal.all_cards()["k1"] == 3
    assert sum(legal.all_cards().values()) == 44
    assert check_deck(legal, db) == []


def test_deck_files_of_a_folder_by_id(tmp_path: Path, db: CardDB) -> None:
    write(tmp_path, "decks/zeta.yaml", LEGAL)
    write(tmp_path, "decks/alpha.yaml", LEGAL.replace("Legal", "Alpha"))
    decks = load_decks(tmp_path / "decks", db)
    assert list(decks) == ["alpha", "zeta"] and decks["alpha"].name == "Alpha"


def test_deck_file_unknown_card_id(tmp_path: Path, db: CardDB) -> None:
    load_error(tmp_path, db, LEGAL.replace("i2: 2", "i9: 2"), 6, "items.i9",
               "unknown card id 'i9'")
    load_error(tmp_path, db, LEGAL.replace("[l1, l2, l3]", "\n  - l1\n  - nowhere\n  - l3"),
               7, "locations", "unknown card id 'nowhere'")


def test_deck_file_card_in_the_wrong_section(tmp_path: Path, db: CardDB) -> None:
    load_error(tmp_path, db, LEGAL.replace("haven: h1", "haven: l4"), 3, "haven",
               "'l4' is a location card")
    load_error(tmp_path, db, LEGAL.replace("{e1: 3}", "{e1: 2, i3: 1}"), 4, "power.i3",
               "item card")
    load_error(tmp_path, db, LEGAL.replace("[c1, c2, c3, c4]", "[c1, c2, c3, h2]"), 2,
               "starting_characters", "haven card")


def test_deck_file_sections_are_all_required(tmp_path: Path, db: CardDB) -> None:
    load_error(tmp_path, db, LEGAL.replace("haven: h1\n", ""), 1, "haven", "required")


def test_deck_file_unknown_section(tmp_path: Path, db: CardDB) -> None:
    load_error(tmp_path, db, LEGAL + "sideboard: {k8: 1}\n", 9, "sideboard", "unknown field")


def test_deck_file_counts_are_whole_numbers_from_1(tmp_path: Path, db: CardDB) -> None:
    load_error(tmp_path, db, LEGAL.replace("k7: 3", "k7: 0"), 8, "combat.k7", "at least 1")
    load_error(tmp_path, db, LEGAL.replace("k7: 3", "k7: three"), 8, "combat.k7", "whole number")
    load_error(tmp_path, db, LEGAL.replace("{e1: 3}", "[e1, e1, e1]"), 4, "power", "must be a map")


def test_deck_file_must_be_a_map(tmp_path: Path, db: CardDB) -> None:
    load_error(tmp_path, db, "- c1\n- c2\n", 1, None, "must be a map")


def test_deck_file_hostile_tag_never_runs(tmp_path: Path, db: CardDB) -> None:
    marker = tmp_path / "ran"
    load_error(tmp_path, db, f'name: !!python/object/apply:os.system ["touch {marker}"]\n',
               1, None, "tags are not allowed")
    assert not marker.exists()


def test_deck_file_hostile_bytes_empty_and_syntax(tmp_path: Path, db: CardDB) -> None:
    load_error(tmp_path, db, b"na\xff\xfe\x00", 1, None, "not a text file")
    load_error(tmp_path, db, "", 1, None, "empty file")
    load_error(tmp_path, db, LEGAL.replace("[c1, c2, c3, c4]", "[c1, c2"), 3, None, "syntax")


# --- Deck Construction -----------------------------------------------------------

def test_deck_construction_four_starting_characters(legal: Deck, db: CardDB) -> None:
    problems_with(replace(legal, starting_characters=("c1", "c2", "c3")), db,
                  "3 starting Characters", "exactly 4")


def test_deck_construction_starting_characters_all_different(legal: Deck, db: CardDB) -> None:
    problems = check_deck(replace(legal, starting_characters=("c1", "c1", "c2", "c3")), db)
    assert any("must all be different" in p for p in problems)
    assert any("2 copies of C1" in p for p in problems)


def test_deck_construction_odd_number_of_locations(legal: Deck, db: CardDB) -> None:
    # 4 Locations would need 6 Items and 9 Disasters; only the parity is wrong here.
    deck = replace(legal, locations=("l1", "l2", "l3", "l4"), items=(("i1", 3), ("i2", 3)),
                   disasters=(("major-brute", 3), ("minor-brute", 2), ("gloom", 3),
                              ("major-gloom", 1)))
    problems_with(deck, db, "4 Locations", "must be odd")


def test_deck_construction_no_more_than_1_of_any_particular_location(legal: Deck, db: CardDB) -> None:
    # "No more than 1 of any particular Location", unless the card says its own limit; a
    # Location is no starting card, so the refusal does not speak of them.
    problems = check_deck(replace(legal, locations=("l1", "l1", "l2")), db)
    assert any("2 copies of L1" in p and p.endswith("at most 1 per deck") for p in problems), problems


def test_deck_construction_items_one_and_a_half_times_locations(legal: Deck, db: CardDB) -> None:
    problems_with(replace(legal, items=(("i1", 3), ("i2", 1))), db,
                  "4 Items", "3 Locations", "rounded up: 5")
    problems_with(replace(legal, items=(("i1", 3), ("i2", 3))), db, "6 Items")


def test_deck_construction_disasters_two_per_location_one_per_three_power(
        legal: Deck, db: CardDB) -> None:
    problems_with(replace(legal, disasters=(("major-brute", 3), ("minor-brute", 3))), db,
                  "6 Disasters", "make 7")
    # 5 Power cards still add only 1 Disaster (rounded down).
    deck = replace(legal, power=(("e1", 3), ("kettle", 2)))
    assert check_deck(deck, db) == []
    problems_with(replace(deck, power=(("e1", 3), ("kettle", 3))), db, "8")


def test_deck_construction_starting_cards_are_not_power_cards(legal: Deck, db: CardDB) -> None:
    deck = replace(legal, power=(("e1", 2),))  # 4 starters + haven + 2 Power: no extra Disaster
    problems_with(deck, db, "7 Disasters", "make 6")


def test_deck_construction_at_least_half_combat_disasters(legal: Deck, db: CardDB) -> None:
    deck = replace(legal, disasters=(("major-brute", 3), ("gloom", 3), ("major-gloom", 1)))
    problems_with(deck, db, "3 of 7 Disasters are Combat", "at least half")


def test_deck_construction_at_least_a_third_major_disasters(legal: Deck, db: CardDB) -> None:
    deck = replace(legal, disasters=(("major-brute", 2), ("minor-brute", 3), ("gloom", 2)))
    problems_with(deck, db, "2 of 7 Disasters are Major", "at least a third")


def test_deck_construction_at_least_21_combat_cards(legal: Deck, db: CardDB) -> None:
    problems_with(replace(legal, combat=legal.combat[:-1] + (("k7", 2),)), db,
                  "20 Combat cards", "at least 21")
    assert check_deck(replace(legal, combat=legal.combat + (("k8", 3),)), db) == []


def test_deck_construction_too_many_copies(legal: Deck, db: CardDB) -> None:
    problems_with(replace(legal, combat=legal.combat[:-1] + (("k7", 4),)), db,
                  "4 copies of K7", "at most 3")


def test_deck_construction_one_of_any_character_across_sections(legal: Deck, db: CardDB) -> None:
    # A starting Character cannot also be a Power card.
    deck = replace(legal, power=(("e1", 2), ("c1", 1)))
    problems_with(deck, db, "2 copies of C1", "at most 1")
    assert check_deck(replace(legal, power=(("e1", 2), ("c5", 1))), db) == []


def test_deck_construction_one_of_any_haven_across_sections(legal: Deck, db: CardDB) -> None:
    problems_with(replace(legal, power=(("e1", 2), ("h1", 1))), db, "2 copies of H1", "at most 1")
    assert check_deck(replace(legal, power=(("e1", 2), ("h2", 1))), db) == []


def test_golden_deck_construction_water_kettle_limit_6_per_deck(legal: Deck, db: CardDB) -> None:
    """Deck Construction: "Some cards will say they have a different limit per deck.
    Follow the instructions on the card. Example: Water Kettle is limit 6 per deck." The
    fixture Kettle says `limit: 6`: 6 copies pass the usual limit of 3, a 7th is refused.
    6 Kettles are 6 Power cards: one more Disaster."""
    deck = replace(legal, power=(("kettle", 6),),
                   disasters=legal.disasters + (("major-gloom", 1),))
    assert check_deck(deck, db) == []
    problems_with(replace(deck, power=(("kettle", 7),)), db, "7 copies of Kettle", "at most 6")


@pytest.mark.parametrize("gren, legal_deck", [
    ({"gren-1": 3}, True), ({"gren-1": 1, "gren-2": 1, "gren-3": 1, "gren-4": 1}, True),
    ({"gren-1": 2, "gren-3": 1}, True), ({"gren-1": 3, "gren-2": 1}, False),
    ({"gren-1": 2, "gren-2": 2}, False), ({"gren-1": 4}, False),
])
def test_deck_construction_versions_in_parentheses_gren_clone(
        legal: Deck, db: CardDB, gren: dict, legal_deck: bool) -> None:
    """Deck Construction: "If a card name has text in parentheses ... You can have any
    combination of the different names up to the limit for the card type, or 1 of each
    version, whichever is greater. Example: Gren Clone (1st form) ... (4th form). You can
    have 3 of any single version, or 1 of each." """
    deck = replace(legal, power=tuple(gren.items()))
    problems = check_deck(deck, db)
    assert problems == [] if legal_deck else any("Gren Clone" in p for p in problems), problems


def test_deck_construction_a_non_combat_disaster_that_cannot_affect_you(legal: Deck,
                                                                        db: CardDB) -> None:
    """Deck Construction, Disasters: "You cannot use non-Combat Disasters that cannot
    affect you." Rust Plague affects only Robots."""
    deck = replace(legal, disasters=(("major-brute", 3), ("minor-brute", 1), ("gloom", 2),
                                     ("rust-plague", 1)))
    problems_with(deck, db, "Rust Plague", "cannot affect")
    assert check_deck(replace(deck, power=(("e1", 2), ("droid", 1))), db) == []


def test_deck_construction_charm_cost_with_charm_combat_off_r12(legal: Deck, db: CardDB) -> None:
    deck = replace(legal, power=(("e1", 2), ("smile", 1)))
    assert check_deck(deck, db) == []
    problems_with(deck, db, "Smile", "Charm cost", "R12", options=Options(charm_combat=False))
    assert check_deck(legal, db, Options(charm_combat=False)) == []


def test_deck_construction_problems_are_listed_together(legal: Deck, db: CardDB) -> None:
    deck = replace(legal, starting_characters=("c1",), locations=("l1", "l2"), combat=())
    assert len(check_deck(deck, db)) == 5  # starters, parity, Items, Disasters, Combat


def test_deck_construction_unknown_cards_in_a_deck_made_in_code(legal: Deck, db: CardDB) -> None:
    assert check_deck(replace(legal, haven="nowhere"), db) == ["unknown card ids: nowhere"]


# --- The shipped decks -------------------------------------------------------------

def _shipped_decks() -> list[Path]:
    return sorted(DEFAULT_DECKS_DIR.glob("*.yaml")) if DEFAULT_DECKS_DIR.is_dir() else []


@pytest.mark.skipif(not _shipped_decks(), reason="assets/decks has no deck files yet")
def test_deck_construction_every_shipped_deck_is_legal() -> None:
    db = load_cards(DEFAULT_CARDS_DIR)
    decks = load_decks(DEFAULT_DECKS_DIR, db)
    assert {d.id: check_deck(d, db) for d in decks.values()} == {d: [] for d in decks}
