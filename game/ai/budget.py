"""The search levels' budgets, in engine steps, never in time: a decision is the
same for the same seed and view on any machine and under any load, so replays of
games with AI seats are exact (docs/ai.md, "Determinism and budgets").

A step is an action applied in a playout; every LIST_COST legal actions listed and
scored on the way make one more, every MOVE_COST Moves among them one more for the
hard level, and a world sampled makes WORLD_COST. A step
costs more where more units stand on the Field: the rules and the evaluation read
every unit's ability totals, and the engine's static effects walk them all. So a
millisecond buys STEPS_PER_MS steps with no unit in play, and fewer as units come
in: 1 + units / UNIT_HALF times fewer (measured over decisions of normal-played
games on the quick demo and the mirror level, two and four seats). The number of
seats adds nothing once the units are counted: with a fewer-steps factor for four
seats, (seats / 2) ** 0.3 until the sixth stop of issue 16, hard's p95 decision on
four seats was three quarters of its p95 on two (docs/ai.md).
"""
from __future__ import annotations

# Steps a millisecond buys on an empty Field, set so that the p95 decision of the
# hard level stays within its think_ms on the development machine (a shared 2-core
# VM at load 1 to 3) on the mirror level, two and four seats (docs/ai.md). 4.6 until
# the engine grew faster in issue 16, when hard's p95 fell to 98-108 ms at 150; 5.75
# until speed passes 7 to 11 left hard's p95 at 37 to 59 ms, a third of its budget.
# At the eleventh stop the rules' fight reading and `_together` made a step about a
# fifth dearer (9.0 steps a ms in `bench engine`'s search, from 11.1): hard's p95 went
# from 86-93 ms to 118-126 ms on two mirror seats, still within its 150. 11.5 until
# the twelfth stop, when the same ladder on the same code gave 148-152 ms (a slower
# machine: normal's unchanged steps took 18 ms at p95, 13.5 before); at 10, hard's
# p95 was 136 on two mirror seats and 155 on four. 8 leaves room; at the fiftieth
# stop the rule player's bounded reading of targets made the same steps a tenth to a
# third cheaper (docs/ai.md). On a slower machine at the fifty-sixth stop, 8 gave
# 172-213 ms; the fifty-seventh charged the Moves scored (MOVE_COST) and set 9: 132.5
# ms on two mirror seats (172 at 8 without the charge, run beside it) and 133.6 on four.
STEPS_PER_MS = 9
UNIT_HALF = 10  # units in play that double a step's cost
# Legal actions listed and scored that cost as much as an action applied: a move
# with fifty choices costs five times a step of Scavenging. Measured on 29 Nov 2026 at
# 2 (mirror) to 9 (quick demo), 4 over both; kept, as a refit buys hard at most a fifth
# more search (docs/history/ai-log.md, "nineteenth stop").
LIST_COST = 12
# Moves listed and scored that cost as much as an action applied, for the hard level,
# whose budget is its clock: a Move's score reads the group's targets and danger at two
# cells, about five times an other action's. Fitted on 3 Dec 2026 over 972 hard
# decisions of mirror and quick-demo games, two and four seats: with Moves charged like
# the rest, a hard decision's CPU time per step charged ranged 1.6 to 2.2 times its
# median at the p95, 1.4 to 1.5 with them charged a third. Normal's budget is a count
# tuned against the levels beside it, not a clock: it charges Moves as the rest.
MOVE_COST = 3
WORLD_COST = 3  # a world sampled costs about as much as three engine steps


# The most a decision may be given: a minute (a game takes hundreds of decisions;
# the window's hard seats take 1000 ms). NaN, Infinity or 1e300 turned into steps
# raised, or searched for ever.
MAX_THINK_MS = 60_000


def check_think_ms(think_ms: object) -> float:
    """`think_ms` as a budget a decision can have; ValueError saying the bounds."""
    if isinstance(think_ms, bool) or not isinstance(think_ms, (int, float)) \
            or not 0 < think_ms <= MAX_THINK_MS:  # NaN fails every comparison
        raise ValueError(f"a decision's budget must be above 0 and at most {MAX_THINK_MS} ms "
                         f"(a minute), not {think_ms!r}")
    return float(think_ms)


def steps_for(think_ms: float, units: int) -> int:
    """The steps a decision of think_ms gets with this many units in play."""
    return scale_steps(think_ms * STEPS_PER_MS, units)


def scale_steps(steps: float, units: int) -> int:
    """The steps a budget of `steps` on an empty Field gets with this many units in play."""
    return int(steps / (1.0 + units / UNIT_HALF))


def cost(steps: int, listed: int, moves: int = 0) -> float:
    """Steps charged for a playout: actions applied plus legal actions listed, `moves`
    of them Moves charged at MOVE_COST (hard's; normal gives none)."""
    return steps + (listed - moves) / LIST_COST + moves / MOVE_COST
