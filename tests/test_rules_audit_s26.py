"""An audit of the thinner sections against scenes the other tests do not build (rulebook,
fifth edition: Move Phase, Scavenge Phase, Combat with Multiple Disasters, Bonk / Kill /
Defeat, Winning the Game, Discard and Reload Phases, Rules for Flash Effects)."""
from __future__ import annotations

from scene import Scene, of

from game.engine import combat
from game.engine.abilities import total
from game.engine.actions import (Challenge, Declare, DiscardCard, EndPhase, Engage, Fight, Move,
                                 PlayCard, Retrieve, RunAway, RunTo, Scavenge, Transfer,
                                 UseCard)
from game.engine.cards import Modifier
from game.engine.disasters import attack_order
from game.engine.events import (Bonked, CombatBegan, CombatHit, CombatTarget, DisasterMoved,
                                GameOver, Killed, LocationAttacks, Moved)
from game.engine.options import Options
from game.engine.state import DISCARD, MOVE, SCAVENGE, Lasting
from game.engine.tally import check

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: slow, name: Slow, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 1, charm: 1, energy: 1}}
- {id: heavy, name: Heavy, type: character, gender: male,
   abilities: {attack: 9, defense: 5, movement: 2, charm: 1, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 3, defense: 30, movement: 1}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: crystal, name: Catnip Crystal, type: item, uses: 2,
   effects: [{"on": use, if: {in_combat: true, against: minor},
              do: [{flee: true, to: disasters_here}]}]}
- {id: idol, name: Idol, type: item}
- {id: ring, name: Ring, type: item}
- {id: cutlass, name: Cutlass, type: equipment, bonuses: {attack: "+1"}}
- {id: training, name: Training, type: enhancement, bonuses: {attack: "+1"}}
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}}
- {id: crush, name: Crush, type: combat, physical: {own: {attack: "+6"}}, charm: {}}
- {id: smash, name: Smash, type: combat, physical: {own: {attack: "+12"}}, charm: {}}
- {id: power, name: Power, type: flash_effect, bonuses: {attack: "+2"}}
"""


# Move Phase -------------------------------------------------------------------------

def test_move_phase_leaving_the_haven_costs_a_point_of_movement():
    """Move Phase: "Move your Characters any number of Location up to their Movement
    ability"; a Haven is a cell of the Field (R4), so stepping out of it is one point."""
    sc = Scene(CARDS)
    sc.haven((0, 0))
    sc.location((1, 0))
    sc.location((2, 0))
    s = sc.char("slow", (0, 0))  # Movement 1
    sc.turn(MOVE)
    sc.refused(Move((s,), (2, 0)), "out of reach")
    ev = sc.do(Move((s,), (1, 0)))
    assert of(ev, Moved)[0]["cost"] == 1
    sc.refused(Move((s,), (2, 0)), "out of reach")


def test_move_phase_a_group_leaving_a_fifth_member_behind_basic_terms_group():
    """Basic Terms, Group: "To leave a group a Character must move to a different
    Location". Four of five in a Haven move out as a group; the fifth may not join them,
    but may go elsewhere."""
    sc = Scene(CARDS)
    sc.haven((0, 0))
    sc.location((1, 0))
    sc.location((1, 1))
    five = [sc.char("hero", (0, 0)) for _ in range(5)]
    sc.turn(MOVE)
    sc.do(Move(tuple(five[:4]), (1, 0)))
    sc.refused(Move((five[4],), (1, 0)), "at most 4")
    sc.do(Move((five[4],), (1, 1)))
    assert sc.unit(five[4]).pos == (1, 1)


