"""The s51 audit: the engine modules earlier audits broke least on purpose
(maintenance.py, horde.py, steal.py, transforming.py), each rule-bearing branch broken
for a moment and the rules tests run on it (docs/rules-coverage.md, "The modules broken
on purpose"). Here the scenes for the breaks no test caught. Each test names the
section, guideline or ruling it pins."""
from __future__ import annotations

from scene import Scene, of
from test_rules_basic_terms import PICKPOCKET, THIEF
from test_rules_charm import CARDS as CHARM_CARDS
from test_rules_s35r2 import CARDS as HORDE_CARDS
from test_rules_s35r2 import attack_defense
from test_rules_transform_s32 import scene as transformer_scene

from game.engine.actions import AttackLocation, Challenge, Engage, Fight, Move, Proceed, Transform, UseCard
from game.engine.events import LocationAttacked
from game.engine.state import EQUIP, MOVE, SCAVENGE


# Charm Combat with Disasters with the Maintenance Phase ---------------------------------
def test_charm_combat_with_disasters_leave_on_the_next_turn_once_then_only_its_bringers_maintenance():
    """Charm Combat with Disasters: "If all the Characters at a Location are Charmed, the
    Disaster will take an Item from the Location if one is there and leave on the next
    Turn"; Maintenance Phase: "Any Disasters you brought into play ... are moved". Kagato,
    brought by seat 0, Charms seat 0's lone Hero: it leaves in seat 1's Maintenance (the
    next Turn), moves in seat 0's as ever, and in seat 1's next Maintenance stays where it
    is: the leaving is one move, not a Disaster moved in every player's Turn from then on
    (maintenance.move ends it)."""
    sc = Scene(CHARM_CARDS, seats=2)
    for x in range(8, -1, -1):  # the path: (8,0) (7,0) ... (0,0)
        sc.location((x, 0), under=["idol"] if x % 2 else [])
    sc.char("hero", (8, 0))
    kagato = sc.disaster("kagato", (8, 0))  # Movement 2
    sc.combat_pile(0, "wow", "blank")
    sc.turn(MOVE)
    sc.do(Fight(kagato))
    assert sc.st.combat is None and sc.unit(kagato).pos == (8, 0)
    sc.until(EQUIP, seat=1)
    assert sc.unit(kagato).pos == (6, 0)   # it leaves, in seat 1's Maintenance
    sc.until(EQUIP, seat=0)
    assert sc.unit(kagato).pos == (4, 0)   # its bringer's Maintenance
    sc.until(EQUIP, seat=1)
    assert sc.unit(kagato).pos == (4, 0)   # not seat 1's again
    sc.until(EQUIP, seat=0)
    assert sc.unit(kagato).pos == (2, 0)


# Horde with the guidelines' In Play --------------------------------------------------------
def test_horde_a_horde_in_a_haven_gives_no_bonus_guidelines_in_play():
    """Horde: "every other like card in play is +1 Attack & Defense"; guidelines, In
    Play: "Cards on Havens do not affect the Field and are not in Play." The Horde Kid
    (Horde, Mutant) standing in seat 0's Haven gives the Mutant Kid (0 / 2) on the Field
    nothing; once it steps out onto the Field, the Mutant Kid is 1 / 3. (The Horde's own
    side of the sentence: a like card in a Haven getting nothing is
    examples::test_horde_gives_nothing_to_a_card_in_a_haven_guidelines_in_play.)"""
    sc = Scene(HORDE_CARDS)
    sc.location((0, 0))
    sc.haven((1, 0))
    kid = sc.char("mutant-kid", (0, 0))
    horde = sc.char("horde-kid", (1, 0))
    assert attack_defense(sc, kid) == (0, 2)
    sc.st.move_unit(sc.unit(horde), (0, 0))
    assert attack_defense(sc, kid) == (1, 3)


# Basic Terms, Steal --------------------------------------------------------------------------
def test_basic_terms_steal_the_getaway_is_1_full_movement_no_farther():
    """Basic Terms, Steal: "The thief may take the card and get 1 full movement before
    anyone can attack"; Basic Terms, Movement: "A Character may move up to its Movement
    ability". The Thief (Movement 2) steals the Ogre's Ring at (0, 0) of a column of five
    Locations: she may get away to (0, 1) or (0, 2), or stay, and not to (0, 3): one full
    movement is her Movement, not one Location more."""
    sc = Scene(THIEF)
    for y in range(5):
        sc.location((0, y))
    thief = sc.char("thief", (0, 0))
    sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0), items=["ring"])
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(Fight(ogre), UseCard(thief, 0, ogre))
    moves = {a.cell for a in sc.legal() if isinstance(a, Move)}
    assert moves == {(0, 1), (0, 2)} and Proceed() in sc.legal()
    sc.refused(Move((thief,), (0, 3)))


