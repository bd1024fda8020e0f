"""Rules for Items: "Item cards are kept face down until they are used." An Item never
used that a player Discards from its Haven's store (Discard Phase: "Discard any cards in
your Haven that you do not want") is never turned over: the Discard pile takes it face
down. Each seat that saw the store is told which; the others learn only that an Item
went ("A player must reveal which Characters have how many Items, but not the specific
Items"), and the Disasters count it ("Discarded and Destroyed Items count towards the
Disasters' total")."""
from __future__ import annotations

import random

from conftest import ROOT, play
from scene import Scene, of
from test_rules_discard_s30d import CARDS
from zones import conservation_problems

from game.cli import load_games
from game.engine.actions import DiscardCard
from game.engine.events import ALL_SEE, CardDiscarded, ItemDiscarded
from game.engine.state import DISCARD
from game.engine.tally import item_counts
from game.engine.view import view
from game.engine.worlds import sample_world
from game.ui.table.words import event_text


def stored_item_discarded(guest: bool) -> tuple[Scene, int, list]:
    """Three seats; seat 0 Discards the Idol stored in its Haven at (1, 0), where seat
    1's Scout stands as a guest when `guest`: the Idol and the events."""
    sc = Scene(CARDS, seats=3)
    sc.location((0, 0))
    haven = sc.haven((1, 0), stored=["idol"])
    sc.haven((2, 0), seat=1)
    sc.haven((3, 0), seat=2)
    if guest:
        sc.char("scout", (1, 0), seat=1)
    idol, = haven.under
    sc.turn(DISCARD)
    return sc, idol, sc.do(DiscardCard(idol))


def test_rules_for_items_an_item_discarded_unused_is_named_only_to_who_saw_the_store():
    """Rules for Items, face down until used: seat 0 (its Haven) and seat 1 (a guest
    there: "free access", Rules for Havens) saw the Idol stored and are told it; seat 2
    and the table (ALL_SEE) are told an Item left seat 0's Haven, not which."""
    sc, idol, ev = stored_item_discarded(guest=True)
    assert not of(ev, CardDiscarded)
    for seat, told in ((0, idol), (1, idol), (2, None), (ALL_SEE, None)):
        assert [(e.seat, e.card) for e in ev if isinstance(e, ItemDiscarded)] == [
            (0, idol)]
        assert [(e.seat, e.card) for e in (e.for_seat(seat) for e in ev)
                if isinstance(e, ItemDiscarded)] == [(0, told)], seat
    assert idol in sc.st.seats[0].discard  # its owner's pile (guideline 5)


def test_rules_for_items_no_view_shows_which_item_lies_in_the_discard_pile():
    """Rules for Items, face down until used: in every seat's view, seat 0's Discard
    pile shows one Item face down and names none, the Discarding seat's own too (the
    pile is the same for all, as Destroyed Items are); cards discarded face up stay
    named."""
    sc, idol, _ = stored_item_discarded(guest=False)
    card, = sc.hand(0, "kettle")
    sc.do(DiscardCard(card))
    for seat in range(3):
        v = view(sc.st, seat)
        info = v.seats[0]
        assert info.discard == (card,) and info.discard_items == 1, seat
        assert idol not in {c for c, _ in v.known}, seat


def test_rules_for_items_a_discarded_item_counts_for_the_disasters_face_down():
    """"Discarded and Destroyed Items count towards the Disasters' total": the Idol moves
    from seat 0's count to the Disasters' when it goes face down."""
    sc, idol, _ = stored_item_discarded(guest=False)
    assert item_counts(sc.st)["0"] == 0 and item_counts(sc.st)["disasters"] == 1


def test_rules_for_items_a_world_dealt_from_a_view_puts_an_item_face_down_in_the_pile():
    """The AI deals the cards a seat cannot see (worlds.py): an Item face down in a
    Discard pile is one of that pile's owner's Items, any one the seat has not seen, so
    the world shows the same view and the same tally (the AI counts it for the
    Disasters as R14 does). Built on a random quick-demo game: an Item of seat 1's
    deck still under a Location is put in seat 1's pile, as a Discard from the store
    would."""
    st = play(load_games(ROOT / "levels" / "quick_demo.yaml", 2)[0], 46, 2, limit=120).state
    cell, item = next((cell, c) for cell, p in sorted(st.places.items())
                      if p.kind == "location" for c in p.under
                      if c in st.game.items and st.game.owner(c) == 1)
    st.take_from_under(cell, item)
    st.seats[1].discard.append(item)
    for seat in range(2):
        v = view(st, seat)
        assert v.seats[1].discard_items == 1 and item not in v.seats[1].discard
        for k in range(5):
            w = sample_world(st.game, v, random.Random(k))
            hidden, = [c for c in w.seats[1].discard if c in st.game.items]
            assert st.game.owner(hidden) == 1
            assert view(w, seat) == v and not conservation_problems(w)
            assert item_counts(w) == item_counts(st)


def test_discard_phase_a_card_from_the_hand_is_still_discarded_face_up():
    """Discard Phase, and the discard pile's other cards: a card of the hand was never
    face down to the rest of the table once played, and a discard from the hand was
    always told to all (tests/test_rules_discard_s30d.py); only Items stay face down."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0))
    sc.haven((2, 0), seat=1)
    card, = sc.hand(0, "kettle")
    sc.turn(DISCARD)
    ev = sc.do(DiscardCard(card))
    assert of([e.for_seat(1) for e in ev], CardDiscarded) == [
        {"card": card, "seat": 0, "why": ""}]
    assert view(sc.st, 1).seats[0].discard == (card,)


def test_rules_for_items_the_log_says_an_item_went_face_down_and_names_it_only_to_who_saw():
    """The log reads each seat's share: seat 0 reads which Item it Discarded, seat 2
    reads that an Item went, face down, and never its name."""
    sc, idol, ev = stored_item_discarded(guest=False)
    e, = [e for e in ev if isinstance(e, ItemDiscarded)]
    names = {idol: "Idol"}.get

    def line(seat: int) -> str:
        return event_text(e.for_seat(seat), lambda i: names(i, f"<{i}>"), "Player {}".format)[0]
    assert line(0) == "Player 0 discarded Idol from its Haven, face down"
    assert line(2) == "Player 0 discarded an Item from its Haven, face down"
