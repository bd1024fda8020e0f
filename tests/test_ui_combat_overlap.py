"""Nothing drawn in the Combat panels lies over anything else drawn there (a verifying
audit at 1280x720, four players: "Nobody of yours attacks this round" over the last of
four defenders, the Combat cards' thumbnails over "Nobody attacks it this round", and
the Protect grid's column names staggered over buttons named only where a name was short)."""
from __future__ import annotations

from typing import NamedTuple

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.options import Options
from game.engine.state import MOVE
from game.ui.table import ink, panels

import test_ui_table
from test_rules_duel import fort
from test_ui_combat_forecast import CARDS, Recorder, combat_panel, fight_until, opened
from test_ui_combat_panel import TITLED, duel_panel, titled_duel
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

SIZES = [(1280, 720), (1920, 1080)]
# A Haven whose side's line takes two lines; a Character whose name takes three.
HAVEN = "- {id: fort, name: Forward Base Anvil, type: haven, abilities: {attack: 4, defense: 5}}\n"
LORD = """\
- {id: lord, name: Lord Commander Reiji Valen of the Ninth Orbital Precinct, type: character,
   gender: male, abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 3}}
"""


class Thing(NamedTuple):
    words: str | None  # None: a picture
    rect: pygame.Rect  # where its ink is (a text's box is taller than its letters)
    ink: pygame.mask.Mask | None  # a slanted line's letters, its box mostly empty
    at: pygame.Rect  # where the surface was drawn


def drawn(monkeypatch, t, draw) -> list[Thing]:
    """Everything `draw` puts on the surface: its words, where its ink is, and for a
    slanted line (a Protect grid's column names) its letters pixel by pixel."""
    words: dict[int, str] = {}
    slanted: set[int] = set()
    real, turn = ink.label, ink.slanted.__wrapped__
    monkeypatch.setattr(ink, "label", lambda w, *a, **k: words.__setitem__(
        id(out := real(w, *a, **k)), w) or out)

    def slant(w, *a, **k):
        out = turn(w, *a, **k)
        slanted.add(id(out))
        words[id(out)] = w
        return out
    monkeypatch.setattr(ink, "slanted", slant)
    surf = Recorder(t.size)
    draw(t.painter([]), surf)
    out = []
    for src, rect in surf.drawn:
        box = src.get_bounding_rect()
        if box.w and box.h:
            mask = pygame.mask.from_surface(src) if id(src) in slanted else None
            out.append(Thing(words.get(id(src)), box.move(rect.topleft), mask, rect))
    return out


def _inked(thing: Thing) -> tuple[pygame.mask.Mask, tuple[int, int]]:
    """Its inked pixels and where they start: a slanted line's letters, else its box."""
    if thing.ink is not None:
        return thing.ink, thing.at.topleft
    return pygame.mask.Mask(thing.rect.size, fill=True), thing.rect.topleft


def assert_apart(things: list[Thing], panel: pygame.Rect) -> None:
    """Inside the panel, and no two inked over each other: boxes apart, or, where one is
    a slanted line, not one pixel of its letters on the other."""
    for k, a in enumerate(things):
        assert panel.contains(a.rect), (a.words, a.rect, panel)
        for b in things[k + 1:]:
            if not a.rect.colliderect(b.rect):
                continue
            assert a.ink is not None or b.ink is not None, (a.words, a.rect, b.words, b.rect)
            (ma, pa), (mb, pb) = _inked(a), _inked(b)
            assert not ma.overlap(mb, (pb[0] - pa[0], pb[1] - pa[1])), (a.words, b.words)


