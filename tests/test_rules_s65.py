"""Rules scenes of s65 (5 Dec 2026): the rule breaks that the s64 audit saw caught first
by AI, CLI or hidden-information tests (docs/rules-coverage.md, "5 Dec 2026 (s65)"),
where no rules scene looked at the moment itself, and the breaks of the s65 mutation
audit that lived. Each test names the section, guideline or ruling it pins."""
from __future__ import annotations

from scene import Scene, of
from test_rules_audit_s29b import scene as run_scene
from test_rules_basic_terms import PICKPOCKET

from game.engine.abilities import total
from game.engine.actions import (Answer, AskPermission, Challenge, Fight, Move, Proceed, RunAway,
                                 RunTo, UseCard)
from game.engine.events import LocationAttacks
from game.engine.state import MOVE

CARDS = """\
- {id: runner, name: Runner, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: shouter, name: Shouter, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   effects: [{"on": use, do: [{modify: {defense: "-1"}, to: here, for: turn}]}]}
- {id: diver, name: Diver, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Swimming: 1}}
- {id: strongman, name: Strongman, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Strength: 1}}
- {id: rapids, name: Rapids, type: location, requires: {skills: {Swimming: 1, Strength: 1}},
   abilities: {attack: 4}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
"""


# R4: what counts as adjacent ------------------------------------------------------------
def test_move_phase_a_diagonal_step_is_one_location_R4():
    """R4 ("Characters move between 8-adjacent cells, one Movement point per step") and
    Setting Up the Field ("adjacent ... in any of the 8 compass directions"): on a Field
    that runs corner to corner only, a Runner of Movement 2 steps to the diagonal
    neighbour for 1 point and reaches the next diagonal with the other."""
    sc = Scene(CARDS, seats=1)
    for cell in [(0, 0), (1, 1), (2, 2)]:
        sc.location(cell)
    r = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    assert Move((r,), (2, 2)) in sc.legal()
    sc.do(Move((r,), (1, 1)))
    assert (sc.unit(r).pos, sc.unit(r).moved) == ((1, 1), 1)
    sc.do(Move((r,), (2, 2)))
    assert (sc.unit(r).pos, sc.unit(r).moved) == ((2, 2), 2)


def test_rules_for_havens_leave_is_asked_of_a_haven_on_the_diagonal_within_movement_R4_R36():
    """Rules for Havens (others "may not stop there without asking your permission"),
    R36 (asked in the Move phase within Movement) and R4 (a diagonal neighbour is one
    step): seat 1's Haven is 2 steps from the Runner, one of them diagonal. With 1
    Movement point left she may not ask; with her 2 she may (counted without diagonals
    it is 3 steps away: havens.asks counting so lived every rules test)."""
    sc = Scene(CARDS, seats=2)
    sc.location((-1, 0))
    sc.location((0, 0))
    sc.haven((-2, 0))
    sc.haven((1, 1), seat=1)
    r = sc.char("runner", (-1, 0))
    sc.turn(MOVE)
    sc.unit(r).moved = 1
    assert AskPermission((1, 1)) not in sc.legal()
    sc.unit(r).moved = 0
    assert AskPermission((1, 1)) in sc.legal()


