"""Hostile and awkward files, the s46f pass: what the earlier passes (tests/test_files_s*.py,
tests/test_hostile*.py) left alone. Each bad file is one line naming the file, its line
and field, exit code 2 on the command line, nothing half-loaded; each test fails on the
code before its fix."""
from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from test_files_s45f import one_line

from game import cli
from game.engine import LoadError, yamlfile
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.cards import TRIGGERS
from game.ui.session import SessionConfig, build_game

# The shipped card files are parsed once a worker (conftest): these tests are about the others.
pytestmark = pytest.mark.usefixtures("shipped_parsed_once")

SHIPPED = sorted(DEFAULT_CARDS_DIR.glob("*.yaml"))


def validate(*paths: Path) -> tuple[int, str, str]:
    """`python main.py validate PATHS` in this process: the exit code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["validate", *map(str, paths)])
    return code, out.getvalue(), err.getvalue()


# 1. A trigger never set off for its card ------------------------------------------------

# Each kind of card as far as triggers go, with the fields that make it so (an entry's
# lines between `type:` and `effects:`).
KINDS = {
    "character": ("character", "  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, "
                               "energy: 1}\n  gender: female\n"),
    "enhancement": ("enhancement", ""),
    "equipment": ("equipment", ""),
    "item": ("item", ""),
    "global_effect": ("global_effect", ""),
    "flash_effect": ("flash_effect", ""),
    "haven": ("haven", ""),
    "location": ("location", ""),
    "location with becomes_haven": ("location", "  becomes_haven: {females: 1}\n"),
    "Combat Disaster": ("disaster", "  class: minor\n  abilities: {attack: 2, defense: 2, "
                                    "movement: 1}\n"),
    "endured Disaster": ("disaster", "  class: minor\n  endure: {modifiers: {attack: \"-1\"}}\n"),
    "non-Combat Disaster": ("disaster", "  class: minor\n"),
}
PROBE = """\
- id: probe-card
  name: Probe Card
  type: {type}
{fields}  effects:
    - "on": {on}
      do:
        - modify: {{attack: "+1"}}
"""

# Where each trigger is set off, read from the code (docs/card-format.md, Triggers):
# play (equip.play, flash.py), static (static.held_sources for a unit's cards and the
# Off Field ones but a Flash Effect's, Game.has_static; static.placed_sources for a
# Place), use (special._usable_cards: a seat's Characters and what they hold, its
# Havens, its Global Effects), turn_start (turns._turn_start: the same, and Off Field
# cards but a Flash Effect: Global Effects, endured Disasters), combat_round (combat.py,
# duel.py: the fighting Characters and what they hold, the Disaster fought), scavenge
# (scavenging.scavenge: the group and what it holds), revealed and defeated
# (disasters.py, scavenging.py, defeat.py: Disasters).
HELD = {"static", "use", "turn_start", "combat_round", "scavenge"}
FIRED = {
    "character": HELD | {"play"},
    "enhancement": HELD | {"play"},
    "equipment": HELD | {"play"},
    "item": HELD,
    "global_effect": {"play", "static", "use", "turn_start"},
    "flash_effect": {"play"},
    "haven": {"static", "use", "turn_start"},
    "location": {"static"},
    "location with becomes_haven": {"static", "use", "turn_start"},
    "Combat Disaster": {"static", "revealed", "combat_round", "defeated"},
    "endured Disaster": {"static", "revealed", "turn_start", "defeated"},
    "non-Combat Disaster": {"revealed", "defeated"},
}
ALLOWED = [(k, on) for k in KINDS for on in TRIGGERS if on in FIRED[k]]
REFUSED = [(k, on) for k in KINDS for on in TRIGGERS if on not in FIRED[k]]


def probe(tmp_path: Path, card_kind: str, on: str) -> tuple[Path, int]:
    """A pack of one card of `card_kind` with one effect on `on`, and its `on` line."""
    card_type, fields = KINDS[card_kind]
    path = tmp_path / "pack.yaml"
    path.write_text(PROBE.format(type=card_type, fields=fields, on=on), encoding="utf-8")
    return path, 5 + fields.count("\n")


@pytest.mark.parametrize("card_kind,on", REFUSED, ids=[f"{k}-{on}" for k, on in REFUSED])
def test_a_trigger_never_set_off_for_its_card_is_refused(tmp_path, card_kind, on):
    """`turn_start` on a Location, `scavenge` on a Haven, `static` on a Flash Effect, ...:
    nothing sets it off for such a card, so the card loaded as if it worked and its effect
    never ran. Refused at the trigger's line, naming the card's kind and why (the pack
    alone: loading the shipped cards beside it for each pair took most of the file's
    time; the command line's one line is the next test's)."""
    path, line = probe(tmp_path, card_kind, on)
    with pytest.raises(LoadError) as refused:
        load_cards([path])
    said = str(refused.value)
    assert f"{path}:{line}:" in said and "effects.on" in said, said
    assert f"`{on}` is never set off" in said, said


def test_validate_says_a_trigger_never_set_off_in_one_line(tmp_path):
    """The same refusal on the command line, beside the shipped cards: one line, exit 2."""
    path, line = probe(tmp_path, "location", "turn_start")
    code, _, err = validate(path)
    one_line(code, err, path, line, "effects.on", "`turn_start` is never set off")


@pytest.mark.parametrize("card_kind,on", ALLOWED, ids=[f"{k}-{on}" for k, on in ALLOWED])
def test_a_trigger_set_off_for_its_card_loads(tmp_path, card_kind, on):
    path, _ = probe(tmp_path, card_kind, on)
    assert "probe-card" in load_cards([path])


def test_an_empty_endure_or_becomes_haven_is_read_as_the_engine_reads_it(tmp_path):
    """`endure: {modifiers: {}}` endures nothing: the Disaster is Discarded once revealed
    (disasters.resolve_non_combat), so its `turn_start` never runs; `becomes_haven: {}`
    may be built with no requirement (scavenging.can_build_haven), so a `use` runs."""
    path = tmp_path / "pack.yaml"
    path.write_text(PROBE.format(type="disaster", on="turn_start",
                                 fields="  class: minor\n  endure: {modifiers: {}}\n"),
                    encoding="utf-8")
    code, _, err = validate(path)
    one_line(code, err, path, 7, "non-Combat Disaster without endure")
    path.write_text(PROBE.format(type="location", on="use", fields="  becomes_haven: {}\n"),
                    encoding="utf-8")
    assert "probe-card" in load_cards(SHIPPED + [path])


# 2. What a level's deck is: the same to validate as to every game ---------------------------

DECKS = Path(__file__).resolve().parents[1] / "assets" / "decks"
DEMO_DECK = (DECKS / "demo.yaml").read_text(encoding="utf-8")


def simulate(level: Path) -> tuple[int, str]:
    """`python main.py simulate --level LEVEL --games 1`: the exit code and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["simulate", "--level", str(level), "--games", "1"])
    return code, err.getvalue()


