"""s69's second playtest: while a Disaster was still turning over, the inspector
already offered the Character's "attacks / holds back" buttons, and a press was
refused in red, "The Combat is still playing out". While the table plays out what led
to a decision (TableScene.fight_behind), nothing of it can be pressed: the bar and the
combat panel already knew (s61), the inspector now too."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.ui.table import panels

import test_ui_table
from test_ui_s61_panel import sitting_down_to_a_new_combat
from test_ui_watching import FRAME

make_app = test_ui_table.make_app


def _inspector_acts(t, unit) -> list:
    return panels.own_buttons(t.painter([]), t.board.units[unit], t.name)[0]


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_inspector_offers_no_button_while_the_combat_plays_out(make_app, size):
    s, app, t, hero, imp = sitting_down_to_a_new_combat(make_app, size)
    t.inspect = hero
    behind = 0
    for _ in range(900):
        app.step([], FRAME)
        if t.fight_behind():
            behind += 1
            assert _inspector_acts(t, hero) == [], "a button while the Combat plays out"
            assert not [k for _, k in t.panel_hits if k[0] == "act"], t.panel_hits
        elif not t.animator.busy and not s.pending:
            break
    assert behind, "nothing was played out"
    # Once it has caught up, the hero's declarations are its buttons again.
    assert any(isinstance(a, A.Declare) for a in _inspector_acts(t, hero))
    app.quit()
