"""What newcomers met playing the window (s72 playb): a four-seat hot seat with three
people and an AI seat, the booth, and the guided first game at 960x540
(/tmp/s72/playb/findings.md)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import actions as A  # noqa: E402
from game.engine.events import ALL_SEE  # noqa: E402
from game.engine.options import Options  # noqa: E402
from game.engine.state import MOVE  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_table import DUEL_CARDS, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


class Challenger:
    """An AI seat that challenges where it may, else ends its phases."""
    name = "challenger"

    def choose(self, view, legal, rng):
        return next((a for a in legal if isinstance(a, A.Challenge)),
                    next((a for a in legal if isinstance(a, A.EndPhase)), legal[0]))


class Sparker(Challenger):
    """The Challenger, playing its Flash Effect where it may."""

    def choose(self, view, legal, rng):
        return next((a for a in legal if isinstance(a, A.PlayCard)),
                    super().choose(view, legal, rng))


SPARK = '- {id: spark, name: Spark, type: flash_effect, bonuses: {charm: "+1"}}\n'


def _ai_turn_after_the_last_person(hand: str | None = "lan"):
    """Three seats, people at 0 and 1, the AI at 2: seat 1's Move phase, its two
    Characters with the AI's two at one Location, `hand` in seat 1's hand, a Flash
    Effect in the AI's. Seat 1 takes the seat at the curtain, then ends its Turn: the AI
    seat's Turn follows."""
    from scene import Scene
    sc = Scene(DUEL_CARDS + "- {id: gem, name: Gem, type: item}\n" + SPARK, seats=3,
               options=Options(charm_combat=False))
    sc.location((0, 0), under=["gem"])
    sc.location((1, 0), under=["gem"])
    for c in ("leo", "dai"):
        sc.char(c, (0, 0), seat=1)
    for c in ("ryoko", "naomi"):
        sc.char(c, (0, 0), seat=2)
    secret = sc.hand(1, hand)[0] if hand else None
    sc.hand(2, "spark")
    for seat in range(3):
        sc.combat_pile(seat, *["blank"] * 6)
        sc.draw_pile(seat, *["blank"] * 6)
    sc.turn(MOVE, seat=1)
    s = scene_session(sc, ["human", "human", "ai:random"])
    s.match.agents[2] = Challenger()
    return sc, s, secret


def test_the_last_person_asked_in_an_ai_seat_s_turn_takes_the_seat_first():
    """Hands hidden at each hand-off (R16; playtest s72, hot/106): while an AI seat plays
    its Turn with people sharing the screen, every hand is hidden ("they all watch"), and
    the next person's Turn comes behind the curtain. A Disaster of the AI's Turn attacking
    Player 3's group, or the AI challenging them, brought Player 3's hand and choices up
    face up at once, with no curtain: Player 3 was the last seated, and the people at the
    screen by then were the next ones to play. The person asked takes the seat first."""
    _, s, secret = _ai_turn_after_the_last_person()
    assert s.handoff() == 1
    s.take_seat()
    while s.to_act == 1:
        s.act(A.EndPhase())
    assert s.state.turn_seat == 2 and s.shown == ALL_SEE
    for _ in range(20):
        if s.human_to_act():
            break
        s.poll()
    assert s.to_act == 1 and any(isinstance(a, A.Challenge) for a in s.record.actions)
    assert s.handoff() == 1, "the last person's hand came up with no curtain"
    assert s.legal() == [], "their choices were offered before the curtain"
    s.take_seat()
    assert s.handoff() is None and s.shown == 1 and secret in s.view().seats[1].hand
    # Seated again, they stay so while the AI seat's Turn goes on: the Combat's turns
    # of declaring raise no curtain between the AI's choice and theirs.
    asked = 0
    for _ in range(40):
        if s.result is not None or s.state.turn_seat != 2:
            break
        if s.human_to_act():
            assert s.handoff() is None
            s.act(s.legal()[-1])
            asked += 1
        else:
            s.poll()
    assert asked >= 2


