"""An audit of 30 Nov 2026 (rulebook, fifth edition; guidelines of 1998): the sections
earlier audits did not focus on: Combats, Horde, Combat (the overview of the Combat
sequence), Winning the Game, Miscellaneous Rules, the List of Skills, the List of
Categories and the List of Actions. Each test names its section or guideline."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import AttackLocation, Move
from game.engine.events import LocationAttacked, LocationAttacks
from game.engine.state import MOVE, SCAVENGE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 1, movement: 2, charm: 0, energy: 1}}
- {id: old-school, name: Old School, type: location, categories: [School, Undead],
   abilities: {attack: 2}, requires: {skills: {Blind Luck: 1}}}
- {id: vault, name: Vault, type: location, categories: [Money],
   abilities: {defense: 4}, requires: {skills: {Shopping: 1}}}
- {id: gang, name: Gang, type: disaster, class: minor, categories: [Horde, School],
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: zombie, name: Zombie, type: disaster, class: minor, categories: [Horde, Undead],
   abilities: {attack: 3, defense: 2, movement: 1}}
- {id: robots, name: Robots, type: disaster, class: minor, categories: [Horde, Robot],
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: gem, name: Gem, type: item}
- {id: bankers, name: Bankers, type: disaster, class: minor, categories: [Horde, Money],
   abilities: {attack: 1, defense: 1, movement: 1}}
"""


# Horde -------------------------------------------------------------------------------

def test_horde_a_like_location_with_attack_strikes_harder():
    """Horde: "If a card has a Horde category, every other like card in play is +1 Attack
    & Defense. Look at the other cards' categories to see if a Horde will give it a
    bonus. ... Multiple Hordes will give multiple bonuses." A Location is a card in play
    (Basic Terms, In Play: "those on the Field"): the Old School (School, Undead; Attack
    2) strikes a group without Blind Luck with 2, with a School Horde anywhere on the
    Field with 3, and with an Undead Horde as well with 4; a Robot Horde shares no
    category with it and gives nothing. (The shipped Haunted Old School Building with a
    Rival Delinquent Gang and a Salaryman Zombie.)"""
    def strike(hordes: list[str]) -> int:
        sc = Scene(CARDS)
        sc.location((0, 0))
        sc.location((1, 0), "old-school")
        for x, h in enumerate(hordes, start=2):
            sc.location((x, 0))
            sc.disaster(h, (x, 0))
        hero = sc.char("hero", (0, 0))
        sc.turn(MOVE)
        hit, = of(sc.do(Move((hero,), (1, 0))), LocationAttacks)
        return hit["attack"]

    assert strike([]) == 2
    assert strike(["robots"]) == 2
    assert strike(["gang"]) == 3
    assert strike(["gang", "zombie", "robots"]) == 4


def test_horde_a_like_location_with_defense_defends_better_its_health_unchanged():
    """Horde: a like card is "+1 Attack & Defense"; Basic Terms, Health: "Bonuses to
    Defense do not affect Health." The Vault (Money, Defense 4) attacked by two Heroes
    (6 Attack) takes 2 Damage; with a Money Horde on the Field its Defense is 5 and it
    takes 1, from a Health that is still its base Defense, 4 (Rules for Locations: "If a Location has Defense, you can
    Scavenge it without the necessary skills by attacking it")."""
    def attacked(horde: bool) -> dict:
        sc = Scene(CARDS)
        sc.location((0, 0), "vault", under=["gem"])
        if horde:
            sc.location((1, 0))
            sc.disaster("bankers", (1, 0))
        sc.char("hero", (0, 0))
        sc.char("hero", (0, 0))
        sc.turn(SCAVENGE)
        ev, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
        return ev

    plain, with_horde = attacked(False), attacked(True)
    assert (plain["defense"], plain["health_before"], plain["health_after"]) == (4, 4, 2)
    assert (with_horde["defense"], with_horde["health_before"],
            with_horde["health_after"]) == (5, 4, 3)
