"""Rules for Transforming Characters: a 2-card transforming Character changes form in
the Move phase by sacrificing its move (guideline 2.5 read with it, R1; docs/RULINGS.md
R43).

The deck keeps the second card out of play (decks.py, `other_forms`); in a game it
waits in its owner's `forms`. Transforming swaps the two cards: the first form's card
leaves play for `forms`, so it can come back, and the second comes in where the
Character stands, as the same Character: its group, Items, Equipment, Enhancements,
Damage and what lasts on it go with it.

A Combat the Move phase begins is during it (guideline 2.5, "may transform anytime"):
its player's Characters with their move may transform while the Combat waits on that
player, and the new card takes the first's place in the Combat's lists (R115).
"""
from __future__ import annotations

from dataclasses import replace

from .abilities import health
from .actions import Action, Transform
from .defeat import defeat_character
from .events import Event, Transformed
from .lasting import TRANSFORMED, stays_put
from .state import MOVE, GameState, Lasting, Unit


def other_card(st: GameState, u: Unit) -> int | None:
    """The instance of `u`'s other form its owner keeps out of play, if any."""
    other = st.game.card(u.card).other_form
    if other is None:
        return None
    return next((c for c in st.seats[u.owner].forms if st.game.card(c).id == other), None)


def can_transform(st: GameState, u: Unit) -> bool:
    """"You may transform a Character from one form to another during the Movement
    phase by sacrificing that Character's move": it has its move (it has not moved
    this Turn and nothing keeps it from moving) and its other card is at hand."""
    return (not u.disaster and u.moved == 0 and not stays_put(st, u)
            and other_card(st, u) is not None)


def candidates(st: GameState) -> list[Action]:
    """The Move phase's transformations, for the player whose Turn it is (none when it
    keeps no other form out of play: most decks have no transforming Character)."""
    seat = st.turn_seat
    if not st.seats[seat].forms:
        return []
    return [Transform(u.card) for u in st.characters_by_card(seat) if can_transform(st, u)]


def in_combat(st: GameState, seat: int) -> list[Action]:
    """The transformations `seat` may make while a Combat waits on it: those of the
    Move phase, for its player only ("Move your Characters", Move Phase), and none
    once its group Ran Away: "This will end your Turn" (Basic Terms, Run Away; the
    Combat the run stopped in is still fought)."""
    if st.phase != MOVE or seat != st.turn_seat or _turn_ending(st):
        return []
    return candidates(st)


def _turn_ending(st: GameState) -> bool:
    step = st.under_way("phase")
    return step is not None and step.ending


def explain(st: GameState, a: Transform) -> str:
    u = st.units.get(a.char)
    if st.phase != MOVE:
        return "a Character transforms in the Move phase, by sacrificing its move"
    top = st.top
    if top is not None and top.kind == "flash":
        # Guideline 3.1: "If it isn't a Global Effect, isn't a Haven's ability, or doesn't
        # say it's a Flash Effect, it isn't as fast."
        return "a Transform is not as fast as a Flash Effect: not while one waits"
    if top is not None and top.kind not in ("phase", "combat", "duel"):
        return f"not now: {top.describe(st)}"
    if u is None or u.disaster or u.owner != st.turn_seat or st.current_seat() != st.turn_seat:
        return "you can transform only your own Characters on the Field, in your Move phase"
    if _turn_ending(st):
        return "the group Ran Away, which ends the Turn: no move is left to sacrifice"
    if other_card(st, u) is None:
        return (f"c{a.char} is not a 2-card transforming Character with its other card "
                "kept out of play")
    return f"c{a.char} has no move left to sacrifice this Turn"


def transform(st: GameState, a: Transform, ev: list[Event]) -> None:
    """Remove the first form's card from play, bring in the second card."""
    old = st.take_unit(a.char)
    seat = old.owner
    forms = st.seats[seat].forms
    new = other_card(st, old)
    forms[forms.index(new)] = old.card
    u = old.copy()
    u.card = new
    st.add_unit(u)
    # The same Character: what lasts on it, what it made that lasts (a Combat's Barrier:
    # the card aside is hidden, R43 b), and the groups it belongs to, follow it (R115).
    was = old.card
    st.set_lasting([replace(x, unit=new if x.unit == was else x.unit,
                            source=new if x.source == was else x.source) for x in st.lasting])
    for o in st.off_field:
        if old.card in o.chars:
            o.chars = tuple(new if c == old.card else c for c in o.chars)
    for d in st.pending:  # a Combat under way: the same Character in its lists (R115)
        d.rename(old.card, new)
    # "A Character that is transforming cannot be moved that Turn except by a Disaster."
    st.add_lasting(Lasting(new, new, seat, flags=(TRANSFORMED,)))
    ev.append(Transformed(seat, new, old.card, u.pos))
    if health(st, u) <= 0:
        # R116: the new form's Health is used up by the Damage she carries: Bonked (a
        # Kill is overcome "in a single attack", Basic Terms). Every Combat under way is
        # told, as after a card's effect: she may be in one lower in the stack.
        defeat_character(st, u, False, None, ev)
        for d in st.pending[::-1]:
            d.after_effect(st, ev, "use")
