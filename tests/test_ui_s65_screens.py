"""s64's newcomer's playtest left six things on the screens: F ("fit") showed 4 by 4 cells
of four seats' Field, a third seat on a two-deck Level got Player 1's deck unsaid, "List
all 324 actions", "about 0 Disasters", a window dragged below 960x540 cut the panels'
words, and a hand of 10 wrote its names in two or three sizes. Scenes built directly,
or the levels' own games, at the sizes the game is played at."""
from __future__ import annotations

import pygame
import pytest

from game.engine.setup import Dealing, still_to_deal
from game.engine.state import MOVE
from game.ui.app import MIN_SIZE, App
from game.ui.scenes.new_game import NewGameScene
from game.ui.table.words import deal_caption

import test_ui_table
from test_ui_s64_hand import LONG, hand_words, painted_hand
from conftest import keys_for_tests
from test_ui_shell import choose, open_scene
from test_ui_table import FOUR, STANDARD, key, laid, session, table, until

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

SIZES = [(960, 540), (1024, 600), (1280, 720), (1366, 768), (1920, 1080)]


@pytest.fixture
def menu_app(tmp_path, card_db):
    """A window for the menus (test_ui_shell's), the cards loaded once."""
    a = App(config=tmp_path / "config", data=tmp_path / "data")
    keys_for_tests(a)
    a.__dict__["db"] = card_db  # cached_property
    return a


@pytest.mark.parametrize("size", SIZES)
def test_f_fits_the_whole_field_at_every_size(make_app, size):
    """F ("fit") on four seats' Field (7 by 11 cells here) stopped at the smallest
    readable tile and showed 4 by 4 cells of it at 1366x768. Every Location and Haven
    shows, at every supported size, and stays whole as the window changes size; the
    table's own framing (no F) still keeps tiles readable."""
    s = laid(FOUR, 4)
    app = make_app(size)
    t = table(app, s)
    cam = t.camera
    assert cam.rung >= cam.lowest  # framed for reading until F
    key(app, pygame.K_f)
    places = [c for c in t.board.places]
    assert len(places) > 20 and cam.fitted

    def all_shown():
        seen = t.seen()
        return [c for c in places if not seen.contains(t.lay.cells[c])]
    assert not all_shown(), (cam.rung, cam.lowest)
    assert cam.rung < cam.lowest  # this Field takes tiles under the readable ones
    app.resize((1600, 900) if size != (1600, 900) else (1280, 720))
    app.step([], 0.016)
    assert cam.fitted and not all_shown()
    # A notch in from there, and out again: back to the whole Field, no further.
    at = t.seen().center
    rung = cam.rung
    app.step([test_ui_table.mouse(pygame.MOUSEMOTION, at, 0),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.016)
    assert cam.rung == rung + 1
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 0.016)
    assert cam.rung == rung
    app.quit()


def notes_drawn(app, monkeypatch, scene) -> list[tuple[str, pygame.Rect]]:
    """The new-game screen's words as drawn, each with where."""
    from game.ui import widgets
    from game.ui.scenes import new_game
    drawn = []
    real = widgets.text

    def spy(surface, words, f, col, pos, anchor="topleft", shadow=False):
        r = real(surface, words, f, col, pos, anchor, shadow)
        drawn.append((words, r))
        return r
    with monkeypatch.context() as m:
        for module in (widgets, new_game):
            m.setattr(module, "text", spy)
        app.draw()
    return drawn


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_seat_past_the_level_s_decks_is_told_whose_deck_it_plays(menu_app, monkeypatch,
                                                                   size):
    """Three seats on Standard, two players gave Player 3 Player 1's deck (the Level's
    decks taken in turn) unsaid: two Havens of one name stood on the Field. The screen
    says so under the seats, in the seats' panel with the other notes (four humans and
    four seats too); not where the Level itself repeats a deck (Mirror match), nor once
    the seat's deck is another."""
    app = menu_app
    scene = open_scene(app, NewGameScene, size)
    panel = scene.px(600, 130, 600, 460)
    choose(app, scene.level_choice, next(lv for lv in scene.levels if lv.id == "standard_2p"))
    choose(app, scene.seat_choice, 3)
    said = " ".join(w for w, _ in notes_drawn(app, monkeypatch, scene))
    assert "Player 3 plays Steel Rain again, as Player 1 does." in said, said
    choose(app, scene.seat_choice, 4)
    for choice in scene.kind_choices:
        choose(app, choice, "human")
    drawn = notes_drawn(app, monkeypatch, scene)
    notes = [(w, r) for w, r in drawn if r.x >= scene.notes.rect.x
             and scene.kind_choices[3].rect.bottom < r.top < scene.start.rect.top]
    words = " ".join(w for w, _ in notes)
    assert "Players 3 and 4 play Players 1 and 2's decks again." in words, words
    assert "4 humans share this screen" in words and "kept at 4" in words, words
    assert all(panel.contains(r) for _, r in notes), [(w, r) for w, r in notes
                                                     if not panel.contains(r)]
    choose(app, scene.deck_choices[2], "moonlit-shrine")
    choose(app, scene.deck_choices[3], "hot-springs-heroes")
    assert scene.decks_note() == ""
    choose(app, scene.level_choice, next(lv for lv in scene.levels if lv.id == "quick_demo"))
    choose(app, scene.seat_choice, 2)
    assert scene.decks_note() == ""  # the Level's own pair of one deck


