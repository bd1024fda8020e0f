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
from game.engine.events import ALL_SEE, ItemDropped, ItemTaken
from game.engine.state import MOVE

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
