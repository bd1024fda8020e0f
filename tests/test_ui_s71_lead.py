"""Rulebook, Combat Between Players: each Character attacks an opposing Character,
protects one of its own, or does nothing. The bar says "choose for each of your
Characters in the panel, then Fight! (or drag one onto its target)"; in s71's
playtest a drag of the second Character onto the one its button attacks said "can't
go there: nothing can be done with it now" (only the first to declare had a drop, and
that one was sent at once, past the plan). A drag plans as the panel's button does."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A

import test_ui_table
from test_ui_combat_panel import titled_duel
from test_ui_table import drag, scene_app, scene_session, table
from shots import table_shot

make_app = test_ui_table.make_app  # the fixture


def duel_table(make_app, size=(1280, 720)):
    sc, mine, foes = titled_duel()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    app.step([], 0.016)
    return s, app, t, mine, foes


def test_combat_between_players_a_drag_onto_a_foe_plans_the_attack_of_each(make_app):
    """Every one of the seat's three Characters, dragged onto a foe's token, is planned
    to attack it (the first to declare too: nothing is sent before Fight!, so Run Away
    is still offered); the note says it is planned."""
    s, app, t, mine, foes = duel_table(make_app)
    before = len(s.record.actions)
    for char, foe in zip(mine, (foes[1], foes[0], foes[1])):
        drag(app, t.unit_rects[char].center, t.unit_rects[foe].center)
        assert t.plan.get(char) == ("attack", foe), (char, t.plan, t.message)
        assert "planned" in t.message[0], t.message
    table_shot(t, "s71_dragplan")
    assert len(s.record.actions) == before, s.record.actions[before:]
    assert A.RunAway() in s.legal()


def test_combat_between_players_a_drag_onto_a_friend_plans_protecting_it(make_app):
    """Dragged onto one of the seat's own Characters, a Character is planned to protect
    it; let go on a token its panel offers nothing for (itself), nothing is planned."""
    s, app, t, mine, foes = duel_table(make_app)
    drag(app, t.unit_rects[mine[1]].center, t.unit_rects[mine[0]].center)
    assert t.plan.get(mine[1]) == ("protect", mine[0]), (t.plan, t.message)
    drag(app, t.unit_rects[mine[2]].center, t.unit_rects[mine[2]].move(2, 2).center)
    assert mine[2] not in t.plan


def test_the_drop_targets_are_the_panel_s_choices(make_app):
    """While one is held, the tokens it may be let go on are those its panel buttons
    name: the two foes and the two friends."""
    s, app, t, mine, foes = duel_table(make_app)
    targets = {k for k in t.drag_targets(("unit", mine[1])) if k[0] == "unit"}
    assert targets == {("unit", foes[0]), ("unit", foes[1]), ("unit", mine[0]),
                       ("unit", mine[2])}, targets


def test_a_panel_button_pointed_at_is_said_as_what_a_click_does(make_app):
    """Charm Combat (Combat between players): the pointer on "Mio tries to free Reiji"
    put "Mio Sprocket tries to free Commander Reiji Valen" alone in the bar, read as
    done already (s71's playtest). Each of the panel's buttons is said as a click's."""
    sc, mine, foes = titled_duel(charm=True)
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    app.step([], 0.016)
    buttons = [(r, k[1]) for r, k in t.hits if k[0] == "act" and not t.lay.bar.contains(r)]
    assert buttons, t.hits
    for r, a in buttons:
        app.step([test_ui_table.mouse(pygame.MOUSEMOTION, r.center, 0)], 0.016)
        assert t.hint() == f"A click here: {t.act_words(a)}.", (a, t.hint())


def test_equip_phase_what_may_still_be_played_is_said_by_kind():
    """Equip Phase: "You may play 1 Characters ... 1 piece of Equipment ... 1 Enhancement
    ... 1 Global Effect" a Turn. Asked before ending it with five playable cards, three
    of them Equipment, the table said "You can still play 5 cards" (s71's playtest):
    one of each kind is what may still be played, Flash Effects by count."""
    from types import SimpleNamespace
    from game.ui.table.words import still_playable
    kinds = dict(enumerate(["equipment", "equipment", "character", "flash_effect",
                            "equipment", "flash_effect", "global_effect"]))
    card_of = lambda c: SimpleNamespace(type=kinds[c])
    assert still_playable([0, 1, 4], card_of) == "a piece of Equipment"
    assert still_playable([0, 1, 2, 3, 4], card_of) == \
        "a Character, a piece of Equipment and a Flash Effect"
    assert still_playable(list(kinds), card_of) == \
        "a Character, a piece of Equipment, a Global Effect and 2 Flash Effects"


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080)])
def test_drop_tags_on_four_characters_in_the_haven_stand_apart(make_app, size):
    """Equipment carried from the hand over a Haven where four of the seat's Characters
    stand: each token's "Play, give" lay over the next one's and over the tokens
    (s71's playtest, 1280x720). Every tag is clear of every other; a token too narrow
    for "Play, give" is tagged "Give" (the bar says it whole)."""
    from scene import Scene
    from test_ui_s68_text import DROP_CARDS
    from test_ui_drop_haven import carry
    from game.engine.state import EQUIP
    sc = Scene(DROP_CARDS, seats=2)
    sc.location((0, 0), "valley")
    sc.haven((0, 1))
    sc.haven((1, 1), seat=1)
    four = [sc.char(c, (0, 1)) for c in ("heroine", "hero", "hero", "rookie")]
    sc.hand(0, "walker")
    sc.turn(EQUIP)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    t.app.step([], 0.016)
    card = next(iter(t.hand_rects))
    carry(t.app, t, t.hand_rects[card].center, t.unit_rects[four[0]].center)
    assert t.drag is not None
    _, _, _, targets, _ = t.drag
    over = t.drop_target(t.pointer, targets)
    tags = [(k, box) for k, _, box in t.drop_tags(targets, over, t.app.screen.get_rect())
            if k[0] == "unit"]
    assert {k[1] for k, _ in tags} == set(four), tags
    for n, (k, box) in enumerate(tags):
        assert box.collidelist([b for _, b in tags[n + 1:]]) < 0, (k, box, tags)
    table_shot(t, f"s71_tags_{size[0]}")


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080)])
def test_the_card_shown_large_fits_under_the_bar_whatever_its_facts(make_app, size):
    """A Character pointed at in the booth (1280x720) was shown large with 27 lines of
    what it is doing and its keywords: the box ran 60 px past the screen's foot, its last
    lines under the note there (s71's playtest). The words go in columns that fit."""
    from game.ui.table import popups
    app = make_app(size)
    px = lambda n: round(n * size[1] / 720)
    below = pygame.Rect(0, px(46), size[0], size[1] - px(46))
    card = app.faces.db.cards["mio-sprocket"]
    facts = tuple(f"Fact {k}: something this Character is doing now, said at length"
                  for k in range(24))
    pic, rect = popups.zoom(app.faces, card, (size[0] // 3, size[1] // 2), below, px, facts)
    assert below.contains(rect), (rect, below)
    plain, _ = popups.zoom(app.faces, card, (size[0] // 3, size[1] // 2), below, px, ())
    assert plain.get_width() < pic.get_width(), "the long words took a second column"
