"""s69's newcomer playtest, the window's part: the Off Field panel crowded at four
players, the Run Away hint, the Combat panel's card rows and the New game screen's
arrows."""
from __future__ import annotations


import pytest

import test_ui_table
from game.engine.state import MOVE, OffField
from test_ui_table import scene_app, scene_session, table
from test_window_s42w import written
from shots import shipped

make_app = test_ui_table.make_app
# As the playtest's four-player game left them (s69, 03_offfield_crowded): each seat's
# Global Effects with uses (used: how many of them), two Full Moon Risings (no uses: they
# stay), a Galactic Tax Audit endured by Player 4 one more turn ("t").
OFF = [("summer-festival-night", 0, 0), ("full-moon-rising", 1, None),
       ("full-moon-rising", 1, None), ("morning-radio-calisthenics", 2, 1),
       ("summer-festival-night", 2, 0), ("galactic-tax-audit", 3, "t"),
       ("supply-drop", 3, 0), ("training-arc", 0, 1)]


def crowded(make_app, size, n: int):
    from scene import Scene
    sc = Scene(shipped("global_effects", "disasters", "characters"), seats=4)
    sc.location((0, 0))
    sc.char("kaede-ironside", (0, 0))
    for cid, seat, used in OFF[:n]:
        card = sc.card(cid, seat)
        sc.st.off_field.append(OffField(card, seat, (), 1 if used == "t" else 0))
        if used and used != "t":
            sc.st.uses[(card, -1)] = used
    sc.turn(MOVE)
    return table(scene_app(make_app, sc, size), scene_session(sc, ["human"] + ["ai:random"] * 3))


@pytest.mark.parametrize("size,n,lines", [
    ((1280, 720), 7, "3 uses all game 1 use 3 uses 1 P4 turn 2 uses"),
    ((1280, 720), 8, "3 all game 1 3 1 2 1 Uses left; on a Disaster: turns"),
    ((960, 540), 7, "3 all game 1 3 1 2 Uses left; a Disaster: turns"),
    ((960, 540), 8, "3 all game 1 3 1 2 1 Uses left; a Disaster: turns")])
def test_basic_terms_uses_each_off_field_line_says_what_it_counts(make_app, monkeypatch,
                                                                   size, n, lines):
    """Basic Terms, Uses and Duration; Global Effects stay in play. Seven or eight cards
    Off Field at four players read "3 left", "1 left" (left of what?), the key under them
    missing, and the Full Moon Risings had no line at all (s69's playtest). Each line
    says "uses", how long, or is a count with, once under them, which count is which
    (a Disaster's turns beside Global Effects' uses); every card in the panel, no card
    over another group's."""
    t = crowded(make_app, size, n)
    said, hits = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    assert " ".join(w for w, _ in said[1:]) == lines, said
    assert all(t.lay.off_field.contains(r) for _, r in said), said
    cards = [(r, k[1]) for r, k in hits if k[0] == "card"]
    assert len(cards) == n and all(t.lay.off_field.contains(r) for r, _ in cards), cards
    ids = {c: t.board.card_id(c) for _, c in cards}
    for k, (r, c) in enumerate(cards):  # only copies of one card lie over each other
        assert all(ids[c] == ids[d] for s, d in cards[k + 1:] if s.colliderect(r)), cards


RUN_CARDS = """\
- {id: moon, name: Moon Base, type: location, categories: [Planetary]}
- {id: rift, name: Rift Gate, type: location, categories: [Dimensional]}
"""


