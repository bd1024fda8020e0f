"""What the books allow "at any time" (anytime.py over the decision stack): Items
Dropped, Transferred and Used during any phase and in Combat (Basic Terms, Drop;
guideline 2.7); Flash Effects "throughout the game, except during the Draw phase"
(Rules for Flash Effects); and card text "in Combat" in Combat between players."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (BreakCharm, Challenge, Declare, Drop, EndPhase, Engage, Fight, Pass,
                                 PlayCard, Transfer, UseCard)
from game.engine.events import CombatHit, LocationAttacks
from game.engine.options import Options
from game.engine.state import DISCARD, MAINTENANCE, MOVE, RELOAD

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: star, name: Star, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 5, energy: 2}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 2, defense: 30, movement: 1, charm: 3}}
- {id: ring, name: Ring, type: item}
- id: zap
  name: Zap
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{modify: {attack: "+1"}, to: target, for: turn}]}
- id: ronin
  name: Ronin
  type: character
  gender: male
  abilities: {attack: 5, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": static, if: {in_combat: true}, do: [{modify: {attack: "+1"}, to: holder}]}
- id: drummer
  name: Drummer
  type: character
  gender: male
  abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": combat_round, uses: {count: 1, per: round},
       do: [{modify: {attack: "+1"}, to: holder, for: combat}]}
- id: medic
  name: Medic
  type: character
  gender: female
  abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": use, if: {in_combat: true}, target: {select: character, owner: you, at: here},
       do: [{heal: 2, to: target}]}
- id: overdrive
  name: Overdrive
  type: flash_effect
  requires: {categories: [Android]}
  effects:
    - {"on": play, target: {select: character, owner: you}, cost: {energy: 2},
       do: [{modify: {attack: "+3"}, to: target, for: turn}]}
- {id: droid, name: Droid, type: character, gender: female, categories: [Android],
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: cyborg, name: Cyborg, type: character, gender: male, categories: [Android],
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 3}}
- {id: fort, name: Fort, type: location, abilities: {attack: 5},
   requires: {skills: {Stealth: 1}}}
"""

NO_CHARM = Options(charm_combat=False)


def combat_scene(options: Options = NO_CHARM):
    """With Charm Combat on, the Ogre (Charm 3) Charms the pal (Charm 1) and the Star
    (Charm 5) resists it: the player may then try a Charm break."""
    sc = Scene(CARDS, seats=2, options=options)
    sc.location((0, 0), under=["ring"])
    sc.location((1, 0))
    hero = sc.char("star", (0, 0), items=["ring"])
    pal = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    return sc, hero, pal, ogre


def duel_scene(mine=("hero",), theirs=("hero",), where="plain"):
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0), where, under=["ring"])
    sc.location((1, 0))
    a = [sc.char(c, (0, 0)) for c in mine]
    b = [sc.char(c, (0, 0), seat=1) for c in theirs]
    sc.turn(MOVE)
    sc.st.location_struck.add((0, 0))  # its arrival strike is not this test's matter
    return sc, a, b


# Drop and Transfer at any time (Basic Terms, Drop; guideline 2.7) ----------------------
def test_drop_during_combat_with_a_disaster_basic_terms_drop_guideline_2_7():
    """"Items and Equipment may be Dropped any time": while declaring in a Combat."""
    sc, hero, pal, ogre = combat_scene()
    sc.do(Fight(ogre))
    ring = sc.unit(hero).items[0]
    assert Drop(ring, hero) in sc.legal()
    sc.do(Drop(ring, hero))
    assert ring in sc.st.places[(0, 0)].under and sc.st.combat is not None  # to Scavenge


def test_transfer_during_combat_with_a_disaster_guideline_2_7():
    sc, hero, pal, ogre = combat_scene()
    sc.do(Fight(ogre))
    ring = sc.unit(hero).items[0]
    sc.do(Transfer(ring, hero, pal))
    assert sc.unit(pal).items == [ring] and sc.st.combat is not None


def test_drop_during_charm_combat_with_a_disaster_guideline_2_7():
    """Charm Combat is part of the Combat: the Items may be dropped there too."""
    sc, hero, pal, ogre = combat_scene(Options())
    sc.do(Fight(ogre))
    assert sc.st.combat.stage == "break"
    ring = sc.unit(hero).items[0]
    assert Drop(ring, hero) in sc.legal()


