"""What strangers at the booth met (s35b's findings 10 to 13): the guide and the bar
saying two things, a failed save's banner over the hand, the AI seats' show telling
nobody what to choose, and a guided game taking a new save slot each time."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import game.ui.app as app_module  # noqa: E402
from mouse_player import MousePlayer  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table import TableScene  # noqa: E402


@pytest.fixture
def app(quiet_app):
    quiet_app.to_menu()
    return quiet_app


def test_the_guide_and_the_bar_speak_of_the_same_decision_in_every_frame(app, monkeypatch):
    """Issue 17, the guided first game (s35b, shot b106): the frame after the Move that
    leads to step 6 said "Step 6 of 6: Fight a Disaster ... Click the glowing Disaster"
    over the bar's "Click a glowing cell to move there": the table keeps its panels'
    last picture (the bar with them) for a frame after an action, and the guide's panel
    was drawn for the game as it stood already. In every frame the guide's words are
    those of the decision the bar was painted for."""
    painted_for: list[tuple[str, str]] = []
    drawn: list[tuple[str, str]] = []
    paint = TableScene._paint_base

    def paint_base(t):
        paint(t)
        painted_for.append(t.session.guide.words(t.session.state))

    def guide_panel(surface, heading, words, *control):
        drawn.append((heading, words))
        assert (heading, words) == painted_for[-1], "the guide and the bar disagree"

    monkeypatch.setattr(TableScene, "_paint_base", paint_base)
    monkeypatch.setattr(app_module, "_guide_panel", guide_panel)
    app.start_guide()
    s = app.session
    player = MousePlayer(app, seed=4)
    player.step()
    while not s.guide.over(s.state):
        t = app.top
        assert isinstance(t, TableScene)
        player.act(t) if player.ready(t) else player.step()
    assert len(set(drawn)) > 12  # the six steps and the words between them were drawn


def drawn_words(monkeypatch) -> list[str]:
    """Every line the table's ink writes from now on."""
    from game.ui.table import ink
    said: list[str] = []
    for name in ("fit", "label"):
        was = getattr(ink, name)

        def spy(words, *args, was=was, **kw):
            said.append(words)
            return was(words, *args, **kw)
        monkeypatch.setattr(ink, name, spy)
    return said


def person_app(tmp_path, card_db) -> App:
    """A person at the window against the easy AI, the quick demo's level, seed 1."""
    from conftest import LEVELS, replay_keys
    from game.ui.session import SessionConfig
    app = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path / "c",
              data=tmp_path / "d")
    app.keys_for, app.threaded = replay_keys, False
    app.__dict__["db"] = card_db
    app.start_game(SessionConfig(str(LEVELS[2]), ["human", "ai:easy"], seed=1))
    return app


def nobody_attacks(s) -> bool:
    """The viewer's own Combat with a Disaster, its Characters still to declare, none
    attacking yet: the forecast says "Nobody attacks it this round"."""
    v = s.view()
    c = v.combat
    return c is not None and c.seat == v.seat and c.stage == "declare" and \
        bool(c.to_declare) and not c.attackers


