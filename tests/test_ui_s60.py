"""The s60 stop's findings at the window (a newcomer's playtest of whole games)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import click, mouse, scene_app, scene_session, table  # noqa: E402

from game.ui.table.camera import Camera  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _rests(c: Camera) -> list[tuple[float, float]]:
    """Every centre the view may rest at on this rung (the oracle: each axis's resting
    places over the Field, or its middle where the Field fits)."""
    axes = []
    for (field, view, n), lo, hi in zip(c._across(c.rung), c.bounds[:2], c.bounds[2:]):
        if field <= view:
            axes.append([(lo + hi) / 2])
        else:
            first = lo + (n - 1) / 2
            axes.append([first + i for i in range(int(round(hi - (n - 1) / 2 - first)) + 1)])
    return [(x, y) for x in axes[0] for y in axes[1]]


def _shown(c: Camera, cell) -> bool:
    return c.seen().contains(c.rect(cell))


def test_the_wheel_keeps_the_cell_pointed_at_in_sight_from_a_fitted_field():
    """The wheel zooms about the pointer (camera.py). From a fitted Field, one notch in
    over a cell at its edge put the view on the far side: at the new rung the pointer
    lay in the margin round the window of whole cells, and the cell went out of sight
    (s60's playtest: one notch over the top-left Location showed the bottom-right 3 by
    3). At rest the cell pointed at is always in sight, and under the pointer wherever
    some resting place keeps it there."""
    tried = kept = 0
    for size in ((700, 480), (1000, 560), (1280, 640)):
        for cols, rows in ((5, 4), (7, 5), (9, 7)):
            cells = [(x, y) for x in range(-(cols // 2), cols - cols // 2)
                     for y in range(-(rows // 2), rows - rows // 2)]
            for steps in (1, 2, 3):
                for cell in cells:
                    for fx, fy in ((0.2, 0.2), (0.5, 0.5), (0.8, 0.3), (0.3, 0.85)):
                        c = Camera()
                        c.view = pygame.Rect(230, 50, *size)
                        c.set_bounds(cells)
                        c.fit()
                        c.snap()
                        r = c.rect(cell)
                        if not c.seen().contains(r):
                            continue
                        at = (r.x + int(r.w * fx), r.y + int(r.h * fy))
                        if not c.zoom(steps, at):
                            continue
                        c.snap()
                        tried += 1
                        where = (size, cols, rows, steps, cell, at)
                        assert _shown(c, cell), where
                        chosen = c.centre
                        under = []
                        for rest in _rests(c):
                            c.centre = rest
                            if _shown(c, cell) and c.rect(cell).collidepoint(at):
                                under.append(rest)
                        c.centre = chosen
                        if under:
                            kept += 1
                            assert c.rect(cell).collidepoint(at), (where, under)
    assert tried > 400 and kept > 200, (tried, kept)


def test_the_game_over_account_does_not_call_an_endured_disaster_beaten():
    """Basic Terms, Defeat: a non-Combat Disaster whose Duration is over, or whose
    instructions are done, "is Defeated", though nobody beat it. The game-over account
    said "Galactic Tax Audit was Defeated (2 times)" of two endured copies, as if the
    players had won them (s60's playtest); it says why, as the log does ("when its
    Duration ran out"), and "was Defeated" alone is one beaten."""
    from game.engine import events as E
    from game.ui.scenes.account import tell
    from game.ui.session import SessionConfig, build_game
    g = build_game(SessionConfig("levels/standard_2p.yaml", ["human", "human"]))
    firsts: dict = {}  # one instance of each Disaster card, by kind
    for i, c in enumerate(g.instances):
        if c.type == "disaster":
            firsts.setdefault((c.is_combat_disaster, c.name), i)
    endured, done = [i for (fights, _), i in firsts.items() if not fights][:2]
    beaten = next(i for (fights, _), i in firsts.items() if fights)
    acc = tell(g, [E.TurnBegan(0, 1, 1),
                   E.DisasterDefeated(endured, why="its Duration is over"),
                   E.TurnBegan(1, 1, 2),
                   E.DisasterDefeated(endured, why="its Duration is over"),
                   E.DisasterDefeated(done, why="its instructions are done"),
                   E.DisasterDefeated(beaten, (0, 0))])
    name = g.card
    assert acc.moments == [
        f"Rounds 1-2: {name(endured).name} was Defeated when its Duration ran out (2 times).",
        f"Round 2: {name(done).name} was Defeated when its instructions were done.",
        f"Round 2: {name(beaten).name} was Defeated."]


def test_modifiers_in_the_log_are_words_not_a_card_s_notation():
    """Card Descriptions: a modifier adds, subtracts, multiplies, divides or replaces an
    ability. The log said "=1 Movement" and "/2 Attack" of endured Disasters (s60's
    playtest): it says what each does."""
    from game.engine.cards import Modifier
    from game.ui.table.words import mod_words
    said = mod_words([Modifier("movement", "=", 1), Modifier("attack", "/", 2),
                      Modifier("defense", "x", 2), Modifier("charm", "/", 3),
                      Modifier("energy", "-", 1), Modifier("attack", "+", 2),
                      Modifier("health", "x", 3)])
    assert said == ("Movement set to 1, Attack halved, Defense doubled, Charm divided by 3, "
                    "-1 Energy, +2 Attack, Health ×3")


def test_an_endured_disaster_named_with_a_bang_takes_no_colon():
    """Rules for Disasters (enduring one): the log line says what it does. "Pop Quiz!:
    -1 Energy" read oddly (s60's playtest); after a name ending "!" no colon comes."""
    from types import SimpleNamespace

    from game.engine import events as E
    from game.engine.cards import Modifier
    from game.ui.table.words import event_text
    names = {7: "Pop Quiz!", 8: "Gloom", 1: "Hero (P1)"}
    card = SimpleNamespace(endure=(Modifier("energy", "-", 1),))
    for which, said in ((7, "Player 1 must endure Pop Quiz! -1 Energy to Hero (P1) for "),
                        (8, "Player 1 must endure Gloom: -1 Energy to Hero (P1) for ")):
        line, _ = event_text(E.DisasterEndured(which, 0, (1,), 1), names.get,
                             lambda s: f"Player {s + 1}",
                             card_of=lambda i: card)
        assert line.startswith(said), line


def test_a_chosen_character_s_retrieve_leaves_the_hint_whole(make_app):
    """Scavenge Phase: "you may retrieve any Items and Equipment from beneath that
    Location". With the Character chosen, its button "Retrieve with Sergeant Daigo
    Hatakeyama" took the bar's room and cut the hint to "Retrieve 2 Items face down and
    Putt-Putt Deli…" at 1280x720 (s60's playtest): the button says the name its token
    shows, and the hint is drawn whole."""
    from game.engine import actions as A
    from test_rules_scavenging import CARDS, at
    cards = CARDS + """\
- {id: sergeant, name: Sergeant Daigo Hatakeyama, type: character, gender: male,
   abilities: {attack: 3, defense: 3, energy: 3, charm: 1, movement: 1}}
- {id: scooter, name: Putt-Putt Delivery Scooter, type: equipment, bonuses: {movement: "+1"}}
"""
    sc, (sergeant,) = at("plain", "sergeant", under=["idol", "scooter", "idol"], cards=cards)
    sc.do(A.Scavenge((0, 0)))  # no Disaster: the way is clear
    app = scene_app(make_app, sc, (1280, 720))
    t = table(app, scene_session(sc, ["human"]))
    token = next(r for r, k in t.hits if k == ("unit", sergeant))
    click(app, token.center)
    app.step([mouse(pygame.MOUSEMOTION, (5, 5), 0)], 0.016)
    app.step([], 0.016)
    assert t.inspect == sergeant
    assert ("act", A.Retrieve(sergeant)) in [k for _, k in t.hits]
    assert " ".join(t.hint_rows) == t.resting_hint(), t.hint_rows


def test_a_shared_win_names_you_among_the_winners():
    """R14 b: players tied for the most Items share the win. "Players 1, 2 and 3 share the
    win" did not say that Player 1 was the person at the window, as "You win!" does
    alone (s60's playtest)."""
    from game.engine.state import Result
    from game.ui.table.verdict import headline
    name = "Player {}".format
    shared = Result(winners=(0, 1, 2), disasters_win=False, reason="majority")
    assert headline(shared, lambda s: name(s + 1), you=0) == \
        "You share the win with Players 2 and 3"
    assert headline(shared, lambda s: name(s + 1), you=3) == "Players 1, 2 and 3 share the win"
    assert headline(shared, lambda s: name(s + 1)) == "Players 1, 2 and 3 share the win"
    assert headline(Result(winners=(1, 0), disasters_win=False, reason="majority"),
                    lambda s: name(s + 1), you=1) == "You share the win with Player 1"


def test_the_card_on_top_of_a_scavenged_stack_is_named_when_face_up(make_app):
    """Scavenge Phase: "you may retrieve any Items and Equipment from beneath that
    Location", off the top of its stack; Items lie face down, Equipment face up, so
    the top card's face is public: Equipment by name, else a face-down Item. The
    Retrieve hint named what was left but not which came first (s59). The view says
    the top (PlaceView.top), and the hint says it."""
    from game.engine import actions as A
    from game.engine.view import view
    from test_rules_scavenging import at
    for under, first in ((["cutlass", "idol", "idol"], "cutlass"),
                         (["idol", "cutlass", "idol"], None)):
        sc, (woman,) = at("plain", "woman", under=under)
        sc.do(A.Scavenge((0, 0)))  # no Disaster: the way is clear
        place = view(sc.st, 0).places[0]
        stack = sc.st.places[(0, 0)].under
        top = stack[0] if first else None
        assert place.top == top, (under, place)
        t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
        said = t.name(top) if first else "an Item face down"
        assert f"from the top: {said} first, then " in t.hint(), t.hint()


def test_a_sampled_world_keeps_the_equipment_seen_on_top_of_a_stack():
    """The AI decides from worlds sampled from its view (worlds.py): one that put the
    hidden Items over the Equipment the view shows on top of a stack (PlaceView.top)
    would not be a world the seat could be in."""
    import random

    from game.engine import apply_unchecked, legal_actions
    from game.engine.view import view
    from game.engine.worlds import sample_world
    from game.match import load_games
    g = load_games("levels/standard_2p.yaml", 2)[0]
    st, rng = g.new_state(3), random.Random(3)
    def dropped() -> list:
        return [(c, p.under) for c, p in st.places.items() if p.kind == "location"
                and any(g.card(i).type == "equipment" for i in p.under)]
    while not dropped():
        legal = legal_actions(st)  # on until Equipment is dropped under a Location
        apply_unchecked(st, legal[rng.randrange(len(legal))])
    cell, under = dropped()[0]
    gear = next(i for i in under if g.card(i).type == "equipment")
    # Face up on top, over the face-down cards (a scene: as the rules play, the face-down
    # ones above it are taken first).
    st.change_place(cell, under=(gear, *[i for i in under if i != gear]))
    for viewer in range(2):
        seen = view(st, viewer)
        assert next(p for p in seen.places if p.cell == cell).top == gear
        for seed in range(8):
            w = sample_world(g, seen, random.Random(seed))
            assert w.places[cell].under[0] == gear
            assert view(w, viewer) == seen


def test_a_resumed_game_s_log_numbers_twins_as_the_table_does(make_app):
    """A card shown more than once is numbered everywhere it is named ("Tidal Kaiju
    Bubblegill #2", model.Board.numbers). A game continued from its save showed its log
    without the numbers, the table built before the Board that keeps them (s60's booth
    playtest: "Ran Away from Tidal Kaiju Bubblegill #2" read "...Bubblegill")."""
    from game.engine import events as E
    from game.ui.table.model import Board
    from test_ui_table import FOUR, session, until

    def twins_moved(s) -> bool:
        numbers = Board(s.view(), s.legal(), s.game.db).numbers
        return any(isinstance(e, E.DisasterMoved) and e.card in numbers for e in s.log[-30:])
    s = session(FOUR, ["human"] + ["ai:random"] * 3, seed=5)
    until(s, twins_moved)
    t = table(make_app((1280, 720)), s)  # as Continue opens it: the log so far, not replayed
    numbered = {t.name(c) for c in t.board.numbers}
    moved = [w for w, _ in t.log_lines if " moved to " in w or " stays at " in w]
    assert any(w.split(" moved to ")[0].split(" stays at ")[0] in numbered for w in moved), moved


def test_the_set_up_hint_points_to_set_up_for_me(make_app):
    """Setting up the Field (R1, R2) is some thirty choices with four players before a
    Character moves; "Set up for me (S)" makes them, but the hint spoke only of glowing
    cells (s60's booth playtest). It says S sets up the rest, while it can."""
    from test_ui_table import FOUR, session
    s = session(FOUR, ["human"] + ["ai:random"] * 3, seed=5)
    app = make_app((1280, 720))
    t = table(app, s)
    assert s.view().phase == "setup"
    assert t.resting_hint() == ("Place your card on a glowing cell: the brightest keep the "
                                "Field compact, or S sets up the rest for you.")
    assert " ".join(t.hint_rows) == t.resting_hint()  # whole in the bar


def test_the_booth_show_says_the_computer_is_playing(make_app):
    """The booth's show is a game of AI seats only: its bar said "Waiting for Player 1
    (AI Easy) to decide…", jargon to a passer-by arriving as it began on an empty Field
    (s60's booth playtest). With nobody at the table it says the computer is playing."""
    from test_ui_table import session
    s = session("levels/quick_demo.yaml", ["ai:easy", "ai:easy"])
    app = make_app((1280, 720))
    app.play(s)
    assert app.top.hint() == "The computer is playing: Player 1 (AI Easy) decides…"


def test_an_off_field_card_s_seat_mark_leaves_its_title_readable(make_app, monkeypatch):
    """The Off Field panel marks each card with its seat (Global Effects, endured
    Disasters). Drawn on the card's corner, the mark hid the first letters of its title
    ("ng Arc", "loon Rising": s60's booth playtest at 1920x1080): it lies under the
    title bar, on the art's edge."""
    from scene import Scene
    from test_ui_window_s29w import OFF_CARDS, SEATS, settle

    from game.engine.state import MOVE, OffField
    from game.ui.cardface import title_bottom
    from game.ui.table.paint import Painter
    monkeypatch.setattr(Painter, "mark", lambda self, seat, size: _solid(size))
    sc = Scene(OFF_CARDS, seats=4)
    hero = None
    for seat, cell in enumerate([(0, 0), (2, 0), (0, 2), (2, 2)]):
        sc.haven(cell, seat=seat)
        hero = sc.char("hero", cell, seat=seat) if seat == 0 else hero
    sc.location((1, 1))
    for seat in range(4):
        sc.st.off_field.append(OffField(sc.card("rally", seat), seat))
    sc.st.off_field.append(OffField(sc.card("quiz", 0), 0, (hero,), 2))
    sc.turn(MOVE)
    for size in ((1280, 720), (1920, 1080)):
        app = scene_app(make_app, sc, size)
        t = table(app, scene_session(sc, SEATS))
        settle(app, 3)
        panel = t.lay.off_field
        cards = [r for r, k in t.hits if k[0] == "card" and panel.contains(r)]
        assert len(cards) == 5
        marks = 0
        for r in cards:
            for y in range(r.top, r.bottom):
                for x in range(r.left, r.left + 4):
                    if tuple(app.screen.get_at((x, y)))[:3] == _MAGENTA:
                        assert y >= r.top + title_bottom(r.w), (size, r, y)
                        marks += 1
        assert marks, "no mark drawn"


_MAGENTA = (255, 0, 255)


def _solid(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size))
    s.fill(_MAGENTA)
    return s


