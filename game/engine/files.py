"""The one way the game reads a file it is given: a regular file, of bounded size.

Cards, decks, levels, saves, the window's seats file and settings, and simulate
logs are all read through here (YAML then goes through yamlfile.read_yaml, JSON
through read_json). What is refused, and why, in one LoadError line:

- anything that is not a regular file: a folder, a FIFO (opening one to read would
  wait for a writer for ever), a device such as /dev/zero (endless), a socket, a
  symbolic link that loops or points nowhere, a file of /proc or /sys (regular by
  its mode, but made up by the kernel as it is read: /proc/kmsg waits for ever); the
  message says which it is; checked on the file opened, not by its name first;
- a file larger than the limit of its kind, checked before reading, and read with
  that limit, so a file that grows while it is read cannot exhaust memory;
- JSON nested deeper than a bound (json.loads would overflow the stack), with a
  number too long to be a number, or with a key twice in one object (json.loads
  keeps the last: an edit or a corruption would hide; YAML's are refused too).

What a command writes as it goes (simulate's log, its output) goes through
open_written / Written: a FIFO nobody reads is refused instead of waited on, and a
write that fails (a full disk) is one line naming the file. What is kept (saves,
settings) is written whole or not at all by write_atomic, and never over what is no
regular file (a named pipe, a device through a link): that is said, and left.
"""
from __future__ import annotations

import codecs
import contextlib
import errno
import json
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from .errors import LoadError

KB = 1024
MB = 1024 * KB
MAX_JSON_DEPTH = 32  # a save is 3 deep; settings 3

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once instead of waiting
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def size_text(n: int) -> str:
    """A byte count as people read it: 512 bytes, 64 KB, 1.5 MB."""
    if n < KB:
        return f"{n} bytes"
    if n < MB:
        return f"{n / KB:.3g} KB"
    return f"{n / MB:.3g} MB"


def _not_regular(mode: int) -> str | None:
    """What a file that is not a regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a regular file"
    return "not a regular file"


# File systems the kernel makes up as they are read: by its mode a file there is a
# regular one, but /proc/kmsg waits for the kernel's next message (for ever, read by
# `cardstats --log`), and a read of another can take what no one else then sees.
KERNEL_FILE_SYSTEMS = frozenset({
    "proc", "sysfs", "debugfs", "tracefs", "securityfs", "configfs", "cgroup", "cgroup2",
    "pstore", "bpf", "efivarfs", "fusectl", "selinuxfs", "binfmt_misc", "rpc_pipefs"})


@lru_cache(maxsize=64)
def _file_system(device: int) -> str:
    """The type of the file system mounted from `device` (st_dev), from the mount table
    of Linux ("" where there is none to read)."""
    wanted = f"{os.major(device)}:{os.minor(device)}"
    with contextlib.suppress(OSError, UnicodeDecodeError):
        with open("/proc/self/mountinfo", encoding="utf-8") as table:
            for line in table:  # "22 27 0:21 / /proc rw,relatime - proc proc rw"
                fields, _, rest = line.partition(" - ")
                ids = fields.split()
                if len(ids) > 2 and ids[2] == wanted and rest:
                    return rest.split()[0]
    return ""


def not_plain(st: os.stat_result) -> str | None:
    """What a file that is no file of text on a disk is, in words; None for one that is:
    no regular file (_not_regular), or one the kernel makes up as it is read."""
    problem = _not_regular(st.st_mode)
    if problem is None and hasattr(os, "major"):
        kind = _file_system(st.st_dev)
        if kind in KERNEL_FILE_SYSTEMS:
            problem = f"a file the kernel makes up as it is read (on {kind}), not a regular file"
    return problem


def os_problem(path: str, e: OSError) -> str:
    """An OSError from opening or statting `path`, in words that are true."""
    if e.errno == errno.ELOOP:
        return "a symbolic link that loops (too many levels of links)"
    if e.errno == errno.ENOENT:
        if os.path.islink(path):
            return f"a symbolic link to nothing ({os.readlink(path)})"
        return "no such file or folder"
    if e.errno == errno.ENXIO:  # opening a socket
        try:
            kind = _not_regular(os.stat(path).st_mode)
        except OSError:
            kind = None
        if kind:
            return kind
    return f"cannot be read: {e.strerror or e}"


def open_plain(path: str | Path) -> int:
    """A file descriptor of `path` opened to read, checked once open (a check by name
    first left a moment to put a FIFO in its place, then opened, and waited on): a
    regular file of a disk; LoadError for anything else, said in words. Opened without
    waiting: a FIFO with no writer opens at once, to be refused."""
    p = str(path)
    try:
        fd = os.open(p, os.O_RDONLY | _NONBLOCK | _NOCTTY | _BINARY)
    except OSError as e:
        raise LoadError(p, None, None, os_problem(p, e)) from None
    try:
        problem = not_plain(os.fstat(fd))
    except OSError as e:
        problem = f"cannot be read: {e.strerror or e}"
    if problem:
        os.close(fd)
        raise LoadError(p, None, None, problem)
    return fd


def kind_of(path: str | Path) -> str:
    """'folder' or 'file' for a path to list or read; LoadError for anything else."""
    p = str(path)
    try:
        st = os.stat(p)
    except OSError as e:
        raise LoadError(p, None, None, os_problem(p, e)) from None
    if stat.S_ISDIR(st.st_mode):
        return "folder"
    problem = not_plain(st)
    if problem:
        raise LoadError(p, None, None, problem)
    return "file"


def read_bytes(path: str | Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; LoadError otherwise."""
    p = str(path)
    fd = open_plain(p)
    try:
        st = os.fstat(fd)
        if st.st_size > limit:
            raise LoadError(p, None, None, f"{size_text(st.st_size)}; a {what} may be at most "
                                           f"{size_text(limit)}")
        chunks, got = [], 0
        while got <= limit:  # read one byte past the limit to see a file that grew
            chunk = os.read(fd, min(limit + 1 - got, MB))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise LoadError(p, None, None, f"more than {size_text(limit)}; a {what} may be at "
                                           f"most {size_text(limit)}")
        return b"".join(chunks)
    except OSError as e:
        raise LoadError(p, None, None, f"cannot be read: {e.strerror or e}") from None
    finally:
        os.close(fd)


