"""The rules that matter only with three or four players, in compound scenes built for
levels like levels/four_players.yaml (the audit of 30 Nov 2026, s32x): Combat with
three players' Characters at one cell (R33, R35), a Haven's permission asked of another
player and refused (R36), an alliance with a Disaster from a third player's deck, the
tally with four seats, a Flash Effect answered by a seat that is neither the phasing
player nor the target, the turn order once a seat's Characters are all Bonked, and what
each of four seats sees."""
from __future__ import annotations

from scene import Scene, of

from game.engine import effects
from game.engine.actions import (Answer, AskPermission, Challenge, EndPhase, Engage, Move,
                                 Pass, PickUp, PlayCard, UseCard)
from game.engine.events import (Bonked, CombatCard, DisasterDefeated, DuelBegan, DuelEnded,
                                FlashResolved, GameOver, ItemStolen, Killed,
                                PermissionAnswered)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE, Place
from game.engine.targets import Ctx
from game.engine.view import view

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: champion, name: Champion, type: character, gender: male,
   abilities: {attack: 9, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 2, defense: 1, movement: 1}}
- {id: sweet-talk, name: Sweet Talk, type: flash_effect,
   effects: [{"on": play, do: [{ally: group, to: disasters_here}]}],
   text: "A Disaster here allies with your group."}
- id: sting
  name: Sting
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{damage: 3, to: target}]}
- id: wrath
  name: Wrath of the Eye of God
  type: flash_effect
  effects:
    - {"on": play, target: {select: flash, owner: any}, do: [{cancel: true, to: target}]}
- {id: fort, name: Fort, type: haven, abilities: {attack: 4, defense: 5}}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- id: pass-around
  name: Pass Around
  type: item
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{steal: item, to: target}]}
"""


def four(cells=((0, 0), (1, 0), (2, 0), (3, 0))) -> tuple[Scene, list[int]]:
    """Four seats, a Location under each cell with an Idol under it (the game goes on
    past a tally), and each seat's Hero on its own cell."""
    sc = Scene(CARDS, seats=4, options=NO_CHARM)
    for x in range(4):
        sc.location((x, 0), under=["idol"])
    heroes = [sc.char("hero", cells[s], seat=s) for s in range(4)]
    for s in range(4):
        sc.combat_pile(s, *["blank"] * 6)
    return sc, heroes


def guests_in_haven(*guests: int) -> tuple[Scene, list[int], int]:
    """four(), with seat 2's Haven at (1, 1) storing a Gem and these seats' Heroes in
    it: the scene, the Heroes and the Gem."""
    sc, heroes = four()
    sc.haven((1, 1), seat=2, stored=["gem"])
    for s in guests:
        sc.st.move_unit(sc.unit(heroes[s]), (1, 1))
    return sc, heroes, sc.st.places[(1, 1)].under[0]


# Combat with three players' Characters at one cell ------------------------------------
def test_combat_between_players_three_seats_at_one_cell_once_per_turn_there_R33a():
    """Combat Between Players (R33 a: "at most once per Turn at each cell ... every
    Character of both there fights"; R35: a Haven with Attack fights for its owner).
    Seats 0, 1 and 2 stand at (0, 0), seat 2's Fort (Attack 4) next to it. Seat 0's
    Champion Kills seat 1's Hero: seat 2's Hero and Fort took no part. The cell has had
    its Combat this Turn: seat 0 may not initiate on seat 2 there now; in seat 2's own
    Turn seat 2 may initiate on seat 0."""
    sc = Scene(CARDS, seats=4, options=NO_CHARM)
    for x in range(4):
        sc.location((x, 0), under=["idol"])
    sc.haven((0, 1), seat=2)
    sc.st.places[(0, 1)] = Place(sc.card("fort", 2), "haven", 2)
    champ = sc.char("champion", (0, 0))
    h1 = sc.char("hero", (0, 0), seat=1)
    h2 = sc.char("hero", (0, 0), seat=2)
    sc.char("hero", (3, 0), seat=3)
    for s in range(4):
        sc.combat_pile(s, *["blank"] * 6)
    sc.turn(MOVE)
    assert {Challenge(1, (0, 0)), Challenge(2, (0, 0))} <= set(sc.legal())
    ev = sc.do(Challenge(1, (0, 0)))
    assert of(ev, DuelBegan)[0]["havens"] == []  # seat 2's Fort is no side's
    assert sorted(sc.st.duel.fighters) == sorted([champ, h1])
    assert Engage(champ, "attack", h2) not in sc.legal()
    ev = sc.do(Engage(champ, "attack", h1), Engage(h1, "attack", champ))
    assert [e["card"] for e in of(ev, Killed)] == [h1] and of(ev, DuelEnded)
    assert sc.unit(h2).damage == 0 and sc.unit(champ).pos == (0, 0)
    assert Challenge(2, (0, 0)) not in sc.legal()
    sc.refused(Challenge(2, (0, 0)), "once per Turn")
    sc.until(MOVE, seat=2)
    assert Challenge(0, (0, 0)) in sc.legal()


