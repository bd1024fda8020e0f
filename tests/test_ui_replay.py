"""What the table plays out while a person waits on it: an AI seat's Combat replayed
as that person's turn begins, and the round a person watches before the curtain. A
newcomer saw their own phase headed "YOUR TURN" over an AI seat's Combat replayed
with no word of it and no way to hurry it; the Combat card turned over on the
Disaster's face (the Disaster fought unknown) or, between players, over the Field's
tokens; the seat panel named Characters Bonked before the hit that Bonks them; and the
bar said the hits play out after they had."""
from __future__ import annotations

import re

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.state import DISCARD
from game.ui.table import panels, scene as table_scene
from game.ui.table.anims import Flip, Walk

import test_ui_table
from scene import Scene
from test_rules_combat import CARDS
from test_ui_duel_plan import plan_and_fight, settle, two_at_a_duel
from test_ui_table import scene_app, scene_session, table
from test_ui_watching import FRAME, normal_speed
from test_ui_watching_panel import maintenance_fight, panel_says

import pygame  # noqa: E402 (test_ui_table chose the dummy drivers first)

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def imp_walks_in(make_app, size=(1280, 720)):
    """Seat 1 (a person) ends its Discard phase (Space), at the normal speed: in its
    Maintenance its Imp walks into seat 0's Hero, and seat 0, an AI seat, fights it;
    then seat 1 goes on."""
    sc = Scene(CARDS, seats=2)
    sc.location((1, 0))
    sc.location((0, 0), under=["ring"])
    sc.location((0, 1))
    hero = sc.char("hero", (0, 0), seat=0, items=["ring"])
    ogre = sc.disaster("imp", (1, 0), seat=1, brought_by=1)  # Attack 1, Defense 1
    sc.combat_pile(0, "exposed", "k1")
    sc.combat_pile(1, "k3", "k4")
    for seat in (0, 1):
        sc.hand(seat, "ring")
    sc.turn(DISCARD, seat=1)
    s = scene_session(sc, ["ai:normal", "human"])
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    normal_speed(app, t)
    test_ui_table.key(app, pygame.K_SPACE)  # End phase: Maintenance
    return s, app, t, hero, ogre


def ai_fights_in_my_turn(make_app, size=(1280, 720)):
    """imp_walks_in, till the AI seat's Combat is replayed as the person's choice comes."""
    s, app, t, hero, ogre = imp_walks_in(make_app, size)
    for _ in range(600):  # till the AI seat's declaration has fought the round
        if s.human_to_act() and t.fight_behind():
            return s, app, t, hero, ogre
        app.step([], FRAME)
    pytest.fail("no Combat replayed as the person's choice came")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_ai_seat_s_combat_replayed_says_so_and_a_key_skips_it(make_app, size):
    """The bar says whose Combat is replayed, against what, what plays now, and that a
    press skips it; a key skips it (choosing nothing), the log keeps every line. (Space,
    the phase's key, ends the phase after it, s72: test_ui_s72_keys.)"""
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app, size)
    hint = t.hint()
    assert hint.startswith("Replaying Player 1's Combat against Imp: "), hint
    assert hint.endswith("another key or a click: skip)") and t.log_lines[-1][0] in hint, hint
    actions = len(s.record.actions)
    test_ui_table.key(app, pygame.K_x)
    assert not t.animator.busy and not t.fight_behind() and len(s.record.actions) == actions
    logged = [w for w, _ in t.log_lines]
    assert any("hits" in w for w in logged) and any("Combat ends" in w or "Defeated" in w
                                                    for w in logged), logged
    assert "Replaying" not in t.hint()
    test_ui_table.key(app, pygame.K_SPACE)  # the next press is the person's own
    assert len(s.record.actions) == actions + 1


def test_a_long_replay_plays_in_proportion(make_app, monkeypatch):
    """A replay longer than REPLAY_SPAN plays faster, in proportion: done within it."""
    monkeypatch.setattr(table_scene, "REPLAY_SPAN", 1.0)
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app)
    assert t.animator.left() > 1.5  # the round's cards and hits, unhurried
    waited = 0.0
    while t.animator.busy:
        app.step([], FRAME)
        waited += FRAME
        assert waited < 1.0 + 3 * FRAME, "the replay was not hurried"


