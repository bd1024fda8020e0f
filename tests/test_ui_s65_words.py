"""The s65 newcomer playtest's words: what the bar, the Combat panel and the buttons
say (docs/window.md, s65)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import SCAVENGE  # noqa: E402
from test_rules_duel import duel_scene, fort  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402
from shots import shot, table_shot  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def haven_beside_their_group(make_app, size=(1280, 720)):
    """Seat 0's Scavenge phase: its Haven with Attack beside seat 1's Character, none of
    seat 0's Characters to Scavenge with (R35: the Haven may attack the group)."""
    sc, _, (b,) = duel_scene((), ("hero",))
    fort(sc, (-1, 1), 0)
    sc.turn(SCAVENGE)
    assert A.Challenge(1, (0, 0)) in sc.legal()
    assert not any(isinstance(a, A.Scavenge) for a in sc.legal())
    app = scene_app(make_app, sc, size)
    return sc, table(app, scene_session(sc, ["human", "ai:random"])), b


def test_the_scavenge_hint_says_what_a_glow_offers_when_it_is_no_scavenge(make_app):
    """R35, the s65 playtest: in a Scavenge phase with nothing to Scavenge, a cell with
    another player's group glowed beside the Haven, and nothing said what the glow
    offered until a click (How to play said "glowing Locations can be Scavenged")."""
    from game.ui.scenes.how_to_play import __file__ as page
    sc, t, _ = haven_beside_their_group(make_app)
    said = t.hint()
    assert "glowing cell with another player's Characters to attack their group" in said
    assert "your Haven" in said and said.endswith("End phase.")
    table_shot(t, "s65_scavenge_glow")
    howto = (Path(page).parent / "how_to_play.md").read_text()
    assert "glowing cell with another player's Characters offers a Combat" in howto


def test_the_forecast_with_nobody_attacking_reads_as_sentences(make_app, monkeypatch):
    """R10 (Damage is the Attack total less the Defense): with nobody set to attack and
    all of them together no more than the Disaster's Defense, the Combat panel said
    "Nobody attacks; all attacking, 7 vs Defense 7: no Damage", read as nonsense (s65
    playtest). Each of its ways, the one drawn among them, is sentences."""
    from game.engine.options import Options
    from game.engine.physical import Forecast
    from game.engine.state import MOVE
    from game.ui.table.words import forecast_text
    from scene import Scene
    from test_ui_combat_forecast import CARDS, combat_panel, forecast_line
    from test_ui_combat_panel import painted
    from test_ui_table import click
    said = forecast_text(Forecast(attack=0, defense=7, health=5), 0, most=7)
    for words, _ in said:
        assert ";" not in words and ": no Damage" not in words, words
    assert all("7" in words and "Defense 7" in words for words, _ in said[:-1]), said
    sc = Scene(CARDS + """\
- {id: wall, name: Living Wall, type: disaster, class: major,
   abilities: {attack: 1, defense: 9, movement: 1, charm: 0}}
""", options=Options(charm_combat=False))
    sc.location((0, 0))
    chars = [sc.char(c, (0, 0)) for c in ("daigo", "valen")]
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(sc.disaster("wall", (0, 0))))
    for size in ((1280, 720), (960, 540)):
        t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
        slots = {k: r for r, k in t.hits if k[0] == "plan"}
        for c in chars:
            click(t.app, slots["plan", c, "none"].center)
        said, _ = painted(monkeypatch, t, combat_panel(t))
        line = forecast_line(said)
        assert line.startswith("Nobody attacks") and ";" not in line, (size, line)
        assert "Defense 9" in line, (size, line)
        table_shot(t, f"s65_nobody_{size[0]}")
        t.app.quit()


def test_the_list_button_says_one_thing_for_any_count_and_its_tip_counts(make_app):
    """List of Actions: the bar's button said "1 action (A)" with one, read as a budget
    of actions left, and "List all actions (A)" with more (s65 playtest). One wording
    for any count; the count is the tooltip's."""
    sc, t, _ = haven_beside_their_group(make_app)
    n = len(t.board.legal)
    assert n > 1 and f"{n} actions" in t._list_words()
    labels = [w for w, k in t.bar_buttons() if k == ("all",)]
    t.board.legal = t.board.legal[:1]
    assert [w for w, k in t.bar_buttons() if k == ("all",)] == labels
    assert labels[0][0] == "List actions (A)", labels


def test_the_scavenge_hint_keeps_its_room_beside_a_chosen_characters_button(make_app):
    """At 960x540, a Character chosen at a Location of a long name in the Scavenge
    phase: her "Scavenge Dojo of the Falling Petal (P1)" took the hint's room, and the
    hint stood in a narrow column of two rows beside it (s65 playtest). The button says
    it shorter there, and the hint is drawn in one or two rows of its due width."""
    from test_rules_scavenging import CARDS, at
    sc, (w,) = at("dojo", "woman", cards=CARDS + (
        "- {id: dojo, name: Dojo of the Falling Petal, type: location}\n"))
    assert A.Scavenge((0, 0)) in sc.legal()
    t = table(scene_app(make_app, sc, (960, 540)), scene_session(sc, ["human"]))
    click(t.app, t.unit_rects[w].center)
    if t.menu is not None:  # her menu: only to look (a choice is the panel's)
        t.menu = None
    t._stale = True
    t.app.step([], 0.016)
    assert w in t.selection | {t.inspect}
    keys = [k for _, k in t.hits if k[0] == "act"]
    assert ("act", A.Scavenge((0, 0))) in keys, keys
    table_shot(t, "s65_scavenge_960")
    assert t.hint_rows == (t.resting_hint(),), t.hint_rows  # whole, in one row


