"""Hostile and awkward files, the s45f pass: what the earlier passes (tests/test_files_s*.py,
tests/test_hostile*.py) left alone. Each bad file is one line naming the file, its line
and field, exit code 2 on the command line, nothing half-loaded; each test fails on the
code before its fix."""
from __future__ import annotations

import io
import os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from game import cli
from game.engine import LoadError
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards

# The shipped card files are parsed once a worker (conftest): these tests are about the others.
pytestmark = pytest.mark.usefixtures("shipped_parsed_once")

SHIPPED = sorted(DEFAULT_CARDS_DIR.glob("*.yaml"))
DEMO = str(Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml")


def validate(path: Path) -> tuple[int, str]:
    """`python main.py validate PATH` in this process: the exit code and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["validate", str(path)])
    return code, err.getvalue()


def one_line(code: int, err: str, path: Path, line: int, *words: str) -> str:
    assert "Traceback" not in err, err
    assert code == 2, (code, err)
    (said,) = err.splitlines()
    assert f"{path}:{line}:" in said, said
    for word in words:
        assert word in said, (word, said)
    return said


# 1. The names an effect gives (skills, categories) are read as printed names are -------------

ENHANCEMENT = """\
- id: probe-card
  name: Probe Card
  type: enhancement
  effects:
    - "on": {on}
{cond}      do:
        - {step}
"""

# docs/card-format.md, Limits: "ids, names, categories, skill names: 80 characters" and no
# control character, no word of no width. A skill or category an effect names went
# through the registry's own check only (a dict key, a non-empty text): "\\0" was loaded,
# and the window's words for why a card cannot be used (abilities._condition_words:
# "the Character using it must be «...»") reached pygame, which refuses a NUL ("A null
# character was found in the text") and a word of no width ("Text has zero width").
NAMES = {
    "a condition's category": ("play", '      if: {category: "%s"}\n', "draw: 1",
                               "effects.if.category"),
    "a condition's Place category": ("play", '      if: {at: "%s"}\n', "draw: 1",
                                     "effects.if.at"),
    "a condition's skill": ("play", '      if: {skill: {"%s": 1}}\n', "draw: 1",
                            "effects.if.skill"),
    "a condition's member skill": ("play", '      if: {member_skill: {"%s": 1}}\n', "draw: 1",
                                   "effects.if.member_skill"),
    "a skill a step grants": ("play", "", 'skill: {"%s": 1}', "effects.do.skill"),
    "a category a search takes": ("play", "", 'search: {category: "%s"}',
                                  "effects.do.search.category"),
    "a category scavenge_any opens": ("static", "", 'scavenge_any: "%s"',
                                      "effects.do.scavenge_any"),
}
BAD_NAMES = {"a NUL": ("\\0", "control character"),
             "a terminal escape": ("Police\\e[31m", "control character"),
             "a zero-width space": ("\\u200b", "no width"),
             "a right-to-left override": ("Police\\u202e", "control character"),
             "81 characters": ("P" * 81, "at most 80")}


@pytest.mark.parametrize("bad", BAD_NAMES, ids=list(BAD_NAMES))
@pytest.mark.parametrize("where", NAMES, ids=list(NAMES))
def test_a_skill_or_category_an_effect_names_is_read_as_printed_ones_are(tmp_path, where,
                                                                            bad):
    on, cond, step, field = NAMES[where]
    name, said = BAD_NAMES[bad]
    path = tmp_path / "pack.yaml"
    path.write_text(ENHANCEMENT.format(on=on, cond=cond.replace("%s", name),
                                       step=step.replace("%s", name)), encoding="utf-8")
    line = 6 if cond else 7
    if where == next(iter(NAMES)):  # the command line's one line, once a bad name (it is
        one_line(*validate(path), path, line, field, said)  # the same path for every place)
    with pytest.raises(LoadError) as info:
        load_cards([path])  # the pack alone: the shipped cards beside it cost 0.7 s a case
    assert (info.value.path, info.value.line, info.value.field) == (str(path), line, field)
    assert said in str(info.value), info.value


@pytest.mark.parametrize("where", NAMES, ids=list(NAMES))
def test_a_skill_or_category_an_effect_names_within_the_limits_loads(tmp_path, where):
    on, cond, step, _ = NAMES[where]
    path = tmp_path / "pack.yaml"
    path.write_text(ENHANCEMENT.format(on=on, cond=cond.replace("%s", "Police Détective"),
                                       step=step.replace("%s", "Police Détective")),
                    encoding="utf-8")
    assert "probe-card" in load_cards(SHIPPED + [path])


# 2. A condition's empty list of phases -------------------------------------------------------

def test_a_condition_of_no_phase_is_refused_at_its_line(tmp_path):
    """Conditions: `phase: [move, ...]` is "a phase of its controller's own Turn". An empty
    list is none: the effect could never be used, and loaded without a word (the window
    said it is "used only in your own  phase"), where `against: []` is refused."""
    path = tmp_path / "pack.yaml"
    path.write_text(ENHANCEMENT.format(on="use", cond="      if: {phase: []}\n",
                                       step="draw: 1"), encoding="utf-8")
    one_line(*validate(path), path, 6, "effects.if.phase", "at least one phase")
    path.write_text(ENHANCEMENT.format(on="use", cond="      if: {phase: [move]}\n",
                                       step="draw: 1"), encoding="utf-8")
    assert "probe-card" in load_cards(SHIPPED + [path])


# 3. JSON's words that end on "at" ------------------------------------------------------------

@pytest.mark.parametrize("text, line, said", [
    ('{"seed": 3,\n"table": {"summary": "half a save', 2,
     'a string is not closed (its closing " is missing)'),
    ('{"seed": 3,\n"table": {"summary": "a\tb"}}', 2,
     "a control character inside a string (write it as an escape: \\t, \\n)"),
])
def test_a_json_string_left_open_or_holding_a_control_character_is_said_in_words(
        tmp_path, text, line, said):
    """json's messages end on "at", its position given after them: a save cut short was
    "not a save file (bad JSON: Unterminated string starting at)", a sentence broken off,
    and a tab typed into one "Invalid control character at"."""
    from game.engine.files import loads_json
    from game.engine.save import peek

    with pytest.raises(LoadError) as info:
        loads_json(text, "x.json")
    assert (info.value.line, info.value.message) == (line, f"bad JSON: {said}")
    path = tmp_path / "slot-1.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as info:
        peek(path)
    assert str(info.value) == f"{path}:{line}: not a save file (bad JSON: {said})"


# 4. A link where the saves folder should be ----------------------------------------------

@pytest.mark.parametrize("link, said", [
    ("loop", "a symbolic link that loops (too many levels of links), not a folder"),
    ("nowhere", "a symbolic link to nothing ({target}), not a folder"),
    ("folder", None),
])
def test_a_link_where_the_saves_folder_should_be_is_said_as_what_it_is(quiet_app, tmp_path,
                                                                        link, said):
    """A symbolic link named `saves` in the data folder that loops, or names nothing (a
    folder on a disk not mounted): the game went on unsaved, and the banner said of it
    "a file, not a folder" (the words for a file there). Settings say such a link as what
    it is (tests/test_files_s43f.py); saves now do the same. A link to a folder is one."""
    from game.ui.session import SessionConfig

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    data, saves = tmp_path / "data", tmp_path / "data" / "saves"
    data.mkdir(exist_ok=True)
    target = {"loop": saves, "nowhere": tmp_path / "unmounted" / "saves",
              "folder": tmp_path / "kept"}[link]
    if link == "folder":
        target.mkdir()
    saves.symlink_to(target)
    quiet_app.start_game(SessionConfig(DEMO, ["human", "ai:easy"], seed=5))
    if said is None:
        assert quiet_app.save_error == "" and quiet_app.saves.held == 1
        return
    assert quiet_app.save_error == (f"This game cannot be saved: {saves}: "
                                    f"{said.format(target=target)}. It goes on.")
    assert quiet_app.session is not None and os.readlink(saves) == str(target)


# 5. A static effect that names what only a card played or used has -----------------------------------------

@pytest.mark.parametrize("effect, line, field", [
    ('      target: {select: character}\n      do:\n        - modify: {attack: "+1"}\n'
     '          to: target\n', 6, "effects.target"),
    ('      do:\n        - modify: {attack: "+1"}\n          to: player\n', 8, "effects.do.to"),
    ('      cost: {energy: 1}\n      do:\n        - modify: {attack: "+1"}\n', 6,
     "effects.cost"),
    ('      uses: {count: 1, per: turn}\n      do:\n        - modify: {attack: "+1"}\n', 6,
     "effects.uses"),
])
def test_a_static_effect_with_a_target_a_cost_uses_or_to_the_player_is_refused(tmp_path, effect, line,
                                                                   field):
    """Triggers: a static effect stands "all the time while the card is in play"; a target
    is "what the player chooses when the card is played or used", which a static effect
    never is, and `player` is whom a draw, discard or search reaches. Such a static step
    reached nobody (static.static_hits), and the card loaded as if it worked. A cost is
    paid and a use counted when a card is played or used: a static effect's were never
    read, so "+1 Attack, costs 1 Energy" gave its +1 for nothing."""
    path = tmp_path / "pack.yaml"
    path.write_text('- id: probe-card\n  name: Probe Card\n  type: enhancement\n  effects:\n'
                    '    - "on": static\n' + effect, encoding="utf-8")
    one_line(*validate(path), path, line, field, "static")
    with pytest.raises(LoadError):
        load_cards(SHIPPED + [path])


# 6. A Cancel without a Flash Effect to Cancel, a Flash Effect targeted for nothing -----------

FLASH = '- id: probe-card\n  name: Probe Card\n  type: flash_effect\n  effects:\n' \
        '    - "on": play\n'


@pytest.mark.parametrize("effect, line, field, said", [
    ("      do:\n        - cancel: true\n", 7, "effects.do.cancel", "select: flash"),
    ("      target: {select: character}\n      do:\n        - cancel: true\n          to: target\n",
     8, "effects.do.cancel", "select: flash"),
    ("      target: {select: flash}\n      do:\n        - damage: 1\n          to: target\n",
     8, "effects.do.damage", "only cancel"),
])
def test_a_cancel_without_a_flash_effect_targeted_or_a_flash_effect_targeted_for_nothing(
        tmp_path, effect, line, field, said):
    """Basic Terms, Cancel: "to stop a Flash Effect": `cancel` Cancels the Flash Effect the
    effect targets (steps._cancel). Without `target: {select: flash}` it Cancelled nothing,
    and a Flash Effect targeted is no Character or Disaster a step's `to: target` reaches
    (targets.affected): each such card loaded as if it worked."""
    path = tmp_path / "pack.yaml"
    path.write_text(FLASH + effect, encoding="utf-8")
    one_line(*validate(path), path, line, field, said)
    path.write_text(FLASH + "      target: {select: flash, owner: any}\n      do:\n"
                    "        - cancel: true\n          to: target\n", encoding="utf-8")
    assert "probe-card" in load_cards(SHIPPED + [path])


# 7. A card given again under another id ----------------------------------------------------

def test_rules_deck_construction_copies_of_one_card_under_two_ids_count_together(tmp_path):
    """Deck Construction: "No more than 3 of any particular Combat" (and 1 of any
    particular Character, Haven or Location, 3 of the rest). A pack giving Haymaker
    again under another id let a deck hold 3 of each id: 6 Haymakers, said legal.
    A particular card is its name: copies under every id of one name count together."""
    pack = tmp_path / "pack.yaml"
    pack.write_text("- id: haymaker-again\n  name: Haymaker\n  type: combat\n"
                    "  physical: {}\n  charm: {}\n", encoding="utf-8")
    demo = (Path(__file__).resolve().parents[1] / "assets" / "decks" / "demo.yaml").read_text(
        encoding="utf-8")
    assert demo.splitlines()[30] == "  haymaker: 3"
    deck = tmp_path / "deck.yaml"
    deck.write_text(demo.replace("  haymaker: 3\n", "  haymaker: 3\n  haymaker-again: 1\n"),
                    encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["validate", str(pack), str(deck)])
    one_line(code, err.getvalue(), deck, 31, "4 copies of Haymaker (haymaker, haymaker-again)",
             "at most 3")
    deck.write_text(demo.replace("  haymaker: 3\n", "  haymaker: 2\n  haymaker-again: 1\n"),
                    encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        assert cli.main(["validate", str(pack), str(deck)]) == 0, err.getvalue()


# 8. A Disaster's trigger on a card that is no Disaster -------------------------------------

@pytest.mark.parametrize("on", ["revealed", "defeated"])
def test_a_disasters_trigger_on_another_card_is_refused(tmp_path, on):
    """Triggers: `revealed`, "a Disaster turns up under a Location or enters from the Draw
    pile"; `defeated`, "the Disaster is Defeated". Only a Disaster's are set off
    (disasters.py, scavenging.py, defeat.py): on an Enhancement the effect never ran,
    and the card loaded as if it worked."""
    path = tmp_path / "pack.yaml"
    path.write_text(ENHANCEMENT.format(on=on, cond="", step="draw: 1"), encoding="utf-8")
    one_line(*validate(path), path, 5, "effects.on", "Disaster")
    path.write_text(ENHANCEMENT.format(on=on, cond="", step="draw: 1").replace(
        "type: enhancement", "type: disaster\n  class: minor"), encoding="utf-8")
    assert "probe-card" in load_cards(SHIPPED + [path])


@pytest.mark.parametrize("card_type", ["item", "location", "haven", "disaster"])
def test_a_play_effect_on_a_card_never_played_from_the_hand_is_refused(tmp_path, card_type):
    """Triggers: `play`, "the card is played from the hand": a Character, Enhancement,
    Equipment or Global Effect in the Equip phase (equip.py), a Flash Effect (flash.py).
    An Item is Scavenged, a Location or Haven placed, a Disaster drawn: their `play`
    effect never ran, and the card loaded as if it worked."""
    path = tmp_path / "pack.yaml"
    extra = "\n  class: minor" if card_type == "disaster" else ""
    path.write_text(ENHANCEMENT.format(on="play", cond="", step="draw: 1").replace(
        "type: enhancement", f"type: {card_type}{extra}"), encoding="utf-8")
    one_line(*validate(path), path, 5 + bool(extra), "effects.on", "played")
