"""Where every physical card of a game is: the zones a test checks for lost or
duplicated cards.

A card instance (an int, `Game.instances[i]`) must sit in exactly one zone of the
state between two actions. The zones are:

* each SeatState list: draw, combat, combat_discard, hand, discard, to_place,
  haven_to_place, disasters_to_deal, items_to_deal, unused, forms (the other cards
  of transforming Characters, kept out of play), and set_aside (whose entries are
  (card, return-at-turn) pairs);
* each Place: its own card, and the cards `under` it (a Location's face-down
  stack, a Haven's stored cards);
* each Unit on the Field (a Character or a Disaster): its card, items,
  equipment and enhancements;
* off_field (Global Effects, endured non-Combat Disasters, Flash Effects whose
  effect lasts: R127), destroyed;
* building: an extra Haven whose access is being built (Rules for Havens), out
  of the hand and beside its builders;
* the stack of Flash Effects waiting to resolve (`flash_stack`, entries' `card`):
  `flash.play` moves the card there from the hand, `flash.resolve` Off Field
  while its effect lasts (`flash.lapse` to its owner's discard once it is over) or
  straight to the discard, as a `cancel` effect does;
* while the Field is set up (phase "setup"), the starting Characters, the Power
  cards and the Combat cards are in no list of the state: `setup._finish` takes
  them from `Game.sections` when the last card is placed. Until then they are
  listed here as `seat<i>.deck`.

Combat cards drawn mid-round: `piles.draw_combat` pops a card off a Combat pile
into a local variable; `combat._resolve_round` (and `combat._run_away`) append
every drawn card to the fighting seat's `combat_discard` before the action ends,
so between two actions a Combat card is always in `combat` or `combat_discard`;
there is no "in play" zone for them. When a Combat pile is empty, its discard
becomes the pile and is shuffled (R7), still within those two lists.

The other ids a state holds are references, not places: `combat.disaster`,
`queue`, `target`, `attackers`, `protectors`, `to_declare`, the Disasters' moves,
`scavenging.revealed`, `off_field[].chars`, `flash_stack[].target`, `lasting[].source`
and `.unit`, the keys of `uses`. Of these, the Combat's Disaster and, unless the
group is Running Away, its target and declared Characters must be on the Field
(`dangling` lists the ones that are not).
"""
from __future__ import annotations

from collections import defaultdict

from game.engine.cards import POWER_TYPES
from game.engine.state import SETUP, GameState
from game.engine.view import view

UNDEALT = ("characters", "power", "combat")  # Game.sections kept out of the state in setup
SEAT_LISTS = ("draw", "combat", "combat_discard", "hand", "discard", "to_place",
              "haven_to_place", "disasters_to_deal", "items_to_deal", "unused", "forms")


def zones(st: GameState) -> list[tuple[int, str]]:
    """Every card instance in the state, each with the name of the zone it is in.

    An instance listed twice appears twice here; a lost one is missing."""
    out: list[tuple[int, str]] = []
    # Each zone's name is made once, not once a card: the property tests list every
    # card after every action, and the names were most of their time.
    for i, s in enumerate(st.seats):
        for name in SEAT_LISTS:
            if cards := getattr(s, name):
                zone = f"seat{i}.{name}"
                out += [(c, zone) for c in cards]
        zone = f"seat{i}.set_aside"
        out += [(c, zone) for c, _ in s.set_aside]
    for cell, p in sorted(st.places.items()):
        out.append((p.card, f"place{cell}.card"))
        if p.under:
            zone = f"place{cell}.under"
            out += [(c, zone) for c in p.under]
    for key, u in sorted(st.units.items()):
        out.append((u.card, f"unit{key}.card"))
        for name in ("items", "equipment", "enhancements"):
            if cards := getattr(u, name):
                zone = f"unit{key}.{name}"
                out += [(c, zone) for c in cards]
    out += [(o.card, "off_field") for o in st.off_field]
    out += [(b.card, "building") for b in st.building]
    out += [(c, "destroyed") for c in st.destroyed]
    out += [(e.card, "stack") for e in st.flash_stack]
    if st.phase == SETUP:
        for i, sec in enumerate(st.game.sections):
            zone = f"seat{i}.deck"
            out += [(c, zone) for name in UNDEALT for c in sec[name]]
    return out


