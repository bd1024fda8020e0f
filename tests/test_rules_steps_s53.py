"""The s53 audit of the card language (steps.py, lasting.py, targets.py, effects.py, the
conditions of abilities.py) and of fighting.py, piles.py and physical.py, each rule-bearing line broken for a moment and the
rules tests run on it (docs/rules-coverage.md, "The card language broken on purpose
(3 Dec 2026, s53)"), the combat panel's forecast with them. Here the scenes for the breaks no test caught. Each test names
the section or ruling it pins."""
from __future__ import annotations

from scene import Scene, of
from test_rules_allies import CARDS as ALLY_CARDS
from test_rules_allies import field
from test_rules_s33ic import CARDS as STACKED_CARDS
from test_rules_s36r2 import CELL, S

from game.engine.actions import Challenge, Declare, EndPhase, Engage, Fight, Scavenge, UseCard
from game.engine.disasters import attack_order
from game.engine.events import CombatHit, Modified
from game.engine.options import Options
from game.engine.physical import Blow, Forecast, planned_strike
from game.engine.piles import draw_combat
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE
from game.engine.view import view


def test_combat_with_multiple_disasters_one_that_flees_arrives_after_those_already_there():
    """Combat with Multiple Disasters, "Disasters attack in the order they arrived at
    the Location", and Flee (R69: it moves 1 Location on): the Imp fled from the
    Catnip Crystal arrives after the Imp already at the next Location, though that one
    came onto the Field last of all and is the weaker: the one there first attacks
    first. Before the arrival counts anew, the two tied and strength put the fleeing
    Imp first."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["catnip-crystal"])
    crystal = sc.unit(ace).items[0]
    fleeing = sc.disaster("t-imp", CELL)
    ahead = sc.st.path[sc.st.path.index(CELL) + 1]
    there = sc.disaster("t-imp", ahead)
    sc.unit(there).damage = 1  # weaker than the one fleeing: strength alone would order it last
    sc.do(Fight(fleeing))
    sc.do(UseCard(crystal, 0, None))
    assert sc.unit(fleeing).pos == ahead
    assert [u.card for u in attack_order(sc.st, ahead)] == [there, fleeing]


def test_rules_for_items_an_items_own_trigger_keeps_it_face_down_R16():
    """Items stay face down until they are used (Rules for Items; R16): the Rubber Duck
    of Destiny's +2 Defense as its carrier's group begins Scavenging is a text that acts
    by itself, not a use, so the other seat is told the Modified with no card named,
    and only its carrier's player learns it was the Duck."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["rubber-duck-of-destiny"])
    duck = sc.unit(ace).items[0]
    ev = sc.turn(SCAVENGE).do(Scavenge(CELL))
    mods = [e for e in ev if isinstance(e, Modified) and e.unit == ace]
    assert mods, "the Duck gave Ace nothing"
    assert all(e.for_seat(0).card == duck for e in mods)
    assert all(e.for_seat(1).card is None for e in mods)


def test_a_use_in_the_move_phase_is_in_its_players_own_move_phase():
    """A `phase` condition is a phase of its controller's own Turn (docs/card-format.md,
    Conditions: "Use in your Turn"; the phases are the parts of a player's Turn, Turn
    Sequence): defending against a Challenge in seat 1's Move phase, Polaris-9's "Once
    per Turn in the Move phase ... her group gets +1 Movement" is not offered, and its
    refusal says why (abilities.holds asks it as well as the listing)."""
    sc = S()
    polaris = sc.char("polaris-9", CELL)
    sc.char("t-ace", CELL, seat=1)
    sc.turn(MOVE, seat=1)
    sc.do(Challenge(0, CELL))
    sc.do(next(a for a in sc.legal() if isinstance(a, Engage) and a.role == "none"))
    assert sc.st.current_seat() == 0
    assert not [a for a in sc.legal() if isinstance(a, UseCard) and a.card == polaris]
    sc.refused(UseCard(polaris, 0, None), match="only in your own Move phase")


