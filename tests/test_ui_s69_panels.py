"""s69: drawing defects a newcomer met at 1280x720 and with four seats, measured: the AI's
thinking dots and the seat panel's turn tag each in a place of their own; a crowded
Location's Health badge clear of its tokens; a long card name within its name band;
the set-up hand's label clear of the Haven's name. Scenes built (tests/scene.py)."""
from __future__ import annotations


import pygame
import pytest

from game.engine import actions as A
from game.engine.options import Options
from game.engine.state import MOVE
from game.ui.table import ink

import test_ui_table
from scene import Scene
from test_ui_combat_forecast import Recorder
from test_ui_table import scene_app, scene_session, table
from shots import shot

make_app = test_ui_table.make_app  # the fixture
SIZES = [(1280, 720), (1920, 1080), (960, 540)]
CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
"""


def words_at(monkeypatch, paint, unnamed: bool = False) -> list[tuple[str | None, pygame.Rect]]:
    """Each text `paint()` writes through ink.label on the Recorder it returns, with the
    rect it was blitted to (ink.fit renders through ink.label too); with `unnamed`, every
    other picture too, its words None."""
    named: dict[int, str] = {}
    real = ink.label

    def label(words, *a, **k):
        s = real(words, *a, **k)
        named[id(s)] = words
        return s
    monkeypatch.setattr(ink, "label", label)
    surf = paint()
    monkeypatch.undo()
    return [(named.get(id(s)), r) for s, r in surf.drawn if unnamed or id(s) in named]


# 1. The AI's thinking dots and the seat's tag ------------------------------------------
def thinking_table(make_app, size, combat: bool):
    """Four seats, seat 1 an AI deciding: in its turn ("THEIR TURN"), or (`combat`)
    challenged by seat 0 in seat 0's turn ("IN COMBAT"). The AI never answers."""
    sc = Scene(test_ui_table.DUEL_CARDS + CARDS, seats=4, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    for s in range(4):
        sc.haven((s, 1), seat=s)
    mine = [sc.char(c, (0, 0)) for c in ("ryoko", "naomi")]
    theirs = [sc.char(c, (0, 0), seat=1) for c in ("leo", "dai")]
    for s in (2, 3):
        sc.char("hero", (1, 0), seat=s)
    for s in range(4):
        sc.combat_pile(s, *["blank"] * 6)
    if combat:
        sc.turn(MOVE)
        sc.do(A.Challenge(1, (0, 0)))
        for c in mine:
            if sc.st.current_seat() == 0:
                sc.do(A.Engage(c, "attack", theirs[0]))
    else:
        sc.turn(MOVE, seat=1)
    assert sc.st.current_seat() == 1
    s = scene_session(sc, ["human", "ai:random", "ai:random", "ai:random"])
    s.poll, s.think = (lambda: []), (lambda: False)  # thinking for ever
    t = table(scene_app(make_app, sc, size), s)
    for _ in range(4):
        t.app.step([], 0.1)
    return t


def dots_drawn(monkeypatch, t) -> list[pygame.Rect]:
    """The circles TableFrame._draw_thinking draws, as rects."""
    drawn: list[pygame.Rect] = []
    real = pygame.draw.circle
    monkeypatch.setattr(pygame.draw, "circle", lambda surf, colour, centre, radius, *a, **k:
                        drawn.append(real(surf, colour, centre, radius, *a, **k)))
    t._draw_thinking(pygame.Surface(t.size))
    monkeypatch.undo()
    return drawn


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("combat", [False, True])
def test_the_thinking_dots_and_the_seat_s_tag_each_have_their_own_place(
        make_app, monkeypatch, size, combat):
    """Four seats: the dots of an AI deciding were drawn at a fixed spot right of the
    title, over "THEIR TURN" (or "IN COMBAT") set there on a short panel. Now the panel
    keeps a place of their own for the dots (under the tag): the tag, the title and the
    panel's other words never meet them, and the tag and the title read whole, at each
    size."""
    t = thinking_table(make_app, size, combat)
    shot(t.app, f"s69_thinking_{'combat' if combat else 'turn'}_{size[0]}")
    dots = dots_drawn(monkeypatch, t)
    assert len(dots) == 3, "the AI's dots are drawn"
    panel, surf = t.seat_rect(1), Recorder(t.size)
    decks = [d.name for d in t.session.game.decks]
    said = words_at(monkeypatch, lambda: t.painter([]).seats(surf, t.session.seats, decks)
                    or surf)
    mine = [(w, r) for w, r in said if panel.contains(r)]
    tag = "IN COMBAT" if combat else "THEIR TURN"
    assert tag in [w for w, _ in mine], mine
    assert "Player 2" in [w for w, _ in mine], mine  # the title whole
    for w, r in mine:
        assert r.collidelist(dots) < 0, (w, r, dots)
    t.app.quit()


# 2. A crowded Location's Health badge -------------------------------------------------
def badge_on_tile(t, cell) -> pygame.Rect:
    """Where the cell's tile shows its Health badge, on the window: the pixels its tile
    drawn with the badge has unlike the same tile drawn without it."""
    from game.ui.table import locations
    import numpy
    p = t.board.places[cell]
    cid = t.board.card_id(p.card)
    badge = locations.badge(p, t.session.game.db[cid], t.board.view.seat)
    assert badge is not None, "the Location shows its Health"
    r = t.cell_placed(cell)
    with_, without = (pygame.surfarray.array3d(t.tiles._draw(p, cid, r.size, True, False,
                                                             False, b)) for b in (badge, None))
    xs, ys = numpy.nonzero((with_ != without).any(axis=2))
    return pygame.Rect(xs.min(), ys.min(), xs.max() - xs.min() + 1,
                       ys.max() - ys.min() + 1).move(r.topleft)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("heroes", [4, 12])
def test_a_crowded_location_s_health_badge_is_clear_of_its_tokens(make_app, size, heroes):
    """Rules for Locations (attacked until its Health is 0 or below): the tile's Health
    badge sits under its name, and the tokens fill the tile from its foot up; two rows
    of them (four Heroes at 1280x720) covered it. The tokens stand below it now, the
    owner's mark sticking out above each too, however many."""
    from test_ui_s68_combat import location_table
    sc, group, t = location_table(make_app, heroes=heroes, size=size)
    t.send(A.AttackLocation((0, 0)))
    for _ in range(20):
        t.app.step([], 0.1)
    shot(t.app, f"s69_badge_{heroes}_{size[0]}")
    plate = badge_on_tile(t, (0, 0))
    for u in group:
        token = t.unit_rects[u]
        marked = pygame.Rect(token.x - 2, token.y - 2, token.w + 2, token.h + 2)
        assert not plate.colliderect(marked), (u, plate, token)
    t.app.quit()


# 3. The set-up hand's note on the Haven -------------------------------------------------
SETUP_CARDS = """\
- {id: office, name: Galactic Lost and Found Office, type: haven}
- {id: port, name: Rustbucket Moon Port, type: location}
"""


class Filling(Recorder):
    """A Recorder surface that keeps the rects it is filled in, with their colours."""
    def __init__(self, size):
        super().__init__(size)
        self.fills: list[tuple[tuple, pygame.Rect]] = []

    def fill(self, colour, rect=None, special_flags=0):
        r = super().fill(colour, rect, special_flags)
        self.fills.append((tuple(pygame.Color(colour))[:3], r))
        return r


@pytest.mark.parametrize("size", SIZES + [(1366, 768)])
def test_the_set_up_hand_s_note_is_clear_of_the_haven_s_name(make_app, size):
    """Setting Up the Field (R2: the Haven only once every player has placed a
    Location): the Haven in the set-up hand is dimmed with a note on a dark band, set a
    fixed 24 px down the card. A Haven whose name takes two lines ("Galactic Lost and
    Found Office"), turned in the fan, had its second line under the band. The band
    starts below the title bar where the turned card's bar dips lowest now."""
    import math
    from game.engine.setup import Placement
    from game.engine.state import SETUP
    from game.ui import cardface
    from game.ui.table.layout import tilt
    sc = Scene(SETUP_CARDS, seats=2)
    port, office = sc.card("port"), sc.card("office")
    sc.st.phase, sc.st.pending = SETUP, [Placement()]
    sc.st.seats[0].to_place, sc.st.seats[0].haven_to_place = [port], [office]
    sc.st.seats[1].to_place = [sc.card("port", 1)]
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    shot(t.app, f"s69_setup_{size[0]}")
    p = t.painter([])
    surf = Filling(t.size)
    p.hand(surf, "")
    cards, rects = p.hand_cards(), p.hand_rects()
    assert cards == [port, office]
    rect, angle = rects[1], tilt(1, 2)
    face = cardface._Face(sc.db["office"], rect.w, sc.db)
    bar = face.title(face.b)  # where the title bar ends, down the upright card
    a = math.radians(angle)
    low = rect.centery + rect.w / 2 * abs(math.sin(a)) + (bar - rect.h / 2) * math.cos(a)
    bands = [r for colour, r in surf.fills if colour == (20, 16, 36)]
    assert len(bands) == 1, "the Haven's note is drawn"
    assert bands[0].top >= low, (bands[0], low, bar)
    assert bands[0].bottom <= t.size[1], "the note whole above the window's foot"
    t.app.quit()
