"""The cards' audit of 30 Nov 2026 (s31b): Items, Equipment, Enhancements, Flash Effects,
Global Effects and Havens, each against its printed text (R1: card text first) and the
rules around it. Each test names the card and the sentence of the books it pins."""
from __future__ import annotations

import pytest
from test_cards import CELL, FAR, HAVEN, CardScene

from game.engine.abilities import active_enhancements, skill_count, total
from game.engine.actions import UseCard
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
