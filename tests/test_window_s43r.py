"""s43r, reviewing the forty-third stop: what its window changes said wrong."""
from __future__ import annotations

from pathlib import Path

from game.engine import apply
from game.match import load_game
from game.ui.guide import SEED, find_script
from game.ui.table.words import phase_hint

DEMO = Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml"


def test_the_guided_discard_phase_with_cards_in_hand_does_not_say_nothing_to_discard():
    """The guided game's Discard phases, on the guide's rails (the scripted action alone
    offered, End phase): the bar said "Nothing to discard: End phase." over a hand of
    three or four cards (s43w's empty-hand words read "no card of the hand offered" as
    an empty hand). With cards in hand and only End phase offered it says that."""
    game = load_game(DEMO, 2)
    script = find_script(game)
    st = game.new_state(SEED)
    seen = 0
    for a in script.actions:
        if st.phase == "discard" and type(a).__name__ == "EndPhase":
            hand = list(st.seats[st.turn_seat].hand)
            assert hand, "the scene tests nothing: an empty hand"
            said = phase_hint("discard", [a], hand)
            assert "Nothing to discard" not in said and "empty" not in said, said
            assert said == "End phase."
            seen += 1
        apply(st, a)
    assert seen, "the guided script has no Discard phase to end"


def test_an_empty_hand_still_says_so():
    """s43w's words stand where the hand is empty (guideline 2.3 for one in the Haven)."""
    from game.engine import actions as A
    assert phase_hint("discard", [A.EndPhase()], []) == "Nothing to discard: End phase."
    assert phase_hint("discard", [A.DiscardCard(7), A.EndPhase()], []).startswith(
        "Your hand is empty: click a card in your Haven")
    assert phase_hint("discard", [A.DiscardCard(7), A.EndPhase()], [7]).startswith(
        "Click each card you do not want")
