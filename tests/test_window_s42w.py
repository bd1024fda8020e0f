"""The window and the booth as a newcomer meets them (s42w): the Off Field panel at four
players, a seat's Bonked row, the phase bar at game over, the booth cover's new game
and the game-over screen's keys."""
from __future__ import annotations

import pygame
import pytest

from game.engine.state import MOVE, Lasting, OffField
from game.ui.scenes import game_over
from game.ui.table import ink
import test_ui_table
from test_booth import booth_app, frame, key, visitor_game_under_way
from test_ui_combat_panel import painted
from test_ui_seat_panels import Recorder
from test_ui_table import STANDARD, scene_app, scene_session, played_out, session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def written(t, monkeypatch, draw) -> tuple[list[tuple[str, pygame.Rect]], list]:
    """The words `draw(painter, surface)` puts on the table, in the order written, each
    with where (a line rendered to measure it and not written is not among them), and
    what it made clickable."""
    words: dict[int, str] = {}  # each line drawn by the words it was drawn from
    real = ink.label

    def named(w, *args, **kwargs):  # (ink.fit draws through it too)
        line = real(w, *args, **kwargs)
        words[id(line)] = w
        return line
    monkeypatch.setattr(ink, "label", named)
    surf = Recorder(t.size)
    p = t.painter([])
    draw(p, surf)
    monkeypatch.undo()
    return [(words[id(src)], rect) for src, rect in surf.blits if id(src) in words], p.hits


def off_field_scene(make_app, size):
    """Four seats' cards Off Field, nine as a four-player game leaves them: six Flash
    Effects lasting this Turn (each seat's), a Quiz endured by Player 3 twice (1 turn
    left) and one by Player 1 (2 turns left)."""
    from scene import Scene
    from test_rules_equip import UPKEEP
    sc = Scene(UPKEEP, seats=4)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0))
    for seat in (0, 1, 2, 3, 0, 1):
        burst = sc.card("burst", seat)
        sc.st.off_field.append(OffField(burst, seat))
        sc.st.add_lasting(Lasting(burst, h, seat, until="turn"))
    for seat, turns in ((2, 1), (2, 1), (0, 2)):
        sc.st.off_field.append(OffField(sc.card("quiz"), seat, (h,), turns))
    sc.turn(MOVE)
    return table(scene_app(make_app, sc, size), scene_session(sc, ["human"] + ["ai:random"] * 3))


@pytest.mark.parametrize("size", SIZES)
def test_nine_cards_off_field_read_how_long_they_last_in_groups(make_app, monkeypatch, size):
    """Nine cards Off Field at four players shared the row equally, 25 px each at
    1280x720, and the line under each was cut to "thi…" or to its count: what is in
    play was unreadable (s42w). Cards that say the same lie together, overlapped, the
    line once under them and whole; every card still shows its seat's mark and is
    pointed at for its face and tooltip, inside the panel."""
    t = off_field_scene(make_app, size)
    said, hits = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    cards = [r for r, k in hits if k[0] == "card"]
    assert len(cards) == 9 and all(t.lay.off_field.contains(r) for r in cards), cards
    assert all(t.lay.off_field.contains(r) for _, r in said), said
    # Each group's line once, whole: in one row or two ("2 P1" over "turns").
    # (in the words a newcomer reads, s47w; at 960x540 the terse ones of the turns)
    assert " ".join(w for w, _ in said[1:]) == ("ends this Turn 1 P3 turn 2 P1 turns" if
                                                size == (960, 540) else
                                                "ends this Turn 1 more P3 turn 2 more P1 turns")
    mark = t.px(12)
    for k, r in enumerate(cards):  # the later cards are drawn over the earlier
        corner = pygame.Rect(r.topleft, (mark, mark))
        assert not any(corner.colliderect(later) for later in cards[k + 1:]), (k, cards)
    assert t.hit(cards[0].move(1, 1).topleft) == hits[0][1]  # its shown edge is its own


