"""s38r: rulebook scenes nobody had built, most of them two rules meeting: an Item stolen
from a Character whose group then Runs Away (Basic Terms, Steal and Run Away; Rules for
Disasters), Equipment transferred during Combat (Rules for Equipment, guideline 2.7), a
Flash Effect in a Combat between players at a Location with Attack (Rules for Flash
Effects, Rules for Locations), Charm Combat between players with a pass (Charm Combat
Between Players), the Haven rules with three and four seats (Rules for Havens), the
order of Turns and the end of the game (Play Phases, Winning the Game)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (Challenge, CharmAttack, Declare, Drop, EndPhase, Engage, Fight, PickUp,
                                 Transform, Order, PlayCard,
                                 Pass, Proceed, RunAway, RunTo, Transfer, UseEquipment)
from game.engine.events import (Bonked, CombatBegan, CombatHit, DisasterDefeated, GameOver,
                                ItemStolen, LocationAttacks)
from game.engine.options import Options
from game.engine.state import MOVE
from game.engine.tally import check, item_counts

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: pal, name: Pal, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: wall, name: Wall, type: character, gender: male,
   abilities: {attack: 1, defense: 9, movement: 2, charm: 1, energy: 2}}
- {id: star, name: Star, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 6, energy: 2}}
- {id: mina, name: Mina, type: character, gender: female, other_form: kit,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 3}}
- {id: kit, name: Kit, type: character, gender: female, other_form: mina,
   abilities: {attack: 6, defense: 1, movement: 2, charm: 1, energy: 3}}
- {id: ninja, name: Ninja, type: character, gender: male, categories: [Ninja],
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: clan, name: Clan Ninja, type: character, gender: male, categories: [Ninja, Horde],
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 2, defense: 30, movement: 1}}
- id: raven
  name: Raven
  type: disaster
  class: minor
  abilities: {attack: 5, defense: 30, movement: 1}
  effects:
    - {"on": combat_round, uses: {count: 1, per: game}, if: {target_items: 1},
       target: {select: character}, do: [{steal: item, to: target}]}
- id: magpie
  name: Magpie
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 2, movement: 1}
  effects:
    - {"on": combat_round, uses: {count: 1, per: game}, if: {target_items: 1},
       target: {select: character}, do: [{steal: item, to: target}]}
- {id: siren, name: Siren, type: disaster, class: minor,
   abilities: {attack: 2, defense: 30, movement: 1, charm: 4}}
- {id: surge, name: Surge, type: flash_effect, bonuses: {attack: "+3"}}
- {id: sweet-talk, name: Sweet Talk, type: flash_effect,
   effects: [{"on": play, do: [{ally: group, to: disasters_here}]}]}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+3"}, costs: {energy: "-1"}}
- {id: club, name: Club, type: equipment, bonuses: {attack: "+2"}}
- {id: buggy, name: Buggy, type: equipment, categories: [Vehicle], bonuses: {attack: "+1"}}
- id: gills
  name: Gills
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{skill: {Swimming: 1}, to: target, for: turn}]}
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 5}}
"""


# Basic Terms, Steal and Run Away; Rules for Disasters -----------------------------------------

