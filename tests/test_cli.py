"""The command line (README, Commands): `python main.py simulate|bench`. What is about
a process (the exit code a shell sees, Python's hash seed, the window's process) runs
as a user runs it, in a subprocess; what is only the command's output runs its
function, game.cli.main, in this process (`here`): the same code from the argument
list on, without an interpreter's start and the cards' loading each time. Timings are
printed, never asserted."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from contextlib import chdir
from pathlib import Path

import pytest

from test_hostile import run as in_process  # noqa: E402  (tests/ is on sys.path)

ROOT = Path(__file__).resolve().parents[1]
END_REASONS = {"majority", "all_scavenged", "round_limit"}
GAME_KEYS = {"game", "seed", "seats", "winners", "disasters_win", "end_reason", "rounds",
             "actions", "locations", "items_total", "items", "seconds"}
HIT_KEYS = {"type", "game", "round", "target", "target_kind", "disaster_class", "attackers",
            "attack", "defense", "damage", "health_before", "health_after", "base_health",
            "result", "protectors", "final"}
TIMINGS = ("seconds", "games_per_second", "decision_ms", "level_decision_ms")


def run(*args: str, cwd: Path = ROOT, hash_seed: str = "0") -> subprocess.CompletedProcess:
    """main.py in a subprocess. String hashing is fixed (PYTHONHASHSEED) so that a
    dependence on it shows up in one test only, never as a flaky failure."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def here(*args: str) -> subprocess.CompletedProcess:
    """`python main.py ARGS` as game.cli.main(ARGS) in this process (test_hostile.run),
    from run's folder: its exit code (an argparse mistake's SystemExit is returned by
    main, not raised), stdout and stderr, as run gives them."""
    with chdir(ROOT):
        code, out, err = in_process(*args)
    return subprocess.CompletedProcess(["main.py", *args], code, out, err)


def other_hash_seed() -> str:
    """A PYTHONHASHSEED that is not this process's: a subprocess under it hashes
    strings otherwise than `here` does (this process's seed is random unless
    PYTHONHASHSEED names one; "0" turns the randomness off)."""
    mine = os.environ.get("PYTHONHASHSEED", "random")
    return "1" if mine == "random" else str((int(mine) + 1) % 2 ** 32)


def lines(proc: subprocess.CompletedProcess) -> list[dict]:
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def untimed(line: dict) -> dict:
    return {k: v for k, v in line.items() if k not in TIMINGS}


SIM = ("simulate", "--seats", "ai:random,ai:random", "--games", "3", "--seed", "11", "--json")


@pytest.fixture(scope="module")
def sim11() -> list[dict]:
    return lines(here(*SIM))


def check_game_line(line: dict, seats: int, index: int) -> None:
    assert GAME_KEYS <= set(line), f"missing {sorted(GAME_KEYS - set(line))}"
    assert line["game"] == index
    assert isinstance(line["seed"], int) and not isinstance(line["seed"], bool)
    assert line["seats"] == ["ai:random"] * seats
    assert line["end_reason"] in END_REASONS
    assert isinstance(line["disasters_win"], bool)
    assert all(isinstance(w, int) and 0 <= w < seats for w in line["winners"])
    assert line["winners"] == sorted(set(line["winners"]))
    assert line["disasters_win"] == (line["winners"] == []), "someone or the Disasters win"
    assert isinstance(line["rounds"], int) and line["rounds"] >= 0
    assert isinstance(line["actions"], int) and line["actions"] > 0
    assert isinstance(line["locations"], int) and line["locations"] > 0
    assert line["items_total"] == line["locations"], "R5: one Item dealt per Location"
    items = line["items"]
    assert set(items) == {str(i) for i in range(seats)} | {"disasters", "field"}
    assert all(isinstance(n, int) and n >= 0 for n in items.values())
    assert sum(items.values()) == line["items_total"]
    half = line["items_total"] / 2
    players = sum(items[str(i)] for i in range(seats))
    if line["end_reason"] == "majority":  # R14 a, b
        assert items["disasters"] > half or players > half
    else:
        assert items["disasters"] <= half and players <= half
    assert isinstance(line["seconds"], (int, float)) and line["seconds"] >= 0


