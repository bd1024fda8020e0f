"""s37r: readings the earlier stops left in the engine unsettled, each put to the books in
scenes of two, three and four seats: how long a Disaster's "1 Turn" lasts (Basic Terms,
Duration with R29), Movement after a card sends a group home (Move Phase, Basic Terms
Movement), Running Away into one's own Haven (Run Away, Move Phase; the glossary's Move),
what becomes of a Killed transformed Character's other card (Rules for Transforming
Characters; Basic Terms Kill)."""
from __future__ import annotations

from scene import Scene, of

from game.engine import view
from game.engine.abilities import total
from game.engine.actions import (Answer, AskPermission, Challenge, ContinueScavenging, Declare,
                                 Fight, Move, Pass, PlayCard, RunAway, RunTo, Scavenge,
                                 StopScavenging, Transform)
from game.engine.events import (ALL_SEE, CardDiscarded, DisasterDefeated, ItemDestroyed,
                                ItemStolen, Killed, LocationAttacks)
from game.engine.lasting import has_flag
from game.engine.maintenance import move
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE
from game.ui.scenes.account import tell
from game.ui.table.curtain import news_for
from game.ui.table.words import event_text

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 2}}
- {id: tank, name: Tank, type: character, gender: male,
   abilities: {attack: 0, defense: 10, movement: 2, charm: 1, energy: 1}}
- {id: mina, name: Mina, type: character, gender: female, other_form: kit,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 3}}
- {id: kit, name: Kit, type: character, gender: female, other_form: mina,
   abilities: {attack: 6, defense: 1, movement: 2, charm: 1, energy: 3}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 30, movement: 1}}
- {id: crusher, name: Crusher, type: disaster, class: major,
   abilities: {attack: 20, defense: 30, movement: 1}}
- {id: idol, name: Idol, type: item}
- id: snare
  name: Snare
  type: disaster
  class: minor
  effects: [{"on": revealed, do: [{hold: 1, to: group}]}]
- id: snare2
  name: Long Snare
  type: disaster
  class: minor
  effects: [{"on": revealed, do: [{hold: 2, to: group}]}]
- id: quiz2
  name: Long Quiz
  type: disaster
  class: minor
  defeat: {skills: {Genius: 1}}
  endure: {modifiers: {energy: "-1"}, turns: 2}
- id: drone
  name: Drone
  type: disaster
  class: minor
  abilities: {attack: 0, defense: 1, movement: 1}
  effects: [{"on": revealed, do: [{hold: 1, to: here}]}]
- id: quiz
  name: Quiz
  type: disaster
  class: minor
  defeat: {skills: {Genius: 1}}
  endure: {modifiers: {energy: "-1"}, turns: 1}
- id: retreat
  name: Retreat
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{send_home: true, to: group}]}
"""


def column(sc: Scene, n: int = 5) -> None:
    """Locations down column 0, from (0, 0) to (0, n - 1), and an Idol under one more."""
    for y in range(n):
        sc.location((0, y))
    sc.location((0, n), under=["idol"])


# Basic Terms, Duration (R29): a Disaster's "1 Turn" ----------------------------------------

def test_basic_terms_duration_a_disasters_1_turn_turned_up_scavenging_is_that_turn_R29():
    """Basic Terms, Duration: "For cards that last a limited number of Turns, the first
    Turn is the Turn it was played. The card is Discarded at the end of its last Turn";
    R29: a Disaster's Turns are the affected player's. Seat 0's Hero turns up the Snare
    (Held for 1 Turn) and the Quiz (endured 1 Turn, -1 Energy) Scavenging in its own Turn:
    that Turn is the first and the last. Seat 1's Turn sees the Hero free and at full
    Energy, the Quiz on seat 0's Discard pile."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    column(sc)
    sc.location((1, 1), under=["snare", "quiz", "idol"])
    hero = sc.char("hero", (1, 1))
    quiz = sc.st.places[(1, 1)].under[1]
    sc.turn(SCAVENGE)
    sc.do(Scavenge((1, 1)), ContinueScavenging())
    assert total(sc.st, sc.unit(hero), "energy") == 1
    assert [o.card for o in sc.st.off_field] == [quiz]
    sc.do(StopScavenging())
    sc.until(DISCARD, seat=1)
    assert sc.st.off_field == [] and quiz in sc.st.seats[0].discard
    assert total(sc.st, sc.unit(hero), "energy") == 2
    sc.until(MOVE, seat=0)
    assert Move((hero,), (0, 1)) in sc.legal()


