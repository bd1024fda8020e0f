"""Reading the board: totals of abilities and skills, Card Requirements, and what
card effects give or ask while in play (static effects and effects' conditions).

They live together because they call each other: a total counts static effects,
a static effect holds only if its condition does, and a condition may ask for a
skill that a static effect grants (guideline 4.9).

Static modifiers (Enhancements, Equipment, Global Effects, endured Disasters,
Flash Effects) apply in the order replace, then + and -, then x and /: "doubles
its Attack" doubles the Total Attack (guideline 1.3); Combat cards then apply one
after another in the order they were drawn. Totals of Attack, Defense and Charm
never go below 0 (R10, guideline 1.5).

What they work out while the state stands still is kept in memo.py's memos.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import ELEMENTS, VEHICLE_CLASSES, CardDef, Effect, Modifier, Requirements
from .memo import Scratch, open_memo, places_memo, scratch
from .state import GameState, Unit, by_card

Cell = tuple[int, int]
_NON_NEGATIVE = ("attack", "defense", "charm")
_OP_ORDER = {"=": 0, "+": 1, "-": 1, "x": 2, "/": 2}


# Where an effect comes from ---------------------------------------------------------
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


def affected(st: GameState, ctx: Ctx, to: str) -> list[Unit]:
    """The units a step's `to` names (docs/card-format.md, Effects)."""
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
        return [u for u in units if opposes(st, ctx, u)]
    return []


def opposes(st: GameState, ctx: Ctx, u: Unit) -> bool:
    """A Disaster's opponents are every Character; a player's, the Disasters and the
    other players' Characters."""
    if st.game.card(ctx.card).type == "disaster":
        return not u.disaster
    return u.disaster or u.owner != ctx.seat


# Totals -----------------------------------------------------------------------------
def apply_static(base: int, mods: Sequence[Modifier]) -> int:
    if len(mods) > 1:
        mods = sorted(mods, key=_op_order)
    for m in mods:
        base = m.apply(base)
    return base


def _op_order(m: Modifier) -> int:
    return _OP_ORDER[m.op]


def clamp(ability: str, value: int) -> int:
    return max(0, value) if ability in _NON_NEGATIVE else value


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
        for e in u.enhancements:
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
    if r is None or not r.depth or r.paying or "energy" not in _gives(st.game)[0]:
        return static_modifiers(st, u, "energy", gross=True)
    kept = r.depth, r.skills, r.memo
    r.depth, r.skills, r.memo, r.paying = 0, False, None, True
    try:
        return static_modifiers(st, u, "energy", gross=True)
    finally:
        (r.depth, r.skills, r.memo), r.paying = kept, False


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
    """The Equipment a Character carries and uses this Turn (equip.py), its requirement met."""
    if not u.using:
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
    on = lasting_on(st, u) if st.lasting else ()
    mods = [m for x in on for m in x.mods if m.ability == ability] if on else []
    if ability in _gives(g)[0]:  # else no static effect of the game can modify it
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
        kept = [e for e in u.enhancements if not energy_cost(g.card(e))]
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


def horde_bonus(st: GameState, u: Unit, herd: list[tuple[int, frozenset]] | None = None) -> int:
    """Horde: every other like card in play is +1 Attack and Defense per Horde; Hordes
    give each other the bonus only through another category they share. `herd`: the
    Hordes in play (`hordes_in_play`), when the caller has them."""
    g = st.game
    # "Cards on Havens do not affect the Field and are not in Play" (guidelines, In Play).
    if not g.hordes or not g.likes[u.card] or st.in_haven(u):
        return 0
    return _likes(st, u.card, herd)


def place_ability(st: GameState, card: int, ability: str) -> int:
    """A Location's Attack or Defense: the printed one, and +1 for each Horde in play
    sharing a category with it ("every other like card in play"; a Location is in
    play). A Location without the ability gets none from a Horde."""
    printed = st.game.card(card).ability(ability) or 0
    return printed + _likes(st, card) if printed and st.game.hordes else printed


def _likes(st: GameState, card: int, herd: list[tuple[int, frozenset]] | None = None) -> int:
    """The Hordes in play, other than `card`, that share a category with it but Horde."""
    cats = st.game.likes[card]
    if not cats:
        return 0
    if herd is None:
        herd = hordes_in_play(st)
    return sum(1 for h, like in herd if h != card and not cats.isdisjoint(like))


