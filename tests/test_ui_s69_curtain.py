"""s69's second newcomer playtest: the hot-seat curtain's catch-up at a busy turn (of 15
lines it showed the oldest five and "and 10 more: the game log has them" under an empty
upper third, so the turn just before, what the person sitting down missed, went untold),
and the Off Field lines at four players (a lone "game" beside the key "Numbers: uses
left", "1 use" "1 use" 4 px apart)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import test_ui_table  # noqa: E402

make_app = test_ui_table.make_app


# (960x540: 10, its lines 14 px since s71, where 11 px read "2 P4turns")
@pytest.mark.parametrize("size,least", [((1280, 720), 12), ((960, 540), 10)])
@pytest.mark.parametrize("bonked", [0, 2])
def test_the_curtain_uses_its_room_and_keeps_the_latest(size, least, bonked, monkeypatch):
    """As many lines as the curtain has room for (rising into its upper third), and
    where some must be left out, the earliest, said above the rest as "and N earlier";
    every row within the window."""
    from game.ui.table import popups
    pygame.font.init()
    w, h = size
    s = min(w / 1280, h / 720)

    def px(n):
        return max(1, round(n * s))
    news = [f"Player 3 played Vesper Dusk, line {i}" for i in range(15)]
    drawn = []
    blit = pygame.Surface.blit
    surf = pygame.Surface(size)

    class Shot(pygame.Surface):
        def blit(self, src, dest, *a, **k):
            r = blit(self, src, dest, *a, **k)
            drawn.append((src.get_size(), r))
            return r
    label = popups.ink.label
    said = []
    monkeypatch.setattr(popups.ink, "label", lambda text, *a, **k: (
        said.append(text), label(text, *a, **k))[1])
    surf = Shot(size)
    popups.curtain(surf, "Player 2", 1, "Player 2's turn: Discard phase", "Since Player 2 last looked",
                   news, px, bonked=[f"Your Kaede {i} was Bonked" for i in range(bonked)])
    shown = [t for t in said if t.startswith("Player 3 played")]
    assert shown and shown[-1] == news[-1], said  # the turn just before is told
    assert shown == news[len(news) - len(shown):]
    assert len(shown) >= least - 2 * bonked
    count = [t for t in said if t.startswith("and ")]
    assert count == ([f"and {15 - len(shown)} earlier: the game log has them"]
                     if len(shown) < 15 else []), said
    if count:
        assert said.index(count[0]) < said.index(shown[0])  # above the lines it counts
    assert all(r.bottom <= h - px(10) and r.top >= 0 for _, r in drawn), drawn


def test_a_quiet_curtain_stays_where_it_was():
    """Three lines of news leave the curtain where it always stood: the mark's middle
    px(170) above the window's."""
    from game.ui.table import popups
    pygame.font.init()
    surf = pygame.Surface((1280, 720))
    popups.curtain(surf, "Player 2", 1, "Player 2's turn", "Since Player 2 last looked",
                   ["a", "b", "c"], lambda n: n)
    assert surf.get_at((640, 720 // 2 - 170)) != surf.get_at((5, 5))


# The playtest's panels: 0556_d371_hover (six Global Effects with uses and a Full Moon
# Rising) and 0487_d322_r6_s0 (five with uses and a Galactic Tax Audit endured).
HOVER = [("summer-festival-night", 0, 0), ("summer-festival-night", 1, 0),
         ("morning-radio-calisthenics", 2, 1), ("morning-radio-calisthenics", 3, 1),
         ("supply-drop", 0, 0), ("supply-drop", 2, 0), ("full-moon-rising", 1, None)]
ROUND = HOVER[:5] + [("galactic-tax-audit", 3, "t")]


def off_lines(make_app, monkeypatch, size, off):
    import test_ui_s69_offfield as offfield
    from test_window_s42w import written
    monkeypatch.setattr(offfield, "OFF", off)
    t = offfield.crowded(make_app, size, len(off))
    said, _ = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    return t, said[1:]


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("off", [HOVER, ROUND])
def test_off_field_lines_keep_apart(make_app, monkeypatch, size, off):
    """Each Off Field line stands clear of its neighbours' (a gap of two spaces or so):
    "1 use" "1 use" 4 px apart read as one line."""
    t, said = off_lines(make_app, monkeypatch, size, off)
    gap = round(5 * t.lay.s)
    rows = [r for _, r in said[:-1]]  # the key under them aside
    for k, r in enumerate(rows):
        for q in rows[k + 1:]:
            if r.y == q.y:  # in one row
                assert r.right + gap <= q.left or q.right + gap <= r.left, said


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_global_effects_stay_in_play_its_line_said_whole(make_app, monkeypatch, size):
    """Global Effects stay in play: the Full Moon Rising's line, "all game" in two rows,
    never a lone "game" beside a key that explains only the counts."""
    _, said = off_lines(make_app, monkeypatch, size, HOVER)
    words = [w for w, _ in said]
    assert words == ["3", "3", "1", "1", "2", "2", "all", "game", "Numbers: uses left"], said
