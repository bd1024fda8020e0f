"""The Field's pictures at the camera's scale: a tile per placed card, drawn once
per size and kept, and the tokens standing on them.

A tile's parts scale with its height (camera.py gives the smallest: 131 px at 1280x720,
13 px type). Drawing one takes milliseconds (its art is painted by code), so a
zoom to a rung not seen yet would stall a frame while thirty tiles and forty
tokens are drawn, and a card placed or a stack changed would take a frame's
time. So a picture something can stand in for waits: one drawn at another size,
scaled, or for a tile as it was before its counts changed, or for a card just
placed a plain one, for a frame or two, and the exact one is drawn in the
frames' spare time (`work`, from TableScene.idle).
"""
from __future__ import annotations

import re
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from game.ui.faces import TYPE_COLOURS
from game.ui.palette import lighter, mix

from . import ink
from .camera import SLACK, tile_size

KEEP_PX = 12_000_000  # tiles kept, in pixels (about 48 MB): every rung of a big Field
# A tile shorter than the smallest readable one (camera.lowest: the same at any window
# size) is one of a map, fitted or zoomed out: its name comes before its counts.
MAP_H = tile_size(0)[1] * (1 - SLACK)


def name_px(h: int) -> int:
    """The name's type size in a tile `h` px tall: 13 px at the smallest rung."""
    return max(11, min(22, round(h / 10)))


def pad(h: int) -> int:
    return max(2, round(h * 0.025))


def header(h: int) -> int:
    """Height of a tile's name (two lines, always: every tile's tokens start level)."""
    return pad(h) + 2 * ink.font(name_px(h), True).get_linesize() + pad(h)


def two_lines(words: str, font: pygame.font.Font, first: int, rest: int) -> list[str]:
    """The words in at most two lines, the first `first` px wide, the second `rest`,
    broken at spaces and after hyphens; what does not fit is cut with an ellipsis. A
    first word too wide for the first line begins on the second, the first left empty
    ("Scrapy… / of Giants" beside a Location's counts, a playtest)."""
    parts = re.findall(r"\S+?-(?=\S)|\S+", words)  # "Hundred-Lantern" breaks after "-"
    lines = [""]
    if parts and font.size(parts[0])[0] > first and font.size(parts[0])[0] <= rest:
        lines.append("")
    for part in parts:
        glue = "" if not lines[-1] or lines[-1].endswith("-") else " "
        width = first if len(lines) == 1 else rest
        if lines[-1] and font.size(lines[-1] + glue + part)[0] > width:
            if len(lines) == 2:
                lines[-1] += " …"  # more words than two lines hold
                break
            lines.append(part)
        else:
            lines[-1] += glue + part
    for k, width in enumerate((first, rest)[:len(lines)]):
        line = lines[k]
        while font.size(line)[0] > width and len(line) > 1:
            line = line[:-2] + "…"
        lines[k] = line
    return lines


def _cut(lines: list[str]) -> bool:
    """Whether two_lines cut the name (an ellipsis at a line's end)."""
    return any(line.endswith("…") for line in lines)


