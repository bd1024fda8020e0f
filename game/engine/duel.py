"""Combat between players (rulebook, Combat Between Players, Charm Combat Between
Players, Rules for Havens; R33-R35).

Charm Combat comes first: the players take turns selecting a Character and its
target, or passing, the initiator first; then each charmer gives its Charmed one
order. Physical rounds follow: the players take turns declaring, the initiator
first, what each Character does (attack an opposing Character, protect one of its
own, nothing); a Combat card is drawn from its owner's pile for every Character
being attacked, and every attack and counter-attack of the round lands at once.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from . import combat, flash, locations, orders, transforming
from .abilities import health, total
from .actions import (CHARACTER_ORDERS, Action, BreakCharm, Challenge, CharmAttack, Engage,
                      Order, Proceed, RunAway, RunTo, Transform)
from .cards import CardDef, Modifier
from .charm import contest, log_contest, takes_part
from .state import FLASH, ITEMS, MOVE, NONE, SCAVENGE, USE, Cell, Decision, GameState, Unit, \
    by_card
from .defeat import defeat_character, defeat_disaster
from .effects import new_combat_round, trigger
from .equipment import kept_out, why_kept_out
from .events import (CharmOrder, CombatCard, CombatDeclared, DuelBegan, DuelEnded, Event,
                     RanAway)
from .field import distance
from .lasting import TRANSFORMED, has_flag
from .memo import field_memo
from .physical import MAX_ALLY_ATTACKERS, MAX_PROTECTORS, halves, hit
from .piles import draw_combat
from .targets import Ctx
from .terrain import attacked_elsewhere, run_ends_turn, why_not_run_to

MAX_ATTACKERS = 3  # "Up to 3 Characters can team their attacks against the same target."


class Stage(StrEnum):
    CHARM = "charm"  # Charm Combat Between Players: a Charm attack, a break, or pass
    ORDER = "order"  # the charmers give their orders
    DECLARE = "declare"  # a physical round: each side declares in turn
    FINAL = "final"  # the unanswered attack on a side that Runs Away
    RUN = "run"  # the runners choose where to go


@dataclass(slots=True)
class Duel(Decision):
    """Combat between two players' Characters at one cell (rulebook, Combat Between Players).

    Combatants are Characters and, for a Haven with Attack next to the cell, the Haven's
    card (R35). `to_act` is the seat that chooses now."""

    kind = "duel"
    attacker: int  # the seat that initiated Combat
    defender: int
    cell: Cell
    by_haven: bool = False  # initiated by the attacker's Haven alone (R35)
    stage: Stage = Stage.CHARM
    to_act: int = -1
    round: int = 0
    fighters: list[int] = field(default_factory=list)  # every Character that took part
    pending: list[int] = field(default_factory=list)  # combatants still to declare this round
    declared: list[tuple[int, str, int]] = field(default_factory=list)  # (who, role, whom)
    declared_seats: list[int] = field(default_factory=list)  # too late for them to Run Away
    runner: int = -1  # the seat that Runs Away
    passes: int = 0  # Charm Combat: passes in a row
    charm_attacked: list[int] = field(default_factory=list)  # made its one Charm attack
    charm_defended: list[int] = field(default_factory=list)  # was Charm-attacked once
    tried: list[int] = field(default_factory=list)  # had its one Charm break attempt
    charmed: dict[int, tuple[int, int]] = field(default_factory=dict)  # -> (charmer, margin)
    to_order: list[tuple[int, int]] = field(default_factory=list)  # (charmer, Charmed)

    def chooser(self, st: GameState) -> int:
        return self.to_act

    def options(self, st: GameState, quick: bool) -> list[Action]:
        if self.stage == Stage.RUN:
            return candidates(st)
        # "during the Movement phase", "anytime" (guideline 2.5): the phasing player's
        # Characters, when that player chooses.
        return candidates(st) + transforming.in_combat(st, self.to_act)

    def anytime(self, st: GameState) -> Collection[str]:
        # As in Combat with a Disaster: Flash Effects "throughout the game", Items and
        # card uses "during any phase" (guideline 2.7), for the player to choose now.
        # Choosing where to run is the end of the one command Run Away (guideline 3.3).
        return NONE if self.stage == Stage.RUN else (FLASH, USE, ITEMS)

    def explain(self, st: GameState, a: Action) -> str | None:
        if isinstance(a, (Engage, CharmAttack, Order, RunAway, RunTo, Proceed, BreakCharm)):
            return _why_not(st, a)
        if isinstance(a, Transform) and self.stage == Stage.RUN:
            return "choose where the group runs to"
        return None

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        if isinstance(a, Transform):
            transforming.transform(st, a, ev)
            return
        _ANSWERS[type(a)](st, a, ev)

    def rename(self, old: int, new: int) -> None:
        """R115: the Character that transformed keeps its place in the Combat: what it
        declared and what was declared on it, its Charm attacks, Charms and orders."""
        def r(x: int) -> int:
            return new if x == old else x
        for xs in (self.fighters, self.pending, self.charm_attacked, self.charm_defended,
                   self.tried):
            xs[:] = [r(x) for x in xs]
        self.declared = [(r(w), role, r(t)) for w, role, t in self.declared]
        self.charmed = {r(k): (r(c), m) for k, (c, m) in self.charmed.items()}
        self.to_order = [(r(c), r(m)) for c, m in self.to_order]

    def after_effect(self, st: GameState, ev: list[Event], trigger: str) -> None:
        """A card used or played meanwhile took Characters out of the Combat (Bonked,
        Killed, sent home): they neither declare nor are attacked; a side left with
        nobody ends it. A `defeated` effect of an allied Disaster this Combat's own round
        Defeated is part of that round, which goes on by itself (resolving it again here
        Defeated it again, a loop)."""
        if self.stage == Stage.RUN or trigger not in ("use", "play", "combat_round"):
            return
        here = [i for s in (self.attacker, self.defender) for i in _combatants(st, s, self.cell)
                + [u.card for u in st.allied_at(s, self.cell)]]
        self.pending = [i for i in self.pending if i in here]
        # A declaration goes with its Character or its target; one to do nothing (target
        # -1) has none, and stays while its Character is here (it was dropped as if its
        # target had gone).
        self.declared = [x for x in self.declared
                         if x[0] in here and (x[1] == "none" or x[2] in here)]
        self.charmed = {k: v for k, v in self.charmed.items() if k in here and v[0] in here}
        self.to_order = [x for x in self.to_order if x[0] in here and x[1] in here]
        if trigger == "combat_round":
            return  # the round's start goes on by itself
        if not st.fought_now(self):
            # A Combat begun on top of this one (a thief's getaway took a Character to
            # one) is fought first: this one goes on, or ends, when it is back on top
            # (`resume`), not restoring Health in the Combat under way.
            return
        if _out(st, self, self.attacker) or _out(st, self, self.defender):
            _end(st, ev)
        elif self.stage in (Stage.DECLARE, Stage.FINAL) and _next(st, self) is None:
            nxt = other(self, self.to_act)
            if any(_side(st, i) == nxt for i in self.pending) and self.stage == Stage.DECLARE:
                self.to_act = nxt
            else:
                _resolve(st, ev)
        elif self.stage == Stage.ORDER and not self.to_order:
            _start_round(st, ev)
        elif self.stage == Stage.ORDER:  # the charmer first in line may have gone
            self.to_act = st.units[self.to_order[0][0]].owner

    def resume(self, st: GameState, ev: list[Event]) -> None:
        """The Combat begun on top of this one has ended (combat.end): what happened
        meanwhile is settled now."""
        self.after_effect(st, ev, "use")

    def describe(self, st: GameState) -> str:
        return f"seats {self.attacker} and {self.defender} are in Combat ({self.stage})"


# Who fights ---------------------------------------------------------------------
def chars(st: GameState, seat: int, cell: Cell) -> list[Unit]:
    return sorted(st.chars_at(seat, cell), key=by_card)


def other(d: Duel, seat: int) -> int:
    return d.defender if seat == d.attacker else d.attacker


def havens(st: GameState, seat: int, cell: Cell) -> list[int]:
    """The seat's Havens with Attack next to a Location: they attack there (R35)."""
    place = st.places.get(cell)
    if place is None:
        return []
    return [st.places[h].card for h in st.seats[seat].havens
            if haven_attacks(st.game.card(st.places[h].card), h, cell, place.kind)]