def test_move_phase_a_location_with_attack_strikes_each_character_rules_for_locations():
    """Rules for Locations: a group without the required skills that stops at a Location
    with Attack is attacked, each Character: Attack 4 - Defense 3 = 1 Damage for Hero,
    4 - 5 = nothing for Heavy; the Damage heals (R24)."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), "reef")
    sc.location((5, 5), under=["idol"])
    h = sc.char("hero", (0, 0))
    w = sc.char("heavy", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((h, w), (1, 0)))
    hits = {e["target"]: e for e in of(ev, LocationAttacks)}
    assert set(hits) == {h, w}
    assert (hits[h]["attack"], hits[h]["defense"], hits[h]["damage"]) == (4, 3, 1)
    assert (hits[w]["attack"], hits[w]["defense"], hits[w]["damage"]) == (4, 5, 0)
    assert sc.unit(h).damage == 0 and h in sc.st.units


# Combat with Multiple Disasters -----------------------------------------------------

def test_combat_with_multiple_disasters_a_disaster_that_fled_arrived_last():
    """Combat with Multiple Disasters: "Disasters attack in the order they arrived at the
    Location." The Imp came into play before the Ogre, but the Ogre stood at the next
    Location when the Imp fled there (Basic Terms, Flee; the Catnip Crystal makes a Minor
    Disaster flee): the Ogre arrived there first, so it attacks first (failed before: the
    Imp kept the place of its first arrival on the Field)."""
    sc = Scene(CARDS)
    sc.location((1, 0))
    sc.location((0, 0))
    sc.location((-5, 5), under=["idol"])  # the path's last Location
    here, there = sc.st.path[0], sc.st.path[1]
    assert (here, there) == ((1, 0), (0, 0))  # down a column, then the next one left (R3)
    imp = sc.disaster("imp", here)
    ogre = sc.disaster("ogre", there)
    h = sc.char("hero", here, items=["crystal"])
    crystal = sc.unit(h).items[0]
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(imp))
    ev = sc.do(UseCard(crystal))
    assert of(ev, DisasterMoved) == [{"card": imp, "origin": here, "dest": there}]
    assert sc.st.combat is None  # "you do not get a final, unanswered attack"
    assert [u.card for u in attack_order(sc.st, there)] == [ogre, imp]


def test_combat_with_multiple_disasters_strongest_first_by_total_attack():
    """Combat with Multiple Disasters: arrived together, "the strongest one attacks
    first. Calculate by the Disaster's Attack, then Defense"; guideline 1.3: "Attack" is
    the Total Attack. The Brute's printed Attack 3 is below the Ogre's 5; with +3 it is 6
    and the Brute attacks first; a tie on Attack (+2: 5 and 5) goes to its Defense 30."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    brute = sc.disaster("brute", (0, 0))
    sc.unit(brute).arrived = sc.unit(ogre).arrived
    assert [u.card for u in attack_order(sc.st, (0, 0))] == [ogre, brute]
    sc.st.add_lasting(Lasting(brute, brute, 0, mods=(Modifier("attack", "+", 3),),
                              until="game"))
    assert [u.card for u in attack_order(sc.st, (0, 0))] == [brute, ogre]
    sc.st.set_lasting([Lasting(brute, brute, 0, mods=(Modifier("attack", "+", 2),),
                               until="game")])
    assert [u.card for u in attack_order(sc.st, (0, 0))] == [brute, ogre]
    sc.st.add_lasting(Lasting(ogre, ogre, 0, mods=(Modifier("defense", "x", 20),),
                              until="game"))  # 5 and 5 again, the Ogre's Defense 60
    assert [u.card for u in attack_order(sc.st, (0, 0))] == [ogre, brute]


# Bonk / Kill / Defeat ---------------------------------------------------------------

def _disaster_hits(card: str, chars_items=("idol", "ring")):
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((5, 5), under=["idol", "idol", "idol"])
    h = sc.char("hero", (0, 0), items=list(chars_items), equipment=["cutlass"],
                enhancements=["training"])
    ogre = sc.disaster("ogre", (0, 0), items=["ring"])
    sc.combat_pile(0, card, "blank")
    sc.turn(MOVE)
    return sc, h, ogre


