"""A newcomer's four-player game at 1920x1080 against three AI seats (a helper's
playthrough): the arrow keys scroll the Field both ways, and the log scrolled back in
one Turn shows the newest lines again when the person's next Turn begins."""
from __future__ import annotations

import pygame
import pytest

from game.engine.state import MOVE
from game.ui.screenshot import advance

import test_ui_table
from test_ui_table import session, table, until

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

FOUR = "levels/four_players.yaml"
SEATS = ["human", "ai:random", "ai:random", "ai:random"]


def key(app, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""),
              pygame.event.Event(pygame.KEYUP, key=k, mod=0)], 0.016)


def settle(app, frames: int = 20) -> None:
    for _ in range(frames):
        app.step([], 0.05)


def test_each_arrow_key_scrolls_the_field_a_cell_its_way(make_app):
    """README: the arrow keys scroll the Field. A pitch is wider than tall, and the
    sideways step was 0.6 of its height: under half a column, the view glided back
    to where it was, and Left and Right never moved it."""
    app = make_app((1920, 1080))
    s = session(FOUR, SEATS, seed=5)
    until(s, lambda s: s.view().phase == MOVE)
    t = table(app, s)
    settle(app)
    cam = t.camera
    (wide, view_w, _), (tall, view_h, _) = cam._across(cam.rung)
    assert wide > view_w and tall > view_h, "the Field must scroll both ways here"
    moved = {}
    for k, axis, way in [(pygame.K_RIGHT, 0, 1), (pygame.K_LEFT, 0, -1),
                         (pygame.K_LEFT, 0, -1), (pygame.K_RIGHT, 0, 1),
                         (pygame.K_DOWN, 1, 1), (pygame.K_UP, 1, -1),
                         (pygame.K_UP, 1, -1), (pygame.K_DOWN, 1, 1)]:
        before = cam.centre
        edge = cam._clamp(tuple(c + way * 99 * (i == axis) for i, c in enumerate(before)))
        key(app, k)
        settle(app)
        if before[axis] != edge[axis]:  # not already at the Field's edge that way
            assert cam.centre[axis] == before[axis] + way, (pygame.key.name(k), before,
                                                            cam.centre)
            moved[k] = True
    assert set(moved) == {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN}


def wheel(app, pos, y: int) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)], 0.016)


def test_the_log_scrolled_back_shows_the_newest_lines_at_the_next_turn(make_app):
    """One person against three AI seats: a log scrolled back a few lines stayed that
    many lines back for the rest of the game, so what the AI seats just did never
    showed unless the person scrolled down each Turn. Within their own Turn it stays
    where they put it."""
    app = make_app()
    s = session(FOUR, SEATS, seed=5)
    until(s, lambda s: s.view().phase == MOVE)
    t = table(app, s)
    settle(app, 5)
    wheel(app, t.lay.log.center, 6)
    assert t.log_scroll == 6
    key(app, pygame.K_SPACE)  # ends the Move phase: still the person's Turn
    settle(app, 5)
    assert s.view().turn_seat == s.viewer and t.log_scroll == 6
    rounds = s.view().rounds
    until(s, lambda s: s.view().rounds > rounds and s.view().turn_seat == s.viewer)
    settle(app, 5)
    assert t.log_scroll == 0


def test_the_field_never_draws_over_a_combat_panel_kept_from_before(make_app, monkeypatch):
    """The panels keep their picture for a frame while actions apply; one kept with a
    Combat's panel in it once the Combat was over showed the Field, laid out whole
    again, drawn over that panel for as long as the AI seats played on (about 80
    frames of one game here, over a second at the 'instant' speed)."""
    app = make_app((1920, 1080))
    s = session(FOUR, SEATS, seed=5)
    t = table(app, s)
    painted: list = []  # the combat panel's place each time the panels were painted
    real = type(t)._paint_base

    def paint(self):
        real(self)
        painted.append(self.combat_cover)
    monkeypatch.setattr(type(t), "_paint_base", paint)
    over = []
    for n in range(400):
        if s.human_to_act():
            advance(s, 1, seed=n)
        app.step([], 0.016)
        panel = painted[-1] if painted else None
        if panel is not None and t.seen().colliderect(panel):
            over.append((n, t.seen(), panel))
        if len(painted) > 1 and painted[-2] and not painted[-1]:
            # Three Combats' panels come and gone (about 190 frames here): the Field drew
            # over the first one kept, so 400 frames' twenty more only repeated the case.
            gone = [k for k in range(1, len(painted)) if painted[k - 1] and not painted[k]]
            if len(gone) >= 3:
                break
    gone = [k for k in range(1, len(painted)) if painted[k - 1] and not painted[k]]
    assert gone, "a Combat's panel must come and go in these frames"
    assert not over, over[:3]


OFF_CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 2}}
- {id: rally, name: Rally, type: global_effect, bonuses: {attack: "+1"}}
- {id: quiz, name: Pop Quiz, type: disaster, class: minor, endure: {modifiers: {energy: "-1"}}}
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_card_off_field_shows_however_many(make_app, size):
    """Four players' Global Effects and endured Disasters: the Off Field panel drew
    the cards that fit in its row and left out the rest, unsaid (six at once in a
    seeded four-player game, the sixth a Global Effect in play that no panel showed).
    Built as a scene: four Global Effects, one a seat, and three endured Disasters."""
    from scene import Scene
    from game.engine.state import OffField
    from test_ui_table import scene_app, scene_session
    sc = Scene(OFF_CARDS, seats=4)
    heroes = []
    for seat, cell in enumerate([(0, 0), (2, 0), (0, 2), (2, 2)]):
        sc.haven(cell, seat=seat)
        heroes.append(sc.char("hero", cell, seat=seat))
    sc.location((1, 1))
    for seat in range(4):
        sc.st.off_field.append(OffField(sc.card("rally", seat), seat))
    for seat in range(3):
        sc.st.off_field.append(OffField(sc.card("quiz", seat), seat, (heroes[seat],), 2))
    sc.turn(MOVE)
    s = scene_session(sc, SEATS)
    off = [o.card for o in s.view().off_field]
    assert len(off) == 7
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    settle(app, 3)
    panel = t.lay.off_field
    shown = [k[1] for r, k in t.hits if k[0] == "card" and panel.contains(r)]
    assert shown == off


def test_one_card_s_bonus_to_each_character_is_one_log_line(make_app):
    """As a four-player Turn begins a Haven and a leader give each of the seat's
    Characters a bonus: a line each (eight at 1920x1080, of fourteen the log shows)
    pushed out what the AI seats had just done. One card's same bonus to several
    Characters in a row is one line naming them all."""
    app = make_app((1920, 1080))
    s = session(FOUR, SEATS, seed=5)
    until(s, lambda s: s.view().phase == MOVE)
    t = table(app, s)
    settle(app, 3)
    heads = [w.rpartition(" to ")[0] if ": +" in w else None for w, _ in t.log_lines]
    assert all(a is None or a != b for a, b in zip(heads, heads[1:])), t.log_lines
    runs = [w for w, _ in t.log_lines if ": +" in w and w.count(", ") >= 2]
    assert runs, "a Haven's bonus to three Characters or more must be in the log"
