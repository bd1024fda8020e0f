"""R16 (hidden information), audited s73 against an account of what each seat may know
written from the rulebook (hidden_oracle.py), not from view.py.

Random games of every shipped level at every seat count (the full legal listings),
and after every action: each seat's view names no card outside what it may know,
records included (lasting effects, Off Field, the pending decisions, uses, wear);
its `known` is exactly that; each event's share for each seat, and its JSON line as
`simulate --log-seat` writes it, names no card the seat did not know before or after
the action (a Combat card drawn and a card Discarded or used are turned face up);
the counts are the piles' own. Then the refusal words: found by s73, a refused use of
a card another seat holds said whether that card had a use, and so which card it
was ("has no such use" against "is not one of your cards in play"). And the Game every
view names: its memo named the face-down Items other seats carried (the table of cards
with a use, filled as listings met them) and which Character had more Movement (each
group's reach, kept by the Movement counted).
"""
from __future__ import annotations

import json
import random
import re

import pytest
from hidden_oracle import event_cards, may_know, view_cards
from scene import Scene
from test_hidden_information import DUCK

from game.cli import load_games
from game.engine import apply_unchecked, legal_actions, view
from game.engine import actions as A
from game.engine.events import ALL_SEE, CardDiscarded, CardUsed
from game.engine.game import why_not
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.state import DISCARD, MOVE, SCAVENGE

TABLES = [(p.stem, n) for p in sorted(DEFAULT_LEVELS_DIR.glob("*.yaml"))
          for n in ((1,) if p.stem == "solitaire" else (2, 3, 4))]


def _game(level: str, seats: int):
    try:
        return load_games(DEFAULT_LEVELS_DIR / f"{level}.yaml", seats)[0]
    except Exception:  # a level made for fewer seats
        return None


def holds_to_the_rules(st, before: dict, events: list, where: str) -> dict:
    """Every seat's share of `events` (and its JSON line) names only cards the seat
    knew before or knows after them, or turned face up by them; every view, records
    too, only what the seat may know now, its `known` exactly that, and the piles'
    counts. What each seat may know now, for the next call."""
    game = st.game
    after = {s: may_know(st, s) for s in before}
    shown = {i for i, c in enumerate(game.instances) if c.type == "combat"} | \
        {e.card for e in events if isinstance(e, (CardUsed, CardDiscarded))}
    for s in before:
        for e in events:
            share = e.for_seat(s)
            told = event_cards(share) - before[s] - after[s] - shown
            assert not told, f"{where}: seat {s} is told {told} by {share}"
            json.dumps(share.to_json())  # what a log of the seat carries, plain data
        v = view(st, s)
        for part, cards in view_cards(v).items():
            assert cards <= after[s], f"{where}: seat {s}'s view names {cards - after[s]} in {part}"
        assert {i for i, _ in v.known} == after[s], where
        assert [(i.hand_size, i.draw_size, i.combat_size) for i in v.seats] == \
            [(len(x.hand), len(x.draw), len(x.combat)) for x in st.seats], where
    return after


def knowing(st) -> dict:
    return {s: may_know(st, s) for s in (*range(len(st.seats)), ALL_SEE)}


@pytest.mark.parametrize("level, seats", TABLES)
def test_r16_every_view_share_and_log_line_keeps_to_what_the_rules_let_a_seat_know(
        level, seats):
    game = _game(level, seats)
    if game is None:
        pytest.skip(f"{level} is not played at {seats} seats")
    st = game.new_state(73)
    rng = random.Random(73)
    before = knowing(st)
    while st.result is None and st.actions < 260:
        events = apply_unchecked(st, rng.choice(legal_actions(st)))
        before = holds_to_the_rules(st, before, events, f"{level}/{seats}, action {st.actions}")


# Rare paths, as scenes ------------------------------------------------------------------
RARE = DUCK + """- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
"""
HOME = (1, 1)