def test_basic_terms_steal_then_run_away_the_final_attack_swaps_the_stolen_item():
    """Basic Terms, Steal, with Run Away ("The opponent will get one final, unanswered
    attack upon your Characters") and the Rules for Disasters ("If a Combat Disaster Bonks
    or Kills a Character with an Item, the Disaster drops the Item it was carrying beneath
    the Location, and takes the Item the Character had"). The Raven steals one of the
    Hero's two Items in the first round and hits him for 2 (5 against 3); the group Runs
    Away: the final attack goes to the Character still having an Item (the Hero, not the
    Pal), Bonks him (Health 1, 2 Damage), and the Raven drops what it stole and takes the
    Item he had left. The Pal runs 1 Location; the Bonked Hero does not."""
    sc = Scene(CARDS, seats=1, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1))
    hero = sc.char("hero", (0, 0), items=["idol", "gem"])
    pal = sc.char("pal", (0, 0))
    both = list(sc.unit(hero).items)
    raven = sc.disaster("raven", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    ev = sc.do(Fight(raven))
    assert sc.st.combat.target == hero
    ev += sc.do(Declare(hero, "attack"), Declare(pal, "attack"))
    assert len(of(ev, ItemStolen)) == 1
    stolen, = sc.unit(raven).items
    left, = [i for i in both if i != stolen]
    assert sc.unit(raven).items == [stolen] and sc.unit(hero).items == [left]
    assert sc.unit(hero).damage == 2 and sc.st.combat is not None
    ev = sc.do(RunAway())
    if sc.st.combat is not None:  # where the group runs to
        ev += sc.do(RunTo((0, 1)))
    assert [e["card"] for e in of(ev, Bonked)] == [hero]
    assert sc.unit(raven).items == [left]
    assert stolen in sc.st.places[(0, 0)].under
    assert sc.unit(pal).pos == (0, 1) and hero not in sc.st.units


# Rules for Equipment with guideline 2.7: a piece changes hands in Combat -------------------

def equipment_scene():
    sc = Scene(CARDS, seats=1, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1))
    hero = sc.char("hero", (0, 0), equipment=["sword", "club"])
    pal = sc.char("pal", (0, 0))
    sword, club = sc.unit(hero).equipment
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    return sc, hero, pal, sword, club, ogre


def test_rules_for_equipment_a_piece_transferred_in_combat_serves_its_new_user_once_put_to_use():
    """Rules for Equipment: "If an Equipment has a cost or requirement, the Character using
    the Equipment must pay the cost"; guideline 2.7: Equipment is transferred "during any
    phase", so in Combat. The Hero puts the Sword (+3 Attack, 1 Energy) to use and fights a
    round with it (Attack 6); he hands it to the Pal: it gives him nothing now, and gives
    the Pal nothing until she puts it to use and pays its Energy herself (Attack 2, then
    5)."""
    sc, hero, pal, sword, club, ogre = equipment_scene()
    sc.do(Fight(ogre), UseEquipment(sword, hero))
    assert total(sc.st, sc.unit(hero), "attack") == 6
    assert total(sc.st, sc.unit(hero), "energy") == 1
    sc.do(Declare(hero, "attack"), Declare(pal, "attack"))
    assert sc.st.combat is not None and sc.st.combat.round >= 1
    sc.do(Transfer(sword, hero, pal))
    assert total(sc.st, sc.unit(hero), "attack") == 3
    assert total(sc.st, sc.unit(pal), "attack") == 2
    assert UseEquipment(sword, pal) in sc.legal()
    sc.do(UseEquipment(sword, pal))
    assert total(sc.st, sc.unit(pal), "attack") == 5
    assert total(sc.st, sc.unit(pal), "energy") == 1


def test_rules_for_equipment_one_piece_per_ability_per_turn_even_after_it_changed_hands():
    """Rules for Equipment: "A Character cannot use more than 1 piece Equipment to give a
    bonus to the same ability per Turn". The Hero used the Sword for Attack this Turn and
    gave it away in the Combat: the Club (+2 Attack) is still a second piece for his
    Attack this Turn, refused; the Pal, who uses the Club, cannot also put the Sword she
    is handed to use. Next Turn the Hero may choose again."""
    sc, hero, pal, sword, club, ogre = equipment_scene()
    sc.do(Fight(ogre), UseEquipment(sword, hero), Transfer(sword, hero, pal))
    sc.refused(UseEquipment(club, hero), "another piece")
    sc.do(Transfer(club, hero, pal), UseEquipment(club, pal))
    assert total(sc.st, sc.unit(pal), "attack") == 4
    sc.refused(UseEquipment(sword, pal), "another piece")


# Rules for Flash Effects in a Combat between players at a Location with Attack ------------

