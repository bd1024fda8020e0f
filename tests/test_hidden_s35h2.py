"""Hidden information (R16), the s35h2 pass: the hot-seat curtain's news ("Since Player N
last looked": frame.py news_rank, _coming_back, _news) is read by the person leaving and
the one arriving, so it may say only what every seat may see; and a Flash Effect lying
Off Field while its effect lasts (R127) is public in every seat's view and in the AI's
sampled worlds. Seeded random games at 2, 3 and 4 seats on the shipped levels, people
at one screen driven by actions (an AI seat among them at three): at every hand-off
the curtain's words for the arriving seat name no card hidden from some seat
(zones.hidden_from: a hand, a face-down Item, a Combat card in its pile, a Draw pile),
and are the same when the hidden cards are dealt again (test_views.shuffle_hidden)."""
from __future__ import annotations

import random
import re

import pytest

from game.engine import view
from game.engine.events import ALL_SEE
from game.engine.worlds import sample_world
from test_hidden_information import cards_in
from test_ui_table import session, table
from test_views import shuffle_hidden
from zones import conservation_problems, hidden_from

import test_ui_table
from conftest import choose  # noqa: E402  (tests/ is on sys.path)

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
NAMED = re.compile(r"<(\d+)>")
CAP = 500  # actions a game


def curtain(t, seat: int) -> list[str]:
    """The curtain's words for `seat`, built afresh (not the table's cached ones)."""
    t._curtain_words = (None, None)
    reason, (title, recent), bonked = t.curtain_words(seat)
    return [reason, title, *recent, *bonked]


def off_field_is_public(st, game, rng: random.Random) -> int:
    """R127: each Flash Effect lying Off Field is one every seat's view shows there,
    with its lasting effect, and each seat's sampled world keeps it there and nowhere
    else (the AI deals no copy of it into a hand or pile). The Flash Effects met."""
    lying = [o.card for o in st.off_field if game.card(o.card).type == "flash_effect"]
    if not lying:
        return 0
    for card in lying:
        assert any(x.source == card for x in st.lasting), f"{card} Off Field, its effect over"
    for seat in (*range(game.seats), ALL_SEE):
        v = view(st, seat)
        assert [o.card for o in v.off_field] == [o.card for o in st.off_field]
        assert not set(lying) & hidden_from(st, seat)
        if seat == ALL_SEE:
            continue
        world = sample_world(game, v, rng)
        assert [o.card for o in world.off_field] == [o.card for o in st.off_field]
        assert world.lasting == st.lasting
        assert not conservation_problems(world), conservation_problems(world)
    return len(lying)


def check_curtain(t, s, seat: int, continued: bool, told: set[int], where: str) -> None:
    """The curtain for `seat` names no card hidden from some seat (but those `told` to
    every seat as it happened: a Character since back in its owner's hand, a first form
    kept aside once it transformed, a Charm's Combat cards), and is the same with
    the cards hidden from the arriving or the leaving seat dealt again, and with the log
    as every seat was told it (its events' ALL_SEE shares). `continued`: as for a game
    continued from a save that did not keep when the person last looked (Session.unknown:
    the latest headlines)."""
    real, log, left, unknown = s.match.state, s.match.log, dict(s.left_at), set(s.unknown)
    try:
        if continued:
            s.left_at[seat], s.unknown = len(log), {seat}
        words = curtain(t, seat)
        hidden = {int(n) for w in words for n in NAMED.findall(w)} & \
            hidden_from(real, ALL_SEE) - told
        assert not hidden, f"{where}: the curtain for seat {seat} names hidden " \
                           f"{sorted(hidden)}: {words}"
        for who in {seat, s.viewer}:
            s.match.state = shuffle_hidden(real, who, random.Random(len(log)))
            assert curtain(t, seat) == words, \
                f"{where}: the curtain for seat {seat} changes with seat {who}'s hidden cards"
        s.match.state, s.match.log = real, [e.for_seat(ALL_SEE) for e in log]
        assert curtain(t, seat) == words, \
            f"{where}: the curtain for seat {seat} reads more than every seat's share"
    finally:
        s.match.state, s.match.log, s.left_at, s.unknown = real, log, left, unknown


def play_curtains(make_app, level: str, seats: list[str], seed: int) -> tuple[int, int]:
    """One seeded game; every curtain checked; the curtains and Off Field Flash Effects
    met."""
    s = session(f"levels/{level}.yaml", seats, seed=seed)
    t = table(make_app(), s)
    # Not saved after every action (App.autosave writes the whole record each time, on
    # a thread): the curtain reads the session, never its save, and a game continued
    # from a save is played below by setting what the save would give (check_curtain).
    s.on_action = None
    name = t._log_name
    # Each card named by its instance, so a hidden one is told from a face-up twin.
    t._log_name = lambda i: name(i) if isinstance(i, tuple) else f"<{i}>"
    rng, curtains, lying = random.Random(seed), 0, 0
    told, told_at = set(), 0  # the cards every seat's share of the log named, so far
    while s.result is None and len(s.record.actions) < CAP:
        seat = s.handoff()
        if seat is not None:
            t.refresh()  # the Field's places now, as the window's table holds them
            for e in s.log[told_at:]:
                told |= cards_in(e.for_seat(ALL_SEE))
            told_at = len(s.log)
            for continued in (False, True)[:1 + (curtains % 4 == 0)]:
                check_curtain(t, s, seat, continued, told, f"{level}, seed {seed}, action "
                              f"{len(s.record.actions)}, {'continued' * continued}")
            curtains += 1
            s.take_seat()
        elif s.human_to_act():
            s.act(choose(rng, s.legal(), 0.7))
            lying += off_field_is_public(s.state, s.game, rng)
        else:
            s.poll()
    return curtains, lying


@pytest.mark.parametrize("level,seats", [
    ("standard_2p", ["human", "human"]), ("quick_demo", ["human", "human"]),
    ("mirror", ["human", "ai:random", "human"]), ("all_decks", ["human"] * 3),
    ("all_decks", ["human", "human", "ai:random", "human"]),
    ("four_players", ["human", "human", "ai:easy", "human"])])
def test_the_curtain_names_no_hidden_card_and_is_the_same_whatever_they_are_r16(
        make_app, level, seats):
    curtains = lying = 0
    for seed in range(2):
        c, n = play_curtains(make_app, level, seats, seed)
        curtains, lying = curtains + c, lying + n
    assert curtains > 15 and lying, (curtains, lying)  # R127's cards were met, and checked
