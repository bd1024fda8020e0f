"""What the window's last stop left (helper s37w): a full hand's names, a Flash Effect's
hand-offs in a hot-seat Combat, the guided game's leaving, a drag cut short by L, and the
text caches' budgets (headless scenes at 1280x720 and 1920x1080)."""
from __future__ import annotations

import pygame
import pytest

import test_ui_table
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

# Seven cards whose names outrun the part of a card the next one leaves showing.
LONG_NAMES = """\
- {id: upgrade, name: Cybernetic Upgrade, type: equipment}
- {id: gyro, name: Dragonfly Gyrocopter, type: equipment}
- {id: scooter, name: Putt-Putt Delivery Scooter, type: equipment}
- {id: scream, name: Limit Break Scream, type: flash_effect}
- {id: cannon, name: Heavy Ion Cannon, type: equipment}
- {id: dinghy, name: Starhopper Dinghy, type: equipment}
- {id: montage, name: Training Montage Deluxe, type: enhancement}
"""
HAND = ("upgrade", "gyro", "scooter", "scream", "cannon", "dinghy", "montage")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_full_hand_s_names_read_whole_where_the_cards_overlap(make_app, monkeypatch,
                                                               size, seats):
    """Seven cards in hand overlap, each showing only its left part: their titles, set
    for the whole card, read "Cybernetic Upgr", "Dragonfly Gyroc" (s36w; a player had to
    point at each to know it). Each card's name is now written whole within the part
    left showing, before the next card: its first line right of its type's disc (a
    sixth of the card), the others under it (s64), in up to three lines."""
    from scene import Scene
    from game.engine.state import MOVE
    from game.ui import fonts
    sc = Scene(LONG_NAMES, seats=seats)
    sc.location((0, 0))
    sc.haven((1, 0))
    sc.hand(0, *HAND)
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"] * seats))
    written: list[tuple[str, int]] = []
    real = fonts.TextFont.render
    monkeypatch.setattr(fonts.TextFont, "render", lambda f, text, *a: written.append(
        (text, f.size(text)[0])) or real(f, text, *a))
    for _ in range(3):  # painted, then its fanned faces made (FaceCache.work)
        p = t.painter([])
        p.hand(pygame.Surface(t.size), "")
        t.app.faces.work(60_000)
    cards, rects = p.hand_cards(), p.hand_rects()
    assert len(cards) == 7
    def joined(lines: list[str]) -> str:  # a line ending in a hyphen broke a word there
        return "".join(w if w.endswith("-") else w + " " for w in lines).strip()

    for k, i in enumerate(cards[:-1]):
        name = sc.db[t.board.card_id(i)].name
        shown = rects[k + 1].x - rects[k].x
        room = shown - rects[k].w // 6
        runs = [written[j:j + n] for j in range(len(written)) for n in (1, 2, 3)]
        assert any(joined([w for w, _ in run]) == name and run[0][1] <= room
                   and all(width <= shown and not w.endswith("…") for w, width in run)
                   for run in runs), (name, room, [w for w in written if w[0] in name])
    t.app.quit()



def zapped_at_four(answering: tuple[int, ...], empty: tuple[int, ...] = ()):
    """A four-seat hot-seat game: seat 0 attacks seat 1's Hero (Combat between players,
    Charm Combat first, R33) and plays the Flash Effect Zap on its own Hero. Every seat
    has a Hero and a Star in hand (a hand the next person may not see), but those in
    `empty`, whose hand is empty; those in `answering` hold a Zap too, to answer with."""
    from scene import Scene
    from test_rules_timing import CARDS
    from game.engine.state import MOVE
    sc = Scene(CARDS, seats=4)
    sc.location((0, 0))
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0))
    sc.char("hero", (0, 0), seat=1)
    for seat in (2, 3):
        sc.char("hero", (1, 0), seat=seat)
    zap, _ = sc.hand(0, "zap", "star")
    for seat in (1, 2, 3):
        sc.hand(seat, *["star"] * (seat not in empty), *["zap"] * (seat in answering))
    sc.turn(MOVE)
    return sc, hero, zap


