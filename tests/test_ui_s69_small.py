"""s69's newcomer playtest at 960x540: the Location panel's facts ran off the window's
foot, and the Combat panel's Disaster totals ran into the words beside its card."""
from __future__ import annotations

import re

import pygame
import pytest

from game.engine.state import MOVE, SCAVENGE
from game.ui.table import panels

import test_ui_table
from test_ui_table import scene_app, scene_session, table
from test_window_s42w import written
from shots import shipped, table_shot

make_app = test_ui_table.make_app  # the fixture


# A Location with every fact the panel may say: it attacks, it may be attacked, and
# Equipment was left there face up.
GUN = """\
- {id: gun, name: Orbital Gun Platform Hyperion, type: location,
   categories: [Planetary, Military], abilities: {attack: 3, defense: 6},
   requires: {abilities: {movement: 3}}}
"""


def crowded_location(make_app, size, seats: int = 2, card: str = "asteroid-hopscotch-belt",
                     under=("prototype-reactor-core",)):
    """The playtest's Asteroid Hopscotch Belt (a/0081_d56): Planetary, Scavenging needs
    Movement 3+, two of the viewer's Characters there with another seat's and a
    Disaster, the viewer's other groups at two Locations, Characters who lack the
    symbol, an Item face down under it."""
    from scene import Scene
    sc = Scene(shipped("characters", "locations", "disasters", "items", "equipment") + GUN,
               seats=seats)
    belt = (1, 0)
    sc.location(belt, card, under=under)
    for cell, card in (((0, 0), "radio-tower-hill"), ((2, 0), "crash-landed-star-freighter")):
        sc.location(cell, card)
    sc.char("kaede-ironside", belt)
    sc.char("kinako-purrsworth", belt)
    sc.char("daigo-hatakeyama", (0, 0))
    sc.char("mio-sprocket", (2, 0))
    sc.char("unit-v7", (2, 0))
    sc.char("princess-pawlina", belt, seat=1)
    sc.disaster("space-rat-boarders", belt, seat=1, brought_by=1)
    sc.turn(SCAVENGE)
    t = table(scene_app(make_app, sc, size),
              scene_session(sc, ["human"] + ["ai:random"] * (seats - 1)))
    t.inspect = belt
    return t


