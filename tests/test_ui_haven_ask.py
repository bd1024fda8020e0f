"""A group is sent to another player's Haven with one click, as to any cell (a verifying
helper's finding): the click asks the owner (R36, Rules for Havens: another player
"may not stop there without asking your permission"), the window says so, and at a
yes the group goes on there;
it took a click to ask and, once answered, another to move."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine.state import MOVE

import test_ui_table
from test_ui_combat_panel import TITLED
from test_ui_table import click, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def at_a_neighbour_s_haven(make_app, size=(1280, 720), moved: int = 0,
                           owner: str = "human"):
    """Two people at one screen (or one, `owner` an AI seat): seat 0's two Characters
    in its Move phase next to seat 1's Haven (`moved`: the second has walked so far this Turn, of 2, from
    two cells away, its first step taken)."""
    from scene import Scene
    sc = Scene(TITLED, seats=2)
    for cell in ((0, 0), (0, 1), (2, 0)):
        sc.location(cell)
    sc.haven((-1, 0), seat=0)
    sc.haven((1, 0), seat=1)
    group = [sc.char(c, (0, 0)) for c in ("valen", "pawlina")]
    if moved:
        sc.location((-1, 1))
        sc.st.move_unit(sc.unit(group[1]), (-1, 1))
        sc.unit(group[1]).moved = moved
    sc.char("daigo", (2, 0), seat=1)
    sc.turn(MOVE)
    s = scene_session(sc, ["human", owner])
    s.take_seat()
    app = scene_app(make_app, sc, size)
    return s, app, table(app, s), group


def answer(app, s, t, granted: bool) -> None:
    """Seat 1 sits down and answers (its button's action), then seat 0 sits again."""
    for seat, act in ((1, A.Answer(granted)), (0, None)):
        for _ in range(40):
            if s.handoff() == seat:
                s.take_seat()
            app.step([], 0.05)
            if s.viewer == seat and s.human_to_act() and not t.animator.busy:
                break
        assert s.viewer == seat and s.to_act == seat
        if act is not None:
            assert t.send(act)
    for _ in range(40):
        app.step([], 0.05)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_one_click_on_another_player_s_haven_asks_and_the_group_goes_at_a_yes(make_app,
                                                                             size):
    s, app, t, group = at_a_neighbour_s_haven(make_app, size)
    for u in group:
        click(app, t.unit_rects[u].center)
    assert t.selection == set(group)
    haven = t.lay.cells[1, 0].center
    app.step([test_ui_table.mouse(pygame.MOUSEMOTION, haven, 0)], 0.016)
    assert "Player 2 is asked first, as it is their Haven" in t.hint()
    click(app, haven)
    assert s.record.actions[-1] == A.AskPermission((1, 0))
    answer(app, s, t, True)
    assert s.record.actions[-2:] == [A.Answer(True), A.Move(tuple(sorted(group)), (1, 0))]
    assert {s.state.units[u].pos for u in group} == {(1, 0)}


class Permits:
    """The Haven's owner, an AI seat that lets every group stop."""
    name = "permits"

    def choose(self, view, legal, rng):
        return A.Answer(True)


def test_the_window_says_the_owner_is_asked_and_the_group_goes_on_at_their_yes(make_app):
    """One person against an AI seat: the line says who is asked and what follows
    while the AI decides; at its yes the group moves with no other click."""
    s, app, t, group = at_a_neighbour_s_haven(make_app, owner="ai:normal")
    s.match.agents[1] = Permits()
    for u in group:
        click(app, t.unit_rects[u].center)
    test_ui_table.click(app, t.lay.cells[1, 0].center)
    assert s.record.actions[0] == A.AskPermission((1, 0))
    assert t.message[0] == ("Player 2 is asked to let your group stop at their Haven Home (P2): "
                            "if they permit it, the group goes there.")
    for _ in range(60):
        app.step([], 0.05)
    assert s.record.actions == [A.AskPermission((1, 0)), A.Answer(True),
                                A.Move(tuple(sorted(group)), (1, 0))]


def test_a_refusal_leaves_the_group_and_says_so(make_app):
    s, app, t, group = at_a_neighbour_s_haven(make_app)
    for u in group:
        click(app, t.unit_rects[u].center)
    click(app, t.lay.cells[1, 0].center)
    answer(app, s, t, False)
    assert s.record.actions[-2:] == [A.AskPermission((1, 0)), A.Answer(False)]
    assert {s.state.units[u].pos for u in group} == {(0, 0)}
    assert t.message[0].startswith("Player 2 refused")
    assert t.selection == set(group)  # still chosen: a click elsewhere moves them


def test_a_token_dragged_onto_another_player_s_haven_asks_too(make_app):
    s, app, t, group = at_a_neighbour_s_haven(make_app)
    test_ui_table.drag(app, t.unit_rects[group[0]].center, t.lay.cells[1, 0].center)
    assert s.record.actions[-1] == A.AskPermission((1, 0))
    answer(app, s, t, True)
    assert s.record.actions[-1] == A.Move((group[0],), (1, 0))


def test_no_question_is_spent_on_a_group_out_of_reach(make_app):
    """A Haven further than the chosen group's Movement left (another of the player's
    Characters could reach it): nothing is asked (once a Turn at each Haven), and the
    window says why."""
    s, app, t, group = at_a_neighbour_s_haven(make_app, moved=1)
    assert A.AskPermission((1, 0)) in s.legal()
    click(app, t.unit_rects[group[1]].center)
    assert t.selection == {group[1]} and not t.may_ask((1, 0))
    sent = len(s.record.actions)
    click(app, t.lay.cells[1, 0].center)
    assert len(s.record.actions) == sent
    assert "out of this group's reach" in t.message[0]


def test_no_question_is_spent_on_a_token_dragged_out_of_reach(make_app):
    """As a click (above): a token dragged onto another player's Haven further than its
    Movement left sends no question (R36: once a Turn) and says why; the drop asked
    all the same (a review's finding)."""
    s, app, t, group = at_a_neighbour_s_haven(make_app, moved=1)
    assert A.AskPermission((1, 0)) in s.legal()
    sent = len(s.record.actions)
    test_ui_table.drag(app, t.unit_rects[group[1]].center, t.lay.cells[1, 0].center)
    assert len(s.record.actions) == sent
    assert "out of this group's reach" in t.message[0]
