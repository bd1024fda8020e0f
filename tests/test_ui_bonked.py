"""A Character Bonked left the Field with only a count in its seat's panel and a line
of the log, and people did not notice (R9: it sits out a full turn of its owner's, then
comes back to the hand). Now, to every seat, its token says so where it stood for a few
seconds, the seat's panel names it and when it is back, and the hot-seat curtain tells
its owner as they sit down."""
from __future__ import annotations

import re

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.state import MOVE
from game.ui.settings import Settings
from game.ui.table import ink
from game.ui.table.anims import BONK_READ, Fallen
from game.ui.table.tiles import header

import test_ui_table
from test_ui_combat_forecast import Recorder
from test_ui_combat_panel import TITLED, painted, titled_duel
from test_ui_table import click, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def bonking_duel():
    """Seat 0 attacks seat 1 (R33): Daigo, hurt to Health 1 of 2, is attacked by Akiko
    alone (3 against his Defense 2): the round Bonks him; the rest stay out."""
    sc, mine, foes = titled_duel()
    sc.unit(foes[0]).damage = 1
    return sc, mine, foes


def plan_and_fight(t, mine, foes) -> None:
    slots = {k[1:]: r for r, k in t.hits if k[0] == "plan"}
    for k, c in enumerate(mine):
        click(t.app, slots[c, ("attack", foes[0]) if k == 2 else ("none", -1)].center)
    click(t.app, next(r for r, k in t.hits if k == ("fight",)).center)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_bonked_token_says_where_it_stood_that_it_is_out_and_whose_hand_it_goes_to(
        make_app, monkeypatch, size):
    """At the normal animation speed: once the Bonk plays, Daigo's token, greyed, and two
    lines ("Bonked: back in Player 2's hand", "the turn after next") stay under his cell's
    name (or against his cell, clear of the tokens there, s72) for seconds, fading in and
    out once (never flashing), while the game goes on."""
    sc, mine, foes = bonking_duel()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc, size)
    app.settings = Settings(anim_speed="normal")
    t = table(app, s)
    t.clock.factor = app.settings.anim_factor
    cell = sc.unit(foes[0]).pos
    said: list[str] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: said.append(words) or real(
        words, *a, **k))
    plan_and_fight(t, mine, foes)
    for _ in range(600):  # the declarations in turn, the AI seat's among them
        if t.animator.marks:  # the Bonk's event taken: its words are queued
            break
        t.app.step([], 1 / 30)
    assert any(isinstance(e, E.Bonked) and e.card == foes[0] for e in s.log)
    marks = [m for m in t.animator.marks if isinstance(m, Fallen)]
    assert len(marks) == 1 and marks[0].cell == cell
    assert {"Bonked: back in Player 2's hand", "the turn after next"} <= set(said)
    mark, dt = marks[0], 1 / 30
    alphas, free, checked, asked = [], False, False, False
    while mark in t.animator.marks:
        t.app.step([], dt)
        alphas.append(mark.alpha if mark.tween.raw >= mark.start else None)
        free = free or not t.animator.busy  # the game need not wait for it
        # The next round asks Player 1 whom to attack there: it gives way (s35w2).
        asked = asked or bool(t.board.legal and t.board.units_at.get(cell))
        if mark.tween.raw >= mark.start and 0.3 < mark.tween.raw < 0.6 and not checked:
            checked = True
            drawn = Recorder(t.size)
            mark.draw(drawn)
            tile = t.lay.cells[cell]
            plate = drawn.drawn[-1][1]  # the words' plate, under the cell's name
            assert plate.inflate(6, 6).colliderect(tile)  # (or against it, s72)
            # (or clear of the tokens of the Combat going on there, s70)
            fighting = [t.unit_rects[u.card] for u in t.board.units_at.get(cell, ())]
            assert plate.top == tile.y + header(tile.h) or \
                fighting and plate.collidelist(fighting) == -1
    shown = [a for a in alphas if a is not None]
    seconds = len(shown) * dt
    # Read at leisure; its time to be read at least where a choice there opens.
    least = Fallen.look + 0.5 if asked else BONK_READ  # (and its half-second fade out)
    assert seconds >= least * t.clock.scale(1.0) * 0.95, (seconds, asked)
    top = shown.index(max(shown))
    assert max(shown) == 255 and shown[0] < 255 and shown[-1] < 255
    assert shown[:top] == sorted(shown[:top]) and shown[top:] == sorted(shown[top:], reverse=True)
    assert free and checked


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("left, says", [((2,), "Bonked: Daigo, back in 2 turns"),
                                        ((1,), "Bonked: Daigo, back next turn"),
                                        # "Daigo +1" read as a bonus (s57)
                                        ((2, 2), "2 Bonked, back in 2 turns"),
                                        ((1,), "Bonked: Marlowe, back next turn")])