class Tiles:
    def __init__(self, faces, db, card_ids: tuple[str, ...]):
        self.faces, self.db = faces, db
        self.card_ids = card_ids  # instance -> card id (Equipment under a Location is face up)
        self._kept: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._px = 0
        self._sizes: dict[Hashable, set[tuple[int, int]]] = {}  # sizes drawn, per picture
        self.short = False  # a stand-in was used this frame: draw again next frame
        # Per cell and card: (size, the tile last drawn). Not per card: mirror decks lay
        # two Havens of one card, and a stand-in for Player 1's wore Player 2's edge and
        # badge (s65).
        self._last: dict[tuple, tuple] = {}
        self._owed: dict[Hashable, Callable[[], pygame.Surface]] = {}  # stood in for
        self._make_ms = 2.0  # the longest picture of late, decaying (`work`)
        self._waited = 0  # frames begun owing pictures since `work` last drew one
        self._working = False
        self._frames = 0  # frames begun: the first is the table's opening

    def new_frame(self) -> None:
        self.short = False
        self._waited = self._waited + 1 if self._owed else 0
        self._frames += 1

    def _put_off(self) -> bool:
        """Whether a picture something can stand in for waits for `work`: yes, unless
        pictures have waited three frames with no spare time between them (a test
        stepping frames, a machine too busy), when frames draw them."""
        return not self._working and self._waited < 3

    def work(self, budget_ms: float) -> bool:
        """The pictures stood in for, drawn between frames, each begun only if the
        longest of late (`_make_ms`, decaying) would still fit in `budget_ms`: True if
        any was."""
        start, made = time.perf_counter(), False
        self._working = True
        try:
            while self._owed:
                if (time.perf_counter() - start) * 1000 + self._make_ms > budget_ms:
                    if not made:  # none fits: the estimate eases, so one is begun soon
                        self._make_ms *= 0.8
                    break
                t = time.perf_counter()
                self._owed.pop(next(iter(self._owed)))()
                self._make_ms = max((time.perf_counter() - t) * 1000, self._make_ms * 0.9)
                made = True
        finally:
            self._working = False
        if made:
            self._waited = 0
        return made

    def _picture(self, base: Hashable, size: tuple[int, int], make: Callable[[], pygame.Surface],
                 cached: Callable[[tuple[int, int]], pygame.Surface]) -> pygame.Surface:
        sizes = self._sizes.setdefault(base, set())
        if size in sizes:
            return cached(size)
        if sizes and self._put_off():
            near = min(sizes, key=lambda s: abs(s[1] - size[1]))
            self.short = True
            self._owed[(base, size)] = lambda: self._picture(base, size, make, cached)
            return pygame.transform.scale(cached(near), size)  # for a frame or two: fast
        pic = make()
        sizes.add(size)
        return pic

    def token(self, card_id: str, size: int) -> pygame.Surface:
        def drawn(s):
            return self.faces.token(card_id, s[0])
        return self._picture(("token", card_id), (size, size), lambda: drawn((size, size)), drawn)

    def tile(self, place, card_id: str, size: tuple[int, int], counts: bool,
             numbered: bool, twin: bool = False,
             badge: tuple[tuple[str, ...], bool] | None = None) -> pygame.Surface:
        """`twin`: another Place of the decks has the same name (mirror decks); `badge`,
        a Location with Defense's Health (locations.badge)."""
        base = (card_id, place.kind, place.owner, place.under_disasters, place.under_items,
                place.under_equipment, place.destroyed, counts, numbered, twin, badge)

        def make(s=size):
            pic = self._draw(place, card_id, s, counts, numbered, twin, badge)
            self._keep((base, s), pic)
            self._last[place.cell, card_id] = (s, pic)
            return pic

        drawn = self._sizes.get(base, ())
        # A tile takes 2 to 10 ms (its art, its shade at a new size): drawn between
        # frames, while it stands as it was (its counts changed), scaled, or plain. Not
        # as the table opens: a plain card stands in for one just placed, under its
        # flight, and a Field laid before the table opened (a booth visitor's, set up
        # for them; a game continued) showed blank for three frames (s62).
        if not drawn and self._frames > 1 and self._put_off():
            self.short = True
            self._owed[(base, size)] = lambda: self.tile(place, card_id, size, counts, numbered,
                                                         twin, badge)
            last = self._last.get((place.cell, card_id))
            if last is None:
                return _plain(self.db[card_id], size)
            return last[1] if last[0] == size else pygame.transform.scale(last[1], size)

        def kept(s):
            pic = self._kept.get((base, s))
            if pic is None:
                return make(s)  # dropped to keep within KEEP_PX: drawn again
            self._kept.move_to_end((base, s))
            return pic
        return self._picture(base, size, make, kept)

    def _keep(self, key, pic: pygame.Surface) -> None:
        self._kept[key] = pic
        self._px += pic.get_width() * pic.get_height()
        while self._px > KEEP_PX and len(self._kept) > 1:
            (base, s), old = self._kept.popitem(last=False)
            self._px -= old.get_width() * old.get_height()
            self._sizes.get(base, set()).discard(s)

    def _draw(self, p, card_id: str, size: tuple[int, int], counts: bool,
              numbered: bool, twin: bool,
              badge: tuple[tuple[str, ...], bool] | None = None) -> pygame.Surface:
        """A Location or Haven: its art over the whole tile; along the top its name in
        up to two lines and, beside the first, the Haven's owner or the face-down
        stack's counts. A Location of a name another Place of the decks shares (mirror
        decks lay two) shows its placer's mark too, the "(P2)" the log and the menus
        name it by, from the first laid."""
        card = self.db[card_id]
        w, h = size
        r = pygame.Rect((0, 0), size)
        surf = pygame.Surface(size)  # opaque: it is blitted often while the camera glides
        surf.blit(self.faces.art(card_id, size), (0, 0))
        head = header(h)
        surf.blit(_shade(size, head), (0, 0))
        b, f = pad(h), name_px(h)
        right = w - 2 * b
        row = b
        tagged = p.kind == "haven" or twin
        if tagged:
            tag = ink.label(f"P{p.owner + 1}", f, ink.TEXT, True)
            m = ink.mark(p.owner, round(f * 1.15), False, numbered)
            right -= tag.get_width() + m.get_width() + 2
            at = right
            right -= round(f * 0.3)
        font = ink.font(f, True)
        stacks = [(p.under_items, "item"), (p.under_disasters, "disaster")]
        if p.under_equipment:
            stacks.insert(0, (len(p.under_equipment), p.under_equipment[0]))
        # Items (silver backs) then Disasters (purple backs) still face down here, and
        # first any Equipment dropped here (face up, its own small face). On a map's
        # tile, where they leave the name less than half its width beside them (a
        # whole Field of four seats fitted read "Throne…", "Koban …", s65's playtest),
        # the name takes both lines; the counts are the card's shown on hover and the
        # Location panel's. So too where the name beside them would be cut (a guided
        # Combat's 98 px tiles at 960x540: "Hundred- / Lantern Night …", s72).
        beside = right - sum(font.size(str(n))[0] + round(f * 0.85) + 1 + round(f * 0.3)
                             for n, _ in stacks)
        counts = counts and p.kind != "haven" and (h >= MAP_H or beside >= w // 2 and not _cut(
            two_lines(card.name, font, beside - 2 * b - 2, w - 3 * b)))
        if counts:
            for n, kind in stacks:
                back = (self.faces.back(kind, round(f * 0.85)) if isinstance(kind, str) else
                        self.faces.face(self.card_ids[kind], round(f * 0.85)))
                num = ink.label(str(n), f, ink.TEXT if n else ink.DIM, True)
                right -= num.get_width()
                surf.blit(num, (right, row))
                right -= back.get_width() + 1
                surf.blit(back, (right, row + 1))
                right -= round(f * 0.3)
        lines, down = two_lines(card.name, font, right - 2 * b - 2, w - 3 * b), 0
        if tagged and not counts and _cut(lines):
            # Beside the tag on a tile smaller than the readable (a guided Combat's at
            # 960x540, 98 px, s72) a mirror game's "Hundred-Lantern Night Market" was cut:
            # the tag at the second line's right, the first the tile's width.
            low = two_lines(card.name, font, w - 4 * b - 2, right - 2 * b - 2)
            if not _cut(low):
                lines, down = low, font.get_linesize()
        if tagged:
            surf.blit(m, (at, row + down + 1))
            surf.blit(tag, (at + m.get_width() + 2, row + down))
        for k, line in enumerate(lines):
            surf.blit(ink.label(line, f, ink.TEXT, True),
                      (2 * b, row + k * font.get_linesize()))
        if badge is not None:  # under the name, left, where tokens come last (bottom-up)
            _badge(surf, badge)
        edge = ink.owner_colour(p.owner) if p.kind == "haven" else \
            lighter(TYPE_COLOURS[card.type], 0.15)
        radius = max(4, round(h * 0.045))
        pygame.draw.rect(surf, edge, r, max(2, round(h * (0.03 if p.kind == "haven" else 0.016))),
                         border_radius=radius)
        if p.destroyed:
            pygame.draw.line(surf, ink.BAD, r.topleft, r.bottomright, 3)
            pygame.draw.line(surf, ink.BAD, r.topright, r.bottomleft, 3)
        return surf.convert() if pygame.display.get_surface() is not None else surf


