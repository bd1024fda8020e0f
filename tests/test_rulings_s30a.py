"""The open questions of the audits of 28 and 29 Nov 2026 (docs/rules-coverage.md, the
first half), settled: where the books decide, the sentence is quoted; where they are
silent, the ruling (R52 to R69, docs/RULINGS.md) is cited. One test per question."""
from __future__ import annotations

import random

import pytest

from scene import Scene, of

from game.engine import maintenance
from game.engine.actions import (BuildHaven, CharmAttack, Challenge, Command, Declare, Drop, EndPhase,
                                 Engage, Fight, Move, Order, PickUp, PlayCard, Proceed, Retrieve,
                                 RunAway, RunTo, Scavenge, UseCard)
from game.engine.abilities import total
from game.engine.events import (Bonked, DisasterMoved, GameOver, ItemStolen, Killed,
                                LocationAttacks)
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE, Lasting, Place
from game.engine.tally import check, item_counts
from game.engine.view import view
from game.engine.worlds import sample_world

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: belle, name: Belle, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 1}}
- {id: muse, name: Muse, type: character, gender: female,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 5, energy: 1}}
- {id: dull, name: Dull, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: swimmer, name: Swimmer, type: character, gender: female, skills: {Swimming: 1},
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: giant, name: Giant, type: disaster, class: major,
   abilities: {attack: 12, defense: 30, movement: 1}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: siren, name: Siren, type: disaster, class: minor,
   abilities: {attack: 2, defense: 9, movement: 1, charm: 4}}
- {id: pixie, name: Pixie, type: disaster, class: minor,
   abilities: {attack: 1, defense: 9, movement: 1, charm: 1}}
- {id: nymph, name: Nymph, type: disaster, class: minor,
   abilities: {attack: 1, defense: 9, movement: 1, charm: 2}}
- id: magpie
  name: Magpie
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 9, movement: 1}
  effects:
    - {"on": combat_round, if: {target_items: 1}, target: {select: character},
       do: [{steal: item, to: target}]}
- id: pirate
  name: Pirate
  type: disaster
  class: major
  abilities: {attack: 1, defense: 9, movement: 1}
  effects:
    - {"on": combat_round, uses: {count: 1, per: turn}, if: {target_items: 1},
       target: {select: character}, do: [{steal: item, to: target}]}
- id: thief
  name: Thief
  type: character
  gender: female
  abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
- id: captain
  name: Captain
  type: character
  gender: male
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  effects:
    - {"on": static, do: [{modify: {attack: "+1"}, to: yours}]}
- id: waker
  name: Waker
  type: character
  gender: female
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  effects:
    - {"on": turn_start, do: [{modify: {attack: "+1"}, for: turn}]}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- {id: book, name: Book, type: item,
   effects: [{"on": use, do: [{skill: {Genius: 1}, for: turn}]}]}
- {id: horn, name: Horn, type: item, uses: 2,
   effects: [{"on": use, if: {in_combat: true}, do: [{flee: true, to: disasters_here}]}]}
- {id: orb, name: Orb, type: item, bonuses: {attack: "+2"}, costs: {energy: "-1"}}
- {id: focus, name: Focus, type: enhancement, bonuses: {defense: "+2"},
   costs: {energy: "-1"}}
- {id: lamp, name: Lamp, type: enhancement,
   effects: [{"on": use, do: [{skill: {Genius: 1}, for: turn}]}]}
- {id: rally, name: Rally, type: global_effect, bonuses: {attack: "+1"}}
- {id: power, name: Power, type: flash_effect, bonuses: {attack: "+2"}}
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}}
- {id: school, name: Old School, type: location,
   requires: {skills: {Swimming: 1}, categories: [School]}, abilities: {attack: 4}}
- {id: dock, name: Dock, type: location, becomes_haven: {skills: {Swimming: 1}}}
- {id: quay, name: Quay, type: haven}
"""


def flagged(sc: Scene, unit: int, flag: str) -> None:
    """A lasting flag for the rest of the game, as a card's step gives it."""
    sc.st.add_lasting(Lasting(unit, unit, sc.st.units[unit].owner, flags=(flag,),
                              until="game"))


# Basic Terms, No Action ------------------------------------------------------------------