def haven_attacks(haven: CardDef, at: Cell, cell: Cell, kind: str) -> bool:
    """A Haven (its card, at `at`) attacks at `cell`, a Place of `kind`: one with Attack,
    next to a Location (R35; a Haven is not a Location, guideline 4.14). Pure, so the
    window asks it of a seat's view too."""
    return kind == "location" and distance(at, cell) == 1 and (haven.ability("attack") or 0) > 0


def _guarded(st: GameState, seat: int) -> frozenset[Cell]:
    """The Locations the seat's Havens with Attack attack (havens): havens reads only
    what the Places are and the seat's Havens, so they are kept with what the Places
    are (field_memo) by the seat's Havens, not asked of each cell with another
    player's Characters."""
    kept = field_memo(st)
    key = ("guarded", seat, tuple(st.seats[seat].havens))
    found = kept.get(key)
    if found is None:
        found = kept[key] = frozenset([c for c in st.places if havens(st, seat, c)])
    return found


def _side(st: GameState, i: int) -> int:
    """A Character's owner, or the player controlling a Haven (a Location turned Haven
    may come from another player's deck)."""
    u = st.units.get(i)
    return u.owner if u is not None else next(p.owner for p in st.places.values() if p.card == i)


def _targets(st: GameState, seat: int, cell: Cell) -> list[Unit]:
    """Whom the other side may attack: `seat`'s Characters, and a Disaster allied with its
    group, "as though it were one of your Characters" (Allying with Characters)."""
    return chars(st, seat, cell) + sorted(st.allied_at(seat, cell), key=by_card)


