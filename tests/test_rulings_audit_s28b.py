"""The audit of 29 Nov 2026, late (helper s28b): the shared rulings R1 to R16 against
the books, and the books' worked examples not yet played number for number.

Each test names its ruling (R#) or its example's section or guideline."""
from __future__ import annotations

from dataclasses import replace

import pytest
from scene import Scene, card_db, of
from test_rules_examples import CARDS, DECK_CARDS, may_scavenge, standard_deck

from game.engine import apply, legal_actions
from game.engine.abilities import skill_count
from game.engine.actions import Drop, Move, Pass, PlayCard, Scavenge, UseCard
from game.engine.cards import ELEMENTS
from game.engine.decks import check_deck
from game.engine.events import ItemStolen, Moved
from game.engine.flash import FlashWindow
from game.engine.game import Game
from game.engine.state import EQUIP, MOVE, SCAVENGE, SETUP


# Deck Construction: the standard deck, in a game -------------------------------------
def test_golden_deck_construction_the_standard_deck_uses_82_of_its_86_cards():
    """Deck Construction: "The standard deck is 4 / 21 / 1 / 11 (7) / 7 / 21 / 21 = 86 (82
    used)", and Items: "The remaining Items after Field Setup will not be used". Set up
    for a solitaire game, the deck's 7 Locations hold 14 Disasters and 7 Items; the
    other 4 Items lie unused; every other card is in the game: 82 of 86."""
    deck = standard_deck()
    game = Game(card_db(DECK_CARDS), [deck])
    st = game.new_state(3)
    while st.phase == SETUP:
        apply(st, legal_actions(st)[0])
    assert st.phase == EQUIP
    s = st.seats[0]
    places = list(st.places.values())
    locations = [p for p in places if p.kind == "location"]
    under = [c for p in locations for c in p.under]
    kinds = [game.card(c).type for c in under]
    assert len(locations) == 7 and [p.kind for p in places].count("haven") == 1
    assert (kinds.count("disaster"), kinds.count("item")) == (14, 7)
    assert all(sum(game.card(c).type == "item" for c in p.under) == 1 for p in locations)
    assert st.items_total == 7                        # the "(7)"
    assert len(s.unused) == 4 and all(game.card(c).type == "item" for c in s.unused)
    in_game = (len(st.units) + len(s.hand) + len(s.draw) + len(s.combat)
               + len(places) + len(under))
    assert (len(st.units), len(s.hand), len(s.draw), len(s.combat)) == (4, 7, 14 + 7, 21)
    assert in_game == 82 and in_game + len(s.unused) == 86
    assert len(set(st.units) | set(s.hand) | set(s.draw) | set(s.combat) | set(under)
               | {p.card for p in places} | set(s.unused)) == 86  # every card once


def test_golden_deck_construction_the_standard_decks_11_items_and_21_disasters_are_required():
    """Deck Construction: "You must have 1.5 times as many Items as Locations. Round up"
    (7 Locations: 10.5, so 11) and "Disasters: 2 per Location. 1 for every 3 Power cards"
    (7 and 21: 14 + 7 = 21): the standard deck with an Item fewer or more, or a
    Disaster fewer, is refused, naming the number it needs."""
    db = card_db(DECK_CARDS)
    deck = standard_deck()
    assert check_deck(deck, db) == []
    for items in ((("i1", 3), ("i2", 3), ("i3", 3), ("i4", 1)),
                  (("i1", 3), ("i2", 3), ("i3", 3), ("i4", 3))):
        problems = check_deck(replace(deck, items=items), db)
        assert len(problems) == 1 and "rounded up: 11" in problems[0], problems
    twenty = deck.disasters[:-1] + (("small3", 2),)  # one Disaster fewer
    problems = check_deck(replace(deck, disasters=twenty), db)
    assert len(problems) == 1 and "make 21" in problems[0], problems


