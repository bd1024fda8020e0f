"""Hidden information (R16), the s33f pass: what the shuffles of test_views.py and
test_hidden_s27.py cannot see. They deal the hidden cards again and compare views, but
a record a view copies whole (a lasting effect) keeps the instance it names through a
shuffle, so a record naming a face-down card would pass them. No such record was found
(random games of every level at 2, 3 and 4 seats, every view's lasting effects,
decisions, Off Field and building records read against test_properties.visibility);
the one way an Item's own effect lasts is pinned here."""
from __future__ import annotations

import pytest
from scene import Scene

from game.engine import view
from game.engine.actions import Scavenge
from game.engine.cardfile import load_cards
from game.engine.cards import CardDB
from game.engine.events import ALL_SEE, Modified
from game.engine.options import Options
from game.engine.state import SCAVENGE

LUCKY = """\
- {id: t-lucky, name: Lucky, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 3, charm: 3, energy: 3},
   skills: {Blind Luck: 1}}
- {id: t-gem, name: Gem, type: item}
"""
CELL = (0, 0)


def scene(seats: int) -> Scene:
    """The shipped cards and Lucky (Blind Luck), `seats` seats, no Charm Combat."""
    sc = Scene(LUCKY, seats=seats, options=Options(charm_combat=False))
    sc.db = sc.game.db = CardDB({**load_cards().cards, **sc.db.cards})
    return sc


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_face_down_items_lasting_effect_names_its_holder_to_every_seat_rules_for_items(seats):
    """Rules for Items: "Item cards are kept face down until they are used"; R16. Rubber
    Duck of Destiny, carried face down, gives its carrier +2 Defense for the Turn when
    the group begins Scavenging, without a use: the Modified event names the Duck to the
    carrier's player alone, and the lasting effect every view copies names the carrier
    as its source (steps._last), never the Duck's instance (the deck lists would name
    it)."""
    sc = scene(seats)
    sc.location(CELL, under=["t-gem"])
    sc.haven((3, 3))
    lucky = sc.char("t-lucky", CELL, items=["rubber-duck-of-destiny"])
    duck, = sc.unit(lucky).items
    sc.turn(SCAVENGE)
    events = sc.do(Scavenge(CELL))
    mod, = [e for e in events if isinstance(e, Modified) and e.unit == lucky]
    assert mod.for_seat(0).card == duck
    for seat in (*range(seats), ALL_SEE):
        v = view(sc.st, seat)
        lasting, = [x for x in v.lasting if x.unit == lucky]
        assert lasting.source == lucky and lasting.mods, (seat, lasting)
        if seat != 0:
            assert mod.for_seat(seat).card is None
            assert duck not in {c for c, _ in v.known}
