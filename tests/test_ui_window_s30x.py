"""What a newcomer at the window (helper s30w) reported: a Combat card reshuffled into
its pile still drawn face up in the combat panel; the pause menu showing, dimmed, the
hand of the person on turn in a game several people share; a warning about one action
left on screen through the next; a bar button that went as the pointer reached it;
an inspector that read against itself; a tooltip missing a word; a card zoomed at once under the pointer that took the seat; a click
lost as the view glid; counts Off Field cut to "2 l…"; an "Ability" button that said
not which; marks on the Field nothing explained; "Bonked: 2 Characters, back ne…"; a slow
first drag."""
from __future__ import annotations

import random

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.options import Options
from game.engine.state import MOVE

import test_ui_table
from test_ui_window_s28z import ARMS
from test_ui_table import DEMO, click, drag, key, scene_app, scene_session, session, \
    set_up_face_up, space, table
from test_ui_watching import FRAME, normal_speed
from zones import hidden_from

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

WALL = """\
- {id: wall, name: Wall Kaede, type: character, gender: female,
   abilities: {attack: 1, defense: 9, movement: 2, charm: 1, energy: 1}}
- {id: moth, name: Paper Moth, type: disaster, class: minor,
   abilities: {attack: 1, defense: 9, movement: 1, charm: 0}}
- {id: jab, name: Jab, type: combat, physical: {}, charm: {}}
- {id: feint, name: Feint, type: combat, physical: {}, charm: {}}
- {id: lunge, name: Lunge, type: combat, physical: {}, charm: {}}
"""


def endless_fight(begun: bool = True):
    """Kaede fights the Moth, neither able to hurt the other: a Combat of many rounds,
    each drawing two cards from a Combat pile of three (seed 0: round 2 draws Lunge,
    then Jab from the discard reshuffled, and Feint stays in the pile, face down).
    Not `begun`: the Move phase, the Fight for the player to begin."""
    from scene import Scene
    sc = Scene(WALL, seed=0, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    kaede = sc.char("wall", (0, 0))
    moth = sc.disaster("moth", (0, 0))
    piles = sc.combat_pile(0, "jab", "feint", "lunge")
    sc.turn(MOVE)
    if begun:
        sc.do(A.Fight(moth))
    return sc, kaede, piles


def fight_round(t, kaede) -> None:
    click(t.app, next(r for r, k in t.hits if k == ("plan", kaede, "attack")).center)
    click(t.app, next(r for r, k in t.hits if k == ("fight",)).center)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_combat_card_reshuffled_into_its_pile_is_not_drawn_r7(make_app, size):
    """R7: a Combat pile run out is reshuffled from its discard, and what is in a pile
    is face down. Round 2 drew the round-1 cards back into the pile (one of them left
    there); while round 2's hits played, the combat panel, drawn from the Board before
    them, showed it face up for over a second (a four-player game: 92-110 frames)."""
    sc, kaede, (jab, feint, lunge) = endless_fight()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, size), s)
    fight_round(t, kaede)  # round 1 (instant): Jab and Feint drawn, then discarded
    assert t.board.view.combat.round == 2 and not t.fight_behind()
    normal_speed(t.app, t)
    fight_round(t, kaede)
    assert feint in s.state.seats[0].combat  # the reshuffle left it in the pile
    # ... and among the three cards drawn last, those the panel shows
    assert feint in [e.card for e in s.log if isinstance(e, E.CombatCard)][-3:]
    frames = 0
    while t.fight_behind() and frames < 600:
        assert not set(t.shown) & hidden_from(s.state, 0), frames
        t.app.step([], FRAME)
        frames += 1
    assert frames > 10  # the round's hits played, and were checked, frame by frame


