"""Hidden information (R16), the s32h pass: a `simulate --log` of one seat's share, and
the worlds the AI samples while a guest's take waits for the Haven's owner (R118)."""
from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

from game import cli
from game.engine.levels import DEFAULT_LEVELS_DIR


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(args))
    return code, out.getvalue(), err.getvalue()


def simulate_log(path, *more: str) -> list[dict]:
    code, _, err = run("simulate", "--games", "1", "--seed", "3",
                       "--seats", "ai:random,ai:random",
                       "--level", str(DEFAULT_LEVELS_DIR / "quick_demo.yaml"),
                       "--log", str(path), *more)
    assert code == 0, err
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_simulate_log_seat_writes_exactly_what_that_seat_was_told_r16(tmp_path):
    """R16: a seat sees its own hand and what was shown to it, never another hand. A
    `simulate --log` wrote every seat's secrets, so a log to replay one player's game
    could only be the whole table's. `--log-seat N` writes seat N's share: the setup line
    says `"shown_to": N`, each event is as it was told to N (Event.for_seat), a secret
    shown to others is null, and no line says who else saw it."""
    full = simulate_log(tmp_path / "all.jsonl")
    mine = simulate_log(tmp_path / "seat1.jsonl", "--log-seat", "1")
    assert len(mine) == len(full) and mine[0]["shown_to"] == 1
    assert {k: v for k, v in mine[0].items() if k != "shown_to"} == \
        {k: v for k, v in full[0].items() if k != "shown_to"}
    hidden = told = 0
    for a, m in zip(full[1:], mine[1:]):
        assert "to" not in m
        if "to" not in a or 1 in a["to"]:
            assert m == {k: v for k, v in a.items() if k != "to"}
            told += "to" in a
            continue
        differ = {k for k in a if k != "to" and a[k] != m[k]}
        assert all(m[k] is None for k in differ), (a, m)
        hidden += bool(differ)
    assert hidden and told  # Items taken, dropped, destroyed: some seat 1's, some not


def test_cardstats_refuses_a_seats_log_in_one_line(tmp_path):
    """cardstats counts every card the table played. Read from one seat's log, the
    cards hidden from that seat (null) were counted as never played: a card taken five
    times was listed as dead weight (a review). Such a log is refused in one line,
    naming the file, its line and why, exit 2; the whole table's log is read."""
    path = tmp_path / "seat0.jsonl"
    simulate_log(path, "--log-seat", "0")
    level = str(DEFAULT_LEVELS_DIR / "quick_demo.yaml")
    code, out, err = run("cardstats", "--log", str(path), "--level", level, "--json")
    assert code == 2 and not out, (code, out)
    assert len(err.strip().splitlines()) == 1 and "seat 0's share" in err and \
        f"{path}:1" in err, err
    whole = tmp_path / "all.jsonl"
    simulate_log(whole)
    code, out, err = run("cardstats", "--log", str(whole), "--level", level, "--json")
    assert code == 0 and json.loads(out.splitlines()[-1])["cards"], err


@pytest.mark.parametrize("args,said", [
    (("--log-seat", "1"), "give --log FILE too"),
    (("--log-seat", "2", "--log", "LOG"), "seat 2 is no seat of the game"),
    (("--log-seat", "-1", "--log", "LOG"), "--log-seat"),
])
def test_a_log_seat_no_game_has_is_one_line_exit_2(tmp_path, args, said):
    """A --log-seat without a log, or naming no seat of the game, is one line, exit 2,
    before any game is played (no log file written)."""
    args = tuple(str(tmp_path / "log") if a == "LOG" else a for a in args)
    code, out, err = run("simulate", "--games", "1", "--seats", "ai:random,ai:random",
                         "--level", str(DEFAULT_LEVELS_DIR / "quick_demo.yaml"), *args)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "log").exists() and not out


def test_a_transform_inside_a_combat_shows_the_cards_in_play_and_hides_the_one_kept_aside():
    """Rules for Transforming Characters: "Keep the second card out of play"; R43 b:
    which card a player keeps aside only that player sees, how many everyone knows. In a
    Combat between players, seat 0's Ume (carrying a face-down Gem) becomes Plum: every
    seat's share of the Transformed event names both cards (one leaves play face up, the
    other comes in face up); after it, seat 1's view and the view all see show Plum in
    the Combat, and neither Ume (now aside) nor the Gem among their cards; seat 0's does."""
    from scene import Scene
    from test_rules_transform_s32 import MORE

    from game.engine import view
    from game.engine.actions import Challenge, Engage, Transform
    from game.engine.events import ALL_SEE, Transformed
    from game.engine.options import Options
    from game.engine.state import MOVE

    sc = Scene(MORE, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), under=["gem"])
    for s in (0, 1):
        sc.combat_pile(s, *["blank"] * 6)
    ume = sc.char("ume", (0, 0), items=["gem"])
    gem, = sc.unit(ume).items
    plum = sc.card("plum")
    sc.st.seats[0].forms = [plum]
    foe = sc.char("pal", (0, 0), seat=1)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    assert view(sc.st, 1).seats[0].forms is None and view(sc.st, 1).seats[0].forms_size == 1
    assert plum not in {c for c, _ in view(sc.st, 1).known}
    ev = sc.do(Transform(ume))
    t, = [e for e in ev if isinstance(e, Transformed)]
    for seat in (0, 1, ALL_SEE):
        assert (t.for_seat(seat).card, t.for_seat(seat).form) == (plum, ume)
    sc.do(Engage(plum, "attack", foe))
    for seat in (1, ALL_SEE):
        v = view(sc.st, seat)
        known = {c for c, _ in v.known}
        assert plum in known and ume not in known and gem not in known
        assert v.seats[0].forms is None and v.seats[0].forms_size == 1
        assert plum in v.duel.fighters and ume not in v.duel.fighters
        held, = [u for u in v.units if u.card == plum]
        assert held.items is None and held.item_count == 1
    mine = view(sc.st, 0)
    assert mine.seats[0].forms == (ume,) and {ume, gem} <= {c for c, _ in mine.known}
