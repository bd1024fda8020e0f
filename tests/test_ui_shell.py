"""The window's shell (issue 6): the scene stack, settings, and each menu scene driven
headless with synthetic events, at several window sizes."""
from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402 - the video driver must be chosen first
import pytest  # noqa: E402

from game.cli import main as cli_main  # noqa: E402
from game.ui import monkey  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scene import Scene  # noqa: E402
from game.ui.scenes.game_over import GameOverScene  # noqa: E402
from game.ui.scenes.how_to_play import HowToPlayScene, load_pages  # noqa: E402
from game.ui.scenes.new_game import NewGameScene  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402
from game.ui.scenes.settings_scene import SettingsScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.session import Session, SessionConfig  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.widgets import Button, Choice  # noqa: E402
from conftest import replay_keys, keys_for_tests  # noqa: E402

SIZES = [(1280, 720), (1920, 1080), (3840, 2160), (1280, 1024)]
DEMO = str(Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml")


@pytest.fixture
def app(tmp_path, card_db):
    a = App(config=tmp_path / "config", data=tmp_path / "data")
    keys_for_tests(a)
    a.__dict__["db"] = card_db  # cached_property: load the cards once per test run
    return a


@pytest.fixture(scope="module")
def finished():
    """A quick-demo game played to its end by AI seats."""
    return monkey.finished_session(DEMO, 5)


# Synthetic input ----------------------------------------------------------------

def click(app: App, pos, button: int = 1) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], 1 / 60)


def key(app: App, k: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)], 1 / 60)


def button(scene, label: str) -> Button:
    return next(w for w in scene.form.widgets if isinstance(w, Button) and w.label == label)


def open_scene(app: App, kind, size=(1280, 720)):
    app.resize(size)
    app.reset(kind(app))
    app.step([], 1 / 60)
    return app.top


# The stack ------------------------------------------------------------------------

class Probe(Scene):
    def __init__(self, app, log, name, opaque=True):
        super().__init__(app)
        self.log, self.name, self.opaque = log, name, opaque

    def on_enter(self):
        self.log.append(f"enter {self.name}")

    def on_exit(self):
        self.log.append(f"exit {self.name}")

    def handle(self, event):
        self.log.append(f"handle {self.name}")
        self.app.pop()

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def test_stack_calls_enter_exit_and_draws_from_the_highest_opaque_scene(app):
    log: list[str] = []
    app.push(Probe(app, log, "a"))
    app.push(Probe(app, log, "b"))
    app.push(Probe(app, log, "c", opaque=False))
    assert log == ["enter a", "exit a", "enter b", "exit b", "enter c"]
    log.clear()
    app.step([], 0.01)
    assert log == ["draw b", "draw c"]  # a is hidden by the opaque b
    log.clear()
    # The pop asked for by the first event happens before the second is dispatched.
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)] * 2, 0.01)
    assert log[:6] == ["handle c", "exit c", "enter b", "handle b", "exit b", "enter a"]
    assert app.top.name == "a"


def test_resize_lays_out_every_scene_in_the_stack(app):
    sizes = []

    class Sized(Scene):
        def layout(self, size):
            sizes.append(size)

    app.push(Sized(app))
    app.push(Sized(app))
    app.resize((1920, 1080))
    assert sizes[-2:] == [(1920, 1080), (1920, 1080)]


# Settings ---------------------------------------------------------------------------

def test_settings_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(anim_speed="fast", fullscreen=True, volume=0.25, colorblind_marks=True,
                 last_setup={"level": "solitaire"})
    s.save(path)
    assert Settings.load(path) == s
    assert not list(tmp_path.glob("*.tmp"))  # the temporary file was renamed over


@pytest.mark.parametrize("content, field", [("{not json", "broken"),
                                            ('{"anim_speed": "warp"}', "anim_speed"),
                                            ('{"volume": "loud"}', "volume"),
                                            ("[1, 2]", "not a JSON object")])
def test_a_broken_settings_file_gives_defaults_and_one_line(tmp_path, capsys, content, field):
    path = tmp_path / "settings.json"
    path.write_text(content)
    assert Settings.load(path) == Settings()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and field in err


def test_unknown_settings_are_ignored_and_a_missing_file_is_silent(tmp_path, capsys):
    path = tmp_path / "settings.json"
    assert Settings.load(path) == Settings()
    path.write_text(json.dumps({"from_the_future": 1, "volume": 1}))
    assert Settings.load(path).volume == 1.0
    assert capsys.readouterr().err == ""


