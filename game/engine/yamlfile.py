"""Read YAML files safely and point at the line of any field in them.

Only `yaml.SafeLoader` is used, and every explicit tag is refused before any
data is built, so no file can run code. The node tree is kept so that an error
can name the line of the field it is about.

What is read is bounded, each bound refused in one line naming the file and line
(docs/card-format.md, Limits): the file (a regular file of at most
MAX_YAML_BYTES, read through files.read_bytes), its nesting (MAX_DEPTH), the
values it stands for once every alias is expanded (MAX_NODES: a 1 KB "billion
laughs" of nested aliases is refused at the alias that crosses the bound, before
anything is built), the length of any one value (MAX_SCALAR_CHARS) and of a key
(YAML's own MAX_KEY_CHARS, said as such), and the fields' own limits (Place.text's
and Place.whole's).
"""
from __future__ import annotations

import datetime
import difflib
import fnmatch
import math
import os
import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import yaml

from .errors import LoadError
from .files import MB, kind_of, line_of, not_utf8, other_encoding, read_bytes, size_text

Key = str | int  # a mapping key or a list index

# A card, deck or level file: the shipped card files are 3 to 17 KB, a deck 2 KB.
# Reading is linear in the size, about 4 s per MB with PyYAML's pure-Python loader.
MAX_YAML_BYTES = 1 * MB
MAX_DEPTH = 20  # the shipped files nest 8 deep (cards > card > effects > effect > do > step > ...)
# Values, aliases expanded: a 1 MB file of real cards holds about 95,000 to 110,000.
# Parsing is about 20 microseconds a value: a 1 MB level of 240,000 tiny values took
# validate 11 s (it parses a level or deck twice: to tell what it is, then to check it).
MAX_NODES = 150_000
MAX_SCALAR_CHARS = 10_000  # any one value; the fields' own limits are lower (Place.text)
MAX_KEY_CHARS = 1024  # YAML's own bound on a key written on its line, up to its ':'
MAX_FILES = 1000  # YAML files under one folder
# Their bytes together: each file is bounded (MAX_YAML_BYTES), but a folder of 1,000 files
# of 1 MB each was a gigabyte for the cards' loader to parse, an hour at 4 s a MB, and
# gigabytes kept. The shipped cards folder, the largest, holds 72 KB.
MAX_FOLDER_BYTES = 4 * MB
MAX_FOLDER_DEPTH = 32  # folders below one named; the shipped ones hold none
SHORT_TEXT = 80  # ids, names, categories, skill names: the longest shipped is 38
LONG_TEXT = 1000  # a card's text, a level's description: the longest shipped is 231
MAX_NUMBER = 99  # abilities, counts, copies, turns: the largest shipped is 8
# A double-quoted YAML string may spell any code point as an escape. A lone surrogate
# ("\ud800") is half of a character: nothing can print or draw it. Control characters
# break a name's line or recolour a terminal, and NUL is refused by pygame's fonts; a
# long text (a card's, a description) may hold line breaks and tabs.
_SURROGATE = re.compile(r"[\ud800-\udfff]")
# The bidirectional controls (U+202A to U+202E, U+2066 to U+2069, the marks) turn the
# rest of a terminal's line around ("Trojan Source"): an id or a name holding one made
# validate's and simulate's lines read otherwise than they are, and no font draws them.
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_CONTROL = re.compile(rf"[\x00-\x1f\x7f-\x9f\u2028\u2029{_BIDI}]")
_INT = "tag:yaml.org,2002:int"
_MERGE = "tag:yaml.org,2002:merge"  # the key << (a plain one, not "<<")
# PyYAML's words for a tab where a token may begin (indenting, after "- " or ": "), which
# said nothing of a tab to whoever cannot see one in their editor.
_TAB_ERROR = "found character '\\t' that cannot start any token"
# A byte order mark beginning a line below the first (two files joined, the second
# saved by Notepad; or pasted) is unseen, and YAML reads it as text: an indented one
# was "could not find expected ':'" at the line after, and one before a level's key
# made the file "not a card pack, a deck or a level".
_LATE_BOM = re.compile("(?:\r\n?|[\n\x85\u2028\u2029])[ \t]*\ufeff")
_CONTROL_IN_LONG = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029{_BIDI}]")


