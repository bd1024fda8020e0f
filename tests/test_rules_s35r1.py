"""An outside examiner's scenes (s35r1) for the 1998 guidelines, one by one: each
clarification played in a scene the earlier tests do not build (another card type, three
seats, a Location turned Haven, a Flash Effect answering a Flash Effect, an empty pile...).
The rulebook outranks a guideline (R1); a scene pins what the books say together."""
from __future__ import annotations

import pytest
from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (BuildHaven, Declare, Drop, EndPhase, Fight, Move, Pass, PickUp,
                                 PlayCard, RunAway, RunTo, Scavenge, StopScavenging, Transfer,
                                 UseCard)
from game.engine.events import CombatHit, Damaged, GameOver, Killed
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

SMASH = """\
- id: smash
  name: Smash
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any},
       do: [{destroy_item: random, to: target}]}
"""

GLOOM = """\
- {id: gloom, name: Gloom, type: disaster, class: minor, defeat: {females: 1},
   endure: {modifiers: {attack: "-2"}, turns: 2}}
- {id: guard, name: Guard, type: enhancement, bonuses: {defense: "+2"}}
- {id: brute, name: Brute, type: combat, physical: {own: {attack: "+3"}}, charm: {}}
"""

AUDIT = """\
- id: audit
  name: Audit
  type: disaster
  class: minor
  defeat: {skills: {Bureaucracy: 1}}
  endure: {modifiers: {attack: "-1", defense: "-1"}, turns: 1}
  effects: [{"on": revealed, do: [{discard: 1, to: group}]}]
- {id: clerk, name: Clerk, type: character, gender: male,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 1},
   skills: {Bureaucracy: 1}}
"""

TWO_FORMS = """\
- {id: ume, name: Ume, type: character, gender: female, other_form: plum,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 2}}
- {id: plum, name: Plum, type: character, gender: female, other_form: ume,
   abilities: {attack: 4, defense: 4, movement: 3, charm: 5, energy: 3}}
"""


def column(sc: Scene, n: int = 3, x: int = 0, under=("idol",)) -> None:
    """`n` Locations down column `x`, each with `under` (an Idol keeps the game going)."""
    for y in range(n):
        sc.location((x, y), under=list(under))


def no_action(sc: Scene, char: int) -> None:
    sc.st.add_lasting(Lasting(char, char, 0, flags=("no_action",), until="turn"))


# 1. Combat --------------------------------------------------------------------------------

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
    sc.st.add_lasting(Lasting(hero, hero, 1, flags=("no_action",), until="turn"))
    sc.do(EndPhase())
    assert sc.st.combat is not None and sc.st.current_seat() == 0
    assert RunAway() in sc.legal()
    assert not [a for a in sc.legal() if isinstance(a, Declare) and a.role != "none"]
    ev = sc.do(RunAway())
    assert [(h["target"], h["final"]) for h in of(ev, CombatHit)] == [(hero, True)]
    sc.do(RunTo((0, 2)))
    assert sc.unit(hero).pos == (0, 2) and sc.st.combat is None


def test_guideline_1_2_a_held_defender_runs_away_from_a_combat_between_players():
    """Guideline 1.2: "Unless explicitly stated otherwise, characters can always Run Away
    from Combat": a Hold keeps a Character from leaving its Location and says nothing of
    Combat. Seat 1's Hero, Held, is challenged by seat 0's Hero, who declares his attack:
    seat 1 may Run Away, takes the final attack, and moves 1 Location."""
    from game.engine.actions import Challenge, Engage
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 1))
    rival = sc.char("hero", (0, 1), seat=1)
    sc.st.add_lasting(Lasting(rival, rival, 1, flags=("hold",), until="turn"))
    sc.combat_pile(1, *["blank"] * 3)
    sc.turn(MOVE)
    sc.refused(Move((rival,), (0, 2)))  # not its Turn, and Held besides
    sc.do(Challenge(1, (0, 1)), Engage(hero, "attack", rival))
    assert sc.st.current_seat() == 1 and RunAway() in sc.legal()
    ev = sc.do(RunAway())
    assert [h["target"] for h in of(ev, CombatHit)] == [rival]
    sc.do(RunTo((0, 2)))
    assert sc.unit(rival).pos == (0, 2) and sc.unit(hero).pos == (0, 1)


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


def test_guideline_1_3_a_defense_requirement_counts_equipment_once_put_to_use():
    """Guideline 1.3 ("Defense" is Total Defense) with 2.7 ("Use ... Equipment during
    any phase") and Rules for Equipment (it works while put to use): the Bastion asks
    for Defense 5. The Hero (3) carrying the Shield (+2) does not meet it until, in the
    Scavenge phase itself, he puts the Shield to use: 5, and he Scavenges."""
    from game.engine.actions import UseEquipment
    sc = Scene(CARDS + """\
- {id: bastion, name: Bastion, type: location, requires: {abilities: {defense: 5}}}
""")
    sc.location((0, 0), "bastion", under=["idol"])
    sc.location((0, 1), under=["idol"])
    hero = sc.char("hero", (0, 0), equipment=["shield"])
    shield, = sc.unit(hero).equipment
    sc.turn(SCAVENGE)
    assert total(sc.st, sc.unit(hero), "defense") == 3
    sc.refused(Scavenge((0, 0)), "requirements")
    assert UseEquipment(shield, hero) in sc.legal()
    sc.do(UseEquipment(shield, hero))
    assert total(sc.st, sc.unit(hero), "defense") == 5
    sc.do(Scavenge((0, 0)))
    assert sc.st.scavenging is not None


