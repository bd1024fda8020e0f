"""Sensible play (issue 16) on scenes the habit tests had not built: other Field
shapes, a group at the Field's edge, three and four seats, the quick demo's and the
standard level's own cards, Equipment, a Disaster in the way, a Flash Effect in hand,
and a walk with a reason. The habits are those of tests/test_ai_habits.py; placement
is read on whole setups, as tests/test_placement.py reads it."""
from __future__ import annotations

import functools
import random

import pytest
import yaml
from scene import Scene
from test_ai_habits import CARDS, LEVELS, _duel_from, decide, deck_lists

from game.ai import make_agent
from game.ai.board import items_under, outmatched
from game.engine import apply, legal_actions, view
from game.engine.cardfile import DEFAULT_CARDS_DIR as CARD_FILES
from game.engine.actions import Challenge, EndPhase, Move, Pass, PlayCard, RunAway
from game.engine.events import (CombatBegan, DuelBegan, ItemDropped, ItemTaken, LocationAttacked,
                                Moved, ScavengingBegan)
from game.engine.field import distance
from game.engine.state import DISCARD, MOVE, SETUP, Place
from game.match import Match, derived_keys, load_game

DECIDING = ["easy", "normal", "hard"]


def field(sc: Scene, cells, havens) -> Scene:
    """Plain Locations at `cells`, seat n's Haven at havens[n], blank Combat piles; a
    Vault's three Idols nobody here may Scavenge (three males) at the first cell, so
    that one Idol does not end the game."""
    for cell in cells:
        sc.location(cell)
    sc.location(cells[0], "vault", under=["idol"] * 3)
    for seat, cell in enumerate(havens):
        sc.haven(cell, seat=seat)
        sc.combat_pile(seat, *["blank"] * 30)
    return sc


COLUMN = [(0, y) for y in range(7)], [(1, 1), (1, 5)]  # one column, Havens to its right
ELL = ([(x, 0) for x in range(5)] + [(0, y) for y in range(1, 5)],  # an L, three Havens
       [(1, 1), (4, 1), (1, 4)])
SQUARE4 = [(x, y) for x in range(4) for y in range(4)], [(-1, 1), (4, 2), (2, -1), (1, 4)]
SHAPES = {"column": COLUMN, "ell": ELL, "square of four seats": SQUARE4}
# Per shape: seat 0's lone walker's cell, the Item's cell 1 and 2 cells off (the
# stronger group's), and a cell of the Field's edge for each of the other seats.
WALKS = {"column": ((0, 3), {1: (0, 4), 2: (0, 5)}, [(0, 6)]),
         "ell": ((0, 2), {1: (0, 1), 2: (0, 0)}, [(4, 0), (0, 4)]),
         "square of four seats": ((1, 1), {1: (0, 1), 2: (0, 0)},
                                  [(3, 3), (3, 0), (0, 3)])}


def _walk_into(shape: str, seats: int, away: int, holders, mover: str = "knight",
               foe: int | None = None, equipment=()) -> tuple[Scene, tuple, int]:
    """Seat 0's lone `mover` and an Idol under the cell `away` cells from it, where the
    `foe` seat's (the last seat's) `holders` stand, the first with `equipment`; every
    other seat has a Scout on a cell of the Field's edge. Seat 0's Move phase."""
    cells, havens = SHAPES[shape]
    start, items, corners = WALKS[shape]
    foe = seats - 1 if foe is None else foe
    sc = field(Scene(CARDS, seats=seats), cells, havens[:seats])
    target = items[away]
    sc.location(target, under=["idol"])
    walker = sc.char(mover, start)
    for i, card in enumerate(holders):
        sc.char(card, target, seat=foe, equipment=list(equipment) if i == 0 else [])
    for seat in range(1, seats):
        if seat != foe:
            sc.char("scout", corners[seat - 1], seat=seat)
    return deck_lists(sc).turn(MOVE), target, walker


