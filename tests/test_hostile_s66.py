"""Bad input (the hostile set), the s66 pass. The house rule each test pins: a user's
mistake gets one clear line (what, which file, which line where there is one), exit
code 2, nothing lost or half-loaded, never a traceback. Cases the earlier sets left;
docs/card-format.md, "5 Dec 2026 (s66): bad input", lists them."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from test_hostile import run  # noqa: E402

from game import cli, match  # noqa: E402
from game.engine.decks import DEFAULT_DECKS_DIR  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


# play --decks: a deck whose file name holds a comma ---------------------------------------

@pytest.fixture
def comma_deck(tmp_path, monkeypatch):
    """The shipped decks and a copy of demo's named `demo,copy.yaml`, as the game's
    decks folder; the window play opens stood in for by one that keeps the session."""
    decks = tmp_path / "decks"
    shutil.copytree(DEFAULT_DECKS_DIR, decks)
    shutil.copy(decks / "demo.yaml", decks / "demo,copy.yaml")
    for module in (cli, match):
        monkeypatch.setattr(module, "DEFAULT_DECKS_DIR", decks)
    shown = []
    monkeypatch.setattr(cli, "_window", lambda session: shown.append(session) or 0)
    return shown


def test_a_deck_whose_name_holds_a_comma_is_named_to_play_whole(comma_deck):
    """Bad input: `play --decks 'demo,copy'` where decks/demo,copy.yaml is a deck. The
    list was split at every comma: 'unknown deck' of a deck that is there, and no way
    to name it. Expected: a value that is a deck's whole id is that deck."""
    code, _, err = run("play", "--seats", "human,ai:easy", "--decks", "demo,copy")
    assert (code, err) == (0, "")
    (session,) = comma_deck
    assert session.config.decks == ["demo,copy"]
    assert [d.id for d in session.record.game.decks] == ["demo,copy", "demo"]


def test_decks_given_once_a_seat_or_split_at_commas_name_the_same_seats(comma_deck):
    """--decks given again names the next seat's; a value that is no deck's whole id is
    still a comma-separated list, as before (the level's deck for an empty one)."""
    for argv in (["--decks", "demo,copy", "--decks", "neon-claws"],
                 ["--decks", "demo,copy", "--decks", ",neon-claws"]):
        assert run("play", "--seats", "human,ai:easy,ai:easy", *argv)[0] == 0
    assert run("play", "--seats", "human,ai:easy", "--decks", "demo,neon-claws")[0] == 0
    first, second, split = (s.record.game.decks for s in comma_deck)
    assert [d.id for d in first] == ["demo,copy", "neon-claws", "demo"]
    assert [d.id for d in second][:2] == ["demo,copy", "demo"]
    assert [d.id for d in split] == ["demo", "neon-claws"]
    code, _, err = run("play", "--seats", "human,ai:easy", "--decks", "demo", "--decks",
                       "nosuch")
    assert (code, err) == (2, "error: play: unknown deck 'nosuch'\n")
