"""The audit of 2 Dec 2026 (s47): the Maintenance Phase (Disasters moving, landing,
picking up Items, attacking), the Scavenge Phase, the Rules for Havens and Winning the
Game, read sentence by sentence against the engine. Each test names the section it pins."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import EndPhase
from game.engine.events import Bonked, ItemStolen
from game.engine.state import DISCARD

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 1, defense: 9, movement: 2, charm: 1, energy: 1}}
- id: diver
  name: Diver
  type: disaster
  class: major
  abilities: {attack: 1, defense: 9, movement: 1, charm: 0}
  text: "Stage dive: once per game, the Character it targets is Bonked."
  effects:
    - "on": combat_round
      uses: {count: 1, per: game}
      target: {select: character}
      do: [{bonk: true, to: target}]
- {id: ring, name: Ring, type: item}
- {id: idol, name: Idol, type: item}
"""


def test_rules_for_disasters_a_combat_disaster_whose_text_bonks_takes_the_item():
    """Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an Item,
    the Disaster drops the Item it was carrying beneath the Location, and takes the Item
    the Character had." The Diver (as the Doom-Doom Girls' stage dive) lands on the Hero
    in its bringer's Maintenance phase and Bonks him by its own text: it takes his Ring
    and drops its Idol, as when its Damage Bonks (the engine dropped both under the
    Location, as if nobody had Bonked him)."""
    sc = Scene(CARDS, seats=1)
    for y in range(2):
        sc.location((0, y))
    diver = sc.disaster("diver", sc.st.path[0], items=["idol"])
    idol = sc.unit(diver).items[0]
    hero = sc.char("hero", sc.st.path[1], items=["ring"])
    ring = sc.unit(hero).items[0]
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())  # Reload, Maintenance: the Diver moves onto the Hero
    assert of(ev, Bonked) and hero not in sc.st.units
    assert sc.unit(diver).items == [ring], "the Disaster takes the Bonked Character's Item"
    assert of(ev, ItemStolen)
    under = sc.st.places[sc.st.path[1]].under
    assert idol in under and ring not in under