def test_rules_for_locations_a_skill_a_flash_effect_gives_mid_combat_stops_the_strikes():
    """Rules for Locations: "If a group of Characters, without the required skills, stops
    at a Location with Attack, the Location Attacks each Character ... If the Characters
    are in Combat, the Location also attacks once per Combat round"; Rules for Flash
    Effects: "played throughout the game". At the Reef (Attack 5, needs Swimming), seat
    0's Wall (Defense 9) and seat 1's Wall fight; each round the Reef strikes both. Seat 1
    plays Gills (Swimming for the Turn) on its Wall between rounds: from the next round
    the Reef strikes seat 0's Wall only."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0), "reef")
    sc.location((0, 1))
    a = sc.char("wall", (0, 0))
    b = sc.char("wall", (0, 0), seat=1)
    gills, = sc.hand(1, "gills")
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))  # its arrival strike is not this scene's matter
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "attack", b), Engage(b, "attack", a))
    assert sorted(s["target"] for s in of(ev, LocationAttacks)) == sorted([a, b])
    assert sc.st.duel is not None
    sc.do(Engage(a, "attack", b))  # the second round's declarations
    assert PlayCard(gills, b) in sc.legal()
    ev = sc.do(PlayCard(gills, b))
    while sc.st.top.kind == "flash":
        ev += sc.do(Pass())
    assert sc.st.current_seat() == 1
    ev = sc.do(Engage(b, "attack", a))  # the second round
    assert [s["target"] for s in of(ev, LocationAttacks)] == [a]
    ev = sc.do(Engage(a, "attack", b), Engage(b, "attack", a))  # and the third
    assert [s["target"] for s in of(ev, LocationAttacks)] == [a]


# Charm Combat Between Players: turns and passes ------------------------------------------------

def test_charm_combat_between_players_a_pass_is_no_end_while_the_other_still_acts():
    """Charm Combat Between Players: "Each player will take turns selecting their
    Attacking Character and the target, or passing their turn, starting with the player
    that initiated Combat." Seat 0 initiates and passes; seat 1's Star Charms seat 0's
    Hero; seat 0's turn comes back and its Pal may still make her Charm attack: one pass
    is no end of Charm Combat, only both passing in a row is."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0))
    pal = sc.char("pal", (0, 0))
    star = sc.char("star", (0, 0), seat=1)
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))
    sc.do(Challenge(1, (0, 0)))
    assert sc.st.current_seat() == 0 and sc.st.duel.stage == "charm"
    sc.do(Proceed())
    assert sc.st.current_seat() == 1
    sc.do(CharmAttack(star, hero))
    assert hero in sc.st.duel.charmed
    assert sc.st.current_seat() == 0 and sc.st.duel.stage == "charm"
    assert CharmAttack(pal, star) in sc.legal()