def _plate(badge: tuple[tuple[str, ...], bool],
           size: tuple[int, int]) -> tuple[str, int, pygame.Rect]:
    """A Location's Health badge's words (locations.badge: the first of its ways that
    fits), their size and the plate's place on a tile of `size`: under the name, at the
    left. Measured, not drawn (the tokens are placed by it)."""
    ways, (w, h) = badge[0], size
    b, px = pad(h), max(11, round(name_px(h) * 0.85))
    words = ink.first_whole(ways, (px,), w - 4 * b - 8, True)[0]
    text = pygame.Rect((2 * b, header(h) + b), ink.font(px, True).size(words))
    return words, px, text.inflate(8, 2).move(4, 1)


def badge_rect(badge: tuple[tuple[str, ...], bool], size: tuple[int, int]) -> pygame.Rect:
    """Where a tile of `size` shows its Health badge (the tokens stand clear of it)."""
    return _plate(badge, size)[2]


def _badge(surf: pygame.Surface, badge: tuple[tuple[str, ...], bool]) -> None:
    """A Location's Health on a dark plate: green while full or open to the viewer's
    Scavenging, red once Damaged."""
    words, px, plate = _plate(badge, surf.get_size())
    good = badge[1]
    t = ink.label(words, px, ink.GOOD if good else ink.BAD, True)
    pygame.draw.rect(surf, (12, 8, 24), plate, border_radius=4)
    pygame.draw.rect(surf, ink.GOOD if good else ink.BAD, plate, 1, border_radius=4)
    surf.blit(t, t.get_rect(center=plate.center))


_SHADES: dict[tuple[int, int, int], pygame.Surface] = {}


def _shade(size: tuple[int, int], head: int) -> pygame.Surface:
    """Darkens a tile's art: a band for its name, then more toward the tokens."""
    key = (*size, head)
    if key not in _SHADES:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        for y in range(h):
            t = (y - head) / max(1, h - head)
            alpha = 175 if y < head else round(40 + 140 * t)
            pygame.draw.line(surf, (8, 6, 16, alpha), (0, y), (w, y))
        _SHADES[key] = surf
    return _SHADES[key]


def _plain(card, size: tuple[int, int]) -> pygame.Surface:
    """A tile for a frame or two until its picture is drawn: the card type's colour."""
    surf = pygame.Surface(size)
    surf.fill(mix(TYPE_COLOURS[card.type], (0, 0, 0), 0.6))
    pygame.draw.rect(surf, lighter(TYPE_COLOURS[card.type], 0.15), surf.get_rect(), 2,
                     border_radius=max(4, round(size[1] * 0.045)))
    return surf