def _pile(u: Unit) -> int:
    """Whose Combat pile draws for a Character attacked: its owner's; for an allied
    Disaster, the player it is allied with ("Players use their own Combat cards")."""
    return u.ally_seat if u.disaster else u.owner


def _combatants(st: GameState, seat: int, cell: Cell) -> list[int]:
    return [u.card for u in chars(st, seat, cell)] + havens(st, seat, cell)


def _haven_defense(st: GameState, u: Unit) -> int:
    """A Haven with Defense defends its owner's Characters in it against intruders (R35)."""
    place = st.places[u.pos]
    if place.kind != "haven" or place.owner != u.owner:
        return 0
    return st.game.card(place.card).ability("defense") or 0


def _out(st: GameState, d: Duel, seat: int) -> bool:
    """All Characters on one side are Bonked or Killed (a Haven alone fights on, R35)."""
    return not st.chars_at(seat, d.cell) and not (seat == d.attacker and d.by_haven)


# Initiating ---------------------------------------------------------------------
def challenges(st: GameState) -> list[Action]:
    """Where the current player may initiate Combat on another player's Characters: a cell
    where both have Characters, or a Location next to its Haven with Attack (R33, R35)."""
    seat = st.turn_seat
    # Characters with No Action only defend and Run Away (the glossary): they initiate no
    # Combat, though a Haven with Attack next to them may (R35 b).
    mine = combat.beginners(st, seat)
    guarded = _guarded(st, seat)
    foes: dict = {}  # the other players with Characters at each cell reached
    for owner, cell in st.groups():
        if (cell in mine or cell in guarded) and owner != seat and cell not in st.challenged:
            foes.setdefault(cell, set()).add(owner)
    if not foes:  # most listings: nobody else within reach
        return []
    return [Challenge(foe, cell) for cell in sorted(foes) for foe in sorted(foes[cell])]


