"""Sensible play (issue 16): the habits a person watching the AI noticed, each on a
built scene, for every deciding level. Compact placement is tests/test_placement.py.

- no lone walk into a stronger group;
- no shuttling between the same cells without a reason the evaluation can name;
- no starting a fight between players that it then flees.
"""
from __future__ import annotations

import itertools
import random

import pytest
from scene import Scene

from game.ai import EasyAgent, HardAgent, NormalAgent
from game.ai.board import Ground, disaster_fight, fight, items_under
from game.ai.policy import AIMLESS, BLUNDER, Scorer, shortlist
from game.ai.heuristic import PATIENCE, HeuristicAgent
from game.engine import apply, legal_actions, view
from game.engine.actions import (Challenge, DiscardCard, EndPhase, Engage, Fight, Move,
                                 RunAway, Transform)
from game.engine.field import distance
from game.engine.options import Options
from game.engine.state import DISCARD, MOVE, Lasting, Place

CARDS = """\
- {id: scout, name: Scout, type: character, gender: female,
   abilities: {attack: 3, defense: 2, movement: 2, charm: 0, energy: 1}}
- {id: brute, name: Brute, type: character, gender: male,
   abilities: {attack: 6, defense: 4, movement: 2, charm: 0, energy: 1}}
- {id: turtle, name: Turtle, type: character, gender: male,
   abilities: {attack: 2, defense: 5, movement: 2, charm: 0, energy: 1}}
- {id: wall, name: Wall, type: character, gender: male,
   abilities: {attack: 2, defense: 7, movement: 2, charm: 0, energy: 1}}
- {id: sprinter, name: Sprinter, type: character, gender: female,
   abilities: {attack: 3, defense: 2, movement: 5, charm: 0, energy: 1}}
- {id: charmer, name: Charmer, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 6, energy: 1}}
- {id: lout, name: Lout, type: character, gender: male,
   abilities: {attack: 6, defense: 4, movement: 2, charm: 1, energy: 1}}
- {id: prowler, name: Prowler, type: disaster, class: minor,
   abilities: {attack: 2, defense: 2, movement: 2}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 5, defense: 2, movement: 1}}
- {id: ogre, name: Ogre, type: disaster, class: minor,
   abilities: {attack: 6, defense: 5, movement: 2}}
- {id: sloth, name: Sloth, type: disaster, class: minor,
   abilities: {attack: 4, defense: 5, movement: 2}}
- {id: shell, name: Shell, type: disaster, class: minor,
   abilities: {attack: 1, defense: 9, movement: 2}}
- {id: titan, name: Titan, type: disaster, class: major,
   abilities: {attack: 1, defense: 9, movement: 2}}
- {id: idol, name: Idol, type: item}
- {id: keep, name: Keep, type: haven, abilities: {attack: 6, defense: 5}}
- {id: kotatsu, name: Kotatsu, type: equipment, bonuses: {defense: "+3"}}
- {id: vault, name: Vault, type: location, requires: {males: 3}}
- {id: bower, name: Bower, type: location, requires: {females: 2}}
- {id: knight, name: Knight, type: character, gender: male,
   abilities: {attack: 5, defense: 4, movement: 2, charm: 0, energy: 1}}
- {id: fort, name: Fort, type: location, abilities: {attack: 6}, requires: {skills: {Climbing: 1}}}
- {id: ronin, name: Ronin, type: character, gender: female,
   abilities: {attack: 5, defense: 3, movement: 2, charm: 3, energy: 1},
   effects: [{"on": static, if: {in_combat: true}, do: [{modify: {attack: "+1"}}]}]}
- {id: plain-ronin, name: Plain Ronin, type: character, gender: female,
   abilities: {attack: 5, defense: 3, movement: 2, charm: 3, energy: 1}}
- {id: novice, name: Novice, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 4, energy: 4}}
- {id: adept, name: Adept, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 3, charm: 5, energy: 4}}
- {id: blade, name: Blade, type: equipment, bonuses: {attack: "+3"}}
- {id: ghoul, name: Ghoul, type: disaster, class: minor,
   abilities: {attack: 3, defense: 2, movement: 1}}
"""
LEVELS = {"easy": lambda: EasyAgent(looseness=0.0), "normal": lambda: NormalAgent(),
          "hard": lambda: HardAgent(steps=400), "heuristic": lambda: HeuristicAgent()}


def decide(level: str, st, seed: int = 0):
    agent = LEVELS[level]()
    return agent.choose(view(st, st.current_seat()), legal_actions(st), random.Random(seed))


def field(sc: Scene, width: int = 5, height: int = 3) -> None:
    """A block of plain Locations, the Havens at either side."""
    for x in range(width):
        for y in range(height):
            sc.location((x, y))
    sc.haven((-1, 1))
    sc.haven((width, 1), seat=1)
    for seat in range(len(sc.st.seats)):
        sc.combat_pile(seat, *["blank"] * 30)


def deck_lists(sc: Scene) -> Scene:
    """The scene's cards entered in their owners' deck lists, which are public: the
    worlds an AI samples from its view deal the hidden ones from there (worlds.py)."""
    g = sc.game
    for i, cd in enumerate(g.instances):
        section = {"item": "items", "disaster": "disasters", "combat": "combat"}.get(cd.type)
        if section is not None:
            g.sections[g.owners[i]].setdefault(section, []).append(i)
    return sc


# No lone walk into a stronger group --------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_lone_walk_into_a_stronger_group(level, seed):
    """An Item lies under (2, 1), where three Brutes of seat 1 stand: a lone Scout that
    walks in is Bonked in their next Turn (R33), and its Items drop there. Today's rules
    read only Disasters as danger and sent it in."""
    assert not _walks_in(level, seed, CARDS, "plain", "scout", ["brute"] * 3)


def _walks_in(level: str, seed: int, cards: str, place: str, mover: str,
              holders: list[str]) -> bool:
    """Seat 0's `mover` at (0, 1) walks onto (2, 1), a `place` with an Idol under it
    where seat 1's `holders` stand."""
    sc = Scene(cards, seats=2)
    field(sc)
    sc.location((2, 1), place, under=["idol"])
    sc.char(mover, (0, 1))
    for card in holders:
        sc.char(card, (2, 1), seat=1)
    a = decide(level, deck_lists(sc).turn(MOVE).st, seed)
    return isinstance(a, Move) and a.cell == (2, 1)


MIRE = CARDS + """\
- {id: mire, name: Mire, type: location,
   effects: [{"on": static, do: [{modify: {defense: "-3"}, to: here}]}]}
"""


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_lone_walk_into_a_group_it_beats_only_where_it_stands_now_guideline_1_3_r33(level):
    """The danger of a cell is read with the strengths the group would have there
    (guideline 1.3: its Totals, with the Mire's text, Defense -3 to Characters there).
    An Idol lies under a Mire held by two Scouts of seat 1 (Attack 3). A Brute (Attack
    6, Defense 4, Health 4) reads a win from where it stands, but at the Mire, Defense 1,
    the Scouts' 6 Bonk it in the first round (R33) while it Bonks one: read with its
    Defense of now, every level walked in."""
    for seed in range(3):
        assert not _walks_in(level, seed, MIRE, "mire", "brute", ["scout"] * 2)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_walk_into_a_group_its_haven_backs_r35(level):
    """A Haven with Attack attacks at the Locations next to it (R35): an Idol lies
    under (2, 1), held by a Wall of seat 1 (Attack 2, Defense 7). Two Brutes win that
    fight alone, and walk in; with seat 1's Keep (Attack 6) at (2, 2) its 6 and the
    Wall's 2 Bonk a Brute a round, one Brute cannot get through Defense 7, and they
    stay out."""
    for armed in (False, True):
        for seed in range(2):
            sc = Scene(CARDS, seats=2)
            field(sc)
            sc.location((2, 1), under=["idol"])
            for _ in range(2):
                sc.char("brute", (0, 1))
            sc.char("wall", (2, 1), seat=1)
            if armed:
                sc.st.places[(2, 2)] = Place(sc.card("keep", 1), "haven", 1)
                sc.st.seats[1].havens.append((2, 2))
            a = decide(level, deck_lists(sc).turn(MOVE).st, seed)
            assert (isinstance(a, Move) and a.cell == (2, 1)) != armed, (armed, a)


