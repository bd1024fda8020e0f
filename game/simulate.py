"""Whole games played headless by AI seats: how strength is measured and a bug
is reproduced from a seed (`python main.py simulate`)."""
from __future__ import annotations

import json
import math
import random
import statistics
import time
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO

from game.ai import LEVELS, Agent, make_agent
from game.engine import Game, IllegalAction
from game.cardstats import SETUP
from game.engine.save import cards_digest
from game.match import Match, derived_keys
from game.engine.state import Result
from game.engine.tally import item_counts
from game.ai.heuristic import NAME as HEURISTIC
from game.ai.heuristic import HeuristicAgent
from game.oracle import NAME as ORACLE
from game.oracle import Oracle


ACTION_CAP = 20_000  # far beyond any game seen (a few thousand actions)
# A run keeps every decision's time for its summary's percentiles, about 30 KB a game
# of the quick demo: a million games would hold 30 GB by the end. Measurements use
# hundreds; more is more runs, on other seeds.
MAX_GAMES = 10_000
# Seats for measuring only, not levels of the window: the yardstick (an honest
# heuristic player) and the oracle (a cheater, the ceiling luck leaves).
MEASURES = (HEURISTIC, ORACLE)


def derive_seed(base: int, *parts: object) -> int:
    """A seed for one game or one seat, stable across runs and machines."""
    return zlib.crc32(":".join(map(str, (base, *parts))).encode())


def parse_seats(text: str) -> list[str]:
    """'ai:random,ai:easy' -> ['random', 'easy']; ValueError on an unknown kind."""
    kinds = [k.strip() for k in text.split(",")]
    if not 1 <= len(kinds) <= 4:
        raise ValueError(f"--seats needs 1 to 4 seats, got {len(kinds)}")
    levels = []
    for k in kinds:
        level = k[3:] if k.startswith("ai:") else None
        if level not in LEVELS + MEASURES:
            known = ", ".join(f"ai:{name}" for name in LEVELS + MEASURES)
            raise ValueError(f"unknown seat kind {k!r} in --seats (simulate takes {known})")
        levels.append(level)
    return levels


@dataclass
class GameRecord:
    line: dict
    decision_ms: dict[int, list[float]]


def play_game(game: Game, levels: Sequence[str], index: int, base_seed: int,
              log: IO[str] | None = None, think_ms: float | None = None,
              log_seat: int | None = None) -> GameRecord:
    seed = derive_seed(base_seed, index)
    agents: list[Agent | Oracle] = [_seat(level, think_ms) for level in levels]
    match = Match.new(game, seed, agents, derived_keys(len(levels), base_seed, index))
    st = match.state
    if log is not None:  # which game it is: cardstats reads its cards' numbers by it
        # The log is every seat's: its secrets are all written ("shown_to": "all"), each
        # event that holds any naming the seats that may see them ("to"). Without either, a
        # drawn card's number read as if the table had seen it. With `log_seat`, it is
        # that seat's share alone ("shown_to": the seat), each event as it was told
        # (Event.for_seat: a secret it may not see is null).
        shown_to = "all" if log_seat is None else log_seat
        log.write(json.dumps({"game": index, "type": SETUP, "decks": [d.id for d in game.decks],
                              "cards": cards_digest(game), "shown_to": shown_to}) + "\n")
    times: dict[int, list[float]] = {i: [] for i in range(len(levels))}
    start = time.perf_counter()
    while not match.over and st.actions < ACTION_CAP:
        q = match.question()
        agent = agents[q.seat]
        t0 = time.thread_time()  # CPU time: what the decision cost, whatever the load
        # The oracle alone is handed the state: it measures luck, it is no level.
        action = agent.choose(st if isinstance(agent, Oracle) else q.view, q.legal, q.rng)
        times[q.seat].append((time.thread_time() - t0) * 1000)
        try:
            events = match.answer(q, action)
        except IllegalAction as e:  # an agent's bug: stop the run, naming the game to replay
            raise IllegalAction(f"game {index} (seed {seed}): {e}") from None
        if log is not None:
            for e in events:
                if log_seat is None:
                    line = {**e.to_json(), **({"to": list(e.to)} if e.holds_secret else {})}
                else:
                    line = e.for_seat(log_seat).to_json()
                log.write(json.dumps({"game": index, **line}) + "\n")
    # A game stuck in a loop of actions the rules allow is ended and reported as such.
    r = st.result or Result((), False, "action_cap")
    line = {
        "game": index, "seed": seed, "seats": [f"ai:{lv}" for lv in levels],
        "decks": [d.id for d in game.decks],
        "winners": list(r.winners), "disasters_win": r.disasters_win, "end_reason": r.reason,
        "rounds": st.rounds, "actions": st.actions,
        "locations": sum(p.kind == "location" for p in st.places.values()),
        "items_total": st.items_total, "items": item_counts(st),
        "seconds": round(time.perf_counter() - start, 4),
    }
    return GameRecord(line, times)


def _seat(level: str, think_ms: float | None) -> Agent | Oracle:
    if level == ORACLE:
        return Oracle()
    if level == HEURISTIC:
        return HeuristicAgent()
    return make_agent(level, think_ms)


