"""One moment on the screen at a turn change, s69's newcomer playtest.

Four seats, two people: as an AI seat's last move plays out before a person's curtain,
the bar said "Discard phase · Waiting for Player 1" with Player 1's mark, Player 4's
panel THEIR TURN, the hand strip "Hands hidden while Player 4 (AI Normal) plays".
"""
from __future__ import annotations

import random

import pytest

from conftest import keys_for_tests
from game.engine import actions as A
from game.engine.events import ALL_SEE
from game.ui.app import App
from game.ui.booth import SET_UP_NOTE
from game.ui.settings import Settings
from game.ui.table import locations
from game.ui.table.paint import Painter, whose_turn
from game.ui.table.tiles import badge_rect

import test_ui_table
from test_booth import booth_app, click, frame
from test_ui_fallen import normal
from test_ui_s68_handoff import a_frame
from test_ui_table import FOUR, session, table, until

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
FRAME = 1 / 60


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
    # Set up without the window (600 frames of its deals, no AI move watched in them):
    # the table comes in as the first turn begins, and plays to the first watched move.
    s = session(FOUR, ["human", "human", "ai:random", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase != "setup")
    app = App((1280, 720), Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    t = table(app, s)
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


def _far_fight():
    """Valen and the Tengu Crow in the last row of a Field taller than the view."""
    from test_ui_fight_in_view import _low_fight
    return _low_fight(4, 7)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_field_above_a_combat_panel_shows_whole_cells_in_every_frame(make_app, size):
    """From the frame a Combat's panel comes, the Field in the room it leaves shows the
    fought cell whole and no cell cut: the view glided there under the panel, and for
    half a second showed the name strips of one row and the art of another (s69's
    playtest: the fought cell's name cut, a row half under the panel)."""
    sc, valen, crow = _far_fight()
    s, t = normal(make_app, sc, ["human"], size)
    t.camera.look_at((0.5, 0.5))  # the top left: the fight is out of sight
    for _ in range(30):
        t.app.step([], 1 / 30)
    t.send(A.Fight(crow))
    framed = 0
    for _ in range(60):
        t.app.step([], 1 / 30)
        if t.combat_cover is None:
            continue
        framed += 1
        seen = t.seen()
        cut = [c for c, r in t.lay.cells.items() if r.colliderect(seen) and not seen.contains(r)]
        assert not cut and seen.contains(t.lay.cells[(3, 6)]), (framed, cut, seen)
    assert framed > 20


def badges(t) -> list:
    """Where the Locations in sight show their Health badge."""
    out = []
    for cell, p in t.board.places.items():
        r = t.lay.cells.get(cell)
        badge = locations.badge(p, t.session.game.db[t.board.card_id(p.card)],
                                t.board.view.seat)
        if r is not None and badge is not None and r.colliderect(t.seen()):
            out.append(badge_rect(badge, r.size).move(r.topleft))
    return out


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seed", [7, 8])
def test_the_booth_s_set_up_note_covers_no_health_badge_nor_token(tmp_path, card_db, size,
                                                                   seed):
    """"The computer has set up the Field for you" lay over a Location's "Health 6/6"
    for its 3.5 s (s69's playtest, the booth's seed 5): it is kept clear of the badges
    as of the tokens and names, its words whole."""
    app, clock = booth_app(tmp_path, card_db, size=size, speed="normal", seed=seed)
    frame(app, clock, dt=FRAME)
    frame(app, clock, click(), dt=FRAME)
    frame(app, clock, dt=FRAME)  # (the note is said once the table is on)
    t = app.top
    assert t.message[0] == SET_UP_NOTE
    plates = badges(t)
    assert plates, "a Location with Health in sight"
    assert t.message_rect.collidelist(plates) == -1, (t.message_rect, plates)
    tokens = [r for r in t.unit_rects.values() if r.colliderect(t.seen())]
    assert t.message_rect.collidelist(tokens) == -1, t.message_rect
    rows, _ = t._message_place(SET_UP_NOTE)
    assert " ".join(rows) == SET_UP_NOTE