@pytest.mark.parametrize("seats", [3, 4])
def test_the_seat_panel_names_who_is_bonked_and_when_back(make_app, monkeypatch, size, left,
                                                          says, seats):
    """Four seats: the panel's row "Bonked 1" was dropped for want of room. Now a seat
    with a Character out says whom (by the word its token calls it) and when it is back
    in the hand, counted in that seat's own turns, before its other counts; in fewer
    words where those would be cut. One wording on every panel (s28 newcomer: "Bonked:
    Marlowe (in 2 turns)" on one, "Bonked: Kaede, back in 2 turns" on another): a point
    smaller where it would not fit."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(TITLED, seats=seats, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.char("valen", (0, 0))
    for card, n in zip(("marlowe",) if "Marlowe" in says else ("daigo", "mika"), left):
        sc.st.seats[1].set_aside.append((sc.card(card, seat=1), sc.st.seats[1].turns + n))
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size),
              scene_session(sc, ["human"] + ["ai:random"] * (seats - 1)))
    said, _ = painted(monkeypatch, t, lambda p, surf: p.seats(
        surf, t.session.seats, [d.name for d in sc.game.decks]))
    assert says in said, said
    assert not [w for w in said if w.startswith("Bonked:") and w != says]
    assert said.index(says) == said.index("Items held: 0", said.index("Player 2")) + 1


def test_the_curtain_tells_its_owner_who_was_bonked_where_and_till_when(make_app,
                                                                       monkeypatch):
    """Two people at one screen: the Bonk of a Character may play while its owner looks
    away. The curtain that hands them the seat says which, where, and when it is back,
    in words every seat may read."""
    sc, mine, foes = bonking_duel()
    for seat in (0, 1):
        sc.hand(seat, "sayo")  # a hand to hide: the seat passes behind the curtain
    s = scene_session(sc, ["human", "human"])
    t = table(scene_app(make_app, sc), s)
    s.take_seat()
    t.app.step([], 0.016)
    for _ in range(40):  # the declarations, each seat in turn
        if foes[0] not in s.state.units:
            break
        if s.handoff() is not None:
            s.take_seat()
        d, seat = s.state.duel, s.to_act
        who = next(i for i in d.pending if s.state.units[i].owner == seat)
        s.act(A.Engage(who, "attack", foes[0]) if who == mine[2] else A.Engage(who, "none", -1))
        t.app.step([], 0.016)
    assert s.state.seats[1].set_aside
    _, _, bonked = t.curtain_words(1)
    assert bonked == ["Sergeant Daigo Hatakeyama (P2) was Bonked at Plain #1 (P1): back in "
                      "Player 2's hand the turn after next"], bonked
    assert t.curtain_words(0)[2] == []  # nobody of Player 1's is out
    for _ in range(20):  # Player 1 declares on (stays out) until the seat passes to Player 2
        if s.handoff() == 1:
            break
        s.take_seat()
        who = next(i for i in s.state.duel.pending if s.state.units[i].owner == s.to_act)
        s.act(A.Engage(who, "none", -1))
        t.app.step([], 0.016)
    assert s.handoff() == 1
    said, _ = painted(monkeypatch, t, lambda p, surf: t.draw(surf))
    assert bonked[0] in said and "Player 2, take the seat" in said



def test_the_curtain_tells_its_owner_who_was_killed_since_they_left(make_app):
    """A newcomer's Kaede was Killed in the other person's turn, and the curtain that
    handed them the seat back said nothing of it ("Last on the table" had moved on):
    the curtain names the seat's Characters Killed since its person left the screen,
    and only those."""
    sc, mine, foes = bonking_duel()
    for seat in (0, 1):
        sc.hand(seat, "sayo")
    s = scene_session(sc, ["human", "human"])
    t = table(scene_app(make_app, sc), s)
    s.take_seat()
    t.app.step([], 0.016)
    for _ in range(40):  # all three of Player 1's attack Daigo: 11 against 2, Killed
        if foes[0] not in s.state.units:
            break
        if s.handoff() is not None:
            s.take_seat()
        seat = s.to_act
        who = next(i for i in s.state.duel.pending if s.state.units[i].owner == seat)
        s.act(A.Engage(who, "attack", foes[0]) if seat == 0 else A.Engage(who, "none", -1))
        t.app.step([], 0.016)
    assert foes[0] in s.state.seats[1].discard
    killed = "Sergeant Daigo Hatakeyama (P2) was Killed at Plain #1 (P1)"
    assert killed in t.curtain_words(1)[2]
    assert not [w for w in t.curtain_words(0)[2] if "Killed" in w]  # not Player 1's
    # Told until they have been back at the screen since: a booth's cover that hides
    # the game from the person sitting counts as leaving it.
    assert s.seated and s.viewer == 0 and s.left_at[0] < len(s.log)
    s.leave_seat()
    assert s.left_at[0] == len(s.log)
    # A game continued tells nothing that happened before it was saved.
    from game.engine.save import Record
    from game.ui.session import Session, SessionConfig
    from conftest import replay_keys
    again = Session(SessionConfig("", ["human", "human"], seed=0), Record(s.game, 0),
                    threaded=False, keys=replay_keys(2, 0), replayed=(s.state, list(s.log)))
    t2 = table(scene_app(make_app, sc), again)
    assert not [w for w in t2.curtain_words(1)[2] if "Killed" in w]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_many_bonked_at_once_read_whole_in_the_seat_panel(make_app, monkeypatch, size):
    """Ninth stop's verifying audit: three Bonked read "Bonked: Kinako, Pawlina, Marlo…",
    a name cut. With no room for all, the row names fewer and counts the rest; back at
    two times, it counts those back at each (s43w)."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(TITLED, seats=4, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.char("valen", (0, 0))
    out = ("daigo", "mika", "pawlina", "akiko", "sayo")
    for k, card in enumerate(out):
        sc.st.seats[1].set_aside.append((sc.card(card, seat=1), sc.st.seats[1].turns + 1 + k % 2))
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"] + ["ai:random"] * 3))
    said, _ = painted(monkeypatch, t, lambda p, surf: p.seats(
        surf, t.session.seats, [d.name for d in sc.game.decks]))
    # Back at two times (k % 2): each time said, with how many (s43w: fewer names
    # dropped the times).
    rows = [w for w in said if "Bonked" in w and not w.startswith("Discard")]
    assert rows and not [w for w in rows if w.endswith("…")], rows
    assert all(w in " / ".join(rows) for w in ("next turn", "in 2 turns")), rows
    counts = [int(n) for w in rows for n in re.findall(r"(\d+) (?:back )?(?:next|in 2)", w)]
    assert sum(counts) == len(out), rows


