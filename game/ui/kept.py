"""Drawn text kept within a budget of bytes: a booth runs a day alone, and each game
brings words of its own (docs/window.md, the booth's memory). The table's lines
(ink.label), its edged and slanted words, and the menus' words (widgets) are kept so."""
from __future__ import annotations

from collections import namedtuple
from functools import update_wrapper

import pygame

from .faces import SurfaceLRU

CacheInfo = namedtuple("CacheInfo", "hits misses currsize bytes")


class Kept:
    """A function's surfaces kept by its arguments, as lru_cache keeps them, but the
    least recently used dropped past `max_bytes` (a SurfaceLRU, as the card faces are)."""

    def __init__(self, make, max_bytes: int):
        update_wrapper(self, make)
        self._lru = SurfaceLRU(max_bytes)
        self.hits = self.misses = 0

    def __call__(self, *args, **kwargs) -> pygame.Surface:
        key = (args, tuple(kwargs.items())) if kwargs else args
        surf = self._lru.get(key)
        if surf is None:
            self.misses += 1
            return self._lru.put(key, self.__wrapped__(*args, **kwargs))
        self.hits += 1
        return surf

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, len(self._lru.items), self._lru.bytes)

    def cache_clear(self) -> None:
        self._lru.clear()
        self.hits = self.misses = 0
