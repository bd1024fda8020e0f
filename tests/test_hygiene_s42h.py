"""The module maps the next engineer starts from (docs/engine.md, "Modules, by the
rulebook's names"; docs/ai.md, "Modules") name every module of game/engine and game/ai,
and only those: docs/ai.md had no such map, and named board.py, agent.py and
__init__.py as modules nowhere."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def mapped(text: str, heading: str) -> set[str]:
    """The modules (file stems) the first column of the table under `heading` names."""
    lines = text.split("\n")
    start = lines.index(heading)  # ValueError: the document has no such section
    names: set[str] = set()
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        if line.startswith("|") and not line.startswith("|---"):
            first = line.split("|")[1].replace("\\_", "_")
            names.update(re.findall(r"(\w+)\.py", first))
    return names


def mismatch(text: str, heading: str, folder: Path) -> list[str]:
    """What the map and the folder disagree on, in words."""
    try:
        names = mapped(text, heading)
    except ValueError:
        return [f"no section {heading!r}"]
    files = {p.stem for p in folder.glob("*.py")}
    return ([f"{m}.py is not in the map" for m in sorted(files - names)]
            + [f"{m}.py is mapped but not in {folder.name}/" for m in sorted(names - files)])


@pytest.mark.parametrize("doc,heading,folder", [
    ("docs/engine.md", "## Modules, by the rulebook's names", "game/engine"),
    ("docs/ai.md", "## Modules", "game/ai"),
])
def test_the_module_map_names_every_module_and_no_other(doc, heading, folder):
    assert mismatch((ROOT / doc).read_text(encoding="utf-8"), heading, ROOT / folder) == []


def test_the_map_check_finds_a_missing_module_a_ghost_and_no_section(tmp_path):
    """The check can fail: a module left out, one mapped that is not there (a module
    named only in the second column counts for nothing), and a document without the
    section."""
    for name in ("__init__", "a", "b"):
        (tmp_path / f"{name}.py").write_text("")
    text = ("## Modules\n\n| module | what |\n|---|---|\n| \\_\\_init\\_\\_.py, a.py | x |\n"
            "| gone.py | uses b.py |\n\n## Next\n| b.py | after the section |\n")
    assert mismatch(text, "## Modules", tmp_path) == [
        "b.py is not in the map", f"gone.py is mapped but not in {tmp_path.name}/"]
    assert mismatch("# Nothing\n", "## Modules", tmp_path) == ["no section '## Modules'"]
