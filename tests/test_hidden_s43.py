"""Rules for Items: "Item cards are kept face down until they are used." A used Item is
named to every seat by its CardUsed event; what its use then does (a Modified, a
Damaged) names it to every seat too. Found by s43n: the log said "Player 4 used Golden
Melon Pan" and, on the next line, "A face-down Item: +2 Energy to Sayo": the Modified
event still kept the card from the other seats. An Item's effect that is not a use (a
Scavenge trigger) keeps it face down, as before."""
from __future__ import annotations

from scene import Scene
from test_hidden_information import DUCK

from game.engine import actions as A
from game.engine.events import CardUsed, Damaged, Modified
from game.engine.state import MOVE, SCAVENGE

CARDS = DUCK + """\
- {id: bun, name: Bun, type: item, uses: 1,
   effects: [{"on": use, do: [{modify: {energy: "+2"}, for: turn}]}]}
- {id: flare, name: Flare, type: item, uses: 1,
   effects: [{"on": use, target: {select: character, owner: opponent, at: here},
              do: [{damage: 1, to: target}]}]}
"""


def told(events, seat, kind):
    return [e.for_seat(seat) for e in events if isinstance(e, kind)]


def test_rules_for_items_a_used_items_own_effect_names_it_to_every_seat():
    sc = Scene(CARDS, seats=3)
    sc.location((0, 0), under=["gem"])
    hero = sc.char("hero", (0, 0), items=["bun"])
    bun = sc.unit(hero).items[0]
    sc.turn(MOVE)
    events = sc.do(A.UseCard(bun))
    for seat in (1, 2):
        assert [e.card for e in told(events, seat, CardUsed)] == [bun]
        assert [(e.card, e.unit) for e in told(events, seat, Modified)] == [(bun, hero)]


def test_rules_for_items_a_used_items_damage_names_it_to_every_seat():
    sc = Scene(CARDS, seats=3)
    sc.location((0, 0), under=["gem"])
    hero = sc.char("hero", (0, 0), items=["flare"])
    foe = sc.char("hero", (0, 0), seat=1)
    flare = sc.unit(hero).items[0]
    sc.turn(MOVE)
    events = sc.do(A.UseCard(flare, 0, foe))
    for seat in (1, 2):
        assert [e.card for e in told(events, seat, Damaged)] == [flare]


def test_rules_for_items_an_items_effect_without_a_use_stays_face_down():
    """The Duck's Scavenge trigger is not a use: the others learn its effect, not the
    card (tests/test_hidden_s41h.py plays such games twice to be sure)."""
    sc = Scene(CARDS, seats=3)
    sc.location((0, 0), under=["gem"])
    hero = sc.char("hero", (0, 0), items=["duck"])
    sc.turn(SCAVENGE)
    events = sc.do(A.Scavenge((0, 0)))
    mods = [e for e in events if isinstance(e, Modified) and e.unit == hero]
    assert mods, "the Duck's Scavenge trigger made no Modified event: the scene tests nothing"
    for seat in (1, 2):
        assert all(e.for_seat(seat).card is None for e in mods)
    assert all(e.for_seat(0).card is not None for e in mods)
