"""What a newcomer met playing whole games through the window (s73 newcomer): the
standard game at 1280x720, four-seat hot seat at 1920x1080 and 1280x720."""
from __future__ import annotations

import os
from dataclasses import replace

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import actions as A  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

SHOTS = os.environ.get("S73_SHOTS")  # a folder: the screens are saved there to look at


def _shot(app, name: str) -> None:
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, name))


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_a_character_in_a_full_haven_still_offers_transform_in_its_panel(make_app, size):
    """Rules for Transforming Characters: the Move phase's hint says "To Transform a
    Character instead, click it: its panel offers it". A newcomer's Ume (four_players,
    1280x720) stood in her own Haven with Equipment, the Haven storing two cards: the
    panel kept the stored cards' room and dropped the Transform button, so the click the
    hint asks for offered nothing. The buttons come before the stored cards' size (they
    shrink, else go to words: the Haven's own panel shows them to drag)."""
    from test_rules_transforming import scene as transformer
    sc, ume, _ = transformer()
    sc.st.units.pop(ume)
    home = sc.st.places[(1, 0)]
    sc.st.places[(1, 0)] = replace(home, under=tuple(sc.cards(["gem", "kettle", "gem",
                                                                "ribbon"])))
    ume = sc.char("ume", (1, 0), items=["gem", "gem"], equipment=["kettle"],
                  enhancements=["ribbon"])
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    change = A.Transform(ume)
    assert change in s.legal() and "Transform" in t.hint()
    click(app, t.unit_rects[ume].center)
    assert t.inspect == ume
    _shot(app, f"transform-{size[0]}.png")
    button = next((r for r, k in t.hits if k == ("act", change)
                   and t.lay.inspector.contains(r)), None)
    assert button is not None, "her panel offers no Transform"
    before = len(s.record.actions)
    click(app, button.center)
    assert s.record.actions[before:] == [change]
