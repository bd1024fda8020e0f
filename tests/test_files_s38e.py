"""s38e: hostile files (fuzzed real files, odd paths, edited saves) and validate's
warning of a deck's Equipment or Item that none of its Characters could use."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile import run

from game.cli import load_games
from game.engine import legal_actions
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.decks import DEFAULT_DECKS_DIR, check_deck, load_deck, unusable_carried
from game.engine.errors import LoadError
from game.engine.levels import DEFAULT_LEVELS_DIR, load_level
from game.engine.yamlfile import read_yaml
from game.match import Match, derived_keys

HOT_SPRINGS = DEFAULT_DECKS_DIR / "hot-springs-heroes.yaml"


# validate: dead Equipment and Items ---------------------------------------------------------

def _deck(tmp_path: Path, old: str, new: str, name: str = "deck.yaml") -> Path:
    """Hot Springs Heroes with one of its lines changed, under a name of its own (one
    reading as the shipped deck's is warned of, test_files_s47.py)."""
    text = HOT_SPRINGS.read_text(encoding="utf-8")
    assert old in text and "name: Hot Springs Heroes\n" in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1).replace("name: Hot Springs Heroes\n",
                                                      "name: Hot Springs Variant\n", 1),
                    encoding="utf-8")
    return path


def test_rules_for_equipment_validate_warns_of_equipment_no_character_could_use():
    """Rules for Equipment: "If an Equipment has a cost or requirement, the Character
    using the Equipment must pay the cost or meet the requirement." Hot Springs Heroes
    holds two Putt-Putt Delivery Scooters (Driving) and no Character who drives: legal
    by Deck Construction, so validate said only 'legal'. It now warns, naming the deck's
    line of the card and what it requires, and still exits 0."""
    code, out, err = run("validate", str(HOT_SPRINGS))
    assert code == 0, err
    assert err == ""  # stderr holds errors only
    lines = [line for line in out.splitlines() if line.startswith("warning: ")]
    scooter = next(i for i, line in enumerate(HOT_SPRINGS.read_text().splitlines(), 1)
                   if "putt-putt-scooter" in line)
    assert len(lines) == 1 and lines[0].startswith(f"warning: {HOT_SPRINGS}:{scooter}: "), out
    assert "Putt-Putt Delivery Scooter" in lines[0] and "requires Driving" in lines[0]
    assert "all well (1 warning(s))" in out and "Hot Springs Heroes: legal" in out


def test_rules_for_items_validate_warns_of_an_item_no_character_could_use():
    """Rules for Items: "the Character using the Item must ... meet the requirement."
    The Demo Deck's Rubber Duck of Destiny needs Blind Luck, which none of its
    Characters has: a warning, in the JSON report too, and exit 0."""
    demo = DEFAULT_DECKS_DIR / "demo.yaml"
    code, out, err = run("validate", "--json", str(demo))
    assert code == 0, err
    report = json.loads(out)
    assert report["errors"] == []
    assert len(report["warnings"]) == 1 and "Rubber Duck of Destiny" in report["warnings"][0]
    assert err == ""


def test_a_character_who_could_use_it_silences_the_warning(tmp_path):
    """A Character with Driving among the Power cards (Mio Sprocket, in Old Master Noboru's
    place) could drive the Scooter: no warning, and the deck is still legal."""
    path = _deck(tmp_path, "  old-master-noboru: 1\n", "  mio-sprocket: 1\n")
    code, out, err = run("validate", str(path))
    assert (code, err) == (0, ""), err
    assert "all well\n" in out and "warning" not in out


