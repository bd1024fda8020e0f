"""The Play Phases: Discard, Reload, Maintenance, Equip, Move, Scavenge (rulebook, Play
Phases; R6, R7, R8, R9)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import DiscardCard, EndPhase, Move, PlayCard, Scavenge
from game.engine.events import (CardDiscarded, CardDrawn, CharacterReturned, DisasterDefeated, DisasterEndured, DisasterEntered, DisasterMoved, PhaseBegan, TurnBegan)
from game.engine.state import (DISCARD, EQUIP, MAINTENANCE, MOVE, RELOAD, SCAVENGE)
from game.engine.tally import item_counts

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: heroine, name: Heroine, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: frail, name: Frail, type: character, gender: male,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: boost, name: Boost, type: enhancement, bonuses: {attack: "+1"}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: gloom, name: Gloom, type: disaster, class: minor, defeat: {females: 1},
   endure: {modifiers: {attack: "-2"}, turns: 2}}
- {id: idol, name: Idol, type: item}
- {id: swoon, name: Swoon, type: disaster, class: minor, affects: {females: 1},
   endure: {modifiers: {charm: "-1"}}}
- {id: reef, name: Reef, type: location, requires: {skills: {Swimming: 1}},
   abilities: {attack: 4}}
"""


def field(sc: Scene) -> None:
    """Three Locations in a column and a Haven beside them; an Item keeps the game
    from ending (R14 c)."""
    sc.location((1, 0), under=["idol"])
    sc.location((1, 1))
    sc.location((1, 2))
    sc.haven((0, 0))


def test_phases_follow_in_the_rulebook_order():
    sc = Scene(CARDS)
    field(sc)
    sc.turn(SCAVENGE)
    ev = sc.until(SCAVENGE)
    assert [e["phase"] for e in of(ev, PhaseBegan)] == [
        DISCARD, RELOAD, MAINTENANCE, EQUIP, MOVE, SCAVENGE]
    assert of(ev, TurnBegan)[0]["turn"] == 2


def test_discard_phase_discards_from_the_hand_and_the_haven():
    sc = Scene(CARDS)
    field(sc)
    card = sc.card("boost")
    sc.st.put_under((0, 0), [card])  # stored in the Haven
    hand = sc.hand(0, "boost", "boost")
    sc.turn(DISCARD)
    ev = sc.do(DiscardCard(hand[0]), DiscardCard(card))
    assert sc.st.seats[0].discard == [hand[0], card]
    assert sc.st.places[(0, 0)].under == () and sc.st.seats[0].hand == [hand[1]]
    assert len(of(ev, CardDiscarded)) == 2
    sc.turn(EQUIP)
    sc.refused(DiscardCard(hand[1]), "Discard phase")


def test_reload_draws_one_at_a_time_up_to_7_R8():
    sc = Scene(CARDS)
    field(sc)
    sc.hand(0, *["boost"] * 4)
    pile = sc.draw_pile(0, *["boost"] * 6)
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    drawn = [e for e in ev if isinstance(e, CardDrawn)]
    assert [e.private["card"] for e in drawn] == pile[:3]
    assert all(e.public == {"seat": 0, "how": "draw"} and e.to == (0,) for e in drawn)  # hidden to others
    assert len(sc.st.seats[0].hand) == 7
    assert sc.st.seats[0].draw == pile[3:][::-1]
    assert sc.st.phase == EQUIP


def test_reload_stops_after_a_combat_disaster_enters_R8_R21():
    sc = Scene(CARDS)
    field(sc)
    sc.hand(0, *["boost"] * 4)
    pile = sc.draw_pile(0, "boost", "brute", "boost", "boost")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert len(sc.st.seats[0].hand) == 5
    assert sc.st.seats[0].draw == pile[2:][::-1]
    # It enters at the top-right Location (R3) ...
    assert of(ev, DisasterEntered) == [{"seat": 0, "card": pile[1], "cell": (1, 0)}]
    # ... and first acts when it stops after moving, in this Maintenance phase (R21).
    assert of(ev, DisasterMoved) == [{"card": pile[1], "origin": (1, 0), "dest": (1, 1)}]
    assert sc.unit(pile[1]).disaster and sc.unit(pile[1]).brought_by == 0
    assert sc.st.phase == EQUIP


