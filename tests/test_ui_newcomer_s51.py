"""What a newcomer met at the window (s50) and left for s51: two copies of a piece shown as
one face "x2" gave a click or a drag only the first; a Character looked at that could not
move put up a red refusal; and three one-frame glitches (a press lost as a hot-seat
set-up passed the seat, the view back to the choice a frame late after following a walk,
the bar saying "Run Away" a frame after it was taken)."""
from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import test_ui_table  # noqa: E402
from game.engine import actions as A  # noqa: E402
from test_ui_table import (click, drag, mouse, scene_app, scene_session, session,  # noqa: E402
                           table)


make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

PIECES = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 2}}
- {id: mate, name: Mate, type: character, gender: female,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: walker, name: Walker, type: equipment, bonuses: {movement: "+1"}}
- {id: idol, name: Gold Idol, type: item}
"""


def _two_of_each():
    """Hero carries two Walkers, the first put to use, and two Gold Idols; Mate stands by
    him, to be given them."""
    from scene import Scene
    from game.engine.state import MOVE
    sc = Scene(PIECES)
    sc.location((0, 0))
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0), equipment=["walker", "walker"], items=["idol", "idol"])
    mate = sc.char("mate", (0, 0))
    sc.turn(MOVE)
    used, spare = sc.unit(hero).equipment
    sc.do(A.UseEquipment(used, hero))
    return sc, hero, mate, used, spare


def _card_rects(t, card: int) -> list[pygame.Rect]:
    return [r for r, k in t.hits if k == ("card", card) and t.lay.inspector.contains(r)]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_every_copy_of_a_piece_shown_as_one_face_can_be_taken(make_app, monkeypatch, size):
    """Two Walkers, one in use, were one face "x2" whose click and drag took the one in
    use: the spare could not be given to Mate (giving the one in use took Hero's +1
    Movement with it). Copies that differ are faces apart, the one in use marked; copies
    alike stay one face, a drag takes one and then the other."""
    from game.ui.table import ink
    sc, hero, mate, used, spare = _two_of_each()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, size), s)
    said, label = [], ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: (said.append(words),
                                                             label(words, *a, **k))[1])
    click(t.app, t.unit_rects[hero].center)
    assert t.inspect == hero
    assert _card_rects(t, used) and _card_rects(t, spare)  # each copy its own face
    assert {"in use", "used"} & set(said)  # "used" where "in use" does not fit (s54)
    assert any(f.startswith("In use this Turn by Hero") for f in t._facts(used))
    before = len(s.record.actions)
    drag(t.app, _card_rects(t, spare)[0].center, t.unit_rects[mate].center)
    assert s.record.actions[before:] == [A.Transfer(spare, hero, mate)]
    # The two Idols alike: one face "x2"; dragged off one after the other.
    idols = list(s.state.units[hero].items)
    for n, idol in enumerate(idols):
        t.cancel()
        t.inspect, t._stale = hero, True
        t.app.step([], 0.016)
        # Fanned, each showing its left edge (s56w), then the one left alone.
        shown = [i for i in idols if any(t.hit((r.x + 1, r.centery)) == ("card", i)
                                         for r in _card_rects(t, i))]
        assert shown == idols[n:], (n, shown)
        if n == 0:
            assert "x2" in said and any(f.startswith("One of 2 alike") for f in t._facts(idol))
        before = len(s.record.actions)
        face = _card_rects(t, idol)[0]
        drag(t.app, (face.x + 1, face.centery), t.unit_rects[mate].center)
        assert s.record.actions[before:] == [A.Transfer(idol, hero, mate)]
    assert set(s.state.units[mate].items) == set(idols)


def _red(t) -> bool:
    """Whether the message box is drawn as a refusal's (red), not as news."""
    t.app.step([], 0.016)
    box = t.message_rect
    return box is not None and tuple(t.app.screen.get_at(
        (box.x + box.w // 2, box.y + t.px(3))))[:3] == (90, 20, 24)


def test_a_look_at_a_character_that_cannot_move_is_no_refusal(make_app):
    """Daigo's Heavy Ion Cannon leaves him no Movement: a click only to look at him put
    why he cannot move in the red box of a refused action. It is said as news; a move
    tried (a Location clicked next, his token dragged there) is refused in red."""
    t, sarge, scout = test_ui_table._still(make_app)
    click(t.app, t.unit_rects[sarge].center)
    why = "Daigo cannot move: Movement 0 (printed 1: Heavy Ion Cannon -1)."
    assert t.message[0] == why and t.noted and not _red(t)
    assert t.inspect == sarge and not t.selection
    t.message = ("", 0.0)
    click(t.app, t.lay.cells[(2, 0)].center)  # where he was to go
    assert t.message[0] == why and not t.noted and _red(t)
    assert t.inspect == (2, 0)  # the Location is shown, as at any look
    t.message = ("", 0.0)
    click(t.app, t.lay.cells[(0, 0)].center)  # a look at a Location: nothing said
    assert t.message[0] == ""
    # Shown since before (clicked in the Equip phase, say), not by the last click: a
    # Location clicked is a look at it, not a move of his tried.
    t.inspect, t._stale = sarge, True
    click(t.app, t.lay.cells[(2, 0)].center)
    assert t.message[0] == "" and t.inspect == (2, 0)
    drag(t.app, t.unit_rects[sarge].center, t.lay.cells[(2, 0)].center)
    assert t.message[0] == why and not t.noted and _red(t)  # as the click said it (s52)
    before = len(t.session.record.actions)
    click(t.app, t.unit_rects[scout].center)  # one that may move: chosen, then moved
    assert t.selection == {scout}
    click(t.app, t.lay.cells[(2, 0)].center)
    assert t.session.record.actions[before:] == [A.Move((scout,), (2, 0))]


def test_a_press_on_the_first_frame_after_a_set_up_pass_is_kept(make_app):
    """Two people and two AI seats set up the Field: the seat passes to the next person
    with no curtain once an AI seat has placed. A press on the first frame drawn for them
    was dropped (the pass was noticed at the next frame's update, which let go of
    whatever the mouse held), so the click placed nothing."""
    s = session("levels/four_players.yaml", ["human", "human", "ai:random", "ai:random"])
    app = make_app()
    t = table(app, s)
    rng, tried = random.Random(1), 0
    for n in range(600):
        if tried >= 2 or s.handoff() is not None or s.view().phase != "setup":
            break
        if s.human_to_act():
            s.act(rng.choice(s.legal()))
        was = (s.viewer, s.human_to_act())
        app.step([], 0.016)
        if not s.human_to_act() or was[1] or s.viewer == was[0]:
            continue  # not a pass from an AI seat's go to a person
        ones = [c for c, acts in t.board.click.items() if c[0] == "cell" and len(acts) == 1
                and t.seen().contains(t.lay.cells[c[1]])]
        if not ones:
            continue
        key = ones[0]
        pos, want = t.lay.cells[key[1]].center, t.board.click[key][0]
        before = len(s.record.actions)
        app.step([mouse(pygame.MOUSEMOTION, pos, 0), mouse(pygame.MOUSEBUTTONDOWN, pos)], 0.016)
        app.step([mouse(pygame.MOUSEBUTTONUP, pos)], 0.016)
        assert s.record.actions[before:before + 1] == [want], (n, s.record.actions[before:])
        tried += 1
    assert tried == 2


def test_the_view_is_back_on_the_choice_in_the_frame_a_followed_walk_ends(make_app):
    """At the 'instant' speed nothing animates: the camera followed an AI seat's walk out
    of view and drew that frame there, the person's choice (and their Haven) coming back
    a frame later. Every frame in which the person decides shows it."""
    s = session(test_ui_table.STANDARD, ["human", "ai:random"], seed=3)
    app = make_app()
    t = table(app, s)
    follows = 0
    real = t._follow

    def follow(seen):
        nonlocal follows
        was = t._followed
        real(seen)
        follows += t._followed and not was
    t._follow = follow
    for n in range(260):
        if s.human_to_act() and not t.animator.busy:
            test_ui_table.advance(s, 1, seed=n)
        app.step([], 0.016)
        if s.human_to_act() and s.watch is None and s.handoff() is None:
            cells, first = t.board.focus(t.selection)
            assert not t._followed and t.camera.shows(cells), (n, cells)
            if follows >= 4:
                break  # four walks followed and the view back after each (of some 20)
    assert follows >= 2, follows


@pytest.mark.parametrize("duel", [False, True])
def test_the_bar_stops_saying_run_away_in_the_frame_it_is_taken(make_app, monkeypatch, duel):
    """Run Away clicked: in the frame that took it, the bar said "Run Away" (the words
    of the button under the pointer, read from the panels as last painted, or the
    panels' picture kept a frame as an action applies). The bar speaks of the game as
    it is in that frame too."""
    from game.ui.table import ink
    from test_ui_combat_forecast import fight
    from test_ui_combat_panel import titled_duel
    sc = titled_duel()[0] if duel else fight(2)[0]
    s = scene_session(sc, ["human", "ai:random"] if duel else ["human"])
    t = table(scene_app(make_app, sc), s)
    run = next(r for r, k in t.hits if k == ("act", A.RunAway()))
    t.app.step([mouse(pygame.MOUSEMOTION, run.center, 0),
                mouse(pygame.MOUSEBUTTONDOWN, run.center)], 0.016)
    drawn, fit = [], ink.fit
    monkeypatch.setattr(ink, "fit", lambda words, *a, **k: (drawn.append(words),
                                                           fit(words, *a, **k))[1])
    t.app.step([mouse(pygame.MOUSEBUTTONUP, run.center)], 0.016)
    assert A.RunAway() not in s.legal() and A.RunAway() in s.record.actions
    assert "Run Away" not in " ".join(t.hint_rows), t.hint_rows
    assert "Run Away" not in drawn
    assert ("act", A.RunAway()) not in [k for r, k in t.hits if t.lay.bar.contains(r)]
