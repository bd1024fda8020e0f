"""The window's words a newcomer stumbled on: the log's lines for protectors, a
Location's attack and an Item stored, the Discard hint, counts and refusals."""
from __future__ import annotations

from game.engine import events as E
from game.ui.table.words import PHASE_HINTS, event_text

NAMES = {1: "Daigo", 2: "Vee", 3: "Hex", 4: "Kai", 5: "Lantern", (0, 0): "Shrine Steps",
         (1, 0): "Kaede's Haven"}


def line(e: E.Event, haven=lambda cell: False) -> str:
    return event_text(e, lambda i: NAMES.get(i, f"<{i}>"), "Player {}".format, haven)[0]


def _hit(guards):
    return E.CombatHit(1, 1, "character", "major", (3,), 10, 9, 1, 5, 4, 5, "ok",
                       guards, False)


def test_a_hit_says_what_each_protector_took():
    """'Hex hits Daigo: ..., 1 Damage': Vee protected Daigo and took 1 Damage unsaid."""
    said = line(_hit((E.Guard(2, 1), E.Guard(4, 1))))
    assert said.startswith("Hex hits Daigo: Attack 10 vs Defense 9, 1 Damage.")
    assert "Protecting: Vee 1 Damage, Kai 1 Damage." in said
    assert "Protecting" not in line(_hit(()))


def test_a_location_that_attacks_is_named():
    """'A Location attacks Kaede': which one, the log did not say."""
    said = line(E.LocationAttacks((0, 0), 1, 3, 2, 1, 5, 4, "ok"))
    assert said == "Shrine Steps attacks Daigo: 1 Damage"


def test_an_item_left_in_a_haven_is_stored_not_dropped():
    def haven(cell):
        return cell == (1, 0)
    assert line(E.ItemDropped(2, (1, 0), 5), haven) == "Vee stored Lantern in Kaede's Haven"
    assert line(E.ItemDropped(2, (0, 0), 5), haven) == "Vee dropped Lantern"


def test_the_discard_hint_reads_as_a_sentence():
    """'Click the cards you do not want to discard them' said the opposite."""
    said = PHASE_HINTS["discard"]
    assert said == "Click each card you do not want, to discard it; then End phase."


def test_each_protectors_share_floats_where_it_stands():
    """Only the target's '-1' rose: Vee, protecting, took 1 Damage unseen."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from game.ui.table.anims import Animator, Float
    from game.ui.table.tween import Clock
    pygame.init()
    spots = {1: pygame.Rect(100, 100, 40, 40), 2: pygame.Rect(300, 100, 40, 40),
             4: pygame.Rect(500, 100, 40, 40)}

    class Spots:
        def unit_rect(self, unit):
            return spots.get(unit)

        def vanished(self, unit):
            return None

        def centre_rect(self):
            return pygame.Rect(0, 0, 800, 600)

        def px(self, n):
            return round(n)

    animator = Animator(Clock(1.0))
    animator.feed(_hit((E.Guard(2, 1), E.Guard(4, 1))), Spots(), 0, "Player {}".format)
    at = sorted(a.at for a in animator.anims if isinstance(a, Float))
    assert at == sorted(spots[u].center for u in (1, 2, 4))