GROUPS = {  # the group at the Item, the walker, and whether it outmatches the walker
    # Two Brutes (6/4) Bonk a Knight (5/4) in a round; it hurts them 1.
    "two brutes": (["brute", "brute"], "knight", True),
    # A Scout (3/2) whom a Knight Bonks in a round: the control, it walks in.
    "a scout": (["scout"], "knight", False),
}


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("shape,seats", [("column", 2), ("ell", 3), ("square of four seats", 4)])
@pytest.mark.parametrize("away", [1, 2])
@pytest.mark.parametrize("group", GROUPS)
def test_no_lone_walk_into_a_stronger_group_on_other_fields_and_seats_r33(
        level, shape, seats, away, group):
    """Combat between players (R33): another seat's group that Bonks a lone Character in
    a round and takes its Item is no place to walk to, whether it stands next to the
    walker or two cells off, in a column, on the corner of an L with three seats, or on
    a square Field's corner with four; a Scout there, whom the Knight beats, is."""
    holders, mover, stronger = GROUPS[group]
    for seed in range(2):
        sc, target, walker = _walk_into(shape, seats, away, holders, mover)
        st = sc.st
        foes = [u for u in st.units.values() if u.pos == target]
        assert outmatched(st, [st.units[walker]], foes) == stronger
        assert any(isinstance(a, Move) and a.cell == target for a in legal_actions(st))
        a = decide(level, st, seed)
        walks = isinstance(a, Move) and a.cell == target
        assert walks != stronger, (seed, a)


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("shape,seats,foe", [("ell", 3, 1), ("square of four seats", 4, 2)])
def test_no_lone_walk_into_a_pair_one_of_whose_equipment_turns_it_rules_for_equipment(
        level, shape, seats, foe):
    """Equipment is put to use once a Turn, in Combat too (Rules for Equipment): two
    Scouts (3/2) of another seat, one carrying a Blade (+3 Attack) it has not used,
    team 9 against a Knight's Defense 4 and Bonk it in the first round, as it Bonks one
    of them. Bare, the pair gets 6 through, 2 a round, and loses both: it walks in."""
    for blade in (True, False):
        for seed in range(2):
            sc, target, _ = _walk_into(shape, seats, 2, ["scout", "scout"], foe=foe,
                                       equipment=["blade"] if blade else [])
            a = decide(level, sc.st, seed)
            walks = isinstance(a, Move) and a.cell == target
            assert walks != blade, (blade, seed, a)


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("seats", [2, 3])
def test_no_lone_walk_past_a_disaster_into_a_stronger_group_r33(level, seats):
    """A column: a lone Knight at (0, 3), an Ogre (6/5, which the Knight's 5 does not
    hurt) in the way at (0, 4), and an Idol beyond it at (0, 5) where two Brutes of the
    last seat stand: no walk there. With the Brutes gone home the Idol is worth the walk
    past the Ogre (a Disaster attacks a group that stops with Items, R23; passing is no
    stop)."""
    for brutes in (True, False):
        for seed in range(2):
            cells, havens = COLUMN[0], COLUMN[1] + [(-1, 3)]
            sc = field(Scene(CARDS, seats=seats), cells, havens[:seats])
            sc.location((0, 5), under=["idol"])
            sc.disaster("ogre", (0, 4), seat=seats - 1)
            sc.char("knight", (0, 3))
            for _ in range(2):
                sc.char("brute", (0, 5) if brutes else havens[seats - 1], seat=seats - 1)
            a = decide(level, deck_lists(sc).turn(MOVE).st, seed)
            assert (isinstance(a, Move) and a.cell == (0, 5)) != brutes, (brutes, seed, a)


# No starting a fight between players that it then flees ------------------------

FLASH = CARDS + """\
- {id: rage, name: Rage, type: flash_effect,
   effects: [{"on": play, target: {select: character, owner: you},
              do: [{modify: {attack: "+4"}, to: target, for: turn}]}]}
"""


