"""A short account of a finished game, told from its event log.

It reads the whole events and the last state, after the game is over, only to count
each Item once and say where it ended: no line names an Item (R16; checked in
tests/test_ui_log_words.py).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.engine import Event, Game
from game.engine.state import GameState, Result
from game.engine import events as E

from ..table.popups import Headline
from ..table.verdict import last_round, only_human
from ..table.words import KIND_NAMES, count, owned

# How much a moment matters (Headline.rank, the lower the more): the end is always told,
# then the fights each seat's tally counts ("beat 4 Disasters", Killed), then the Items
# taken, then the rest. Cut to the latest that fit, the Disasters beaten in rounds 1 and
# 2 went untold under "beat 4 Disasters" (s70 playtest).
RANKS = {"end": 0, "beat": 1, "killed": 1, "took": 2, "grabbed": 2}
MINOR = 3


@dataclass
class Account:
    defeated: Counter = field(default_factory=Counter)  # Disasters defeated, by seat
    bonked: Counter = field(default_factory=Counter)  # times a Character was Bonked, by seat
    killed: Counter = field(default_factory=Counter)  # Characters Killed, by seat
    items: list[str] = field(default_factory=list)  # where the Items ended, side by side
    moments: list[str] = field(default_factory=list)  # Headlines, in the order they happened


def _rounds(rounds: tuple[int, ...]) -> str:
    """The rounds a moment happened in: "Rounds 1-7" for two Items taken in rounds 1 and
    7 read as seven rounds of taking (s43n), so only an unbroken run is a range, a few
    rounds are named, and more say how many ("In 5 rounds from 3 to 9")."""
    first, last, some = rounds[0], rounds[-1], sorted(set(rounds))
    if first == last:
        return f"Round {first}"
    if len(some) == last - first + 1:
        return f"Rounds {first}-{last}"
    if len(some) > 4:
        return f"In {len(some)} rounds from {first} to {last}"
    return "Rounds " + ", ".join(map(str, some[:-1])) + f" and {some[-1]}"


def seat_name(seats: list[str], i: int) -> str:
    """"Player 1 (AI Hard)"; the one person at the window is "(you)", as the table
    names them ("Player 1 (Human)" under "You win!" read as someone else, s43n)."""
    if i == only_human(seats):
        return f"Player {i + 1} (you)"
    return f"Player {i + 1} ({KIND_NAMES.get(seats[i], seats[i])})"


def rule_note(result: Result, counts: dict[str, int]) -> str:
    """The rule that decided this game (R14), with its numbers, under the Items' bars:
    said as the general rule ("the Disasters win holding 4") it read as a count of
    this game's."""
    dealt = sum(counts.values())
    need = dealt // 2 + 1
    said = f"{count(dealt, 'Item')} {'was' if dealt == 1 else 'were'} dealt"
    if result.reason == "majority":
        return (f"{said}; holding {need} (more than half) ends the game. Held by the Disasters, "
                f"they win; held by the players together, the player with the most wins (all "
                f"tied for the most share the win).")
    ended = "At the round limit" if result.reason == "round_limit" else \
        "With every Location Scavenged"
    return (f"{said}; nobody held {need} (more than half), which ends the game at once. "
            f"{ended} a player wins only holding more Items than each other player and the "
            f"Disasters; else the Disasters win.")


def the_end(result: Result, limit: int) -> str:
    """How the game ended, as the last moment of the account (its round said before it):
    short, as four seats leave the account little room."""
    if result.reason == "round_limit":
        return f"game over at the {limit}-round limit."
    if result.reason == "all_scavenged":
        return "game over, every Location Scavenged."
    side = "the Disasters" if result.disasters_win else "the players together"
    return f"game over, {side} holding more than half."


def seat_tally(acc: Account, seat: int) -> str:
    """A seat's fights in a few words: "beat 6 Disasters; Characters Bonked 10 times, 2
    Killed". Bonks and Kills apart: a Bonked Character comes back (Basic Terms, Bonk), so
    "lost 5 Characters" counted one Character's Bonks again and again (a deck of four
    said 5); said as what befell the seat: "2 Bonks, 3 Killed" read as what it did to
    others (a playtest). The Characters named (Basic Terms: "A Defeated Character is
    either Bonked or Killed"): "Bonked 6 times, none Killed" read as six Characters (s61).
    The Bonks and Kills are one phrase (no-break spaces): a line too long for the panel
    wraps after the semicolon, not inside the phrase."""
    won, bonks, killed = acc.defeated[seat], acc.bonked[seat], acc.killed[seat]
    bonked = "never Bonked" if not bonks else "Bonked once" if bonks == 1 else \
        f"Bonked {bonks} times"
    fell = f"Characters {bonked}, {killed or 'none'} Killed" if bonks or killed else \
        "no Character Bonked or Killed"
    return f"beat {count(won, 'Disaster')}; " + fell.replace(" ", "\u00a0")


