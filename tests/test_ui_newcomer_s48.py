"""What a newcomer met at the table (s48): a click on a hand card no click plays now
says why, instead of only raising the card; the Haven's caption in the inspector is
whole at 960x540."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import actions as A  # noqa: E402
from test_ui_table import STANDARD, click, make_app, session, table, until  # noqa: E402,F401


def _unplayable(s, t, kind: str):
    """A card of `kind` in the viewer's hand no click or drag plays now."""
    b = t.board
    return next((c for c in b.hand if not b.click.get(("card", c))
                 and not b.drops.get(("card", c)) and b.card(c).type == kind), None)


def test_a_click_on_an_equipment_in_the_move_phase_says_it_is_played_in_the_equip_phase(
        make_app):
    """An Equipment clicked in the Move phase: it rose, and nothing said why (the bar
    kept "Click your Characters..."). Now the engine's reason is said, and nothing sent."""
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: s.view().phase == "move" and any(
        s.game.card(c).type == "equipment" and not any(getattr(a, "card", None) == c
                                                       for a in s.legal())
        for c in s.view().seats[0].hand))
    t = table(make_app(), s)
    card = _unplayable(s, t, "equipment")
    assert card is not None
    before = len(s.record.actions)
    t.message = ("", 0.0)
    click(t.app, t.hand_rects[card].center)
    assert len(s.record.actions) == before and t.menu is None
    said = t.message[0]
    assert said.startswith(f"{t.name(card)} can't be played now:"), said
    assert "Equip phase" in said


def test_a_click_on_a_haven_card_in_the_hand_says_how_a_haven_comes_into_play(make_app):
    """Rules for Havens: a second Haven is built, never played; the click said nothing."""
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: s.view().phase in ("equip", "move") and any(
        s.game.card(c).type == "haven" for c in s.view().seats[0].hand))
    t = table(make_app(), s)
    card = _unplayable(s, t, "haven")
    assert card is not None
    t.message = ("", 0.0)
    click(t.app, t.hand_rects[card].center)
    said = t.message[0]
    assert said.startswith(f"{t.name(card)} is not played from the hand:"), said
    assert "build access" in said
    assert not any(isinstance(a, A.BuildAccess) for a in s.record.actions)
