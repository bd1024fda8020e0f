"""What one seat may see (R16): face-down cards, other hands and pile orders are
hidden; a player sees how many Items each Character holds, never which, except
its own. The AI and the window read views only, never the state.

Public records (Off Field cards, lasting effects, the pending decisions) are shown
as copies of the engine's own typed records: a decision's fields are all public,
so the window reads what the engine waits for from `view.decision`.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field, fields
from typing import Any

from .abilities import placed_modifiers, total
from .cards import Modifier
from .equipment import kept_out
from .horde import horde_bonus, hordes_in_play
from .memo import reading, scratch
from .modifiers import apply_static, clamp
from .orders import forbidden
from .state import (Building, Cell, Decision, GameState, Lasting, OffField, PendingReader,
                    Result)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    hand: tuple[int, ...] | None  # None for other seats: only hand_size is known
    hand_size: int
    draw_size: int
    combat_size: int
    combat_discard: tuple[int, ...]
    discard: tuple[int, ...]  # face up: every card of it but its Items
    # Items Discarded face down ("kept face down until they are used", Rules for Items):
    # how many, everyone (the backs show Items); which, nobody.
    discard_items: int
    set_aside: tuple[tuple[int, int], ...]  # Bonked Characters: (card, back at its turn)
    havens: tuple[Cell, ...]
    to_place: int  # setup: Locations still to place
    next_location: int | None  # setup: the Location turned over to be placed (all see it)
    haven_to_place: tuple[int, ...]
    to_deal: tuple[int, int]  # setup: Disasters and Items still to deal
    unused: int  # Items left out after setup (R5)
    turns: int
    equipped: int
    scavenged: bool
    # The other cards of transforming Characters, kept out of play: which, only its
    # owner; how many, everyone (the deck lists are public).
    forms: tuple[int, ...] | None
    forms_size: int


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
    stored: tuple[int, ...] | None  # a Haven's stored cards: for its owner, and a guest in it
    siege: tuple[tuple[int, int], ...]  # (seat, Damage its attack dealt): public (R51)
    # Still under a Location turned Haven, to be Scavenged: face-down Items (nobody sees
    # which, its owner neither), and Equipment, face up.
    buried_items: int = 0
    buried_equipment: tuple[int, ...] = ()
    # The top of the stack Scavenging takes from (under a Location, buried under a Haven)
    # when it is face up, so everyone sees it: Equipment. None: face down, or none.
    top: int | None = None


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
    using: tuple[int, ...]  # Equipment put to use this Turn (Rules for Equipment)
    moved: int
    spent: int
    arrived: int
    leader: int  # an allied Disaster's primary, else -1
    ally_seat: int  # a Disaster allied with this player's group, else -1
    brought_by: int  # a Disaster: the player who brought it into play
    moved_once: bool  # a "Moves Once" Disaster that has had its move
    # A Disaster's totals as every seat can work them out (its card, the lasting
    # effects on it, the Places' static effects, Horde), in STATS order. Other static
    # effects are left out: one from an Item a Character holds face down would give
    # it away, and so might one whose condition reads such an Item. A Character's,
    # every modifier counted, for its owner alone (_owner_totals); () otherwise.
    totals: tuple[int, ...] = ()


STATS = ("attack", "defense", "movement", "charm", "energy")


class _Deferred:
    """A view made only when it is first read: many are never read (a random seat's,
    a benchmark's). It is built from the state as it stood when `view` was asked:
    the engine builds every unread view of a state before it changes it (`settle`)."""

    __slots__ = ("_source", "__weakref__")

    def __getattr__(self, name: str) -> Any:  # only for a field not set yet
        try:
            source = object.__getattribute__(self, "_source")
        except AttributeError:  # made by __init__ or unpickled: nothing deferred
            source = None
        if source is None:
            raise AttributeError(name)
        _fill(self, *source)
        return object.__getattribute__(self, name)


@dataclass(frozen=True, slots=True)
class SeatView(PendingReader, _Deferred):
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
    building: tuple[Building, ...]  # access to extra Havens being built (face up)
    destroyed: tuple[int, ...]  # the Destroyed cards this seat can see
    destroyed_hidden: int  # Items Destroyed face down (R16)
    wear: tuple[tuple[int, int], ...]  # Equipment with its own Defense: Damage taken
    pending: tuple[Decision, ...]  # what the game waits for, top last (decisions.py)
    result: Result | None
    known: tuple[tuple[int, str], ...]  # instance -> card id, for every card this seat can see
    uses: tuple[tuple[tuple[int, int], int], ...]  # (card, effect) -> uses, of cards it can see
    used_in: tuple[tuple[tuple[int, int], int], ...]  # the same keys -> the Combat it was in
    location_attacked: tuple[Cell, ...]
    location_struck: tuple[Cell, ...]
    challenged: tuple[Cell, ...]  # cells where Combat between players began this Turn
    # (Character, cell) of the turn seat's Characters when this Move phase began (empty
    # in other phases): all saw it
    move_start: tuple[tuple[int, Cell], ...]
    haven_asks: tuple[tuple[tuple[int, Cell], tuple[int, bool]], ...]  # answers given (R36)
    # The Characters at the Combat under way that the rules keep from a role whoever
    # declares before them: (card, roles, why, the card why or -1). Kept out
    # (equipment.kept_out): both roles, "no_action" or "vehicle" (the ally's Vehicle);
    # in Combat between players, a Charmed order's (orders.forbidden): "ordered". All
    # are open on the table.
    barred: tuple[tuple[int, tuple[str, ...], str, int], ...]
    stamp: int
    actions: int
    game: Any = field(default=None, compare=False, repr=False)  # cards, decks, options

    @property
    def decision(self) -> Decision | None:
        """The pending decision on top: what the seat to act decides."""
        return self.pending[-1] if self.pending else None


class _Parts:
    """A game's view parts already built, shared by every state of the game: a frozen
    view record is the same whatever state it came from, so a part that did not change
    since the last view is looked up instead of built again (most do not: an action
    changes a unit or two). Keys are the parts' full contents (a Place by identity:
    it is frozen, and the entry keeps it alive so its id is not reused)."""

    LIMIT = 10_000  # entries per table before it starts over (about 850 a game)
    KNOWN_LIMIT = 500  # the sorted `known` of a view: large entries, found again soon or never

    __slots__ = ("seats", "places", "place", "units", "known", "pairs")

    def __init__(self, g: Any):
        self.seats: dict = {}
        self.places: dict = {}  # the whole Field
        self.place: dict = {}  # one Place
        self.units: dict = {}  # by ((state, seat), unit): that seat's last view of the unit
        self.known: dict = {}
        self.pairs = tuple(enumerate(g.card_ids))  # (instance, card id), shared by `known`


# Each game's view parts, beside its Game and not in Game.memo: every view names its Game
# (`game`, for the cards), and the parts hold every seat's share (the hands, the Places
# with their face-down stacks, the Items each Character carries): in the memo, an agent
# handed one seat's view could read the other seats' there (R16).
_PARTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _parts(g: Any) -> _Parts:
    parts = _PARTS.get(g)
    if parts is None:
        parts = _PARTS[g] = _Parts(g)
    for table in (parts.seats, parts.places, parts.place, parts.units):
        if len(table) > _Parts.LIMIT:
            table.clear()
    if len(parts.known) > _Parts.KNOWN_LIMIT:
        parts.known.clear()
    return parts


def view(st: GameState, seat: int) -> SeatView:
    """What `seat` sees of the state now (made when first read, see _Deferred)."""
    v = object.__new__(SeatView)
    object.__setattr__(v, "_source", (st, seat))
    r = scratch(st)
    if r.views is None:
        r.views = []
    elif len(r.views) >= 64:  # the window asks for a view each frame of a still state
        r.views = [ref for ref in r.views if ref() is not None]
    r.views.append(weakref.ref(v))
    return v


def settle(st: GameState) -> None:
    """Build the views of `st` still unread and still kept, before the state changes."""
    r = st.scratch
    if r is None or not r.views:
        return
    for ref in r.views:
        v = ref()
        source = None if v is None else object.__getattribute__(v, "_source")
        if source is not None:
            _fill(v, *source)
    r.views = None


def _fill(v: SeatView, st: GameState, seat: int) -> None:
    for name, value in zip(_FIELDS, _build(st, seat)):
        object.__setattr__(v, name, value)
    object.__setattr__(v, "_source", None)


def _build(st: GameState, seat: int) -> tuple:
    """The fields of `seat`'s view of the state, in SeatView's order."""
    g = st.game
    parts = _parts(g)
    # The cards this seat can see: each part's, and the loose ones below.
    seats, known = _seats_part(st, seat, parts)
    places = _places_part(st, seat, parts, known)
    units = _units_part(st, seat, parts, known)
    known.append(tuple([o.card for o in st.off_field]))
    known.append(tuple([b.card for b in st.building]))
    known.append(tuple([e.card for d in st.pending if d.kind == "flash" for e in d.entries]))
    # Items are removed from the game face down (Rules for Items: kept face down until
    # used); other Destroyed cards (a Global Effect out of uses) were in play face up.
    destroyed = tuple([c for c in st.destroyed if c not in g.items])
    known.append(destroyed)
    # `known`, sorted, from the parts' cards: the same parts give the same cards.
    seen = parts.known.get(key := tuple(known))
    if seen is None:
        pairs = parts.pairs
        seen = parts.known[key] = (tuple([pairs[i] for i in sorted(set().union(*known))]),
                                   set().union(*known))
    return (
        seat, st.current_seat(), st.phase, st.turn_seat, st.rounds, g.options.round_limit,
        st.items_total, st.path, tuple(seats), places, tuple(units),
        tuple(o.copy() for o in st.off_field), st.lasting,
        tuple(b.copy() for b in st.building),
        destroyed, len(st.destroyed) - len(destroyed), _sorted(st.wear.items()),
        tuple(d.public(st, seat) for d in st.pending),
        st.result, seen[0],
        # Uses of a card this seat cannot see would name it (an Item dropped face down).
        tuple(sorted((k, n) for k, n in st.uses.items() if k[0] in seen[1])),
        tuple(sorted((k, n) for k, n in st.used_in.items() if k[0] in seen[1])),
        _sorted(st.location_attacked), _sorted(st.location_struck), _sorted(st.challenged),
        # Those still on the Field: one gone to a hand since is not named to the others.
        tuple([x for x in st.move_start if x[0] in st.units]),
        _sorted(st.haven_asks.items()), _barred(st),
        st.stamp, st.actions, g)


def _seats_part(st: GameState, seat: int, parts: _Parts) -> tuple[list, list]:
    """Each seat's SeatInfo as `seat` sees it, and the cards each shows it."""
    g = st.game
    known: list = []
    seats = []
    seat_views = parts.seats
    # "Shuffle your Locations. Turn over, and place the first" (Setting Up the Field):
    # the Location being placed is face up for all; the rest of the pile for nobody.
    top = st.pending[-1] if st.pending else None
    placing = top.seat if top is not None and top.kind == "placement" else None
    for i, s in enumerate(st.seats):
        mine = i == seat
        turned = s.to_place[-1] if i == placing and s.to_place else None
        discard = tuple([c for c in s.discard if c not in g.items])
        key = (tuple(s.hand) if mine else None, len(s.hand), len(s.draw), len(s.combat),
               tuple(s.combat_discard), discard, len(s.discard) - len(discard),
               tuple(s.set_aside),
               tuple(s.havens), len(s.to_place), turned,
               tuple(s.haven_to_place), (len(s.disasters_to_deal), len(s.items_to_deal)),
               len(s.unused), s.turns, s.equipped, s.scavenged,
               tuple(s.forms) if mine else None, len(s.forms))
        hit = seat_views.get(key)
        if hit is None:
            hit = seat_views[key] = (SeatInfo(*key), _seat_known(s, discard, mine, turned))
        seats.append(hit[0])
        known.append(hit[1])
    return seats, known


