"""Tweens: a value moving from a to b over a time, with easing.

Small enough to own rather than add a dependency; every duration of the table
goes through `Clock.scale`, so the anim_speed setting applies everywhere.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Easing = Callable[[float], float]


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    """Overshoots a little and settles: a card landing."""
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_pt(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


@dataclass
class Tween:
    """Progress 0..1 over `duration` seconds after `delay`, eased."""

    duration: float
    delay: float = 0.0
    ease: Easing = out_cubic
    elapsed: float = 0.0

    def tick(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def raw(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def t(self) -> float:
        return self.ease(self.raw)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


class Clock:
    """Turns the player's anim_speed (Settings.anim_factor: how many times faster
    than normal; infinite for "instant") into durations."""

    def __init__(self, factor: float = 1.0):
        self.factor = factor

    @property
    def instant(self) -> bool:
        return self.factor == float("inf")

    def scale(self, seconds: float) -> float:
        return 0.0 if self.instant else seconds / self.factor