def test_guideline_1_4_read_with_the_rulebook_an_empty_combat_pile_draws_nothing():
    """Guideline 1.4 ("draw a Combat card for every Attacking Character/Disaster")
    gives way to the rulebook's "a Combat card for the Disaster, and a card for each
    Character being attacked" (R1, R11); "If you run out of Combat cards, shuffle the
    Combat Discard pile" (R7). With both piles empty, no card is drawn and the round is
    fought on the totals alone: the Ogre's 5 against the Hero's 3."""
    from game.engine.events import CombatCard
    sc = Scene(CARDS, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["gem"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(Fight(ogre), Declare(hero, "attack"))
    assert not of(ev, CombatCard)
    hits = {h["target"]: (h["attack"], h["defense"], h["damage"]) for h in of(ev, CombatHit)}
    assert hits == {ogre: (3, 30, 0), hero: (5, 3, 2)}


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


def test_guideline_1_5_an_attack_below_0_does_no_damage_and_heals_nothing():
    """Guideline 1.5: "Total Attack ... cannot be less than 0" (R10: Damage is never below
    0). The Ogre's 5 takes the Hero to Health 1 in round 1; in round 2 it draws Fumble
    (-9 Attack): its Attack is 0, the Damage 0, and the Hero's Health stays 1, not 7."""
    sc = Scene(CARDS + """\
- {id: fumble, name: Fumble, type: combat, physical: {own: {attack: "-9"}}, charm: {}}
""", options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["gem"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, "blank", "blank", "fumble", "blank")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    ev = sc.do(Declare(hero, "attack"))
    assert [h["health_after"] for h in of(ev, CombatHit) if h["target"] == hero] == [1]
    ev = sc.do(Declare(hero, "attack"))
    on_hero, = [h for h in of(ev, CombatHit) if h["target"] == hero]
    assert (on_hero["attack"], on_hero["damage"], on_hero["health_after"]) == (0, 0, 1)



# 2. Characters / Disasters ----------------------------------------------------------------

def test_guideline_2_2_an_endured_disaster_of_one_seat_counts_the_affected_players_turns():
    """Guideline 2.2: "When a non-Combat Disaster without Movement completes the action
    (including Turn counters) described in its Text Box, it is Discarded" (R29: its
    Turns are the affected player's). Three seats; seat 0 draws the Gloom (-2 Attack for
    2 Turns) in its Reload phase and it falls on seat 1's Hero, the only group on the
    Field: seat 2's and seat 0's Turns count nothing; it is gone, Defeated with its
    Duration over (Basic Terms, Defeat), in seat 0's pile, once seat 1's second Turn
    ends."""
    from game.engine.events import DisasterDefeated
    sc = Scene(CARDS + GLOOM, seats=3)
    column(sc)
    hero = sc.char("hero", (0, 1), seat=1)
    gloom, = sc.draw_pile(0, "gloom")
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert [o.card for o in sc.st.off_field] == [gloom]
    for seat in (1, 2, 0, 1):  # seat 1's Turn is the first, seat 1's next the second
        sc.until(EQUIP, seat=seat)
        assert total(sc.st, sc.unit(hero), "attack") == 1, seat
    ev = sc.until(EQUIP, seat=2)
    assert total(sc.st, sc.unit(hero), "attack") == 3
    assert sc.st.off_field == [] and gloom in sc.st.seats[0].discard
    assert [(e.card, e.why) for e in ev if isinstance(e, DisasterDefeated)] == [
        (gloom, "its Duration is over")]


@pytest.mark.parametrize("clerk", [False, True])
def test_guideline_2_2_a_non_combat_disaster_of_one_seat_acts_on_another_seats_group(clerk):
    """Guideline 2.2: a non-Combat Disaster without Movement does what its Text Box says
    and is then Discarded; Rules for Disasters: with no group of the drawing player, it
    "will affect the first group along the Disaster movement path belonging to any
    player". Three seats; seat 0 (no Character on the Field) draws the Audit ("the
    group's player discards a card at random, and -1 Attack and Defense for 1 Turn"):
    seat 1's group, first on the path, endures it, and seat 1 discards, not seat 0 nor
    seat 2. With a Clerk (Bureaucracy) in the group it is Defeated at once: nobody
    discards, nothing is endured."""
    from game.engine.events import DisasterDefeated
    sc = Scene(CARDS + AUDIT, seats=3)
    column(sc)
    hero = sc.char("hero", (0, 0), seat=1)
    if clerk:
        sc.char("clerk", (0, 0), seat=1)
    sc.char("hero", (0, 2), seat=2)
    audit, idol = sc.draw_pile(0, "audit", "idol")
    sc.hand(1, "sting", "wrath")
    sc.hand(2, "sting", "wrath")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    hands = [len(s.hand) for s in sc.st.seats]
    if clerk:
        assert [e["card"] for e in of(ev, DisasterDefeated)] == [audit]
        assert hands[1:] == [2, 2] and total(sc.st, sc.unit(hero), "attack") == 3
        assert audit in sc.st.seats[0].discard and sc.st.off_field == []
    else:
        assert hands[1:] == [1, 2] and len(sc.st.seats[1].discard) == 1
        assert sc.st.seats[0].discard == [] and sc.st.seats[2].discard == []
        assert [o.card for o in sc.st.off_field] == [audit]
        assert (total(sc.st, sc.unit(hero), "attack"),
                total(sc.st, sc.unit(hero), "defense")) == (2, 2)
    # R8: the Reload stops once it has entered play; seat 0 discarded nothing
    assert sc.st.seats[0].hand == [] and sc.st.seats[0].draw == [idol]


def test_guideline_2_2_a_non_combat_disasters_discard_on_an_empty_hand_still_completes():
    """Guideline 2.2: "When a non-Combat Disaster without Movement completes the action
    (including Turn counters) described in its Text Box, it is Discarded." Seat 1's
    hand is empty when the Audit falls on its group: there is nothing to discard, the
    -1 Attack and Defense still lasts its Turn (seat 1's), and then it is Discarded."""
    sc = Scene(CARDS + AUDIT, seats=2)
    column(sc)
    hero = sc.char("hero", (0, 0), seat=1)
    audit, = sc.draw_pile(0, "audit")
    sc.hand(1)
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert [o.card for o in sc.st.off_field] == [audit] and sc.st.seats[1].discard == []
    assert total(sc.st, sc.unit(hero), "attack") == 2
    sc.until(EQUIP, seat=1)
    assert total(sc.st, sc.unit(hero), "attack") == 2
    sc.until(EQUIP, seat=0)
    assert total(sc.st, sc.unit(hero), "attack") == 3
    assert sc.st.off_field == [] and audit in sc.st.seats[0].discard


def test_guideline_2_3_an_endured_disaster_whose_group_is_gone_is_defeated():
    """Guideline 2.3: "A Disaster that has been Discarded is considered Defeated": the
    Omen (endured, -2 Attack for 2 Turns, "when Defeated, its player draws 1") lies on
    the Hero's group; seat 1 Blasts the Hero out of play (Bonked): the Omen, affecting
    nobody, is Discarded, and its "when Defeated" text runs: seat 0 draws a card."""
    from game.engine.state import OffField
    sc = Scene(CARDS + """\
- id: omen
  name: Omen
  type: disaster
  class: minor
  defeat: {females: 3}
  endure: {modifiers: {attack: "-2"}, turns: 2}
  effects: [{"on": defeated, do: [{draw: 1, to: player}]}]
- id: blast
  name: Blast
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{damage: 3, to: target}]}
""", seats=2)
    column(sc)
    hero = sc.char("hero", (0, 0))
    sc.char("hero", (0, 2), seat=1)
    omen = sc.card("omen")
    sc.st.off_field.append(OffField(omen, 0, (hero,)))
    assert total(sc.st, sc.unit(hero), "attack") == 1
    card, = sc.draw_pile(0, "idol")
    blast, = sc.hand(1, "blast")
    sc.turn(MOVE, seat=1)
    sc.do(PlayCard(blast, hero), Pass())
    assert hero not in sc.st.units
    assert sc.st.off_field == [] and omen in sc.st.seats[0].discard
    assert card in sc.st.seats[0].hand


def test_guideline_2_4_a_flash_effect_with_a_cost_and_a_drawback_is_never_forced_on_a_rival():
    """Guideline 2.4: "An Opposing Character cannot be forced to use a card with
    drawbacks" (with 6: costs "only apply to the card's beneficiary"). Frenzy (1 Energy,
    +2 Attack, -2 Defense) may go on seat 0's own Hero, who pays for it; seat 1's Hero is
    offered to no one as its user and is refused: he would pay and suffer for seat 0."""
    sc = Scene(CARDS + """\
- id: frenzy
  name: Frenzy
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, cost: {energy: 1},
       do: [{modify: {attack: "+2", defense: "-2"}, to: target, for: turn}]}
""", seats=2)
    column(sc)
    hero = sc.char("hero", (0, 0))
    rival = sc.char("hero", (0, 0), seat=1)
    frenzy, = sc.hand(0, "frenzy")
    sc.turn(MOVE)
    plays = [a for a in sc.legal() if isinstance(a, PlayCard)]
    assert plays == [PlayCard(frenzy, hero)]
    sc.refused(PlayCard(frenzy, rival))
    sc.do(PlayCard(frenzy, hero), Pass())
    assert (total(sc.st, sc.unit(hero), "attack"), total(sc.st, sc.unit(hero), "defense"),
            total(sc.st, sc.unit(hero), "energy")) == (5, 1, 1)
    assert total(sc.st, sc.unit(rival), "defense") == 3


def test_guideline_2_4_a_charmer_may_stop_a_costly_card_never_make_it_used():
    """Guideline 2.4: "An Opposing Character cannot be forced to use a card with
    drawbacks": seat 0's Hero Charms seat 1's Hero, who carries the Gamble (1 Energy:
    +3 Attack, -3 Defense) and a Shield. The orders offered may hand an Item over or
    keep him from attacking, protecting, moving, using his Equipment or his cards; none
    makes him use one."""
    from game.engine.actions import Challenge, CharmAttack, Order
    sc = Scene(CARDS + """\
- id: gamble
  name: Gamble
  type: item
  effects:
    - {"on": use, cost: {energy: 1},
       do: [{modify: {attack: "+3", defense: "-3"}, to: holder, for: turn}]}
- {id: wow, name: Wow, type: combat, physical: {}, charm: {own: {charm: "+9"}}}
""", seats=2)
    column(sc)
    hero = sc.char("hero", (0, 0))
    rival = sc.char("hero", (0, 0), seat=1, items=["gamble"], equipment=["shield"])
    sc.combat_pile(0, "wow")
    sc.combat_pile(1, "blank")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)), CharmAttack(hero, rival))
    assert sc.st.duel.stage == "order" and sc.st.current_seat() == 0
    assert sorted(a.order for a in sc.legal() if isinstance(a, Order)) == sorted(
        ["hand-over", "no-attack", "no-protect", "no-move", "no-equipment", "no-cards"])


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