def _places_part(st: GameState, seat: int, parts: _Parts, known: list) -> tuple:
    """The Field's PlaceViews as `seat` sees them; their cards added to `known`."""
    g = st.game
    # A Haven's store: its owner's, and a guest's standing there ("free access").
    place_map = st.places
    guest = tuple(sorted({cell for s, cell in st.groups() if s == seat
                          and (p := place_map.get(cell)) is not None and p.kind == "haven"}))
    # The Field as this seat sees it, by its Places (frozen: a change makes a new one).
    key = (seat, guest, tuple(place_map), tuple(map(id, place_map.values())))
    hit = parts.places.get(key)
    if hit is None:
        shown, cards = [], []
        place_views = parts.place
        for cell in sorted(place_map):
            p = place_map[cell]
            mine = p.kind == "haven" and (p.owner == seat or cell in guest)
            # A Place that did not change since another view of the Field: its part.
            one = place_views.get((cell, id(p), mine))
            if one is None:
                one = place_views[cell, id(p), mine] = (p, *_place_view(g, cell, p, mine))
            shown.append(one[1])
            cards += one[2]
        # The entry keeps the Places, so their ids are not reused while they are keys.
        hit = parts.places[key] = (tuple(shown), tuple(cards), tuple(place_map.values()))
    known.append(hit[1])
    return hit[0]


