"""Bad files (the hostile set): every kind of file the game was seen to choke on,
made here in tmp_path, tried against `validate`, `simulate`, `play`, `screenshot`
and the window's Continue and New game; then (the second pass) the settings file,
the Saved games list, a cardstats log, what a command writes (a log, the output,
a picture) and the arguments of every command.

Each one must be refused in one line naming the file (and the line where there is
one) with exit code 2 on the command line, or a message on screen in the window;
never a traceback, a hang, or a game that starts anyway. docs/card-format.md,
Limits, lists the bounds.

The commands run in this process (game.cli.main) on a thread that is given a time
limit, so a regression fails instead of hanging (a FIFO that was waited on is then
given a writer, so the thread ends); the kind that ate memory before (a YAML alias
bomb) runs in a subprocess with a timeout and a memory limit.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import game.match as match_module  # noqa: E402
import game.engine.save as save_module  # noqa: E402
import game.validate as validate_module  # noqa: E402
import game.ui.app  # noqa: E402
import game.ui.session as session_module  # noqa: E402
from game import cli  # noqa: E402
from game.engine import LoadError, effects, memo  # noqa: E402
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards  # noqa: E402
from game.engine.decks import load_decks  # noqa: E402
from game.engine.save import MAX_ACTIONS, load  # noqa: E402
from game.engine.turns import draw_one  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402

from scene import Scene  # noqa: E402  (tests/ is on sys.path)

ROOT = Path(__file__).resolve().parents[1]
DEMO_LEVEL = str(ROOT / "levels" / "quick_demo.yaml")
DEMO_DECK = (ROOT / "assets" / "decks" / "demo.yaml").read_text(encoding="utf-8")
COMMANDS = ("validate", "simulate", "play", "screenshot")

CHARACTER = """\
- id: {id}
  name: Hostile
  type: character
  gender: female
  abilities: {{attack: {attack}, defense: 1, movement: 1, charm: 1, energy: 1}}
"""
SELF_TRIGGER = """\
- id: boomer
  name: Boomer
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 1, movement: 1}
  effects:
    - "on": defeated
      do:
        - damage: 1
          to: holder
"""


# Running the commands ---------------------------------------------------------------

def run(*argv: str, timeout: float = 30) -> tuple[int, str, str]:
    """game.cli.main(argv) in this process: (exit code, stdout, stderr)."""
    out, err, done = io.StringIO(), io.StringIO(), {}

    def go() -> None:
        with redirect_stdout(out), redirect_stderr(err):
            done["code"] = cli.main(list(argv))

    thread = threading.Thread(target=go, daemon=True)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), f"{argv} still running after {timeout} s"
    assert "code" in done, f"{argv} raised: see the traceback above"
    return done["code"], out.getvalue(), err.getvalue()


def run_processes(*argvs: list[str], timeout: float = 60) -> list[tuple[int, str, str]]:
    """main.py in subprocesses, side by side, each killed after `timeout` s and given
    1 GB of memory at most: (exit code, stdout, stderr) of each."""
    def limit() -> None:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    procs = [subprocess.Popen([sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              preexec_fn=limit if sys.platform != "win32" else None)
             for argv in argvs]
    results, hung = [], []
    for argv, proc in zip(argvs, procs):
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()  # SIGKILL: pygame's SDL may catch SIGTERM
            proc.communicate()
            hung.append(argv)
            continue
        results.append((proc.returncode, out, err))
    assert not hung, f"still running after {timeout} s: {hung}"
    return results


def refused(result: tuple[int, str, str], path: str | Path, line: int | None = None,
            *words: str) -> str:
    """Exit code 2 and one line on stderr naming the file (and line); the line."""
    code, _, err = result
    assert "Traceback" not in err, err
    assert code == 2, (code, err)
    lines = err.splitlines()
    assert len(lines) == 1, f"not one line: {err!r}"
    where = f"{path}:{line}:" if line else f"{path}:"
    assert where in lines[0], f"{where!r} not in {lines[0]!r}"
    for word in words:
        assert word.lower() in lines[0].lower(), f"{word!r} not in {lines[0]!r}"
    return lines[0]


def command(name: str, level: str | Path, tmp_path: Path) -> list[str]:
    """One of COMMANDS on a level file (validate takes any file)."""
    level = str(level)
    return {"validate": ["validate", level],
            "simulate": ["simulate", "--level", level, "--games", "1"],
            "play": ["play", "--level", level, "--seats", "human,ai:easy", "--seed", "1"],
            "screenshot": ["screenshot", "--level", level, "--actions", "0",
                           "--size", "320x240", "--out", str(tmp_path / "shot.png")]}[name]


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    """`play` must refuse a bad file before it opens a window."""
    def opened(session=None):
        raise AssertionError("play opened a window for a bad file")
    monkeypatch.setattr(game.ui.app, "open_window", opened)


SHIPPED_CARDS = sorted(p.resolve() for p in DEFAULT_CARDS_DIR.glob("*.yaml"))


@pytest.fixture(autouse=True)
def fast_cards(monkeypatch, card_db):
    """The shipped cards, loaded once per test run (conftest's card_db) wherever a
    command loads exactly them: these tests are about the other files."""
    def load(paths=DEFAULT_CARDS_DIR, *read):  # validate's reader of a pack parsed already
        listed = [paths] if isinstance(paths, (str, Path)) else list(paths)
        resolved = [Path(p).resolve() for p in listed]
        if resolved in ([DEFAULT_CARDS_DIR.resolve()], SHIPPED_CARDS):
            return card_db
        return load_cards(paths, *read)
    for module in (match_module, validate_module, save_module):
        monkeypatch.setattr(module, "load_cards", load)
    return load


@pytest.fixture
def assets(monkeypatch, tmp_path, fast_cards):
    """add(cards=..., decks={id: text}): the shipped cards and decks plus these, for
    every command (as if they were put into assets/); the added cards are read first."""
    real_cards, real_decks = fast_cards, load_decks
    extra = tmp_path / "extra"
    extra.mkdir()

    def add(cards: str | None = None, decks: dict[str, str] | None = None) -> Path | None:
        card_file = None
        if cards is not None:
            card_file = extra / "cards.yaml"
            card_file.write_text(cards, encoding="utf-8")
        deck_dir = extra / "decks"
        deck_dir.mkdir(exist_ok=True)
        for deck_id, text in (decks or {}).items():
            (deck_dir / f"{deck_id}.yaml").write_text(text, encoding="utf-8")

        def cards_plus(paths=DEFAULT_CARDS_DIR):
            return real_cards([card_file, paths]) if card_file else real_cards(paths)

        def decks_plus(folder, db):
            return {**real_decks(folder, db), **real_decks(deck_dir, db)}

        for module in (match_module, save_module):
            monkeypatch.setattr(module, "load_cards", cards_plus)
            monkeypatch.setattr(module, "load_decks", decks_plus)
        return card_file
    return add


@pytest.fixture
def app(tmp_path, card_db):
    a = App(config=tmp_path / "config", data=tmp_path / "data")
    a.__dict__["db"] = card_db  # cached_property: the cards loaded once per test run
    return a


def continue_on(app: App, save: object, seats: object = None) -> TitleScene:
    """The title after pressing Continue on this save (and seats file), written as the
    earlier versions wrote them (save.json and save-seats.json, still read)."""
    app.saves.legacy.parent.mkdir(parents=True, exist_ok=True)
    for path, content in ((app.saves.legacy, save), (app.saves.legacy_seats,
                                                  seats or {"seats": ["human", "ai:easy"],
                                                            "level": "", "round": 1})):
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content if isinstance(content, str) else json.dumps(content),
                            encoding="utf-8")
    app.reset(TitleScene(app))
    app.step([], 1 / 60)
    app.top._continue()
    for _ in range(5):  # a bad action in it is found while it is replayed, frame by frame
        app.step([], 1 / 60)
    title = app.top
    assert isinstance(title, TitleScene) and app.session is None, "a bad save started a game"
    assert title.error.startswith("The saved game cannot be continued"), title.error
    assert "\n" not in title.error
    assert app.saves.legacy.exists(), "the save was lost"
    return title


def good_save(**changes) -> dict:
    data = {"format": "ani-mayhem-save", "version": 1, "seed": 1, "decks": ["demo", "demo"],
            "options": {"charm_combat": True, "round_limit": 12}, "actions": []}
    data.update(changes)
    return data


# Tracebacks --------------------------------------------------------------------------

def test_a_deeply_nested_save_is_refused_at_continue(app, tmp_path):
    nested = "[" * 100_000 + "]" * 100_000
    path = tmp_path / "nested.json"
    path.write_text(nested, encoding="utf-8")
    with pytest.raises(LoadError, match="nested more than"):
        load(path)
    title = continue_on(app, nested)
    assert str(app.saves.legacy) in title.error and "nested more than" in title.error
    # The seats file and the settings go through the same reader.
    title = continue_on(app, good_save(), "[" * 50_000)
    assert "save-seats.json" in title.error and "nested more than" in title.error


def test_an_action_naming_an_effect_no_card_has_is_refused_at_continue(app):
    """The rules explain a refused `use` by the effect's number, assumed to be one of
    the card's: an IndexError out of a save's first action stopped the window."""
    title = continue_on(app, good_save(actions=["use c0#-" + "9" * 20]))
    assert "actions[0]" in title.error and "no effect of c0" in title.error


@pytest.mark.parametrize("name", COMMANDS)
def test_dev_zero_as_a_level_or_in_a_folder_is_refused(name, tmp_path):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    line = refused(run(*command(name, "/dev/zero", tmp_path)), "/dev/zero", None, "device")
    assert "no such file" not in line
    if name == "validate":  # a folder holding a link to it
        folder = tmp_path / "pack"
        folder.mkdir()
        (folder / "zero.yaml").symlink_to("/dev/zero")
        refused(run("validate", str(folder)), folder / "zero.yaml", None, "device")


@pytest.mark.parametrize("name", COMMANDS)
def test_a_card_whose_effect_sets_itself_off_is_refused(name, tmp_path, assets):
    card_file = assets(cards=SELF_TRIGGER)
    argv = ["validate", str(card_file)] if name == "validate" else \
        command(name, DEMO_LEVEL, tmp_path)
    refused(run(*argv), card_file, 9, "effects.do", "for ever")


def test_an_effect_with_uses_may_damage_its_own_disaster(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(SELF_TRIGGER.replace('      do:', '      uses: {count: 1, per: game}\n'
                                                     '      do:'), encoding="utf-8")
    assert "boomer" in load_cards(path)


POP = """\
- id: pop
  name: Pop
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 1, movement: 1}
  effects:
    - "on": revealed
      do:
        - draw: 1
