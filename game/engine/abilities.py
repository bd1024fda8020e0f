"""Reading the board: totals of abilities and skills, Card Requirements, the costs
cards in play hold (upkeep), and what card effects give or ask while in play: static
effects' modifiers and skills (static_for) and effects' conditions (holds).

They live together because they call each other: a total counts static effects,
a static effect holds only if its condition does, a card's requirement may ask a
total, and a condition or requirement may ask for a skill that a static effect
grants (guideline 4.9). The order modifiers apply in is modifiers.py's; where static
sources may land, static.py's; lasting effects and their flags, lasting.py's.

What they work out while the state stands still is kept in memo.py's memos.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace
from typing import Any

from .cards import ELEMENTS, VEHICLE_CLASSES, CardDef, Effect, Modifier, Requirements
from .fighting import holder_fights, holder_fights_against
from .horde import horde_bonus
from .lasting import has_any_flag, has_flag, lasting_on, preventing
from .memo import Scratch, open_memo, scratch
from .modifiers import NON_NEGATIVE, apply_static, clamp, op_order
from .state import GameState, Unit
from .static import (filed_for, filed_sources, held_sources, placed_only, placed_sources,
                     static_gives, static_hits)
from .targets import Cell, Ctx, affected


# Totals --------------------------------------------------------------------------------
def energy_cost(card: CardDef) -> int:
    """The Energy a card's cost asks of its beneficiary ("-1 Energy")."""
    return sum(m.value for m in card.costs if m.ability == "energy" and m.op == "-")


def upkeep(st: GameState, u: Unit) -> tuple[list[int], list[int], int]:
    """Enhancements kept up and Global Effects paid for by a Character, and the Energy
    they hold. "If an Enhancement has a cost, it is paid as long as the Character has the
    Enhancement. If the cost becomes unpayable, the Enhancement cannot be used. Turn the
    card over." (Rules for Enhancements): the costs are held out of the Character's
    current Energy (not spent again), in the order the cards were played; one the Energy
    left cannot cover is turned over. A Global Effect's cost is its beneficiary's
    (Rules for Global Effects; guideline 6), held the same way after the Enhancements',
    and so is the cost of an Item that gives bonuses, by the Character using it (Rules
    for Items), in `paid` after them. The Energy they are held from counts every bonus
    but those of cards with an Energy cost themselves (a card cannot pay for itself)."""
    memo = open_memo(st)
    if memo is not None and ("upkeep", u.card) in memo:
        return memo["upkeep", u.card]
    g = st.game
    held, kept, paid = 0, [], []
    offered = _globals_for(st, u)
    if u.items:
        offered += [i for i in u.items if _owes(g.card(i))
                    and (g.card(i).requires.empty or meets(st, [u], g.card(i).requires))]
    if u.enhancements or offered:  # else nothing to hold, and no Energy to work out
        energy = apply_static(g.card(u.card).energy or 0, _paying_energy(st, u)) - u.spent
        for e in _usable_enhancements(st, u):
            cost = energy_cost(g.card(e))
            if held + cost <= energy:
                held += cost
                kept.append(e)
        for o in offered:
            cost = energy_cost(g.card(o))
            if held + cost <= energy:
                held += cost
                paid.append(o)
    out = kept, paid, held
    if memo is not None:
        memo["upkeep", u.card] = out
    return out


def _paying_energy(st: GameState, u: Unit) -> list[Modifier]:
    """The gross Energy modifiers upkeep holds the costs from, as a total reads them.
    Asked inside a static effect's condition (is the Enhancement whose text it is kept
    up?), the condition's depth sees no static modifier, so a Haven's "+1 Energy" that
    pays for the Enhancement went unseen and its text was lost while its bonuses stayed:
    they are worked out as at the top, remembering nothing meanwhile, and only once
    (`paying`): inside that, the Character's own texts pay for nothing."""
    r = st.scratch
    if r is None or not r.depth or r.paying or "energy" not in static_gives(st.game)[0]:
        return static_modifiers(st, u, "energy", gross=True)
    kept = r.depth, r.skills, r.memo
    r.depth, r.skills, r.memo, r.paying = 0, False, None, True
    try:
        return static_modifiers(st, u, "energy", gross=True)
    finally:
        (r.depth, r.skills, r.memo), r.paying = kept, False