@pytest.mark.parametrize("size", SIZES)
def test_twelve_cards_off_field_each_saying_another_thing_all_show(make_app, monkeypatch,
                                                                  size):
    """Twelve endured Disasters, no two with the same line under them (each seat's 1, 2
    and 3 turns left): twelve groups of one. Grouped, the last three fell off the panel's
    end; every card shows, in the panel, its line cut to its count (s30x)."""
    from scene import Scene
    from test_rules_equip import UPKEEP
    sc = Scene(UPKEEP, seats=4)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0))
    for seat in range(4):
        for turns in (1, 2, 3):
            sc.st.off_field.append(OffField(sc.card("quiz"), seat, (h,), turns))
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"] + ["ai:random"] * 3))
    said, hits = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    cards = [r for r, k in hits if k[0] == "card"]
    assert len(cards) == 12 and all(t.lay.off_field.contains(r) for r in cards), cards
    # and once under them what the counts count (s43w)
    assert [w for w, _ in said[1:]] == ["1", "2", "3"] * 4 + ["Numbers: turns left"], said


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_basic_terms_uses_each_card_off_field_says_its_own(make_app, monkeypatch, size):
    """Basic Terms, Uses: each card's uses are its own. Two Global Effects with 2 uses
    left each lay together under one "2 left" (s42w, seen in a played game), which read
    as two between them: a card with uses lies alone, its line under it."""
    from test_effects import scene as effects_scene
    sc = effects_scene()
    sc.char("hero", (0, 0))
    for _ in range(2):
        sc.st.off_field.append(OffField(sc.card("rally"), 0))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    said, hits = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    cards = [r for r, k in hits if k[0] == "card"]
    assert len(cards) == 2 and not cards[0].colliderect(cards[1]), cards
    assert [w for w, _ in said[1:]] == ["2 uses left", "2 uses left"], said


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_seven_global_effects_off_field_each_say_their_uses_whole(make_app, monkeypatch,
                                                                  size):
    """Seven Global Effects, each alone with its uses (2 left), in a four-player game
    (seen at 1920x1080, s42w): their lines were cut to "2", the groups kept 3 gaps apart
    where one would do. Each reads "2 uses" ("2 left" until s69: left of what?), in two
    rows if need be; at 1280x720 seven "uses" do not fit: the counts, and once under
    them what they count. At 1920x1080 too since s69: "2 uses" 6 px apart read as one
    line; lines keep a gap (paint.caption_pad)."""
    from test_effects import scene as effects_scene
    sc = effects_scene(seats=4)
    sc.char("hero", (0, 0))
    for k in range(7):
        sc.st.off_field.append(OffField(sc.card("rally", k % 4), k % 4))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"] + ["ai:random"] * 3))
    said, hits = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    cards = [r for r, k in hits if k[0] == "card"]
    assert len(cards) == 7 and all(t.lay.off_field.contains(r) for r in cards), cards
    assert " ".join(w for w, _ in said[1:]) == "2 " * 7 + "Numbers: uses left", said
    assert all(t.lay.off_field.contains(r) for _, r in said), said


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_seat_s_bonked_count_reads_as_a_player_says_it(make_app, monkeypatch, size):
    """Basic Terms, Bonk: two of a seat's Characters out, their names too long for the
    panel, the row fell back to "Bonked: 2, back next turn", which reads as a score
    (s42w). It says "2 Bonked, back next turn"."""
    from scene import Scene
    from test_ui_window_s30x import LONG_NAMED
    sc = Scene(LONG_NAMED, seats=2)
    sc.location((0, 0))
    sc.char("wall", (0, 0))
    sc.st.seats[0].set_aside = [(sc.card(c), 2) for c in ("kaede2", "daigo2")]
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    said, _ = painted(monkeypatch, t, lambda p, surf: p.seats(surf, t.session.seats,
                                                              ["Deck A", "Deck B"]))
    assert "2 Bonked, back next turn" in said, said
    assert not [w for w in said if w.startswith("Bonked: 2")], said


@pytest.mark.parametrize("seats", [2, 4])
def test_the_phase_bar_marks_no_seat_s_turn_at_game_over(make_app, monkeypatch, seats):
    """Winning the game ends it: no turn follows. The table lingers on the last board
    before the Game over screen, its bar saying "Game over" beside the mark of the seat
    whose turn it was, as if still theirs (s42w). No seat's mark is drawn there then."""
    level = STANDARD if seats == 2 else "levels/four_players.yaml"
    s = session(level, ["human"] + ["ai:random"] * (seats - 1))
    t = table(make_app(), s)
    drawn = []
    real = ink.mark
    monkeypatch.setattr(ink, "mark", lambda seat, *a, **k: drawn.append(seat) or real(seat, *a, **k))
    t.painter([]).bar(pygame.Surface(t.size), t.hint(), [], "")
    assert drawn, "in play, the bar marks whose turn it is"
    played_out(s)  # a whole game between two frames
    t.app.step([], 0.016)  # the table takes the last events, then hands on to Game over
    assert s.result is not None and t.board.view.result is not None
    drawn.clear()
    said, _ = painted(monkeypatch, t, lambda p, surf: p.bar(surf, t.hint(), [], ""))
    assert not drawn and "Game over" in said, (drawn, said)


