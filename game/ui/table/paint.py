"""Painting the table's parts. Each painter draws what the viewer's Board holds
and returns the hit regions it made; `shown` collects every card drawn face up,
so a test can check nothing hidden was drawn for the wrong seat."""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from itertools import product

import pygame

from game.engine.cards import CardDef
from game.engine.field import distance
from game.engine.setup import laid_by_all, still_to_deal
from game.engine.tally import decide
from game.ui.cardface import CARD_RATIO, hand_type, title_bottom, title_end
from game.ui.fonts import wrap

from . import ink, locations
from .layout import Layout, fan, group_w, kind_step, stacks, tilt, token_rects, way_under
from .tiles import Tiles, badge_rect, header
from .model import Board
from .recap import LEAD
from .words import (KIND_NAMES, PHASE_NAMES, back_said, back_when, count, disasters_to_deal,
                    endured_left, off_field_line, owned, players, shorter_hints, to_place,
                    turns_out)

Hit = tuple[pygame.Rect, tuple]
# Under the Flash Effects played and waiting for answers (Painter.off_field).
STACK_WORDS = "to resolve"
HELD_OFF = (75, 75, 85)  # a card picked up, where it lies: dark (Painter.held_off)


def path_steps(path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The Disaster path's steps between neighbouring cells (8-adjacent): the ones
    drawn. Its jumps (to the next column's head, over a Haven) are not."""
    return [(a, b) for a, b in zip(path, path[1:])
            if distance(a, b) == 1]


def item_counts(v) -> dict[str, int]:
    """The Items each side controls, as a seat's view shows them (R16: how many each
    holds is public), in the shape of the engine's tally.item_counts: each seat's
    carried and stored, the Field's still face down (under a Location, or under one
    turned Haven: guideline 4.10), and the Disasters' the rest (carried, Discarded,
    Destroyed)."""
    counts = {str(i): 0 for i in range(len(v.seats))}
    for u in v.units:
        if not u.disaster:
            counts[str(u.owner)] += u.item_count
    field = 0
    for p in v.places:
        if p.kind == "haven":
            counts[str(p.owner)] += p.under_items
        field += (p.under_items if p.kind == "location" else 0) + p.buried_items
    counts["field"] = field
    counts["disasters"] = v.items_total - sum(counts.values())
    return counts


def last_rounds(v) -> bool:
    """The round limit's last five rounds (R14 d): the bar's round is warm, and the log
    says what the limit would decide."""
    return v.round_limit - min(v.rounds + 1, v.round_limit) < 5


def combat_seats(combat, duel) -> frozenset[int]:
    """The seats whose Characters fight in a Disaster's Combat or one between players."""
    if combat is not None:
        return frozenset((combat.seat,))
    return frozenset((duel.attacker, duel.defender)) if duel is not None else frozenset()


def whose_turn(v) -> int:
    """The seat whose turn the bar and the seat panels show. Setting up the Field has
    no turns: the seat placing a card has it (the view's turn_seat is still seat 0)."""
    return v.to_act if v.phase == "setup" else v.turn_seat


class Painter:
    def __init__(self, faces, db, lay: Layout, board: Board, seat_name, shown: list[int],
                 numbered: bool = False, whose: str = "Your"):
        self.faces, self.db, self.lay, self.b = faces, db, lay, board
        self.numbered = numbered  # the colour-blind marks setting
        # The viewer's hand and Haven: "Your" for a person, "Player 1's" for an AI seat
        # shown to nobody in particular (the booth's attract games).
        self.whose = whose
        self.seat_name = seat_name
        self.shown = shown
        # The cards the game's view shows now (TableFrame.known_now), where the Board
        # drawn from may be older: a panel drawn from the Board before a round's hits
        # (panel_board), or a frame painted before the Board of the last action is
        # built, draws none put face down since (a Combat card reshuffled, R7).
        self.known_now: dict[int, str] | None = None
        # A gold outline shows in the view (Board.gilded): the inspector says what it
        # means only then (said with the gold out of view, nothing gold was to be found).
        self.gold = False
        self.hint_rows: list[str] = []  # the bar's hint as drawn, in rows
        self.hits: list[Hit] = []
        self.unit_rects: dict[int, pygame.Rect] = {}
        self.tilts: dict[int, float] = {}  # hand card -> degrees it is turned, as drawn
        self.waiting: set[tuple] = set()  # faces stood in for (see face)
        # Characters Bonked by a hit not yet played on the Field (TableScene.falling):
        # the seat panels do not name nor count them before it shows.
        self.falling: frozenset[int] = frozenset()
        # The names the decks' Places share (TableScene._laid_alike): marked from the first.
        self.laid_alike: frozenset[str] = frozenset()
        # Cells whose Health badge waits while their own words show (Animator.muted).
        self.muted: frozenset = frozenset()
        # The card being dragged: a face standing for copies alike counts those left.
        self.lifted: int | None = None
        # The seats in the Combat the panels show (TableFrame.painter sets them from
        # TableScene.fight and duel_shown): a seat panel said "YOUR COMBAT" over the
        # replay of the walk before a challenge (s62).
        self.fighting: frozenset[int] = frozenset()
        # The Combat on show is not yet the game's (TableScene.fight_behind): no buttons.
        self.behind = False
        # The seat whose AI decides now (TableFrame.painter): its panel, and every AI
        # seat's, keeps the title line's right end for the pulsing dots, where `seats`
        # records it (`thinking_at`, by seat).
        self.thinking: int | None = None
        self.thinking_at: dict[int, pygame.Rect] = {}
        # Whether a Character meets a card's requirement (Session.meets); unknown: no.
        self.meets: Callable[[int, int], bool] = lambda card, char: False
        # The viewer's Characters of those given without a symbol (Session.lacking), and
        # the group chosen to move: the Location panel names who lacks its symbol.
        self.lacking: Callable[[str, list[int]], list[int]] = lambda need, chars: []
        self.chosen: frozenset[int] = frozenset()
        # For each of the viewer's groups, by where it stands, what stops it Scavenging a
        # Location (Session.scavenge_stops; None: nothing): the Location panel says it.
        self.scavenge_stops: Callable[[tuple], list[tuple[tuple, str | None]]] = \
            lambda cell: []

    def px(self, n: float) -> int:
        return self.lay.px(n)

    def mark(self, seat: int, size: int) -> pygame.Surface:
        return ink.mark(seat, size, False, self.numbered)

    def card(self, i: int) -> CardDef | None:
        """The card `i` is, where the viewer may see it (noted in `shown`: the picture is
        painted again once it is not). One the Board drawn from does not know yet, as the
        game's view shows it now: the Combat cards of the round whose hits play were
        drawn after panel_board's Board, and the panels showed none of them (s71)."""
        cid = self.b.card_id(i) or (self.known_now or {}).get(i)
        if cid is None or self.known_now is not None and i not in self.known_now:
            return None
        self.shown.append(i)
        return self.db[cid]

    def face(self, i: int, width: int) -> pygame.Surface | None:
        """The face of a card the viewer may see; one not drawn yet at this size is
        stood in for by another size, scaled (`waiting`: the table paints again when
        it is drawn), and drawn now only when there is no other."""
        card = self.card(i)
        if card is None:
            return None
        cid = card.id
        pic = self.faces.ready(cid, width)
        if pic is None:
            pic = self.faces.stand_in(cid, width)
            if pic is None:
                return self.faces.face(cid, width)
            self.waiting.add(("face", cid, int(width)))
        return pic

    def token(self, card_id: str, size: int) -> pygame.Surface:
        """A token for a panel; stood in for as a face is (see face)."""
        pic, exact = self.faces.token_soon(card_id, size)
        if not exact:
            self.waiting.add(("token", card_id, int(size)))
        return pic

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
    def tiles(self, surf: pygame.Surface, at: pygame.Rect, tiles: Tiles,
              only: set | None = None) -> None:
        """The Field's cards and path, on `surf` showing the part `at` of the window:
        only what can be seen is drawn; with `only`, just those cells' tiles (each
        covers its cell: what is under it need not be drawn again)."""
        dx, dy = -at.x, -at.y
        if only is None:
            self._path(surf, dx, dy)  # under the tiles: it shows in the gaps
        counts = self.b.view.phase != "setup"
        names = Counter(self.b.card_id(p.card) for p in self.b.places.values())
        for cell, r in self.lay.cells.items():
            if not at.colliderect(r) or (only is not None and cell not in only):
                continue
            p = self.b.places.get(cell)
            if p is None:
                pygame.draw.rect(surf, (60, 52, 96), r.move(dx, dy), 1,
                                 border_radius=round(r.h * 0.045))
                continue
            show = counts or p.under_disasters or p.under_items
            card_id = self.b.card_id(p.card)
            twin = names[card_id] > 1 or self.db[card_id].name in self.laid_alike
            # No badge while the Field is laid, nor under the Location's own words.
            badge = locations.badge(p, self.db[card_id], self.b.view.seat) \
                if counts and cell not in self.muted else None
            pic = tiles.tile(p, card_id, r.size, bool(show), self.numbered, twin, badge=badge)
            surf.blit(pic, r.move(dx, dy))
        self._path(surf, dx, dy, arrows=True)  # over the tiles' edges, in the gaps

    def field(self, seen: pygame.Rect) -> None:
        """Where the cells and tokens are, for hit-testing and drawing tokens: each hit
        region is the part of it that shows in `seen` (the Field, less what covers it)."""
        for cell, r in self.lay.cells.items():
            if not seen.colliderect(r):
                continue
            if cell in self.b.places:
                self.shown.append(self.b.places[cell].card)
            self.hits.append((r.clip(seen), ("cell", cell)))
        # Each arrowhead, over the cells' edges as it is drawn: the pointer on it says
        # what the path is (How to play alone said it, s49).
        for a, _, x, y, _ in self._arrows():
            reach = self._arrow_size(a.h)[1]
            head = pygame.Rect(round(x) - reach, round(y) - reach, 2 * reach, 2 * reach)
            if seen.colliderect(head):
                self.hits.append((head.clip(seen), ("path",)))
        for cell, units in self.b.units_at.items():
            r = self.lay.cells.get(cell)
            if r is None:
                continue
            order = sorted(units, key=lambda u: (u.disaster, u.owner, u.arrived))
            for u, slot in zip(order, self._token_slots(cell, r, len(order))):
                self.unit_rects[u.card] = slot
                if seen.colliderect(slot):
                    self.hits.append((slot.clip(seen), ("unit", u.card)))

    def _token_slots(self, cell, r: pygame.Rect, n: int) -> list[pygame.Rect]:
        """Where the n tokens on cell `r` stand: below its name, and below its Health
        badge where two rows of them would reach it (a crowded Location's badge lay
        under its tokens, s69): only there, so a tile's few tokens keep their size. Its
        badge waiting under its own words (`muted`) counts: the tokens do not move
        as it comes back."""
        slots = token_rects(r, n, header(r.h))
        p = self.b.places.get(cell)
        if p is None or self.b.view.phase == "setup":
            return slots
        badge = locations.badge(p, self.db[self.b.card_id(p.card)], self.b.view.seat)
        if badge is None:
            return slots
        plate = badge_rect(badge, r.size).move(r.topleft)
        # (2 px kept clear above and left of a token: its outline and marks read apart)
        if any(plate.colliderect(s.x - 2, s.y - 2, s.w + 2, s.h + 2) for s in slots):
            slots = token_rects(r, n, plate.bottom + 3 - r.y)
        return slots

    def _arrows(self, dx: int = 0, dy: int = 0) -> list[tuple[pygame.Rect, pygame.Rect,
                                                             float, float, float]]:
        """The Disaster path's steps drawn (path_steps) as (from, to, x, y, angle): the
        cells moved by (dx, dy), where the chevron between them sits (halfway between
        their facing edges, in the gap: one above the other, the middle of their width)
        and the way it points."""
        cells, out = self.lay.cells, []
        for a, b in path_steps(self.b.view.path):
            if a not in cells or b not in cells:
                continue
            a, b = cells[a].move(dx, dy), cells[b].move(dx, dy)
            out.append((a, b, (max(a.left, b.left) + min(a.right, b.right)) / 2,
                        (max(a.top, b.top) + min(a.bottom, b.bottom)) / 2,
                        math.atan2(b.centery - a.centery, b.centerx - a.centerx)))
        return out

    @staticmethod
    def _arrow_size(h: int) -> tuple[int, int]:
        """The path's line width and the chevron's reach, for cells `h` high."""
        return max(2, round(h / 45)), max(8, round(h / 13))

    def _path(self, surf, dx: int, dy: int, arrows: bool = False) -> None:
        """The Disaster path (R3): a faint line between each two cells it goes through
        one after the other, under the tiles, and (`arrows`) a chevron over the gap
        between them, pointing the way. Only between neighbouring cells: the path
        jumps from the foot of one column to the head of the next, and a line there
        ran across the Field (and past its edge) behind every tile on the way."""
        steps = self._arrows(dx, dy)
        if not steps:
            return
        w, s = self._arrow_size(steps[0][0].h)
        for a, b, ax, ay, ang in steps:
            if not arrows:
                pygame.draw.line(surf, (122, 96, 80), a.center, b.center, w)
                continue
            head = [(ax + s * math.cos(ang), ay + s * math.sin(ang)),
                    (ax + s * math.cos(ang + 2.4), ay + s * math.sin(ang + 2.4)),
                    (ax + s * 0.3 * math.cos(ang + math.pi), ay + s * 0.3 * math.sin(ang + math.pi)),
                    (ax + s * math.cos(ang - 2.4), ay + s * math.sin(ang - 2.4))]
            pygame.draw.polygon(surf, (236, 176, 96), head)
            pygame.draw.polygon(surf, (40, 26, 20), head, max(1, w // 2))

    # Seats -------------------------------------------------------------------
    def seats(self, surf: pygame.Surface, kinds: list[str], decks: list[str]) -> None:
        v = self.b.view
        area = self.lay.seats
        n = len(v.seats)
        h = min(area.h // n, self.px(150))
        held = item_counts(v)
        for i, s in enumerate(v.seats):
            r = pygame.Rect(area.x + self.px(4), area.y + i * h + self.px(4),
                            area.w - self.px(8), h - self.px(6))
            # A game over has no turn: its last board lingers, no panel awaiting a move.
            playing = v.result is None
            turn, acting = playing and i == whose_turn(v), playing and i == v.to_act
            # In a Combat in another's turn (a Disaster walking onto the group in their
            # Maintenance phase, a group attacked): the panel said nothing of it (s49).
            fighting = playing and not turn and i in self.fighting
            pygame.draw.rect(surf, (38, 30, 70) if turn else ink.PANEL, r,
                             border_radius=self.px(8))
            pygame.draw.rect(surf, ink.GOLD if acting else ink.PANEL_EDGE, r,
                             max(1, self.px(3 if acting else 1)), border_radius=self.px(8))
            self.hits.append((r, ("seat", i)))
            m = self.mark(i, self.px(22))
            surf.blit(m, (r.x + self.px(6), r.y + self.px(6)))
            # Only a person is "you": AI seats playing alone (the booth's attract
            # games) must not tell a passer-by it is their turn.
            yours = i == v.seat and kinds[i] == "human"
            # The bottom line is the turn tag's on every panel (turn or not), so the
            # rows that fit are the same on all of them, and counted in 1280x720 pixels
            # (rows 18 apart from 50 down, above the tag's 18), so at every window size:
            # at 1024x600 rounding fitted a row more, drawn under 'YOUR TURN'.
            fit = int((r.h / self.lay.s - 68) // 18)
            # A short panel (four seats) has room for two such rows, and a Bonked row
            # took the counts' (s47w): there the tag goes at the right of the title, the
            # Discard beside the Items held, and rows are 16 apart down to the panel's
            # foot, a point smaller: three. Beside the line under the title, the tag
            # took the deck's name from it, or "Human" (s65): there only where the
            # title leaves it no room. The person's title keeps "(you)" (dropped in
            # their turn, kept in a Combat in another's, s69 playtest), and their tag's
            # place is judged by the wider "YOUR COMBAT", so the panel reads alike at
            # every moment.
            short = fit < 4
            # The person's own short panel says "TURN" or "COMBAT" where "YOUR ..." would
            # cut the deck's name beside it ("Moonlit", 960x540, s71's playtest): the
            # title above says "(you)".
            own = "YOUR " if not short or self._whole(decks[i], r.w - self.px(18) - ink.label(
                "YOUR COMBAT", self.px(11), ink.GOLD, True).get_width()) else ""
            tag = ink.label((own if yours else "THEIR " if turn else "IN ")
                            + ("TURN" if turn else "COMBAT"), self.px(11), ink.GOLD, True) \
                if turn or fighting else None
            widest = ink.label(own + "COMBAT", self.px(11), ink.GOLD, True) if yours else tag
            # The pulsing dots of an AI deciding have a place of their own, kept on an AI
            # seat's panel whether it decides or not, so nothing moves as it starts.
            dots = i == self.thinking or kinds[i] != "human"
            head = r.w - m.get_width() - self.px(16)
            beside = head - (widest.get_width() + self.px(6) if widest else 0)
            name = self.seat_name(i) + (" (you)" if yours else "")
            # Where the tag goes (if any): beside the title, else on the line below.
            up = short and widest and ink.font(self.px(17), True).size(name)[0] <= beside
            titled = up and tag is not None
            title = ink.fit(name, self.px(17), beside if up else head -
                            (self.px(40) if dots else 0), ink.TEXT, True)
            surf.blit(title, (r.x + m.get_width() + self.px(10), r.y + self.px(6)))
            at = tag.get_rect(midright=(r.right - self.px(8), r.y + self.px(6)
                                        + title.get_height() // 2)) if titled else None
            if dots:
                at = self._thinking_place(i, r, at)
            if titled:
                surf.blit(tag, at)
            kind = kinds[i]
            sub = f"{KIND_NAMES.get(kind, kind)} · {decks[i]}"
            y = r.y + self.px(32)
            room = r.w - self.px(12) - (widest.get_width() + self.px(6)
                                        if short and widest and not up else 0)
            # A point smaller where it would be cut ("Hot Springs Her…" at 1920x1080);
            # beside the tag, the deck alone where the title says "(you)", or its first
            # words (a person's own deck went for "Human" at four seats, a playtest;
            # beside the wider "YOUR COMBAT" at 1280x720 still, s57), else the kind.
            words = decks[i].split()
            ways = [sub, *(" ".join(words[:k]) for k in range(len(words), 0, -1))] \
                if short and yours else [sub, KIND_NAMES.get(kind, kind)] if short else [sub]
            sub, size = self._fitting(ways, room)
            surf.blit(ink.fit(sub, self.px(size), room, ink.DIM), (r.x + self.px(8), y))
            if tag is not None and not titled:
                surf.blit(tag, tag.get_rect(topright=(r.right - self.px(8), y + self.px(2)))
                          if short else tag.get_rect(bottomright=(r.right - self.px(8),
                                                                  r.bottom - self.px(3))))
            if short:
                fit = int((r.h / self.lay.s - 3 - 17 - 48) // 16) + 1
            # Most important first: a short panel (four seats) drops the last rows, and
            # the Items held are the score (R14), so they are never the ones dropped.
            rows = [f"Items held: {held[str(i)]}"]
            counts = f"Hand {s.hand_size}   Draw {s.draw_size}   Combat {s.combat_size}"
            # The Haven is placed after the Locations: still in hand, it comes next,
            # not the deal.
            if v.phase == "setup" and (s.to_place or s.haven_to_place):
                rows += [to_place(s.to_place, len(s.haven_to_place)), counts]
            elif v.phase == "setup":
                (low, usual, high), items = still_to_deal(v)[i]
                # The Items first: exact, and the score (R14); "about": a seat may pass
                # after one (the hand's caption says why; "~6" read as a slip, s42n).
                # Where "about" does not fit (two digits at 960x540), "or so": "~14"
                # stood there, a sign a newcomer does not read.
                # None left to deal: not said ("0 Disasters"; "about 0": a seat whose go
                # may not come, s64's playtest).
                d, short = (disasters_to_deal((low, usual, high), k) for k in (False, True))
                said = [f"Deal: {count(items, 'Item')}" + (f", {d}" if d else "")] + \
                    ([f"Deal {count(items, 'Item')}, {short}"] if short != d else [])
                rows += [(*self._fitting(said, r.w - self.px(12)), ink.DIM), counts]
            else:
                # Who is out Bonked, and when back (R9), over the counts: a count alone
                # went unnoticed, and a short panel (four seats) dropped it.
                out = [(card, back) for card, back in s.set_aside if card not in self.falling]
                discard = f"Discard {len(s.discard) + s.discard_items}"
                bonked = self._bonked(v, i, out, r.w - self.px(12), fit - len(rows) - short)
                # Short, the Bonked count is left to the Bonked row (none: none out).
                rows = [(rows[0], discard), *bonked, counts] if short else \
                    rows + bonked + [counts, f"{discard}   Bonked {len(out)}"]
            for k, row in enumerate(rows[:fit]):
                # A row of its own size and colour (_bonked's in gold), else 13 px (12
                # short), dim; the Items held with the Discard at their right.
                aside = None
                if isinstance(row, tuple) and len(row) == 2:
                    row, aside = row
                row, size, colour = row if isinstance(row, tuple) else \
                    (row, 12 if short else 13, ink.TEXT if k == 0 else ink.DIM)
                at = r.y + self.px(48 + 16 * k if short else 50 + 18 * k)
                if aside is not None:
                    aside = ink.label(aside, self.px(size), ink.DIM)
                    surf.blit(aside, aside.get_rect(topright=(r.right - self.px(8), at)))
                surf.blit(ink.fit(row, self.px(size), r.w - self.px(12), colour, k == 0),
                          (r.x + self.px(8), at))

    def _thinking_place(self, seat: int, r: pygame.Rect, tag: pygame.Rect | None) -> \
            pygame.Rect | None:
        """Where seat panel `r` keeps the dots of its AI deciding (`thinking_at`), and
        where its tag beside the title goes then: the title line's right end where the
        tag is not there; else under the tag, raised to leave them room above the line
        below it. Drawn at the right of the title, they covered "THEIR TURN" or "IN
        COMBAT" (four seats, s69), and no line has room for both side by side."""
        if tag is None:
            self.thinking_at[seat] = pygame.Rect(r.right - self.px(44), r.y + self.px(9),
                                                 self.px(36), self.px(16))
            return None
        dots = pygame.Rect(0, 0, self.px(28), self.px(8))
        dots.bottomright = (r.right - self.px(8), r.y + self.px(31))
        tag = tag.move(0, dots.top - tag.bottom)
        dots.centerx = tag.centerx
        self.thinking_at[seat] = dots
        return tag

    def _whole(self, words: str, width: int) -> bool:
        """Whether `words` fit in `width` at 13 px or 12 (as `_fitting` tries them)."""
        return any(ink.font(self.px(size)).size(words)[0] <= width for size in (13, 12))

    def _fitting(self, rows: list[str], width: int) -> tuple[str, int]:
        """The first of `rows` that fits in `width` at 13 px, or else 12, with its size;
        none: the last, at 13 (cut)."""
        return next(((w, size) for w in rows for size in (13, 12)
                     if ink.font(self.px(size)).size(w)[0] <= width), (rows[-1], 13))

    def _bonked(self, v, seat: int, out: list, width: int,
                room: int) -> list[tuple[str, int, tuple]]:
        """A seat's Bonked Characters (`out`: those whose hit has played) by the word a
        token calls them, and when each is back in the hand ("Bonked: Daigo, back next
        turn"), with its size of type, in gold; where that would not fit in `width`, the same
        words a point smaller, then fewer names. One wording on every panel: "Marlowe
        (next turn)" beside "Kaede, back next turn" read as two things. Back at different
        times, each one's when is said as the words shorten, in one row while that fits,
        else a row for each time (fewer names dropped the times, only the tooltip said
        them, s43w) where the panel has `room` for them, else how many are out and the
        soonest back (four seats have room for one: the other rows were dropped, s46w).
        None, no row."""
        when: dict[int, list[str]] = {}
        for card, back in out:
            cid = self.b.card_id(card)
            name = owned(self.faces.token_name(cid), None, self.b.numbers.get(card, 0)) \
                if cid else "a Character"
            when.setdefault(turns_out(v, seat, back), []).append(name)
        when = dict(sorted(when.items()))  # the soonest back first; past its turn (-1) before all
        if len(when) > 1:
            rows = ["Bonked: " + "; ".join(f"{', '.join(names)}, {back_said(left)[0]}"
                                           for left, names in when.items()),
                    "Bonked: " + ", ".join(f"{len(names)} {back_said(left)[0]}"
                                           for left, names in when.items()),
                    f"{len(out)} Bonked: " + ", ".join(
                        f"{len(names)} {back_when(left, short=True)}"
                        for left, names in when.items())]
            said, size = self._fitting(rows, width)
            if ink.font(self.px(size)).size(said)[0] <= width:
                return [(said, size, ink.GOLD)]
            if room < len(when):
                left, names = next(iter(when.items()))
                return [(*self._fitting([f"{len(out)} Bonked, {len(names)} {back}"
                                         for back in back_said(left)], width), ink.GOLD)]
        return [(*self._fitting(self._bonked_rows(names, left), width), ink.GOLD)
                for left, names in when.items()]

    @staticmethod
    def _bonked_rows(names: list[str], left: int) -> list[str]:
        """The ways to say that `names` are back in `left` turns (words.turns_out), the
        longest first."""
        # Fewer names and how many more (five Bonked at once were cut mid-name), in
        # words: "Pawlina +1" read as a bonus (s57). The curtain and the tooltip name
        # them all.
        return [row for back in back_said(left) for row in (
            *(f"Bonked: {', '.join(names[:k])}" + (f" and {len(names) - k} more" if
                                                   k < len(names) else "") + f", {back}"
              for k in range(len(names), 0, -1)),
            f"Bonked: {count(len(names), 'Character')}, {back}",
            # "2 Characters, back ne…" at 1920x1080; "Bonked: 2, back in 2 turns"
            # read as a score, not as two of them out: said as a player says it.
            f"{len(names)} Bonked, {back}")]

    def off_field(self, surf: pygame.Surface) -> None:
        """The cards in play Off Field in groups by the line under them (how long they
        last; a card with uses alone), each group's cards overlapped and its line
        written once under it. Nine cards in a row at four players were 25 px wide, every line cut
        to "thi…" (s42w): a player asks what is in play and till when, and "this Turn"
        once under six cards says it, each card's seat mark still showing on its edge
        and the whole card shown large under the pointer."""
        r = self.lay.off_field
        y = self.panel(surf, r, "Off Field")
        # The Flash Effects played and waiting for answers first: the bar named the top
        # one in words only, its card drawn nowhere (s73's playtest); here it is shown
        # and zoomed as the cards in play are.
        stack = self.b.stack()
        if not self.b.view.off_field and not stack:
            for i, line in enumerate(("Global Effects, endured", "Disasters and lasting",
                                      "Flash Effects lie here")):
                surf.blit(ink.label(line, self.px(12), ink.DIM), (r.x + 8, y + i * self.px(15)))
            return
        groups: dict[tuple, list] = {}
        for o in self.b.view.off_field:
            groups.setdefault(self._off_words(o), []).append(o)
        for key, group in groups.items():  # copies of one card together, in order met
            order = list(dict.fromkeys(self.b.card_id(o.card) for o in group))
            groups[key] = sorted(group, key=lambda o: order.index(self.b.card_id(o.card)))
        if stack:  # in the order played, before the rest
            groups = {(STACK_WORDS, ink.GOLD, "", -1): stack, **groups}
        w, step, apart, ways, sep, lines = self._off_lines(groups, r.w - self.px(16),
                                                           r.bottom - self.px(2) - y)
        size, down = under_type(self.lay.s)
        x = r.x + self.px(8)
        bare, low = set(), y  # what the lines cut to a count count, and below the lines
        for t, ((_, c, strip, _), group), way in zip(lines, groups.items(), ways):
            if way < 0 and t and under_words(t, -way, self.lay.s)[0] != t and t[0].isdigit():
                bare.add("uses" if " use" in t else "Disaster" if " P" in t else "turns")
            rows = [] if not t else under_rows(t, c, -way, self.lay.s) if way < 0 else \
                [ink.label(row, size, c, True, True) for row in ((t,), halves(t, size))[way]]
            ids = [self.b.card_id(o.card) for o in group]
            cards = group_w(len(group), len(set(ids)), w, step, sep)
            wide = max([cards] + [row.get_width() + caption_pad(self.lay.s) for row in rows])
            if x + wide > r.right:
                break
            at = x + (wide - cards) // 2
            for k, o in enumerate(group):
                if k:
                    at += step if ids[k] == ids[k - 1] else kind_step(w, step, sep)
                f = self.face(o.card, w)
                if f is None:
                    continue
                rect = f.get_rect(topleft=(at, y))
                surf.blit(f, rect)
                # Under the title, on the art's edge: over it, it hid the name's first
                # letters ("ng Arc", s60's booth playtest at 1920x1080).
                # (on its own card: hung under it onto the line where cards are small)
                mark = self.mark(o.seat, self.px(12))
                surf.blit(mark, (rect.x, min(rect.y + title_bottom(w),
                                             rect.bottom - mark.get_height())))
                if strip:  # an endured card's turns beside its uses: on the art, a dark strip
                    line = ink.fit(strip, self.px(11), w, ink.GOLD, True, True)  # (counts)
                    at = line.get_rect(bottomleft=(rect.x, rect.bottom))
                    surf.fill((0, 0, 0), at)
                    surf.blit(line, at)
                self.hits.append((rect, ("card", o.card)))  # the topmost is hit first
            top = y + round(w * CARD_RATIO) + self.px(1)
            for row in rows:
                surf.blit(row, (x + (wide - row.get_width()) // 2, top))
                low = max(low, top + row.get_height())
                top += down if way >= 0 else self.px(12)  # (a cut line's rows: smaller)
            x += wide + apart
        if bare:
            # What a bare count under a card counts, once (at 960x540 seven Global
            # Effects read "2" each, their "left" cut for room): the tooltip said it,
            # a card at a time.
            # which is which: "uses or turns left" read alike under an endured Disaster's
            # "1" and a Global Effect's (s69's playtest)
            ways = OFF_KEYS["uses" if bare == {"uses"} else "both" if bare == {
                "uses", "Disaster"} else "either" if "uses" in bare else "turns"]
            # 11 px at least: at 960x540 it was 10, unreadable (s71's playfix left it).
            px = max(11, self.px(11))
            key = ink.fit(ink.first_whole(ways, (px,), r.w - self.px(16))[0], px,
                          r.w - self.px(16), ink.DIM)
            if low + key.get_height() <= r.bottom - self.px(2):
                surf.blit(key, (r.x + self.px(8), low))

    def _off_lines(self, groups: dict, room: int, tall: int) -> tuple:
        """off_fit's answer for the groups and the line under each: in the words a
        newcomer reads ("ends this Turn", "1 more P3 turn"), the longest given back its
        terse words ("this Turn", "1 P3 turn") while any would be cut (s47w). `tall`:
        the room under the panel's title."""
        terse = [t for t, *_ in groups]
        lines = [off_field_line(t) for t in terse]
        counts = tuple((len(g), len({self.b.card_id(o.card) for o in g}))
                       for g in groups.values())
        font = ink.count_font(under_type(self.lay.s)[0], True)

        def kind(t: str) -> str:
            return re.sub(r"\d+|s$", "", t)
        while True:
            fit = off_fit(tuple(lines), counts, room, self.lay.s, tall)
            longer = [k for k, t in enumerate(lines) if t != terse[k]]
            if not longer or min(fit[3]) >= 0:
                return (*fit, lines)
            # and those of its kind with it: "1 more P3 turn" beside "2 P1 turns" misled
            k = max(longer, key=lambda k: font.size(lines[k])[0])
            for j in longer:
                if kind(terse[j]) == kind(terse[k]):
                    lines[j] = terse[j]

    def _off_words(self, o) -> tuple[str, tuple | None, str, int]:
        """What an Off Field card says under it and in what colour: a Global Effect's
        uses (its tooltip: in full), else an endured Disaster's turns left, else a Flash
        Effect's Duration (R127), else a Global Effect's: the game; the turns written on its
        art when its uses take the line ("" if none); and the card where it lies alone
        (-1 if not): a card's uses are its own, and "2 left" once under two cards read
        as two between them."""
        note = self.b.uses_note(o.card)
        if note is not None:
            # "3 uses", not "3 left": cut to its terse words at four players, "left"
            # said nothing of what (s69's playtest)
            return ({"no uses left": "spent", "used this Turn": "used"}.get(
                note, note.removesuffix(" left")), ink.GOLD if note[0].isdigit() else ink.BAD,
                endured_left(o.turns_left, o.seat) if o.turns_left else "", o.card)
        if o.turns_left:  # "2 turns" on the card's own width was cut
            return endured_left(o.turns_left, o.seat), ink.GOLD, "", -1
        # A Global Effect without uses (Full Moon Rising) stays: its blank line read as
        # a card missing its caption (s69's playtest).
        cd = self.b.card(o.card)
        lasts = "the game" if cd is not None and cd.type == "global_effect" else ""
        return self.b.lasts_note(o.card) or lasts, ink.GOLD, "", -1

    # The hand ----------------------------------------------------------------
    def hand_cards(self) -> list[int]:
        return list(self.b.hand) if self.b.view.phase != "setup" else self.b.to_place()

    def hand_rects(self) -> list[pygame.Rect]:
        r = self.lay.hand
        h = self.px(190)
        w = round(h / CARD_RATIO)
        return fan(r, len(self.hand_cards()), w, h)

    def hand(self, surf: pygame.Surface, caption: str) -> None:
        r = self.lay.hand
        cards = self.hand_cards()
        surf.blit(ink.fit(caption, self.px(13), r.w - self.px(16), ink.DIM),
                  (r.x + self.px(8), r.y + self.px(2)))
        rects = self.hand_rects()
        # Overlapped by the next card, a name is written within the part left showing,
        # every covered one in one type (cardface.hand_type).
        showing = [rects[k + 1].x - r.x if k + 1 < len(rects) and rects[k + 1].x - r.x < r.w
                   else None for k, r in enumerate(rects)]
        covered = tuple((self.db[self.b.card_id(i)].name, shown)
                        for i, shown in zip(cards, showing) if shown is not None)
        most = hand_type(covered, rects[0].w) if covered else None
        for k, (i, rect, shown) in enumerate(zip(cards, rects, showing)):
            f = self.face(i, rect.w)
            if f is None:
                continue
            # Fanned: each card turned a little away from the middle of the hand.
            angle = tilt(k, len(cards))
            # Turned smoothly when that is made (FaceCache.tilted), roughly till then.
            cid = self.b.card_id(i)
            pic = self.faces.tilted(cid, rect.w, angle, shown, most) \
                if ("face", cid, rect.w) not in self.waiting else None
            if pic is None:
                pic = pygame.transform.rotate(f, angle)
                self.waiting.add(("tilt", cid, rect.w, angle, shown, most))
            drawn = pic.get_rect(center=rect.center)
            early = self._haven_early(i)
            if early:  # dimmed, as it cannot be placed yet: it looked playable (s42n)
                pic = pic.copy()
                pic.fill((105, 105, 105), special_flags=pygame.BLEND_RGB_MULT)
            surf.blit(self.held_off(i, pic), drawn)
            if early:
                self._note_on(surf, rect, angle, title_end(self.db[cid], rect.w),
                              "Placed once every player has laid a Location")
            self.hits.append((drawn, ("card", i)))  # the table's hit() tests the tilt
            self.tilts[i] = angle

    def held_off(self, i: int, pic: pygame.Surface) -> pygame.Surface:
        """`pic`, card `i`'s face where it lies, as drawn while it is held over the table:
        dark, its place kept, so that the card is the one following the pointer (it
        stayed bright where it came from, and read as not picked up, a playtest)."""
        if i != self.lifted:
            return pic
        pic = pic.copy()
        pic.fill(HELD_OFF, special_flags=pygame.BLEND_RGB_MULT)
        return pic

    def _haven_early(self, i: int) -> bool:
        """Setup: `i` is the viewer's Haven, in the hand before R2 allows it (every
        player to have placed a Location first)."""
        v = self.b.view
        return v.phase == "setup" and v.seat >= 0 and i in v.seats[v.seat].haven_to_place \
            and not laid_by_all(v.places, len(v.seats))

    def _note_on(self, surf: pygame.Surface, rect: pygame.Rect, angle: float, title: int,
                 words: str) -> None:
        """`words` in rows on a dark band across a hand card's `rect`, turned `angle`
        degrees, below its title bar (which ends `title` px down the card) where it dips
        lowest: the window's foot hides the rest of the card. At a fixed 24 px down, it
        covered the turned Haven's name at 1280x720 and 960x540 (s69)."""
        rows = wrapped(words, self.px(12), rect.w - self.px(12))
        step = self.px(15)
        a = math.radians(angle)
        low = rect.w / 2 * abs(math.sin(a)) + (title - rect.h / 2) * math.cos(a)
        band = pygame.Rect(rect.x, math.ceil(rect.centery + low) + self.px(2), rect.w,
                           len(rows) * step + self.px(8))
        surf.fill((20, 16, 36), band)
        for k, row in enumerate(rows):
            t = ink.label(row, self.px(12), ink.TEXT, True)
            surf.blit(t, t.get_rect(midtop=(band.centerx, band.y + self.px(4) + k * step)))

    # The log ---------------------------------------------------------------------
    def goal(self) -> tuple[str, str]:
        """The race in two lines (R14 a, b), each with its count: the players' Items
        together against more than half, then the one with the most wins; the
        Disasters' (carried, Discarded, Destroyed) against the same. "Hold more than 7"
        read as one player's need; short enough for the log's column at 1280x720."""
        v = self.b.view
        counts = item_counts(v)  # the Field's still face down are nobody's (guideline 4.10)
        held = sum(counts[str(i)] for i in range(len(v.seats)))
        total, need = v.items_total, v.items_total // 2 + 1
        of = count(total, "Item")
        players = ("You: {} of {}. At {}, you win" if len(v.seats) == 1 else
                   "All players: {} of {}. At {}, the most wins")
        return (players.format(held, of, need),
                f"Disasters: {counts['disasters']} of {of}. At {need}, they win")

    def standing(self) -> tuple[str, tuple] | None:
        """In the round limit's last rounds, what it would decide if it came now (R14 d,
        by the engine's own tally.decide over the view's counts), with the winner's
        count against the next: near the end the race lines said only "At 8, they
        win", and the game ended "Round limit — The Disasters win" unforeseen (s42n).
        Green where the viewer, a person, would win. None before those rounds."""
        v = self.b.view
        if v.result is not None or v.phase == "setup" or not last_rounds(v):
            return None
        counts = item_counts(v)
        seats = len(v.seats)
        result = decide(counts, v.items_total, seats, "round_limit")
        held = [counts[str(i)] for i in range(seats)]
        d, most = counts["disasters"], max(held)
        if result.disasters_win and d > most:
            said = f"the Disasters win, {d} to {most}"
        elif result.disasters_win and d == most:
            said = f"the Disasters win: a tie at {d} goes to them"
        elif result.disasters_win:  # players tied for the most: no single leader
            tied = [i for i in range(seats) if held[i] == most]
            said = f"the Disasters win: {players(tied)} tie for the most ({most})"
        elif len(result.winners) > 1:  # a majority, shared
            said = f"{players(result.winners)} share the win"
        else:
            w = result.winners[0]
            rival = max([d] + [n for i, n in enumerate(held) if i != w])
            who = "you win" if w == v.seat and self.whose == "Your" else \
                f"{self.seat_name(w)} wins"
            said = f"{who}, {held[w]} to {rival}"
        mine = v.seat in result.winners and self.whose == "Your"
        return f"If it ended now: {said}", ink.GOOD if mine else ink.BAD

    def log(self, surf: pygame.Surface, lines: list[tuple[str, int | None]], scroll: int) -> None:
        """The newest lines that fit, each whole (wrapped, never cut: a line says who
        did what to whom); `scroll` lines back from the newest. Each line's rows hit
        as one ("log", card, line)."""
        r = self.lay.log
        y = self.panel(surf, r, "Game log")
        if self.b.view.items_total:
            heads = [(line, ink.GOOD) for line in self.goal()]
            if (standing := self.standing()) is not None:
                heads.append(standing)
            for line, colour in heads:  # each whole, in rows as a log line: at 960x540
                # the race line was cut to "...At 8, the most w..."
                for k, row in enumerate(hanging(line, self.px(12), r.w - self.px(14),
                                                self.px(8))):
                    surf.blit(ink.label(row, self.px(12), colour),
                              (r.x + self.px(6) + (self.px(8) if k else 0), y))
                    y += self.px(16)
            y += self.px(4)
        px, lh, width, indent = self.px(13), self.px(17), r.w - self.px(14), self.px(8)
        bottom = r.bottom - self.px(4)
        if scroll:  # scrolled back: newer lines wait below, and a click goes to them
            bottom = self._newer_lines(surf) - self.px(2)
        end = max(0, len(lines) - scroll)

        def fit(room: int) -> list[tuple[int, list[str]]]:
            shown: list[tuple[int, list[str]]] = []
            used = 0
            for k in range(end - 1, -1, -1):  # newest first, until the next would not fit
                rows = hanging(lines[k][0], px, width, indent)
                if used + len(rows) * lh > room and shown:
                    break
                shown.append((k, rows))
                used += len(rows) * lh
            return shown
        shown = fit(bottom - y)
        if shown and shown[-1][0] > 0:  # older lines above: the AI seats' turns went by
            strip = self.px(18)  # while the person waited, and nothing said they were there
            shown = fit(bottom - y - strip)
            self._earlier_lines(surf, y, shown[-1][0])
            y += strip
        for k, rows in reversed(shown):
            words, card = lines[k]
            colour = ink.GOLD if words.startswith("—") else ink.RECAP \
                if LEAD.match(words) else ink.TEXT
            box = pygame.Rect(r.x + self.px(6), y, r.w - self.px(12), len(rows) * lh)
            for j, row in enumerate(rows):
                if y + (j + 1) * lh > bottom + lh // 2:
                    break  # one line taller than the whole panel: its top shows
                surf.blit(ink.label(row, px, colour), (box.x + (indent if j else 0),
                                                       y + j * lh + 1))
            self.hits.append((box.clip(pygame.Rect(r.x, r.y, r.w, bottom - r.y)),
                              ("log", card, k)))
            y += len(rows) * lh

    def _earlier_lines(self, surf: pygame.Surface, top: int, n: int) -> None:
        """A row at the log's head saying how many older lines the wheel brings back
        (s43n: after three AI seats' turns only the last one's tail showed). The arrow
        is drawn: the font has no arrow glyph."""
        r = self.lay.log
        x, y, s = r.x + self.px(12), top + self.px(8), self.px(4)
        pygame.draw.polygon(surf, ink.DIM, [(x - s, y + s // 2), (x + s, y + s // 2),
                                            (x, y - s)])
        words = ink.fit(f"{count(n, 'earlier line')}: scroll up", self.px(12),
                        r.w - self.px(28), ink.DIM, True)
        surf.blit(words, (x + self.px(10), y - words.get_height() // 2))

    def _newer_lines(self, surf: pygame.Surface) -> int:
        """A strip at the log's foot saying newer lines exist (a click shows them);
        its top. The arrow is drawn: the font has no arrow glyph."""
        r = self.lay.log
        strip = pygame.Rect(r.x + self.px(4), r.bottom - self.px(22), r.w - self.px(8),
                            self.px(18))
        pygame.draw.rect(surf, (60, 48, 110), strip, border_radius=self.px(4))
        x, y, s = strip.x + self.px(8), strip.centery, self.px(4)
        pygame.draw.polygon(surf, ink.GOLD, [(x - s, y - s // 2), (x + s, y - s // 2),
                                             (x, y + s)])
        words = ink.fit("Newer lines below: scroll down or click", self.px(12),
                        strip.w - self.px(22), ink.GOLD, True)
        surf.blit(words, (x + self.px(10), y - words.get_height() // 2))
        self.hits.append((strip, ("newest",)))
        return strip.top

    # The bar -------------------------------------------------------------------------
    def bar(self, surf: pygame.Surface, hint: str, buttons: list[tuple[str | tuple, tuple]],
            resting: str, kept: tuple[int, ...] = (0,), chosen: frozenset = frozenset(),
            brief: frozenset = frozenset()) -> None:
        """The bar; `kept`, widths to leave at its right for what is drawn there over it
        (whose the curtain will be, while the person leaving watches, said shorter and
        shorter), widest first: the widest that leaves the hint whole, else the last
        (the one left, `self.kept`); `chosen`, the actions
        of the Characters the person chose and those only a button offers, offered
        before the hint's second row; `brief`, the chosen Characters' own, said shorter
        where that leaves the hint one row.
        A button's words may be ways to say it, longest first (the list's).
        The buttons leave room for the hint `resting` (TableFrame.resting_hint)."""
        r = self.lay.bar
        pygame.draw.rect(surf, (30, 24, 56), r)
        pygame.draw.line(surf, ink.PANEL_EDGE, r.bottomleft, r.bottomright)
        v = self.b.view
        x = self.px(10)
        if v.result is None:  # a game over has no turn: the last seat's mark beside it read as one
            m = self.mark(whose_turn(v), self.px(24))
            surf.blit(m, (x, r.centery - m.get_height() // 2))
            x = self.px(42)
        phase = PHASE_NAMES.get(v.phase, v.phase)
        title = ink.label(phase, self.px(20), ink.TEXT, True)
        surf.blit(title, (x, r.centery - title.get_height() // 2))
        x += title.get_width() + self.px(10)
        # The round under way, as the log heads it (v.rounds counts those completed), and
        # the limit that ends the game (R14 d): warm in its last five rounds.
        now, limit = min(v.rounds + 1, v.round_limit), v.round_limit
        near = last_rounds(v)
        rnd = ink.label(f"Round {now} of {limit}" + (" · last round" if now == limit else ""),
                        self.px(15), ink.BAD if near else ink.DIM, near)
        surf.blit(rnd, (x, r.centery - rnd.get_height() // 2))
        x += rnd.get_width() + self.px(14)
        # Buttons from the right edge leftward, the hint in the room left over: room
        # for it in two rows of small type (up to half the bar) comes first, as a
        # newcomer reads the hint and a button left out is still in All actions. Not
        # for the chosen Character's action: a person who chose Mio at the Silo was
        # offered nothing beside the phase's long hint; it is drawn, the hint wrapped
        # in the room it leaves.
        # (No button is offered while the person leaving watches: the hint's room is the
        # bar's left beside the note.)
        # A longer note only where the hint stays in two rows: in three, at 1280x720 and
        # 1920x1080, it was cramped beside "(any key: the curtain now)".
        self.kept = next((k for most in (2, 3) for k in kept
                          if self._hint_whole(hint, r.right - self.px(18) - k - x, most)), kept[-1])
        bx = r.right - self.px(8) - self.kept
        f = self.px(15)
        keep = max(self.px(120), min(r.w // 2, rows_width(resting, self.px(13), 2, r.w)
                                     + self.px(10)))
        bold = ink.font(f, True)
        one_row = ink.font(self.px(13)).size(resting)[0] + self.px(10)
        for words, key in reversed(buttons):
            ways = (words,) if isinstance(words, str) else words
            # A button with ways to say it (longest first): the first that fits the room.
            # A chosen Character's may take the hint's room, only if none fits beside
            # it: "Retrieve with Sergeant Daigo Hatakeyama" cut the hint to "Retrieve 2
            # Items face down and Putt-Putt Deli…" where "Retrieve with Daigo" left it
            # whole (s60's playtest).
            # A Character's shorter words first where they leave the hint one row:
            # "Scavenge Dojo of the Falling Petal (P1)" left it two rows in a narrow
            # column at 960x540 (s65); a button's own ("Go on to physical Combat") not.
            mine = key[0] == "act" and key[1] in chosen
            lefts = ((x + one_row,) if mine and key[1] in brief else ()) + (x + keep,)
            said = next((w for left in lefts
                         for w in ways if bold.size(w)[0] <= bx - left - self.px(20)), None)
            if said is None and mine:
                said = self._in_hint_room(ways, bx, x, resting)
            if said is None:
                continue  # too long for the room left: shorter ones may fit
            t = ink.label(said, f, ink.TEXT, True)
            br = pygame.Rect(0, 0, t.get_width() + self.px(20), r.h - self.px(12))
            br.midright = (bx, r.centery)
            primary = key == ("end",)
            pygame.draw.rect(surf, (150, 100, 20) if primary else (62, 51, 112), br,
                             border_radius=self.px(8))
            pygame.draw.rect(surf, ink.GOLD, br, 1, border_radius=self.px(8))
            surf.blit(t, t.get_rect(center=br.center))
            self.hits.append((br, key))
            bx = br.left - self.px(6)
        room = bx - x - self.px(10)
        if room > 40:
            # Whole: in one line, or two rows of smaller type, or three of smaller still
            # where the bar holds them (beside a chosen Character's button, at 1280x720,
            # two rows ended "where yours stand (…"); else cut, in the rows of the second
            # size. (A hint that fits in one row only of a smaller type is drawn in it.)
            # Too long for any of them, a shorter way to say it (words.shorter_hints): at
            # 960x540 the Move phase's lost its end, "or End pha…" (s48); the shortest
            # is cut if even it does not fit.
            # Rows are centred by their height, and three are drawn closer where they
            # need to: at 1280x720 three rows a line apart set
            # the last one's descenders on the bar's foot, and at 1024x600 cut them.
            rows, size, step, held, tall = self._hint_rows(hint, room)
            # (one row keeps the baseline of the phase's name and the round beside it)
            top = r.centery - (step * (min(held, len(rows)) - 1) + tall) // 2 - \
                (ink_lift(ink.font(size)) if min(held, len(rows)) > 1 else 0)
            if len(rows) > held:  # the last row drawn carries the rest, cut to the room
                rows = [*rows[:held - 1], " ".join(rows[held - 1:])]
            for j, row in enumerate(rows):
                surf.blit(ink.fit(row, size, room, ink.GOLD), (x, top + j * step))
            self.hint_rows = tuple(ink.cut(row, size, room) for row in rows)  # as drawn

    def _in_hint_room(self, ways: tuple[str, ...], bx: int, x: int, resting: str) -> str | None:
        """A chosen Character's button (or one only a button offers) with no room beside
        the hint: the longest of its ways that still leaves the hint whole, else the
        shortest that fits. The first that fitted took the hint's room: "Retrieve with
        Doc Ishimaru Tonbo" where "Retrieve with Tonbo" was offered, and the hint was
        cut to "...then Plasma Slingsh…" at 960x540 (s72's playtest)."""
        bold = ink.font(self.px(15), True)
        fit = [w for w in ways if bold.size(w)[0] <= bx - x - self.px(120) - self.px(20)]
        for w in fit:
            left = bx - bold.size(w)[0] - self.px(20) - self.px(6)  # the button, a gap
            rows, _, _, held, _ = self._hint_rows(resting, left - x - self.px(10))
            if len(rows) <= held:
                return w
        return fit[-1] if fit else None

    def _hint_whole(self, hint: str, room: int, most: int) -> bool:
        """Whether the hint itself, not a shorter way to say it, fits whole in `room`, in
        `most` rows at most."""
        rows, size, _, held, _ = self._hint_rows(hint, room)
        return len(rows) <= min(held, most) and rows == wrapped(hint, size, room)

    def _hint_rows(self, hint: str, room: int) -> tuple[tuple[str, ...], int, int, int, int]:
        """The bar's hint in `room` px: its rows, their type, the step between them, how
        many the bar holds (more rows: it is cut) and their height. Whole: in one line,
        or two rows of smaller type, or three of smaller still where the bar holds them;
        else a shorter way to say it (words.shorter_hints), each tried as the hint was."""
        r = self.lay.bar
        for words in (hint, *shorter_hints(hint)):
            for size in (self.px(15), self.px(13), self.px(12), self.px(13)):
                rows = wrapped(words, size, room)
                f = ink.font(size)
                tall, line = f.get_height(), f.get_linesize() - self.px(2)
                step = min(line, (r.h - self.px(1) - tall) // 2)
                held = 1 if size == self.px(15) else 3 if step >= tall - self.px(4) \
                    else 2 if line + tall <= r.h else 1
                step = step if held == 3 else line
                if len(rows) <= held:
                    break
            if len(rows) <= held:
                break
        return rows, size, step, held, tall


# The Off Field key under bare counts, by what they count, the longest first: at 11 px
# in 960x540's panel "Uses left; on a Disaster: turns" is 9 px too wide.
OFF_KEYS = {"uses": ("Numbers: uses left",),
            "both": ("Uses left; on a Disaster: turns", "Uses left; a Disaster: turns"),
            "either": ("Numbers: uses or turns left", "Uses or turns left"),
            "turns": ("Numbers: turns left",)}


def ink_lift(f: pygame.font.Font) -> int:
    """How far above its box's middle a line's letters stand in `f`: the box holds the
    room over the tallest letters (3 px at 12 px) and barely any under the descenders, so
    rows centred by their boxes sat low; three rows in the bar at 1280x720 set the last
    one's descenders on its foot (s71's playtest). Rows centred by their letters."""
    above = f.get_ascent() - f.metrics("l")[0][3]
    below = f.get_height() - f.get_ascent() + f.metrics("g")[0][2]
    return (above - below) // 2


# px: the least type an Off Field card's line is written in. The table writes none under
# 11 (frame's, tiles'), and at 11 a hinted digit meets the word after it ("P4turn").
LEAST_UNDER = 12


def under_type(s: float) -> tuple[int, int]:
    """The size of an Off Field card's line at the window scale `s`, and the step from
    its first row to its second: at 960x540 they were 9 px, 9 px apart, the second
    against the panel's foot ("1 use" over "left", "P4turn", s71's playtest)."""
    size = round(11 * s)
    size = size if size >= 11 else LEAST_UNDER
    return size, ink.font(size, True).get_linesize() - max(1, round(2 * s))


@lru_cache(maxsize=64)
def off_fit(lines: tuple[str, ...], counts: tuple[tuple[int, int], ...], room: int,
            s: float, tall: int = 1 << 16) -> tuple[int, int, int, tuple[int, ...], int | None]:
    """How the Off Field groups (`lines`: the words under each, _off_words'; `counts`:
    how many cards, of how many different ones) fit `room` at the window scale `s`: the
    card width, the step from a card to the next copy of it in a group, the room between
    groups, how each group's line is written: 0 in one row, 1 in two ("2 P1" over
    "turns": the panel has room for a second under the cards), or cut to a width
    (-width: `under`), and the room between different cards of a group (layout.group_w;
    None: they overlap as copies do, only where even the least cards side by side do
    not fit). The largest cards with lines whole first, no taller with their lines than
    `tall`. Kept: the table is painted every frame, and the search took 9 ms at
    1920x1080 with nine cards."""
    def px(n: float) -> int:
        return max(1, round(n * s))
    for sep in (px(2), None):
        fit = _off_fit(lines, counts, room, s, sep, tall)
        if fit[1] is not None or sep is None:
            w, step, apart, ways = fit
            return w, step or px(2), apart, ways, sep
    raise AssertionError  # (the last way always answers)


def _off_fit(lines: tuple[str, ...], counts: tuple[tuple[int, int], ...], room: int,
             s: float, sep: int | None, tall: int) -> tuple[int, int | None, int, tuple[int, ...]]:
    """off_fit's search with different cards `sep` apart; its step None where no way
    fits (then its ways are those of the least cards: too many, those that fit)."""
    def px(n: float) -> int:
        return max(1, round(n * s))
    gap, least = px(4), px(14)  # least: a seat mark and a rim of each card
    size, down = under_type(s)
    high = ink.font(size, True).get_height()
    pad = caption_pad(s)
    ways = [tuple(max((ink.count_font(size, True).size(row)[0] + pad for row in rows),
                      default=0)
                  for rows in ((t,), halves(t, size))) for t in lines]
    # Groups 3 gaps apart, or one where many lie side by side (seven Global Effects at
    # four players, each alone with its uses: cut to "3" at 1920x1080, s42w).
    for w, (two, apart) in product(range(px(38), px(24) - 1, -1),
                                   ((False, 3 * gap), (True, 3 * gap), (True, gap))):
        widths = ways if two else [way[:1] for way in ways]
        step = stacks(list(counts), widths, room, w, gap, least, apart, sep)
        if step is None:
            continue
        chosen = tuple(way_under(way, group_w(n, k, w, step, sep))
                       for way, (n, k) in zip(widths, counts))
        if round(w * CARD_RATIO) + px(1) + down * max(chosen, default=0) + high <= tall:
            return w, step, apart, chosen
    # Still too wide: each line cut to its cards' width (its count, or the word that says
    # how long: under), then smaller cards; last (copies overlapped), a step under a
    # seat mark's width: nineteen cards lasting this Turn at 960x540 left the panel empty.
    sizes = [(w, min(least, w)) for w in range(px(24), px(12) - 1, -1)]
    for w, least in sizes + ([(px(12), px(2))] if sep is None else []):
        # a count is cut to its cards' width; a word saying how long keeps its own ("the…"
        # said nothing of "the game" at 960x540, s69)
        cuts = [max(group_w(n, k, w, least, sep), 0 if not t or t[0].isdigit() else
                    ink.font(size, True).size(shortest(t))[0])
                for t, (n, k) in zip(lines, counts)]
        said = [under_words(t, cut, s) if t else ("", size) for t, cut in zip(lines, cuts)]
        step = stacks(list(counts), [(min(ink.count_font(k, True).size(t)[0], cut) + pad,)
                                     for (t, k), cut in zip(said, cuts)],
                      room, w, gap, least, gap, sep)
        if step is not None:
            break
    return w, step, gap, tuple(-cut for cut in cuts)


@lru_cache(maxsize=1024)
def under_words(words: str, width: int, s: float) -> tuple[str, int]:
    """A line under an Off Field card in the largest type, down to 9 px (at the window
    scale `s`), that keeps it within `width`; else its count alone ("2 turns", "3
    left": its tooltip says which), not "2 …", or with no count the word saying how
    long ("this Turn" cut to "this" said nothing, s41w): "Turn"; cut with an ellipsis
    (`under`) only below that. The words and their size of type."""
    sizes = [max(1, round(size * s)) for size in (10, 9)]
    return next(((said, px) for said in dict.fromkeys((words, shortest(words))) for px in sizes
                 if ink.count_font(px, True).size(said)[0] <= width), (words, sizes[-1]))


def shortest(words: str) -> str:
    """Out of an Off Field line's words, the one that says how long: the count, else the
    Turn or Combat, else the last ("game")."""
    first = words.split()[0]
    return first if first[0].isdigit() else next(
        (w for w in reversed(words.split()) if w[0].isupper()), words.split()[-1])


def caption_pad(s: float) -> int:
    """The room an Off Field line wider than its cards keeps beyond its width, so that
    two such lines stand apart: "1 use" "1 use" 4 px apart read as one (s69's playtest)."""
    return max(1, round(2 * s))


def under_rows(words: str, colour: tuple, width: int, s: float) -> list[pygame.Surface]:
    """A line cut to `width` (`under`), but a line of words with no count in two rows
    where each fits: "all game" cut to "game" stood beside counts whose key said
    "Numbers: uses left" and nothing of it (s69's playtest)."""
    if not words[0].isdigit() and under_words(words, width, s)[0] != words:
        for said, px in product(dict.fromkeys((off_field_line(words), words)),
                                (max(1, round(size * s)) for size in (11, 10, 9))):
            rows = halves(said, px)
            if len(rows) == 2 and max(ink.count_font(px, True).size(r)[0]
                                      for r in rows) <= width:
                return [ink.label(row, px, colour, True, True) for row in rows]
    return [under(words, colour, width, s)]


def under(words: str, colour: tuple, width: int, s: float) -> pygame.Surface:
    """under_words' line, drawn (cut with an ellipsis where even they are too wide)."""
    said, px = under_words(words, width, s)
    return ink.fit(said, px, width, colour, True, True)  # (in count_font)


@lru_cache(maxsize=256)
def halves(words: str, px: int) -> tuple[str, ...]:
    """An Off Field card's line in two rows as even as its spaces allow ("2 P1" over
    "turns"); a single word in one."""
    f, parts = ink.count_font(px, True), words.split()
    return min(((" ".join(parts[:k]), " ".join(parts[k:])) for k in range(1, len(parts))),
               key=lambda rows: max(f.size(row)[0] for row in rows), default=(words,))


@lru_cache(maxsize=2048)
def hanging(words: str, px: int, width: int, indent: int) -> tuple[str, ...]:
    """A log line in rows, those after the first indented: they wrap `indent` narrower
    (wrapped at the first's width, they ran past the log's edge)."""
    rows = wrapped(words, px, width)
    if len(rows) < 2 or not words.startswith(rows[0]):
        return rows if len(rows) < 2 else wrapped(words, px, width - indent)
    return rows[:1] + wrapped(words[len(rows[0]):].lstrip(), px, width - indent)


@lru_cache(maxsize=256)
def rows_width(words: str, px: int, rows: int, most: int) -> int:
    """The least width, up to `most`, in which `words` wrap into `rows` rows at `px`: half
    their width and some was too little where long words fell at a row's end (the bar
    cut the Retrieve hint to "...and Putt-Putt Deli…", s60's playtest)."""
    lo, hi = 1, most
    while lo < hi:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if len(wrapped(words, px, mid)) <= rows else (mid + 1, hi)
    return lo


@lru_cache(maxsize=2048)
def wrapped(words: str, px: int, width: int) -> tuple[str, ...]:
    """A line of text in rows no wider than `width` (kept: the log is drawn each frame)."""
    return tuple(wrap(words, ink.font(px), width))
