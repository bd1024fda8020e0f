"""The inspector (a selected Character's cards, the viewer's Haven) and the
combat view: painters in the same style as paint.py, kept apart for size."""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple
from dataclasses import replace

import pygame

from game.engine import actions as A
from game.engine import events as E
from game.engine.combat import attack_limit, charmed_still
from game.engine.decisions import FlashWindow
from game.engine.duel import MAX_ALLY_ATTACKERS, MAX_ATTACKERS
from game.engine.physical import MAX_PROTECTORS, health_left
from game.engine.view import STATS
from game.ui.cardface import CARD_RATIO, card_height
from game.ui.fonts import given_name, wrap

from . import forecast, ink
from .paint import Painter
from .words import (action_text, changed, count, event_text, every, owned, symbol_rule,
                    unused_gains)


def button(p: Painter, surf, rect: pygame.Rect, words: str, key: tuple, hot: bool = False) -> None:
    pygame.draw.rect(surf, (150, 100, 20) if hot else (62, 51, 112), rect,
                     border_radius=p.px(6))
    pygame.draw.rect(surf, ink.GOLD, rect, 1, border_radius=p.px(6))
    rows = wrap(words, ink.font(p.px(13), True), rect.w - p.px(8))
    step = ink.font(p.px(13), True).get_linesize()
    if len(rows) == 1 or rect.h < 2 * step:  # one row, cut if need be
        rows = [words]
    rows = rows[:max(1, rect.h // step)]
    top = rect.centery - step * len(rows) // 2
    for j, row in enumerate(rows):
        t = fit_name(row, p.px(13), rect.w - p.px(8))
        surf.blit(t, t.get_rect(midtop=(rect.centerx, top + j * step)))
    p.hits.append((rect, key))


LEAST_STORED = 28  # the Haven's cards under a selected Character, at their smallest (px)
# A Character's own cards there at their smallest: they shrank to 14 px, unreadable, under
# many (s33w); and the rows a kind of them, or a Haven's section, may take.
LEAST_OWN, ROWS = 28, 2


def stacks(p: Painter, cards) -> list[tuple[int, int]]:
    """Each kind of card once, as (its first copy, how many): ten Training Montages are
    one face counted "x10", so that many cards stay large enough to read."""
    kinds: dict = {}
    for i in cards:
        kinds.setdefault(p.b.card_id(i) or i, []).append(i)
    return [(ids[0], len(ids)) for ids in kinds.values()]


def _cards_row(p: Painter, surf, x: int, y: int, right: int, cards, width: int,
               backs: int = 0, rows: int = 1) -> int:
    """Small faces (and face-down Item backs, as one) from `x` to `right` in up to `rows`
    rows, copies of a card as one face with its count (`stacks`); where more kinds are
    left than fit, the last place counts their cards ("+3"). Returns the height; `surf`
    None: only measures."""
    faces = stacks(p, cards) + ([(None, backs)] if backs else [])
    gap, h = p.px(4), card_height(width)
    per = max(1, (right - x + gap) // (width + gap))
    used = max(1, min(rows, -(-len(faces) // per)))
    if surf is None:
        return used * (h + gap) - gap
    shown = faces if len(faces) <= per * used else faces[:per * used - 1]
    for k, (i, n) in enumerate(shown):
        at = (x + k % per * (width + gap), y + k // per * (h + gap))
        f = p.face(i, width) if i is not None else p.faces.back("item", width)
        if f is None:
            continue
        rect = surf.blit(f, at)
        if i is not None:
            p.hits.append((rect, ("card", i)))
        if n > 1:
            _chip(p, surf, f"x{n}", rect.bottomright)
    if len(shown) < len(faces):
        k = len(shown)
        rect = pygame.Rect(x + k % per * (width + gap), y + k // per * (h + gap), width, h)
        pygame.draw.rect(surf, ink.PANEL_EDGE, rect, 1, border_radius=p.px(4))
        more = sum(n for _, n in faces[k:])
        surf.blit(t := ink.label(f"+{more}", p.px(13), ink.TEXT, True),
                  t.get_rect(center=rect.center))
    return used * (h + gap) - gap


def _chip(p: Painter, surf, words: str, corner: tuple[int, int]) -> None:
    """A count on a dark chip in a face's bottom-right corner."""
    t = ink.label(words, p.px(12), ink.TEXT, True)
    chip = t.get_rect(bottomright=corner).inflate(p.px(4), 0)
    pygame.draw.rect(surf, ink.PANEL, chip, border_radius=p.px(3))
    surf.blit(t, t.get_rect(center=chip.center))


def inspector(p: Painter, surf, unit: int | tuple | None, name,
              along: Sequence[int] = ()) -> None:
    """The selected Character, the Haven or Location clicked (`unit` is its cell), or
    else what the viewer's Havens store (nothing selected). `along`: the others
    selected with it, to move as one group."""
    r = p.lay.inspector
    u = p.b.units.get(unit) if unit is not None else None
    if isinstance(unit, tuple):
        if p.b.places[unit].kind == "haven":
            return _haven(p, surf, unit, name)
        return _location(p, surf, unit, name)
    stored = [(cell, i) for cell, i in p.b.stored() if u is None or cell == u.pos]
    title = _heading(p, u.card, name, r.w - p.px(16)) if u else "Nothing selected"
    y = p.panel(surf, r, title)
    x0, right = r.x + p.px(8), r.right - p.px(8)
    small = p.px(40)
    if u is not None:
        f = p.face(u.card, p.px(76))
        if f is not None:
            surf.blit(f, (x0, y))
            p.hits.append((f.get_rect(topleft=(x0, y)), ("card", u.card)))
        tx = x0 + p.px(84)
        who = "Disaster" if u.disaster else f"{p.seat_name(u.owner)}'s Character"
        facts = [(who, ink.GOLD), (f"Damage {u.damage}" if u.damage else "No Damage", ink.TEXT),
                 (f"Items held: {u.item_count}", ink.TEXT)]
        cd = p.b.card(u.card)
        # Its owner's view has its totals now: what its card no longer says is said
        # beside it, lowered in red, raised in green (the card said Movement 1 where a
        # Heavy Ion Cannon left 0).
        now = changed(cd, u)
        if not u.disaster:
            left = f" of {u.totals[STATS.index('movement')]}" if u.totals else ""
            facts.append((f"Moved {u.moved}{left} this Turn", ink.TEXT))
        # Each changed total whole, side by side while they fit, else on the next line
        # (one amber line of three was cut: "Now Attack 5 (card 4), Defens…").
        lines = [[fact] for fact in facts]
        f, gap, chips = ink.font(p.px(13)), p.px(10), 0
        # And what a carried piece not yet put to use would make of a total: its bonus
        # counts only then (Rules for Equipment), and the Attack read without it.
        gains = unused_gains(u, p.b.card, p.meets)
        totals = dict(zip(STATS, u.totals))
        was_of = {a: (was, n) for a, was, n in now}
        for a in (a for a in STATS if a in was_of or a in gains):
            was, n = was_of.get(a, (None, totals.get(a)))
            said = ([f"card {was}"] if a in was_of else []) + ([gains[a]] if a in gains else [])
            chip = (f"{a.capitalize()} {n} ({'; '.join(said)})",
                    ink.TEXT if a not in was_of else ink.BAD if n < was else ink.GOOD)
            if chips and chips + gap + f.size(chip[0])[0] <= right - tx:
                lines[-1].append(chip)
                chips += gap + f.size(chip[0])[0]
            else:  # on lines of its own, wrapped ("Attack 4 (7 with the Walker in…")
                rows = wrap(chip[0], f, right - tx)
                lines += [[(row, chip[1])] for row in rows]
                chips = f.size(chip[0])[0] if len(rows) == 1 else right - tx
        if along:  # a group selected: the heading names one of them only
            brief = short_names(p, list(along), name)
            lines.append([("Moving with " + ", ".join(brief[i] for i in along), ink.TEXT)])
        for k, line in enumerate(lines):
            x = tx
            for words, colour in line:
                surf.blit(ink.fit(words, p.px(13), right - x, colour), (x, y + k * p.px(17)))
                x += f.size(words)[0] + gap
        y += max(p.px(110), len(lines) * p.px(17) + p.px(6))  # below the face, or the lines
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
        offered = set(panel_acts(p.b))  # the combat panel's: there alone, not twice
        acts = [a for a in p.b.click.get(("unit", u.card), []) if a not in offered]
        c, said = p.b.view.combat, {}
        if c is not None and u.pos == c.cell and u.owner == c.seat:  # its "More…" lists
            said = {a: w for w, a in _row_choices(p, u, name)}  # them here, as its row would
            acts = [a for a in acts if not isinstance(a, A.Declare)] + [
                a for a in said if a not in acts] + [a for a in acts if isinstance(a, A.Declare)]
        # At 1280x720 the Haven's cards must fit with hers, or some could not be
        # dragged: its section's room is kept, the buttons stop above it.
        room = r.bottom - (_stored_h(p, small, kept) if stored else 0)
        for a in acts:
            # An ability's words say what it does and costs: two rows when need be.
            words = said[a] if isinstance(a, A.UseEquipment) and a in said else \
                action_text(a, name, p.b.card, p.b.where)  # ("Ready Walker": its face is above)
            f = ink.font(p.px(13), True)
            rows = len(wrap(words, f, right - x0 - p.px(8)))
            h = p.px(24) if rows == 1 else rows * f.get_linesize() + p.px(6)
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
            said = f"Stored here: drag one onto {short}" if rows else \
                f"{count(len(kept), 'card')} stored: click the Haven to see them"
            _stored(p, surf, y, u.pos, kept, fit, said, rows)
        return
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
        if p.b.gilded() else ()
    for line in (*lines[:2], *gold, *(() if stored else lines[2:])):
        colour = ink.GOLD if line in gold else ink.DIM
        surf.blit(ink.fit(line, p.px(12), right - x0, colour), (x0, y))
        y += p.px(15)
    for cell in dict.fromkeys(c for c, _ in stored):
        y = _stored(p, surf, y, cell, [i for c, i in stored if c == cell], small,
                    "Stored here: drag one onto a Character there" if person else
                    "Stored here")


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
        faces = len(stacks(p, cards)) + (1 if backs else 0)
        need = min(right - x0, max(label.get_width(), faces * (size + p.px(4))))
        if x > x0 and x + need > right:
            x, y, row_h = x0, y + row_h, 0
        if draw:
            surf.blit(label, (x, y))
        h = _cards_row(p, surf if draw else None, x, y + p.px(14), right, cards, size, backs,
                       rows)
        row_h = max(row_h, p.px(14) + h + p.px(4))
        x += need + p.px(10)
    return y + row_h


def _stored_h(p: Painter, small: int, cards: list[int], rows: int = ROWS) -> int:
    """The height of a Haven's section in the inspector (`_stored`)."""
    r = p.lay.inspector
    return p.px(10) + p.px(18) + p.px(15) + p.px(8) + (_cards_row(
        p, None, r.x + p.px(8), 0, r.right - p.px(8), cards, small, rows=rows) if rows else 0)


def _stored(p: Painter, surf, y: int, cell: tuple, cards: list[int], small: int,
            caption: str, rows: int = ROWS) -> int:
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
    surf.blit(ink.fit(caption, p.px(12), right - x0, ink.DIM), (x0, y))
    y += p.px(15)
    return y + (_cards_row(p, surf, x0, y, right, cards, small, rows=rows) if rows else 0) \
        + p.px(8)


def _heading(p: Painter, card: int, name, width: int) -> str:
    """"Selected: " and the name, whole if it fits (the panel's heading is never cut
    mid-word without a mark), else its short name, else cut with an ellipsis."""
    f = ink.font(p.px(15), True)
    for words in (name(card), short_names(p, [card], name)[card]):
        if f.size(f"Selected: {words}")[0] <= width:
            return f"Selected: {words}"
    words = f"Selected: {words}"
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
    stored = [i for at, i in p.b.stored() if at == cell]
    here = [u for u in p.b.units_at.get(cell, []) if u.owner == place.owner and not u.disaster]
    if not mine:
        lines = [f"{count(place.under_items + place.under_disasters, 'card')} stored face down.",
                 f"{len(here)} of their Characters here."]
    elif stored:
        surf.blit(ink.label("Stored here: drag one onto a Character here.", p.px(12), ink.DIM),
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
    facts = ["Destroyed: nobody may stop here"] if place.destroyed else []
    facts += [rule] if (rule := symbol_rule(card)) else []
    if not card.requires.empty:
        facts.append(f"Scavenging needs: {card.requires.describe()}")
    facts.append(f"Face down under it: {count(place.under_disasters, 'Disaster')}, "
                 f"{count(place.under_items, 'Item')}")
    # Who stands there, by whose ("your 2 Characters, Player 2's 1 Character, 1 Disaster").
    here = Counter(-1 if u.disaster else u.owner for u in p.b.units_at.get(cell, []))
    v = p.b.view

    def whose(seat: int) -> str:
        return p.whose if seat == v.seat and p.whose else f"{p.seat_name(seat)}'s"
    who = [f"{whose(seat)} {count(here[seat], 'Character')}"
           for seat in sorted(here, key=lambda s: (s != v.seat, s)) if seat >= 0]
    who += [count(here[-1], "Disaster")] if here[-1] else []
    facts.append("Here: " + (", ".join(who) if who else "nobody"))
    tx = x0 + p.px(84)
    ty = y
    for fact in facts:  # each in as many lines as it takes, a little apart
        for line in wrap(fact, ink.font(p.px(12)), right - tx):
            surf.blit(ink.fit(line, p.px(12), right - tx, ink.TEXT), (tx, ty))
            ty += p.px(15)
        ty += p.px(3)
    y = max(y + p.px(110), ty + p.px(4))
    if place.under_equipment:
        for line in wrap("Left here, face up (Scavenging gets them back):",
                         ink.font(p.px(12)), right - x0):
            surf.blit(ink.fit(line, p.px(12), right - x0, ink.DIM), (x0, y))
            y += p.px(15)
        _cards_row(p, surf, x0, y, right, place.under_equipment, p.px(40))


def combat_rect(p: Painter) -> pygame.Rect:
    f = p.lay.field
    h = int(f.h * 0.46)
    return pygame.Rect(f.x + p.px(10), f.bottom - h - p.px(4), f.w - p.px(20), h)


def duel_rect(p: Painter) -> pygame.Rect:
    """The duel panel: the combat panel's place, a line taller for the forecast of the
    viewer's attacks (forecast.duel_line) under both columns, which keep their room
    (six a side fill them at 1280x720)."""
    r, line = combat_rect(p), p.px(DUEL_LINE)
    return pygame.Rect(r.x, r.y - line, r.w, r.h + line)


def card_stage(p, width: int, duel: bool = False) -> pygame.Rect:
    """Where a Combat card is turned over: in the panel, where it hides nothing a player
    needs. Not on the Disaster's face (its title and picture were covered, the Disaster
    fought not known), nor over the Field's tokens (a Combat between players): beside
    the Disaster, under the panel's first lines of words and over the forecast, where
    the cards drawn lie; in the duel panel, at the foot of the hits' column (the cards
    are turned before any hit is told). `width` wide at most, smaller where the room is."""
    pad = p.px(10)
    if duel:
        r = duel_rect(p)
        top, bottom = r.y + pad + p.px(28) + 2 * p.px(18), r.bottom - pad - p.px(DUEL_LINE)
    else:
        r = combat_rect(p)
        top = r.y + pad + p.px(26) + 3 * p.px(18) + p.px(6)  # who attacks whom, the last hit
        bottom = r.bottom - pad - p.px(30) - 2 * p.px(19)  # the viewer's forecast and foot
        r = pygame.Rect(r.x, r.y, r.w - pad - int(r.w * 0.5), r.h)  # left of the group's
    h = max(p.px(24), min(card_height(width), bottom - top))
    w = round(h / CARD_RATIO)
    return pygame.Rect(r.right - pad - w, bottom - h, w, h)


def disaster_width(p) -> int:
    """The width of the Disaster's face in the combat panel (a line under it: its stats)."""
    r = combat_rect(p)
    pad = p.px(10)
    return round((r.bottom - (r.y + pad + p.px(26)) - pad - p.px(18)) / CARD_RATIO)


DUEL_LINE = 22  # the duel panel's forecast line, in 1280x720 pixels
ROLES = (("attack", "Attack"), ("protect", "Protect"), ("none", "Stay out"))


def combat(p: Painter, surf, c, notes: list[E.Event], name, plan: dict[int, str],
           swing: tuple[int, int] | None = None, fought: bool = False) -> None:
    """Who fights whom, the Combat cards drawn, the last hit, and the group's choices.
    `c` is the view's Combat, or the last one while an ended Combat is animated;
    `swing`, the group's Attack before and after a choice changed it (forecast.line);
    `fought`, the round's hits play (TableScene.panel_board): nothing to choose.

    Every Character's three roles are buttons in places that never move (fast clicks
    chose the wrong one when a Character's buttons came one at a time and pushed the
    others): a click plans a role, Fight! sends the plan in the rules' order."""
    r = combat_rect(p)
    pygame.draw.rect(surf, (16, 10, 30), r, border_radius=p.px(8))
    pygame.draw.rect(surf, (226, 116, 28), r, max(2, p.px(3)), border_radius=p.px(8))
    pad = p.px(10)
    # `c` is the Combat as the animations have reached it: its end, and the choices
    # the game offers now, wait until they have played.
    over = " · over" if any(isinstance(n, E.CombatEnded) for n in notes) else ""
    live = c == p.b.view.combat and not fought
    # The group's Characters by one name each everywhere in the panel, their short ones
    # (as on their tokens, and as the forecast must for room): the rows gave a whole
    # name where it fitted, the words beside and the forecast another. The Disaster
    # too, by the word its token says ("General Obsidian Hex" in the title and the
    # text was "Hex" on the token and the buttons).
    short = combat_namer(p, c, name)
    title = (f"Combat · round {max(1, c.round)} · {p.seat_name(c.seat)} against "
             f"{short(c.disaster)}{over}")
    surf.blit(ink.fit(title, p.px(18), r.w - 2 * pad, ink.GOLD, True), (r.x + pad, r.y + pad))
    top = r.y + pad + p.px(26)
    fw = disaster_width(p)
    fh = card_height(fw)
    f = p.face(c.disaster, fw)
    if f is not None:
        surf.blit(f, (r.x + pad, top))
        p.hits.append((f.get_rect(topleft=(r.x + pad, top)), ("card", c.disaster)))
    d = p.b.units.get(c.disaster)
    if d is not None:
        _disaster_stats(p, surf, d, pygame.Rect(r.x + pad - p.px(4), top + fh + p.px(2),
                                                fw + p.px(8), p.px(16)))
    x = r.x + 2 * pad + fw
    gx = r.right - pad - int(r.w * 0.5)  # the group's column, on the right
    # The viewer's own Combat keeps two lines over the foot for the round's forecast
    # (the group's attack, then the Disaster's), from the words' column to the panel's
    # edge, for the whole Combat: nothing moves.
    line_h = p.px(19)
    foot, fore = p.px(30), 2 * line_h if c.seat == p.b.view.seat else 0
    low = r.bottom - pad - (foot + fore if fore else 0)  # the Combat cards' floor
    target = "nobody this round" if c.target == -1 else short(c.target)
    # In Charm Combat no round has begun: the Disaster has chosen no target yet.
    lines = [] if c.stage in ("break", "command") else \
        [f"{short(c.disaster)} attacks {target}."]
    if c.queue:
        lines.append(f"Then: {', '.join(map(short, c.queue))}.")
    if c.stage in ("break", "command") and c.seat == p.b.view.seat and p.whose == "Your":
        # In the break stage nothing is commanded yet (charm.py: that is the stage after).
        lines.append("Charm Combat: break the Charms, or Go on."
                     if c.stage == "break"
                     else "Charm Combat won: command the Disaster with a button below.")
    elif c.stage in ("break", "command"):  # said of the seat: asked, it spoke to nobody
        who = p.seat_name(c.seat)
        lines.append(f"Charm Combat: {who} may break the Charms."
                     if c.stage == "break" else f"Charm Combat won: {who} commands the Disaster.")
    last_hit = next((n for n in reversed(notes) if isinstance(n, E.CombatHit)), None)
    if last_hit:
        res = last_hit.result
        lines.append(f"Last hit on {short(last_hit.target)}: Attack {last_hit.attack} vs "
                     f"Defense {last_hit.defense} = {last_hit.damage} Damage"
                     + (f" ({res})" if res not in ("ok", "hit") else ""))
    # Wrapped, not cut: who attacks whom is the line a player needs whole.
    lines = [w for line in lines for w in wrap(line, ink.font(p.px(14)), gx - x - pad)][:6]
    for k, line in enumerate(lines):
        surf.blit(ink.fit(line, p.px(14), gx - x - pad, ink.TEXT), (x, top + k * p.px(18)))
    cy = top + len(lines) * p.px(18) + p.px(6)
    if c.stage == "command" and live:  # a Charm won: its orders here, under the words that ask
        commands = [a for a in p.b.legal if isinstance(a, A.Command)]
        said = _namer(p, [a.char for a in commands if a.char is not None], name)
        for a in commands:
            words = action_text(a, said).removeprefix("Command: ")  # the panel says so
            button(p, surf, pygame.Rect(x, cy, gx - x - pad, p.px(24)),
                   words[:1].upper() + words[1:], ("act", a))
            cy += p.px(28)
    # The Combat cards drawn so far this Combat, newest last, in the room the words
    # leave above the floor; none where a thumbnail would be too small to make out
    # (they were drawn over the forecast's line then): the log names each.
    cards = [n.card for n in notes if isinstance(n, E.CombatCard)][-3:]
    cw = min(p.px(70), int((low - cy) / CARD_RATIO))
    cx = x
    for i in cards if cw >= p.px(24) else ():
        f = p.face(i, cw)
        if f is not None and cx + cw < gx and cy + f.get_height() <= low:
            surf.blit(f, (cx, cy))
            p.hits.append((f.get_rect(topleft=(cx, cy)), ("card", i)))
            cx += cw + p.px(6)
    box = pygame.Rect(gx, top, r.right - pad - gx, r.bottom - pad - top)
    _group(p, surf, c, notes, name, short, plan, box, live, foot, fore)
    if fore and live and c.stage == "declare":
        # Advice only to a person: over the AI seats' show it told nobody to choose.
        choosing = p.whose == "Your" and any(not stays_out(p.b, i) for i in c.to_declare)
        fy = box.bottom - foot - fore
        forecast.line(p, surf, c, plan, pygame.Rect(x, fy, box.right - x, line_h), swing,
                      choosing)
        forecast.strike(p, surf, c, plan, pygame.Rect(x, fy + line_h, box.right - x, line_h),
                        short)
        # At the foot, left of the group's column: by Run Away, clear of Fight!'s note.
        forecast.run_note(p, surf, c, pygame.Rect(x, box.bottom - foot + p.px(4),
                                                  box.x - x - pad, foot - p.px(4)), short)


def combat_namer(p: Painter, c, name):
    """The Combat panel's names: the group's Characters by their short names
    (short_names), the Disaster by the word its token calls it, and its number."""
    short = _namer(p, [u.card for u in p.b.units_at.get(c.cell, []) if u.owner == c.seat],
                   name)
    cid = p.b.card_id(c.disaster)
    said = owned(p.faces.token_name(cid), None, p.b.numbers.get(c.disaster, 0)) \
        if cid is not None else None
    return lambda i: said if i == c.disaster and said else short(i)


def _disaster_stats(p: Painter, surf, d, box: pygame.Rect) -> None:
    """The Disaster's totals where a card or effect changed them (its card shows the
    printed ones), and its Damage: "Attack 2 (-1)"."""
    printed = p.db[p.b.card_id(d.card)]
    parts = []
    for ability, total in zip(STATS, d.totals):
        base = printed.ability(ability) or 0
        if total != base:
            parts.append((f"{ability.title()} {total} ({total - base:+d})",
                          ink.GOOD if total > base else ink.BAD))
    if d.damage:
        parts.append((f"Damage {d.damage}", ink.BAD))
    x = box.x
    for words, colour in parts:
        t = ink.label(words, p.px(12), colour, True)
        if x + t.get_width() > box.right and x > box.x:
            break
        surf.blit(t, (x, box.y))
        x += t.get_width() + p.px(6)


def _group(p: Painter, surf, c, notes, name, short, plan: dict[int, str], box: pygame.Rect,
           live: bool, foot: int, fore: int) -> None:
    """The group, a row per Character in a fixed order: its token, `short` name and role with
    its totals, its three roles in fixed places (planned, declared, or not possible),
    then what else it may do now (free a friend, an ability, a card it holds); the
    forecast's line (`fore` high), then Run Away and Fight! at the foot."""
    group = sorted((u for u in p.b.units_at.get(c.cell, [])
                    if u.owner == c.seat and not u.disaster), key=lambda u: u.card)
    row_h = min(p.px(70), (box.h - foot - fore) // max(1, len(group)))
    charmed = dict(c.charmed)
    # This round's declarations: those after its target was first named (each round
    # names one; a new target mid-round keeps what was declared).
    start = next((k for k, n in enumerate(notes)
                  if isinstance(n, E.CombatTarget) and n.round == c.round), 0)
    said = {n.char: n.role for n in notes[start:] if isinstance(n, E.CombatDeclared)}
    declaring = c.stage == "declare" and live
    first = c.to_declare[0] if declaring and c.to_declare else None
    legal = set(p.b.legal)
    mine = any(isinstance(a, A.Declare) for a in legal)
    bh, gap = min(p.px(24), max(p.px(14), row_h - p.px(22))), p.px(4)
    caps = {"attack": _attack_limit(p, c), "protect": MAX_PROTECTORS}
    barred = {u.card: _barred(p, c, u, name) for u in group}
    # Those the rules leave only Stay out need no click: Fight! waits for the others.
    choosing = [i for i in c.to_declare if not stays_out(p.b, i)] if declaring else []
    for k, u in enumerate(group):
        y = box.y + k * row_h
        tok_size = min(p.px(44), row_h - p.px(4))
        cid = p.b.card_id(u.card)
        if cid is not None:
            surf.blit(p.token(cid, tok_size), (box.x, y))
            p.hits.append((pygame.Rect(box.x, y, tok_size, tok_size), ("unit", u.card)))
        # Kept out with its buttons shown: why is said in their place, where it fits.
        stuck = declaring and mine and u.card in c.to_declare and u.card not in choosing
        role = ("attacks" if u.card in c.attackers or said.get(u.card) == "attack"
                else "protects" if u.card in c.protectors or said.get(u.card) == "protect"
                else "stays out" if said.get(u.card) == "none"
                else "charmed" if u.card in charmed else "resisted" if u.card in c.resisted
                else "" if stuck else barred[u.card][1])
        if u.card == c.target:
            role = ("targeted, " + role).rstrip(", ")
        tx = box.x + tok_size + p.px(6)
        room = box.right - tx
        # At the name's right (the name is cut, not overlaid); in Charm Combat, Charm.
        numbers = forecast.charm(p, u) if c.stage in ("break", "command") else \
            forecast.stats(p, u)
        if numbers is not None:
            surf.blit(numbers, (box.right - numbers.get_width(),
                                y + (p.px(17) - numbers.get_height()) // 2))
            room -= numbers.get_width() + p.px(8)
        surf.blit(ink.fit(f"{short(u.card)} {role}".rstrip(), p.px(13), room, ink.TEXT),
                  (tx, y))
        bx, by = tx, y + p.px(17)
        if declaring and mine:
            # As narrow as their words allow: the room left is for its other choices.
            need = max(ink.font(p.px(13), True).size(w)[0] for _, w in ROLES) + p.px(14)
            slot = min(p.px(74), need, (box.right - tx) // 4 - gap)
            done = said.get(u.card) if u.card not in c.to_declare else None
            for role_key, words in ROLES:
                br = pygame.Rect(bx, by, slot, bh)
                bx += slot + gap
                if done is not None:  # declared this round: shown, not changed
                    _slot(p, surf, br, words, role_key == done, None)
                    continue
                if stuck:  # Stay out, chosen by the rules; why (if the view says), over
                    why = barred[u.card][1]  # Attack and Protect, else those two dim
                    if role_key == "none" or not why:
                        _slot(p, surf, br, words, role_key == "none", None,
                              why=None if role_key == "none" else ("why", u.card, role_key))
                    elif role_key == "attack":
                        _slot(p, surf, br.union(br.move(slot + gap, 0)),
                              why[:1].upper() + why[1:], False, None)
                    continue
                # Another's turn to declare comes later: what the rules forbid already
                # (protecting oneself, or nobody when the Disaster attacks nobody).
                # The first to declare too stays within the most the others' plans leave
                # (a fourth Attack on a Minor Disaster, planned, was refused at Fight!).
                possible = (A.Declare(u.card, role_key) in legal if u.card == first
                            else (role_key != "protect" or c.target not in (-1, u.card))
                            and role_key not in barred[u.card][0]) \
                    and _room(c, plan, caps, u.card, role_key)
                # A dim one says why when pointed at or clicked (role_why): the fourth
                # attacker's Attack was grey with no word of the most that may attack.
                _slot(p, surf, br, words, plan.get(u.card) == role_key,
                      ("plan", u.card, role_key) if possible else None,
                      why=("why", u.card, role_key))
        if live:
            _extras(p, surf, u, name, (tx, bx, by), (box.right, y + row_h), bh, gap)
    if declaring and mine:
        left = [short(i) for i in unchosen(p.b, c.to_declare, plan)]
        _fight_footer(p, surf, box, box.bottom - foot + p.px(4), foot, legal,
                      first is not None and not left, left, box.w - p.px(240))


def _row_choices(p: Painter, u, name) -> list[tuple[str, A.Action]]:
    """A Character's other choices in a Combat, each with a button's words: freeing a
    Charmed friend, an ability, a card held, Equipment to put to use."""
    b = p.b
    held = set(u.equipment) | set(u.items or ())
    choices = [a for a in b.click.get(("unit", u.card), []) if not isinstance(a, A.Declare)]
    choices += [a for a in b.legal if isinstance(a, A.UseCard) and a.card in held]
    choices += [a for a in b.legal if isinstance(a, A.UseEquipment) and a.char == u.card]
    uses = Counter((a.card, a.effect) for a in choices if isinstance(a, A.UseCard))
    # Short names that still tell them apart: a Character or Disaster by its given
    # name ("Crow", "Hex": a first word is often a title), a card held by its last
    # word ("Ready Walker", not "Ready Battle").
    short = _namer(p, [c for a in choices for c in (getattr(a, "charmed", None),
                                                     getattr(a, "target", None))
                       if isinstance(c, int) and c >= 0], name)
    piece = _piece_namer(p, sorted(held), name)
    out = []
    for a in choices:
        if isinstance(a, A.BreakCharm):
            words = "Free " + short(a.charmed)
        elif isinstance(a, A.UseEquipment):
            words = "Ready " + piece(a.card)  # put to use for the Turn
        elif isinstance(a, A.UseCard) and (a.card in held or a.card == u.card):
            words = "Ability" if a.card == u.card else "Use " + piece(a.card)
            if a.effect and sum(card == a.card for card, _ in uses) > 1:
                words += f" ({a.effect + 1})"  # which of the card's uses
            if a.target is not None and uses[a.card, a.effect] > 1:
                words += " on " + short(a.target)  # one button per target
        else:
            continue
        out.append((words, a))
    return out


def _extras(p: Painter, surf, u, name, xs: tuple, ends: tuple, bh: int, gap: int) -> None:
    """A Character's other choices (_row_choices) flowing after its roles, line by line
    within its row; when some do not fit, the last place is "More…", which shows the
    Character in the inspector with all of them (none is dropped unseen)."""
    tx, bx, by = xs
    right, bottom = ends
    items = _row_choices(p, u, name)
    f = ink.font(p.px(13), True)
    places: list[pygame.Rect] = []
    for words, _ in items:
        w = max(p.px(60), f.size(words)[0] + p.px(14))
        if bx + w > right:
            bx, by = tx, by + bh + p.px(3)
        if by + bh > bottom:
            break
        places.append(pygame.Rect(bx, by, w, bh))
        bx += w + gap
    more = None
    if len(places) < len(items):
        more_w = f.size("More…")[0] + p.px(14)
        while places and places[-1].right + gap + more_w > right:
            places.pop()
        more = pygame.Rect(places[-1].right + gap if places else xs[1],
                           places[-1].y if places else xs[2], more_w, bh)
    for rect, (words, a) in zip(places, items):
        button(p, surf, rect, words, ("act", a))
    if more is not None:
        button(p, surf, more, "More…", ("more", u.card))  # a button: hovering it zooms nothing


def _piece_namer(p: Painter, cards: list[int], name):
    """`name`, with the cards of `cards` by their last word before any "of" (Battle
    Walker: "Walker"), or their short names (short_names) where two would read alike."""
    full = {c: p.db[cid].name if (cid := p.b.card_id(c)) else name(c) for c in cards}
    head = {c: re.split(r" (?:of|the) ", full[c])[0].split()[-1] for c in cards}
    alike = Counter(head.values())
    short = short_names(p, [c for c in cards if alike[head[c]] > 1], name)
    return lambda i: head[i] if i in head and alike[head[i]] == 1 else short.get(i) or name(i)


def _barred(p: Painter, c, u, name) -> tuple[set[str], str]:
    """The roles the rules refuse `u` whoever declares before it, and why in a few words
    for its row: what the view says bars it (No Action, an ally's Vehicle), or Charmed
    ("cannot attack the Disaster until the Disaster attacks them": R47)."""
    roles, why = barred_of(p, u.card, name)
    if roles:
        return roles, why
    return ({"attack"} if charmed_still(c, u.card) else set()), ""


def stays_out(b, char: int) -> bool:
    """Whether the rules leave `char` nothing to declare but Stay out in the Combat under
    way: its choice is made, not asked. While it declares, its legal declarations say so
    whatever the reason (ordered not to attack with nobody to protect, the most that may
    attack already do); after it in the order, the view's barred does (both Attack and
    Protect refused: No Action, an ally's Vehicle)."""
    own = [a for a in b.legal if isinstance(a, (A.Declare, A.Engage)) and a.char == char]
    if own:
        return all(a.role == "none" for a in own)
    return any(i == char and {"attack", "protect"} <= set(roles)
               for i, roles, _, _ in b.view.barred)


def unchosen(b, chars: Sequence[int], plan: dict) -> list[int]:
    """Those of `chars` (the viewer's still to declare, in the rules' order) Fight! waits
    for: each with a choice (not stays_out) and none planned. Fight! and Enter send no
    plan before they are all chosen (a Character with none stayed out, unasked)."""
    return [i for i in chars if i not in plan and not stays_out(b, i)]


def role_why(p: Painter, c, char: int, role: str, plan: dict[int, str], name) -> str:
    """Why the Combat panel's `role` is dim for `char`, in a line for the player: what
    the rules bar it from (No Action, Charmed, nobody to protect), or the most that may
    take the role (a Minor Disaster 3 attackers, a Major 4; 2 protectors) already
    declared or planned, named, with how to make room."""
    short = _namer(p, [u.card for u in p.b.units_at.get(c.cell, []) if u.owner == c.seat],
                   name)
    verb = f"{short(char)} cannot {role}"
    roles, why = _barred(p, c, p.b.units[char], name)
    if role in roles:
        return f"{verb}: " + (why or "it is Charmed until the Disaster attacks it") + "."
    if role == "protect" and c.target in (-1, char):
        return f"{verb}: " + ("the Disaster attacks nobody this round." if c.target == -1
                              else "the Disaster attacks it; it may protect only another.")
    if role == "attack":
        limit = _attack_limit(p, c)
        taken = list(c.attackers)
        cls = p.b.view.game.card(c.disaster).disaster_class or "minor"
        most = (f"at most {limit} Characters attack a Disaster allied with a group"
                if _allied(p, c) else
                f"at most {limit} Characters attack a {cls.title()} Disaster in a round")
    else:
        limit, taken, most = MAX_PROTECTORS, list(c.protectors), \
            f"at most {MAX_PROTECTORS} Characters protect in a round"
    taken += [i for i in c.to_declare if i != char and plan.get(i) == role]
    if len(taken) >= limit:
        return (f"{verb}: {most}, and {every([short(i) for i in taken])} do. For "
                f"{short(char)} to {role}, give one of them another role first.")
    return f"{verb} now."


def _allied(p: Painter, c) -> bool:
    d = p.b.units.get(c.disaster)
    return d is not None and d.ally_seat >= 0


def _attack_limit(p: Painter, c) -> int:
    """The most that may attack the Disaster fought: 2 on one allied with a group."""
    return attack_limit(p.b.view.game, c.disaster, _allied(p, c))


def barred_of(p: Painter, char: int, name) -> tuple[set[str], str]:
    """The roles the view says the rules keep a Character from (SeatView.barred), and
    why in a few words: "No Action", "kept out by Walker", "ordered"."""
    hit = next(((set(roles), why, card) for i, roles, why, card in p.b.view.barred
                if i == char), None)
    if hit is None:
        return set(), ""
    roles, why, card = hit
    words = {"no_action": "No Action", "ordered": "ordered not to " + " or ".join(sorted(roles))}
    return roles, words.get(why) or "kept out by " + _piece_namer(p, [card], name)(card)


def _room(c, plan: dict[int, str], caps: dict[str, int], char: int, role: str) -> bool:
    """A role may be planned for `char` while those declared and the others planned for
    it this round stay within the rules' most (a Major Disaster 4 attackers, a Minor 3;
    2 protectors): a plan past them would only stop at Fight!."""
    if role not in caps or plan.get(char) == role:
        return True
    declared = c.attackers if role == "attack" else c.protectors
    planned = sum(1 for i in c.to_declare if i != char and plan.get(i) == role)
    return len(declared) + planned < caps[role]


def _slot(p: Painter, surf, rect: pygame.Rect, words: str, on: bool, key: tuple | None,
          token: str | None = None, why: tuple | None = None) -> None:
    """A button that stays in its place: lit when chosen, dim when it cannot be; with
    `token` (a card id), that card's token at its left, the words beside it. `why`: what
    it hits when dim (to say why), else nothing."""
    dim = key is None and not on
    if dim:
        pygame.draw.rect(surf, (34, 28, 58), rect, border_radius=p.px(6))
    else:
        pygame.draw.rect(surf, (150, 100, 20) if on else (62, 51, 112), rect,
                         border_radius=p.px(6))
        pygame.draw.rect(surf, ink.GOLD, rect, 2 if on else 1, border_radius=p.px(6))
    text = rect
    size = rect.h - p.px(4)
    if token is not None and size >= p.px(10):  # a squeezed row keeps its words alone
        pic = p.token(token, size)
        if dim:
            pic = pic.copy()
            pic.set_alpha(110)
        at = (rect.x + p.px(3), rect.y + p.px(2)) if words else \
            pic.get_rect(center=rect.center).topleft
        surf.blit(pic, at)
        text = rect.inflate(-size - p.px(3), 0).move((size + p.px(3)) // 2, 0)
    if words:
        t = fit_name(words, p.px(13), text.w - p.px(8), ink.DIM if dim else ink.TEXT)
        surf.blit(t, t.get_rect(center=text.center))
    if key is not None or dim and why is not None:
        p.hits.append((rect, key if key is not None else why))


def panel_namer(p: Painter, name):
    """The names the Combat panel open now calls its fighters by, for the table's
    messages about it ("Choose for Daigo first": the panel says "Daigo")."""
    c, d = p.b.view.combat, p.b.view.duel
    if c is not None:
        return combat_namer(p, c, name)
    if d is not None:
        return _namer(p, [u.card for g in duel_sides(p, d).values() for u in g], name)
    return name


def why_dim(p: Painter, key: tuple, plan: dict, name) -> str:
    """What a dim choice of a Combat panel says when pointed at or clicked (its hit,
    ("why", char, role)): role_why with a Disaster, duel_why between players."""
    c, d = p.b.view.combat, p.b.view.duel
    if c is not None:
        return role_why(p, c, key[1], key[2], plan, name)
    return duel_why(p, d, key[1], key[2], plan, name) if d is not None else ""


def duel_sides(p: Painter, d) -> dict[int, list]:
    """Each side's Characters at the Combat's cell (and Disasters allied with it), in
    a fixed order: the rows of the duel panel."""
    here = p.b.units_at.get(d.cell, [])
    return {seat: sorted((u for u in here if u.owner == seat), key=lambda u: (u.disaster, u.card))
            for seat in (d.attacker, d.defender)}


def duel_havens(b, d, seat: int) -> list[int]:
    """The seat's Havens fighting from next door in the Combat between players (R35):
    those still to declare this round, then those that have."""
    havens = {pl.card for pl in b.view.places if pl.kind == "haven" and pl.owner == seat}
    return [i for i in [*d.pending, *(w for w, _, _ in d.declared)] if i in havens]


def duel_planned(b, d, seat: int) -> list[int]:
    """The seat's combatants still to declare whose choices the duel panel plans (a
    click lights one, Fight! sends them), in the rules' order: its Characters, and its
    Havens beside them. A Haven fighting with none of its Characters there has buttons
    that send at once: its choice is the only one, and the last press fights."""
    units = b.units
    if not any(u.owner == seat and not u.disaster for u in b.units_at.get(d.cell, [])):
        return []
    havens = set(duel_havens(b, d, seat))
    return [i for i in d.pending if i in havens or i in units and units[i].owner == seat]


def duel_first(p: Painter, d) -> int | None:
    """The viewer's combatant that declares next (the rules ask for them in order),
    while the viewer declares and plans; None otherwise."""
    v = p.b.view
    if d is None or d.stage not in ("declare", "final") or d.to_act != v.seat:
        return None
    return next(iter(duel_planned(p.b, d, v.seat)), None)


def duel(p: Painter, surf, d, name, plan: dict, fought: list[E.Event] | None = None) -> None:
    """Combat between players: both sides, each Character in a row of its own in a
    fixed order with what it declared; and the viewer's choices all at once, in
    places that do not move: for each of its Characters, Attack each opponent,
    Protect each friend, Stay out. A click plans; Fight! sends the plan in the
    rules' order (as the Combat panel with a Disaster: buttons that came one
    Character at a time and moved the others made fast clicks choose wrong).
    `fought`: the round's hits play (the notes since it was fought): the round as
    declared, each hit as it lands and how the Combat ended, nothing to choose."""
    r = duel_rect(p)
    pygame.draw.rect(surf, (16, 10, 30), r, border_radius=p.px(8))
    pygame.draw.rect(surf, ink.BAD, r, max(2, p.px(3)), border_radius=p.px(8))
    pad, line = p.px(10), p.px(DUEL_LINE)
    stage = {"charm": "Charm Combat", "order": "orders", "declare": "declare",
             "final": "final attack", "run": "running away"}[d.stage]
    if fought is not None:
        said = [(n.char, n.role, -1 if n.target is None else n.target) for n in fought
                if isinstance(n, E.CombatDeclared)]
        d = replace(d, declared=[*d.declared, *said],
                    pending=[i for i in d.pending if i not in {w for w, _, _ in said}])
        stage = "over" if any(isinstance(n, E.DuelEnded) for n in fought) else \
            stage if d.stage == "final" else "hits"
        plan = {}
    title = (f"Combat · {p.seat_name(d.attacker)} attacks {p.seat_name(d.defender)}"
             f" · round {max(1, d.round)} · {stage}")
    surf.blit(ink.fit(title, p.px(18), r.w - 2 * pad, ink.GOLD, True), (r.x + pad, r.y + pad))
    top = r.y + pad + p.px(28)
    bottom = r.bottom - pad - line  # the forecast's line under both columns
    sides = duel_sides(p, d)
    lw = int(r.w * 0.34)
    _duel_sides(p, surf, d, name, sides, plan,
                pygame.Rect(r.x + pad, top, lw, bottom - top), fought is not None)
    box = pygame.Rect(r.x + 2 * pad + lw, top, r.right - pad - (r.x + 2 * pad + lw),
                      bottom - top)
    pygame.draw.line(surf, ink.PANEL_EDGE, (box.x - pad // 2, top), (box.x - pad // 2, box.bottom))
    v = p.b.view
    if fought is not None:
        _duel_hits(p, surf, d, name, sides, fought, box)
    elif v.seat == E.ALL_SEE:  # an AI seat decides before two people: maybe one's fight
        surf.blit(ink.fit(waiting_for(p, d, name), p.px(14), box.w, ink.DIM), box.topleft)
    elif v.seat not in (d.attacker, d.defender):
        surf.blit(ink.fit("Two other players fight.", p.px(14), box.w, ink.DIM), box.topleft)
    elif d.stage in ("declare", "final"):
        _duel_plan(p, surf, d, name, sides, plan, box)
        brief = _namer(p, [u.card for g in sides.values() for u in g], name)
        forecast.duel_line(p, surf, d, plan, pygame.Rect(r.x + pad, bottom + p.px(2),
                                                         r.w - 2 * pad, line - p.px(2)), brief)
    else:
        _duel_buttons(p, surf, d, name, box)


def waiting_for(p: Painter, d, name, doing: str = "") -> str:
    """Whom the Combat between players waits for, and for what (`doing`). A Flash Effect
    played in it is answered before the Combat goes on (Rules for Flash Effects): the
    panel said "Waiting for Player 2…", whose Combat choice was next, to the very
    person the bar asked to answer one (s35w)."""
    v = p.b.view
    if isinstance(v.decision, FlashWindow):
        top = v.decision.entries[-1]
        played = f"{p.seat_name(top.seat)}'s {name(top.card)}"
        if v.to_act == v.seat:
            return f"Answer {played} first: a glowing card of yours, or Pass"
        return f"Waiting for {p.seat_name(v.to_act)} to answer {played}…"
    return f"Waiting for {p.seat_name(d.to_act)}{doing}…"


def _duel_hits(p: Painter, surf, d, name, sides: dict, fought: list[E.Event],
               box: pygame.Rect) -> None:
    """The round fought, as its hits play: each hit as the log words it, once it lands
    on the Field, the newest kept where they are many; and once the Combat has ended,
    how (a side out of it)."""
    brief = _namer(p, [u.card for g in sides.values() for u in g], name)
    lines = [event_text(n, brief, p.seat_name)[0] for n in fought if isinstance(n, E.CombatHit)]
    if any(isinstance(n, E.DuelEnded) for n in fought):
        out = [seat for seat, g in sides.items()
               if g and all(health_left(p.b.view, u) <= 0 for u in g if not u.disaster)]
        lines.append("Both sides are out: the Combat ends." if len(out) == 2 else
                     f"{p.seat_name(out[0])}'s side is out: the Combat ends." if out else
                     "The Combat ends.")
    rows = [w for words in lines or ["The Combat cards are drawn…"]
            for w in wrap(words, ink.font(p.px(14)), box.w)]
    rows = rows[-max(1, box.h // p.px(18)):]
    for k, row in enumerate(rows):
        surf.blit(ink.fit(row, p.px(14), box.w, ink.TEXT if lines else ink.DIM),
                  (box.x, box.y + k * p.px(18)))


def _duel_sides(p: Painter, surf, d, name, sides: dict, plan: dict, box: pygame.Rect,
                fought: bool = False) -> None:
    """Both sides, a row per Character: its token, name and what it declared, or what
    the viewer chose for it (`plan`) before Fight! sends it; `fought`, the round's hits
    play: what each declared and its Health."""
    # A side's Havens fighting beside its Characters (R35) have a row each too.
    havens = {seat: duel_havens(p.b, d, seat) if g else [] for seat, g in sides.items()}
    # A side fighting with its Haven alone says so in two lines at most, the first in
    # a row's room, the second a text line's: counted too, or the last row ran under
    # the forecast's line (four defenders and a Haven attacking, at 1280x720).
    alone = {seat: wrap(_haven_words(p, d, seat, name), ink.font(p.px(13)), box.w)[:2]
             for seat, g in sides.items() if not g}
    # Each Character by its short name, in every row and every role, as the choices and
    # the forecast name them: a whole name where it fitted mixed the two.
    brief = _namer(p, [u.card for g in sides.values() for u in g], name)
    said = {seat: [_side_row(p, d, u, brief, name, plan, fought) for u in g] +
            [_haven_row(p, d, h, brief, plan if seat == p.b.view.seat else {})
             for h in havens[seat]]
            for seat, g in sides.items()}
    rows = sum(map(len, said.values())) + len(alone) + 2
    more = sum(len(lines) - 1 for lines in alone.values())
    rh = min(p.px(34), (box.h - more * p.px(18)) // max(1, rows))  # six a side: all inside
    tall: set[int] = set()  # rows given a second line, for what they do
    if rh < p.px(18):  # a text line is a row's height then
        rh = box.h // max(1, rows + more)
    elif rh < p.px(30):
        # Rows of one line: a row whose name, words and numbers do not fit in one gets
        # a second line while the others keep a token's room: "Mi… charmed …" told
        # neither who nor what (s28 newcomer, 1280x720).
        needy = [r.card for g in said.values() for r in g if not _one_line(p, r, box, rh)]
        for k in range(len(needy), 0, -1):
            short = (box.h - more * p.px(18) - k * p.px(30)) // (rows - k)
            if short >= p.px(19):
                rh, tall = short, set(needy[:k])
                break
    fs = 13 if rh >= p.px(17) else 11  # the names' size; what they do, a point less
    y = box.y
    for seat, group in sides.items():
        head = p.seat_name(seat) + (" attacks" if seat == d.attacker else " defends")
        # In rows of one line, the names' size: at 14 its descenders reached the token under.
        surf.blit(ink.fit(head, p.px(14 if rh >= p.px(30) else fs), box.w,
                          ink.owner_colour(seat), True), (box.x, y))
        y += rh
        if not group:  # in two lines if need be: whose Haven and which, whole
            for line in alone[seat]:
                surf.blit(ink.fit(line, p.px(13), box.w, ink.DIM), (box.x, y))
                y += min(rh, p.px(18))
            y += max(0, rh - p.px(18))
        for r in said[seat]:
            h = p.px(30) if r.card in tall else rh
            _draw_row(p, surf, r, pygame.Rect(box.x, y, box.w, h), rh, fs)
            y += h


class _Row(NamedTuple):
    """A row of the duel panel's sides: `card`, its token's card id (None for a Haven,
    which has no token), its name, what it does (`doing`; `short`, the fewer words of a
    row of one line, "" for none) and its numbers (a Surface, or None)."""
    card: int
    token: int | None
    label: str
    doing: str
    short: str
    numbers: pygame.Surface | None
    both: bool  # the words and the numbers always on one line (Charm Combat, the round fought)


def _side_row(p: Painter, d, u, brief, name, plan: dict, fought: bool) -> _Row:
    said = {who: (role, whom) for who, role, whom in d.declared}
    # The Charmed, and by whom: while their orders are given the rules keep them in
    # `to_order` alone.
    charmer = {m: c for m, (c, _) in d.charmed.items()} | {m: c for c, m in d.to_order}
    role, whom = said.get(u.card, ("", -1))
    doing = {"attack": f"attacks {brief(whom)}", "protect": f"protects {brief(whom)}",
             "none": "stays out"}.get(role, "")
    if not role:
        kept = barred_of(p, u.card, name)[1]
        # The viewer's own choices alone: not shown to all while an AI decides.
        mine = u.owner == p.b.view.seat
        planned, whom = plan.get(u.card, ("", -1)) if mine else ("", -1)
        if u.card not in d.pending:
            doing = kept
        elif stays_out(p.b, u.card):  # it stays out unasked: not "to declare"
            doing = kept or "can only stay out"
        elif planned:  # chosen in the panel, sent at Fight!
            doing = {"attack": f"will attack {brief(whom)}", "none": "will stay out",
                     "protect": f"will protect {brief(whom)}"}[planned]
        else:
            doing = f"to declare, {kept}".rstrip(", ")
    if u.card in charmer:
        doing = (f"charmed by {brief(charmer[u.card])}, " + doing).rstrip(", ")
    # The numbers at the name's right: one's own totals (an allied Disaster's, public),
    # the other side's Health (its totals are not in the view: a Place's or an Off Field
    # effect, or a face-down Item, may change them). In Charm Combat,
    # Charm: what its buttons' contests start from. The round fought: Health alone, as
    # the hits leave it, beside what each did.
    charming = d.stage in ("charm", "order")
    cid = p.b.card_id(u.card)
    numbers = forecast.charm(p, u) if charming else None if cid is None else \
        forecast.stats(p, u) if u.totals and not fought else forecast.health(p, u)
    # On a row of one line "to declare", which every row says then, gives way to the
    # numbers; what else it does is said.
    short = "" if doing == "to declare" and numbers is not None else \
        doing.replace("to declare, ", "")
    return _Row(u.card, cid, brief(u.card), doing, short, numbers, charming or fought)


def _haven_row(p: Painter, d, h: int, brief, plan: dict) -> _Row:
    """A Haven fighting from next door (R35): no token, its name once ("Fort (P1)", not
    "Fort (P1) (Haven)") and what it does, said a Haven's; `plan`, the viewer's for its
    own Havens (none for the other side's)."""
    role, whom = {w: (r, t) for w, r, t in d.declared}.get(h, ("", -1))
    if not role:  # `plan`: the viewer's own, for its own Havens alone
        role, whom = plan.get(h, ("", -1))
        role = {"attack": "will attack", "none": "will stay out"}.get(role, "")
    doing = {"attack": "attacks", "none": "stays out"}.get(role, role or (
        "can only stay out" if h in d.pending and stays_out(p.b, h) else "to declare"))
    doing = f"{doing} {brief(whom)}" if whom != -1 else doing
    return _Row(h, None, brief(h), f"Haven next door, {doing}", f"Haven, {doing}", None, False)


def _one_line(p: Painter, r: _Row, box: pygame.Rect, rh: int) -> bool:
    """Whether a row of height `rh` says its name whole, what it does (in its fewer
    words) and its numbers on one line."""
    room = box.w - (rh - p.px(4) + p.px(6) if r.token is not None else rh + p.px(2))
    need = ink.font(p.px(13), True).size(r.label)[0]
    if r.short:
        need += p.px(6) + ink.font(p.px(12)).size(r.short)[0]
    if r.numbers is not None:
        need += p.px(8) + r.numbers.get_width()
    return need <= room


def _draw_row(p: Painter, surf, r: _Row, at: pygame.Rect, rh: int, fs: int) -> None:
    """A row of the sides: the token, the name, the numbers at its right, and what it
    does under the name (two lines: `at` as tall as that) or at the numbers' left.
    `rh`: the panel's row height, which sizes every token alike."""
    two = at.h >= p.px(30)
    size = rh - p.px(4)
    if r.token is not None:
        surf.blit(p.token(r.token, size), at.topleft)
        p.hits.append((pygame.Rect(at.x, at.y, size, size), ("unit", r.card)))
    tx = at.x + (size + p.px(6) if r.token is not None else rh + p.px(2))
    room = at.right - tx
    numbers = r.numbers
    # All on one line, or on a row of two the name and the numbers on the first.
    fits = _one_line(p, r._replace(short=""), at, rh) if two else _one_line(p, r, at, rh)
    if numbers is not None and not fits and (numbers.get_width() > room - p.px(90) or (
            r.short and not r.both)):
        numbers = None  # the name and what it does come first
    if two:
        surf.blit(ink.fit(r.doing, p.px(12), room, ink.DIM), (tx, at.y + p.px(15)))
    if numbers is not None:
        surf.blit(numbers, (at.right - numbers.get_width(),
                            at.y + (min(at.h, p.px(17)) - numbers.get_height()) // 2))
        room -= numbers.get_width() + p.px(8)
    if not two and r.short:
        # On the name's line, at its right (left of the numbers), leaving the name its
        # first letter at least where all cannot fit: the name is cut, not overlaid,
        # and the words never run left over the token and past the panel's border.
        named = ink.font(p.px(fs), True).size(r.label if fits else r.label[:1] + "…")[0]
        free = room - named - p.px(6)
        t = ink.fit(r.short, p.px(fs - 1), free, ink.DIM)
        if t.get_width() <= free:
            surf.blit(t, (tx + room - t.get_width(), at.y))
            room -= t.get_width() + p.px(6)
    surf.blit(fit_name(r.label, p.px(fs), room), (tx, at.y))


def _haven_words(p: Painter, d, seat: int, name) -> str:
    """A side with no Character at the cell fights with its Haven next door: whose
    Haven, as the viewer says it, and which ("your Haven Forward Base Anvil")."""
    (x, y), v = d.cell, p.b.view
    havens = [pl.cell for pl in v.places if pl.kind == "haven" and pl.owner == seat
              and not pl.destroyed and max(abs(pl.cell[0] - x), abs(pl.cell[1] - y)) == 1]
    whose = f"{p.whose} Haven" if seat == v.seat and p.whose else f"{p.seat_name(seat)}'s Haven"
    which = f" {name(havens[0])}" if len(havens) == 1 else ""
    return f"{whose}{which}, fighting from next door"


def _duel_plan(p: Painter, surf, d, name, sides: dict, plan: dict, box: pygame.Rect) -> None:
    """The viewer's Characters, and its Havens fighting beside them (R35), a row each
    with a button per choice in fixed places: a click plans, Fight! sends the plan.
    A Haven with none of its Characters there has buttons that send at once (its
    choice is all there is to make) and no Fight!."""
    me = p.b.view.seat
    foe = d.defender if me == d.attacker else d.attacker
    mine = [u for u in sides[me] if not u.disaster]
    # A Haven's buttons sent at once beside the Characters' plan: the click fought the
    # round, and the Enter the panel's Fight! asked for next fell on the curtain.
    havens = duel_havens(p.b, d, me) if mine else []
    rows = [u.card for u in mine] + havens
    friends = [u.card for u in mine]
    foes = [u.card for u in sides[foe]]
    legal = set(p.b.legal)
    first = duel_first(p, d)
    said = {who: (role, whom) for who, role, whom in d.declared}
    foot = p.px(30)
    gap = p.px(4)
    haven = [] if mine else p.b.haven_acts  # a Haven fighting alone: its buttons, abreast
    short = _namer(p, [u.card for g in sides.values() for u in g], name)
    haven_words, haven_cols = _haven_grid(p, haven, short, box.w) if haven else ([], 1)
    haven_rows = -(-len(haven) // haven_cols)
    head = p.px(18) if haven_cols > 1 else 0  # the Haven named over its short buttons
    room = box.h - foot - haven_rows * (p.px(24) + gap) - head
    choices = [("attack", f) for f in foes] + [("protect", f) for f in friends] + [("none", -1)]

    def slots(char: int) -> list[tuple]:
        """Its choices: oneself is never protected, and a Haven protects nobody."""
        return [c for c in choices if c[0] != "protect" or char not in (c[1], *havens)]
    bold = ink.font(p.px(13), True)
    per_char = max((len(slots(i)) for i in rows), default=0)
    # The buttons as wide as their longest label, as many abreast as fit, naming each
    # Character as the rest of the panel does (short names), else lower buttons; where
    # labels would still be cut, a grid (_duel_grid).
    cell = _duel_cell(p, d, name, first, said, plan)
    namer = short
    for bh in (p.px(24), p.px(20)):
        name_w = min(max((bold.size(namer(i))[0] for i in rows), default=0) + 2 * gap,
                     box.w // 4)
        words = {c: _choice_words(c, namer) for c in choices}
        cols, sw = _grid(p, list(words.values()), box.w - name_w)
        lines = -(-per_char // cols)
        rh = lines * (bh + gap) + gap
        if rh * len(rows) <= room:
            break
    else:
        lines = max(1, (room // max(1, len(rows)) - gap) // (bh + gap))
        cols = -(-per_char // lines)
        sw = (box.w - name_w - (cols - 1) * gap) // cols
        rh = lines * (bh + gap) + gap
    if mine and sw - p.px(8) < max(bold.size(w)[0] for w in words.values()):
        # Labels would be cut ("Protec…" four times): a column per target instead.
        _duel_grid(p, surf, rows, friends, foes, name, cell,
                   pygame.Rect(box.x, box.y, box.w, room))
        namer = None
    for k, char in enumerate(rows if namer is not None else ()):
        y = box.y + k * rh
        label = wrap(namer(char), bold, name_w - gap)  # in as many lines as its buttons
        for j, line in enumerate(label[:max(1, (rh - gap) // p.px(16))]):
            surf.blit(ink.fit(line, p.px(13), name_w - gap, ink.TEXT, True),
                      (box.x, y + p.px(3) + j * p.px(16)))
        for j, choice in enumerate(slots(char)):
            line, col = divmod(j, cols)
            br = pygame.Rect(box.x + name_w + col * (sw + gap), y + line * (bh + gap), sw, bh)
            _slot(p, surf, br, words[choice], **cell(char, choice))
    fy = box.bottom - foot + p.px(4)
    bh = p.px(24)
    hw = (box.w - (haven_cols - 1) * gap) // haven_cols
    if head:
        surf.blit(ink.fit(f"{name(haven[0].char)}, from next door:", p.px(13), box.w,
                          ink.GOLD, True), (box.x, fy - haven_rows * (bh + gap) - head))
    for j, (a, words) in enumerate(zip(haven, haven_words)):  # up from the foot
        line, col = divmod(j, haven_cols)
        button(p, surf, pygame.Rect(box.x + col * (hw + gap),
                                    fy - (haven_rows - line) * (bh + gap), hw, bh),
               words, ("act", a))
    waiting = waiting_for(p, d, name, " to declare") \
        if d.to_act != p.b.view.seat or isinstance(p.b.view.decision, FlashWindow) else ""
    if not mine:  # its Haven alone fights: its buttons, nothing to plan
        if waiting:
            surf.blit(ink.fit(waiting, p.px(13), box.w, ink.DIM), (box.x, fy + p.px(6)))
        return
    left = [short(i) for i in unchosen(p.b, duel_planned(p.b, d, me), plan)]
    _fight_footer(p, surf, box, fy, foot, legal, first is not None and not left, left,
                  box.w - p.px(240), waiting)


def _haven_grid(p: Painter, haven: list, short, width: int) -> tuple[list[str], int]:
    """The words of a Haven's buttons and how many go abreast: whole sentences a row
    each where that leaves the Characters' rows room (two buttons at most), else its
    choices alone ("Attack Pawlina", "Stay out") under its name, as many abreast as
    fit. A Haven with four choices took four full rows, and the rows of the
    Characters above were squeezed to nothing (a newcomer's game crashed)."""
    if len(haven) <= 2:
        return [action_text(a, short) for a in haven], 1
    brief = [_choice_words((a.role, a.target), short) for a in haven]
    return brief, _grid(p, brief, width)[0]


def _duel_cell(p: Painter, d, name, first, said: dict, plan: dict):
    """For a combatant's choice (role, whom) in the duel panel, _slot's say: whether it
    is lit (declared or planned), what a click on it does (None: it cannot be chosen),
    and, dim, what it hits to say why (duel_why)."""
    legal = set(p.b.legal)

    def cell(char: int, choice: tuple) -> dict:
        why = ("why", char, choice)
        if char not in d.pending:  # declared: shown, not changed
            return dict(on=said.get(char) == choice, key=None, why=why)
        if stays_out(p.b, char):  # no other choice: made, not asked
            return dict(on=choice == ("none", -1), key=None, why=why)
        # Later in the order: what the rules forbid already (protecting in the final
        # attack, which is unanswered; what the view says keeps it out or an order bars).
        possible = A.Engage(char, *choice) in legal if char == first else not (
            choice[0] == "protect" and d.stage == "final") and choice[0] not in barred_of(
                p, char, name)[0]
        # The most that may attack or protect one Character, the plan's choices counted
        # with the declared: a fourth attacker planned was sent as "stays out", unsaid.
        full = _full(p, d, char, choice, said, plan) is not None
        return dict(on=plan.get(char) == choice, key=("plan", char, choice)
                    if possible and not full else None, why=why)
    return cell


def _full(p: Painter, d, char: int, choice: tuple, said: dict,
          plan: dict) -> tuple[int, list[int]] | None:
    """The most that may take `choice` (role, whom) on one Character a round (R33,
    Protecting; an allied Disaster: Allying with Characters) and those but `char` who
    declared it or have it in the plan, when they are that many; None while there is
    room (staying out has no limit)."""
    role, whom = choice
    if role == "none":
        return None
    foe = p.b.units.get(whom)
    most = MAX_PROTECTORS if role == "protect" else \
        MAX_ALLY_ATTACKERS if foe is not None and foe.disaster else MAX_ATTACKERS
    them = [w for w, c in said.items() if c == choice and w != char] + [
        w for w, c in plan.items() if c == choice and w != char and w in d.pending]
    return (most, them) if len(them) >= most else None


def duel_why(p: Painter, d, char: int, choice: tuple, plan: dict, name) -> str:
    """Why the duel panel's `choice` (role, whom) is dim for `char`, in a line for the
    player, the panel's names: declared already, what the rules bar it from (No Action,
    an order, protecting in the final attack), or the most that may attack or protect
    one Character already declared."""
    short = _namer(p, [u.card for g in duel_sides(p, d).values() for u in g], name)
    role, whom = choice
    verb = {"attack": f"attack {short(whom)}", "protect": f"protect {short(whom)}",
            "none": "stay out"}[role]
    said = {who: (r, w) for who, r, w in d.declared}
    if char not in d.pending:
        r, w = said.get(char, ("none", -1))
        done = {"attack": f"attacks {short(w)}", "protect": f"protects {short(w)}",
                "none": "stays out"}[r]
        return f"{short(char)} has declared this round: it {done}."
    roles, why = barred_of(p, char, name)
    if role in roles:
        return f"{short(char)} cannot {role}: {why}."
    if role == "protect" and d.stage == "final":
        return (f"{short(char)} cannot protect: nobody protects in the final attack on a "
                "group that Runs Away.")
    if (full := _full(p, d, char, choice, said, plan)) is not None:
        most, them = full
        return (f"{short(char)} cannot {verb}: at most {most} {role} one Character, "
                f"and {every([short(i) for i in them])} do.")
    if stays_out(p.b, char):
        return f"{short(char)} cannot {verb}: it can only stay out this round."
    return f"{short(char)} cannot {verb} now."


def _duel_grid(p: Painter, surf, rows: list[int], friends: list[int], foes: list[int], name,
               cell, box: pygame.Rect) -> None:
    """Too many Characters to name in every button: a column per target under its
    short name (and its token where there is room), "Attack" over the opponents and
    "Protect" over the friends; a row per Character of the viewer's (and Haven, which
    protects nobody), whose buttons carry their target's token (and its name where it
    fits whole), then Stay out."""
    gap, bold = p.px(4), ink.font(p.px(13), True)
    targets = [("attack", f) for f in foes] + [("protect", f) for f in friends]
    # Short names by side: the owner's mark of mirror decks' twins is told by the column.
    short = short_names(p, foes, name) | short_names(p, friends, name)
    short |= {h: name(h) for h in rows if h not in short}  # a Haven: its place's name
    name_w = min(max(bold.size(short[c])[0] for c in rows) + 2 * gap, box.w // 6)
    stay_w = bold.size("Stay out")[0] + p.px(14)
    split = p.px(8)  # between the two roles' columns
    cw = min(p.px(110), (box.w - name_w - stay_w - split - len(targets) * gap) // len(targets))
    xs, x = [], box.x + name_w
    for k in range(len(targets)):
        x += split if k == len(foes) else 0
        xs.append(x)
        x += cw + gap
    small = ink.font(p.px(11))
    step = small.get_linesize()
    # The names over the columns in one line where each fits its column; where one
    # would be cut (five or six a side, or long names), each slanted up to the right,
    # whole where the rows leave the room: they stepped up and down, every other one a
    # line higher. Steeper than 30 degrees only where the columns are too close for
    # their lines to pass clear of each other.
    slant = any(small.size(short[w])[0] > cw for _, w in targets)
    angle = math.radians(max(30.0, math.degrees(math.asin(min(1.0, step / (cw + gap))))))
    sin, cos = math.sin(angle), math.cos(angle)
    longest = max(small.size(short[w])[0] for _, w in targets)
    room = box.bottom - box.y - p.px(16) - len(rows) * p.px(19)  # rows of buttons 15 high
    head = max(2 * step, min(round(longest * sin + step * cos) + 1, room)) if slant else step
    top = box.y + p.px(16) + head  # under the roles' heads and the names
    # The heads' tokens only where the rows keep buttons of a fair height.
    tok = min(cw - gap, p.px(30), box.bottom - top - len(rows) * p.px(26))
    tok = tok if tok >= p.px(14) else 0
    for role, group in (("Attack", range(len(foes))), ("Protect", range(len(foes), len(targets)))):
        if group:
            span = xs[group[-1]] + cw - xs[group[0]]
            surf.blit(ink.fit(role, p.px(13), span, ink.GOLD, True), (xs[group[0]], box.y))
    for (_, whom), cx in zip(targets, xs):
        if slant:  # its line starts over the column's middle, cut only at the panel's edge
            start = cx + cw // 2
            most = min((head - step * cos) / sin, (box.right - start - step * sin) / cos)
            t = ink.slanted(short[whom], p.px(11), int(most), math.degrees(angle))
            surf.blit(t, t.get_rect(bottomleft=(start - round(step * sin), top)))
        else:
            t = ink.fit(short[whom], p.px(11), cw, ink.TEXT)
            surf.blit(t, t.get_rect(midtop=(cx + cw // 2, box.y + p.px(16))))
        cid = p.b.card_id(whom)
        if cid is not None and tok:
            at = pygame.Rect(cx + (cw - tok) // 2, top, tok, tok)
            surf.blit(p.token(cid, tok), at)
            p.hits.append((at, ("unit", whom)))
    top += tok + gap
    rh = min(p.px(34), (box.bottom - top) // max(1, len(rows)))
    bh = rh - gap
    # The buttons alike (some named and some not read as different kinds): each its
    # target's name beside its token where every name fits so, else the names alone
    # where they all fit, else the tokens alone under their named columns.
    need = max(bold.size(short[w])[0] for _, w in targets) + p.px(10)
    named, pictured = need <= cw, need + bh <= cw
    for k, char in enumerate(rows):
        y = top + k * rh
        surf.blit(fit_name(short[char], p.px(13), name_w - gap),
                  (box.x, y + (bh - bold.get_linesize()) // 2))
        for (role, whom), cx in zip(targets, xs):
            if role != "protect" or char in friends and whom != char:  # oneself never
                _slot(p, surf, pygame.Rect(cx, y, cw, bh), short[whom] if named else "",
                      **cell(char, (role, whom)),
                      token=p.b.card_id(whom) if pictured or not named else None)
        stay = pygame.Rect(x - gap + split, y, box.right - (x - gap + split), bh)
        _slot(p, surf, stay, "Stay out", **cell(char, ("none", -1)))


def _choice_words(choice: tuple, name) -> str:
    role, whom = choice
    if role == "none":
        return "Stay out"
    return ("Attack " if role == "attack" else "Protect ") + (name(whom) if whom != -1 else "")


def _grid(p: Painter, labels: list[str], width: int) -> tuple[int, int]:
    """How many buttons as wide as the longest of `labels` fit abreast in `width`, and
    their width (the row's spare room shared out)."""
    gap = p.px(4)
    need = max(ink.font(p.px(13), True).size(w)[0] for w in labels) + p.px(14)
    cols = max(1, min(len(labels), (width + gap) // (need + gap)))
    return cols, (width - (cols - 1) * gap) // cols


def short_names(p: Painter, cards: list[int], name) -> dict[int, str]:
    """A short name for each card that tells it from the others (fonts.given_name):
    always with a twin's number, as its token and every line say it ("Hero #2"), and
    with the owner's mark where whole names read alike (mirror decks: "Akiko (P2)");
    the whole name where two different names would."""
    full, number = {}, {c: p.b.numbers.get(c, 0) for c in cards}
    for c in cards:
        cid = p.b.card_id(c)
        full[c] = p.db[cid].name if cid else name(c)
    f = ink.font(p.px(13), True)
    twins = Counter(full.values())
    mark = {c: name(c)[len(owned(full[c], None, number[c])):] if twins[full[c]] > 1 else ""
            for c in cards}
    said = {c: owned(given_name(full[c], lambda w: f.size(w)[0]), None, number[c]) + mark[c]
            for c in cards}
    alike = Counter(said.values())
    return {c: said[c] if alike[said[c]] == 1 else owned(full[c], None, number[c]) + mark[c]
            for c in cards}


def fit_name(words: str, px: int, width: int, colour: tuple = ink.TEXT) -> pygame.Surface:
    """A short name (short_names) in bold in `width`: where it must be cut, before its
    twin's number and owner's mark, which tell it from its twin ("Foxgl… (P1)"; the
    duel panel showed "Foxglove (…" for both sides' Foxglove); other words as ink.fit."""
    f = ink.font(px, True)
    stem, mark = re.fullmatch(r"(.*?)((?: #\d+)?(?: \(P\d+\))?)", words).groups()
    if not mark or f.size(words)[0] <= width:
        return ink.fit(words, px, width, colour, True)
    while len(stem) > 1 and f.size(stem + "…" + mark)[0] > width:
        stem = stem[:-1]
    cut = stem.rstrip() + "…" + mark
    return ink.label(cut, px, colour, True) if f.size(cut)[0] <= width else \
        ink.fit(words, px, width, colour, True)


def _namer(p: Painter, cards: list[int], name):
    """`name`, with the cards of `cards` by their short names (short_names)."""
    short = short_names(p, cards, name)
    return lambda i: short[i] if isinstance(i, int) and i in short else name(i)


def _fight_footer(p, surf, box, fy, foot, legal, ready, left: list[str], note_w,
                  waiting: str = "") -> None:
    """A Combat panel's foot: Fight! (once the plan is ready), Run Away if legal, and
    whom Fight! waits for (`left`, short names), in the same places every time. Fight!
    was lit while some were still to choose, and then chose for them or stopped.
    `waiting`: whom the table waits for, said there once nothing is left to choose
    (it was drawn over "Choose for Hero first" while the other side declared)."""
    fight = pygame.Rect(0, fy, p.px(120), foot - p.px(4))
    fight.right = box.right
    _slot(p, surf, fight, "Fight! (Enter)", ready, ("fight",) if ready else None)
    if A.RunAway() in legal:
        run = pygame.Rect(0, fy, p.px(110), foot - p.px(4))
        run.right = fight.left - p.px(8)
        button(p, surf, run, "Run Away", ("act", A.RunAway()))
    f = ink.font(p.px(12))
    note = f"Choose for {every(left)} first" if left and not ready else waiting
    if left and len(wrap(note, f, note_w)) > 2:  # whom first, and how many more
        note = f"Choose for {left[0]} and {len(left) - 1} more first"
    rows = wrap(note, f, note_w)[:2] if note else []
    step = f.get_linesize()
    for k, row in enumerate(rows):  # two lines at most, whole where they fit
        top = fy + (foot - p.px(4) - step * len(rows)) // 2 + k * step
        surf.blit(ink.fit(row, p.px(12), note_w, ink.DIM), (box.x, top))


def refusal(p: Painter, char: int, role: str, why: str, name) -> str:
    """A planned role the rules refused, in one line of the table's message that fits:
    who, what, why, and to choose again; by its short name, and then with fewer words,
    where a longer line would be cut."""
    short = short_names(p, [char], name)[char]
    verb = {"none": "stay out"}.get(role, role)
    f, room = ink.font(p.px(16), True), p.lay.field.w - p.px(20)
    lines = (f"{name(char)} cannot {verb}: {why}. Choose again.",
             f"{short} cannot {verb}: {why}. Choose again.", f"{short} cannot {verb}: {why}")
    return next((w for w in lines if f.size(w)[0] <= room), lines[-1])


def panel_acts(b) -> list[A.Action]:
    """The choices the combat panels offer, which the bar and the inspector leave to
    them: Run Away while planning (at the panel's foot); a Charm won over a Disaster,
    its commands; Charm Combat between players and its orders."""
    c, d = b.view.combat, b.view.duel
    if c is not None and c.stage == "command":
        return [a for a in b.legal if isinstance(a, A.Command)]
    # The foot is drawn where the viewer plans (the guided game's rails may offer Run
    # Away alone: the bar's, then).
    planning = any(isinstance(a, A.Declare) for a in b.legal) if c is not None else \
        d is not None and d.stage in ("declare", "final") and any(
            u.owner == b.view.seat and not u.disaster for u in b.units_at.get(d.cell, []))
    if A.RunAway() in b.legal and planning:
        return [A.RunAway()]
    if d is None or d.stage in ("declare", "final", "run"):
        return []
    return [a for a in b.legal if isinstance(a, (A.CharmAttack, A.BreakCharm, A.Order,
                                                 A.Proceed))]


def _duel_buttons(p: Painter, surf, d, name, box: pygame.Rect) -> None:
    """Charm Combat and its orders: every choice the viewer has now, each a button in
    a grid as wide as the longest label allows, in the order the rules list them."""
    acts = panel_acts(p.b)
    if not acts:
        surf.blit(ink.fit(waiting_for(p, d, name), p.px(14), box.w, ink.DIM), box.topleft)
        return
    gap = p.px(4)
    # Short names, as the rest of the panel says them, else lower buttons; cut only
    # when neither fits.
    short = _namer(p, [u.card for g in duel_sides(p, d).values() for u in g], name)
    for bh in (p.px(24), p.px(20)):
        words = [action_text(a, short) for a in acts]
        cols, bw = _grid(p, words, box.w)
        if -(-len(acts) // cols) * (bh + gap) <= box.h:
            break
    else:
        if any(isinstance(a, A.CharmAttack) for a in acts):
            _charm_rows(p, surf, acts, short, box, bh)
            return
        cols = -(-len(acts) // max(1, box.h // (bh + gap)))
        bw = (box.w - (cols - 1) * gap) // cols
    for j, (a, w) in enumerate(zip(acts, words)):
        row, col = divmod(j, cols)
        button(p, surf, pygame.Rect(box.x + col * (bw + gap), box.y + row * (bh + gap), bw, bh),
               w, ("act", a))


def _charm_rows(p: Painter, surf, acts: list, short, box: pygame.Rect, bh: int) -> None:
    """Charm attacks too many to name whole ("Kaede charms Pawl…", sixteen with four a
    side): a row for each Character of the viewer's, its name then its targets' alone;
    the other choices (a Charm break, Go on) in a row under them."""
    gap, bold = p.px(4), ink.font(p.px(13), True)
    rows: dict[int, list] = {}
    for a in acts:
        if isinstance(a, A.CharmAttack):
            rows.setdefault(a.char, []).append(a)
    rest = [a for a in acts if not isinstance(a, A.CharmAttack)]
    name_w = min(max(bold.size(short(c) + " charms")[0] for c in rows) + 2 * gap, box.w // 3)
    most = max(len(r) for r in rows.values())
    bw = (box.w - name_w - (most - 1) * gap) // most
    y = box.y
    for char, row in rows.items():
        surf.blit(ink.fit(short(char) + " charms", p.px(13), name_w - gap, ink.TEXT, True),
                  (box.x, y + (bh - bold.get_linesize()) // 2))
        for k, a in enumerate(row):
            button(p, surf, pygame.Rect(box.x + name_w + k * (bw + gap), y, bw, bh),
                   short(a.target), ("act", a))
        y += bh + gap
    if rest:
        words = [action_text(a, short) for a in rest]
        cols, rw = _grid(p, words, box.w)
        for j, (a, w) in enumerate(zip(rest, words)):
            line, col = divmod(j, cols)
            button(p, surf, pygame.Rect(box.x + col * (rw + gap), y + line * (bh + gap), rw, bh),
                   w, ("act", a))
