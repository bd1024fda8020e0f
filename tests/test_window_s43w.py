"""What the window left alone at the last stop (s43w): the phase bar at game over names
the winner and how, the inspector says whether a Character is chosen or only looked
at, the Off Field uses read at 960x540, a Bonked row says when each is back, and the
Move phase's bar is true where the chosen need more partners; and what playing a game
through showed: the Discard phase's bar over an empty hand, a lit tab on the caption."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine.state import MOVE, OffField
from game.ui.table import ink, panels
import test_ui_table
from test_ui_combat_panel import painted
from test_ui_table import STANDARD, click, scene_app, scene_session, played_out, session, table
from test_window_s42w import written
from test_window_s42x import lit_now

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def bar_words(t, monkeypatch) -> list[str]:
    said, _ = painted(monkeypatch, t, lambda p, surf: p.bar(surf, t.hint(), [], ""))
    monkeypatch.undo()
    return said


# 1. The bar at game over ------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_the_bar_at_game_over_says_the_disasters_won_by_holding_more_than_half(
        make_app, monkeypatch, size):
    """R14 a: the table lingers on the last board before the game-over screen, its bar
    saying only "The game is over." (s42w left it: the words naming the winner were
    the menu's). It says who won and how, whole, as the screen heads it."""
    s = session(STANDARD, ["human", "ai:random"])
    t = table(make_app(size), s)
    played_out(s)  # a whole game between two frames
    t.app.step([], 0.016)
    assert s.result is not None and s.result.disasters_win and s.result.reason == "majority"
    hint = t.hint()
    assert hint.startswith("The Disasters win. In round ") and "more than half" in hint, hint
    assert " ".join(bar_words(t, monkeypatch)[2:]).replace("  ", " ").endswith("half."), hint
    assert not [w for w in bar_words(t, monkeypatch) if w.endswith("…")]


def round_limit_won_by(seat: int, kinds: list[str], make_app, size=(1280, 720)):
    """A two-seat table whose game the round limit ended (R14 c, d), `seat` holding the
    most Items: 2, the Disasters none, 2 still under the Location."""
    from test_rules_tally import table as tally_table, tally
    carried = (2, 0) if seat == 0 else (0, 2)
    sc = tally_table(field=2, carried=carried, rounds=5, limit=5)
    _, result = tally(sc)
    assert result.reason == "round_limit" and result.winners == (seat,)
    app = scene_app(make_app, sc, size)
    app.play(scene_session(sc, kinds))  # the table, before it hands on to Game over
    return app.top


@pytest.mark.parametrize("seat,kinds,said", [
    (1, ["human", "ai:random"], "Round limit — Player 2 wins. The 5-round limit was reached; "
     "Player 2 held the most Items (2), more than each other player and the Disasters "
     "(the next most: 0)."),
    (0, ["human", "ai:random"], "Round limit — You win! The 5-round limit was reached; "
     "Player 1 held the most Items (2)"),
    (0, ["human", "human"], "Round limit — Player 1 wins. The 5-round limit"),
])
def test_the_bar_at_game_over_names_the_winner_at_the_round_limit(make_app, seat, kinds,
                                                                  said):
    """R14 c, d: the round limit ended the game and a player held the most Items: the
    bar names that player ("You" where one person plays) and the limit, as the
    game-over screen's title and reason do."""
    t = round_limit_won_by(seat, kinds, make_app)
    assert t.hint().startswith(said), t.hint()


# 2. The inspector's heading -----------------------------------------------------------

def three_heroes(make_app, size=(1280, 720)):
    """Three of seat 0's Heroes on a Location, another Location next to it: the Move
    phase."""
    from scene import Scene
    from test_rules_tally import CARDS
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    heroes = [sc.char("hero", (0, 0)) for _ in range(3)]
    sc.turn(MOVE)
    return table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"])), heroes


def heading(t, monkeypatch) -> str:
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.inspector(
        p, surf, t.inspect, t.name, [], t.inspect in t.selection))
    monkeypatch.undo()
    return said[0]