def check_summary(summary: dict, games: list[dict], seats: int) -> None:
    assert summary["summary"] is True
    assert summary["games"] == len(games)
    wins = {str(i): sum(i in g["winners"] for g in games) for i in range(seats)}
    wins["disasters"] = sum(g["disasters_win"] for g in games)
    assert summary["wins"] == wins
    assert summary["games_per_second"] > 0
    assert set(summary["decision_ms"]) == {str(i) for i in range(seats)}
    for ms in summary["decision_ms"].values():
        assert set(ms) == {"p50", "p95", "max"}
        assert 0 <= ms["p50"] <= ms["p95"] <= ms["max"]


def test_simulate_prints_a_line_per_game_and_a_summary(sim11):
    assert len(sim11) == 4
    for i, line in enumerate(sim11[:3]):
        check_game_line(line, 2, i)
    check_summary(sim11[3], sim11[:3], 2)


def test_the_same_seed_gives_the_same_games(sim11):
    """The same seed in another process (as a user runs it): the same games."""
    again = lines(run(*SIM))
    assert [untimed(x) for x in again] == [untimed(x) for x in sim11]


@pytest.mark.parametrize("seats,level", [(2, "levels/standard_2p.yaml"),
                                         (4, "levels/four_players.yaml")])
def test_games_do_not_depend_on_string_hashing(seats, level):
    """R13: a game is its seed and its actions, in any process: iterating over a set
    of strings (card ids, categories, skills) must not change what happens."""
    args = ("simulate", "--seats", ",".join(["ai:random"] * seats), "--games", "2",
            "--seed", "7", "--level", level, "--json")
    first = lines(here(*args))  # this process's hash seed
    second = lines(run(*args, hash_seed=other_hash_seed()))
    assert [untimed(x) for x in first] == [untimed(x) for x in second]


def test_each_game_has_its_own_seed(sim11):
    seeds = [line["seed"] for line in sim11[:3]]
    assert len(set(seeds)) == 3
    other = lines(here(*SIM[:-3], "--seed", "12", "--json"))
    assert not set(seeds) & {line["seed"] for line in other[:3]}


def _window(events: list[dict], k: int) -> list[dict]:
    """The events after events[k] up to the next Combat round, or Combat's end."""
    out = []
    for e in events[k + 1:]:
        # (Combat between players: a round ends with the next declaration or Run Away.)
        if e["type"] in ("combat_target", "combat_ended", "combat_began", "game_over",
                         "combat_declared", "ran_away", "duel_ended", "duel_began"):
            break
        out.append(e)
    return out


