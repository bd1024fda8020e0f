"""Disasters on the Field: entering play, allying, picking up Items, and non-Combat
Disasters that a group must Defeat or endure (rulebook, Disasters). Their moves in
the Maintenance phase, which can start a Combat, are in maintenance.py."""
from __future__ import annotations

from .abilities import meets, total
from .effects import trigger
from .events import (DURATION_OVER, INSTRUCTIONS_DONE, CardDiscarded, DisasterDefeated,
                     DisasterEndured, DisasterEntered, DisasterLeft, DisasterMoved,
                     DisastersAllied, Event, ItemDestroyed, ItemTaken)
from .lasting import has_any_flag, has_flag
from .memo import reading
from .state import GameState, OffField, Unit, by_card
from .targets import Ctx


def strength(st: GameState, u: Unit) -> tuple[int, ...]:
    """Combat with Multiple Disasters: ties go to Attack, Defense, Movement, Energy, Charm."""
    return tuple(total(st, u, a) for a in ("attack", "defense", "movement", "energy", "charm"))


def path_index(st: GameState, cell) -> int:
    """Where a cell stands on the path (R3); a Location turned Haven is off the path, so a
    Disaster standing there goes on from the place the cell had in it."""
    if cell in st.path:
        return st.path.index(cell)
    key = (-cell[0], cell[1])
    return sum(1 for c in st.path if (-c[0], c[1]) < key) - 1


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
    lead = primary.card  # a Character's leader is -1: most units and Disasters follow none
    followers = [a for a in st.units.values() if a.leader == lead]
    if followers:
        followers = [a for a in followers if a.disaster]
        followers.sort(key=by_card)
    return [primary, *followers]


# The lasting flags that keep an allied Disaster from attacking with its alliance: No
# Action, which "cannot move or attack" (Basic Terms), and a Charm command (orders.py).
# The combat panel's forecast reads them from a seat's view (physical.planned_strike).
NO_ATTACK = frozenset(("no_action", "no_attack"))


def allies_with(st: GameState, d: Unit) -> list[Unit]:
    """The Disasters allied with `d` at its Location that attack with it, `d` itself left
    out: not one with a flag of NO_ATTACK."""
    return [a for a in alliance(st, d) if a.pos == d.pos and a is not d
            and not has_any_flag(st, a, NO_ATTACK)]


def ally(st: GameState, primary: Unit, other: Unit, ev: list[Event]) -> None:
    """`other` (and its own allies) joins `primary`'s alliance at the same Location."""
    lead = alliance(st, primary)[0]
    for a in alliance(st, other):
        if a is not lead and a.pos == lead.pos:
            a.leader = lead.card
            ev.append(DisastersAllied(lead.card, a.card, a.pos))


def go_along(st: GameState, seat: int, origin, dest, ev: list[Event]) -> None:
    """The Disasters allied with `seat`'s group at `origin` go with the whole group to
    `dest`: "When a Disaster allies with your group of Characters, the Disaster moves with
    the group" (Allying with Characters), so it Runs Away with it too."""
    for u in st.allied_at(seat, origin):
        st.move_unit(u, dest)
        ev.append(DisasterMoved(u.card, origin, dest))


def arrive(st: GameState, card: int, cell, seat: int) -> Unit:
    st.stamp += 1
    return st.add_unit(Unit(card, st.game.owner(card), cell, disaster=True, arrived=st.stamp,
                            brought_by=seat))


def groups_on_path(st: GameState, seat: int | None) -> list[list[Unit]]:
    """Groups of Characters on Locations, in Disaster path order (R3)."""
    out = []
    for cell in st.path:
        owners = sorted(o for o, at in st.groups() if at == cell)
        out += [st.chars_at(o, cell) for o in owners if seat is None or o == seat]
    return out


def can_affect(st: GameState, card: int, group: list[Unit]) -> bool:
    """A non-Combat Disaster that names whom it affects can affect only such a group."""
    affects = st.game.card(card).affects
    return affects is None or meets(st, group, affects)


def enter_from_draw(st: GameState, card: int, seat: int, ev: list[Event]) -> bool:
    """Reload (R8): True if the Disaster could affect the Field and entered play."""
    cd = st.game.card(card)
    if cd.is_combat_disaster:
        if not st.path:
            return _discard(st, card, ev, "no Location to enter")
        u = arrive(st, card, st.path[0], seat)
        ev.append(DisasterEntered(seat, card, u.pos))
        trigger(st, Ctx(card, u.owner, u), "revealed", ev)
        return True
    # Rules for Disasters: the drawing player's first group it can affect, else any
    # player's; a Disaster that can affect no group cannot affect the Field.
    groups = [g for g in groups_on_path(st, seat) if can_affect(st, card, g)] or \
        [g for g in groups_on_path(st, None) if can_affect(st, card, g)]
    if not groups:
        return _discard(st, card, ev, "cannot affect the Field")
    ev.append(DisasterEntered(seat, card, groups[0][0].pos))
    resolve_non_combat(st, card, groups[0], ev)
    return True


def _discard(st: GameState, card: int, ev: list[Event], why: str) -> bool:
    discard(st, card, ev, CardDiscarded(card, why=why))
    return False


