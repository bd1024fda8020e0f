"""What one seat may see (R16): face-down cards, other hands and pile orders are
hidden; a player sees how many Items each Character holds, never which, except
its own. The AI and the window read views only, never the state."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, NamedTuple

from .state import Cell, GameState

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class SeatInfo:
    hand: tuple[int, ...] | None  # None for other seats: only hand_size is known
    hand_size: int
    draw_size: int
    combat_size: int
    combat_discard: tuple[int, ...]
    discard: tuple[int, ...]
    set_aside: tuple[int, ...]
    havens: tuple[Cell, ...]
    to_place: int  # setup: Locations still to place
    next_location: int | None  # setup: the turned-over Location (its owner only)
    haven_to_place: tuple[int, ...]
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
    under_disasters: int  # face down; the backs tell Disasters from Items
    under_items: int
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


class CombatView(NamedTuple):
    """The Combat under way, as everyone at the table sees it."""
    seat: int
    cell: Cell
    disaster: int
    queue: tuple[int, ...]
    round: int
    target: int  # -1: the Disaster attacks nobody this round (all out-charmed it)
    attackers: tuple[int, ...]
    protectors: tuple[int, ...]
    running: bool
    charm_stage: str  # "break" or "command" during Charm Combat, else ""
    charmed: tuple[tuple[int, int], ...]  # Charmed Character, margin it lost by
    resisted: tuple[int, ...]  # Characters that out-charmed the Disaster


@dataclass(frozen=True, slots=True)
class Bookkeeping:
    """Public facts the rules keep that the window need not draw, but that an AI
    needs to rebuild the position from its view (game/engine/worlds.py)."""
    uses: tuple[tuple[tuple[int, int], int], ...]  # (card, effect) -> uses
    location_attacked: tuple[Cell, ...]
    location_struck: tuple[Cell, ...]
    maintenance: tuple[int, ...]  # Disasters still to move this Maintenance phase
    stamp: int
    responder: int
    passes: int
    ending_turn: bool
    actions: int
    setup_seat: int
    disasters: tuple[tuple[int, int, bool], ...]  # Disaster, who brought it, had its one move
    set_aside: tuple[tuple[tuple[int, int], ...], ...]  # per seat: (card, back at turn)
    lasting_seats: tuple[int, ...]  # whose turns count each lasting effect down
    to_deal: tuple[tuple[int, int, int], ...]  # per seat: Disasters and Items to deal, unused Items
    combat: tuple | None  # every field of the Combat under way, as (name, value)
    scavenging: tuple | None  # every field of the Scavenging under way, as (name, value)


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
    off_field: tuple[tuple[int, int, tuple[int, ...], int], ...]  # card, seat, chars, turns left
    destroyed: tuple[int, ...]
    combat: CombatView | None
    scavenging: tuple | None  # (seat, cell, stage)
    result: tuple | None  # (winners, disasters_win, reason)
    stack: tuple[tuple[int, int, int | None], ...]  # Flash Effects: card, seat, target
    lasting: tuple[tuple[int, int, tuple, tuple, tuple, str, int], ...]
    known: tuple[tuple[int, str], ...]  # instance -> card id, for every card this seat can see
    books: Bookkeeping
    # Combat between players and Havens (duel.py, havens.py; R33-R36), all public:
    duel: tuple | None = None  # every field of the Duel under way, as (name, value)
    asking: Cell | None = None  # a Haven whose owner is asked to let the turn's group stop
    challenged: tuple[Cell, ...] = ()  # cells where Combat between players began this Turn
    haven_asks: tuple = ()  # ((guest seat, Haven), (guest's turn, granted)) answers given
    game: Game | None = field(default=None, compare=False, repr=False)  # cards, decks, options


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
            tuple(s.combat_discard), tuple(s.discard), tuple(c for c, _ in s.set_aside),
            tuple(s.havens), len(s.to_place), s.to_place[-1] if mine and s.to_place else None,
            tuple(s.haven_to_place), s.turns, s.equipped, s.scavenged))
    places = []
    for cell in sorted(st.places):
        p = st.places[cell]
        known.add(p.card)
        mine = p.kind == "haven" and p.owner == seat
        if mine:
            known.update(p.under)
        n_items = len(g.items.intersection(p.under))
        places.append(PlaceView(cell, p.card, p.kind, p.owner, p.destroyed,
                                len(p.under) - n_items, n_items,
                                tuple(p.under) if mine else None, p.siege, p.siege_seat))
    units = []
    for i in sorted(st.units):
        u = st.units[i]
        mine = u.owner == seat and not u.disaster
        known.add(u.card)
        known.update(u.equipment)
        known.update(u.enhancements)
        if mine:
            known.update(u.items)
        units.append(UnitView(u.card, u.owner, u.pos, u.disaster, u.damage, len(u.items),
                              tuple(u.items) if mine else None, tuple(u.equipment),
                              tuple(u.enhancements), u.moved, u.spent, u.arrived, u.leader,
                              u.ally_seat))
    off = tuple((o.card, o.seat, o.chars, o.turns_left) for o in st.off_field)
    known.update(o.card for o in st.off_field)
    known.update(e.card for e in st.stack)
    known.update(st.destroyed)
    c = st.combat
    combat = None if c is None else CombatView(
        c.seat, c.cell, c.disaster, tuple(c.queue), c.round, c.target, tuple(c.attackers),
        tuple(c.protectors), c.running, c.charm_stage, tuple(sorted(c.charmed.items())),
        tuple(c.resisted))
    sc = st.scavenging
    r = st.result
    return SeatView(
        seat, st.current_seat(), st.phase, st.turn_seat, st.rounds, g.options.round_limit,
        st.items_total, st.path, tuple(seats), tuple(places), tuple(units), off,
        tuple(st.destroyed), combat, None if sc is None else (sc.seat, sc.cell, sc.stage),
        None if r is None else (r.winners, r.disasters_win, r.reason),
        tuple((e.card, e.seat, e.target) for e in st.stack),
        tuple((x.source, x.unit, x.mods, x.skills, x.flags, x.until, x.turns_left)
              for x in st.lasting),
        tuple(zip(sorted(known), map(g.card_ids.__getitem__, sorted(known)))),
        _books(st, known), _fields(st.duel), st.asking, tuple(sorted(st.challenged)),
        tuple(sorted(st.haven_asks.items())), g)


def _books(st: GameState, known: set[int]) -> Bookkeeping:
    # Uses of a card this seat cannot see would name it (an Item dropped face down).
    return Bookkeeping(
        tuple(sorted((k, n) for k, n in st.uses.items() if k[0] in known)), tuple(sorted(st.location_attacked)),
        tuple(sorted(st.location_struck)), tuple(st.maintenance), st.stamp, st.responder,
        st.passes, st.ending_turn, st.actions, st.setup_seat,
        tuple((u.card, u.brought_by, u.moved_once) for _, u in sorted(st.units.items())
              if u.disaster),
        tuple(tuple(s.set_aside) for s in st.seats), tuple(x.seat for x in st.lasting),
        tuple((len(s.disasters_to_deal), len(s.items_to_deal), len(s.unused)) for s in st.seats),
        _fields(st.combat), _fields(st.scavenging))


def _fields(record) -> tuple | None:
    """A record's fields as hashable (name, value) pairs; every one of them is public."""
    if record is None:
        return None
    out = []
    for f in fields(record):
        v = getattr(record, f.name)
        out.append((f.name, tuple(sorted(v.items())) if isinstance(v, dict)
                    else tuple(v) if isinstance(v, list) else v))
    return tuple(out)
