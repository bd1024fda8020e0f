"""Card faces, backs, tokens and art for the table, drawn by the game and cached.

    cache = FaceCache(db)
    cache.face("kaede-ironside", 200)    # a full, readable face, 200 x 280
    cache.back("item", 80)               # the silver back of a face-down Item
    cache.token("kaede-ironside", 48)    # a square portrait for the Field
    cache.art("kaede-ironside", (120, 90))   # the picture alone
    cache.ahead([("face", "kaede-ironside", 120)]); cache.work(4)  # ahead, 4 ms at a time

Surfaces are converted for fast blitting only when a display exists, so the
module works headless. `python -m game.ui.faces --sheet OUT.png [--width W]`
draws every card on one contact sheet.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Hashable, Iterable, Iterator

import pygame

from game.engine.cards import CardDB

from . import art, glyphs
from .cardface import CARD_RATIO, card_height, face_steps, frame_width, hand_face
from .fonts import ellipsize, fit_line, font, given_name
from .palette import BACK_OF_TYPE, BACKS, TYPE_COLOURS, WHITE, darker, lighter, mix

BACK_EMBLEMS = {"purple": "star", "silver": "item", "green": "location", "red": "combat"}

__all__ = ["CARD_RATIO", "TYPE_COLOURS", "FaceCache", "SurfaceLRU", "card_height",
           "contact_sheet", "frame_width"]


def _ready(surf: pygame.Surface) -> pygame.Surface:
    """convert_alpha needs a display; headless, the surface is used as drawn."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