@pytest.mark.parametrize("size", [(960, 540), (1024, 600), (1280, 720)])
def test_the_list_button_says_what_it_opens_without_a_count(make_app, size):
    """"List all 324 actions (A)" puzzled a newcomer at 1024x600: so many things to do?
    The button says it lists every action, no count (its tooltip counts the rows and
    says why so many), drawn whole beside the Move phase's hint."""
    from test_ui_combat_panel import TITLED
    from test_ui_window_s33w2 import opened, wide_field
    sc = wide_field(TITLED)
    for c in ("valen", "pawlina", "akiko", "valen", "pawlina"):
        sc.char(c, (-3, -2))
    sc.turn(MOVE)
    from game.ui.table import ink
    drawn, real = [], ink.label
    s, t = opened(make_app, sc, size)
    assert len(t.board.legal) > 100
    with pytest.MonkeyPatch.context() as m:
        m.setattr(ink, "label", lambda w, *a, **k: (drawn.append(w), real(w, *a, **k))[1])
        t._stale = True
        t.app.step([], 0.016)
    assert any(k == ("all",) for _, k in t.hits)
    label = [w for w in drawn if w.endswith("(A)")]
    assert label in (["List actions (A)"], ["Actions (A)"]), label
    t.app.quit()


def test_a_seat_whose_go_may_not_come_is_not_said_to_deal_about_0_disasters(make_app,
                                                                            monkeypatch):
    """Setting up, a seat that deals a Disaster only if another passes after one was
    said to deal "about 0 Disasters" (its usual count none, its most one): on its panel,
    "up to 1 Disaster"; a seat with none left says none; the hand's caption the same."""
    from test_window_s42w import written
    s = session(STANDARD, ["human", "ai:random", "ai:random"])
    until(s, lambda s: isinstance(s.view().decision, Dealing) and any(
        usual == 0 < high for (_, usual, high), _ in still_to_deal(s.view())))
    t = table(make_app((1280, 720)), s)
    said, _ = written(t, monkeypatch, lambda p, surf: p.seats(surf, s.seats, ["A"] * 3))
    rows = [w for w, _ in said if w.startswith("Deal")]
    assert len(rows) == 3 and not any("about 0" in w or " 0 Disasters" in w for w in rows), rows
    for row, ((_, usual, high), _) in zip(rows, still_to_deal(s.view())):
        if usual == 0 < high:
            assert row.endswith(f", up to {high} Disaster" + ("s" if high > 1 else "")), row
    assert deal_caption("Your", (0, 0, 1), 7) == "Your cards to deal now, face down and " \
        "unseen: up to 1 Disaster (a go deals 1 or 2), then 7 Items"
    t.app.quit()


def test_a_window_dragged_below_the_least_is_set_back_to_it(make_app):
    """Dragged by its edge below 960x540 (800x450), the window was laid out there and
    the panels' words were cut ("Com…", "scroll …"). The window manager is told the
    least size, and a window made smaller all the same is set back to it, the table
    laid out at that size."""
    s = session(STANDARD, ["human", "ai:random"])
    until(s, lambda s: s.view().phase not in ("setup", "discard"))
    app = make_app((1280, 720))
    t = table(app, s)
    with pytest.warns(DeprecationWarning):  # pygame-ce 2.5's way to the display's window
        window = pygame.Window.from_display_module()
    assert tuple(window.minimum_size) == MIN_SIZE
    pygame.display.set_mode((800, 450), pygame.RESIZABLE)  # as SDL does under the drag
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(800, 450), w=800, h=450)], 0.016)
    assert app.size == app.screen.get_size() == MIN_SIZE
    assert t.size == t.lay.size == MIN_SIZE
    # Dragged larger, it is taken as it is.
    pygame.display.set_mode((1100, 620), pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 620), w=1100, h=620)], 0.016)
    assert app.size == t.lay.size == (1100, 620)
    app.quit()


@pytest.mark.parametrize("n", (7, 8, 10))
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1366, 768)])
def test_one_hand_writes_its_covered_names_in_one_type(make_app, monkeypatch, size, n):
    """With 10 cards the covered cards' names came in two or three sizes, each the
    largest its own strip kept whole ("Morning Radio Calisthenics" at 11 beside 14):
    the hand read unevenly. One type for all, the largest that keeps every name whole
    (tests/test_ui_s64_hand.py reads them whole)."""
    sc, t, written = hand_words(monkeypatch, make_app, size, n)
    painted_hand(t)
    sizes = {k for w, k in written if w}
    assert len(sizes) == 1 and not any(w.endswith("…") for w, _ in written), (sizes, written)
    names = " ".join(sc.db[c].name for c in LONG[:n - 1])
    assert all(w.rstrip("-") in names for w, _ in written if w)
    t.app.quit()
