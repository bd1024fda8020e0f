"""Sensible play (issue 16) on scenes an examiner builds that the habit tests had not:
a pair against a trio whose sums mislead, a stronger group beside or behind a
Disaster with three and four seats, an Item behind a Location with Defense, a fight
started in the Scavenge phase, a Charm attack in a fight the side started, placement
with Havens that attack and Locations with Defense, and whole seeded games. The habits
are those of tests/test_ai_habits.py; the scenes' helpers are its and
tests/test_ai_habits_s34.py's."""
from __future__ import annotations

import random

import pytest
import yaml
from scene import Scene
from test_ai_habits import CARDS, LEVELS, decide, deck_lists
from test_ai_habits_s34 import (COLUMN, SQUARE4, _played, _setup, field, shipped,
                                 shuttles)

from game.ai import make_agent
from game.ai.board import fight, items_under, outmatched
from game.engine import apply, legal_actions, view
from game.engine.actions import (Challenge, CharmAttack, Engage, Move, Order, Pass, PlayCard,
                                 RunAway)
from game.engine.decks import DEFAULT_DECKS_DIR
from game.engine.events import Moved, RanAway
from game.engine.field import distance
from game.engine.state import MOVE, SCAVENGE
from game.match import Match, derived_keys, load_game

DECIDING = ["easy", "normal", "hard"]


# No walk into a stronger group: a pair against a trio --------------------------------

TRIOS = {  # the trio at the Item, and whether it outmatches the pair of Brutes (6/4)
    # Three Knights (5/4): Attack 15 and Defense 12 against the pair's 12 and 8, the
    # best of them weaker than a Brute. Teamed, each side Bonks one a round; then the
    # two Knights left Bonk the last Brute, whose 6 only hurts one.
    "three knights": ("knight", True),
    # Three Turtles (2/5): Attack 6 and Defense 15, a sum above the pair's 20, the best
    # weaker. The Brutes' 12 Bonk a Turtle a round; the Turtles' teamed 6 get 2 through
    # once, then nothing: the pair wins.
    "three turtles": ("turtle", False),
}


def _pair_and_trio(seats: int, trio: str, away: int) -> Scene:
    """A column (0, 0)..(0, 6); seat 0's two Brutes at (0, 3), an Idol under the cell
    `away` cells up, where the last seat's trio stands; a Scout of every other seat at
    (0, 0). Seat 0's Move phase."""
    cells, havens = COLUMN[0], COLUMN[1] + [(-1, 3), (-1, 5)]
    sc = field(Scene(CARDS, seats=seats), cells, havens[:seats])
    target = (0, 3 + away)
    sc.location(target, under=["idol"])
    for _ in range(2):
        sc.char("brute", (0, 3))
    for _ in range(3):
        sc.char(trio, target, seat=seats - 1)
    for seat in range(1, seats - 1):
        sc.char("scout", (0, 0), seat=seat)
    return deck_lists(sc).turn(MOVE)


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("trio", TRIOS)
@pytest.mark.parametrize("seats,away", [(2, 1), (3, 2), (4, 1)])
def test_a_pair_reads_a_trio_by_the_fight_not_by_its_sums_r33(level, trio, seats, away):
    """Combat between players (R33), played out: two Brutes (6/4) and an Idol under a
    cell one or two cells off, held by three of the last seat's Characters whose summed
    Attack and Defense pass the pair's but whose best is weaker than a Brute. A player
    expects the pair to keep out of three Knights, who Bonk both (each side loses one a
    round, then two Knights finish the last Brute), and to walk onto three Turtles,
    whose teamed 6 get through a Brute's Defense 4 once: what decides is the fight, not
    the sums."""
    card, stronger = TRIOS[trio]
    for seed in range(2):
        sc = _pair_and_trio(seats, card, away)
        st = sc.st
        target = (0, 3 + away)
        pair = st.chars_at(0, (0, 3))
        trio_units = st.chars_at(seats - 1, target)
        assert outmatched(st, pair, trio_units) == stronger
        assert Move(tuple(u.card for u in pair), target) in legal_actions(st)
        a = decide(level, st, seed)
        walks = isinstance(a, Move) and a.cell == target
        assert walks != stronger, (seed, a)
        if walks:  # the whole pair goes, not one Brute alone into the three
            assert len(a.chars) == 2, (seed, a)


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("seats", [3, 4])
def test_no_lone_walk_next_to_a_disaster_into_a_stronger_group_r33(level, seats):
    """A square Field with three and four seats: seat 0's lone Knight (5/4) at (1, 1),
    an Idol under (0, 0) next to it where two Brutes of seat 1 (not the last seat) stand,
    and an Ogre (6/5, which the Knight does not hurt) beside them at (1, 0). No walk
    there; with the Brutes in their Haven the Idol is worth the step (the Ogre is not on
    the Idol's cell, and a Disaster attacks a group that stops with Items, R23)."""
    cells, havens = SQUARE4
    for brutes in (True, False):
        for seed in range(2):
            sc = field(Scene(CARDS, seats=seats), cells, havens[:seats])
            sc.location((0, 0), under=["idol"])
            sc.disaster("ogre", (1, 0), seat=seats - 1)
            sc.char("knight", (1, 1))
            for _ in range(2):
                sc.char("brute", (0, 0) if brutes else havens[1], seat=1)
            for seat in range(2, seats):
                sc.char("scout", (3, 3), seat=seat)
            a = decide(level, deck_lists(sc).turn(MOVE).st, seed)
            assert (isinstance(a, Move) and a.cell == (0, 0)) != brutes, (brutes, seed, a)


