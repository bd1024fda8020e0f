"""Basic Terms, Duration (s35d): "The amount of time a card stays in play for the player
that plays it. For cards that last a limited number of Turns, the first Turn is the Turn
it was played. The card is Discarded at the end of its last Turn."

A Flash Effect whose effect lasts stays in play Off Field ("Cards that are not played on
Locations ... These cards are still in play", Basic Terms, Off Field) until the last of
its lasting effects ends, then goes to its owner's Discard pile; one that lasts nothing
goes there as it resolves (R127). Before, every Flash Effect went to the Discard pile as
it resolved, and only its lasting effect ran on."""
from __future__ import annotations

import dataclasses
import random

import test_ui_table
from conftest import choose
from scene import Scene, of

from game.engine import apply_unchecked, legal_actions
from game.engine.abilities import total
from game.engine.actions import (Challenge, Declare, Engage, Fight, Pass, PlayCard, RunAway, RunTo,
                                 UseCard)
from game.engine.cards import Effect, Modifier, Step
from game.engine.events import CardDiscarded, CombatEnded, DuelEnded
from game.engine.options import Options
from game.engine.save import Record, load, save, snapshot
from game.engine.state import MOVE, Place
from game.engine.view import view
from game.engine.worlds import sample_world
from game.ui.table.words import event_text

NO_CHARM = Options(charm_combat=False)
make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: idol, name: Idol, type: item}
- {id: gnat, name: Gnat, type: disaster, class: minor,
   abilities: {attack: 0, defense: 1, movement: 1}}
- id: glow
  name: Glow
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{modify: {attack: "+1"}, to: target, for: turn}]}
- id: jinx
  name: Jinx
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any},
       do: [{modify: {attack: "-1"}, to: target, for: 2}]}
- id: hex
  name: Hex
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any},
       do: [{modify: {attack: "-1"}, to: target, for: 3}]}
- id: rally
  name: Rally
  type: flash_effect
  effects:
    - {"on": play, if: {in_combat: true}, target: {select: character, owner: you},
       do: [{modify: {attack: "+1"}, to: target, for: combat}]}
- id: sting
  name: Sting
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{damage: 1, to: target}]}
- id: ko
  name: KO
  type: flash_effect
  effects: [{"on": play, target: {select: character}, do: [{bonk: true, to: target}]}]
- id: wrath
  name: Wrath
  type: flash_effect
  effects: [{"on": play, target: {select: flash, owner: any}, do: [{cancel: true, to: target}]}]
- {id: shield, name: Shield, type: flash_effect, bonuses: {defense: "+2"}}
- id: omen
  name: Omen
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any},
       do: [{modify: {attack: "-1"}, to: target, for: 3}]}
- id: aura
  name: Aura
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any},
       do: [{modify: {attack: "-1"}, to: target, for: 3}]}
- id: lost-spells
  name: Lost Spells Office
  type: haven
  effects:
    - {"on": use, if: {discarded: flash_effect}, cost: {discard: 1}, do: [{draw: 1}]}
