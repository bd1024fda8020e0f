"""An audit of 29 Nov 2026, late (rulebook, fifth edition; guidelines of 1998): compound
scenes, where two rules of Combat meet. Combats, Power Cards, the Rules for Flash and
Global Effects, Disasters, Ally Disasters and Allying with Characters, Major and Minor
Disasters, Combat cards, Charm Combat, Physical Combat, Protecting, Combat with
(Multiple) Disasters, Combat Between Players and Winning the Game, each met with
another. Each test names the sections it joins."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (Challenge, CharmAttack, Declare, EndPhase, Engage, Fight, Move,
                                 Pass, PlayCard, Proceed, RunAway, RunTo, Transfer, UseCard)
from game.engine.events import (Bonked, CombatBegan, CombatCard, CombatEnded, CombatHit,
                                DisasterDefeated, GameOver, ItemStolen, Killed, PhaseBegan)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: squire, name: Squire, type: character, gender: male,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 0, energy: 2}}
- {id: star, name: Star, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 5, energy: 2}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: wall, name: Wall, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
- {id: dummy, name: Dummy, type: disaster, class: minor,
   abilities: {attack: 0, defense: 3, movement: 1}}
- {id: pal, name: Pal, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 9, defense: 30, movement: 1}}
- {id: siren, name: Siren, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1, charm: 4}}
- {id: nymph, name: Nymph, type: disaster, class: minor,
   abilities: {attack: 1, defense: 30, movement: 1, charm: 3}}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- {id: coin, name: Coin, type: item}
- id: sting
  name: Sting
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{damage: 3, to: target}]}
- id: zap
  name: Zap
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{modify: {attack: "+1"}, to: target, for: turn}]}
- id: negate
  name: Negate
  type: flash_effect
  effects:
    - {"on": play, target: {select: flash, owner: any}, do: [{cancel: true, to: target}]}
- id: shoo
  name: Shoo
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{flee: true, to: disasters_here}]}
- {id: grace, name: Grace, type: enhancement, bonuses: {charm: "+3"}}
- {id: bulwark, name: Bulwark, type: enhancement, bonuses: {defense: "6"}}
- {id: mighty, name: Mighty, type: enhancement, bonuses: {attack: "+4"}}
- id: freeze
  name: Freeze
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{no_action: 1, to: target}]}
- id: pin
  name: Pin
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{hold: 1, to: target}]}
- id: surge
  name: Surge
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you}, cost: {energy: 2},
       do: [{modify: {attack: "+1"}, to: target, for: turn}]}
- {id: guard, name: Guard, type: combat, physical: {own: {defense: "+2"}}, charm: {}}
- id: tonic
  name: Tonic
  type: global_effect
  uses: 2
  effects:
    - {"on": use, if: {in_combat: true}, target: {select: character, owner: you},
       do: [{heal: 1, to: target}]}
- id: gale
  name: Gale
  type: disaster
  class: major
  abilities: {attack: 1, defense: 30, movement: 1}
  effects:
    - {"on": combat_round, uses: {count: 1, per: turn}, do: [{send_home: true, to: here}]}
- {id: push, name: Push, type: combat, physical: {own: {attack: "+2"}}, charm: {}}
"""


