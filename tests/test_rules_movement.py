"""The Move phase (rulebook, Move Phase; Basic Terms, Group and Movement; Rules for
Characters, Locations and Havens; R4, R18, R23, R24)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import Fight, Move, RunAway, RunTo, UseEquipment
from game.engine.events import Bonked, CombatBegan, CombatTarget, LocationAttacks, Moved
from game.engine.state import EQUIP, MOVE, SCAVENGE

CARDS = """\
- {id: runner, name: Runner, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: swimmer, name: Swimmer, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Swimming: 1}}
- {id: frail, name: Frail, type: character, gender: female,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: spaceman, name: Spaceman, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Planetary: 1}}
- {id: walker, name: Walker, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Dimensional: 1}}
- {id: planet, name: Planet, type: location, categories: [Planetary]}
- {id: rift, name: Rift, type: location, categories: [Dimensional]}
- {id: rocket, name: Rocket, type: equipment, categories: [Planetary Vehicle]}
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: idol, name: Idol, type: item}
"""


def line(n: int = 4, **cards) -> Scene:
    """Locations in a row (0,0) .. (n-1,0): the only way along is cell by cell."""
    sc = Scene(CARDS, seats=2)
    for x in range(n):
        sc.location((x, 0), cards.get(f"c{x}", "plain"))
    return sc


def test_movement_points_limit_the_distance():
    """Basic Terms, Movement: one point per Location, up to the Movement ability."""
    sc = line(4)
    r = sc.char("runner", (0, 0))  # Movement 2
    sc.turn(MOVE)
    assert Move((r,), (2, 0)) in sc.legal()
    sc.refused(Move((r,), (3, 0)),
               f"(3, 0) is out of reach: 3 Locations away, and c{r} has 2 Movement left")
    sc.refused(Move((r,), (0, 0)), f"c{r} already stands at (0, 0)")
    ev = sc.do(Move((r,), (1, 0)))
    assert of(ev, Moved)[0]["cost"] == 1
    # One point left this Turn.
    sc.refused(Move((r,), (3, 0)), "out of reach")
    sc.do(Move((r,), (2, 0)))
    sc.refused(Move((r,), (3, 0)), "out of reach")


def test_a_character_whose_movement_fell_below_what_it_used_cannot_move_basic_terms():
    """Basic Terms, Movement: a Character moves "up to" its Movement. One that has used
    more than it now has (a card lowered it after it moved) has nothing left, not an
    unbounded walk (once, a negative remainder set no limit at all)."""
    sc = line(4)
    r = sc.char("runner", (0, 0))  # Movement 2
    sc.turn(MOVE)
    sc.unit(r).moved = 3  # two used, then its Movement fell by one
    assert not any(isinstance(a, Move) for a in sc.legal())
    sc.refused(Move((r,), (1, 0)), "out of reach")


def test_movement_comes_back_next_turn():
    sc = line(4)
    sc.location((0, 1), under=["idol"])  # keeps the game from ending (R14 c)
    r = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    sc.do(Move((r,), (2, 0)))
    sc.until(MOVE, seat=0)
    assert Move((r,), (3, 0)) in sc.legal()


def test_moves_only_in_the_move_phase():
    sc = line(3)
    r = sc.char("runner", (0, 0))
    for phase in (EQUIP, SCAVENGE):
        sc.turn(phase)
        sc.refused(Move((r,), (1, 0)), "move phase")


def test_cannot_move_another_players_characters():
    sc = line(3)
    other = sc.char("runner", (0, 0), seat=1)
    sc.turn(MOVE)
    sc.refused(Move((other,), (1, 0)))


def test_characters_moving_together_must_stand_together():
    sc = line(3)
    a = sc.char("runner", (0, 0))
    b = sc.char("runner", (1, 0))
    sc.turn(MOVE)
    sc.refused(Move((a, b), (2, 0)), "stand together")


def test_a_group_moves_at_the_pace_of_its_slowest():
    sc = line(4)
    a = sc.char("runner", (0, 0))
    b = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    sc.do(Move((a,), (1, 0)), Move((a,), (0, 0)))  # a has spent its 2 points
    sc.refused(Move((a, b), (1, 0)), "out of reach")
    assert Move((b,), (2, 0)) in sc.legal()


def test_group_of_at_most_4():
    """Basic Terms, Group: there is a limit of 4 Characters per group. The refusal names
    that limit and how many stand there, not the Field's 6 too (it read as if either
    might be why)."""
    sc = line(3)
    sc.haven((0, 1))
    four = [sc.char("runner", (1, 0)) for _ in range(4)]
    fifth = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    sc.refused(Move((fifth,), (1, 0)), "at most 4 in a group, and 4 of yours stand there "
               "already (Basic Terms, Group)")
    five = [sc.char("runner", (0, 1)) for _ in range(5)]  # any number in the Haven
    sc.refused(Move(tuple(five), (0, 0)), "at most 4")
    assert Move(tuple(four), (2, 0)) in sc.legal()


def test_at_most_6_characters_on_the_field():
    """Rules for Characters: any number in the Haven, no more than 6 on the Field; the
    refusal names that limit alone (the group would be 1 at the Location)."""
    sc = Scene(CARDS)
    for x in range(4):
        sc.location((x, 0))
    sc.haven((0, 1))
    for x in (1, 2, 3):
        sc.char("runner", (x, 0))
        sc.char("runner", (x, 0))
    waiting = sc.char("runner", (0, 1))
    sc.turn(MOVE)
    sc.refused(Move((waiting,), (0, 0)), "too many of your Characters: at most 6 on the "
               "Field, and a group leaving your Haven adds to them")
    # Moving inside the Field is fine, and so is going home.
    mover = next(u.card for u in sc.st.units.values() if u.pos == (1, 0))
    assert Move((mover,), (0, 0)) in sc.legal()
    assert Move((mover,), (0, 1)) in sc.legal()


def test_planetary_location_needs_the_symbol_to_stop_and_to_pass_R18():
    sc = line(3, c1="planet")
    r = sc.char("runner", (0, 0))
    s = sc.char("spaceman", (0, 0))
    sc.turn(MOVE)
    lacks = f"(1, 0) is Planetary: c{r} lacks the Planetary symbol"
    sc.refused(Move((r,), (1, 0)), lacks)
    sc.refused(Move((r,), (2, 0)), "every way there crosses a Planetary Location")  # passing (R18)
    sc.refused(Move((r, s), (1, 0)), "every Character of a group must have it")
    assert Move((s,), (1, 0)) in sc.legal()
    assert Move((s,), (2, 0)) in sc.legal()


def test_planetary_vehicle_gives_the_planetary_symbol_R18():
    sc = line(3, c1="planet")
    r = sc.char("runner", (0, 0), equipment=["rocket"])
    rocket, = sc.unit(r).equipment
    sc.turn(MOVE)
    # "or is in a Planetary Vehicle": carried is not enough, it must be in use (Rules
    # for Equipment; Basic Terms, Driver / Pilot).
    assert Move((r,), (2, 0)) not in sc.legal()
    sc.do(UseEquipment(rocket, r))
    assert Move((r,), (2, 0)) in sc.legal()
    sc.do(Move((r,), (1, 0)))


def test_dimensional_location_needs_every_character_to_be_dimensional_R18():
    sc = line(3, c1="rift")
    r = sc.char("runner", (0, 0))
    w = sc.char("walker", (0, 0))
    sc.turn(MOVE)
    sc.refused(Move((r, w), (1, 0)), f"(1, 0) is Dimensional: c{r} lacks the Dimensional")
    sc.refused(Move((r,), (2, 0)), "every way there crosses a Dimensional Location")
    sc.do(Move((w,), (2, 0)))
    assert sc.unit(w).pos == (2, 0)


def test_destroyed_location_can_be_passed_but_not_stopped_on():
    """Rules for Locations: Destroyed Locations still count for movement; Characters
    cannot stop on them."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), destroyed=True)
    sc.location((2, 0))
    r = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    sc.refused(Move((r,), (1, 0)), "(1, 0) is Destroyed: Characters may pass over it, not stop")
    ev = sc.do(Move((r,), (2, 0)))
    assert of(ev, Moved)[0]["cost"] == 2


