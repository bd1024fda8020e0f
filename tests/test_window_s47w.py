"""What a newcomer found playing the window (s47w): whose Vehicle keeps a Character
out, the curtain's button not saying it takes no press yet, a note over the Disaster
fought, the other side's numbers in a duel, four-seat panels' counts. Set SHOTS to a
folder to keep what each test drew."""
from __future__ import annotations


import pygame
import pytest

import test_ui_table
from game.ui.table import ink
from shots import shot

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


# 3. Whose Vehicle keeps a Character out -------------------------------------------------

@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_vehicle_that_keeps_characters_out_is_named_with_its_owner(make_app, monkeypatch,
                                                                      size):
    """Rules for Equipment: "other Characters in the group cannot engage in Combat until
    the Vehicle stops". The duel panel said "kept out by Walker" on both sides, and a
    newcomer asked whose Walker: it says "your Walker" on the viewer's side and "Player
    2's Walker" on the other's, whole."""
    from scene import Scene
    from game.engine import actions as A
    from game.engine.options import Options
    from game.engine.state import MOVE
    from test_ui_combat_panel import GEARED, duel_panel, painted
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(GEARED, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0), equipment=["walker"] if c == "valen" else ())
            for c in ("valen", "pawlina")]
    foes = [sc.char(c, (0, 0), seat=1, equipment=["walker"] if c == "daigo" else ())
            for c in ("daigo", "mika")]
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    ride, = sc.unit(foes[0]).equipment
    sc.unit(foes[0]).using.append(ride)  # put to use in its own Turn, before this one
    walker, = sc.unit(mine[0]).equipment
    sc.do(A.UseEquipment(walker, mine[0]), A.Challenge(1, (0, 0)))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    said, _ = painted(monkeypatch, t, duel_panel(t))
    monkeypatch.undo()
    assert "kept out by your Walker" in said, said
    assert "kept out by Player 2's Walker" in said, said
    assert not [w for w in said if w.endswith("…")], said
    t.app.step([], 0.016)
    shot(t.app, f"kept-out-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_kept_out_reason_reads_whole_in_the_combat_panel(make_app, monkeypatch, size):
    """Rules for Equipment: Daigo in the Battle Walker keeps the others out. In the
    Combat panel their reason goes over Attack and Protect, a point or two smaller
    before it is cut; at 960x540 "Kept out by your Wal…" was cut even so: there (the
    group is the viewer's own) it says "Kept out by Walker", whole."""
    from test_ui_combat_forecast import _riding, combat_panel, opened
    from test_ui_combat_panel import painted
    sc, chars, _ = _riding(3)
    s, t = opened(make_app, sc, size)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    monkeypatch.undo()
    kept = [w for w in said if w.startswith("Kept out")]
    assert len(kept) == len(chars) - 1, said
    assert set(kept) <= {"Kept out by your Walker", "Kept out by Walker"}, kept
    if size != (960, 540):
        assert set(kept) == {"Kept out by your Walker"}, kept
    t.app.step([], 0.016)
    shot(t.app, f"kept-out-combat-{size[0]}x{size[1]}")


# 2. The hand-off curtain says when it takes a press ----------------------------------

@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_curtain_button_shows_it_is_not_ready_yet(make_app, size):
    """Hidden information (R16): for HANDOFF_GUARD after the person leaving acts, the
    curtain takes no seat (a quick second Space showed the next hand to the one
    leaving). A newcomer's click then was lost unseen. The button is drawn dim, a gold
    bar along its foot filling, until it takes a press; then gold as before."""
    from game.ui.table.input import HANDOFF_GUARD
    from test_ui_table import at_a_hand_over, key
    s, app, t = at_a_hand_over(lambda: make_app(size))
    key(app, pygame.K_SPACE)  # ends the phase: the curtain rises
    assert s.handoff() is not None
    app.step([], 0.016)
    b = t.curtain_button
    fill = app.screen.get_at((b.x + t.px(14), b.centery - t.px(14)))[:3]
    assert fill != (150, 100, 20), fill  # not the gold of a button that takes a press
    bar = [app.screen.get_at((x, b.bottom - t.px(7)))[:3] for x in range(b.x + t.px(8),
                                                                      b.right - t.px(8))]
    gold = [x for x, c in enumerate(bar) if c == tuple(ink.GOLD)]
    assert gold and max(gold) < len(bar) // 2, len(gold)  # a little of the bar filled
    shot(app, f"curtain-waiting-{size[0]}x{size[1]}")
    app.step([], HANDOFF_GUARD / 2)
    app.step([], 0.016)
    bar = [app.screen.get_at((x, b.bottom - t.px(7)))[:3] for x in range(b.x + t.px(8),
                                                                      b.right - t.px(8))]
    assert len(gold) < len([c for c in bar if c == tuple(ink.GOLD)]) < len(bar)
    app.step([], HANDOFF_GUARD)
    app.step([], 0.016)
    assert app.screen.get_at((b.x + t.px(14), b.centery - t.px(14)))[:3] == (150, 100, 20)
    shot(app, f"curtain-ready-{size[0]}x{size[1]}")


# 1. A note in a Combat leaves the Disaster fought in sight ---------------------------

@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_note_in_a_combat_leaves_the_disaster_fought_in_sight(make_app, monkeypatch,
                                                                size):
    """A newcomer gave a Character Equipment it needs Pilot to use, in a Combat: the note
    ("... cannot use it: needs Pilot") came across the Field over the Combat's panel,
    on the Disaster being fought. It goes beside the cell fought in, still above the
    panel's buttons; out of a Combat it is where it was, across the Field. The places
    it might go are measured, its words drawn once, in the one it goes to (s48: each
    place tried was drawn, the long-message test read its lines twice)."""
    from test_ui_combat_forecast import fight, opened
    sc, _, disaster = fight()
    s, t = opened(make_app, sc, size)
    words = "Daigo carries Battle Walker but cannot use it: needs Pilot"
    t.say(words, note=True)
    drawn = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda w, *a, **k: drawn.append(w) or real(w, *a, **k))
    t.app.step([], 0.016)
    monkeypatch.undo()
    rows, _ = t._message_place(words)
    assert " ".join(rows) == words, rows  # whole
    assert [drawn.count(row) for row in rows] == [1] * len(rows), drawn
    assert not [w for w in drawn if w not in rows and len(w) > 12 and w in words], drawn
    box = t.message_rect
    assert not box.colliderect(t.unit_rect(disaster)), (box, t.unit_rect(disaster))
    assert not box.colliderect(t.cell_rect(t.board.view.combat.cell))
    assert box.bottom <= t.combat_cover.top and t.lay.field.contains(box)
    shot(t.app, f"note-in-combat-{size[0]}x{size[1]}")


