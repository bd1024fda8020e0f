"""The curtain's news told in the order it happened (s61's left item: told the most
important first, a Combat came before the move that led to it)."""
from __future__ import annotations

from game.engine import events as E

import test_ui_table
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def small_field():
    """Two seats' small Field: Locations at (0, 0), (0, 1) and (2, 0), Player 1's Haven
    at (-1, 0), Player 2's at (1, 0)."""
    from scene import Scene
    from test_ui_combat_panel import TITLED
    sc = Scene(TITLED, seats=2)
    for cell in ((0, 0), (0, 1), (2, 0)):
        sc.location(cell)
    sc.haven((-1, 0), seat=0)
    sc.haven((1, 0), seat=1)
    return sc


def test_the_curtain_keeps_what_matters_most_and_tells_it_in_order():
    """Of more lines than it has room for, the curtain keeps the ones that matter most
    to the person sitting down (Headline ranks, the least the most) and tells them in
    the order they happened, with a count of those left out."""
    import pygame
    from game.ui.table.popups import Headline, told
    pygame.font.init()
    font = pygame.font.Font(None, 18)
    said = [Headline(w, rank) for w, rank in (
        ("Player 1 played a Flash Effect", 3), ("Kaede moved next to yours", 2),
        ("Combat! Player 1 attacks Player 2", 1), ("Player 3 built a Haven", 3),
        ("Kaede took a face-down card from Akiko", 0), ("Akiko took 2 Damage", 1))]
    rows, left_out, _ = told(said, font, 2000, room=4)  # three lines and the count's row
    assert rows == ["Combat! Player 1 attacks Player 2",
                    "Kaede took a face-down card from Akiko", "Akiko took 2 Damage"]
    assert left_out == 3
    rows, left_out, earlier = told(said, font, 2000, room=5)  # four and the count
    assert rows == said[1:3] + said[4:] and left_out == 2 and not earlier  # one came later
    assert told(said, font, 2000, room=20) == (said, 0, True)  # all, where all fit
    # Lines without a rank (the log's last lines): the latest kept.
    assert told(["a", "b", "c"], font, 2000, room=2) == (["c"], 2, True)


def test_a_combat_is_told_after_the_move_that_led_to_it(make_app):
    """Rules for Combat between players: Player 1 moved Valen to the Location where
    Player 2's Akiko stood and attacked her. Player 2's curtain said "Combat! Player 1
    attacks Player 2" above "Valen moved ... to ...": the Combat came before the move
    that led to it. It tells them as they happened, both kept."""
    from game.engine.state import MOVE
    from game.ui.table import popups
    sc = small_field()
    valen = sc.char("valen", (0, 1))
    akiko = sc.char("akiko", (0, 0), seat=1)
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    t = table(scene_app(make_app, sc, (1024, 600)), s)
    s.match.log.extend([E.Moved(0, (valen,), (0, 1), (0, 0)), E.DuelBegan(0, 1, (0, 0), ())])
    v = t._log_name(valen)
    move = f"{v} moved from {t._log_name((0, 1))} to {t._log_name((0, 0))}"
    title, lines = t.curtain_words(1)[1]
    assert lines == [move, "Combat! Player 1 attacks Player 2"], lines
    assert lines[0].rank > lines[1].rank  # the Combat matters more, and is told second
    w, h = t.app.screen.get_size()
    rows, left_out, _ = popups.told(lines, popups.ink.font(t.px(15)), round(w * 0.8), 3)
    assert rows == lines and left_out == 0
    t.draw(t.app.screen)  # the curtain drawn with them
    assert akiko in s.state.units
