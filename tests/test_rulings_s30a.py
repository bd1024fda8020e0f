"""The open questions of the audits of 28 and 29 Nov 2026 (docs/rules-coverage.md, the
first half), settled: where the books decide, the sentence is quoted; where they are
silent, the ruling (R52 to R69, docs/RULINGS.md) is cited. One test per question."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import Challenge, Declare, EndPhase, Fight
from game.engine.state import DISCARD, MOVE, Lasting

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: belle, name: Belle, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- {id: power, name: Power, type: flash_effect, bonuses: {attack: "+2"}}
"""


def flagged(sc: Scene, unit: int, flag: str) -> None:
    """A lasting flag for the rest of the game, as a card's step gives it."""
    sc.st.lasting.append(Lasting(unit, unit, sc.st.units[unit].owner, flags=(flag,),
                                 until="game"))


# Basic Terms, No Action ------------------------------------------------------------------

def test_no_action_a_group_that_can_only_defend_initiates_no_combat():
    """Basic Terms, No Action: "the Character or Disaster cannot move or attack"; the
    glossary: "Character / Disaster is only able to defend and Run Away from Combat", and
    "Initiate Combat: To declare Combat on Disasters or Characters". A group whose every
    Character has No Action may neither Fight the Ogre there nor challenge seat 1's Hero
    (failed before: both were offered and taken, and the group only defended); with one
    Character free to act it may."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.char("hero", (0, 0), seat=1)
    flagged(sc, h, "no_action")
    sc.turn(MOVE)
    assert not [a for a in sc.legal() if isinstance(a, (Fight, Challenge))]
    sc.refused(Fight(ogre), "no action")
    sc.refused(Challenge(1, (0, 0)))
    b = sc.char("belle", (0, 0))
    assert Fight(ogre) in sc.legal() and Challenge(1, (0, 0)) in sc.legal()
    assert b
