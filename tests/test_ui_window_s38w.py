"""The window as a newcomer finds it (s38w): what the table says, and in which colour."""
from __future__ import annotations

import pygame

from game.engine import actions as A
from game.ui.table import ink

import test_ui_table
from test_ui_haven_ask import Permits, answer, at_a_neighbour_s_haven
from test_ui_table import click
from test_ui_window_s37w import bytes_held

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

REFUSAL_RED = (90, 20, 24)


def box_fill(app, t) -> tuple[int, int, int]:
    """The message box's colour as drawn this frame, just inside its lower edge."""
    app.step([], 0.016)
    box = t.message_rect
    return tuple(app.screen.get_at((box.centerx, box.bottom - t.px(3))))[:3]


def test_a_question_asked_and_a_yes_are_news_not_refusals(make_app):
    """The player's view (s37w, left then): "Player 2 permitted it: your group goes to
    their Haven" came in the red box the table keeps for refusals, as did the line
    saying the owner is asked (Rules for Havens: "may not stop there without asking your
    permission"): both read as the click having failed. They are news, in the panels'
    colours; the owner's no, which leaves the group where it stands, stays red."""
    s, app, t, group = at_a_neighbour_s_haven(make_app, owner="ai:normal")
    s.match.agents[1] = Permits()
    for u in group:
        click(app, t.unit_rects[u].center)
    click(app, t.lay.cells[1, 0].center)
    assert "is asked to let your group stop" in t.message[0]
    assert box_fill(app, t) == ink.PANEL
    for _ in range(60):
        app.step([], 0.016)
        if s.record.actions[-1] == A.Move(tuple(sorted(group)), (1, 0)):
            break
    assert "permitted it: your group goes" in t.message[0] and t.message[1] > 0
    assert box_fill(app, t) == ink.PANEL

    s, app, t, group = at_a_neighbour_s_haven(make_app)
    for u in group:
        click(app, t.unit_rects[u].center)
    click(app, t.lay.cells[1, 0].center)
    answer(app, s, t, False)
    assert t.message[0].startswith("Player 2 refused")
    assert box_fill(app, t) == REFUSAL_RED


def test_a_piece_handed_to_one_who_cannot_use_it_is_a_caveat_not_a_refusal(make_app):
    """Rules for Equipment: a Character may carry a piece whose requirement it lacks, its
    bonus not counted. The hand-over is done (the log says so); the line saying he cannot
    use it came in refusal red, read as the hand-over refused (s30w read it so too). In
    the panels' colours now; a refusal of the same table stays red."""
    from scene import Scene
    from game.engine.state import MOVE
    from test_ui_table import scene_app, scene_session, table
    from test_ui_window_s28z import ARMS
    sc = Scene(ARMS)
    sc.location((0, 0))
    reiji = sc.char("reiji", (0, 0))
    kaede = sc.char("kaede", (0, 0), equipment=["cannon"])
    cannon = sc.unit(kaede).equipment[0]
    sc.turn(MOVE)
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    assert t.send(A.Transfer(cannon, kaede, reiji))
    assert s.state.units[reiji].equipment == [cannon]
    assert "cannot use it: needs Weapons" in t.message[0]
    assert box_fill(app, t) == ink.PANEL
    t.press = None
    t.key_down = set()
    test_ui_table.key(app, pygame.K_a)  # a menu opens: Space there refuses, in red
    assert t.menu is not None
    test_ui_table.key(app, pygame.K_SPACE)
    assert t.message[0].startswith("A menu is open")
    assert box_fill(app, t) == REFUSAL_RED


def test_a_confirmation_closed_unanswered_is_news_not_a_refusal(make_app):
    """A paid use offered as "Confirm: ..." and closed by a click elsewhere says nothing
    was done or paid: nothing was refused, and red read as an error."""
    from test_ui_table import scene_app, scene_session, table
    from test_ui_window_s29x import costly_fight, walker_button
    sc, valen, walker = costly_fight()
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    click(app, walker_button(t).center)
    spot = next((x, y) for x in range(5, t.size[0], 20) for y in range(5, t.size[1], 20)
                if t.hit((x, y)) is None)
    click(app, spot)
    assert "Not confirmed" in t.message[0]
    assert box_fill(app, t) == ink.PANEL


def test_fight_while_the_other_side_declares_is_news(make_app):
    """Combat between players, the other side declaring first: Fight! pressed says the
    plan goes in as the rules come to it. It is kept, not refused: no red."""
    from game.ui.settings import Settings
    from test_ui_combat_panel import titled_duel
    from test_ui_table import scene_app, scene_session, table
    sc, mine, foes = titled_duel()
    s = scene_session(sc, ["ai:easy", "human"])
    app = scene_app(make_app, sc)
    app.settings = Settings(anim_speed="normal")  # the AI seat waits AI_PAUSE to declare
    t = table(app, s)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for char, choice in ((foes[0], ("attack", mine[0])), (foes[1], ("attack", mine[1]))):
        click(app, slots["plan", char, choice].center)
    test_ui_table.key(app, pygame.K_RETURN)
    assert "Player 1 declares now" in t.message[0]
    assert box_fill(app, t) == ink.PANEL


