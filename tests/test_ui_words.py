"""The window's words a newcomer stumbled on: the log's lines for protectors, a
Location's attack and an Item stored, the Discard hint, counts and refusals."""
from __future__ import annotations

import pytest

from game.engine import actions as A
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
    assert "Protecting: Vee 1 Damage, Kai 1 Damage (a protector takes at least" in said
    assert "Protecting" not in line(_hit(()))


def test_a_location_that_attacks_is_named():
    """'A Location attacks Kaede': which one, the log did not say."""
    said = line(E.LocationAttacks((0, 0), 1, 3, 2, 1, 5, 4, "ok"))
    assert said == ("Shrine Steps attacks Daigo as the group stops there: Attack 3 vs "
                    "Defense 2, 1 Damage, healed at once")


def test_an_item_left_in_a_haven_is_stored_not_dropped():
    def haven(cell):
        return cell == (1, 0)
    assert line(E.ItemDropped(2, (1, 0), 5), haven) == "Vee stored Lantern in Kaede's Haven"
    assert line(E.ItemDropped(2, (0, 0), 5), haven) == "Vee dropped Lantern under Shrine Steps"


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
    spots = {1: pygame.Rect(100, 400, 40, 40), 2: pygame.Rect(300, 400, 40, 40),
             4: pygame.Rect(500, 400, 40, 40)}  # (under the cell's name)

    class Spots:
        def unit_placed(self, unit):
            return spots.get(unit)

        def vanished(self, unit):
            return None

        def cell_of(self, unit):
            return (0, 0)

        def cell_placed(self, cell):
            return pygame.Rect(0, 0, 800, 600)

        def centre_rect(self):
            return pygame.Rect(0, 0, 800, 600)

        def px(self, n):
            return round(n)

    animator = Animator(Clock(1.0))
    animator.feed(_hit((E.Guard(2, 1), E.Guard(4, 1))), Spots(), 0, "Player {}".format)
    at = sorted(a.at for a in animator.anims if isinstance(a, Float))
    assert at == sorted(spots[u].center for u in (1, 2, 4))


def test_setup_says_what_the_number_to_place_counts():
    """'Locations to place: 2' beside one card shown: the number is the pile's, and the
    words over the cards say so."""
    from game.ui.table.words import place_caption, to_place
    assert to_place(2, 0) == "To place: 2 Locations"
    assert to_place(1, 1) == "To place: 1 Location, 1 Haven"
    said = place_caption("Your", 2, 1, 2, True)
    assert said == "Your cards to place now: this Location, then 1 more, turned up one by one"
    assert place_caption("Your", 1, 0, 1, True) == "Your card to place now: this Location"


def test_counts_of_one_are_singular():
    """'Face down under it: 1 Disasters': counts are built with words.count."""
    assert line(E.CardsDealt(1, ())) == "1 Item and the Disasters dealt face down"


def test_the_zoomed_location_counts_in_good_english(tmp_path):
    """The zoom's facts said 'Face down under it: 1 Disasters'; the log's goal, 'of
    the 1 Items'."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import sys
    sys.path.insert(0, os.path.dirname(__file__))
    from test_rules_duel import CARDS
    from test_ui_table import scene_app, scene_session, table
    from scene import Scene
    from game.engine.state import MOVE
    from game.ui.app import App
    from game.ui.settings import Settings
    from conftest import keys_for_tests
    sc = Scene(CARDS + """\
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
""", seats=2)
    place = sc.location((0, 0), under=["lackey"])
    hero = sc.char("hero", (0, 0), items=["ring"])
    sc.turn(MOVE)

    def make(size):
        app = App(size, Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
        keys_for_tests(app)
        return app
    t = table(scene_app(make, sc), scene_session(sc, ["human", "ai:random"]))
    assert t._facts(place.card)[0].startswith(
        "Face down under it: 1 Disaster (purple backs), 0 Items (silver backs).")
    assert "holds 1 Item." in t._facts(hero)[0]
    assert t.painter([]).goal() == ("All players: 1 of 1 Item. At 1, the most wins",
                                    "Disasters: 0 of 1 Item. At 1, they win")


def _goal(size, seats: int, carried: list[int], stored: int, face_down: int, total: int):
    """The log's head for a view of `seats` seats whose Characters carry `carried`."""
    from types import SimpleNamespace as NS
    from game.ui.table.layout import compute
    from game.ui.table.paint import Painter
    view = NS(items_total=total, seats=(None,) * seats,
              units=[NS(item_count=n, disaster=False, owner=k % seats)
                     for k, n in enumerate(carried)]
              + [NS(item_count=1, disaster=True, owner=-1)],  # the Disasters' Item
              places=[NS(kind="haven", owner=0, under_items=stored, buried_items=0),
                      NS(kind="location", owner=-1, under_items=face_down, buried_items=0)])
    lay = compute(size)
    return Painter(None, None, lay, NS(view=view), None, []).goal(), lay


