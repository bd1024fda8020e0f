"""The s58 stop's findings at the window."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import test_ui_table  # noqa: E402

from game.ui.table.panels.duel_panel import duel_sides  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

LONG_HINT = ("Charm Combat: a Character not Charmed may try to free a Charmed one (its Free "
             "buttons), or go on to physical Combat where your group fights the Disaster "
             "with everything it has, and the Disaster gets its own attack back, round "
             "after round until one side is Defeated.")  # three rows, the bar's room kept


def _inked_rows(surf: pygame.Surface, area: pygame.Rect) -> list[int]:
    """The rows of `area` where the hint's gold ink lies (text antialiased on the bar)."""
    out = []
    for y in range(area.top, area.bottom):
        if any((c := surf.get_at((x, y))).r > 140 and c.g > 95 and c.b < 90
               for x in range(area.left, area.right)):
            out.append(y)
    return out


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_a_three_row_hint_keeps_its_ink_inside_the_bar(make_app, size):
    """A hint of three rows (Charm Combat's, beside a chosen Character's buttons) was
    spaced a line apart and centred by lines, not ink: at 1280x720 its last row's
    descenders lay on the bar's foot, at 1024x600 they were cut ("Disaster qets")."""
    from test_ui_combat_forecast import charm_break
    from test_ui_table import scene_app, scene_session, table
    sc, _ = charm_break()
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    t.hint = lambda: LONG_HINT
    t.app.step([], 0.016)
    assert len(t.hint_rows) == 3, t.hint_rows  # every row drawn, none cut to two
    # Drawn again on a blank window: what the Field covers on the table shows here.
    bar, surf = t.lay.bar, pygame.Surface(t.app.screen.get_size())
    t._paint_bar(t.painter([]), surf)
    buttons = [r for r, k in t.hits if bar.contains(r)]  # their rims are gold too
    inked = _inked_rows(surf, pygame.Rect(0, 0, min(r.left for r in buttons), surf.get_height()))
    assert bar.top < inked[0] and inked[-1] < bar.bottom - 1, (inked, bar)
    t.app.quit()


HEX = """\
- {id: hex, name: General Hex, type: disaster, class: major,
   abilities: {attack: 6, defense: 4, movement: 1}}
- {id: imp, name: Cellar Imp, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
"""


def test_the_duel_panel_sides_a_disaster_with_its_ally_not_the_deck_it_came_from(make_app):
    """Combat Between Players, Allying with Characters: an allied Disaster fights for the
    player it is allied with, and a Disaster allied with nobody takes no part. The panel
    sided every Disaster by its deck: Player 1's dealt Hex stood in "Player 1 attacks"
    with its Attack 6 (a 1024x600 playtest), though it fought for nobody."""
    from test_ui_table import DUEL_CARDS, duel_scene, scene_app, scene_session, table
    sc, mine, theirs = duel_scene(cards=DUEL_CARDS + HEX)
    dealt = sc.disaster("hex", (0, 0))  # Player 1's deck's, allied with nobody
    imp = sc.disaster("imp", (0, 0), seat=0)
    sc.st.ally_unit(sc.st.units[imp], 1)  # Player 1's deck's, allied with Player 2
    t = table(scene_app(make_app, sc, (1024, 600)), scene_session(sc, ["human", "human"]))
    t.app.step([], 0.016)
    d = t.board.view.duel
    sides = {seat: [u.card for u in us]
             for seat, us in duel_sides(t.painter([]), d).items()}
    assert sides == {0: sorted(mine), 1: sorted(theirs) + [imp]}, (sides, dealt)
    t.app.quit()


def test_a_double_click_that_starts_a_booth_game_does_not_take_the_two_players_offer(
        tmp_path, card_db):
    """Issue 17, the booth: a click on the show starts a one-player game and "Two
    players?" comes up under the pointer; a double-click's second click took it, and a
    lone visitor sat behind "Player 1, take the seat / Everyone else, look away" (a
    playtest). A click on the offer sooner than HASTY after the start is the first's
    double-click; a later one is meant."""
    from test_booth import booth_app, click, frame, key
    from game.ui.booth import HASTY
    app, clock = booth_app(tmp_path / "a", card_db)
    frame(app, clock, key(pygame.K_RETURN))
    spot = app.booth.two_button.center  # where the offer comes up
    app.quit()
    app, clock = booth_app(tmp_path / "b", card_db)
    frame(app, clock, click(spot))
    assert app.booth.kind == "one" and app.booth.two_button is not None
    frame(app, clock, click(spot), dt=HASTY / 2)
    assert app.session.seats.count("human") == 1 and app.booth.kind == "one"
    frame(app, clock, click(spot), dt=HASTY)
    assert app.session.seats == ["human", "human"]