@pytest.mark.parametrize("answering, empty", [((), ()), ((2,), ()), ((1, 3), (2,))])
def test_rules_for_flash_effects_a_seat_is_handed_the_screen_unless_all_see_it_cannot_answer(
        answering, empty):
    """Rules for Flash Effects: one played is answered by the other players in turn
    (the engine asks each, flash.FlashWindow) before it resolves. In a four-seat hot-seat
    Combat one Flash Effect brought four hand-offs (s36w): each other person was called
    to the screen, behind the curtain, to find nothing of theirs answered it and Pass,
    then the first again. Only a person every seat sees has no answer (an empty hand,
    no fast use) passes without the screen (the log still says so); passing for those
    whose hand held nothing that may answer told the others what it held (s37p): every
    other person is handed the screen behind the curtain, whatever their hand holds."""
    from game.engine import actions as A
    from game.engine.events import Passed
    from game.engine.flash import FlashWindow
    sc, hero, zap = zapped_at_four(answering, empty)
    s = scene_session(sc, ["human"] * 4)
    s.take_seat()
    s.act(A.Challenge(1, (0, 0)))
    assert s.to_act == 0 and sc.st.duel.stage == "charm"
    s.act(A.PlayCard(zap, hero))
    handed = []
    while isinstance(s.state.top, FlashWindow):
        if s.handoff() is not None:
            handed.append(s.handoff())
            s.take_seat()
        s.act(A.Pass())  # the person called passes: Zap would be an answer, not the point
    if s.handoff() is not None:
        handed.append(s.handoff())
    assert handed == [seat for seat in (1, 2, 3) if seat not in empty] + [0], handed
    assert [e.seat for e in s.log if isinstance(e, Passed)] == [1, 2, 3]


@pytest.fixture
def guide_app(quiet_app):
    quiet_app.to_menu()  # as test_booth_s36g's app
    return quiet_app


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_leaving_the_lesson_is_said_as_news_not_as_an_error(guide_app, size):
    """The player's view (s36w): "You left the lesson. To start it again: Guided first
    game on the title." came in the red box the table says refusals in, as if leaving
    had failed. It is news: said in the panels' colours, the red kept for refusals (the
    L key pressed again once left says it alike)."""
    from test_booth_s36g import SCAVENGE, guided_to, leave, press
    from game.ui.guide import AGAIN
    guide_app.resize(size)
    player = guided_to(guide_app, SCAVENGE)
    leave(guide_app, player)
    for again in (False, True):
        if again:
            press(player, pygame.K_l)
        t = guide_app.top
        assert t.message[0] == AGAIN
        box = t.message_rect
        fill = guide_app.screen.get_at((box.x + box.w // 2, box.bottom - t.px(3)))[:3]
        assert fill != (90, 20, 24), fill
        t.say("Can't do that: a refusal")
        player.step()
        assert guide_app.screen.get_at((t.message_rect.centerx,
                                        t.message_rect.bottom - t.px(3)))[:3] == (90, 20, 24)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_left_in_a_combat_the_field_fills_the_view_when_it_ends(guide_app, size):
    """The player's view (s36w, 1920x1080): the lesson left during a Combat, the Field
    came back after it a size small, an empty band over it: the view kept as the Combat's
    panel came was fitted under the guide's words, and was gone back to. A fitted view
    whose fit changed meanwhile is fitted again: the Field fills the view as a fit does."""
    import copy
    from test_booth_s36g import guided_to, leave
    guide_app.resize(size)
    player = guided_to(guide_app, 60)
    t = guide_app.top
    cam = t.camera
    assert cam.cover is not None  # the guided Combat's panel
    leave(guide_app, player)
    for _ in range(100):
        if cam.cover is None:
            break
        player.act(guide_app.top) if player.ready(guide_app.top) else player.step()
    assert cam.cover is None and cam.fitted
    fitted = copy.copy(cam)
    fitted.fit()
    assert cam.rung == fitted.rung
    top = min(r.top for r in t.lay.cells.values()) - t.lay.field.top
    assert top < cam.pitch[1] // 10, top


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("answer", ["stay", "leave"])
def test_l_pressed_while_dragging_a_card_lets_the_card_go_back_to_the_hand(
        guide_app, size, answer):
    """The player's view: in the guided game's Play a card step, a card dragged out of
    the hand and L (Leave the lesson) pressed before the drop. The question came over the
    table and took the button's release: stayed in the lesson, the card was still on the
    pointer, dropped wherever the next click fell; left, the click on "Play on freely"
    dropped it on the Field, "can't go there" said. The card goes back to the hand as
    the question comes; nothing is sent, no drop's words said."""
    from test_booth_s36g import guided_to, press
    from test_ui_table import mouse
    from game.engine import actions as A
    guide_app.resize(size)
    player = guided_to(guide_app, 27)
    s, t = guide_app.session, guide_app.top
    card = s.guide.scripted(s.state).card  # Play a card: drag it onto its target
    src, mid = t.hand_rects[card].midtop, t.lay.field.center
    src = (src[0], src[1] + t.px(10))
    guide_app.step([mouse(pygame.MOUSEMOTION, src, 0), mouse(pygame.MOUSEBUTTONDOWN, src),
                    mouse(pygame.MOUSEMOTION, mid), mouse(pygame.MOUSEMOTION, mid)], 0.016)
    assert t.drag is not None
    sent, said = len(s.record.actions), t.message[0]
    press(player, pygame.K_l)
    question = guide_app.top
    if answer == "leave":
        player.press(question.leave)
    else:
        player.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0)])
    player.step()
    assert guide_app.top is t and t.drag is None
    from game.ui.guide import AGAIN
    said = AGAIN if answer == "leave" else said  # where the lesson is found again, only
    assert t.message[0] == said
    guide_app.step([mouse(pygame.MOUSEMOTION, (mid[0] + 40, mid[1]))], 0.016)
    guide_app.step([mouse(pygame.MOUSEBUTTONUP, (mid[0] + 40, mid[1]))], 0.016)
    assert t.drag is None and len(s.record.actions) == sent
    assert card in s.state.seats[0].hand and t.message[0] == said
    assert not any(isinstance(a, A.PlayCard) for a in s.record.actions[sent:])


