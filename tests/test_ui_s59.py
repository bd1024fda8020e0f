"""The s59 stop's findings at the window."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import click, drop_scene, mouse, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def hold(app, src, dst) -> None:
    """Pick up what is at `src` and carry it over `dst`, not letting go."""
    mid = ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2)
    app.step([mouse(pygame.MOUSEMOTION, src, 0), mouse(pygame.MOUSEBUTTONDOWN, src),
              mouse(pygame.MOUSEMOTION, mid), mouse(pygame.MOUSEMOTION, dst)], 0.016)


def let_go(app, at) -> None:
    app.step([mouse(pygame.MOUSEBUTTONUP, at)], 0.016)


def test_a_card_held_over_what_refuses_it_says_why_before_the_drop(make_app):
    """Guideline 2.7 (Items and Equipment pass between Characters at the same Location)
    and Rules for Characters (one from the hand enters play in the Haven): held over
    something that refuses it, the bar says the rules' reason the drop would give; it
    went on with the phase's hint and the reason came only at the drop (s58's
    drag-and-drop playtest). Over a glowing target it says what letting go does, over
    a place where the rules give no reason the phase's hint stays, and letting go
    still sends nothing."""
    sc, she, pal, far, rookie = drop_scene()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc, (1280, 720))
    t = table(app, s)
    resting = t.hint()
    walker = sc.unit(she).equipment[0]
    before = len(s.record.actions)
    click(app, t.unit_rects[she].center)
    card = next(r for r, k in t.hits if k == ("card", walker))
    hold(app, card.center, t.unit_rects[far].center)  # another Location's Character
    assert t.drag is not None
    why = "Items and Equipment are transferred between Characters at the same Location"
    refused = f"Not here: {why}"  # while held; let go, "Can't do that" (s61)
    # A piece's reason in red under it, the bar what to do instead (s68): said once.
    assert t.held_over() == refused and why not in t.hint()
    hold_on = t.unit_rects[pal].center  # her companion: a target, what it does
    app.step([mouse(pygame.MOUSEMOTION, hold_on)], 0.016)
    assert t.hint() != refused and "Hero" in t.hint()
    app.step([mouse(pygame.MOUSEMOTION, t.lay.cells[(0, 0)].center)], 0.016)
    assert "Not here" not in t.hint()  # a Drop elsewhere: no rules' reason
    app.step([mouse(pygame.MOUSEMOTION, t.unit_rects[far].center)], 0.016)
    assert t.held_over() == refused
    let_go(app, t.unit_rects[far].center)
    assert t.message[0] == f"Can't do that: {why}" and len(s.record.actions) == before
    hold(app, t.hand_rects[rookie].center, t.unit_rects[pal].center)
    assert t.hint() == "Not here: Rookie is played into your Haven, not on a Character"
    let_go(app, t.unit_rects[pal].center)
    assert len(s.record.actions) == before and t.drag is None
    assert t.hint() == resting


def test_a_card_picked_up_follows_the_pointer_readable_and_goes_dark_where_it_lay(make_app):
    """A carried Walker dragged out of the inspector (Items and Equipment change hands
    by drag and drop): the copy following the pointer was as small as the inspector's
    thumb-wide face, and the face stayed bright where it lay, so the card read as not
    picked up (s58's drag-and-drop playtest). It follows at the drag's one size, and
    where it lay it is drawn dark until let go."""
    from game.ui.table.drag import DRAG_WIDTH
    sc, she, _, _, _ = drop_scene()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc, (1280, 720))
    t = table(app, s)
    walker = sc.unit(she).equipment[0]
    click(app, t.unit_rects[she].center)
    card = next(r for r, k in t.hits if k == ("card", walker))
    assert card.w < t.px(DRAG_WIDTH)  # the inspector's face, smaller than a drag's

    def brightness(rect) -> float:
        px = [app.screen.get_at((x, y)) for x in range(rect.left + 2, rect.right - 2, 3)
              for y in range(rect.top + 2, rect.bottom - 2, 3)]
        return sum(c.r + c.g + c.b for c in px) / len(px)

    lying = brightness(card)
    away = t.lay.cells[(0, 1)].center
    hold(app, card.center, away)
    app.step([], 0.016)
    assert t.drag is not None and t.drag[1].get_width() == t.px(DRAG_WIDTH)
    assert brightness(card) < 0.5 * lying
    app.step([mouse(pygame.MOUSEBUTTONUP, card.center)], 0.016)  # let go where it lay
    app.step([], 0.5)
    click(app, t.unit_rects[she].center)
    app.step([], 0.016)
    card = next(r for r, k in t.hits if k == ("card", walker))
    assert brightness(card) > 0.9 * lying


def test_the_wheel_zooms_about_the_cell_pointed_at_and_it_stays_under_the_pointer():
    """The wheel zooms about the pointer, then the view comes to rest with whole cells
    showing (camera.py): the nearest resting place moved the cell pointed at from under
    the pointer, three notches in to the next cell (s58's playtest). On a Field larger
    than the view, away from its edges (where the view may not scroll past them), the
    cell under the pointer is the same at rest, at every rung and size tried, where the
    pointer is over the window of whole cells; elsewhere the cell is in that window."""
    from game.ui.table.camera import Camera
    tried = 0
    for size in ((700, 480), (1000, 560), (1400, 800)):
        for steps in (1, 2, 3, -1, -2):
            for dx in range(-300, 301, 37):
                for dy in range(-200, 201, 41):
                    c = Camera()
                    c.view = pygame.Rect(230, 50, *size)
                    c.set_bounds([(x, y) for x in range(-9, 10) for y in range(-8, 8)])
                    c.rung = 4
                    c.look_at((0.0, 0.0))
                    c.snap()
                    at = (c.view.centerx + dx, c.view.centery + dy)
                    wx, wy = c.world(at)
                    if not c.seen().collidepoint(at) or not c.zoom(steps, at):
                        continue
                    c.snap()
                    assert all(field > view for field, view, _ in c._across(c.rung))
                    x, y = c.world(at)
                    if c.seen().collidepoint(at):
                        assert (round(x), round(y)) == (round(wx), round(wy)), (size, steps, at)
                    else:  # the pointer over the margin round the window: the cell in it
                        # (test_ui_s60: under the pointer there, it was out of sight)
                        assert c.seen().contains(c.rect((round(wx), round(wy)))), (size, steps, at)
                    tried += 1
    assert tried > 500


def test_the_wheel_zooms_out_over_the_margin_round_a_field_zoomed_in(make_app):
    """Zoomed in on a four-seat Field until a window of whole cells shows with an empty
    margin round it, the wheel over that margin did nothing: the Field could be zoomed
    out only from over a card (s58's playtest). It zooms anywhere over the Field's part
    of the window."""
    from test_ui_table import FOUR, laid
    s = laid(FOUR, 4)
    app = make_app((1280, 720))
    t = table(app, s)
    cam = t.camera
    middle = cam.area().center
    for _ in range(8):
        app.step([mouse(pygame.MOUSEMOTION, middle, 0),
                  pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.016)
    app.step([], 1.0)
    seen, area = t.seen(), cam.area()
    margin = next(((x, y) for x in range(area.left + 2, area.right - 2, 4)
                   for y in (area.top + 4, area.centery, area.bottom - 4)
                   if not seen.collidepoint((x, y))), None)
    assert margin is not None, (seen, area)
    rung = cam.rung
    app.step([mouse(pygame.MOUSEMOTION, margin, 0),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 0.016)
    assert cam.rung == rung - 1


def test_the_scavenging_hint_says_what_lies_under_and_what_stopping_leaves(make_app):
    """Scavenge Phase: after a Disaster is Defeated "you may stop Scavenging, or
    continue"; stopped, you "leave" the Location, and Scavenging is begun once a Turn;
    "After all Disasters have been dealt with, you may retrieve any Items and
    Equipment". The hint said "Turn over the next, or stop" with no word of what lay
    under the Disasters or what stopping leaves, and "Retrieve the Items" named no
    face-up Equipment (s58's playtest). Items are counted face down, Equipment named."""
    from game.engine import actions as A
    from test_rules_scavenging import at
    sc, _ = at("plain", "woman", under=["gloom", "gloom", "idol", "cutlass", "idol"])
    sc.do(A.Scavenge((0, 0)))  # a Female Defeats the first Gloom (R29)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    cutlass = next(e for e in t.board.places[(0, 0)].under_equipment)
    assert t.hint() == ("Scavenging: 1 Disaster still face down here, over 2 Items face "
                        f"down and {t.name(cutlass)}. Turn over the next, or stop and leave "
                        "it all here till a later Turn.")
    sc, (woman,) = at("plain", "woman", under=["idol", "cutlass"])
    sc.do(A.Scavenge((0, 0)))  # no Disaster: the way is clear
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    cutlass = next(e for e in t.board.places[(0, 0)].under_equipment)
    assert t.hint() == ("Scavenging: the way is clear. Retrieve from the top: an Item face "
                        f"down first, then {t.name(cutlass)}.")  # which first: test_ui_s60
    sc.do(A.Retrieve(woman))
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    assert t.hint() == ("Scavenging: the way is clear. Retrieve "
                        f"{t.name(cutlass)} with a Character here.")


def test_the_log_says_what_an_endured_disaster_does_and_to_whom(make_app):
    """Rules for Disasters: a non-Combat Disaster the group does not Defeat is endured,
    its modifiers on the group for its Turns. The log said only "Player 1 must endure
    Gloom", and the card lay Off Field with no word of what it does (s58's playtest)."""
    from game.engine import actions as A
    from game.engine.state import SCAVENGE
    from scene import Scene
    from test_rules_audit_s48b import CARDS
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gloom", "idol"])
    sc.location((1, 0))
    hero, ace = sc.char("hero", (0, 0)), sc.char("ace", (0, 0))
    sc.turn(SCAVENGE)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    assert t.send(A.Scavenge((0, 0)))
    t.app.step([], 2.0)
    said = [w for w, _ in t.log_lines if "must endure" in w]
    assert said == ["Player 1 must endure Gloom: -1 Attack to Hero (P1) and Ace (P1) for "
                    "1 P1 turn"], t.log_lines
    assert {hero, ace} == {u.card for u in t.board.view.units}