def _units_part(st: GameState, seat: int, parts: _Parts, known: list) -> list:
    """The UnitViews as `seat` sees them; the cards each shows added to `known`."""
    units = []
    unit_views = parts.units
    units_map = st.units
    lasting = st.lasting_index.on  # the lasting effects, by unit
    herd = hordes_in_play(st)
    here = (id(st), seat)
    owned = _owner_totals(st, seat)
    placed = placed_modifiers(st, (u for u in units_map.values() if u.disaster))
    for i in sorted(units_map):
        u = units_map[i]
        mine = u.owner == seat and not u.disaster
        # What a Disaster's public totals are worked out from is part of the key, and
        # so are an own Character's totals (any card in play may change them).
        basis = ((tuple([m for x in lasting.get(i, ()) for m in x.mods]), placed.get(i, ()),
                  horde_bonus(st, u, herd))
                 if u.disaster else owned.get(i))
        key = (u.card, u.owner, u.pos, u.disaster, u.damage, len(u.items),
               tuple(u.items) if mine else None, tuple(u.equipment),
               tuple(u.enhancements), tuple(u.using), u.moved, u.spent, u.arrived,
               u.leader, u.ally_seat, u.brought_by, u.moved_once, basis)
        # The unit's part in this seat's last view of this state, if it has not changed
        # since (compared whole: a state's id may be reused, a key's contents may not).
        hit = unit_views.get((here, i))
        if hit is None or hit[0] != key:
            totals = _public_totals(st.game.card(u.card), *basis) if u.disaster \
                else basis or ()
            hit = unit_views[here, i] = (key, UnitView(*key[:-1], totals),
                                         (u.card, *u.equipment, *u.enhancements,
                                          *(u.items if mine else ())))
        units.append(hit[1])
        known.append(hit[2])
    return units