def charmed_hero_scene():
    """Seat 0 initiates and passes; seat 1's Star (Charm 6) Charms seat 0's Hero (Charm
    1), who holds the Idol; the Pal, not Charmed, holds the Gem."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0), items=["idol"])
    pal = sc.char("pal", (0, 0), items=["gem"])
    star = sc.char("star", (0, 0), seat=1)
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))
    sc.do(Challenge(1, (0, 0)), Proceed(), CharmAttack(star, hero))
    assert hero in sc.st.duel.charmed
    return sc, hero, pal, star


def test_rules_for_characters_a_charmed_character_still_drops_and_exchanges_its_items():
    """Rules for Characters: "Characters are free to pick up, drop, and transfer accessible
    Items and Equipment during any phase" (guideline 2.7 the same; 3.4: any player may act
    between another's commands). Charm Combat Between Players gives the charmer one thing,
    "at the conclusion of Charm Combat": an order to perform or prevent 1 action. So while
    Charm Combat goes on, the Charmed Hero's own player may still have him Drop the Idol or
    hand it to the Pal, and the Pal hand him the Gem (R129, which barred it, is withdrawn:
    the books are not silent here)."""
    sc, hero, pal, star = charmed_hero_scene()
    idol, gem = sc.unit(hero).items[0], sc.unit(pal).items[0]
    assert sc.st.current_seat() == 0 and sc.st.duel.stage == "charm"
    moves = {a for a in sc.legal() if isinstance(a, (Drop, Transfer))}
    assert {Drop(idol, hero), Transfer(idol, hero, pal), Transfer(gem, pal, hero),
            Drop(gem, pal)} <= moves
    sc.do(Transfer(idol, hero, pal))
    assert sc.unit(pal).items[-1] == idol and sc.unit(hero).items == []


def test_charm_combat_between_players_the_charm_over_its_character_moves_items_R34():
    """R34: once its charmer has given its order every Charm of the Combat is over: the
    Hero, kept from attacking for this Combat, is his player's again, free to take the Gem
    from the Pal in the physical rounds (guideline 2.7: "during any phase")."""
    sc, hero, pal, star = charmed_hero_scene()
    gem = sc.unit(pal).items[0]
    sc.do(Proceed(), Order(star, hero, "no-attack"))
    assert sc.st.duel.stage == "declare" and sc.st.current_seat() == 0
    assert Transfer(gem, pal, hero) in sc.legal()
    sc.do(Transfer(gem, pal, hero))
    assert gem in sc.unit(hero).items


# Rules for Disasters with Steal, and Winning the Game ---------------------------------------

def test_rules_for_disasters_a_thief_defeated_drops_the_stolen_item_beneath_the_location():
    """Rules for Disasters: "If a Character Defeats a Disaster with an Item, the Item is
    dropped beneath the Location", an Item it stole too; Basic Terms, Drop: "If they go
    under a Location they must be Scavenged". The Magpie steals the Hero's Idol as the
    round begins and is Defeated in it (5 Attack against Defense 2): the Idol lies under
    the Location, neither the Hero's again nor the Disasters' (Winning the Game counts it
    for nobody)."""
    sc = Scene(CARDS, seats=1, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1))
    hero = sc.char("hero", (0, 0), items=["idol"])
    pal = sc.char("pal", (0, 0))
    idol = sc.unit(hero).items[0]
    magpie = sc.disaster("magpie", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    ev = sc.do(Fight(magpie))
    assert sc.unit(magpie).items == [idol] and sc.unit(hero).items == []
    ev += sc.do(Declare(hero, "attack"), Declare(pal, "attack"))
    assert of(ev, DisasterDefeated) and magpie not in sc.st.units
    assert sc.st.places[(0, 0)].under == (idol,) and sc.unit(hero).items == []
    assert item_counts(sc.st) == {"0": 0, "disasters": 0, "field": 1}


def test_winning_the_game_an_allied_disasters_item_is_the_disasters():
    """Allying with Characters: "Aside from where it moves, you have no direct control
    over the Disaster"; guideline 4.1's majority is the Disasters' "as a whole", and the
    glossary's Control ("if he holds it or can utilize it"). The Ogre allied with seat 0's
    group carries 2 of the 3 Items: at the next Discard phase the Disasters hold more
    than half and win, though the Ogre goes along with seat 0's Hero."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1), under=["gem"])
    hero = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0), items=["idol", "idol"])
    talk, = sc.hand(0, "sweet-talk")
    sc.turn(MOVE)
    sc.do(PlayCard(talk, hero))
    while sc.st.top.kind == "flash":
        sc.do(Pass())
    assert sc.unit(ogre).ally_seat == 0 and sc.unit(hero).pos == (0, 0)
    assert item_counts(sc.st)["disasters"] == 2
    ev = sc.do(EndPhase(), EndPhase())  # the Scavenge phase, then seat 1's Discard phase
    over, = of(ev, GameOver)
    assert over["disasters_win"] and over["winners"] == []


# Charm Combat with Disasters, with Combat with Disasters' two pools ---------------------------

