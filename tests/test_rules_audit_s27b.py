"""A second audit of 29 Nov 2026, evening (rulebook, fifth edition; guidelines of 1998):
Disasters and the Rules for Disasters (not their moves in the Maintenance phase), Ally
Disasters, Allying with Characters, Major and Minor Disasters, Setting Up the Field and
the Decks, Deck Construction, Physical Combat, Protecting and Combat with Disasters.
Each test names its section or guideline."""
from __future__ import annotations

import pytest
from scene import Scene, of
from test_hostile import LEGAL_DECK, refused, run

from game.engine.actions import Challenge, Declare, EndPhase, Engage, Fight, RunAway, RunTo
from game.engine.events import Bonked, CombatHit, DisasterDefeated, DisasterEntered, DisasterMoved, ItemStolen, Killed, Moved
from game.engine.state import DISCARD, MOVE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: pal, name: Pal, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: tank, name: Tank, type: disaster, class: minor,
   abilities: {attack: 1, defense: 4, movement: 1}}
- id: rider
  name: Rider
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 1, movement: 1}
  effects:
    - {"on": defeated, do: [{modify: {movement: "+1"}, to: here, for: turn}]}
- {id: glass, name: Glass Golem, type: disaster, class: major,
   abilities: {attack: 6, defense: 1, movement: 1}}
- {id: giant, name: Giant, type: disaster, class: major,
   abilities: {attack: 10, defense: 9, movement: 1}}
- id: magpie
  name: Magpie
  type: disaster
  class: minor
  abilities: {attack: 5, defense: 9, movement: 1}
  effects:
    - {"on": combat_round, if: {target_items: 1}, target: {select: character},
       do: [{steal: item, to: target}]}
- {id: turret, name: Turret, type: disaster, class: major,
   abilities: {attack: 4, defense: 4}}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
"""


# Rules for Disasters, Physical Combat ------------------------------------------------------

def test_rules_for_disasters_attack_defense_and_movement_make_a_combat_disaster():
    """Rules for Disasters: "Disasters that have Attack, Defense and Movement abilities
    are Combat Disasters." The Turret has Attack and Defense but no Movement: drawn in
    Reload it does not enter the Field at the top-right Location to fight; as a
    non-Combat Disaster it affects the Hero's group, has nothing to do there, and is
    Discarded (When a non-Combat Disaster "completes its actions it is Discarded")."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gem"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    sc.hand(0, *["blank"] * 6)
    turret = sc.draw_pile(0, "turret")[0]
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert of(ev, DisasterEntered) == [{"seat": 0, "card": turret, "cell": (0, 0)}]
    assert turret not in sc.st.units and turret in sc.st.seats[0].discard
    assert sc.st.combat is None and sc.unit(h).damage == 0

def test_physical_combat_a_character_bonked_in_the_round_still_defeats_the_disaster():
    """Physical Combat: "Attack and counter-attack happen simultaneously in the same
    Combat round." The Hero (3 Attack, 3 Defense) and the Glass Golem (6 Attack, 1
    Defense) hit each other: 3 - 1 = 2 Damage takes the Golem from 1 to -1, Defeated; 6 -
    3 = 3 takes the Hero from 3 to 0, Bonked. A Disaster Defeated that round takes no
    Item (the Hero's Idol drops under the Location, Rules for Disasters)."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), under=["gem"])
    h = sc.char("hero", (0, 0), items=["idol"])
    idol = sc.unit(h).items[0]
    glass = sc.disaster("glass", (0, 0))
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(glass))
    ev = sc.do(Declare(h, "attack"))
    on_glass, on_hero = of(ev, CombatHit)
    assert (on_glass["damage"], on_glass["health_after"], on_glass["result"]) == (2, -1, "defeated")
    assert (on_hero["damage"], on_hero["health_after"], on_hero["result"]) == (3, 0, "bonked")
    assert [e["card"] for e in of(ev, Bonked)] == [h] and glass not in sc.st.units
    assert not of(ev, ItemStolen) and sc.st.places[(0, 0)].under == (idol,)


def test_rules_for_disasters_a_disaster_that_kills_a_character_takes_its_item():
    """Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an Item,
    the Disaster drops the Item it was carrying beneath the Location, and takes the Item
    the Character had." The Giant (10 Attack) takes the Hero from 3 to -4, past -3 in one
    attack: Killed. The Giant's Gem goes under the Location, the Hero's Idol to it."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), under=["gem"])
    h = sc.char("hero", (0, 0), items=["idol"])
    idol = sc.unit(h).items[0]
    giant = sc.disaster("giant", (0, 0), items=["gem"])
    gem = sc.unit(giant).items[0]
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(giant))
    ev = sc.do(Declare(h, "none"))
    assert [e["card"] for e in of(ev, Killed)] == [h]
    assert sc.unit(giant).items == [idol] and sc.st.places[(0, 0)].under == (gem,)
    assert h in sc.st.seats[0].discard


