"""The Field stays under the player's hand (fourth newcomer audit, four people at
1920x1080 and one at 1280x720): it slid a row as Characters were chosen, and the next
click moved the group to the Location that slid under the pointer; it scrolled as a
card dragged in from a panel crossed its edge, and the card went to the Character
beside the one meant; it slid a column as the AI seats answered a card played in the
person's own Equip phase (s27 newcomer audit). Driven headless with posted mouse
events."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table.input import AIM_SETTLE, EDGE, EDGE_DWELL  # noqa: E402
from game.ui.table.model import Board  # noqa: E402
from game.ui.table.words import cost_words  # noqa: E402
from conftest import keys_for_tests  # noqa: E402
from test_ui_table import FOUR, STANDARD, click, laid, mouse, session, table, until  # noqa: E402


def normal_app(tmp_path, size=(1920, 1080), speed: str = "normal") -> App:
    """Animations at their ordinary speed: the view glides as a player sees it."""
    app = App(size, Settings(anim_speed=speed), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    return app


def settle(app: App, seconds: float = 2.0) -> None:
    for _ in range(round(seconds / 0.05)):
        app.step([], 0.05)


def at_haven(s) -> bool:
    """The Move phase, three or more of the player's Characters free to move together."""
    if s.view().phase != "move" or not s.human_to_act():
        return False
    cells = [a.cell for a in s.legal() if isinstance(a, A.Move)]
    return len({a.chars for a in s.legal() if isinstance(a, A.Move)}) >= 7 and len(cells) > 3


def press(app: App, pos) -> None:
    """A click with no motion first: the pointer rested there."""
    app.step([mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)], 0.016)


def test_choosing_characters_leaves_the_field_where_it_is(tmp_path):
    """Kaede clicked, then Daigo: a second later the Field slid a row (the group's
    reach glided into view), and the click aimed at Mio hit a Location and moved the
    group there, for good. While some of the group's reach shows, choosing moves
    nothing; the third click takes Mio along."""
    s = laid(FOUR, 4)
    until(s, at_haven)
    app = normal_app(tmp_path, (1280, 720))  # (at 1280x720 it slid at the first click)
    t = table(app, s)
    settle(app)
    b, cam = t.board, t.camera
    cell = max({b.units[u].pos for u in b.movable},
               key=lambda c: sum(b.units[u].pos == c for u in b.movable))
    units = sorted(u for u in b.movable if b.units[u].pos == cell)[:3]
    assert len(units) == 3
    reach = b.reachable({units[0]})
    # The player has scrolled the Haven near an edge of the view, some of where the
    # first may go beyond it.
    x0, y0, x1, y1 = cam.bounds
    for spot in ((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)):
        t.aim(focus=f"{spot[0]},{spot[1]}")
        shown = [c for c in reach if t._rect_of(("cell", c))]
        if t._rect_of(("cell", cell)) and 0 < len(shown) < len(reach):
            break
    assert 0 < len(shown) < len(reach)
    settle(app)
    before, sent = cam.centre, len(s.record.actions)
    for u in units:
        click(app, t.unit_rects[u].center)
        settle(app, 1.0)
        assert cam.centre == before and cam.goal is None
    assert t.selection == set(units) and len(s.record.actions) == sent


def test_a_group_whose_reach_is_all_out_of_sight_brings_it_into_view(tmp_path):
    """Zoomed in on one cell, nothing a Character chosen may reach shows: then, and only
    then, the view goes to where it may go."""
    s = laid(FOUR, 4)
    until(s, at_haven)
    app = normal_app(tmp_path, (1280, 720), "instant")
    t = table(app, s)
    unit = min(t.board.movable)
    cell = t.board.units[unit].pos
    t.aim(zoom=100.0, focus=f"{cell[0]},{cell[1]}")
    reach = t.board.reachable({unit})
    assert not any(t._rect_of(("cell", c)) for c in reach)
    click(app, t.unit_rects[unit].center)
    app.step([], 0.016)
    assert t.selection == {unit} and any(t._rect_of(("cell", c)) for c in reach)


