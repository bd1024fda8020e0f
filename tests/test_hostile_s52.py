"""Bad input (the hostile set), the s52 pass. The house rule each test pins: bad input
gets one clear line (what, which file, which line), exit code 2, and nothing lost or
half-loaded; never a traceback for a user's mistake."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from test_hostile import run  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

SHORT_LEVEL = "name: One round\ndecks: [demo, demo]\noptions: {round_limit: 1}\n"


@pytest.mark.parametrize("level", ["quick_demo", "one round"])
def test_bench_engine_on_a_game_over_before_its_mid_game_measures_it(tmp_path, level):
    """House rule: never a traceback for a user's input. bench engine measures 300
    random actions into the game of --seed: quick_demo's game of seed 1 (the shipped
    level, the default seed), and any of a level `validate` passes with round_limit 1,
    are over sooner, and the finished state was played on: randrange of its empty legal
    list was a traceback (exit 1). The state half way through that game is measured."""
    path = ROOT / "levels" / "quick_demo.yaml"
    if level == "one round":
        path = tmp_path / "one_round.yaml"
        path.write_text(SHORT_LEVEL, encoding="utf-8")
        assert run("validate", str(path))[0] == 0
    code, out, err = run("bench", "engine", "--seconds", "0.01", "--seed", "1",
                         "--level", str(path))
    assert code == 0 and err == "", (code, err)
    rates = json.loads(out)
    assert rates["legal_plus_apply_per_second"] > 0 and rates["hard_iterations_per_second"] > 0


def test_bench_engine_s_search_with_no_choice_left_is_said_not_divided_by_zero():
    """House rule: one clear line, never a traceback. From quick_demo's game of seed 1
    one action before its end, the hard level has no choice left to search: its
    iterations, 0, divided the steps (ZeroDivisionError). It is a ShortGame, which the
    command says in one line."""
    from game.bench import ShortGame, _search_rate
    from game.cli import load_games
    from game.engine import apply_unchecked, legal_actions

    game = load_games(ROOT / "levels" / "quick_demo.yaml", 2)[0]
    st, rng = game.new_state(1), random.Random(1)
    while True:
        legal = legal_actions(st)
        after = st.clone()
        apply_unchecked(after, legal[rng.randrange(len(legal))])
        if after.result is not None:
            break
        st = after
    with pytest.raises(ShortGame, match="no choice is left"):
        _search_rate(st, 0.01)


def test_a_later_versions_setting_is_kept_when_the_settings_are_saved(tmp_path):
    """House rule: nothing lost (settings lost). A setting this version does not know (a
    later version's, read back by an older one) is ignored when read, as it was; it was
    also dropped from the file at the next save (any change of a setting), so going back
    to the later version lost it. It is written back as it was read."""
    from game.ui.settings import Settings

    path = tmp_path / "settings.json"
    later = {"volume": 0.5, "subtitles": {"size": "large", "on": True}, "theme": "dusk"}
    path.write_text(json.dumps(later), encoding="utf-8")
    settings = Settings.load(path)
    assert settings.volume == 0.5 and settings.problem == ""
    settings.volume = 0.25
    assert settings.save(path) == ""
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["volume"] == 0.25
    assert written["subtitles"] == later["subtitles"] and written["theme"] == "dusk"
    assert Settings.load(path) == settings  # the others are no setting of this version's
