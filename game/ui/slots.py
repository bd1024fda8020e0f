"""Save slots: one file per game in the per-user data folder's `saves/`, written
after every action once a person has chosen something in the game (App.autosave,
Session.worth_keeping; game.engine.save.save: a temporary file, fsync, renamed over
the old one), each holding the whole game: the record (seed, decks, options, the
seats' generator keys, the actions) and the window's part, "table": who sits where,
the level, when it was saved and a one-line summary.

Two windows at once: a window holds the slot of the game it plays with an
operating-system lock on `slot-N.lock` (flock; msvcrt on Windows). A lock rather
than a marker file because the kernel lets go of it when the process ends however
it ends, kill -9 included, so no stale marker ever blocks a slot; a slot per window
rather than one shared file because each window then keeps its own game. A window
never writes a slot another one holds: New game takes a free slot, and Continue on
a held slot says that the game is open in another window.

The save of earlier versions (`save.json` beside `save-seats.json`, written apart)
is still read: it is listed as an older save, and continuing it moves it into a
slot, one file, before the game goes on.
"""
from __future__ import annotations

import contextlib
import errno
import os
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from game.engine import LoadError
from game.engine.errors import one_line
from game.engine.files import read_json, read_text, remove_temporaries, write_atomic
from game.engine.levels import DEFAULT_LEVELS_DIR, MAX_SEATS
from game.engine.save import MAX_SAVE_BYTES, Record, peek, save
from game.engine.yamlfile import no_width, shown

from .table.words import KIND_NAMES
from .session import SEAT_KINDS, Session
from .settings import blocker_of

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
    import msvcrt

SLOTS = 6
MAX_SEATS_BYTES = 64 * 1024  # an older save's save-seats.json is about 100 bytes
MAX_SUMMARY = 200
MAX_ASIDE = 20  # folders found in a slot's place and moved aside (remove)


@dataclass
class SlotInfo:
    """What a list of saves shows of one slot (or of the older save, number 0)."""

    number: int
    path: Path
    saved: str = ""  # when, as people read it
    summary: str = ""
    seats: tuple[str, ...] = ()
    level: str = ""
    problem: LoadError | None = None  # why it cannot be continued; None when it can
    busy: bool = False  # open in another window
    guided: bool = False  # a guided first game still in its lesson (App.start_guide
    # begins it again here)
    shared: str = ""  # the other save this slot's file is (a link made by hand), named

    @property
    def error(self) -> str:
        """Why it cannot be continued, without the file's name (the row is the file):
        the line or the field, then what is wrong; "" when it can be. The older save's
        seats file, beside the row's save.json, is named: "no such file or folder" was
        said of a save.json that was there."""
        e = self.problem
        if e is None:
            return ""
        other = Path(e.path).name if e.path != str(self.path) else ""
        where = (f"{one_line(other)}: " if other else "") + \
            (f"line {e.line}: " if e.line else "") + (f"{e.field}: " if e.field else "")
        return where + e.message

    @property
    def legacy(self) -> bool:
        return self.number == 0

    @property
    def slot(self) -> str:
        """Which save this is, as its row names it."""
        return "Older save" if self.legacy else f"Slot {self.number}"

    @property
    def line(self) -> str:
        """The slot in one line: when, and what."""
        if self.error:
            return f"Cannot be continued: {self.error}"
        return f"{self.saved}  {self.summary}{self.remark}".strip()

    @property
    def remark(self) -> str:
        """What the line says after the summary: open elsewhere, or linked by hand."""
        return " (open in another window)" if self.busy else \
            f" (linked by hand to {one_line(self.shared)}; saved apart once continued)" \
            if self.shared else ""


