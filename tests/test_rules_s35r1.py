"""An outside examiner's scenes (s35r1) for the 1998 guidelines, one by one: each
clarification played in a scene the earlier tests do not build (another card type, three
seats, a Location turned Haven, a Flash Effect answering a Flash Effect, an empty pile...).
The rulebook outranks a guideline (R1); a scene pins what the books say together."""
from __future__ import annotations

import pytest
from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (Declare, Drop, EndPhase, Fight, Move, Pass, PickUp, PlayCard,
                                 RunAway, RunTo, Scavenge, StopScavenging, Transfer, UseCard)
from game.engine.events import (CombatHit, GameOver, Killed)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE, Lasting

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: swimmer, name: Swimmer, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 2},
   skills: {Swimming: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 30, movement: 1}}
- {id: sitter, name: Sitter, type: disaster, class: major,
   abilities: {attack: 5, defense: 30, movement: 0}}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- {id: boost, name: Boost, type: enhancement, bonuses: {attack: "+1"}}
- {id: shield, name: Shield, type: equipment, bonuses: {defense: "+2"}}
- {id: peak, name: Peak, type: location, requires: {abilities: {attack: 4}}}
- {id: lagoon, name: Lagoon, type: location, requires: {skills: {Swimming: 1}}}
- {id: exposed, name: Exposed, type: combat, physical: {own: {defense: "-9"}}, charm: {}}
- id: sting
  name: Sting
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{damage: 2, to: target}]}
- id: wrath
  name: Wrath of the Eye of God
  type: flash_effect
  effects:
    - {"on": play, target: {select: flash, owner: any}, do: [{cancel: true, to: target}]}
"""


def column(sc: Scene, n: int = 3, x: int = 0, under=("idol",)) -> None:
    """`n` Locations down column `x`, each with `under` (an Idol keeps the game going)."""
    for y in range(n):
        sc.location((x, y), under=list(under))


def no_action(sc: Scene, char: int) -> None:
    sc.st.lasting.append(Lasting(char, char, 0, flags=("no_action",), until="turn"))


# 1. Combat ---------------------------------------------------------------------------------

def test_guideline_1_1_no_action_still_defends_against_a_disaster():
    """Guideline 1.1: "Characters are always able to defend, even if they are unable to do
    'anything'": the Swimmer begins a Combat with the Ogre, which attacks the Hero (he has
    the Item). With No Action, he is refused an attack, yet his Defense 3 still takes 3
    off the Ogre's Attack 5."""
    sc = Scene(CARDS, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["gem"])
    swimmer = sc.char("swimmer", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, "blank", "blank", "blank")
    no_action(sc, hero)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    sc.refused(Declare(hero, "attack"), "No Action")
    ev = sc.do(Declare(hero, "none"), Declare(swimmer, "attack"))
    on_hero = [h for h in of(ev, CombatHit) if h["target"] == hero]
    assert [(h["attack"], h["defense"], h["damage"]) for h in on_hero] == [(5, 3, 2)]