def scene(seats: int = 1, charm: bool = False, seed: int = 0) -> Scene:
    """Locations at (0, 0) and (1, 0), each with a face-down Idol, (1, 0) first on the
    Disaster path; a Haven of seat 0 at (0, 1); blank Combat piles; seat 0's Move phase."""
    sc = Scene(CARDS, seats=seats, seed=seed, options=Options() if charm else NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    sc.haven((0, 1))
    for s in range(seats):
        sc.combat_pile(s, *["blank"] * 12)
    sc.turn(MOVE)
    return sc


# Rules for Flash Effects x Protecting x Combat with Multiple Disasters -------------------

def test_flash_effect_answer_bonks_a_declared_protector_in_combat_with_multiple_disasters():
    """Rules for Flash Effects: "Flash Effects work in last-in, first-out order";
    Protecting: "The Defense ability of the protecting Character is added"; Combat with
    Multiple Disasters: "Disasters are fought one at a time". The group carries an Item
    onto a cell of two Disasters: the Ogre, come first, attacks the Hero (the carrier).
    The Squire declares to protect; seat 0 plays Zap on the Hero, seat 1 answers with
    Sting (3 Damage) on the Squire, which resolves first and Bonks it (Health 2). Its
    Defense no longer guards: the Ogre's 5 against the Hero's 3 is 2 Damage, no Guard;
    the Zap resolved after (Attack 4). The Wall still waits its go."""
    sc = scene(seats=2)
    sq = sc.char("squire", (1, 0))
    h = sc.char("hero", (1, 0), items=["gem"])
    ogre = sc.disaster("ogre", (0, 0))
    wall = sc.disaster("wall", (0, 0))
    zap, = sc.hand(0, "zap")
    sting, = sc.hand(1, "sting")
    sc.do(Move((sq, h), (0, 0)))
    c = sc.st.combat
    assert (c.disaster, c.queue, c.target) == (ogre, [wall], h)
    sc.do(Declare(sq, "protect"), PlayCard(zap, h))
    assert sc.st.current_seat() == 1
    ev = sc.do(PlayCard(sting, sq), Pass())
    assert [e["card"] for e in of(ev, Bonked)] == [sq]
    assert total(sc.st, sc.unit(h), "attack") == 4
    assert sc.st.combat.protectors == [] and sc.st.combat.to_declare == [h]
    ev = sc.do(Declare(h, "none"))
    hit = of(ev, CombatHit)[0]
    assert (hit["target"], hit["defense"], hit["damage"]) == (h, 3, 2) and not hit["protectors"]
    assert sc.st.combat.disaster == ogre and sc.st.combat.queue == [wall]


def test_flash_effect_flee_passes_the_combat_to_the_next_disaster_in_line():
    """Rules for Flash Effects (played in a Combat) with Combat with Multiple Disasters:
    "Disasters are fought one at a time" and "Combat continues until: 1. The Disaster
    flees". Shoo makes the Ogre flee: its Combat ends with no final attack, and the Wall,
    next in arrival order, attacks the group carrying the Gem, from round 1."""
    sc = scene()
    h = sc.char("hero", (0, 0), items=["gem"])
    ogre = sc.disaster("ogre", (1, 0))
    wall = sc.disaster("wall", (1, 0))
    shoo, = sc.hand(0, "shoo")
    sc.do(Move((h,), (1, 0)))
    assert (sc.st.combat.disaster, sc.st.combat.queue) == (ogre, [wall])
    ev = sc.do(PlayCard(shoo, h))
    assert not of(ev, CombatHit) and sc.unit(h).damage == 0
    assert [e["disaster"] for e in of(ev, CombatEnded)] == [ogre]
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [wall]
    assert sc.st.combat.disaster == wall and sc.st.combat.round == 1
    assert sc.st.combat.target == h and sc.unit(ogre).pos == (0, 0)


# Protecting x Rules for Disasters ----------------------------------------------------

def test_protecting_carrier_and_protector_both_bonked_the_disaster_carries_one_item():
    """Protecting: "The protecting Character takes half the Damage that gets through the
    combined Defense"; Rules for Disasters: a Disaster that Bonks a Character with an
    Item "drops the Item it was carrying beneath the Location, and takes the Item the
    Character had", and "they can only carry 1 Item at a time"; guideline 2.7 (Items
    transferred "during any phase"). The Brute (9 Attack) attacks the Hero, the only
    carrier (the Gem and the Coin); the Hero then hands the Coin to the Squire, which
    protects it: 9 - (3 + 2) = 4 Damage Bonks the Hero (3 to -1), half, 2, Bonks the
    Squire (2 to 0). The Brute ends with one of the two Items, the other under the
    Location (which one: docs/rules-coverage.md, the audit of 29 Nov 2026)."""
    sc = scene()
    sq = sc.char("squire", (0, 0))
    h = sc.char("hero", (0, 0), items=["gem", "coin"])
    gem, coin = sc.unit(h).items
    brute = sc.disaster("brute", (0, 0))
    sc.do(Fight(brute))
    assert sc.st.combat.target == h
    sc.do(Transfer(coin, h, sq))
    assert sc.st.combat.target == h  # chosen at the round's start
    ev = sc.do(Declare(sq, "protect"), Declare(h, "none"))
    assert [e["card"] for e in of(ev, Bonked)] == [h, sq]
    hit = of(ev, CombatHit)[0]
    assert hit["damage"] == 4 and [g["damage"] for g in hit["protectors"]] == [2]
    assert len(sc.unit(brute).items) == 1
    assert {gem, coin} == set(sc.unit(brute).items) | (
        {gem, coin} & set(sc.st.places[(0, 0)].under))
    assert sc.st.combat is None


def test_enhancement_bonus_counts_in_the_round_its_host_is_killed_and_is_then_discarded():
    """Physical Combat: "Attack and counter-attack happen simultaneously in the same Combat
    round"; Rules for Enhancements: removed "if the host card Killed, Bonked". The Hero
    with Mighty (+4 Attack, 7 in all) and the Brute (9 Attack, Defense 30) hit each other:
    the Hero's 7 counts though the Brute Kills it (9 - 3 = 6, Health 3 to -3, minus its
    base Health), and Mighty goes to seat 0's Discard pile with it."""
    sc = scene()
    h = sc.char("hero", (0, 0), enhancements=["mighty"])
    mighty = sc.unit(h).enhancements[0]
    brute = sc.disaster("brute", (0, 0))
    sc.do(Fight(brute))
    ev = sc.do(Declare(h, "attack"))
    on_brute, on_hero = of(ev, CombatHit)
    assert on_brute["attack"] == 7 and on_hero["result"] == "killed"
    assert mighty in sc.st.seats[0].discard and h in sc.st.seats[0].discard


def test_killed_carrier_of_two_items_the_disaster_takes_one_the_other_stays_at_the_location():
    """Rules for Disasters: the Disaster "takes the Item the Character had", and "can only
    carry 1 Item at a time"; Basic Terms, Kill/Bonk: the Character's Items are dropped
    below the Location. The Brute Kills the Squire carrying the Gem and the Coin: it
    takes one, the other goes under the Location (to be Scavenged), not to the Discard."""
    sc = scene()
    sq = sc.char("squire", (0, 0), items=["gem", "coin"])
    both = set(sc.unit(sq).items)
    brute = sc.disaster("brute", (0, 0))
    sc.do(Fight(brute))
    ev = sc.do(Declare(sq, "none"))
    assert [e["card"] for e in of(ev, Killed)] == [sq]
    taken = sc.unit(brute).items
    assert len(taken) == 1 and set(taken) < both
    assert (both - set(taken)) <= set(sc.st.places[(0, 0)].under)
    assert not both & set(sc.st.seats[0].discard)


# Charm Combat x Enhancements, Protecting ------------------------------------------------

def test_charm_combat_an_enhancements_charm_counts_but_never_makes_a_base_zero_take_part():
    """Charm Combat: "Characters and Disasters with a base Charm at or below 0 do not
    engage in Charm Combat"; Rules for Enhancements (a modifier "modifies that ability").
    The Hero (base Charm 0) with Grace (+3) stays out of the Siren's Charm Combat; the
    Star (5) with Grace is 8 against the Siren's 4 and wins."""
    sc = scene(charm=True)
    h = sc.char("hero", (0, 0), enhancements=["grace"])
    star = sc.char("star", (0, 0), enhancements=["grace"])
    assert total(sc.st, sc.unit(star), "charm") == 8
    siren = sc.disaster("siren", (0, 0))
    sc.do(Fight(siren))
    c = sc.st.combat
    assert c.resisted == [star] and h not in c.charmed and h not in c.resisted


def test_charm_combat_a_charmed_character_may_still_protect_the_disasters_target():
    """Charm Combat with Disasters: "Charmed Characters cannot attack the Disaster until
    the Disaster attacks them"; Protecting: "Each Character in the Combat can either
    attack or protect". Protecting is not attacking. Two Pages (Charm 1) are Charmed by
    the Siren (4); the Star (5) out-charms it, so the Siren may not attack the Star and
    attacks the Page with the Gem. The other Page, Charmed and not attacked, may protect
    it but not attack; the one attacked counter-attacks (R47)."""
    sc = Scene(CARDS + """\
- {id: page, name: Page, type: character, gender: male,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 0}}
""", seats=1, options=Options())
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    carrier = sc.char("page", (0, 0), items=["gem"])
    page = sc.char("page", (0, 0))
    star = sc.char("star", (0, 0))
    sc.do(Fight(sc.disaster("siren", (0, 0))))
    c = sc.st.combat
    assert set(c.charmed) == {carrier, page} and c.resisted == [star]
    sc.do(Proceed())
    assert sc.st.combat.target == carrier
    assert Declare(carrier, "attack") in sc.legal()
    sc.do(Declare(carrier, "attack"))
    legal = sc.legal()
    assert Declare(page, "protect") in legal and Declare(page, "attack") not in legal
    ev = sc.do(Declare(page, "protect"), Declare(star, "none"))
    hit = [e for e in of(ev, CombatHit) if e["target"] == carrier][0]
    assert hit["defense"] == 4 and [g["id"] for g in hit["protectors"]] == [page]


# Combat Between Players x Run Away x Combat with Disasters ----------------------------

def duel_scene(mine=("hero",), theirs=("hero",)):
    """Seat 0's and seat 1's Characters at (0, 0), in seat 0's Move phase."""
    sc = scene(seats=2)
    a = [sc.char(c, (0, 0)) for c in mine]
    b = [sc.char(c, (0, 0), seat=1) for c in theirs]
    return sc, a, b


def test_defender_runs_from_a_player_into_a_disaster_its_fight_comes_in_the_initiators_turn():
    """Combat Between Players: "Combat continues until ... One side Runs Away"; Basic
    Terms, Run Away: "Move any remaining Characters 1 Location"; Rules for Disasters: a
    Combat Disaster attacks Characters with Items where they stop (R23). Seat 1 runs from
    seat 0's Challenge carrying the Gem into (1, 0), where the Ogre is: the Ogre attacks
    it there, seat 1 deciding, in seat 0's Turn; seat 0's Turn goes on after (R33 f)."""
    sc, (a,), (b,) = duel_scene()
    sc.unit(b).items = sc.cards(["gem"], 1)
    ogre = sc.disaster("ogre", (1, 0))
    sc.do(Challenge(1, (0, 0)), Engage(a, "none"), RunAway())
    ev = sc.do(RunTo((1, 0)))
    assert sc.unit(b).pos == (1, 0) and sc.st.duel is None
    c = sc.st.combat
    assert (c.seat, c.disaster, c.target) == (1, ogre, b) and sc.st.current_seat() == 1
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [ogre]
    sc.do(RunAway(), RunTo((0, 0)))
    assert sc.st.combat is None and sc.st.turn_seat == 0 and sc.st.phase == MOVE
    assert sc.st.current_seat() == 0


def test_initiator_runs_from_a_player_into_a_disaster_fights_it_then_its_turn_ends():
    """Combat Between Players, Run Away ("This will end your Turn") with Combat with
    Disasters: seat 0 runs from its own Challenge into the Ogre's cell carrying the Gem;
    the Ogre attacks there first, and when that Combat is over seat 0's Turn ends."""
    sc, (a,), (b,) = duel_scene()
    sc.unit(a).items = sc.cards(["gem"])
    ogre = sc.disaster("ogre", (1, 0))
    sc.do(Challenge(1, (0, 0)), RunAway())
    while sc.st.duel is not None and RunTo((1, 0)) not in sc.legal():
        sc.do(Engage(b, "none"))
    sc.do(RunTo((1, 0)))
    assert sc.st.combat is not None and sc.st.combat.disaster == ogre
    assert sc.st.turn_seat == 0
    assert sc.st.turn_seat == 0
    sc.do(RunAway(), RunTo((0, 0)))  # the final attack: 5 against 3, Health 1
    assert sc.st.combat is None and sc.st.turn_seat == 1


def test_an_allied_disaster_defeated_by_a_player_drops_its_item_under_the_location():
    """Allying with Characters: the ally is "a potential target as though it were one of
    your Characters"; Rules for Disasters: "If a Character Defeats a Disaster with an
    Item, the Item is dropped beneath the Location." Seat 1's Hero Defeats seat 0's
    allied Pal carrying the Coin: the Coin goes under the Location, not to seat 1."""
    sc, (a,), (b,) = duel_scene()
    pal = sc.disaster("pal", (0, 0))
    sc.st.ally_unit(sc.unit(pal), 0)
    coin = sc.card("coin")
    sc.unit(pal).items = [coin]
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "none"), Engage(b, "attack", pal))
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [pal]
    assert coin in sc.st.places[(0, 0)].under and sc.unit(b).items == []
    assert pal in sc.st.seats[0].discard


