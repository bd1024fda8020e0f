"""Three rules questions the thirty-second stop left open, and an audit (s33r).

1. A thief's getaway (Basic Terms, Steal) is movement of its Turn: "Moving from 1
   Location to another, which takes 1 point of Movement. A Character may move up to its
   Movement ability each Turn" (Basic Terms, Movement), and the Steal entry calls the
   getaway "a move" ("it won't get a move after stealing from a Disaster").
2. R116 (a new form whose Health its Damage uses up is Bonked) in a Combat lower in the
   stack than the one the Transform is made from.
3. Charm Combat Between Players with three seats' Characters at one cell.
4. The audit of Basic Terms, Health (with the Health sentences of Combat and Physical
   Combat), the section docs/rules-coverage.md pinned with a single scene.
"""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import (BreakCharm, Challenge, CharmAttack, Declare, Engage, Fight, Move,
                                 Order, Proceed, RunAway, RunTo, Transform, UseCard)
from game.engine.abilities import health, total
from game.engine.events import Bonked, CharmContest, CombatHit, DisasterDefeated, ItemTransferred, Killed
from game.engine.options import Options
from game.engine.state import MOVE
from game.engine.view import view

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- id: mina
  name: Mina
  type: character
  gender: female
  other_form: kit
  abilities: {attack: 2, defense: 3, movement: 3, charm: 7, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
- {id: kit, name: Kit, type: character, gender: female, other_form: mina,
   abilities: {attack: 2, defense: 4, movement: 3, charm: 1, energy: 2}}
- {id: idol, name: Idol, type: item}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
- {id: gnat, name: Gnat, type: disaster, class: minor,
   abilities: {attack: 0, defense: 1, movement: 1}}
- {id: wasp, name: Wasp, type: disaster, class: minor,
   abilities: {attack: 4, defense: 1, movement: 1}}
- {id: ume, name: Ume, type: character, gender: female, other_form: plum,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 2}}
- {id: plum, name: Plum, type: character, gender: female, other_form: ume,
   abilities: {attack: 4, defense: 4, movement: 3, charm: 5, energy: 3}}
- {id: pal, name: Pal, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: star, name: Star, type: character, gender: female,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 9, energy: 1}}
- {id: siren, name: Siren, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1, charm: 6}}
"""


def thief_scene(cells: int = 5):
    """Seat 0's Mina (Movement 3; her other form Kit kept aside) by seat 1's Hero, who
    holds an Idol, at the top of a column of Locations, in seat 0's Move phase."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    for y in range(cells):
        sc.location((0, y))
    mina = sc.char("mina", (0, 0))
    sc.st.seats[0].forms = [sc.card("kit")]
    mark = sc.char("hero", (0, 0), seat=1, items=["idol"])
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 8)
    sc.turn(MOVE)
    return sc, mina, mark


# 1. Basic Terms, Steal: the getaway is the thief's movement of the Turn ---------------------

def test_basic_terms_movement_the_getaways_steps_are_movement_of_the_turn():
    """Basic Terms, Movement: "A Character may move up to its Movement ability each Turn";
    Steal: "get 1 full movement". Mina (Movement 3) steals before she moves and gets away
    1 Location: 2 Locations of her Movement are left, not 3 (nor a second full one)."""
    sc, mina, mark = thief_scene()
    sc.do(UseCard(mina, 0, mark), Move((mina,), (0, 1)))
    assert sc.unit(mina).pos == (0, 1) and sc.st.top.kind == "phase"
    assert Move((mina,), (0, 3)) in sc.legal() and Move((mina,), (0, 4)) not in sc.legal()
    sc.refused(Move((mina,), (0, 4)), "Movement left")
    sc.do(Move((mina,), (0, 3)))
    assert sc.unit(mina).pos == (0, 3)


def test_basic_terms_steal_a_full_getaway_leaves_no_move():
    """Basic Terms, Steal: her "1 full movement" taken, Mina has moved her Movement this
    Turn: no Move is left to her in the Move phase."""
    sc, mina, mark = thief_scene()
    sc.do(UseCard(mina, 0, mark), Move((mina,), (0, 3)))
    assert not any(isinstance(a, Move) and a.chars == (mina,) for a in sc.legal())
    sc.refused(Move((mina,), (0, 4)), "Movement left")