class Lock:
    """An exclusive lock on a file, held until released or the process ends."""

    def __init__(self, path: Path):
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """True if it is ours now; False if another window holds it; OSError if the
        lock file cannot be made (a read-only folder)."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing lets go of the lock
            self._fd = None


def _lock_problem(e: OSError, lock: Path) -> OSError:
    """Why a slot's lock file cannot be made, in words a person can act on ("Is a
    directory" said nothing of whose folder, or what it should be; a link that loops or
    names nothing where the saves folder should be was "a file, not a folder")."""
    if e.errno == errno.EISDIR:
        return OSError(e.errno, "a folder where the slot's lock file should be", e.filename)
    blocked = blocker_of(lock) if e.errno in (errno.EEXIST, errno.ENOTDIR) else None
    if blocked is not None:
        return NotADirectoryError(errno.ENOTDIR, blocked[1], str(blocked[0]))
    return e


def check_table(path: str, table: object) -> tuple[list[str], str]:
    """The seats and level of a save's table part; LoadError naming the field."""
    if table is None:  # a save of the engine's own (save.Record), or the key taken out
        raise LoadError(path, None, "table", "missing: the save does not say who sits "
                                             "where, so the window cannot seat its players")
    if not isinstance(table, dict):
        raise LoadError(path, None, "table", "must be a JSON object")
    seats, level = table.get("seats"), table.get("level", "")
    wrong = [k for k in seats if not isinstance(k, str) or k not in SEAT_KINDS] \
        if isinstance(seats, list) else []
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS or wrong:
        # The entry that is no seat kind; "a list" said nothing of what was wrong; a key
        # missing, or JSON's null, is said so (both read Python's "not None").
        what = shown(wrong[0]) if wrong else f"{len(seats)} seats" \
            if isinstance(seats, list) else "null" if seats is None else shown(seats)
        kinds = f"1 to {MAX_SEATS} of {', '.join(SEAT_KINDS)}"
        raise LoadError(path, None, "seats", f"missing: it lists {kinds}" if "seats" not in
                        table else f"must list {kinds}, not {what}")
    if not isinstance(level, str):
        raise LoadError(path, None, "level", f"must be a level file, not {shown(level)}")
    check_guide(path, table, seats)
    if level and not level_of_the_game(level):
        moved = moved_level(level)
        if moved is None:
            raise LoadError(path, None, "level", f"{shown(level, 120)} is not a level of the "
                                                 "game's levels folder")
        level = moved
    return list(seats), level


def moved_level(level: str) -> str | None:
    """The game's own level of the file name `level` ends in, when its folder is another
    (the game's folder moved or renamed since, or a new version unpacked beside it: a
    save names its level by its whole path, and every save was "not a level of the
    game's levels folder", Continue gone); None if the game has no level of that name.
    Either separator ends a folder: a save written on Windows names C:\\...\\x.yaml."""
    name = level.replace("\\", "/").rsplit("/", 1)[-1]
    there = DEFAULT_LEVELS_DIR / name
    if not name.endswith(".yaml") or not level_of_the_game(str(there)):
        return None
    return str(there) if there.is_file() else None


def check_guide(path: str, table: dict, seats: list) -> None:
    """LoadError unless the table's `guide` is true or false, true only of two seats:
    the guided game is the quick demo's (App.start_guide), and the guide hands seat 1
    its script (a one-seat game has none: an IndexError)."""
    guide = table.get("guide", False)
    if not isinstance(guide, bool):
        raise LoadError(path, None, "guide", f"must be true or false, not {shown(guide)}")
    if guide and len(seats) != 2:
        raise LoadError(path, None, "guide", f"the guided game has two seats, not {len(seats)}")


def level_of_the_game(level: str) -> bool:
    """`level` names a file in the game's levels folder (what New game offers)."""
    try:
        return Path(level).resolve().parent == DEFAULT_LEVELS_DIR.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def _text(table: dict, key: str) -> str:
    """A line of the table's to show: cut short, what a font cannot draw (NUL, a lone
    surrogate: a save edited by hand) written as its escape, and a word of no width (a
    zero-width space alone) left out: pygame refuses to draw one, and the list stopped."""
    value = table.get(key, "")
    if not isinstance(value, str):
        return ""
    return " ".join(one_line(w) for w in value[:MAX_SUMMARY].split() if not no_width(w))


