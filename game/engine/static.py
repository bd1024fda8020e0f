"""Static effects in play: the cards with a `static` effect (held by units, Off Field,
or the Places themselves), filed by whom their steps may reach (a card, a cell, a
seat), and what the game's static effects can give at all (static_gives). What they give a
unit, their conditions read, is abilities.static_for's."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .cards import Effect
from .memo import places_memo, unseen_memo
from .state import GameState, Unit
from .targets import Cell, Ctx, opposes


def static_sources(st: GameState) -> Iterator[tuple[Ctx, Effect]]:
    """Every card in play with a `static` effect, with its context."""
    if not st.game.has_static:
        return
    yield from held_sources(st)
    yield from placed_sources(st)[0]


def held_sources(st: GameState) -> Iterator[tuple[Ctx, Effect]]:
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
# ability, what placed_only works out from them. In places_memo, with the has_static
# they were found by (a test taking a card out replaces that set).
def placed_sources(st: GameState) -> tuple[list[tuple[Ctx, Effect]], dict, dict]:
    kept = places_memo(st)
    g = st.game
    marked = g.has_static
    hit = kept.get("placed")
    if hit is not None and hit[0] is marked:
        return hit[1]
    found = g.memo.setdefault("placed", {})
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


def static_gives(g: Any) -> tuple[dict[str, frozenset[int]], frozenset[str]]:
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


def placed_only(st: GameState, ability: str) -> tuple | bool:
    """For _static_mods and _plain, once a reading: False if a card that units or the
    Off Field have may modify `ability`; else the tuple kept with the Places' sources
    (placed_sources) by ability: (the givers it was worked out from, the Places' filed sources
    whose cards may modify it in their order, the givers a unit or the Off Field may
    have, and the (cards, cells, seats) those sources may reach, so a unit is looked up
    without a key made). Game.memo's "gives" is replaced when a card is added, so the
    givers tell a stale entry. A Location or Haven card is never carried nor Off Field:
    when every giver is one, no unit need be looked at. Kept in the reading's memo."""
    memo = st.scratch.memo
    found = memo.get(("placed only", ability))
    if found is None:
        found = memo["placed only", ability] = _placed_only_now(st, ability)
    return found


def _placed_only_now(st: GameState, ability: str) -> tuple | bool:
    givers = static_gives(st.game)[0][ability]
    _, filed, by_ability = placed_sources(st)
    kept = by_ability.get(ability)
    if kept is None or kept[0] is not givers:
        index = {}
        for key, found in filed.items():
            mine = [x for x in found if x[1].card in givers]
            if mine:
                index[key] = mine
        reached = tuple(frozenset(at for kind, at in index if kind == k)
                        for k in ("card", "pos", "seat"))  # _reach_keys' kinds
        kept = by_ability[ability] = (givers, index, _holdable(st.game, givers), reached)
    elsewhere = kept[2]
    if elsewhere and not elsewhere.isdisjoint(_held_cards(st)[1]):
        return False
    return kept


def _holdable(g: Any, cards: frozenset[int]) -> frozenset[int]:
    """The cards that a unit may have or a seat may have Off Field: a Location or Haven
    card is in play only as a Place, placed or not."""
    return frozenset([c for c in cards if g.card(c).type not in ("location", "haven")])


def filed_sources(st: GameState, memo: dict) -> tuple[dict, dict]:
    """The held static sources and the Places', each filed by where they may land
    (_file), once a reading."""
    index = memo.get("sources")
    if index is None:
        index = memo["sources"] = (_file(st.game, held_sources(st)), placed_sources(st)[1])
    return index


def static_cells(st: GameState) -> frozenset[Cell]:
    """In a reading: the cells where a static source in play may give whoever stands
    there anything (a modifier, a skill)."""
    memo = st.scratch.memo
    found = memo.get("static cells")
    if found is None:
        found = memo["static cells"] = frozenset(
            key[1] for index in filed_sources(st, memo) for key in index if key[0] == "pos")
    return found


# The conditions of `holds` that read where the holder stands: at what Place, with
# whom (a group's skills), whether in the Combat under way (at its cell; with none
# under way, nobody is).
_FIGHTING = frozenset({"in_combat", "against"})
_WHERE = frozenset({"at", "skill", "member_skill"}) | _FIGHTING


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
        givers = static_gives(st.game)[0].get(ability, ())
        # A card held in a Haven reaches its player's Characters in Havens only
        # (static_hits): where they stand tells whether it reaches them.
        filed = [(key, e, ctx.holder is not None and key[0] == "seat" and st.in_haven(ctx.holder))
                 for index in filed_sources(st, memo) for key, entries in index.items()
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


def filed_for(index: dict, u: Unit) -> list[tuple[Ctx, Effect]]:
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
    """The table of static effects' step targets, by the effect's id (the entry keeps
    the effect, so its id is not reused while it is a key). Beside the Game, not in
    Game.memo: filled as sources are met, its keys named the face-down Items in play
    that have a static effect (Boots carried) to whoever holds a view (its `game`, R16)."""
    return unseen_memo(g).setdefault("static_tos", {})


def _reach_keys(ctx: Ctx, to: str) -> list[tuple]:
    """Where a static step sent to `to` may land (see static_hits): on one card (its
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


def static_hits(st: GameState, ctx: Ctx, to: str, u: Unit) -> bool:
    h = ctx.holder
    if to == "holder":
        return h is not None and h.card == u.card
    if to == "group":
        if ctx.group:
            return u.card in ctx.group
        # A Place's source is held by a stand-in marked as a Disaster, in no `st.units`
        # (static_sources): its owner's Characters there are its group (a Haven's guests
        # are not). A real Disaster on the Field is in no player's group and has none of
        # its own but the one it fights (Basic Terms, Group).
        return h is not None and not u.disaster and u.owner == h.owner and u.pos == h.pos \
            and not (h.disaster and h.card in st.units)
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
