"""What a newcomer found at the window in a four-player hot-seat game at 1280x720
(helper s33w2, headless scenes): the view, the inspector and the words of the table."""
from __future__ import annotations

import re

import pygame
import pytest

from game.engine import actions as A
from game.engine.state import DISCARD, MOVE

import test_ui_table
from test_ui_combat_panel import GEARED
from test_ui_table import click, key, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def inspector_words(monkeypatch) -> list[str]:
    """Every line the inspector writes (panels' ink.fit), as it is drawn."""
    from game.ui.table import ink
    drawn = []
    real = ink.fit
    monkeypatch.setattr(ink, "fit", lambda words, *a, **k: (
        drawn.append(words), real(words, *a, **k))[1])
    return drawn


def fought(tmp_path, sc, disaster: int):
    """Four people's table at 1280x720 over the scene, settled, once seat 0's Fight
    with `disaster` is sent and half a second played: the table."""
    from test_ui_camera_hand import normal_app
    from game.ui.faces import FaceCache
    s = scene_session(sc, ["human"] * 4)
    app = normal_app(tmp_path, (1280, 720))
    app.db, app.faces = sc.db, FaceCache(sc.db)
    t = table(app, s)
    settle(t, 1.0)
    assert t.send(A.Fight(disaster))
    settle(t, 0.5)
    return t


def wide_field(cards: str, seats: int = 4):
    """Four seats' Havens at the corners of a 7 x 5 Field of Plains (larger than the
    view at 1280x720), in seat 0's Move phase: the scene."""
    from scene import Scene
    sc = Scene(cards, seats=seats)
    corners = ((-3, -2), (3, -2), (-3, 2), (3, 2))
    for seat, cell in enumerate(corners[:seats]):
        sc.haven(cell, seat=seat)
    for x in range(-3, 4):
        for y in range(-2, 3):
            if (x, y) not in corners:
                sc.location((x, y))
    return sc


def opened(make_app, sc, size, seats: int = 4):
    """A hot-seat window on the scene, every seat a person's."""
    s = scene_session(sc, ["human"] * seats)
    t = table(scene_app(make_app, sc, size), s)
    if s.handoff() is not None:  # the curtain between seats: the seat takes it
        key(t.app, pygame.K_SPACE)
    return s, t


def settle(t, seconds: float = 3.0) -> None:
    for _ in range(int(seconds / 0.05)):
        t.app.step([], 0.05)