# Format characters (a zero-width space, a joiner, a BOM, a soft hyphen), combining
# marks and unassigned code points (U+E0000 to U+E0FFF among them) take no room of
# their own: a word made only of them is drawn as nothing, and pygame refuses to draw
# it at all ("Text has zero width").
_NO_WIDTH = frozenset({"Cf", "Mn", "Me", "Cn"})


def no_width(word: str) -> bool:
    """`word` is made only of characters that take no room when drawn."""
    return all(unicodedata.category(c) in _NO_WIDTH for c in word)


class _Loader(yaml.SafeLoader):
    """SafeLoader that also refuses tags, duplicate keys (a typo must not hide), and
    files past the bounds above."""

    def __init__(self, text: str, path: str):
        super().__init__(text)
        self.path = path
        self._nodes = 0  # values so far, each alias counted as the values it stands for
        # Per node being composed, the height of its tallest child so far: its length
        # is the depth; an alias adds the height of the value it names.
        self._open: list[int] = []
        self._named: dict[int, tuple[int, int]] = {}  # anchored node id -> (values, height)
        # Map node id -> its keys' nodes by name, merged ones too, in order (an error
        # names the first).
        self._keys: dict[int, dict[str, yaml.Node]] = {}

    def _fail(self, mark: Any, message: str) -> NoReturn:
        raise LoadError(self.path, mark.line + 1 if mark else None, None, message)

    def _add(self, values: int, height: int, mark: Any) -> None:
        """A value composed (or named by an alias) under the node being composed."""
        self._nodes += values
        if self._nodes > MAX_NODES:
            self._fail(mark, f"more than {MAX_NODES} values (aliases expanded); "
                             "a file may hold at most that many")
        if len(self._open) + height > MAX_DEPTH:
            self._fail(mark, f"nested more than {MAX_DEPTH} deep")
        if self._open:
            self._open[-1] = max(self._open[-1], height)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        event = self.peek_event()
        if getattr(event, "tag", None) is not None:
            raise LoadError(self.path, event.start_mark.line + 1, None,
                            f"YAML tags are not allowed ({event.tag})")
        if isinstance(event, yaml.AliasEvent):
            node = self.anchors.get(event.anchor)
            if node is not None:
                if id(node) not in self._named:
                    self._fail(event.start_mark, f"the alias *{event.anchor} is inside "
                                                 "the value it names (a loop)")
                self._add(*self._named[id(node)], event.start_mark)
                if index is not None:  # a value or an item, not a key
                    _elsewhere(parent, index, event.start_mark)
            return super().compose_node(parent, index)
        if isinstance(event, yaml.ScalarEvent) and len(event.value) > MAX_SCALAR_CHARS:
            self._fail(event.start_mark, f"a value of {len(event.value)} characters; "
                                         f"one value may be at most {MAX_SCALAR_CHARS}")
        if isinstance(event, yaml.ScalarEvent) and _SURROGATE.search(event.value):
            bad = _SURROGATE.search(event.value).group()
            self._fail(event.start_mark, f"{bad!r} is half of a character (a lone "
                                         "surrogate), not text")
        if len(self._open) >= MAX_DEPTH:
            self._fail(event.start_mark, f"nested more than {MAX_DEPTH} deep")
        before = self._nodes
        self._open.append(0)
        node = super().compose_node(parent, index)
        height = 1 + self._open.pop()
        self._add(1, height, event.start_mark)
        if event.anchor is not None:
            self._named[id(node)] = (self._nodes - before, height)
        return node

    def stale_possible_simple_keys(self) -> None:
        """YAML reads a key written on its line (`name: x`) only up to MAX_KEY_CHARS:
        past that it is no key, and the ':' after it was "mapping values are not allowed
        here" or "could not find expected ':'". A key that long, begun where a key may
        be and followed by its ':', is refused as what it is."""
        key = self.possible_simple_keys.get(self.flow_level)  # the innermost: "[" can be one
        if key is not None and key.line == self.line and self.index - key.index > MAX_KEY_CHARS:
            self._long_key(key)
        super().stale_possible_simple_keys()

    def _long_key(self, key: Any) -> None:
        """The LoadError for a simple key too long, if `key` is one (a long value is
        not: no ':' follows it, or it does not begin where a key may)."""
        ahead = 0
        while self.peek(ahead) in " \t":
            ahead += 1
        after = self.peek(ahead + 1)
        if self.peek(ahead) != ":" or not (self.flow_level or after in "\0 \t\r\n\x85\u2028\u2029"):
            return
        before = self.buffer[key.index - key.column:key.index]  # the text is one string
        if not (re.fullmatch(r"(?:[ \t]*[-?](?=[ \t]))*[ \t]*", before)
                or self.flow_level and before.rstrip()[-1:] in ("{", "[", ",")):
            return
        written = self.buffer[key.index:self.index + ahead]  # to its ':'
        self._fail(key.mark, f"a key of {len(written):,} characters ({shown(written, 30)}); "
                             f"YAML reads a key of at most {MAX_KEY_CHARS:,}")

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """A value built from its node; one YAML cannot build (a date such as
        2001-02-30) is refused at its own line."""
        try:
            return super().construct_object(node, deep)
        except ValueError as e:
            what = shown(node.value) if isinstance(node, yaml.ScalarNode) else "a value"
            self._fail(node.start_mark, f"{what} cannot be read: {e}")

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        """A whole number; one YAML reads otherwise than it is written is refused (a map's
        value is refused as it is composed, naming its key: compose_mapping_node)."""
        if _too_many_digits(node.value):
            self._fail(node.start_mark, _too_long(node.value))
        value = super().construct_yaml_int(node)
        misread = _misread(node.value, value)
        if misread:
            self._fail(node.start_mark, misread)
        return value

    def compose_mapping_node(self, anchor: str | None) -> yaml.MappingNode:
        node = super().compose_mapping_node(anchor)
        seen: set[str] = set()
        merges = []
        for key, value in node.value:
            if isinstance(value, yaml.ScalarNode) and value.tag == _INT:
                if _too_many_digits(value.value):
                    raise LoadError(self.path, value.start_mark.line + 1, None,
                                    _too_long(value.value))
                misread = _misread(value.value, super().construct_yaml_int(value))
                if misread and isinstance(key, yaml.ScalarNode):
                    raise LoadError(self.path, value.start_mark.line + 1, key.value, misread)
            if isinstance(key, yaml.ScalarNode):
                if key.value in seen:
                    raise LoadError(self.path, key.start_mark.line + 1, key.value,
                                    "appears twice in the same map")
                seen.add(key.value)
                if key.tag == _MERGE:
                    merges.append((key, value))
        # A merge (<<: *base) gives keys as well, and YAML keeps one of two silently.
        keys = {k.value: k for k, _ in node.value
                if isinstance(k, yaml.ScalarNode) and k.tag != _MERGE}
        for key, value in merges:
            for merged in value.value if isinstance(value, yaml.SequenceNode) else [value]:
                for name, merged_key in self._keys.get(id(merged), {}).items():
                    if name in keys:
                        raise LoadError(self.path, key.start_mark.line + 1, name,
                                        "appears twice in the same map (once through <<)")
                    keys[name] = merged_key
                    _elsewhere(node, merged_key, key.start_mark)
        self._keys[id(node)] = keys
        return node