def test_the_inspector_says_a_character_only_looked_at_is_not_chosen(make_app, monkeypatch):
    """The side panel said "Selected: Hero" over a Character only clicked to look at,
    as over one chosen to move (s43w): it says "Looking at" for the one, "Chosen to
    move" for the other, drawn as the table draws it."""
    t, (hero, *_) = three_heroes(make_app)
    t.selection, t.inspect = set(), hero
    t._stale = True
    t.draw(t.app.screen)
    assert heading(t, monkeypatch) == f"Looking at: {t.name(hero)}"
    said, _ = painted(monkeypatch, t, lambda p, surf: t._paint_base())
    monkeypatch.undo()
    assert f"Looking at: {t.name(hero)}" in said and not [w for w in said if "Selected" in w]
    t.draw(t.app.screen)
    click(t.app, t.unit_rects[hero].center)
    assert t.selection == {hero} and t.inspect == hero
    assert heading(t, monkeypatch) == f"Chosen to move: {t.name(hero)}"


# 3. The deal's counts -----------------------------------------------------------------

# test_window_s42y's test of the deal's row reads "or so" at 960x540 (it read "~14"),
# whole in the panel.


# 4. Off Field uses at 960x540 ---------------------------------------------------------

def test_off_field_counts_cut_for_room_say_what_they_count(make_app, monkeypatch):
    """Basic Terms, Uses. At 960x540 the Off Field panel (165 px) shows seven Global
    Effects' uses as a bare "2" each, "left" cut for room (s42w left it): what the
    numbers count is said once under them, in the panel."""
    from test_effects import scene as effects_scene
    sc = effects_scene(seats=4)
    sc.char("hero", (0, 0))
    for k in range(7):
        sc.st.off_field.append(OffField(sc.card("rally", k % 4), k % 4))
    t = table(scene_app(make_app, sc, (960, 540)),
              scene_session(sc, ["human"] + ["ai:random"] * 3))
    said, _ = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    assert [w for w, _ in said[1:8]] == ["2"] * 7, said
    (key,) = [r for w, r in said if w == "Numbers: uses left"]
    assert t.lay.off_field.contains(key)
    assert key.top >= max(r.bottom for _, r in said[1:8])


# 5. A Bonked row's times ----------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_a_bonked_row_says_when_each_is_back_at_different_times(make_app, monkeypatch, size):
    """Basic Terms, Bonk; R9. Two of a seat's Characters Bonked a Turn apart, their
    names too long for the panel: the row fell back to fewer names without "back"
    (only the tooltip said when, s42w). Each time is said, in one row or a row each."""
    from scene import Scene
    from test_ui_window_s30x import LONG_NAMED
    sc = Scene(LONG_NAMED, seats=2)
    sc.location((0, 0))
    sc.char("wall", (0, 0))
    sc.st.seats[0].set_aside = [(sc.card("kaede2"), 2), (sc.card("daigo2"), 3)]
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    said, _ = written(t, monkeypatch, lambda p, surf: p.seats(surf, t.session.seats,
                                                              ["Deck A", "Deck B"]))
    rows = " / ".join(w for w, _ in said if "Bonked" in w and "Discard" not in w)
    assert "next turn" in rows and "in 2 turns" in rows, rows
    room = t.lay.seats.w - t.px(8) - t.px(12)
    assert all(r.w <= room for w, r in said if "Bonked" in w and "Discard" not in w), said


# 6. The Move phase's bar where more must come --------------------------------------------