def test_no_action_a_group_that_can_only_defend_initiates_no_combat():
    """Basic Terms, No Action: "the Character or Disaster cannot move or attack"; the
    glossary: "Character / Disaster is only able to defend and Run Away from Combat", and
    "Initiate Combat: To declare Combat on Disasters or Characters". A group whose every
    Character has No Action may neither Fight the Ogre there nor challenge seat 1's Hero
    (failed before: both were offered and taken, and the group only defended); with one
    Character free to act it may."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.char("hero", (0, 0), seat=1)
    flagged(sc, h, "no_action")
    sc.turn(MOVE)
    assert not [a for a in sc.legal() if isinstance(a, (Fight, Challenge))]
    sc.refused(Fight(ogre), "no action")
    sc.refused(Challenge(1, (0, 0)))
    sc.char("belle", (0, 0))
    assert Fight(ogre) in sc.legal() and Challenge(1, (0, 0)) in sc.legal()


# Basic Terms, Bonk (R52) -------------------------------------------------------------------

def test_bonk_bonked_characters_come_back_first_bonked_first_as_the_hand_has_room_R52():
    """Basic Terms, Bonk: "it may be placed back in your hand during your Reload phase as
    one of your draws". R52: not a choice; with room for one draw and two due back, the
    one Bonked first comes back, the other waits Set Aside, and no card is drawn."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    first, second = sc.card("hero"), sc.card("hero")
    sc.hand(0, *["power"] * 6)
    sc.draw_pile(0, "power")
    s = sc.st.seats[0]
    s.set_aside += [(first, s.turns), (second, s.turns)]
    sc.turn(DISCARD)
    sc.do(EndPhase())  # Discard -> Reload
    assert first in s.hand and second not in s.hand and len(s.hand) == 7
    assert s.set_aside == [(second, s.turns)] and len(s.draw) == 1


# Basic Terms, Uses (R53) -------------------------------------------------------------------

def test_uses_an_item_without_a_number_of_uses_is_used_once_per_turn_R53():
    """Basic Terms, Uses: "Power cards and Items that have a number uses may only be used
    once per round of Combat, or once per Turn. Unless stated otherwise, Characters'
    special abilities, and abilities given by Power cards may only be used once per
    Turn." R53: an Item with no number of uses is used once per Turn too: the Book,
    used, is refused a second time that Turn and offered again the next."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0), items=["book"])
    book = sc.unit(h).items[0]
    sc.turn(MOVE)
    sc.do(UseCard(book, 0))
    assert UseCard(book, 0) not in sc.legal()
    sc.refused(UseCard(book, 0))
    sc.until(MOVE)
    assert UseCard(book, 0) in sc.legal()


# Discard Phase, Equip Phase (R54) --------------------------------------------------------------

def test_equip_phase_a_character_is_played_into_the_starting_haven_R54():
    """Equip Phase: "You may play 1 Characters from your hand into your Haven"; the
    glossary, Bonk: it "returns to Play ... at his owner's starting Haven during the
    owner's next Equip phase". R54: with a second Haven (the Quay), a Character or a
    piece of Equipment played goes into the starting Haven, not the Quay."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    sc.st.places[(-1, 0)] = Place(sc.card("quay"), "haven", 0, ())
    sc.st.seats[0].havens.append((-1, 0))
    c, = sc.hand(0, "belle")
    sc.turn(EQUIP)
    sc.do(PlayCard(c))
    assert sc.unit(c).pos == (1, 0)


# Run Away, Hold (guideline 1.2) --------------------------------------------------------------

def test_guideline_1_2_a_held_character_may_run_away_and_moves():
    """Guideline 1.2: "Unless explicitly stated otherwise, characters can always Run Away
    from Combat, even if they are unable to do 'anything.'"; List of Actions: "Unless
    stated otherwise, Characters can always Run Away from Combat." Hold ("Prevent an
    opponent from leaving their current Location") states nothing of Running Away, so the
    Held Hero may Run Away from the Ogre, and Running Away moves him ("Move any remaining
    Characters 1 Location", Basic Terms, Run Away), as it moves one with No Action."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    flagged(sc, h, "hold")
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert RunAway() in sc.legal()
    sc.do(RunAway())
    if sc.st.combat is not None:
        sc.do(RunTo((1, 0)))
    assert sc.unit(h).pos == (1, 0)


# Charm Combat with Disasters ------------------------------------------------------------------

def all_charmed(disaster_items=()):
    """The Siren (Charm 4) Charms the lone Hero (Charm 1), who carries an Idol; a Gem lies
    under the Location."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gem"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0), items=["idol"])
    siren = sc.disaster("siren", (0, 0), items=disaster_items)
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Fight(siren))
    if sc.st.combat is not None and Proceed() in sc.legal():
        sc.do(Proceed())
    return sc, h, siren


