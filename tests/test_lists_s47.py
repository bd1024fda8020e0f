"""The rulebook's List of Skills and List of Categories (game/engine/lists.py): `validate`
warns of a skill or category name neither list holds, at the card's line, and still
passes the file (card text may add a name, R1); the shipped cards name only listed ones."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_files_s46f import validate

from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.lists import CATEGORIES, SKILLS, unlisted

RULEBOOK = Path(__file__).resolve().parents[2] / "shared/rules/rulebook-fifth-edition.md"

PACK = """\
- id: typo-pilot
  name: Typo Pilot
  type: character
  gender: female
  abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}
  categories: [Robott]
  skills: {Pliot: 1, Tech: 1}
- id: typo-gear
  name: Typo Gear
  type: equipment
  requires: {skills: {Medik: 1}, categories: [Alien]}
  text: "Needs a doctor."
- id: typo-spell
  name: Typo Spell
  type: enhancement
  text: "A Marksmen gets +1 Attack; may fetch a Weapn."
  effects:
    - "on": play
      if: {member_skill: {Marksmen: 1}}
      do:
        - search: {category: Weapn}
- id: fine-gear
  name: Fine Gear
  type: equipment
  requires: {skills: {Pilot: 1, Illusion Piercing: 1}, categories: [Planetary Vehicle]}
  text: "Listed names only."
"""


def test_list_of_skills_and_categories_a_misspelt_name_is_warned_at_its_card(tmp_path):
    """One warning a name, at the line of the card that names it; exit 0 (a warning)."""
    pack = tmp_path / "pack.yaml"
    pack.write_text(PACK)
    code, out, err = validate(pack)
    assert code == 0 and err == ""
    warned = [line for line in out.splitlines() if line.startswith("warning:")]
    assert warned == [
        f"warning: {pack}:1: card 'typo-pilot' names the skill 'Pliot', which is not in "
        "the rulebook's List of Skills (a misspelling? card text may add one)",
        f"warning: {pack}:1: card 'typo-pilot' names the category 'Robott', which is not "
        "in the rulebook's List of Categories (a misspelling? card text may add one)",
        f"warning: {pack}:8: card 'typo-gear' names the skill 'Medik', which is not in "
        "the rulebook's List of Skills (a misspelling? card text may add one)",
        f"warning: {pack}:13: card 'typo-spell' names the skill 'Marksmen', which is not "
        "in the rulebook's List of Skills (a misspelling? card text may add one)",
        f"warning: {pack}:13: card 'typo-spell' names the category 'Weapn', which is not "
        "in the rulebook's List of Categories (a misspelling? card text may add one)",
    ]


def test_list_of_skills_and_categories_every_shipped_card_names_listed_ones():
    db = load_cards(sorted(DEFAULT_CARDS_DIR.glob("*.yaml")))
    assert [w for card in db.cards.values() for w in unlisted(card)] == []


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is beside the project only")
def test_list_of_skills_and_categories_hold_the_rulebooks_lists():
    """Every name of the two lists, as the rulebook prints them; the skills besides them
    are the symbols and Illusion Piercing (named elsewhere in the rulebook)."""
    text = RULEBOOK.read_text()

    def listed(head: str, after: str) -> set[str]:
        part = text.split(head, 1)[1].split(after, 1)[0]
        return {line[2:].strip() for line in part.splitlines() if line.startswith("- ")}

    assert listed("## List of Categories", "## List of Actions") == CATEGORIES
    assert SKILLS - listed("## List of Skills", "## List of Categories") == {
        "Planetary", "Dimensional", "Illusion Piercing"}
    assert listed("## List of Skills", "## List of Categories") <= SKILLS
