"""R16 and Rules for Havens: who is told which Item goes into or out of a Haven's store.

"Havens are where you store Equipment, extra Characters, and Items you pick up"; a
player allowed to stop there "has free access to it and may take out any Items or
Equipment there" (Rules for Havens). So a seat's view shows a Haven's store to its
owner and to a player with Characters standing in it (view.PlaceView.stored), and the
events that put an Item into a store or take one out must tell those same seats which
Item it was, and nobody else (an Item is face down: Rules for Items). Found by s45h:
a guest's Item stored in another player's Haven was named to the guest alone, while
the owner's view showed it in its store; an Item taken out with a third player's
Characters standing there was hidden from that player, whose view showed it gone.

Then the class of 1792585 (the `by` of Moved, CombatTarget and Cancelled): every step
an Item's trigger that is not a use can run, from every such trigger, played twice
with twin Items, the same but for their names: the other seats must read the same
events, field by field, log and view (it fails on the code before 1792585).
"""
from __future__ import annotations

import dataclasses

import pytest
from scene import Scene
from test_hidden_information import DUCK
from test_hidden_s41h import log_words, play_twins

from game.engine import actions as A
from game.engine import view
from game.engine.events import ALL_SEE, CardDrawn, ItemDropped, ItemTaken
from game.engine.state import MOVE, SCAVENGE, Place

HOME = (1, 1)  # seat 0's Haven


def store_seen(sc, seat):
    """The cards of seat 0's Haven's store as `seat`'s view shows them (None: hidden)."""
    return next(p.stored for p in view(sc.st, seat).places if p.cell == HOME)


def told(events, kind, seat):
    return [e.for_seat(seat).card for e in events if isinstance(e, kind)]


def test_rules_for_havens_a_guests_item_stored_in_a_haven_is_named_to_its_owner():
    """A guest (seat 1) drops its Item in seat 0's Haven: seat 0 sees its store, so it is
    told which; seat 2, with nobody there, is not."""
    sc = Scene(DUCK, seats=3)
    sc.location((0, 0), under=["gem"])
    sc.haven(HOME)
    guest = sc.char("hero", HOME, seat=1, items=["gem"])
    gem = sc.unit(guest).items[0]
    sc.turn(MOVE, seat=1)
    events = sc.do(A.Drop(gem, guest))
    assert store_seen(sc, 0) == (gem,), "seat 0's view does not show its store"
    assert told(events, ItemDropped, 1) == [gem]
    assert told(events, ItemDropped, 0) == [gem], "the owner's view shows it, its log hid it"
    assert told(events, ItemDropped, 2) == told(events, ItemDropped, ALL_SEE) == [None]


def test_rules_for_havens_an_item_taken_out_is_named_to_a_guest_standing_there():
    """Seat 0 takes an Item out of its own Haven while seat 2's Character stands there as
    its guest: seat 2's view showed the store, so it is told which left it; seat 1 is not."""
    sc = Scene(DUCK, seats=3)
    sc.location((0, 0), under=["gem"])
    sc.haven(HOME, stored=["gem"])
    hero = sc.char("hero", HOME)
    sc.char("hero", HOME, seat=2)
    gem = sc.st.places[HOME].under[0]
    assert store_seen(sc, 2) == (gem,), "seat 2's view does not show the store"
    sc.turn(MOVE)
    events = sc.do(A.PickUp(gem, hero))
    assert told(events, ItemTaken, 2) == [gem], "the guest's view showed it, its log hid it"
    assert told(events, ItemTaken, 1) == told(events, ItemTaken, ALL_SEE) == [None]


def test_r16_an_item_stored_by_a_guest_stays_hidden_from_the_other_seats():
    """The widened share names the Item to the Haven's watchers only: seat 2 reads the
    same log and view whichever Item the guest stored (twin games, s41h)."""
    def make(item):
        sc = Scene(DUCK, seats=3)
        sc.location((0, 0), under=["gem"])
        sc.haven(HOME)
        guest = sc.char("hero", HOME, seat=1, items=[item])
        sc.turn(MOVE, seat=1)
        return sc, [A.Drop(sc.unit(guest).items[0], guest)]
    play_twins(make, ("gem", "duck"), unaware=(2,), steps=0)