def test_an_allied_disaster_attacked_by_a_player_draws_from_its_allys_combat_pile():
    """Combat Between Players: "Players use their own Combat cards" and "draw a Combat card
    for each Character that is being attacked"; Allying with Characters: "as though it
    were one of your Characters". Seat 1 attacks seat 0's allied Pal (Defense 1): the card
    drawn for it is seat 0's Guard (+2 Defense), so 3 Attack against 3 does nothing."""
    sc, (a,), (b,) = duel_scene()
    pal = sc.disaster("pal", (0, 0))
    sc.st.ally_unit(sc.unit(pal), 0)
    guard, = sc.combat_pile(0, "guard")
    sc.combat_pile(1, "push")
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "none"), Engage(b, "attack", pal))
    assert of(ev, CombatCard) == [{"fighter": pal, "card": guard}]
    hit = of(ev, CombatHit)[0]
    assert (hit["target"], hit["defense"], hit["damage"]) == (pal, 3, 0)
    assert pal in sc.st.units and guard in sc.st.seats[0].combat_discard


def test_flash_effect_bonks_the_last_character_of_a_side_the_combat_between_players_ends():
    """Rules for Flash Effects (played in Combat) with Combat Between Players: "Combat
    continues until: 1. All Characters on one side are Bonked or Killed." Seat 0 plays
    Sting on seat 1's only Character, the Squire (Health 2), while declaring: it is
    Bonked, the Combat ends with no round fought, and seat 0's Turn goes on."""
    sc, (a,), (sq,) = duel_scene(theirs=("squire",))
    sting, = sc.hand(0, "sting")
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(PlayCard(sting, sq), Pass())
    assert [e["card"] for e in of(ev, Bonked)] == [sq]
    assert sc.st.duel is None and not of(ev, CombatHit)
    assert sc.st.turn_seat == 0 and sc.st.phase == MOVE and sc.st.current_seat() == 0


