"""Findings left by s64's and s65's newcomer playtests, at the window's input: a right
click let go of a Character the inspector still looked at; a token let go off every
cell slid back without a word. Driven by the scene's own events, as a person would."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import MOVE, SCAVENGE  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_drop_haven import carry  # noqa: E402
from test_ui_s65_input import two_seats  # noqa: E402
from test_ui_table import (FOUR, click, key, laid, mouse, scene_app,  # noqa: E402
                           scene_session, table)
from shots import shot  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def right_click(app, pos) -> None:
    app.step([mouse(pygame.MOUSEMOTION, pos, 0), mouse(pygame.MOUSEBUTTONDOWN, pos, 3),
              mouse(pygame.MOUSEBUTTONUP, pos, 3)], 0.016)


@pytest.mark.parametrize("where", ["right", "nothing"])
def test_letting_go_of_a_character_by_a_click_drops_its_inspector(make_app, where):
    """Esc let go of the Character chosen to move and its inspector (s65); a right click,
    or a click on nothing, let go of it and the inspector went on "Looking at" it, as if
    it were still picked. Any let go is Esc's."""
    s, app, t, hero, tank, hands = two_seats(make_app, MOVE, 0)
    click(app, t.unit_rects[hero].center)
    assert t.selection == {hero} and t.inspect == hero
    bar = t.lay.bar.center  # no thing of the table's there
    assert t.hit(bar) is None
    (right_click if where == "right" else click)(app, bar)
    assert not t.selection and t.inspect is None


def test_a_right_click_keeps_a_look_at_a_place(make_app):
    """Letting go drops the look at what was let go only: a Place looked at stays."""
    s, app, t, hero, tank, hands = two_seats(make_app, MOVE, 0)
    click(app, t.lay.cells[(0, 1)].center)
    assert t.inspect == (0, 1)
    right_click(app, t.lay.bar.center)
    assert t.inspect == (0, 1)


@pytest.mark.parametrize("off", [True, False])
def test_a_token_let_go_on_no_cell_says_why_it_stays(make_app, off):
    """A Character dragged in its Move phase and let go over the bar (off the Field)
    slid back without a word (s65's playtest), as no other refused drop did; let go on
    the Field's empty space it said only "can't go there". Both say it was let go on no
    cell, where it stays, and where it may go. Nothing is sent."""
    s, app, t, hero, tank, hands = two_seats(make_app, MOVE, 0)
    seen = t.seen()
    end = t.lay.bar.center if off else (seen.right - 12, seen.bottom - 12)
    assert not any(r.collidepoint(end) for r in t.lay.cells.values())
    sent = len(s.record.actions)
    carry(app, t, t.unit_rects[hero].center, end)
    app.step([mouse(pygame.MOUSEBUTTONUP, end)], 0.05)
    assert len(s.record.actions) == sent
    where = "off the Field, on no cell" if off else "on no cell"
    place = t.name(s.view().units[[u.card for u in s.view().units].index(hero)].pos)
    assert t.message[0] == (f"{t.name(hero)} was let go {where}, and stays at {place}: "
                            "move it to a glowing cell.")
    assert not t.noted  # a refusal, in red, as the others
    app.step([], 0.016)
    shot(app, f"s66_no_cell_{'off' if off else 'field'}")


def tinker_at(phase: str):
    """Tinker (tests/test_ui_table.tinker_scene's: her ability takes an Equipment from
    the Draw pile) alone at a Location with an Item under it, in seat 0's `phase`."""
    from scene import Scene
    from test_rules_scavenging import CARDS
    sc = Scene(CARDS + """\
- {id: tinker, name: Tinker, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 3},
   effects: [{"on": use, cost: {discard: 1}, do: [{search: {type: equipment}}]}]}
- {id: wrench, name: Wrench, type: equipment}
""", seats=2)
    sc.location((0, 0), under=["idol"])
    tinker = sc.char("tinker", (0, 0))
    sc.hand(0, "wrench")
    return sc.turn(phase), tinker