SALVAGE = DUCK + """\
- {id: lost, name: Lost and Found, type: haven,
   effects: [{"on": use, if: {discarded: equipment}, cost: {discard: 1}, do: [{hook: salvage}]}]}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
"""


def test_r75_the_equipment_taken_back_from_the_discard_pile_is_named_to_every_seat():
    """R75, hooks `salvage` (Galactic Lost and Found Office): the Equipment comes back to
    the hand from the Discard pile, which lies face up (every view shows it): every
    seat's share names it, as every view shows it gone from there (the others read
    "drew a card" while their view showed the Sword leave the pile). R16 hides the hand,
    not what was in the open before it got there."""
    sc = Scene(SALVAGE, seats=3)
    sc.location((0, 0), under=["gem"])
    lost = sc.card("lost")
    sc.st.places[HOME] = Place(lost, "haven", 0)
    sc.st.seats[0].havens.append(HOME)
    sword, = sc.st.seats[0].discard = sc.cards(["sword"])
    sc.hand(0, "hero")
    for seat in (1, 2, ALL_SEE):
        assert sword in dict(view(sc.st, seat).known), "the Discard pile is not in the open"
    sc.turn(MOVE)
    events = sc.do(A.UseCard(lost))
    assert sc.st.seats[0].hand == [sword], "nothing came back: the scene tests nothing"
    for seat in (0, 1, 2, ALL_SEE):
        assert told(events, CardDrawn, seat) == [sword]


def test_rules_for_havens_a_guests_take_waiting_for_the_owner_names_the_card_to_a_watcher():
    """A guest's take waits for the owner's answer (GuestTake): the card it would take
    is named to the seats that see the store (a third player's Character standing there
    too), as the take itself is; a seat with nobody there is not told."""
    sc = Scene(DUCK, seats=4)
    sc.location((0, 0), under=["gem"])
    sc.haven(HOME, stored=["gem"])
    sc.char("hero", HOME)
    guest = sc.char("hero", HOME, seat=1)
    sc.char("hero", HOME, seat=2)
    gem = sc.st.places[HOME].under[0]
    sc.turn(MOVE, seat=1)
    sc.do(A.PickUp(gem, guest))
    asked = {seat: view(sc.st, seat).decision for seat in (0, 1, 2, 3, ALL_SEE)}
    assert asked[0].kind == "guest_take", "no take waits for the owner: the scene tests nothing"
    assert [asked[s].card for s in (0, 1, 2)] == [gem] * 3
    assert asked[3].card == asked[ALL_SEE].card == -1


# Every step an Item's trigger that is not a use may run: the others learn what it does,
# never which Item did it (Rules for Items). Twin Items, the same but for their names.
TRIGGERED = {
    "modify": '{modify: {attack: "+1"}, to: here, for: turn}',
    "skill": '{skill: {Swimming: 1}, to: here, for: turn}',
    "hold": '{hold: 1, to: opponents_here}',
    "no_action": '{no_action: 1, to: opponents_here}',
    "draw": '{draw: 1, to: player}',
    "discard": '{discard: 1, to: opponents_here}',
    "heal": '{heal: all, to: here}',
    "damage": '{damage: 1, to: opponents_here}',
    "steal": '{steal: item, to: opponents_here}',
    "destroy_item": '{destroy_item: random, to: opponents_here}',
    "drop_items": '{drop_items: all, to: opponents_here}',
    "bonk": '{bonk: true, to: opponents_here}',
    "search": '{search: {type: equipment}, to: player}',
    "send_home": '{send_home: true, to: here}',
    "flee": '{flee: true, to: disasters_here}',
    "ally": '{ally: group, to: disasters_here}',
    "decoy": '{hook: decoy, to: group}',  # the holder's partner: the Imp targets the holder
    "salvage": '{hook: salvage, to: player}',
}
TRIGGER_CARDS = DUCK + """\
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 1, defense: 2, movement: 1}}
"""


def shares(events, seat, st) -> list:
    """The seat's share of each event, every field that holds a card given as its card
    id: the twin Items have the same instance, told apart by the id only."""
    g = st.game

    def named(value, kind: str):
        if dataclasses.is_dataclass(value):
            return tuple(named(getattr(value, f.name), str(f.type))
                         for f in dataclasses.fields(value))
        if isinstance(value, tuple):
            return tuple(named(v, kind.removeprefix("tuple[").split(",")[0]) for v in value)
        if kind.startswith("Card") and isinstance(value, int) and value >= 0:
            return g.card_ids[value]
        return value
    return [(e.type, named(e.for_seat(seat), "")) for e in events]