"""


def test_a_chain_of_effects_too_long_is_one_error_not_a_recursion_error(monkeypatch):
    """A `revealed` effect that draws reveals the next Disaster, whose effect draws...:
    it ends with the pile, so it loads, but play bounds the chain (effects.MAX_CHAIN)."""
    sc = Scene(POP)
    sc.location((0, 0))
    sc.draw_pile(0, *["pop"] * 10)
    draw_one(sc.st, 0, [])  # ten deep: fine
    assert not sc.st.seats[0].draw
    monkeypatch.setattr(effects, "MAX_CHAIN", 4)
    sc = Scene(POP)
    sc.location((0, 0))
    sc.draw_pile(0, *["pop"] * 10)
    with pytest.raises(effects.EffectLoop) as info:
        draw_one(sc.st, 0, [])
    assert "pop" in str(info.value) and "\n" not in str(info.value)
    assert memo.scratch(sc.st).chain == 0, "the chain count was not unwound"


def test_the_window_goes_back_to_the_title_when_effects_loop(app):
    class Looping(TitleScene):
        def update(self, dt):
            raise effects.EffectLoop("cards.yaml", 3, "effects", "pop: a loop")
    app.reset(Looping(app))
    app.step([], 1 / 60)
    assert type(app.top) is TitleScene and app.running
    assert app.top.error == "The game cannot go on: cards.yaml:3: effects: pop: a loop"


THIRTY = DEMO_DECK.replace("haymaker: 3", "haymaker: 30")


@pytest.mark.parametrize("name", ["simulate", "play", "screenshot"])
def test_a_deck_the_rules_refuse_never_starts_a_game(name, tmp_path, assets):
    """play never checked deck legality; now every way into a game does
    (decks.check_legal), as validate does."""
    assets(decks={"thirty": THIRTY})
    level = tmp_path / "thirty.yaml"
    level.write_text("name: Thirty\ndecks: [thirty, demo]\n", encoding="utf-8")
    refused(run(*command(name, level, tmp_path)), tmp_path / "extra" / "decks" / "thirty.yaml",
            None, "30 copies of Haymaker")
    if name == "play":  # the deck chosen by --decks on a good level
        refused(run("play", "--level", DEMO_LEVEL, "--decks", "demo,thirty"),
                tmp_path / "extra" / "decks" / "thirty.yaml", None, "not legal")


def test_a_deck_the_rules_refuse_is_a_message_in_new_game(app, monkeypatch, tmp_path, assets):
    from game.ui.scenes.new_game import NewGameScene
    assets(decks={"thirty": THIRTY})
    scene = NewGameScene(app)
    app.reset(scene)
    monkeypatch.setattr(scene, "config", lambda seed=None: session_module.SessionConfig(
        DEMO_LEVEL, ["human", "ai:easy"], ["thirty", "demo"], seed=1))
    scene._start()
    assert app.top is scene and app.session is None
    assert scene.error.startswith("This game cannot start:") and "thirty.yaml" in scene.error
    app.step([], 1 / 60)  # drawn with the message


def test_new_game_with_a_bad_level_is_a_message_on_the_title(app, monkeypatch, tmp_path):
    import game.ui.scenes.new_game as new_game
    levels = tmp_path / "levels"
    levels.mkdir()
    for name in new_game.LEVELS:
        (levels / f"{name}.yaml").write_text("name: L\ndecks: [demo]\n", encoding="utf-8")
    bad = levels / "quick_demo.yaml"
    bad.write_text("name: Nine\ndecks: [%s]\n" % ", ".join(["demo"] * 9), encoding="utf-8")
    monkeypatch.setattr(new_game, "DEFAULT_LEVELS_DIR", levels)
    title = TitleScene(app)
    app.reset(title)
    title._new_game()
    app.step([], 1 / 60)
    assert app.top is title
    assert title.error == f"A new game cannot be set up: {bad}:2: decks: 9 decks; a level " \
                          "names 1 to 8 (a game seats 1 to 4; simulate plays each rotation " \
                          "of a longer list)"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_bad_card_folder_is_a_message_on_the_title(monkeypatch, tmp_path):
    """The title's fan of cards used to load them while laying out: a traceback."""
    import game.engine.cardfile as cardfile
    cards = tmp_path / "cards"
    cards.mkdir()
    os.mkfifo(cards / "pipe.yaml")
    monkeypatch.setattr(cardfile, "DEFAULT_CARDS_DIR", cards)
    a = App(config=tmp_path / "config", data=tmp_path / "data")
    a.to_menu()
    a.step([], 1 / 60)
    title = a.top
    assert isinstance(title, TitleScene) and a.running
    assert title.error == f"The cards cannot be loaded: {cards / 'pipe.yaml'}: a named pipe " \
                          "(FIFO), not a regular file"
    title._new_game()
    assert a.top is title and title.error.startswith("A new game cannot be set up:")


