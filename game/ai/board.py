"""Small readings of a position the AI levels share: threats, and
how a group would fare against a Disaster. They read only what a seat sees
(positions, printed and total abilities, how many cards lie under a place)."""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.engine import GameState
from game.engine.abilities import health, total, total_at
from game.engine.combat import attack_limit, free_to_fight
from game.engine.disasters import allies_with
from game.engine.duel import MAX_ATTACKERS, Duel, havens
from game.engine.equipment import abilities_of
from game.engine.lasting import has_flag
from game.engine.locations import striking
from game.engine.memo import reading
from game.engine.state import Cell, Unit
from game.engine.static import static_cells, where_it_tells

# An ability's total: abilities.total, or a reader's cache of it (policy.Scorer).
Total = Callable[[GameState, Unit, str], int]


def threats_at(st: GameState, cell: Cell) -> list[Unit]:
    """Combat Disasters standing at a cell."""
    g = st.game
    return [u for u in st.units.values()
            if u.disaster and u.pos == cell and g.card(u.card).is_combat_disaster]


def may_attack(st: GameState, u: Unit) -> bool:
    """In Combat between players, as `duel.candidates` lists attacks: not one with No
    Action (guideline 1.1), in a Vehicle's group, or kept from attacking."""
    return free_to_fight(st, u) and not has_flag(st, u, "no_attack")


def bonks_one(st: GameState, attackers: list[Unit], defenders: list[Unit],
              tot: Total = total) -> bool:
    """Up to three attackers together (R33 b) Bonk the least sturdy defender in one
    round: their attack beats its Defense plus the Health it has left."""
    attack = team_attack(st, attackers, tot)
    if not attack or not defenders:
        return False
    return attack >= min(tot(st, u, "defense") + health(st, u) for u in defenders)


def team_attack(st: GameState, side: list[Unit], tot: Total = total) -> int:
    """The most a side's attacks on one target come to: "Up to 3 Characters can team
    their attacks against the same target" (R33 b), only those that may attack."""
    able = sorted((tot(st, u, "attack") for u in side if may_attack(st, u)), reverse=True)
    return sum(able[:MAX_ATTACKERS])


ROUNDS = 6  # how far the AI plays a fight out (`fight`); one not over by then it calls even


class Ground(NamedTuple):
    """What the cell adds to a Combat between players there, each side's (`ground`):
    the Attack of its Havens that attack at the cell (R35, `haven_attacks`), and the
    Attack with which the Location strikes each of its Characters every round (R24,
    `locations.striking`; 0 where it does not)."""
    forts: tuple[list[int], list[int]] = ([], [])
    struck: tuple[int, int] = (0, 0)


def ground(st: GameState, cell: Cell, seat: int, side: list[Unit], foe: int,
           foes: list[Unit]) -> Ground:
    """The Ground at `cell` for `seat`'s `side` against `foe`'s `foes`. The Location's
    strikes are read once for the whole fight: that a side comes to lack its
    requirements when one of its own is Bonked is not read."""
    return Ground((haven_attacks(st, seat, cell), haven_attacks(st, foe, cell)),
                  (striking(st, cell, side), striking(st, cell, foes)))


def fight(st: GameState, side: list[Unit], foes: list[Unit], tot: Total = total,
          silenced: frozenset[int] = frozenset(), ground: Ground = Ground()) -> tuple[int, int]:
    """Combat between players played out without Combat cards: how many of each side
    stand after ROUNDS rounds, or once one side is all Bonked. Each round both sides
    hit at once (guideline 3.2); a side sends up to three attackers (R33 b), its
    strongest first, as few as Bonk the least sturdy foe they can, or else three at the
    one they hurt most; the rest at the next. Those that may not attack, and those
    `silenced` (Charmed not to, say), only defend. The `ground`: each side's Havens
    that attack there (R35), which are not attacked, and the Location's strike on each
    Character of a side lacking its requirements (R24). A side of Havens alone (R35 b)
    fights on, cannot be Bonked, and stands as one. The rules start, stand in and flee
    a fight by this one reading, so they never start one they then flee while the
    fight goes as read."""
    def unit(u: Unit) -> list[int]:  # [attack or 0, Defense, Health left]
        attacks = may_attack(st, u) and u.card not in silenced
        return [tot(st, u, "attack") if attacks else 0, tot(st, u, "defense"), health(st, u)]

    # In one order whatever order the units come in: a world sampled from a view lists
    # them in its own, and like units are alike to a fight.
    a, b = sorted(unit(u) for u in side), sorted(unit(u) for u in foes)
    fort_a, fort_b = ([[x, 0, 0] for x in f] for f in ground.forts)
    haven_a, haven_b = not a and bool(fort_a), not b and bool(fort_b)
    for _ in range(ROUNDS):
        # Over once a side's Characters are all Bonked, unless its Havens fight alone
        # (R35 b); two sides of Havens alone have nobody to fight.
        if not (a or haven_a) or not (b or haven_b) or not (a or b):
            break
        hits_b, hits_a = _volley(a + fort_a, b), _volley(b + fort_b, a)
        struck = [(units, strike) for units, strike in zip((a, b), ground.struck)
                  if strike > min((x[1] for x in units), default=strike)]
        if not hits_a and not hits_b and not struck:
            break  # neither side gets through: a stand-off
        for hits, units in ((hits_a, a), (hits_b, b)):
            for i, damage in hits.items():
                units[i][2] -= damage
        for units, strike in struck:
            for x in units:
                x[2] -= max(0, strike - x[1])
        a = [x for x in a if x[2] > 0]
        b = [x for x in b if x[2] > 0]
    return len(a) or int(haven_a), len(b) or int(haven_b)


