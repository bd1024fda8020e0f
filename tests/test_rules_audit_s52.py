"""The s52 audit: engine modules earlier audits had not broken branch by branch
(flash.py, special.py, locations.py, defeat.py, anytime.py), each rule-bearing
condition broken for a moment and the tests that name its terms run on it
(docs/rules-coverage.md, "The modules broken on purpose (2 Dec 2026, s52)"). Here the
scenes for the breaks no test caught. Each test names the section or guideline it pins."""
from __future__ import annotations

from scene import Scene, of
from test_effects import scene as effects_scene
from test_rules_audit_s27a import CARDS as S27A_CARDS

from game.engine import special
from game.engine.abilities import total
from game.engine.actions import BuildHaven, Fight, Move, Pass, PlayCard, RunAway, RunTo, UseCard
from game.engine.events import LocationAttacks, Modified
from game.engine.state import MOVE, SCAVENGE


# Rules for Flash Effects ----------------------------------------------------------------
def test_rules_for_flash_effects_a_bare_energy_cost_met_exactly_is_paid():
    """R20, Rules for Flash Effects: "the Character using the Flash Effect must pay the
    cost"; a Character with exactly the Energy the card costs pays it, and pays it once.
    The Tech (Energy 1) takes the Bare (Defense +2, Energy -1): offered, played, 4
    Defense, 1 Energy spent of her 1 and none left, not a lasting Energy -1 besides
    (flash._bare)."""
    sc = effects_scene()
    tech = sc.char("tech", (0, 0))
    bare, = sc.hand(0, "bare")
    assert PlayCard(bare, tech) in sc.legal()
    sc.do(PlayCard(bare, tech))
    assert total(sc.st, sc.unit(tech), "defense") == 4 and sc.unit(tech).spent == 1
    assert total(sc.st, sc.unit(tech), "energy") == 0  # 1, less the 1 spent


def test_rules_for_flash_effects_bare_bonuses_go_on_one_of_the_players_own_characters_R20():
    """R20: a Flash Effect printed with bare bonuses and costs goes on one of its
    player's own Characters, who pays the cost (Rules for Flash Effects; guideline 2.4:
    no opposing Character is made to pay). Seat 0's Bare (Defense +2, Energy -1) is
    offered on Hero and not on seat 1's Rival, and is refused there."""
    sc = effects_scene(seats=2)
    hero = sc.char("hero", (0, 0))
    rival = sc.char("rival", (0, 0), seat=1)
    bare, = sc.hand(0, "bare")
    legal = sc.legal()
    assert PlayCard(bare, hero) in legal and PlayCard(bare, rival) not in legal
    sc.refused(PlayCard(bare, rival))
    assert sc.unit(rival).spent == 0


# Rules for Locations -----------------------------------------------------------------------
LOCATION_CARDS = """\
- {id: runner, name: Runner, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: seer, name: Seer, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   skills: {Illusion Piercing: 1}}
- {id: haze, name: Haze, type: location, requires: {illusion_piercing: true},
   abilities: {attack: 4}}
"""


def _line(*cards: str) -> Scene:
    sc = Scene(LOCATION_CARDS, seats=2)
    for x, card in enumerate(cards):
        sc.location((x, 0), card)
    return sc.turn(MOVE)


def test_rules_for_locations_illusion_piercing_is_a_required_skill():
    """Rules for Locations, with Card Requirements: Illusion Piercing is a skill a
    Location may require. The Haze (Attack 4, requires Illusion Piercing) attacks a Runner
    that stops there and spares the Seer, who has it."""
    sc = _line("plain", "haze")
    seer = sc.char("seer", (0, 0))
    assert not of(sc.do(Move((seer,), (1, 0))), LocationAttacks)
    runner = sc.char("runner", (0, 0), seat=1)
    sc.turn(MOVE, seat=1)
    hits = of(sc.do(Move((runner,), (1, 0))), LocationAttacks)
    assert [(h["target"], h["attack"]) for h in hits] == [(runner, 4)]


def test_guideline_4_10_a_location_turned_haven_strikes_no_one_running_away_onto_it():
    """Guideline 4.10: "If a Location becomes a Haven, it is treated as a Haven
    permanently"; Rules for Locations: a Location with Attack strikes a group that stops
    on it, a group Running Away too. The Dock (Attack 4, requires Swimming) built into
    seat 0's Haven strikes Hero (no Swimming, alone there) no more when he Runs Away onto it from the Ogre: a Haven is
    no Location with Attack (locations._attack reads the place's kind; a Move's stop is
    turned back earlier, movement.land, a Run Away's is not)."""
    sc = Scene(S27A_CARDS)
    sc.location((0, 0), "dock")
    sc.location((1, 0), under=["idol"])
    sc.location((2, 0))
    swimmer = sc.char("swimmer", (0, 0))
    hero = sc.char("hero", (1, 0), items=["idol"])
    ogre = sc.disaster("ogre", (1, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 0)))
    assert sc.st.places[(0, 0)].kind == "haven"
    sc.st.move_unit(sc.unit(swimmer), (2, 0))  # she has gone on: no Swimming in the Haven
    sc.turn(MOVE)
    sc.do(Fight(ogre), RunAway())
    ev = sc.do(RunTo((0, 0)))
    assert sc.unit(hero).pos == (0, 0)
    assert not of(ev, LocationAttacks) and sc.unit(hero).damage == 0


# Guideline 3.1: what is as fast as a Flash Effect -----------------------------------------
def test_guideline_3_1_an_item_usable_at_any_time_does_not_answer_a_flash_effect():
    """Guideline 3.1: "If it isn't a Global Effect, isn't a Haven's ability, or doesn't
    say it's a Flash Effect, it isn't as fast"; guideline 2.7: an Item is used during any
    phase, but not inside a Flash window. Seat 1's Rival carries a Pump (use: Attack +2,
    no condition at all), usable in seat 0's Move phase; answering seat 0's Boost it is
    not offered and is refused, and once the stack has resolved it is offered again
    (anytime.offer lists the fast uses only in a Flash window)."""
    sc = effects_scene(seats=2)
    hero = sc.char("hero", (0, 0))
    rival = sc.char("rival", (0, 0), seat=1, items=["pump"])
    pump, = sc.unit(rival).items
    boost, = sc.hand(0, "boost")
    sc.do(PlayCard(boost, hero))
    assert sc.st.current_seat() == 1
    assert not [a for a in sc.legal() if isinstance(a, UseCard)]
    sc.refused(UseCard(pump), "not as fast as a Flash Effect")
    sc.do(Pass())
    assert not sc.st.flash_stack
    assert UseCard(pump) in special.candidates(sc.st, 1)


# Items face down until used (Basic Terms, Item; R16) ------------------------------------------
def test_basic_terms_an_item_used_is_named_to_every_seat_in_what_it_does():
    """Items are kept face down until they are used (Basic Terms, Item; R16): once Hero
    uses his Pump (Attack +2), every seat is told the Modified it makes and that the Pump
    made it, not its holder's player alone (special.use tells its own events in the open)."""
    sc = effects_scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["pump"])
    pump, = sc.unit(hero).items
    ev = sc.do(UseCard(pump))
    mods = [e for e in ev if isinstance(e, Modified)]
    assert mods and all(e.for_seat(1).card == pump for e in mods)