"""


def table(seats: int = 2) -> tuple[Scene, list[int]]:
    """A Hero of each seat on a Location of its own with an Idol under it (the game
    goes on), seven Idols in each hand (the Reload phase draws nothing), seat 0's Move
    phase."""
    sc = Scene(CARDS, seats=seats, options=NO_CHARM)
    heroes = []
    for seat in range(seats):
        sc.location((seat, 0), under=["idol"])
        heroes.append(sc.char("hero", (seat, 0), seat=seat))
        sc.hand(seat, *["idol"] * 7)
    sc.turn(MOVE)
    return sc, heroes


def play(sc: Scene, seat: int, card: str, target: int | None) -> int:
    """`seat` plays a new `card` on `target`; every other seat passes: it resolves."""
    c = sc.card(card, seat)
    sc.st.seats[seat].hand.append(c)
    sc.do(PlayCard(c, target))
    while sc.st.flash_stack:
        sc.do(Pass())
    return c


def with_effect(sc: Scene, card: str, effect: Effect) -> int:
    """A new card of `card` owned by seat 0 with one more effect, built past the loader:
    it refuses a Flash Effect's `turn_start` or `static` (nothing sets one off,
    tests/test_files_s46f.py), and the engine lets it be all the same (R127)."""
    cd = sc.db[card]
    return sc.game.add_card(dataclasses.replace(cd, effects=(*cd.effects, effect)), 0)


def in_play(sc: Scene, card: int) -> bool:
    """Off Field and on no Discard pile (Basic Terms, In Play)."""
    discarded = any(card in s.discard for s in sc.st.seats)
    off = any(o.card == card for o in sc.st.off_field)
    assert off != discarded, "a card is in one place"
    return off


def test_basic_terms_duration_this_turn_stays_in_play_to_the_end_of_the_turn():
    """A Flash Effect lasting "until the end of the Turn" is in play, Off Field, to the
    end of that Turn, seen by every seat (it was played face up) and by a world the AI
    samples from a seat's view; then Discarded, and the log says why. One that lasts
    nothing (Damage) is Discarded as it resolves."""
    sc, (mine, theirs) = table()
    glow = play(sc, 0, "glow", mine)
    assert in_play(sc, glow) and total(sc.st, sc.unit(mine), "attack") == 4
    for seat in range(2):
        v = view(sc.st, seat)
        assert [o.card for o in v.off_field] == [glow] and glow in {c for c, _ in v.known}
        assert sample_world(sc.game, v, random.Random(seat)).off_field == sc.st.off_field
    sting = play(sc, 0, "sting", theirs)
    assert not in_play(sc, sting)
    events = sc.until(MOVE, seat=1)
    assert not in_play(sc, glow) and total(sc.st, sc.unit(mine), "attack") == 3
    ended = next(e for e in events if isinstance(e, CardDiscarded) and e.card == glow)
    assert event_text(ended, {glow: "Glow"}.get, str) == (
        "Glow is Discarded: its Duration is over", glow)


def test_basic_terms_duration_turns_of_the_player_that_plays_it_three_seats():
    """"The first Turn is the Turn it was played. The card is Discarded at the end of its
    last Turn", counted in the Turns of the player that plays it, three seats: seat 0's
    Jinx (2 Turns) played in its Turn stays through seats 1 and 2's Turns to the end of
    seat 0's next; seat 1's Hex (3 Turns) played as an answer in seat 0's Turn counts
    that one first, then seat 1's next two; seat 2's Jinx played in seat 1's Turn ends
    with seat 2's own Turn after it."""
    sc, heroes = table(3)
    jinx = sc.card("jinx", 0)
    hex_ = sc.card("hex", 1)
    sc.st.seats[0].hand.append(jinx)
    sc.st.seats[1].hand.append(hex_)
    sc.do(PlayCard(jinx, heroes[2]), PlayCard(hex_, heroes[0]))
    while sc.st.flash_stack:
        sc.do(Pass())
    assert in_play(sc, jinx) and in_play(sc, hex_)
    sc.until(MOVE, seat=1)
    sting, late = sc.card("sting", 1), sc.card("jinx", 2)
    sc.st.seats[1].hand.append(sting)
    sc.st.seats[2].hand.append(late)
    sc.do(PlayCard(sting, heroes[2]), PlayCard(late, heroes[1]))  # seat 2 answers
    while sc.st.flash_stack:
        sc.do(Pass())
    assert [in_play(sc, c) for c in (jinx, hex_, late)] == [True, True, True]
    sc.until(MOVE, seat=2)   # seat 1's Turn is Hex's second
    assert [in_play(sc, c) for c in (jinx, hex_, late)] == [True, True, True]
    sc.until(MOVE, seat=0)   # seat 2's Turn is the late Jinx's second: over
    assert [in_play(sc, c) for c in (jinx, hex_, late)] == [True, True, False]
    sc.until(MOVE, seat=1)   # seat 0's Turn is Jinx's second: over
    assert [in_play(sc, c) for c in (jinx, hex_, late)] == [False, True, False]
    assert total(sc.st, sc.unit(heroes[2]), "attack") == 3
    sc.until(MOVE, seat=2)   # seat 1's Turn is Hex's third: over
    assert [in_play(sc, c) for c in (jinx, hex_, late)] == [False, False, False]
    assert total(sc.st, sc.unit(heroes[0]), "attack") == 3


def test_basic_terms_duration_until_the_end_of_the_combat():
    """A Flash Effect lasting "until the end of the Combat" stays in play through the
    Combat and is Discarded as it ends, in the Turn it was played."""
    sc, (mine, _) = table()
    sc.combat_pile(0, *["blank"] * 4)
    gnat = sc.disaster("gnat", (0, 0))
    sc.do(Fight(gnat))
    rally = play(sc, 0, "rally", mine)
    assert in_play(sc, rally) and total(sc.st, sc.unit(mine), "attack") == 4
    events = sc.do(Declare(mine, "attack"))  # 4 Attack on 1 Defense: the Gnat is Defeated
    assert of(events, CombatEnded) and sc.st.combat is None
    assert sc.st.turn_seat == 0 and not in_play(sc, rally)
    ended = next(i for i, e in enumerate(events) if isinstance(e, CombatEnded))
    assert any(isinstance(e, CardDiscarded) and e.card == rally for e in events[ended:])


