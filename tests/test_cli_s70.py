"""s70's newcomer playtest, the command line: words a command does not know are said by
that command, and a count of decks for seats in plain English."""
from __future__ import annotations

import pytest

from game.cli import build_parser
from test_hostile import run


COMMANDS = ("simulate", "bench", "cardstats", "validate", "play", "booth", "screenshot",
            "monkey")


def test_the_commands_are_these():
    assert set(build_parser().commands) == set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_option_is_said_by_its_command_with_its_help(command):
    """`play --bogus` said "main.py: unrecognized arguments: --bogus (see main.py
    --help)", whose help does not list play's options; other play mistakes say "main.py
    play:". Every command says its own name and help."""
    needs = {"bench": ["digest"], "cardstats": ["--log", "x"], "screenshot": ["--out", "x.png"]}
    code, out, err = run(command, *needs.get(command, []), "--bogus")
    assert (code, out) == (2, "")
    assert err == f"error: main.py {command}: unrecognized arguments: --bogus " \
                  f"(see main.py {command} --help)\n"


def test_an_unknown_word_after_play_is_play_s_and_the_help_points_to_each_command():
    code, _, err = run("play", "extra")
    assert (code, err) == (2, "error: main.py play: unrecognized arguments: extra "
                              "(see main.py play --help)\n")
    code, _, err = run("--bogus")  # no command: the top's
    assert (code, err) == (2, "error: main.py: unrecognized arguments: --bogus "
                              "(see main.py --help)\n")
    assert "main.py COMMAND --help" in build_parser().format_help()


def test_two_decks_for_one_seat_is_said_in_plain_english():
    """"2 decks for 1 seats": the seat singular, what to do said whole."""
    code, _, err = run("play", "--level", "levels/mirror.yaml", "--seats", "human",
                       "--decks", "neon-claws,steel-rain")
    assert (code, err) == (2, "error: play: 2 decks were named for 1 seat: name at most one "
                              "deck for each seat (an empty name keeps the level's deck)\n")
