"""The Scavenge phase (rulebook, Scavenge Phase, Card Requirements, Rules for Locations;
R25, R26, R29)."""
from __future__ import annotations

import pytest
from scene import Scene, of

from game.engine.actions import (AttackLocation, ContinueScavenging, Declare, EndPhase, Fight,
                                 Move, Retrieve, RunAway, RunTo, Scavenge, StopScavenging)
from game.engine.events import (CombatBegan, DisasterDefeated, DisasterEndured, DisasterRevealed, ItemTaken, LocationAttacked, ScavengingBegan, ScavengingEnded)
from game.engine.state import MOVE, SCAVENGE, Lasting

CARDS = """\
- {id: ukyo, name: Ukyo Kuonji, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 3, energy: 2},
   skills: {Cooking: 2, Martial Arts: 1}}
- {id: akane, name: Akane Tendo, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 2},
   skills: {Martial Arts: 2, Cooking: -1}}
- {id: cook, name: Cook, type: character, gender: male,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 1},
   skills: {Cooking: 1}}
- {id: man, name: Man, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: woman, name: Woman, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: alien, name: Alien, type: character, gender: male, categories: [Alien],
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: strongman, name: Strongman, type: character, gender: male,
   abilities: {attack: 4, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Strength: 1}}
- {id: pyro, name: Pyro, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Fire Element: 1, Priest: 1}}
- {id: priest, name: Priest, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Priest: 1}}
- {id: nanami, name: Nanami Jinnai, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Illusion Piercing: 1}}
- {id: gunner, name: Gunner, type: character, gender: male,
   abilities: {attack: 9, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: helper, name: Helper, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: training, name: Training, type: enhancement, bonuses: {attack: "+1"}}
- {id: master-key, name: Master Key, type: item}
- {id: idol, name: Idol, type: item}
- {id: cutlass, name: Cutlass, type: equipment, bonuses: {attack: "+1"}}
- {id: kitchen, name: Kitchen, type: location, requires: {skills: {Cooking: 2}}}
- {id: hideout, name: Hideout, type: location, requires: {categories: [Alien]}}
- {id: hot-springs, name: Hot Springs House, type: location, requires: {females: 3}}
- {id: tank-hq, name: Tank Police HQ, type: location, requires: {males: 2}}
- {id: planetoid, name: King Kai's Planetoid, type: location,
   requires: {abilities: {attack: 4}, skills: {Strength: 1}}}
- {id: tomb, name: Ifurita's Tomb, type: location,
   requires: {skills: {Priest: 1}, any_element: true}}
- {id: mirage, name: Mirage, type: location, requires: {illusion_piercing: true}}
- {id: vault, name: Vault, type: location, requires: {cards: [master-key]}}
- {id: hot-legs, name: Hot Legs, type: location, requires: {skills: {Seduction: 1}},
   abilities: {defense: 8}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 2, defense: 30, movement: 1}}
- {id: sentry, name: Sentry, type: disaster, class: major, moves_once: true,
   abilities: {attack: 1, defense: 30, movement: 1}}
- {id: gloom, name: Gloom, type: disaster, class: minor, defeat: {females: 1},
   endure: {modifiers: {attack: "-1"}, turns: 1}}
"""


def at(location: str, *chars: str, under=("idol",), cards=CARDS, **kw) -> tuple[Scene, list[int]]:
    """A group of Characters at a Location, in the Scavenge phase."""
    sc = Scene(cards)
    sc.location((0, 0), location, under=under)
    sc.location((1, 0))
    ids = [sc.char(c, (0, 0), **kw) for c in chars]
    sc.turn(SCAVENGE)
    return sc, ids