@pytest.mark.parametrize("phase", [DISCARD, EQUIP, MOVE, SCAVENGE])
def test_guideline_2_7_an_item_is_used_in_any_phase(phase):
    """Guideline 2.7: "Characters are free to ... Use ... accessible Items / Equipment
    during any phase": the Tonic (+1 Attack this Turn, once per Turn) is used in each
    phase of its holder's Turn."""
    sc = Scene(CARDS + """\
- id: tonic
  name: Tonic
  type: item
  effects: [{"on": use, uses: {count: 1, per: turn}, do: [{modify: {attack: "+1"}, for: turn}]}]
""")
    column(sc)
    hero = sc.char("hero", (0, 0), items=["tonic"])
    tonic = sc.unit(hero).items[0]
    sc.turn(phase)
    assert UseCard(tonic) in sc.legal()
    sc.do(UseCard(tonic))
    assert total(sc.st, sc.unit(hero), "attack") == 4


def test_guideline_2_7_a_character_that_transformed_still_moves_items():
    """Guideline 2.7: "Characters are free to Pick-up / Drop / Use / Transfer accessible
    Items / Equipment during any phase"; Rules for Transforming Characters: one that
    transformed "cannot be moved that Turn" (its move sacrificed), which stops no Item.
    Ume turns into Plum in her Haven, then Plum picks up the stored Gem and Shield, puts
    the Shield to use, and hands the Gem to the Hero; she may not move."""
    from game.engine.actions import Transform, UseEquipment
    sc = Scene(CARDS + TWO_FORMS)
    column(sc)
    haven = sc.haven((1, 0), stored=["gem", "shield"])
    gem, shield = haven.under
    ume = sc.char("ume", (1, 0))
    hero = sc.char("hero", (1, 0))
    plum = sc.card("plum")
    sc.st.seats[0].forms = [plum]
    sc.turn(MOVE)
    sc.do(Transform(ume))
    assert plum in sc.st.units
    sc.refused(Move((plum,), (0, 0)))
    sc.do(PickUp(gem, plum), PickUp(shield, plum), UseEquipment(shield, plum),
          Transfer(gem, plum, hero))
    assert total(sc.st, sc.unit(plum), "defense") == 6 and sc.unit(hero).items == [gem]