# `to: here`: the Characters at the cell, not the Disasters ------------------------------
def test_effects_to_here_a_players_text_reaches_every_character_there_and_no_disaster():
    """docs/card-format.md, `to: here` ("every Character at the holder's cell"), as the
    cards say it ("each Character here"; a Disaster is no Character, Basic Terms): the
    Shouter's -1 Defense reaches her, another player's Runner at her Location, and not
    the Ogre standing there, nor a Runner elsewhere."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.haven((-1, 0))
    sc.haven((2, 0), seat=1)
    shouter = sc.char("shouter", (0, 0))
    theirs, far = sc.char("runner", (0, 0), seat=1), sc.char("runner", (1, 0))
    ogre = sc.disaster("ogre", (0, 0), seat=1)
    sc.turn(MOVE)
    sc.do(UseCard(shouter, 0, None))
    assert [total(sc.st, sc.unit(u), "defense") for u in (shouter, theirs, far, ogre)] == \
        [2, 2, 3, 30]


# The s65 audit: breaks no rules test caught ----------------------------------------------
def test_run_away_may_make_a_group_of_exactly_four_basic_terms_group():
    """Basic Terms, Group ("There is a limit of 4 Characters per group") and Run Away
    ("Move any remaining Characters 1 Location"): two of seat 0's Heroes run from the
    Wall at (0, 0) to (1, 0), where two more of its Characters stand: four is within the
    limit (terrain.has_room counting four as too many lived every rules test)."""
    sc = run_scene()
    runners = [sc.char("hero", (0, 0), items=["gem"]), sc.char("hero", (0, 0))]
    others = [sc.char("squire", (1, 0)) for _ in range(2)]
    sc.do(Fight(sc.disaster("wall", (0, 0))), RunAway())
    assert RunTo((1, 0)) in sc.legal()
    sc.do(RunTo((1, 0)))
    assert [sc.unit(u).pos for u in runners + others] == [(1, 0)] * 4


def test_basic_terms_movement_a_group_goes_no_farther_than_its_slowest_has_left():
    """Basic Terms, Movement ("A Character may move up to its Movement ability each
    Turn") for a group moving together: of two Runners of Movement 2, one has spent 1
    point, so the pair may go 1 Location, not 2 (the Move listing budgeting a group by
    its fastest member lived every rules test: the one such test had the slow one spent
    out, so it was in no group listed at all)."""
    sc = Scene(CARDS, seats=1)
    for x in range(3):
        sc.location((x, 0))
    a, b = sc.char("runner", (0, 0)), sc.char("runner", (0, 0))
    sc.unit(a).moved = 1
    sc.turn(MOVE)
    assert Move((a, b), (1, 0)) in sc.legal()
    sc.refused(Move((a, b), (2, 0)), "out of reach")
    assert Move((b,), (2, 0)) in sc.legal()


def test_rules_for_characters_six_on_the_field_a_seventh_may_still_go_haven_to_haven():
    """Rules for Characters ("no more than 6 Characters on the Field") and Rules for
    Havens (another's Haven, stopped at with leave, R36): a Haven is not the Field
    (guideline 4.14), so with six of seat 0's Runners on Locations the seventh, in its
    Haven, may not step onto a Location but may go to seat 1's Haven next door once
    let (the Move listing dropping Havens with the Locations when the Field is full
    lived every rules test)."""
    sc = Scene(CARDS, seats=2)
    for x in range(3):
        sc.location((x, 0))
    sc.haven((0, 1))
    sc.haven((1, 1), seat=1)
    for cell in [(0, 0)] * 3 + [(2, 0)] * 3:
        sc.char("runner", cell)
    seventh = sc.char("runner", (0, 1))
    sc.turn(MOVE)
    sc.refused(Move((seventh,), (0, 0)), "at most 6 on the Field")
    sc.do(AskPermission((1, 1)), Answer(True))
    assert Move((seventh,), (1, 1)) in sc.legal()
    sc.do(Move((seventh,), (1, 1)))
    assert sc.unit(seventh).pos == (1, 1)


def test_rules_for_locations_a_group_meets_the_skills_together_and_is_not_struck_R24():
    """Rules for Locations ("If a group of Characters, without the required skills, stops
    at a Location with Attack, the Location Attacks each Character") and Card
    Requirements (a group's: "Hot Springs House requires 3 Females"): the Rapids need
    Swimming and Strength; a Diver and a Strongman arriving together have both and are
    not struck; a Diver alone at the other Rapids lacks Strength and is (R24). A strike
    unless one member alone had every skill lived every rules test."""
    sc = Scene(CARDS, seats=1)
    sc.location((0, 0))
    sc.location((1, 0), "rapids")
    sc.location((1, 1), "rapids")
    pair = (sc.char("diver", (0, 0)), sc.char("strongman", (0, 0)))
    sc.turn(MOVE)
    assert of(sc.do(Move(pair, (1, 0))), LocationAttacks) == []
    alone = sc.char("diver", (0, 0))
    assert [h["target"] for h in of(sc.do(Move((alone,), (1, 1))), LocationAttacks)] \
        == [alone]


def test_basic_terms_steal_a_getaway_in_anothers_turn_leaves_the_thief_its_own_move():
    """Basic Terms, Steal ("get 1 full movement before anyone can attack") and Movement
    ("A Character may move up to its Movement ability each Turn"): seat 1 challenges
    seat 0's Pickpocket in seat 1's Move phase; she steals the Hero's Ring and gets away
    2 Locations. That move was made in seat 1's Turn: in seat 0's next Move phase she
    has her full Movement 2 (a getaway counted against her own Turn lived every rules
    test)."""
    sc = Scene(PICKPOCKET, seats=2)
    sc.location((0, 0))
    sc.location((0, 1), under=["ring"] * 3)  # the Ring stolen is no majority (R14)
    sc.location((0, 2))
    sc.haven((1, 0))
    sc.haven((1, 2), seat=1)
    thief = sc.char("pickpocket", (0, 0))
    mark = sc.char("hero", (0, 0), seat=1, items=["ring"])
    for seat in (0, 1):
        sc.combat_pile(seat, *["blank"] * 8)
    sc.turn(MOVE, seat=1)
    sc.do(Challenge(0, (0, 0)), Proceed(), UseCard(thief, 0, mark), Move((thief,), (0, 2)))
    assert sc.unit(thief).pos == (0, 2) and sc.st.combat is None
    sc.until(MOVE, seat=0)
    assert Move((thief,), (0, 0)) in sc.legal()