# A Haven's permission asked of another player ------------------------------------------
def haven_scene() -> tuple[Scene, list[int]]:
    """Four seats; seat 2's Haven at (1, 1), next to seat 0's and seat 1's Heroes at
    (0, 0), a Location beyond it at (2, 2)."""
    sc, heroes = four(cells=((0, 0), (0, 0), (2, 0), (3, 0)))
    sc.haven((1, 1), seat=2)
    sc.location((2, 2))
    return sc, heroes


def test_rules_for_havens_permission_is_asked_of_the_havens_owner_alone_and_refused_R36():
    """Rules for Havens: "You have complete control over who gets to enter your Haven.
    Another player ... may not stop there without asking your permission." Seat 0 asks
    about seat 2's Haven: seat 2, not seat 1 (next in turn) nor seat 3, answers; it
    refuses: seat 0's Hero may not stop there, nor ask again this Turn, and every seat
    sees the refusal."""
    sc, heroes = haven_scene()
    sc.turn(MOVE)
    assert Move((heroes[0],), (1, 1)) not in sc.legal()
    sc.do(AskPermission((1, 1)))
    assert sc.st.current_seat() == 2
    assert set(sc.legal()) >= {Answer(True), Answer(False)}
    for s in (0, 1, 3):
        assert view(sc.st, s).to_act == 2
    ev = sc.do(Answer(False))
    assert of(ev, PermissionAnswered) == [{"seat": 0, "cell": (1, 1), "granted": False}]
    assert sc.st.current_seat() == 0
    sc.refused(Move((heroes[0],), (1, 1)))
    sc.refused(AskPermission((1, 1)))
    # "Another player may move their Characters over your Haven without asking you":
    # (2, 2) is two steps away, and every way there passes over the Haven at (1, 1).
    sc.do(Move((heroes[0],), (2, 2)))
    assert sc.unit(heroes[0]).pos == (2, 2)


def test_rules_for_havens_one_players_permission_is_not_anothers_R36():
    """Rules for Havens: "If you do allow another player to stop at your Haven, that
    player has free access to it" - that player, not every player. Seat 2 lets seat 0
    stop; in seat 1's Turn, seat 1's Hero beside seat 0's may not stop there until seat
    1 asks, and seat 2 may refuse seat 1 what it gave seat 0."""
    sc, heroes = haven_scene()
    sc.turn(MOVE)
    sc.do(AskPermission((1, 1)), Answer(True), Move((heroes[0],), (1, 1)))
    assert sc.unit(heroes[0]).pos == (1, 1)
    sc.until(MOVE, seat=1)
    assert Move((heroes[1],), (1, 1)) not in sc.legal()
    sc.do(AskPermission((1, 1)))
    assert sc.st.current_seat() == 2
    sc.do(Answer(False))
    sc.refused(Move((heroes[1],), (1, 1)))
    assert sc.unit(heroes[0]).pos == (1, 1)  # "They also don't have to leave"


