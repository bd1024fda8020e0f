"""Four window mends a newcomer saw (s35w4): the curtain's news, the hand's edge and the
New game screen's deck line."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_curtain_keeps_a_row_for_the_count_only_when_it_draws_one(size, monkeypatch):
    """The curtain's news, the most important first, and "and N more: the game log has
    them" for what does not fit (s35w4): a row was always kept for the count, so where
    every line fitted but for that row, the last line was dropped for "and 1 more", a
    row for a row. With ever more of one's Characters Bonked above the news (each a row),
    a count of one line never stands where that line would fit; every line is on screen."""
    from game.ui.table import popups
    pygame.font.init()
    w, h = size
    s = min(w / 1280, h / 720)

    def px(n):
        return max(1, round(n * s))
    news = [f"news {i}" for i in range(12)]
    counts, drawn = [], []
    label = popups.ink.label
    monkeypatch.setattr(popups.ink, "label", lambda text, *a, **k: (
        drawn.append(text), label(text, *a, **k))[1])
    for bonked in range(9):
        drawn.clear()
        popups.curtain(pygame.Surface(size), "Player 2", 1, "Player 2's turn", "Since Player 2 last looked",
                       news, px, bonked=[f"Bonked {i}" for i in range(bonked)])
        said = list(drawn)
        shown = [t for t in said if t.startswith("news")]
        more = [t for t in said if t.startswith("and ")]
        assert shown == news[len(news) - len(shown):]  # the latest kept (s69)
        assert more == ([] if len(shown) in (0, len(news)) else
                        [f"and {len(news) - len(shown)} earlier: the game log has them"])
        assert more != ["and 1 earlier: the game log has them"], (bonked, said)
        counts.append(len(shown))
    assert counts[0] == len(news) and any(0 < n < len(news) for n in counts)  # some cut


make_app = __import__("test_ui_table").make_app  # the fixture: a window at a size


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_card_of_the_hand_is_drawn_inside_the_hand_s_area(make_app, size):
    """The hand, fanned (s35w3, shot s14: seven cards at 1280x720): the cards were spread
    to the area's edges less 6 pixels, then each turned away from the middle, so the
    outer cards' top corners stood out over the columns' borders. However many cards,
    every card as drawn (turned) lies between the hand's left and right edges."""
    from scene import Scene
    from game.engine.state import MOVE
    from test_ui_combat_panel import TITLED
    from test_ui_table import scene_app, scene_session, table
    names = ["valen", "pawlina", "akiko", "daigo", "mika", "sayo", "kinako", "marlowe"]
    faces = None  # the card pictures, drawn once for the twelve hands (the same cards)
    for n in range(1, 13):
        sc = Scene(TITLED, seats=2)
        sc.location((0, 0))
        sc.char("valen", (0, 0))
        sc.hand(0, *[names[k % len(names)] for k in range(n)])
        sc.turn(MOVE)
        app = scene_app(make_app, sc, size)
        assert faces is None or faces.db is sc.db
        faces = app.faces = faces or app.faces
        t = table(app, scene_session(sc, ["human", "ai:easy"]))
        for _ in range(3):  # the faces made, then drawn
            t.app.idle(1000)
            t.app.step([], 0.016)
        drawn = [r for r, key in t.hits if key[0] == "card"]
        assert len(drawn) == n
        area = t.lay.hand
        assert all(area.left <= r.left and r.right <= area.right for r in drawn), \
            (n, area, [(r.left, r.right) for r in drawn])
        t.app.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_new_game_s_deck_line_stays_inside_its_panel(tmp_path, monkeypatch, size):
    """New game (s35w3, shot s06): "Player 1's deck, Moonlit Shrine, starts with these
    Characters:" ran over the left panel's border. For every deck Player 1 may take, the
    line over the Characters names the deck whole and ends within the column of the
    choices above it."""
    from game.ui.app import App
    from game.ui.scenes import new_game
    from game.ui.settings import Settings
    app = App(size, Settings(), config=tmp_path, data=tmp_path)
    scene = new_game.NewGameScene(app)
    scene.layout(size)
    said = []
    real = new_game.text

    def text(surface, words, *a, **k):
        said.append((words, real(surface, words, *a, **k)))
        return said[-1][1]
    monkeypatch.setattr(new_game, "text", text)
    column = scene.level_choice.rect
    for deck_id, deck in scene.decks.items():
        said.clear()
        scene.deck_ids[0] = deck_id
        scene._draw_team(app.screen)
        words, where = said[0]
        assert f"Player 1's deck, {deck.name.removesuffix(' Deck')}, starts with" in words
        assert column.left <= where.left and where.right <= column.right, (words, where,
                                                                            column)
    app.quit()