@pytest.mark.parametrize("location, fails, meets", [
    # Skills add up over the group; an anti-skill subtracts (Card Descriptions, Skills):
    # Akane's Cooking -1 and Ukyo's Cooking x2 make a single Cooking skill.
    ("kitchen", ["akane", "ukyo"], ["akane", "ukyo", "cook"]),
    ("kitchen", ["cook"], ["ukyo"]),
    ("hideout", ["man"], ["man", "alien"]),                        # a category
    ("hot-springs", ["woman", "ukyo", "man"], ["woman", "ukyo", "akane"]),  # 3 Females
    ("tank-hq", ["man", "woman"], ["man", "alien"]),               # 2 Males
    # Ability N+ (R25): one Character with Attack 4 or more, and Strength.
    ("planetoid", ["akane"], ["strongman"]),
    ("tomb", ["priest", "man"], ["priest", "pyro"]),               # Priest and any Element
    ("tomb", ["priest"], ["pyro"]),
    ("mirage", ["man"], ["man", "nanami"]),                        # Illusion Piercing
])
def test_requirements_to_enter_a_location(location, fails, meets):
    sc, _ = at(location, *fails)
    sc.refused(Scavenge((0, 0)), "requirements")
    assert Scavenge((0, 0)) not in sc.legal()
    sc, _ = at(location, *meets)
    assert Scavenge((0, 0)) in sc.legal()
    ev = sc.do(Scavenge((0, 0)))
    assert of(ev, ScavengingBegan) == [{"seat": 0, "cell": (0, 0)}]


def test_ability_n_plus_is_one_characters_total_not_the_groups_R25():
    # Two Characters with Attack 2 and 3 (5 together) do not meet Attack 4+.
    sc = Scene(CARDS + """\
- {id: weakling, name: Weakling, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Strength: 1}}
""")
    sc.location((0, 0), "planetoid", under=["idol"])
    weak = sc.char("weakling", (0, 0))
    sc.char("man", (0, 0))
    sc.turn(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "Attack 4+")
    # Bonuses count: an Enhancement takes the Weakling to a total of 4 (R25).
    sc.unit(weak).enhancements.append(sc.card("training"))
    assert Scavenge((0, 0)) in sc.legal()


def test_another_card_requirement_is_met_by_a_carried_item():
    sc, _ = at("vault", "man")
    sc.refused(Scavenge((0, 0)), "requirements: Master Key")  # its name, not its file id
    sc, _ = at("vault", "man", items=["master-key"])
    assert Scavenge((0, 0)) in sc.legal()


def test_scavenging_only_once_per_turn():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gloom", "idol"])
    sc.location((1, 0), under=["idol"])
    sc.char("woman", (0, 0))
    sc.char("woman", (1, 0))
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)), StopScavenging())
    assert sc.st.scavenging is None
    sc.refused(Scavenge((1, 0)), "once per Turn")
    sc.refused(Scavenge((0, 0)), "once per Turn")
    assert not any(isinstance(a, Scavenge) for a in sc.legal())


def test_scavenging_happens_in_the_scavenge_phase():
    sc, _ = at("plain", "man")
    sc.turn(MOVE)
    sc.refused(Scavenge((0, 0)), "Scavenge phase")


def test_disasters_are_revealed_one_by_one_and_items_retrieved_after_all():
    sc, (w,) = at("plain", "woman", under=["gloom", "gloom", "idol"])
    under = list(sc.st.places[(0, 0)].under)
    ev = sc.do(Scavenge((0, 0)))
    assert [e["card"] for e in of(ev, DisasterRevealed)] == [under[0]]
    assert of(ev, DisasterDefeated)[0]["card"] == under[0]  # a Female Defeats it (R29)
    assert list(sc.st.places[(0, 0)].under) == under[1:]
    # Another Disaster lies under: the Items are not reachable yet.
    sc.refused(Retrieve(w), "after every Disaster")
    assert set(sc.legal()) == {ContinueScavenging(), StopScavenging()}
    ev = sc.do(ContinueScavenging())
    assert [e["card"] for e in of(ev, DisasterRevealed)] == [under[1]]
    assert Retrieve(w) in sc.legal()
    ev = sc.do(Retrieve(w))
    assert sc.unit(w).items == [under[2]]
    taken = [e for e in ev if isinstance(e, ItemTaken)][0]
    assert taken.public == {"by": w, "cell": (0, 0)} and taken.private == {"card": under[2]}
    assert sc.st.places[(0, 0)].under == ()
    assert of(ev, ScavengingEnded) == [{"seat": 0, "cell": (0, 0), "left": 0}]


