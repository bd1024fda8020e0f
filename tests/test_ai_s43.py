"""The AI reads one piece of Equipment an ability a Turn as the engine does (Rules for
Equipment; s43b's fix): a piece's text that modifies its user counts as its bonuses
(`equipment.abilities_of`). `board.spare_equipment`, what a foe may still add in Combat,
read printed bonuses only, so it counted a piece the engine would refuse."""
from __future__ import annotations

from test_rules_s43b import grey_with

from game.ai.board import spare_equipment
from game.engine.actions import UseEquipment


def test_rules_for_equipment_spare_equipment_counts_no_piece_the_rule_refuses():
    """The Radar (+1 Defense by its text) in use: Wards' +2 Defense cannot follow."""
    sc, grey, (wards, radar) = grey_with("wards", "radar")
    assert spare_equipment(sc.st, sc.unit(grey), "defense") == 2
    sc.do(UseEquipment(radar, grey))
    assert spare_equipment(sc.st, sc.unit(grey), "defense") == 0


def test_rules_for_equipment_a_piece_sharing_an_ability_in_use_adds_nothing_spare():
    """Wards in use: the Radar also gives Defense, so its +1 Movement is out of reach."""
    sc, grey, (wards, radar) = grey_with("wards", "radar")
    assert spare_equipment(sc.st, sc.unit(grey), "movement") == 1
    sc.do(UseEquipment(wards, grey))
    assert spare_equipment(sc.st, sc.unit(grey), "movement") == 0