def test_a_skill_another_card_of_the_deck_gives_counts(tmp_path):
    """Prototype Reactor Core (an Item) needs Tech, which no Hot Springs Character has:
    warned of. With Cybernetic Upgrade in the deck (an Enhancement giving its host Tech)
    a Character could come to use it: only the Scooter is left."""
    core = ("  council-president-diary: 1\n", "  prototype-reactor-core: 1\n")
    alone = _deck(tmp_path, *core, "a.yaml")
    code, out, _ = run("validate", str(alone))
    assert code == 0 and "Prototype Reactor Core" in out and out.count("warning:") == 2, out
    given = alone.read_text(encoding="utf-8").replace("  second-helping: 1\n",
                                                        "  cybernetic-upgrade: 1\n")
    (tmp_path / "b.yaml").write_text(given, encoding="utf-8")
    code, out, _ = run("validate", str(tmp_path / "b.yaml"))
    assert code == 0 and "Reactor" not in out and out.count("warning:") == 1, out


# A fuzzer over the shipped files, mutated ---------------------------------------------------

LEVELS = sorted(DEFAULT_LEVELS_DIR.glob("*.yaml"))
DECKS = sorted(DEFAULT_DECKS_DIR.glob("*.yaml"))
PACK = DEFAULT_CARDS_DIR / "equipment.yaml"
# Values a hand or a tool may leave in a field: wrong types, huge and odd numbers, text
# a terminal or a font cannot take, nesting.
ODD = [None, True, 0, -1, 10 ** 30, 2 ** 63, 1.5, float("inf"), float("nan"), "", "x" * 300,
       "\u202eevil", "ＡＢＣ", "\u200b", "a\nb", [], {}, [[[[]]]], {"a": {"b": [1]}}, "0x10",
       "-0", "~", "null"]
# Text dropped into a file anywhere: YAML's own constructs (anchors, aliases, merges, tags,
# directives, documents), a billion laughs, deep nesting, a key twice, bytes of no text.
SNIPPETS = ["\t", "&a ", "*a", "!!python/object:os.system ", "<<: *x\n", "\x00", "\ufeff",
            ": ", "- ", "{", "]", "'", '"', "\\", "\n  ", "%YAML 1.2\n---\n", "---\n",
            "a: &l0 [x, x]\nb: &l1 [*l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0]\n"
            "c: &l2 [*l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1]\n"
            "d: [*l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2]\n",
            "deep: " + "[" * 60 + "]" * 60 + "\n", "name: twice\nname: again\n",
            "n: 1" + "0" * 5000 + "\n", "n: 0o17\n", "when: 2001-02-30\n"]


def _mutated_data(data, draw, depth: int = 0):
    """`data` with one of its values (at any depth) replaced, removed or doubled."""
    if isinstance(data, dict) and data and depth < 8:
        key = draw(st.sampled_from(sorted(data, key=str)))
        how = draw(st.sampled_from(["odd", "drop", "deeper", "new key"]))
        if how == "odd":
            data[key] = draw(st.sampled_from(ODD))
        elif how == "drop":
            del data[key]
        elif how == "new key":
            data[draw(st.sampled_from(["extra", "", "名前", "x" * 100]))] = 1
        else:
            data[key] = _mutated_data(data[key], draw, depth + 1)
        return data
    if isinstance(data, list) and data and depth < 8:
        i = draw(st.integers(0, len(data) - 1))
        how = draw(st.sampled_from(["odd", "drop", "deeper", "twice"]))
        if how == "odd":
            data[i] = draw(st.sampled_from(ODD))
        elif how == "drop":
            del data[i]
        elif how == "twice":
            data.append(data[i])
        else:
            data[i] = _mutated_data(data[i], draw, depth + 1)
        return data
    return draw(st.sampled_from(ODD))


@st.composite
def mutated(draw, source: Path) -> str:
    """The text of `source` after one to three changes: of its data (dumped again) or of
    its text (cut short, a snippet dropped in, a line doubled, lines shuffled)."""
    text = source.read_text(encoding="utf-8")
    if draw(st.booleans()):
        data = yaml.safe_load(text)
        for _ in range(draw(st.integers(1, 3))):
            data = _mutated_data(data, draw)
        return yaml.safe_dump(data, allow_unicode=draw(st.booleans()), sort_keys=False)
    for _ in range(draw(st.integers(1, 3))):
        lines = text.splitlines(True)
        how = draw(st.sampled_from(["cut", "snippet", "line twice", "shuffle"]))
        if how == "cut":
            text = text[:draw(st.integers(0, len(text)))]
        elif how == "snippet" or not lines:
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(SNIPPETS)) + text[at:]
        elif how == "line twice":
            text = "".join(lines[:(i := draw(st.integers(0, len(lines) - 1)))] + [lines[i]]
                           + lines[i:])
        else:
            text = "".join(draw(st.permutations(lines)))
    return text