def test_reload_discards_a_non_combat_disaster_that_cannot_affect_the_field_R8():
    sc = Scene(CARDS)
    field(sc)
    sc.char("hero", (0, 0))  # in the Haven: not on the Field's path
    sc.hand(0, *["boost"] * 4)
    pile = sc.draw_pile(0, "gloom", "boost", "boost", "boost", "boost")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert pile[0] in sc.st.seats[0].discard
    assert any(e["card"] == pile[0] for e in of(ev, CardDiscarded))
    assert not of(ev, DisasterEntered)
    assert len(sc.st.seats[0].hand) == 7  # drawing went on
    assert sc.st.seats[0].draw == [pile[4]]


def test_reload_non_combat_disaster_affects_the_drawing_players_first_group_R8_R29():
    sc = Scene(CARDS, seats=2)
    field(sc)
    theirs = sc.char("hero", (1, 0), seat=1)  # first on the path, but another player's
    mine = sc.char("hero", (1, 2))
    sc.hand(0, *["boost"] * 4)
    pile = sc.draw_pile(0, "gloom", "boost")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    # It can affect the Field: it enters play and drawing stops.
    assert len(sc.st.seats[0].hand) == 4
    assert of(ev, DisasterEntered)[0]["cell"] == (1, 2)
    # No Female in the group: it is endured (R29) by the drawing player's group.
    assert of(ev, DisasterEndured)[0]["chars"] == [mine]
    assert total(sc.st, sc.unit(mine), "attack") == 1
    assert total(sc.st, sc.unit(theirs), "attack") == 3
    assert sc.st.seats[0].draw == [pile[1]]


def test_reload_non_combat_disaster_affects_another_players_group_if_none_of_its_own_R8():
    sc = Scene(CARDS, seats=2)
    field(sc)
    theirs = sc.char("heroine", (1, 1), seat=1)
    pile = sc.draw_pile(0, "gloom")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert of(ev, DisasterEntered)[0]["cell"] == (1, 1)
    # A Female in the group Defeats it at once (R29).
    assert of(ev, DisasterDefeated)[0]["card"] == pile[0]
    assert pile[0] in sc.st.seats[0].discard
    assert sc.st.off_field == [] and theirs in sc.st.units


def test_rules_for_disasters_a_non_combat_disaster_affects_the_first_group_it_can():
    """Rules for Disasters: "it will affect the first group along the Disaster movement
    path belonging to the drawing player. If [it] cannot affect any group belonging to
    the drawing player it will affect the first group ... of any player. If the
    Disaster can not affect the Field, it is Discarded." A Disaster that affects only
    Females cannot affect an all-male group."""
    sc = Scene(CARDS, seats=2)
    field(sc)
    sc.char("hero", (1, 0))                      # the drawing player's, no Female
    theirs = sc.char("heroine", (1, 2), seat=1)
    pile = sc.draw_pile(0, "swoon")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert of(ev, DisasterEntered)[0]["cell"] == (1, 2)
    assert of(ev, DisasterEndured)[0]["chars"] == [theirs]
    sc2 = Scene(CARDS, seats=2)
    field(sc2)
    sc2.char("hero", (1, 0))
    pile = sc2.draw_pile(0, "swoon")
    sc2.turn(DISCARD)
    ev = sc2.do(EndPhase())
    assert not of(ev, DisasterEntered) and pile[0] in sc2.st.seats[0].discard


