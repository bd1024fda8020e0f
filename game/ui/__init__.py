"""The pygame-ce window (issue 6). Only this package may import pygame."""
import os

# Commands print only their own lines: pygame prints a banner when first imported, and
# any module here may be the first to import it (screenshot's seat kinds were).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

DRIVERS = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")


def unnamed_drivers_dropped() -> None:
    """A driver variable set but empty (`SDL_VIDEODRIVER=$DRIVER` with DRIVER unset: the
    shell exports "") names no driver: SDL took it for one called "windows", not
    available, and neither a window nor a headless picture could be drawn."""
    for name in DRIVERS:
        if name in os.environ and not os.environ[name].strip():
            del os.environ[name]


def headless() -> None:
    """SDL's dummy drivers, for a command that shows nothing, unless one is named."""
    unnamed_drivers_dropped()
    for name in DRIVERS:
        os.environ.setdefault(name, "dummy")
