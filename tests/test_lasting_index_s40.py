"""The lasting effects filed by unit (state.LastingIndex; issue 16, docs/engine.md,
Speed: "The lasting effects by unit").

The index the state keeps as lasting effects begin and end (Basic Terms, Duration: a
Turn's, a Combat's, Turns counted down; a unit leaving the Field; a charm over; a
Character transformed) equals one filed afresh from the effects: after every action
of random games of the shipped levels at two and four seats, on clones played on
(and their originals, which share it), on a game saved and loaded, and on the worlds
the AI samples. And no code of the engine changes the effects but by GameState's
add_lasting and set_lasting, which keep it.
"""
from __future__ import annotations

import ast
import random
import unicodedata

import pytest

from conftest import ROOT, gc_paused
from game.cli import load_games
from game.engine import apply_unchecked, legal_actions
from game.engine.lasting import has_flag, lasting_on
from game.engine.save import Record, load, save, snapshot
from game.engine.view import view
from game.engine.worlds import sample_world


def filed_afresh(lasting) -> tuple[dict, dict, frozenset]:
    """The index worked out with no help from it: each unit's effects picked out of all
    of them in the order they were made, the flags they put on it, the units given or
    deprived of a skill."""
    units = dict.fromkeys(x.unit for x in lasting)
    on = {u: tuple(x for x in lasting if x.unit == u) for u in units}
    flags = {u: frozenset(f for x in on[u] for f in x.flags) for u in units
             if any(x.flags for x in on[u])}
    return on, flags, frozenset(x.unit for x in lasting if x.skills)


def kept(st) -> tuple[dict, dict, frozenset]:
    index = st.lasting_index
    return index.on, index.flags, index.skilled


def check(st, where: str) -> None:
    """The kept index is the one filed afresh, and the readers answer from it as the
    effects say (a unit's effects, each of their flags)."""
    assert kept(st) == filed_afresh(st.lasting), where
    for u in st.units.values():
        on = [x for x in st.lasting if x.unit == u.card]
        assert list(lasting_on(st, u)) == on, where
        assert all(has_flag(st, u, f) for x in on for f in x.flags), where


def play(game, seed: int, cap: int, quick: bool = False):
    """A seeded random game, yielding its state after each action (`cap` at most)."""
    st, rng = game.new_state(seed), random.Random(seed)
    yield st
    while st.result is None and st.actions < cap:
        legal = legal_actions(st, quick=quick)
        apply_unchecked(st, legal[rng.randrange(len(legal))])
        yield st


LEVELS = [("standard_2p", 2, (1, 2, 3)), ("mirror", 2, (1, 2, 3)), ("quick_demo", 2, (1, 2)),
          ("four_players", 4, (1, 2)), ("all_decks", 4, (1,))]


@pytest.mark.parametrize("level,seats,seeds", LEVELS)
def test_the_kept_index_equals_one_filed_afresh_after_every_action_basic_terms_duration(
        level, seats, seeds):
    """After every action (effects made, a Turn's and a Combat's ended, Turns counted
    down, units gone, charms released), the index is the effects filed afresh; the
    games make and end enough effects to say so."""
    game = load_games(ROOT / "levels" / f"{level}.yaml", seats)[0]
    grew = shrank = 0
    for seed in seeds:
        before = ()
        for st in play(game, seed, cap=2500):
            check(st, f"{level} seed {seed} action {st.actions}")
            grew += len(st.lasting) > len(before)
            shrank += len(st.lasting) < len(before)
            before = st.lasting
    assert grew > 20 and shrank > 20, (grew, shrank)


@pytest.mark.parametrize("level,seats", [("standard_2p", 2), ("four_players", 4)])
def test_a_clone_shares_the_index_and_each_keeps_its_own_as_it_plays_on(level, seats):
    """GameState.clone: the clone and its original share the effects and their index
    (neither is changed in place); a clone played on with the AI's quick lists files its
    own, and the original's stays as it was and right."""
    game = load_games(ROOT / "levels" / f"{level}.yaml", seats)[0]
    cloned = 0
    for st in play(game, 5, cap=1500):
        if st.actions % 20 or st.result is not None:
            continue
        was, index = st.lasting, st.lasting_index
        c = st.clone()
        rng = random.Random(st.actions)
        for _ in range(30):
            if c.result is not None:
                break
            legal = legal_actions(c, quick=True)
            apply_unchecked(c, legal[rng.randrange(len(legal))])
            check(c, f"clone of action {st.actions}, at {c.actions}")
        assert st.lasting is was and st.lasting_index is index
        check(st, f"original at {st.actions}")
        cloned += bool(was)
    assert cloned > 5


