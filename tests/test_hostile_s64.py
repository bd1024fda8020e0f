"""Bad input (the hostile set), the s64 pass. The house rule each test pins: a user's
mistake gets one clear line (what, which file, which line where there is one), exit
code 2, nothing lost or half-loaded, never a traceback. Cases the earlier sets did
not cover; docs/card-format.md, "Bad input checked on 5 Dec 2026 (s64)", lists them."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from test_hostile import run  # noqa: E402

from game.engine import LoadError  # noqa: E402
from game.engine.yamlfile import read_yaml  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LEVEL = "name: L\ndecks: [demo, demo]\noptions: {{round_limit: {}}}\n"


def one_error(err: str, path: Path | str, line: int | None = None) -> str:
    """The one line of stderr, checked to name `path` (and `line`); its words."""
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "Traceback" not in err
    where = f"{path}:{line}: " if line is not None else f"{path}"
    assert where in err, (where, err)
    return err


# Numbers too long for Python ---------------------------------------------------------

@pytest.mark.parametrize("text, line", [
    (LEVEL.format("9" * 5000), 3),                                  # a map's value
    ("name: L\ndecks: [demo]\nx: [" + "1" * 5000 + "]\n# end\n\n", 3),  # in a list
    ("- id: x\n  name: " + "7" * 4301 + "\n  type: item\n", 2),    # a card's name
], ids=["map-value", "list-item", "card-name"])
def test_a_number_too_long_for_python_is_said_at_its_line(tmp_path, text, line):
    """Bad input: a whole number of more than 4,300 digits in a YAML file. Python's
    ValueError told the player to "use sys.set_int_max_str_digits() to increase the
    limit", and one in a list (built after the whole file was read) was said at the
    file's last line. Expected: one line at the number's own line, its digits counted,
    exit 2 from validate and simulate --level."""
    path = tmp_path / "long.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as info:
        read_yaml(path)
    assert info.value.line == line
    assert "too long to be read" in info.value.message
    assert "sys.set_int_max_str_digits" not in info.value.message
    code, _, err = run("validate", str(path))
    assert code == 2
    one_error(err, path, line)
    if text.startswith("name"):
        code, out, err = run("simulate", "--games", "1", "--level", str(path))
        assert code == 2 and out == ""
        assert "digits, too long to be read" in one_error(err, path, line)


# Text in UTF-16 or UTF-32 without a byte order mark ----------------------------------

WIDE = ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"]


@pytest.mark.parametrize("encoding", WIDE)
@pytest.mark.parametrize("name", ["L", "デッキ"], ids=["ascii", "japanese"])
def test_a_level_in_utf16_or_utf32_without_a_bom_is_said_to_be_so(tmp_path, encoding, name):
    """Bad input: a level saved as UTF-16 or UTF-32 with no byte order mark (some
    editors' "Unicode (no BOM)"). It was "not a text file (character #x0000)", or for
    other than ASCII "bytes that are not UTF-8", of a file any editor shows as text.
    Expected: one line, line 1, "text saved as UTF-16 (without a byte order mark);
    save it as UTF-8", exit 2."""
    path = tmp_path / "wide.yaml"
    text = f"name: {name}\ndecks: [demo, demo]\noptions: {{round_limit: 3}}\n"
    path.write_bytes(text.encode(encoding))
    code, out, err = run("simulate", "--games", "1", "--level", str(path))
    assert code == 2 and out == ""
    said = one_error(err, path, 1)
    assert f"text saved as {encoding[:6].upper()} (without a byte order mark)" in said


def test_a_binary_file_with_nul_bytes_is_still_not_text(tmp_path):
    """Bad input: NUL bytes that are no UTF-16 text (a binary file, a NUL in a
    line). Expected: as before, "not a text file (character #x0000)" at its line."""
    path = tmp_path / "nul.yaml"
    path.write_bytes(b"name: L\ndecks: [demo, demo]\n\x00\x00\x00\x01\x02\x03")
    code, _, err = run("validate", str(path))
    assert code == 2 and "not a text file (character #x0000)" in one_error(err, path, 3)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_save_in_utf16_without_a_bom_is_said_to_be_so(tmp_path, encoding):
    """Bad input: a save re-saved by an editor as UTF-16 without a byte order mark. It
    was "not a save file (bad JSON: Expecting value)". Expected: a LoadError naming
    the file, line 1, saying UTF-16; nothing is loaded."""
    from game.engine.save import load

    path = tmp_path / "slot.json"
    path.write_bytes(json.dumps({"format": "ani-mayhem-save", "version": 3, "seed": 1,
                                 "decks": ["demo", "demo"], "options": {},
                                 "actions": []}).encode(encoding))
    with pytest.raises(LoadError) as info:
        load(path)
    assert info.value.line == 1 and "UTF-16 (without a byte order mark)" in str(info.value)
    assert str(path) in str(info.value)
