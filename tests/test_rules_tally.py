"""Winning the Game (rulebook, Winning the Game; R5, R14 a-d, R15)."""
from __future__ import annotations

from scene import Scene, of

from game.engine import is_terminal
from game.engine.actions import EndPhase, Retrieve, Scavenge
from game.engine.events import GameOver, PhaseBegan, TurnBegan
from game.engine.options import Options
from game.engine.state import DISCARD, OVER, SCAVENGE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 0}}
- {id: idol, name: Idol, type: item}
"""


def table(seats: int = 2, *, field: int = 0, carried=(), stored=(), disasters: int = 0,
          destroyed: int = 0, discarded: int = 0, rounds: int = 0, limit: int = 50,
          empty: bool = False) -> Scene:
    """Items placed by who controls them (R5): `field` under a Location, `carried[i]`
    and `stored[i]` by seat i's Characters and Haven, `disasters` carried by one,
    `destroyed` and `discarded` (to seat 0's Discard pile) for the Disasters."""
    sc = Scene(CARDS, seats=seats, options=Options(round_limit=limit))
    sc.location((0, 0), under=["idol"] * field)
    if empty:
        assert field == 0
    for seat in range(seats):
        sc.haven((seat + 1, 1), seat=seat, stored=["idol"] * (stored[seat] if stored else 0))
        n = carried[seat] if carried else 0
        if n:
            sc.char("hero", (0, 0), seat=seat, items=["idol"] * n)
    if disasters:
        sc.disaster("ogre", (0, 0), items=["idol"] * disasters, brought_by=seats)
    sc.st.destroyed += sc.cards(["idol"] * destroyed)
    sc.st.seats[0].discard += sc.cards(["idol"] * discarded)
    sc.st.rounds = rounds
    return sc


def tally(sc: Scene):
    """End the round: the next Discard phase makes the tally (R14)."""
    last = len(sc.st.seats) - 1
    sc.turn(SCAVENGE, seat=last)
    ev = sc.do(EndPhase())
    return ev, sc.st.result


def test_a_disasters_control_more_than_half_R14a():
    # 5 Items: a Disaster carries 1, 1 is Destroyed, 1 Discarded: 3 > 2.5.
    sc = table(field=1, carried=(1, 0), disasters=1, destroyed=1, discarded=1)
    assert sc.st.items_total == 5
    ev, result = tally(sc)
    assert result is not None and result.disasters_win and result.winners == ()
    assert result.reason == "majority"
    over = of(ev, GameOver)[0]
    assert over["items"] == {"0": 1, "1": 0, "disasters": 3, "field": 1}
    assert sc.st.phase == OVER and is_terminal(sc.st)


def test_a_half_is_not_more_than_half_R14a():
    sc = table(field=2, disasters=1, destroyed=1)  # 2 of 4
    ev, result = tally(sc)
    assert result is None and sc.st.phase == DISCARD


def test_b_players_control_more_than_half_the_one_with_most_wins_R14b():
    # Seat 0 carries 2; seat 1 stores 1 in its Haven (R5): 3 of 5.
    sc = table(field=2, carried=(2, 0), stored=(0, 1))
    ev, result = tally(sc)
    assert result.winners == (0,) and not result.disasters_win
    assert result.reason == "majority"


def test_b_players_tied_for_most_share_the_win_R14b():
    sc = table(field=1, carried=(1, 1), stored=(1, 1))
    ev, result = tally(sc)
    assert result.winners == (0, 1) and not result.disasters_win


def test_no_tally_before_the_discard_phase_R14():
    sc = table(seats=1, field=1)
    hero = sc.char("hero", (0, 0))
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)), Retrieve(hero))  # 1 of 1: a majority, but mid-turn
    assert sc.st.result is None
    sc.do(EndPhase())
    assert sc.st.result is not None and sc.st.result.winners == (0,)


def test_c_all_scavenged_without_a_majority_disasters_win_a_tie_R14c():
    # 4 Items: seat 0 has 2, the Disasters 2; nothing is left under any Location.
    sc = table(carried=(2, 0), disasters=1, destroyed=1)
    sc.location((3, 0), destroyed=True)  # Destroyed Locations count as done
    ev, result = tally(sc)
    assert result is not None and result.reason == "all_scavenged"
    assert result.disasters_win and result.winners == ()


def test_c_needs_every_location_fully_scavenged_R14c():
    sc = table(carried=(2, 0), disasters=1, destroyed=1)
    sc.location((3, 0), under=["ogre"])  # a Disaster still lies under it
    ev, result = tally(sc)
    assert result is None


def test_d_round_limit_the_sole_leader_wins_R14d():
    sc = table(field=3, carried=(2, 1), rounds=2, limit=3)
    ev, result = tally(sc)
    assert sc.st.rounds == 3
    assert result.reason == "round_limit" and result.winners == (0,)
    assert not result.disasters_win


def test_d_not_before_the_round_limit_R14d():
    sc = table(field=3, carried=(2, 1), rounds=1, limit=3)
    ev, result = tally(sc)
    assert result is None and sc.st.rounds == 2


