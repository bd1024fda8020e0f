"""Physical Combat between a player's group and a Combat Disaster (rulebook, Combat).

A Combat is a pending decision (the `Combat` record below), pushed where it
begins: a Disaster attacks a group that stops by it, a group fights one, or one
is turned over while Scavenging. Charm Combat comes first (charm.py); then each
round the Disaster picks its target (a random Character with an Item, else a
random Character); the player may Run Away, else declares for each Character
attack, protect or nothing; then Combat cards are drawn, for the Disaster and its
target, and attack and counter-attack are resolved at once. When it ends it is
popped, and what it interrupted goes on.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import charm, flash, locations, transforming
from .abilities import health, total
from .actions import Action, BreakCharm, Command, Declare, Fight, Proceed, RunAway, RunTo, \
    Transform
from .cards import Modifier
from .charm import Stage
from .state import FLASH, ITEMS, MOVE, NONE, SCAVENGE, USE, Cell, Decision, GameState, Unit, \
    by_card
from .defeat import defeat_character, defeat_disaster
from .disasters import alliance, allies_with, attack_order, go_along, pick_up
from .effects import new_combat_round, trigger
from .equipment import kept_out, why_kept_out
from .events import CombatBegan, CombatCard, CombatDeclared, CombatEnded, CombatTarget, Event, \
    Moved, RanAway
from .field import neighbours
from .lasting import TRANSFORMED, has_flag
from .memo import reading
from .physical import MAX_ALLY_ATTACKERS, MAX_PROTECTORS, halves, hit
from .piles import draw_combat
from .targets import Ctx
from .terrain import (attacked_elsewhere, can_stop, group_symbols, has_room, left_cell,
                      run_ends_turn, why_not_run_to)

MAX_ATTACKERS = {"major": 4, "minor": 3}


@dataclass(slots=True)
class Combat(Decision):
    """Physical Combat between one player's group and one Combat Disaster, and the
    Charm Combat before it. Its `stage` says what the player decides now."""

    kind = "combat"
    seat: int
    cell: Cell
    disaster: int
    queue: list[int]  # Disasters that will attack the group after this one
    context: str  # what Combat interrupted: "move", "scavenge", "maintenance", "fight"
    round: int = 0
    target: int = -1  # the Character the Disaster attacks this round
    to_declare: list[int] = field(default_factory=list)
    attackers: list[int] = field(default_factory=list)
    protectors: list[int] = field(default_factory=list)
    begun: bool = False  # a Character declared this round: too late to Run Away
    stage: Stage = Stage.DECLARE
    fled: bool = False  # the Disaster flees: Combat ends with no final attack
    charmed: dict[int, int] = field(default_factory=dict)  # Character -> margin it lost by
    resisted: list[int] = field(default_factory=list)  # out-charmed the Disaster
    breakers: list[int] = field(default_factory=list)  # tried a Charm break already
    tried: list[int] = field(default_factory=list)  # had a Charm break tried on it (R31)
    fighters: list[int] = field(default_factory=list)  # the group as the Combat began
    # Disasters that fled, the primary first: they land once this Combat, and the
    # Combats queued after it at its Location, are over (R69).
    landing: list[int] = field(default_factory=list)

    def chooser(self, st: GameState) -> int:
        return self.seat

    def options(self, st: GameState, quick: bool) -> list[Action]:
        if self.stage == Stage.RUN:
            return [RunTo(n) for n in run_cells(st, self.seat, self.cell, group(st, self))]
        # "during the Movement phase", "anytime" (guideline 2.5): a Combat of the Move
        # phase is during it, in Charm Combat as in the rounds.
        return self._choices(st) + transforming.in_combat(st, self.seat)

    def _choices(self, st: GameState) -> list[Action]:
        if self.stage in (Stage.BREAK, Stage.COMMAND):
            return charm.candidates(st, self)
        acts: list[Action] = []
        char = self.to_declare[0]
        free = free_to_fight(st, st.units[char])
        if (free and not charmed_still(self, char)
                and len(self.attackers) < attack_limit(st.game, self.disaster, allied(st, self))):
            acts.append(Declare(char, "attack"))
        if (free and self.target >= 0 and char != self.target
                and len(self.protectors) < MAX_PROTECTORS):
            acts.append(Declare(char, "protect"))
        acts.append(Declare(char, "none"))
        # "say so at the beginning of any Combat round"; a Character that transformed
        # this Turn "cannot be moved that Turn except by a Disaster".
        if not self.begun and not any(has_flag(st, u, TRANSFORMED)
                                         for u in group(st, self)):
            acts.append(RunAway())
        return acts

    def anytime(self, st: GameState) -> Collection[str]:
        # Flash Effects "throughout the game"; Items dropped, used and transferred "during
        # any phase" (guideline 2.7), so in Charm Combat and while declaring too.
        # Choosing where to run is the end of the one command Run Away (guideline 3.3).
        return NONE if self.stage == Stage.RUN else (FLASH, USE, ITEMS)

    def explain(self, st: GameState, a: Action) -> str | None:
        if isinstance(a, (BreakCharm, Command, Proceed)):
            return charm.explain(self, a)
        if isinstance(a, Transform) and self.stage == Stage.RUN:
            return "choose where the group runs to"
        if not isinstance(a, (Declare, RunAway, RunTo)):
            return None
        if self.stage == Stage.RUN:
            if isinstance(a, RunTo):
                return why_not_run_to(st, self.seat, group(st, self), self.cell, a.cell)
            return "choose where the group runs to"
        if isinstance(a, RunTo):
            return "the group is not Running Away"
        if isinstance(a, RunAway) and any(has_flag(st, u, TRANSFORMED) for u in group(st)):
            return "a Character that transformed this Turn cannot be moved that Turn"
        if isinstance(a, RunAway):
            return "Running Away is declared at the beginning of a round"
        if a.char not in self.to_declare:
            return f"c{a.char} has nothing to declare now"
        if a.char != self.to_declare[0]:
            return f"declare for c{self.to_declare[0]} first"
        if a.role == "protect" and a.char == self.target:
            return "the Disaster's target cannot protect itself"
        return _why_not_role(st, self, st.units[a.char], a.role)

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        if isinstance(a, Declare):
            _declare(st, a, ev)
        elif isinstance(a, RunAway):
            _run_away(st, ev)
        elif isinstance(a, RunTo):
            _run_to(st, a, ev)
        elif isinstance(a, BreakCharm):
            charm.break_charm(st, self, a, ev)
            _charm_goes_on(st, ev)
        elif isinstance(a, Command):
            charm.command(st, self, a, ev)
            _start_round(st, ev)  # Charm Combat is followed by Physical Combat
        elif isinstance(a, Transform):
            transforming.transform(st, a, ev)
        else:  # Proceed: the player tries no more Charm breaks
            _after_charm(st, ev)

    def rename(self, old: int, new: int) -> None:
        """R115: the Character that transformed keeps its place in the Combat: its
        declaration, the Disaster's target, Charmed or out-charming it, its breaks."""
        for xs in (self.to_declare, self.attackers, self.protectors, self.fighters,
                   self.resisted, self.breakers, self.tried):
            xs[:] = [new if x == old else x for x in xs]
        if self.target == old:
            self.target = new
        if old in self.charmed:
            self.charmed[new] = self.charmed.pop(old)

    def after_effect(self, st: GameState, ev: list[Event], trigger: str) -> None:
        if trigger in ("use", "play", "combat_round"):
            _settle(st, ev, may_end=trigger != "combat_round")

    def describe(self, st: GameState) -> str:
        return f"seat {self.seat} is in Combat"