def test_a_deck_of_a_thousand_copies_is_refused_when_read(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text(DEMO_DECK.replace("haymaker: 3", "haymaker: 1000"), encoding="utf-8")
    line = refused(run("validate", str(path)), path, None, "haymaker", "at most 99")
    assert f"{path}:" in line


@pytest.mark.parametrize("name", COMMANDS)
def test_a_level_of_nine_decks_is_refused(name, tmp_path):
    level = tmp_path / "nine.yaml"
    level.write_text("name: Nine\ndecks: [%s]\n" % ", ".join(["demo"] * 9), encoding="utf-8")
    refused(run(*command(name, level, tmp_path)), level, 2, "decks", "1 to 8")


def test_a_level_of_five_decks_seats_four_in_a_screenshot(tmp_path):
    from game.ui.screenshot import seats_for
    level = tmp_path / "five.yaml"
    level.write_text("name: Five\ndecks: [%s]\n" % ", ".join(["demo"] * 5), encoding="utf-8")
    assert seats_for(str(level)) == ["human", "ai:random", "ai:random", "ai:random"]


# Hangs ----------------------------------------------------------------------------------

def anchors(levels: int = 9) -> str:
    """A map whose last entry stands for 9**levels strings, in a few hundred bytes."""
    lines = ['    a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"    a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]"
              for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def test_a_yaml_alias_bomb_is_refused_at_once(tmp_path):
    """A 1 KB card whose one field stands for 9**9 strings took 3 GB and a minute."""
    path = tmp_path / "bomb.yaml"
    path.write_text("- id: bomb\n  name: Bomb\n  type: item\n  junk:\n"
                    + anchors().replace("    ", "      ") + "  categories: *a9\n",
                    encoding="utf-8")
    assert path.stat().st_size < 1024
    refused(run_processes(["validate", str(path)])[0], path, None, "aliases expanded")
    # As a level, for the other commands (in this process: refused before it is built).
    level = tmp_path / "level.yaml"
    level.write_text("name: L\ndecks: [demo]\nbomb:\n" + anchors() + "description: *a9\n",
                     encoding="utf-8")
    for name in ("simulate", "play", "screenshot"):
        refused(run(*command(name, level, tmp_path)), level, None, "aliases expanded")


def test_an_alias_inside_what_it_names_is_refused(tmp_path):
    path = tmp_path / "loop.yaml"
    path.write_text("- &a [*a]\n", encoding="utf-8")
    refused(run("validate", str(path)), path, 1, "inside the value it names")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_given_as_a_level_is_refused_not_waited_on(tmp_path):
    """Opening a FIFO to read waits for a writer: every command blocked for ever."""
    fifo = tmp_path / "level.yaml"
    os.mkfifo(fifo)
    try:
        for name in COMMANDS:  # in this process: run fails a command still waiting at 30 s
            line = refused(run(*command(name, fifo, tmp_path)), fifo, None,
                           "named pipe (FIFO)")
            assert "no such file" not in line, name
    finally:  # a command left waiting to read it is given a writer, and so its end
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:  # ENXIO: nobody is reading it
            pass


# Accepted without a word ------------------------------------------------------------------

@pytest.mark.parametrize("name", COMMANDS)
def test_an_attack_of_ten_to_the_hundred_is_refused(name, tmp_path, assets):
    card_file = assets(cards=CHARACTER.format(id="googol", attack=10 ** 100))
    argv = ["validate", str(card_file)] if name == "validate" else \
        command(name, DEMO_LEVEL, tmp_path)
    line = refused(run(*argv), card_file, 5, "abilities.attack", "at most 99")
    assert "0" * 50 not in line  # the number is not printed in full


@pytest.mark.parametrize("name", COMMANDS)
def test_a_round_limit_of_ten_to_the_hundred_is_refused(name, tmp_path):
    level = tmp_path / "long.yaml"
    level.write_text(f"name: Long\ndecks: [demo, demo]\noptions:\n  round_limit: {10 ** 100}\n",
                     encoding="utf-8")
    refused(run(*command(name, level, tmp_path)), level, 4, "options.round_limit",
            "at most 1000")


def test_a_round_limit_too_long_for_play(tmp_path):
    code, _, err = run("play", "--round-limit", str(10 ** 100))
    assert code == 2 and err.count("\n") == 1 and "--round-limit" in err


@pytest.mark.parametrize("name", COMMANDS)
def test_a_character_whose_other_form_is_itself_is_refused(name, tmp_path, assets):
    card_file = assets(cards=CHARACTER.format(id="mirror", attack=1) + "  other_form: mirror\n")
    argv = ["validate", str(card_file)] if name == "validate" else \
        command(name, DEMO_LEVEL, tmp_path)
    refused(run(*argv), card_file, 6, "other_form", "its own other form")


def test_an_other_form_naming_no_card_is_refused(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(CHARACTER.format(id="lonely", attack=1) + "  other_form: nobody\n",
                    encoding="utf-8")
    refused(run("validate", str(path)), path, 6, "other_form", "no card has the id")


def test_a_seats_file_naming_a_level_outside_the_game_is_refused(app, tmp_path):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("name: Elsewhere\ndecks: [demo]\n", encoding="utf-8")
    for level in (str(outside), str(ROOT / "levels" / ".." / ".." / "x.yaml"), "/etc/passwd"):
        title = continue_on(app, good_save(), {"seats": ["human", "ai:easy"], "level": level})
        assert "save-seats.json: level:" in title.error and "levels folder" in title.error
    # What the window writes for a game of another level: no level, and it continues.
    session = session_module.Session(session_module.SessionConfig(
        str(outside), ["human", "ai:easy"], ["demo", "demo"], seed=1), threaded=False)
    app.saves.legacy.unlink()
    app.play(session)
    session.act(session.legal()[0])  # a person's move: the game is kept
    app.to_menu()
    assert json.loads(app.saves.path(1).read_text())["table"]["level"] == ""
    app.continue_game()
    for _ in range(3):
        app.step([], 1 / 60)
    assert app.session is not None and app.session.seats == ["human", "ai:easy"]


@pytest.mark.parametrize("length,words", [(5_000, ("text:", "5000 characters", "at most 1000")),
                                          (100_000, ("100000 characters",))])
def test_a_card_text_too_long_is_refused(length, words, tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(CHARACTER.format(id="talker", attack=1) + "  text: " + "x" * length + "\n",
                    encoding="utf-8")
    refused(run("validate", str(path)), path, 6, *words)


def test_a_save_of_a_million_actions_is_refused_at_once(app, tmp_path):
    big = good_save(actions=["end-phase"] * 1_000_000)
    title = continue_on(app, big)
    assert "a save may be at most 2 MB" in title.error
    # Small enough in bytes, but more actions than any game: refused before replaying.
    title = continue_on(app, json.dumps(good_save(actions=["e"] * (MAX_ACTIONS + 1)),
                                        separators=(",", ":")))
    assert f"{MAX_ACTIONS + 1} actions; a save holds at most {MAX_ACTIONS}" in title.error


# Misleading messages ----------------------------------------------------------------------

@pytest.mark.parametrize("name", COMMANDS)
def test_a_symbolic_link_loop_is_called_one(name, tmp_path):
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    line = refused(run(*command(name, loop, tmp_path)), loop, None, "link that loops")
    assert "no such file" not in line


def test_a_link_to_nothing_and_a_folder_are_called_so(tmp_path):
    dangling = tmp_path / "gone.yaml"
    dangling.symlink_to(tmp_path / "nowhere.yaml")
    refused(run("validate", str(dangling)), dangling, None, "symbolic link to nothing")
    refused(run("simulate", "--level", str(tmp_path)), tmp_path, None, "a folder")


def test_a_negative_round_limit_in_a_save_is_called_so(app, tmp_path):
    path = tmp_path / "save.json"
    path.write_text(json.dumps(good_save(options={"charm_combat": True, "round_limit": -5})),
                    encoding="utf-8")
    with pytest.raises(LoadError) as info:
        load(path)
    assert str(info.value) == (f"{path}: options: round_limit must be from 1 to 1000, not -5")
    title = continue_on(app, good_save(options={"charm_combat": True, "round_limit": -5}))
    assert "round_limit must be from 1 to 1000" in title.error and "over" not in title.error


@pytest.mark.parametrize("seats,words", [("a string", "must be a JSON object"),
                                         ({"seats": "human"}, "seats: must list 1 to 4"),
                                         ({"seats": ["human"] * 5}, "seats: must list 1 to 4"),
                                         ({"seats": ["robot", "human"]}, "seats: must list")])
def test_a_seats_file_of_the_wrong_shape_is_called_so(app, seats, words):
    title = continue_on(app, good_save(), json.dumps(seats))
    assert "save-seats.json" in title.error and words in title.error, title.error
    assert "the save has" not in title.error
    assert app.saves.latest().error


def test_a_card_file_of_fifty_megabytes_is_refused_before_it_is_read(tmp_path):
    """A valid 50 MB card file took 443 s to load: reading is linear (about 4 s a MB
    with PyYAML's pure-Python loader), so a card file may be at most 1 MB."""
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as f:
        f.truncate(50 * 1024 * 1024)  # sparse: nothing is written
    refused(run("validate", str(path)), path, None, "50 MB", "at most 1 MB")


def test_the_shipped_files_are_within_every_bound():
    code, out, err = run("validate")
    assert (code, err) == (0, ""), err
    assert "all well" in out


# Lines that were not one line ---------------------------------------------------------------

def test_a_file_name_or_key_with_a_newline_is_still_one_line(tmp_path):
    """The file's name and its keys went into the message as they were: a newline, a
    line separator or a terminal escape in them broke the line (or recoloured it)."""
    odd = tmp_path / "two\nlines.yaml"
    odd.write_text("x: 1\n", encoding="utf-8")
    code, _, err = run("validate", str(odd))
    assert code == 2 and err.count("\n") == 1, err
    assert "two\\nlines.yaml:1: not a card pack" in err
    level = tmp_path / "keys.yaml"
    level.write_text('name: L\ndecks: [demo]\n"a\\nb\\u2028c\\e[31m": 1\n', encoding="utf-8")
    line = refused(run("validate", str(level)), level, 3, "unknown field")
    assert "a\\nb\\u2028c\\x1b[31m:" in line


@pytest.mark.parametrize("name,words", [('"\\ud800 Deck"', ("\\ud800", "half of a character")),
                                        ('"Demo\\nDeck\\e[31m"', ("name:", "control character")),
                                        ('"Nul\\0Deck"', ("name:", "control character")),
                                        ('"\\u200b"', ("name:", "'\\u200b'", "no width")),
                                        ('"Demo \\ufeff\\u0301 Deck"', ("name:", "no width"))])
def test_a_deck_name_that_cannot_be_printed_is_refused(name, words, tmp_path):
    """A lone surrogate in a deck's name made validate fall over printing it (a
    UnicodeEncodeError); a newline or an escape in it broke or recoloured its line,
    NUL is refused by pygame's fonts when the New game scene draws it, and so is a
    name (or a word of one, drawn alone where a line wraps) of zero-width characters."""
    path = tmp_path / "odd.yaml"
    path.write_text(DEMO_DECK.replace("name: Demo Deck", f"name: {name}"), encoding="utf-8")
    line = refused(run("validate", str(path)), path, 2, *words)
    assert "\n" not in line and "\x1b" not in line


def test_a_long_text_may_hold_line_breaks_but_no_other_control_character(tmp_path):
    level = tmp_path / "level.yaml"
    level.write_text('name: L\ndecks: [demo]\ndescription: "One.\\n\\tTwo."\n', encoding="utf-8")
    assert run("validate", str(level))[0] == 0
    level.write_text('name: L\ndecks: [demo]\ndescription: "One.\\bTwo."\n', encoding="utf-8")
    refused(run("validate", str(level)), level, 3, "description:", "control character")


@pytest.mark.parametrize("text,line,key", [
    ("name: L\ndecks: [demo, demo]\n<<: {decks: [demo]}\n", 3, "decks"),
    ("name: L\n<<: [{decks: [demo]}, {decks: [demo, demo]}]\n", 2, "decks"),
    ("a: &a {round_limit: 5}\nb: &b {<<: *a}\noptions: {<<: *b, round_limit: 3}\n", 3,
     "round_limit")], ids=["given-and-merged", "merged-twice", "merged-through-a-merge"])
def test_a_key_given_again_by_a_yaml_merge_is_refused(tmp_path, text, line, key):
    """A key twice in one map is refused, but one given again through a merge (<<)
    was not: YAML keeps the key given over the merged one, and the first of two
    merged, without a word."""
    level = tmp_path / "level.yaml"
    level.write_text(text, encoding="utf-8")
    refused(run("validate", str(level)), level, line, f"{key}: appears twice in the same map "
                                                      "(once through <<)")


def test_a_date_that_is_no_date_is_refused_at_its_line(tmp_path):
    """YAML reads 2001-02-30 as a date, and the error named no line."""
    level = tmp_path / "level.yaml"
    level.write_text("name: L\ndecks: [demo]\noptions:\n  round_limit: 2001-02-30\n",
                     encoding="utf-8")
    for name in COMMANDS:
        refused(run(*command(name, level, tmp_path)), level, 4, "'2001-02-30' cannot be read")


@pytest.mark.parametrize("value,words", [
    ("0x" + "f" * 5000, "not a number of 6021 digits"),
    # Refused as it is read now, whatever its size (s33f: 1:30 was read as 90).
    (":".join(["59"] * 3000), "read by YAML as a number of 5335 digits (base 60)")],
                         ids=["hex", "sexagesimal"])
def test_a_number_too_long_to_print_is_refused_in_one_line(tmp_path, value, words):
    """YAML builds a hex or base-60 number without str(), so one of 5,000 digits was
    read; saying how long it was then raised Python's 4,300-digit limit: a traceback."""
    level = tmp_path / "level.yaml"
    level.write_text(f"name: L\ndecks: [demo]\noptions:\n  round_limit: {value}\n",
                     encoding="utf-8")
    for name in COMMANDS:
        refused(run(*command(name, level, tmp_path)), level, 4, "round_limit", words)


def test_an_escape_past_the_last_character_names_its_line(tmp_path):
    level = tmp_path / "level.yaml"
    level.write_text('name: L\ndecks: [demo]\ndescription: "\\U00110000"\n', encoding="utf-8")
    refused(run("validate", str(level)), level, 3, "cannot read")


# The settings file ----------------------------------------------------------------------------

@pytest.mark.parametrize("content,words", [('{"volume": 1%s}' % ("0" * 400), "401 digits"),
                                           ('{"volume": NaN}', "nan"),
                                           ('{"booth_idle": Infinity}', "booth_idle: inf")],
                         ids=["400-digits", "nan", "infinity"])
def test_a_settings_number_too_big_or_not_a_number_gives_the_defaults(tmp_path, capsys,
                                                                     content, words):
    """A volume of 400 digits stopped the window from opening (an OverflowError turning
    it into a float); NaN and Infinity were clamped to a volume without a word."""
    from game.ui.settings import Settings
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(content, encoding="utf-8")
    a = App(config=config, data=tmp_path / "data")
    assert a.settings == Settings()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a usable number); using defaults" in err, err
    assert words in err, err


@pytest.mark.parametrize("last", [{"level": ["quick_demo"]}, {"level": {"a": 1}},
                                  {"seats": [["human"], "human"]}, {"decks": [["demo"], {}]},
                                  {"round_limit": 20.0}, {"round_limit": [20]}],
                         ids=["level-list", "level-map", "seat-list", "deck-list",
                              "limit-float", "limit-list"])
def test_a_last_setup_edited_by_hand_is_skipped_by_new_game(app, last):
    """settings.json's last_setup is read back by New game: a list where a name was
    raised a TypeError (unhashable) as the scene opened, and a round limit of 20.0 was
    taken, so every new game was saved with 20.0, which Continue then refused."""
    from game.ui.scenes.new_game import NewGameScene
    app.settings.last_setup = last
    scene = NewGameScene(app)
    config = scene.config(seed=1)
    assert config.round_limit is None
    assert all(isinstance(d, str) for d in config.decks + config.seats)
    with pytest.raises(ValueError, match="whole number"):
        session_module.build_game(session_module.SessionConfig(
            DEMO_LEVEL, ["human", "ai:easy"], round_limit=20.0))


# Saved games -----------------------------------------------------------------------------------

def test_a_summary_a_font_cannot_draw_is_shown_escaped_in_saved_games(app):
    """A save's summary and date are the window's own text, drawn in the list of saves:
    NUL (pygame refuses it) or a lone surrogate (no encoding writes it) there made the
    Saved games scene raise as it was drawn."""
    from game.ui.scenes.slots import SlotsScene
    path = app.saves.path(1)
    path.parent.mkdir(parents=True)
    table = {"seats": ["human", "ai:easy"], "level": "", "saved": "2026\x00", "summary": "a\ud800b"}
    path.write_text(json.dumps(good_save(version=3, keys=[], table=table)), encoding="utf-8")
    app.reset(TitleScene(app))
    app.push(SlotsScene(app))
    app.step([], 1 / 60)
    app.draw()
    info = app.saves.info(1)
    assert (info.saved, info.summary, info.error) == ("2026\\x00", "a\\ud800b", "")


@pytest.mark.parametrize("saved,summary,shown", [
    ("\u200b", "", ("", "")),
    ("2026-01-01 10:00:00", "Quick demo: \ufeff", ("2026-01-01 10:00:00", "Quick demo:")),
], ids=["all-of-no-width", "details-of-no-width"])
def test_a_summary_of_no_width_is_left_out_in_saved_games(app, saved, summary, shown):
    """pygame refuses to draw text of no width (a zero-width space alone): the date
    and summary of a save edited so, or the part of its line after ': ' (drawn apart),
    stopped the Saved games scene."""
    from game.ui.scenes.slots import SlotsScene
    path = app.saves.path(1)
    path.parent.mkdir(parents=True)
    table = {"seats": ["human", "ai:easy"], "level": "", "saved": saved, "summary": summary}
    path.write_text(json.dumps(good_save(version=3, keys=[], table=table)), encoding="utf-8")
    app.reset(TitleScene(app))
    app.push(SlotsScene(app))
    app.step([], 1 / 60)
    info = app.saves.info(1)
    assert (info.saved, info.summary, info.error) == (*shown, "")


def test_an_older_save_dated_past_the_year_9999_is_listed_without_a_date(app, monkeypatch):
    """A file's time is whatever its clock said (tmpfs keeps a year of 318857); the
    title listed the older save by that date and stopped with a ValueError."""
    app.saves.legacy.parent.mkdir(parents=True, exist_ok=True)
    app.saves.legacy.write_text(json.dumps(good_save()), encoding="utf-8")
    app.saves.legacy_seats.write_text(json.dumps({"seats": ["human", "ai:easy"], "level": ""}),
                                      encoding="utf-8")
    real_stat = os.stat

    def stat(path, *args, **kwargs):
        st = real_stat(path, *args, **kwargs)
        if str(path) != str(app.saves.legacy):
            return st
        return os.stat_result((*st[:8], 10 ** 13, st[9]))  # st_mtime: year 318857
    monkeypatch.setattr(os, "stat", stat)
    app.reset(TitleScene(app))
    app.step([], 1 / 60)
    (older,) = app.saves.listing()
    assert older.legacy and older.saved == "" and not older.error
    assert app.top.cont.visible


@pytest.mark.parametrize("table,words", [
    ({"seats": ["human"], "guide": True}, "the guided game has two seats, not 1"),
    ({"seats": ["human", "ai:easy"], "guide": "yes"}, "must be true or false, not 'yes'"),
], ids=["one-seat", "not-a-flag"])
def test_a_guided_save_edited_by_hand_is_said_in_saved_games(app, table, words):
    """Continue hands a guided game's script to seat 1: a save edited to a one-seat
    game marked `guide` stopped the window with an IndexError once it was replayed."""
    decks = ["demo"] * len(table["seats"])
    data = {**good_save(decks=decks, version=3), "keys": ["00" * 16] * len(decks),
            "table": {**table, "level": "", "saved": "2026-01-01 10:00:00", "summary": "x"}}
    app.saves.path(1).parent.mkdir(parents=True)
    app.saves.path(1).write_text(json.dumps(data), encoding="utf-8")
    (slot,) = app.saves.listing()
    assert slot.line.startswith("Cannot be continued") and words in slot.line
    with pytest.raises(LoadError, match=words):
        app.continue_game(1)
    assert app.saves.path(1).exists()


def test_an_older_save_marked_guided_of_one_seat_is_refused_at_continue(app):
    """The older save's seats are its seats file's, so the guide in the save's own
    table went unchecked: the same IndexError."""
    save = {**good_save(decks=["demo"], version=3), "keys": ["00" * 16],
            "table": {"guide": True}}
    title = continue_on(app, save, {"seats": ["human"], "level": "", "round": 1})
    assert "the guided game has two seats, not 1" in title.error


def test_seats_that_do_not_match_the_saved_game_name_the_file(app):
    """'the save has 2 seats, not 3' named neither the file nor the field."""
    title = continue_on(app, good_save(), {"seats": ["human", "ai:easy", "human"], "level": ""})
    assert title.error.endswith(f"{app.saves.legacy_seats}: seats: 3 seats for a game "
                                "of 2 decks"), title.error
    path = app.saves.path(1)
    path.parent.mkdir(parents=True, exist_ok=True)
    table = {"seats": ["human"], "level": ""}
    path.write_text(json.dumps(good_save(version=3, keys=[], table=table)), encoding="utf-8")
    with pytest.raises(LoadError) as info:
        app.continue_game(1)
    assert str(info.value) == f"{path}: seats: 1 seat for a game of 2 decks"


# Arguments ---------------------------------------------------------------------------------------

def test_a_seed_no_save_can_hold_is_refused_before_the_game_starts(tmp_path):
    """`play --seed` of 39 digits was played and saved after every move, and Continue
    refused the save (a seed is at most 64 bits): the game was lost."""
    for argv in (["play", "--seed", str(2 ** 64), "--seats", "human"],
                 ["screenshot", "--seed", str(-2 ** 64), "--actions", "0", "--size", "320x240",
                  "--out", str(tmp_path / "shot.png")]):
        code, _, err = run(*argv)
        assert code == 2 and err.count("\n") == 1, err
        assert "the seed must be a whole number of at most 64 bits, not a number of 20 digits" \
            in err
    assert not (tmp_path / "shot.png").exists()


@pytest.mark.parametrize("argv,words", [
    (["simulate", "--games", "x"], "main.py simulate: argument --games: invalid int value: 'x'"),
    (["play", "--seed", "1e3"], "main.py play: argument --seed: invalid int value: '1e3'"),
    (["bogus"], "main.py: argument command: invalid choice: 'bogus'"),
    (["screenshot"], "the following arguments are required: --out"),
    (["simulate", "--nope", "a\nb"], "unrecognized arguments: --nope a\\nb")],
    ids=["int", "seed", "command", "required", "unknown"])
def test_a_mistake_argparse_finds_is_one_line(argv, words):
    """argparse printed its usage, several lines, before the error."""
    code, out, err = run(*argv)
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert err.startswith("error: ") and words in err and "--help)" in err, err


@pytest.mark.parametrize("value", ["nan", "inf", "1e300", "0", "-1", "60001"])
def test_a_think_ms_no_decision_can_have_is_refused(value):
    """--think-ms nan or inf raised converting it to steps (ValueError, OverflowError),
    1e300 searched for ever, and 0 or -1 were taken without a word."""
    for argv in (["simulate", "--seats", "ai:hard,ai:random", "--games", "1"],
                 ["bench", "regret", "--decisions", "1", "--worlds", "1"]):
        code, out, err = run(*argv, "--think-ms", value, timeout=10)
        assert (code, out) == (2, "") and err.count("\n") == 1, err
        assert "argument --think-ms: a decision's budget must be above 0 and at most 60000 ms" \
            in err, err
    with pytest.raises(ValueError, match="budget"):
        from game.ai import make_agent
        make_agent("hard", float(value))


@pytest.mark.parametrize("value", ["nan", "inf", "0", "-1", "1e9"])
def test_seconds_no_run_can_take_are_refused(value):
    """bench engine --seconds 0, -1 or nan divided by zero (a traceback); monkey
    --seconds nan fed nothing and said all was well, inf never ended."""
    for name in ("monkey", "bench"):
        argv = ["monkey"] if name == "monkey" else ["bench", "engine"]
        code, out, err = run(*argv, "--seconds", value, timeout=10)
        assert (code, out) == (2, "") and err.count("\n") == 1, err
        assert f"argument --seconds: must be above 0 and at most 86400 (a day), not '{value}'" \
            in err, err


@pytest.mark.parametrize("argv,words", [
    (["bench", "render", "--frames", "0"], "--frames: must be from 1 to 100000, not 0"),
    (["bench", "render", "--frames", str(10 ** 12)], "--frames: must be from 1 to 100000, "
                                                      "not a number of 13 digits"),
    (["bench", "regret", "--decisions", "-1"], "--decisions: must be from 1 to 1000, not -1"),
    (["bench", "regret", "--worlds", "1000"], "--worlds: must be from 1 to 100, not 1000"),
    (["bench", "regret", "--seed", str(10 ** 26)], "--seed: must be a whole number of at most "
                                                   "64 bits, not a number of 27 digits"),
    (["bench", "engine", "--seed", str(-2 ** 64)], "--seed: must be a whole number of at most "
                                                   "64 bits, not a number of 20 digits"),
    (["bench", "digest", "--games", "0"], "--games: must be from 1 to 10000, not 0"),
    (["bench", "digest", "--games", str(10 ** 20)], "--games: must be from 1 to 10000"),
    (["bench", "digest", "--seats", "5"], "--seats: must be from 1 to 4, not 5"),
    (["bench", "digest", "--games", "1e3"], "--games: invalid int value: '1e3'"),
    (["monkey", "--seed", str(10 ** 29)], "--seed: must be a whole number of at most 64 bits")],
    ids=["frames-0", "frames-huge", "decisions", "worlds", "regret-seed", "engine-seed",
         "games-0", "games-huge", "seats", "games-float", "monkey-seed"])
def test_a_bench_or_monkey_number_out_of_bounds_is_refused(argv, words):
    """bench regret and monkey made a game of a seed of 27 digits and raised (a save
    holds 64 bits); --frames, --decisions, --worlds and --games had no upper bound
    (10**12 frames never ended), and --games 0 or --seats 5 were said outside
    argparse's words."""
    code, out, err = run(*argv, timeout=10)
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert err.startswith(f"error: main.py {argv[0]}: argument {words}"), err


def test_a_rate_measured_over_no_time_runs_once_instead_of_dividing_by_zero():
    from game.bench import _rate
    assert _rate(lambda: 1, 1e-12) > 0


# A cardstats log ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lines,line,words", [
    (['{"game": 0, "type": "placed", "card": 1}', "[1, 2]"], 2, "one JSON object, not a list"),
    (["NaN"], 1, "one JSON object, not nan"),
    (['{"game": "x", "type": "card_played"}'], 1, "game: not a log written by simulate --log"),
    (['{"game": 0, "type": ["card_played"]}', "not json"], 2, "bad JSON")],
    ids=["list", "nan", "game-text", "type-list"])
def test_a_log_line_that_is_no_event_is_refused_at_its_line(tmp_path, lines, line, words):
    """A line of JSON that was not an object raised AttributeError (a traceback); a
    type that was a list, TypeError; the messages named no line."""
    from game.engine.events import CardPlayed
    log = tmp_path / "events.jsonl"
    log.write_text("\n".join(lines).replace("card_played", CardPlayed.type) + "\n",
                   encoding="utf-8")
    refused(run("cardstats", "--log", str(log), "--level", DEMO_LEVEL), log, line, words)


@pytest.mark.parametrize("seats", ["0", "5", "-3"])
def test_cardstats_seats_no_game_has_are_refused(tmp_path, seats):
    """--seats 0 or 5 raised ValueError making the games (a traceback)."""
    log = tmp_path / "events.jsonl"
    log.write_text("", encoding="utf-8")
    code, out, err = run("cardstats", "--log", str(log), "--seats", seats)
    assert (code, out) == (2, "") and err == "error: --seats must be 1 to 4, the seats " \
                                             "simulate played\n"


# screenshot's picture ----------------------------------------------------------------------------

def test_a_screenshot_of_a_game_over_before_its_actions_shows_the_game_over(tmp_path):
    """--actions past the end of the game raised AttributeError: the window was on the
    game-over screen, which has no table to catch up."""
    level = tmp_path / "short.yaml"
    level.write_text("name: Short\ndecks: [demo, demo]\noptions:\n  round_limit: 1\n",
                     encoding="utf-8")
    out = tmp_path / "end.png"
    code, printed, err = run("screenshot", "--level", str(level), "--actions", "100000",
                             "--size", "320x240", "--out", str(out), "--zoom", "2")
    assert (code, err) == (0, ""), err
    assert printed.splitlines()[-1] == str(out) and out.stat().st_size > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["end.png", "short.yaml"]  # no .tmp


@pytest.mark.parametrize("where,words", [("missing/shot.png", "cannot write the picture there: "
                                                              "No such file or directory"),
                                         (".", "a folder; name the PNG file to write"),
                                         ("shot.txt", "the picture is a PNG")],
                         ids=["no-folder", "a-folder", "not-png"])
def test_a_picture_that_cannot_be_written_is_said_before_the_game_is_played(
        tmp_path, monkeypatch, where, words):
    """An --out in a missing folder, or a folder, raised pygame.error after the game had
    been played (a traceback); shot.txt was written as a TGA under that name."""
    import game.ui.screenshot as screenshot
    monkeypatch.setattr(screenshot, "open_table", lambda *a, **k: pytest.fail("played"))
    out = tmp_path / where
    code, _, err = run("screenshot", "--actions", "0", "--size", "320x240", "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and f"{out}: {words}" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [
    ["screenshot", "--out", "{tmp}/a\nb.txt"],
    ["screenshot", "--actions", "0", "--size", "320x240", "--out", "{tmp}/no\nfolder/x.png"],
    ["simulate", "--games", "1", "--log", "{tmp}/no\nfolder/log.jsonl"],
], ids=["screenshot-not-png", "screenshot-no-folder", "simulate-log-no-folder"])
def test_a_name_with_a_newline_in_a_command_s_own_error_is_one_line(tmp_path, argv):
    """LoadError escapes a file's name; the commands' own errors put --out and --log
    in as given, and a newline in one split the error over two lines."""
    code, _, err = run(*(a.format(tmp=tmp_path) for a in argv))
    assert code == 2 and err.count("\n") == 1 and "\\n" in err, err


