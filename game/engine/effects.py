"""Card text as data: the registry of effect steps and how the engine applies them.

Each step kind has one entry in STEPS with its parameter check (run when the
card file is loaded, so a bad effect never reaches play) and its action. Who a
step affects (`to`) and how long it lasts (`for`) are the same for every kind.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from . import events as E
from .cards import ABILITIES, POWER_TYPES, CardDef, Effect, Modifier, Step
from .errors import LoadError
from .events import Event
from .hooks import HOOKS
from .items import drop_all
from .state import GameState, Lasting, Unit
from .yamlfile import shown

Cell = tuple[int, int]
TO = ("target", "holder", "group", "yours", "here", "opponents_here", "disasters_here", "player")
DURATIONS = ("turn", "combat", "game")
CONDITIONS = ("phase", "in_combat", "moved", "skill", "category", "at", "items",
              "target_items", "against")


@dataclass(slots=True)
class Ctx:
    """Where an effect comes from and whom it concerns."""

    card: int  # the source card instance
    seat: int  # its controller
    holder: Unit | None = None  # the Character carrying or hosting it, or the Disaster itself
    target: int | None = None  # the chosen target: a unit, or a card on the Flash stack
    group: list[int] = field(default_factory=list)  # a Disaster's group of Characters

    def cell(self, st: GameState) -> Cell | None:
        if self.holder is not None:
            return self.holder.pos
        if self.group and self.group[0] in st.units:
            return st.units[self.group[0]].pos
        return None


@dataclass(frozen=True, slots=True)
class StepKind:
    check: Callable[[Any], str | None]  # None if the value is right, else what is wrong
    run: Callable[[GameState, Ctx, Step, list[Unit], list[Event]], None]
    static: bool = False  # may stand in a `static` effect
    parse: Callable[[Any], Any] = lambda v: v


STEPS: dict[str, StepKind] = {}


def _register(name: str, check: Callable[[Any], str | None], static: bool = False,
              parse: Callable[[Any], Any] = lambda v: v):
    def wrap(fn):
        STEPS[name] = StepKind(check, fn, static, parse)
        return fn
    return wrap


# Parameter checks -----------------------------------------------------------

MAX_COUNT = 99  # a step's number (draw 2, damage 3, hold 2 turns): yamlfile.MAX_NUMBER


def _count(v: Any) -> str | None:
    return None if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_COUNT \
        else f"must be a whole number of at least 1 and at most {MAX_COUNT}"


def _count_or_all(v: Any) -> str | None:
    return None if v == "all" else _count(v)


def _true(v: Any) -> str | None:
    return None if v is True else "must be true"


def _skill_map(v: Any) -> str | None:
    if not isinstance(v, dict) or not v:
        return "must map skill names to counts"
    if any(not isinstance(k, str) or not isinstance(n, int) or isinstance(n, bool) or n == 0
           or abs(n) > MAX_COUNT for k, n in v.items()):
        return f"must map skill names to non-zero whole numbers from -{MAX_COUNT} to {MAX_COUNT}"
    return None


def _search(v: Any) -> str | None:
    if not isinstance(v, dict) or len(v) != 1 or not set(v) <= {"type", "category"}:
        return "must be {type: T} or {category: C}"
    if "type" in v and v["type"] not in POWER_TYPES:
        return f"type must be a Power card type ({', '.join(POWER_TYPES)})"
    if "category" in v and (not isinstance(v["category"], str) or not v["category"]):
        return "category must be a category name"
    return None


def _hook_name(v: Any) -> str | None:
    if isinstance(v, str) and v in HOOKS:
        return None
    return f"unknown hook {shown(v)} (hooks: {', '.join(sorted(HOOKS))})"


def parse_modifier(text: Any) -> tuple[str, int] | str:
    """'+2' -> ('+', 2); a bare '3' replaces; an error text if it is not one."""
    if not isinstance(text, str):
        return "a modifier is quoted text like \"+2\" (YAML reads +2 as a number)"
    t = text.strip()
    op = t[0] if t[:1] in ("+", "-", "x", "/") else "="
    digits = t[1:] if op != "=" else t
    if not digits.isdigit() or not digits.isascii():
        return f"{shown(text)} is not a modifier like \"+2\", \"-1\", \"x2\", \"/2\" or \"3\""
    if len(digits) > 6 or int(digits) > MAX_COUNT:
        return f"{shown(text)}: a modifier's number is at most {MAX_COUNT}"
    if op == "/" and int(digits) == 0:
        return "cannot divide by 0"
    return op, int(digits)


def _mods(v: Any) -> str | None:
    if not isinstance(v, dict) or not v:
        return "must map abilities to modifiers"
    for k, m in v.items():
        if k not in ABILITIES:
            return f"{shown(k)} is not an ability ({', '.join(ABILITIES)})"
        parsed = parse_modifier(m)
        if isinstance(parsed, str):
            return parsed
    return None


def _parse_mods(v: dict) -> tuple[Modifier, ...]:
    return tuple(Modifier(k, *parse_modifier(m)) for k, m in v.items())


# Who a step affects --------------------------------------------------------

def affected(st: GameState, ctx: Ctx, to: str) -> list[Unit]:
    cell = ctx.cell(st)
    if to == "target":
        u = st.units.get(ctx.target) if ctx.target is not None else None
        return [u] if u is not None else []
    if to == "holder":
        return [ctx.holder] if ctx.holder is not None and ctx.holder.card in st.units else []
    if to == "group":
        if ctx.group:
            return [st.units[c] for c in ctx.group if c in st.units]
        h = ctx.holder
        return st.chars_at(h.owner, h.pos) if h is not None and not h.disaster else []
    if to == "yours":
        return st.characters(ctx.seat)
    units = [u for u in st.units.values() if u.pos == cell] if cell is not None else []
    if to == "here":
        return [u for u in units if not u.disaster]
    if to == "disasters_here":
        return [u for u in units if u.disaster]
    if to == "opponents_here":
        return [u for u in units if _opposes(st, ctx, u)]
    return []


def _opposes(st: GameState, ctx: Ctx, u: Unit) -> bool:
    """A Disaster's opponents are every Character; a player's, the Disasters and the
    other players' Characters."""
    if st.game.card(ctx.card).type == "disaster":
        return not u.disaster
    return u.disaster or u.owner != ctx.seat


