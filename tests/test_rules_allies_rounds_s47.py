"""Ally Disasters (Rules for Disasters) and R130: every Disaster of the alliance that
attacks the group fights it, so each one's `combat_round` effects fire each round, the
Disaster fought first; an ally that flees takes the alliance with it."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import Declare, Fight
from game.engine.disasters import alliance, ally
from game.engine.events import CombatEnded, CombatHit, Damaged, DisasterMoved
from game.engine.state import MOVE, Lasting

CARDS = """\
- {id: boss, name: Boss, type: disaster, class: major,
   abilities: {attack: 4, defense: 3, movement: 3}}
- {id: girders, name: Girders, type: disaster, class: major,
   abilities: {attack: 2, defense: 9, movement: 1},
   effects: [{"on": combat_round, do: [{damage: 1, to: group}]}],
   text: "Each Combat round it fights, 1 Damage to each Character."}
- {id: shouter, name: Shouter, type: disaster, class: major,
   abilities: {attack: 1, defense: 9, movement: 1},
   effects: [{"on": combat_round, do: [{modify: {attack: "+3"}, to: holder, for: combat}]}],
   text: "Each Combat round it fights, +3 Attack until the end of the Combat."}
- {id: coward, name: Coward, type: disaster, class: minor,
   abilities: {attack: 1, defense: 9, movement: 1},
   effects: [{"on": combat_round, do: [{flee: true}]}],
   text: "At the start of a Combat round, it flees."}
- {id: tank, name: Tank, type: character, gender: male,
   abilities: {attack: 1, defense: 10, movement: 2, charm: 0, energy: 1}}
"""


def _scene(*allies: str):
    """Boss, primary of an alliance with `allies`, at the first Location of a path
    running right to left, with Tank there in its player's Move phase."""
    sc = Scene(CARDS)
    for x in range(4):
        sc.location((3 - x, 0))
    cell = sc.st.path[0]
    boss = sc.disaster("boss", cell)
    others = [sc.disaster(name, cell) for name in allies]
    for o in others:
        ally(sc.st, sc.unit(boss), sc.unit(o), [])
    tank = sc.char("tank", cell)
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    return sc, boss, others, tank


def test_an_allys_combat_round_effect_fires_each_round_r130():
    """Ally Disasters: "Allied Disasters attack with their combined Attack": the ally
    fights the group too, so its "each Combat round" effect fires with the fought one's."""
    sc, boss, (girders,), tank = _scene("girders")
    ev = sc.do(Fight(boss))
    assert [(e.card, e.unit) for e in ev if isinstance(e, Damaged)] == [(girders, tank)]
    ev = sc.do(Declare(tank, "attack"))  # round 2 begins: the girders fall again
    assert (girders, tank) in [(e.card, e.unit) for e in ev if isinstance(e, Damaged)]


def test_an_allys_round_bonus_adds_to_the_combined_attack_r130():
    """The ally's own +3 Attack for the Combat counts in the alliance's combined Attack."""
    sc, boss, (shouter,), tank = _scene("shouter")
    sc.do(Fight(boss))
    ev = sc.do(Declare(tank, "attack"))
    on_tank = next(e for e in of(ev, CombatHit) if e["target"] == tank)
    assert (on_tank["attackers"], on_tank["attack"]) == ([boss, shouter], 4 + 1 + 3)


def test_an_ally_kept_from_attacking_does_not_fight_r130():
    """An ally that may not attack (No Attack) adds no Attack (allies_with): it does not
    fight the group, and its round effect does not fire."""
    sc, boss, (girders,), tank = _scene("girders")
    sc.st.add_lasting(Lasting(boss, girders, 0, flags=("no_attack",), until="turn"))
    ev = sc.do(Fight(boss))
    assert not [e for e in ev if isinstance(e, Damaged)]


def test_an_ally_that_flees_takes_the_alliance_along_r130():
    """Flee is "Running Away, but for Disasters" and allies "move as a group": the
    coward's flee ends the Combat, and the whole alliance moves one Location on."""
    sc, boss, (coward,), tank = _scene("coward")
    start, nxt = sc.st.path[0], sc.st.path[1]
    ev = sc.do(Fight(boss))
    assert of(ev, CombatEnded) and sc.st.combat is None
    assert {e["card"] for e in of(ev, DisasterMoved)} == {boss, coward}
    assert sc.unit(boss).pos == sc.unit(coward).pos == nxt != start
    assert [u.card for u in alliance(sc.st, sc.unit(coward))] == [boss, coward]