def _knight_and_brute(seats: int, flash: str) -> tuple[Scene, int, int]:
    """A square Field; seat 0's Knight (5/4) and the last seat's Brute (6/4) carrying an
    Idol at (1, 1). The Brute takes 2 a round off the Knight and the Knight 1 off it: a
    fight the Knight loses, unless Rage (a Flash Effect, +4 Attack for the Turn) is on
    it: at 9 it Bonks the Brute in the first round. `flash`: "none", "in hand" (seat 0
    holds Rage) or "played" (Rage played and resolved this Move phase)."""
    cells, havens = SQUARE4
    sc = field(Scene(FLASH, seats=seats), cells, havens[:seats])
    knight = sc.char("knight", (1, 1))
    brute = sc.char("brute", (1, 1), seat=seats - 1, items=["idol"])
    for seat in range(1, seats - 1):
        sc.char("scout", (3, 3), seat=seat)
    rage = sc.hand(0, "rage")[0] if flash != "none" else None
    deck_lists(sc).turn(MOVE)
    if flash == "played":
        sc.do(PlayCard(rage, knight))
        while sc.st.flash_stack:  # the others let it resolve
            sc.do(next(a for a in legal_actions(sc.st) if isinstance(a, Pass)))
    return sc, knight, brute


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_fight_won_only_with_a_flash_effect_is_started_once_it_is_played_r33(level, seats):
    """Combat between players (R33) that only a Flash Effect wins: with Rage in hand the
    rules, which read no card not yet played, start no fight (they would read it lost,
    and flee it); with Rage played, the Knight's 9 is read and the fight started and
    fought out, and the Brute's Idol drops (R33 d)."""
    for flash in ("none", "in hand", "played"):
        for seed in range(2):
            sc, knight, brute = _knight_and_brute(seats, flash)
            acts = _duel_from(level, sc, seed)
            started = Challenge(seats - 1, (1, 1)) in acts
            assert started == (flash == "played"), (flash, seed, acts)
            if started:
                assert RunAway() not in acts and brute not in sc.st.units, acts
                assert knight in sc.st.units


def _keep_beside(seats: int, foe: int, keep: int) -> Scene:
    """A square Field; seat 0's two Brutes and the `foe` seat's Wall (2/7) carrying an
    Idol at (1, 0), the `keep` seat's Keep (a Haven with Attack 6) at (1, -1) beside it
    in place of its own Haven; a Scout of every other seat on (3, 3)."""
    cells, havens = SQUARE4
    havens = havens[:seats]
    havens[keep] = (1, -1)
    sc = field(Scene(CARDS, seats=seats), cells, [])
    for seat, cell in enumerate(havens):
        if seat == keep:
            sc.st.places[cell] = Place(sc.card("keep", seat), "haven", seat)
            sc.st.seats[seat].havens.append(cell)
        else:
            sc.haven(cell, seat=seat)
        sc.combat_pile(seat, *["blank"] * 30)
    for _ in range(2):
        sc.char("brute", (1, 0))
    sc.char("wall", (1, 0), seat=foe, items=["idol"])
    for seat in range(1, seats):
        if seat != foe:
            sc.char("scout", (3, 3), seat=seat)
    return deck_lists(sc).turn(MOVE)


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("seats,foe,keep", [(3, 1, 1), (3, 1, 2), (4, 3, 3), (4, 2, 1)])
def test_only_the_foe_s_own_haven_turns_a_fight_among_more_seats_r35(level, seats, foe, keep):
    """A Haven with Attack next to the Location attacks in Combat there for its owner
    (R35), and Combat between players is between two (R33): two Brutes beat a Wall
    (2/7) carrying an Idol teamed, in two rounds, unless the Wall's own seat's Keep
    (Attack 6) beside the cell Bonks a Brute a round; a third seat's Keep there takes no
    part. It starts the fight only without the foe's Keep, and fights it out."""
    for seed in range(2):
        sc = _keep_beside(seats, foe, keep)
        acts = _duel_from(level, sc, seed)
        started = Challenge(foe, (1, 0)) in acts
        assert started == (keep != foe), (seed, acts)
        if started:
            assert RunAway() not in acts and sc.st.duel is None, acts
            assert not any(u.items for u in sc.st.units.values() if u.owner == foe)