def test_charm_combat_with_disasters_all_charmed_it_takes_an_item_from_under_the_location():
    """Charm Combat with Disasters: "If all the Characters at a Location are Charmed, the
    Disaster will take an Item from the Location if one is there"; Rules for Disasters:
    "they can only carry 1 Item at a time. If a Combat Disaster does not already have an
    Item, it will pick up an Item from the first Location it stops on that has an Item"
    (a Location "has" the Items under it; those the Characters carry are theirs). The
    Siren, empty-handed, takes the Gem from under the Location, not the Hero's Idol;
    carrying an Item already, it takes none."""
    sc, h, siren = all_charmed()
    assert len(sc.unit(siren).items) == 1 and sc.st.places[(0, 0)].under == ()
    assert len(sc.unit(h).items) == 1
    sc, h, siren = all_charmed(["idol"])
    assert len(sc.unit(siren).items) == 1 and len(sc.st.places[(0, 0)].under) == 1
    assert len(sc.unit(h).items) == 1


def test_charm_combat_with_disasters_a_minor_disaster_out_charmed_obeys_R55():
    """Charm Combat with Disasters: "If all your Characters win Charm Combat against a
    Minor Disaster, you can make the Disaster perform 1 action, or prevent 1 action";
    "Characters and Disasters with a base Charm at or below 0 do not engage in Charm
    Combat". R55: "all your Characters" are those that engage: Belle (Charm 3) beats the
    Pixie (Charm 1) and Dull (Charm 0) takes no part, so the group commands it; the
    orders on offer all favour the group, and one is given (no pass among them)."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gem"])
    sc.location((1, 0))
    sc.char("belle", (0, 0))
    sc.char("dull", (0, 0))
    pixie = sc.disaster("pixie", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Fight(pixie))
    if Proceed() in sc.legal() and not any(isinstance(a, Command) for a in sc.legal()):
        sc.do(Proceed())
    legal = sc.legal()
    orders = [a for a in legal if isinstance(a, Command)]
    assert {a.order for a in orders} == {"no-attack", "no-move"}
    assert Proceed() not in legal and RunAway() not in legal


# Allying with Characters (R56) -----------------------------------------------------------------

def test_allying_with_characters_an_allied_disaster_is_no_charm_target_R56():
    """Allying with Characters: "The Disaster must be included in the pool of potential
    targets as though it were one of your Characters"; Charm Combat Between Players:
    "Each player will take turns selecting their Attacking Character and the target".
    R56: the pool is the physical Combat's: seat 0's Belle may Charm-attack seat 1's
    Hero, not the Nymph (Charm 2) allied with his group; in the physical rounds she may
    attack either."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["gem"])
    sc.location((1, 0))
    b = sc.char("belle", (0, 0))
    h = sc.char("hero", (0, 0), seat=1)
    nymph = sc.disaster("nymph", (0, 0))
    sc.st.ally_unit(sc.unit(nymph), 1)
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    charm = [a for a in sc.legal() if isinstance(a, CharmAttack)]
    assert charm == [CharmAttack(b, h)]
    while sc.st.duel is not None and Proceed() in sc.legal():
        sc.do(Proceed())
    targets = {a.target for a in sc.legal() if isinstance(a, Engage) and a.role == "attack"}
    assert targets == {h, nymph}


# Combat with Multiple Disasters (R57), Ally Disasters (R40) ----------------------------------

def test_combat_with_multiple_disasters_the_queue_stands_once_the_group_is_met_R57():
    """Combat with Multiple Disasters: "If Characters are carrying Items ... Disasters
    attack in the order they arrived at the Location." R57: the queue is made when the
    group stops carrying Items (R23) and stands: the Hero, carrying an Idol, stops by two
    Imps, drops the Idol in the first Combat, Defeats that Imp, and the second still
    attacks him."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gem"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0), items=["idol"])
    idol = sc.unit(h).items[0]
    first = sc.disaster("imp", (1, 0))
    second = sc.disaster("imp", (1, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Move((h,), (1, 0)))
    assert sc.st.combat.disaster == first and sc.st.combat.queue == [second]
    sc.do(Drop(idol, h), Declare(h, "attack"))
    assert first not in sc.st.units and not sc.unit(h).items
    assert sc.st.combat is not None and sc.st.combat.disaster == second


def test_combat_with_multiple_disasters_only_the_disaster_that_stops_attacks_R57():
    """Rules for Disasters: "If a Combat Disaster stops at a Location where there are
    Characters with Items, the Disaster will automatically attack"; Combat with Multiple
    Disasters: "if a Disaster wasn't going to attack you anyway, it won't do so just
    because you are fighting with another Disaster at the same Location." R57: the Ogre
    that stops by the Hero (carrying an Idol) attacks him alone; the Imp there before it
    is not queued."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.char("hero", (0, 0), items=["idol"])
    imp = sc.disaster("imp", (0, 0))
    ogre = sc.disaster("ogre", (1, 0))
    assert sc.st.path == ((1, 0), (0, 0))
    ev: list = []
    maintenance.move(sc.st, ogre, ev)
    assert sc.st.combat.disaster == ogre and sc.st.combat.queue == []
    assert imp in sc.st.units


