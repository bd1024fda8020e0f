"""What a newcomer tripped on playing whole games in the window (s45w): standard_2p
against AI seats and as two people at one screen, four_players against three AI seats,
driven by the mouse (tests/mouse_player.py), each screen looked at. The AI seats' level
said three ways, the log's last line not saying why the game ended, the Discard phase's
bar read as an order, a Combat between players' declarations saying neither whom nor
that one who "stays out" is still in it."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.ui.screenshot import advance
from game.ui.table.words import event_text, phase_hint
import test_ui_table
from test_ui_combat_panel import painted
from test_ui_table import (STANDARD, click, duel_scene, played_out, scene_app, scene_session,
                           session, table)

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [(960, 540), (1280, 720)]


def bar_words(t, monkeypatch) -> list[str]:
    said, _ = painted(monkeypatch, t, lambda p, surf: p.bar(surf, t.hint(), [], ""))
    monkeypatch.undo()
    return said


# 1. An AI seat's level, said alike everywhere ----------------------------------------

def test_the_table_names_an_ai_seat_s_level_as_every_other_screen_does(make_app, monkeypatch):
    """New game, the saves and the game-over screen say "AI Hard"; the table's seat
    panels said "AI hard", its bar "Waiting for Player 2 (AI hard) to decide…" (seen
    at standard_2p against a hard seat) and, over the hidden hands of two people
    watching an AI seat, "(AI)" with no level at all (s45w)."""
    s = session(STANDARD, ["human", "ai:hard", "ai:easy"])
    app = make_app((1280, 720))
    app.play(s)  # no frame yet: nobody has decided
    t = app.top
    said, _ = painted(monkeypatch, t, lambda p, surf: p.seats(surf, s.seats, ["A", "B", "C"]))
    monkeypatch.undo()
    assert "AI Hard · B" in said and "AI Easy · C" in said, said
    assert not [w for w in said if "AI hard" in w or "AI easy" in w], said
    # The bar while an AI seat decides.
    for n in range(400):
        if not s.human_to_act():
            break
        advance(s, 1, n)
    assert not s.human_to_act()
    t.refresh()
    who = s.view().to_act
    level = {"ai:hard": "AI Hard", "ai:easy": "AI Easy"}[s.seats[who]]
    assert t.hint().startswith(f"Waiting for Player {who + 1} ({level}) to decide…"), t.hint()


def test_hands_hidden_while_an_ai_seat_plays_name_its_level(make_app):
    """Two people and an AI seat: while it plays, the caption over the hidden hands
    said "Hands hidden while Player 2 (AI) plays" (s45w): its level, as its panel."""
    s = session(STANDARD, ["human", "ai:hard", "human"])
    app = make_app((1280, 720))
    t = table(app, s)
    for n in range(600):
        if not s.human_to_act() and s.view().to_act == 1:
            break
        advance(s, 1, n)
    else:
        pytest.fail("the AI seat never came to decide")
    t.refresh()
    assert t.board.view.seat < 0  # nobody's hand on show
    assert t.hand_caption() == "Hands hidden while Player 2 (AI Hard) plays", t.hand_caption()


# 2. The log's last line says why the game ended ---------------------------------------

@pytest.mark.parametrize("over,said", [
    (E.GameOver((1,), False, "majority", {"0": 2, "1": 6, "disasters": 2, "field": 4}),
     "Game over: Player 2 wins: the players together hold 8 of the 14 Items, more than half, "
     "and Player 2 the most (6)"),
    (E.GameOver((), True, "majority", {"0": 2, "1": 1, "disasters": 8, "field": 3}),
     "Game over: the Disasters win: they hold 8 of the 14 Items, more than half"),
    (E.GameOver((0,), False, "round_limit", {"0": 3, "1": 2, "disasters": 2, "field": 7}),
     "Game over: Player 1 wins: the round limit was reached, and Player 1 held the most "
     "Items (3)"),
    (E.GameOver((), True, "round_limit", {"0": 3, "1": 2, "disasters": 3, "field": 6}),
     "Game over: the Disasters win: the round limit was reached, and no player held more "
     "Items than the Disasters (3)"),
    (E.GameOver((), True, "all_scavenged", {"0": 3, "1": 3, "disasters": 1, "field": 0}),
     "Game over: the Disasters win: every Location had been Scavenged, and Players 1 and 2 "
     "tied for the most (3 each): no single leader"),
])
def test_the_log_says_why_the_game_ended(over, said):
    """R14 a-d: the log's last line said "Game over: Player 2 wins" whatever ended the
    game, a majority of the Items, the round limit or every Location Scavenged, and a
    newcomer reading the log could not tell which (s45w). It says which, with the
    tally's numbers."""
    assert event_text(over, str, lambda i: f"Player {i + 1}")[0] == said


