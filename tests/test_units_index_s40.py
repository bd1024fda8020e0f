"""The units' index (game/engine/whereabouts.py, `GameState.where`): each player's
group at each cell (Basic Terms, Group), its Characters in play order and by card,
and the Disasters allied with a group (Allying with Characters), kept by the
state's own methods. After every action of random games, on clones, on the AI's
sampled worlds and its supposed moves, and after a save is loaded, the kept index
is the one worked out afresh from st.units, in the same order; and no code changes
where a unit stands but through those methods."""
from __future__ import annotations

import random
import re

import pytest

from game.ai.board import totals_at
from game.cli import load_games
from game.engine import apply_unchecked, legal_actions, view
from game.engine.memo import reading
from game.engine.save import Record, load, save
from game.engine.worlds import sample_world

from game.engine.actions import Fight, Move, RunAway, RunTo, Transform
from game.engine.maintenance import move
from game.engine.state import MOVE

from conftest import ROOT, choose  # noqa: E402  (tests/ is on sys.path)
from test_rules_allies import _target_with, group_scene
from test_rules_transforming import scene as transform_scene

LEVELS = [("standard_2p", 2), ("mirror", 2), ("quick_demo", 2), ("quick_demo", 4),
          ("mirror", 4), ("four_players", 4)]


def afresh(st) -> dict:
    """The index worked out from st.units alone, as card ids, in st.units' order."""
    groups: dict = {}
    chars: dict = {}
    allied: dict = {}
    for u in st.units.values():
        if not u.disaster:
            groups.setdefault((u.owner, u.pos), []).append(u.card)
            chars.setdefault(u.owner, []).append(u.card)
        elif u.ally_seat >= 0:
            allied.setdefault((u.ally_seat, u.pos), []).append(u.card)
    by_card = {seat: sorted(cards) for seat, cards in chars.items()}
    return {"groups": groups, "chars": chars, "by_card": by_card, "allied": allied}


def kept(st) -> dict:
    """The index the state keeps, as card ids; its units are the state's own objects
    and its ranks follow st.units' order."""
    w = st.where
    assert w is not None, "the index was dropped"
    out = {}
    for name in ("groups", "chars", "by_card", "allied"):
        table = getattr(w, name)
        for units in table.values():
            assert all(st.units.get(u.card) is u for u in units), name
        out[name] = {key: [u.card for u in units] for key, units in table.items()}
    assert sorted(w.rank, key=w.rank.__getitem__) == list(st.units)
    return out


def check(st) -> None:
    assert kept(st) == afresh(st)


def _play(st, rng: random.Random, actions: int, quick: bool = False) -> None:
    """Random actions (half of them busy ones: more Combats, Scavenging, Havens), each
    followed by the check."""
    for _ in range(actions):
        if st.result is not None:
            return
        apply_unchecked(st, choose(rng, legal_actions(st, quick=quick), 0.5))
        check(st)


