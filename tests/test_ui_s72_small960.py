"""The s72 small-window fixes (960x540, found by earlier playtests): the inspector's
Movement line broken at a sensible place, a guided Combat's tiles naming their cards
whole, the Off Field panel's key line readable, and the duel panel's "card values" head
beside the chips it names."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
import test_ui_table  # noqa: E402
from shots import table_shot  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

SIZES = [(960, 540), (1280, 720)]

KART_CARDS = """\
- {id: hero, name: Hero Hoshino, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: mud, name: Mud Boots, type: enhancement, bonuses: {movement: "-1"}}
- {id: kart, name: Go Kart, type: equipment, bonuses: {movement: "+2"}}
"""


def kart_scene():
    """Seat 0's Move phase: a Hero whose Mud Boots lower its Movement to 1 (printed 2),
    carrying a Go Kart not yet in use (+2 Movement once it is)."""
    from scene import Scene
    from game.engine.state import MOVE
    sc = Scene(KART_CARDS, seats=2)
    for cell in ((0, 0), (1, 0), (0, 1)):
        sc.location(cell)
    sc.haven((1, 1))
    hero = sc.char("hero", (0, 0), enhancements=["mud"], equipment=["kart"])
    sc.char("hero", (1, 0), seat=1)
    sc.turn(MOVE)
    return sc, hero


@pytest.mark.parametrize("size", SIZES)
def test_the_inspector_breaks_the_movement_line_at_its_parenthesis(make_app, size,
                                                                    monkeypatch):
    """A playtest at 960x540: "Movement 1 (printed 2; 3 with the Kart in use)" wrapped
    mid-phrase ("... 3 with the" / "Kart in use)"). The line breaks where its parts
    meet: the total, then each part of the parenthesis whole on its row."""
    from game.ui.table import ink
    sc, hero = kart_scene()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    drawn: list[str] = []
    real = ink.fit

    def fit(words, px, width, *rest):
        drawn.append(words)
        return real(words, px, width, *rest)
    monkeypatch.setattr(ink, "fit", fit)
    click(app, t.unit_rects[hero].center)
    drawn.clear()
    t._stale = True
    app.step([], 0.016)
    table_shot(t, f"inspector_kart_{size[0]}")
    rows = [w for w in drawn if "Kart" in w or "Movement" in w or "printed" in w]
    said = " ".join(rows)
    assert "Movement 1" in said and "printed 2" in said and "3 with the Kart in use" in said
    # Each row starts a part: the total, "(printed 2;" or the Kart's whole.
    for row in rows:
        assert row.startswith(("Movement", "(", "3 with")), rows
