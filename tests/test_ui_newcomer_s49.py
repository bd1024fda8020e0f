"""What a newcomer met at the window (s49): a click on another player's panel shows
what they have in play (it did nothing and said nothing), the list's button says it
lists actions, the Charm stage's "Go on" says what follows, the Disaster path's
arrowheads are explained where they are met, a Disaster's Combat in another player's
Maintenance says what it is and what the player may do, and a hand card is readable at
960x540."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import test_ui_table  # noqa: E402
from test_ui_table import click, session, table, until  # noqa: E402


make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
FOUR = "levels/four_players.yaml"


def test_a_click_on_another_players_panel_shows_what_they_have_in_play(make_app):
    """A click on Player 2's panel did nothing. Now the inspector shows their public side:
    the hand counted, their Haven, each Character on the Field and where it stands, a
    click on one's name looking at it; nothing is sent."""
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase == "move" and s.view().rounds >= 2)
    t = table(make_app((960, 540)), s)
    before = len(s.record.actions)
    panel = next(r for r, k in t.hits if k == ("seat", 1))
    click(t.app, panel.center)
    t.app.step([], 0.016)
    assert len(s.record.actions) == before
    theirs = {u.card for u in s.view().units if u.owner == 1 and not u.disaster}
    assert theirs
    rows = {k[1]: r for r, k in t.hits if k[0] == "log" and t.lay.inspector.contains(r)}
    assert theirs <= set(rows), (theirs, rows)
    char = min(theirs)
    click(t.app, rows[char].center)
    assert t.inspect == char and len(s.record.actions) == before


def test_the_pointer_on_a_players_panel_says_what_a_click_does(make_app):
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase == "move")
    t = table(make_app((960, 540)), s)
    t.pointer = next(r for r, k in t.hits if k == ("seat", 2)).center
    assert t.hint() == "Player 3's panel: a click shows what they have in play, at the right."


def _drawn_buttons(monkeypatch) -> list[str]:
    """The bar's buttons' words as drawn (bold 15 px labels)."""
    from game.ui.table import ink, paint
    said, label = [], ink.label

    def spy(words, px, colour=ink.TEXT, bold=False, *more):
        said.append(words)
        return label(words, px, colour, bold, *more)
    monkeypatch.setattr(paint.ink, "label", spy)
    return said


def test_the_list_button_says_it_lists_actions_and_fits_at_960x540(make_app, monkeypatch):
    """"List all 45 (A)" said not what it listed. It says actions, whole, at 960x540 and
    1280x720, also beside the Move phase's longest hint, where it is said shorter."""
    from game.engine import actions as A
    from game.ui.table.words import turn_hint
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase == "move" and s.view().rounds >= 2)
    long = turn_hint("move", [A.Move((1,), (0, 1)), A.Fight(7), A.Challenge(1, (0, 0)),
                              A.EndPhase()], False, by_haven=True)
    for size in ((960, 540), (1280, 720)):
        for hint in (None, long):
            t = table(make_app(size), s)
            if hint is not None:
                t.hint = t.resting_hint = lambda: hint
            said = _drawn_buttons(monkeypatch)
            t._stale = True
            t.app.step([], 0.016)
            assert any(k == ("all",) for _, k in t.hits), (size, hint)
            words = [w for w in said if w.endswith("(A)")]
            assert words and "action" in words[-1].lower(), (size, words)


def test_go_on_in_charm_combat_says_physical_combat_follows(make_app, monkeypatch):
    """In the Charm stage of a Combat with a Disaster, "Go on" said not what came next:
    the button, the bar and the panel say physical Combat follows; the button is drawn
    whole at 960x540, and going on begins it."""
    from game.engine import actions as A
    from test_ui_combat_forecast import charm_break
    from test_ui_table import scene_app, scene_session
    sc, _ = charm_break()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, (960, 540)), s)
    said = _drawn_buttons(monkeypatch)
    t._stale = True
    t.app.step([], 0.016)
    assert "Go on to physical Combat" in said, said
    assert "go on to physical Combat" in t.hint()
    button = next(r for r, k in t.hits if k == ("act", A.Proceed()))
    click(t.app, button.center)
    assert s.state.combat is not None and s.state.combat.stage == "declare"


def _with_a_disaster(make_app, size=(960, 540)):
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase == "move" and any(u.disaster for u in s.view().units))
    t = table(make_app(size), s)
    return s, t, next(u for u in s.view().units if u.disaster)


def test_the_pointer_on_a_path_arrowhead_says_what_the_path_is(make_app):
    """The orange arrowheads were explained only in How to play: the pointer on one says
    they are the Disasters' path and when a Disaster walks it, whole at 960x540; a click
    there is still the cell's under it."""
    from game.ui.table.words import PATH_WORDS
    s, t, _ = _with_a_disaster(make_app)
    t.aim(None, "fit")
    t.app.step([], 0.016)
    head = next(r for r, k in t.hits if k == ("path",) and t.lay.field.contains(r))
    t.pointer = head.center
    assert t.hint() == PATH_WORDS and "Disasters' path" in PATH_WORDS
    t._stale = True
    t.app.step([], 0.016)
    assert " ".join(t.hint_rows) == PATH_WORDS  # drawn whole in the bar
    under = t.hit(head.center, past=(("path",),))
    assert under is None or under[0] == "cell"


