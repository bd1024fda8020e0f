"""The window's words a newcomer reads, checked against the rulebook (the fifty-sixth
stop's playtest)."""
from __future__ import annotations

from game.engine.cardfile import load_cards
from game.ui.table import popups


def test_a_haven_card_says_how_another_haven_comes_into_play_rulebook_havens():
    """Rulebook, Havens: "To add an additional Haven to the Field, 3 Characters must
    remain at a Location for 2 Turns doing nothing except 'building' access to the
    Haven. You may then place the Haven adjacent to the Location during the next Equip
    phase." A second Haven sat in a newcomer's hand all game: its card's words said only
    "its owner's safe base", and a click alone told how (a red note for three seconds)."""
    db = load_cards()
    havens = [cd for cd in db.cards.values() if cd.type == "haven"]
    assert havens
    for cd in havens:
        told = [w for w in popups.keywords(cd) if w.startswith("Another Haven")]
        assert len(told) == 1, (cd.id, popups.keywords(cd))
        assert "3 of your Characters at a Location" in told[0]
        assert "for 2 Turns" in told[0] and "next to that Location" in told[0]
        assert "Equip phase" in told[0]
    others = [cd for cd in db.cards.values() if cd.type != "haven"]
    assert not any(w.startswith("Another Haven") for cd in others for w in popups.keywords(cd))
