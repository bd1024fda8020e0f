"""s38e: hostile files (fuzzed real files, odd paths, edited saves) and validate's
warning of a deck's Equipment or Item that none of its Characters could use."""
from __future__ import annotations

import json
from pathlib import Path

from test_hostile import run

from game.engine.decks import DEFAULT_DECKS_DIR

HOT_SPRINGS = DEFAULT_DECKS_DIR / "hot-springs-heroes.yaml"


# validate: dead Equipment and Items ---------------------------------------------------------

def _deck(tmp_path: Path, old: str, new: str, name: str = "deck.yaml") -> Path:
    """Hot Springs Heroes with one of its lines changed."""
    text = HOT_SPRINGS.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_rules_for_equipment_validate_warns_of_equipment_no_character_could_use():
    """Rules for Equipment: "If an Equipment has a cost or requirement, the Character
    using the Equipment must pay the cost or meet the requirement." Hot Springs Heroes
    holds two Putt-Putt Delivery Scooters (Driving) and no Character who drives: legal
    by Deck Construction, so validate said only 'legal'. It now warns, naming the deck's
    line of the card and what it requires, and still exits 0."""
    code, out, err = run("validate", str(HOT_SPRINGS))
    assert code == 0, err
    assert err == ""  # stderr holds errors only
    lines = [line for line in out.splitlines() if line.startswith("warning: ")]
    assert len(lines) == 1 and lines[0].startswith(f"warning: {HOT_SPRINGS}:15: "), out
    assert "Putt-Putt Delivery Scooter" in lines[0] and "requires Driving" in lines[0]
    assert "all well (1 warning(s))" in out and "Hot Springs Heroes: legal" in out


def test_rules_for_items_validate_warns_of_an_item_no_character_could_use():
    """Rules for Items: "the Character using the Item must ... meet the requirement."
    The Demo Deck's Rubber Duck of Destiny needs Blind Luck, which none of its
    Characters has: a warning, in the JSON report too, and exit 0."""
    demo = DEFAULT_DECKS_DIR / "demo.yaml"
    code, out, err = run("validate", "--json", str(demo))
    assert code == 0, err
    report = json.loads(out)
    assert report["errors"] == []
    assert len(report["warnings"]) == 1 and "Rubber Duck of Destiny" in report["warnings"][0]
    assert err == ""


def test_a_character_who_could_use_it_silences_the_warning(tmp_path):
    """A Character with Driving among the Power cards (Mio Sprocket, in Old Master Noboru's
    place) could drive the Scooter: no warning, and the deck is still legal."""
    path = _deck(tmp_path, "  old-master-noboru: 1\n", "  mio-sprocket: 1\n")
    code, out, err = run("validate", str(path))
    assert (code, err) == (0, ""), err
    assert "all well\n" in out and "warning" not in out


def test_a_skill_another_card_of_the_deck_gives_counts(tmp_path):
    """Prototype Reactor Core (an Item) needs Tech, which no Hot Springs Character has:
    warned of. With Cybernetic Upgrade in the deck (an Enhancement giving its host Tech)
    a Character could come to use it: only the Scooter is left."""
    core = ("  council-president-diary: 1\n", "  prototype-reactor-core: 1\n")
    alone = _deck(tmp_path, *core, "a.yaml")
    code, out, _ = run("validate", str(alone))
    assert code == 0 and "Prototype Reactor Core" in out and out.count("warning:") == 2, out
    given = alone.read_text(encoding="utf-8").replace("  second-helping: 1\n",
                                                        "  cybernetic-upgrade: 1\n")
    (tmp_path / "b.yaml").write_text(given, encoding="utf-8")
    code, out, _ = run("validate", str(tmp_path / "b.yaml"))
    assert code == 0 and "Reactor" not in out and out.count("warning:") == 1, out