def drawn_by_seat_1(card: str) -> tuple[Scene, int, int]:
    """Three seats: seat 1, with no group of its own, draws `card` in its Reload; it
    affects seat 0's Hero, "the first group along the Disaster movement path belonging to
    any player" (Rules for Disasters)."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    hero = sc.char("hero", (0, 2))
    d, *_ = sc.draw_pile(1, card, *["idol"] * 8)
    sc.turn(DISCARD, seat=1)
    sc.until(EQUIP, seat=1)
    return sc, hero, d


def test_basic_terms_duration_a_disaster_drawn_in_anothers_turn_counts_the_affected_players_R29():
    """R29: a Disaster is played by nobody, so Duration's "for the player that plays it"
    gives way to the affected player's Turns, and only theirs count (s35r1, s36r2 pin the
    same). Three seats: the Snare ("Held for 1 Turn") drawn in seat 1's Turn Holds seat
    0's Hero through seat 0's next Turn; the Snare of 2 Turns through the one after that
    too. The endured Quiz (1 Turn, -1 Energy) drawn so goes at the end of seat 0's next
    Turn. (Counting the Turn it entered in first, as the engine does for a Flash Effect
    played in another player's Turn, would end each a Turn of seat 0's sooner: see
    docs/rules-coverage.md, s37r.)"""
    for card, held in (("snare", 1), ("snare2", 2)):
        sc, hero, _ = drawn_by_seat_1(card)
        for _ in range(held):
            sc.until(MOVE, seat=0)
            sc.refused(Move((hero,), (0, 3)), "Held")
        sc.until(MOVE, seat=0)
        assert Move((hero,), (0, 3)) in sc.legal(), card
    sc, hero, quiz = drawn_by_seat_1("quiz")
    assert total(sc.st, sc.unit(hero), "energy") == 1
    sc.until(DISCARD, seat=0)
    assert [o.card for o in sc.st.off_field] == [quiz]
    sc.until(DISCARD, seat=1)
    assert sc.st.off_field == [] and quiz in sc.st.seats[1].discard
    assert total(sc.st, sc.unit(hero), "energy") == 2


def test_basic_terms_duration_a_disasters_hold_on_another_players_group_there_R29():
    """Duration with R29 where two players' groups stand: seat 0's Hero Scavenges and
    turns up the Drone ("when revealed, Characters here are Held for 1 Turn"), which Holds
    seat 1's Tank there too. For seat 0's Hero the Turn under way is his player's, the
    first and the last; seat 1's Tank is Held through seat 1's next Turn, and free in the
    one after."""
    sc = Scene(CARDS, seats=2, options=NO_CHARM)
    column(sc)
    sc.location((1, 1), under=["drone", "idol"])
    hero = sc.char("hero", (1, 1))
    tank = sc.char("tank", (1, 1), seat=1)
    sc.combat_pile(0, *["blank"] * 3)
    sc.turn(SCAVENGE)
    sc.do(Scavenge((1, 1)))
    while sc.st.combat is not None:
        sc.do(Declare(hero, "attack"))
    sc.do(StopScavenging())
    assert has_flag(sc.st, sc.unit(tank), "hold") and has_flag(sc.st, sc.unit(hero), "hold")
    sc.until(MOVE, seat=1)
    assert not has_flag(sc.st, sc.unit(hero), "hold")
    sc.refused(Move((tank,), (0, 1)), "Held")
    sc.until(MOVE, seat=1)
    assert Move((tank,), (0, 1)) in sc.legal()


# Move Phase, Basic Terms Movement: a group a card sent home ----------------------------------

def test_move_phase_a_group_sent_home_by_a_card_keeps_the_movement_it_has_not_spent():
    """Move Phase: "Move your Characters any number of Location up to their Movement
    ability"; Basic Terms, Movement: "Moving from 1 Location to another, which takes 1
    point of Movement. A Character may move up to its Movement ability each Turn." A card
    that sends a group home is no step of its Movement: the Hero (Movement 2) that took one
    step and was sent home by Retreat has one step left, not two, and not none."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    sc.haven((1, 0))
    hero = sc.char("hero", (0, 3))
    retreat, = sc.hand(0, "retreat")
    sc.turn(MOVE)
    sc.do(Move((hero,), (0, 2)), PlayCard(retreat, hero))
    while sc.st.top.kind == "flash":
        sc.do(Pass())
    assert sc.unit(hero).pos == (1, 0)
    assert Move((hero,), (0, 1)) in sc.legal()
    sc.refused(Move((hero,), (0, 2)))  # two steps away: one is all it has left
    sc.do(Move((hero,), (0, 1)))
    assert not [a for a in sc.legal() if isinstance(a, Move)]


