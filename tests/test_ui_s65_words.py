"""The s65 newcomer playtest's words: what the bar, the Combat panel and the buttons
say (docs/window.md, s65)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import SCAVENGE  # noqa: E402
from test_rules_duel import duel_scene, fort  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SHOTS = os.environ.get("S65_SHOTS")  # a folder to save the screens to, to look at them


def shot(t, name: str) -> None:
    if SHOTS:
        t._stale = True
        t.app.step([], 0.016)
        pygame.image.save(t.app.screen, str(Path(SHOTS) / f"{name}.png"))


def haven_beside_their_group(make_app, size=(1280, 720)):
    """Seat 0's Scavenge phase: its Haven with Attack beside seat 1's Character, none of
    seat 0's Characters to Scavenge with (R35: the Haven may attack the group)."""
    sc, _, (b,) = duel_scene((), ("hero",))
    fort(sc, (-1, 1), 0)
    sc.turn(SCAVENGE)
    assert A.Challenge(1, (0, 0)) in sc.legal()
    assert not any(isinstance(a, A.Scavenge) for a in sc.legal())
    app = scene_app(make_app, sc, size)
    return sc, table(app, scene_session(sc, ["human", "ai:random"])), b


def test_the_scavenge_hint_says_what_a_glow_offers_when_it_is_no_scavenge(make_app):
    """R35, the s65 playtest: in a Scavenge phase with nothing to Scavenge, a cell with
    another player's group glowed beside the Haven, and nothing said what the glow
    offered until a click (How to play said "glowing Locations can be Scavenged")."""
    from game.ui.scenes.how_to_play import __file__ as page
    sc, t, _ = haven_beside_their_group(make_app)
    said = t.hint()
    assert "glowing cell with another player's Characters to attack their group" in said
    assert "your Haven" in said and said.endswith("End phase.")
    shot(t, "s65_scavenge_glow")
    howto = (Path(page).parent / "how_to_play.md").read_text()
    assert "glowing cell with another player's Characters offers a Combat" in howto
