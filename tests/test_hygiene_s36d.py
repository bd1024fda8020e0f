"""What a reader of the docs relies on holds in the code (the next engineer's afternoon):
every `python main.py` command the README and docs/ show exists with the options they
give it, and the package's imports follow ARCHITECTURE.md's arrows with no circle."""
from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

import pytest

from conftest import parsed
from game.cli import build_parser
from test_hygiene import cycles

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


# The commands the docs show ----------------------------------------------------------

def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


SHELL = {"||", "&&", "|", ";"}  # where a shell line's `python main.py ...` ends


def shown_commands(text: str) -> list[tuple[int, str, list[str], list[str]]]:
    """(line, command, options, words) of each `python main.py ...` a document shows, a
    code span wrapped across lines too (its line: where it begins). A README table row
    names its command once and its options in the row's other code spans."""
    out, lines = [], text.split("\n")
    for m in re.finditer(r"`([^`]*)`", text):
        words = m.group(1).split()
        at = next((i for i in range(len(words) - 1)
                   if words[i:i + 2] == ["python", "main.py"]), None)
        if at is None:
            continue
        words = words[at + 2:]
        words = words[:next((i for i, w in enumerate(words) if w in SHELL), len(words))]
        command = words[0] if words and not words[0].startswith("-") else ""
        options = [w for w in words if w.startswith("--")]
        n = text.count("\n", 0, m.start()) + 1
        row, column = lines[n - 1], m.start() - text.rfind("\n", 0, m.start()) - 1
        if row.startswith("|") and row.index("`") == column:
            # the row's first span: the row's other spans are its options
            options += [w for s in re.findall(r"`([^`]*)`", row)[1:] for w in s.split()
                        if w.startswith("--")]
        out.append((n, command, options, words))
    return out


def read_by(p: argparse.ArgumentParser, option: str) -> set[str] | None:
    """The kinds (bench's `what`) reading an option whose help begins "render: ..." or
    "engine, regret, digest: ..."; None: every kind."""
    action = p._option_string_actions[option]
    kinds = [a.choices for a in p._actions if not a.option_strings and a.choices]
    named = set(re.split(r",\s*", (action.help or "").partition(":")[0]))
    return named if kinds and named <= set(kinds[0]) else None


def unknown(text: str, parser: argparse.ArgumentParser) -> list[str]:
    """What the document shows that the parser does not have, in words."""
    found, subs = [], commands(parser)
    for n, command, options, words in shown_commands(text):
        if command == "":
            continue  # `python main.py` alone: the window
        if command not in subs:
            found.append(f"line {n}: no command {command!r}")
            continue
        p = subs[command]
        known = set(p._option_string_actions)
        found += [f"line {n}: {command} has no {o}" for o in options
                  if o.split("=")[0] not in known]
        choices = [a.choices for a in p._actions if not a.option_strings and a.choices]
        if choices and len(words) > 1 and not words[1].startswith(("-", ".")):
            kind = words[1]
            if kind not in choices[0]:
                found.append(f"line {n}: {command} has no {kind!r}")
                continue
            found += [f"line {n}: {command} {kind} reads no {o}" for o in options
                      if o.split("=")[0] in known
                      and kind not in (read_by(p, o.split("=")[0]) or {kind})]
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_the_docs_show_exists_with_its_options(doc):
    assert unknown(doc.read_text(encoding="utf-8"), build_parser()) == []


def test_the_command_check_finds_a_wrong_command_option_or_choice():
    """The check can fail: a command, an option or a bench kind that is not there, an
    option the bench kind shown does not read, a command wrapped across lines."""
    text = ("| `python main.py simulate --games 2` | plays (`--swap`, `--fast`) |\n"
            "Run `python main.py bench speed` or `python main.py juggle`.\n"
            "`python main.py` alone, `python main.py bench digest --level L`.\n"
            "See `python main.py screenshot --level L\n--actions 3 --fast` and\n"
            "`until python main.py booth --slow || sleep 2` and `python\nmain.py "
            "bench render --level L --frames 9`.\n")
    assert unknown(text, build_parser()) == [
        "line 1: simulate has no --fast", "line 2: bench has no 'speed'",
        "line 2: no command 'juggle'", "line 4: screenshot has no --fast",
        "line 6: booth has no --slow", "line 6: bench render reads no --level"]


# Imports: the arrows of ARCHITECTURE.md, and no circle -------------------------------

GAME = ROOT / "game"


def game_imports(root: Path = GAME) -> dict[str, set[str]]:
    """Module (dotted, under game) -> the game modules it imports when it is loaded.
    Left out: an import inside a function (the window's scenes open one another that
    way, Title -> New game -> Title, a circle that waits for a click, not for loading)
    and one under `if TYPE_CHECKING` (for annotations: App <-> Booth)."""
    names = {".".join(p.relative_to(root.parent).with_suffix("").parts).removesuffix(
        ".__init__"): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps: set[str] = set()
        for node in parsed(path).body:  # each file parsed once a worker (conftest)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                body = node.orelse  # names for annotations only, never loaded
            elif isinstance(node, (ast.If, ast.Try)):
                body = node.body + node.orelse + getattr(node, "finalbody", [])
            else:
                body = [node]
            for n in body:
                if isinstance(n, ast.Import):
                    targets = [a.name for a in n.names]
                elif isinstance(n, ast.ImportFrom):
                    base = n.module or ""
                    if n.level:
                        up = package.split(".")[:len(package.split(".")) - (n.level - 1)]
                        base = ".".join(up + ([base] if base else []))
                    targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in names else base
                               for a in n.names]
                else:
                    continue
                for t in targets:
                    while t and t not in names:
                        t = t.rpartition(".")[0]
                    if t and t != name:
                        deps.add(t)
        graph[name] = deps
    return graph


def test_the_game_package_has_no_import_circle_at_module_level():
    """ARCHITECTURE.md: the window depends on the engine, never the other way; no
    module of game/ imports at load time one that imports it back."""
    assert cycles(game_imports()) == []


def wrong_arrows(graph: dict[str, set[str]]) -> list[str]:
    """Imports against ARCHITECTURE.md's arrows (game/ui -> game/engine <- game/ai)."""
    return [f"{m} imports {d}" for m, deps in sorted(graph.items()) for d in sorted(deps)
            if (m.startswith("game.engine") and d.startswith(("game.ai", "game.ui")))
            or (m.startswith("game.ai") and d.startswith("game.ui"))]


def test_the_engine_imports_neither_the_ai_nor_the_window_and_the_ai_not_the_window():
    """ARCHITECTURE.md's arrows: the AI decides from views, never from what the window
    draws; the engine knows neither."""
    assert wrong_arrows(game_imports()) == []


def test_the_import_checks_find_a_circle_and_a_wrong_arrow(tmp_path):
    """The checks can fail: a circle through a relative import, and the AI importing
    the window."""
    pkg = tmp_path / "game"
    for sub in ("engine", "ai", "ui"):
        (pkg / sub).mkdir(parents=True)
        (pkg / sub / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "engine" / "a.py").write_text("from .b import x\n")
    (pkg / "engine" / "b.py").write_text("import game.engine.a\n")
    (pkg / "ai" / "c.py").write_text("from ..ui import widgets\n")
    (pkg / "ui" / "widgets.py").write_text("")
    graph = game_imports(pkg)
    assert cycles(graph) == [["game.engine.a", "game.engine.b"]]
    assert wrong_arrows(graph) == ["game.ai.c imports game.ui.widgets"]