# An alliance with a Disaster across seats ---------------------------------------------
def test_allying_with_characters_a_third_players_disaster_in_combat_between_players():
    """Allying with Characters: "The Disaster must be included in the pool of potential
    targets as though it were one of your Characters. While it is allied with you, no
    more than 2 opposing Characters may attack it at a time"; "Players use their own
    Combat cards"; guideline 5: "Discarded cards always go into the owner's Discard
    pile". Seat 2's Lackey is allied with seat 0's Hero; in seat 1's Turn its three
    Heroes fight seat 0's side: two may attack the Lackey, the third may not; the
    Lackey's card comes from seat 0's pile (the player it is allied with) and, Defeated,
    it goes to seat 2's Discard pile. Meanwhile it stayed with seat 0's group in seat
    2's Maintenance phase."""
    sc, heroes = four()
    cell = (0, 0)
    lackey = sc.disaster("lackey", cell, seat=2, brought_by=2)
    effects.trigger(sc.st, Ctx(sc.card("sweet-talk"), 0, sc.unit(heroes[0])), "play", [])
    assert sc.unit(lackey).ally_seat == 0
    mine = sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE, seat=1)
    sc.st.move_unit(sc.unit(heroes[1]), cell)
    b, c = sc.char("hero", cell, seat=1), sc.char("hero", cell, seat=1)
    sc.do(Challenge(0, cell))
    sc.do(Engage(heroes[1], "attack", lackey), Engage(heroes[0], "none"),
          Engage(b, "attack", lackey))
    assert Engage(c, "attack", lackey) not in sc.legal()
    sc.refused(Engage(c, "attack", lackey), "at most 2")
    ev = sc.do(Engage(c, "attack", heroes[0]))
    drawn = {e["fighter"]: e["card"] for e in of(ev, CombatCard)}
    assert drawn[lackey] in mine
    assert of(ev, DisasterDefeated)[0]["card"] == lackey
    assert lackey in sc.st.seats[2].discard and lackey not in sc.st.seats[0].discard


def test_allying_with_characters_the_bringers_maintenance_leaves_the_ally_with_the_group():
    """Allying with Characters: "the Disaster moves with the group"; Maintenance Phase:
    "Any Disasters you brought into play that are capable of Movement are moved." Seat
    2 brought the Lackey into play; allied with seat 0's group it stays with that group
    in seat 2's Maintenance phase."""
    sc, heroes = four()
    lackey = sc.disaster("lackey", (0, 0), seat=2, brought_by=2)
    effects.trigger(sc.st, Ctx(sc.card("sweet-talk"), 0, sc.unit(heroes[0])), "play", [])
    sc.turn(MOVE)
    sc.until(EQUIP, seat=2)
    assert sc.unit(lackey).pos == (0, 0) and sc.unit(lackey).ally_seat == 0


# The tally with four seats ------------------------------------------------------------
def to_the_tally(sc: Scene, seat: int) -> list:
    """End phases until `seat`'s Discard phase begins, or the game ends before it."""
    ev = sc.do(EndPhase())
    while sc.st.result is None and (sc.st.phase, sc.st.turn_seat) != (DISCARD, seat):
        ev += sc.do(EndPhase())
    return ev


def test_winning_the_game_four_seats_two_tied_for_the_most_at_the_round_limit_R14d():
    """Guideline 4.1: "the Disasters win unless one and only one player has more Items
    than anyone else"; R14 d plays it at the round limit (four_players.yaml's 40). Four
    seats hold 2, 1, 2 and 0 Items, 6 lie under the Locations: no majority (5 of 11);
    when seat 3's Turn closes the last round, seats 0 and 2 tie for the most and the
    Disasters win."""
    sc = Scene(CARDS, seats=4, options=Options(charm_combat=False, round_limit=3))
    carried = [("idol", "gem"), ("idol",), ("gem", "gem"), ()]
    for x in range(4):
        sc.location((x, 0), under=["idol"] * (x % 2 + 1))
    for s in range(4):
        sc.char("hero", (s, 0), seat=s, items=carried[s])
    sc.st.rounds = 2
    sc.turn(MOVE, seat=3)
    over, = of(to_the_tally(sc, 0), GameOver)
    assert over["items"] == {"0": 2, "1": 1, "2": 2, "3": 0, "disasters": 0, "field": 6}
    assert (over["winners"], over["disasters_win"], over["reason"]) == ([], True,
                                                                        "round_limit")


