"""The window's words a newcomer reads, checked against the rulebook (the fifty-sixth
stop's playtest)."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine.cardfile import load_cards
from game.engine.options import Options
from game.engine.state import MOVE
from game.ui.table import popups

import test_ui_table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def test_a_haven_card_says_how_another_haven_comes_into_play_rulebook_havens():
    """Rulebook, Havens: "To add an additional Haven to the Field, 3 Characters must
    remain at a Location for 2 Turns doing nothing except 'building' access to the
    Haven. You may then place the Haven adjacent to the Location during the next Equip
    phase." A second Haven sat in a newcomer's hand all game: its card's words said only
    "its owner's safe base", and a click alone told how (a red note for three seconds)."""
    db = load_cards()
    havens = [cd for cd in db.cards.values() if cd.type == "haven"]
    assert havens
    for cd in havens:
        told = [w for w in popups.keywords(cd) if w.startswith("Another Haven")]
        assert len(told) == 1, (cd.id, popups.keywords(cd))
        assert "3 of your Characters at a Location" in told[0]
        assert "for 2 Turns" in told[0] and "next to that Location" in told[0]
        assert "Equip phase" in told[0]
    others = [cd for cd in db.cards.values() if cd.type != "haven"]
    assert not any(w.startswith("Another Haven") for cd in others for w in popups.keywords(cd))


@pytest.mark.parametrize("disaster, advised", [("salaryman", True), ("wall", False)])
def test_attack_is_advised_only_where_the_group_s_attack_can_hurt_r10(make_app, monkeypatch,
                                                                     disaster, advised):
    """R10: Damage is the attackers' Attack total less the Disaster's Defense, never
    below 0. With nobody set to attack, the line said "choose Attack to hurt it" to a
    playtester whose only Character had 3 Attack against Defense 5. Against the
    Salaryman (Defense 3) the two's 2 + 4 Attack hurts it; against a wall of Defense 9
    it says that all of them attacking would do no Damage, and advises nothing."""
    from scene import Scene
    from test_ui_combat_forecast import CARDS, combat_panel, forecast_line
    from test_ui_combat_panel import painted
    from test_ui_table import click, scene_app, scene_session, table
    sc = Scene(CARDS + """\
- {id: wall, name: Living Wall, type: disaster, class: major,
   abilities: {attack: 1, defense: 9, movement: 1, charm: 0}}
