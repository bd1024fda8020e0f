"""What a newcomer at the window (helper s32w) reported: a Bonked Character's plate and
its seat's panel said two different things; the fight forecast's red line read as the
round's result; the hand's cut cards said nothing of how to see or play them; a Flash
Effect to answer said nothing of what it does or what answers it; a twin's number and
its Items' count read as one number; the hand's lit tabs crossed out its caption."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.ui.table.anims import Fallen
from game.ui.table.words import back_when, turns_out

import test_ui_table
from test_ui_combat_forecast import fight, fight_until, opened
from test_ui_watching import normal_speed

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

CARDS_TWINS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: hex, name: General Obsidian Hex, type: disaster, class: major,
   abilities: {attack: 4, defense: 3, movement: 1, charm: 0}}
- {id: ring, name: Ring, type: item}
"""


def test_the_bonked_plate_says_when_back_as_the_panel_and_the_rule(make_app, monkeypatch):
    """Basic Terms, Bonk: "removed from play for 1 complete Turn. After ... out of play
    for 1 Turn, it may be placed back in your hand during your Reload phase" (R9). The
    plate over the Bonked said "out for a turn / then back to your hand" (read: back
    next turn) while the seat's panel said "back in 2 turns". The plate now says when
    as the panel does, and the engine brings the Character back at the Reload it names."""
    sc, chars, _ = fight()
    daigo = chars["daigo"]  # the Salaryman's target: 5 Attack against his Defense 2
    s, t = opened(make_app, sc)
    normal_speed(t.app, t)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for c in chars.values():
        test_ui_table.click(t.app, slots["plan", c, "none"].center)
    fight_until(t, s, len(s.log), lambda e: isinstance(e, E.Bonked) and e.card == daigo)
    for _ in range(300):
        plate = next((m for m in t.animator.marks if isinstance(m, Fallen)), None)
        if plate is not None:
            break
        t.app.step([], 1 / 30)
    v = t.board.view
    back = dict(v.seats[0].set_aside)[daigo]
    when = back_when(turns_out(v, 0, back))
    assert plate.fallen == [("bonked", "your", when)]
    assert plate.words[:2] == ["Bonked: back in your hand", when]
    # The rule, as the engine plays it: back at the Reload of the turn named.
    turns = {"next turn": 1, "the turn after next": 2}[when]
    began = v.seats[0].turns
    while not any(isinstance(e, E.CharacterReturned) for e in s.log):
        legal = s.legal()  # ending each phase, staying out of any fight
        s.act(next((a for a in legal if isinstance(a, A.EndPhase) or
                     isinstance(a, A.Engage) and a.role == "none"), legal[0]))
    assert s.view().seats[0].turns - began == turns


def test_the_disaster_s_attack_forecast_says_it_is_before_combat_cards(make_app, monkeypatch):
    """Physical Combat: a Combat card is drawn for the Disaster and for its target, and
    may change a total. The red line under the group's forecast ("At the same time it
    attacks Daigo: 5 against Defense 2 — 3 Damage, Bonks Daigo") said nothing of that
    (only the group's line did, in small type), and a newcomer read it as the result,
    then a Combat card changed it. Both lines now say "before Combat cards", at 1280x720
    and 1920x1080."""
    from test_ui_combat_forecast import combat_panel
    from test_ui_combat_panel import painted
    for size in ((1280, 720), (1920, 1080)):
        sc, chars, _ = fight()
        s, t = opened(make_app, sc, size)
        said, _ = painted(monkeypatch, t, combat_panel(t))
        k = next(k for k, w in enumerate(said) if w.startswith(("At the same time", "It attacks")))
        assert "Bonks Daigo" in said[k] and said[k + 1] == " · before Combat cards", said
        monkeypatch.undo()


def test_a_forecast_too_long_for_its_line_keeps_what_it_hangs_on(make_app, monkeypatch):
    """Where no wording of a forecast fits its line, the words were cut with an ellipsis
    and "· before Combat cards" went first: the line read as the result. The words are
    now cut and what they hang on kept whole."""
    import pygame
    from game.ui.table import forecast
    from test_ui_combat_panel import painted
    sc, _, _ = fight()
    s, t = opened(make_app, sc)
    rect = pygame.Rect(0, 0, t.painter([]).px(340), 20)
    variants = [("Attacking: 14 against Defense 3 — 11 Damage, Defeats it", " · before Combat cards")]
    said, _ = painted(monkeypatch, t, lambda p, surf: forecast._say(p, surf, rect, variants,
                                                                    (255, 255, 255)))
    assert said[0].endswith("…") and said[1] == " · before Combat cards", said


def test_the_hand_s_caption_says_how_to_see_and_play_its_cards(make_app):
    """At 1280x720 the hand shows the top of each card, the rest below the window's
    edge: a newcomer saw a strip of cut names ("Hornet-Class Battle W…") under "Your
    hand" and did not know a card pointed at rises whole, nor that a click or a drag
    plays it. The caption now says so while the person's hand holds cards, and what it
    says is so: the card pointed at rises whole into the window."""
    import pygame
    from test_ui_table import STANDARD, mouse, session, until
    s = session(STANDARD, ["human", "ai:random"])
    until(s, lambda s: s.view().phase == "equip" and s.view().seats[0].hand_size >= 6)
    t = test_ui_table.table(make_app((1280, 720)), s)
    rects = t.painter([]).hand_rects()
    assert rects and all(r.bottom > 720 for r in rects)  # cut by the window's edge
    words = t.hand_caption()
    assert words.startswith("Your hand") and "point at a card" in words and "drag" in words
    card = t.painter([]).hand_cards()[2]
    r = rects[2]
    t.app.step([mouse(pygame.MOUSEMOTION, (r.centerx, r.y + 12), 0)], 0.05)
    t.app.step([], 0.05)
    assert t.raised is not None and t.raised[0] == card
    assert t.raised[1].h == r.h and t.raised[1].bottom <= 720