def free_to_fight(st: GameState, u: Unit) -> bool:
    """Nothing keeps it from attacking or protecting (equipment.kept_out)."""
    return kept_out(st, u) is None


def charmed_still(c: Combat, char: int) -> bool:
    """"Charmed Characters cannot attack the Disaster until the Disaster attacks them":
    the one it attacks this round counter-attacks, simultaneously (Physical Combat; R47).
    Of a Combat or a seat's view of it: the combat panel asks it too."""
    return char in c.charmed and char != c.target


def _why_not_role(st: GameState, c: Combat, u: Unit, role: str) -> str | None:
    """Why the first Character to declare may not take `role`: the reasons options()
    reads, each in its words (the most that may take a role only when it was that)."""
    out = why_kept_out(st, u)
    if out is not None:
        return out
    if role == "attack" and charmed_still(c, u.card):
        return "it is Charmed until the Disaster attacks it"
    if role == "protect" and c.target < 0:
        return "the Disaster attacks nobody this round"
    taken, limit = ((c.protectors, MAX_PROTECTORS) if role == "protect"
                    else (c.attackers, attack_limit(st.game, c.disaster, allied(st, c))))
    if len(taken) >= limit:
        return f"at most {limit} Characters may {role} in a round"
    return None


def choose_target(st: GameState, chars: Sequence[Unit]) -> Unit:
    """Combat with Disasters: a random Character having an Item, else a random one (R13)."""
    pool = [u for u in chars if u.items] or list(chars)
    return st.rng.choice(sorted(pool, key=by_card))


