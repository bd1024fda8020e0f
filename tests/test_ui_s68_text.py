"""The table's words and drag feedback (s68): a menu's title, a refusal and the Haven
owner's question are never cut; the inspector keeps Charm with Energy; a dragged piece
of Equipment or an Item tags each target with what letting go there does, dims the
player's Characters it cannot go to and says the rules' reason in red where it is
refused; the Location panel says which of the player's groups could Scavenge it.
At 1280x720 with two and four seats, and at 960x540."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.state import EQUIP, MOVE  # noqa: E402
from game.ui.table import ink, panels  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_drop_haven import carry  # noqa: E402
from test_ui_table import DROP_CARDS, click, mouse, scene_app, scene_session, table  # noqa: E402
from shots import shot  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [((1280, 720), 2), ((1280, 720), 4), ((960, 540), 2)]


def labels(monkeypatch) -> list[str]:
    """Every line drawn from now on (ink.label's words; a cut one ends "…")."""
    said: list[str] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: said.append(words) or
                        real(words, *a, **k))
    return said


def equip_table(make_app, size, seats: int):
    """Seat 0's Equip phase: Heroine carries a Walker and an Idol beside Hero #1 at a
    Valley, Hero #2 at the next Valley, Rookie in the Haven, a Walker in the hand."""
    from scene import Scene
    sc = Scene(DROP_CARDS, seats=seats)
    sc.location((0, 0), "valley")
    sc.location((1, 0), "valley")
    sc.haven((0, 1))
    for k in range(1, seats):
        sc.haven((k, 1), seat=k)
    she = sc.char("heroine", (1, 0), equipment=["walker"], items=["idol"])
    pal = sc.char("hero", (1, 0))
    far = sc.char("hero", (0, 0))
    rookie = sc.char("rookie", (0, 1))
    sc.hand(0, "walker")
    sc.turn(EQUIP)
    s = scene_session(sc, ["human"] + ["ai:random"] * (seats - 1))
    return s, table(scene_app(make_app, sc, size), s), she, pal, far, rookie


def lifted(t, she: int):
    """Heroine's Walker picked up from her panel: (the card, where it was)."""
    click(t.app, t.unit_rects[she].center)
    walker = next(u for u in t.board.view.units if u.card == she).equipment[0]
    return walker, next(r for r, k in t.hits if k == ("card", walker)).center


def shade(app, rect: pygame.Rect) -> float:
    """The mean brightness of the screen within `rect`."""
    px = pygame.surfarray.array3d(app.screen.subsurface(rect))
    return float(px.mean())


@pytest.mark.parametrize("size,seats", SIZES)
def test_a_dragged_piece_tags_its_targets_and_dims_those_it_cannot_go_to(make_app, monkeypatch,
                                                                         size, seats):
    """Rules for Equipment (given between Characters at one Location, or left under it):
    while the Walker is held, Hero #1 beside Heroine is tagged "Give", the Valley they
    stand at "Leave"; Hero #2 at the other Valley and Rookie in the Haven, whom the legal
    actions give no drop, are dimmed. Every lit target looked alike, and the others as
    any token (s68)."""
    s, t, she, pal, far, rookie = equip_table(make_app, size, seats)
    walker, start = lifted(t, she)
    t.app.step([], 0.016)
    before = {u: shade(t.app, t.unit_rects[u]) for u in (far, rookie, pal)}
    carry(t.app, t, start, t.unit_rects[pal].center)
    assert set(t.drag[3]) == {("unit", pal), ("cell", (1, 0))}
    said = labels(monkeypatch)
    t.app.step([], 0.016)
    assert "Give" in said and "Leave" in said, said
    for u in (far, rookie):  # dimmed: much darker than before
        assert shade(t.app, t.unit_rects[u]) < 0.7 * before[u], (t.name(u), before[u])
    shot(t.app, f"s68_drag_{size[0]}_{seats}")


