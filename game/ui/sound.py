"""The window's sounds, made by code (no sound files): a click when a button is
pressed, a tick when a value steps. With no audio device the game is silent,
never broken."""
from __future__ import annotations

import array
import math

import pygame

RATE = 22050
# name: (pitch in Hz, length in seconds, pitch at the end relative to the start)
TONES = {"click": (660.0, 0.05, 0.7), "tick": (1320.0, 0.025, 1.0)}


def _tone(freq: float, seconds: float, glide: float) -> bytes:
    """A sine blip that fades out fast, gliding in pitch: soft enough to hear often."""
    n = int(RATE * seconds)
    phase, out = 0.0, array.array("h")
    for i in range(n):
        t = i / n
        phase += 2 * math.pi * freq * (1 + (glide - 1) * t) / RATE
        out.append(int(9000 * math.sin(phase) * (1 - t) ** 2))
    return out.tobytes()


class Sounds:
    """Opened at the first sound, so windows that never play one (screenshots,
    benchmarks) never touch the audio device or its error messages."""

    def __init__(self) -> None:
        self._bank: dict[str, pygame.mixer.Sound] | None = None

    def _open(self) -> dict[str, pygame.mixer.Sound]:
        try:
            pygame.mixer.init(RATE, -16, 1, 512)
        except pygame.error:
            return {}
        return {name: pygame.mixer.Sound(buffer=_tone(*spec)) for name, spec in TONES.items()}

    def play(self, name: str, volume: float) -> None:
        if volume <= 0:
            return
        if self._bank is None:
            self._bank = self._open()
        sound = self._bank.get(name)
        if sound is not None:
            sound.set_volume(volume)
            sound.play()
