"""The s57 four-seat playtest's findings at the window: a deep stack of Flash Effects
on the curtain and the bar, and the words the helper found wrong."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import test_ui_table  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import MOVE  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _deep_stack(make_app, size, depth: int):
    """Player 1 played a Zap and the two answered each other's until `depth` wait on
    the stack (Rules for Flash Effects: each answers the one before it)."""
    from scene import Scene
    from test_rules_timing import CARDS as TIMING
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(TIMING, seats=2)
    sc.location((0, 0))
    heroes = [sc.char("hero", (0, 0)), sc.char("hero", (0, 0), seat=1)]
    zaps = [list(sc.hand(0, *["zap"] * depth)), list(sc.hand(1, *["zap"] * depth))]
    sc.turn(MOVE)
    sc.do(*(A.PlayCard(zaps[k % 2].pop(), heroes[k % 2]) for k in range(depth)))
    s = scene_session(sc, ["human", "human"])
    return table(scene_app(make_app, sc, size), s), s, heroes


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (960, 540)])
def test_a_deep_flash_stack_leaves_the_curtains_buttons_on_the_window(make_app, size):
    """Seven Flash Effects on the stack: the curtain's reason named them all, wrapped to
    eight rows at 1920x1080, and pushed "I am Player 1" and "Pass without looking" off
    the window's foot (s57 playtest, long card names). Here twenty short ones: the
    reason keeps to a few rows, and both buttons and the Esc line stay on the window."""
    t, s, _ = _deep_stack(make_app, size, 20)
    assert s.handoff() is not None
    t.draw(t.app.screen)
    window = pygame.Rect((0, 0), size)
    assert t.curtain_pass is not None
    for button in (t.curtain_button, t.curtain_pass):  # the Esc line under them too
        assert window.contains(button.inflate(0, 0).union(button.move(0, t.px(36)))), \
            (button, size)
    t.app.quit()


def test_the_bar_and_the_curtain_count_what_they_cannot_name_rules_for_flash_effects(make_app):
    """Rules for Flash Effects: they resolve the last played first. With six waiting
    under the top one, the bar ran off its end on the second name; it names the next
    and counts the rest, and the curtain names three and counts the rest."""
    t, s, heroes = _deep_stack(make_app, (1280, 720), 8)  # Player 2's on top
    said = t.curtain_words(0)[0]
    assert said.startswith("Player 2 played Zap on") and said.count("'s Zap on") == 3, said
    assert said.endswith(", and 4 more (the game log has them)."), said
    s.take_seat()
    hint = t.hint()
    assert hint.count("'s Zap on") == 1, hint  # the top one is "the Flash Effect Zap"
    assert hint.endswith(f"Then, waiting under it: Player 1's Zap on {t.name(heroes[0])}, "
                         "and 6 more (the game log has them)."), hint
    t.app.quit()


def test_the_curtain_s_reason_keeps_to_its_rows_whatever_its_length(make_app):
    """Long card names, many of them (a playtest's stack of seven read "Second Wind on
    Sayo Tsukishiro" and the like): the reason takes at most REASON_ROWS rows in its
    largest type, then a smaller one, and at the smallest its rest in one more row."""
    from game.ui.table import popups
    app = make_app((1920, 1080))  # the fonts

    def px(n: float) -> int:  # the table's scale at 1920x1080
        return round(n * 1.5)
    short = "Setting up the Field: Player 1 places a card"
    assert popups._reason_rows(short, 1650, px) == (
        px(32), ["Setting up the Field: Player\u00a01 places a\u00a0card"])
    long = " ".join(f"then Player {k % 4 + 1}'s Wind of Second Chances on Sayo "
                    "Tsukishiro of the Moonlit Shrine," for k in range(12))
    size, rows = popups._reason_rows(long, 1650, px)
    assert size == px(22) and len(rows) == popups.REASON_ROWS + 1
    # All of it, the last row cut by ink.fit as drawn; a seat's number kept with its
    # "Player", the last word with the one before (no-break spaces).
    assert " ".join(rows).replace("\u00a0", " ") == long
    assert "Player\u00a01's" in rows[0] and not any(r.endswith("Player") for r in rows)
    app.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_person_s_own_deck_stays_beside_your_combat_on_a_short_panel(make_app, monkeypatch,
                                                                        size):
    """R22: a Disaster walks onto Player 1's group in Player 2's Maintenance phase, four
    seats. Beside the tag "YOUR COMBAT", wider than "YOUR TURN", the deck did not fit
    and the panel read "Human" (s57 playtest), which its "(you)" says already: the deck
    stays, or its first words, whole ("Hot Springs")."""
    from scene import Scene
    from test_rules_combat import CARDS
    from test_ui_seat_panels import seat_words
    from test_ui_table import scene_app, scene_session, table
    from game.engine.state import DISCARD
    sc = Scene(CARDS, seats=4)
    monkeypatch.setattr(sc.game, "decks", (replace(sc.game.decks[0], name="Hot Springs Heroes"),
                                           *sc.game.decks[1:]))  # the playtest's deck
    sc.location((1, 0))
    sc.location((0, 0))
    sc.char("tank", (0, 0), seat=0)
    sc.disaster("ogre", (1, 0), seat=1, brought_by=1)  # Movement 1: onto the Tank
    sc.turn(DISCARD, seat=1)
    sc.do(A.EndPhase())  # seat 1's Reload and Maintenance phases
    assert sc.st.combat is not None and sc.st.combat.seat == 0 and sc.st.turn_seat == 1
    t = table(scene_app(make_app, sc, size),
              scene_session(sc, ["human", "ai:random", "ai:random", "ai:random"]))
    mine = seat_words(t, monkeypatch)[0]
    deck = t.session.game.decks[0].name
    # The deck whole since s71, the tag "COMBAT" under "(you)" where "YOUR COMBAT" cut it.
    assert any(w.endswith("COMBAT") for w in mine) and "Human" not in mine, mine
    assert any(w in (deck, f"Human · {deck}") for w in mine), mine
    t.app.quit()


def test_a_disaster_turned_over_is_exclaimed_once_rules_for_disasters():
    """Rules for Disasters: a Disaster dealt face down is turned over when found. The
    log said "Turned over: Pop Quiz!!" of a card whose name ends in "!" (s57)."""
    from game.engine import events as E
    from game.ui.table.words import coming_back_text, event_text

    def seat_name(seat: int) -> str:
        return f"Player {seat + 1}"
    for card, said in (("Pop Quiz!", "Pop Quiz!"), ("Ogre", "Ogre!"), ("Who Is It?", "Who Is It?")):
        names = {7: card, (0, 0): "Shrine"}
        e = E.DisasterRevealed(7, (0, 0))
        assert event_text(e, names.get, seat_name)[0] == f"Turned over: {said}"
        assert coming_back_text(e, 0, names.get, seat_name, set()) == \
            f"Turned over at Shrine: {said}"


def test_the_charm_break_hint_points_at_the_free_buttons_of_those_not_charmed(make_app):
    """Combat: "Any Character not Charmed by the Disaster can attempt a Charm break of
    another". The bar said "free your Charmed Characters (their Free buttons)", and a
    playtester looked for the buttons on the Charmed ones: they are on the others."""
    from test_ui_combat_forecast import charm_break
    from test_ui_table import scene_app, scene_session, table
    sc, chars = charm_break()  # Valen Charmed, Pawlina not
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    frees = [a for a in t.board.legal if isinstance(a, A.BreakCharm)]
    assert frees and {(a.char, a.charmed) for a in frees} == {(chars["pawlina"], chars["valen"])}
    assert "a Character not Charmed may try to free a Charmed one (its Free buttons)" \
        in t.hint(), t.hint()
    t.app.quit()


def test_a_flash_effect_in_another_s_combat_says_which_and_in_whose_phase(make_app):
    """R22: a Disaster attacks Player 1's group in Player 2's Maintenance phase, and
    Player 1 plays a Flash Effect there (Rules for Flash Effects: one may be played in
    Combat). The curtain calling Player 2 said only what was played: it says whose
    phase it is and which Combat. Combat between players at a Location names it."""
    from scene import Scene
    from test_rules_combat import CARDS
    from test_rules_timing import CARDS as TIMING
    from test_ui_table import duel_scene, scene_app, scene_session, table
    from game.engine.state import DISCARD
    zap_card = TIMING[TIMING.index("- id: zap"):TIMING.index("- id: ronin")]
    sc = Scene(CARDS + zap_card, seats=2)
    sc.location((1, 0))
    sc.location((0, 0))
    tank = sc.char("tank", (0, 0), seat=0)
    ogre = sc.disaster("ogre", (1, 0), seat=1, brought_by=1)  # Movement 1: onto the Tank
    zap, = sc.hand(0, "zap")
    sc.hand(1, "zap")
    sc.turn(DISCARD, seat=1)
    sc.do(A.EndPhase())  # seat 1's Reload and Maintenance phases: the Ogre attacks
    assert sc.st.combat is not None and sc.st.combat.seat == 0
    sc.do(A.PlayCard(zap, tank))
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "human"]))
    said = t.curtain_words(1)[0]
    assert said.startswith(f"Player 2's Maintenance phase, Player 1's Combat against "
                           f"{t._log_name(ogre)}: Player 1 played Zap on "), said
    assert said.endswith("Player 2, you may respond"), said
    t.app.quit()
    sc, _, _ = duel_scene()  # seat 0 challenges seat 1 at (0, 0)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "human"]))
    seat = t.session.state.current_seat()
    assert t.curtain_words(seat)[0].startswith(
        f"Combat between Player 1 and Player 2 at {t._log_name((0, 0))}: "), \
        t.curtain_words(seat)[0]
    t.app.quit()


def test_game_over_at_a_shared_screen_shows_no_one_s_hand_r14(make_app):
    """R14: the tally is made at the start of a Discard phase, so a game ends at the
    start of some seat's turn, whoever sits at the screen. Two people and an AI: the AI's
    last turn was watched by both (nobody's hand shown), then the game ended in Player
    1's turn and the table drew Player 1's hand face up under "Game over", no curtain
    between (s57 playtest). At a shared screen a finished game shows what all may see."""
    from scene import Scene
    from test_rules_combat import CARDS
    from test_ui_table import scene_app, scene_session, table
    from game.engine.events import ALL_SEE
    from game.engine.state import Result
    sc = Scene(CARDS, seats=3)
    sc.location((0, 0))
    sc.char("tank", (0, 0), seat=0)
    held = [sc.hand(seat, "tank") for seat in (0, 1)]
    sc.turn(MOVE)
    s = scene_session(sc, ["human", "human", "ai:random"])
    s.take_seat()
    assert s.viewer == 0 and s.shown == 0
    t = table(scene_app(make_app, sc), s)
    s.state.result = Result((2,), False, "majority")
    assert s.shown == ALL_SEE
    v = s.view()
    assert all(not v.seats[seat].hand for seat in (0, 1)) and held
    t.refresh()  # the last board, drawn: its hand's words say why it is empty
    t.app.step([], 0.016)
    assert t.hand_caption().startswith("The game is over: no hand is shown"), t.hand_caption()
    t.app.quit()
    one = scene_session(sc, ["human", "ai:random", "ai:random"])  # one person: theirs
    assert one.shown == 0


def test_the_curtain_tells_how_a_combat_of_yours_ended_r22():
    """R22: a Disaster that walks onto a group fights it. Coming back to the curtain, a
    person read that the Combat began and the hits, and, where the Disaster survived,
    nothing of its end (s56, left): the end of their Combat is news, said plainly."""
    from game.engine import events as E
    from game.ui.table.curtain import news_rank
    from game.ui.table.words import coming_back_text

    def seat_name(seat: int) -> str:
        return f"Player {seat + 1}"

    def owner(card: int) -> int | None:
        return None
    names = {9: "Ogre"}.get
    for defeated, said in ((False, "it still stands"), (True, "it was Defeated")):
        e = E.CombatEnded(0, 9, defeated)
        assert news_rank(e, 0, owner, set(), {}) == 1
        assert coming_back_text(e, 0, names, seat_name, set()) == \
            f"The Combat against Ogre is over: {said}"
        assert coming_back_text(e, 1, names, seat_name, set()) == ""  # not theirs
    assert news_rank(E.DuelEnded(1, 0, (0, 0), -1), 0, owner, set(), {}) == 1


def test_a_person_seated_when_the_game_is_put_away_is_not_told_the_news_again(tmp_path):
    """Two people share the screen: the next one takes the seat behind a curtain that
    told them what happened since they last looked, and the game is put away (Quit to
    menu) before they act. Continued, the curtain told them the same news again: taking
    the seat is no action, and the save was written only after actions (s57
    playtest). Put away, the game is saved with who last looked."""
    import json
    from game.ui.app import App
    from game.ui.settings import Settings
    from game.ui.table import TableScene
    from test_ui_window_s29x import continued, news_curtain
    app = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    seat, _ = news_curtain(app)
    s = app.session
    s.take_seat()  # they read the news, and take the seat
    actions, number = len(s.record.actions), app.saves.held
    app.to_menu()
    data = json.loads(app.saves.path(number).read_text())
    assert data["table"]["looked"][str(seat)] == actions
    t = continued(app, number)
    assert isinstance(t, TableScene) and t.session.handoff() == seat
    title, _ = t.curtain_words(seat)[1]
    assert not title.startswith("Since"), title  # nothing since they looked
    app.quit()