def test_basic_terms_duration_a_flash_effect_cancelled_is_never_in_play():
    """Rules for Flash Effects ("use a Wrath of the Eye of God to Discard an opponent's
    Wrath of the Eye of God before it takes effect"): a Jinx Cancelled on the stack goes
    to the Discard pile and never lies Off Field, and the Wrath, lasting nothing, too."""
    sc, (mine, theirs) = table()
    jinx = sc.card("jinx", 0)
    wrath = sc.card("wrath", 1)
    sc.st.seats[0].hand.append(jinx)
    sc.st.seats[1].hand.append(wrath)
    sc.do(PlayCard(jinx, theirs), PlayCard(wrath, jinx))
    assert not sc.st.off_field
    while sc.st.flash_stack:
        sc.do(Pass())
        assert not sc.st.off_field
    assert jinx in sc.st.seats[0].discard and wrath in sc.st.seats[1].discard
    assert total(sc.st, sc.unit(theirs), "attack") == 3


def test_basic_terms_duration_a_discard_pile_reader_takes_it_only_after_its_last_turn():
    """Basic Terms, In Play: Discard piles are not in play. A Haven whose use takes
    back a card of the Discard pile (as the Lost and Found Office does Equipment; here
    a Flash Effect, `discarded: flash_effect`) is not offered while the Jinx lasts
    (guideline 4.11: nothing to take back), and is once its last Turn has ended."""
    sc, (mine, theirs) = table()
    office = sc.card("lost-spells", 0)
    sc.st.places[(0, 1)] = Place(office, "haven", 0)
    sc.st.seats[0].havens.append((0, 1))
    sc.draw_pile(0, *["idol"] * 4)
    jinx = play(sc, 0, "jinx", theirs)
    assert in_play(sc, jinx)
    use = UseCard(office, 0, None)
    assert use not in sc.legal()
    sc.refused(use, "Flash Effect")
    sc.until(MOVE, seat=1)
    assert in_play(sc, jinx) and use not in sc.legal()
    sc.until(MOVE)            # seat 0's next Turn, the Jinx's second
    assert in_play(sc, jinx) and use not in sc.legal()
    sc.until(MOVE, seat=1)
    sc.until(MOVE)
    assert not in_play(sc, jinx) and use in sc.legal()


def test_basic_terms_duration_the_card_outlasts_its_target_leaving_play_R127():
    """R127: "The card is Discarded at the end of its last Turn", not when what it
    changed leaves play. Seat 0's Hex (3 Turns) on seat 1's Hero stays in play when the
    Hero is Bonked (what it changed on him ends: he comes back free of it), to the end
    of seat 0's third Turn."""
    sc, (mine, theirs) = table()
    sc.char("hero", (1, 0), seat=1)  # seat 1 still has a Character: the game goes on
    hex_ = play(sc, 0, "hex", theirs)
    play(sc, 0, "ko", theirs)
    assert theirs not in sc.st.units and in_play(sc, hex_)
    assert all(x.unit != theirs for x in sc.st.lasting)
    sc.until(MOVE)            # seat 0's second Turn
    assert in_play(sc, hex_)
    sc.until(MOVE)            # the third
    assert in_play(sc, hex_)
    sc.until(MOVE, seat=1)
    assert not in_play(sc, hex_)


def test_basic_terms_duration_off_field_it_is_no_global_effect_R20():
    """R20: a Flash Effect with bare bonuses gives them to one of its player's Characters
    to the end of the Turn. Lying Off Field meanwhile, it is not read as a Global Effect
    ("they affect all of your Characters"): its +2 Defense is the target's once, and
    another Character of the player gets nothing."""
    sc, (mine, _) = table()
    other = sc.char("hero", (0, 0))
    shield = play(sc, 0, "shield", mine)
    assert in_play(sc, shield)
    assert total(sc.st, sc.unit(mine), "defense") == 5
    assert total(sc.st, sc.unit(other), "defense") == 3