# No starting a fight it then flees: in the Scavenge phase ----------------------------

def _duel_in_scavenge(level: str, sc: Scene, seed: int) -> list:
    """Seat 0's decisions from its Scavenge phase until the Combat it may start is over
    or the phase ends; the other seats declare attacks with their first choice."""
    agent, rng = LEVELS[level](), random.Random(seed)
    st, mine, started = sc.st, [], False
    while st.result is None and st.actions < 300:
        legal = legal_actions(st)
        if st.current_seat() == 0:
            a = agent.choose(view(st, 0), legal, rng)
            mine.append(a)
        else:
            a = next((x for x in legal if isinstance(x, Engage) and x.role == "attack"),
                     legal[0])
        apply(st, a)
        started = started or st.duel is not None
        if started and st.duel is None or st.phase != SCAVENGE:
            break
    return mine


SCAVENGE_FIGHTS = {  # seat 0's Characters, the foe's carrier and company, and a win
    # Two Brutes Bonk the Scout carrier in a round.
    "two brutes and a scout carrier": (["brute", "brute"], ["scout"], True),
    # A Knight (5/4) against a Brute carrier (6/4): it takes 1 a round, gives 2.
    "a knight and a brute carrier": (["knight"], ["brute"], False),
}


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("case", SCAVENGE_FIGHTS)
@pytest.mark.parametrize("seats", [2, 3])
def test_a_fight_started_in_the_scavenge_phase_is_fought_out_r33(level, case, seats):
    """Combat between players may be initiated in the Move or the Scavenge phase (R33).
    In seat 0's Scavenge phase its Characters stand with the last seat's carrier of an
    Idol on a plain Location with nothing under it: a fight it wins (two Brutes on a
    Scout) it starts, and then fights out, the Idol dropped (R33 d); one it loses
    (a Knight on a Brute) it does not start."""
    mine_cards, theirs, wins = SCAVENGE_FIGHTS[case]
    cells, havens = SQUARE4
    for seed in range(2):
        sc = field(Scene(CARDS, seats=seats), cells, havens[:seats])
        for card in mine_cards:
            sc.char(card, (1, 1))
        for i, card in enumerate(theirs):
            sc.char(card, (1, 1), seat=seats - 1, items=["idol"] if i == 0 else [])
        for seat in range(1, seats - 1):
            sc.char("scout", (3, 3), seat=seat)
        deck_lists(sc).turn(SCAVENGE)
        st = sc.st
        assert (fight(st, st.chars_at(0, (1, 1)), st.chars_at(seats - 1, (1, 1)))[1] == 0) \
            == wins
        acts = _duel_in_scavenge(level, sc, seed)
        started = Challenge(seats - 1, (1, 1)) in acts
        assert started == wins, (seed, acts)
        if started:
            assert RunAway() not in acts and st.duel is None, (seed, acts)
            assert not any(u.items for u in st.units.values() if u.owner == seats - 1)