def test_ally_disasters_a_band_arriving_together_is_fought_primary_first_R40():
    """Ally Disasters: "the two Disasters move as a group ... Allied Disasters attack
    with their combined Attack abilities while each Disaster defends itself"; Combat with
    Multiple Disasters: "If Disasters arrived simultaneously, the strongest one attacks
    first" orders Disasters that attack one at a time, and an alliance attacks as one.
    R40 fills what is left, whom the group fights first: the Imp (primary) and the Ogre
    (its ally, stronger) land by the Hero; the Imp is fought first, the Ogre next."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.char("hero", (0, 0))
    imp = sc.disaster("imp", (1, 0))
    ogre = sc.disaster("ogre", (1, 0))
    sc.unit(ogre).leader = imp
    ev: list = []
    maintenance.move(sc.st, imp, ev)
    assert sc.unit(ogre).pos == (0, 0)
    assert sc.st.combat.disaster == imp and sc.st.combat.queue == [ogre]


# Winning the Game (R14) -----------------------------------------------------------------------

def test_winning_the_game_each_side_is_counted_alone_R14_guideline_4_1():
    """Winning the Game: "The game ends when more than half of the Items have been
    retrieved by the players or captured by the Disasters"; guideline 4.1: "The game
    ends if 1 player or the Disasters as a whole Controls a majority of Items"; R14 b.
    Of 9 Items the players hold 4 (2 and 2) and the Disasters 3: 7 of 9 together, but
    neither side more than half, so the game goes on."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol", "idol"])
    sc.char("hero", (0, 0), items=["idol", "idol"])
    sc.char("hero", (0, 0), seat=1, items=["idol", "idol"])
    sc.disaster("ogre", (0, 0), items=["idol"])
    sc.st.destroyed += [sc.card("idol"), sc.card("idol")]
    assert sc.st.items_total == 9
    sc.turn(DISCARD)
    ev: list = []
    check(sc.st, ev)
    assert not of(ev, GameOver) and sc.st.result is None


# Rules for Disasters, Bonk (R58) ---------------------------------------------------------------

