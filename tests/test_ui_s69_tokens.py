"""s69's newcomer playtest: on a crowded Location a Disaster's "#1" covered the glyph
beside its star and the second row's marks stood over the first row's names; a
damage mark lay over a token's name; Esc during "Set up for me" left the Haven just
placed in mid-flight."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.state import MOVE
from game.ui.faces import name_rect

import test_ui_table
from test_ui_combat_forecast import Recorder
from test_ui_s69_panels import words_at
from test_ui_table import scene_app, scene_session, table
from shots import table_shot

make_app = test_ui_table.make_app  # the fixture
CARDS = Path(__file__).parent.parent / "assets" / "cards"


def crowded(make_app, size):
    """Five Disasters at one Location (twins of two cards among them, one holding an
    Item, two damaged), Characters at the next, the view zoomed out to the Field."""
    from scene import Scene
    text = "".join((CARDS / f"{n}.yaml").read_text(encoding="utf-8")
                   for n in ("characters", "disasters", "items", "locations"))
    sc = Scene(text, seats=2)
    sc.row(4)
    for card in ("rogue-android-xr0", "colossal-stray-cat", "colossal-stray-cat",
                 "tidal-kaiju-bubblegill", "tidal-kaiju-bubblegill"):
        sc.disaster(card, (1, 0), seat=1, brought_by=1)
    sc.unit(sc.disaster("runaway-mecha-dz9", (2, 0), seat=1, brought_by=1,
                        items=["prototype-reactor-core"])).damage = 2
    sc.unit(sc.char("daigo-hatakeyama", (2, 0))).damage = 1
    sc.turn(MOVE)
    return table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))


def tokens_drawn(t, monkeypatch) -> tuple[Recorder, list[tuple[str | None, pygame.Rect]]]:
    """The Field's tokens drawn: the surface, and each picture put on it (its words, for
    a label) with where."""
    surf = Recorder(t.size)
    return surf, words_at(monkeypatch, lambda: (t._draw_tokens(surf), surf)[1], unnamed=True)


SIZES = [(1280, 720), (960, 540)]


@pytest.mark.parametrize("size", SIZES)
def test_crowded_tokens_marks_stay_on_their_own_token(make_app, monkeypatch, size):
    """Five Disasters in two rows: the second row's stars stood 2 px out of their tokens,
    on the first row's names (s69's playtest, b/0556). Each mark, tag and count drawn
    lies within its own token, clear of the others."""
    t = crowded(make_app, size)
    table_shot(t, f"crowded_{size[0]}")
    rects = list(t.unit_rects.values())
    _, drawn = tokens_drawn(t, monkeypatch)
    assert len(drawn) > len(rects)
    for _, r in drawn:
        home = [u for u in rects if u.contains(r)]
        assert home and not any(u.colliderect(r) for u in rects if u not in home), (r, rects)
    t.app.quit()


@pytest.mark.parametrize("size", SIZES)
def test_a_twin_disaster_s_number_leaves_its_glyph_readable(make_app, monkeypatch, size):
    """A Disaster's token has a white Major or Minor glyph in its top corner: the star
    covered most of it and the twin's "#1" the rest (s69's playtest, z1/z4). Every
    white pixel of the glyph is white still with the marks drawn, and the number shows."""
    t = crowded(make_app, size)
    surf, drawn = tokens_drawn(t, monkeypatch)
    tagged = 0
    for unit, rect in t.unit_rects.items():
        if not t.board.units[unit].disaster:
            continue
        alone = t.tiles.token(t.board.card_id(unit), rect.w)
        corner = pygame.Rect(0, 0, rect.w * 2 // 3, name_rect(rect).top - rect.y)
        glyph = [(x, y) for x in range(corner.w) for y in range(corner.h)
                 if alone.get_at((x, y))[:3] == (255, 255, 255)]
        assert len(glyph) > 10, unit  # the glyph is there to be seen
        covered = [p for p in glyph if surf.get_at((rect.x + p[0], rect.y + p[1]))[:3]
                   != (255, 255, 255)]
        assert len(covered) <= len(glyph) // 10, (unit, len(covered), len(glyph))
        tagged += any(w and w.startswith("#") and rect.contains(r) for w, r in drawn)
    assert tagged == 4
    t.app.quit()


@pytest.mark.parametrize("size", SIZES)
def test_a_damage_mark_leaves_the_token_s_name_readable(make_app, monkeypatch, size):
    """In a Combat the "-1" and "-2" lay over "Daigo" and "DZ-9" (s69's playtest,
    small/t2): each stands over the art, above the name's band."""
    t = crowded(make_app, size)
    _, drawn = tokens_drawn(t, monkeypatch)
    marks = [r for w, r in drawn if w and w.startswith("-")]
    assert len(marks) == 2
    for r in marks:
        token = next(u for u in t.unit_rects.values() if u.contains(r))
        assert not r.colliderect(name_rect(token)), (r, name_rect(token))
    t.app.quit()


def test_the_menu_opens_over_every_card_where_the_game_has_it(make_app):
    """Esc skipped what played; the AI seat's next action flew in, and the second Esc
    opened the menu over it: the Haven just placed hung mid-flight at the Field's corner
    behind "Skipped: the table shows the game as it is now" (s69's playtest,
    e/002_esc_after_S). The menu opens with every animation played to its end."""
    from game.ui.scenes.pause import PauseScene
    from test_ui_s68_input import FRAME, _ai_turn_playing
    from test_ui_table import key
    s, app, t = _ai_turn_playing(make_app)
    key(app, pygame.K_ESCAPE)
    assert app.top is t and not t.animator.busy
    for _ in range(60):
        app.step([], FRAME)
        if t.animator.busy:
            break
    assert t.animator.busy  # the game went on: the next action plays
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert not t.animator.busy
