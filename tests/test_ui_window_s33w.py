"""What the thirty-third stop (helper s33w) found at the window (headless scenes, and a
four-player hot-seat game at 1280x720 under Xvfb): the table's rough edges a newcomer
trips on."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine.state import MOVE

import test_ui_table
from test_ui_combat_panel import TITLED
from test_ui_combat_forecast import opened
from test_ui_table import click

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def two_at_home():
    """Seat 0's Reiji and Pawlina in its Haven, Akiko with them, Plains around, in the
    Move phase."""
    from scene import Scene
    sc = Scene(TITLED)
    sc.haven((0, 0))
    for cell in ((1, 0), (2, 0), (1, 1)):
        sc.location(cell)
    chars = [sc.char(c, (0, 0)) for c in ("valen", "pawlina", "akiko")]
    sc.turn(MOVE)
    return sc, chars


def heading(t) -> str:
    """The inspector's heading as painted (the words the panel is given)."""
    from game.ui.table.panels import inspect_panel
    u = t.board.units.get(t.inspect)
    if u is None:
        return "Nothing selected"
    return inspect_panel._heading(t.painter([]), u.card, t.name, 10_000)


@pytest.mark.parametrize("size", [(1280, 720)])
def test_rules_for_movement_a_group_moved_away_is_no_longer_shown_selected(make_app, size):
    """Rules for Movement: a group moves together to a cell in reach. Reiji and Pawlina
    selected and sent to a Plain, the inspector went on saying "Selected: Pawlina" over
    no lit token (the group was let go: a click on a cell no longer moved her). The
    group moved away and let go, the inspector lets go too."""
    sc, (reiji, pawlina, akiko) = two_at_home()
    s, t = opened(make_app, sc, size)
    click(t.app, t.unit_rects[reiji].center)
    click(t.app, t.unit_rects[pawlina].center)
    assert t.selection == {reiji, pawlina} and t.inspect == pawlina
    click(t.app, t.lay.cells[(1, 0)].center)
    t.app.step([], 0.016)
    assert s.record.actions[-1] == A.Move((reiji, pawlina), (1, 0))
    assert not t.selection
    assert t.inspect is None, heading(t)


@pytest.mark.parametrize("size", [(1280, 720)])
def test_rules_for_movement_a_character_let_go_of_is_not_shown_selected(make_app, size):
    """Rules for Movement: a Character clicked again leaves the group chosen. The
    inspector kept "Selected: Pawlina" over her unlit token; it now shows one still
    chosen, or nothing when none is."""
    sc, (reiji, pawlina, akiko) = two_at_home()
    s, t = opened(make_app, sc, size)
    click(t.app, t.unit_rects[reiji].center)
    click(t.app, t.unit_rects[pawlina].center)
    click(t.app, t.unit_rects[pawlina].center)
    assert t.selection == {reiji} and t.inspect == reiji, heading(t)
    click(t.app, t.unit_rects[reiji].center)
    assert not t.selection and t.inspect is None, heading(t)


def recruit_scene():
    """Seat 0's Haven, Reiji at a Plain beside it, Pawlina in the hand, in the Equip
    phase: the scene and her card."""
    from scene import Scene
    from game.engine.state import EQUIP
    sc = Scene(TITLED)
    sc.haven((0, 0))
    sc.location((1, 0))
    sc.location((2, 0))
    sc.char("valen", (1, 0))
    pawlina, = sc.hand(0, "pawlina")
    sc.turn(EQUIP)
    return sc, pawlina


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_equip_phase_a_character_dragged_from_the_hand_says_it_enters_at_the_haven(
        make_app, size):
    """Equip Phase: "You may play 1 Characters from your hand into your Haven." Dragged
    from the hand, a Character's card said "Let go here to play Pawlina" over the Haven,
    and the bar's "Drag a card from your hand onto a glowing target" elsewhere: where
    she would enter, and why there, went unsaid. Both now say it."""
    from test_ui_drop_haven import carry
    sc, pawlina = recruit_scene()
    s, t = opened(make_app, sc, size)
    assert t.board.drop_targets(("card", pawlina), set()) == {("haven",): A.PlayCard(pawlina)}
    home = t.lay.cells[(0, 0)].center
    carry(t.app, t, t.hand_rects[pawlina].center, t.lay.cells[(1, 0)].center)
    held = t.hint()
    assert held.startswith(f"{t.name(pawlina)} enters play in your Haven") and \
        "glowing" in held, held
    carry(t.app, t, t.lay.cells[(1, 0)].center, home)
    assert t.drop_target(home, t.drag[3]) == ("haven",)
    assert t.hint() == (f"Let go here to play {t.name(pawlina)} into your Haven: a "
                        "Character from the hand enters play there."), t.hint()
    t.app.step([test_ui_table.mouse(pygame.MOUSEBUTTONUP, home)], 0.05)
    assert s.record.actions[-1] == A.PlayCard(pawlina)


