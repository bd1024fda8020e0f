"""The cards' audit of 30 Nov 2026 (s31b): Items, Equipment, Enhancements, Flash Effects,
Global Effects and Havens, each against its printed text (R1: card text first) and the
rules around it. Each test names the card and the sentence of the books it pins."""
from __future__ import annotations

import pytest
from test_cards import CASES, CELL, FAR, HAVEN, CardScene, build

from game.engine.abilities import active_enhancements, skill_count, total
from game.engine.actions import UseCard
from game.engine.events import CardDiscarded
from game.engine.memo import reading
from game.engine.state import MOVE, Place


def in_haven(haven: str) -> CardScene:
    """Seat 0's Haven is `haven`, at HAVEN; two Locations beside."""
    sc = CardScene()
    sc.location(CELL)
    sc.location(FAR)
    sc.st.places[HAVEN] = Place(sc.card(haven), "haven", 0)
    sc.st.seats[0].havens.append(HAVEN)
    sc.turn(MOVE)
    return sc


@pytest.mark.parametrize("haven,kept", [("sakura-yu-inn", True),
                                        ("secret-base-under-the-slide", False)])
def test_rules_for_enhancements_cybernetic_upgrade_kept_up_by_a_havens_energy_gives_tech(
        haven, kept):
    """Rules for Enhancements: "If an Enhancement has a cost, it is paid as long as the
    Character has the Enhancement. If the cost becomes unpayable, the Enhancement cannot
    be used." Kitsune (Energy 1) keeps Inner Spirit Awakening and Cybernetic Upgrade (1
    Energy each) up in the Sakura-Yu Inn ("Characters soaking here get +1 Energy"): the
    Upgrade's +2 Defense counts, and so does its text, "a Tech skill", so she may use the
    Prototype Reactor Core ("Use (Tech)"). In the Secret Base (no Energy) the Upgrade is
    turned over: neither. The skill was asked for inside a static effect's condition,
    where the Inn's +1 Energy went unseen, so the Upgrade was turned over for its text
    and kept for its Defense."""
    sc = in_haven(haven)
    kit = sc.char("t-kitsune", HAVEN, items=["prototype-reactor-core"],
                  enhancements=["inner-spirit-awakening", "cybernetic-upgrade"])
    u = sc.unit(kit)
    core = u.items[0]
    upgrade = u.enhancements[1]
    assert (upgrade in active_enhancements(sc.st, u)) is kept
    assert total(sc.st, u, "defense") == 1 + 2  # the Upgrade's, or the Base's
    assert skill_count(sc.st, [u], "Tech") == int(kept)
    with reading(sc.st):  # as a listing reads it, the memo open
        assert skill_count(sc.st, [u], "Tech") == int(kept)
        assert total(sc.st, u, "defense") == 1 + 2
    assert (UseCard(core, 0, None) in sc.legal()) is kept


COST_DISCARDS = ["hall-of-quiet-foxes",  # "discard a card at random to search your Draw pile"
                 "lost-and-found-office"]  # "discard a card at random to take back ..."


@pytest.mark.parametrize("card", COST_DISCARDS)
def test_a_havens_discard_at_random_is_told_to_every_player(card):
    """Hall of Quiet Foxes, Galactic Lost and Found Office: "discard a card at random"
    (Basic Terms, Discard: "place it in its owner's Discard pile", face up). The card the
    cost took went to the pile with no event: neither player's log said which it was,
    though its player did not choose it. Now a CardDiscarded names it in the open, as the
    `discard` step's does."""
    case = next(c for c in CASES if c.card == card)
    sc, _, haven = build(case)
    hand = list(sc.st.seats[0].hand)
    ev = sc.do(UseCard(haven, 0, None))
    gone = [c for c in hand if c in sc.st.seats[0].discard]
    told = [e for e in ev if isinstance(e, CardDiscarded)]
    assert len(gone) == 1 and [e.card for e in told] == gone
    assert told[0].seat == 0 and told[0].public["card"] == gone[0]


def test_R100_hall_of_quiet_foxes_searches_past_a_spirit_disaster():
    """R100: "search your Draw pile for a Spirit card" takes the first Spirit Power card,
    never a Disaster, though the Draw pile holds both (Setting Up the Decks): Madame
    Foxglove (a Spirit Character) comes to the hand; the Moth Queen (a Spirit Disaster)
    above her stays in the pile, which is shuffled (Miscellaneous Rules)."""
    case = next(c for c in CASES if c.card == "hall-of-quiet-foxes")
    sc, _, hall = build(case)
    moth, fox, rock = sc.draw_pile(0, "moth-queen", "madame-foxglove", "t-rock")
    sc.do(UseCard(hall, 0, None))
    assert fox in sc.st.seats[0].hand and moth not in sc.st.seats[0].hand
    assert sorted(sc.st.seats[0].draw) == sorted([moth, rock])


@pytest.mark.parametrize("pile,offered", [(("t-rock", "t-spark"), False),
                                          (("t-gear", "t-rock"), True)])
def test_lost_and_found_office_not_used_with_no_equipment_to_take_back(pile, offered):
    """Galactic Lost and Found Office: "discard a card at random to take back into your
    hand the Equipment last put on your Discard pile". With no Equipment on the pile the
    use can only lose a card (R75: the card the cost takes comes straight back, if it is
    one): an improper use is no use at all ("If a player attempts to improperly use a
    card, the card is not Discarded or used", Miscellaneous Rules; guideline 4.11), as a
    thief with nothing to steal is offered nothing. It was offered, and took a card at
    random for nothing; now it is refused, and offered once an Equipment lies there."""
    case = next(c for c in CASES if c.card == "lost-and-found-office")
    sc, _, office = build(case)
    sc.st.seats[0].discard = sc.cards(pile)
    use = UseCard(office, 0, None)
    assert (use in sc.legal()) is offered
    if not offered:
        sc.refused(use, "Equipment")
