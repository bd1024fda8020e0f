"""The s72 small-window fixes (960x540, found by earlier playtests): the inspector's
Movement line broken at a sensible place, a guided Combat's tiles naming their cards
whole, the Off Field panel's key line readable, and the duel panel's "card values" head
beside the chips it names."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
import test_ui_table  # noqa: E402
from shots import table_shot  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

SIZES = [(960, 540), (1280, 720)]

KART_CARDS = """\
- {id: hero, name: Hero Hoshino, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: mud, name: Mud Boots, type: enhancement, bonuses: {movement: "-1"}}
- {id: kart, name: Go Kart, type: equipment, bonuses: {movement: "+2"}}
"""


def kart_scene():
    """Seat 0's Move phase: a Hero whose Mud Boots lower its Movement to 1 (printed 2),
    carrying a Go Kart not yet in use (+2 Movement once it is)."""
    from scene import Scene
    from game.engine.state import MOVE
    sc = Scene(KART_CARDS, seats=2)
    for cell in ((0, 0), (1, 0), (0, 1)):
        sc.location(cell)
    sc.haven((1, 1))
    hero = sc.char("hero", (0, 0), enhancements=["mud"], equipment=["kart"])
    sc.char("hero", (1, 0), seat=1)
    sc.turn(MOVE)
    return sc, hero


@pytest.mark.parametrize("size", SIZES)
def test_the_inspector_breaks_the_movement_line_at_its_parenthesis(make_app, size,
                                                                    monkeypatch):
    """A playtest at 960x540: "Movement 1 (printed 2; 3 with the Kart in use)" wrapped
    mid-phrase ("... 3 with the" / "Kart in use)"). The line breaks where its parts
    meet: the total, then each part of the parenthesis whole on its row."""
    from game.ui.table import ink
    sc, hero = kart_scene()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    drawn: list[str] = []
    real = ink.fit

    def fit(words, px, width, *rest):
        drawn.append(words)
        return real(words, px, width, *rest)
    monkeypatch.setattr(ink, "fit", fit)
    click(app, t.unit_rects[hero].center)
    drawn.clear()
    t._stale = True
    app.step([], 0.016)
    table_shot(t, f"inspector_kart_{size[0]}")
    rows = [w for w in drawn if "Kart" in w or "Movement" in w or "printed" in w]
    said = " ".join(rows)
    assert "Movement 1" in said and "printed 2" in said and "3 with the Kart in use" in said
    # Each row starts a part: the total, "(printed 2;" or the Kart's whole.
    for row in rows:
        assert row.startswith(("Movement", "(", "3 with")), rows


# The Off Field key line's words: each says which count is which ("Uses left; on a
# Disaster: turns", "Numbers: uses left", ...).
KEYS = ("uses", "Uses", "turns")


@pytest.mark.parametrize("size,n", [((960, 540), 7), ((960, 540), 8), ((1280, 720), 8)])
def test_the_off_field_key_line_is_readable_at_960x540(make_app, monkeypatch, size, n):
    """Basic Terms, Uses: the Off Field panel's key under bare counts ("3", "1", which
    count is which) was 8 px at 960x540, unreadable (s71's playfix left it). It is 11 px
    at least, whole and inside the panel, at every size."""
    from game.ui.table import ink
    from test_ui_s69_offfield import crowded
    from test_window_s42w import written
    t = crowded(make_app, size, n)
    table_shot(t, f"offfield_{n}_{size[0]}")
    sizes, real = {}, ink.label

    def label(words, px, *rest, **kw):
        sizes[words] = px
        return real(words, px, *rest, **kw)
    monkeypatch.setattr(ink, "label", label)
    said, _ = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    keys = [(w, r) for w, r in said if any(k in w for k in KEYS) and not w[0].isdigit()]
    assert len(keys) == 1, said
    (words, rect), = keys
    assert "…" not in words and t.lay.off_field.contains(rect), (words, rect)
    assert sizes[words] >= 11, (words, sizes[words])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("theirs", [("daigo", "mika"), ("daigo", "mika", "sayo", "marlowe")])
def test_the_duel_panel_heads_the_other_side_s_chips_beside_them(make_app, monkeypatch, size,
                                                                 theirs):
    """Combat between players: "card values" over the other side's printed chips stood
    on the side's head line, 30 px over the chips at 1280x720 (read as part of "Player
    2 defends"), and at 960x540 was dropped for room. It stands just over the first
    row's chips, its right over theirs (not over Health), clear of every other word
    drawn; where the side's head would meet it, the head names the seat "P2"."""
    import pygame
    from game.ui.table import forecast, ink, panels
    from test_ui_combat_panel import duel_panel, titled_duel
    from test_ui_seat_panels import Recorder
    sc, _, foes = titled_duel(theirs=theirs)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    table_shot(t, f"duel_head_{len(foes)}_{size[0]}")
    made, words, kept = set(), {}, []  # (kept: the surfaces, their ids not reused)
    printed, label = forecast.printed, ink.label

    def chips(p, u):
        kept.append(out := printed(p, u))
        made.add(id(out))
        return out

    def named(w, *a, **k):
        kept.append(out := label(w, *a, **k))
        words[id(out)] = w
        return out
    monkeypatch.setattr(forecast, "printed", chips)
    monkeypatch.setattr(ink, "label", named)
    surf = Recorder(t.size)
    duel_panel(t)(t.painter([]), surf)
    monkeypatch.undo()
    panel = panels.duel_rect(t)
    blits = [(src, r) for src, r in surf.blits if panel.contains(r)]
    heads = [(src, r) for src, r in blits if words.get(id(src)) == "card values"]
    assert len(heads) == 1, [words.get(id(s)) for s, _ in blits]
    src, at = heads[0]
    inked = src.get_bounding_rect().move(at.topleft)
    # the first chips under it (a strip of one's own alike may be the same picture)
    chips = min((r for s, r in blits if id(s) in made and r.top >= inked.top),
                key=lambda r: r.top)
    assert 0 <= chips.top - inked.bottom <= t.px(4), (inked, chips)  # just over them
    assert chips.left < inked.right <= chips.right - t.px(30), (inked, chips)  # not Health
    others = [(words.get(id(s)), s.get_bounding_rect().move(r.topleft)) for s, r in blits
              if id(s) in words and s is not src]
    assert not [w for w, r in others if r.colliderect(inked)], others
    said = {words[id(s)] for s, _ in blits if id(s) in words}
    assert {"Player 1 attacks", "Player 2 defends"} <= said or size == (960, 540), said
    assert pygame.Rect(panel).contains(at)


def test_a_guided_combat_s_small_tiles_name_every_location_whole(quiet_app, monkeypatch):
    """A playtest at 960x540: the guided game's Combat leaves the Field a strip for
    tiles of 98 px (camera.ceiling), where a mirror game's Location tagged with its
    placer ("P1") was cut beside the tag: "Hundred- / Lantern Night …", "Umbrella /
    Graveyard in the …". At that size every shipped Location's name is drawn whole, as
    a twin (the guided game is a mirror game) and not; the tag still drawn."""
    from types import SimpleNamespace
    from game.ui.table import ink
    from test_ui_s71_guidecombat import guided_combat
    t = guided_combat(quiet_app, (960, 540))
    size = next(iter(t.lay.cells.values())).size
    assert size[1] < 110, size  # the strip's small tiles, not the readable ones
    table_shot(t, "guided_combat_960")
    drawn: list[str] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda w, *a, **k: drawn.append(w) or real(w, *a, **k))
    db = quiet_app.db
    for cid, card in db.cards.items():
        if card.type != "location":
            continue
        for twin in (False, True):
            drawn.clear()
            place = SimpleNamespace(kind="location", owner=0, under_items=1,
                                    under_disasters=0, under_equipment=(), destroyed=False)
            t.tiles._draw(place, cid, size, True, False, twin)
            lines = [w for w in drawn if w not in ("P1", "0", "1")]
            assert "".join(lines).replace(" ", "") == card.name.replace(" ", ""), \
                (card.name, twin, drawn)
            assert ("P1" in drawn) == twin, drawn