def two_people_bonking(make_app):
    """Two people at one screen in a Combat between their Characters (3 Attack, 3
    Defense each), at the normal speed: both of seat 0's attack foes[0] and seat 1's
    stay out, the players taking turns (0, 1, 0, 1). Returns as seat 1's declaration,
    the last of the round, is sent: it resolves the round, the Bonk among it."""
    from test_rules_duel import duel_scene as rules_duel
    sc, mine, foes = rules_duel(("hero", "hero"), ("hero", "hero"))
    for seat in (0, 1):
        sc.hand(seat, "blank")  # a hand each: the seat passes behind a curtain
        sc.combat_pile(seat, *["blank"] * 6)
    sc.do(A.Challenge(1, (0, 0)))
    s = scene_session(sc, ["human", "human"])
    app = scene_app(make_app, sc)
    app.settings = Settings(anim_speed="normal")
    t = table(app, s)
    t.clock.factor = app.settings.anim_factor
    s.take_seat()
    order = []
    for _ in range(3000):
        if s.handoff() is not None:
            s.take_seat()
        elif s.human_to_act() and s.watch is None and s.state.duel is not None \
                and t.acted == len(s.record.actions):
            who = next(i for i in s.state.duel.pending if s.state.units[i].owner == s.to_act)
            order.append(s.to_act)
            s.act(A.Engage(who, "attack", foes[0]) if s.to_act == 0 else
                  A.Engage(who, "none", -1))
            if len(order) == 4:
                break
        t.app.step([], 1 / 30)
    assert order == [0, 1, 0, 1] and any(isinstance(e, E.Bonked) for e in s.log)
    return s, t


