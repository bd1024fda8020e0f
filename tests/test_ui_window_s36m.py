"""The window review's mends (s36m): the hot-seat curtain's news of Scavenged Items, the
booth's "New game?" offer (a double-click, the curtain, a key) and an endured Disaster's
tooltip; headless scenes, each played with the engine's own actions."""
from __future__ import annotations

import pytest

from game.engine import actions as A

import test_ui_table
from test_ui_table import scene_app, scene_session, table
from test_ui_combat_panel import TITLED
from test_ui_window_s35w2 import IDOL

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

HALL = "- {id: hall, name: Hall, type: location, becomes_haven: {}}\n"


def hall_scene(make_app, under=("idol",)):
    """Seat 0's Valen at the Hall (it can become a Haven), `under` it, in seat 0's
    Scavenge phase of a two-seat hot-seat game, Player 1 at the screen."""
    from scene import Scene
    from game.engine.state import SCAVENGE
    sc = Scene(TITLED + IDOL + HALL, seats=2)
    sc.location((0, 0), "hall", under=under)
    valen = sc.char("valen", (0, 0))
    sc.turn(SCAVENGE)
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    return table(scene_app(make_app, sc, (1280, 720)), s), valen


def curtain_news(t, seat: int) -> list[str]:
    """The news on `seat`'s curtain, the table's view of the Field brought up to date."""
    t.app.step([], 0.016)
    return t.curtain_words(seat)[1][1]


def took(t, char: int, lines: list[str]) -> int:
    """How many of the lines tell of `char` taking a card at the Hall."""
    return sum(w.startswith(f"{t._log_name(char)} took a face-down card ") and
               w.endswith(t._log_name((0, 0))) for w in lines)


def test_guideline_4_10_an_item_scavenged_before_its_location_became_a_haven_is_news(make_app):
    """Rules for Locations: a group Scavenges a Location and may turn it into a Haven in
    the same Scavenge phase. Player 1 Scavenged the Idol out of the Hall, then built a
    Haven there: Player 2's curtain said only "Player 1 built a Haven" (s36m review),
    the take read as one out of the taker's own Haven because the Hall is one *now*.
    A Scavenge's Retrieve is news to the others; it was a Location then."""
    t, valen = hall_scene(make_app)
    s = t.session
    s.act(A.Scavenge((0, 0)))
    s.act(A.Retrieve(valen))
    s.act(A.BuildHaven((0, 0)))
    lines = curtain_news(t, 1)
    assert took(t, valen, lines) == 1, lines
    assert any(w.endswith("turned Hall into their Haven") for w in lines), lines
    t.app.quit()


def test_guideline_4_10_an_item_scavenged_from_under_one_s_own_haven_is_news(make_app):
    """Guideline 4.10: a Location-turned-Haven "can still be ... Scavenged": what lay under
    it stays there. Player 1 built the Hall into a Haven with the Idol still under it, then
    Scavenged it: the take (a Scavenge, not a pick-up out of the Haven's store) is news to
    Player 2; a pick-up out of one's own Haven's store is still none (s36w)."""
    t, valen = hall_scene(make_app)
    s = t.session
    s.act(A.BuildHaven((0, 0)))
    s.act(A.Scavenge((0, 0)))
    s.act(A.Retrieve(valen))
    idol, = s.state.units[valen].items
    s.act(A.Drop(idol, valen))  # stored in the Haven, and taken out of its store again
    s.act(A.PickUp(idol, valen))
    lines = curtain_news(t, 1)
    assert took(t, valen, lines) == 1, lines  # the Retrieve, not the pick-up
    t.app.quit()


def test_guideline_4_10_a_scavenge_under_way_when_the_person_left_is_still_one(make_app):
    """As above, with Player 2 last at the screen once the Scavenging had begun (a
    Combat with a Disaster turned over may call another person to the screen): the news
    starts inside the Scavenging, and its Retrieve is still no take out of a Haven's
    store."""
    t, valen = hall_scene(make_app)
    s = t.session
    s.act(A.Scavenge((0, 0)))
    s.looked(1, len(s.record.actions), len(s.log))
    s.act(A.Retrieve(valen))
    s.act(A.BuildHaven((0, 0)))
    lines = curtain_news(t, 1)
    assert took(t, valen, lines) == 1, lines
    t.app.quit()


# The booth's "New game?" ---------------------------------------------------------------

def visitors_game(tmp_path, card_db, size=(960, 540), two: bool = False):
    """A visitor's booth game after its first move: "New game?" stands offered."""
    import pygame
    from test_booth import booth_app, frame, key, set_up
    app, clock = booth_app(tmp_path, card_db, size=size)
    frame(app, clock, key(pygame.K_RETURN))
    if two:
        frame(app, clock, key(pygame.K_2))
    set_up(app, clock)
    app.session.take_seat()
    app.session.act(app.session.legal()[0])
    frame(app, clock)
    assert app.booth.fresh_button is not None
    return app, clock


def test_booth_a_double_click_on_new_game_does_not_throw_the_game_away(tmp_path, card_db):
    """Issue 17, a booth game is never saved: "New game?" asks "Sure?" at a first click
    and puts the game away at a second within CONFIRM seconds; a double-click (the
    second click a moment after the first) was both and threw the game away (s36m
    review). A confirming click sooner than HASTY after the first is not one; a later
    one is."""
    from test_booth import click, frame
    from game.ui.booth import CONFIRM, HASTY
    app, clock = visitors_game(tmp_path, card_db)
    old, spot = app.session, app.booth.fresh_button.center
    frame(app, clock, click(spot))
    frame(app, clock, click(spot), dt=HASTY / 2)
    assert app.session is old
    frame(app, clock, click(spot), dt=HASTY)
    assert app.session is not old and HASTY * 1.5 < CONFIRM


