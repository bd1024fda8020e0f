"""The examiner's pass over the 1998 guidelines (2 Dec 2026, s50, second worktree): for
each numbered clarification, a scene where the earlier tests would not have failed had
the engine broken it (each checked by breaking the engine for a moment). Each test names
the guideline it pins."""
from __future__ import annotations

from scene import Scene, of
from test_rules_equip import GEAR

from game.engine.actions import Declare, Fight, PickUp, UseEquipment
from game.engine.events import CardDiscarded, ItemTaken
from game.engine.state import MOVE
from game.engine.view import view


# Guideline 5 -----------------------------------------------------------------------------
def test_guideline_5_another_players_equipment_out_of_health_goes_to_its_owners_pile():
    """Guideline 5: "Discarded cards always go into the owner's Discard pile." Seat 0's
    Pilot, a guest in seat 1's empty Haven ("if you have no Characters there, they can
    take whatever is there", Rules for Havens), takes seat 1's Walker, puts it to use and
    fights the Brute: 12 against Defense 5 is 7, the Walker's Health 6 runs out ("When
    Health = 0, Discard", Rules for Equipment) and it goes to seat 1's pile, not to that
    of the player whose Character used it. Equipment is face up: every seat is told."""
    sc = Scene(GEAR, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    sc.haven((0, 1), seat=1, stored=["walker"])
    walker, = sc.st.places[(0, 1)].under
    p = sc.char("pilot", (0, 1))
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    ev = sc.do(PickUp(walker, p))
    taken, = [e for e in ev if isinstance(e, ItemTaken)]
    assert all(taken.for_seat(s).card == walker for s in (0, 1))  # Equipment is face up
    assert sc.unit(p).equipment == [walker]
    sc.st.move_unit(sc.unit(p), (0, 0))
    brute = sc.disaster("brute", (0, 0))
    ev = sc.do(UseEquipment(walker, p), Fight(brute), Declare(p, "none"))
    assert walker in sc.st.seats[1].discard and walker not in sc.st.seats[0].discard
    assert {"card": walker, "seat": 0, "why": "out of Health"} in of(ev, CardDiscarded)
    assert sc.unit(p).damage == 1  # the rider of a Vehicle out of Health
    for s in (0, 1):
        assert view(sc.st, s).seats[1].discard[-1] == walker