def test_attack_is_not_advised_when_those_still_to_declare_cannot_hurt_it_r10(
        make_app, monkeypatch):
    """R10: Damage is the attackers' Attack total less the Disaster's Defense. Daigo
    (Attack 2) held back, leaving Valen (4) to declare against Defense 5: the line still
    said "choose Attack to hurt it", counting the Attack of one who had held back (a
    playtest: Kaede held back, Daigo's 6 against Defense 7). It counts those still to
    declare, and says that even they would do no Damage."""
    from scene import Scene
    from game.engine import actions as A
    from game.engine.options import Options
    from game.engine.state import MOVE
    from test_ui_combat_forecast import CARDS, forecast_line
    from test_ui_combat_panel import painted
    sc = Scene(CARDS + """\
- {id: keeper, name: Gate Keeper, type: disaster, class: major,
   abilities: {attack: 1, defense: 5, movement: 1, charm: 0}}
""", options=Options(charm_combat=False))
    sc.location((0, 0))
    daigo, valen = sc.char("daigo", (0, 0)), sc.char("valen", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(sc.disaster("keeper", (0, 0))))
    said, _ = painted(monkeypatch, *_table(make_app, sc))
    assert "choose Attack to hurt it" in forecast_line(said)  # 2 + 4 against 5
    sc.do(A.Declare(daigo, "none"))
    assert sc.st.pending[-1].to_declare == [valen]
    said, _ = painted(monkeypatch, *_table(make_app, sc))
    line = forecast_line(said)
    assert "choose Attack to hurt it" not in line and "4 would not beat its Defense 5" in line, line


def _table(make_app, sc):
    """The table on a scene as it stands, and its Combat panel's drawing."""
    from test_ui_combat_forecast import combat_panel
    from test_ui_table import scene_app, scene_session, table
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    return t, combat_panel(t)


def test_a_click_on_the_character_the_move_phase_opened_on_keeps_it_chosen(make_app):
    """Move phase: "Click your Characters, then a glowing cell". The phase opens with the
    Character looked at in the Equip phase chosen (s31w); a newcomer then clicked it, as
    the bar says, and the click let it go without a word (a playtest: the glow went,
    "Nothing selected"). That click keeps it chosen and says so; a second lets it go."""
    from game.engine import actions as A
    from test_ui_table import click
    from test_ui_window_s31w import kaede_looked_at_then_move
    t, s, kaede = kaede_looked_at_then_move(make_app)
    app = t.app
    assert t.selection == {kaede}
    click(app, t.unit_rects[kaede].center)
    assert t.selection == {kaede} and "is chosen" in t.message[0], t.message
    click(app, t.unit_rects[kaede].center)
    assert t.selection == set()
    click(app, t.unit_rects[kaede].center)  # chosen by the player: a click lets it go
    click(app, t.unit_rects[kaede].center)
    assert t.selection == set()
    click(app, t.unit_rects[kaede].center)
    before = len(s.record.actions)
    click(app, t.lay.cells[(1, 0)].center)
    assert s.record.actions[before] == A.Move((kaede,), (1, 0))


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_game_over_tallies_stay_in_their_panel_and_say_what_befell_each_seat(
        make_app, monkeypatch, size):
    """Basic Terms, Bonk and Kill: "Player 2: beat 16 Disasters; 2 Bonks, 3 Killed" read
    as what Player 2 did to others (a playtest); it says "Characters Bonked 2 times, 3
    Killed" (s62: the Characters named). Four seats' lines with two-digit counts stay
    within the "How it went" panel, a line too long for it wrapped after its semicolon."""
    from game.engine import events as E
    from game.engine.state import Result
    from test_ui_game_over import drawn
    from test_ui_table import laid
    s = laid("levels/four_players.yaml", 4)
    s.state.result = Result((), True, "round_limit")
    s.state.rounds = s.game.options.round_limit
    log = [*s.log]
    for u in [u for u in s.state.units.values() if not u.disaster]:
        log += [E.Bonked(u.card, u.pos)] * 12 + [E.Killed(u.card, u.pos)] * 3
    monkeypatch.setattr(type(s), "log", property(lambda self: log))
    scene, words, _ = drawn(make_app(size), s, size, monkeypatch)
    box = scene.px(660, 176, 540, 420)  # the panel, as the scene lays it out
    rows = [(w.replace("\u00a0", " "), r) for w, r in words if box.contains(r)]
    told = " ".join(w for w, _ in rows)
    for i in (1, 2, 3, 4):
        assert f"Player {i}: beat 0 Disasters; Characters Bonked 48 times, 12 Killed" in told
    assert all(w.endswith((";", "Killed")) for w, _ in rows if w.startswith("Player ")), rows