def _volley(attackers: list[list[int]], targets: list[list[int]]) -> dict[int, int]:
    """Damage by target index: the least sturdy target that up to three of the
    strongest attackers left Bonk gets as few of them as do it; where none is Bonked,
    three go at the one they hurt most. Then the rest, at other targets."""
    strengths = sorted((x[0] for x in attackers if x[0] > 0), reverse=True)
    order = sorted(range(len(targets)), key=lambda i: targets[i][1] + targets[i][2])
    hits: dict[int, int] = {}
    while strengths and len(hits) < len(targets):
        free = [i for i in order if i not in hits]
        pick = next(((i, k) for i in free for k in (1, 2, 3)
                     if sum(strengths[:k]) - targets[i][1] >= targets[i][2]), None)
        i, k = pick or (min(free, key=lambda i: targets[i][1]), 3)
        hits[i] = max(0, sum(strengths[:k]) - targets[i][1])
        strengths = strengths[k:]
    return {i: d for i, d in hits.items() if d > 0}


def outmatched(st: GameState, group: list[Unit], foes: list[Unit], tot: Total = total,
               ground: Ground = Ground()) -> bool:
    """Another player's Characters, or its Havens alone (R35 b), beat this group in
    Combat between players: played out (`fight`), the group is all Bonked and they
    are not."""
    mine, theirs = fight(st, group, foes, tot, ground=ground)
    return mine == 0 and theirs > 0


def haven_attacks(st: GameState, seat: int, cell: Cell) -> list[int]:
    """The Attack of the seat's Havens that attack at `cell`: next to it, a Location
    (R35, `duel.havens`)."""
    return [st.game.card(h).ability("attack") for h in havens(st, seat, cell)]


def spare_equipment(st: GameState, u: Unit, ability: str) -> int:
    """The most a piece of Equipment the Character carries but has not used this Turn
    could add to `ability` once put to use, as it may be in Combat (Rules for
    Equipment): none where a piece used this Turn gives a bonus to it (one piece an
    ability a Turn). What a foe may still have up its sleeve, read with caution: its
    requirement and Energy cost are not asked. What a piece holds is the engine's
    `abilities_of`: its text's modifiers on its user too (Cat-Ear Radar's Defense)."""
    if u.disaster or not u.equipment:
        return 0
    g = st.game
    held = {a for e in u.using for a in abilities_of(g.card(e))}
    if ability in held:
        return 0
    return max((sum(m.value for m in g.card(e).bonuses_on(ability) if m.op == "+")
                for e in u.equipment
                if e not in u.using and not abilities_of(g.card(e)) & held), default=0)


ABILITIES = ("attack", "defense")  # what a fight reads (`fight`, `can_beat`)


