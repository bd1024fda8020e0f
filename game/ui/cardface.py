"""Drawing one card face at any width.

The face is laid out from the top: frame, title bar (type symbol, name, marks),
art window, type line (type and categories), then the card's own parts as
blocks (ability buttons, costs above bonuses, skills, requirements, text). The
art window gives up height so the blocks fit; at small widths the blocks that
a glance does not need (text, categories) are left out.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache

import pygame

from game.engine.cards import ABILITIES, CardDB, CardDef, CombatHalf, Modifier, Requirements

from . import art, glyphs
from .fonts import MIN_SIZE, TextFont, ellipsize, fit_block, fit_line, font, wrap
from .palette import (
    ABILITY_COLOURS, COST, GAIN, INK, MUTED, PAPER, PAPER_SHADE, TYPE_COLOURS, WHITE, Colour,
    darker, lighter,
)

CARD_RATIO = 7 / 5
TYPE_LABELS = {
    "character": "Character", "enhancement": "Enhancement", "equipment": "Equipment",
    "flash_effect": "Flash Effect", "global_effect": "Global Effect", "haven": "Haven",
    "item": "Item", "location": "Location", "disaster": "Disaster", "combat": "Combat",
}
ABILITY_NAMES = {a: a.capitalize() for a in ABILITIES}
SMALL = 150  # below this width: no rules text, no categories
TINY = 100  # below this width: name, colour, art and numbers only
MICRO = 40  # below this width: colour and art only


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def frame_width(width: int) -> int:
    """Thickness of the solid type-coloured frame (tests probe its middle)."""
    return max(2, round(width * 0.035))


def title_height(width: int) -> int:
    """The height of a face's title bar of one line (_Face.title)."""
    return max(10, round(24 * width / 200))


def title_bottom(width: int) -> int:
    """Where a face's title bar of one line ends, from its top."""
    return frame_width(width) + title_height(width)


def title_end(card: CardDef, width: int) -> int:
    """Where `card`'s face's title bar ends, from its top: below title_bottom where the
    name takes two lines (_Face.name_lines)."""
    face = _Face(card, width, None)
    return face.title(face.b)


def mod_text(m: Modifier) -> str:
    # A bare number replaces the ability; "=" says so to a newcomer.
    return f"{'=' if m.op == '=' else m.op.replace('x', '×')}{m.value}"


def requirement_parts(req: Requirements, db: CardDB) -> list[str]:
    parts = [s + (f" ×{n}" if n > 1 else "") for s, n in req.skills]
    parts += list(req.categories)
    if req.females:
        parts.append(f"{req.females} Female" + ("s" if req.females > 1 else ""))
    if req.males:
        parts.append(f"{req.males} Male" + ("s" if req.males > 1 else ""))
    parts += [f"{ABILITY_NAMES[a]} {n}+" for a, n in req.abilities]
    if req.any_element:
        parts.append("any Element")
    if req.illusion_piercing:
        parts.append("Illusion Piercing")
    parts += [db[c].name if c in db else c for c in req.cards]
    return parts


# --- small pieces ---------------------------------------------------------------

