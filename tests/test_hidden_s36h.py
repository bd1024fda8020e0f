"""Hidden information (R16), the s36h pass: the AI seats of a three-seat table, each with
a Game of its own, and every word the window draws for a person after a hot-seat
hand-off.

test_ai.test_hidden_cards_change_no_decision asks every level on lookalike states of 1,
2 and 4 seats that share one Game (its memo and the views' parts kept beside it). Here
at three seats (a seat neither first nor last), a lookalike is also given a Game built
afresh: whatever the engine keeps per Game (Game.memo, view._PARTS) and a decision may
read through a sampled world is then worked out from the lookalike alone, as in a
process of its own.

The window: test_ui_table checks the cards drawn (`shown`) after a hand-off, and
test_hidden_s35h2 the curtain's words. Every text the table renders for the person who
sat down (log lines, the Combat panel, the bar's hint, the inspector, tooltips under the
pointer) is caught here as it is rendered, and none may name a card hidden from that
seat whose name no card it may see (or was told of) shares."""
from __future__ import annotations

import functools
import gc
import random
import sys

import pygame
import pytest

from game.ai import EasyAgent, HardAgent, NormalAgent
from game.cli import load_games
from game.engine import legal_actions, view
from game.engine.levels import DEFAULT_LEVELS_DIR
from test_ai import decided
from test_hidden_information import cards_in
from test_hidden_s27 import shuffle_more
from test_ui_table import session, table
from zones import hidden_from

from conftest import choose, play  # noqa: E402  (tests/ is on sys.path)

make_app = __import__("test_ui_table").make_app  # the fixture


def agents():
    return {"easy": EasyAgent(), "normal": NormalAgent(steps=40), "hard": HardAgent(steps=60)}


@pytest.mark.parametrize("level", ["all_decks", "mirror"])
def test_r16_three_seat_ai_decisions_are_the_same_in_a_lookalike_with_a_game_of_its_own(level):
    """R16, "The AI of a seat decides from that seat's view only": at three seats, at
    several depths of a seeded game, every search level decides the same on a state
    whose cards hidden from the deciding seat are dealt again (its own Draw pile's order
    too, the others' hands and piles, the stacks, the forms kept aside), the game's
    generator reseeded, and the Game built afresh (no memo shared with the true one)."""
    path = DEFAULT_LEVELS_DIR / f"{level}.yaml"
    game = load_games(path, 3)[0]
    asked = 0
    for k, limit in enumerate((40, 220, 450)):
        st = play(game, 700 + k, 800 + k, eager=0.5, limit=limit).state
        if st.result is not None or len(legal_actions(st)) < 2:
            continue
        seat = st.current_seat()
        for name, agent in agents().items():
            first = decided(st.clone(), agent)
            other = shuffle_more(st, seat, random.Random(k))
            other.game = load_games(path, 3)[0]
            other.rng.seed(31_337 + k)
            assert view(other, seat) == view(st, seat)
            assert legal_actions(other) == legal_actions(st)
            again = decided(other, agent)
            assert again == first, f"{level}, action {st.actions}: {name} in seat {seat} " \
                                   f"chose {first}, then {again} in a lookalike"
            asked += 1
    assert asked >= 6


class _Rendered:
    """Every text the window renders outside the card faces (which test_ui_table checks by
    the cards drawn): pygame's fonts and the card-face font, wrapped while it runs."""

    def __init__(self, monkeypatch):
        import game.ui.kept as kept
        import game.ui.fonts as fonts
        import game.ui.widgets as widgets

        self.texts: list[str] = []
        font_class = pygame.font.Font
        keep = self._keep

        class Kept(font_class):
            def render(self, text, *args, **kwargs):
                keep(text)
                return super().render(text, *args, **kwargs)

        monkeypatch.setattr(pygame.font, "Font", Kept)
        for owner in (fonts.TextFont, widgets._Spaced):
            monkeypatch.setattr(owner, "render", self._wrap(owner.render))
        self.caches = [c for c in gc.get_objects()
                       if isinstance(c, (functools._lru_cache_wrapper, kept.Kept))
                       and getattr(c, "__module__", "").startswith("game.ui")]
        self.forget()

    def _wrap(self, render):
        def wrapped(font, text, *args, **kwargs):
            self._keep(text)
            return render(font, text, *args, **kwargs)
        return wrapped

    def _keep(self, text) -> None:
        frame = sys._getframe(2)
        while frame is not None:  # a card's face: its card is checked as drawn
            if frame.f_code.co_filename.endswith(("faces.py", "cardface.py")):
                return
            frame = frame.f_back
        self.texts.append(str(text))

    def forget(self) -> None:
        """Nothing rendered kept, and no text kept rendered: each is rendered again."""
        self.texts.clear()
        for cached in self.caches:
            cached.cache_clear()


POINTER = [(x, y) for x in (160, 640, 1120) for y in (120, 600)]  # the Field, the hand


@pytest.mark.parametrize("level,seats", [("four_players", 4)])
def test_r16_no_text_drawn_after_a_hand_off_names_a_card_hidden_from_who_sat_down(
        make_app, monkeypatch, level, seats):
    """R16, hidden information: each seat's view and its events show only its share. Four
    people on one screen; after each hand-off, the first time a seat sits down to each kind
    of decision (its phase, a Flash window, a Haven question, a Duel's Combat panel...),
    every text the table renders for them (log, panel, bar, tooltips under the pointer)
    names no card hidden from them. Between hand-offs nothing is drawn: the table catches
    up with the actions taken when the next person sits down."""
    rendered = _Rendered(monkeypatch)
    s = session(f"levels/{level}.yaml", ["human"] * seats, seed=2)
    app = make_app()
    table(app, s)
    names = {i: s.game.card(i).name for i in range(len(s.game.card_ids))}
    rng, asked, said = random.Random(2), set(), 0
    while s.result is None and len(s.record.actions) < 200:
        if s.handoff() is None:
            s.act(choose(rng, s.legal(), 0.7))
            continue
        s.take_seat()
        seat = s.viewer
        key = (s.state.top.kind, seat)
        if key in asked:  # another of the same: drawn as the first one was
            continue
        rendered.forget()
        app.step([], 0.016)
        for pos in POINTER:  # a tooltip under the pointer, after the delay
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0))], 0.6)
        told = set().union(*(cards_in(e.for_seat(seat)) for e in s.log))
        hidden = hidden_from(s.state, seat) - told
        seen = {names[i] for i in names if i not in hidden}
        secret = {names[i] for i in hidden} - seen
        words = "\n".join(rendered.texts)
        assert not [n for n in secret if n in words], (
            f"action {len(s.record.actions)}, {key}: drawn for seat {seat}: "
            f"{[w for w in rendered.texts if any(n in w for n in secret)]}")
        asked.add(key)
        said += sum(any(n in w for n in seen) for w in rendered.texts)
    kinds = {kind for kind, _ in asked}
    assert {"duel", "haven_question", "flash", "phase"} <= kinds and said > 50, (asked, said)
