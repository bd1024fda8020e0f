"""The s65 stop (window): a Planetary refusal names the members of the group who lack
the symbol, by their names (Rules for Locations)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import cell_spot, click, mouse, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def port_trio():
    """Seat 0's Move phase: two Heroes and a Pilot (Planetary among his skills) at
    (0, 0), beside Rust Port, a Planetary Location, at (1, 0)."""
    from test_rules_items import CARDS
    from scene import Scene
    from game.engine.state import MOVE
    sc = Scene(CARDS + """\
- {id: port, name: Rust Port, type: location, categories: [Planetary]}
- {id: pilot, name: Pilot, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Planetary: 1}}
""", seats=2)
    sc.location((0, 0))
    sc.location((1, 0), card="port")
    sc.location((0, 1))
    sc.haven((1, 1))
    chars = [sc.char("hero", (0, 0)), sc.char("hero", (0, 0)), sc.char("pilot", (0, 0))]
    sc.turn(MOVE)
    return sc, chars


def test_a_planetary_refusal_names_the_two_who_lack_the_symbol_not_the_one_who_has_it(
        make_app, tmp_path):
    """Daigo, Mio and Reiji together heard "the group lacks it" while Reiji's card lists
    Planetary among his skills (s65's playtest): the hint names the two Heroes, and not
    the Pilot."""
    sc, chars = port_trio()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    for c in chars:
        click(app, t.unit_rects[c].center)
    assert t.selection == set(chars)
    app.step([mouse(pygame.MOUSEMOTION, cell_spot(t, (1, 0)), 0)], 0.016)
    hint = t.hint()
    assert hint.startswith("Rust Port is Planetary: Hero #1 and Hero #2 lack the Planetary "
                           "symbol"), hint
    assert "Pilot" not in hint and "every Character of a group must have it" in hint
    app.step([], 0.016)
    pygame.image.save(app.screen, str(tmp_path / "s65_planetary.png"))
