"""Views (R16; ARCHITECTURE.md, The engine): two states that differ only in cards
hidden from a seat give that seat equal views, and each seat sees its own
secrets; the engine draws chance only from the state's generator (R13)."""
from __future__ import annotations

import random
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st_

from game.ai import make_agent
from game.engine import GameState, apply_unchecked, legal_actions, view
from game.engine.events import ALL_SEE
from zones import conservation_problems

from conftest import choose, play  # noqa: E402  (tests/ is on sys.path)

SETTINGS = settings(max_examples=24, deadline=None, database=None, derandomize=True,
                    phases=[Phase.explicit, Phase.generate],
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st_.integers(min_value=0, max_value=2**32 - 1)
# Setup states (the Field is being placed) and states well into the game.
lengths = st_.builds(lambda base, jitter: base + jitter,
                     st_.sampled_from([0, 10, 60, 150, 300, 500, 800, 1200]),
                     st_.integers(0, 49))


def _permute(slots: list[tuple[list[int], int]], rng: random.Random) -> None:
    """Give the positions `slots` (list, index) a random permutation of their cards."""
    cards = [lst[i] for lst, i in slots]
    rng.shuffle(cards)
    for (lst, i), c in zip(slots, cards):
        lst[i] = c


def shuffle_hidden(st: GameState, seat: int, rng: random.Random) -> GameState:
    """A clone of `st` with every card hidden from `seat` moved about among the
    places hidden from it, each place keeping what the seat can tell of it:

    * another seat's hand and Draw pile are dealt again from their cards together
      (the hand keeps its size);
    * every Draw pile (the seat's own too) and every Combat pile is shuffled, and
      the Combat piles' cards are swapped among them (sizes kept);
    * the cards under Locations, the Items carried by other seats' Characters
      and by Disasters, the cards stored in other seats' Havens, the unused
      Items and the cards of the Draw piles are permuted among all those
      positions, a card only ever taking the place of a card of its own type,
      so each Location keeps which of its cards are Disasters and which Items;
      Equipment under a Location or in a Haven stays (in play it is face up).
    """
    c = st.clone()
    g = c.game
    for i, s in enumerate(c.seats):
        if i != seat:
            pool = s.hand + s.draw
            rng.shuffle(pool)
            s.hand, s.draw = pool[:len(s.hand)], pool[len(s.hand):]
    for s in c.seats:
        rng.shuffle(s.draw)
    _permute([(s.combat, k) for s in c.seats for k in range(len(s.combat))], rng)
    by_type: dict[str, list[tuple[list[int], int]]] = defaultdict(list)

    def add(lst: list[int], seen: str = "") -> None:
        for k, card in enumerate(lst):
            if g.card(card).type != seen:
                by_type[g.card(card).type].append((lst, k))

    unders = {cell: list(p.under) for cell, p in c.places.items()}  # Places are frozen
    for cell, p in c.places.items():
        if p.kind == "location" or p.owner != seat:
            add(unders[cell], seen="equipment")  # in play, Equipment is face up
    for u in c.units.values():
        if u.disaster or u.owner != seat:
            add(u.items)
    for s in c.seats:
        add(s.unused)
        add(s.draw)
    for slots in by_type.values():
        _permute(slots, rng)
    for cell, under in unders.items():
        c.change_place(cell, under=tuple(under))
    assert not conservation_problems(c), "the shuffle itself lost or doubled a card"
    return c


@SETTINGS
@given(seats=st_.sampled_from([1, 2, 4]), seed=seeds, chooser=seeds, length=lengths,
       shuffle=seeds)
def test_hidden_cards_do_not_change_a_view(games, seats, seed, chooser, length, shuffle):
    st = play(games[seats], seed, chooser, eager=0.5, limit=length).state
    rng = random.Random(shuffle)
    for seat in range(seats):
        for _ in range(2):
            other = shuffle_hidden(st, seat, rng)
            assert view(other, seat) == view(st, seat), (
                f"seat {seat}'s view depends on hidden cards (seed={seed} chooser={chooser} "
                f"length={length} shuffle={shuffle})")


# With one seat a Flash Effect resolves at once: no one can answer it.
@pytest.mark.parametrize("moment,seats", [(m, n) for m in ("combat", "scavenging", "flash_stack")
                                          for n in (1, 2, 4) if (m, n) != ("flash_stack", 1)])
def test_hidden_cards_do_not_change_a_view_mid_combat_or_scavenging(games, seats, moment):
    """The same, at the moments most full of hidden cards: a Combat under way (Combat
    cards drawn and discarded), Scavenging under way, a Flash Effect on the stack."""
    reached = 0
    for seed in range(30):
        st = games[seats].new_state(seed)
        rng = random.Random(seed)
        while st.result is None:
            apply_unchecked(st, choose(rng, legal_actions(st), 0.7))
            if getattr(st, moment, None):
                reached += 1
                for seat in range(seats):
                    other = shuffle_hidden(st, seat, random.Random(seed))
                    assert view(other, seat) == view(st, seat), (
                        f"seat {seat}'s view depends on hidden cards during {moment} "
                        f"(seed={seed}, action {st.actions})")
                break
        if reached == 3:
            break
    assert reached, f"no random {seats}-seat game reached a {moment} state"


def _moved(a: GameState, b: GameState) -> int:
    """How many hidden positions hold another card (the shuffle is not a no-op)."""
    n = 0
    for sa, sb in zip(a.seats, b.seats):
        n += sum(x != y for x, y in zip(sa.draw + sa.hand + sa.combat,
                                        sb.draw + sb.hand + sb.combat))
    for cell, p in a.places.items():
        n += sum(x != y for x, y in zip(p.under, b.places[cell].under))
    return n


@pytest.mark.parametrize("seats", [2, 4])
def test_the_shuffle_moves_cards(games, seats):
    """The test above is not vacuous: its shuffle does move hidden cards, in a game
    well under way (its second round begun) and not over."""
    st = games[seats].new_state(3)
    rng = random.Random(4)
    while st.result is None and st.rounds < 1:
        apply_unchecked(st, choose(rng, legal_actions(st), 0.5))
    assert st.result is None and st.phase != "setup"
    assert _moved(st, shuffle_hidden(st, 0, random.Random(1))) > 10


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_a_visible_change_changes_the_view(games, seats):
    """Control: swap a card of the seat's own hand with one of its Draw pile (a
    change it can see) and its view changes; another seat's view does not."""
    st = games[seats].new_state(5)
    rng = random.Random(6)
    while not (st.phase != "setup" and len(st.seats[0].hand) >= 3 and st.seats[0].draw):
        apply_unchecked(st, choose(rng, legal_actions(st)))
    other = st.clone()
    o = other.seats[0]
    swap = next(k for k, c in enumerate(o.draw) if st.game.card(c).id
                not in {st.game.card(h).id for h in o.hand})
    o.hand[0], o.draw[swap] = o.draw[swap], o.hand[0]
    assert view(other, 0) != view(st, 0)
    for seat in range(1, seats):
        assert view(other, seat) == view(st, seat)


@pytest.mark.parametrize("seats", [2, 4])
def test_each_seat_sees_its_own_secrets_only(games, seats):
    """Own hand, own Characters' Items, own Havens' stored Items: shown to their
    owner, only counted for everyone else (R16); Equipment stored in a Haven is face
    up for everyone (it was played or carried face up)."""
    # Play until some Character carries an Item and some Haven stores a card.
    found = None
    for seed in range(40):
        st = games[seats].new_state(seed)
        rng = random.Random(seed)
        while st.result is None and found is None:
            apply_unchecked(st, choose(rng, legal_actions(st), 0.9))
            carriers = [u for u in st.units.values() if not u.disaster and u.items]
            stores = [p for p in st.places.values() if p.kind == "haven" and p.under]
            if carriers and stores:
                found = st, carriers[0], stores[0]
        if found:
            break
    assert found, "no random game reached a carried Item and a stored card"
    st, carrier, store = found
    views = [view(st, seat) for seat in range(seats)]
    for seat, v in enumerate(views):
        known = {i for i, _ in v.known}
        for i, info in enumerate(v.seats):
            assert info.hand_size == len(st.seats[i].hand)
            if i == seat:
                assert info.hand == tuple(st.seats[i].hand)
                assert set(st.seats[i].hand) <= known
            else:
                assert info.hand is None
                assert not (set(st.seats[i].hand) & known), f"seat {seat} knows seat {i}'s hand"
        unit = next(u for u in v.units if u.card == carrier.card)
        assert unit.item_count == len(carrier.items)
        if carrier.owner == seat:
            assert unit.items == tuple(carrier.items)
        else:
            assert unit.items is None
            assert not (set(carrier.items) & known)
        place = next(p for p in v.places if p.card == store.card)
        if store.owner == seat:
            assert place.stored == tuple(store.under)
        else:
            assert place.stored is None
            stored_items = {c for c in store.under if st.game.card(c).type == "item"}
            assert not (stored_items & known)
        assert place.under_items + len(place.under_equipment) == len(store.under)
    assert views[carrier.owner] != views[(carrier.owner + 1) % seats]


def test_the_location_being_placed_is_turned_over_for_all_setting_up_the_field(games):
    """Setting Up the Field: "Shuffle your Locations. Turn over, and place the first"
    (R46): the Location a seat places is face up for every seat; the rest of each pile, and
    another seat's top while it waits its go, for nobody (its owner included)."""
    st = games[2].new_state(9)
    assert st.top.kind == "placement" and st.top.seat == 0
    top, waiting = st.seats[0].to_place[-1], st.seats[1].to_place[-1]
    for seat in (0, 1):
        v = view(st, seat)
        assert v.seats[0].next_location == top and (top, st.game.card(top).id) in v.known
        assert v.seats[1].next_location is None
        assert waiting not in {i for i, _ in v.known}
        assert not {i for i, _ in v.known} & set(st.seats[0].to_place[:-1])


# R13: no global random ---------------------------------------------------------

FORBIDDEN = ("random", "choice", "choices", "shuffle", "randrange", "randint", "sample",
             "uniform", "getrandbits", "seed")


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_the_engine_never_uses_the_global_random(games, seats, monkeypatch):
    """Chance comes only from the state's own random.Random (R13): a game plays to
    its end, AI seats included, with the global random module's functions broken."""
    def broken(*args, **kwargs):
        raise AssertionError("the global random module was used")

    for name in FORBIDDEN:
        monkeypatch.setattr(random, name, broken)
    game = games[seats]
    agent = make_agent("random")
    for seed in range(2):
        st = game.new_state(seed)
        rngs = [random.Random(seed * 10 + i) for i in range(seats)]
        while st.result is None:
            seat = st.current_seat()
            apply_unchecked(st, agent.choose(view(st, seat), legal_actions(st), rngs[seat]))
            if st.actions % 97 == 0:
                st = st.clone()  # cloning must not touch the global generator either
        assert st.result is not None


OWN_TOTALS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: sword, name: Sword, type: item, bonuses: {attack: "+2"}}
- {id: blessing, name: Blessing, type: enhancement, bonuses: {defense: "+1"}}
- {id: dojo, name: Dojo, type: location,
   effects: [{"on": static, do: [{modify: {attack: "+1"}, to: here}]}]}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