class SurfaceLRU:
    """Surfaces by key, the least recently used dropped past a budget of bytes (a
    count of entries says little when one is 4 KB and another 4 MB)."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self.bytes = 0
        self.items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable) -> pygame.Surface | None:
        surf = self.items.get(key)
        if surf is not None:
            self.items.move_to_end(key)
        return surf

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        old = self.items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self.items[key] = surf
        self.bytes += surface_bytes(surf)
        while self.bytes > self.max_bytes and len(self.items) > 1:
            _, old = self.items.popitem(last=False)
            self.bytes -= surface_bytes(old)
        return surf

    def clear(self) -> None:
        self.items.clear()
        self.bytes = 0


def surface_bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


class FaceCache:
    """Every picture of a card the window draws, made once per (card, size).

    A face takes 10 to 60 ms to draw, too long for one frame, so the table queues
    the faces it will need (`ahead`) and `work` draws them a part at a time within a
    frame's budget; a face asked for while it is being drawn is finished at once."""

    def __init__(self, db: CardDB, max_bytes: int = 160_000_000):
        self.db = db
        self._cache = SurfaceLRU(max_bytes)
        self._queue: deque[Hashable] = deque()  # ("face", id, width) or ("token", id, size)
        self._urgent: deque[Hashable] = deque()  # faces shown stood in for, or soon (zoom)
        self._doing: tuple[Hashable, Iterator] | None = None  # a face part drawn
        self.missed: set[tuple[str, int]] = set()  # (card type, width) drawn unqueued
        self._part_ms = 0.0  # the longest piece of work of late, ms (decaying)
        self._given: dict[str, str] | None = None  # full name -> a token's short name

    def _get(self, key: Hashable, make) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache.put(key, _ready(make()))
        return surf

    def face(self, card_id: str, width: int) -> pygame.Surface:
        """The full face, `width` x round(width * CARD_RATIO)."""
        return self._get(("face", card_id, int(width)), lambda: self._draw(("face", card_id,
                                                                            int(width))))

    def ready(self, card_id: str, width: int, urgent: bool = True) -> pygame.Surface | None:
        """The face if it is drawn; else None, and (`urgent`) it is drawn next by `work`."""
        key = ("face", card_id, int(width))
        surf = self._cache.get(key)
        if surf is None and urgent and (self._doing is None or self._doing[0] != key) \
                and key not in self._urgent:
            self._urgent.append(key)
        return surf

    def face_soon(self, card_id: str, width: int) -> pygame.Surface:
        """The face, or while it is not drawn yet (it is drawn next by `work`) the
        nearest size drawn, scaled; drawn now only when there is none."""
        return (self.ready(card_id, width) or self.stand_in(card_id, width)
                or self.face(card_id, width))

    def token_soon(self, card_id: str, size: int) -> tuple[pygame.Surface, bool]:
        """The token, and True; or while it is not drawn yet at this size (it is drawn
        next by `work`) the nearest size drawn, scaled, and False; drawn now only when
        there is none."""
        key = ("token", card_id, int(size))
        pic = self._cache.get(key)
        if pic is not None:
            return pic, True
        drawn = [k[2] for k in self._cache.items if k[0] == "token" and k[1] == card_id]
        if not drawn:
            return self.token(card_id, size), True
        if key not in self._urgent:
            self._urgent.append(key)
        near = self._cache.get(("token", card_id, min(drawn, key=lambda s: abs(s - size))))
        return pygame.transform.smoothscale(near, (int(size), int(size))), False

    def tilted(self, card_id: str, width: int, angle: float, shown: int | None = None,
               most: int | None = None) -> pygame.Surface | None:
        """The face turned by `angle` degrees (the fanned hand), smoothed, its title within
        the `shown` px at its left when the next card covers the rest, in type no larger
        than `most` (cardface.hand_face); None while it is not made yet (it is made next
        by `work`: turning one takes a millisecond, and a new hand turns every card)."""
        key = ("tilt", card_id, int(width), angle, shown, most)
        pic = self._cache.get(key)
        if pic is None and key not in self._urgent:
            self._urgent.append(key)
        return pic

    def stand_in(self, card_id: str, width: int) -> pygame.Surface | None:
        """The nearest size of the face drawn, scaled to `width`; None if there is none."""
        drawn = [k[2] for k in self._cache.items if k[0] == "face" and k[1] == card_id]
        if not drawn:
            return None
        near = self._cache.get(("face", card_id, min(drawn, key=lambda w: abs(w - width))))
        return pygame.transform.smoothscale(near, (int(width), card_height(int(width))))

    def has(self, key: Hashable) -> bool:
        return key in self._cache.items

    def ahead(self, keys: Iterable[Hashable], where: str = "only") -> None:
        """Pictures to draw ahead of need, in order: ("face", id, width), ("art", id,
        (w, h)), ("token", id, size), ("tilt", id, width, angle, shown, most), or ("prime",
        function, *arguments): a type size to measure (fonts.prime: its first use is slow); in place of those asked for before (`where` "only"), or "first" or
        "last" among them."""
        new = [k for k in dict.fromkeys(keys) if k not in self._cache.items]
        if where == "only":
            self._queue = deque(new)
        elif where == "first":
            self._queue.extendleft(reversed(new))
        else:
            self._queue.extend(new)

    def work(self, budget_ms: float, urgent_only: bool = False) -> int:
        """Draw pictures asked for (`ready`) then queued (`ahead`; not if `urgent_only`),
        a face a part at a time, within `budget_ms`: a part is begun only if the
        longest of late (`_part_ms`, decaying) would still fit; when none does, the
        estimate eases a little each call, so that work goes on. Returns how many
        wait."""
        start, parts = time.perf_counter(), 0
        while budget_ms > 0:
            spent = (time.perf_counter() - start) * 1000 if parts else 0.0
            if spent + self._part_ms > budget_ms:
                if not parts:  # none fits: the estimate eases, so one is begun before long
                    self._part_ms *= 0.8
                break
            if self._doing is None:
                for q in (self._urgent, self._queue):
                    while q and q[0] in self._cache.items:
                        q.popleft()
                if not self._urgent and (urgent_only or not self._queue):
                    break
            begun, parts = time.perf_counter(), parts + 1
            self._part()
            self._part_ms = max((time.perf_counter() - begun) * 1000, self._part_ms * 0.9)
        return len(self._urgent) + len(self._queue) + (self._doing is not None)

    @property
    def urgent(self) -> bool:
        """Faces asked for now wait (or one is being drawn)."""
        return bool(self._urgent) or self._doing is not None

    def _part(self) -> None:
        """One piece of the queue's work: a part of a face, a tile's picture, a token,
        a card's back, or a type size measured."""
        if self._doing is None:
            key = (self._urgent or self._queue).popleft()
            if key[0] == "prime":  # a type size measured (fonts.prime): its first use is slow
                key[1](*key[2:])
                return
            if key[0] == "art":  # a tile's picture
                self.art(key[1], key[2])
                return
            if key[0] == "token":
                self._get(key, lambda: draw_token(self, key[1], key[2]))
                return
            if key[0] == "back":
                self.back(key[1], key[2])
                return
            if key[0] == "tilt":
                self._get(key, lambda: pygame.transform.rotozoom(
                    self._fanned(key[1], key[2], key[4], key[5]), key[3], 1.0))
                return
            self._doing = (key, face_steps(self.db[key[1]], key[2], self.db))
        key, steps = self._doing
        out = next(steps)
        if out is not None:
            self._doing = None
            self._cache.put(key, _ready(out))

    def _fanned(self, card_id: str, width: int, shown: int | None,
                most: int | None) -> pygame.Surface:
        face = self.face(card_id, width)
        return face if shown is None else hand_face(self.db[card_id], face, shown, self.db,
                                                     most)

    def _draw(self, key) -> pygame.Surface:
        """A face needed now: the rest of it if `work` has begun it."""
        if self._doing is not None and self._doing[0] == key:
            steps, self._doing = self._doing[1], None
        else:
            self.missed.add((self.db[key[1]].type, key[2]))
            steps = face_steps(self.db[key[1]], key[2], self.db)
        *_, face = steps
        return face

    def back(self, card_type: str, width: int) -> pygame.Surface:
        """The back a card of this type shows face down (rulebook: purple for the
        Draw pile's cards and Havens, silver Items, green Locations, red Combat).
        A back's own name ("purple", "silver", "green", "red") works too."""
        kind, width = BACK_OF_TYPE.get(card_type, card_type), int(width)
        return self._get(("back", kind, width), lambda: draw_back(kind, width))

    def token(self, card_id: str, size: int) -> pygame.Surface:
        """A square portrait for a Character or Disaster standing on the Field."""
        size = int(size)
        return self._get(("token", card_id, size), lambda: draw_token(self, card_id, size))

    def token_name(self, card_id: str) -> str:
        """The word a token is called by where its whole name does not fit: its given
        name, one no other Character's or Disaster's of the cards is also called by."""
        if self._given is None:
            width = font(TOKEN_NAME_PX).size
            units = {c.name for c in self.db.cards.values() if c.type in ("character", "disaster")}
            plain = Counter(given_name(n, lambda w: width(w)[0]) for n in units)
            taken = {g for g, k in plain.items() if k > 1}
            room = name_room(READABLE_TOKEN)
            self._given = {n: given_name(n, lambda w: width(w)[0], taken, room) for n in units}
        name = self.db[card_id].name
        return self._given.get(name) or given_name(name)

    def art(self, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        """The card's picture alone, exactly `size` (any shape; framed to fit)."""
        card = self.db[card_id]
        size = (int(size[0]), int(size[1]))
        return self._get(("art", card_id, size), lambda: art.paint(card, size))



def draw_back(kind: str, width: int) -> pygame.Surface:
    """A card back: rays, a diamond with the back's emblem, the game's name.

    The emblem differs by back (a star for the Draw pile's purple, a gem for
    Items' silver, a mountain for Locations, swords for Combat) so face-down
    Items and Disasters are told apart without relying on colour alone."""
    w, h = width, card_height(width)
    base = BACKS[kind]
    deep = darker(base, 0.35)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    radius = max(3, round(w * 0.05))
    pygame.draw.rect(surf, darker(base, 0.55), r, border_radius=radius)
    pygame.draw.rect(surf, base, r.inflate(-2, -2), border_radius=radius)
    b = frame_width(w)
    inner = r.inflate(-2 * b, -2 * b)
    pygame.draw.rect(surf, deep, inner, border_radius=max(2, radius // 2))
    cx, cy = r.centerx, r.centery - h // 16
    reach = math.hypot(w, h)
    surf.set_clip(inner)
    for i in range(32):
        a0, a1 = 2 * math.pi * i / 32, 2 * math.pi * (i + 0.5) / 32
        pygame.draw.polygon(surf, mix(deep, base, 0.5), [
            (cx, cy), (cx + reach * math.cos(a0), cy + reach * math.sin(a0)),
            (cx + reach * math.cos(a1), cy + reach * math.sin(a1))])
    surf.set_clip(None)
    pygame.draw.rect(surf, lighter(base, 0.45), inner, max(1, b // 2),
                     border_radius=max(2, radius // 2))
    d = w * 0.34
    diamond = [(cx, cy - d * 1.15), (cx + d, cy), (cx, cy + d * 1.15), (cx - d, cy)]
    pygame.draw.polygon(surf, lighter(base, 0.2), diamond)
    pygame.draw.polygon(surf, lighter(base, 0.7), diamond, max(1, w // 60))
    emblem = glyphs.icon(BACK_EMBLEMS[kind], round(w * 0.36), lighter(base, 0.8), darker(base, 0.6))
    surf.blit(emblem, emblem.get_rect(center=(cx, cy)))
    for sx in (-1, 1):
        for sy in (-1, 1):
            star = glyphs.icon("star", max(4, w // 12), lighter(base, 0.5))
            surf.blit(star, star.get_rect(center=(cx + sx * w * 0.33, r.centery + sy * h * 0.38)))
    if w >= 48:
        band = pygame.Rect(inner.x, round(cy + d * 1.15 + h * 0.04), inner.w, max(8, round(h * 0.1)))
        pygame.draw.rect(surf, darker(base, 0.5), band)
        f = fit_line("ANI-MAYHEM", round(inner.w * 0.9), round(band.h * 0.95))
        t = f.render("ANI-MAYHEM", True, WHITE)
        surf.blit(t, t.get_rect(center=(band.centerx, band.centery + 1)))
    return surf


TOKEN_NAME_PX = 11  # a token's name at the smallest readable tile (1280x720): no smaller
READABLE_TOKEN = 42  # a token's size at that tile: the room its name's word must fit in


def name_room(size: int) -> int:
    """The width a token of `size` has for its name (its strip, less a pixel each side)."""
    return size - 2 * name_strip(size)[0] - 2


def name_strip(size: int) -> tuple[int, int]:
    """A token of `size`'s border and the height of the strip its name is drawn in, along
    its bottom inside the border (no strip below 24 px, too small for a name)."""
    return max(1, size // 22), max(9, round(size * 0.28)) if size >= 24 else 0


def name_rect(token: pygame.Rect) -> pygame.Rect:
    """Where the name of a token drawn at `token` lies (draw_token's strip)."""
    b, strip = name_strip(token.w)
    return pygame.Rect(token.x + b, token.bottom - b - strip, token.w - 2 * b, strip)


def disaster_glyph(size: int) -> int:
    """The size of the Major or Minor glyph on a Disaster's token of `size` (none below 32)."""
    return size // 4 if size >= 32 else 0


def draw_token(cache: FaceCache, card_id: str, size: int) -> pygame.Surface:
    """Art in a type-coloured square with the name along the bottom."""
    card = cache.db[card_id]
    colour = TYPE_COLOURS[card.type]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    b, strip = name_strip(size)
    surf.fill(colour)
    surf.blit(art.paint(card, (size - 2 * b, size - 2 * b)), (b, b))
    pygame.draw.rect(surf, darker(colour, 0.5), surf.get_rect(), 1)
    if strip:
        band = pygame.Surface((size - 2 * b, strip), pygame.SRCALPHA)
        band.fill((*darker(colour, 0.45), 215))
        room, want = name_room(size), round(strip * 0.95)
        # The name is never shrunk below what reads (TOKEN_NAME_PX; the strip's size on
        # a small token): where the whole of it does not fit, the word it is called by.
        least = min(want, max(TOKEN_NAME_PX, round(want * 0.85)))
        name = card.name
        if font(least).size(name)[0] > room:
            name = cache.token_name(card_id)
        f = fit_line(name, room, want)
        if f.size_arg < least:
            f = font(least)
        t = f.render(ellipsize(name, f, room), True, WHITE)
        band.blit(t, t.get_rect(center=(band.get_width() // 2, strip // 2 + 1)))
        surf.blit(band, (b, size - b - strip))
    if card.type == "disaster" and size >= 32:
        mark = glyphs.icon("major" if card.is_major else "minor", disaster_glyph(size),
                           WHITE, darker(colour, 0.5))
        surf.blit(mark, (size // 3 + 1, b + 1))  # beside the Field's star (frame._draw_tokens)
    return surf


def contact_sheet(db: CardDB, width: int = 200, columns: int | None = None,
                  ids: Iterable[str] | None = None) -> pygame.Surface:
    """The cards named (by default every card, sorted by type then name) on one
    surface, for looking at them."""
    cache = FaceCache(db)
    order = {t: i for i, t in enumerate(TYPE_COLOURS)}
    cards = ([db[i] for i in ids] if ids is not None else
             sorted(db.cards.values(), key=lambda c: (order[c.type], c.name)))
    columns = columns or max(1, round(math.sqrt(len(cards) * 1.6)))
    gap = max(4, width // 20)
    h = card_height(width)
    rows = math.ceil(len(cards) / columns)
    sheet = pygame.Surface((columns * (width + gap) + gap, rows * (h + gap) + gap))
    sheet.fill((38, 36, 44))
    for i, card in enumerate(cards):
        x, y = gap + (i % columns) * (width + gap), gap + (i // columns) * (h + gap)
        sheet.blit(cache.face(card.id, width), (x, y))
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.faces",
                                     description="Draw every card face on a contact sheet.")
    parser.add_argument("--sheet", required=True, help="PNG file to write")
    parser.add_argument("--width", type=int, default=200, help="card width in pixels")
    parser.add_argument("--columns", type=int, default=None)
    parser.add_argument("--ids", default=None, help="comma-separated card ids (default: all)")
    args = parser.parse_args(argv)
    from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
    ids = args.ids.split(",") if args.ids else None
    sheet = contact_sheet(load_cards(DEFAULT_CARDS_DIR), args.width, args.columns, ids)
    pygame.image.save(sheet, args.sheet)
    print(f"{args.sheet}: {sheet.get_width()}x{sheet.get_height()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
