"""Basic Terms that card text uses: No Action, Hold (rulebook, Basic Terms; List of
Actions). Flee is in test_effects.py; Drop in test_rules_timing.py."""
from __future__ import annotations

from scene import Scene

from game.engine.actions import (AttackLocation, Declare, Drop, EndPhase, Fight, Move, PlayCard,
                                 Proceed, Scavenge, Transfer, UseCard)
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE, Lasting

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 9, movement: 1}}
- {id: ring, name: Ring, type: item}
- id: reader
  name: Reader
  type: character
  gender: female
  abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": use, do: [{draw: 1, to: player}]}
- id: retreat
  name: Retreat
  type: item
  effects:
    - {"on": use, do: [{send_home: true, to: holder}]}
- {id: strong, name: Strong, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2},
   skills: {Strength: 1}}
- {id: rockface, name: Rock Face, type: location, requires: {skills: {Strength: 2}}}
- {id: bastion, name: Bastion, type: location, abilities: {defense: 4},
   requires: {skills: {Magic: 1}}}
- {id: charm-up, name: Charm Up, type: enhancement, bonuses: {charm: "+1"}}
"""


def frozen(sc: Scene, unit: int, flag: str = "no_action") -> None:
    sc.st.add_lasting(Lasting(unit, unit, sc.st.units[unit].owner, flags=(flag,),
                              until="game"))


def test_a_disaster_with_no_action_neither_moves_nor_attacks_basic_terms_no_action():
    """Basic Terms, No Action: "the Character or Disaster cannot move or attack"."""
    sc = Scene(CARDS, seats=1)
    for y in range(3):
        sc.location((0, y), under=["ring"])
    ogre = sc.disaster("ogre", sc.st.path[0])
    hero = sc.char("hero", sc.st.path[1], items=["ring"])
    frozen(sc, ogre)
    sc.turn(DISCARD)
    sc.do(EndPhase())  # Reload, Maintenance: the Ogre would move onto the hero
    assert sc.unit(ogre).pos == sc.st.path[0] and sc.st.combat is None
    assert hero in sc.st.units


def test_a_character_with_no_action_uses_no_card_list_of_actions():
    """List of Actions: "Perform special abilities" and "Use cards" are actions, and "All
    of the above actions are prevented when a Character or Disaster 'has no actions'"."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    reader = sc.char("reader", (0, 0))
    sc.draw_pile(0, "ring")
    sc.turn(MOVE)
    assert UseCard(reader, 0) in sc.legal()
    frozen(sc, reader)
    assert UseCard(reader, 0) not in sc.legal()
    sc.refused(UseCard(reader, 0))


def test_a_character_with_no_action_does_not_scavenge_basic_terms_no_action():
    """List of Actions: "Scavenge" and "Attack" are actions, prevented when a Character
    "has no actions": its skills do not help its group in, and alone it neither
    Scavenges nor attacks a Location (R60: its skills still keep a Location's Attack off,
    but Scavenging is done by the Characters that attempt the Location)."""
    sc = Scene(CARDS)
    sc.location((0, 0), "rockface", under=["ring"])
    sc.location((1, 0), "bastion", under=["ring"])
    a, b = sc.char("strong", (0, 0)), sc.char("strong", (0, 0))
    c = sc.char("hero", (1, 0))
    sc.turn(SCAVENGE)
    assert Scavenge((0, 0)) in sc.legal() and AttackLocation((1, 0)) in sc.legal()
    frozen(sc, b)
    frozen(sc, c)
    assert Scavenge((0, 0)) not in sc.legal()  # Strength 1 of 2: the frozen one's is out
    sc.refused(Scavenge((0, 0)), "requirements")
    assert AttackLocation((1, 0)) not in sc.legal()
    sc.refused(AttackLocation((1, 0)), "No Action")
    assert a in sc.st.units


def test_a_character_with_no_action_is_not_equipped_and_moves_no_item_list_of_actions():
    """List of Actions: "Equip cards", "Hand over an Item" and "Exchange cards" are
    actions: a Character with No Action gets no Enhancement, and drops, gives and takes
    no Item (guideline 2.7's moves are its own)."""
    sc = Scene(CARDS)
    sc.haven((0, 0))
    a = sc.char("hero", (0, 0), items=["ring"])
    b = sc.char("hero", (0, 0))
    up, = sc.hand(0, "charm-up")
    sc.turn(EQUIP)
    ring = sc.unit(a).items[0]
    assert {PlayCard(up, a), Drop(ring, a), Transfer(ring, a, b)} <= set(sc.legal())
    frozen(sc, a)
    legal = sc.legal()
    assert PlayCard(up, a) not in legal and PlayCard(up, b) in legal
    assert Drop(ring, a) not in legal and Transfer(ring, a, b) not in legal
    sc.refused(Transfer(ring, a, b), "No Action")
    sc.refused(PlayCard(up, a))


def test_a_held_character_is_not_sent_home_basic_terms_hold():
    """Basic Terms, Hold: "Prevent an opponent from leaving their current Location": a
    card that sends the Held Character home leaves it where it is."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.haven((1, 0))
    hero = sc.char("hero", (0, 0), items=["retreat"])
    frozen(sc, hero, "hold")
    sc.turn(MOVE)
    sc.do(UseCard(sc.unit(hero).items[0], 0))
    assert sc.unit(hero).pos == (0, 0)


EGGS = CARDS + """\
- id: eggs
  name: Eggs
  type: item
  uses: 3
  effects:
    - {"on": use, if: {in_combat: true}, do: [{heal: 1, to: holder}]}
