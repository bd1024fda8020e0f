"""A newcomer's findings at the window (s42n), words and the end: the game-over
screen's Bonks and Kills, what the round limit would decide now, the printed
numbers, the setup's words and the Haven, the gold and the glow, Combat between
players' words."""
from __future__ import annotations


from game.engine import events as E
from game.engine.state import Result
import test_ui_table
from test_ui_game_over import drawn
from test_ui_table import STANDARD, laid

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart



def test_game_over_says_bonks_and_kills_apart_not_characters_lost(make_app, monkeypatch):
    """Basic Terms, Bonk: a Bonked Character comes back after a Turn; a Killed one does
    not. The game-over screen said "lost 5 Characters" for a deck of four, counting
    each Bonk of the same Character again (s42n, guided game). Player 2's one
    Character Bonked three times and another Killed reads "3 Bonks, 1 Killed"."""
    s = laid(STANDARD, 2)
    s.state.result = Result((), True, "round_limit")
    s.state.rounds = s.game.options.round_limit
    mine = [u.card for u in s.state.units.values() if u.owner == 1 and not u.disaster]
    cell = s.state.units[mine[0]].pos
    log = [*s.log, *[E.Bonked(mine[0], cell)] * 3, E.Killed(mine[1], cell)]
    monkeypatch.setattr(type(s), "log", property(lambda self: log))
    app = make_app((1280, 720))
    scene, words, _ = drawn(app, s, (1280, 720), monkeypatch)
    said = [w for w, _ in words]
    assert "Player 2: beat 0 Disasters; 3 Bonks, 1 Killed" in said, said
    assert "Player 1: beat 0 Disasters; no Bonks, none Killed" in said, said
    assert not any("lost" in w for w in said), said