# No shuttling: an Item two cells off behind a Location with Defense ------------------

GATES = CARDS + """\
- {id: gate, name: Gate, type: location, abilities: {defense: 4}, requires: {males: 3}}
- {id: rampart, name: Rampart, type: location, abilities: {defense: 9}, requires: {males: 3}}
"""


def _behind(wall: str, item: bool) -> tuple[Scene, set]:
    """A row (0, 0)..(4, 0), seat 0's Haven at (-1, 0), seat 1's at (5, 0); the Vault's
    Idols at (4, 0); two Scouts of seat 0 at (0, 0), a `wall` Location (three males
    needed) at (1, 0) with an Idol under it, and a plain Location at (2, 0), two cells
    off, with an Idol under it if `item`."""
    sc = Scene(GATES, seats=2)
    field(sc, [(4, 0)] + [(x, 0) for x in range(4)], [(-1, 0), (5, 0)])
    sc.location((1, 0), wall, under=["idol"])
    sc.location((2, 0), under=["idol"] if item else [])
    return sc, {sc.char("scout", (0, 0)), sc.char("scout", (0, 0))}


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("wall", ["gate", "rampart"])
def test_no_shuttling_past_a_location_with_defense_rules_for_locations(level, wall):
    """Two Scouts (Attack 3) one cell from their Haven, a Location they lack the skills
    for next to them, and a plain Location two cells off. With an Idol under the plain
    one they fetch it and carry it home, each walk with a reason (no walk to and fro);
    with none there, the Gate (Defense 4, their 6 get 2 a Turn through) is one they may
    break into (Rules for Locations) and the Rampart (Defense 9) is not: by the
    Rampart they stay put, and nobody walks to and fro in five Turns."""
    for item in (True, False):
        for seed in range(2):
            sc, mine = _behind(wall, item)
            events = _played(level, deck_lists(sc).turn(MOVE), 5, seed)
            assert not shuttles(events, 0, mine), (item, seed)
            walked = [e for e in events if isinstance(e, Moved) and e.seat == 0]
            if item or wall == "gate":  # fetched, or broken into: carried home
                assert items_under(sc.st, (-1, 0))[0] >= 1, (item, seed)
            else:
                assert not walked, (seed, walked)


# No starting a fight it then flees: a Charm attack in it -----------------------------

def _deck_combat(deck: str) -> list[str]:
    """A shipped deck's Combat cards, each as many times as the deck holds it."""
    counts = yaml.safe_load((DEFAULT_DECKS_DIR / f"{deck}.yaml").read_text(encoding="utf-8"))["combat"]
    return [card for card, n in counts.items() for _ in range(n)]


STEEL_RAIN, NEON_CLAWS = _deck_combat("steel-rain"), _deck_combat("neon-claws")
PAWLINA = shipped("daigo-hatakeyama", "reiji-valen", "princess-pawlina", "limit-break-scream",
                  *sorted(set(STEEL_RAIN + NEON_CLAWS)))


