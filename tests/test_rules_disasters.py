"""Disasters on the Field: the path and the Maintenance phase (rulebook, Rules for
Disasters, Major and Minor Disasters, Maintenance Phase; R3, R21)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import EndPhase, RunAway, RunTo, Scavenge
from game.engine.disasters import ally
from game.engine.events import (CardDiscarded, CombatBegan, CombatTarget, DisasterLeft, DisasterMoved, ItemDestroyed, ItemTaken)
from game.engine.state import DISCARD, EQUIP, SCAVENGE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: strider, name: Strider, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 2}}
- {id: crawler, name: Crawler, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: pest, name: Pest, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: comet, name: Comet, type: disaster, class: major, moves_once: true,
   abilities: {attack: 2, defense: 2, movement: 1}}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- id: sapper
  name: Sapper
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 1, movement: 1}
  effects:
    - {"on": defeated, do: [{draw: 1, to: player}, {damage: 1, to: here}]}
"""

# Two columns of Locations with a Haven in the left one, and one far to the left:
#   x=-5: (-5,0)      x=0: (0,0) (0,1)=Haven (0,2)      x=1: (1,0) (1,1) (1,2)
# The path (R3): (1,0) (1,1) (1,2) (0,0) (0,2) (-5,0).
PATH = [(1, 0), (1, 1), (1, 2), (0, 0), (0, 2), (-5, 0)]


def board(seats: int = 1, destroyed=()) -> Scene:
    sc = Scene(CARDS, seats=seats)
    for cell in [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]:
        sc.location(cell, destroyed=cell in destroyed)
    sc.haven((0, 1))
    sc.location((-5, 0), under=["gem"])  # something left to Scavenge: no R14 c ending
    return sc


def maintenance(sc: Scene, seat: int = 0):
    """Run the seat's Reload and Maintenance phases (an empty Draw pile draws nothing)."""
    sc.turn(DISCARD, seat)
    return sc.do(EndPhase())


def test_board_path_R3():
    assert list(board().st.path) == PATH


def test_disaster_moves_its_full_movement_down_then_to_the_next_column_left_R3():
    sc = board()
    s = sc.disaster("strider", (1, 1))   # Movement 2
    ev = maintenance(sc)
    # (1,1) -> (1,2) -> top of the next column to the left, (0,0).
    assert of(ev, DisasterMoved) == [{"card": s, "origin": (1, 1), "dest": (0, 0)}]
    assert sc.st.phase == EQUIP
    ev = sc.until(EQUIP)
    # (0,0) -> (0,2) -> (-5,0): the Haven at (0,1) is skipped (R3).
    assert of(ev, DisasterMoved) == [{"card": s, "origin": (0, 0), "dest": (-5, 0)}]


def test_haven_is_skipped_on_the_path_R3():
    sc = board()
    c = sc.disaster("crawler", (0, 0))  # Movement 1
    ev = maintenance(sc)
    assert of(ev, DisasterMoved) == [{"card": c, "origin": (0, 0), "dest": (0, 2)}]


def test_disaster_can_stop_on_a_destroyed_location_R3():
    sc = board(destroyed=[(1, 1)])
    c = sc.disaster("crawler", (1, 0))
    maintenance(sc)
    assert sc.unit(c).pos == (1, 1)


def test_only_the_current_players_disasters_move():
    """Maintenance Phase: any Disasters *you* brought into play are moved."""
    sc = board(seats=2)
    mine = sc.disaster("crawler", (1, 0), seat=1, brought_by=0)   # from seat 1's deck
    theirs = sc.disaster("crawler", (1, 1), seat=0, brought_by=1)
    ev = maintenance(sc, seat=0)
    assert [e["card"] for e in of(ev, DisasterMoved)] == [mine]
    assert sc.unit(theirs).pos == (1, 1)
    ev = maintenance(sc, seat=1)
    assert [e["card"] for e in of(ev, DisasterMoved)] == [theirs]


def test_major_disaster_destroys_its_item_and_reenters_at_the_top_right():
    sc = board()
    major = sc.disaster("crawler", (-5, 0), items=["idol"])  # the last Location of the path
    idol = sc.unit(major).items[0]
    ev = maintenance(sc)
    assert of(ev, DisasterLeft) == [{"card": major, "cell": (-5, 0)}]
    assert idol in sc.st.destroyed
    assert [e.private for e in ev if isinstance(e, ItemDestroyed)] == [{"card": idol}]
    assert sc.unit(major).pos == sc.st.path[0] == (1, 0)


