"""Two people at one screen: what the combat panels show while the person whose action
handed the seat on watches it play out (TableScene._hold_curtain), and how long that
lasts. The duel panel showed the next round ("round 2 · declare", Health as it now is)
while the last round's hits still rose on the Field, or went at once with a Combat the
round ended; the Disaster's panel lost the row of a Character Killed before its hit
showed and gave the Health an ended Combat restores beside the Damage rising. And a
Run Away was watched for 0.8 s: too short to see where the group went."""
from __future__ import annotations

import re

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.state import DISCARD, SCAVENGE
from game.ui.table import forecast, ink
from game.ui.table.anims import Walk
from game.ui.table.scene import LEAVING_LOOK

import test_ui_table
from scene import Scene
from test_rules_audit_s26c import CARDS as S26C, maintenance
from test_rules_combat import CARDS
from test_ui_duel_plan import plan_and_fight, two_at_a_duel
from test_ui_table import click, scene_app, scene_session, table
from test_ui_watching import FRAME, normal_speed, watched
from zones import hidden_from

import pygame  # noqa: E402 (test_ui_table chose the dummy drivers first)

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def panel_says(monkeypatch, t) -> list[str]:
    """Every text the panels as they are now paint (cut ones end in "…")."""
    said: list[str] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: said.append(words) or real(
        words, *a, **k))
    forecast._strip.cache_clear()  # (a Character's totals and Health, made of labels)
    t._paint_base()
    monkeypatch.undo()
    return said


def watch_panel(monkeypatch, app, s, t, sent: int) -> list[dict]:
    """Frames from the action that handed the seat on (the `sent`-th) until the curtain:
    for every third frame of the watching, what the combat panel said, what it made
    clickable and the notes the animations had reached. It plays in every seat's share
    (s68): nothing drawn may be hidden from any seat, the panel's Board too."""
    frames: list[dict] = []
    hits = sum(isinstance(n, E.CombatHit) for n in t.notes)  # (the panel's notes)
    for k in range(600):
        if len(s.record.actions) >= sent and s.watch is None and s.handoff() is not None:
            break
        app.step([], FRAME)
        if s.watch is not None and k % 3 == 0:
            assert s.shown == E.ALL_SEE and not set(t.shown) & hidden_from(s.state, E.ALL_SEE)
            assert t.panel_board().view.seat == E.ALL_SEE
            said = panel_says(monkeypatch, t)
            frames.append({"said": said, "title": next((w for w in said if w.startswith(
                "Combat ·")), None), "keys": {k[0] for _, k in t.panel_hits},
                "hits": sum(isinstance(n, E.CombatHit) for n in t.notes) - hits,
                "busy": t.animator.busy})
    assert frames and t.curtain_button is not None
    return frames


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("ends", [False, True])
def test_the_duel_panel_shows_the_round_fought_while_it_is_watched(make_app, monkeypatch,
                                                                   size, ends):
    """Seat 0 plans and Fight!; seat 1 sits, plans and Fight!, and the last declaration,
    sent for seat 0, fights round 1: seat 1 watches it. The panel stays on round 1
    all the while, as declared, with Health as far as the hits have played and nothing
    to choose: in a round that ends the Combat (both of seat 1's Bonked), how it
    ended; in one that does not, never round 2 nor its choices."""
    sc, mine, foes, s, app, t = two_at_a_duel(lambda *_: make_app(size))
    normal_speed(app, t)
    if ends:
        ours = {mine[0]: ("attack", foes[0]), mine[1]: ("attack", foes[1]),
                mine[2]: ("attack", foes[0])}
        theirs = {foes[0]: ("attack", mine[1]), foes[1]: ("protect", foes[0])}
    else:  # each of seat 1's protects the other: a Damage each, nobody Bonked
        ours = {mine[0]: ("attack", foes[0]), mine[1]: ("none", -1), mine[2]: ("none", -1)}
        theirs = {foes[0]: ("protect", foes[1]), foes[1]: ("protect", foes[0])}
    plan_and_fight(app, t, ours)
    for _ in range(300):
        if t.curtain_button is not None:
            break
        app.step([], FRAME)
    app.step([], 1.0)
    test_ui_table.key(app, pygame.K_SPACE)
    app.step([], 1.0)
    before = len(s.record.actions)
    plan_and_fight(app, t, theirs)
    frames = watch_panel(monkeypatch, app, s, t, before + 4)
    assert (s.state.duel is None) == ends and (ends or s.state.duel.round == 2)
    for f in frames:
        assert f["title"] and "round 1" in f["title"] and "declare" not in f["title"], f
        assert not f["keys"] & {"plan", "fight", "act"}, f  # nothing to choose
        assert f["said"].count("attacks Daigo") == 2 - (not ends), f  # as declared
    first, last = frames[0], frames[-1]
    assert not first["hits"] and last["hits"] and not last["busy"]
    assert "Health 2/2" in first["said"] and "Health 1/2" not in first["said"]
    if ends:  # Bonked, in their rows, and the end said
        assert last["title"].endswith("· over") and last["said"].count("Health 0/2") == 2
        assert "Player 2's side is out: the Combat ends." in last["said"]
    else:
        assert last["said"].count("Health 1/2") == 2 and "over" not in last["title"]