def plates(t) -> list:
    return [m.fallen for m in t.animator.marks if isinstance(m, Fallen)]


def spots(t) -> list:
    """Where each plate's tokens stood in their cell (fractions of it)."""
    return [[at for _, _, at in m.tokens] for m in t.animator.marks if isinstance(m, Fallen)]


def test_the_person_whose_declaration_ends_the_round_sees_it_before_the_curtain(make_app):
    """Verifying audit, two people at one screen: the second person's declaration, the
    last of the round, resolved it, and the curtain rose for the first at once: the one
    who declared saw its hits and the Bonked plate only in the curtain's lines. Now the
    round plays out first, in every seat's share, hands hidden (s68: in their own, their
    hand was face up to the next person), and the curtain rises by itself soon after;
    the next person, seated, sees the round again in their own share, from the Field as
    the round found it: the token Bonked stands where it stood till its hit (it stood in
    the middle of its cell)."""
    from zones import hidden_from
    s, t = two_people_bonking(make_app)
    seen, waited, stood = [], 0.0, []
    while t.curtain_button is None:
        t.app.step([], 1 / 30)
        waited += 1 / 30
        assert waited < 8, "the curtain never rose"
        assert t.curtain_button is not None or s.shown == E.ALL_SEE and \
            t.board.view.seat == E.ALL_SEE and not s.legal() and not t.hand_rects
        assert not set(t.shown) & hidden_from(s.state, E.ALL_SEE)
        seen += plates(t)
        stood = stood or spots(t)
    # The leaving person's own Character, named as every seat reads it.
    assert [("bonked", "Player 2's", "the turn after next")] in seen
    assert s.handoff() == 0 and s.watch is None and t.shown == []
    t.app.step([], 1.0)  # the hand-over guard past: a press takes the seat
    t.app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE),
                pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE)], 1 / 30)
    assert s.viewer == 0 and s.handoff() is None
    for _ in range(300):
        if plates(t):
            break
        t.app.step([], 1 / 30)
    assert plates(t) == [[("bonked", "Player 2's", "the turn after next")]]  # again, in the new person's share
    assert spots(t) == stood


def test_a_key_brings_the_curtain_at_once_and_a_second_takes_no_seat(make_app):
    """The person leaving may not wait for the round to play out: a key brings the
    curtain now. A second quick press (HANDOFF_GUARD) takes no seat, as one after the
    action that raised the curtain took none; the next person's press, later, does."""
    s, t = two_people_bonking(make_app)
    t.app.step([], 1 / 30)
    assert s.watch == E.ALL_SEE and t.curtain_button is None and t.animator.busy
    space = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE),
             pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE)]
    t.app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)], 1 / 30)
    assert s.handoff() == 0 and t.curtain_button is not None and t.shown == []
    for _ in range(10):
        t.app.step(space, 1 / 30)
    assert s.handoff() == 0 and t.shown == []
    t.app.step([], 1.0)
    t.app.step(space, 1 / 30)
    assert s.viewer == 0 and s.handoff() is None


def test_one_person_against_an_ai_seat_has_no_wait_nor_curtain(make_app):
    """With one person at the screen nothing changes: the round plays out, the game
    goes on, and no curtain is held or raised."""
    sc, mine, foes = bonking_duel()
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc)
    app.settings = Settings(anim_speed="normal")
    t = table(app, s)
    t.clock.factor = app.settings.anim_factor
    plan_and_fight(t, mine, foes)
    for _ in range(600):
        assert s.watch is None and s.handoff() is None and t.curtain_button is None
        if plates(t):
            break
        t.app.step([], 1 / 30)
    assert plates(t) == [[("bonked", "Player 2's", "the turn after next")]]