def test_basic_terms_steal_the_getaway_is_full_after_the_move_was_spent_R120():
    """Basic Terms, Steal: "The thief may take the card and get 1 full movement"; R120:
    a thief whose Movement is spent still gets away its full Movement."""
    sc, mina, mark = thief_scene()
    sc.unit(mina).moved = 3
    sc.do(UseCard(mina, 0, mark))
    assert Move((mina,), (0, 3)) in sc.legal() and Proceed() in sc.legal()


def test_rules_for_transforming_characters_a_thief_that_got_away_has_no_move_R114():
    """Rules for Transforming Characters: "by sacrificing that Character's move"; R114:
    a Character that moved this Turn has no move left to sacrifice. Mina's getaway is a
    move (Basic Terms, Steal: "it won't get a move after stealing"): she gets away onto
    the Ogre's Location with the Idol, and in the Combat it begins she cannot
    transform, there or after it."""
    sc, mina, mark = thief_scene()
    ogre = sc.disaster("ogre", (0, 1))
    sc.do(UseCard(mina, 0, mark), Move((mina,), (0, 1)))
    assert sc.st.combat is not None and sc.st.combat.disaster == ogre
    assert Transform(mina) not in sc.legal()
    sc.refused(Transform(mina), "no move left")


def test_rules_for_transforming_characters_a_thief_that_stayed_keeps_her_move():
    """Basic Terms, Steal: the thief "may" get its movement; Mina stays (`proceed`), has
    not moved, and may still transform by sacrificing her move."""
    sc, mina, mark = thief_scene()
    sc.do(UseCard(mina, 0, mark), Proceed())
    assert sc.unit(mina).pos == (0, 0) and Transform(mina) in sc.legal()


# 2. R116 in a Combat lower in the stack ------------------------------------------------------

def stacked_scene(lower: str, pal: bool = False, upper: str = "gnat"):
    """Seat 0's Mina and Plum (3 Damage taken; Ume, whose base Health is 3, kept aside)
    stand, not moved, at (0, 0) by seat 1's Hero, who holds an Idol: `lower` is the Combat
    fought there, a Challenge of the Hero ("duel") or a Fight with an Ogre, with seat 0's Pal
    too and an Item for Plum, the Ogre's target ("combat"). Mina steals the Idol from the Hero and gets away onto the Gnat's
    Location, where it attacks her, carrying an Item (R23): a Combat on top of the first.
    `pal`: seat 0's Pal stands at (0, 0) too; `upper`: the Disaster at (0, 1)."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    for y in range(3):
        sc.location((0, y))
    mina = sc.char("mina", (0, 0))
    plum = sc.char("plum", (0, 0))
    sc.st.seats[0].forms = [sc.card("ume")]
    sc.unit(plum).damage = 3
    hero = sc.char("hero", (0, 0), seat=1, items=["idol"])
    gnat = sc.disaster(upper, (0, 1))
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 12)
    sc.turn(MOVE)
    if lower == "duel":
        if pal:
            sc.char("pal", (0, 0))
        sc.do(Challenge(1, (0, 0)))
    else:
        sc.unit(plum).items = [sc.card("idol")]
        sc.char("pal", (0, 0))
        sc.do(Fight(sc.disaster("ogre", (0, 0))))
    sc.do(UseCard(mina, 0, hero), Move((mina,), (0, 1)))
    assert [d.kind for d in sc.st.pending] == ["phase", lower, "combat"]
    assert sc.st.combat.disaster == gnat
    return sc, mina, plum, hero


def test_rules_for_transforming_characters_bonked_in_a_combat_between_players_below_R116():
    """R116 with Combat Between Players: Plum, in the Combat with seat 1's Hero that waits
    below the Gnat's, transforms (she has her move) into Ume, whose Health her 3 Damage
    uses up: Bonked at once, and the Combat below goes on without her: once the Gnat is
    Defeated, seat 0 declares for Pal, and nobody may attack or protect Ume."""
    sc, mina, plum, hero = stacked_scene("duel", pal=True)
    ume = sc.st.seats[0].forms[0]
    pal = next(u.card for u in sc.st.chars_at(0, (0, 0)) if u.card != plum)
    ev = sc.do(Transform(plum))
    assert [e["card"] for e in of(ev, Bonked)] == [ume] and ume not in sc.st.units
    sc.do(Declare(mina, "attack"))  # Attack 2 on the Gnat's Defense 1: Defeated
    assert sc.st.top.kind == "duel" and sc.st.top.chooser(sc.st) == 0
    legal = sc.legal()
    assert Engage(pal, "attack", hero) in legal
    assert not any(isinstance(a, Engage) and ume in (a.char, a.target) for a in legal)
    sc.do(Engage(pal, "none"))
    assert Engage(hero, "attack", pal) in sc.legal()


def test_combat_between_players_ends_when_a_bonk_by_transforming_empties_a_side_R116():
    """Combat Between Players: "Combat continues until: 1. All Characters on one side are
    Bonked or Killed." Mina got away and Plum, as Ume, is Bonked (R116) from the Gnat's
    Combat on top: seat 0 has nobody left in the Combat below, which is over when the
    Gnat's has ended; the Move phase goes on."""
    sc, mina, plum, hero = stacked_scene("duel")
    sc.do(Transform(plum))
    sc.do(Declare(mina, "attack"))
    assert [d.kind for d in sc.st.pending] == ["phase"] and sc.st.duel is None
    assert Move((mina,), (0, 2)) in sc.legal()