def test_another_players_haven_can_be_passed_but_not_stopped_on_R4():
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0), seat=1)
    sc.location((2, 0))
    sc.haven((0, 1), seat=0)
    r = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    sc.refused(Move((r,), (1, 0)), "another player's Haven: a group stops there only with its")
    assert Move((r,), (0, 1)) in sc.legal()  # its own Haven
    sc.do(Move((r,), (2, 0)))
    assert sc.unit(r).pos == (2, 0)


def test_a_part_of_a_group_may_move_together():
    """Basic Terms, Group: Characters travelling together form a group; to leave one a
    Character need only move to another Location. Two of three may go on together."""
    sc = line(3)
    a, b, c = (sc.char("runner", (0, 0)) for _ in range(3))
    sc.turn(MOVE)
    ev = sc.do(Move((a, b), (1, 0)))
    assert of(ev, Moved)[0]["chars"] == [a, b]
    assert sc.unit(c).pos == (0, 0)


def test_group_carrying_items_that_stops_at_a_combat_disaster_is_attacked_R23():
    sc = line(3)
    sc.location((0, 1), under=["idol"])
    carrier = sc.char("runner", (0, 0), items=["idol"])
    friend = sc.char("runner", (0, 0))
    ogre = sc.disaster("ogre", (1, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((carrier, friend), (1, 0)))
    began = of(ev, CombatBegan)
    assert began and began[0]["disaster"] == ogre and began[0]["context"] == "move"
    assert of(ev, CombatTarget)[0]["target"] == carrier  # the one with an Item first
    assert sc.st.combat is not None and sc.st.combat.seat == 0


def test_group_without_items_is_not_attacked_but_may_fight_R23():
    sc = line(3)
    r = sc.char("runner", (0, 0))
    ogre = sc.disaster("ogre", (1, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((r,), (1, 0)))
    assert not of(ev, CombatBegan) and sc.st.combat is None
    assert Fight(ogre) in sc.legal()
    sc.do(Fight(ogre))
    assert sc.st.combat is not None


def test_location_with_attack_strikes_a_group_lacking_its_requirements_R24():
    sc = line(3, c1="reef")  # Attack 4, requires Swimming
    a = sc.char("runner", (0, 0))  # Defense 3
    b = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((a, b), (1, 0)))
    hits = of(ev, LocationAttacks)
    assert sorted(h["target"] for h in hits) == sorted([a, b])  # each Character
    assert all((h["attack"], h["defense"], h["damage"]) == (4, 3, 1) for h in hits)
    assert all(h["result"] == "ok" for h in hits)
    # No Combat card is drawn, and the Damage heals at once (R24).
    assert sc.unit(a).damage == 0 and sc.unit(b).damage == 0


def test_location_attacks_once_per_turn_R24():
    sc = line(3, c1="reef")
    d = sc.char("runner", (0, 0))
    late = sc.char("runner", (2, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((d,), (1, 0)))
    assert len(of(ev, LocationAttacks)) == 1
    ev = sc.do(Move((d,), (0, 0)))          # leaving and coming back ...
    ev += sc.do(Move((late,), (1, 0)))      # ... or another group arriving
    assert not of(ev, LocationAttacks)


def test_a_location_strikes_a_group_that_stops_there_running_away_rules_for_locations():
    """Rules for Locations: "If a group of Characters, without the required skills, stops
    at a Location with Attack, the Location Attacks each Character": running 1 Location
    from a Combat is stopping there too."""
    sc = line(3, c1="reef")
    r = sc.char("runner", (0, 0), items=["idol"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(ogre), RunAway())
    ev = sc.do(RunTo((1, 0)))
    hits = of(ev, LocationAttacks)
    assert [(h["target"], h["attack"]) for h in hits] == [(r, 4)]


def test_location_does_not_strike_a_group_meeting_its_requirements_R24():
    sc = line(3, c1="reef")
    a = sc.char("runner", (0, 0))
    s = sc.char("swimmer", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((a, s), (1, 0)))
    assert not of(ev, LocationAttacks)


def test_location_strike_can_bonk_R24_R9():
    sc = line(3, c1="reef")
    frail = sc.char("frail", (0, 0), items=["idol"])  # Defense 2, Health 2: 4 - 2 = 2 -> 0
    sc.turn(MOVE)
    ev = sc.do(Move((frail,), (1, 0)))
    assert of(ev, LocationAttacks)[0]["result"] == "bonked"
    assert of(ev, Bonked)[0]["card"] == frail
    assert frail not in sc.st.units
    assert len(sc.st.places[(1, 0)].under) == 1  # its Item is dropped under the Location