def group(st: GameState, c: Combat | None = None) -> list[Unit]:
    """The Combat's group, by card id. `c`: the Combat under way, when the caller has it
    (st.combat looks for it down the stack)."""
    if c is None:
        c = st.combat
    return sorted(st.chars_at(c.seat, c.cell), key=by_card)


def attack_limit(g: Any, disaster: int, allied: bool = False) -> int:
    """The most Characters that may attack this Disaster in a round (Combat with
    Disasters): read off its card, so a seat's view can tell it too; a Disaster allied
    with another player's group takes no more than 2 (Allying with Characters)."""
    most = MAX_ATTACKERS[g.card(disaster).disaster_class or "minor"]
    return min(most, MAX_ALLY_ATTACKERS) if allied else most


def allied(st: GameState, c: Combat) -> bool:
    """The Disaster fought is allied with a group (never the fighting one's, R40)."""
    d = st.units.get(c.disaster)
    return d is not None and d.ally_seat >= 0


# Beginning ---------------------------------------------------------------------
def start(st: GameState, seat: int, cell, queue: list[int], context: str,
          ev: list[Event], first_target: Unit | None = None, *, fresh: bool = True,
          landing: Sequence[int] = ()) -> None:
    """Combat consists of Charm Combat followed by Physical Combat. Allied Disasters
    are fought together, one at a time, primary first: a `fresh` Combat takes in the
    allies of the Disasters queued (the next in a queue already has them)."""
    if fresh:
        queue = list(dict.fromkeys(a.card for q in queue for a in alliance(st, st.units[q])
                                   if a.pos == cell))
    c = st.push(Combat(seat, cell, queue[0], queue[1:], context, landing=list(landing)))
    c.fighters = [u.card for u in group(st, c)]
    if context != "fight":  # the Disaster attacks them: Charms it won before are over
        charm.release(st, queue[0], st.chars_at(seat, cell))
    ev.append(CombatBegan(seat, cell, queue[0], context))
    if charm.begin(st, c, ev):
        _charm_goes_on(st, ev)
    else:
        _start_round(st, ev, first_target)


def land(st: GameState, band: list[Unit], context: str, ev: list[Event]) -> None:
    """A Disaster and its allies (`band`, the primary first; or alliances that fled one
    Location, one after the other) stop: each alliance picks up an Item, then the first
    attacks the Characters there, a random one with an Item first. The band, all at its
    cell, is the Combat's queue as it stands (not looked up again); `context` is the
    phase the Combat interrupts."""
    u = band[0]
    alliances: dict[int, list[Unit]] = {}
    for a in band:
        alliances.setdefault(a.leader if a.leader >= 0 else a.card, []).append(a)
    for mates in alliances.values():
        pick_up(st, mates, ev)
    cell = u.pos
    seats = [s for s, at in st.groups() if at == cell]
    if not seats:  # most Disasters stop where no Character stands
        return
    # Allying with Characters: a Disaster allied with a group here is in the pool of
    # potential targets "as though it were one of your Characters". (choose_target
    # sorts the pool: the order it is gathered in does not count.)
    chars = [c for s in seats for c in (*st.chars_at(s, cell), *st.allied_at(s, cell))]
    target = choose_target(st, chars)
    start(st, target.ally_seat if target.disaster else target.owner, u.pos,
          [a.card for a in band], context, ev, first_target=target, fresh=False)