def test_the_theme_is_a_pygame_gui_theme(app):
    import pygame_gui

    from game.ui.widgets import THEME_PATH, colour
    manager = pygame_gui.UIManager(app.size, str(THEME_PATH))
    b = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 120, 40), "Go", manager=manager)
    assert b.colours["normal_bg"] == colour("normal_bg")


# Title ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_title_buttons_are_hit_where_drawn(app, size):
    targets = {"New game": NewGameScene, "How to play": HowToPlayScene, "Settings": SettingsScene}
    for label, kind in targets.items():
        title = open_scene(app, TitleScene, size)
        b = button(title, label)
        assert app.screen.get_rect().contains(b.rect)
        click(app, b.rect.center)
        assert isinstance(app.top, kind), label
        key(app, pygame.K_ESCAPE)
        assert app.top is title


def test_title_keyboard_and_quit(app):
    title = open_scene(app, TitleScene)
    assert not button(title, "Continue").visible  # no save yet
    assert title.form.focus is button(title, "New game")
    key(app, pygame.K_TAB)
    assert title.form.focus is button(title, "Guided first game")
    key(app, pygame.K_TAB)
    assert title.form.focus is button(title, "How to play")  # Saved games: none to show
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_UP)
    assert title.form.focus is button(title, "Quit")  # focus wraps around
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, NewGameScene)
    app.reset(title)
    key(app, pygame.K_s)  # the shortcut shown in the tooltip
    assert isinstance(app.top, SettingsScene)
    app.reset(title)
    key(app, pygame.K_ESCAPE)  # asks first (s70): a stray Esc closed the program
    assert app.running
    key(app, pygame.K_RETURN)
    assert not app.running


def test_continue_resumes_the_saved_game(app):
    session = Session(SessionConfig(DEMO, ["human", "ai:easy"], seed=4), threaded=False,
                      keys=replay_keys(2, 4))
    session.poll()
    app.play(session)
    session.act(session.legal()[0])  # saved from a person's first move, then after every action
    app.to_menu()
    title = open_scene(app, TitleScene)
    assert title.form.focus is button(title, "Continue")
    said = button(title, "Continue").tooltip
    assert "Quick demo · Round 1 of 12 · Setting up the Field: " in said
    assert "Human v AI Easy" in said
    key(app, pygame.K_RETURN)
    for _ in range(10):  # the loading scene replays it a slice a frame
        app.step([], 1 / 60)
    resumed = app.session
    assert resumed is not None and resumed is not session
    assert resumed.seats == ["human", "ai:easy"]
    assert resumed.record.actions == session.record.actions
    assert resumed.record.keys == session.record.keys


def test_a_resumed_hot_seat_game_asks_who_sits_there_first(app):
    """Player 1 (one of two people at the screen) quit in their Move phase; Continue
    showed their hand at once, to whoever sat there. The curtain comes first, whoever
    is to decide (Player 2's did already)."""
    from game.ui.screenshot import advance
    from game.ui.table import TableScene
    four = str(Path(DEMO).with_name("four_players.yaml"))
    seats = ["human", "human", "ai:normal", "ai:normal"]
    app.threaded = False  # the game continued asks a person first: no AI process to start
    for want in (0, 1):
        session = Session(SessionConfig(four, seats, seed=4), threaded=False,
                          keys=replay_keys(4, 4))
        for n in range(3000):
            v = session.view()
            if session.human_to_act() and v.phase == "move" and session.to_act == want:
                break
            advance(session, 1, seed=n)
        app.play(session)
        app.to_menu()
        open_scene(app, TitleScene)
        key(app, pygame.K_RETURN)  # Continue
        for _ in range(40):  # the loading scene replays it a slice a frame
            app.step([], 1 / 60)
            if isinstance(app.top, TableScene):
                break
        t = app.top
        assert isinstance(t, TableScene) and t.session is not session
        assert t.session.handoff() == want and t.curtain_button is not None and t.shown == []
        key(app, pygame.K_SPACE)
        assert t.session.viewer == want and t.curtain_button is None
        app.to_menu()


def test_continue_goes_on_with_the_game_saved_last_within_one_second(app, monkeypatch):
    """Saved games are listed by when, to the second: two saved in one second were
    listed in slot order, and Continue went on with the older one."""
    from game.ui import slots
    monkeypatch.setattr(slots, "when", lambda timestamp=None: "2026-11-29 03:00:00")
    kept = []
    for seed in (6, 7):
        session = Session(SessionConfig(DEMO, ["human", "ai:random"], seed=seed),
                          threaded=False, keys=replay_keys(2, seed))
        app.play(session)
        session.act(session.legal()[0])
        kept.append(app.saves.held)
        app.to_menu()
    assert kept[0] != kept[1] and app.saves.latest().number == kept[1]