SIREN = TITLED + """\
- {id: siren, name: Sea Siren, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 1, charm: 9}}
"""


@pytest.mark.parametrize("size", [(1280, 720)])
def test_charm_combat_charming_the_whole_group_holds_a_beat_and_says_so(tmp_path, size):
    """Charm Combat: "If all the Characters at a Location are Charmed, the Disaster will
    take an Item from the Location if one is there and leave on the next Turn";
    "Charmed Characters cannot attack the Disaster until the Disaster attacks them". Daigo fights a Siren who out-charms him: the Combat began
    and ended in one step, no panel showed, and the bar said "Click your Characters,
    then a glowing cell" at once, the contest's words rising for under a second. The
    table now holds a beat: the bar says what the Charm did, the bar's buttons wait,
    and then the phase's words come back."""
    from scene import Scene
    from test_ui_camera_hand import normal_app, settle
    from test_ui_table import scene_session
    from game.ui.faces import FaceCache
    from game.ui.table import panels
    sc = Scene(SIREN)
    sc.haven((0, 0))
    sc.location((1, 0))
    sc.location((2, 0))
    daigo = sc.char("daigo", (1, 0))
    siren = sc.disaster("siren", (1, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    s = scene_session(sc, ["human"])
    app = normal_app(tmp_path, size)
    app.db, app.faces = sc.db, FaceCache(sc.db)
    t = test_ui_table.table(app, s)
    settle(app, 1.0)
    assert t.send(A.Fight(siren))
    assert s.view().combat is None  # over in that one step
    for _ in range(10):  # half a second: the contest's words still rising
        app.step([], 0.05)
    said, short = t.hint(), panels.short_names(t.painter([]), [daigo], t.name)
    assert f"{t.name(siren)} Charmed {short[daigo]}: the Combat is over" in said, said
    assert "leaves next Turn" in said and "until it attacks them" in said, said
    assert t.bar_buttons() == []
    settle(app, 1.0)
    assert t.fight_behind(), t.hint()  # still readable a second on
    settle(app, 4.0)
    assert not t.fight_behind() and "End phase" in t.hint(), t.hint()


KINDS = "".join(f"- {{id: trinket{k}, name: Trinket {k}, type: item}}\n" for k in range(8))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rules_for_havens_many_cards_under_a_selected_character_stay_readable(make_app, size):
    """Rules for Havens: "Havens are where you store Equipment, extra Characters, and
    Items"; a Character there may take them up. Daigo, selected in his Haven, carries
    the Cannon, ten Training Montages and six Hats, and the Haven stores twelve Hats
    and four other Items: his own cards shrank to 14 px wide, unreadable, and the
    Haven's row showed eight of its sixteen, the rest cut by the panel's edge. Copies
    of a card are now one face with its count, and every kind of card shows inside the
    inspector at 28 px or more, a drag's source."""
    from scene import Scene
    from test_ui_window_s32v import GEAR
    sc = Scene(TITLED + GEAR + KINDS)
    sc.haven((0, 0), stored=["hat"] * 12 + [f"trinket{k}" for k in range(4, 8)])
    sc.location((1, 0))
    daigo = sc.char("daigo", (0, 0), equipment=["cannon"], enhancements=["montage"] * 10,
                    items=["hat"] * 6)
    sc.turn(MOVE)
    s, t = opened(make_app, sc, size)
    click(t.app, t.unit_rects[daigo].center)
    t.app.step([], 0.016)
    u = t.board.units[daigo]
    faces: dict = {}  # each card's widest hit: a count's chip takes the last copy (s54)
    for r, k in t.hits:
        if k[0] == "card" and k[1] != daigo and t.lay.inspector.colliderect(r):
            faces[k[1]] = max(faces.get(k[1], r), r, key=lambda q: q.w)
    kinds = {t.board.card_id(i) for i in [*u.equipment, *u.enhancements, *u.items]
             + [i for _, i in t.board.stored()]}
    assert {t.board.card_id(i) for i in faces} == kinds, faces
    assert all(t.lay.inspector.contains(r) and r.w >= t.px(28) for r in faces.values()), faces


@pytest.mark.parametrize("size", [(1280, 720)])
def test_scavenging_nowhere_the_bar_says_why_before_how_to_carry(make_app, size):
    """Rules for Scavenging: a group Scavenges a Location only with what its card asks.
    In the first Scavenge phase of a four-player game (s33w, 1280x720) Kaede, carrying
    a Gyrocopter, stood where her group lacked the card's skill: the bar said only
    "Click Kaede Ironside and drag the Equipment she carries ... or End phase", and
    why nothing glowed came only under the pointer. The bar now says why first, then
    End phase, as it does where there is nothing to carry."""
    from scene import Scene
    from test_ui_window_s32v import ACCESS, GEAR
    from game.engine.state import SCAVENGE
    sc = Scene(TITLED + GEAR + ACCESS)
    sc.haven((0, 1))
    sc.location((0, 0), "office", under=["gem"])
    sc.char("valen", (0, 0), equipment=["cannon"])
    sc.turn(SCAVENGE)
    assert A.Scavenge((0, 0)) not in sc.legal() and any(
        isinstance(a, A.Drop) for a in sc.legal())
    s, t = opened(make_app, sc, size)
    why = s.why_not(A.Scavenge((0, 0)))
    said = t.resting_hint()
    assert said == t.plain(f"{t.name((0, 0))}: {why}.") + " End phase.", said



@pytest.mark.parametrize("size", [(1280, 720)])
def test_basic_terms_running_away_the_cells_to_run_to_glow_as_moves_do(make_app, size,
                                                                       monkeypatch):
    """Basic Terms, Run Away: the survivors choose where to run. The bar said "click a
    glowing cell to run to", but those cells had only the thin gold outline of any
    click, lost on the orange frame of the player's own Haven (s33w, four players at
    1280x720: none seemed to glow). They now glow and are washed pale as a move's
    cells are."""
    from scene import Scene
    from test_ui_combat_panel import GEARED
    from game.ui.table.frame import TableFrame
    sc = Scene(GEARED)
    sc.haven((1, 0))
    for cell in ((0, 0), (0, 1), (-1, 0)):
        sc.location(cell)
    sc.char("valen", (0, 0))
    brute = sc.disaster("brute", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(brute), A.RunAway())
    runs = {a.cell for a in sc.legal() if isinstance(a, A.RunTo)}
    assert runs and sc.st.combat.stage == "run", sc.legal()
    washed = []
    lit = TableFrame._lit
    monkeypatch.setattr(TableFrame, "_lit", lambda self, surface, key, colour, width,
                        over=False: (washed.append(key) if over else None,
                                     lit(self, surface, key, colour, width, over)))
    s, t = opened(make_app, sc, size)
    t.app.step([], 0.016)
    assert {("cell", c) for c in runs} <= set(washed), (runs, washed)


@pytest.mark.parametrize("moved,slot,failed", [(True, True, False), (False, True, False),
                                               (True, False, False), (True, True, True),
                                               (True, False, True)])
def test_the_pause_menu_says_in_words_whether_the_game_is_kept(make_app, monkeypatch, moved,
                                                                slot, failed):
    """The game is saved after every move; the pause menu said so only in the tooltip
    of Quit to menu, which a newcomer about to leave never hovers (s33w): they feared
    losing the game. Its box says it in a line, or that a game nobody has moved in yet
    is not kept; and not "saved" with every slot full or the last save failed (a
    review: it said so there too), nor "every slot" full where a slot's lock failed."""
    from scene import Scene
    from game.ui.scenes import pause
    sc = Scene(TITLED)
    sc.haven((0, 0))
    sc.location((1, 0))
    reiji = sc.char("valen", (0, 0))
    sc.turn(MOVE)
    s, t = opened(make_app, sc, (1280, 720))
    if moved:
        assert t.send(A.Move((reiji,), (1, 0)))
    drawn = []
    real = pause.text
    monkeypatch.setattr(pause, "text", lambda surface, words, *a, **k: (
        drawn.append(words), real(surface, words, *a, **k))[1])
    if not slot:
        t.app.saves.held = None
    if failed:  # once the save under way is written (reading save_error waits for it)
        assert t.app.save_error == ""
        t.app.save_error = "The game could not be saved: the disk is full."
    t.app.push(pause.PauseScene(t.app, s))
    t.app.step([], 0.016)
    said = "Nobody has moved yet: this game is not kept." if not moved \
        else "Not saved: saving failed." if failed \
        else "Not saved: every save slot holds a game." if not slot \
        else "Saved after every move: Continue goes on with it."
    assert said in drawn, drawn
