"""The game-over screen: every result's title and reason fit, nothing overlaps, the
words say why the game ended (R14 a-d), and the rounds agree with the log's."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.state import Result  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes import game_over  # noqa: E402
from game.ui.scenes.game_over import GameOverScene  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table import ink  # noqa: E402
from conftest import keys_for_tests  # noqa: E402
from test_ui_table import FOUR, STANDARD, laid, table  # noqa: E402

# seats, winners, Disasters win, reason, Items (each seat, the Disasters, the field), rounds
RESULTS = {
    "one winner": (2, (1,), False, "majority", [3, 5, 6, 0], 8),
    "shared by 2": (4, (1, 3), False, "majority", [1, 5, 4, 5, 10, 3], 27),
    "shared by 3": (4, (0, 1, 3), False, "majority", [5, 5, 1, 5, 9, 3], 19),
    "shared by 4": (4, (0, 1, 2, 3), False, "majority", [4, 4, 4, 4, 8, 4], 33),
    "Disasters' majority": (4, (), True, "majority", [1, 2, 3, 1, 15, 6], 12),
    "scavenged bare": (4, (), True, "all_scavenged", [6, 6, 2, 1, 6, 0], 22),
    "round limit, a winner": (4, (2,), False, "round_limit", [3, 1, 6, 4, 5, 9], 40),
    "round limit, no winner": (2, (), True, "round_limit", [4, 4, 3, 3], 50),
    "round limit, nothing found": (2, (), True, "round_limit", [0, 0, 0, 6], 50),
}
_LAID: dict = {}


@pytest.fixture
def app(tmp_path):
    a = App((1280, 720), Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    keys_for_tests(a)
    return a


def ended(name: str):
    """A game given the result `name` at its tally; its Items counted as said."""
    seats, winners, disasters, reason, items, rounds = RESULTS[name]
    if seats not in _LAID:
        _LAID[seats] = laid(FOUR if seats == 4 else STANDARD, seats)
    s = _LAID[seats]
    s.state.result = Result(winners, disasters, reason)
    s.state.rounds = rounds
    counts = {str(i): items[i] for i in range(seats)}
    counts |= {"disasters": items[seats], "field": items[seats + 1]}
    s.item_counts = lambda: counts
    return s


def drawn(app: App, s, size, monkeypatch) -> tuple[GameOverScene, list, list]:
    """The scene drawn at `size`: (words, rect) of every text, and every rect filled."""
    words, fills = [], []
    real_text, real_rect = game_over.text, pygame.draw.rect

    def spy_text(surface, w, *args, **kw):
        rect = real_text(surface, w, *args, **kw)
        words.append((w, rect))
        return rect

    def spy_rect(surface, col, rect, *args, **kw):
        fills.append(pygame.Rect(rect))
        return real_rect(surface, col, rect, *args, **kw)
    monkeypatch.setattr(game_over, "text", spy_text)
    monkeypatch.setattr(pygame.draw, "rect", spy_rect)
    app.resize(size)
    scene = GameOverScene(app, s)
    app.reset(scene)
    app.step([], 1 / 60)
    monkeypatch.undo()
    return scene, words, fills


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("name", RESULTS)
def test_every_result_s_title_reason_and_footer_fit_without_overlap(app, monkeypatch, name,
                                                                    size):
    s = ended(name)
    scene, words, fills = drawn(app, s, size, monkeypatch)
    window = pygame.Rect((0, 0), size)
    items = scene.px(80, 176, 540, 420)
    title = next(r for w, r in words if w == scene.title)
    said = [r for w, r in words if len(w) > 12 and w in scene.reason and w not in scene.note]
    assert said and all(window.contains(r) for r in [title] + said), "cut at the window's edge"
    assert all(not r.colliderect(items) and r.top >= title.bottom - title.h // 8
               for r in said), "the reason runs under the title or into the panels"
    # In the Items panel: every label, number, bar and footer line apart from the others.
    inside = [r for w, r in words if items.contains(r) and w != "Items held"]
    bars = [r for r in fills if items.contains(r) and r.h < items.h // 4]
    assert len(bars) == sum(1 for _, n, _, _ in scene.bars if n)  # none held, no bar
    footer = [r for w, r in words if items.contains(r) and "Items were dealt" in w]
    assert footer
    for line in footer:
        assert not any(line.colliderect(r) for r in bars + inside if r != line)


@pytest.mark.parametrize("name,says", [
    ("one winner", "In round 9 the players together held 8 of the 14 Items, more than half; "
                   "Player 2 held the most (5)."),
    ("shared by 2", "players together held 15 of the 28 Items, more than half; "
                    "Players 2 and 4 held the most (5 each)."),
    ("Disasters' majority", "In round 13 the Disasters controlled 15 of the 28 Items, "
                            "more than half."),
    ("scavenged bare", "every Location had been Scavenged; no player held more Items than "
                       "the Disasters' 6, and a tie goes to the Disasters."),
    ("round limit, a winner", "The 40-round limit was reached; Player 3 held the most Items "
                              "(6), more than each other player and the Disasters (the next "
                              "most: 5)."),
    ("round limit, no winner", "The 50-round limit was reached; Players 1 and 2 tied for "
                               "the most (4 each), and without a single leader the Disasters "
                               "win."),
    ("round limit, nothing found", "The 50-round limit was reached; no player held more Items "
                                   "than the Disasters' 0, and a tie goes to the Disasters."),
])
def test_the_reason_says_why_the_game_ended_as_r14_counts_it(app, monkeypatch, name, says):
    scene, words, _ = drawn(app, ended(name), (1280, 720), monkeypatch)
    assert says in scene.reason


@pytest.mark.parametrize("name,title", [
    ("one winner", "Player 2 (AI Random) wins"), ("Disasters' majority", "The Disasters win"),
    ("round limit, nothing found", "Round limit — The Disasters win"),
    ("round limit, a winner", "Round limit — Player 3 (AI Random) wins"),
    ("scavenged bare", "Field Scavenged — The Disasters win")])
def test_the_title_says_a_quiet_end_first(app, monkeypatch, name, title):
    """"The Disasters win" over scores of 0 at a 1-round limit read as a contradiction:
    the title says the round limit (or the Field Scavenged) ended the game (R14 c, d)."""
    scene, words, _ = drawn(app, ended(name), (1280, 720), monkeypatch)
    assert scene.title == title and title in [w for w, _ in words]


def test_the_rounds_agree_with_the_log_and_a_quiet_end_is_told(app, monkeypatch):
    s = ended("round limit, no winner")
    scene, _, _ = drawn(app, s, (1280, 720), monkeypatch)
    assert scene.account.moments[-2:] == [
        "Rounds 1-50: nothing was taken, Destroyed, Defeated or Killed.",
        "Round 50: game over at the 50-round limit."]
    s = ended("Disasters' majority")  # 12 rounds done: ended in the 13th, as the log heads it
    scene, _, _ = drawn(app, s, (1280, 720), monkeypatch)
    assert scene.account.moments[-1] == "Round 13: game over, the Disasters holding more than half."
    assert "In round 13 " in scene.reason


def test_the_table_and_the_saved_games_say_the_round_under_way(app, monkeypatch):
    s = laid(STANDARD, 2)
    s.state.rounds = 1
    assert " · Round 2 of 50 · " in s.summary()  # as the log's "— Round 2: ... —"
    shown = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda w, *a, **k: shown.append(w) or real(w, *a, **k))
    table(app, s)
    assert "Round 2 of 50" in shown
    shown.clear()
    s.state.rounds = 49
    table(app, s)
    assert "Round 50 of 50 · last round" in shown


@pytest.mark.parametrize("name,items,says", [
    ("one winner", [0, 0, 1, 0],
     "1 Item was dealt; holding 1 (more than half) ends the game. Held by the Disasters, "
     "they win; held by the players together, the player with the most wins (all tied for "
     "the most share the win)."),
    ("one winner", [2, 2, 1, 1],
     "6 Items were dealt; holding 4 (more than half) ends the game. Held by the Disasters, "
     "they win; held by the players together, the player with the most wins (all tied for "
     "the most share the win)."),
    ("round limit, nothing found", [0, 0, 0, 6],
     "6 Items were dealt; nobody held 4 (more than half), which ends the game at once. At "
     "the round limit a player wins only holding more Items than each other player and the "
     "Disasters; else the Disasters win.")])
def test_the_footer_says_the_rule_that_decided_with_the_items_dealt(app, monkeypatch, name,
                                                                     items, says):
    """"1 Items were dealt"; "the one with the most wins" where players tied for the most
    share the win (R14 b); and at a round limit with nothing found "The Disasters win
    holding 4 (more than half)" read as if the Disasters held 4: the footer says the
    rule of the end this game had."""
    s = ended(name)
    counts = {"0": items[0], "1": items[1], "disasters": items[2], "field": items[3]}
    s.item_counts = lambda: counts
    scene, words, _ = drawn(app, s, (1280, 720), monkeypatch)
    said = [w for w, _ in words]
    start = said.index("Items held") + 1  # the footer is drawn next, then the bars
    footer = said[start:said.index(scene.bars[0][0], start)]
    assert " ".join(footer) == says, footer


def test_space_or_enter_meant_for_the_table_leave_the_result_up(app, monkeypatch):
    """Space (End phase) or Enter pressed as the game ended dealt a Rematch over the
    result before it was read (fifth newcomer audit): the screen had Rematch as its
    focus and its default. Now R, Esc, a click, or Tab then Enter choose."""
    s = ended(next(iter(RESULTS)))
    scene, _, _ = drawn(app, s, (1280, 720), monkeypatch)
    for k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)],
                 1 / 60)
        assert app.top is scene


def test_a_score_of_none_draws_no_bar(app, monkeypatch):
    """Scores of 0 drew a 4 px stub in the seat's colour under "Items held", read as
    some Items (fifth newcomer audit): a bar is drawn for what is held only."""
    s = ended("round limit, nothing found")  # 0, 0, 0 and 6 under the Locations
    _, words, fills = drawn(app, s, (1280, 720), monkeypatch)
    numbers = [r for w, r in words if w in ("0", "6")]
    # A row's bar lies under its name, whose line the count is on (s35w3).
    bars = [f for f in fills if any(r.centery < f.centery < r.centery + r.height and
                                    f.right < r.left for r in numbers)]
    assert len(numbers) == 4 and len(bars) == 1, (numbers, bars)