BOM = b"\xef\xbb\xbf"  # UTF-8's byte order mark, which Notepad writes first
# The byte order marks of the other encodings an editor may save text in (Notepad's
# "Unicode" is UTF-16): UTF-32's first, as UTF-32 LE's begins with UTF-16 LE's.
_OTHER_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
               (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


def other_encoding(path: str | Path, raw: bytes) -> LoadError | None:
    """The error for `raw`, the first bytes of `path`, if they begin with the byte order
    mark of UTF-16 or UTF-32: text, and what to do is said ("not a text file" was said
    of it)."""
    for bom, name in _OTHER_BOMS:
        if raw.startswith(bom):
            return LoadError(str(path), 1, None,
                             f"text saved as {name}; save it as UTF-8, the one encoding read")
    name = _wide_without_bom(raw[:_SNIFF])
    if name:
        return LoadError(str(path), 1, None, f"text saved as {name} (without a byte order "
                                             "mark); save it as UTF-8, the one encoding read")
    return None


_SNIFF = 256  # bytes looked at for UTF-16 or UTF-32 text without a byte order mark


def _wide_without_bom(head: bytes) -> str | None:
    """"UTF-16" or "UTF-32" if `head`, a file's first bytes, is text in one of them
    without a byte order mark: in three characters of four at least (the rest may be
    other than ASCII), the last byte or the first not NUL and the others NUL. Such a
    file was "not a text file (character #x0000)" or "bad JSON", though an editor
    shows it as text."""
    for width, name in ((4, "UTF-32"), (2, "UTF-16")):
        n = len(head) // width * width
        if n < 2 * width:
            continue
        units = [head[i:i + width] for i in range(0, n, width)]
        for own in (0, width - 1):  # little-endian: the character's low byte first
            ascii_like = sum(u[own] != 0 and not any(u[:own] + u[own + 1:]) for u in units)
            if 4 * ascii_like >= 3 * len(units):
                return name
    return None


# A line ends where YAML's reader ends one (yaml.reader.Reader.forward): at \r\n, \n,
# a lone \r (old Mac files), NEL (U+0085) and the line and paragraph separators
# (U+2028, U+2029). Counting "\n" alone put every fault of a file saved with \r at line
# 1, and a file's error after a NEL at another line than YAML's own errors.
_BREAK = re.compile("\r\n?|[\n\x85\u2028\u2029]")
_BREAK_BYTES = re.compile(b"\r\n?|\n|\xc2\x85|\xe2\x80[\xa8\xa9]")  # the same in UTF-8


def line_of(text: str | bytes, pos: int) -> int:
    """The 1-based line of `text` that offset `pos` is on."""
    breaks = _BREAK_BYTES if isinstance(text, bytes) else _BREAK
    return sum(1 for _ in breaks.finditer(text, 0, pos)) + 1


def not_utf8(path: str | Path, raw: bytes, start: int) -> LoadError:
    """Why `raw`, the bytes of `path`, cannot be decoded from `start` on."""
    return other_encoding(path, raw) or LoadError(
        str(path), line_of(raw, start), None, "not a text file (bytes that are not UTF-8)")


def read_text(path: str | Path, limit: int, what: str = "file") -> str:
    """read_bytes, decoded as UTF-8 (a byte order mark first is dropped: Notepad writes
    one, RFC 8259 lets a JSON reader ignore it, and json.loads refused it); LoadError
    naming the line of a bad byte."""
    raw = read_bytes(path, limit, what).removeprefix(BOM)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise not_utf8(path, raw, e.start) from None
    if "\x00" in text[:_SNIFF]:  # valid UTF-8, but UTF-16 or UTF-32 text without a BOM
        wide = other_encoding(path, raw)
        if wide:
            raise wide
    return text


# A JSON string, or an unterminated one to the end of the text: possessive, so that
# the scan is linear even on a file of nothing but quotes and backslashes.
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")


def _outside_strings(text: str) -> str:
    """JSON text with every string's characters gone but its line breaks: what is
    found in it is found outside strings, on the line it is on."""
    if '"' not in text:
        return text
    return _STRINGS.sub(lambda m: '"' + "".join(_BREAK.findall(m.group())) + '"', text)


def json_depth_line(text: str, max_depth: int) -> int | None:
    """The line where JSON text first nests deeper than `max_depth`, or None.

    One pass over the brackets outside strings; it stops at the first one too deep,
    so a file of a million '[' costs no more than its first few."""
    depth = 0
    bare = _outside_strings(text)
    for m in _BRACKETS.finditer(bare):
        depth += 1 if m.group() in "[{" else -1
        if depth > max_depth:
            return line_of(bare, m.start())
    return None


class _DuplicateKey(Exception):
    """A key given twice in one JSON object (found by _no_duplicates)."""

    def __init__(self, key: str):
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json's object_pairs_hook: the object, or _DuplicateKey for a key given twice."""
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        raise _DuplicateKey(next(k for k, _ in pairs if k in seen or seen.add(k)))
    return data


_KEYS = re.compile(_STRINGS.pattern + r"(\s*:)?|[\[\]{}]", re.S)


def _duplicate_line(text: str, key: str) -> int | None:
    """The line of the second `key` in one object of JSON text that parsed, found
    only once a duplicate is: one pass, a set of keys per open object."""
    open_keys: list[set[str] | None] = []
    for m in _KEYS.finditer(text):
        token = m.group()
        if token == "{" or token == "[":
            open_keys.append(set() if token == "{" else None)
        elif token == "}" or token == "]":
            open_keys.pop()
        elif m.group(1) and open_keys and open_keys[-1] is not None:
            name = json.loads(token[:token.rindex(":")])  # "\u0061" is the key "a"
            if name in open_keys[-1] and name == key:
                return line_of(text, m.start())
            open_keys[-1].add(name)
    return None


# json's messages that end on "at", the position given after them (the line says it):
# "bad JSON: Unterminated string starting at" was a sentence broken off.
_JSON_WORDS = {"Unterminated string starting at": 'a string is not closed (its closing " is '
                                                  'missing)',
               "Invalid control character at": "a control character inside a string (write "
                                               "it as an escape: \\t, \\n)"}


def loads_json(text: str, path: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parsed JSON; LoadError (with the line) for bad JSON, deep nesting, huge numbers
    or a key twice in one object."""
    if not text.strip():  # as an empty YAML file is said (json.loads: "Expecting value")
        raise LoadError(path, 1, None, "empty file")
    line = json_depth_line(text, max_depth)
    if line is not None:
        raise LoadError(path, line, None, f"nested more than {max_depth} deep")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as e:
        key = repr(e.key) if len(e.key) <= 60 else repr(e.key[:57]) + "..."
        raise LoadError(path, _duplicate_line(text, e.key), None,
                        f"the key {key} appears twice in the same object") from None
    except json.JSONDecodeError as e:
        said = _JSON_WORDS.get(e.msg, e.msg)
        raise LoadError(path, line_of(text, e.pos), None, f"bad JSON: {said}") from None
    except (ValueError, RecursionError) as e:  # e.g. a number of 5000 digits
        if "digits" not in str(e):
            raise LoadError(path, None, None, f"bad JSON: {str(e)[:100]}") from None
        # Python reads a whole number of at most sys.get_int_max_str_digits() digits;
        # json.loads says none of the line of one longer. Digits in a string, or in a
        # float's fraction or exponent (a float has no such limit), are not one.
        bare = _outside_strings(text)
        long = re.search(r"(?<![0-9.eE+-])-?[0-9]{%d,}(?![0-9.eE])"
                         % (sys.get_int_max_str_digits() + 1), bare)
        line = line_of(bare, long.start()) if long else None
        raise LoadError(path, line, None, "bad JSON: a number too long to read") from None


def read_json(path: str | Path, limit: int, what: str = "file",
              max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON of a regular file of at most `limit` bytes, nested at most `max_depth`."""
    return loads_json(read_text(path, limit, what), str(path), max_depth)


# Writing --------------------------------------------------------------------------------------

class Unwritable(LoadError):
    """A file being written that cannot be (a full disk, a reader gone): one line."""

    def __init__(self, path: str, error: OSError):
        self.broken_pipe = isinstance(error, BrokenPipeError)
        super().__init__(path, None, None, f"cannot be written: {error.strerror or error}")


class Written:
    """A text file written as a command goes (simulate's log, the command's output):
    an OSError while writing or flushing it is an Unwritable naming it, never a
    traceback from wherever the write happened to be."""

    def __init__(self, f: Any, name: str):
        self.f, self.name = f, name

    def _do(self, what: str, *args: Any) -> Any:
        try:
            return getattr(self.f, what)(*args)
        except OSError as e:
            raise Unwritable(self.name, e) from None

    def write(self, text: str) -> int:
        return self._do("write", text)

    def flush(self) -> None:
        self._do("flush")

    def close(self) -> None:
        self._do("close")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.f, name)


def open_written(path: str | Path) -> Written:
    """`path` opened to write text (replaced if it is a file), without waiting: a
    named pipe that nobody reads is refused at once (opening it to write would wait
    for a reader for ever); one being read (`--log >(gzip > log.gz)`) is written.
    A LoadError gives why it cannot be opened; the caller says what it was for."""
    p = str(path)
    try:
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NONBLOCK | _NOCTTY, 0o666)
    except OSError as e:
        if e.errno == errno.ENXIO:
            raise LoadError(p, None, None, "a named pipe (FIFO) that nobody reads") from None
        if e.errno == errno.EISDIR:
            raise LoadError(p, None, None, "a folder, not a file") from None
        raise LoadError(p, None, None, e.strerror or str(e)) from None
    os.set_blocking(fd, True)
    return Written(os.fdopen(fd, "w", encoding="utf-8"), p)