def test_basic_terms_duration_a_save_made_while_it_lasts_loads_to_the_same_state(
        games, tmp_path):
    """Saves replay the seed and the actions (game/engine/save.py): a random two-seat
    game saved while a Flash Effect lies Off Field loads to the same state, and a world
    the AI samples from either seat's view gives that view again."""
    game = games[2]
    st, rng, actions = game.new_state(0), random.Random(0), []
    while not any(game.card(o.card).type == "flash_effect" for o in st.off_field):
        assert st.result is None and len(actions) < 3000, "no Flash Effect lasted"
        actions.append(choose(rng, legal_actions(st), eager=0.5))
        apply_unchecked(st, actions[-1])
    save(Record(game, 0, actions), tmp_path / "lasting.json")
    _, loaded = load(tmp_path / "lasting.json")
    assert snapshot(loaded) == snapshot(st)
    for seat in range(2):
        v = view(st, seat)
        assert view(sample_world(game, v, random.Random(seat)), seat) == v


def test_basic_terms_duration_the_window_draws_it_off_field(make_app):
    """docs/window.md, the Off Field strip: the Glow in play is drawn there."""
    from test_ui_table import scene_app, scene_session, table as window
    sc, (mine, _) = table()
    glow = play(sc, 0, "glow", mine)
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc)
    t = window(app, s)
    app.step([], 0.05)
    assert [k[1] for r, k in t.hits if k[0] == "card" and t.lay.off_field.contains(r)] == [glow]


def test_basic_terms_duration_the_window_says_how_long_it_lasts(make_app):
    """docs/window.md, the Off Field strip: under a Flash Effect in play, how long it
    still lasts (Basic Terms, Duration: "The card is Discarded at the end of its last
    Turn"; R127): the Jinx played for 2 Turns, "2 turns", then "1 turn" in its player's
    next Turn; the Glow, "this Turn"."""
    from test_ui_table import scene_app, scene_session, table as window
    sc, (mine, theirs) = table()
    jinx, glow = play(sc, 0, "jinx", theirs), play(sc, 0, "glow", mine)
    notes = lambda: [window(scene_app(make_app, sc), scene_session(sc, ["human", "human"]))
                     .board.lasts_note(c) for c in (jinx, glow)]
    assert notes() == ["2 turns", "this Turn"]
    sc.until(MOVE, seat=0)
    assert notes() == ["1 turn", None]


def test_basic_terms_duration_off_field_its_turn_start_text_does_not_act_R127():
    """R127: a Flash Effect lying Off Field while its effect lasts is in play but no
    Global Effect: its other texts do not act again. The Omen (-1 Attack for 3 Turns, and
    a `turn_start` draw built past the loader) draws nothing at its player's next Turn
    (the third review: it drew one)."""
    sc, (_, theirs) = table()  # seven cards in each hand: the Reload phase draws none
    sc.draw_pile(0, *["idol"] * 3)
    omen = play(sc, 0, with_effect(sc, "omen", Effect("turn_start", (
        Step("draw", 1, "player"),))), theirs)
    sc.until(MOVE, seat=0)
    assert in_play(sc, omen)
    assert len(sc.st.seats[0].draw) == 3 and len(sc.st.seats[0].hand) == 7


def test_basic_terms_duration_until_the_end_of_a_combat_between_players():
    """R127 with Combat between Players: the Rally ("for the Combat") played in a Combat
    between players stays in play until that Combat ends, and is Discarded as it ends,
    after it, in the Turn it was played (the third review: no test went through the
    Discard at a Combat between players' end)."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    mine = sc.char("hero", (0, 0))
    sc.char("hero", (0, 0), seat=1)
    for seat in range(2):
        sc.hand(seat, *["idol"] * 7)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    rally = play(sc, 0, "rally", mine)
    assert in_play(sc, rally) and total(sc.st, sc.unit(mine), "attack") == 4
    events = sc.do(Engage(mine, "none"), RunAway(), RunTo((1, 0)))  # theirs runs
    assert sc.st.duel is None and sc.st.turn_seat == 0 and not in_play(sc, rally)
    ended = next(i for i, e in enumerate(events) if isinstance(e, DuelEnded))
    assert any(isinstance(e, CardDiscarded) and e.card == rally for e in events[ended:])


def test_basic_terms_duration_off_field_its_static_text_does_not_act_R127():
    """R127, as the turn_start text above: the Aura (-1 Attack for 3 Turns, and a
    `static` +5 Defense to its player's Characters, built so too) lying Off
    Field gives no Defense (the fourth review: the Hero read 8, not 3)."""
    sc, (mine, theirs) = table()
    aura = play(sc, 0, with_effect(sc, "aura", Effect("static", (
        Step("modify", (Modifier("defense", "+", 5),), "yours"),))), theirs)
    assert in_play(sc, aura)
    assert total(sc.st, sc.unit(mine), "defense") == 3