def test_the_last_person_with_nothing_to_answer_a_flash_effect_is_passed_for():
    """As the others away from the screen are (s36w): a Flash Effect the AI seat plays in
    its Turn called the last person seated, hand empty and no use to make, to Pass with
    no curtain (the AI seat's Turn watched by all). Passed for, the log saying so."""
    _, s, _ = _ai_turn_after_the_last_person(hand=None)
    s.match.agents[2] = Sparker()
    s.take_seat()
    while s.to_act == 1:
        s.act(A.EndPhase())
    for _ in range(20):
        if s.human_to_act() or any(isinstance(a, A.PlayCard) for a in s.record.actions):
            break
        s.poll()
    played = next(i for i, a in enumerate(s.record.actions) if isinstance(a, A.PlayCard))
    assert s.record.actions[played + 1:played + 3] == [A.Pass(), A.Pass()]


def test_a_person_s_own_turn_keeps_them_seated_through_an_ai_seat_s_pass():
    """Only an AI seat's Turn sends the people watching: an AI seat's choice in a
    person's own Turn (a Flash Effect passed) leaves them seated, no curtain in their
    own Turn between two of their moves."""
    _, s, _ = _ai_turn_after_the_last_person()
    s.take_seat()
    s._played([], 2)  # as the AI seat's Pass in seat 1's Turn is played
    assert s.handoff() is None and s.seated and s.viewer == 1


def test_the_table_draws_no_hand_for_the_challenge_of_an_ai_seat(make_app):
    """The window: once the AI seat has challenged Player 2 in its Turn, the curtain is
    up, and nothing of Player 2's hand is drawn until they take the seat."""
    sc, s, secret = _ai_turn_after_the_last_person()
    t = table(scene_app(make_app, sc), s)
    app = t.app
    if s.handoff() is not None:
        s.take_seat()
    while s.to_act == 1:
        s.act(A.EndPhase())
    for _ in range(200):
        app.step([], 0.05)
        if s.human_to_act() and not s.watch:
            break
    assert s.to_act == 1 and s.handoff() == 1
    app.step([], 1.0)
    assert t.curtain_button is not None and not t.hand_rects
    assert secret not in t.shown


def _guide_words(step_is):
    """The guided game's words wherever `step_is(state, action)` holds, in order."""
    from pathlib import Path
    from game.engine import apply
    from game.match import load_game
    from game.ui.guide import SEED, Guide, find_script
    game = load_game(Path(__file__).resolve().parents[1] / "levels" / "quick_demo.yaml", 2)
    script = find_script(game)
    guide, st, said = Guide(script), game.new_state(SEED), []
    for a in script.actions:
        if step_is(st, a):
            said.append((a, guide.words(st)[1], game.card))
        apply(st, a)
    return said


def _fits_at_960(words: str) -> bool:
    """Wrapped as app._guide_panel wraps them at 960x540, above its Leave button."""
    import pygame
    from game.ui.app import guide_rect
    from game.ui.fonts import wrap
    from game.ui.widgets import font
    pygame.font.init()
    s = min(960 / 1280, 540 / 720)
    box, pad = guide_rect((960, 540)), round(14 * s)
    room = box.h - round(8 * s) - font("button", s).get_height() - round(30 * s) - \
        round(10 * s)
    body = font("label", s * 0.85)
    return len(wrap(words, body, box.w - 2 * pad)) * body.get_linesize() <= room


def test_the_guide_s_store_step_names_who_carries_the_item():
    """Playtest s72 (guide960/044): step 5 said "Drag the Item onto your glowing Haven"
    while no Item was on screen: it shows at the right once its carrier is clicked (the
    bar said so, the guide's panel, read first, did not). The panel names the carrier and
    says where the Item shows, in the two lines it has at 960x540."""
    from game.ui.guide import step_of
    said = _guide_words(lambda st, a: step_of(st, a) == "store")
    assert said
    for a, words, card in said:
        assert f"Click your {card(a.char).name}" in words, words
        assert "at the right" in words and "glowing Haven" in words, words
        assert _fits_at_960(words), words


def test_the_guide_says_each_character_of_a_group_move():
    """Playtest s72 (guide960/022): "Move: click the glowing Character, then the glowing
    cell." over a move of two Characters together: one clicked, the cell took only
    it. A group's move says each, by name."""
    from game.engine import actions as A
    said = _guide_words(lambda st, a: isinstance(a, A.Move))
    groups = [(a, w) for a, w, _ in said if len(a.chars) > 1]
    assert groups
    for a, words in groups:
        if words.startswith("Move:"):
            assert "each glowing Character" in words and " and " in words, words
            assert _fits_at_960(words), words
    assert all("each" not in w for a, w, _ in said if len(a.chars) == 1)


