"""The 1998 guidelines (../shared/rules/guidelines-1998.md), and the rules the audit of
them settled: each test names the guideline, rulebook section or ruling it pins."""
from __future__ import annotations

from scene import Scene, of
from test_rules_combat import CARDS as COMBAT_CARDS

from game.engine.actions import Challenge, Engage, Fight, RunAway, RunTo
from game.engine.events import Bonked, ItemStolen
from game.engine.options import Options
from game.engine.state import MOVE

# The Combat rules' cards (Hero, Tank, Ogre, Ring...), and these.
CARDS = COMBAT_CARDS + """\
- {id: frail, name: Frail, type: character, gender: male,
   abilities: {attack: 1, defense: 1, movement: 2, charm: 1, energy: 1}}
- id: mecha
  name: Mecha
  type: disaster
  class: major
  abilities: {attack: 5, defense: 6, movement: 1}
  text: "In the first Combat round of a Turn, falling girders deal 1 Damage to each Character it fights."
  effects:
    - {"on": combat_round, uses: {count: 1, per: turn}, do: [{damage: 1, to: group}]}
- {id: idol, name: Idol, type: item}
"""


# Run Away: "Move any remaining Characters 1 Location" (Basic Terms, Run Away), within
# "There is a limit of 4 Characters per group" (Basic Terms, Group) and "no more than 6
# on the Field at any time" (Rules for Characters).
def test_run_away_from_a_disaster_makes_no_group_of_more_than_4_basic_terms_group():
    sc = Scene(CARDS, seats=1)
    sc.location((0, 0))
    sc.location((1, 0))  # 3 of the player's Characters already there
    sc.location((0, 1))  # empty
    hero, tank = sc.char("hero", (0, 0)), sc.char("tank", (0, 0))
    there = [sc.char("hero", (1, 0)) for _ in range(3)]
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(ogre), RunAway())
    legal = sc.legal()
    assert RunTo((0, 1)) in legal
    assert RunTo((1, 0)) not in legal, "3 + 2 runners would make a group of 5"
    sc.refused(RunTo((1, 0)))
    sc.do(RunTo((0, 1)))
    assert {sc.unit(u).pos for u in (hero, tank)} == {(0, 1)}
    assert {sc.unit(u).pos for u in there} == {(1, 0)}


def test_run_away_between_players_makes_no_group_of_more_than_4_basic_terms_group():
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))  # 3 of seat 1's Characters already there
    sc.location((0, 1))
    a = sc.char("hero", (0, 0))
    b = [sc.char("tank", (0, 0), seat=1) for _ in range(2)]
    for _ in range(3):
        sc.char("hero", (1, 0), seat=1)
    sc.combat_pile(1, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)), Engage(a, "none"), RunAway())  # seat 1 runs
    legal = sc.legal()
    assert RunTo((0, 1)) in legal and RunTo((1, 0)) not in legal
    sc.refused(RunTo((1, 0)))
    sc.do(RunTo((0, 1)))
    assert {sc.unit(u).pos for u in b} == {(0, 1)}


def test_run_away_from_a_haven_puts_no_more_than_6_on_the_field_rules_for_characters():
    """Guests forced out of a Haven by its owner (R33, R36) run to a Location: a
    Character in a Haven is not on the Field ("Cards on Havens ... are not in Play"),
    so they would make 7 of their player's on the Field. They stay (R27)."""
    sc, guest = guest_running_from_a_haven(CARDS, on_field=6)
    assert RunTo((1, 0)) not in sc.legal(), "a 7th Character on the Field"
    assert sc.st.duel is None and sc.unit(guest).pos == (0, 0)  # nowhere to go: it stays
    assert sum(not u.disaster and u.owner == 0 and u.pos in sc.st.places
               and sc.st.places[u.pos].kind != "haven" for u in sc.st.units.values()) == 6


def guest_running_from_a_haven(cards: str, on_field: int) -> tuple[Scene, int]:
    """Seat 0's guest in seat 1's Haven at (0, 0) Running Away from its owner's
    challenge (R33, R36), with `on_field` more of seat 0's Characters on the Field (4 at
    (5, 0), the rest at (6, 0)) and an empty Location at (1, 0) to run to: the guest."""
    sc = Scene(cards, seats=2, options=Options(charm_combat=False))
    sc.haven((0, 0), seat=1)
    for cell in ((1, 0), (5, 0), (6, 0)):
        sc.location(cell)
    guest = sc.char("tank", (0, 0))  # seat 0's, a guest in seat 1's Haven
    for i in range(on_field):
        sc.char("hero", (5, 0) if i < 4 else (6, 0))
    owner = sc.char("hero", (0, 0), seat=1)
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE, seat=1)
    sc.do(Challenge(0, (0, 0)), Engage(owner, "none"), RunAway())
    return sc, guest


def test_a_combat_disasters_own_ability_that_bonks_takes_the_item_rules_for_disasters():
    """Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an
    Item, the Disaster drops the Item it was carrying beneath the Location, and takes the
    Item the Character had." Damage from its own Special Ability (glossary: "Characters' /
    Disasters' ability / abilities described in card text") is the Disaster's doing,
    unlike a Location's Attack (R24)."""
    sc = Scene(CARDS, seats=1)
    sc.location((0, 0))
    sc.location((1, 0))
    frail = sc.char("frail", (0, 0), items=["ring"])  # Health 1: the girders Bonk it
    sc.char("tank", (0, 0))
    ring = sc.unit(frail).items[0]
    mecha = sc.disaster("mecha", (0, 0), items=["idol"])
    idol = sc.unit(mecha).items[0]
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    ev = sc.do(Fight(mecha))
    assert of(ev, Bonked) and frail not in sc.st.units
    assert sc.unit(mecha).items == [ring], "the Disaster takes the Bonked Character's Item"
    assert of(ev, ItemStolen)
    assert idol in sc.st.places[(0, 0)].under and ring not in sc.st.places[(0, 0)].under
