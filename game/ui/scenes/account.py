"""A short account of a finished game, told from its event log.

Only what every seat may know is used (the events' public parts), so the
account never names an Item that was never shown.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.engine import Event, Game
from game.engine import events as E

from ..table.words import owned

KIND_NAMES = {"human": "Human", "ai:easy": "AI Easy", "ai:normal": "AI Normal",
              "ai:hard": "AI Hard", "ai:random": "AI Random"}
REASONS = {"majority": "by holding the most Items once more than half were held",
           "all_scavenged": "when every Location had been Scavenged",
           "round_limit": "when the round limit was reached"}
MOMENTS = 6  # how many key moments the account keeps (the latest)


@dataclass
class Account:
    defeated: Counter = field(default_factory=Counter)  # Disasters defeated, by seat
    lost: Counter = field(default_factory=Counter)  # Characters Bonked or Killed, by seat
    moments: list[str] = field(default_factory=list)


def seat_name(seats: list[str], i: int) -> str:
    return f"Player {i + 1} ({KIND_NAMES.get(seats[i], seats[i])})"


def headline(seats: list[str], winners: tuple[int, ...], disasters_win: bool) -> str:
    humans = [i for i, k in enumerate(seats) if k == "human"]
    if disasters_win or not winners:
        return "The Disasters win"
    if len(humans) == 1 and winners == (humans[0],):
        return "You win!"
    if len(winners) == 1:
        return f"{seat_name(seats, winners[0])} wins"
    return " and ".join(f"Player {i + 1}" for i in winners) + " share the win"


def tell(game: Game, log: list[Event]) -> Account:
    acc = Account()
    rnd = 0
    seen: dict[str, tuple[int, int, int]] = {}  # line: first round, last round, times

    def name(instance: int) -> str:
        """A Character with its owner: both seats may hold the same ones."""
        card = game.card(instance)
        return owned(card.name, game.owner(instance)) if card.type == "character" else card.name

    for ev in log:
        line = None
        match ev:
            case E.TurnBegan(round=r):
                rnd = r
            case E.ItemTaken(by=by) | E.ItemStolen(by=by):
                if game.card(by).type == "character":
                    line = f"{name(by)} took an Item."
                else:
                    line = f"{name(by)} grabbed an Item for the Disasters."
            case E.CombatEnded(seat=seat, defeated=True):
                acc.defeated[seat] += 1
            case E.DisasterDefeated(card=card):
                line = f"{name(card)} was Defeated."
            case E.Bonked(card=card):
                acc.lost[game.owner(card)] += 1
            case E.Killed(card=card):
                acc.lost[game.owner(card)] += 1
                line = f"{name(card)} was Killed."
            case E.ItemDestroyed():
                line = "An Item was Destroyed."
        if line:
            # The same thing again (an Item picked up, dropped, picked up) is one moment.
            first, _, times = seen.pop(line, (max(rnd, 1), 0, 0))
            seen[line] = (first, max(rnd, 1), times + 1)
    for line, (first, last, times) in list(seen.items())[-MOMENTS:]:
        when = f"Round {first}" if first == last else f"Rounds {first}-{last}"
        again = f" ({times} times)" if times > 1 else ""
        acc.moments.append(f"{when}: {line.removesuffix('.')}{again}.")
    return acc