def _usable_enhancements(st: GameState, u: Unit) -> list[int]:
    """The Enhancements whose requirement the host meets now: a card requires it "in
    order to be used" (Card Requirements), so one not met is turned over, as one its
    cost cannot be paid for, and holds no Energy (R134)."""
    g = st.game
    return [e for e in u.enhancements
            if g.card(e).requires.empty or meets(st, [u], g.card(e).requires)]


def _owes(card: CardDef) -> bool:
    """An Item whose bonuses its user keeps up with an Energy cost (upkeep)."""
    return bool(card.bonuses) and energy_cost(card) > 0


def active_enhancements(st: GameState, u: Unit) -> list[int]:
    """Enhancements whose cost is still paid; the rest are turned over (Rules for Enhancements)."""
    return upkeep(st, u)[0]


def _globals_for(st: GameState, u: Unit) -> list[int]:
    """Global Effects in play whose beneficiary `u` can be: its player's, their card's
    requirements met by `u` (Rules for Global Effects: "the Character using the Global
    Effect must ... meet the requirement"; guideline 6)."""
    g = st.game
    return [o.card for o in st.off_field if o.seat == u.owner
            and g.card(o.card).type == "global_effect"
            and (g.card(o.card).requires.empty or meets(st, [u], g.card(o.card).requires))]


def equipment_usable(st: GameState, u: Unit, card: CardDef) -> bool:
    """Rules for Equipment: the user must meet the requirement."""
    return card.requires.empty or meets(st, [u], card.requires)


def in_use(st: GameState, u: Unit) -> list[int]:
    """The Equipment a Character carries and uses this Turn (equip.py), its requirement met;
    none while a charmer's order prevents "Use an Equipped card" (orders.py)."""
    if not u.using or has_flag(st, u, "no_equipment"):
        return []
    memo = open_memo(st)
    if memo is not None and ("in_use", u.card) in memo:
        return memo["in_use", u.card]
    g = st.game
    out = [e for e in u.equipment if e in u.using and equipment_usable(st, u, g.card(e))]
    if memo is not None:
        memo["in_use", u.card] = out
    return out


def vehicle(st: GameState, u: Unit) -> int | None:
    """The Vehicle a Character is in: one it uses (Basic Terms, Driver / Pilot). Most
    use nothing: no generator is made (holds asks this of each special ability)."""
    if not u.using:
        return None
    return next((e for e in in_use(st, u)
                 if st.game.card(e).categories & set(VEHICLE_CLASSES)), None)