def location_said(t, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """The Location panel's words and where, the cards face up left there with them."""
    said, hits = written(t, monkeypatch, lambda p, surf: panels.inspector(
        p, surf, t.inspect, t.name))
    return said + [(f"card {k[1]}", r) for r, k in hits if k[0] == "card"]


@pytest.mark.parametrize("seats, size", [(2, (960, 540)), (4, (960, 540)),
                                         (2, (1280, 720)), (4, (1280, 720))])
def test_every_location_fact_whole_within_its_panel(make_app, monkeypatch, seats, size):
    """The Location panel said its facts beside its card only, and at 960x540 and
    1280x720 alike the last ran off the window's foot ("Here: Your 2 Characters, Player
    2's 1 Character, 1…", s69's playtest, a/0081_d56). They go under the card too, where
    beside it is full: every one said, whole, within the panel."""
    t = crowded_location(make_app, size, seats)
    table_shot(t, f"location_{size[0]}_{seats}")
    said = location_said(t, monkeypatch)
    assert all(t.lay.inspector.contains(r) for _, r in said), said
    words = " ".join(w for w, _ in said)
    for fact in ("Planetary: every Character", "Scavenging needs: Movement 3+",
                 "Your group here could Scavenge it.", "Face down under it: 0 Disasters, 1 Item",
                 "Here: Your 2 Characters, Player 2's 1 Character, 1 Disaster"):
        assert fact in words, words
    t.app.quit()


@pytest.mark.parametrize("seats, size", [(2, (960, 540)), (4, (1280, 720))])
def test_a_location_s_facts_too_many_keep_who_is_here_and_what_stops_scavenging(
        make_app, monkeypatch, seats, size):
    """Where even the least type leaves them too many (a Location that attacks, may be
    attacked, Equipment left on it), the least kept are left out first: the count face
    down (its cell on the Field shows it), the symbol's rule (its card says it); who is
    here and what stops Scavenging stay, and the Equipment's faces to click, all within
    the panel."""
    t = crowded_location(make_app, size, seats, "gun",
                         ("hornet-battle-walker", "putt-putt-scooter", "prototype-reactor-core"))
    table_shot(t, f"location_gun_{size[0]}_{seats}")
    said = location_said(t, monkeypatch)
    assert all(t.lay.inspector.contains(r) for _, r in said), said
    words = " ".join(w for w, _ in said)
    for fact in ("Your group here could Scavenge it.", "Left here, face up",
                 "Here: Your 2 Characters, Player 2's 1 Character, 1 Disaster"):
        assert fact in words, words
    assert "Face down under it" not in words and "Planetary: every" not in words, words
    assert len([w for w, _ in said if w.startswith("card ")]) == 3, said  # its card, two left
    t.app.quit()


# A Location that raises a Disaster's Attack and Defense: the playtest's DZ-9 read
# "Attack 6 (printed 5)", "Defense 7 (printed 6)" (a/0148_d103).
FORT = """\
- {id: fort, name: Fort, type: location,
   effects: [{"on": static, do: [{modify: {attack: "+1", defense: "+1"}, to: disasters_here}]}]}
"""


def raised_disaster_fight(make_app, size, seats: int = 2, damage: int = 0):
    """Player 1's Daigo and Doc fight the DZ-9 at the Fort (its Attack and Defense
    raised), `damage` dealt to it already: the Combat panel as they choose."""
    from scene import Scene
    from game.engine import actions as A
    from test_ui_s68_combat import replayed_table
    sc = Scene(shipped("characters", "disasters") + FORT, seats=seats)
    sc.location((0, 0), "fort")
    sc.location((1, 0))
    sc.char("daigo-hatakeyama", (0, 0))
    sc.char("doc-ishimaru", (0, 0))
    dz = sc.disaster("runaway-mecha-dz9", (0, 0), seat=1, brought_by=1)
    sc.unit(dz).damage = damage
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    log = sc.do(A.Fight(dz))
    return replayed_table(make_app, sc, log, size)


STAT = re.compile(r"^((Attack|Defense|Damage) \d|\(printed )")


@pytest.mark.parametrize("seats, size, damage, said", [
    # (s70: at 960x540 whole in regular type, narrower)
    (2, (960, 540), 0, ["Attack 6 (printed 5)", "Defense 7 (printed 6)"]),
    (2, (960, 540), 2, ["Attack 6 (printed 5)", "Defense 7 (printed 6)", "Damage 2"]),
    (4, (1024, 600), 2, ["Attack 6 (printed 5)", "Defense 7 (printed 6)", "Damage 2"]),
    (2, (1280, 720), 2, ["Attack 6 (printed 5)", "Defense 7 (printed 6)", "Damage 2"]),
    (4, (1280, 720), 2, ["Attack 6 (printed 5)", "Defense 7 (printed 6)", "Damage 2"])])
def test_a_disaster_s_changed_totals_keep_clear_of_the_words_beside_it(
        make_app, monkeypatch, seats, size, damage, said):
    """Under the Disaster's card, "Defense 7 (printed 6)" was wider than the card even
    at its least type and ran into the verdict line and the red Run Away hint at
    960x540 (s69's playtest, a/0148_d103). Where a total is too wide, "(printed 6)"
    takes a row of its own; where those rows would cover much of the card, the total
    alone (green: raised; the card's number beside it). No word over another."""
    t = raised_disaster_fight(make_app, size, seats, damage)
    table_shot(t, f"disaster_{size[0]}_{seats}_{damage}")
    words, _ = written(t, monkeypatch, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, t.notes, t.name, {}))
    stats = [(w, r) for w, r in words if STAT.match(w)]
    others = [(w, r) for w, r in words if not STAT.match(w)]
    for w, r in stats:
        assert not [o for o in others if o[1].colliderect(r)], (w, r, others)
    assert [w for w, _ in stats] == said, words
    t.app.quit()