def explain_challenge(st: GameState, a: Challenge) -> str:
    if st.phase not in (MOVE, SCAVENGE) or st.scavenging is not None:
        return "Combat between players is initiated in the Move or Scavenge phase"
    if a.cell in st.challenged:
        return "Combat between players begins at most once per Turn at a cell (R33)"
    return (f"seat {a.seat} has no Characters at {a.cell} that your Characters or a Haven "
            "with Attack next to it can reach")


def challenge(st: GameState, a: Challenge, ev: list[Event]) -> None:
    begin(st, st.turn_seat, a, ev)


def begin(st: GameState, seat: int, a: Challenge, ev: list[Event]) -> None:
    """`seat` initiates Combat on `a.seat`'s Characters at `a.cell` (in its own phases,
    or as a Haven's owner answering a guest's take: Rules for Havens)."""
    st.challenged.add(a.cell)
    attacked_elsewhere(st, seat, None)  # attacking another target restarts a siege
    d = st.push(Duel(seat, a.seat, a.cell, by_haven=not st.chars_at(seat, a.cell)))
    d.fighters = [u.card for s in (seat, a.seat) for u in chars(st, s, a.cell)]
    fort = havens(st, seat, a.cell) + havens(st, a.seat, a.cell)
    ev.append(DuelBegan(seat, a.seat, a.cell, tuple(fort)))
    # The initiator selects first; if it has nothing to select, the other player does.
    first = next((s for s in (seat, a.seat) if _charm_moves(st, s)), None)
    if st.game.options.charm_combat and first is not None:
        d.stage, d.to_act = Stage.CHARM, first
    else:
        _start_round(st, ev)


# Charm Combat Between Players ------------------------------------------------------
def _charm_moves(st: GameState, seat: int) -> list[Action]:
    """Each Character attacks once and is attacked once; Characters with base Charm 0 or
    less take no part (R12); a Charmed Character, or one with No Action, makes no attack
    (R34); a break attempt is the breaker's attack, one per Charmed Character."""
    d = st.duel
    mine = [u for u in chars(st, seat, d.cell) if takes_part(st, u)
            and u.card not in d.charm_attacked and u.card not in d.charmed
            and not has_flag(st, u, "no_action")]
    foes = [u for u in chars(st, other(d, seat), d.cell)
            if takes_part(st, u) and u.card not in d.charm_defended]
    acts: list[Action] = [CharmAttack(u.card, t.card) for u in mine for t in foes]
    acts += [BreakCharm(u.card, c) for c in sorted(d.charmed) if c not in d.tried
             and st.units[c].owner == seat for u in mine]
    return acts


def _contest(st: GameState, first: Unit, second: Unit, kind: str) -> tuple[int, int, tuple]:
    """Each Character's card comes from its owner's pile (Charm Combat Between Players)."""
    return contest(st, first, second, (first.owner, second.owner), kind)


def _charm_attack(st: GameState, a: CharmAttack, ev: list[Event]) -> None:
    """The attacker Charms on a higher total; the defender needs twice the attacker's."""
    d = st.duel
    d.charm_attacked.append(a.char)
    d.charm_defended.append(a.target)
    x, y, fought = _contest(st, st.units[a.char], st.units[a.target], "duel")
    if x > y:
        d.charmed[a.target] = (a.char, x - y)
        log_contest(ev, fought, "charmed")
    elif y > x and y >= 2 * x:
        d.charmed[a.char] = (a.target, y - x)
        log_contest(ev, fought, "charmed_attacker")
    else:
        log_contest(ev, fought, "nothing")
    _next_charm(st, ev, passed=False)