def test_the_bar_is_true_where_the_chosen_can_move_only_with_two_more(make_app, monkeypatch):
    """A move offered only for three together (as a guided game's rails offer one):
    one clicked, the bar said "Click a glowing Character here to take along" and none
    glowed, as neither other made a group that could go; a click on one was refused
    (s43w). Both glow, the bar says how many must come, and the clicks gather them."""
    t, heroes = three_heroes(make_app)
    move = A.Move(tuple(heroes), (1, 0))
    monkeypatch.setattr(t.session, "legal", lambda: [move, A.EndPhase()])
    t.refresh()
    t.selection, t.inspect = set(), None
    t.draw(t.app.screen)
    first, second, third = heroes
    click(t.app, t.unit_rects[first].center)
    assert t.selection == {first}
    assert {("unit", second), ("unit", third)} <= lit_now(t, monkeypatch)
    assert "only with 2 more of yours here" in t.hint(), t.hint()
    click(t.app, t.unit_rects[second].center)
    assert t.selection == {first, second}
    assert ("unit", third) in lit_now(t, monkeypatch)
    assert t.hint().startswith("Click a glowing Character here to take along"), t.hint()
    click(t.app, t.unit_rects[third].center)
    assert t.selection == set(heroes) and ("cell", (1, 0)) in lit_now(t, monkeypatch)
    click(t.app, t.lay.cells[(1, 0)].center)
    assert t.session.record.actions[-1] == move



# Found playing: the Discard phase's bar over an empty hand -------------------------------

@pytest.mark.parametrize("in_haven", [True, False])
def test_a_discard_phase_with_an_empty_hand_does_not_ask_to_click_cards(make_app, in_haven):
    """Discard phase ("Discard any cards in your Haven"); guideline 2.3: a Character
    Discarded is Killed. In a standard game at 960x540 (seed 1, 360 actions) the hand
    was empty, the one card to discard the Commander standing in the Haven, and the
    bar said "Click each card you do not want, to discard it" (s43w). It says the
    hand is empty, and what a Discard of one in the Haven does; with nothing to
    discard at all, just that."""
    from scene import Scene
    from game.engine.state import DISCARD
    from test_rules_tally import CARDS
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0))
    hero = sc.char("hero", (1, 0) if in_haven else (0, 0))
    sc.turn(DISCARD)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "ai:random"]))
    assert not t.board.hand and (A.DiscardCard(hero) in t.board.legal) == in_haven
    assert t.hint() == ("Your hand is empty: click a card in your Haven only to be rid of "
                        "it (a Character Discarded is Killed); then End phase: the Reload "
                        "phase draws up to 7." if in_haven else
                        "Nothing to discard: End phase."), t.hint()


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_lit_tab_over_a_middle_card_leaves_the_caption_s_letters_whole(make_app,
                                                                           monkeypatch, size):
    """A card alone in the hand sits highest (the fan's middle): its lit tab lay on
    the caption's descenders, "click or drag it to play it" underlined in green
    (seen playing four players at 1280x720, s43w; s32w's test has six cards, lower
    in the arc). The tab and the caption's ink do not meet."""
    from scene import Scene
    from game.engine.state import EQUIP
    from test_rules_tally import CARDS
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0))
    sc.char("hero", (0, 0))
    card, = sc.hand(0, "hero")
    sc.turn(EQUIP)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    assert any(isinstance(a, A.PlayCard) and a.card == card for a in t.board.legal)
    r = t.lay.hand
    words = ink.fit(t.hand_caption(), t.px(13), r.w - t.px(16), ink.DIM)
    box = words.get_bounding_rect().move(r.x + t.px(8), r.y + t.px(2))
    width = t.hand_rects[card].w // 2
    tabs: list = []
    real = pygame.draw.rect
    monkeypatch.setattr(pygame.draw, "rect", lambda surf, colour, rect, *a, **k: (
        tabs.append(pygame.Rect(rect)) if pygame.Rect(rect).w == width else None)
        or real(surf, colour, rect, *a, **k))
    t._draw_highlights(pygame.Surface(t.size))
    assert tabs and not [tab for tab in tabs if tab.colliderect(box)], (box, tabs)


@pytest.mark.parametrize("winners,said", [
    ((1,), "Game over: Player 2 wins"), ((0, 2), "Game over: Players 1 and 3 share the win")])
def test_the_log_says_who_won_in_english(winners, said):
    """R14 b: the log's last line read "Game over: Player 2 win(s)", and two sharing
    the win "Player 1, Player 3 win(s)" (s43w)."""
    from game.engine import events as E
    from game.ui.table.words import event_text
    over = E.GameOver(winners, False, "majority", {})
    assert event_text(over, str, lambda i: f"Player {i + 1}")[0] == said