def test_a_level_naming_a_deck_given_beside_it_is_refused_as_simulate_refuses_it(tmp_path):
    """`validate mine.yaml level.yaml`, the level naming `mine`: validate added the decks
    given to the ones a level may name, and said "all well", while simulate (and play,
    the window, a save) looks for `mine` in assets/decks/ alone and refused the level.
    All now refuse it in the same line, saying where a level's decks are."""
    deck, level = tmp_path / "mine.yaml", tmp_path / "level.yaml"
    deck.write_text(DEMO_DECK, encoding="utf-8")
    level.write_text("name: Mine\ndecks: [demo, mine]\n", encoding="utf-8")
    code, out, err = validate(deck, level)
    said = one_line(code, err, level, 2, "decks: unknown deck 'mine'", "assets/decks/")
    assert "deck Demo Deck: legal" in out  # the deck itself is checked, and legal
    assert simulate(level) == (2, said + "\n")
    with pytest.raises(LoadError) as refused:  # play and the window's New game
        build_game(SessionConfig(str(level), ["human", "human"]))
    assert f"error: {refused.value}" == said


def test_a_level_is_checked_with_the_deck_it_plays_not_one_of_its_file_name(tmp_path):
    """A deck given to validate under a shipped deck's file name (a copy edited
    elsewhere) stood for the shipped one when a level naming that deck was checked: the
    Quick demo plays assets/decks/demo.yaml, whose Rubber Duck no Character can use, and
    the warning for it was left unsaid, as if said of the copy, which has none."""
    copy = tmp_path / "demo.yaml"
    copy.write_text(DEMO_DECK.replace("  golden-melon-pan: 2\n", "  golden-melon-pan: 3\n")
                    .replace("  rubber-duck-of-destiny: 1\n", ""), encoding="utf-8")
    code, out, err = validate(copy, DECKS.parents[1] / "levels" / "quick_demo.yaml")
    assert (code, err) == (0, ""), err
    # The copy's name reads as the shipped deck's: warned too (test_files_s47.py).
    warned = [line for line in out.splitlines() if line.startswith("warning:")
              and "reads as the deck" not in line]
    assert warned == [f"warning: {DECKS / 'demo.yaml'}:19: no Character of this deck could "
                      "use Rubber Duck of Destiny (rubber-duck-of-destiny): it requires "
                      "Blind Luck"], out


