"""The cards' audit of 29 Nov 2026, evening: clauses of the shipped cards' printed text
that tests/test_cards.py's CASES do not pin (R1: card text first). Each test names the
card and quotes the clause it checks."""
from __future__ import annotations

import re

import pytest
from scene import card_db, of
from test_cards import CASES, CELL, DB, FAR, HAVEN, CardScene, build, trigger

from game.engine import combat
from game.engine.abilities import total
from game.engine.actions import Declare, Fight, PlayCard, Scavenge, UseCard
from game.engine.cards import CardDB
from game.engine.events import Damaged, DisasterDefeated, DisasterEndured
from game.engine.state import EQUIP, MOVE, SCAVENGE
from game.engine.turns import _expire

# One Character with every skill a non-Combat Disaster's `defeat` asks for, one with none.
MORE = """\
- {id: t-sage, name: Sage, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 3, charm: 4, energy: 4},
   skills: {Genius: 1, Water Element: 1, Streetwise: 1, Cooking: 1, Illusion Piercing: 1,
            Bureaucracy: 1, Medic: 1, Savoir-Faire: 1}}
- {id: t-plain, name: Plain, type: character, gender: male,
   abilities: {attack: 4, defense: 4, movement: 3, charm: 4, energy: 4}}
"""
AUDIT_DB = CardDB({**DB.cards, **card_db(MORE).cards})


class AuditScene(CardScene):
    """A CardScene that also knows Sage and Plain."""

    def __init__(self):
        super().__init__()
        self.db = AUDIT_DB
        self.game.db = AUDIT_DB


def field(disaster: str, *chars: str):
    """The group of `chars` at CELL, over `disaster` (then an Item); a Haven, a Location
    beside, three cards in the hand and in the Draw pile."""
    sc = AuditScene()
    sc.location(CELL, under=[disaster, "t-gem"])
    sc.location(FAR)
    sc.haven(HAVEN)
    sc.haven((2, 2), seat=1)
    group = [sc.char(c, CELL) for c in chars]
    sc.hand(0, "t-rock", "t-rock", "t-rock")
    sc.draw_pile(0, "t-rock", "t-rock", "t-rock")
    sc.combat_pile(0, *["blank"] * 6)
    return sc, group


# Non-Combat Disasters: who Defeats them, and what the others endure, for how long.
NON_COMBAT = [
    # card, what an undefeated group suffers (after less before), turns of the text
    ("pop-quiz", {"energy": -1}, 1),  # "A Genius in the group aces it; otherwise
    #                                    everyone is drained for 1 Turn."
    ("typhoon-season", {"movement": -1}, 2),  # "An Element-wielder can turn the storm
    #                                            aside; otherwise -1 Movement for 2 Turns."
    ("paparazzi-ambush", {"charm": -2}, 1),  # "Someone Streetwise knows the back alleys;
    #                                           otherwise -2 Charm for 1 Turn."
    ("hungry-ghost-curse", {"energy": -1}, 2),  # "Feed it ...  Otherwise it eats ...
    #                                              your Energy, for 2 Turns."
    ("mysterious-fog", {"movement": -2}, 2),  # "Someone who sees through illusions ...;
    #                                            otherwise Movement becomes 1 for 2 Turns."
    ("galactic-tax-audit", {"attack": -1, "defense": -1}, 1),  # "Without Bureaucracy:
    #                                   ... -1 Attack and Defense for 1 Turn."
    ("food-poisoning", {"attack": -2}, 1),  # "A Medic saves the day; otherwise Attack is
    #                                          halved for 1 Turn." (4 halved is 2)
    ("love-letter-mixup", {"charm": -2, "energy": -1}, 2),  # "Smooth it over with
    #                                          Savoir-Faire, or blush for 2 Turns."
]


@pytest.mark.parametrize("card,change,turns", NON_COMBAT, ids=[c[0] for c in NON_COMBAT])
def test_a_non_combat_disaster_is_endured_as_its_text_says(card, change, turns):
    """The group without the skill the text names suffers the text's numbers, for as
    many of its player's Turns as the text says, every Character of it."""
    sc, group = field(card, "t-plain", "t-plain")
    before = {(c, a): total(sc.st, sc.unit(c), a) for c in group for a in change}
    ev = sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert [e["turns"] for e in of(ev, DisasterEndured)] == [turns]
    for c in group:
        for a, d in change.items():
            assert total(sc.st, sc.unit(c), a) - before[(c, a)] == d, (c, a)