# Combat (Combat cards, Energy) x Combat with Disasters -----------------------------------

def test_combat_pile_runs_out_between_the_disasters_card_and_its_targets():
    """Combat: "If you run out of Combat cards, shuffle the Combat Discard pile, it is now
    your Draw pile"; Combat with Disasters: "draw a Combat card for the Disaster, and a
    card for each Character being attacked, in that order". Seat 0's Combat pile holds
    only the Push: it goes to the Ogre (+2 Attack), and the Hero's card comes from the
    Discard pile shuffled, the Guard (+2 Defense): 7 against 5, 2 Damage."""
    sc = scene()
    h = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    push, = sc.combat_pile(0, "push")
    guard, = sc.cards(["guard"])
    sc.st.seats[0].combat_discard = [guard]
    sc.do(Fight(ogre))
    ev = sc.do(Declare(h, "none"))
    assert of(ev, CombatCard) == [{"fighter": ogre, "card": push},
                                  {"fighter": h, "card": guard}]
    hit = of(ev, CombatHit)[0]
    assert (hit["attack"], hit["defense"], hit["damage"]) == (7, 5, 2)
    assert sorted(sc.st.seats[0].combat_discard) == sorted([push, guard])


def test_combat_with_no_combat_card_left_anywhere_is_fought_on_printed_abilities():
    """Combat, with the Combat pile and its Discard pile both empty (every card of it
    drawn for a Combat under way elsewhere is not in play here): no card is drawn and the
    round is fought on the totals alone, 5 against 3."""
    sc = scene()
    h = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.st.seats[0].combat = []
    sc.do(Fight(ogre))
    ev = sc.do(Declare(h, "none"))
    assert not of(ev, CombatCard)
    hit = of(ev, CombatHit)[0]
    assert (hit["attack"], hit["defense"], hit["damage"]) == (5, 3, 2)
    assert sc.st.combat is not None and sc.unit(h).damage == 2