def test_guideline_4_10_items_still_under_a_location_turned_haven_are_not_scavenged_R14c():
    """Guideline 4.1: the game ends when "all Locations have been Scavenged"; guideline
    4.10: a Location turned Haven "is treated as a Haven permanently, except that it can
    still be Destroyed ... or Scavenged". Every other Location is empty, but three Items
    still lie under seat 3's Location turned Haven: not every Location has been
    Scavenged, and with no majority (1 of 4) the game goes on past seat 1's tally."""
    sc, heroes = four()
    for x in range(4):
        sc.st.places[(x, 0)] = Place(sc.st.places[(x, 0)].card, "location", 0)
    sc.st.items_total -= 4  # the four Idols taken away
    sc.unit(heroes[0]).items = sc.cards(["gem"])
    town = Place(sc.card("plain", 3), "haven", 3, buried=tuple(sc.cards(["idol"] * 3, 3)))
    sc.st.places[(5, 0)] = town
    sc.st.seats[3].havens.append((5, 0))
    assert sc.st.items_total == 4
    sc.turn(MOVE)
    ev = to_the_tally(sc, 1)
    assert not of(ev, GameOver) and sc.st.result is None


# A Flash Effect answered by a third seat ----------------------------------------------
def test_rules_for_flash_effects_a_seat_neither_phasing_nor_targeted_cancels_it():
    """Rules for Flash Effects: "Flash Effects work in last-in, first-out order. Example:
    You can use a Wrath of the Eye of God to Discard an opponent's Wrath"; Cancel:
    "that card is Discarded". In seat 0's Turn, seat 0 plays Sting (3 Damage) on seat
    1's Hero; seats 1 and 2 pass; seat 3, neither the phasing player nor the target's,
    answers with Wrath on Sting; seats 0, 1 and 2 may answer Wrath in turn; then Wrath
    resolves, Sting never lands, and each card goes to its own owner's pile."""
    sc, heroes = four()
    sting, = sc.hand(0, "sting")
    wrath, = sc.hand(3, "wrath")
    sc.turn(MOVE)
    sc.do(PlayCard(sting, heroes[1]))
    asked = []
    for _ in range(2):
        asked.append(sc.st.current_seat())
        sc.do(Pass())
    asked.append(sc.st.current_seat())
    assert PlayCard(wrath, sting) in sc.legal()
    sc.do(PlayCard(wrath, sting))
    ev = []
    while sc.st.top is not None and sc.st.top.kind == "flash":
        asked.append(sc.st.current_seat())
        ev += sc.do(Pass())
    assert asked == [1, 2, 3, 0, 1, 2]
    assert [e["card"] for e in of(ev, FlashResolved)][0] == wrath
    assert not of(ev, Bonked) and sc.unit(heroes[1]).damage == 0
    assert sting in sc.st.seats[0].discard and wrath in sc.st.seats[3].discard
    assert sc.st.current_seat() == 0 and sc.st.phase == MOVE


# The turn order once a seat's Characters are all Bonked ------------------------------
def test_basic_terms_bonk_a_seat_with_every_character_bonked_keeps_its_turns_R112():
    """Basic Terms, Bonk: "The Character must then be removed from play for 1 complete
    Turn. After a Bonked Character has been out of play for 1 Turn, it may be placed
    back in your hand during your Reload phase"; guideline 2.6: "for 1 of the
    Character's owner's Turns"; R112: nobody leaves the game. Seat 0 Bonks seat 1's only
    Hero with Sting: the Turns still go 1, 2, 3, 0, 1; seat 1's first is its Turn out of
    play (the Hero set aside), and in the Reload of its next the Hero is back in its
    hand."""
    sc, heroes = four()
    sting, = sc.hand(0, "sting")
    sc.turn(MOVE)
    sc.do(PlayCard(sting, heroes[1]), Pass(), Pass(), Pass())
    assert heroes[1] not in sc.st.units
    order = []
    for seat in (1, 2, 3, 0):
        sc.until(EQUIP, seat=seat)
        order.append(sc.st.turn_seat)
        if seat == 1:  # its Turn out of play: still set aside after its Reload
            assert [c for c, _ in sc.st.seats[1].set_aside] == [heroes[1]]
            assert not [a for a in sc.legal() if isinstance(a, Move)]
    sc.until(EQUIP, seat=1)
    assert order == [1, 2, 3, 0] and sc.st.result is None
    assert heroes[1] in sc.st.seats[1].hand and not sc.st.seats[1].set_aside