def test_stopping_leaves_the_rest_under_the_location():
    sc, (w,) = at("plain", "woman", under=["gloom", "gloom", "idol"])
    under = list(sc.st.places[(0, 0)].under)
    sc.do(Scavenge((0, 0)))
    ev = sc.do(StopScavenging())
    assert of(ev, ScavengingEnded) == [{"seat": 0, "cell": (0, 0), "left": 2}]
    assert list(sc.st.places[(0, 0)].under) == under[1:]
    assert sc.unit(w).items == [] and sc.st.scavenging is None
    sc.do(EndPhase())  # the Turn can end


def test_non_combat_disaster_endured_when_the_group_cannot_defeat_it_R29():
    sc, (m,) = at("plain", "man", under=["gloom", "idol"])
    gloom = sc.st.places[(0, 0)].under[0]
    ev = sc.do(Scavenge((0, 0)))
    assert of(ev, DisasterEndured) == [{"card": gloom, "seat": 0, "chars": [m], "turns": 1}]
    assert [o.card for o in sc.st.off_field] == [gloom]
    from game.engine.abilities import total
    assert total(sc.st, sc.unit(m), "attack") == 1
    # Enduring deals with it: the Items can be retrieved.
    assert Retrieve(m) in sc.legal()


def test_combat_disaster_revealed_is_fought_then_scavenging_goes_on():
    sc, (g,) = at("plain", "gunner", under=["ogre", "idol"])
    ogre = sc.st.places[(0, 0)].under[0]
    sc.combat_pile(0, "blank", "blank")
    ev = sc.do(Scavenge((0, 0)))
    began = of(ev, CombatBegan)
    assert began == [{"seat": 0, "cell": (0, 0), "disaster": ogre, "context": "scavenge"}]
    assert sc.unit(ogre).pos == (0, 0) and sc.unit(ogre).disaster
    ev = sc.do(Declare(g, "attack"))
    assert of(ev, DisasterDefeated)
    assert sc.st.scavenging is not None and sc.st.scavenging.stage == "retrieve"
    sc.do(Retrieve(g))
    assert len(sc.unit(g).items) == 1


def test_scavenging_ends_when_the_group_runs_from_a_revealed_disaster():
    sc, (m,) = at("plain", "man", under=["brute", "idol"])
    brute = sc.st.places[(0, 0)].under[0]
    sc.combat_pile(0, "blank")
    sc.do(Scavenge((0, 0)), RunAway(), RunTo((1, 0)))
    assert sc.st.scavenging is None
    assert sc.unit(brute).pos == (0, 0)          # it stays on the Field
    assert [sc.game.card(c).id for c in sc.st.places[(0, 0)].under] == ["idol"]
    assert sc.unit(m).pos == (1, 0) and sc.unit(m).items == []


def hot_legs() -> tuple[Scene, int, int]:
    sc = Scene(CARDS)
    sc.location((0, 0), "hot-legs", under=["idol"])  # Defense 8, requires Seduction
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])  # more Items: no early majority (R14)
    gunner = sc.char("gunner", (0, 0))   # Attack 9
    helper = sc.char("helper", (1, 0))   # Attack 3: "a little more fire power"
    sc.turn(SCAVENGE)
    return sc, gunner, helper


def test_golden_hot_legs_location_with_defense_attacked_over_three_turns():
    """Rules for Locations: Hot Legs has a Defense of 8; attacks of 9, 12 and 12 bring
    its Health to 7, 3 and -1; then the Characters can Scavenge it."""
    sc, gunner, helper = hot_legs()
    sc.refused(Scavenge((0, 0)), "requirements")
    assert AttackLocation((0, 0)) in sc.legal()
    ev = sc.do(AttackLocation((0, 0)))
    assert of(ev, LocationAttacked) == [{"seat": 0, "cell": (0, 0), "attack": 9, "defense": 8,
                                          "health_before": 8, "health_after": 7}]
    sc.refused(AttackLocation((0, 0)), "attacked this Turn")  # 1 attack per Turn
    sc.refused(Scavenge((0, 0)), "requirements")
    sc.until(MOVE)
    sc.do(Move((helper,), (0, 0)))
    sc.until(SCAVENGE)
    ev = sc.do(AttackLocation((0, 0)))
    hit = of(ev, LocationAttacked)[0]
    assert (hit["attack"], hit["health_before"], hit["health_after"]) == (12, 7, 3)
    sc.until(SCAVENGE)
    sc.refused(Scavenge((0, 0)), "requirements")
    ev = sc.do(AttackLocation((0, 0)))
    hit = of(ev, LocationAttacked)[0]
    assert (hit["attack"], hit["health_before"], hit["health_after"]) == (12, 3, -1)
    # "They can Scavenge the Location."
    assert Scavenge((0, 0)) in sc.legal()
    sc.do(Scavenge((0, 0)), Retrieve(gunner))
    assert len(sc.unit(gunner).items) == 1


