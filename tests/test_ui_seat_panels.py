"""The seat panels and the setup outlines, read as a newcomer reads them: the score on
every panel however many seats, "you" only for a person, no cell outlined in a seat's
colour."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
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
            assert any(w.startswith(("To place", "To deal")) for w in drawn), drawn


@pytest.mark.parametrize("seats,you", [(["ai:easy", "ai:easy"], None),
                                       (["human", "ai:easy"], 0)])
def test_only_a_person_s_seat_is_you(make_app, monkeypatch, seats, you):
    """AI seats playing on their own (the booth's attract games) tell a passer-by
    neither "(you)" nor "YOUR TURN", nor that the hand shown is theirs: nobody is
    seated."""
    s = session(STANDARD, seats)
    t = table(make_app(), s)
    drawn = seat_words(t, monkeypatch)
    yours = [i for i, words in enumerate(drawn)
             if any("(you)" in w or w == "YOUR TURN" for w in words)]
    assert yours == ([] if you is None else [you]), drawn
    # Nor "Your hand" and "Your Haven": the cards shown are the seat's on show.
    assert t.painter([]).whose == ("Your" if you is not None else f"{t.seat_name(0)}'s")


def _hue_apart(a, b) -> float:
    ha, hb = pygame.Color(a).hsva[0], pygame.Color(b).hsva[0]
    return min(abs(ha - hb), 360 - abs(ha - hb))


def _luminance(c) -> float:
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = c[:3]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


@pytest.mark.parametrize("held", [False, True])
def test_setup_outlines_other_legal_cells_in_no_seat_s_colour(make_app, monkeypatch, held):
    """Setting up, the legal cells that are not the best are outlined in a colour no
    seat (nor a Disaster) has, readable on the dark table: in gold they read as Player
    2's cells. The best ones keep their glow."""
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"])
    # Some cards down and both kinds to lay: most legal cells are not the best.
    until(s, lambda s: s.to_act == 0 and len({a.card for a in s.legal()}) == 2)
    app = make_app((1920, 1080))
    t = table(app, s)
    lit: list[tuple[tuple, tuple]] = []
    real = TableScene._lit
    monkeypatch.setattr(TableScene, "_lit", lambda self, surface, key, colour, *a, **k: (
        lit.append((key, tuple(colour))), real(self, surface, key, colour, *a, **k)))
    place = next(a for a in s.legal() if isinstance(a, A.PlaceCard))
    if held:  # a card dragged, held over the middle of the Field
        r = t.hand_rects[place.card]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0),
                                     buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=t.lay.field.center, rel=(0, 0),
                                     buttons=(1, 0, 0))], 0.016)
        assert t.drag is not None
    lit.clear()
    app.step([], 0.016)
    best = t.board.best_cells(t.drag[0] if held else None)
    others = {colour for key, colour in lit if key[0] == "cell" and key[1] not in best}
    assert others, "no legal cell outlined beside the best ones"
    for colour in others:
        for seat_colour in ink.OWNER_COLOURS + (ink.DISASTER_COLOUR,):
            assert _hue_apart(colour, seat_colour) >= 40, (colour, seat_colour)
        lighter, darker = _luminance(colour), _luminance(ink.PANEL)
        assert (lighter + 0.05) / (darker + 0.05) >= 4.5, colour


@pytest.mark.parametrize("level,seats", [(STANDARD, 2), (FOUR, 4)])
def test_seat_panels_show_the_same_rows_at_every_size_clear_of_the_turn_tag(
        make_app, monkeypatch, level, seats):
    """At 1024x600 'YOUR TURN' was drawn over 'Bonked 0', and the small panels kept the
    Discard and Bonked row that the 1280x720 four-seat panels dropped. The bottom line
    is the turn tag's on every panel (a short one's, four seats', has it at the right
    of the line under the title, s47w); the rows are the same, by priority, whatever
    the window's size."""
    s = session(level, ["human"] + ["ai:random"] * (seats - 1))
    until(s, lambda s: s.view().phase not in ("setup", "discard"))
    kinds = set()
    for size in [(1024, 600), (1280, 720), (1920, 1080)]:
        t = table(make_app(size), s)
        said: dict[int, str] = {}
        real, label = ink.fit, ink.label
        monkeypatch.setattr(ink, "fit", lambda w, *a, **k: said.setdefault(
            id(surf := real(w, *a, **k)), w) and surf)
        tagged: set[int] = set()
        monkeypatch.setattr(ink, "label", lambda w, *a, **k: (surf := label(w, *a, **k)) and (
            tagged.add(id(surf)) if w in ("YOUR TURN", "THEIR TURN") else None) or surf)
        surf = Recorder(t.size)
        t.painter([]).seats(surf, t.session.seats, [d.name for d in t.session.game.decks])
        monkeypatch.undo()
        rows = [(said[id(src)], rect) for src, rect in surf.blits if id(src) in said]
        tags = [rect for src, rect in surf.blits if id(src) in tagged]
        assert tags and not [(w, r) for w, r in rows for tag in tags if r.colliderect(tag)], size
        kinds.add(tuple(sorted({w.split()[0] for w, _ in rows
                                if w.startswith(("Items", "Hand", "Discard"))})))
    assert len(kinds) == 1, kinds


def test_a_haven_still_to_place_comes_before_the_deal(make_app, monkeypatch):
    """With the Locations placed and the Haven still in hand, the panel said 'To deal:
    7 Items, ~14 Disasters': the Haven is what comes next."""
    s = session(STANDARD, ["human", "ai:random"])
    while s.view().seats[0].to_place:  # the person keeps the Haven for last
        if s.human_to_act():
            haven = set(s.view().seats[0].haven_to_place)
            s.act(next(a for a in s.legal() if isinstance(a, A.PlaceCard)
                       and a.card not in haven))
        else:
            s.poll()
    assert s.view().seats[0].haven_to_place
    t = table(make_app(), s)
    drawn = seat_words(t, monkeypatch)[0]
    assert "To place: 1 Haven" in drawn, drawn
    assert not any(w.startswith("To deal") for w in drawn), drawn