def test_guideline_2_8_a_disasters_item_strikes_nothing_in_its_combat_rounds():
    """Guideline 2.8: "Disasters don't Use Items' Special Abilities": the Spur ("each
    Combat round, its holder +3 Attack") gives the Hero holding it 3 + 3 against the
    Sitter; carried by the Sitter, it gives its 5 nothing."""
    spur = """\
- id: spur
  name: Spur
  type: item
  effects: [{"on": combat_round, do: [{modify: {attack: "+3"}, to: holder, for: combat}]}]
"""
    sc = Scene(CARDS + spur, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["spur"])
    sitter = sc.disaster("sitter", (0, 0), items=["spur"])
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(sitter))
    ev = sc.do(Declare(hero, "attack"))
    hits = {h["target"]: h["attack"] for h in of(ev, CombatHit)}
    assert hits == {sitter: 6, hero: 5}


def test_guideline_2_8_an_items_printed_bonus_does_nothing_for_a_disaster():
    """Guideline 2.8: "Disasters don't Use Items' Special Abilities", printed bonuses as
    much as text: the Power Stone (+2 Attack, +2 Defense) makes the Hero 5 / 5; the
    Sitter carrying one stays 5 / 30, in its totals as in the blow it strikes."""
    sc = Scene(CARDS + """\
- {id: stone, name: Power Stone, type: item, bonuses: {attack: "+2", defense: "+2"}}
""", options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["stone"])
    sitter = sc.disaster("sitter", (0, 0), items=["stone"])
    assert [total(sc.st, sc.unit(hero), a) for a in ("attack", "defense")] == [5, 5]
    assert [total(sc.st, sc.unit(sitter), a) for a in ("attack", "defense")] == [5, 30]
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(sitter))
    ev = sc.do(Declare(hero, "attack"))
    hits = {h["target"]: (h["attack"], h["defense"]) for h in of(ev, CombatHit)}
    assert hits == {sitter: (5, 30), hero: (5, 5)}


def test_guideline_2_9_scavenging_once_in_each_players_turn_three_seats():
    """Guideline 2.9: "A Character may only Start Scavenging once per Controlling
    player's Turn" (the rulebook: "You may only initiate Scavenging once per Turn").
    Three seats share the Lode. Seat 0 Scavenges it, takes one Item and stops: it may
    not begin again this Turn, there or at the next Location; seat 1, in its own Turn,
    Scavenges the Lode with its own group, and seat 0 may again in its next Turn."""
    from game.engine.actions import Retrieve
    sc = Scene(CARDS, seats=3)
    sc.location((0, 0), under=["idol", "gem", "gem"])
    sc.location((0, 1), under=["idol"])
    hero = sc.char("hero", (0, 0))
    sc.char("hero", (0, 1))
    rival = sc.char("hero", (0, 0), seat=1)
    sc.char("hero", (0, 1), seat=2)
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)), Retrieve(hero), StopScavenging())
    sc.refused(Scavenge((0, 0)), "once per Turn")
    sc.refused(Scavenge((0, 1)), "once per Turn")
    sc.until(SCAVENGE, seat=1)
    sc.do(Scavenge((0, 0)), Retrieve(rival), StopScavenging())
    assert len(sc.unit(rival).items) == 1
    sc.until(SCAVENGE, seat=0)
    assert Scavenge((0, 0)) in sc.legal()


def test_guideline_2_11_a_disaster_allied_with_your_group_is_not_fought_by_it():
    """Guideline 2.11: "Characters under your Control cannot Attack each other";
    Allying with Characters: the Disaster counts "as though it were one of your
    Characters". Once the Sitter allies with seat 0's group, seat 0 may not begin a
    Combat with it; seat 1, in its Turn at the same Location, challenges seat 0's side and
    attacks the Sitter on it, which seat 0's Hero may not attack."""
    from game.engine.actions import Challenge, Engage
    sc = Scene(CARDS + """\
- {id: sweet-talk, name: Sweet Talk, type: flash_effect,
   effects: [{"on": play, do: [{ally: group, to: disasters_here}]}]}
""", seats=2, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0))
    rival = sc.char("hero", (0, 0), seat=1)
    sitter = sc.disaster("sitter", (0, 0))
    talk, = sc.hand(0, "sweet-talk")
    sc.turn(MOVE)
    assert Fight(sitter) in sc.legal()
    sc.do(PlayCard(talk, hero), Pass())
    assert sc.unit(sitter).ally_seat == 0
    assert Fight(sitter) not in sc.legal()
    sc.refused(Fight(sitter))
    sc.turn(MOVE, seat=1)
    assert Challenge(0, (0, 0)) in sc.legal()
    sc.do(Challenge(0, (0, 0)))
    sc.do(Engage(rival, "attack", sitter))
    assert sc.st.current_seat() == 0 and Engage(hero, "attack", rival) in sc.legal()
    sc.refused(Engage(hero, "attack", sitter))  # nor does its own side attack it