def test_two_decks_of_one_name_are_each_reported(tmp_path):
    """validate keyed its report by deck name: of two files named "Demo Deck", one legal
    and one short of Combat cards, one line said "legal" for both (the error line on
    stderr alone told otherwise), and the count said 1 deck. Each is reported, under its
    name and its file."""
    good, short = tmp_path / "a.yaml", tmp_path / "b.yaml"
    good.write_text(DEMO_DECK, encoding="utf-8")
    short.write_text(DEMO_DECK.replace("  haymaker: 3\n", "  haymaker: 2\n"), encoding="utf-8")
    code, out, err = validate(good, short)
    one_line(code, err, short, 30, "deck is not legal", "20 Combat cards")
    lines = out.splitlines()
    assert lines[0].startswith("179 cards, 2 decks, 0 levels: 1 error(s)"), out
    assert lines[1] == f"  deck Demo Deck ({good}): legal", out
    assert lines[2].startswith(f"  deck Demo Deck ({short}): ") and "Combat" in lines[2], out


def test_a_deck_in_a_folder_below_the_decks_is_none_of_a_levels(tmp_path, monkeypatch):
    """validate took every deck below assets/decks/ (an `old/` folder of them) as one a
    level may name; every game reads assets/decks/ itself alone (decks.load_decks)."""
    decks = tmp_path / "decks"
    (decks / "old").mkdir(parents=True)
    (decks / "demo.yaml").write_text(DEMO_DECK, encoding="utf-8")
    (decks / "old" / "mine.yaml").write_text(DEMO_DECK, encoding="utf-8")
    monkeypatch.setattr("game.validate.DEFAULT_DECKS_DIR", decks)
    monkeypatch.setattr("game.match.DEFAULT_DECKS_DIR", decks)
    level = tmp_path / "level.yaml"
    level.write_text("name: Mine\ndecks: [demo, mine]\n", encoding="utf-8")
    code, _, err = validate(level)
    said = one_line(code, err, level, 2, "decks: unknown deck 'mine'")
    assert simulate(level) == (2, said + "\n")
    level.write_text("name: Mine\ndecks: [demo, demo]\n", encoding="utf-8")
    assert validate(level)[0] == 0


# 3. An error in what an alias or a merge takes is said where it is taken ---------------------

SHARED = """\
- id: probe-a
  name: Probe A
  type: enhancement
  effects: &fx
    - &turn
      "on": turn_start
      do:
        - draw: 1
- id: probe-b
  name: Probe B
  type: location
  effects: {taken}
"""


@pytest.mark.parametrize("taken, line", [
    ("*fx", 12),  # the value of a key
    ("\n    - {\"on\": static, do: [{modify: {attack: \"+1\"}}]}\n    - *turn", 14),  # an item
    ("\n    - <<: *turn\n      if: {moved: true}", 13),  # keys merged in
], ids=["alias", "alias-item", "merge"])
def test_an_error_in_what_an_alias_takes_is_said_at_the_alias(tmp_path, taken, line):
    """The Enhancement's `turn_start` effect is right, the Location's copy of it (an
    alias, or merged in with `<<`) wrong: the line said was the anchor's, in the
    Enhancement, where nothing is wrong; it is the alias's, or the `<<`'s."""
    path = tmp_path / "pack.yaml"
    path.write_text(SHARED.format(taken=taken), encoding="utf-8")
    one_line(*validate(path)[::2], path, line, "effects.on", "location without becomes_haven")


# 4. A card pack given to validate is parsed once -------------------------------------------

def test_validate_parses_a_card_pack_once(tmp_path, monkeypatch):
    """validate parsed a pack to tell it was one, then load_cards parsed it again:
    parsing is nearly all its time (a 1 MB pack of real cards: 7 s, 3.5 s of them the
    first parse; cProfile). The first pack's parse is handed to load_cards."""
    parsed: list[str] = []
    single = yamlfile._Loader.get_single_node

    def counted(loader):
        parsed.append(loader.path)
        return single(loader)

    monkeypatch.setattr(yamlfile._Loader, "get_single_node", counted)
    path, _ = probe(tmp_path, "enhancement", "play")
    code, out, err = validate(path)
    assert (code, err) == (0, ""), err
    assert out.startswith("180 cards") and parsed.count(str(path)) == 1, (out, parsed)


def test_the_refusal_reads_an_item_and_an_enhancement(tmp_path):
    """Words: "never set off for an item" (it said "a item")."""
    for card_kind, on in (("item", "play"), ("enhancement", "revealed"), ("haven", "play")):
        path, _ = probe(tmp_path, card_kind, on)
        with pytest.raises(LoadError) as refused:
            load_cards([path])
        article = "a" if card_kind == "haven" else "an"
        assert f"is never set off for {article} {card_kind}:" in str(refused.value)
