"""Read YAML files safely and point at the line of any field in them.

Only `yaml.SafeLoader` is used, and every explicit tag is refused before any
data is built, so no file can run code. The node tree is kept so that an error
can name the line of the field it is about.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import yaml

from .errors import LoadError

Key = str | int  # a mapping key or a list index


class _Loader(yaml.SafeLoader):
    """SafeLoader that also refuses tags and duplicate keys (a typo must not hide)."""

    def __init__(self, text: str, path: str):
        super().__init__(text)
        self.path = path

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        event = self.peek_event()
        if getattr(event, "tag", None) is not None:
            raise LoadError(self.path, event.start_mark.line + 1, None,
                            f"YAML tags are not allowed ({event.tag})")
        return super().compose_node(parent, index)

    def compose_mapping_node(self, anchor: str | None) -> yaml.MappingNode:
        node = super().compose_mapping_node(anchor)
        seen: set[str] = set()
        for key, _ in node.value:
            if isinstance(key, yaml.ScalarNode):
                if key.value in seen:
                    raise LoadError(self.path, key.start_mark.line + 1, key.value,
                                    "appears twice in the same map")
                seen.add(key.value)
        return node


def read_yaml(path: str | Path) -> tuple[Any, yaml.Node]:
    """The data of a one-document YAML file and its node tree (for line numbers)."""
    path = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise LoadError(path, None, None, f"cannot be read: {e.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise LoadError(path, raw[:e.start].count(b"\n") + 1, None,
                        "not a text file (bytes that are not UTF-8)") from None
    try:
        loader = _Loader(text, path)  # checks for control characters at once
        node = loader.get_single_node()
        if node is None:
            raise LoadError(path, 1, None, "empty file")
        return loader.construct_document(node), node
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        raise LoadError(path, mark.line + 1 if mark else None, None,
                        f"YAML syntax error: {e.problem or e.context}") from None
    except yaml.reader.ReaderError as e:  # control characters: a binary file
        raise LoadError(path, text[:e.position].count("\n") + 1, None,
                        f"not a text file (character #x{e.character:04x})") from None
    except RecursionError:
        raise LoadError(path, None, None, "nested too deeply") from None


def line_at(node: yaml.Node, *keys: Key) -> int:
    """1-based line of the field at `keys` below `node`, e.g. (3, "abilities", "attack").

    A mapping key gives the line of the key itself; a key that is missing gives
    the line of the nearest parent that exists.
    """
    line = node.start_mark.line + 1
    for key in keys:
        if isinstance(node, yaml.MappingNode):
            pair = next(((k, v) for k, v in node.value
                         if isinstance(k, yaml.ScalarNode) and k.value == str(key)), None)
            if pair is None:
                break
            line, node = pair[0].start_mark.line + 1, pair[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) \
                and 0 <= key < len(node.value):
            node = node.value[key]
            line = node.start_mark.line + 1
        else:
            break
    return line


def yaml_files(paths: str | Path | Iterable[str | Path], recursive: bool = True) -> list[Path]:
    """The files named, and every `*.yaml` in the folders named, sorted for a stable order."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files += sorted(path.rglob("*.yaml") if recursive else path.glob("*.yaml"))
        elif path.is_file():
            files.append(path)
        else:
            raise LoadError(str(path), None, None, "no such file or folder")
    return files


class Place:
    """A spot in a file: typed reads that raise LoadError at the line of a key path.

    The field named in an error is the path's keys joined with '.'; list
    indexes only choose the line.
    """

    def __init__(self, path: str, root: yaml.Node, *base: Key):
        self.path, self.root, self.base = path, root, base

    def at(self, *keys: Key) -> Place:
        return Place(self.path, self.root, *self.base, *keys)

    def line(self, *keys: Key) -> int:
        return line_at(self.root, *self.base, *keys)

    def fail(self, message: str, *keys: Key) -> NoReturn:
        names = [k for k in self.base + keys if isinstance(k, str)]
        raise LoadError(self.path, self.line(*keys), ".".join(names) or None, message)

    def mapping(self, value: Any, *keys: Key) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(f"must be a map of names to values, not {_kind(value)}", *keys)
        for key in value:
            if isinstance(key, bool):
                # YAML 1.1 reads a bare on/off/yes/no as true/false, so `on:` is lost.
                self.fail(f"a name was read as {str(key).lower()}: write it in quotes, "
                          f'e.g. "on": play', *keys)
            if not isinstance(key, str):
                self.fail(f"names must be text, not {_kind(key)} ({key!r})", *keys)
        return value

    def fields(self, data: dict[str, Any], allowed: Sequence[str],
               required: Iterable[str] = ()) -> None:
        for key in data:
            if key not in allowed:
                near = difflib.get_close_matches(key, allowed, n=1)
                hint = f"did you mean {near[0]!r}?" if near else f"known: {', '.join(allowed)}"
                self.fail(f"unknown field ({hint})", key)
        for key in required:
            if key not in data:
                self.fail("missing; this field is required", key)

    def text(self, value: Any, *keys: Key, empty: bool = False) -> str:
        if not isinstance(value, str):
            self.fail(f"must be text, not {_kind(value)}", *keys)
        if not empty and not value.strip():
            self.fail("must not be empty", *keys)
        return value

    def texts(self, value: Any, *keys: Key) -> tuple[str, ...]:
        if not isinstance(value, list):
            self.fail(f"must be a list, not {_kind(value)}", *keys)
        return tuple(self.text(item, *keys, i) for i, item in enumerate(value))

    def whole(self, value: Any, *keys: Key, least: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(f"must be a whole number, not {_kind(value)}", *keys)
        if least is not None and value < least:
            self.fail(f"must be at least {least}, not {value}", *keys)
        return value

    def flag(self, value: Any, *keys: Key) -> bool:
        if not isinstance(value, bool):
            self.fail(f"must be true or false, not {_kind(value)}", *keys)
        return value

    def choice(self, value: Any, options: Sequence[str], *keys: Key) -> str:
        if value not in options:
            self.fail(f"must be one of {', '.join(options)}, not {value!r}", *keys)
        return value


def _kind(value: Any) -> str:
    """How an error names a wrong value, e.g. "a number (2)"."""
    if value is None:
        return "nothing"
    if isinstance(value, (dict, list)):
        return "a map" if isinstance(value, dict) else "a list"
    names = {bool: "true/false", int: "a number", float: "a number", str: "text"}
    return f"{names.get(type(value), type(value).__name__)} ({value!r})"