def test_closing_the_window_mid_game_keeps_it(app):
    session = Session(SessionConfig(DEMO, ["human", "human"], seed=6), threaded=False,
                      keys=replay_keys(2, 6))
    app.play(session)
    session.take_seat()  # a hot-seat game opens behind the curtain
    session.act(session.legal()[0])
    app.step([pygame.event.Event(pygame.QUIT)], 1 / 60)
    assert not app.running and app.has_save() and "Human v Human" in app.saves.latest().line


def test_a_broken_save_is_one_line_on_the_title(app):
    app.saves.folder.mkdir(parents=True)
    app.saves.path(1).write_text("{}")
    title = open_scene(app, TitleScene)
    assert not button(title, "Continue").visible  # a broken save is not offered (s70)
    title._continue()
    assert app.top is title and title.error.startswith("The saved game cannot be continued")
    assert "\n" not in title.error


def _save_the_rules_refuse_at(app: App, k: int, seats: tuple[str, str] = ("human", "ai:random"),
                              moves: int = 10) -> tuple[Path, list[str]]:
    """A game of `moves` moves saved, then an action the rules refuse at that point put
    in as its (k+1)th: what a save of an earlier version becomes once a rule is
    corrected (the actions after it were legal then)."""
    from game.engine import legal_actions, parse
    from game.engine.save import Replay
    session = Session(SessionConfig(DEMO, list(seats), seed=8), threaded=False,
                      keys=replay_keys(2, 8))
    app.play(session)
    while len(session.record.actions) < moves:
        session.take_seat()  # hot seat: the next person sits down (nothing otherwise)
        if session.human_to_act():
            session.act(session.legal()[0])
        session.poll()  # the AI seat's move, on this thread
    path = app.saves.path(app.saves.held)
    app.to_menu()
    data = json.loads(path.read_text(encoding="utf-8"))
    acts = data["actions"]
    replay = Replay(path, db=app.db)
    replay.step(k)
    legal = legal_actions(replay.state)
    refused = next(t for t in acts if parse(t) not in legal)
    data["actions"] = acts[:k] + [refused] + acts[k:]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, acts


def test_a_save_the_rules_now_refuse_asks_whether_to_go_on_from_there(app):
    """A save whose action the rules refuse where it stands (a rule corrected since it
    was saved: a review replayed 120 games saved before the Run Away fixes, and 18 failed
    there) is neither lost nor half-loaded unsaid: the window says how far it replays and
    asks. Back leaves the save as it is; Go on plays on from the last action allowed.
    (Once, the title showed "cannot be continued" and the game was gone.)"""
    app.threaded = False  # the AI seat answers on this thread: no process to start
    open_scene(app, TitleScene)
    path, acts = _save_the_rules_refuse_at(app, 6)
    before = path.read_bytes()
    title = open_scene(app, TitleScene)
    click(app, button(title, "Continue").rect.center)
    for _ in range(5):
        app.step([], 1 / 60)
    asking = app.top
    assert asking.refused is not None
    assert (asking.refused.done, asking.refused.total) == (6, len(acts) + 1)
    assert app.session is None
    click(app, button(asking, "Back").rect.center)
    assert isinstance(app.top, TitleScene) and path.read_bytes() == before
    click(app, button(app.top, "Continue").rect.center)
    for _ in range(5):
        app.step([], 1 / 60)
    click(app, button(app.top, "Go on from there").rect.center)
    assert app.session is not None
    assert [str(a) for a in app.session.record.actions] == acts[:6]


def test_go_on_from_there_with_the_save_taken_meanwhile_is_one_line_on_the_title(app,
                                                                                 monkeypatch):
    """While the window asks whether to go on, another window may Continue the same save
    and hold it: Go on from there then says so on the title, as a save that cannot be
    continued does (the question's button let the refusal out of the frame, and the
    window ended with a traceback: a review's finding)."""
    app.threaded = False
    open_scene(app, TitleScene)
    _save_the_rules_refuse_at(app, 3)
    title = open_scene(app, TitleScene)
    click(app, button(title, "Continue").rect.center)
    for _ in range(5):
        app.step([], 1 / 60)
    monkeypatch.setattr(app, "_may_hold", lambda number: False)
    click(app, button(app.top, "Go on from there").rect.center)
    assert isinstance(app.top, TitleScene) and app.session is None
    assert app.top.error.startswith("The saved game cannot be continued"), app.top.error


