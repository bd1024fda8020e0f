"""What a newcomer found at the window, the second pass (helper s35w2, from s35w's
three-seat hot-seat game at 1366x768 and its stop's notes; headless scenes)."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine import events as E

import test_ui_table
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
IDOL = "- {id: idol, name: Idol, type: item}\n"


def test_a_game_started_from_the_command_line_counts_as_the_first_game_seen(
        tmp_path, monkeypatch):
    """The guided first game is for someone who has not played (settings.guide_seen).
    After `python main.py play ...` (s35w, shot a75) the next plain `python main.py`
    opened the guide rather than the title: a game opened straight on the table did not
    mark it seen. Someone who has played a game from the command line gets the title."""
    import game.ui.settings as settings
    from game.ui.app import App, open_window
    from game.ui.scenes.title import TitleScene
    from game.ui.table import TableScene
    monkeypatch.setattr(settings, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(settings, "data_dir", lambda: tmp_path / "data")
    import game.ui.app as app_module
    monkeypatch.setattr(app_module, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(app_module, "data_dir", lambda: tmp_path / "data")
    tops = []
    monkeypatch.setattr(App, "run", lambda app: tops.append(app.top) or app.end_session() or 0)
    s = test_ui_table.session(test_ui_table.STANDARD, ["human", "ai:easy"], seed=3)
    assert open_window(s) == 0
    assert isinstance(tops[0], TableScene) and tops[0].session.guide is None
    assert open_window() == 0
    assert isinstance(tops[1], TitleScene), tops[1]


def come_back(app, s, t, seat: int) -> None:
    """The seat on turn ends its phases till the game waits for `seat`'s person at the
    curtain."""
    for _ in range(40):
        if s.handoff() == seat:
            return
        if s.human_to_act() and not t.animator.busy:
            assert t.send(A.EndPhase())
        app.step([], 0.05)
    raise AssertionError(f"the curtain never came up for the seat: {s.state.phase} "
                         f"{s.to_act} {s.viewer} {s.handoff()} {s.record.actions[-3:]} {s.state.result}")


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_rules_for_havens_the_curtain_tells_the_owner_who_came_into_its_haven(make_app, size):
    """Rules for Havens: another player may stop at your Haven only with your permission
    (R36); the Characters that came are then at your Haven. Player 2 permitted a stop,
    and the next curtain said only "Combat! Player 1 attacks Player 2" (s35w, shot a22):
    not that two of Player 1's Characters had come into its Haven, moves not being
    headlines (`news_for`). A person coming back is told of others' Characters arriving
    at or leaving its Haven and the Locations where its own stand."""
    from scene import Scene
    from game.engine.state import MOVE
    from test_ui_combat_panel import TITLED
    from test_ui_haven_ask import answer
    from test_ui_table import click
    sc = Scene(TITLED + IDOL, seats=2)  # as test_ui_haven_ask's, a card in Player 2's hand
    for cell in ((0, 0), (0, 1), (2, 0)):
        sc.location(cell, under=["idol"])  # the game goes on: something to Scavenge
    sc.haven((-1, 0), seat=0)
    sc.haven((1, 0), seat=1)
    group = [sc.char(c, (0, 0)) for c in ("valen", "pawlina")]
    sc.char("daigo", (2, 0), seat=1)
    sc.hand(1, "mika")  # a card Player 1 may not see: the curtain comes up for Player 2
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    for u in group:
        click(app, t.unit_rects[u].center)
    click(app, t.lay.cells[1, 0].center)
    answer(app, s, t, True)
    assert {s.state.units[u].pos for u in group} == {(1, 0)}
    come_back(app, s, t, 1)
    title, lines = t.curtain_words(1)[1]
    names = " + ".join(t._log_name(u) for u in sorted(group))
    assert title == "Since Player 2 last looked", (title, lines)
    assert f"{names} moved from {t._log_name((0, 0))} into Player 2's Haven {t._log_name((1, 0))}" \
        in lines, lines
    t.draw(app.screen)  # the curtain drawn with them


def test_the_curtain_tells_a_person_coming_back_what_befell_theirs_the_most_first(make_app):
    """What a person coming back to the table needs, of what the others did while they
    were away (s35w, shot a22: a stop in their Haven was left out): Items taken from
    their Characters, theirs Charmed, hurt, a Combat against them, Disasters and others'
    Characters coming where theirs stand; the other headlines last; nothing of a move
    far from theirs. The five that matter most, a count for the rest; in
    every seat's share (the person leaving reads it too: the Item taken face down is
    "a face-down card")."""
    from scene import Scene
    from game.engine.state import MOVE
    from test_ui_combat_panel import TITLED
    sc = Scene(TITLED + IDOL, seats=2)
    for cell in ((0, 0), (0, 1), (2, 0), (3, 0)):
        sc.location(cell, under=["idol"])
    sc.haven((-1, 0), seat=0)
    sc.haven((1, 0), seat=1)
    valen, pawlina = sc.char("valen", (0, 1)), sc.char("pawlina", (3, 0))
    idol = sc.card("idol", 1)
    akiko = sc.char("akiko", (0, 0), seat=1, items=[idol])
    sc.hand(1, "mika")
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    t = table(scene_app(make_app, sc, (1366, 768)), s)
    hit = dict(target_kind="character", disaster_class=None, attackers=(valen,), attack=4,
               defense=3, base_health=3, protectors=(), final=False)
    s.match.log.extend([
        E.Moved(0, (pawlina,), (3, 0), (2, 0)),  # far from Player 2's: not told
        E.Moved(0, (valen,), (0, 1), (0, 0)),
        E.DuelBegan(0, 1, (0, 0), ()),
        E.CombatHit(round=1, target=akiko, damage=1, health_before=3, health_after=2,
                    result="ok", **hit),
        E.ItemStolen(valen, akiko, idol, to=(0,)),
        E.CombatHit(round=2, target=akiko, damage=1, health_before=2, health_after=1,
                    result="ok", **hit),
        E.CharmContest("duel", valen, akiko, (None, None), 5, 2, "charmed"),
        E.Bonked(valen, (0, 0)),
        E.Moved(0, (pawlina,), (2, 0), (1, 0)),  # into Player 2's Haven
    ])
    v, a, p = (t._log_name(c) for c in (valen, akiko, pawlina))
    title, lines = t.curtain_words(1)[1]
    assert title == "Since Player 2 last looked"
    # In the order it happened (s62), each with how much it matters: the curtain keeps
    # the five that matter most (tests/test_ui_s62.py).
    assert [(w, w.rank) for w in lines] == [
        (f"{v} moved from {t._log_name((0, 1))} to {t._log_name((0, 0))}", 2),
        ("Combat! Player 1 attacks Player 2", 1),
        (f"{a} took 2 Damage", 1),
        (f"{v} took a face-down card from {a}", 0),
        (f"{a} is Charmed by {v}", 0),
        (f"{v} is Bonked", 3),
        (f"{p} moved from {t._log_name((2, 0))} into Player 2's Haven {t._log_name((1, 0))}", 2),
    ], lines


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_a_bonked_plate_gives_way_to_the_tokens_the_person_must_choose_among(
        make_app, size):
    """Basic Terms, Bonk; Combat between players (R33): a round's hit Bonks one, and the
    next round asks each side whom its Characters attack. The plate saying where the
    Bonked one goes stayed over the cell's tokens for its seconds while the panel asked
    (s35w, shot a48): the person could not see what they chose among. Once its words
    have shown their time to be read (`Fallen.look`), it fades out while a choice is
    open there; the seat's panel and the log still say it."""
    from game.ui.settings import Settings
    from game.ui.table.anims import Fallen
    from test_ui_bonked import bonking_duel, plan_and_fight
    sc, mine, foes = bonking_duel()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc, size)
    app.settings = Settings(anim_speed="normal")
    t = table(app, s)
    t.clock.factor = app.settings.anim_factor
    cell = sc.unit(foes[0]).pos
    plan_and_fight(t, mine, foes)
    dt, waited = 1 / 30, 0.0
    for _ in range(600):
        plate = next((m for m in t.animator.marks if isinstance(m, Fallen)), None)
        if plate is not None and plate.tween.raw >= plate.start and t.board.legal:
            break
        app.step([], dt)
    assert t.board.units_at.get(cell), "nobody left under the plate: nothing tested"
    read = t.clock.scale(Fallen.look) + plate.fade * plate.tween.duration
    while waited < read + 0.2:
        app.step([], dt)
        waited += dt
        assert t.board.legal, "the choice closed: nothing tested"
    assert plate not in t.animator.marks or plate.alpha == 0


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("how", ["bonked", "killed"])
def test_basic_terms_kill_the_word_risen_is_not_run_under_the_plate_that_says_it(
        make_app, size, how):
    """Basic Terms, Bonk and Kill: the hit that Kills raises "-4" and "Killed!" over the
    token, and the plate then says where it goes. The plate came while the words still
    rose, over them: "Kil…" stuck out from under "Killed: to Player 1's discard pile"
    (s35w, shot z33). The plate comes once the words risen at its cell are gone: at no
    frame does a word show under it."""
    from game.ui.table.anims import Fallen, Float
    from test_ui_combat_forecast import Recorder
    from test_ui_over_cells import hit, two_at_one_cell
    t, a, _, cell = two_at_one_cell(make_app, size)
    t._gone, t._gone_cells = {a: t.unit_rects[a]}, dict(t.lay.cells)
    for e in (hit(a, 4, how), (E.Bonked if how == "bonked" else E.Killed)(a, cell)):
        t.animator.feed(e, t, 0, t.seat_name)
    t._gone, t._gone_cells = {}, {}
    words = [f for f in t.animator.anims if isinstance(f, Float)]
    plate = next(m for m in t.animator.marks if isinstance(m, Fallen))
    assert len(words) == 2
    shown = 0
    while plate in t.animator.marks:
        rec = Recorder(t.size)
        t._draw_anims(rec)
        on = [r for pic, r in rec.drawn if any(pic is p for p in plate.plates.values())]
        risen = [r for pic, r in rec.drawn if any(pic is f.pic for f in words)]
        if on and plate.alpha:
            shown += 1
            assert on[0].collidelist(risen) < 0, (on, risen)
        t.animator.update(1 / 30)
    assert shown