def test_charm_combat_with_disasters_the_item_holder_out_charmed_it_the_other_is_attacked():
    """Charm Combat with Disasters: "If a Character wins Charm Combat against a Disaster,
    that Disaster cannot attack the Character until the Character attacks that
    Disaster"; Combat with Disasters: "First, the Disaster will attack a random Character
    having an Item. However, if no Character has an Item, then a random Character will be
    attacked." The Star (Charm 6) holds the Idol and out-Charms the Siren (Charm 4); the
    Hero (Charm 1) is Charmed. The Siren's physical target is the Hero, the one it may
    attack, Item or not; the Star, not attacking, stays out of its reach."""
    sc = Scene(CARDS, seats=1)
    sc.location((0, 0))
    sc.location((0, 1))
    star = sc.char("star", (0, 0), items=["idol"])
    hero = sc.char("hero", (0, 0))
    siren = sc.disaster("siren", (0, 0))
    sc.combat_pile(0, *["blank"] * 10)
    sc.turn(MOVE)
    sc.do(Fight(siren))
    c = sc.st.combat
    assert c.charmed.keys() == {hero} and c.resisted == [star]
    while c.stage != "declare":
        sc.do(Proceed())
    assert c.target == hero
    sc.do(Declare(star, "none"), Declare(hero, "none"))
    assert sc.st.combat.target == hero


# Rules for Flash Effects: a Combat between players at a Location where a Disaster stands ------

def test_combat_between_players_at_a_location_with_a_disaster_it_takes_no_part_R33():
    """Combat with Multiple Disasters: "Disasters are solitary by nature and if a Disaster
    wasn't going to attack you anyway, it won't do so just because you are fighting";
    Rules for Flash Effects ("played throughout the game"); Rules for Disasters ("it will
    pick up an Item from the first Location it stops on"). Seat 0's Hero challenges seat
    1's Pal where seat 1's Ogre stands; Surge (+3 Attack) makes his 6 Attack Bonk her
    (Defense 3): her Gem drops beneath the Location, nobody takes it (R33), the Ogre,
    which has not stopped there since, neither fights nor picks it up."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1))
    hero = sc.char("hero", (0, 0))
    pal = sc.char("pal", (0, 0), seat=1, items=["gem"])
    gem = sc.unit(pal).items[0]
    ogre = sc.disaster("ogre", (0, 0), seat=1)
    surge, = sc.hand(0, "surge")
    sc.combat_pile(0, *["blank"] * 4)
    sc.combat_pile(1, *["blank"] * 4)
    sc.turn(MOVE)
    ev = sc.do(Challenge(1, (0, 0)), PlayCard(surge, hero))
    while sc.st.top.kind == "flash":
        ev += sc.do(Pass())
    assert total(sc.st, sc.unit(hero), "attack") == 6
    ev += sc.do(Engage(hero, "attack", pal), Engage(pal, "attack", hero))
    assert [e["card"] for e in of(ev, Bonked)] == [pal]
    assert sc.st.duel is None and sc.st.combat is None and not of(ev, CombatBegan)
    assert sc.st.places[(0, 0)].under == (gem,) and sc.unit(ogre).items == []
    assert sc.unit(hero).damage == 0


def test_rules_for_transforming_characters_charmed_she_transforms_and_keeps_her_charm_and_items():
    """Rules for Transforming Characters ("You may transform a Character ... during the
    Movement phase") and R115 (the Combat's lists follow her: Charmed by the same margin):
    seat 1's Star Charms seat 0's Mina, who holds the Idol, in seat 0's Move phase; she
    transforms into Kit, who is Charmed in her place and still holds the Idol, free to
    hand it on (Rules for Characters, guideline 2.7); the order "Hand over an Item" takes
    it from Kit if she still holds it."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    mina = sc.char("mina", (0, 0), items=["idol"])
    sc.st.seats[0].forms = [kit := sc.card("kit")]
    hero = sc.char("hero", (0, 0))
    star = sc.char("star", (0, 0), seat=1)
    idol = sc.unit(mina).items[0]
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))
    sc.do(Challenge(1, (0, 0)), Proceed(), CharmAttack(star, mina))
    assert mina in sc.st.duel.charmed and sc.st.current_seat() == 0
    sc.do(Transform(mina))
    assert kit in sc.st.duel.charmed and sc.unit(kit).items == [idol]
    assert Transfer(idol, kit, hero) in sc.legal()
    sc.do(Proceed(), Order(star, kit, "hand-over"))
    assert sc.unit(star).items == [idol]