# Basic Terms, Run Away: into one's own Haven -------------------------------------------------

def run_from_the_ogre(seats: int) -> tuple[Scene, int]:
    """Seat 0's Tank fights the Ogre at (0, 1) in its Move phase and Runs Away; seat 0's
    Haven is at (1, 1), beside the fight, and seat 1's at (1, 0), beside it too."""
    sc = Scene(CARDS, seats=seats, options=NO_CHARM)
    column(sc)
    sc.haven((1, 1))
    sc.haven((1, 0), seat=1)
    tank = sc.char("tank", (0, 1))
    ogre = sc.disaster("ogre", (0, 1), seat=1)
    sc.combat_pile(0, *["blank"] * 3)
    sc.combat_pile(1, *["blank"] * 3)
    sc.turn(MOVE)
    sc.do(Fight(ogre), RunAway())
    return sc, tank


def test_basic_terms_run_away_one_location_may_end_in_ones_own_haven():
    """Basic Terms, Run Away: "Move any remaining Characters 1 Location." The rulebook
    counts moves in "Location" steps wherever a Haven may be the end of one: "Move your
    Characters any number of Location up to their Movement ability" (Move Phase) is how a
    group goes home; the glossary: "Move: To go from one Location or Haven to another Haven
    or Location". Guideline 4.14 (a Haven is not a Location) says what a Haven is, not how
    far a step goes. The Tank's step may end in seat 0's own Haven (R27: "an adjacent cell
    where they can stop"); not in seat 1's, whose permission it has not (Rules for
    Havens: "may not stop there without asking your permission"). A step refused says
    which rule keeps it off (it said "choose where the group runs to")."""
    for seats in (2, 3):
        sc, tank = run_from_the_ogre(seats)
        offered = {a.cell for a in sc.legal() if isinstance(a, RunTo)}
        assert (1, 1) in offered and (1, 0) not in offered
        sc.refused(RunTo((1, 0)), "another player's Haven")
        sc.refused(RunTo((0, 3)), "not next to")
        sc.do(RunTo((1, 1)))
        assert sc.unit(tank).pos == (1, 1) and sc.st.combat is None
        assert (sc.st.turn_seat, sc.st.phase) == (1, DISCARD)


