"""The engine and the AI stay pure (ARCHITECTURE.md, Tests): no pygame, and no
chance but the state's own `random.Random` (R13). `import random` is fine for
`random.Random` only."""
from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = [ROOT / "game" / "engine", ROOT / "game" / "ai"]
ALLOWED_FROM_RANDOM = {"Random"}


def sources() -> list[Path]:
    files = sorted(p for folder in PURE for p in folder.rglob("*.py"))
    assert len(files) > 10, f"the engine's sources were not found under {PURE}"
    return files


def problems(source: str, name: str = "<source>") -> list[str]:
    """pygame imports and uses of the global random module's functions, in words."""
    tree = ast.parse(source, filename=name)
    out: list[str] = []
    aliases: set[str] = set()  # names the random module is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                root = a.name.split(".")[0]
                if root == "pygame" or root == "pygame_gui":
                    out.append(f"{name}:{node.lineno}: imports {a.name}")
                if a.name == "random":
                    aliases.add(a.asname or "random")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            root = node.module.split(".")[0]
            if root in ("pygame", "pygame_gui"):
                out.append(f"{name}:{node.lineno}: imports from {node.module}")
            if node.module == "random":
                for a in node.names:
                    if a.name not in ALLOWED_FROM_RANDOM:
                        out.append(f"{name}:{node.lineno}: from random import {a.name}")
        elif isinstance(node, ast.Call):
            f = node.func
            called = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if called in ("import_module", "__import__") and any(
                    isinstance(a, ast.Constant) and isinstance(a.value, str)
                    and a.value.split(".")[0] in ("pygame", "pygame_gui", "random")
                    for a in node.args):
                out.append(f"{name}:{node.lineno}: imports pygame or random dynamically")
    # Every use of the module's name must be `<alias>.Random`.
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in aliases):
            allowed.add(id(node.value))
            if node.attr not in ALLOWED_FROM_RANDOM:
                out.append(f"{name}:{node.lineno}: uses {node.value.id}.{node.attr}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in aliases and id(node) not in allowed:
            out.append(f"{name}:{node.lineno}: uses the random module itself "
                       f"(passes or stores it)")
    return out


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_pygame_and_no_global_random(path):
    assert problems(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))) == []


@pytest.mark.parametrize("code,bad", [
    ("import random\nrng = random.Random(3)\ndef f(r: random.Random): ...", False),
    ("from random import Random\nrng = Random(3)", False),
    ("import random\nrandom.shuffle(x)", True),
    ("import random\nx = random.random()", True),
    ("import random as r\nr.choice([1])", True),
    ("from random import choice", True),
    ("from random import Random, randrange", True),
    ("import random\nf(random)", True),
    ("import pygame", True),
    ("import pygame.display", True),
    ("from pygame import Rect", True),
    ("import importlib\nimportlib.import_module('pygame')", True),
    ("rng.shuffle(x)\nrng.random()", False),
])
def test_the_checker_itself(code, bad):
    """The check above finds what it must find, and nothing else."""
    assert bool(problems(textwrap.dedent(code))) == bad, problems(code)


def test_importing_the_engine_and_the_ai_does_not_import_pygame():
    code = textwrap.dedent("""
        import importlib, pkgutil, sys
        import game.engine, game.ai
        for pkg in (game.engine, game.ai):
            for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
                importlib.import_module(m.name)
        bad = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui"))
        print(",".join(bad))
    """)
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "", f"importing the engine imported {proc.stdout.strip()}"


def test_the_engine_package_alone_knows_every_effect_step():
    """A state unpickled where only `game.engine` is imported (a worker process, a
    script) runs card effects: the step kinds are filled by importing the package,
    not by whichever module happened to load the cards."""
    code = "import game.engine.effects as e; print('hold' in e.STEPS, 'modify' in e.STEPS)"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", "True"]


# No import circle in the engine (ARCHITECTURE.md, The engine) ------------------------

ENGINE = ROOT / "game" / "engine"


def engine_imports(folder: Path = ENGINE) -> dict[str, set[str]]:
    """Module -> the engine modules it imports, by every import statement in its file:
    at module level, inside functions, under `if TYPE_CHECKING`, relative or absolute."""
    names = {p.stem for p in folder.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level == 1:
                    targets = [module] if module else [a.name for a in node.names]
                elif module.startswith("game.engine"):
                    rest = module[len("game.engine"):].lstrip(".")
                    targets = [rest] if rest else [a.name for a in node.names]
                else:
                    continue
                deps.update(t.split(".")[0] for t in targets)
            elif isinstance(node, ast.Import):
                deps.update(a.name.split(".")[2] for a in node.names
                            if a.name.startswith("game.engine."))
        graph[path.stem] = deps & names - {path.stem, "__init__"}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_engine_has_no_import_circle():
    """Rules modules push decisions and call a small shared core: no module of
    game/engine imports, even inside a function, one that imports it back."""
    assert cycles(engine_imports()) == []


def test_the_engine_imports_nothing_inside_a_function():
    """An import inside a function is how a circle hides: there is none."""
    inside = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside += [f"{path.name}:{n.lineno}" for n in ast.walk(node)
                           if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert inside == []


def test_the_circle_check_finds_a_circle(tmp_path):
    """The check can fail: a circle made of an import inside a function is found."""
    (tmp_path / "a.py").write_text("from .b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    from .c import y\n")
    (tmp_path / "c.py").write_text("import game.engine.a\n")
    assert cycles(engine_imports(tmp_path)) == [["a", "b", "c"]]
