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
    assert took(t, valen, lines) == 1 and any("built a Haven" in w for w in lines), lines
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