def test_the_picture_written_is_named_on_one_line(tmp_path):
    out = tmp_path / "a\nb.png"
    code, printed, _ = run("screenshot", "--actions", "0", "--size", "320x240", "--out", str(out))
    assert code == 0 and out.exists()
    assert printed == f"{tmp_path}/a\\nb.png\n"


def test_a_picture_larger_than_8k_is_refused():
    """--size 100000x100000 drew a 16384x16384 window (1 GB) and saved it."""
    code, _, err = run("screenshot", "--size", "100000x100000", "--out", "x.png")
    assert code == 2 and "--size must be from 320x240 to 7680x4320, not 100000x100000" in err


def test_an_unknown_deck_given_to_play_does_not_blame_the_level():
    """play --decks nosuchdeck said the level's decks named it: '.../quick_demo.yaml:
    decks: unknown deck', a file with nothing wrong in it."""
    code, _, err = run("play", "--seats", "human,ai:easy", "--decks", "demo,nosuchdeck")
    assert (code, err) == (2, "error: play: unknown deck 'nosuchdeck'\n")


def test_more_decks_than_seats_are_refused():
    """play --decks a,b,c on two seats dropped the third without a word."""
    code, _, err = run("play", "--seats", "human,ai:easy", "--decks", "demo,demo,demo")
    assert (code, err) == (2, "error: play: 3 decks were named for 2 seats: name at most one "
                              "deck for each seat (an empty name keeps the level's deck)\n")


