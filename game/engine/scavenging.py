"""The Scavenge phase: entering a Location, revealing its Disasters one by one,
and retrieving its Items and Equipment (rulebook, Scavenge Phase)."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from . import combat, disasters, items
from .abilities import holds, meets, total
from .actions import (Action, AttackLocation, BuildHaven, ContinueScavenging, Retrieve, Scavenge,
                      StopScavenging)
from .state import FLASH, ITEMS, SCAVENGE, USE, Cell, Decision, GameState, Unit, by_card
from .effects import trigger
from .events import (DisasterRevealed, Event, HavenBuilt, ItemTaken, LocationAttacked,
                     ScavengingBegan)
from .horde import place_ability
from .lasting import has_flag
from .static import static_hits, static_sources
from .targets import Ctx
from .terrain import attacked_elsewhere, besiege, scavenging_ends, sieging


class Stage(StrEnum):
    REVEAL = "reveal"  # the next card is being turned over
    COMBAT = "combat"  # fighting the revealed Disaster (a Combat is pending above)
    CONTINUE = "continue"  # one was dealt with and another lies under: go on or stop
    RETRIEVE = "retrieve"  # the Items and Equipment are reachable


@dataclass(slots=True)
class Scavenging(Decision):
    """A group Scavenging a Location, card by card (Scavenge Phase)."""

    kind = "scavenging"
    seat: int
    cell: Cell
    stage: Stage
    revealed: int = -1  # the Combat Disaster turned over last

    def chooser(self, st: GameState) -> int:
        return self.seat

    def options(self, st: GameState, quick: bool) -> list[Action]:
        if self.stage == Stage.CONTINUE:
            # Continuing is Scavenging, an action of the List of Actions: a group left
            # with only Characters with No Action may only stop.
            if not actors(st, self.seat, self.cell):
                return [StopScavenging()]
            return [ContinueScavenging(), StopScavenging()]
        chars = sorted(actors(st, self.seat, self.cell), key=by_card)
        return [Retrieve(u.card) for u in chars] + [StopScavenging()]

    def anytime(self, st: GameState) -> Collection[str]:
        return (FLASH, USE, ITEMS)

    def explain(self, st: GameState, a: Action) -> str | None:
        if isinstance(a, (ContinueScavenging, StopScavenging, Retrieve)):
            return explain_during(st, a)
        return None

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        if isinstance(a, ContinueScavenging):
            _next(st, ev)
        elif isinstance(a, StopScavenging):
            _end(st, ev)
        else:
            _retrieve(st, a, ev)

    def automatic(self, st: GameState) -> bool:
        # The Combat above it is over: go on; or the group has left the Location (a card
        # sent it home): a group Scavenges where it stands, so nobody is left to.
        return self.stage == Stage.COMBAT or not st.chars_at(self.seat, self.cell)

    def advance(self, st: GameState, ev: list[Event]) -> None:
        if st.chars_at(self.seat, self.cell):
            after_combat(st, ev)
        else:
            _end(st, ev)

    def describe(self, st: GameState) -> str:
        return f"seat {self.seat} is Scavenging {self.cell} ({self.stage})"


def location_health(st: GameState, cell, seat: int) -> int:
    """A Location with Defense has Health equal to it, less the Damage the seat's attack
    under way has dealt it (R51: each player's attack is its own)."""
    place = st.places[cell]
    return (st.game.card(place.card).defense or 0) - (sieging(place, seat) or 0)


def actors(st: GameState, seat: int, cell) -> list[Unit]:
    """The group's Characters that may Scavenge or attack a Location: "Scavenge" and
    "Attack" are actions, and "All of the above actions are prevented when a Character
    ... 'has no actions'" (List of Actions; Basic Terms, No Action)."""
    return [u for u in st.chars_at(seat, cell) if not has_flag(st, u, "no_action")]


def _sites(st: GameState):
    """Locations where the current player has a group that may act and something is
    left under it (a Location turned Haven too: guideline 4.10)."""
    seat = st.turn_seat
    for cell in sorted({u.pos for u in st.characters_by_card(seat)}):
        place = st.places[cell]
        if not place.destroyed and place.stack:  # the Place first: the group costs more
            group = actors(st, seat, cell)
            if group:
                yield cell, place, group


def barred(st: GameState, cell) -> frozenset[str]:
    """The cards a Location says cannot Scavenge it (its `cannot_scavenge` step).
    Miscellaneous Rules, guideline 13: "Card instructions pertaining to a specific card
    overrule conflicting card instructions pertaining to more than one card" (Shinjuku
    Police Building overrules Kozo Karino's "may Scavenge any Police Location")."""
    if "cannot_scavenge" not in st.game.step_kinds:
        return frozenset()
    card = st.game.card(st.places[cell].card)
    return frozenset(c for e in card.effects_on("static") for s in e.steps
                     if s.kind == "cannot_scavenge" for c in s.value)


def _barred_from(st: GameState, cell, group) -> Unit | None:
    """A Character of the group that the Location says cannot Scavenge it: the group
    cannot enter it with that Character, whatever its requirements or siege."""
    names = barred(st, cell)
    return next((u for u in group if st.game.card(u.card).id in names), None)


def _may_enter(st: GameState, cell, group, seat: int) -> bool:
    place = st.places[cell]
    card = st.game.card(place.card)
    if _barred_from(st, cell, group) is not None:
        return False
    sieged = (card.defense is not None and sieging(place, seat) is not None
              and location_health(st, cell, seat) <= 0)
    if sieged or meets(st, group, card.requires):
        return True
    if "scavenge_any" not in st.game.step_kinds:
        return False  # no card of the game grants Scavenging whatever the requirements
    names = barred(st, cell)
    return any(st.game.card(c).id not in names for c in scavenge_grants(st, group, place.card))


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
            if static_hits(st, ctx, step.to, u) and holds(st, who, e):
                found.append(ctx.card)
                break
    return found


def _entry_stop(st: GameState, cell, group: Sequence[Unit]) -> tuple[str | None, list[Unit]]:
    """The tests any entry makes, Scavenge or attack, on the Place and the group's
    Characters at it: the first that stops it, or None; and the Characters that may act
    ("Scavenge" and "Attack" are actions: List of Actions; Basic Terms, No Action)."""
    place = st.places.get(cell)
    if place is None or place.destroyed or (place.kind != "location" and not place.buried):
        return "it is not a Location that can be Scavenged", []
    if not group:
        return "you have no Characters there", []
    if not place.stack:
        return "nothing is left under it", []
    acting = [u for u in group if not has_flag(st, u, "no_action")]
    if not acting:
        return "Characters with No Action cannot Scavenge or attack a Location", []
    who = _barred_from(st, cell, acting)
    if who is not None:
        return (f"{st.game.card(who.card).name} cannot Scavenge this Location (its "
                "instructions say so)"), acting
    return None, acting


def scavenge_stop(st: GameState, group: Sequence[Unit], cell) -> str | None:
    """What stops one player's `group` (its Characters at one cell) entering the Location
    at `cell` to Scavenge it, wherever the group stands, by the tests `candidates` makes
    (Scavenge Phase: the group "must 'attempt' the Location by trying to meet the
    requirements"; Rules for Locations: one with Defense attacked to 0 Health is open);
    None where nothing does. The phase and once per Turn aside: the window's Location
    panel says which of a player's groups could Scavenge there, and why not the others."""
    why, acting = _entry_stop(st, cell, group)
    if why is not None or _may_enter(st, cell, acting, acting[0].owner):
        return why
    place = st.places[cell]
    card = st.game.card(place.card)
    why = f"the requirements ({card.requires.describe()}) are not met"
    return why + ("; an attack taking its Health to 0 or below opens it"
                  if card.defense is not None and place.kind == "location" else "")


def can_build_haven(st: GameState, cell) -> bool:
    """Rules for Locations: a Location can become a Haven when, after all its Disasters
    are revealed, the player brings the needed Characters and Items together there."""
    place = st.places.get(cell)
    if place is None or place.kind != "location" or place.destroyed:
        return False
    need = st.game.card(place.card).becomes_haven
    if need is None or any(st.game.card(c).type == "disaster" for c in place.under):
        return False
    return meets(st, st.chars_at(st.turn_seat, cell), need)


def candidates(st: GameState) -> list[Action]:
    acts: list[Action] = []
    for cell in sorted({u.pos for u in st.characters_by_card(st.turn_seat)}):
        if can_build_haven(st, cell):
            acts.append(BuildHaven(cell))
    scavenged = st.seats[st.turn_seat].scavenged
    for cell, place, grp in _sites(st):
        defended = st.game.card(place.card).defense is not None
        if scavenged and not defended:
            continue  # neither Scavenged again this Turn nor attacked
        if _may_enter(st, cell, grp, st.turn_seat):
            if not scavenged:
                acts.append(Scavenge(cell))
        elif (defended and place.kind == "location" and cell not in st.location_attacked
              and _barred_from(st, cell, grp) is None):
            acts.append(AttackLocation(cell))
    return acts


def explain_scavenge(st: GameState, a: Action) -> str:
    if st.phase != SCAVENGE:
        return "Scavenging happens in the Scavenge phase"
    if st.scavenging is not None:
        return "already Scavenging"
    if isinstance(a, Scavenge) and st.seats[st.turn_seat].scavenged:
        return "Scavenging may be initiated only once per Turn (guideline 2.9)"
    why, acting = _entry_stop(st, a.cell, st.chars_at(st.turn_seat, a.cell))
    if why is not None:
        return why
    place = st.places[a.cell]
    req = st.game.card(place.card).requires
    if isinstance(a, Scavenge):
        return f"the group does not meet the requirements: {req.describe()}"
    if place.kind != "location":
        # What lies under it may still be Scavenged (guideline 4.10), it is not attacked.
        return f"{a.cell} is a Haven, not a Location: it cannot be attacked (guideline 4.14)"
    # Rules for Locations: "If a Location has Defense, you can Scavenge it without the
    # necessary skills by attacking it" (once per Turn, until its Health is 0 or below).
    if st.game.card(place.card).defense is None:
        return "this Location has no Defense: it cannot be attacked"
    if a.cell in st.location_attacked:
        return "this Location was attacked this Turn already (once per Turn)"
    if sieging(place, st.turn_seat) is not None and location_health(st, a.cell, st.turn_seat) <= 0:
        why = "its Health is 0 or below"
    elif meets(st, acting, req):
        why = "the group meets the requirements"
    else:
        why = "a card lets the group Scavenge it whatever the requirements"
    return f"no attack is needed to Scavenge this Location: {why}"


def scavenge(st: GameState, a: Scavenge, ev: list[Event]) -> None:
    seat = st.turn_seat
    st.seats[seat].scavenged = True
    st.push(Scavenging(seat, a.cell, Stage.REVEAL))
    ev.append(ScavengingBegan(seat, a.cell))
    for u in sorted(st.chars_at(seat, a.cell), key=by_card):
        for c in [u.card] + u.enhancements + u.equipment + u.items:
            if st.game.card(c).effects_on("scavenge") and u.card in st.units:
                trigger(st, Ctx(c, seat, u), "scavenge", ev)
    _next(st, ev)


def attack_location(st: GameState, a: AttackLocation, ev: list[Event]) -> None:
    """Rules for Locations: a Location with Defense may be attacked once per Turn until
    its Health is 0 or below; leaving or attacking another target starts it over."""
    place = st.places[a.cell]
    seat = st.turn_seat
    attacked_elsewhere(st, seat, a.cell)
    attack = sum(total(st, u, "attack") for u in actors(st, seat, a.cell))
    defense = place_ability(st, place.card, "defense")  # Health stays the base Defense
    before = location_health(st, a.cell, seat)
    besiege(st, a.cell, seat, (sieging(place, seat) or 0) + max(0, attack - defense))
    st.location_attacked.add(a.cell)
    ev.append(LocationAttacked(seat, a.cell, attack, defense, before,
                               location_health(st, a.cell, seat)))


def build_haven(st: GameState, a: BuildHaven, ev: list[Event]) -> None:
    """It is a Haven from now on (guideline 4.10): off the Disaster path, and only its
    owner's Characters may stop on it. What lies under it stays there, face down, to be
    Scavenged (Basic Terms, Drop; guideline 4.10: it "can still be ... Scavenged")."""
    # A Haven now, attacked by nobody: any player's attack on the Location ends (R51).
    old = st.places[a.cell]
    place = st.change_place(a.cell, kind="haven", owner=st.turn_seat, siege=(), under=(),
                            buried=old.under)
    st.seats[st.turn_seat].havens.append(a.cell)
    st.path = tuple(c for c in st.path if c != a.cell)
    ev.append(HavenBuilt(st.turn_seat, a.cell, place.card))


def explain_build(st: GameState, a: BuildHaven) -> str:
    if st.phase != SCAVENGE or st.scavenging is not None:
        return "a Haven is built in the Scavenge phase, when not Scavenging"
    return f"{a.cell} is not a Location your group there can turn into a Haven"


def _next(st: GameState, ev: list[Event]) -> None:
    """Turn over the next card: a Disaster is fought or endured; else Items are reachable."""
    sc = st.scavenging
    place = st.places[sc.cell]
    grp = st.chars_at(sc.seat, sc.cell)
    if not grp or not place.stack:
        _end(st, ev)
        return
    top = place.stack[0]
    card = st.game.card(top)
    if card.type != "disaster":
        sc.stage = Stage.RETRIEVE
        return
    st.take_top(sc.cell)
    ev.append(DisasterRevealed(top, sc.cell))
    ids = [u.card for u in grp]
    if card.is_combat_disaster:
        u = disasters.arrive(st, top, sc.cell, sc.seat)
        u.moved_once = True  # "Moves Once": one that turns up while Scavenging does not move
        trigger(st, Ctx(top, u.owner, u, group=ids), "revealed", ev)
        sc.stage = Stage.COMBAT
        sc.revealed = top
        if top in st.units and st.chars_at(sc.seat, sc.cell):
            combat.start(st, sc.seat, sc.cell, [top], "scavenge", ev)
    else:
        disasters.resolve_non_combat(st, top, grp, ev)
        _after_disaster(st, ev)


def _after_disaster(st: GameState, ev: list[Event]) -> None:
    sc = st.scavenging
    place = st.places[sc.cell]
    if not st.chars_at(sc.seat, sc.cell) or not place.stack:
        _end(st, ev)
    elif st.game.card(place.stack[0]).type == "disaster":
        sc.stage = Stage.CONTINUE
    else:
        sc.stage = Stage.RETRIEVE


def after_combat(st: GameState, ev: list[Event]) -> None:
    """Combat with a revealed Disaster is over: go on only if it was Defeated."""
    if st.scavenging.revealed in st.units:
        _end(st, ev)
    else:
        _after_disaster(st, ev)


def _retrieve(st: GameState, a: Retrieve, ev: list[Event]) -> None:
    sc = st.scavenging
    u = st.units[a.char]
    card = st.take_top(sc.cell)
    (u.items if st.game.card(card).type == "item" else u.equipment).append(card)
    ev.append(ItemTaken(a.char, sc.cell, card, to=items.seen_by(st, card, (sc.seat,))))
    if not st.places[sc.cell].stack:
        _end(st, ev)


def _end(st: GameState, ev: list[Event]) -> None:
    sc = st.scavenging
    st.pop(sc)
    scavenging_ends(st, sc, ev)


def explain_during(st: GameState, a: Action) -> str:
    if st.scavenging is None:
        return "you are not Scavenging"
    if isinstance(a, Retrieve):
        if st.scavenging.stage != Stage.RETRIEVE:
            return "Items are retrieved after every Disaster has been dealt with"
        u = st.units.get(a.char)
        if u is not None and u in st.chars_at(st.scavenging.seat, st.scavenging.cell):
            return "a Character with No Action takes nothing out (List of Actions)"
        return f"c{a.char} is not in the Scavenging group"
    if (isinstance(a, ContinueScavenging) and st.scavenging.stage == Stage.CONTINUE
            and not actors(st, st.scavenging.seat, st.scavenging.cell)):
        return "Characters with No Action cannot go on Scavenging (List of Actions)"
    return "deal with the Disaster first"