def test_combat_a_combat_between_players_over_below_another_restores_no_health_in_it():
    """Combat: "Damage to Health is accrued during Physical Combat. The Health of any
    Characters or Disasters that are still alive at the end of Combat is immediately
    restored to full." The Wasp (Attack 4) does Mina (Defense 3) 1 Damage in the first
    round of its Combat, on top of the Combat with the Hero that she got away from;
    Plum's Bonk (R116) leaves seat 0 nobody in the Combat below. Mina's Damage is the
    Wasp's Combat's: it stays while that Combat goes on, and the Combat below is over
    once the Wasp's has ended, when it is back on top."""
    sc, mina, plum, hero = stacked_scene("duel", upper="wasp")
    sc.do(Declare(mina, "none"))
    assert sc.unit(mina).damage == 1
    sc.do(Transform(plum))
    assert sc.unit(mina).damage == 1
    assert [d.kind for d in sc.st.pending] == ["phase", "duel", "combat"]
    sc.do(Declare(mina, "attack"))  # Attack 2 on the Wasp's Defense 1: Defeated
    assert [d.kind for d in sc.st.pending] == ["phase"] and sc.unit(mina).damage == 0


def test_rules_for_transforming_characters_bonked_in_a_combat_with_a_disaster_below_R116():
    """R116 with a Combat with a Disaster: Plum, the Ogre's target in the Combat below the
    Gnat's, transforms into Ume and is Bonked; once the Gnat is Defeated the Ogre's Combat
    goes on with those of the group still there: Pal is its target and declares."""
    sc, mina, plum, hero = stacked_scene("combat")
    below = sc.st.pending[1]
    assert below.target == plum  # she carries an Item (Combat with Disasters)
    ume = sc.st.seats[0].forms[0]
    pal = next(u.card for u in sc.st.chars_at(0, (0, 0)) if u.card != plum)
    ev = sc.do(Transform(plum))
    assert [e["card"] for e in of(ev, Bonked)] == [ume]
    sc.do(Declare(mina, "attack"))
    assert sc.st.top is below and below.target == pal and below.to_declare == [pal]
    assert Declare(pal, "attack") in sc.legal()