def test_a_location_s_first_word_too_wide_beside_its_counts_begins_on_the_second_line():
    """A Location's name beside its counts (Items, Disasters, Equipment under it, its
    owner's mark): "Scrapyard" did not fit the first line's room and was cut,
    "Scrapy… / of Giants", though the second line had room for the whole name (a
    playtest, the booth at 1280x720). It begins on the second line; a word too wide for
    both is still cut."""
    from game.ui.table import ink
    from game.ui.table.tiles import two_lines
    pygame.font.init()
    f = ink.font(15, True)
    word = f.size("Scrapyard")[0]
    assert two_lines("Scrapyard of Giants", f, word - 5, 1000) == ["", "Scrapyard of Giants"]
    assert two_lines("Scrapyard of Giants", f, word + 5, 1000) == ["Scrapyard", "of Giants"]
    assert two_lines("Scrapyard of Giants", f, word - 5, word - 5)[0].endswith("…")


def test_another_s_cards_drawn_in_a_row_are_one_line_of_the_log_r16(make_app):
    """R16 hides another's draws: the log said "Player 2 drew a card" six times over at
    1024x600, pushing the news out of a short log (a playtest). Draws one after another
    are one line counting them; a card named (one's own draw) has a line of its own, and
    a line between starts a new count."""
    from game.engine import events as E
    from test_ui_table import laid, table
    s = laid("levels/standard_2p.yaml", 2)
    t = table(make_app((1024, 600)), s)
    mine = s.state.seats[0].hand[0]
    before = len(t.log_lines)
    for d in [*[E.CardDrawn(1, None)] * 6, E.CardDrawn(0, mine), E.CardDrawn(1, None),
              E.TurnBegan(1, 2, 2), *[E.CardDrawn(1, None)] * 2]:
        t._log(d)
    said = [w for w, _ in t.log_lines[before:]]
    assert said[0] == "Player 2 drew 6 cards" and said[1].startswith("Player 1 drew "), said
    assert said[2] == "Player 2 drew a card" and said[-1] == "Player 2 drew 2 cards", said
    assert len(said) == 5, said


@pytest.mark.parametrize("viewer", [0, 1])
def test_a_haven_fighting_beside_its_characters_shows_the_attack_it_hits_with_r35(
        make_app, monkeypatch, viewer):
    """R35: a Haven with Attack fights a Combat between players next to it, with the
    Attack printed on its card (no Combat card). Its row said "Haven, from next door: to
    declare" with no number, where each Character's row shows its Attack: another's
    Haven hit Kaede 4 against 3 unforetold (a playtest). Its row shows its Attack, to
    both sides."""
    from game.engine import actions as A
    from game.ui.table import forecast
    from game.ui.table.panels import duel_panel as panel
    from test_rules_duel import duel_scene as rules_duel, fort
    from test_ui_combat_panel import duel_panel
    from test_ui_table import scene_app, scene_session, table
    sc, mine, _ = rules_duel(("hero",), ("tank",))
    h = fort(sc, (1, 1), 0)  # next to the Combat's cell, Attack 4
    sc.do(A.Challenge(1, (0, 0)))
    seats = ["human", "ai:random"] if viewer == 0 else ["ai:random", "human"]
    t = table(scene_app(make_app, sc), scene_session(sc, seats))
    drawn = {}
    real = panel._draw_row
    monkeypatch.setattr(panel, "_draw_row", lambda p, surf, r, at, rh, fs: (
        drawn.setdefault(r.card, (p, r, at, rh)), real(p, surf, r, at, rh, fs)))
    duel_panel(t)(t.painter([]), t.app.screen)
    p, row, at, rh = drawn[h]
    assert row.numbers is not None and panel._keeps_numbers(p, row, at, rh), row
    assert row.numbers.get_size() == forecast.haven_attack(p, h).get_size()


