"""Totals made faster for issue 16 (the thirty-ninth stop's totals part), each shortcut
pinned against the rule it must keep: the Places' memo checked by one dict comparison
and the cells' order, Movement's Location-only givers read without the units' cards, a
total out of a reading walking only the sources whose cards may modify its ability, and
a reading's plain totals keeping the lasting modifiers' order (R10)."""
from __future__ import annotations

import pytest

from game.cli import load_games
from game.engine import abilities, static
from game.engine.abilities import static_for, total
from game.engine.cards import Modifier
from game.engine.memo import places_memo, reading
from game.engine.state import MOVE, Lasting, Place
from conftest import ROOT
from scene import Scene
from test_speed_caches import ABILITIES, random_states

REPLACING = """\
- {id: runner, name: Runner, type: character, gender: female,
   abilities: {attack: 1, defense: 1, movement: 2, charm: 1, energy: 1}}
- {id: slow, name: Slow Ground, type: location,
   effects: [{"on": static, do: [{modify: {movement: "1"}, to: yours}]}]}
- {id: fast, name: Fast Ground, type: location,
   effects: [{"on": static, do: [{modify: {movement: "4"}, to: yours}]}]}
"""


def test_the_places_memo_follows_the_cells_order():
    """Two Places' "replace" modifiers reach the same Character, and the engine reads
    the Places in their cells' order, so the later Place's stands. The Places' memo
    (memo.places_memo) is kept while the same Places stand at the same cells in the
    same order: an equal Place put in one's stead keeps it; the same Places listed in
    another order (a cell taken away and put back) make a new one, and the other
    replacement stands."""
    sc = Scene(REPLACING, seats=1)
    sc.location((0, 0), "slow")
    sc.location((1, 0), "fast")
    sc.haven((2, 0))
    runner = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    st, u = sc.st, sc.unit(runner)

    def read():
        with reading(st):
            return total(st, u, "movement"), places_memo(st)

    movement, kept = read()
    assert movement == 4 and read()[1] is kept
    st.places[(0, 0)] = Place(st.places[(0, 0)].card, "location", 0)  # an equal Place
    assert read() == (4, kept) and read()[1] is kept
    st.places[(0, 0)] = st.places.pop((0, 0))  # the same Places, Slow Ground last
    assert read()[0] == 1
    assert read()[1] is not kept


def test_movement_that_only_locations_give_reads_no_units_cards_r4_guideline_1_3():
    """Guideline 1.3 and R4, the Move listing's Movement: a Location or Haven card is in
    play only as a Place, never carried nor Off Field, so when every card of the game
    that may modify Movement is one (the standard level's Orbital Drydock Kestrel, some
    of its copies not on the Field), a reading's Movement totals do not list the cards
    units have (static._held_cards), and equal those worked out from every source."""
    game = load_games(ROOT / "levels" / "standard_2p.yaml", 2)[0]
    givers = static.static_gives(game)[0]["movement"]
    assert {game.card(c).type for c in givers} == {"location"}
    unplaced = 0
    for st in random_states(game, seed=4, every=9, limit=900):
        unplaced += not givers <= {p.card for p in st.places.values()}
        with reading(st):
            assert static.placed_only(st, "movement") is not False
            seen = {u.card: total(st, u, "movement") for u in st.units.values()}
            assert "held" not in st.scratch.memo
        assert seen == {u.card: abilities._total(st, u, "movement", ()) for u in st.units.values()}
    assert unplaced > 0


@pytest.mark.parametrize("level", ["standard_2p", "four_players", "mirror", "quick_demo"])
def test_a_total_out_of_a_reading_walks_the_givers_sources_only_guideline_1_3(level):
    """Guideline 1.3, totals while applying (no reading open: a Combat's rounds, a
    Location's strike): only the static sources whose cards may modify the ability are
    walked; every unit's modifiers of each ability are those every static source in
    play gives it (static_for, its conditions read on all)."""
    seats = 4 if level == "four_players" else 2
    game = load_games(ROOT / "levels" / f"{level}.yaml", seats)[0]
    gives = static.static_gives(game)[0]
    compared = 0
    for st in random_states(game, seed=6, every=7, limit=1200):
        for u in st.units.values():
            every = static_for(st, u)[0]
            for a in gives:
                mine = abilities._static_mods(st, u, a)
                assert mine == [m for m in every if m.ability == a]
                compared += bool(mine)
    assert compared > 20


def test_a_plain_total_applies_lasting_modifiers_in_their_order_guideline_1_3_r10():
    """Guideline 1.3 (replace, then + and -, then x and /, each in the order made) and
    R10 (Attack never below 0): a reading's total from a unit's card and lasting
    effects alone (abilities._plain_total) applies them as every modifier is applied,
    whatever order the effects were made in, each unit its own."""
    sc = Scene(REPLACING, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0))
    a = sc.char("runner", (0, 0))
    b = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    st = sc.st
    made = [(a, Modifier("movement", "x", 2)), (b, Modifier("movement", "+", 1)),
            (a, Modifier("movement", "+", 1)), (b, Modifier("attack", "-", 3)),
            (a, Modifier("movement", "=", 3)), (b, Modifier("movement", "/", 2))]
    for unit, m in made:
        st.add_lasting(Lasting(unit, unit, 0, mods=(m,)))
    with reading(st):
        quick = {(c, x): abilities._plain_total(st, st.scratch.memo, sc.unit(c), x)
                 for c in (a, b) for x in ABILITIES}
    assert quick[a, "movement"] == 8 and quick[b, "movement"] == 1  # (3 + 1) x 2; (2 + 1) / 2
    assert quick[b, "attack"] == 0
    assert quick == {(c, x): abilities._total(st, sc.unit(c), x, ()) for c in (a, b)
                     for x in ABILITIES}