def _barred(st: GameState) -> tuple[tuple[int, tuple[str, ...], str, int], ...]:
    cell = st.fight_cell
    if cell is None:
        return ()
    duel = st.combat is None  # orders bar roles in Combat between players
    out = []
    for i, u in sorted(st.units.items()):
        if u.pos != cell or u.disaster:
            continue
        why = kept_out(st, u)
        if why is not None:
            out.append((i, ("attack", "protect"), *why))
        elif duel and (roles := forbidden(st, u)):
            out.append((i, roles, "ordered", -1))
    return tuple(out)


_FIELDS = tuple(f.name for f in fields(SeatView))


def _sorted(items: Any) -> tuple:
    return tuple(sorted(items)) if items else ()


def _seat_known(s: Any, discard: tuple[int, ...], mine: bool,
                turned: int | None) -> tuple[int, ...]:
    """The cards of a seat's piles and hand a seat knows: the discards face up (`discard`)
    and set-aside Characters, a Haven still to build, the Location turned over to be
    placed; its own hand and other forms of transforming Characters."""
    public = (*s.combat_discard, *discard, *(c for c, _ in s.set_aside), *s.haven_to_place,
              *(() if turned is None else (turned,)))
    return (*public, *s.hand, *s.forms) if mine else public


def _place_view(g: Any, cell: Cell, p: Any, mine: bool) -> tuple[PlaceView, tuple[int, ...]]:
    """A Place as a seat sees it, and the cards of it the seat knows."""
    n_items = len(g.items.intersection(p.under))
    equipment = tuple(c for c in p.under if g.card(c).type == "equipment")
    buried = tuple(c for c in p.buried if g.card(c).type == "equipment")
    known = (p.card, *equipment, *buried, *(p.under if mine else ()))
    stack = p.stack
    top = stack[0] if stack and g.card(stack[0]).type == "equipment" else None
    return PlaceView(
        cell, p.card, p.kind, p.owner, p.destroyed, len(p.under) - n_items - len(equipment),
        n_items, equipment, tuple(p.under) if mine else None, p.siege,
        len(p.buried) - len(buried), buried, top), known