def test_the_log_head_says_the_players_together_need_more_than_half():
    """'To win: hold more than 7 of the 14 Items.' read as one player's need: the
    players together need more than half, and then the one with the most wins; the
    Disasters win with more than half. Each line with its count."""
    (players, disasters), _ = _goal((1280, 720), 2, [2, 3], stored=1, face_down=5, total=14)
    assert players == "All players: 6 of 14 Items. At 8, the most wins"
    assert disasters == "Disasters: 3 of 14 Items. At 8, they win"  # carried, Discarded, Destroyed
    (players, _), _ = _goal((1280, 720), 1, [2], stored=0, face_down=4, total=7)
    assert players == "You: 2 of 7 Items. At 4, you win"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_log_head_fits_the_log_column(size):
    """Two lines drawn at 12 px in the column less 14 px (paint.log), the longest
    counts four decks make (28 Items), each whole."""
    import pygame
    from game.ui.table import ink
    pygame.font.init()
    lines, lay = _goal(size, 4, [9, 9, 9], stored=1, face_down=0, total=28)
    for words in lines:
        assert ink.font(lay.px(12)).size(words)[0] <= lay.log.w - lay.px(14), words


def test_the_fight_hint_says_where_the_fight_is():
    """Seventh newcomer audit: "click a glowing Disaster to fight it" was read as a
    Disaster in a glowing cell, and the click moved the group there. A fight is where
    the group stands (Combat with Disasters; R33)."""
    from game.engine import actions as A
    from game.ui.table.words import turn_hint
    said = turn_hint("move", [A.Move((1,), (0, 1)), A.Fight(7), A.Challenge(1, (0, 0)),
                              A.EndPhase()], False)
    assert "click a gold-outlined Disaster where your Characters stand to fight it" in said
    assert "another player's Character there to attack their group" in said
    assert "beside your Haven" not in said  # only where a Haven with Attack may start it
    said = turn_hint("move", [A.Challenge(1, (0, 0))], False, by_haven=True)
    assert said == ("Click another player's Character where yours stand (or beside your "
                    "Haven with Attack) to attack their group.")