def totals_at(st: GameState, group: list[Unit], cell: Cell) -> dict[tuple[int, str], int]:
    """The Attack and Defense the group's Characters would have standing at `cell`
    (a Location's bonus to those there), by (card, ability), for those not there now
    and only where it may differ from now. Read from the Places' effects
    (abilities.total_at) where they alone differ; with the units moved there
    (`_moved_there`) where more may: an effect whose condition reads where its holder
    stands (static.where_it_tells), a Horde bonus gained or lost out of or into a
    Haven, a Place's effect on one whose cards have requirements or costs (a skill
    or Energy it gives may meet or pay them). What their coming changes for those
    already there (a carried effect on its group, a Horde bonus) is not read."""
    moving = [u for u in group if u.pos != cell]
    if not moving:
        return {}
    with reading(st):  # the Scorer's, when it has one open
        tells = [where_it_tells(st, a) for a in ABILITIES]
        placed = static_cells(st)
        conditioned = any(u.card in cards or u.owner in seats
                          for u in moving for _, cards, seats in tells)
        placed_on_bound = (cell in placed or any(u.pos in placed for u in moving)) \
            and any(_bound(st, u) for u in moving)
        if conditioned or placed_on_bound or _horde_in_or_out(st, moving, cell):
            return _moved_there(st, moving, cell)
        if not any(cell in cells or u.pos in cells for u in moving for cells, _, _ in tells):
            return {}
        out = {}
        for u in moving:
            for a in ABILITIES:
                value = total_at(st, u, a, cell)
                if value is None:
                    return _moved_there(st, moving, cell)
                out[u.card, a] = value
        return out


def _horde_in_or_out(st: GameState, moving: list[Unit], cell: Cell) -> bool:
    """One of them may gain or lose a Horde bonus going there: into or out of a Haven."""
    g = st.game
    place = st.places.get(cell)
    into = place is not None and place.kind == "haven"
    return bool(g.hordes) and any(g.likes[u.card] and st.in_haven(u) != into for u in moving)


def _bound(st: GameState, u: Unit) -> bool:
    """Its totals hang on more than the modifiers on it: it has an Enhancement or
    Equipment (costs kept up, requirements), an Item with a requirement, or its seat
    has cards Off Field (Global Effects paid for)."""
    g = st.game
    return bool(u.enhancements or u.equipment) or any(
        not g.card(i).requires.empty for i in u.items) or any(
        o.seat == u.owner for o in st.off_field)


def _moved_there(st: GameState, moving: list[Unit], cell: Cell) -> dict[tuple[int, str], int]:
    """totals_at worked out whole: the units moved there and read (_supposing)."""
    return _supposing(st, moving, cell, moving)


def _supposing(st: GameState, moving: list[Unit], cell: Cell, read: list[Unit],
               duel: Duel | None = None) -> dict[tuple[int, str], int]:
    """The Attack and Defense of `read`, by (card, ability), with `moving` moved to
    `cell` and, if given, `duel` under way, then all put back. The AI reads only its
    own copies of a game (worlds sampled from its view, playouts), never the game
    itself. Read in a reading of their own, or, with a `duel`, for the few units an
    effect in Combat reaches, outside any: a reading files every static source in
    play first, which costs more than a few totals."""
    outer, came_from = st.scratch, [u.pos for u in moving]
    st.scratch = None  # the open reading's memo holds their totals as they are now
    try:
        for u in moving:
            st.move_unit(u, cell)
        if duel is not None:
            st.pending.append(duel)
            return {(u.card, a): total(st, u, a) for u in read for a in ABILITIES}
        with reading(st):
            return {(u.card, a): total(st, u, a) for u in read for a in ABILITIES}
    finally:
        if duel is not None:
            st.pending.pop()
        for u, pos in zip(moving, came_from):
            st.move_unit(u, pos)
        st.scratch = outer


def totals_fighting(st: GameState, cell: Cell, seat: int, side: list[Unit], foe: int,
                    foes: list[Unit]) -> dict[tuple[int, str], int]:
    """The Attack and Defense both sides would have in a Combat between players at
    `cell`, `seat`'s `side` (moved there if not there yet) against `foe`'s `foes`,
    where an effect that holds only in Combat may change them ("+1 Attack in
    Combat", static.where_it_tells): by (card, ability), of those it reaches; {}
    where it reaches none, most fights. Read before a fight starts, a total
    leaves them out, and a fight the AI starts or walks into would be read as easier
    than it is once under way."""
    with reading(st):  # the Scorer's, when it has one open
        tells = [where_it_tells(st, a, fighting=True) for a in ABILITIES]
    told = [u for u in (*side, *foes) if any(cell in cells or u.card in cards or u.owner in seats
                                             for cells, cards, seats in tells)]
    if not told:
        return {}
    return _supposing(st, [u for u in side if u.pos != cell], cell, told,
                      Duel(attacker=seat, defender=foe, cell=cell))


def group_attack(st: GameState, group: list[Unit], tot: Total = total) -> int:
    """The group's Attack totals added up, every member counted (`attack_on` counts only
    as many as may attack a Disaster)."""
    return sum(tot(st, u, "attack") for u in group)


