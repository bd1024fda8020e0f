"""The card files parsed in a process apart from the window's (App.warm), importing
no more than the parsing needs; the window builds its cards from what comes back
(cardfile.load_cards' `read`), kept where every Game built later takes them."""
from __future__ import annotations

from pathlib import Path
from typing import Any


def parse() -> dict[str, tuple[Any, Any]]:
    """Each card file's data and node tree (yamlfile.read_yaml), by its path."""
    from game.engine.cardfile import DEFAULT_CARDS_DIR, game_files
    from game.engine.yamlfile import read_yaml
    return {str(p): read_yaml(p) for p in game_files(DEFAULT_CARDS_DIR)}


def parsed_or_read(parsed: dict[str, tuple[Any, Any]]):
    """cardfile.load_cards' `read`: a file as parsed apart, or (changed since, say)
    parsed here."""
    from game.engine.yamlfile import read_yaml

    def read(path: Path) -> tuple[Any, Any]:
        return parsed.get(str(path)) or read_yaml(path)
    return read
