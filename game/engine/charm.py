"""Charm Combat (rulebook, Charm Combat; R12: on by default).

The contest is the same with a Disaster and between players (duel.py): a Combat
card for each side, the higher total wins. With a Disaster (this module's second
half, the Charm stage of combat.py's Combat): before physical Combat, a Disaster
with Charm attacks a new random Character each round until every Character that
can has been attacked once. The loser is Charmed by the margin. Characters not
Charmed may then try to break a Charm, which takes twice the margin. What the
Charm decides carries into physical Combat: a Charmed Character cannot attack
the Disaster until the Disaster attacks it, and the Disaster cannot attack a
Character that out-charmed it until that Character attacks it.

The Charm stage's functions change the Combat record they are given and say what
comes next: combat.py ends the Combat or goes on to physical Combat.
"""
from __future__ import annotations

from enum import StrEnum
from typing import Any

from .abilities import total
from . import orders
from .actions import DISASTER_ORDERS, Action, BreakCharm, Command, Proceed
from .cards import Modifier
from .disasters import alliance, pick_up
from .events import CharmCommand, CharmContest, Event
from .lasting import has_flag, lasting_on
from .memo import reading
from .piles import draw_combat
from .state import GameState, Lasting, Unit, by_card



class Stage(StrEnum):
    """The stages of a Combat with a Disaster: Charm Combat's two, then physical Combat's."""
    BREAK = "break"  # Charm breaks may be tried, or the group goes on (R31)
    # the group out-charmed a Minor Disaster: it gives a command (List of Actions)
    COMMAND = "command"
    DECLARE = "declare"  # a round: the player declares for each Character, or Runs Away
    RUN = "run"  # Running Away: the survivors choose where to go


def takes_part(st: GameState, u: Unit) -> bool:
    """Characters and Disasters with a base Charm at or below 0 do not engage."""
    return (st.game.card(u.card).charm or 0) > 0


def charmed_by(st: GameState, u: Unit, d: int) -> bool:
    """`u` is still Charmed by Disaster `d` from a Charm Combat that Charmed its group."""
    return any(x.source == d and "charmed" in x.flags for x in lasting_on(st, u))


def release(st: GameState, d: int, chars: list[Unit]) -> None:
    """The Disaster attacks them: its Charm on them is over."""
    ids = {u.card for u in chars}
    st.set_lasting([x for x in st.lasting
                    if not (x.source == d and x.unit in ids and "charmed" in x.flags)])


def _halves(st: GameState, card: int | None) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    half = st.game.card(card).charm_half if card is not None else None
    return (half.own, half.opponent) if half else ((), ())


def contest(st: GameState, attacker: Unit, defender: Unit, seats: tuple[int, int],
            kind: str = "charm") -> tuple[int, int, tuple]:
    """One Charm contest: a Combat card for the attacker, then the defender, each from
    its side's pile (the fighting player's for a Disaster, R22); each total takes its own
    card first, then the opponent's card's effects (in draw order). The totals, and the
    contest's event but its result (for `log_contest`, once the caller has judged it)."""
    cards = [draw_combat(st, seats[0]), draw_combat(st, seats[1])]
    (a_own, a_opp), (d_own, d_opp) = _halves(st, cards[0]), _halves(st, cards[1])
    with reading(st):
        a = total(st, attacker, "charm", a_own + d_opp)
        d = total(st, defender, "charm", d_own + a_opp)
    for seat, c in zip(seats, cards):
        if c is not None:
            st.seats[seat].combat_discard.append(c)
    return a, d, (kind, attacker.card, defender.card, tuple(cards), a, d)


def log_contest(ev: list[Event], fought: tuple, result: str) -> None:
    """Log a Charm contest (`contest`'s event but its result) with its result: the event
    is made once, when the result is known."""
    ev.append(CharmContest(*fought, result))


# The Charm stage of a Combat with a Disaster ---------------------------------------------
def begin(st: GameState, c: Any, ev: list[Event]) -> bool:
    """Run the Disaster's Charm attacks; False if there is no Charm Combat."""
    d = st.units[c.disaster]
    chars = [u for u in st.chars_at(c.seat, c.cell) if takes_part(st, u)]
    # A Charm attack is an attack, which a Disaster with No Action cannot make.
    if not st.game.options.charm_combat or not takes_part(st, d) or not chars \
            or has_flag(st, d, "no_action"):
        return False
    todo = sorted(chars, key=by_card)
    while todo:  # "Disasters will attack a new random Character each round."
        u = todo.pop(st.rng.randrange(len(todo)))
        a, b, fought = contest(st, d, u, (c.seat, c.seat))
        if a > b:
            c.charmed[u.card] = a - b
            log_contest(ev, fought, "charmed")
        elif b > a:
            c.resisted.append(u.card)
            log_contest(ev, fought, "won")
        else:
            log_contest(ev, fought, "draw")
    c.stage = Stage.BREAK
    return True