def _last(st: GameState, ctx: Ctx, step: Step, units: list[Unit], **what) -> None:
    """A lasting change, ended by its duration (docs/card-format.md, Durations)."""
    d = step.duration or "turn"
    source = ctx.card
    if st.game.card(ctx.card).type == "item" and ctx.holder is not None:
        # Items stay hidden from the other players (R16): the change names the
        # Character that used the Item as its source.
        source = ctx.holder.card
    for u in units:
        st.lasting.append(Lasting(source, u.card, u.owner,
                                  until="turns" if isinstance(d, int) else d,
                                  turns_left=d if isinstance(d, int) else 0, **what))


# The steps --------------------------------------------------------------------

@_register("modify", _mods, static=True, parse=_parse_mods)
def _modify(st, ctx, step, units, ev):
    _last(st, ctx, step, units, mods=step.value)
    for u in units:
        ev.append(Event(E.EFFECT, {"card": ctx.card, "step": "modify", "unit": u.card,
                                   "mods": [str(m) for m in step.value]}))


@_register("skill", _skill_map, static=True, parse=lambda v: tuple(v.items()))
def _skill(st, ctx, step, units, ev):
    _last(st, ctx, step, units, skills=step.value)


@_register("hold", _count)
def _hold(st, ctx, step, units, ev):
    _last(st, ctx, Step("hold", step.value, step.to, step.value), units, flags=("hold",))


@_register("no_action", _count)
def _no_action(st, ctx, step, units, ev):
    _last(st, ctx, Step("no_action", step.value, step.to, step.value), units,
          flags=("no_action",))


