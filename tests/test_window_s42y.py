"""A newcomer's findings at the window (s42n), words and the end: the game-over
screen's Bonks and Kills, what the round limit would decide now, the printed
numbers, the setup's words and the Haven, the gold and the glow, Combat between
players' words."""
from __future__ import annotations

import re

import pytest

from game.engine import events as E
from game.engine.state import Result
from game.ui.table import ink
import test_ui_table
from test_ui_game_over import drawn
from test_ui_table import STANDARD, laid

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def test_game_over_says_bonks_and_kills_apart_not_characters_lost(make_app, monkeypatch):
    """Basic Terms, Bonk: a Bonked Character comes back after a Turn; a Killed one does
    not. The game-over screen said "lost 5 Characters" for a deck of four, counting
    each Bonk of the same Character again (s42n, guided game). Player 2's one
    Character Bonked three times and another Killed reads "Characters Bonked 3 times, 1
    Killed", what befell the seat's Characters: "beat 16 Disasters; 2 Bonks, 3 Killed"
    read as what it did (s58, a playtest), "Bonked 6 times" as six Characters (s62)."""
    s = laid(STANDARD, 2)
    s.state.result = Result((), True, "round_limit")
    s.state.rounds = s.game.options.round_limit
    mine = [u.card for u in s.state.units.values() if u.owner == 1 and not u.disaster]
    cell = s.state.units[mine[0]].pos
    log = [*s.log, *[E.Bonked(mine[0], cell)] * 3, E.Killed(mine[1], cell)]
    monkeypatch.setattr(type(s), "log", property(lambda self: log))
    app = make_app((1280, 720))
    scene, words, _ = drawn(app, s, (1280, 720), monkeypatch)
    said = [w.replace("\u00a0", " ") for w, _ in words]
    assert "Player 2: beat 0 Disasters; Characters Bonked 3 times, 1 Killed" in said, said
    assert "Player 1: beat 0 Disasters; no Character Bonked or Killed" in said, said
    assert not any("lost" in w for w in said), said


LACKEY = """\
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
"""


@pytest.mark.parametrize("mine,theirs,disasters,said", [
    (2, 1, 3, "the Disasters win, 3 to 2"),
    (3, 1, 2, "you win, 3 to 2"),
    (1, 3, 2, "Player 2 wins, 3 to 2"),
    (2, 2, 1, "the Disasters win: Players 1 and 2 tie for the most (2)"),
    (2, 0, 2, "the Disasters win: a tie at 2 goes to them"),
])
def test_the_log_says_what_the_round_limit_would_decide_in_its_last_rounds(
        make_app, monkeypatch, mine, theirs, disasters, said):
    """R14 d, c: at the round limit a player wins only holding more Items than each
    other player and the Disasters; else the Disasters win. Round 18 of 20, the log
    said only "At 8, they win", and the game ended "Round limit — The Disasters win"
    unforeseen (s42n). In the last five rounds the log says what the limit would
    decide now, as the engine's tally does at the limit; before them, nothing."""
    from scene import Scene
    from test_rules_duel import CARDS
    from test_window_s42w import written
    from test_ui_table import scene_app, scene_session, table
    from game.engine.state import MOVE
    from game.engine.tally import check
    sc = Scene(CARDS + LACKEY, seats=2)
    sc.location((0, 0), under=["ring"] * 6)  # face down: nobody's, no majority
    sc.char("hero", (0, 0), items=["ring"] * mine)
    sc.char("dull", (0, 0), seat=1, items=["ring"] * theirs)
    sc.disaster("lackey", (0, 0), items=["ring"] * disasters)
    sc.turn(MOVE)
    limit = sc.game.options.round_limit
    sc.st.rounds = limit - 6  # round 45 of 50: not yet
    t = table(scene_app(make_app, sc, (1280, 720)), scene_session(sc, ["human", "ai:random"]))
    assert t.painter([]).standing() is None
    sc.st.rounds = limit - 3  # round 48 of 50
    t.refresh()
    words, _ = written(t, monkeypatch, lambda p, surf: p.log(surf, [], 0))
    rows = [w for w, r in words[3:]]  # under the heading and the race's two lines, whole
    assert " ".join(rows) == f"If it ended now: {said}", words
    assert all(t.lay.log.contains(r) for _, r in words), words
    # The engine's own tally at the limit decides the same.
    sc.st.rounds = limit
    check(sc.st, [])
    r = sc.st.result
    assert r.reason == "round_limit"
    assert r.disasters_win == said.startswith("the Disasters")
    assert r.winners == ((0,) if said.startswith("you") else (1,) if "Player 2" in said else ())


# Where each colour word a player would use lies on the hue circle (degrees).
HUES = {"red": (345, 20), "yellow": (40, 65), "green": (90, 160), "blue": (190, 250),
        "pink": (300, 345)}