@pytest.mark.parametrize("card", [c[0] for c in NON_COMBAT])
def test_a_non_combat_disaster_is_defeated_by_the_group_its_text_names(card):
    """The group with the skill the text names (one Character of it will do) Defeats it,
    and suffers nothing."""
    sc, group = field(card, "t-plain", "t-sage")
    before = {(c, a): total(sc.st, sc.unit(c), a) for c in group
              for a in ("attack", "defense", "movement", "charm", "energy")}
    ev = sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert of(ev, DisasterEndured) == []
    assert [e["by"] for e in of(ev, DisasterDefeated)] == [group]
    assert {k: total(sc.st, sc.unit(k[0]), k[1]) for k in before} == before


def test_galactic_tax_audit_the_discard_is_only_without_bureaucracy():
    """Galactic Tax Audit: "Without Bureaucracy: the group's player discards a card at
    random": a group with Bureaucracy keeps its hand; one without loses one card."""
    sc, _ = field("galactic-tax-audit", "t-plain", "t-sage")
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert len(sc.st.seats[0].hand) == 3
    sc, _ = field("galactic-tax-audit", "t-plain")
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert len(sc.st.seats[0].hand) == 2


# Combat Disasters: which rounds, how often, and what is left after the Combat.

def fight(disaster: str, items=(), dis_items=()):
    """Sage (Health 4, with `items`) alone at CELL fights `disaster` (with `dis_items`)."""
    sc, (sage,) = field("t-gem", "t-sage")
    sc.unit(sage).items = sc.cards(items)
    dis = sc.disaster(disaster, CELL, items=dis_items)
    sc.do(Fight(dis))
    return sc, sage, dis


def end_turn(sc: AuditScene) -> None:
    """The Combat ends (combat.end), then the Turn (durations and uses per Turn end,
    turns._expire); the next begins."""
    combat.end(sc.st, [])
    _expire(sc.st, 0)


def test_general_obsidian_hex_plus_1_attack_in_each_of_the_first_two_rounds():
    """General Obsidian Hex: "In each of the first two Combat rounds of a Turn he gets
    +1 Attack until the end of the Combat": 7, 8, then 8 in the third round."""
    sc, sage, hex_ = fight("general-obsidian-hex")
    sc.unit(sage).damage = -99  # Sage lasts three rounds
    seen = [total(sc.st, sc.unit(hex_), "attack")]
    for _ in range(2):
        sc.do(Declare(sage, "none"))
        seen.append(total(sc.st, sc.unit(hex_), "attack"))
    assert seen == [7, 8, 8]
    end_turn(sc)
    assert total(sc.st, sc.unit(hex_), "attack") == 6


def test_runaway_mecha_girders_only_in_the_first_round_of_a_turn():
    """Runaway Construction Mecha DZ-9: "In the first Combat round of a Turn, falling
    girders deal 1 Damage to each Character it fights": not in the second round; again
    in the first round of a later Turn."""
    sc, sage, mecha = fight("runaway-mecha-dz9")
    assert sc.unit(sage).damage == 1
    sc.unit(sage).damage = -99
    assert of(sc.do(Declare(sage, "none")), Damaged) == []
    end_turn(sc)
    ev = sc.do(Fight(mecha))
    assert [(e["unit"], e["damage"]) for e in of(ev, Damaged)] == [(sage, 1)]


# Disasters that take Items: once per Turn or once per game, as the text says.
TAKERS = [
    ("admiral-gildmaw", "turn"),  # "once per Turn in Combat he steals a random Item"
    ("jealous-rival-idol", "game"),  # "once per game, a random Item of the Character"
    ("rogue-android-xr0", "game"),  # "once per game, a random Item ... is Destroyed"
    ("student-council-enforcer", "game"),  # "once per game, the Character she targets
    #                                         drops all its Items"
]


@pytest.mark.parametrize("card,per", TAKERS, ids=[t[0] for t in TAKERS])
def test_a_disaster_takes_items_as_often_as_its_text_says(card, per):
    """Its first round takes; the second round of the Turn does not; the first round of a
    later Turn takes again only if the text says once per Turn."""
    sc, sage, dis = fight(card, items=("t-gem",) * 3)
    sage_u = sc.unit(sage)
    assert len(sage_u.items) < 3
    sage_u.damage, sage_u.items = -99, sc.cards(["t-gem"] * 3)
    sc.do(Declare(sage, "none"))
    assert len(sage_u.items) == 3
    end_turn(sc)
    sage_u.damage = -99
    sc.do(Fight(dis))
    assert (len(sage_u.items) < 3) is (per == "turn")


