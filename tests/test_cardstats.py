"""`cardstats`: how often each card took part in simulated games (issue 3: dead cards)."""
from __future__ import annotations

import io
import json
import subprocess
import sys

from game.cardstats import count, report
from game.cli import SIMULATE_LEVEL, load_games
from game.engine import events as E

from test_hostile import run as here  # noqa: E402  (main.py's main in this process)


def test_counts_map_instances_to_card_ids_per_game():
    """Log line of game g names instances of games[g % len(games)], as simulate plays."""
    games = load_games(SIMULATE_LEVEL, 2)
    assert len(games) == 4  # the four decks paired in turn
    g1 = games[1]
    i = next(n for n, c in enumerate(g1.instances) if c.type == "flash_effect")
    lines = [json.dumps({"game": 5, "type": E.FlashPlayed.type, "card": i}),
             json.dumps({"game": 1, "type": E.FlashPlayed.type, "card": i}),
             json.dumps({"game": 1, "type": E.Moved.type, "card": i})]  # not a taking part
    stats = count(games, lines)
    assert stats == {g1.card_ids[i]: {"played": 2}}
    out = io.StringIO()
    report(games, stats, out, as_json=True)
    got = json.loads(out.getvalue())
    assert got["cards"] == {g1.card_ids[i]: {"played": 2}}
    assert g1.card_ids[i] not in got["unseen"] and len(got["unseen"]) > 10


def test_cardstats_reads_a_simulate_log(tmp_path):
    log = tmp_path / "events.jsonl"
    assert here("simulate", "--games", "2", "--seed", "4", "--log", str(log))[0] == 0
    code, out, err = here("cardstats", "--log", str(log), "--json")
    assert code == 0, err
    stats = json.loads(out.splitlines()[-1])
    placed = [c for c, n in stats["cards"].items() if "placed" in n]
    assert placed  # every game places Locations and Havens


def test_a_bad_log_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "main.py", "cardstats", "--log", str(bad)],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "bad.jsonl" in done.stderr


def test_a_log_with_no_game_in_it_is_refused(tmp_path):
    """An empty file (or one of blank objects) reported "0 of 179 cards in the decks
    took part", as if the games had been played and no card seen."""
    for name, text in (("empty.jsonl", ""), ("blank.jsonl", "{}\n")):
        log = tmp_path / name
        log.write_text(text, encoding="utf-8")
        code, out, err = here("cardstats", "--log", str(log))
        assert code == 2 and out == ""
        assert err.strip().splitlines() == [err.strip()]
        assert name in err and "not a log written by simulate --log" in err