def test_the_pause_menu_of_a_shared_screen_shows_nobody_s_hand(make_app):
    """Two people at one screen: the pause menu dimmed the table and drew the hand of
    the person on turn under it; one who paused and walked off showed it to the next.
    With more than one person playing it is drawn over the table hidden, as the
    curtain hides it; with one, over the table dimmed."""
    from game.ui.scenes.pause import PauseScene
    for seats, hidden in ((["human", "human"], True), (["human", "ai:random"], False)):
        s = session(DEMO, seats, seed=2)
        app = make_app()
        t = table(app, s)
        if hidden:
            set_up_face_up(app, s, random.Random(2))
            space(app)  # the person on turn sits down: their hand shows
        app.step([], 0.016)
        assert t.shown and t.curtain_button is None
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScene)
        t.shown = []
        app.step([], 0.016)
        assert (t.shown == []) == hidden


def test_a_warning_goes_once_the_next_action_is_done(make_app):
    """"Sergeant Daigo Hatakeyama carries Dragonfly Gyrocopter but cannot use it: needs
    Pilot" was said as he took it, then stayed in red while the person dragged it on to
    Kaede and after she had it, the log saying so above: it read as the drag's error.
    A warning says what one action did; the next action done takes it away."""
    from scene import Scene
    from game.engine.state import MOVE
    sc = Scene(ARMS)
    sc.location((0, 0))
    sc.location((1, 0))
    reiji = sc.char("reiji", (0, 0))
    kaede = sc.char("kaede", (0, 0), equipment=["cannon"])
    cannon = sc.unit(kaede).equipment[0]
    sc.turn(MOVE)
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc), s)
    assert t.send(A.Transfer(cannon, kaede, reiji))
    assert "cannot use it: needs Weapons" in t.message[0]
    click(t.app, t.unit_rects[reiji].center)  # the inspector shows what he carries
    assert "cannot use it" in t.message[0] and t.message[1] > 0
    drag(t.app, t._card_rect(cannon).center, t.unit_rects[kaede].center)
    assert s.record.actions[-1] == A.Transfer(cannon, reiji, kaede)
    assert not t.message[0] or t.message[1] <= 0, t.message


