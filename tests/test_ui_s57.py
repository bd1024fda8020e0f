"""The s57 four-seat playtest's findings at the window: a deep stack of Flash Effects
on the curtain and the bar, and the words the helper found wrong."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import test_ui_table  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import MOVE  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _deep_stack(make_app, size, depth: int):
    """Player 1 played a Zap and the two answered each other's until `depth` wait on
    the stack (Rules for Flash Effects: each answers the one before it)."""
    from scene import Scene
    from test_rules_timing import CARDS as TIMING
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(TIMING, seats=2)
    sc.location((0, 0))
    heroes = [sc.char("hero", (0, 0)), sc.char("hero", (0, 0), seat=1)]
    zaps = [list(sc.hand(0, *["zap"] * depth)), list(sc.hand(1, *["zap"] * depth))]
    sc.turn(MOVE)
    sc.do(*(A.PlayCard(zaps[k % 2].pop(), heroes[k % 2]) for k in range(depth)))
    s = scene_session(sc, ["human", "human"])
    return table(scene_app(make_app, sc, size), s), s, heroes


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (960, 540)])
def test_a_deep_flash_stack_leaves_the_curtains_buttons_on_the_window(make_app, size):
    """Seven Flash Effects on the stack: the curtain's reason named them all, wrapped to
    eight rows at 1920x1080, and pushed "I am Player 1" and "Pass without looking" off
    the window's foot (s57 playtest, long card names). Here twenty short ones: the
    reason keeps to a few rows, and both buttons and the Esc line stay on the window."""
    t, s, _ = _deep_stack(make_app, size, 20)
    assert s.handoff() is not None
    t.draw(t.app.screen)
    window = pygame.Rect((0, 0), size)
    assert t.curtain_pass is not None
    for button in (t.curtain_button, t.curtain_pass):  # the Esc line under them too
        assert window.contains(button.inflate(0, 0).union(button.move(0, t.px(36)))), \
            (button, size)
    t.app.quit()


def test_the_bar_and_the_curtain_count_what_they_cannot_name_rules_for_flash_effects(make_app):
    """Rules for Flash Effects: they resolve the last played first. With six waiting
    under the top one, the bar ran off its end on the second name; it names the next
    and counts the rest, and the curtain names three and counts the rest."""
    t, s, heroes = _deep_stack(make_app, (1280, 720), 8)  # Player 2's on top
    said = t.curtain_words(0)[0]
    assert said.startswith("Player 2 played Zap on") and said.count("'s Zap on") == 3, said
    assert said.endswith(", and 4 more (the game log has them)."), said
    s.take_seat()
    hint = t.hint()
    assert hint.count("'s Zap on") == 1, hint  # the top one is "the Flash Effect Zap"
    assert hint.endswith(f"Then, waiting under it: Player 1's Zap on {t.name(heroes[0])}, "
                         "and 6 more (the game log has them)."), hint
    t.app.quit()


def test_the_curtain_s_reason_keeps_to_its_rows_whatever_its_length(make_app):
    """Long card names, many of them (a playtest's stack of seven read "Second Wind on
    Sayo Tsukishiro" and the like): the reason takes at most REASON_ROWS rows in its
    largest type, then a smaller one, and at the smallest its rest in one more row."""
    from game.ui.table import popups
    app = make_app((1920, 1080))  # the fonts

    def px(n: float) -> int:  # the table's scale at 1920x1080
        return round(n * 1.5)
    short = "Setting up the Field: Player 1 places a card"
    assert popups._reason_rows(short, 1650, px) == (px(32), [short])
    long = " ".join(f"then Player {k % 4 + 1}'s Wind of Second Chances on Sayo "
                    "Tsukishiro of the Moonlit Shrine," for k in range(12))
    size, rows = popups._reason_rows(long, 1650, px)
    assert size == px(22) and len(rows) == popups.REASON_ROWS + 1
    assert " ".join(rows) == long  # all of it, the last row cut by ink.fit as drawn
    app.quit()