def test_charm_combat_with_disasters_a_charmed_character_bonked_below_gets_no_break_R116():
    """Charm Combat with Disasters: "Any Character not Charmed by the Disaster can attempt a
    Charm break of another Character" (R31). The Siren (Charm 6) Charms Plum (5) and
    loses to Mina (7) and Star (9); while the breaks wait, Mina steals the Hero's Idol and
    gets away onto the Gnat. Plum, transformed from the Gnat's Combat, is Bonked as Ume
    (R116): back in the Siren's Combat, no break is offered on her, and the Combat goes
    on to its physical rounds with Star."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=True))
    for y in range(3):
        sc.location((0, y))
    mina = sc.char("mina", (0, 0))
    plum = sc.char("plum", (0, 0))
    star = sc.char("star", (0, 0))
    sc.st.seats[0].forms = [ume := sc.card("ume")]
    sc.unit(plum).damage = 3
    hero = sc.char("hero", (0, 0), seat=1, items=["idol"])
    siren = sc.disaster("siren", (0, 0))
    sc.disaster("gnat", (0, 1))
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(Fight(siren))
    below = sc.st.combat
    assert set(below.charmed) == {plum} and set(below.resisted) == {mina, star}
    sc.do(UseCard(mina, 0, hero), Move((mina,), (0, 1)))
    ev = sc.do(Transform(plum))
    assert [e["card"] for e in of(ev, Bonked)] == [ume]
    sc.do(Declare(mina, "attack"))
    assert sc.st.top is below
    assert not any(isinstance(a, BreakCharm) for a in sc.legal())
    sc.do(Proceed())
    assert below.stage == "declare" and below.to_declare == [star]


# 3. Charm Combat Between Players, three seats at one cell -------------------------------------

THREE = """\
- {id: ace, name: Ace, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 6, energy: 1}}
- {id: dot, name: Dot, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 1}}
- {id: bea, name: Bea, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 1}}
- {id: eve, name: Eve, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 5, energy: 1}}
- {id: cy, name: Cy, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 9, energy: 1}}
- {id: idol, name: Idol, type: item}
"""


def test_charm_combat_between_players_with_three_seats_at_one_cell_R33_R34():
    """Charm Combat Between Players with seats 0, 1 and 2 at one Location: seat 0
    initiates Combat on seat 1's Characters (R33 a), so the two players take turns, seat 0
    first ("starting with the player that initiated Combat"), and seat 2's Cy, Charm 9, is
    nobody's target and selects nothing. Dot (2) Charm-attacks Eve (5): "If the defender
    has a total Charm twice that of the attacker, the attacker is Charmed". Seat 1 passes;
    Ace (6) Charms Bea (3); Eve's break on Bea (5 against 3, short of twice the margin 3)
    fails. Each player draws for its own Character. The orders come the initiator's
    first (R34): Ace has Bea hand over her Idol, seen by seats 0 and 1 (it was seat 1's
    own to see, as a robbed Character's player sees what it lost), the count by all;
    Eve bars Dot from attacking. In the rounds only seats 0 and 1 declare, on each other;
    a second Combat at the cell this Turn is not offered (R33 a)."""
    sc = Scene(THREE, seats=3, options=Options(charm_combat=True))
    sc.location((0, 0))
    sc.location((0, 1))
    ace, dot = sc.char("ace", (0, 0)), sc.char("dot", (0, 0))
    bea = sc.char("bea", (0, 0), seat=1, items=["idol"])
    eve = sc.char("eve", (0, 0), seat=1)
    cy = sc.char("cy", (0, 0), seat=2, items=["idol"])
    piles = [sc.combat_pile(s, *["blank"] * 6) for s in range(3)]
    idol = sc.unit(bea).items[0]
    sc.turn(MOVE)
    assert {Challenge(1, (0, 0)), Challenge(2, (0, 0))} <= set(sc.legal())
    sc.do(Challenge(1, (0, 0)))
    duel = sc.st.duel
    assert duel.fighters == [ace, dot, bea, eve] and duel.chooser(sc.st) == 0
    assert set(sc.legal()) == {CharmAttack(a, t) for a in (ace, dot) for t in (bea, eve)} | {Proceed()}
    ev = sc.do(CharmAttack(dot, eve))
    (c,) = of(ev, CharmContest)
    assert c["result"] == "charmed_attacker" and c["cards"] == [piles[0][0], piles[1][0]]
    assert duel.charmed == {dot: (eve, 3)} and duel.chooser(sc.st) == 1
    assert not any(cy in (getattr(a, "char", None), getattr(a, "target", None))
                   for a in sc.legal())
    sc.do(Proceed())
    sc.do(CharmAttack(ace, bea))
    assert duel.charmed == {dot: (eve, 3), bea: (ace, 3)} and duel.chooser(sc.st) == 1
    assert BreakCharm(eve, bea) in sc.legal()
    ev = sc.do(BreakCharm(eve, bea))
    assert of(ev, CharmContest)[0]["result"] == "held"
    assert duel.stage == "order" and duel.chooser(sc.st) == 0
    assert {a.order for a in sc.legal()} >= {"hand-over", "no-attack"}
    ev = sc.do(Order(ace, bea, "hand-over"))
    moved = [e for e in ev if isinstance(e, ItemTransferred)]
    assert [e.for_seat(s).card for e in moved for s in range(3)] == [idol, idol, None]
    for s in range(3):
        shown = {u.card: u for u in view(sc.st, s).units}
        assert shown[ace].item_count == 1 and shown[bea].item_count == 0
        assert (shown[ace].items is not None) == (s == 0) and shown[cy].item_count == 1
        assert [d.kind for d in view(sc.st, s).pending] == ["phase", "duel"]
    assert duel.chooser(sc.st) == 1 and Order(eve, dot, "no-attack") in sc.legal()
    sc.do(Order(eve, dot, "no-attack"))
    assert duel.stage == "declare" and duel.chooser(sc.st) == 0
    assert not any(isinstance(a, Engage) and a.role == "attack" and a.char == dot
                   for a in sc.legal())
    sc.do(Engage(ace, "attack", bea))
    assert duel.chooser(sc.st) == 1  # one Character at a time, in turn (R33 b)
    assert {a.target for a in sc.legal() if isinstance(a, Engage) and a.role == "attack"} \
        == {ace, dot}
    sc.do(Engage(bea, "attack", ace))
    assert Engage(dot, "protect", ace) in sc.legal()
    sc.do(Engage(dot, "none"), Engage(eve, "none"))
    assert duel.round == 2 and sc.unit(cy).damage == 0
    assert sc.st.seats[2].combat == piles[2][::-1]  # seat 2 drew nothing
    # Seat 1 Runs Away; seat 0's Move phase goes on, with no second Combat at the cell.
    sc.do(Engage(ace, "none"), RunAway(), Engage(dot, "none"), RunTo((0, 1)))
    assert sc.st.duel is None and sc.st.top.kind == "phase" and sc.st.turn_seat == 0
    assert Challenge(2, (0, 0)) not in sc.legal()
    sc.refused(Challenge(2, (0, 0)))


# 4. Basic Terms, Health, sentence by sentence ------------------------------------------------

HEALTH = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: pal, name: Pal, type: character, gender: male,
   abilities: {attack: 4, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: shield, name: Shield, type: enhancement, bonuses: {defense: "+3"}}
- {id: idol, name: Idol, type: item}
- {id: crusher, name: Crusher, type: disaster, class: major,
   abilities: {attack: 12, defense: 30, movement: 1}}
- {id: basher, name: Basher, type: disaster, class: major,
   abilities: {attack: 11, defense: 30, movement: 1}}
- {id: swarmer, name: Swarmer, type: disaster, class: minor, categories: [Horde, Bug],
   abilities: {attack: 0, defense: 3, movement: 1}}
"""


def health_scene():
    sc = Scene(HEALTH, options=Options(charm_combat=False))
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    return sc


def test_basic_terms_health_a_characters_is_its_base_defense_a_bonus_aside():
    """Basic Terms, Health: "The base Health of Characters and Disasters is equal to their
    base Defense ability. Bonuses to Defense do not affect Health"; Kill: "When a
    Character's Health is reduced to the negative of their base Health". The Hero's Shield
    (+3) makes his Defense 6 against the Crusher's 12: 6 Damage takes his Health of 3 (not
    6) to -3, the negative of his base Health: Killed. The Basher's 11 does 5: -2, Bonked."""
    for foe, damage, after, fate in (("crusher", 6, -3, Killed), ("basher", 5, -2, Bonked)):
        sc = health_scene()
        h = sc.char("hero", (0, 0), enhancements=["shield"])
        assert total(sc.st, sc.unit(h), "defense") == 6 and health(sc.st, sc.unit(h)) == 3
        ev = sc.do(Fight(sc.disaster(foe, (0, 0))), Declare(h, "none"))
        hit = of(ev, CombatHit)[0]
        assert (hit["defense"], hit["damage"], hit["health_before"], hit["health_after"]) == \
            (6, damage, 3, after)
        assert [e["card"] for e in of(ev, fate)] == [h]


def test_basic_terms_health_a_disasters_is_its_base_defense_a_horde_bonus_aside():
    """Basic Terms, Health, for a Disaster: Horde, "every other like card in play is +1
    Attack & Defense". A Swarmer (Defense 3) with another in play defends at 4; the Hero
    and Pal attack it for 7: 3 Damage takes its Health of 3 (not 4) to 0: Defeated
    (Basic Terms, Defeat: "Health is reduced to 0 or below")."""
    sc = health_scene()
    h, pal = sc.char("hero", (0, 0)), sc.char("pal", (0, 0))
    swarmer = sc.disaster("swarmer", (0, 0))
    sc.disaster("swarmer", (1, 0))
    assert total(sc.st, sc.unit(swarmer), "defense") == 4
    ev = sc.do(Fight(swarmer), Declare(h, "attack"), Declare(pal, "attack"))
    hit = next(e for e in of(ev, CombatHit) if e["target"] == swarmer)
    assert (hit["attack"], hit["defense"], hit["damage"], hit["health_before"],
            hit["health_after"]) == (7, 4, 3, 3, 0)
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [swarmer]
