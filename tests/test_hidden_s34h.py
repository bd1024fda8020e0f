"""Hidden information (R16), the s34h pass, at three and four seats: seeded random
games where, after every action, each seat's share of each event, the share every
seat sees (ALL_SEE: the hot-seat curtain's), the log line the window writes from that
share and the card that line shows on hover name no card the seat could not see before
or after the action (test_properties.visibility: its hand, the face-up cards, its own
face-down ones; a Combat card is turned face up as it is drawn, not before: one not yet
dealt or still in a pile is unseen; an Item used and a card discarded are shown).
test_hidden_s27.py plays one seed of each table and reads the events' fields
annotated `Card`; this reads the words too, which also say what is nested deeper (a
Combat's protectors), over more seeds, and counts the kinds of event it met."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from game.cli import load_games
from game.engine import apply_unchecked, legal_actions
from game.engine.events import ALL_SEE, CardDiscarded
from game.engine.levels import DEFAULT_LEVELS_DIR
from game.ui.table.words import event_text
from test_hidden_information import cards_in, used_items
from test_properties import visibility

from conftest import choose  # noqa: E402  (tests/ is on sys.path)

CAP = 700  # actions a game: most end before (the Disasters' majority)
NAMED = re.compile(r"<(\d+)>")


def words_name(e, game) -> set[int]:
    """The card instances the window's log line for share `e` names, and the one its
    hover shows."""
    line, hover = event_text(e, lambda c: f"<{c}>" if isinstance(c, int) else str(c), str,
                             lambda cell: False, game.card, False, game.owner)
    named = {int(n) for n in NAMED.findall(line)}
    return named | ({hover} if isinstance(hover, int) and hover >= 0 else set())


def play_checked(level: str, seats: int, seed: int, kinds: Counter) -> int:
    """One seeded random game; every share checked; the shares checked."""
    game = load_games(DEFAULT_LEVELS_DIR / f"{level}.yaml", seats)[0]
    st, rng = game.new_state(seed), random.Random(seed)
    public, own = visibility(st)
    shares, dealt = 0, set()
    while st.result is None and st.actions < CAP:
        before = [set(s.combat) for s in st.seats]
        events = apply_unchecked(st, choose(rng, legal_actions(st), 0.7))
        shown: set[int] = set()
        public_after, own_after = visibility(st)
        # A Combat card is turned face up as it is drawn: seen once it has left the pile
        # it was dealt to (one still in a pile, or not yet dealt, is not). A pile is
        # reshuffled from its discard only once empty (R7): when cards came back into one
        # during the action, every card it held before was drawn in it, face up.
        piles = {c for s in st.seats for c in s.combat}
        dealt |= piles
        combat = dealt - piles
        for s, held in zip(st.seats, before):
            if not set(s.combat) <= held:
                combat |= held
        used = used_items(game, events)
        for e in events:
            kinds[e.type] += 1
            # A card discarded is face up, though an effect may take it back at once (a
            # card discarded as a cost and salvaged to the hand in one use).
            shown |= {e.card} if isinstance(e, CardDiscarded) else set()
            for seat in (*range(seats), ALL_SEE):
                seen = public | public_after | combat | used | shown
                if seat != ALL_SEE:
                    seen |= own[seat] | own_after[seat]
                share = e.for_seat(seat)
                hidden = (cards_in(share) | words_name(share, game)) - seen
                assert not hidden, (f"{level}, {seats} seats, seed {seed}, action {st.actions}:"
                                    f" seat {seat} is told {sorted(hidden)} by {share}")
                shares += 1
        public, own = public_after, own_after
    return shares


@pytest.mark.parametrize("level,seats", [("all_decks", 3), ("four_players", 4),
                                         ("mirror", 3), ("standard_2p", 4)])
def test_no_share_or_log_line_at_three_or_four_seats_names_a_hidden_card_r16(level, seats):
    kinds: Counter = Counter()
    shares = sum(play_checked(level, seats, 100 * seats + k, kinds) for k in range(3))
    assert shares > 3000, shares
    # the kinds that carry a secret were met, so their cut was checked
    assert {"card_drawn", "item_taken", "modified"} <= set(kinds), kinds


@pytest.mark.parametrize("level,seats,seat", [("all_decks", 3, 2), ("four_players", 4, 3)])
def test_simulate_log_seat_at_three_or_four_seats_is_that_seats_share_r16(tmp_path, level,
                                                                            seats, seat):
    """`simulate --log-seat N` at more than two seats: each line is the whole table's
    line as seat N was told it: a secret told to N as it is, one told only to others
    null, and no line says who else saw it."""
    import json

    from test_hidden_s32h import run

    def log(name: str, *more: str) -> list[dict]:
        path = tmp_path / name
        code, _, err = run("simulate", "--games", "1", "--seed", "7", "--seats",
                           ",".join(["ai:random"] * seats), "--level",
                           str(DEFAULT_LEVELS_DIR / f"{level}.yaml"), "--log", str(path), *more)
        assert code == 0, err
        return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]

    full, mine = log("all.jsonl"), log("mine.jsonl", "--log-seat", str(seat))
    assert len(full) == len(mine)
    hidden = told = 0
    for a, m in zip(full, mine):
        assert "to" not in m and m.get("shown_to", seat) == seat
        if "to" not in a or seat in a["to"]:
            assert m == {k: v for k, v in a.items() if k not in ("to", "shown_to")} | (
                {"shown_to": seat} if "shown_to" in a else {})
            told += "to" in a
            continue
        differ = {k for k in a if k != "to" and a[k] != m[k]}
        assert differ and all(m[k] is None for k in differ), (a, m)
        hidden += 1
    assert hidden and told