def test_booth_memory_the_cards_shown_large_are_kept_within_a_budget(make_app):
    """A booth runs a day alone (docs/window.md, the booth's memory). The card shown large
    under the pointer, with what it is doing now, was kept by count (64, some 1.4 MB each
    at 1920x1080: 90 MB), each game bringing new facts; the other surface caches keep to
    a budget of bytes (kept.Kept). So does it now, the one asked for every frame kept."""
    from game.ui.table import popups
    app = make_app((1920, 1080))
    card = next(iter(app.faces.db.cards))

    def draw(i: int) -> pygame.Surface:
        return popups._zoom(app.faces, card, 360, 20, (f"Health {i}/5",))

    kept = bytes_held(draw, 120, popups._zoom.cache_clear)
    budget = 16 * 2 ** 20  # docs/window.md, the booth's memory
    assert budget // 2 < kept <= budget, f"{kept / 2 ** 20:.1f} MB held"


def test_rules_for_flash_effects_a_save_loaded_while_a_seat_that_cannot_answer_is_asked(
        make_app):
    """Rules for Flash Effects: each other player in turn may answer. A person away from
    the screen whose empty hand and cards in play hold no answer, as every seat sees, is
    passed for uncalled (Session._pass_unanswering, s36w): but only after an action, so a
    game saved as that seat is asked (the person seated then, with nothing to play, about
    to Pass) and continued called them to the curtain once, to find Pass their only
    choice. Continued now, they are passed for at once (the log says so), as is seat 3
    after them, and the first person called is one who may answer."""
    from game.engine.events import Passed
    from game.engine.flash import FlashWindow
    from test_ui_table import scene_app, scene_session, table
    from test_ui_window_s37p import zapped
    sc, hero, zap = zapped({1: ("star",), 2: (), 3: ()})
    sc.do(A.PlayCard(zap, hero))
    sc.do(A.Pass())  # seat 1 may answer; it passes, and seat 2 is asked
    assert sc.st.current_seat() == 2 and isinstance(sc.st.top, FlashWindow)
    s = scene_session(sc, ["human"] * 4)  # as a save continued: nobody seated
    t = table(scene_app(make_app, sc), s)
    t.app.step([], 0.05)
    assert [e.seat for e in s.log if isinstance(e, Passed)] == [2, 3]
    assert s.handoff() == 0  # the Zap's player, who may answer with the Star


def test_a_combat_s_cell_shows_above_its_panel_whatever_pixel_the_panel_starts_at():
    """The player's view (a four-seat game at 960x540): Player 3's Combat between players
    at a cell in the Field's third row, the panel up, and the view above it showed the
    row over it: the fight was seen only in the panel. Above a panel one row shows; the
    rows that show are centred in what the panel leaves, rounded to whole pixels, so the
    one resting place showing the cell was half a pixel off the span `Camera.show` asked
    for, and it took the resting place nearest where the view was, a row short. Any
    cell, any panel height, any window scale: shown after `show`."""
    import pygame
    from game.ui.table.camera import Camera
    cells = [(x, y) for x in range(-2, 4) for y in range(-2, 4)]
    for scale in (0.75, 1.0, 1.5):
        view = pygame.Rect(round(165 * scale), round(34 * scale), round(577 * scale),
                           round(413 * scale))
        for top in range(view.top + round(140 * scale), view.top + round(240 * scale)):
            cam = Camera()
            cam.view, cam.scale = view, scale
            cam.set_bounds(cells)
            cam.fit()
            cam.snap()
            cam.cover = pygame.Rect(view.x, top, view.w, view.bottom - top)
            cam.set_bounds(cells)
            for cell in [(0, y) for y in range(-2, 4)] + [(3, 3), (-2, -2)]:
                cam.show([cell], cell)
                cam.snap()
                assert cam.shows([cell]), (scale, top, cell, cam.centre)


def test_the_gold_outline_words_only_while_a_gold_outline_shows(make_app, monkeypatch):
    """The player's view (the standard level at 960x540, Move phase): the inspector said
    "Gold outline: a click on it acts now: point at it to see what." while the only gold
    outline (a cell to act on) lay out of the view: nothing gold was to be found. The
    words come with a gold outline in view (here a Disaster to Fight, Rules for
    Movement), go when the view leaves it, and come back with it."""
    from game.engine.state import MOVE
    from test_ui_combat_panel import TITLED
    from test_ui_window_s33w2 import inspector_words, opened, wide_field
    sc = wide_field(TITLED + """\
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 1}}
""")
    reiji = sc.char("valen", (1, 0))
    brute = sc.disaster("brute", (1, 0))
    sc.turn(MOVE)
    sc.unit(reiji).moved = 2
    drawn = inspector_words(monkeypatch)
    s, t = opened(make_app, sc, (1280, 720))

    def told() -> str:
        """The inspector's words painted over the next frames (none: not painted again)."""
        for _ in range(3):
            t.app.step([], 0.05)
        words = " ".join(drawn)
        drawn.clear()
        return words

    assert t.board.outlines()[("unit", brute)] == "gold"
    assert t.camera.shows([(1, 0)]) and "Gold outline: a click on it acts" in told()
    t.camera.zoom(4, t.lay.field.center)
    t.camera.look_at((-3, -2))
    t.camera.snap()
    assert not t.camera.shows([(1, 0)])
    words = told()
    assert "Click a Character" in words and "Gold outline" not in words, words
    t.camera.look_at((1, 0))
    assert t.camera.shows([(1, 0)]) and "Gold outline: a click on it acts" in told()