SCAVENGERS = WALL + """\
- {id: drydock, name: Orbital Drydock Kestrel, type: location}
- {id: freighter, name: Crash-Landed Star Freighter, type: location,
   requires: {skills: {Pilot: 1, Computer: 1}}}
- {id: idol, name: Golden Idol, type: item}
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_bar_button_stays_under_the_pointer_that_reaches_it(make_app, size):
    """Scavenge phase, the pointer on a Location the group may not Scavenge: the bar
    said why in a few words and offered "Scavenge Orbital Drydock Kestrel" beside
    them. Moved onto that button, the pointer left the Location: the bar's words went
    back to the phase's long hint, which took the button's room, and the click there
    did nothing (a newcomer's "Scavenge button did nothing", s30w). A button the
    pointer reaches is there to click."""
    from scene import Scene
    from game.engine.state import SCAVENGE
    sc = Scene(SCAVENGERS, seats=2)
    sc.location((0, 0), "drydock", under=["idol"])
    sc.location((1, 0), "freighter", under=["idol"])
    sc.char("wall", (0, 0))
    sc.char("wall", (1, 0))
    sc.char("wall", (0, 0), seat=1)  # another player's: the phase's words grow longer
    sc.turn(SCAVENGE)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    rest = t.lay.cells[(1, 0)].center
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, rest, 0)], 0.016)
    t.app.step([], 0.016)
    assert "Pilot" in t.hint()  # the pointer's Location: why not, in few words
    buttons = [(r, k) for r, k in t.hits if t.lay.bar.contains(r)]
    assert len(buttons) >= 2
    for r, k in buttons:
        t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, rest, 0)], 0.016)
        t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, r.center, 0)], 0.016)
        t.app.step([], 0.016)
        assert t.hit(r.center) == k, (k, t.hint())


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_nothing_selected_says_how_to_select_before_the_havens_stores(make_app, monkeypatch,
                                                                      size):
    """"Nothing selected" stood right above "Your Haven: Forward Base Anvil — Stored
    here", read as the Haven selected and the heading wrong. How to select comes
    first, under the heading, then what the Havens store."""
    from test_ui_combat_panel import painted
    from game.ui.table import panels
    from scene import Scene
    sc = Scene(SCAVENGERS)
    sc.location((0, 0))
    sc.haven((1, 0), stored=["idol"])
    sc.char("wall", (0, 0))
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.inspector(p, surf, None, t.name))
    haven = next(k for k, w in enumerate(said) if w.startswith("Your Haven: "))
    assert said[0] == "Nothing selected"
    assert said[1].startswith("Click a Character") and haven > 1, said


def test_a_combat_elsewhere_takes_the_one_looked_at_out_of_the_inspector(make_app):
    """"Selected: Doc Ishimaru Tonbo" stayed in the inspector all through a Combat he
    had no part in, at another Location. Once a Combat begins, one looked at elsewhere
    leaves the inspector; one where it is fought stays."""
    for where, stays in (((1, 0), False), ((0, 0), True)):
        sc, kaede, _ = endless_fight(begun=False)
        tonbo = sc.char("wall", where)
        s = scene_session(sc, ["human"])
        t = table(scene_app(make_app, sc), s)
        click(t.app, t.unit_rects[tonbo].center)
        assert t.inspect == tonbo
        moth = next(u.card for u in t.board.view.units if u.disaster)
        assert t.send(A.Fight(moth))
        for _ in range(5):
            t.app.step([], FRAME)
        assert t.board.view.combat is not None
        assert (t.inspect == tonbo) == stays, where


def test_every_gloss_of_an_ability_reads_whole():
    """"Attack: added to the group's to hit one target." (the group's what?). Each
    ability's gloss that says what it is added to names it."""
    from game.ui.table.words import GLOSSARY
    for word, line in GLOSSARY.items():
        assert "'s to " not in line and "'s." not in line, (word, line)
    assert GLOSSARY["attack"] == "Attack: added to the group's Attack to hit one target."


def test_taking_the_seat_zooms_nothing_till_the_pointer_moves(make_app):
    """After "I am Player 2" the pointer sat where that button was, on the Field: the
    Haven there rose at once, large, with its tooltip, over what the person sat down to
    see. As after any click, nothing is zoomed where it landed till the pointer moves."""
    def seat_taken_at(spot):
        s = session("levels/four_players.yaml", ["human", "human", "ai:random", "ai:random"])
        # The set-up played to the first curtain (its choices at random, as
        # set_up_face_up's), then the table opened on it: no frames drawn on the way.
        rng = random.Random(2)
        while s.handoff() is None:
            s.act(rng.choice(s.legal())) if s.human_to_act() else s.poll()
        app = make_app()
        t = table(app, s)
        app.step([], 0.016)
        button = t.curtain_button
        click(app, spot or button.center)
        assert s.handoff() is None and t.curtain_button is None
        for _ in range(40):
            app.step([], 0.016)
        return t, button

    t, button = seat_taken_at(None)  # where the table has a card under the button
    spot = next((x, y) for y in range(button.top + 2, button.bottom - 2, 4)
                for x in range(button.left + 2, button.right - 2, 4)
                if t.hit((x, y)) is not None and t.hit((x, y))[0] in ("cell", "unit", "card"))
    t, _ = seat_taken_at(spot)
    assert t._hover_card() is None
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, (spot[0] + 1, spot[1]), 0)], 0.016)
    assert t._hover_card() is not None  # moved: it is zoomed as ever


