"""Disasters entering play, moving along the path, picking up Items, and
non-Combat Disasters that a group must Defeat or endure (rulebook, Disasters)."""
from __future__ import annotations

from . import combat, effects
from . import events as E
from .abilities import meets, total
from .effects import Ctx
from .events import Event
from .state import GameState, OffField, Unit


def strength(st: GameState, u: Unit) -> tuple[int, ...]:
    """Combat with Multiple Disasters: ties go to Attack, Defense, Movement, Energy, Charm."""
    return tuple(total(st, u, a) for a in ("attack", "defense", "movement", "energy", "charm"))


def attack_order(st: GameState, cell, seat: int | None = None) -> list[Unit]:
    """Combat Disasters at a cell in the order they attack: arrival, then strength.
    Those allied with `seat`'s group do not attack it."""
    ds = [u for u in st.disasters_at(cell) if st.game.card(u.card).is_combat_disaster
          and (seat is None or u.ally_seat != seat)]
    return sorted(ds, key=lambda u: (u.arrived, tuple(-x for x in strength(st, u))))


def alliance(st: GameState, u: Unit) -> list[Unit]:
    """The allied Disasters `u` belongs to, the primary first (Ally Disasters); just
    [u] for a Disaster on its own."""
    primary = st.units.get(u.leader, u) if u.leader >= 0 else u
    return [primary] + sorted((a for a in st.units.values()
                               if a.disaster and a.leader == primary.card),
                              key=lambda a: a.card)


def ally(st: GameState, primary: Unit, other: Unit, ev: list[Event]) -> None:
    """`other` (and its own allies) joins `primary`'s alliance at the same Location."""
    lead = alliance(st, primary)[0]
    for a in alliance(st, other):
        if a is not lead and a.pos == lead.pos:
            a.leader = lead.card
            ev.append(Event(E.DISASTERS_ALLIED, {"primary": lead.card, "ally": a.card,
                                                 "cell": a.pos}))


def arrive(st: GameState, card: int, cell, seat: int) -> Unit:
    st.stamp += 1
    u = Unit(card, st.game.owner(card), cell, disaster=True, arrived=st.stamp, brought_by=seat)
    st.units[card] = u
    return u


def groups_on_path(st: GameState, seat: int | None) -> list[list[Unit]]:
    """Groups of Characters on Locations, in Disaster path order (R3)."""
    out = []
    for cell in st.path:
        owners = sorted({u.owner for u in st.units.values() if u.pos == cell and not u.disaster})
        out += [st.chars_at(o, cell) for o in owners if seat is None or o == seat]
    return out


def enter_from_draw(st: GameState, card: int, seat: int, ev: list[Event]) -> bool:
    """Reload (R8): True if the Disaster could affect the Field and entered play."""
    cd = st.game.card(card)
    if cd.is_combat_disaster:
        if not st.path:
            return _discard(st, card, ev, "no Location to enter")
        u = arrive(st, card, st.path[0], seat)
        ev.append(Event(E.DISASTER_ENTERED, {"seat": seat, "card": card, "cell": u.pos}))
        effects.trigger(st, Ctx(card, u.owner, u), "revealed", ev)
        return True
    groups = groups_on_path(st, seat) or groups_on_path(st, None)
    if not groups:
        return _discard(st, card, ev, "cannot affect the Field")
    ev.append(Event(E.DISASTER_ENTERED, {"seat": seat, "card": card, "cell": groups[0][0].pos}))
    resolve_non_combat(st, card, groups[0], ev)
    return True


def _discard(st: GameState, card: int, ev: list[Event], why: str) -> bool:
    st.seats[st.game.owner(card)].discard.append(card)
    ev.append(Event(E.CARD_DISCARDED, {"card": card, "why": why}))
    return False


def resolve_non_combat(st: GameState, card: int, group: list[Unit], ev: list[Event]) -> None:
    """A non-Combat Disaster: the group Defeats it or endures its effects."""
    cd = st.game.card(card)
    if cd.defeat is not None and meets(st, group, cd.defeat):
        st.seats[st.game.owner(card)].discard.append(card)
        ev.append(Event(E.DISASTER_DEFEATED, {"card": card, "by": [u.card for u in group]}))
        return
    seat = group[0].owner
    effects.trigger(st, Ctx(card, st.game.owner(card), None, group=[u.card for u in group]),
                    "revealed", ev)
    if not cd.endure:  # its instructions are done: Discarded (guideline 2.2)
        st.seats[st.game.owner(card)].discard.append(card)
        ev.append(Event(E.DISASTER_DEFEATED, {"card": card, "by": []}))
        return
    st.off_field.append(OffField(card, seat, tuple(u.card for u in group), cd.endure_turns))
    ev.append(Event(E.DISASTER_ENDURED, {"card": card, "seat": seat,
                                         "chars": [u.card for u in group],
                                         "turns": cd.endure_turns}))


