"""The booth as a visitor sits down (s62, from s61's playtest): the Field flashed blank
as the table opened, and the note that the computer set the Field up lay over a token."""
from __future__ import annotations

import pytest

from game.ui.booth import SET_UP_NOTE
from game.ui.table import TableScene
from game.ui.table.tiles import header
from test_booth import booth_app, click, frame

FRAME = 1 / 60


def shown_plain(app, t: TableScene) -> list:
    """The placed cells in sight whose name strip shows one colour on the screen: a
    plain stand-in, not the tile with its name and art."""
    plain = []
    for cell, place in t.board.places.items():
        r = t.lay.cells[cell]
        assert t.seen().contains(r)  # (the booth's Field fits its view)
        y = r.top + header(r.h) // 2
        if len({tuple(app.screen.get_at((x, y))) for x in range(r.left + 8, r.right - 8)}) < 3:
            plain.append(t.session.game.card(place.card).name)
    return plain


def test_the_field_set_up_for_a_visitor_shows_from_the_click_s_frame(tmp_path, card_db):
    """A visitor clicked and, for the first three frames, the Field's cells were empty
    (a plain card's colour, no name, no art) with the Characters' tokens standing on
    them; the Locations came in the fourth. A table opening on a Field laid before it
    (the set-up made for the visitor) draws its tiles in its first frame: a plain card
    stands in only for one placed while the table is open, under its flight."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720), speed="normal")
    frame(app, clock, dt=FRAME)
    frame(app, clock, click(), dt=FRAME)
    t = app.top
    assert isinstance(t, TableScene) and app.booth.kind == "one"
    assert len(t.board.places) == 8
    for _ in range(4):
        assert shown_plain(app, t) == []
        frame(app, clock, dt=FRAME)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_set_up_note_covers_no_token(tmp_path, card_db, size):
    """"The computer has set up the Field for you: the log says what went where" lay
    across the Field's foot for its 3.5 s, over Mio in the AI's Haven, laid in the
    Field's bottom row (the booth's seed 5 lays it there at every size). The note goes
    where a Combat's does (frame._message_place): the first place clear, here of the
    tokens in sight, where its words are whole."""
    app, clock = booth_app(tmp_path, card_db, size=size, speed="normal", seed=5)
    frame(app, clock, dt=FRAME)
    frame(app, clock, click(), dt=FRAME)
    frame(app, clock, dt=FRAME)  # (the note is said once the table is on)
    t = app.top
    assert t.message[0] == SET_UP_NOTE
    seen = t.seen()
    tokens = [r for r in t.unit_rects.values() if r.colliderect(seen)]
    haven = next(p.cell for p in t.board.places.values()
                 if p.kind == "haven" and p.owner == 1)
    theirs = [t.unit_rects[u.card] for u in t.board.units_at[haven]]
    # The AI's Haven reaches into the band the note took across the Field's foot.
    assert max(r.bottom for r in theirs) > t.lay.hand.top - t.px(6) - t.message_rect.h
    assert t.message_rect.collidelist(tokens) == -1, t.message_rect
    rows, box = t._message_place(SET_UP_NOTE)
    assert " ".join(rows) == SET_UP_NOTE and t.lay.field.contains(box)
