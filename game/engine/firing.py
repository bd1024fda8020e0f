"""Which triggers the engine ever sets off for which kind of card (docs/card-format.md,
Triggers). An effect whose trigger is never set off for its card loaded as if it worked
and never ran (`turn_start` on a Location, `scavenge` on a Haven), so the loader refuses
it (cardfile._effects). Each set is read from the code that fires the trigger; a new
place that fires one must widen the set here too."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# A Character and the cards it hosts or carries: `play` by equip.play, `static` by
# static.held_sources, `use` by special._usable_cards, `turn_start` by turns._turn_start,
# `combat_round` by combat.py and duel.py at each round, `scavenge` by scavenging.scavenge.
_HELD = frozenset({"static", "use", "turn_start", "combat_round", "scavenge"})
# A seat's Haven (one of st.seats[seat].havens): static.placed_sources,
# special._usable_cards, turns._turn_start. No Combat round or Scavenging is a Place's.
_HAVEN = frozenset({"static", "use", "turn_start"})

FIRED: dict[str, frozenset[str]] = {
    "character": _HELD | {"play"},
    "enhancement": _HELD | {"play"},
    "equipment": _HELD | {"play"},
    "item": _HELD,  # Scavenged, never played from the hand
    # Off Field once played (equip.play): no unit holds it, so it neither fights nor Scavenges.
    "global_effect": frozenset({"play", "static", "use", "turn_start"}),
    # Discarded once played, or Off Field while what its play made lasts, acting no more
    # (Game.has_static, turns._turn_start, special._usable_cards pass it over; R127).
    "flash_effect": frozenset({"play"}),
    "haven": _HAVEN,
    "location without becomes_haven": frozenset({"static"}),  # a Place, never a Haven
    "location with becomes_haven": _HAVEN,  # once built as a Haven (scavenging.build_haven)
    # A unit on the Field (disasters.arrive): it fights, is revealed and Defeated.
    "Combat Disaster": frozenset({"static", "revealed", "combat_round", "defeated"}),
    # Off Field for its turns (disasters.resolve_non_combat), its group's Turns counted.
    "non-Combat Disaster with endure": frozenset({"static", "revealed", "turn_start",
                                                 "defeated"}),
    # Discarded as soon as its `revealed` effects are done: never in play.
    "non-Combat Disaster without endure": frozenset({"revealed", "defeated"}),
}

# For whom each trigger is set off, in words, for the line that refuses one.
FOR_WHOM = {
    "play": "when a card is played from the hand: a Character, Enhancement, Equipment, "
            "Global Effect or Flash Effect",
    "static": "while a card is in play: not a Flash Effect (what its play made lasts "
              "without it), nor a non-Combat Disaster without endure (Discarded once revealed)",
    "use": "for a player's Characters and the cards they host or carry, its Havens (a "
           "Location once built as one: becomes_haven) and its Global Effects",
    "turn_start": "for a player's Characters and the cards they host or carry, its Havens "
                  "(a Location once built as one: becomes_haven), its Global Effects and "
                  "the non-Combat Disasters with endure its groups endure",
    "combat_round": "for the fighting Characters and the cards they host or carry, and "
                    "the Combat Disaster fought",
    "scavenge": "for the Scavenging group's Characters and the cards they host or carry",
    "revealed": "when a Disaster turns up under a Location or enters from the Draw pile",
    "defeated": "when a Disaster is Defeated",
}


def kind(card_type: str, fields: Mapping[str, Any]) -> str:
    """The key of FIRED for a card of `card_type` whose checked fields are `fields`
    (cardfile's keyword arguments of CardDef)."""
    if card_type == "location":
        # scavenging.can_build_haven: any `becomes_haven`, `{}` too, may be built
        return "location with" + ("" if fields.get("becomes_haven") is not None
                                  else "out") + " becomes_haven"
    if card_type != "disaster":
        return card_type
    if all(fields.get(a) is not None for a in ("attack", "defense", "movement")):
        return "Combat Disaster"  # CardDef.is_combat_disaster
    # disasters.resolve_non_combat: an empty `endure` is no endured one either
    return "non-Combat Disaster with" + ("" if fields.get("endure") else "out") + " endure"


def never_fired(card_kind: str, on: str) -> str | None:
    """Why `on` is never set off for a card of `card_kind` (None: it can be)."""
    if on in FIRED[card_kind]:
        return None
    a = "an" if card_kind[0] in "aeiou" else "a"  # "an item", "an enhancement"
    return (f"`{on}` is never set off for {a} {card_kind}: it is set off {FOR_WHOM[on]} "
            f"(for {a} {card_kind}: {', '.join(sorted(FIRED[card_kind]))})")
