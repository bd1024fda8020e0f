"""docs/engine.md walks the next engineer through a real game's stack of decisions,
line by line. Each of its lines is played again here: a change to the rules, the
set-up or the random draws that makes a line false fails this test, so the trace is
mended with the change instead of going stale in silence."""
from __future__ import annotations

import random
import re
from pathlib import Path

from game.engine import apply, legal_actions
from game.match import load_game

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine.md"
LINE = re.compile(r"^\s*(\d+) seat (\d) \[(.*)\]\s+(\S.*?)\s*$")


def shown() -> list[tuple[int, int, str, str]]:
    """(action number, seat, stack bottom first, action text) of the trace's lines: the
    code block after 'Here is part of a real game'."""
    text = DOC.read_text(encoding="utf-8")
    block = text.split("Here is part of a real game", 1)[1].split("```", 2)[1]
    lines = [LINE.match(x) for x in block.strip("\n").split("\n")]
    assert all(lines), "a trace line the test cannot read"
    return [(int(m[1]), int(m[2]), m[3], m[4]) for m in lines]


def stack(state) -> str:
    """The pending decisions as the trace prints them: the phase step with its phase."""
    return " > ".join(f"PhaseStep({state.phase})" if type(d).__name__ == "PhaseStep"
                      else type(d).__name__ for d in state.pending)


def test_the_engine_docs_trace_of_seed_0_is_what_the_engine_plays():
    want = shown()
    assert len(want) >= 10
    game = load_game("levels/standard_2p.yaml", seats=2)
    state, pick = game.new_state(seed=0), random.Random(0)
    got = []
    for n in range(want[-1][0] + 1):
        seat, pending = state.current_seat(), stack(state)
        action = pick.choice(legal_actions(state))
        got.append((n, seat, pending, str(action)))
        apply(state, action)
    assert [got[n] for n, *_ in want] == want