def where(st: GameState, listed: list[tuple[int, str]] | None = None) -> dict[int, list[str]]:
    """Instance -> the zones it is in (a conserved state has exactly one each)."""
    found: dict[int, list[str]] = defaultdict(list)
    for card, zone in zones(st) if listed is None else listed:
        found[card].append(zone)
    return dict(found)


def conservation_problems(st: GameState,
                          listed: list[tuple[int, str]] | None = None) -> list[str]:
    """Lost, duplicated or unknown card instances, in words; [] when all is well.
    `listed` is zones(st), when the caller has it already."""
    n = len(st.game.instances)
    listed = zones(st) if listed is None else listed
    problems = []
    # Each card once and no other: sorting the ids says so without grouping the zones.
    if len(listed) != n or sorted([card for card, _ in listed]) != list(range(n)):
        problems += _misplaced_ids(st, listed, n)
    for key, u in st.units.items():
        if key != u.card:
            problems.append(f"units[{key}] holds the Unit of c{u.card}")
    return problems


def _misplaced_ids(st: GameState, listed: list[tuple[int, str]], n: int) -> list[str]:
    """conservation_problems' words for the cards not in exactly one zone."""
    found = where(st, listed)
    problems = []
    for card in range(n):
        places = found.get(card, [])
        if len(places) != 1:
            what = st.game.card(card)
            problems.append(f"c{card} ({what.type} {what.id}, seat {st.game.owner(card)}) is in "
                            f"{len(places)} zones: {places}")
    problems += [f"c{card} is not a card of this game, found in {z}"
                 for card, z in found.items() if not 0 <= card < n]
    return problems


def misplaced(st: GameState, listed: list[tuple[int, str]] | None = None) -> list[str]:
    """Cards in a zone that cannot hold their type (an Item in a hand, a Disaster
    among a Character's Equipment, ...), in words."""
    g = st.game
    allowed = {
        "draw": set(POWER_TYPES) | {"disaster"},
        "combat": {"combat"}, "combat_discard": {"combat"},
        "hand": set(POWER_TYPES),  # a deck's Power cards may include a second Haven
        "to_place": {"location"}, "haven_to_place": {"haven"},
        "disasters_to_deal": {"disaster"}, "items_to_deal": {"item"}, "unused": {"item"},
        "set_aside": {"character"}, "forms": {"character"}, "deck": {"character", "combat"} | set(POWER_TYPES),
        "items": {"item"}, "equipment": {"equipment"}, "enhancements": {"enhancement"},
        "off_field": {"global_effect", "disaster", "flash_effect"}, "stack": {"flash_effect"},
    }
    out = []
    for card, zone in zones(st) if listed is None else listed:
        if not 0 <= card < len(g.instances):
            continue  # reported by conservation_problems
        kind = g.card(card).type
        name = zone.rsplit(".", 1)[-1]
        if name in allowed and kind not in allowed[name]:
            out.append(f"c{card} ({kind}) is in {zone}")
    for cell, p in st.places.items():
        kind = g.card(p.card).type
        # A Location that can become a Haven (becomes_haven) stays a location card.
        if kind != p.kind and not (p.kind == "haven" and kind == "location"):
            out.append(f"place{cell} is a {p.kind} holding a {kind}")
        if p.kind == "haven":
            out += [f"c{c} ({g.card(c).type}) is stored in the Haven at {cell}"
                    for c in p.under if g.card(c).type not in ("item", "equipment")]
    for key, u in st.units.items():
        kind = g.card(u.card).type
        if kind != ("disaster" if u.disaster else "character"):
            out.append(f"unit {key} (disaster={u.disaster}) is a {kind}")
    # A Flash Effect is in play only while something of it lasts (R127).
    lasting = {x.source for x in st.lasting}
    out += [f"c{o.card} (flash_effect) is Off Field with nothing of it lasting"
            for o in st.off_field if g.card(o.card).type == "flash_effect"
            and o.card not in lasting]
    off = {o.card for o in st.off_field}
    out += [f"c{c} (flash_effect) lasts but is not Off Field" for c in sorted(lasting)
            if g.card(c).type == "flash_effect" and c not in off]
    return out


