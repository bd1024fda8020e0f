"""Bad input (the hostile set), the s73 pass: files and arguments the earlier sets had
not tried. Each test pins the house rule: a user's mistake is one line naming what,
the file and its line, exit code 2, nothing lost or half-loaded, never a traceback."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from test_hostile import run, run_processes  # noqa: E402

from game.engine import LoadError  # noqa: E402
from game.engine.yamlfile import read_yaml  # noqa: E402


# A double-quoted escape past what any code point can be -----------------------------------

@pytest.mark.parametrize("escape", ["\\UFFFFFFFF", "\\U80000000"])
def test_an_escape_too_large_for_any_character_is_said_at_its_line(tmp_path, escape):
    """Bad input: `description: "\\UFFFFFFFF"` in a level. PyYAML builds the character
    with chr(), which raised OverflowError (not the ValueError of "\\U00110000") out
    of validate, simulate and the window as a traceback, exit code 1."""
    level = tmp_path / "level.yaml"
    level.write_text(f'name: L\ndecks: [demo]\ndescription: "{escape}"\n', encoding="utf-8")
    with pytest.raises(LoadError) as e:
        read_yaml(level)
    assert e.value.line == 3 and "cannot read" in e.value.message
    (code, out, err), = run_processes(["validate", str(level)])
    assert code == 2 and "Traceback" not in err, err
    assert err.splitlines() == [f"error: {level}:3: {e.value.message}"]