_Loader.add_constructor(_INT, _Loader.construct_yaml_int)
# A bare "=" is YAML 1.1's "value" key, which no safe loader builds: `text: =` was "could
# not determine a constructor for the tag 'tag:yaml.org,2002:value'". It is the text "=".
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in found if tag != "tag:yaml.org,2002:value"]
    for first, found in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def _misread(written: str, value: int) -> str | None:
    """Why a whole number YAML 1.1 read as `value` is not what `written` says, or None:
    a leading 0 is octal (010 is 8; 07 is 7 in either base) and colons count in base 60
    (1:30 is 90). Forms that say their base (0x10, 0b11) and 1_000 are read as written."""
    digits = written.replace("_", "").lstrip("+-")
    what = written if len(written) <= 24 else shown(written, 24)
    if ":" in digits:
        return f"{what} is read by YAML as {_number(value)} (base 60): write that, or quote it"
    if digits[:1] == "0" and digits[1:2].isdigit() and len(digits.lstrip("0")) > 1:
        return f"{what} is read by YAML as {_number(value)} (octal): write it without the leading 0"
    return None


# What PyYAML was reading when the file ended (its error's context), said as what is
# not closed: its error named the file's last line, however far the opening was.
_UNCLOSED = {"while scanning a quoted scalar": "a quoted value is not closed (its closing "
                                               "quote is missing)",
             "while parsing a flow sequence": "a [ list is not closed (its ] is missing)",
             "while parsing a flow mapping": "a { map is not closed (its } is missing)",
             "while parsing a flow node": "the file ends inside a [ list or a { map (its ] or "
                                          "} is missing)"}


