"""What a newcomer met playing whole games through the window (s73 newcomer): the
standard game at 1280x720, four-seat hot seat at 1920x1080 and 1280x720."""
from __future__ import annotations

import os
from dataclasses import replace

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import actions as A  # noqa: E402

import test_ui_table  # noqa: E402
from shots import shot  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_a_character_in_a_full_haven_still_offers_transform_in_its_panel(make_app, size):
    """Rules for Transforming Characters: the Move phase's hint says "To Transform a
    Character instead, click it: its panel offers it". A newcomer's Ume (four_players,
    1280x720) stood in her own Haven with Equipment, the Haven storing two cards: the
    panel kept the stored cards' room and dropped the Transform button, so the click the
    hint asks for offered nothing. The buttons come before the stored cards' size (they
    shrink, else go to words: the Haven's own panel shows them to drag)."""
    from test_rules_transforming import scene as transformer
    sc, ume, _ = transformer()
    sc.st.take_unit(ume)
    home = sc.st.places[(1, 0)]
    sc.st.places[(1, 0)] = replace(home, under=tuple(sc.cards(["gem", "kettle", "gem",
                                                                "ribbon"])))
    ume = sc.char("ume", (1, 0), items=["gem", "gem"], equipment=["kettle"],
                  enhancements=["ribbon"])
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    change = A.Transform(ume)
    assert change in s.legal() and "Transform" in t.hint()
    click(app, t.unit_rects[ume].center)
    assert t.inspect == ume
    shot(app, f"transform-{size[0]}")
    button = next((r for r, k in t.hits if k == ("act", change)
                   and t.lay.inspector.contains(r)), None)
    assert button is not None, "her panel offers no Transform"
    before = len(s.record.actions)
    click(app, button.center)
    assert s.record.actions[before:] == [change]


def _four_seat_account():
    """The account of a four-seat game a newcomer ended at 1280x720 (s73): two-row
    tallies, five lines of where the Items ended, 58 moments."""
    from game.ui.scenes.account import Account
    from game.ui.table.popups import Headline
    acc = Account()
    for seat, (beat, bonks, killed) in enumerate([(9, 1, 0), (10, 5, 0), (6, 1, 1), (1, 9, 1)]):
        acc.defeated[seat], acc.bonked[seat], acc.killed[seat] = beat, bonks, killed
    acc.items = ["Player 1 holds 6: 3 carried, 3 in their Haven.",
                 "Player 2 holds 4: 1 carried, 3 in their Haven.",
                 "Player 3 holds 4, in their Haven.", "Player 4 holds 1, in their Haven.",
                 "The Disasters control 3: 2 Destroyed at the end of a Disaster's path, "
                 "1 Destroyed by a card.",
                 "Under the Locations lie 10: 6 never found, 4 dropped by Disasters."]
    acc.moments = [Headline(f"Round {1 + k // 5}: Player {1 + k % 4} beat Bounty Drone.", 2)
                   for k in range(57)] + [Headline(
                       "Round 13: game over, the players together holding more than half.", 0)]
    return acc


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_four_seat_game_over_account_stays_in_its_panel(make_app, monkeypatch, size):
    """What the game over says of how it went (Rules R14, its tally) is read in its panel:
    at 1280x720 a four-seat game's "…and 58 earlier moments" was drawn under the "How it
    went" panel, between its border and the Rematch button, and no moment in it. Every
    line stays inside; a line counting moments left out is drawn only with room."""
    from game.engine.state import Result
    from game.ui.scenes import game_over
    from test_ui_game_over import drawn
    from test_ui_table import laid
    s = laid("levels/four_players.yaml", 4)
    s.state.result = Result((0,), False, "items")
    monkeypatch.setattr(game_over, "tell", lambda *a: _four_seat_account())
    scene, words, _ = drawn(make_app(size), s, size, monkeypatch)
    shot(scene.app, f"gameover-{size[0]}")
    box = scene.px(660, 176, 540, 420)  # the panel, as the scene lays it out
    inside = box.inflate(-2 * scene.px(0, 0, 8, 8).w, -2 * scene.px(0, 0, 8, 8).h)
    mine = [(w, r) for w, r in words if r.left >= box.left and r.top >= box.top]
    assert any("Player 4" in w for w, _ in mine)
    outside = [w for w, r in mine if not inside.contains(r)]
    assert not outside, outside
    counted = [w for w, _ in mine if "moment" in w]
    if counted:  # said only over a moment told
        assert any(w.startswith("Round") for w, _ in mine), counted


