"""Who won a finished game and how (R14 a-d), in the words the game-over screen heads
with and the table's phase bar says as the last board lingers before it. Here, beside
the table's words, so that both read them: the bar said only "The game is over." as
the table could not import the menu scenes' account (which imports the table)."""
from __future__ import annotations

from collections.abc import Callable

from game.engine.state import Result

from .words import count, players

# How a game that no side won by a majority ended (R14 c, d), as the headline says it.
QUIET_ENDS = {"round_limit": "Round limit", "all_scavenged": "Field Scavenged"}


def only_human(kinds: list[str]) -> int | None:
    """The one person's seat, who is "you" in the headline; None with none or several
    (a screen shared by two says each one's number)."""
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    return humans[0] if len(humans) == 1 else None


def headline(result: Result, name: Callable[[int], str], you: int | None = None) -> str:
    """Who won, each seat by `name`, the seat `you` as "You"; after a quiet end (R14
    c, d), what ended the game first: "The Disasters win" over scores of 0 read as a
    contradiction without it."""
    winners = result.winners
    if result.disasters_win or not winners:
        said = "The Disasters win"
    elif winners == (you,):
        said = "You win!"
    elif len(winners) == 1:
        said = f"{name(winners[0])} wins"
    elif you in winners:  # "Players 1, 2 and 3 share the win" hid that 1 was you (s60)
        others = tuple(w for w in winners if w != you)
        said = f"You share the win with {players(others)}"
    else:
        said = f"{players(winners)} share the win"
    end = QUIET_ENDS.get(result.reason)
    return f"{end} — {said}" if end else said


def last_round(rounds: int, limit: int) -> int:
    """The round the game ended in, as the log heads it from the rounds completed
    (TurnBegan counts the round under way); at the round limit the game ends as the
    limit's round ends, `rounds` counting it done."""
    return min(rounds + 1, limit)


def why(result: Result, counts: dict[str, int], seats: int, rnd: int, limit: int) -> str:
    """Why the game ended as it did, in the words of R14 a-d with the tally's numbers."""
    total = sum(counts.values())
    held = [counts[str(i)] for i in range(seats)]
    most = max(held)
    if result.reason == "majority" and result.disasters_win:  # R14 a
        return (f"In round {rnd} the Disasters controlled {counts['disasters']} of the "
                f"{count(total, 'Item')}, more than half.")
    if result.reason == "majority":  # R14 b
        if seats == 1:
            return (f"In round {rnd} {players((0,))} held {most} of the "
                    f"{count(total, 'Item')}, more than half.")
        each = f"{most}" if len(result.winners) == 1 else f"{most} each"
        return (f"In round {rnd} the players together held {sum(held)} of the "
                f"{count(total, 'Item')}, more than half; {players(result.winners)} held "
                f"the most ({each}).")
    ended = (f"In round {rnd} every Location had been Scavenged"
             if result.reason == "all_scavenged" else f"The {limit}-round limit was reached")
    # R14 c, d: a player wins only with more than every other player and the Disasters.
    d = counts["disasters"]
    if result.winners:
        rivals = max([d] + [n for i, n in enumerate(held) if i != result.winners[0]])
        return (f"{ended}; {players(result.winners)} held the most Items ({most}), more "
                f"than each other player and the Disasters (the next most: {rivals}).")
    if d > most:
        return f"{ended}; the Disasters held the most Items ({d}; the most a player held: {most})."
    if d == most:
        return (f"{ended}; no player held more Items than the Disasters' {d}, and a tie "
                f"goes to the Disasters.")
    tied = tuple(i for i in range(seats) if held[i] == most)
    return (f"{ended}; {players(tied)} tied for the most ({most} each), and without a "
            f"single leader the Disasters win.")
