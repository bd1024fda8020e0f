"""The combat panels' numbers: each of the player's Characters' totals beside its name
(and, in Combat between players, the other side's Attack and Defense printed on its
cards and Health left), and in Combat with a Disaster the round's forecast over the
foot, so a newcomer can tell whether to attack without opening each Character."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.engine.combat import charmed_still
from game.engine import actions as A
from game.engine.physical import health_left, planned_hit, planned_strike, shield_of
from game.engine.view import STATS, UnitView
from game.ui.cardface import chip
from game.ui.fonts import wrap

from . import ink
from .paint import Painter
from .words import (BEFORE_CARDS, NO_ATTACK, duel_hit_text, forecast_text, run_text,
                    strike_outcome, strike_text, swing_text)

ATTACK, DEFENSE, CHARM = (STATS.index(a) for a in ("attack", "defense", "charm"))


def stats(p: Painter, u: UnitView) -> pygame.Surface | None:
    """A Character's Attack and Defense totals, as chips coloured as the Disaster card's,
    and its Health left; None where the view has no totals (another player's)."""
    if not u.totals:
        return None
    base = p.db[p.b.card_id(u.card)].base_health
    return _strip(u.totals[ATTACK], u.totals[DEFENSE], health_left(p.b.view, u), base,
                  p.px(16), p.px(12))


def printed(p: Painter, u: UnitView) -> pygame.Surface:
    """Another player's Character in Combat between players: the Attack and Defense
    printed on its card, as chips, and its Health left, in `stats`'s shape (the panel
    heads the column "card values": `printed_head`). Its totals are not in the view (a
    face-down Item may change them), but its card is on the table: Health alone left a
    newcomer nothing to judge the fight by (s47w)."""
    cd = p.db[p.b.card_id(u.card)]
    return _strip(cd.ability("attack") or 0, cd.ability("defense") or 0,
                  health_left(p.b.view, u), cd.base_health, p.px(16), p.px(12))


def printed_head(p: Painter, u: UnitView) -> tuple[pygame.Surface, int]:
    """The column's head over `printed`'s chips of `u`, "card values" (a lone "printed"
    read as a stray label, s71), and how far left of
    the strip's right its own right goes: over the chips' right, Health left being what
    it is, not printed."""
    base, gap = p.db[p.b.card_id(u.card)].base_health, max(3, p.px(16) // 3)
    said = ink.font(p.px(12), True).size(f"Health {health_left(p.b.view, u)}/{base}")[0]
    return ink.label("card values", p.px(12), ink.DIM), said + gap


def health(p: Painter, u: UnitView) -> pygame.Surface:
    """Another player's Character's Health left, out of its base: public (its Damage is
    on the table), where its totals are not (its Items are face down)."""
    base = p.db[p.b.card_id(u.card)].base_health
    left = health_left(p.b.view, u)
    return ink.label(f"Health {left}/{base}", p.px(12), ink.BAD if left < base else ink.DIM,
                     True)


def haven_attack(p: Painter, haven: int) -> pygame.Surface | None:
    """A Haven fighting from next door: the Attack printed on its card, which is what it
    attacks with (R35: no Combat card, no modifier); None for a card with none."""
    cid = p.b.card_id(haven)
    attack = p.db[cid].ability("attack") if cid is not None else None
    return chip("attack", str(attack), p.px(16)) if attack else None


def charm(p: Painter, u: UnitView) -> pygame.Surface | None:
    """In Charm Combat, in place of `stats`: a Character's Charm total as a chip, which
    its contests start from before their Combat cards; for another player's, whose
    total is not in the view (its Items are face down), the Charm printed on its card,
    said as such. None for a Character with no Charm printed: it takes no part (R12)."""
    cid = p.b.card_id(u.card)
    printed = p.db[cid].ability("charm") if cid is not None else None
    if not printed or printed <= 0:
        return None
    if u.totals:
        return chip("charm", str(u.totals[CHARM]), p.px(16))
    return ink.label(f"Charm {printed} on its card", p.px(12), ink.DIM, True)


@lru_cache(maxsize=256)
def _strip(attack: int, defense: int, health: int, base: int, h: int,
           size: int) -> pygame.Surface:
    parts = [chip("attack", str(attack), h), chip("defense", str(defense), h),
             ink.label(f"Health {health}/{base}", size, ink.BAD if health < base else ink.DIM,
                       True)]
    gap = max(3, h // 3)
    out = pygame.Surface((sum(s.get_width() for s in parts) + gap * (len(parts) - 1), h),
                         pygame.SRCALPHA)
    x = 0
    for s in parts:
        out.blit(s, s.get_rect(midleft=(x, h // 2)))
        x += s.get_width() + gap
    return out


def reach(v, c, undeclared: bool = False) -> int | None:
    """The group's Attack: the Attack totals of its Characters the rules let attack this
    round (none kept out, nor Charmed and not attacked: R47), whatever is planned; with
    `undeclared`, of those still to declare only (one that held back attacks no more this
    round). None where a total is missing."""
    barred = {i: roles for i, roles, _, _ in v.barred}
    able = [u for u in v.units if u.pos == c.cell and u.owner == c.seat and not u.disaster
            and not charmed_still(c, u.card) and "attack" not in barred.get(u.card, ())
            and (not undeclared or u.card in c.to_declare)]
    if not all(u.totals for u in able):
        return None
    return sum(u.totals[ATTACK] for u in able)


def line(p: Painter, surf, c, plan: dict[int, str], rect: pygame.Rect,
         swing: tuple[int, int] | None = None, choosing: bool = True) -> None:
    """What the Characters declared or set to Attack would do to the Disaster this
    round (physical.planned_hit), in one line: whole if it fits, else shorter words,
    else cut with an ellipsis. `swing`: the group's Attack (reach) before and after a
    choice changed it this round (a Vehicle readied keeps the others out), said first.
    `choosing`: whether a Character still to declare has a choice besides Hold back."""
    attackers = [*c.attackers, *(i for i in c.to_declare if plan.get(i) == "attack")]
    f = planned_hit(p.b.view, c.disaster, attackers)
    if f is None:
        return
    colour = ink.GOOD if attackers and f.defeats else ink.TEXT if attackers else ink.DIM
    most = reach(p.b.view, c, undeclared=True) if choosing and not attackers else None
    if not attackers:  # "All attacking 16 (was 13) · Nobody attacks it" said both (s71):
        # the change goes in the sentence that says nobody attacks yet, where it is of
        # those who may still attack.
        was = swing[0] if swing and most == swing[1] else None
        _say(p, surf, rect, forecast_text(f, 0, choosing, most, was), colour)
        return
    lead = (swing_text(*swing), ink.BAD if swing[1] < swing[0] else ink.GOOD) if swing \
        else None
    _say(p, surf, rect, forecast_text(f, len(attackers), choosing), colour, lead)


def strike(p: Painter, surf, c, plan: dict[int, str], rect: pygame.Rect, name) -> None:
    """Under `line`: what the Disaster's attack this round would do to its target and
    those set to protect it (physical.planned_strike), red where it Bonks or Kills.
    Nothing when it attacks nobody. `name`: the panel's short names."""
    protectors = [*c.protectors, *(i for i in c.to_declare if plan.get(i) == "protect")]
    s = planned_strike(p.b.view, c.disaster, c.target, protectors)
    if s is None:
        return
    felled = any(b.result in ("killed", "bonked") for b in s.blows)
    colour = ink.BAD if felled else ink.TEXT if s.damage else ink.DIM
    _say(p, surf, rect, strike_text(s, name), colour,
         last=(strike_outcome(s, name), BEFORE_CARDS))


def duel_line(p: Painter, surf, d, plan: dict, rect: pygame.Rect, name,
              none: str = NO_ATTACK) -> None:
    """Combat between players: what the viewer's side's attacks, declared and planned,
    would do this round to each Character they attack (words.duel_hit_text), from the
    viewer's own Attack totals and what is public of the other side (Health left, the
    Defense printed on its cards, who protects whom); nothing where one of its own
    totals is not in the view; `none` where it has no attack. `name`: the panel's short
    names."""
    v, units = p.b.view, p.b.units
    if v.seat not in (d.attacker, d.defender) or d.stage not in ("declare", "final"):
        return
    # A Haven fighting from next door (R35) declares too: it is on no unit.
    side = {pl.card: pl.owner for pl in v.places} | {u.card: u.owner for u in v.units}
    attacks = [(w, t) for w, role, t in d.declared if role == "attack" and side.get(w) == v.seat]
    attacks += [(w, choice[1]) for w, choice in plan.items()
                if w in d.pending and choice[0] == "attack"]
    if not attacks:
        _say(p, surf, rect, [(none, "")], ink.DIM)
        return

    def attack(w: int) -> int | None:
        if w not in units:  # a Haven: its card's Attack, no Combat card (R35)
            return v.game.card(w).ability("attack") or 0
        return units[w].totals[ATTACK] if units[w].totals else None

    said: list[list[str]] = []
    for t in dict.fromkeys(t for _, t in attacks):
        total = [attack(w) for w, tt in attacks if tt == t]
        if None in total or t not in units:
            return
        u = units[t]
        guards = [w for w, role, whom in d.declared if role == "protect" and whom == t]
        printed = sum(v.game.card(i).ability("defense") or 0 for i in [t, *guards])
        shield = shield_of(v, u)
        said.append(duel_hit_text(name(t), p.db[p.b.card_id(t)], sum(total), health_left(v, u),
                                  v.game.card(t).base_health, printed, list(map(name, guards)),
                                  name(shield) if shield is not None else None, u.disaster))
    _say(p, surf, rect, [(" · ".join(words), BEFORE_CARDS) for words in zip(*said)], ink.TEXT)


def run_note(p: Painter, surf, c, rect: pygame.Rect, name) -> None:
    """Beside Run Away while it is offered and the Disaster attacks someone: running
    leaves that one a final attack, unanswered (R27), what it does by the view's totals,
    and ends the runner's Turn if it is theirs; in two lines at most."""
    if A.RunAway() not in p.b.legal or c.target == -1:
        return
    f = ink.font(p.px(12))
    ends = c.seat == p.b.view.turn_seat  # "This will end your Turn."
    # The final attack is on its target alone (combat._run_away: no protector); an
    # allied Disaster it attacks is Defeated, not Bonked: that one's words stay plain.
    target = p.b.units.get(c.target)
    final = planned_strike(p.b.view, c.disaster, c.target) \
        if target is not None and not target.disaster else None
    said = run_text(name(c.target), ends, final, name)
    rows = next((r for w in said if len(r := wrap(w, f, rect.w)) <= 2), [said[-1]])
    step = f.get_linesize()
    for k, row in enumerate(rows):
        top = rect.y + (rect.h - step * len(rows)) // 2 + k * step
        surf.blit(ink.fit(row, p.px(12), rect.w, ink.BAD), (rect.x, top))


def _say(p: Painter, surf, rect: pygame.Rect, variants: list[tuple[str, str]], colour,
         lead: tuple[list[str], tuple] | None = None,
         last: tuple[str, str] | None = None) -> None:
    """The first of `variants` (words, then what they hang on, smaller) that fits in
    `rect` after the first of `lead`'s words that lets it fit; else the first whose
    words fit alone; else the last, its words cut and what they hang on kept whole (cut
    first, the forecast read as a result). The lead is shortened before the forecast:
    the longest lead took the forecast's shortest words ("5 vs Defense 5"), unsaid who
    attacks. `last`: said, as the last, before any of `variants` is cut."""
    font, small = ink.font(p.px(13), True), ink.font(p.px(12))
    leads = lead[0] if lead else [""]
    fits = [(s, w, t) for w, t in variants for s in leads
            if font.size(s + w)[0] + small.size(t)[0] <= rect.w]
    whole = [(s, w, t) for w, t in variants for s in leads if font.size(s + w)[0] <= rect.w]
    said, words, tail = (fits + whole + ([("", *last)] if last else [])
                         + [(leads[-1], *variants[-1])])[0]
    x = rect.x
    if said:
        out = ink.fit(said, p.px(13), rect.w, lead[1], True)
        surf.blit(out, (x, rect.centery - out.get_height() // 2))
        x += out.get_width()
    kept = small.size(tail)[0]  # the words cut anyway: room for it (a sliver: none)
    kept = kept if font.size(words)[0] > rect.right - x and 2 * kept <= rect.right - x else 0
    main = ink.fit(words, p.px(13), rect.right - x - kept, colour, True)
    y = rect.centery - main.get_height() // 2
    surf.blit(main, (x, y))
    room = rect.right - x - main.get_width()
    if tail and room > small.size("…")[0]:
        end = ink.fit(tail, p.px(12), room, ink.DIM)  # on the main words' foot
        surf.blit(end, (x + main.get_width(), y + main.get_height() - end.get_height()))
