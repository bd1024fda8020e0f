"""A player's panel clicked: the inspector shows what that player has in play, as every
seat may see it (their Characters on the Field, what those carry face up, their Havens,
their hand as a count). A click on a seat panel did nothing and said nothing (s49)."""
from __future__ import annotations

from dataclasses import dataclass

from game.ui.fonts import wrap

from .. import ink
from ..paint import Painter
from ..words import count, every


@dataclass(frozen=True)
class Seat:
    """What the inspector shows when a player's panel was clicked: not a unit (an int)
    nor a cell (a tuple), so nothing that looks at those mistakes it for one."""
    seat: int


def seat_inspector(p: Painter, surf, seat: int, name) -> None:
    """The player `seat`'s public side: the hand counted (never shown, R16), each
    Haven with its cards stored face down counted and its Equipment named, and each
    Character on the Field with where it stands, its Damage, its Items held (counted:
    face down) and its Equipment and Enhancements (face up, named). A Character's line
    is a click to look at it (the inspector then shows its cards)."""
    r, v = p.lay.inspector, p.b.view
    s = v.seats[seat]
    mine = seat == v.seat and p.whose == "Your"  # a person's own (the booth seats nobody)
    whose = p.whose if mine else f"{p.seat_name(seat)}'s"
    y = p.panel(surf, r, f"Looking at: {p.seat_name(seat)}" + (" (you)" if mine else ""))
    x0, right = r.x + p.px(8), r.right - p.px(8)
    small, step = p.px(12), p.px(15)

    def rows(words: str, bold: bool = False, indent: int = 0) -> list[str]:
        return wrap(words, ink.font(small, bold), right - x0 - indent)

    def lines(words: str, colour=ink.DIM, bold: bool = False, key: tuple | None = None,
              indent: int = 0) -> None:
        nonlocal y
        for row in rows(words, bold, indent):
            t = surf.blit(ink.fit(row, small, right - x0 - indent, colour, bold),
                          (x0 + indent, y))
            if key is not None:  # the name's rows: a click looks at the Character
                p.hits.append((t, key))
            y += step

    # Another's hand is face down: said of a hand that holds any.
    lines(f"Hand: {count(s.hand_size, 'card')}" + ("" if mine or not s.hand_size
                                                   else " (face down)")
          + f" · Draw {s.draw_size} · Discard {len(s.discard) + s.discard_items}")
    for cell in s.havens:
        place = p.b.places.get(cell)
        if place is not None:  # its Items stored face down; Equipment lies face up
            up = [name(c) for c in place.under_equipment]
            lines(f"{whose} Haven: {name(cell)}, "
                  f"{count(place.under_items + place.under_disasters, 'card')} stored face down"
                  + (f", {every(up)} face up" if up else ""), ink.TEXT)
    chars = sorted((u for u in v.units if u.owner == seat and not u.disaster),
                   key=lambda u: u.arrived)
    y += p.px(4)
    lines(f"{count(len(chars), 'Character')} on the Field"
          + (": click one to look at it" if chars else ""), ink.GOLD, True)
    for k, u in enumerate(chars):
        facts = [f"at {name(u.pos)}" if u.pos in p.b.places else "on the Field",
                 count(u.item_count, "Item") + " held"]
        facts += [f"Damage {u.damage}"] if u.damage else []
        face_up = [name(c) for c in (*u.equipment, *u.enhancements)]
        facts += [f"with {every(face_up)}"] if face_up else []
        facts = ", ".join(facts)
        # Each whole or not at all: a row kept for the count of the rest, but the last.
        need = len(rows(name(u.card), True)) + len(rows(facts, indent=p.px(8)))
        if y + (need + (k < len(chars) - 1)) * step > r.bottom - p.px(4):
            lines(f"+{len(chars) - k} more: point at their tokens on the Field")
            return
        lines(name(u.card), ink.TEXT, True, ("log", u.card))
        lines(facts, indent=p.px(8))