def chip(ability: str, text: str, h: int, style: str = "solid",
         label: str = "") -> pygame.Surface:
    """An ability button: icon and number. style "solid" (printed ability or
    bonus) or "cost" (paper with a red rim: it is paid, not gained)."""
    col = ABILITY_COLOURS[ability]
    f = font(round(h * 0.95))
    lab = font(max(9, round(h * 0.5))) if label else None
    isz = round(h * 0.72)
    tw = f.size(text)[0]
    lw = lab.size(label)[0] if lab else 0
    pad = max(2, h // 6)
    w = pad + isz + max(2, h // 8) + tw + (max(3, h // 5) + lw if lab else 0) + pad
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = h // 3
    if style == "cost":
        pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, COST, surf.get_rect(), max(1, h // 10), border_radius=radius)
        ink, icol = COST, col
    else:
        pygame.draw.rect(surf, darker(col, 0.15), surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, col, surf.get_rect().inflate(-2, -2), border_radius=radius)
        ink, icol = WHITE, WHITE
    ic = glyphs.icon(ability, isz, icol, darker(col, 0.45))
    surf.blit(ic, (pad - 1, (h - ic.get_height()) // 2))
    x = pad + isz + max(2, h // 8)
    txt = f.render(text, True, ink)
    surf.blit(txt, (x, (h - txt.get_height()) // 2 + 1))
    if lab:
        t = lab.render(label, True, ink)
        surf.blit(t, (x + tw + max(3, h // 5), (h - t.get_height()) // 2 + 1))
    return surf


def number_chip(ability: str, text: str, w: int, h: int) -> pygame.Surface:
    """An ability button without its icon, for widths where icons do not fit:
    the colour says which ability (the same colour as the icon buttons)."""
    col = ABILITY_COLOURS[ability]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, darker(col, 0.15), surf.get_rect(), border_radius=h // 3)
    pygame.draw.rect(surf, col, surf.get_rect().inflate(-2, -2), border_radius=h // 3)
    f = fit_line(text, w - 2, round(h * 1.05))
    t = f.render(text, True, WHITE)
    surf.blit(t, t.get_rect(center=(w // 2, h // 2 + 1)))
    return surf


def row(items: Sequence[pygame.Surface], width: int, gap: int) -> pygame.Surface:
    """Surfaces laid left to right, wrapping onto more rows when needed."""
    lines: list[list[pygame.Surface]] = [[]]
    x = 0
    for s in items:
        if lines[-1] and x + s.get_width() > width:
            lines.append([])
            x = 0
        lines[-1].append(s)
        x += s.get_width() + gap
    lh = max((s.get_height() for s in items), default=0)
    out = pygame.Surface((width, len(lines) * (lh + gap) - gap), pygame.SRCALPHA)
    for i, line in enumerate(lines):
        x = 0
        for s in line:
            out.blit(s, (x, i * (lh + gap)))
            x += s.get_width() + gap
    return out


def flow(label: str, tokens: Sequence[tuple[str, Colour]], width: int,
         size: int) -> pygame.Surface:
    """`label` in the type colour's dark ink then tokens separated by dots,
    wrapped at token boundaries (a skill name never breaks)."""
    f = font(size)
    space = f.size(" · ")[0]
    pieces: list[tuple[str, Colour]] = [(label, MUTED)] if label else []
    pieces += list(tokens)
    lines: list[list[tuple[str, Colour, int]]] = [[]]
    x = 0
    for i, (text, col) in enumerate(pieces):
        text = ellipsize(text, f, width)
        tw = f.size(text)[0]
        sep = space if lines[-1] and not (label and i == 1) else (f.size(" ")[0] if lines[-1] else 0)
        if lines[-1] and x + sep + tw > width:
            lines.append([])
            x, sep = 0, 0
        lines[-1].append((text, col, x + sep))
        x += sep + tw
    lh = f.get_linesize()
    out = pygame.Surface((width, lh * len(lines)), pygame.SRCALPHA)
    dot = f.render(" · ", True, MUTED)
    for n, line in enumerate(lines):
        for j, (text, col, x) in enumerate(line):
            if j and not (label and n == 0 and j == 1):
                out.blit(dot, (x - space, n * lh))
            out.blit(f.render(text, True, col), (x, n * lh))
    return out


_ABILITY_WORDS = {a: a for a in ABILITIES} | {"health": "defense"}
_MOD = re.compile(r"^[+\-x×/]?\d+$")


def _word_colours(words: list[str], colour: Colour) -> list[Colour]:
    """Ability words, and the number just before one ("+2 Attack"), take that
    ability's colour so a glance finds what a card changes."""
    out = [colour] * len(words)
    for i, word in enumerate(words):
        ability = _ABILITY_WORDS.get(word.strip(".,;:!?()\"'").lower())
        if ability:
            out[i] = darker(ABILITY_COLOURS[ability], 0.4)
            if i and _MOD.match(words[i - 1]):
                out[i - 1] = out[i]
    return out


def paragraph(text: str, width: int, height: int, size: int, colour: Colour = INK,
              italic: bool = False) -> pygame.Surface:
    """Wrapped text; words said in quotes are someone speaking (flavour), so they
    are set apart in slanted grey from the rules around them."""
    f, lines = fit_block(text, width, height, size, italic)
    slanted = font(f.size_arg, True)
    lh = f.get_linesize()
    space = f.size(" ")[0]
    out = pygame.Surface((width, min(height, lh * len(lines))), pygame.SRCALPHA)
    quoted = False
    for i, line in enumerate(lines):
        words = line.split(" ")
        x = 0
        for word, col in zip(words, _word_colours(words, colour)):
            opens = word.count('"') % 2 == 1
            said = quoted or opens
            if word:
                pen = slanted if said else f
                out.blit(pen.render(word, True, MUTED if said else col), (x, i * lh))
            quoted ^= opens
            x += f.size(word)[0] + space
    return out


# --- the face -------------------------------------------------------------------

class _Face:
    """Layout state of one face being drawn."""

    def __init__(self, card: CardDef, width: int, db: CardDB):
        self.card, self.db = card, db
        self.w, self.h = width, card_height(width)
        self.s = width / 200  # sizes below are chosen for a 200-px card
        self.b = frame_width(width)
        self.colour = TYPE_COLOURS[card.type]
        self.surf = pygame.Surface((self.w, self.h), pygame.SRCALPHA)
        self.iw = self.w - 2 * self.b  # inner width
        self.pad = max(2, round(5 * self.s))
        # Buttons grow slower than the card so big faces keep room for text.
        self.chip_h = max(9, round(22 * self.s ** 0.8))

    def px(self, n: float, least: int = 1) -> int:
        return max(least, round(n * self.s))

    # frame and title
    def frame(self) -> None:
        r = self.surf.get_rect()
        radius = max(3, round(self.w * 0.05))
        pygame.draw.rect(self.surf, darker(self.colour, 0.4), r, border_radius=radius)
        pygame.draw.rect(self.surf, self.colour, r.inflate(-2, -2), border_radius=radius)
        inner = r.inflate(-2 * self.b, -2 * self.b)
        pygame.draw.rect(self.surf, lighter(self.colour, 0.72), inner,
                         border_radius=max(2, radius // 2))

    def title(self, y: int, shown: int | None = None, most: int | None = None) -> int:
        """The title bar; with `shown` (px from the card's left edge), the name whole within
        the part of it a fanned hand leaves uncovered, the marks left out (`hand_name`, in
        type no larger than `most`)."""
        th = title_height(self.w)
        x = self.b + max(1, th // 8)
        isz = th - max(2, th // 5)
        if shown is not None:
            f, lines = hand_name(self.card.name, self.w, shown, most)
            th = max(th, lines[-1][1].bottom - y + 1)
        else:
            if self.w >= TINY:
                x += isz + max(2, th // 6)
            marks = self.marks(th)
            right = self.b + self.iw - max(2, th // 6) - marks.get_width()
            room = right - x - max(2, th // 6)
            names, f = self.name_lines(room, round(th * 0.9))
            th = max(th, len(names) * f.get_linesize() + 2)
            top = y + th // 2 - len(names) * f.get_linesize() // 2
            lines = [(ellipsize(line, f, room), pygame.Rect(x, top + i * f.get_linesize() + 1,
                                                            0, f.get_height()))
                     for i, line in enumerate(names)]
        bar = pygame.Rect(self.b, y, self.iw, th)  # whole: the first name under it
        pygame.draw.rect(self.surf, darker(self.colour, 0.25), bar,
                         border_top_left_radius=max(2, self.w // 40),
                         border_top_right_radius=max(2, self.w // 40))
        if self.w >= TINY:
            left = self.b + max(1, th // 8) if shown is None else x
            mid = bar.centery if shown is None else y + title_height(self.w) // 2
            pygame.draw.circle(self.surf, PAPER, (left + isz // 2, mid), isz // 2 + 1)
            self.surf.blit(glyphs.icon(self.symbol(), round(isz * 0.72), darker(self.colour, 0.2)),
                           (left + round(isz * 0.14), mid - round(isz * 0.36)))
        if shown is None:
            self.surf.blit(marks, (right, bar.centery - marks.get_height() // 2))
        for line, at in lines:
            self.surf.blit(f.render(line, True, WHITE), at.topleft)
        return y + th

    def name_lines(self, room: int, size: int) -> tuple[list[str], TextFont]:
        """The name on one line, or on two when one line would need a much smaller font."""
        name = self.card.name
        one = fit_line(name, room, size)
        words = name.split()
        if one.get_height() >= font(size).get_height() * 0.8 or len(words) < 2 \
                or self.w < TINY:
            return [name], one
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        best = min(splits, key=lambda p: max(font(size).size(p[0])[0], font(size).size(p[1])[0]))
        wide = max(best, key=lambda t: font(size).size(t)[0])
        pair = fit_line(wide, room, round(size * 0.72))
        # Two lines only when they read larger than one line would.
        return (list(best), pair) if pair.get_height() > one.get_height() else ([name], one)

    def symbol(self) -> str:
        if self.card.type == "combat":
            return "physical"
        return self.card.type

    def marks(self, th: int) -> pygame.Surface:
        """Gender, Major/Minor and Combat/non-Combat marks, right of the name."""
        c = self.card
        names: list[str] = []
        if c.type == "disaster":
            names.append("major" if c.is_major else "minor")
            names.append("physical" if c.is_combat_disaster else "non_combat")
        if c.gender and self.w >= TINY:
            names.append(c.gender)
        isz = round(th * 0.72)
        ink = PAPER
        out = pygame.Surface((max(1, len(names) * (isz + 2)), isz + 2), pygame.SRCALPHA)
        for i, n in enumerate(names):
            out.blit(glyphs.icon(n, isz, ink, darker(self.colour, 0.6)), (i * (isz + 2), 0))
        return out

    def type_line(self, y: int) -> int:
        c = self.card
        label = TYPE_LABELS[c.type]
        if c.type == "disaster":
            label = (("Major " if c.is_major else "Minor ")
                     + ("Combat " if c.is_combat_disaster else "non-Combat ") + "Disaster")
        th = self.px(17, 9)
        band = pygame.Rect(self.b, y, self.iw, th)
        pygame.draw.rect(self.surf, darker(self.colour, 0.15), band)
        f = fit_line(label, self.iw - 2 * self.pad, round(th * 0.82))
        t = f.render(ellipsize(label, f, self.iw - 2 * self.pad), True, WHITE)
        self.surf.blit(t, (band.x + self.pad, band.centery - t.get_height() // 2 + 1))
        cats = " · ".join(sorted(c.categories))
        room = self.iw - 3 * self.pad - t.get_width()
        if cats and self.w >= SMALL and room > 20:
            f = fit_line(cats, room, round(th * 0.7), italic=True)
            ct = f.render(ellipsize(cats, f, room), True, lighter(self.colour, 0.8))
            self.surf.blit(ct, (band.right - self.pad - ct.get_width(),
                                band.centery - ct.get_height() // 2 + 1))
        return y + th

    # blocks under the art
    def ability_chips(self, h: int, room: int, gap: int) -> list[pygame.Surface]:
        """Printed abilities as buttons: with their names when the row has room,
        else icon and number, else numbers alone on the ability colours."""
        c = self.card
        shown = [a for a in ABILITIES if c.ability(a) is not None]
        health = c.type == "equipment"  # an Equipment's own Defense is its Health

        def make(names: bool) -> list[pygame.Surface]:
            return [chip(a, str(c.ability(a)), h, label="Health" if health and a == "defense"
                         else ABILITY_NAMES[a] if names else "") for a in shown]

        for names in ((True, False) if self.w >= 320 else (False,)):
            chips = make(names)
            if sum(s.get_width() + gap for s in chips) - gap <= room:
                return chips
        n = len(shown)
        return [number_chip(a, str(c.ability(a)), (room - gap * (n - 1)) // max(1, n), h)
                for a in shown]

    def mod_chips(self, mods: Sequence[Modifier], h: int, style: str,
                  room: int = 0) -> list[pygame.Surface]:
        """Modifiers as buttons, named when they all fit on one row of `room`."""
        if self.w >= 320:
            named = [chip(m.ability, mod_text(m), h, style, ABILITY_NAMES[m.ability])
                     for m in mods]
            if sum(s.get_width() + 4 for s in named) <= room:
                return named
        return [chip(m.ability, mod_text(m), h, style) for m in mods]

    def blocks(self) -> list[pygame.Surface]:
        """The fixed-height parts under the art, top to bottom."""
        c, w = self.card, self.iw - 2 * self.pad
        ch = self.chip_h
        gap = self.px(3)
        fs = self.px(15, 9)
        out: list[pygame.Surface] = []
        chips = self.ability_chips(ch, w, gap)
        if chips:
            out.append(self.spread(chips, w, gap))
        if self.w < TINY:  # costs and bonuses tell apart by style, without labels
            mods = self.mod_chips(c.costs, ch, "cost") + self.mod_chips(c.bonuses, ch, "solid")
            return out + ([row(mods, w, gap)] if mods else [])
        for label, mods, style in (("Cost", c.costs, "cost"), ("Bonus", c.bonuses, "solid")):
            if mods:
                room = w - font(fs).size(label)[0] - gap
                out.append(self.labelled(label, self.mod_chips(mods, ch, style, room), w, gap,
                                         fs))
        if c.skills:
            toks = [(s + (f" {n}" if n > 1 else ""), INK) if n > 0 else (f"{s} {n}", COST)
                    for s, n in c.skills]
            out.append(flow("Skills:", toks, w, fs))
        if not c.requires.empty:
            word = {"location": "Scavenge needs:", "item": "Use needs:"}.get(c.type, "Needs:")
            out.append(flow(word, [(p, INK) for p in requirement_parts(c.requires, self.db)],
                            w, fs))
        if c.defeat is not None:
            out.append(flow("Defeated by:", [(p, GAIN) for p in
                                              requirement_parts(c.defeat, self.db)], w, fs))
        if c.endure:
            turns = f"for {c.endure_turns} Turn" + ("s" if c.endure_turns > 1 else "")
            label = f"Else, {turns}:"
            room = w - font(fs).size(label)[0] - gap
            out.append(self.labelled(label, self.mod_chips(c.endure, ch, "cost", room),
                                     w, gap, fs))
        if c.becomes_haven is not None:
            out.append(flow("Becomes a Haven with:",
                            [(p, INK) for p in requirement_parts(c.becomes_haven, self.db)],
                            w, fs))
        notes = self.notes()
        if notes:
            out.append(flow("", [(n, MUTED) for n in notes], w, self.px(13, 9)))
        return out

    def notes(self) -> list[str]:
        c = self.card
        out = []
        if c.uses:
            out.append(f"{c.uses} use" + ("s" if c.uses > 1 else ""))
        if c.moves_once:
            out.append("Moves once")
        if c.limit:
            out.append(f"Limit {c.limit} per deck")
        if c.other_form:
            other = self.db[c.other_form].name if c.other_form in self.db else c.other_form
            out.append(f"Other form: {other}")
        return out

    def spread(self, chips: list[pygame.Surface], width: int, gap: int) -> pygame.Surface:
        """Ability buttons in one row, spaced evenly when they fit."""
        total = sum(s.get_width() for s in chips)
        if total + gap * (len(chips) - 1) > width or len(chips) < 4:
            return row(chips, width, gap)
        step = (width - total) / (len(chips) - 1)
        out = pygame.Surface((width, chips[0].get_height()), pygame.SRCALPHA)
        x = 0.0
        for s in chips:
            out.blit(s, (round(x), 0))
            x += s.get_width() + step
        return out

    def labelled(self, label: str, chips: list[pygame.Surface], width: int, gap: int,
                 size: int) -> pygame.Surface:
        f = font(size)
        t = f.render(label, True, MUTED)
        body = row(chips, width - t.get_width() - gap, gap)
        out = pygame.Surface((width, max(body.get_height(), t.get_height())), pygame.SRCALPHA)
        first = chips[0].get_height() if chips else t.get_height()
        out.blit(t, (0, (first - t.get_height()) // 2 + 1))
        out.blit(body, (t.get_width() + gap, 0))
        return out

    def art_window(self, y: int, h: int) -> None:
        r = pygame.Rect(self.b + self.pad // 2, y, self.iw - self.pad, h)
        self.surf.blit(art.paint(self.card, r.size), r)
        pygame.draw.rect(self.surf, darker(self.colour, 0.45), r, 1)
        if self.card.type == "haven" and self.w >= TINY:
            # Rulebook: every Haven shows the Haven symbol at the bottom left of its picture.
            size = self.px(22, 10)
            badge = pygame.Rect(r.x + self.pad // 2, r.bottom - size - self.pad // 2, size, size)
            pygame.draw.circle(self.surf, PAPER, badge.center, size // 2)
            pygame.draw.circle(self.surf, darker(self.colour, 0.3), badge.center, size // 2, 1)
            ic = glyphs.icon("haven", round(size * 0.62), darker(self.colour, 0.2))
            self.surf.blit(ic, ic.get_rect(center=badge.center))

    def text_box(self, y: int, bottom: int, blocks: list[pygame.Surface]) -> None:
        box = pygame.Rect(self.b + self.pad // 2, y, self.iw - self.pad, bottom - y)
        if box.h <= 2:
            return
        pygame.draw.rect(self.surf, PAPER, box, border_radius=max(2, self.w // 50))
        gap = self.px(4)
        yy = box.y + gap
        for blk in blocks:
            self.surf.blit(blk, (box.x + self.pad // 2 + 1, yy))
            yy += blk.get_height() + gap
        room = box.bottom - gap - yy
        text = self.card.text
        if text and self.w >= SMALL and room >= font(9).get_linesize():
            if blocks:
                pygame.draw.line(self.surf, PAPER_SHADE, (box.x + self.pad, yy - gap // 2),
                                 (box.right - self.pad, yy - gap // 2))
            p = paragraph(text, box.w - self.pad - 2, room, self.px(16, 9))
            self.surf.blit(p, (box.x + self.pad // 2 + 1, yy))

    def steps(self) -> Iterator[None]:
        """Drawing the face a part at a time (a few milliseconds each), so it can be
        spread over frames; `self.surf` is whole at the end."""
        self.frame()
        if self.w < MICRO:  # a thumbnail: the type's frame round the picture
            inner = pygame.Rect(self.b, self.b, self.iw, self.h - 2 * self.b)
            if inner.w > 0 and inner.h > 0:
                self.surf.blit(art.paint(self.card, inner.size), inner)
            return
        y = self.title(self.b)
        yield
        if self.card.type == "combat":
            yield from self.combat(y)
            return
        bottom = self.h - self.b - self.pad // 2
        blocks = self.blocks()
        yield
        need = sum(b.get_height() + self.px(4) for b in blocks) + self.px(4)
        tl = self.px(17, 9)
        wants_text = bool(self.card.text) and self.w >= SMALL
        text_room = self.text_room() if wants_text else 0
        space = bottom - y - tl - need - text_room - 2 * self.pad
        art_h = max(round(self.h * 0.2), min(round(self.h * 0.44), space))
        if not wants_text:  # nothing to read below: the picture takes the room
            art_h = max(art_h, min(round(self.h * 0.6), space))
            if not blocks:
                art_h = bottom - y - tl - self.pad
        yield
        self.art_window(y + self.pad // 2, art_h)
        yield
        y = self.type_line(y + self.pad // 2 + art_h + self.pad // 2)
        yield
        self.text_box(y + self.pad // 2, bottom, blocks)

    def text_room(self) -> int:
        """Height the card's text needs at the preferred size, for sharing with the art."""
        f = font(self.px(16, 9))
        return len(wrap(self.card.text, f, self.iw - 2 * self.pad)) * f.get_linesize()

    # Combat cards: two halves
    def combat(self, y: int) -> Iterator[None]:
        c = self.card
        bottom = self.h - self.b
        extra = 0
        if c.text and self.w >= SMALL:
            extra = self.px(30, 12)
        half = (bottom - y - extra) // 2
        assert c.physical is not None and c.charm_half is not None
        self.half(c.physical, "physical", "Physical Combat", pygame.Rect(self.b, y, self.iw, half))
        yield
        self.half(c.charm_half, "charm_combat", "Charm Combat",
                  pygame.Rect(self.b, y + half, self.iw, half))
        yield
        if extra:
            box = pygame.Rect(self.b + self.pad // 2, y + 2 * half + 1, self.iw - self.pad,
                              bottom - y - 2 * half - self.pad // 2 - 1)
            pygame.draw.rect(self.surf, PAPER, box, border_radius=max(2, self.w // 50))
            p = paragraph(c.text, box.w - self.pad, box.h - 2, self.px(14, 9), MUTED, True)
            self.surf.blit(p, (box.x + self.pad // 2, box.y + 1))

    def half(self, part: CombatHalf, sym: str, label: str, r: pygame.Rect) -> None:
        hh = self.px(17, 9)
        band = pygame.Rect(r.x, r.y, r.w, hh)
        tint = darker(self.colour, 0.2) if sym == "physical" else (196, 70, 130)
        pygame.draw.rect(self.surf, tint, band)
        isz = hh - 2
        self.surf.blit(glyphs.icon(sym, isz, WHITE), (band.x + self.pad // 2, band.y + 1))
        if self.w >= TINY:
            f = fit_line(label, r.w - isz - 2 * self.pad, round(hh * 0.82))
            t = f.render(label, True, WHITE)
            self.surf.blit(t, (band.x + self.pad + isz, band.centery - t.get_height() // 2 + 1))
        ch = self.chip_h
        w = r.w - 2 * self.pad
        fs = self.px(14, 9)
        room = w - font(fs).size("You")[0] - self.px(3)
        you = self.mod_chips(part.own, ch, "solid", room)
        foe = self.mod_chips(part.opponent, ch, "cost", room)
        blocks = []
        if you:
            blocks.append(self.labelled("You", you, w, self.px(3), fs))
        if foe:
            blocks.append(self.labelled("Foe", foe, w, self.px(3), fs))
        need = sum(b.get_height() + self.px(3) for b in blocks)
        text_h = 0
        if self.w >= SMALL:
            text_h = font(self.px(14, 9)).get_linesize() * 2
        art_h = max(self.px(14, 4), r.h - hh - need - text_h - 2 * self.pad)
        ar = pygame.Rect(r.x + self.pad // 2, band.bottom + self.pad // 2, r.w - self.pad, art_h)
        self.surf.blit(art.paint_half(self.card, sym, ar.size), ar)
        yy = ar.bottom + self.pad // 2
        for b in blocks:
            self.surf.blit(b, (r.x + self.pad, yy))
            yy += b.get_height() + self.px(3)
        room = r.bottom - yy - self.pad // 2
        text = part.text or ("" if blocks else "No effect.")
        if text and self.w >= SMALL and room > 8:
            p = paragraph(text, w, room, self.px(14, 9), MUTED, True)
            self.surf.blit(p, (r.x + self.pad, yy))


HAND_LINES = 3  # a covered hand card's name, down the part of it left showing


def hand_name(name: str, width: int, shown: int, most: int | None = None) -> tuple[
        TextFont, list[tuple[str, pygame.Rect]]]:
    """A fanned hand card's name within the `shown` px at its left the next card leaves
    uncovered, each line and its place on the card (from its top-left): the first beside
    the type's disc, the rest under it, down over the picture, in up to HAND_LINES lines
    in the title's type (or `most`, the hand's: hand_type), or the largest smaller type
    that keeps every word whole; cut with an ellipsis only where even the smallest does
    not."""
    th = title_height(width)
    gap = max(2, th // 6)
    x = frame_width(width) + max(1, th // 8)
    beside = x + (th - max(2, th // 5) + gap if width >= TINY else 0)
    right = shown - gap
    # Breaks at spaces and after hyphens ("Hornet-" / "Class").
    words = re.findall(r"[^\s-]+-?|-", name)
    size = round(th * 0.9) if most is None else min(round(th * 0.9), most)
    while True:
        f = font(size)
        lines = _wrap_around(words, f, right - beside, right - x)
        if lines is not None and len(lines) <= HAND_LINES or f.size_arg <= MIN_SIZE:
            break
        size -= 1
    if lines is None or len(lines) > HAND_LINES:  # the smallest type: the last line cut
        lines = wrap(name, f, right - beside)
        lines[HAND_LINES - 1:] = [ellipsize(" ".join(lines[HAND_LINES - 1:]), f, right - beside)]
    ls = f.get_linesize()
    top = frame_width(width) + max(1, (th - ls) // 2)
    return f, [(line, pygame.Rect(beside if i == 0 else x, top + i * ls, f.size(line)[0],
                                  f.get_height())) for i, line in enumerate(lines)]


@lru_cache(maxsize=64)
def hand_type(names: tuple[tuple[str, int], ...], width: int) -> int:
    """One type for a fanned hand's covered names (`names`: each with the px the next
    card leaves it): the largest that keeps every one whole (each in its own largest,
    10 cards came in two or three sizes, and the hand read unevenly). A name not whole
    even in the smallest is left out: the others are not shrunk for it. Kept: the hand
    is painted every frame."""
    fitted = [hand_name(name, width, shown) for name, shown in names]
    return min((f.size_arg for f, lines in fitted if not lines[-1][0].endswith("…")),
               default=MIN_SIZE)


def _wrap_around(words: list[str], f: TextFont, first: int, rest: int) -> list[str] | None:
    """`words` in lines `first` px wide, then `rest`, joined by spaces (after a hyphen,
    none); None where a word is wider than its line."""
    lines = [""]
    for word in words:
        room = first if len(lines) == 1 else rest
        glue = "" if not lines[-1] or lines[-1].endswith("-") else " "
        if f.size(lines[-1] + glue + word)[0] <= room:
            lines[-1] += glue + word
        elif lines[-1] and f.size(word)[0] <= rest:
            lines.append(word)
        else:
            return None
    return lines


def hand_face(card: CardDef, face: pygame.Surface, shown: int, db: CardDB,
              most: int | None = None) -> pygame.Surface:
    """`face` (the card's, drawn at its width) as a fanned hand shows it, the next card
    over all of it but the `shown` px at its left: the title bar drawn again, the name
    within those (`hand_name`; the face's own, fitted to the whole bar, was cut by the
    next card: "Cybernetic Upgr"), in type no larger than `most` (hand_type)."""
    f = _Face(card, face.get_width(), db)
    f.surf = face.copy()
    f.title(f.b, shown, most)
    return f.surf


def face_steps(card: CardDef, width: int, db: CardDB) -> Iterator[pygame.Surface | None]:
    """A card's face drawn a part at a time: None after each part, the face last."""
    face = _Face(card, width, db)
    yield from face.steps()
    yield face.surf