def an_item(n: int) -> str:
    return "an Item" if n == 1 else count(n, "Item")


def item_ends(st: GameState, how: dict[int, str]) -> Counter:
    """(side, where) for each Item dealt, where it is now, as R14 counts it: a seat holds
    what its Characters carry and its Haven stores; the Disasters, what Disasters carry,
    what was Destroyed or Discarded. `how`: the last thing that happened to an Item, for
    those that lie under a Location or were Destroyed (see `tell`)."""
    ends: Counter = Counter()
    items = st.game.items
    for u in st.units.values():
        for c in items.intersection(u.items):
            ends["disasters" if u.disaster else str(u.owner),
                 how.get(c, "picked up by Disasters") if u.disaster else "carried"] += 1
    for p in st.places.values():
        for c in items.intersection(p.under):
            ends[("field", how.get(c, "never found")) if p.kind == "location"
                 else (str(p.owner), "in their Haven")] += 1
        for c in items.intersection(p.buried):  # still under a Location turned Haven (4.10)
            ends["field", how.get(c, "never found")] += 1
    for c in items.intersection(st.destroyed):
        ends["disasters", how.get(c, "Destroyed by a card")] += 1
    ends["disasters", "Discarded"] += len(items.intersection(
        c for s in st.seats for c in s.discard))
    return +ends  # no zero counts


def where_items_ended(st: GameState, how: dict[int, str]) -> list[str]:
    """One sentence a side; its parts add up to what the side holds, and the sides to
    the Items dealt."""
    ends = item_ends(st, how)
    sides = [(str(i), f"Player {i + 1} holds") for i in range(len(st.seats))]
    sides += [("disasters", "The Disasters control"), ("field", "Under the Locations lie")]
    lines, empty = [], []
    for side, says in sides:
        parts = [(n, where) for (s, where), n in ends.items() if s == side]
        total = sum(n for n, _ in parts)
        if not total:
            if side == "disasters":
                lines.append(f"{says} none.")
            elif side != "field":
                empty.append(int(side) + 1)  # the players with none: one line for all
            continue
        said = parts[0][1] if len(parts) == 1 else ", ".join(f"{n} {w}" for n, w in parts)
        lines.append(f"{says} {total}{',' if len(parts) == 1 else ':'} {said}.")
    if empty:
        line = ("No player holds an Item." if len(empty) == len(st.seats) > 1 else
                f"Player {empty[0]} holds none." if len(empty) == 1 else
                f"Players {', '.join(map(str, empty[:-1]))} and {empty[-1]} hold none.")
        lines.insert(len(st.seats) - len(empty), line)
    return lines


# Why a Disaster nobody beat was Defeated (events.DisasterDefeated.why), told after the
# game; any other reason (none: beaten) is told "defeated".
_WHEN = {E.DURATION_OVER: "when its Duration ran out",
         E.INSTRUCTIONS_DONE: "when its instructions were done"}


