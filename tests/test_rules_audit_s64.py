"""The s64 audit (5 Dec 2026): the engine modules earlier audits named least
(targets.py, lasting.py, field.py, modifiers.py, static.py, fighting.py, piles.py),
each rule-bearing condition broken for a moment against the rules tests
(docs/rules-coverage.md, "The audit of 5 Dec 2026"). Here the scenes for the breaks no
test caught, and for the one defect found. Each test names the section, guideline or
ruling it pins."""
from __future__ import annotations

from scene import Scene
from test_rules_s33lc import CARDS as LC_CARDS
from test_rules_s33lc import getaway
from test_rules_s36r2 import CELL as S_CELL
from test_rules_s36r2 import S

from game.engine.abilities import total
from game.engine.actions import Declare, Fight, UseCard
from game.engine.piles import draw_one
from game.engine.state import MOVE, Lasting

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: gem, name: Gem, type: item}
- {id: lamp, name: Lamp, type: equipment,
   effects: [{"on": use, do: [{skill: {Genius: 1}, for: turn}]}]}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
- {id: arena, name: Arena, type: location,
   effects: [{"on": static, if: {in_combat: true}, do: [{modify: {defense: "+1"}, to: here}]}]}
- {id: martyr, name: Martyr, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1},
   effects: [{"on": use, do: [{bonk: true}, {modify: {attack: "+5"}, for: 3}]}]}
- id: banner
  name: Banner
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 9, movement: 1}
  effects: [{"on": static, do: [{modify: {attack: "+2"}, to: group}]}]
- id: howl
  name: Howl
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 9, movement: 1}
  effects: [{"on": revealed, do: [{modify: {attack: "-1"}, to: group, for: turn}]}]
"""
CELL = (0, 0)


def field(seats: int = 2) -> Scene:
    """A Location with a Gem under it at (0, 0); each seat's Haven beside it."""
    sc = Scene(CARDS, seats=seats)
    sc.location(CELL, under=["gem"])
    for seat in range(seats):
        sc.haven((seat + 1, 0), seat=seat)
    return sc


# targets.py: whom `to: group` names ----------------------------------------------------
def test_group_a_disaster_drawn_has_no_group_of_its_drawers_characters():
    """Basic Terms, Group / Party ("The Characters belonging to one player") and
    Opponent: a Disaster is no player's Character and in no player's group. Howl enters
    from seat 0's Draw pile (R8) at the first Location, where a Hero of each seat
    stands; its `revealed` step sent `to: group` has no group to reach (it fights none
    yet): neither Hero loses Attack, its drawer's no more than the other's."""
    sc = field()
    mine, theirs = sc.char("hero", CELL), sc.char("hero", CELL, seat=1)
    sc.draw_pile(0, "howl")
    assert draw_one(sc.st, 0, [])
    assert [total(sc.st, sc.unit(u), "attack") for u in (mine, theirs)] == [2, 2]


def test_group_a_disasters_static_effect_gives_its_players_characters_nothing():
    """Basic Terms, Group / Party and Opponent, as above, for a `static` step: Banner
    on the Field, with a static +2 Attack `to: group`, is no group's, so it raises no
    Character's Attack, its own player's Hero's included (static.static_hits read a
    Disaster holder's group as its player's Characters at its cell, as it reads a
    Haven's: fixed in s64)."""
    sc = field()
    mine, theirs = sc.char("hero", CELL), sc.char("hero", CELL, seat=1)
    sc.disaster("banner", CELL)
    assert [total(sc.st, sc.unit(u), "attack") for u in (mine, theirs)] == [2, 2]


# lasting.py: which action of the List of Actions an Equipment's text is -----------------
def lamp_in_use(flag: str | None) -> tuple[Scene, int]:
    """Seat 0's Hero with his Lamp (Equipment with a `use` text) in use, in his Move
    phase, with a lasting `flag` (a charmer's order) on him."""
    sc = field()
    h = sc.char("hero", CELL, equipment=["lamp"])
    lamp = sc.unit(h).equipment[0]
    sc.unit(h).using = [lamp]
    if flag is not None:
        sc.st.add_lasting(Lasting(h, h, 1, flags=(flag,), until="game"))
    sc.turn(MOVE)
    return sc, lamp


def test_list_of_actions_an_equipments_text_is_use_an_equipped_card_not_use_cards():
    """List of Actions: "Use an Equipped card" and "Use cards" are two actions, each a
    charmer may prevent (Charm Combat Between Players). The Lamp is an Equipped card:
    ordered `no_cards`, Hero may still use its text; ordered `no_equipment`, not."""
    for flag, usable in ((None, True), ("no_cards", True), ("no_equipment", False)):
        sc, lamp = lamp_in_use(flag)
        assert (UseCard(lamp, 0, None) in sc.legal()) is usable, flag