def test_a_hot_seat_save_cut_short_tells_each_person_what_happened_up_to_there(app):
    """The save's table keeps after how many actions each person last looked; a save the
    rules refuse before that point goes on from there (above), and each person's curtain
    counts from the last action played, not from one that is no longer in the game."""
    app.threaded = False
    open_scene(app, TitleScene)
    path, acts = _save_the_rules_refuse_at(app, 3, ("human", "human"), moves=40)
    looked = json.loads(path.read_text(encoding="utf-8"))["table"].get("looked")
    assert looked and max(looked.values()) > 3, looked  # someone looked later than action 3
    title = open_scene(app, TitleScene)
    click(app, button(title, "Continue").rect.center)
    for _ in range(5):
        app.step([], 1 / 60)
    click(app, button(app.top, "Go on from there").rect.center)
    assert app.session is not None and len(app.session.record.actions) == 3


# New game ----------------------------------------------------------------------------

def choose(app: App, choice: Choice, value) -> None:
    """Click the right side of a choice until it shows `value`."""
    for _ in range(len(choice.options)):
        if choice.value == value:
            return
        click(app, (choice.rect.right - 5, choice.rect.centery))
    assert choice.value == value


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_new_game_makes_the_config_chosen(app, monkeypatch, size):
    started = []
    monkeypatch.setattr(App, "start_game", lambda self, c: started.append(c))
    scene = open_scene(app, NewGameScene, size)
    assert [lv.id for lv in scene.levels][:4] == ["quick_demo", "standard_2p", "solitaire",
                                                  "four_players"]
    choose(app, scene.level_choice, scene.levels[3])  # four players: four seats
    assert all(w.visible for w in scene.kind_choices)
    choose(app, scene.seat_choice, 3)
    assert not scene.kind_choices[3].visible
    choose(app, scene.kind_choices[1], "ai:hard")
    choose(app, scene.deck_choices[2], "demo")
    choose(app, scene.charm_choice, False)
    choose(app, scene.limit_choice, 20)
    click(app, (scene.limit_choice._value_box().left + 4, scene.limit_choice.rect.centery))
    assert scene.limit_choice.value == 12  # the ‹ side steps back
    click(app, (scene.limit_choice.rect.left + 4, scene.limit_choice.rect.centery))
    assert scene.limit_choice.value == 20  # the label steps on
    click(app, button(scene, "Start").rect.center)
    config = started[0]
    assert config.level.endswith("four_players.yaml")
    assert config.seats == ["human", "ai:hard", "ai:normal"]
    assert config.decks == ["steel-rain", "moonlit-shrine", "demo"]
    assert (config.charm_combat, config.round_limit) == (False, 20)
    # The setup is remembered for next time.
    again = NewGameScene(app)
    assert again.config(seed=1) == SessionConfig(config.level, config.seats, config.decks,
                                                 False, 20, 1)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_new_game_keeps_the_players_chosen_when_the_level_changes(app, monkeypatch, size):
    """Players 4, then another Level: it went back to 2 without a word. A number of
    players chosen stays (every level seats 1 to 4, its decks in turn); a level made for
    another number says so in one line. Until Players is touched, a level brings its own
    number (Solitaire one, Four players four)."""
    started = []
    monkeypatch.setattr(App, "start_game", lambda self, c: started.append(c))
    scene = open_scene(app, NewGameScene, size)
    choose(app, scene.level_choice, scene.levels[2])
    assert scene.seats == 1  # nothing chosen yet: Solitaire seats one
    choose(app, scene.level_choice, scene.levels[0])
    assert scene.seats == 2
    choose(app, scene.seat_choice, 4)
    right = scene.px(600, 130, 600, 460)
    for level in scene.levels[1:] + scene.levels[:1]:
        choose(app, scene.level_choice, level)
        assert scene.seats == 4 and scene.seat_choice.value == 4, level.id
        assert all(w.visible for w in scene.kind_choices)
        assert scene.deck_ids == [level.deck_for_seat(i) for i in range(4)]
        choose(app, scene.kind_choices[1], "human")  # the note on two humans: two lines
        drawn = drawn_text(monkeypatch, app)
        said = [(words, r) for words, r in drawn if "made for" in words]
        if len(level.decks) == 4:
            assert not said, level.id
            continue
        own = f"{len(level.decks)} player" + ("s" if len(level.decks) > 1 else "")
        assert len(said) == 1 and f"made for {own}" in said[0][0], (level.id, said)
        assert "kept at 4" in said[0][0] and right.contains(said[0][1])
        assert not [w for w, r in drawn if w != said[0][0] and r.colliderect(said[0][1])]
    click(app, button(scene, "Start").rect.center)
    assert len(started[-1].seats) == 4 and started[-1].level.endswith("quick_demo.yaml")
    again = open_scene(app, NewGameScene, size)  # remembered: still the number chosen
    choose(app, again.level_choice, again.levels[1])
    assert again.seats == 4


