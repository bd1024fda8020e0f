"""R16 (hidden information), checked the adversary's way (s41h): what a seat cannot see is
changed in a copy of the game, and nothing that seat is given may change with it.

For random games of every shipped level at two, three and four seats, at sampled
moments the cards hidden from a seat are dealt again in a clone (another seat's hand
with its Draw pile, every pile's order, the face-down cards under Locations, in other
seats' Havens and carried by other seats' Characters and by Disasters, each card only
where one of its type lay, every count kept). Then that seat's view, the legal actions
and the refusals the window words for actions it can name are the same; and after the
same action on both, its share of the events, as the log words it, and its view are
the same, unless the action turned over different cards there (a card drawn, the card
under a Location, a card discarded at random), which the rules show.

Scenes then make the rare paths happen (Scavenging that turns over a Disaster then an
Item, a steal, a Charmed order to hand over an Item, a Haven guest's take, a Search of
the Draw pile) twice, with another card where a seat cannot see, and a third seat's
log and view must not tell the two apart.
"""
from __future__ import annotations

import bisect
import random
from collections import defaultdict
from operator import itemgetter

import pytest
from scene import Scene
from test_hidden_information import DUCK, cards_in
from zones import conservation_problems

from game.cli import load_games
from game.engine import apply_unchecked, legal_actions, view
from game.engine import actions as A
from game.engine.events import ALL_SEE, CardDrawn, CharmContest, CombatCard
from game.engine.game import why_not
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.options import Options
from game.engine.state import MOVE, SCAVENGE
from game.ui.table.words import event_text

from conftest import choose  # noqa: E402  (tests/ is on sys.path)

LEVELS = sorted(p.stem for p in DEFAULT_LEVELS_DIR.glob("*.yaml"))


def _permute(slots: list[tuple[list[int], int]], rng: random.Random) -> None:
    cards = [lst[i] for lst, i in slots]
    rng.shuffle(cards)
    for (lst, i), c in zip(slots, cards):
        lst[i] = c


def hide_again(st, watchers: set[int], rng: random.Random):
    """A clone of `st` with the cards hidden from every seat of `watchers` dealt again,
    as the public deck lists allow: another seat's hand with its own Draw pile, every
    Draw and Combat pile in another order, and the face-down cards elsewhere each where
    one of its type lay."""
    c = st.clone()
    g = c.game
    for i, s in enumerate(c.seats):
        if i not in watchers:
            pool = s.hand + s.draw
            rng.shuffle(pool)
            s.hand, s.draw = pool[:len(s.hand)], pool[len(s.hand):]
        rng.shuffle(s.draw)
        rng.shuffle(s.combat)
    by_type: dict[str, list] = defaultdict(list)

    def add(cards: list[int], face_up: str = "") -> None:
        for k, card in enumerate(cards):
            if g.card(card).type != face_up:
                by_type[g.card(card).type].append((cards, k))

    # A guest sees the store of the Haven it stands in (Rules for Havens: free access).
    guests = {cell for seat, cell in c.groups() if seat in watchers}
    unders = {cell: list(p.under) for cell, p in c.places.items()}
    buried = {cell: list(p.buried) for cell, p in c.places.items()}
    for cell, p in c.places.items():
        if p.kind == "location" or (p.owner not in watchers and cell not in guests):
            add(unders[cell], face_up="equipment")
        add(buried[cell], face_up="equipment")  # no seat sees these Items, its owner neither
    for u in c.units.values():
        if u.disaster or u.owner not in watchers:
            add(u.items)
    for s in c.seats:
        add(s.unused)
    for slots in by_type.values():
        _permute(slots, rng)
    for cell in unders:
        c.change_place(cell, under=tuple(unders[cell]), buried=tuple(buried[cell]))
    assert not conservation_problems(c), "the deal lost or doubled a card"
    return c


def log_words(events, seat: int, st) -> list[str]:
    """The seat's log lines for `events`, as the window words them, a card by its id and
    instance (the window's names are coarser)."""
    g = st.game
    havens = {cell for cell, p in st.places.items() if p.kind == "haven"}
    return [event_text(e.for_seat(seat), lambda c: str(c) if isinstance(c, tuple)
                       else f"{g.card_ids[c]}#{c}", str, havens.__contains__, g.card, True,
                       g.owner)[0] for e in events]


def known(st, seat: int) -> set[tuple[int, str]]:
    return set(view(st, seat).known)