def _sergeant_commander_and_princess(seats: int, seed: int) -> Scene:
    """The four decks' level's cards on a square Field: seat 0's Sergeant Daigo (5/5,
    Charm 1) and Commander Reiji (3/4, Charm 4), Reiji's Attack doubled by Limit Break
    Scream played this Move phase, and the last seat's Princess Pawlina (2/3, Charm 6)
    carrying an Idol, at (1, 1); the Steel Rain and Neon Claws decks' Combat cards
    shuffled by `seed`; a Scout of every other seat at (3, 3)."""
    cells, havens = SQUARE4
    sc = field(Scene(PAWLINA, seats=seats), cells, havens[:seats])
    shuffle = random.Random(seed)
    for seat in range(seats):
        pile = list(STEEL_RAIN if seat == 0 else NEON_CLAWS)
        shuffle.shuffle(pile)
        sc.combat_pile(seat, *pile)
    sc.char("daigo-hatakeyama", (1, 1))
    reiji = sc.char("reiji-valen", (1, 1))
    sc.char("princess-pawlina", (1, 1), seat=seats - 1, items=["idol"])
    for seat in range(1, seats - 1):
        sc.char("scout", (3, 3), seat=seat)
    scream = sc.hand(0, "limit-break-scream")[0]
    deck_lists(sc).turn(MOVE)
    sc.do(PlayCard(scream, reiji))
    while sc.st.flash_stack:  # the others let it resolve
        sc.do(next(a for a in legal_actions(sc.st) if isinstance(a, Pass)))
    return sc


def _charming_duel(level: str, sc: Scene, seed: int) -> list:
    """Seat 0's decisions from its Move phase until the Combat it may start is over; the
    other seats Charm whom they can, order the Charmed not to attack, then attack."""
    agent, rng = LEVELS[level](), random.Random(seed)
    st, mine, started = sc.st, [], False
    while st.result is None and st.actions < 300:
        legal = legal_actions(st)
        if st.current_seat() == 0:
            a = agent.choose(view(st, 0), legal, rng)
            mine.append(a)
        else:
            a = next((x for x in legal if isinstance(x, CharmAttack)), None) or next(
                (x for x in legal if isinstance(x, Order) and x.order == "no-attack"), None) \
                or next((x for x in legal if isinstance(x, Engage) and x.role == "attack"),
                        legal[0])
        apply(st, a)
        started = started or st.duel is not None
        if started and st.duel is None or not started and st.phase != MOVE:
            break
    return mine


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("seats", [2, 3])
def test_no_fight_started_and_fled_after_a_charm_attack_it_was_out_charmed_in_r34(level, seats):
    """Charm Combat between players (R34) in a fight seat 0 starts: the Sergeant and
    the Commander (Attack 6 with the Scream) beat Princess Pawlina even with one of them
    Charmed (`_charmable`), and Challenge her for her Idol (R33 d). Pawlina out-Charms
    both. A player expects them to fight it out: the rules pass or break her Charm and
    never attack her Charm (scored -1.0), but hard searched the Charm stage, a few
    playouts each, took the Commander's Charm attack, was Charmed by it, and with both
    ordered not to attack Ran Away (4 of 510 shipped deals at the thirty-fourth stop's
    review: docs/history/ai-log.md, the forty-third stop's Known limits)."""
    for seed in range(12):
        acts = _charming_duel(level, _sergeant_commander_and_princess(seats, seed), seed)
        assert Challenge(seats - 1, (1, 1)) in acts, (seed, acts)
        assert RunAway() not in acts, (seed, [str(a) for a in acts])


# Compact placement with Havens that attack and Locations with Defense ----------------

def _touching(places, cell) -> int:
    """The Locations 8-adjacent to `cell`: where a Haven with Attack there fights (R35)."""
    return sum(p.kind == "location" and distance(cell, c) == 1 for c, p in places.items())


@pytest.mark.parametrize("level,kinds", [
    ("levels/standard_2p.yaml", ["easy", "easy"]),
    ("levels/standard_2p.yaml", ["hard", "normal"]),
    ("levels/four_players.yaml", ["normal", "hard", "easy"]),
    ("levels/four_players.yaml", ["easy", "normal", "easy", "hard"])])
