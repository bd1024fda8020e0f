"""What a newcomer found at the table (s42n's findings 1, 2, 3, 6 and 7): the phase
bar's instruction, what glows in the guided game, your Haven in view and the Combat
panel at 960x540. Played with the mouse (tests/mouse_player.py) or on scenes."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import MOVE  # noqa: E402
from game.ui.session import SessionConfig  # noqa: E402
from game.ui.table import TableScene  # noqa: E402
from game.ui.widgets import TOOLTIP_DELAY  # noqa: E402

import test_ui_table  # noqa: E402
from conftest import ROOT  # noqa: E402
from mouse_player import MousePlayer  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def guided(make_app, size, actions: int) -> tuple[MousePlayer, TableScene]:
    """The guided first game, begun from the title and played with the mouse until
    `actions` actions are made and the guided seat is to act (the table settled)."""
    app = make_app(size)
    app.threaded = False
    app.to_menu()
    player = MousePlayer(app, seed=4)
    player.step()
    player.press(app.top.guided)
    return player, played(player, actions)


def game(make_app, size, level: str, seats: list[str], seed: int,
         actions: int) -> tuple[MousePlayer, TableScene]:
    """A game of a shipped level begun from the menu, played with the mouse as
    `guided` plays the guided one."""
    app = make_app(size)
    app.threaded = False
    app.to_menu()
    app.start_game(SessionConfig(str(ROOT / "levels" / f"{level}.yaml"), seats, seed=seed))
    player = MousePlayer(app, seed=seed)
    player.step()
    return player, played(player, actions)


def played(player: MousePlayer, actions: int) -> TableScene:
    """The table once `actions` actions are made and a person is to act, settled."""
    app = player.app
    for _ in range(20000):
        t = app.top
        assert isinstance(t, TableScene)
        if player.ready(t) and t.session.state.actions >= actions:
            break
        player.act(t) if player.ready(t) else player.step()
    assert t.session.state.actions == actions
    return t


def rest(player: MousePlayer, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        player.step()


def test_a_bar_button_slid_under_the_resting_pointer_leaves_the_instruction(make_app):
    """s42n, guided game step 2: End phase clicked, the list's button ("1 action (A)")
    slid under the pointer and the bar's instruction gave way to its words, "Every
    action you may take now, in rows: ... 1 of the 1 are moves ...". The bar keeps
    the instruction; the button's words come in a tooltip by it, and only once the
    person moves the pointer onto it and rests there."""
    player, t = guided(make_app, (1280, 720), 31)
    assert t.board.legal == [A.EndPhase()]
    end = next(r for r, k in t.hits if k == ("end",))
    player.click(end.center)
    rest(player, 1.0)
    assert t.session.state.phase == MOVE and t.hit(t.pointer) == ("all",), t.hit(t.pointer)
    assert t.hint() == t.resting_hint(), t.hint()
    assert "glowing" in t.hint() and "rows" not in t.hint(), t.hint()
    assert t.bar_tip() is None
    player.step([player._ev(pygame.MOUSEMOTION, (end.centerx - 2, end.centery))])
    assert t.bar_tip() is None  # not at once: passing over is calm
    rest(player, TOOLTIP_DELAY + 0.1)
    tip = t.bar_tip()
    assert tip is not None and tip.startswith("The one thing you may do now"), tip
    assert "1 of the 1" not in tip and t.hint() == t.resting_hint()


def test_the_list_tooltip_counts_the_moves_among_the_rows(make_app):
    """List of Actions: a group may Move to any Location in reach, a row each; the
    tooltip by the list's button says how many rows are moves, in words that agree
    with their number."""
    from test_ui_window_s33w2 import GEARED, opened, wide_field
    sc = wide_field(GEARED)
    sc.char("valen", (-3, -2))
    sc.turn(MOVE)
    s, t = opened(make_app, sc, (1280, 720))
    rows = t.board.legal
    moves = sum(isinstance(a, A.Move) for a in rows)
    assert 1 <= moves < len(rows)
    r = next(r for r, k in t.hits if k == ("all",))
    before = t.hint()
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, r.center, 0)], 0.016)
    t.app.step([], TOOLTIP_DELAY)
    t.app.step([], 0.016)
    tip = t.bar_tip()
    verb = "is a move" if moves == 1 else "are moves"
    assert f"{moves} of the {len(rows)} rows {verb}" in tip, tip
    assert t.hint() == before, t.hint()


def test_the_flash_window_s_pass_under_the_pointer_leaves_the_card_named(make_app):
    """Rules for Flash Effects (s42n, mirror game): with the pointer on the bar's
    Pass, the bar said only "Pass (let it resolve)", as the button does, and never
    named the Flash Effect that could be answered."""
    s, t = test_ui_table.flash_answered(make_app)
    passing = next(r for r, k in t.hits if k == ("act", A.Pass()))
    assert t.lay.bar.contains(passing)
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, passing.center, 0)], 0.016)
    assert t.hint().startswith("Player 1 played the Flash Effect Zap on Hero (P1)"), t.hint()


def lit_now(t: TableScene, monkeypatch) -> set[tuple]:
    """What the table outlines (glows) in a frame drawn now."""
    lit: set[tuple] = set()
    real = t._lit
    monkeypatch.setattr(t, "_lit", lambda surface, key, *a, **k: (
        lit.add(key), real(surface, key, *a, **k)))
    t.draw(t.app.screen)
    monkeypatch.undo()
    return lit


def test_guided_step_2_the_group_to_move_glows_character_by_character(make_app, monkeypatch):
    """s42n, guided game step 2 "Move a group": "Click each glowing Character", and
    nothing glowed: Akiko, shown since the Equip phase, was chosen as the Move phase
    began, and alone she reaches no cell (the only move is Akiko with Sayo). Both
    glow as the phase begins; with one clicked, the other glows, and the bar says to
    take her along (it said "Click a glowing cell", none glowing)."""
    player, t = guided(make_app, (1280, 720), 32)
    move, = t.board.legal
    assert isinstance(move, A.Move) and len(move.chars) == 2
    first, second = move.chars
    assert not t.board.reachable({first})
    assert {("unit", first), ("unit", second)} <= lit_now(t, monkeypatch)
    player.click(t.unit_rects[first].center)
    assert t.selection == {first}
    assert ("unit", second) in lit_now(t, monkeypatch)
    assert t.hint().startswith("Click a glowing Character here to take along"), t.hint()
    player.click(t.unit_rects[second].center)
    assert t.selection == {first, second} and ("cell", move.cell) in lit_now(t, monkeypatch)
    player.click(t.lay.cells[move.cell].center)
    assert t.session.record.actions[-1] == move


def test_guided_equipment_to_ready_in_a_discard_phase_is_said_and_glows(make_app, monkeypatch):
    """s42n, guided game: in a Discard phase whose only action (the rails) is to put
    Akiko's Nameless Rust-Blade to use, the bar said "Click each card you do not want,
    to discard it", the guide "Click Akiko Sakuragawa" with both players' Akikos on
    the Field, and neither glowed. The bar says what the rails ask, both name her as
    yours and where she stands, and she glows until the Equipment shows."""
    player, t = guided(make_app, (1280, 720), 54)
    s = t.session
    ready, = t.board.legal
    assert s.state.phase == "discard" and isinstance(ready, A.UseEquipment)
    name, blade = t.name(ready.char), t.name(ready.card)
    twins = [u for u in t.board.view.units if t.board.card(u.card).name == name]
    assert len(twins) == 2  # the other player's Akiko, at a Location
    hint, (_, told) = t.hint(), s.guide.words(s.state)
    assert "discard" not in hint, hint
    assert hint.startswith(f"Put {blade} to use: click your {name} (in your Haven)"), hint
    assert f"your {name} (in your Haven)" in told, told
    assert ("unit", ready.char) in lit_now(t, monkeypatch)
    player.click(t.unit_rects[ready.char].center)
    assert t.inspect == ready.char
    assert t.hint().startswith(f"Put {blade} to use: click the glowing {blade}"), t.hint()
    lit = lit_now(t, monkeypatch)
    assert ("card", ready.card) in lit and ("unit", ready.char) not in lit
    player.click(t._rect_of(("card", ready.card)).center)
    assert s.record.actions[-1] == ready


def test_at_960x540_the_equip_phase_shows_the_haven_your_cards_go_to(make_app):
    """s42n, 960x540 (standard level): the Equip phase opened on two Locations where
    Characters stood, the player's Haven out of view; a Character card clicked went
    there, and only the log said so (nor had a drag a target in view). A Character
    from the hand enters play in the Haven: the phase opens with it in view, and the
    card played shows there."""
    player, t = game(make_app, (960, 540), "standard_2p", ["human", "ai:easy"], 4, 91)
    b = t.board
    havens = b.my_havens()
    assert b.view.phase == "equip" and len(havens) == 1
    assert t.camera.shows(havens) and t._rect_of(("haven",)) is not None
    card = next(a.card for a in b.legal if isinstance(a, A.PlayCard) and
                b.drops[("card", a.card)].get(("haven",)) == a and
                b.card(a.card).type == "character")
    player.click(t.hand_rects[card].center)
    rest(player, 1.0)
    assert t.session.record.actions[91] == A.PlayCard(card)
    assert t.board.units[card].pos == havens[0] and card in t.unit_rects
    assert t.seen().colliderect(t.unit_rects[card])


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_combat_panel_s_buttons_hold_their_letters_whole(make_app, monkeypatch, size):
    """s42n, 960x540: four Characters against a Disaster, the combat panel's Attack /
    Protect / Stay out were about 12 px high round 14 px letters, which touched their
    borders, and the names ran into the rows of buttons. Each button is as tall as its
    type, each name's line clear of its buttons, the rows apart, all in the panel."""
    from game.ui.table import ink, panels
    from test_ui_combat_forecast import fight, opened
    sc, chars, _ = fight(4)
    s, t = opened(make_app, sc, size)
    names: dict[int, int] = {}  # each name's line: where the panel writes it
    real = ink.fit
    short = panels.short_names(t.painter([]), list(chars.values()), t.name)
    monkeypatch.setattr(ink, "fit", lambda words, px, *a, **k: (
        names.update({c: px for c in chars.values() if words.startswith(short[c])}),
        real(words, px, *a, **k))[1])
    t._stale = True
    t.draw(t.app.screen)
    monkeypatch.undo()
    panel, letters = panels.combat_rect(t), ink.font(t.px(13), True).get_height()
    rows = []
    for char in sorted(chars.values()):
        buttons = [r for r, k in t.hits if k[0] in ("plan", "why") and k[1] == char]
        assert len(buttons) == 3 and all(panel.contains(b) for b in buttons), buttons
        assert all(b.h >= letters for b in buttons), (letters, buttons)
        rows.append(pygame.Rect(buttons[0]).unionall(buttons))
        token = next(r for r, k in t.hits if k == ("unit", char) and panel.contains(r))
        name_line = ink.font(names[char]).get_linesize()
        assert token.top + name_line <= rows[-1].top, (char, token, rows[-1])
    assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:])), rows
