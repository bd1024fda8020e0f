"""The seat panels, read as a newcomer reads them: the score on every panel however
many seats, "you" only for a person."""
from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.settings import Settings
from game.ui.table import TableScene, ink
from conftest import keys_for_tests
from test_ui_table import STANDARD, session, table, until

FOUR = "levels/four_players.yaml"
SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture
def make_app(tmp_path):
    def make(size=(1280, 720)) -> App:
        app = App(size, Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
        keys_for_tests(app)
        return app
    return make


class Recorder(pygame.Surface):
    """A surface that keeps where each picture was blitted."""

    def __init__(self, size):
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):
        pos = dest.topleft if isinstance(dest, pygame.Rect) else dest
        self.blits.append((source, pygame.Rect(pos, source.get_size())))
        return super().blit(source, dest, *args, **kwargs)


def seat_words(t: TableScene, monkeypatch) -> list[list[str]]:
    """The words drawn whole inside each seat's panel, as the table paints them."""
    words: dict[int, str] = {}
    for name in ("fit", "label"):
        real = getattr(ink, name)

        def tagged(w, *args, _real=real, **kwargs):
            surf = _real(w, *args, **kwargs)
            words[id(surf)] = w
            return surf
        monkeypatch.setattr(ink, name, tagged)
    surf = Recorder(t.size)
    t.painter([]).seats(surf, t.session.seats, [d.name for d in t.session.game.decks])
    panels = [t.seat_rect(i) for i in range(len(t.session.seats))]
    return [[words[id(src)] for src, rect in surf.blits if id(src) in words
             and panel.contains(rect)] for panel in panels]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("level,seats", [(STANDARD, 2), (FOUR, 4)])
@pytest.mark.parametrize("phase", ["setup", "play"])
def test_every_seat_panel_shows_its_items_held_r14(make_app, monkeypatch, size, level,
                                                   seats, phase):
    """The Items held are the score (R14: the most Items wins): on every panel, whole,
    with four seats as with two, setting up as in play."""
    s = session(level, ["human"] + ["ai:random"] * (seats - 1))
    if phase == "play":
        until(s, lambda s: s.view().phase not in ("setup", "discard"))
    t = table(make_app(size), s)
    for i, drawn in enumerate(seat_words(t, monkeypatch)):
        assert any(w.startswith("Items held: ") for w in drawn), (i, drawn)
        if phase == "setup":  # what setting up waits for is kept before the piles
            assert any(w.startswith(("Locations to place", "To deal")) for w in drawn), drawn


@pytest.mark.parametrize("seats,you", [(["ai:easy", "ai:easy"], None),
                                       (["human", "ai:easy"], 0)])
def test_only_a_person_s_seat_is_you(make_app, monkeypatch, seats, you):
    """AI seats playing on their own (the booth's attract games) tell a passer-by
    neither "(you)" nor "YOUR TURN": nobody is seated."""
    s = session(STANDARD, seats)
    t = table(make_app(), s)
    drawn = seat_words(t, monkeypatch)
    yours = [i for i, words in enumerate(drawn)
             if any("(you)" in w or w == "YOUR TURN" for w in words)]
    assert yours == ([] if you is None else [you]), drawn
