"""Saves (ARCHITECTURE.md: a game is its seed plus its action list): a saved and
loaded game reaches the same state; saves are written atomically; a bad save is
refused with one clear LoadError, never half-loaded."""
from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st_

from game.engine import LoadError, apply_unchecked, legal_actions
from game.engine.save import FORMAT, VERSION, Record, load, save, snapshot

from conftest import choose, play  # noqa: E402  (tests/ is on sys.path)


def deep(st) -> dict:
    return copy.deepcopy(snapshot(st))


def record_of(game, seed: int, chooser: int, limit: int) -> tuple[Record, object]:
    p = play(game, seed, chooser, eager=0.5, limit=limit)
    return Record(game, seed, list(p.actions)), p.state


@settings(max_examples=6, deadline=None, database=None, derandomize=True,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.function_scoped_fixture])
@given(seats=st_.sampled_from([1, 2, 4]), seed=st_.integers(0, 2**32 - 1),
       chooser=st_.integers(0, 2**32 - 1), limit=st_.integers(0, 2500))
def test_a_saved_game_loads_to_the_same_state(games, tmp_path, seats, seed, chooser, limit):
    record, st = record_of(games[seats], seed, chooser, limit)
    path = tmp_path / f"game-{seats}-{seed}-{limit}.json"
    save(record, path)
    loaded, state = load(path)
    assert deep(state) == deep(st)
    assert loaded.seed == seed and loaded.actions == record.actions
    assert [d.id for d in loaded.game.decks] == [d.id for d in record.game.decks]
    assert loaded.game.options == record.game.options
    assert deep(loaded.replay()[0]) == deep(st)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["actions"] == [str(a) for a in record.actions]


def test_a_finished_game_round_trips(games, tmp_path):
    record, st = record_of(games[2], 21, 22, 60_000)
    assert st.result is not None
    save(record, tmp_path / "done.json")
    _, state = load(tmp_path / "done.json")
    assert state.result == st.result and deep(state) == deep(st)


def test_saving_again_replaces_the_save(games, tmp_path):
    path = tmp_path / "slot.json"
    first, _ = record_of(games[1], 1, 1, 30)
    second, st = record_of(games[1], 2, 2, 50)
    save(first, path)
    save(second, path)
    loaded, state = load(path)
    assert loaded.seed == 2 and deep(state) == deep(st)
    assert os.listdir(tmp_path) == ["slot.json"]


def test_save_creates_missing_folders(games, tmp_path):
    record, _ = record_of(games[1], 3, 3, 10)
    save(record, tmp_path / "a" / "b" / "save.json")
    assert load(tmp_path / "a" / "b" / "save.json")[0].actions == record.actions


# Atomic writes ---------------------------------------------------------------------

@pytest.fixture
def existing(games, tmp_path) -> tuple[Path, bytes, Record]:
    """A save already on disk, and a newer record to write over it."""
    old, _ = record_of(games[2], 5, 5, 40)
    path = tmp_path / "slot.json"
    save(old, path)
    new, _ = record_of(games[2], 6, 6, 120)
    return path, path.read_bytes(), new


def test_a_failed_write_leaves_the_old_save_untouched(existing, monkeypatch):
    path, before, new = existing

    def half_dump(obj, f, **kw):
        f.write('{"format": "ani-mayhem-save", "actions": ["place')  # a partial file...
        raise OSError(28, "No space left on device")  # ...then the disk is full

    monkeypatch.setattr(json, "dump", half_dump)
    with pytest.raises(OSError):
        save(new, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert os.listdir(path.parent) == [path.name], "a temporary file was left behind"
    assert load(path)[0].seed == 5


def test_a_failed_rename_leaves_the_old_save_untouched(existing, monkeypatch):
    path, before, new = existing

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(PermissionError):
        save(new, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert os.listdir(path.parent) == [path.name], "a temporary file was left behind"


def test_a_failed_first_write_leaves_no_file(games, tmp_path, monkeypatch):
    record, _ = record_of(games[1], 4, 4, 20)

    def boom(obj, f, **kw):
        raise KeyboardInterrupt  # even an interruption leaves nothing half-written

    monkeypatch.setattr(json, "dump", boom)
    with pytest.raises(KeyboardInterrupt):
        save(record, tmp_path / "new.json")
    assert os.listdir(tmp_path) == []


# Bad saves -------------------------------------------------------------------------

@pytest.fixture
def good_record(games) -> Record:
    """A short 2-seat game."""
    return record_of(games[2], 8, 8, 60)[0]


@pytest.fixture
def good(good_record) -> dict:
    """A valid save's JSON, of a short 2-seat game."""
    return good_record.to_json()


def write(tmp_path: Path, content: object, name: str = "bad.json") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content), encoding="utf-8")
    return path


def refused(path: Path, field: str | None, *words: str) -> LoadError:
    with pytest.raises(LoadError) as info:
        load(path)
    e = info.value
    message = str(e)
    assert "\n" not in message, f"not one line: {message!r}"
    assert message.startswith(str(path)), f"the message does not name the file: {message}"
    assert e.path == str(path)
    if field is not None:
        assert e.field == field, message
        assert f" {field}:" in message, message
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    return e


def test_not_json(tmp_path):
    e = refused(write(tmp_path, '{"format": "ani-mayhem-save", "seed": 1,\n  oops'), None,
                "bad JSON")
    assert e.line == 2  # where the JSON breaks


def test_an_empty_file(tmp_path):
    refused(write(tmp_path, ""), None, "not a save file")


@pytest.mark.parametrize("content", [[1, 2, 3], "a string", 42, None, {"seed": 1}],
                         ids=["list", "string", "number", "null", "no-format"])
def test_json_of_another_shape(tmp_path, content):
    refused(write(tmp_path, json.dumps(content)), "format", "not an Ani-Mayhem save")