def test_rules_for_disasters_target_and_protector_bonked_it_keeps_the_protectors_item_R58():
    """Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an Item,
    the Disaster drops the Item it was carrying beneath the Location, and takes the Item
    the Character had", and it carries 1 Item at a time. R58: the hits fall target first
    (full Damage), then protector (half), and the sentence is followed for each in that
    order: the Giant (12 Attack) Kills its target and Bonks the protector, both carrying
    an Item; it keeps the protector's, and the target's lies under the Location."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), under=["gem"])
    h = sc.char("hero", (0, 0), items=["idol"])
    b = sc.char("belle", (0, 0), items=["gem"])
    giant = sc.disaster("giant", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(giant))
    t = sc.st.combat.target
    p = b if t == h else h
    t_item, p_item = sc.unit(t).items[0], sc.unit(p).items[0]
    ev = sc.do(*[Declare(c, "protect" if c == p else "none")
                 for c in list(sc.st.combat.to_declare)])
    assert [e["card"] for e in of(ev, Killed)] == [t] and [e["card"] for e in of(ev, Bonked)] == [p]
    assert sc.unit(giant).items == [p_item] and sc.st.places[(0, 0)].under == (t_item,)


# Basic Terms, Steal (R59) ---------------------------------------------------------------------

def test_steal_a_disaster_that_steals_in_combat_stays_and_fights_on_R59():
    """Basic Terms, Steal: "A Character or Disaster attempting to steal ... The thief may
    take the card and get 1 full movement before anyone can attack." R59: a Disaster
    thief does not take the getaway (a Disaster's leaving is its card's to say: Pickpocket
    Tanuki's "steals ... and flees"): the Magpie takes the Hero's Idol in the Combat and
    stays, and the Combat goes on."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), under=["gem"])
    h = sc.char("hero", (0, 0), items=["idol"])
    idol = sc.unit(h).items[0]
    magpie = sc.disaster("magpie", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    ev = sc.do(Fight(magpie), Declare(h, "attack"))
    assert of(ev, ItemStolen) and sc.unit(magpie).items == [idol]
    assert sc.unit(magpie).pos == (0, 0) and not of(ev, DisasterMoved)
    assert sc.st.combat is not None and sc.st.combat.disaster == magpie


def test_guideline_steal_a_disasters_own_text_lets_it_steal_holding_an_item():
    """The glossary, Steal: "A Disaster will not Steal if it already holds a Stolen Item /
    Equipment"; card text beats the guidelines (R1, Playing the Game: "the card wins").
    Space Pirate Admiral Gildmaw: "once per Turn in Combat he steals a random Item from
    the Character he targets (dropping the one he had)": the Pirate, holding the Gem it
    stole, steals the Hero's Idol and drops the Gem under the Location."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), under=["idol"])
    h = sc.char("hero", (0, 0), items=["idol"])
    idol = sc.unit(h).items[0]
    pirate = sc.disaster("pirate", (0, 0), items=["gem"])
    gem = sc.unit(pirate).items[0]
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    ev = sc.do(Fight(pirate), Declare(h, "none"))
    assert of(ev, ItemStolen) and sc.unit(pirate).items == [idol]
    assert sc.st.places[(0, 0)].under == (gem,)


# No Action (R60) ----------------------------------------------------------------------------

def test_no_action_keeps_a_characters_static_text_R60():
    """Basic Terms, No Action: "the Character or Disaster cannot move or attack"; List of
    Actions: "Perform special abilities ... All of the above actions are prevented". R60:
    performing is what a Character does (a use, a text triggered in Combat, at a Turn's
    start or in Scavenging); what its card simply is stays: the Captain, with No Action,
    still gives his player's Characters +1 Attack (his static text)."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0))
    cap = sc.char("captain", (0, 0))
    flagged(sc, cap, "no_action")
    assert total(sc.st, sc.unit(h), "attack") == 4


def test_rules_for_locations_a_character_with_no_action_lends_its_skills_R60():
    """Rules for Locations: "If a group of Characters, without the required skills, stops
    at a Location with Attack, the Location Attacks each Character"; List of Actions:
    "Defense is not an action, it is automatic." R60: having a skill is no action: the
    Swimmer, with No Action, keeps the Reef (Attack 4, Swimming) from striking the Hero
    and her when the Hero joins her there."""
    sc = Scene(CARDS)
    sc.location((0, 0), "reef", under=["idol"])
    sc.location((1, 0))
    s = sc.char("swimmer", (0, 0))
    flagged(sc, s, "no_action")
    h = sc.char("hero", (1, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((h,), (0, 0)))
    assert not of(ev, LocationAttacks) and sc.unit(h).damage == 0


# Characters in a Haven (R61) ----------------------------------------------------------------

def test_guidelines_in_play_a_character_in_its_haven_is_still_reached_R61():
    """The glossary, In Play: "Cards on Havens do not affect the Field and are not in
    Play"; Rules for Global Effects: "Unless stated otherwise, they affect all of your
    Characters". R61: the sentence stops what is in a Haven reaching the Field, not what
    reaches a Character in its Haven: the Hero in the Haven gets +1 from the Captain on
    the Field and +1 from Rally; the Waker's own text works at its Turn's start there."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    h = sc.char("hero", (1, 0))
    w = sc.char("waker", (1, 0))
    sc.char("captain", (0, 0))
    rally, = sc.hand(0, "rally")
    sc.turn(EQUIP)
    sc.do(PlayCard(rally))
    assert total(sc.st, sc.unit(h), "attack") == 3 + 1 + 1
    sc.until(MOVE)
    sc.until(MOVE)  # the next Turn: the Waker's turn_start text in the Haven
    assert total(sc.st, sc.unit(w), "attack") == 1 + 1 + 1 + 1


# Charm Combat Between Players (R62, R63; R34) -------------------------------------------------

def test_charm_combat_between_players_charmed_again_by_another_R62():
    """Charm Combat Between Players: "If the defender has a total Charm twice that of the
    attacker, the attacker is Charmed"; "Each Character can attack once, be attacked once,
    and have one Charm break attempted on them". R62: the Hero, Charmed as the attacker by
    Belle, has not been attacked, so Muse may Charm-attack him; she Charms him too, and
    hers is the Charm that stands (one charmer per Charmed)."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    b = sc.char("belle", (0, 0), seat=1)
    m = sc.char("muse", (0, 0), seat=1)
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)), CharmAttack(h, b))
    assert sc.st.duel.charmed == {h: (b, 2)}
    assert CharmAttack(m, h) in sc.legal()
    sc.do(CharmAttack(m, h))  # the Charm Combat is over: Muse's is the order to give
    assert sc.st.duel.to_order == [(m, h)]


