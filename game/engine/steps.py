"""The step kinds of card text (docs/card-format.md, Effects): what each does, with
the check of its parameter, registered in effects.STEPS.

Each action has the signature `(state, ctx, step, units, events)`, where `units`
are the Characters or Disasters the step's `to` names. Importing this module
registers every kind: the engine package does (game/engine/__init__.py), so
any process that imports the engine can run card effects.
"""
from __future__ import annotations

from functools import cache

from . import hooks
from .cards import Modifier, Step
from .defeat import defeat_character, defeat_disaster, wound
from .disasters import alliance, ally, cycle_ends, path_index
from .effects import (STEPS, check_count, check_count_or_all, check_hook, check_mods,
                      check_search, check_skill_map, check_true, parse_mods, register)
from .events import (Cancelled, CardDiscarded, CardDrawn, Damaged, DisasterJoinedGroup,
                     DisasterMoved, ItemDestroyed, ItemStolen, Modified, Moved)
from .fighting import in_combat
from .items import drop_all
from .lasting import TRANSFORMED, has_flag
from .piles import draw_one
from .state import GameState, Lasting, Unit
from .steal import get_away
from .terrain import left_cell

__all__ = ["STEPS"]  # the registry, filled once this module is imported


def _last(st: GameState, ctx, step: Step, units: list[Unit], **what) -> None:
    """A lasting change, ended by its duration (docs/card-format.md, Durations).

    Time, Duration: "The amount of time a card stays in play for the player that
    plays it. ... the first Turn is the Turn it was played": N Turns of the card's
    controller, the Turn it was played first, whoever's it is. A Disaster is played by
    nobody: its text counts the affected player's Turns (R29)."""
    d = step.duration or "turn"
    card = st.game.card(ctx.card)
    source = ctx.card
    if card.type == "item" and ctx.holder is not None:
        # Items stay hidden from the other players (R16): the change names the
        # Character that used the Item as its source.
        source = ctx.holder.card
    for u in units:
        seat = u.owner if card.type == "disaster" else ctx.seat
        first = st.turn_seat if card.type != "disaster" and st.turn_seat != seat else -1
        st.add_lasting(Lasting(source, u.card, seat,
                               until="turns" if isinstance(d, int) else d,
                               turns_left=d if isinstance(d, int) else 0, first=first,
                               combat=st.combat_depth() if d == "combat" else 0, **what))


def _source_event(st: GameState, ctx, cls, *fields):
    return cls(ctx.card, *fields, to=ctx.who_sees_source(st))


@register("modify", check_mods, static=True, parse=parse_mods)
def _modify(st, ctx, step, units, ev):
    _last(st, ctx, step, units, mods=step.value)
    shown = _shown(step.value)
    for u in units:
        ev.append(_source_event(st, ctx, Modified, u.card, shown))


@cache
def _shown(mods: tuple[Modifier, ...]) -> tuple[str, ...]:
    """A step's modifiers as the Modified event says them: worked out once per card text."""
    return tuple(str(m) for m in mods)


@register("skill", check_skill_map, static=True, parse=lambda v: tuple(v.items()))
def _skill(st, ctx, step, units, ev):
    _last(st, ctx, step, units, skills=step.value)


@register("hold", check_count)
def _hold(st, ctx, step, units, ev):
    _last(st, ctx, Step("hold", step.value, step.to, step.value), units, flags=("hold",))


@register("no_action", check_count)
def _no_action(st, ctx, step, units, ev):
    _last(st, ctx, Step("no_action", step.value, step.to, step.value), units,
          flags=("no_action",))


@register("draw", check_count)
def _draw(st, ctx, step, units, ev):
    for _ in range(step.value):
        draw_one(st, ctx.seat, ev)  # a Disaster drawn comes into play


@register("discard", check_count)
def _discard(st, ctx, step, units, ev):
    seats = {u.owner for u in units if not u.disaster} if step.to != "player" else {ctx.seat}
    for seat in sorted(seats):
        hand = st.seats[seat].hand
        for _ in range(min(step.value, len(hand))):
            card = hand.pop(st.rng.randrange(len(hand)))
            st.seats[st.game.owner(card)].discard.append(card)
            ev.append(CardDiscarded(card, seat, "effect"))


@register("heal", check_count_or_all, idle=lambda st, step, units: not any(
    u.damage for u in units))
def _heal(st, ctx, step, units, ev):
    for u in units:
        u.damage = 0 if step.value == "all" else max(0, u.damage - step.value)


def _taker(st, ctx, u):
    """The Combat Disaster whose own ability Bonks or Kills `u` there, which takes its
    Item (Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an
    Item ... takes the Item the Character had"), as in a Combat round; else None."""
    by = ctx.holder
    if by is None or by.card != ctx.card or not st.game.card(by.card).is_combat_disaster:
        return None
    return by if by.card in st.units and by.pos == u.pos else None


@register("damage", check_count)
def _damage(st, ctx, step, units, ev):
    for u in units:
        kills = wound(st, u, step.value, ev)
        h = st.game.card(u.card).base_health - u.damage
        ev.append(_source_event(st, ctx, Damaged, u.card, step.value, h))
        if h <= 0:
            if u.disaster:
                defeat_disaster(st, u, ev)
            else:
                defeat_character(st, u, kills, _taker(st, ctx, u), ev)
        elif not in_combat(st, u):
            u.damage = 0  # out of Combat, Health comes back at once