def test_a_wrong_format_tag(tmp_path, good):
    refused(write(tmp_path, {**good, "format": "chess-pgn"}), "format",
            "not an Ani-Mayhem save")


def test_an_unknown_version(tmp_path, good):
    refused(write(tmp_path, {**good, "version": 99}), "version", "99")


@pytest.mark.parametrize("key,value,words", [
    ("seed", "eleven", ["whole number"]),
    ("seed", True, ["whole number"]),
    ("seed", 1.5, ["whole number"]),
    ("decks", "steel-rain", ["deck ids"]),
    ("decks", [], ["1 to 4"]),
    ("decks", ["steel-rain"] * 5, ["1 to 4"]),
    ("actions", "end-phase", ["action texts"]),
    ("actions", [1, 2], ["action texts"]),
    ("options", {"round_limit": "fifty"}, ["round_limit"]),
    ("options", {"no_such_option": True}, ["charm_combat"]),
    ("options", [], ["charm_combat"]),
])
def test_fields_of_the_wrong_shape(tmp_path, good, key, value, words):
    refused(write(tmp_path, {**good, key: value}), key, *words)


def test_a_missing_field(tmp_path, good):
    data = dict(good)
    del data["seed"]
    refused(write(tmp_path, data), "seed")


def test_an_unknown_deck(tmp_path, good):
    refused(write(tmp_path, {**good, "decks": ["steel-rain", "no-such-deck"]}), "decks",
            "unknown deck", "no-such-deck")


def test_an_illegal_action(tmp_path, good):
    """An action the rules refuse at its place in the list: the save is refused,
    naming the action's index and the rules' reason."""
    actions = list(good["actions"])
    k = len(actions) // 2
    actions[k] = "place c0 at 99,99"  # a Character, far from the Field, mid-game
    e = refused(write(tmp_path, {**good, "actions": actions}), f"actions[{k}]")
    assert e.message


def test_a_legal_action_out_of_turn(tmp_path, good):
    """The first action of a game is placing a Location: ending a phase is refused."""
    refused(write(tmp_path, {**good, "actions": ["end-phase"] + good["actions"]}),
            "actions[0]", "not possible")


def test_an_action_that_is_not_an_action(tmp_path, good):
    actions = good["actions"][:5] + ["frobnicate the widget"] + good["actions"][5:]
    refused(write(tmp_path, {**good, "actions": actions}), "actions[5]", "not an action",
            "frobnicate")


@pytest.mark.parametrize("action,words", [
    ("use-equipment c{far} by c{own}", "no card of this game"),
    ("use-equipment c-{far} by c{own}", "no card of this game"),
    ("use-equipment c{huge} by c{own}", "no card of this game"),
    ("use c{own}#-1", "no effect of"),
    ("use c{own}#-{huge}", "no effect of"),
    ("pickup c{own} by c{far}", "no card of this game"),
], ids=["past-the-last-card", "negative-card", "huge-card", "effect-minus-one",
        "huge-negative-effect", "no-such-character"])
def test_an_action_naming_a_card_or_effect_the_game_lacks(tmp_path, good_record, good, action,
                                                          words):
    """A save edited by hand to name a card past the game's last (or an effect before a
    card's first) was replayed into the rules, which explain a refusal assuming the
    card exists: an IndexError, and the window stopped on Continue."""
    st = good_record.replay()[0]
    own = next(u.card for u in st.units.values()  # a Character of the seat to act
               if not u.disaster and u.owner == st.current_seat())
    text = action.format(far=len(good_record.game.instances), huge="9" * 30, own=own)
    k = len(good["actions"])
    refused(write(tmp_path, {**good, "actions": good["actions"] + [text]}), f"actions[{k}]",
            words)


def test_every_field_of_an_action_naming_a_card_is_checked():
    """save._CARD_FIELDS must name every action field that holds a card: one left out
    is not checked against the game's cards. The other whole numbers are a seat, an
    effect's number, or a cell's coordinates."""
    from dataclasses import fields

    from game.engine import actions
    from game.engine.save import _CARD_FIELDS
    numbers = {f.name for kind in vars(actions).values()
               if isinstance(kind, type) and issubclass(kind, actions.Action)
               for f in fields(kind) if "int" in str(f.type) and f.name != "cell"}
    assert numbers - {"seat", "effect"} == _CARD_FIELDS


@pytest.mark.parametrize("content", [
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\xff\xfe",
    bytes(range(256)),
    "déjà vu".encode("utf-16"),
], ids=["png", "bytes", "utf-16"])
def test_a_file_that_is_not_text(tmp_path, content):
    e = refused(write(tmp_path, content), None)
    assert "cannot read" in e.message or "not a save" in e.message, e.message


def test_a_missing_file(tmp_path):
    refused(tmp_path / "nowhere.json", None, "cannot read")


def test_a_folder_is_not_a_save(tmp_path):
    refused(tmp_path, None, "cannot read")


# snapshot() ------------------------------------------------------------------------

def test_a_snapshot_does_not_change_with_the_state(games):
    """snapshot() is "everything in a state, as plain data": it must be a copy. Taken
    during a Combat, then the next action played, it must still describe the state
    as it was (else comparing snapshots before and after proves nothing)."""
    st = games[2].new_state(2)
    rng = random.Random(2)
    while st.combat is None:
        apply_unchecked(st, choose(rng, legal_actions(st), 0.7))
    before = snapshot(st)
    kept = copy.deepcopy(before)
    apply_unchecked(st, legal_actions(st)[0])
    changed = sorted(k for k in kept["rest"] if before["rest"][k] != kept["rest"][k])
    assert before == kept, f"the snapshot changed with the state; in 'rest': {changed}"
