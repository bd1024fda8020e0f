"""Hidden information is sacred (R16; Rules for Items): no view, legal list or event
share handed to a seat names a card that seat may not see, and a seat's generator
tells nothing about the game's chance.

Each leak once found gets its own test (issue 13): an Item's own effect named it in
every seat's log; a Disaster stealing an Item named it to the Disaster's owner; an
Item Destroyed with a Disaster that left the Field was in every view; and a seat's
generator was a public function of the game seed. Then every shipped level is
played at random and every seat's share of every event, its view and its legal
actions are checked against what that seat may know.
"""
from __future__ import annotations

import dataclasses
import functools
import random

import pytest
from scene import Scene

from game.cli import load_games
from game.engine import apply_unchecked, legal_actions, view
from game.engine.actions import Drop, Fight, PickUp, Retrieve, Scavenge, Transfer, UseCard
from game.engine.events import (ALL_SEE, CardUsed, ItemDestroyed, ItemDropped, ItemStolen,
                                ItemTaken, ItemTransferred, Modified)
from game.engine.items import drop_all
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.maintenance import move
from game.engine.state import MOVE, SCAVENGE
from game.match import Match, decision_rng, derived_keys, fresh_keys
from game.ui.table.words import event_text

from conftest import ROOT  # noqa: E402  (tests/ is on sys.path)

DUCK = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: duck, name: Lucky Duck, type: item, effects: [
    {"on": scavenge, do: [{modify: {defense: "+2"}, for: turn}]}]}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
- {id: gem, name: Gem, type: item}
- {id: magpie, name: Magpie, type: disaster, class: major,
   abilities: {attack: 0, defense: 30, movement: 1},
   effects: [{"on": combat_round, if: {target_items: 1}, target: {select: character},
              do: [{steal: item, to: target}]}]}
"""


def names(event, seat, game) -> str:
    """The log line `seat` reads for an event (the window's words)."""
    return event_text(event.for_seat(seat), lambda c: f"<{game.card_ids[c]}>"
                      if isinstance(c, int) else str(c), str)[0]


def test_an_items_own_effect_names_it_to_its_holders_player_only_rules_for_items():
    """Rules for Items: "Item cards are kept face down until they are used." The duck's
    own effect fires when its carrier's group Scavenges: everyone sees the +2 Defense,
    only the duck's player sees which card gave it (once, every seat's log named it)."""
    sc = Scene(DUCK, seats=2)
    sc.location((0, 0), under=["ogre", "gem"])
    hero = sc.char("hero", (0, 0), items=["duck"])
    duck = sc.unit(hero).items[0]
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((0, 0)))
    mod, = [e for e in ev if isinstance(e, Modified)]
    assert mod.for_seat(0).card == duck and mod.for_seat(1).card is None
    assert mod.for_seat(1).unit == hero and mod.for_seat(1).mods == ("+2 Defense",)
    assert "duck" in names(mod, 0, sc.game) and "duck" not in names(mod, 1, sc.game)


def test_an_effect_of_a_card_in_the_open_names_it_to_every_seat_r16():
    """R16 hides face-down cards only: a Character's own ability is used in the open, so
    every seat's log names the card it came from (once, every seat read "A face-down
    Item" for it, as for the duck above), and so does the share all see (-1), which
    the hot-seat window reads while an AI seat plays and on the curtain (it read "A
    face-down Item" for a Haven's bonus there)."""
    sc = Scene(DUCK + """\
- {id: brawler, name: Brawler, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1},
   effects: [{"on": use, do: [{modify: {attack: "+1"}, for: turn}]}]}
""", seats=2)
    sc.location((0, 0))
    brawler = sc.char("brawler", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(UseCard(brawler, 0, None))
    mod, = [e for e in ev if isinstance(e, Modified)]
    for seat in (0, 1, ALL_SEE):
        assert mod.for_seat(seat).card == brawler
        assert "brawler" in names(mod, seat, sc.game) and "face-down" not in names(mod, seat,
                                                                                   sc.game)


def test_a_disaster_stealing_an_item_names_it_only_to_its_holder_rules_for_disasters():
    """Disasters "will not reveal or use an Item": the Magpie's owner (seat 1) is not
    told which Item it stole from seat 0's Character (once, seat 1 was). Seat 0, whose
    own Item it was, is told which it lost."""
    sc = Scene(DUCK, seats=2)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0), items=["gem"])
    gem = sc.unit(hero).items[0]
    magpie = sc.disaster("magpie", (0, 0), seat=1)
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    ev = sc.do(Fight(magpie))
    stolen, = [e for e in ev if isinstance(e, ItemStolen)]
    assert stolen.card == gem and sc.unit(magpie).items == [gem]
    assert stolen.for_seat(0).card == gem and stolen.for_seat(1).card is None
    assert view(sc.st, 1).units[[u.card for u in view(sc.st, 1).units].index(magpie)].items \
        is None


