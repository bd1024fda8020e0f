"""s72 (keys): what s71's playtests found of keys and small type, not fixed then.

- An AI seat's Combat replayed in the person's own Turn (their Imp walked into its Hero
  in their Maintenance) took the Space meant for their phase as the replay's skip (the
  screen said so), and the phase went on: Space, the phase's key, is kept and ends the
  phase once the replay has played, as the bar says while it plays."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A

import test_ui_table
from shots import table_shot
from test_ui_replay import ai_fights_in_my_turn
from test_ui_table import key
from test_ui_watching import FRAME

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def played_out(app, t) -> None:
    """Frames till the replay has played and the table has taken stock."""
    for _ in range(600):
        if not t.skippable() and not t.fight_behind():
            app.step([], FRAME)
            return
        app.step([], FRAME)
    pytest.fail("the replay never ended")


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_space_during_a_replay_in_one_s_own_phase_ends_it_once_played(make_app, size):
    """Rulebook, Turn Sequence (the phase ends when its player says so): while the AI
    seat's Combat plays in the person's Equip phase, the bar says Space ends the phase
    after it; Space pressed then skips nothing (the replay plays on, nothing sent), is
    said kept, and once the replay has played the phase ends."""
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app, size)
    assert A.EndPhase() in t.board.legal and t.skippable()
    assert t.hint().endswith("(Space: End phase after it; another key or a click: skip)"), \
        t.hint()
    table_shot(t, f"s72_replay_space_{size[0]}")
    sent = len(s.record.actions)
    key(app, pygame.K_SPACE)
    assert t.animator.busy and t.fight_behind(), "Space skipped the replay"
    assert len(s.record.actions) == sent
    assert t.message[0].startswith("Space kept: your phase ends"), t.message
    assert t.hint().endswith("(your phase ends after it, as Space asked; a key or click: now)")
    table_shot(t, f"s72_replay_kept_{size[0]}")
    played_out(app, t)
    assert s.record.actions[sent:] == [A.EndPhase()], s.record.actions[sent:]
    assert t.kept_space is None


def test_a_second_press_skips_the_replay_and_ends_the_phase_at_once(make_app):
    """Space kept, a second press (a click too) plays the replay out at once, as the bar
    says, and the phase ends then: the log keeps the Combat's lines."""
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app)
    sent = len(s.record.actions)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)
    assert not t.animator.busy and s.record.actions[sent:] == [A.EndPhase()]
    logged = [w for w, _ in t.log_lines]
    assert any("hits" in w for w in logged), logged


def test_another_key_still_skips_and_says_so(make_app):
    """Any other key (the bar: "another key or a click: skip") skips the replay and
    chooses nothing, as before; the next Space is the phase's."""
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app)
    sent = len(s.record.actions)
    key(app, pygame.K_x)
    assert not t.animator.busy and len(s.record.actions) == sent
    assert t.message[0].startswith("Replay skipped"), t.message
    key(app, pygame.K_SPACE)
    assert s.record.actions[sent:] == [A.EndPhase()]


def test_space_kept_is_not_used_for_the_next_person(make_app):
    """A kept Space is the person's who pressed it: the seat passing (cancel, as a curtain
    or an AI seat's turn does) lets it go, nothing sent for anyone."""
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app)
    sent = len(s.record.actions)
    key(app, pygame.K_SPACE)
    assert t.kept_space == s.viewer
    t.cancel()
    played_out(app, t)
    assert len(s.record.actions) == sent and t.kept_space is None
