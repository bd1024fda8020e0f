"""s70's newcomer playtest, small window fixes: the action list laid out again when the
window is resized; Game over's story keeping its key moments; the Charm result's words."""
from __future__ import annotations

import pygame

from game.engine.state import MOVE

import test_ui_table
from test_ui_table import key

make_app = test_ui_table.make_app


def resize(app, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)  # as SDL does under the drag
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0.016)


def test_the_action_list_open_while_the_window_shrinks_fits_it_as_one_opened_there(make_app):
    """The list (A) opened at 1280x720, the window then resized to 960x540, kept its
    1280x720 rows and type: "1-24 of 26", its last row cut at the window's foot. It is
    laid out again: inside the window, as the list opened at 960x540 is, its focused row
    still shown."""
    from test_ui_combat_panel import TITLED
    from test_ui_window_s33w2 import opened, wide_field
    sc = wide_field(TITLED)
    for c in ("valen", "pawlina", "akiko"):
        sc.char(c, (-3, -2))
    sc.turn(MOVE)
    s, t = opened(make_app, sc, (1280, 720))
    key(t.app, pygame.K_a)
    assert t.menu is not None and len(t.menu.items) > 30
    for _ in range(25):  # the focus well down the list
        key(t.app, pygame.K_DOWN)
    focus, big = t.menu.focus, t.menu.rows
    resize(t.app, (960, 540))
    assert t.size == (960, 540) and t.menu is not None
    screen = pygame.Rect(0, 0, 960, 540)
    assert screen.contains(t.menu.rect), t.menu.rect
    shrunk = (t.menu.rect.copy(), t.menu.rows, t.menu.row)
    assert t.menu.rows < big
    assert t.menu.scroll <= focus < t.menu.scroll + t.menu.rows
    key(t.app, pygame.K_ESCAPE)
    key(t.app, pygame.K_a)
    assert (t.menu.rect, t.menu.rows, t.menu.row) == shrunk
    t.app.quit()


def test_game_over_tells_who_beat_each_disaster_its_tally_counts_before_lesser_moments(
        monkeypatch, tmp_path):
    """"Player 1: beat 4 Disasters", yet no line named one beaten: the account kept the
    latest moments that fitted (and six at most), round 3's Items and a Disaster's
    Duration. A Disaster beaten in Combat is told as the seat's ("Player 2 beat ..."),
    those lines kept before Items taken, and the cut said ("…and 9 other moments")."""
    from test_ui_game_over import App, Settings, drawn, ended
    from game.engine import events as E
    from game.ui.scenes import account, game_over
    s = ended("one winner")
    g = s.game
    foes = [i for i, c in enumerate(g.instances) if c.type == "disaster"
            and c.is_combat_disaster][:2]
    chars = [i for i, c in enumerate(g.instances) if c.type == "character"]
    log = [E.TurnBegan(0, 1, 1)]
    for seat, foe in enumerate(foes):
        log += [E.CombatBegan(seat, (0, 0), foe, "fight"), E.DisasterDefeated(foe, (0, 0)),
                E.CombatEnded(seat, foe, True)]
    for r, who in enumerate(chars[:10], 2):  # later, ten Items taken by ten Characters
        log += [E.TurnBegan(0, r, r), E.ItemTaken(who, (0, 0), None)]
    told = account.tell(g, log, s.state)
    beat = [f"Round 1: Player {seat + 1} beat {g.card(foe).name}." for seat, foe in
            enumerate(foes)]
    assert told.moments[:2] == beat and told.defeated == {0: 1, 1: 1}
    monkeypatch.setattr(game_over, "tell", lambda *a: told)
    app = App((960, 540), Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    _, words, _ = drawn(app, s, (960, 540), monkeypatch)
    text = " ".join(w for w, _ in words)  # a moment's rows, one after another
    shown = [m for m in told.moments if m in text]
    assert all(b in shown for b in beat) and len(shown) < len(told.moments)
    assert f"…and {len(told.moments) - len(shown)} other moments" in text
    app.quit()


def test_game_over_says_how_many_earlier_moments_it_leaves_out():
    """Alike moments, more than fit: the latest told, a row saying how many earlier
    ones are left out; all that fit are told with no such row."""
    from game.ui.scenes.game_over import fitted
    from game.ui.table.popups import Headline
    pygame.font.init()
    f = pygame.font.Font(None, 20)
    moments = [Headline(f"Round {r}: a Character took an Item.", 2) for r in range(1, 9)]
    moments.append(Headline("Round 9: game over.", 0))
    kept, left, earlier = fitted(moments, f, 600, 5)
    assert kept == moments[-4:] and (left, earlier) == (5, True)
    assert fitted(moments, f, 600, 9) == (moments, 0, True)


def test_a_charm_result_names_who_won_by_each_total_and_keeps_under_the_health_badge(
        tmp_path, monkeypatch):
    """"Charm 2 vs 3: won" rose over a Location's name and Health badge, and read as
    the 2 winning: it was the Cat's 2 against Torao's 3. The words say each total by
    its side's name, the side that won first, and stay among the tokens, under the
    badge (frame.cell_free)."""
    from game.engine import events as E
    from game.ui.table import anims, ink
    from test_ui_combat_panel import TITLED
    from test_ui_game_over import App, Settings
    from test_ui_table import scene_app, scene_session, table
    from test_ui_window_s33w2 import wide_field
    sc = wide_field(TITLED + "- {id: ghoul, name: Ghoul, type: disaster, class: minor}\n",
                    seats=2)
    unit, cell = sc.char("valen", (0, 0)), (0, 0)  # a Location's cell: its badge over him
    foe = sc.disaster("ghoul", (1, 0), seat=1)
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "human"])
    t = table(scene_app(lambda size: App(size, Settings(), config=tmp_path, data=tmp_path),
                        sc), s)  # animated
    said, real = [], ink.edged
    monkeypatch.setattr(ink, "edged", lambda w, *a: (said.append(w), real(w, *a))[1])
    t.animator.feed(E.CharmContest("charm", foe, unit, (None, None), 2, 3, "won"), t, 0,
                    t.seat_name)
    assert said == [f"{t.short_name(unit)} (3) resists {t.short_name(foe)} (2)"]
    for _ in range(4):
        t.app.step([], 0.05)
    (words,) = [a for a in t.animator.anims if isinstance(a, anims.Float)]
    badge = t.cell_free(cell)  # between the cell's name and its tokens
    assert words.room().top == badge.bottom
    for ahead in (0.0, 0.2, 0.4, 0.6):
        at = words.rect(words.lift or 0, ahead)
        assert at is None or at.top >= badge.bottom, (at, badge)
    t.app.quit()