@pytest.mark.parametrize("size", [(1280, 720)])
@pytest.mark.parametrize("look", [(2.5, 1.5), (-2.5, -1.5)])
def test_basic_terms_running_away_brings_every_cell_to_run_to_into_view(make_app, size, look):
    """Basic Terms, Run Away: "Move any remaining Characters 1 Location": the player
    picks where. The view had been scrolled to put the fight at its edge: once the
    final attack was over it went back there, most of the cells to run to off screen
    and named only by the list (s33w2). The run's cells now come into view."""
    sc = wide_field(GEARED)
    sc.char("valen", (0, 0))
    brute = sc.disaster("brute", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    s, t = opened(make_app, sc, size)
    t.camera.look_at(look)
    settle(t, 1.0)
    assert t.send(A.Fight(brute))
    settle(t)
    assert t.send(A.RunAway())
    settle(t)
    runs = [a.cell for a in s.legal() if isinstance(a, A.RunTo)]
    assert len(runs) > 1 and s.view().combat.stage == "run", s.legal()
    seen = t.seen()
    assert all(seen.contains(t.lay.cells[c]) for c in runs if c in t.lay.cells), \
        [c for c in runs if not seen.contains(t.lay.cells.get(c, seen.move(9999, 0)))]


@pytest.mark.parametrize("far, to", [((3, 1), (1, 0)), ((3, 0), (0, 1)), ((3, 1), (2, 0))])
def test_rules_for_movement_a_refused_location_is_let_go_once_the_group_moves(make_app, far,
                                                                               to):
    """Rules for Movement: a group moves to a Location in reach. Reiji chosen, a click
    on a Plain out of reach was refused (the bar said why) and the inspector showed
    that Plain; he then moved to another, and the inspector went on showing the far
    one ("Here: nobody") beside his token, read as where he stood (s33w2). The group
    moved, the inspector lets go of the place it was shown instead."""
    from scene import Scene
    from test_ui_combat_panel import TITLED
    sc = Scene(TITLED)
    sc.haven((0, 0))
    for cell in ((1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1)):
        sc.location(cell)
    reiji = sc.char("valen", (0, 0))
    sc.turn(MOVE)
    s, t = opened(make_app, sc, (1280, 720), seats=1)
    click(t.app, t.unit_rects[reiji].center)
    click(t.app, t.lay.cells[far].center)
    assert t.selection == {reiji} and "out of reach" in t.hint(), t.hint()
    click(t.app, t.lay.cells[to].center)
    t.app.step([], 0.016)
    assert s.record.actions[-1] == A.Move((reiji,), to)
    assert t.inspect != far, t.inspect


TINKER = """\
- {id: tinker, name: Tinker, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 3},
   effects: [{"on": use, cost: {discard: 1}, do: [{search: {type: equipment}}]}]}
- {id: wrench, name: Wrench, type: equipment}
"""


@pytest.mark.parametrize("phase", ["equip", "scavenge"])
def test_abilities_the_gold_outline_of_a_character_with_an_ability_is_explained(
        make_app, monkeypatch, phase):
    """Abilities: a Character's special ability is used in its owner's Turn. Tinker,
    whose ability could be used, had a gold outline that nothing explained: not the
    bar, not the pointer's text, not the inspector (s33w2, four players at 1280x720).
    Under "Nothing selected" the inspector now says what the gold outline means while
    one shows, and the pointer's text over her says it first; not over Reiji, who has
    none."""
    from test_ui_combat_panel import TITLED
    sc = wide_field(TITLED + TINKER)
    tinker = sc.char("tinker", (1, 0))
    reiji = sc.char("valen", (1, 0))
    sc.hand(0, "wrench")
    sc.turn(phase)
    assert A.UseCard(tinker, 0) in sc.legal()
    drawn = inspector_words(monkeypatch)
    s, t = opened(make_app, sc, (1280, 720))
    t.camera.look_at((1, 0))  # the words come while her outline is in view (s38w)
    t.app.step([], 0.016)
    assert t.inspect is None
    told = " ".join(drawn)
    assert "Gold outline: a click on it acts" in told, drawn
    assert t._facts(tinker)[1].startswith("Gold outline"), t._facts(tinker)
    assert not any("Gold outline" in f for f in t._facts(reiji)), t._facts(reiji)


def test_the_gold_outline_words_hold_for_a_disaster_to_fight_too(make_app, monkeypatch):
    """Rules for Movement: a group at a Disaster's Location may Fight it. The Brute is
    outlined in gold as Tinker is (a click on it acts), and the inspector's words said
    "Gold outline: a Character whose ability may be used now" (a review): they say what
    every gold outline means, and the pointer over the Brute says what its click does."""
    from test_ui_combat_panel import TITLED
    sc = wide_field(TITLED + """\
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 1}}
""")
    reiji = sc.char("valen", (1, 0))
    brute = sc.disaster("brute", (1, 0))
    sc.turn(MOVE)
    sc.unit(reiji).moved = 2
    assert A.Fight(brute) in sc.legal()
    drawn = inspector_words(monkeypatch)
    s, t = opened(make_app, sc, (1280, 720))
    t.app.step([], 0.016)
    assert ("unit", brute) in t.board.click and not t.board.abled()
    told = " ".join(drawn)
    assert "Gold outline: a click on it acts" in told and "ability" not in told, drawn
    assert any(f.startswith("Fight Brute") for f in t._facts(brute)), t._facts(brute)


def test_no_gold_words_where_nothing_is_gold_discard_phase(make_app, monkeypatch):
    """Discard Phase, guideline 2.3: a Character in its owner's Haven may be Discarded,
    and is Killed: a click offers it, never suggested by an outline (Board.unlit). The
    inspector said "Gold outline: a click on it acts now" there, with nothing gold on
    the Field (a review)."""
    from test_ui_combat_panel import TITLED
    sc = wide_field(TITLED)
    reiji = sc.char("valen", (-3, -2))
    sc.turn(DISCARD)
    drawn = inspector_words(monkeypatch)
    s, t = opened(make_app, sc, (1280, 720))
    t.app.step([], 0.016)
    assert ("unit", reiji) in t.board.click and ("unit", reiji) in t.board.unlit
    assert not t.board.gilded() and not any("Gold outline" in w for w in drawn), drawn


@pytest.mark.parametrize("chars", [("valen", "pawlina", "akiko", "valen", "pawlina"), ("valen",)])
def test_the_list_of_every_action_says_what_it_is_for_and_why_so_many(make_app, chars):
    """List of Actions: a group may Move to any Location in reach, and each group and
    each cell is a row of the list. "All 516 actions (A)" frightened a newcomer in the
    Move phase (s33w2): so many things to do? The button now offers the list ("List
    all actions": "List all 324 actions" still puzzled one, s64), and its tooltip says
    what it is for and how many rows are moves."""
    from test_ui_combat_panel import TITLED
    sc = wide_field(TITLED)
    for c in chars:
        sc.char(c, (-3, -2))
    sc.turn(MOVE)
    s, t = opened(make_app, sc, (1280, 720))
    n = len(t.board.legal)
    moves = sum(isinstance(a, A.Move) for a in t.board.legal)
    assert [w[0] for w, k in t.bar_buttons() if k == ("all",)] == ["List actions (A)"]
    r = next(r for r, k in t.hits if k == ("all",))
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, r.center, 0)], 0.016)
    t.app.step([], 1.0)  # its words in a tooltip by it, once rested on (s42n)
    said = t.bar_tip()
    assert f"{moves} of the {n} rows are moves" in said and "where to click" in said, said
    # Not "one row each" nor "each group" (copies share a row; every choice of
    # Characters moving together has one, a review).
    assert "moving together" in said and "one row each" not in said, said


