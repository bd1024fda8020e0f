"""Card faces (game/ui/faces.py), headless: every card draws, sizes are right,
the same card always gives the same pixels, frames show the type colour, and
the cache hands back the surface it made."""
from __future__ import annotations

import ast
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards  # noqa: E402
from game.engine.cards import CardDB  # noqa: E402
from game.ui.faces import (  # noqa: E402
    CARD_RATIO, TYPE_COLOURS, FaceCache, contact_sheet, frame_width,
)

ROOT = Path(__file__).resolve().parents[1]
WIDTHS = (60, 200, 400)


@pytest.fixture(scope="module")
def cards() -> CardDB:
    return load_cards(DEFAULT_CARDS_DIR)


@pytest.fixture(scope="module")
def cache(cards: CardDB) -> FaceCache:
    pygame.font.init()
    return FaceCache(cards)


def test_every_card_draws_at_three_widths_its_frame_the_type_colour(
        cache: FaceCache, cards: CardDB) -> None:
    """Every card draws at three widths, at its size, and its frame shows its type's
    colour (one test: each face drawn once, not once a check; 400 px faces of every card
    are more than the cache keeps, so a second pass drew them all again)."""
    for card in cards.cards.values():
        for w in WIDTHS:
            face = cache.face(card.id, w)
            assert face.get_size() == (w, round(w * CARD_RATIO)), (card.id, w)
            x = frame_width(w) // 2 + 1 if frame_width(w) > 2 else 1
            pixel = tuple(face.get_at((x, face.get_height() // 2)))[:3]
            assert pixel == TYPE_COLOURS[card.type], (card.id, w, pixel)


def test_same_id_gives_the_same_pixels_in_two_caches(cards: CardDB) -> None:
    a, b = FaceCache(cards), FaceCache(cards)
    for card_id in list(cards.cards)[::9]:
        for w in (90, 200):
            assert pygame.image.tobytes(a.face(card_id, w), "RGBA") == \
                pygame.image.tobytes(b.face(card_id, w), "RGBA"), card_id
        assert pygame.image.tobytes(a.token(card_id, 64), "RGBA") == \
            pygame.image.tobytes(b.token(card_id, 64), "RGBA"), card_id


def test_rulebook_colours() -> None:
    purple, blue = TYPE_COLOURS["character"], TYPE_COLOURS["enhancement"]
    assert all(TYPE_COLOURS[t] == blue for t in
               ("equipment", "flash_effect", "global_effect"))
    assert TYPE_COLOURS["haven"] == TYPE_COLOURS["location"]
    assert len({purple, blue, TYPE_COLOURS["haven"], TYPE_COLOURS["item"],
                TYPE_COLOURS["disaster"], TYPE_COLOURS["combat"]}) == 6


def test_cache_returns_the_same_object(cache: FaceCache) -> None:
    assert cache.face("kaede-ironside", 200) is cache.face("kaede-ironside", 200)
    assert cache.back("item", 80) is cache.back("item", 80)
    assert cache.token("kaede-ironside", 48) is cache.token("kaede-ironside", 48)
    assert cache.art("kaede-ironside", (90, 60)) is cache.art("kaede-ironside", (90, 60))


def test_backs_tell_items_from_disasters(cache: FaceCache) -> None:
    def centre(card_type: str) -> bytes:
        return pygame.image.tobytes(cache.back(card_type, 100), "RGBA")

    assert centre("item") != centre("disaster")  # both lie face down under Locations
    assert centre("disaster") == centre("enhancement")  # both are drawn from the Draw pile
    assert cache.back("location", 100).get_size() == (100, 140)


def test_tokens_and_art_have_the_asked_size(cache: FaceCache, cards: CardDB) -> None:
    for card in cards.of_type("character")[:3] + cards.of_type("disaster")[:3]:
        assert cache.token(card.id, 56).get_size() == (56, 56)
        assert cache.art(card.id, (120, 70)).get_size() == (120, 70)


def test_contact_sheet_holds_every_card(cards: CardDB) -> None:
    sheet = contact_sheet(cards, 40, columns=20)
    rows = -(-len(cards) // 20)
    assert sheet.get_height() >= rows * round(40 * CARD_RATIO)


def test_engine_does_not_import_pygame() -> None:
    for path in (ROOT / "game" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] == "pygame" for n in names), path


def test_tiny_and_odd_sizes_never_fail(cache: FaceCache, cards: CardDB) -> None:
    # The table asks for thumbnails and badges this small.
    for card_id in cards.cards:
        for w in (1, 8, 24, 41, 99):
            assert cache.face(card_id, w).get_width() == w
        assert cache.token(card_id, 2).get_size() == (2, 2)
    for card_type in TYPE_COLOURS:
        assert cache.back(card_type, 8).get_size() == (8, 11)


def test_faces_convert_when_a_display_exists(cards: CardDB) -> None:
    had_display = pygame.display.get_init() and pygame.display.get_surface() is not None
    if not had_display:
        pygame.display.set_mode((1, 1))
    try:
        face = FaceCache(cards).face("kaede-ironside", 120)
        assert face.get_flags() & pygame.SRCALPHA and face.get_size() == (120, 168)
    finally:
        if not had_display:
            pygame.display.quit()


def test_art_is_the_same_in_another_process(cache: FaceCache) -> None:
    # Seeds come from the card id, never from hash() (which changes per process).
    ids = ("kaede-ironside", "hangar-13", "typhoon-season")
    code = (
        "import os, hashlib; os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "import pygame; pygame.font.init()\n"
        "from game.engine.cardfile import load_cards\n"
        "from game.ui.faces import FaceCache\n"
        "c = FaceCache(load_cards())\n"
        f"for i in {ids!r}:\n"
        "    print(hashlib.sha1(pygame.image.tobytes(c.face(i, 150), 'RGBA')).hexdigest())\n")
    env = dict(os.environ, PYTHONHASHSEED="12345", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    here = [hashlib.sha1(pygame.image.tobytes(cache.face(i, 150), "RGBA")).hexdigest()
            for i in ids]
    assert out[-3:] == here


def test_faces_queued_ahead_are_drawn_a_part_at_a_time(cards: CardDB) -> None:
    """A face takes 10 to 60 ms, too long for a frame (issue 15): drawn ahead between
    frames, a part per call on the least budget, the same face as drawn at once; one
    asked for while half drawn is finished, and one not drawn yet at a size is stood in
    for by another size, scaled."""
    cache, fresh = FaceCache(cards), FaceCache(cards)
    ids = sorted(cards.cards)[:3]
    cache.ahead([("face", i, 200) for i in ids])
    def one_part() -> int:
        cache._part_ms = 0.0  # no estimate yet: a part is begun on the least budget
        return cache.work(1e-6)
    calls = 0
    while one_part():  # one part a call
        calls += 1
    assert calls >= 3 * len(ids) - 1
    for i in ids:
        assert cache.has(("face", i, 200))
        assert pygame.image.tobytes(cache.face(i, 200), "RGBA") == \
            pygame.image.tobytes(fresh.face(i, 200), "RGBA")
    cache.ahead([("face", ids[0], 120)])
    one_part()  # begun, not done
    assert not cache.has(("face", ids[0], 120))
    half = cache.face(ids[0], 120)  # finished now
    assert pygame.image.tobytes(half, "RGBA") == pygame.image.tobytes(fresh.face(ids[0], 120),
                                                                     "RGBA")
    assert cache.ready(ids[1], 90) is None and cache.urgent  # asked for: drawn next
    stand = cache.stand_in(ids[1], 90)
    assert stand is not None and stand.get_width() == 90
    while cache.work(50):
        pass
    assert cache.has(("face", ids[1], 90))


def test_a_token_too_small_for_a_whole_name_shows_the_name_it_is_called_by(
        cache: FaceCache, cards: CardDB, monkeypatch) -> None:
    """The Field's tokens showed the first word where a whole name did not fit: titles
    ("Commander", "Sergeant", "Princess"), which say nothing of who it is."""
    import game.ui.faces as faces
    titled = next(c for c in cards.cards.values() if c.type == "character"
                  and c.name.startswith("Princess ") and " of " in c.name)
    said = []
    real = faces.fit_line
    monkeypatch.setattr(faces, "fit_line", lambda words, *a: said.append(words) or real(words, *a))
    for size in (24, 32, 40, 48, 64):
        faces.draw_token(cache, titled.id, size)
    words = [w for w in said if w != titled.name]
    assert words and set(words) == {"Pawlina"}, said  # a small token falls back to one word


def test_the_name_a_card_is_called_by_skips_a_title():
    from game.ui.fonts import given_name
    assert given_name("Akiko Sakuragawa") == "Akiko"
    assert given_name("Sergeant Daigo Hatakeyama") == "Daigo"
    assert given_name("Princess Pawlina of Felis Prime") == "Pawlina"
    assert given_name("Polaris-9") == "Polaris-9"
