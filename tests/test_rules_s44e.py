"""Every worked example of the rulebook and every 1998 clarification, checked against
its test (s44e; the table is docs/rules-coverage.md, "Worked examples and 1998
clarifications, checked s44e"). Here: the examples and clarifications whose test
asserted less than the book says, and the readings the rulebook decides."""
from __future__ import annotations

from scene import Scene, of

from game.engine.disasters import ally
from game.engine.events import ItemTaken
from game.engine.maintenance import move

CARDS = """\
- {id: boss, name: Boss, type: disaster, class: major,
   abilities: {attack: 4, defense: 3, movement: 1}}
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 2, defense: 1, movement: 1}}
- {id: third, name: Third, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: gem, name: Gem, type: item}
- {id: coin, name: Coin, type: item}
"""


def allied_band(*followers: str) -> tuple[Scene, int, list[int]]:
    """A Boss with its allies at the first cell of a row of five Locations."""
    sc = Scene(CARDS)
    for x in range(5):
        sc.location((4 - x, 0))  # the path runs right to left (R3)
    boss = sc.disaster("boss", sc.st.path[0])
    mates = [sc.disaster(f, sc.st.path[0]) for f in followers]
    for m in mates:
        ally(sc.st, sc.unit(boss), sc.unit(m), [])
    return sc, boss, mates


# Rules for Disasters; Ally Disasters -------------------------------------------------
def test_rules_for_disasters_each_allied_disaster_without_an_item_picks_one_up():
    """Rules for Disasters: "If a Combat Disaster does not already have an Item, it will
    pick up an Item from the first Location it stops on that has an Item"; Ally
    Disasters: "When allied Disasters take an Item, it will go to the primary Disaster
    first if it does not already have one." The alliance sentence orders who takes
    first; it does not stop the Lackey, a Combat Disaster without an Item, from taking
    the second Item where it stops (the reading left last stop took one Item an
    alliance a stop). Two Items lie where the Boss and the Lackey stop: the Boss takes
    the first, the Lackey the second. With one Item, the primary has it."""
    sc, boss, (lackey,) = allied_band("lackey")
    gem, coin = sc.cards(["gem", "coin"])
    sc.st.change_place(sc.st.path[1], under=(gem, coin))
    ev: list = []
    move(sc.st, boss, ev)
    assert [(e.by, e.card) for e in ev if isinstance(e, ItemTaken)] == [(boss, gem), (lackey, coin)]
    assert (sc.unit(boss).items, sc.unit(lackey).items) == ([gem], [coin])
    assert sc.st.places[sc.st.path[1]].under == ()


def test_ally_disasters_one_item_goes_to_the_primary_and_the_rest_wait():
    """Ally Disasters: with three allies and one Item where they stop, the primary takes
    it ("it will go to the primary Disaster first"); the Lackey and the Third, finding
    none left, take nothing; at the next Location with an Item the Lackey (the first
    ally without one) takes it."""
    sc, boss, (lackey, third) = allied_band("lackey", "third")
    gem, coin = sc.cards(["gem", "coin"])
    sc.st.change_place(sc.st.path[1], under=(gem,))
    sc.st.change_place(sc.st.path[2], under=(coin,))
    ev: list = []
    move(sc.st, boss, ev)
    assert [e["by"] for e in of(ev, ItemTaken)] == [boss]
    ev = []
    move(sc.st, boss, ev)
    assert [e["by"] for e in of(ev, ItemTaken)] == [lackey]
    assert (sc.unit(boss).items, sc.unit(lackey).items, sc.unit(third).items) \
        == ([gem], [coin], [])
