"""The table's animations, made from the viewer's share of each event.

The view is always the truth and is drawn at once; animations are drawn over
it (a card flying, a token walking, a Damage number rising) and may hide the
tokens they carry until they land. They play one after another, overlapping a
little, so a burst of AI events reads as a sequence.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from game.engine import events as E

from ..cardface import CARD_RATIO, card_height
from ..fonts import balanced_wrap, wrap
from . import ink
from .tiles import header
from .tween import Clock, Tween, in_out_cubic, lerp_pt, out_back, out_cubic
from .words import Left, charm_float, fallen_text

BONK_READ = 4.0  # seconds a Bonked token's words stay where it stood (normal speed)
DEAL_FLIGHT = 0.25  # seconds a card dealt face down under a Location flies (normal speed)


class Geometry(Protocol):
    """What the table tells the animator about where things are."""

    def cell_rect(self, cell: tuple) -> pygame.Rect | None: ...
    def unit_rect(self, unit: int) -> pygame.Rect | None: ...
    def cell_placed(self, cell: tuple) -> pygame.Rect | None: ...
    def unit_placed(self, unit: int) -> pygame.Rect | None: ...
    def seat_rect(self, seat: int) -> pygame.Rect: ...
    def hand_rect(self) -> pygame.Rect: ...
    def off_field_rect(self) -> pygame.Rect: ...
    def centre_rect(self) -> pygame.Rect: ...
    def card_stage(self, width: int) -> pygame.Rect: ...
    def vanished(self, unit: int) -> pygame.Rect | None: ...
    def cell_was(self, cell: tuple) -> pygame.Rect | None: ...
    def carried(self, unit: int) -> Left: ...
    def cell_of(self, unit: int) -> tuple | None: ...
    def cell_free(self, cell: tuple) -> pygame.Rect | None: ...
    def short_name(self, instance: int) -> str: ...
    def face(self, instance: int, width: int) -> pygame.Surface | None: ...
    def back(self, card_type: str, width: int) -> pygame.Surface: ...
    def token(self, instance: int, size: int) -> pygame.Surface | None: ...
    def owner(self, instance: int) -> int: ...
    def back_when(self, unit: int) -> str: ...
    def px(self, n: float) -> int: ...


class Anim:
    hides: frozenset[int] = frozenset()
    # Seconds (at the normal speed) a person needs, once it has played, to take in what
    # it left (Animator.look): nothing to add for a card that flew or turned over.
    look = 0.0

    def __init__(self, tween: Tween):
        self.tween = tween

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class Fly(Anim):
    """A picture moving between two rects; with `flip_to`, it turns over as it lands."""

    def __init__(self, tween, pic, src: pygame.Rect, dst: pygame.Rect,
                 flip_to: pygame.Surface | None = None, hides: frozenset[int] = frozenset(),
                 cover: pygame.Rect | None = None):
        super().__init__(tween)
        self.pic, self.src, self.dst, self.flip_to, self.hides = pic, src, dst, flip_to, hides
        self.cover = cover  # a cell drawn empty until the card lands there
        # Set as it is drawn (frame.py): what shows of the Field, where the cover may be
        # drawn, and the table below the phase bar, where the card stays. A card placed
        # in the Field's top row rose over the bar on its arc (and a cell half scrolled
        # up as the camera glid to fit the Field drew its cover there).
        self.area: pygame.Rect | None = None
        self.room: pygame.Rect | None = None

    def draw(self, surface):
        if self.cover is not None:
            cover = self.cover.clip(self.area) if self.area is not None else self.cover
            pygame.draw.rect(surface, (24, 19, 44), cover)
        if not self.tween.started:
            return
        t = self.tween.t
        cx, cy = lerp_pt(self.src.center, self.dst.center, t)
        w = self.src.w + (self.dst.w - self.src.w) * t
        h = self.src.h + (self.dst.h - self.src.h) * t
        cy -= math.sin(math.pi * self.tween.raw) * h * 0.25  # a little arc
        pic = self.pic
        if self.flip_to is not None:
            turn = abs(math.cos(math.pi * self.tween.raw))
            pic = self.pic if self.tween.raw < 0.5 else self.flip_to
            w *= max(0.05, turn)
        if w < 2 or h < 2:
            return
        img = pygame.transform.scale(pic, (round(w), round(h)))
        at = img.get_rect(center=(round(cx), round(cy)))
        surface.blit(img, at.clamp(self.room) if self.room is not None else at)


class Walk(Anim):
    """A token stepping from cell to cell: each step eased, a small hop per step."""

    look = 1.5  # where it ended: a step lasts 0.3 s, and a Run Away is one

    def __init__(self, tween, pic, points: list[tuple[int, int]], hop: int, hides):
        super().__init__(tween)
        self.pic, self.points, self.hop, self.hides = pic, points, hop, hides

    def draw(self, surface):
        if not self.tween.started:
            return
        steps = len(self.points) - 1
        at = min(self.tween.raw * steps, steps - 1e-9)
        k = int(at)
        part = in_out_cubic(at - k)
        x, y = lerp_pt(self.points[k], self.points[k + 1], part)
        y -= math.sin(math.pi * part) * self.hop
        surface.blit(self.pic, self.pic.get_rect(center=(round(x), round(y))))


class Flip(Anim):
    """A card turned over where it lies, held a moment so it can be read."""

    def __init__(self, tween, back, face, rect):
        super().__init__(tween)
        self.back, self.face, self.rect = back, face, rect

    def draw(self, surface):
        if not self.tween.started:
            return
        r = self.tween.raw
        turn = min(1.0, r * 2.5)  # the turn takes the first 40%, then it is read
        pic = self.back if turn < 0.5 else self.face
        w = max(2, round(self.rect.w * abs(math.cos(math.pi * turn))))
        img = pygame.transform.scale(pic, (w, self.rect.h))
        surface.blit(img, img.get_rect(center=self.rect.center))


class Banner(Anim):
    """A line across the Field: whose turn it is, the end of the game."""

    def __init__(self, tween, pic: pygame.Surface, rect: pygame.Rect):
        super().__init__(tween)
        self.pic, self.rect = pic, rect
        self.plate = pygame.Surface((rect.w, pic.get_height() * 2), pygame.SRCALPHA)
        self.plate.fill((10, 8, 20, 190))
        self.plate.blit(pic, pic.get_rect(center=self.plate.get_rect().center))

    def draw(self, surface):
        if not self.tween.started:
            return
        r = self.tween.raw
        alpha = min(1.0, r / 0.2, (1 - r) / 0.25)
        self.plate.set_alpha(round(255 * max(0.0, alpha)))
        surface.blit(self.plate, self.plate.get_rect(center=self.rect.center))


class AtCell(Anim):
    """Tokens the view no longer has, drawn where they stood in their cell as the cell
    is placed now (`cell_rect`, asked each frame): the camera may move meanwhile (a
    Combat between players ends, its panel goes, the Field slides under them)."""

    def __init__(self, tween, cell, cell_rect):
        super().__init__(tween)
        self.cell, self.cell_rect = cell, cell_rect
        self.tokens: list[tuple] = []  # (picture or None, greyed, place in the cell)
        self.area: pygame.Rect | None = None  # what shows of the Field (frame.py)

    def rects(self) -> list[pygame.Rect]:
        """Where the tokens stood, as their cell is placed now; none while the cell is
        out of sight (behind the combat panel, say): drawn at the nearest edge, they
        lay over another cell's tokens."""
        cell = self.cell_rect()
        if cell is None or self.area is not None and not self.area.colliderect(cell):
            return []
        return [pygame.Rect(cell.x + round(fx * cell.w), cell.y + round(fy * cell.h),
                            max(4, round(fw * cell.w)), max(4, round(fw * cell.w)))
                for _, _, (fx, fy, fw) in self.tokens]

    @staticmethod
    def blit(surface: pygame.Surface, pic: pygame.Surface, rect: pygame.Rect) -> None:
        """A token at its place, at the cell's zoom now (it may have changed)."""
        if pic.get_width() != rect.w:
            alpha, pic = pic.get_alpha(), pygame.transform.smoothscale(pic, rect.size)
            pic.set_alpha(alpha)
        surface.blit(pic, pic.get_rect(center=rect.center))


