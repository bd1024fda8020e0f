"""Card text as data: the registry of effect steps, and how an effect is run.

Each step kind has one entry in STEPS with its parameter check (run when the
card file is loaded, so a bad effect never reaches play) and its action; the
actions are written in steps.py, which registers them. Who a step affects (`to`)
and how long it lasts (`for`) are the same for every kind. An effect is run when
its trigger fires, if its condition holds (abilities.holds), its uses are left
and its cost is paid; then every pending decision hears of it (a Combat may have
lost its Disaster or its group).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .abilities import holds, total
from .cards import ABILITIES, POWER_TYPES, CardDef, Effect, Modifier, Step
from .errors import LoadError
from .events import CardDiscarded, Event
from .field import Cell
from .hooks import HOOKS
from .memo import scratch
from .state import TURN_PHASES, GameState, Unit
from .targets import Ctx, affected
from .yamlfile import SHORT_TEXT, shown

TO = ("target", "holder", "group", "yours", "here", "opponents_here", "disasters_here", "player")
DURATIONS = ("turn", "combat", "game")
CONDITIONS = ("phase", "in_combat", "moved", "skill", "member_skill", "category", "at",
              "items", "target_items", "target_hand", "against", "discarded")


@dataclass(frozen=True, slots=True)
class StepKind:
    check: Callable[[Any], str | None]  # None if the value is right, else what is wrong
    # None: a standing permission or bar, read where its rule is decided, that stands
    # only in a `static` effect (static effects are never run)
    run: Callable[[GameState, Ctx, Step, list[Unit], list[Event]], None] | None
    static: bool = False  # may stand in a `static` effect
    parse: Callable[[Any], Any] = lambda v: v
    # True when the step would change nothing for the units it affects (a heal with no
    # Damage to take back); None: it always acts
    idle: Callable[[GameState, Step, list[Unit]], bool] | None = None


STEPS: dict[str, StepKind] = {}


def register(name: str, check: Callable[[Any], str | None], static: bool = False,
             parse: Callable[[Any], Any] = lambda v: v, idle=None):
    """Register a step kind's action (steps.py) with its parameter check."""
    def wrap(fn):
        STEPS[name] = StepKind(check, fn, static, parse, idle)
        return fn
    return wrap


# Parameter checks -----------------------------------------------------------

MAX_COUNT = 99  # a step's number (draw 2, damage 3, hold 2 turns): yamlfile.MAX_NUMBER


def check_count(v: Any) -> str | None:
    return None if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_COUNT \
        else f"must be a whole number of at least 1 and at most {MAX_COUNT}"


def check_count_or_all(v: Any) -> str | None:
    return None if v == "all" else check_count(v)


def check_true(v: Any) -> str | None:
    return None if v is True else "must be true"


def check_skill_map(v: Any) -> str | None:
    if not isinstance(v, dict) or not v:
        return "must map skill names to counts"
    if any(not isinstance(k, str) or not isinstance(n, int) or isinstance(n, bool) or n == 0
           or abs(n) > MAX_COUNT for k, n in v.items()):
        return f"must map skill names to non-zero whole numbers from -{MAX_COUNT} to {MAX_COUNT}"
    return None


def check_search(v: Any) -> str | None:
    if not isinstance(v, dict) or len(v) != 1 or not set(v) <= {"type", "category"}:
        return "must be {type: T} or {category: C}"
    if "type" in v and v["type"] not in POWER_TYPES:
        return f"type must be a Power card type ({', '.join(POWER_TYPES)})"
    if "category" in v and (not isinstance(v["category"], str) or not v["category"]):
        return "category must be a category name"
    return None


def check_hook(v: Any) -> str | None:
    if isinstance(v, str) and v in HOOKS:
        return None
    return f"unknown hook {shown(v)} (hooks: {', '.join(sorted(HOOKS))})"


def check_category(v: Any) -> str | None:
    return None if isinstance(v, str) and v.strip() and len(v) <= SHORT_TEXT \
        else f"must be a category name (at most {SHORT_TEXT} characters)"


def check_card_ids(v: Any) -> str | None:
    if isinstance(v, list) and v and all(isinstance(c, str) and c for c in v):
        return None
    return "must be a list of card ids"