def test_new_game_round_limits_run_in_order_with_the_level_s_among_them(app):
    """The level's own limit sat between 100 and 10 ("Level's (40)"): it is one of the
    numbers, in its place, said to be the level's; a remembered number that is the
    level's own is the level's."""
    scene = open_scene(app, NewGameScene)
    for level in scene.levels:
        choose(app, scene.level_choice, level)
        own = level.options.round_limit
        shown = scene.limit_choice.options
        numbers = [int(words.split()[0]) for _, words in shown]
        assert numbers == sorted(set(numbers)) and own in numbers
        assert numbers[0] <= 5  # a short game to try (the shortest was 10 rounds)
        assert [(v, w) for v, w in shown if v is None] == [(None, f"{own} (level's)")]
        assert scene.limit_choice.value is None
    app.settings.last_setup = {"level": "four_players", "round_limit": 40}
    assert NewGameScene(app).round_limit is None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_new_game_tooltips_cover_no_choice_and_keep_a_rule_whole(app, monkeypatch, size):
    """The Level's tooltip lay over the "Players" choice, the Round limit's over
    Player 4's row, and "(R14 d)." broke after "(R14": each tooltip goes where it covers
    no other widget, its lines balanced, a rule's number and letter on one line."""
    from game.ui import widgets
    scene = open_scene(app, NewGameScene, size)
    choose(app, scene.level_choice, scene.levels[3])  # four players: every row shown
    drawn = []
    real = widgets.text

    def spy(surface, words, f, col, pos, anchor="topleft", shadow=False):
        r = real(surface, words, f, col, pos, anchor, shadow)
        if f is widgets.font("tool_tip", scene.scale):
            drawn.append((words, r))
        return r
    monkeypatch.setattr(widgets, "text", spy)
    for w in (scene.level_choice, scene.limit_choice, scene.charm_choice):
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=w.rect.center, rel=(0, 0),
                                     buttons=(0, 0, 0))], 1 / 60)
        drawn.clear()
        app.step([], 1.0)  # hovered long enough: the tooltip shows
        tip = [(words, r) for words, r in drawn if words in w.hint()]  # not the key hints
        assert " ".join(words for words, _ in tip) == w.hint(), w.label
        box = tip[0][1].unionall([r for _, r in tip])
        others = [o for o in scene.form.widgets if o.visible and o is not w]
        assert not [o for o in others if box.colliderect(o.rect)], (w.label, box)
        if len(tip) > 1:  # balanced: no short last line hanging under a long one
            widths = [r.w for _, r in tip]
            assert min(widths) > 0.5 * max(widths), [words for words, _ in tip]
        assert not any(words.endswith("(R14") for words, _ in tip)


def drawn_text(monkeypatch, app: App) -> list[tuple[str, pygame.Rect]]:
    """Every piece of text the New game scene draws in its next frame, and where."""
    from game.ui import widgets
    from game.ui.scenes import new_game
    drawn: list[tuple[str, pygame.Rect]] = []
    real = widgets.text

    def spy(surface, words, f, col, pos, anchor="topleft", shadow=False):
        r = real(surface, words, f, col, pos, anchor, shadow)
        drawn.append((words, r))
        return r
    for module in (widgets, new_game):
        monkeypatch.setattr(module, "text", spy)
    app.step([], 1.0)
    for module in (widgets, new_game):
        monkeypatch.setattr(module, "text", real)
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_new_game_s_level_tooltip_leaves_its_description_readable(app, monkeypatch, size):
    """The Level's tooltip ("each says below") lay over the very description it
    pointed to, for every level."""
    scene = open_scene(app, NewGameScene, size)
    w = scene.level_choice
    for level in scene.levels:
        choose(app, w, level)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=w.rect.center, rel=(0, 0),
                                     buttons=(0, 0, 0))], 1 / 60)
        drawn = drawn_text(monkeypatch, app)
        about = [r for words, r in drawn if words in level.description]
        tip = [r for words, r in drawn if words in w.hint()]
        assert about and tip, level.id
        box = tip[0].unionall(tip)
        assert not [r for r in about if r.colliderect(box)], (level.id, box)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_new_game_shows_player_1_s_characters_names_whole(app, monkeypatch, size):
    """"Sergeant Daigo Ha..." and "Commander Reiji ..." were cut even at 1920x1080: a
    name too long for its line goes on two, whole, in the left panel, and no two
    Characters' words meet."""
    scene = open_scene(app, NewGameScene, size)
    left = scene.px(80, 130, 480, 460)
    for deck in scene.deck_choices[0].options:
        choose(app, scene.deck_choices[0], deck[0])
        drawn = drawn_text(monkeypatch, app)
        words = [w for w, _ in drawn]
        for card_id in scene.decks[deck[0]].starting_characters:
            name = app.db[card_id].name
            start = next(i for i, w in enumerate(words) if name.startswith(w) and w)
            lines = [start] if words[start] == name else [start, start + 1]
            assert " ".join(words[i] for i in lines) == name
            stats = drawn[lines[-1] + 1]
            assert stats[0].startswith("Attack ")
            rects = [drawn[i][1] for i in lines] + [stats[1]]
            assert all(left.contains(r) for r in rects), name
            others = [r for w, r in drawn if w not in (name, stats[0])
                      and w not in [words[i] for i in lines]]
            assert not [r for r in rects if r.collidelist(others) >= 0], name