@_register("draw", _count)
def _draw(st, ctx, step, units, ev):
    from .turns import draw_one  # drawing can bring a Disaster into play

    for _ in range(step.value):
        draw_one(st, ctx.seat, ev)


@_register("discard", _count)
def _discard(st, ctx, step, units, ev):
    seats = {u.owner for u in units if not u.disaster} if step.to != "player" else {ctx.seat}
    for seat in sorted(seats):
        hand = st.seats[seat].hand
        for _ in range(min(step.value, len(hand))):
            card = hand.pop(st.rng.randrange(len(hand)))
            st.seats[st.game.owner(card)].discard.append(card)
            ev.append(Event(E.CARD_DISCARDED, {"seat": seat, "card": card, "why": "effect"}))


@_register("heal", _count_or_all)
def _heal(st, ctx, step, units, ev):
    for u in units:
        u.damage = 0 if step.value == "all" else max(0, u.damage - step.value)


@_register("damage", _count)
def _damage(st, ctx, step, units, ev):
    from .combat import defeat_character, defeat_disaster

    for u in units:
        u.damage += step.value
        h = st.game.card(u.card).base_health - u.damage
        ev.append(Event(E.EFFECT, {"card": ctx.card, "step": "damage", "unit": u.card,
                                   "damage": step.value, "health_after": h}))
        if h <= 0:
            if u.disaster:
                defeat_disaster(st, u, ev)
            else:
                defeat_character(st, u, h <= -st.game.card(u.card).base_health, None, ev)
        elif not in_combat(st, u):
            u.damage = 0  # out of Combat, Health comes back at once


def in_combat(st: GameState, u: Unit) -> bool:
    """The unit is the Disaster or one of the Characters of the Combat under way."""
    c = st.combat
    if c is None:
        return False
    if u.disaster:
        return u.card == c.disaster
    return u.owner == c.seat and u.pos == c.cell


@_register("steal", lambda v: None if v == "item" else "must be item")
def _steal(st, ctx, step, units, ev):
    thief = ctx.holder
    for u in units:
        if u.items and thief is not None and thief is not u and thief.card in st.units:
            item = st.rng.choice(sorted(u.items))
            u.items.remove(item)
            if thief.disaster and thief.items:
                # A Disaster carries one Item: it drops the one it had (Rules for Disasters).
                drop_all(st, thief, ev)
            thief.items.append(item)
            ev.append(Event(E.ITEM_TAKEN, {"by": thief.card, "from": u.card}, thief.owner,
                            {"card": item}))
            return


@_register("destroy_item", lambda v: None if v == "random" else "must be random")
def _destroy_item(st, ctx, step, units, ev):
    for u in units:
        if u.items:
            item = st.rng.choice(sorted(u.items))
            u.items.remove(item)
            st.destroyed.append(item)
            ev.append(Event(E.ITEM_DESTROYED, {"holder": u.card, "card": item}))


@_register("drop_items", lambda v: None if v == "all" else "must be all")
def _drop_items(st, ctx, step, units, ev):
    for u in units:
        drop_all(st, u, ev)


@_register("bonk", _true)
def _bonk(st, ctx, step, units, ev):
    from .combat import defeat_character

    for u in units:
        if not u.disaster:
            defeat_character(st, u, False, None, ev)


@_register("cancel", _true)
def _cancel(st, ctx, step, units, ev):
    for entry in list(st.stack):
        if entry.card == ctx.target:
            st.stack.remove(entry)
            st.seats[st.game.owner(entry.card)].discard.append(entry.card)
            ev.append(Event(E.CANCELLED, {"card": entry.card, "by": ctx.card}))


