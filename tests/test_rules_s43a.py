"""The rulebook's Combat, Charm, Protecting and Disasters sections read again sentence
by sentence (s43a): each test pins a sentence that no earlier test would have caught
broken (each was checked by breaking the engine where the sentence is played)."""
from __future__ import annotations

import pytest
from scene import Scene, of
from test_rules_duel import duel_scene

from game.engine.actions import BreakCharm, Challenge, CharmAttack, Declare, Engage, Fight, \
    Proceed, RunAway, RunTo
from game.engine.events import CharmContest, CombatCard, CombatHit, CombatTarget
from game.engine.options import Options
from game.engine.state import MOVE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: duke, name: Duke, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: plus1, name: Plus One, type: combat, physical: {}, charm: {own: {charm: "+1"}}}
- {id: plus2, name: Plus Two, type: combat, physical: {}, charm: {own: {charm: "+2"}}}
- {id: dull, name: Dull, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: tank, name: Tank, type: character, gender: male,
   abilities: {attack: 0, defense: 10, movement: 2, charm: 1, energy: 5}}
- {id: akane, name: Akane Tendo, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 2}}
- {id: kagato, name: Kagato, type: disaster, class: major,
   abilities: {attack: 5, defense: 5, movement: 1, charm: 5}}
- {id: wall, name: Wall, type: disaster, class: major,
   abilities: {attack: 3, defense: 30, movement: 1}}
- {id: dracula, name: Dracula, type: disaster, class: major,
   abilities: {attack: 6, defense: 5, movement: 2}}
- {id: older-woman, name: Older Woman, type: combat, physical: {},
   charm: {own: {charm: "+4"}}}
- {id: done-here, name: "We're Done Here", type: combat, physical: {},
   charm: {opponent: {charm: "/2"}}}