# 3. Timing --------------------------------------------------------------------------------

def test_guideline_3_1_in_the_equip_phase_a_flash_window_takes_only_what_is_as_fast():
    """Guideline 3.1: "If it isn't a Global Effect, isn't a Haven's ability, or doesn't say
    it's a Flash Effect, it isn't as fast"; 3.3: Consecutively Acting Commands take place
    in sequence. In seat 0's Equip phase, seat 0 Stings seat 1's Hero and seat 1 answers
    with Wrath. Seat 0, answering in turn in its Haven, may play its own Wrath or pass:
    not play its Enhancement, nor pick up, transfer, put Equipment to use or drop."""
    from game.engine.actions import UseEquipment
    sc = Scene(CARDS, seats=2)
    column(sc)
    sc.haven((1, 0), stored=["gem"])
    gem = sc.st.places[(1, 0)].under[0]
    hero = sc.char("hero", (1, 0), equipment=["shield"])
    swimmer = sc.char("swimmer", (1, 0), items=["idol"])
    shield, idol = sc.unit(hero).equipment[0], sc.unit(swimmer).items[0]
    rival = sc.char("hero", (0, 0), seat=1)
    sting, boost, mine = sc.hand(0, "sting", "boost", "wrath")
    theirs, = sc.hand(1, "wrath")
    sc.turn(EQUIP)
    assert PlayCard(boost, hero) in sc.legal()  # before the window, it may
    sc.do(PlayCard(sting, rival), PlayCard(theirs, sting))
    assert sc.st.current_seat() == 0
    # its Wrath on either Flash Effect waiting (its own Sting too: "owner: any")
    assert set(sc.legal()) == {PlayCard(mine, theirs), PlayCard(mine, sting), Pass()}
    for a in (PlayCard(boost, hero), PickUp(gem, hero), Transfer(idol, swimmer, hero),
              UseEquipment(shield, hero), Drop(idol, swimmer)):
        sc.refused(a)
    ev = sc.do(Pass())
    assert not of(ev, Damaged) and not sc.st.flash_stack
    assert sting in sc.st.seats[0].discard and theirs in sc.st.seats[1].discard
    assert PlayCard(boost, hero) in sc.legal()  # the window closed, the Equip phase goes on


def test_guideline_3_1_three_seats_a_wrath_on_a_wrath_lets_the_first_effect_land():
    """Guideline 3.1: "Flash Effects work in last-in, first-out order. (E.g. you can use a
    Wrath of the Eye of God to Discard your opponent's Wrath of the Eye of God before it
    takes effect.)" Three seats: seat 0 Stings seat 1's Hero; seat 1 passes; seat 2
    Wraths the Sting; seat 0 Wraths seat 2's Wrath. Seat 0's Wrath resolves first, seat
    2's is Discarded before it takes effect, and the Sting lands; each card goes to its
    owner's pile (guideline 5)."""
    from game.engine.events import Cancelled
    sc = Scene(CARDS, seats=3)
    column(sc)
    sc.char("hero", (0, 0))
    rival = sc.char("hero", (0, 1), seat=1)
    sc.char("hero", (0, 2), seat=2)
    sting, mine = sc.hand(0, "sting", "wrath")
    theirs, = sc.hand(2, "wrath")
    sc.turn(MOVE)
    sc.do(PlayCard(sting, rival))
    assert sc.st.current_seat() == 1
    sc.do(Pass())
    assert sc.st.current_seat() == 2
    sc.do(PlayCard(theirs, sting))
    assert sc.st.current_seat() == 0
    ev = sc.do(PlayCard(mine, theirs))
    while sc.st.flash_stack:
        ev += sc.do(Pass())
    assert [e["card"] for e in of(ev, Cancelled)] == [theirs]
    assert [(e["unit"], e["damage"]) for e in of(ev, Damaged)] == [(rival, 2)]
    assert sorted(sc.st.seats[0].discard) == sorted([sting, mine])
    assert sc.st.seats[2].discard == [theirs] and sc.st.seats[1].discard == []
    assert sc.st.current_seat() == 0 and sc.st.phase == MOVE


def test_guideline_3_2_the_hero_defeats_the_disaster_that_bonks_him():
    """Guideline 3.2: "Combat actions (i.e. Attack, Protect, Run Away) occur
    simultaneously": the Hero's 3 Attack Defeats the Imp (Health 1) in the round the
    Imp's 5 Bonks him (Exposed: Defense 0). Both land; the Gem he held ends under the
    Location, held by nobody (a Defeated Disaster drops what it holds)."""
    sc = Scene(CARDS + """\
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 5, defense: 1, movement: 1}}
""", options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["gem"])
    gem = sc.unit(hero).items[0]
    imp = sc.disaster("imp", (0, 0))
    sc.combat_pile(0, "blank", "exposed")
    sc.turn(MOVE)
    sc.do(Fight(imp))
    ev = sc.do(Declare(hero, "attack"))
    assert {h["target"]: h["result"] for h in of(ev, CombatHit)} == {imp: "defeated",
                                                                     hero: "bonked"}
    assert imp not in sc.st.units and hero not in sc.st.units
    assert gem in sc.st.places[(0, 0)].under