# Standing permissions and bars (docs/card-format.md, Steps): read where Scavenging is
# decided (scavenging.py), never run. Categories: "Desert Face Mask allows you to
# Scavenge any Desert Location"; Miscellaneous Rules: "Shinjuku Police Building ...
# states 'Kozo Karino cannot Scavenge this Location.'"
STEPS["scavenge_any"] = StepKind(check_category, None, static=True)
STEPS["cannot_scavenge"] = StepKind(check_card_ids, None, static=True, parse=tuple)


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


def check_mods(v: Any) -> str | None:
    if not isinstance(v, dict) or not v:
        return "must map abilities to modifiers"
    for k, m in v.items():
        if k not in ABILITIES:
            return f"{shown(k)} is not an ability ({', '.join(ABILITIES)})"
        parsed = parse_modifier(m)
        if isinstance(parsed, str):
            return parsed
    return None


def parse_mods(v: dict) -> tuple[Modifier, ...]:
    return tuple(Modifier(k, *parse_modifier(m)) for k, m in v.items())


def check_condition(key: str, value: Any) -> str | None:
    if key == "phase":
        vals = value if isinstance(value, list) else [value]
        bad = [v for v in vals if v not in TURN_PHASES]
        return f"unknown phase {shown(bad[0])}" if bad else None
    if key in ("in_combat", "moved"):
        return None if isinstance(value, bool) else "must be true or false"
    if key in ("skill", "member_skill"):
        return check_skill_map(value)
    if key in ("category", "at"):
        return None if isinstance(value, str) and value else "must be a category name"
    if key in ("items", "target_items", "target_hand"):
        return check_count(value)
    if key == "against":  # one class, or a list: [major, minor] is any Disaster
        vals = value if isinstance(value, list) and value else [value]
        return None if all(v in ("major", "minor") for v in vals) \
            else "must be major or minor, or a list of them"
    if key == "discarded":
        return None if value in POWER_TYPES else \
            f"must be a Power card type ({', '.join(POWER_TYPES)})"
    return f"unknown condition ({', '.join(CONDITIONS)})"


# Uses and costs ------------------------------------------------------------

def use_limit(effect: Effect) -> int | None:
    """Basic Terms, Uses: unless stated otherwise, a use is once per Turn."""
    return effect.uses if effect.uses is not None else (1 if effect.on == "use" else None)


def new_combat_round(st: GameState, c: Any) -> None:
    """A round of Combat `c` begins: the uses that come back each round, those stated per
    round and the uses of a card with a number of uses (Basic Terms, Uses: "Power cards
    and Items that have a number uses may only be used once per round of Combat, or once
    per Turn"). A use made in a Combat that `c` was begun on top of (a thief's getaway)
    belongs to that Combat's round, not yet over: it comes back with that one's next."""
    g = st.game
    depth = st.combat_depth(c)

    def back(card: int, index: int) -> bool:
        e = g.card(card).effects[index]
        return (e.per == "round" or (g.card(card).uses is not None and e.uses is None)) \
            and not 0 < st.used_in.get((card, index), 0) < depth

    st.uses = {k: n for k, n in st.uses.items() if k[1] < 0 or not back(*k)}


def uses_left(st: GameState, card: int, index: int, effect: Effect) -> bool:
    limit = use_limit(effect)
    return limit is None or st.uses.get((card, index), 0) < limit


def payable(st: GameState, ctx: Ctx, effect: Effect) -> bool:
    return unpaid(st, ctx, effect) is None


def unpaid(st: GameState, ctx: Ctx, effect: Effect) -> str | None:
    """Why the effect's cost cannot be paid now (None: it can): its Energy by the payer
    (_payer), its discards from the hand besides the Flash Effect played."""
    payer = _payer(st, ctx)
    if effect.energy:
        if payer is None:
            return f"its {effect.energy} Energy is paid by a Character of yours it targets"
        has = total(st, payer, "energy")
        if has < effect.energy:
            return f"it costs {effect.energy} Energy and c{payer.card} has {has}"
    hand = st.seats[ctx.seat].hand  # the card's type asked only of one in the hand
    besides = 1 if ctx.card in hand and st.game.card(ctx.card).type == "flash_effect" else 0
    if len(hand) < effect.discards + besides:
        cards = "a card" if effect.discards == 1 else f"{effect.discards} cards"
        return f"it costs {cards} discarded from your hand"
    return None


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
    if _targets_no_character(st, ctx, effect):
        return False
    if not payable(st, ctx, effect):
        return False
    if effect.energy:
        _payer(st, ctx).spent += effect.energy
    hand = st.seats[ctx.seat].hand
    for _ in range(effect.discards):  # "discard a card at random": face up, told to all
        c = hand.pop(st.rng.randrange(len(hand)))
        st.seats[st.game.owner(c)].discard.append(c)
        ev.append(CardDiscarded(c, ctx.seat, "cost"))
    if use_limit(effect) is not None:
        st.uses[(ctx.card, index)] = st.uses.get((ctx.card, index), 0) + 1
        st.used_in[(ctx.card, index)] = st.combat_depth()
    for step in effect.steps:
        STEPS[step.kind].run(st, ctx, step, affected(st, ctx, step.to), ev)
    for decision in st.pending[::-1]:  # what waits may have lost what it waits on
        decision.after_effect(st, ev, effect.on)
    return True


