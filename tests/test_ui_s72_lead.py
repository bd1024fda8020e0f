"""s72, the lead's own: what the session's playtest left that a newcomer meets first."""
from __future__ import annotations

import pytest

from game.ui.app import App
from game.ui.scenes.new_game import NewGameScene

from shots import shot
import test_ui_shell
from test_ui_shell import button, choose, click, open_scene

app = test_ui_shell.app  # the fixture


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_new_game_offers_the_mirror_match(app, monkeypatch, size):
    """s72's playtest: the mirror match (one deck on both sides, the level the AI levels
    are measured on) was reachable only through `main.py play --level`; New game's list
    had no fair match. It is offered, and Start makes its game: both seats the deck."""
    started = []
    monkeypatch.setattr(App, "start_game", lambda self, c: started.append(c))
    scene = open_scene(app, NewGameScene, size)
    mirror = next(lv for lv in scene.levels if lv.id == "mirror")
    choose(app, scene.level_choice, mirror)
    app.step([], 1 / 60)
    shot(app, f"s72_new_game_mirror_{size[0]}")
    click(app, button(scene, "Start").rect.center)
    config = started[0]
    assert config.level.endswith("mirror.yaml") and config.seats[0] == "human"
    assert config.decks == ["moonlit-shrine", "moonlit-shrine"]
