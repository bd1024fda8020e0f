"""What a newcomer found playing the window (s47w): a reason naming a Vehicle not
saying whose it was; ... (each test says its own)."""
from __future__ import annotations

import os

import pygame
import pytest

from game.engine import actions as A
from game.engine.options import Options
from game.engine.state import MOVE
import test_ui_table
from test_ui_combat_panel import GEARED, duel_panel, painted
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SHOTS = os.environ.get("S47_SHOTS")  # a folder: each test saves what it drew there


def shot(app, name: str) -> None:
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, name + ".png"))


# 3. Whose Vehicle keeps a Character out -------------------------------------------------

@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_vehicle_that_keeps_characters_out_is_named_with_its_owner(make_app, monkeypatch,
                                                                      size):
    """Rules for Equipment: "other Characters in the group cannot engage in Combat until
    the Vehicle stops". The duel panel said "kept out by Walker" on both sides, and a
    newcomer asked whose Walker: it says "your Walker" on the viewer's side and "Player
    2's Walker" on the other's, whole."""
    from scene import Scene
    sc = Scene(GEARED, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0), equipment=["walker"] if c == "valen" else ())
            for c in ("valen", "pawlina")]
    foes = [sc.char(c, (0, 0), seat=1, equipment=["walker"] if c == "daigo" else ())
            for c in ("daigo", "mika")]
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    ride, = sc.unit(foes[0]).equipment
    sc.unit(foes[0]).using.append(ride)  # put to use in its own Turn, before this one
    walker, = sc.unit(mine[0]).equipment
    sc.do(A.UseEquipment(walker, mine[0]), A.Challenge(1, (0, 0)))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    said, _ = painted(monkeypatch, t, duel_panel(t))
    monkeypatch.undo()
    assert "kept out by your Walker" in said, said
    assert "kept out by Player 2's Walker" in said, said
    assert not [w for w in said if w.endswith("…")], said
    t.app.step([], 0.016)
    shot(t.app, f"kept-out-{size[0]}x{size[1]}")
