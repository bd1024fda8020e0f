"""The List of Actions a charmer makes the Charmed perform or prevents it from doing,
after Charm Combat (rulebook, Charm Combat; List of Actions).

"If all your Characters win Charm Combat against a Minor Disaster, you can make the
Disaster perform 1 action, or prevent 1 action"; between players "each Character can
make the Character it Charmed perform 1 action, or prevent 1 action". The List names
the actions; this module plays those that mean something at that moment:

    perform  hand-over     it hands its Item over (to a Character of the charmer's side)
             release       a Charmed Character: the Charm it holds on another ends
    prevent  no-attack     it does not attack for the rest of this Combat
             no-protect    it protects nobody for the rest of this Combat (players)
             no-move       it does not move (leave its Location): its next move (R135)
             no-ability    it performs no special ability (its own card's) this Combat
             no-equipment  it puts no Equipment to use, nor uses one, this Combat
             no-cards      it uses no Item or Enhancement it holds this Combat

Each prevented action is one entry of the List ("Perform special abilities", "Use an
Equipped card", "Use cards"); No Action prevents them all. An order to prevent one of
the last three is offered only if it would stop something (`pointless`).

An opposing Character "cannot be forced to use a card with a cost" (Rules for
Characters; guideline 2.4): no order makes it use one. Physical Combat follows the
orders ("Combat consists of Charm Combat followed by Physical Combat").
"""
from __future__ import annotations

from .events import Event, ItemTransferred
from .lasting import has_flag
from .state import MOVE, GameState, Lasting, Unit

# Prevented actions, as the flag a lasting effect puts on the Charmed.
FLAGS = {"no-attack": "no_attack", "no-protect": "no_protect", "no-move": "hold",
         "no-ability": "no_ability", "no-equipment": "no_equipment", "no-cards": "no_cards"}
# The flags that take a role of physical Combat away, and the role.
ROLES = {"no_attack": "attack", "no_protect": "protect"}


def forbidden(st: GameState, u: Unit) -> tuple[str, ...]:
    """The roles of physical Combat a Charmed order keeps `u` from: "attack",
    "protect" (for the rest of the Combat)."""
    return tuple(role for flag, role in ROLES.items() if has_flag(st, u, flag))


def pointless(st: GameState, u: Unit, order: str) -> bool:
    """An order to prevent a use that would prevent nothing now: the Charmed carries no
    Equipment (no-equipment), its own card has no text it performs in Combat (a use, a
    Combat round's: no-ability), or no Item or Enhancement of its has one (no-cards)."""
    if order == "no-equipment":
        return not u.equipment
    if order not in ("no-ability", "no-cards"):
        return False
    g = st.game
    cards = (u.card,) if order == "no-ability" else (*u.enhancements, *u.items)
    return not any(g.card(c).effects_on(t) for c in cards for t in ("use", "combat_round"))


def hand_over(st: GameState, src: Unit, dst: Unit, ev: list[Event]) -> None:
    """Hand over an Item: one at random, as the charmer cannot see which it holds (R16).
    The Charmed Character's player is told which too: the Item was its own to see (a
    Disaster's player sees nothing of what it carries)."""
    item = st.rng.choice(sorted(src.items))
    src.items.remove(item)
    dst.items.append(item)
    seen = sorted({side.owner for side in (src, dst) if not side.disaster})
    ev.append(ItemTransferred(src.card, dst.card, item, to=tuple(seen)))


def prevent(st: GameState, source: int, u: Unit, order: str) -> None:
    """The Charmed is kept from an action: for this Combat, or (Move) until it has
    missed its next move (R135): a Character in its own Move phase for this Turn, else
    through the next Turn of the player whose Turns move it (its owner; a Disaster's
    bringer, through its next Maintenance)."""
    if order != "no-move":
        st.add_lasting(Lasting(source, u.card, u.owner, flags=(FLAGS[order],),
                               until="combat", combat=st.combat_depth()))
    elif not u.disaster and st.turn_seat == u.owner and st.phase == MOVE:
        st.add_lasting(Lasting(source, u.card, u.owner, flags=("hold",)))
    else:
        # Its move this Turn is behind it, or it moves in another player's Turn only: a
        # hold to the end of this Turn would prevent nothing.
        seat = u.brought_by if u.disaster else u.owner
        st.add_lasting(Lasting(source, u.card, seat, flags=("hold",), until="turns",
                               turns_left=2 if st.turn_seat == seat else 1))
