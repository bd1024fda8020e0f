"""The inspector: a selected Character's cards, the viewer's Haven and what it stores, a
Location clicked."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import fields

import pygame

from game.engine import actions as A
from game.engine.physical import health_left
from game.engine.terrain import SYMBOLS
from game.engine.view import STATS
from game.ui.cardface import card_height
from game.ui.fonts import wrap

from .. import ink, locations
from ..paint import Painter
from ..words import (action_text, changed, count, effect_words, scavenge_stops_words,
                     symbol_lack, symbol_rule, total_words, unused_gains, walks_words)
from .common import button, button_h, panel_acts, row_choices, short_names
from .seat_panel import Seat, seat_inspector


LEAST_STORED = 28  # the Haven's cards under a selected Character, at their smallest (px)
# A Character's own cards there at their smallest: they shrank to 14 px, unreadable, under
# many (s33w); and the rows a kind of them, or a Haven's section, may take.
LEAST_OWN, ROWS = 28, 2
STRIP = 9  # px of each copy of a fanned stack showing under the next (at 1280x720)


def stacks(p: Painter, cards) -> list[list[int]]:
    """Each kind of card once, its copies in a list: only copies alike (`alike`) share a
    place, fanned (`_fan`), so that ten Training Montages stay large enough to read and
    each can still be clicked or dragged (of three shown as one face "x3" the mouse could
    take only the first and the last, s56w). Two Walkers, one in use, were one face whose
    click and drag took the one in use only: the spare could never be given (s51). A copy
    being dragged off is not counted: "x2" stood under the one held over the Field (s52)."""
    kinds: dict = {}
    for i in cards:
        kinds.setdefault((p.b.card_id(i) or i, alike(p, i)), []).append(i)
    return [[i for i in ids if i != p.lifted] or ids for ids in kinds.values()]


def _strip(p: Painter, copies: int, width: int) -> int:
    """How much of each copy of a fanned stack of faces `width` wide shows under the
    next: enough to point at, a stack at most two faces wide (ten Montages fanned wider
    pushed the Haven's cards out of the inspector)."""
    return min(p.px(STRIP), width // max(1, copies - 1))


def _fan_w(p: Painter, copies: int, width: int) -> int:
    """The width of a stack of `copies` faces `width` wide, fanned."""
    return width + (copies - 1) * _strip(p, copies, width)


def in_use(p: Painter, card: int) -> bool:
    """Whether `card` is Equipment one of the viewer's Characters put to use this Turn
    and still carries (one dropped under a Location after its use showed "in use" there,
    a playtest)."""
    return any(card in u.using and card in u.equipment for u in p.b.view.units)


def alike(p: Painter, card: int) -> tuple:
    """What tells a copy of a card from another of the same card: in use this Turn or
    not, its uses left, and what a click on it or a drop of it may do (those actions with
    the copy left out): copies alike in all of them are one face."""
    def shape(a) -> tuple:
        return (type(a).__name__,) + tuple(None if f.name == "card" else getattr(a, f.name)
                                            for f in fields(a))
    b = p.b
    return (in_use(p, card), b.uses_note(card),
            frozenset(map(shape, b.click.get(("card", card), ()))),
            frozenset((k, shape(a)) for k, a in b.drops.get(("card", card), {}).items()))


def _cards_row(p: Painter, surf, x: int, y: int, right: int, cards, width: int,
               backs: int = 0, rows: int = 1) -> int:
    """Small faces (and face-down Item backs, as one) from `x` to `right` in up to `rows`
    rows, copies of a card fanned with their count (`stacks`); where more kinds are
    left than fit, the last place counts their cards ("+3"). Returns the height; `surf`
    None: only measures."""
    faces = [(ids, len(ids)) for ids in stacks(p, cards)] + ([(None, backs)] if backs else [])
    gap, h = p.px(4), card_height(width)
    places, cx, row = [], x, 0  # each face's left and row, a row filled before the next
    for ids, n in faces:
        w = _fan_w(p, n, width) if ids else width
        if cx > x and cx + w > right:
            cx, row = x, row + 1
        places.append((cx, row))
        cx += w + gap
    used = max(1, min(rows, places[-1][1] + 1 if places else 1))
    if surf is None:
        return used * (h + gap) - gap
    shown = sum(row < rows for _, row in places)
    shown -= shown < len(faces)  # the last place shown counts the rest
    for (ids, n), (fx, row) in zip(faces[:shown], places):
        at, rect, strip = (fx, y + row * (h + gap)), None, _strip(p, n, width)
        for i in ids or [None]:  # the first copy lowest, each a strip to the left of the next
            f = p.face(i, width) if i is not None else p.faces.back("item", width)
            if f is not None:
                rect = surf.blit(p.held_off(i, f) if i is not None else f, at)
                if i is not None:
                    p.hits.append((rect, ("card", i)))
            at = (at[0] + strip, at[1])
        if rect is None:
            continue
        if n > 1:
            _chip(p, surf, (f"x{n}",), rect)
        if ids and in_use(p, ids[-1]):  # told from a copy beside it that is not
            _chip(p, surf, IN_USE, rect, ink.GOOD, middle=True)
    if shown < len(faces):
        fx, row = places[shown]
        rect = pygame.Rect(fx, y + row * (h + gap), width, h)
        pygame.draw.rect(surf, ink.PANEL_EDGE, rect, 1, border_radius=p.px(4))
        more = sum(n for _, n in faces[shown:])
        surf.blit(t := ink.label(f"+{more}", p.px(13), ink.TEXT, True),
                  t.get_rect(center=rect.center))
    return used * (h + gap) - gap


IN_USE = ("in use", "used")  # the longest that fits the face: "in use" is 36 px, a face 30


def chip_box(p: Painter, ways: tuple[str, ...], face: pygame.Rect,
             middle: bool = False) -> tuple[str, int, pygame.Rect] | None:
    """Where `_chip` puts its words on `face`: the first of `ways` that fits the face's
    width whole at 12 to 10 px (scaled, then the least type there is), that size and
    the chip's box, in the face's bottom-right corner (`middle`: at its centre, over its
    picture, its name and numbers readable). None where none fits. The box is within
    the face: it was centred on the corner, 2 px over the edge, and "in use" overran a
    30-px face by 3 px a side at 960x540 (s52)."""
    pad = p.px(4)
    words, px = ink.first_whole(ways, (p.px(12), p.px(11), p.px(10), 10), face.w - pad,
                                   True)
    w, h = ink.font(px, True).size(words)
    if w + pad > face.w:
        return None
    box = pygame.Rect(0, 0, w + pad, h)
    if middle:
        box.center = face.center
    else:
        box.bottomright = face.bottomright
    return words, px, box


def _chip(p: Painter, surf, ways: tuple[str, ...], face: pygame.Rect, colour=ink.TEXT,
          middle: bool = False) -> pygame.Rect | None:
    """Words on a dark chip on a face (`chip_box`), and its box; where none fits, a rim
    of their colour round the face, and None."""
    at = chip_box(p, ways, face, middle)
    if at is None:
        pygame.draw.rect(surf, colour, face, p.px(2), border_radius=p.px(3))
        return None
    words, px, box = at
    pygame.draw.rect(surf, ink.PANEL, box, border_radius=p.px(3))
    t = ink.label(words, px, colour, True)
    surf.blit(t, t.get_rect(center=box.center))
    return box


def inspector(p: Painter, surf, unit: int | tuple | Seat | None, name,
              along: Sequence[int] = (), chosen: bool = False) -> None:
    """The Character or Disaster clicked, the Haven or Location clicked (`unit` is its
    cell), a player's panel clicked (a Seat), or else what the viewer's Havens store
    (nothing selected). `chosen`: the Character is chosen to move, not only looked at;
    `along`: the others chosen with it, to move as one group."""
    if isinstance(unit, Seat):
        return seat_inspector(p, surf, unit.seat, name)
    r = p.lay.inspector
    u = p.b.units.get(unit) if unit is not None else None
    if isinstance(unit, tuple):
        if p.b.places[unit].kind == "haven":
            return _haven(p, surf, unit, name)
        return _location(p, surf, unit, name)
    stored = [(cell, i) for cell, i in p.b.stored() if u is None or cell == u.pos]
    title = _heading(p, "Chosen to move" if chosen else "Looking at", u.card, name,
                     r.w - p.px(16)) if u else "Nothing selected"
    y = p.panel(surf, r, title)
    if u is not None:
        _unit(p, surf, u, name, along, stored, y)
    else:
        _nothing(p, surf, stored, y)


def _unit(p: Painter, surf, u, name, along: Sequence[int], stored: list, y: int) -> None:
    """The Character or Disaster looked at, from `y` down: its face and facts, its
    cards, its buttons, and what the Haven it stands in stores."""
    r = p.lay.inspector
    x0, right = r.x + p.px(8), r.right - p.px(8)
    small = p.px(40)
    face = p.face(u.card, p.px(76))
    if face is not None:
        surf.blit(face, (x0, y))
        p.hits.append((face.get_rect(topleft=(x0, y)), ("card", u.card)))
    tx = x0 + p.px(84)
    who = "Disaster" if u.disaster else f"{p.seat_name(u.owner)}'s Character"
    # Its Health and Items side by side where they fit: a line less to leave the
    # Haven's stored cards their room under every ability listed.
    facts = [[(who, ink.GOLD)], [health(p, u), (f"Items held: {u.item_count}", ink.TEXT)]]
    if not u.disaster:
        most = u.totals[STATS.index('movement')] if u.totals else None
        of = f" of {most}" if most is not None else ""
        # Movement lowered after the move (a Walker put to use) read "Moved 3 of 2" (s50).
        moved = f"Moved {u.moved} this Turn, none left" if most is not None and \
            u.moved > most else f"Moved {u.moved}{of} this Turn"
        facts.append([(moved, ink.TEXT)])
    # Each line as (left, top, its words): beside the face while a line fits there,
    # then from the panel's left below it (every ability at the face's right pushed
    # a third "Ready …" button out of the panel in Combat); a wrapped line's rows
    # keep its left. Words whole, side by side while they fit, else on the next line
    # (one amber line of three was cut: "Now Attack 5 (card 4), Defens…").
    step, gap = p.px(17), p.px(8)
    below = face.get_height() + p.px(2) if face is not None else 0
    lines: list[tuple[int, int, list]] = []

    def at() -> tuple[int, int]:  # where the next line goes
        top = lines[-1][1] + step if lines else 0
        return (tx, top) if top + step <= below else (x0, max(top, below))

    def add(rows: list[str], colour) -> None:
        x, top = at()
        lines.extend((x, top + i * step, [(row, colour)]) for i, row in enumerate(rows))
    f = ink.font(p.px(13))

    def put(chips: list) -> None:  # on a new line, side by side while they fit
        used = 0
        for k, chip in enumerate(chips):
            w = f.size(chip[0])[0]
            # Charm goes to the next line with Energy where both do not fit: Energy
            # alone under "Movement 2  Charm 1" read as apart from it (s68).
            pair = k + 1 < len(chips) and chip[0].startswith("Charm ") and \
                chips[k + 1][0].startswith("Energy ")
            need = w + (gap + f.size(chips[k + 1][0])[0] if pair else 0)
            if used and used + gap + need <= right - lines[-1][0]:
                lines[-1][2].append(chip)
                used += gap + w
            else:  # on lines of its own, wrapped ("Attack 4 (7 with the Walker in…")
                width = right - at()[0]
                rows = clause_rows(chip[0], f, width)
                add(rows, chip[1])
                used = w if len(rows) == 1 else width
    for chips in facts:
        put(chips)
    # Every ability: the changed ones alone left Mio's Defense unsaid beside Kaede's
    # (s65's playtest). Those as printed side by side first, then each one changed
    # or that a piece would change, with why: in one order, the long ones wrapped and
    # pushed the Haven's stored cards out of the panel.
    put(sorted(abilities(p, u), key=lambda c: " (" in c[0]))
    if u.disaster:  # the path's arrowheads, explained where a Disaster is met (s49)
        walks = walks_words(u.brought_by, p.seat_name,
                            p.b.view.seat if p.whose == "Your" else None)
        add(wrap(walks, f, right - at()[0]), ink.DIM)
    if along:  # a group selected: the heading names one of them only
        brief = short_names(p, list(along), name)
        add(["Moving with " + ", ".join(brief[i] for i in along)], ink.TEXT)
    for x, top, line in lines:
        for words, colour in line:
            surf.blit(ink.fit(words, p.px(13), right - x, colour), (x, y + top))
            x += f.size(words)[0] + gap
    y += max(p.px(110), lines[-1][1] + step + p.px(6))  # below the face, or the lines
    # Its cards flow in groups side by side, and below them (and its buttons) the
    # Haven it stands in has a section of its own: its cards are not hers.
    groups = (("Equipment", u.equipment, 0), ("Enhancements", u.enhancements, 0),
              ("Items", u.items or (), 0 if u.items is not None else u.item_count))
    own, rows, kept = small, ROWS, [i for _, i in stored]

    def over(own: int, rows: int, kept_rows: int) -> bool:  # the Haven's section cut
        return _flow(p, surf, (x0, y, right), groups, own, False, rows) \
            + _stored_h(p, p.px(LEAST_STORED), kept, kept_rows) > r.bottom
    if stored:  # the Character's shrink before the Haven's leave the window (a review);
        while own > p.px(LEAST_OWN) and over(own, rows, 1):  # at their least, the
            own -= p.px(2)  # Haven's go to words, then hers to a row a kind ("+3")
        rows = 1 if over(own, rows, 0) else rows
    y = _flow(p, surf, (x0, y, right), groups, own, rows=rows)
    acts, said = own_buttons(p, u, name)
    # Her buttons come before the size of the Haven's cards: they shrink, else go to
    # words (the Haven's own panel shows them to drag); its heading's room is kept. The
    # cards' room kept whole dropped her Transform, the one way the hint names (s73).
    room = r.bottom - (_stored_h(p, small, kept, 0) if stored else 0)
    for a in acts:
        # An ability's words say what it does and costs: two rows when need be.
        words = said[a] if isinstance(a, A.UseEquipment) and a in said else \
            action_text(a, name, p.b.card, p.b.where)  # ("Ready Walker": its face is above)
        h = button_h(p, words, right - x0)
        if y + h + p.px(2) > room:
            break
        button(p, surf, pygame.Rect(x0, y, right - x0, h), words, ("act", a))
        y += h + p.px(4)
    if stored:  # onto the one chosen if the viewer's, else onto its own there
        short = short_names(p, [u.card], name)[u.card] if u.owner == p.b.view.seat \
            else "one of yours"
        # Under a Character with many lines and cards, the Haven's cards shrink to
        # the room left: they were cut by the window's foot, only their tops showing
        # (s32v). Never raised over the Character's own cards, whose drag they took
        # (a review): those shrank first to leave this room.
        fit = small
        while fit > p.px(LEAST_STORED) and y + _stored_h(p, fit, kept) > r.bottom:
            fit -= p.px(2)
        # Two rows a kind if they fit, else one ("+3"), else words alone: the Haven's
        # own panel shows them all, there to drag.
        rows = next((n for n in (ROWS, 1) if y + _stored_h(p, fit, kept, n) <= r.bottom), 0)
        said = (f"Stored here: drag one onto {short}", f"Drag one onto {short}") \
            if rows else (f"{count(len(kept), 'card')} stored: click the Haven to see "
                          "them", f"{count(len(kept), 'card')} stored: click the Haven")
        _stored(p, surf, y, u.pos, kept, fit, said, rows)


def _nothing(p: Painter, surf, stored: list, y: int) -> None:
    """Nothing selected, from `y` down: how to select, then what the Havens store."""
    r = p.lay.inspector
    x0, right = r.x + p.px(8), r.right - p.px(8)
    small = p.px(40)
    # How to select, under "Nothing selected", and then what the Havens store: below
    # them, it read as though the Haven were selected and the heading wrong.
    # How to, for a person only: over the AI seats' show it told nobody how to click.
    person = p.whose == "Your"
    lines = ("Click a Character, a Disaster or a", "Haven on the Field to see it here.",
             "Drag Equipment and Items between", "Characters at the same Location.") \
        if person else ()
    # The gold outline of one with an ability to use was explained nowhere (s33w2); it
    # is any token a click acts on, a Disaster to Fight too (a review).
    gold = ("Gold outline: a click on it acts", "now: point at it to see what.") \
        if p.gold else ()
    for line in (*lines[:2], *gold, *(() if stored else lines[2:])):
        colour = ink.GOLD if line in gold else ink.DIM
        surf.blit(ink.fit(line, p.px(12), right - x0, colour), (x0, y))
        y += p.px(15)
    for cell in dict.fromkeys(c for c, _ in stored):
        y = _stored(p, surf, y, cell, [i for c, i in stored if c == cell], small,
                    STORED_THERE if person else ("Stored here",))


def own_buttons(p: Painter, u, name) -> tuple[list[A.Action], dict[A.Action, str]]:
    """The buttons the inspector gives Character `u`, in order (as room allows), and
    the words of those its Combat row's "More…" lists (row_choices). None while the
    table still plays out what led to the decision (a Disaster turning over): pressed,
    they were refused, "The Combat is still playing out" (s69's playtest)."""
    if p.behind:
        return [], {}
    offered = set(panel_acts(p.b))  # the combat panel's: there alone, not twice
    acts = [a for a in p.b.click.get(("unit", u.card), []) if a not in offered]
    c, said = p.b.view.combat, {}
    if c is not None and u.pos == c.cell and u.owner == c.seat:  # its "More…" lists
        said = {a: w for w, a in row_choices(p, u, name)}  # them here, as its row would
        acts = [a for a in acts if not isinstance(a, A.Declare)] + [
            a for a in said if a not in acts] + [a for a in acts if isinstance(a, A.Declare)]
    return acts, said


def clause_rows(words: str, f, width: int) -> list[str]:
    """`words` in rows no wider than `width`, broken where its parts meet where it
    does not fit whole: a total, then each clause of its parenthesis ("Movement 1",
    "(printed 2;", "3 with the Kart in use)"), parts side by side while they fit, a
    part too wide wrapped by words. Wrapped by words alone it split mid-phrase,
    "... 3 with" over "the Kart in use)" (s72's playtest at 960x540)."""
    head, paren, rest = words.partition(" (")
    parts = [head] + [c for c in (paren.strip() + rest).replace("; ", ";\n").split("\n")
                      if c]
    rows: list[str] = []
    for part in parts:
        if rows and f.size(f"{rows[-1]} {part}")[0] <= width:
            rows[-1] += f" {part}"
        else:
            rows += wrap(part, f, width)
    return rows


def abilities(p: Painter, u) -> list[tuple[str, tuple]]:
    """Each ability of a Character or Disaster in STATS order, as (words, colour).
    Its owner's view has its totals now: what its card no longer says is said beside it,
    lowered in red, raised in green (the card said Movement 1 where a Heavy Ion Cannon
    left 0), with the number printed ("card 4" read as a card's number, s42n), and what
    a carried piece not yet put to use would make of it (its bonus counts only then,
    Rules for Equipment). Another player's Character's totals are not in the view (its
    Items are face down): its card's numbers, said as such. A Disaster's abilities its
    card does not print (Charm, Energy) are left out unless something changed them."""
    cd = p.b.card(u.card)
    if cd is None:
        return []
    now = {a: was for a, was, _ in changed(cd, u)}
    gains = unused_gains(u, p.b.card, p.meets)
    totals = dict(zip(STATS, u.totals)) if u.totals else {}
    out = [] if totals else [("On its card:", ink.DIM)]
    for a in STATS:
        if cd.ability(a) is None and a not in now:
            continue
        n = totals.get(a, cd.ability(a) or 0)
        out.append((total_words(a, n, now.get(a, n), also=gains.get(a, "")),
                    ink.TEXT if a not in now else ink.BAD if n < now[a] else ink.GOOD))
    return out


def health(p: Painter, u) -> tuple[str, tuple]:
    """Its Health left of its base and the Damage taken (Basic Terms: base Health is
    base Defense, which bonuses to Defense do not change), red when it has taken any."""
    left, base = health_left(p.b.view, u), p.b.card(u.card).base_health
    if not u.damage:  # whole: no Damage said so, and the Items beside it
        return f"Health {left}/{base}", ink.TEXT
    return f"Health {left}/{base}, Damage {u.damage}", ink.BAD


def _flow(p: Painter, surf, at: tuple[int, int, int], groups, size: int,
          draw: bool = True, rows: int = ROWS) -> int:
    """A Character's cards by kind (a label over up to `rows` rows of small faces), side
    by side while they fit, from `at` (x, y, right); returns the y below them. `draw`
    False: only measures."""
    x0, y, right = at
    x, row_h = x0, 0
    for caption, cards, backs in groups:
        if not cards and not backs:
            continue
        label = ink.label(caption, p.px(12), ink.DIM)
        faces = sum(_fan_w(p, len(ids), size) + p.px(4) for ids in stacks(p, cards)) + (
            size + p.px(4) if backs else 0)
        need = min(right - x0, max(label.get_width(), faces))
        if x > x0 and x + need > right:
            x, y, row_h = x0, y + row_h, 0
        if draw:
            surf.blit(label, (x, y))
        # Below the caption's whole line: at px(14) the faces covered its descenders.
        top = max(p.px(14), label.get_height())
        h = _cards_row(p, surf if draw else None, x, y + top, right, cards, size, backs,
                       rows)
        row_h = max(row_h, top + h + p.px(4))
        x += need + p.px(10)
    return y + row_h


def _stored_h(p: Painter, small: int, cards: list[int], rows: int = ROWS) -> int:
    """The height of a Haven's section in the inspector (`_stored`)."""
    r = p.lay.inspector
    return p.px(10) + p.px(18) + p.px(15) + p.px(8) + (_cards_row(
        p, None, r.x + p.px(8), 0, r.right - p.px(8), cards, small, rows=rows) if rows else 0)


# A Haven's caption in the inspector, the longest first: at 960x540 the first was cut
# ("Stored here: drag one onto a Character th…"), the what-to-do lost (s48).
STORED_THERE = ("Stored here: drag one onto a Character there",
                "Drag one onto a Character there")


def first_fit(choices: tuple[str, ...], px: int, width: int, colour) -> pygame.Surface:
    """The first of `choices` (longest first, each saying what to do) that fits `width`
    whole, else the last cut with an ellipsis."""
    return ink.fit(ink.first_whole(choices, (px,), width)[0], px, width, colour)


def _stored(p: Painter, surf, y: int, cell: tuple, cards: list[int], small: int,
            caption: tuple[str, ...], rows: int = ROWS) -> int:
    """A Haven the viewer sees into at `cell` (its own, or another's where it stands as
    a guest: R36) as a section of the inspector: a rule, its heading ("Your Haven:
    Fort", "Player 3's Haven: Bunker") and the cards it stores in up to `rows` rows (0:
    the caption alone); returns the y below it."""
    r = p.lay.inspector
    x0, right = r.x + p.px(8), r.right - p.px(8)
    y += p.px(4)
    pygame.draw.line(surf, ink.PANEL_EDGE, (x0, y), (right, y))
    y += p.px(6)
    place = p.b.places[cell]
    haven = p.db[p.b.card_id(place.card)].name  # whose: the heading says
    whose = p.whose if place.owner == p.b.view.seat else f"{p.seat_name(place.owner)}'s"
    surf.blit(ink.fit(f"{whose} Haven: {haven}", p.px(13), right - x0, ink.GOLD, True),
              (x0, y))
    y += p.px(18)
    surf.blit(first_fit(caption, p.px(12), right - x0, ink.DIM), (x0, y))
    y += p.px(15)
    return y + (_cards_row(p, surf, x0, y, right, cards, small, rows=rows) if rows else 0) \
        + p.px(8)


def _heading(p: Painter, why: str, card: int, name, width: int) -> str:
    """`why` it is shown ("Chosen to move", "Looking at") and the name, whole if it fits
    (the panel's heading is never cut mid-word without a mark), else its short name,
    else cut with an ellipsis. "Selected:" stood over a Character only looked at, as
    over one chosen to move."""
    f = ink.font(p.px(15), True)
    for words in (name(card), short_names(p, [card], name)[card]):
        if f.size(f"{why}: {words}")[0] <= width:
            return f"{why}: {words}"
    words = f"{why}: {words}"
    while words and f.size(words + "…")[0] > width:
        words = words[:-1]
    return words + "…"


def _haven(p: Painter, surf, cell: tuple, name) -> None:
    """A Haven clicked on the Field: the viewer's shows its stored cards, to drag
    onto a Character standing there; another's, how many it keeps face down."""
    r = p.lay.inspector
    place = p.b.places[cell]
    mine = place.owner == p.b.view.seat
    whose = f"{p.whose} Haven" if mine else f"{p.seat_name(place.owner)}'s Haven"
    y = p.panel(surf, r, whose)
    x0, right = r.x + p.px(8), r.right - p.px(8)
    surf.blit(ink.fit(name(cell), p.px(13), right - x0, ink.TEXT, True), (x0, y))
    y += p.px(20)
    if mine:
        y = _haven_uses(p, surf, place.card, name, y)
    stored = [i for at, i in p.b.stored() if at == cell]
    here = [u for u in p.b.units_at.get(cell, []) if u.owner == place.owner and not u.disaster]
    if not mine:
        lines = [f"{count(place.under_items + place.under_disasters, 'card')} stored face down.",
                 f"{len(here)} of their Characters here."]
    elif stored:
        surf.blit(first_fit(("Stored here: drag one onto a Character here.",
                             "Drag one onto a Character here."), p.px(12), right - x0, ink.DIM),
                  (x0, y))
        y += p.px(15)
        # Every kind of card, in as many rows as it takes, smaller when many would
        # overflow.
        room, w, rows = r.bottom - y - p.px(40), p.px(56), len(stored)
        while w > p.px(30) and _cards_row(p, None, x0, y, right, stored, w, rows=rows) > room:
            w -= p.px(4)
        y += _cards_row(p, surf, x0, y, right, stored, w, rows=rows) + p.px(8)
        lines = [f"{len(here)} of your Characters here." if here else
                 "No Character here to take them."]
    else:
        lines = ["Nothing stored here yet: drop Equipment", "or Items from a Character here."]
    for line in lines:
        surf.blit(ink.fit(line, p.px(12), right - x0, ink.DIM), (x0, y))
        y += p.px(15)


def haven_uses(p: Painter, card: int) -> list[A.UseCard]:
    """The uses of the viewer's Haven `card` the rules offer now. Keyed to its card
    (Board._index), which nothing on the Field draws: only the List of Actions sent
    them (s71). None while the table still plays out what led to the decision."""
    if p.behind:
        return []
    return [a for a in p.b.click.get(("card", card), []) if isinstance(a, A.UseCard)]


def use_words(p: Painter, a: A.UseCard, name) -> str:
    """A Haven's use on its button: what it does and costs ("Use: search your Draw
    pile for a Spirit card (cost: discard 1 card at random)"); the panel names it."""
    e = p.b.card(a.card).effects[a.effect]
    on = f" on {name(a.target)}" if a.target is not None else ""
    return f"Use{on}: {effect_words(e)}"


def not_now(p: Painter, card: int) -> str:
    """Why a use of the viewer's Haven `card` is not offered, as far as the view tells
    it cheaply: its uses spent, too few cards in hand to pay, else only that it is not."""
    note = p.b.uses_note(card)
    if note in ("no uses left", "used this Turn"):
        return f"Not now: {note}."
    least = min(e.discards for e in p.b.card(card).effects_on("use"))
    if least > len(p.b.hand):
        return f"Not now: it needs {count(least, 'card')} in your hand to discard."
    return "Not offered now."


def _haven_uses(p: Painter, surf, card: int, name, y: int) -> int:
    """The viewer's Haven's abilities from `y` down: a button for each use offered now,
    as a Character's are (its hover says it whole, its click asks before it pays),
    else its ability dimmed and why not; returns the y below them."""
    r = p.lay.inspector
    x0, right = r.x + p.px(8), r.right - p.px(8)
    acts = haven_uses(p, card)
    for a in acts:
        words = use_words(p, a, name)
        h = button_h(p, words, right - x0)
        button(p, surf, pygame.Rect(x0, y, right - x0, h), words, ("act", a))
        y += h + p.px(4)
    cd = p.b.card(card)
    if acts or p.behind or cd is None or not cd.effects_on("use"):
        return y + (p.px(4) if acts else 0)
    small = ink.font(p.px(12))
    said = [f"Ability: {effect_words(e)}" for e in cd.effects_on("use")] + [not_now(p, card)]
    for line in (row for words in said for row in wrap(words, small, right - x0)):
        surf.blit(ink.fit(line, p.px(12), right - x0, ink.DIM), (x0, y))
        y += p.px(15)
    return y + p.px(4)


def _location(p: Painter, surf, cell: tuple, name) -> None:
    """A Location clicked on the Field, as every seat may see it: its card, what its
    symbols ask of those who enter, what Scavenging it needs, the cards face down under
    it (counted), the Equipment left there face up, and who stands there."""
    r = p.lay.inspector
    place = p.b.places[cell]
    y = p.panel(surf, r, "Location")
    x0, right = r.x + p.px(8), r.right - p.px(8)
    surf.blit(ink.fit(name(cell), p.px(13), right - x0, ink.TEXT, True), (x0, y))
    y += p.px(20)
    f = p.face(place.card, p.px(76))
    if f is not None:
        surf.blit(f, (x0, y))
        p.hits.append((f.get_rect(topleft=(x0, y)), ("card", place.card)))
    card = p.db[p.b.card_id(place.card)]
    v = p.b.view
    # Each fact with its rank, the least kept first dropped where they do not fit: the
    # count face down is on the Field's cell too, the symbol's rule on the card.
    facts = [(7, "Destroyed: nobody may stop here")] if place.destroyed else []
    facts += [(1, rule)] if (rule := symbol_rule(card)) else []
    mine = sorted(p.chosen) or [u.card for u in v.units if u.owner == v.seat and not u.disaster]
    short = short_names(p, mine, name)
    for need in (t for t in SYMBOLS if t in card.categories and mine):
        facts.append((2, symbol_lack(need, [short[i] for i in p.lacking(need, mine)],
                                     bool(p.chosen))))
    if not card.requires.empty:
        facts.append((3, f"Scavenging needs: {card.requires.describe()}"))
    if not place.destroyed:  # which of the viewer's groups could, and why not the others
        facts += [(5, w) for w in scavenge_stops_words(p.scavenge_stops(cell), cell, name)]
    facts += [(4, w) for w in locations.facts(place, card, v.seat, p.seat_name)]
    facts.append((0, f"Face down under it: {count(place.under_disasters, 'Disaster')}, "
                     f"{count(place.under_items, 'Item')}"))
    # Who stands there, by whose ("your 2 Characters, Player 2's 1 Character, 1 Disaster").
    here = Counter(-1 if u.disaster else u.owner for u in p.b.units_at.get(cell, []))

    def whose(seat: int) -> str:
        return p.whose if seat == v.seat and p.whose else f"{p.seat_name(seat)}'s"
    who = [f"{whose(seat)} {count(here[seat], 'Character')}"
           for seat in sorted(here, key=lambda s: (s != v.seat, s)) if seat >= 0]
    who += [count(here[-1], "Disaster")] if here[-1] else []
    facts.append((6, "Here: " + (", ".join(who) if who else "nobody")))
    left = "Left here, face up (Scavenging gets them back):"
    low = r.bottom - p.px(6) - (len(wrap(left, ink.font(p.px(12)), right - x0)) * p.px(15)
                                + card_height(p.px(40)) if place.under_equipment else 0)
    xs = (x0, x0 + p.px(84), right)
    lines, px = _facts_laid(p, [w for _, w in facts], xs, y, p.px(110), low)
    while _foot(lines, px) > low and len(facts) > 1:  # the least kept left out
        facts.remove(min(facts, key=lambda f: f[0]))
        lines, px = _facts_laid(p, [w for _, w in facts], xs, y, p.px(110), low)
    for x, top, line in lines:
        surf.blit(ink.fit(line, px, right - x, ink.TEXT), (x, top))
    y = max(y + p.px(110), _foot(lines, px) + p.px(4))
    if place.under_equipment:
        for line in wrap(left, ink.font(p.px(12)), right - x0):
            surf.blit(ink.fit(line, p.px(12), right - x0, ink.DIM), (x0, y))
            y += p.px(15)
        _cards_row(p, surf, x0, y, right, place.under_equipment, p.px(40))


def _facts_laid(p: Painter, facts: list[str], xs: tuple[int, int, int], y: int, face: int,
                low: int) -> tuple[list[tuple[int, int, str]], int]:
    """The Location's facts as lines (left, top, words) from `y`, each wrapped, a little
    apart: beside its face (`face` high) from xs[1], then under it from the panel's left
    xs[0] (beside it alone, they ran off the window's foot at 960x540, s69); at the
    largest type of 12 to 10 px (scaled) whose last line ends above `low`, else the
    least. Returns the lines and that size."""
    x0, tx, right = xs
    for px in (p.px(12), p.px(11), p.px(10)):
        step, lines, top = px + p.px(3), [], y
        for fact in facts:
            x = tx if top + step <= y + face else x0
            top = top if x == tx else max(top, y + face)
            for line in wrap(fact, ink.font(px), right - x):
                lines.append((x, top, line))
                top += step
            top += p.px(3)
        if _foot(lines, px) <= low:
            break
    return lines, px


def _foot(lines: list[tuple[int, int, str]], px: int) -> int:
    """The foot of the last of `lines` written at `px`."""
    return lines[-1][1] + ink.font(px).get_height() if lines else 0
