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


def _ai_turn_after_the_last_person():
    """Three seats, people at 0 and 1, the AI at 2: seat 1's Move phase, its two
    Characters with the AI's two at one Location, a card in seat 1's hand. Seat 1 takes
    the seat at the curtain, then ends its Turn: the AI seat's Turn follows."""
    from scene import Scene
    sc = Scene(DUEL_CARDS + "- {id: gem, name: Gem, type: item}\n", seats=3,
               options=Options(charm_combat=False))
    sc.location((0, 0), under=["gem"])
    sc.location((1, 0), under=["gem"])
    for c in ("leo", "dai"):
        sc.char(c, (0, 0), seat=1)
    for c in ("ryoko", "naomi"):
        sc.char(c, (0, 0), seat=2)
    secret = sc.hand(1, "lan")[0]
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
