"""The s65 stop: a refusal at a Planetary or Dimensional Location names who lacks the
symbol (Rules for Locations: "unless each Character in the Group has the Planetary
symbol or is in a Planetary Vehicle"; "unless all Characters in the Group have the
Dimensional ability"; R18, passing over alike)."""
from __future__ import annotations

import pytest
from scene import Scene
from test_rules_movement import CARDS  # Planet, Rift, Runner, Spaceman, Walker, Rocket

from game.engine.actions import Move, UseEquipment
from game.engine.state import MOVE


def row(middle: str) -> Scene:
    sc = Scene(CARDS, seats=2)
    for x, card in enumerate(("plain", middle, "plain")):
        sc.location((x, 0), card)
    return sc


@pytest.mark.parametrize("kind,card,has", [("Planetary", "planet", "spaceman"),
                                           ("Dimensional", "rift", "walker")])
def test_a_group_refused_a_symbol_location_names_the_members_who_lack_it_rules_for_locations(
        kind, card, has):
    """Daigo, Mio and Reiji moving together heard "the group lacks it" though Reiji has
    the Planetary symbol (among his skills): the refusal names Daigo and Mio, only."""
    sc = row(card)
    a, b = sc.char("runner", (0, 0)), sc.char("runner", (0, 0))
    c = sc.char(has, (0, 0))
    sc.turn(MOVE)
    why = sc.refused(Move((a, b, c), (1, 0)))
    assert why.startswith(f"(1, 0) is {kind}: c{a} and c{b} lack the {kind} symbol")
    assert f"c{c}" not in why and "the group lacks" not in why
    assert "every Character of a group must have it to enter it" in why
    # Passing over is refused alike (R18), naming the same two.
    why = sc.refused(Move((a, b, c), (2, 0)))
    assert f"crosses a {kind} Location; c{a} and c{b} lack the {kind} symbol" in why
    assert f"c{c}" not in why
    # One alone: it, and "a Character".
    why = sc.refused(Move((a,), (1, 0)))
    assert f"c{a} lacks the {kind} symbol" in why and "a Character must have it" in why
    assert Move((c,), (1, 0)) in sc.legal()


def test_a_planetary_vehicle_in_use_counts_and_the_refusal_says_so_rules_for_locations():
    """"...or is in a Planetary Vehicle": the words say what gives the symbol, and one
    in a Planetary Vehicle is not named among those who lack it."""
    sc = row("planet")
    a = sc.char("runner", (0, 0), equipment=["rocket"])
    b = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    why = sc.refused(Move((a, b), (1, 0)))
    assert f"c{a} and c{b} lack the Planetary symbol" in why
    assert "a Planetary Vehicle in use gives it" in why
    rocket, = sc.unit(a).equipment
    sc.do(UseEquipment(rocket, a))
    why = sc.refused(Move((a, b), (1, 0)))
    assert f"c{b} lacks the Planetary symbol" in why and f"c{a}" not in why


def test_run_away_to_a_planetary_location_names_who_lacks_it_rules_for_locations():
    """Running Away ends on a Location like a move (why_not_run_to): the same words."""
    from game.engine import terrain
    sc = row("planet")
    a, b = sc.char("runner", (0, 0)), sc.char("spaceman", (0, 0))
    why = terrain.why_not_run_to(sc.st, 0, [sc.unit(a), sc.unit(b)], (0, 0), (1, 0))
    assert why.startswith(f"(1, 0) is Planetary: c{a} lacks the Planetary symbol"), why
    assert f"c{b}" not in why


def test_a_cell_no_symbol_keeps_out_of_reach_is_not_blamed_on_a_symbol_r4():
    """A Field with a gap (a scene: the rules lay each card beside another, R2, R4):
    the cell cut off is out of reach for no symbol, and the words name none, where the
    symbol's words read "crosses a  Location;  to enter one"."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((3, 0))
    a = sc.char("runner", (0, 0))
    sc.turn(MOVE)
    why = sc.refused(Move((a,), (3, 0)))
    assert why == f"(3, 0) is out of reach: no way there that c{a} may cross"
