"""Picking up, dropping and transferring Items and Equipment (Rules for Characters,
Items, Enhancements; Basic Terms, Drop; R5, R26)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import (Answer, BuildAccess, Challenge, Drop, Move, PickUp, PlaceHaven,
                                 Retrieve, Scavenge, Transfer)
from game.engine.events import ALL_SEE, CardPlayed, ItemDropped, ItemTaken, ItemTransferred
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE
from game.engine.tally import item_counts
from game.engine.view import view

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: idol, name: Idol, type: item}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
- {id: boost, name: Boost, type: enhancement, bonuses: {attack: "+1"}}
"""


def scene() -> Scene:
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    sc.haven((0, 1))
    sc.haven((1, 1), seat=1)
    return sc


def test_pick_up_from_the_players_haven():
    sc = scene()
    stored = sc.cards(["idol", "sword"])
    sc.st.put_under((0, 1), stored)
    hero = sc.char("hero", (0, 1))
    sc.turn(MOVE)
    ev = sc.do(PickUp(stored[0], hero), PickUp(stored[1], hero))
    assert sc.unit(hero).items == [stored[0]]
    assert sc.unit(hero).equipment == [stored[1]]
    assert sc.st.places[(0, 1)].under == ()
    taken = [e for e in ev if isinstance(e, ItemTaken)]
    assert taken[0].public == {"by": hero, "cell": (0, 1)}     # which card stays hidden
    assert taken[0].to == (0,) and taken[0].private == {"card": stored[0]}


def test_cannot_pick_up_from_a_haven_the_character_is_not_in():
    sc = scene()
    stored = sc.card("idol")
    sc.st.put_under((0, 1), [stored])
    hero = sc.char("hero", (0, 0))
    sc.turn(MOVE)
    sc.refused(PickUp(stored, hero), "not stored in the Haven")


def test_cannot_pick_up_from_under_a_location_without_scavenging():
    sc = scene()
    idol = sc.st.places[(0, 0)].under[0]
    hero = sc.char("hero", (0, 0))
    sc.turn(MOVE)
    sc.refused(PickUp(idol, hero))


def test_drop_in_the_haven_stores_the_card():
    sc = scene()
    hero = sc.char("hero", (0, 1), items=["idol"], equipment=["sword"])
    idol, sword = sc.unit(hero).items[0], sc.unit(hero).equipment[0]
    sc.turn(EQUIP)
    ev = sc.do(Drop(idol, hero), Drop(sword, hero))
    assert list(sc.st.places[(0, 1)].under) == [idol, sword]
    assert sc.unit(hero).items == [] and sc.unit(hero).equipment == []
    assert of(ev, ItemDropped)[0] == {"by": hero, "cell": (0, 1)}
    assert PickUp(idol, hero) in sc.legal()
    # An Item stored in a Haven is the Haven owner's (R5).
    assert item_counts(sc.st)["0"] == 1


def test_drop_under_a_location_must_be_scavenged_again_R26():
    sc = scene()
    hero = sc.char("hero", (1, 0), items=["idol"])
    idol = sc.unit(hero).items[0]
    sc.turn(MOVE)
    sc.do(Drop(idol, hero))
    assert list(sc.st.places[(1, 0)].under) == [idol]
    assert item_counts(sc.st)["field"] == 2 and item_counts(sc.st)["0"] == 0
    assert not any(isinstance(a, PickUp) for a in sc.legal())
    sc.refused(PickUp(idol, hero))
    sc.turn(SCAVENGE)
    sc.do(Scavenge((1, 0)), Retrieve(hero))
    assert sc.unit(hero).items == [idol]


def test_items_may_be_dropped_in_any_phase_of_the_turn():
    sc = scene()
    hero = sc.char("hero", (1, 0), items=["idol", "idol"])
    a, b = sc.unit(hero).items
    sc.turn(DISCARD)
    sc.do(Drop(a, hero))
    sc.turn(SCAVENGE)
    sc.do(Drop(b, hero))
    assert list(sc.st.places[(1, 0)].under) == [a, b]


