"""scavenging.scavenge_stop: what stops one of a player's groups Scavenging a Location,
by the tests the legal Scavenge actions are made of (rulebook, Scavenge Phase: the group
"must 'attempt' the Location by trying to meet the requirements"; Rules for Locations:
"If a Location has Defense, you can Scavenge it without the necessary skills by
attacking it"), for the window's Location panel (s68)."""
from __future__ import annotations

from test_rules_scavenging import at

from game.engine.actions import Scavenge
from game.engine.scavenging import scavenge_stop


def test_scavenge_phase_a_group_meeting_the_requirements_may_enter_the_others_are_told_why():
    """The Kitchen needs Cooking 2: Ukyo's group here may Scavenge it (the legal action
    says so too); Man's group two cells off may not, and is told the requirement."""
    sc, (ukyo,) = at("kitchen", "ukyo")
    man = sc.char("man", (1, 0))
    assert Scavenge((0, 0)) in sc.legal()
    assert scavenge_stop(sc.st, [sc.unit(ukyo)], (0, 0)) is None
    assert scavenge_stop(sc.st, [sc.unit(man)], (0, 0)) == \
        "the requirements (Cooking x2) are not met"


def test_scavenge_phase_the_reason_agrees_with_the_legal_scavenge_action():
    """Where no Scavenge is legal for the group standing there, the helper gives a
    reason; nothing left under the Location is one."""
    sc, (cook,) = at("kitchen", "cook")
    assert Scavenge((0, 0)) not in sc.legal()
    assert scavenge_stop(sc.st, [sc.unit(cook)], (0, 0)) == \
        "the requirements (Cooking x2) are not met"
    sc, (ukyo,) = at("kitchen", "ukyo", under=())
    assert Scavenge((0, 0)) not in sc.legal()
    assert scavenge_stop(sc.st, [sc.unit(ukyo)], (0, 0)) == "nothing is left under it"


def test_rules_for_locations_a_location_with_defense_says_an_attack_opens_it():
    """Hot Legs (Seduction, Defense 8): a group without Seduction is told an attack
    taking its Health to 0 opens it (Rules for Locations)."""
    sc, (man,) = at("hot-legs", "man")
    why = scavenge_stop(sc.st, [sc.unit(man)], (0, 0))
    assert why == ("the requirements (Seduction) are not met; an attack taking its "
                   "Health to 0 or below opens it"), why