# Winning the Game: ties, four seats -----------------------------------------------------------

def test_winning_the_game_four_seats_two_tied_for_most_share_it_wherever_their_items_are():
    """Winning the Game: "If the players get more than half of the Items, the player with
    the most Items wins"; guideline 4.2 and the glossary's Control ("if he holds it").
    Nine Items: seat 0 holds 3 (2 carried, 1 stored in its Haven), seat 2 holds 3 carried
    by its Ninja standing as a guest in seat 3's Haven (a Haven's owner stores only what
    is in it, not what a guest carries), seat 1 none, seat 3 one; the Disasters 2 (in a
    Discard pile). The players' 7 are more than half: seats 0 and 2, tied for the most,
    both win."""
    sc = Scene(CARDS, seats=4)
    sc.location((0, 0))
    sc.location((0, 1))
    sc.haven((1, 0), stored=["idol"])
    sc.haven((1, 1), seat=3)
    sc.char("hero", (0, 0), items=["idol", "gem"])
    sc.char("ninja", (1, 1), seat=2, items=["idol", "gem", "gem"])
    sc.char("pal", (0, 1), seat=3, items=["gem"])
    sc.st.seats[1].discard += sc.cards(["idol", "gem"], 1)
    assert item_counts(sc.st) == {"0": 3, "1": 0, "2": 3, "3": 1, "disasters": 2,
                                  "field": 0}
    ev: list = []
    check(sc.st, ev)
    over, = of(ev, GameOver)
    assert list(over["winners"]) == [0, 2] and not over["disasters_win"]


# Horde, with Combat Between Players -----------------------------------------------------------

def test_horde_gives_a_like_card_of_the_other_side_its_bonus_in_combat_between_players():
    """Horde: "every other like card in play is +1 Attack & Defense", whoever's it is;
    Combat Between Players' arithmetic ("Add up all of the Attacks against one Character
    ... Subtract the defender's total Defense"). Seat 0's Clan Ninja (a Horde) fights seat
    1's Ninja: the Ninja has Attack and Defense 4, the Clan Ninja 3 (no Horde gives
    itself): the Ninja deals 1 Damage (4 against 3) and takes none (3 against 4)."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1))
    clan = sc.char("clan", (0, 0))
    ninja = sc.char("ninja", (0, 0), seat=1)
    sc.combat_pile(0, *["blank"] * 4)
    sc.combat_pile(1, *["blank"] * 4)
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))
    assert [total(sc.st, sc.unit(ninja), a) for a in ("attack", "defense")] == [4, 4]
    assert [total(sc.st, sc.unit(clan), a) for a in ("attack", "defense")] == [3, 3]
    ev = sc.do(Challenge(1, (0, 0)), Engage(clan, "attack", ninja),
               Engage(ninja, "attack", clan))
    hits = {h["target"]: h["damage"] for h in of(ev, CombatHit)}
    assert hits == {ninja: 0, clan: 1}
    assert sc.unit(clan).damage == 1 and sc.unit(ninja).damage == 0


# Rules for Equipment: a Vehicle in a Combat between players ----------------------------------

def test_rules_for_equipment_a_vehicle_keeps_its_group_out_of_combat_between_players():
    """Rules for Equipment: "If a Vehicle is used in Combat, other Characters in the group
    cannot engage in Combat until the Vehicle stops", between players too; Combat Between
    Players: "Each Character in the Combat can either Attack or Protect another
    Character". Seat 0's Hero drives the Buggy: he may attack (Attack 4) or protect, his
    Pal may neither attack nor protect; seat 1's Wall, in no Vehicle's group, may both."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1))
    hero = sc.char("hero", (0, 0), equipment=["buggy"])
    pal = sc.char("pal", (0, 0))
    wall = sc.char("wall", (0, 0), seat=1)
    ally = sc.char("pal", (0, 0), seat=1)
    buggy, = sc.unit(hero).equipment
    sc.combat_pile(0, *["blank"] * 4)
    sc.combat_pile(1, *["blank"] * 4)
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))
    sc.do(UseEquipment(buggy, hero), Challenge(1, (0, 0)))
    assert total(sc.st, sc.unit(hero), "attack") == 4
    roles = {}
    while sc.st.duel is not None and sc.st.duel.round == 1:
        offered = [a for a in sc.legal() if isinstance(a, Engage)]
        char = offered[0].char
        roles[char] = {a.role for a in offered}
        sc.do(next(a for a in offered if a.role == "none"))
    assert roles[pal] == {"none"}
    assert roles[hero] == {"attack", "protect", "none"}
    assert roles[wall] == {"attack", "protect", "none"}
    assert set(roles) == {hero, pal, wall, ally}


