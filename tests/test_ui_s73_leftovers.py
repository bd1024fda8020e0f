"""What the s73 newcomer playtest left (s73 leftovers): a Character Bonked out of a
Combat named in full on its Combat card's row, the bar's words cut while a hand-off
waits, the four-seat game-over account in 10 px type at 960x540."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import actions as A  # noqa: E402
from game.engine import events as E  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_table import scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

SHOTS = os.environ.get("S73_SHOTS")  # a folder: the screens are saved there to look at


def _shot(app, name: str) -> None:
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, name))


def _bonked_out(make_app, size):
    """Commander Reiji Valen and Captain Marlowe Tetsuhige (seat 0) fight an Ogre whose
    blow Bonks Valen; played until the Combat is over, at Normal speed."""
    from scene import Scene
    from test_ui_combat_panel import TITLED
    from game.engine.options import Options
    from game.engine.state import MOVE
    from game.ui.settings import Settings
    sc = Scene(TITLED + """\
- {id: ogre, name: Ironhide Ogre, type: disaster, class: minor,
   abilities: {attack: 8, defense: 30, movement: 1, charm: 0}}
""", seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    valen = sc.char("valen", (0, 0))
    marlowe = sc.char("marlowe", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(ogre))
    s = scene_session(sc, ["human", "human"])
    app = scene_app(make_app, sc, size)
    app.settings = Settings(anim_speed="normal")
    t = table(app, s)
    return sc, s, t, valen, marlowe



def _played_out(t, chars) -> None:
    """Every Character left attacks, round by round, until the Combat is over and its
    animations have played up to its end."""
    for _ in range(4):
        for c in chars:
            if A.Declare(c, "attack") in t.session.legal():
                t.send(A.Declare(c, "attack"))
        for _ in range(400):
            t.app.step([], 0.05)
            if any(isinstance(n, E.CombatEnded) for n in t.notes) or not t.animator.busy:
                break
        if any(isinstance(n, E.CombatEnded) for n in t.notes):
            return
    raise AssertionError("the Combat did not end")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (960, 540)])
def test_a_character_bonked_out_of_a_combat_keeps_its_short_name(make_app, monkeypatch, size):
    """Basic Terms, Bonk: a Character Bonked leaves the Combat. The Combat panel names
    the group by short names (as their tokens do); one Bonked out of it was named in
    full, and at 1920x1080 its Combat card's row read "for Commander Reiji Valen (P1)
    (Bonk…" (s73 newcomer). Those the group began with keep their short names, the
    row whole."""
    from test_ui_combat_panel import painted
    from game.ui.table import panels
    sc, s, t, valen, marlowe = _bonked_out(make_app, size)
    _played_out(t, (valen, marlowe))
    assert [n.result for n in t.notes if isinstance(n, E.CombatHit)
            and n.target in (valen, marlowe)] == ["bonked", "bonked"]
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.fight, t.notes, t.name, t.plan))
    monkeypatch.undo()
    t.app.step([], 0.016)
    _shot(t.app, f"bonked-out-{size[0]}.png")
    short = panels.short_names(t.painter([]), [valen, marlowe], t.name)
    assert short[valen] != t.name(valen)
    assert not [w for w in said if t.name(valen) in w or t.name(marlowe) in w], said
    assert any(w.startswith(f"for {short[valen]} (Bonked)") for w in said), said
    assert not [w for w in said if w.endswith("…")], said
