"""The full-size games played whole in the window with synthetic mouse events
(tests/mouse_player.py), from the Title to the Game over scene: the standard game
against the normal AI, and the four-player game with one human and three AI
(issue 15). Minutes each, so not in the everyday suite:

    FULL_GAMES=1 python -m pytest -n 0 -s tests/test_ui_fullgames.py

prints each game's CPU and wall time and the gestures used."""
from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from mouse_player import MousePlayer  # noqa: E402
from test_ui_wholegame import new_game  # noqa: E402
from zones import hidden_from  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.scenes.game_over import GameOverScene  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table import TableScene  # noqa: E402
from conftest import keys_for_tests  # noqa: E402

pytestmark = pytest.mark.skipif(not os.environ.get("FULL_GAMES"),
                                reason="minutes each: FULL_GAMES=1 runs them (README)")


@pytest.mark.parametrize("level,seats,seed", [
    ("standard_2p", ["human", "ai:normal"], 11),
    ("four_players", ["human", "ai:normal", "ai:normal", "ai:normal"], 12),
])
def test_a_full_size_game_by_mouse_to_game_over(tmp_path, monkeypatch, level, seats, seed):
    app = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    app.to_menu()

    def watch(app):
        t = app.top
        if isinstance(t, TableScene):
            leaked = set(t.shown) & hidden_from(t.session.state, 0)
            assert not leaked, f"drawn for seat 0: {leaked}"

    cpu, wall = time.process_time(), time.perf_counter()
    player = MousePlayer(app, seed=seed, on_frame=watch)
    table = new_game(player, seats, seed=seed, monkeypatch=monkeypatch, level=level)
    over = player.play(max_frames=400_000)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    s = table.session
    assert isinstance(over, GameOverScene) and s.result is not None and over.title
    print(f"\n{level} {','.join(seats)}: {len(s.record.actions)} actions, "
          f"{s.view().rounds} rounds, {sum(player.used.values())} by mouse; "
          f"CPU {cpu:.0f} s, wall {wall:.0f} s; gestures {sorted(player.used.items())}")
    assert sum(player.used.values()) >= 50
    assert any(g.startswith("drag") for g in player.used)
    app.quit()