def met_on_stop(st: GameState, seat: int, cell, ev: list[Event]) -> None:
    """R23: the Combat Disasters at a Location attack a group that stops there carrying
    Items, one at a time in attack order, however it came (a Move, Running Away, a
    thief's getaway: "as in normal play", Basic Terms, Steal)."""
    chars = st.chars_at(seat, cell)
    if chars and any(u.items for u in chars):
        order = [d.card for d in attack_order(st, cell, seat)]
        if order:
            start(st, seat, cell, order, "move", ev)


def beginners(st: GameState, seat: int) -> Collection[Cell]:
    """The cells where the seat has a Character able to begin a Combat: No Action is
    "only able to defend and Run Away from Combat" (the glossary). Read once while a
    reading is open (fights and challenges both ask): where the Characters stand and
    their lasting flags stand still with the state, and no static effect gives a flag.
    The set is shared: never changed by its users."""
    r = st.scratch
    memo = r.memo if r is not None else None
    cells = memo.get(("beginners", seat)) if memo is not None else None
    if cells is None:
        cells = set()  # a loop, not a comprehension: asked on every Move-phase listing
        for u in st.characters_by_card(seat):
            if not has_flag(st, u, "no_action"):
                cells.add(u.pos)
        if memo is not None:
            memo["beginners", seat] = cells
    return cells


def fights(st: GameState) -> list[Action]:
    """Combat Disasters the current player's groups may choose to fight."""
    seat = st.turn_seat
    cells = beginners(st, seat)
    there = []
    for u in st.units.values():
        if u.disaster and u.pos in cells and u.ally_seat != seat:
            there.append(u)
    if not there:
        return []
    there.sort(key=by_card)
    return [Fight(u.card) for u in there
            if st.places[u.pos].kind == "location" and st.game.card(u.card).is_combat_disaster
            and not all(charm.charmed_by(st, c, u.card) for c in st.chars_at(seat, u.pos))]


def explain_fight(st: GameState, a: Fight) -> str:
    if st.phase not in (MOVE, SCAVENGE):
        return "Combat with a Disaster is begun in the Move or Scavenge phase"
    d = st.units.get(a.disaster)
    mine = st.chars_at(st.turn_seat, d.pos) if d is not None else []
    if mine and all(has_flag(st, u, "no_action") for u in mine):
        return "Characters with No Action only defend and Run Away: they begin no Combat"
    return f"c{a.disaster} is not a Combat Disaster at a Location where you have Characters"


def fight(st: GameState, a: Fight, ev: list[Event]) -> None:
    d = st.units[a.disaster]
    attacked_elsewhere(st, st.turn_seat, None)
    start(st, st.turn_seat, d.pos, [a.disaster], "fight", ev)


# Charm Combat, then physical Combat ---------------------------------------------------
def _charm_goes_on(st: GameState, ev: list[Event]) -> None:
    """After each step of Charm Combat: the player decides while breaks are left."""
    if not charm.waiting(st, st.combat):
        _after_charm(st, ev)


def _after_charm(st: GameState, ev: list[Event]) -> None:
    nxt = charm.outcome(st, st.combat, ev)
    if nxt is None:
        end(st, ev)
    elif nxt == Stage.DECLARE:
        _start_round(st, ev)


