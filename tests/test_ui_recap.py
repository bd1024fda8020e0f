"""Each other seat's last Turn in one line of the log as the reader's Turn begins (s46w:
a newcomer's Turn opened on "392 earlier lines" of the AI seats' Turns, and nothing said
in short what each had done): the counts, no card the reader may not see, against AI
seats and other people at one screen, and the lines whole in the log at 1280x720."""
from __future__ import annotations

import dataclasses
import re
from types import SimpleNamespace

from game.engine import events as E
from game.engine.actions import BuildHaven, DiscardCard, Drop, PickUp, Retrieve, Scavenge
from game.engine.events import ALL_SEE
from game.engine.state import DISCARD, EQUIP, SCAVENGE
from game.engine.tally import item_counts
from game.engine.view import view
from game.ui.table import ink, scene
from game.ui.table.recap import LEAD, Recap, turn_recap
import test_ui_table
from scene import Scene  # tests/scene.py (`scene` above is the table's module)
from test_rules_discard_s30d import CARDS as STORE_CARDS
from test_rules_s34r1 import CARDS as DOCK_CARDS, column
from test_ui_table import session, table, until

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
FOUR = "levels/four_players.yaml"
SHRINE, FORT, LAKE = (1, 0), (0, 0), (2, 0)
NAMES = {SHRINE: "Shrine Steps", FORT: "Fort", LAKE: "Lake", 30: "Tidal Kaiju",
         31: "Oni", 41: "Lantern"}
TYPES = {30: "disaster", 31: "disaster", 40: "item", 41: "equipment", 50: "flash_effect"}
OWNERS = {10: 1, 11: 1, 12: 1, 20: 0}


def said(seat: int, events: list[E.Event]) -> str:
    """The recap of `seat`'s Turn: Characters 10-12 are Player 2's, 20 Player 1's; Fort
    is Player 2's Haven."""
    return turn_recap(seat, events, lambda i: NAMES.get(i, f"<{i}>"),
                      lambda i: f"Player {i + 1}",
                      lambda i: SimpleNamespace(type=TYPES.get(i, "character")),
                      lambda i: OWNERS.get(i, 3), lambda cell: 1 if cell == FORT else None)


def test_a_turn_is_counted_in_a_line_and_a_face_down_item_is_an_item():
    """What the player did, in order, then what each seat lost: the Item taken face down
    (its card None in the reader's share) is "an Item", the Equipment (face up) counted
    apart, Characters counted once however often they moved."""
    events = [E.CardPlayed(1, 10), E.FlashPlayed(1, 50),
              E.Moved(1, (10, 11), FORT, SHRINE), E.Moved(1, (10,), SHRINE, LAKE),
              E.Moved(1, (12,), FORT, SHRINE),
              E.ScavengingBegan(1, SHRINE), E.ItemTaken(10, SHRINE, None),
              E.ItemTaken(11, SHRINE, 41), E.ScavengingEnded(1, SHRINE, 2),
              E.ItemTaken(11, FORT, None),  # out of a Haven: stored before, not taken now
              E.CombatBegan(1, SHRINE, 30, "move"), E.Bonked(12, SHRINE),
              E.ItemDropped(12, SHRINE, None), E.Killed(20, SHRINE), E.RanAway(1, SHRINE),
              E.CombatEnded(1, 30, False)]
    assert said(1, events) == (
        "Player 2's last turn: played 2 cards, moved 3 Characters, Scavenged Shrine Steps, "
        "took 1 Item and 1 Equipment, Ran Away from Tidal Kaiju, had 1 Character Bonked "
        "and lost 1 Item; Player 1 had 1 Character Killed")


def test_a_location_attacked_and_scavenged_and_disasters_defeated_say_it_once():
    """The log's panel is narrow: one Location attacked then Scavenged, and two Disasters
    Defeated, are said in a clause each."""
    events = [E.LocationAttacked(1, SHRINE, 5, 3, 2, 0), E.ScavengingBegan(1, SHRINE),
              E.ItemDropped(10, FORT, None)]
    for d in (30, 31):
        events += [E.CombatBegan(1, SHRINE, d, "scavenge"), E.CombatEnded(1, d, True)]
    assert said(1, events) == ("Player 2's last turn: attacked and Scavenged Shrine Steps, "
                               "stored 1 Item, Defeated 2 Disasters")
    assert said(1, [E.DuelBegan(1, 0, SHRINE, ()), E.ItemStolen(10, 20, None)]) == \
        "Player 2's last turn: took 1 Item, attacked Player 1; Player 1 lost 1 Item"
    assert said(2, [E.Bonked(20, SHRINE)]) == \
        "Player 3's last turn: nothing done on the Field; Player 1 had 1 Character Bonked"


