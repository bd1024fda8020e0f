"""Hidden information, thirty-third stop: an Item taken from a Character is named to the
player who held it. Rules for Items: "Item cards are kept face down until they are used";
the robbed Character's player saw its own Item face down in its view, so naming it in
the event tells that seat nothing it did not know, and its log can say what it lost
(a steal between Characters: test_rules_audit_s32's Pass Around scene)."""
from __future__ import annotations

from scene import Scene
from test_rules_audit_s29a import CARDS as DISASTER_CARDS, far_items

from game.engine.actions import Declare, EndPhase
from game.engine.events import ItemStolen
from game.engine.state import DISCARD
from game.ui.table.words import event_text


def test_rules_for_disasters_an_item_taken_by_a_disaster_is_named_only_to_its_holder():
    """Rules for Disasters: a Disaster that Bonks a Character "takes the Item the
    Character had" and "will not reveal or use an Item". The Giant Bonks seat 0's Hero
    (two Items) in seat 0's Maintenance phase: seat 0 is told which one it took, seat 1
    is not."""
    sc = Scene(DISASTER_CARDS)
    sc.location((1, 0))
    sc.location((0, 0))
    far_items(sc)
    h = sc.char("hero", (0, 0), items=["key", "idol"], equipment=["sword"],
                enhancements=["focus"])
    giant = sc.disaster("giant", (1, 0))
    sc.combat_pile(0, "blank", "blank")
    sc.turn(DISCARD)
    sc.do(EndPhase())                                # Reload, then the Maintenance phase
    ev = sc.do(Declare(h, "none"))
    taken, = sc.unit(giant).items
    stolen, = [e for e in ev if isinstance(e, ItemStolen)]
    assert stolen.for_seat(0).card == taken and stolen.for_seat(1).card is None


def test_the_log_says_whose_item_was_taken():
    """The log said "Kaede took a face-down card": from whom, nobody could tell."""
    names = {1: "Kaede", 2: "Reiji", 3: "Idol"}.get
    line = event_text(ItemStolen(1, 2, 3), names, "Player {}".format)[0]
    assert line == "Kaede took Idol from Reiji"
    hidden = event_text(ItemStolen(1, 2, None), names, "Player {}".format)[0]
    assert hidden == "Kaede took a face-down card from Reiji"