"""


def _fighting(extra: str = ""):
    """Seat 0's Hero, with a Sword and a Blessing, fights an Ogre at a Dojo; another of
    its Heroes stands elsewhere, and seat 1's Hero, with a Sword, stands by."""
    from scene import Scene
    from game.engine.actions import Fight
    from game.engine.state import MOVE
    sc = Scene(OWN_TOTALS + extra, seats=2)
    sc.location((0, 0), "dojo")
    sc.location((1, 0))
    mine = sc.char("hero", (0, 0), items=["sword"], enhancements=["blessing"])
    away = sc.char("hero", (1, 0))
    theirs = sc.char("hero", (0, 0), seat=1, items=["sword"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    return sc, mine, away, theirs


def test_a_fighting_character_s_totals_are_shown_to_its_owner_alone_r16():
    """A Character's totals while it fights a Disaster, its face-down Item's bonus and
    every other modifier counted (the Dojo's, a Blessing's, a lasting effect's), are in
    its owner's view as the engine counts them, as are those of its Characters not
    fighting (the side panel and the zoom show them); no other view has them (it would
    tell the Item)."""
    from game.engine.abilities import total
    from game.engine.cards import Modifier
    from game.engine.state import Lasting
    from game.engine.view import STATS
    sc, mine, away, theirs = _fighting()
    sc.unit(mine).damage = 2  # Damage is Health lost, no total's
    sc.st.add_lasting(Lasting(mine, mine, 0, (Modifier("movement", "-", 1),)))
    engine = tuple(total(sc.st, sc.unit(mine), a) for a in STATS)
    assert engine[:3] == (3 + 2 + 1, 3 + 1, 2 - 1)
    shown = {seat: {u.card: u.totals for u in view(sc.st, seat).units if not u.disaster}
             for seat in (0, 1, ALL_SEE)}
    assert shown[0] == {mine: engine, away: tuple(total(sc.st, sc.unit(away), a)
                                                  for a in STATS), theirs: ()}
    assert shown[1] == {mine: (), away: (), theirs: tuple(total(sc.st, sc.unit(theirs), a)
                                                          for a in STATS)}
    assert not any(shown[ALL_SEE].values())


def test_each_side_of_a_combat_between_players_sees_its_own_totals_alone_r16():
    """In Combat between players each side's view has its own fighting Characters'
    totals, its face-down Item counted, for the panel to say what an attack would do;
    never the other side's (their Items are face down); a seat not fighting, its own."""
    from game.engine.abilities import total
    from game.engine.actions import Challenge
    from game.engine.state import MOVE
    from game.engine.view import STATS
    from scene import Scene
    sc = Scene(OWN_TOTALS, seats=3)
    sc.location((0, 0), "dojo")
    mine = sc.char("hero", (0, 0), items=["sword"])
    theirs = sc.char("hero", (0, 0), seat=1, items=["sword"])
    sc.location((1, 0))
    third = sc.char("hero", (1, 0), seat=2)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    assert sc.st.duel is not None

    def engine(u):
        return tuple(total(sc.st, sc.unit(u), a) for a in STATS)
    shown = {seat: {u.card: u.totals for u in view(sc.st, seat).units if not u.disaster}
             for seat in (0, 1, 2, ALL_SEE)}
    assert engine(mine)[0] == 3 + 2 + 1  # the Sword and the Dojo counted
    assert shown[0] == {mine: engine(mine), theirs: (), third: ()}
    assert shown[1] == {mine: (), theirs: engine(theirs), third: ()}
    assert shown[2] == {mine: (), theirs: (), third: engine(third)}
    assert not any(shown[ALL_SEE].values())


def test_no_character_totals_where_an_item_s_static_effect_reaches_others_r16():
    """An Item with a static effect on every Character where its carrier stands would
    change a player's totals from face down: in a game with such an Item (the deck
    lists are public) no Character's totals are in any view."""
    sc, mine, _, _ = _fighting("""\
- {id: lantern, name: Lantern, type: item,
   effects: [{"on": static, do: [{modify: {defense: "-1"}, to: here}]}]}
""")
    sc.card("lantern", 1)  # in seat 1's deck, wherever it is
    assert [u.totals for u in view(sc.st, 0).units if u.card == mine] == [()]