def _edged(i: int) -> pygame.Surface:
    from game.ui.table import ink
    return ink.edged(f"+{i} Attack to Akiko Sakuragawa", 40, ink.GOLD)


def _slanted(i: int) -> pygame.Surface:
    from game.ui.table import ink
    return ink.slanted(f"Sergeant Daigo Hatakeyama {i}", 30, 400, 30.0)


def _words(i: int) -> pygame.Surface:
    from game.ui import widgets
    return widgets._render(f"Player {i} wins with 7 Items of 13", widgets.font("#heading", 1.5),
                           (255, 255, 255, 255))


def bytes_held(draw, count: int, clear) -> int:
    """The bytes a surface cache still holds after `count` new pictures drawn, the one
    drawn first (-1) asked again after each: it must be the same surface every time.
    The cache is cleared (`clear`) before and after."""
    import gc
    import weakref
    clear()
    hot = draw(-1)
    alive = {id(hot): weakref.ref(hot)}
    for i in range(count):
        pic = draw(i)
        alive[id(pic)] = weakref.ref(pic)
        assert draw(-1) is hot
    del pic
    gc.collect()
    held = [s for s in (r() for r in alive.values()) if s is not None]
    kept = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in held)
    clear()
    return kept


# docs/window.md, the booth's memory: the bytes each keeps at the most.
@pytest.mark.parametrize("draw, cache, budget", [
    (_edged, "game.ui.table.ink:edged", 8 * 2 ** 20),
    (_slanted, "game.ui.table.ink:slanted", 4 * 2 ** 20),
    (_words, "game.ui.widgets:_render", 32 * 2 ** 20),
])
def test_booth_memory_edged_slanted_and_menu_words_are_kept_within_a_budget(draw, cache,
                                                                           budget):
    """A booth runs a day alone (docs/window.md, the booth's memory). The edged words
    rising over cards, a Protect grid's slanted names and the menus' words were kept by
    count (256, 512 and 1024 of them, some 100 to 350 KB each at these sizes), each
    game bringing new ones (its Characters, its scores): held, they could pass 100 MB.
    Each is now kept within a budget of bytes, the least recently used dropped first, as
    ink.label's lines are; the one asked for every frame is kept."""
    import importlib
    pygame.font.init()
    module, name = cache.split(":")
    kept = bytes_held(draw, 1100, getattr(importlib.import_module(module), name).cache_clear)
    assert budget // 2 < kept <= budget, f"{kept / 2 ** 20:.1f} MB held"
