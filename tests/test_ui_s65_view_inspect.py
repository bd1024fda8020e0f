"""The s65 stop (window): the inspector lists every ability of the Character chosen,
the changed ones marked, and its Health, at every window size."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: boost, name: Boost, type: enhancement, bonuses: {defense: "+2"}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
"""


def trio():
    """Seat 0's Move phase: a Hero with a Boost (+2 Defense), one damaged, and seat 1's
    Hero and an Ogre beside them."""
    from scene import Scene
    from game.engine.state import MOVE
    sc = Scene(CARDS, seats=2)
    for cell in ((0, 0), (1, 0), (0, 1)):
        sc.location(cell)
    sc.haven((1, 1))
    boosted = sc.char("hero", (0, 0), enhancements=["boost"])
    hurt = sc.char("hero", (0, 0))
    sc.unit(hurt).damage = 1
    theirs = sc.char("hero", (1, 0), seat=1)
    ogre = sc.disaster("ogre", (0, 1), seat=1)
    sc.turn(MOVE)
    return sc, boosted, hurt, theirs, ogre


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_inspector_lists_every_ability_the_changed_ones_marked(make_app, size, tmp_path,
                                                                    monkeypatch):
    """Mio and Reiji showed Attack and Movement, no Defense, while Kaede's Defense showed
    because a card changed it (s65's playtest): every ability, in one order, the one
    changed with its printed number, and Health left of its base."""
    from game.ui.table.panels import inspect_panel
    sc, boosted, hurt, theirs, ogre = trio()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    p = t.painter([])
    words = [w for w, _ in inspect_panel.abilities(p, t.board.units[boosted])]
    assert words == ["Attack 3", "Defense 5 (printed 3)", "Movement 2", "Charm 1", "Energy 1"]
    assert inspect_panel.health(p, t.board.units[boosted])[0] == "Health 3/3"
    words = [w for w, _ in inspect_panel.abilities(p, t.board.units[hurt])]
    assert words[1] == "Defense 3"
    assert inspect_panel.health(p, t.board.units[hurt])[0] == "Health 2/3, Damage 1"
    # Another player's: its card's numbers, said as such (its totals are not in the view).
    words = [w for w, _ in inspect_panel.abilities(p, t.board.units[theirs])]
    assert words[0] == "On its card:" and "Defense 3" in words
    # A Disaster: the abilities its card prints.
    words = [w for w, _ in inspect_panel.abilities(p, t.board.units[ogre])]
    assert words == ["Attack 5", "Defense 3", "Movement 1"]
    # Drawn whole (not cut with an ellipsis) within the inspector, at every size.
    from game.ui.table import ink
    real, drawn = ink.fit, []

    def fit(words, px, width, *rest):
        drawn.append((words, ink.font(px).size(words)[0] <= width))
        return real(words, px, width, *rest)
    monkeypatch.setattr(ink, "fit", fit)
    for who in (theirs, ogre, boosted, hurt):  # one of hers chosen, a click on theirs moves
        click(app, t.unit_rects[who].center)
        drawn.clear()
        t._stale = True
        app.step([], 0.016)
        pygame.image.save(app.screen, str(tmp_path / f"insp_{size[0]}_{who}.png"))
        want = [w for w, _ in inspect_panel.abilities(p, t.board.units[who])] + [
            inspect_panel.health(p, t.board.units[who])[0]]
        assert all(ok for w, ok in drawn if w in want), drawn
        assert set(want) <= {w for w, _ in drawn}, (want, drawn)
    assert "Defense 3" in {w for w, _ in drawn}  # the last, Hero #2's: unchanged, said
