"""The examiner's pass of 2 Dec 2026 (s50): rules meeting each other, mostly at four
seats, scenes no earlier audit built. Each test names the section, guideline or ruling
it pins."""
from __future__ import annotations

from scene import Scene, of
from test_rules_audit_s32 import CARDS as FOUR_CARDS
from test_rules_audit_s32 import four, to_the_tally
from test_rules_duel import CARDS as DUEL_CARDS

from game.engine.actions import (Challenge, CharmAttack, Drop, Engage, Move, Order, Proceed, RunAway, RunTo,
                                 Retrieve, Scavenge, Transform, UseCard, UseEquipment)
from game.engine.abilities import total
from game.engine.events import CombatHit, GameOver, ItemDropped, ItemStolen, Killed
from game.engine.options import Options
from game.engine.state import MAINTENANCE, MOVE, SCAVENGE
from game.engine.tally import item_counts
from game.engine.view import view


def _hit_on(ev, target: int) -> dict:
    (h,) = [h for h in of(ev, CombatHit) if h["target"] == target]
    return h


# Charm Combat Between Players: "prevent 1 action", Move (R135) --------------------------
def _charm_duel(seats: int = 2) -> tuple[Scene, int, int]:
    """Seat 0's Hero and seat 1's Hero at (0, 0) of a row of Locations, seat 0's Move
    phase; an Idol lies under (2, 0) so no tally ends the game."""
    sc = Scene(DUEL_CARDS, seats=seats)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.location((2, 0), under=["ring"])
    a = sc.char("hero", (0, 0))
    b = sc.char("hero", (0, 0), seat=1)
    sc.turn(MOVE)
    return sc, a, b


def _fight_out(sc: Scene) -> None:
    """The physical rounds: nobody attacks, so the initiator Runs Away (R44) to (1, 0)."""
    while sc.st.duel is not None:
        legal = sc.legal()
        sc.do(next((x for x in legal if isinstance(x, Engage) and x.role == "none"), legal[0]))


def test_charm_combat_between_players_a_charmed_rival_kept_from_moving_misses_its_next_move_R135():
    """Charm Combat Between Players: "each Character can make the Character it Charmed
    perform 1 action, or prevent 1 action" (List of Actions: Move). Seat 0's Hero Charms
    seat 1's in seat 0's Move phase and prevents its Move. Seat 1's Hero could not move
    in seat 0's Turn anyway (a Run Away aside, which no order stops: "Unless stated
    otherwise, Characters can always Run Away"), so the order holds through seat 1's next
    Turn (R135): no Move for it there; the Turn after, it moves. Before, the hold ended
    with seat 0's Turn and the order prevented nothing."""
    sc, a, b = _charm_duel()
    sc.combat_pile(0, "wow", *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 7)
    sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    sc.do(Order(a, b, "no-move"))
    _fight_out(sc)
    sc.until(MOVE, seat=1)
    assert not [x for x in sc.legal() if isinstance(x, Move) and b in x.chars]
    sc.refused(Move((b,), (1, 0)), "Held")
    sc.until(MOVE, seat=1)
    assert Move((b,), (1, 0)) in sc.legal()


def test_charm_combat_between_players_the_initiator_kept_from_moving_in_its_move_phase_R135():
    """The same order the other way round: seat 1's Hero, defending with twice seat 0's
    Charm ("If the defender has a total Charm twice that of the attacker, the attacker is
    Charmed"), prevents the Move of seat 0's Hero in seat 0's own Move phase, where it
    still had its move: it cannot move this Turn (R135), and moves again next Turn."""
    sc, a, b = _charm_duel()
    sc.st.move_start = ((a, (0, 0)),)
    sc.combat_pile(0, *["blank"] * 7)
    sc.combat_pile(1, "wow", *["blank"] * 6)
    sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    assert sc.st.duel.charmed == {a: (b, 9)}
    while Proceed() in sc.legal():
        sc.do(Proceed())
    sc.do(Order(b, a, "no-move"), Engage(a, "none"), RunAway())
    sc.do(*[x for x in sc.legal() if isinstance(x, Engage) and x.role == "none"][:1])
    sc.do(RunTo((1, 0)))  # seat 1 Ran Away: seat 0's Turn goes on (R33 f)
    assert sc.st.duel is None and (sc.st.turn_seat, sc.st.phase) == (0, MOVE)
    assert not [x for x in sc.legal() if isinstance(x, Move) and a in x.chars]
    sc.until(MOVE, seat=0)
    assert Move((a,), (1, 0)) in sc.legal()