def test_a_played_game_s_last_log_line_says_why(make_app):
    """A whole standard game played (R14 b: the players together past half): its last
    line in the window's log names the majority and the winner's count."""
    s = session(STANDARD, ["human", "ai:random"])
    t = table(make_app((1280, 720)), s)
    played_out(s)  # a whole game between two frames
    t.app.step([], 0.016)
    assert s.result is not None and s.result.reason == "majority"
    last = t.log_lines[-1][0]
    assert last.startswith("Game over: ") and "more than half" in last, last


# 3. The Discard phase's bar --------------------------------------------------------------

def test_the_discard_phase_over_an_empty_hand_does_not_order_a_haven_s_cards_away():
    """Discard Phase ("Discard any cards in your Haven that you do not want"), guideline
    2.3 (a Character Discarded is Killed), then Reload ("Draw 1 card at a time until you
    have 7"): over an empty hand the bar said "click a card in your Haven to discard it
    ...; then End phase", an order, and the only cards there were the person's own
    Characters (standard_2p against a hard seat, round 5, s45w). It says the discard is
    a choice, and what End phase brings."""
    end = A.EndPhase()
    empty = phase_hint("discard", [A.DiscardCard(7), end], [])
    assert empty.startswith("Your hand is empty: ")
    assert "only to be rid of it" in empty and "Reload phase draws up to 7" in empty, empty
    assert "click a card in your Haven to discard it" not in empty, empty
    assert not phase_hint("discard", [A.DiscardCard(7)], []).endswith("up to 7."), \
        "without End phase offered, no 'End phase' said"
    # With cards in hand the words stand ("Click each card you do not want").
    assert phase_hint("discard", [A.DiscardCard(7), end], [7]) == \
        "Click each card you do not want, to discard it; then End phase."


@pytest.mark.parametrize("size", SIZES)
def test_the_empty_hand_s_discard_bar_reads_whole(make_app, monkeypatch, size):
    """The longer words fit the bar whole at 960x540 too: a Character in the Haven, the
    hand empty."""
    from scene import Scene
    from game.engine.state import DISCARD
    from test_rules_tally import CARDS
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0))
    sc.char("hero", (1, 0))
    sc.turn(DISCARD)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    assert "only to be rid of it" in t.hint(), t.hint()
    said = bar_words(t, monkeypatch)
    assert not [w for w in said if w.endswith("…")], said
    assert "up to 7." in " ".join(said), said


# 4. A Combat between players' declarations in the log -----------------------------------

def test_a_combat_between_players_logs_whom_and_that_one_doing_nothing_is_still_in_it(
        make_app):
    """Combat Between Players ("Each Character in the Combat can either Attack or
    Protect another Character"; R33 b: "or nothing"): the log said "Ryoko attacks" and
    "Dai protects" without whom, and "Naomi stays out" though she is still in the
    Combat and may be attacked (s45w). It names the targets, and says so."""
    sc, (ryoko, naomi, lan), (leo, dai) = duel_scene()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    click(app, slots[("plan", ryoko, ("attack", leo))].center)
    click(app, slots[("plan", naomi, ("none", -1))].center)
    click(app, slots[("plan", lan, ("protect", ryoko))].center)
    click(app, next(r for r, k in t.hits if k == ("fight",)).center)
    for _ in range(40):
        app.step([], 0.05)
    lines = [w for w, _ in t.log_lines]
    name = t._log_name
    assert f"{name(ryoko)} attacks {name(leo)}" in lines, lines
    assert f"{name(lan)} protects {name(ryoko)}" in lines, lines
    assert f"{name(naomi)} neither attacks nor protects this round (and may still be " \
        "attacked)" in lines, lines
    assert not [w for w in lines if w.endswith("stays out")], lines


def test_a_combat_with_a_disaster_says_holds_back_as_its_button_does():
    """With a Disaster (no target in the declaration) one doing nothing "holds back", the
    panel's button's words: it may still be the Disaster's target, so "stays out" read
    as leaving the Combat (s46w)."""
    said = event_text(E.CombatDeclared(4, "none"), lambda i: "Daigo", str)[0]
    assert said == "Daigo holds back"
    assert event_text(E.CombatDeclared(4, "attack"), lambda i: "Daigo", str)[0] == \
        "Daigo attacks"