def test_a_character_s_use_on_itself_says_himself():
    """A Character's ability used on itself (Mr. Tadashi Kokuban's Study session: "one
    of your Characters at his Location gains Genius", himself among them): the inspector's
    button read "Use Mr. Tadashi Kokuban on Mr. Tadashi Kokuban: gains Genius"."""
    from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
    from game.ui.table.words import action_text
    db = load_cards(DEFAULT_CARDS_DIR)
    cards = {1: db["tadashi-kokuban"]}
    names = {1: "Mr. Tadashi Kokuban", 2: "Okami Fumiko Yumoto"}
    said = action_text(A.UseCard(1, 0, 1), names.get, cards.get)
    assert said.startswith("Use Mr. Tadashi Kokuban on himself"), said
    assert action_text(A.UseCard(1, 0, 2), names.get, cards.get).startswith(
        "Use Mr. Tadashi Kokuban on Okami Fumiko Yumoto")


def test_a_haven_card_dragged_onto_a_location_says_how_a_haven_comes_into_play(make_app):
    """Rules for Havens: a second Haven is built (access built by Characters at a
    Location), never played. A click on it says so and how (s48); a newcomer's drag of
    it onto a Location said only "Can't do that: Haven cards are not played from the
    hand", and not how. The drop says what the click says."""
    from test_ui_newcomer_s48 import _unplayable
    from test_ui_table import STANDARD, drag, session, until
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: s.view().phase in ("equip", "move") and any(
        s.game.card(c).type == "haven" for c in s.view().seats[0].hand))
    t = table(make_app(), s)
    card = _unplayable(s, t, "haven")
    assert card is not None
    cell = next(c for c, pl in t.board.places.items() if pl.kind == "location"
                and t.seen().contains(t.lay.cells[c]))
    before = len(s.record.actions)
    t.message = ("", 0.0)
    drag(t.app, t.hand_rects[card].center, t.lay.cells[cell].center)
    said = t.message[0]
    assert len(s.record.actions) == before
    assert f"{t.name(card)} is not played from the hand:" in said, said
    assert "build access" in said, said


def test_an_enhancement_let_go_on_its_haven_s_cell_says_onto_whom(make_app):
    """Equip Phase: an Enhancement is played on one of the player's Characters in their
    Haven. A newcomer dropped one on the Haven itself and read the engine's words for a
    typed command, "...in your Haven: name one". The drop says onto whom to drag it."""
    from scene import Scene
    from game.engine.state import EQUIP
    from test_ui_table import drag
    sc = Scene("- {id: pal, name: Pal, type: character, gender: male,\n"
               "   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}\n"
               "- {id: ribbon, name: Ribbon, type: enhancement, bonuses: {attack: \"+1\"}}\n"
               "- {id: gem, name: Gem, type: item}\n")
    sc.location((1, 0), under=["gem"])
    sc.haven((0, 0))
    pal = sc.char("pal", (0, 0))
    ribbon = sc.hand(0, "ribbon")[0]
    sc.turn(EQUIP)
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    assert A.PlayCard(ribbon, pal) in s.legal()
    before = len(s.record.actions)
    t.message = ("", 0.0)
    drag(app, t.hand_rects[ribbon].center, t.lay.cells[(0, 0)].move(0, 20).midtop)
    said = t.message[0]
    app.step([], 0.016)
    shot(app, "enhancement-drop")
    assert len(s.record.actions) == before, s.record.actions[before:]
    assert "name one" not in said and said.endswith("drag it onto Pal"), said


