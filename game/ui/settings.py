"""The player's settings, kept as JSON in the per-user config folder.

A broken or half-written settings file must never stop the game: it is
reported in one line, moved aside to settings.json.broken (or .broken.1, .2 ...:
the person's edit is not lost), and the defaults are used. That line, one for values
out of their bounds (taken as the nearest bound), and one for settings that cannot be
saved, are on stderr and on the window (App's banner). A file where the config folder
should be is said at load, and its saves, which fail for the same reason, say no more.
Saves are files.write_atomic's (through a symbolic link, stale temporary files removed).
"""
from __future__ import annotations

import errno
import json
import math
import os
import sys
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import platformdirs

from game.engine.errors import LoadError, one_line
from game.engine.files import loads_json, os_problem, read_text, write_atomic
from game.engine.yamlfile import shown

APP_NAME = "ani-mayhem"
MAX_SETTINGS_BYTES = 64 * 1024  # the settings are about 300 bytes
ANIM_SPEEDS = ("slow", "normal", "fast", "instant")
# How much faster than "normal" each speed plays; "instant" skips animations.
ANIM_FACTOR = {"slow": 0.5, "normal": 1.0, "fast": 2.5, "instant": float("inf")}
# Seconds a booth's idle time and its countdown may be set to (settings.json, the
# booth command's options): a visitor thinking is not idle, a day is not a booth.
BOOTH_IDLE = (10.0, 3600.0)
BOOTH_COUNTDOWN = (5.0, 600.0)
BOUNDED = ("volume", "booth_idle", "booth_countdown")  # each brought within its bounds
MAX_KEPT = 20  # broken settings files kept beside it: settings.json.broken, .broken.1 ...
BOUNDS_SAID = {"volume": "volume 0 to 1",
               "booth_idle": f"booth_idle {BOOTH_IDLE[0]:g} to {BOOTH_IDLE[1]:g} s",
               "booth_countdown": f"booth_countdown {BOOTH_COUNTDOWN[0]:g} to "
                                  f"{BOOTH_COUNTDOWN[1]:g} s"}


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass
class Settings:
    anim_speed: str = "normal"
    fullscreen: bool = False
    volume: float = 0.7
    colorblind_marks: bool = False
    last_setup: dict = field(default_factory=dict)  # the New game scene's last choices
    guide_seen: bool = False  # the guided first game was offered (game/ui/guide.py)
    booth: bool = False  # start in booth mode (game/ui/booth.py)
    booth_idle: float = 90.0  # seconds without input before a booth game is hidden
    booth_countdown: float = 20.0  # seconds of "Still playing?" before it is put away
    # Why the file was not read and the defaults are used (load), in one line: set on
    # the loaded object only. Not annotated, so not a field: never saved. The window
    # says it: a person never sees stderr.
    problem = ""
    # The values of the file read that were out of their bounds, and what was used
    # instead, in one line (load); said on the window as `problem` is.
    bounded = ""
    # The keys of the file read that are no setting of this version (a later version's),
    # as they were: written back by save (dropped, they were lost to the later version).
    later = None  # not annotated: not a field, never saved as one

    @property
    def anim_factor(self) -> float:
        return ANIM_FACTOR[self.anim_speed]

    @classmethod
    def from_json(cls, data: object) -> "Settings":
        """Settings from parsed JSON; a wrong field is a ValueError naming it."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        s = cls()
        kinds = {f.name: type(getattr(s, f.name)) for f in fields(cls)}
        s.later = {key: value for key, value in data.items() if key not in kinds}
        for key, value in data.items():
            if key not in kinds:
                continue  # a newer version's setting: ignored, not fatal, kept (save)
            want = kinds[key]
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) \
                if want is float else type(value) is want
            if not ok:
                raise ValueError(f"{key}: expected {want.__name__}, got {shown(value)}")
            if want is float:  # JSON may hold NaN, Infinity or a number of 400 digits
                if not math.isfinite(value) if isinstance(value, float) else \
                        abs(value) > 10 ** 300:
                    raise ValueError(f"{key}: {shown(value)} is not a usable number")
                value = float(value)
            setattr(s, key, value)
        if s.anim_speed not in ANIM_SPEEDS:
            raise ValueError(f"anim_speed: must be one of {', '.join(ANIM_SPEEDS)}")
        s.volume = min(1.0, max(0.0, s.volume))
        s.booth_idle = min(BOOTH_IDLE[1], max(BOOTH_IDLE[0], s.booth_idle))
        s.booth_countdown = min(BOOTH_COUNTDOWN[1], max(BOOTH_COUNTDOWN[0], s.booth_countdown))
        return s

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        path = path or config_dir() / "settings.json"
        if not os.path.lexists(path):
            # A file where its folder should be: said now, not at the first save (the
            # defaults were used without a word).
            blocker = _blocker(path)
            return cls._defaults(_blocked(blocker)) if blocker else cls()
        try:
            text = read_text(path, MAX_SETTINGS_BYTES, "settings file")
        except LoadError as e:  # a FIFO, a folder, a device, too big, not UTF-8: one line
            return cls._defaults(f"{e}; using defaults{_kept(path)}")
        try:
            data = loads_json(text, str(path))
            settings = cls.from_json(data)
        except LoadError as e:
            return cls._defaults(f"{e.where} is broken ({e.message}); using "
                                 f"defaults{_kept(path)}")
        except ValueError as e:
            return cls._defaults(f"{one_line(str(path))} is broken ({one_line(str(e))}); "
                                 f"using defaults{_kept(path)}")
        # A value out of its bounds is brought within them, and said (volume -5 was
        # silent): the file is not broken, and is left as it is till the next save.
        moved = [key for key in BOUNDED
                 if isinstance(data.get(key), (int, float)) and data[key] != getattr(settings, key)]
        if moved:
            taken = ", ".join(f"{key} {shown(data[key])} taken as {getattr(settings, key):g}"
                              for key in moved)
            bounds = ", ".join(BOUNDS_SAID[key] for key in moved)
            settings.bounded = f"{one_line(str(path))}: {taken} (the bounds: {bounds})"
            print(f"settings: {settings.bounded}", file=sys.stderr)
        return settings

    @classmethod
    def _defaults(cls, problem: str) -> "Settings":
        """The defaults, for a file that could not be read: `problem` said on stderr, and
        kept for the window."""
        print(f"settings: {problem}", file=sys.stderr)
        settings = cls()
        settings.problem = problem
        return settings

    def save(self, path: Path | None = None) -> str:
        """Written atomically; why not in one line ("" once it is), also on stderr."""
        path = path or config_dir() / "settings.json"
        try:
            write_atomic(path, lambda f: json.dump({**(self.later or {}), **asdict(self)}, f,
                                                   indent=1))
        except OSError as e:
            blocker = _blocker(path) if e.errno in (errno.EEXIST, errno.ENOTDIR) else None
            if blocker and self.problem == _blocked(blocker):
                return self.problem  # said once, at load: the same line, not another
            # Losing a preference is not worth stopping a game for.
            problem = (f"cannot save {one_line(str(path))} ({_why(path, e)}); the choice "
                       "holds while the window is open")
            print(f"settings: {problem}", file=sys.stderr)
            return problem
        return ""


def _why(path: Path, e: OSError) -> str:
    """An OSError saving `path` in words: a file where its folder should be (an older
    program's ~/.config/ani-mayhem) was "File exists" or "Not a directory"."""
    blocker = _blocker(path) if e.errno in (errno.EEXIST, errno.ENOTDIR) else None
    if blocker is not None:
        return f"{one_line(str(blocker))} is {_what(blocker)}"
    return e.strerror or str(e)


def _blocker(path: Path) -> Path | None:
    """What stands where a folder of `path` should be (a file, a link to nothing), or
    None."""
    there = next((p for p in path.parents if os.path.lexists(p)), None)
    return there if there is not None and not there.is_dir() else None


def blocker_of(path: Path) -> tuple[Path, str] | None:
    """What stands where a folder of `path` should be and what it is, in words (a file, a
    link that loops or names nothing), or None: for the saves' folder too (slots.py)."""
    blocker = _blocker(path)
    return (blocker, _what(blocker)) if blocker is not None else None


def _blocked(blocker: Path) -> str:
    """What load says of a file where the settings' folder should be."""
    return (f"{one_line(str(blocker))} is {_what(blocker)}: settings cannot be read "
            "or saved while it is there; using defaults")


def _what(blocker: Path) -> str:
    """What stands where a folder should be: a link to a folder gone, or links that
    loop, were said to be "a file"."""
    try:
        os.stat(blocker)
    except OSError as e:
        return f"{one_line(os_problem(str(blocker), e))}, not a folder"
    return "a file, not a folder"


def _kept(path: Path) -> str:
    """A broken settings file moved aside, to the first of settings.json.broken,
    .broken.1 ... .broken.19 not taken, and the words that say where ("" if it is no
    regular file, or cannot be moved). The defaults used instead are saved over it at
    the next save, at once when they bring the guided game back: a person's file,
    wrong by one value, was lost; and a second broken file was moved over the first
    one kept. Past MAX_KEPT it is left in place, and said."""
    if not os.path.isfile(path):  # a folder, a FIFO, a device: no one's edit to keep
        return ""
    names = [path.name + ".broken" + (f".{i}" if i else "") for i in range(MAX_KEPT)]
    kept = next((path.with_name(n) for n in names if not os.path.lexists(path.with_name(n))),
                None)
    if kept is None:  # a file broken at every start must not fill its folder
        return (f", the file not kept: {MAX_KEPT} broken settings files are kept beside it "
                f"already ({names[0]} to {names[-1]}); the next save replaces it")
    try:
        os.replace(path, kept)
    except OSError:
        return ""  # nor can the defaults be saved over it, in a folder that refuses this
    return f", the file kept as {one_line(str(kept))}"
