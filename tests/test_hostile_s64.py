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