def outcome(sc, events) -> tuple:
    """What an effect changed, the Item's own card left out: the events, all told, the
    lasting effects, the units, the hands and the Combat's target."""
    st = sc.st
    items = {st.game.card_ids[i] for i in st.game.items}

    def mask(v):
        return tuple(map(mask, v)) if isinstance(v, tuple) else "Item" if v in items else v
    return ([mask(share) for share in shares(events, None, st)], st.lasting, sorted((u.card, u.pos, u.damage, len(u.items), u.leader)
                                     for u in st.units.values()),
            [len(s.hand) for s in st.seats], st.combat and st.combat.target)


# What acts only in a Combat (decoy, flee) is set off in one; an alliance with a group
# out of one, as the Disaster fought never joins it (R40).
CASES = [(trigger, step) for trigger in ("turn_start", "combat_round", "scavenge")
         for step in sorted(TRIGGERED)
         if trigger == "combat_round" or step not in ("decoy", "flee")
         if trigger != "combat_round" or step != "ally"]


@pytest.mark.parametrize("trigger, step", CASES)
def test_rules_for_items_an_items_trigger_tells_the_others_what_it_did_not_which_item(
        trigger, step):
    """An Item carried by seat 0's Character sets off `step` from its `trigger`: seat 1
    (with a Character there) and seat 2, and the share all see, read the same events,
    log and view whichever of two twin Items it is (the `by` of Moved and CombatTarget
    named it to all before 1792585)."""
    cards = TRIGGER_CARDS + "".join(
        f'- {{id: twin{i}, name: Twin {i}, type: item, effects: '
        f'[{{"on": {trigger}, do: [{TRIGGERED[step]}]}}]}}\n' for i in (1, 2))

    def make(twin):
        sc = Scene(cards, seats=3)
        for seat in range(3):
            sc.haven((seat * 3, 4), seat=seat)
            sc.hand(seat, "sword", "hero")
            sc.draw_pile(seat, "sword", "hero", "sword")
            sc.combat_pile(seat, *["blank"] * 12)
            sc.st.seats[seat].discard = sc.cards(["sword"], seat)
        sc.location((0, 0), under=["imp", "gem"])
        sc.location((1, 0), under=["gem"] * 6)  # the players hold no majority (R14)
        sc.char("hero", (0, 0))  # first of the group: a decoy's; no Item, no Imp's target
        hero = sc.char("hero", (0, 0), items=[twin, "gem"])
        sc.unit(hero).damage = 1  # for a heal to do something
        sc.char("hero", (0, 0), seat=1, items=["gem"])
        sc.disaster("imp", (0, 0), seat=2)
        if trigger == "turn_start":  # the end of seat 2's Turn: seat 0's begins
            sc.turn(SCAVENGE, seat=2)
            first = [A.EndPhase()]
        elif trigger == "scavenge":
            sc.turn(SCAVENGE)
            first = [A.Scavenge((0, 0))]
        else:
            sc.turn(MOVE)
            first = [A.Fight(sc.st.disasters_at((0, 0))[0].card)]
        return sc, first

    (a, first), (b, _), (plain, _) = make("twin1"), make("twin2"), make("gem")
    e1, e2 = a.do(*first), b.do(*first)
    assert outcome(a, e1) != outcome(plain, plain.do(*first)), \
        "the twin Item's effect changed nothing: the scene tests nothing"
    for k in range(12):
        for seat in (1, 2, ALL_SEE):
            assert shares(e1, seat, a.st) == shares(e2, seat, b.st), \
                f"seat {seat} tells twin1 from twin2 by its events, action {k}"
            assert log_words(e1, seat, a.st) == log_words(e2, seat, b.st)
            if seat >= 0:
                assert view(a.st, seat) == view(b.st, seat), f"seat {seat}'s view"
        if a.st.result is not None:
            break
        # Not an Item discarded from a Haven's store: it goes face up onto the Discard
        # pile, in every view (the project's reading, not this test's question).
        action = next(x for x in a.legal() if not (
            isinstance(x, A.DiscardCard) and x.card in a.game.items))
        e1, e2 = a.do(action), b.do(action)
