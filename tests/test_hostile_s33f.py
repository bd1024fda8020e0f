"""Hostile input, the s33f pass: a save continued under a card pack edited since it
was saved, and what the earlier passes (tests/test_hostile*.py) had not tried. Each
bad input is one line naming the file (and the line or field), exit code 2 on the
command line, a message on screen in the window; nothing written over, nothing
half-loaded."""
from __future__ import annotations

import json
import os
import shutil

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.engine import LoadError, apply, legal_actions  # noqa: E402
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards  # noqa: E402
from game.engine.save import Record, Replay, save, snapshot  # noqa: E402
from game.match import load_game  # noqa: E402

# The shipped card files are parsed once a worker (conftest): these tests are about the others.
pytestmark = pytest.mark.usefixtures("shipped_parsed_once")

EDITED = ("cards: the rules of its cards are not those this game was played with "
          "(a card file changed since it was saved)")


def demo_save(root, path, actions: int = 30) -> Record:
    """A quick_demo game of `actions` random-free actions (the first legal each time),
    saved to `path`."""
    game = load_game(root / "levels" / "quick_demo.yaml", seats=2)
    record = Record(game, 3)
    st = game.new_state(3)
    for _ in range(actions):
        action = legal_actions(st)[0]
        apply(st, action)
        record.actions.append(action)
    save(record, path)
    return record


def edited_pack(tmp_path, file: str, old: str, new: str):
    """The shipped cards, copied, with one text of one file replaced."""
    folder = tmp_path / "cards"
    shutil.copytree(DEFAULT_CARDS_DIR, folder)
    pack = folder / file
    text = pack.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    pack.write_text(text.replace(old, new), encoding="utf-8")
    return folder


# A save continued under an edited card pack ------------------------------------------------

@pytest.mark.parametrize("file, old, new", [
    ("combat.yaml", 'physical: {own: {attack: "+2"}, text: "Telegraphed',
     'physical: {own: {attack: "+5"}, text: "Telegraphed'),
    ("items.yaml", "        - heal: all\n        - modify: {energy: \"+2\"}",
     "        - heal: all\n        - modify: {energy: \"+4\"}"),
    ("characters.yaml", "- id: akiko-sakuragawa\n", "- id: akiko-sakuragawa\n  limit: 2\n"),
], ids=["combat-number", "effect", "a-field-added"])
def test_a_save_under_a_card_edited_since_is_refused_and_kept(tmp_path, root, file, old, new):
    """The save's digest covered the cards' ids only: a card of the game edited since
    (Haymaker's +2 made +5, Golden Melon Pan's +2 Energy made +4) replayed the same
    actions into another game than the one saved, without a word, and the next action
    saved that game over it. A player who continues expects the game they left: the
    save now holds a digest of what its cards play by, and another pack is refused in
    one line, the file left as it was."""
    path = tmp_path / "save.json"
    demo_save(root, path)
    before = path.read_bytes()
    folder = edited_pack(tmp_path, file, old, new)
    with pytest.raises(LoadError) as info:
        Replay(path, cards=folder)
    assert str(info.value) == f"{path}: {EDITED}"
    assert path.read_bytes() == before


def test_a_save_under_the_pack_it_was_played_with_still_loads(tmp_path, root):
    path = tmp_path / "save.json"
    record = demo_save(root, path)
    loaded, st = Replay(path, cards=DEFAULT_CARDS_DIR).run()
    assert loaded.actions == record.actions
    assert snapshot(st) == snapshot(record.replay()[0])


@pytest.mark.parametrize("file, old, new", [
    ("combat.yaml", 'text: "Telegraphed from orbit. Lands anyway."',
     'text: "Telegraphed from orbit. Lands, mostly."'),
    ("items.yaml", "  name: Golden Melon Pan\n", "  name: Golden Melonpan\n"),
    ("combat.yaml", "- id: haymaker\n", "- id: a-new-card\n  name: New\n  type: combat\n"
                                        "  physical: {own: {attack: \"+1\"}}\n  charm: {}\n\n"
                                        "- id: haymaker\n"),
], ids=["words", "name", "a-card-not-in-the-game"])
def test_a_save_under_a_pack_changed_only_in_words_or_elsewhere_loads(tmp_path, root, file,
                                                                       old, new):
    """What the rules do not read (a card's words, its name, a card not in the game)
    plays the same game: the save loads and reaches the state it saved."""
    path = tmp_path / "save.json"
    record = demo_save(root, path)
    pack = edited_pack(tmp_path, file, old, new)
    _, st = Replay(path, cards=pack).run()
    assert snapshot(st) == snapshot(record.replay()[0])


def test_a_version_3_save_from_before_the_digest_of_the_rules_still_loads(tmp_path, root):
    """docs/window.md: saves written before a digest was kept load as before (nothing to
    compare them with): a save without `card_rules`, and one without `cards` either."""
    path = tmp_path / "save.json"
    record = demo_save(root, path)
    folder = edited_pack(tmp_path, "combat.yaml", 'attack: "+2"}, text: "Telegraphed',
                         'attack: "+5"}, text: "Telegraphed')
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in ("card_rules", "cards"):
        del data[key]
        path.write_text(json.dumps(data), encoding="utf-8")
        loaded, _ = Replay(path, cards=folder).run()
        assert loaded.actions == record.actions