def test_leaving_a_location_under_attack_starts_it_over():
    sc, gunner, helper = hot_legs()
    sc.do(AttackLocation((0, 0)))                      # 8 -> 7
    sc.until(MOVE)
    sc.do(Move((gunner,), (1, 0)), Move((gunner,), (0, 0)))
    sc.until(SCAVENGE)
    ev = sc.do(AttackLocation((0, 0)))
    hit = of(ev, LocationAttacked)[0]
    assert (hit["health_before"], hit["health_after"]) == (8, 7)


def test_leaving_a_location_under_attack_by_running_away_starts_it_over():
    sc, gunner, helper = hot_legs()
    # It moves once, onto Hot Legs, in the next Maintenance phase, and attacks there.
    sentry = sc.disaster("sentry", (1, 0))
    sc.st.put_under((0, 0), [sc.card("idol")])  # it takes one; one is left
    sc.combat_pile(0, "blank", "blank", "blank")
    sc.do(AttackLocation((0, 0)))         # 8 -> 7
    sc.do(EndPhase(), EndPhase())         # to the next Turn's Maintenance
    assert sc.st.combat is not None and sc.st.combat.disaster == sentry
    sc.do(RunAway(), RunTo((1, 0)))       # the group leaves Hot Legs
    assert sc.unit(gunner).pos == (1, 0)
    sc.until(MOVE)
    sc.do(Move((gunner,), (0, 0)))
    sc.until(SCAVENGE)
    ev = sc.do(AttackLocation((0, 0)))
    hit = of(ev, LocationAttacked)[0]
    assert hit["health_before"] == 8, "the group left Hot Legs: the attack starts over"


def test_attacking_another_target_starts_the_location_attack_over():
    """Rules for Locations: "If you attack another target or leave the Location you
    must start over." """
    sc, gunner, helper = hot_legs()
    sc.combat_pile(0, "blank", "blank", "blank", "blank")
    sc.do(AttackLocation((0, 0)))                      # 8 -> 7
    sc.until(MOVE)
    imp = sc.disaster("ogre", (0, 0))
    sc.do(Fight(imp), Declare(gunner, "attack"))       # another target: Defeated
    assert imp not in sc.st.units
    sc.until(SCAVENGE)
    ev = sc.do(AttackLocation((0, 0)))
    hit = of(ev, LocationAttacked)[0]
    assert hit["health_before"] == 8, "attacking another target starts the siege over"


def test_fighting_back_a_disaster_that_attacks_starts_the_location_attack_over():
    """Rules for Locations: "If you attack another target ... you must start over":
    counter-attacking a Disaster that attacked the group (no Fight begun) is attacking
    another target too."""
    sc, gunner, helper = hot_legs()
    ogre = sc.disaster("ogre", (1, 0))  # the path: (5,5) (1,0) (0,0): next, Hot Legs
    sc.combat_pile(0, "blank", "blank")
    sc.do(AttackLocation((0, 0)))                      # 8 -> 7
    sc.do(EndPhase(), EndPhase())                      # the next Turn's Maintenance
    assert sc.st.combat is not None and sc.st.combat.disaster == ogre
    sc.do(Declare(gunner, "attack"))                   # Attack 9 against Defense 1
    assert ogre not in sc.st.units and sc.unit(gunner).pos == (0, 0)
    sc.until(SCAVENGE)
    ev = sc.do(AttackLocation((0, 0)))
    assert of(ev, LocationAttacked)[0]["health_before"] == 8