def static_modifiers(st: GameState, u: Unit, ability: str, gross: bool = False) -> list[Modifier]:
    """Every modifier in play on one of a unit's abilities. `gross`: for the Energy that
    costs are held from (upkeep), leaving out what the costs' own cards give."""
    g = st.game
    on = st.lasting_index.on.get(u.card)  # lasting_on, inline: every total asks
    mods = [m for x in on for m in x.mods if m.ability == ability] if on else []
    if ability in static_gives(g)[0]:  # else no static effect of the game can modify it
        mods += _static_mods(st, u, ability)
    if ability in ("attack", "defense") and (n := horde_bonus(st, u)):
        mods.append(Modifier(ability, "+", n))
    if u.disaster:
        return mods
    # Only cards whose own modifiers name the ability can change it below (Game.bears).
    bearing = g.bears.get(ability)
    if bearing is None or not (u.items or u.equipment or u.enhancements or st.off_field) \
            or not _bears(st, u, bearing):
        return mods
    costs = ability != "energy"  # an Energy cost is held or paid, not a modifier
    if gross:
        kept = [e for e in _usable_enhancements(st, u) if not energy_cost(g.card(e))]
        paid = [o for o in _globals_for(st, u) if not energy_cost(g.card(o))]
    elif _kept_may_give(st, u, ability, costs):
        kept, paid, _ = upkeep(st, u)
    else:
        kept = paid = []  # which are kept up cannot change this ability
    # A bare ability "replaces the Character's"; one pertaining to all the player's
    # Characters (a Global Effect's, an endured Disaster's) is overruled by one pertaining
    # to this Character alone (guideline 4.13, R123): theirs go first, to be replaced.
    general: list[Modifier] = []
    for e in kept + paid:
        card = g.card(e)
        if card.type == "item":  # a costed Item upkeep paid for: with the Items, below
            continue
        got = card.bonuses_on(ability) + (card.costs_on(ability) if costs else ())
        if card.type == "global_effect":
            general += [m for m in got if m.op == "="]
            got = [m for m in got if m.op != "="]
        mods += got
    # Rules for Equipment: what the pieces in use give, drawbacks and costs included
    # (their Energy cost was paid when the piece was put to use).
    for e in in_use(st, u):
        card = g.card(e)
        mods += card.bonuses_on(ability) if costs else \
            [m for m in card.bonuses_on(ability) if m not in card.costs]
        if costs:
            mods += card.costs_on(ability)
    # Items: "If an Item has a modifier before an ability ... it modifies that ability",
    # and "the Character using the Item must pay the cost or meet the requirement" (Rules
    # for Items): its costs come with its bonuses, for a holder that meets its
    # requirement; one with an Energy cost counts while upkeep pays for it (`paid`).
    for i in u.items:
        card = g.card(i)
        if card.bonuses and (i in paid if _owes(card) else
                             card.requires.empty or meets(st, [u], card.requires)):
            mods += card.bonuses_on(ability)
            if costs:
                mods += card.costs_on(ability)
    for o in st.off_field:
        if o.seat == u.owner and (not o.chars or u.card in o.chars):
            card = g.card(o.card)
            if card.type == "disaster":
                for m in card.endure:
                    if m.ability == ability:
                        (general if m.op == "=" else mods).append(m)
    return general + mods if general else mods


def _carries(u: Unit, cards: frozenset[int]) -> bool:
    """The unit has one of these cards as an Item, Equipment or Enhancement."""
    return not (cards.isdisjoint(u.items) and cards.isdisjoint(u.equipment)
                and cards.isdisjoint(u.enhancements))


def _bears(st: GameState, u: Unit, bearing: frozenset[int]) -> bool:
    """The unit carries, or its player has Off Field, one of these cards (a loop, not
    any() of a generator: a Move listing asks it of every Character)."""
    if _carries(u, bearing):
        return True
    for o in st.off_field:
        if o.card in bearing and o.seat == u.owner:
            return True
    return False


def _kept_may_give(st: GameState, u: Unit, ability: str, costs: bool) -> bool:
    """One of the Enhancements, Global Effects or Items whose costs `u` may keep up modifies
    `ability`: only then must upkeep say which are kept."""
    g = st.game
    for e in u.enhancements:
        card = g.card(e)
        if card.bonuses_on(ability) or (costs and card.costs_on(ability)):
            return True
    for o in st.off_field:
        card = g.card(o.card)
        if o.seat == u.owner and card.type == "global_effect" and (
                card.bonuses_on(ability) or (costs and card.costs_on(ability))):
            return True
    for i in u.items:
        card = g.card(i)
        if _owes(card) and (card.bonuses_on(ability) or (costs and card.costs_on(ability))):
            return True
    return False


def total(st: GameState, u: Unit, ability: str, combat_mods: Sequence[Modifier] = ()) -> int:
    """A unit's total ability (guideline: "Total" is base plus every modifier). In a
    reading, worked out once a unit, and without static_modifiers for a unit whose
    card and lasting effects alone decide it (_plain_total): most units, most times."""
    r = st.scratch  # open_memo, without the call: a listing asks a total of each Character
    memo = r.memo if r is not None and not r.depth and not combat_mods else None
    if memo is not None:
        key = (u.card, ability)
        value = memo.get(key)
        if value is None:
            value = _plain_total(st, memo, u, ability)
            if value is None:
                value = _total(st, u, ability, ())
            memo[key] = value
        return value
    return _total(st, u, ability, combat_mods)


