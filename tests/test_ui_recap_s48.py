"""Recaps (recap.py) at the game's end and around names with commas: the Turns that
ended the game were never told (the reader's next Turn never began), and "Bounty
Office, Outpost Zero" read as two clauses of a recap's list (noticed in s46w/s47)."""
from __future__ import annotations

from game.engine import events as E
from game.ui.table.recap import Recap
from test_ui_recap import FORT, NAMES, SHRINE, said

WIN = E.GameOver((1,), False, "majority", {"0": 1, "1": 5, "disasters": 0, "field": 2})


def test_winning_the_game_recaps_the_turns_since_the_reader_s_rulebook_winning_the_game():
    """Winning the game: it ends as more than half the Items are held, mid-Turn. The
    others' Turns since the reader's last, the winning one in part, are handed over as
    Game over comes (the table logs them before its line); the reader's own is not."""
    moved, took = E.Moved(1, (10,), FORT, SHRINE), E.ItemTaken(10, SHRINE, None)
    r = Recap(0)
    for e in (E.TurnBegan(0, 1, 1), E.PhaseBegan(0, "discard"), E.Bonked(20, FORT),
              E.TurnBegan(1, 2, 1), moved, E.TurnBegan(2, 3, 1), took):
        assert r.add(e) == []
    assert r.add(WIN) == [(1, [moved]), (2, [took])]
    assert r.add(WIN) == []  # told once


def test_a_game_won_in_the_reader_s_own_turn_recaps_nothing_more():
    r = Recap(0)
    for e in (E.TurnBegan(1, 1, 1), E.TurnBegan(0, 2, 1), E.PhaseBegan(0, "discard")):
        r.add(e)
    assert r.add(WIN) == []
    assert Recap(-1).add(WIN) == []  # every seat's share has no Turn


def test_a_location_named_with_a_comma_is_not_read_as_two_clauses(monkeypatch):
    """The clauses go apart by semicolons, what others lost by a sentence."""
    monkeypatch.setitem(NAMES, SHRINE, "Bounty Office, Outpost Zero")
    events = [E.Moved(1, (10,), FORT, SHRINE), E.ScavengingBegan(1, SHRINE),
              E.ItemTaken(10, SHRINE, None), E.Killed(20, SHRINE)]
    assert said(1, events) == (
        "Player 2's last turn: moved 1 Character; Scavenged Bounty Office, Outpost Zero; "
        "took 1 Item. Player 1 had 1 Character Killed")
    monkeypatch.setitem(NAMES, SHRINE, "Shrine Steps")  # without a comma, as before
    assert said(1, events) == ("Player 2's last turn: moved 1 Character, Scavenged Shrine "
                               "Steps, took 1 Item; Player 1 had 1 Character Killed")