def test_minor_disaster_destroys_its_item_and_is_discarded_at_the_end_of_its_cycle():
    sc = board()
    minor = sc.disaster("pest", (-5, 0), items=["idol"])
    idol = sc.unit(minor).items[0]
    ev = maintenance(sc)
    assert minor not in sc.st.units
    assert minor in sc.st.seats[0].discard
    assert idol in sc.st.destroyed and idol not in sc.st.seats[0].discard
    assert of(ev, DisasterLeft) and of(ev, CardDiscarded)


def test_a_minor_disaster_discarded_at_the_end_of_its_cycle_is_defeated_guideline_2_3():
    """Guideline 2.3: "A Disaster that has been Discarded is considered Defeated": a
    Minor Disaster's "when Defeated" text runs when it is Discarded at the end of its
    cycle. It has moved Off Field first (Maintenance Phase), so no Location is "here"
    and the Character at the last Location takes nothing."""
    sc = board()
    hero = sc.char("hero", (-5, 0))
    sapper = sc.disaster("sapper", (-5, 0))
    sc.hand(0, *["idol"] * 7)          # a full hand: Reload draws nothing
    top, = sc.draw_pile(0, "gem")
    maintenance(sc)
    assert sapper in sc.st.seats[0].discard
    assert top in sc.st.seats[0].hand  # its "when Defeated" draw
    assert sc.unit(hero).damage == 0


def test_reaching_the_last_location_is_not_the_end_of_the_cycle_R3():
    sc = board()
    minor = sc.disaster("pest", (0, 2))
    maintenance(sc)
    assert sc.unit(minor).pos == (-5, 0)  # it stops there; leaving it ends the cycle


def test_moves_once_disaster_moves_only_when_drawn():
    sc = board()
    comet = sc.draw_pile(0, "comet")[0]
    ev = maintenance(sc)
    assert of(ev, DisasterMoved) == [{"card": comet, "origin": (1, 0), "dest": (1, 1)}]
    ev = sc.until(EQUIP)
    assert not of(ev, DisasterMoved)
    assert sc.unit(comet).pos == (1, 1)


def test_moves_once_disaster_revealed_while_scavenging_does_not_move():
    sc = board()
    sc.location((2, 0), under=["comet", "idol"])
    hero = sc.char("hero", (2, 0))
    sc.turn(SCAVENGE)
    sc.do(Scavenge((2, 0)))
    comet = sc.st.combat.disaster
    assert sc.game.card(comet).id == "comet"
    sc.do(RunAway(), RunTo((1, 0)))  # the group leaves it there; the Turn ends
    assert sc.unit(hero).pos == (1, 0)
    assert sc.st.turn_seat == 0 and sc.st.phase == DISCARD
    ev = sc.do(EndPhase())  # Reload and Maintenance
    assert not of(ev, DisasterMoved)
    assert sc.unit(comet).pos == (2, 0)


def test_a_stopping_disaster_picks_up_an_item_R21():
    sc = board()
    sc.st.put_under((1, 1), [sc.card("idol")])   # passed over: not taken
    sc.st.put_under((1, 2), [idol := sc.card("idol")])
    s = sc.disaster("strider", (1, 0))
    ev = maintenance(sc)
    assert sc.unit(s).items == [idol]
    assert sc.st.places[(1, 2)].under == ()
    assert len(sc.st.places[(1, 1)].under) == 1
    assert of(ev, ItemTaken) == [{"by": s, "cell": (1, 2)}]


def test_a_disaster_carries_only_one_item():
    sc = board()
    sc.st.put_under((1, 1), [sc.card("idol")])
    c = sc.disaster("crawler", (1, 0), items=["gem"])
    maintenance(sc)
    assert len(sc.unit(c).items) == 1
    assert len(sc.st.places[(1, 1)].under) == 1


def test_a_stopping_disaster_attacks_a_character_with_an_item_first_R21():
    for seed in range(12):
        sc = Scene(CARDS, seed=seed)
        for cell in [(0, 0), (0, 1)]:
            sc.location(cell)
        sc.location((-5, 0), under=["gem"])
        for _ in range(3):
            sc.char("hero", (0, 1))
        carrier = sc.char("hero", (0, 1), items=["idol"])
        sc.disaster("crawler", (0, 0))
        ev = maintenance(sc)
        began = of(ev, CombatBegan)
        assert began and began[0]["context"] == "maintenance" and began[0]["cell"] == (0, 1)
        assert of(ev, CombatTarget)[0]["target"] == carrier, seed