def test_no_card_is_shown_large_under_the_wheel_till_the_pointer_moves(make_app):
    """Zoomed in with the wheel over a token, the token rose at once as a large card over
    the tiles the person had zoomed in to see (s60's playtest). As after a click, nothing
    is shown large where the pointer rests till it moves."""
    from test_ui_table import STANDARD, laid
    s = laid(STANDARD, 2)
    app = make_app((1280, 720))
    t = table(app, s)
    unit = next(k[1] for r, k in t.hits if k[0] == "unit")
    at = next(r for r, k in t.hits if k == ("unit", unit)).center
    app.step([mouse(pygame.MOUSEMOTION, at, 0),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.016)
    for _ in range(40):
        app.step([], 0.05)  # well past the zoom's delay
    assert t._hover_card() is None
    over = next((r for r, k in t.hits if k[0] == "unit"), None)
    assert over is not None
    app.step([mouse(pygame.MOUSEMOTION, (over.centerx + 1, over.centery), 0)], 0.016)
    assert t._hover_card() is not None  # moved: shown again


def test_the_news_on_coming_back_says_what_an_endured_disaster_does(make_app):
    """Rules for Disasters: an endured Disaster's modifiers stay on the group for its
    Turns. The log says what they are (s59); the lines a person reads on coming back to
    the screen said only "Player 1 must endure Gloom", given no card to read (s59's
    left item). They say it as the log does."""
    from game.engine import actions as A
    from game.engine.state import SCAVENGE
    from scene import Scene
    from test_rules_audit_s48b import CARDS
    sc = Scene(CARDS)
    sc.location((0, 0), under=["gloom", "idol"])
    sc.location((1, 0))
    sc.char("hero", (0, 0)), sc.char("ace", (0, 0))
    sc.turn(SCAVENGE)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    assert t.send(A.Scavenge((0, 0)))
    t.app.step([], 2.0)
    _, lines = t._news(0)
    assert "Player 1 must endure Gloom: -1 Attack to Hero (P1) and Ace (P1) for 1 P1 turn" \
        in lines, lines