def test_drop_by_the_defender_in_another_players_maintenance_guideline_2_7():
    """A Disaster lands on seat 1's group in seat 0's Maintenance: seat 1, deciding in that
    Combat, may Drop its Item ("during any phase")."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0))
    sc.location((0, 1), under=["ring"])
    hero = sc.char("hero", (0, 1), seat=1, items=["ring"])
    sc.disaster("ogre", (0, 0), brought_by=0)
    sc.combat_pile(1, *["blank"] * 4)
    sc.turn(DISCARD)
    sc.do(EndPhase())  # Reload, then Maintenance: the Ogre moves onto the hero
    assert sc.st.combat is not None and sc.st.current_seat() == 1
    assert sc.st.turn_seat == 0 and sc.st.phase == MAINTENANCE
    ring = sc.unit(hero).items[0]
    assert Drop(ring, hero) in sc.legal()


def test_drop_during_combat_between_players_guideline_2_7():
    sc, (a,), (b,) = duel_scene()
    ring = sc.cards(["ring"], 1)[0]
    sc.unit(b).items = [ring]
    sc.do(Challenge(1, (0, 0)), Engage(a, "attack", b))
    assert sc.st.current_seat() == 1
    assert Drop(ring, b) in sc.legal()
    sc.do(Drop(ring, b))
    assert ring in sc.st.places[(0, 0)].under and sc.st.duel is not None


# Flash Effects throughout the game (Rules for Flash Effects) ---------------------------
def test_flash_effect_in_the_discard_phase_rules_for_flash_effects():
    """"Flash Effects are played throughout the game, except during the Draw phase": the
    Discard phase is not the Draw phase."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0))
    zap, = sc.hand(0, "zap")
    sc.turn(DISCARD)
    assert PlayCard(zap, hero) in sc.legal()
    sc.st.phase = RELOAD  # the Draw phase: never
    assert PlayCard(zap, hero) not in sc.legal()