def _syntax(e: yaml.MarkedYAMLError) -> tuple[int | None, str]:
    """The line and words of a YAML error in a file."""
    mark = e.problem_mark or e.context_mark
    line = mark.line + 1 if mark else None
    problem = e.problem or e.context
    if mark and e.problem == _TAB_ERROR:  # an editor's tab, where YAML takes spaces only
        return line, (f"a tab at column {mark.column + 1}: YAML indents and separates with "
                      "spaces only (replace it with spaces)")
    if e.context in _UNCLOSED and e.context_mark and e.problem \
            and ("end of stream" in e.problem or "<stream end>" in e.problem):
        return e.context_mark.line + 1, f"YAML syntax error: {_UNCLOSED[e.context]}"
    if e.problem and e.problem.startswith("but ") and e.context:
        # Half of a sentence alone: "but found another document" (a second '---').
        problem = f"{e.context}, {e.problem}"
    opened = {"while parsing a flow sequence": "[", "while parsing a flow mapping": "{"}
    if e.context in opened and e.context_mark and mark and e.context_mark.line != mark.line:
        # "expected ',' or ']'" lines below its '[': the one left open, most likely
        problem += f" (inside the {opened[e.context]} of line {e.context_mark.line + 1}: " \
                   "is it closed?)"
    return line, f"YAML syntax error: {problem}"


