"""What one seat may see (R16): face-down cards, other hands and pile orders are
hidden; a player sees how many Items each Character holds, never which, except
its own. The AI and the window read views only, never the state.

Public records (Off Field cards, lasting effects, the pending decisions) are shown
as copies of the engine's own typed records: a decision's fields are all public,
so the window reads what the engine waits for from `view.decision`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .abilities import apply_static, clamp, horde_bonus
from .cards import Modifier
from .state import Cell, Decision, GameState, Lasting, OffField, Result, StackEntry, Unit


@dataclass(frozen=True, slots=True)
class SeatInfo:
    hand: tuple[int, ...] | None  # None for other seats: only hand_size is known
    hand_size: int
    draw_size: int
    combat_size: int
    combat_discard: tuple[int, ...]
    discard: tuple[int, ...]
    set_aside: tuple[tuple[int, int], ...]  # Bonked Characters: (card, back at its turn)
    havens: tuple[Cell, ...]
    to_place: int  # setup: Locations still to place
    next_location: int | None  # setup: the turned-over Location (its owner only)
    haven_to_place: tuple[int, ...]
    to_deal: tuple[int, int]  # setup: Disasters and Items still to deal
    unused: int  # Items left out after setup (R5)
    turns: int
    equipped: int
    scavenged: bool


@dataclass(frozen=True, slots=True)
class PlaceView:
    cell: Cell
    card: int
    kind: str
    owner: int
    destroyed: bool
    under_disasters: int  # face-down Disasters under a Location
    under_items: int  # face-down Items: under a Location, or stored in a Haven
    # Equipment under a Location or stored in a Haven: in play it is face up (played
    # from the hand, carried by a Character), so everyone knows which it is.
    under_equipment: tuple[int, ...]
    stored: tuple[int, ...] | None  # a Haven's stored cards, for its owner only
    siege: int
    siege_seat: int


@dataclass(frozen=True, slots=True)
class UnitView:
    card: int
    owner: int
    pos: Cell
    disaster: bool
    damage: int
    item_count: int
    items: tuple[int, ...] | None  # None unless the seat owns the Character
    equipment: tuple[int, ...]
    enhancements: tuple[int, ...]
    moved: int
    spent: int
    arrived: int
    leader: int  # an allied Disaster's primary, else -1
    ally_seat: int  # a Disaster allied with this player's group, else -1
    brought_by: int  # a Disaster: the player who brought it into play
    moved_once: bool  # a "Moves Once" Disaster that has had its move
    # A Disaster's totals as every seat can work them out (its card, the lasting
    # effects on it, Horde), in STATS order; () for a Character. Static effects are
    # left out: one from an Item a Character holds face down would give it away.
    totals: tuple[int, ...] = ()


STATS = ("attack", "defense", "movement", "charm", "energy")


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    to_act: int
    phase: str
    turn_seat: int
    rounds: int
    round_limit: int
    items_total: int
    path: tuple[Cell, ...]
    seats: tuple[SeatInfo, ...]
    places: tuple[PlaceView, ...]
    units: tuple[UnitView, ...]
    off_field: tuple[OffField, ...]
    lasting: tuple[Lasting, ...]
    destroyed: tuple[int, ...]  # the Destroyed cards this seat can see
    destroyed_hidden: int  # Items Destroyed face down (R16)
    pending: tuple[Decision, ...]  # what the game waits for, top last (decisions.py)
    result: Result | None
    known: tuple[tuple[int, str], ...]  # instance -> card id, for every card this seat can see
    uses: tuple[tuple[tuple[int, int], int], ...]  # (card, effect) -> uses, of cards it can see
    location_attacked: tuple[Cell, ...]
    location_struck: tuple[Cell, ...]
    challenged: tuple[Cell, ...]  # cells where Combat between players began this Turn
    haven_asks: tuple[tuple[tuple[int, Cell], tuple[int, bool]], ...]  # answers given (R36)
    stamp: int
    actions: int
    game: Any = field(default=None, compare=False, repr=False)  # cards, decks, options

    @property
    def decision(self) -> Decision | None:
        """The pending decision on top: what the seat to act decides."""
        return self.pending[-1] if self.pending else None

    def under_way(self, kind: str) -> Any:
        for d in reversed(self.pending):
            if d.kind == kind:
                return d
        return None

    @property
    def combat(self) -> Any:
        return self.under_way("combat")

    @property
    def duel(self) -> Any:
        return self.under_way("duel")

    @property
    def scavenging(self) -> Any:
        return self.under_way("scavenging")

    @property
    def flash_stack(self) -> list[StackEntry]:
        window = self.under_way("flash")
        return window.entries if window is not None else []


def view(st: GameState, seat: int) -> SeatView:
    g = st.game
    known: set[int] = set()
    seats = []
    for i, s in enumerate(st.seats):
        mine = i == seat
        public = s.combat_discard + s.discard + [c for c, _ in s.set_aside] + s.haven_to_place
        known.update(public)
        if mine:
            known.update(s.hand)
            known.update(s.to_place[-1:])
        seats.append(SeatInfo(
            tuple(s.hand) if mine else None, len(s.hand), len(s.draw), len(s.combat),
            tuple(s.combat_discard), tuple(s.discard), tuple(s.set_aside),
            tuple(s.havens), len(s.to_place), s.to_place[-1] if mine and s.to_place else None,
            tuple(s.haven_to_place), (len(s.disasters_to_deal), len(s.items_to_deal)),
            len(s.unused), s.turns, s.equipped, s.scavenged))
    places = []
    for cell in sorted(st.places):
        p = st.places[cell]
        known.add(p.card)
        mine = p.kind == "haven" and p.owner == seat
        if mine:
            known.update(p.under)
        n_items = len(g.items.intersection(p.under))
        equipment = tuple(c for c in p.under if g.card(c).type == "equipment")
        known.update(equipment)
        places.append(PlaceView(
            cell, p.card, p.kind, p.owner, p.destroyed, len(p.under) - n_items - len(equipment),
            n_items, equipment, tuple(p.under) if mine else None, p.siege, p.siege_seat))
    units = [_unit(st, st.units[i], seat, known) for i in sorted(st.units)]
    known.update(o.card for o in st.off_field)
    known.update(e.card for d in st.pending if d.kind == "flash" for e in d.entries)
    # Items are removed from the game face down (Rules for Items: kept face down until
    # used); other Destroyed cards (a Global Effect out of uses) were in play face up.
    destroyed = tuple(c for c in st.destroyed if c not in g.items)
    known.update(destroyed)
    return SeatView(
        seat, st.current_seat(), st.phase, st.turn_seat, st.rounds, g.options.round_limit,
        st.items_total, st.path, tuple(seats), tuple(places), tuple(units),
        tuple(o.copy() for o in st.off_field), tuple(x.copy() for x in st.lasting),
        destroyed, len(st.destroyed) - len(destroyed), tuple(d.public() for d in st.pending),
        st.result, tuple(zip(sorted(known), map(g.card_ids.__getitem__, sorted(known)))),
        # Uses of a card this seat cannot see would name it (an Item dropped face down).
        tuple(sorted((k, n) for k, n in st.uses.items() if k[0] in known)),
        tuple(sorted(st.location_attacked)), tuple(sorted(st.location_struck)),
        tuple(sorted(st.challenged)), tuple(sorted(st.haven_asks.items())),
        st.stamp, st.actions, g)


def _unit(st: GameState, u: Unit, seat: int, known: set[int]) -> UnitView:
    mine = u.owner == seat and not u.disaster
    known.add(u.card)
    known.update(u.equipment)
    known.update(u.enhancements)
    if mine:
        known.update(u.items)
    totals = tuple(_public_total(st, u, a) for a in STATS) if u.disaster else ()
    return UnitView(u.card, u.owner, u.pos, u.disaster, u.damage, len(u.items),
                    tuple(u.items) if mine else None, tuple(u.equipment),
                    tuple(u.enhancements), u.moved, u.spent, u.arrived, u.leader,
                    u.ally_seat, u.brought_by, u.moved_once, totals)


def _public_total(st: GameState, u: Unit, ability: str) -> int:
    mods = [m for x in st.lasting if x.unit == u.card for m in x.mods if m.ability == ability]
    if ability in ("attack", "defense") and (n := horde_bonus(st, u)):
        mods.append(Modifier(ability, "+", n))
    return clamp(ability, apply_static(st.game.card(u.card).ability(ability) or 0, mods))
