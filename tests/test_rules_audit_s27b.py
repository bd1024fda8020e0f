"""A second audit of 29 Nov 2026, evening (rulebook, fifth edition; guidelines of 1998):
Disasters and the Rules for Disasters (not their moves in the Maintenance phase), Ally
Disasters, Allying with Characters, Major and Minor Disasters, Setting Up the Field and
the Decks, Deck Construction, Physical Combat, Protecting and Combat with Disasters.
Each test names its section or guideline."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import Challenge, Engage, Fight, RunAway, RunTo
from game.engine.events import DisasterMoved, Moved
from game.engine.state import MOVE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: pal, name: Pal, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: idol, name: Idol, type: item}
"""


# Allying with Characters ---------------------------------------------------------------

def allied_scene(seats: int = 1) -> tuple[Scene, int, int]:
    """Seat 0's Hero at (0, 0) with Pal allied with its group (as the `ally: group` step
    leaves it); (1, 0) free to run to."""
    sc = Scene(CARDS, seats=seats)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0), items=["idol"])  # a Disaster attacks it first
    pal = sc.disaster("pal", (0, 0))
    sc.unit(pal).ally_seat = 0
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    return sc, h, pal


def test_allying_with_characters_the_ally_runs_away_with_the_group_from_a_disaster():
    """Allying with Characters: "When a Disaster allies with your group of Characters, the
    Disaster moves with the group"; Basic Terms, Run Away: "Move any remaining Characters 1
    Location." The Hero runs from the Ogre to (1, 0): Pal goes along, still its ally
    (the engine left it behind at the Ogre)."""
    sc, h, pal = allied_scene()
    ogre = sc.disaster("ogre", (0, 0))
    sc.do(Fight(ogre))
    assert sc.st.combat.target == h
    sc.do(RunAway())
    ev = sc.do(RunTo((1, 0)))
    assert sc.unit(h).pos == (1, 0)
    assert sc.unit(pal).pos == (1, 0) and sc.unit(pal).ally_seat == 0
    assert of(ev, DisasterMoved) == [{"card": pal, "origin": (0, 0), "dest": (1, 0)}]
    assert of(ev, Moved)[0]["chars"] == [h]


def test_allying_with_characters_the_ally_runs_away_with_the_group_from_a_player():
    """Allying with Characters, as above, in Combat between players: seat 0 challenges
    seat 1's Hero and runs; Pal goes with seat 0's group."""
    sc, h, pal = allied_scene(seats=2)
    foe = sc.char("hero", (0, 0), seat=1)
    sc.combat_pile(1, *["blank"] * 6)
    sc.do(Challenge(1, (0, 0)), RunAway())
    assert sc.st.duel is not None and foe in sc.st.units
    while sc.st.duel is not None and RunTo((1, 0)) not in sc.legal():
        sc.do(Engage(foe, "none"))
    sc.do(RunTo((1, 0)))
    assert sc.unit(h).pos == (1, 0) and sc.unit(foe).pos == (0, 0)
    assert sc.unit(pal).pos == (1, 0) and sc.unit(pal).ally_seat == 0