def test_a_declaration_chosen_from_a_token_s_menu_is_planned_like_the_panel_s_r27(
        make_app):
    """R27: Run Away "at the beginning of a round". In a Combat the panel's buttons plan
    and Fight! sends; a Character's token clicked offered the same declarations in a
    menu that sent at once, and the first sent ended the chance to Run Away unwarned (a
    playtest). The menu's choice is planned, Run Away still offered; Fight! sends it."""
    from scene import Scene
    from game.engine import actions as A
    from game.engine.options import Options
    from game.engine.state import MOVE
    from test_ui_combat_forecast import CARDS
    from test_ui_table import click, scene_app, scene_session, table
    sc = Scene(CARDS, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    daigo, valen = sc.char("daigo", (0, 0)), sc.char("valen", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(sc.disaster("salaryman", (0, 0))))
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc), s)
    before = len(s.record.actions)
    click(t.app, t.unit_rects[daigo].center)
    assert t.menu is not None
    row = next(r for r, i in t.menu.rows_shown() if t.menu.items[i][1] == A.Declare(daigo, "none"))
    click(t.app, row.center)
    assert len(s.record.actions) == before and t.plan == {daigo: "none"}, t.plan
    assert A.RunAway() in s.legal() and "planned" in t.message[0], t.message
    click(t.app, next(r for r, k in t.hits if k == ("plan", valen, "attack")).center)
    click(t.app, next(r for r, k in t.hits if k == ("fight",)).center)
    for _ in range(10):
        t.app.step([], 0.05)
    assert s.record.actions[before:before + 2] == [A.Declare(daigo, "none"),
                                                   A.Declare(valen, "attack")]


def test_equipment_dropped_after_its_use_is_not_in_use_where_it_lies(make_app):
    """Rules for Equipment: Equipment put to use this Turn is marked "in use" on its
    Character. The Heavy Ion Cannon, used, then dropped under a Location, showed "in
    use" there with nobody carrying it (a playtest): only a card carried is in use."""
    from game.engine import actions as A
    from game.engine.state import MOVE
    from game.ui.table.panels.inspect_panel import in_use
    from test_rules_items import scene
    from test_ui_table import scene_app, scene_session, table
    sc = scene()
    a = sc.char("hero", (0, 0), equipment=["sword", "sword"])
    kept, dropped = sc.unit(a).equipment
    sc.unit(a).using = [kept, dropped]  # both put to use this Turn
    sc.turn(MOVE)
    sc.do(A.Drop(dropped, a))
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "ai:random"]))
    p = t.painter([])
    assert in_use(p, kept) and not in_use(p, dropped)


def test_a_card_let_go_over_nothing_says_where_it_may_go(make_app):
    """Equipment dragged from the inspector and let go over nothing that takes it (the
    inspector's "Your Haven: ..." heading, the log) slid back and nothing was said (a
    playtest): it says where it may go, as a drop on a Place refused does. Let go where
    it was picked up, it is put back without a word."""
    from scene import Scene
    from game.engine.state import EQUIP
    from test_ui_table import DROP_CARDS, click, drag, scene_app, scene_session, table
    sc = Scene(DROP_CARDS, seats=2)
    sc.location((1, 0), "valley")
    sc.haven((0, 1))
    sc.haven((1, 1), seat=1)
    she = sc.char("heroine", (1, 0), equipment=["walker"])
    sc.char("hero", (1, 0))
    sc.turn(EQUIP)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, (1280, 720)), s)
    walker = sc.unit(she).equipment[0]
    before = len(s.record.actions)
    click(t.app, t.unit_rects[she].center)
    card = next(r for r, k in t.hits if k == ("card", walker))
    drag(t.app, card.center, t.lay.log.center)
    assert len(s.record.actions) == before
    assert t.message[0].startswith("Walker can't go there: Heroine can leave it only"), \
        t.message
    t.message = ("", 0.0)
    card = next(r for r, k in t.hits if k == ("card", walker))
    drag(t.app, card.center, (card.centerx + 2, card.centery))
    assert t.message[0] == "" and len(s.record.actions) == before