# No shuttling without a reason, and no idling beside a reason ---------------------

def shuttles(events, seat: int, mine) -> list[tuple]:
    """The walks A -> B -> A by one of `seat`'s Characters (`mine`) with nothing between:
    no Item taken or dropped by its Characters, no Location attacked, no Scavenging, no
    Combat of its seat. (The audit's reading of shuttling, docs/ai.md: "cells walked
    A->B->A ... by one Character with nothing picked up, stored or fought between".)"""
    last: dict = {}  # Character: the move it made last since its seat's last deed
    found = []
    for e in events:
        if isinstance(e, Moved) and e.seat == seat:
            for c in e.chars:
                if last.get(c) == (e.dest, e.origin):
                    found.append((c, e.dest, e.origin))
                last[c] = (e.origin, e.dest)
        elif isinstance(e, (ItemTaken, ItemDropped)) and e.by in mine or isinstance(
                e, (LocationAttacked, ScavengingBegan, CombatBegan)) and e.seat == seat or \
                isinstance(e, DuelBegan) and seat in (e.seat, e.opponent):
            last.clear()
    return found


def _played(level: str, sc: Scene, turns: int, seed: int) -> list:
    """Seat 0 played by `level` for `turns` of its Turns, the other seats only ending
    their phases; the events."""
    agent, rng, st, events, done = LEVELS[level](), random.Random(seed), sc.st, [], 0
    while done < turns and st.result is None:
        assert st.actions < 3000
        legal = legal_actions(st)
        if st.current_seat() == 0:
            a = agent.choose(view(st, 0), legal, rng)
            done += isinstance(a, EndPhase) and st.phase == DISCARD
        else:
            a = next((x for x in legal if isinstance(x, EndPhase)), legal[0])
        events += apply(st, a)
    return events


def test_the_shuttle_reading_flags_a_walk_to_and_fro_and_not_one_with_a_deed():
    """The reading the tests below use: a Scout walked (0, 0) -> (1, 0) -> (0, 0) is
    flagged; with an Item taken between, it is not."""
    sc = Scene(CARDS, seats=2)
    for x in range(3):
        sc.location((x, 0), under=["idol"])
    sc.haven((-1, 0))
    sc.haven((3, 0), seat=1)
    scout = sc.char("scout", (0, 0))
    sc.turn(MOVE)
    walked = sc.do(Move((scout,), (1, 0)), Move((scout,), (0, 0)))
    assert shuttles(walked, 0, {scout}) == [(scout, (0, 0), (1, 0))]
    assert shuttles(walked[:1] + [ItemTaken(scout, (1, 0), None)] + walked[1:], 0,
                    {scout}) == []


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("shape,seats", [("ell", 3), ("square of four seats", 4)])
def test_no_shuttling_without_a_reason_on_other_fields_and_seats(level, shape, seats):
    """Nothing on the Field is worth a walk to seat 0's two Scouts at the Field's edge:
    the only Items lie in a Vault they may not Scavenge (three males), the other seats'
    Scouts carry nothing and threaten nobody. In four Turns they neither walk to and
    fro nor walk at all."""
    cells, havens = SHAPES[shape]
    start, _, corners = WALKS[shape]
    for seed in range(2):
        sc = field(Scene(CARDS, seats=seats), cells, havens[:seats])
        mine = {sc.char("scout", start), sc.char("scout", start)}
        for seat in range(1, seats):
            sc.char("scout", corners[seat - 1], seat=seat)
        events = _played(level, deck_lists(sc).turn(MOVE), 4, seed)
        assert not shuttles(events, 0, mine)
        assert not [e for e in events if isinstance(e, Moved) and e.seat == 0], seed


GATE = CARDS + """\
- {id: gate, name: Gate, type: location, abilities: {defense: 4}, requires: {males: 3}}
"""


