"""s62's playtest left two things a person at the window had to point at to read: a
fanned hand's names, cut by the next card, and the Combat panel's Combat cards, too
small to make out. Scenes built directly, at the sizes the game is played at."""
from __future__ import annotations

import pygame
import pytest

from game.engine.state import MOVE
from game.engine.turns import HAND_SIZE
from game.ui import cardface, faces, fonts

import test_ui_table
from scene import Scene
from test_card_texts import real_cards
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

SIZES = [(1280, 720), (1024, 600), (1366, 768)]
# The shipped Power cards with the longest names.
LONG = ("hornet-battle-walker", "putt-putt-scooter", "morning-radio-calisthenics",
        "blessing-of-the-pale-moon", "inner-spirit-awakening", "cat-ear-radar",
        "bundle-of-paper-wards", "cherry-blossom-flurry", "summer-festival-night",
        "dragonfly-gyrocopter")
# The Reload fills a hand to HAND_SIZE (7); no rule caps it: a card drawn in the Turn
# (Supply Drop, an Encrypted Data Chip, Princess Pawlina) takes it past that.
HANDS = (HAND_SIZE, 8, 10)
LEAST = 10  # the name's type at the least (fonts' sizes; 9 is the smallest legible)


def hand_table(make_app, size, n: int):
    sc = Scene(real_cards(*LONG), seats=2)
    sc.location((0, 0))
    sc.haven((1, 0))
    sc.hand(0, *LONG[:n])
    sc.turn(MOVE)
    return sc, table(scene_app(make_app, sc, size), scene_session(sc, ["human", "human"]))


def hand_words(monkeypatch, make_app, size, n):
    """hand_table's scene and table, and the words the painting then writes on the hand's
    covered cards (faces.hand_face), each with its type's size."""
    written: list[tuple[str, int]] = []
    fanning = []
    real, real_face = fonts.TextFont.render, faces.hand_face
    monkeypatch.setattr(fonts.TextFont, "render", lambda f, text, *a: (
        fanning and written.append((text, f.size_arg))) or real(f, text, *a))
    monkeypatch.setattr(faces, "hand_face", lambda *a: (
        fanning.append(1), real_face(*a), fanning.clear())[1])
    sc, t = hand_table(make_app, size, n)
    return sc, t, written


def painted_hand(t):
    """The hand painted as the table paints it, its fanned faces made (FaceCache.work)."""
    for _ in range(3):
        p = t.painter([])
        p.hand(pygame.Surface(t.size), "")
        t.app.faces.work(60_000)
    return p


@pytest.mark.parametrize("n", HANDS)
@pytest.mark.parametrize("size", SIZES)
def test_every_covered_hand_card_s_name_is_written_whole(make_app, monkeypatch, size, n):
    """Each card the next one covers has its name written whole on it, no word cut: in a
    hand of up to 8, in the type of the title's one line, and no smaller than LEAST in
    one of 10. Fitted to one or two lines, they came in type down to the smallest
    legible (a 7 card hand at 1024x600 and 1280x720), and cut from 8 cards at
    1024x600, from 10 at all three sizes ("Hornet-Cl…", "Morning R…"): a player
    pointed at each to read it."""
    sc, t, written = hand_words(monkeypatch, make_app, size, n)
    p = painted_hand(t)
    cards = p.hand_cards()
    assert len(cards) == n
    # A full hand and one card over it: the type of the title's one line (_Face.title).
    least = round(cardface.title_height(p.hand_rects()[0].w) * 0.9) if n <= 8 else LEAST
    for i in cards[:-1]:
        name = sc.db[t.board.card_id(i)].name
        lines = [(w, size_) for w, size_ in written if not w.endswith("…") and size_ >= least]
        found = any("".join(w + ("" if w.endswith("-") else " ") for w, _ in lines[j:j + k])
                    .strip() == name for j in range(len(lines)) for k in (1, 2, 3))
        assert found, (name, [w for w in written if w[0] and w[0][0] in name])
    t.app.quit()


def line_boxes(rect: pygame.Rect, angle: float, boxes: list[pygame.Rect]) -> tuple:
    """Where `boxes` (on a card, from its top-left) are drawn on the screen, the card
    `rect` turned `angle`: a mask and its place."""
    on_card = pygame.Surface(rect.size, pygame.SRCALPHA)
    for b in boxes:
        on_card.fill((255, 255, 255, 255), b)
    turned = pygame.transform.rotate(on_card, angle)
    return pygame.mask.from_surface(turned), turned.get_rect(center=rect.center)


