"""Painting the table's parts. Each painter draws what the viewer's Board holds
and returns the hit regions it made; `shown` collects every card drawn face up,
so a test can check nothing hidden was drawn for the wrong seat."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui.faces import TYPE_COLOURS
from game.ui.palette import lighter

from . import ink
from .layout import Layout, fan, token_rects
from .model import Board
from .words import PHASE_NAMES

Hit = tuple[pygame.Rect, tuple]


def whose_turn(v) -> int:
    """The seat whose turn the bar and the seat panels show. Setting up the Field has
    no turns: the seat placing a card has it (the view's turn_seat is still seat 0)."""
    return v.to_act if v.phase == "setup" else v.turn_seat


class Painter:
    def __init__(self, faces, db, lay: Layout, board: Board, seat_name, shown: list[int],
                 numbered: bool = False):
        self.faces, self.db, self.lay, self.b = faces, db, lay, board
        self.numbered = numbered  # the colour-blind marks setting
        self.seat_name = seat_name
        self.shown = shown
        self.hits: list[Hit] = []
        self.unit_rects: dict[int, pygame.Rect] = {}
        self.tilts: dict[int, float] = {}  # hand card -> degrees it is turned, as drawn

    def px(self, n: float) -> int:
        return self.lay.px(n)

    def mark(self, seat: int, size: int) -> pygame.Surface:
        return ink.mark(seat, size, False, self.numbered)

    def face(self, i: int, width: int) -> pygame.Surface | None:
        cid = self.b.card_id(i)
        if cid is None:
            return None
        self.shown.append(i)
        return self.faces.face(cid, width)

    def panel(self, surf: pygame.Surface, rect: pygame.Rect, title: str = "") -> int:
        """A panel's box; returns the y where its content starts."""
        pygame.draw.rect(surf, ink.PANEL, rect)
        pygame.draw.rect(surf, ink.PANEL_EDGE, rect, 1)
        if not title:
            return rect.y + self.px(6)
        t = ink.label(title, self.px(15), ink.GOLD, True)
        surf.blit(t, (rect.x + self.px(8), rect.y + self.px(5)))
        return rect.y + self.px(8) + t.get_height()

    # The Field ---------------------------------------------------------------
    def tiles(self, surf: pygame.Surface) -> None:
        """The Field's cards and path: painted only when a place changes."""
        self._path(surf)  # under the tiles: it shows in the gaps, where the arrows are
        for cell, r in self.lay.cells.items():
            p = self.b.places.get(cell)
            if p is None:
                pygame.draw.rect(surf, (60, 52, 96), r, 1, border_radius=self.px(6))
            else:
                self._tile(surf, r, p)

    def field(self) -> None:
        """Where the cells and tokens are, for hit-testing and drawing tokens."""
        for cell, r in self.lay.cells.items():
            if cell in self.b.places:
                self.shown.append(self.b.places[cell].card)
            self.hits.append((r, ("cell", cell)))
        for cell, units in self.b.units_at.items():
            r = self.lay.cells.get(cell)
            if r is None:
                continue
            order = sorted(units, key=lambda u: (u.disaster, u.owner, u.arrived))
            for u, slot in zip(order, token_rects(r, len(order), self.header())):
                self.unit_rects[u.card] = slot
                self.hits.append((slot, ("unit", u.card)))

    def header(self) -> int:
        """Height of a tile's top row (name, stack counts); tokens stand below it."""
        return ink.font(self.px(14), True).get_linesize() + self.px(4)

    def _tile(self, surf, r: pygame.Rect, p) -> None:
        """A Location or Haven: its art over the whole cell; along the top its name
        and, at the right, the face-down stack's counts or the Haven's owner."""
        cid = self.b.card_id(p.card)
        card = self.db[cid]
        colour = TYPE_COLOURS[card.type]
        surf.blit(self.faces.art(cid, r.size), r)
        surf.blit(_shade(r.size, self.header()), r)
        b = max(2, self.px(3))
        right = r.right - b - self.px(2)
        row = r.y + b
        if p.kind == "haven":
            tag = ink.label(f"P{p.owner + 1}", self.px(13), ink.TEXT, True)
            m = self.mark(p.owner, self.px(15))
            right -= tag.get_width() + m.get_width() + 2
            surf.blit(m, (right, row + self.px(2)))
            surf.blit(tag, (right + m.get_width() + 2, row))
        elif p.under_disasters or p.under_items or self.b.view.phase != "setup":
            # Disasters (purple backs) then Items (silver backs) still face down here.
            for n, kind in ((p.under_items, "item"), (p.under_disasters, "disaster")):
                back = self.faces.back(kind, self.px(11))
                num = ink.label(str(n), self.px(13), ink.TEXT if n else ink.DIM, True)
                right -= num.get_width()
                surf.blit(num, (right, row))
                right -= back.get_width() + 1
                surf.blit(back, (right, row + self.px(1)))
                right -= self.px(4)
        name = ink.fit(card.name, self.px(14), right - r.x - b - self.px(4), ink.TEXT, True)
        surf.blit(name, (r.x + b + self.px(2), row))
        edge = ink.owner_colour(p.owner) if p.kind == "haven" else lighter(colour, 0.15)
        pygame.draw.rect(surf, edge, r, max(2, self.px(4 if p.kind == "haven" else 2)),
                         border_radius=self.px(6))
        if p.destroyed:
            pygame.draw.line(surf, ink.BAD, r.topleft, r.bottomright, 3)
            pygame.draw.line(surf, ink.BAD, r.topright, r.bottomleft, 3)

    def _path(self, surf) -> None:
        """The Disaster path (R3), faint, with an arrowhead halfway along each step."""
        pts = [self.lay.cells[c].center for c in self.b.view.path if c in self.lay.cells]
        if len(pts) < 2:
            return
        over = pygame.Surface(self.lay.size, pygame.SRCALPHA)
        col = (255, 200, 120, 90)
        w = max(1, self.px(2))
        for a, c in zip(pts, pts[1:]):
            pygame.draw.line(over, col, a, c, w)
            mx, my = (a[0] + c[0]) / 2, (a[1] + c[1]) / 2
            ang = math.atan2(c[1] - a[1], c[0] - a[0])
            s = self.px(9)
            head = [(mx + s * math.cos(ang), my + s * math.sin(ang)),
                    (mx + s * math.cos(ang + 2.5), my + s * math.sin(ang + 2.5)),
                    (mx + s * math.cos(ang - 2.5), my + s * math.sin(ang - 2.5))]
            pygame.draw.polygon(over, (255, 200, 120, 150), head)
        surf.blit(over, (0, 0))

    # Seats -------------------------------------------------------------------
    def seats(self, surf: pygame.Surface, kinds: list[str], decks: list[str]) -> None:
        v = self.b.view
        area = self.lay.seats
        n = len(v.seats)
        h = min(area.h // n, self.px(150))
        for i, s in enumerate(v.seats):
            r = pygame.Rect(area.x + self.px(4), area.y + i * h + self.px(4),
                            area.w - self.px(8), h - self.px(6))
            turn, acting = i == whose_turn(v), i == v.to_act and v.result is None
            pygame.draw.rect(surf, (38, 30, 70) if turn else ink.PANEL, r,
                             border_radius=self.px(8))
            pygame.draw.rect(surf, ink.GOLD if acting else ink.PANEL_EDGE, r,
                             max(1, self.px(3 if acting else 1)), border_radius=self.px(8))
            self.hits.append((r, ("seat", i)))
            m = self.mark(i, self.px(22))
            surf.blit(m, (r.x + self.px(6), r.y + self.px(6)))
            you = " (you)" if i == v.seat else ""
            title = ink.fit(self.seat_name(i) + you, self.px(17),
                            r.w - m.get_width() - self.px(16), ink.TEXT, True)
            surf.blit(title, (r.x + m.get_width() + self.px(10), r.y + self.px(6)))
            kind = kinds[i]
            sub = "Human" if kind == "human" else f"AI {kind.partition(':')[2]}"
            sub += f" · {decks[i]}"
            y = r.y + self.px(32)
            surf.blit(ink.fit(sub, self.px(13), r.w - self.px(12), ink.DIM), (r.x + self.px(8), y))
            if turn:
                tag = ink.label("YOUR TURN" if i == v.seat else "THEIR TURN", self.px(11),
                                ink.GOLD, True)
                surf.blit(tag, (r.right - tag.get_width() - self.px(8), r.bottom - self.px(18)))
            held = sum(u.item_count for u in v.units if u.owner == i and not u.disaster)
            held += sum(p.under_items for p in v.places if p.kind == "haven" and p.owner == i)
            rows = [f"Hand {s.hand_size}   Draw {s.draw_size}   Combat {s.combat_size}",
                    f"Discard {len(s.discard)}   Bonked {len(s.set_aside)}",
                    f"Items held: {held}"]
            if v.phase == "setup" and s.to_place:
                rows[1] = f"Locations to place: {s.to_place}"
            for k, row in enumerate(rows):
                t = ink.fit(row, self.px(13), r.w - self.px(12),
                            ink.TEXT if k == 2 else ink.DIM, k == 2)
                yy = y + self.px(18) * (k + 1)
                if yy + t.get_height() < r.bottom:
                    surf.blit(t, (r.x + self.px(8), yy))

    def off_field(self, surf: pygame.Surface) -> None:
        r = self.lay.off_field
        y = self.panel(surf, r, "Off Field")
        w = self.px(38)
        x = r.x + self.px(8)
        for card, seat, _, turns in self.b.view.off_field:
            f = self.face(card, w)
            if f is None:
                continue
            rect = f.get_rect(topleft=(x, y))
            if rect.right > r.right:
                break
            surf.blit(f, rect)
            surf.blit(self.mark(seat, self.px(12)), rect.topleft)
            if turns:
                surf.blit(ink.label(f"{turns}t", self.px(11), ink.GOLD, True),
                          (rect.x, rect.bottom - self.px(12)))
            self.hits.append((rect, ("card", card)))
            x += w + self.px(4)
        if not self.b.view.off_field:
            surf.blit(ink.label("Global Effects and endured", self.px(12), ink.DIM), (r.x + 8, y))
            surf.blit(ink.label("Disasters appear here", self.px(12), ink.DIM),
                      (r.x + 8, y + self.px(15)))

    # The hand ----------------------------------------------------------------
    def hand_cards(self) -> list[int]:
        return list(self.b.hand) if self.b.view.phase != "setup" else self.b.to_place()

    def hand_rects(self) -> list[pygame.Rect]:
        r = self.lay.hand
        h = self.px(190)
        w = round(h / 1.4)
        return fan(r, len(self.hand_cards()), w, h)

    def hand(self, surf: pygame.Surface) -> None:
        r = self.lay.hand
        cards = self.hand_cards()
        caption = "Your hand" if self.b.view.phase != "setup" else "Your cards to place"
        surf.blit(ink.label(caption, self.px(13), ink.DIM), (r.x + self.px(8), r.y + self.px(2)))
        mid = (len(cards) - 1) / 2
        for k, (i, rect) in enumerate(zip(cards, self.hand_rects())):
            f = self.face(i, rect.w)
            if f is None:
                continue
            # Fanned: each card turned a little away from the middle of the hand.
            angle = max(-9.0, min(9.0, (mid - k) * 2.5))
            pic = _tilted(self.faces, self.b.card_id(i), rect.w, angle)
            drawn = pic.get_rect(center=rect.center)
            surf.blit(pic, drawn)
            self.hits.append((drawn, ("card", i)))  # the table's hit() tests the tilt
            self.tilts[i] = angle

    # The log ---------------------------------------------------------------------
    def goal(self) -> tuple[str, str]:
        """The race in two lines (R14): the aim, and who holds how many Items."""
        v = self.b.view
        held = sum(u.item_count for u in v.units if not u.disaster)
        held += sum(p.under_items for p in v.places if p.kind == "haven")
        hidden = sum(p.under_items for p in v.places if p.kind == "location")
        return (f"To win: hold more than {v.items_total // 2} of the {v.items_total} Items.",
                f"Players hold {held} · Disasters {v.items_total - held - hidden} · "
                f"face down {hidden}")

    def log(self, surf: pygame.Surface, lines: list[tuple[str, int | None]], scroll: int) -> None:
        r = self.lay.log
        y = self.panel(surf, r, "Game log")
        if self.b.view.items_total:
            for line in self.goal():
                surf.blit(ink.fit(line, self.px(12), r.w - self.px(14), ink.GOOD),
                          (r.x + self.px(6), y))
                y += self.px(16)
            y += self.px(4)
        lh = self.px(17)
        room = max(1, (r.bottom - y - self.px(4)) // lh)
        end = max(0, len(lines) - scroll)
        for k, (words, card) in enumerate(lines[max(0, end - room):end]):
            t = ink.fit(words, self.px(13), r.w - self.px(14),
                        ink.GOLD if words.startswith("—") else ink.TEXT)
            row = pygame.Rect(r.x + self.px(6), y + k * lh, r.w - self.px(12), lh)
            surf.blit(t, (row.x, row.y + 1))
            if card is not None:
                self.hits.append((row, ("log", card)))

    # The bar -------------------------------------------------------------------------
    def bar(self, surf: pygame.Surface, hint: str, buttons: list[tuple[str, tuple]]) -> None:
        r = self.lay.bar
        pygame.draw.rect(surf, (30, 24, 56), r)
        pygame.draw.line(surf, ink.PANEL_EDGE, r.bottomleft, r.bottomright)
        v = self.b.view
        m = self.mark(whose_turn(v), self.px(24))
        surf.blit(m, (self.px(10), r.centery - m.get_height() // 2))
        phase = PHASE_NAMES.get(v.phase, v.phase)
        title = ink.label(phase, self.px(20), ink.TEXT, True)
        surf.blit(title, (self.px(42), r.centery - title.get_height() // 2))
        x = self.px(52) + title.get_width()
        # Buttons from the right edge leftward, the hint in the room left over.
        bx = r.right - self.px(8)
        f = self.px(15)
        for words, key in reversed(buttons):
            t = ink.label(words, f, ink.TEXT, True)
            br = pygame.Rect(0, 0, t.get_width() + self.px(20), r.h - self.px(12))
            br.midright = (bx, r.centery)
            if br.left < x + self.px(120):
                continue  # too long for the room left: shorter ones may fit
            primary = key == ("end",)
            pygame.draw.rect(surf, (150, 100, 20) if primary else (62, 51, 112), br,
                             border_radius=self.px(8))
            pygame.draw.rect(surf, ink.GOLD, br, 1, border_radius=self.px(8))
            surf.blit(t, t.get_rect(center=br.center))
            self.hits.append((br, key))
            bx = br.left - self.px(6)
        room = bx - x - self.px(10)
        if room > 40:
            surf.blit(ink.fit(hint, self.px(15), room, ink.GOLD), (x, r.centery - self.px(9)))


_SHADES: dict[tuple[int, int, int], pygame.Surface] = {}


def _shade(size: tuple[int, int], header: int) -> pygame.Surface:
    """Darkens a tile's art: a band for its top row, then more toward the tokens."""
    key = (*size, header)
    if key not in _SHADES:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        for y in range(h):
            t = (y - header) / max(1, h - header)
            alpha = 175 if y < header else round(40 + 140 * t)
            pygame.draw.line(surf, (8, 6, 16, alpha), (0, y), (w, y))
        _SHADES[key] = surf
    return _SHADES[key]


@lru_cache(maxsize=64)
def _tilted(faces, card_id: str, width: int, angle: float) -> pygame.Surface:
    return pygame.transform.rotozoom(faces.face(card_id, width), angle, 1.0)
