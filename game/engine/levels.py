"""Level files (docs/card-format.md, Levels): which decks sit where, and the options."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from .options import Options
from .yamlfile import LONG_TEXT, Place, game_files, other_kind, read_yaml

DEFAULT_LEVELS_DIR = Path(__file__).resolve().parents[2] / "levels"
DEFAULT_LEVEL = DEFAULT_LEVELS_DIR / "standard_2p.yaml"

_OPTION_DEFAULTS = {f.name: f.default for f in fields(Options)}
# A game has 1 to 4 seats. A level may list more decks than that: simulate plays
# each rotation of the list (all_decks.yaml: four decks, two seats); play, the
# window and screenshot seat the first ones. More than 8 is refused.
MAX_SEATS = 4
MAX_LEVEL_DECKS = 8
MAX_ROUND_LIMIT = 1000  # R14 d; the shipped levels play 12 to 50 rounds


@dataclass(frozen=True, slots=True)
class Level:
    id: str  # the file name without .yaml
    name: str
    description: str
    decks: tuple[str, ...]  # deck ids, one per seat, repeated when seats outnumber them
    options: Options
    source: str = ""

    def deck_for_seat(self, seat: int) -> str:
        return self.decks[seat % len(self.decks)]


def load_level(path: str | Path, known_decks: set[str] | None = None,
               read: Callable[[str | Path], tuple[Any, Any]] = read_yaml) -> Level:
    """A level file; with `known_decks`, each deck id must be one of them. `read` parses
    it (validate's hands back the parse it made to tell a level)."""
    data, root = read(path)
    place = Place(str(path), root)
    other = other_kind(data, "level")
    if other:
        place.fail(f"{other} (a level names its decks: decks: [demo, demo])")
    level = place.mapping(data)
    place.fields(level, ("name", "description", "decks", "options"), required=("name", "decks"))
    decks = place.texts(level["decks"], "decks")
    if not decks:
        place.fail("must name at least one deck", "decks")
    if len(decks) > MAX_LEVEL_DECKS:
        place.fail(f"{len(decks)} decks; a level names 1 to {MAX_LEVEL_DECKS} (a game seats "
                   f"1 to {MAX_SEATS}; simulate plays each rotation of a longer list)", "decks")
    for i, deck in enumerate(decks):
        if known_decks is not None and deck not in known_decks:
            # Said where decks are looked for: one given to `validate` beside the level
            # is none of them (validate passed what simulate and play refused)
            place.fail(f"unknown deck {deck!r}: a level's decks are the files of "
                       "assets/decks/, each named without .yaml", "decks", i)
    options = place.at("options")
    values = options.mapping(level.get("options", {}))
    options.fields(values, tuple(_OPTION_DEFAULTS))
    for key, value in values.items():
        # Each option is read as the type of its default: a flag or a whole number.
        if isinstance(_OPTION_DEFAULTS[key], bool):
            options.flag(value, key)
        else:
            options.whole(value, key, least=1, most=MAX_ROUND_LIMIT)
    return Level(id=Path(path).stem, name=place.text(level["name"], "name"),
                 description=place.text(level.get("description", ""), "description",
                                        empty=True, longest=LONG_TEXT),
                 decks=decks, options=Options(**values), source=str(path))


def load_levels(folder: str | Path = DEFAULT_LEVELS_DIR,
                known_decks: set[str] | None = None) -> dict[str, Level]:
    """Every `*.yaml` level of a folder, by id, in file name order."""
    return {p.stem: load_level(p, known_decks) for p in game_files(folder, recursive=False)}