def test_a_stopping_disaster_picks_up_the_item_then_attacks_R21():
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((0, 1), under=["idol"])
    sc.location((-5, 0), under=["gem"])
    hero = sc.char("hero", (0, 1))
    c = sc.disaster("crawler", (0, 0))
    ev = maintenance(sc)
    kinds = [type(e) for e in ev]
    assert kinds.index(ItemTaken) < kinds.index(CombatBegan)
    assert len(sc.unit(c).items) == 1
    assert of(ev, CombatTarget)[0]["target"] == hero  # no Item: a random Character
    assert sc.st.combat is not None and sc.st.combat.context == "maintenance"


def test_a_stopping_disaster_takes_an_item_under_face_down_disasters_rules_for_disasters():
    """Rules for Disasters: "If a Combat Disaster does not already have an Item, it will
    pick up an Item from the first Location it stops on that has an Item." The face-down
    Disaster above the Item does not keep it out of reach (R30 is withdrawn)."""
    sc = board()
    pest, idol = sc.cards(["pest", "idol"])
    sc.st.put_under((1, 1), [pest, idol])
    c = sc.disaster("crawler", (1, 0))
    ev = maintenance(sc)
    assert sc.unit(c).pos == (1, 1)
    assert sc.unit(c).items == [idol] and of(ev, ItemTaken)
    assert sc.st.places[(1, 1)].under == (pest,)  # the Disaster stays, face down


def test_a_minor_disaster_allied_with_a_major_one_is_discarded_at_the_end_of_its_cycle():
    """Ally Disasters: "the two Disasters move as a group"; Rules for Minor Disasters:
    "When a Minor Disaster reaches the end of the Field it will Destroy the Item it was
    carrying and is itself Discarded", even when its primary is Major and re-enters."""
    sc = board()
    major = sc.disaster("crawler", (-5, 0))
    minor = sc.disaster("pest", (-5, 0), items=["idol"])
    ally(sc.st, sc.unit(major), sc.unit(minor), [])
    idol = sc.unit(minor).items[0]
    maintenance(sc)
    assert sc.unit(major).pos == (1, 0)
    assert minor not in sc.st.units and minor in sc.st.seats[0].discard
    assert idol in sc.st.destroyed


def test_a_major_disaster_allied_with_a_minor_one_reenters_at_the_end_of_its_cycle():
    """Ally Disasters: "the two Disasters move as a group"; Rules for Major Disasters:
    "When a Major Disaster reaches the end of the Field it will Destroy the Item it was
    carrying and re-enter the Field at the top-right", even when its primary is Minor
    and is Discarded."""
    sc = board()
    major = sc.disaster("crawler", (-5, 0), items=["idol"])  # listed first to move
    minor = sc.disaster("pest", (-5, 0))
    ally(sc.st, sc.unit(minor), sc.unit(major), [])
    idol = sc.unit(major).items[0]
    maintenance(sc)
    assert minor not in sc.st.units
    assert idol in sc.st.destroyed and sc.unit(major).items == []
    assert sc.unit(major).pos == (1, 0)


def test_a_major_disaster_that_reenters_moves_the_rest_of_its_movement_R49():
    """Rules for Disasters: "Disasters always move their full Movement each Maintenance
    phase"; Maintenance Phase: "Major Disasters re-enter the Field at the first Location
    of rightmost column." The step off the last Location brings it to the first (as
    with Movement 1, above); its other steps go on down the path (R49), and it picks up
    and attacks only where it stops."""
    sc = board()
    sc.st.put_under((1, 0), [sc.card("idol")])  # passed over: not taken
    hero = sc.char("hero", (1, 0), items=["gem"])  # passed over: not attacked
    strider = sc.disaster("strider", (-5, 0), items=["idol"])  # Movement 2, last Location
    idol = sc.unit(strider).items[0]
    ev = maintenance(sc)
    assert idol in sc.st.destroyed
    assert of(ev, DisasterLeft) == [{"card": strider, "cell": (-5, 0)}]
    assert of(ev, DisasterMoved) == [{"card": strider, "origin": (-5, 0), "dest": (1, 1)}]
    assert sc.unit(strider).pos == (1, 1) and sc.unit(strider).items == []
    assert len(sc.st.places[(1, 0)].under) == 1 and not of(ev, CombatBegan)
    assert sc.unit(hero).damage == 0 and sc.st.phase == EQUIP