def _gate(at) -> tuple[Scene, set]:
    """A 5x3 Field; a Gate (Defense 4, three males needed) with three Idols under it at
    (1, 1), two cells from seat 0's Haven at (-1, 1); two Scouts (Attack 3) of seat 0
    at `at`; the Vault's Idols at (4, 2)."""
    sc = field(Scene(GATE, seats=2), [(4, 2)] + [(x, y) for x in range(5) for y in range(3)
                                               if (x, y) != (4, 2)], [(-1, 1), (5, 1)])
    sc.location((1, 1), "gate", under=["idol"] * 3)
    return sc, {sc.char("scout", at), sc.char("scout", at)}


@pytest.mark.parametrize("level", DECIDING)
def test_a_pair_breaks_into_a_location_it_lacks_the_skills_for_and_walks_home_rules_for_locations(
        level):
    """"If a Location has Defense, you can Scavenge it without the necessary skills by
    attacking it. You get 1 attack per Turn" (Rules for Locations). Two Scouts (6
    against the Gate's Defense 4, 2 a Turn off its Health 4) stand in their Haven two
    cells off: they walk there, attack it two Turns running, Scavenge, and carry the
    Idols home: a walk there and back, each leg with a reason (no shuttle). The rules
    named only Locations whose requirements the group meets as worth a walk, so every
    level sat in the Haven, and the search weighed no move there (AIMLESS)."""
    for seed in range(2):
        sc, mine = _gate((-1, 1))
        events = _played(level, deck_lists(sc).turn(MOVE), 5, seed)
        attacks = [e for e in events if isinstance(e, LocationAttacked)]
        assert len(attacks) >= 2 and not shuttles(events, 0, mine), (seed, len(attacks))
        assert items_under(sc.st, (-1, 1))[0] >= 1, seed


@pytest.mark.parametrize("level", DECIDING)
def test_a_pair_attacking_a_location_stays_to_finish_it_rules_for_locations(level):
    """"You must continue attacking it until the Location's Health is 0 or below ... If
    you ... leave the Location you must start over": on the Gate, the Scouts attack it
    the first Turn and do not walk off before it is open."""
    for seed in range(2):
        sc, mine = _gate((1, 1))
        events = _played(level, deck_lists(sc).turn(MOVE), 2, seed)
        kinds = [type(e).__name__ for e in events
                 if isinstance(e, (LocationAttacked, ScavengingBegan, Moved)) and e.seat == 0]
        assert kinds[:3] == ["LocationAttacked", "LocationAttacked", "ScavengingBegan"], kinds


WALLED = GATE + """\
- {id: bastion, name: Bastion, type: location, abilities: {attack: 5, defense: 4},
   requires: {skills: {Climbing: 1}}}
- {id: postern, name: Postern, type: location, abilities: {attack: 2, defense: 4},
   requires: {skills: {Climbing: 1}}}
- {id: shrine, name: Shrine, type: location, abilities: {defense: 4}, requires: {males: 3},
   effects: [{"on": static, do: [{cannot_scavenge: [brute]}]}]}
- {id: porter, name: Porter, type: character, gender: female,
   abilities: {attack: 0, defense: 2, movement: 2, charm: 0, energy: 1}}
"""


def _walled(cards: dict, group) -> tuple[Scene, set]:
    """The Gate's 5x3 Field with the Locations `cards` (cell: card), three Idols under
    each; `group` of seat 0 in its Haven at (-1, 1), two cells off (1, 0), (1, 1) and
    (1, 2)."""
    sc = field(Scene(WALLED, seats=2), [(4, 2)] + [(x, y) for x in range(5) for y in range(3)
                                                 if (x, y) != (4, 2)], [(-1, 1), (5, 1)])
    for cell, card in cards.items():
        sc.location(cell, card, under=["idol"] * 3)
    return sc, {sc.char(card, (-1, 1)) for card in group}