def _owner_totals(st: GameState, seat: int) -> dict[int, tuple[int, ...]]:
    """The totals in STATS order of the seat's Characters, as the engine counts them
    (their Items' modifiers too: the seat knows them): the combat panels show a
    fighting group's, the side panel and the zoom each one's now against its card (a
    Heavy Ion Cannon's -1 Movement left a Character unable to move, its card saying
    Movement 1). Only the seat's own: every Character's in every view tripled a view's
    cost. Nothing when an Item of the game has a static effect that may reach another
    player's Characters: it would give away a face-down Item (whether the game has one
    is public: the deck lists are)."""
    if seat < 0 or _items_reach_others(st.game):
        return {}
    with reading(st):
        return {u.card: tuple(total(st, u, a) for a in STATS)
                for u in st.characters_by_card(seat)}


def _items_reach_others(g: Any) -> bool:
    """Some Item of the game has a static effect reaching beyond its holder's player's
    Characters. Kept in Game.memo with the has_static it was worked out from (a test
    scene adds cards one by one)."""
    hit = g.memo.get("items reach")
    if hit is None or hit[0] is not g.has_static:
        reach = any(step.to not in ("holder", "group", "yours")
                    for i in g.has_static & g.items
                    for e in g.card(i).effects_on("static") for step in e.steps)
        hit = g.memo["items reach"] = (g.has_static, reach)
    return hit[1]


def _public_totals(card: Any, mods: tuple[Modifier, ...], placed: tuple[Modifier, ...],
                   horde: int) -> tuple[int, ...]:
    """A Disaster's totals as every seat can work them out, in STATS order: its card,
    the lasting effects' modifiers on it, the Places', Horde."""
    out = []
    for a in STATS:
        own = [m for m in mods + placed if m.ability == a]
        if horde and a in ("attack", "defense"):
            own.append(Modifier(a, "+", horde))
        out.append(clamp(a, apply_static(card.ability(a) or 0, own)))
    return tuple(out)
