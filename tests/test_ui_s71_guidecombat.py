"""s71: small-window and Combat readability. The guided game's Field lay over the combat
panel's title at 960x540; a click the lesson did not ask for, doing nothing, was met
with silence; the duel panel's foot said "None of yours attacks this round" under the
Attack buttons it offered; a Character's "Movement 1 (printed 2)" broke inside its
"(printed 2)" in the inspector at 960x540."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import test_ui_table  # noqa: E402
from shots import shot, table_shot  # noqa: E402
from test_ui_combat_panel import duel_panel, painted, titled_duel  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402
from game.engine import actions as A  # noqa: E402
from game.ui.table import panels  # noqa: E402
from game.ui.table.panels.rects import TITLE  # noqa: E402
from game.ui.table.words import NO_ATTACK, NO_ATTACK_YET  # noqa: E402

DEMO = Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml"
make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def guided_combat(app, size, leave: bool = False):
    """The guided game at `size`, played by its script to its first Combat's panel
    (the guided seat asked to Run Away); `leave`: the lesson left first (no guide)."""
    app.resize(size)
    app.start_guide()
    s = app.session
    script = s.guide.script.actions
    if leave:
        app.leave_lesson()
    for _ in range(4000):
        t = app.top
        c = t.board.view.combat
        if c is not None and c.stage != "run" and t.combat_cover is not None \
                and s.human_to_act() and not t.animator.busy:
            return t
        if s.human_to_act() and s.handoff() is None and not t.animator.busy \
                and len(s.record.actions) == t.acted:
            t.send(script[s.state.actions])
        app.step([], 1 / 60)
    raise AssertionError("no Combat came")


@pytest.mark.parametrize("guided", [True, False])
@pytest.mark.parametrize("size", SIZES)
def test_the_combat_panel_s_title_is_clear_of_the_field(quiet_app, size, guided):
    """At 960x540 the guide's words and the combat panel left 101 px of the Field, and
    the smallest readable row of cells (135 px) was laid over the panel's title. A row
    under the panel is made small enough for that strip: nothing of the Field is drawn
    over the title, at every size, with the guide and without."""
    t = guided_combat(quiet_app, size, leave=not guided)
    quiet_app.step([], 1 / 60)
    shot(quiet_app, f"guide_combat_{size[0]}_{'guided' if guided else 'free'}")
    panel = panels.combat_rect(t.painter([]))
    title = pygame.Rect(panel.x, panel.y, panel.w, t.px(10) + t.px(TITLE))
    assert t.seen().bottom <= panel.top, (t.seen(), panel)
    assert not [r for r in t.lay.cells.values() if t.seen().colliderect(r) and
                r.colliderect(title)]
    assert t.board.view.combat.cell in t.lay.cells and \
        t.seen().contains(t.lay.cells[t.board.view.combat.cell])  # the fight still shows


def test_a_click_the_lesson_did_not_ask_for_is_told_what_it_waits_for(quiet_app):
    """The guide asked to Run Away; a click on another Place, or on a bare part of the
    Field, did nothing and said nothing. It says, in one line of the table's message,
    what the lesson waits for; the click it asks for is not told so."""
    t = guided_combat(quiet_app, (960, 540))
    fight = t.board.view.combat.cell
    other = next(c for c, r in t.lay.cells.items()
                 if c != fight and c in t.board.places and t.seen().contains(r))
    for spot in (t.lay.cells[other].center, (t.seen().centerx, t.seen().top + 2)):
        t.message = ("", 0.0)
        click(quiet_app, spot)
        assert t.message[0] == "The lesson waits: click the glowing Run Away.", t.message
        assert t.noted  # news, not a refusal in red
    shot(quiet_app, "guide_wrong_click_960")
    run = next(r for r, k in t.hits if k == ("act", A.RunAway()))
    t.message = ("", 0.0)
    click(quiet_app, run.center)
    assert "lesson waits" not in t.message[0]
    assert t.session.record.actions[-1] == A.RunAway()


def test_the_lesson_s_line_for_a_wrong_click_says_where_to_click(card_db):
    """At every scripted decision of the guided seat the line names what to click or
    press, shortly (one or two lines of the message), never the why alone."""
    from game.engine import apply
    from game.match import load_game
    from game.ui.guide import POINTS, SEED, Guide, find_script
    game = load_game(DEMO, 2)
    guide = Guide(find_script(game))
    st = game.new_state(SEED)
    lines = set()
    for a in guide.script.actions:
        words = guide.wanted(st)
        assert (words is None) == (guide.scripted(st) is None)
        if words:
            lines.add(words)
        apply(st, a)
    assert guide.wanted(st) is None  # the lesson over: it waits for nothing
    assert lines and all(any(k in w for k in POINTS) and len(w) <= 140 for w in lines), lines
    assert "The lesson waits: drag your Haven onto the glowing cell." in lines


def _duel_said(make_app, monkeypatch, sc, size=(1280, 720), shot_name: str = ""):
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:easy"]))
    if shot_name:
        table_shot(t, shot_name)
    return t, painted(monkeypatch, t, duel_panel(t))[0]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
@pytest.mark.parametrize("case", ["fresh", "haven alone", "final attack"])
def test_the_duel_panel_s_foot_tells_no_attack_yet_from_none_this_round(
        make_app, monkeypatch, case, size):
    """Combat Between Players: the foot said "None of yours attacks this round" under
    the Attack buttons it offered (nothing planned yet; a Haven fighting alone, whose
    buttons send at once; the final attack on a side that Ran Away). While one of the
    viewer's may still be set to attack, it says none does yet; once every one has a
    choice and none attacks, none does this round; a planned attack, its forecast."""
    from test_rules_duel import duel_scene, fort
    if case == "haven alone":
        sc, _, _ = duel_scene((), ("hero",))
        fort(sc, (-1, 1), 0)
        sc.do(A.Challenge(1, (0, 0)))
        mine, foes = [], []
    else:
        sc, mine, foes = titled_duel()
        if case == "final attack":
            sc.do(A.Engage(mine[0], "none"), A.RunAway())
            mine = mine[1:]
    t, said = _duel_said(make_app, monkeypatch, sc, size, f"duel_foot_{case}_{size[0]}")
    assert NO_ATTACK_YET in said and NO_ATTACK not in said, said
    if not mine:
        return
    for m in mine:
        t.plan[m] = ("none", -1)
    monkeypatch.undo()
    said = painted(monkeypatch, t, duel_panel(t))[0]
    assert NO_ATTACK in said and NO_ATTACK_YET not in said, said
    t.plan[mine[0]] = ("attack", foes[0])
    monkeypatch.undo()
    said = painted(monkeypatch, t, duel_panel(t))[0]
    assert NO_ATTACK not in said and NO_ATTACK_YET not in said, said
    t.app.quit()


@pytest.mark.parametrize("damage", [0, 2])
@pytest.mark.parametrize("size, said", [((960, 540), "Move 2 (printed 1)"),
                                        ((1280, 720), "Movement 2 (printed 1)")])
def test_basic_terms_abilities_a_raised_movement_keeps_its_printed_number_on_its_row(
        make_app, monkeypatch, size, said, damage):
    """Abilities: a total changed from the card's is said "Movement 2 (printed 1)". Under
    the combat panel's Disaster at 960x540 it is wider than the card even in the least
    type, and went onto two rows, "(printed 1)" under "Movement 2" (s70 left it). There
    it is said by the shorter name, "Move 2 (printed 1)", on one row; where it fits,
    whole."""
    import test_ui_s69_small
    from test_window_s42w import written
    monkeypatch.setattr(test_ui_s69_small, "FORT", test_ui_s69_small.FORT.replace(
        'modify: {attack: "+1", defense: "+1"}', 'modify: {movement: "+1"}'))
    t = test_ui_s69_small.raised_disaster_fight(make_app, size, 2, damage)
    table_shot(t, f"movement_{size[0]}_{damage}")
    words, _ = written(t, monkeypatch, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, t.notes, t.name, {}))
    lines = [w for w, _ in words]
    assert said in lines and not [w for w in lines if w.startswith("(printed")], lines
    t.app.quit()