def test_bonk_a_disaster_takes_one_item_of_two_the_rest_drops_basic_terms_bonk():
    """Basic Terms, Bonk: Enhancements are Discarded, Equipment and Items dropped below
    the Location; Rules for Disasters: the Disaster drops the Item it carried and takes
    the Item the Character had ("they can only carry 1 Item at a time"). Ogre 5 - Hero 3
    = 2 Damage a round: Health 3, 1, then -1, Bonked (not -3: not Killed). Hero does not
    attack, so the Ogre is still standing to take the Item."""
    sc, h, ogre = _disaster_hits("blank")
    sc.combat_pile(0, "blank", "blank", "blank", "blank")
    carried = set(sc.unit(h).items)
    own = list(sc.unit(ogre).items)
    eq = list(sc.unit(h).equipment)
    enh = list(sc.unit(h).enhancements)
    sc.do(Fight(ogre))
    ev = sc.do(Declare(h, "none"))
    hit = [e for e in of(ev, CombatHit) if e["target"] == h][0]
    assert (hit["attack"], hit["defense"], hit["damage"], hit["health_after"]) == (5, 3, 2, 1)
    ev = sc.do(Declare(h, "none"))
    hit = [e for e in of(ev, CombatHit) if e["target"] == h][0]
    assert (hit["health_before"], hit["health_after"], hit["result"]) == (1, -1, "bonked")
    assert of(ev, Bonked) and not of(ev, Killed)
    taken = sc.unit(ogre).items
    assert len(taken) == 1 and taken[0] in carried
    assert set(sc.st.places[(0, 0)].under) == (carried - set(taken)) | set(own) | set(eq)
    assert set(enh) <= set(sc.st.seats[0].discard) and h not in sc.st.seats[0].discard
    assert sc.st.combat is None  # "All Characters are Bonked or Killed"


def test_kill_a_disaster_takes_the_item_of_a_killed_character_basic_terms_kill():
    """Basic Terms, Kill, and Rules for Disasters ("Bonks or Kills a Character with an
    Item ... takes the Item the Character had"): Ogre 5 + Crush 6 = 11 against Hero's
    Defense 3: 8 Damage, Health 3 to -5, past -3 in one attack: Killed.
    The Killed Character is Discarded with its Enhancement; one of its two Items goes to
    the Ogre, the other and its Equipment below the Location with the Ogre's own Ring."""
    sc, h, ogre = _disaster_hits("crush")
    carried = set(sc.unit(h).items)
    own = list(sc.unit(ogre).items)
    eq = list(sc.unit(h).equipment)
    enh = list(sc.unit(h).enhancements)
    sc.do(Fight(ogre))
    ev = sc.do(Declare(h, "attack"))
    hit = [e for e in of(ev, CombatHit) if e["target"] == h][0]
    assert (hit["attack"], hit["defense"], hit["damage"]) == (11, 3, 8)
    assert (hit["health_before"], hit["health_after"], hit["result"]) == (3, -5, "killed")
    assert of(ev, Killed)
    taken = sc.unit(ogre).items
    assert len(taken) == 1 and taken[0] in carried
    under = set(sc.st.places[(0, 0)].under)
    assert under == (carried - set(taken)) | set(own) | set(eq)
    assert h in sc.st.seats[0].discard and set(enh) <= set(sc.st.seats[0].discard)
    assert h not in sc.st.units


# Reload Phase ----------------------------------------------------------------------

def test_reload_a_bonked_character_back_is_one_of_the_draws():
    """Basic Terms, Bonk: "it may be placed back in your hand during your Reload phase
    as one of your draws": with 6 cards in hand it makes the 7th, and nothing is drawn."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    h = sc.card("hero")
    sc.hand(0, *["power"] * 6)
    sc.draw_pile(0, "power", "power")
    s = sc.st.seats[0]
    s.set_aside.append((h, s.turns))
    sc.turn(DISCARD)
    sc.do(EndPhase())  # Discard -> Reload (drawing)
    assert h in s.hand and len(s.hand) == 7 and len(s.draw) == 2


# Winning the Game ------------------------------------------------------------------

def test_winning_the_game_players_majority_split_most_wins():
    """Winning the Game: 9 Items; seat 0 holds 3, seat 1 holds 2 (5 > 4.5), the Disasters
    2, the Field 2: the players have more than half, the player with the most wins."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol", "idol"])
    sc.char("hero", (0, 0), items=["idol", "idol", "idol"])
    sc.char("hero", (0, 0), seat=1, items=["idol", "idol"])
    sc.disaster("ogre", (0, 0), items=["idol"])
    sc.st.destroyed.append(sc.card("idol"))
    sc.turn(DISCARD)
    ev = []
    check(sc.st, ev)
    over = of(ev, GameOver)[0]
    assert over["winners"] == [0] and not over["disasters_win"]


