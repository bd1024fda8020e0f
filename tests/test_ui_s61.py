"""The s61 stop's findings at the window."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import STANDARD, click, mouse, session, table, until  # noqa: E402

from game.engine import actions as A  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

KEY = (255, 0, 255)  # a colour no overlay paints


def _carry_over_target(make_app, size):
    """A held Item or Equipment picked up in the inspector and carried over the token of
    the Character it may be given to (a Transfer, guideline 2.7), not yet let go."""
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: any(isinstance(a, A.Transfer) for a in s.legal()))
    app = make_app(size)
    t = table(app, s)
    give = next(a for a in s.legal() if isinstance(a, A.Transfer))
    click(app, t.unit_rects[give.src].center)  # the inspector shows what it holds
    src = next(r for r, k in t.hits if k == ("card", give.card)).center
    dst = t.unit_rects[give.dst].center
    app.step([mouse(pygame.MOUSEMOTION, src, 0), mouse(pygame.MOUSEBUTTONDOWN, src),
              mouse(pygame.MOUSEMOTION, dst)], 0.016)
    app.step([], 0.016)
    return app, t, give


def test_a_card_carried_over_a_token_it_may_land_on_leaves_that_token_whole(make_app):
    """Held by its top-left corner below and right of the pointer, a carried card hid the
    lower right of the token it was over: the name the bar's hint spoke of ("Let go here
    to give Heavy Ion Cannon ... to Kaede Ironside") was cut to "Kaed" (s60's left item).
    Over a token where it may land, the card is drawn lifted clear of it."""
    for size in ((1280, 720), (1920, 1080), (1024, 600)):
        app, t, give = _carry_over_target(make_app, size)
        token = t.unit_rects[give.dst]
        assert t.drag is not None and t.drop_target(t.pointer, t.drag[3]) == ("unit", give.dst)
        over = pygame.Surface(app.screen.get_size())
        over.fill(KEY)
        t.draw_overlays(over)
        painted = pygame.mask.from_threshold(over, KEY, (1, 1, 1, 255))
        painted.invert()
        assert painted.count(), "the carried card is drawn"
        inside = pygame.mask.Mask(over.get_size())
        inside.draw(pygame.mask.Mask(token.size, fill=True), token.topleft)
        assert not painted.overlap(inside, (0, 0)), (size, token)


def test_a_carried_card_goes_below_a_token_with_no_room_above(make_app):
    """Lifted above a token in the Field's top row it would cover the phase bar, whose
    hint says what letting go does ("... cannot use it: needs Marksman", s61's check at
    1024x600), or leave the screen: it goes below the token instead, clear of it, of
    the bar, and wholly on screen."""
    for size in ((1024, 600), (1280, 720)):
        app, t, give = _carry_over_target(make_app, size)
        pic = t.drag[1].get_rect()
        screen = app.screen.get_rect()
        # At the screen's top; with room above on screen but not under the bar.
        for top in (2, t.px(4) + pic.height + t.lay.bar.bottom // 2):
            token = pygame.Rect(600, top, *t.unit_rects[give.dst].size)
            t.unit_rects[give.dst] = token
            t.pointer = token.center
            at = t._carried_at(pic, t.drag[2], ("unit", give.dst), screen)
            assert screen.contains(at) and not at.colliderect(token), (size, top, at)
            assert at.top >= t.lay.bar.bottom and at.top >= token.bottom, (size, top, at)


def test_every_token_name_fits_its_token_at_the_smallest_readable_tile():
    """A token too narrow for a whole name shows the word the card is called by
    (FaceCache.token_name), at no smaller than TOKEN_NAME_PX. A two-word Disaster's first
    word is its adjective and did not fit: "Salary…", "Pickpo…", "Papara…", "Mysteri…"
    (s60's left item). Every Character's and Disaster's word fits the name strip of a
    token at the 1280x720 tile, and no two cards are called alike."""
    from game.match import load_games
    from game.ui.faces import READABLE_TOKEN, TOKEN_NAME_PX, FaceCache, font, name_room

    pygame.font.init()
    db = load_games("levels/all_decks.yaml", 2)[0].db
    faces = FaceCache(db)
    units = [c for c in db.cards.values() if c.type in ("character", "disaster")]
    room, width = name_room(READABLE_TOKEN), font(TOKEN_NAME_PX).size
    called = {c.name: faces.token_name(c.id) for c in units}
    assert {n: w for n, w in called.items() if width(w)[0] > room} == {}
    assert called["Salaryman Zombie"] == "Zombie" and called["Akiko Sakuragawa"] == "Akiko"
    assert len(set(called.values())) == len(called)


def test_a_two_word_name_is_called_by_its_second_word_only_where_the_first_does_not_fit():
    """fonts.given_name: a person's first word is their given name, kept wherever it fits;
    the second is taken only where the first does not fit and the second does, and is
    not another card's word."""
    from game.ui.fonts import given_name

    assert given_name("Akiko Sakuragawa", len, room=5) == "Akiko"
    assert given_name("Salaryman Zombie", len, room=6) == "Zombie"
    assert given_name("Salaryman Zombie", len, room=5) == "Salaryman"  # neither fits
    assert given_name("Salaryman Zombie", len, {"Zombie"}, room=6) == "Salaryman"
    assert given_name("Salaryman Zombie") == "Salaryman"  # no room given: the first


def test_the_account_counts_items_still_under_a_location_turned_haven_R14():
    """Guideline 4.10: a Location turned Haven can still be Scavenged; the Items under it
    are nobody's, and the tally counts them under the Locations (R14). The game-over
    account left them out: its bars said "Still under the Locations 3" and its words
    "Under the Locations lie 2" (s61's playtest: an Item dropped under Hangar 13, then a
    Haven built there). Each side's parts add up to the tally."""
    from scene import Scene
    from test_hidden_s53 import CARDS  # a Hero, an Idol, Gear, a Camp to turn Haven, a Rock

    from game.engine.state import Place
    from game.engine.tally import item_counts
    from game.ui.scenes.account import item_ends, where_items_ended

    sc = Scene(CARDS, seats=2)
    camp, idol, gem, gear = sc.cards(["camp", "idol", "idol", "gear"])
    sc.st.places[(0, 0)] = Place(camp, "haven", 0, under=(gem,), buried=(idol, gear))
    sc.st.seats[0].havens.append((0, 0))
    sc.location((1, 0), "rock", under=["idol"])
    counts = item_counts(sc.st)
    ends = item_ends(sc.st, {idol: "dropped there"})
    assert (counts["field"], counts["0"]) == (2, 1)
    for side, n in counts.items():
        assert sum(k for (where, _), k in ends.items() if where == side) == n, side
    assert "Under the Locations lie 2: 1 dropped there, 1 never found." in \
        where_items_ended(sc.st, {idol: "dropped there"})


def test_a_note_in_a_combat_goes_where_its_words_are_whole(make_app, monkeypatch):
    """A note in a Combat goes beside the cell fought in rather than over it (s47w); beside
    a cell near the Field's right edge the span was narrow, and the note was cut to "Unit
    V-7 "Vee" carries Heavy Ion Cannon but cannot use it: needs We…" while the Field's top
    was free (s61's playtest at 1600x900). It goes to the first place clear of the cell
    where its words are whole."""
    import pygame as pg
    from test_ui_combat_forecast import fight, opened

    sc, _, _ = fight()
    _, t = opened(make_app, sc, (1600, 900))
    f, floor = t.lay.field, t.combat_cover.top
    cell = pg.Rect(0, 0, t.px(170), t.px(130))
    cell.bottomright = (f.right - t.px(290), floor - t.px(2))
    monkeypatch.setattr(t, "_fought_cell", lambda: cell)
    words = ('Unit V-7 "Vee" carries Heavy Ion Cannon but cannot use it: needs Weapons '
             '(give it to one with Weapons, or store it in your Haven).')
    rows, box = t._message_place(words)
    assert " ".join(rows) == words, rows
    assert not box.inflate(t.px(16), t.px(8)).colliderect(cell) and f.contains(box)


def test_a_disaster_done_with_its_work_does_not_rise_defeated_over_the_field():
    """Basic Terms, Defeat: an endured Disaster whose Duration is over, or a non-Combat one
    whose instructions are done, is Defeated without being beaten. "Defeated!" rose in the
    middle of the Field over tiles it never stood on, read as a fight won (s61's
    playtest). The endured one's card goes from the Off Field panel to its owner's panel
    (its discard pile); neither rises as words. One beaten at a cell still does."""
    from game.engine import events as E
    from game.ui.table.anims import Animator, Fly, Float
    from game.ui.table.tween import Clock

    pygame.init()
    off, seat, field = (pygame.Rect(0, 600, 220, 120), pygame.Rect(0, 150, 220, 140),
                        pygame.Rect(230, 50, 800, 550))

    class Geometry:
        def face(self, card, width):
            return pygame.Surface((width, width * 7 // 5))

        def off_field_rect(self):
            return off

        def seat_rect(self, s):
            assert s == 1
            return seat

        def owner(self, card):
            return 1

        def centre_rect(self):
            return field

        def cell_rect(self, cell):
            return pygame.Rect(400, 200, 150, 130) if cell else None

        def cell_placed(self, cell):
            return self.cell_rect(cell)

        def cell_was(self, cell):
            return self.cell_rect(cell)

        def vanished(self, unit):
            return None

        def px(self, n):
            return round(n)

    def fed(*events):
        animator = Animator(Clock(1.0))
        for e in events:
            animator.feed(e, Geometry(), 0, "Player {}".format)
        return animator.anims

    endured = fed(E.DisasterDefeated(7, why=E.DURATION_OVER))
    assert not [a for a in endured if isinstance(a, Float)]
    fly, = [a for a in endured if isinstance(a, Fly)]
    assert (fly.src.center, fly.dst.center) == (off.center, seat.center)
    assert not fed(E.DisasterDefeated(8, why=E.INSTRUCTIONS_DONE))
    beaten = fed(E.DisasterDefeated(9, cell=(0, 0)))
    assert [a for a in beaten if isinstance(a, Float)]


def test_the_log_says_where_a_card_played_without_a_target_went_and_which_haven_was_built():
    """"Player 1 played Dragonfly Gyrocopter" and "Player 1 built a Haven" left a reader
    asking where (s61's playtest). Equipment is played into its player's Haven, a Global
    Effect Off Field (Rules for Equipment, for Global Effects); a Location turned Haven
    (guideline 4.10) is named. A Character played still reads as it did, and a card on a
    target names it."""
    from types import SimpleNamespace

    from game.engine import events as E
    from game.ui.table.words import event_text

    kinds = {1: "equipment", 2: "global_effect", 3: "character", 4: "enhancement"}
    names = {1: "Dragonfly Gyrocopter", 2: "Supply Drop", 3: "Kaede Ironside (P1)",
             4: "Overclock", 5: "Mio (P1)", 9: "Hangar 13"}

    def said(e):
        return event_text(e, names.get, "Player {}".format,
                          card_of=lambda i: SimpleNamespace(type=kinds[i]) if i in kinds else None)[0]

    assert said(E.CardPlayed(1, 1)) == "Player 1 played Dragonfly Gyrocopter into their Haven"
    assert said(E.CardPlayed(1, 2)) == "Player 1 played Supply Drop Off Field"
    assert said(E.CardPlayed(1, 3, None, (0, 0))) == "Player 1 played Kaede Ironside (P1)"
    assert said(E.CardPlayed(1, 4, 5)) == "Player 1 played Overclock on Mio (P1)"
    assert said(E.HavenBuilt(0, (2, 1), 9)) == "Player 0 turned Hangar 13 into their Haven"



def test_the_forecast_shortens_the_attack_s_change_before_it_drops_who_attacks(monkeypatch):
    """Combat panel: a choice that changes the group's Attack (a Vehicle readied keeps the
    others out) is said ahead of the forecast. The longest such words took the
    forecast's shortest: "Group's Attack now 12 (was 8) · 5 vs Defense 5: no Damage"
    read as two totals of one attack (s61's playtest). Where the forecast's whole words
    fit after the shorter lead, those are said; the lead says "all attacking", as the
    forecast does."""
    from types import SimpleNamespace

    from game.engine.physical import Forecast
    from game.ui.table import forecast, ink
    from game.ui.table.words import BEFORE_CARDS, forecast_text, swing_text

    pygame.font.init()
    variants = forecast_text(Forecast(attack=5, defense=5, health=4), 2)
    leads = swing_text(8, 12)
    font, small = ink.font(13, True), ink.font(12)
    width = font.size(leads[-1] + variants[0][0])[0] + small.size(BEFORE_CARDS)[0]
    drawn = []
    real = ink.fit
    monkeypatch.setattr(ink, "fit", lambda w, *a, **k: drawn.append(w) or real(w, *a, **k))
    forecast._say(SimpleNamespace(px=lambda n: n), pygame.Surface((width + 10, 40)),
                  pygame.Rect(0, 0, width, 30), variants, ink.TEXT, (leads, ink.GOOD))
    assert drawn[:2] == [leads[-1], variants[0][0]], drawn
    assert "all attacking" in leads[0].lower() and variants[0][0].startswith("Your attack of 5")


def test_the_curtain_says_a_line_said_again_once_with_how_often(make_app):
    """Hot seat: the curtain tells the person sitting down what they missed, five lines
    at most. A Character who took an Item out of its Haven's store and put it back, over
    and over, filled it with one line 17 times (s61's playtest, four players); two
    Combats against one Disaster read as a repeat. A line said again is said once, where
    it first comes, with how often."""
    from test_ui_window_s36m import curtain_news, hall_scene

    from game.engine import events as E

    t, valen = hall_scene(make_app)
    s = t.session
    s.act(A.Scavenge((0, 0)))
    s.act(A.Retrieve(valen))
    s.act(A.BuildHaven((0, 0)))
    built = next(e for e in s.log if isinstance(e, E.HavenBuilt))
    s.log.extend([built, built])  # told three times over (the log is what the curtain reads)
    lines = curtain_news(t, 1)
    assert len(lines) == len(set(lines)), lines
    assert "Player 1 turned Hall into their Haven (3 times)" in lines, lines


def test_a_combat_begun_behind_a_flip_waits_for_its_panel(tmp_path):
    """A Scavenge turns over a Combat Disaster (Rules for Scavenging): its card flips for
    most of a second before the Combat's panel comes. Meanwhile the bar already asked the
    Combat's question, and in a Charm Combat "Go on to physical Combat" was live: one
    click skipped the Charm stage before it was shown (s61's playtest, the booth). Until
    the panel shows the game's Combat nothing of it may be pressed or sent."""
    from scene import Scene
    from test_ui_combat_forecast import CARDS, GROUP
    from test_ui_table import scene_app, scene_session, table

    from conftest import keys_for_tests
    from game.engine.options import Options
    from game.engine.state import SCAVENGE
    from game.ui.app import App
    from game.ui.settings import Settings

    def make(size):
        app = App(size, Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
        keys_for_tests(app)
        return app

    sc = Scene(CARDS, options=Options(charm_combat=False))
    sc.location((0, 0), under=["salaryman"])
    sc.location((1, 0))
    chars = [sc.char(c, (0, 0)) for c in GROUP[:2]]
    sc.turn(SCAVENGE)
    s = scene_session(sc, ["human"])
    t = table(scene_app(make, sc, (1280, 720)), s)
    assert t.send(A.Scavenge((0, 0)))
    t.app.step([], 0.02)
    assert s.view().combat is not None and t.fight is None  # the flip plays first
    assert t.fight_behind()
    assert not [k for _, k in t.hits if k[0] in ("act", "plan", "fight")]
    before = len(s.record.actions)
    assert not t.send(A.Declare(chars[0], "attack")) and len(s.record.actions) == before
    for _ in range(100):
        t.app.step([], 0.05)
    assert t.fight == s.view().combat and not t.fight_behind()
    assert [k for _, k in t.hits if k[0] == "plan"]