def test_how_to_play_names_the_colour_of_each_number_on_a_card_in_order():
    """How to play, "Your cards", listed the five numbers but never which coloured
    chip was which (s42n). It names them left to right as the card draws them (STATS
    order), each by the colour its chip is painted."""
    import colorsys
    from game.engine.view import STATS
    from game.ui.palette import ABILITY_COLOURS
    from game.ui.scenes.how_to_play import RULES_TEXT, parse_pages
    page = dict(parse_pages(RULES_TEXT.read_text()))["Your cards"]
    text = " ".join(words for _, words in page)
    said = re.findall(r"(Attack|Defense|Movement|Charm|Energy) \((\w+)", text)
    assert [a.lower() for a, _ in said] == list(STATS), said
    for a, colour in said:
        r, g, b = (c / 255 for c in ABILITY_COLOURS[a.lower()])
        hue = colorsys.rgb_to_hsv(r, g, b)[0] * 360
        low, high = HUES[colour]
        assert (low <= hue <= high) if low < high else (hue >= low or hue <= high), (a, hue)


def test_a_changed_number_says_printed_not_card():
    """"Attack 8 (card 4)" read as a fourth card's (s42n): the number a total was
    changed from is the one printed on the card."""
    from game.ui.table.words import now_text, still_reason
    assert now_text([("attack", 4, 8)], {"attack": "Walker +4"}) == \
        "Now Attack 8 (printed 4: Walker +4)"
    assert still_reason("Daigo", 0, 1, 0, "Heavy Ion Cannon -1") == \
        "Daigo cannot move: Movement 0 (printed 1: Heavy Ion Cannon -1)."