def test_the_combat_card_turns_over_beside_the_disaster(make_app):
    """In the Disaster's panel the Combat cards turn over beside its face, never on it."""
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app)
    face = next(r for r, k in t.hits if k == ("card", ogre))
    flips = 0
    while t.animator.busy:
        for a in t.animator.anims:
            if isinstance(a, Flip):
                flips += 1
                assert not a.rect.colliderect(face) and panels.combat_rect(t).contains(a.rect)
        app.step([], FRAME)
    assert flips


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_duel_s_cards_turn_over_in_its_panel_and_none_is_bonked_before_its_hit(
        make_app, monkeypatch, size):
    """Between players the Combat cards turned over in the middle of the Field, over
    the tokens: now in the panel. Till the hit that Bonks them plays, the seat panel
    neither names nor counts the Bonked."""
    sc, mine, foes, s, app, t = two_at_a_duel(lambda *_: make_app(size))
    ours = {mine[0]: ("attack", foes[0]), mine[1]: ("attack", foes[1]),
            mine[2]: ("attack", foes[0])}
    theirs = {foes[0]: ("attack", mine[1]), foes[1]: ("protect", foes[0])}
    plan_and_fight(app, t, ours)
    settle(app, s, t)
    s.take_seat()
    app.step([], 0.016)
    normal_speed(app, t)
    plan_and_fight(app, t, theirs)
    flips, bonked = 0, False
    for _ in range(400):
        app.step([], FRAME)
        if s.watch is None:
            break
        hits = sum(isinstance(n, E.CombatHit) for n in t.notes)
        said = panel_says(monkeypatch, t)
        if any(isinstance(a, Flip) for a in t.animator.anims):
            flips += 1
            rect = next(a for a in t.animator.anims if isinstance(a, Flip)).rect
            assert panels.duel_rect(t).contains(rect)
            assert not any(rect.colliderect(r) for r in t.unit_rects.values())
        # A Bonked row names them ("Bonked: Leo, back in 2 turns") or counts them where
        # the names do not fit ("2 Bonked, back in 2 turns").
        rows = [w for w in said if w.startswith("Bonked:") or re.match(r"\d+ Bonked", w)]
        if not any(isinstance(n, E.CombatHit) and n.result == "bonked" for n in t.notes):
            assert not rows, (hits, said)
            assert "Discard 0   Bonked 0" in said
        bonked = bonked or bool(rows)
    assert flips and bonked


def test_the_bar_says_what_plays_once_the_hits_have(make_app):
    """After the round's last hit, while the table still plays what it left (a
    Defeated, the Combat's end), the bar says that, as the log's newest line does, not
    that the hits play out."""
    s, app, t, hero, ogre = maintenance_fight(make_app, ("exposed", "k1"))
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    test_ui_table.click(app, slots["plan", hero, "attack"].center)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("fight",)).center)
    after = 0
    for _ in range(400):
        app.step([], FRAME)
        if not t.fight_behind():
            continue
        if sum(isinstance(n, E.CombatHit) for n in t.notes) == 2:
            after += 1
            assert "play out" not in t.hint() and t.log_lines[-1][0] in t.hint(), t.hint()
    assert after


def test_the_camera_follows_a_walk_out_of_sight_while_it_is_watched(make_app):
    """Zoomed in on the Ogre's cell, seat 0 runs its Hero two cells away, out of sight,
    and watches before the curtain: the Field goes where the Hero walks to, and it is
    in sight as the walk plays."""
    s, app, t, hero, ogre = maintenance_fight(make_app, ("k1", "k2"))
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("act", A.RunAway())).center)
    for _ in range(120):
        app.step([], FRAME)
    assert A.RunTo((0, 1)) in s.legal()
    t.camera.zoom(9, t.lay.cells[(1, 0)].center)
    t.camera.look_at((1, 0))
    for _ in range(30):
        app.step([], FRAME)
    assert not t.seen().colliderect(t.lay.cells[(0, 1)]), "the test wants it out of sight"
    assert t.send(A.RunTo((0, 1)))
    walked = 0
    for _ in range(200):
        app.step([], FRAME)
        if s.watch is None:
            break
        if any(isinstance(a, Walk) for a in t.animator.anims):
            walked += 1
            assert t.seen().contains(t.lay.cells[(0, 1)])
    assert walked


def test_the_bar_tells_the_combat_s_line_not_a_later_one_of_something_else(make_app):
    """While the person leaving watches the round they fought, the log went on past the
    Combat's end (the next Turn's banner): the bar said "Combat: — Round 2: Player 1's
    turn —". It says the Combat's newest line, as it is."""
    s, app, t, hero, ogre = maintenance_fight(make_app, ("exposed", "k1"))
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    test_ui_table.click(app, slots["plan", hero, "attack"].center)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("fight",)).center)
    for _ in range(400):
        app.step([], FRAME)
        if t.fight_behind() and any(isinstance(n, E.CombatEnded) for n in t.notes):
            break
    else:
        pytest.fail("the Combat's end never played while it was watched")
    ended = t.log_lines[-1][0]
    assert ended.startswith("Combat ends") and t.hint() == ended, (ended, t.hint())
    t._log(E.TurnBegan(seat=1, turn=3, round=2))  # the log goes on: the next Turn
    assert "Round 2" in t.log_lines[-1][0] and t.hint() == ended, t.hint()
