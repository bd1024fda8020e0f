"""Picking up, dropping and transferring Items and Equipment, free in any phase and
in Combat (Rules for Characters; Basic Terms, Drop; guideline 2.7). Enhancements are
never transferred. A Character picks up what is stored in the Haven it stands in:
its player's own, or another player's where it stopped with permission ("that player
has free access to it and may take out any Items or Equipment there", Rules for
Havens), though not while a Combat is under way if the owner has Characters there,
who could not fight for it then (R118).

These are among the actions offered at any time (anytime.py): a pending decision
says whether its seat may move Items meanwhile."""
from __future__ import annotations

from .actions import Action, Drop, PickUp, Transfer
from .events import Event, ItemDropped, ItemTaken, ItemTransferred, everyone
from .lasting import has_flag
from .state import ITEMS, Cell, GameState, Unit


def seen_by(st: GameState, card: int, seats: tuple[int, ...],
            store: Cell | None = None) -> tuple[int, ...]:
    """Who may see which card was taken, dropped or handed over: an Item is face down
    (Rules for Items), so only `seats`, and, if it went into or came out of the store
    of a Haven at `store`, those who see that store; Equipment is face up wherever it
    is in play, carried, under a Location or stored in a Haven (view.PlaceView), so
    everyone."""
    if st.game.card(card).type != "item":
        return everyone(len(st.seats))
    return tuple(sorted({*seats, *watchers(st, store)})) if store is not None else seats


def watchers(st: GameState, cell: Cell) -> tuple[int, ...]:
    """The seats whose view shows what a Haven at `cell` stores (view.PlaceView.stored):
    its owner, and a player with Characters standing in it ("free access to it", Rules
    for Havens); nobody for a Location, whose stack is face down. Each seat once, in seat
    order (an event's `to`, as `everyone` gives it): the owner with Characters in its own
    Haven is one watcher, and the groups' order is no seat order."""
    p = st.places.get(cell)
    if p is None or p.kind != "haven":
        return ()
    return tuple(sorted({p.owner, *(seat for seat, at in st.groups() if at == cell)}))


def drop_all(st: GameState, u: Unit, ev: list[Event], equipment: bool = False) -> None:
    """Every Item `u` holds (and its Equipment too, with `equipment`) is dropped face
    down beneath its place, where it must be Scavenged again. A Character's player
    knew its Items (its view shows them) and is told which; nobody sees a Disaster's."""
    cards = u.items + u.equipment if equipment else u.items[:]
    st.put_under(u.pos, cards)
    knew = () if u.disaster else (u.owner,)
    ev.extend(ItemDropped(u.card, u.pos, c, to=seen_by(st, c, knew, u.pos)) for c in cards)
    u.items.clear()
    if equipment:
        u.equipment.clear()


def candidates(st: GameState, seat: int) -> list[Action]:
    # "Hand over an Item" and "Exchange cards" are actions: a Character with No Action
    # picks up, drops, gives and takes nothing (List of Actions).
    chars = st.characters_by_card(seat)
    places = st.places
    acts: list[Action] = []
    for u in chars:
        place = places[u.pos]
        stored = place.under if place.kind == "haven" else ()
        if stored and place.owner != seat and st.fight_cell is not None \
                and st.chars_at(place.owner, u.pos):
            stored = ()  # its owner there could not fight for it now (R118)
        if not (u.items or u.equipment or stored) or has_flag(st, u, "no_action"):
            continue  # nothing it could take or hand on (its flags are read only if so)
        for c in stored:  # loops, not comprehensions: each of those is a call
            acts.append(PickUp(c, u.card))
        if u.items or u.equipment:
            takers = [v.card for v in chars if v is not u and v.pos == u.pos
                      and not has_flag(st, v, "no_action")]
            for c in u.items + u.equipment:
                acts.append(Drop(c, u.card))
                for v in takers:
                    acts.append(Transfer(c, u.card, v))
    return acts


def explain(st: GameState, a: Action) -> str:
    if st.top is None or ITEMS not in st.top.anytime(st):
        return "Items and Equipment are not moved while this is decided (guideline 3.3)"
    ids = (a.src, a.dst) if isinstance(a, Transfer) else (a.char,)
    chars = [st.units.get(c) for c in ids]
    mine = [u is not None and not u.disaster and u.owner == st.current_seat() for u in chars]
    if isinstance(a, Transfer) and mine == [True, False] and chars[1] is not None \
            and not chars[1].disaster:
        # The giver is one's own: said of the receiver ("only your own Characters can
        # transfer" read as false, the card dragged from one's own; a playtest).
        return (f"c{a.dst} is another player's Character: Items and Equipment are given "
                "only to your own Characters at the same Location")
    if not all(mine):
        return "only your own Characters can pick up, drop or transfer"
    if any(has_flag(st, u, "no_action") for u in chars):
        return "a Character with No Action picks up, drops and exchanges nothing"
    if isinstance(a, PickUp):
        place = st.places[chars[0].pos]
        if place.kind == "haven" and a.card in place.under:  # stored, yet not offered
            return ("a guest takes nothing out of another player's Haven while a Combat "
                    "is under way: its owner there could not fight for it (R118)")
        return f"c{a.card} is not stored in the Haven where c{a.char} stands"
    if isinstance(a, Transfer) and chars[0].pos != chars[1].pos:
        return "Items and Equipment are transferred between Characters at the same Location"
    return f"c{a.card} is not an Item or Equipment that Character carries"


def _holder_list(st: GameState, u: Unit, card: int) -> list[int]:
    return u.items if st.game.card(card).type == "item" else u.equipment


def pick_up(st: GameState, a: PickUp, ev: list[Event]) -> None:
    """The card leaves the Haven's store: the taker and those who see the store know
    which it is."""
    u = st.units[a.char]
    st.take_from_under(u.pos, a.card)
    _holder_list(st, u, a.card).append(a.card)
    ev.append(ItemTaken(a.char, u.pos, a.card, to=seen_by(st, a.card, (u.owner,), u.pos)))


def apply(st: GameState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, PickUp):
        pick_up(st, a, ev)
    elif isinstance(a, Drop):
        # Dropped under a Location, a card must be Scavenged again; in a Haven it is stored.
        u = st.units[a.char]
        _holder_list(st, u, a.card).remove(a.card)
        st.put_under(u.pos, [a.card])
        ev.append(ItemDropped(a.char, u.pos, a.card, to=seen_by(st, a.card, (u.owner,), u.pos)))
    else:
        src, dst = st.units[a.src], st.units[a.dst]
        _holder_list(st, src, a.card).remove(a.card)
        _holder_list(st, dst, a.card).append(a.card)
        ev.append(ItemTransferred(a.src, a.dst, a.card, to=seen_by(st, a.card, (src.owner,))))
