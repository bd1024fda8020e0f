"""The booth, s41k: three strangers in a row, one who plays to the end, one who tries
the ways out, and the booth left alone (docs/window.md, Booth mode)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from test_booth import at_game_over, booth_app, frame  # noqa: E402
from game.ui import booth  # noqa: E402


def said(monkeypatch, where=booth) -> list[tuple[str, pygame.Rect]]:
    """Every line the booth (or the module `where`) writes with its `text` from now on,
    with where."""
    lines: list[tuple[str, pygame.Rect]] = []
    was = where.text

    def spy(surface, words, *args, **kw):
        rect = was(surface, words, *args, **kw)
        lines.append((words, rect))
        return rect
    monkeypatch.setattr(where, "text", spy)
    return lines


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_game_over_screen_says_when_the_show_comes_back(tmp_path, card_db, size,
                                                            monkeypatch):
    """Every timer said on screen (the booth's brief, s41k): a finished game's screen
    went back to the AI seats' show after the idle time without a word (shot
    /tmp/s41k/shots/53: at 85 s of 90 the screen said nothing of it), the result torn
    from whoever still read it. The seconds left are said between Done and Rematch,
    counting down, and a move of the mouse, which keeps the screen, starts them again."""
    app, clock = at_game_over(tmp_path, card_db, size)
    b, over = app.booth, app.top
    lines = said(monkeypatch)

    def count() -> tuple[int, pygame.Rect]:
        lines.clear()
        frame(app, clock, dt=0.0)
        timed = [(w, r) for w, r in lines if "Back to the show in" in w]
        assert len(timed) == 1, lines
        words, rect = timed[0]
        return int(words.split("Back to the show in ")[1].split(" s")[0]), rect

    first, rect = count()
    assert first == round(b.idle_after)
    for button in (over.menu.rect, over.rematch.rect):
        assert not rect.colliderect(button)
    assert pygame.Rect((0, 0), app.screen.get_size()).contains(rect)
    frame(app, clock, dt=30.0)
    assert count()[0] == round(b.idle_after) - 30
    frame(app, clock, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                          buttons=(0, 0, 0))], dt=0.0)
    assert count()[0] == round(b.idle_after)
    frame(app, clock, dt=b.idle_after)
    assert b.state == "attract"


def test_end_this_game_says_how_long_it_waits_for_the_second_click(tmp_path, card_db,
                                                                    monkeypatch):
    """Every timer said on screen (s41k): "End this game? Click again or N" waited
    CONFIRM seconds for the second click and then turned back into "New game?" without
    a word of it (shot /tmp/s41k/shots/82). The seconds left are said, counting down."""
    from test_booth import click, set_up
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720))
    b = app.booth
    frame(app, clock, click())
    set_up(app, clock)
    app.session.act(app.session.legal()[0])
    frame(app, clock)
    lines = said(monkeypatch)
    frame(app, clock, click(b.fresh_button.center), dt=0.0)
    lines.clear()
    frame(app, clock, dt=0.0)
    assert f"Click again or N · {round(booth.CONFIRM)} s" in [w for w, _ in lines], lines
    lines.clear()
    frame(app, clock, dt=2.0)
    assert f"Click again or N · {round(booth.CONFIRM) - 2} s" in [w for w, _ in lines], lines
