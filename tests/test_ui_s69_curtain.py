"""The hot-seat curtain's catch-up at a busy turn (s69's newcomer playtest): of 15 lines
it showed the oldest five and "and 10 more: the game log has them" under an empty upper
third, so the turn just before, what the person sitting down missed, went untold."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.mark.parametrize("size,least", [((1280, 720), 12), ((960, 540), 12)])
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
