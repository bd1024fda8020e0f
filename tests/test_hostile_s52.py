"""Bad input (the hostile set), the s52 pass. The house rule each test pins: bad input
gets one clear line (what, which file, which line), exit code 2, and nothing lost or
half-loaded; never a traceback for a user's mistake."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from test_hostile import run  # noqa: E402

SHORT_LEVEL = "name: One round\ndecks: [demo, demo]\noptions: {round_limit: 1}\n"


def test_bench_engine_on_a_level_of_short_games_is_one_line_exit_2(tmp_path):
    """House rule: one clear line, exit code 2, never a traceback. A level `validate`
    passes (round_limit 1) played out before the 300 random actions of bench engine's
    mid-game: the finished state was cloned and played on, and randrange of an empty
    legal list was a traceback (exit 1)."""
    level = tmp_path / "one_round.yaml"
    level.write_text(SHORT_LEVEL, encoding="utf-8")
    assert run("validate", str(level))[0] == 0
    code, out, err = run("bench", "engine", "--seconds", "0.01", "--level", str(level))
    assert code == 2, (code, err)
    assert out == "" and len(err.splitlines()) == 1, err
    assert str(level) in err and "actions" in err, err


def test_a_later_versions_setting_is_kept_when_the_settings_are_saved(tmp_path):
    """House rule: nothing lost (settings lost). A setting this version does not know (a
    later version's, read back by an older one) is ignored when read, as it was; it was
    also dropped from the file at the next save (any change of a setting), so going back
    to the later version lost it. It is written back as it was read."""
    import json

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