def turned_over(events) -> list:
    """The Combat cards drawn, and how many cards were drawn: the rules show both (a
    Reload stops at a Disaster, R8; a Search may find nothing)."""
    return [e.card if isinstance(e, CombatCard) else e.cards for e in events
            if isinstance(e, (CombatCard, CharmContest))] + \
        [sum(isinstance(e, CardDrawn) for e in events)]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r16_nothing_a_seat_is_given_changes_with_what_is_hidden_from_it(level, seats):
    """R16: a seat's view, its legal actions, the window's refusals of what it can name
    and its share of the events, as the log words it, are the same with the cards
    hidden from it dealt again (see the module's text); so is the share all see."""
    game = load_games(DEFAULT_LEVELS_DIR / f"{level}.yaml", seats)[0]
    rng = random.Random(f"{level}{seats}")
    asked: set = set()  # actions of the games so far: what a person may try to do
    # The same, as sorted(asked, key=repr): kept sorted as actions come, each repr made
    # once (sorting the whole set by repr at every sample was a third of the test's time).
    by_repr: list[tuple[str, A.Action]] = []
    compared = played = 0
    st = game.new_state(rng.randrange(1 << 30))
    while played < 350:
        if st.result is not None:  # a short game (the Disasters' majority): another
            st = game.new_state(rng.randrange(1 << 30))
        played += 1
        legal = legal_actions(st)
        for a in legal:
            if a not in asked:
                asked.add(a)
                bisect.insort(by_repr, (repr(a), a), key=itemgetter(0))
        action = choose(rng, legal, 0.5)
        actor = st.current_seat()
        if rng.random() < 0.1:
            # ALL_SEE: what the hot-seat window shows while an AI seat decides.
            for seat in (*range(seats), ALL_SEE):
                watchers = {seat, actor}  # the actor's hand stays: its action stays legal
                where = f"{level}, {seats} seats, action {st.actions}, seat {seat}"
                other = hide_again(st, watchers, random.Random(rng.random()))
                for w in watchers:
                    assert view(other, w) == view(st, w), f"{where}: view of seat {w}"
                assert legal_actions(other) == legal, f"{where}: seat {actor}'s legal list"
                mine = {i for i, _ in known(st, actor)}
                for _, a in rng.sample(by_repr, min(12, len(by_repr))):
                    if cards_in(a) <= mine:
                        assert why_not(other, a) == why_not(st, a), f"{where}: refusal of {a}"
                # The same action on both.
                before = known(st, seat)
                one, two = st.clone(), other
                e1, e2 = apply_unchecked(one, action), apply_unchecked(two, action)
                new = known(one, seat) - before
                if new != known(two, seat) - before or turned_over(e1) != turned_over(e2):
                    continue  # it turned over other cards: the rules show them
                assert log_words(e1, seat, one) == log_words(e2, seat, two), \
                    f"{where}: its log after {action}"
                assert view(one, seat) == view(two, seat), f"{where}: its view after {action}"
                compared += 1
        apply_unchecked(st, action)
    assert compared > 40


# The rare paths, each played twice with another card where some seats cannot see ------
CARDS = DUCK + """\
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 0, defense: 1, movement: 1}}
- {id: pickpocket, name: Pickpocket, type: character, gender: male,
   abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 1},
   effects: [{"on": use, target: {select: character, owner: opponent, at: here},
              do: [{steal: item, to: target}]}]}
- {id: charmer, name: Charmer, type: character, gender: female,
   abilities: {attack: 1, defense: 3, movement: 2, charm: 5, energy: 1}}
- {id: wow, name: Wow, type: combat, physical: {}, charm: {own: {charm: "+9"}}}
- {id: seek, name: Seek, type: item, effects: [{"on": use, do: [{search: {type: equipment}}]}]}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
- {id: shield, name: Shield, type: equipment, bonuses: {defense: "+1"}}
"""