# A temporary file of write_atomic's older than this was left by a process that died
# mid-write: a write takes milliseconds, and a younger one may be another window's.
STALE_SECONDS = 60.0


def write_atomic(path: str | Path, write: Callable[[IO[str]], None],
                 through_links: bool = True) -> None:
    """`path` replaced by what `write` writes to a text file, whole or not at all: a
    temporary file in the same folder, flushed to the disk (fsync), renamed over it,
    and removed if anything fails. A path that is a symbolic link (a save or settings
    kept with a person's dotfiles) is written through: the file it names is replaced
    from that file's folder and the link kept (a rename over the link put a file in
    its place). Temporary files of the same name left by a crash are removed first.
    OSError as the system gives it; ELOOP for links that loop; one saying what it is for
    a path (or a link's file) that is no regular file, left as it is. Not
    `through_links`: a link at `path` is replaced by the file, the file it named kept."""
    path = Path(path)
    if through_links and os.path.islink(path):
        path = Path(os.path.realpath(path))
        if os.path.islink(path):  # still one: the links loop
            raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    if through_links or not os.path.islink(path):
        _replaceable(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_temporaries(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        os.chmod(tmp, _mode(path))
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):  # the first error is the one to say
            os.unlink(tmp)
        raise


def _replaceable(path: Path) -> None:
    """OSError unless `path` is a regular file or nothing: a rename replaces whatever
    it names, so settings.json made a named pipe, or a link to /dev/null (to keep no
    settings), was replaced by a file; run as root, /dev/null itself was."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # nothing there yet (or nothing statable): made, or said, as it is written
    problem = _not_regular(mode)
    if problem:
        raise OSError(errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL, problem, str(path))


def _mode(path: Path) -> int:
    """The permissions `path` gets: a replaced file keeps its own; a new one those any
    program's new file gets (0666 less the umask), not mkstemp's owner-only 0600."""
    with contextlib.suppress(OSError):
        return stat.S_IMODE(os.stat(path).st_mode)
    umask = os.umask(0o022)  # read by setting it: the one way before Python 3.13
    os.umask(umask)
    return 0o666 & ~umask


def remove_temporaries(path: str | Path, older_than: float = STALE_SECONDS) -> None:
    """The regular files named as write_atomic names its temporary files for `path`
    (mkstemp's: the name, 8 of [a-z0-9_], .tmp), older than `older_than` seconds,
    removed; nothing else in the folder is touched, and one that cannot be removed is
    left."""
    path = Path(path)
    named = re.compile(re.escape(path.name) + r"[a-z0-9_]{8}\.tmp")
    old = time.time() - older_than
    with contextlib.suppress(OSError), os.scandir(path.parent) as entries:
        for entry in entries:
            if named.fullmatch(entry.name) and entry.is_file(follow_symlinks=False) \
                    and entry.stat(follow_symlinks=False).st_mtime <= old:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
