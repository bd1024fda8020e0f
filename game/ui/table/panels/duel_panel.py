"""The duel panel: a Combat between players, each side's rows, the plan's grid, Charm."""
from __future__ import annotations

import math
from typing import NamedTuple
from dataclasses import replace

import pygame

from game.engine import actions as A
from game.engine import events as E
from game.engine.decisions import FlashWindow
from game.engine.duel import MAX_ALLY_ATTACKERS, MAX_ATTACKERS
from game.engine.physical import MAX_PROTECTORS, health_left
from game.ui.fonts import wrap

from .. import forecast, ink
from ..paint import Painter, wrapped
from ..words import HOLD_BACK, NO_ATTACK, NO_ATTACK_YET, action_text, event_text, every
from .common import (fight_footer, button_grid, short_namer, fixed_button, barred_of, button, fit_name,
                     panel_acts, pile_words, short_names, stays_out, unchosen)
from .rects import DUEL_LINE, duel_rect


def duel_sides(p: Painter, d) -> dict[int, list]:
    """Each side's Characters at the Combat's cell (and Disasters allied with it), in
    a fixed order: the rows of the duel panel. A Disaster's side is its ally's, not the
    deck it came from (one allied with nobody fights for nobody)."""
    here = p.b.units_at.get(d.cell, [])
    return {seat: sorted((u for u in here if (u.ally_seat if u.disaster else u.owner) == seat),
                         key=lambda u: (u.disaster, u.card))
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


def duel(p: Painter, surf, d, name, plan: dict, fought: list[E.Event] | None = None,
         notes: list[E.Event] = ()) -> None:
    """Combat between players: both sides, each Character in a row of its own in a
    fixed order with what it declared; and the viewer's choices all at once, in
    places that do not move: for each of its Characters, Attack each opponent,
    Protect each friend, Hold back (it stays in the Combat). A click plans; Fight!
    sends the plan in the rules' order (as the Combat panel with a Disaster: buttons
    that came one Character at a time and moved the others made fast clicks choose
    wrong).
    `fought`: the round's hits play (the notes since it was fought): the round as
    declared, each hit as it lands and how the Combat ended, nothing to choose.
    `notes`: the Combat's so far, for its last Charm contest in Charm Combat."""
    r = duel_rect(p)
    pygame.draw.rect(surf, (16, 10, 30), r, border_radius=p.px(8))
    pygame.draw.rect(surf, ink.BAD, r, max(2, p.px(3)), border_radius=p.px(8))
    pad, line = p.px(10), p.px(DUEL_LINE)
    stage = {"charm": "Charm Combat", "order": "orders", "declare": "declare",
             "final": "final attack", "run": "running away"}[d.stage]
    if fought is not None:
        said = [(n.char, n.role, -1 if n.target is None else n.target) for n in fought
                if isinstance(n, E.CombatDeclared)]
        # A side that Ran Away in it (its person's click, played with the other's kept
        # plan sent after it) declares nothing: its rows said "to declare" through the
        # final attack, unanswered, the round said "hits" (s62's playtest).
        ran = next((n.seat for n in fought if isinstance(n, E.RanAway)), d.runner)
        d = replace(d, declared=[*d.declared, *said], runner=ran,
                    pending=[i for i in d.pending if i not in {w for w, _, _ in said}])
        stage = "over" if any(isinstance(n, E.DuelEnded) for n in fought) else \
            "final attack" if d.stage == "final" or ran != -1 else "hits"
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
        brief = short_namer(p, [u.card for g in sides.values() for u in g], name)
        forecast.duel_line(p, surf, d, plan, pygame.Rect(r.x + pad, bottom + p.px(2),
                                                         r.w - 2 * pad, line - p.px(2)), brief,
                           NO_ATTACK_YET if _attack_open(p, d, name, sides, plan) else NO_ATTACK)
    else:
        _duel_buttons(p, surf, d, name, box, _last_contest(p, d, name, sides, notes))


def _attack_open(p: Painter, d, name, sides: dict, plan: dict) -> bool:
    """Whether the panel still offers an Attack to one of the viewer's combatants with
    nothing chosen: a Haven's fighting alone (its buttons send at once), or one its
    rows may plan (_duel_cell) for one not in the plan."""
    me = p.b.view.seat
    rows = duel_planned(p.b, d, me)
    if not rows:
        return any(isinstance(a, A.Engage) and a.role == "attack" for a in p.b.legal)
    foes = [u.card for seat, g in sides.items() if seat != me for u in g]
    said = {who: (role, whom) for who, role, whom in d.declared}
    cell = _duel_cell(p, d, name, duel_first(p, d), said, plan)
    return any(cell(i, ("attack", f))["key"] is not None
               for i in rows if i not in plan for f in foes)


def _last_contest(p: Painter, d, name, sides: dict, notes) -> str:
    """The last Charm contest of this Combat as the log says it, its Combat cards named
    and whose piles they came from ("Players use their own Combat cards"): the panel
    showed only the next choices, the cards and totals in the log alone."""
    ids = {u.card for g in sides.values() for u in g}
    last = next((n for n in reversed(notes) if isinstance(n, E.CharmContest)
                 and {n.attacker, n.defender} <= ids), None)  # (not an earlier Combat's)
    if last is None:
        return ""
    brief = short_namer(p, list(ids), name)
    return "Last: " + event_text(last, brief, p.seat_name, owner=p.b.view.game.owner)[0]


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
    # (One Bonked in the round is still named short.)
    cards = [n for n in fought if isinstance(n, E.CombatCard) and p.card(n.card) is not None]
    brief = short_namer(p, [u.card for g in sides.values() for u in g]
                        + [n.fighter for n in cards], name)
    # The Combat cards first, each for whom and from whose pile (each side draws from
    # its own: Combat Between Players), as they were turned over before the hits.
    # Who held back that the rules left nothing else, and why, before the cards.
    held = [(n.char, why) for n in fought if isinstance(n, E.CombatDeclared) and n.role == "none"
            and n.char in p.b.units and (why := held_why(p, d, p.b.units[n.char], name))]
    lines = [f"{brief(c)} holds back: {', and '.join(why)}." for c, why in held]
    lines += [f"Combat card {name(n.card)} for {brief(n.fighter)}, from "
              f"{pile_words(p, n.card)[0]}" for n in cards]
    lines += [event_text(n, brief, p.seat_name)[0] for n in fought if isinstance(n, E.CombatHit)]
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
    brief = short_namer(p, [u.card for g in sides.values() for u in g], name)
    said = {seat: [_side_row(p, d, u, brief, name, plan, fought) for u in g] +
            [_haven_row(p, d, h, brief, plan if seat == p.b.view.seat else {},
                        seat == d.runner) for h in havens[seat]]
            for seat, g in sides.items()}
    rows = sum(map(len, said.values())) + len(alone) + 2
    more = sum(len(lines) - 1 for lines in alone.values())
    rh = min(p.px(34), (box.h - more * p.px(18)) // max(1, rows))  # six a side: all inside
    tall: set[int] = set()  # rows given a second line, for what they do
    if rh < p.px(18):  # a text line is a row's height then
        rh = box.h // max(1, rows + more)
    elif rh < p.px(30):
        # Rows of one line: the other side's printed chips make none a row of two that
        # its Health alone would leave one (a row of two at 960x540 is too short for
        # both lines' letters apart, s48): Health alone there.
        said = {seat: [_plainer(p, r, lambda r: _one_line(p, r, box, rh)) for r in g]
                for seat, g in said.items()}
        # A row whose name, words and numbers do not fit in one gets
        # a second line while the others keep a token's room: "Mi… charmed …" told
        # neither who nor what (s28 newcomer, 1280x720).
        needy = [r.card for g in said.values() for r in g if not _one_line(p, r, box, rh)]
        for k in range(len(needy), 0, -1):
            short = (box.h - more * p.px(18) - k * p.px(30)) // (rows - k)
            if short >= p.px(19):
                rh, tall = short, set(needy[:k])
                break
    fs = 13 if rh >= p.px(17) else 11  # the names' size; what they do, a point less
    def keeps(r: _Row) -> bool:  # the row's numbers are drawn, at its height as drawn
        return _keeps_numbers(p, r, pygame.Rect(box.x, 0, box.w,
                                                p.px(30) if r.card in tall else rh), rh)
    # Where a row has no room for the printed chips but has for Health alone: Health.
    said = {seat: [_plainer(p, r, keeps) for r in g] for seat, g in said.items()}
    y = box.y
    for seat, group in sides.items():
        role = " attacks" if seat == d.attacker else " defends"
        over = _values_head(p, said[seat], keeps, tall, y, rh, box)
        # In rows of one line, the names' size: at 14 its descenders reached the token under.
        px, colour = p.px(14 if rh >= p.px(30) else fs), ink.owner_colour(seat)

        def clear(head: pygame.Surface) -> bool:  # "card values"' letters clear of the head's
            if over is None:
                return False
            inked = over[0].get_bounding_rect().move(over[1].topleft)
            return inked.top >= y and not inked.colliderect(
                head.get_bounding_rect().move(box.x, y).inflate(p.px(12), p.px(4)))
        # Where "Player 2 defends" leaves it no room (960x540), "P2 defends", as the
        # Field's tiles name the seat: the panel's title names it whole.
        said_head = ink.fit(p.seat_name(seat) + role, px, box.w, colour, True)
        if over is not None and not clear(said_head):
            short = ink.fit(f"P{seat + 1}{role}", px, box.w, colour, True)
            said_head = short if clear(short) else said_head
        surf.blit(said_head, (box.x, y))
        if clear(said_head):
            surf.blit(*over)
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


def _values_head(p: Painter, rows: list, keeps, tall: set[int], y: int, rh: int,
                 box: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect] | None:
    """"card values" over the other side's first printed chips (printed on their cards,
    not totals), its right over their right, not over Health; the side's head at `y`,
    its rows under it. Over the first row, its letters' foot just over the chips: on
    the head's line, 30 px over them at 1280x720, it read as part of "Player 2 defends"
    (s71). Under a row of words (Health alone), on the head's line, as before."""
    first = next((r for r in rows if r.printed and keeps(r)), None)
    if first is None:
        return None
    word, off = forecast.printed_head(p, p.b.units[first.card])
    if first is not rows[0]:
        return word, word.get_rect(midright=(box.right - off, y + word.get_height() // 2))
    h = p.px(30) if first.card in tall else rh  # (no descenders: its surface's foot is blank)
    foot = _numbers_top(p, y + rh, h, first.numbers) - max(1, p.px(2)) + \
        word.get_height() - word.get_bounding_rect().bottom
    return word, word.get_rect(bottomright=(box.right - off, foot))


def _numbers_top(p: Painter, y: int, h: int, numbers: pygame.Surface) -> int:
    """Where a row at `y`, `h` tall, draws its numbers' top: on its name's line, a pixel
    to spare above them (a row of two's second line may reach the next row's first with
    a descender: "protects Pawlina" over the printed chips, s48)."""
    return y + (min(h, p.px(17)) - numbers.get_height() + 1) // 2


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
    printed: bool = False  # `numbers`: the Attack and Defense printed on another's card


def _side_row(p: Painter, d, u, brief, name, plan: dict, fought: bool) -> _Row:
    said = {who: (role, whom) for who, role, whom in d.declared}
    # The Charmed, and by whom: while their orders are given the rules keep them in
    # `to_order` alone.
    charmer = {m: c for m, (c, _) in d.charmed.items()} | {m: c for c, m in d.to_order}
    role, whom = said.get(u.card, ("", -1))
    doing = {"attack": f"attacks {brief(whom)}", "protect": f"protects {brief(whom)}",
             "none": "holds back"}.get(role, "")
    if role == "none" and (why := held_why(p, d, u, name)):
        doing += ": " + why[0]
    if not role and u.owner == d.runner:  # Ran Away: nothing to declare, it goes
        doing = "runs away"
    elif not role:
        kept = barred_of(p, u.card, name)[1]
        # The viewer's own choices alone: not shown to all while an AI decides.
        mine = u.owner == p.b.view.seat
        planned, whom = plan.get(u.card, ("", -1)) if mine else ("", -1)
        if u.card not in d.pending:
            doing = kept
        elif stays_out(p.b, u.card):  # it holds back unasked: not "to declare"
            doing = kept or "can only hold back"
        elif planned:  # chosen in the panel, sent at Fight!
            doing = {"attack": f"will attack {brief(whom)}", "none": "will hold back",
                     "protect": f"will protect {brief(whom)}"}[planned]
        else:
            doing = f"to declare, {kept}".rstrip(", ")
    if u.card in charmer:
        doing = (f"charmed by {brief(charmer[u.card])}, " + doing).rstrip(", ")
    # The numbers at the name's right: one's own totals (an allied Disaster's, public),
    # the other side's Attack and Defense printed on its card, under the side's head
    # "card values", and Health (its totals are not in the view: a Place's or an Off Field
    # effect, or a face-down Item, may change them; Health alone left a newcomer nothing
    # to judge the fight by, s47w). In Charm Combat, Charm: what its buttons' contests
    # start from. The round fought: Health alone, as the hits leave it, beside what
    # each did.
    charming = d.stage in ("charm", "order")
    cid = p.b.card_id(u.card)
    printed = not (charming or fought or u.totals) and cid is not None
    numbers = forecast.charm(p, u) if charming else None if cid is None else \
        forecast.health(p, u) if fought else \
        forecast.printed(p, u) if printed else forecast.stats(p, u)
    # On a row of one line "to declare", which every row says then, gives way to the
    # numbers; what else it does is said.
    short = "" if doing == "to declare" and numbers is not None else \
        doing.replace("to declare, ", "")
    return _Row(u.card, cid, brief(u.card), doing, short, numbers, charming or fought,
                printed)


def held_why(p: Painter, d, u, name) -> list[str]:
    """Why the rules left Character `u` of the Combat between players nothing but Hold
    back, if they did: what keeps it from both roles (No Action, an ally's Vehicle), or a
    Charmed order not to attack (R34) in the final attack on a side that Ran Away, where
    nobody protects. [] where holding back was its player's choice. "Reiji holds back"
    gave no reason after Reiji, Charmed, had been planned to protect and the other side
    ran (s71's playtest)."""
    roles, kept = barred_of(p, u.card, name)
    if not kept or "attack" not in roles:
        return []
    if "protect" in roles:
        return [kept]
    if d.runner in (-1, u.owner):
        return []
    return [kept, f"nobody protects once {p.seat_name(d.runner)} has Run Away"]


def _haven_row(p: Painter, d, h: int, brief, plan: dict, ran: bool = False) -> _Row:
    """A Haven fighting from next door (R35): no token, its name once ("Fort (P1)", not
    "Fort (P1) (Haven)") and what it does, said a Haven's, and the Attack it hits with
    (the row had no number: another's Haven hit Kaede 4 against 3 unforetold, a
    playtest); `plan`, the viewer's for its own Havens (none for the other side's)."""
    role, whom = {w: (r, t) for w, r, t in d.declared}.get(h, ("", -1))
    if not role and ran:  # its side Ran Away: it fights no more (`ran`)
        role = "none"
    elif not role:  # `plan`: the viewer's own, for its own Havens alone
        role, whom = plan.get(h, ("", -1))
        role = {"attack": "will attack", "none": "will hold back"}.get(role, "")
    doing = {"attack": "attacks", "none": "holds back"}.get(role, role or (
        "can only hold back" if h in d.pending and stays_out(p.b, h) else "to declare"))
    doing = f"{doing} {brief(whom)}" if whom != -1 else doing
    return _Row(h, None, brief(h), f"Haven, from next door: {doing}", f"Haven, {doing}",
                forecast.haven_attack(p, h), False)


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


def _plainer(p: Painter, r: _Row, fits) -> _Row:
    """Row `r`, or where it shows another's printed chips and `fits` it not (a row's
    test), but would the row with Health alone, that row."""
    if not r.printed or fits(r):
        return r
    plain = r._replace(numbers=forecast.health(p, p.b.units[r.card]), printed=False)
    return plain if fits(plain) else r


def _keeps_numbers(p: Painter, r: _Row, at: pygame.Rect, rh: int) -> bool:
    """Whether `_draw_row` draws the row's numbers, in `at` (its height as drawn)."""
    if r.numbers is None:
        return False
    two = at.h >= p.px(30)
    fits = _one_line(p, r._replace(short=""), at, rh) if two else _one_line(p, r, at, rh)
    room = at.w - (rh - p.px(4) + p.px(6) if r.token is not None else rh + p.px(2))
    return fits or not (r.numbers.get_width() > room - p.px(90) or (r.short and not r.both))


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
    if not _keeps_numbers(p, r, at, rh):
        numbers = None  # the name and what it does come first
    if two:  # in its fewer words where all would be cut ("Haven, from next door: can only
        # hol…" at 1366x768, s53)
        ways = (r.doing, r.short) if r.short else (r.doing,)
        said = ink.first_whole(ways, (p.px(12),), room)[0]
        surf.blit(ink.fit(said, p.px(12), room, ink.DIM), (tx, at.y + p.px(15)))
    if numbers is not None:
        surf.blit(numbers, (at.right - numbers.get_width(), _numbers_top(p, at.y, at.h, numbers)))
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
    short = short_namer(p, [u.card for g in sides.values() for u in g], name)
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
        cols, sw = button_grid(p, list(words.values()), box.w - name_w)
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
            fixed_button(p, surf, br, words[choice], **cell(char, choice))
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
    fight_footer(p, surf, box, fy, foot, legal, first is not None and not left, left,
                  box.w - p.px(240), waiting)


def _haven_grid(p: Painter, haven: list, short, width: int) -> tuple[list[str], int]:
    """The words of a Haven's buttons and how many go abreast: whole sentences a row
    each where that leaves the Characters' rows room (two buttons at most), else its
    choices alone ("Attack Pawlina", "Hold back") under its name, as many abreast as
    fit. A Haven with four choices took four full rows, and the rows of the
    Characters above were squeezed to nothing (a newcomer's game crashed)."""
    if len(haven) <= 2:
        return [action_text(a, short) for a in haven], 1
    brief = [_choice_words((a.role, a.target), short) for a in haven]
    return brief, button_grid(p, brief, width)[0]


def _duel_cell(p: Painter, d, name, first, said: dict, plan: dict):
    """For a combatant's choice (role, whom) in the duel panel, fixed_button's say: whether it
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
    room (holding back has no limit)."""
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
    short = short_namer(p, [u.card for g in duel_sides(p, d).values() for u in g], name)
    role, whom = choice
    verb = {"attack": f"attack {short(whom)}", "protect": f"protect {short(whom)}",
            "none": "hold back"}[role]
    said = {who: (r, w) for who, r, w in d.declared}
    if char not in d.pending:
        r, w = said.get(char, ("none", -1))
        done = {"attack": f"attacks {short(w)}", "protect": f"protects {short(w)}",
                "none": "holds back"}[r]
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
        return f"{short(char)} cannot {verb}: it can only hold back this round."
    return f"{short(char)} cannot {verb} now."


def _duel_grid(p: Painter, surf, rows: list[int], friends: list[int], foes: list[int], name,
               cell, box: pygame.Rect) -> None:
    """Too many Characters to name in every button: a column per target under its
    short name (and its token where there is room), "Attack" over the opponents and
    "Protect" over the friends; a row per Character of the viewer's (and Haven, which
    protects nobody), whose buttons carry their target's token (and its name where it
    fits whole), then Hold back."""
    gap, bold = p.px(4), ink.font(p.px(13), True)
    targets = [("attack", f) for f in foes] + [("protect", f) for f in friends]
    # Short names by side: the owner's mark of mirror decks' twins is told by the column.
    short = short_names(p, foes, name) | short_names(p, friends, name)
    short |= {h: name(h) for h in rows if h not in short}  # a Haven: its place's name
    name_w = min(max(bold.size(short[c])[0] for c in rows) + 2 * gap, box.w // 6)
    # Where that does not fit, the only Haven's row says what it is ("Forward …" at
    # 1920x1080, s73); the side list above names it whole.
    havens = [h for h in rows if h not in friends]
    if len(havens) == 1 and bold.size(short[havens[0]])[0] > name_w - gap:
        short[havens[0]] = "Haven"
    stay_w = bold.size(HOLD_BACK)[0] + p.px(14)
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
                fixed_button(p, surf, pygame.Rect(cx, y, cw, bh), short[whom] if named else "",
                      **cell(char, (role, whom)),
                      token=p.b.card_id(whom) if pictured or not named else None)
        stay = pygame.Rect(x - gap + split, y, box.right - (x - gap + split), bh)
        fixed_button(p, surf, stay, HOLD_BACK, **cell(char, ("none", -1)))


def _choice_words(choice: tuple, name) -> str:
    role, whom = choice
    if role == "none":
        return HOLD_BACK
    return ("Attack " if role == "attack" else "Protect ") + (name(whom) if whom != -1 else "")


def _duel_buttons(p: Painter, surf, d, name, box: pygame.Rect, last: str = "") -> None:
    """Charm Combat and its orders: every choice the viewer has now, each a button in
    a grid as wide as the longest label allows, in the order the rules list them; then
    the `last` contest, and what the stage is."""
    acts = panel_acts(p.b)
    if not acts:  # the other side chooses: time to read what the stage is
        surf.blit(ink.fit(waiting_for(p, d, name), p.px(14), box.w, ink.DIM), box.topleft)
        _how(p, surf, d, box, box.y + ink.font(p.px(14)).get_linesize(), last)
        return
    gap = p.px(4)
    # Short names, as the rest of the panel says them, else lower buttons; cut only
    # when neither fits.
    short = short_namer(p, [u.card for g in duel_sides(p, d).values() for u in g], name)
    for bh in (p.px(24), p.px(20)):
        words = [action_text(a, short) for a in acts]
        cols, bw = button_grid(p, words, box.w)
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
    _how(p, surf, d, box, box.y + -(-len(acts) // cols) * (bh + gap), last)


# What the stage's buttons do, under them where the panel has room: a newcomer met
# "Akiko charms Sayo" and "Go on" with nothing said of either (Charm Combat Between
# Players, duel.py). Whole sentences only, as many as fit.
HOW = {
    "charm": ("Charm Combat: in turns, each player picks one of theirs to charm a foe, or "
              "Go on.", "Each draws a Combat card: if the charmer's total Charm is higher, "
              "the foe is Charmed; if the foe's is at least twice the charmer's, the "
              "charmer is; else nothing happens.",
              "It ends when both players Go on in a row; each charmer then gives its "
              "Charmed one order.",
              "A break frees a Charmed friend by beating it by twice what it was Charmed "
              "by."),
    "order": ("Orders: each charmer makes the Character it Charmed perform one action, or "
              "prevents one (the List of Actions).",),
}


def _how(p: Painter, surf, d, box: pygame.Rect, y: int, last: str = "") -> None:
    """The `last` contest first (news before the rules), then the stage's rules."""
    px = p.px(13)
    step = ink.font(px).get_linesize()
    y += p.px(6)
    for k, sentence in enumerate(((last,) if last else ()) + HOW.get(d.stage, ())):
        rows = wrapped(sentence, px, box.w)
        if y + len(rows) * step > box.bottom:
            return
        for row in rows:
            surf.blit(ink.label(row, px, ink.TEXT if last and k == 0 else ink.DIM), (box.x, y))
            y += step


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
        cols, rw = button_grid(p, words, box.w)
        for j, (a, w) in enumerate(zip(rest, words)):
            line, col = divmod(j, cols)
            button(p, surf, pygame.Rect(box.x + col * (rw + gap), y + line * (bh + gap), rw, bh),
                   w, ("act", a))
