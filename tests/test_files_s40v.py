"""s40v: validate of a level checked alone warns of its decks' dead cards (an Equipment
or Item none of the deck's Characters could use), as validate of the deck file does."""
from __future__ import annotations

import json

from test_hostile import run

from game.engine.decks import DEFAULT_DECKS_DIR
from game.engine.levels import DEFAULT_LEVELS_DIR

DEMO = DEFAULT_DECKS_DIR / "demo.yaml"


def _warnings(*paths: str) -> list[str]:
    code, out, err = run("validate", "--json", *paths)
    assert (code, err) == (0, ""), err
    report = json.loads(out)
    assert report["errors"] == []
    return report["warnings"]


def test_rules_for_items_validate_of_a_level_alone_warns_of_its_decks_dead_cards():
    """Rules for Items ("the Character using the Item must ... meet the requirement"):
    the quick demo plays the Demo Deck twice, whose Rubber Duck of Destiny needs Blind
    Luck that none of its Characters has. Validating the level alone said "all well" with
    no warning; it now warns once, at the deck file's line of the card, and exits 0."""
    said = _warnings(str(DEFAULT_LEVELS_DIR / "quick_demo.yaml"))
    line = next(i for i, text in enumerate(DEMO.read_text().splitlines(), 1)
                if "rubber-duck-of-destiny" in text)
    assert len(said) == 1 and said[0].startswith(f"{DEMO}:{line}: "), said
    assert "Rubber Duck of Destiny" in said[0] and "Blind Luck" in said[0]


def test_rules_for_equipment_a_deck_given_with_its_level_is_warned_of_once():
    """Rules for Equipment: the Demo Deck given beside the level, or two levels playing
    Hot Springs Heroes' Scooter (Driving) deck, warn once per deck, not once per file."""
    assert len(_warnings(str(DEFAULT_LEVELS_DIR / "quick_demo.yaml"), str(DEMO))) == 1
    both = _warnings(str(DEFAULT_LEVELS_DIR / "four_players.yaml"),
                     str(DEFAULT_LEVELS_DIR / "all_decks.yaml"))
    assert sum("Putt-Putt Delivery Scooter" in w for w in both) == 1, both


def test_a_level_whose_decks_are_sound_has_no_warning():
    """A level of decks with no dead card (the standard two-seat level) stays "all
    well" without a warning line."""
    code, out, err = run("validate", str(DEFAULT_LEVELS_DIR / "standard_2p.yaml"))
    assert (code, err) == (0, "") and "all well\n" in out and "warning" not in out, out