# 4. Items, and the guidelines after them --------------------------------------------------

def test_guideline_4_2_three_seats_see_how_many_items_each_character_has_not_which():
    """Guideline 4.2: "A player must reveal which Characters have how many Items, but not
    the specific Items." Three seats; seat 0's Hero Scavenges two Items and hands one to
    the Swimmer: seats 1 and 2 see each of them holding 1, and the events they get name
    the Characters, never the cards; seat 0 sees both."""
    from game.engine.actions import Retrieve
    from game.engine.events import ItemTaken, ItemTransferred
    from game.engine.view import view
    sc = Scene(CARDS, seats=3)
    sc.location((0, 0), under=["idol", "gem"])
    column(sc, n=2, x=1)
    hero = sc.char("hero", (0, 0))
    swimmer = sc.char("swimmer", (0, 0))
    for s in (1, 2):
        sc.char("hero", (1, s - 1), seat=s)
    idol, gem = sc.st.places[(0, 0)].under
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((0, 0)), Retrieve(hero), Retrieve(hero), Transfer(gem, hero, swimmer))
    moves = [e for e in ev if isinstance(e, (ItemTaken, ItemTransferred))]
    assert len(moves) == 3
    for seat in (1, 2):
        v = {u.card: u for u in view(sc.st, seat).units}
        assert (v[hero].item_count, v[hero].items) == (1, None)
        assert (v[swimmer].item_count, v[swimmer].items) == (1, None)
        assert all(e.for_seat(seat).card is None for e in moves)
    v = {u.card: u for u in view(sc.st, 0).units}
    assert v[hero].items == (idol,) and v[swimmer].items == (gem,)
    assert [e.for_seat(0).card for e in moves] == [idol, gem, gem]


def test_guideline_4_3_destroyed_items_are_the_disasters_and_win_them_the_game():
    """Guideline 4.3: "Disasters Control Discarded / Destroyed Items"; 4.1: "The game
    ends if ... the Disasters as a whole Controls a majority of Items ... at the beginning
    of the Discard phase". Three Items: seat 1's Hero holds two, one lies under a
    Location. Seat 0 Smashes both of them (Destroyed): the Disasters Control 2 of 3,
    and at seat 1's Discard phase they win."""
    from game.engine.tally import item_counts
    sc = Scene(CARDS + SMASH, seats=2)
    column(sc, n=1)
    sc.location((0, 1))
    sc.char("hero", (0, 1))
    rival = sc.char("hero", (0, 0), seat=1, items=["gem", "gem"])
    gems = list(sc.unit(rival).items)
    s1, s2 = sc.hand(0, "smash", "smash")
    sc.turn(MOVE)
    sc.do(PlayCard(s1, rival), Pass(), PlayCard(s2, rival), Pass())
    assert sc.unit(rival).items == [] and sorted(sc.st.destroyed) == sorted(gems)
    assert item_counts(sc.st) == {"0": 0, "1": 0, "disasters": 2, "field": 1}
    ev = sc.do(EndPhase())  # seat 0's Scavenge phase; then seat 1's Discard phase
    assert not of(ev, GameOver)
    ev = sc.do(EndPhase())
    over, = of(ev, GameOver)
    assert over["disasters_win"] and list(over["winners"]) == []


def test_guideline_4_7_all_characters_are_those_at_the_location_of_every_seat():
    """Guideline 4.7: "'All X...' refers to all X at a Location or all of a Player's X":
    three seats; seat 0's Hero uses the Gong ("all Characters here -1 Attack"): his own
    Swimmer and seat 1's and seat 2's Heroes at his Location lose 1, and so does he; seat
    1's Hero elsewhere does not. The Banner ("all your Characters +1 Defense") reaches
    each of seat 0's Characters, the one in its Haven too, and nobody else's."""
    sc = Scene(CARDS + """\
- id: gong
  name: Gong
  type: item
  effects: [{"on": use, do: [{modify: {attack: "-1"}, to: here, for: turn}]}]
- id: banner
  name: Banner
  type: item
  effects: [{"on": use, do: [{modify: {defense: "+1"}, to: yours, for: turn}]}]
""", seats=3)
    column(sc)
    sc.haven((1, 0))
    hero = sc.char("hero", (0, 0), items=["gong", "banner"])
    gong, banner = sc.unit(hero).items
    swimmer = sc.char("swimmer", (0, 0))
    resting = sc.char("hero", (1, 0))
    here = [sc.char("hero", (0, 0), seat=s) for s in (1, 2)]
    away = sc.char("hero", (0, 2), seat=1)
    sc.turn(MOVE)
    sc.do(UseCard(gong), UseCard(banner))

    def stat(ability):
        return {c: total(sc.st, sc.unit(c), ability)
                for c in (hero, swimmer, resting, *here, away)}
    assert stat("attack") == {hero: 2, swimmer: 1, resting: 3, here[0]: 2, here[1]: 2,
                              away: 3}
    assert stat("defense") == {hero: 4, swimmer: 4, resting: 4, here[0]: 3, here[1]: 3,
                               away: 3}


def test_guideline_4_7_all_opponents_here_are_both_other_seats_and_the_disaster():
    """Guideline 4.7 ("all X at a Location") with the glossary's Opponent ("Outside of
    Combat the Opponent is also any Opposing Character / Disaster"): three seats; the
    Roar ("all opponents here -1 Attack") reaches seats 1's and 2's Heroes and the
    Sitter at its holder's Location, not his Swimmer nor seat 1's Hero elsewhere."""
    sc = Scene(CARDS + """\
- id: roar
  name: Roar
  type: item
  effects: [{"on": use, do: [{modify: {attack: "-1"}, to: opponents_here, for: turn}]}]
""", seats=3)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["roar"])
    roar, = sc.unit(hero).items
    pal = sc.char("swimmer", (0, 0))
    here = [sc.char("hero", (0, 0), seat=s) for s in (1, 2)]
    away = sc.char("hero", (0, 2), seat=1)
    sitter = sc.disaster("sitter", (0, 0))
    sc.turn(MOVE)
    sc.do(UseCard(roar))
    assert {c: total(sc.st, sc.unit(c), "attack") for c in (hero, pal, *here, away, sitter)} \
        == {hero: 3, pal: 2, here[0]: 2, here[1]: 2, away: 3, sitter: 4}