def test_new_game_keyboard(app, monkeypatch):
    started = []
    monkeypatch.setattr(App, "start_game", lambda self, c: started.append(c))
    scene = open_scene(app, NewGameScene)
    key(app, pygame.K_TAB)
    assert scene.form.focus is scene.level_choice
    key(app, pygame.K_RIGHT)  # standard
    key(app, pygame.K_RIGHT)  # solitaire: one seat
    assert scene.level.id == "solitaire" and scene.seats == 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)  # Space steps the focused choice, as Right does
    assert scene.level.id == "solitaire"
    key(app, pygame.K_RETURN)  # Enter starts, whatever has the focus
    assert started[0].seats == ["human"] and started[0].level.endswith("solitaire.yaml")
    key(app, pygame.K_ESCAPE)
    assert app.top is None


def test_a_stale_last_setup_is_ignored_where_it_is_wrong(app):
    app.settings.last_setup = {"level": "gone", "seats": ["human", "ai:godlike"],
                               "decks": ["demo", "no-such-deck"], "charm_combat": "yes",
                               "round_limit": 7}
    scene = NewGameScene(app)
    config = scene.config(seed=1)
    assert config.level.endswith("quick_demo.yaml") and config.seats == ["human", "ai:normal"]
    assert config.decks == ["demo", "demo"] and config.round_limit is None


# Settings scene -------------------------------------------------------------------------

def test_settings_scene_changes_and_saves(app):
    scene = open_scene(app, SettingsScene, (1920, 1080))
    key(app, pygame.K_RIGHT)
    assert app.settings.anim_speed == "fast"
    click(app, (scene.speed.rect.right - 5, scene.speed.rect.centery))
    assert app.settings.anim_speed == "instant"
    track = scene.volume._track()
    click(app, (track.left + track.width // 4, track.centery))
    assert app.settings.volume == pytest.approx(0.25, abs=0.02)
    click(app, (scene.marks.rect.right - 5, scene.marks.rect.centery))
    assert app.settings.colorblind_marks
    assert Settings.load(app.settings_path) == app.settings
    key(app, pygame.K_ESCAPE)
    assert app.top is None


def test_colour_blind_marks_number_every_seat_mark(app, finished, monkeypatch):
    """With the setting on, the table numbered its seat marks but New game, the hot-seat
    curtain and the game-over screen drew the plain shapes: each draws the table's mark
    (ink.mark) with the setting, so a seat wears one mark everywhere."""
    from game.ui.scenes import game_over, new_game
    from game.ui.table import TableScene, ink
    drawn = []
    real = ink.mark

    def spy(seat, size, disaster=False, numbered=False):
        drawn.append((type(app.top).__name__, seat, disaster, numbered))
        return real(seat, size, disaster, numbered)
    for module in (ink, new_game, game_over):
        monkeypatch.setattr(module, "mark", spy)
    app.settings.colorblind_marks = True
    scene = open_scene(app, NewGameScene)
    scene._set_seats(4)
    app.step([], 1 / 60)
    open_scene(app, lambda a: GameOverScene(a, finished))
    s = Session(SessionConfig(DEMO, ["human", "human"], seed=2), threaded=False,
                keys=replay_keys(2, 2))
    app.play(s)
    while s.handoff() is None:  # to the first hand-off: the curtain is up
        s.act(s.legal()[0]) if s.human_to_act() else s.poll()
    app.step([], 1 / 60)  # the person leaving watches what it did, under whose turn is next
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)], 1 / 60)  # the curtain now
    assert isinstance(app.top, TableScene) and app.top.curtain_button is not None
    seats = {(scene, seat) for scene, seat, disaster, _ in drawn if not disaster}
    assert {("NewGameScene", i) for i in range(4)} <= seats
    assert ("GameOverScene", 0) in seats and ("TableScene", s.handoff()) in seats
    assert all(numbered for _, _, disaster, numbered in drawn if not disaster), \
        sorted({(scene, numbered) for scene, _, disaster, numbered in drawn if not disaster})