def read_yaml(path: str | Path) -> tuple[Any, yaml.Node]:
    """The data of a one-document YAML file and its node tree (for line numbers)."""
    path = str(path)
    raw = read_bytes(path, MAX_YAML_BYTES, "card, deck or level file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise not_utf8(path, raw, e.start) from None
    late_bom = _LATE_BOM.search(text)
    if late_bom:
        raise LoadError(path, line_of(text, late_bom.end() - 1), None,
                        "a byte order mark (U+FEFF, unseen) begins this line; only a file's "
                        "first character may be one (two files joined?): delete it")
    try:
        loader = _Loader(text, path)  # checks for control characters at once
        node = loader.get_single_node()
        if node is None:
            raise LoadError(path, 1, None, "empty file")
        return loader.construct_document(node), node
    except yaml.MarkedYAMLError as e:
        line, said = _syntax(e)
        raise LoadError(path, line, None, said) from None
    except yaml.reader.ReaderError as e:  # control characters: a binary file
        raise other_encoding(path, raw) or LoadError(path, line_of(text, e.position), None,
                        f"not a text file (character #x{e.character:04x})") from None
    except RecursionError:  # not expected below MAX_DEPTH; never a traceback
        raise LoadError(path, None, None, "nested too deeply") from None
    except ValueError as e:  # an escape the scanner cannot build ("\\U00110000"): where it is
        raise LoadError(path, loader.line + 1, None, f"a value YAML cannot read ({e})") from None
    except OverflowError:  # "\\UFFFFFFFF": past a C int, chr() overflows instead
        raise LoadError(path, loader.line + 1, None, "a value YAML cannot read (an "
                        "escape past the last character, \\U0010ffff)") from None


def other_kind(data: Any, wanted: str) -> str | None:
    """What a file read where `wanted` ("level" or "deck") was expected is instead, in
    words, if it is plainly another of the game's files; None otherwise. A deck given
    as --level was "starting_characters: unknown field", a save "format: unknown
    field", a card pack "must be a map of names to values, not a list"."""
    if isinstance(data, list) and data and all(isinstance(c, dict) and "type" in c
                                               for c in data[:3]):
        kind = "a card pack"
    elif isinstance(data, dict) and data.get("format") == "ani-mayhem-save":
        kind = "a saved game"
    elif isinstance(data, dict) and "starting_characters" in data and "decks" not in data:
        kind = "a deck"
    elif isinstance(data, dict) and "decks" in data and "starting_characters" not in data:
        kind = "a level"
    else:
        return None
    return None if kind == f"a {wanted}" else f"{kind}, not a {wanted}"


def _too_long(written: str) -> str:
    """What is said of a whole number too long for Python to read."""
    digits = len(re.sub(r"[^0-9]", "", written))
    many = f" of {digits:,} digits" if digits else ""
    return f"a number{many}, too long to be read (no number of a card, deck or level " \
           "has more than 4 digits)"


def _too_many_digits(written: str) -> bool:
    """Whether a whole number YAML would build has more digits than Python reads
    (sys.get_int_max_str_digits(): its ValueError told a player to call
    sys.set_int_max_str_digits(), at the file's last line)."""
    digits = written.replace("_", "").lstrip("+-")
    if ":" in digits or digits[:1] == "0":  # base 60, or 0x, 0b, octal: read without it
        return False
    return len(digits) > sys.get_int_max_str_digits()


def _elsewhere(parent: yaml.Node, index: Any, mark: Any) -> None:
    """What lies under `index` of `parent` (a map's key node, a list's position) is
    written elsewhere, an alias's anchor or a merged map: an error in it is said at
    `mark`, where this map or list takes it (line_at)."""
    if not hasattr(parent, "elsewhere"):
        parent.elsewhere = {}
    parent.elsewhere[id(index) if isinstance(index, yaml.Node) else index] = mark.line + 1


def node_at(node: yaml.Node, *keys: Key) -> yaml.Node | None:
    """The node at `keys` below `node` (as line_at finds it), None where there is none."""
    for key in keys:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value
                         if isinstance(k, yaml.ScalarNode) and k.value == str(key)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) \
                and 0 <= key < len(node.value):
            node = node.value[key]
        else:
            return None
        if node is None:
            return None
    return node


def line_at(node: yaml.Node, *keys: Key) -> int:
    """1-based line of the field at `keys` below `node`, e.g. (3, "abilities", "attack").

    A mapping key gives the line of the key itself; a key that is missing gives
    the line of the nearest parent that exists. Below an alias (`effects: *fx`) or a
    key merged in (`<<: *base`), the line of the alias or the `<<`: the anchor's own
    lines are another card's, which may be right where this one is wrong.
    """
    line = node.start_mark.line + 1
    for key in keys:
        elsewhere = getattr(node, "elsewhere", {})
        if isinstance(node, yaml.MappingNode):
            pair = next(((k, v) for k, v in node.value
                         if isinstance(k, yaml.ScalarNode) and k.value == str(key)), None)
            if pair is None:
                break
            line, node, there = pair[0].start_mark.line + 1, pair[1], elsewhere.get(id(pair[0]))
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) \
                and 0 <= key < len(node.value):
            node, there = node.value[key], elsewhere.get(key)
            line = node.start_mark.line + 1
        else:
            break
        if there is not None:
            return there
    return line


