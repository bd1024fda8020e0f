"""The audit of 2 Dec 2026 (s48): five findings of the s47 audit, read against the books
and settled (No Action and Scavenging, R60 amended; a Held ally; a follower's "Moves
Once"; no Location left on the path). Each test names the section or ruling it pins."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import ContinueScavenging, Move, Scavenge, StopScavenging
from game.engine.events import DisasterRevealed, LocationAttacks
from game.engine.state import MOVE, SCAVENGE, Lasting

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 3, charm: 1, energy: 1}}
- {id: belle, name: Belle, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 3, charm: 1, energy: 1}}
- {id: swimmer, name: Swimmer, type: character, gender: female, skills: {Swimming: 1},
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 2, defense: 1, movement: 2}}
- {id: strider, name: Strider, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 2}}
- {id: comet, name: Comet, type: disaster, class: major, moves_once: true,
   abilities: {attack: 2, defense: 2, movement: 3}}
- id: stun
  name: Stun
  type: disaster
  class: minor
  text: "The group that turns it up has No Action for 1 Turn."
  effects:
    - {"on": revealed, do: [{no_action: 1, to: group}]}
- {id: gloom, name: Gloom, type: disaster, class: minor, defeat: {females: 1},
   endure: {modifiers: {attack: "-1"}, turns: 1}}
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}}
- {id: dock, name: Dock, type: location, becomes_haven: {skills: {Swimming: 1}}}
- {id: idol, name: Idol, type: item}
"""


def flagged(sc: Scene, unit: int, flag: str) -> None:
    """A lasting flag for the rest of the game, as a card's step gives it."""
    sc.st.add_lasting(Lasting(unit, unit, sc.st.units[unit].owner, flags=(flag,),
                              until="game"))


# 1. No Action and a Location's requirements (R60, amended) ----------------------------------

def test_list_of_actions_a_no_action_characters_skills_keep_the_strike_off_not_scavenge_R60():
    """List of Actions: "Scavenge" is an action, and "All of the above actions are
    prevented when a Character or Disaster 'has no actions'"; Scavenge Phase: "your
    Characters must 'attempt' the Location by trying to meet the requirements"; Rules for
    Locations: "If a group of Characters, without the required skills, stops at a Location
    with Attack, the Location Attacks each Character". R60 (amended): the Swimmer, with No
    Action, keeps the Reef from striking the Hero when he joins her (having a skill is no
    action), but her Swimming does not let the Hero Scavenge the Reef: she cannot attempt
    it, and he has not the skill."""
    sc = Scene(CARDS)
    sc.location((0, 0), "reef", under=["idol"])
    sc.location((1, 0))
    s = sc.char("swimmer", (0, 0))
    flagged(sc, s, "no_action")
    h = sc.char("hero", (1, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((h,), (0, 0)))
    assert not of(ev, LocationAttacks) and sc.unit(h).damage == 0
    sc.turn(SCAVENGE)
    assert Scavenge((0, 0)) not in sc.legal()
    sc.refused(Scavenge((0, 0)), "requirements")


# 2. Continue Scavenging with nobody able to act -----------------------------------------------

def test_scavenge_phase_a_group_left_with_no_action_cannot_continue_scavenging():
    """Scavenge Phase: "After Defeating a Disaster, you may stop Scavenging, or continue by
    turning over the next Disaster"; List of Actions: "Scavenge" is an action, prevented
    when a Character "has no actions" (the guidelines' glossary, Continue Scavenging: "To
    bring into Play another card beneath a Location"). The Stun turned up leaves Belle,
    the whole group, with No Action: she may only stop (the engine offered to continue
    and turned the Gloom over)."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["stun", "gloom", "idol"])
    sc.location((1, 0))
    b = sc.char("belle", (0, 0))
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((0, 0)))
    assert len(of(ev, DisasterRevealed)) == 1 and sc.st.scavenging is not None
    legal = sc.legal()
    assert ContinueScavenging() not in legal and StopScavenging() in legal
    sc.refused(ContinueScavenging(), "No Action")
    sc.do(StopScavenging())
    assert sc.st.scavenging is None and len(sc.st.places[(0, 0)].under) == 2
    assert b in sc.st.units


def test_scavenge_phase_one_character_able_to_act_still_continues():
    """The same, with the Hero beside Belle and out of the Stun's reach (it strikes the
    group, so the Hero is given back his actions): the group may go on, and does."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["stun", "gloom", "idol"])
    sc.location((1, 0))
    sc.char("belle", (0, 0))
    h = sc.char("hero", (0, 0))
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    sc.st.set_lasting([x for x in sc.st.lasting if x.unit != h])
    assert ContinueScavenging() in sc.legal()
    ev = sc.do(ContinueScavenging())
    assert len(of(ev, DisasterRevealed)) == 1