def test_basic_terms_run_away_between_players_a_refused_step_says_why_R33f():
    """Run Away with R33 f: the runners' survivors "move 1 Location where they can stop".
    Seat 0's Hero Runs Away from seat 1's Tank: its own Haven is a step it may take; seat
    1's Haven beside it is refused as another player's Haven, a cell two away as no step
    (the refusal said "not possible in this step of Combat between players")."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    sc.haven((1, 1))
    sc.haven((1, 0), seat=1)
    hero = sc.char("hero", (0, 1))
    sc.char("tank", (0, 1), seat=1)
    sc.combat_pile(0, *["blank"] * 3)
    sc.combat_pile(1, *["blank"] * 3)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 1)), RunAway())
    while not [a for a in sc.legal() if isinstance(a, RunTo)]:
        sc.do(sc.legal()[0])
    sc.refused(RunTo((1, 0)), "another player's Haven")
    sc.refused(RunTo((0, 3)), "not next to")
    sc.do(RunTo((1, 1)))
    assert sc.unit(hero).pos == (1, 1) and sc.st.duel is None


def test_basic_terms_run_away_four_seats_into_a_haven_given_leave_this_turn_R36():
    """Run Away with Rules for Havens ("may not stop there without asking your
    permission"; R36: a yes lets that player's Characters stop there until its next Turn
    begins) and Basic Terms, Group ("a limit of 4 Characters per group"). Four seats: seat
    0 asks seat 2 for its Haven at (1, 0) and is let; its Tank and Hero then Run Away from
    the Ogre. Seat 2's Haven is a step they may take, seat 3's at (1, 2) is not (no
    leave), nor (0, 2), where seat 0's own three others stand (five would be one group)."""
    sc = Scene(CARDS, seats=4, options=NO_CHARM)
    column(sc)
    sc.haven((2, 2))
    sc.haven((1, 0), seat=2)
    sc.haven((1, 2), seat=3)
    tank = sc.char("tank", (0, 1))
    hero = sc.char("hero", (0, 1))
    for _ in range(3):
        sc.char("hero", (0, 2))
    ogre = sc.disaster("ogre", (0, 1), seat=1)
    sc.combat_pile(0, *["blank"] * 3)
    sc.turn(MOVE)
    sc.do(AskPermission((1, 0)))
    assert sc.st.current_seat() == 2
    sc.do(Answer(True), Fight(ogre), RunAway())
    offered = {a.cell for a in sc.legal() if isinstance(a, RunTo)}
    assert (1, 0) in offered and (1, 2) not in offered and (0, 2) not in offered
    sc.refused(RunTo((1, 2)), "another player's Haven")
    sc.refused(RunTo((0, 2)), "too many Characters")
    sc.do(RunTo((1, 0)))
    assert {sc.unit(c).pos for c in (tank, hero) if c in sc.st.units} == {(1, 0)}
    assert (sc.st.turn_seat, sc.st.phase) == (1, DISCARD)

# Rules for Transforming Characters, Basic Terms Kill: the other card -------------------------

def test_rules_for_transforming_characters_a_killed_forms_other_card_stays_out_of_play():
    """Rules for Transforming Characters: "Keep the second card out of play"; Basic Terms,
    Kill: "Killed Characters are Discarded"; guideline 5: Discarded cards go to the owner's
    pile. Mina transformed into Kit is Killed by the Crusher (three seats): Kit, the card in
    play, goes to seat 0's Discard pile; Mina's card, never in play, is not Discarded nor
    in the hand: it stays aside, and no Equip phase offers it (her Character is gone)."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    sc.haven((1, 1))
    mina = sc.char("mina", (0, 1))
    kit = sc.card("kit")
    sc.st.seats[0].forms = [kit]
    sc.combat_pile(0, *["blank"] * 3)
    sc.turn(MOVE)
    sc.do(Transform(mina))
    crusher = sc.disaster("crusher", (0, 1), seat=2)
    sc.do(Fight(crusher))
    ev = sc.do(Declare(kit, "attack"))
    assert [e["card"] for e in of(ev, Killed)] == [kit]
    s = sc.st.seats[0]
    assert kit in s.discard and s.forms == [mina]
    assert mina not in s.discard and mina not in s.hand and mina not in sc.st.units
    sc.until(EQUIP, seat=0)
    assert not [a for a in sc.legal() if isinstance(a, PlayCard) and a.card in (mina, kit)]
    assert s.forms == [mina] and kit in s.discard


# Basic Terms, Defeat; guidelines 2.2, 2.3: a non-Combat Disaster whose instructions are done --

DONE_CARDS = """\
- {id: man, name: Man, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: idol, name: Idol, type: item}
- id: snare
  name: Snare
  type: disaster
  class: minor
  effects:
    - {"on": revealed, do: [{hold: 1, to: group}]}
    - {"on": defeated, do: [{draw: 1, to: player}]}
