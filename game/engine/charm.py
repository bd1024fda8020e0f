"""Charm Combat with Disasters (rulebook, Charm Combat; R12: on by default).

Before physical Combat, a Disaster with Charm attacks a new random Character
each round until every Character that can has been attacked once. Higher Charm
wins; the loser is Charmed by the margin. Characters not Charmed may then try
to break a Charm, which takes twice the margin. What the Charm decides carries
into physical Combat (combat.py): a Charmed Character cannot attack the
Disaster until the Disaster attacks it, and the Disaster cannot attack a
Character that out-charmed it until that Character attacks it.
"""
from __future__ import annotations

from . import events as E
from .abilities import total
from .actions import Action, BreakCharm, Command, Proceed
from .cards import Modifier
from .events import Event
from .items import drop_all
from .state import GameState, Lasting, Unit


def takes_part(st: GameState, u: Unit) -> bool:
    """Characters and Disasters with a base Charm at or below 0 do not engage."""
    return (st.game.card(u.card).charm or 0) > 0


def charmed_by(st: GameState, u: Unit, d: int) -> bool:
    """`u` is still Charmed by Disaster `d` from a Charm Combat that Charmed its group."""
    return any(x.unit == u.card and x.source == d and "charmed" in x.flags for x in st.lasting)


def commanded_by(st: GameState, d: int, seat: int) -> bool:
    """Disaster `d` obeyed a command of `seat`'s group this Turn (R32)."""
    return any(x.unit == d and x.seat == seat and "commanded" in x.flags for x in st.lasting)


def release(st: GameState, d: int, chars: list[Unit]) -> None:
    """The Disaster attacks them: its Charm on them is over."""
    ids = {u.card for u in chars}
    st.lasting = [x for x in st.lasting
                  if not (x.source == d and x.unit in ids and "charmed" in x.flags)]


def _halves(st: GameState, card: int | None) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    half = st.game.card(card).charm_half if card is not None else None
    return (half.own, half.opponent) if half else ((), ())


def contest(st: GameState, attacker: Unit, defender: Unit, seats: tuple[int, int],
            ev: list[Event], kind: str = "charm") -> tuple[int, int]:
    """One Charm contest: a Combat card for the attacker, then the defender, each from
    its side's pile (the fighting player's for a Disaster, R22); each total takes its own
    card first, then the opponent's card's effects (in draw order)."""
    from .combat import draw_combat

    cards = [draw_combat(st, seats[0]), draw_combat(st, seats[1])]
    (a_own, a_opp), (d_own, d_opp) = _halves(st, cards[0]), _halves(st, cards[1])
    a = total(st, attacker, "charm", a_own + d_opp)
    d = total(st, defender, "charm", d_own + a_opp)
    for seat, c in zip(seats, cards):
        if c is not None:
            st.seats[seat].combat_discard.append(c)
    ev.append(Event(E.CHARM_CONTEST, {"kind": kind, "attacker": attacker.card,
                                      "defender": defender.card, "cards": cards,
                                      "attacker_charm": a, "defender_charm": d}))
    return a, d


def record(ev: list[Event], result: str) -> None:
    """The result of the Charm contest just logged."""
    last = ev[-1]
    ev[-1] = Event(last.type, {**last.public, "result": result})


def begin(st: GameState, ev: list[Event]) -> bool:
    """Run the Disaster's Charm attacks; False if there is no Charm Combat."""
    c = st.combat
    d = st.units[c.disaster]
    chars = [u for u in st.chars_at(c.seat, c.cell) if takes_part(st, u)]
    if not st.game.options.charm_combat or not takes_part(st, d) or not chars:
        return False
    todo = sorted(chars, key=lambda u: u.card)
    while todo:  # "Disasters will attack a new random Character each round."
        u = todo.pop(st.rng.randrange(len(todo)))
        a, b = contest(st, d, u, (c.seat, c.seat), ev)
        if a > b:
            c.charmed[u.card] = a - b
            record(ev, "charmed")
        elif b > a:
            c.resisted.append(u.card)
            record(ev, "won")
        else:
            record(ev, "draw")
    c.charm_stage = "break"
    settle(st, ev)
    return True