def test_scavenge_phase_a_non_combat_disaster_that_cannot_affect_the_group_is_defeated():
    """Scavenge Phase: "If a non-Combat Disaster cannot affect the Field, it is
    automatically Defeated." """
    sc = Scene(CARDS)
    sc.location((1, 0), under=["swoon", "idol"])
    sc.haven((0, 0))
    hero = sc.char("hero", (1, 0))
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((1, 0)))
    assert of(ev, DisasterDefeated) and not of(ev, DisasterEndured)
    assert total(sc.st, sc.unit(hero), "charm") == 1 and sc.st.off_field == []


def test_scavenge_phase_a_non_combat_disaster_that_only_another_group_could_endure_is_defeated_R50():
    """R50: turned over while Scavenging, a non-Combat Disaster that cannot affect the
    Scavenging group is Defeated, though another player's group on the Field could
    endure it (Swoon affects Females: seat 1's Heroine stands on the path)."""
    sc = Scene(CARDS, seats=2)
    sc.location((1, 0), under=["swoon", "idol"])
    sc.location((1, 1))
    sc.haven((0, 0))
    sc.char("hero", (1, 0))
    heroine = sc.char("heroine", (1, 1), seat=1)
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((1, 0)))
    assert of(ev, DisasterDefeated) and not of(ev, DisasterEndured)
    assert sc.st.off_field == [] and total(sc.st, sc.unit(heroine), "charm") == 1


def test_reload_from_an_empty_draw_pile_draws_nothing_R7():
    sc = Scene(CARDS)
    field(sc)
    hand = sc.hand(0, "boost", "boost", "boost")
    sc.st.seats[0].discard = sc.cards(["boost", "boost"])
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert not of(ev, CardDrawn)
    assert sc.st.seats[0].hand == hand
    assert sc.st.seats[0].draw == []  # the Discard pile is not reshuffled into it
    assert sc.st.phase == EQUIP


def test_bonked_character_returns_to_the_hand_after_one_full_turn_of_its_owner_R9():
    sc = Scene(CARDS)
    field(sc)
    sc.location((2, 0), "reef")  # Attack 4: Bonks the Frail (Defense 2, Health 2)
    frail = sc.char("frail", (1, 0))
    hand = sc.hand(0, *["boost"] * 6)
    sc.draw_pile(0, "boost", "boost")
    sc.turn(MOVE)
    sc.do(Move((frail,), (2, 0)))
    assert frail not in sc.st.units
    assert [c for c, _ in sc.st.seats[0].set_aside] == [frail]
    # Turn 2 (a full turn out of play): not back yet.
    ev = sc.until(EQUIP)
    assert not of(ev, CharacterReturned)
    assert frail not in sc.st.seats[0].hand
    assert len(sc.st.seats[0].hand) == 7  # drew one card
    # Turn 3: back in the hand in the Reload phase, as one of the draws.
    sc.until(DISCARD)
    sc.do(DiscardCard(hand[0]), DiscardCard(hand[1]))
    ev = sc.do(EndPhase())
    assert of(ev, CharacterReturned) == [{"seat": 0, "card": frail}]
    s = sc.st.seats[0]
    assert frail in s.hand and s.set_aside == []
    assert len(s.hand) == 7  # 5 kept + the Character + 1 draw
    assert s.draw == []
    # Completely healed: played again, it is a fresh Character in the Haven.
    sc.do(PlayCard(frail))
    u = sc.unit(frail)
    assert (u.pos, u.damage, u.items) == ((0, 0), 0, [])


def test_endured_disaster_lasts_its_turns_then_is_discarded_R29():
    sc = Scene(CARDS)
    field(sc)
    hero = sc.char("hero", (1, 1))
    pile = sc.draw_pile(0, "gloom")  # endure: -2 Attack for 2 turns
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert total(sc.st, sc.unit(hero), "attack") == 1
    sc.until(EQUIP)  # the end of this turn is its first; one more
    assert total(sc.st, sc.unit(hero), "attack") == 1
    ev = sc.until(EQUIP)
    assert total(sc.st, sc.unit(hero), "attack") == 3
    assert sc.st.off_field == [] and pile[0] in sc.st.seats[0].discard
    # Basic Terms, Defeat: its instructions (Turn counters included, 2.2) complete, it is
    # Defeated, the event saying why
    assert [(e.card, e.why) for e in ev if isinstance(e, DisasterDefeated)] == [
        (pile[0], "its Duration is over")]