"""


def snared(seats: int):
    """Seat 0's Man Scavenges a Location of seat 1's deck and turns up its Snare, whose
    instructions (Hold the group) run at once."""
    sc = Scene(DONE_CARDS, seats=seats)
    sc.location((0, 0), under=["snare", "idol"], seat=1)
    sc.location((1, 0), under=["idol"])
    man = sc.char("man", (0, 0))
    snare = sc.st.places[(0, 0)].under[0]
    top, = sc.draw_pile(1, "idol")
    sc.turn(SCAVENGE)
    return sc, man, snare, top, sc.do(Scavenge((0, 0)))


def test_basic_terms_defeat_a_disaster_whose_instructions_are_done_is_defeated_saying_why():
    """Basic Terms, Defeat: "When a non-Combat Disaster completes the actions described in
    its instructions, it is Defeated. Defeated Disasters are Discarded" (guidelines 2.2,
    2.3). The Snare Holds the Man and is done: a Defeat, counted among the game's Defeats,
    whose log line in every seat and the curtain says why ("its instructions are done"),
    not "Snare is Defeated!" as if the group had beaten it; its "when Defeated" draw
    runs."""
    for seats in (2, 3):
        sc, man, snare, top, ev = snared(seats)
        assert snare in sc.st.seats[1].discard and top in sc.st.seats[1].hand
        assert not [e for e in ev if isinstance(e, CardDiscarded) and e.card == snare]
        done, = [e for e in ev if isinstance(e, DisasterDefeated) and e.card == snare]
        assert done.why == "its instructions are done"
        names = {snare: "Snare"}.get
        for seat in (*range(seats), ALL_SEE):
            line, _ = event_text(done.for_seat(seat), names, lambda s: f"Player {s + 1}",
                                 owner=sc.game.owner)
            assert line == ("Snare is Defeated: its instructions are done "
                            "(to Player 2's discard pile)")
            assert news_for(done, seat, sc.game.owner)
        moments = tell(sc.game, ev, sc.st).moments
        assert len([m for m in moments if "Defeated" in m and "Snare" in m]) == 1, moments


def test_basic_terms_defeat_a_disaster_the_group_beats_or_that_cannot_affect_it_is_defeated():
    """The Defeats the books name stay Defeats: a group that meets the Disaster's `defeat`
    requirements Defeats it (R29; "you must Defeat it"), and one that cannot affect the
    Field "is automatically Defeated" (Scavenge Phase): beaten, no reason given (the log's
    "is Defeated!")."""
    cards = DONE_CARDS + """\
- {id: riddle, name: Riddle, type: disaster, class: minor, defeat: {skills: {}},
   endure: {modifiers: {energy: "-1"}, turns: 1}}
- {id: swoon, name: Swoon, type: disaster, class: minor, affects: {females: 1},
   endure: {modifiers: {charm: "-1"}, turns: 1}}
"""
    for card in ("riddle", "swoon"):
        sc = Scene(cards, seats=2)
        sc.location((0, 0), under=[card, "idol"], seat=1)
        sc.location((1, 0), under=["idol"])
        sc.char("man", (0, 0))
        d = sc.st.places[(0, 0)].under[0]
        sc.turn(SCAVENGE)
        ev = sc.do(Scavenge((0, 0)))
        assert [(e["card"], e["why"]) for e in of(ev, DisasterDefeated)] == [(d, "")], card


# Equip Phase, Rules for Havens: a guest and the Haven owner's Enhancement (R128) ------------

GUEST_CARDS = CARDS + """\
- {id: blessing, name: Blessing, type: enhancement, bonuses: {attack: "+1"}}
"""


def test_equip_phase_an_enhancement_goes_on_your_own_character_not_a_guest_R128():
    """Equip Phase: "You may play 1 Enhancement on a Character in your Haven"; R128: one of
    the player's own Characters there. Three seats: seat 1's Hero is a guest in seat 0's
    Haven beside seat 0's Tank, and seat 0's Hero is a guest in seat 2's Haven. In seat
    0's Equip phase the Blessing is offered on the Tank alone; on the guest it is refused
    saying so (it said "an Enhancement goes on a Character in your Haven that meets its
    requirement and cost", which the guest, standing there with no requirement to meet,
    seemed to do); on seat 0's own Hero in seat 2's Haven it is refused as not in seat
    0's Haven."""
    sc = Scene(GUEST_CARDS, seats=3, options=NO_CHARM)
    column(sc)
    sc.haven((1, 1))
    sc.haven((1, 3), seat=2)
    tank = sc.char("tank", (1, 1))
    guest = sc.char("hero", (1, 1), seat=1)
    away = sc.char("hero", (1, 3))
    blessing, = sc.hand(0, "blessing")
    sc.turn(EQUIP)
    offered = [a.target for a in sc.legal() if isinstance(a, PlayCard) and a.card == blessing]
    assert offered == [tank]
    sc.refused(PlayCard(blessing, guest), "guest")
    sc.refused(PlayCard(blessing, away), "not in your Haven")
    sc.do(PlayCard(blessing, tank))
    assert sc.unit(tank).enhancements == [blessing]


