"""`python main.py bench engine`: how fast the engine clones and plays, as medians
of repeated runs in CPU time (the machines are shared and noisy: CPU time is what a
busy neighbour disturbs least; never a timed test)."""
from __future__ import annotations

import copy
import hashlib
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import IO

from game.ai import HardAgent
from game.engine import Game, GameState, apply_unchecked, legal_actions, view

REPEATS = 5
THINK_MS = 150  # the hard decisions the bench times: the budget the levels are measured at
MIDGAME = 300  # random actions into a game, where the engine is measured


class ShortGame(ValueError):
    """A level whose game is over before the bench's mid-game: nothing to measure on."""


def _rate(fn: Callable[[], int], seconds: float) -> float:
    """Operations per CPU second of fn (which returns how many it did), median of
    REPEATS. fn runs at least once a repeat, however short `seconds` is (none at all
    was a division by zero)."""
    rates = []
    for _ in range(REPEATS):
        done, start = 0, time.process_time()
        while True:
            done += fn()
            if (elapsed := time.process_time() - start) >= seconds / REPEATS:
                break
        rates.append(done / max(elapsed, 1e-9))
    return statistics.median(rates)


def midgame(game: Game, seed: int, actions: int = MIDGAME) -> GameState:
    """A state some way into a random game, with Characters out on the Field; of a game
    over sooner (quick_demo's of seed 1, a level of one round), the state half way
    through it: the finished one was played on, and its empty legal list was a
    traceback."""
    st = game.new_state(seed)
    rng = random.Random(seed)
    for done in range(actions):
        legal = legal_actions(st)
        apply_unchecked(st, legal[rng.randrange(len(legal))])
        if st.result is not None:
            return midgame(game, seed, done // 2)  # the same game, seeded alike
    return st


def bench_engine(game: Game, seconds: float, seed: int, out: IO[str]) -> dict:
    st = midgame(game, seed)
    clones = _rate(lambda: (st.clone(), 1)[1], seconds)
    # The card database is shared, not part of the state: deepcopy must not count it.
    deep = _rate(lambda: (copy.deepcopy(st, {id(game): game}), 1)[1], seconds)
    rng = random.Random(seed)
    play = {"st": st.clone()}

    def step() -> int:
        s = play["st"]
        if s.result is not None:
            s = play["st"] = st.clone()
        legal = legal_actions(s)
        apply_unchecked(s, legal[rng.randrange(len(legal))])
        return 1

    steps = _rate(step, seconds)
    games = _random_games(game, seed, seconds)
    iterations, steps_per_ms = _search_rate(st, seconds)
    result = {"clones_per_second": round(clones), "deepcopies_per_second": round(deep),
              "clone_vs_deepcopy": round(clones / deep, 1),
              "legal_plus_apply_per_second": round(steps), **games,
              "hard_iterations_per_second": round(iterations),
              "hard_steps_per_ms": round(steps_per_ms, 2), "repeats": REPEATS}
    out.write(json.dumps(result) + "\n")
    return result


def _random_games(game: Game, seed: int, seconds: float) -> dict:
    """Whole random games as an agent sees them: for every action the seat's view,
    the legal list, and applying one. Games from seed, seed+1, ... until `seconds`
    of CPU time; the rate is actions per CPU second (median over REPEATS slices)."""
    counts = {"actions": 0, "games": 0}
    state = {"st": game.new_state(seed), "next": seed + 1}
    rng = random.Random(seed)

    def act() -> int:
        st = state["st"]
        if st.result is not None:
            counts["games"] += 1
            st = state["st"] = game.new_state(state["next"])
            state["next"] += 1
        view(st, st.current_seat())
        legal = legal_actions(st)
        apply_unchecked(st, legal[rng.randrange(len(legal))])
        counts["actions"] += 1
        return 1

    rate = _rate(act, seconds)
    per_game = counts["actions"] / counts["games"] if counts["games"] else None
    return {"random_game_actions_per_cpu_second": round(rate),
            "random_games_per_cpu_second": round(rate / per_game, 2) if per_game else None,
            "random_game_actions_per_game": round(per_game) if per_game else None}


def _search_rate(st: GameState, seconds: float) -> tuple[float, float]:
    """The hard level's search on the midgame position: its iterations (playouts) per
    second, and its steps (listing included) per millisecond. budget.STEPS_PER_MS is
    not this figure: it is set from hard's p95 decision time over whole games."""
    agent = HardAgent(THINK_MS)
    st = st.clone()
    rng = random.Random(0)
    while st.result is None:  # on to a real choice, where the search iterates
        seat = st.current_seat()
        v, legal = view(st, seat), legal_actions(st)
        action = agent.choose(v, legal, rng)
        if agent.last_iterations:
            break
        apply_unchecked(st, action)
    else:  # the game ended first: nothing to search (a division by zero)
        raise ShortGame(f"no choice is left for the hard level's search from action "
                        f"{st.actions - 1} on, where the engine is measured: give a level "
                        "of longer games, or another --seed")

    spent = {"steps": 0, "iterations": 0}

    def decide() -> int:
        agent.choose(v, legal, rng)
        spent["steps"] += agent.last_steps
        spent["iterations"] += agent.last_iterations
        return agent.last_iterations

    iterations = _rate(decide, seconds)
    return iterations, iterations * spent["steps"] / spent["iterations"] / 1000


def digest(games: list[Game], count: int, seed: int, out: IO[str]) -> dict:
    """`bench digest`: one hash of every legal list and every event list of `count`
    random games (seeds seed, seed+1, ..., each game of the level in turn). A change
    meant only to be faster must leave it as it was: the same games, listed and
    played the same way."""
    h = hashlib.sha256()
    actions = 0
    for i in range(count):
        st = games[i % len(games)].new_state(seed + i)
        rng = random.Random(seed + i)
        while st.result is None:
            legal = legal_actions(st)
            h.update(repr(legal).encode())
            h.update(repr(apply_unchecked(st, legal[rng.randrange(len(legal))])).encode())
            actions += 1
        h.update(repr(st.result).encode())
    result = {"games": count, "actions": actions, "digest": h.hexdigest()[:16]}
    out.write(json.dumps(result) + "\n")
    return result
