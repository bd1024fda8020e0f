"""s72 (keys): what s71's playtests found of keys and small type, not fixed then.

- An AI seat's Combat replayed in the person's own Turn (their Imp walked into its Hero
  in their Maintenance) took the Space meant for their phase as the replay's skip (the
  screen said so), and the phase went on: Space, the phase's key, is kept and ends the
  phase once the replay has played, as the bar says while it plays.
- A hint of three rows at 1280x720 touched the bar's foot: rows centred by their letters.
- "2 P4turns" under an endured Disaster Off Field at 11 px: a space after a digit wider."""
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
    assert t.hint().endswith("(Space kept: the phase ends after it; a key or click: now)")
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


LONG_HINT = ("Drag a card from your hand onto a glowing target: a Character joins your "
             "Haven, a piece of Equipment goes to a Character of yours, a Flash Effect "
             "where its words say, or a Location's glowing cell; pointing at a card says "
             "why, and the End phase button (Space) goes on to the Move phase, playing "
             "nothing more")


def bar_ink(t) -> tuple[int, int]:
    """The rows of the bar's letters, drawn now: the first and last with any pixel but
    the bar's own colour (its buttons' edges stand px(6) in from its top and foot)."""
    t.draw(t.app.screen)
    r, bg = t.lay.bar, t.app.screen.get_at((t.lay.bar.right - 2, t.lay.bar.bottom - 1))
    inked = [y for y in range(r.top, r.bottom) if any(
        t.app.screen.get_at((x, y)) != bg for x in range(r.left, r.right))]
    return inked[0] - r.top, r.bottom - 1 - inked[-1]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (960, 540)])
def test_a_hint_of_rows_keeps_a_margin_from_the_bar_s_foot(make_app, size):
    """s71's playtest: a hint of three rows at 1280x720 set its last row's descenders on
    the bar's foot (rows centred by their boxes, which hold room over the capitals and
    none under the descenders). Centred by their letters, the rows keep 2 px or more
    clear of the bar's top and foot."""
    s, app, t, hero, ogre = ai_fights_in_my_turn(make_app, size)
    played_out(app, t)
    t.hint = lambda: LONG_HINT
    above, below = bar_ink(t)
    table_shot(t, f"s72_bar_rows_{size[0]}")
    assert len(t.hint_rows) == (3 if size != (960, 540) else 2), t.hint_rows
    assert above >= 2 and below >= 2, (above, below, t.hint_rows)


def word_gaps(line: pygame.Surface) -> int:
    """How many gaps of 3 or more clear columns part a drawn line's words (its letters
    stand at most 2 apart within a word at 11-12 px)."""
    w, h = line.get_size()
    clear = [all(line.get_at((x, y))[3] < 60 for y in range(h)) for x in range(w)]
    gaps, run = 0, 0
    for c in clear:
        run = run + 1 if c else 0
        gaps += run == 3
    return gaps


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_an_endured_disaster_s_turns_are_apart_off_field(make_app, monkeypatch, size):
    """s71's playtest: under an endured Disaster Off Field, 11-12 px type set "2 P4
    turns" as "2 P4turns" (the font's space a quarter em, the hinted "4" past its
    advance). Each space of the line (drawn at 11 px at 1280x720, 12 at 960x540) is a
    gap of 3 clear columns or more; the words themselves are unchanged."""
    from game.engine.state import MOVE, OffField
    from game.ui.table import ink
    from scene import Scene
    from shots import shipped
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(shipped("global_effects", "disasters", "characters"), seats=4)
    sc.location((0, 0))
    sc.char("kaede-ironside", (0, 0))
    sc.st.off_field.append(OffField(sc.card("galactic-tax-audit", 3), 3, (), 2))
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"] + ["ai:random"] * 3))
    table_shot(t, f"s72_off_field_{size[0]}")
    drawn: list[tuple[str, int, pygame.Surface]] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda w, px, *a: drawn.append(
        (w, px, line := real(w, px, *a))) and False or line)
    t.painter([]).off_field(pygame.Surface(t.size))
    monkeypatch.undo()
    lines = [(w, px, line) for w, px, line in drawn if "P4" in w]
    assert lines and all(px in (11, 12) for _, px, _ in lines), [(w, px) for w, px, _ in drawn]
    for w, px, line in lines:
        assert w.endswith("P4 turns") and word_gaps(line) == w.count(" "), (w, px)