def attack_on(st: GameState, group: list[Unit], d: Unit, tot: Total = total) -> int:
    """The most the group's attacks on a Disaster come to: "up to 4 Characters can attack
    a Major Disaster, and up to 3 Characters can attack a Minor Disaster"."""
    return sum(sorted((tot(st, u, "attack") for u in group), reverse=True)[
        :attack_limit(st.game, d.card, d.ally_seat >= 0)])


def can_hurt(st: GameState, group: list[Unit], d: Unit, tot: Total = total) -> bool:
    """The group's attack together gets through the Disaster's Defense."""
    return attack_on(st, group, d, tot) > tot(st, d, "defense")


def can_beat(st: GameState, group: list[Unit], d: Unit, tot: Total = total) -> bool:
    """The group's attack together beats the Disaster's Defense plus its Health left in
    one or two rounds, and its Attack does not Bonk their toughest Character in as many
    (both hit at once: a Character Bonked in the round the Disaster falls is Bonked)."""
    if not group:
        return False
    dmg = attack_on(st, group, d, tot) - tot(st, d, "defense")
    if dmg <= 0 or 2 * dmg < health(st, d):
        return False
    rounds, attack = -(-health(st, d) // dmg), tot(st, d, "attack")
    return any(rounds * max(0, attack - tot(st, u, "defense")) < health(st, u) for u in group)


def disaster_attack(st: GameState, d: Unit, tot: Total = total) -> int:
    """A Disaster's Attack with its allies' there: "Allied Disasters attack with their
    combined Attack" (Ally Disasters)."""
    return tot(st, d, "attack") + sum(tot(st, a, "attack") for a in allies_with(st, d))


class Played(NamedTuple):
    """A Combat with a Disaster played out (`disaster_fight`)."""
    standing: int  # of the group
    defeated: bool  # the Disaster
    carriers_bonked: int  # of the group's Characters carrying Items


def disaster_fight(st: GameState, group: list[Unit], d: Unit, target: Unit | None,
                   tot: Total = total, struck: int = 0) -> Played:
    """Combat with a Disaster played out without Combat cards or protection: how many of
    the group stand, whether the Disaster is Defeated, and how many of those carrying
    Items were Bonked, after ROUNDS rounds or once one side is down. Each round both
    hit at once: the group's strongest that may attack, up to its limit (4 at a Major
    Disaster, 3 at a Minor), together; the Disaster, with its allies there, at `target`,
    then at whom it Bonks soonest among those carrying an Item, else among all (it picks
    at random from that pool: the reading takes the worst); and the Location, with
    `struck` (`locations.striking`), at each of the group (R24)."""
    d_health, d_defense = health(st, d), tot(st, d, "defense")
    d_attack = disaster_attack(st, d, tot)
    limit = attack_limit(st.game, d.card, d.ally_seat >= 0)
    # [attack or 0, Defense, Health left, carries]
    side = [[tot(st, u, "attack") if free_to_fight(st, u) else 0, tot(st, u, "defense"),
             health(st, u), bool(u.items)] for u in group]
    carriers = sum(x[3] for x in side)
    aim = group.index(target) if target in group else None
    for _ in range(ROUNDS):
        if d_health <= 0 or not side:
            break
        if aim is None:
            pool = [i for i, x in enumerate(side) if x[3]] or range(len(side))
            aim = min(pool, key=lambda i: side[i][1] + side[i][2])
        attacks = sorted((x[0] for x in side), reverse=True)[:limit]
        on_d = max(0, sum(attacks) - d_defense)
        on_target = max(0, d_attack - side[aim][1])
        strikes = struck > min(x[1] for x in side)
        if not on_d and not on_target and not strikes:
            break  # nobody gets through: a stand-off
        d_health -= on_d
        side[aim][2] -= on_target
        if strikes:
            for x in side:
                x[2] -= max(0, struck - x[1])
        side = [x for x in side if x[2] > 0]
        aim = None
    return Played(len(side), d_health <= 0, carriers - sum(x[3] for x in side))


def items_under(st: GameState, cell: Cell) -> tuple[int, int]:
    """(Items, other backs) under a place: the counts every seat sees (R16)."""
    p = st.places[cell]
    n = len(st.game.items.intersection(p.under))
    return n, len(p.under) - n


def out_charms(st: GameState, group: list[Unit], d: Unit, tot: Total = total) -> bool:
    """No Charm Combat to lose (R12): it is off, the Disaster has no Charm, or some
    Character's Charm is at least the Disaster's."""
    charm = tot(st, d, "charm")
    if not st.game.options.charm_combat or charm <= 0:
        return True
    return any(tot(st, u, "charm") >= charm for u in group)
