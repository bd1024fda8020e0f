"""Golden replays: whole games saved as seed + actions, with the final state they
reached when they were recorded (ARCHITECTURE.md, Tests).

A replay keeps a rules change honest: the same seed and actions must reach the
same final state, or the change says which rule it fixed. The final state is
written as plain, representation-free data (what is where), so the engine's
inner records may change shape without the replays changing.

    python -m tests.replays            # record them again (after a rule fixed)
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from game.cli import load_games
from game.engine import apply, legal_actions, parse
from game.engine.levels import DEFAULT_LEVELS_DIR

HERE = Path(__file__).parent / "replays"
# (level, seats, seed, random players' eagerness to end a phase): random play reaches
# the rarer rules (Charm, Combat between players, Havens) in long games.
GAMES = (("quick_demo", 2, 101), ("standard_2p", 2, 102), ("four_players", 4, 103),
         ("mirror", 2, 104), ("solitaire", 1, 105), ("all_decks", 3, 106))
ACTION_CAP = 6000


def final_state(st) -> dict:
    """What is where at the end: every pile, place, unit and count, as plain JSON data."""
    return json.loads(json.dumps(_where(st)))


def _where(st) -> dict:
    def seat(s):
        return {k: list(getattr(s, k)) for k in (
            "draw", "combat", "combat_discard", "hand", "discard", "unused", "havens")} | {
            "set_aside": [list(x) for x in s.set_aside], "turns": s.turns}
    return {
        "seats": [seat(s) for s in st.seats],
        "places": sorted([list(c), p.card, p.kind, p.owner, list(p.under), p.destroyed,
                          p.siege] for c, p in st.places.items()),
        "units": sorted([u.card, u.owner, list(u.pos), u.disaster, u.damage, sorted(u.items),
                         sorted(u.equipment), sorted(u.enhancements), u.moved, u.spent]
                        for u in st.units.values()),
        "off_field": sorted([o.card, o.seat, list(o.chars), o.turns_left] for o in st.off_field),
        "destroyed": sorted(st.destroyed),
        "path": [list(c) for c in st.path],
        "phase": st.phase, "turn_seat": st.turn_seat, "rounds": st.rounds,
        "items_total": st.items_total,
        "result": None if st.result is None else [list(st.result.winners),
                                                  st.result.disasters_win, st.result.reason],
    }


def record(level: str, seats: int, seed: int) -> dict:
    """A random game (its own generator, not the game's) played to its end."""
    game = load_games(DEFAULT_LEVELS_DIR / f"{level}.yaml", seats)[0]
    st = game.new_state(seed)
    chooser = random.Random(seed)
    actions = []
    while st.result is None and len(actions) < ACTION_CAP:
        legal = legal_actions(st)
        a = legal[chooser.randrange(len(legal))]
        apply(st, a)
        actions.append(str(a))
    return {"level": level, "seats": seats, "seed": seed, "actions": actions,
            "final": final_state(st)}


def replay(rec: dict):
    game = load_games(DEFAULT_LEVELS_DIR / f"{rec['level']}.yaml", rec["seats"])[0]
    st = game.new_state(rec["seed"])
    for text in rec["actions"]:
        apply(st, parse(text))
    return st


def path_of(level: str, seed: int) -> Path:
    return HERE / f"{level}-{seed}.json"


if __name__ == "__main__":
    for level, seats, seed in GAMES:
        rec = record(level, seats, seed)
        path_of(level, seed).write_text(json.dumps(rec, indent=None) + "\n", encoding="utf-8")
        print(level, len(rec["actions"]), "actions", rec["final"]["result"], file=sys.stderr)