def _break(st: GameState, a: BreakCharm, ev: list[Event]) -> None:
    """A break beats the Charmed Character by twice the margin it was Charmed by."""
    d = st.duel
    d.charm_attacked.append(a.char)
    d.tried.append(a.charmed)
    x, y, fought = _contest(st, st.units[a.char], st.units[a.charmed], "break")
    if x - y >= 2 * d.charmed[a.charmed][1]:
        del d.charmed[a.charmed]
        log_contest(ev, fought, "broken")
    else:
        log_contest(ev, fought, "held")
    _next_charm(st, ev, passed=False)


def _pass(st: GameState, a: Proceed, ev: list[Event]) -> None:
    _next_charm(st, ev, passed=True)


def _next_charm(st: GameState, ev: list[Event], passed: bool) -> None:
    """Turns alternate; Charm Combat ends when both pass in a row or nobody can act."""
    d = st.duel
    d.passes = d.passes + 1 if passed else 0
    nxt = other(d, d.to_act)
    if d.passes < 2 and _charm_moves(st, nxt):
        d.to_act = nxt
    elif passed or not _charm_moves(st, d.to_act):  # else the same player goes on
        _orders(st, ev)


def _orders(st: GameState, ev: list[Event]) -> None:
    """At the end of Charm Combat every charmer gives its Charmed one order, the
    initiator's first."""
    d = st.duel
    d.to_order = sorted(((c, m) for m, (c, _) in d.charmed.items()),
                        key=lambda p: (st.units[p[0]].owner != d.attacker, p))
    d.charmed = {}
    if d.to_order:
        d.stage, d.to_act = Stage.ORDER, st.units[d.to_order[0][0]].owner
    else:
        _start_round(st, ev)


def _order(st: GameState, a: Order, ev: list[Event]) -> None:
    """The charmer makes its Charmed perform or prevents it from one action of the List of
    Actions (orders.py)."""
    d = st.duel
    d.to_order.pop(0)
    ev.append(CharmOrder(a.char, a.charmed, a.order))
    src = st.units[a.charmed]
    if a.order == "hand-over":
        orders.hand_over(st, src, st.units[a.char], ev)
    elif a.order == "release":
        d.to_order = [x for x in d.to_order if x[0] != a.charmed]
    else:
        orders.prevent(st, a.char, src, a.order)
    if d.to_order:
        d.to_act = st.units[d.to_order[0][0]].owner
    else:
        _start_round(st, ev)


# Physical Combat ------------------------------------------------------------------
def _start_round(st: GameState, ev: list[Event]) -> None:
    d = st.duel
    d.round += 1
    d.stage = Stage.DECLARE
    d.declared = []
    d.declared_seats = []
    d.runner = -1
    g = st.game
    new_combat_round(st, d)
    mine, theirs = chars(st, d.attacker, d.cell), chars(st, d.defender, d.cell)
    # Card text "in Combat" and "every Combat round" plays as in Combat with a Disaster.
    fired = False
    for u in mine + theirs:
        for card in (u.card, *u.enhancements, *u.equipment, *u.items):
            if g.instances[card].effects_on("combat_round") and u.card in st.units:
                trigger(st, Ctx(card, u.owner, u), "combat_round", ev)
                fired = True
    if fired:  # the effects may have ended the Combat or taken Characters out of it
        if st.duel is not d:
            return
        mine, theirs = chars(st, d.attacker, d.cell), chars(st, d.defender, d.cell)
    if not (mine or d.by_haven) or not theirs:  # _out of either side
        _end(st, ev)
        return
    d.pending = [u.card for u in mine] + havens(st, d.attacker, d.cell) + \
        [u.card for u in theirs] + havens(st, d.defender, d.cell)  # _combatants of each
    d.to_act = d.attacker  # "with the attacking player going first"


def _next(st: GameState, d: Duel) -> int | None:
    """The combatant the seat to act declares for now: its first still to declare."""
    return next((i for i in d.pending if _side(st, i) == d.to_act), None)


