"""An audit of 30 Nov 2026 of compound scenes (rulebook, fifth edition; guidelines of
1998): where two rules meet. Card Requirements, the Rules for Characters, Enhancements,
Equipment, Havens, Items and Locations, Setting Up the Field, and the Maintenance, Equip,
Move and Scavenge phases, each met with another rule. Each test names its sections."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import (AttackLocation, Declare, EndPhase, Move, PlayCard)
from game.engine.events import LocationAttacked
from game.engine.state import MOVE, SCAVENGE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: heroine, name: Heroine, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: gunner, name: Gunner, type: character, gender: male,
   abilities: {attack: 9, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: retreat, name: Retreat, type: flash_effect,
   effects: [{"on": play, target: {select: character, owner: you},
              do: [{send_home: true, to: group}]}]}
- {id: fort, name: Fort, type: location, abilities: {defense: 8},
   requires: {skills: {Seduction: 1}}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 7, defense: 9, movement: 1}}
- {id: idol, name: Idol, type: item}
"""


# Rules for Locations (a Location with Defense) meeting another rule -------------------

def fort(seat_cells=((2, 0),)) -> Scene:
    """The Fort (Defense 8, requires Seduction) at (0, 0), a plain Location at (1, 0),
    seat 0's Haven at (2, 0), and more Items far off (no early majority, R14)."""
    sc = Scene(CARDS)
    sc.location((0, 0), "fort", under=["idol", "idol"])
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])
    sc.haven((2, 0))
    return sc


def test_rules_for_locations_a_group_sent_home_by_a_card_must_start_the_attack_over():
    """Rules for Locations: "You get 1 attack per Turn ... If you attack another target or
    leave the Location you must start over." A Flash Effect that sends the Gunner's group
    back to its Haven takes it off the Fort as surely as a Move: its attack (9 against
    Defense 8: Health 7) is over, and back at the Fort a Turn later it starts again from
    Health 8. (The engine kept the siege of a group sent home: 8 -> 7 -> 6 would have
    gone on.)"""
    sc = fort()
    g = sc.char("gunner", (0, 0))
    retreat, = sc.hand(0, "retreat")
    sc.turn(SCAVENGE)
    sc.do(AttackLocation((0, 0)))                        # 8 -> 7
    sc.do(PlayCard(retreat, g))
    assert sc.unit(g).pos == (2, 0)
    sc.until(MOVE)
    sc.do(Move((g,), (0, 0)))
    sc.until(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert (hit["health_before"], hit["health_after"]) == (8, 7)


def test_rules_for_locations_a_besieging_group_bonked_has_left_the_location_basic_terms_bonk():
    """Rules for Locations ("leave the Location you must start over") with Bonk ("A
    Bonked Character is Set Aside", guideline 2.6) and the Maintenance Phase: the Gunner
    alone attacks the Fort (Health 8 -> 7); in the next Maintenance phase the Brute stops
    there and Bonks it (7 - 3 = 4 Damage; it does not fight back, attacking no other
    target). No Character of the player is left at the Fort: the Heroine who comes next
    Turn starts the attack over from Health 8, not 7."""
    sc = fort()
    sc.location((0, 1))
    g = sc.char("gunner", (0, 0))
    h = sc.char("heroine", (1, 0))
    brute = sc.disaster("brute", (1, 0))     # the path: (5,5) (1,0) (0,0) (0,1): next, the Fort
    sc.combat_pile(0, "blank", "blank")
    sc.turn(SCAVENGE)
    sc.do(AttackLocation((0, 0)))            # 8 -> 7
    sc.do(EndPhase(), EndPhase())            # the next Turn's Maintenance: the Brute attacks
    assert sc.st.combat is not None and sc.st.combat.disaster == brute
    sc.do(Declare(g, "none"))
    assert g not in sc.st.units              # Bonked
    sc.until(MOVE)
    sc.do(Move((h,), (0, 0)))
    sc.until(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert hit["health_before"] == 8, "the besiegers left the Fort: the attack starts over"