def _row() -> Scene:
    """A row of Locations (0, 0) to (4, 0), seat 0's Haven at (-1, 0), seat 1's at (5, 0),
    a Vault's Idols at (4, 0) (so one Idol ends nothing), blank Combat piles."""
    sc = Scene(CARDS, seats=2)
    for x in range(4):
        sc.location((x, 0))
    sc.location((4, 0), "vault", under=["idol"] * 4)
    sc.haven((-1, 0))
    sc.haven((5, 0), seat=1)
    for seat in range(2):
        sc.combat_pile(seat, *["blank"] * 30)
    return sc


def _row_with_imp(scout_at, imp_items: list[str]) -> Scene:
    """A row of Locations (0, 0) to (4, 0), seat 0's Haven at (-1, 0), a Vault's Idols
    out of reach (so one Idol ends nothing), a Scout of seat 0 carrying an Idol at
    `scout_at` and an Imp (Attack 5, Defense 2, Health 2) at (0, 0)."""
    sc = _row()
    sc.char("scout", scout_at, items=[] if imp_items else ["idol"])
    sc.disaster("imp", (0, 0), seat=1, items=imp_items)
    return deck_lists(sc).turn(MOVE)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_lone_walk_onto_a_disaster_that_bonks_it(level):
    """A Scout (Defense 2, Health 2) carrying an Idol home walks onto the Imp's cell
    on the way: landing with an Item starts Combat, and the Imp's Attack 5 Bonks it in
    the first round and takes the Idol. `board.can_beat` counted as beatable a
    Disaster whose Attack reached up to 1 past what Bonks the group's toughest, so
    easy walked in; nor does any level start a Fight with the Imp for its Idol."""
    for seed in range(3):
        a = decide(level, _row_with_imp((2, 0), []).st, seed)
        assert not (isinstance(a, Move) and a.cell == (0, 0)), a
        a = decide(level, _row_with_imp((0, 0), ["idol"]).st, seed)
        assert not isinstance(a, Fight), a


# No shuttling -------------------------------------------------------------------

def _turns(level: str, sc: Scene, turns: int, seed: int) -> list[tuple]:
    """Seat 0's cells at the end of each of its Move phases, the agent playing it and
    seat 1 only ending its phases."""
    agent, rng = LEVELS[level](), random.Random(seed)
    st, cells, was = sc.st, [], None
    while len(cells) < turns:
        assert st.actions < 2000 and st.result is None
        seat = st.current_seat()
        if was == MOVE and st.phase != MOVE and st.turn_seat == 0:
            cells.append(tuple(sorted(u.pos for u in st.units.values()
                                      if u.owner == 0 and not u.disaster)))
        was = st.phase if st.turn_seat == 0 else None
        legal = legal_actions(st)
        if seat == 0:
            a = agent.choose(view(st, 0), legal, rng)
        else:
            a = next((x for x in legal if type(x).__name__ == "EndPhase"), legal[0])
        apply(st, a)
    return cells


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_shuttling_without_a_reason(level):
    """Nothing on the Field is worth a walk: the only Items lie in a Vault the two
    Scouts may not Scavenge (it needs three males), and nothing threatens them. The
    group has no reason the evaluation can name to move, so it stays; today's search
    levels took whichever move their playouts' noise liked and walked it to and fro.
    (The heuristic yardstick reads no requirements: the Vault's Items draw it.)"""
    moved = 0
    for seed in range(3):
        sc = Scene(CARDS, seats=2)
        field(sc)
        sc.location((4, 2), "vault", under=["idol"] * 3)
        sc.char("scout", (1, 1))
        sc.char("scout", (1, 1))
        deck_lists(sc).turn(MOVE)
        cells = _turns(level, sc, 4, seed)
        moved += len(set(cells) | {((1, 1), (1, 1))}) - 1
    assert moved == 0


def _bower_pair(card: str, at) -> Scene:
    """Two Characters of seat 0 at `at`; a Bower (two females) with an Idol at (0, 2),
    a plain Location with an Idol at (4, 0), and a Vault's three Idols nobody here may
    Scavenge, so that one Idol does not end the game."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.location((0, 2), "bower", under=["idol"])
    sc.location((4, 0), under=["idol"])
    sc.location((4, 2), "vault", under=["idol"] * 3)
    sc.char(card, at)
    sc.char(card, at)
    deck_lists(sc).turn(MOVE)
    return sc


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_pair_stays_on_a_location_only_both_may_scavenge(level):
    """Two Scouts stand on a Bower, which needs two females: together they Scavenge
    its Idol this Turn. The rules scored a move by the movers alone, to whom alone the
    Bower is worth nothing, so each Scout walked off towards the plain Location and
    neither Scavenged. A move now counts what it takes from those left behind and
    brings those it joins (`Scorer._together`)."""
    for seed in range(3):
        sc = _bower_pair("scout", (0, 2))
        agent, rng, st = LEVELS[level](), random.Random(seed), sc.st
        while st.phase == MOVE:
            a = agent.choose(view(st, 0), legal_actions(st), rng)
            assert not isinstance(a, Move), a
            apply(st, a)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_scout_walks_to_a_bower_its_seat_s_other_scout_stands_on_scavenge_phase(level):
    """"Your Characters must 'attempt' the Location by trying to meet the requirements
    for the Location they are at" (Scavenge Phase): the seat's whole group there. A Scout
    stands on a Bower (two females) with an Idol, another four cells away. The Bower was
    read for the far Scout alone, to whom it is no target, so every level ended the Move
    phase each Turn and the Idol stayed under it (open since the thirty-third stop). In
    three Turns the second Scout now joins the first and they Scavenge it."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.location((0, 2), "bower", under=["idol"])
    sc.location((4, 0), "vault", under=["idol"] * 3)  # nobody here may Scavenge it
    sc.char("scout", (0, 2))
    sc.char("scout", (4, 1))
    deck_lists(sc).turn(MOVE)
    _turns(level, sc, 3, 0)
    assert not items_under(sc.st, (0, 2))[0]


