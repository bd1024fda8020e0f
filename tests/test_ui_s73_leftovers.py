"""What the s73 newcomer playtest left (s73 leftovers): a Character Bonked out of a
Combat named in full on its Combat card's row, the bar's words cut while a hand-off
waits, the four-seat game-over account in 10 px type at 960x540."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import actions as A  # noqa: E402
from game.engine import events as E  # noqa: E402

import test_ui_table  # noqa: E402
from shots import shot  # noqa: E402
from test_ui_table import scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _bonked_out(make_app, size):
    """Commander Reiji Valen and Captain Marlowe Tetsuhige (seat 0) fight an Ogre whose
    blow Bonks Valen; played until the Combat is over, at Normal speed."""
    from scene import Scene
    from test_ui_combat_panel import TITLED
    from game.engine.options import Options
    from game.engine.state import MOVE
    from game.ui.settings import Settings
    sc = Scene(TITLED + """\
- {id: ogre, name: Ironhide Ogre, type: disaster, class: minor,
   abilities: {attack: 8, defense: 30, movement: 1, charm: 0}}
""", seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    valen = sc.char("valen", (0, 0))
    marlowe = sc.char("marlowe", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(ogre))
    s = scene_session(sc, ["human", "human"])
    app = scene_app(make_app, sc, size)
    app.settings = Settings(anim_speed="normal")
    t = table(app, s)
    return sc, s, t, valen, marlowe


def _played_out(t, chars) -> None:
    """Every Character left attacks, round by round, until the Combat is over and its
    animations have played up to its end."""
    for _ in range(4):
        for c in chars:
            if A.Declare(c, "attack") in t.session.legal():
                t.send(A.Declare(c, "attack"))
        for _ in range(400):
            t.app.step([], 0.05)
            if any(isinstance(n, E.CombatEnded) for n in t.notes) or not t.animator.busy:
                break
        if any(isinstance(n, E.CombatEnded) for n in t.notes):
            return
    raise AssertionError("the Combat did not end")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (960, 540)])
def test_a_character_bonked_out_of_a_combat_keeps_its_short_name(make_app, monkeypatch, size):
    """Basic Terms, Bonk: a Character Bonked leaves the Combat. The Combat panel names
    the group by short names (as their tokens do); one Bonked out of it was named in
    full, and at 1920x1080 its Combat card's row read "for Commander Reiji Valen (P1)
    (Bonk…" (s73 newcomer). Those the group began with keep their short names, the
    row whole."""
    from test_ui_combat_panel import painted
    from game.ui.table import panels
    sc, s, t, valen, marlowe = _bonked_out(make_app, size)
    _played_out(t, (valen, marlowe))
    assert [n.result for n in t.notes if isinstance(n, E.CombatHit)
            and n.target in (valen, marlowe)] == ["bonked", "bonked"]
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.fight, t.notes, t.name, t.plan))
    monkeypatch.undo()
    t.app.step([], 0.016)
    shot(t.app, f"bonked-out-{size[0]}")
    short = panels.short_names(t.painter([]), [valen, marlowe], t.name)
    assert short[valen] != t.name(valen)
    assert not [w for w in said if t.name(valen) in w or t.name(marlowe) in w], said
    assert any(w.startswith(f"for {short[valen]} (Bonked)") for w in said), said
    assert not [w for w in said if w.endswith("…")], said


LONG_HIT = ("Combat: Captain Marlowe Tetsuhige (P3) + Polaris-9 (P3) + Vesper Dusk (P3) hit "
            "General Obsidian Hex (P2): Attack 14 vs Defense 9, 5 Damage. Defeated!")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (960, 540)])
def test_the_bar_s_words_stay_whole_while_a_hand_off_waits(tmp_path, monkeypatch, size):
    """Hot seat (R16): while the last move before a hand-off plays out, hands hidden,
    the bar says whose the curtain will be beside what plays. That note had half the
    bar, and a long hit was cut ("Combat: Captain Marlowe Tetsuhige (P3) + Polaris-9
    (P3) + Vesper Dusk (P3) hit …", s73 newcomer, four seats at 1280x720). The words
    stay whole, the note said shorter where they need its room; neither over the
    other."""
    import random
    from game.ui.app import App
    from game.ui.settings import Settings
    from game.ui.table import ink, paint, popups
    from conftest import keys_for_tests
    from test_ui_s68_handoff import a_frame
    from test_ui_table import DEMO, session
    s = session(DEMO, ["human", "human"], seed=2)
    app = App(size, Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    t = table(app, s)
    rng = random.Random(4)
    for _ in range(1500):
        if a_frame(app, s, t, rng) and s.watch is not None:
            break
    assert s.watch is not None and t.curtain_button is None
    monkeypatch.setattr(type(t), "hint", lambda self: LONG_HIT)
    said, boxes, kept = [], [], []
    fit, coming, bar = ink.fit, popups.curtain_coming, paint.Painter.bar
    monkeypatch.setattr(ink, "fit", lambda words, *a, **k: said.append(words) or fit(
        words, *a, **k))
    monkeypatch.setattr(popups, "curtain_coming", lambda *a, **k: boxes.append(
        coming(*a, **k)) or boxes[-1])

    def spy(q, *a, **k):
        bar(q, *a, **k)
        kept.append(getattr(q, "kept", a[3]))  # (an int, before the note had ways)
    monkeypatch.setattr(paint.Painter, "bar", spy)
    t._base = None
    app.step([], 1 / 60)
    monkeypatch.undo()
    shot(app, f"handoff-bar-{size[0]}")
    assert s.watch is not None
    assert " ".join(t.hint_rows) == LONG_HIT, t.hint_rows
    next_up = f"Hands hidden: Player {s.to_act + 1} is next"
    assert any(w.startswith(next_up) and not w.endswith("…") for w in said), said
    assert boxes and kept and kept[-1] >= boxes[-1].w, (kept, boxes)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_four_seat_game_over_account_is_never_under_11_px(make_app, monkeypatch, size):
    """The game over's account (Rules R14, its tally): a four-seat game's at 960x540 was
    drawn in 10 px type (s73 newcomer), where the rest of the window keeps 11 px as its
    least. It stays 11 px at least; fewer moments are told, while every seat's tally and
    where the Items ended are drawn whole."""
    from game.engine.state import Result
    from game.ui.scenes import game_over
    from test_ui_s73_newcomer import _four_seat_account
    from test_ui_table import laid
    s = laid("levels/four_players.yaml", 4)
    s.state.result = Result((0,), False, "items")
    account = _four_seat_account()
    monkeypatch.setattr(game_over, "tell", lambda *a: account)
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = game_over.text

    def spy(surface, words, f, *a, **k):
        rect = real(surface, words, f, *a, **k)
        drawn.append((words, f.point_size, rect))
        return rect
    monkeypatch.setattr(game_over, "text", spy)
    app = make_app(size)
    scene = game_over.GameOverScene(app, s)
    app.reset(scene)
    app.step([], 1 / 60)
    monkeypatch.undo()
    shot(app, f"account-{size[0]}")
    box = scene.px(660, 176, 540, 420)
    body = [(w, px) for w, px, r in drawn if box.contains(r) and w != "How it went"]
    assert body and min(px for _, px in body) >= 11, sorted({px for _, px in body})
    told = " ".join(w for w, _ in body)
    for line in account.items:
        assert line in told, line  # whole (its rows in order)
    for seat in range(4):
        assert any(w.startswith(f"Player {seat + 1}: beat") for w, _ in body), seat