@pytest.mark.parametrize("size,seats", SIZES)
def test_a_piece_held_over_a_character_it_cannot_go_to_says_why_in_red(make_app, size, seats):
    """Held over Hero #2 at another Location, the rules' reason (why_not of the Transfer
    it means: Items and Equipment are given at the same Location) is said in a red box
    under the card, where the eyes are: the bar said it in its gold, as a hint."""
    s, t, she, pal, far, rookie = equip_table(make_app, size, seats)
    walker, start = lifted(t, she)
    carry(t.app, t, start, t.unit_rects[far].center)
    t.app.step([], 0.016)
    assert t.held_over() == ("Not here: Items and Equipment are transferred between "
                             "Characters at the same Location")
    token = t.unit_rects[far]
    below = pygame.Rect(t.lay.field.x, token.bottom, t.lay.field.w,
                        t.lay.field.bottom - token.bottom)
    red = pygame.transform.threshold(None, t.app.screen.subsurface(below), (90, 20, 24),
                                     (2, 2, 2, 255), set_behavior=0)
    assert red > 2000, red  # a box of it, not a speck
    shot(t.app, f"s68_refused_{size[0]}_{seats}")
    sent = len(s.record.actions)
    t.app.step([mouse(pygame.MOUSEBUTTONUP, token.center)], 0.016)
    assert len(s.record.actions) == sent and not t.noted
    assert t.message[0].startswith("Can't do that: Items and Equipment are transferred")


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_building_access_s_question_is_titled_whole(make_app, monkeypatch, size):
    """Rules for Havens: building access commits three Characters for 2 Turns; the menu
    asking it titled what it commits in one line cut at "…build access to Secre…" (s68).
    The title wraps whole and the menu grows, its rows below it."""
    from test_ui_combat_forecast import opened
    from test_ui_window_s32v import access_scene
    sc, den, build = access_scene()
    s, t = opened(make_app, sc, size)
    cell = t.lay.cells[(0, 0)]
    click(t.app, (cell.left + t.px(6), cell.top + t.px(6)))
    menu = t.menu
    assert menu is not None and "2 Turns doing nothing but build" in menu.title
    said = labels(monkeypatch)
    menu.draw(pygame.Surface(t.size))
    head = said[:len(menu.head)]
    assert len(head) > 1 and " ".join(head) == menu.title, head
    assert not any(w.endswith("…") for w in said), said
    first = menu.rows_shown()[0][0]
    assert first.top >= menu.rect.top + menu.head_h and \
        pygame.Rect((0, 0), t.size).contains(menu.rect)
    monkeypatch.undo()
    t.app.step([], 0.016)
    shot(t.app, f"s68_menu_{size[0]}")


@pytest.mark.parametrize("size,seats", SIZES)
def test_a_long_refusal_is_wrapped_whole(make_app, size, seats):
    """A refusal says its way out at its end; three lines at most cut a long one's last
    ("…" over the way out). It is wrapped whole, the box as tall as it needs."""
    s, t, she, pal, far, rookie = equip_table(make_app, size, seats)
    why = ("Can't do that: " + "Catnip Nebula Casino is Planetary: Hero #1, Hero #2 and "
           "Heroine lack the Planetary symbol (a skill, a category or a Planetary Vehicle in "
           "use gives it), and every Character of a group must have it to enter it, so "
           "the group stays where it stands; choose a group that has it, or give one of "
           "them a Planetary Vehicle and put it to use first.")
    t.say(why)
    rows, box = t._message_place(t.message[0])
    assert len(rows) > 3 and " ".join(rows) == t.message[0], rows
    t.app.step([], 0.016)
    assert pygame.Rect((0, 0), t.size).contains(t.message_rect)
    shot(t.app, f"s68_refusal_{size[0]}_{seats}")


@pytest.mark.parametrize("size", [(960, 540)])
def test_the_haven_owner_s_question_is_never_cut(make_app, size):
    """R36 (Rules for Havens): the owner asked to let a group stop read at 960x540
    "… Permitted, they may take out what i…" in the bar. Where the whole does not fit,
    a shorter way says the question whole: who asks, for whom, where, permit or refuse."""
    from test_ui_window_s35w import haven_asked
    s, app, t, group = haven_asked(make_app, size)
    app.step([], 0.05)
    rows = " ".join(t.hint_rows)
    assert "…" not in rows and "permit or refuse." in rows, t.hint_rows
    assert "Player 1 asks to let" in rows and "your Haven Home (P2)" in rows, rows
    shot(app, f"s68_question_{size[0]}")