# fighting.py: `against` asks of the Combat fought now (R119) ----------------------------
def test_against_a_use_against_a_major_disaster_waits_while_a_combat_on_top_is_fought():
    """docs/RULINGS.md R119 with Basic Terms, Steal: a text used "in Combat" acts in the
    Combat fought now. Tiger fights the Ogre (Major); Mina steals and gets away into the
    Gnat's (Minor) Combat on top. Tiger's use `against: major` is not his while the
    Gnat's Combat is fought, though his own, below, is with a Major Disaster; it is his
    again once the Gnat is Defeated and his Combat is back on top."""
    cards = LC_CARDS.replace('- {"on": use, uses: {count: 2}, do:',
                             '- {"on": use, uses: {count: 2}, if: {against: major}, do:')
    sc, tiger = getaway("combat", cards=cards)
    assert UseCard(tiger, 0, None) not in sc.legal()
    sc.do(Declare(sc.st.combat.target, "attack"))  # Mina's 2 Attack on the Gnat's 1 Defense
    assert sc.st.top.kind == "combat" and UseCard(tiger, 0, None) in sc.legal()


# fighting.py: a Location's `in_combat` is a Combat fought at it -------------------------
def arena_fight(at) -> tuple[Scene, int, int]:
    """Arena at (0, 0) (a static +1 Defense to the Characters there while in Combat) and
    a plain Location at (0, 1), a Gem under each; a Hero of seat 0 on each; the Hero at
    `at` Fights an Ogre there. Returns the scene, the Arena's Hero and the other."""
    sc = Scene(CARDS, seats=2)
    sc.location(CELL, "arena", under=["gem"])
    sc.location((0, 1), under=["gem"])
    sc.haven((1, 0))
    sc.haven((1, 1), seat=1)
    here, there = sc.char("hero", CELL), sc.char("hero", (0, 1))
    sc.combat_pile(0, *["blank"] * 5)
    sc.turn(MOVE).do(Fight(sc.disaster("ogre", at)))
    assert sc.st.combat is not None
    return sc, here, there


def test_in_combat_a_locations_text_holds_for_a_combat_fought_at_it_only():
    """docs/card-format.md, Conditions (`in_combat`: a Location, "one fought at"), read
    with Basic Terms, Opponent (who is in a Combat): the Arena's +1 Defense to the
    Characters there "in Combat" holds while a Combat is fought at the Arena, not while
    one is fought at the Location next to it, its Hero standing by."""
    sc, here, there = arena_fight(CELL)
    assert [total(sc.st, sc.unit(u), "defense") for u in (here, there)] == [3, 2]
    sc, here, there = arena_fight((0, 1))
    assert [total(sc.st, sc.unit(u), "defense") for u in (here, there)] == [2, 2]


# hooks.py: the decoy no longer protects ------------------------------------------------
def test_protecting_dupli_kit_made_the_target_protects_no_longer():
    """Protecting: "Each Character in the Combat can either attack or protect another
    Character": the target is no Character's protector of itself. Dupli-Kit declares he
    protects the Pal (the Ogre's pick, she carries the Gem), then takes her place as the
    target ("he becomes the Disaster's target in place of the Character it picked"): he
    is no longer among the protectors (his Defense is not added twice to his own), and
    the Pal is left to declare."""
    sc = S()
    kit, pal = sc.char("dupli-kit", S_CELL), sc.char("t-pal", S_CELL, items=["t-gem"])
    sc.turn(MOVE).do(Fight(sc.disaster("t-ogre", S_CELL)))
    assert sc.st.combat.target == pal
    sc.do(Declare(kit, "protect"))
    assert sc.st.combat.protectors == [kit]
    sc.do(sc.uses(kit)[0])
    assert sc.st.combat.target == kit and sc.st.combat.protectors == []
    assert {a.char for a in sc.legal() if isinstance(a, Declare)} == {pal}


# targets.py: `to: holder` of a holder gone from play -------------------------------------
def test_bonk_a_text_whose_holder_it_bonked_changes_him_no_more():
    """Basic Terms, Bonk (guidelines: "A Bonked Character is Set Aside for 1 Turn and
    then returns to Play (Health restored)"): the Martyr's use Bonks him, then gives
    him +5 Attack for 3 Turns. Set Aside, he is out of play when the second step comes:
    it reaches no one, and nothing lasts on him to come back into play with him."""
    sc = field()
    m = sc.char("martyr", CELL)
    sc.turn(MOVE).do(UseCard(m, 0, None))
    assert m not in sc.st.units
    assert [x for x in sc.st.lasting if x.unit == m] == []