def test_the_move_hint_with_every_way_fits_the_bar_whole():
    """Move, fight and attack another group all offered: the bar's two lines cut the
    hint ("…to attack their …", eighth newcomer audit), at 1920x1080 too."""
    import pygame
    from game.engine import actions as A
    from game.ui.table import ink
    from game.ui.table.layout import compute
    from game.ui.table.words import turn_hint
    from game.ui.fonts import wrap
    pygame.font.init()
    said = turn_hint("move", [A.Move((1,), (0, 1)), A.Fight(7), A.Challenge(1, (0, 0)),
                              A.EndPhase()], False)
    for size in ((1280, 720), (1920, 1080)):
        lay = compute(size)
        # The room Painter.bar keeps for the hint, at the least (buttons left out first).
        f = ink.font(lay.px(13))
        keep = max(lay.px(120), min(lay.bar.w // 2, f.size(said)[0] // 2 + lay.px(40)))
        assert len(wrap(said, f, keep - lay.px(10))) <= 2, (size, said)


def test_a_protected_character_nobody_attacks_is_said_plainly():
    """"hit Daigo: Attack 0 vs Defense 11, no Damage. Protecting: Vee 1 Damage.": a line
    with no subject, for a Character nobody attacked whose protector took its minimum
    (seventh newcomer audit)."""
    said = line(E.CombatHit(2, 1, "character", None, (), 0, 11, 0, 5, 5, 5, "ok",
                            (E.Guard(2, 1),), False))
    assert said == ("Nobody attacks Daigo. Protecting: Vee 1 Damage (a protector takes at "
                    "least 1 Damage each Combat round)."), said


def test_a_protector_s_minimum_is_named_as_the_rule_that_dealt_it():
    """"no Damage" then the protector's "1 Damage" read as a mistake: the minimum says so;
    a share that is half the Damage needs no word."""
    assert "(a protector takes at least 1 Damage" in line(
        E.CombatHit(1, 1, "character", "minor", (3,), 3, 6, 0, 5, 5, 5, "ok",
                    (E.Guard(2, 1),), False))
    assert "at least" not in line(E.CombatHit(1, 1, "character", "minor", (3,), 10, 6, 4, 5,
                                              1, 5, "ok", (E.Guard(2, 2),), False))


def test_damage_by_a_card_s_text_is_told_from_a_hit():
    """"Hex hits Daigo: ..., no Damage" then "Hex deals 1 Damage to Daigo": the 1 was the
    Disaster's own text (Tin Soldier Drone, when Defeated), not its hit."""
    said = event_text(E.Damaged(3, 1, 1, 4), lambda i: NAMES.get(i, f"<{i}>"),
                      "Player {}".format, in_combat=True)[0]
    assert said == "By its card text, Hex deals 1 Damage to Daigo"
    # Out of Combat it heals at once unless it Bonks or Kills (R24's "like a Combat round").
    assert line(E.Damaged(3, 1, 1, 4)).endswith("to Daigo, healed at once")
    assert not line(E.Damaged(3, 1, 4, 0)).endswith("healed at once")
    assert line(E.Damaged(None, 1, 1, 4)).startswith("By its card text, a face-down Item ")


def test_a_card_that_modifies_itself_is_named_once():
    """"Daigo: +1 Movement to Daigo" named him twice."""
    assert line(E.Modified(1, 1, ("+1 Movement",))) == "Daigo: +1 Movement"
    assert line(E.Modified(5, 1, ("+1 Movement",))) == "Lantern: +1 Movement to Daigo"


def test_pass_is_worded_for_what_it_passes():
    """"Pass (let it resolve)" is a Flash Effect's answer; dealing in set-up it passes
    the second Disaster, and nothing resolves."""
    from game.engine.flash import FlashWindow
    from game.engine.setup import Dealing
    from game.ui.table.words import action_text

    def said(deciding):
        return action_text(A.Pass(), lambda i: NAMES.get(i, f"<{i}>"), deciding=deciding)
    assert said(FlashWindow()) == "Pass (let it resolve)"
    assert said(Dealing(dealt=1)) == "Pass (deal no second Disaster)"


def test_damage_by_a_card_s_text_says_when_the_text_deals_it():
    """Tin Soldier Drone's 1 Damage came from its text, "when Defeated": said so."""
    from game.engine.cardfile import load_cards
    db = load_cards()
    drone = next(c for c in db.cards.values() if c.name == "Tin Soldier Drone")
    said = event_text(E.Damaged(3, 1, 1, 4), lambda i: NAMES.get(i, f"<{i}>"),
                      "Player {}".format, card_of=lambda i: drone if i == 3 else None,
                      in_combat=True)[0]
    assert said == "By its card text, Hex deals 1 Damage to Daigo as it is Defeated", said


def test_the_forecast_advises_attack_only_where_someone_may_choose_it():
    """Seventh audit, after the kept-out fix: with every Character left to declare kept
    to Stay out, the line still said "choose Attack to hurt it"."""
    from game.engine.physical import Forecast
    from game.ui.table.words import forecast_text
    f = Forecast(0, 5, 4)
    assert forecast_text(f, 0)[0][0] == "Nobody attacks it this round: choose Attack to hurt it"
    assert [w for w, _ in forecast_text(f, 0, choosing=False)] == ["Nobody attacks it this round"]


def test_a_hit_equipment_in_use_took_says_so():
    """Rules for Equipment: a piece in use with its own Defense takes an attack's Damage
    first. 'Hex hits Daigo: Attack 6 vs Defense 5, 1 Damage' while Daigo kept his
    Health read as a wrong log (a newcomer at the window): the Damage his Health did not
    lose went to the piece, and the line says so; a Vehicle's rider's 1 Damage too."""
    def hit(damage, before, after):
        return line(E.CombatHit(1, 1, "character", "major", (3,), 6, 5, damage, before, after,
                                5, "ok", (), False))
    assert hit(1, 3, 3) == ("Hex hits Daigo: Attack 6 vs Defense 5, 1 Damage, "
                            "taken by the Equipment in use.")
    assert hit(4, 3, 2).endswith("4 Damage, 3 of it taken by the Equipment in use.")
    assert hit(1, 3, 2) == "Hex hits Daigo: Attack 6 vs Defense 5, 1 Damage."