def _targets(st: GameState, c: Combat, chars: Sequence[Unit]) -> list[Unit]:
    """Whom the Disaster may attack: the group and any Disaster allied with it, but not
    a Character that out-charmed it, until that one attacks it; nobody while it is kept
    from attacking (a command, No Action)."""
    d = st.units[c.disaster]
    if has_flag(st, d, "no_attack") or has_flag(st, d, "no_action"):
        return []
    allies = [a for a in st.allied_at(c.seat, c.cell) if a.card != c.disaster]
    return [u for u in [*chars, *allies] if u.card not in c.resisted]


def _start_round(st: GameState, ev: list[Event], target: Unit | None = None,
                 chars: list[Unit] | None = None) -> None:
    """A round begins: the Disaster's target, then `combat_round` effects. `chars`: the
    group, when the caller has just listed it."""
    c = st.combat
    if chars is None:
        chars = group(st, c)
    c.round += 1
    if c.round > 1:
        for u in chars:  # spent Energy comes back 1 point per round of Combat
            u.spent = max(0, u.spent - 1)
    d = st.units[c.disaster]
    pool = _targets(st, c, chars)
    if target is None or target not in pool:
        target = choose_target(st, pool) if pool else None
    c.target = target.card if target is not None else -1
    c.to_declare = [u.card for u in chars]
    c.attackers = []
    c.protectors = []
    c.begun = False
    ev.append(CombatTarget(c.round, c.disaster, c.target))
    g = st.game
    new_combat_round(st, c)
    # The Disaster fought, then each ally attacking with it (R130: the alliance fights the
    # group together, Ally Disasters), in the order they attack.
    fired = False
    for x in [d, *allies_with(st, d)]:
        if g.instances[x.card].effects_on("combat_round") and x.card in st.units \
                and x.pos == c.cell and not c.fled:
            trigger(st, Ctx(x.card, x.owner, x, c.target, [u.card for u in chars]),
                    "combat_round", ev)
            fired = True
    for u in chars:
        for card in (u.card, *u.enhancements, *u.equipment, *u.items):
            if g.instances[card].effects_on("combat_round") and u.card in st.units:
                trigger(st, Ctx(card, c.seat, u, c.disaster), "combat_round", ev)
                fired = True
    # The effects may have sent the Disaster off or taken Characters out of the group.
    if c.fled or not (group(st, c) if fired else chars):
        end(st, ev)


def _declare(st: GameState, a: Declare, ev: list[Event]) -> None:
    c = st.combat
    c.to_declare.pop(0)
    c.begun = True
    if a.role == "attack":
        c.attackers.append(a.char)
        attacked_elsewhere(st, c.seat, None)  # "If you attack another target ..."
    elif a.role == "protect":
        c.protectors.append(a.char)
    ev.append(CombatDeclared(a.char, a.role))
    if not c.to_declare:
        _resolve_round(st, ev)


def _hit(st: GameState, c: Combat, target: Unit, attackers: list[Unit], attack: int,
         defense: int, protectors: list[Unit], ev: list[Event],
         final: bool = False) -> tuple[int, list[int], set[int]]:
    """A hit in this Combat with a Disaster."""
    return hit(st, c.round, target, [u.card for u in attackers], attack, defense, protectors,
               ev, st.game.card(c.disaster).disaster_class, final)


