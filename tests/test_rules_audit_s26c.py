"""A third audit of 29 Nov 2026 (rulebook, fifth edition; guidelines of 1998), in the
sections the first two (tests/test_rules_audit_s26.py, tests/test_rules_audit_s26b.py)
left: the Disasters' moves in the Maintenance phase, Reload, Havens (a guest, permission),
Steal by a Character, Transforming Characters, Global Effects and Enhancements, and the
guidelines' sections 3 to 6. Each test names its section or guideline."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (Answer, AskPermission, Declare, EndPhase, Fight, Move, PickUp,
                                 PlayCard, Proceed, Transform, UseCard)
from game.engine.events import (CombatBegan, CombatTarget, DisasterDefeated, DisasterMoved,
                                ItemTaken)
from game.engine.state import DISCARD, EQUIP, MOVE

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: heavy, name: Heavy, type: character, gender: male,
   abilities: {attack: 9, defense: 5, movement: 2, charm: 1, energy: 1}}
- {id: crawler, name: Crawler, type: disaster, class: major,
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- {id: rally, name: Rally, type: global_effect, bonuses: {attack: "+1"}}
- id: thief
  name: Thief
  type: character
  gender: female
  other_form: cat
  abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
- id: cat
  name: Cat
  type: character
  gender: female
  other_form: thief
  abilities: {attack: 2, defense: 2, movement: 3, charm: 2, energy: 2}
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
"""


def maintenance(sc: Scene, seat: int = 0):
    """The seat's Reload and Maintenance phases (an empty Draw pile draws nothing)."""
    sc.turn(DISCARD, seat)
    return sc.do(EndPhase())


# Maintenance Phase, Rules for Disasters ------------------------------------------------

def test_maintenance_phase_a_disaster_stopping_by_another_players_group_fights_it_R22():
    """Rules for Disasters: "If a Combat Disaster stops at a Location where there are
    Characters without Items, the Disaster will automatically attack a random
    Character"; R22: the Disaster's Combat cards come from the pile of the player whose
    group fights it. Seat 0's Crawler stops by seat 1's Hero in seat 0's Maintenance:
    the Combat is seat 1's, and both cards of the first round come from seat 1's pile."""
    sc = Scene(CARDS, seats=2)
    sc.location((1, 0))
    sc.location((0, 0))
    sc.location((-5, 0), under=["gem"])
    h = sc.char("hero", (0, 0), seat=1)
    crawler = sc.disaster("crawler", (1, 0))
    mine = sc.combat_pile(0, "blank", "blank")
    theirs = sc.combat_pile(1, "blank", "blank", "blank")
    ev = maintenance(sc)
    assert of(ev, CombatBegan) == [{"seat": 1, "cell": (0, 0), "disaster": crawler,
                                    "context": "maintenance"}]
    assert of(ev, CombatTarget)[0]["target"] == h
    ev = sc.do(Declare(h, "none"))
    assert sc.st.seats[0].combat == mine[::-1] and len(sc.st.seats[1].combat) == 1
    assert sorted(sc.st.seats[1].combat_discard) == sorted(theirs[:2])