def test_list_of_actions_an_enhancements_text_is_a_card_used_R63():
    """List of Actions: "Perform special abilities", "Use an Equipped card", "Use cards".
    R63: an Enhancement's text is a card used: the Hero's Lamp is kept from use by
    `no-cards` (as No Action keeps it), not by `no-ability` nor `no-equipment`."""
    def lamp_usable(flag):
        sc = Scene(CARDS)
        sc.location((0, 0), under=["idol"])
        h = sc.char("hero", (0, 0), enhancements=["lamp"])
        lamp = sc.unit(h).enhancements[0]
        if flag:
            flagged(sc, h, flag)
        sc.turn(MOVE)
        return UseCard(lamp, 0) in sc.legal()

    assert lamp_usable(None) and lamp_usable("no_ability") and lamp_usable("no_equipment")
    assert not lamp_usable("no_cards") and not lamp_usable("no_action")


def test_rules_for_characters_a_charm_is_over_once_ordered_R34():
    """Rules for Characters: "You cannot attack opposing Characters under your control if
    only to Bonk or Kill them." R34: control lasts for the Charmed's one order ("Then
    every Charm of the Combat is over"), so in the physical rounds Belle may attack the
    Hero she Charmed and ordered: he is no longer under her control."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0), seat=1)
    b = sc.char("belle", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)), CharmAttack(b, h))
    while sc.st.duel is not None and Proceed() in sc.legal():
        sc.do(Proceed())
    sc.do(Order(b, h, "no-move"))
    assert not sc.st.duel.charmed and Engage(b, "attack", h) in sc.legal()


# Rules for Enhancements (R64) ------------------------------------------------------------------

def test_rules_for_enhancements_a_card_turned_over_works_again_when_payable_R64():
    """Rules for Enhancements: "If an Enhancement has a cost, it is paid as long as the
    Character has the Enhancement. If the cost becomes unpayable, the Enhancement cannot
    be used. Turn the card over." R64: turned over, it waits, and works again when its
    host's Energy covers the cost again: the Hero's Focus (cost 1 Energy, +2 Defense)
    gives nothing while his 1 Energy is spent and +2 once it is back."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0), enhancements=["focus"])
    u = sc.unit(h)
    assert total(sc.st, u, "defense") == 5
    u.spent = 1
    assert total(sc.st, u, "defense") == 3
    u.spent = 0
    assert total(sc.st, u, "defense") == 5


# Basic Terms, Run Away (R65) -------------------------------------------------------------------

def test_run_away_in_the_runners_maintenance_phase_ends_its_turn_at_once_R65():
    """Basic Terms, Run Away: "This will end your Turn"; Maintenance Phase: "Any Disasters
    you brought into play that are capable of Movement are moved". R65: the Run Away ends
    the Turn at once: the Ogre stops by seat 0's Hero in seat 0's Maintenance phase, the
    Hero runs, and seat 0's Imp, still to move, stays where it is; seat 1's Turn begins."""
    sc = Scene(CARDS, seats=2)
    for x in (1, 0, -1, -2):
        sc.location((x, 0))
    sc.location((0, 1))
    h = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (1, 0))
    imp = sc.disaster("imp", (-1, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert sc.st.combat is not None and sc.st.combat.disaster == ogre
    sc.do(RunAway())
    if sc.st.combat is not None:
        sc.do(RunTo((0, 1)))
    assert sc.unit(h).pos == (0, 1) and sc.unit(imp).pos == (-1, 0)
    assert sc.st.turn_seat == 1


def test_run_away_the_round_run_from_brings_no_strike_of_the_location_R65():
    """Rules for Locations: "If the Characters are in Combat, the Location also attacks
    once per Combat round"; Basic Terms, Run Away: "say so at the beginning of any Combat
    round. The opponent will get one final, unanswered attack". R65: that round is the
    opponent's final attack and nothing more: the Hero, without Swimming at the Reef
    (Attack 4), runs from the Ogre at once and the Reef does not strike him."""
    sc = Scene(CARDS)
    sc.location((0, 0), "reef", under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    ev = sc.do(Fight(ogre), RunAway())
    if sc.st.combat is not None:
        ev += sc.do(RunTo((1, 0)))
    assert sc.unit(h).pos == (1, 0) and not of(ev, LocationAttacks)


# Rules for Locations, Locations becoming Havens (guidelines 4.10, 4.14; Drop) ---------------------

def dock_built(under=()):
    """The Swimmer builds the Dock at (0, 0) into seat 0's Haven; Locations either side."""
    sc = Scene(CARDS)
    sc.location((1, 0))
    sc.location((0, 0), "dock", under=under)
    sc.location((-1, 0), under=["gem"])
    sc.char("swimmer", (0, 0))
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 0)))
    return sc


