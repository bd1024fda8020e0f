"""Where the units stand, kept as lookups (`GameState.where`), so that asking for a
group or a player's Characters is one dict lookup, not a walk over every unit.

It holds the state's own Unit objects:

    groups   (owner, cell) -> that player's Characters there (its group: Basic Terms,
             Group), in the order of st.units (the order they came into play)
    chars    seat -> its Characters on the Field, in the order of st.units
    by_card  seat -> its Characters on the Field, by card id
    allied   (seat, cell) -> the Disasters allied with that player's group there
             (Allying with Characters), in the order of st.units
    rank     card -> its place in the order of st.units (only compared)

Who keeps it: the state's own methods, the only ways a unit comes into play
(`add_unit`), leaves it (`take_unit`, under `leave_field` and a transformation),
moves (`move_unit`) or allies with a group (`ally_unit`). Every answer comes in the
order the walks it replaced gave (the order of st.units), so the games are the same.

Its story: never copied and never saved (it is not a fact of the game: GameState marks
it "fresh"), it is built from st.units the first time a state is asked after it was
made (a new game, a clone, a world sampled for the AI, a loaded save replaying its
actions) and kept from then on. Rebuilt, not copied: a clone's units are new objects,
so a copy would map every list to them, which costs what building does; built when
first asked, it costs a clone nothing. tests/test_units_index_s40.py compares it with one
worked out afresh after every action of random games.
"""
from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

_by_card = attrgetter("card")


class Whereabouts:
    """The index the module's docstring describes, for one state."""

    __slots__ = ("groups", "chars", "by_card", "allied", "rank", "arrivals")

    def __init__(self, units: Iterable[Any]):
        self.groups: dict[tuple, list] = {}
        self.chars: dict[int, list] = {}
        self.by_card: dict[int, list] = {}
        self.allied: dict[tuple, list] = {}
        self.rank: dict[int, int] = {}
        self.arrivals = 0  # units filed so far: the next one's rank
        for u in units:
            self.add(u)

    def add(self, u: Any) -> None:
        """`u` came into play: it is the last in st.units' order."""
        self.rank[u.card] = self.arrivals
        self.arrivals += 1
        if not u.disaster:
            mine = self.chars.get(u.owner)
            if mine is None:
                self.chars[u.owner] = [u]
                self.by_card[u.owner] = [u]
            else:
                mine.append(u)
                insort(self.by_card[u.owner], u, key=_by_card)
        self.file(u, u.pos)

    def remove(self, u: Any) -> None:
        """`u` left play."""
        self.unfile(u, u.pos)
        if not u.disaster:
            _drop(self.chars, u.owner, u)
            _drop(self.by_card, u.owner, u)
        del self.rank[u.card]

    def move(self, u: Any, cell: Any) -> None:
        """`u` goes from where it stands to `cell`."""
        if u.disaster and u.ally_seat < 0:
            return  # not listed: most Disasters' steps along the path
        self.unfile(u, u.pos)
        self.file(u, cell)

    def file(self, u: Any, cell: Any) -> None:
        """List `u` as standing at `cell`, among the others there in st.units' order."""
        if u.disaster:
            if u.ally_seat < 0:
                return  # only allied Disasters are listed
            lists, key = self.allied, (u.ally_seat, cell)
        else:
            lists, key = self.groups, (u.owner, cell)
        there = lists.get(key)
        if there is None:
            lists[key] = [u]
            return
        rank = self.rank
        mine = rank[u.card]
        i = len(there)
        while i and rank[there[i - 1].card] > mine:  # groups are small: a few steps back
            i -= 1
        there.insert(i, u)

    def unfile(self, u: Any, cell: Any) -> None:
        """No longer list `u` at `cell`."""
        if u.disaster:
            if u.ally_seat >= 0:
                _drop(self.allied, (u.ally_seat, cell), u)
        else:
            _drop(self.groups, (u.owner, cell), u)


def _drop(lists: dict, key: Any, u: Any) -> None:
    """Take `u` itself out of lists[key] (by identity: a Unit's == compares every field),
    and the list when it is empty, so the index holds no more keys than a fresh one."""
    there = lists[key]
    for i, x in enumerate(there):
        if x is u:
            del there[i]
            break
    else:
        raise ValueError(f"c{u.card} is not listed at {key}")
    if not there:
        del lists[key]
