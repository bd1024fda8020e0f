"""s72, the lead's own: what the session's playtest left that a newcomer meets first."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.ui.app import App
from game.ui.scenes.new_game import NewGameScene

import test_ui_shell
import test_ui_table
from shots import shot, table_shot
from test_ui_shell import button, choose, click, open_scene

app = test_ui_shell.app  # the fixtures
make_app = test_ui_table.make_app


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_new_game_offers_the_mirror_match(app, monkeypatch, size):
    """s72's playtest: the mirror match (one deck on both sides, the level the AI levels
    are measured on) was reachable only through `main.py play --level`; New game's list
    had no fair match. It is offered, and Start makes its game: both seats the deck."""
    started = []
    monkeypatch.setattr(App, "start_game", lambda self, c: started.append(c))
    scene = open_scene(app, NewGameScene, size)
    mirror = next(lv for lv in scene.levels if lv.id == "mirror")
    choose(app, scene.level_choice, mirror)
    app.step([], 1 / 60)
    shot(app, f"s72_new_game_mirror_{size[0]}")
    click(app, button(scene, "Start").rect.center)
    config = started[0]
    assert config.level.endswith("mirror.yaml") and config.seats[0] == "human"
    assert config.decks == ["moonlit-shrine", "moonlit-shrine"]


def test_run_away_says_why_another_player_s_haven_is_shut():
    """Rules for Havens: another player "may not stop there without asking your
    permission", and a Run Away asks none. "Running Away 1 Location: click one of the 7
    glowing cells; one next to it is another player's Haven." left the why unsaid (s72's
    playtest): it says it, alone and among other reasons."""
    from game.engine.terrain import HAVEN, Refusal
    from game.ui.table.words import run_hint
    lit = [f"Plain {k}" for k in range(7)]
    haven = Refusal("Home (P2) is another player's Haven", HAVEN)
    assert run_hint(lit, [None] * 7 + [haven]) == (
        "Running Away 1 Location: click one of the 7 glowing cells; one next to it is "
        "another player's Haven, where none stops without its owner's leave.")
    two = run_hint(lit[:1], [Refusal("Moon Base is Planetary", "Planetary"), haven])
    assert two.endswith("1 Planetary, 1 another player's Haven (your group lacks the symbol; "
                        "a Haven only with its owner's leave)."), two


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_run_away_s_longest_reasons_are_whole_on_the_bar(make_app, size):
    """The five reasons of test_ui_s70_runwhy's Run Away, with the Haven's why, are
    drawn whole on the bar at the smallest window too."""
    from test_rules_s70_runwhy import running
    from test_ui_table import scene_app, scene_session, table
    sc = running()
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    t.draw(t.app.screen)
    table_shot(t, f"s72_run_away_{size[0]}")
    assert " ".join(t.hint_rows) == t.hint() and "owner's leave" in t.hint(), t.hint_rows


# The playtest's hint (v51/cut_01.png, standard_2p at 960x540): a Location pointed at
# in the Scavenge phase, its reason, then what the other glowing cells offer.
POINTED = ("Command Bunker: the group does not meet the requirements: Bureaucracy, 2 Males. "
           "Click a glowing Location to Scavenge it; click a glowing cell with another "
           "player's Characters to attack their group, or End phase.")


def test_a_location_s_reason_and_the_glow_s_ways_are_whole_at_960x540(make_app):
    """s72's playtest: pointed at a Location its group cannot Scavenge, the bar said its
    reason and what the other glowing cells offer, cut at "...to attack thei…". Short of
    room another's group to attack is said in fewer words, and last ", or End phase" is
    left to its button on the bar."""
    from test_ui_s68_combat import location_table
    sc, group, t = location_table(make_app, size=(960, 540))
    assert A.EndPhase() in t.board.legal  # its button on the bar
    t.hint = t.resting_hint = lambda: POINTED
    t._stale = True
    t.draw(t.app.screen)
    table_shot(t, "s72_pointed_960")
    rows = " ".join(t.hint_rows)
    assert "…" not in rows and rows.startswith("Command Bunker: the group does not meet"), rows
    assert rows.endswith("click another player's glowing group to attack it, or End phase.") \
        or rows.endswith("click another player's glowing group to attack it."), rows


CHEER = """
- id: cheer
  name: Cheer
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{modify: {attack: "+1"}, to: target, for: turn}]}
"""


def test_a_plan_sent_with_fight_waits_while_a_flash_effect_is_answered(make_app):
    """Combat Between Players, two people at one screen: Player 2 planned and pressed
    Fight! while Player 1 declares; Player 1 plays a Flash Effect, and Player 2, called
    to answer it, was told each frame "Player 1 declares now: your plan goes in as the
    rules come to it" over the question, the table's update going no further (s72's
    playtest, where the tests' mouse player waited on it for good). The plan waits
    unsaid while the Flash Effect is answered, and goes in once Player 2 declares."""
    from test_ui_combat_panel import titled_duel
    from test_ui_table import scene_app, scene_session, table
    sc, mine, foes = titled_duel(cards=CHEER)
    cheer, = sc.hand(0, "cheer")
    sc.hand(1, "cheer")  # (with nothing to answer it with, they would be passed for)
    assert sc.st.duel.to_act == 0  # the attacker declares first
    sc.do(A.PlayCard(cheer, mine[0]))  # between declarations: seat 1 may answer
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
    assert s.viewer == 1 and A.Pass() in s.legal() and not t.declaring()
    t.plan = {foes[0]: ("attack", mine[0]), foes[1]: ("none", -1)}
    t.fighting = True
    for _ in range(20):
        app.step([], 0.05)
    assert "declares now" not in t.message[0], t.message
    assert t.fighting and t.plan and s.record.actions == []  # kept, nothing sent
    t.send(A.Pass())
    for _ in range(600):  # Player 1 declares (their curtain), then Player 2's plan goes in
        if s.handoff() == 0:
            s.take_seat()
        if s.human_to_act() and s.viewer == 0 and t.board.legal and not t.animator.busy:
            t.send(next((a for a in t.board.legal if isinstance(a, A.Engage)), A.Pass()))
        if s.handoff() == 1:
            s.take_seat()
        if any(isinstance(a, A.Engage) and a.char in foes for a in s.record.actions):
            break
        app.step([], 0.05)
    sent = [a for a in s.record.actions if isinstance(a, A.Engage) and a.char in foes]
    assert sent[:1] == [A.Engage(foes[0], "attack", mine[0])], s.record.actions


def test_the_end_phase_button_during_a_replay_is_kept_as_space_is(make_app, monkeypatch):
    """The bar's "End phase (Space)" is Space's button: clicked while others' moves
    replay in the person's own phase (the bar's buttons show in a replay that is not a
    Combat), it skipped the replay and left the phase going, where Space is kept and ends
    the phase once the replay has played (s72's keys). Kept alike."""
    from test_ui_s68_combat import location_table
    from test_ui_table import click
    sc, group, t = location_table(make_app, size=(960, 540))
    t.draw(t.app.screen)
    end = next(r for r, k in t.hits if k == ("end",))
    skipped = []
    monkeypatch.setattr(t, "skippable", lambda: True)  # a replay plays
    monkeypatch.setattr(t, "skip_replay", lambda: skipped.append(1))
    click(t.app, end.center)
    assert not skipped and t.kept_space == t.session.viewer
    assert t.session.record.actions == []
    monkeypatch.setattr(t, "skippable", lambda: False)  # it has played
    t.app.step([], 0.05)
    assert t.session.record.actions == [A.EndPhase()] and t.kept_space is None


def test_the_mouse_player_brings_a_haven_out_of_sight_into_view_for_a_drop(tmp_path):
    """The tests' player (tests/mouse_player.py) dragged a Character card from the hand to
    its owner's Haven scrolled out of sight and failed ("nowhere to drop ... on
    ('haven',)", s72's four-seat run): it scrolled first only for a cell or a token. A
    person scrolls there (the minimap, or the card held at the Field's edge); so does it."""
    from mouse_player import MousePlayer
    from test_ui_camera_hand import equip_table, settle, wide_field
    sc = wide_field()
    recruit, = sc.hand(0, "reiji")
    s, app, t = equip_table(tmp_path, sc)
    t.aim(focus="5,-5")
    settle(app)
    assert not t.seen().colliderect(t.lay.cells[2, 0]), "the Haven is out of sight"
    a = A.PlayCard(recruit, None)
    ways = dict(MousePlayer(app, seed=1).gestures(t, a))
    assert "drag card to haven" in ways, list(ways)
    ways["drag card to haven"]()
    assert s.record.actions == [a]


def test_a_replay_that_is_not_a_combat_names_the_end_phase_button_with_space(make_app,
                                                                              monkeypatch):
    """s73: the bar's End phase button, shown in a replay that is not a Combat, is kept as
    Space is (above), and the bar's replay line named Space alone ("another key or a
    click: skip" read as if the button skipped too). It names both; in a Combat's replay,
    where the bar shows no button, Space alone (test_ui_s72_keys)."""
    from test_ui_s68_combat import location_table
    sc, group, t = location_table(make_app, size=(960, 540))
    monkeypatch.setattr(t, "replaying", lambda: True)  # a replay plays
    monkeypatch.setattr(t, "skippable", lambda: True)
    t.draw(t.app.screen)
    table_shot(t, "s73_replay_end_button_960")
    assert any(k == ("end",) for _, k in t.hits)
    assert t.hint().endswith("(Space or End phase: after it; another key or click: skip)"), \
        t.hint()