def test_the_log_has_every_event_and_combat_hits_follow_r9_r10(tmp_path):
    log = tmp_path / "events.jsonl"
    games = lines(here(*SIM, "--log", str(log)))
    events = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert events and all({"type", "game"} <= set(e) for e in events)
    assert sorted({e["game"] for e in events}) == [0, 1, 2]
    over = [e for e in events if e["type"] == "game_over"]
    assert [(e["game"], e["winners"], e["disasters_win"], e["reason"]) for e in over] == [
        (g["game"], g["winners"], g["disasters_win"], g["end_reason"]) for g in games[:3]]
    hits = [k for k, e in enumerate(events) if e["type"] == "combat_hit"]
    assert hits, "no Combat in three games"
    for k in hits:
        h = events[k]
        where = f"game {h['game']}, event {k}: {h}"
        assert set(h) == HIT_KEYS, f"{where}: keys {sorted(set(h) ^ HIT_KEYS)}"
        assert h["target_kind"] in ("character", "disaster"), where
        assert h["disaster_class"] in ("major", "minor", None), where
        assert h["damage"] == max(0, h["attack"] - h["defense"]), f"R10: {where}"
        assert h["attack"] >= 0 and h["defense"] >= 0, f"R10: totals below 0: {where}"
        assert h["health_after"] == h["health_before"] - h["damage"], where
        after, base = h["health_after"], h["base_health"]
        if h["target_kind"] == "disaster":
            expected = "defeated" if after <= 0 else "ok"
        else:  # R9
            # Kill: from 1 Health to -base "in a single attack" (Basic Terms, Kill).
            killed = h["health_before"] >= 1 and after <= -base
            expected = "killed" if killed else "bonked" if after <= 0 else "ok"
        assert h["result"] == expected, f"R9: {where}"
        # A hit without attackers is a protector's minimum 1 Damage (Protecting).
        assert isinstance(h["attackers"], list), where
        assert h["attackers"] or (h["protectors"] and h["attack"] == 0), where
        for p in h["protectors"]:
            assert set(p) == {"id", "damage"}, where
            assert p["damage"] == max(1, h["damage"] // 2), f"R10: protector: {where}"
        fought = next(e["disaster"] for e in reversed(events[:k])
                      if e["type"] == "combat_began" and e["game"] == h["game"]) \
            if h["target_kind"] == "disaster" else None
        if h["target"] == fought:  # (a Disaster allied with the group may be protected)
            assert h["protectors"] == [], f"R28: only the Disaster's target is protected: {where}"
        # What the result says happens next, before the next round begins; a card's
        # effect (`effect` event naming the target) or another Disaster's attack may
        # still Bonk a survivor after.
        window = _window(events, k)
        then = [(e["type"], e.get("card")) for e in window]
        fate = {"killed": "killed", "bonked": "bonked", "defeated": "disaster_defeated"}
        if h["result"] in fate:
            assert (fate[h["result"]], h["target"]) in then, f"{where}: then {then}"
        else:
            # Up to a card's effect on the target, or the next attack it takes in the
            # round, as target or protector (several attacks make a round: Combat
            # with Multiple Disasters, Combat between players).
            # (A card's Damage, `damaged`, is a card's effect: a Disaster's "When
            # Defeated" Damage to the Characters there.)
            cut = next((i for i, e in enumerate(window)
                        if e["type"] in ("effect", "damaged") and e.get("unit") == h["target"]
                        or e["type"] == "combat_hit" and h["target"] in (
                            e["target"], *(p["id"] for p in e["protectors"]))),
                       len(window))
            assert not {("killed", h["target"]), ("bonked", h["target"])} & set(then[:cut]), \
                f"{where}: then {then}"


@pytest.mark.parametrize("seats,level", [(1, "levels/solitaire.yaml"),
                                         (4, "levels/four_players.yaml")])
def test_one_and_four_seat_games_run(seats, level):
    out = lines(here("simulate", "--seats", ",".join(["ai:random"] * seats), "--games", "2",
                    "--seed", "3", "--level", level, "--json"))
    assert len(out) == 3
    for i, line in enumerate(out[:2]):
        check_game_line(line, seats, i)
    check_summary(out[2], out[:2], seats)


def test_text_output_without_json():
    proc = here("simulate", "--games", "2", "--seed", "4")
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.splitlines()
    assert len(text) == 3 and text[0].startswith("game") and text[2].startswith("summary:")


def test_zero_games_prints_only_the_summary():
    out = lines(here("simulate", "--games", "0", "--json"))
    assert len(out) == 1 and out[0]["summary"] is True and out[0]["games"] == 0


# User errors: one line on stderr, exit code 2 ----------------------------------------

def bad_levels(tmp: Path) -> dict[str, tuple[list[str], str]]:
    syntax = tmp / "broken.yaml"
    syntax.write_text("name: Broken\ndecks: [steel-rain, neon-claws\n", encoding="utf-8")
    unknown = tmp / "unknown.yaml"
    unknown.write_text("name: Unknown\ndecks: [steel-rain, no-such-deck]\n", encoding="utf-8")
    missing = tmp / "missing.yaml"
    return {
        "seat-kind": (["simulate", "--seats", "human:x"], "human:x"),
        "too-many-seats": (["simulate", "--seats", ",".join(["ai:random"] * 5)], "seats"),
        "missing-level": (["simulate", "--level", str(missing)], str(missing)),
        "yaml-syntax": (["simulate", "--level", str(syntax)], str(syntax)),
        "unknown-deck": (["simulate", "--level", str(unknown)], "no-such-deck"),
        "negative-games": (["simulate", "--games", "-1"], "--games"),
        "unwritable-log": (["simulate", "--games", "1", "--log", str(tmp / "no" / "such" / "dir"
                                                                      / "log.jsonl")], "log"),
        "bench-missing-level": (["bench", "engine", "--level", str(missing)], str(missing)),
        "digest-no-games": (["bench", "digest", "--games", "0"], "--games"),
        "digest-five-seats": (["bench", "digest", "--seats", "5"], "--seats"),
    }


CASES = ["seat-kind", "too-many-seats", "missing-level", "yaml-syntax", "unknown-deck",
         "negative-games", "unwritable-log", "bench-missing-level", "digest-no-games",
         "digest-five-seats"]


# Run as a user runs them, for the exit code a shell sees: an argparse mistake and a bad
# file (main's return is the process's exit code, main.py: sys.exit(main())).
IN_A_PROCESS = ("negative-games", "unknown-deck")


@pytest.mark.parametrize("case", CASES)
def test_user_errors_are_one_line_and_exit_code_2(tmp_path, case):
    args, named = bad_levels(tmp_path)[case]
    proc = run(*args) if case in IN_A_PROCESS else here(*args)
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    err = proc.stderr.splitlines()
    assert len(err) == 1, f"not one line: {proc.stderr!r}"
    assert named in err[0], err[0]
    assert proc.stdout == ""


def test_no_subcommand_opens_the_window_and_keeps_it_open(tmp_path):
    """`python main.py` is the game: the window opens on the title and runs until it
    is closed (headless here; the per-user folders point into tmp_path)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # Not a fixed 5 s: the loop is up once it catches SIGHUP (App.run; SDL catches
        # SIGTERM itself, earlier), and it is still running a second (some 60 frames)
        # later. (No /proc: 4 s, start-up's 1 s.)
        deadline = time.monotonic() + (60 if Path("/proc/self/status").exists() else 4)
        while not catches(proc.pid, signal.SIGHUP) and proc.poll() is None \
                and time.monotonic() < deadline:
            time.sleep(0.02)
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=1)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err, err
    if sys.platform != "win32":  # SIGTERM, caught: the loop ends between two frames
        assert proc.returncode == 130 and "Interrupted." in err, (proc.returncode, err)


def catches(pid: int, sig: signal.Signals) -> bool:
    """The process has a handler of its own for the signal (Linux's /proc: SigCgt)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    caught = int(next(line for line in status.splitlines() if line.startswith("SigCgt:"))
                 .split()[1], 16)
    return bool(caught >> (sig - 1) & 1)


def test_bench_engine_prints_its_rates():
    # 0.1 s, not 0.5: each of the five rates is still measured over REPEATS windows, and
    # every window runs its operation at least once (bench._rate), so each is above 0;
    # the command's start and the mid-game state are what is left (3.8 -> 1.8 s of CPU)
    proc = here("bench", "engine", "--seconds", "0.1")
    out = lines(proc)
    assert len(out) == 1
    result = out[0]
    for key in ("clones_per_second", "deepcopies_per_second", "clone_vs_deepcopy",
                "legal_plus_apply_per_second"):
        assert key in result and result[key] > 0, (key, result)


def test_bench_digest_is_the_same_under_another_hash_seed():
    """`bench digest` hashes random games' every listing and event: a seeded game is
    the same on any machine, whatever Python's hash seed, so the hash is too."""
    args = ("bench", "digest", "--level", "levels/quick_demo.yaml", "--seats", "4",
            "--games", "2", "--seed", "5")
    first, again = lines(here(*args)), lines(run(*args, hash_seed=other_hash_seed()))
    assert first == again
    assert first[0]["games"] == 2 and first[0]["actions"] > 0
    other = lines(here(*args[:-1], "6"))
    assert other[0]["digest"] != first[0]["digest"]  # other games, another hash


def test_bench_regret_prints_each_choosers_regret_the_same_under_another_hash_seed():
    """`bench regret` budgets in steps and seeds every generator: the same figures on
    any machine, whatever Python's hash seed."""
    # hard at 20 ms of steps (and four times it), not 150: the same searches, a sixth
    # of the suite's time, and still two budgets that differ
    args = ("bench", "regret", "--decisions", "3", "--worlds", "3", "--seed", "2",
            "--think-ms", "20")
    first, again = lines(here(*args)), lines(run(*args, hash_seed=other_hash_seed()))
    assert first == again
    result = first[0]
    assert result["decisions"] == 3 and result["worlds"] == 3
    assert set(result["regret"]) == {"rules", "normal", "hard 20 ms", "hard 80 ms"}
    assert all(r >= 0 for r in result["regret"].values())
    assert result["rules_first"]["rules"] == 1.0


def test_the_summary_counts_the_games_each_level_won_alone(monkeypatch):
    """A tie is a win for each tied seat; `alone` counts the games a level's seat won
    with nobody beside it (R14: the players with the most Items win)."""
    import io

    import game.simulate as simulate
    # Seed by seed, the seats' winners of the first and of the swapped rotation.
    results = iter([[0], [0, 1], [], [1], [1], [1]])

    def fake(game, levels, index, base_seed, log=None, think_ms=None, log_seat=None):
        winners = next(results)
        return simulate.GameRecord({"winners": winners, "disasters_win": not winners,
                                    "end_reason": "majority"}, {0: [], 1: []})

    monkeypatch.setattr(simulate, "play_game", fake)
    out = simulate.simulate([None], ["hard", "normal"], 3, 1, io.StringIO(), True, swap=True)
    # hard sits at seat 0 in games 0, 2, 4 and at seat 1 in games 1, 3, 5: it wins
    # alone in games 0, 3 and 5, and ties in game 1; normal wins alone in game 4.
    assert out["levels"]["hard"]["wins"] == 4 and out["levels"]["hard"]["alone"] == 3
    assert out["levels"]["normal"]["wins"] == 2 and out["levels"]["normal"]["alone"] == 1


def test_the_summary_gives_the_ladders_ratio_with_its_interval_and_how_games_ended(monkeypatch):
    """Issue 16's bars are ratios of win rates with a 95 % interval ("hard ÷ normal ≥
    1.5") and a share of games ended by a majority of Items: `simulate` says both, so a
    ladder's figures come from the command, not from a script beside it. The interval
    resamples whole deals (a seed's seat-swapped games), seeded: the same everywhere."""
    import io

    import game.simulate as simulate
    plan = [[0], [0, 1], [], [1], [1], [1]]  # as above: hard 4 of 6 seats, normal 2 of 6

    def fake(game, levels, index, base_seed, log=None, think_ms=None, log_seat=None):
        winners = next(results)
        return simulate.GameRecord({"winners": winners, "disasters_win": not winners,
                                    "end_reason": "majority" if winners else "round_limit"},
                                   {0: [], 1: []})

    monkeypatch.setattr(simulate, "play_game", fake)
    runs = []
    for _ in range(2):
        results = iter(plan)
        runs.append(simulate.simulate([None], ["hard", "normal"], 3, 1, io.StringIO(), True,
                                      swap=True))
    out = runs[0]
    assert out["ratio"]["of"] == "hard / normal" and out["ratio"]["value"] == 2.0
    lo, hi = out["ratio"]["ci95"]
    # normal won in two deals of three: 1 resample in 27 has neither, so no upper bound
    assert lo < 2.0 and hi is None
    assert runs[1]["ratio"] == out["ratio"]
    assert out["ends"] == {"majority": 5, "round_limit": 1}

    # Every deal alike (seat 0 wins: hard, then normal when swapped): every resample is
    # the deal itself.
    results = iter([[0], [0]] * 4)
    same = simulate.simulate([None], ["hard", "normal"], 4, 1, io.StringIO(), True, swap=True)
    assert same["ratio"] == {"of": "hard / normal", "value": 1.0, "ci95": [1.0, 1.0]}
    # Normal wins in every deal, more in one: a bounded interval around the ratio.
    results = iter([[0], [0], [0, 1], [0]] * 5)  # hard 1 of 2, then 1 of 2 and normal 2
    mixed = simulate.simulate([None], ["hard", "normal"], 10, 1, io.StringIO(), True, swap=True)
    lo, hi = mixed["ratio"]["ci95"]
    assert mixed["ratio"]["value"] == round((10 / 20) / (15 / 20), 3) and lo < 0.667 < hi <= 1.0
    # Normal won one deal of twenty: most resamples leave it none, so no upper bound.
    results = iter([[0], [1]] * 19 + [[0], [0]])
    rare = simulate.simulate([None], ["hard", "normal"], 20, 1, io.StringIO(), True, swap=True)
    assert rare["ratio"]["value"] == 39.0 and rare["ratio"]["ci95"][1] is None
    # One level at the table: no ratio.
    results = iter([[0], [1]])
    assert simulate.simulate([None], ["easy", "easy"], 2, 1, io.StringIO(), True)["ratio"] is None
