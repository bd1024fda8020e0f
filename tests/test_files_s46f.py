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
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.cards import TRIGGERS

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
    never ran. Refused at the trigger's line, naming the card's kind and why."""
    path, line = probe(tmp_path, card_kind, on)
    code, _, err = validate(path)
    one_line(code, err, path, line, "effects.on", f"`{on}` is never set off")


@pytest.mark.parametrize("card_kind,on", ALLOWED, ids=[f"{k}-{on}" for k, on in ALLOWED])
def test_a_trigger_set_off_for_its_card_loads(tmp_path, card_kind, on):
    path, _ = probe(tmp_path, card_kind, on)
    assert "probe-card" in load_cards(SHIPPED + [path])


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

