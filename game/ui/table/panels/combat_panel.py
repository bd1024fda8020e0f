"""The combat panel: a Combat against a Disaster, each Character's row of choices."""
from __future__ import annotations

import pygame

from game.engine import actions as A
from game.engine import events as E
from game.engine.charm import Stage
from game.engine.combat import attack_limit, charmed_still
from game.engine.physical import MAX_PROTECTORS
from game.ui.cardface import card_height, chip, mod_text
from game.ui.faces import TYPE_COLOURS
from game.ui.palette import darker
from game.ui.fonts import wrap

from .. import forecast, ink
from ..paint import Painter
from ..words import (HOLD_BACK, action_text, brief_total_words, changed, every, owned,
                     total_words)
from .common import (fight_footer, short_namer, row_choices, fixed_button, barred_of, button,
                     pile_words, short_names, stays_out, unchosen)
from .rects import FOOT, FORE_LINE, TITLE, combat_rect, disaster_width, row_heights


ROLES = (("attack", "Attack"), ("protect", "Protect"), ("none", HOLD_BACK))
KEPT_OUT_SHORT = "Kept out: Vehicle"  # a Vehicle's name too long for the button (fixed_button)


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
    # Charm Combat comes before the first round (R31): no round is under way yet.
    when = "Charm Combat" if c.round < 1 and c.stage in (Stage.BREAK, Stage.COMMAND) \
        else f"round {max(1, c.round)}"
    title = f"Combat · {when} · {p.seat_name(c.seat)} against {short(c.disaster)}{over}"
    surf.blit(ink.fit(title, p.px(18), r.w - 2 * pad, ink.GOLD, True), (r.x + pad, r.y + pad))
    top = r.y + pad + p.px(TITLE)
    fw = disaster_width(p)
    fh = card_height(fw)
    f = p.face(c.disaster, fw)
    if f is not None:
        surf.blit(f, (r.x + pad, top))
        p.hits.append((f.get_rect(topleft=(r.x + pad, top)), ("card", c.disaster)))
    d = p.b.units.get(c.disaster)
    if d is not None:
        _disaster_stats(p, surf, d, pygame.Rect(r.x + pad - p.px(4), top + fh + p.px(2),
                                                fw + p.px(8), p.px(16)), r.bottom - pad)
    x = r.x + 2 * pad + fw
    gx = r.right - pad - int(r.w * 0.5)  # the group's column, on the right
    # The viewer's own Combat keeps two lines over the foot for the round's forecast
    # (the group's attack, then the Disaster's), from the words' column to the panel's
    # edge, for the whole Combat: nothing moves.
    line_h = p.px(FORE_LINE)
    foot, fore = p.px(FOOT), 2 * line_h if c.seat == p.b.view.seat else 0
    low = r.bottom - pad - (foot + fore if fore else 0)  # the Combat cards' floor
    if fought or over:  # nothing to choose, nor forecast: the round's cards take the foot
        low = r.bottom - pad
    target = "nobody this round" if c.target == -1 else short(c.target)
    # In Charm Combat no round has begun: the Disaster has chosen no target yet.
    lines = [] if c.stage in ("break", "command") else \
        [f"{short(c.disaster)} attacks {target}."]
    if c.queue:
        lines.append(f"Then: {', '.join(map(short, c.queue))}.")
    if c.stage in ("break", "command") and c.seat == p.b.view.seat and p.whose == "Your":
        # In the break stage nothing is commanded yet (charm.py: that is the stage after).
        lines.append("Charm Combat: break the Charms, or Go on to physical Combat."
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
    draws = drawn_cards(notes)
    drawn = draws[-1] if draws else []
    if drawn and c.stage == Stage.DECLARE and not fought and not over:
        # This round's cards are drawn at Fight!: the last drawn, the round before's or
        # Charm Combat's, in words said so; their rows read as this round's (s71).
        lines += _earlier(p, c, drawn, short)
        drawn = []
    # Wrapped, not cut: who attacks whom is the line a player needs whole.
    lines = [w for line in lines for w in wrap(line, ink.font(p.px(14)), gx - x - pad)][:6]
    for k, line in enumerate(lines):
        surf.blit(ink.fit(line, p.px(14), gx - x - pad, ink.TEXT), (x, top + k * p.px(18)))
    cy = top + len(lines) * p.px(18) + p.px(6)
    if c.stage == "command" and live:  # a Charm won: its orders here, under the words that ask
        commands = [a for a in p.b.legal if isinstance(a, A.Command)]
        said = short_namer(p, [a.char for a in commands if a.char is not None], name)
        for a in commands:
            words = action_text(a, said).removeprefix("Command: ")  # the panel says so
            button(p, surf, pygame.Rect(x, cy, gx - x - pad, p.px(24)),
                   words[:1].upper() + words[1:], ("act", a))
            cy += p.px(28)
    _drawn(p, surf, c, drawn, gone(p, c, drawn, notes, bool(over)),
           pygame.Rect(x, cy, gx - x - pad, low - cy), short)
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


def drawn_cards(notes: list[E.Event]) -> list[list[tuple[int, int, str]]]:
    """The Combat cards drawn in this Combat so far, a list for each draw, oldest first:
    a Charm contest's (the attacker's card first), a round's (the Disaster's, then its
    target's: Combat with Disasters). Each (card, the one it was drawn for, the half it
    plays: "physical" in a round, "charm" in a Charm contest)."""
    out: list[list[tuple[int, int, str]]] = []
    for k, n in enumerate(notes):
        if isinstance(n, E.CombatCard):
            if k == 0 or not isinstance(notes[k - 1], E.CombatCard):  # a round's first
                out.append([])
            out[-1].append((n.card, n.fighter, "physical"))
        elif isinstance(n, E.CharmContest):
            out.append([(c, who, "charm") for c, who in zip(n.cards, (n.attacker, n.defender))
                        if c is not None])
    return out


def _earlier(p: Painter, c, drawn: list[tuple[int, int, str]], short) -> list[str]:
    """The cards of an earlier draw (drawn_cards) in a line: the round before's, or
    Charm Combat's, each for whom it was drawn."""
    cards = [f"{card.name} for {short(who)}" for i, who, _ in drawn
             if (card := p.card(i)) is not None]
    when = "Charm Combat's" if drawn[0][2] == "charm" else f"Round {c.round - 1}'s"
    return [f"{when} cards: {', '.join(cards)}."] if cards else []


def _drawn(p: Painter, surf, c, drawn: list[tuple[int, int, str]], out: dict[int, str],
           room: pygame.Rect, short) -> None:
    """The Combat cards of the last draw (drawn_cards: a Charm contest's two, or a
    round's), a row each in `room` (the words' column, over the forecast): its name,
    whom it was drawn for and whose pile it came from, and what the half it plays does
    to each side, said by the side's name (_sides: the card's "You" read as the viewer
    where another seat fights; in a Charm break, each of its two Characters by name).
    An older draw's cards mixed in read as this round's, the Disaster's as its
    target's, and the round's, drawn after the Board the panel is drawn from, went
    unshown (s71). In a Combat with a Disaster every card comes from the fighting
    player's pile (R22), the Disaster's too, which read as the Disaster's own. In one
    line each where they all fit whole, else the name over the rest, or the name and
    its effects over whom and whose pile (_row_way); where those rows do not all fit,
    in brief (_brief: the name and effects, whom where it fits), the newest first
    (_rows_fit). A card drawn for one now out of the Combat (`out`, gone) is faded,
    how it left said after its name."""
    gap, pad, step = p.px(4), p.px(6), p.px(3)
    group, foe = _sides(p, c, short)
    shown = []
    for i, who, half in drawn:
        card = p.card(i)
        if card is not None and (card.physical if half == "physical" else card.charm_half):
            pile, brief = pile_words(p, i)
            other = next((f for _, f, _ in drawn if f != who), None)  # drawn against
            # a Charm break is fought between two of the group: each by its name
            sides = (short(who), short(other)) if c.disaster not in (who, other) \
                and other is not None else (foe, group) if who == c.disaster else (group, foe)
            was = f"for {short(who)}" + (f" ({out[who]})" if who in out else "")
            # in short, a faded row says how its Character left, not whose pile; in
            # brief (_brief_row) whom alone, or for a Character gone only how
            shown.append((i, card, _effects(p, card, half, sides, who in out),
                          (f"{was} · from {pile}", was if who in out else f"{was} · {brief}",
                           was, *((f"for one {out[who]}", out[who]) if who in out else ()))))
    way, size, ways = _row_way(p, [(card.name, parts, whom) for _, card, parts, whom in shown],
                               room.w - 2 * pad, step)
    lines = {"one": 0, "stacked": 2}.get(way, 1)  # under the name's
    row_h = p.px(26) if way == "one" else \
        ink.font(size, True).get_linesize() + lines * p.px(18) + 2 * step
    inner_w = room.w - 2 * pad
    forms = [_brief(p, card.name, parts, inner_w, step) for _, card, parts, _ in shown]
    y = room.y
    for k, form in _rows_fit(forms, row_h, room.h, gap):
        i, card, parts, whom = shown[k]
        dim = " (" in whom[0]  # its Character out of the Combat: the card no longer counts
        at = pygame.Rect(room.x, y, room.w, row_h if form is None else form[2])
        y = at.bottom + gap
        pygame.draw.rect(surf, darker(TYPE_COLOURS["combat"], 0.7 if dim else 0.25), at,
                         border_radius=p.px(5))
        p.hits.append((at, ("card", i)))  # pointed at: the card whole, as in the log
        inner = at.inflate(-2 * pad, 0)
        if form is not None:
            _brief_row(p, surf, inner, (card.name, *whom[2:]), parts, dim, step, form)
            continue
        name_w, whom_w = _widths(p, way, size, card.name, parts, whom, inner.w, step)
        name = ink.fit(card.name, size, name_w, ink.DIM if dim else ink.TEXT, True)
        top = at.centery if way == "one" else at.y + step + name.get_height() // 2
        low = at.bottom - step - p.px(9)  # the last line's middle
        surf.blit(name, (inner.x, top - name.get_height() // 2))
        said, px = _said(p, whom, whom_w, ways) or (whom[1], p.px(10))
        t = ink.fit(said, px, whom_w, ink.DIM)
        x = inner.x + name.get_width() + step if way == "one" else inner.x
        said_y = top if way == "one" else low - p.px(18) if way == "stacked" else low
        surf.blit(t, (x, said_y - t.get_height() // 2))
        x, mid = inner.right - _wide(parts, step) + step, top if way in ("one", "beside") \
            else low
        for t in parts:
            surf.blit(t, (x, mid - t.get_height() // 2))
            x += t.get_width() + step


def _rows_fit(forms: list, full: int, room: int, gap: int) -> list[tuple[int, tuple | None]]:
    """Which card rows show, each with its brief form (_brief; None: laid whole, `full`
    high): the newest two, the round's (both sides draw one) first; then as many of
    them whole, the newest first; then a third, older. Of two wide rows only the newest
    showed, the other side's card lost to the log (s69)."""
    n = len(forms)

    def laid(m: int, whole: int) -> list | None:
        chosen = [None if k >= n - whole else forms[k] for k in range(n - m, n)]
        high = sum(full if f is None else f[2] for f in chosen) + gap * (m - 1)
        return chosen if high <= room else None
    ways = [(min(m, 2), whole, m) for m in range(1, n + 1) for whole in range(m + 1)
            if laid(m, whole) is not None]
    if not ways:
        return []
    _, whole, m = max(ways)
    return list(zip(range(n - m, n), laid(m, whole)))


def _brief(p: Painter, name: str, parts, inner: int, step: int) -> tuple | None:
    """A card row without whom it was for and whose pile (the log's line and the card
    pointed at say them): its "line" (name, then the effects) or, where they are wider
    than `inner`, "two" (the name over them), with the name's size and the row's
    height; None where even that cuts the name or the effects."""
    wide = _wide(parts, step)
    for form, room in (("line", inner - wide), ("two", inner)):
        size = next((n for n in (p.px(12), p.px(11), p.px(10))
                     if ink.font(n, True).size(name)[0] <= room), None)
        if size is not None and wide - step <= inner:
            return form, size, p.px(22) if form == "line" else \
                ink.font(size, True).get_linesize() + p.px(18) + 3 * step
    return None


def _brief_row(p: Painter, surf, inner: pygame.Rect, words: tuple[str, ...], parts,
               dim: bool, step: int, form: tuple) -> None:
    """A card row in its brief form (_brief): the name (words[0]), the effects at the
    right, beside it or under it; whom it was for (words[1], "for Akane"; for one out
    of the Combat shorter: "for one Killed", "Killed") where that fits whole: in one
    line between the name and the effects (the Disaster's card, bare, read as no
    one's: s71), in two left of the effects or right of the name."""
    way, size, _ = form
    name = ink.fit(words[0], size, inner.w, ink.DIM if dim else ink.TEXT, True)
    top = inner.centery if way == "line" else inner.y + step + name.get_height() // 2
    surf.blit(name, (inner.x, top - name.get_height() // 2))
    mid = top if way == "line" else inner.bottom - step - p.px(9)
    x = inner.right - _wide(parts, step) + step
    after = inner.x + name.get_width() + p.px(8)  # (left, middle, room, to its right)
    places = ((after, top, x - p.px(8) - after, False),) if way == "line" else \
        ((inner.x, mid, x - p.px(10) - inner.x, False),
         (after + p.px(2), top, inner.right - name.get_width() - p.px(10) - inner.x, True))
    said = next(((w, p.px(n), at) for k, n in ((1, 11), (1, 10), (2, 10), (3, 10))
                 for at in places for w in words[k:k + 1]
                 if ink.font(p.px(n)).size(w)[0] <= at[2]), None)
    if said:
        t = ink.label(said[0], said[1], ink.DIM)
        left, y, room, right = said[2]
        surf.blit(t, (left + (room - t.get_width() if right else 0), y - t.get_height() // 2))
    for t in parts:
        surf.blit(t, (x, mid - t.get_height() // 2))
        x += t.get_width() + step


def gone(p: Painter, c, drawn: list[tuple[int, int, str]], notes: list[E.Event],
         over: bool) -> dict[int, str]:
    """Who is out of this Combat and how: Killed, Bonked or Defeated by a hit, else no
    longer at its Location (a card's effect took it) while the Combat goes on. A row
    "Stare-Down for Mio Sprocket" after Mio was Killed read as if the card still
    applied (s69's playtest)."""
    out = {} if over else {i: "gone" for _, i, _ in drawn if i != c.disaster
                           and ((u := p.b.units.get(i)) is None or u.pos != c.cell)}
    out.update({n.target: n.result.capitalize() for n in notes if isinstance(n, E.CombatHit)
                and n.result in ("bonked", "killed", "defeated")})
    return out


def _sides(p: Painter, c, short) -> tuple[str, str]:
    """The two sides of a Combat with a Disaster by the names its card rows give them:
    the group's "You" only to the person whose group it is, else its seat's name as the
    title says it ("Player 3"); the Disaster by the word its token says."""
    mine = c.seat == p.b.view.seat and p.whose == "Your"
    return ("You" if mine else p.seat_name(c.seat)), short(c.disaster)


def _wide(parts: list[pygame.Surface], step: int) -> int:
    return sum(t.get_width() + step for t in parts)


# Whom a Combat card was for and whose pile it came from: in words, then in short, a
# size smaller before the next way; cut in none (s69: it was, at 1280x720).
WORDS, SHORT = ((0, 12), (0, 11)), ((1, 12), (1, 11), (1, 10))


def _said(p: Painter, whom: tuple[str, str], width: int,
          ways=WORDS + SHORT) -> tuple[str, int] | None:
    """The first of `ways` to say `whom` whole in `width`, with its size."""
    return next(((whom[k], p.px(n)) for k, n in ways
                 if ink.font(p.px(n)).size(whom[k])[0] <= width), None)


def _widths(p: Painter, way: str, size: int, name: str, parts, whom, inner: int,
            step: int) -> tuple[int, int]:
    """The room of a card row's name (at `size`) and of whom it was for, laid `way`
    (_row_way)."""
    rest = _wide(parts, step)
    if way == "one":
        said = ink.font(p.px(12)).size(whom[0])[0] + step
        return inner - rest - said, inner - rest - ink.font(size, True).size(name)[0] - step
    return {"under": (inner, inner - rest), "beside": (inner - rest, inner)}.get(
        way, (inner, inner))


def _row_way(p: Painter, rows, inner: int, step: int) -> tuple[str, int, tuple]:
    """How every card row is laid, its name's size (one for all: a row's smaller than
    the next read as less important) and the ways whom may be said (_said): in "one"
    line; the name "under" whom and its effects; the name and its effects "beside" each
    other over whom; "stacked", a line each (taller rows, fewer); the first in which
    every row's parts fit whole, in words before in short."""
    for way, ways in (("one", WORDS[:1]), ("under", WORDS), ("beside", WORDS),
                      ("under", SHORT), ("beside", SHORT), ("stacked", WORDS + SHORT)):
        for size in (p.px(14), p.px(13), p.px(12)):
            if all(ink.font(size, True).size(name)[0] <= w[0] and _said(p, whom, w[1], ways)
                   for name, parts, whom in rows
                   for w in [_widths(p, way, size, name, parts, whom, inner, step)]):
                return way, size, ways
    return "stacked", p.px(12), WORDS + SHORT


def _effects(p: Painter, card, half: str, sides: tuple[str, str],
             dim: bool = False) -> list[pygame.Surface]:
    """A Combat card's half as its face says it, each side's modifiers (the face's "You",
    then its "Foe") after that side's name (`sides`), each a button in the face's style;
    faded (`dim`) where whom it was drawn for is out of the Combat."""
    played = card.physical if half == "physical" else card.charm_half
    parts = [ink.label(w, p.px(12), ink.DIM if dim else ink.TEXT) if isinstance(w, str) else w
             for side, style, mods in ((sides[0], "solid", played.own),
                                       (sides[1], "cost", played.opponent)) if mods
             for w in (side, *(chip(m.ability, mod_text(m), p.px(18), style) for m in mods))]
    if dim:
        parts = [t.copy() for t in parts]
        for t in parts:
            t.set_alpha(110)
    return parts


def combat_namer(p: Painter, c, name):
    """The Combat panel's names: the group's Characters by their short names
    (short_names), the Disaster by the word its token calls it, and its number. The
    group is those there now and those it began with: one Bonked or Killed out of it
    was named in full on its Combat card's row, and cut there (s73 newcomer)."""
    here = [u.card for u in p.b.units_at.get(c.cell, []) if u.owner == c.seat]
    short = short_namer(p, here + [i for i in c.fighters if i not in here], name)
    cid = p.b.card_id(c.disaster)
    said = owned(p.faces.token_name(cid), None, p.b.numbers.get(c.disaster, 0)) \
        if cid is not None else None
    return lambda i: said if i == c.disaster and said else short(i)


def _disaster_stats(p: Painter, surf, d, box: pygame.Rect, low: int) -> None:
    """The Disaster's totals where a card or effect changed them (its card shows the
    printed ones), said as the inspector says a Character's, "Defense 2 (printed 3)"
    (`total_words`), and its Damage: rows from under its face down to `low`, those that
    do not fit there rising over the face's foot on the panel's dark, never past the
    face's width. Where a total is wider than the face even at 10 px (at 960x540 it ran
    into the words beside it, s69), it is said in regular type, narrower (at 960x540
    with Damage the "(printed 3)" went, s70), or by the ability's shorter name ("Move
    2 (printed 1)": `brief_total_words`, s71), else "(printed 3)" goes to a row of its
    own; where the rows would then cover more than a quarter of the face, the total
    alone, its colour and the face's own number saying it changed."""
    parts = [(a, now, was, ink.GOOD if now > was else ink.BAD)
             for a, was, now in changed(p.b.card(d.card), d)]
    damage = [(f"Damage {d.damage}", ink.BAD)] if d.damage else []
    if not parts and not damage:
        return
    sizes = (p.px(12), p.px(11), p.px(10))

    def whole(words: str) -> bool:
        return ink.font(sizes[-1]).size(words)[0] <= box.w  # (in regular type at least)

    def split(a: str, now: int, was: int) -> list[str]:
        said = next((w for w in (total_words(a, now, was), brief_total_words(a, now, was))
                     if whole(w)), None)
        return [said] if said else [total_words(a, now, now), f"(printed {was})"]
    forms = ([[total_words(a, now, was)] for a, now, was, _ in parts],
             [split(a, now, was) for a, now, was, _ in parts],
             [[total_words(a, now, now)] for a, now, _, _ in parts])
    below = max(1, (low - box.y) // box.h)
    most = below + card_height(box.w - p.px(8)) // 4 // box.h  # a quarter of the face
    for form in forms:
        said = [(t, c) for words, (*_, c) in zip(form, parts) for t in words] + damage
        rows = _stat_rows(p, said, box, sizes)
        if all(whole(t) for t, _ in said) and len(rows) <= most:
            break
    for k, row in enumerate(rows):  # under the face while there is room, in STATS order
        at = box.move(0, (k - max(0, len(rows) - below)) * box.h)
        if at.y < box.y:
            pygame.draw.rect(surf, ink.PANEL, at)
        for t in row:
            surf.blit(t, at)
            at.x += t.get_width() + p.px(6)


def _stat_rows(p: Painter, said: list[tuple[str, tuple]], box: pygame.Rect,
               sizes: tuple[int, ...]) -> list[list[pygame.Surface]]:
    """`said` as labels in rows `box` wide, side by side while they fit, each whole at
    the first of `sizes` it fits at, in bold where it fits so at the least."""
    gap, rows, x = p.px(6), [[]], box.x
    for words, colour in said:
        bold = ink.font(sizes[-1], True).size(words)[0] <= box.w
        t = ink.label(words, ink.first_whole((words,), sizes, box.w, bold)[1], colour, bold)
        if rows[-1] and x + t.get_width() > box.right:
            rows.append([])
            x = box.x
        rows[-1].append(t)
        x += t.get_width() + gap
    return rows


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
    name_h, _ = row_heights(p)  # (combat_rect leaves four rows room for letters whole)
    bh, gap = min(p.px(24), max(p.px(14), row_h - name_h - p.px(3))), p.px(4)
    caps = {"attack": _attack_limit(p, c), "protect": MAX_PROTECTORS}
    barred = {u.card: _barred(p, c, u, name) for u in group}
    # Those the rules leave only Hold back need no click: Fight! waits for the others.
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
                else "holds back" if said.get(u.card) == "none"
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
                                y + (name_h - numbers.get_height()) // 2))
            room -= numbers.get_width() + p.px(8)
        # Kept out by a Vehicle: its name whole or not at all ("Polaris-9 kept out by
        # your Di…" at 1920x1080, s73), as the buttons say it where the row declares.
        label = f"{short(u.card)} {role}".rstrip()
        ways = (label, label.replace(" your ", " ", 1),
                label.split(" by ")[0]) if "kept out by " in label else (label,)
        surf.blit(ink.fit(ink.first_whole(ways, (p.px(13),), room)[0], p.px(13), room,
                          ink.TEXT), (tx, y))
        bx, by = tx, y + name_h
        if declaring and mine:
            # As narrow as their words allow: the room left is for its other choices.
            # A third of the row at most: a quarter cut "Hold back" (s46w).
            need = max(ink.font(p.px(13), True).size(w)[0] for _, w in ROLES) + p.px(14)
            slot = min(need, (box.right - tx) // 3 - gap)
            done = said.get(u.card) if u.card not in c.to_declare else None
            for role_key, words in ROLES:
                br = pygame.Rect(bx, by, slot, bh)
                bx += slot + gap
                if done is not None:  # declared this round: shown, not changed
                    fixed_button(p, surf, br, words, role_key == done, None)
                    continue
                if stuck:  # Hold back, chosen by the rules; why (if the view says), over
                    why = barred[u.card][1]  # Attack and Protect, else those two dim
                    if role_key == "none" or not why:
                        fixed_button(p, surf, br, words, role_key == "none", None,
                              why=None if role_key == "none" else ("why", u.card, role_key))
                    elif role_key == "attack":  # the group is the viewer's own: where
                        # "Kept out by your Walker" is cut (960x540), "your" goes; where a
                        # longer name is cut even so ("Kept out by Gyrocop…"), the kind
                        reason = why[:1].upper() + why[1:]
                        ways = (reason, reason.replace(" your ", " ", 1)) + (
                            (KEPT_OUT_SHORT,) if reason.startswith("Kept out by ") else ())
                        fixed_button(p, surf, br.union(br.move(slot + gap, 0)), ways, False,
                                     None)
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
                fixed_button(p, surf, br, words, plan.get(u.card) == role_key,
                      ("plan", u.card, role_key) if possible else None,
                      why=("why", u.card, role_key))
        if live:
            _extras(p, surf, u, name, (tx, bx, by), (box.right, y + row_h), bh, gap)
    if declaring and mine:
        left = [short(i) for i in unchosen(p.b, c.to_declare, plan)]
        fight_footer(p, surf, box, box.bottom - foot + p.px(4), foot, legal,
                      first is not None and not left, left, box.w - p.px(240))


def _extras(p: Painter, surf, u, name, xs: tuple, ends: tuple, bh: int, gap: int) -> None:
    """A Character's other choices (row_choices) flowing after its roles, line by line
    within its row; when some do not fit, the last place is "More…", which shows the
    Character in the inspector with all of them (none is dropped unseen)."""
    tx, bx, by = xs
    right, bottom = ends
    items = row_choices(p, u, name)
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


def _barred(p: Painter, c, u, name) -> tuple[set[str], str]:
    """The roles the rules refuse `u` whoever declares before it, and why in a few words
    for its row: what the view says bars it (No Action, an ally's Vehicle), or Charmed
    ("cannot attack the Disaster until the Disaster attacks them": R47)."""
    roles, why = barred_of(p, u.card, name)
    if roles:
        return roles, why
    return ({"attack"} if charmed_still(c, u.card) else set()), ""


def role_why(p: Painter, c, char: int, role: str, plan: dict[int, str], name) -> str:
    """Why the Combat panel's `role` is dim for `char`, in a line for the player: what
    the rules bar it from (No Action, Charmed, nobody to protect), or the most that may
    take the role (a Minor Disaster 3 attackers, a Major 4; 2 protectors) already
    declared or planned, named, with how to make room."""
    short = short_namer(p, [u.card for u in p.b.units_at.get(c.cell, []) if u.owner == c.seat],
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


def _room(c, plan: dict[int, str], caps: dict[str, int], char: int, role: str) -> bool:
    """A role may be planned for `char` while those declared and the others planned for
    it this round stay within the rules' most (a Major Disaster 4 attackers, a Minor 3;
    2 protectors): a plan past them would only stop at Fight!."""
    if role not in caps or plan.get(char) == role:
        return True
    declared = c.attackers if role == "attack" else c.protectors
    planned = sum(1 for i in c.to_declare if i != char and plan.get(i) == role)
    return len(declared) + planned < caps[role]


def refusal(p: Painter, char: int, role: str, why: str, name) -> str:
    """A planned role the rules refused, in one line of the table's message that fits:
    who, what, why, and to choose again; by its short name, and then with fewer words,
    where a longer line would be cut."""
    short = short_names(p, [char], name)[char]
    verb = {"none": "hold back"}.get(role, role)
    f, room = ink.font(p.px(16), True), p.lay.field.w - p.px(20)
    lines = (f"{name(char)} cannot {verb}: {why}. Choose again.",
             f"{short} cannot {verb}: {why}. Choose again.", f"{short} cannot {verb}: {why}")
    return next((w for w in lines if f.size(w)[0] <= room), lines[-1])
