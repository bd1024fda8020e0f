"""s43b: the rulebook's chapters on cards and phases read sentence by sentence again
(Objective to Locations, Deck Construction to the Scavenge phase, Winning, Miscellaneous,
the lists), each scene built where no test pinned the sentence or its numbers."""
from __future__ import annotations

from scene import Scene

from game.engine.abilities import total
from game.engine.actions import Scavenge, UseEquipment
from game.engine.state import EQUIP, SCAVENGE

CARDS = """\
- {id: grey, name: Grey, type: character, gender: male, categories: [Alien],
   skills: {Priest: 1}, abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: wards, name: Wards, type: equipment, requires: {skills: {Priest: 1}},
   bonuses: {defense: "+2"}}
- id: radar
  name: Radar
  type: equipment
  bonuses: {charm: "+1", movement: "+1"}
  text: "When its wearer's group begins Scavenging, the wearer gets +1 Defense until the
    end of the Turn."
  effects:
    - {"on": scavenge, do: [{modify: {defense: "+1"}, for: turn}]}
- id: fan
  name: Fan
  type: equipment
  bonuses: {attack: "+1"}
  text: "In Combat, a Disaster at its Location gets -1 Defense."
  effects:
    - {"on": use, if: {in_combat: true}, target: {select: disaster, at: here},
       do: [{modify: {defense: "-1"}, to: target, for: combat}]}
- {id: gem, name: Gem, type: item}
"""


# Rules for Equipment ---------------------------------------------------------------------
def grey_with(*pieces: str, under=("gem",)) -> tuple[Scene, int, list[int]]:
    """The Grey (Priest, Alien; Defense 3) at a Location, carrying `pieces`: the Equip phase."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=under)
    grey = sc.char("grey", (0, 0), equipment=pieces)
    sc.turn(EQUIP)
    return sc, grey, list(sc.unit(grey).equipment)


def test_rules_for_equipment_a_bonus_its_text_gives_counts_as_the_pieces_bonus():
    """Rules for Equipment: "A Character cannot use more than 1 piece Equipment to give a
    bonus to the same ability per Turn even if that Equipment gives a bonus to another
    ability." A piece whose text gives its wearer +1 Defense when Scavenging (the shipped
    Cat-Ear Radar Headband) gives a bonus to Defense: with Wards (+2 Defense) in use it
    cannot be put to use too, and Scavenging the Grey's Defense is 3 + 2 = 5, not 6 (the
    engine counted the printed bonuses only, and let both give Defense). The other way
    round, the Radar in use first, Wards is refused and Scavenging gives 3 + 1 = 4."""
    for first, second, defense in ((0, 1, 5), (1, 0, 4)):
        sc, grey, pieces = grey_with("wards", "radar")
        sc.do(UseEquipment(pieces[first], grey))
        sc.refused(UseEquipment(pieces[second], grey), "defense")
        sc.turn(SCAVENGE).do(Scavenge((0, 0)))
        assert total(sc.st, sc.unit(grey), "defense") == defense


def test_rules_for_equipment_a_pieces_malus_on_a_foe_is_no_bonus_of_its_user():
    """Rules for Equipment, the same sentence from the other side: a piece whose text only
    lowers a Disaster's Defense (the Fan, as the shipped Harisen of Justice) gives its
    wearer no Defense bonus, so it is used beside Wards (+2 Defense): Defense 3 + 2 = 5,
    Attack 2 + 1 = 3."""
    sc, grey, (wards, fan) = grey_with("wards", "fan", under=())
    sc.do(UseEquipment(wards, grey), UseEquipment(fan, grey))
    assert (total(sc.st, sc.unit(grey), "defense"), total(sc.st, sc.unit(grey), "attack")) == (5, 3)