@pytest.mark.parametrize("phase", [MOVE, SCAVENGE])
def test_a_character_s_menu_leaves_its_panel_s_buttons_to_the_panel(make_app, phase):
    """A click on one's own Character opened a menu by the pointer repeating the
    button its side panel showed at the same click ("Use Tinker: …" twice, s64's and
    s65's playtests). The panel keeps the Character's own choices; the menu offers
    what its Location offers (here the Scavenge), or opens not at all."""
    sc, tinker = tinker_at(phase)
    use = A.UseCard(tinker, 0)
    assert use in sc.legal()
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "ai:random"]))
    click(t.app, t.unit_rects[tinker].center)
    t._stale = True
    t.app.step([], 0.016)
    assert t.inspect == tinker
    panel = [r for r, k in t.hits if k == ("act", use)]
    assert panel and t.lay.inspector.contains(panel[0])
    rows = [a for _, a in t.menu.items] if t.menu is not None else []
    assert use not in rows
    if phase == SCAVENGE:
        assert rows == [A.Scavenge((0, 0))]
    else:  # no menu: said where the choices are, or why Tinker stays (a click looks)
        assert t.menu is None and t.message[0]
    shot(t.app, f"s66_tinker_{phase}")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("roles", [("attack", "none", "none", "none"),
                                   ("attack", "attack", "protect", "none")])
def test_the_combat_forecast_and_the_disaster_s_attack_are_sentences(make_app, monkeypatch,
                                                                     size, roles):
    """R10 (Damage is the Attack total less the Defense, Physical Combat): the group's
    forecast said "Attacking: 8 against Defense 3 — 5 Damage, Defeats it" and the
    Disaster's own line "It attacks Daigo: 5 vs 6 — no Damage to Daigo" (s65's
    playtest: terse, as the nobody-attacks forecast was). Each says whose attack
    beats (or not) which Defense, and what that does, in words, at every size."""
    from test_ui_combat_forecast import combat_panel, fight, forecast_line, strike_line
    from test_ui_combat_panel import painted
    sc, chars, _ = fight()
    s, t = opened_at(make_app, sc, size)
    for c, role in zip(chars.values(), roles):
        click(t.app, next(r for r, k in t.hits if k == ("plan", c, role)).center)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    ours, theirs = forecast_line(said), strike_line(said)
    for line in (ours, theirs):
        assert " vs " not in line and "—" not in line and "Attacking:" not in line, line
        assert " beats " in line or " does not beat " in line or " against Defense " in line, line
    assert ours.startswith("Your attack"), ours
    assert "Defeat" in ours if len([r for r in roles if r == "attack"]) == 2 else \
        "1 Damage of its 3 Health" in ours, ours
    assert theirs.startswith(("At the same time it attacks", "It attacks", "Its ")), theirs
    assert ("Daigo takes no Damage" in theirs) == ("protect" in roles), theirs
    monkeypatch.undo()
    t._stale = True
    t.app.step([], 0.016)
    shot(t.app, f"s66_forecast_{size[0]}_{len(set(roles))}")


def opened_at(make_app, sc, size):
    from test_ui_combat_forecast import opened
    return opened(make_app, sc, size)


def location_panel(monkeypatch, t) -> str:
    """The Location panel's words, its wrapped lines joined."""
    from test_ui_combat_panel import painted
    from game.ui.table import panels
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.inspector(p, surf, t.inspect,
                                                                        t.name))
    monkeypatch.undo()
    return " ".join(said)


def test_the_location_panel_names_who_lacks_its_symbol(make_app, monkeypatch):
    """Rules for Locations: a group "cannot stop on a Planetary Location unless each
    Character in the Group has the Planetary symbol". Rust Port's panel said "every
    Character who enters or crosses it needs that symbol" and left the player to find
    out who of theirs lacks it (s65's playtest): it names them, as a refused move does
    (terrain.lack): of all theirs, or of the group chosen. Another player's Characters
    are never named (their face-down Items may give it)."""
    from test_ui_s65_view_words import port_trio
    sc, (h1, h2, pilot) = port_trio()
    theirs = sc.char("hero", (0, 1), seat=1)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc), s)
    click(t.app, t.lay.cells[(1, 0)].center)
    assert t.inspect == (1, 0) and not t.selection
    gives = "(a skill, a category or a Planetary Vehicle in use gives it)"
    said = location_panel(monkeypatch, t)
    assert f"Hero #1 and Hero #2 lack the Planetary symbol {gives}" in said, said
    assert "Pilot" not in said and t.name(theirs) not in said and "(P2)" not in said
    t._stale = True
    t.app.step([], 0.016)
    shot(t.app, "s66_port_all")
    t.selection = {h2, pilot}
    assert "Hero #2 of your group lacks the Planetary symbol" in location_panel(monkeypatch, t)
    t.selection = {pilot}
    assert "Your group has the Planetary symbol" in location_panel(monkeypatch, t)
    t._stale = True
    t.app.step([], 0.016)
    shot(t.app, "s66_port_pilot")