def test_guideline_1_2_no_action_runs_away_from_a_disaster_that_came_to_it():
    """Guideline 1.2: "characters can always Run Away from Combat, even if they are
    unable to do 'anything'": in seat 1's Turn seat 1's Ogre moves onto seat 0's Hero
    (No Action, holding an Item) and attacks; the Hero may declare nothing but "none", and
    Running Away is open to him: he takes the final attack and moves 1 Location."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 1), items=["gem"])
    sc.char("hero", (0, 2), seat=1)
    sc.disaster("ogre", (0, 0), seat=1, brought_by=1)
    sc.combat_pile(0, *["blank"] * 4)
    sc.combat_pile(1, *["blank"] * 4)
    sc.turn(DISCARD, seat=1)
    sc.st.lasting.append(Lasting(hero, hero, 1, flags=("no_action",), until="turn"))
    sc.do(EndPhase())
    assert sc.st.combat is not None and sc.st.current_seat() == 0
    assert RunAway() in sc.legal()
    assert not [a for a in sc.legal() if isinstance(a, Declare) and a.role != "none"]
    sc.do(RunAway())
    sc.do(RunTo((0, 2)))
    assert sc.unit(hero).pos == (0, 2) and sc.st.combat is None


def test_guideline_1_3_an_ability_requirement_is_met_by_the_total_attack():
    """Guideline 1.3: "'Attack,' 'Defense,' etc. refer to Total Attack": the Peak asks for
    Attack 4; the Hero's base 3 does not meet it, his 3 + 1 of an Enhancement does."""
    sc = Scene(CARDS)
    sc.location((0, 0), "peak", under=["idol"])
    sc.location((0, 1), under=["idol"])
    bare = sc.char("hero", (0, 0))
    sc.turn(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.unit(bare).enhancements.append(sc.card("boost"))
    assert total(sc.st, sc.unit(bare), "attack") == 4
    sc.do(Scavenge((0, 0)))
    assert sc.st.scavenging is not None


def test_guideline_1_5_a_defense_below_0_counts_as_0_and_the_character_is_only_bonked():
    """Guideline 1.5: "Total Attack, Defense, and Charm cannot be less than 0": the Hero
    (Defense and Health 3) draws Exposed (-9 Defense) against the Ogre's 5: his Defense is
    0, not -6, so the Damage is 5, not 11; Health -2 is a Bonk, not the Kill that -3 would
    be (Basic Terms, Kill)."""
    sc = Scene(CARDS, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["gem"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, "blank", "exposed")  # the Ogre's card first, then the Hero's
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    ev = sc.do(Declare(hero, "attack"))
    on_hero = [h for h in of(ev, CombatHit) if h["target"] == hero]
    assert [(h["attack"], h["defense"], h["damage"]) for h in on_hero] == [(5, 0, 5)]
    assert on_hero[0]["result"] == "bonked" and not of(ev, Killed)


# 2. Characters / Disasters -----------------------------------------------------------------

def test_guideline_2_6_bonked_in_its_owners_own_turn_three_seats():
    """Guideline 2.6: "A Bonked Character is Set Aside for 1 of the Character's owner's
    Turns" (R9: one full Turn). Three seats; seat 0's Hero is Bonked by the Sitter in seat
    0's own Move phase. What is left of that Turn is no full Turn: he is still out through
    seats 1's and 2's Turns and seat 0's next, and is back in the Reload of the one after."""
    from game.engine.events import CharacterReturned
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["gem"])
    for s in (1, 2):
        sc.char("hero", (0, 2), seat=s)
    sitter = sc.disaster("sitter", (0, 0))  # Movement 0: it stays where it is
    sc.combat_pile(0, "blank", "exposed")
    sc.turn(MOVE)
    sc.do(Fight(sitter))
    sc.do(Declare(hero, "attack"))
    assert hero not in sc.st.units and [c for c, _ in sc.st.seats[0].set_aside] == [hero]
    ev = sc.until(EQUIP, seat=0)
    assert not of(ev, CharacterReturned) and hero not in sc.st.seats[0].hand
    ev = sc.until(EQUIP, seat=0)
    assert of(ev, CharacterReturned) == [{"seat": 0, "card": hero}]
    assert hero in sc.st.seats[0].hand


@pytest.mark.parametrize("phase", [DISCARD, EQUIP, MOVE, SCAVENGE])
def test_guideline_2_7_pick_up_transfer_and_drop_in_any_phase(phase):
    """Guideline 2.7: "Characters are free to Pick-up / Drop / Use / Transfer accessible
    Items / Equipment during any phase": in its Haven the Hero picks up the stored Gem
    and Shield and hands them to the Swimmer, who drops the Gem back into the Haven (it
    stays there: Basic Terms, Drop), in each phase of the Turn that is played."""
    sc = Scene(CARDS)
    column(sc)
    haven = sc.haven((1, 0), stored=["gem", "shield"])
    gem, shield = haven.under
    hero = sc.char("hero", (1, 0))
    swimmer = sc.char("swimmer", (1, 0))
    sc.turn(phase)
    assert {PickUp(gem, hero), PickUp(shield, hero)} <= set(sc.legal())
    sc.do(PickUp(gem, hero), PickUp(shield, hero))
    sc.do(Transfer(gem, hero, swimmer), Transfer(shield, hero, swimmer))
    assert sc.unit(swimmer).items == [gem] and sc.unit(swimmer).equipment == [shield]
    sc.do(Drop(gem, swimmer))
    assert sc.st.places[(1, 0)].under == (gem,)