def test_a_slot_whose_lock_cannot_be_made_is_continued_unsaved(app):
    """No lock can be made beside the save (here a folder where the lock file goes; a
    read-only folder is the same): Continue replayed the game, then raised
    IsADirectoryError on every frame. It goes on, unsaved, and says so, as a new game
    does."""
    path = app.saves.path(1)
    path.parent.mkdir(parents=True)
    table = {"seats": ["human", "human"], "level": "", "saved": "x", "summary": "y"}
    path.write_text(json.dumps(good_save(version=3, keys=[], table=table)), encoding="utf-8")
    path.with_suffix(".lock").mkdir()
    app.reset(TitleScene(app))
    app.continue_game(1)
    for _ in range(5):
        app.step([], 1 / 60)
    assert app.session is not None and app.saves.held is None
    assert app.save_error.startswith(f"This game cannot be saved: {path.with_suffix('.lock')}: "
                                     "a folder where the slot's lock file should be")
    assert path.exists()


def test_a_delete_that_worked_does_not_keep_the_last_one_s_failure(app, monkeypatch):
    """A slot that cannot be deleted says so; deleting the next one worked but the
    screen still said 'The save could not be deleted'. (A folder in a slot's place was
    the slot that could not be: since s31h it is removed or moved aside, and said,
    tests/test_hostile_s31h.py; a file the system refuses to remove stands in.)"""
    from game.ui.scenes.slots import SlotsScene
    saves = app.saves.path(1).parent
    saves.mkdir(parents=True)
    for n in (1, 2):
        app.saves.path(n).write_text(json.dumps(good_save()), encoding="utf-8")
    app.reset(TitleScene(app))
    scene = SlotsScene(app)
    app.push(scene)
    remove = app.saves.remove

    def refused(n):
        if n == 1:
            raise PermissionError(13, "Permission denied")
        return remove(n)
    monkeypatch.setattr(app.saves, "remove", refused)
    for n in (1, 1):
        scene._delete(n)
    assert scene.error == "The save could not be deleted: Permission denied"
    for n in (2, 2):
        scene._delete(n)
    assert not app.saves.path(2).exists() and scene.error == ""