def test_a_major_disaster_one_step_from_the_end_reenters_and_goes_on_R49():
    """Movement 2 from the second-to-last Location: the last one, then the step off
    that brings it to the first; a Movement as long as the path would go round again."""
    sc = board()
    crawler = sc.disaster("crawler", (0, 2))   # Movement 1
    strider = sc.disaster("strider", (0, 2))   # Movement 2
    maintenance(sc)
    assert sc.unit(crawler).pos == (-5, 0)
    assert sc.unit(strider).pos == (1, 0)
    # Movement 7 on a path of 6: round the Field, the cycle ends once, and on.
    sc = Scene(CARDS + """\
- {id: comet-tail, name: Comet Tail, type: disaster, class: major,
   abilities: {attack: 1, defense: 1, movement: 7}}
""")
    for cell in PATH:
        sc.location(cell)
    sc.haven((0, 1))
    sc.st.put_under((-5, 0), [sc.card("gem")])
    tail = sc.disaster("comet-tail", (1, 0), items=["idol"])
    ev = maintenance(sc)
    assert of(ev, DisasterLeft) == [{"card": tail, "cell": (-5, 0)}]
    assert sc.unit(tail).pos == (1, 1) and sc.unit(tail).items == []


def test_a_disaster_passing_over_items_and_characters_neither_takes_nor_attacks_rules_for_disasters():
    """Rules for Disasters: it picks up an Item "from the first Location it stops on"
    and attacks where it "stops": passing over a Location with an Item under it and a
    Character carrying one, it does neither."""
    sc = board()
    idol = sc.card("idol")
    sc.st.put_under((1, 1), [idol])
    hero = sc.char("hero", (1, 1), items=["gem"])
    s = sc.disaster("strider", (1, 0))  # Movement 2: over (1,1), onto (1,2)
    ev = maintenance(sc)
    assert sc.unit(s).pos == (1, 2) and sc.unit(s).items == []
    assert sc.st.places[(1, 1)].under == (idol,)
    assert not of(ev, CombatBegan) and sc.unit(hero).damage == 0


def test_three_players_a_disaster_moves_in_the_turn_of_the_player_that_brought_it_maintenance_phase():
    """Maintenance Phase: "Any Disasters you brought into play ... are moved", whoever's
    deck they came from. Three players: a Disaster of seat 2's deck brought in by seat 1
    moves only in seat 1's Turn, and a Minor one ending its cycle goes to seat 2's
    Discard pile ("Discarded cards always go into the card owner's Discard pile")."""
    sc = board(seats=3)
    walker = sc.disaster("crawler", (1, 0), seat=2, brought_by=1)
    pest = sc.disaster("pest", (-5, 0), seat=2, brought_by=1, items=["idol"])
    idol = sc.unit(pest).items[0]
    for seat in (0, 2):
        assert not of(maintenance(sc, seat=seat), DisasterMoved)
    ev = maintenance(sc, seat=1)
    assert [e["card"] for e in of(ev, DisasterMoved)] == [walker]
    assert sc.unit(walker).pos == (1, 1)
    assert pest in sc.st.seats[2].discard and pest not in sc.st.seats[1].discard
    assert idol in sc.st.destroyed


def test_a_stopping_disaster_attacks_another_players_character_with_an_item_rules_for_disasters():
    """Rules for Disasters: "If a Combat Disaster stops at a Location where there are
    Characters with Items, the Disaster will automatically attack a random Character
    having an Item", whoever's: seat 0 brought it, seat 1's Character carries the Item,
    and the Combat is seat 1's."""
    for seed in range(6):
        sc = Scene(CARDS, seats=2, seed=seed)
        for cell in [(0, 0), (0, 1)]:
            sc.location(cell)
        sc.location((-5, 0), under=["gem"])
        sc.char("hero", (0, 1))
        sc.char("hero", (0, 1))
        carrier = sc.char("hero", (0, 1), seat=1, items=["idol"])
        sc.disaster("crawler", (0, 0))
        ev = maintenance(sc)
        assert of(ev, CombatTarget)[0]["target"] == carrier, seed
        assert of(ev, CombatBegan)[0]["seat"] == 1
