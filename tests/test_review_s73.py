"""What the s73 review of the day's change found (s73 review)."""
from __future__ import annotations

from game.engine import view
from game.engine.state import MOVE
from scene import Scene
from test_hidden_s73 import BOOTS, CARDS, _canon


def test_r16_rules_for_items_a_seats_view_does_not_tell_through_its_game_a_face_down_static_item():
    """R16, Rules for Items ("kept face down until they are used"): seat 0's Hero carries
    Boots (a static +1 Movement) or a Gem, face down; both cards are in seat 0's deck.
    The static effects' table of step targets (static._static_tos) was kept in Game.memo,
    filled as sources were met: seat 1's view names that Game, and its table held the
    Boots' effect only when Boots were carried. Seat 1's view, its game's memo included,
    must be the same either way."""
    def memo_seen_by_1(boots_carried: bool):
        sc = Scene(CARDS + BOOTS, seats=2)
        for x in range(3):
            sc.location((x, 0))
        boots, gem = sc.cards(["boots", "gem"])
        sc.char("hero", (0, 0), items=[boots if boots_carried else gem])
        sc.turn(MOVE)
        assert sc.legal()  # seat 0's listing: its Hero's totals, the Boots' effect met
        return _canon(view(sc.st, 1).game.memo)
    assert memo_seen_by_1(True) == memo_seen_by_1(False)