def test_the_disaster_s_attack_line_keeps_what_befalls_each_whole(monkeypatch):
    """Physical Combat: what the Disaster's attack would do this round is said under the
    group's forecast. A newcomer's read (standard_2p, 1280x720, its 452 px) "Its 7 against
    Defense 11: Daigo takes no Damage and Hornet-Cl…": who takes the hit cut off. Where
    no way with the numbers fits, what befalls each is said whole without them."""
    from game.engine.physical import Blow, Strike
    from game.ui.table import forecast, ink
    from game.ui.table.words import strike_outcome, strike_text
    pygame.font.init()
    names = {1: "Daigo", 2: "Kaede", 3: "Hornet-Class Battle Walker"}.get
    s = Strike(7, 11, (Blow(1, 0, 5, 5, None), Blow(2, 1, 3, 3, 3)))
    drawn, fit = [], ink.fit

    def spy(words, px, width, *a, **kw):
        out = fit(words, px, width, *a, **kw)
        drawn.append(ink.cut(words, px, width, bool(a[1]) if len(a) > 1 else False))
        return out
    monkeypatch.setattr(ink, "fit", spy)

    from types import SimpleNamespace as Stub
    monkeypatch.setattr(forecast, "planned_strike", lambda *a: s)
    p = Stub(px=lambda v: v, b=Stub(view=None))
    c = Stub(protectors=[2], to_declare=[], disaster=9, target=1)
    assert not any(forecast.ink.font(13, True).size(w)[0] <= 452 for w, _ in
                   strike_text(s, names))  # no way with the numbers fits
    forecast.strike(p, pygame.Surface((452, 20)), c, {}, pygame.Rect(0, 0, 452, 20), names)
    assert any(w.startswith(strike_outcome(s, names)) for w in drawn), drawn
    assert any("Hornet-Class Battle Walker takes it" in w for w in drawn), drawn


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_row_kept_out_by_a_vehicle_says_why_whole(make_app, monkeypatch, size):
    """Rules for Equipment, Vehicles: the others in the group cannot engage in Combat
    while it goes. Where the person has no declaration to make (the Combat watched, or
    over), each kept-out row says why beside its name: at 1920x1080 a newcomer read
    "Polaris-9 kept out by your Di…" (a Dinghy). Shorter words where the whole do not
    fit, never a cut Vehicle."""
    import test_ui_combat_forecast as cf
    from scene import Scene
    from test_ui_combat_panel import painted
    from game.engine.options import Options
    from game.engine.state import MOVE
    sc = Scene(cf.RIDE.replace("name: Battle Walker", "name: Hornet-Class Battle Walker"),
               options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    chars = {c: sc.char(c, (0, 0), equipment=["walker"] if c == "daigo" else ())
             for c in cf.GROUP}
    salaryman = sc.disaster("salaryman", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    walker, = sc.unit(chars["daigo"]).equipment
    sc.do(A.UseEquipment(walker, chars["daigo"]), A.Fight(salaryman))
    s, t = cf.opened(make_app, sc, size)
    monkeypatch.setattr(type(t.board), "legal", property(lambda b: []), raising=False)
    said, _ = painted(monkeypatch, t, cf.combat_panel(t))
    t.app.step([], 0.016)
    shot(t.app, f"kept-out-{size[0]}")
    rows = [w for w in said if "kept out" in w.lower() or w.endswith("…")]
    assert rows, said
    assert not [w for w in rows if w.endswith("…")], rows


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_haven_s_row_in_the_duel_grid_is_named_whole(make_app, monkeypatch, size):
    """Rules for Havens (R35): a Haven with Attack fights from next door in a Combat
    between players, a row of the viewer's in the duel panel's grid. At 1920x1080 it read
    "Forward …" (Forward Base Anvil), the names' column a sixth of the panel: where its
    name does not fit, the row says "Haven"."""
    from test_rules_duel import CARDS, duel_scene as rules_duel, fort
    from test_ui_combat_panel import duel_panel, painted
    cards = CARDS.replace("name: Fort,", "name: Forward Base Anvil,")
    sc, _, _ = rules_duel(("leon", "dailey", "dull"), ("hero", "tank"), cards=cards)
    fort(sc, (0, 1), 0)
    sc.do(A.Challenge(1, (0, 0)))
    s = scene_session(sc, ["human", "human"])
    t = table(scene_app(make_app, sc, size), s)
    if s.handoff() is not None:
        s.take_seat()
        t.app.step([], 0.016)
    said, _ = painted(monkeypatch, t, duel_panel(t))
    t.app.step([], 0.016)
    shot(t.app, f"duel-haven-{size[0]}")
    assert "Leon" in said and not [w for w in said if w.startswith("Forward") and
                                   w.endswith("…")], said
    assert "Haven" in said or "Forward Base Anvil" in said, said