def _resolve_round(st: GameState, ev: list[Event]) -> None:
    c = st.combat
    d = st.units[c.disaster]
    target = st.units.get(c.target)  # None: the Disaster attacks nobody this round
    attackers = [st.units[i] for i in c.attackers]
    protectors = [st.units[i] for i in c.protectors]
    if target is None and not attackers:
        end(st, ev)  # nobody will fight: Combat is over
        return
    # "you will draw a Combat card for the Disaster, and a card for each Character being
    # attacked, in that order" (Combat with Disasters): the Disaster's target only.
    fighters = [d] + ([target] if target is not None else [])
    drawn = [(u, draw_combat(st, c.seat)) for u in fighters]
    own, opp = {}, {}  # each card's halves, read once
    for u, card in drawn:
        if card is not None:
            ev.append(CombatCard(u.card, card))
        own[u.card], opp[u.card] = halves(st, card)
    # Own card first, then the opponent's card's effects, in the order drawn. The
    # Disaster's opponents are its target and every Character attacking it.
    d_mods = own[d.card] + (opp[target.card] if target is not None else ())

    def mods(u: Unit) -> tuple[Modifier, ...]:
        return own.get(u.card, ()) + (opp[d.card] if u is target or u in attackers else ())

    # Every total first, in one reading: the hit on the Disaster changes only its Damage,
    # which no total reads.
    with reading(st):
        if attackers:
            attack_on_d = sum(total(st, a, "attack", mods(a)) for a in attackers)
            d_defense = total(st, d, "defense", d_mods)
        if target is not None:
            t_defense = total(st, target, "defense", mods(target)) + sum(
                total(st, p, "defense") for p in protectors)
            # Allied Disasters attack with their combined Attack (Ally Disasters).
            allies = allies_with(st, d)
            attack = total(st, d, "attack", d_mods) + sum(total(st, a, "attack")
                                                          for a in allies)
    if attackers:
        _hit(st, c, d, attackers, attack_on_d, d_defense, [], ev)
        # Attacking a Disaster it out-charmed lets the Disaster attack it again.
        c.resisted = [r for r in c.resisted if r not in c.attackers]
    hurt: list[Unit] = []
    kills: set[int] = set()  # Characters a single attack Killed (R9)
    if target is not None:
        damage, guard, kills = _hit(st, c, target, [d] + allies, attack, t_defense, protectors,
                                    ev)
        c.charmed.pop(target.card, None)  # attacked by the Disaster: its Charm is over
        hurt = [u for u, n in zip([target] + protectors, [damage] + guard) if n > 0]
    for _, card in drawn:
        if card is not None:
            st.seats[c.seat].combat_discard.append(card)
    # The Location attacks too, once per Combat round, if the group lacks its skills.
    struck = locations.strikes(st, c.cell, c.seat)
    for u in struck:
        if locations.strike(st, c.cell, u, ev):
            kills.add(u.card)
    _after_hits(st, c, d, hurt, ev, struck, kills)


def _after_hits(st: GameState, c: Combat, d: Unit, hurt: list[Unit], ev: list[Event],
                struck: Sequence[Unit], kills: set[int]) -> None:
    """Bonk, Kill and Defeat, then the next round or the end of Combat: "Combat continues
    until" the Disaster flees or is Defeated, the Characters are all Bonked or Killed, or
    they Run Away. Only those the Disaster hurt lose an Item to it (not those the
    Location alone hurt)."""
    defeated = health(st, d) <= 0
    for u in hurt + [s for s in struck if s not in hurt]:
        h = health(st, u)
        if u.disaster:  # a Disaster allied with the group
            if h <= 0 and u.card in st.units:
                defeat_disaster(st, u, ev)
            continue
        if h <= 0 and u.card in st.units:
            defeat_character(st, u, u.card in kills, None if defeated or u not in hurt else d,
                             ev)
    if defeated:
        defeat_disaster(st, d, ev)
        end(st, ev)
    elif not (chars := group(st, c)):
        end(st, ev)
    else:
        _start_round(st, ev, chars=chars)


def _settle(st: GameState, ev: list[Event], may_end: bool) -> None:
    """An effect changed the Combat under way: its Disaster was Defeated or fled, or
    Characters left it (Bonked, Killed, sent home). The Combat ends if its Disaster or
    its group is gone; a new target is chosen if the target is gone; a round whose
    undeclared Characters are all gone is resolved. Inside a `combat_round` trigger
    (may_end False) the round's start ends the Combat itself."""
    c = st.combat
    if c.stage == Stage.RUN:
        return
    chars = group(st, c)
    if c.disaster not in st.units or c.fled or not chars:
        if may_end:
            end(st, ev)
        elif c.disaster not in st.units:
            c.fled = True  # the round's start sees it and ends the Combat
        return
    here = {u.card for u in chars}
    c.charmed = {x: m for x, m in c.charmed.items() if x in here}
    if c.stage != Stage.DECLARE:
        return  # Charm Combat: its choices are listed afresh from those still here
    c.to_declare = [x for x in c.to_declare if x in here]
    c.attackers = [x for x in c.attackers if x in here]
    c.protectors = [x for x in c.protectors if x in here]
    if c.target != -1:  # -1: it attacks nobody this round, and an effect gives it nobody
        pool = _targets(st, c, chars)
        if c.target not in {u.card for u in pool}:  # its target left, or may not be hit
            c.target = choose_target(st, pool).card if pool else -1
            c.protectors = [x for x in c.protectors if x != c.target]
            ev.append(CombatTarget(c.round, c.disaster, c.target))
    if may_end and not c.to_declare:
        _resolve_round(st, ev)