def _walked_to(level: str, sc: Scene, mine: set, seed: int) -> set:
    """Where `mine` stopped in seat 0's first Turn."""
    return {e.dest for e in _played(level, deck_lists(sc).turn(MOVE), 1, seed)
            if isinstance(e, Moved) and set(e.chars) & mine}


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("card,walks", [("bastion", False), ("postern", True)])
def test_no_break_in_where_the_location_would_strike_the_group_r24(level, card, walks):
    """R24: a Location with Attack strikes each Character of a group lacking its
    requirements when the group stops there. Two Scouts (Attack 3, Defense 2) two cells
    from the Bastion (Attack 5, Defense 4, Climbing needed), which their 6 would open
    in two Turns, are Bonked each on arriving: they do not walk there. The Postern's
    Attack 2 gets through to neither, and they walk there to attack it."""
    for seed in range(2):
        sc, mine = _walled({(1, 1): card}, ["scout", "scout"])
        assert ((1, 1) in _walked_to(level, sc, mine, seed)) == walks, seed


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("card,walks", [("shrine", False), ("gate", True)])
def test_no_break_in_where_the_location_bars_one_of_the_group_cannot_scavenge(
        level, card, walks):
    """A Location that says a card cannot Scavenge it (card-format, `cannot_scavenge`)
    is not attacked by a group with that card either (scavenging.candidates). The Shrine
    (Defense 4, three males needed) bars the Brute: a Scout and a Brute, whose 9 would
    open it in a Turn, do not walk there, nor does the Scout alone (its 3 gets nothing
    through). The Gate bars nobody, and they walk there."""
    for seed in range(2):
        sc, mine = _walled({(1, 1): card}, ["scout", "brute"])
        assert ((1, 1) in _walked_to(level, sc, mine, seed)) == walks, seed


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("sieged,untouched", [((1, 0), (1, 2)), ((1, 2), (1, 0))])
def test_a_pair_goes_to_the_location_its_seat_has_half_opened_r51(level, sieged, untouched):
    """R51: a player's attack on a Location with Defense goes on from the Health its
    own earlier attacks left ("If you ... leave the Location you must start over": a
    Porter of seat 0, Attack 0, stayed at each Gate). Two Gates (Defense 4) two cells
    from the Haven, three Idols under each; seat 0's attack has dealt one of them 2.
    Two Scouts (6, 2 a Turn through) open that one in a Turn and the other in two:
    they walk to the one half opened, not to the untouched one."""
    for seed in range(2):
        sc, mine = _walled({sieged: "gate", untouched: "gate"}, ["scout", "scout"])
        for cell in (sieged, untouched):
            sc.char("porter", cell)
        sc.st.change_place(sieged, siege=((0, 2),))
        walked = _walked_to(level, sc, mine, seed)
        assert sieged in walked and untouched not in walked, (seed, walked)