def test_combat_with_disasters_goes_on_after_the_item_carrier_is_bonked():
    """Combat with Disasters: "Combat continues until: 1. The Disaster flees 2. The
    Disaster is Defeated 3. All Characters are Bonked or Killed 4. The Characters Run
    Away." The Ogre Bonks the one with the Idol and takes it; Heavy is still standing, so
    the Combat goes on, and the Ogre, now with no Character holding an Item, attacks
    Heavy (the only one left)."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((5, 5), under=["idol", "idol", "idol"])
    h = sc.char("hero", (0, 0), items=["idol"])
    w = sc.char("heavy", (0, 0))
    ogre = sc.disaster("brute", (0, 0))  # Attack 3, Defense 30: never Defeated here
    sc.combat_pile(0, "smash", "blank", "blank", "blank")
    sc.turn(MOVE)
    ev = sc.do(Fight(ogre))
    assert of(ev, CombatTarget)[0]["target"] == h
    ev = sc.do(Declare(h, "attack"), Declare(w, "attack"))
    assert of(ev, Killed) or of(ev, Bonked)
    assert len(sc.unit(ogre).items) == 1
    assert sc.st.combat is not None
    assert of(ev, CombatTarget)[-1]["target"] == w


def test_location_attack_that_bonks_drops_the_items_below_the_location_R24():
    """Rules for Locations and Basic Terms, Bonk: Reef (Attack 4) strikes Frail (Defense
    2, Health 2) for 2: Health 0, Bonked; her Idol is dropped below the Location, where
    it must be Scavenged (Basic Terms, Drop)."""
    sc = Scene(CARDS + """\
- {id: frail, name: Frail, type: character, gender: female,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 1}}
""")
    sc.location((0, 0))
    sc.location((1, 0), "reef")
    sc.location((5, 5), under=["idol", "idol", "idol"])
    f = sc.char("frail", (0, 0), items=["idol"])
    idol = sc.unit(f).items[0]
    sc.turn(MOVE)
    ev = sc.do(Move((f,), (1, 0)))
    hit = of(ev, LocationAttacks)[0]
    assert (hit["attack"], hit["defense"], hit["damage"], hit["health_after"],
            hit["result"]) == (4, 2, 2, 0, "bonked")
    assert f not in sc.st.units and list(sc.st.places[(1, 0)].under) == [idol]


# Discard Phase ---------------------------------------------------------------------

def test_discard_phase_an_item_discarded_from_the_haven_counts_for_the_disasters():
    """Discard Phase: "Discard any cards in your Haven that you do not want"; Rules for
    Items: "Discarded and Destroyed Items count towards the Disasters' total". 3 Items:
    one discarded from the Haven, one carried by a Disaster: 2 > 1.5, the Disasters win."""
    sc = Scene(CARDS)
    haven = sc.haven((1, 0), stored=["idol"])
    sc.location((0, 0), under=["idol"])
    sc.disaster("ogre", (0, 0), items=["idol"])
    stored = haven.under[0]
    sc.turn(DISCARD)
    ev = []
    check(sc.st, ev)
    assert not of(ev, GameOver)
    sc.do(DiscardCard(stored))
    assert stored in sc.st.seats[0].discard
    ev = []
    check(sc.st, ev)  # the next tally (R14)
    over = of(ev, GameOver)[0]
    assert over["disasters_win"] and over["items"]["disasters"] == 2


# Rules for Flash Effects -----------------------------------------------------------

def test_rules_for_flash_effects_a_modifier_adds_to_the_attack_in_combat():
    """Rules for Flash Effects: "If a Flash Effect has a modifier before an ability ... it
    modifies that ability." Power (+2 Attack) on Hero before the round: Hero 3 + 2 and
    Heavy 9 = 14 against the Brute's Defense 30: 0 Damage; against an Ogre (Defense 3)
    Hero's 5 alone does 2."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((5, 5), under=["idol"])
    h = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    power, = sc.hand(0, "power")
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    sc.do(PlayCard(power, h))
    ev = sc.do(Declare(h, "attack"))
    hit = [e for e in of(ev, CombatHit) if e["target"] == ogre][0]
    assert (hit["attack"], hit["defense"], hit["damage"]) == (5, 3, 2)