- {id: wall, name: Wall, type: disaster, class: major,
   abilities: {attack: 4, defense: 30, movement: 1}}
"""


def eggs_in_combat() -> tuple[Scene, int]:
    """A Hero holding the Eggs (an Item with uses) in Combat with a Wall, in its Move; hurt,
    so that the Eggs have a Damage to heal (guideline 2.1: else they wait)."""
    sc = Scene(EGGS)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0), items=["eggs"])
    wall = sc.disaster("wall", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(Fight(wall))
    sc.unit(hero).damage = 1
    return sc, hero


def test_an_item_with_a_number_of_uses_is_used_once_per_round_of_combat_basic_terms_uses():
    """Basic Terms, Uses: "Power cards and Items that have a number uses may only be used
    once per round of Combat, or once per Turn": round after round, until none is left."""
    sc, hero = eggs_in_combat()
    eggs = sc.unit(hero).items[0]
    for round_ in range(3):
        assert UseCard(eggs, 0) in sc.legal(), round_
        sc.do(UseCard(eggs, 0))
        assert UseCard(eggs, 0) not in sc.legal()  # once in this round
        sc.do(Declare(hero, "none"))  # the Wall's 4 against 3: 1 Damage a round
    assert sc.st.combat is not None and UseCard(eggs, 0) not in sc.legal()  # 3 used


THIEF = CARDS + """\
- id: thief
  name: Thief
  type: character
  gender: female
  abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": use, if: {in_combat: true}, target: {select: disaster, at: here},
       do: [{steal: item, to: target}]}
"""


def thief_scene(items=()):
    sc = Scene(THIEF)
    for x in range(3):
        sc.location((0, x))
    thief = sc.char("thief", (0, 0), items=items)
    hero = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0), items=["ring"])
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    return sc, thief, hero, ogre


def test_a_thief_gets_1_full_movement_before_anyone_can_attack_basic_terms_steal():
    """Basic Terms, Steal: "The thief may take the card and get 1 full movement before
    anyone can attack." It leaves the Combat; the rest of the group fights on."""
    sc, thief, hero, ogre = thief_scene()
    ring = sc.unit(ogre).items[0]
    sc.do(UseCard(thief, 0, ogre))
    assert sc.unit(thief).items == [ring]
    legal = sc.legal()
    assert Move((thief,), (0, 2)) in legal and Proceed() in legal  # Movement 2, or stay
    assert not any(isinstance(a, Declare) for a in legal)  # nobody attacks first
    sc.do(Move((thief,), (0, 2)))
    assert sc.unit(thief).pos == (0, 2)
    assert sc.st.combat is not None and sc.st.combat.target == hero


def test_a_thief_that_held_an_item_gets_no_move_basic_terms_steal():
    """Basic Terms, Steal: "If a thieving Character already has an Item, it won't get a
    move after stealing from a Disaster"."""
    sc, thief, hero, ogre = thief_scene(items=["ring"])
    sc.do(UseCard(thief, 0, ogre))
    assert len(sc.unit(thief).items) == 2
    assert not any(isinstance(a, Move) for a in sc.legal())
    assert any(isinstance(a, Declare) for a in sc.legal())


PICKPOCKET = CARDS + """\
- id: pickpocket
  name: Pickpocket
  type: character
  gender: female
  abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
"""


def test_a_thief_that_held_an_item_still_gets_its_move_from_a_character_basic_terms_steal():
    """Basic Terms, Steal: "The thief may take the card and get 1 full movement before
    anyone can attack." The exception is for a Disaster only: "If a thieving Character
    already has an Item, it won't get a move after stealing from a Disaster because the
    Disaster would automatically attack for the Item the Character had". Stolen from
    another player's Character, the thief holding an Item still gets its move."""
    sc = Scene(PICKPOCKET, seats=2)
    for x in range(3):
        sc.location((0, x))
    thief = sc.char("pickpocket", (0, 0), items=["ring"])
    mark = sc.char("hero", (0, 0), seat=1, items=["ring"])
    sc.unit(thief).moved = 2  # its own move spent: only a getaway could take it on
    sc.turn(MOVE)
    sc.do(UseCard(thief, 0, mark))
    assert len(sc.unit(thief).items) == 2 and sc.unit(mark).items == []
    legal = sc.legal()
    assert Move((thief,), (0, 2)) in legal and Proceed() in legal
    sc.do(Move((thief,), (0, 2)))
    assert sc.unit(thief).pos == (0, 2)


def test_a_thiefs_getaway_never_makes_a_group_of_more_than_4_basic_terms_group():
    """Basic Terms, Group: "There is a limit of 4 Characters per group." The thief's
    getaway (Basic Terms, Steal) may pass over a Location where 4 of its player's
    Characters stand, but not stop there."""
    sc = Scene(THIEF)
    for x in range(3):
        sc.location((0, x))
    thief = sc.char("thief", (0, 0))
    for _ in range(4):
        sc.char("hero", (0, 1))
    ogre = sc.disaster("ogre", (0, 0), items=["ring"])
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(Fight(ogre), UseCard(thief, 0, ogre))
    legal = sc.legal()
    assert Move((thief,), (0, 2)) in legal and Proceed() in legal
    assert Move((thief,), (0, 1)) not in legal
