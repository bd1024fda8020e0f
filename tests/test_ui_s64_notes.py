"""The s64 stop: a note that hid the top row's Location titles."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_s62_notes import NOTE, _bottom_row, names_hidden  # noqa: E402
from test_ui_table import FOUR, STANDARD, laid, table  # noqa: E402

from game.ui.table.tiles import header  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def titles_hidden(t, box: pygame.Rect) -> dict:
    """The Locations and Havens in sight whose title (a tile's name and counts, along
    its top) `box` covers, with how much, in square pixels."""
    hidden = {}
    for cell in t.board.places:
        r = t.lay.cells.get(cell)
        if r is not None:
            head = pygame.Rect(r.x, r.y, r.w, header(r.h)).clip(t.seen()).clip(box)
            if head.w * head.h:
                hidden[cell] = head.w * head.h
    return hidden


def test_a_note_leaves_the_top_row_s_titles_where_the_locations_have_room(make_app):
    """The bottom row crowded with tokens, a note went to the Field's top and hid the
    top row's names and face-down counts for its 3.5 s (s62's playtest). It goes over
    a row's art instead, under its titles: no title, no token's name hidden, its words
    whole."""
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        t = _bottom_row(make_app, size)
        box = t.message_rect
        assert titles_hidden(t, box) == {}, (size, box)
        assert names_hidden(t, box) == 0, (size, box)
        assert " ".join(t._message_place(NOTE)[0]) == NOTE


@pytest.mark.parametrize("level,seats", [(STANDARD, 2), (FOUR, 4)])
def test_a_note_over_the_laid_field_hides_no_title(make_app, level, seats):
    """The Field as two and four seats lay it, at the window sizes played: the note
    hides neither a Location's title nor a token's name."""
    s = laid(level, seats)
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        t = table(make_app(size), s)
        t.say(NOTE)
        t.app.step([], 0.016)
        assert titles_hidden(t, t.message_rect) == {}, (size, t.message_rect)
        assert names_hidden(t, t.message_rect) == 0, (size, t.message_rect)