def test_the_playouts_move_four_of_five_in_a_haven_basic_terms_group():
    """"There is a limit of 4 Characters per group" (Basic Terms, Group): five in a
    Haven go out as four, or fewer. The playouts' listing had only whole groups'
    moves, so with a fifth Character played into the Haven they moved nobody, and hard
    kept Characters in hand for it (open since the thirty-third stop). It lists every
    four of them now, each one the full listing has."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.location((1, 1), under=["idol"])
    five = [sc.char("scout", (-1, 1)) for _ in range(5)]
    deck_lists(sc).turn(MOVE)
    quick = [a for a in legal_actions(sc.st, quick=True) if isinstance(a, Move)]
    fours = {a.chars for a in quick}
    assert fours == {tuple(c) for c in itertools.combinations(five, 4)}
    assert set(quick) <= set(legal_actions(sc.st))
    assert any(a.cell == (1, 1) for a in quick)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_pair_does_not_shuttle_between_two_targets(level):
    """Two Sprinters (Movement 5) between the Bower and the plain Location, each with
    an Idol: the pair walked to the Bower, then each Sprinter alone walked on towards
    the plain with the Movement left, and back as a pair the next Turn, for ever, and
    nothing was Scavenged. In four Turns both Idols are now out from under them."""
    for seed in range(2):
        sc = _bower_pair("sprinter", (2, 1))
        _turns(level, sc, 4, seed)
        st = sc.st
        assert not items_under(st, (0, 2))[0] and not items_under(st, (4, 0))[0]


def test_the_search_weighs_no_aimless_move():
    """The cause of the shuttling watched in mirror games: the search levels weighed
    every move the rules did not call a blunder, moves that bring the group nothing
    included, and their playouts' noise picked one now and then (normal walked a
    Character between two Locations worth the same to it). A Scout stands on a
    Location with an Item it may Scavenge, beside others alike: the candidates the
    search weighs hold no move, and a move with a reason (a nearer target) is one."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    for cell in ((1, 1), (2, 1), (3, 1)):
        sc.location(cell, under=["idol"])
    sc.char("scout", (2, 1))
    far = sc.char("scout", (0, 0))
    deck_lists(sc).turn(MOVE)
    legal = legal_actions(sc.st)
    scores = Scorer(sc.st).scores(legal)
    weighed = [legal[i] for i in shortlist(sc.st, legal, 8, False)]
    moves = [a for a in weighed if isinstance(a, Move)]
    assert moves and all(a.chars == (far,) for a in moves), weighed
    assert all(scores[legal.index(a)] > AIMLESS for a in moves)


# No starting a fight it then flees ------------------------------------------------

def _duel_from(level: str, sc: Scene, seed: int) -> list:
    """Seat 0's decisions from its Move phase until the Combat it may start is over;
    seat 1 declares attacks with its first choice."""
    agent, rng = LEVELS[level](), random.Random(seed)
    st, mine = sc.st, []
    started = False
    while st.result is None and st.actions < 200:
        legal = legal_actions(st)
        if st.current_seat() == 0:
            a = agent.choose(view(st, 0), legal, rng)
            mine.append(a)
        else:
            a = next((x for x in legal if isinstance(x, Engage) and x.role == "attack"),
                     legal[0])
        apply(st, a)
        started = started or st.duel is not None
        if started and st.duel is None or not started and st.phase != MOVE:
            break
    return mine


def _brutes_and_scout() -> Scene:
    """Two Brutes of seat 0 and a lone Scout of seat 1 carrying an Item, in seat 0's Move."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.char("brute", (2, 1))
    sc.char("brute", (2, 1))
    sc.char("scout", (2, 1), seat=1, items=["idol"])
    deck_lists(sc).turn(MOVE)
    return sc


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_it_does_not_flee_a_fight_it_started(level, seed):
    """Two Brutes meet a lone Scout of seat 1 carrying an Item: a fight they win. If it
    starts one, it fights it out. Today the rule player scored Running Away above every
    declaration in Combat between players, and the search levels started and fled."""
    sc = _brutes_and_scout()
    mine = _duel_from(level, sc, seed)
    if any(isinstance(a, Challenge) for a in mine):
        assert RunAway() not in mine, mine


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_it_flees_no_fight_it_started_when_made_to_fight(level, seed):
    """The same fight started for it: it stands (the rule that makes it start a fight
    and the rule that makes it flee one read the fight the same way)."""
    sc = _brutes_and_scout()
    sc.do(Challenge(1, (2, 1)))
    mine = _duel_from(level, sc, seed)
    assert mine and RunAway() not in mine, mine


def _seat_1(*cards: str, carrier: int = 0):
    """Seat 1's Characters at (2, 1), the `carrier`-th holding an Idol."""
    return [(card, ["idol"] if i == carrier else []) for i, card in enumerate(cards)]


FIGHTS = {  # seat 0's Characters, seat 1's at (2, 1), and whether seat 0 starts it
    # The Brute Bonks the Scout at once, then wears the Turtle down, which cannot hurt
    # it. It went for the carrier first, 1 Damage a round, was worn down by both and
    # fled.
    "a brute against a turtle carrier and a scout": (["brute"], _seat_1("turtle", "scout"),
                                                     True),
    # Each side Bonks one a round; then seat 1's Brute Bonks the last Scout. It started
    # that fight and fled it.
    "two scouts against a scout carrier and a brute": (["scout", "scout"],
                                                       _seat_1("scout", "brute"), False),
    # Charm Combat (R12, R34): the Charmer (Charm 6) Charms the Lout (Charm 1) and
    # orders it not to attack. It started that fight and fled it, or stood in a Combat
    # nobody could end.
    "a lout against a charmer carrier": (["lout"], _seat_1("charmer"), False),
    # Once the carrier is down the Walls cannot hurt the Brutes, whose teamed Attack 12
    # gets through a Wall's Defense 7. They guarded each other instead and fled.
    "two brutes against a scout carrier and two walls": (["brute", "brute"],
                                                         _seat_1("scout", "wall", "wall"),
                                                         True),
}


