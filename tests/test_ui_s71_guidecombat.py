"""s71: small-window and Combat readability. The guided game's Field lay over the combat
panel's title at 960x540; a click the lesson did not ask for, doing nothing, was met
with silence; the duel panel's foot said "None of yours attacks this round" under the
Attack buttons it offered; a Character's "Movement 1 (printed 2)" broke inside its
"(printed 2)" in the inspector at 960x540."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from shots import shot  # noqa: E402
from game.ui.table import panels  # noqa: E402
from game.ui.table.panels.rects import TITLE  # noqa: E402

SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def guided_combat(app, size, leave: bool = False):
    """The guided game at `size`, played by its script to its first Combat's panel
    (the guided seat asked to Run Away); `leave`: the lesson left first (no guide)."""
    app.resize(size)
    app.start_guide()
    s = app.session
    script = s.guide.script.actions
    if leave:
        app.leave_lesson()
    for _ in range(4000):
        t = app.top
        c = t.board.view.combat
        if c is not None and c.stage != "run" and t.combat_cover is not None \
                and s.human_to_act() and not t.animator.busy:
            return t
        if s.human_to_act() and s.handoff() is None and not t.animator.busy \
                and len(s.record.actions) == t.acted:
            t.send(script[s.state.actions])
        app.step([], 1 / 60)
    raise AssertionError("no Combat came")


@pytest.mark.parametrize("guided", [True, False])
@pytest.mark.parametrize("size", SIZES)
def test_the_combat_panel_s_title_is_clear_of_the_field(quiet_app, size, guided):
    """At 960x540 the guide's words and the combat panel left 101 px of the Field, and
    the smallest readable row of cells (135 px) was laid over the panel's title. A row
    under the panel is made small enough for that strip: nothing of the Field is drawn
    over the title, at every size, with the guide and without."""
    t = guided_combat(quiet_app, size, leave=not guided)
    quiet_app.step([], 1 / 60)
    shot(quiet_app, f"guide_combat_{size[0]}_{'guided' if guided else 'free'}")
    panel = panels.combat_rect(t.painter([]))
    title = pygame.Rect(panel.x, panel.y, panel.w, t.px(10) + t.px(TITLE))
    assert t.seen().bottom <= panel.top, (t.seen(), panel)
    assert not [r for r in t.lay.cells.values() if t.seen().colliderect(r) and
                r.colliderect(title)]
    assert t.board.view.combat.cell in t.lay.cells and \
        t.seen().contains(t.lay.cells[t.board.view.combat.cell])  # the fight still shows
