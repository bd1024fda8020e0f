"""What a newcomer found at the window, the second pass (helper s35w2, from s35w's
three-seat hot-seat game at 1366x768 and its stop's notes; headless scenes)."""
from __future__ import annotations

import pytest

from game.engine import actions as A

import test_ui_table
from test_ui_table import scene_app, scene_session, table
from test_ui_window_s33w2 import settle

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def test_a_game_started_from_the_command_line_counts_as_the_first_game_seen(
        tmp_path, monkeypatch):
    """The guided first game is for someone who has not played (settings.guide_seen).
    After `python main.py play ...` (s35w, shot a75) the next plain `python main.py`
    opened the guide rather than the title: a game opened straight on the table did not
    mark it seen. Someone who has played a game from the command line gets the title."""
    import game.ui.settings as settings
    from game.ui.app import App, open_window
    from game.ui.scenes.title import TitleScene
    from game.ui.table import TableScene
    monkeypatch.setattr(settings, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(settings, "data_dir", lambda: tmp_path / "data")
    import game.ui.app as app_module
    monkeypatch.setattr(app_module, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(app_module, "data_dir", lambda: tmp_path / "data")
    tops = []
    monkeypatch.setattr(App, "run", lambda app: tops.append(app.top) or app.end_session() or 0)
    s = test_ui_table.session(test_ui_table.STANDARD, ["human", "ai:easy"], seed=3)
    assert open_window(s) == 0
    assert isinstance(tops[0], TableScene) and tops[0].session.guide is None
    assert open_window() == 0
    assert isinstance(tops[1], TitleScene), tops[1]