def test_havens_that_attack_lie_among_the_locations_r2_r35(level, kinds):
    """R2 on the levels whose decks hold Havens with Attack (Steel Rain's Forward Base
    Anvil, 3/6; Neon Claws' Purring Kettle, 4/5), which fight at the Locations next to
    them (R35), and Locations with Defense (Radio Tower Hill, the Dojo, the Shopping
    Arcade): over three deals the Field fills its bounding box, no Haven stands on a
    corner of it, every Haven with Attack has at least five Locations next to it (a
    corner has three), and a Location with Defense at least three (it is laid like any
    other, not left hanging off the Field)."""
    for seed in range(3):
        st = _setup(level, kinds, seed)
        places = st.places
        xs, ys = [c[0] for c in places], [c[1] for c in places]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        assert len(places) / (w * h) >= 0.85, (seed, w, h, len(places))
        walled = 0
        for cell, p in places.items():
            card = st.game.card(p.card)
            attack, defense = card.ability("attack"), card.ability("defense")
            if p.kind == "haven":
                assert not (cell[0] in (min(xs), max(xs)) and cell[1] in (min(ys), max(ys))), \
                    (seed, cell)
                if attack:
                    assert _touching(places, cell) >= 5, (seed, cell, _touching(places, cell))
            elif defense:
                walled += 1
                assert sum(distance(cell, c) == 1 for c in places) >= 3, (seed, cell)
        assert walled, seed  # the deal holds a Location with Defense


# The habits inside whole seeded games ------------------------------------------------

def walks(events) -> list:
    """The events less each Run Away's move: a Character that Runs Away (R44, Combat
    with a Disaster) is moved by the rules, and a walk back is no shuttle."""
    out = []
    for e in events:
        if not (isinstance(e, Moved) and out and isinstance(out[-1], RanAway)):
            out.append(e)
    return out


def _audited(level: str, kinds: list[str], seed: int) -> dict:
    """A whole game of `level`, the seats played by `kinds` (hard at 50 ms), and what
    the habits count in it: fights between players started and then fled by their
    initiator, Moves of one or two Characters into another seat's group that
    outmatches them there (`board.outmatched`, read once they stand there with the
    seat's Characters already there), and shuttles (`shuttles`, without the runs' moves)."""
    m = Match.new(load_game(level, len(kinds)), seed,
                  [make_agent(k, think_ms=50) if k == "hard" else make_agent(k) for k in kinds],
                  keys=derived_keys(len(kinds), level, "habits", seed))
    st, events = m.state, []
    found: dict = {"fled": [], "walked in": [], "shuttles": []}
    while not m.over and st.actions < 5000:
        q = m.question()
        a = m.agents[q.seat].choose(q.view, q.legal, q.rng)
        if isinstance(a, RunAway) and st.duel is not None and st.duel.attacker == q.seat:
            found["fled"].append((st.rounds, q.seat, st.duel.cell))
        if isinstance(a, Move) and len(a.chars) <= 2:
            there = st.clone()  # read as they would stand there (the Location's modifiers)
            apply(there, a)
            party = there.chars_at(q.seat, a.cell)
            for seat in range(len(kinds)):
                foes = there.chars_at(seat, a.cell) if seat != q.seat else []
                if foes and outmatched(there, party, foes):
                    found["walked in"].append((st.rounds, q.seat, a))
        events += m.answer(q, a)
    for seat in range(len(kinds)):
        mine = {c for c, owner in enumerate(st.game.owners) if owner == seat}
        found["shuttles"] += shuttles(walks(events), seat, mine)
    return found


@pytest.mark.parametrize("level,kinds,seed", [
    ("levels/quick_demo.yaml", ["hard", "normal"], 0),
    ("levels/quick_demo.yaml", ["normal", "hard"], 0),
    ("levels/quick_demo.yaml", ["easy", "normal", "hard"], 2),
    ("levels/quick_demo.yaml", ["hard", "normal", "easy", "normal"], 1)])
def test_whole_games_keep_the_habits(level, kinds, seed):
    """Whole seeded games of the quick demo (twelve rounds, two to four seats, hard,
    normal and easy): no fight between players started and then fled by the one that
    started it, no one or two Characters walking into another seat's group that
    outmatches them, and no Character walking to and fro with nothing done between."""
    found = _audited(level, kinds, seed)
    assert found == {"fled": [], "walked in": [], "shuttles": []}, found