# A deck the rules refuse: its line -----------------------------------------------------------------

# The tests' own legal deck, each count at its limit (3 Locations need 5 Items; 7
# Disasters: 2 per Location, 1 per 3 Power cards; 21 Combat cards), so one card less
# breaks one rule; the shipped decks may change without touching these tests.
LEGAL_DECK = """\
name: Fixture Deck
starting_characters: [akiko-sakuragawa, sayo-tsukimura, torao-ishibashi, mio-sprocket]
haven: sakura-yu-inn
power:
  training-montage: 1
  second-wind: 1
  emergency-bento: 1
locations:
  - falling-petal-dojo
  - shrine-steps-under-the-moon
  - scrapyard-of-giants
items:
  golden-melon-pan: 2
  crumpled-love-letter: 1
  rubber-duck-of-destiny: 1
  thermal-katana-shard: 1
disasters:
  salaryman-zombie: 2
  paper-lantern-swarm: 1
  angry-tengu-crow: 1
  oni-warlord-brokentusk: 1
  colossal-stray-cat: 1
  general-obsidian-hex: 1
combat:
  haymaker: 3
  counter-stance: 3
  sparkly-aura: 3
  flying-kick: 3
  iron-wall: 3
  stare-down: 3
  deep-breath: 3
"""


def test_the_tests_own_deck_is_legal(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(LEGAL_DECK, encoding="utf-8")
    code, _, err = run("validate", str(path))
    assert (code, err) == (0, "")


@pytest.mark.parametrize("old,new,section,words", [
    ("[akiko-sakuragawa, sayo-tsukimura,", "[akiko-sakuragawa, akiko-sakuragawa,",
     "starting_characters", "the starting Characters must all be different"),
    ("  - scrapyard-of-giants\n", "", "locations",
     "2 Locations; the number of Locations must be odd"),
    ("golden-melon-pan: 2", "golden-melon-pan: 1", "items", "4 Items; 3 Locations need"),
    ("salaryman-zombie: 2", "salaryman-zombie: 1", "disasters", "6 Disasters; 2 per Location"),
    ("haymaker: 3", "haymaker: 2", "combat", "20 Combat cards")],
    ids=["starters", "locations", "items", "disasters", "combat"])
def test_a_deck_problem_that_names_no_card_names_its_section_s_line(tmp_path, old, new, section,
                                                                    words):
    """A construction problem naming no card (a count, a duplicate) named no line."""
    path = tmp_path / "deck.yaml"
    assert old in LEGAL_DECK
    text = LEGAL_DECK.replace(old, new)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(section + ":"))
    path.write_text(text, encoding="utf-8")
    refused(run("validate", str(path)), path, line, "deck is not legal", words)


