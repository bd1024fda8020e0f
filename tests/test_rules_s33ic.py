""""In Combat" for a Character or Disaster in a Combat lower in the stack (s33ic).

A thief's getaway (Basic Terms, Steal) may begin a Combat with a Disaster on top of the
Combat the thief left: the group she left waits in that Combat below, which has not
ended. Combat: "Damage to Health is accrued during Physical Combat. The Health of any
Characters or Disasters that are still alive at the end of Combat is immediately
restored to full." Those waiting below are in Combat: Damage a card does them stays, and
their "in Combat" uses and bonuses are theirs, read against their own Combat, not the
one fought on top elsewhere (fighting.fought_in).
"""
from __future__ import annotations

import pytest
from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import Challenge, Declare, Engage, Fight, Move, UseCard
from game.engine.events import CombatTarget
from game.engine.options import Options
from game.engine.state import MOVE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- id: mina
  name: Mina
  type: character
  gender: female
  abilities: {attack: 2, defense: 3, movement: 3, charm: 7, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
- id: medic
  name: Medic
  type: character
  gender: male
  abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: any, at: here},
       do: [{damage: 1, to: target}]}
    - {"on": use, target: {select: disaster, at: here}, do: [{damage: 1, to: target}]}
    - {"on": use, if: {in_combat: true}, do: [{heal: all, to: holder}]}
    - {"on": use, if: {phase: move, in_combat: false}, do: [{send_home: true, to: group}]}
- id: brave
  name: Brave
  type: character
  gender: female
  abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}
  effects:
    - {"on": static, if: {against: major}, do: [{modify: {attack: "+1"}}]}
    - {"on": static, if: {against: minor}, do: [{modify: {defense: "+1"}}]}
    - {"on": static, if: {in_combat: true}, do: [{modify: {charm: "+1"}}]}
- id: twin
  name: Twin
  type: character
  gender: male
  abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 1}
  effects:
    - {"on": use, uses: {count: 1, per: round}, if: {against: [major, minor]},
       do: [{hook: decoy}]}
- {id: idol, name: Idol, type: item}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
- {id: titan, name: Titan, type: disaster, class: major,
   abilities: {attack: 0, defense: 30, movement: 1}}
- {id: gnat, name: Gnat, type: disaster, class: minor,
   abilities: {attack: 0, defense: 1, movement: 1}}
"""


def stacked(lower: str, upper: str = "gnat", cast: tuple[str, ...] = ("medic", "brave")):
    """Seat 0's Mina and the `cast` stand at (0, 0) by seat 1's Hero, who holds an Idol;
    `lower` is the Combat fought there: a Challenge of the Hero ("duel") or a Fight with
    an Ogre ("combat"). Mina steals the Idol and gets away onto (0, 1), where the `upper`
    Disaster attacks her, carrying an Item (R23): a Combat on top, fought elsewhere.
    Seat 0's Stray, a Medic of its own, stands at (0, 2), in no Combat."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    for y in range(3):
        sc.location((0, y))
    mina = sc.char("mina", (0, 0))
    ids = {name: sc.char(name, (0, 0)) for name in cast}
    ids["stray"] = sc.char("medic", (0, 2))
    hero = sc.char("hero", (0, 0), seat=1, items=["idol"])
    top = sc.disaster(upper, (0, 1))
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 12)
    sc.turn(MOVE)
    if lower == "duel":
        sc.do(Challenge(1, (0, 0)))
    else:
        ids["ogre"] = sc.disaster("ogre", (0, 0))
        sc.do(Fight(ids["ogre"]))
    sc.do(UseCard(mina, 0, hero), Move((mina,), (0, 1)))
    assert [d.kind for d in sc.st.pending] == ["phase", lower, "combat"]
    assert sc.st.combat.disaster == top and sc.st.top.chooser(sc.st) == 0
    return sc, ids, hero


@pytest.mark.parametrize("lower", ["combat", "duel"])
def test_combat_damage_accrues_on_a_character_in_a_combat_lower_in_the_stack(lower):
    """Combat: "Damage to Health is accrued during Physical Combat ... restored at the end
    of Combat". While the Gnat's Combat is fought on top, the Medic's jab (1 Damage, short
    of a Bonk) on Brave, in the Combat below, stays; on the Hero, in it too when it is a
    Challenge of his, it stays, and out of it (a Fight with the Ogre) it heals at once."""
    sc, ids, hero = stacked(lower)
    medic, brave = ids["medic"], ids["brave"]
    sc.do(UseCard(medic, 0, brave))
    assert sc.unit(brave).damage == 1
    sc.st.uses.clear()  # the jab again this Turn
    sc.do(UseCard(medic, 0, hero))
    assert sc.unit(hero).damage == (1 if lower == "duel" else 0)


