"""What the engine's and the AI's readers are pointed to exists (s72, a reading of
game/engine and game/ai as the next engineer would): docs/engine.md named
`steps._who_sees_source` after it had become `targets.Ctx.who_sees_source`, and
agent.py and save.py cited an ARCHITECTURE.md the project does not have."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (ROOT / "game" / "engine", ROOT / "game" / "ai")
DOCS = (ROOT / "docs" / "engine.md", ROOT / "docs" / "ai.md")


def _defined(tree: ast.AST) -> dict[str, set[str]]:
    """Names a module defines: "" for its top level, else each class's own."""
    out: dict[str, set[str]] = {"": set()}

    def targets(node: ast.stmt) -> set[str]:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            return {node.name}
        if isinstance(node, ast.Assign):
            return {n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            return {node.target.id}
        return set()

    for node in tree.body:
        out[""] |= targets(node)
        if isinstance(node, ast.ClassDef):
            out[node.name] = set().union(*(targets(n) for n in node.body)) | {
                n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
                and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name)
                and n.value.id == "self"}
    return out


TREES = {p.stem: ast.parse(p.read_text(encoding="utf-8"))
         for d in PACKAGES for p in d.glob("*.py")}
MODULES = {name: _defined(tree) for name, tree in TREES.items()}
# A class's members include its bases' (a SeatView reads the stack as a PendingReader).
_BASES = {n.name: [b.id for b in n.bases if isinstance(b, ast.Name)]
          for tree in TREES.values() for n in tree.body if isinstance(n, ast.ClassDef)}
for _names in MODULES.values():
    for _cls in [c for c in _names if c]:
        for _base in _BASES.get(_cls, ()):
            for _other in MODULES.values():
                _names[_cls] |= _other.get(_base, set())


def _exists(dotted: str) -> bool:
    """`module.name`, `module.Class.name` or `Class.name` names something defined."""
    parts = dotted.split(".")
    if parts[0] in MODULES:
        names = MODULES[parts[0]]
        if len(parts) == 2:  # `state.pending`: a name, or a field of one of its classes
            return any(parts[1] in defined for defined in names.values())
        return parts[1] in names and parts[2] in names[parts[1]]
    return any(parts[1] in m.get(parts[0], ()) for m in MODULES.values())


def test_the_engine_and_ai_docs_name_only_what_the_code_defines():
    """Every `module.name` and `Class.name` in docs/engine.md and docs/ai.md whose first
    part is an engine or AI module or class is defined there."""
    classes = {c for m in MODULES.values() for c in m if c}
    wrong = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for dotted in re.findall(r"`([A-Za-z_]\w*(?:\.\w+){1,2})`", text):
            head = dotted.split(".")[0]
            if dotted.endswith((".py", ".md")) or (head not in MODULES and head not in classes):
                continue
            if not _exists(dotted):
                wrong.append(f"{doc.name}: `{dotted}`")
    assert not wrong, wrong


def test_the_engine_and_ai_cite_only_docs_that_exist():
    """A module's docstring or comment that sends the reader to a .md file names one the
    project has (from the repository root, or docs/ for a bare name)."""
    missing = []
    for d in PACKAGES:
        for p in sorted(d.glob("*.py")):
            for name in re.findall(r"[\w/.-]+\.md\b", p.read_text(encoding="utf-8")):
                if not ((ROOT / name).exists() or (ROOT / "docs" / name).exists()):
                    missing.append(f"{p.relative_to(ROOT)}: {name}")
    assert not missing, missing
