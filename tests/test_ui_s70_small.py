"""s70's newcomer playtest, small window fixes: the action list laid out again when the
window is resized; Game over's story keeping its key moments; the Charm result's words."""
from __future__ import annotations

import pygame

from game.engine.state import MOVE

import test_ui_table
from test_ui_table import key

make_app = test_ui_table.make_app


def resize(app, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)  # as SDL does under the drag
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0.016)


def test_the_action_list_open_while_the_window_shrinks_fits_it_as_one_opened_there(make_app):
    """The list (A) opened at 1280x720, the window then resized to 960x540, kept its
    1280x720 rows and type: "1-24 of 26", its last row cut at the window's foot. It is
    laid out again: inside the window, as the list opened at 960x540 is, its focused row
    still shown."""
    from test_ui_combat_panel import TITLED
    from test_ui_window_s33w2 import opened, wide_field
    sc = wide_field(TITLED)
    for c in ("valen", "pawlina", "akiko"):
        sc.char(c, (-3, -2))
    sc.turn(MOVE)
    s, t = opened(make_app, sc, (1280, 720))
    key(t.app, pygame.K_a)
    assert t.menu is not None and len(t.menu.items) > 30
    for _ in range(25):  # the focus well down the list
        key(t.app, pygame.K_DOWN)
    focus, big = t.menu.focus, t.menu.rows
    resize(t.app, (960, 540))
    assert t.size == (960, 540) and t.menu is not None
    screen = pygame.Rect(0, 0, 960, 540)
    assert screen.contains(t.menu.rect), t.menu.rect
    shrunk = (t.menu.rect.copy(), t.menu.rows, t.menu.row)
    assert t.menu.rows < big
    assert t.menu.scroll <= focus < t.menu.scroll + t.menu.rows
    key(t.app, pygame.K_ESCAPE)
    key(t.app, pygame.K_a)
    assert (t.menu.rect, t.menu.rows, t.menu.row) == shrunk
    t.app.quit()