def _json_kind(value: object) -> str:
    names = {str: "a string", int: "a number", float: "a number", bool: "true/false",
             list: "a list", type(None): "null"}
    return names.get(type(value), type(value).__name__)


class Saves:
    """The slots of one data folder, and the one this window holds."""

    def __init__(self, folder: Path, legacy: Path):
        self.folder = folder
        self.legacy = legacy  # the older save.json; its seats file lies beside it
        self.held: int | None = None
        self._lock: Lock | None = None

    def path(self, n: int) -> Path:
        return self.folder / f"slot-{n}.json"

    @property
    def legacy_seats(self) -> Path:
        return self.legacy.with_name("save-seats.json")

    # Listing --------------------------------------------------------------------------
    def busy(self, n: int) -> bool:
        """Held by another window (this window's own slot is not busy), or one file with
        a slot another window holds (a link made by hand): continued, both windows played
        one game."""
        if n == self.held:
            return False
        shared = self.shared_with(n)
        return self._locked(n) or (shared is not None and shared != self.held
                                   and shared != 0 and self._locked(shared))

    def shared_with(self, n: int) -> int | None:
        """The other slot (0: the older save) whose file slot n's file is, through a
        symbolic or hard link made by hand at slot n; None when it is its own (the file a
        symbolic link names is). Written through the link, two windows each holding
        their own slot wrote one file."""
        try:
            mine = os.stat(self.path(n))
            if not os.path.islink(self.path(n)) and mine.st_nlink == 1:
                return None
        except OSError:
            return None
        for m in [k for k in range(1, SLOTS + 1) if k != n] + [0]:
            with contextlib.suppress(OSError):
                if os.path.samestat(mine, os.stat(self.legacy if m == 0 else self.path(m))):
                    return m
        return None

    def _locked(self, n: int) -> bool:
        lock = Lock(self.path(n).with_suffix(".lock"))
        try:
            if not lock.acquire():
                return True
        except OSError:
            return False  # no lock can be made here, so no window holds one
        lock.release()
        return False

    def info(self, n: int) -> SlotInfo:
        """Slot n as a list shows it (0: the older save), without replaying it."""
        if n == 0:
            return self._legacy_info()
        path = self.path(n)
        shared = self.shared_with(n)
        out = SlotInfo(n, path, busy=self.busy(n), shared="" if shared is None else
                       (self.legacy if shared == 0 else self.path(shared)).name)
        try:
            data = peek(path)
            out.seats, out.level = (tuple(x) if isinstance(x, list) else x
                                    for x in check_table(str(path), data.get("table")))
        except LoadError as e:
            out.problem = e
            return out
        out.saved, out.summary = _text(data["table"], "saved"), _text(data["table"], "summary")
        # A save from before `lesson` was written may be past it: never replaced.
        out.guided = data["table"].get("guide") is True and data["table"].get("lesson") is True
        return out

    def _legacy_info(self) -> SlotInfo:
        out = SlotInfo(0, self.legacy, summary="a game saved by an earlier version")
        try:
            seats, level, rnd = self.read_legacy_seats()
        except LoadError as e:
            out.problem = e
            return out
        out.seats, out.level = tuple(seats), level
        kinds = ", ".join(seat_names(seats))
        out.summary = f"round {rnd}; {kinds}" if rnd is not None else kinds
        try:
            out.saved = when(os.stat(self.legacy).st_mtime)
        except (OSError, ValueError, OverflowError):  # gone, or a time no date shows (a
            pass  # clock far ahead: tmpfs keeps year 318857, and datetime stops at 9999)
        return out

    def unlisted(self) -> str:
        """Why the slots cannot be looked at, in one line ("" when they can): a saves
        folder this user may not search (made by a run under sudo, then chmod 700 by
        root) hid every saved game, the title offering no Continue without a word."""
        try:
            os.lstat(self.path(1))
        except PermissionError as e:  # the others (a file in the folder's place) at save
            return (f"Saved games cannot be listed: {one_line(str(self.folder))}: "
                    f"{e.strerror or e}. Saves there are left as they are.")
        except OSError:
            pass
        return ""

    def listing(self) -> list[SlotInfo]:
        """Every slot holding a file, the latest first, then the older save if any."""
        found = [self.info(n) for n in range(1, SLOTS + 1) if os.path.lexists(self.path(n))]
        # `saved` reads to the second: two games saved in one second are told apart by
        # the file's time (Continue went on with the older of them).
        found.sort(key=lambda s: (s.saved, _written_ns(s.path)), reverse=True)
        if os.path.lexists(self.legacy):
            found.append(self.info(0))
        return found

    def latest(self) -> SlotInfo | None:
        """What Continue goes on with: the latest save no other window holds."""
        return next((s for s in self.listing() if not s.busy), None)

    # Holding and writing -------------------------------------------------------------
    def hold(self, n: int) -> bool:
        """Take slot n for this window's game (letting go of any other); False if
        another window holds it; OSError if no lock can be made here."""
        if self.held == n:
            return True
        lock = Lock(self.path(n).with_suffix(".lock"))
        try:
            if not lock.acquire():
                return False
        except OSError as e:
            raise _lock_problem(e, lock.path) from None
        try:
            self._own_file(n)
        except OSError:
            lock.release()
            raise
        self.release()
        self.held, self._lock = n, lock
        # Temporary files of slot n left by a crash mid-write: only the holder writes
        # them, so they are stale once it is ours, whatever their age. Only the save's
        # own (a glob of slot-1.json*.tmp took a person's slot-1.json.notes.tmp too).
        remove_temporaries(self.path(n), older_than=0)
        return True

    def _own_file(self, n: int) -> None:
        """Slot n's file made its own where it is one file with another save (a link
        made by hand): the link replaced, atomically, by a copy of the game in it, the
        other save left as it was. OSError saying so if it cannot be (the game then
        goes on unsaved, and the window says why)."""
        shared = self.shared_with(n)
        if shared is None:
            return
        path = self.path(n)
        other = (self.legacy if shared == 0 else self.path(shared)).name
        try:
            text = read_text(path, MAX_SAVE_BYTES, "save")
            write_atomic(path, lambda f: f.write(text), through_links=False)
        except (OSError, LoadError) as e:
            why = e.message if isinstance(e, LoadError) else e.strerror or str(e)
            raise OSError(errno.EMLINK, f"{path.name} is one file with {other} (a link made "
                                        f"by hand), and cannot be made its own: {why}",
                          str(path)) from None

    def hold_free(self) -> int | None:
        """Hold the first slot with no game in it (this window's own emptied slot
        first); None when every slot holds a game. A slot whose lock cannot be made (a
        folder named slot-1.lock, put there by hand) is passed over: the first such
        OSError is raised only when no free slot can be held at all (it stopped New
        game's saving while five slots were free)."""
        if self.held is not None and not os.path.lexists(self.path(self.held)):
            return self.held
        failed: OSError | None = None
        for n in range(1, SLOTS + 1):
            if os.path.lexists(self.path(n)):
                continue
            try:
                held = self.hold(n)
            except OSError as e:
                failed = failed or e
                continue
            if held and not os.path.lexists(self.path(n)):  # none was written before we held it
                return n
        if failed is not None:
            raise failed
        return None

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()
        self.held, self._lock = None, None

    def write(self, record: Record) -> None:
        """The held slot's file replaced by `record`, atomically; OSError as the
        operating system gives it (a full disk, a read-only folder)."""
        if self.held is None:
            raise RuntimeError("no slot is held")
        save(record, self.path(self.held))

    def remove(self, n: int) -> Path | None:
        """A save deleted (a finished game, or the player asked); OSError if it cannot be.

        A folder in the save's place (never the game's: put there by hand) is removed
        when empty, else moved aside to the first of slot-N.json.folder, .folder.1 ...
        not taken, and that path returned: unlink refused it, so Delete failed and the
        slot stayed taken, and what a person keeps in a folder is not the game's to
        destroy."""
        path = self.legacy if n == 0 else self.path(n)
        if path.is_dir() and not path.is_symlink():
            if not any(path.iterdir()):
                path.rmdir()
                return None
            names = [path.name + ".folder" + (f".{i}" if i else "") for i in range(MAX_ASIDE)]
            aside = next((path.with_name(m) for m in names
                          if not os.path.lexists(path.with_name(m))), None)
            if aside is None:
                raise OSError(errno.EEXIST, f"a folder of files, and {MAX_ASIDE} already "
                                            f"moved aside beside it")
            path.rename(aside)
            return aside
        path.unlink(missing_ok=True)
        if n == 0:
            self.legacy_seats.unlink(missing_ok=True)
        return None

    # The older save --------------------------------------------------------------------
    def read_legacy_seats(self) -> tuple[list[str], str, int | None]:
        """Who sat where, the level and the round, from the older save-seats.json;
        LoadError naming the file and the field if it is not what was written."""
        path = str(self.legacy_seats)
        meta = read_json(self.legacy_seats, MAX_SEATS_BYTES, "seats file")
        if not isinstance(meta, dict):
            raise LoadError(path, None, None, f"must be a JSON object of seats, level and "
                                              f"round, not {_json_kind(meta)}")
        seats, level = check_table(path, meta)
        rnd = meta.get("round")
        if not (isinstance(rnd, int) and not isinstance(rnd, bool) and 1 <= rnd <= 100_000):
            rnd = None  # only shown in the list
        return seats, level, rnd


