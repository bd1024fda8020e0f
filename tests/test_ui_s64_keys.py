"""The s64 playtest: Space or Enter pressed while a card is held ended the phase under
the drag (the drop then refused: "this card is played in the Equip phase")."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from test_ui_drop_haven import at_the_haven, carry  # noqa: E402


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_RETURN])
def test_a_phase_key_while_a_card_is_held_ends_no_phase(tmp_path, key):
    """Four seats, the Equip phase, a hand card held over the Field: the key ends no
    phase (the card would have nowhere to go); the bar says to let go of it first."""
    s, app, t, card, chars, haven = at_the_haven(tmp_path, (1280, 720))
    sent = len(s.record.actions)
    carry(app, t, t.hand_rects[card].center, t.seen().center)
    assert t.drag is not None
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")], 0.05)
    assert len(s.record.actions) == sent
    assert "let go" in t.message[0].lower()
