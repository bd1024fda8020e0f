"""What a newcomer found at the window (helper s36w: a four-seat hot-seat game at
1280x720 and a two-seat game against the AI at 1920x1080; headless scenes)."""
from __future__ import annotations

import pytest

from game.engine import events as E

import test_ui_table
from test_ui_table import scene_app, scene_session, table
from test_ui_window_s35w2 import IDOL

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def endured_scene(make_app, size, turns: int, now: int):
    """Player 1 enduring a Quiz Off Field with `turns` of its Turns left, at seat
    `now`'s Move phase of a two-seat hot-seat game."""
    from scene import Scene
    from game.engine.state import MOVE, OffField
    from test_rules_equip import UPKEEP
    sc = Scene(UPKEEP, seats=2)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0))
    quiz = sc.card("quiz")
    sc.st.off_field.append(OffField(quiz, 0, (h,), turns))
    sc.turn(MOVE, seat=now)
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    return table(scene_app(make_app, sc, size), s), quiz


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_basic_terms_duration_an_endured_disaster_says_whose_turns_are_left(
        make_app, monkeypatch, size):
    """Basic Terms, Duration: a card lasting Turns lasts them "for the player that plays
    it", Discarded at the end of its last Turn; an endured Disaster, played by nobody,
    counts the Turns of the player enduring it (R29; disasters.count_down). Off Field
    it read "1 turn" at Player 1's Turn and at Player 2's alike (s36w, shots a27, a34):
    at Player 2's it seemed to end with Player 2's. The line under it names whose Turns
    it counts."""
    from test_ui_combat_panel import painted
    t, quiz = endured_scene(make_app, size, 1, now=1)
    said, _ = painted(monkeypatch, t, lambda p, surf: p.off_field(surf))
    assert "1 more P1 turn" in said, said
    t.app.quit()


@pytest.mark.parametrize("turns, now, ends", [
    (1, 0, "Discarded at the end of this Turn"),
    (2, 0, "Discarded at the end of Player 1's next Turn"),
    (1, 1, "Discarded at the end of Player 1's next Turn"),
    (2, 1, "Discarded at the end of Player 1's second Turn from now"),
])
def test_basic_terms_duration_an_endured_disaster_s_tooltip_says_when_it_goes(
        make_app, turns, now, ends):
    """Basic Terms, Duration ("the first Turn is the Turn it was played. The card is
    Discarded at the end of its last Turn"), for a Disaster endured: its tooltip said
    only what its class means (s36w, shot a28), not when it goes. Pointed at, it says
    whose it is and at the end of which Turn it is Discarded, the Turn under way
    counting when it is the enduring player's."""
    t, quiz = endured_scene(make_app, (1280, 720), turns, now)
    facts = t._facts(quiz)
    assert f"Endured by Player 1: {ends}." in facts, facts
    t.app.quit()


def test_rules_for_havens_taking_up_one_s_own_equipment_is_no_news_to_others(make_app):
    """Equip Phase: Equipment is played into one's Haven and taken from it by a
    Character there (the engine's ItemTaken out of the Haven). Player 2's curtain led
    with "Kaede Ironside (P1) took Heavy Ion Cannon out of Forward Base Anvil" (s36w,
    shot a26), as if Kaede had taken it from a Haven not Player 1's: a take out of the
    taker's own Haven is no headline for another seat. A take out of another's Haven
    still is, and the owner's loss comes first."""
    from scene import Scene
    from game.engine.state import MOVE
    from test_ui_combat_panel import TITLED
    sc = Scene(TITLED + IDOL, seats=3)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0), seat=0)
    valen = sc.char("valen", (1, 0))
    akiko = sc.char("akiko", (1, 0), seat=1)
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "human", "human"])
    s.take_seat()
    t = table(scene_app(make_app, sc, (1280, 720)), s)
    s.match.log.extend([E.ItemTaken(valen, (1, 0), sc.card("idol")),
                        E.ItemTaken(akiko, (1, 0), sc.card("idol"))])
    own = f"{t._log_name(valen)} took a face-down card out of {t._log_name((1, 0))}"
    raid = f"{t._log_name(akiko)} took a face-down card out of {t._log_name((1, 0))}"
    for seat in (1, 2):
        lines = t.curtain_words(seat)[1][1]
        assert own not in lines and raid in lines, (seat, lines)
    assert t.curtain_words(0)[1][1][0] == raid
    t.app.quit()


TOWER = "- {id: tower, name: Tower, type: location, abilities: {defense: 5},\n" \
        "   requires: {skills: {Phase: 1}}}\n" \
        "- {id: gate, name: Gate, type: location, requires: {skills: {Phase: 1}}}\n"


def test_rules_for_locations_the_bar_says_why_neither_scavenge_nor_attack(make_app):
    """Rules for Locations: a Location with Defense may be Scavenged by a group that
    meets its requirements, or attacked, once per Turn. Pointed at a Location its group
    could neither Scavenge nor attack, the bar gave the Scavenge's reason alone (s36w,
    left from s35w): "the group does not meet the requirements: Phase", which sends a
    newcomer to attack it, refused too. Where the Location has Defense the bar says
    both reasons; where it has none, the Scavenge's alone."""
    from scene import Scene
    from game.engine.state import SCAVENGE
    from test_ui_combat_panel import TITLED
    sc = Scene(TITLED + TOWER + IDOL, seats=2)
    sc.location((0, 0), "tower", under=["idol"])
    sc.location((1, 0), "gate", under=["idol"])
    sc.char("valen", (0, 0))
    sc.char("pawlina", (1, 0))
    sc.st.location_attacked.add((0, 0))
    sc.turn(SCAVENGE)
    t = table(scene_app(make_app, sc, (1280, 720)), scene_session(sc, ["human", "ai:easy"]))
    t.hit = lambda pos: ("cell", (0, 0))
    said = t._why_not_scavenged(None)
    assert said.startswith("Tower: ") and "requirements" in said and \
        "attacked this Turn" in said, said
    t.hit = lambda pos: ("cell", (1, 0))
    said = t._why_not_scavenged(None)
    assert said.startswith("Gate: ") and "requirements" in said and "attack" not in said, said
    t.app.quit()