# 4. A duel shows the other side's printed Attack and Defense --------------------------

@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("theirs", [("daigo", "mika"), ("daigo", "mika", "sayo", "marlowe")])
def test_a_duel_shows_the_other_side_s_printed_attack_and_defense(make_app, monkeypatch,
                                                                    size, theirs):
    """Combat between players: the other side's rows said Health alone (their totals
    are not in the view: a face-down Item may change them), leaving a newcomer nothing
    to judge the fight by. Each shows the Attack and Defense printed on its card as
    chips, beside its Health left, under the side's head "card values" (s71: "printed" alone read as a stray word), at
    every size; one's own rows their totals, as before."""
    from game.ui.table import forecast, panels
    from test_ui_combat_panel import duel_panel, titled_duel
    from test_ui_seat_panels import Recorder
    from test_ui_table import scene_app, scene_session, table
    sc, mine, foes = titled_duel(theirs=theirs)
    sc.unit(foes[0]).damage = 1
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    says: dict[int, tuple] = {}  # each strip made: the numbers it shows
    made: dict[int, set[int]] = {}  # each strip `printed` made: for whom
    words: dict[int, str] = {}
    strip, printed, label = forecast._strip, forecast.printed, ink.label
    monkeypatch.setattr(forecast, "_strip", lambda *a: says.setdefault(
        id(out := strip(*a)), a[:4]) and out)
    monkeypatch.setattr(forecast, "printed", lambda p, u: made.setdefault(
        id(out := printed(p, u)), set()).add(u.card) or out)
    monkeypatch.setattr(ink, "label", lambda w, *a, **k: words.setdefault(
        id(out := label(w, *a, **k)), w) and out)
    surf = Recorder(t.size)
    duel_panel(t)(t.painter([]), surf)
    monkeypatch.undo()
    panel = panels.duel_rect(t)
    blits = [(src, r) for src, r in surf.blits if panel.contains(r)]
    strips = [(src, r) for src, r in blits if id(src) in says]
    assert len(strips) == len(mine) + len(foes), strips  # one's own totals, as before
    heads = [r for src, r in blits if words.get(id(src)) == "card values"]
    # At 960x540 too, just over the chips (s72: it was dropped there for room).
    assert len(heads) == 1, heads
    theirs = [(src, r) for src, r in strips  # the side under the head
              if (r.top > heads[0].top if heads else id(src) in made)]
    shown = {(c, says[id(src)]) for src, _ in theirs for c in made.get(id(src), ())}
    cards = {(f, (sc.game.card(f).ability("attack"), sc.game.card(f).ability("defense"),
                  sc.game.card(f).base_health - sc.unit(f).damage, sc.game.card(f).base_health))
             for f in foes}
    assert shown == cards and (not heads or len(theirs) == len(foes)), (shown, cards)
    # over the chips' right, not over Health
    assert all(r.left < h.right <= r.right - t.px(30) for _, r in theirs for h in heads), \
        (heads, theirs)
    t.app.step([], 0.016)
    shot(t.app, f"duel-printed-{len(foes)}-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", [(960, 540), (1024, 600), (1600, 900)])