# Scavenge Phase --------------------------------------------------------------------

def test_scavenge_phase_a_revealed_combat_disaster_attacks_the_item_carrier():
    """Scavenge Phase: "If it is a Combat Disaster, you will have to fight it"; Combat
    with Disasters: "First, the Disaster will attack a random Character having an Item."
    The Ogre turned over attacks Slow, who carries the Ring, never Hero."""
    for seed in range(6):
        sc = Scene(CARDS, seed=seed)
        sc.location((0, 0), under=["ogre", "idol"])
        sc.location((5, 5), under=["idol"])
        sc.char("hero", (0, 0))
        s = sc.char("slow", (0, 0), items=["ring"])
        sc.combat_pile(0, "blank", "blank")
        sc.turn(SCAVENGE)
        ev = sc.do(Scavenge((0, 0)))
        assert of(ev, CombatBegan)[0]["context"] == "scavenge"
        assert of(ev, CombatTarget)[0]["target"] == s


def test_scavenge_phase_items_and_equipment_are_retrieved_after_every_disaster():
    """Scavenge Phase: "After all Disasters have been dealt with, you may retrieve any
    Items and Equipment from beneath that Location." A Cutlass dropped there earlier lies
    under the Idol; both are retrieved, one by one, once the Ogre is Defeated."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["ogre", "idol", "cutlass"])
    sc.location((5, 5), under=["idol"])
    w = sc.char("heavy", (0, 0))  # Attack 9 against the Ogre's Defense 3: Defeated
    _, idol, cutlass = sc.st.places[(0, 0)].under
    sc.combat_pile(0, "blank", "blank")
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    sc.refused(Retrieve(w))
    sc.do(Declare(w, "attack"))
    sc.do(Retrieve(w), Retrieve(w))
    assert sc.unit(w).items == [idol] and sc.unit(w).equipment == [cutlass]
    assert sc.st.places[(0, 0)].under == ()


# Combat ------------------------------------------------------------------------------

def test_combat_a_disaster_run_from_is_healed_at_the_end_of_combat():
    """Combat: "The Health of any Characters or Disasters that are still alive at the end
    of Combat is immediately restored to full." Heavy (Attack 9) hits the Troll (Defense
    6) for 3: Health 6 to 3. Heavy Runs Away the next round; the Troll is whole again."""
    sc = Scene(CARDS + """\
- {id: troll, name: Troll, type: disaster, class: major,
   abilities: {attack: 2, defense: 6, movement: 1}}