def applicable(st: GameState, ctx: Ctx, effect: Effect) -> bool:
    """Some step of the effect would change something now. A use that would change
    nothing (a heal with no Damage in the group, a decoy already the target) is not
    applicable: it waits until it is, its use kept (guideline 2.1), and is not made
    (guideline 4.11, an improper use)."""
    for step in effect.steps:
        idle = STEPS[step.kind].idle
        if idle is None or not idle(st, step, affected(st, ctx, step.to)):
            return True
    return False


def _targets_no_character(st: GameState, ctx: Ctx, effect: Effect) -> bool:
    """A Disaster's text for "the Character it targets" when it targets no Character: a
    Disaster allied with a group (R76), or nobody (every Character out-charmed it, Charm
    Combat with Disasters). The text is not applicable and waits, its use kept ("the
    instructions are ignored until they are applicable", Rules for Disasters)."""
    if effect.target is None or effect.target.select != "character" or ctx.target is None:
        return False
    t = st.units.get(ctx.target)
    return t is None or t.disaster


# How many triggered effects may set each other off in one chain (a `revealed` effect
# that draws, revealing a Disaster whose `revealed` effect draws, ...). The loops
# that never end are refused when the cards are loaded (cardfile._no_loop); this
# bound ends any other as one clear error rather than a RecursionError.
MAX_CHAIN = 64


class EffectLoop(LoadError):
    """Triggered effects set each other off more than MAX_CHAIN times in one chain."""


def trigger(st: GameState, ctx: Ctx, trigger_name: str, ev: list[Event]) -> None:
    card = st.game.card(ctx.card)
    if not card.effects_on(trigger_name):
        return
    r = scratch(st)
    depth = r.chain
    if depth >= MAX_CHAIN:
        path, line = card.source
        raise EffectLoop(path or card.id, line or None, "effects",
                         f"more than {MAX_CHAIN} effects set each other off in one chain "
                         f"({card.id}'s `{trigger_name}` effect was next): the cards' "
                         "effects loop")
    r.chain = depth + 1
    try:
        for i, e in enumerate(card.effects):
            if e.on == trigger_name:
                run(st, ctx, card, i, ev)
    finally:
        r.chain = depth


# Targets a player may choose -------------------------------------------------------

def choices(st: GameState, seat: int, where: Cell | None, target) -> list[int]:
    """The instance ids a `target:` selector allows, in a stable order (a unit's by card
    id). One of your Characters (every Flash Effect of the standard decks, asked each
    listing while it is in the hand) is read from yours, already in that order; the
    others are found among every unit and the few found sorted (a listing asks this of
    a card or two: every unit sorted first cost more)."""
    if target.select == "flash":
        return [e.card for e in st.flash_stack if target.owner == "any"
                or (e.seat == seat) == (target.owner == "you")]
    out = []
    mine = target.select == "character" and target.owner == "you"
    for u in st.characters_by_card(seat) if mine else st.units.values():
        if u.disaster != (target.select == "disaster"):
            continue
        if not u.disaster and target.owner != "any" and (u.owner == seat) != (target.owner == "you"):
            continue
        if target.at == "here" and (where is None or u.pos != where):
            continue
        # "in your Haven" (Training Arc): its own player's, not one it is a guest in.
        if target.at == "haven" and (u.disaster or u.pos not in st.seats[u.owner].havens):
            continue
        out.append(u.card)
    return out if mine else sorted(out)
