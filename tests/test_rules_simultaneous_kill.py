"""A Kill when two attacks land on one Character in the same Combat round (Basic Terms,
Kill; guideline 3.2: "Combat actions (i.e. Attack, Protect, Run Away) occur
simultaneously"; R89)."""
from __future__ import annotations

import pytest
from scene import Scene, of

from game.engine.actions import Challenge, Engage
from game.engine.events import Bonked, CombatHit, Killed
from game.engine.options import Options

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 0, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: squire, name: Squire, type: character, gender: male,
   abilities: {attack: 0, defense: 2, movement: 2, charm: 0, energy: 2}}
- {id: giant, name: Giant, type: character, gender: male,
   abilities: {attack: 11, defense: 9, movement: 2, charm: 0, energy: 2}}
- {id: imp, name: Imp, type: character, gender: male,
   abilities: {attack: 3, defense: 9, movement: 2, charm: 0, energy: 2}}
- {id: idol, name: Idol, type: item}
"""


@pytest.mark.parametrize("imp_first", [False, True])
def test_kill_two_attacks_of_one_round_are_each_measured_from_the_rounds_health_R89(imp_first):
    """Basic Terms, Kill: "The difference between 1 Health and the negative of the base
    Health must be overcome in a single attack"; guideline 3.2: Combat actions occur
    simultaneously. The Squire (Health 2) protects the Hero against the Giant (11 against
    3 + 2: 6 Damage, a share of 3) and is attacked by the Imp (3 against 2: 1 Damage). Each
    attack alone takes it from 2 to 1 or to -1, neither to -2: Bonked, whichever attack
    was declared first (R89; the engine landed them in the order declared, and the Imp's
    first took it to 1, then the share to -2, a Kill)."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), under=["idol"])
    sc.haven((0, 1))
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 12)
    # Characters declare in the order they came into play.
    if imp_first:
        imp, giant = sc.char("imp", (0, 0)), sc.char("giant", (0, 0))
    else:
        giant, imp = sc.char("giant", (0, 0)), sc.char("imp", (0, 0))
    hero, sq = sc.char("hero", (0, 0), seat=1), sc.char("squire", (0, 0), seat=1)
    sc.do(Challenge(1, (0, 0)))
    plan = {giant: Engage(giant, "attack", hero), imp: Engage(imp, "attack", sq),
            hero: Engage(hero, "none"), sq: Engage(sq, "protect", hero)}
    ev = []
    while plan:  # each Character declares when the engine asks for it
        asked = next(a.char for a in sc.legal() if isinstance(a, Engage))
        ev += sc.do(plan.pop(asked))
    assert sum(h["damage"] for h in of(ev, CombatHit) if h["target"] == sq) == 1
    assert [e["card"] for e in of(ev, Killed)] == [hero]
    assert [e["card"] for e in of(ev, Bonked)] == [sq]