""")
    sc.location((0, 0))
    sc.location((1, 0))
    sc.location((5, 5), under=["idol"])
    w = sc.char("heavy", (0, 0))
    troll = sc.disaster("troll", (0, 0))
    sc.combat_pile(0, "blank", "blank", "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(troll))
    ev = sc.do(Declare(w, "attack"))
    hit = [e for e in of(ev, CombatHit) if e["target"] == troll][0]
    assert (hit["attack"], hit["defense"], hit["damage"], hit["health_after"]) == (9, 6, 3, 3)
    sc.do(RunAway(), RunTo((1, 0)))
    assert sc.st.combat is None and sc.unit(w).pos == (1, 0)
    assert sc.unit(troll).damage == 0 and sc.unit(w).damage == 0


def test_run_away_with_items_to_a_location_with_a_combat_disaster_is_attacked_R23():
    """Basic Terms, Run Away: "Move any remaining Characters 1 Location. This will end
    your Turn." Where they stop, they are met as in normal play (Basic Terms, Steal: "If,
    after stealing an Item, you move to a Location where there is a Combat Disaster, the
    Disaster will try to take the Item from you as in normal play"; R23: Characters that
    stop at a Location while carrying Items are attacked; R24 counts Running Away as
    stopping). Hero runs from the Brute with the Idol to the Ogre's Location: the Ogre
    attacks him; his Turn ends after that Combat."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])
    h = sc.char("hero", (0, 0), items=["idol"])
    brute = sc.disaster("brute", (0, 0))
    ogre = sc.disaster("ogre", (1, 0))
    # The final attack: the Brute's card, Hero's; then the Ogre's first round.
    sc.combat_pile(0, "blank", "blank", "crush", "blank")
    sc.turn(MOVE)
    sc.do(Fight(brute))
    ev = sc.do(RunAway(), RunTo((1, 0)))
    assert sc.unit(h).pos == (1, 0)
    assert [(e["disaster"], e["cell"]) for e in of(ev, CombatBegan)] == [(ogre, (1, 0))]
    assert sc.st.combat.disaster == ogre and sc.st.turn_seat == 0
    # Ogre 5 + Crush 6 = 11 - Hero's 3 = 8: Health 3 to -5, Killed; the Ogre takes the
    # Idol, and the Turn ends with the Combat.
    ev = sc.do(Declare(h, "none"))
    assert of(ev, Killed) and len(sc.unit(ogre).items) == 1
    assert sc.st.combat is None and sc.st.turn_seat == 1


def test_run_away_between_players_with_items_to_a_combat_disaster_is_attacked_R23():
    """Combat Between Players, Run Away, as above (R23, R33 f): seat 1's Hero, carrying
    the Idol, runs from seat 0's Challenge to the Ogre's Location; the Ogre attacks him
    there, and seat 0's Turn goes on after that Combat."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])
    a = sc.char("hero", (0, 0))
    b = sc.char("hero", (0, 0), seat=1, items=["idol"])
    ogre = sc.disaster("ogre", (1, 0))
    sc.combat_pile(1, "crush", "blank")  # the Ogre's card, Hero's
    sc.turn(MOVE)
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "none"), RunAway(), RunTo((1, 0)))
    assert sc.unit(b).pos == (1, 0) and sc.st.duel is None
    assert [(e["seat"], e["disaster"]) for e in of(ev, CombatBegan)] == [(1, ogre)]
    ev = sc.do(Declare(b, "none"))  # Ogre 5 + 6 - Hero 3 = 8: Health 3 to -5, Killed
    assert of(ev, Killed) and len(sc.unit(ogre).items) == 1
    assert sc.st.combat is None and (sc.st.turn_seat, sc.st.phase) == (0, MOVE)


# Rules for Items ---------------------------------------------------------------------

def test_rules_for_items_carried_without_the_requirement_used_only_with_it():
    """Rules for Items: "A Character does not need to pay a price or meet a requirement
    to carry an Item, only to use an Item." Hero (no Tech) retrieves the Core and carries
    it but cannot use it; handed to the Engineer (Tech), it is used: +3 Energy."""
    sc = Scene(CARDS + """\
- {id: core, name: Core, type: item, requires: {skills: {Tech: 1}}, uses: 2,
   effects: [{"on": use, do: [{modify: {energy: "+3"}, for: turn}]}]}
- {id: engineer, name: Engineer, type: character, gender: female, skills: {Tech: 1},
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 1}}
""")
    sc.location((0, 0), under=["core"])
    sc.location((5, 5), under=["idol"])
    h = sc.char("hero", (0, 0))
    e = sc.char("engineer", (0, 0))
    core = sc.st.places[(0, 0)].under[0]
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)), Retrieve(h))
    assert sc.unit(h).items == [core]
    sc.refused(UseCard(core))
    sc.do(Transfer(core, h, e), UseCard(core))
    assert total(sc.st, sc.unit(e), "energy") == 4


def test_move_phase_passing_over_is_not_stopping_rules_for_locations_R23():
    """Rules for Locations ("stops at a Location with Attack") and R23 (a group that
    stops carrying Items is attacked): Hero, carrying the Idol, passes over the Reef and
    the Ogre's Location on his way; neither strikes. Where he stops, the Ogre's, it does."""
    sc = Scene(CARDS + """\
