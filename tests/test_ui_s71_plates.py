"""s71 playtest: the head over the other side's printed chips in Combat between players."""
from __future__ import annotations

import pytest

from shots import table_shot

from test_ui_combat_panel import duel_panel, painted, titled_duel
import test_ui_table
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_other_side_s_chips_are_headed_in_their_own_words(make_app, monkeypatch, size):
    """A lone "printed" beside "Player 2 defends" read as a stray label to a newcomer:
    the head over the other side's Attack and Defense chips says what they are, the
    values on their cards, in a noun that does not read on from "defends"."""
    sc, _, _ = titled_duel()
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    said, _ = painted(monkeypatch, t, duel_panel(t))
    table_shot(t, f"s71_printed_head_{size[0]}")
    assert "printed" not in said, said
    assert "card values" in said, said  # at 960x540 too (s72)