@pytest.mark.parametrize("who", ["AI seats' show", "person"])
def test_the_combat_forecast_advises_only_a_person(tmp_path, card_db, monkeypatch, who):
    """Issue 17, attract mode (s35b, shot d04): over the AI seats' show the Combat panel
    said "Nobody attacks it this round: choose Attack to hurt it", an instruction to
    nobody: no one at the booth may choose. Said of the AI's Combat it is narration
    ("Nobody attacks it this round"); a person still to choose is told what Attack does."""
    import random
    from test_booth import booth_app, frame
    from game.ai import make_agent
    said = drawn_words(monkeypatch)
    if who == "person":
        app = person_app(tmp_path, card_db)
        s, agent, rng = app.session, make_agent("random"), random.Random(2)
        while not nobody_attacks(s):
            assert s.result is None, "no Combat of the person's with nobody attacking"
            if s.human_to_act():
                s.act(agent.choose(s.view(), s.legal(), rng))
            else:
                s.poll()
        step = lambda: app.step([], 1 / 60)  # noqa: E731
    else:
        app, clock = booth_app(tmp_path, card_db, size=(1280, 720), speed="fast")
        s = app.session
        step = lambda: frame(app, clock, dt=0.05)  # noqa: E731
    # The frames until the forecast is drawn (at most a minute of the show).
    for _ in range(1200):
        said.clear()
        step()
        assert app.session is s and s.result is None
        if any(w.startswith("Nobody attacks it this round") for w in said):
            break
    assert nobody_attacks(s)
    advised = any("choose Attack" in w for w in said)
    assert advised == (who == "person"), said


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_failed_save_s_banner_covers_nothing_the_player_acts_on(tmp_path, card_db,
                                                                monkeypatch, size):
    """A full disk in the guided game (s35b, shot d01): the red banner ("The game could
    not be saved ... It goes on") lay at the window's foot, over the hand, the card the
    guide said to drag under it but its top edge; it stays until a save succeeds. On the
    table it lies over the log, which is read, never acted on: clear of every card,
    token, cell and button a click or a drag takes, of the bar, the hand and the guide's
    words, and under a menu opened over it."""
    from test_autosave import full_disk
    from game.ui.app import guide_rect
    app = App(size, Settings(anim_speed="instant"), config=tmp_path / "c", data=tmp_path / "d")
    app.threaded = False
    app.__dict__["db"] = card_db
    app.start_guide()
    full_disk(monkeypatch)
    boxes: list[pygame.Rect] = []
    banner = app_module._banner
    monkeypatch.setattr(app_module, "_banner", lambda *a: boxes.append(banner(*a)))
    s, t = app.session, app.top
    player = MousePlayer(app, seed=4)
    player.step()
    while s.state.actions < 40:  # the set-up, a move and a Scavenge, every save failing
        player.act(t) if player.ready(t) else player.step()
        if not boxes:
            continue
        assert "No space left on device" in app.save_error
        box, lay = boxes[-1], t.lay
        assert not [key for rect, key in t.hits if rect.colliderect(box)]
        assert lay.log.contains(box)
        assert not any(box.colliderect(r) for r in (lay.bar, lay.hand, lay.inspector,
                                                    lay.field, guide_rect(size)))
    assert boxes
    # A menu opened at the log's edge lies over the banner, not under it.
    t.menu = None
    drawn: list[str] = []
    monkeypatch.setattr(t, "draw_overlays", lambda surface: drawn.append("overlays"))
    monkeypatch.setattr(app_module, "_banner", lambda *a: drawn.append("banner") or
                        banner(*a))
    player.step()
    assert drawn[-2:] == ["banner", "overlays"]


def guided_moves(app, moves: int, past_lesson: bool = False) -> list:
    """The guided game started from the title, `moves` of the person's actions made with
    the mouse (and, if `past_lesson`, on till the guide's script is played out), then
    Quit to menu (the game kept in its slot): its actions."""
    from game.ui.scenes.title import TitleScene
    assert isinstance(app.top, TitleScene)
    player = MousePlayer(app, seed=1)
    player.step()
    player.press(app.top.guided)
    s = app.session
    while s.human_moves < moves or past_lesson and not s.guide.over(s.state):
        t = app.top
        player.act(t) if player.ready(t) else player.step()
    app.to_menu()
    return list(s.record.actions)


def test_a_guided_game_again_replaces_the_last_guided_game_s_save(app, tmp_path, card_db):
    """Issue 17 (s35b, finding 12): each "Guided first game" from the title took a new
    save slot; six of them filled the slots, and the player's own games were no longer
    saved. The guided game is the same lesson each time, and chosen again (not
    Continue) it is begun again: it replaces the last guided game's save, as New game
    replaces a slot chosen. A game of the player's own keeps its slot; a guided game
    open in another window is not taken from it."""
    from conftest import LEVELS
    from game.engine.save import load
    from game.ui.session import SessionConfig
    guided_moves(app, 3)
    first = app.saves.listing()
    assert len(first) == 1
    app.start_game(SessionConfig(str(LEVELS[2]), ["human", "ai:easy"], seed=1))
    app.session.human_moves += 1  # a choice made: the game is kept
    app.autosave(app.session)
    app.to_menu()
    own = {s.number: load(s.path)[0].actions for s in app.saves.listing()
           if s.number != first[0].number}
    played = guided_moves(app, 1)
    slots = app.saves.listing()
    assert len(slots) == 2, "a second guided game took another slot"
    again = next(s for s in slots if s.number == first[0].number)
    assert load(again.path)[0].actions == played
    assert {s.number: load(s.path)[0].actions for s in slots
            if s.number != again.number} == own
    # Open in another window, the guided game keeps its slot: a free one is taken.
    other = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path / "config",
                data=tmp_path / "data")
    other.threaded = False
    other.__dict__["db"] = card_db
    other.continue_game(again.number)
    for _ in range(10):
        other.step([], 1 / 60)
    assert other.saves.held == again.number
    guided_moves(app, 1)
    assert len(app.saves.listing()) == 3
    other.quit()


