"""Hostile input, the s30h pass: what a sweep of every reader (levels, cards, decks,
saves, settings, cardstats logs; empty, binary, UTF-16, bombs, tags, wrong types at
every field, truncations, FIFOs, folders, links) still found wrong after
tests/test_hostile.py and tests/test_hostile_s28c.py: a folder of nothing said to be
"all well", a line whose field could not be read, and a settings file lost."""
from __future__ import annotations

import io
import os
from contextlib import redirect_stderr, redirect_stdout

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import cli  # noqa: E402


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


# validate: a folder given that holds nothing it reads ---------------------------------------

@pytest.mark.parametrize("names", [[], ["level.yml", "deck.YAML", "notes.txt"]],
                         ids=["empty", "other-extensions"])
def test_a_folder_of_no_yaml_file_given_to_validate_is_said(tmp_path, names, root):
    """validate FOLDER read every `*.yaml` in it, and of a folder holding none (empty, or
    a level saved as .yml) said 'all well' with exit 0: files it never read were taken
    as checked (docs/card-format.md, Limits: every file named is read or refused)."""
    folder = tmp_path / "mine"
    folder.mkdir()
    for name in names:
        (folder / name).write_text((root / "levels" / "quick_demo.yaml").read_text())
    code, out, err = run("validate", str(folder))
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1 and err.startswith(f"error: {folder}: "), err
    assert "no .yaml file" in err, err