def _backed(case: str, armed: bool) -> Scene:
    """A fight seat 0 wins (two Brutes against a Wall carrier, Bonked in the second
    round; a Brute against a Turtle carrier, worn down 1 a round) unless `armed`: a
    Keep of seat 1 (Attack 6) next to the cell, or a Kotatsu (Defense +3) the Turtle
    carries and has not used."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    if case == "haven":
        for _ in range(2):
            sc.char("brute", (2, 1))
        sc.char("wall", (2, 1), seat=1, items=["idol"])
        if armed:
            sc.st.places[(2, 2)] = Place(sc.card("keep", 1), "haven", 1)
            sc.st.seats[1].havens.append((2, 2))
    else:
        sc.char("brute", (2, 1))
        sc.char("turtle", (2, 1), seat=1, items=["idol"], equipment=["kotatsu"] if armed else [])
    return deck_lists(sc).turn(MOVE)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("case", ["haven", "equipment"])
def test_it_starts_no_fight_the_foes_haven_or_equipment_would_turn_r35(level, case):
    """Combat between players (R33): a Haven with Attack next to the Location attacks
    there (R35), and a Character may put the Equipment it carries to use once the
    fight is on (Rules for Equipment). Seat 1's Keep makes the two Brutes' fight a
    loss (its 6 and the Wall's 2 Bonk a Brute a round, and one Brute alone cannot get
    through the Wall's Defense 7); the Kotatsu makes the Turtle's Defense 8, which
    the Brute's 6 cannot get through. Read without them, every level started these
    fights (full games showed such fights started and fled); without them, it starts
    them."""
    for seed in range(3):
        for armed in (False, True):
            acts = _duel_from(level, _backed(case, armed), seed)
            assert (Challenge(1, (2, 1)) in acts) != armed, (armed, acts)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_it_guards_no_character_the_foes_cannot_hurt_and_ends_the_fight_r33(level):
    """Combat between players (R33): seat 1's Wall (Attack 2) takes on seat 0's two
    Brutes (Defense 4), one carrying an Idol. Only the Brutes teamed get through the
    Wall's Defense 7 (R33 b). Guarding the carrier, whom the Wall cannot hurt, kept
    one Brute out of every round: nobody was hurt until seat 0 Ran Away from a fight
    it wins. Both attack, and the Wall is Bonked."""
    for seed in range(3):
        sc = Scene(CARDS, seats=2)
        field(sc)
        sc.char("brute", (2, 1), items=["idol"])
        sc.char("brute", (2, 1))
        sc.char("wall", (2, 1), seat=1)
        st = deck_lists(sc).turn(MOVE, seat=1).st
        apply(st, Challenge(0, (2, 1)))
        agent, rng, mine = LEVELS[level](), random.Random(seed), []
        while st.duel is not None:
            assert st.actions < 60, mine
            legal = legal_actions(st)
            if st.current_seat() == 0:
                mine.append(agent.choose(view(st, 0), legal, rng))
                apply(st, mine[-1])
            else:
                apply(st, next(x for x in legal if isinstance(x, Engage) and x.role == "attack"))
        assert RunAway() not in mine and not any(u.owner == 1 for u in st.units.values()), mine


def test_a_fight_played_out_counts_three_attackers_a_target_and_hits_at_once_r33_b():
    """`board.fight`, the rules' reading of Combat between players: both sides hit at
    once (guideline 3.2), at most three attack one target (R33 b), as few as Bonk it.
    Four Brutes (Attack 6) against a Wall (Defense 7, Health 7) and a Scout: one
    Bonks the Scout (6 - 2 >= 2) while three together Bonk the Wall (18 - 7 >= 7), in
    one round; the Scout's 3 and the Wall's 2 do not get through a Brute's Defense 4."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    mine = [sc.char("brute", (2, 1)) for _ in range(4)]
    theirs = [sc.char("wall", (2, 1), seat=1), sc.char("scout", (2, 1), seat=1)]
    st = sc.st
    side, foes = [st.units[i] for i in mine], [st.units[i] for i in theirs]
    assert fight(st, side, foes) == (4, 0)
    assert fight(st, foes, side) == (0, 4)  # the same fight, from the other side
    # Two Scouts against a Scout and a Brute: one of each Bonked in the first round,
    # then the Brute Bonks the last Scout, which cannot hurt it.
    sc = Scene(CARDS, seats=2)
    field(sc)
    side = [sc.char("scout", (2, 1)), sc.char("scout", (2, 1))]
    foes = [sc.char("scout", (2, 1), seat=1), sc.char("brute", (2, 1), seat=1)]
    st = sc.st
    assert fight(st, [st.units[i] for i in side], [st.units[i] for i in foes]) == (0, 1)


def test_a_fight_played_out_does_not_hang_on_the_order_units_are_listed_in_r33():
    """`board.fight` (R33, guideline 3.2) reads a fight from what each side is, not from
    the order its units come in: a world sampled from a view lists them in its own, and
    a walk the real order called a loss was taken where another order called it even.
    Every order of both sides, over pairs of sides with damage taken (Defense plus
    Health left ties for units unlike in Defense), gives one reading."""
    kinds = [(card, damage) for card in ("scout", "brute", "turtle", "lout") for damage in (0, 1, 3)]
    compared = 0
    for mine in itertools.combinations_with_replacement(kinds, 2):
        # One field a side (building it was most of the time): each pair of foes is
        # taken out of play again before the next one comes.
        sc = Scene(CARDS, seats=2)
        field(sc)
        side = [sc.char(card, (2, 1)) for card, _ in mine]
        st = sc.st
        for theirs in itertools.combinations(kinds, 2):
            foes = [sc.char(card, (2, 1), seat=1) for card, _ in theirs]
            for i, (_, damage) in zip(side + foes, mine + theirs):
                st.units[i].damage = min(damage, st.game.card(i).base_health - 1)
            readings = {fight(st, [st.units[i] for i in a], [st.units[i] for i in b])
                        for a in itertools.permutations(side) for b in itertools.permutations(foes)}
            assert len(readings) == 1, (mine, theirs, readings)
            assert list(st.units) == side + foes  # only this pair meets the side
            compared += 1
            for i in foes:
                st.take_unit(i)
    assert compared > 1000


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("fight", FIGHTS)
def test_it_does_not_flee_a_fight_it_started_r33(level, fight):
    """Combat between players (R33) on scenes a newcomer to the code built: the rules
    start a fight only where, played out without Combat cards (`board.fight`), seat 1
    is all Bonked and some of theirs stand, and attack as that reading does, so that
    a fight they start (the Combat cards are blank) goes as they read it: they do not
    Run Away, and seat 1's carrier drops its Idol."""
    mine, theirs, starts = FIGHTS[fight]
    for seed in range(3):
        sc = Scene(CARDS, seats=2)
        field(sc)
        for card in mine:
            sc.char(card, (2, 1))
        for card, items in theirs:
            sc.char(card, (2, 1), seat=1, items=items)
        deck_lists(sc).turn(MOVE)
        acts = _duel_from(level, sc, seed)
        assert (Challenge(1, (2, 1)) in acts) == starts, acts
        if starts:
            assert RunAway() not in acts and sc.st.duel is None, acts
            assert not any(u.items for u in sc.st.units.values() if u.owner == 1)


@pytest.mark.parametrize("level", LEVELS)
def test_it_starts_no_fight_it_would_lose(level):
    """A lone Scout beside three Brutes of seat 1 does not start Combat with them."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.char("scout", (2, 1))
    for _ in range(3):
        sc.char("brute", (2, 1), seat=1, items=["idol"])
    deck_lists(sc).turn(MOVE)
    for seed in range(3):
        assert not isinstance(decide(level, sc.st, seed), Challenge)


@pytest.mark.parametrize("level", LEVELS)
def test_it_starts_no_fight_that_needs_a_character_with_no_action(level):
    """A Scout beside a Brute under No Action, and a Brute of seat 1 carrying an Item
    (Defense 4, Health 4): the Brute under No Action may not attack (guideline 1.1),
    the Scout's Attack 3 cannot get through alone, and seat 1's Brute Bonks both in
    turn, so it does not Challenge. The rule player counted the Attack 6 of the Brute
    under No Action (9 against 4 and 4) and started a fight it could not win."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.char("scout", (2, 1))
    brute = sc.char("brute", (2, 1))
    sc.st.add_lasting(Lasting(brute, brute, 0, flags=("no_action",), until="game"))
    sc.char("brute", (2, 1), seat=1, items=["idol"])
    deck_lists(sc).turn(MOVE)
    for seed in range(3):
        assert not isinstance(decide(level, sc.st, seed), Challenge)


def challenge_and_play(sc: Scene, cell, level: str, seed: int, limit: int) -> int:
    """Seat 0 Challenges seat 1 at `cell` in its Move phase; both seats, played by
    `level`, act until the Combat between players ends or `limit` actions pass. The
    actions taken."""
    deck_lists(sc).turn(MOVE)
    sc.do(Challenge(1, cell))
    agents, rng = [LEVELS[level](), LEVELS[level]()], random.Random(seed)
    st = sc.st
    start = st.actions
    while st.duel is not None and st.actions - start < limit:
        seat = st.current_seat()
        apply(st, agents[seat].choose(view(st, seat), legal_actions(st), rng))
    return st.actions - start


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seed", [0, 1])
def test_a_fight_neither_side_can_hurt_ends_combat_between_players_r44(level, seed):
    """Two Turtles (Attack 2, Defense 5), one of each seat, each carrying an Item, in
    Combat between players with blank Combat cards: neither can get through.
    "Combat continues until" one side is Bonked or Runs Away, so attacks that cannot
    hurt would keep it going for ever; the level stops attacking, the round without an
    attack makes the initiator Run Away (R44), and the game goes on. Seen in a mirror
    ladder game: hard and normal declared attacks on each other round after round."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.char("turtle", (2, 1), items=["idol"])
    sc.char("turtle", (2, 1), seat=1, items=["idol"])
    taken = challenge_and_play(sc, (2, 1), level, seed, 40)
    assert sc.st.duel is None, f"still in Combat after {taken} actions"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("side", ["four walls", "a brute with no action"])
def test_a_side_counts_only_three_attackers_that_may_attack_r33_b(level, side):
    """"Up to 3 Characters can team their attacks against the same target" (R33 b), and
    a Character with No Action does not attack (guideline 1.1). Each side has four
    Walls (Attack 2, Defense 7), which come to 6, not 8; or a Turtle (Attack 2,
    Defense 5) and a Brute under No Action, which come to 2, not 8. One of each side
    carries an Item. Neither side can get through, so the level stops attacking and
    the Combat ends (R44). The rule player once summed every Character at the cell and
    both sides attacked each other's carrier round after round."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    cell = (2, 1)
    for seat in (0, 1):
        if side == "four walls":
            sc.char("wall", cell, seat=seat, items=["idol"])
            for _ in range(3):
                sc.char("wall", cell, seat=seat)
        else:
            sc.char("turtle", cell, seat=seat, items=["idol"])
            brute = sc.char("brute", cell, seat=seat)
            sc.st.add_lasting(Lasting(brute, brute, 0, flags=("no_action",), until="game"))
    taken = challenge_and_play(sc, cell, level, 0, 60)
    assert sc.st.duel is None, f"still in Combat after {taken} actions"


# No Combat with a Disaster kept up for ever -------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_it_runs_from_a_disaster_it_may_not_attack_combat_with_a_disaster(level):
    """Combat with a Disaster "continues until" it flees, is Defeated, Bonks them all or
    they Run Away: a Brute with No Action cannot attack (guideline 1.1), and a Prowler
    (Attack 2) cannot get through its Defense 4, so only Running Away ends it. The rule
    player once counted the Brute's Attack and stayed out for ever."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    path = sc.st.path  # the way Disasters move (R3)
    brute = sc.char("brute", path[2])
    sc.disaster("prowler", path[0])
    sc.st.add_lasting(Lasting(brute, brute, 0, flags=("no_action",), until="game"))
    deck_lists(sc).turn(DISCARD)
    sc.do(EndPhase())  # Maintenance: the Prowler moves onto the Brute
    assert sc.st.combat is not None and sc.st.combat.context == "maintenance"
    agent, rng = LEVELS[level](), random.Random(0)
    while sc.st.combat is not None and sc.st.combat.round <= 2 * PATIENCE:
        st = sc.st
        apply(st, agent.choose(view(st, st.current_seat()), legal_actions(st), rng))
    assert sc.st.combat is None and brute in sc.st.units


def _brute_attacked_by(disaster: str, items: tuple[str, ...] = ()) -> Scene:
    """A Brute (Attack 6, Defense 4, Health 4) carrying `items` (nothing), in Combat with
    a Disaster that moved onto it in Maintenance; blank Combat piles."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    path = sc.st.path  # the way Disasters move (R3)
    sc.char("brute", path[2], items=list(items))
    sc.disaster(disaster, path[0])
    deck_lists(sc).turn(DISCARD)
    sc.do(EndPhase())  # Maintenance: the Disaster moves onto the Brute
    assert sc.st.combat is not None
    return sc


def _combat_played(level: str, sc: Scene, rounds: int = 12) -> list:
    """The agent's choices until the Combat is over (or `rounds` rounds)."""
    agent, rng, taken = LEVELS[level](), random.Random(0), []
    while sc.st.combat is not None and sc.st.combat.round <= rounds:
        st = sc.st
        a = agent.choose(view(st, st.current_seat()), legal_actions(st), rng)
        taken.append(a)
        apply(st, a)
    return taken


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_it_runs_from_a_disaster_that_wears_it_down_combat_with_a_disaster(level):
    """Combat with a Disaster "continues until" it is Defeated, Bonks them all or they
    Run Away; Running Away gives it "one final, unanswered attack" (Run Away). The
    Brute hurts the Ogre (6 against Defense 5: 1 a round, Health 5) but the Ogre hurts
    it more (6 against Defense 4: 2 a round, Health 4): played out, the Brute is Bonked
    in the second round, and the final attack leaves it standing. With nothing to
    carry, the rules read only whether it hurts the Disaster, so it stood and was
    Bonked (out of play a whole Turn: rulebook, Bonk)."""
    sc = _brute_attacked_by("ogre")
    brute = next(u.card for u in sc.st.units.values() if not u.disaster)
    taken = _combat_played(level, sc)
    assert any(isinstance(a, RunAway) for a in taken), taken
    assert sc.st.combat is None and brute in sc.st.units


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_it_stands_in_a_combat_it_wins_however_long_combat_with_a_disaster(level):
    """The Sloth (Attack 4) cannot get through the Brute's Defense 4, and the Brute
    takes 1 of its Health 5 a round: the Brute wins in five rounds, too slowly for
    `board.can_beat`'s two. It does not run, and the Sloth is Defeated."""
    sc = _brute_attacked_by("sloth")
    sloth = next(u.card for u in sc.st.units.values() if u.disaster)
    taken = _combat_played(level, sc)
    assert not any(isinstance(a, RunAway) for a in taken), taken
    assert sc.st.combat is None and sloth not in sc.st.units


@pytest.mark.parametrize("disaster,defeated", [("shell", False), ("titan", True)])
def test_a_disaster_fight_played_out_counts_3_attackers_at_a_minor_4_at_a_major(
        disaster, defeated):
    """Combat with Disasters: "up to 4 Characters can attack a Major Disaster, and up to
    3 Characters can attack a Minor Disaster". Four Scouts (Attack 3) against Defense 9:
    three get nothing through a Minor one, four take 3 a round off a Major one."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    scouts = [sc.st.units[sc.char("scout", (1, 1))] for _ in range(4)]
    d = sc.st.units[sc.disaster(disaster, (1, 1), seat=1)]
    assert disaster_fight(sc.st, scouts, d, None)[:2] == (4, defeated)



@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_four_run_at_once_from_a_minor_disaster_only_four_could_hurt_combat_with_a_disaster(
        level):
    """"Up to 3 Characters can attack a Minor Disaster": four Scouts (Attack 3) get
    nothing through the Shell's Defense 9, and it cannot hurt them either, so only
    Running Away ends the Combat. Counting all four (12 against 9), the rules read a
    Combat they win and attacked round after round before they ran."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    path = sc.st.path
    for _ in range(4):
        sc.char("scout", path[2])
    sc.disaster("shell", path[0])
    deck_lists(sc).turn(DISCARD)
    sc.do(EndPhase())  # Maintenance: the Shell moves onto the Scouts
    assert sc.st.combat is not None
    taken = _combat_played(level, sc)
    assert isinstance(taken[0], RunAway) and sc.st.combat is None, taken


# Found by a habit audit on new scenes (fifteenth stop of issue 16) ------------------

@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_carrier_stands_in_a_combat_no_attack_of_the_disaster_gets_through_combat_with_a_disaster(
        level):
    """The Sloth scene, the Brute carrying an Idol: the Sloth (Attack 4) gets nothing
    through Defense 4, so the Brute wins in five rounds and risks nothing. Running Away
    "will end your Turn" (Run Away) and leaves the Sloth to come back: with an Item,
    the rules ran from any Disaster not beaten in about two rounds (`board.can_beat`)."""
    sc = _brute_attacked_by("sloth", items=("idol",))
    sloth = next(u.card for u in sc.st.units.values() if u.disaster)
    taken = _combat_played(level, sc)
    assert not any(isinstance(a, RunAway) for a in taken), taken
    assert sc.st.combat is None and sloth not in sc.st.units


def _keep_next_door(mover: str, keep: bool) -> Scene:
    """Seat 0's lone `mover` at (0, 1), an Idol under (2, 1); with `keep`, seat 1's Keep
    (a Haven with Attack 6) at (2, 2), and none of seat 1's Characters near."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.location((2, 1), under=["idol"])
    sc.location((4, 0), "vault", under=["idol"] * 3)  # one Idol does not end the game
    sc.char(mover, (0, 1))
    if keep:
        sc.st.places[(2, 2)] = Place(sc.card("keep", 1), "haven", 1)
        sc.st.seats[1].havens.append((2, 2))
    return deck_lists(sc).turn(MOVE)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("mover", ["scout", "brute"])
def test_no_lone_walk_beside_a_haven_that_attacks_alone_r35_b(level, mover):
    """A Haven with Attack next to a Location fights there, and "its owner may initiate
    Combat from it ... with no Characters of its own there" (R35 b): seat 1's Keep
    (Attack 6) Kills a Scout (Defense 2) in a round and Bonks a Brute (Defense 4,
    Health 4) in two, and the Idol it took drops. Danger was read only where another
    player has Characters, so every level walked in. Without the Keep it does."""
    for seed in range(3):
        a = decide(level, _keep_next_door(mover, keep=True).st, seed)
        assert not (isinstance(a, Move) and a.cell == (2, 1)), (seed, a)
    a = decide(level, _keep_next_door(mover, keep=False).st, 0)
    assert isinstance(a, Move) and a.cell == (2, 1), a


def test_a_haven_alone_fights_on_and_stands_r35_b():
    """The reading of a fight (`board.fight`) with a side of Havens alone: it cannot be
    attacked or Bonked (R35 a), so it stands as one; 6 a round Bonks a Brute (Defense 4,
    Health 4) in the second round, and nothing gets through a Wall's Defense 7."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    brute = sc.st.units[sc.char("brute", (2, 1))]
    wall = sc.st.units[sc.char("wall", (2, 1))]
    keep = Ground(forts=([], [6]))
    assert fight(sc.st, [brute], [], ground=keep) == (0, 1)
    assert fight(sc.st, [wall], [], ground=keep) == (1, 1)
    assert fight(sc.st, [brute], []) == (1, 0)  # no Haven: nobody fights


def _at(place: str) -> Scene:
    """Two Brutes of seat 0 and a Wall of seat 1 carrying an Idol at (2, 1), a `place`;
    seat 0's Move phase."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.location((2, 1), place)
    sc.char("brute", (2, 1))
    sc.char("brute", (2, 1))
    sc.char("wall", (2, 1), seat=1, items=["idol"])
    return deck_lists(sc).turn(MOVE)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_it_starts_no_fight_the_location_would_turn_r24(level):
    """A Location with Attack "also strikes every Character of the group once per round"
    in Combat there when the group lacks its required skills (R24; Rules for Locations).
    At a Fort (Attack 6, Climbing needed) neither side has it: two Brutes (Defense 4,
    Health 4) take 2 each a round and the Wall (Defense 7) nothing, so after two rounds
    both Brutes are Bonked with the Wall, and the Idol drops where they cannot Scavenge.
    At a plain Location the same fight is theirs, and they start it."""
    for seed in range(3):
        mine = _duel_from(level, _at("fort"), seed)
        assert not any(isinstance(a, Challenge) for a in mine), (seed, mine)
    assert any(isinstance(a, Challenge) for a in _duel_from(level, _at("plain"), 0))


def test_a_fight_played_out_has_the_location_strike_each_round_r24():
    """`board.fight` with the Location's strikes: the Fort's 6 takes 2 a round off each
    Brute and nothing off the Wall; the Brutes' 12 take 5 a round off the Wall (Health
    7): all three are Bonked in the second round."""
    st = _at("fort").st
    brutes = [u for u in st.units.values() if u.owner == 0]
    wall = [u for u in st.units.values() if u.owner == 1]
    assert fight(st, brutes, wall) == (2, 0)
    assert fight(st, brutes, wall, ground=Ground(struck=(6, 6))) == (0, 0)


@pytest.mark.parametrize("seed", range(6))
def test_hard_fights_out_a_fight_its_side_is_winning_r33(seed):
    """Three Knights (Attack 5, Defense 4) meet seat 1's Brute carrying an Idol, a Knight
    and a Scout: a fight the rules read as won, and start. Searched, the declarations
    drifted (a Knight guarding a Knight instead of attacking the Brute), hard lost two
    Knights and fled with the last: it started a fight and fled it (R33)."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.location((0, 0), "vault", under=["idol"] * 3)  # one Idol does not end the game
    sc.location((2, 1))
    for _ in range(3):
        sc.char("knight", (2, 1))
    for i, card in enumerate(["brute", "knight", "scout"]):
        sc.char(card, (2, 1), seat=1, items=["idol"] if i == 0 else [])
    mine = _duel_from("hard", deck_lists(sc).turn(MOVE), seed)
    assert any(isinstance(a, Challenge) for a in mine) and RunAway() not in mine, mine