@pytest.mark.parametrize("n", [2, 5])
@pytest.mark.parametrize("viewer", [0, 1])
def test_printed_chips_are_drawn_over_nothing(make_app, monkeypatch, size, n, viewer):
    """The printed chips reach further left than Health alone did: where they made a
    row of one line a row of two, at 960x540 its two lines' letters met, and a row of
    two's last line reached with a descender ("protects Pawlina") the first pixel of the
    chips under it. A row the chips would make two lines keeps Health alone, and the
    numbers leave their line's spare pixel above them: nothing drawn in the panel over
    anything else, at the sizes where they were."""
    from game.ui.table import panels
    from test_ui_combat_overlap import assert_apart, drawn
    from test_ui_combat_panel import duel_panel, titled_duel
    from test_ui_table import scene_app, scene_session, table
    sc, _, _ = titled_duel(theirs=("daigo", "mika", "akiko", "sayo", "valen")[:n])
    seats = ["human", "ai:random"][::1 if viewer == 0 else -1]
    t = table(scene_app(make_app, sc, size), scene_session(sc, seats))
    assert_apart(drawn(monkeypatch, t, duel_panel(t)), panels.duel_rect(t))


# 5. Four seats: the Bonked row and the counts both --------------------------------------

@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1366, 768), (1920, 1080)])
def test_four_seat_panels_keep_the_counts_under_a_bonked_row(make_app, monkeypatch, size):
    """R9, R52. At four seats a panel's Bonked row took the room of the Hand, Draw and
    Combat counts and the Discard: a newcomer could not see how many cards another
    player held. Every panel says its Items held, its Bonked row, its counts and its
    Discard, whole, the letters of none over another's nor over the turn tag."""
    from test_window_s46w import inked, test_four_seat_panels_say_every_bonked_row_whole
    seen = {}
    real = test_ui_table.table

    def keep(app, s):
        seen["t"] = real(app, s)
        return seen["t"]
    monkeypatch.setattr(test_ui_table, "table", keep)
    import test_window_s46w
    monkeypatch.setattr(test_window_s46w, "table", keep)
    test_four_seat_panels_say_every_bonked_row_whole(make_app, monkeypatch, size)
    t = seen["t"]
    said = inked(t, monkeypatch, lambda p, surf: p.seats(
        surf, t.session.seats, ["Hot Springs Heroes"] * 4))
    for seat in range(4):
        panel = t.seat_rect(seat)
        mine = [(w, letters) for w, r, letters in said if panel.contains(r)]
        words = [w for w, _ in mine]
        assert any(w.startswith("Items held") for w in words), words
        assert any(w.startswith("Hand ") and "Combat" in w for w in words), (size, words)
        assert any(w.startswith("Discard ") for w in words), (size, words)
        assert any("Bonked" in w for w in words), words
        assert not [w for w in words if w.endswith("…")], words
        boxes = [b for _, b in mine]
        assert not [(a, b) for k, a in enumerate(boxes) for b in boxes[k + 1:]
                    if a.colliderect(b)], (size, mine)
    t.app.step([], 0.016)
    shot(t.app, f"four-seats-{size[0]}x{size[1]}")


def test_a_long_vehicle_name_keeps_the_reason_whole_at_960x540(make_app, monkeypatch):
    """The same, the Vehicle named "Dragonfly Gyrocopter": at 960x540 "Kept out by
    Gyrocop…" was cut even without "your" (s48 newcomer): the reason then says only the
    kind, "Kept out: Vehicle", whole; at 1920x1080 the name fits and is kept."""
    import test_ui_combat_forecast as forecast
    from test_ui_combat_panel import painted
    monkeypatch.setattr(forecast, "RIDE", forecast.RIDE.replace(
        "name: Battle Walker", "name: Dragonfly Gyrocopter"))
    for size, want in (((960, 540), {"Kept out: Vehicle"}),
                       ((1920, 1080), {"Kept out by your Gyrocopter"})):
        sc, chars, _ = forecast._riding(3)
        s, t = forecast.opened(make_app, sc, size)
        with monkeypatch.context() as m:
            said, _ = painted(m, t, forecast.combat_panel(t))
        kept = [w for w in said if w.startswith("Kept out")]
        assert len(kept) == len(chars) - 1 and set(kept) == want, (size, said)
        t.app.step([], 0.016)
        shot(t.app, f"long-vehicle-{size[0]}x{size[1]}")