def _played(sc, *actions) -> None:
    before = knowing(sc.st)
    for a in actions:
        before = holds_to_the_rules(sc.st, before, sc.do(a), str(a))


def test_r16_rules_for_items_an_items_scavenge_trigger_names_it_in_no_record_of_others():
    """The Duck's trigger lasts the Turn: the lasting effect every view copies, and the
    Modified share, keep the face-down Item from the other two seats."""
    sc = Scene(RARE, seats=3)
    sc.location((0, 0), under=["ogre", "gem"])
    sc.char("hero", (0, 0), items=["duck"])
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(SCAVENGE)
    _played(sc, A.Scavenge((0, 0)))
    assert sc.st.lasting, "the Duck's trigger made no lasting effect: the scene tests nothing"


def test_r16_rules_for_havens_a_guests_take_and_a_stored_item_discarded_tell_watchers_only():
    """Rules for Havens: a guest (seat 1) asks to take an Item out of seat 0's Haven with
    seat 0's Character there (the answer waits, GuestTake); seat 0 lets it go; then in
    its Discard phase seat 0 Discards the other Item stored, face down (Rules for
    Items), the guest still standing there. Seat 2, with nobody there, is told neither."""
    sc = Scene(RARE, seats=3)
    sc.location((0, 0))
    sc.haven(HOME, stored=["gem", "duck", "sword"])
    sc.char("hero", HOME)
    guest = sc.char("hero", HOME, seat=1)
    gem, duck, sword = sc.st.places[HOME].under
    sc.turn(MOVE, seat=1)
    _played(sc, A.PickUp(gem, guest))
    assert view(sc.st, 0).decision.kind == "guest_take", "no take waits: the scene tests nothing"
    assert view(sc.st, 2).decision.card == -1
    _played(sc, A.Answer(True))
    assert sc.unit(guest).items == [gem]
    sc.turn(DISCARD, seat=0)
    _played(sc, A.DiscardCard(duck), A.DiscardCard(sword))
    assert duck in sc.st.seats[0].discard and duck not in may_know(sc.st, 2)