def _total(st: GameState, u: Unit, ability: str, combat_mods: Sequence[Modifier]) -> int:
    """total worked out from every modifier."""
    value = getattr(st.game.instances[u.card], ability) or 0  # its card's printed ability
    mods = static_modifiers(st, u, ability)
    if mods:
        value = apply_static(value, mods)
    for m in combat_mods:
        if m.ability == ability:
            value = m.apply(value)
    if ability == "energy" and not u.disaster:
        value -= u.spent + upkeep(st, u)[2]  # spent, or held by the costs kept up
    return clamp(ability, value)


def _plain_total(st: GameState, memo: dict, u: Unit, ability: str) -> int | None:
    """total in a reading when nothing but the unit's card and lasting effects can
    change the ability (_plain says who else may): the value static_modifiers'
    modifiers give, as no static source may reach it, no card it carries or its seat
    has Off Field names the ability, and no Horde bonus applies. None for any other
    unit. A Move listing asks this of each Character."""
    plan = memo.get(("plain", ability))
    if plan is None:
        plan = memo["plain", ability] = _plain(st, ability)
    if not plan:  # a card units or the Off Field have may modify it: static_for decides
        return None
    lasted, cards, cells, seats, bearing, owners, horde = plan
    if u.card in cards or u.pos in cells or u.owner in seats or (horde and st.game.likes[u.card]):
        return None
    # Most Characters carry nothing: _carries is not asked of them.
    if not u.disaster and (u.owner in owners or bearing is not None and (
            u.items or u.equipment or u.enhancements) and _carries(u, bearing)):
        return None
    value = getattr(st.game.instances[u.card], ability) or 0
    for m in lasted.get(u.card, ()):
        value = m.apply(value)
    if ability == "energy" and not u.disaster:
        value -= u.spent  # upkeep holds none: a card with an Energy cost names Energy
    return value if value >= 0 or ability not in NON_NEGATIVE else 0  # clamp, inline


def _plain(st: GameState, ability: str) -> tuple:
    """Once a reading, for _plain_total: each unit's lasting modifiers of `ability` in
    the order apply_static applies them; the cards, cells and seats the Places' static
    sources that may modify it may reach (placed_only); the cards that name it
    (Game.bears: their modifiers, costs or endured modifiers); the seats with one of
    those Off Field; and whether a Horde bonus may apply. Empty when a card units or
    the Off Field have may modify it."""
    g = st.game
    reach: Any = None
    if ability in static_gives(g)[0]:
        reach = placed_only(st, ability)
        if reach is False:
            return ()
    lasted: dict = {}
    for x in st.lasting:
        for m in x.mods:
            if m.ability == ability:
                lasted.setdefault(x.unit, []).append(m)
    for mods in lasted.values():
        if len(mods) > 1:
            mods.sort(key=op_order)
    bearing = g.bears.get(ability)
    owners = {o.seat for o in st.off_field if o.card in bearing} \
        if bearing is not None and st.off_field else ()
    cards, cells, seats = reach[3] if reach is not None else ((),) * 3
    return (lasted, cards, cells, seats, bearing, owners,
            bool(g.hordes) and ability in ("attack", "defense"))


def health(st: GameState, u: Unit) -> int:
    """Health left: base Health (base Defense) less the Damage taken in this Combat."""
    return st.game.card(u.card).base_health - u.damage


# Skills and Card Requirements ----------------------------------------------------------
def skill_count(st: GameState, chars: Iterable[Unit], skill: str) -> int:
    """Skills add up over a group; anti-skills subtract (Card Descriptions, Skills); skills
    an effect grants add to the printed ones (guideline 4.9)."""
    n = 0
    g = st.game
    granted = skill in static_gives(g)[1]  # else no static effect can grant it
    on = st.lasting_index.on
    for u in chars:
        n += g.card(u.card).skill(skill)
        for x in on.get(u.card, ()):  # loops, not sum() of a generator made for each Character
            for s, c in x.skills:
                if s == skill:
                    n += c
        if granted:
            n += sum(c for s, c in static_for(st, u)[1] if s == skill)
    return n