class Linger(AtCell):
    """A token the view no longer has (a Disaster defeated or gone), kept where it
    stood until the event that took it plays, then faded out."""

    def __init__(self, tween, cell, cell_rect, pic: pygame.Surface, at: tuple, fade: float):
        super().__init__(tween, cell, cell_rect)
        self.tokens.append((pic.copy(), None, at))
        self.fade = fade

    def draw(self, surface):
        rects = self.rects()
        if not rects:
            return
        pic, r = self.tokens[0][0], self.tween.raw
        pic.set_alpha(255 if r < 1 - self.fade else round(255 * (1 - r) / self.fade))
        self.blit(surface, pic, rects[0])


class Fallen(AtCell):
    """Characters Bonked or Killed at a cell: their tokens kept where they stood until
    the event plays (as Linger), then greyed, with lines saying where each goes (back
    in whose hand when; whose discard pile) and what became of what they
    carried; read for a few seconds, faded in and out once (no flashing)."""

    look = 2.0  # to read its words (which stay BONK_READ: the game does not wait)

    def __init__(self, tween, cell, cell_rect, start: float, fade: float):
        super().__init__(tween, cell, cell_rect)
        self.start, self.fade = start, fade
        self.fallen: list[tuple[str, str, str]] = []  # "bonked" or "killed", whose, when back
        self.left = Left()  # what they held: left under the Location, or taken
        self.words: list[str] = []
        self.px = round
        self.plates: dict[tuple[int, int], pygame.Surface] = {}  # by the cell's size
        self.going: tuple[float, int, float] | None = None  # give_way's: when, alpha, seconds
        # What the plate keeps clear of (frame.py, each frame): the Combat's tokens and the
        # Health badges; the Locations' titles; the other tokens (it is drawn over them).
        self.clear: tuple[list, list, list] = ([], [], [])

    def add(self, pic: pygame.Surface | None, at: tuple, how: str, whose: str, when: str,
            left: Left, px) -> None:
        """One more token Bonked or Killed (`how`) here in the same events (`at`: its
        place and size as fractions of the cell's), and the words for all of them."""
        grey = pygame.transform.grayscale(pic) if pic is not None else None
        self.tokens.append((pic.copy() if pic is not None else None, grey, at))
        self.fallen.append((how, whose, when))
        self.left += left
        self.words, self.px, self.plates = fallen_text(self.fallen, self.left), px, {}
        cell = self.cell_rect()
        if cell is not None:  # rendered now, not in the frame it first shows
            self.plate(cell.size)

    @property
    def alpha(self) -> int:
        """Opaque while they linger, then the words fade in, stay, and fade out at the end
        (or from when it gave way)."""
        if self.going is not None:
            at, was, seconds = self.going
            return round(was * max(0.0, 1 - (self.tween.elapsed - at) / seconds))
        r = self.tween.raw
        if r < self.start:
            return 255
        return round(255 * max(0.0, min(1.0, (r - self.start) / self.fade, (1 - r) / self.fade)))

    def give_way(self, read: float) -> None:
        """Fade out now, once its words have shown `read` seconds: the person at the
        screen is to choose among the tokens under it. After a hit, it hid a Haven's
        four tokens for seconds while the panel asked whom to attack (s35w, a48)."""
        tw = self.tween
        shown = tw.elapsed - tw.delay - self.start * tw.duration
        if self.going is None and shown >= read:
            seconds = self.fade * tw.duration
            self.going = (tw.elapsed, self.alpha, seconds)
            tw.duration = min(tw.duration, tw.elapsed - tw.delay + seconds)

    def plate(self, size: tuple[int, int]) -> pygame.Surface:
        """The greyed tokens and the words, for a cell of `size`, on a plate no wider
        than the cell: on a four-seat Field's tiles it was half as wide again, over the
        cells beside. The tokens go at the words' left, or over them where the words
        would have too little room beside them; the type is smaller, down to 11 px on
        the screen (a token's name on the smallest tile: a larger window's tiles at
        the lowest rung are hardly larger, its type is), and the lines broken where
        need be, into as few pieces as can be. Rendered once a size."""
        if size in self.plates:
            return self.plates[size]
        w, h = size
        pad = max(2, round(h / 40))
        greys = [g for _, g, _ in self.tokens if g is not None]
        options: list[tuple] = []
        for big in range(max(12, self.px(14)), 11, -1):  # down to 11 px, a token's name
            if options and min(options)[0][:3] == (False, 0, 0):
                break  # whole, unbroken, inside: none smaller comes before it
            sizes = {True: big, False: big - 1}  # the heads' and the rest's, a px less
            two = sum(ink.font(n, b).get_linesize() for b, n in sizes.items())
            for beside in (True, False) if greys else (False,):
                room = w - 4 * pad - (len(greys) * (two + pad) if beside else 0)
                grey = two if beside else min(two, (room + pad) // max(1, len(greys)) - pad)
                if room < 1 or grey < 1:
                    continue
                styled = [(line, sizes[b], b) for line in self.words
                          for b in [line.startswith(("Bonked:", "Killed:"))]]
                whole, rows, tall = True, 0, 0
                for line, n, b in styled:
                    f = ink.font(n, b)
                    whole = whole and all(f.size(word)[0] <= room for word in line.split())
                    k = len(wrap(line, f, room))  # (balanced_wrap's as many, slower)
                    rows, tall = rows + k, tall + k * f.get_linesize()
                tall = max(tall, grey) if beside else tall + (grey + pad if greys else 0)
                extra = rows - len(self.words)  # lines broken in two or more
                # Whole words, inside the cell under its name (else as little past its
                # bottom as can be); then unbroken lines, the largest type, beside; else
                # the fewest breaks (they read worst), the lowest plate.
                over = max(0, tall + 2 * pad - (h - header(h)))
                options.append(((not whole, over, extra, tall if extra else 0,
                                 len(options)), beside, grey, tall, room, styled))
        _, beside, grey, tall, room, styled = min(options)
        rows = [(row, n, b) for line, n, b in styled
                for row in balanced_wrap(line, ink.font(n, b), room)]
        pics = [ink.label(row, n, ink.GOLD if b else ink.TEXT, b) for row, n, b in rows]
        greys = [pygame.transform.smoothscale(g, (grey, grey)) for g in greys]
        span = len(greys) * (grey + pad) - pad if greys else 0
        text_w = max(t.get_width() for t in pics)
        back = pygame.Surface((4 * pad + (span + pad + text_w if beside and greys
                                          else max(span, text_w)), tall + 2 * pad),
                              pygame.SRCALPHA)
        pygame.draw.rect(back, (10, 8, 20, 225), back.get_rect(), border_radius=pad * 2)
        pygame.draw.rect(back, ink.GOLD, back.get_rect(), 1, border_radius=pad * 2)
        x = 2 * pad if beside else (back.get_width() - span) // 2
        for g in greys:
            back.blit(g, (x, pad + (tall - grey) // 2 if beside else pad))
            x += grey + pad
        left = x if beside and greys else 2 * pad  # the words centred in what is left
        y = pad + ((tall - sum(t.get_height() for t in pics)) // 2 if beside
                   else grey + pad if greys else 0)
        for t in pics:
            back.blit(t, t.get_rect(midtop=(left + (back.get_width() - 2 * pad - left) // 2, y)))
            y += t.get_height()
        self.plates[size] = back
        return back

    def draw(self, surface):
        rects, cell = self.rects(), self.cell_rect()
        if not rects:
            return
        if self.tween.raw < self.start:  # the hit that Bonks them has not played yet
            for (pic, _, _), at in zip(self.tokens, rects):
                if pic is not None:
                    self.blit(surface, pic, at)
            return
        # Then the plate under the whole of the cell's name (else where `place` finds
        # room): over the name it hid the Location and its counts as the Combat there
        # ended, and one pushed up from the cell's bottom hid the name's second line
        # ("Aband… / Missile Silo" read "Aband…"). One taller than the cell's body
        # (three fallen, with much to say) runs down over the name of the cell below.
        back = self.plate(cell.size)
        back.set_alpha(self.alpha)
        surface.blit(back, self.place(cell, back.get_size()))

    def place(self, cell: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """Where the plate goes: under the cell's name, unless it would cover what
        `clear` keeps first (it hid the target of the Combat on show there, and a
        Location's Health badge, s70; the viewer's Characters there, s71); then below
        that badge, just above or below the cell's tokens, over its name, or against
        the cell, outside it (below, above, at either side): the one covering least,
        in `clear`'s order. A token the plate touches counts whole: one with its last
        line cut (its name, its Health) reads no better than one hidden (s71)."""
        keep, titles, tokens = self.clear
        mine = [r for r in keep + tokens if cell.contains(r)]
        tops = [cell.y + header(cell.h)] + [r.bottom + 2 for r in mine] + \
            [r.top - size[1] - 2 for r in mine] + [cell.y]
        (w, h), x = size, cell.centerx - size[0] // 2
        plates = [pygame.Rect(x, top, w, h) for top in tops] + [
            pygame.Rect(x, cell.bottom + 2, w, h), pygame.Rect(x, cell.top - 2 - h, w, h),
            pygame.Rect(cell.right + 2, tops[0], w, h),
            pygame.Rect(cell.left - 2 - w, tops[0], w, h)]
        best = None
        for plate in plates:
            if self.area is not None:
                plate.clamp_ip(self.area)
            cost = (covered(plate, keep), covered(plate, titles), covered(plate, tokens, True))
            if best is None or cost < best[0]:
                best = (cost, plate)
        return best[1]


def covered(box: pygame.Rect, rects: list[pygame.Rect], whole: bool = False) -> int:
    """How much of `rects` the `box` covers, in square pixels (`whole`: the whole of
    each it touches)."""
    return sum(r.w * r.h if whole else box.clip(r).w * box.clip(r).h
               for r in rects if box.colliderect(r))


class Float(AtCell):
    """Words that rise and fade over what they tell of (Damage, Bonked!, Defeated!),
    from a point (`point`: "center", "midtop") of a token-sized spot in a cell, as the
    cell is placed now (AtCell): the Field may slide or zoom while they show (a Combat's
    panel goes). Without a cell, `cell_rect` places the middle of the Field."""

    look = 1.0  # they fade as they end: what they told of (the panel's Health, its line)

    def __init__(self, tween, pic: pygame.Surface, cell, cell_rect, at: tuple, point: str,
                 rise: int, band: Callable[[], pygame.Rect | None] | None = None,
                 below: Callable[[], pygame.Rect | None] | None = None):
        super().__init__(tween, cell, cell_rect)
        self.tokens.append((None, None, at))
        self.pic, self.point, self.rise = pic, point, rise
        # Words of a Location's own (its Damage, "Open to Scavenge!"): kept to the cell's
        # part between its name and its tokens, where its Health badge is, not drawn
        # while they show (Animator.muted): they lay over each other and the tokens.
        self.band = band
        # Words kept under this part of their cell (its name and Health badge, cell_free):
        # a Charm's result rose over both (s70 playtest).
        self.below = below
        self.words = pic  # as rendered; `pic` is them fitted to their room (fit)
        # Pixels above its own place, set as it starts, clear of the words already
        # rising there (Animator.stack): they drew over each other ("No Bonked!").
        self.lift: int | None = None

    def room(self) -> pygame.Rect | None:
        """Where the words may be: their cell under its name, within what shows of the
        Field (`area`), never over a panel (a Bonked plate there is drawn over them:
        frame._draw_anims). Risen from a token's top, "Bonked!" lay on the name of the
        cell above, "No damage" over another cell. Without a cell, what shows."""
        cell = self.cell_rect()
        if cell is None:
            return None
        band = self.band() if self.band is not None else None
        if band is not None and band.h >= 18:
            cell = band
        elif self.cell is not None:
            top = cell.y + header(cell.h)
            if self.below is not None and (over := self.below()) is not None:
                top = max(top, over.bottom)
            cell = pygame.Rect(cell.x, top, cell.w, cell.bottom - top)
        return cell.clip(self.area) if self.area is not None else cell

    def fit(self) -> None:
        """The words made smaller where their room is narrower than they are, or too low
        for three of them to rise one above another (the smallest tiles), down to 18 px
        tall: "No damage" was wider than the cell, over the ones beside it."""
        room, (w, h) = self.room(), self.words.get_size()
        few = 1 if self.band is not None else 4  # a Location's own rise one at a time
        k = 1.0 if room is None or self.cell is None else \
            max(18 / h, min(1.0, (room.w - 4) / w, room.h / (few * h)))  # (read: 15 px type)
        size = (max(1, round(w * k)), max(1, round(h * k)))
        if self.pic.get_size() != size:
            self.pic = self.words if k == 1.0 else pygame.transform.smoothscale(self.words, size)

    @property
    def climb(self) -> int:
        """How far the words rise: `rise`, or as far as their room lets them, leaving
        room for others to rise beside them (Animator.stack)."""
        room = self.room()
        share = room.h if self.band is not None else room.h // 2
        return self.rise if room is None else \
            max(0, min(self.rise, share - self.pic.get_height()))

    @property
    def at(self) -> tuple[int, int] | None:
        """Where the words start now: rising from there they stay in their room."""
        rects, room = self.rects(), self.room()
        if not rects:
            return None
        x, y = getattr(rects[0], self.point)
        if room is None:
            return x, y
        w, h = self.pic.get_size()
        return (min(max(x, room.left + w // 2), room.right - w // 2),
                min(max(y, room.top + self.climb + h // 2), room.bottom - h // 2))

    def rect(self, lift: int = 0, ahead: float = 0.0) -> pygame.Rect | None:
        """Where the words show `ahead` seconds from now, `lift` px higher; None
        before they start or after they end."""
        at, tw = self.at, self.tween
        if at is None or not tw.delay <= tw.elapsed + ahead <= tw.delay + tw.duration:
            return None
        raw = (tw.elapsed + ahead - tw.delay) / tw.duration if tw.duration > 0 else 1.0
        return self.pic.get_rect(center=(at[0], round(at[1] - self.climb * tw.ease(raw)) - lift))

    def draw(self, surface):
        rect = self.rect(self.lift or 0)
        if rect is None:
            return
        alpha = 255 if self.tween.raw < 0.6 else round(255 * (1 - self.tween.raw) / 0.4)
        self.pic.set_alpha(alpha)
        surface.blit(self.pic, rect)


def _part(rect: pygame.Rect, of: pygame.Rect) -> tuple[float, float, float]:
    """A token's place in a cell, as fractions of the cell's rect (left, top, size):
    drawn from them as the cell is placed later (AtCell)."""
    return (rect.x - of.x) / of.w, (rect.y - of.y) / of.h, rect.w / of.w


def _middle(of: pygame.Rect, size: int) -> tuple[float, float, float]:
    """A token `size` px wide in the middle of `of`, as fractions of it (_part)."""
    return _part(pygame.Rect(0, 0, size, size).move(of.centerx - size // 2,
                                                    of.centery - size // 2), of)


def _spot(g: Geometry, unit: int, cell) -> tuple[float, float, float] | None:
    """Where a token the last events took off the Field stood in its cell (_part of
    the cell's rect then). None if it was not in sight."""
    was, rect = g.cell_was(cell), g.vanished(unit)
    if was is None or rect is None:
        return None
    return _part(rect, was)


class Animator:
    def __init__(self, clock: Clock):
        self.clock = clock
        self.anims: list[Anim] = []
        # Animations read at leisure, which the game does not wait for (a Bonked token's
        # words): `busy` leaves them out.
        self.marks: list[Anim] = []
        self.cursor = 0.0  # seconds from now until the queued sequence ends
        self.calls: list[list] = []  # [seconds left, function]: things timed with the anims
        # The longest `look` of the sequence queued since the animator was last idle: how
        # long, once it has played, the person leaving the screen has to take it in.
        self.look = 0.0

    @property
    def busy(self) -> bool:
        return bool(self.anims or self.calls)

    def at_cursor(self, fn: Callable[[], None]) -> None:
        """Call fn when the animations queued so far have started (a log line
        appears as its event plays); at once when nothing is queued."""
        if self.cursor <= 0 or self.clock.instant:
            fn()
        else:
            self.calls.append([self.cursor, fn])

    @property
    def muted(self) -> frozenset:
        """The cells whose Health badge is not drawn: words of their own show or wait
        to show there (Float.band)."""
        return frozenset(a.cell for a in self.anims if isinstance(a, Float) and
                         a.band is not None)

    @property
    def hidden(self) -> frozenset[int]:
        return frozenset().union(*(a.hides for a in self.anims)) if self.anims else frozenset()

    def clear(self) -> None:
        for _, fn in self.calls:
            fn()
        self.calls.clear()
        self.anims.clear()
        self.marks.clear()
        self.cursor = self.look = 0.0

    def _queue(self, anim: Anim, into: list[Anim]) -> None:
        """An animation queued: the first after the animator was idle starts a new
        sequence, whose `look` is its animations' longest."""
        self.look = max(anim.look, self.look if self.busy else 0.0)
        into.append(anim)

    def add(self, make: Callable[[Tween], Anim], seconds: float, step: float | None = None,
            ease=out_cubic, waited: bool = True) -> None:
        """Queue an animation of `seconds` at the end of the sequence; the next one
        starts `step` seconds later (default: when this one is 70% through). Not
        `waited`: a mark, which the sequence and the game do not wait for."""
        duration = self.clock.scale(seconds)
        if self.clock.instant:
            return
        if not waited:
            self._queue(make(Tween(duration, self.cursor, ease)), self.marks)
            return
        self._queue(make(Tween(duration, self.cursor, ease)), self.anims)
        self.cursor += duration * 0.7 if step is None else self.clock.scale(step)

    def left(self) -> float:
        """Seconds until the queued sequence has played (its animations and calls)."""
        return max([a.tween.delay + a.tween.duration - a.tween.elapsed for a in self.anims]
                   + [c[0] for c in self.calls], default=0.0)

    def finish(self) -> None:
        """The queued sequence played to its end at once, its calls made in order; the
        marks move on as far (a Bonked token's words are left to read)."""
        self.update(self.left() + 1e-6)

    def linger(self, g: Geometry, unit: int, cell) -> None:
        """Keep a token gone from the view on the Field from now until the sequence
        reaches this point: a defeat is not seen before the hit that caused it."""
        at = _spot(g, unit, cell)
        pic = g.token(unit, round(at[2] * g.cell_was(cell).w)) if at else None
        if pic is None or self.clock.instant:
            return
        fade = self.clock.scale(0.35)
        self._queue(Linger(Tween(self.cursor + fade), cell, lambda: g.cell_placed(cell), pic,
                           at, fade / (self.cursor + fade)), self.anims)

    def update(self, dt: float) -> bool:
        """Advance; True when the set of hidden tokens changed (the static layer is stale)."""
        before = self.hidden
        for a in self.anims + self.marks:
            a.tween.tick(dt)
        self.anims = [a for a in self.anims if not a.tween.done]
        self.marks = [a for a in self.marks if not a.tween.done]
        self.cursor = max(0.0, self.cursor - dt)
        due = [c for c in self.calls if c[0] <= dt]
        self.calls = [c for c in self.calls if c[0] > dt]
        for c in self.calls:
            c[0] -= dt
        for _, fn in due:
            fn()
        return self.hidden != before

    def draw(self, surface: pygame.Surface) -> None:
        for a in self.marks + self.anims:
            a.draw(surface)

    def stack(self) -> None:
        """Words starting to rise (`lift` None) go above those rising at the same
        time that they would cover at any moment of their rise (a newer one rises
        faster at first, out_cubic, and may catch an older one up); where rising above
        would leave their room (`Float.room`: their cell under its name, as far as it
        shows), they stay still, above them if there is room, else
        below. The lift is kept."""
        for f in (f for f in self.anims if isinstance(f, Float)):
            f.fit()
        shown = [f for f in self.anims if isinstance(f, Float) and f.lift is not None]
        for f in (f for f in self.anims if isinstance(f, Float) and f.lift is None):
            start = f.rect()
            if start is None or not f.tween.started:
                continue
            life = f.tween.delay + f.tween.duration - f.tween.elapsed
            moments = [life * k / 9 for k in range(9)]  # the last ninth: faded
            gap = max(1, start.h // 8)

            def clear(step: int) -> int:
                """The first lift, going by `step` (up or down), at which f meets none."""
                lift = 0
                while True:
                    for ahead in moments:
                        mine = f.rect(lift, ahead)
                        theirs = [r for g in shown if (r := g.rect(g.lift, ahead)) is not None]
                        hit = mine.inflate(0, 2 * gap).collidelist(theirs)
                        if hit >= 0:
                            r = theirs[hit]
                            lift += mine.bottom + gap - r.top if step > 0 else \
                                mine.top - gap - r.bottom
                            break
                    else:
                        return lift
            lift, room = clear(1), f.room()
            if room is not None and f.rect(lift, moments[-1]).top < room.top:
                f.rise = 0  # no room to rise above them: still, above or else below
                lift = clear(1)
                if f.rect(lift).top < room.top:
                    lift = clear(-1)
            f.lift = lift
            shown.append(f)

    # Events ----------------------------------------------------------------
    def feed(self, e: E.Event, g: Geometry, viewer: int,
             seat_name: Callable[[int], str]) -> None:
        """Animate one event (the viewer's share: a secret it may not see is None)."""
        px = g.px
        card_w = px(70)
        if isinstance(e, (E.DisasterDefeated, E.DisasterLeft)) and e.cell is not None:
            self.linger(g, e.card, e.cell)
        match e:
            case E.CardPlaced(seat=seat, card=card, cell=cell):
                dst = g.cell_rect(cell)
                # Drawn the size it lands, the cell's height: the 70-pixel face grown to
                # the cell was blocks of pixels, and squat (s33b at the booth).
                face = g.face(card, round(dst.h / CARD_RATIO)) if dst else None
                if dst and face:
                    src = pygame.Rect(0, 0, card_w, card_height(card_w))
                    src.center = g.seat_rect(seat).center
                    self.add(lambda tw: Fly(tw, face, src, face.get_rect(center=dst.center),
                                            cover=dst), 0.45, ease=out_back)
            case E.CardDealt(seat=seat, cell=cell, kind=kind):
                # From the dealer's panel into the Location's count of face-down cards
                # (its header's top right), not waited for: within the pause between
                # two deals (AI_PAUSE), or a person's next click. Each deal was a still
                # pause, then all the cards flew again from the middle, 2.2 s the game
                # waited on as the standard level's Field was dealt (s68).
                dst = g.cell_rect(cell)
                if dst is not None:
                    back = g.back(kind, px(40))
                    src = back.get_rect(center=g.seat_rect(seat).center)
                    end = pygame.Rect(0, 0, back.get_width() // 3, back.get_height() // 3)
                    end.topright = dst.topright
                    self.add(lambda tw: Fly(tw, back, src, end), DEAL_FLIGHT, waited=False)
            case E.CardDrawn(seat=seat, card=card):
                back = g.back("character", card_w)
                src = back.get_rect(center=g.seat_rect(seat).center)
                if seat == viewer:
                    face = g.face(card, card_w) if card is not None else None
                    dst = back.get_rect(center=g.hand_rect().center)
                    self.add(lambda tw: Fly(tw, back, src, dst, flip_to=face), 0.4)
                else:
                    self.add(lambda tw: Fly(tw, back, src.move(0, -px(30)), src), 0.25)
            case E.CardPlayed(seat=seat, card=card, target=target) | \
                    E.FlashPlayed(seat=seat, card=card, target=target):
                face = g.face(card, card_w)
                cell = e.cell if isinstance(e, E.CardPlayed) else None
                dst = (g.unit_rect(target) if target is not None else None) or \
                    (g.cell_rect(cell) if cell else None)
                big = g.face(card, px(120)) if dst is None else None
                if face:
                    src = face.get_rect(center=(g.hand_rect() if seat == viewer
                                                else g.seat_rect(seat)).center)
                if face and big:
                    # Nowhere the event names (Equipment into its Haven, a Global Effect
                    # Off Field): held up in the middle at a size it reads, as a Disaster
                    # turned over is, from a face drawn that size. The 70-pixel face grew
                    # there to half the Field, blocky, its name cut ("Nameless Rust-Bl…").
                    stage = big.get_rect(center=g.centre_rect().center)
                    self.add(lambda tw: Fly(tw, big, src, stage), 0.45)
                    self.add(lambda tw: Fly(tw, big, stage, stage), 0.5)
                elif face and dst:
                    self.add(lambda tw: Fly(tw, face, src, face.get_rect(center=dst.center)),
                             0.45)
                    self.add(lambda tw: Fly(tw, face, face.get_rect(center=dst.center),
                                            dst.inflate(-dst.w // 2, -dst.h // 2)), 0.25)
            case E.DisasterEntered(card=card, cell=cell):
                self._walk(g, card, None, cell)
            case E.Moved(chars=chars, origin=origin, dest=dest):
                for i, c in enumerate(chars):
                    self._walk(g, c, origin, dest, step=0.0 if i < len(chars) - 1 else None)
            case E.DisasterMoved(card=card, origin=origin, dest=dest):
                self._walk(g, card, origin, dest)
            case E.DisasterRevealed(card=card, cell=cell):
                rect_cell = g.cell_rect(cell)
                face = g.face(card, px(120))
                if rect_cell and face:
                    rect = face.get_rect(center=rect_cell.center)
                    rect.clamp_ip(g.centre_rect().inflate(px(200), px(200)))
                    back = g.back("disaster", px(120))
                    self.add(lambda tw: Flip(tw, back, face, rect), 1.1)
            case E.Transformed(card=card, form=form):
                # The first form's card turns into the second where the Character stands.
                rect = g.unit_rect(card)
                before, after = g.face(form, card_w), g.face(card, card_w)
                if rect and before and after:
                    self.add(lambda tw: Flip(tw, before, after,
                                             after.get_rect(center=rect.center)), 0.9)
                if rect:
                    self._float(g, "Transform!", ink.GOLD, 28, self._over(g, card), "midtop")
            case E.CombatCard(card=card):
                # Turned over where no words are (the panel's Disaster, say): over the
                # group's names it hid who fought, over the lines the hit's numbers.
                rect = g.card_stage(px(90))
                face, back = g.face(card, rect.w), g.back("combat", rect.w)
                if face:
                    self.add(lambda tw: Flip(tw, back, face, face.get_rect(center=rect.center)),
                             0.8)
            case E.CombatHit(target=target, damage=damage, result=result, protectors=guards):
                for guard in guards:  # each protector's share rises with the target's
                    spot = self._over(g, guard.id, middle=False)
                    if spot is not None and guard.damage:
                        self._float(g, f"-{guard.damage}", ink.BAD, 28, spot, step=0.0)
                at = self._over(g, target)
                self._float(g, f"-{damage}" if damage else "No damage",
                            ink.BAD if damage else ink.DIM, 34, at)
                word = {"bonked": "Bonked!", "killed": "Killed!", "defeated": "Defeated!"}
                if result in word:
                    self._float(g, word[result], ink.GOLD, 30, at, "midtop")
            case E.Bonked(card=card, cell=cell) | E.Killed(card=card, cell=cell):
                owner, bonked = g.owner(card), isinstance(e, E.Bonked)
                self._fallen(g, card, cell, "bonked" if bonked else "killed",
                             "your" if owner == viewer else f"{seat_name(owner)}'s",
                             g.back_when(card) if bonked else "")
            case E.DisasterDefeated(card=card, cell=None, why=why) if why:
                # Its work done, not beaten: no "Defeated!" rising in the Field's middle
                # over tiles it never stood on (s61). One endured goes from the Off Field to
                # its owner's discard pile; one done as it was turned over showed in its flip.
                face = g.face(card, card_w) if why == E.DURATION_OVER else None
                if face:
                    src = face.get_rect(center=g.off_field_rect().center)
                    dst = face.get_rect(center=g.seat_rect(g.owner(card)).center)
                    self.add(lambda tw: Fly(tw, face, src, dst), 0.45)
            case E.DisasterDefeated(cell=cell) | E.RanAway(cell=cell):
                word = {E.DisasterDefeated: "Defeated!", E.RanAway: "Run away!"}[type(e)]
                rect = g.cell_rect(cell) if cell else None
                spot = (cell, lambda: g.cell_placed(cell), _middle(rect, g.px(40))) if rect \
                    else self._centre(g)
                self._float(g, word, ink.GOLD, 28, spot)
            case E.LocationAttacked(cell=cell, health_before=before, health_after=after):
                # The Damage on the Location attacked, and once its Health is 0 or below
                # that it may be Scavenged (Rules for Locations): the log alone said so.
                # One after the other, between its name and its tokens (Float.band).
                rect = g.cell_rect(cell)
                if rect:
                    spot = (cell, lambda: g.cell_placed(cell), _middle(rect, g.px(40)))
                    band = partial(g.cell_free, cell)
                    hurt = before - after
                    self._float(g, f"-{hurt}" if hurt else "No damage",
                                ink.BAD if hurt else ink.DIM, 34, spot,
                                step=0.9 if after <= 0 else 0.25, band=band)
                    if after <= 0:
                        self._float(g, "Open to Scavenge!", ink.GOLD, 28, spot, band=band)
            case E.LocationAttacks(target=target, damage=damage):
                # The Location's strike on a Character (R24), as a hit's is shown.
                self._float(g, f"-{damage}" if damage else "No damage",
                            ink.BAD if damage else ink.DIM, 30, self._over(g, target),
                            step=0.1)
            case E.ItemTaken(by=by, cell=cell, card=card):
                self._item(g, g.cell_rect(cell), g.unit_rect(by), card)
            case E.ItemStolen(by=by, victim=victim, card=card):
                self._item(g, g.unit_rect(victim), g.unit_rect(by), card)
            case E.ItemDropped(by=by, cell=cell, card=card):
                self._item(g, g.unit_rect(by), g.cell_rect(cell), card)
            case E.ItemTransferred(src=src, dst=dst, card=card):
                self._item(g, g.unit_rect(src), g.unit_rect(dst), card)
            case E.CharmContest(defender=whom):
                # Over the one whose Charm was matched (a Disaster's target, a duel's, one
                # Charmed to be freed), at the fight's cell: from the middle of the view
                # it rose over Locations nobody stood on (s33w2). Among the tokens, under
                # the cell's Health badge; each total by its side's name: "Charm 2 vs 3:
                # won" read as the 2 winning (s70 playtest).
                spot = self._over(g, whom)
                self._float(g, charm_float(e, g.short_name), (255, 150, 200), 26, spot,
                            "midtop", below=spot[0] and partial(g.cell_free, spot[0]))
            case E.TurnBegan(seat=seat, round=rnd):
                self._banner(g, f"Round {rnd} · {seat_name(seat)}'s turn", 0.9)
            case E.GameOver():
                self._banner(g, "Game over", 1.2)

    def cell_words(self, g: Geometry, cell, words: str, colour=ink.GOLD) -> None:
        """Words rising from the middle of a cell (a Location's attack started over)."""
        rect = g.cell_rect(cell)
        if rect:
            self._float(g, words, colour, 26, (cell, lambda: g.cell_placed(cell),
                                               _middle(rect, g.px(40))))

    def _fallen(self, g: Geometry, unit: int, cell, how: str, whose: str, when: str) -> None:
        """A token Bonked or Killed (`how`) stays where it stood until its event plays,
        then says for a while, there, where it goes: back in `whose` hand `when` (R9),
        or to `whose` discard pile. It left the Field with only a count in its
        seat's panel and a line of the log, and people did not notice. Those fallen at
        one cell by the same events share their words. The game goes on meanwhile
        (Animator.marks)."""
        cell_rect = g.cell_was(cell)
        if cell_rect is None or self.clock.instant:
            return
        at = _spot(g, unit, cell) or _middle(cell_rect, g.px(40))  # (not in sight: its middle)
        mark = next((m for m in self.marks if isinstance(m, Fallen) and m.cell == cell
                     and not m.tween.elapsed), None)  # made by these events
        if mark is None:
            # Once the words risen at the cell ("-4", "Killed!") are gone: the plate came
            # over them as they rose, "Kil…" sticking out from under it (s35w, z33).
            begin = max([self.cursor] + [a.tween.delay + a.tween.duration - a.tween.elapsed
                                         for a in self.anims
                                         if isinstance(a, Float) and a.cell == cell])
            fade, whole = self.clock.scale(0.5), begin + self.clock.scale(BONK_READ)
            mark = Fallen(Tween(whole), cell, lambda: g.cell_placed(cell), begin / whole,
                          fade / whole)
            self._queue(mark, self.marks)
        mark.add(g.token(unit, round(at[2] * cell_rect.w)), at, how, whose, when,
                 g.carried(unit), g.px)

    def _item(self, g: Geometry, src: pygame.Rect | None, dst: pygame.Rect | None,
              card: int | None) -> None:
        """A card carried or stored flies from one place or unit to another: face up if
        the viewer's share names it, else an Item's back. (Always a back: Equipment
        handed between Characters, face up for all, read as an Item changing hands.)"""
        if src and dst:
            w = g.px(34)
            pic = (g.face(card, w) if card is not None else None) or g.back("item", w)
            self.add(lambda tw: Fly(tw, pic, pic.get_rect(center=src.center),
                                    pic.get_rect(center=dst.center)), 0.4)

    def _walk(self, g: Geometry, unit: int, src_cell, dst_cell, step=None) -> None:
        dst = g.unit_rect(unit)
        tok = g.token(unit, dst.w) if dst else None
        if dst is None or tok is None:
            return
        if src_cell is None:  # entering the Field: it drops in from above
            self.add(lambda tw: Fly(tw, tok, dst.move(0, -g.px(60)), dst,
                                    hides=frozenset({unit})), 0.45, step=step, ease=out_back)
            return
        # King's steps from cell to cell (the grid is 8-connected), then into its slot.
        cells = [tuple(src_cell)]
        while cells[-1] != tuple(dst_cell):
            (x, y), (tx, ty) = cells[-1], dst_cell
            cells.append((x + (tx > x) - (tx < x), y + (ty > y) - (ty < y)))
        points = [g.cell_rect(c).center for c in cells[:-1] if g.cell_rect(c)] + [dst.center]
        if len(points) < 2:
            return
        hides = frozenset({unit})
        self.add(lambda tw: Walk(tw, tok, points, g.px(10), hides), 0.3 * (len(points) - 1),
                 step=step, ease=lambda t: t)

    @staticmethod
    def _over(g: Geometry, unit: int, middle: bool = True) -> tuple | None:
        """Where words over a unit rise from: its cell, the cell as placed now, and the
        unit's place in it (_part), where it stood if these events took it off the
        Field; not in sight, the middle of the Field (`middle`) or None."""
        cell = g.cell_of(unit)
        rect, of = g.unit_placed(unit), g.cell_placed(cell) if cell is not None else None
        at = _part(rect, of) if rect and of else _spot(g, unit, cell) if of else None
        if at is not None:
            return cell, lambda: g.cell_placed(cell), at
        return Animator._centre(g) if middle else None

    @staticmethod
    def _centre(g: Geometry) -> tuple:
        """The middle of what shows of the Field, as `_over` says a place."""
        return None, g.centre_rect, _middle(g.centre_rect(), g.px(40))

    def _float(self, g: Geometry, words: str, colour, size: int, spot: tuple,
               point: str = "center", step: float = 0.25, band=None, below=None) -> None:
        """Words rising from `point` of a place (`_over`) as its cell is placed then,
        edged dark: they rise over the cards' pictures (`band`, `below`: Float's)."""
        pic = ink.edged(words, g.px(size), colour).copy()
        self.add(lambda tw: Float(tw, pic, *spot, point, g.px(50), band, below or None), 0.9,
                 step=step)

    def _banner(self, g: Geometry, words: str, seconds: float) -> None:
        pic = ink.label(words, g.px(30), ink.TEXT, True)
        self.add(lambda tw: Banner(tw, pic, g.centre_rect()), seconds, step=seconds * 0.6)