@register("steal", lambda v: None if v == "item" else "must be item")
def _steal(st, ctx, step, units, ev):
    thief = ctx.holder
    for u in units:
        if u.items and thief is not None and thief is not u and thief.card in st.units:
            had_item = bool(thief.items)
            item = st.rng.choice(sorted(u.items))
            u.items.remove(item)
            if thief.disaster and thief.items:
                # A Disaster carries one Item: it drops the one it had (Rules for Disasters).
                drop_all(st, thief, ev)
            thief.items.append(item)
            # A thieving Character's player sees what it took (a Disaster reveals
            # nothing), and a robbed Character's player what it lost, its own to see.
            ev.append(ItemStolen(thief.card, u.card, item, to=tuple(sorted(
                {side.owner for side in (thief, u) if not side.disaster}))))
            # "1 full movement before anyone can attack", but not for a thief that held
            # an Item and stole from a Disaster: it "would automatically attack for the
            # Item the Character had" (Basic Terms, Steal).
            get_away(st, thief, had_item and u.disaster)
            return


@register("destroy_item", lambda v: None if v == "random" else "must be random")
def _destroy_item(st, ctx, step, units, ev):
    for u in units:
        if u.items:
            item = st.rng.choice(sorted(u.items))
            u.items.remove(item)
            st.destroyed.append(item)  # removed face down: only its holder's player knew it
            ev.append(ItemDestroyed(u.card, item, to=() if u.disaster else (u.owner,)))


@register("drop_items", lambda v: None if v == "all" else "must be all")
def _drop_items(st, ctx, step, units, ev):
    for u in units:
        drop_all(st, u, ev)


@register("bonk", check_true)
def _bonk(st, ctx, step, units, ev):
    for u in units:
        if not u.disaster:
            defeat_character(st, u, False, _taker(st, ctx, u), ev)


@register("cancel", check_true)
def _cancel(st, ctx, step, units, ev):
    stack = st.flash_stack
    for entry in list(stack):
        if entry.card == ctx.target:
            stack.remove(entry)
            st.seats[st.game.owner(entry.card)].discard.append(entry.card)
            ev.append(Cancelled(entry.card, ctx.card, to=ctx.who_sees_source(st)))


@register("search", check_search)
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
            ev.append(CardDrawn(ctx.seat, c, "search", to=(ctx.seat,)))
            break
    st.rng.shuffle(s.draw)


@register("send_home", check_true)
def _send_home(st, ctx, step, units, ev):
    # Hold: "Prevent an opponent from leaving their current Location" (and No Action:
    # it cannot move) keep a Character where it is; so does a transformation this Turn,
    # unless a Disaster moves it ("A Character that is transforming cannot be moved that
    # Turn except by a Disaster", Rules for Transforming Characters).
    by_disaster = st.game.card(ctx.card).type == "disaster"
    for u in units:
        if has_flag(st, u, "hold") or has_flag(st, u, "no_action") or (
                not by_disaster and has_flag(st, u, TRANSFORMED)):
            continue
        if not u.disaster and st.seats[u.owner].havens:
            origin = u.pos
            st.move_unit(u, st.seats[u.owner].havens[0])
            ev.append(Moved(u.owner, (u.card,), origin, u.pos, by=ctx.card,
                            to=ctx.who_sees_source(st)))
            left_cell(st, u.owner, origin)  # a Location it was attacking starts over


@register("flee", check_true)
def _flee(st, ctx, step, units, ev):
    """Flee: "Running Away, but for Disasters": the Combat ends with no final attack and
    the Disaster moves 1 Location on, one step along its path (R69), its allies there
    with it (Ally Disasters: they "move as a group"; R40: fighting one is fighting the
    alliance): off the last Location each ends its cycle (R3, R49). Where they arrive
    they stop once every Combat queued at the Location they fled is over (combat.end).
    An ally of the Disaster fought that flees takes the alliance with it (R130)."""
    c = st.combat
    if c is None or c.disaster not in st.units:
        return
    origin = st.units[c.disaster].pos
    band = [a for a in alliance(st, st.units[c.disaster]) if a.pos == origin]
    if {a.card for a in band}.isdisjoint(u.card for u in units):
        return
    c.fled = True
    nxt = path_index(st, origin) + 1
    if nxt >= len(st.path):
        band = cycle_ends(st, band, origin, ev)  # the Minor ones are Discarded
        if not band:
            return
        nxt = 0  # the Major ones re-enter at the top-right Location
    # They arrive there now, after the Disasters already there ("Disasters attack in the
    # order they arrived at the Location").
    st.stamp += 1
    for a in band:
        st.move_unit(a, st.path[nxt])
        a.arrived = st.stamp
        ev.append(DisasterMoved(a.card, origin, a.pos))
    c.landing += [a.card for a in band]


@register("ally", lambda v: None if v in ("primary", "follower", "group") else
          "must be primary, follower or group")
def _ally(st, ctx, step, units, ev):
    """Ally Disasters: the card's Disaster leads the affected Disasters (primary), or
    joins the first of them (follower); or the affected Disasters ally with the
    player's group at their Location (group: Allying with Characters)."""
    if step.value == "group":
        # Not the Disaster fought, nor its allies waiting their turn: fighting one allied
        # Disaster is fighting the alliance (R40; Beckoning Cat Figurine's "but one it is
        # fighting").
        c = st.combat
        fought = {a.card for a in alliance(st, st.units[c.disaster])} | {c.disaster} \
            if c is not None and c.disaster in st.units else set()
        for u in units:
            if u.disaster and st.chars_at(ctx.seat, u.pos) and u.card not in fought:
                st.ally_unit(u, ctx.seat)
                u.leader = -1
                ev.append(DisasterJoinedGroup(u.card, ctx.seat, u.pos))
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


@register("hook", check_hook, idle=lambda st, step, units: hooks.idle(st, step, units))
def _hook(st, ctx, step, units, ev):
    """A named Python hook (hooks.py) for what the language cannot say yet."""
    hooks.HOOKS[step.value](st, ctx, step, units, ev)
