"""Illegal actions are refused with IllegalAction and a reason, and leave the state
unchanged ("If a player attempts to improperly use a card ... treat the card as if the
player hadn't tried to use it in the first place", rulebook, Miscellaneous Rules)."""
from __future__ import annotations

import random

import pytest
from scene import Scene

from game.engine import IllegalAction, apply, legal_actions, why_not
from game.engine.actions import (Answer, AskPermission, AttackLocation, BreakCharm,
                                 BuildAccess, BuildHaven, Challenge, CharmAttack, Command,
                                 ContinueScavenging, Deal, Declare, DiscardCard, Drop,
                                 EndPhase, Engage, Fight, Move, Order, Pass, PickUp,
                                 PlaceCard, PlaceHaven, PlayCard, Proceed, Retrieve, RunAway,
                                 RunTo, Scavenge, StopScavenging, Transfer, Transform,
                                 UseCard, UseEquipment)
from game.engine.save import snapshot
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: heroine, name: Heroine, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: idol, name: Idol, type: item}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
- {id: boost, name: Boost, type: enhancement, bonuses: {attack: "+1"}}
- {id: zap, name: Zap, type: flash_effect, bonuses: {attack: "+1"}}
- {id: rally, name: Rally, type: global_effect, bonuses: {movement: "+1"}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 2, defense: 9, movement: 1}}
- {id: gloom, name: Gloom, type: disaster, class: minor, defeat: {females: 1}}
- {id: fort, name: Fort, type: location, requires: {skills: {Seduction: 1}},
   abilities: {defense: 5}}
"""


def scene(phase: str, seats: int = 2) -> Scene:
    sc = Scene(CARDS, seats=seats)
    sc.location((0, 0), under=["gloom", "idol"])
    sc.location((1, 0), "fort", under=["idol"])
    sc.location((2, 0))
    sc.haven((0, 1), stored=["sword"])
    sc.haven((2, 1), seat=1)
    sc.char("hero", (0, 0), items=["idol"], enhancements=["boost"])
    sc.char("heroine", (0, 0), equipment=["sword"])
    sc.char("hero", (1, 0))
    sc.char("hero", (0, 1))
    sc.char("hero", (2, 0), seat=1, items=["idol"])
    sc.disaster("ogre", (2, 0), seat=1, brought_by=1)
    sc.hand(0, "boost", "sword", "zap", "rally", "heroine")
    sc.draw_pile(0, "boost", "boost")
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(phase)
    return sc


def scavenging() -> Scene:
    sc = scene(SCAVENGE)
    apply(sc.st, Scavenge((0, 0)))  # the Gloom is Defeated; Continue or Stop
    return sc


def fighting() -> Scene:
    sc = scene(MOVE)
    hero = next(u.card for u in sc.st.units.values() if u.pos == (1, 0))
    apply(sc.st, Move((hero,), (2, 0)))
    apply(sc.st, Fight(next(u.card for u in sc.st.units.values() if u.disaster)))
    return sc


SCENES = {
    "discard": lambda: scene(DISCARD), "equip": lambda: scene(EQUIP),
    "move": lambda: scene(MOVE), "scavenge": lambda: scene(SCAVENGE),
    "scavenging": scavenging, "combat": fighting,
}


def universe(sc: Scene, rng: random.Random, n: int) -> list:
    """A sample of actions of every kind, over the scene's cards and nearby cells, and
    ids that name nothing (past the last card, negative)."""
    cards = list(range(len(sc.game.instances))) + [999, -1]
    effects = [-1, 0, 1, 2, 7]
    orders = ["no-attack", "no-move", "hand-over", "release", "fly"]
    cells = [(x, y) for x in range(-1, 4) for y in range(-1, 3)]
    kinds = [
        lambda: PlaceCard(rng.choice(cards), rng.choice(cells)),
        lambda: EndPhase(), lambda: DiscardCard(rng.choice(cards)),
        lambda: PlayCard(rng.choice(cards)),
        lambda: PlayCard(rng.choice(cards), rng.choice(cards)),
        lambda: Move(tuple(rng.sample(cards, rng.randint(1, 3))), rng.choice(cells)),
        lambda: Fight(rng.choice(cards)), lambda: Scavenge(rng.choice(cells)),
        lambda: AttackLocation(rng.choice(cells)), lambda: ContinueScavenging(),
        lambda: StopScavenging(), lambda: Retrieve(rng.choice(cards)),
        lambda: PickUp(rng.choice(cards), rng.choice(cards)),
        lambda: Drop(rng.choice(cards), rng.choice(cards)),
        lambda: Transfer(rng.choice(cards), rng.choice(cards), rng.choice(cards)),
        lambda: Declare(rng.choice(cards), rng.choice(["attack", "protect", "none"])),
        lambda: RunAway(), lambda: RunTo(rng.choice(cells)),
        lambda: Deal(rng.choice(cells)), lambda: Transform(rng.choice(cards)),
        lambda: UseEquipment(rng.choice(cards), rng.choice(cards)),
        lambda: UseCard(rng.choice(cards), rng.choice(effects)),
        lambda: UseCard(rng.choice(cards), rng.choice(effects), rng.choice(cards)),
        lambda: Pass(), lambda: BuildHaven(rng.choice(cells)),
        lambda: BuildAccess(rng.choice(cards), tuple(rng.sample(cards, 2)), rng.choice(cells)),
        lambda: PlaceHaven(rng.choice(cards), rng.choice(cells)),
        lambda: BreakCharm(rng.choice(cards), rng.choice(cards)),
        lambda: Command(rng.choice(orders), rng.choice(cards + [None])), lambda: Proceed(),
        lambda: Challenge(rng.choice([-1, 0, 1, 5]), rng.choice(cells)),
        lambda: Engage(rng.choice(cards), rng.choice(["attack", "protect", "none"]),
                       rng.choice(cards)),
        lambda: CharmAttack(rng.choice(cards), rng.choice(cards)),
        lambda: Order(rng.choice(cards), rng.choice(cards), rng.choice(orders)),
        lambda: AskPermission(rng.choice(cells)),
        lambda: Answer(rng.choice([True, False])),
    ]
    return [rng.choice(kinds)() for _ in range(n)]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(name):
    sc = SCENES[name]()
    legal = set(legal_actions(sc.st))
    before = snapshot(sc.st)
    problems = []
    for a in universe(sc, random.Random(name), 1200):
        if a in legal:
            continue
        try:
            apply(sc.st, a)
            problems.append(f"{a}: accepted")
        except IllegalAction as e:
            if not str(e):
                problems.append(f"{a}: no reason")
        except Exception as e:  # noqa: BLE001 - anything else is an engine bug
            problems.append(f"{a}: {type(e).__name__}: {e}")
        if snapshot(sc.st) != before:
            problems.append(f"{a}: changed the state")
            sc = SCENES[name]()
            before = snapshot(sc.st)
    assert not problems, "\n".join(sorted(set(problems))[:20])


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_legal_action_is_accepted(name):
    sc = SCENES[name]()
    for a in legal_actions(sc.st):
        assert why_not(sc.st, a) is None, a
        apply(sc.st.clone(), a)