- {id: runner, name: Runner, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 3, charm: 1, energy: 1}}
""")
    for x, card in ((0, "plain"), (1, "reef"), (2, "plain"), (3, "plain")):
        sc.location((x, 0), card)
    sc.location((-5, 5), under=["idol"])
    r = sc.char("runner", (0, 0), items=["idol"])
    sc.disaster("ogre", (2, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((r,), (3, 0)))  # over the Reef and the Ogre's Location
    assert not of(ev, LocationAttacks) and not of(ev, CombatBegan)
    sc2 = Scene(CARDS)
    for x in range(3):
        sc2.location((x, 0))
    sc2.location((-5, 5), under=["idol"])
    h = sc2.char("hero", (0, 0), items=["idol"])
    ogre = sc2.disaster("ogre", (2, 0))
    sc2.turn(MOVE)
    ev = sc2.do(Move((h,), (2, 0)))
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [ogre]


def test_reload_a_bonked_character_back_and_a_combat_disaster_drawn_stop_the_draws():
    """Reload Phase: "Draw 1 card at a time until you have 7 cards in your hand or until
    you Draw a Disaster that can affect the Field"; the Bonked Character back is one of
    the draws (Basic Terms, Bonk). 4 in hand, Hero back: 5; Power: 6; the Ogre enters at
    the top-right Location and the drawing stops, one Power left in the pile."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    h = sc.card("hero")
    sc.hand(0, *["power"] * 4)
    power, ogre, last = sc.draw_pile(0, "power", "ogre", "power")
    s = sc.st.seats[0]
    s.set_aside.append((h, s.turns))
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert len(s.hand) == 6 and h in s.hand and power in s.hand
    assert sc.unit(ogre).pos == sc.st.path[0] and s.draw == [last]


def _interrupted(h1_to=None):
    """Two Heroes fight the Brute (a Combat begun by a Fight); before they declare, the
    second is taken to the Ogre's Location, as a thief's getaway takes a thief, and the
    Ogre's Combat begins above the Brute's (the first Hero, with `h1_to`, went elsewhere
    meanwhile). The Ogre attacks the second Hero, who carries the Ring."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])
    h1 = sc.char("hero", (0, 0))
    h2 = sc.char("hero", (0, 0), items=["ring"])
    brute = sc.disaster("brute", (0, 0))
    ogre = sc.disaster("ogre", (1, 0))
    sc.combat_pile(0, "crush", "blank")
    sc.turn(MOVE)
    sc.do(Fight(brute))
    sc.st.move_unit(sc.unit(h2), (1, 0))
    if h1_to is not None:
        sc.st.move_unit(sc.unit(h1), h1_to)
    combat.start(sc.st, 0, (1, 0), [ogre], "move", [])
    # Ogre 5 + Crush 6 = 11 against Defense 3: Health 3 to -5, Killed.
    ev = sc.do(Declare(h2, "none"))
    assert of(ev, Killed) and h2 not in sc.st.units
    return sc, h1, brute


def test_combat_interrupted_goes_on_with_those_left_basic_terms_kill():
    """Combat with Disasters, "Combat continues until: ... All Characters ... are Bonked or
    Killed"; Basic Terms, Steal: a thief's getaway (or a Run Away) can take part of a
    group to another Disaster, whose Combat is fought above the first. When the Ogre has
    Killed the second Hero, the Brute's Combat goes on with the Hero left, who declares
    again. It waited on the Killed one, and the next listing failed (KeyError)."""
    sc, h1, brute = _interrupted()
    c = sc.st.combat
    assert c.disaster == brute and c.to_declare == [h1] and c.target == h1
    assert Declare(h1, "attack") in sc.legal()


def test_combat_interrupted_ends_when_none_of_its_group_is_left_basic_terms_kill():
    """As above, the first Hero having left the Brute's Location meanwhile: with none of
    its group there, the Brute's Combat ends."""
    sc, h1, brute = _interrupted(h1_to=(5, 5))
    assert sc.st.combat is None
    assert sc.legal()