def play_twins(make, cards: tuple[str, str], unaware: tuple[int, ...], steps: int = 8):
    """Build the scene `make(card)` once with each of `cards` (a card some seats cannot
    see), do its actions on both, then `steps` times the first legal action of the
    first: after each, every seat of `unaware` must read the same log and have the same
    view in both. The others may tell them apart: that they do, at some point, shows
    the hidden card made a difference (the check is not vacuous)."""
    (a, first), (b, _) = make(cards[0]), make(cards[1])
    told_apart = False
    for k in range(len(first) + steps):
        if a.st.result is not None:
            break
        action = first[k] if k < len(first) else a.legal()[0]
        assert action in b.legal(), f"{action} is legal with {cards[0]} only"
        e1, e2 = a.do(action), b.do(action)
        for seat in range(len(a.st.seats)):
            same = log_words(e1, seat, a.st) == log_words(e2, seat, b.st) and \
                view(a.st, seat) == view(b.st, seat)
            if seat in unaware:
                assert same, f"seat {seat} tells {cards[0]} from {cards[1]} after {action}"
            told_apart |= not same
    assert told_apart, "no seat told the two apart: the scene hid nothing"


def test_r16_scavenging_that_turns_over_a_disaster_then_an_item_tells_others_no_item():
    """Rules for Items: "Item cards are kept face down until they are used." Scavenging
    turns the Disaster over for all (it enters the Field); the Item under it goes to the
    scavenger's Character face down, and is dropped again: the other two seats never
    learn which it was."""
    def make(item):
        sc = Scene(CARDS, seats=3)
        sc.location((0, 0), under=["imp", item])
        sc.char("hero", (0, 0))
        sc.combat_pile(0, *["blank"] * 6)
        sc.turn(SCAVENGE)
        return sc, [A.Scavenge((0, 0))]
    play_twins(make, ("gem", "duck"), unaware=(1, 2))


def test_r16_basic_terms_steal_the_item_taken_is_the_two_players_secret():
    """Basic Terms, Steal: the thief's player sees what it took, the robbed player what
    it lost (its own); a third seat neither."""
    def make(item):
        sc = Scene(CARDS, seats=3)
        sc.location((0, 0), under=["gem"])
        sc.location((1, 0))
        thief = sc.char("pickpocket", (0, 0))
        victim = sc.char("hero", (0, 0), seat=1, items=[item])
        sc.turn(MOVE)
        return sc, [A.UseCard(thief, 0, victim)]
    play_twins(make, ("gem", "duck"), unaware=(2,))


def test_r16_a_charmed_order_to_hand_over_an_item_is_the_two_players_secret():
    """Combat Between Players, Charm (R34): the Charmed Character hands over an Item,
    one at random as the charmer cannot see which; its player and the charmer's see it,
    a third seat does not."""
    def make(item):
        sc = Scene(CARDS, seats=3, options=Options())
        sc.location((0, 0), under=["gem"])
        sc.location((1, 0))
        charmer = sc.char("charmer", (0, 0))
        charmed = sc.char("hero", (0, 0), seat=1, items=[item])
        sc.combat_pile(0, "wow", *["blank"] * 6)
        sc.combat_pile(1, *["blank"] * 6)
        sc.turn(MOVE)
        return sc, [A.Challenge(1, (0, 0)), A.CharmAttack(charmer, charmed),
                    A.Order(charmer, charmed, "hand-over")]
    play_twins(make, ("gem", "duck"), unaware=(2,))


def test_r16_a_haven_guests_take_is_the_guest_and_owners_secret():
    """Rules for Havens: a guest has free access to the Haven and may take out any Item
    there; which it took, its player and the owner know, a third seat does not."""
    def make(item):
        sc = Scene(CARDS, seats=3)
        sc.location((0, 0), under=["gem"])
        sc.haven((1, 1), seat=1, stored=[item])
        hero = sc.char("hero", (0, 1))
        sc.st.move_unit(sc.unit(hero), (1, 1))
        sc.turn(MOVE)
        return sc, [A.PickUp(sc.st.places[(1, 1)].under[0], hero)]
    play_twins(make, ("gem", "duck"), unaware=(2,))


def test_r16_a_search_of_the_draw_pile_and_a_reload_name_the_card_to_its_drawer_only():
    """R16: a Search of the Draw pile takes a card into the hand, hidden from the others;
    so does the next player's Reload from its own pile."""
    def make(piece):
        sc = Scene(CARDS, seats=3)
        sc.location((0, 0), under=["gem"])
        hero = sc.char("hero", (0, 0), items=["seek"])
        sc.draw_pile(0, "hero", piece, "hero")
        sc.draw_pile(1, piece, "sword", "shield")
        sc.turn(MOVE)
        return sc, [A.UseCard(sc.unit(hero).items[0])]
    play_twins(make, ("sword", "shield"), unaware=(2,), steps=12)
