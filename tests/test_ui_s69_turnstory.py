"""One moment on the screen at a turn change, s69's newcomer playtest.

Four seats, two people: as an AI seat's last move plays out before a person's curtain,
the bar said "Discard phase · Waiting for Player 1" with Player 1's mark, Player 4's
panel THEIR TURN, the hand strip "Hands hidden while Player 4 (AI Normal) plays".
"""
from __future__ import annotations

import random

from game.engine.events import ALL_SEE
from game.ui.table.paint import Painter, whose_turn

from test_ui_s68_handoff import a_frame, normal_table
from test_ui_table import FOUR


def test_a_watched_ai_move_tells_its_own_turn_everywhere(tmp_path, monkeypatch):
    """Every frame an AI seat's move plays out before a person's curtain, the bar (its
    mark and phase) and the seat panels (THEIR TURN, the outline of the seat acting) are
    painted from one Board, every seat's share, on which that AI seat acts; the bar's
    hint and the hand's caption name it, not the person next (the curtain's note does)."""
    painted: dict[str, tuple] = {}
    for part in ("bar", "seats"):
        def told(self, *a, _part=part, _was=getattr(Painter, part), **k):
            v = self.b.view
            painted[_part] = (whose_turn(v), v.to_act, v.seat)
            return _was(self, *a, **k)
        monkeypatch.setattr(Painter, part, told)
    s, app, t = normal_table(tmp_path, ["human", "human", "ai:random", "ai:random"], FOUR)
    rng = random.Random(1)
    frames = 0
    for _ in range(3000):
        a_frame(app, s, t, rng)
        if s.watch is None or s.seats[s.acted_by] == "human" or t.curtain_button is not None:
            if frames:  # one AI seat's move watched to its end
                break
            continue
        frames += 1
        turn, acting, seat = painted["seats"]
        assert painted["bar"] == painted["seats"] and seat == ALL_SEE, (painted, frames)
        assert acting == s.acted_by != s.to_act, (painted, s.to_act)
        who = f"Player {s.acted_by + 1}"
        assert t.hint().startswith(who) and t.hand_caption().startswith(
            f"Hands hidden while {who}"), (t.hint(), t.hand_caption())
    assert frames > 20, frames
    app.quit()