def test_a_guided_game_played_on_past_the_lesson_keeps_its_slot(app):
    """Issue 17 (s35b3, a review of s35b's finding 12): a guided game again replaced the
    last guided game's save even when that one had gone past the lesson, on freely
    against the easy AI (guide.py, Guide.words): the player's own game, replaced without
    being asked. Only a guided game still in its lesson is begun again in its slot; a
    save from before the lesson's end was written (no `lesson` in its table) is kept."""
    from game.engine.save import load
    kept = guided_moves(app, 2, past_lesson=True)
    [first] = app.saves.listing()
    assert not first.guided
    guided_moves(app, 1)
    slots = app.saves.listing()
    assert len(slots) == 2, "the game played on past the lesson lost its slot"
    assert load(first.path)[0].actions == kept
    # A save of a guided game in its lesson, written before `lesson` was: not replaced.
    again = next(s for s in slots if s.number != first.number)
    assert again.guided
    record, _ = load(again.path)
    del record.table["lesson"]
    app_module._save(record, again.path)
    assert not app.saves.info(again.number).guided


@pytest.mark.parametrize("who", ["AI seats' show", "person", "person watching the AI"])
def test_charm_combat_s_words_ask_only_the_person_who_chooses(tmp_path, card_db,
                                                              monkeypatch, who):
    """Rules for Charm Combat, in attract mode (s35b): over the AI seats' show the Combat
    panel said "Charm Combat: break the Charms or command it", an instruction to nobody
    (and to a person watching the AI's Charm Combat, "command the Disaster with a
    button below", where no button is theirs). Of another's Charm Combat it is said who
    may; the person at the seat, in the guided game's Charm step, is asked. The person
    at the window watching the AI seat's Charm Combat (the guided game played on past
    its lesson, s35b3) is told who may, not asked."""
    from test_booth import booth_app, frame
    said = drawn_words(monkeypatch)
    watching = who == "person watching the AI"
    if who != "AI seats' show":
        # At the instant speed the AI decides in the frame its Charm Combat begins: no
        # panel shows it. Seed 1: its first comes some 40 actions after the lesson.
        app = App((1280, 720), Settings(anim_speed="fast" if watching else "instant"),
                  config=tmp_path / "c", data=tmp_path / "d")
        app.threaded = False
        app.__dict__["db"] = card_db
        app.start_guide()
        player = MousePlayer(app, seed=1 if watching else 4)
        player.step()
        step = player.step
        if watching:
            # Waiting for the AI seats' moves to play out, a twentieth of a second a frame
            # (as the show's below): a third of the frames, the same game and panels.
            step = lambda: app.step([], 0.05)  # noqa: E731
    else:
        app, clock = booth_app(tmp_path, card_db, size=(1280, 720), speed="fast")
        step = lambda: frame(app, clock, dt=0.05)  # noqa: E731
    s = app.session

    def charming():
        v = s.view()  # (a view is built afresh each call: one a frame, not three)
        c = v.combat
        return c, c is not None and c.stage in ("break", "command") \
            and (not watching or c.seat != v.seat)
    c, charm = charming()
    for _ in range(4000):
        said.clear()
        t = app.top
        # (charm: as the last frame left the game; nothing has acted since)
        if who != "AI seats' show" and not charm and MousePlayer.ready(t):
            player.act(t)
        else:
            step()
        # As the frame drew it: the panels an action made due may be painted in its own
        # frame, and then in no later one while nothing changes (s42x).
        c, charm = charming()
        if charm and " ".join(said).count("Charm Combat"):
            break
    assert charm and app.session is s
    words = " ".join(said)
    asked = "Charm Combat: break the" in words or "Charm Combat won: command" in words
    assert asked == (who == "person"), words
    if who != "person":
        assert f"{t.seat_name(c.seat)} may" in words or f"{t.seat_name(c.seat)} commands" \
            in words
    # Nothing is commanded in the break stage (charm.py's command stage comes after it):
    # "or command it" was said there (s35b3).
    assert c.stage == "command" or "command" not in words, words


@pytest.mark.parametrize("who", ["AI seats' show", "person"])
def test_the_inspector_s_how_to_is_for_a_person(tmp_path, card_db, monkeypatch, who):
    """Attract mode (s35b, d04): under "Nothing selected" the inspector told the AI
    seats' show how to click ("Click a Character, a Disaster or a Haven on the Field to
    see it here", "Stored here: drag one onto a Character there"), where a click only
    starts a game. The show says what the Havens store; a person is told how."""
    from test_booth import booth_app, frame
    said = drawn_words(monkeypatch)
    if who == "person":
        app = person_app(tmp_path, card_db)
        step = lambda: app.step([], 1 / 60)  # noqa: E731
    else:
        app, clock = booth_app(tmp_path, card_db, size=(1280, 720), speed="fast")
        step = lambda: frame(app, clock, dt=0.05)  # noqa: E731
    for _ in range(400):
        said.clear()
        step()
        # (the show, once a Haven stores a card: its caption is said too)
        if "Nothing selected" in said and (who == "person" or any(
                w.endswith("Haven: Sakura-Yu Hot Spring Inn") for w in said)):
            break
    assert "Nothing selected" in said
    words = " ".join(said)
    told = "Click a Character" in words or "drag one onto" in words
    assert told == (who == "person"), words
