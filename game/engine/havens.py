"""Rules for Havens: another player may move its Characters over a Haven without asking,
but may stop there only with its owner's permission (R36). A guest there may take out
any Items or Equipment; an owner with Characters there may answer a take with Combat.

Extra Havens: "To add an additional Haven to the Field, 3 Characters must remain at a
Location for 2 Turns doing nothing except 'building' access to the Haven. You may then
place the Haven adjacent to the Location during the next Equip phase." In its Turn a
player sets the Haven card from its hand beside three of its Characters at a
Location that have not moved this Turn; they have No Action while they build (they
still defend and may Run Away). Each of the player's Turns they all end there counts;
one that ends with a builder gone ends the building, and the card goes back to the
hand. After two, the builders are free, and in the player's next Equip phase the Haven
is placed in an empty cell next to the Location, or, if the phase ends first, goes
back to the hand."""
from __future__ import annotations

from dataclasses import dataclass

from itertools import combinations

from . import duel, items
from .actions import Action, Answer, AskPermission, BuildAccess, Challenge, PickUp, PlaceHaven
from .field import distance, neighbours
from .lasting import has_flag
from .memo import field_memo
from .movement import free_movers
from .state import EQUIP, MOVE, SCAVENGE, Building, Cell, Decision, GameState, Lasting, Place
from .events import (AccessBuilt, CardPlayed, Event, PermissionAnswered, PermissionAsked,
                     TakeAnswered)

BUILDERS = 3  # "3 Characters must remain at a Location"
BUILD_TURNS = 2  # "for 2 Turns"


@dataclass(slots=True)
class HavenQuestion(Decision):
    """The owner of a Haven is asked to let the turn's group stop there (R36)."""

    kind = "haven_question"
    cell: Cell

    def chooser(self, st: GameState) -> int:
        return st.places[self.cell].owner

    def options(self, st: GameState, quick: bool) -> list[Action]:
        return [Answer(True), Answer(False)]

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        """Yes lets the group stop there until the asker's next Turn begins
        (terrain.can_stop)."""
        seat = st.turn_seat
        st.haven_asks[(seat, self.cell)] = (st.seats[seat].turns, a.granted)
        ev.append(PermissionAnswered(seat, self.cell, a.granted))
        st.pop(self)

    def describe(self, st: GameState) -> str:
        return f"seat {self.chooser(st)} is asked to let seat {st.turn_seat} stop at {self.cell}"


def _asked(st: GameState, seat: int, cell: Cell) -> bool:
    asked = st.haven_asks.get((seat, cell))
    return asked is not None and asked[0] == st.seats[seat].turns


def asks(st: GameState) -> list[Action]:
    """Other players' Havens within the Movement left to one of the current player's
    Characters, not asked about yet this Turn."""
    seat = st.turn_seat
    movers = [(u.pos, n) for u, n in free_movers(st, seat) if n > 0]
    if not movers:
        return []
    return [AskPermission(cell) for cell, owner in _havens(st) if owner != seat
            and not _asked(st, seat, cell)
            and any(0 < distance(at, cell) <= n for at, n in movers)]


def _havens(st: GameState) -> list[tuple[Cell, int]]:
    """The Havens on the Field by cell, each with its owner: kept with what the Places
    are (field_memo), not looked for among them by each listing."""
    kept = field_memo(st)
    found = kept.get("havens")
    if found is None:
        found = kept["havens"] = [(c, p.owner) for c, p in sorted(st.places.items())
                                  if p.kind == "haven"]
    return found


def explain(st: GameState, a: Action) -> str:
    if isinstance(a, Answer):
        return "nobody is asking to stop at your Haven"
    if st.phase != MOVE:
        return "permission to stop at a Haven is asked in the Move phase"
    return ("ask once per Turn about another player's Haven within your Characters' "
            "Movement (R36)")


def ask(st: GameState, a: AskPermission, ev: list[Event]) -> None:
    st.push(HavenQuestion(a.cell))
    ev.append(PermissionAsked(st.turn_seat, a.cell, st.places[a.cell].owner))


@dataclass(slots=True)
class GuestTake(Decision):
    """A guest tries to take a card out of a Haven where its owner has Characters: "you
    can Combat that player's Characters if they try to take something you don't want
    them to take" (Rules for Havens). The owner lets it go, or fights, whatever Combat
    was fought there this Turn: R33 a's once per Turn at a cell limits the phasing
    player's initiative, not this answer (with three seats, a guest's Combat with
    another guest there took it away). Each such Combat ends with one side gone from
    the Haven (Bonked, Killed or Run Away, R44), so the answers are few. No take is
    made while a Combat is under way (R118, items.candidates), so the answer is never
    a Combat inside another. The card is told to the seats that see the store (the
    owner, the guest, another player's Characters standing there too): the other
    seats' views leave it out; the owner's shows it, as it must know what it lets go
    ("something you don't want them to take")."""

    kind = "guest_take"
    cell: Cell
    char: int
    card: int

    def chooser(self, st: GameState) -> int:
        return st.places[self.cell].owner

    def options(self, st: GameState, quick: bool) -> list[Action]:
        return [Answer(True), Challenge(st.units[self.char].owner, self.cell)]

    def apply(self, st: GameState, a: Action, ev: list[Event]) -> None:
        st.pop(self)
        ev.append(TakeAnswered(self.cell, self.char, isinstance(a, Answer)))
        if isinstance(a, Answer):
            items.pick_up(st, PickUp(self.card, self.char), ev)
        else:
            duel.begin(st, self.chooser(st), a, ev)

    def describe(self, st: GameState) -> str:
        return f"seat {self.chooser(st)} is asked to let a guest take a card out of its Haven"

    def public(self, st: GameState, seat: int) -> GuestTake:
        # Named to those who see the store (items.watchers: its owner, and any player
        # with Characters there, the guest among them), as the take itself is.
        if seat in items.watchers(st, self.cell):
            return self.copy()
        return GuestTake(self.cell, self.char, -1)