def running_away(make_app, size, shut=("moon",) * 3):
    """The playtest's Run Away (08_runaway_onto_disaster): Daigo's group, Running Away
    from the Salaryman at (1, 0), has one Location to go to, a Disaster on it; the
    others next to it (`shut`) have a symbol none of the group has."""
    from scene import Scene
    from game.engine import actions as A
    from game.engine.options import Options
    from test_ui_combat_forecast import CARDS, GROUP
    sc = Scene(CARDS + RUN_CARDS, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    for cell, card in zip(((1, 1), (2, 0), (2, 1)), shut):
        sc.location(cell, card)
    sc.disaster("salaryman", (0, 0))
    sc.char(GROUP[0], (1, 0))
    foe = sc.disaster("salaryman", (1, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(foe), A.RunAway())
    assert [a for a in sc.legal()] == [A.RunTo((0, 0))]  # the engine: only the plain one
    return table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_basic_terms_run_away_the_bar_says_why_one_cell_glows(make_app, size):
    """Basic Terms, Run Away: "Move any remaining Characters 1 Location"; Rules for
    Locations: a Planetary one only with the symbol. One cell glowed, a Disaster on it,
    and the bar said only "click a glowing cell" (s69's playtest): it names the one
    open and why the others next to the group are shut, and the bar shows it whole."""
    t = running_away(make_app, size)
    hint = t.hint()
    assert hint == ("Running Away 1 Location: only Plain #1 (P1) is open; the 3 others next to "
                    "it are Planetary, which your group cannot enter."), hint
    t.draw(t.app.screen)
    assert " ".join(t.hint_rows) == hint, t.hint_rows


def test_run_away_each_shut_reason_counted(make_app):
    """Two symbols shut three cells: each reason with how many it shuts."""
    t = running_away(make_app, (1280, 720), shut=("moon", "rift", "moon"))
    assert t.hint() == ("Running Away 1 Location: only Plain #1 (P1) is open; the 3 others next "
                        "to it are 2 Planetary, 1 Dimensional (your group lacks the symbols)."
                        ), t.hint()


BRUTE = """\
- {id: brute, name: Space Pirate Admiral Gildmaw, type: disaster, class: major,
   abilities: {attack: 30, defense: 30, movement: 1}}
"""


@pytest.mark.parametrize("seats, size", [(2, (1280, 720)), (4, (1280, 720)),
                                         (4, (960, 540))])
def test_a_card_row_for_one_killed_says_so_faded(make_app, monkeypatch, seats, size):
    """Basic Terms, Kill: a Killed Character is out of play. The row "Stare-Down for Mio
    Sprocket" stayed as it was after Mio was Killed, as if the card still applied
    (s69's playtest, 04b_row_cut_killed): Guard Stance, drawn for Akane, Killed by the
    round's hit, reads "for Akane (Killed)", whole, its name faded."""
    from scene import Scene
    from game.engine import actions as A
    from game.ui.table import ink
    from test_rules_combat import CARDS
    from test_ui_s68_combat import combat_words, replayed_table
    from test_ui_s69_combat_panel import GUARD
    sc = Scene(CARDS + GUARD + BRUTE, seats=seats)
    sc.location((0, 0))
    sc.location((1, 0))
    heroes = [sc.char(c, (0, 0)) for c in ("hero", "akane", "ryoko")]
    brute = sc.disaster("brute", (0, 0), seat=1, brought_by=1)
    sc.combat_pile(0, "assault", "guard", "k1", "k2")
    sc.turn(MOVE)
    log = sc.do(A.Fight(brute), *[A.Declare(h, "attack") for h in heroes])
    assert sc.st.combat is not None and heroes[1] not in sc.st.units  # Akane Killed
    t = replayed_table(make_app, sc, log, size)
    faded = []
    real = ink.fit
    monkeypatch.setattr(ink, "fit", lambda w, px, width, col, *a: (
        faded.append(w) if col == ink.DIM else None) or real(w, px, width, col, *a))
    said = combat_words(monkeypatch, t, 0, fought=True)
    # (in brief beside the Pirate's card where both rows are shown, s70: how alone)
    # (s73: by her short name, as the rest of the Combat's panel names her, and then
    # with room for whose pile: "for Akane (Killed) · from your pile")
    rows = [w.split(" · ")[0] for w in said]
    assert [w for w in rows if w.startswith("for ") and w.endswith(("(Killed)", " Killed"))
            or w == "Killed"] in (
        ["for Akane (Killed)"], ["for one Killed"], ["Killed"]), said
    assert "Guard Stance" in faded, faded
    t.app.quit()


@pytest.mark.parametrize("size", [(960, 540), (1024, 600), (1280, 720), (1366, 768),
                                  (1920, 1080)])
def test_a_choice_s_words_keep_clear_of_its_arrows(make_app, monkeypatch, size):
    """The New game screen at four players: "Hot Springs Heroes" touched its ‹ and ›
    (s69's playtest, 07_newgame_arrows). Every value keeps a gap from both arrows, at
    every window size."""
    from game.ui import widgets
    from game.ui.scenes.new_game import NewGameScene
    app = make_app(size)
    scene = NewGameScene(app)
    app.push(scene)
    scene.seat_choice.adjust(4 - scene.seats)
    for i, deck in enumerate(("steel-rain", "moonlit-shrine", "neon-claws",
                              "hot-springs-heroes")):
        scene.deck_choices[i].set_options(scene.deck_choices[i].options, deck)
    app.step([], 1 / 60)
    from test_booth_s41k import said
    drawn = said(monkeypatch, widgets)
    app.step([], 1 / 60)
    gap = round(12 * min(size[0] / 1280, size[1] / 720))
    rows = [drawn[k - 2:k + 1] for k, (w, _) in enumerate(drawn) if k >= 2
            and drawn[k - 2][0] == "‹" and drawn[k - 1][0] == "›"]
    assert any(w == "Hot Springs Heroes" for *_, (w, _) in rows), drawn
    for (_, left), (_, right), (words, r) in rows:
        assert left.right + gap <= r.left and r.right + gap <= right.left, (words, left, r,
                                                                            right)


def test_run_away_with_most_cells_open_names_only_what_is_shut():
    """Seven of eight neighbours open (s69's second playtest): "only A, B, C, D, E, F or
    G are open" filled three lines of the bar and said "only" of nearly all. The glow
    shows the open cells; the words say how many and what shuts the rest."""
    from game.engine.terrain import Refusal
    from game.ui.table.words import run_hint
    lit = [f"Plain {k}" for k in range(7)]
    said = run_hint(lit, [None] * 7 + [Refusal("Rift Gate is Dimensional: your group lacks it",
                                               "Dimensional")])
    assert said == ("Running Away 1 Location: click one of the 7 glowing cells; one next to "
                    "it is Dimensional, which your group cannot enter."), said
    assert not any(name in said for name in lit)
    two = run_hint(lit[:2], [Refusal("Moon Base is Planetary", "Planetary")])
    assert two.startswith("Running Away 1 Location: only Plain 0 or Plain 1 are open;"), two