@pytest.mark.parametrize("when", ["gliding", "just after", "still a moment"])
def test_a_click_as_the_view_glides_acts_on_what_the_player_aimed_at(tmp_path, when):
    """The game moves the view by itself (a new decision glided into view): a click
    made while it moved, or just after, with the pointer resting where it was, acts
    on what lay under the pointer when the player aimed, not on the cell that slid
    there (a Move cannot be taken back). Once the view has stood still a moment, the
    click acts on what is under the pointer now."""
    s = laid(FOUR, 4)
    until(s, at_haven)
    app = normal_app(tmp_path, (1280, 720))
    t = table(app, s)
    settle(app)
    b, cam = t.board, t.camera
    unit = min(b.movable)
    reach = b.reachable({unit})
    click(app, t.unit_rects[unit].center)
    # The pointer rests on a cell the Character may go to; the view glides a cell or
    # two (as `bring_into_view` moves it), another such cell sliding under the pointer,
    # the one aimed at still in sight.
    x0, y0, x1, y1 = cam.bounds
    shifts = sorted(((x, y) for x in range(-2, 3) for y in range(-2, 3)),
                    key=lambda d: abs(d[0]) + abs(d[1]))[1:]

    def glide():
        for look in ((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)):
            t.aim(focus=f"{look[0]},{look[1]}")
            for aimed in sorted(c for c in reach if t.seen().contains(t.lay.cells[c])):
                spot = t.lay.cells[aimed].center
                for dx, dy in shifts:
                    goal = cam._rest((cam.centre[0] + dx, cam.centre[1] + dy))
                    shift = (goal[0] - cam.centre[0], goal[1] - cam.centre[1])
                    slid = (aimed[0] + round(shift[0]), aimed[1] + round(shift[1]))
                    there = (spot[0] - shift[0] * cam.pitch[0],
                             spot[1] - shift[1] * cam.pitch[1])
                    if slid != aimed and slid in reach and t.seen().collidepoint(there):
                        return spot, aimed, slid, goal
        raise AssertionError("no glide brings another reachable cell under the pointer")
    spot, aimed, slid, goal = glide()
    assert t.selection == {unit}
    app.step([mouse(pygame.MOUSEMOTION, spot, 0)], 0.016)
    assert t.hit(spot) == ("cell", aimed)
    cam.goal, sent = goal, len(s.record.actions)
    app.step([], 0.05)
    if when != "gliding":
        while cam.goal is not None:
            app.step([], 0.05)
        assert t.hit(spot) == ("cell", slid)
    if when == "still a moment":
        settle(app, AIM_SETTLE + 0.1)
    press(app, spot)
    assert s.record.actions[sent] == A.Move((unit,), slid if when == "still a moment" else aimed)


def aims(s) -> list:
    """The cards of the hand and the Characters each may be dragged onto, played at the
    drop: those whose play pays nothing (what pays is asked first, test_ui_cost.py)."""
    b = Board(s.view(), s.legal(), s.game.db)
    return [(card, key, a) for card in b.hand
            for key, a in b.drop_targets(("card", card), set()).items()
            if key[0] == "unit" and cost_words(a, b.card) is None]


def aimed(s):
    """The first of them, if any."""
    return next(iter(aims(s)), None)


EQUIP_CARDS = """\
- {id: reiji, name: Reiji, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 2}}
- {id: charm, name: Lucky Charm, type: enhancement, bonuses: {defense: "+1"}}
"""


def equip(tmp_path):
    """A table at 1280x720 where a card of the hand may be dragged onto a Character:
    the Equip phase, an Enhancement in the hand, Reiji in the Haven amid a Field taller
    and wider than the view, which may scroll any way from him (a scene: seeded games
    reach such a moment only by luck)."""
    sc = wide_field()
    sc.char("reiji", (2, 0))
    sc.hand(0, "charm")
    s, app, t = equip_table(tmp_path, sc)
    return s, app, t, *aimed(s)