def wrong_owner(st: GameState) -> list[str]:
    """Cards in a player's own piles that belong to another player ("Discarded cards
    always go into the card owner's Discard pile"; hands, piles and set-aside
    Characters are the owner's), and Units or Places owned by the wrong seat."""
    g = st.game
    out = []
    for i, s in enumerate(st.seats):
        for name in SEAT_LISTS:
            out += [f"c{c} of seat {g.owner(c)} is in seat{i}.{name}"
                    for c in getattr(s, name) if g.owner(c) != i]
        out += [f"c{c} of seat {g.owner(c)} is in seat{i}.set_aside"
                for c, _ in s.set_aside if g.owner(c) != i]
        for cell in s.havens:
            p = st.places.get(cell)
            if p is None or p.kind != "haven" or p.owner != i:
                out.append(f"seat {i} lists a Haven at {cell} that it does not have")
    for cell, p in st.places.items():
        if p.owner != g.owner(p.card):
            out.append(f"place{cell} (c{p.card} of seat {g.owner(p.card)}) says owner {p.owner}")
    for key, u in st.units.items():
        if u.owner != g.owner(u.card):
            out.append(f"unit c{key} of seat {g.owner(u.card)} says owner {u.owner}")
        out += [f"Enhancement c{e} of seat {g.owner(e)} is on c{key} of seat {u.owner}"
                for e in u.enhancements if g.owner(e) != u.owner]
    return out


def dangling(st: GameState) -> list[str]:
    """References to Units that must be on the Field but are not."""
    out = []
    c = st.combat
    if c is not None:
        d = st.units.get(c.disaster)
        if d is None or not d.disaster or d.pos != c.cell:
            out.append(f"the Combat's Disaster c{c.disaster} is not a Disaster at {c.cell}")
        # While the group Runs Away only its destination is asked; the target may
        # have been Bonked by the final attack and nothing is declared any more.
        # Target -1: every Character out-charmed the Disaster, which attacks nobody.
        target = [c.target] if c.target >= 0 else []
        roles = () if c.stage == "run" else (("target", target), ("attacker", c.attackers),
                                      ("protector", c.protectors), ("to_declare", c.to_declare))
        for role, ids in roles:
            for i in ids:
                u = st.units.get(i)
                # A Disaster allied with the group may be the target (Allying with Characters).
                ally = u is not None and u.disaster and u.ally_seat == c.seat and role == "target"
                if u is None or (u.disaster and not ally) or (u.owner != c.seat and not ally) \
                        or u.pos != c.cell:
                    out.append(f"Combat {role} c{i} is not a Character of seat {c.seat} "
                               f"at {c.cell}")
    d = st.duel
    if d is not None and d.stage in ("declare", "final"):
        # Combat between players: who declares and whom it names stand at the cell; a
        # Haven with Attack fights from next to it (R35).
        havens = {p.card for p in st.places.values() if p.kind == "haven"}
        named = d.pending + [i for w, _role, t in d.declared for i in (w, t) if i >= 0]
        for i in named:
            u = st.units.get(i)
            if i not in havens and (u is None or u.disaster or u.pos != d.cell):
                out.append(f"duel combatant c{i} is not a Character at {d.cell}")
    return out


def hidden_from(st: GameState, seat: int) -> set[int]:
    """Every card the seat may not see now (R16): all but what its view shows."""
    return set(range(len(st.game.instances))) - {i for i, _ in view(st, seat).known}