@pytest.mark.parametrize("n", HANDS)
@pytest.mark.parametrize("size", SIZES)
def test_no_hand_card_s_name_lies_under_the_next_card(make_app, monkeypatch, size, n):
    """The name's lines are fitted to what the next card leaves showing as drawn, both
    turned: fitted to the upright rects' difference, their last letters ran a few px
    under it ("Awakenin", "Scoote")."""
    made: dict[str, list[pygame.Rect]] = {}
    real = cardface.hand_name
    monkeypatch.setattr(cardface, "hand_name", lambda name, *a: made.setdefault(
        name, [b for _, b in real(name, *a)[1]]) and real(name, *a))
    sc, t = hand_table(make_app, size, n)
    p = painted_hand(t)
    cards, rects = p.hand_cards(), p.hand_rects()
    solid = [pygame.Surface(r.size, pygame.SRCALPHA) for r in rects]
    for s in solid:
        s.fill((255, 255, 255, 255))
    for k, i in enumerate(cards[:-1]):
        name = sc.db[t.board.card_id(i)].name
        assert name in made, name
        mine, at = line_boxes(rects[k], p.tilts[i], made[name])
        nxt = pygame.transform.rotate(solid[k + 1], p.tilts[cards[k + 1]])
        over = nxt.get_rect(center=rects[k + 1].center)
        covered = mine.overlap_area(pygame.mask.from_surface(nxt), (over.x - at.x, over.y - at.y))
        assert covered == 0, (name, covered)
    t.app.quit()


# Combat cards with the longest names of the shipped ones.
COMBAT = ("heroic-monologue", "blushing-retreat", "sand-in-the-eyes", "counter-stance",
          "dramatic-pose", "cold-shoulder")


def combat_table(make_app, size):
    """Three Characters in their second round against a Wall (Defense 30, from
    test_rules_combat): four Combat cards drawn, two a round (the Wall's and its
    target's), the third round's target named."""
    from game.engine import actions as A
    from game.engine import events as E
    from game.engine.save import Record
    from game.ui.session import Session, SessionConfig
    from conftest import replay_keys
    from test_rules_combat import CARDS
    sc = Scene(CARDS + real_cards(*COMBAT), seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    heroes = [sc.char(c, (0, 0)) for c in ("hero", "akane", "ryoko")]
    wall = sc.disaster("wall", (0, 0), seat=1, brought_by=1)
    sc.combat_pile(0, *COMBAT)
    for seat in (0, 1):
        sc.hand(seat, "ring")
    sc.turn(MOVE)
    log = sc.do(A.Fight(wall), *[A.Declare(h, "attack") for h in heroes])
    log += sc.do(*[A.Declare(h, "attack") for h in heroes])
    s = Session(SessionConfig("", ["human", "human"], seed=0), Record(sc.game, 0),
                threaded=False, keys=replay_keys(2, 0), replayed=(sc.st, list(log)))
    s.take_seat()
    drawn = [e.card for e in log if isinstance(e, E.CombatCard)]
    return sc, table(scene_app(make_app, sc, size), s), drawn


@pytest.mark.parametrize("size", SIZES)
def test_the_combat_panel_s_combat_cards_read_at_a_glance(make_app, monkeypatch, size):
    """The Combat cards drawn show in the panel, the last round's two at least (three
    where there is room), each with its name whole in the panel's type, within the
    words' column and clear of everything else the panel shows. As thumbnails of
    whole faces, 53 to 75 px wide, their names were in the smallest legible type, cut
    ("Sand in the E…"), and the third never fitted."""
    from game.ui.table import ink, panels
    from game.ui.table.panels.rects import FOOT
    written: list[tuple[str, int]] = []
    real = ink.fit
    monkeypatch.setattr(ink, "fit", lambda words, px, *a: written.append(
        (words, px)) or real(words, px, *a))
    sc, t, drawn = combat_table(make_app, size)
    assert len(drawn) == 4
    for _ in range(30):
        t.app.step([], 1 / 30)
    assert t.fight is not None and t.combat_cover is not None
    # As while the round's hits play: its cards' rows then (the next round's choosing
    # says them in words since s71), in the forecast's room, which is empty then.
    p = t.painter([])
    panels.combat(p, pygame.Surface(t.size), t.board.view.combat, t.notes, t.name, {}, None,
                  True)
    shown = {k[1]: r for r, k in p.hits if k[0] == "card" and k[1] in drawn}
    # The round's two: each row says whom its card is for and whose pile it came from
    # on a second line since s68, and a third fits nowhere under three lines of words.
    want = drawn[-2:]
    assert set(want) <= set(shown), (want, shown)
    for i in shown:
        name = sc.db[t.board.card_id(i)].name
        assert any(w == name and px >= p.px(12) for w, px in written), (name, written)
    words = panels.combat_rect(p)
    foot = words.bottom - p.px(FOOT)
    others = [r for r, k in p.hits if not (k[0] == "card" and k[1] in drawn)]
    for i, r in shown.items():
        assert words.contains(r) and r.bottom <= foot, (i, r, words, foot)
        assert r.collidelist(others) == -1, (i, r, others[r.collidelist(others)])
        assert r.h >= p.px(24) and r.w >= 4 * r.h, r
    t.app.quit()