def test_energy_spent_on_a_flash_effect_in_combat_comes_back_a_point_a_round():
    """Combat: "During Combat, spent Energy is regained at 1 point per round of Combat. All
    expended Energy is restored at the end of Combat"; Rules for Flash Effects: "the
    Character using the Flash Effect must pay the cost". The Hero (Energy 2) pays 2 for
    Surge in round 1; in round 2 it has 1 back (a second Surge is refused); the Combat's
    end (the Dummy Defeated in round 3) restores the rest though the Turn goes on."""
    sc = scene()
    h = sc.char("hero", (0, 0))
    dummy = sc.disaster("dummy", (0, 0))
    s1, s2 = sc.hand(0, "surge", "surge")
    sc.do(Fight(dummy), PlayCard(s1, h))
    assert sc.unit(h).spent == 2
    sc.do(Declare(h, "attack"))
    assert sc.st.combat.round == 2 and sc.unit(h).spent == 1
    assert PlayCard(s2, h) not in sc.legal()
    ev = sc.do(Declare(h, "attack"), Declare(h, "attack"))  # 4 against 3: 1 a round
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [dummy] and sc.st.combat is None
    assert sc.unit(h).spent == 0 and total(sc.st, sc.unit(h), "attack") == 4


# No Action (guidelines 1.1, 1.2) x Combat with Disasters ---------------------------------

def test_no_action_member_is_still_the_disasters_target_defends_and_may_run():
    """Guideline 1.1: "Characters are always able to defend, even if they are unable to do
    anything"; 1.2: they "can always Run Away"; Combat with Disasters: "the Disaster will
    attack a random Character having an Item". Frozen (No Action) while carrying the Gem,
    the Hero is still the Ogre's target; it may not attack nor protect, its Defense
    counts, the Squire may protect it, and the group may Run Away."""
    sc = scene(seats=2)
    h = sc.char("hero", (0, 0), items=["gem"])
    sq = sc.char("squire", (0, 0))
    freeze, = sc.hand(0, "freeze")
    ogre = sc.disaster("ogre", (0, 0))
    sc.do(PlayCard(freeze, h), Pass())
    sc.do(Fight(ogre))
    c = sc.st.combat
    assert c.target == h
    legal = sc.legal()
    assert Declare(h, "attack") not in legal and Declare(h, "protect") not in legal
    assert Declare(h, "none") in legal and RunAway() in legal
    ev = sc.do(Declare(h, "none"), Declare(sq, "protect"))
    hit = of(ev, CombatHit)[0]
    assert (hit["defense"], hit["damage"]) == (5, 0) and hit["protectors"][0]["damage"] == 1