def test_guideline_4_9_a_global_effect_adds_1_to_a_skill_its_holder_has():
    """Guideline 4.9: "a card that adds a Skill to one without said Skill can also give
    +1 to the existing Skill": a Global Effect giving all of seat 0's Characters Swimming
    gives the Hero Swimming 1 and the Swimmer 2, enough for the Deep (Swimming 2) alone."""
    from game.engine.abilities import skill_count
    from game.engine.state import OffField
    sc = Scene(CARDS + """\
- id: tide
  name: Tide
  type: global_effect
  effects: [{"on": static, do: [{skill: {Swimming: 1}, to: yours}]}]
- {id: deep, name: Deep, type: location, requires: {skills: {Swimming: 2}}}
""")
    sc.location((0, 0), "deep", under=["idol"])
    column(sc, n=2, x=1)
    hero = sc.char("hero", (1, 0))
    swimmer = sc.char("swimmer", (0, 0))
    sc.turn(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.st.off_field.append(OffField(sc.card("tide"), 0))
    assert skill_count(sc.st, [sc.unit(hero)], "Swimming") == 1
    assert skill_count(sc.st, [sc.unit(swimmer)], "Swimming") == 2
    sc.do(Scavenge((0, 0)))
    assert sc.st.scavenging is not None


def test_guideline_4_11_a_flash_effect_aimed_at_the_wrong_kind_of_card_is_not_used():
    """Guideline 4.11: "If a player attempts to improperly use a card ... the card is not
    Discarded or Used": Sting (a Character's Damage) aimed at a Disaster, at a Location's
    card or at nothing, and Wrath with no Flash Effect to Cancel, are refused; both stay
    in the hand, nothing is Discarded, and Sting is then played on a Character."""
    sc = Scene(CARDS, seats=2)
    column(sc)
    sc.char("hero", (0, 1))
    rival = sc.char("hero", (0, 0), seat=1)
    sitter = sc.disaster("sitter", (0, 2))
    sting, wrath = sc.hand(0, "sting", "wrath")
    sc.turn(MOVE)
    sc.refused(PlayCard(sting, sitter))
    sc.refused(PlayCard(sting, sc.st.places[(0, 0)].card))
    sc.refused(PlayCard(sting))
    sc.refused(PlayCard(wrath, rival))
    sc.refused(PlayCard(wrath))
    assert sc.st.seats[0].hand == [sting, wrath] and sc.st.seats[0].discard == []
    ev = sc.do(PlayCard(sting, rival), Pass())
    assert [(e["unit"], e["damage"]) for e in of(ev, Damaged)] == [(rival, 2)]
    assert sc.st.seats[0].discard == [sting]


def test_guideline_4_11_an_item_used_on_an_improper_target_is_not_used():
    """Guideline 4.11: an improperly used card "is not Discarded or Used": the Salve
    (once per Turn: +1 Defense to a Character of yours here) aimed at seat 1's Hero, or
    at seat 0's Swimmer at another Location, is refused, and its one use a Turn is still
    there for the Hero beside its holder."""
    sc = Scene(CARDS + """\
- id: salve
  name: Salve
  type: item
  effects:
    - {"on": use, uses: {count: 1, per: turn},
       target: {select: character, owner: you, at: here},
       do: [{modify: {defense: "+1"}, to: target, for: turn}]}
""", seats=2)
    column(sc)
    holder = sc.char("hero", (0, 0), items=["salve"])
    salve, = sc.unit(holder).items
    friend = sc.char("hero", (0, 0))
    far = sc.char("swimmer", (0, 1))
    rival = sc.char("hero", (0, 0), seat=1)
    sc.turn(MOVE)
    sc.refused(UseCard(salve, 0, rival))
    sc.refused(UseCard(salve, 0, far))
    assert UseCard(salve, 0, friend) in sc.legal()
    sc.do(UseCard(salve, 0, friend))
    assert total(sc.st, sc.unit(friend), "defense") == 4
    assert not [a for a in sc.legal() if isinstance(a, UseCard) and a.card == salve]


def test_guideline_4_14_a_havens_store_keeps_no_location_unscavenged():
    """Guidelines 4.14, 4.1: "A Haven ... is not a Location"; the game ends when "all
    Locations have been Scavenged". Nothing is left under either Location; an Idol
    stored in seat 0's Haven is no Location's, and a Haven is not Scavenged: at seat 1's
    Discard phase the game ends. Seats 0 and 1 hold 1 each, the Disasters 2 (Destroyed):
    no majority, no one player ahead of everyone else, the Disasters win."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((0, 1))
    sc.haven((1, 0), stored=["idol"])
    sc.char("hero", (1, 0))
    sc.char("hero", (0, 1), seat=1, items=["gem"])
    sc.st.destroyed += sc.cards(["gem", "gem"], 1)
    sc.turn(SCAVENGE)
    assert not [a for a in sc.legal() if isinstance(a, Scavenge)]
    sc.refused(Scavenge((1, 0)), "not a Location")
    ev = sc.do(EndPhase())
    over, = of(ev, GameOver)
    assert over["reason"] == "all_scavenged" and over["disasters_win"]
    assert over["items"] == {"0": 1, "1": 1, "disasters": 2, "field": 0}


def test_guideline_4_14_a_planetary_location_turned_haven_is_no_planetary_location():
    """Guideline 4.14: "A Haven (not even a Location-turned-Haven) is not a Location";
    Planetary (guidelines): "Characters need Planetary ability to ... Land on Locations
    with Planetary symbols". The Palace (Planetary) refuses the Hero (no symbol); once
    the Swimmer has turned it into seat 0's Haven, the Hero may stop in it, and seat 1's
    Hero passes over it."""
    sc = Scene(CARDS + """\
- {id: palace, name: Palace, type: location, categories: [Planetary],
   becomes_haven: {skills: {Swimming: 1}}}
""", seats=2)
    sc.location((0, 0), under=["idol"])
    sc.location((0, 1), "palace")
    sc.location((0, 2), under=["idol"])
    hero = sc.char("hero", (0, 0))
    rival = sc.char("hero", (0, 2), seat=1)
    sc.char("swimmer", (0, 1))  # let in by the scene, as if she had the symbol
    sc.turn(MOVE)
    sc.refused(Move((hero,), (0, 1)), "Planetary")
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 1)))
    sc.turn(MOVE)
    sc.do(Move((hero,), (0, 1)))
    assert sc.unit(hero).pos == (0, 1)
    sc.turn(MOVE, seat=1)
    sc.do(Move((rival,), (0, 0)))
    assert sc.unit(rival).pos == (0, 0)


def test_guideline_6_the_user_of_an_ability_on_a_rival_pays_its_cost():
    """Guideline 6: "a non-Disaster card's costs only apply to the card's beneficiary":
    the Ghost's own ability (1 Energy: an opposing Character here is Held) is paid out
    of the Ghost's Energy, not the Held rival's, and the rival is Held all the same."""
    sc = Scene(CARDS + """\
- id: ghost
  name: Ghost
  type: character
  gender: male
  abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 1}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here}, cost: {energy: 1},
       do: [{hold: 1, to: target}]}