def wide_field():
    """A scene of EQUIP_CARDS: a Field taller and wider than the view at 1280x720, seat
    0's Haven at (2, 0), from which it may scroll any way."""
    from scene import Scene
    sc = Scene(EQUIP_CARDS)
    for x in range(6):
        for y in range(-5, 6):
            if (x, y) != (2, 0):
                sc.location((x, y))
    sc.haven((2, 0))
    return sc


def equip_table(tmp_path, sc):
    """The scene `sc` in seat 0's Equip phase, a person's table at 1280x720."""
    from game.ui.faces import FaceCache
    from game.engine.state import EQUIP
    from test_ui_table import scene_session
    sc.turn(EQUIP)
    s = scene_session(sc, ["human"])
    app = normal_app(tmp_path, (1280, 720))
    app.db, app.faces = sc.db, FaceCache(sc.db)
    return s, app, table(app, s)


def test_a_card_dragged_in_from_a_panel_is_let_go_on_what_is_under_the_pointer(tmp_path):
    """Equipment dragged from the hand onto a Character at hand speed: crossing the
    Field's edge scrolled it under the card (about 60 px), and it went to the Haven or
    the Character beside the one meant. The Field scrolls only for a card held at its
    edge a moment, and the drop is the target under the pointer, as the hint said."""
    s, app, t, card, key, action = equip(tmp_path)
    t.aim(focus="{},{}".format(*t.board.units[key[1]].pos))
    settle(app)
    cam, seen = t.camera, t.seen()
    start, end = t.hand_rects[card].center, t.unit_rects[key[1]].center
    assert cam.bounds[3] - cam.bounds[1] + 1 > seen.h // cam.pitch[1], "the Field scrolls"
    before, sent = cam.centre, len(s.record.actions)
    # Up from the hand across the Field's lower edge, at a frame of 50 ms (the audit's
    # window under Xvfb) with the pointer in the edge's band for three frames.
    path = [(start[0], start[1] - 20), (end[0], seen.bottom + 4)]
    path += [(end[0], seen.bottom - n) for n in (4, 10, 18)] + [end]
    app.step([mouse(pygame.MOUSEMOTION, start, 0), mouse(pygame.MOUSEBUTTONDOWN, start)],
             0.05)
    for pos in path:
        app.step([mouse(pygame.MOUSEMOTION, pos)], 0.05)
    assert t.drag is not None and cam.centre == before
    assert t.drop_target(end, t.drag[3]) == key
    app.step([mouse(pygame.MOUSEBUTTONUP, end)], 0.05)
    assert s.record.actions[sent] == action


def test_a_character_at_the_fields_edge_held_over_stays_under_the_card(tmp_path):
    """A tile at the Field's edge has its tokens in the edge's band: a card held over
    one of them while the player reads the hint ("Let go here to play ... on Reiji")
    scrolled it away, and was let go on what slid there. Over a Character it may be
    let go on, the Field holds still however long the card rests."""
    s, app, t, *_ = equip(tmp_path)
    cam, edge = t.camera, t.px(EDGE)
    x0, y0, x1, y1 = cam.bounds
    # A Character some view shows at the lower edge (one on the Field's top row never is).
    for (card, key, action), look in ((aim, (x, y)) for aim in aims(s)
                                      for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)):
        t.aim(focus=f"{look[0]},{look[1]}")
        seen, token = t.seen(), t.unit_rects.get(key[1])
        band = pygame.Rect(seen.x, seen.bottom - edge, seen.w, edge)
        if token is not None and seen.contains(token) and token.colliderect(band):
            break
    else:
        raise AssertionError("no view has a Character's token at the lower edge")
    settle(app)
    spot = token.clip(band).center
    before, sent = cam.centre, len(s.record.actions)
    start = t.hand_rects[card].center
    app.step([mouse(pygame.MOUSEMOTION, start, 0), mouse(pygame.MOUSEBUTTONDOWN, start),
              mouse(pygame.MOUSEMOTION, (start[0], start[1] - 20)),
              mouse(pygame.MOUSEMOTION, spot)], 0.05)
    for _ in range(round(3 * EDGE_DWELL / 0.05)):
        app.step([], 0.05)
    assert t.drag is not None and cam.centre == before
    assert "Let go here" in t.hint()
    app.step([mouse(pygame.MOUSEBUTTONUP, spot)], 0.05)
    assert s.record.actions[sent] == action