def curtain_scene(make_app, extra: str = "", disaster: str | None = None):
    """Player 1's Commander Valen beside Player 2's Akiko (and a Disaster of Player 2's
    deck) at (0, 0); a hot-seat table at Player 1's Move phase."""
    from scene import Scene
    from game.engine.state import MOVE
    from test_ui_combat_panel import TITLED
    sc = Scene(TITLED + IDOL + extra, seats=2)
    for cell in ((0, 0), (1, 0)):
        sc.location(cell, under=["idol"])
    valen = sc.char("valen", (0, 0))
    akiko = sc.char("akiko", (0, 0), seat=1)
    if disaster:
        sc.disaster(disaster, (0, 0), seat=1)
    sc.card("idol", 1)
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "human"])
    s.take_seat()
    return sc, s, table(scene_app(make_app, sc, (1366, 768)), s), valen, akiko


HIT = dict(target_kind="character", disaster_class=None, defense=3, base_health=4,
           protectors=(), final=False)


def test_the_curtain_tells_of_the_hurt_of_the_first_card_of_the_game(make_app, monkeypatch):
    """The curtain's news, a hurt Character (the third review): a hurt is kept as the
    Character's instance, and instance 0 (in a dealt game, seat 0's first starting
    Character) was dropped as if no line: its player was not told it took 1 Damage.
    (A scene's instance 0 is no Character: the hurt is said to be instance 0's.)"""
    from game.ui.table import curtain
    sc, s, t, valen, akiko = curtain_scene(make_app)
    monkeypatch.setattr(curtain, "hurt", lambda e, seat, owner: (0, 1) if isinstance(
        e, E.CombatHit) else None)
    s.match.log.append(E.CombatHit(round=1, target=valen, damage=1, health_before=4,
                                   health_after=3, result="ok", attackers=(akiko,),
                                   attack=4, **HIT))
    assert f"{t._log_name(0)} took 1 Damage" in t.curtain_words(0)[1][1]