def test_end_phase_refused_while_scavenging():
    sc = Scene(CARDS)
    field(sc)
    sc.char("hero", (1, 0))
    sc.turn(SCAVENGE)
    from game.engine.actions import Scavenge
    sc.do(Scavenge((1, 0)))
    assert sc.st.scavenging is not None
    sc.refused(EndPhase(), "Scavenging")


def test_character_bonked_in_another_players_turn_returns_after_a_full_turn_of_its_owner_R9():
    from game.engine.actions import Declare
    sc = Scene(CARDS + """\
- {id: crusher, name: Crusher, type: disaster, class: major,
   abilities: {attack: 4, defense: 9, movement: 1}}
""", seats=2)
    field(sc)
    sc.haven((3, 0), seat=1)
    frail = sc.char("frail", (1, 1), items=["idol"])      # Health 2
    sc.disaster("crusher", (1, 0), seat=1, brought_by=1)  # moves onto (1,1) and attacks
    sc.combat_pile(0, "blank")
    sc.turn(DISCARD, seat=1)
    sc.do(EndPhase())
    ev = sc.do(Declare(frail, "none"))                     # 4 - 2 = 2 Damage: Health 0
    assert frail not in sc.st.units and [c for c, _ in sc.st.seats[0].set_aside] == [frail]
    # Seat 0's next turn is the full turn out of play.
    ev = sc.until(EQUIP, seat=0)
    assert not of(ev, CharacterReturned)
    # Back in the Reload phase of the turn after it.
    ev = sc.until(EQUIP, seat=0)
    assert of(ev, CharacterReturned) == [{"seat": 0, "card": frail}]
    assert frail in sc.st.seats[0].hand


def test_maintenance_a_disaster_with_movement_0_is_not_moved_and_does_not_land():
    """Maintenance Phase: "Any Disasters you brought into play that are capable of
    Movement are moved." A Combat Disaster with Movement 0 is not capable of Movement:
    it is not moved, so it does not stop anew, picks up no Item and attacks nobody
    (a group without Items at its Location is not attacked: Combat with Multiple
    Disasters, "if a Disaster wasn't going to attack you anyway, it won't")."""
    sc = Scene(CARDS + """\
- {id: sitter, name: Sitter, type: disaster, class: major,
   abilities: {attack: 5, defense: 5, movement: 0}}
""")
    field(sc)
    sitter = sc.disaster("sitter", (1, 0))  # on the Idol's Location, holding nothing
    hero = sc.char("hero", (1, 0))  # carries no Item
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())  # Reload, then Maintenance
    assert not of(ev, DisasterMoved)
    assert sc.unit(sitter).pos == (1, 0) and sc.unit(sitter).items == []
    assert len(sc.st.places[(1, 0)].under) == 1  # the Idol is still under the Location
    assert sc.st.combat is None and sc.st.phase == EQUIP
    assert sc.unit(hero).damage == 0


def test_reload_a_hand_of_7_or_more_draws_nothing_reload_phase():
    """Reload Phase: "Draw 1 card at a time until you have 7 cards in your hand": a hand
    of 7 (or 8) draws no card, and a Disaster on top of the pile stays there."""
    for size in (7, 8):
        sc = Scene(CARDS)
        field(sc)
        sc.hand(0, *["boost"] * size)
        pile = sc.draw_pile(0, "brute", "boost")
        sc.turn(DISCARD)
        ev = sc.do(EndPhase())
        assert not of(ev, CardDrawn) and not of(ev, DisasterEntered)
        assert len(sc.st.seats[0].hand) == size and sc.st.seats[0].draw == pile[::-1]