@functools.cache
def _shipped_cards() -> dict:
    """The shipped cards by id, read once a worker: three modules build scenes of them
    at import, and pure-Python YAML took 0.2 s a reading (libyaml's, where PyYAML has
    it, reads the same data in a fifth of the time)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return {c["id"]: c for path in sorted(CARD_FILES.glob("*.yaml"))
            for c in yaml.load(path.read_text(encoding="utf-8"), Loader=loader)}


def shipped(*ids: str) -> str:
    """The shipped cards `ids` (assets/cards) as scene YAML, beside the fixture cards."""
    return CARDS + yaml.safe_dump([_shipped_cards()[i] for i in ids], sort_keys=False)


DEMO = ("akiko-sakuragawa", "sayo-tsukimura", "torao-ishibashi", "mio-sprocket")


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("group,breaks_in", [
    (("sayo-tsukimura", "torao-ishibashi", "mio-sprocket"), True),
    (("sayo-tsukimura", "mio-sprocket"), False)])
def test_the_quick_demo_s_trio_without_a_swordsman_breaks_into_the_dojo_rules_for_locations(
        level, group, breaks_in):
    """The quick demo's Dojo of the Falling Petal (Defense 6, Swordsman 2 needed, +1
    Attack to those there) with two Golden Melon Pans under it, two cells from seat 0's
    Haven, where the demo deck's Sayo, Torao and Mio (no Akiko, its swordsman) wait:
    their 2 + 4 + 2, +1 each there, get 5 a Turn through Defense 6, so two Turns'
    attacks open it (Rules for Locations), and the Pans go home; Sayo and Mio's 6 get
    nothing through, and they stay."""
    sc = Scene(shipped(*DEMO, "falling-petal-dojo", "golden-melon-pan"), seats=2)
    field(sc, [(x, y) for x in range(3) for y in range(3)], [(-1, 1), (3, 1)])
    sc.location((1, 1), "falling-petal-dojo", under=["golden-melon-pan"] * 2)
    mine = {sc.char(card, (-1, 1)) for card in group}
    events = _played(level, deck_lists(sc).turn(MOVE), 4, 0)
    assert not shuttles(events, 0, mine)
    assert items_under(sc.st, (-1, 1))[0] == (2 if breaks_in else 0)
    assert any(isinstance(e, Moved) for e in events if getattr(e, "seat", 0) == 0) == breaks_in


# Compact placement with more seats ------------------------------------------------

def _setup(level: str, kinds: list[str], seed: int):
    """The state once every seat, played by `kinds`, has laid its cards (setup). The
    seats' keys are derived from the level and seed: an easy seat's ties, drawn from
    its key, lay the same Field every run."""
    m = Match.new(load_game(level, len(kinds)), seed,
                  [make_agent(k, think_ms=50) if k == "hard" else make_agent(k) for k in kinds],
                  keys=derived_keys(len(kinds), level, seed))
    while m.state.phase == SETUP:
        m.step()
    return m.state


@pytest.mark.parametrize("level,kinds", [
    ("levels/quick_demo.yaml", ["easy", "hard", "normal"]),
    ("levels/quick_demo.yaml", ["hard", "normal", "easy", "hard"]),
    ("levels/four_players.yaml", ["normal", "easy", "hard"]),
    ("levels/mirror.yaml", ["easy", "normal", "hard", "easy"])])
def test_three_and_four_seats_lay_a_compact_field_around_their_havens_r2(level, kinds):
    """R2 with three and four seats, each holding several Locations (three on the quick
    demo, seven in a standard deck): over three deals the Field fills its bounding box
    (the quick demo's 12 and 16 cards a 3x4 and a 4x4), no Haven stands on a corner of
    it, and a Haven is nearer the Locations on average than a Location is."""
    gaps = []
    for seed in range(3):
        places = _setup(level, kinds, seed).places
        xs, ys = [c[0] for c in places], [c[1] for c in places]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        assert len(places) / (w * h) >= 0.85 and abs(w - h) <= 1, (seed, w, h, len(places))
        locations = [c for c, p in places.items() if p.kind == "location"]

        def spread(cell) -> float:
            others = [c for c in locations if c != cell]
            return sum(distance(cell, c) for c in others) / len(others)

        typical = sum(spread(c) for c in locations) / len(locations)
        for cell, p in places.items():
            if p.kind == "haven":
                assert not (cell[0] in (min(xs), max(xs)) and cell[1] in (min(ys), max(ys))), \
                    (seed, cell)
                gaps.append(spread(cell) - typical)
    assert sum(gaps) / len(gaps) < 0, gaps


# On the shipped levels' own deals --------------------------------------------------

DEALS = [("levels/quick_demo.yaml", 4), ("levels/standard_2p.yaml", 2),
         ("levels/four_players.yaml", 3)]


def _dealt(level: str, seats: int, seed: int):
    """A shipped level's deal, laid by easy seats, at seat 0's Move phase; its
    Locations with Items under them, most first."""
    st = _setup(level, ["easy"] * seats, seed)
    st.phase = MOVE
    locations = [c for c, p in st.places.items() if p.kind == "location"]
    return st, sorted((c for c in locations if items_under(st, c)[0]),
                      key=lambda c: (-items_under(st, c)[0], c))


def _walk_to(dealt, targets):
    """The dealt state, once seat 0's weakest Character stands as far off a target as
    it may walk to it from (two cells, else one), the last seat's whole starting
    group on that target; and the target."""
    for target in targets:
        for start in sorted((c for c, p in dealt.places.items() if p.kind == "location"
                             and 0 < distance(c, target) <= 2),
                            key=lambda c: (-distance(c, target), c)):
            dealt.move_unit(_chars(dealt, 0)[0], start)
            for u in _chars(dealt, len(dealt.seats) - 1):
                dealt.move_unit(u, target)
            st = dealt.clone()  # a state whose listings are made afresh (memo.Scratch)
            if Move((_chars(st, 0)[0].card,), target) in legal_actions(st):
                return st, target
    raise AssertionError("no Location with an Item is in the walker's reach")


def _chars(st, seat: int) -> list:
    return sorted((u for u in st.units.values() if u.owner == seat and not u.disaster),
                  key=lambda u: (st.game.card(u.card).attack + st.game.card(u.card).defense,
                                 u.card))


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("deal,seats", DEALS)
def test_no_walk_into_a_stronger_group_on_a_shipped_deal_r33(level, deal, seats):
    """A shipped level's deal (the quick demo with four seats, the standard level, the
    four decks' level with three): the last seat's whole starting group stands on the
    Location with most Items, seat 0's weakest Character alone two cells off, the rest
    of seat 0 in its Haven. Whatever seat 0 moves there is not a party that group
    outmatches (R33: it Bonks them all and takes their Items)."""
    for seed in range(2):
        st, target = _walk_to(*_dealt(deal, seats, seed))
        walker = _chars(st, 0)[0]
        foes = _chars(st, seats - 1)
        assert outmatched(st, [walker], foes)
        a = decide(level, st, seed)
        if isinstance(a, Move) and a.cell == target:
            party = [st.units[c] for c in a.chars] + st.chars_at(0, target)
            assert not outmatched(st, party, foes), (seed, a)


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("deal,seats", DEALS)
def test_no_fight_started_and_fled_on_a_shipped_deal_r33(level, deal, seats):
    """The same deals: seat 0's whole starting group and the last seat's weakest
    Character, carrying an Item taken from under a Location, stand together. A fight
    seat 0 starts there (with the decks' own Combat cards) it does not Run Away from."""
    for seed in range(2):
        st, targets = _dealt(deal, seats, seed)
        target = targets[0]
        for u in _chars(st, 0):
            st.move_unit(u, target)
        carrier = _chars(st, seats - 1)[0]
        st.move_unit(carrier, target)
        place = st.places[target]
        item = next(c for c in place.under if c in st.game.items)
        st.change_place(target, under=tuple(c for c in place.under if c != item))
        carrier.items.append(item)
        sc = Scene.__new__(Scene)
        sc.st = st.clone()  # a state whose listings are made afresh (memo.Scratch)
        acts = _duel_from(level, sc, seed)
        if Challenge(seats - 1, target) in acts:
            assert RunAway() not in acts, (seed, acts)


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("seats", [2, 4])
def test_a_carrier_on_its_way_home_stops_in_no_stronger_group_r33(level, seats):
    """A column: seat 0's Knight carrying an Idol at (0, 5), its Haven at (1, 1). Two
    Brutes of the last seat at (0, 3), two cells nearer home, would Bonk it there and
    take the Idol (R33 d): it does not stop there; with the Brutes in their Haven it
    walks the two cells."""
    cells, havens = COLUMN[0], COLUMN[1] + [(-1, 3), (-1, 5)]
    for brutes in (True, False):
        for seed in range(2):
            sc = field(Scene(CARDS, seats=seats), cells, havens[:seats])
            sc.char("knight", (0, 5), items=["idol"])
            for _ in range(2):
                sc.char("brute", (0, 3) if brutes else havens[seats - 1], seat=seats - 1)
            a = decide(level, deck_lists(sc).turn(MOVE).st, seed)
            assert (isinstance(a, Move) and a.cell == (0, 3)) != brutes, (brutes, seed, a)