# Card Requirements: the examples' every case ------------------------------------------
ELEMENTAL = CARDS + "".join(
    f"- {{id: mage-{n}, name: {e} Mage, type: character, gender: female,\n"
    f"   abilities: {{attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}},\n"
    f"   skills: {{{e}: 1}}}}\n" for n, e in enumerate(ELEMENTS))


@pytest.mark.parametrize("n", range(6))
def test_golden_card_requirements_ifuritas_tomb_any_one_of_the_six_elements(n):
    """Card Requirements, Any Element: "Air Element, Earth Element, Fire Element, Ice
    Element, Lightning Element, or Water Element. Example: Ifurita's Tomb requires Priest
    and any one of the six elements." Each element with the Priest meets it; the
    element without the Priest does not."""
    assert len(ELEMENTS) == 6 and ELEMENTS[n].endswith(" Element")
    sc = Scene(ELEMENTAL)
    sc.location((0, 0), "ifuritas-tomb", under=["the-master-key"])
    sc.location((1, 1))
    mage = sc.char(f"mage-{n}", (0, 0))
    sc.turn(SCAVENGE)
    assert not may(sc)
    sc.char("priest", (0, 0))
    assert may(sc)
    sc.st.move_unit(sc.unit(mage), (1, 1))  # the Priest alone
    assert not may(sc)


def may(sc: Scene) -> bool:
    return Scavenge((0, 0)) in sc.legal()


def test_golden_card_requirements_king_kais_planetoid_needs_both():
    """Card Requirements, Ability N+: "King Kai's Planetoid requires an Attack of at
    least 4 and a Strength skill": Attack 4 without Strength (the Brawler) is refused,
    Strength with Attack 3 (Fujisawa) is refused, both together on one Character (Ryoga)
    meet it."""
    assert not may_scavenge("king-kais-planetoid", "brawler")
    assert not may_scavenge("king-kais-planetoid", "fujisawa")
    assert may_scavenge("king-kais-planetoid", "ryoga")


# Guideline 3.3: Consecutively Acting Commands -----------------------------------------
PASS_AROUND = CARDS + """\
- id: pass-around
  name: Pass Around
  type: item
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
- {id: control-cube, name: Control Cube, type: item}
"""