def test_d_the_round_after_the_limit_is_never_begun_R14d():
    """R14 d: the game ends as the limit's last round ends. It announced the next round
    ("Round 2: Player 1's turn" at a 1-round limit), ran its turn-start effects and
    entered its Discard phase before the tally ended it."""
    sc = table(field=3, carried=(1, 1), rounds=2, limit=3)
    ev, result = tally(sc)
    assert result.reason == "round_limit" and sc.st.rounds == 3
    assert not any(isinstance(e, (TurnBegan, PhaseBegan)) for e in ev), ev
    assert isinstance(ev[-1], GameOver)
    sc = table(field=3, carried=(1, 1), rounds=1, limit=3)  # before it: the round begins
    ev, result = tally(sc)
    assert result is None and any(isinstance(e, TurnBegan) and e.round == 3 for e in ev)


def test_d_round_limit_with_players_tied_the_disasters_win_R14d():
    sc = table(field=3, carried=(1, 1), rounds=2, limit=3)
    ev, result = tally(sc)
    assert result.reason == "round_limit"
    assert result.disasters_win and result.winners == ()


def test_d_round_limit_player_must_hold_more_than_the_disasters_R14d():
    sc = table(field=3, carried=(1, 0), disasters=1, rounds=2, limit=3)
    ev, result = tally(sc)
    assert result.disasters_win and result.winners == ()


def test_default_round_limit_is_50_R14d():
    assert Options().round_limit == 50
    sc = table(field=3, carried=(2, 1), rounds=49)
    ev, result = tally(sc)
    assert result is not None and result.reason == "round_limit"
    sc = table(field=3, carried=(2, 1), rounds=48)
    assert tally(sc)[1] is None


def test_solitaire_majority_R15():
    sc = table(seats=1, field=2, carried=(3,))
    ev, result = tally(sc)
    assert result.winners == (0,) and result.reason == "majority"


def test_solitaire_disasters_majority_R15():
    sc = table(seats=1, field=2, disasters=1, destroyed=2)
    ev, result = tally(sc)
    assert result.disasters_win and result.winners == ()


def test_solitaire_round_limit_player_beats_the_disasters_R15():
    sc = table(seats=1, field=2, carried=(2,), disasters=1, rounds=2, limit=3)
    ev, result = tally(sc)
    assert result.reason == "round_limit" and result.winners == (0,)


def test_solitaire_all_scavenged_tie_with_the_disasters_R15():
    sc = table(seats=1, carried=(2,), disasters=1, destroyed=1)
    ev, result = tally(sc)
    assert result.reason == "all_scavenged" and result.disasters_win


def test_unused_items_do_not_count_R5():
    sc = table(field=2, carried=(2, 0))
    sc.st.seats[0].unused = sc.cards(["idol"] * 10)
    sc.st.items_total = 4
    ev, result = tally(sc)
    assert result is None  # 2 of the 4 dealt: not more than half


def test_a_finished_game_refuses_every_action():
    sc = table(seats=1, field=1, carried=(2,))
    tally(sc)
    assert sc.legal() == []
    sc.refused(EndPhase(), "game is over")


def test_b_three_players_tied_for_most_all_share_the_win_winning_the_game():
    """Winning the Game, three players: each holds 1 of 5 Items; together 3, more than
    half, and the three are tied for the most."""
    sc = table(seats=3, field=2, carried=(1, 1, 1))
    ev, result = tally(sc)
    assert result.winners == (0, 1, 2) and not result.disasters_win
    assert of(ev, GameOver)[0]["items"] == {"0": 1, "1": 1, "2": 1, "disasters": 0,
                                             "field": 2}


def test_b_players_majority_wins_though_the_disasters_hold_more_than_any_winning_the_game():
    """Winning the Game: "If the players get more than half of the Items, the player with
    the most Items wins." Of 7 Items the Disasters hold 3 and seats 0 and 1 hold 2 each:
    the players' 4 are more than half, so seats 0 and 1 share the win; the Disasters'
    3 (more than either) do not count against it."""
    sc = table(seats=3, carried=(2, 2, 0), disasters=1, destroyed=1, discarded=1)
    ev, result = tally(sc)
    assert result.winners == (0, 1) and result.reason == "majority"


def test_b_items_stored_in_a_haven_are_its_owners_winning_the_game():
    """Winning the Game with R5: seat 2's 2 Items stored in its Haven and seat 1's 1
    carried: 3 of 4 for the players, seat 2 the most."""
    sc = table(seats=3, field=1, carried=(0, 1, 0), stored=(0, 0, 2))
    ev, result = tally(sc)
    assert result.winners == (2,)


def test_a_even_total_half_and_half_goes_on_winning_the_game():
    """"More than half": of 6 Items the players hold 3 (seats 0, 1, 2 one each) and the
    Disasters 2 (one Destroyed, one in seat 2's Discard pile), 1 under a Location:
    neither side has more than half; the game goes on."""
    sc = table(seats=3, field=1, carried=(1, 1, 1), destroyed=1)
    sc.st.seats[2].discard += sc.cards(["idol"])
    ev, result = tally(sc)
    assert sc.st.items_total == 6 and result is None and sc.st.phase == DISCARD


def test_the_tally_is_made_at_every_players_discard_phase_R14():
    """R14 (guideline 4.1, "at the beginning of the Discard phase"): a majority reached in
    seat 0's Turn ends the game at the start of seat 1's Discard phase, of three."""
    sc = table(seats=3, field=2, carried=(0, 0, 0))
    hero = sc.char("hero", (0, 0))
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)), Retrieve(hero), Retrieve(hero))
    assert sc.st.result is None
    ev = sc.do(EndPhase())
    assert [e["seat"] for e in of(ev, TurnBegan)] == [1]
    assert sc.st.result.winners == (0,) and sc.st.phase == OVER