def skill_counts(st: GameState, u: Unit, names: Sequence[str]) -> dict[str, int]:
    """skill_count of one unit for several skills, its effects read once."""
    card = st.game.card(u.card)
    n = {s: card.skill(s) for s in names}
    for x in lasting_on(st, u):
        for s, c in x.skills:
            if s in n:
                n[s] += c
    if not static_gives(st.game)[1].isdisjoint(names):  # else no static effect grants them
        for s, c in static_for(st, u)[1]:
            if s in n:
                n[s] += c
    return n


def printed_skills(st: GameState, u: Unit, names: Collection[str]) -> bool:
    """A unit's counts of these skills are its card's (skill_count): no static effect
    of the game can grant one, and no lasting effect on it gives or takes a skill."""
    if not static_gives(st.game)[1].isdisjoint(names):
        return False
    return u.card not in st.lasting_index.skilled


def has_trait(st: GameState, u: Unit, name: str) -> bool:
    """A skill, a category, or a carried Vehicle's category (e.g. Planetary)."""
    g = st.game
    card = g.card(u.card)
    if name in card.categories or skill_count(st, [u], name) > 0:
        return True
    return any(f"{name} Vehicle" in g.card(e).categories for e in in_use(st, u))


def meets(st: GameState, chars: Sequence[Unit], req: Requirements,
          _chain: frozenset[str] = frozenset()) -> bool:
    """Card Requirements, for a group of Characters. `_chain` holds the required cards
    whose own requirements are being checked, so a loop of cards requiring each other
    fails instead of recursing."""
    if not chars:
        return False
    for s, n in req.skills:
        if skill_count(st, chars, s) < n:
            return False
    if req.categories or req.females or req.males:  # most requirements name skills alone
        g = st.game
        cards = [g.card(u.card) for u in chars]
        for c in req.categories:
            if not any(c in card.categories for card in cards):
                return False
        if req.females and sum(card.gender == "female" for card in cards) < req.females:
            return False
        if req.males and sum(card.gender == "male" for card in cards) < req.males:
            return False
    for a, n in req.abilities:
        if not any(total(st, u, a) >= n for u in chars):
            return False
    if req.any_element and not any(skill_count(st, chars, e) > 0 for e in ELEMENTS):
        return False
    if req.illusion_piercing and skill_count(st, chars, "Illusion Piercing") <= 0:
        return False
    for c in req.cards:
        if not any(_has_card(st, u, c, _chain) for u in chars):
            return False
    return True


def _has_card(st: GameState, u: Unit, card_id: str, chain: frozenset[str]) -> bool:
    """Card Requirements, Another Card: the Character is the card, or carries it and
    could use it ("Tsunami requires Tenchi, The Master Key, which in turn requires the
    Royalty skill"): the Character using an Item or Equipment must meet its requirement
    (Rules for Items, Rules for Equipment), the carrier, not its group. "The other card
    is usually a Character or an Item": an Enhancement it has counts too, turned over
    or not (R126)."""
    g = st.game
    if g.card(u.card).id == card_id or any(g.card(e).id == card_id for e in u.enhancements):
        return True
    if card_id in chain:
        return False
    return any(g.card(i).id == card_id
               and (g.card(i).requires.empty
                    or meets(st, [u], g.card(i).requires, chain | {card_id}))
               for i in u.items + u.equipment)


# Conditions of effects -----------------------------------------------------------------
def usable_by(st: GameState, card: int, h: Unit) -> bool:
    """The Character carrying or hosting a card can use it: it meets an Equipment's or
    an Item's requirements (Rules for Equipment, Rules for Items), and an Enhancement is
    not turned over for want of Energy (Rules for Enhancements)."""
    cd = st.game.card(card)
    if cd.type == "equipment" and card in h.equipment:
        return card in in_use(st, h)
    if cd.type in ("equipment", "item", "global_effect") and not cd.requires.empty:
        return meets(st, [h], cd.requires)
    if cd.type == "enhancement" and card in h.enhancements:
        return card in active_enhancements(st, h)
    return True


