"""The Maintenance phase: the Disasters a player brought into play move along the
path (R3), pick up Items and attack the Characters where they stop (rulebook,
Maintenance Phase; Rules for Disasters, Major and Minor Disasters; R21)."""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from . import combat
from .abilities import total
from .state import MAINTENANCE, Decision, GameState, Unit
from .disasters import alliance, cycle_ends, path_index
from .events import DisasterMoved, Event
from .lasting import has_any_flag, has_flag
from .memo import reading


@dataclass(slots=True)
class DisasterMoves(Decision):
    """Automatic: the Disasters still to move this Maintenance phase, one at a time
    (each may stop for a Combat, pushed above this)."""

    kind = "maintenance"
    movers: list[int] = field(default_factory=list)

    def chooser(self, st: GameState) -> int:
        return st.turn_seat

    def automatic(self, st: GameState) -> bool:
        return True

    def advance(self, st: GameState, ev: list[Event]) -> None:
        if self.movers:
            card = self.movers.pop(0)
            u = st.units.get(card)
            band = alliance(st, u) if u is not None and u.leader not in st.units else []
            move(st, card, ev, band)
            # Its allies moved with it ("the two Disasters move as a group"): each has had
            # its move this phase, though the alliance may be over by now (a Minor
            # primary Discarded at the end of its cycle, a primary Defeated where they
            # stopped), and is not moved again on its own ("moved a number of Locations
            # equal to their Movement", once a Maintenance phase).
            gone = {a.card for a in band[1:]}
            if gone:
                self.movers = [m for m in self.movers if m not in gone]
        else:
            st.pop(self)  # the phase step below goes on to the Equip phase

    def describe(self, st: GameState) -> str:
        return f"the Disasters of seat {st.turn_seat} are moving"


def to_move(st: GameState, seat: int) -> list[int]:
    """Maintenance: the Disasters this player brought into play that can move, and any
    that is to "leave on the next Turn" after Charming every Character it fought
    (Charm Combat with Disasters)."""
    movers = []
    cards = st.game.instances
    flags = st.lasting_index.flags  # has_flag and has_any_flag, inline: one lookup a Disaster
    for u in st.units.values():
        if u.disaster:  # most units are Characters, many Disasters another player's
            on = flags.get(u.card)
            if u.brought_by != seat and not (on and "leaving" in on):
                continue
            cd = cards[u.card]
            if cd.is_combat_disaster and not (cd.moves_once and u.moved_once) \
                    and not (on and not _STAYS.isdisjoint(on)):
                movers.append(u)
    if len(movers) > 1:
        movers.sort(key=_ARRIVED)
    return [u.card for u in movers]


_ARRIVED = attrgetter("arrived")  # the order they came to where they stand


# Hold: "Prevent an opponent from leaving their current Location". No Action: it
# "cannot move or attack".
_STAYS = frozenset(("hold", "no_action"))


def move(st: GameState, card: int, ev: list[Event], band: list[Unit] | None = None) -> None:
    """Move a Disaster its full Movement along the path (R3); at the end of its cycle a
    Major Disaster re-enters at the top-right Location and moves on, and a Minor one is
    Discarded; either way the cards it carries are Destroyed. `band`: its alliance, when
    the caller has it (DisasterMoves, just before)."""
    u = st.units.get(card)
    if u is None:  # Defeated earlier in this Maintenance phase
        return
    if has_flag(st, u, "leaving"):  # most have no such effect: none ends, none is filed
        st.set_lasting([x for x in st.lasting if not (x.unit == card and "leaving" in x.flags)])
    if u.leader in st.units:
        return  # an allied Disaster moves with its primary
    if u.ally_seat >= 0:
        if st.chars_at(u.ally_seat, u.pos):
            return  # allied with a group, it moves with the group
        st.ally_unit(u, -1)  # its group is gone: the alliance is over
    u.leader = -1  # its primary is gone: it goes its own way again
    if band is None:
        band = alliance(st, u)  # u, the primary, first
    cards = st.game.instances
    start = u.pos
    idx = path_index(st, u.pos)
    # Allied Disasters move as a group, limited to the slowest (most move alone: a
    # loop, not min() over a generator).
    with reading(st):
        steps = total(st, u, "movement")
        for a in band[1:]:
            # A Held follower (or one with No Action) has no move: the slowest (R131).
            steps = 0 if has_any_flag(st, a, _STAYS) else min(steps, total(st, a, "movement"))
    if steps <= 0:
        # "Any Disasters you brought into play that are capable of Movement are
        # moved": one with no Movement is not moved, so it does not stop anew (no
        # pick-up, no attack).
        return
    for _ in range(steps):
        idx += 1
        if idx < len(st.path):
            st.move_unit(u, st.path[idx])
            continue
        # The group leaves the Field: each Disaster of it ends its cycle by its own
        # class (Rules for Major Disasters, Rules for Minor Disasters).
        band = cycle_ends(st, band, u.pos, ev)
        if not band:
            return
        u = band[0]  # the primary, or the first Major one if it was Minor (cycle_ends)
        # The step off the last Location brings a Major one to the first; it goes on
        # with the steps left ("always move their full Movement", R49).
        idx = 0
        st.move_unit(u, st.path[0])
    # "Moves Once": each Disaster of the band has had its move, a follower too.
    for a in band:
        if cards[a.card].moves_once:
            a.moved_once = True
    ev.append(DisasterMoved(u.card, start, u.pos))
    # "Disasters attack in the order they arrived at the Location": allies moving as a
    # group arrive together (the strongest attacks first).
    st.stamp += 1
    for a in band:
        if a is not u and a.pos != u.pos:
            ev.append(DisasterMoved(a.card, a.pos, u.pos))
            st.move_unit(a, u.pos)
        a.arrived = st.stamp
    combat.land(st, band, MAINTENANCE, ev)


