"""The s62 stop: notes that hid tokens' names, and the game-over account's counts."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import FOUR, STANDARD, laid, scene_app, scene_session, table  # noqa: E402

from game.ui.faces import name_rect  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

NOTE = ("Can't do that: Items and Equipment are transferred between Characters at the "
        "same Location")


def names_hidden(t, box: pygame.Rect) -> int:
    """How much of the shown tokens' name strips `box` covers, in square pixels."""
    names = [name_rect(r).clip(t.seen()).clip(box) for r in t.unit_rects.values()]
    return sum(r.w * r.h for r in names)


def _bottom_row(make_app, size):
    """A Field of three rows of Locations, two Characters in each of the bottom row's,
    the top rows empty: a note said."""
    from scene import Scene
    from test_ui_newcomer_s51 import PIECES

    from game.engine.state import MOVE
    sc = Scene(PIECES)
    for x in range(3):
        for y in range(3):
            sc.location((x, y))
        sc.char("hero", (x, 2))
        sc.char("mate", (x, 2))
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    t.say(NOTE)
    t.app.step([], 0.016)
    return t


def test_a_note_leaves_the_bottom_row_s_names_where_the_field_has_room(make_app):
    """At 1024x600 a note (a refusal, a reason, news) lay across the Field's foot, over
    the names of the bottom row's tokens, for its 3.5 s, the Field's top rows empty (s61's
    playtest). It goes where it hides no token's name, its words whole."""
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        t = _bottom_row(make_app, size)
        box = t.message_rect
        assert box is not None and t.lay.field.contains(box), (size, box)
        assert names_hidden(t, box) == 0, (size, box, t.unit_rects)
        assert " ".join(t._message_place(NOTE)[0]) == NOTE


@pytest.mark.parametrize("level,seats", [(STANDARD, 2), (FOUR, 4)])
def test_a_note_over_the_laid_field_hides_no_token_s_name(make_app, level, seats):
    """The Field as two and four seats lay it, at the window sizes played: a note at the
    foot hid the bottom row's names (at 1024x600 and 1280x720 Kaede's, Daigo's and Mio's
    at their Haven). Each size leaves room for it clear of every name."""
    s = laid(level, seats)
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        t = table(make_app(size), s)
        t.say(NOTE)
        t.app.step([], 0.016)
        assert names_hidden(t, t.message_rect) == 0, (size, t.message_rect)


def test_where_no_place_clears_every_name_a_note_covers_the_least(make_app, monkeypatch):
    """Where tokens stand close in every row (a Field zoomed in on a crowd), no place
    leaves every name whole: the note goes where it hides the least of them, not across
    the Field's foot whatever lies under it."""
    t = _bottom_row(make_app, (1024, 600))
    seen, size = t.seen(), t.px(44)
    crowd = {k: pygame.Rect(x, y, size, size) for k, (x, y) in enumerate(
        (x, y) for y in range(seen.top, seen.bottom - size, size + t.px(6))
        for x in range(seen.left, seen.right - size, size + 2))}
    monkeypatch.setattr(t, "unit_rects", crowd)
    rows, box = t._message_place(NOTE)
    _, foot = t._message_lines(NOTE, t.lay.field.w - 2 * t.px(10))  # where it always was
    foot.midbottom = (t.lay.field.centerx, t.lay.hand.top - t.px(6))
    drawn = box.inflate(t.px(16), t.px(8))
    assert 0 < names_hidden(t, drawn) < names_hidden(t, foot.inflate(t.px(16), t.px(8)))
    assert " ".join(rows) == NOTE


def test_the_account_says_its_bonks_are_times_its_characters_were_bonked(make_app, monkeypatch):
    """The game-over account said "Player 2: beat 0 Disasters; Bonked 6 times, none
    Killed" of one Character Bonked six times, read as six Characters (s61's left item).
    It names the Characters (Basic Terms: a Defeated Character is either Bonked or
    Killed) and counts the Bonks in times. At 1024x600, four seats' lines stay in the
    "How it went" panel, a line too long for it wrapped after its semicolon, the phrase
    whole."""
    from game.engine import events as E
    from game.engine.state import Result
    from test_ui_game_over import drawn

    from game.ui.scenes.account import Account, seat_tally
    acc = Account()
    acc.bonked[1], acc.bonked[2], acc.killed[2], acc.killed[3] = 6, 1, 2, 1
    said = [seat_tally(acc, i).replace("\u00a0", " ") for i in range(4)]
    assert said == ["beat 0 Disasters; no Character Bonked or Killed",
                    "beat 0 Disasters; Characters Bonked 6 times, none Killed",
                    "beat 0 Disasters; Characters Bonked once, 2 Killed",
                    "beat 0 Disasters; Characters never Bonked, 1 Killed"]
    s = laid(FOUR, 4)
    s.state.result = Result((), True, "round_limit")
    s.state.rounds = s.game.options.round_limit
    hero = next(u for u in s.state.units.values() if u.owner == 1 and not u.disaster)
    log = [*s.log, *[E.Bonked(hero.card, hero.pos)] * 6]
    monkeypatch.setattr(type(s), "log", property(lambda self: log))
    scene, words, _ = drawn(make_app((1024, 600)), s, (1024, 600), monkeypatch)
    box = scene.px(660, 176, 540, 420)  # the panel, as the scene lays it out
    rows = [w.replace("\u00a0", " ") for w, r in words if box.contains(r)]
    assert "Player 2: beat 0 Disasters; Characters Bonked 6 times, none Killed" in " ".join(rows)
    assert all(w.endswith((";", "Killed")) for w in rows if w.startswith("Player ")), rows
