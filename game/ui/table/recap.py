"""Each other seat's last Turn in one line, logged as the reader's own Turn has begun: a
newcomer against AI seats found their Turn open on "392 earlier lines" and nothing saying
in short what each seat had done (s46w). Told from the reader's share of the events
only: a card it may not see is counted by its kind, never named (an Item taken face down
is "an Item": every card face down in play is one, items.seen_by).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from game.engine import events as E
from game.engine.cards import CardDef
from game.engine.field import Cell

from .words import Namer, count, every

# How a recap line begins ("Player 2's last turn: "), and no other line: the painter
# colours it apart.
LEAD = re.compile(r"Player \d+'s last turn: ")


class Recap:
    """The reader's share of the events since its last Turn began, Turn by Turn. As its
    next Turn's first phase begins, `add` hands over the others' Turns and forgets them:
    then, after the Turn's heading and its opening bonuses, they are the log's newest
    lines as the reader's first choice comes (before the heading, the bonuses pushed a
    four-seat game's first recap out of the log's 14 rows at 1280x720). A reader that is
    no seat (every seat's share, while an AI seat plays before two people) keeps nothing:
    it has no Turn, and the log is read again for the person who sits."""

    def __init__(self, reader: int) -> None:
        self.reader = reader
        self.turns: list[tuple[int, list[E.Event]]] = []  # (whose Turn, its events)

    def add(self, e: E.Event) -> list[tuple[int, list[E.Event]]]:
        """Keep `e`; the others' Turns to recap now: as it begins the reader's first
        phase, or as the game ends (before Game over's line: the Turns that ended it,
        the winning one in part, would else never be told)."""
        if self.reader < 0:
            return []
        if isinstance(e, E.GameOver):
            done, self.turns = [t for t in self.turns if t[0] != self.reader], []
            return done
        if isinstance(e, E.TurnBegan):
            self.turns.append((e.seat, []))
        elif self.turns and self.turns[-1][0] == self.reader:
            if isinstance(e, E.PhaseBegan):
                done, self.turns = self.turns[:-1], []
                return done
        elif self.turns:  # a Turn begun before the first kept is not told in part
            self.turns[-1][1].append(e)
        return []


def since_last_turn(log: list[E.Event], reader: int) -> list[E.Event]:
    """The events of `log` from the reader's last TurnBegan on (the whole log without
    one): a Recap fed all of `log` holds only what these leave it."""
    for k in range(len(log) - 1, -1, -1):
        if isinstance(log[k], E.TurnBegan) and log[k].seat == reader:
            return log[k:]
    return log


def _kinds(cards: list[int | None], card_of: Callable[[int], CardDef | None]) -> str:
    """"1 Item", "2 Items and 1 Equipment": a card hidden from the reader is an Item."""
    kinds = ["item" if c is None or (cd := card_of(c)) is None else cd.type for c in cards]
    parts = [count(kinds.count(k), noun) if k == "item" else f"{kinds.count(k)} {noun}"
             for k, noun in (("item", "Item"), ("equipment", "Equipment")) if k in kinds]
    return " and ".join(parts)


def turn_recap(seat: int, events: list[E.Event], name: Namer,
               seat_name: Callable[[int], str], card_of: Callable[[int], CardDef | None],
               owner: Callable[[int], int], homes: Callable[[Cell], int | None]) -> str:
    """`seat`'s Turn in one line, from the reader's share of its `events`: what the
    player did (cards played, Characters moved, Locations attacked and Scavenged, Items
    taken, stored and Discarded, Combats and how they ended), then what each seat lost
    (Characters Bonked or Killed, Items), the Turn's player first. Card names are public
    ones only: Locations, Disasters fought; Items and hands are counted, never named.
    `homes`: whose Haven stands at a cell now (None: none), so whose store an Item left or
    went into, as the tally counts a store for its owner (R5)."""
    def whose(card: int) -> int | None:  # a Character's player; a Disaster has none (R29)
        cd = card_of(card)
        return owner(card) if cd is not None and cd.type == "character" else None

    said: list[str] = []
    played = sum(isinstance(e, (E.CardPlayed, E.FlashPlayed)) and e.seat == seat
                 for e in events)
    if played:
        said.append(f"played {count(played, 'card')}")
    if any(isinstance(e, E.HavenBuilt) and e.seat == seat for e in events):
        said.append("built a Haven")
    moved = {c for e in events if isinstance(e, E.Moved) and e.seat == seat for c in e.chars}
    if moved:
        said.append(f"moved {count(len(moved), 'Character')}")
    said += _places(seat, events, name)
    store = _stores(events, homes)
    # Not out of the player's own Haven: an Item stored there is taken out again, no Item
    # more (as the game's account counts them); out of another player's, it changes hands.
    took = [e.card for k, e in enumerate(events) if isinstance(e, (E.ItemTaken, E.ItemStolen))
            and whose(e.by) == seat and not (isinstance(e, E.ItemTaken) and store(k) == seat)]
    if took:
        said.append(f"took {_kinds(took, card_of)}")
    # Into whose store each Item went; not those dropped as their holder fell (its loss).
    fell = {e.card for e in events if isinstance(e, (E.Bonked, E.Killed))}
    left: dict[int, list[int | None]] = {}
    for k, e in enumerate(events):
        if isinstance(e, E.ItemDropped) and whose(e.by) == seat and e.by not in fell and \
                (home := store(k)) is not None:
            left.setdefault(home, []).append(e.card)
    if seat in left:
        said.append(f"stored {_kinds(left.pop(seat), card_of)}")
    said += [f"left {_kinds(cards, card_of)} in {seat_name(s)}'s Haven"
             for s, cards in sorted(left.items())]
    # Face down to the Disasters' count (Rules for Items): the tally's loss, by choice.
    thrown = sum(isinstance(e, E.ItemDiscarded) and e.seat == seat for e in events)
    if thrown:
        said.append(f"discarded {count(thrown, 'Item')} from its Haven")
    said += _fights(seat, events, name, seat_name)
    hurt = {whose(c) for e in events for c in (
        (e.card,) if isinstance(e, (E.Bonked, E.Killed)) else (e.victim,)
        if isinstance(e, E.ItemStolen) else (e.holder,) if isinstance(e, E.ItemDestroyed)
        else ())} | {store(k) for k, e in enumerate(events) if isinstance(e, E.ItemTaken)}
    lost = [(s, _losses(s, events, whose, card_of, store))
            for s in sorted({seat} | hurt - {None})]
    own = [words for s, words in lost if s == seat and words]
    others = [f"{seat_name(s)} {words}" for s, words in lost if s != seat and words]
    # A name with a comma in it ("Bounty Office, Outpost Zero") read as two clauses of
    # the list: then the clauses go apart by semicolons, what others lost by sentences.
    parts = said + own
    if any("," in p for p in parts + others):
        done = "; ".join(parts) or "nothing done on the Field"
        return f"{seat_name(seat)}'s last turn: " + ". ".join([done, *others])
    done = ", ".join(parts) or "nothing done on the Field"
    return f"{seat_name(seat)}'s last turn: " + "; ".join([done, *others])


def _stores(events: list[E.Event],
            homes: Callable[[Cell], int | None]) -> Callable[[int], int | None]:
    """Whose Haven's store the cell of `events[k]` was when it happened: a Location built
    as a Haven in the Turn was no Haven before (an Item Retrieved there, then the Haven
    built, was taken from the Field)."""
    built = {e.cell: k for k, e in enumerate(events) if isinstance(e, E.HavenBuilt)}

    def store(k: int) -> int | None:
        cell = events[k].cell
        return None if built.get(cell, -1) > k else homes(cell)
    return store


def _places(seat: int, events: list[E.Event], name: Namer) -> list[str]:
    """The Locations the Turn's player attacked and Scavenged: "attacked and Scavenged
    Dojo of the Falling Petal" where the two are one (the attack opens it to Scavenging,
    R51), else each; more than one, counted."""
    def where(kind) -> str:
        cells = list(dict.fromkeys(e.cell for e in events if isinstance(e, kind)
                                   and e.seat == seat))
        return "" if not cells else name(cells[0]) if len(cells) == 1 else \
            count(len(cells), "Location")
    hit, searched = where(E.LocationAttacked), where(E.ScavengingBegan)
    if hit and hit == searched:
        return [f"attacked and Scavenged {hit}"]
    return [f"{verb} {place}" for verb, place in (("attacked", hit), ("Scavenged", searched))
            if place]


def _fights(seat: int, events: list[E.Event], name: Namer,
            seat_name: Callable[[int], str]) -> list[str]:
    """The Turn's player's Combats by how each ended, in as few words as the log's
    narrow panel asks: "Defeated Tidal Kaiju", "Ran Away from Player 1", "fought Oni";
    two Disasters one way are counted ("Defeated 2 Disasters")."""
    fights: list[list] = []  # [how it ended, whom, a Disaster's card or None]
    for e in events:
        match e:
            case E.CombatBegan(seat=s, disaster=d) if s == seat:
                fights.append(["fought", name(d), d])
            case E.DuelBegan(seat=s, opponent=o) if s == seat:
                fights.append(["attacked", seat_name(o), None])
            case E.CombatEnded(seat=s, defeated=True) if s == seat and fights:
                fights[-1][0] = "Defeated"
            case E.RanAway(seat=s) if s == seat and fights:
                fights[-1][0] = "Ran Away from"
    said = []
    for how in dict.fromkeys(how for how, _, _ in fights):  # one verb for all it says
        them = [f for f in fights if f[0] == how]
        said.append(f"{how} " + (count(len(them), "Disaster") if len(them) > 1 and all(
            f[2] is not None for f in them) else every([whom for _, whom, _ in them])))
    return said


def _losses(seat: int, events: list[E.Event], whose: Callable[[int], int | None],
            card_of: Callable[[int], CardDef | None],
            store: Callable[[int], int | None]) -> str:
    """What `seat` lost in the Turn: "had 1 Character Bonked and lost 1 Item": the Items
    taken from its Characters or Destroyed, dropped as they fell anywhere but its own
    Haven, or taken out of its store by another player's Character. Bonks and Kills
    apart: a Bonked Character comes back (account.seat_tally)."""
    fell = {e.card: type(e).__name__ for e in events
            if isinstance(e, (E.Bonked, E.Killed)) and whose(e.card) == seat}
    parts = []
    if fell:
        bonked = sum(k == "Bonked" for k in fell.values())
        said = [(n, k) for n, k in ((bonked, "Bonked"), (len(fell) - bonked, "Killed")) if n]
        parts.append("had " + " and ".join(f"{count(n, 'Character') if not j else n} {k}"
                                           for j, (n, k) in enumerate(said)))
    gone = [e.card for k, e in enumerate(events)
            if isinstance(e, E.ItemStolen) and whose(e.victim) == seat
            or isinstance(e, E.ItemDestroyed) and whose(e.holder) == seat
            or isinstance(e, E.ItemDropped) and e.by in fell and store(k) != seat
            # out of its store by another player's Character (a guest's "free access")
            or isinstance(e, E.ItemTaken) and store(k) == seat and whose(e.by) != seat]
    gone = [c for c in gone if c is None or (cd := card_of(c)) is None or cd.type == "item"]
    if gone:
        parts.append(f"lost {count(len(gone), 'Item')}")
    return " and ".join(parts)
