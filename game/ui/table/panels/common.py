"""What the inspector and the combat panels share: buttons, choice slots, the names
they give Characters, what a Character may do from a panel."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import pygame

from game.engine import actions as A
from game.ui.fonts import given_name, wrap

from .. import ink
from ..paint import Painter
from ..words import every, owned


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


def button_h(p: Painter, words: str, width: int) -> int:
    """The height of a `button` `width` wide whose words take as many rows as they
    need (an ability's words say what it does and costs: two rows when need be)."""
    f = ink.font(p.px(13), True)
    rows = len(wrap(words, f, width - p.px(8)))
    return p.px(24) if rows == 1 else rows * f.get_linesize() + p.px(6)


def row_choices(p: Painter, u, name) -> list[tuple[str, A.Action]]:
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
    short = short_namer(p, [c for a in choices for c in (getattr(a, "charmed", None),
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


def _piece_namer(p: Painter, cards: list[int], name):
    """`name`, with the cards of `cards` by their last word before any "of" (Battle
    Walker: "Walker"), or their short names (short_names) where two would read alike."""
    full = {c: p.db[cid].name if (cid := p.b.card_id(c)) else name(c) for c in cards}
    head = {c: re.split(r" (?:of|the) ", full[c])[0].split()[-1] for c in cards}
    alike = Counter(head.values())
    short = short_names(p, [c for c in cards if alike[head[c]] > 1], name)
    return lambda i: head[i] if i in head and alike[head[i]] == 1 else short.get(i) or name(i)


def stays_out(b, char: int) -> bool:
    """Whether the rules leave `char` nothing to declare but Hold back in the Combat under
    way: its choice is made, not asked. While it declares, its legal declarations say so
    whatever the reason (ordered not to attack with nobody to protect, the most that may
    attack already do); after it in the order, the view's barred does (both Attack and
    Protect refused: No Action, an ally's Vehicle), or, for a Haven fighting from next
    door, the other side's having nobody there."""
    own = [a for a in b.legal if isinstance(a, (A.Declare, A.Engage)) and a.char == char]
    if own:
        return all(a.role == "none" for a in own)
    d = b.view.duel
    haven = next((pl.owner for pl in b.view.places if pl.card == char and pl.kind == "haven"),
                 None) if d is not None and char not in b.units else None
    if haven is not None:  # fighting from next door (R35): it protects nobody, and where
        # the other side has nobody at the cell to attack (its Haven alone Ran Away) its
        # one button, Hold back, waited for a click (s53). Whom it may attack: the other
        # side's Characters, and a Disaster allied with their group (duel._targets).
        foe = d.defender if haven == d.attacker else d.attacker
        return not any(u.ally_seat == foe if u.disaster else u.owner == foe
                       for u in b.units_at.get(d.cell, []))
    return any(i == char and {"attack", "protect"} <= set(roles)
               for i, roles, _, _ in b.view.barred)


def unchosen(b, chars: Sequence[int], plan: dict) -> list[int]:
    """Those of `chars` (the viewer's still to declare, in the rules' order) Fight! waits
    for: each with a choice (not stays_out) and none planned. Fight! and Enter send no
    plan before they are all chosen (a Character with none stayed out, unasked)."""
    return [i for i in chars if i not in plan and not stays_out(b, i)]


def barred_of(p: Painter, char: int, name) -> tuple[set[str], str]:
    """The roles the view says the rules keep a Character from (SeatView.barred), and
    why in a few words: "No Action", "kept out by your Walker", "ordered"."""
    hit = next(((set(roles), why, card) for i, roles, why, card in p.b.view.barred
                if i == char), None)
    if hit is None:
        return set(), ""
    roles, why, card = hit
    words = {"no_action": "No Action", "ordered": "ordered not to " + " or ".join(sorted(roles))}
    return roles, words.get(why) or \
        f"kept out by {_whose(p, card)}{_piece_namer(p, [card], name)(card)}"


def _whose(p: Painter, piece: int) -> str:
    """Whose the Vehicle keeping a Character out is, as the seats are named ("your ",
    "Player 2's "): "kept out by Scooter" left a newcomer asking whose Scooter. Its
    owner is its rider's, face up on the Field."""
    owner = next((u.owner for u in p.b.view.units if piece in u.equipment), None)
    if owner is None:
        return ""
    return "your " if owner == p.b.view.seat else p.seat_name(owner) + "'s "


def fixed_button(p: Painter, surf, rect: pygame.Rect, words: str | tuple[str, ...], on: bool,
                 key: tuple | None, token: str | None = None,
                 why: tuple | None = None) -> None:
    """A button that stays in its place: lit when chosen, dim when it cannot be; with
    `token` (a card id), that card's token at its left, the words beside it (or the
    first of several ways to say it that fits whole, else the last, cut). `why`: what
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
    ways = (words,) if isinstance(words, str) else words
    if ways and ways[0]:  # a point or two smaller, or fewer words, before cut
        room = text.w - p.px(8)
        said, px = ink.first_whole(ways, (p.px(13), p.px(12), p.px(11)), room, True)
        t = fit_name(said, px, room, ink.DIM if dim else ink.TEXT)
        surf.blit(t, t.get_rect(center=text.center))
    if key is not None or dim and why is not None:
        p.hits.append((rect, key if key is not None else why))


def button_grid(p: Painter, labels: list[str], width: int) -> tuple[int, int]:
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


def short_namer(p: Painter, cards: list[int], name):
    """`name`, with the cards of `cards` by their short names (short_names)."""
    short = short_names(p, cards, name)
    return lambda i: short[i] if isinstance(i, int) and i in short else name(i)


def fight_footer(p, surf, box, fy, foot, legal, ready, left: list[str], note_w,
                  waiting: str = "") -> None:
    """A Combat panel's foot: Fight! (once the plan is ready), Run Away if legal, and
    whom Fight! waits for (`left`, short names), in the same places every time. Fight!
    was lit while some were still to choose, and then chose for them or stopped.
    `waiting`: whom the table waits for, said there once nothing is left to choose
    (it was drawn over "Choose for Hero first" while the other side declared)."""
    fight = pygame.Rect(0, fy, p.px(120), foot - p.px(4))
    fight.right = box.right
    fixed_button(p, surf, fight, "Fight! (Enter)", ready, ("fight",) if ready else None)
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


def pile_words(p: Painter, card: int) -> tuple[str, str]:
    """Whose Combat pile `card` came from (its deck's owner: the decks are public), in
    words and in short; "your" to a person only: the booth's show game said "from your
    pile" to nobody playing (s72)."""
    seat = p.b.view.game.owner(card)
    if seat == p.b.view.seat and p.whose == "Your":
        return "your pile", "your pile"
    return f"{p.seat_name(seat)}'s pile", f"P{seat + 1}'s pile"