""", options=Options(charm_combat=False))
    sc.location((0, 0))
    chars = [sc.char(c, (0, 0)) for c in ("daigo", "valen")]
    foe = sc.disaster(disaster, (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(foe))
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for c in chars:
        click(t.app, slots["plan", c, "none"].center)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    line = forecast_line(said)
    assert line.startswith("Nobody attacks"), line
    assert ("choose Attack to hurt it" in line) == advised, line
    if not advised:
        assert "6 would not beat its Defense 9" in line, line
    t.app.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_hand_card_pointed_at_in_a_combat_leaves_the_panel_s_buttons_clear(make_app, size):
    """A hand card pointed at rises whole, and stays what a click hits while the pointer
    is on it: in a Combat it rose over the panel's foot, so Run Away and the forecast
    hid under it, and the pointer on its way up to Run Away met the card first
    (playtest). The card large beside the pointer (the zoom) shows it whole anyway."""
    from scene import Scene
    from test_ui_combat_forecast import CARDS
    from test_ui_table import mouse, scene_app, scene_session, table
    from game.ui.table.frame import CONTROLS
    sc = Scene(CARDS, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.char("daigo", (0, 0))
    foe = sc.disaster("salaryman", (0, 0))
    sc.hand(0, *["sword"] * 5)
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(foe))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    controls = [r for r, k in t.hits if k[0] in CONTROLS]
    assert any(k == ("act", A.RunAway()) for _, k in t.hits)
    assert len(t.hand_rects) == 5
    for r in list(t.hand_rects.values()):
        t.app.step([mouse(pygame.MOUSEMOTION, (r.centerx, r.bottom - 4), 0)], 0.016)
        t.app.step([], 0.016)
        assert t.raised is not None
        assert t.raised[1].collidelist(controls) == -1, (t.raised[1], controls)
    t.app.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_person_s_own_short_seat_panel_keeps_the_deck_beside_the_turn_tag(make_app,
                                                                             monkeypatch, size):
    """Four seats' short panels put 'YOUR TURN' on the line under the title, and where
    kind and deck did not both fit beside it the deck went: a playtester's panel read
    'Player 2 (you)', 'Human', with Moonlit Shrine, their deck, nowhere. The title says
    "(you)": the deck stays, the word Human goes."""
    from test_ui_seat_panels import seat_words
    from test_ui_table import session, table, until
    s = session("levels/four_players.yaml", ["ai:random", "human", "ai:random", "ai:random"])
    until(s, lambda s: s.view().phase not in ("setup", "discard") and s.human_to_act())
    deck = s.game.decks[1].name
    t = table(make_app(size), s)
    drawn = seat_words(t, monkeypatch)[1]
    assert "YOUR TURN" in drawn and any(w in (deck, f"Human · {deck}") for w in drawn), drawn
    t.app.quit()


def test_a_group_dragged_follows_the_pointer_whole(make_app):
    """Two Characters chosen to move together, one picked up: only its token followed
    the pointer, and a playtester read the move of both, which the bar named, as a move
    of one. Each token of the group follows, the one picked up in front; let go on a
    cell, both move there (Basic Terms, Group: they move together)."""
    from scene import Scene
    from test_ui_combat_forecast import CARDS
    from test_ui_table import click, mouse, scene_app, scene_session, table
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    pair = [sc.char(c, (0, 0)) for c in ("daigo", "mika")]
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    for c in pair:
        click(t.app, t.unit_rects[c].center)
    assert t.selection == set(pair)
    token = t.unit_rects[pair[0]].w
    start = t.unit_rects[pair[0]].center
    t.app.step([mouse(pygame.MOUSEMOTION, start, 0), mouse(pygame.MOUSEBUTTONDOWN, start),
                mouse(pygame.MOUSEMOTION, (start[0] + 40, start[1]))], 0.016)
    key, pic = t.drag[0], t.drag[1]
    assert key == ("unit", pair[0])
    step = token // 3
    assert pic.get_size() == (token + step, token + step)
    # The other's token shows beyond the first's, down and to the right.
    corner = (token + step - 2, token + step - 2)
    assert pic.get_at(corner).a > 0 and pic.get_at((token + 2, 2)).a == 0
    cell = next(r for r, k in t.field_hits if k == ("cell", (1, 0)))
    t.app.step([mouse(pygame.MOUSEMOTION, cell.center)], 0.016)
    t.app.step([mouse(pygame.MOUSEBUTTONUP, cell.center)], 0.016)
    assert sc.st.units[pair[0]].pos == sc.st.units[pair[1]].pos == (1, 0)
    t.app.quit()


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_how_to_play_renders_only_the_lines_in_view(tmp_path, size):
    """The Rulings page was made as one surface 20,000 pixels tall each time it was
    opened: a third of a second at 1920x1080, nearly one at 3840x2160. Its lines are
    laid out once and rendered as they scroll into view; the last one shows at the end."""
    from game.ui.app import App
    from game.ui.scenes.how_to_play import HowToPlayScene
    app = App(size, config=tmp_path / "c", data=tmp_path / "d")
    app.resize(size)
    app.reset(HowToPlayScene(app))
    scene = app.top
    scene.show(len(scene.pages) - 1)  # the Rulings
    app.step([], 1 / 60)
    page, inner = scene.body(), scene.inner()
    assert page.height > 5 * inner.height  # a long page...
    shown = [rect for item, rect in page.items if isinstance(item, pygame.Surface)]
    assert shown and all(r.top <= inner.height for r in shown)  # ...rendered where seen
    scene.scroll_by(1e9)
    app.step([], 1 / 60)
    last = page.items[-1]
    # (the page may end in a blank below it: its last screen starts on a whole line, s73)
    assert isinstance(last[0], pygame.Surface) and \
        scene.scroll <= last[1].top and last[1].bottom <= page.height - round(10 * scene.scale)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_bar_always_offers_what_only_a_button_does(make_app, size):
    """Rules for Scavenging: a Disaster still face down under the Location is turned
    over, or the player stops. On a shared screen in the last round ("Player 2: "
    before the hint, "Round 10 of 10 · last round" beside the phase), the bar left out
    "Turn over the next Disaster", which no click on the table offers: a playtester
    found the way on only in the All-actions list. What only a button does is always
    on the bar, the hint wrapped in the room it leaves."""
    from scene import Scene
    from test_rules_scavenging import CARDS as SCAVENGING
    from test_ui_table import scene_app, scene_session, table
    from game.engine.state import SCAVENGE
    sc = Scene(SCAVENGING, seats=2, options=Options(round_limit=10))
    sc.st.rounds = 9  # the last round
    sc.location((0, 0), "plain", under=["gloom", "gloom", "idol"])
    sc.char("woman", (0, 0), seat=1)
    sc.turn(SCAVENGE, seat=1)
    sc.do(A.Scavenge((0, 0)))
    assert set(sc.legal()) == {A.ContinueScavenging(), A.StopScavenging()}
    s = scene_session(sc, ["human", "human"])
    t = table(scene_app(make_app, sc, size), s)
    s.take_seat()
    t.app.step([], 0.016)
    keys = [k for _, k in t.hits]
    assert ("act", A.ContinueScavenging()) in keys and ("act", A.StopScavenging()) in keys, keys
    t.app.quit()


def test_a_curtain_for_a_disaster_s_attack_in_another_s_turn_says_so_first_r22(make_app):
    """R22: a Disaster moved onto a group in its owner's Maintenance phase attacks it.
    The curtain calling Player 1 said "Combat against Ogre: Player 1 decides", and the
    news of it was cut: five lines of what came near Player 1's Characters went first
    ("and 4 more: the game log has them", a playtest). It says what attacks whose
    group, where and in whose phase; and the Combat is the news read first."""
    from scene import Scene
    from test_rules_combat import CARDS as COMBAT
    from test_ui_table import scene_app, scene_session, table
    from game.engine.state import MOVE as MOVE_PHASE
    sc = Scene(COMBAT, seats=2)
    for x in range(3):
        sc.location((x, 0), under=["ring"] * (x == 2))  # an Item to play for
    sc.char("tank", (0, 0), seat=0)
    ogre = sc.disaster("ogre", (1, 0), seat=1, brought_by=1)  # Movement 1: onto the Tank
    sc.turn(MOVE_PHASE, seat=1)
    s = scene_session(sc, ["human", "human"])
    t = table(scene_app(make_app, sc), s)
    s.take_seat()
    while s.state.combat is None:  # Player 2's turn, Player 1's, then Player 2's Maintenance
        s.act(A.EndPhase())
    assert s.state.combat.seat == 0 and s.state.turn_seat == 1
    t.app.step([], 0.016)
    reason, (_, news), _ = t.curtain_words(0)
    at = t._log_name((0, 0))
    assert reason == (f"{t._log_name(ogre)} attacks Player 1's group at {at} in Player 2's "
                      "Maintenance phase: Player 1 decides"), reason
    # What matters most, more than what came near Player 1's Characters (the Ogre's
    # walk), told after the walk that led to it (s62).
    assert min(news, key=lambda w: w.rank) == f"Combat! Player 1 against {t._log_name(ogre)}"
    assert news == [f"{t._log_name(ogre)} moved to {at}",
                    f"Combat! Player 1 against {t._log_name(ogre)}"], news
    t.app.quit()


def test_animation_speed_is_a_scale_that_stops_at_its_ends(tmp_path):
    """Settings: Animation speed went on from Instant to Slow, a step right that
    slowed the game most (a playtest). Its options are an order: Left stops at Slow,
    Right at Instant; Colour-blind-safe marks, On or Off, still goes round."""
    from game.ui.app import App
    from game.ui.scenes.settings_scene import SettingsScene
    from test_ui_shell import key
    app = App((1280, 720), config=tmp_path / "c", data=tmp_path / "d")
    app.reset(SettingsScene(app))
    app.step([], 1 / 60)
    scene = app.top
    for k, ends in ((pygame.K_LEFT, "slow"), (pygame.K_RIGHT, "instant")):
        for _ in range(6):
            key(app, k)
        assert app.settings.anim_speed == ends, k
    assert app.top is scene
    key(app, pygame.K_LEFT)
    assert app.settings.anim_speed == "fast"
    scene.marks.adjust(1)
    scene.marks.adjust(1)  # On and Off go round
    assert app.settings.colorblind_marks is False
    app.quit()


def test_the_guided_game_says_which_role_each_scripted_declaration_takes_and_why():
    """The guided game between its steps declared as the easy AI would, and said
    "attacks, protects a friend, or stays out" over each: a playtester held Torao back
    three rounds running beside the panel's "choose Attack to hurt it", with no word of
    why. Each scripted declaration names its Character, its button and what it does;
    a Hold back says it is the lesson's, every choice the person's once it ends."""
    from game.cli import load_games
    from game.engine import apply
    from game.ui import guide
    game = load_games("levels/quick_demo.yaml", 2)[0]
    script = guide.find_script(game)
    st = game.new_state(guide.SEED)
    said = {}
    for a in script.actions:
        if isinstance(a, A.Declare) and st.current_seat() == 0:
            said[a.role] = guide._between(st, a)[1]
            assert game.card(a.char).name in said[a.role], said[a.role]
        apply(st, a)
    assert said.keys() >= {"attack", "none"}, said  # the opening declares both
    assert "glowing Attack" in said["attack"]
    assert "glowing Hold back" in said["none"] and "the lesson keeps" in said["none"]


def test_flash_effects_waiting_under_the_top_one_are_told_rules_for_flash_effects(make_app):
    """Rules for Flash Effects: each answers the one before it, and they resolve last
    played first. Player 1 played a Zap, Player 2 answered with theirs: asked in turn,
    Player 1 was told only of Player 2's Zap, theirs under it said nowhere (a playtest).
    The bar and the curtain say what waits under the top one, in the order it resolves."""
    from scene import Scene
    from test_rules_timing import CARDS as TIMING
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(TIMING, seats=2)
    sc.location((0, 0))
    mine = sc.char("hero", (0, 0))
    theirs = sc.char("hero", (0, 0), seat=1)
    zap, _ = sc.hand(0, "zap", "zap")  # Player 1 may answer again
    answer, = sc.hand(1, "zap")
    sc.turn(MOVE)
    sc.do(A.PlayCard(zap, mine), A.PlayCard(answer, theirs))
    s = scene_session(sc, ["human", "human"])
    t = table(scene_app(make_app, sc), s)
    said = t.curtain_words(0)[0]
    assert said.endswith(f"Then, waiting under it: Player 1's Zap on "
                         f"{t._log_name(mine)}."), said
    s.take_seat()
    assert f"Player 2 played the Flash Effect Zap on {t.name(theirs)}" in t.hint()
    assert t.hint().endswith(f"Then, waiting under it: Player 1's Zap on "
                             f"{t.name(mine)}."), t.hint()
    t.app.quit()