def test_combat_damage_accrues_on_a_disaster_in_a_combat_lower_in_the_stack():
    """Combat: "The Health of any Characters or Disasters that are still alive at the end
    of Combat is immediately restored": the Ogre, fought below the Gnat's Combat, keeps
    the Medic's 1 Damage until its own Combat ends."""
    sc, ids, hero = stacked("combat")
    sc.do(UseCard(ids["medic"], 1, ids["ogre"]))
    assert sc.unit(ids["ogre"]).damage == 1


@pytest.mark.parametrize("lower", ["combat", "duel"])
def test_an_in_combat_use_waits_for_its_combat_to_be_back_on_top_R119(lower):
    """R119: a text used "in Combat" (card-format `in_combat: true`) acts in the Combat
    fought now. The Medic, in the Combat waiting below the Gnat's, heals himself once his
    Combat is back on top, not while the Gnat's is fought elsewhere; the Stray, in no
    Combat, never. Out of Combat (`in_combat: false`: leaving a Combat is Running Away)
    is out of every Combat: the Medic's group may not go home from the one below."""
    sc, ids, hero = stacked(lower)
    medic, stray = ids["medic"], ids["stray"]
    sc.unit(medic).damage = sc.unit(stray).damage = 2  # a scene's Damage, not a Combat's
    legal = sc.legal()
    assert UseCard(stray, 3, None) in legal and UseCard(medic, 3, None) not in legal
    assert UseCard(medic, 2, None) not in legal and UseCard(stray, 2, None) not in legal
    sc.refused(UseCard(medic, 2, None), "the one fought now")
    sc.refused(UseCard(medic, 3, None), "not used while")
    sc.do(Declare(sc.st.combat.target, "attack"))  # Attack 2 on the Gnat's Defense 1
    assert [d.kind for d in sc.st.pending] == ["phase", lower]
    if sc.st.top.chooser(sc.st) != 0:
        sc.do(Engage(hero, "none"))
    assert sc.st.top.chooser(sc.st) == 0
    legal = sc.legal()
    assert UseCard(medic, 2, None) in legal and UseCard(stray, 2, None) not in legal
    assert UseCard(medic, 3, None) not in legal
    sc.do(UseCard(medic, 2, None))
    assert sc.unit(medic).damage == 0


def test_in_combat_with_a_major_disaster_reads_the_characters_own_combat_below():
    """card-format `against: major` ("+1 Attack in Combat with a Major Disaster"): Brave,
    in the Ogre's (Major) Combat waiting below the Gnat's (Minor) Combat on top, has
    the Major bonus and not the Minor one, and her "in Combat" bonus."""
    sc, ids, _ = stacked("combat")
    brave = sc.unit(ids["brave"])
    assert (total(sc.st, brave, "attack"), total(sc.st, brave, "defense"),
            total(sc.st, brave, "charm")) == (3, 3, 2)


def test_in_combat_with_a_major_disaster_is_not_a_combat_between_players_below_one():
    """card-format `against` (the holder fights such a Disaster; "not a Combat between
    players"): Brave, in the Challenge of the Hero waiting below the Titan's (Major)
    Combat with Mina at another Location, fights no Disaster: no Major bonus, but she is
    in Combat."""
    sc, ids, _ = stacked("duel", upper="titan")
    brave = sc.unit(ids["brave"])
    assert (total(sc.st, brave, "attack"), total(sc.st, brave, "defense"),
            total(sc.st, brave, "charm")) == (2, 3, 2)


def test_a_decoy_below_a_combat_with_a_disaster_is_not_used_on_it_R119():
    """Dupli-Kit's decoy ("he becomes the Disaster's target in place of the Character it
    picked"), `against: [major, minor]`, used "in Combat" (R119): the Twin, in a Challenge
    of the Hero waiting below the Gnat's Combat with Mina elsewhere, fights no Disaster
    and is not offered it; in the Ogre's Combat below, not until it is back on top, and
    then he is the Ogre's target."""
    sc, ids, hero = stacked("duel", cast=("medic", "twin"))
    assert UseCard(ids["twin"], 0, None) not in sc.legal()
    sc.refused(UseCard(ids["twin"], 0, None), "against a Disaster")
    sc, ids, _ = stacked("combat", cast=("medic", "twin"))
    twin, below = ids["twin"], sc.st.pending[1]
    assert UseCard(twin, 0, None) not in sc.legal() and below.target != twin
    sc.do(Declare(sc.st.combat.target, "attack"))  # the Gnat is Defeated
    assert sc.st.top is below
    ev = sc.do(UseCard(twin, 0, None))
    assert [(e["disaster"], e["target"]) for e in of(ev, CombatTarget)] == [(below.disaster, twin)]
    assert below.target == twin