# What a view reaches through its game -------------------------------------------------
def test_r16_a_seats_view_does_not_name_through_its_game_the_items_others_carry():
    """R16, "the AI decides from its own view": a view names its Game (the cards, the
    decks), and the Game's memo kept a table of the cards with a use, filled as each
    seat's listings met them, so its keys named the face-down Item another seat's
    Character carries (a Bun with a use), read from seat 1's view. The table is now the
    same whatever is in play."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    owner = sc.char("hero", (0, 0), items=["bun"])
    bun, = sc.unit(owner).items
    spare = sc.card("bun", 1)  # never in play: an Item of seat 1's deck still unused
    sc.turn(MOVE)
    assert A.UseCard(bun, 0, None) in sc.legal(), "no listing met the Bun: the scene tests nothing"
    v = view(sc.st, 1)
    assert bun not in may_know(sc.st, 1)

    def ints(o, out):
        if isinstance(o, bool):
            return out
        if isinstance(o, int):
            out.add(o)
        elif isinstance(o, dict):
            for k, x in o.items():
                ints(k, out), ints(x, out)
        elif isinstance(o, (list, tuple, set, frozenset)):
            for x in o:
                ints(x, out)
        return out
    # The memo's entries about cards with a use name them all or none: the Bun in play
    # and the one out of play alike.
    named = {k: ints(x, set()) | ints(k, set()) for k, x in v.game.memo.items()}
    for key, cards in named.items():
        assert (bun in cards) == (spare in cards), f"Game.memo[{key!r}] names the Bun in play only"


BOOTS = """\
- {id: boots, name: Boots, type: item, effects: [{"on": static, do: [{modify: {movement: "+1"}}]}]}
"""


def _canon(o, depth: int = 0):
    """A comparable copy of what an object holds, whatever its ids in memory."""
    if depth > 40 or isinstance(o, (int, float, str, bool, type(None))):
        return o
    if isinstance(o, dict):
        return sorted(((_canon(k, depth + 1), _canon(v, depth + 1)) for k, v in o.items()),
                      key=repr)
    if isinstance(o, (list, tuple)):
        return [_canon(x, depth + 1) for x in o]
    if isinstance(o, (set, frozenset)):
        return sorted((_canon(x, depth + 1) for x in o), key=repr)
    names = [n for c in type(o).__mro__ for n in getattr(c, "__slots__", ())] + \
        list(getattr(o, "__dict__", {}))
    return (type(o).__name__, [_canon(getattr(o, n, None), depth + 1) for n in names
                               if n != "__weakref__"])


def test_r16_a_seats_view_does_not_tell_through_its_game_which_character_has_more_movement():
    """R16, Rules for Items: seat 0's two Heroes carry Boots (+1 Movement, face down) and
    a Gem, the Boots on one or the other. Seat 0's Move listing worked each group's reach
    out by its Movement and kept it in Game.memo by the Movement counted: seat 1's view
    names that Game, and told which Hero had the Boots. Seat 1's view, its game's memo
    included, must be the same either way."""
    def memo_seen_by_1(first: bool):
        sc = Scene(CARDS + BOOTS, seats=2)
        for x in range(5):
            sc.location((x, 0))
        boots, gem = sc.cards(["boots", "gem"])
        sc.char("hero", (0, 0), items=[boots if first else gem])
        sc.char("hero", (4, 0), items=[gem if first else boots])
        sc.turn(MOVE)
        assert sc.legal()  # seat 0's listing, its groups' reach worked out
        v = view(sc.st, 1)
        return _canon(v.game.memo), [u.items for u in v.units]
    assert memo_seen_by_1(True) == memo_seen_by_1(False)


# Refusals -------------------------------------------------------------------------------
CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: brawler, name: Brawler, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   effects: [{"on": use, do: [{modify: {attack: "+1"}, for: turn}]}]}
- {id: gem, name: Gem, type: item}
- {id: bun, name: Bun, type: item, uses: 1,
   effects: [{"on": use, do: [{modify: {energy: "+2"}, for: turn}]}]}
"""


def _said(st, action, card: int) -> str:
    return re.sub(rf"\bc{card}\b", "cX", why_not(st, action))


def test_r16_a_refused_use_of_a_card_a_seat_cannot_see_does_not_say_what_it_is():
    """R16; Rules for Items ("kept face down until they are used"): seat 0 asks to use
    cards it cannot see, in seat 1's hand (a Character with a use, one without) and
    carried face down by seat 1's Character (an Item with a use, one without). The
    refusal must read the same for both of each pair: once it said "has no such use"
    of the card without one and "is not one of your cards in play" of the other, so
    a seat (a network client) could probe another's hand and Items card by card."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.char("hero", (0, 0))
    hero, brawler = sc.hand(1, "hero", "brawler")
    rival = sc.char("hero", (0, 0), seat=1, items=["gem", "bun"])
    gem, bun = sc.unit(rival).items
    sc.turn(MOVE)
    for plain, usable in ((hero, brawler), (gem, bun)):
        assert plain not in may_know(sc.st, 0) and usable not in may_know(sc.st, 0)
        assert _said(sc.st, A.UseCard(plain, 0, None), plain) == \
            _said(sc.st, A.UseCard(usable, 0, None), usable)
    # Its own cards are still refused for what they are.
    mine, plain = sc.char("brawler", (0, 0)), sc.char("hero", (0, 0))
    assert why_not(sc.st, A.UseCard(mine, 3, None)) == f"c{mine} has no such use"
    assert why_not(sc.st, A.UseCard(plain, 0, None)) == f"c{plain} has no such use"
    assert why_not(sc.st, A.UseCard(10**6, 0, None)) == "c1000000 is not one of your cards in play"