# What each of four seats sees -----------------------------------------------------------
def test_four_seats_each_view_shows_its_own_hand_items_and_haven_only_R16():
    """Rules for Items: "Item cards are kept face down until they are used"; "A player
    must reveal which Characters have how many Items, but not the specific Items"
    (guideline 4.2); R16: hands and piles are hidden. Four seats each with a hand, a
    Draw pile, a Hero carrying an Item and a Haven storing one: each seat's view names
    its own hand, its Hero's Item and its Haven's store, and of the other three only
    how many; nobody's view names an Item under a Location."""
    sc, heroes = four()
    hands, carried, stored, under = [], [], [], []
    for s in range(4):
        hands.append(sc.hand(s, "sting"))
        sc.draw_pile(s, "wrath", "sting")
        sc.unit(heroes[s]).items = sc.cards(["gem"], s)
        carried.append(sc.unit(heroes[s]).items[0])
        stored.append(sc.haven((s, 3), seat=s, stored=["gem"]).under[0])
        under.append(sc.st.places[(s, 0)].under[0])
    for s in range(4):
        v = view(sc.st, s)
        known = {c for c, _ in v.known}
        for o in range(4):
            mine = o == s
            assert v.seats[o].hand == (tuple(hands[o]) if mine else None)
            assert (v.seats[o].hand_size, v.seats[o].draw_size) == (1, 2)
            hero = next(u for u in v.units if u.card == heroes[o])
            assert hero.item_count == 1
            assert hero.items == ((carried[o],) if mine else None)
            haven = next(p for p in v.places if p.cell == (o, 3))
            assert haven.under_items == 1
            assert haven.stored == ((stored[o],) if mine else None)
            assert (carried[o] in known, stored[o] in known, hands[o][0] in known) == \
                (mine, mine, mine)
        assert not known & set(under)
        assert not known & {c for st in sc.st.seats for c in st.draw}


def test_basic_terms_steal_the_item_taken_is_shown_to_the_thiefs_seat_not_the_others():
    """Rules for Items: "Item cards are kept face down until they are used"; guideline
    4.2: a player reveals how many Items, "but not the specific Items". Seats 0 and 1
    stand with seats 2 and 3 at one Location; seat 0's Hero uses Pass Around on seat
    1's: seat 0 now holds the Gem and sees which it is, seat 1 is told which of its
    Items it lost (its own, seen face down: s33); seats 2 and 3 see only that an Item
    changed hands, in the event and in their views."""
    sc, heroes = four(cells=((0, 0),) * 4)
    sc.unit(heroes[0]).items = sc.cards(["pass-around"])
    gem, = sc.unit(heroes[1]).items = sc.cards(["gem"], 1)
    sc.turn(MOVE)
    ev = sc.do(UseCard(sc.unit(heroes[0]).items[0], target=heroes[1]))
    stolen, = [e for e in ev if isinstance(e, ItemStolen)]
    assert gem in sc.unit(heroes[0]).items
    assert stolen.for_seat(0).card == stolen.for_seat(1).card == gem
    for s in (2, 3):
        v = view(sc.st, s)
        assert stolen.for_seat(s).card is None
        assert gem not in {c for c, _ in v.known}
        counts = {u.card: u.item_count for u in v.units}
        assert (counts[heroes[0]], counts[heroes[1]]) == (2, 0)  # Pass Around and the Gem
    assert gem in {c for c, _ in view(sc.st, 0).known}


def test_rules_for_havens_a_guests_take_is_shown_to_the_owner_and_the_guest_only():
    """Rules for Havens: "If you have Characters there, you can Combat that player's
    Characters if they try to take something you don't want them to take" - the owner
    must know what is taken; Items are face down (Rules for Items), so the two other
    seats may not. Seat 1's guest Hero tries to take the Gem out of seat 2's Haven where
    seat 2's Hero stands: seats 1 and 2 see which card it is, seats 0 and 3 do not, in
    the decision and in the view's cards."""
    sc, heroes, gem = guests_in_haven(1, 2)
    sc.st.haven_asks[(1, (1, 1))] = (sc.st.seats[1].turns, True)
    sc.turn(MOVE, seat=1)
    sc.do(PickUp(gem, heroes[1]))
    assert sc.st.current_seat() == 2 and sc.st.top.kind == "guest_take"
    for s in range(4):
        v = view(sc.st, s)
        sees = s in (1, 2)
        assert (v.decision.card == gem) == sees
        assert (gem in {c for c, _ in v.known}) == sees
    sc.do(Answer(True))
    assert sc.unit(heroes[1]).items == [gem]
    for s in (0, 3):
        v = view(sc.st, s)
        assert gem not in {c for c, _ in v.known}
        assert next(u for u in v.units if u.card == heroes[1]).item_count == 1