def test_a_disaster_looked_at_says_it_walks_the_arrowheads(make_app, monkeypatch):
    """A Disaster in the inspector and in its zoom says it walks the orange arrowheads,
    the Disasters' path, and in whose Maintenance phase."""
    from test_ui_newcomer_s48 import _cut_lines
    s, t, d = _with_a_disaster(make_app)
    whose = "your" if d.brought_by == 0 else f"Player {d.brought_by + 1}'s"
    facts = " ".join(t._facts(d.card))
    assert f"orange arrowheads (the Disasters' path) in {whose} Maintenance phase" in facts
    said = _cut_lines(monkeypatch)
    t.inspect, t._stale = d.card, True
    t.app.step([], 0.016)
    assert "orange arrowheads" in " ".join(said), said


def test_a_disasters_combat_in_another_players_maintenance_is_said(make_app, monkeypatch):
    """R22: a Disaster walking onto Player 1's group in Player 2's Maintenance phase
    fights it; Player 1's panel said nothing ("THEIR TURN" on Player 2's alone) and the
    bar only "Combat: choose...". Now the panel is tagged "YOUR COMBAT" and the bar
    says which Disaster attacks, in whose phase, and what to do."""
    from game.engine.actions import EndPhase
    from game.engine.state import DISCARD
    from scene import Scene
    from test_rules_combat import CARDS
    from test_ui_table import scene_app, scene_session
    sc = Scene(CARDS, seats=2)
    sc.location((1, 0))
    sc.location((0, 0))
    sc.char("tank", (0, 0), seat=0)
    ogre = sc.disaster("ogre", (1, 0), seat=1, brought_by=1)  # Movement 1: onto the Tank
    sc.turn(DISCARD, seat=1)
    sc.do(EndPhase())  # seat 1's Reload and Maintenance phases
    assert sc.st.combat is not None and sc.st.combat.seat == 0 and sc.st.turn_seat == 1
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, (960, 540)), s)
    said = _drawn_buttons(monkeypatch)
    t._stale = True
    t.app.step([], 0.016)
    assert "YOUR COMBAT" in said and "THEIR TURN" in said, said
    assert t.hint().startswith(f"{t.name(ogre)} attacks your group in Player 2's "
                               "Maintenance phase. Combat: choose for each Character"), t.hint()


def test_the_combat_panels_title_says_charm_combat_before_the_first_round(make_app,
                                                                          monkeypatch):
    """Charm Combat comes before the rounds (R31): the panel's title said "round 1" while
    the group could still free its Charmed Characters. It says "Charm Combat" then, and
    "round 1" once going on has begun physical Combat."""
    from game.engine import actions as A
    from game.ui.table import ink
    from test_ui_combat_forecast import charm_break
    from test_ui_table import scene_app, scene_session
    sc, _ = charm_break()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, (960, 540)), s)
    said, fit = [], ink.fit

    def spy(words, *args, **kwargs):
        said.append(words)
        return fit(words, *args, **kwargs)
    monkeypatch.setattr(ink, "fit", spy)
    t._stale = True
    t.app.step([], 0.016)
    titles = [w for w in said if w.startswith("Combat · ")]
    assert titles and all(w.startswith("Combat · Charm Combat · ") for w in titles), titles
    click(t.app, next(r for r, k in t.hits if k == ("act", A.Proceed())).center)
    said.clear()
    frames = 0
    while s.state.combat is not None and frames < 200 and not any(
            w.startswith("Combat · round 1 · ") for w in said):
        t.app.step([], 0.05)
        frames += 1
    assert any(w.startswith("Combat · round 1 · ") for w in said), said[:20]


def test_the_thinking_dots_are_drawn_over_no_words_of_a_full_seat_panel(make_app,
                                                                        monkeypatch):
    """The dots that pulse while an AI seat decides were drawn at the panel's foot,
    over "Hand 7" where a Bonked row (R9) fills a four-seat panel to its foot. Every
    pixel they change lies on the panel's plain ground, at every window size."""
    from game.ui.table import ink
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase not in ("setup", "over")
          and any(s.state.seats[k].set_aside for k in (1, 2, 3)))
    ai = next(k for k in (1, 2, 3) if s.state.seats[k].set_aside)
    t = table(make_app((1280, 720)), s)
    for size in ((960, 540), (1280, 720), (1920, 1080)):
        t.app.resize(size)
        t._stale = True
        t.app.step([], 0.016)
        before = t.app.screen.copy()
        with monkeypatch.context() as m:  # as while the AI seat decides
            m.setattr(type(s), "human_to_act", lambda self: False)
            m.setattr(type(s), "to_act", property(lambda self: ai))
            m.setattr(type(t.animator), "busy", property(lambda self: False))
            after = t.app.screen.copy()
            t._draw_thinking(after)
        r = t.seat_rect(ai)
        changed = [(x, y) for x in range(r.left, r.right) for y in range(r.top, r.bottom)
                   if after.get_at((x, y)) != before.get_at((x, y))]
        assert changed, size
        ground = {ink.PANEL, (38, 30, 70)}  # a panel's fill, its Turn's or not
        assert {tuple(before.get_at(p))[:3] for p in changed} <= ground, size