def discard(st: GameState, card: int, ev: list[Event], event: Event) -> None:
    """A Disaster not on the Field (Off Field, or leaving it) goes to its owner's Discard
    pile. Guideline 2.3: "A Disaster that has been Discarded is considered Defeated", so
    its `defeated` effects run; it stands at no Location, so none is `here`."""
    st.seats[st.game.owner(card)].discard.append(card)
    ev.append(event)
    trigger(st, Ctx(card, st.game.owner(card)), "defeated", ev)


def resolve_non_combat(st: GameState, card: int, group: list[Unit], ev: list[Event]) -> None:
    """A non-Combat Disaster: the group Defeats it or endures its effects."""
    cd = st.game.card(card)
    # Scavenge Phase: "If a non-Combat Disaster cannot affect the Field, it is
    # automatically Defeated"; one the group cannot endure is too (R50). It affects the
    # whole group, but only its Characters able to act Defeat it: Skills "enable them to
    # ... Defeat non-Combat Disasters", and one with No Action is "unable to do anything"
    # (guidelines' glossary; List of Actions: "no actions means no actions").
    actors = group
    with reading(st):
        defeated = not can_affect(st, card, group)
        if not defeated and cd.defeat is not None:
            actors = [u for u in group if not has_flag(st, u, "no_action")]
            defeated = meets(st, actors, cd.defeat)
    if defeated:
        discard(st, card, ev, DisasterDefeated(card, by=tuple(u.card for u in actors)))
        return
    seat = group[0].owner
    trigger(st, Ctx(card, st.game.owner(card), None, group=[u.card for u in group]),
            "revealed", ev)
    if not cd.endure:
        # Basic Terms, Defeat: "When a non-Combat Disaster completes the actions described
        # in its instructions, it is Defeated" (guidelines 2.2, 2.3: Discarded, considered
        # Defeated); the event says why, for the group did not beat it.
        discard(st, card, ev, DisasterDefeated(card, why=INSTRUCTIONS_DONE))
        return
    st.off_field.append(OffField(card, seat, tuple(u.card for u in group), cd.endure_turns))
    ev.append(DisasterEndured(card, seat, tuple(u.card for u in group), cd.endure_turns))


def count_down(st: GameState, seat: int, ev: list[Event]) -> None:
    """Turn counters: an endured Disaster is Discarded at the end of its last turn
    (Basic Terms, Duration), its instructions complete (Turn counters included,
    guideline 2.2): Defeated (Basic Terms, Defeat), the event saying why, for the group
    endured it and did not beat it."""
    for o in list(st.off_field):
        card = st.game.card(o.card)
        if card.type == "disaster" and o.seat == seat:
            o.turns_left -= 1
            if o.turns_left <= 0:
                st.off_field.remove(o)
                discard(st, o.card, ev, DisasterDefeated(o.card, why=DURATION_OVER))


def pick_up(st: GameState, band: list[Unit], ev: list[Event], one: bool = False) -> None:
    """"If a Combat Disaster does not already have an Item, it will pick up an Item from
    the first Location it stops on that has an Item" (Rules for Disasters): the first
    Item under it, face-down Disasters or not; the Disasters stay face down. `band` is
    the Disaster's alliance (`alliance`), which the callers have at hand. Each member
    without an Item takes one, the primary first ("When allied Disasters take an Item,
    it will go to the primary Disaster first if it does not already have one"): the
    rule speaks of every Combat Disaster, the alliance sentence only of the order.
    `one`: a single Item, as "the Disaster will take an Item" (Charm Combat)."""
    cell = band[0].pos
    place = st.places.get(cell)
    # "A Haven (not even a Location-turned-Haven) is not a Location" (guideline 4.14):
    # what it stores is not in play, and what still lies under one is there only to be
    # Scavenged (4.10). A Disaster turned over there while Scavenging takes neither.
    if place is None or place.kind != "location":
        return
    items = st.game.items
    for u in [a for a in band if not a.items and a.pos == cell]:
        c = next((c for c in place.under if c in items), None)
        if c is None:
            return
        st.take_from_under(cell, c)
        place = st.places[cell]  # a new Place each change
        u.items.append(c)
        ev.append(ItemTaken(u.card, cell, c))  # face down: nobody sees which
        if one:
            return


def cycle_ends(st: GameState, band: list[Unit], cell, ev: list[Event]) -> list[Unit]:
    """The end of a cycle for a Disaster and its allies leaving the Field at `cell`: the
    Items each carries are Destroyed, the Minor ones are Discarded. The Major ones,
    left to re-enter at the top-right Location, are returned (none when no Location is
    left on the path: they are Discarded too, R132); if the primary was Minor, the
    alliance is over (R40) and each goes its own way."""
    for a in band:
        for item in a.items:
            st.destroyed.append(item)
            ev.append(ItemDestroyed(a.card, item))  # face down: nobody sees which
        a.items.clear()
        ev.append(DisasterLeft(a.card, cell))
        if not st.game.card(a.card).is_major:
            st.leave_field(a.card)
            discard(st, a.card, ev, CardDiscarded(a.card, why="end of its cycle"))
    left_on = [a for a in band if a.card in st.units]
    if left_on and not st.path:
        # No Location left on the path to re-enter at (every one turned Haven): the
        # Major ones are Discarded too (R132).
        for a in left_on:
            st.leave_field(a.card)
            discard(st, a.card, ev, CardDiscarded(a.card, why="no Location to re-enter"))
        return []
    if left_on and left_on[0] is not band[0]:
        for a in left_on:
            a.leader = -1
    return left_on
