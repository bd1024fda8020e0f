"""What floats over the table: a menu of choices, the hover zoom, the hot-seat curtain."""
from __future__ import annotations

import re

import pygame

from game.engine.cards import CardDef
from game.ui.fonts import wrap
from game.ui.kept import Kept

from . import ink
from .words import GLOSSARY, symbol_rule

CURTAIN_NEWS = 5  # the latest headlines a curtain shows after a save that lost what a seat saw
CURTAIN_LOG = 3  # the log's last lines it shows where there is no news
# The cards shown large, with their facts, kept in bytes as the table's lines are: one
# is some 1.4 MB at 1920x1080 and each game brings new facts ("Health 2/5", who carries
# what), so 64 kept by count could hold 90 MB in a booth's long day.
ZOOM_BYTES = 16 * 2 ** 20


class Menu:
    """A list of labelled choices near the pointer; scrolls when it is long."""

    def __init__(self, title: str, items: list[tuple[str, object]], anchor: tuple[int, int],
                 screen: pygame.Rect, px):
        self.title, self.items = title, items
        self.asks = False  # a question about one action ("Confirm: ..."): its row sends it
        self.plans = False  # a token's: a Combat declaration chosen is planned (TableInput)
        self.kept_clear = False  # moved off the side panel's heading (TableInput)
        self.scroll = 0
        self.focus = 0  # the row the keyboard points at
        self.fit(anchor, screen, px)

    def fit(self, anchor: tuple[int, int], screen: pygame.Rect, px) -> None:
        """Laid out at `anchor` for a window of `screen`: again when the window is resized
        with the menu open (left as it was at 1280x720, a 960x540 window cut its rows at
        the foot and right, "1-24 of 26" though 18 fitted, s70)."""
        self.px, self.anchor = px, anchor
        self.row = px(26)
        bold = ink.font(px(14), True)
        title, items = self.title, self.items
        # As wide as its rows, or its title up to a wide enough measure to read; the
        # title wrapped in as many lines as it takes (building access's said what it
        # commits in one line cut at "…build access to Secre…", s68).
        w = min(screen.w - px(20), max([px(240), min(bold.size(title)[0] + px(16), px(560))]
                                       + [bold.size(t)[0] + px(30) for t, _ in items]))
        fits = max(1, (screen.h - px(80)) // self.row)
        scroll = f"  ({len(items)}-{len(items)} of {len(items)}, scroll)" \
            if len(items) > fits else ""
        self.head = wrap(title + scroll, bold, w - px(16)) or [""]
        self.head_h = len(self.head) * bold.get_linesize() + px(8)
        self.rows = max(1, min(len(items), (screen.h - px(60) - self.head_h) // self.row))
        self.rect = pygame.Rect(0, 0, w, self.head_h + self.rows * self.row + px(10))
        self.rect.topleft = anchor
        self.rect.clamp_ip(screen.inflate(-px(10), -px(10)))
        # The focused row still shown, the list not scrolled past its end.
        self.scroll = max(0, min(self.scroll, len(items) - self.rows,
                                 self.focus), self.focus - self.rows + 1)

    def rows_shown(self) -> list[tuple[pygame.Rect, int]]:
        out = []
        for k in range(self.rows):
            i = self.scroll + k
            if i >= len(self.items):
                break
            out.append((pygame.Rect(self.rect.x + self.px(5), self.rect.y + self.head_h
                                    + k * self.row + self.px(4), self.rect.w - self.px(10),
                                    self.row - 2), i))
        return out

    def at(self, pos) -> object | None:
        for r, i in self.rows_shown():
            if r.collidepoint(pos):
                return self.items[i][1]
        return None

    def hover(self, pos) -> None:
        """The pointer moved: the row under it takes the focus, as in any menu, so one
        row is lit and it is the one Enter chooses."""
        for r, i in self.rows_shown():
            if r.collidepoint(pos):
                self.focus = i

    def key(self, key: int) -> object | None:
        """Up, Down and Tab move the focus a row (round the ends), Page Up and Page Down
        a page, Home and End to the first and last rows; Enter chooses the focused row.
        A Move phase lists over 150 rows: one at a time was all the keyboard had."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.items[self.focus][1]
        last = len(self.items) - 1
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if key == pygame.K_UP else 1
            self.focus = (self.focus + step) % len(self.items)
        else:
            step = -1 if key in (pygame.K_PAGEUP, pygame.K_HOME) else 1
            self.focus = {pygame.K_HOME: 0, pygame.K_END: last}.get(
                key, max(0, min(last, self.focus + step * self.rows)))
        if not self.scroll <= self.focus < self.scroll + self.rows:
            self.scroll = max(0, min(len(self.items) - self.rows, self.focus - self.rows + 1
                                     if step > 0 else self.focus))
        return None

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.items) - self.rows, self.scroll - dy * 3))

    def draw(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, (14, 10, 28), self.rect, border_radius=self.px(8))
        pygame.draw.rect(surf, ink.GOLD, self.rect, 2, border_radius=self.px(8))
        more = f"  ({self.scroll + 1}-{min(len(self.items), self.scroll + self.rows)} of " \
               f"{len(self.items)}, scroll)" if len(self.items) > self.rows else ""
        head = wrap(self.title + more, ink.font(self.px(14), True), self.rect.w - self.px(16))
        y = self.rect.y + self.px(6)
        for line in head[:len(self.head)]:  # the scroll's words no longer than measured
            t = ink.label(line, self.px(14), ink.GOLD, True)
            surf.blit(t, (self.rect.x + self.px(8), y))
            y += ink.font(self.px(14), True).get_linesize()
        for r, i in self.rows_shown():
            if i == self.focus:
                pygame.draw.rect(surf, (75, 61, 138), r, border_radius=self.px(5))
            t = ink.fit(self.items[i][0], self.px(14), r.w - self.px(10), ink.TEXT)
            surf.blit(t, (r.x + self.px(6), r.centery - t.get_height() // 2))


def keywords(card: CardDef, endured: bool = False) -> list[str]:
    """The rules words a card's face uses, each explained in a line. An `endured`
    Disaster lies Off Field till it is Discarded (R29): no cycle of its class's ahead."""
    words = [a for a in ("attack", "defense", "movement", "charm", "energy")
             if getattr(card, a) is not None]
    words.append(card.type)
    if card.type == "haven":
        words.append("another_haven")
    if card.disaster_class and not endured:
        words.append(card.disaster_class)
    if card.type == "disaster" and not card.is_combat_disaster:
        words.append("non_combat")
    if card.type == "character":
        words += ["bonk", "kill"]
    text = card.text.lower()
    words += [w for w in ("hold", "no action") if w in text]
    lines = [GLOSSARY[w] for w in dict.fromkeys(words) if w in GLOSSARY]
    if card.skills:
        lines.append("Skills: " + ", ".join(s if n == 1 else f"{s} x{n}" if n > 0
                                            else f"{s} {n} (a lack)" for s, n in card.skills)
                     + " (they meet requirements)")
    if card.type == "location" and (rule := symbol_rule(card)):
        lines.append(rule)  # why some cannot go there (a newcomer saw only "Needs: …")
    if not card.requires.empty:  # a Location's: to Scavenge it
        lines.append(("Scavenging needs: " if card.type == "location" else "Needs: ")
                     + card.requires.describe())
    return lines


def _zoom(faces, card_id: str, width: int, px_line: int, facts: tuple[str, ...],
          endured: bool = False, tall: int = 10_000) -> pygame.Surface:
    """The face with, in a box beside it, what it is doing now and its keywords explained
    (`keywords`): in as many columns as keep the box within `tall` (a Character's 27
    lines ran 60 px past the screen's foot at 1280x720, s71's booth playtest)."""
    card = faces.db[card_id]
    face = faces.face(card_id, width)
    f = ink.font(px_line)
    box_w = round(width * 0.95)
    wrapped = [w for line in (*facts, *keywords(card, endured))
               for w in wrap(line, f, box_w - 12)]
    lh = f.get_linesize()
    rows = max(1, min(len(wrapped), (tall - 10) // lh))
    columns = -(-len(wrapped) // rows) if wrapped else 0
    box_h = rows * lh + 10
    surf = pygame.Surface((width + columns * (box_w + 4), max(face.get_height(), box_h)),
                          pygame.SRCALPHA)
    surf.blit(face, (0, 0))
    for c in range(columns):
        box = pygame.Rect(width + 4 + c * (box_w + 4), 0, box_w, box_h)
        # Opaque: what is under the zoom showed faintly through the words (alpha 252).
        pygame.draw.rect(surf, (14, 10, 28), box, border_radius=6)
        pygame.draw.rect(surf, ink.GOLD, box, 1, border_radius=6)
        for k, line in enumerate(wrapped[c * rows:(c + 1) * rows]):
            surf.blit(ink.label(line, px_line, ink.TEXT), (box.x + 6, box.y + 5 + k * lh))
    return surf


_zoom = Kept(_zoom, ZOOM_BYTES)


def zoom_width(size: tuple[int, int], px) -> int:
    return min(px(240), size[0] // 5)


def zoom(faces, card: CardDef, pointer, screen: pygame.Rect, px,
         facts: tuple[str, ...] = (), avoid: list[pygame.Rect] = (), endured: bool = False
         ) -> tuple[pygame.Surface, pygame.Rect]:
    """The card large and readable beside the pointer, with its keywords explained: at
    its right, else its left, level with it or pushed up or down, wherever it covers
    the least of `avoid` (buttons: a zoom over them hid the choices pointed at)."""
    width = zoom_width(screen.size, px)
    surf = _zoom(faces, card.id, width, px(13), facts, endured, screen.h)
    r = surf.get_rect()
    right = pointer[0] + px(24) + r.w <= screen.right - 4  # room at the pointer's right
    xs = (pointer[0] + px(24),) * right + (pointer[0] - px(24) - r.w,)
    places = [r.move(x, y).clamp(screen) for x in xs
              for y in (pointer[1] - r.h // 2, screen.top, screen.bottom - r.h)]

    def covered(at: pygame.Rect) -> int:
        return sum(c.w * c.h for c in (at.clip(a) for a in avoid))
    return surf, min(places, key=covered)  # the first of the least covered


def curtain(surf: pygame.Surface, seat_name: str, seat: int, reason: str, title: str,
            recent: list[str], px, numbered: bool = False, bonked: list[str] = (),
            may_pass: bool = False, ready: float = 1.0) -> tuple[pygame.Rect, pygame.Rect | None]:
    """Hides the whole table until the next player sits down, saying why (`reason`,
    and under `title` what happened, `recent`, after the player's Characters out
    Bonked, `bonked`); returns the button and, `may_pass` (a Flash Effect to answer),
    the one beside it that passes without the seat taken. `ready` below 1: the buttons
    take no press yet (HANDOFF_GUARD), drawn dim, a gold bar filling along their foot."""
    surf.fill((12, 9, 24))
    w, h = surf.get_size()
    size, rows = _reason_rows(reason, round(w * 0.86), px)
    # Where the news starts with all of it laid out from the middle; with more news than
    # room below, everything rises as far as the mark's top at px(20): the upper third
    # stood empty over "and 10 more" (s69's playtest).
    # The news and the lines under the button: 15 px at 1280x720, no smaller than 14
    # ("2 P4turns" at 11 px at 960x540, s71's playtest; at 13 the hinted "4" still meets
    # the "t"), a row apart.
    small = max(14, px(15))
    font = ink.font(small)
    step = max(px(22), font.get_linesize() + 1)
    head = len(rows) * ink.font(size, True).get_linesize() + sum(map(px, (36, 29, 22, 54, 60))) + \
        len(bonked) * step + (px(8) if bonked else 0)
    lift = max(0, h // 2 - px(222))
    news, left_out, earlier = told(recent, font, round(w * 0.8),
                                   (h - (h // 2 - px(110) + head - lift) - px(44)) // step)
    need = h // 2 - px(110) + head + (len(news) + (left_out > 0)) * step + px(44)
    lift = min(lift, max(0, need - h))
    m = ink.mark(seat, px(64), False, numbered)
    surf.blit(m, m.get_rect(center=(w // 2, h // 2 - px(170) - lift)))
    y = h // 2 - px(110) - lift
    for line in rows:
        t = ink.fit(line, size, round(w * 0.86), ink.TEXT, True)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += ink.font(size, True).get_linesize()
    for words, size, col, bold in (
            (f"{seat_name}, take the seat", 24, ink.GOLD, True),
            ("Everyone else, look away: the next screen shows this player's hand.", 17,
             ink.DIM, False)):
        t = ink.label(words, px(size), col, bold)
        surf.blit(t, t.get_rect(midtop=(w // 2, y + px(10))))
        y += px(size + 12)
    b = pygame.Rect(0, 0, px(320), px(54))
    b.midtop = (w // 2, y + px(22))
    p = None
    if may_pass:  # the two side by side, the pair centred
        b.right = w // 2 - px(12)
        p = b.move(b.w + px(24), 0)
    waiting = ready < 1
    # While the bar fills a press is not taken: said on the buttons, not eaten unsaid (s71).
    for rect, fill, words, wait in (
            (b, (150, 100, 20), f"I am {seat_name} (Space)", f"I am {seat_name}: a moment…"),
            (p, (52, 40, 96), "Pass without looking (P)", "Pass: a moment…")):
        if rect is None:
            continue
        words = wait if waiting else words
        pygame.draw.rect(surf, (34, 28, 58) if waiting else fill, rect, border_radius=px(10))
        if waiting:
            bar = pygame.Rect(rect.x + px(8), rect.bottom - px(9), rect.w - px(16), px(4))
            pygame.draw.rect(surf, (60, 50, 90), bar)
            pygame.draw.rect(surf, ink.GOLD, (*bar.topleft, round(bar.w * ready), bar.h))
        pygame.draw.rect(surf, ink.DIM if waiting else ink.GOLD, rect, 2, border_radius=px(10))
        t = ink.label(words, px(20), ink.DIM if waiting else ink.TEXT, True)
        surf.blit(t, t.get_rect(center=rect.center))
    t = ink.label("Esc: the menu (nothing of anyone's shows)", small, ink.DIM)
    surf.blit(t, t.get_rect(midtop=(w // 2, b.bottom + px(14))))
    y = b.bottom + px(60)
    for line in bonked:  # in the log's lines it was one among many, or gone from them
        t = ink.fit(line, small, round(w * 0.8), ink.GOLD, True)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += step
    y += px(8) if bonked else 0
    if news:
        t = ink.fit(title + ":", small, round(w * 0.8), ink.GOLD, True)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        # The lines left out said where they were: above the rest when all came earlier.
        count = [(f"and {left_out} {('more', 'earlier')[earlier]}: the game log has them",
                  ink.DIM)] * (left_out > 0)
        for row, col in count * earlier + [(row, ink.TEXT) for row in news] + count * (
                not earlier):
            y += step
            t = ink.label(row, small, col)
            surf.blit(t, t.get_rect(midtop=(w // 2, y)))
    return b, p


class Headline(str):
    """A line of the curtain's news with how much it matters to the person sitting down
    (curtain.news_rank: the lower, the more). The curtain keeps the lines that matter most
    and tells them in the order they happened: told the most important first, a Combat
    came before the move that led to it (s61)."""

    rank: int

    def __new__(cls, text: str, rank: int) -> "Headline":
        line = super().__new__(cls, text)
        line.rank = rank
        return line


def told(recent: list[str], font: pygame.font.Font, width: int,
         room: int) -> tuple[list[str], int, bool]:
    """The rows the curtain tells of `recent` in `room` rows, how many lines it leaves
    out and whether those all came before the ones told: the lines that matter most (a
    Headline's rank), the latest first among alike (the turn just before is what the
    person sitting down missed: cut to the oldest five, it went untold, s69), each
    wrapped (cut, a hit's Damage was lost), told in the order they happened; a row for
    how many the log has only when some are left out (kept always, it cost the last
    line where every line fitted)."""
    shown: list[tuple[int, list[str]]] = []  # (where in `recent`, its rows)
    for i in sorted(range(len(recent)), key=lambda i: (getattr(recent[i], "rank", 0), -i)):
        rows = wrap(recent[i], font, width)
        if sum(len(r) for _, r in shown) + len(rows) > room:
            break
        shown.append((i, rows))
    while shown and len(shown) < len(recent) and sum(len(r) for _, r in shown) > room - 1:
        shown.pop()
    shown.sort()
    kept = {i for i, _ in shown}
    earlier = all(i < shown[0][0] for i in range(len(recent)) if i not in kept) if shown else True
    return [row for _, rows in shown for row in rows], len(recent) - len(shown), earlier


REASON_ROWS = 3  # the curtain's reason in its largest type at most; then smaller, then cut


def _reason_rows(reason: str, width: int, px) -> tuple[int, list[str]]:
    """The curtain's reason wrapped in the largest of its sizes that takes at most
    REASON_ROWS rows, else in the smallest, its rest in one more row (drawn with
    ink.fit: cut with an ellipsis). Wrapped whole, a stack of seven Flash Effects pushed
    the buttons off the foot of a 1920x1080 window (s57)."""
    # No row of one word, nor a seat's number alone: "... Player / 1 answers" (s57).
    reason = re.sub(r"Player (\d)", "Player\u00a0\\1", reason)
    reason = re.sub(r" (\S+)$", "\u00a0\\1", reason)
    for size in (px(32), px(26), px(22)):
        rows = wrap(reason, ink.font(size, True), width)
        if len(rows) <= REASON_ROWS:
            return size, rows
    return size, rows[:REASON_ROWS] + [" ".join(rows[REASON_ROWS:])]


def handoff_notes(seat_name: str) -> tuple[str, ...]:
    """Ways to say whose the curtain will be while the last action before a hand-off
    plays out, longest first: that it comes by itself once this has played out, and
    that a key brings it at once."""
    said = f"Hands hidden: {seat_name} is next"
    return (f"{said}. The curtain comes as this ends (any key: now)",
            f"{said} (any key: the curtain now)", said)


def note_width(words: str, seat: int, px, numbered: bool = False) -> int:
    """The width of the box curtain_coming draws `words` in."""
    return ink.mark(seat, px(22), False, numbered).get_width() + \
        ink.font(px(15), True).size(words)[0] + px(28)


def curtain_coming(surf: pygame.Surface, words: str, seat: int, bar: pygame.Rect, px,
                   numbered: bool = False) -> pygame.Rect:
    """While the last action before a hand-off plays out, hands hidden: at the right of
    the bar (no button is there, none being anyone's to press), `words` (one of
    handoff_notes, the bar's hint given the room it needs first: Painter.bar). Over
    the Field's top it covered the cells' names and a Bonked plate. Returns where it
    is."""
    mark = ink.mark(seat, px(22), False, numbered)
    text = ink.fit(words, px(15), bar.w - px(60) - mark.get_width(), ink.TEXT, True)
    box = pygame.Rect(0, 0, mark.get_width() + text.get_width() + px(28),
                      max(mark.get_height(), text.get_height()) + px(10))
    box.midright = (bar.right - px(8), bar.centery)
    pygame.draw.rect(surf, (24, 18, 44), box, border_radius=px(8))
    pygame.draw.rect(surf, ink.GOLD, box, 1, border_radius=px(8))
    surf.blit(mark, mark.get_rect(midleft=(box.x + px(10), box.centery)))
    surf.blit(text, text.get_rect(midleft=(box.x + px(18) + mark.get_width(), box.centery)))
    return box
