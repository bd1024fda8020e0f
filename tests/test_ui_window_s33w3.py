"""What helpers at the window noticed one morning (helper s33w3, headless scenes and the
booth on a fake clock): which Plain the inspector shows, the Charm contest's words over a
pink sky, and the booth's words."""
from __future__ import annotations

import pygame
import pytest

from game.engine.state import MOVE
from game.ui.table import ink

import test_ui_table
from test_booth import booth_app, frame, key, set_up
from test_ui_table import click
from test_ui_window_s33w2 import fought, opened, settle, wide_field

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def marked(surface: pygame.Surface, area: pygame.Rect, cells) -> int:
    """How many pixels of `area` outside the cells are in the inspected cell's colour
    (the cells' own pictures left out)."""
    area = area.clip(surface.get_rect())
    pic = surface.subsurface(area).copy()
    for cell in cells:
        pic.fill((0, 0, 0), cell.move(-area.x, -area.y))
    return pygame.mask.from_threshold(pic, ink.SHOWN, (1, 1, 1, 255)).count()


@pytest.mark.parametrize("cell, chosen", [((1, 1), False), ((-2, 0), False), ((0, 0), True)])
def test_basic_terms_the_location_the_inspector_shows_is_marked_on_the_field(make_app, cell,
                                                                            chosen):
    """Basic Terms, Location: every Plain of the Field is the same card, and the
    inspector headed each one "Plain (P1)": nothing on the Field said which one it
    showed (s33w3). The cell shown is marked at its corners, quietly, apart from the
    glows of a move and the chosen token (with a Character chosen as without); no other
    cell is."""
    from test_ui_combat_panel import TITLED
    sc = wide_field(TITLED)
    reiji = sc.char("valen", (0, 0))
    sc.turn(MOVE)
    s, t = opened(make_app, sc, (1280, 720))
    settle(t, 0.5)
    if chosen:  # then the tile of the Plain he stands on, not his token
        click(t.app, t.unit_rects[reiji].center)
    r = t.lay.cells[cell]
    click(t.app, (r.centerx, r.top + r.h // 3))
    t.app.step([], 0.016)
    assert t.inspect == cell and (reiji in t.selection) == chosen
    w = max(2, t.px(3))
    screen = t.app.screen
    cells = t.lay.cells.values()
    here = marked(screen, t.lay.cells[cell].inflate(4 * w, 4 * w), cells)
    assert here > 8 * w and here == marked(screen, t.lay.field, cells)


def test_charm_combat_the_contest_s_words_have_a_dark_edge_over_a_pink_sky(
        tmp_path, monkeypatch):
    """Charm Combat: the contest's "Charm 9 vs 2: charmed" rose in pink over the Plains'
    pink sky, hard to read (s33w3). Words rising over the Field are drawn with a dark
    edge round their letters."""
    from test_ui_window_s33w import SIREN
    from game.ui.table import anims
    sc = wide_field(SIREN)
    sc.char("daigo", (1, 0))
    siren = sc.disaster("siren", (1, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    risen = []
    real = anims.Float.__init__
    monkeypatch.setattr(anims.Float, "__init__", lambda self, tw, pic, *a, **k: (
        risen.append(pic), real(self, tw, pic, *a, **k))[1])
    fought(tmp_path, sc, siren)
    assert risen
    for pic in risen:
        w, h = pic.get_size()
        pixels = [pic.get_at((x, y)) for x in range(w) for y in range(h)]
        dark = sum(1 for c in pixels if c.a == 255 and c.r + c.g + c.b < 120)
        bright = sum(1 for c in pixels if c.a == 255 and c.r + c.g + c.b > 450)
        assert dark > bright / 2 and bright, (dark, bright)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_booth_still_playing_s_words_are_centred_as_its_title_and_button(tmp_path, card_db,
                                                                        monkeypatch, size):
    """Booth mode: "Still playing?", its count and its button are centred; the words
    under them were set from the left of their box, lines of uneven length leaning left
    (s33w3). Each line of them is centred."""
    from game.ui import widgets
    app, clock = booth_app(tmp_path, card_db, size=size)
    b = app.booth
    frame(app, clock, key(pygame.K_SPACE))
    set_up(app, clock)
    frame(app, clock, dt=b.idle_after)
    assert b.state == "hidden"
    lines = []
    real = widgets.text
    monkeypatch.setattr(widgets, "text", lambda surface, words, *a, **k: (
        lines.append((words, r := real(surface, words, *a, **k))), r)[1])
    frame(app, clock, dt=0.1)
    told = [r for words, r in lines if words and words.split()[0] in
            "The cards are hidden while nobody plays. Click or press any key to go on;"
            " otherwise this game is put away for the next visitor.".split()]
    assert len(told) >= 2 and len({r.w for r in told}) > 1, lines
    assert all(abs(r.centerx - size[0] // 2) <= 1 for r in told), told


def test_set_up_for_me_names_no_other_level_than_the_opponent_s(tmp_path):
    """Set up for me against the easy AI, as the booth's visitors had it: the bar said "The
    computer (AI normal) is setting up your Field" (the helper's level): a stranger may
    think they face a normal AI (s33w3). The bar says the computer sets up their Field,
    naming no level. (The booth sets its visitors' Fields up before their table opens
    now, s56: S pressed at a New game's.)"""
    from test_ui_setup_for_me import S, opened as opened_on
    s = test_ui_table.session(test_ui_table.DEMO, ["human", "ai:easy"])
    app, t = opened_on(tmp_path, s, speed="normal")
    app.step(S, 0.016)
    assert s.helping()
    said = t.hint() + " " + t.hand_caption()
    assert "setting up your Field" in said and "S" in said, said
    assert "normal" not in said and "AI " not in said, said


@pytest.mark.parametrize("buried, carried", [(3, 0), (2, 1)])
def test_guideline_4_10_items_still_under_a_location_turned_haven_are_nobody_s_yet(
        make_app, buried, carried):
    """Guideline 4.10: a Location turned Haven "can still be ... Scavenged": the Items
    still under it are the Field's, nobody's yet (R14 counts them so: tally.item_counts).
    The log's head counted them the Disasters' ("Disasters: 3 of 4"), as it counted every
    Item neither carried, stored nor under a Location (s33w3, looking into a Haven's
    count at a game's start). Its counts are the tally's."""
    from scene import Scene
    from test_ui_combat_panel import TITLED
    from game.engine.state import Place
    from game.engine.tally import item_counts
    sc = Scene(TITLED + "- {id: idol, name: Idol, type: item}\n")
    sc.haven((0, 0))
    sc.location((1, 0), under=["idol"])
    sc.char("valen", (0, 0), items=["idol"] * carried)
    sc.st.places[(2, 0)] = Place(sc.card("plain"), "haven", 0,
                                 buried=tuple(sc.cards(["idol"] * buried)))
    sc.st.seats[0].havens.append((2, 0))
    sc.turn(MOVE)
    s, t = opened(make_app, sc, (1280, 720), seats=1)
    counts, total = item_counts(sc.st), sc.st.items_total
    mine, theirs = t.painter([]).goal()
    assert mine.startswith(f"You: {counts['0']} of {total} Items"), mine
    assert theirs.startswith(f"Disasters: {counts['disasters']} of {total}"), theirs