def test_the_others_turns_are_handed_over_as_the_reader_s_first_phase_begins():
    """After the reader's Turn heading and its opening bonuses, so the recaps are the
    log's newest lines as the first choice comes; a Turn begun before the first one kept
    is not told in part; every seat's share (no seat's Turn) keeps nothing."""
    moved = E.Moved(1, (10,), FORT, SHRINE)
    r = Recap(0)
    for e in (moved, E.TurnBegan(1, 2, 1), moved, E.TurnBegan(2, 3, 1), E.Bonked(20, FORT),
              E.TurnBegan(0, 4, 2), E.Modified(31, 20, ("+1 Attack",))):
        assert r.add(e) == []
    assert r.add(E.PhaseBegan(0, "discard")) == [(1, [moved]), (2, [E.Bonked(20, FORT)])]
    assert r.add(E.PhaseBegan(0, "reload")) == []
    everyone = Recap(ALL_SEE)
    assert [everyone.add(e) for e in (E.TurnBegan(1, 2, 1), moved, E.TurnBegan(0, 3, 2),
                                      E.PhaseBegan(0, "discard"))] == [[]] * 4


def _turns(log, seat_before: int, reader: int):
    """{seat: the events of its Turn} for the Turns between the reader's last two."""
    began = [k for k, e in enumerate(log) if isinstance(e, E.TurnBegan) and e.seat == reader]
    start, end = began[-2], began[-1]
    out, seat = {}, None
    for e in log[start + 1:end]:
        if isinstance(e, E.TurnBegan):
            seat = e.seat
            out[seat] = []
        elif seat is not None:
            out[seat].append(e)
    return out


def _recaps(t) -> list[str]:
    """The recap lines since the table's last Turn heading."""
    lines = [w for w, _ in t.log_lines]
    head = max(k for k, w in enumerate(lines) if w.startswith("—"))
    return [w for w in lines[head:] if LEAD.match(w)]


def test_against_three_ai_seats_each_turn_is_counted_right_and_shown_whole(make_app):
    """A four-seat game against AI seats, seat 0's third Turn: a recap a seat, counted
    from the omniscient log (Characters moved, cards played, its own Bonked), drawn
    whole in the log at 1280x720 with the Turn's first choice."""
    s = session(FOUR, ["human", "ai:easy", "ai:easy", "ai:easy"], seed=3)
    until(s, lambda s: sum(isinstance(e, E.TurnBegan) and e.seat == 0 for e in s.log) == 3)
    t = table(make_app((1280, 720)), s)
    lines = _recaps(t)
    turns = _turns(s.log, 0, 0)
    assert [w.split("'s")[0] for w in lines] == [f"Player {i + 1}" for i in turns] == \
        ["Player 2", "Player 3", "Player 4"]
    g = s.game
    for line, (seat, events) in zip(lines, turns.items()):
        moved = {c for e in events if isinstance(e, E.Moved) and e.seat == seat for c in e.chars}
        played = sum(isinstance(e, (E.CardPlayed, E.FlashPlayed)) and e.seat == seat
                     for e in events)
        fell = sum(isinstance(e, E.Bonked) and g.owner(e.card) == seat
                   and g.card(e.card).type == "character" for e in events)
        own = line.split("; ")[0]
        for n, pattern in ((len(moved), r"moved (\d+) Character"),
                           (played, r"played (\d+) card"),
                           (fell, r"had (\d+) Characters? Bonked")):
            found = re.search(pattern, own)
            assert (int(found[1]) if found else 0) == n, (line, pattern)
    t.app.draw()
    shown = {k for _, (kind, _, k) in t.log_hits if kind == "log"}
    assert {k for k, (w, _) in enumerate(t.log_lines) if w in lines} <= shown


def _card_fields(e: E.Event) -> set[int]:
    """The cards an event's fields name (fields said to hold a Card)."""
    out = set()
    for f in dataclasses.fields(e):
        v = getattr(e, f.name)
        if "Card" in str(f.type):
            out |= {v} if isinstance(v, int) else {c for c in v or () if isinstance(c, int)} \
                if isinstance(v, tuple) else set()
    return out