def test_guideline_4_14_a_location_turned_haven_is_off_the_disaster_path_R3():
    """Guideline 4.14: "A Haven (not even a Location-turned-Haven) is not a Location";
    guideline 4.10: "it is treated as a Haven permanently"; Maintenance Phase: "Disasters
    are moved down a column of Locations"; R3 visits Locations only. The Dock turned Haven
    leaves the path: the Ogre (Movement 1) goes from (1, 0) over it to (-1, 0)."""
    sc = dock_built()
    assert sc.st.path == ((1, 0), (-1, 0))
    ogre = sc.disaster("ogre", (1, 0))
    ev: list = []
    maintenance.move(sc.st, ogre, ev)
    assert sc.unit(ogre).pos == (-1, 0)


def test_drop_what_lay_under_a_location_turned_haven_must_be_scavenged_guideline_4_10():
    """Basic Terms, Drop: "If they go under a Location they must be Scavenged"; guideline
    4.10: a Location turned Haven "can still be ... Scavenged"; guideline 2.9: "Scavenging
    may be initiated only once per Turn". The Idol under the Dock stays under it, face
    down, when the Swimmer builds it into seat 0's Haven: it counts for nobody, nobody
    sees it nor picks it up from the store; the Swimmer Scavenges the Haven and takes it,
    and only then does it count for seat 0 (failed before: R66 stored it in the Haven and
    counted it for seat 0 at once). A builder who Scavenged already this Turn waits."""
    assert item_counts(dock_built().st)["0"] == 0
    sc = dock_built(["idol"])
    assert item_counts(sc.st)["0"] == 0 and item_counts(sc.st)["field"] == 2
    dock = next(p for p in view(sc.st, 0).places if p.cell == (0, 0))
    assert dock.kind == "haven" and dock.stored == () and dock.buried_items == 1
    assert not [a for a in sc.legal() if isinstance(a, PickUp)]
    swimmer = next(iter(sc.st.units))
    sc.do(Scavenge((0, 0)), Retrieve(swimmer))
    assert item_counts(sc.st)["0"] == 1 and item_counts(sc.st)["field"] == 1
    assert sc.st.places[(0, 0)].buried == () and sc.st.scavenging is None
    again = dock_built(["idol"])
    again.st.seats[0].scavenged = True
    again.refused(Scavenge((0, 0)), "once per Turn")


def test_drop_an_ai_world_keeps_the_stack_under_a_location_turned_haven_face_down():
    """Basic Terms, Drop, and guideline 4.10 as above: the worlds an AI imagines from its
    view (worlds.sample_world) keep an Item under the Dock turned Haven, which card it is
    dealt at random, and none in its store: the view they give back is the one read."""
    sc = dock_built(["idol"])
    # The scene's Items, as a deck lists them: the cards a world deals face down.
    sc.st.game.sections[0]["items"] += [c for c in sc.st.game.items]
    seen = view(sc.st, 0)
    world = sample_world(sc.st.game, seen, random.Random(3))
    assert len(world.places[(0, 0)].buried) == 1 and world.places[(0, 0)].under == ()
    assert view(world, 0).places == seen.places