def hidden_game(tmp_path, card_db):
    """The booth, a visitor's game under way and left alone: the cover is up."""
    app, clock = booth_app(tmp_path, card_db, size=(1280, 720))
    visitor_game_under_way(app, clock)
    frame(app, clock, dt=app.booth.idle_after)
    assert app.booth.covers
    return app, clock


def test_booth_cover_s_new_game_has_a_key_and_says_it(tmp_path, card_db, monkeypatch):
    """Booth mode, "Still playing?": its "Just arrived? New game" was a click only, while
    the booth's other offers have a key each and say it ("Click or press 2", "Click or
    press N"); any key brought the stranger's game back. N starts a new game, as the
    "New game?" offer's N does, and the button says so."""
    from game.ui import booth
    app, clock = hidden_game(tmp_path, card_db)
    old, b = app.session, app.booth
    said = []
    real = booth.text
    monkeypatch.setattr(booth, "text", lambda surface, words, *a, **k: said.append(words)
                        or real(surface, words, *a, **k))
    frame(app, clock, dt=0.1)
    assert "Click or press N" in said, said
    frame(app, clock, key(pygame.K_n))
    assert b.state == "playing" and app.session is not old
    assert b.ended[("one", "put away")] == 1 and b.started["one"] == 2


def test_booth_cover_any_other_key_still_brings_the_game_back(tmp_path, card_db):
    """A key other than N on the cover goes on with the game left there, as before."""
    app, clock = hidden_game(tmp_path, card_db)
    old = app.session
    frame(app, clock, key(pygame.K_SPACE))
    assert app.booth.state == "playing" and app.session is old


def over_scene(make_app, monkeypatch):
    """The game-over screen of a finished quick demo, Rematch caught (not dealt)."""
    from game.ui.app import App
    from test_ui_game_over import ended
    started = []
    monkeypatch.setattr(App, "start_game", lambda self, c: started.append(c))
    app = make_app()
    scene = game_over.GameOverScene(app, ended("one winner"))
    app.reset(scene)
    app.step([], 1 / 60)
    return app, scene, started


def press(app, k: int, dt: float = 1 / 60, up: bool = True) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]
             + ([pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)]
                if up else []), dt)


@pytest.mark.parametrize("k", [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE])
def test_game_over_enter_or_space_is_the_gold_button_once_it_is_read(make_app, monkeypatch, k):
    """The game-over screen did nothing at Enter or Space, where a player expects its
    main (gold) button, Rematch (s42w). It does, once the result has been up a moment:
    pressed for the table as the game ended, they still leave it up (fifth newcomer
    audit), and the button says its keys as the others do."""
    app, scene, started = over_scene(make_app, monkeypatch)
    assert scene.rematch.keys() == "Enter · R" and "Enter" in scene.rematch.hint()
    press(app, k)
    assert not started and app.top is scene  # at once: meant for the table
    app.step([], game_over.SETTLE)
    press(app, k)
    assert len(started) == 1


def test_game_over_a_key_held_from_the_table_deals_no_rematch(make_app, monkeypatch):
    """Space held to hurry the AI as the game ended repeats: its repeats after the
    moment are still the table's, until it is let go."""
    app, scene, started = over_scene(make_app, monkeypatch)
    press(app, pygame.K_SPACE, up=False)
    for _ in range(3):
        press(app, pygame.K_SPACE, game_over.SETTLE, up=False)  # the window's repeats
    assert not started
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode="",
                                 scancode=0)], 1 / 60)
    press(app, pygame.K_SPACE)
    assert len(started) == 1


def test_game_over_enter_presses_the_button_chosen_with_tab(make_app, monkeypatch):
    """Tab, then Enter: the button chosen, not Rematch."""
    app, scene, started = over_scene(make_app, monkeypatch)
    app.step([], game_over.SETTLE)
    press(app, pygame.K_TAB)
    assert scene.form.focus is scene.menu
    press(app, pygame.K_RETURN)
    assert not started and app.top is not scene