def test_basic_terms_steal_a_getaway_off_a_location_under_attack_starts_it_over():
    """Basic Terms, Steal (the getaway) with Rules for Locations: "If you attack another
    target or leave the Location you must start over." The Cutpurse (Attack 9, the
    Pickpocket's text), seat 0's only Character at Hot Legs (Defense 8, requires
    Seduction), attacks it (8 to 7, as in the rulebook's example); next Turn she steals
    seat 1's Hero's Ring there and gets away to (1, 0). She left the Location: when she
    comes back and attacks again, its Health is 8, not 7."""
    sc = Scene(PICKPOCKET + """\
- {id: hot-legs, name: Hot Legs, type: location, requires: {skills: {Seduction: 1}},
   abilities: {defense: 8}}
- id: cutpurse
  name: Cutpurse
  type: character
  gender: female
  abilities: {attack: 9, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
""", seats=2)
    sc.location((0, 0), "hot-legs", under=["ring"])
    sc.location((1, 0))
    sc.location((5, 5), under=["ring"] * 3)  # no majority by one stolen Ring (R14)
    thief = sc.char("cutpurse", (0, 0))
    mark = sc.char("hero", (0, 0), seat=1, items=["ring"])
    sc.turn(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert (hit["health_before"], hit["health_after"]) == (8, 7)
    sc.until(MOVE)
    sc.do(UseCard(thief, 0, mark), Move((thief,), (1, 0)))
    assert sc.unit(thief).pos == (1, 0) and len(sc.unit(thief).items) == 1
    sc.until(MOVE)
    sc.do(Move((thief,), (0, 0)))
    sc.until(SCAVENGE)
    hit, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
    assert hit["health_before"] == 8, "she left Hot Legs: the attack starts over"


def test_basic_terms_steal_a_lone_thief_that_gets_away_leaves_the_combat_ended():
    """Basic Terms, Steal: "The thief may take the card and get 1 full movement before
    anyone can attack." The Thief fights the Ogre alone, steals its Ring and gets away to
    (0, 2): nobody of her group is left in the Combat, so it is over (the Ogre stays at
    (0, 0), without its Ring), and her Move phase goes on."""
    sc = Scene(THIEF)
    for y in range(3):
        sc.location((0, y))
    sc.location((5, 5), under=["ring"] * 3)
    thief = sc.char("thief", (0, 0))
    ogre = sc.disaster("ogre", (0, 0), items=["ring"])
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(Fight(ogre), UseCard(thief, 0, ogre), Move((thief,), (0, 2)))
    assert sc.unit(thief).pos == (0, 2) and len(sc.unit(thief).items) == 1
    assert sc.st.combat is None and not sc.st.pending[1:]
    assert sc.unit(ogre).pos == (0, 0) and sc.unit(ogre).items == []
    assert (sc.st.turn_seat, sc.st.phase) == (0, MOVE)


# Rules for Transforming Characters -----------------------------------------------------------
def test_rules_for_transforming_characters_not_while_a_challenge_waits_on_the_other_seat():
    """Rules for Transforming Characters: "You may transform a Character ... during the
    Movement phase by sacrificing that Character's move"; Move Phase: "Move your
    Characters" (the phasing player's, in its own Turn). In a Challenge of seat 0's Move
    phase, while the declarations wait on seat 1, seat 0's Ume is not transformed: seat 1
    may not transform another player's Character, and seat 0 is not the one deciding.
    (The other way round, seat 1's own transformer never transforms in seat 0's Turn:
    transform_s32::test_rules_for_transforming_characters_only_the_phasing_players_in_a_challenge.)"""
    sc, ume, plum, _ = transformer_scene(seats=2, disaster=None)
    foe = sc.char("pal", (0, 0), seat=1)
    sc.do(Challenge(1, (0, 0)), Engage(ume, "attack", foe))
    assert sc.st.duel.to_act == 1
    assert Transform(ume) not in sc.legal()
    sc.refused(Transform(ume))
    sc.do(Engage(foe, "attack", ume))
    assert sc.st.duel.to_act == 0 and Transform(ume) in sc.legal()


def test_basic_terms_steal_a_getaway_onto_a_combat_disaster_is_attacked_for_the_item():
    """Basic Terms, Steal: "If, after stealing an Item, you move to a Location where there
    is a Combat Disaster, the Disaster will try to take the Item from you as in normal
    play" (Rules for Disasters; R23). Seat 0's Pickpocket steals seat 1's Hero's Ring at
    (0, 0) and gets away to (0, 2), where the Ogre stands: the Ogre attacks her, the one
    carrying an Item, in a Combat of seat 0's Move phase."""
    sc = Scene(PICKPOCKET, seats=2)
    for y in range(3):
        sc.location((0, y))
    sc.location((5, 5), under=["ring"] * 3)
    thief = sc.char("pickpocket", (0, 0))
    mark = sc.char("hero", (0, 0), seat=1, items=["ring"])
    ogre = sc.disaster("ogre", (0, 2), seat=1)
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(UseCard(thief, 0, mark), Move((thief,), (0, 2)))
    c = sc.st.combat
    assert c is not None and c.disaster == ogre and c.target == thief
    assert sc.unit(thief).pos == (0, 2) and len(sc.unit(thief).items) == 1
