"""Rules for Items: "Item cards are kept face down until they are used." An event that
names the card behind a change (`by` of Moved, CombatTarget and Cancelled) keeps an
Item from the other seats as a Modified's `card` does: an Item's trigger that is not a
use moved its holder home and the Moved event named the Item to every seat."""
from __future__ import annotations

from scene import Scene
from test_hidden_information import DUCK

from game.engine import actions as A
from game.engine.events import Moved
from game.engine.state import MOVE, SCAVENGE

CARDS = DUCK + """\
- {id: homing, name: Homing Bell, type: item, effects: [
    {"on": scavenge, do: [{send_home: true, to: holder}]}]}
- {id: whistle, name: Recall Whistle, type: item, uses: 1, effects: [
    {"on": use, do: [{send_home: true, to: holder}]}]}
"""


def sent_home(events, seat):
    return [e.for_seat(seat).by for e in events if isinstance(e, Moved)]


def test_rules_for_items_an_items_trigger_that_sends_home_keeps_the_item_face_down():
    sc = Scene(CARDS, seats=3)
    sc.haven((2, 2))
    sc.location((0, 0), under=["gem"])
    hero = sc.char("hero", (0, 0), items=["homing"])
    bell = sc.unit(hero).items[0]
    sc.turn(SCAVENGE)
    events = sc.do(A.Scavenge((0, 0)))
    assert sent_home(events, 0) == [bell], "the Bell sent nobody home: the scene tests nothing"
    for seat in (1, 2):
        assert sent_home(events, seat) == [None]
    assert sent_home(events, None) == [bell]  # the omniscient log


def test_rules_for_items_a_used_item_that_sends_home_is_named_to_every_seat():
    sc = Scene(CARDS, seats=3)
    sc.haven((2, 2))
    sc.location((0, 0), under=["gem"])
    hero = sc.char("hero", (0, 0), items=["whistle"])
    whistle = sc.unit(hero).items[0]
    sc.turn(MOVE)
    events = sc.do(A.UseCard(whistle))
    for seat in (0, 1, 2):
        assert sent_home(events, seat) == [whistle]
