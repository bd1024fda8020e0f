"""The lasting effects on a unit (state.Lasting: the modifiers, skills and flags an
effect made that last a while), read from the index the state keeps of them
(state.LastingIndex), and what their flags keep a unit from: Hold, No Action and a
charmer's orders (List of Actions), a transformation this Turn."""
from __future__ import annotations

from collections.abc import Sequence

from .state import NONE, GameState, Lasting, Unit


def lasting_on(st: GameState, u: Unit) -> Sequence[Lasting]:
    """The lasting effects on a unit, in the order they were made."""
    return st.lasting_index.on.get(u.card, ())


def has_flag(st: GameState, u: Unit, flag: str) -> bool:
    """A lasting effect on the unit has this flag (state.Lasting.flags: Hold, No Action,
    a charm, a charmer's order...)."""
    return flag in st.lasting_index.flags.get(u.card, NONE)


def has_any_flag(st: GameState, u: Unit, flags: frozenset[str]) -> bool:
    """has_flag of one of these flags, the unit's flags read once."""
    return not flags.isdisjoint(st.lasting_index.flags.get(u.card, NONE))


# "Perform special abilities", "Use an Equipped card" and "Use cards" are three actions
# of the List of Actions: No Action prevents all three ("All of the above actions are
# prevented when a Character or Disaster 'has no actions'"), a charmer's order one.
NO_ABILITY = frozenset(("no_action", "no_ability"))
NO_EQUIPMENT = frozenset(("no_action", "no_equipment"))
NO_CARDS = frozenset(("no_action", "no_cards"))


def preventing(st: GameState, card: int, holder: Unit) -> frozenset[str]:
    """The flags that keep a holder from using this card of its: its own card's text is
    a special ability it performs, an Equipment's an Equipped card used, an Item's or an
    Enhancement's a card used."""
    if card == holder.card:
        return NO_ABILITY
    return NO_EQUIPMENT if st.game.card(card).type == "equipment" else NO_CARDS


# A lasting flag to the end of the Turn: the Character changed form (transforming.py).
TRANSFORMED = "transformed"
_STUCK = frozenset(("hold", "no_action", TRANSFORMED))


def stays_put(st: GameState, u: Unit) -> bool:
    """Its player cannot move it now: Hold ("Prevent an opponent from leaving their
    current Location"), No Action (it cannot move), or a transformation this Turn ("A
    Character that is transforming cannot be moved that Turn except by a Disaster")."""
    return not _STUCK.isdisjoint(st.lasting_index.flags.get(u.card, NONE))
