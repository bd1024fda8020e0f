"""The window's Discard phase with the Characters in the Haven (Discard Phase: "Discard
any cards in your Haven that you do not want"; guideline 2.3: "A Character that has
been Discarded is considered Killed"): a token dragged from the player's own Haven onto
their panel discards it, the words say it is Killed for good, and nothing glows to
suggest it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import DISCARD  # noqa: E402
from scene import Scene  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_table import click, mouse, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

CARDS = """\
- {id: reiji, name: Reiji, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 2}}
- {id: mio, name: Mio, type: character, gender: female,
   abilities: {attack: 2, defense: 2, movement: 3, charm: 2, energy: 1}}
- {id: idol, name: Idol, type: item}
"""


def discard_scene(make_app, size=(1280, 720)):
    """Seat 0's Discard phase: Reiji (with an Idol) in its Haven, Mio on a Location, a
    Character card in the hand."""
    sc = Scene(CARDS)
    for x in range(3):
        sc.location((x, 0), under=["idol"])
    sc.haven((1, 1))
    reiji = sc.char("reiji", (1, 1), items=["idol"])
    mio = sc.char("mio", (0, 0))
    card, = sc.hand(0, "mio")
    sc.turn(DISCARD)
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc, size)
    return s, app, table(app, s), reiji, mio, card


def drag_to(app, src, dst) -> None:
    app.step([mouse(pygame.MOUSEMOTION, src, 0), mouse(pygame.MOUSEBUTTONDOWN, src),
              mouse(pygame.MOUSEMOTION, ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2)),
              mouse(pygame.MOUSEMOTION, dst)], 0.016)


def test_discard_phase_a_character_dragged_from_the_haven_onto_the_panel_is_discarded_guideline_2_3(
        make_app):
    """Discard Phase and guideline 2.3: Reiji's token dragged from seat 0's Haven onto
    seat 0's panel: over it the hint says it is Killed for good; let go, Reiji is
    discarded (the engine Kills it)."""
    s, app, t, reiji, _, _ = discard_scene(make_app)
    panel = t.seat_rect(0).center
    drag_to(app, t.unit_rects[reiji].center, panel)
    assert t.drag is not None
    assert t.hint() == "Let go here to discard Reiji (Killed, for good)."
    app.step([mouse(pygame.MOUSEBUTTONUP, panel)], 0.016)
    assert s.record.actions == [A.DiscardCard(reiji)]
    assert reiji not in {u.card for u in s.view().units}
    assert reiji in s.view().seats[0].discard


def test_discard_phase_a_click_on_the_character_asks_in_a_menu_and_a_card_is_not_killed(
        make_app, monkeypatch):
    """A click on Reiji does not discard him: a menu offers "Discard Reiji (Killed, for
    good)", and so does his panel's button; a card of the hand, a Character too, is only
    discarded ("Discard Mio"). Mio on a Location has no discard to drag to."""
    from test_ui_combat_panel import painted
    from game.ui.table import panels
    s, app, t, reiji, mio, card = discard_scene(make_app)
    click(app, t.unit_rects[reiji].center)
    assert s.record.actions == [] and t.menu is not None
    assert [w for w, a in t.menu.items if a == A.DiscardCard(reiji)] == [
        "Discard Reiji (Killed, for good)"]
    said, hits = painted(monkeypatch, t, lambda p, surf: panels.inspector(
        p, surf, t.inspect, t.name))
    assert t.inspect == reiji and ("act", A.DiscardCard(reiji)) in [k for _, k in hits]
    assert "Discard Reiji (Killed, for good)" in said
    assert t.act_words(A.DiscardCard(card)) == "Discard Mio"
    assert ("discard",) not in t.drag_targets(("unit", mio))


def test_discard_phase_the_characters_in_the_haven_do_not_glow(make_app, monkeypatch):
    """A glow says what to do now: every Discard phase lit the Characters in the Haven,
    inviting a person to throw them away for good. The cards of the hand glow; Reiji's
    token is not lit."""
    s, app, t, reiji, _, card = discard_scene(make_app)
    lit = []
    real = type(t)._lit
    monkeypatch.setattr(type(t), "_lit", lambda self, surface, key, *a, **k:
                        lit.append(key) or real(self, surface, key, *a, **k))
    t._stale = True
    app.step([], 0.016)
    assert ("unit", reiji) not in lit, lit
    assert ("card", card) in t.board.click and ("unit", reiji) in t.board.drops
    held = A.DiscardCard(card)  # a card of the hand held: the panel glows for it
    t.armed = ("card", card)
    app.step([], 0.016)
    assert ("discard",) in lit and t.board.drops[t.armed][("discard",)] == held
