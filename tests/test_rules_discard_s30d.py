"""Discard Phase: "Discard any cards in your Haven that you do not want." Havens are where
you store "Equipment, extra Characters, and Items" (Rules for Havens), so a player's
Characters standing in its own Havens are among those cards; and "A Character that has
been Discarded is considered Killed" (guideline 2.3). Each test names its section or
guideline."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import DiscardCard, EndPhase, PickUp
from game.engine.events import Bonked, CardDiscarded, ItemDropped, Killed
from game.engine.options import Options
from game.engine.state import DISCARD, MOVE, Place
from game.engine.tally import item_counts

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: scout, name: Scout, type: character, gender: female,
   abilities: {attack: 1, defense: 2, movement: 3, charm: 0, energy: 1}}
- {id: idol, name: Idol, type: item}
- {id: kettle, name: Kettle, type: equipment, bonuses: {defense: "+1"}}
- {id: ward, name: Ward, type: enhancement, costs: {energy: "-1"}, bonuses: {defense: "+1"}}
"""


def discards(sc: Scene) -> list[int]:
    return [a.card for a in sc.legal() if isinstance(a, DiscardCard)]


def test_discard_phase_a_character_in_its_own_haven_may_be_discarded_guideline_2_3():
    """Discard Phase: "Discard any cards in your Haven that you do not want"; Rules for
    Havens: "Havens are where you store Equipment, extra Characters, and Items". The
    Hero stands in seat 0's Haven in seat 0's Discard phase: it is offered with the
    stored Idol and the hand's card, and the Scout on a Location is not."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    haven = sc.haven((1, 0), stored=["idol"])
    h = sc.char("hero", (1, 0))
    s = sc.char("scout", (0, 0))
    card, = sc.hand(0, "blank")
    sc.turn(DISCARD)
    assert discards(sc) == [card, haven.under[0], h]
    sc.refused(DiscardCard(s), "not in your hand or Haven")


def test_guideline_2_3_a_character_discarded_from_the_haven_is_killed():
    """Guideline 2.3: "A Character that has been Discarded is considered Killed"; Basic
    Terms, Kill: "Killed Characters are Discarded"; Bonk (what a Defeat does to what it
    had): "all of the Enhancements the Character had are Discarded, and any Equipment
    or Items are dropped"; Drop: "They may go in a Haven or under a Location". The Hero
    with an Idol, a Kettle and a Ward, discarded from the Haven: it and its Ward go to
    the discard pile, never Set Aside to come back; the Idol and the Kettle stay stored
    in the Haven, still seat 0's Item, and the Scout there picks them up."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    h = sc.char("hero", (1, 0), items=["idol"], equipment=["kettle"], enhancements=["ward"])
    s = sc.char("scout", (1, 0))
    idol, kettle, ward = sc.unit(h).items[0], sc.unit(h).equipment[0], sc.unit(h).enhancements[0]
    sc.turn(DISCARD)
    before = item_counts(sc.st)
    ev = sc.do(DiscardCard(h))
    assert of(ev, CardDiscarded) == [{"card": h, "seat": 0, "why": ""}]
    assert of(ev, Killed) == [{"card": h, "cell": (1, 0)}] and not of(ev, Bonked)
    assert h not in sc.st.units
    seat = sc.st.seats[0]
    assert seat.discard == [ward, h] and not seat.set_aside
    assert sorted(sc.st.places[(1, 0)].under) == sorted([idol, kettle])
    assert item_counts(sc.st) == before  # stored in the Haven: the player's, not the Disasters'
    assert discards(sc) == [idol, kettle, s]
    sc.do(PickUp(idol, s), PickUp(kettle, s))
    assert sc.unit(s).items == [idol] and sc.unit(s).equipment == [kettle]
    sc.until(MOVE)
    assert h not in sc.st.units and h not in seat.hand  # Killed: it does not come back


def test_guideline_2_3_the_killed_characters_events_tell_each_seat_its_share():
    """Guideline 2.3 with Rules for Items (face down) and Basic Terms, Kill: the Hero on
    the Field is public, so every seat sees it discarded and Killed, and its Kettle
    (Equipment is face up) stored; which Item it carried stays hidden from seat 1."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    sc.haven((2, 0), seat=1)
    h = sc.char("hero", (1, 0), items=["idol"], equipment=["kettle"])
    idol, kettle = sc.unit(h).items[0], sc.unit(h).equipment[0]
    sc.turn(DISCARD)
    ev = sc.do(DiscardCard(h))
    other = [e.for_seat(1) for e in ev]
    assert of(other, Killed) == [{"card": h, "cell": (1, 0)}]
    assert of(other, CardDiscarded)[0]["card"] == h
    dropped = [e.card for e in other if isinstance(e, ItemDropped)]
    assert kettle in dropped and idol not in dropped and None in dropped


def test_discard_phase_not_a_guest_nor_its_own_character_in_another_players_haven():
    """Discard Phase: "Discard any cards in your Haven": seat 0 discards from its own
    Havens only. Seat 1's Scout, a guest in seat 0's Haven (Rules for Havens: "They also
    don't have to leave until they want to"), is not seat 0's to discard; seat 0's Hero
    stopped in seat 1's Haven is not in seat 0's Haven. Neither is listed or taken."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    sc.haven((2, 0), seat=1)
    guest = sc.char("scout", (1, 0), seat=1)
    h = sc.char("hero", (2, 0))
    sc.turn(DISCARD)
    assert discards(sc) == []
    sc.refused(DiscardCard(guest))
    sc.refused(DiscardCard(h))


def test_discard_phase_a_character_in_an_extra_haven_and_only_in_the_discard_phase():
    """Discard Phase with Rules for Havens ("To add an additional Haven to the Field"):
    "your Haven" is each of the player's Havens, so the Scout in a second Haven is
    offered too; in the Move phase no Character is discarded (the Discard phase is
    where "Discard any cards in your Haven")."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    sc.st.places[(3, 0)] = Place(sc.card("home"), "haven", 0, ())
    sc.st.seats[0].havens.append((3, 0))
    h = sc.char("hero", (1, 0))
    s = sc.char("scout", (3, 0))
    sc.turn(MOVE)
    sc.refused(DiscardCard(s), "Discard phase")
    sc.until(DISCARD)
    assert discards(sc) == [h, s]
    sc.do(DiscardCard(s), EndPhase())
    assert s not in sc.st.units and sc.st.seats[0].discard == [s]