def _percentiles(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    return {"p50": round(statistics.median(xs), 3), "p95": round(p95, 3), "max": round(xs[-1], 3)}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


RESAMPLES = 2000  # bootstrap draws for a ratio's interval


def ratio(deals: list[dict[str, list[int]]], a: str, b: str,
          seed: int) -> dict[str, object] | None:
    """Level `a`'s win rate over level `b`'s (a tie a win for each tied seat), with a
    bootstrap 95 % interval over deals: each deal, [wins, seats played] by level, is
    the seat-swapped games of one seed, resampled whole. Seeded, so a ladder's
    interval is the same on every machine. None if `b` never won; an upper end None
    where `b` won in too few resamples to bound it (a resample it never won in counts
    as no bound, not dropped: dropping them would pull the upper end down)."""
    def of(sample) -> float:
        wa, na, wb, nb = (sum(d[lv][k] for d in sample) for lv in (a, b) for k in (0, 1))
        return (wa / na) / (wb / nb) if wb else math.inf
    value = of(deals)
    if value == math.inf:
        return None
    rng = random.Random(seed)
    draws = sorted(of(rng.choices(deals, k=len(deals))) for _ in range(RESAMPLES))
    lo, hi = draws[int(0.025 * (RESAMPLES - 1))], draws[int(0.975 * (RESAMPLES - 1))]
    return {"of": f"{a} / {b}", "value": round(value, 3),
            "ci95": [round(lo, 3), round(hi, 3) if hi < math.inf else None]}


def simulate(games_for: Sequence[Game], levels: Sequence[str], count: int, base_seed: int,
             out: IO[str], as_json: bool, log: IO[str] | None = None,
             think_ms: float | None = None, swap: bool = False,
             log_seat: int | None = None) -> dict:
    """Play `count` games, game i on games_for[i % len(games_for)]; print one line each.

    With `swap`, every game's seed is played once per rotation of the seats' levels, so
    each level meets the same deal from every seat (and deck): strength is then read
    from the levels' win rates, not the seats'."""
    wins = {str(i): 0 for i in range(len(levels))}
    wins["disasters"] = 0
    times: dict[int, list[float]] = {i: [] for i in range(len(levels))}
    # "alone": the games a seat of the level won with nobody beside it. A tie counts as
    # a win for each tied seat, and on a small Field (the quick demo) nearly half the
    # games tie: the games won alone say who was stronger where anyone was.
    by_level = {lv: {"seats_played": 0, "wins": 0, "alone": 0} for lv in levels}
    level_ms: dict[str, list[float]] = {lv: [] for lv in levels}
    rotations = len(levels) if swap else 1
    stuck = 0
    ends: Counter[str] = Counter()  # how games ended: "majority" of Items, the round limit...
    deals = [{lv: [0, 0] for lv in by_level} for _ in range(count)]  # for `ratio`
    start = time.perf_counter()
    for i in range(count * rotations):
        index, turn = divmod(i, rotations)
        seated = list(levels[turn:]) + list(levels[:turn])
        rec = play_game(games_for[index % len(games_for)], seated, index, base_seed, log,
                        think_ms, log_seat)
        rec.line["game"] = i
        for w in rec.line["winners"]:
            wins[str(w)] += 1
            by_level[seated[w]]["wins"] += 1
            deals[index][seated[w]][0] += 1
        if len(rec.line["winners"]) == 1:
            by_level[seated[rec.line["winners"][0]]]["alone"] += 1
        for lv in seated:
            by_level[lv]["seats_played"] += 1
            deals[index][lv][1] += 1
        ends[rec.line["end_reason"]] += 1
        if rec.line["disasters_win"]:
            wins["disasters"] += 1
        stuck += rec.line["end_reason"] == "action_cap"
        for seat, xs in rec.decision_ms.items():
            times[seat] += xs
            level_ms[seated[seat]] += xs
        if as_json:
            out.write(json.dumps(rec.line) + "\n")
        else:
            r = rec.line
            who = "the Disasters" if r["disasters_win"] else "seat " + ", ".join(map(str, r["winners"]))
            out.write(f"game {i:>4} seed {r['seed']:>10}: {who} win ({r['end_reason']}) after "
                      f"{r['rounds']} rounds, {r['actions']} actions, items {r['items']}\n")
    elapsed = time.perf_counter() - start
    played = count * rotations
    for lv, rec_lv in by_level.items():
        n, w = rec_lv["seats_played"], rec_lv["wins"]
        rec_lv["win_rate"] = round(w / n, 4) if n else None
        rec_lv["ci95"] = list(wilson(w, n))
    summary = {"summary": True, "games": played, "wins": wins,
               "disasters_win_rate": round(wins["disasters"] / played, 4) if played else None,
               "levels": by_level, "think_ms": think_ms, "stuck_games": stuck,
               "ends": dict(sorted(ends.items())),
               # Two levels at the table: the first's strength over the second's.
               "ratio": ratio(deals, *by_level, base_seed) if len(by_level) == 2 else None,
               "games_per_second": round(played / elapsed, 3) if elapsed else None,
               "decision_ms": {str(s): _percentiles(xs) for s, xs in times.items()},
               "level_decision_ms": {lv: _percentiles(xs) for lv, xs in level_ms.items()}}
    out.write((json.dumps(summary) if as_json else f"summary: {json.dumps(summary)}") + "\n")
    return summary