def _count(d: Duel, role: str, whom: int) -> int:
    return sum(1 for _, r, w in d.declared if r == role and w == whom)


def candidates(st: GameState) -> list[Action]:
    d = st.duel
    if d.stage == Stage.CHARM:
        return _charm_moves(st, d.to_act) + [Proceed()]
    if d.stage == Stage.ORDER:
        char, charmed = d.to_order[0]
        holds = any(c == charmed for c, _ in d.to_order)  # it Charmed someone itself
        u = st.units[charmed]
        return [Order(char, charmed, o) for o in CHARACTER_ORDERS
                if (o != "hand-over" or u.items) and (o != "release" or holds)
                and not orders.pointless(st, u, o)]
    if d.stage == Stage.RUN:
        return [RunTo(n) for n in combat.run_cells(st, d.runner, d.cell,
                                                   chars(st, d.runner, d.cell))]
    i = _next(st, d)
    foes = _targets(st, other(d, d.to_act), d.cell)
    u = st.units.get(i)
    # Kept out (No Action, an ally's Vehicle) it still defends and may Run Away; a
    # Charmed order may forbid attacking (R34). One player's never attack each other.
    free = u is None or kept_out(st, u) is None
    ordered = orders.forbidden(st, u) if free and u is not None else ()
    acts: list[Action] = []
    if free and "attack" not in ordered:
        # At most 3 on a Character; "no more than 2 opposing Characters may attack" an
        # allied Disaster "at a time".
        acts += [Engage(i, "attack", t.card) for t in foes
                 if _count(d, "attack", t.card) < (MAX_ALLY_ATTACKERS if t.disaster
                                                   else MAX_ATTACKERS)]
    if free and u is not None and d.stage == Stage.DECLARE and "protect" not in ordered:
        # An allied Disaster is protected as one of the group's Characters (R70).
        acts += [Engage(i, "protect", p.card) for p in _targets(st, u.owner, d.cell)
                 if p is not u and _count(d, "protect", p.card) < MAX_PROTECTORS]
    acts.append(Engage(i, "none"))
    runners = st.chars_at(d.to_act, d.cell)
    if (d.stage == Stage.DECLARE and runners and d.to_act not in d.declared_seats
            and not any(has_flag(st, r, TRANSFORMED) for r in runners)):
        acts.append(RunAway())  # "say so at the beginning of any Combat round"
    return acts


def explain_no_duel(st: GameState, a: Action) -> str:
    return "there is no Combat between players now"


def _why_not(st: GameState, a: Action) -> str | None:
    d = st.duel
    if isinstance(a, Engage) and d.stage in (Stage.DECLARE, Stage.FINAL):
        return _why_not_engage(st, d, a)
    if isinstance(a, RunTo) and d.stage == Stage.RUN:
        return why_not_run_to(st, d.runner, chars(st, d.runner, d.cell), d.cell, a.cell)
    return f"not possible in this step of Combat between players ({d.stage})"


def _why_not_engage(st: GameState, d: Duel, a: Engage) -> str:
    """Why a declaration is refused, the reasons candidates() reads in its words."""
    if a.char != _next(st, d):
        return f"declare for c{_next(st, d)} now"
    u = st.units.get(a.char)
    kept = None if u is None or a.role == "none" else why_kept_out(st, u)
    if kept is not None:
        return kept
    if a.role == "attack":
        if u is not None and "attack" in orders.forbidden(st, u):
            return "a Charmed order forbids it to attack"
        foe = st.units.get(a.target)
        if foe is None or foe not in _targets(st, other(d, d.to_act), d.cell):
            return f"c{a.target} is not an opposing Character or allied Disaster here"
        limit = MAX_ALLY_ATTACKERS if foe.disaster else MAX_ATTACKERS
        return f"at most {limit} may attack c{a.target}"
    if a.role == "protect":
        if d.stage == Stage.FINAL:
            return "nobody protects in the final attack on a group that Runs Away"
        if u is None:
            return "a Haven does not protect"
        if "protect" in orders.forbidden(st, u):
            return "a Charmed order forbids it to protect"
        friend = st.units.get(a.target)
        if friend is None or friend is u or friend not in _targets(st, u.owner, d.cell):
            return "it protects another of its side's Characters (or its ally) here"
        return f"at most {MAX_PROTECTORS} may protect c{a.target}"
    return "not possible now"