def test_a_fitted_four_seat_field_gives_place_names_both_lines(make_app, monkeypatch):
    """F on four seats' Field at 1366x768 makes tiles 47 px tall, under the smallest
    readable (camera.lowest): beside a Location's face-down counts its name kept one
    line of a word ("Throne…", "Koban …", s65's playtest). On such a map's tile the name
    takes both lines, the counts left to the card shown on hover and the Location
    panel; a readable tile keeps both."""
    from game.ui.table import ink, tiles
    s = laid(FOUR, 4)
    t = table(make_app((1366, 768)), s)
    key(t.app, pygame.K_f)
    size = t.lay.cells[next(iter(t.board.places))].size
    assert size[1] < tiles.MAP_H, size
    longest = max((p for p in t.board.places.values() if p.kind == "location"),
                  key=lambda p: len(t.board.card(p.card).name))
    name = t.board.card(longest.card).name
    assert len(name.split()) >= 3 and longest.under_items + longest.under_disasters

    def drawn(at: tuple[int, int]) -> list[str]:
        said = []
        real = ink.label
        with monkeypatch.context() as m:
            m.setattr(ink, "label", lambda words, *a, **k: said.append(words) or
                      real(words, *a, **k))
            t.tiles._draw(longest, t.board.card_id(longest.card), at, True, False, False)
        return said
    small = drawn(size)
    words = [w for w in small if not w.isdigit()]
    assert len(words) == 2 and all(w.strip("… ") for w in words), small  # both lines named
    assert name.startswith(words[0].rstrip("… ")) and words[1].strip("… ") in name, small
    assert not any(w.isdigit() for w in small), small  # the counts: on hover, in the panel
    readable = drawn((175, 131))
    assert str(longest.under_items) in readable, readable
    if os.environ.get("SHOTS"):  # the tiles settled: drawn at their size a few a frame (tiles.Tiles.work)
        for _ in range(40):
            t.app.step([], 0.05)
        shot(t.app, "s66_fit_1366")


def test_the_card_files_are_read_apart_as_the_window_opens(make_app, monkeypatch):
    """cProfile of the screens' first frames (s65's playtest: long first frames): the
    one long one read the card files, in the first frame of the first screen to show a
    card (the title's fan: about 270 ms of CPU of a frozen window). open_window has
    them read in a process of their own (App.warm): the title comes without its fan,
    which comes once they are in; this process builds its cards from what was parsed
    there, and a Game built after takes the same (load_cards keeps them)."""
    import time
    from game.engine import cardfile
    app = make_app((960, 540))
    app.warm()  # (the reader imports its own cardfile: the spy below is this process's)
    here = []  # the files parsed in this process: load_cards with its own parser
    real = cardfile.load_cards
    monkeypatch.setattr(cardfile, "load_cards", lambda *a, **k: here.extend(
        [a] if k.get("read", cardfile.read_yaml) is cardfile.read_yaml else []) or real(*a, **k))
    app.to_menu()
    app.step([], 1 / 60)
    title = app.top
    for _ in range(3000):  # frames, as the window draws them, till the cards are in
        if title._fan:
            break
        reading = app.reading_cards()
        app.step([], 1 / 60)
        assert title._fan or reading  # no fan: only while they are read
        time.sleep(0.005)
    assert title._fan and not here and not title.error
    assert app.db is real(cardfile.DEFAULT_CARDS_DIR)  # kept: a Game's is the same


def test_new_game_reads_the_decks_once(make_app, monkeypatch):
    """New game read the deck files at every opening (most of its first frame, again
    and again): read once, kept by the App."""
    from game.engine import decks
    from game.ui.scenes.new_game import NewGameScene
    app = make_app((960, 540))
    read = []
    real = decks.load_decks
    monkeypatch.setattr(decks, "load_decks", lambda *a: read.append(a) or real(*a))
    for _ in range(2):
        app.push(NewGameScene(app))
        app.step([], 1 / 60)
        assert app.top.decks and app.top.levels
        app.pop()
    assert len(read) == 1