@_register("search", _search)
def _search_pile(st, ctx, step, units, ev):
    """Look through the Draw pile, from the top, for a Power card of a type or a
    category (never a Disaster); the pile is shuffled afterwards."""
    s = st.seats[ctx.seat]
    (key, want), = step.value.items()
    for c in reversed(s.draw):
        cd = st.game.card(c)
        if cd.type == "disaster":
            continue
        if (cd.type == want) if key == "type" else (want in cd.categories):
            s.draw.remove(c)
            s.hand.append(c)
            ev.append(Event(E.CARD_DRAWN, {"seat": ctx.seat, "search": True}, ctx.seat,
                            {"card": c}))
            break
    st.rng.shuffle(s.draw)


@_register("send_home", _true)
def _send_home(st, ctx, step, units, ev):
    for u in units:
        if not u.disaster and st.seats[u.owner].havens:
            u.pos = st.seats[u.owner].havens[0]
            ev.append(Event(E.MOVED, {"seat": u.owner, "chars": [u.card], "to": u.pos,
                                      "by": ctx.card}))


@_register("flee", _true)
def _flee(st, ctx, step, units, ev):
    c = st.combat
    if c is not None and any(u.card == c.disaster for u in units):
        c.fled = True


@_register("ally", lambda v: None if v in ("primary", "follower", "group") else
           "must be primary, follower or group")
def _ally(st, ctx, step, units, ev):
    """Ally Disasters: the card's Disaster leads the affected Disasters (primary), or
    joins the first of them (follower); or the affected Disasters ally with the
    player's group at their Location (group: Allying with Characters)."""
    from .disasters import ally

    if step.value == "group":
        for u in units:
            if u.disaster and st.chars_at(ctx.seat, u.pos) and u.card != (
                    st.combat.disaster if st.combat else None):
                u.ally_seat, u.leader = ctx.seat, -1
                ev.append(Event(E.DISASTERS_ALLIED, {"ally": u.card, "seat": ctx.seat,
                                                     "cell": u.pos}))
        return
    me = ctx.holder
    others = [u for u in units if u.disaster and me is not None and u is not me]
    if me is None or not me.disaster or not others:
        return
    if step.value == "primary":
        for u in others:
            ally(st, me, u, ev)
    else:
        ally(st, others[0], me, ev)


@_register("hook", _hook_name)
def _hook(st, ctx, step, units, ev):
    """A named Python hook (hooks.py) for what the language cannot say yet."""
    HOOKS[step.value](st, ctx, step, units, ev)


# Conditions, costs, uses -----------------------------------------------------------

def check_condition(key: str, value: Any) -> str | None:
    if key == "phase":
        from .state import TURN_PHASES
        vals = value if isinstance(value, list) else [value]
        bad = [v for v in vals if v not in TURN_PHASES]
        return f"unknown phase {shown(bad[0])}" if bad else None
    if key in ("in_combat", "moved"):
        return None if isinstance(value, bool) else "must be true or false"
    if key == "skill":
        return _skill_map(value)
    if key in ("category", "at"):
        return None if isinstance(value, str) and value else "must be a category name"
    if key in ("items", "target_items"):
        return _count(value)
    if key == "against":
        return None if value in ("major", "minor") else "must be major or minor"
    return f"unknown condition ({', '.join(CONDITIONS)})"


def usable_by(st: GameState, card: int, h: Unit) -> bool:
    """The Character carrying or hosting a card can use it: it meets an Equipment's or
    an Item's requirements (Rules for Equipment, Rules for Items), and an Enhancement is
    not turned over for want of Energy (Rules for Enhancements)."""
    from .abilities import active_enhancements, meets

    cd = st.game.card(card)
    if cd.type in ("equipment", "item") and not cd.requires.empty:
        return meets(st, [h], cd.requires)
    if cd.type == "enhancement" and card in h.enhancements:
        return card in active_enhancements(st, h)
    return True


