"""What a newcomer at the window (helper s29w) reported and left: a click on another
button while a menu asked "Cost: ... Confirm/Cancel" only closed the menu, unsaid; a
refused move let the whole group go."""
from __future__ import annotations

import pytest

import test_ui_shell
import test_ui_table
from test_ui_cost import costly_fight, walker_button
from test_ui_table import click, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
shell_app = test_ui_shell.app  # the fixture: the window on its title, cards loaded once


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_button_clicked_while_a_confirmation_asks_does_what_it_says(make_app, size):
    """Ready Walker asked "Cost: 1 Energy ... Confirm / Cancel"; the person clicked
    Attack in the Combat's panel instead: the menu closed and Attack stayed unchosen,
    with nothing said. Now the click closes the menu (paying nothing) and chooses
    Attack."""
    sc, valen, walker = costly_fight()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, size), s)
    before = len(s.record.actions)
    click(t.app, walker_button(t).center)
    assert t.menu is not None
    attack = next(r for r, k in t.hits if k == ("plan", valen, "attack"))
    assert not t.menu.rect.collidepoint(attack.center)
    click(t.app, attack.center)
    assert t.menu is None and len(s.record.actions) == before  # nothing paid
    assert t.plan.get(valen) == "attack"


def test_a_click_that_only_closes_a_confirmation_says_nothing_was_paid(make_app):
    """A click on the Field (no button there) closes the confirmation, and the bar says
    it was not confirmed: before, the menu just went away."""
    sc, valen, walker = costly_fight()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc), s)
    before = len(s.record.actions)
    click(t.app, walker_button(t).center)
    t.message = ("", 0)
    spot = next((x, y) for x in range(5, t.size[0], 20) for y in range(5, t.size[1], 20)
                if t.hit((x, y)) is None)
    click(t.app, spot)
    assert t.menu is None and len(s.record.actions) == before
    assert "Not confirmed" in t.message[0] and t.message[1] > 0


def test_a_refused_move_keeps_the_group_chosen(make_app):
    """Three Characters chosen, a click on a Planetary Location none of them may enter
    said why (R: only Characters with the Planetary symbol enter it) and let the whole
    group go: the person chose the three again. The group stays chosen, and the next
    click on a glowing cell moves them all."""
    from test_rules_items import CARDS
    from scene import Scene
    from game.engine import actions as A
    from game.engine.state import MOVE
    sc = Scene(CARDS + """\
- {id: port, name: Rust Port, type: location, categories: [Planetary]}
""", seats=2)
    sc.location((0, 0))
    sc.location((1, 0), card="port")
    sc.location((0, 1))
    sc.haven((1, 1))
    group = {sc.char("hero", (0, 0)) for _ in range(3)}
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    for c in sorted(group):
        click(app, t.unit_rects[c].center)
    assert t.selection == group
    tile = t.lay.cells[(1, 0)]
    spot = next((x, y) for y in range(tile.bottom - 4, tile.top, -6)
                for x in range(tile.right - 4, tile.left, -6)
                if t.hit((x, y)) == ("cell", (1, 0)))
    click(app, spot)
    assert "Planetary" in t.message[0] and not s.record.actions
    assert t.selection == group
    click(app, t.lay.cells[(0, 1)].center)
    assert s.record.actions == [A.Move(tuple(sorted(group)), (0, 1))]


def test_disasters_that_read_alike_on_the_field_are_numbered(make_app):
    """Two copies of one Disaster on the Field (from two decks, or one) had one token
    label, and the log and the Combat panel one name: "Kaiju attacks Kaede" could be
    either (a newcomer's four-player game: two "Kaiju", two "Swarm" at once). As a
    player's twin Characters are, each is numbered, on its token, in its name and in
    the Combat's words alike; a Disaster alone of its name is not."""
    from scene import Scene
    from game.engine import actions as A
    from game.engine.options import Options
    from game.engine.state import MOVE
    from game.ui.table.panels import combat_namer
    from test_ui_cost import COSTLY
    sc = Scene(COSTLY + """\
- {id: crow, name: Angry Tengu Crow, type: disaster, class: minor,
   abilities: {attack: 4, defense: 2, movement: 2, charm: 1}}
""", seats=2, options=Options(charm_combat=False))
    for x in range(3):
        sc.location((x, 0))
    valen = sc.char("valen", (0, 0))
    first = sc.disaster("brute", (0, 0))
    second = sc.disaster("brute", (1, 0), seat=1)
    crow = sc.disaster("crow", (2, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(first))
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc), s)
    assert {t.name(first), t.name(second)} == {"Brute #1", "Brute #2"}
    assert t.name(crow) == "Angry Tengu Crow" and valen not in t.board.numbers
    assert t._log_name(first) == t.name(first)
    said = combat_namer(t.painter([]), t.board.view.combat, t.name)
    assert said(first) == t.app.faces.token_name("brute") + f" #{t.board.numbers[first]}"


def test_the_level_s_words_say_the_round_limit_chosen_and_its_tip_no_rule_number(
        shell_app, monkeypatch):
    """New game: Four players' "All four themed decks on one crowded Field, 40 rounds."
    stayed under a Round limit set to 10; and the Round limit's tooltip said "(R14 d)",
    meaningless to a newcomer: it says in words what happens then."""
    from game.ui.scenes.new_game import NewGameScene
    from test_ui_shell import choose, drawn_text, open_scene
    scene = open_scene(shell_app, NewGameScene)
    choose(shell_app, scene.level_choice, scene.levels[3])
    assert "40 rounds" in scene.level.description
    choose(shell_app, scene.limit_choice, 10)
    words = " ".join(w for w, _ in drawn_text(monkeypatch, shell_app))
    assert "10 rounds (the level's: 40)" in words and "40 rounds" not in words
    assert scene.config(seed=1).round_limit == 10
    tip = scene.limit_choice.hint()
    assert "R14" not in tip and "Items" in tip and "Disasters" in tip
    choose(shell_app, scene.limit_choice, None)  # the level's own: its words as written
    assert scene.level.description in " ".join(w for w, _ in drawn_text(monkeypatch,
                                                                            shell_app))
