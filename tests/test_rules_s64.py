"""Running Away in the middle of a Scavenging (s64): Basic Terms, Run Away, "This will
end your Turn", so the Scavenging under way ends with it, and is said to end."""
from __future__ import annotations

from scene import of
from test_rules_s36r2 import CELL, HAVEN, S

from game.engine.actions import RunAway, RunTo, Scavenge
from game.engine.events import ScavengingEnded, TurnBegan
from game.engine.state import SCAVENGE


def test_run_away_from_a_disaster_turned_up_while_scavenging_ends_the_scavenging():
    """Basic Terms, Run Away ("This will end your Turn") with the Scavenge Phase: the
    Misfiring Orbital Laser turned up under the Location attacks the Scavenging group,
    which Runs Away to its Haven: the Scavenging ends, said before the next Turn begins,
    with the cards still under the Location counted, as a Scavenging stopped is."""
    sc = S()
    sc.location(CELL, under=["misfiring-orbital-laser", "t-gem", "t-gem"])
    ace = sc.char("t-ace", CELL)
    sc.unit(ace).damage = -99  # Health to spare against the Laser's final attack
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert sc.st.scavenging is not None and sc.st.combat is not None
    ev = sc.do(RunAway(), RunTo(HAVEN))
    ended = of(ev, ScavengingEnded)
    assert [(e["seat"], tuple(e["cell"]), e["left"]) for e in ended] == [(0, CELL, 2)]
    assert sc.st.scavenging is None and sc.st.turn_seat == 1
    kinds = [type(e).__name__ for e in ev]
    assert kinds.index("ScavengingEnded") < kinds.index(TurnBegan.__name__)
