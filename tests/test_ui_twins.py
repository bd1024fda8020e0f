"""Two Characters of one player with one name (a deck may hold two copies of a Character;
the mirror level's decks are each other's twins): each is told by its number among its
player's, "Akiko #2", alike on its token, the combat panels' rows and buttons, the menus
and the log; the owner's mark still tells the players' apart. A number counts only the
cards every seat sees: a copy in a hand is never given away."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.ui.table import ink

import test_ui_table
from test_ui_combat_forecast import Recorder
from test_ui_combat_panel import TITLED, duel_panel, painted
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

SIZES = [(1280, 720), (1920, 1080)]


def twins_duel(make_app, size, viewer: int = 0):
    """Seat 0's two Akikos and Reiji challenge seat 1's Akiko and Daigo (R33)."""
    from scene import Scene
    from game.engine.options import Options
    from game.engine.state import MOVE
    sc = Scene(TITLED, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0)) for c in ("akiko", "valen", "akiko")]
    theirs = [sc.char(c, (0, 0), seat=1) for c in ("akiko", "daigo")]
    for seat in (0, 1):
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    seats = ["human", "ai:random"] if viewer == 0 else ["ai:random", "human"]
    return mine, theirs, table(scene_app(make_app, sc, size), scene_session(sc, seats))


def tokens_drawn(monkeypatch, t) -> tuple[dict[int, str], Recorder]:
    """The tokens drawn on a recording surface: the words of each label drawn (by the
    id of its surface) and the surface, which keeps what was drawn where."""
    words: dict[int, str] = {}
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda w, *a, **k: words.__setitem__(
        id(out := real(w, *a, **k)), w) or out)
    surf = Recorder(t.size)
    t._draw_tokens(surf)
    return words, surf


def badges(monkeypatch, t) -> dict[int, str]:
    """The words drawn over each token on the Field, by unit."""
    words, surf = tokens_drawn(monkeypatch, t)
    out: dict[int, str] = {}
    for src, rect in surf.drawn:
        for unit, box in t.unit_rects.items():
            if id(src) in words and box.contains(rect):
                out[unit] = out.get(unit, "") + words[id(src)]
    return out


@pytest.mark.parametrize("size", SIZES)
def test_a_player_s_twins_are_told_apart_on_the_buttons_rows_and_tokens(
        make_app, monkeypatch, size):
    """"Protect Akiko" twice and two rows "Akiko": which was which could not be told.
    Now each is "Akiko #1" or "Akiko #2" in the panel, the menu and on its token; the
    other player's is "Akiko (P2)", as before."""
    mine, theirs, t = twins_duel(make_app, size)
    a1, _, a2 = mine
    assert (t.name(a1), t.name(a2), t.name(theirs[0])) == (
        "Akiko Sakuragawa #1", "Akiko Sakuragawa #2", "Akiko Sakuragawa (P2)")
    said, hits = painted(monkeypatch, t, duel_panel(t))
    protect = [w for w in said if w.startswith("Protect ")]
    assert sorted(protect) == ["Protect Akiko #1", "Protect Akiko #1", "Protect Akiko #2",
                               "Protect Akiko #2", "Protect Reiji", "Protect Reiji"], protect
    assert {"Attack Akiko (P2)", "Attack Daigo"} <= set(said)
    # The side's list and the rows: each by its number, none as a bare "Akiko".
    assert said.count("Akiko #1") == said.count("Akiko #2") >= 1 and "Akiko" not in said
    # The Field says it as the buttons do: the number on the token, and on none else.
    monkeypatch.undo()
    drawn = badges(monkeypatch, t)
    assert "#1" in drawn[a1] and "#2" in drawn[a2]
    assert not any("#" in drawn.get(u, "") for u in (mine[1], *theirs))
    menu = [t.act_words(a) for a in t.board.legal]  # the all-actions list's rows
    assert "Akiko Sakuragawa #1 protects Akiko Sakuragawa #2" in menu, menu
    assert "Akiko Sakuragawa #1 attacks Akiko Sakuragawa (P2)" in menu, menu