# The triggers on which a holder performs its card's text: not a static text, nor what
# befalls a card (played, revealed, Defeated).
_PERFORMED = frozenset(("use", "combat_round", "turn_start", "scavenge"))


def holds(st: GameState, ctx: Ctx, effect: Effect) -> bool:
    """The effect's condition (`if:`) holds now, and its holder can use the card."""
    h = ctx.holder
    if h is not None and not h.disaster and not usable_by(st, ctx.card, h):
        return False
    if h is not None and ctx.card == h.card and not h.disaster and h.card in st.units \
            and vehicle(st, h) is not None:
        return False  # "Characters in Vehicles cannot use their special abilities."
    if h is not None and effect.on in _PERFORMED and st.lasting \
            and has_any_flag(st, h, preventing(st, ctx.card, h)):
        return False
    now = effect.on != "static"
    for key, value in effect.conditions:
        # A phase is one of its controller's own Turn ("Use in your Turn"): answering a
        # Flash Effect in another player's Move phase is not in one's own Move phase.
        if key == "phase" and (st.turn_seat != ctx.seat or st.phase not in (
                value if isinstance(value, list) else [value])):
            return False
        # Out of Combat is out of every Combat; a text used or triggered "in Combat" acts
        # in the Combat fought now, not one waiting below it (R119).
        if key == "in_combat" and (not holder_fights(st, h, now) if value
                                   else holder_fights(st, h)):
            return False
        if key == "against" and not holder_fights_against(
                st, h, value if isinstance(value, list) else [value], now):
            return False
        if key == "target_items":
            t = st.units.get(ctx.target) if ctx.target is not None else None
            if t is None or len(t.items) < value:
                return False
        if key == "discarded" and not any(
                st.game.card(c).type == value for c in st.seats[ctx.seat].discard):
            return False  # nothing for it to take back: an improper use (guideline 4.11)
        if key == "target_hand":  # "the player of the Character it targets discards"
            t = st.units.get(ctx.target) if ctx.target is not None else None
            if t is None or t.disaster or len(st.seats[t.owner].hand) < value:
                return False
        if h is None:
            continue
        if key == "skill":
            grp = affected(st, ctx, "group") or [h]
            if any(skill_count(st, grp, s) < n for s, n in value):
                return False
        if key == "member_skill":  # "a mechanic (Tech)": one Character has it (Skills)
            grp = affected(st, ctx, "group") or [h]
            if not any(all(skill_count(st, [m], s) >= n for s, n in value) for m in grp):
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


def unmet(st: GameState, ctx: Ctx, effect: Effect) -> str | None:
    """Why `holds` is false, in words (None when it holds): the holder's use of the card,
    or the first condition that fails. Asked only for a refusal. Each condition is tried
    alone through `holds` (they are independent there), so these words never restate
    what a condition asks of the state."""
    h = ctx.holder
    if not holds(st, ctx, replace(effect, conditions=())):
        if usable_by(st, ctx.card, h):
            return "Characters in Vehicles cannot use their special abilities"
        return _unusable(st, ctx.card, h)
    for key, value in effect.conditions:
        if not holds(st, ctx, replace(effect, conditions=((key, value),))):
            return _condition_words(key, value)
    return None


def _unusable(st: GameState, card: int, h: Unit) -> str:
    """Why the Character carrying or hosting a card cannot use it (usable_by)."""
    cd = st.game.card(card)
    if cd.type == "enhancement":
        if card not in _usable_enhancements(st, h):
            return (f"c{card} is turned over: c{h.card} does not meet its requirement "
                    f"({cd.requires.describe()}; R134)")
        return f"c{card} is turned over: c{h.card} cannot pay its Energy (Rules for Enhancements)"
    if cd.type == "equipment" and card in h.equipment and card not in h.using:
        return f"c{h.card} did not take c{card} into use in the Equip phase"
    return f"c{h.card} does not meet its requirement ({cd.requires.describe()})"


