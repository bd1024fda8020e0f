"""The regret measure of the search levels (game/regret.py, docs/ai.md)."""
from __future__ import annotations

from game.cli import load_games
from game.regret import TRUTH_WIDTH, Values, decisions


def test_regret_is_the_best_candidates_value_less_the_chosen_ones():
    """The candidate valued best has no regret; every other has its shortfall, and a
    choice outside the rules' shortlist is valued too and counts against the best."""
    game = load_games("levels/mirror.yaml", 2)[0]
    (v, legal), = decisions(game, 4, 1)
    t = Values(v, legal, 3, 9)
    assert 1 < len(t.candidates) <= TRUTH_WIDTH
    values = {i: t.of(i) for i in t.candidates}
    best = max(values, key=values.get)
    assert t.regret(best) == 0
    for i in t.candidates:
        assert t.regret(i) == values[best] - values[i]
    outside = next((i for i in range(len(legal)) if i not in t.candidates), None)
    if outside is not None:
        assert t.regret(outside) == max(values[best], t.of(outside)) - t.of(outside)
    # The same worlds and dice: asking again gives the same values.
    again = Values(v, legal, 3, 9)
    assert [again.of(i) for i in t.candidates] == [values[i] for i in t.candidates]