def candidates(st: GameState) -> list[Action]:
    c = st.combat
    if c.charm_stage == "command":
        return [Command("leave"), Command("drop")]
    acts: list[Action] = []
    for char in sorted(c.charmed):
        if char in c.tried:
            continue  # one break attempt on each Charmed Character (R31)
        for u in sorted(st.chars_at(c.seat, c.cell), key=lambda u: u.card):
            if u.card not in c.charmed and u.card not in c.breakers and takes_part(st, u):
                acts.append(BreakCharm(u.card, char))
    return acts + [Proceed()]


def settle(st: GameState, ev: list[Event]) -> None:
    """When no break is left to try, Charm Combat ends and its outcome applies."""
    c = st.combat
    if c.charm_stage == "break" and len(candidates(st)) > 1:
        return
    _finish(st, ev)


def _finish(st: GameState, ev: list[Event]) -> None:
    from .combat import end, start_physical

    c = st.combat
    chars = st.chars_at(c.seat, c.cell)
    d = st.units[c.disaster]
    if chars and all(u.card in c.charmed for u in chars):
        # Every Character Charmed: the Disaster takes an Item from the Location and leaves;
        # until it attacks them (or the Turn ends) they cannot attack it (R31).
        from .disasters import pick_up
        pick_up(st, d, ev)
        st.lasting += [Lasting(d.card, u.card, u.owner, flags=("charmed",)) for u in chars]
        c.charm_stage = ""
        c.fled = True
        end(st, ev)
        return
    eligible = [u for u in chars if takes_part(st, u)]
    if (st.game.card(d.card).disaster_class == "minor" and eligible
            and all(u.card in c.resisted for u in eligible) and c.charm_stage != "command"):
        c.charm_stage = "command"
        return
    c.charm_stage = ""
    start_physical(st, ev)


def _why_not(st: GameState, a: Action) -> str | None:
    c = st.combat
    if c is None or not c.charm_stage:
        return "there is no Charm Combat now"
    if isinstance(a, Command):
        return "only a group that out-charmed a Minor Disaster gives it a command"
    if isinstance(a, BreakCharm):
        return ("a Character not Charmed may try once to break the Charm of a Charmed "
                "Character not tried before (R31)")
    return None


def _break(st: GameState, a: BreakCharm, ev: list[Event]) -> None:
    """A Charm break needs the breaker to beat the Charmed by twice the margin."""
    c = st.combat
    c.breakers.append(a.char)
    c.tried.append(a.charmed)
    x, y = contest(st, st.units[a.char], st.units[a.charmed], (c.seat, c.seat), ev, "break")
    if x - y >= 2 * c.charmed[a.charmed]:
        del c.charmed[a.charmed]
        record(ev, "broken")
    else:
        record(ev, "held")
    settle(st, ev)


def _proceed(st: GameState, a: Proceed, ev: list[Event]) -> None:
    _finish(st, ev)


def _command(st: GameState, a: Command, ev: list[Event]) -> None:
    from .combat import end

    c = st.combat
    d = st.units[c.disaster]
    ev.append(Event(E.CHARM_COMMAND, {"disaster": d.card, "order": a.order}))
    if a.order == "drop":
        drop_all(st, d, ev)
    # The group has had its way with it: no second Combat with it this Turn (R32).
    st.lasting.append(Lasting(d.card, d.card, c.seat, flags=("commanded",)))
    c.charm_stage = ""
    c.fled = True  # either way it does not fight this group now
    end(st, ev)


HANDLERS = {BreakCharm: (_why_not, _break), Command: (_why_not, _command),
            Proceed: (_why_not, _proceed)}