def test_a_location_without_defense_cannot_be_attacked():
    sc, _ = at("kitchen", "man")
    sc.refused(AttackLocation((0, 0)), "Defense")


def test_dropped_card_under_a_fully_scavenged_location_must_be_scavenged_again_R26():
    from game.engine.actions import Drop, PickUp
    sc, (w,) = at("plain", "woman", under=["idol"], items=["master-key"])
    sc.do(Scavenge((0, 0)), Retrieve(w))
    assert sc.st.places[(0, 0)].under == ()
    key = sc.unit(w).items[0]
    sc.do(Drop(key, w))
    assert list(sc.st.places[(0, 0)].under) == [key]
    assert PickUp(key, w) not in sc.legal()
    sc.refused(PickUp(key, w))
    sc.until(SCAVENGE)
    sc.refused(Retrieve(w), "not Scavenging")
    sc.do(Scavenge((0, 0)), Retrieve(w))
    assert key in sc.unit(w).items


def test_scavenging_goes_on_when_a_character_with_a_required_skill_is_lost():
    """Scavenge Phase: if a Character with a required skill is Bonked or Killed during
    Scavenging, you may continue to Scavenge the Location that Turn."""
    sc = Scene(CARDS + """\
- {id: smasher, name: Smasher, type: disaster, class: major,
   abilities: {attack: 12, defense: 1, movement: 1}}
""")
    sc.location((0, 0), "kitchen", under=["smasher", "gloom", "idol"])  # needs Cooking 2
    ukyo = sc.char("ukyo", (0, 0), items=["master-key"])  # the target: she has an Item
    woman = sc.char("woman", (0, 0))                        # Attack 2 > Defense 1
    sc.combat_pile(0, "blank", "blank")
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    assert sc.st.combat.target == ukyo
    sc.do(Declare(ukyo, "none"), Declare(woman, "attack"))
    assert ukyo not in sc.st.units and sc.st.combat is None
    assert ContinueScavenging() in sc.legal()
    sc.do(ContinueScavenging())   # the Gloom: a Female Defeats it
    sc.do(Retrieve(woman))
    assert len(sc.unit(woman).items) == 1


def test_stopping_scavenging_a_location_entered_by_attack_starts_its_attack_over():
    """Scavenge Phase: "If you stop, you must 'leave' the Location (you don't move
    anywhere) and must meet the requirements again if you wish to re-enter the
    Location." Rules for Locations, a Location with Defense: "If you attack another
    target or leave the Location you must start over." A group that entered Hot Legs by
    bringing its Health to 0 or below and then stops cannot walk back in next Turn."""
    sc = Scene(CARDS)
    sc.location((0, 0), "hot-legs", under=["gloom", "gloom", "idol"])
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])  # more Items: no early majority (R14)
    sc.char("gunner", (0, 0))   # Attack 9
    sc.char("woman", (0, 0))    # a Female: the Gloom is Defeated at once
    sc.st.change_place((0, 0), siege=((0, 9),))  # its attacks brought Health to -1
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    assert sc.st.scavenging.stage == "continue"  # the first Gloom is Defeated
    sc.do(StopScavenging())
    sc.until(SCAVENGE)
    assert Scavenge((0, 0)) not in sc.legal(), "it left Hot Legs: it must attack it again"
    ev = sc.do(AttackLocation((0, 0)))
    assert of(ev, LocationAttacked)[0]["health_before"] == 8


def test_scavenge_phase_a_character_with_no_action_retrieves_nothing():
    """Scavenge Phase: "After all Disasters have been dealt with, you may retrieve any
    Items and Equipment from beneath that Location"; "Scavenge" is an action, and "All
    of the above actions are prevented when a Character ... 'has no actions'" (List of
    Actions): of a group Scavenging, one with No Action takes nothing out."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    a, b = sc.char("man", (0, 0)), sc.char("man", (0, 0))
    sc.st.add_lasting(Lasting(b, b, 0, flags=("no_action",), until="game"))
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    assert Retrieve(a) in sc.legal() and Retrieve(b) not in sc.legal()
    sc.refused(Retrieve(b), "No Action")
    sc.do(Retrieve(a))
    assert len(sc.unit(a).items) == 1 and sc.unit(b).items == []