def test_the_log_names_each_twin_by_the_number_its_token_shows(make_app):
    """The log read "Akiko (P1) attacks Daigo (P2)" for either of Player 1's Akikos."""
    mine, theirs, t = twins_duel(make_app, (1280, 720))
    line = t._log_name(mine[2])
    assert line == "Akiko Sakuragawa #2 (P1)"
    from game.ui.table.words import event_text
    words, _ = event_text(E.Bonked(mine[2], (0, 0)), t._log_name, t.seat_name)
    assert "Akiko Sakuragawa #2 (P1)" in words, words


def test_a_copy_in_the_hand_is_never_counted(make_app, monkeypatch):
    """One Hero on the Field, its twin in the hand: no number (it would tell the other
    players there is a second); once the twin is Bonked, set aside face up, both are."""
    from scene import Scene
    from game.engine.state import MOVE
    sc = Scene(TITLED, seats=2)
    sc.haven((0, 0))
    sc.location((1, 0))
    out = sc.char("akiko", (1, 0))
    held, = sc.hand(0, "akiko")
    sc.char("daigo", (1, 0), seat=1)
    sc.turn(MOVE)
    for viewer in (0, 1):
        seats = ["human", "ai:random"] if viewer == 0 else ["ai:random", "human"]
        t = table(scene_app(make_app, sc, (1280, 720)), scene_session(sc, seats))
        assert not t.board.numbers and not t.name(out).count("#")
        assert not any("#" in w for w in badges(monkeypatch, t).values())
        monkeypatch.undo()
    sc.st.seats[0].hand.remove(held)
    sc.st.seats[0].set_aside.append((held, 2))
    t = table(scene_app(make_app, sc, (1280, 720)), scene_session(sc, ["ai:random", "human"]))
    assert (t.name(out), t.name(held)) == ("Akiko Sakuragawa #1 (P1)",
                                          "Akiko Sakuragawa #2 (P1)")
    assert t.board.numbers == {out: 1, held: 2}


@pytest.mark.parametrize("viewer", [0, 1])
def test_a_haven_named_by_its_card_carries_its_placers_mark_as_by_its_cell(
        make_app, viewer):
    """Two seats of one deck have Havens of one name (Forward Base Anvil on the standard
    level at three seats): the log said "Forward Base Anvil hits Commander Reiji Valen
    (P1)" and "Forward Base Anvil: +1 Attack to Sergeant Daigo Hatakeyama (P3)", and
    Player 1 read their own Haven hitting their own Character (s28 newcomer at the
    window). A Haven or Location named by its card, as its own effects and attacks name
    it, carries its placer's mark as its cell's name does; a name no other shares, none."""
    from scene import Scene
    from game.engine.state import MOVE
    from game.ui.table.words import event_text
    sc = Scene(TITLED, seats=2)  # every seat's Haven is the scene's one "Home"
    homes = [sc.haven((0, 0)), sc.haven((2, 0), seat=1)]
    plain = sc.location((1, 0))
    daigo = sc.char("daigo", (1, 0), seat=1)
    sc.turn(MOVE)
    seats = ["human", "ai:random"] if viewer == 0 else ["ai:random", "human"]
    t = table(scene_app(make_app, sc, (1280, 720)), scene_session(sc, seats))
    for cell, home in zip(((0, 0), (2, 0)), homes):
        mark = f"Home (P{home.owner + 1})"
        assert t._place_name(cell) == t.name(home.card) == t._log_name(home.card) == mark
    words, _ = event_text(E.Modified(homes[1].card, daigo, ("+1 Attack",)), t._log_name,
                          t.seat_name)
    assert words == "Home (P2): +1 Attack to Sergeant Daigo Hatakeyama (P2)", words
    assert t.name(plain.card) == t._log_name(plain.card) == "Plain"
