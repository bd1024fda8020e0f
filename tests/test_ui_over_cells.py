"""What the table draws over a cell for a while stays with the cell and over it: words
rising where something happened follow the cell when the Field slides or zooms under
them (as the Bonked plate and a defeated Disaster's fade do: AtCell), and the plate
saying where the Bonked and Killed go fits over their cell, not over the cells beside."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.ui.table.anims import Fallen, Float
from game.ui.table.tiles import header
from game.ui.table.words import Left

import test_ui_table
from test_ui_combat_forecast import Recorder
from test_ui_combat_panel import _last_blow
from shots import table_shot
from test_ui_fallen import normal

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rising_words_follow_their_cell_when_the_field_zooms(make_app, size):
    """Valen's blow on the Tengu Crow: "-2" and "Defeated!" rise over the Crow. The
    camera zooms while they show: they rise from the same place of the Crow's cell,
    as the cell is placed now (they stayed at their old place on the screen)."""
    sc, valen, crow = _last_blow()
    s, t = normal(make_app, sc, ["human"], size)
    cell = sc.unit(crow).pos
    t.send(A.Declare(valen, "attack"))
    t.app.step([], 0.016)
    words = [a for a in t.animator.anims if isinstance(a, Float)]
    assert len(words) >= 2
    while not words[0].tween.started:  # the first of them under way
        t.animator.update(1 / 30)

    def drawn():
        rec = Recorder(t.size)
        t._draw_anims(rec)
        at = next(r for pic, r in rec.drawn if pic is words[0].pic)
        return at, [a.at for a in words], t.lay.cells[cell]

    (rise0, starts0, r0) = drawn()
    t.camera.zoom(1, r0.center)
    t.camera.snap()
    t._place_field()
    (rise1, starts1, r1) = drawn()
    assert r1 != r0 and r1.w > r0.w  # the cell moved and grew
    for (x0, y0), (x1, y1), w in zip(starts0, starts1, words):
        assert abs(x1 - (r1.x + (x0 - r0.x) * r1.w / r0.w)) <= 2
        # (as far as the words' room lets them rise: their cell under its name)
        room, h = w.room(), w.pic.get_height()
        spot = w.rects()[0]  # the token's place in the cell as placed now
        assert abs(spot.y - (r1.y + (w.tokens[0][2][1]) * r1.h)) <= 1
        y = min(max(getattr(spot, w.point)[1], room.top + w.climb + h // 2),
                room.bottom - h // 2)
        assert room.top >= r1.top and room.bottom <= r1.bottom
        assert abs(y1 - y) <= 2
    assert rise1.centerx == starts1[0][0]  # drawn from there, risen as far
    assert starts1[0][1] - rise1.centery == starts0[0][1] - rise0.centery


@pytest.mark.parametrize("scale", [1.0, 1.5])  # 1280x720, 1920x1080
@pytest.mark.parametrize("fallen, left", [
    ([("bonked", "your", "the turn after next")], Left()),
    ([("killed", "Player 2's", "")], Left(1, 1)),
    ([("killed", "Player 2's", "")], Left(1, 1, ("Big Ogre",))),
    ([("bonked", "Player 3's", "the turn after next"), ("killed", "Player 2's", ""),
      ("bonked", "Player 4's", "the turn after next")],
     Left(2, 1, ("Big Ogre",)))])
def test_the_bonked_plate_fits_its_cell_on_the_smallest_tiles(monkeypatch, scale, fallen,
                                                                left):
    """A four-seat Field shows the smallest readable tiles (175 x 131 px at 1280x720,
    hardly larger at 1920x1080). The plate over Characters Bonked or Killed there was
    half as wide again as the tile, over the cells at its sides and the tokens above:
    now it lies inside its own cell, under the whole of its name: pushed up from the
    cell's bottom, it hid the name's second line ("Aband… / Missile Silo" read "Aband…").
    Words too many for the cell's body (three lines, three fallen) run down past its
    bottom, over the name of the cell below. Every word of its lines is said whole
    (lines broken at spaces, no ellipsis), in type no smaller than a token's name
    (11 px)."""
    import pygame
    from game.ui.table import ink
    from game.ui.table.camera import lowest, tile_size
    from game.ui.table.tween import Tween
    from game.ui.table.words import fallen_text
    pygame.init()
    cell = pygame.Rect((400, 300), tile_size(lowest(scale), scale))
    said: list[tuple[str, int]] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, px, *a, **k: said.append((words, px))
                        or real(words, px, *a, **k))
    mark = Fallen(Tween(1.0), (0, 0), lambda: cell, 0.0, 0.1)
    token = pygame.Surface((40, 40))
    for k, (how, whose, when) in enumerate(fallen):
        said.clear()  # the words for all of them, as the last one adds its own
        mark.add(token, (0.1 + 0.3 * k, 0.4, 0.25), how, whose, when,
                 left if k == 0 else Left(),
                 lambda n: round(n * scale))
    mark.tween.tick(0.5)
    rec = Recorder((1200, 900))
    mark.draw(rec)
    plate = rec.drawn[-1][1]
    assert cell.left <= plate.left and plate.right <= cell.right, (plate, cell)
    assert plate.top == cell.y + header(cell.h), (plate, cell)  # never over its name
    lines = fallen_text(fallen, left)
    if len(lines) <= 2:  # in its cell's body (more: as little past its bottom as can be)
        assert cell.contains(plate), (plate, cell)
    assert " ".join(w for w, _ in said).split() == " ".join(lines).split()
    assert min(px for _, px in said) >= 11 and not any("…" in w for w, _ in said)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("fallen", [["bonked"], ["killed"], ["killed", "killed"]])
def test_the_fallen_plate_leaves_the_name_and_counts_of_its_cell_clear(make_app, size,
                                                                        fallen):
    """A Character Killed in a duel at the smallest tiles: its plate ("Killed: to your
    discard pile") lay over "Orbital Drydock Kestrel" and its counts as the Combat
    there ended (s27 newcomer audit). The plate is under the name where the cell's
    body holds it, else against the cell (s72: never over the person's Characters
    still there), its name and counts clear."""
    t, a, b, cell = two_at_one_cell(make_app, size)
    t.aim(zoom=1.0, focus="{},{}".format(*cell))  # the smallest readable tiles
    units = [a, b][:len(fallen)]
    t._gone, t._gone_cells = {u: t.unit_rects[u] for u in units}, dict(t.lay.cells)
    for u, how in zip(units, fallen):
        t.animator.feed(hit(u, 4, how), t, 0, t.seat_name)
    for u, how in zip(units, fallen):
        t.animator.feed((E.Bonked if how == "bonked" else E.Killed)(u, cell), t, 0,
                        t.seat_name)
    t._gone, t._gone_cells = {}, {}
    plate = next(m for m in t.animator.marks if isinstance(m, Fallen))
    seen = 0
    while plate in t.animator.marks:
        rec = Recorder(t.size)
        t._draw_anims(rec)
        here = t.lay.cells[cell]
        for pic, r in rec.drawn:
            if any(pic is p for p in plate.plates.values()):
                seen += 1
                name = pygame.Rect(here.x, here.y, here.w, header(here.h))
                assert not r.colliderect(name) and r.inflate(6, 6).colliderect(here), (r, here)
                if seen == 1:
                    table_shot(t, f"over_cells_fallen_{len(fallen)}_{size[0]}")
        t.animator.update(1 / 10)
    assert seen


def two_at_one_cell(make_app, size):
    """A standard game's Move phase at `size`, animations at their normal speed: the
    table, two of the person's Characters at one cell, and the cell."""
    s = test_ui_table.session(test_ui_table.STANDARD, ["human", "ai:random"])
    test_ui_table.until(s, lambda s: s.view().phase == "move")
    t = test_ui_table.table(make_app(size), s)
    t.clock.factor = 1.0
    mine = [u for u in s.view().units if u.owner == 0 and not u.disaster]
    b = next(u.card for u in mine[1:] if u.pos == mine[0].pos)
    return t, mine[0].card, b, tuple(mine[0].pos)


def hit(target: int, damage: int, result: str) -> E.CombatHit:
    """A Disaster's hit on a Character of Health 3."""
    return E.CombatHit(1, target, "character", None, (3,), 4, 3, damage, 3,
                       3 - damage, 3, result, (), False)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_words_rising_at_one_cell_stack_and_never_overlap(make_app, size):
    """Kaede took no Damage, then Sayo beside her was Bonked: "No damage" and "Bonked!"
    drew over each other as "No Bonked!". Words rising at one cell stack: at no frame
    do two of them overlap."""
    t, a, b, _ = two_at_one_cell(make_app, size)
    for e in (hit(a, 0, "ok"), hit(b, 4, "bonked")):
        t.animator.feed(e, t, 0, t.seat_name)
    words = [f for f in t.animator.anims if isinstance(f, Float)]
    assert len(words) == 3
    met = False
    while t.animator.anims:
        rec = Recorder(t.size)
        t._draw_anims(rec)
        drawn = [r for pic, r in rec.drawn if any(pic is f.pic for f in words)]
        met |= len(drawn) == 3
        assert all(r.collidelist(drawn[:k]) < 0 for k, r in enumerate(drawn)), drawn
        t.animator.update(1 / 30)
    assert met  # all three showed at once


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rising_words_stay_in_their_cell_under_its_name_and_its_plate(make_app, size):
    """Risen from a token's top, "Bonked!" lay on the name of the cell above, "No
    damage" over another cell, "Defeated!" over the Bonked plate's words (a verifying
    audit). Words stay in their own cell, under its name, stacked as before, and the
    plate's words are drawn over theirs."""
    t, a, b, cell = two_at_one_cell(make_app, size)
    t._gone, t._gone_cells = {b: t.unit_rects[b]}, dict(t.lay.cells)
    for e in (hit(a, 0, "ok"), hit(b, 4, "bonked"), E.Bonked(b, cell)):
        t.animator.feed(e, t, 0, t.seat_name)
    t._gone, t._gone_cells = {}, {}
    words = [f for f in t.animator.anims if isinstance(f, Float)]
    plate = next(m for m in t.animator.marks if isinstance(m, Fallen))
    assert len(words) == 3
    seen = 0
    while t.animator.anims:
        rec = Recorder(t.size)
        t._draw_anims(rec)
        here = t.lay.cells[cell]
        on = [k for k, (pic, r) in enumerate(rec.drawn)
              if any(pic is p for p in plate.plates.values())]
        drawn = [r for pic, r in rec.drawn if any(pic is f.pic for f in words)]
        under = [k for k, (pic, r) in enumerate(rec.drawn) if any(pic is f.pic for f in words)]
        seen = max(seen, len(drawn))
        for r in drawn:
            assert here.left <= r.left and r.right <= here.right, (r, here)
            assert r.top >= here.top + header(here.h) and r.bottom <= here.bottom, (r, here)
        for k in on:  # the plate's words drawn over any that meet it
            assert all(j < k for j in under if rec.drawn[j][1].colliderect(rec.drawn[k][1]))
        assert all(r.collidelist(drawn[:k]) < 0 for k, r in enumerate(drawn)), drawn
        t.animator.update(1 / 30)
    assert seen == 3