@pytest.mark.parametrize("who, struck", [("swimmer", False), ("hero", True)])
def test_rules_for_locations_only_the_required_skills_keep_the_strike_off(who, struck):
    """Rules for Locations: "If a group of Characters, without the required skills, stops
    at a Location with Attack, the Location Attacks each Character." The books decide it
    (R67 withdrawn): the skills, not the whole requirement. The Old School (Attack 4)
    asks for Swimming and a «School» Character; the Swimmer, with the skill but not the
    category, is not struck when she stops there (she still cannot Scavenge it); the
    Hero, without the skill, is."""
    sc = Scene(CARDS)
    sc.location((0, 0), "school", under=["idol"])
    sc.location((1, 0))
    c = sc.char(who, (1, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((c,), (0, 0)))
    assert [e["target"] for e in of(ev, LocationAttacks)] == ([c] if struck else [])


# Rules for Items (R68) --------------------------------------------------------------------------

def test_rules_for_items_an_items_energy_cost_is_held_while_it_gives_R68():
    """Rules for Items: "If an Item has a cost or requirement, the Character using the
    Item must pay the cost"; "A Character does not need to pay a price ... to carry an
    Item, only to use an Item". R68: an Item's Energy cost is held out of its user's
    Energy while it gives its bonuses, as an Enhancement's is: the Hero (Energy 1) with
    the Orb (+2 Attack, cost 1 Energy) has 5 Attack and 0 Energy left; with his Energy
    spent elsewhere the Orb gives nothing, and it gives again once it is back."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gem"])
    h = sc.char("hero", (0, 0), items=["orb"])
    u = sc.unit(h)

    def stats():
        return [total(sc.st, u, a) for a in ("attack", "energy")]

    assert stats() == [5, 0]
    u.spent = 1
    assert stats() == [3, 0]
    u.spent = 0
    assert stats() == [5, 0]


# Basic Terms, Flee (R69) ----------------------------------------------------------------------

def flee_scene(disaster: str, at, carrying=()):
    """The Hero, with a Horn (used in Combat, the Disaster flees), fights a Disaster at
    `at`; the path is (1, 0), (0, 0); Belle stands at (0, 0) over a Gem."""
    sc = Scene(CARDS)
    sc.location((1, 0), under=["idol"] if at == (0, 0) else [])
    sc.location((0, 0), under=["gem"])
    h = sc.char("hero", at, items=["horn"])
    horn = sc.unit(h).items[0]
    b = sc.char("belle", (0, 0)) if at != (0, 0) else None
    d = sc.disaster(disaster, at, items=carrying)
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    ev = sc.do(Fight(d), UseCard(horn, 0))
    return sc, ev, d, b


def test_flee_a_disaster_that_flees_stops_where_it_arrives():
    """Basic Terms, Flee: "Running Away, but for Disasters"; Run Away: "Move any remaining
    Characters 1 Location"; the glossary, Land on: "A Disaster Lands on a Location when
    his Movement runs out or something causes him to stop Moving"; Rules for Disasters:
    "it will pick up an Item from the first Location it stops on that has an Item" and "If
    a Combat Disaster stops at a Location where there are Characters without Items, the
    Disaster will automatically attack a random Character". The Imp flees the Hero from
    (1, 0) to (0, 0), picks up the Gem there and attacks Belle (failed before: it arrived
    and did nothing)."""
    sc, ev, imp, b = flee_scene("imp", (1, 0))
    assert sc.unit(imp).pos == (0, 0) and len(sc.unit(imp).items) == 1
    assert sc.st.places[(0, 0)].under == ()
    assert sc.st.combat is not None and sc.st.combat.disaster == imp
    assert sc.st.combat.cell == (0, 0) and sc.st.combat.target == b


def test_flee_off_the_last_location_ends_the_cycle_R69():
    """Basic Terms, Flee, as above; Maintenance Phase: "When a Disaster gets to the last
    Location of the leftmost column it moves Off Field. This is the end of a Disaster's
    cycle. Any cards the Disaster is carrying are Destroyed. Minor Disasters are
    Discarded. Major Disasters re-enter the Field at the first Location of rightmost
    column." R69: the Location a Disaster flees to is the next on its path, and fleeing
    off the last one ends its cycle (R3, R49). The Imp, fleeing from (0, 0) with an Idol,
    is Discarded and its Idol Destroyed; the Ogre re-enters at (1, 0), where it stops and
    picks up the Idol under it (failed before: both stayed at (0, 0))."""
    sc, ev, imp, _ = flee_scene("imp", (0, 0), ["idol"])
    assert imp not in sc.st.units and imp in sc.st.seats[0].discard
    assert len(sc.st.destroyed) == 1
    sc, ev, ogre, _ = flee_scene("ogre", (0, 0))
    assert sc.unit(ogre).pos == (1, 0) and len(sc.unit(ogre).items) == 1
    assert sc.st.places[(1, 0)].under == () and sc.st.combat is None