# What a command writes -------------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_log_into_a_fifo_nobody_reads_is_refused_not_waited_on(tmp_path):
    """simulate --log FIFO waited for a reader for ever (opening it to write blocks)."""
    fifo = tmp_path / "log.jsonl"
    os.mkfifo(fifo)
    code, out, err = run("simulate", "--games", "1", "--level", DEMO_LEVEL, "--log", str(fifo),
                         timeout=10)
    assert (code, out) == (2, "")
    assert err == f"error: {fifo}: cannot write the log: a named pipe (FIFO) that nobody reads\n"


def test_a_log_in_a_missing_folder_is_said_once(tmp_path):
    """simulate --log into a folder that is not there said its verb twice ("cannot write
    the log: cannot be written: No such file or directory"): one line, said once."""
    path = tmp_path / "gone" / "log.jsonl"
    code, out, err = run("simulate", "--games", "1", "--level", DEMO_LEVEL, "--log", str(path))
    assert (code, out) == (2, "")
    assert err == f"error: {path}: cannot write the log: No such file or directory\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_log_that_cannot_be_written_is_one_line():
    """A full disk under simulate --log raised OSError from the middle of a game."""
    code, _, err = run("simulate", "--games", "1", "--level", DEMO_LEVEL, "--log", "/dev/full")
    assert (code, err) == (2, "error: /dev/full: cannot be written: No space left on device\n")


@pytest.mark.parametrize("error,code,said", [
    (OSError(28, "No space left on device"), 2,
     "error: the output: cannot be written: No space left on device\n"),
    (BrokenPipeError(32, "Broken pipe"), 1, "")], ids=["full", "reader-gone"])
def test_an_output_that_cannot_be_written_is_one_line_or_nothing(error, code, said):
    """`validate > /dev/full` raised OSError, and `simulate | head -1` BrokenPipeError,
    from wherever the write happened to be; a reader that stopped reading is not a
    mistake, so nothing is said."""
    class Failing(io.StringIO):
        def write(self, text):
            raise error
    err = io.StringIO()
    with redirect_stdout(Failing()), redirect_stderr(err):
        assert cli.main(["validate", DEMO_LEVEL]) == code
    assert err.getvalue() == said


def test_more_games_than_a_run_can_keep_are_refused():
    """--games 10**20 was taken: a run keeps every decision's time (about 30 KB a game),
    so it grew without end."""
    code, out, err = run("simulate", "--games", str(10 ** 20))
    assert (code, out) == (2, "") and err == "error: main.py simulate: argument --games: must " \
                                             "be from 0 to 10000 (a run keeps every decision's " \
                                             "time; run more seeds for more), not a number of " \
                                             "21 digits (see main.py simulate --help)\n"


@pytest.mark.parametrize("version", [True, 3.0, "3"])
def test_a_save_version_that_only_compares_equal_is_refused(tmp_path, version):
    """"version": true was read as version 1 (True == 1), and 3.0 as 3."""
    path = tmp_path / "save.json"
    path.write_text(json.dumps(good_save(version=version)), encoding="utf-8")
    with pytest.raises(LoadError) as info:
        load(path)
    assert str(info.value) == f"{path}: version: unknown save version {version!r}"