def maintenance_fight(make_app, pile: tuple[str, ...]):
    """Two people; in seat 1's Maintenance its Ogre walks into seat 0's Hero, and seat
    0 (seated) fights it; a card in each hand: the seat passes back behind a curtain.
    `pile`: seat 0's Combat cards, the Ogre's first."""
    sc = Scene(CARDS, seats=2)
    sc.location((1, 0))
    sc.location((0, 0), under=["ring"])
    sc.location((0, 1))
    hero = sc.char("hero", (0, 0), seat=0, items=["ring"])  # Attack 3, Health 3
    ogre = sc.disaster("ogre", (1, 0), seat=1, brought_by=1)  # Attack 5, Defense 3
    sc.combat_pile(0, *pile)
    sc.combat_pile(1, "k3", "k4")
    for seat in (0, 1):
        sc.hand(seat, "ring")
    sc.turn(DISCARD, seat=1)
    sc.do(A.EndPhase())
    assert sc.st.combat.seat == 0
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
    normal_speed(app, t)
    return s, app, t, hero, ogre


@pytest.mark.parametrize("pile, hit", [(("exposed", "k1"), "Defense 3 = 2 Damage"),
                                       (("crush", "k1"), "Defense 3 = 8 Damage (killed)")])
def test_the_disaster_s_panel_keeps_the_round_fought_while_it_is_watched(
        make_app, monkeypatch, pile, hit):
    """Seat 0's Hero attacks the Ogre in seat 1's Maintenance, and the round ends the
    Combat: the Ogre Defeated (Exposed), or the Hero Killed (Crush). While seat 0
    watches, the Hero keeps its row, with the hit that Killed it, and the panel says the
    Combat is over. It plays in every seat's share (s68), which tells no Character's
    Health (a Character's totals are its owner's, view.UnitView.totals): it gave the
    Health the end of the Combat restores beside the Damage rising, in seat 0's share."""
    s, app, t, hero, ogre = maintenance_fight(make_app, pile)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    click(app, slots["plan", hero, "attack"].center)
    before = len(s.record.actions)
    click(app, next(r for r, k in t.hits if k == ("fight",)).center)
    frames = watch_panel(monkeypatch, app, s, t, before + 1)
    assert s.state.combat is None and s.to_act == 1
    for f in frames:
        assert f["title"] and "round 1" in f["title"], f
        assert "Hero targeted, attacks" in f["said"], f  # its row, as declared
        assert not f["keys"] & {"plan", "fight", "act"}, f
        # (a Character's "Health 3/5"; not the bar's "...; Health and Energy are restored")
        assert not [w for w in f["said"] if re.match(r"Health -?\d", w)], f
    assert not frames[0]["hits"] and hit not in frames[0]["said"]
    last = frames[-1]
    assert last["hits"] == 2 and last["title"].endswith("· over") and hit in last["said"]


