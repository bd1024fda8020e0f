"""Setting Up the Field and the Decks (rulebook, Playing the Game; R2, R3, R5, R6, R17)."""
from __future__ import annotations

from collections import Counter

import pytest
from scene import card_db, of

from game.engine import apply, legal_actions
from game.engine.actions import Deal, EndPhase, Pass, PlaceCard
from game.engine.decks import Deck
from game.engine.events import CardDealt, CardPlaced, CardsDealt, PhaseBegan, TurnBegan
from game.engine.game import Game
from game.engine.save import snapshot
from game.engine.state import DISCARD, EQUIP, SETUP
from game.engine.errors import IllegalAction

CARDS = "".join(
    f"- {{id: c{n}, name: C{n}, type: character, gender: female,\n"
    f"   abilities: {{attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}}}\n"
    for n in range(1, 17)  # 4 Characters for each of up to 4 seats
) + "".join(f"- {{id: l{n}, name: L{n}, type: location}}\n" for n in range(1, 8)) + "".join(
    f"- {{id: k{n}, name: K{n}, type: combat, physical: {{}}, charm: {{}}}}\n"
    for n in range(1, 8)
) + """\
- {id: h1, name: H1, type: haven}
- {id: h2, name: H2, type: haven}
- {id: h3, name: H3, type: haven}
- {id: h4, name: H4, type: haven}
- {id: i1, name: I1, type: item}
- {id: i2, name: I2, type: item}
- {id: i3, name: I3, type: item}
- {id: e1, name: E1, type: enhancement, bonuses: {attack: "+1"}}
- {id: q1, name: Q1, type: equipment, bonuses: {defense: "+1"}}
- {id: g1, name: G1, type: global_effect, bonuses: {movement: "+1"}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: gloom, name: Gloom, type: disaster, class: minor, defeat: {females: 1}}
"""
COMBAT = tuple((f"k{n}", 3) for n in range(1, 8))