def _ronin_carrier(foe: str, charm: bool) -> Scene:
    """Seat 0's Novice (2/3) and Adept (3/3) at (2, 1) with seat 1's `foe` (5/3)
    carrying an Idol: the mirror deck's Sayo, Foxglove and Akiko."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=charm))
    field(sc)
    sc.location((4, 0), "vault", under=["idol"] * 3)  # one Idol does not end the game
    sc.char("novice", (2, 1))
    sc.char("adept", (2, 1))
    sc.char(foe, (2, 1), seat=1, items=["idol"])
    return deck_lists(sc).turn(MOVE)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("charm", [True, False])
def test_it_starts_no_fight_a_foe_s_bonus_in_combat_would_turn_r33(level, charm):
    """A Ronin's "+1 Attack in Combat" (the mirror and demo decks' Akiko) holds only
    once a Combat is under way (Rules for Combat). Read before the fight with its
    Attack 5, the teamed 5 of Novice and Adept Bonk it in the second round while it
    Bonks one: a win, so every level Challenged; under way, at 6 it Bonks one a round,
    and the same reading ran (the Ronin's Item dropped where it could not be kept). A
    Ronin without the bonus is Challenged."""
    for seed in range(2):
        taken = _duel_from(level, _ronin_carrier("ronin", charm), seed)
        assert not any(isinstance(a, Challenge) for a in taken), (seed, taken)
    taken = _duel_from(level, _ronin_carrier("plain-ronin", charm), 0)
    assert any(isinstance(a, Challenge) for a in taken), taken


def _knight_and_idol(blade: bool) -> Scene:
    """Seat 0's lone Knight at (0, 1); an Idol under (2, 1), where seat 1's Knight
    stands, with a Blade (+3 Attack) it has not used this Turn."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.location((2, 1), under=["idol"])
    sc.location((4, 2), "vault", under=["idol"] * 3)  # one Idol does not end the game
    sc.char("knight", (0, 1))
    sc.char("knight", (2, 1), seat=1, equipment=["blade"] if blade else [])
    return deck_lists(sc).turn(MOVE)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_lone_walk_into_a_foe_its_equipment_makes_stronger_rules_for_equipment(level):
    """Equipment is put to use once a Turn, in Combat too (Rules for Equipment): seat
    1's Knight with its Blade attacks for 8 against Defense 4 and Bonks the walker in a
    round. A fight the AI would start was read with that Equipment in use; a walk-in
    was not, so every level walked in and was Bonked next Turn. Against a bare Knight
    (an even fight) it walks in."""
    for seed in range(3):
        a = decide(level, _knight_and_idol(blade=True).st, seed)
        assert not (isinstance(a, Move) and a.cell == (2, 1)), (seed, a)
    a = decide(level, _knight_and_idol(blade=False).st, 0)
    assert isinstance(a, Move) and a.cell == (2, 1), a


def _carrier_and_ghoul(ghoul_at: tuple, owner: int = 1) -> Scene:
    """The row (_row): a Scout (3/2, Health 2) carrying an
    Idol at (2, 0), a Ghoul (3/2, Health 2) at `ghoul_at`. Each hurts the other 1 a
    round: in the second round both fall at once."""
    sc = _row()
    sc.char("scout", (2, 0), items=["idol"])
    sc.disaster("ghoul", ghoul_at, seat=owner)
    return deck_lists(sc)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_carrier_walks_onto_no_disaster_that_bonks_it_as_it_falls_combat_with_a_disaster(
        level):
    """Both sides hit at once each round (guideline 3.2): a Disaster beaten in two
    rounds that Bonks the carrier in two takes it down with it. The rules read only
    whether its Attack Bonked the toughest at once, and easy took the Scout home over
    the Ghoul's cell (then ran, and the final attack Bonked it: Run Away)."""
    for seed in range(3):
        st = _carrier_and_ghoul((0, 0)).turn(MOVE).st
        a = decide(level, st, seed)
        assert not (isinstance(a, Move) and a.cell == (0, 0)), (seed, a)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_carrier_runs_into_no_final_attack_that_bonks_it_run_away(level):
    """Run Away gives the Disaster "one final, unanswered attack". After a round, the
    Scout and the Ghoul each have 1 Health left: staying, both fall together and the
    Ghoul is Defeated; running, the final attack Bonks the Scout and the Ghoul stands.
    The rules ran with a carrier from any Disaster not beaten in about two rounds."""
    # In seat 0's Maintenance its Disasters go one step along the path, (4, 0) to (0, 0).
    sc = _carrier_and_ghoul((3, 0), owner=0).turn(DISCARD)
    ghoul = next(u.card for u in sc.st.units.values() if u.disaster)
    sc.do(EndPhase())  # Maintenance: the Ghoul moves onto the Scout
    assert sc.st.combat is not None
    for u in sc.st.units.values():
        u.damage = 1  # as after a round fought
    taken = _combat_played(level, sc)
    assert ghoul not in sc.st.units or any(
        u.items for u in sc.st.units.values() if not u.disaster), taken


# Discard Phase: no Character thrown away ------------------------------------------

@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("seed", range(4))
def test_it_discards_not_its_only_character_in_the_haven_discard_phase_guideline_2_3(
        level, seed):
    """Discard Phase ("Discard any cards in your Haven that you do not want") with
    guideline 2.3 ("A Character that has been Discarded is considered Killed"): the
    Scout, seat 0's only Character, waits in its Haven; a search level may weigh it
    among its candidates (shortlist), and a playout's luck would then throw it away for
    good. The rules call it a blunder: it is no candidate, and the seat keeps it."""
    sc = deck_lists(Scene(CARDS, seats=2))
    field(sc)
    scout = sc.char("scout", (-1, 1))
    sc.char("brute", (5, 1), seat=1)
    sc.hand(0, "blade", "blank")
    sc.turn(DISCARD)
    st = sc.st
    legal = legal_actions(st)
    kill = legal.index(DiscardCard(scout))
    assert kill not in shortlist(st, legal, 6, False)
    for _ in range(4):  # the whole Discard phase: whatever it discards, never the Scout
        a = decide(level, st, seed)
        assert a != DiscardCard(scout)
        if a == EndPhase():
            break
        apply(st, a)
    assert scout in st.units


# No idling while Disasters carry the Items ------------------------------------------

def _disaster_with_idol(disaster: str, group=("brute", "brute"), at=(0, 1)) -> Scene:
    """Seat 0's `group` (two Brutes) at `at`; no Item under a Location but three in a
    Vault (three males) it may not Scavenge; seat 1's `disaster` at (3, 1) carrying an
    Idol."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.location((4, 2), "vault", under=["idol"] * 3)
    for card in group:
        sc.char(card, at)
    sc.disaster(disaster, (3, 1), seat=1, items=["idol"])
    return deck_lists(sc).turn(MOVE)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_it_goes_for_a_disaster_carrying_an_item_it_beats_rules_for_disasters(level):
    """"If a Character Defeats a Disaster with an Item, the Item is dropped beneath the
    Location" (Rules for Disasters). A whole mirror-deck game (standard level, seed 97100,
    game 3) had no Item left under any Location, seven carried by Disasters its groups
    beat, and both seats sat in their Havens from round 9 to the round limit, which the
    Disasters won: a target was only a Location with Items under it, so every move was
    aimless. Two Brutes now walk towards a Prowler (Attack 2, Defense 2) carrying an Idol,
    and in four Turns have it in their Haven; not towards a Titan (Defense 9) they do
    not beat."""
    for seed in range(3):
        a = decide(level, _disaster_with_idol("prowler").st, seed)
        assert isinstance(a, Move) and a.cell[0] > 0, a
        a = decide(level, _disaster_with_idol("titan").st, seed)
        assert not isinstance(a, Move), a
    sc = _disaster_with_idol("prowler")
    _turns(level, sc, 4, 0)
    assert items_under(sc.st, (-1, 1))[0] == 1


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_none_leaves_companions_for_danger_only_it_alone_would_face_r35_b(level):
    """A Combat at a Location is fought by all of the seat's Characters there (R33, R35):
    a Wall (Defense 7) and a Scout stand on an Idol beside seat 1's Keep (Attack 6,
    R35 b), which gets through to neither while the Wall stands. The rules read the
    Scout's danger there as if it stood alone, Killed in a round, so a walk anywhere
    away looked a gain: in a standard-level game (seed 97100, game 7) hard walked a
    Character out of its group and back four times in one Move phase, and normal did
    the like. Now the danger of a cell is read for the movers with the seat's
    Characters staying or standing there, and the pair stays to Scavenge."""
    for seed in range(3):
        sc = Scene(CARDS, seats=2)
        field(sc)
        sc.location((2, 1), under=["idol"])
        sc.location((4, 0), "vault", under=["idol"] * 3)  # one Idol does not end the game
        sc.char("wall", (2, 1))
        sc.char("scout", (2, 1))
        sc.st.places[(2, 2)] = Place(sc.card("keep", 1), "haven", 1)
        sc.st.seats[1].havens.append((2, 2))
        a = decide(level, deck_lists(sc).turn(MOVE).st, seed)
        assert not isinstance(a, Move), (seed, a)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_it_starts_no_fight_with_a_disaster_it_then_flees_combat_with_a_disaster(level):
    """A Knight (Attack 5, Defense 4) and a Scout (Defense 2, Health 2) against a Sloth
    (Attack 4, Defense 5, Health 5) carrying an Idol: `can_beat` reads 3 a round through
    and the Knight never hurt, a win; played out (`board.disaster_fight`, the reading that
    decides Running Away) the Sloth Bonks the Scout in the first round and the Knight
    alone gets nothing through, so the group runs. Going for Disasters with Items, normal
    walked a pair onto a Major Disaster on the mirror level (seed 98000, game 8), started
    a Fight and Ran Away before the first blow. A Disaster is now gone for and Fought only
    where, played out, it is Defeated."""
    for seed in range(3):
        a = decide(level, _disaster_with_idol("sloth", ("knight", "scout")).st, seed)
        assert not isinstance(a, Move), a
        a = decide(level, _disaster_with_idol("sloth", ("knight", "scout"), (3, 1)).st, seed)
        assert not isinstance(a, Fight), a


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_it_goes_for_a_disaster_it_beats_with_its_character_already_there_r33(level):
    """Combat with a Disaster is fought by the seat's whole group at its cell (R33, the
    Fight at a Location): a Brute stands at an Ogre's cell (Attack 6, Defense 5, Health
    5; it Bonks a lone Brute in two rounds and takes five), which carries an Idol; the
    other Brute, three cells off, beats it with the first in a round. The rules read the
    Ogre as a target only for the mover alone, so no level went for it and the Brute
    there walked away; now the other walks towards it."""
    for seed in range(3):
        sc = _disaster_with_idol("ogre", group=("brute",), at=(0, 1))
        sc.char("brute", (3, 1))
        a = decide(level, sc.st, seed)
        assert isinstance(a, Move) and sc.st.units[a.chars[0]].pos == (0, 1), (seed, a)
        assert distance(a.cell, (3, 1)) < 3, (seed, a)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_carrier_joins_no_companion_facing_foes_for_a_value_counted_twice_r33(level):
    """A Combat between players at a cell is fought by every Character of both seats
    there (R33 a). A Brute carrying an Idol home, three cells off, and another Brute
    beside it facing two of seat 1's Louts (6/4), who outmatch either Brute alone but
    not the pair. `_move` reads the carrier's value in its companion's company, and
    `_together` added it again (the value together beyond the better of each alone,
    the carrier's read alone, in danger): 4 + 7, above the 4 of two cells nearer home,
    and every level walked the Idol into the foes' cell, where they pick the moment to
    fight. Now the carrier walks home."""
    for seed in range(3):
        sc = Scene(CARDS, seats=2)
        field(sc)
        sc.location((4, 2), "vault", under=["idol"] * 3)
        sc.char("brute", (2, 1), items=["idol"])
        sc.char("brute", (2, 0))
        for _ in range(2):
            sc.char("lout", (2, 0), seat=1)
        a = decide(level, deck_lists(sc).turn(MOVE).st, seed)
        assert not (isinstance(a, Move) and a.cell == (2, 0)), (seed, a)


# No transformation that Bonks its own Character -----------------------------------
SHELL = """\
- {id: shell, name: Shell, type: character, gender: male, other_form: blade,
   abilities: {attack: 1, defense: 5, movement: 2, charm: 1, energy: 1}}
- {id: blade, name: Blade, type: character, gender: male, other_form: shell,
   abilities: {attack: 6, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: gem, name: Gem, type: item}
- {id: pebble, name: Pebble, type: disaster, class: minor,
   abilities: {attack: 0, defense: 9, movement: 1}}
"""


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_transformation_into_a_form_its_damage_bonks_R116(level):
    """R116: a new form whose Health the Damage carried uses up is Bonked at once. Shell
    (Defense 5) carries 2 Damage in a Fight with a Pebble; Blade is printed stronger
    (Attack 6 against 1) but has Defense 2: the rules scored the Transform 2.0 for the
    print alone, and a level took it and lost its Character to its own move."""
    sc = Scene(SHELL, seats=1, options=Options(charm_combat=False))
    sc.location((0, 0), under=["gem"])
    sc.location((0, 1), under=["gem"])
    sc.haven((1, 0))
    shell = sc.char("shell", (0, 0))
    sc.st.seats[0].forms = [sc.card("blade")]
    pebble = sc.disaster("pebble", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(Fight(pebble))
    sc.unit(shell).damage = 2
    legal = legal_actions(sc.st)
    assert Transform(shell) in legal
    assert Scorer(sc.st).scores(legal)[legal.index(Transform(shell))] < 0
    for seed in range(3):
        assert decide(level, sc.st, seed) != Transform(shell), seed


PUPA = """\
- {id: pupa, name: Pupa, type: character, gender: female, other_form: wyrm,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: wyrm, name: Wyrm, type: character, gender: female, other_form: pupa,
   abilities: {attack: 8, defense: 7, movement: 2, charm: 1, energy: 1}}
- {id: kit, name: Kit, type: character, gender: female, other_form: fox,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: fox, name: Fox, type: character, gender: female, other_form: kit,
   abilities: {attack: 6, defense: 5, movement: 2, charm: 1, energy: 1}}
- {id: scout, name: Scout, type: character, gender: female,
   abilities: {attack: 3, defense: 2, movement: 2, charm: 0, energy: 1}}
- {id: gem, name: Gem, type: item}
- {id: colossus, name: Colossus, type: disaster, class: minor,
   abilities: {attack: 10, defense: 9, movement: 1}}
- {id: warg, name: Warg, type: disaster, class: minor,
   abilities: {attack: 7, defense: 5, movement: 1}}
"""


def _fight_with_form(form: str, other: str, disaster: str, mates=(), items=()):
    """Seat 0's `form` (its `other` form kept out of play), carrying `items`, with
    `mates`, has begun a Fight with `disaster` in its Move phase."""
    sc = Scene(PUPA, seats=1, options=Options(charm_combat=False))
    sc.location((0, 0), under=["gem"])
    sc.location((0, 1), under=["gem"])
    sc.haven((1, 0))
    char = sc.char(form, (0, 0), items=list(items))
    for mate in mates:
        sc.char(mate, (0, 0))
    sc.st.seats[0].forms = [sc.card(other)]
    d = sc.disaster(disaster, (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(Fight(d))
    return sc, char


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_transformation_that_gives_up_the_run_from_a_combat_it_loses_rules_for_transforming(
        level):
    """"A Character that is transforming cannot be moved that Turn except by a
    Disaster" (Rules for Transforming), so its group may not Run Away from the Combat
    it transformed in (R114 to R116). Pupa (Attack 1) is in a Fight with a Colossus
    (Attack 10, Defense 9) it cannot hurt: running is the way out. Wyrm, her other form,
    is printed 12 stronger (Attack 8, Defense 7) and cannot hurt it either: the rules
    scored the Transform 7.0 by the print, above the run's 6.0, every level took it and
    was shut in a Combat that Bonks her in three rounds. Now it runs. A Transform that
    turns the Combat is still weighed: Kit (Attack 2) carrying a Gem and a Scout cannot
    hurt a Warg (Defense 5), and Fox (Attack 6) with the Scout beats it."""
    sc, pupa = _fight_with_form("pupa", "wyrm", "colossus")
    assert Transform(pupa) in legal_actions(sc.st)
    for seed in range(3):
        assert decide(level, sc.st, seed) == RunAway(), seed
    sc, kit = _fight_with_form("kit", "fox", "warg", ("scout",), ("gem",))
    legal = legal_actions(sc.st)
    assert Scorer(sc.st).scores(legal)[legal.index(Transform(kit))] > BLUNDER