@pytest.mark.parametrize("seed", [10, 11])
def test_the_field_stays_still_through_the_persons_own_equip_phase(tmp_path, seed):
    """Three seats, one person, a Field wider than the view: at the end of their Discard
    phase the view slid a column (to the first of the Equip phase's cells, more than
    it shows), and again after a card they played (the AI seats answered it: framed
    anew while they chose, or a new stretch after); a drag aimed at the Haven on the
    frame before fell on another cell. Later in the person's own Turn the view stays
    while some of what the decision is about shows, until the person moves it."""
    s = session(STANDARD, ["human", "ai:random", "ai:random"], seed=seed)
    until(s, lambda s: s.view().phase == "discard" and s.view().turn_seat == s.viewer
          and s.view().rounds > 0)
    app = normal_app(tmp_path, (1280, 720))
    t = table(app, s)
    settle(app)
    cam = t.camera
    assert cam.bounds[2] - cam.bounds[0] + 1 > t.seen().w // cam.pitch[0], "the Field scrolls"
    still, answers, play = cam.key(), 0, A.EndPhase()
    while play is not None:
        sent = len(s.record.actions)
        assert t.send(play)
        for _ in range(60):  # three seconds: the AI seats answer, the table plays it out
            app.step([], 0.05)
            assert cam.key() == still, (play, s.record.actions[sent:])
        answers += len(s.record.actions) - sent - 1
        play = next((a for a in s.legal() if isinstance(a, A.PlayCard)), None) \
            if s.view().phase == "equip" and s.human_to_act() else None
    assert answers, "the AI seats answered a card the person played"



def starts_a_combat(s) -> bool:
    """The person's own Turn, a Combat of theirs to start: a Disaster's or a challenge."""
    v = s.view()
    return v.turn_seat == s.viewer and v.combat is None and v.duel is None and any(
        isinstance(a, (A.Fight, A.Challenge)) for a in s.legal())


def fight_it_out(app: App, s, t, kind, framed=None) -> None:
    """The person starts a Combat of `kind`, attacks with all they may (the AI seats
    answer) until its panel has gone and the view rests; `framed(t)` once the fight's
    cell is framed above the panel."""
    assert t.send(next(a for a in s.legal() if isinstance(a, kind)))
    for _ in range(400):
        app.step([], 0.05)
        v = s.view()
        if framed is not None and t.combat_cover is not None and t.camera.goal is None:
            framed, _ = None, framed(t)
        if v.combat is None and v.duel is None:
            if not t.animator.busy and t.combat_cover is None and t.camera.goal is None:
                return
        elif s.human_to_act() and not t.animator.busy and not t.fight_behind():
            attack = [a for a in s.legal() if isinstance(a, (A.Declare, A.Engage))
                      and a.role == "attack"]
            assert t.send((attack or [a for a in s.legal()
                                      if not isinstance(a, (A.RunAway, A.RunTo))])[0])
    pytest.fail("the Combat did not end")