def test_list_of_actions_a_piece_put_to_use_before_the_order_no_equipment_gives_nothing():
    """Charm Combat Between Players: "each Character can make the Character it Charmed ...
    prevent 1 action"; the List of Actions: "Use an Equipped card" (orders.py: "it puts no
    Equipment to use, nor uses one, this Combat"); Rules for Equipment: the players
    "choose what Equipment the Characters will use before Combat cards are drawn". Seat 0
    puts the Hero's Sword to use in its Move phase (Attack 6), then challenges; seat 1's
    Star Charms him and orders no-equipment: in this Combat's rounds the Sword gives him
    nothing (Attack 3: no Damage to the Star's Defense 3). Before, a piece put to use before the Charm
    kept its bonus through the order."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((0, 1))
    hero = sc.char("hero", (0, 0), equipment=["sword"])
    sword, = sc.unit(hero).equipment
    star = sc.char("star", (0, 0), seat=1)
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))
    sc.do(UseEquipment(sword, hero))
    assert total(sc.st, sc.unit(hero), "attack") == 6
    sc.do(Challenge(1, (0, 0)), Proceed(), CharmAttack(star, hero))
    sc.do(Order(star, hero, "no-equipment"))
    assert sc.st.duel.stage == "declare"
    assert total(sc.st, sc.unit(hero), "attack") == 3
    sc.refused(UseEquipment(sword, hero), "charmer forbids")
    ev = sc.do(Engage(hero, "attack", star), Engage(star, "none"))
    assert {h["target"]: h["damage"] for h in of(ev, CombatHit)}[star] == 0  # 3 against 3
    assert total(sc.st, sc.unit(hero), "attack") == 3  # the next round too


def test_rules_for_havens_a_charmed_owner_still_takes_from_its_own_haven():
    """Rules for Havens ("Havens are where you store Equipment, extra Characters, and
    Items") and Rules for Characters / guideline 2.7 (pick up "during any phase"). In seat
    0's Turn its Hero fights seat 1's Star, a guest in seat 0's Haven, where the Idol is
    stored. The Star Charms the Hero: he may still take the Idol out of his own Haven, as
    his Pal may (the charmer's one order comes at the conclusion of Charm Combat)."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0), stored=["idol"])
    idol, = sc.st.places[(1, 0)].under
    hero = sc.char("hero", (1, 0))
    pal = sc.char("pal", (1, 0))
    star = sc.char("star", (1, 0), seat=1)
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Challenge(1, (1, 0)), Proceed(), CharmAttack(star, hero))
    assert hero in sc.st.duel.charmed and sc.st.current_seat() == 0
    takes = {a for a in sc.legal() if isinstance(a, PickUp)}
    assert takes == {PickUp(idol, pal), PickUp(idol, hero)}
    sc.do(PickUp(idol, hero))
    assert sc.unit(hero).items[-1] == idol