def guest_take(st: GameState, a: PickUp) -> bool:
    """Whether a guest's take waits for the owner's answer (a GuestTake pushed): it does
    when the owner has Characters there (with none there, "they can take whatever is
    there")."""
    u = st.units[a.char]
    owner = st.places[u.pos].owner
    if owner == u.owner or not st.chars_at(owner, u.pos):
        return False
    st.push(GuestTake(u.pos, a.char, a.card))
    return True


# Extra Havens -----------------------------------------------------------------------
def builds(st: GameState) -> list[Action]:
    """In the player's Equip, Move or Scavenge phase (before it Scavenges): a Haven in
    the hand, three Characters at a Location that have not moved this Turn and are free
    to act; one building at a time. The book names no phase to begin in."""
    seat = st.turn_seat
    havens, hand = st.game.by_type["haven"], st.seats[seat].hand
    # Asked at every listing of these phases: most hands hold no Haven, found without a set.
    if havens.isdisjoint(hand) or st.phase not in (EQUIP, MOVE, SCAVENGE) \
            or st.seats[seat].scavenged or any(b.seat == seat for b in st.building):
        return []
    cards = sorted(havens.intersection(hand))
    acts: list[Action] = []
    for cell in sorted({u.pos for u in st.characters_by_card(seat)}):
        if st.places[cell].kind != "location":
            continue
        free = sorted(u.card for u in st.chars_at(seat, cell) if not u.moved
                      and not has_flag(st, u, "no_action"))
        for chars in combinations(free, BUILDERS):
            acts += [BuildAccess(c, chars, cell) for c in cards]
    return acts


def build(st: GameState, a: BuildAccess, ev: list[Event]) -> None:
    seat = st.turn_seat
    st.seats[seat].hand.remove(a.card)
    st.building.append(Building(seat, a.card, a.cell, a.chars))
    # "doing nothing except 'building'": No Action while they build.
    st.add_lasting(*[Lasting(a.card, c, seat, flags=("no_action",), until="game")
                     for c in a.chars])
    ev.append(CardPlayed(seat, a.card, None, a.cell))


def _free_builders(st: GameState, b: Building) -> None:
    st.set_lasting([x for x in st.lasting if not (x.source == b.card and x.unit in b.chars)])


def _give_back(st: GameState, b: Building) -> None:
    _free_builders(st, b)
    st.building.remove(b)
    st.seats[b.seat].hand.append(b.card)


def end_of_turn(st: GameState, seat: int, ev: list[Event]) -> None:
    """The player's Turn ends: builders all still there count a Turn; otherwise the
    building is over. A finished access not placed in its Equip phase lapses."""
    for b in [b for b in st.building if b.seat == seat]:
        if b.turns >= BUILD_TURNS:
            _give_back(st, b)  # "during the next Equip phase": it was not placed
        elif all(c in st.units and st.units[c].pos == b.cell for c in b.chars):
            b.turns += 1
            if b.turns == BUILD_TURNS:
                _free_builders(st, b)
                ev.append(AccessBuilt(seat, b.card, b.cell))
        else:
            _give_back(st, b)


def placements(st: GameState) -> list[Action]:
    """Equip phase: a finished access's Haven, in an empty cell next to its Location."""
    if st.phase != EQUIP:
        return []
    return [PlaceHaven(b.card, cell) for b in st.building
            if b.seat == st.turn_seat and b.turns >= BUILD_TURNS
            for cell in neighbours(b.cell) if cell not in st.places]


def place(st: GameState, a: PlaceHaven, ev: list[Event]) -> None:
    b = next(b for b in st.building if b.card == a.card)
    st.building.remove(b)
    st.places[a.cell] = Place(a.card, "haven", b.seat)
    st.seats[b.seat].havens.append(a.cell)
    ev.append(CardPlayed(b.seat, a.card, None, a.cell))


def explain_build(st: GameState, a: Action) -> str:
    if isinstance(a, PlaceHaven):
        return ("a Haven is placed next to the Location its access was built at, in an "
                "empty cell, in the Equip phase after 2 Turns of building")
    return ("3 of your Characters at a Location that have not moved this Turn build access "
            "to a Haven from your hand, in your Turn before you Scavenge, one Haven at a time")