def test_a_click_on_another_character_with_a_menu_open_chooses_it(make_app):
    """A click on one's own Character opens a menu of its choices (here its Location's
    Scavenge); the next click, on another Character, only closed it and was taken for
    a dead click (s65 playtest). It closes the menu and chooses that one. And a menu
    by the side panel keeps off its heading ("Looking at: …", which it covered)."""
    from test_rules_scavenging import CARDS, at
    sc, (w, m) = at("plain", "woman", "man", cards=CARDS)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    if t.unit_rects[w].x < t.unit_rects[m].x:  # the menu opens right of the pointer
        w, m = m, w
    click(t.app, t.unit_rects[w].center)
    assert t.menu is not None and t.inspect == w
    assert t.hit(t.unit_rects[m].center) == ("unit", m), t.hit(t.unit_rects[m].center)
    click(t.app, t.unit_rects[m].center)
    assert t.inspect == m, (t.inspect, m)
    t.menu = None
    side = t.lay.inspector
    t._offer([A.Scavenge((0, 0))], (side.left - 60, side.top - 8), "Woman", ask=True)
    head = pygame.Rect(side.x, side.y, side.w, t.lay.px(30))
    assert t.menu is not None and not t.menu.rect.colliderect(head), (t.menu.rect, head)
    table_shot(t, "s65_menu_clear")


def test_a_four_seat_panel_keeps_its_deck_and_kind_beside_the_turn_tag(tmp_path,
                                                                      monkeypatch):
    """Four seats, people at all of them: the short panels' turn tag stood beside the
    line under the title and took from it the deck's name ("Human" under "THEIR
    TURN") or "Human" ("Moonlit Shrine" under "YOUR TURN", s65 playtest). Each panel
    says both, whole, at every size; the person's says "(you)" for "Human" where both
    do not fit (s69)."""
    import test_ui_seat_panels as sp
    from game.ui.app import App
    from game.ui.settings import Settings
    from test_ui_table import FOUR, session, until
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"])
    decks = [d.name for d in s.game.decks]
    for turn in (1, 0):  # THEIR TURN on another's panel, YOUR TURN on one's own
        until(s, lambda s: s.view().phase not in ("setup", "discard")
              and s.view().turn_seat == turn)
        for size in ((1366, 768), (1280, 720), (960, 540)):
            app = App(size, Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
            sp.keys_for_tests(app)
            t = table(app, s)
            said = sp.seat_words(t, monkeypatch)
            monkeypatch.undo()
            assert said[0][0] == "Player 1 (you)", (size, said[0])
            for i, words in enumerate(said):
                assert any(w.endswith(" · " + decks[i]) or i == 0 and w == decks[i]
                           for w in words), (size, i, words)
            assert any("TURN" in w for w in said[turn]), said[turn]
            if size == (1366, 768):
                table_shot(t, f"s65_seats{turn}")
            app.quit()


def test_how_to_play_s_tabs_float_no_key_box(tmp_path):
    """How to play: the tab chosen showed a tooltip of its key alone ("[3]") beside
    it, the key already drawn on the tab (s65 playtest)."""
    from game.ui.app import App
    from game.ui.scenes.how_to_play import HowToPlayScene
    app = App((960, 540), config=tmp_path / "c", data=tmp_path / "d")
    app.reset(HowToPlayScene(app))
    scene = app.top
    assert scene.tabs[2].keys() == "3"  # drawn on the tab
    assert all(not tab.hint() for tab in scene.tabs)
    assert scene.done.hint()  # Back keeps its words


def test_the_game_over_account_leaves_no_word_alone_on_a_row(tmp_path, monkeypatch):
    """Game over, How it went: "Round 17: game over, the players together holding more
    than" over "half." broke the phrase (s65 playtest). Each line is wrapped as evenly
    as its words allow."""
    from test_ui_game_over import drawn, ended
    from game.ui.app import App
    from game.ui.settings import Settings
    from game.ui.scenes import game_over
    app = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    s = ended("one winner")
    line = "Round 17: game over, the players together holding more than half."
    real = game_over.GameOverScene.__init__

    def with_moment(self, *a, **k):
        real(self, *a, **k)
        self.account = dataclasses.replace(self.account, moments=[line])
    import dataclasses
    monkeypatch.setattr(game_over.GameOverScene, "__init__", with_moment)
    scene, words, _ = drawn(app, s, (1280, 720), monkeypatch)
    rows = [w for w, _ in words if w in line]
    assert " ".join(rows) == line and len(rows) == 2, rows
    assert all(len(r.split()) >= 3 for r in rows), rows
    shot(app, "s65_game_over")


def test_a_locations_reason_on_hover_says_what_the_glow_elsewhere_offers(make_app):
    """R35, the s65 playtest: pointed at a Location its Characters may not Scavenge,
    the bar said only why ("…: the group does not meet the requirements: Medic."),
    while cells of another player's group glowed beside the Haven unexplained."""
    sc, _, (b,) = duel_scene((), ("hero",))
    fort(sc, (-1, 1), 0)
    mine = sc.char("hero", (1, 0))
    sc.turn(SCAVENGE)
    assert A.Challenge(1, (0, 0)) in sc.legal() and A.Scavenge((1, 0)) not in sc.legal()
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "ai:random"]))
    t.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=t.unit_rects[mine].center,
                                   rel=(0, 0), buttons=(0, 0, 0))], 0.016)
    said = t.hint()
    assert said.startswith(t.name((1, 0)) + ": nothing is left under"), said
    assert "glowing cell with another player's Characters" in said, said
    table_shot(t, "s65_hover_reason")