def flash_scene(make_app, *hand: str):
    """Player 2, on turn, plays Zap (+1 Attack) on Star; Player 1, a person holding
    `hand`, is asked to answer it."""
    from scene import Scene
    from game.engine.state import MOVE
    from test_rules_timing import CARDS
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.char("hero", (0, 0))
    star = sc.char("star", (0, 0), seat=1)
    held = sc.hand(0, *hand)
    zap, = sc.hand(1, "zap")
    sc.turn(MOVE, seat=1)
    sc.do(A.PlayCard(zap, star))
    s = scene_session(sc, ["human", "ai:random"])
    return s, table(scene_app(make_app, sc), s), held


def test_a_flash_effect_to_answer_says_what_it_does_and_what_answers_it(make_app):
    """Rules for Flash Effects: they are played any time, and a player may answer one
    played. The bar said "Player 2 played the Flash Effect Zap on Star (P2): respond
    with one of yours, or Pass": nothing of what Zap does (a newcomer could not weigh
    an answer), nor which of theirs answer. It now says what the card does, from its
    data, and that the glowing cards answer; and the answer is played as said."""
    s, t, (mine, ring) = flash_scene(make_app, "zap", "ring")
    assert s.to_act == 0 and any(isinstance(a, A.PlayCard) for a in s.legal())
    words = t.hint()
    assert words.startswith("Player 2 played the Flash Effect Zap on Star (P2), +1 Attack"), words
    assert words.endswith(": answer with a glowing card of yours, or Pass."), words
    # The card that glows (a click or a drag plays it) is the answer; the Ring is not.
    assert t.board.click.get(("card", mine)) and not t.board.click.get(("card", ring))
    test_ui_table.click(t.app, t.painter([]).hand_rects()[0].center)
    test_ui_table.click(t.app, t.unit_rects[next(u.card for u in s.view().units
                                                  if u.owner == 0)].center)
    assert any(isinstance(a, A.PlayCard) and a.card == mine for a in s.record.actions)


def test_a_flash_effect_nothing_answers_says_pass(make_app):
    """With nothing in hand that may answer (Rules for Flash Effects: only a Flash
    Effect, or a use "as fast", guideline 3.1), the bar still said "respond with one of
    yours": a newcomer looked for one. It now says nothing of theirs answers it."""
    s, t, _ = flash_scene(make_app, "ring")
    assert s.legal() == [A.Pass()]
    assert t.hint().endswith(": nothing of yours answers it, Pass to let it resolve."), t.hint()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_twin_s_number_is_not_read_with_its_items_count(make_app, monkeypatch, size):
    """Two Disasters of one name are told apart by a number on the token ("#2"), and a
    count of the Items one carries sits at the token's top right. On the smaller tiles
    (a Field of 16 Locations at 1280x720) the two met: "#2" beside "1" read "#21", and
    a newcomer took the Hex carrying one Item for a 21st. The number now goes under its
    mark where the count leaves no room beside it: the two never touch."""
    from scene import Scene
    from game.engine.state import MOVE
    from test_ui_table import scene_app, scene_session, table
    from test_ui_twins import tokens_drawn
    sc = Scene(CARDS_TWINS, seats=2)
    for x in range(4):
        for y in range(4):
            sc.location((x, y))
    sc.haven((0, 4))
    sc.char("hero", (0, 4))
    hexes = [sc.disaster("hex", (1, 1), items=items) for items in (["ring"], ["ring", "ring"])]
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    t.app.step([], 0.05)  # the whole Field in view, at the smallest tiles it allows
    words, surf = tokens_drawn(monkeypatch, t)
    for unit in hexes:
        box = t.unit_rects[unit]
        drawn = {words[id(src)]: rect for src, rect in surf.drawn
                 if id(src) in words and box.colliderect(rect)}
        number = next(r for w, r in drawn.items() if w.startswith("#"))
        count = drawn[str(len(sc.unit(unit).items))]
        assert not number.inflate(4, 0).colliderect(count), (size, box.size, number, count)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_the_lit_tabs_over_the_hand_leave_its_caption_readable(make_app, monkeypatch, size):
    """A card of the hand that may be played has a lit tab above it (a fanned card
    is tilted: no outline). The tabs lay on the lower half of the caption's letters,
    which, with the caption saying how to play a card, ran under them: "· point at a
    card to see it whole" was crossed out in green. The tabs and the caption's ink
    do not meet."""
    import pygame
    from game.ui.table import ink
    from test_ui_table import STANDARD, session, until
    s = session(STANDARD, ["human", "ai:random"])
    until(s, lambda s: s.view().phase == "equip" and s.view().seats[0].hand_size >= 6)
    t = test_ui_table.table(make_app(size), s)
    r = t.lay.hand
    words = ink.fit(t.hand_caption(), t.px(13), r.w - t.px(16), ink.DIM)
    box = words.get_bounding_rect().move(r.x + t.px(8), r.y + t.px(2))
    widths = {rect.w // 2 for rect in t.hand_rects.values()}
    tabs: list = []
    real = pygame.draw.rect
    monkeypatch.setattr(pygame.draw, "rect", lambda surf, colour, rect, *a, **k: (
        tabs.append(pygame.Rect(rect)) if pygame.Rect(rect).w in widths else None)
        or real(surf, colour, rect, *a, **k))
    t._draw_highlights(pygame.Surface(t.size))
    assert tabs
    assert not [tab for tab in tabs if tab.colliderect(box)], (box, tabs)
