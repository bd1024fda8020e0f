"""The Move and Scavenge phases' listings, made faster for issue 16, list what the
rules list: each shortcut is checked against the rule worked out the plain way."""
from __future__ import annotations

import pytest

from game.engine import combat, duel, movement
from game.engine.actions import Fight
from game.engine.charm import charmed_by
from game.engine.lasting import has_flag
from game.engine.memo import reading
from game.engine.state import MOVE, SCAVENGE, Lasting
from scene import Scene
from test_speed_caches import RUNNERS, forget, random_states, reference_challenges, \
    reference_moves


def reference_fights(st) -> list:
    """The glossary's No Action ("only able to defend and Run Away from Combat") and
    the Move and Scavenge phases' Combat with a Disaster, worked out the plain way:
    each Combat Disaster, by card id, at a Location where the player has a Character
    without No Action, not allied with the player, and not Charming all the player's
    Characters there."""
    seat = st.turn_seat
    able = {u.pos for u in st.characters(seat) if not has_flag(st, u, "no_action")}
    return [Fight(d.card) for d in sorted(st.units.values(), key=lambda u: u.card)
            if d.disaster and d.pos in able and d.ally_seat != seat
            and st.places[d.pos].kind == "location" and st.game.card(d.card).is_combat_disaster
            and not all(charmed_by(st, c, d.card) for c in st.chars_at(seat, d.pos))]


@pytest.mark.parametrize("seats", [2, 4])
def test_fights_and_challenges_sharing_who_may_begin_a_combat_are_exact_glossary_no_action_r33(
        games, seats):
    """The glossary's No Action and R33: fights and challenges, listed in one reading
    that files once where the player's Characters able to begin a Combat stand
    (combat.beginners), give the plain answers, in either order; and so they do after
    one of the player's Characters with others near (a Disaster or another player's
    Character at its cell) gets No Action, which takes its cell out unless another
    Character able to begin stands there."""
    checked = fought = challenged = silenced = 0
    for st in random_states(games[seats], seed=40 + seats, every=1, limit=1500):
        if st.phase not in (MOVE, SCAVENGE) or st.top is None or st.top.kind != "phase":
            continue
        scenes = [st]
        crowded = [u for u in st.characters(st.turn_seat)
                   if any(o.pos == u.pos and (o.disaster or o.owner != st.turn_seat)
                          for o in st.units.values())]
        if crowded:
            quiet = st.clone()
            quiet.add_lasting(Lasting(crowded[0].card, crowded[0].card, st.turn_seat,
                                      flags=("no_action",), until="game"))
            scenes.append(quiet)
        for sc in scenes:
            want = reference_fights(sc), reference_challenges(sc)
            with reading(sc):
                assert (combat.fights(sc), duel.challenges(sc)) == want
            forget(sc)
            with reading(sc):
                got = duel.challenges(sc)
                assert (combat.fights(sc), got) == want
            checked += 1
            fought += bool(want[0])
            challenged += bool(want[1])
        silenced += len(scenes) > 1 and (reference_fights(st), reference_challenges(st)) != want
    assert checked > 100 and fought > 0 and challenged > 0 and silenced > 0


def test_a_groups_kept_moves_follow_room_on_the_field_alone_rules_for_characters():
    """Rules for Characters ("no more than 6 on the Field"; a group leaving its Haven adds
    to them): a group's reach and moves, kept by everything that decides them
    (movement._kept_moves), are listed again when only the room on the Field changed,
    no cell crowded either time (at most two of the seat's Characters at a cell): the
    runner in its Haven is kept in while six stand on the Field, then goes out when five
    do, and is kept in again at six."""
    sc = Scene(RUNNERS, seats=2)
    sc.row(3)
    runner = sc.char("runner", (0, 0))
    for cell in ((1, 0), (1, 0), (2, 0), (2, 0), (3, 0)):
        sc.char("runner", cell)
    sc.turn(MOVE)

    def listed() -> list:
        with reading(sc.st):
            moves = movement.candidates(sc.st)
            assert moves == reference_moves(sc.st)
        return [m.cell for m in moves if m.chars == (runner,)]

    five = listed()
    extra = sc.char("runner", (3, 0))
    six = listed()
    sc.st.take_unit(extra)
    assert (five, six, listed()) == ([(1, 0), (2, 0)], [], [(1, 0), (2, 0)])