@pytest.mark.parametrize("card", ["admiral-gildmaw", "jealous-rival-idol"])
def test_a_disaster_that_steals_drops_the_item_it_had(card):
    """Space Pirate Admiral Gildmaw: "(dropping the one he had)"; Jealous Rival Idol:
    "(she drops the one she had)": the stolen Item in its hands, the old one under the
    Location."""
    sc, (sage,) = field("t-gem", "t-sage")
    loot, = sc.unit(sage).items = sc.cards(["t-gem"])
    dis = sc.disaster(card, CELL, items=["t-gem"])
    old, = sc.unit(dis).items
    sc.do(Fight(dis))
    assert sc.unit(sage).items == [] and sc.unit(dis).items == [loot]
    assert old in sc.st.places[CELL].under


# Printed uses: "N uses" lasts the whole game, once per Turn.
USED = [c for c in CASES if c.how == "use" and DB[c.card].uses is not None]


@pytest.mark.parametrize("case", USED, ids=str)
def test_a_card_is_used_as_many_times_as_its_text_says(case):
    """Its text's "N uses" (Basic Terms, Uses: once per Turn): one use in each of N
    Turns, then none in the next (a Global Effect is then removed from the game)."""
    n = DB[case.card].uses
    assert f"{n} use" in DB[case.card].text
    sc, who, card = build(case)
    trigger(sc, case, who, card, lambda: None)
    pick = who.get(case.target) if case.target else None
    index = next(i for i, e in enumerate(DB[case.card].effects) if e.on == "use")
    for _ in range(n - 1):
        _expire(sc.st, 0)
        sc.do(UseCard(card, index, pick))
    _expire(sc.st, 0)
    assert not any(isinstance(a, UseCard) and a.card == card for a in sc.legal())
    if DB[case.card].type == "global_effect":  # "runs out of uses, it is removed"
        assert card in sc.st.destroyed and card not in [o.card for o in sc.st.off_field]


# Whom a card may go on, or works for.
ONLY_FOR = [
    # card, phase it is played in, the clause
    ("overclock", MOVE),  # "one of your Androids gets +3 Attack"
    ("foxfire-flicker", MOVE),  # "one of your Characters with an Element"
    ("cat-ear-reflexes", EQUIP),  # "Aliens only." (played in the Haven)
]


@pytest.mark.parametrize("card,phase", ONLY_FOR, ids=[c[0] for c in ONLY_FOR])
def test_a_card_goes_only_on_the_character_its_text_names(card, phase):
    """Ace (an Alien Android with Fire Element) may take it; Pal, beside him, may not."""
    sc = AuditScene()
    at = HAVEN if phase == EQUIP else CELL
    sc.location(CELL)
    sc.haven(HAVEN)
    ace, pal = sc.char("t-ace", at), sc.char("t-pal", at)
    played = sc.hand(0, "t-rock", card)[-1]
    sc.turn(phase)
    assert [a.target for a in sc.legal() if isinstance(a, PlayCard) and a.card == played] \
        == [ace] != [pal]


def test_kaede_ironside_no_plus_1_defense_without_a_mechanic_in_her_group():
    """Kaede Ironside: "+1 Defense while a mechanic (Tech) is in her group": 3 alone
    (she has no Tech), 4 with Pal (Tech) beside her, 3 again when Pal is elsewhere."""
    sc = AuditScene()
    sc.location(CELL)
    sc.location(FAR)
    kaede = sc.char("kaede-ironside", CELL)
    assert total(sc.st, sc.unit(kaede), "defense") == 3
    pal = sc.char("t-pal", CELL)
    assert total(sc.st, sc.unit(kaede), "defense") == 4
    sc.st.move_unit(sc.unit(pal), FAR)
    assert total(sc.st, sc.unit(kaede), "defense") == 3


# Durations in Turns.
TWO_TURNS = [("pirate-radio-anthem", "attack", 1),  # "for this Turn and your next"
             ("training-arc", "defense", 1)]  # "for this Turn and your next"


