"""The rules outside Combat broken on purpose (s45a): Equipment, Items, Enhancements,
Global Effects, Havens, Movement, Scavenging, the Play Phases, Deck Construction, Setup
and Winning. Each engine line enforcing a sentence was changed one way at a time (a
comparison flipped, a check dropped, one off) and the rules tests run; each test here
fails on a change every earlier test let pass, and names the sentence it pins."""
from __future__ import annotations

from scene import Scene
from test_rules_combat import CARDS as COMBAT_CARDS
from test_rules_guidelines import guest_running_from_a_haven
from test_rules_items import builders
from test_rules_movement import CARDS as MOVE_CARDS

from game.engine.actions import (BuildAccess, EndPhase, Move, PlaceHaven, RunTo, Scavenge,
                                 StopScavenging)
from game.engine.state import EQUIP, MOVE, SCAVENGE, Lasting

CARDS = MOVE_CARDS


# Basic Terms, Group: "There is a limit of 4 Characters per group" ------------------
def test_basic_terms_group_a_fourth_character_joins_three_at_a_location():
    """The limit is 4, so a Character joining 3 of its player's at a Location makes a
    group of 4, the limit itself: allowed (one more is refused, test_group_of_at_most_4)."""
    sc = Scene(CARDS, seats=1)
    sc.location((0, 0))
    sc.location((1, 0))
    three = [sc.char("runner", (1, 0)) for _ in range(3)]
    joiner = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    assert Move((joiner,), (1, 0)) in sc.legal()
    sc.do(Move((joiner,), (1, 0)))
    assert len(sc.st.chars_at(0, (1, 0))) == 4 and len(three) == 3


def test_basic_terms_group_a_fourth_joins_three_while_four_wait_in_the_haven():
    """The same, with 4 of the player's in its Haven (any number may be there, Rules for
    Characters): a group of 4 there is no group on the Field, and the joiner still makes
    the Location's group 4."""
    sc = Scene(CARDS, seats=1)
    sc.haven((0, 1))
    sc.location((0, 0))
    sc.location((1, 0))
    for _ in range(4):
        sc.char("runner", (0, 1))
    for _ in range(3):
        sc.char("runner", (1, 0))
    joiner = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    assert Move((joiner,), (1, 0)) in sc.legal()


def test_rules_for_characters_running_away_from_a_haven_makes_exactly_6_on_the_field():
    """Rules for Characters: "no more than 6 on the Field": a guest Running Away out of
    another player's Haven with 5 of its player's on the Field makes 6, the limit
    itself, and goes (a 7th stays: test_run_away_from_a_haven_puts_no_more_than_6_...)."""
    sc, guest = guest_running_from_a_haven(COMBAT_CARDS, on_field=5)
    assert RunTo((1, 0)) in sc.legal(), "the 6th Character on the Field may run there"
    sc.do(RunTo((1, 0)))
    assert sc.unit(guest).pos == (1, 0)


# Scavenge Phase: "You may only initiate Scavenging once per Turn" -------------------
def test_scavenge_phase_once_per_turn_a_location_with_defense_the_group_meets():
    """Scavenging once per Turn holds at a Location with Defense too: a second group
    that meets its requirements (so needs no attack) may not begin Scavenging it after
    the first group Scavenged. The Location's Defense keeps it in the listing (it may be
    attacked), which must not bring back a Scavenge."""
    sc = Scene(CARDS + "- {id: fort, name: Fort, type: location, abilities: {defense: 5}}\n")
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), "fort", under=["idol"])
    sc.char("runner", (0, 0))
    sc.char("runner", (1, 0))
    sc.turn(SCAVENGE)
    assert Scavenge((1, 0)) in sc.legal()  # it meets the Fort's (no) requirements
    sc.do(Scavenge((0, 0)), StopScavenging())
    assert not any(isinstance(a, Scavenge) for a in sc.legal())
    sc.refused(Scavenge((1, 0)), "once per Turn")


# Rules for Havens: "3 Characters must remain at a Location for 2 Turns doing nothing
# except 'building' access to the Haven. You may then place the Haven adjacent to the
# Location during the next Equip phase." ---------------------------------------------
def test_rules_for_havens_builders_that_moved_this_turn_have_not_remained():
    """Three that moved this Turn did something besides building: they may not begin."""
    sc, chars, den = builders()
    assert BuildAccess(den, tuple(chars), (1, 0)) in sc.legal()
    sc.unit(chars[0]).moved = 1
    assert not any(isinstance(a, BuildAccess) for a in sc.legal())


def test_rules_for_havens_no_building_after_scavenging_this_turn():
    """Having Scavenged this Turn the group did something besides building."""
    sc, chars, den = builders()
    sc.turn(SCAVENGE)
    assert BuildAccess(den, tuple(chars), (1, 0)) in sc.legal()
    sc.st.seats[0].scavenged = True
    assert not any(isinstance(a, BuildAccess) for a in sc.legal())


def test_rules_for_havens_builders_with_no_action_cannot_build():
    """Building is something done: a Character with No Action does nothing (List of
    Actions), so it is no builder."""
    sc, chars, den = builders()
    sc.st.add_lasting(Lasting(den, chars[0], 0, flags=("no_action",), until="game"))
    assert not any(isinstance(a, BuildAccess) for a in sc.legal())


def test_rules_for_havens_access_is_built_at_a_location_not_in_a_haven():
    """"remain at a Location": three in the player's Haven build nothing (a Haven is not
    a Location, guideline 4.14)."""
    sc, chars, den = builders()
    for c in chars:
        sc.st.move_unit(sc.unit(c), (0, 1))  # the player's Haven
    assert not any(isinstance(a, BuildAccess) for a in sc.legal())


def test_rules_for_havens_one_access_built_at_a_time():
    """The engine's reading: a player builds one access at a time; three more at
    another Location with a second Haven card wait for the first to end."""
    sc, chars, den = builders()
    more = [sc.char("hero", (0, 0)) for _ in range(3)]
    keep, = sc.cards(["den"])
    sc.st.seats[0].hand.append(keep)
    sc.do(BuildAccess(den, tuple(chars), (1, 0)))
    assert not any(isinstance(a, BuildAccess) for a in sc.legal())
    assert len(more) == 3


def test_rules_for_havens_placed_during_the_next_equip_phase_only():
    """"during the next Equip phase": not in the Move phase after it; once that Equip
    phase is over unplaced, the access lapses and the Haven card goes back to the hand."""
    sc, chars, den = builders()
    sc.do(BuildAccess(den, tuple(chars), (1, 0)))
    sc.until(EQUIP)
    sc.until(EQUIP)
    assert any(isinstance(a, PlaceHaven) for a in sc.legal())
    sc.do(EndPhase())  # the Equip phase ends, nothing placed
    assert sc.st.phase == MOVE
    assert not any(isinstance(a, PlaceHaven) for a in sc.legal())
    sc.until(EQUIP)
    assert not any(isinstance(a, PlaceHaven) for a in sc.legal())
    assert den in sc.st.seats[0].hand and not sc.st.building