def test_the_curtain_counts_no_disaster_as_the_players_own(make_app):
    """R29: a Disaster is played by nobody, whichever deck it came from. The curtain
    ranked a theft from a Disaster of Player 2's deck as Player 2's own loss, first of
    all (the third review); a Character stealing from a Disaster is no news of Player
    2's Characters."""
    gnat = ("- {id: gnat, name: Gnat, type: disaster, class: minor,\n"
            "   abilities: {attack: 0, defense: 1, movement: 1}}\n")
    sc, s, t, valen, _ = curtain_scene(make_app, gnat, disaster="gnat")
    g = next(u.card for u in sc.st.units.values() if u.disaster)
    idol = next(c for c in range(len(s.game.instances)) if s.game.card(c).id == "idol"
                and s.game.owner(c) == 1)
    assert s.game.owner(g) == 1
    akiko = next(u.card for u in sc.st.units.values() if s.game.card(u.card).id == "akiko")
    s.match.log.extend([
        E.ItemStolen(valen, g, idol, to=(0,)),
        E.CombatHit(round=1, target=akiko, damage=1, health_before=3, health_after=2,
                    result="ok", attackers=(valen,), attack=4, **HIT)])
    lines = t.curtain_words(1)[1][1]
    hurt = f"{t._log_name(akiko)} took 1 Damage"
    theft = next(line for line in lines if t._log_name(g) in line)
    assert lines.index(hurt) > lines.index(theft), lines  # told as they happened (s62)
    assert lines[lines.index(hurt)].rank < lines[lines.index(theft)].rank, lines


def test_the_curtain_shows_the_latest_and_counts_the_rest(monkeypatch):
    """The curtain's news, lines that matter alike: the latest lines that fit are
    drawn and "and N earlier: the game log has them" for the rest (the third review: the
    cut and the count went untested; s69: the first five cut the turn just before)."""
    import pygame
    from game.ui.table import popups
    drawn = []
    real = popups.ink.label
    monkeypatch.setattr(popups.ink, "label",
                        lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1])
    news = [f"news {i}" for i in range(40)]
    popups.curtain(pygame.Surface((1920, 1080)), "Player 2", 1, "Player 2's turn",
                   "Since Player 2 last looked", news, lambda n: n)
    shown = [w for w in drawn if w.startswith("news")]
    assert 20 < len(shown) < 40 and shown == news[40 - len(shown):]
    assert f"and {40 - len(shown)} earlier: the game log has them" in drawn