@pytest.mark.parametrize("size", SIZES)
def test_combat_between_players_words_a_haven_next_door_and_no_attack(make_app, monkeypatch,
                                                                        size):
    """R35: a Haven next door to the Combat fights in it. The duel panel said "Haven next
    door, to declare" under it, read as a place, and "Nobody of yours attacks this
    round" (s42n, four players at 1280x720): the Haven's row says it fights from next
    door, and the forecast "None of yours"."""
    from scene import Scene
    from game.engine import actions as A
    from game.engine.options import Options
    from game.engine.state import MOVE
    from test_rules_duel import fort
    from test_ui_combat_overlap import HAVEN, drawn
    from test_ui_combat_panel import TITLED, duel_panel
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(TITLED + HAVEN, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    sc.char("valen", (0, 0))
    sc.char("pawlina", (0, 0), seat=1)
    fort(sc, (-1, 1), 0)
    for seat in (0, 1):
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    said = [w for w, *_ in drawn(monkeypatch, t, duel_panel(t))]
    assert "Haven, from next door: to declare" in said, said
    assert "None of yours attacks yet: choose whom to attack" in said, said  # (s71)
    assert not any(w and "Nobody" in w for w in said), said


NOT_YET = "Placed once every player has laid a Location"


@pytest.mark.parametrize("size", SIZES)
def test_the_haven_in_hand_is_dimmed_and_says_when_until_r2_allows_it(make_app, monkeypatch,
                                                                     size):
    """R2: a Haven is placed only after every player has placed a Location. At the
    start it sat in the hand beside the Location looking playable, and the words said
    "7 Locations left in all, turned over one at a time" (s42n, standard level at
    1280x720). Until R2 allows it the Haven is dimmed with a note saying when, and the
    words say what the Location card shown is; once allowed, neither."""
    from game.engine import actions as A
    from test_ui_table import session, table, until
    from test_window_s42w import written
    s = session(STANDARD, ["human", "ai:random"])
    t = table(make_app(size), s)
    haven = s.view().seats[0].haven_to_place[0]
    assert not any(isinstance(a, A.PlaceCard) and a.card == haven for a in s.legal())
    said, _ = written(t, monkeypatch, lambda p, surf: p.hand(surf, t.hand_caption()))
    words = [w for w, _ in said]
    assert " ".join(words[1:]) == NOT_YET, words
    assert words[0] == "Your cards to place now: this Location, then 6 more, turned up " \
        "one by one", words
    # Dimmed: the Haven's face drawn darker than the Location's beside it.
    shot = t.app.screen.copy()
    t.painter([]).hand(shot, "")
    tops = [r for r in t.painter([]).hand_rects()]
    lit = [shot.get_at((r.centerx, r.y + t.px(14)))[:3] for r in tops]
    assert sum(lit[1]) < sum(lit[0]) * 0.75, lit
    until(s, lambda s: s.to_act == 0 and any(isinstance(a, A.PlaceCard) and a.card == haven
                                             for a in s.legal()))
    t.refresh()
    said, _ = written(t, monkeypatch, lambda p, surf: p.hand(surf, t.hand_caption()))
    assert NOT_YET not in " ".join(w for w, _ in said), said


@pytest.mark.parametrize("size", SIZES)
def test_the_seat_panels_say_about_how_many_disasters_each_deals(make_app, monkeypatch, size):
    """Setting up, the seat panels said "To deal: 7 Items, ~6 Disasters": "~" read as
    a slip (s42n). They say "about 6", and the hand's caption why: a go deals 1 or 2
    (the dealer may pass after one)."""
    from game.engine.setup import Dealing, still_to_deal
    from test_ui_table import FOUR, session, table, until
    from test_window_s42w import written
    for level, seats in ((STANDARD, 2), (FOUR, 4)):
        s = session(level, ["human"] + ["ai:random"] * (seats - 1))
        until(s, lambda s: isinstance(s.view().decision, Dealing))
        t = table(make_app(size), s)
        said, _ = written(t, monkeypatch, lambda p, surf: p.seats(surf, s.seats, ["A"] * seats))
        rows = [w for w, _ in said if "Deal" in w]
        want = [f"Deal: {n} Items, about {usual} Disasters"
                for (low, usual, high), n in still_to_deal(s.view())]
        # Whole; "or so" only at 960x540, and only for a count of two digits (s43w:
        # "~14" stood there).
        short = [re.sub(r"Deal: (.*), about (\d+)", r"Deal \1, \2 or so", w) for w in want]
        assert all(w == a or size == (960, 540) and w == b and re.search(r" \d\d or so ", b)
                   for w, a, b in zip(rows, want, short)) and len(rows) == seats, (rows, want)
        room = t.lay.seats.w - t.px(8) - t.px(12)
        assert all(min(ink.font(t.px(k)).size(w)[0] for k in (13, 12)) <= room
                   for w in rows), rows
        assert "about" in t.hand_caption() and "(a go deals 1 or 2)" in t.hand_caption()


@pytest.mark.parametrize("size", SIZES)
def test_what_the_words_call_glowing_glows_and_gold_is_called_gold(make_app, monkeypatch,
                                                                   size):
    """The bar said "click a glowing Location" (to Scavenge; to deal a Disaster) and
    "click a glowing Disaster" over a thin gold outline that nothing glowed in (s42n,
    standard level and four players at 1280x720, the guided game). A cell a click acts
    on glows green and washed, as a cell to move to does; a Disaster to Fight keeps its
    gold outline (a token's: an ability to use, a fight) and the words say gold."""
    from game.engine import actions as A
    from game.engine.state import MOVE, SCAVENGE
    from game.ui.table.frame import TableFrame
    from test_ui_combat_panel import TITLED
    from test_ui_table import scene_app, scene_session, table
    from test_ui_window_s33w2 import wide_field

    def scene(phase, fight: bool):
        sc = wide_field(TITLED + LACKEY, seats=2)
        sc.location((0, 0), under=["lackey"])
        reiji = sc.char("valen", (0, 0))
        brute = sc.disaster("lackey", (0, 0)) if fight else None
        sc.turn(phase)
        sc.unit(reiji).moved = 2
        return sc, brute, table(scene_app(make_app, sc, size),
                                scene_session(sc, ["human", "ai:random"]))
    washed = []
    lit = TableFrame._lit
    monkeypatch.setattr(TableFrame, "_lit", lambda self, surface, key, colour, width,
                        over=False: (washed.append(key) if over else None,
                                     lit(self, surface, key, colour, width, over)))
    sc, _, t = scene(SCAVENGE, False)
    assert A.Scavenge((0, 0)) in sc.legal()
    t.camera.look_at((0, 0))
    t.app.step([], 0.016)
    assert "glowing Location" in t.hint()
    assert t.board.outlines()[("cell", (0, 0))] == "glow" and ("cell", (0, 0)) in washed
    # A Disaster to Fight: outlined in gold, and called so.
    sc, brute, t = scene(MOVE, True)
    assert A.Fight(brute) in sc.legal()
    assert t.board.outlines()[("unit", brute)] == "gold"
    assert "gold-outlined Disaster" in t.hint() and "glowing Disaster" not in t.hint()
    from game.ui.guide import WHY  # the guided game's Fight step says it too
    assert "gold-outlined Disaster" in WHY["fight"]


@pytest.mark.parametrize("size", SIZES)
def test_the_race_lines_over_the_log_are_whole_at_every_size(make_app, monkeypatch, size):
    """R14 a, b: the log is headed by the race, the players' Items against more than
    half and the Disasters' against the same. At 960x540 the players' line was cut to
    "…At 8, the most w…" (s42y left it): each is whole now, in rows as a log line is,
    inside the log's column."""
    from test_window_s42w import written
    from test_ui_table import table
    app = make_app(size)
    t = table(app, laid(STANDARD, 2))
    words, _ = written(t, monkeypatch, lambda p, surf: p.log(surf, [], 0))
    said = " ".join(w for w, _ in words[1:])  # under the heading
    for line in t.painter([]).goal():
        assert line in said, (line, words)
    assert all(t.lay.log.contains(r) for _, r in words), words
