"""What a newcomer met playing whole games through the window at 1280x720 and 960x540,
on standard_2p against ai:normal and on four_players (three AI seats; four people
hot-seat) (s54)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_table import scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _forts_beside(make_app, size, row: int):
    """A Challenge at (0, 0) with each side's Fort fighting from next door in `row` (1:
    the row under it, -1: the row above), the table shown to seat 1."""
    from game.engine import actions as A
    from test_rules_duel import duel_scene, fort
    sc, _, _ = duel_scene((), ("hero",))
    fort(sc, (-1, row), 0)
    fort(sc, (0, row), 1)
    sc.do(A.Challenge(1, (0, 0)))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["ai:random", "human"]))
    t.app.step([], 0.016)
    return t



@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1366, 768)])
def test_two_havens_beside_a_fight_are_named_apart_where_one_line_is_left(make_app, size):
    """Both sides' Havens fight from next door from the row under the one shown above the
    panel. At 960x540 the band between that row and the panel holds one tag's line: the
    second tag went below the first (s53), then was pushed back into the band, over it:
    "▼ You" showed of "Your Haven ..., fighting from next door". Each tag is whole,
    within the band, and apart from the other, and names its Haven."""
    t = _forts_beside(make_app, size, 1)
    tags = t.beside_tags()
    assert len(tags) == 2 and all(down for *_, down in tags)
    (_, one, _, _), (_, two, _, _) = tags
    assert not one.colliderect(two), (one, two)
    seen = t.seen()
    for _, box, words, _ in tags:
        assert t.lay.field.contains(box) and box.bottom <= t.combat_cover.top, box
        assert seen.left <= box.left and box.right <= seen.right, box
        assert words.get_width() + 1 < box.w


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_two_havens_above_a_fight_go_one_beyond_the_other_where_the_band_holds_two(
        make_app, size):
    """Above the row shown, the band between the Field's top and that row holds two tags'
    lines at these sizes: the tags go one beyond the other, whole, as below it (s53).
    The band above was measured from the Field's top to the row's bottom (negative), so
    they always went side by side, each in half the width."""
    t = _forts_beside(make_app, size, -1)
    tags = t.beside_tags()
    assert len(tags) == 2 and not any(down for *_, down in tags)
    (_, one, _, _), (_, two, _, _) = tags
    assert not one.colliderect(two) and one.top != two.top, (one, two)
    assert all(t.lay.field.contains(box) and box.bottom <= t.seen().top for _, box, _, _ in tags)