def test_transfer_between_characters_at_the_same_location():
    sc = scene()
    a = sc.char("hero", (0, 0), items=["idol"], equipment=["sword"])
    b = sc.char("hero", (0, 0))
    idol, sword = sc.unit(a).items[0], sc.unit(a).equipment[0]
    sc.turn(MOVE)
    ev = sc.do(Transfer(idol, a, b), Transfer(sword, a, b))
    assert sc.unit(b).items == [idol] and sc.unit(b).equipment == [sword]
    assert sc.unit(a).items == [] and sc.unit(a).equipment == []
    moved = [e for e in ev if isinstance(e, ItemTransferred)][0]
    assert moved.public == {"src": a, "dst": b} and moved.private == {"card": idol}


def test_transfer_only_at_the_same_location():
    sc = scene()
    a = sc.char("hero", (0, 0), items=["idol"])
    b = sc.char("hero", (1, 0))
    sc.turn(MOVE)
    sc.refused(Transfer(sc.unit(a).items[0], a, b), "same Location")


def test_transfer_is_refused_to_another_players_character_and_says_so_rules_for_characters():
    """Items and Equipment move between a player's own Characters: dragged from one's own
    onto another player's, the refusal said "only your own Characters can ... transfer",
    which read as false (the giver is one's own; a playtest). It names the receiver."""
    sc = scene()
    a = sc.char("hero", (0, 0), items=["idol"])
    theirs = sc.char("hero", (0, 0), seat=1)
    sc.turn(MOVE)
    idol = sc.unit(a).items[0]
    sc.refused(Transfer(idol, a, theirs), f"c{theirs} is another player's Character")
    sc.refused(Transfer(idol, theirs, a), "only your own Characters")


def test_enhancements_cannot_be_transferred_or_dropped():
    """Rules for Enhancements: once played, they can never be transferred."""
    sc = scene()
    a = sc.char("hero", (0, 0), enhancements=["boost"])
    b = sc.char("hero", (0, 0))
    boost = sc.unit(a).enhancements[0]
    sc.turn(MOVE)
    sc.refused(Transfer(boost, a, b))
    sc.refused(Drop(boost, a))
    assert sc.unit(a).enhancements == [boost]


def test_cannot_handle_another_players_items():
    sc = scene()
    theirs = sc.char("hero", (0, 0), seat=1, items=["idol"])
    mine = sc.char("hero", (0, 0))
    sc.turn(MOVE)
    idol = sc.unit(theirs).items[0]
    sc.refused(Transfer(idol, theirs, mine), "your own")
    sc.refused(Drop(idol, theirs), "your own")


def guest_scene(owner_home: bool):
    """Seat 1's guest (seat 0's hero) stands in seat 1's Haven, where a Ring is stored;
    it could only have stopped there with permission (R36)."""
    sc = scene()
    stored = sc.card("idol", seat=1)
    sc.st.put_under((1, 1), [stored])
    hero = sc.char("hero", (0, 1))
    sc.st.move_unit(sc.unit(hero), (1, 1))
    keeper = sc.char("hero", (1, 1), seat=1) if owner_home else None
    sc.turn(MOVE)
    return sc, stored, hero, keeper


def test_rules_for_havens_a_guest_with_permission_takes_out_any_item():
    """Rules for Havens: "If you do allow another player to stop at your Haven, that
    player has free access to it and may take out any Items or Equipment there ... if
    you have no Characters there, they can take whatever is there." """
    sc, stored, hero, _ = guest_scene(owner_home=False)
    assert PickUp(stored, hero) in sc.legal()
    ev = sc.do(PickUp(stored, hero))
    assert sc.unit(hero).items == [stored] and sc.st.places[(1, 1)].under == ()
    taken, = [e for e in ev if isinstance(e, ItemTaken)]
    assert taken.to == (0, 1)  # the taker and the Haven's owner know which card it is