def test_running_away_from_a_disaster_is_watched_long_enough_to_see_where(make_app):
    """Seat 0 Runs Away from the Ogre in seat 1's Maintenance, then runs to the cell
    south, pressing again at once: it walks there and stays in sight a moment that
    shows where before the curtain comes for seat 1 (0.8 s, the walk's 0.3 and half a
    second, was too short); the second press does not cut it."""
    s, app, t, hero, ogre = maintenance_fight(make_app, ("k1", "k2"))
    click(app, next(r for r, k in t.hits if k == ("act", A.RunAway())).center)
    for _ in range(120):
        app.step([], FRAME)
    assert A.RunTo((0, 1)) in s.legal()
    before = len(s.record.actions)
    cell = next(r for r, k in t.hits if k == ("cell", (0, 1))).center
    click(app, cell)
    down = test_ui_table.mouse(pygame.MOUSEBUTTONDOWN, cell)
    took, seen = watched(app, s, t, before + 1, [down])
    assert s.state.combat is None and Walk in seen
    assert took > 0.3 + 1.0, took  # the walk, and a second at least to see where it ended


def test_a_plain_hand_over_is_not_watched_longer(make_app):
    """Seat 0 ends its Turn (End phase in Scavenge): seat 1's Turn begins behind the
    curtain. Watching it is the Turn's banner and half a second, no more: a hand-over
    with nothing to take in waits no longer than before."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["ring"])  # something left to Scavenge: the game goes on
    sc.location((1, 0))
    sc.char("hero", (0, 0), seat=0)
    sc.char("hero", (1, 0), seat=1)
    for seat in (0, 1):
        sc.hand(seat, "ring")
    sc.turn(SCAVENGE, seat=0)
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
    normal_speed(app, t)
    assert A.EndPhase() in s.legal()
    before = len(s.record.actions)
    test_ui_table.key(app, pygame.K_SPACE)  # End phase (Space)
    took, seen = watched(app, s, t, before + 1, [])
    assert s.to_act == 1 and Walk not in seen
    assert took < 0.9 + LEAVING_LOOK + 2 * FRAME, took


def test_a_round_fought_before_an_ai_s_turn_shows_no_one_s_own_board_to_all(make_app):
    """R16, hidden information: a person's declaration fights a round and the next decision
    is an AI seat's, so the table shows every seat's share at once ("Hands hidden while
    Player 1 (AI) plays"). The panel kept the person's own Board for the round fought, and
    drew their Characters' totals from it (Attack 13 on a card of 9: a face-down +4 Item),
    which the share every seat may see does not give. The panel draws the share on show."""
    sc = Scene(S26C + '- {id: blade, name: Blade, type: item, bonuses: {attack: "+4"}}\n',
               seats=3)
    sc.location((1, 0))
    sc.location((0, 0))
    sc.location((-5, 0), under=["gem"])
    sc.location((3, 3))
    heavy = sc.char("heavy", (0, 0), seat=1, items=["blade"])
    sc.char("hero", (3, 3), seat=2)
    sc.disaster("imp", (1, 0))
    for k in range(3):
        sc.combat_pile(k, *["blank"] * 4)
    maintenance(sc)  # seat 0's: its Imp stops by seat 1's Heavy
    s = scene_session(sc, ["ai:easy", "human", "human"])
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
    normal_speed(app, t)
    assert s.viewer == 1 and s.state.combat is not None
    t.send(A.Declare(heavy, "attack"))
    public = 0
    for _ in range(200):
        app.step([], FRAME)
        if s.shown == E.ALL_SEE and s.handoff() is None:
            public += 1
            assert t.panel_board().view.seat == E.ALL_SEE
    assert public  # the round's hits were shown to everyone