def _condition_words(key: str, value: Any) -> str:
    """What a condition of `holds` (docs/card-format.md, Conditions) asks, in words."""
    if key == "phase":
        phases = value if isinstance(value, list) else [value]
        return f"it is used only in your own {' or '.join(p.capitalize() for p in phases)} phase"
    if key == "in_combat":
        return "it is used only while the Character using it fights in a Combat, the one " \
            "fought now (R119)" if value \
            else "it is not used while the Character using it fights in a Combat"
    if key == "against":
        classes = value if isinstance(value, list) else [value]
        if len(set(classes)) > 1:
            return "it is used only in a Combat against a Disaster"
        return f"it is used only in a Combat against a {classes[0].capitalize()} Disaster"
    if key in ("target_items", "items"):
        whose = "its target" if key == "target_items" else "the Character using it"
        return f"{whose} must hold at least {value} Item{'s' if value > 1 else ''}"
    if key == "target_hand":
        return f"its target's player must hold at least {value} card{'s' if value > 1 else ''}"
    if key == "skill":
        return "the group of the Character using it needs " + ", ".join(
            f"{s}" + (f" x{n}" if n > 1 else "") for s, n in value)
    if key == "member_skill":
        return "a Character of the group of the Character using it needs " + ", ".join(
            f"{s}" + (f" x{n}" if n > 1 else "") for s, n in value)
    if key == "discarded":
        kind = value.replace('_', ' ').title()
        return f"your Discard pile must hold {'an' if kind[0] in 'AEIOU' else 'a'} {kind} " \
            "for it to take back"
    if key == "category":
        return f"the Character using it must be «{value}»"
    if key == "at":
        return f"the Character using it must stand at a «{value}» Place"
    return "it is used only after the Character using it moved this Turn" if value \
        else "it is used only instead of moving (the Character using it has moved this Turn)"


# Static effects ------------------------------------------------------------------------
def placed_modifiers(st: GameState, units: Iterable[Unit]) -> dict[int, tuple[Modifier, ...]]:
    """The modifiers the Places' static effects give each of `units` now (a Location's
    -1 Defense to the Disasters there), for those some Place's effect reaches: the
    Places are face up and their conditions are read on the Place itself, so every seat
    can work these out."""
    if not st.game.has_static:
        return {}
    index, r, out = placed_sources(st)[1], scratch(st), {}
    for u in units:
        sources = filed_for(index, u)
        if sources:
            out[u.card] = tuple(_static_walk(st, r, u, sources)[0])
    return out


def _static_mods(st: GameState, u: Unit, ability: str) -> list[Modifier]:
    """static_for's modifiers of one ability. While a reading is open, when no card that
    units or the Off Field have can modify it (on the standard level, only a Location
    gives Movement), only the Places' sources that modify it are walked: the Move
    listing's Movement totals need not file every held source nor work out the rest.
    Out of a reading (applying), where nothing is kept, only the sources whose cards
    may modify it are walked (a Combat's Attack total checks no Defense text)."""
    r = scratch(st)
    memo = r.memo
    if not r.depth:
        if memo is None:
            givers = static_gives(st.game)[0][ability]
            sources = [x for x in _sources(st, r, u) if x[0].card in givers]
            return [m for m in _static_walk(st, r, u, sources)[0] if m.ability == ability] \
                if sources else []
        if u.card not in memo:  # static_for not known yet
            only = placed_only(st, ability)
            if only is not False:
                placed = filed_for(only[1], u)
                return [m for m in _static_walk(st, r, u, placed)[0] if m.ability == ability] \
                    if placed else []
    return [m for m in static_for(st, u)[0] if m.ability == ability]


