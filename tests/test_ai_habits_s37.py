"""Sensible play (issue 16): no fight between players started and then fled where the
defender's own card turns it. Yukiha Shimotsuki (Moonlit Shrine): "Once per Turn, for
2 Energy, an opponent's Character at her Location is frozen: No Action for 1 Turn";
the rules read no card abilities, started a fight she froze one side of and Charmed
another (R34), and Ran Away (docs/ai.md, Known limits)."""
from __future__ import annotations

import random

import pytest
from scene import Scene
from test_ai_habits import LEVELS, deck_lists
from test_ai_habits_s34 import SQUARE4, field, shipped
from test_ai_habits_s36 import DECIDING, _deck_combat

from game.ai.board import may_attack
from game.engine import apply, legal_actions, view
from game.engine.abilities import total
from game.engine.actions import Challenge, CharmAttack, Engage, Order, RunAway, UseCard
from game.engine.state import MOVE

SHRINE = _deck_combat("moonlit-shrine")
YUKIHA = shipped("sayo-tsukimura", "akiko-sakuragawa", "madame-foxglove", "gurugu-the-kappa",
                 "yukiha-shimotsuki", *sorted(set(SHRINE)))
TRIO = ("sayo-tsukimura", "akiko-sakuragawa", "madame-foxglove")


def _before_yukiha(group: tuple[str, ...], seed: int, free: bool) -> Scene:
    """Seat 0's `group` in its Move phase at (1, 1) with seat 1's Yukiha Shimotsuki
    (3/3, Charm 5, Energy 3) carrying an Idol, her freeze `free` or used this Turn
    already; the Moonlit Shrine's Combat cards shuffled by `seed` for both."""
    cells, havens = SQUARE4
    sc = field(Scene(YUKIHA, seats=2), cells, havens[:2])
    shuffle = random.Random(seed)
    for seat in range(2):
        pile = list(SHRINE)
        shuffle.shuffle(pile)
        sc.combat_pile(seat, *pile)
    for card in group:
        sc.char(card, (1, 1))
    yukiha = sc.char("yukiha-shimotsuki", (1, 1), seat=1, items=["idol"])
    if not free:
        sc.st.uses[(yukiha, 0)] = 1
    return deck_lists(sc).turn(MOVE)


def _duel(level: str, sc: Scene, seed: int) -> list:
    """Seat 0's decisions from its Move phase until the fight it may start is over;
    Yukiha freezes the strongest attacker she can, Charms whom she can, orders the
    Charmed not to attack, then attacks."""
    agent, rng = LEVELS[level](), random.Random(seed)
    st, mine, started = sc.st, [], False
    while st.result is None and st.actions < 300:
        legal = legal_actions(st)
        if st.current_seat() == 0:
            a = agent.choose(view(st, 0), legal, rng)
            mine.append(a)
        else:
            freezes = [x for x in legal if isinstance(x, UseCard) and x.target in st.units
                       and may_attack(st, st.units[x.target])]
            a = max(freezes, default=None, key=lambda x: total(st, st.units[x.target], "attack")) \
                or next((x for x in legal if isinstance(x, CharmAttack)), None) \
                or next((x for x in legal if isinstance(x, Order) and x.order == "no-attack"), None) \
                or next((x for x in legal if isinstance(x, Engage) and x.role == "attack"),
                        legal[0])
        apply(st, a)
        started = started or st.duel is not None
        if started and st.duel is None or not started and st.phase != MOVE:
            break
    return mine


@pytest.mark.parametrize("level", DECIDING)
@pytest.mark.parametrize("group,free,starts", [
    # Akiko (5/3, +1 in Combat) frozen and Sayo Charmed, Foxglove's 3 do not get through
    # Yukiha's Defense 3: a fight that turns, not started.
    (TRIO, True, False),
    # Her freeze used this Turn: Akiko Charmed, Foxglove and Sayo teamed get through.
    (TRIO, False, True),
    # With Gurugu (3/4) beside them, two silenced leave enough: started, fought out.
    (TRIO + ("gurugu-the-kappa",), True, True)])
def test_no_fight_started_that_the_defender_s_freeze_turns_r33_r34(level, group, free, starts):
    """A Challenge (R33) against Yukiha carrying an Idol, her freeze ("an opponent's
    Character at her Location is frozen: No Action") and her Charm (R34) read before it
    starts: never started and then fled; not started where the freeze and the Charm
    leave the group unable to win; started where her freeze is used up this Turn
    ("Once per Turn"), or the group wins with two of it silenced."""
    for seed in range(6):
        acts = _duel(level, _before_yukiha(group, seed, free), seed)
        assert (Challenge(1, (1, 1)) in acts) == starts, (seed, [str(a) for a in acts])
        assert RunAway() not in acts, (seed, [str(a) for a in acts])