def test_booth_new_game_is_not_offered_on_the_hot_seat_curtain(tmp_path, card_db):
    """Issue 17, hot seat: the curtain hides the table until the next person says they
    sit down. "New game?" stood on it (s36m review): Player 2, just sitting down, read it
    as meant for them and could throw away the game they had not yet seen. It is offered
    only with no curtain up."""
    import pygame
    from test_booth import click, frame, key
    from game.engine.actions import EndPhase
    app, clock = visitors_game(tmp_path, card_db, two=True)
    s, spot = app.session, app.booth.fresh_button.center
    for _ in range(200):  # Player 1 plays on till the seat passes to Player 2
        if s.to_act != s.viewer:
            break
        s.act(EndPhase() if EndPhase() in s.legal() else s.legal()[0])
        frame(app, clock)
    for _ in range(20):  # the person leaving watches what their last action did
        frame(app, clock)
    assert s.handoff() == 1
    assert app.booth.fresh_button is None
    frame(app, clock, click(spot))
    frame(app, clock, key(pygame.K_n), dt=1.0)
    frame(app, clock, key(pygame.K_n), dt=1.0)
    assert app.session is s
    s.take_seat()
    frame(app, clock, dt=1.0)
    assert app.booth.fresh_button is not None


def test_booth_new_game_has_a_key_shown_on_it(tmp_path, card_db, monkeypatch):
    """Issue 17, as "Two players?" has 2 (two at a keyboard alone): "New game?" is
    taken by N (no key of the table's), pressed twice, the second not sooner than HASTY
    after the first; the button says so."""
    import pygame
    from test_booth import frame, key
    from game.ui import booth
    from game.ui.booth import HASTY
    app, clock = visitors_game(tmp_path, card_db)
    said = []
    monkeypatch.setattr(booth, "text", lambda surf, words, *a, **k: said.append(words))
    frame(app, clock)
    assert any("N" in w.split() for w in said), said
    old = app.session
    frame(app, clock, key(pygame.K_n), dt=1.0)
    frame(app, clock, key(pygame.K_n), dt=HASTY / 2)
    assert app.session is old
    frame(app, clock, key(pygame.K_n), dt=HASTY)
    assert app.session is not old


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_booth_new_game_s_faces_say_the_cost_and_fit_their_box(tmp_path, card_db, monkeypatch,
                                                                size):
    """Issue 17: the second face of "New game?" said "Sure? Click again", not what the
    second click costs (s36m review): the game under way ends, never saved. Each face's
    words fit the button at the booth's sizes."""
    from test_booth import click, frame
    from game.ui import booth
    app, clock = visitors_game(tmp_path, card_db, size=size)
    drawn = []
    real = booth.text
    monkeypatch.setattr(booth, "text", lambda surf, words, f, *a, **k: (
        drawn.append((words, f.size(words)[0])), real(surf, words, f, *a, **k)))
    frame(app, clock)
    first, drawn[:] = list(drawn), []
    frame(app, clock, click(app.booth.fresh_button.center))
    frame(app, clock)
    second, box = list(drawn), app.booth.fresh_button
    assert any("End this game" in w for w, _ in second), second
    for words, width in first + second:
        assert width <= box.w - 8, (words, width, box.w)


# An endured Disaster's tooltip -----------------------------------------------------------

def zoom_lines(monkeypatch, t, card: int) -> list[str]:
    """The lines of the card shown large with the pointer on `card` (Off Field)."""
    import pygame
    from game.ui.table import ink, popups
    popups._zoom.cache_clear()
    said: list[str] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: said.append(words) or
                        real(words, *a, **k))
    t.hit = lambda pos: ("card", card)
    t.hovered = (("card", card), 1.0)
    t._draw_zoom(pygame.Surface(t.size))
    return said


@pytest.mark.parametrize("turns, now", [(1, 0), (1, 1), (2, 1)])
def test_rules_for_minor_disasters_an_endured_disaster_s_tooltip_has_no_cycle(
        make_app, monkeypatch, turns, now):
    """R29: a non-Combat Disaster endured lies Off Field for its Turns, then is
    Discarded; Rules for Minor Disasters: "When a Minor Disaster reaches the end of the
    Field ... is itself Discarded", the end of its cycle (End of a Disaster's cycle), a
    walk an endured one never takes. Pointed at, it read "Endured by Player 1: Discarded
    at the end of Player 1's next Turn." then "Minor Disaster: Discarded at the end of its
    cycle." (s36m review). An endured card's tooltip leaves its class line out; the
    card's words elsewhere (popups.keywords: the log's, a Disaster on the Field) keep it."""
    from game.ui.table import popups
    from test_ui_window_s36w import endured_scene
    t, quiz = endured_scene(make_app, (1280, 720), turns, now)
    lines = zoom_lines(monkeypatch, t, quiz)
    assert lines[0].startswith("Endured by Player 1"), lines
    assert any(w.startswith("Non-Combat Disaster") for w in lines), lines
    assert not any(w.startswith("Minor Disaster") for w in lines), lines
    card = t.session.game.card(quiz)
    assert any(w.startswith("Minor Disaster") for w in popups.keywords(card))
    t.app.quit()
