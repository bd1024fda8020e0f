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
"""
from __future__ import annotations

from scene import Scene
from test_hidden_information import DUCK
from test_hidden_s41h import play_twins

from game.engine import actions as A
from game.engine import view
from game.engine.events import ALL_SEE, CardDrawn, ItemDropped, ItemTaken
from game.engine.state import MOVE, Place

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