def test_an_item_destroyed_with_a_disaster_leaving_the_field_stays_hidden_r16():
    """Rules for Major Disasters: at the end of the Field it Destroys the Item it
    carried. That Item was face down: no seat's view or `known` may name it (once,
    `destroyed` and `known` gave it to every seat)."""
    sc = Scene(DUCK, seats=2)
    sc.location((0, 0))
    ogre = sc.disaster("ogre", (0, 0), items=["gem"])
    gem = sc.unit(ogre).items[0]
    ev = []
    move(sc.st, ogre, ev)  # the only Location is the last of the path: off the Field
    assert sc.st.destroyed == [gem]
    destroyed, = [e for e in ev if isinstance(e, ItemDestroyed)]
    for seat in (0, 1):
        v = view(sc.st, seat)
        assert gem not in v.destroyed and gem not in dict(v.known)
        assert v.destroyed_hidden == 1
        assert destroyed.for_seat(seat).card is None


# The seats' generators ----------------------------------------------------------------
def _first_draws(keys, seed: int) -> list[int]:
    game = load_games(ROOT / "levels" / "quick_demo.yaml", 2)[0]
    m = Match.new(game, seed, [None, None], keys)
    return [decision_rng(k, m.state.actions).getrandbits(64) for k in m.record.keys]


def test_a_seats_generator_does_not_depend_on_the_game_seed():
    """R13 and R16: a seat's generator tells nothing about the game's chance. With the
    same seat keys, two games of different seeds hand their seats the same draws;
    with the same seed and other keys, other draws (once, a seat's generator was
    Random(derive_seed(seed, 'seat', i)), and sampling it gave the seed away)."""
    keys = derived_keys(2, "test", 1)
    assert _first_draws(keys, 1) == _first_draws(keys, 2)
    assert _first_draws(keys, 1) != _first_draws(derived_keys(2, "test", 2), 1)


def test_the_windows_seats_draw_keys_nobody_can_predict():
    """The window's games: keys from the operating system, different every game even
    with the same seed (a replay reads them from the save)."""
    assert fresh_keys(2) != fresh_keys(2)
    assert len(set(fresh_keys(4))) == 4


def test_a_decision_generator_replays_from_its_key_and_the_action_count():
    key = derived_keys(1, "x")[0]
    assert decision_rng(key, 5).random() == decision_rng(key, 5).random()
    assert decision_rng(key, 5).random() != decision_rng(key, 6).random()


# Every level, every seat, every event --------------------------------------------------
@functools.lru_cache(maxsize=None)
def _card_fields(kind: type) -> tuple[str, ...]:
    """The names of a dataclass's fields annotated `Card`: read once a type (the checks
    below ask for every share of every event)."""
    return tuple(f.name for f in dataclasses.fields(kind) if "Card" in str(f.type))


def cards_in(obj) -> set[int]:
    """The card ids an event or an action names: its fields annotated `Card`."""
    out: set[int] = set()
    for name in _card_fields(type(obj)):
        value = getattr(obj, name)
        values = value if isinstance(value, (tuple, list)) else (value,)
        out.update(v for v in values if isinstance(v, int) and v >= 0)
    return out


def used_items(game, events) -> set[int]:
    """The Items an action used: "Item cards are kept face down until they are used"
    (Rules for Items), so every event of the action may name them to every seat (its
    CardUsed, and the Modified or Damaged its use made)."""
    return {e.card for e in events if isinstance(e, CardUsed) and e.card in game.items}


def known(st, seat: int) -> set[int]:
    return {i for i, _ in view(st, seat).known}


LEVELS = sorted(p.stem for p in DEFAULT_LEVELS_DIR.glob("*.yaml"))