def hordes_in_play(st: GameState) -> list[tuple[int, frozenset]]:
    """The Hordes in play, each card with its categories but Horde: on the Field and not
    in a Haven, or Off Field ("These cards are still in play": an endured non-Combat
    Disaster, a Global Effect); listed once while a reading is open."""
    memo = st.scratch.memo if st.scratch is not None else None
    if memo is not None and "herd" in memo:
        return memo["herd"]
    hordes = st.game.hordes
    herd = [(h.card, hordes[h.card]) for h in st.units.values()
            if h.card in hordes and not st.in_haven(h)]
    herd += [(o.card, hordes[o.card]) for o in st.off_field if o.card in hordes]
    if memo is not None:
        memo["herd"] = herd
    return herd


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
    return value if value >= 0 or ability not in _NON_NEGATIVE else 0  # clamp, inline


def _plain(st: GameState, ability: str) -> tuple:
    """Once a reading, for _plain_total: each unit's lasting modifiers of `ability` in
    the order apply_static applies them; the cards, cells and seats the Places' static
    sources that may modify it may reach (_placed_only); the cards that name it
    (Game.bears: their modifiers, costs or endured modifiers); the seats with one of
    those Off Field; and whether a Horde bonus may apply. Empty when a card units or
    the Off Field have may modify it."""
    g = st.game
    reach: Any = None
    if ability in _gives(g)[0]:
        reach = _placed_only(st, ability)
        if reach is False:
            return ()
    lasted: dict = {}
    for x in st.lasting:
        for m in x.mods:
            if m.ability == ability:
                lasted.setdefault(x.unit, []).append(m)
    for mods in lasted.values():
        if len(mods) > 1:
            mods.sort(key=_op_order)
    bearing = g.bears.get(ability)
    owners = {o.seat for o in st.off_field if o.card in bearing} \
        if bearing is not None and st.off_field else ()
    cards, cells, seats = reach[3] if reach is not None else ((),) * 3
    return (lasted, cards, cells, seats, bearing, owners,
            bool(g.hordes) and ability in ("attack", "defense"))


def lasting_on(st: GameState, u: Unit) -> Sequence[Any]:
    """The lasting effects on a unit, in the order they were made. An open reading's
    index is read here without a call to _lasting_index: every total asks."""
    r = st.scratch
    index = r.memo.get("lasting") if r is not None and r.memo is not None else None
    if index is None:
        index = _lasting_index(st)
        if index is None:
            return [x for x in st.lasting if x.unit == u.card]
    return index[0].get(u.card, ())


def _flags_on(st: GameState, u: Unit) -> Collection[str]:
    """The flags lasting effects put on a unit (Hold, No Action...), the index read as
    lasting_on reads it: a Move listing asks this of every Character several times."""
    r = st.scratch
    index = r.memo.get("lasting") if r is not None and r.memo is not None else None
    if index is None:
        index = _lasting_index(st)
        if index is None:  # a loop, as chars_at: applying asks this of a unit or two
            flags: set[str] = set()
            for x in st.lasting:
                if x.unit == u.card:
                    flags.update(x.flags)
            return flags
    return index[1].get(u.card, ())


def _lasting_index(st: GameState) -> tuple[dict, dict, set] | None:
    """While a reading is open (the state stands still), the lasting effects filed
    once by unit, their flags, and the units they give or take skills: None outside
    a reading."""
    r = st.scratch
    memo = r.memo if r is not None else None
    if memo is None:
        return None
    index = memo.get("lasting")
    if index is None:  # one pass, and no flag set for a unit without flags
        by_unit: dict = {}
        flags: dict = {}
        skills = set()
        for x in st.lasting:
            unit = x.unit
            on = by_unit.get(unit)
            if on is None:
                by_unit[unit] = [x]
            else:
                on.append(x)
            if x.flags:
                flags[unit] = flags[unit].union(x.flags) if unit in flags else frozenset(x.flags)
            if x.skills:
                skills.add(unit)
        index = memo["lasting"] = by_unit, flags, skills
    return index


def seat_characters(st: GameState, seat: int) -> Sequence[Unit]:
    """A player's Characters on the Field by card id: while a reading is open, listed
    once (the listings of a Move phase ask for them a dozen times)."""
    r = st.scratch
    memo = r.memo if r is not None else None
    out = memo.get(("chars", seat)) if memo is not None else None
    if out is None:
        out = sorted(st.characters(seat), key=by_card)
        if memo is not None:
            memo["chars", seat] = out
    return out