def yaml_files(paths: str | Path | Iterable[str | Path], recursive: bool = True,
               passed: list[Path] | None = None) -> list[Path]:
    """The files named, and every `*.yaml` in the folders named, sorted for a stable order;
    the files in them named as YAML but not read (x.yml, x.YAML) are added to `passed`.

    A path that is neither a folder nor a regular file (a FIFO, a device, a link that
    loops) is refused saying what it is; a file inside a folder is checked when read."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    files: list[Path] = []
    for given in paths:
        if not str(given):  # Path("") is ".": `validate ""` checked the folder it ran in
            raise LoadError("", None, None, "no such file or folder")
        path = Path(given)
        if kind_of(path) == "folder":
            files += sorted(_listed(path, recursive, passed))
        else:
            files.append(path)
    return files


def game_files(paths: str | Path | Iterable[str | Path], recursive: bool = True) -> list[Path]:
    """yaml_files, for the game's own loaders of cards, decks and levels: a file in a
    folder named as YAML but not read (x.yml, x.YAML) is refused in one line naming it.
    Passed over, a deck saved as .yml was missing from New game without a word (only
    `validate` named it)."""
    passed: list[Path] = []
    files = yaml_files(paths, recursive, passed)
    if passed:
        first = min(passed)
        raise LoadError(str(first), None, None, f"not read: only *.yaml files are read "
                                                f"(rename it {first.stem}.yaml)")
    return files


def _listed(folder: Path, recursive: bool, passed: list[Path] | None = None) -> list[Path]:
    """Every `*.yaml` in `folder` (and below it if `recursive`; links to folders are not
    followed, and one named x.yaml is read, so refused; hidden files and folders, named
    from a '.', are not read); LoadError for a folder that cannot be listed: pathlib's
    glob and rglob passed over one they may not read in silence (validate said "all
    well" of files it never read), and rglob recursed once a folder (1,000 deep was a
    RecursionError); LoadError past MAX_FILES or MAX_FOLDER_BYTES."""
    found: list[Path] = []
    size = 0  # of the files found, as listed (each is checked again when it is read)
    todo = [(folder, 0)]
    while todo:
        top, depth = todo.pop()
        if depth > MAX_FOLDER_DEPTH:
            raise LoadError(str(folder), None, None, f"folders nested too deeply (more than "
                                                     f"{MAX_FOLDER_DEPTH} below it)")
        try:
            with os.scandir(top) as entries:
                for entry in entries:
                    if entry.name.startswith("."):
                        # Hidden, as `ls` and glob leave it: Emacs's lock of a file being
                        # edited (.#demo.yaml, a link to nothing) and macOS's ._demo.yaml
                        # (binary) made every deck's loading refuse, and every game.
                        continue
                    inside = entry.is_dir(follow_symlinks=False)
                    if inside and recursive:
                        todo.append((Path(entry.path), depth + 1))
                    elif not inside and fnmatch.fnmatch(entry.name, "*.yaml"):
                        found.append(Path(entry.path))
                        size += _size(entry)
                    elif not inside and passed is not None \
                            and os.path.splitext(entry.name)[1].lower() in (".yaml", ".yml"):
                        passed.append(Path(entry.path))
        except OSError as e:
            raise LoadError(e.filename or str(top), None, None,
                            f"cannot be listed: {e.strerror or e}") from None
        if len(found) > MAX_FILES:
            raise LoadError(str(folder), None, None,
                            f"more than {MAX_FILES} .yaml files in this folder")
        if size > MAX_FOLDER_BYTES:
            raise LoadError(str(folder), None, None,
                            f"its .yaml files hold more than {size_text(MAX_FOLDER_BYTES)} "
                            f"together; the files of one folder may hold at most that")
    return found


def _size(entry: os.DirEntry) -> int:
    """The bytes of a file listed: 0 for one that is not there to read (a link to
    nothing, a FIFO), which reading it says."""
    try:
        return entry.stat().st_size if entry.is_file() else 0
    except OSError:
        return 0


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
                self.fail(f"names must be text, not {_kind(key)}", *keys)
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

    def text(self, value: Any, *keys: Key, empty: bool = False,
             longest: int = SHORT_TEXT) -> str:
        if not isinstance(value, str):
            self.fail(self._unquoted(value, keys) or f"must be text, not {_kind(value)}", *keys)
        if not empty and not value.strip():
            self.fail("must not be empty", *keys)
        if len(value) > longest:
            self.fail(f"{len(value)} characters; at most {longest}", *keys)
        bad = (_CONTROL_IN_LONG if longest > SHORT_TEXT else _CONTROL).search(value)
        if bad:
            self.fail(f"a control character ({bad.group()!r}) in {shown(value)}", *keys)
        blank = next((w for w in value.split() if no_width(w)), None)
        if blank is not None:
            self.fail(f"{shown(blank)} is made of characters of no width: it cannot be "
                      "drawn", *keys)
        return value

    def _unquoted(self, value: Any, keys: tuple[Key, ...]) -> str:
        """For text YAML 1.1 read as something else (a name On, No or Null, a date, 12):
        what was written, and to quote it. "must be text, not true/false (True)" named
        a word the file never held."""
        node = node_at(self.root, *self.base, *keys)
        if isinstance(value, (dict, list)) or not isinstance(node, yaml.ScalarNode) \
                or node.style is not None or not node.value:
            return ""
        written = shown(node.value, 40)[1:-1]
        read = "nothing" if value is None else str(value).lower() \
            if isinstance(value, bool) else _kind(value).split(" (")[0]
        return f"must be text: {written} is read by YAML as {read}; write it in quotes, " \
               f"\"{written}\""

    def texts(self, value: Any, *keys: Key) -> tuple[str, ...]:
        if not isinstance(value, list):
            self.fail(f"must be a list, not {_kind(value)}", *keys)
        return tuple(self.text(item, *keys, i) for i, item in enumerate(value))

    def whole(self, value: Any, *keys: Key, least: int | None = None,
              most: int = MAX_NUMBER) -> int:
        """A whole number from `least` (None: -most) to `most`."""
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(f"must be a whole number, not {_kind(value)}", *keys)
        low = -most if least is None else least
        if value < low:
            self.fail(f"must be at least {low}, not {_number(value)}", *keys)
        if value > most:
            self.fail(f"must be at most {most}, not {_number(value)}", *keys)
        return value

    def flag(self, value: Any, *keys: Key) -> bool:
        if not isinstance(value, bool):
            self.fail(f"must be true or false, not {_kind(value)}", *keys)
        return value

    def choice(self, value: Any, options: Sequence[str], *keys: Key) -> str:
        if value not in options:
            self.fail(f"must be one of {', '.join(options)}, not {shown(value)}", *keys)
        return value


def _number(n: int) -> str:
    """A number for a message: a huge one is not printed in full."""
    if abs(n) < 10 ** 12:
        return str(n)
    # str() refuses past 4,300 digits, and a hex or sexagesimal YAML value (0xfff...,
    # 59:59:...) is built without it: count from the bits instead (exact to one digit).
    digits = len(str(abs(n))) if n.bit_length() < 14_000 else \
        int(n.bit_length() * math.log10(2)) + 1
    return f"a number of {digits} digits"


def _kind(value: Any) -> str:
    """How an error names a wrong value, e.g. "a number (2)"."""
    if value is None:
        return "nothing"
    if isinstance(value, (dict, list)):
        return "a map" if isinstance(value, dict) else "a list"
    if isinstance(value, datetime.date):  # YAML reads 2001-02-03 as one
        return f"a date ({value})"
    names = {bool: "true/false", int: "a number", float: "a number", str: "text"}
    return f"{names.get(type(value), type(value).__name__)} ({shown(value)})"


def shown(value: Any, longest: int = 60) -> str:
    """repr(value), cut short: an error line stays one short line."""
    if isinstance(value, (dict, list)):
        return "a map" if isinstance(value, dict) else "a list"
    if isinstance(value, int) and not isinstance(value, bool):
        return _number(value)
    if isinstance(value, datetime.date):  # repr: datetime.date(2001, 2, 3)
        return str(value)
    text = repr(value)
    return text if len(text) <= longest else text[:longest - 3] + "..."