def test_a_click_on_a_cell_the_glide_took_out_of_sight_still_acts_on_it(tmp_path):
    """The pointer on a glowing cell, the view glid by itself (a new decision brought
    into view) and took that cell out of sight; the click was dropped: "What you aimed
    at moved out of sight as the view moved: nothing was chosen" (a newcomer's deals in
    the set-up, lost with no reason they could see). The click acts on the cell aimed
    at, as when it is still in sight (test_ui_camera_hand)."""
    from test_ui_camera_hand import at_haven, normal_app, press, settle
    from test_ui_table import FOUR, laid, mouse, until
    s = laid(FOUR, 4)
    until(s, at_haven)
    app = normal_app(tmp_path, (1280, 720))
    t = table(app, s)
    settle(app)
    b, cam = t.board, t.camera
    unit = min(b.movable)
    click(app, t.unit_rects[unit].center)
    reach = sorted(c for c in b.reachable({unit}) if t.seen().contains(t.lay.cells[c]))
    aimed = reach[0]
    spot = t.lay.cells[aimed].center
    app.step([mouse(pygame.MOUSEMOTION, spot, 0)], 0.016)
    assert t.hit(spot) == ("cell", aimed)
    x0, y0, x1, y1 = cam.bounds
    goal = next(g for g in (cam._rest((x, y)) for x in range(x0, x1 + 1)
                            for y in range(y0, y1 + 1))
                if abs(g[0] - aimed[0]) + abs(g[1] - aimed[1]) > 3)
    cam.goal, sent = goal, len(s.record.actions)
    while cam.goal is not None:
        app.step([], 0.05)
    assert not t.seen().contains(t.lay.cells[aimed]) and t.seen().collidepoint(spot)
    press(app, spot)
    assert s.record.actions[sent:] == [A.Move((unit,), aimed)], t.message


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_eight_cards_off_field_read_their_counts_whole(make_app, monkeypatch, size):
    """Eight Global Effects and endured Disasters Off Field share the panel's row, each
    card narrower than "2 turns" or "2 left" in the smallest type: they read "2 t…",
    "2 l…". The count alone, "2", read whole (the tooltip says of what). (The cards
    are as large as the panel's height lets: two rows of eight would be smaller.)
    Since s42w cards that say the same lie together, overlapped, their line once under
    them: here all eight, "2 P1 turns" whole."""
    from scene import Scene
    from game.engine.state import OffField
    from test_ui_combat_panel import painted
    from test_rules_equip import UPKEEP
    sc = Scene(UPKEEP)
    sc.location((0, 0), under=["idol"])
    h = sc.char("hero", (0, 0))
    for _ in range(8):
        sc.st.off_field.append(OffField(sc.card("quiz"), 0, (h,), 2))
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    said, hits = painted(monkeypatch, t, lambda p, surf: p.off_field(surf))
    cards = [r for r, k in hits if k[0] == "card"]
    assert len(cards) == 8 and all(t.lay.off_field.contains(r) for r in cards)
    assert not any(w.endswith("…") for w in said), said
    assert "2 more P1 turns" in said, said


def test_the_bar_says_in_full_what_a_button_under_the_pointer_does(make_app):
    """"Ability on Daigo" and "Ability" in a Combat row said not which ability nor what
    it does (the row has room for a word). With the pointer on such a button the bar
    says it whole, as the list of all actions does."""
    from scene import Scene
    from test_ui_combat_panel import SEER
    sc = Scene(SEER, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    sc.char("seer", (0, 0))
    crow = sc.disaster("crow", (0, 0))
    sc.disaster("hex", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(crow))
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    buttons = [(r, k[1]) for r, k in t.hits if k[0] == "act" and isinstance(k[1], A.UseCard)]
    assert len(buttons) == 2
    for r, a in buttons:
        t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, r.center, 0)], 0.016)
        assert t.hint() == f"A click here: {t.act_words(a)}." and t.hint_rows, t.hint()
        assert t.act_words(a) != "Ability" and t.name(a.target).split()[-1] in t.hint()


def test_the_playing_here_page_explains_the_field_s_marks():
    """The orange arrowheads between Locations and the "#1" on a token had no tooltip,
    and "Playing here" said nothing of them (a newcomer asked whether the arrows were
    the Disasters' path). It says what each is."""
    from pathlib import Path
    import game.ui.scenes as scenes
    text = (Path(scenes.__file__).parent / "how_to_play.md").read_text(encoding="utf-8")
    page = text.split("# Playing here", 1)[1].split("\n# ", 1)[0]
    assert "arrowheads" in page and "Disasters' path" in page
    assert '"#1"' in page and "Items it carries" in page