# Ending ------------------------------------------------------------------------------
def end(st: GameState, ev: list[Event]) -> None:
    """End of Combat: Health and Energy are restored; the next Disaster in line attacks."""
    c = st.combat
    chars = group(st, c)
    # "The Health of any Characters or Disasters that are still alive": a Disaster
    # allied with the group was attacked as one of its Characters, and a Character a
    # card took out of the Combat (sent home) is alive at its end too.
    gone = [st.units[i] for i in c.fighters if i in st.units and st.units[i].pos != c.cell]
    for u in chars + st.allied_at(c.seat, c.cell) + gone:
        u.damage = 0
        u.spent = 0
    if c.disaster in st.units:
        st.units[c.disaster].damage = 0
    if st.lasting:
        st.end_combat_lasting(c)
    ev.append(CombatEnded(c.seat, c.disaster, c.disaster not in st.units))
    flash.lapse(st, ev)
    st.pop(c)
    # A Disaster that joined the group as its ally during the Combat (Beckoning Cat
    # Figurine) is no longer its opponent: "as though it were one of your Characters"
    # (Allying with Characters).
    queue = [q for q in c.queue if q in st.units and st.units[q].pos == c.cell
             and st.units[q].ally_seat != c.seat]
    landing = [x for x in c.landing if x in st.units]
    if queue and chars:
        # Those that fled wait for the Combats queued at the Location they fled (R69).
        start(st, c.seat, c.cell, queue, c.context, ev, fresh=False, landing=landing)
        return
    if st.pending and isinstance(st.pending[-1], Combat):
        _resume(st, ev)
    elif st.pending and st.pending[-1].kind == "duel":
        st.pending[-1].resume(st, ev)  # a Combat between players this one was begun on
    if landing:
        # They fled: the Location they moved to is where they stop ("A Disaster Lands on
        # a Location when his Movement runs out or something causes him to stop Moving",
        # the glossary), to pick up an Item and attack the Characters there.
        land(st, [st.units[x] for x in landing], st.phase, ev)


def _resume(st: GameState, ev: list[Event]) -> None:
    """A Combat that another interrupted goes on (a thief's getaway, or a Run Away, took
    part of its group to a Location whose Disasters attacked it there). What happened
    meanwhile may have Bonked or Killed the Characters it waits on: with none of its
    group left, or its Disaster gone, it ends; with its group changed, the round's
    declarations begin again with those still there."""
    c = st.combat
    chars = group(st, c)
    d = st.units.get(c.disaster)
    if not chars or d is None or d.pos != c.cell:
        end(st, ev)
        return
    here = {u.card for u in chars}  # a Charmed one gone is no longer to break (R31)
    c.charmed = {x: m for x, m in c.charmed.items() if x in here}
    pool = {u.card: u for u in _targets(st, c, chars)}
    if c.stage != Stage.DECLARE or (
            set(c.to_declare + c.attackers + c.protectors) == {u.card for u in chars}
            and (c.target < 0 or c.target in pool)):
        return
    if c.target not in pool:
        c.target = choose_target(st, list(pool.values())).card if pool else -1
        ev.append(CombatTarget(c.round, c.disaster, c.target))
    c.to_declare = [u.card for u in chars]
    c.attackers = []
    c.protectors = []
    c.begun = False