@pytest.mark.parametrize("seed, kind", [(1, A.Fight), (29, A.Fight), (5, A.Challenge)])
def test_the_field_goes_back_where_it_was_after_the_persons_own_combat(tmp_path, seed,
                                                                         kind):
    """Three seats, one person, a Field larger than the view, the person's own Move
    phase: they start a Combat (a Disaster's, or a challenge to another seat's group).
    Its panel came over the Field's lower part and the fight's cell was framed above
    it; once it was over the Field stayed a row (and a column) off, then jumped back
    at the person's next click (a verifying helper's finding). The view goes back to
    where it was before the fight was framed, and stays there at the next click."""
    s = session(STANDARD, ["human", "ai:random", "ai:random"], seed=seed)
    until(s, starts_a_combat)
    app = normal_app(tmp_path, (1280, 720))
    t = table(app, s)
    settle(app)
    cam = t.camera
    before, framed = cam.key(), []
    fight_it_out(app, s, t, kind, lambda t: framed.append(cam.key()))
    assert framed and framed[0] != before, "the fight's cell was brought above its panel"
    assert cam.key() == before, "back where the person looked before the Combat"
    play = next(a for a in s.legal() if not isinstance(a, A.EndPhase))
    assert t.send(play)
    for _ in range(60):
        app.step([], 0.05)
        assert cam.key() == before, play


def test_a_view_the_person_zoomed_during_their_combat_stays_zoomed(tmp_path):
    """Zoomed in while the duel's panel showed, the view stays as the person put it
    when the panel goes (neither put back where it was before, nor zoomed out to the
    Move phase's cells while some of them show)."""
    s = session(STANDARD, ["human", "ai:random", "ai:random"], seed=5)
    until(s, starts_a_combat)
    app = normal_app(tmp_path, (1280, 720))
    t = table(app, s)
    settle(app)
    rung = t.camera.rung
    fight_it_out(app, s, t, A.Challenge, lambda t: t.camera.zoom(1, t.seen().center))
    assert t.camera.rung == rung + 1


def shown_cells(t) -> set:
    """The cells wholly in sight now."""
    return {c for c in t.cells if t.seen().contains(t.camera.rect(c))}


@pytest.mark.parametrize("seed, kind", [(1, A.Fight), (29, A.Fight), (5, A.Challenge)])
def test_a_view_the_person_panned_during_their_combat_stays_panned(tmp_path, seed, kind):
    """Dragged along while the Combat's panel showed, the Field stays where the person
    put it when the panel goes and at their next click (a verifying helper's finding:
    the decision's cells were brought back, judged against the view the panel had
    left, which showed none of them). What showed after their pan still shows, and a
    pan across stays across to the cell (the panel going changes only the height)."""
    s = session(STANDARD, ["human", "ai:random", "ai:random"], seed=seed)
    until(s, starts_a_combat)
    app = normal_app(tmp_path, (1280, 720))
    t = table(app, s)
    settle(app)
    cam, panned = t.camera, []

    def pan(t) -> None:
        start, was = t.seen().center, shown_cells(t)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            end = (start[0] + dx * cam.pitch[0], start[1] + dy * cam.pitch[1])
            moves = cam.hand_moves
            app.step([mouse(pygame.MOUSEMOTION, start, 0),
                      mouse(pygame.MOUSEBUTTONDOWN, start),
                      mouse(pygame.MOUSEMOTION, end)], 0.016)
            app.step([mouse(pygame.MOUSEBUTTONUP, end)], 0.016)
            settle(app, 0.5)  # (one that hid the fight's cell is undone: it is framed)
            if cam.hand_moves != moves and shown_cells(t) != was:
                break
        panned.append((dx, cam.centre[0], shown_cells(t), was))
    fight_it_out(app, s, t, kind, pan)
    across, x, shown, was = panned[0]
    assert shown != was, "the person panned the Field while the panel showed"
    assert shown <= shown_cells(t), "what the person panned to shows once the panel goes"
    assert not across or cam.centre[0] == x
    after = cam.key()
    assert t.send(next(a for a in s.legal() if not isinstance(a, A.EndPhase)))
    for _ in range(60):
        app.step([], 0.05)
        assert cam.key() == after