def holds(st: GameState, ctx: Ctx, effect: Effect) -> bool:
    from .abilities import skill_count

    h = ctx.holder
    if h is not None and not h.disaster and not usable_by(st, ctx.card, h):
        return False
    for key, value in effect.conditions:
        if key == "phase" and st.phase not in (value if isinstance(value, list) else [value]):
            return False
        if key == "in_combat" and _fights(st, h) != value:
            return False
        if key == "against" and not (_fights(st, h) and st.game.card(
                st.combat.disaster).disaster_class == value):
            return False
        if key == "target_items":
            t = st.units.get(ctx.target) if ctx.target is not None else None
            if t is None or len(t.items) < value:
                return False
        if h is None:
            continue
        if key == "skill":
            grp = affected(st, ctx, "group") or [h]
            if any(skill_count(st, grp, s) < n for s, n in value):
                return False
        if key == "category" and value not in st.game.card(h.card).categories:
            return False
        if key == "at":
            place = st.places.get(h.pos)
            if place is None or value not in st.game.card(place.card).categories:
                return False
        if key == "items" and len(h.items) < value:
            return False
        if key == "moved" and (h.moved > 0) != value:
            return False
    return True


def _fights(st: GameState, h: Unit | None) -> bool:
    """The holder takes part in the Combat under way (Basic Terms, Opponent): a Character
    of the fighting group or the Disaster; a Location or Haven, one fought at; a card
    without a holder (Global Effect, Haven), any Combat of the game."""
    c = st.combat
    if c is None:
        return False
    if h is None:
        return True
    if h.card in st.units:
        return in_combat(st, h)
    return h.pos == c.cell


def use_limit(effect: Effect) -> int | None:
    """Basic Terms, Uses: unless stated otherwise, a use is once per Turn."""
    return effect.uses if effect.uses is not None else (1 if effect.on == "use" else None)


def uses_left(st: GameState, card: int, index: int, effect: Effect) -> bool:
    limit = use_limit(effect)
    return limit is None or st.uses.get((card, index), 0) < limit


def payable(st: GameState, ctx: Ctx, effect: Effect) -> bool:
    from .abilities import total

    payer = _payer(st, ctx)
    if effect.energy and (payer is None or total(st, payer, "energy") < effect.energy):
        return False
    return len(st.seats[ctx.seat].hand) >= effect.discards + (
        1 if st.game.card(ctx.card).type == "flash_effect" and ctx.card in st.seats[ctx.seat].hand
        else 0)


def _payer(st: GameState, ctx: Ctx) -> Unit | None:
    """Who pays an Energy cost: the Character using the card (its holder), else the
    player's own Character it targets (a Flash or Global Effect). An opposing Character
    is never made to pay (Rules for Characters; guideline 2.4), nor a Disaster."""
    h = ctx.holder
    if h is not None and not h.disaster and h.card in st.units:
        return h
    t = st.units.get(ctx.target) if ctx.target is not None else None
    if t is not None and not t.disaster and t.owner == ctx.seat:
        return t
    return None


def run(st: GameState, ctx: Ctx, card: CardDef, index: int, ev: list[Event]) -> bool:
    """Apply one effect of a card if its condition holds and its cost is paid."""
    effect = card.effects[index]
    if not holds(st, ctx, effect) or not uses_left(st, ctx.card, index, effect):
        return False
    if not payable(st, ctx, effect):
        return False
    if effect.energy:
        _payer(st, ctx).spent += effect.energy
    hand = st.seats[ctx.seat].hand
    for _ in range(effect.discards):
        c = hand.pop(st.rng.randrange(len(hand)))
        st.seats[st.game.owner(c)].discard.append(c)
    if use_limit(effect) is not None:
        st.uses[(ctx.card, index)] = st.uses.get((ctx.card, index), 0) + 1
    for step in effect.steps:
        STEPS[step.kind].run(st, ctx, step, affected(st, ctx, step.to), ev)
    if st.combat is not None and effect.on in ("use", "play", "combat_round"):
        settle_combat(st, ev, may_end=effect.on != "combat_round")
    return True