def _engage(st: GameState, a: Engage, ev: list[Event]) -> None:
    d = st.duel
    d.pending.remove(a.char)
    d.declared.append((a.char, a.role, a.target))
    if d.to_act not in d.declared_seats:
        d.declared_seats.append(d.to_act)
    if a.role == "attack":
        attacked_elsewhere(st, _side(st, a.char), None)  # "If you attack another target ..."
    ev.append(CombatDeclared(a.char, a.role, a.target))
    nxt = other(d, d.to_act)
    if any(_side(st, i) == nxt for i in d.pending):
        d.to_act = nxt  # "Players take turns declaring"
    elif not any(_side(st, i) == d.to_act for i in d.pending):
        _resolve(st, ev)


def _run_away(st: GameState, a: RunAway, ev: list[Event]) -> None:
    """The opponent gets one final, unanswered attack: its Characters still to declare
    attack the runners or do nothing, and what it declared to protect is void."""
    d = st.duel
    d.runner = d.to_act
    ev.append(RanAway(d.runner, d.cell))
    d.pending = [i for i in d.pending if _side(st, i) != d.runner]
    d.declared = [x for x in d.declared if x[1] == "attack"]
    d.stage = Stage.FINAL
    d.to_act = other(d, d.runner)
    if not d.pending:
        _resolve(st, ev)


def _resolve(st: GameState, ev: list[Event]) -> None:
    """Attacks and counter-attacks of the round land together (guideline 3.2)."""
    d = st.duel
    attacks = [(w, t) for w, r, t in d.declared if r == "attack"]
    # "you will draw a Combat card for each Character that is being attacked" (Combat
    # Between Players), from its owner's pile, in the order they were first attacked.
    drawn = [(t, draw_combat(st, _pile(st.units[t])))
             for t in dict.fromkeys(t for _, t in attacks) if t in st.units]
    for t, card in drawn:
        if card is not None:
            ev.append(CombatCard(t, card))
    foes = {t: {w for w, tt in attacks if tt == t} | {tt for w, tt in attacks if w == t}
            for t, _ in drawn}
    halved = [(t, *halves(st, card)) for t, card in drawn]  # each card's halves read once

    def mods(i: int) -> tuple[Modifier, ...]:
        """Its own card first, then the effects on it of the cards drawn for its opponents
        (those it attacks and those attacking it), in draw order."""
        own: tuple[Modifier, ...] = ()
        opp: tuple[Modifier, ...] = ()
        for t, mine, theirs in halved:
            if t == i:
                own += mine
            if i in foes[t]:
                opp += theirs
        return own + opp

    def attack(w: int) -> int:
        if w in st.units:
            return total(st, st.units[w], "attack", mods(w))
        return st.game.card(w).ability("attack") or 0  # a Haven: no Combat card (R35)

    hurt: list[int] = []
    kills: set[int] = set()  # Characters a single attack Killed (R9)
    # A protector attacked itself is hit twice; each attack is measured from the Health
    # before the round, as they land together (guideline 3.2; R89).
    round_health: dict[int, int] = {}
    # "The protecting Character will always take a minimum of 1 Damage per Combat round",
    # whether or not the Character it protects is attacked (Protecting): a protected
    # Character nobody attacks is hit with no Attack, and its protectors take 1 each.
    protected = [p for _, r, p in d.declared if r == "protect" and p in st.units]
    for t in dict.fromkeys([t for _, t in attacks] + protected):
        target = st.units[t]
        who = [w for w, tt in attacks if tt == t]
        guards = [st.units[w] for w, r, p in d.declared if r == "protect" and p == t]
        defense = (total(st, target, "defense", mods(t)) + _haven_defense(st, target)
                   + sum(total(st, g, "defense", mods(g.card)) for g in guards))
        kills |= hit(st, d.round, target, who, sum(attack(w) for w in who), defense, guards, ev,
                     None, final=d.stage == Stage.FINAL,
                     round_health=round_health)[2]
        hurt += [t] + [g.card for g in guards]
    for t, card in drawn:
        if card is not None:
            st.seats[_pile(st.units[t])].combat_discard.append(card)  # not yet Defeated
    if d.stage == Stage.DECLARE:
        # The Location attacks once per Combat round each Character of a group lacking
        # its requirements; no Combat cards are drawn (Rules for Locations).
        for seat in (d.attacker, d.defender):
            for u in locations.strikes(st, d.cell, seat):
                if locations.strike(st, d.cell, u, ev):
                    kills.add(u.card)
                hurt.append(u.card)
    for u in [st.units[i] for i in dict.fromkeys(hurt)]:
        if health(st, u) <= 0 and u.disaster:
            defeat_disaster(st, u, ev)  # an allied Disaster is Defeated, not Bonked
        elif health(st, u) <= 0:
            defeat_character(st, u, u.card in kills, None, ev)
    if d.stage == Stage.FINAL:
        _after_final(st, ev)
        return
    for i in d.fighters:  # spent Energy comes back 1 point per round
        if i in st.units:
            st.units[i].spent = max(0, st.units[i].spent - 1)
    # "Combat continues until: 1. All Characters on one side are Bonked or Killed.
    # 2. One side Runs Away." A round in which nobody attacks is followed by the
    # initiator Running Away, so a Combat neither side fights ends (R44).
    if _out(st, d, d.attacker) or _out(st, d, d.defender):
        _end(st, ev)
    else:
        _start_round(st, ev)
        if not attacks and st.duel is d:
            d.to_act = d.attacker
            _run_away(st, RunAway(), ev)