def _stacks_one_by_one(counts, lines, room, card_w, gap, least, apart, sep):
    """layout.stacks as it was: every step tried, the largest first."""
    from game.ui.table.layout import group_w, way_under

    def width(step):
        return sum(max(cards, ways[way_under(ways, cards)]) for (n, k), ways in zip(counts, lines)
                   for cards in (group_w(n, k, card_w, step, sep),)) + apart * (len(counts) - 1)
    return next((step for step in range(card_w + gap, least - 1, -1) if width(step) <= room),
                None)


def test_off_field_stacks_find_the_same_step_by_halving():
    """The Off Field's fit (layout.stacks) finds the step it found trying each one, on
    groups of every kind: one or two ways of writing each line, different cards apart or
    overlapped, rooms from none to plenty."""
    import random
    from game.ui.table.layout import stacks
    rng = random.Random(72)
    for _ in range(3000):
        groups = rng.randint(1, 10)
        counts = []
        for _ in range(groups):
            n = rng.randint(1, 6)
            counts.append((n, rng.randint(1, n)))
        lines = [tuple(rng.randint(5, 90) for _ in range(rng.randint(1, 2))) for _ in counts]
        card_w, gap = rng.randint(9, 40), rng.randint(1, 6)
        least, apart = rng.randint(1, 16), rng.randint(1, 14)
        sep = rng.choice([None, rng.randint(1, 4)])
        room = rng.randint(0, 900)
        args = (counts, lines, room, card_w, gap, least, apart, sep)
        assert stacks(*args) == _stacks_one_by_one(*args), args


def test_a_busy_off_field_is_fitted_in_a_few_tries(monkeypatch):
    """Playtest s72 (hot/097, 105-107): with three people and an AI seat, by round 5 the
    Off Field held ten groups of lasting cards, and each change of them cost a table frame
    of 103 to 166 ms CPU: the fit tried every step from the largest down for each of 45
    card sizes and line layouts (33,000 group widths in a frame). The step is now halved
    to: a few widths per size."""
    import pygame
    from game.ui.table import layout
    from game.ui.table.paint import _off_fit
    pygame.font.init()
    calls = []
    real = layout.group_w

    def counted(*args):
        calls.append(args)
        return real(*args)
    monkeypatch.setattr(layout, "group_w", counted)
    lines = ("2", "all game", "1", "2", "3", "1", "1", "2", "1", "1")
    counts = tuple((1, 1) for _ in lines)
    _off_fit(lines, counts, 200, 1.0, 2, 1 << 16)
    assert len(calls) < 3000, len(calls)


def test_a_show_game_s_combat_cards_are_from_a_player_s_pile_not_yours():
    """Playtest s72 (booth/030): the booth's attract game, two AI seats played to nobody,
    showed "Haymaker for Sayo · from your pile" in its Combat panel, where its seat panels
    and hand say "Player 1" ("Player 1's hand"). "Your pile" is said to a person only."""
    from types import SimpleNamespace
    from game.ui.table.panels.common import pile_words
    view = SimpleNamespace(seat=0, game=SimpleNamespace(owner=lambda card: card % 2))

    def painter(whose):
        return SimpleNamespace(b=SimpleNamespace(view=view), whose=whose,
                               seat_name=lambda i: f"Player {i + 1}")
    assert pile_words(painter("Your"), 4) == ("your pile", "your pile")
    assert pile_words(painter("Player 1's"), 4) == ("Player 1's pile", "P1's pile")
    assert pile_words(painter("Your"), 5) == ("Player 2's pile", "P2's pile")