def test_a_recap_names_no_card_the_reader_may_not_see(make_app):
    """Seat 0's recaps name no Item (face down: R16) and no card kept secret from it in
    the events (another hand's, an Item carried), unless its share names one alike."""
    for seed in (1, 2, 4):
        s = session(FOUR, ["human", "ai:easy", "ai:easy", "ai:easy"], seed=seed)
        until(s, lambda s: sum(isinstance(e, E.TurnBegan) and e.seat == 0
                               for e in s.log) == 4)
        t = table(make_app((1280, 720)), s)
        lines = [w for w, _ in t.log_lines if LEAD.match(w)]
        assert len(lines) >= 3
        g = s.game
        hidden = {v for e in s.log if 0 not in e.to for name in e.secret
                  if isinstance(v := getattr(e, name), int)}
        seen = {c for e in s.log for c in _card_fields(e.for_seat(0))}
        secret = {g.card(c).name for c in hidden} - {g.card(c).name for c in seen}
        items = {g.card(i).name for i in g.items}
        assert not [w for w in lines if any(n in w for n in secret | items)]


def test_at_one_screen_each_person_reads_the_turns_since_theirs_in_their_share(make_app):
    """Two people and an AI seat: as Player 3 sits down to their Turn, the log read
    again in their share recaps the AI seat's Turn and the other person's, each as their
    share of its events tells it."""
    s = session(FOUR, ["human", "ai:easy", "human"], seed=2)
    until(s, lambda s: s.to_act == 2 and sum(isinstance(e, E.TurnBegan) and e.seat == 2
                                             for e in s.log) == 2)
    if s.handoff() is not None:
        s.take_seat()
    t = table(make_app((1280, 720)), s)
    assert s.shown == 2
    g = s.game
    want = [turn_recap(seat, [e.for_seat(2) for e in events], t._log_name, t.seat_name,
                       g.card, g.owner, t._haven_owner)
            for seat, events in _turns(s.log, 2, 2).items()]
    assert [w.split("'s")[0] for w in want] == ["Player 1", "Player 2"]
    assert _recaps(t) == want


def test_a_bonus_after_the_recaps_is_not_folded_into_them(make_app):
    """The log folds one card's same bonus to each Character into one line: the first
    phase's bonus after the recaps went onto the last recap, naming a Character there."""
    s = session(FOUR, ["human", "ai:easy"], seed=1)
    until(s, lambda s: any(isinstance(e, E.TurnBegan) for e in s.log))
    t = table(make_app((1280, 720)), s)
    g = s.game
    mine = [i for i, c in enumerate(g.instances) if c.type == "character" and g.owner(i) == 0]
    haven = next(i for i, c in enumerate(g.instances) if c.type == "haven")
    t.log_lines, t._recap, t._fold = [], Recap(0), None
    for e in (E.TurnBegan(1, 2, 1), E.Moved(1, (mine[0],), FORT, SHRINE), E.TurnBegan(0, 3, 2),
              E.Modified(haven, mine[0], ("+1 Attack",)), E.PhaseBegan(0, "discard"),
              E.Modified(haven, mine[1], ("+1 Attack",))):
        t._log(e)
    assert LEAD.match(t.log_lines[-2][0])
    assert t.log_lines[-1][0].endswith(f"+1 Attack to {t._log_name(mine[1])}")


def test_a_recap_is_drawn_apart_from_the_lines_around_it(make_app, monkeypatch):
    """In its own colour: among the gold Turn headings and the white lines it sums up."""
    s = session(FOUR, ["human", "ai:easy"], seed=1)
    until(s, lambda s: sum(isinstance(e, E.TurnBegan) and e.seat == 0 for e in s.log) == 2)
    t = table(make_app((1280, 720)), s)
    drawn = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, px, colour=ink.TEXT, *a, **k:
                        drawn.append((words, colour)) or real(words, px, colour, *a, **k))
    t.app.draw()
    rows = [colour for words, colour in drawn if words.startswith("Player 2's last turn")]
    assert rows == [ink.RECAP]


def test_turns_begun_before_the_log_s_window_are_recapped_whole(make_app, monkeypatch):
    """The log is read again (a new seat shown, a game continued) from its last events
    only: the Turns begun before them are still recapped, from their start."""
    s = session(FOUR, ["human", "ai:easy", "ai:easy", "ai:easy"], seed=3)
    until(s, lambda s: sum(isinstance(e, E.TurnBegan) and e.seat == 0 for e in s.log) == 3)
    whole = _recaps(table(make_app((1280, 720)), s))
    monkeypatch.setattr(scene, "LOG_KEEP", 10)  # 20 events: the last Turn's end alone
    assert _recaps(table(make_app((1280, 720)), s)) == whole