@pytest.mark.parametrize("value", [5, None, "", "x" * 33, ["ab"]])
def test_a_save_whose_card_rules_digest_is_not_one_is_refused(tmp_path, root, value):
    path = tmp_path / "save.json"
    demo_save(root, path, actions=2)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["card_rules"] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LoadError) as info:
        Replay(path)
    assert str(info.value).startswith(f"{path}: card_rules: must be ")


@pytest.fixture
def app(tmp_path, card_db):
    from game.ui.app import App
    a = App(config=tmp_path / "config", data=tmp_path / "data")
    a.__dict__["db"] = card_db
    a.threaded = False
    yield a
    a.end_session()


def test_continue_under_an_edited_card_says_so_on_screen_and_keeps_the_save(app, tmp_path,
                                                                            root):
    """The window: Continue under a card pack edited since (the window's own cards)
    said nothing and played another game, saved over the old one after the next action.
    Now the title says why in one line and the slot's file is as it was."""
    from game.ui.scenes.title import TitleScene
    from game.ui.session import SessionConfig
    level = str(root / "levels" / "quick_demo.yaml")
    app.start_game(SessionConfig(level, ["ai:easy", "ai:easy"], seed=5))
    while len(app.session.record.actions) < 12:
        app.step([], 1 / 60)
    app.end_session()
    path = app.saves.path(app.saves.latest().number)
    before = path.read_bytes()
    folder = edited_pack(tmp_path, "combat.yaml", 'attack: "+2"}, text: "Telegraphed',
                         'attack: "+5"}, text: "Telegraphed')
    app.__dict__["db"] = load_cards(folder)
    title = TitleScene(app)
    app.reset(title)
    title._continue()
    assert title.error == f"The saved game cannot be continued: {path}: {EDITED}"
    assert app.session is None
    assert path.read_bytes() == before


def test_the_card_rules_digest_is_the_same_in_every_process(root):
    """A save is continued in another run of the game: a digest that hung on the order
    of a set (a card's categories) would refuse every save after a restart."""
    import subprocess
    import sys
    from game.engine.save import rules_digest
    from game.match import load_game
    level = root / "levels" / "four_players.yaml"
    code = ("from pathlib import Path; from game.match import load_game; "
            "from game.engine.save import rules_digest; "
            f"print(rules_digest(load_game(Path({str(level)!r}), seats=4)))")
    # This process's and two others', each of another hash seed than this one's (random
    # unless PYTHONHASHSEED names one)
    mine = os.environ.get("PYTHONHASHSEED", "random")
    seeds = [s for s in ("1", "2", "3") if s != mine][:2]
    said = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": seed},
                           check=True).stdout for seed in seeds}
    said.add(rules_digest(load_game(level, seats=4)) + "\n")
    assert len(said) == 1 and len(said.pop().strip()) == 32


# A number YAML 1.1 reads otherwise than it is written -------------------------------------

@pytest.mark.parametrize("written, words", [
    ("010", "round_limit: 010 is read by YAML as 8 (octal)"),
    ("-012", "round_limit: -012 is read by YAML as -10 (octal)"),
    ("1:30", "round_limit: 1:30 is read by YAML as 90 (base 60)"),
])
def test_a_number_yaml_reads_as_another_is_refused_at_its_line(tmp_path, written, words):
    """YAML 1.1 (PyYAML's safe_load) reads a number with a leading 0 as octal and one with
    colons in base 60: a level's `round_limit: 010` played 8 rounds, a card's `attack: 010`
    was 8, `1:30` was 90, without a word (the `08` beside them is refused as text). Such
    a number is now refused at its line, saying what YAML made of it."""
    from game.engine.levels import load_level
    level = tmp_path / "mine.yaml"
    level.write_text(f"name: Mine\ndecks: [demo]\noptions:\n  round_limit: {written}\n",
                     encoding="utf-8")
    with pytest.raises(LoadError) as info:
        load_level(level)
    assert str(info.value).startswith(f"{level}:4: {words}"), str(info.value)
    assert str(info.value).count("\n") == 0
    folder = edited_pack(tmp_path, "combat.yaml", 'physical: {own: {attack: "+2"}, text: "Tel',
                         f'limit: {written}\n  physical: {{own: {{attack: "+2"}}, text: "Tel')
    with pytest.raises(LoadError) as info:
        load_cards(folder)
    assert words.replace("round_limit", "limit") in str(info.value) and ".yaml:" in str(info.value)


@pytest.mark.parametrize("written, read", [("12", 12), ("03", 3), ("0", 0), ("00", 0),
                                           ("0x10", 16), ("+7", 7), ("1_000", 1000)])
def test_a_number_read_as_it_is_written_still_loads(tmp_path, written, read):
    """A leading 0 that changes nothing (03 is 3 in octal too), and forms that say their
    base (0x10), load as before."""
    from game.engine.yamlfile import read_yaml
    path = tmp_path / "n.yaml"
    path.write_text(f"n: {written}\n", encoding="utf-8")
    assert read_yaml(path)[0] == {"n": read}