def count_down(st: GameState, seat: int, ev: list[Event]) -> None:
    """Turn counters: an endured Disaster is Discarded at the end of its last turn."""
    for o in list(st.off_field):
        card = st.game.card(o.card)
        if card.type == "disaster" and o.seat == seat:
            o.turns_left -= 1
            if o.turns_left <= 0:
                st.off_field.remove(o)
                st.seats[st.game.owner(o.card)].discard.append(o.card)
                ev.append(Event(E.DISASTER_DEFEATED, {"card": o.card, "by": []}))


def path_index(st: GameState, cell) -> int:
    """Where a cell stands on the path (R3); a Location turned Haven is off the path, so a
    Disaster standing there goes on from the place the cell had in it."""
    if cell in st.path:
        return st.path.index(cell)
    key = (-cell[0], cell[1])
    return sum(1 for c in st.path if (-c[0], c[1]) < key) - 1


def to_move(st: GameState, seat: int) -> list[int]:
    """Maintenance: the Disasters this player brought into play that can move."""
    movers = []
    for u in st.units.values():
        cd = st.game.card(u.card)
        if u.disaster and u.brought_by == seat and cd.is_combat_disaster:
            if not (cd.moves_once and u.moved_once):
                movers.append(u)
    return [u.card for u in sorted(movers, key=lambda u: u.arrived)]


def move(st: GameState, card: int, ev: list[Event]) -> None:
    """Move a Disaster its full Movement along the path (R3); at the end of its cycle a
    Major Disaster re-enters at the top-right Location and a Minor one is Discarded;
    either way the cards it carries are Destroyed."""
    u = st.units.get(card)
    if u is None:  # Defeated earlier in this Maintenance phase
        return
    if u.leader in st.units:
        return  # an allied Disaster moves with its primary
    if u.ally_seat >= 0:
        if st.chars_at(u.ally_seat, u.pos):
            return  # allied with a group, it moves with the group
        u.ally_seat = -1  # its group is gone: the alliance is over
    u.leader = -1  # its primary is gone: it goes its own way again
    allies = alliance(st, u)[1:]
    cd = st.game.card(card)
    start = u.pos
    idx = path_index(st, u.pos)
    # Allied Disasters move as a group, limited to the slowest.
    steps = min(total(st, a, "movement") for a in [u] + allies)
    for _ in range(max(0, steps)):
        idx += 1
        if idx < len(st.path):
            u.pos = st.path[idx]
            continue
        for item in u.items:
            st.destroyed.append(item)
            ev.append(Event(E.ITEM_DESTROYED, {"holder": card}, None, {"card": item}))
        u.items.clear()
        ev.append(Event(E.DISASTER_LEFT, {"card": card, "cell": u.pos}))
        if not cd.is_major:
            del st.units[card]
            st.seats[u.owner].discard.append(card)
            ev.append(Event(E.CARD_DISCARDED, {"card": card, "why": "end of its cycle"}))
            return
        u.pos = st.path[0]
        break
    if cd.moves_once:
        u.moved_once = True
    ev.append(Event(E.DISASTER_MOVED, {"card": card, "from": start, "to": u.pos}))
    for a in allies:
        if a.pos != u.pos:
            ev.append(Event(E.DISASTER_MOVED, {"card": a.card, "from": a.pos, "to": u.pos}))
            a.pos = u.pos
    land(st, u, ev)


def pick_up(st: GameState, u: Unit, ev: list[Event]) -> None:
    """A Combat Disaster without an Item takes one from the Location it stops on;
    Items still covered by face-down Disasters are out of its reach (R30)."""
    # Allied Disasters: the Item goes to the primary first, if it has none.
    u = next((a for a in alliance(st, u) if not a.items), None)
    if u is None:
        return
    place = st.places[u.pos]
    for c in place.under:
        kind = st.game.card(c).type
        if kind == "disaster":
            return
        if kind == "item":
            st.take_from_under(u.pos, c)
            u.items.append(c)
            ev.append(Event(E.ITEM_TAKEN, {"by": u.card, "from": u.pos}))
            return


def land(st: GameState, u: Unit, ev: list[Event]) -> None:
    """A Disaster stops: it picks up an Item, then attacks the Characters there,
    a random one with an Item first."""
    pick_up(st, u, ev)
    chars = [c for c in st.units.values() if c.pos == u.pos and not c.disaster]
    if not chars:
        return
    target = combat.choose_target(st, chars)
    combat.start(st, target.owner, u.pos, [u.card], "maintenance", ev, first_target=target)
