"""The table's lines of text are kept within a budget of bytes (docs/window.md, the
booth's memory): a booth runs a day alone, and each game brings words of its own."""
from __future__ import annotations

import gc
import weakref

import pygame
import pytest

from game.ui.table import ink

BUDGET = 32 * 2 ** 20  # docs/window.md: the lines of text kept, at the most


@pytest.fixture
def emptied():
    pygame.font.init()
    ink.label.cache_clear()
    yield
    ink.label.cache_clear()


def test_booth_memory_the_lines_kept_after_many_distinct_lines_fit_the_budget(emptied):
    """Some 100 MB of distinct lines, as `label` and as `fit` (a game's log and panels at
    1920x1080), with one line asked again between each (a panel's heading, every frame):
    the surfaces still held, each counted once, come to no more than the budget, and fill
    most of it; the line in use every frame is the one drawn first."""
    heading = ink.label("Player 1's turn: Move", 20)
    alive: dict[int, weakref.ref] = {id(heading): weakref.ref(heading)}
    for i in range(2400):
        words = f"Combat {i}: Akiko Sakuragawa (P1) hits Salaryman Zombie #{i % 7}: Attack 4"
        line = ink.label(words, 20) if i % 2 else ink.fit(words, 20, 420 + i % 5, ink.GOLD)
        alive[id(line)] = weakref.ref(line)
        assert ink.label("Player 1's turn: Move", 20) is heading
    del line
    gc.collect()
    held = [s for s in (r() for r in alive.values()) if s is not None]
    kept = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in held)
    assert BUDGET * 3 // 4 < kept <= BUDGET, f"{kept / 2 ** 20:.1f} MB of lines held"