def test_rules_for_disasters_a_disaster_attacks_though_its_ability_cannot_apply():
    """Rules for Disasters: "A Disaster will attack even if it cannot perform its special
    ability." The Magpie's text steals from a target with an Item; the Hero has none, so
    it steals nothing, and still attacks: 5 - 3 = 2 Damage."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gem"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    magpie = sc.disaster("magpie", (0, 0))
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(magpie))
    ev = sc.do(Declare(h, "none"))
    assert not of(ev, ItemStolen)
    hit = of(ev, CombatHit)[0]
    assert (hit["target"], hit["attack"], hit["damage"]) == (h, 5, 2)
    assert sc.unit(h).damage == 2 and sc.st.combat is not None


# Allying with Characters ---------------------------------------------------------------

def allied_scene(seats: int = 1, seed: int = 0,
                 items: tuple[str, ...] = ("idol",)) -> tuple[Scene, int, int]:
    """Seat 0's Hero at (0, 0), by default with an Item (a Disaster attacks it first),
    and Pal allied with its group (as the `ally: group` step leaves it); (1, 0) free to
    run to."""
    sc = Scene(CARDS, seats=seats, seed=seed)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0), items=items)
    pal = sc.disaster("pal", (0, 0))
    sc.st.ally_unit(sc.unit(pal), 0)
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    return sc, h, pal


def test_allying_with_characters_the_ally_runs_away_with_the_group_from_a_disaster():
    """Allying with Characters: "When a Disaster allies with your group of Characters, the
    Disaster moves with the group"; Basic Terms, Run Away: "Move any remaining Characters 1
    Location." The Hero runs from the Ogre to (1, 0): Pal goes along, still its ally
    (the engine left it behind at the Ogre)."""
    sc, h, pal = allied_scene()
    ogre = sc.disaster("ogre", (0, 0))
    sc.do(Fight(ogre))
    assert sc.st.combat.target == h
    sc.do(RunAway())
    ev = sc.do(RunTo((1, 0)))
    assert sc.unit(h).pos == (1, 0)
    assert sc.unit(pal).pos == (1, 0) and sc.unit(pal).ally_seat == 0
    assert of(ev, DisasterMoved) == [{"card": pal, "origin": (0, 0), "dest": (1, 0)}]
    assert of(ev, Moved)[0]["chars"] == [h]


def test_allying_with_characters_the_ally_runs_away_with_the_group_from_a_player():
    """Allying with Characters, as above, in Combat between players: seat 0 challenges
    seat 1's Hero and runs; Pal goes with seat 0's group."""
    sc, h, pal = allied_scene(seats=2)
    foe = sc.char("hero", (0, 0), seat=1)
    sc.combat_pile(1, *["blank"] * 6)
    sc.do(Challenge(1, (0, 0)), RunAway())
    assert sc.st.duel is not None and foe in sc.st.units
    while sc.st.duel is not None and RunTo((1, 0)) not in sc.legal():
        sc.do(Engage(foe, "none"))
    sc.do(RunTo((1, 0)))
    assert sc.unit(h).pos == (1, 0) and sc.unit(foe).pos == (0, 0)
    assert sc.unit(pal).pos == (1, 0) and sc.unit(pal).ally_seat == 0


def test_combat_health_restored_to_an_ally_that_ran_with_the_group():
    """Combat: "The Health of any Characters or Disasters that are still alive at the end
    of Combat is immediately restored to full." The allied Tank (Defense 4, carrying the
    Gem, so the Ogre's first target) takes 1 Damage from the final attack of a Run Away
    and runs with the Hero: it was left with it, as only the cell run from was healed.
    Between players the same: Pal, hit before the run, is healed where it ran."""
    sc, h, pal = allied_scene(items=())
    tank = sc.disaster("tank", (0, 0))
    sc.st.ally_unit(sc.unit(tank), 0)
    sc.unit(tank).items = sc.cards(["gem"])
    sc.do(Fight(sc.disaster("ogre", (0, 0))))
    assert sc.st.combat.target == tank
    sc.do(RunAway(), RunTo((1, 0)))
    assert sc.unit(tank).pos == (1, 0) and sc.unit(tank).damage == 0
    sc, h, pal = allied_scene(seats=2)
    foe = sc.char("hero", (0, 0), seat=1)
    sc.combat_pile(1, *["blank"] * 6)
    sc.do(Challenge(1, (0, 0)), RunAway())
    while sc.st.duel is not None and RunTo((1, 0)) not in sc.legal():
        sc.do(Engage(foe, "none"))
    sc.unit(pal).damage = 1  # as if hit in the final attack
    sc.do(RunTo((1, 0)))
    assert sc.unit(pal).pos == (1, 0) and sc.unit(pal).damage == 0


def test_combat_between_players_an_ally_with_a_defeated_effect_is_defeated_once():
    """Allying with Characters: an allied Disaster "will be considered a potential target"
    between players. Seat 1's Hero Defeats seat 0's allied Rider, whose card says what
    happens when it is Defeated: the effect ran, then the Combat resolved its round again
    and Defeated it again, until the engine stopped the loop (EffectLoop; the review
    found it with allies forced on all_decks). Now the round goes on once."""
    sc, h, _ = allied_scene(seats=2, items=())
    rider = sc.disaster("rider", (0, 0))
    sc.st.ally_unit(sc.unit(rider), 0)
    foe = sc.char("hero", (0, 0), seat=1)
    sc.combat_pile(1, *["blank"] * 6)
    sc.do(Challenge(1, (0, 0)), Engage(h, "none"), Engage(foe, "attack", rider))
    assert rider not in sc.st.units and sc.st.duel is not None and sc.st.duel.round == 2


def test_allying_with_characters_an_ally_with_an_item_is_the_disasters_first_pool():
    """Combat with Disasters: "First, the Disaster will attack a random Character having
    an Item"; Allying with Characters: the Disaster is in the pool "as though it were one
    of your Characters". Pal carries the Idol, the two Heroes nothing: whatever the
    seed, the Ogre attacks Pal."""
    targets = set()
    for seed in range(8):
        sc, h, pal = allied_scene(seed=seed, items=())
        sc.unit(pal).items = sc.cards(["gem"])
        sc.char("hero", (0, 0))
        sc.do(Fight(sc.disaster("ogre", (0, 0))))
        targets.add(sc.st.combat.target)
    assert targets == {pal}


def test_allying_with_characters_no_direct_control_over_the_ally():
    """Allying with Characters: "Aside from where it moves, you have no direct control
    over the Disaster." Fighting the Ogre, the player declares for the Hero only, and
    Pal adds no Attack; between players, Pal is attacked but declares nothing."""
    sc, h, pal = allied_scene()
    sc.do(Fight(sc.disaster("ogre", (0, 0))))
    assert sc.st.combat.to_declare == [h]
    ev = sc.do(Declare(h, "attack"))
    assert of(ev, CombatHit)[0]["attackers"] == [h]
    sc, h, pal = allied_scene(seats=2)
    foe = sc.char("hero", (0, 0), seat=1)
    sc.do(Challenge(1, (0, 0)))
    assert sc.st.duel.pending == [h, foe]


def test_combat_with_disasters_an_ally_defeated_by_the_final_attack_is_not_bonked():
    """Basic Terms, Run Away: "The opponent will get one final, unanswered attack upon
    your Characters"; Defeat: "A Combat Disaster is neither Bonked nor Killed, simply
    Defeated. Defeated Disasters are Discarded." Pal, allied with the group and carrying
    the Gem, is the Ogre's target when the Hero runs: 5 - 1 = 4 Damage, Health 1 to -3.
    Pal is Defeated and Discarded, its Gem dropped under the Location as when a round
    Defeats it (the engine Bonked it like a Character: set aside to come back to seat
    0's hand, and the Ogre took its Gem)."""
    sc, h, pal = allied_scene(items=())
    gem = sc.card("gem")
    sc.unit(pal).items = [gem]
    ogre = sc.disaster("ogre", (0, 0))
    sc.do(Fight(ogre))
    assert sc.st.combat.target == pal
    ev = sc.do(RunAway())
    assert of(ev, CombatHit)[0]["result"] == "defeated" and not of(ev, Bonked)
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [pal]
    assert pal not in sc.st.units and pal in sc.st.seats[0].discard
    assert sc.st.seats[0].set_aside == []
    assert not of(ev, ItemStolen) and sc.unit(ogre).items == []
    assert gem in sc.st.places[(0, 0)].under

# Deck Construction: a deck the rules refuse, on the command line -------------------------

@pytest.mark.parametrize("old, new, words", [
    ("  oni-warlord-brokentusk: 1\n  colossal-stray-cat: 1\n",
     "  tin-soldier-drone: 1\n  bounty-drone: 1\n", "1 of 7 Disasters are Major"),
    ("  salaryman-zombie: 2\n  paper-lantern-swarm: 1\n  angry-tengu-crow: 1\n",
     "  pop-quiz: 3\n  typhoon-season: 1\n", "3 of 7 Disasters are Combat Disasters"),
    ("haymaker: 3", "haymaker: 4", "4 copies of Haymaker"),
    ("golden-melon-pan: 2\n  crumpled-love-letter: 1\n  rubber-duck-of-destiny: 1\n",
     "golden-melon-pan: 4\n", "4 copies of Golden Melon Pan"),
    ("training-montage: 1", "sayo-tsukimura: 1", "2 copies of Sayo Tsukimura"),
    ("training-montage: 1", "sakura-yu-inn: 1", "2 copies of Sakura-Yu"),
], ids=["a-third-major", "half-combat", "3-of-a-combat-card", "3-of-an-item",
        "a-starter-as-a-power-card", "the-haven-as-a-power-card"])
def test_deck_construction_a_broken_rule_is_one_line_and_exit_code_2(tmp_path, old, new, words):
    """Deck Construction: "At least 1/3 must be Major Disasters", "At least 1/2 must be
    Combat Disasters", "No more than 3 of any particular Combat" and "Item", "You cannot
    double up a Character or a Haven, one as a starter, and another as a Power card".
    `validate` refuses each in one line naming the deck file, the line and the rule,
    with exit code 2 (the counts' sections are pinned in test_hostile)."""
    assert old in LEGAL_DECK
    path = tmp_path / "deck.yaml"
    path.write_text(LEGAL_DECK.replace(old, new), encoding="utf-8")
    line = refused(run("validate", str(path)), path, None, "deck is not legal", words)
    assert f"{path}:" in line and line.split(f"{path}:")[1].split(":")[0].isdigit(), line


def test_deck_construction_validate_checks_a_levels_decks_under_its_options_R12(
        tmp_path, monkeypatch):
    """R12: with Charm Combat off, a card with a Charm cost cannot be in a deck. A level
    that turns Charm Combat off with such a deck passed `validate`, though simulate and
    the window refuse it: validate now checks a level's decks under the level's options,
    in one line naming the deck file, its line and the level. (The deck lies where a
    level's decks are read from, here a folder standing for assets/decks/: one given to
    validate beside the level is none of its decks, tests/test_files_s46f.py.)"""
    decks = tmp_path / "decks"
    decks.mkdir()
    monkeypatch.setattr("game.validate.DEFAULT_DECKS_DIR", decks)
    pack, deck, level = tmp_path / "pack.yaml", decks / "charmed.yaml", tmp_path / "level.yaml"
    pack.write_text("- {id: smitten-gaze, name: Smitten Gaze, type: enhancement, "
                    "bonuses: {attack: '+1'}, costs: {charm: '-1'}}\n", encoding="utf-8")
    deck.write_text(LEGAL_DECK.replace("second-wind: 1", "smitten-gaze: 1"), encoding="utf-8")
    level.write_text("name: Calm\ndecks: [charmed, charmed]\n", encoding="utf-8")
    assert run("validate", str(pack), str(deck), str(level))[0] == 0  # Charm Combat on
    level.write_text("name: Calm\ndecks: [charmed, charmed]\noptions: {charm_combat: false}\n",
                     encoding="utf-8")
    line = refused(run("validate", str(pack), str(deck), str(level)), deck, None,
                   "Smitten Gaze", "Charm Combat", str(level))
    assert line.split(f"{deck}:")[1].split(":")[0].isdigit(), line