def settle_combat(st: GameState, ev: list[Event], may_end: bool) -> None:
    """An effect changed the Combat under way: its Disaster was Defeated or fled, or
    Characters left it (Bonked, Killed, sent home). The Combat ends if its Disaster or
    its group is gone; a new target is chosen if the target is gone; a round whose
    undeclared Characters are all gone is resolved. Inside a `combat_round` trigger
    (may_end False) the round's start ends the Combat itself."""
    from . import combat as C

    c = st.combat
    if c is None or c.running:
        return
    chars = C.group(st)
    if c.disaster not in st.units or c.fled or not chars:
        if may_end:
            C.end(st, ev)
        elif c.disaster not in st.units:
            c.fled = True  # the round's start sees it and ends the Combat
        return
    here = {u.card for u in chars}
    c.to_declare = [x for x in c.to_declare if x in here]
    c.attackers = [x for x in c.attackers if x in here]
    c.protectors = [x for x in c.protectors if x in here]
    if c.target not in here:
        c.target = C.choose_target(st, chars).card
        c.protectors = [x for x in c.protectors if x != c.target]
        ev.append(Event(E.COMBAT_TARGET, {"round": c.round, "disaster": c.disaster,
                                          "target": c.target}))
    if may_end and not c.to_declare:
        C._resolve_round(st, ev)


# How many triggered effects may set each other off in one chain (a `revealed` effect
# that draws, revealing a Disaster whose `revealed` effect draws, ...). The loops
# that never end are refused when the cards are loaded (cardfile._no_loop); this
# bound ends any other as one clear error rather than a RecursionError.
MAX_CHAIN = 64
_chain = threading.local()


class EffectLoop(LoadError):
    """Triggered effects set each other off more than MAX_CHAIN times in one chain."""


def trigger(st: GameState, ctx: Ctx, trigger_name: str, ev: list[Event]) -> None:
    card = st.game.card(ctx.card)
    if not any(e.on == trigger_name for e in card.effects):
        return
    depth = getattr(_chain, "depth", 0)
    if depth >= MAX_CHAIN:
        path, line = card.source
        raise EffectLoop(path or card.id, line or None, "effects",
                         f"more than {MAX_CHAIN} effects set each other off in one chain "
                         f"({card.id}'s `{trigger_name}` effect was next): the cards' "
                         "effects loop")
    _chain.depth = depth + 1
    try:
        for i, e in enumerate(card.effects):
            if e.on == trigger_name:
                run(st, ctx, card, i, ev)
    finally:
        _chain.depth = depth


# Static effects --------------------------------------------------------------

def static_sources(st: GameState) -> Iterator[tuple[Ctx, Effect]]:
    """Every card in play with a `static` effect, with its context."""
    g = st.game
    if not g.has_static:
        return
    for u in st.units.values():
        # Disasters do not use Items (guideline 2.8): only their own card counts.
        for c in [u.card] if u.disaster else [u.card] + u.enhancements + u.equipment + u.items:
            if c in g.has_static:
                for e in g.card(c).effects_on("static"):
                    yield Ctx(c, u.owner, u), e
    for o in st.off_field:
        if o.card in g.has_static:
            for e in g.card(o.card).effects_on("static"):
                yield Ctx(o.card, o.seat, None, group=list(o.chars)), e
    for cell, p in st.places.items():
        if p.card in g.has_static:
            anchor = Unit(p.card, p.owner, cell, disaster=True)  # the place itself, as a holder
            for e in g.card(p.card).effects_on("static"):
                yield Ctx(p.card, p.owner, anchor), e


# How deep static_for is nested on this thread (0: not running), and whether the
# condition being checked asks for skills. Per thread, because the window's AI thinks
# on another thread than the one drawing.
_computing = threading.local()


@contextmanager
def static_memo() -> Iterator[None]:
    """While the state stands still (listing legal actions, an AI reading a position),
    what static effects give each unit is worked out once."""
    outer = getattr(_computing, "memo", None)
    if outer is None:
        _computing.memo = {}
    try:
        yield
    finally:
        if outer is None:
            _computing.memo = None