# R16, Rules for Disasters: what a seat robbed by a Disaster is told of the Item later --------

def test_rules_for_disasters_the_robbed_seat_is_told_the_take_and_no_seat_the_items_end_R16():
    """Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an Item,
    the Disaster ... takes the Item the Character had" and "Disasters will not reveal or
    use an Item"; Rules for Items: "kept face down". Three seats: the Crusher Kills seat
    0's Hero and takes his Idol, named to seat 0 alone (its own Item, its view showed it).
    At the end of the Field the Crusher Destroys it: no seat's share names it, nor any
    view (seat 0 may remember it; the engine tells a seat what its view shows before or
    after, and no view shows a Disaster's Item). The count of Items Destroyed unseen is
    every seat's."""
    sc = Scene(CARDS, seats=3, options=NO_CHARM)
    column(sc)
    last = sc.st.path[-1]
    hero = sc.char("hero", last, items=["idol"])
    idol = sc.unit(hero).items[0]
    crusher = sc.disaster("crusher", last, seat=2)
    sc.combat_pile(0, *["blank"] * 3)
    sc.turn(MOVE)
    sc.do(Fight(crusher))
    ev = sc.do(Declare(hero, "attack"))
    stolen, = [e for e in ev if isinstance(e, ItemStolen)]
    assert [stolen.for_seat(s).card for s in (0, 1, 2, ALL_SEE)] == [idol, None, None, None]
    ev = []
    move(sc.st, crusher, ev)
    assert idol in sc.st.destroyed
    gone, = [e for e in ev if isinstance(e, ItemDestroyed)]
    for seat in (0, 1, 2, ALL_SEE):
        assert gone.for_seat(seat).card is None
    for seat in (0, 1, 2):
        v = view(sc.st, seat)
        assert idol not in dict(v.known) and v.destroyed_hidden == 1


# Rules for Locations, three seats: "The Location attacks once per Turn" ----------------------

def test_rules_for_locations_three_seats_the_location_attacks_once_per_turn_whoever_stops():
    """Rules for Locations: "If a group of Characters, without the required skills, stops
    at a Location with Attack, the Location Attacks each Character. The Location attacks
    once per Turn." (R24). Three seats: seat 0's Hero stops on the Reef and is struck;
    seat 0 then fights seat 2's Hero beside it, who Runs Away onto the Reef: stopping
    there in the same Turn, he is not struck (the Location has had its attack). In seat
    1's Turn, seat 1's Hero stopping there is (a new Turn)."""
    cards = CARDS + """\
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}}
"""
    sc = Scene(cards, seats=3, options=NO_CHARM)
    column(sc)
    sc.location((1, 1), "reef")
    sc.location((1, 0))
    sc.location((2, 1))
    h0 = sc.char("tank", (1, 0))
    sc.char("tank", (0, 1))
    h2 = sc.char("hero", (0, 1), seat=2)
    h1 = sc.char("hero", (2, 1), seat=1)
    for s in range(3):
        sc.combat_pile(s, *["blank"] * 3)
    sc.turn(MOVE)
    ev = sc.do(Move((h0,), (1, 1)))
    assert [h["target"] for h in of(ev, LocationAttacks)] == [h0]
    ev = sc.do(Challenge(2, (0, 1)))
    while sc.st.current_seat() != 2:
        ev += sc.do(sc.legal()[0])
    ev += sc.do(RunAway())
    while sc.st.duel is not None:
        ev += sc.do(RunTo((1, 1)) if RunTo((1, 1)) in sc.legal() else sc.legal()[0])
    assert sc.unit(h2).pos == (1, 1) and not of(ev, LocationAttacks)
    sc.until(MOVE, seat=1)
    ev = sc.do(Move((h1,), (1, 1)))
    assert [h["target"] for h in of(ev, LocationAttacks)] == [h1]