def test_a_saved_game_loads_with_its_index_filed_again(games, tmp_path):
    """Saves hold the seed and the actions (save.py), never the index: a game saved
    where effects last loads to a state whose index is filed again, the same; the
    state's snapshot (its facts) has none."""
    game = games[2]
    st, rng, actions = game.new_state(3), random.Random(3), []
    while len(st.lasting) < 3 or len(actions) < 100:
        assert st.result is None, "no three effects lasted at once"
        legal = legal_actions(st)
        actions.append(legal[rng.randrange(len(legal))])
        apply_unchecked(st, actions[-1])
    save(Record(game, 3, actions), tmp_path / "index.json")
    _, loaded = load(tmp_path / "index.json")
    check(loaded, "loaded")
    assert kept(loaded) == kept(st)
    assert snapshot(loaded) == snapshot(st) and "lasting_index" not in snapshot(st)["rest"]


@pytest.mark.parametrize("seats", [2, 4])
def test_a_sampled_world_files_the_effects_it_is_given(games, seats):
    """worlds.sample_world builds a state from a seat's view: the lasting effects are
    public (every view shows them), so each seat's world files them as the game does."""
    game = games[seats]
    met = 0
    for st in play(game, 7, cap=1200):
        if st.actions % 15 or not st.lasting:
            continue
        for seat in range(seats):
            world = sample_world(game, view(st, seat), random.Random(st.actions + seat))
            check(world, f"seat {seat}'s world at {st.actions}")
            assert kept(world) == kept(st)
        met += 1
    assert met > 5


# What would change the effects, or their index, but through the state's methods.
_MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse"}
_KEPT = {"lasting", "lasting_index"}


def _changes(tree: ast.AST) -> list[tuple[str | None, int]]:
    """(function, line) of each assignment to a `.lasting` or `.lasting_index`, and of
    each mutating call on a `.lasting`."""
    found: list[tuple[str | None, int]] = []

    def walk(node, fn):
        # (into a list, not `yield from`: a generator a level cost as much as the reading)
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                else fn
            targets = []
            if isinstance(child, ast.Assign):
                targets = child.targets
            elif isinstance(child, (ast.AugAssign, ast.AnnAssign)):
                targets = [child.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Attribute) and n.attr in _KEPT:
                        found.append((fn, child.lineno))
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) \
                    and child.func.attr in _MUTATORS \
                    and isinstance(child.func.value, ast.Attribute) \
                    and child.func.value.attr == "lasting":
                found.append((fn, child.lineno))
            walk(child, inner)
    walk(tree, None)
    return found


def test_the_effects_change_only_through_the_states_methods():
    """The engine, the AI, the window and the tests' scenes change the lasting effects
    only by GameState.add_lasting and set_lasting, which keep the index: read on every
    total, the field stays a plain attribute (a property would tax each read), so this
    reads the code for any other assignment or in-place change (the tuple refuses
    `append` only when the line runs). Checked on a line that breaks the rule."""
    found, read = [], 0
    with gc_paused():
        for path in sorted([*(ROOT / "game").rglob("*.py"), *ROOT.glob("tests/*.py")]):
            # Only code that names the fields can change them: the files that do not (four
            # in five; NFKC, as Python reads names) are not parsed.
            if "lasting" not in unicodedata.normalize("NFKC", path.read_text(encoding="utf-8")):
                continue
            read += 1
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for fn, line in _changes(tree):
                if not (path == ROOT / "game/engine/state.py"
                        and fn in ("add_lasting", "set_lasting")):
                    found.append(f"{path.relative_to(ROOT)}:{line} in {fn}")
    assert not found, found
    assert read > 20  # the engine's, the AI's and the scenes' files that name them
    bad = "def move(st):\n    st.lasting = [x for x in st.lasting]\n    st.lasting.append(1)\n"
    assert _changes(ast.parse(bad)) == [("move", 2), ("move", 3)]


def test_lasting_effects_cannot_be_changed_in_place():
    """A lasting effect is frozen (clones and views share it): a count down or a
    rename makes a new one, through set_lasting."""
    from dataclasses import FrozenInstanceError

    from game.engine.state import Lasting
    x = Lasting(1, 2, 0, until="turns", turns_left=2)
    with pytest.raises(FrozenInstanceError):
        x.turns_left = 1  # type: ignore[misc]



def test_the_index_follows_a_transformed_character_r115():
    """R115 (Rules for Transforming Characters): what lasts on a Character, and what
    she made that lasts, follow her into her new form: the index files them under the
    new card, after them the flag that keeps her from moving this Turn."""
    from test_rules_transforming import scene

    from game.engine.actions import Transform
    from game.engine.cards import Modifier
    from game.engine.lasting import TRANSFORMED
    from game.engine.state import Lasting
    sc, ume, plum = scene()
    pal = sc.char("pal", (0, 0))
    sc.st.add_lasting(Lasting(pal, ume, 0, mods=(Modifier("attack", "+", 2),), until="game"),
                      Lasting(ume, pal, 0, flags=("no_cards",), until="game"))
    sc.do(Transform(ume))
    check(sc.st, "transformed")
    new = sc.unit(plum)
    assert [(x.source, x.mods) for x in lasting_on(sc.st, new)] == [
        (pal, (Modifier("attack", "+", 2),)), (plum, ())]
    assert has_flag(sc.st, new, TRANSFORMED) and not has_flag(sc.st, new, "no_cards")
    assert [x.source for x in lasting_on(sc.st, sc.unit(pal))] == [plum]
