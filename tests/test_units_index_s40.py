"""The units' index (game/engine/whereabouts.py, `GameState.where`): each player's
group at each cell (Basic Terms, Group), its Characters in play order and by card,
and the Disasters allied with a group (Allying with Characters), kept by the
state's own methods. After every action of random games, on clones, on the AI's
sampled worlds and its supposed moves, and after a save is loaded, the kept index
is the one worked out afresh from st.units, in the same order; and no code changes
where a unit stands but through those methods."""
from __future__ import annotations

import ast
import random

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

from conftest import ROOT, choose, gc_paused  # noqa: E402  (tests/ is on sys.path)
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
    assert [u.card for u in sc.st.characters_by_card(0)] == sorted([late, plum])
    assert sc.st.chars_at(1, (0, 0)) == [sc.unit(pal)]


# Where a unit stands, whom a Disaster allies with, whose it is, what it is and which
# units are in play change only through GameState.add_unit, take_unit, move_unit and
# ally_unit, which keep the index: a change anywhere else would leave it behind (a
# property on Unit.pos would cost every reading of a position, the hottest attribute
# of the engine). Read from the code, not its lines, so that no form of assignment
# escapes: several targets at once, augmented, a loop's target, del, setattr by name.
_FIELDS = {"pos", "ally_seat", "owner", "disaster", "units"}
_DICT_CHANGES = {"pop", "popitem", "clear", "update", "setdefault"}
# (file, function) allowed: the state's own methods, and tables of a seat's view (the
# AI's heuristic, the views' cache, the window's model and combat panel).
_ALLOWED = {
    *(("game/engine/state.py", m) for m in ("add_unit", "take_unit", "move_unit", "ally_unit")),
    ("game/ai/heuristic.py", "__init__"),
    ("game/engine/view.py", "__init__"),
    ("game/ui/table/model.py", "__post_init__"),
    ("game/ui/table/scene.py", "panel_board"),
}


def _unit_changes(tree: ast.AST) -> list[tuple[str | None, int]]:
    """(function, line) of each change to a field of _FIELDS: an attribute so named, or
    an item of one, stored or deleted; a dict method that changes `.units`; setattr of
    one by name."""
    def changes(node: ast.AST) -> bool:
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
            node = node.value
            return isinstance(node, ast.Attribute) and node.attr in _FIELDS
        if isinstance(node, ast.Attribute):
            return isinstance(node.ctx, (ast.Store, ast.Del)) and node.attr in _FIELDS
        if not isinstance(node, ast.Call):
            return False
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in _DICT_CHANGES:
            return isinstance(f.value, ast.Attribute) and f.value.attr == "units"
        named = isinstance(f, ast.Name) and f.id == "setattr" or \
            isinstance(f, ast.Attribute) and f.attr == "__setattr__"
        return named and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) \
            and node.args[1].value in _FIELDS

    found: list[tuple[str | None, int]] = []

    def walk(node: ast.AST, fn: str | None) -> None:
        # (into a list, not `yield from`: a generator per level of the whole code's trees
        # cost about as much as parsing it)
        for child in ast.iter_child_nodes(node):
            if changes(child):
                found.append((fn, child.lineno))
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                else fn
            walk(child, inner)
    walk(tree, None)
    return found


def test_no_code_moves_a_unit_but_the_states_own_methods():
    """The engine, the AI, the window and the tests (their scenes) change the units only
    through the state's methods. Checked on lines that break the rule, in the forms a
    reading of lines let by (two scenes did, the index then built after them)."""
    found = []
    with gc_paused():
        for path in sorted([*ROOT.glob("game/**/*.py"), *ROOT.glob("tests/*.py")]):
            rel = path.relative_to(ROOT).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for fn, line in _unit_changes(tree):
                if (rel, fn) not in _ALLOWED:
                    found.append(f"{rel}:{line} in {fn}")
    assert not found, "\n".join(found)
    bad = ("def f(st, u, d):\n    u.pos, u.moved = (0, 1), 1\n    d.ally_seat += 1\n"
           "    del st.units[u.card]\n    st.units.update({})\n    setattr(u, 'owner', 1)\n"
           "    u.items[0] = st.units[u.card].damage\n")
    assert _unit_changes(ast.parse(bad)) == [("f", n) for n in (2, 3, 4, 5, 6)]
