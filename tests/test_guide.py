"""The guided first game (issue 17): from the title, a quick demo of a fixed seed in
which the newcomer places a Location, moves a group, Scavenges, fights a Disaster,
stores an Item in the Haven and Charm Combats, each step said and waited for, on the
real engine with its legal actions; then the game goes on freely. Played here with
the mouse alone (tests/mouse_player.py), to the end of the game."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from mouse_player import MousePlayer  # noqa: E402
from game.engine import actions as A  # noqa: E402
from game.engine import apply, legal_actions  # noqa: E402
from game.match import load_game  # noqa: E402
from game.engine.save import Replay, snapshot  # noqa: E402
from game.ui.guide import SEED, STEPS, TITLES, find_script, step_of  # noqa: E402
from game.ui.scenes.game_over import GameOverScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.table import TableScene  # noqa: E402


DEMO = Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml"


@pytest.fixture
def app(quiet_app):
    quiet_app.to_menu()
    return quiet_app


def test_the_script_does_all_six_steps_by_legal_actions():
    """The opening is played through the rules: every scripted action is legal where it
    comes, and between them the six steps are each done once."""
    game = load_game(DEMO, 2)
    script = find_script(game)
    assert sorted(script.order) == sorted(STEPS)
    st = game.new_state(SEED)
    for i, a in enumerate(script.actions):
        assert a in legal_actions(st)
        assert (step_of(st, a) == script.steps[i]) if i in script.steps else True
        apply(st, a)
    assert len(script.actions) < 200  # short: a newcomer's first quarter of an hour


def test_the_guided_game_played_with_the_mouse_to_its_end(app):
    player = MousePlayer(app, seed=4)
    player.step()
    title = app.top
    assert isinstance(title, TitleScene) and title.guided.visible
    player.press(title.guided)
    table = app.top
    assert isinstance(table, TableScene) and app.settings.guide_seen
    s = table.session
    guide = s.guide
    told: dict[str, str] = {}
    free = 0
    while not isinstance(app.top, GameOverScene):
        t = app.top
        assert isinstance(t, TableScene)
        if player.ready(t):
            heading, words = guide.words(s.state)
            n = s.state.actions
            if not guide.over(s.state):
                # On the rails: the scripted action only is offered (its target glows).
                assert t.board.legal == [guide.script.actions[n]]
                assert words and heading
                # The bar offers no Pass or End phase the rails do not (it said both).
                hint, legal = t.hint(), t.board.legal
                assert ("Pass" not in hint or any(isinstance(a, A.Pass) for a in legal)) and (
                    "End phase" not in hint or any(isinstance(a, A.EndPhase) for a in legal)), hint
                if n in guide.script.steps:
                    told[guide.script.steps[n]] = heading
            else:
                free += len(t.board.legal) > 1
            player.act(t)
        else:
            player.step()
    # Each step was said, by name, when it was to be done, and all six were done.
    assert set(told) == set(STEPS)
    assert all(TITLES[step] in heading for step, heading in told.items())
    assert free > 0, "after the guide, the game never went on freely"
    assert s.result is not None and len(s.record.actions) > len(guide.script.actions)
    # Nothing faked: the game the window played replays through the rules to its end.
    record = s.record
    st = record.game.new_state(record.seed)
    for a in record.actions:
        apply(st, a)
    assert snapshot(st) == snapshot(s.state)


def test_continue_takes_up_the_guide_where_it_was(app):
    app.start_guide()
    s = app.session
    player = MousePlayer(app, seed=1)
    player.step()
    while s.state.actions < 30:
        t = app.top
        player.act(t) if player.ready(t) else player.step()
    app.to_menu()
    app.continue_game()
    for _ in range(10):
        app.step([], 1 / 60)
    again = app.session
    assert again is not s and again.guide is not None
    assert again.guide.script.actions == s.guide.script.actions
    assert app.save_error == ""  # (waits for the save being written on the writer thread)
    assert Replay(app.saves.path(app.saves.held), db=app.db).run()[0].actions == \
        again.record.actions


def test_between_two_steps_the_heading_names_what_is_asked_now_then_the_next(card_db):
    """From the first step to the second come some thirty actions (the Haven, the
    other Locations, dealing): the heading said "1 of 6 steps done" throughout, as if
    none counted. It names the step they lead to; but setting up leads to no step, and
    "next: Move a group" over placing the Haven and dealing read as the wrong
    instruction: there it says "Setting up the Field" and that the next step comes
    after it: the count standing still through the Haven and two more Locations read
    as broken (s30w, shots 03 to 09), and "(no step)", said for it, was jargon (s33w).
    And "1 of 6 steps done, next: Move a group" stood over "Play Training Montage"
    (s28 newcomer, shot 10_equip): the heading names what is asked now first ("Now: Play a card")."""
    from game.engine.state import SETUP
    from game.ui.guide import Guide
    script = find_script(load_game(DEMO, 2))
    guide = Guide(script)
    st = load_game(DEMO, 2).new_state(SEED)
    order = script.order
    import pygame
    from game.ui.app import guide_rect
    from game.ui.widgets import font
    pygame.font.init()
    room = guide_rect((1280, 720)).w - 2 * 14  # the heading's, at 1280x720 (scale 1)
    said, now = set(), {A.PlayCard: "Play a card", A.DiscardCard: "Discard a card",
                        A.Deal: "Deal", A.EndPhase: "End the phase"}
    for i, a in enumerate(script.actions):
        heading, _ = guide.words(st)
        if i not in script.steps and guide.scripted(st) is not None:
            done = sum(k < i for k in script.steps)
            asked = now.get(type(a), "")
            if st.phase == SETUP:
                assert heading.startswith(f"Setting up the Field, now: {asked}"), \
                    heading
                assert heading.endswith(f" · then step {done + 1} of 6"), heading
                assert "no step" not in heading, heading
            else:
                assert heading.startswith(f"Now: {asked}"), heading
                assert heading.endswith(f" · {done}/6 done, next: {TITLES[order[done]]}"), \
                    heading
            said.add(heading.partition(" · ")[0])
            assert font("button", 1.0).size(heading)[0] <= room, heading  # in its panel
        apply(st, a)
    assert {"Setting up the Field, now: Deal", "Now: Play a card"} <= said, said


def test_a_card_to_play_or_discard_is_named_in_the_guide_s_words(card_db):
    """"Play the glowing card": the glow over a card of the fanned hand was a thin bar,
    and Training Montage, whose own art glows green, was taken for it and refused (s28
    newcomer at the window). The guide names the card to play, or to discard."""
    from game.ui.guide import Guide
    game = load_game(DEMO, 2)
    script = find_script(game)
    guide = Guide(script)
    st = game.new_state(SEED)
    told = 0
    for i, a in enumerate(script.actions):
        if i not in script.steps and isinstance(a, (A.PlayCard, A.DiscardCard)) \
                and guide.scripted(st) is not None:  # the person's, not the AI seat's
            _, words = guide.words(st)
            verb = "Play" if isinstance(a, A.PlayCard) else "Discard"
            assert words.startswith(f"{verb} {st.game.card(a.card).name}, the glowing card"), \
                words
            told += 1
        apply(st, a)
    assert told


def guide_text_room(size):
    """The guide's panel at a window size, as app._guide_panel lays it out: (scale, the
    panel, its side padding, the height under the heading for the words, their font)."""
    import pygame
    from game.ui.app import guide_rect
    from game.ui.widgets import font
    pygame.font.init()
    s = min(size[0] / 1280, size[1] / 720)
    box = guide_rect(size)
    room = box.h - round(8 * s) - font("button", s).get_height() - round(8 * s)
    return s, box, round(14 * s), room, font("label", s * 0.85)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_guide_s_words_fit_its_panel(card_db, size):
    """The words under the heading are wrapped in the panel and not cut: each the
    guided seat is told (the deal's, longer now it says why the panels say "about")
    fits below the heading, drawn as app._guide_panel draws them."""
    from game.ui.fonts import wrap
    from game.ui.guide import Guide
    from game.ui.widgets import font
    s, box, pad, room, body = guide_text_room(size)
    script = find_script(load_game(DEMO, 2))
    guide = Guide(script)
    st = load_game(DEMO, 2).new_state(SEED)
    told = set()
    for a in script.actions:
        heading, words = guide.words(st)
        assert font("button", s).size(heading)[0] <= box.w - 2 * pad, heading
        assert len(wrap(words, body, box.w - 2 * pad)) * body.get_linesize() <= room, words
        told.add(words)
        apply(st, a)
    assert any("about how many" in words for words in told)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_guide_s_words_cover_no_tile_and_lie_under_a_menu(app, size):
    """The guide's panel covered the Field's top row (its names, a glowing target)
    and was drawn over the "Everything you can do now" menu. The Field is fitted
    below it, and a menu opened on the table is drawn above it."""
    import pygame
    from game.ui.app import guide_rect
    app.resize(size)
    app.start_guide()
    s = app.session
    player = MousePlayer(app, seed=1)
    player.step()
    while s.state.actions < 36:  # the setup, the move step, to the scavenge step
        t = app.top
        panel = guide_rect(app.size)
        if player.ready(t):
            assert not panel.colliderect(t.seen())
            assert not any(panel.colliderect(r) for r in t.lay.cells.values()
                           if t.seen().colliderect(r))
            player.act(t)
        else:
            player.step()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")], 1 / 60)
    menu = app.top.menu
    assert menu is not None and menu.rect.colliderect(guide_rect(app.size))
    shown = app.screen.copy()
    menu.draw(shown)  # drawn again on top: nothing changes
    overlap = menu.rect.clip(guide_rect(app.size))
    assert pygame.image.tobytes(shown.subsurface(overlap), "RGB") == \
        pygame.image.tobytes(app.screen.subsurface(overlap), "RGB")
    # A card shown large (the pointer resting on the top row's name) is above it too.
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")],
             1 / 60)
    t = app.top
    top = min((r for r in t.lay.cells.values() if t.seen().colliderect(r)),
              key=lambda r: (r.y, r.x))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(top.centerx, top.y + 10),
                                 rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    for _ in range(90):
        app.step([], 1 / 60)
    shown = app.screen.copy()
    t._draw_zoom(shown)  # drawn again on top: only its rounded corners' edges change
    panel = guide_rect(app.size)
    a, b = (pygame.image.tobytes(x.subsurface(panel), "RGB") for x in (shown, app.screen))
    changed = sum(a[i:i + 3] != b[i:i + 3] for i in range(0, len(a), 3))
    assert changed < panel.w * panel.h // 50  # (drawn under the panel: a third of it)