def tell(game: Game, log: list[Event], st: GameState | None = None) -> Account:
    """The account of `log`; with the game's last state `st`, where the Items ended.
    Item ids are read to count each Item once; no line names a hidden one."""
    acc = Account()
    rnd = 0
    # (what, who): first round, last round, the Items or times it counts
    seen: dict[tuple[str, str], tuple[int, int, list]] = {}
    how: dict[int, str] = {}  # an Item: how it came to where it lies (under a Location,
    # Destroyed or carried by a Disaster)
    dropped: list[tuple[int, int]] = []  # (by, Item): the drops just made
    destroyed: list[tuple[int, int]] = []  # (holder, Item): the Destroyed just now
    havens = {cell: p.owner for cell, p in st.places.items() if p.kind == "haven"} if st else {}
    fights: dict[int, int] = {}  # a Disaster in Combat: the seat fighting it

    def name(instance: int) -> str:
        """A Character with its owner: both seats may hold the same ones."""
        card = game.card(instance)
        return owned(card.name, game.owner(instance)) if card.type == "character" else card.name

    for ev in log:
        key = counted = None
        match ev:
            case E.TurnBegan(round=r):
                rnd = r
            # Equipment is picked up, dropped and Destroyed by the same events: not counted.
            case E.ItemTaken(by=by, card=card) | E.ItemStolen(by=by, card=card) \
                    if card is None or card in game.items:
                # Out of its own Haven, an Item taken before and stored: not taken again.
                if not (isinstance(ev, E.ItemTaken) and havens.get(ev.cell) == game.owner(by)):
                    key = ("took" if game.card(by).type == "character" else "grabbed", name(by))
                    counted = card if card is not None else object()  # the public share
                if card is not None and game.card(by).type != "character":
                    how[card] = ("picked up by Disasters" if isinstance(ev, E.ItemTaken)
                                 else "taken by Disasters from Characters")
            case E.ItemDropped(by=by, card=card) if card in game.items:
                dropped.append((by, card))
                how[card] = ("dropped by Disasters" if game.card(by).type != "character"
                             else "left there by Characters")
            case E.ItemDestroyed(holder=holder, card=card) \
                    if card is None or card in game.items:
                key, counted = ("destroyed", ""), card if card is not None else object()
                if card is not None:
                    destroyed.append((holder, card))
                    how[card] = "Destroyed by a card"
            case E.DisasterLeft(card=card):  # at the end of its path: its Items Destroyed
                for c in (c for holder, c in destroyed if holder == card):
                    how[c] = "Destroyed at the end of a Disaster's path"
            case E.CombatBegan(seat=seat, disaster=card):
                fights[card] = seat
            case E.CombatEnded(seat=seat, disaster=card, defeated=defeated):
                fights.pop(card, None)
                acc.defeated[seat] += defeated
            # Its Duration over or its instructions done, a Disaster "is Defeated"
            # (Basic Terms, Defeat), but nobody beat it: "was Defeated (2 times)" of an
            # endured one read as the players' win (s60's playtest). Said why, as the log.
            # The one a seat fought beaten: told as the seat's, as its tally counts it.
            case E.DisasterDefeated(card=card, why="") if card in fights:
                key = ("beat", f"Player {fights[card] + 1} beat {name(card)}")
            case E.DisasterDefeated(card=card, why=why):
                key = (_WHEN.get(why, "defeated"), name(card))
            case E.Bonked(card=card) | E.Killed(card=card):
                (acc.killed if isinstance(ev, E.Killed) else acc.bonked)[game.owner(card)] += 1
                if isinstance(ev, E.Killed):
                    key = ("killed", name(card))
                # Its Items were dropped just before (defeat.defeat_character).
                for c in (c for by, c in dropped if by == card):
                    how[c] = "dropped by Characters Bonked or Killed"
        if not isinstance(ev, (E.ItemDropped, E.ItemStolen)):
            dropped.clear()
        if not isinstance(ev, E.ItemDestroyed):
            destroyed.clear()
        if key:
            # The same thing again (an Item picked up, dropped, picked up) is one moment.
            rounds, what = seen.pop(key, ((), []))
            seen[key] = ((*rounds, max(rnd, 1)), what + [counted])
    latest = 0
    for (what, who), (rounds, counts) in seen.items():
        latest = max(latest, rounds[-1])
        when = _rounds(rounds)
        n = len(set(counts))  # each Item once
        line = {"took": f"{who} took {an_item(n)}",
                "grabbed": f"{who} grabbed {an_item(n)} for the Disasters",
                "destroyed": f"{'An Item was' if n == 1 else f'{n} Items were'} Destroyed",
                "defeated": f"{who} was Defeated", "killed": f"{who} was Killed",
                "beat": who}.get(
                    what, f"{who} was Defeated {what}")  # what: one of _WHEN's
        # A Major Disaster comes back to be Defeated again; copies of one run out.
        defeats = what in ("defeated", "beat") or what in _WHEN.values()
        again = f" ({len(counts)} times)" if defeats and len(counts) > 1 else ""
        acc.moments.append(Headline(f"{when}: {line}{again}.", RANKS.get(what, MINOR)))
    if st is not None:
        acc.items = where_items_ended(st, how)
    if st is not None and st.result is not None:
        # The rounds after the last moment, and the end: a game that ran on quietly to
        # its round limit says so instead of seeming to stop at its last fight.
        end = last_round(st.rounds, st.game.options.round_limit)
        if end - latest >= 2:
            acc.moments.append(Headline(
                f"Rounds {latest + 1}-{end}: nothing{' more' * bool(latest)} was taken, "
                f"Destroyed, Defeated or Killed.", RANKS["end"]))
        acc.moments.append(Headline(
            f"Round {end}: {the_end(st.result, st.game.options.round_limit)}", RANKS["end"]))
    return acc