def test_reload_goes_on_past_non_combat_disasters_that_cannot_affect_the_field_reload_phase():
    """Reload Phase: "If you draw a non-Combat Disaster that cannot affect the Field,
    discard it, and continue drawing cards": two in a row, and the hand still fills to
    7; the Disasters do not count as draws."""
    sc = Scene(CARDS)
    field(sc)  # no Character on the Field: Gloom affects nobody
    sc.hand(0, *["boost"] * 5)
    pile = sc.draw_pile(0, "gloom", "gloom", "boost", "boost", "boost")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert [e["card"] for e in of(ev, CardDiscarded)] == pile[:2]
    assert sc.st.seats[0].discard == pile[:2]
    assert [e.private["card"] for e in ev if isinstance(e, CardDrawn)] == pile[2:4]
    assert len(sc.st.seats[0].hand) == 7 and sc.st.seats[0].draw == [pile[4]]


def test_reload_a_non_combat_disaster_that_affects_the_field_stops_the_drawing_reload_phase():
    """Reload Phase: "until you have 7 cards in your hand or until you Draw a Disaster
    that can affect the Field": a non-Combat one that affects a group stops it too,
    the hand short of 7."""
    sc = Scene(CARDS)
    field(sc)
    sc.char("hero", (1, 1))
    sc.hand(0, *["boost"] * 5)
    pile = sc.draw_pile(0, "boost", "gloom", "boost")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert of(ev, DisasterEntered) and len(sc.st.seats[0].hand) == 6
    assert sc.st.seats[0].draw == [pile[2]]


def test_reload_an_empty_draw_pile_mid_reload_leaves_the_hand_short_R7():
    """Reload Phase with a Draw pile of 2 and a hand of 3: both are drawn, the hand stays
    at 5 (the pile is never reshuffled, R7), and the Turn goes on."""
    sc = Scene(CARDS)
    field(sc)
    sc.hand(0, *["boost"] * 3)
    sc.draw_pile(0, "boost", "boost")
    sc.turn(DISCARD)
    sc.do(EndPhase())
    assert len(sc.st.seats[0].hand) == 5 and sc.st.seats[0].draw == []
    assert sc.st.phase == EQUIP


def test_discard_phase_another_players_item_in_your_haven_goes_to_its_owners_pile():
    """Discard Phase: "Discard any cards in your Haven that you do not want";
    Miscellaneous Rules: "Discarded cards always go into the card owner's Discard pile";
    Rules for Items: "Discarded and Destroyed Items count towards the Disasters' total".
    Three players: seat 0 discards an Item of seat 2's deck stored in its Haven."""
    sc = Scene(CARDS, seats=3)
    field(sc)
    item = sc.card("idol", seat=2)
    sc.st.put_under((0, 0), [item])
    sc.turn(DISCARD)
    assert DiscardCard(item) in sc.legal()
    sc.do(DiscardCard(item))
    assert sc.st.seats[2].discard == [item] and sc.st.seats[0].discard == []
    assert item_counts(sc.st)["disasters"] == 1 and item_counts(sc.st)["0"] == 0
    sc.turn(DISCARD, seat=1)
    sc.refused(DiscardCard(sc.st.seats[2].discard[0]), "not in your hand or Haven")


def test_reload_three_players_a_non_combat_disaster_goes_to_the_first_group_on_the_path_rules_for_disasters():
    """Rules for Disasters: with no group of the drawing player it can affect, it
    "will affect the first group along the Disaster movement path belonging to any
    player": the path's order decides, not the seats' (seat 2's group comes first)."""
    sc = Scene(CARDS, seats=3)
    field(sc)
    sc.char("hero", (1, 0))  # the drawing player's: no Female
    second = sc.char("heroine", (1, 2), seat=1)
    first = sc.char("heroine", (1, 1), seat=2)
    sc.draw_pile(0, "swoon")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert of(ev, DisasterEndured)[0]["chars"] == [first]
    assert total(sc.st, sc.unit(second), "charm") == 1