def test_combat_between_players_a_third_players_character_there_is_in_no_combat():
    """Combat Between Players is between the initiator's group and the defender's
    (Basic Terms, Opponent): a third player's Character standing at their Location is in
    no Combat, so the Medic's jab on it heals at once ("Damage to Health is accrued
    during Physical Combat", Combat), while the defender's Hero keeps his."""
    sc = Scene(STACKED_CARDS, seats=3, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((0, 1))
    medic = sc.char("medic", (0, 0))
    defender = sc.char("hero", (0, 0), seat=1)
    bystander = sc.char("hero", (0, 0), seat=2)
    for seat in range(3):
        sc.combat_pile(seat, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    sc.do(UseCard(medic, 0, bystander))
    assert sc.unit(bystander).damage == 0
    sc.st.uses.clear()  # the jab again this Turn
    sc.do(UseCard(medic, 0, defender))
    assert sc.unit(defender).damage == 1


DRAWING = STACKED_CARDS + """\
- {id: rock, name: Rock, type: location}
- id: scribe
  name: Scribe
  type: character
  gender: female
  abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 1}
  effects:
    - {"on": use, do: [{draw: 2}]}
"""


def test_R7_the_draw_pile_is_never_reshuffled():
    """R7: "The Draw pile (Power cards and Disasters) is never reshuffled: when it is
    empty, Reload draws nothing." With an empty Draw pile and five cards in the Discard
    pile, neither a card's "draw 2" nor the Reload phase takes a card: the hand keeps its
    two and the Discard pile is as it was."""
    sc = Scene(DRAWING)
    sc.location((0, 0), under=["idol"])  # an Item left: the game goes on
    scribe = sc.char("scribe", (0, 0))
    hand = sc.hand(0, "rock", "rock")
    sc.draw_pile(0)
    discard = sc.cards(["rock"] * 5)
    sc.st.seats[0].discard = discard[:]
    sc.turn(MOVE).do(UseCard(scribe, 0, None))
    assert (sc.st.seats[0].hand, sc.st.seats[0].draw, sc.st.seats[0].discard) == (hand, [], discard)
    sc.turn(DISCARD).do(EndPhase())  # the Reload phase runs by itself
    assert sc.st.phase == EQUIP
    assert (sc.st.seats[0].hand, sc.st.seats[0].draw, sc.st.seats[0].discard) == (hand, [], discard)


def test_R7_the_combat_pile_is_reshuffled_from_the_combat_discard_when_empty():
    """R7: "The Combat pile is reshuffled from the Combat discard when empty": the twelve
    cards of the Combat discard become the pile in a new order (one of 12! orders, for
    each of five seeds: never the order they were discarded in), one is drawn, and the
    discard is empty."""
    for seed in range(5):
        sc = Scene(STACKED_CARDS, seed=seed)
        discarded = sc.cards(["blank"] * 12)
        sc.st.seats[0].combat, sc.st.seats[0].combat_discard = [], discarded[:]
        drawn = draw_combat(sc.st, 0)
        pile = sc.st.seats[0].combat + [drawn]
        assert sorted(pile) == discarded and sc.st.seats[0].combat_discard == []
        assert pile != discarded


def _hit_on(ev: list, card: int) -> dict:
    """The round's hit on `card`, as its CombatHit tells it."""
    return next(h for h in of(ev, CombatHit) if h["target"] == card)


def test_the_forecast_counts_no_disaster_there_that_is_not_an_ally_ally_disasters():
    """Ally Disasters attack with their combined Attack; a Disaster that merely stands at
    the same Location is no ally and does not add its Attack (it attacks in its own
    Combat, in the order of arrival). The combat panel's forecast of the Brute's attack
    on the Tank (physical.planned_strike, from the seat's view) reads what the round
    hits with: 5, not the Lackey's 2 besides."""
    sc = Scene(ALLY_CARDS)
    field(sc, 3)
    cell = sc.st.path[0]
    tank = sc.char("tank", cell)
    brute = sc.disaster("brute", cell)
    sc.disaster("lackey", cell)  # arrived after the Brute, allied with nobody
    sc.turn(MOVE)
    sc.do(Fight(brute))
    c = sc.st.combat
    forecast = planned_strike(view(sc.st, 0), c.disaster, c.target, [])
    ev = sc.do(Declare(c.to_declare[0], "none"))
    assert forecast.attack == _hit_on(ev, tank)["attack"] == 5


def test_the_forecast_reads_health_0_as_the_round_does_basic_terms_bonk_and_defeat():
    """Basic Terms: a Character whose Health is reduced to 0 is Bonked, and a Disaster is
    Defeated at 0 Health (as combat._after_hits counts). The combat panel's forecast says
    the same at exactly 0: a Disaster with 3 Health left hit for 3 is Defeated, a
    Character with 3 left hit for 3 is Bonked; a blow that does no Damage leaves a
    Character's shield unworn ("ok", not "shielded": Equipment with its own Defense takes
    only Damage, Rules for Equipment)."""
    assert Forecast(attack=5, defense=2, health=3).defeats
    assert not Forecast(attack=4, defense=2, health=3).defeats
    assert Blow(card=1, damage=3, health=3, base=3, shield=None).result == "bonked"
    assert Blow(card=1, damage=2, health=3, base=3, shield=None).result == "ok"
    assert Blow(card=1, damage=0, health=3, base=3, shield=7).result == "ok"
    assert Blow(card=1, damage=1, health=3, base=3, shield=7).result == "shielded"


# The Tank of the allies' tests made frail (Attack 1, Defense 1): the Bruiser's blows land.
WEAK_TANKS = ALLY_CARDS.replace("abilities: {attack: 9, defense: 10, movement: 2, charm: 0, energy: 1}}",
                                "abilities: {attack: 1, defense: 1, movement: 2, charm: 0, energy: 1}}")


def test_the_forecast_of_a_protected_target_is_the_rounds_protecting():
    """Protecting: the protectors' Defense adds to the target's, and each protector takes
    half the Damage, at least 1. Two Tanks (Defense 1) fight the Bruiser (Attack 5): the
    one it does not target protects the other, and the combat panel's forecast reads the
    round's Defense (2), Damage (3) and each share (the target's 3, the protector's half,
    1) as the round hits."""
    sc = Scene(WEAK_TANKS)
    field(sc, 3)
    cell = sc.st.path[0]
    tanks = [sc.char("tank", cell), sc.char("tank", cell)]
    bruiser = sc.disaster("bruiser", cell)
    sc.turn(MOVE)
    sc.do(Fight(bruiser))
    c = sc.st.combat
    guard, = [t for t in tanks if t != c.target]
    forecast = planned_strike(view(sc.st, 0), c.disaster, c.target, [guard])
    ev = sc.do(Declare(guard, "protect"))
    if sc.st.combat is c and c.to_declare:
        ev += sc.do(Declare(c.to_declare[0], "none"))
    hit = _hit_on(ev, c.target)
    assert (forecast.attack, forecast.defense, forecast.damage) == \
        (hit["attack"], hit["defense"], hit["damage"]) == (5, 2, 3)
    assert [(b.card, b.damage) for b in forecast.blows] == \
        [(c.target, 3)] + [(g["id"], g["damage"]) for g in hit["protectors"]] == [(c.target, 3), (guard, 1)]


def test_the_forecast_shields_only_with_equipment_put_to_use_rules_for_equipment():
    """Rules for Equipment: a piece with its own Defense takes an attack's Damage first
    only while it is put to use. The Tank carries Armor (Defense 2): left unused, the
    combat panel's forecast shows the Bruiser's blow on the Tank's Health and the round
    takes it there; put to use, the forecast says "shielded" and the round leaves the
    Tank's Health whole."""
    armored = WEAK_TANKS + "- {id: armor, name: Armor, type: equipment, abilities: {defense: 2}}\n"
    for in_use in (False, True):
        sc = Scene(armored)
        field(sc, 3)
        cell = sc.st.path[0]
        tank = sc.char("tank", cell, equipment=["armor"])
        if in_use:
            sc.unit(tank).using = list(sc.unit(tank).equipment)
        bruiser = sc.disaster("bruiser", cell)
        sc.turn(MOVE)
        sc.do(Fight(bruiser))
        c = sc.st.combat
        blow, = planned_strike(view(sc.st, 0), c.disaster, c.target, []).blows
        hit = _hit_on(sc.do(Declare(tank, "none")), tank)
        assert (blow.shield is not None, blow.result == "shielded") == (in_use, in_use)
        assert (hit["health_after"] == hit["health_before"]) == in_use