""", seats=2)
    column(sc)
    ghost = sc.char("ghost", (0, 0))
    rival = sc.char("hero", (0, 0), seat=1)
    sc.turn(MOVE)
    sc.do(UseCard(ghost, 0, rival))
    assert total(sc.st, sc.unit(ghost), "energy") == 0
    assert total(sc.st, sc.unit(rival), "energy") == 2 and sc.unit(rival).spent == 0
    sc.turn(MOVE, seat=1)
    sc.refused(Move((rival,), (0, 1)))  # Held



# The glossary -----------------------------------------------------------------------------

def test_guidelines_health_a_bonus_to_defense_does_not_raise_health():
    """Guidelines, Health: "Base Health equals Base Defense. Bonuses to Defense do not
    increase Health." The Hero (Defense 3) with Guard (+2 Defense) defends with 5 against
    the Sitter's 5 + 3 (Brute): 3 Damage takes his Health 3 to 0, a Bonk; with Health 5
    he would have stood."""
    sc = Scene(CARDS + GLOOM, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["gem"], enhancements=["guard"])
    sitter = sc.disaster("sitter", (0, 0))
    sc.combat_pile(0, "brute", "blank")
    sc.turn(MOVE)
    sc.do(Fight(sitter))
    ev = sc.do(Declare(hero, "attack"))
    on_hero, = [h for h in of(ev, CombatHit) if h["target"] == hero]
    assert (on_hero["attack"], on_hero["defense"], on_hero["damage"]) == (8, 5, 3)
    assert (on_hero["health_before"], on_hero["health_after"]) == (3, 0)
    assert on_hero["result"] == "bonked"


def test_guidelines_group_another_players_character_lends_no_skill():
    """Guidelines, Group: "Characters Controlled by one player at one Location". Seat
    1's Swimmer stands at the Lagoon (Swimming 1) with seat 0's Hero: she is not of his
    group, and he may not Scavenge it; in seat 1's Turn her own group may."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), "lagoon", under=["idol"])
    column(sc, n=2, x=1)
    sc.char("hero", (0, 0))
    sc.char("swimmer", (0, 0), seat=1)
    sc.turn(SCAVENGE)
    assert not [a for a in sc.legal() if isinstance(a, Scavenge)]
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.until(SCAVENGE, seat=1)
    assert Scavenge((0, 0)) in sc.legal()


def test_guidelines_health_a_disasters_health_is_full_again_after_the_combat():
    """Guidelines, Health: "Health is immediately restored to full after Combat", the
    Disaster's too. The Hero's 3 takes the Brick (Defense and Health 2) to Health 1; he
    Runs Away: once that Combat is over the Brick has its full 2 again, and the Hero's
    next 3 against it in seat 0's next Turn leaves it at 1, not Defeated."""
    sc = Scene(CARDS + """\
- {id: brick, name: Brick, type: disaster, class: major,
   abilities: {attack: 1, defense: 2, movement: 0}}
""", seats=2, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 0), items=["gem"])
    sc.char("hero", (0, 2), seat=1)
    brick = sc.disaster("brick", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(Fight(brick))
    ev = sc.do(Declare(hero, "attack"))
    on_brick, = [h for h in of(ev, CombatHit) if h["target"] == brick]
    assert on_brick["health_after"] == 1
    sc.do(RunAway(), RunTo((0, 1)))
    assert sc.st.combat is None and sc.unit(brick).damage == 0
    sc.until(MOVE, seat=0)
    sc.do(Move((hero,), (0, 0)))  # with his Gem, the Brick attacks him (R23)
    assert sc.st.combat is not None and sc.st.combat.disaster == brick
    ev = sc.do(Declare(hero, "attack"))
    on_brick, = [h for h in of(ev, CombatHit) if h["target"] == brick]
    assert (on_brick["health_before"], on_brick["health_after"]) == (2, 1)
