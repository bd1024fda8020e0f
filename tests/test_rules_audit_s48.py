"""The audit of 2 Dec 2026 (s48): five findings of the s47 audit, read against the books
and settled (No Action and Scavenging, R60 amended; a Held ally; a follower's "Moves
Once"; no Location left on the path). Each test names the section or ruling it pins."""
from __future__ import annotations

import pytest
from scene import Scene, of

from game.engine.actions import (BuildHaven, ContinueScavenging, EndPhase, Move, Scavenge,
                                 StopScavenging)
from game.engine.events import CardDiscarded, DisasterMoved, DisasterRevealed, LocationAttacks
from game.engine.maintenance import move as maintenance_move
from game.engine.maintenance import to_move
from game.engine.state import DISCARD, MOVE, SCAVENGE, Lasting

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


# 3. A Held ally (R131) ----------------------------------------------------------------------

def ally_scene(flag: str):
    """Four Locations in a row, the path right to left; the Hero and Belle at its first,
    the Lackey (Movement 2) allied with them there, then kept from leaving by `flag`."""
    sc = Scene(CARDS)
    for x in range(4):
        sc.location((3 - x, 0))
    cell = sc.st.path[0]
    h, b = sc.char("hero", cell), sc.char("belle", cell)
    lackey = sc.disaster("lackey", cell)
    sc.st.ally_unit(sc.unit(lackey), 0)
    sc.turn(MOVE)
    assert Move((h, b), sc.st.path[2]) in sc.legal()  # the whole group, at its ally's pace
    flagged(sc, lackey, flag)
    return sc, h, b, lackey, cell


@pytest.mark.parametrize("flag", ["hold", "no_action"])
def test_allying_with_characters_a_held_ally_moves_nowhere_with_its_group_R131(flag):
    """Basic Terms, Hold: "Prevent an opponent from leaving their current Location" (No
    Action: it "cannot move"); Allying with Characters: "the Disaster moves with the group.
    The group's Movement may be lowered by the allying Disaster". R131: a Held ally has no
    move to make, so the whole group it goes with has none either; part of the group may
    still go, the rest staying with it (R40). The engine moved the Held Lackey along."""
    sc, h, b, lackey, cell = ally_scene(flag)
    moves = [a for a in sc.legal() if isinstance(a, Move)]
    assert not any(set(a.chars) == {h, b} for a in moves)
    assert Move((h,), sc.st.path[1]) in moves and Move((b,), sc.st.path[1]) in moves
    reason = sc.refused(Move((h, b), sc.st.path[1]), f"allied c{lackey}")
    assert "cannot leave" in reason
    sc.do(Move((h,), sc.st.path[1]))
    assert sc.unit(lackey).pos == cell and sc.unit(lackey).ally_seat == 0
    assert sc.unit(b).pos == cell


def test_ally_disasters_a_held_follower_holds_its_alliance_R131():
    """Ally Disasters: "the two Disasters move as a group. The direction of the group's
    Movement is dictated by the primary Disaster, and is limited to the slowest Disaster";
    Basic Terms, Hold. R131: the Held Lackey, following the Strider, is the slowest, with
    no move at all: the alliance stays where it is in the Maintenance phase (the engine
    took the Held Lackey two Locations on with its primary)."""
    sc = Scene(CARDS)
    for x in range(4):
        sc.location((3 - x, 0))
    cell = sc.st.path[0]
    strider = sc.disaster("strider", cell)
    lackey = sc.disaster("lackey", cell)
    sc.unit(lackey).leader = strider
    flagged(sc, lackey, "hold")
    ev: list = []
    maintenance_move(sc.st, strider, ev)
    assert sc.unit(strider).pos == sc.unit(lackey).pos == cell
    assert not of(ev, DisasterMoved)


# 4. A follower's "Moves Once" ----------------------------------------------------------------

def test_rules_for_disasters_a_moves_once_follower_has_had_its_move():
    """Rules for Disasters: "A Disaster that states 'Moves Once.' only moves when drawn
    from the Draw piles"; Ally Disasters: "the two Disasters move as a group". The Comet
    (Moves Once) follows the Strider two Locations on: that was its one move, and once
    the Strider is gone (R40: each goes its own way) it moves no more (the engine marked
    only the primary as having moved, so the Comet set off again on its own)."""
    sc = Scene(CARDS)
    for x in range(5):
        sc.location((4 - x, 0))
    strider = sc.disaster("strider", sc.st.path[0])
    comet = sc.disaster("comet", sc.st.path[0])
    sc.unit(comet).leader = strider
    ev: list = []
    maintenance_move(sc.st, strider, ev)
    assert sc.unit(strider).pos == sc.unit(comet).pos == sc.st.path[2]
    assert sc.unit(comet).moved_once
    sc.st.leave_field(strider)  # Defeated: the alliance is over
    assert comet not in to_move(sc.st, 0)


# 5. No Location left on the path (R132) -----------------------------------------------------

def test_rules_for_major_disasters_no_location_left_to_reenter_R132():
    """Maintenance Phase: "When a Disaster gets to the last Location of the leftmost column
    it moves Off Field. This is the end of a Disaster's cycle. Any cards the Disaster is
    carrying are Destroyed ... Major Disasters re-enter the Field at the first Location of
    rightmost column." R132: with no Location left on the path (every one turned Haven)
    there is none to re-enter at: the Major Disaster is Discarded, as a Combat Disaster
    drawn with no Location to enter is (the engine failed: st.path[0] of an empty path)."""
    sc = Scene(CARDS)
    sc.location((0, 0), "dock")
    sc.char("swimmer", (0, 0))
    strider = sc.disaster("strider", (0, 0), items=["idol"])
    idol = sc.unit(strider).items[0]
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 0)))
    assert sc.st.path == ()
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())  # Reload, Maintenance: the Strider's cycle ends
    assert strider not in sc.st.units and strider in sc.st.seats[0].discard
    assert idol in sc.st.destroyed
    assert [e["why"] for e in of(ev, CardDiscarded) if e["card"] == strider] == [
        "no Location to re-enter"]