def deck(seat: int, locations: int = 3) -> Deck:
    """A legal deck: 9 Power cards, 1.5 Items per Location, 2 Disasters per Location + 3."""
    chars = tuple(f"c{n}" for n in range(4 * seat + 1, 4 * seat + 5))
    locs = tuple(f"l{n}" for n in range(1, locations + 1))
    items = (3 * locations + 1) // 2
    item_counts = tuple((f"i{n}", min(3, items - 3 * (n - 1))) for n in range(1, 4)
                        if items - 3 * (n - 1) > 0)
    disasters = 2 * locations + 3
    return Deck(f"d{seat}", f"Deck {seat}", chars, f"h{seat + 1}",
                (("e1", 3), ("q1", 3), ("g1", 3)), locs, item_counts,
                (("brute", disasters - disasters // 2), ("gloom", disasters // 2)), COMBAT)


def new_game(seats: int = 2, locations: int = 3, seed: int = 1):
    g = Game(card_db(CARDS), [deck(s, locations) for s in range(seats)])
    return g, g.new_state(seed)


def refused(st, action, match=None):
    before = snapshot(st)
    with pytest.raises(IllegalAction) as err:
        apply(st, action)
    assert str(err.value)
    if match:
        assert match.lower() in str(err.value).lower(), str(err.value)
    assert snapshot(st) == before


def top(st, seat=None):
    s = st.seats[st.current_seat() if seat is None else seat]
    return s.to_place[-1]


def place_all(st, cells):
    """Place every card of the setup in the given cells, in turn order: a Location
    while the seat has one, else its Haven; then deal (deal_all)."""
    ev = []
    for cell in cells:
        s = st.seats[st.current_seat()]
        card = s.to_place[-1] if s.to_place else s.haven_to_place[-1]
        ev += apply(st, PlaceCard(card, cell))
    return ev + deal_all(st)


def deal_all(st):
    """Deal every Disaster and Item, each dealer taking the first Location offered (2
    Disasters a go while it can)."""
    ev = []
    while st.phase == SETUP:
        ev += apply(st, legal_actions(st)[0])
    return ev


def test_first_location_goes_at_the_origin_R2():
    g, st = new_game()
    assert st.phase == SETUP and st.current_seat() == 0
    assert {a.cell for a in legal_actions(st)} == {(0, 0)}
    refused(st, PlaceCard(top(st), (1, 0)), "(1, 0)")
    ev = apply(st, PlaceCard(top(st), (0, 0)))
    assert of(ev, CardPlaced)[0] == {"seat": 0, "card": st.places[(0, 0)].card,
                                      "cell": (0, 0), "kind": "location"}


def test_players_take_turns_placing_R2():
    g, st = new_game()
    first = top(st, 0)
    apply(st, PlaceCard(first, (0, 0)))
    assert st.current_seat() == 1
    refused(st, PlaceCard(top(st, 0), (1, 0)), "not the card")
    apply(st, PlaceCard(top(st, 1), (1, 0)))
    assert st.current_seat() == 0
    assert st.places[(1, 0)].owner == 1


def test_only_the_turned_over_location_is_placed():
    g, st = new_game()
    hidden = st.seats[0].to_place[0]
    refused(st, PlaceCard(hidden, (0, 0)), "not the card")


def test_later_cards_go_in_an_empty_cell_8_adjacent_to_a_placed_card_R2():
    g, st = new_game()
    apply(st, PlaceCard(top(st), (0, 0)))
    cells = {a.cell for a in legal_actions(st)}
    assert cells == {(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)}
    refused(st, PlaceCard(top(st), (2, 0)), "(2, 0)")
    refused(st, PlaceCard(top(st), (0, 0)), "(0, 0)")  # not empty
    apply(st, PlaceCard(top(st), (1, 1)))              # a diagonal is adjacent
    assert (2, 2) in {a.cell for a in legal_actions(st)}


def test_haven_only_after_every_player_placed_a_location_R2():
    g, st = new_game()
    haven0 = st.seats[0].haven_to_place[0]
    haven1 = st.seats[1].haven_to_place[0]
    refused(st, PlaceCard(haven0, (0, 0)), "Haven")
    assert all(a.card != haven0 for a in legal_actions(st))
    apply(st, PlaceCard(top(st), (0, 0)))
    refused(st, PlaceCard(haven1, (1, 0)), "Haven")  # seat 1 has placed none yet
    apply(st, PlaceCard(top(st), (1, 0)))
    assert PlaceCard(haven0, (2, 0)) in legal_actions(st)
    ev = apply(st, PlaceCard(haven0, (2, 0)))
    assert of(ev, CardPlaced)[0]["kind"] == "haven"
    assert st.seats[0].havens == [(2, 0)]



def test_locations_and_havens_go_adjacent_to_a_location_already_played_not_a_haven():
    """Setting Up the Field: "The rest of the Locations must be placed adjacent to a
    Location already played"; "Havens are placed in the same manner as Locations".
    A Haven is not a Location (guideline 4.14): a cell next to a Haven only is not open."""
    g, st = new_game()
    apply(st, PlaceCard(top(st), (0, 0)))
    apply(st, PlaceCard(top(st), (1, 0)))
    apply(st, PlaceCard(st.seats[0].haven_to_place[0], (-1, 0)))  # seat 0's Haven
    cells = {a.cell for a in legal_actions(st)}
    assert (-1, 1) in cells  # next to the Location at (0, 0) too
    assert not cells & {(-2, -1), (-2, 0), (-2, 1)}, "next to the Haven only"
    refused(st, PlaceCard(top(st), (-2, 0)), "(-2, 0)")

# Two players, three Locations each: cells in placement order, seats alternating.
CELLS_2P = [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (2, 1), (-1, 0), (3, 0)]


def placed(seats: int = 2):
    """Every Location and Haven placed: the dealing of Disasters begins."""
    g, st = new_game(seats)
    for cell in CELLS_2P:
        s = st.seats[st.current_seat()]
        apply(st, PlaceCard(s.to_place[-1] if s.to_place else s.haven_to_place[-1], cell))
    return g, st


def test_setting_up_the_field_the_dealer_chooses_the_location_1_or_2_disasters_at_a_time():
    """Setting Up the Field: "Take turns placing Disasters face down under the Locations,
    1 or 2 at a time, until all Locations have 2 Disasters." The player dealing picks the
    Location; after 1 Disaster it may deal a second or pass; a Location with 2 is full."""
    g, st = placed()
    locations = sorted(c for c, p in st.places.items() if p.kind == "location")
    assert st.current_seat() == 0 and st.phase == SETUP
    assert legal_actions(st) == [Deal(c) for c in locations]  # no Pass before the first
    refused(st, Pass())
    top0 = st.seats[0].disasters_to_deal[-1]
    ev = apply(st, Deal((1, 1)))
    assert st.places[(1, 1)].under == (top0,)
    assert of(ev, CardDealt) == [{"seat": 0, "cell": (1, 1), "kind": "disaster"}]
    assert st.current_seat() == 0 and Pass() in legal_actions(st)
    apply(st, Pass())                   # 1 at a time: seat 1's go
    assert st.current_seat() == 1
    apply(st, Deal((1, 1)))             # under the same Location: now full
    assert st.current_seat() == 1
    refused(st, Deal((1, 1)), "short")
    apply(st, Deal((0, 0)))             # 2 at a time: the go is over
    assert st.current_seat() == 0
    assert Deal((1, 1)) not in legal_actions(st)


def test_setting_up_the_field_items_are_dealt_1_at_a_time_under_the_disasters():
    """Setting Up the Field: "Take turns placing Items face down under the Disasters, 1 at
    a time, until all Locations have 1 Item." """
    g, st = placed()
    while st.top.pile == "disasters":
        apply(st, legal_actions(st)[0])
    assert st.top.pile == "items" and st.current_seat() == 0
    apply(st, Deal((2, 0)))
    assert st.current_seat() == 1 and Pass() not in legal_actions(st)
    assert Deal((2, 0)) not in legal_actions(st)  # it has its Item
    apply(st, Deal((0, 0)))
    assert st.current_seat() == 0
    assert [g.card(c).type for c in st.places[(2, 0)].under] == ["disaster", "disaster", "item"]


@pytest.fixture
def dealt():
    g, st = new_game()
    ev = place_all(st, CELLS_2P)
    return g, st, ev


def test_disasters_2_per_location_and_items_1_under_them_R5_R17(dealt):
    g, st, ev = dealt
    locations = [p for p in st.places.values() if p.kind == "location"]
    assert len(locations) == 6
    for p in locations:
        types = [g.card(c).type for c in p.under]
        assert types == ["disaster", "disaster", "item"], types  # top first
    assert st.items_total == 6
    assert of(ev, CardsDealt)[0]["items"] == 6
    # Players take turns dealing (here 2 Disasters a go), so each deck gives as many.
    under = [c for p in locations for c in p.under]
    owners = Counter((g.owner(c), g.card(c).type) for c in under)
    assert owners == {(0, "disaster"): 6, (1, "disaster"): 6, (0, "item"): 3, (1, "item"): 3}
    # R5: the rest of each deck's Items are not used.
    for seat in (0, 1):
        assert len(st.seats[seat].unused) == 5 - 3
        assert all(g.card(c).type == "item" for c in st.seats[seat].unused)
    assert all(p.under == () for p in st.places.values() if p.kind == "haven")


def test_starting_characters_at_the_haven(dealt):
    g, st, _ = dealt
    for seat in (0, 1):
        haven = st.seats[seat].havens[0]
        chars = st.characters(seat)
        assert len(chars) == 4
        assert {u.card for u in chars} == set(g.sections[seat]["characters"])
        assert all(u.pos == haven and u.items == [] and u.damage == 0 for u in chars)


def test_hand_of_7_power_cards_and_draw_pile_of_the_rest_and_disasters(dealt):
    g, st, _ = dealt
    for seat in (0, 1):
        s = st.seats[seat]
        sec = g.sections[seat]
        assert len(s.hand) == 7
        assert all(g.card(c).is_power for c in s.hand)
        dealt_disasters = {c for p in st.places.values() for c in p.under
                           if g.card(c).type == "disaster" and g.owner(c) == seat}
        rest = set(sec["disasters"]) - dealt_disasters
        assert len(rest) == 3
        assert sorted(s.draw) == sorted((set(sec["power"]) - set(s.hand)) | rest)
        assert sorted(s.combat) == sorted(sec["combat"])
        assert s.discard == [] and s.combat_discard == []


def test_first_turn_of_every_player_starts_at_equip_R6(dealt):
    g, st, ev = dealt
    assert (st.turn_seat, st.phase) == (0, EQUIP)
    assert of(ev, TurnBegan)[-1]["seat"] == 0
    assert [e["phase"] for e in of(ev, PhaseBegan)] == [EQUIP]
    hand0 = list(st.seats[0].hand)
    ev = []
    while st.turn_seat == 0:
        ev += apply(st, EndPhase())
    # Seat 1's first turn also starts at Equip: no Discard, Reload or Maintenance.
    assert (st.turn_seat, st.phase) == (1, EQUIP)
    assert [e["phase"] for e in of(ev, PhaseBegan)][-1] == EQUIP
    assert DISCARD not in [e["phase"] for e in of(ev, PhaseBegan)]
    assert st.seats[0].hand == hand0  # seat 0 did not Reload either
    while st.turn_seat == 1:
        apply(st, EndPhase())
    # Seat 0's second turn begins at the Discard phase.
    assert (st.turn_seat, st.phase) == (0, DISCARD)


def test_disaster_path_columns_right_to_left_top_to_bottom_havens_skipped_R3():
    g, st = new_game(seats=1, locations=5)
    s = st.seats[0]
    for cell in [(0, 0), (1, 0), (1, 1)]:
        apply(st, PlaceCard(s.to_place[-1], cell))
    apply(st, PlaceCard(s.haven_to_place[-1], (0, 1)))
    for cell in [(-1, 0), (1, -1)]:
        apply(st, PlaceCard(s.to_place[-1], cell))
    deal_all(st)
    assert s.havens == [(0, 1)]
    # Rightmost column first (x = 1), each top (y = -1) to bottom; the Haven is skipped.
    assert list(st.path) == [(1, -1), (1, 0), (1, 1), (0, 0), (-1, 0)]


def test_disaster_path_skips_the_haven_placed_between_locations_R3():
    g, st = new_game(seats=1, locations=3)
    s = st.seats[0]
    apply(st, PlaceCard(s.to_place[-1], (0, 0)))
    apply(st, PlaceCard(s.haven_to_place[-1], (0, 1)))  # Haven after the first Location
    apply(st, PlaceCard(s.to_place[-1], (1, 1)))
    apply(st, PlaceCard(s.to_place[-1], (0, 2)))  # next to the Location at (1, 1)
    deal_all(st)
    assert st.seats[0].havens == [(0, 1)]
    assert list(st.path) == [(1, 1), (0, 0), (0, 2)]


def _place_next(st, haven=False):
    """The seat placing now puts its turned-over Location (or its Haven) in the first
    open cell."""
    s = st.seats[st.current_seat()]
    card = s.haven_to_place[-1] if haven else s.to_place[-1]
    return apply(st, next(a for a in legal_actions(st) if a.card == card))


def test_setting_up_the_field_four_players_take_turns_and_havens_wait_for_the_fourth():
    """Setting Up the Field with four players: "You will take turns placing Locations";
    "You may play your Haven instead of a Location only after all players have played at
    least 1 Location": no Haven is offered until the fourth player has placed one."""
    g, st = new_game(seats=4)
    for seat in range(4):
        assert st.current_seat() == seat
        assert not any(a.card in s.haven_to_place for s in st.seats for a in legal_actions(st))
        refused(st, PlaceCard(st.seats[seat].haven_to_place[0], (5, 5)), "Haven")
        _place_next(st)
    # Seat 0's second go: its Haven or its next Location, in any open cell.
    assert st.current_seat() == 0
    offered = {a.card for a in legal_actions(st)}
    assert offered == {st.seats[0].to_place[-1], st.seats[0].haven_to_place[0]}
    _place_next(st, haven=True)
    assert st.seats[0].havens and st.current_seat() == 1
    # A seat whose Locations are all placed is offered only its Haven; a seat with
    # nothing left is passed over.
    while st.top.kind == "placement":
        s = st.seats[st.current_seat()]
        _place_next(st, haven=not s.to_place)
    assert [len(s.havens) for s in st.seats] == [1, 1, 1, 1]
    assert sum(p.kind == "location" for p in st.places.values()) == 12


def test_setting_up_four_players_deal_in_turn_and_each_gets_a_hand_of_7():
    """Setting Up the Field, four players: the Disasters are dealt in turns (seat 0, 1,
    2, 3, ...) until all 12 Locations have 2, then the Items 1 at a time until each has
    1. Setting Up the Decks: each player draws 7 Power cards, the rest of its Power cards
    and Disasters are its Draw pile. Every first Turn starts at the Equip phase."""
    g, st = new_game(seats=4)
    while st.top.kind == "placement":
        _place_next(st, haven=not st.seats[st.current_seat()].to_place)
    goes = []
    while st.phase == SETUP:
        goes.append((st.top.pile, st.current_seat()))
        apply(st, legal_actions(st)[0])  # 2 Disasters a go while the seat can
    disasters = [seat for pile, seat in goes if pile == "disasters"]
    items = [seat for pile, seat in goes if pile == "items"]
    assert disasters == [0, 0, 1, 1, 2, 2, 3, 3] * 3
    assert items == [0, 1, 2, 3] * 3
    assert st.items_total == 12
    for p in st.places.values():
        if p.kind == "location":
            assert [g.card(c).type for c in p.under] == ["disaster", "disaster", "item"]
    for seat, s in enumerate(st.seats):
        assert len(s.hand) == 7 and all(g.card(c).is_power for c in s.hand)
        assert len(s.draw) == (9 - 7) + (9 - 6)  # Power cards left, Disasters not dealt
    for seat in range(4):
        assert (st.turn_seat, st.phase) == (seat, EQUIP)
        while st.turn_seat == seat:
            apply(st, EndPhase())
    assert (st.turn_seat, st.phase) == (0, DISCARD)


def test_setting_up_the_field_a_player_out_of_disasters_is_passed_over():
    """"Take turns placing Disasters ... until all Locations have 2 Disasters": a player
    with no Disaster left has no go, and the others deal on; one with nothing left to
    deal after its first Disaster of a go is not offered a second."""
    g, st = placed()
    st.seats[1].disasters_to_deal[:-1] = []  # seat 1 keeps a single Disaster
    apply(st, Deal((0, 0)))
    apply(st, Deal((0, 0)))
    assert st.current_seat() == 1
    apply(st, Deal((1, 0)))  # its last: its go is over without a choice to pass
    assert st.current_seat() == 0
    apply(st, Deal((1, 0)))
    apply(st, Deal((0, 1)))
    assert st.current_seat() == 0, "seat 1 has no Disaster left: seat 0 deals again"
    while st.top.pile == "disasters":
        assert st.current_seat() == 0
        apply(st, legal_actions(st)[0])
    # 12 places for Disasters, 10 Disasters in all: when every pile is empty the
    # Items are dealt, a Location short of a Disaster or two.
    assert st.seats[0].disasters_to_deal == [] and st.current_seat() == 0
    under = [sum(g.card(c).type == "disaster" for c in p.under)
             for p in st.places.values() if p.kind == "location"]
    assert sum(under) == 10 and max(under) == 2