def test_rules_for_havens_the_guest_sees_the_store_it_may_take_from():
    sc, stored, hero, _ = guest_scene(owner_home=False)
    seen = {p.cell: p.stored for p in view(sc.st, 0).places}
    assert seen[(1, 1)] == (stored,) and seen[(0, 1)] == ()  # its own Haven is empty
    assert {p.cell: p.stored for p in view(sc.st, 1).places}[(0, 1)] is None


def test_rules_for_havens_an_owner_with_characters_there_may_fight_a_take_it_sees():
    """Rules for Havens: "If you have Characters there, you can Combat that player's
    Characters if they try to take something you don't want them to take." """
    sc, stored, hero, keeper = guest_scene(owner_home=True)
    sc.do(PickUp(stored, hero))
    assert sc.st.current_seat() == 1 and sc.unit(hero).items == []  # the owner answers first
    assert sc.legal() == [Answer(True), Challenge(0, (1, 1))]
    # The owner sees which card it lets go or fights for; it stays the two players' secret.
    assert view(sc.st, 1).decision.card == stored and view(sc.st, 0).decision.card == stored
    assert view(sc.st, ALL_SEE).decision.card == -1
    sc.do(Challenge(0, (1, 1)))
    assert sc.st.duel is not None and sc.st.duel.attacker == 1 and sc.st.duel.defender == 0
    assert sc.unit(hero).items == [] and sc.st.places[(1, 1)].under == (stored,)


def test_rules_for_havens_an_owner_may_let_the_guest_take():
    sc, stored, hero, keeper = guest_scene(owner_home=True)
    sc.do(PickUp(stored, hero), Answer(True))
    assert sc.unit(hero).items == [stored] and sc.st.current_seat() == 0

# Rules for Havens: extra Havens ------------------------------------------------------------
def builders(n: int = 3):
    sc = Scene(CARDS + "- {id: den, name: Den, type: haven}\n")
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    sc.haven((0, 1))
    chars = [sc.char("hero", (1, 0)) for _ in range(n)]
    den, = sc.hand(0, "den")
    sc.turn(MOVE)
    return sc, chars, den


def test_rules_for_havens_three_characters_build_access_for_two_turns():
    """Rules for Havens: "To add an additional Haven to the Field, 3 Characters must
    remain at a Location for 2 Turns doing nothing except 'building' access to the Haven.
    You may then place the Haven adjacent to the Location during the next Equip phase." """
    sc, chars, den = builders()
    build = BuildAccess(den, tuple(chars), (1, 0))
    assert build in sc.legal()
    sc.do(build)
    assert den not in sc.st.seats[0].hand and [b.card for b in sc.st.building] == [den]
    assert not any(isinstance(a, Move) for a in sc.legal())  # doing nothing but building
    assert not any(isinstance(a, PlaceHaven) for a in sc.legal())
    sc.until(EQUIP)                        # one Turn done: not yet
    assert not any(isinstance(a, PlaceHaven) for a in sc.legal())
    sc.until(EQUIP)                        # two Turns done: the next Equip phase
    places = [a for a in sc.legal() if isinstance(a, PlaceHaven)]
    assert places and {a.cell for a in places} <= {(2, -1), (2, 0), (2, 1), (1, 1), (0, -1),
                                                    (1, -1)}
    ev = sc.do(places[0])
    assert sc.st.places[places[0].cell].kind == "haven"
    assert places[0].cell in sc.st.seats[0].havens and not sc.st.building
    assert of(ev, CardPlayed)[0]["card"] == den


def test_rules_for_havens_building_needs_three_that_remain():
    """Two Characters cannot build; a builder that leaves ends the building, and the
    Haven card goes back to the hand."""
    sc, chars, den = builders(2)
    assert not any(isinstance(a, BuildAccess) for a in sc.legal())
    sc, chars, den = builders(3)
    sc.do(BuildAccess(den, tuple(chars), (1, 0)))
    sc.st.move_unit(sc.unit(chars[0]), (0, 0))  # carried off, say, by a card
    sc.until(MOVE)
    assert sc.st.building == [] and den in sc.st.seats[0].hand
    assert not any(x.source == den for x in sc.st.lasting)  # the others are free again