def static_for(st: GameState, u: Unit) -> tuple[list[Modifier], list[tuple[str, int]]]:
    """Modifiers and skills that static effects give a unit now.

    A static effect's condition (and its card's requirements) sees no static
    modifier, and only the skills granted by static effects without a condition
    (whose own cards' requirements see no static effect): a skill an Enhancement
    grants meets another card's `skill` condition (guideline 4.9), and no static
    effect can hang on itself. An Off Field card (Global Effect, endured Disaster)
    has no holder: its conditions are checked on each Character it affects."""
    if not st.game.has_static:
        return [], []
    r = scratch(st)
    depth = r.depth
    if depth >= 2 or (depth and not r.skills):
        return [], []
    # While the state stands still, both depths are remembered: what a condition sees
    # (depth 1, skills without a condition) is the same whichever effect asks.
    memo = r.memo
    key = u.card if depth == 0 else ("inner", u.card)
    if memo is not None and key in memo:
        return memo[key]
    out = _static_walk(st, r, u, _sources(st, r, u))
    if memo is not None:
        memo[key] = out
    return out


def _static_walk(st: GameState, r: Scratch, u: Unit,
                 sources: Iterable[tuple[Ctx, Effect]]) -> tuple[list[Modifier],
                                                                 list[tuple[str, int]]]:
    """What these static sources give `u` (static_for, at the reading's depth)."""
    depth = r.depth
    asked = r.skills
    r.depth = depth + 1
    try:
        mods: list[Modifier] = []
        skills: list[tuple[str, int]] = []
        for ctx, e in sources:
            if depth and e.conditions:
                continue
            ok: bool | None = None
            for step in e.steps:
                if step.kind not in ("modify", "skill") or not static_hits(st, ctx, step.to, u):
                    continue
                if depth and step.kind == "modify":
                    continue
                if ok is None:
                    who = ctx if ctx.holder is not None else Ctx(ctx.card, ctx.seat, u,
                                                                  group=ctx.group)
                    r.skills = bool(st.game.card(ctx.card).requires.skills) or any(
                        k in ("skill", "member_skill") for k, _ in e.conditions)
                    ok = holds(st, who, e)
                if ok:
                    (mods if step.kind == "modify" else skills).extend(step.value)
        return mods, skills
    finally:
        r.depth, r.skills = depth, asked


def _sources(st: GameState, r: Scratch, u: Unit) -> Iterable[tuple[Ctx, Effect]]:
    """static_sources, or those that may reach `u`, in the order static_sources gives
    them (the Places' last): the Places' are filed once (placed_sources) by whom their steps
    may reach (_reach_keys); while a reading is open, the held ones are listed once and
    filed too, so each unit's static_for walks only its own few."""
    if r.memo is None:  # a lone total (applying): the held sources are few
        return [*held_sources(st), *filed_for(placed_sources(st)[1], u)]
    index = filed_sources(st, r.memo)
    return filed_for(index[0], u) + filed_for(index[1], u)


def total_at(st: GameState, u: Unit, ability: str, cell: Cell) -> int | None:
    """In a reading: u's total were it to stand at `cell`, when all that differs
    between there and where it stands is what Places' static effects without a
    condition add to or take from this ability of whoever stands at them (a Dojo's
    +1 Attack). None where a Place's "=" or "x", a multiplier on u (it applies after
    the sum), an effect with a condition, or a holder's effect on those with it may
    differ, or the total is held at 0 (what it would be below is not known). What the
    Places give other abilities or as skills is the caller's to rule out (it changes
    this total only through requirements, costs and conditions: `board.totals_at`)."""
    value = total(st, u, ability)
    if ability in NON_NEGATIVE and value <= 0:
        return None
    if any(m.op in ("x", "/") for m in static_modifiers(st, u, ability)):
        return None
    givers = static_gives(st.game)[0].get(ability, ())
    held, placed = filed_sources(st, st.scratch.memo)
    for unit, sign in ((u, -1), (replace(u, pos=cell), 1)):
        key = ("pos", unit.pos)
        if any(ctx.card in givers for _, ctx, _ in held.get(key, ())):
            return None
        for _, ctx, e in placed.get(key, ()):
            if ctx.card not in givers:
                continue
            if e.conditions:
                return None
            for step in e.steps:
                if step.kind != "modify" or not static_hits(st, ctx, step.to, unit):
                    continue
                for m in step.value:
                    if m.ability == ability:
                        if m.op not in ("+", "-"):
                            return None
                        value += sign * (m.value if m.op == "+" else -m.value)
    return clamp(ability, value)