def test_seats_for_a_level_of_five_decks_can_be_given_to_screenshot(tmp_path):
    """--seats for a level of five decks had to list five seats, and five were refused
    (a game seats 1 to 4): no --seats could pass. It seats four, as without --seats."""
    level = tmp_path / "five.yaml"
    level.write_text("name: Five\ndecks: [%s]\n" % ", ".join(["demo"] * 5), encoding="utf-8")
    argv = command("screenshot", level, tmp_path)
    assert run(*argv, "--seats", "human,ai:random,ai:random,ai:random")[0] == 0
    code, _, err = run(*argv, "--seats", ",".join(["human"] + ["ai:random"] * 4))
    assert code == 2 and f"--seats: {level} has 4 seats" in err


def test_a_rematch_of_a_level_that_is_gone_is_a_message_on_the_title(app):
    """A save edited to name a level of the game's folder that is not there continues
    (the game is its decks and options), but its Rematch raised LoadError from the
    game-over screen: the window fell over. The same for a level broken mid-game."""
    from game.ui.scenes.game_over import GameOverScene
    gone = str(ROOT / "levels" / "gone.yaml")
    session = session_module.Session(session_module.SessionConfig(
        DEMO_LEVEL, ["human", "human"], seed=1), threaded=False)
    session.config.level = gone
    app.reset(GameOverScene(app, session))
    app.top._rematch()
    title = app.top
    assert isinstance(title, TitleScene) and app.session is None
    assert title.error == f"A rematch cannot be set up: {gone}: no such file or folder"


def test_a_log_that_would_replace_a_file_the_game_reads_is_refused(tmp_path):
    """simulate --level L --log L replaced the level with the log (the level lost)."""
    level = tmp_path / "level.yaml"
    text = "name: L\ndecks: [demo, demo]\n"
    level.write_text(text, encoding="utf-8")
    link = tmp_path / "events.jsonl"
    link.symlink_to(level)
    for log in (level, link):
        code, _, err = run("simulate", "--games", "1", "--level", str(level), "--log", str(log))
        assert (code, err) == (2, f"error: {log}: this is the level played; the log would "
                                  "replace it\n")
    deck = ROOT / "assets" / "decks" / "demo.yaml"
    code, _, err = run("simulate", "--games", "0", "--level", str(level), "--log", str(deck))
    assert code == 2 and "a file of the game's own decks" in err
    assert level.read_text(encoding="utf-8") == text and deck.read_text() == DEMO_DECK


def test_a_log_that_would_replace_the_player_s_settings_or_saves_is_refused(tmp_path,
                                                                            monkeypatch):
    """simulate --log into the player's settings or saved games folder replaced a save
    or settings.json with a log of events: refused, the file as it was."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from game.ui.settings import config_dir, data_dir
    for folder, what in ((config_dir(), "settings"), (data_dir(), "saved games")):
        kept = folder / "saves" / "slot-1.json"
        kept.parent.mkdir(parents=True)
        kept.write_text("{}", encoding="utf-8")
        code, _, err = run("simulate", "--games", "1", "--log", str(kept))
        assert (code, err) == (2, f"error: {kept}: in the folder of the player's {what}; "
                                  "the log would replace one\n")
        assert kept.read_text(encoding="utf-8") == "{}"


def test_a_log_through_a_hard_link_to_a_save_is_refused(tmp_path, monkeypatch):
    """The log is written in place: a hard link elsewhere to a saved game named as
    --log replaced the save through its other name (a symbolic link was caught)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from game.ui.settings import data_dir
    kept = data_dir() / "saves" / "slot-1.json"
    kept.parent.mkdir(parents=True)
    kept.write_text("{}", encoding="utf-8")
    link = tmp_path / "events.jsonl"
    os.link(kept, link)
    code, _, err = run("simulate", "--games", "1", "--log", str(link))
    assert (code, err) == (2, f"error: {link}: in the folder of the player's saved games; "
                              "the log would replace one\n")
    assert kept.read_text(encoding="utf-8") == "{}"
    other = tmp_path / "other.jsonl"  # a file linked only outside those folders is written
    other.write_text("old", encoding="utf-8")
    os.link(other, tmp_path / "other-2.jsonl")
    assert run("simulate", "--games", "1", "--log", str(other))[0] == 0
    assert other.read_text(encoding="utf-8") != "old"


# A key twice ------------------------------------------------------------------------------------------

def twice(data: dict, key: str, value: object) -> tuple[str, int]:
    """`data` as JSON, one key a line, with `key` given `value` first on a line of
    its own, spelled as JSON may spell it ("\\u0061" for "a"): (text, the line of
    the second `key`, the one json.loads kept)."""
    lines = json.dumps(data, indent=1).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f' "{key}":'))
    spelled = "".join(f"\\u{ord(c):04x}" for c in key)
    lines.insert(at, f' "{spelled}": {json.dumps(value)},')
    return "\n".join(lines), at + 2


def test_a_save_or_seats_file_with_a_key_twice_is_refused(app, tmp_path):
    """json.loads keeps the last of a key given twice: a save edited to hold two
    seeds was played from the second without a word."""
    text, line = twice(good_save(), "seed", 2)
    path = tmp_path / "save.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as info:
        load(path)
    assert str(info.value) == f"{path}:{line}: not a save file (the key 'seed' appears " \
                              "twice in the same object)"
    title = continue_on(app, text)
    assert f"{app.saves.legacy}:{line}:" in title.error and "'seed' appears twice" in title.error
    seats, line = twice({"seats": ["human", "ai:easy"], "level": "", "round": 1}, "level", "x")
    title = continue_on(app, good_save(), seats)
    assert f"{app.saves.legacy_seats}:{line}: the key 'level' appears twice" in title.error


def test_a_settings_file_with_a_key_twice_gives_the_defaults(tmp_path, capsys):
    from game.ui.settings import Settings
    config = tmp_path / "config"
    config.mkdir()
    text, line = twice({"volume": 0.5}, "volume", 0.1)
    (config / "settings.json").write_text(text, encoding="utf-8")
    assert App(config=config, data=tmp_path / "data").settings == Settings()
    err = capsys.readouterr().err
    assert err == f"settings: {config / 'settings.json'}:{line} is broken (the key 'volume' " \
                  "appears twice in the same object); using defaults, the file kept as " \
                  f"{config / 'settings.json.broken'}\n"


def test_a_log_line_with_a_key_twice_is_refused_at_its_line(tmp_path):
    from game.engine.events import CardPlayed
    log = tmp_path / "events.jsonl"
    log.write_text('{"game": 0, "type": "x"}\n{"game": 0, "game": 1, "type": "%s", "card": 1}\n'
                   % CardPlayed.type, encoding="utf-8")
    refused(run("cardstats", "--log", str(log), "--level", DEMO_LEVEL), log, 2,
            "the key 'game' appears twice")


# Folders ------------------------------------------------------------------------------------------------

def test_folders_nested_a_thousand_deep_are_refused(tmp_path):
    """validate FOLDER walks it with rglob, which recurses once a folder: 1,200
    nested folders raised RecursionError (a traceback)."""
    folder = deep = tmp_path / "pack"
    folder.mkdir()
    for _ in range(1200):  # one at a time: mkdir(parents=True) recurses as well
        deep = deep / "a"
        deep.mkdir()
    try:
        refused(run("validate", str(folder)), folder, None, "folders nested too deeply")
    finally:  # rmtree recurses as well: pytest could not remove them
        while deep != folder:
            deep.rmdir()
            deep = deep.parent


def test_a_folder_that_cannot_be_listed_is_named(tmp_path, monkeypatch):
    """rglob skips a folder it may not read, but raised any other OSError: `validate
    /proc` fell over on a process's net folder (EINVAL)."""
    (tmp_path / "net").mkdir()
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path) == str(tmp_path / "net"):
            raise OSError(22, "Invalid argument", os.fspath(path))
        return real(path)
    monkeypatch.setattr(os, "scandir", scandir)
    refused(run("validate", str(tmp_path)), tmp_path / "net", None,
            "cannot be listed: Invalid argument")