def test_golden_guideline_3_3_pass_around_takes_the_control_cube_before_any_drop():
    """Guideline 3.3: "Consecutively Acting Commands (e.g. Drop, Move, Scavenge, Use
    Equipment / Enhancement, Drawing Combat cards) take place sequentially. (E.g. If a
    Character uses Pass Around to take your Control Cube, you can't Drop it to nullify
    Pass Around's effect.)" The Cube's holder may Drop it before (the Drop is its own
    command), but the use takes the Cube at once: no moment is left to its holder."""
    sc = Scene(PASS_AROUND, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    thief = sc.char("man", (0, 0), items=["pass-around"])
    victim = sc.char("woman", (0, 0), seat=1, items=["control-cube"])
    sc.turn(MOVE)
    cube, = sc.unit(victim).items
    use = UseCard(sc.unit(thief).items[0], target=victim)
    assert use in sc.legal()
    ev = sc.do(use)
    assert of(ev, ItemStolen) and cube in sc.unit(thief).items
    assert sc.unit(victim).items == []
    assert sc.st.current_seat() == 0 and not any(
        isinstance(d, FlashWindow) for d in sc.st.pending)


def test_guideline_3_3_no_drop_in_answer_to_a_flash_effect():
    """Guidelines 3.1 and 3.3: a Flash Effect may be answered only by something as fast
    ("If it isn't a Global Effect, isn't a Haven's ability, or doesn't say it's a Flash
    Effect, it isn't as fast"); a Drop is a Consecutively Acting Command. The other
    player, answering seat 0's Flash Effect, is offered no Drop of its Item and is
    refused one."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    man = sc.char("man", (0, 0))
    woman = sc.char("woman", (0, 0), seat=1, items=["the-master-key"])
    sc.turn(MOVE)
    dash, = sc.hand(0, "dash")
    sc.do(PlayCard(dash, man))
    assert sc.st.current_seat() == 1 and isinstance(sc.st.pending[-1], FlashWindow)
    key, = sc.unit(woman).items
    assert not [a for a in sc.legal() if isinstance(a, Drop)]
    sc.refused(Drop(key, woman))
    sc.do(Pass())
    assert key in sc.unit(woman).items


# Guideline 4.11: an improper use ------------------------------------------------------
def test_golden_guideline_4_11_wrath_of_the_eye_of_god_on_a_location_is_not_used():
    """Guideline 4.11 (and Miscellaneous Rules): "If a player attempts to improperly use
    a card (e.g. using Wrath of the Eye of God on a Location), the card is not Discarded
    or Used - treat the card as if the player hadn't tried to use it in the first place."
    The Wrath aimed at a Location is refused; it stays in the hand, nothing is Discarded,
    and the player may still play it on a Flash Effect."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    man = sc.char("man", (0, 0))
    sc.char("woman", (0, 0), seat=1)
    sc.turn(MOVE)
    wrath, = sc.hand(0, "wrath")
    dash, = sc.hand(1, "dash")
    location = sc.st.places[(0, 0)].card
    sc.refused(PlayCard(wrath, location))
    assert wrath in sc.st.seats[0].hand and sc.st.seats[0].discard == []
    sc.refused(PlayCard(wrath, man))  # a Character is no Flash Effect either
    sc.st.turn_seat = 1
    sc.do(PlayCard(dash, sc.char("woman", (0, 0), seat=1)))
    assert PlayCard(wrath, dash) in sc.legal()


# R4: Movement over a Haven --------------------------------------------------------------
def test_passing_over_a_haven_takes_a_movement_point_R4():
    """R4: "one Movement point per step", a Haven being a cell of the grid (guidelines,
    Move: "To go from one Location or Haven to another Haven or Location"). Over another
    player's Haven to the Location beyond: 2 points; a diagonal step: 1."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0), seat=1)
    sc.location((2, 0))
    sc.location((3, 1))
    man = sc.char("man", (0, 0))  # Movement 3
    sc.turn(MOVE)
    ev = sc.do(Move((man,), (2, 0)))
    assert of(ev, Moved)[0]["cost"] == 2
    ev = sc.do(Move((man,), (3, 1)))
    assert of(ev, Moved)[0]["cost"] == 1
    sc.refused(Move((man,), (2, 0)), "out of reach")


# Guideline 4.9: a Skill given to one who has it -----------------------------------------
TRAINING = CARDS + """\
- id: training
  name: Training with the Master
  type: item
  effects:
    - {"on": use, do: [{skill: {Strength: 1}, to: holder, for: turn}]}
"""


def test_golden_guideline_4_9_a_skill_given_adds_1_to_the_existing_skill():
    """Guideline 4.9: "Unless specified otherwise, a card that adds a Skill to one without
    said Skill can also give +1 to the existing Skill. [e.g. Galaxy Police HQ, A-ko's
    House, Training with Kami]". Training gives Strength: the Man (none) gets x1; Ryoga
    (x2) gets x3, and with Fujisawa's x2 his group has x5."""
    sc = Scene(TRAINING)
    sc.location((0, 0))
    man = sc.char("man", (0, 0), items=["training"])
    ryoga = sc.char("ryoga", (1, 1), items=["training"])
    sc.location((1, 1))
    fujisawa = sc.char("fujisawa", (1, 1))
    sc.turn(MOVE)
    sc.do(UseCard(sc.unit(man).items[0]), UseCard(sc.unit(ryoga).items[0]))
    assert skill_count(sc.st, [sc.unit(man)], "Strength") == 1
    assert skill_count(sc.st, [sc.unit(ryoga)], "Strength") == 3
    assert skill_count(sc.st, [sc.unit(ryoga), sc.unit(fujisawa)], "Strength") == 5