def _run_away(st: GameState, ev: list[Event]) -> None:
    """The opponent gets one final, unanswered attack; the survivors move 1 Location."""
    c = st.combat
    d = st.units[c.disaster]
    ev.append(RanAway(c.seat, c.cell))
    target = st.units.get(c.target)
    if target is not None:
        # A card for the Disaster, then for the Character it attacks (Combat with Disasters).
        cards = [draw_combat(st, c.seat), draw_combat(st, c.seat)]
        for u, card in zip((d, target), cards):
            if card is not None:
                ev.append(CombatCard(u.card, card))
        (d_own, d_opp), (t_own, t_opp) = halves(st, cards[0]), halves(st, cards[1])
        with reading(st):
            allies = allies_with(st, d)
            attack = total(st, d, "attack", d_own + t_opp) + sum(total(st, a, "attack")
                                                                 for a in allies)
            defense = total(st, target, "defense", t_own + d_opp)
        _, _, kills = _hit(st, c, target, [d] + allies, attack, defense, [], ev, final=True)
        st.seats[c.seat].combat_discard.extend(x for x in cards if x is not None)
        if health(st, target) <= 0:
            if target.disaster:  # a Disaster allied with the group: "A Combat Disaster is
                # neither Bonked nor Killed, simply Defeated" (Basic Terms), as in a round
                defeat_disaster(st, target, ev)
            else:
                defeat_character(st, target, target.card in kills, d, ev)
    _begin_run(st, ev)


def _begin_run(st: GameState, ev: list[Event]) -> None:
    """The survivors choose the Location they run to (RunTo), if there is one."""
    c = st.combat
    chars = group(st, c)
    # Health is restored when Combat ends, wherever they run: their allied Disasters
    # run with them (disasters.go_along), so end() no longer finds them here.
    for u in chars + st.allied_at(c.seat, c.cell):
        u.damage = 0
        u.spent = 0
    c.stage = Stage.RUN
    if not chars or next(run_cells(st, c.seat, c.cell, chars), None) is None:
        _finish_run(st, ev)


def run_cells(st: GameState, seat: int, cell: Cell, runners: list[Unit]) -> Iterator[Cell]:
    """The Locations next to `cell` that a group Running Away may run to (RunTo), found
    one at a time: whether there is one is asked after each Run Away, and the first
    found will do."""
    symbols = group_symbols(st, runners)
    for n in neighbours(cell):
        if can_stop(st, seat, symbols, n) and has_room(st, seat, runners, n):
            yield n


def _run_to(st: GameState, a: RunTo, ev: list[Event]) -> None:
    c = st.combat
    # The survivors only: the seat's Characters already where they run to took no part.
    run_there(st, c.seat, group(st, c), c.cell, a.cell, ev)
    _finish_run(st, ev)
    met_on_stop(st, c.seat, a.cell, ev)  # after the Combat it ran from; its Turn ends after


def run_there(st: GameState, seat: int, runners: Sequence[Unit], origin: Cell, dest: Cell,
              ev: list[Event]) -> None:
    """A group Running Away, from a Disaster's Combat or a duel (RunTo), arrives where it
    runs to: its allied Disasters go along, a Location it was attacking where it left
    starts over, and a Location with Attack where it arrives strikes it (R24). What it
    meets there waits for the end of the Combat it ran from."""
    for u in runners:
        st.move_unit(u, dest)
    go_along(st, seat, origin, dest, ev)
    ev.append(Moved(seat, tuple(u.card for u in runners), origin, dest))
    left_cell(st, seat, origin)
    locations.stopped(st, seat, dest, ev)


def _finish_run(st: GameState, ev: list[Event]) -> None:
    c = st.combat
    runner = c.seat
    c.queue = []
    end(st, ev)
    if runner == st.turn_seat:
        run_ends_turn(st, ev)


def explain_run(st: GameState, a: Action) -> str:
    """Declaring, Running Away, or where to, with no Combat under way."""
    return "there is no Combat now"


def explain_charm(st: GameState, a: Action) -> str:
    return "there is no Charm Combat now"
