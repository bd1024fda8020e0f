"""What a stranger to card games met at the window (s73 stranger): the guided first game
followed step by step, with the wrong thing tried at each step (a click on nothing, a
key, Space, a drag to nowhere), at 1280x720 and 1920x1080."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from mouse_player import MousePlayer  # noqa: E402
from game.engine import apply  # noqa: E402
from game.engine.decisions import Combat  # noqa: E402
from game.match import load_game  # noqa: E402
from game.ui.guide import SEED, Guide, find_script  # noqa: E402
from game.ui.table import TableScene  # noqa: E402

DEMO = Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml"
SHOTS = os.environ.get("SHOTS")  # a folder: the screens are saved there to look at


def _ended_in_combat():
    """The guided game played to the end of its script: the sixth step (Fight a
    Disaster) is its last action, so the lesson ends as its Combat opens."""
    game = load_game(DEMO, 2)
    script = find_script(game)
    st = game.new_state(SEED)
    for a in script.actions:
        apply(st, a)
    return Guide(script), st


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_lesson_s_last_words_say_how_to_fight_the_combat_it_ends_in(size):
    """Rulebook, Combat (declare attackers and protectors, then the round is fought):
    the guide's last step is clicking the Disaster, so "You have played every step ...
    the game goes on freely" stood over the stranger's first Combat of their own, the
    panel's Attack / Protect / Hold back / Fight! unexplained (the only Combat before
    was Run Away from, the next one's choices each made for them). The last words say
    what to do in the Combat open now, and fit the guide's panel."""
    from game.ui.fonts import wrap
    from game.ui.widgets import font
    from test_guide import guide_text_room
    guide, st = _ended_in_combat()
    assert guide.over(st) and isinstance(st.pending[-1], Combat)
    heading, words = guide.words(st)
    assert "Attack" in words and "Fight!" in words, words
    s, box, pad, room, body = guide_text_room(size)
    assert font("button", s).size(heading)[0] <= box.w - 2 * pad, heading
    assert len(wrap(words, body, box.w - 2 * pad)) * body.get_linesize() <= room, words


def test_once_its_combat_is_over_the_lesson_s_last_words_say_play_on():
    """The Combat words are for that Combat only: once it is fought the guide says the
    game goes on freely, as before."""
    from game.engine import legal_actions
    guide, st = _ended_in_combat()
    fights = 0
    while st.pending and isinstance(st.pending[-1], Combat):
        legal = legal_actions(st)
        apply(st, next((a for a in legal if getattr(a, "role", "") == "attack"), legal[0]))
        fights += 1
    assert fights and "Fight!" not in guide.words(st)[1]
    assert "freely" in guide.words(st)[1]


def test_a_later_combat_of_the_person_s_is_not_told_as_the_lesson_s():
    """The lesson's fight words named the Combat its last step opened; they stood over
    every later Combat of the person's for the rest of the game (s73's review). Another
    Disaster's Combat with the guided seat's group: the game goes on freely."""
    from dataclasses import replace
    guide, st = _ended_in_combat()
    top = st.pending[-1]
    other = replace(top, disaster=-1)  # the same group, against another Disaster
    st.pending[-1] = other
    try:
        assert "Fight!" not in guide.words(st)[1] and "freely" in guide.words(st)[1]
    finally:
        st.pending[-1] = top
    assert "Fight!" in guide.words(st)[1]


def test_space_on_the_scavenge_step_does_not_do_the_step_for_the_stranger(quiet_app):
    """Step 3 of the guided game asks "Click the glowing Location"; its Scavenge is also
    the bar's only button, and Space (which ends a phase in every other game) pressed
    it: the step was done for the stranger, silently, and a Combat opened. On one of
    the lesson's six steps Space says what the lesson waits for and sends nothing."""
    app = quiet_app
    app.to_menu()
    app.start_guide()
    s = app.session
    guide = s.guide
    scavenge = next(i for i, step in guide.script.steps.items() if step == "scavenge")
    player = MousePlayer(app, seed=1)
    player.step()
    while s.state.actions < scavenge or not player.ready(app.top):
        t = app.top
        player.act(t) if player.ready(t) else player.step()
    t = app.top
    assert isinstance(t, TableScene) and t.board.buttons == [guide.script.actions[scavenge]]
    before = len(s.record.actions)
    player.key(pygame.K_SPACE)
    for _ in range(5):
        player.step()
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, "space-on-scavenge-step.png"))
    assert len(s.record.actions) == before, s.record.actions[before:]
    assert "glowing Location" in t.message[0], t.message
    # The step itself is still done the way the lesson says.
    player.act(t)
    assert s.record.actions[before] == guide.script.actions[scavenge]


def _guided_to(app, step: str):
    """The guided game played with the mouse up to where `step` is asked."""
    app.to_menu()
    app.start_guide()
    s = app.session
    at = next(i for i, name in s.guide.script.steps.items() if name == step)
    player = MousePlayer(app, seed=1)
    player.step()
    while s.state.actions < at or not player.ready(app.top):
        t = app.top
        player.act(t) if player.ready(t) else player.step()
    return player, app.top, s


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_hand_card_dragged_while_the_lesson_waits_says_what_it_waits_for(quiet_app, size):
    """Step 2 (Move a group) asks for two Characters and a cell. A stranger dragged
    Emergency Bento from the hand onto the Field and was told "Can't do that: Emergency
    Bento is played on one of your Characters; Akiko Sakuragawa, Sayo Tsukimura, Torao
    Ishibashi or Mio Sprocket can take it now": on the lesson's rails none can, so the
    line sent them after a drop the lesson refuses too. While the lesson waits, a drop
    it refuses says what it waits for."""
    quiet_app.resize(size)
    player, t, s = _guided_to(quiet_app, "move")
    hand = [k for r, k in t.hits if k[0] == "card" and t.lay.hand.colliderect(r)]
    assert hand
    before = len(s.record.actions)
    for key in hand:
        src = player.where(t, key)
        player.drag(src, t.seen().center)
        if SHOTS:
            pygame.image.save(quiet_app.screen, os.path.join(
                SHOTS, f"lesson-drag-{size[0]}-{key[1]}.png"))
        assert len(s.record.actions) == before
        said = t.message[0]
        assert said.startswith("The lesson waits") and "glowing Character" in said, said


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_how_to_play_paged_through_never_starts_on_a_line_cut_in_half(quiet_app, size):
    """How to play, read with Page Down (and End) as its foot says: the page's last
    screen ("The goal" at 1280x720) and screens between began with a line cut through,
    its top half above the view ('A Location, and what lies under it' read as a smear).
    Each screen now starts on a whole line or card row."""
    from game.ui.scenes.how_to_play import HowToPlayScene
    app = quiet_app
    app.resize(size)
    app.to_menu()
    app.push(HowToPlayScene(app))
    h = app.top
    player = MousePlayer(app)
    player.step()
    paged = 0
    for i in range(len(h.pages)):
        h.show(i)
        player.step()
        for key in [pygame.K_PAGEDOWN] * 4 + [pygame.K_END, pygame.K_PAGEUP]:
            player.key(key)
            top = round(h.scroll)
            cut = [r for _, r in h.body().items if r.top < top < r.bottom]
            if SHOTS and cut:
                pygame.image.save(app.screen, os.path.join(SHOTS, f"htp-cut-{size[0]}-{i}.png"))
            assert not cut, (h.pages[i][0], key, top, cut[:2])
            paged += top > 0
    assert paged