@pytest.mark.parametrize("level", LEVELS)
def test_no_view_legal_list_or_event_share_names_a_card_its_seat_may_not_see(level):
    """R16, for every shipped level: in seeded random games, every card an event share
    names to a seat was known to that seat just before the action or is known just
    after it (a card drawn, an Item retrieved), or is a Combat card, turned face up
    when it is drawn; every card the legal actions name is known to the seat that gets
    them; and every view's `known` names cards rightly."""
    seats = {"solitaire": 1, "four_players": 4}.get(level, 2)
    game = load_games(DEFAULT_LEVELS_DIR / f"{level}.yaml", seats)[0]
    shown = {i for i, c in enumerate(game.instances) if c.type == "combat"}
    checked = 0
    for seed in range(3):  # the Disasters' majority can end a game early (R30 withdrawn)
        st = game.new_state(seed)
        rng = random.Random(seed)
        before = [known(st, s) for s in range(seats)]
        while st.result is None and st.actions < 1500:
            seat = st.current_seat()
            legal = legal_actions(st)
            for a in legal:
                assert cards_in(a) <= before[seat], f"{level}: seat {seat} is offered {a}"
            events = apply_unchecked(st, legal[rng.randrange(len(legal))])
            after = [known(st, s) for s in range(seats)]
            used = used_items(game, events)
            for e in events:
                for s in range(seats):
                    hidden = cards_in(e.for_seat(s)) - before[s] - after[s] - shown - used
                    assert not hidden, (f"{level}, seed {seed}, action {st.actions}: seat {s} "
                                        f"is told {sorted(hidden)} by {e.for_seat(s)}")
                    checked += 1
            before = after
    for s in range(seats):
        assert all(game.card_ids[i] == name for i, name in view(st, s).known)
    assert checked > 500



EQUIPPED = DUCK + """\
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
"""


def test_equipment_moved_is_named_to_every_seat_items_to_their_own_r16():
    """R16 hides face-down cards only. Equipment is face up wherever it is in play
    (every view names it, carried, under a Location or in a Haven), so a share that
    hid which Equipment was retrieved, picked up, dropped or handed over told the
    other seats "a face-down card" of a card their view showed; an Item stays its
    player's secret."""
    sc = Scene(EQUIPPED, seats=2)
    sc.location((0, 0), under=["sword", "gem"])
    sc.haven((1, 0), stored=["sword"])
    hero = sc.char("hero", (0, 0))
    mate = sc.char("hero", (0, 0))
    sword, gem = sc.st.places[(0, 0)].under
    stored, = sc.st.places[(1, 0)].under
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((0, 0)), Retrieve(hero), Retrieve(hero))
    sc.turn(MOVE)
    ev += sc.do(Transfer(sword, hero, mate), Transfer(gem, hero, mate),
                Drop(sword, mate), Drop(gem, mate))
    sc.st.move_unit(sc.unit(hero), (1, 0))
    ev += sc.do(PickUp(stored, hero))
    moved = [e for e in ev if isinstance(e, (ItemTaken, ItemTransferred, ItemDropped))]
    assert len(moved) == 7
    for e in moved:
        for seat in (0, 1, ALL_SEE):
            seen = e.for_seat(seat).card
            assert seen == (e.card if e.card != gem or seat == 0 else None), (e, seat)
            card_id = sc.game.card_ids[e.card]
            assert (f"<{card_id}>" in names(e, seat, sc.game)) == (seen is not None)


def test_equipment_a_bonked_character_leaves_is_named_to_every_seat_r16():
    """Basic Terms, Bonk: what it carried is left face down under its place, named
    only to its own player, who knew it (s36e); its Equipment was face up in play and
    is seen lying there (view.PlaceView)."""
    sc = Scene(EQUIPPED, seats=2)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0), items=["gem"], equipment=["sword"])
    gem, sword = sc.unit(hero).items[0], sc.unit(hero).equipment[0]
    ev = []
    drop_all(sc.st, sc.unit(hero), ev, equipment=True)
    shares = {e.card: [e.for_seat(s).card for s in (0, 1, ALL_SEE)] for e in ev}
    assert shares == {gem: [gem, None, None], sword: [sword] * 3}
    assert all(sword in view(sc.st, s).places[0].under_equipment for s in (0, 1))