- {id: crush, name: Crush, type: combat, physical: {own: {attack: "+6"}}, charm: {}}
- {id: halve, name: Halve, type: combat, physical: {opponent: {attack: "/2"}}, charm: {}}
- {id: barbells, name: Barbells, type: item}
- {id: ring, name: Ring, type: item}
"""


def duel(mine: tuple[str, ...], theirs: tuple[str, ...]):
    """Seat 0's and seat 1's Characters at (0, 0), Charm Combat on, seat 0 to move."""
    return duel_scene(mine, theirs, Options(), cards=CARDS)


@pytest.mark.parametrize("card, result", [("plus2", "broken"), ("plus1", "held")])
def test_charm_combat_between_players_a_break_by_exactly_twice_the_margin_breaks(card, result):
    """Charm Combat Between Players: "A Character can attempt a Charm break of another
    Character. This is done by beating the Charmed Character with twice the amount it was
    Charmed by." Hero (Charm 1) attacks Duke (2): 2 is twice 1 and higher, so Hero is
    Charmed by 1. Its partner's break at 3 against 1 beats it by 2, exactly twice: broken
    (the Kagato example's "4 is twice what Launch was Charmed by"); at 2 against 1, by 1:
    it holds."""
    sc, (a1, a2), (b,) = duel(("hero", "hero"), ("duke",))
    sc.combat_pile(0, "blank", card, "blank")  # a1's attack, then a2's break, then a1's
    sc.combat_pile(1, "blank")
    sc.do(Challenge(1, (0, 0)), CharmAttack(a1, b))
    assert sc.st.duel.charmed == {a1: (b, 1)}
    ev = sc.do(Proceed(), BreakCharm(a2, a1))
    (brk,) = of(ev, CharmContest)
    assert (brk["attacker_charm"], brk["defender_charm"]) == (1 + int(card[-1]), 1)
    assert brk["result"] == result
    assert (a1 in sc.st.duel.charmed) == (result == "held")


def test_charm_combat_with_disasters_the_disasters_own_card_then_the_characters_on_it():
    """Charm Combat with Disasters: "Apply the Charm effects of the card(s) drawn for the
    Disaster and Character in the order they were drawn, then apply any effects from the
    cards drawn for the opponent". The Kagato example with Older Woman for Kagato instead
    of Tycoon: Kagato's (5 + 4) / 2 = 4 (rounded down) against Akane's 3, Akane Charmed
    by 1. Halving first would make it 5 / 2 + 4 = 6 and a margin of 3. (The example's own
    (5 + 1) / 2 = 3 comes out the same in either order.) Dull, Charm 0, takes no part, so
    the group is not all Charmed and the Combat goes on."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    akane = sc.char("akane", (0, 0))
    sc.char("dull", (0, 0))
    kagato = sc.disaster("kagato", (0, 0))
    cards = sc.combat_pile(0, "older-woman", "done-here")
    sc.turn(MOVE)
    (c,) = of(sc.do(Fight(kagato)), CharmContest)
    assert (c["attacker"], c["defender"], c["cards"]) == (kagato, akane, cards)
    assert (c["attacker_charm"], c["defender_charm"], c["result"]) == (4, 3, "charmed")
    assert sc.st.combat.charmed == {akane: 1}


def test_combat_with_disasters_the_disasters_own_card_then_the_characters_on_it():
    """Combat with Disasters: "Apply the effects of the Combat card(s) drawn for the
    Character or Disaster in the order they were drawn, then apply any effects from the
    cards drawn for the opponent". The Dracula example, Akane alone, with Crush (+6
    Attack) for Dracula and Halve (the opponent's Attack / 2) for Akane: Dracula's
    (6 + 6) / 2 = 6 Attack against Akane's 4 Defense, 2 Damage, and she stands at 2.
    Halving first would make it 6 / 2 + 6 = 9 and Bonk her."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    akane = sc.char("akane", (0, 0), items=["barbells"])
    dracula = sc.disaster("dracula", (0, 0))
    cards = sc.combat_pile(0, "crush", "halve", "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(dracula))
    ev = sc.do(Declare(akane, "none"))
    assert [(e["fighter"], e["card"]) for e in of(ev, CombatCard)] == [
        (dracula, cards[0]), (akane, cards[1])]
    (on_akane,) = of(ev, CombatHit)
    assert (on_akane["attack"], on_akane["defense"], on_akane["damage"]) == (6, 4, 2)
    assert (on_akane["health_before"], on_akane["health_after"], on_akane["result"]) == (
        4, 2, "ok")


def test_combat_between_players_spent_energy_comes_back_1_point_a_round_all_at_the_end():
    """Combat: "During Combat, spent Energy is regained at 1 point per round of Combat.
    All expended Energy is restored at the end of Combat." Between players too: a Tank
    with 3 Energy spent has 2 spent after the first round, 1 after the second, none once
    the Combat is over. Nobody is hurt: Attack 3 against Defense 10."""
    sc, (a,), (b,) = duel(("hero",), ("tank",))
    sc.unit(b).spent = 3
    sc.combat_pile(1, *["blank"] * 6)
    sc.do(Challenge(1, (0, 0)), Proceed(), Proceed())
    for spent in (2, 1):
        sc.do(Engage(a, "attack", b), Engage(b, "none"))
        assert sc.st.duel.round == 4 - spent and sc.unit(b).spent == spent
    sc.do(RunAway(), Engage(b, "none"), RunTo((1, 0)))
    assert sc.st.duel is None and sc.unit(b).spent == 0


def test_combat_with_disasters_the_disaster_chooses_its_target_anew_each_round():
    """Combat with Disasters: "During each Combat round ... The Disaster chooses its target
    first. The player then chooses which Characters will counter-strike or protect", a
    random Character (R13) from its pool each round, not the first round's target for the
    whole Combat. Two Heroes without Items against the Wall (Attack 3 against Defense 3:
    nobody is hurt); its random choice, scripted, takes the second Hero in round 1 and the
    first in round 2."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    a = sc.char("hero", (0, 0))
    b = sc.char("hero", (0, 0))
    wall = sc.disaster("wall", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    picks = iter([1, 0])  # indexes into the pool, which choose_target sorts by card
    sc.st.rng.choice = lambda pool: pool[next(picks)]
    ev = sc.do(Fight(wall))
    ev += sc.do(Declare(a, "attack"), Declare(b, "attack"))
    assert [(e["round"], e["target"]) for e in of(ev, CombatTarget)] == [(1, b), (2, a)]
    assert sc.st.combat.target == a
