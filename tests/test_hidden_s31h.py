"""Hidden information (R16), the s31h pass: what a seat's view reaches besides its
fields, and what a `simulate --log` says of whose share it is."""
from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout

from game import cli
from game.cli import load_games
from game.engine import events as E
from game.engine import apply_unchecked, legal_actions, view
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.engine.state import GameState, Place, SeatState, Unit

from conftest import choose  # noqa: E402  (tests/ is on sys.path)

STATE_PARTS = (GameState, SeatState, Place, Unit)


def reachable(root: object, limit: int = 400_000):
    """Every object reachable from `root` through attributes, slots and containers."""
    seen, todo = set(), [root]
    while todo and len(seen) < limit:
        o = todo.pop()
        if id(o) in seen or isinstance(o, (int, float, str, bytes, bool, type(None), type)):
            continue
        seen.add(id(o))
        yield o
        if isinstance(o, dict):
            todo += [*o.keys(), *o.values()]
        elif isinstance(o, (list, tuple, set, frozenset)):
            todo += list(o)
        else:
            names = list(getattr(o, "__dict__", {}))
            for cls in type(o).__mro__:
                slots = getattr(cls, "__slots__", ())
                names += [slots] if isinstance(slots, str) else list(slots)
            todo += [getattr(o, n) for n in names if n != "__weakref__" and hasattr(o, n)]


def test_a_seats_view_reaches_no_part_of_the_state_through_its_game_r16():
    """R16: "The AI of a seat decides from that seat's view only." A view names its Game
    (`game`, for the cards and options), and the Game's memo kept every view's parts:
    the other seats' hands, the true state's Places with their face-down stacks, the
    Items each Character carries. From one seat's view an agent could read another
    seat's hand. Now nothing of the state, and no other seat's hand, is reachable from
    the Game a view names."""
    game = load_games(DEFAULT_LEVELS_DIR / "standard_2p.yaml", 2)[0]
    st, rng = game.new_state(3), random.Random(3)
    while st.actions < 150 and st.result is None:
        for seat in range(2):
            view(st, seat).seats  # noqa: B018  (read: the parts are built)
        apply_unchecked(st, choose(rng, legal_actions(st), 0.7))
    v = view(st, 0)
    assert v.seats and v.game is game
    hand = tuple(st.seats[1].hand)
    assert hand, "a scene where seat 1 holds cards"
    found = [type(o).__name__ for o in reachable(v.game)
             if isinstance(o, STATE_PARTS) or (isinstance(o, tuple) and o == hand)]
    # A Unit made for a Place's own static effects (static.placed_sources) is no state's.
    found = [f for f in found if f != "Unit"] + [
        "Unit of the state" for o in reachable(v.game)
        if isinstance(o, Unit) and any(o is u for u in st.units.values())]
    assert not found, f"seat 0's view reaches {sorted(set(found))} through its game"


def test_simulate_log_says_it_is_every_seats_share_and_who_sees_each_secret_r16(tmp_path):
    """A `simulate --log` file writes every secret (a card drawn, an Item taken); it did
    not say so, nor to whom each was shown: a drawn card's number read as if the table
    had seen it. Each game's setup line now says `"shown_to": "all"`, and each event with
    a secret names the seats that may see it (`to`; -1: what every seat sees)."""
    log = tmp_path / "events.jsonl"
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["simulate", "--games", "1", "--seats", "ai:random,ai:random",
                         "--level", str(DEFAULT_LEVELS_DIR / "quick_demo.yaml"),
                         "--log", str(log)])
    assert code == 0, err.getvalue()
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert lines[0]["type"] == "game_setup" and lines[0]["shown_to"] == "all"
    secret = {c.type: c.secret for c in vars(E).values()
              if isinstance(c, type) and issubclass(c, E.Event) and c.secret}
    # An event holds a secret when a secret field is set (a Moved that no card sent has
    # none to hide, and says no `to`).
    holds = [any(e[f] is not None for f in secret.get(e["type"], ())) for e in lines[1:]]
    told = [e for e, h in zip(lines[1:], holds) if h]
    assert told and all(isinstance(e["to"], list) for e in told)
    assert all(e["to"] == [e["seat"]] for e in told if e["type"] == "card_drawn")
    assert all("to" not in e for e, h in zip(lines[1:], holds) if not h)
