"""The s72 playtest's findings at the window (a newcomer's whole games of the standard
level at 1280x720 and 960x540, and the mirror level, against the normal AI)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import test_ui_table  # noqa: E402
from shots import shot  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402

from game.engine import actions as A  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _scavenged_at_the_hall(make_app, size):
    """Seat 0's Valen has Scavenged the Idol out of the Hall (it may become a Haven) in
    seat 0's Scavenge phase, against an AI seat; Valen clicked (his menu offers to build
    the Haven, his panel shows the Idol)."""
    from test_ui_combat_panel import TITLED
    from test_ui_window_s35w2 import IDOL
    from test_ui_window_s36m import HALL
    from scene import Scene
    from game.engine.state import SCAVENGE
    sc = Scene(TITLED + IDOL + HALL, seats=2)
    sc.location((0, 0), "hall", under=("idol",))
    valen = sc.char("valen", (0, 0))
    sc.turn(SCAVENGE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    s = t.session
    s.act(A.Scavenge((0, 0)))
    s.act(A.Retrieve(valen))
    t.app.step([], 0.016)
    click(t.app, t.unit_rects[valen].center)
    t.app.step([], 0.016)
    return t, valen


def test_the_hint_after_a_scavenge_keeps_what_to_do_beside_build_a_haven(make_app):
    """Rules for Locations: a group that Scavenged may turn the Location into a Haven,
    and may store or leave what it took (Items and gear). The Character chosen, its
    button "Build a Haven at Command Bunker" took the hint's room, and the bar's
    instruction was cut: "You have Scavenged this Turn (once a Turn). Click Sergeant
    Daigo Hatakeyama and drag the Item or Equi…" (s72's playtest, 1280x720 and
    960x540). Short of room, the hint is said without why no Location glows: what to
    do is drawn whole."""
    t, valen = _scavenged_at_the_hall(make_app, (960, 540))
    assert t.inspect == valen and A.BuildHaven((0, 0)) in t.board.legal
    assert any(k == ("act", A.BuildHaven((0, 0))) for r, k in t.hits
               if t.lay.bar.contains(r))  # the button is there
    shot(t.app, "s72-scavenged-hint-960")
    rows = " ".join(t.hint_rows)
    assert "…" not in rows, t.hint_rows
    assert rows.startswith(f"Click {t.name(valen)} and drag the Item") and \
        rows.endswith("to leave it, or End phase."), t.hint_rows
    t.app.quit()