@pytest.mark.parametrize("at", [(-2, -1), (2, 1)])
def test_charm_combat_the_contest_s_numbers_rise_over_those_it_concerns(tmp_path, monkeypatch,
                                                                         at):
    """Charm Combat: each Character's Charm is matched against the Disaster's. The
    contest's "Charm 9 vs 2: charmed" rose from the middle of the view, over Plains
    nobody stood on, Daigo and the Siren a cell or two aside (s33w2, 1280x720). It
    rises over the Character whose Charm was matched, at their cell."""
    from test_ui_window_s33w import SIREN
    from game.ui.table.anims import Animator
    sc = wide_field(SIREN)
    daigo = sc.char("daigo", at)
    siren = sc.disaster("siren", at)
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    risen = []
    real = Animator._float
    monkeypatch.setattr(Animator, "_float", lambda self, g, words, colour, size, spot, *a, **k: (
        risen.append((words, spot)), real(self, g, words, colour, size, spot, *a, **k))[1])
    t = fought(tmp_path, sc, siren)
    # "Sea (9) Charms Daigo (2)": each side's Charm by its name (s70)
    charm = [spot for words, spot in risen if re.fullmatch(r".+ \(\d+\) .+ \(\d+\)", words)]
    assert charm and all(spot[0] == at for spot in charm), risen
    assert t.seen().colliderect(t.unit_rects[daigo])


@pytest.mark.parametrize("home", [True, False])
def test_rules_for_havens_a_click_on_the_haven_where_the_group_stands_shows_it(make_app, home):
    """Rules for Havens: a Character in its Haven may take up the cards it stores. Reiji
    chosen in his Haven, a click on the Haven's tile to see its stored cards was read
    as a move there: "Commander Reiji Valen already stands at Home." in red, while the
    inspector showed the Haven's cards (s33w2). A click on the place where the chosen
    group stands shows it, and is no refused move (a Location's tile likewise)."""
    from scene import Scene
    from test_ui_combat_panel import TITLED
    from test_ui_window_s32v import GEAR
    sc = Scene(TITLED + GEAR)
    sc.haven((0, 0), stored=["hat", "hat", "cannon"])
    for cell in ((1, 0), (2, 0), (1, 1)):
        sc.location(cell)
    at = (0, 0) if home else (1, 0)
    reiji = sc.char("valen", at)
    sc.char("pawlina", at)
    sc.turn(MOVE)
    s, t = opened(make_app, sc, (1280, 720), seats=1)
    click(t.app, t.unit_rects[reiji].center)
    before = len(s.record.actions)
    cell = t.lay.cells[at]
    click(t.app, (cell.centerx, cell.top + cell.h // 3))  # the tile, not a token
    t.app.step([], 0.016)
    assert t.inspect == at and t.selection == {reiji}
    assert "already stands" not in t.message[0], t.message
    assert len(s.record.actions) == before