@pytest.mark.parametrize("level,seats", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_kept_units_index_equals_one_worked_out_afresh_after_every_action(
        level, seats, seed):
    """Basic Terms, Group: a player's Characters at a cell. Along a whole random game
    (the AI playouts' quick listing on odd seeds), after every action; every 60th, a
    clone played on 30 actions and a world sampled from the turn seat's view played on
    10, each checked after every action, the game itself untouched by them."""
    game = load_games(ROOT / "levels" / f"{level}.yaml", seats)[0]
    st, rng = game.new_state(seed), random.Random(seed)
    st.whereabouts()  # kept from the start, not first built mid-game
    while st.result is None and st.actions < 3000:
        _play(st, rng, 60, quick=seed % 2 == 1)
        if st.result is not None:
            break
        twin = st.clone()
        assert twin.where is None  # a clone builds its own from its own units
        twin.whereabouts()
        check(twin)
        _play(twin, random.Random(st.actions), 30)
        world = sample_world(game, view(st, st.current_seat()), random.Random(st.actions))
        world.whereabouts()
        check(world)
        _play(world, random.Random(st.actions), 10)
        check(st)


def test_a_loaded_save_keeps_the_index_of_the_game_it_saved(tmp_path):
    """A save holds the game's facts only (its actions): the index is built again as
    the actions are replayed, and is the saved game's, in the same order."""
    game = load_games(ROOT / "levels" / "mirror.yaml", 2)[0]
    st, rng = game.new_state(7), random.Random(7)
    st.whereabouts()
    actions = []
    while st.result is None and len(actions) < 700:
        a = choose(rng, legal_actions(st), 0.5)
        apply_unchecked(st, a)
        actions.append(a)
    save(Record(game, 7, actions), tmp_path / "game.json")
    _, loaded = load(tmp_path / "game.json")
    loaded.whereabouts()
    check(loaded)
    assert kept(loaded) == kept(st)


@pytest.mark.parametrize("level", ["mirror", "standard_2p"])
def test_the_ai_reading_a_group_where_it_would_stand_leaves_the_index_as_it_was(level):
    """The AI reads a group's totals at a cell by moving it there on its own copy and
    back (board._supposing): the index follows both ways."""
    game = load_games(ROOT / "levels" / f"{level}.yaml", 2)[0]
    st, rng = game.new_state(4), random.Random(4)
    st.whereabouts()
    read = 0
    while st.result is None and st.actions < 600:
        _play(st, rng, 20)
        before = kept(st)
        for seat, cell in list(st.groups()):
            with reading(st):
                totals_at(st, st.chars_at(seat, cell), st.path[0])
            read += 1
            assert kept(st) == before
            check(st)
    assert read


def test_allies_and_a_new_form_keep_the_index_allying_with_characters_and_transforming():
    """Moves the random games seldom make, each checked: a Disaster allies with a group
    by a card (Allying with Characters), goes with it on a Move, runs with it from a
    Combat (disasters.go_along), and goes its own way once the group is gone; a
    Character pair with a Character of another seat at its cell transforms (Rules for
    Transforming Characters: the new form comes into play, the old leaves)."""
    sc, hero, lackey, _ = group_scene()
    weak = sc.disaster("joiner", sc.st.path[1])  # Attack 1: the Hero outlives its attack
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.st.whereabouts()
    check(sc.st)  # allied by the card's effect
    assert sc.st.allied_at(0, sc.st.path[0]) == [sc.unit(lackey)]
    sc.do(Move((hero,), sc.st.path[1]))
    check(sc.st)
    sc.st.rng.seed(next(s for s in range(12) if _target_with(sc, s, weak) == hero))
    for action in (Fight(weak), RunAway(), RunTo(sc.st.path[2])):
        sc.do(action)
        check(sc.st)
    assert sc.st.allied_at(0, sc.st.path[2]) == [sc.unit(lackey)]
    sc.st.leave_field(hero)  # the group gone, its ally goes its own way
    move(sc.st, lackey, [])
    check(sc.st)
    assert sc.unit(lackey).ally_seat == -1 and not sc.st.where.allied

    sc, ume, plum = transform_scene(seats=2)
    pal = sc.char("pal", (0, 0), seat=1)
    late = sc.char("pal", (0, 0))  # seat 0's, come into play after Ume
    sc.st.whereabouts()
    sc.do(Transform(ume))
    check(sc.st)
    # Plum came into play last: after the Pal that came after Ume.
    assert sc.st.chars_at(0, (0, 0)) == [sc.unit(late), sc.unit(plum)]
    assert [u.card for u in sc.st.seat_characters(0)] == sorted([late, plum])
    assert sc.st.chars_at(1, (0, 0)) == [sc.unit(pal)]


# Where a unit stands, whom a Disaster allies with, and which units are in play change
# only through GameState.add_unit, take_unit, move_unit and ally_unit, which keep the
# index: an assignment anywhere else would leave it behind (a property on Unit.pos
# would cost every reading of a position, the hottest attribute of the engine).
_CHANGES = re.compile(r"\.(pos|ally_seat|owner|units)\s*=(?!=)|units\[[^\]]*\]\s*=(?!=)"
                      r"|units\.(pop|clear|update|setdefault)\(|del\s+\S*units\[")
# (file, line text) allowed: the state's own methods, and tables made of views or
# before a state exists.
_ALLOWED = {
    ("game/engine/state.py", "self.units[u.card] = u"),
    ("game/engine/state.py", "u = self.units.pop(card)"),
    ("game/engine/state.py", "u.pos = cell"),
    ("game/engine/state.py", "u.ally_seat = seat"),
    ("game/engine/worlds.py", 'units[u.card] = Unit(**{**same, "items": items, '
                              '"equipment": list(u.equipment),'),  # before the state
    ("game/ai/heuristic.py", "self.units = {u.card: u for u in v.units}"),  # a view's
}


def test_no_code_moves_a_unit_but_the_states_own_methods():
    found = []
    for path in sorted([*ROOT.glob("game/engine/*.py"), *ROOT.glob("game/ai/*.py"),
                        *ROOT.glob("game/*.py"), *ROOT.glob("tests/*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "tests/test_units_index_s40.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = line.split("#")[0].strip()
            if _CHANGES.search(text) and (rel, text) not in _ALLOWED:
                found.append(f"{rel}:{n}: {text}")
    assert not found, "\n".join(found)