def reading_memo() -> dict | None:
    """The memo of static_memo() when one is open and no static effect is being worked
    out (whose conditions see fewer effects, so their totals must not be remembered)."""
    if getattr(_computing, "depth", 0):
        return None
    return getattr(_computing, "memo", None)


def static_for(st: GameState, u: Unit) -> tuple[list[Modifier], list[tuple[str, int]]]:
    """Modifiers and skills that static effects give a unit now.

    A static effect's condition (and its card's requirements) sees no static
    modifier, and only the skills granted by static effects without a condition
    (whose own cards' requirements see no static effect): a skill an Enhancement
    grants meets another card's `skill` condition (guideline 4.9), and no static
    effect can hang on itself. An Off Field card (Global Effect, endured Disaster)
    has no holder: its conditions are checked on each Character it affects."""
    depth = getattr(_computing, "depth", 0)
    if depth >= 2 or not st.game.has_static or (depth and not _computing.skills):
        return [], []
    memo = getattr(_computing, "memo", None) if depth == 0 else None
    if memo is not None and (id(st), u.card) in memo:
        return memo[id(st), u.card]
    asked = getattr(_computing, "skills", False)
    _computing.depth = depth + 1
    try:
        mods: list[Modifier] = []
        skills: list[tuple[str, int]] = []
        for ctx, e in _sources(st):
            if depth and e.conditions:
                continue
            ok: bool | None = None
            for step in e.steps:
                if step.kind not in ("modify", "skill") or not _static_hits(st, ctx, step.to, u):
                    continue
                if depth and step.kind == "modify":
                    continue
                if ok is None:
                    who = ctx if ctx.holder is not None else Ctx(ctx.card, ctx.seat, u,
                                                                  group=ctx.group)
                    _computing.skills = bool(st.game.card(ctx.card).requires.skills) or any(
                        k == "skill" for k, _ in e.conditions)
                    ok = holds(st, who, e)
                if ok:
                    (mods if step.kind == "modify" else skills).extend(step.value)
        if memo is not None:
            memo[id(st), u.card] = mods, skills
        return mods, skills
    finally:
        _computing.depth, _computing.skills = depth, asked


def _sources(st: GameState) -> Iterable[tuple[Ctx, Effect]]:
    """static_sources, listed once while a static_memo() is open: every unit's
    static_for walks the same sources."""
    memo = getattr(_computing, "memo", None)
    if memo is None:
        return static_sources(st)
    key = (id(st), "sources")
    found = memo.get(key)
    if found is None:
        found = memo[key] = list(static_sources(st))
    return found


def _static_hits(st: GameState, ctx: Ctx, to: str, u: Unit) -> bool:
    h = ctx.holder
    if to == "holder":
        return h is not None and h.card == u.card
    if to == "group":
        if ctx.group:
            return u.card in ctx.group
        return h is not None and not u.disaster and u.owner == h.owner and u.pos == h.pos
    if to == "yours":
        return not u.disaster and u.owner == ctx.seat
    if h is None or u.pos != h.pos:
        return False
    if to == "here":
        return not u.disaster
    if to == "disasters_here":
        return u.disaster
    if to == "opponents_here":
        return _opposes(st, ctx, u)
    return False


# Targets a player may choose -------------------------------------------------------

def choices(st: GameState, seat: int, where: Cell | None, target) -> list[int]:
    """The instance ids a `target:` selector allows, in a stable order."""
    if target.select == "flash":
        return [e.card for e in st.stack if target.owner == "any"
                or (e.seat == seat) == (target.owner == "you")]
    out = []
    for u in sorted(st.units.values(), key=lambda u: u.card):
        if u.disaster != (target.select == "disaster"):
            continue
        if not u.disaster and target.owner != "any" and (u.owner == seat) != (target.owner == "you"):
            continue
        if target.at == "here" and (where is None or u.pos != where):
            continue
        if target.at == "haven" and not st.in_haven(u):
            continue
        out.append(u.card)
    return out