def test_rules_for_havens_the_owner_fights_one_guest_and_another_guest_stays_out_R33():
    """Rules for Havens: "If you have Characters there, you can Combat that player's
    Characters if they try to take something you don't want them to take"; R33 a: the
    Characters of both players fight. Seats 1 and 3 are guests in seat 2's Haven where
    seat 2's Champion stands; seat 1's Hero tries to take the Gem; seat 2 answers with
    Combat on seat 1: seat 3's Hero, the other guest, takes no part, and the Gem stays."""
    sc, heroes, gem = guests_in_haven(1, 3)
    champ = sc.char("champion", (1, 1), seat=2)
    sc.turn(MOVE, seat=1)
    sc.do(PickUp(gem, heroes[1]))
    assert Challenge(1, (1, 1)) in sc.legal() and Challenge(3, (1, 1)) not in sc.legal()
    sc.do(Challenge(1, (1, 1)))
    assert sorted(sc.st.duel.fighters) == sorted([champ, heroes[1]])
    assert Engage(champ, "attack", heroes[3]) not in sc.legal()
    ev = sc.do(Engage(champ, "attack", heroes[1]), Engage(heroes[1], "none"))
    assert [e["card"] for e in of(ev, Killed)] == [heroes[1]] and of(ev, DuelEnded)
    assert sc.st.places[(1, 1)].under == (gem,) and sc.unit(heroes[3]).damage == 0


def test_rules_for_havens_the_owner_may_fight_a_take_after_two_guests_fought_there():
    """Rules for Havens: "If you have Characters there, you can Combat that player's
    Characters if they try to take something you don't want them to take" - whatever
    other players did there. R33 a's "at most once per Turn at each cell" limits the
    Combats the phasing player initiates, not the owner's answer. Seats 1 and 3 are
    guests in seat 2's Haven, where seat 2's Hero stands; in seat 1's Turn its Champion
    Kills seat 3's Hero there, then tries to take the Gem: seat 2 may still fight."""
    sc, heroes, gem = guests_in_haven(2, 3)
    champ = sc.char("champion", (1, 1), seat=1)
    sc.turn(MOVE, seat=1)
    sc.do(Challenge(3, (1, 1)), Engage(champ, "attack", heroes[3]), Engage(heroes[3], "none"))
    assert heroes[3] not in sc.st.units and sc.st.duel is None
    sc.do(PickUp(gem, champ))
    assert sc.st.top.kind == "guest_take" and sc.st.current_seat() == 2
    assert Challenge(1, (1, 1)) in sc.legal()
    sc.do(Challenge(1, (1, 1)))
    assert sorted(sc.st.duel.fighters) == sorted([champ, heroes[2]])


def test_rules_for_havens_no_take_out_of_a_haven_during_a_combat_R118():
    """Guideline 2.7: Items are picked up "during any phase"; Rules for Havens: the owner
    "can Combat that player's Characters if they try to take something". A Combat does
    not begin inside another, so while one is under way a guest takes nothing out of a
    Haven where its owner has Characters (R118): the take waits for the Combat's end,
    and the owner's answer is still a fight. Seats 1 and 3 are guests in seat 2's Haven
    where seat 2's Hero stands; in seat 1's Turn it fights seat 3 there."""
    sc, heroes, gem = guests_in_haven(1, 2, 3)
    sc.turn(MOVE, seat=1)
    sc.do(Challenge(3, (1, 1)))
    assert sc.st.duel is not None
    assert PickUp(gem, heroes[1]) not in sc.legal()
    sc.refused(PickUp(gem, heroes[1]), "while a Combat is under way")
    # With no Combat under way, the same take is offered and the owner may fight it.
    sc2, heroes2, gem2 = guests_in_haven(1, 2)
    sc2.turn(MOVE, seat=1)
    sc2.do(PickUp(gem2, heroes2[1]))
    assert sc2.st.current_seat() == 2
    assert Challenge(1, (1, 1)) in sc2.legal()
