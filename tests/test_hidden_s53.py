"""The s53 audit of view.py: each line that hides a card broken for a moment and the
hidden-information, view, save and replay tests and test_properties run on it (docs/rules-coverage.md, "The
card language broken on purpose (3 Dec 2026, s53)", view.py). Here the scenes for the
breaks no test caught; each names the rule it pins."""
from __future__ import annotations

from scene import Scene

from game.engine.abilities import total
from game.engine.state import Place
from game.engine.view import STATS, view

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: idol, name: Idol, type: item}
- {id: gear, name: Gear, type: equipment}
- {id: camp, name: Camp, type: location, becomes_haven: {}}
- {id: rock, name: Rock, type: location}
"""


def test_rules_for_items_an_item_discarded_is_face_down_to_every_seat_R16():
    """Rules for Items: Items are "kept face down until they are used"; one Discarded
    (from a Haven's store, or a Character's as it leaves play) lies face down on the
    Discard pile (R16). Every seat, its owner too, sees how many Items the pile holds and
    none of which: the view's pile shows the Rock alone, counts one Item, and the Idol is
    not among the cards the seat knows."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.char("hero", (0, 0))
    idol, rock = sc.cards(["idol", "rock"])
    sc.st.seats[0].discard = [idol, rock]
    for seat in (0, 1):
        v = view(sc.st, seat)
        assert (v.seats[0].discard, v.seats[0].discard_items) == ((rock,), 1)
        assert idol not in dict(v.known) and rock in dict(v.known)


def test_guideline_4_10_items_still_under_a_location_turned_haven_stay_face_down():
    """Guideline 4.10: a Location turned Haven "can still be ... Scavenged": the
    face-down stack under it stays there (Basic Terms, Drop: "If they go under a Location
    they must be Scavenged"). Its Items stay face down to every seat, the Haven's owner
    too (R16): the view counts one Item there and names none, while the Equipment under
    it, face up once in play, is named."""
    sc = Scene(CARDS, seats=2)
    camp, idol, gear = sc.cards(["camp", "idol", "gear"])
    sc.st.places[(0, 0)] = Place(camp, "haven", 0, buried=(idol, gear))
    sc.st.seats[0].havens.append((0, 0))
    sc.char("hero", (0, 0))
    for seat in (0, 1):
        v = view(sc.st, seat)
        place, = v.places
        assert (place.buried_items, place.buried_equipment) == (1, (gear,))
        assert idol not in dict(v.known) and gear in dict(v.known)


HORDES = """\
- {id: gang, name: Gang, type: disaster, class: minor, categories: [Horde, School],
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: bully, name: Bully, type: disaster, class: minor, categories: [School],
   abilities: {attack: 2, defense: 2, movement: 1}}
"""


def test_horde_a_disasters_bonus_is_in_every_seats_view_of_its_totals():
    """Horde: "every other like card in play is +1 Attack & Defense". A Disaster's totals
    are public (every seat can work them out from the cards in play), and each seat's
    view gives the ones the rules count: the Bully (School) beside a School Horde, the
    Gang, is 3 Attack and 3 Defense to every seat, as abilities.total reads it."""
    sc = Scene(CARDS + HORDES, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.disaster("gang", (0, 0))
    bully = sc.disaster("bully", (1, 0))
    counted = tuple(total(sc.st, sc.unit(bully), a) for a in STATS)
    assert counted[STATS.index("attack")] == counted[STATS.index("defense")] == 3
    for seat in (0, 1):
        shown, = [u for u in view(sc.st, seat).units if u.card == bully]
        assert shown.totals == counted