def _after_final(st: GameState, ev: list[Event]) -> None:
    """The runners' survivors move 1 Location, if there is one they can stop on."""
    d = st.duel
    d.stage, d.to_act = Stage.RUN, d.runner
    runners = chars(st, d.runner, d.cell)
    if not runners or next(combat.run_cells(st, d.runner, d.cell, runners), None) is None:
        _end(st, ev)


def _run_to(st: GameState, a: RunTo, ev: list[Event]) -> None:
    d = st.duel
    allies = st.allied_at(d.runner, d.cell)  # they run too (go_along), healed at the end
    combat.run_there(st, d.runner, chars(st, d.runner, d.cell), d.cell, a.cell, ev)
    _end(st, ev, allies)
    combat.met_on_stop(st, d.runner, a.cell, ev)  # R23, as a Move's stop


def _end(st: GameState, ev: list[Event], ran: Sequence[Unit] = ()) -> None:
    """Health and Energy are restored; Running Away ends the runner's Turn (R33).
    `ran`: the Disasters allied with the runners, gone with them."""
    d = st.duel
    for i in d.fighters:
        if i in st.units:
            st.units[i].damage = 0
            st.units[i].spent = 0
    # "Characters or Disasters": a Disaster allied with a side was attacked as its Character.
    for u in [*st.allied_at(d.attacker, d.cell), *st.allied_at(d.defender, d.cell), *ran]:
        u.damage = 0
    st.end_combat_lasting(d)
    ev.append(DuelEnded(d.attacker, d.defender, d.cell, d.runner))
    flash.lapse(st, ev)
    st.pop(d)
    if d.runner == st.turn_seat:
        run_ends_turn(st, ev)


_ANSWERS = {Engage: _engage, CharmAttack: _charm_attack, Order: _order, RunAway: _run_away,
            RunTo: _run_to, Proceed: _pass, BreakCharm: _break}