def units_by_card(st: GameState) -> Sequence[Unit]:
    """Every unit on the Field by card id: while a reading is open, sorted once (each
    targeted card a listing offers picks from them)."""
    r = st.scratch
    memo = r.memo if r is not None else None
    out = memo.get("units") if memo is not None else None
    if out is None:
        out = sorted(st.units.values(), key=by_card)
        if memo is not None:
            memo["units"] = out
    return out


def health(st: GameState, u: Unit) -> int:
    """Health left: base Health (base Defense) less the Damage taken in this Combat."""
    return st.game.card(u.card).base_health - u.damage


def skill_count(st: GameState, chars: Iterable[Unit], skill: str) -> int:
    """Skills add up over a group; anti-skills subtract (Card Descriptions, Skills); skills
    an effect grants add to the printed ones (guideline 4.9)."""
    n = 0
    granted = skill in _gives(st.game)[1]  # else no static effect can grant it
    for u in chars:
        n += st.game.card(u.card).skill(skill)
        if st.lasting:
            n += sum(c for x in lasting_on(st, u) for s, c in x.skills if s == skill)
        if granted:
            n += sum(c for s, c in static_for(st, u)[1] if s == skill)
    return n


def skill_counts(st: GameState, u: Unit, names: Sequence[str]) -> dict[str, int]:
    """skill_count of one unit for several skills, its effects read once."""
    card = st.game.card(u.card)
    n = {s: card.skill(s) for s in names}
    for x in lasting_on(st, u) if st.lasting else ():
        for s, c in x.skills:
            if s in n:
                n[s] += c
    if not _gives(st.game)[1].isdisjoint(names):  # else no static effect grants them
        for s, c in static_for(st, u)[1]:
            if s in n:
                n[s] += c
    return n


def printed_skills(st: GameState, u: Unit, names: Collection[str]) -> bool:
    """A unit's counts of these skills are its card's (skill_count): no static effect
    of the game can grant one, and no lasting effect on it gives or takes a skill."""
    if not _gives(st.game)[1].isdisjoint(names):
        return False
    if not st.lasting:
        return True
    index = _lasting_index(st)
    if index is None:
        return not any(x.skills for x in st.lasting if x.unit == u.card)
    return u.card not in index[2]


def has_flag(st: GameState, u: Unit, flag: str) -> bool:
    """Hold or No Action from a lasting effect."""
    return bool(st.lasting) and flag in _flags_on(st, u)


def has_any_flag(st: GameState, u: Unit, flags: frozenset[str]) -> bool:
    """has_flag of one of these flags, the unit's flags read once."""
    return bool(st.lasting) and not flags.isdisjoint(_flags_on(st, u))


# "Perform special abilities", "Use an Equipped card" and "Use cards" are three actions
# of the List of Actions: No Action prevents all three ("All of the above actions are
# prevented when a Character or Disaster 'has no actions'"), a charmer's order one.
NO_ABILITY = frozenset(("no_action", "no_ability"))
NO_EQUIPMENT = frozenset(("no_action", "no_equipment"))
NO_CARDS = frozenset(("no_action", "no_cards"))


def preventing(st: GameState, card: int, holder: Unit) -> frozenset[str]:
    """The flags that keep a holder from using this card of its: its own card's text is
    a special ability it performs, an Equipment's an Equipped card used, an Item's or an
    Enhancement's a card used."""
    if card == holder.card:
        return NO_ABILITY
    return NO_EQUIPMENT if st.game.card(card).type == "equipment" else NO_CARDS

# The triggers on which a holder performs its card's text: not a static text, nor what
# befalls a card (played, revealed, Defeated).
_PERFORMED = frozenset(("use", "combat_round", "turn_start", "scavenge"))

# A lasting flag to the end of the Turn: the Character changed form (transforming.py).
TRANSFORMED = "transformed"
_STUCK = frozenset(("hold", "no_action", TRANSFORMED))


def stays_put(st: GameState, u: Unit) -> bool:
    """Its player cannot move it now: Hold ("Prevent an opponent from leaving their
    current Location"), No Action (it cannot move), or a transformation this Turn ("A
    Character that is transforming cannot be moved that Turn except by a Disaster")."""
    return bool(st.lasting) and not _STUCK.isdisjoint(_flags_on(st, u))  # has_any_flag, inline


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
    g = st.game
    cards = [g.card(u.card) for u in chars]
    for s, n in req.skills:
        if skill_count(st, chars, s) < n:
            return False
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


