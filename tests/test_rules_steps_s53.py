"""The s53 audit of the card language: steps.py, lasting.py, targets.py, effects.py and
the conditions of abilities.py, each rule-bearing line broken for a moment and the
rules tests run on it (docs/rules-coverage.md, "The card language broken on purpose
(3 Dec 2026, s53)"). Here the scenes for the breaks no test caught. Each test names
the section or ruling it pins."""
from __future__ import annotations

from test_rules_s36r2 import CELL, S

from game.engine.actions import Challenge, Engage, Fight, Scavenge, UseCard
from game.engine.disasters import attack_order
from game.engine.events import Modified
from game.engine.state import MOVE, SCAVENGE


def test_combat_with_multiple_disasters_one_that_flees_arrives_after_those_already_there():
    """Combat with Multiple Disasters, "Disasters attack in the order they arrived at
    the Location", and Flee (R69: it moves 1 Location on): the Imp fled from the
    Catnip Crystal arrives after the Imp already at the next Location, though that one
    came onto the Field last of all and is the weaker: the one there first attacks
    first. Before the arrival counts anew, the two tied and strength put the fleeing
    Imp first."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["catnip-crystal"])
    crystal = sc.unit(ace).items[0]
    fleeing = sc.disaster("t-imp", CELL)
    ahead = sc.st.path[sc.st.path.index(CELL) + 1]
    there = sc.disaster("t-imp", ahead)
    sc.unit(there).damage = 1  # weaker than the one fleeing: strength alone would order it last
    sc.do(Fight(fleeing))
    sc.do(UseCard(crystal, 0, None))
    assert sc.unit(fleeing).pos == ahead
    assert [u.card for u in attack_order(sc.st, ahead)] == [there, fleeing]


def test_rules_for_items_an_items_own_trigger_keeps_it_face_down_R16():
    """Items stay face down until they are used (Rules for Items; R16): the Rubber Duck
    of Destiny's +2 Defense as its carrier's group begins Scavenging is a text that acts
    by itself, not a use, so the other seat is told the Modified with no card named,
    and only its carrier's player learns it was the Duck."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["rubber-duck-of-destiny"])
    duck = sc.unit(ace).items[0]
    ev = sc.turn(SCAVENGE).do(Scavenge(CELL))
    mods = [e for e in ev if isinstance(e, Modified) and e.unit == ace]
    assert mods, "the Duck gave Ace nothing"
    assert all(e.for_seat(0).card == duck for e in mods)
    assert all(e.for_seat(1).card is None for e in mods)


def test_a_use_in_the_move_phase_is_in_its_players_own_move_phase():
    """A `phase` condition is a phase of its controller's own Turn (docs/card-format.md,
    Conditions: "Use in your Turn"; the phases are the parts of a player's Turn, Turn
    Sequence): defending against a Challenge in seat 1's Move phase, Polaris-9's "Once
    per Turn in the Move phase ... her group gets +1 Movement" is not offered, and its
    refusal says why (abilities.holds asks it as well as the listing)."""
    sc = S()
    polaris = sc.char("polaris-9", CELL)
    sc.char("t-ace", CELL, seat=1)
    sc.turn(MOVE, seat=1)
    sc.do(Challenge(0, CELL))
    sc.do(next(a for a in sc.legal() if isinstance(a, Engage) and a.role == "none"))
    assert sc.st.current_seat() == 0
    assert not [a for a in sc.legal() if isinstance(a, UseCard) and a.card == polaris]
    sc.refused(UseCard(polaris, 0, None), match="only in your own Move phase")