FUZZ = settings(max_examples=40, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _one_line_or_loaded(load, path: Path) -> None:
    """`load()` either loads or refuses in one line naming `path`; nothing else."""
    try:
        load()
    except LoadError as e:
        said = str(e)
        assert "\n" not in said and said.startswith(str(path)), said


@pytest.fixture(scope="module")
def shipped_cards():
    return load_cards(DEFAULT_CARDS_DIR)


@FUZZ
@given(data=st.data())
def test_a_mutated_level_loads_or_is_refused_in_one_line(tmp_path_factory, data):
    """docs/card-format.md, Limits: a level file, mutated, is read (and its games made
    for 1 to 4 seats) or refused in one line naming it; never a traceback."""
    source = data.draw(st.sampled_from(LEVELS))
    path = tmp_path_factory.mktemp("level") / source.name
    path.write_text(data.draw(mutated(source)), encoding="utf-8", errors="surrogatepass")

    def load():
        load_level(path)
        for seats in (1, 2, 3, 4):
            _one_line_or_loaded(lambda: load_games(path, seats), path)
    _one_line_or_loaded(load, path)


@FUZZ
@given(data=st.data())
def test_a_mutated_deck_loads_or_is_refused_in_one_line(tmp_path_factory, shipped_cards, data):
    """A deck file, mutated: read and judged (Deck Construction, and the warning of
    cards none of its Characters could use), or refused in one line naming it."""
    source = data.draw(st.sampled_from(DECKS))
    path = tmp_path_factory.mktemp("deck") / source.name
    path.write_text(data.draw(mutated(source)), encoding="utf-8", errors="surrogatepass")

    def load():
        deck = load_deck(path, shipped_cards)
        check_deck(deck, shipped_cards)
        unusable_carried(deck, shipped_cards)
    _one_line_or_loaded(load, path)


@pytest.fixture(scope="module")
def others_parsed():
    """The shipped card files but PACK, and a `read` for load_cards that parses each of
    them once for the module (parsing is nearly all of a 2 s load; the loader only
    reads what it is handed) and any other file, the mutated pack, afresh."""
    others = [p for p in sorted(DEFAULT_CARDS_DIR.glob("*.yaml")) if p != PACK]
    parsed = {str(p): read_yaml(p) for p in others}
    return others, lambda p: parsed[str(p)] if str(p) in parsed else read_yaml(p)


@settings(FUZZ, max_examples=15)
@given(data=st.data())
def test_a_mutated_card_pack_loads_or_is_refused_in_one_line(tmp_path_factory, others_parsed,
                                                             data):
    """A card pack, mutated, read with the shipped cards but its own original."""
    path = tmp_path_factory.mktemp("pack") / "mine.yaml"
    path.write_text(data.draw(mutated(PACK)), encoding="utf-8", errors="surrogatepass")
    others, read = others_parsed
    _one_line_or_loaded(lambda: load_cards([*others, path], read=read), path)


# A fuzzer over a real save, edited by hand ----------------------------------------------------

NUMBER = re.compile(r"-?\d+")


@pytest.fixture(scope="module")
def real_save(tmp_path_factory) -> dict:
    """A save the window wrote: a random game of the standard level, 250 actions in."""
    from game.engine.save import Record, save

    game = load_games(DEFAULT_LEVELS_DIR / "standard_2p.yaml", 2)[0]
    match = Match.new(game, 5, [None, None], derived_keys(2, "s38e"))
    rng = random.Random(5)
    while match.state.actions < 250 and not match.over:
        match.play(rng.choice(legal_actions(match.state)))

    table = {"seats": ["human", "ai:random"], "level": str(DEFAULT_LEVELS_DIR / "standard_2p.yaml"),
             "saved": "2026-11-30 12:00", "summary": "round 3; you, an AI"}  # as table_of
    path = tmp_path_factory.mktemp("save") / "slot-1.json"
    save(Record(game, 5, match.record.actions, match.record.keys, table), path)
    return json.loads(path.read_text(encoding="utf-8"))


@st.composite
def edited(draw, data: dict) -> dict:
    """A save edited by hand: an action's number changed, two swapped, one doubled, the
    rest cut; another level's decks or level; a field of any kind given an odd value."""
    d = json.loads(json.dumps(data))
    acts = d["actions"]
    how = draw(st.sampled_from(["number", "swap", "twice", "decks", "level", "field",
                                "table field", "option"]))
    i = draw(st.integers(0, len(acts) - 2))
    if how == "number" and NUMBER.search(acts[i]):
        m = draw(st.sampled_from(list(NUMBER.finditer(acts[i]))))
        n = draw(st.sampled_from([0, -1, 1, 2, 3, 40, 99, 10 ** 6, 10 ** 30, int(m.group()) + 1]))
        acts[i] = acts[i][:m.start()] + str(n) + acts[i][m.end():]
        del acts[i + 1:]
    elif how == "swap":
        acts[i], acts[i + 1] = acts[i + 1], acts[i]
        del acts[i + 2:]
    elif how == "twice":
        acts.insert(i, acts[i])
        del acts[i + 2:]
    elif how == "decks":  # a save from another level
        d["decks"] = draw(st.sampled_from([["demo", "demo"], ["neon-claws", "steel-rain"],
                                           ["steel-rain", "neon-claws", "moonlit-shrine"],
                                           d["decks"][::-1]]))
    elif how == "level":
        d["table"]["level"] = draw(st.sampled_from(
            [str(p) for p in LEVELS] + [str(DEFAULT_LEVELS_DIR / "gone.yaml"),
                                        str(DEFAULT_LEVELS_DIR / ".." / "README.md"), ""]))
    elif how == "field":
        d[draw(st.sampled_from(sorted(d)))] = draw(st.sampled_from(ODD))
    elif how == "table field":
        d["table"][draw(st.sampled_from(["seats", "guide", "looked", "saved", "summary",
                                         "lesson"]))] = draw(st.sampled_from(
            ODD + [["human"], ["human", "human", "human"], {"0": 10 ** 9}]))
    else:
        d["options"][draw(st.sampled_from(sorted(d["options"])))] = draw(st.sampled_from(
            [True, False, 0, 1, 1000, 1001, -1]))
    return d


@settings(FUZZ, max_examples=30)
@given(data=st.data())
def test_an_edited_save_is_listed_and_continued_or_refused_in_one_line(
        tmp_path_factory, real_save, data):
    """Saves are replayed through the rules: one edited by hand (an action that was not
    played, another level's decks or level, a field of the wrong kind) is listed with its
    problem, or continued, or refused in one line naming it: never a traceback, and
    never a game half loaded."""
    from game.engine.save import Replay
    from game.ui.session import Session
    from game.ui.slots import Saves

    folder = tmp_path_factory.mktemp("slots")
    path = folder / "slot-1.json"
    saved = data.draw(edited(real_save))
    path.write_text(json.dumps(saved), encoding="utf-8")
    info = Saves(folder, folder / "save.json").info(1)
    if info.problem is not None:
        assert "\n" not in str(info.problem) and str(info.problem).startswith(str(path))
        return
    try:
        session = Session.replayed(Replay(path), list(info.seats), info.level, threaded=False)
    except LoadError as e:
        assert "\n" not in str(e) and str(e).startswith(str(path)), str(e)
        return
    try:
        assert session.state.actions == len(saved["actions"])  # all of it, or nothing
        session.level_name
    finally:
        session.close()