def test_ally_disasters_combined_attack_against_a_protected_target():
    """Ally Disasters: "Allied Disasters attack with their combined Attack abilities while
    each Disaster defends itself"; Protecting: the protector's Defense is added, it takes
    half, at least 1. The Ogre (5) and its ally the Pal (1) attack the Hero (3) protected
    by the Squire (2): 6 - 5 = 1 Damage, the Squire 1 (the minimum). The Hero's 3 against
    the Ogre's own Defense 3 does nothing: the Pal's Defense is not added."""
    sc = scene()
    h = sc.char("hero", (0, 0), items=["gem"])
    sq = sc.char("squire", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    pal = sc.disaster("pal", (0, 0))
    sc.unit(pal).leader = ogre
    sc.do(Fight(ogre))
    assert (sc.st.combat.disaster, sc.st.combat.queue) == (ogre, [pal])
    ev = sc.do(Declare(h, "attack"), Declare(sq, "protect"))
    on_ogre, on_hero = of(ev, CombatHit)
    assert (on_ogre["attack"], on_ogre["defense"], on_ogre["damage"]) == (3, 3, 0)
    assert (on_hero["attack"], on_hero["defense"], on_hero["damage"]) == (6, 5, 1)
    assert on_hero["attackers"] == [ogre, pal] and on_hero["protectors"][0]["damage"] == 1


# Rules for Global Effects x Combat (Uses) -------------------------------------------------

def test_global_effect_uses_once_a_combat_round_and_removed_from_the_game_when_spent():
    """Rules for Global Effects: "When a Global Effect with uses runs out of uses, it is
    removed from the game"; Basic Terms, Uses: "may only be used once per round of
    Combat"; Protecting: "a minimum of 1 Damage per Combat round". The Squire protects
    the Hero from the Wall each round and takes 1; Tonic (2 uses, in Combat) heals it in
    round 2, not twice in that round, again in round 3, and is then Destroyed."""
    sc = scene()
    h = sc.char("hero", (0, 0), items=["gem"])
    sq = sc.char("squire", (0, 0))
    tonic, = sc.hand(0, "tonic")
    sc.turn(EQUIP).do(PlayCard(tonic), EndPhase())
    assert sc.st.phase == MOVE and [o.card for o in sc.st.off_field] == [tonic]
    use = UseCard(tonic, 0, sq)
    assert use not in sc.legal()  # "in Combat" only
    sc.do(Fight(sc.disaster("wall", (0, 0))))
    sc.do(Declare(h, "none"), Declare(sq, "protect"))
    assert sc.st.combat.round == 2 and sc.unit(sq).damage == 1
    sc.do(use)
    assert sc.unit(sq).damage == 0 and use not in sc.legal()
    sc.refused(use)
    sc.do(Declare(h, "none"), Declare(sq, "protect"))
    assert sc.unit(sq).damage == 1
    sc.do(use)
    assert sc.unit(sq).damage == 0
    assert sc.st.off_field == [] and tonic in sc.st.destroyed
    assert tonic not in sc.st.seats[0].discard


# Winning the Game x Combat with Disasters ----------------------------------------------

def test_winning_the_game_disasters_majority_made_mid_combat_counts_at_the_discard_phase():
    """Winning the Game: "If the Disasters get more than half of the Items, they win";
    guideline 4.1: the game ends "at the beginning of the Discard phase"; Rules for
    Disasters: a Disaster that Bonks or Kills a carrier takes its Item. Five Items: two under the
    Locations, the Gem the Hero carries, the Coin Discarded, the Idol the Wall carries.
    The Brute Kills the Hero and takes the Gem: the Disasters control 3 of 5 in the middle
    of seat 0's Move phase, and the game goes on until the next Discard phase, where
    they win."""
    sc = scene()
    h = sc.char("hero", (0, 0), items=["gem"])
    sc.disaster("wall", (1, 0), items=["idol"])
    sc.st.seats[0].discard = sc.cards(["coin"])
    assert sc.st.items_total == 5
    brute = sc.disaster("brute", (0, 0))
    sc.do(Fight(brute))
    ev = sc.do(Declare(h, "none"))
    assert [e["card"] for e in of(ev, Killed)] == [h] and len(sc.unit(brute).items) == 1
    assert sc.st.result is None and not of(ev, GameOver) and sc.st.phase == MOVE
    ev = sc.do(EndPhase())  # the Scavenge phase
    assert sc.st.result is None and not of(ev, GameOver)
    ev = sc.do(EndPhase())  # the next Turn's Discard phase
    assert [e["phase"] for e in of(ev, PhaseBegan)][-1] == DISCARD
    over = of(ev, GameOver)
    assert len(over) == 1 and over[0]["disasters_win"] and over[0]["items"]["disasters"] == 3


def test_winning_the_game_an_item_dropped_by_a_defeated_disaster_is_no_longer_theirs():
    """Rules for Disasters: "If a Character Defeats a Disaster with an Item, the Item is
    dropped beneath the Location"; Winning the Game (R5: the Disasters control the Items
    they carry). The Pal carries the Coin; with the Coin Discarded too the Disasters hold
    2 of 4, half, not more. The Hero Defeats the Pal in one round: the Coin goes under the
    Location, and the tally at the Discard phase gives nobody the game."""
    sc = scene()
    h = sc.char("hero", (0, 0))
    pal = sc.disaster("pal", (0, 0), items=["coin"])
    coin = sc.unit(pal).items[0]
    sc.st.seats[0].discard = sc.cards(["gem"])
    ev = sc.do(Fight(pal), Declare(h, "attack"))
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [pal]
    assert coin in sc.st.places[(0, 0)].under
    ev = sc.until(DISCARD)
    assert not of(ev, GameOver) and sc.st.result is None


# Basic Terms, Group x Run Away -------------------------------------------------------

def test_run_away_cannot_make_a_group_of_five():
    """Basic Terms, Group: "There is a limit of 4 Characters per group"; Run Away: "Move
    any remaining Characters 1 Location". Three of seat 0's Heroes run from the Wall at
    (0, 0); next to it are (1, 0), where two more of its Characters stand (five would be
    too many), and its Haven (0, 1), which holds any number: they may run only there."""
    sc = scene()
    runners = [sc.char("hero", (0, 0), items=["gem"]), sc.char("hero", (0, 0)),
               sc.char("hero", (0, 0))]
    others = [sc.char("squire", (1, 0)) for _ in range(2)]
    sc.do(Fight(sc.disaster("wall", (0, 0))), RunAway())
    assert sc.legal() == [RunTo((0, 1))]
    sc.refused(RunTo((1, 0)))
    sc.do(RunTo((0, 1)))
    assert [sc.unit(u).pos for u in runners] == [(0, 1)] * 3
    assert [sc.unit(u).pos for u in others] == [(1, 0)] * 2


# Rules for Flash Effects x Rules for Disasters ---------------------------------------

def test_flash_effect_bonks_the_carrier_mid_combat_the_disaster_takes_nothing():
    """Rules for Flash Effects ("last-in, first-out") and Rules for Disasters ("If a
    Combat Disaster Bonks or Kills a Character with an Item, the Disaster ... takes the
    Item"): seat 0 plays Zap on its Squire fighting the Ogre; seat 1 answers with Sting,
    which resolves first and Bonks it. A card Bonked it, not the Disaster: its Gem drops
    under the Location (Basic Terms, Bonk), the Ogre takes nothing, the Combat is over
    (all Characters Bonked) and the Zap, its target gone, does nothing."""
    sc = scene(seats=2)
    sq = sc.char("squire", (0, 0), items=["gem"])
    gem = sc.unit(sq).items[0]
    ogre = sc.disaster("ogre", (0, 0))
    zap, = sc.hand(0, "zap")
    sting, = sc.hand(1, "sting")
    sc.do(Fight(ogre), PlayCard(zap, sq), PlayCard(sting, sq))
    ev = sc.do(Pass())
    assert [e["card"] for e in of(ev, Bonked)] == [sq] and not of(ev, ItemStolen)
    assert sc.unit(ogre).items == [] and gem in sc.st.places[(0, 0)].under
    assert sc.st.combat is None and not of(ev, CombatHit)
    assert zap in sc.st.seats[0].discard and sc.st.pending[-1].kind == "phase"


# Major and Minor Disasters x Ally Disasters x Combat with Multiple Disasters ------------

def test_an_alliance_of_a_major_and_a_minor_each_keeps_its_own_attack_limit():
    """Combat with Disasters: "up to 4 Characters can attack a Major Disaster, and up to 3
    Characters can attack a Minor Disaster"; Ally Disasters, fought one at a time (R40).
    Four Heroes fight the Ogre (Major) allied with the Pal (Minor): all four may attack
    the Ogre (12 against 3, Defeated; its 5 + 1 against 3 + the Guard's 2 hurts its
    target 1); then only three may attack the Pal."""
    sc = scene()
    hs = [sc.char("hero", (0, 0)) for _ in range(4)]
    ogre = sc.disaster("ogre", (0, 0))
    pal = sc.disaster("pal", (0, 0))
    sc.unit(pal).leader = ogre
    sc.combat_pile(0, "blank", "guard", *["blank"] * 4)
    sc.do(Fight(ogre))
    ev = sc.do(*[Declare(h, "attack") for h in hs])
    assert of(ev, CombatHit)[0]["attackers"] == hs
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [ogre]
    assert all(h in sc.st.units for h in hs) and sc.st.combat.disaster == pal
    sc.do(*[Declare(h, "attack") for h in hs[:3]])
    assert Declare(hs[3], "attack") not in sc.legal()
    sc.refused(Declare(hs[3], "attack"), "at most 3")


# Combat Between Players x Protecting x Rules for Flash Effects ---------------------------

def test_a_protector_bonked_by_a_flash_effect_mid_declaration_no_longer_guards():
    """Combat Between Players with Rules for Flash Effects: seat 1's Squire declares to
    protect its Hero; before seat 0's second Character declares, seat 0 plays Sting on
    the Squire (Health 2): Bonked. The Hero is then hit by 3 + 3 against its own 3
    alone: 3 Damage, and nobody takes a protector's share."""
    sc, (a1, a2), (sq, b) = duel_scene(mine=("hero", "hero"), theirs=("squire", "hero"))
    sting, = sc.hand(0, "sting")
    sc.do(Challenge(1, (0, 0)), Engage(a1, "attack", b), Engage(sq, "protect", b))
    ev = sc.do(PlayCard(sting, sq), Pass())
    assert [e["card"] for e in of(ev, Bonked)] == [sq] and sc.st.duel is not None
    ev = sc.do(Engage(a2, "attack", b), Engage(b, "none"))
    hit, = of(ev, CombatHit)
    assert (hit["target"], hit["attack"], hit["defense"], hit["damage"]) == (b, 6, 3, 3)
    assert not hit["protectors"]


# Combat Between Players x Run Away x Rules for Flash Effects ----------------------------

def test_a_flash_effect_mid_round_does_not_reopen_running_away_between_players():
    """Basic Terms, Run Away: "say so at the beginning of any Combat round"; Rules for
    Flash Effects: "played throughout the game". Seat 0 has declared its first Hero to do
    nothing, seat 1 likewise; seat 0 then plays Zap on its second Hero. The round is not
    at its beginning any more: seat 0 may not Run Away now (the engine forgot every
    declaration to do nothing when a card was played, and offered it again)."""
    sc, (a1, a2), (b,) = duel_scene(mine=("hero", "hero"))
    zap, = sc.hand(0, "zap")
    sc.do(Challenge(1, (0, 0)), Engage(a1, "none"), Engage(b, "none"))
    assert RunAway() not in sc.legal()
    sc.do(PlayCard(zap, a2), Pass())
    assert sc.st.duel.declared == [(a1, "none", -1), (b, "none", -1)]
    assert RunAway() not in sc.legal()
    sc.refused(RunAway())


def test_a_character_gone_mid_round_does_not_reopen_running_away_from_a_disaster():
    """Basic Terms, Run Away: "say so at the beginning of any Combat round"; Rules for
    Flash Effects (an answer, last in, resolves first). Fighting the Ogre, seat 0's Squire
    declares to protect the Hero; seat 0 plays Zap, seat 1 answers with Sting, which
    Bonks the Squire. One Character has declared this round: the group may not Run Away
    now (the engine compared the Characters still to declare with the group, and with
    the Squire gone they were the same again)."""
    sc = scene(seats=2)
    sq = sc.char("squire", (0, 0))
    h = sc.char("hero", (0, 0), items=["gem"])
    zap, = sc.hand(0, "zap")
    sting, = sc.hand(1, "sting")
    sc.do(Fight(sc.disaster("ogre", (0, 0))), Declare(sq, "protect"))
    assert RunAway() not in sc.legal()
    sc.do(PlayCard(zap, h), PlayCard(sting, sq), Pass())
    assert sq not in sc.st.units and sc.st.combat.to_declare == [h]
    assert RunAway() not in sc.legal()
    sc.refused(RunAway(), "beginning of a round")
    sc.do(Declare(h, "none"))  # the next round begins: it may run
    assert RunAway() in sc.legal()


def test_a_declared_character_gone_mid_round_does_not_reopen_running_away_between_players():
    """As above, between players (Basic Terms, Run Away; Combat Between Players: "Players
    take turns declaring"). Seat 0's Squire declares an attack, seat 1's Hero nothing;
    seat 0 plays Zap on its Hero and seat 1 answers with Sting, Bonking the Squire. Seat 0
    has declared this round: it may not Run Away before its Hero declares."""
    sc, (sq, a), (b,) = duel_scene(mine=("squire", "hero"))
    zap, = sc.hand(0, "zap")
    sting, = sc.hand(1, "sting")
    sc.do(Challenge(1, (0, 0)), Engage(sq, "attack", b), Engage(b, "none"))
    sc.do(PlayCard(zap, a), PlayCard(sting, sq), Pass())
    assert sq not in sc.st.units and sc.st.duel is not None and sc.st.duel.to_act == 0
    assert RunAway() not in sc.legal()
    sc.refused(RunAway())
    ev = sc.do(Engage(a, "attack", b))
    assert of(ev, CombatHit)[0]["attack"] == 4


# Physical Combat x Rules for Enhancements ------------------------------------------------

def test_an_enhancement_that_replaces_defense_leaves_health_at_the_printed_defense():
    """Rules for Enhancements: "If there is no modifier, the Enhancement's ability replaces
    the Character's"; Physical Combat: "Health is equal to Defense excluding modifiers
    (Enhancements, training, etc.)". The Hero's Bulwark makes its Defense 6: the Ogre's
    5 does nothing, the Brute's 9 does 3, which takes its Health of 3 (not 6) to 0:
    Bonked, not Killed (that needs -3)."""
    for foe, damage, after in (("ogre", 0, 3), ("brute", 3, 0)):
        sc = scene()
        h = sc.char("hero", (0, 0), enhancements=["bulwark"])
        assert total(sc.st, sc.unit(h), "defense") == 6
        ev = sc.do(Fight(sc.disaster(foe, (0, 0))), Declare(h, "none"))
        hit = of(ev, CombatHit)[0]
        assert (hit["defense"], hit["damage"], hit["health_before"], hit["health_after"]) == \
            (6, damage, 3, after)
    assert [e["card"] for e in of(ev, Bonked)] == [h]


# Charm Combat Between Players x Rules for Enhancements -----------------------------------

def test_charm_combat_between_players_an_enhancement_counts_but_base_zero_stays_out():
    """Charm Combat: "Characters and Disasters with a base Charm at or below 0 do not
    engage in Charm Combat"; Charm Combat Between Players: "If the attacker has a higher
    total Charm, the defender is Charmed". Seat 0's Hero (base 0) with Grace may not
    Charm-attack, nor be Charm-attacked; its Star with Grace (8) Charms seat 1's Star (5)."""
    sc = scene(seats=2, charm=True)
    h = sc.char("hero", (0, 0), enhancements=["grace"])
    s0 = sc.char("star", (0, 0), enhancements=["grace"])
    s1 = sc.char("star", (0, 0), seat=1)
    sc.do(Challenge(1, (0, 0)))
    legal = sc.legal()
    assert CharmAttack(s0, s1) in legal
    assert not [a for a in legal if isinstance(a, CharmAttack) and h in (a.target, a.char)]
    sc.do(CharmAttack(s0, s1))
    assert sc.st.duel.to_order == [(s0, s1)]  # Charmed: seat 0 gives it an order