def test_the_mouse_player_s_drag_in_a_combat_between_players_is_sent_at_fight(make_app):
    """The tests' player (tests/mouse_player.py) dragged a Character onto a foe for an
    Engage and expected it sent; the drop plans it (s71), and a whole game of s72's
    playtest stopped there ("planned, sent with the others at Fight!"). Its drag is a
    plan, then Fight!, as a person does."""
    from mouse_player import MousePlayer
    from test_ui_s71_lead import duel_table
    s, app, t, mine, foes = duel_table(make_app)
    a = next(x for x in t.board.legal if isinstance(x, A.Engage) and x.role == "attack")
    player = MousePlayer(app, seed=1)
    ways = dict(player.gestures(t, a))
    assert "drag unit to unit and fight" in ways, list(ways)
    before = len(s.record.actions)
    ways["drag unit to unit and fight"]()
    assert s.record.actions[before] == a


FLURRY = """\
- {id: flurry, name: Flurry, type: flash_effect, effects: [{"on": play,
   target: {select: flash, owner: any}, do: [{cancel: true, to: target}]}]}
"""


def _flash_to_cancel(stack: int = 1):
    """A Combat between players: seat 0 plays a Flash Effect on its own; where `stack` is
    3, seat 1 answers cancelling it, and seat 0 cancelling that. Seat 1 holds one more
    that cancels a Flash Effect on the stack: the Board of seat 1, asked to answer."""
    from game.engine import view
    from game.ui.table.model import Board
    from test_ui_table import duel_scene
    sc, _, _ = duel_scene(cards=DUEL_CARDS + SPARK + FLURRY)
    spark, cancel = sc.hand(0, "spark", "flurry")  # (a hand is given whole)
    first, flurry = sc.hand(1, "flurry", "flurry")
    plays = [spark, first, cancel][:stack]
    for card in plays:
        sc.do(next(a for a in sc.legal() if isinstance(a, A.PlayCard) and a.card == card))
    assert sc.st.current_seat() == 1
    return Board(view(sc.st, 1), sc.legal(), sc.db), flurry


def test_a_flash_effect_cancelling_one_on_the_stack_is_let_go_anywhere_on_the_field():
    """Playtest s72 (hot4/194): Player 2, asked to answer Player 1's Second Wind, dragged
    Cherry Blossom Flurry ("Cancel a Flash Effect on the stack") as the hand's line says
    ("click or drag it to play it"): nothing showed where, and let go on the Field it said
    "Can't do that: ... Second Wind can take it now". Its drop waited on a token of the
    Flash Effect, which is drawn nowhere (the bar names it). It is let go anywhere on the
    Field, as a card played with no target; with two on the stack, the click's menu says
    which."""
    board, flurry = _flash_to_cancel()
    play = next(a for a in board.legal if isinstance(a, A.PlayCard) and a.card == flurry)
    assert board.drops[("card", flurry)] == {("card", play.target): play, ("field",): play}
    board, flurry = _flash_to_cancel(stack=3)
    plays = [a for a in board.legal if isinstance(a, A.PlayCard) and a.card == flurry]
    assert len(plays) == 3 and board.click[("card", flurry)] == plays
    # (s73: each is let go on its target's card, drawn Off Field while it waits)
    assert board.drops[("card", flurry)] == {("card", a.target): a for a in plays}


def test_while_the_ai_seat_s_challenge_plays_out_no_choice_is_offered(tmp_path):
    """At the normal speed the AI seat's challenge plays out in everyone's share before
    the curtain rises for the last person (hold_curtain): their choices were offered
    meanwhile (a click on Run Away sent nothing, the curtain then up: s72's hot5/148).
    None is offered, nor drawn, until they take the seat."""
    from conftest import keys_for_tests
    from game.ui.app import App
    from game.ui.settings import Settings
    sc, s, secret = _ai_turn_after_the_last_person()
    app = App((1280, 720), Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    app.db = sc.db
    from game.ui.faces import FaceCache
    app.faces = FaceCache(sc.db)
    t = table(app, s)
    s.take_seat()
    while s.to_act == 1:
        s.act(A.EndPhase())
    watched = 0
    for _ in range(400):
        app.step([], 0.05)
        if s.to_act == 1 and s.handoff() is None and not s.watch and s.watched_ai is False:
            break
        if s.to_act == 1:
            watched += s.watch is not None
            assert not t.board.legal and not s.legal() and not t.hand_rects
            assert secret not in t.shown
            if t.curtain_button is not None:
                break
    assert watched and t.curtain_button is not None
    app.quit()