LONG_NAMED = WALL + """\
- {id: kaede2, name: Kaedeironsidehatakeyamatokorozawa, type: character,
   gender: female, abilities: {attack: 1, defense: 1, movement: 2, charm: 1, energy: 1}}
- {id: daigo2, name: Daigohatakeyamatokorozawaironside, type: character,
   gender: male, abilities: {attack: 1, defense: 1, movement: 2, charm: 1, energy: 1}}
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_seat_s_bonked_row_says_when_they_are_back_whole(make_app, monkeypatch, size):
    """Basic Terms, Bonk: out for a full Turn. Two of a seat's Characters Bonked, their
    names too long for its panel: the row fell back to "Bonked: 2 Characters, back
    next turn" and was cut to "... back ne…" at 1920x1080. When they are back is
    what the row is for: "2 Bonked, back next turn" (the tooltip names them; s42w: it
    said "Bonked: 2, back next turn", which no player says)."""
    from scene import Scene
    from test_ui_combat_panel import painted
    sc = Scene(LONG_NAMED, seats=2)
    sc.location((0, 0))
    sc.char("wall", (0, 0))
    out = [sc.card("kaede2"), sc.card("daigo2")]
    sc.st.seats[0].set_aside = [(c, 2) for c in out]
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    said, _ = painted(monkeypatch, t, lambda p, surf: p.seats(surf, t.session.seats,
                                                              ["Deck A", "Deck B"]))
    bonked = [w for w in said if "Bonked" in w and "back" in w]
    assert bonked and all(not w.endswith("…") for w in bonked), bonked
    assert any("back next turn" in w for w in bonked), bonked


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hand_s_cards_are_drawn_ahead_at_the_size_they_are_dragged(make_app, size):
    """The first card dragged in a game answered in 755 to 1234 ms (seven runs of a
    newcomer's): cProfile put 58 ms of 181 in drawing the card that follows the
    pointer, a face at a width nothing had drawn (its type sizes loaded then). The
    hand's cards are drawn ahead at that width too, as at the hand's."""
    s = session("levels/standard_2p.yaml", ["human", "ai:random"])
    app = make_app(size)
    t = table(app, s)
    app.idle(50.0)  # the spare time between frames: faces queued and drawn ahead
    for left in iter(lambda: app.faces.work(1000.0), 0):
        pass
    held = [t.board.card_id(i) for i in (*t.board.hand, *t.board.to_place())]
    width = min(t.px(64), min(r.w for r in t.hand_rects.values()))  # input.picture's
    assert held and all(app.faces.has(("face", c, width)) for c in held), width


def test_no_frame_draws_a_card_put_face_down_by_the_last_action_r7(make_app):
    """R7, and the window draws only what the viewer's view shows now. An action may be
    sent in a frame's update and the frame painted before the table takes its events
    and builds its Board (a plan for two Characters: Fight! sends the first declaration,
    the table the second, which resolves the round, go_on_fighting). That frame was
    painted from the Board of the action before, and drew face up the Combat cards the
    round had reshuffled into the face-down pile (found in a two-person game by mouse:
    three cards, after a Combat's fifth round). Round 2 draws Lunge, then Jab from the
    discard reshuffled; Feint stays in the pile. Declared behind the table's back, then
    drawn: no card the view no longer shows."""
    sc, kaede, (jab, feint, lunge) = endless_fight()
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc, (1280, 720))
    t = table(app, s)
    fight_round(t, kaede)  # round 1: Jab and Feint drawn, then discarded, face up
    t.app.step([], FRAME)
    assert {jab, feint} <= set(t.shown)  # the panel shows the round's cards
    s.act(A.Declare(kaede, "attack"))  # round 2, sent as go_on_fighting sends it
    assert feint in s.state.seats[0].combat
    t.draw(app.screen)
    assert not set(t.shown) & hidden_from(s.state, 0)