@pytest.mark.parametrize("card,ability,bonus", TWO_TURNS, ids=[t[0] for t in TWO_TURNS])
def test_a_global_effect_lasts_this_turn_and_your_next(card, ability, bonus):
    """The bonus stays through the end of this Turn and the opponent's Turn, and ends
    with its player's next Turn."""
    case = next(c for c in CASES if c.card == card)
    sc, who, used = build(case)
    user = sc.unit(who["user"])
    base = total(sc.st, user, ability)
    trigger(sc, case, who, used, lambda: None)
    seen = [total(sc.st, user, ability) - base]
    for seat in (0, 1, 0):
        _expire(sc.st, seat)
        seen.append(total(sc.st, user, ability) - base)
    assert seen == [bonus, bonus, bonus, 0]


def test_beckoning_cat_figurine_not_the_disaster_it_is_fighting():
    """Beckoning Cat Figurine: "every Disaster at the holder's Location, but one it is
    fighting, joins its group as an ally": used in Combat with the Imp, the Ogre beside
    it joins Sage's group; the Imp does not, and the Combat goes on."""
    sc, sage, imp = fight("t-imp")
    ogre = sc.disaster("t-ogre", CELL)
    cat, = sc.cards(["beckoning-cat-figurine"])
    sc.unit(sage).items.append(cat)
    sc.do(UseCard(cat, 0, None))
    assert (sc.unit(ogre).ally_seat, sc.unit(imp).ally_seat) == (0, -1)
    assert sc.st.combat is not None and sc.st.combat.disaster == imp


def test_rubber_duck_of_destiny_only_a_carrier_with_blind_luck():
    """Rubber Duck of Destiny: "a carrier with Blind Luck gets +2 Defense" (Rules for
    Items: the Character using it meets the requirement): carried by Pal, who lacks Blind
    Luck, nothing, though Ace beside her has it."""
    sc, (pal, _) = field("t-gem", "t-pal", "t-ace")
    sc.unit(pal).items = sc.cards(["rubber-duck-of-destiny"])
    before = total(sc.st, sc.unit(pal), "defense")
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert total(sc.st, sc.unit(pal), "defense") == before


# "at her Location", "at his Location", "at its Location": whom a use may pick.
HERE = [c for c in CASES if c.how in ("use", "use_fight") and c.target in ("friend", "foe", "dis")
        and re.search(r"at (her|his|its) Location", DB[c.card].text)]


@pytest.mark.parametrize("case", HERE, ids=str)
def test_a_use_picks_only_at_the_location_its_text_says(case):
    """The card's text says "at her (his, its) Location": the one there may be picked,
    the same kind of card one Location away may not."""
    sc, who, card = build(case)
    if case.how == "use_fight":
        sc.do(Fight(who["dis"]))
    far = {"friend": lambda: sc.char("t-pal", FAR), "foe": lambda: sc.char("t-rival", FAR, seat=1),
           "dis": lambda: sc.disaster("t-imp", FAR)}[case.target]()
    picks = {a.target for a in sc.legal() if isinstance(a, UseCard) and a.card == card}
    assert who[case.target] in picks and far not in picks


# Locations: who gets in, as the text says.
ENTRY = [
    # card, a group that gets in, the same one short
    ("ladies-open-air-bath", ("t-pal", "t-kitsune", "t-sage"), ("t-pal", "t-kitsune", "t-ace")),
    #   "Three ladies to get in."
    ("falling-petal-dojo", ("t-ace", "t-ace"), ("t-ace",)),  # "Masters only." (Swordsman x2)
    ("felis-prime-palace", ("princess-pawlina",), ("t-sage",)),  # "Guests are admitted only
    #                                                              with the princess"
    ("command-bunker", ("t-plain", "t-plain", "t-sage"), ("t-plain", "t-sage")),
    #   "Entry needs two officers and the right form." (2 Males, Bureaucracy)
]


@pytest.mark.parametrize("card,fits,short", ENTRY, ids=[e[0] for e in ENTRY])
def test_a_location_lets_in_the_group_its_text_names(card, fits, short):
    """Scavenge Phase: the group must meet the Location's requirements to enter it."""
    for group, enters in ((fits, True), (short, False)):
        sc = AuditScene()
        sc.location(CELL, card, under=["t-gem"])
        sc.haven(HAVEN)
        for c in group:
            sc.char(c, CELL)
        sc.turn(SCAVENGE)
        assert (Scavenge(CELL) in sc.legal()) is enters, group