def test_buttons_click_and_values_tick_at_the_chosen_volume(app, monkeypatch):
    heard = []
    monkeypatch.setattr(app.sounds, "play", lambda name, volume: heard.append((name, volume)))
    open_scene(app, SettingsScene)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    assert heard == [("tick", app.settings.volume), ("click", app.settings.volume)]
    monkeypatch.undo()
    app.sounds.play("click", 0.5)
    assert app.sounds._bank  # the dummy audio driver still makes the sounds


def test_f11_switches_full_screen_anywhere_and_is_remembered(app):
    scene = open_scene(app, SettingsScene)
    key(app, pygame.K_F11)
    assert app.settings.fullscreen and scene.fullscreen.value is True
    assert Settings.load(app.settings_path).fullscreen
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and app.size == (1280, 720)


# How to play ---------------------------------------------------------------------------

def test_how_to_play_pages_include_the_rulings():
    pages = load_pages()
    titles = [t for t, _ in pages]
    assert titles[0] == "The goal" and titles[-1] == "Rulings"
    rulings = [b for kind, b in pages[-1][1] if kind == "li"]
    assert rulings[0].startswith("R1:") and any(r.startswith("R36:") for r in rulings)


def test_how_to_play_says_what_the_rules_do():
    """The help said another player's Haven was only to pass over, while the game asks
    its owner to let you stop there (R36); it also drew a Combat card for every
    attacker (the rulebook: for the Disaster and its target) and counted the best piece
    of Equipment (one piece per ability, put to use by the player)."""
    said = {title: " ".join(words for _, words in blocks) for title, blocks in load_pages()}
    for page, right, wrong in (
            ("Moving", "To stop there, ask its owner", "stop only on your own"),
            ("Combat", "drawn for the Disaster, then one for its target", "for every attacker"),
            ("Combat", "your turn ends", None),
            ("Combat", "Minor Disaster, you give it one order", "leave your group alone"),
            ("Items and gear", "you choose which", "only the best piece"),
            ("Your cards", "Your rivals see how many Items", "Nobody sees"),
            ("Your cards", "two Disasters are dealt face down under every Location", None)):
        assert right in said[page] and (wrong is None or wrong not in said[page]), (page, right)


def test_the_booth_s_tips_say_the_rules_as_the_help_does():
    """A tip between attract games said a won Charm made any Disaster do as you say
    (only a Minor one every Character out-charmed takes one order), and that the player
    holding the most wins once more than half the Items are held (by the players
    together; the Disasters win with more than half)."""
    from game.ui.scenes.interlude import TIPS
    said = " ".join(TIPS)
    assert "does as you say" not in said and "out-charm a Minor Disaster" in said
    assert "the players together hold more than half" in said


def test_the_cards_shown_in_how_to_play_exist(card_db):
    from game.ui.palette import BACK_OF_TYPE
    rows = [words.split() for _, blocks in load_pages() for kind, words in blocks
            if kind == "cards"]
    assert rows
    for card in (c for row in rows for c in row):
        kind, _, name = card.partition(":")
        assert name in BACK_OF_TYPE if kind == "back" else card in card_db, card


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_how_to_play_pages_and_scrolling(app, size):
    scene = open_scene(app, HowToPlayScene, size)
    key(app, pygame.K_RIGHT)
    assert scene.page == 1
    click(app, scene.tabs[-1].rect.center)
    assert scene.page == len(scene.pages) - 1 and scene.max_scroll > 0
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 1 / 60)
    assert scene.scroll > 0
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    key(app, pygame.K_TAB)
    assert scene.page == 0  # Tab goes on to the next page, wrapping around
    key(app, pygame.K_ESCAPE)
    assert app.top is None


