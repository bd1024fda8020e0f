"""Defeat, Bonk and Kill (Basic Terms; R9): what happens to a Character or a Disaster
whose Health is gone, whatever took it (a Combat, a Location's Attack, a card)."""
from __future__ import annotations

from .abilities import health
from .effects import trigger
from .disasters import alliance, discard
from .equipment import absorb
from .events import Bonked, CardDiscarded, DisasterDefeated, Event, ItemStolen, Killed
from .items import drop_all
from .state import GameState, Unit
from .targets import Ctx
from .terrain import left_cell

BONK_TURNS = 2  # R9: back in the owner's Reload two of its turns later (one full turn out)


def wound(st: GameState, u: Unit, damage: int, ev: list[Event],
          round_health: dict[int, int] | None = None) -> bool:
    """The Damage of one attack (Basic Terms, An Attack). True if it Kills: "the
    difference between 1 Health and the negative of the base Health must be overcome
    in a single attack", so two attacks that add up only Bonk (R9). A piece of
    Equipment with its own Defense takes it first (Rules for Equipment).
    `round_health`: the Health each unit hit this round had before the round's
    attacks, which land together (guideline 3.2): each is measured from it alone (R89)."""
    before = health(st, u)
    taken = absorb(st, u, damage, ev)
    u.damage += taken
    if round_health is not None:
        before = round_health.setdefault(u.card, before)
    return kills(before, before - taken, st.game.card(u.card).base_health)


def kills(before: int, after: int, base: int) -> bool:
    """An attack that took Health from `before` to `after` Kills (R9); the forecast
    asks it too (physical.planned_strike)."""
    return before >= 1 and after <= -base


def defeat_disaster(st: GameState, d: Unit, ev: list[Event]) -> None:
    """A Defeated Disaster is Discarded; its Item is dropped beneath the Location."""
    trigger(st, Ctx(d.card, d.owner, d), "defeated", ev)
    drop_all(st, d, ev)
    st.leave_field(d.card)
    for a in st.units.values():
        if a.leader == d.card:
            a.leader = -1  # its primary Defeated, the alliance breaks up
    st.seats[d.owner].discard.append(d.card)
    ev.append(DisasterDefeated(d.card, d.pos))


def defeat_character(st: GameState, u: Unit, killed: bool, taker: Unit | None,
                     ev: list[Event]) -> None:
    """Bonk or Kill: Enhancements are Discarded, Equipment and Items dropped under the
    Location; a Disaster that did it swaps its Item for one the Character had (or an
    ally of it without one takes it)."""
    if taker is not None and u.items:
        taken = st.rng.choice(sorted(u.items))
        u.items.remove(taken)
        # Ally Disasters: the Item goes to the primary first, else to an ally without
        # one; only when all have one does the taker drop its own to take it.
        to = next((a for a in alliance(st, taker) if a.pos == taker.pos and not a.items),
                  taker)
        drop_all(st, to, ev)
        to.items.append(taken)
        # A Disaster reveals no Item: only the player who held it is told which.
        ev.append(ItemStolen(to.card, u.card, taken, to=(u.owner,)))
    owner = st.seats[u.owner]
    owner.discard.extend(u.enhancements)
    drop_all(st, u, ev, equipment=True)
    st.leave_field(u.card)
    left_cell(st, u.owner, u.pos)  # Set Aside or Discarded, it has left the Location too
    _leave_groups(st, u.card, ev)
    if killed:
        owner.discard.append(u.card)
        ev.append(Killed(u.card, u.pos))
    else:
        owner.set_aside.append((u.card, owner.turns + BONK_TURNS))
        ev.append(Bonked(u.card, u.pos))


def _leave_groups(st: GameState, card: int, ev: list[Event]) -> None:
    """A Character out of play is out of the group an endured non-Combat Disaster
    affects; a Disaster whose whole group is gone affects nobody and is Discarded."""
    keep = []
    for o in st.off_field:
        if card in o.chars:
            o.chars = tuple(c for c in o.chars if c != card)
            if not o.chars:
                discard(st, o.card, ev, CardDiscarded(o.card, why="its group left the Field"))
                continue
        keep.append(o)
    st.off_field = keep