def candidates(st: GameState, c: Any) -> list[Action]:
    if c.stage == Stage.COMMAND:
        d = st.units[c.disaster]
        group = sorted(st.chars_at(c.seat, c.cell), key=by_card)
        return [Command(o, u.card) for o in DISASTER_ORDERS if o == "hand-over" and d.items
                for u in group] + [Command(o) for o in DISASTER_ORDERS if o != "hand-over"]
    acts: list[Action] = []
    for char in sorted(c.charmed):
        if char in c.tried:
            continue  # one break attempt on each Charmed Character (R31)
        for u in sorted(st.chars_at(c.seat, c.cell), key=by_card):
            # "Release a Charmed Character" is an action: none with No Action.
            if u.card not in c.charmed and u.card not in c.breakers and takes_part(st, u) \
                    and not has_flag(st, u, "no_action"):
                acts.append(BreakCharm(u.card, char))
    return acts + [Proceed()]


def waiting(st: GameState, c: Any) -> bool:
    """Charm breaks are left to try: the player decides before the stage ends."""
    return c.stage == Stage.BREAK and len(candidates(st, c)) > 1


def outcome(st: GameState, c: Any, ev: list[Event]) -> Stage | None:
    """The Charm stage ends: what it decided, and the stage that comes next (None: the
    Combat is over)."""
    chars = st.chars_at(c.seat, c.cell)
    d = st.units[c.disaster]
    # "If all the Characters at a Location are Charmed": every player's there (guideline
    # 4.7, "all X at a Location"); another player's Character there, in no Combat, is not.
    if chars and all(u.card in c.charmed for u in chars) \
            and not any(s != c.seat for s, at in st.groups() if at == c.cell):
        # Every Character Charmed: the Disaster takes an Item from the Location and leaves;
        # "Charmed Characters cannot attack the Disaster until the Disaster attacks them".
        pick_up(st, alliance(st, d), ev, one=True)
        st.add_lasting(*[Lasting(d.card, u.card, u.owner, flags=("charmed",), until="game")
                         for u in chars])
        # "... and leave on the next Turn": it moves on in the next Maintenance phase,
        # whoever's Turn it is (maintenance.to_move).
        st.add_lasting(Lasting(d.card, d.card, d.owner, flags=("leaving",), until="game"))
        c.stage = Stage.DECLARE
        c.fled = True
        return None
    eligible = [u for u in chars if takes_part(st, u)]
    if (st.game.card(d.card).disaster_class == "minor" and eligible
            and all(u.card in c.resisted for u in eligible) and c.stage != Stage.COMMAND):
        c.stage = Stage.COMMAND
        return c.stage
    c.stage = Stage.DECLARE
    return c.stage


def explain(c: Any, a: Action) -> str | None:
    if c.stage not in (Stage.BREAK, Stage.COMMAND):
        return "there is no Charm Combat now"
    if isinstance(a, Command):
        return ("only a group that out-charmed a Minor Disaster gives it a command, one of "
                f"{', '.join(DISASTER_ORDERS)} (hand-over: to one of its Characters, if the "
                "Disaster has an Item)")
    if isinstance(a, BreakCharm):
        return ("a Character not Charmed may try once to break the Charm of a Charmed "
                "Character not tried before (R31)")
    return None


def break_charm(st: GameState, c: Any, a: BreakCharm, ev: list[Event]) -> None:
    """A Charm break needs the breaker to beat the Charmed by twice the margin."""
    c.breakers.append(a.char)
    c.tried.append(a.charmed)
    x, y, fought = contest(st, st.units[a.char], st.units[a.charmed], (c.seat, c.seat), "break")
    if x - y >= 2 * c.charmed[a.charmed]:
        del c.charmed[a.charmed]
        log_contest(ev, fought, "broken")
    else:
        log_contest(ev, fought, "held")


def command(st: GameState, c: Any, a: Command, ev: list[Event]) -> None:
    """The group makes the Disaster perform or prevent one action of the List of Actions;
    physical Combat follows (orders.py)."""
    d = st.units[c.disaster]
    ev.append(CharmCommand(d.card, a.order))
    if a.order == "hand-over":
        orders.hand_over(st, d, st.units[a.char], ev)
    else:
        orders.prevent(st, d.card, d, a.order)
    c.stage = Stage.DECLARE