def test_maintenance_phase_the_next_disaster_moves_after_the_first_ones_combat():
    """Maintenance Phase: "Any Disasters you brought into play that are capable of
    Movement are moved." The Imp stops by Heavy and is Defeated in the first round (9
    against 1); the Crawler, brought in later, still moves its 1 Location afterwards."""
    sc = Scene(CARDS)
    for cell in [(2, 0), (1, 0), (0, 0)]:
        sc.location(cell)
    sc.location((-5, 0), under=["gem"])
    w = sc.char("heavy", (1, 0))
    imp = sc.disaster("imp", (2, 0))
    crawler = sc.disaster("crawler", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    ev = maintenance(sc)
    assert sc.st.combat is not None and sc.st.combat.disaster == imp
    ev = sc.do(Declare(w, "attack"))
    assert [e["card"] for e in of(ev, DisasterDefeated)] == [imp]
    assert [e["card"] for e in of(ev, DisasterMoved)] == [crawler]
    assert sc.unit(crawler).pos == (-5, 0) and sc.st.phase == EQUIP


def test_rules_for_major_disasters_reentering_it_stops_at_the_top_right_and_picks_up_R49():
    """Rules for Major Disasters: "When a Major Disaster reaches the end of the Field it
    will Destroy the Item it was carrying and re-enter the Field at the top-right";
    Rules for Disasters: "If a Combat Disaster does not already have an Item, it will
    pick up an Item from the first Location it stops on that has an Item." With
    Movement 1 at the path's last Location, its step brings it to the top-right, where it
    stops: its Idol Destroyed, it takes the Gem there and attacks the Hero there."""
    sc = Scene(CARDS)
    sc.location((1, 0), under=["gem"])
    sc.location((0, 0), under=["idol"])
    gem = sc.st.places[(1, 0)].under[0]
    h = sc.char("hero", (1, 0))
    crawler = sc.disaster("crawler", (0, 0), items=["idol"])
    idol = sc.unit(crawler).items[0]
    sc.combat_pile(0, *["blank"] * 4)
    ev = maintenance(sc)
    assert sc.unit(crawler).pos == (1, 0) and sc.unit(crawler).items == [gem]
    assert idol in sc.st.destroyed and sc.st.places[(1, 0)].under == ()
    assert [(e["by"], e["cell"]) for e in of(ev, ItemTaken)] == [(crawler, (1, 0))]
    assert of(ev, CombatTarget)[0]["target"] == h


# Rules for Havens --------------------------------------------------------------------

def guest_scene():
    """Seat 0's Hero two steps from seat 1's Haven (1, 1), where a Gem is stored."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((0, 1))
    sc.haven((1, 1), seat=1)
    sc.haven((-1, 0), seat=0)
    sc.location((-5, 0), under=["idol"])
    gem = sc.card("gem", 1)
    sc.st.put_under((1, 1), [gem])
    h = sc.char("hero", (0, 0))
    sc.turn(MOVE)
    return sc, h, gem


def test_rules_for_havens_a_guest_need_not_leave_and_keeps_its_free_access_R36():
    """Rules for Havens: "If you do allow another player to stop at your Haven, that
    player has free access to it and may take out any Items or Equipment there ...
    They also don't have to leave until they want to or you force them out." The Hero
    stops with permission; a whole round later, still there, it takes the Gem out."""
    sc, h, gem = guest_scene()
    sc.do(AskPermission((1, 1)), Answer(True), Move((h,), (1, 1)))
    sc.until(MOVE)  # seat 1's turn, then seat 0's next Move phase
    assert sc.unit(h).pos == (1, 1)
    assert PickUp(gem, h) in sc.legal()
    sc.do(PickUp(gem, h))
    assert sc.unit(h).items == [gem]


def test_basic_terms_steal_the_getaway_stops_at_another_players_haven_only_with_leave_R36():
    """Basic Terms, Steal: "The thief may take the card and get 1 full movement"; Rules
    for Havens: another player "may not stop there without asking your permission". The
    Thief's getaway may take it to a Location or its own Haven, not into seat 1's."""
    sc, h, gem = guest_scene()
    thief = sc.char("thief", (0, 0))
    mark = sc.char("hero", (0, 0), seat=1, items=["idol"])
    sc.do(UseCard(thief, 0, mark))
    legal = sc.legal()
    assert Move((thief,), (0, 1)) in legal and Move((thief,), (-1, 0)) in legal
    assert Move((thief,), (1, 1)) not in legal and Proceed() in legal
    sc.refused(Move((thief,), (1, 1)))


# Rules for Global Effects ------------------------------------------------------------

def test_rules_for_global_effects_all_of_your_characters_those_played_later_too():
    """Rules for Global Effects: "Global Effects are played Off Field. Unless stated
    otherwise, they affect all of your Characters": Rally (+1 Attack) gives a Character
    played into the Haven a Turn later 3 + 1 = 4, and seat 1's Hero nothing."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    sc.haven((-1, 0), seat=1)
    theirs = sc.char("hero", (0, 0), seat=1)
    rally, late = sc.hand(0, "rally", "hero")
    sc.turn(EQUIP)
    sc.do(PlayCard(rally))
    sc.until(EQUIP)  # seat 1's turn, then seat 0's next Equip phase
    sc.do(PlayCard(late))
    assert total(sc.st, sc.unit(late), "attack") == 4
    assert total(sc.st, sc.unit(theirs), "attack") == 3


# Guideline 5 -------------------------------------------------------------------------

def test_guideline_5_a_disaster_of_another_deck_defeated_goes_to_its_owners_pile():
    """Guideline 5: "Discarded cards always go into the owner's Discard pile." An Imp of
    seat 1's deck, brought into play by seat 0, is Defeated by seat 0's Heavy: it goes
    to seat 1's Discard pile; the Combat cards seat 0 drew go to seat 0's."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    w = sc.char("heavy", (0, 0))
    imp = sc.disaster("imp", (0, 0), seat=1, brought_by=0)
    cards = sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    sc.do(Fight(imp), Declare(w, "attack"))
    assert imp not in sc.st.units
    assert sc.st.seats[1].discard == [imp] and sc.st.seats[0].discard == []
    assert sorted(sc.st.seats[0].combat_discard) == sorted(cards)


# Rules for Transforming Characters, Steal ------------------------------------------------

def test_rules_for_transforming_characters_a_transformed_thief_gets_no_getaway_basic_terms_steal():
    """Rules for Transforming Characters: "A Character that is transforming cannot be
    moved that Turn except by a Disaster"; Basic Terms, Steal: "The thief may take the
    card and get 1 full movement". The Thief turns into the Cat (her move sacrificed),
    then steals seat 1's Gem: she keeps it and stays; her getaway is no move of hers."""
    sc = Scene(CARDS, seats=2)
    for x in range(3):
        sc.location((0, x))
    sc.location((5, 5), under=["idol"])
    thief = sc.char("thief", (0, 0))
    cat = sc.card("cat")
    sc.st.seats[0].forms = [cat]
    mark = sc.char("hero", (0, 0), seat=1, items=["gem"])
    gem = sc.unit(mark).items[0]
    sc.turn(MOVE)
    sc.do(Transform(thief))
    sc.do(UseCard(cat, 0, mark))
    assert sc.unit(cat).items == [gem] and sc.unit(cat).pos == (0, 0)
    assert not any(isinstance(a, Move) and a.chars == (cat,) for a in sc.legal())
    assert sc.st.phase == MOVE and sc.st.top.kind == "phase"