def table_of(session: Session) -> dict:
    """The window's part of a save ("table"): what Continue needs besides the record
    (who sits where, the level) and what a list of saves shows (when, what)."""
    level = session.config.level
    table = {"seats": list(session.seats), "level": _saved_level(os.path.abspath(level))
             if level else "", "saved": when(),
             "summary": session.summary()}
    if session.guide is not None:
        table["guide"] = True  # Continue takes up the guide where it was
        # Past its script the game goes on freely: the player's own, which a guided game
        # begun again must not replace (App.start_guide).
        table["lesson"] = not session.guide.over(session.state)
    elif session.left_lesson:  # no guide on Continue: where to find the lesson is said
        table["left_lesson"] = True
    if looks := session.last_looks():  # what each person sharing the screen last saw
        table["looked"] = {str(seat): n for seat, n in sorted(looks.items())}
    return table


@lru_cache(maxsize=16)
def _saved_level(level: str) -> str:
    """table_of's level: absolute, so a Rematch after Continue finds it from any folder;
    only a level of the game's own (Continue refuses others; such a game goes on from its
    decks). Kept by path: a save is written after every action, and resolving the
    folders took longer than writing the save."""
    return level if level_of_the_game(level) else ""


def looked_of(table: dict, seats: list[str], actions: int) -> dict[int, int]:
    """A save's "looked" (table_of): after how many of its `actions` each person's seat
    last left the screen. What is not that (a save from before it was kept, a file a
    person edited) is left out: the curtain then says the game was continued."""
    looked = table.get("looked")
    if not isinstance(looked, dict):
        return {}
    # Each seat as table_of writes it: int() of any decimal text raised on 5,000 digits.
    humans = {str(seat): seat for seat, kind in enumerate(seats) if kind == "human"}
    return {humans[k]: n for k, n in looked.items() if k in humans and type(n) is int
            and 0 <= n <= actions}


def seat_names(seats) -> list[str]:
    return [KIND_NAMES.get(k, k) for k in seats]


def when(timestamp: float | None = None) -> str:
    """A moment as the list of saves shows it, in local time; sorts as it reads."""
    moment = datetime.fromtimestamp(timestamp) if timestamp is not None else datetime.now()
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _written_ns(path: Path) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:  # gone or unreadable since it was listed: the order matters no more
        return 0
