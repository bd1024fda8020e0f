"""Two window defects left open (s52, s53): the chips on the inspector's small faces ("x2",
"in use") overran their face by 2 to 3 px, and of two copies alike, shown as one face,
the mouse could take only the first."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_newcomer_s51 import _two_of_each  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

# From the least window (app.MIN_SIZE) up.
SIZES = [(960, 540), (1024, 600), (1280, 720), (1366, 768), (1920, 1080), (3840, 2160)]


def _looked_at(make_app, size):
    """Hero (two Walkers, the first in use, and two Gold Idols alike) in the inspector."""
    sc, hero, mate, used, spare = _two_of_each()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, size), s)
    click(t.app, t.unit_rects[hero].center)
    assert t.inspect == hero
    return sc, t, s, hero, mate


@pytest.mark.parametrize("size", SIZES)
def test_the_chips_drawn_on_small_faces_stay_within_them(make_app, monkeypatch, size):
    """The dark chips drawn over the inspector's faces ("x2" on the Idols, "in use" on a
    Walker) lie within the face they are on: "x2" stood 2 px past its face's right edge
    (3 px at 1920x1080), "in use" 3 px past each side of a 30-px face at 960x540."""
    from game.ui.table import ink
    sc, t, s, hero, mate = _looked_at(make_app, size)
    chips, real = [], pygame.draw.rect
    monkeypatch.setattr(pygame.draw, "rect", lambda surf, colour, rect, *a, **k: (
        chips.append(pygame.Rect(rect)) if colour == ink.PANEL and not a else None,
        real(surf, colour, rect, *a, **k))[1])
    t._stale = True
    t.app.step([], 0.016)
    faces = [r for r, k in t.hits if k[0] == "card" and t.lay.inspector.contains(r)]
    on = [(c, f) for c in chips for f in faces if c.colliderect(f) and c.w < f.w * 2]
    assert len({tuple(c) for c, _ in on}) >= 2  # "x2" and "in use"
    # A fanned stack's chips are on its top face, over the strips of those under it too.
    assert all(any(f.contains(c) for d, f in on if d == c) for c, _ in on), on


@pytest.mark.parametrize("size", SIZES)
def test_a_chips_words_fit_its_box_on_every_face_width(make_app, size):
    """At each size, on every width the inspector gives a face (its least, LEAST_OWN,
    to its largest): the chip's box is within the face and its words within the box, in
    type no smaller than 10 px; "in use" says "used" where it does not fit whole, and
    only under the least width of that (never at 960x540's 30-px faces) is there no
    chip, a rim in its colour round the face instead."""
    from game.ui.table import ink
    from game.ui.table.panels import inspect_panel as ip
    sc, t, s, hero, mate = _looked_at(make_app, size)
    p = t.painter([])
    for w in range(p.px(ip.LEAST_OWN), p.px(76) + 1):
        face = pygame.Rect(100, 100, w, w * 7 // 5)
        for ways, middle in [(("x2",), False), (("x10",), False), (ip.IN_USE, True)]:
            at = ip.chip_box(p, ways, face, middle)
            if at is None:
                assert ways == ip.IN_USE and w < ink.font(10, True).size("used")[0] + p.px(4)
                continue
            words, px, box = at
            text = ink.label(words, px, ink.TEXT, True).get_rect(center=box.center)
            assert face.contains(box) and box.contains(text), (size, w, words, box, text)
            assert ink.font(px, True).get_height() >= ink.font(10, True).get_height()
    assert ip.chip_box(p, ip.IN_USE, pygame.Rect(0, 0, p.px(40), p.px(56)), True) is not None


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_second_of_two_alike_copies_is_taken_by_its_own_face(make_app, size):
    """Two Gold Idols alike were one face "x2": a click or a drag on it took the first
    copy only, so a mouse could not give the second (the scripted mouse player, told by
    the easy AI to give the second, found no place to do it: s52, s53); s54 gave the
    second to the count's chip. Fanned now (s56w): the first shows a strip under the
    second, which lies whole on top; a drag from either gives that one, as large as the
    face while held."""
    from game.engine import actions as A
    sc, t, s, hero, mate = _looked_at(make_app, size)
    first, second = sc.unit(hero).items
    under = next(r for r, k in reversed(t.hits) if k == ("card", first))
    top = next(r for r, k in reversed(t.hits) if k == ("card", second))
    assert under.size == top.size and under.left < top.left
    strip = (under.x + 1, under.centery)
    assert t.hit(strip) == ("card", first) and t.hit(top.center) == ("card", second)
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, strip, 0),
                test_ui_table.mouse(pygame.MOUSEBUTTONDOWN, strip),
                test_ui_table.mouse(pygame.MOUSEMOTION, t.unit_rects[mate].center)], 0.016)
    assert t.drag is not None and t.drag[0] == ("card", first)
    assert t.drag[1].get_width() >= under.w  # the face held, not a strip-sized one
    before = len(s.record.actions)
    t.app.step([test_ui_table.mouse(pygame.MOUSEBUTTONUP, t.unit_rects[mate].center)], 0.016)
    assert s.record.actions[before:] == [A.Transfer(first, hero, mate)]


class _Blits(pygame.Surface):
    """A surface that notes where each picture is drawn on it (pygame's own is immutable)."""

    def __init__(self, size):
        super().__init__(size)
        self.drawn = []

    def blit(self, src, at, *a, **k):
        rect = super().blit(src, at, *a, **k)
        self.drawn.append((src, rect))
        return rect


@pytest.mark.parametrize("size", SIZES)
def test_the_inspectors_captions_stand_clear_of_the_faces_below(make_app, monkeypatch, size):
    """"Equipment" and "Items" over their faces are drawn whole (_flow): the faces stood
    px(14) below the caption's top, less than its line at every size, and
    were drawn over its descenders (the "q" and "p" of "Equipment")."""
    from game.ui.table import ink
    from game.ui.table.panels import inspect_panel as ip
    captions, real = [], ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: (
        surf := real(words, *a, **k), words in ("Equipment", "Items") and captions.append(surf))[0])
    sc, t, s, hero, mate = _looked_at(make_app, size)
    u = sc.unit(hero)
    p = t.painter([])
    surf = _Blits(t.app.screen.get_size())
    for width in (p.px(ip.LEAST_OWN), p.px(40), p.px(76)):
        surf.drawn.clear()
        ip._flow(p, surf, (p.px(8), p.px(8), p.px(300)),
                 (("Equipment", u.equipment, 0), ("Items", u.items, 0)), width)
        drawn = [r for src, r in surf.drawn if src in captions]
        others = [r for src, r in surf.drawn if src not in captions]
        assert len(drawn) == 2 and len(others) >= 3, (size, width)
        assert not [(c, f) for c in drawn for f in others if c.colliderect(f)], (size, width)
