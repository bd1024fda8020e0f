"""The rules engine: pure Python, deterministic from a seed, no pygame.

    game = Game(db, decks, options)
    state = game.new_state(seed)
    while not is_terminal(state):
        seat = state.current_seat()
        action = choose(view(state, seat), legal_actions(state))
        events = apply(state, action)
"""
from .actions import Action, parse
from .errors import IllegalAction, LoadError
from .events import Event
from .game import Game, apply, apply_unchecked, legal_actions, why_not
from .options import Options
from .state import GameState
from .steps import STEPS  # importing it registers the step kinds every card effect runs by
from .view import SeatView, view


def is_terminal(st: GameState) -> bool:
    return st.result is not None


__all__ = ["Action", "Event", "Game", "GameState", "IllegalAction", "LoadError", "Options",
           "STEPS", "SeatView", "apply", "apply_unchecked", "is_terminal", "legal_actions", "parse",
           "view", "why_not"]