def test_the_recaps_land_as_the_turns_play_as_a_resumed_log_reads_them(make_app):
    """Played on at the table (the AI seats' events animated and logged one by one), the
    recaps at the person's next Turn are those the log read again at once shows."""
    import random
    s = session(FOUR, ["human", "ai:easy", "ai:easy", "ai:easy"], seed=1)
    until(s, lambda s: sum(isinstance(e, E.TurnBegan) and e.seat == 0 for e in s.log) == 2)
    app = make_app((1280, 720))
    t, rng = table(app, s), random.Random(0)
    for _ in range(5000):
        if sum(isinstance(e, E.TurnBegan) and e.seat == 0 for e in s.log) == 3 and \
                s.human_to_act() and not s.pending and not t.animator.busy:
            break
        if s.human_to_act() and not s.pending and not t.animator.busy:
            s.act(rng.choice(s.legal()))
        app.step([], 0.5)
    def unnumbered(lines):  # a Disaster's twin number is the Board's as it is logged
        return [re.sub(r" #\d+", "", w) for w in lines]
    live = _recaps(t)
    assert len(live) == 3
    assert unnumbered(_recaps(table(make_app((1280, 720)), s))) == unnumbered(live)


# Whose store (s46r's review): the tally gives a Haven's store to its owner (R5) --------

def recap_of(sc, seat: int, reader: int, ev: list[E.Event]) -> str:
    """`seat`'s Turn of `ev` as `reader` is told it, the Havens as its view shows them."""
    v = view(sc.st, reader)

    def owner(cell):
        return next((p.owner for p in v.places if p.cell == cell and p.kind == "haven"), None)
    return turn_recap(seat, [e.for_seat(reader) for e in ev], lambda i: f"<{i}>",
                      lambda i: f"Player {i + 1}", sc.st.game.card, sc.st.game.owner, owner)


def three_havens():
    sc = Scene(STORE_CARDS, seats=3)
    sc.location((0, 0))
    for seat in range(3):
        sc.haven((seat + 1, 0), seat=seat)
    return sc


def test_an_item_retrieved_where_a_haven_is_then_built_was_taken_from_the_field():
    """Retrieve the Dock's Idol, then build the Haven there (guideline 4.10): the Idol
    came from under a Location, so Player 2 took it, though its Haven stands there now."""
    sc = Scene(DOCK_CARDS, seats=2)
    sc.location((0, 0), "dock", under=["idol"])
    column(sc, 3, x=1)
    sc.haven((5, 5))
    s = sc.char("swimmer", (0, 0), seat=1)
    sc.turn(SCAVENGE, seat=1)
    ev = sc.do(Scavenge((0, 0)), Retrieve(s), BuildHaven((0, 0)))
    assert item_counts(sc.st)["1"] == 1
    assert "took 1 Item" in recap_of(sc, 1, 0, ev)


def test_a_guest_taking_from_anothers_store_took_it_and_the_owner_lost_it():
    """Rules for Havens, a guest's "free access": Player 2's Scout picks the Idol out of
    Player 1's store; the tally moves it from Player 1 to Player 2, and the recap says so."""
    sc = three_havens()
    sc.st.change_place((1, 0), under=(sc.card("idol"),))
    sc.char("scout", (1, 0), seat=1)
    sc.turn(EQUIP, seat=1)
    pick, = [a for a in sc.legal() if isinstance(a, PickUp)]
    ev = sc.do(pick)
    assert (item_counts(sc.st)["0"], item_counts(sc.st)["1"]) == (0, 1)
    assert recap_of(sc, 1, 0, ev) == "Player 2's last turn: took 1 Item; Player 1 lost 1 Item"


def test_a_guest_dropping_in_anothers_haven_left_it_there_and_stored_nothing():
    """A guest's Idol dropped in Player 1's Haven is Player 1's (R5): "left ... in Player
    1's Haven", not "stored"."""
    sc = three_havens()
    scout = sc.char("scout", (1, 0), seat=1, items=["idol"])
    idol, = sc.unit(scout).items
    sc.turn(EQUIP, seat=1)
    ev = sc.do(Drop(idol, scout))
    assert (item_counts(sc.st)["0"], item_counts(sc.st)["1"]) == (1, 0)
    assert recap_of(sc, 1, 2, ev) == "Player 2's last turn: left 1 Item in Player 1's Haven"


def test_an_item_discarded_from_the_haven_is_said_and_never_named():
    """An Item Discarded from its Haven goes face down to the Disasters' count (Rules for
    Items): the recap says so, as "an Item" to a reader who did not see the store."""
    sc = three_havens()
    sc.st.change_place((1, 0), under=(sc.card("idol"),))
    sc.turn(DISCARD)
    idol, = sc.st.places[(1, 0)].under
    ev = sc.do(DiscardCard(idol))
    assert recap_of(sc, 0, 1, ev) == "Player 1's last turn: discarded 1 Item from its Haven"
