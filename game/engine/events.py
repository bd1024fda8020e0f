"""Events: every change of the game, for the window to animate and the log to print.

One shape for all kinds keeps hidden information in one place: `public` is what
every seat may know; `private` adds what only `seat` may know (which Item a
Character took, which card was drawn). `for_seat` gives a seat its share.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The kinds of event, by the rulebook's names.
PHASE_BEGAN = "phase_began"
TURN_BEGAN = "turn_began"
CARD_PLACED = "card_placed"
CARDS_DEALT = "cards_dealt"
CARD_DRAWN = "card_drawn"
CARD_DISCARDED = "card_discarded"
CARD_PLAYED = "card_played"
CHARACTER_RETURNED = "character_returned"
DISASTER_ENTERED = "disaster_entered"
DISASTER_REVEALED = "disaster_revealed"
DISASTER_MOVED = "disaster_moved"
DISASTER_LEFT = "disaster_left"
DISASTER_ENDURED = "disaster_endured"
DISASTER_DEFEATED = "disaster_defeated"
DISASTERS_ALLIED = "disasters_allied"
MOVED = "moved"
LOCATION_ATTACKED = "location_attacked"
LOCATION_ATTACKS = "location_attacks"
SCAVENGING_BEGAN = "scavenging_began"
SCAVENGING_ENDED = "scavenging_ended"
ITEM_TAKEN = "item_taken"
ITEM_DROPPED = "item_dropped"
ITEM_TRANSFERRED = "item_transferred"
ITEM_DESTROYED = "item_destroyed"
COMBAT_BEGAN = "combat_began"
COMBAT_TARGET = "combat_target"
COMBAT_DECLARED = "combat_declared"
COMBAT_CARD = "combat_card"
COMBAT_HIT = "combat_hit"
COMBAT_ENDED = "combat_ended"
RAN_AWAY = "ran_away"
BONKED = "bonked"
KILLED = "killed"
CHARM_CONTEST = "charm_contest"
CHARM_COMMAND = "charm_command"
EFFECT = "effect"
CARD_USED = "card_used"
FLASH_PLAYED = "flash_played"
FLASH_RESOLVED = "flash_resolved"
PASSED = "passed"
CANCELLED = "cancelled"
HAVEN_BUILT = "haven_built"
GAME_OVER = "game_over"
DUEL_BEGAN = "duel_began"  # Combat between players
DUEL_ENDED = "duel_ended"
CHARM_ORDER = "charm_order"  # a charmer's order after Charm Combat Between Players
PERMISSION_ASKED = "permission_asked"  # to stop at another player's Haven
PERMISSION_ANSWERED = "permission_answered"


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    public: dict[str, Any]
    seat: int | None = None  # who may see `private`
    private: dict[str, Any] = field(default_factory=dict)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as `seat` may know it; seat None is the omniscient log."""
        d = {"type": self.type, **self.public}
        if self.private and (seat is None or seat == self.seat):
            d.update(self.private)
        return d