def inspector_rows(t) -> list[list[str]]:
    """The inspector's words, row by row as drawn (by their height on the panel)."""
    said: dict[int, str] = {}
    real = ink.fit

    class Spy(pygame.Surface):
        def blit(self, src, pos, *a, **k):
            if id(src) in said:
                rows.setdefault(pos[1], []).append(said[id(src)])
            return super().blit(src, pos, *a, **k)

    def fit(words, *a, **k):
        made = real(words, *a, **k)
        said[id(made)] = words
        return made
    rows: dict[int, list[str]] = {}
    ink.fit = fit
    try:
        panels.inspector(t.painter([]), Spy(t.size), t.inspect, t.name)
    finally:
        ink.fit = real
    return [r for _, r in sorted(rows.items())]


@pytest.mark.parametrize("size,seats", SIZES + [((1920, 1080), 2)])
def test_the_inspector_keeps_charm_with_energy(make_app, size, seats):
    """Hero's abilities, none changed, side by side: "Movement 2  Charm 1" then "Energy
    1" alone on the next line (s68). Charm goes with Energy (both Charm Combat's,
    Abilities)."""
    s, t, she, pal, far, rookie = equip_table(make_app, size, seats)
    click(t.app, t.unit_rects[pal].center)
    assert t.inspect == pal
    rows = inspector_rows(t)
    charm = [r for r in rows if any(w.startswith("Charm ") for w in r)]
    assert charm and any(w.startswith("Energy ") for w in charm[0]), rows


def scavenging_table(make_app, size, seats: int):
    """Seat 0's Move phase: Ukyo (Cooking 2) at the Kitchen (needs Cooking 2), Man at
    Hot Legs (Seduction, Defense 8), Woman in the Haven; another seat's Cook at Hot
    Legs; a Plain with nothing under it."""
    from scene import Scene
    from test_rules_scavenging import CARDS
    sc = Scene(CARDS, seats=seats)
    sc.location((0, 0), "kitchen", under=["idol"])
    sc.location((1, 0), "hot-legs", under=["idol"])
    sc.location((0, 1))
    sc.haven((1, 1))
    for k in range(1, seats):
        sc.haven((k + 1, 1), seat=k)
    for c, at in (("ukyo", (0, 0)), ("man", (1, 0)), ("woman", (1, 1))):
        sc.char(c, at)
    sc.char("cook", (1, 0), seat=1)
    sc.turn(MOVE)
    s = scene_session(sc, ["human"] + ["ai:random"] * (seats - 1))
    return s, table(scene_app(make_app, sc, size), s)


@pytest.mark.parametrize("size,seats", SIZES)
def test_the_location_panel_says_which_groups_could_scavenge_it(make_app, monkeypatch, size,
                                                                seats):
    """Scavenge Phase: a group "must 'attempt' the Location by trying to meet the
    requirements". The panel said "Scavenging needs: Cooking x2" and left the player to
    find out which of their groups had it: it says so, by the engine's tests
    (scavenging.scavenge_stop, as the legal Scavenge actions), and what stops the
    others; another player's group is not among them."""
    from test_ui_s66_left import location_panel
    s, t = scavenging_table(make_app, size, seats)
    for cell, want in (((0, 0), ["Your group here could Scavenge it.",
                                 "Your groups at Hot Legs and at Home (P1) cannot: the "
                                 "requirements (Cooking x2) are not met."]),
                       ((1, 0), ["None of your groups could Scavenge it: the requirements "
                                 "(Seduction) are not met; an attack taking its Health to 0 "
                                 "or below opens it."]),
                       ((0, 1), ["None of your groups could Scavenge it: nothing is left "
                                 "under it."])):
        r = t.lay.cells[cell]
        click(t.app, (r.left + t.px(6), r.bottom - t.px(6)))
        if t.menu is not None:  # another's group there: a Challenge is asked, or a look
            look = next(rr for rr, i in t.menu.rows_shown()
                        if t.menu.items[i][0].startswith("Just look"))
            click(t.app, look.center)
        assert t.inspect == cell and t.menu is None
        said = location_panel(monkeypatch, t)
        for line in want:
            assert line in said, said
        assert "Cook" not in said.replace("Cooking", "")
        t._stale = True
        t.app.step([], 0.016)
        shot(t.app, f"s68_location_{size[0]}_{seats}_{cell[0]}{cell[1]}")
