"""Winning the Game: who controls the Items (R5), and the tally of R14."""
from __future__ import annotations

from .events import Event, GameOver
from .state import OVER, GameState, Result


def item_counts(st: GameState) -> dict[str, int]:
    """Items dealt onto the Field, by who controls them (R5): seats, disasters, field."""
    # The cards each controls gathered, then their Items counted at once (at every
    # Discard phase) by a set intersection: a card sits in one zone only (tests/zones.py).
    seats: list[list[int]] = [[] for _ in st.seats]
    disasters = list(st.destroyed)
    for s in st.seats:
        disasters += s.discard
    field: list[int] = []
    for u in st.units.values():
        if u.items:
            if u.disaster:
                disasters += u.items
            else:
                seats[u.owner] += u.items
    for p in st.places.values():
        if p.kind == "location":
            field += p.under
        else:
            seats[p.owner] += p.under  # a Haven's store
        field += p.buried  # still under a Location turned Haven: nobody's
    items = st.game.items
    counts = {str(i): len(items.intersection(cards)) for i, cards in enumerate(seats)}
    counts["disasters"] = len(items.intersection(disasters))
    counts["field"] = len(items.intersection(field))
    return counts


def all_scavenged(st: GameState) -> bool:
    """R14 c: every Location fully Scavenged (nothing left under it) or Destroyed; a
    Location turned Haven too, which "can still be ... Scavenged" (guideline 4.10)."""
    return all(p.destroyed or not p.stack for p in st.places.values())


def _sole_leader(counts: dict[str, int], seats: int) -> int | None:
    """R14 c: the one player holding more Items than every other player and the Disasters."""
    best = max(range(seats), key=lambda i: counts[str(i)])
    rivals = [counts[str(i)] for i in range(seats) if i != best] + [counts["disasters"]]
    return best if all(counts[str(best)] > r for r in rivals) else None


def decide(counts: dict[str, int], total: int, seats: int, ended: str | None) -> Result | None:
    """R14 a-d from item_counts' `counts` of `total` Items dealt: a majority ends the
    game; else `ended` ("all_scavenged", "round_limit"; None: neither has come) ends it
    as c says. None: the game goes on. The window asks it what the round limit would
    decide now, from a seat's view's counts."""
    half = total / 2
    players = sum(counts[str(i)] for i in range(seats))
    if counts["disasters"] > half:
        return Result((), True, "majority")
    if players > half:
        most = max(counts[str(i)] for i in range(seats))
        return Result(tuple(i for i in range(seats) if counts[str(i)] == most), False, "majority")
    if ended is None:
        return None
    leader = _sole_leader(counts, seats)
    return Result((leader,) if leader is not None else (), leader is None, ended)


def check(st: GameState, ev: list[Event]) -> None:
    """R14, made at the start of every Discard phase."""
    counts = item_counts(st)
    ended = "all_scavenged" if all_scavenged(st) else \
        "round_limit" if st.rounds >= st.game.options.round_limit else None
    result = decide(counts, st.items_total, len(st.seats), ended)
    if result is None:
        return
    st.result = result
    st.phase = OVER
    st.pending.clear()  # nothing is waited for any more
    ev.append(GameOver(result.winners, result.disasters_win, result.reason, counts))