# Pause and game over ------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_pause_quits_to_the_menu_with_the_game_saved(app, size):
    session = Session(SessionConfig(DEMO, ["human", "ai:normal"], seed=2), threaded=False,
                      keys=replay_keys(2, 2))
    below = Probe(app, [], "table")
    app.resize(size)
    app.reset(below)
    app.push(PauseScene(app, session))
    key(app, pygame.K_ESCAPE)
    assert app.top is below  # Esc resumes
    app.play(session)
    session.act(session.legal()[0])  # saved from a person's first move
    pause = PauseScene(app, session)
    app.push(pause)
    click(app, button(pause, "Quit to menu").rect.center)
    assert isinstance(app.top, TitleScene) and app.has_save()
    assert button(app.top, "Continue").visible


def test_game_over_shows_the_result_and_offers_rematch_and_menu(app, finished, monkeypatch):
    started = []
    monkeypatch.setattr(App, "start_game", lambda self, c: started.append(c))
    scene = open_scene(app, lambda a: GameOverScene(a, finished), (1920, 1080))
    counts = finished.item_counts()
    assert [n for _, n, _, _ in scene.bars] == [counts["0"], counts["1"], counts["disasters"],
                                             counts["field"]]
    assert scene.title.split(" — ")[-1] in ("The Disasters win", "Player 1 (AI Random) wins",
                           "Player 2 (AI Random) wins", "Players 1 and 2 share the win")
    assert scene.confetti is None  # no human seat won
    click(app, button(scene, "Rematch").rect.center)
    assert started[0].seats == finished.seats and started[0].seed != finished.config.seed
    open_scene(app, lambda a: GameOverScene(a, finished))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


# Commands ----------------------------------------------------------------------------------

def test_monkey_runs_every_scene_without_error(capsys):
    assert monkey.main(4, seed=3) == 0
    out = capsys.readouterr().out
    for name in ("TitleScene", "NewGameScene", "SettingsScene", "HowToPlayScene", "TableScene",
                 "PauseScene", "GameOverScene"):
        assert name in out


def test_the_monkey_reports_a_crash_with_its_traceback(capsys, monkeypatch):
    def broken(self, dt):
        raise RuntimeError("the settings scene fell over")

    monkeypatch.setattr(SettingsScene, "update", broken)
    assert monkey.main(0.7, seed=1) == 1
    assert "RuntimeError: the settings scene fell over" in capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [(["play", "--seats", "human,ai:genius"], "ai:genius"),
                                         (["play", "--seats", "human,human,human,human,human"],
                                          "1 to 4"),
                                         (["play", "--level", "nowhere.yaml"], "nowhere.yaml"),
                                         (["monkey", "--seconds", "0"], "--seconds")])
def test_bad_arguments_are_one_line_and_exit_2(capsys, argv, words):
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("level", ["four_players", "standard_2p"])
def test_new_game_tooltips_leave_the_notes_under_the_seats_readable(app, monkeypatch, size, level):
    """With four humans the seat's tooltip lay over "4 humans share this screen; a
    curtain hides each hand...": no tooltip covers the notes under the seats, four
    seats shown, the Level made for them (one note) or not (two)."""
    from game.ui import widgets
    scene = open_scene(app, NewGameScene, size)
    choose(app, scene.level_choice, next(lv for lv in scene.levels if lv.id == level))
    choose(app, scene.seat_choice, 4)
    for choice in scene.kind_choices:
        choose(app, choice, "human")
    tip_font = widgets.font("tool_tip", scene.scale)
    assert bool(scene.seats_note()) == (level == "standard_2p")  # made for 2: said too
    said = " ".join([scene.seats_note(), "4 humans share this screen; a curtain hides "
                     "each hand when the seat changes."])
    covered = []
    for w in [w for w in scene.form.widgets if w.visible and w.focusable and w.hint()]:
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=w.rect.center, rel=(0, 0),
                                     buttons=(0, 0, 0))], 1 / 60)
        drawn = []
        real = widgets.text

        def spy(surface, words, f, col, pos, anchor="topleft", shadow=False):
            r = real(surface, words, f, col, pos, anchor, shadow)
            drawn.append((words, r, f is tip_font and words in w.hint()))
            return r
        with monkeypatch.context() as m:
            from game.ui.scenes import new_game
            for module in (widgets, new_game):
                m.setattr(module, "text", spy)
            app.step([], 1.0)  # hovered long enough: the tooltip shows
        tip = [r for words, r, is_tip in drawn if is_tip]
        assert tip, w.hint()
        box = tip[0].unionall(tip)
        under = [words for words, r, is_tip in drawn if not is_tip and r.colliderect(box)
                 and words in said and len(words) > 20]  # a line, not a deck's name
        covered += [(w.hint(), under)] if under else []
    assert not covered