def haven_against_four(make_app, size, viewer: int):
    """Seat 0's Haven, with none of its Characters there, attacks seat 1's four from
    next door (R35); `viewer` is the seat of the person at the screen."""
    from scene import Scene
    sc = Scene(TITLED + HAVEN, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    four = [sc.char(c, (0, 0), seat=1) for c in ("pawlina", "marlowe", "kinako", "daigo")]
    fort(sc, (-1, 1), 0)
    for seat in (0, 1):
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    seats = ["human", "ai:random"] if viewer == 0 else ["ai:random", "human"]
    return four, table(scene_app(make_app, sc, size), scene_session(sc, seats))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("viewer", [0, 1])
def test_four_defenders_and_a_haven_leave_the_duel_forecast_its_own_line(
        make_app, monkeypatch, size, viewer):
    """The side fighting with its Haven alone says so in two lines, which the rows were
    not counted for: the fourth defender's row ran under "Nobody of yours attacks
    this round". Now nothing drawn in the panel covers anything else."""
    _, t = haven_against_four(make_app, size, viewer)
    things = drawn(monkeypatch, t, duel_panel(t))
    assert any(w and w.startswith("None of yours attacks") for w, *_ in things)
    assert_apart(things, panels.duel_rect(t))


@pytest.mark.parametrize("size", SIZES)
def test_the_protect_grid_s_columns_are_named_in_one_line_and_its_buttons_alike(
        make_app, monkeypatch, size):
    """Four to protect one another: the columns' names were staggered, every other one
    a line higher, though each fitted its column, and only the buttons of the shortest
    name carried it. Now the names over the columns are in one line, and every
    button says whom it protects."""
    four, t = haven_against_four(make_app, size, 1)
    p = t.painter([])
    short = panels.short_names(p, four, t.name)
    things = drawn(monkeypatch, t, duel_panel(t))
    protect = [(r, k[2][1]) for r, k in t.hits if k[0] == "plan" and k[2][0] == "protect"]
    assert len(protect) == 4 * 3
    first_row = min(r.top for r, _ in protect)
    box = pygame.Rect(panels.duel_rect(t))
    box.left = min(r.left for r, _ in protect)  # the grid's columns, not the side list
    heads = [r for w, r, *_ in things if w in short.values() and box.contains(r)
             and r.bottom <= first_row]
    assert len(heads) == 4 and len({r.top for r in heads}) == 1, heads
    for rect, whom in protect:
        assert any(w == short[whom] and rect.contains(r) for w, r, *_ in things), (whom, rect)
    assert_apart(things, panels.duel_rect(t))


def long_fight(make_app, size):
    """Pawlina, the Lord Commander and Daigo stay out against the Salaryman and its ally
    the Clerk, who hit the Lord Commander first: the panel's words take six lines (who
    is attacked, then which Disaster, and the last hit on a long name), and two Combat
    cards have been drawn."""
    from scene import Scene
    sc = Scene(CARDS + LORD, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    chars = [sc.char(c, (0, 0)) for c in ("pawlina", "lord", "daigo")]
    salaryman = sc.disaster("salaryman", (0, 0))
    sc.unit(sc.disaster("clerk", (0, 0))).leader = salaryman  # allied: fought after it
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(salaryman))
    s, t = opened(make_app, sc, size)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for c in chars:
        test_ui_table.click(t.app, slots["plan", c, "none"].center)
    fight_until(t, s, len(s.log), lambda e: isinstance(e, E.CombatTarget) and e.round == 2)
    while t.animator.busy:
        t.app.step([], 0.05)
    t.app.step([], 0.05)
    return t


@pytest.mark.parametrize("size", SIZES)
def test_the_combat_cards_stay_above_the_forecast(make_app, monkeypatch, size):
    """Where the words leave the Combat cards too little room, their thumbnails were
    drawn at a least size anyway, over the forecast's line. Now they take the room there
    is, or are left to the log; nothing drawn in the panel covers anything else."""
    t = long_fight(make_app, size)
    assert [n for n in t.notes if isinstance(n, E.CombatCard)]
    things = drawn(monkeypatch, t, combat_panel(t))
    assert any(w and w.startswith("Nobody attacks it") for w, *_ in things)
    assert_apart(things, panels.combat_rect(t))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [4, 5, 6])
def test_a_crowded_duel_draws_nothing_over_anything(make_app, monkeypatch, size, n):
    """Three attack four to six, whose choices become the grid: at 1920x1080 with six,
    the side's heading ("Player 1 attacks", in larger type than rows of one line)
    reached down over the first row's token."""
    sc, _, _ = titled_duel(theirs=("daigo", "mika", "akiko", "sayo", "valen", "pawlina")[:n])
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    assert_apart(drawn(monkeypatch, t, duel_panel(t)), panels.duel_rect(t))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [5, 6])
def test_the_protect_grid_names_five_or_six_columns_whole_and_level(
        make_app, monkeypatch, size, n):
    """Five or six defenders to protect one another: the columns' names still stepped up
    and down, every other one a line higher, to fit. Now each is whole on one slanted
    line from its column, all from one height, no letter over another thing drawn; the
    buttons are alike (each its target's token, or each its name too)."""
    sc, _, _ = titled_duel(theirs=("daigo", "mika", "akiko", "sayo", "valen", "pawlina")[:n])
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["ai:random", "human"]))
    friends = [u.card for u in t.board.view.units if u.owner == 1]
    foes = [u.card for u in t.board.view.units if u.owner == 0]
    p = t.painter([])
    short = panels.short_names(p, foes, t.name) | panels.short_names(p, friends, t.name)
    things = drawn(monkeypatch, t, duel_panel(t))
    protect = [(r, k[2][1]) for r, k in t.hits if k[0] == "plan" and k[2][0] == "protect"]
    assert len(protect) == n * (n - 1)
    first_row = min(r.top for r, _ in protect)
    grid = min(r.left for r, k in t.hits if k[0] == "plan")  # right of the sides' list
    heads = [h for h in things if h.words in short.values() and h.rect.bottom <= first_row
             and h.at.right > grid]
    assert sorted(h.words for h in heads) == sorted(short[c] for c in foes + friends), heads
    assert len({h.at.bottom for h in heads}) == 1, [(h.words, h.at) for h in heads]
    named = [any(w == short[whom] and rect.contains(r) for w, r, *_ in things)
             for rect, whom in protect]
    assert all(named) or not any(named), named
    assert_apart(things, panels.duel_rect(t))