def test_a_refused_flash_effect_says_what_it_needs_rules_for_flash_effects():
    """"If a Flash Effect has a cost or requirement, the Character using the Flash
    Effect must pay the cost or meet the requirement": a refusal said only "not a
    target this Flash Effect can take now (requirement, cost, target)"; it says what
    the card is played on, what it needs, and which part fails for whom."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0))
    foe = sc.char("hero", (0, 0), seat=1)
    od, = sc.hand(0, "overdrive")
    sc.turn(MOVE)
    wants = (f"c{od} is played on one of your Characters that meets «Android» and has 2 "
             "Energy to pay")
    assert sc.refused(PlayCard(od)) == \
        f"{wants}; c{hero} does not meet its requirement («Android»)"
    assert sc.refused(PlayCard(od, hero)) == \
        f"c{od} cannot go on c{hero}: c{hero} does not meet its requirement («Android»)"
    droid = sc.char("droid", (0, 0))  # an Android with 1 Energy: short of the cost
    assert sc.refused(PlayCard(od, droid)) == \
        f"c{od} cannot go on c{droid}: it costs 2 Energy and c{droid} has 1"
    # Of several, the one that meets the requirement says what else fails.
    assert sc.refused(PlayCard(od)) == f"{wants}; it costs 2 Energy and c{droid} has 1"
    assert sc.refused(PlayCard(od, foe)) == \
        f"c{foe} is not a target: {wants}; it costs 2 Energy and c{droid} has 1"
    sc.st.take_unit(droid)
    sc.char("hero", (0, 0))
    assert sc.refused(PlayCard(od)) == f"{wants}; none of them meets «Android»"
    cyborg = sc.char("cyborg", (0, 0))  # an Android with 3 Energy
    assert sc.refused(PlayCard(od)) == f"{wants}; c{cyborg} can take it now"


def test_flash_effect_during_charm_combat_with_a_disaster_rules_for_flash_effects():
    sc, hero, pal, ogre = combat_scene(Options())
    zap, = sc.hand(0, "zap")
    sc.do(Fight(ogre))
    assert sc.st.combat.stage == "break"
    assert PlayCard(zap, hero) in sc.legal()


def test_flash_effect_in_combat_between_players_by_either_player_rules_for_flash_effects():
    sc, (a,), (b,) = duel_scene()
    mine, = sc.hand(0, "zap")
    theirs, = sc.hand(1, "zap")
    sc.do(Challenge(1, (0, 0)))
    assert PlayCard(mine, a) in sc.legal()
    sc.do(Engage(a, "attack", b))
    assert sc.st.current_seat() == 1 and PlayCard(theirs, b) in sc.legal()
    sc.do(PlayCard(theirs, b), Pass())  # seat 0 passes: the stack resolves
    assert total(sc.st, sc.unit(b), "attack") == 4 and sc.st.duel is not None


# "In Combat" card text in Combat between players ---------------------------------------
def test_in_combat_bonus_applies_in_combat_between_players():
    """A Character's "+1 Attack in Combat" holds in Combat between players as it does
    against a Disaster (Combat; Basic Terms, Opponent: "any other player")."""
    sc, (a,), (b,) = duel_scene(("ronin",), ("hero",))
    assert total(sc.st, sc.unit(a), "attack") == 5
    sc.do(Challenge(1, (0, 0)))
    assert total(sc.st, sc.unit(a), "attack") == 6
    ev = sc.do(Engage(a, "attack", b), Engage(b, "none"))
    assert of(ev, CombatHit)[0]["attack"] == 6


def test_every_combat_round_trigger_in_combat_between_players():
    """"At the start of every Combat round" text plays in a Combat between players."""
    sc, (a,), (b,) = duel_scene(("drummer",), ("hero",))
    sc.combat_pile(1, *["blank"] * 4)
    sc.do(Challenge(1, (0, 0)))
    assert total(sc.st, sc.unit(a), "attack") == 4
    sc.do(Engage(a, "attack", b), Engage(b, "none"))  # 4 against 3
    assert total(sc.st, sc.unit(a), "attack") == 5  # round 2: +1 more


def test_a_use_in_combat_is_offered_in_combat_between_players():
    sc, (m, hurt), (b,) = duel_scene(("medic", "hero"), ("hero",))
    sc.do(Challenge(1, (0, 0)))
    sc.unit(hurt).damage = 2
    use = UseCard(m, 0, hurt)
    assert use in sc.legal()
    sc.do(use)
    assert sc.unit(hurt).damage == 0 and sc.st.duel is not None


def test_a_location_strikes_every_combat_round_of_combat_between_players_rules_for_locations():
    """Rules for Locations: "If the Characters are in Combat, the Location also attacks once
    per Combat round. No Combat cards are drawn." Between players too."""
    sc, (a,), (b,) = duel_scene(where="fort")
    ev = sc.do(Challenge(1, (0, 0)), Engage(a, "attack", b), Engage(b, "none"))
    strikes = of(ev, LocationAttacks)
    assert sorted(s["target"] for s in strikes) == sorted([a, b])
    assert all((s["attack"], s["damage"]) == (5, 2) for s in strikes)
    assert sc.unit(a).damage == 2 and sc.st.duel is not None  # accrues in the Combat


def test_declaring_in_combat_with_a_disaster_still_offers_flash_and_items():
    sc, hero, pal, ogre = combat_scene()
    zap, = sc.hand(0, "zap")
    sc.do(Fight(ogre))
    legal = sc.legal()
    assert any(isinstance(x, Declare) for x in legal)
    assert PlayCard(zap, hero) in legal and Drop(sc.unit(hero).items[0], hero) in legal


def test_a_charmed_character_gone_home_during_charm_combat_is_not_freed_there():
    """A card used at any time during Charm Combat (here, one that sends its holder home)
    takes a Charmed Character out of the Combat: no Charm break is tried on it there."""
    sc = Scene(CARDS + """\
- id: retreat
  name: Retreat
  type: item
  effects:
    - {"on": use, do: [{send_home: true, to: holder}]}
""", seats=2)
    sc.location((0, 0), under=["ring"])
    sc.haven((1, 0))
    star = sc.char("star", (0, 0), items=["ring"])
    pal = sc.char("hero", (0, 0), items=["retreat"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert sc.st.combat.stage == "break" and BreakCharm(star, pal) in sc.legal()
    sc.do(UseCard(sc.unit(pal).items[0], 0))
    assert sc.unit(pal).pos == (1, 0)
    assert BreakCharm(star, pal) not in sc.legal()
    assert sc.st.combat is not None