# Categories ------------------------------------------------------------------------
def scavenge_grants(st: GameState, group: Sequence[Unit], location: int) -> list[int]:
    """The cards whose static `scavenge_any` step lets this group Scavenge the Location
    whatever its requirements (Categories: "Desert Face Mask allows you to Scavenge any
    Desert Location"): the step names a category of the Location and reaches a Character
    of the group, and its effect's condition holds (the holder can use the card)."""
    cats = st.game.card(location).categories
    if not cats:
        return []
    found = []
    for ctx, e in static_sources(st):
        step = next((s for s in e.steps if s.kind == "scavenge_any" and s.value in cats), None)
        if step is None:
            continue
        for u in group:
            who = ctx if ctx.holder is not None else Ctx(ctx.card, ctx.seat, u, group=ctx.group)
            if _static_hits(st, ctx, step.to, u) and holds(st, who, e):
                found.append(ctx.card)
                break
    return found


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


# The conditions of `holds` that read where the holder stands: at what Place, with
# whom (a group's skills), whether in the Combat under way (at its cell; with none
# under way, nobody is).
_FIGHTING = frozenset({"in_combat", "against"})
_WHERE = frozenset({"at", "skill", "member_skill"}) | _FIGHTING


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
        if key == "in_combat" and (not _fights(st, h, now) if value else _fights(st, h)):
            return False
        if key == "against" and not _against(
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


def fought_in(st: GameState, u: Unit) -> Any:
    """The uppermost Combat (with a Disaster or between players) the unit is the Disaster
    or one of the Characters of, wherever it waits in the stack, or None. A Combat
    another was begun on top of (a thief's getaway) has not ended: its fighters are in
    Combat till it does ("Damage to Health is accrued during Physical Combat. The
    Health ... at the end of Combat is immediately restored", Combat)."""
    for d in reversed(st.pending):
        if d.kind == "combat":
            if (u.card == d.disaster) if u.disaster else (u.owner == d.seat and u.pos == d.cell):
                return d
        elif d.kind == "duel" and not u.disaster and u.pos == d.cell \
                and u.owner in (d.attacker, d.defender):
            return d
    return None


def in_combat(st: GameState, u: Unit) -> bool:
    """The unit is in a Combat, the one on top or one waiting below it (fought_in)."""
    return fought_in(st, u) is not None


def _fights(st: GameState, h: Unit | None, now: bool = False) -> bool:
    """The holder takes part in a Combat (Basic Terms, Opponent), with `now` the one
    fought now: a Character of a fighting group or the Disaster; a Location or Haven, one
    fought at; a card without a holder (Global Effect, Haven), any Combat of the game."""
    cell = st.fight_cell
    if cell is None:
        return False
    if h is None:
        return True
    if h.card in st.units:
        c = fought_in(st, h)
        return c is not None and (not now or st.fought_now(c))
    return h.pos == cell


def _against(st: GameState, h: Unit | None, classes: list[str], now: bool) -> bool:
    """The holder fights a Disaster of one of the classes (with `now`, in the Combat
    fought now): a Character, in its own Combat, not the one on top when it waits below;
    a card without a holder, a Location or a Haven, in the Combat with a Disaster under
    way (_fights)."""
    if h is not None and h.card in st.units:
        c = fought_in(st, h)
        if c is not None and now and not st.fought_now(c):
            return False
    else:
        c = st.combat if _fights(st, h) else None
    return c is not None and c.kind == "combat" \
        and st.game.card(c.disaster).disaster_class in classes


# Static effects ------------------------------------------------------------------------
def static_sources(st: GameState) -> Iterator[tuple[Ctx, Effect]]:
    """Every card in play with a `static` effect, with its context."""
    if not st.game.has_static:
        return
    yield from _held_sources(st)
    yield from _placed(st)[0]


def _held_sources(st: GameState) -> Iterator[tuple[Ctx, Effect]]:
    """static_sources but the Places': the cards Characters and Disasters have, then
    the Off Field cards."""
    g = st.game
    for c, at in _held_cards(st)[0]:
        for e in g.card(c).effects_on("static"):
            yield (Ctx(c, at.owner, at) if isinstance(at, Unit)
                   else Ctx(c, at.seat, None, group=list(at.chars))), e


def _held_cards(st: GameState) -> tuple[list[tuple[int, Any]], set[int]]:
    """The cards with a static effect that units have, each with its unit, then those
    Off Field, each with its entry; and the set of those cards. Found once while a
    reading is open (the state stands still)."""
    r = st.scratch
    memo = r.memo if r is not None else None
    if memo is not None and "held" in memo:
        return memo["held"]
    marked = st.game.has_static
    held = []
    for u in st.units.values():
        if u.card in marked:
            held.append((u.card, u))
        # Disasters do not use Items (guideline 2.8): only their own card counts. Most
        # units carry nothing: no tuple of their cards is made.
        if not u.disaster and (u.enhancements or u.equipment or u.items):
            held += [(c, u) for c in (*u.enhancements, *u.equipment, *u.items) if c in marked]
    if st.off_field:
        held += [(o.card, o) for o in st.off_field if o.card in marked]
    out = held, {c for c, _ in held}
    if memo is not None:
        memo["held"] = out
    return out


# The Places' static sources, listed and filed (_file), by the cell, card and owner of
# each Place with a static effect: all that these sources read (each Place stands as
# its own holder), so every state of the game shares them (Game.memo); with them, by
# ability, what _placed_only works out from them. In places_memo, with the has_static
# they were found by (a test taking a card out replaces that set).
def _placed(st: GameState) -> tuple[list[tuple[Ctx, Effect]], dict, dict]:
    kept = places_memo(st)
    g = st.game
    marked = g.has_static
    hit = kept.get("placed")
    if hit is not None and hit[0] is marked:
        return hit[1]
    found = g.memo.get("placed")
    if found is None:
        found = g.memo["placed"] = {}
    key = tuple([(cell, p.card, p.owner) for cell, p in st.places.items() if p.card in marked])
    placed = found.get(key)
    if placed is None:
        if len(found) > 4096:
            found.clear()
        sources = []
        for cell, card, owner in key:
            anchor = Unit(card, owner, cell, disaster=True)  # the place itself, as a holder
            sources += [(Ctx(card, owner, anchor), e) for e in g.card(card).effects_on("static")]
        placed = found[key] = (sources, _file(g, sources), {})
    kept["placed"] = marked, placed
    return placed


def _gives(g: Any) -> tuple[dict[str, frozenset[int]], frozenset[str]]:
    """What the game's static effects can give: the abilities they modify, each with the
    cards that modify it, and the skills they grant. A total or skill count of anything
    else need not ask static_for. Kept in Game.memo with the has_static it was worked out
    from (a card added, or a test taking one out, replaces that set), and worked out
    again when it is replaced."""
    hit = g.memo.get("gives")
    if hit is None or hit[0] is not g.has_static:
        givers: dict[str, set[int]] = {}
        skills: set[str] = set()
        for i in g.has_static:
            for e in g.card(i).effects_on("static"):
                for step in e.steps:
                    if step.kind == "modify":
                        for m in step.value:
                            givers.setdefault(m.ability, set()).add(i)
                    elif step.kind == "skill":
                        skills.update(name for name, _ in step.value)
        hit = g.memo["gives"] = (g.has_static, {a: frozenset(c) for a, c in givers.items()},
                                 frozenset(skills))
    return hit[1], hit[2]


def placed_modifiers(st: GameState, units: Iterable[Unit]) -> dict[int, tuple[Modifier, ...]]:
    """The modifiers the Places' static effects give each of `units` now (a Location's
    -1 Defense to the Disasters there), for those some Place's effect reaches: the
    Places are face up and their conditions are read on the Place itself, so every seat
    can work these out."""
    if not st.game.has_static:
        return {}
    index, r, out = _placed(st)[1], scratch(st), {}
    for u in units:
        sources = _filed(index, u)
        if sources:
            out[u.card] = tuple(_static_walk(st, r, u, sources)[0])
    return out


def _static_mods(st: GameState, u: Unit, ability: str) -> list[Modifier]:
    """static_for's modifiers of one ability. While a reading is open, when no card that
    units or the Off Field have can modify it (on the standard level, only a Location
    gives Movement), only the Places' sources that modify it are walked: the Move
    listing's Movement totals need not file every held source nor work out the rest."""
    r = st.scratch
    memo = r.memo if r is not None else None
    if memo is not None and not r.depth and u.card not in memo:  # static_for not known yet
        only = _placed_only(st, ability)
        if only is not False:
            placed = _filed(only[1], u)
            return [m for m in _static_walk(st, r, u, placed)[0] if m.ability == ability] \
                if placed else []
    return [m for m in static_for(st, u)[0] if m.ability == ability]


def _placed_only(st: GameState, ability: str) -> tuple | bool:
    """For _static_mods and _plain, once a reading: False if a card that units or the
    Off Field have may modify `ability`; else the tuple kept with the Places' sources
    (_placed) by ability: (the givers it was worked out from, the Places' filed sources
    whose cards may modify it in their order, the givers not these Places' cards, and
    the (cards, cells, seats) those sources may reach, so a unit is looked up without a
    key made). Game.memo's "gives" is replaced when a card is added, so the givers
    tell a stale entry. A card that is a Place is neither carried nor Off Field: when
    every giver is one of these Places, no unit need be looked at. Kept in the
    reading's memo."""
    memo = st.scratch.memo
    found = memo.get(("placed only", ability))
    if found is None:
        found = memo["placed only", ability] = _placed_only_now(st, ability)
    return found


def _placed_only_now(st: GameState, ability: str) -> tuple | bool:
    givers = _gives(st.game)[0][ability]
    sources, filed, by_ability = _placed(st)
    kept = by_ability.get(ability)
    if kept is None or kept[0] is not givers:
        index = {}
        for key, found in filed.items():
            mine = [x for x in found if x[1].card in givers]
            if mine:
                index[key] = mine
        reached = tuple(frozenset(at for kind, at in index if kind == k)
                        for k in ("card", "pos", "seat"))  # _reach_keys' kinds
        kept = by_ability[ability] = (givers, index,
                                      givers - {ctx.card for ctx, _ in sources}, reached)
    elsewhere = kept[2]
    if elsewhere and not elsewhere.isdisjoint(_held_cards(st)[1]):
        return False
    return kept


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
                if step.kind not in ("modify", "skill") or not _static_hits(st, ctx, step.to, u):
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
    them (the Places' last): the Places' are filed once (_placed) by whom their steps
    may reach (_reach_keys); while a reading is open, the held ones are listed once and
    filed too, so each unit's static_for walks only its own few."""
    if r.memo is None:  # a lone total (applying): the held sources are few
        return [*_held_sources(st), *_filed(_placed(st)[1], u)]
    index = _filed_sources(st, r.memo)
    return _filed(index[0], u) + _filed(index[1], u)


def _filed_sources(st: GameState, memo: dict) -> tuple[dict, dict]:
    """The held static sources and the Places', each filed by where they may land
    (_file), once a reading."""
    index = memo.get("sources")
    if index is None:
        index = memo["sources"] = (_file(st.game, _held_sources(st)), _placed(st)[1])
    return index


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
    if ability in _NON_NEGATIVE and value <= 0:
        return None
    if any(m.op in ("x", "/") for m in static_modifiers(st, u, ability)):
        return None
    givers = _gives(st.game)[0].get(ability, ())
    held, placed = _filed_sources(st, st.scratch.memo)
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
                if step.kind != "modify" or not _static_hits(st, ctx, step.to, unit):
                    continue
                for m in step.value:
                    if m.ability == ability:
                        if m.op not in ("+", "-"):
                            return None
                        value += sign * (m.value if m.op == "+" else -m.value)
    return clamp(ability, value)


def static_cells(st: GameState) -> frozenset[Cell]:
    """In a reading: the cells where a static source in play may give whoever stands
    there anything (a modifier, a skill)."""
    memo = st.scratch.memo
    found = memo.get("static cells")
    if found is None:
        found = memo["static cells"] = frozenset(
            key[1] for index in _filed_sources(st, memo) for key in index if key[0] == "pos")
    return found


def where_it_tells(st: GameState, ability: str,
                   fighting: bool = False) -> tuple[frozenset, frozenset[int], frozenset]:
    """In a reading, what may make a unit's `ability` other if it stood elsewhere: the
    cells where a static source in play may modify it for whoever stands there (a
    Location's, or a holder's to its group or those with it); and the cards and seats
    on which a source lands whose condition may read where its holder stands
    (_WHERE), or whose holder stands in a Haven. With `fighting`, what may make it
    other once it fights: the cells, cards and seats on which a source lands whose
    condition asks for a Combat (_FIGHTING: "+1 Attack in Combat")."""
    memo = st.scratch.memo
    found = memo.get(("tells", ability, fighting))
    if found is None:
        givers = _gives(st.game)[0].get(ability, ())
        # A card held in a Haven reaches its player's Characters in Havens only
        # (_static_hits): where they stand tells whether it reaches them.
        filed = [(key, e, ctx.holder is not None and key[0] == "seat" and st.in_haven(ctx.holder))
                 for index in _filed_sources(st, memo) for key, entries in index.items()
                 for _, ctx, e in entries if ctx.card in givers] if givers else []
        if fighting:
            told = [key for key, e, _ in filed if any(k in _FIGHTING for k, _ in e.conditions)]
        else:
            where = _WHERE if st.fight_cell is not None else _WHERE - _FIGHTING
            told = [key for key, e, in_haven in filed
                    if key[0] == "pos" or in_haven or any(k in where for k, _ in e.conditions)]
        found = memo["tells", ability, fighting] = tuple(
            frozenset(key[1] for key in told if key[0] == kind) for kind in ("pos", "card", "seat"))
    return found


def _file(g: Any, sources: Iterable[tuple[Ctx, Effect]]) -> dict:
    """Static sources numbered in order and filed by where they may land (_reach_keys)."""
    index: dict = {}
    tos = _static_tos(g)
    for n, (ctx, e) in enumerate(sources):
        sent = tos.get(id(e))
        if sent is None:  # the `to` of its modify and skill steps, each once
            sent = tos[id(e)] = (e, tuple(dict.fromkeys(
                step.to for step in e.steps if step.kind in ("modify", "skill"))))
        keys = _reach_keys(ctx, sent[1][0]) if len(sent[1]) == 1 else \
            [key for to in sent[1] for key in _reach_keys(ctx, to)]
        for key in keys if len(keys) < 2 else set(keys):
            index.setdefault(key, []).append((n, ctx, e))
    return index


def _filed(index: dict, u: Unit) -> list[tuple[Ctx, Effect]]:
    """The sources filed that may reach `u`, in their order."""
    if not index:
        return []
    on_card = index.get(("card", u.card))
    at_pos = index.get(("pos", u.pos))
    on_seat = index.get(("seat", u.owner))
    if not (on_card or at_pos or on_seat):  # most units: nothing reaches them
        return []
    hits = [x for x in (on_card, at_pos, on_seat) if x]
    if len(hits) == 1:
        return [(ctx, e) for _, ctx, e in hits[0]]
    return [(ctx, e) for _, ctx, e in sorted({x[0]: x for h in hits for x in h}.values(),
                                             key=lambda x: x[0])]


def _static_tos(g: Any) -> dict:
    """Game.memo's table of static effects' step targets, by the effect's id (the entry
    keeps the effect, so its id is not reused while it is a key)."""
    tos = g.memo.get("static_tos")
    if tos is None:
        tos = g.memo["static_tos"] = {}
    return tos


def _reach_keys(ctx: Ctx, to: str) -> list[tuple]:
    """Where a static step sent to `to` may land (see _static_hits): on one card (its
    holder, each of a Disaster's group), at a cell, or on a seat's Characters."""
    h = ctx.holder
    if to == "holder":
        return [("card", h.card)] if h is not None else []
    if to == "group" and ctx.group:
        return [("card", c) for c in ctx.group]
    if to == "yours":
        return [("seat", ctx.seat)]
    if to in ("group", "here", "disasters_here", "opponents_here") and h is not None:
        return [("pos", h.pos)]
    return []


def _static_hits(st: GameState, ctx: Ctx, to: str, u: Unit) -> bool:
    h = ctx.holder
    if to == "holder":
        return h is not None and h.card == u.card
    if to == "group":
        if ctx.group:
            return u.card in ctx.group
        return h is not None and not u.disaster and u.owner == h.owner and u.pos == h.pos
    if to == "yours":
        # "Cards on Havens do not affect the Field" (guidelines, In Play): a card held in
        # a Haven reaches its player's Characters in Havens only. (A Place's own card
        # stands as a Disaster holder, never in a Haven: a Haven's text is not held.)
        return not u.disaster and u.owner == ctx.seat and (
            h is None or h.disaster or st.in_haven(u) or not st.in_haven(h))
    if h is None or u.pos != h.pos:
        return False
    if to == "here":
        return not u.disaster
    if to == "disasters_here":
        return u.disaster
    if to == "opponents_here":
        return opposes(st, ctx, u)
    return False
