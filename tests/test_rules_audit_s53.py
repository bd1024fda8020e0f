"""The s53 audit: engine modules earlier audits had not broken branch by branch
(charm.py, duel.py, disasters.py), each rule-bearing condition broken for a moment and
the tests that name its terms run on it (docs/rules-coverage.md, "The modules broken on
purpose (3 Dec 2026, s53)"). Here the scenes for the breaks no test caught. Each test
names the section, guideline or ruling it pins."""
from __future__ import annotations

from scene import Scene
from test_rules_disasters import board, maintenance

from game.engine.disasters import ally


# Ally Disasters, Rules for Minor Disasters ----------------------------------------------
def _minor_primary_leads_two_majors_off_the_field() -> tuple[Scene, int, int, int]:
    """The Pest (Minor, Movement 1), on the last Location of the path, leads the Crawler
    (Major, Movement 1) and the Strider (Major, Movement 2), all brought by seat 0, the
    Pest first; seat 0's Maintenance phase has run."""
    sc = board()
    pest = sc.disaster("pest", (-5, 0))
    crawler = sc.disaster("crawler", (-5, 0))
    strider = sc.disaster("strider", (-5, 0))
    ally(sc.st, sc.unit(pest), sc.unit(crawler), [])
    ally(sc.st, sc.unit(pest), sc.unit(strider), [])
    maintenance(sc)
    return sc, pest, crawler, strider


def test_maintenance_phase_allies_freed_at_the_end_of_the_cycle_do_not_move_again():
    """Maintenance Phase: "Any Disasters you brought into play that are capable of Movement
    are moved. Disasters are moved a number of Locations equal to their Movement"; Ally
    Disasters: they "move as a group ... limited to the slowest". The alliance moves one
    Location, off the Field: the Pest is Discarded, the two Majors re-enter at the
    top-right Location (1, 0) and stay there. They had moved 1 and 2 Locations more on
    their own in the same phase (maintenance.DisasterMoves listed them before the Pest
    freed them): an engine defect, fixed in s53."""
    sc, pest, crawler, strider = _minor_primary_leads_two_majors_off_the_field()
    assert pest not in sc.st.units and pest in sc.st.seats[0].discard
    assert sc.unit(crawler).pos == sc.unit(strider).pos == (1, 0)
    assert sc.unit(crawler).leader == sc.unit(strider).leader == -1
