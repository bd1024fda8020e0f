"""The examiner's pass of 2 Dec 2026 (s50): rules meeting each other, mostly at four
seats, scenes no earlier audit built. Each test names the section, guideline or ruling
it pins."""
from __future__ import annotations

from scene import Scene, of
from test_rules_audit_s32 import CARDS as FOUR_CARDS
from test_rules_audit_s32 import four, to_the_tally
from test_rules_duel import CARDS as DUEL_CARDS

from game.engine.actions import (Challenge, CharmAttack, Drop, EndPhase, Engage, Fight, Move, Order, Proceed, RunAway, RunTo,
                                 Transform, UseCard, UseEquipment)
from game.engine.abilities import total
from game.engine.events import (CharmContest, CombatHit, GameOver, ItemDropped, ItemStolen,
                                ItemTaken, Killed)
from game.engine.options import Options
from game.engine.state import DISCARD, MOVE
from game.engine.tally import item_counts
from game.engine.view import view


def _hit_on(ev, target: int) -> dict:
    (h,) = [h for h in of(ev, CombatHit) if h["target"] == target]
    return h


# Charm Combat Between Players: "prevent 1 action", Move (R135) --------------------------
def _charm_duel(seats: int = 2) -> tuple[Scene, int, int]:
    """Seat 0's Hero and seat 1's Hero at (0, 0) of a row of Locations, seat 0's Move
    phase; an Idol lies under (2, 0) so no tally ends the game."""
    sc = Scene(DUEL_CARDS, seats=seats)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.location((2, 0), under=["ring"])
    a = sc.char("hero", (0, 0))
    b = sc.char("hero", (0, 0), seat=1)
    sc.turn(MOVE)
    return sc, a, b


def _fight_out(sc: Scene) -> None:
    """The physical rounds: nobody attacks, so the initiator Runs Away (R44) to (1, 0)."""
    while sc.st.duel is not None:
        legal = sc.legal()
        sc.do(next((x for x in legal if isinstance(x, Engage) and x.role == "none"), legal[0]))


def test_charm_combat_between_players_a_charmed_rival_kept_from_moving_misses_its_next_move_R135():
    """Charm Combat Between Players: "each Character can make the Character it Charmed
    perform 1 action, or prevent 1 action" (List of Actions: Move). Seat 0's Hero Charms
    seat 1's in seat 0's Move phase and prevents its Move. Seat 1's Hero could not move
    in seat 0's Turn anyway (a Run Away aside, which no order stops: "Unless stated
    otherwise, Characters can always Run Away"), so the order holds through seat 1's next
    Turn (R135): no Move for it there; the Turn after, it moves. Before, the hold ended
    with seat 0's Turn and the order prevented nothing."""
    sc, a, b = _charm_duel()
    sc.combat_pile(0, "wow", *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 7)
    sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    sc.do(Order(a, b, "no-move"))
    _fight_out(sc)
    sc.until(MOVE, seat=1)
    assert not [x for x in sc.legal() if isinstance(x, Move) and b in x.chars]
    sc.refused(Move((b,), (1, 0)), "Held")
    sc.until(MOVE, seat=1)
    assert Move((b,), (1, 0)) in sc.legal()


def test_charm_combat_between_players_the_initiator_kept_from_moving_in_its_move_phase_R135():
    """The same order the other way round: seat 1's Hero, defending with twice seat 0's
    Charm ("If the defender has a total Charm twice that of the attacker, the attacker is
    Charmed"), prevents the Move of seat 0's Hero in seat 0's own Move phase, where it
    still had its move: it cannot move this Turn (R135), and moves again next Turn."""
    sc, a, b = _charm_duel()
    sc.st.move_start = ((a, (0, 0)),)
    sc.combat_pile(0, *["blank"] * 7)
    sc.combat_pile(1, "wow", *["blank"] * 6)
    sc.do(Challenge(1, (0, 0)), CharmAttack(a, b))
    assert sc.st.duel.charmed == {a: (b, 9)}
    while Proceed() in sc.legal():
        sc.do(Proceed())
    sc.do(Order(b, a, "no-move"), Engage(a, "none"), RunAway())
    sc.do(*[x for x in sc.legal() if isinstance(x, Engage) and x.role == "none"][:1])
    sc.do(RunTo((1, 0)))  # seat 1 Ran Away: seat 0's Turn goes on (R33 f)
    assert sc.st.duel is None and (sc.st.turn_seat, sc.st.phase) == (0, MOVE)
    assert not [x for x in sc.legal() if isinstance(x, Move) and a in x.chars]
    sc.until(MOVE, seat=0)
    assert Move((a,), (1, 0)) in sc.legal()


# Winning the Game with ties among three and four players (R14 b, d) --------------------
def _carrying(carried, under, round_limit: int = 50) -> Scene:
    """Four seats, a Hero each at (s, 0) carrying `carried[s]` Idols; `under[x]` Idols
    lie under the Location at (x, 0)."""
    sc = Scene(FOUR_CARDS, seats=4, options=Options(charm_combat=False, round_limit=round_limit))
    for x in range(4):
        sc.location((x, 0), under=["idol"] * under[x])
    for s in range(4):
        sc.char("hero", (s, 0), seat=s, items=["idol"] * carried[s])
    return sc


def test_winning_the_game_three_players_tied_for_the_most_share_the_players_majority_R14b():
    """Winning the Game: "If the players get more than half of the Items, the player with
    the most Items wins". Four seats hold 2, 2, 2 and 1 of 9 Items (7, more than half):
    at the next Discard phase the three tied for the most share the win (R14 b); the
    one with 1 does not, nor do the Disasters."""
    sc = _carrying((2, 2, 2, 1), (1, 1, 0, 0))
    sc.turn(MOVE, seat=3)
    over, = of(to_the_tally(sc, 0), GameOver)
    assert (over["winners"], over["disasters_win"], over["reason"]) == ([0, 1, 2], False,
                                                                        "majority")


def test_winning_the_game_four_players_tied_at_the_round_limit_the_disasters_win_R14d():
    """Guideline 4.1: "the Disasters win unless one and only one player has more Items
    than anyone else" (R14 c, played at the round limit by d). Four seats hold 1 Item
    each (4 of 9, no majority) and the Disasters none: when seat 3's Turn closes the
    last round nobody is alone ahead, so the Disasters win though they hold nothing. With
    seat 2 holding a second Item (5 of 10), seat 2 is alone ahead and wins."""
    for carried, under, winners in (((1, 1, 1, 1), (2, 2, 1, 0), []),
                                    ((1, 1, 2, 1), (2, 2, 1, 0), [2])):
        sc = _carrying(carried, under, round_limit=3)
        sc.st.rounds = 2
        sc.turn(MOVE, seat=3)
        over, = of(to_the_tally(sc, 0), GameOver)
        assert over["items"]["field"] == 5
        assert (over["winners"], over["disasters_win"], over["reason"]) == (
            winners, not winners, "round_limit")
        assert sc.st.turn_seat == 0 and sc.st.rounds == 3  # no fourth round begun


# Rules for Items: scavenged, stolen, dropped, with four seats watching (R16) ------------
def test_rules_for_items_an_item_stolen_then_dropped_stays_hidden_from_the_other_seats():
    """Rules for Items ("Item cards are kept face down until they are used"; "A player
    must reveal which Characters have how many Items, but not the specific Items"), Basic
    Terms, Steal and Drop ("If they go under a Location they must be Scavenged"). Seat
    0's Hero retrieved a Gem; seat 1's Hero steals it with Pass Around in seat 1's Turn
    and drops it under the Location. Seats 2 and 3 are told neither which Item was taken
    nor which was dropped, never see it in their views; it is nobody's in the tally until
    Scavenged again, and it goes beneath the Idol already there (put under the stack,
    below what is to be turned over first)."""
    sc, heroes = four(cells=((0, 0),) * 4)
    pass_around, = sc.unit(heroes[1]).items = sc.cards(["pass-around"], 1)
    gem, = sc.unit(heroes[0]).items = sc.cards(["gem"])
    sc.turn(MOVE, seat=1)
    ev = sc.do(UseCard(pass_around, target=heroes[0]))
    ev += sc.do(Proceed(), Drop(gem, heroes[1]))  # the thief stays where it stole
    stolen, = [e for e in ev if isinstance(e, ItemStolen)]
    dropped, = [e for e in ev if isinstance(e, ItemDropped)]
    assert stolen.for_seat(1).card == stolen.for_seat(0).card == dropped.for_seat(1).card == gem
    for s in (2, 3):
        assert stolen.for_seat(s).card is None and dropped.for_seat(s).card is None
        assert gem not in {c for c, _ in view(sc.st, s).known}
    assert item_counts(sc.st) == {"0": 0, "1": 1, "2": 0, "3": 0, "disasters": 0, "field": 5}
    assert len(sc.st.places[(0, 0)].under) == 2 and sc.st.places[(0, 0)].under[-1] == gem


# Combat with Disasters, four seats at one Location ---------------------------------------
def test_rules_for_disasters_landing_among_three_players_it_fights_one_item_carriers_group():
    """Rules for Disasters: "If a Combat Disaster stops at a Location where there are
    Characters with Items, the Disaster will automatically attack a random Character
    having an Item", with Combat with Multiple Disasters ("if a Disaster wasn't going to
    attack you anyway, it won't"). Seat 0's Lackey moves in seat 0's Maintenance onto a
    Location where seats 1 (no Item), 2 and 3 (an Idol each) have Heroes: it picks up the
    Idol there, attacks seat 2's or seat 3's Hero, fights that player's group alone, and,
    Defeated, drops its Idol beneath the Location; nobody else is fought."""
    owners = set()
    for seed in range(6):
        sc = Scene(FOUR_CARDS, seats=4, seed=seed, options=Options(charm_combat=False))
        for x in range(4):
            sc.location((x, 0), under=["idol"])
        heroes = [sc.char("hero", (3, 0) if s == 0 else (0, 0), seat=s,
                          items=["gem"] if s > 1 else []) for s in range(4)]
        for s in range(4):
            sc.combat_pile(s, *["blank"] * 4)
        lackey = sc.disaster("lackey", (1, 0), brought_by=0)
        sc.turn(DISCARD)
        sc.do(EndPhase())  # Reload, then the Maintenance phase: the Lackey moves 1
        c = sc.st.combat
        assert sc.unit(lackey).pos == (0, 0)
        assert c is not None and c.target in heroes[2:]
        assert c.seat == sc.unit(c.target).owner and c.fighters == [c.target]
        assert len(sc.unit(lackey).items) == 1
        owners.add(c.seat)
        sc.do(*[x for x in sc.legal() if getattr(x, "role", "") == "attack"][:1])
        assert sc.st.combat is None and lackey not in sc.st.units
        assert len(sc.st.places[(0, 0)].under) == 1
        assert sc.unit(heroes[1]).damage == 0
    assert owners == {2, 3}  # either carrier, at random (R13)


# Combat Between Players where a Disaster stands (R33 d) ----------------------------------
def test_combat_between_players_a_character_killed_by_a_player_where_a_disaster_stands():
    """Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an Item,
    the Disaster ... takes the Item the Character had" speaks of a Disaster's victory.
    Seat 0's Champion (Attack 9) Kills seat 1's Hero (Health 3: 3 - 6 = -3) in a Combat
    between players at a Location where seat 2's Lackey stands: the Hero's Gem drops
    beneath the Location (R33 d), the Lackey takes nothing (it did not Kill him, nor has it
    stopped there), and the Gem is nobody's in the tally."""
    sc, heroes = four(cells=((0, 0),) * 4)
    for h in (heroes[0], heroes[2], heroes[3]):
        sc.st.move_unit(sc.unit(h), (3, 0))
    champ = sc.char("champion", (0, 0))
    gem, = sc.unit(heroes[1]).items = sc.cards(["gem"], 1)
    lackey = sc.disaster("lackey", (0, 0), seat=2, brought_by=2)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(champ, "attack", heroes[1]), Engage(heroes[1], "none"))
    h = _hit_on(ev, heroes[1])
    assert (h["attack"], h["defense"], h["damage"], h["result"]) == (9, 3, 6, "killed")
    assert sc.st.duel is None and sc.unit(lackey).items == []
    assert sc.st.places[(0, 0)].under[-1] == gem
    assert item_counts(sc.st)["field"] == 5


# Rules for Transforming Characters with Equipment and Enhancements ----------------------
TRANSFORM_CARDS = """\
- {id: ume, name: Ume, type: character, gender: female, other_form: plum,
   skills: {Student: 1},
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 2}}
- {id: plum, name: Plum, type: character, gender: female, other_form: ume,
   skills: {Magic: 2},
   abilities: {attack: 4, defense: 4, movement: 3, charm: 5, energy: 3}}
- {id: club, name: Club, type: equipment, bonuses: {attack: "+2"}}
- {id: bat, name: Bat, type: equipment, bonuses: {attack: "+3"}}
- {id: boots, name: Boots, type: equipment, bonuses: {movement: "+1"}}
- {id: charm-up, name: Ribbon, type: enhancement, bonuses: {defense: "+1"}}
- {id: idol, name: Idol, type: item}
"""


def test_rules_for_transforming_characters_one_piece_per_ability_per_turn_across_forms():
    """Rules for Equipment: "A Character cannot use more than 1 piece Equipment to give a
    bonus to the same ability per Turn"; Rules for Transforming Characters: the second
    card comes in as the same Character (R43 a). Ume puts the Club (+2 Attack) to use,
    then transforms into Plum (her move sacrificed): Plum keeps the Club in use (4 + 2 =
    6 Attack) and her Ribbon (+1 Defense: 5), may put Boots (Movement) to use, but not
    the Bat (+3 Attack) this Turn: the Character has used a piece for Attack."""
    sc = Scene(TRANSFORM_CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    ume = sc.char("ume", (0, 0), equipment=["club", "bat", "boots"], enhancements=["charm-up"])
    club, bat, boots = sc.unit(ume).equipment
    plum = sc.card("plum")
    sc.st.seats[0].forms = [plum]
    sc.turn(MOVE)
    sc.do(UseEquipment(club, ume))
    assert total(sc.st, sc.unit(ume), "attack") == 4
    sc.do(Transform(ume))
    assert ume not in sc.st.units and sc.st.seats[0].forms == [ume]
    u = sc.unit(plum)
    assert (total(sc.st, u, "attack"), total(sc.st, u, "defense")) == (6, 5)
    assert UseEquipment(bat, plum) not in sc.legal()
    sc.refused(UseEquipment(bat, plum))
    sc.do(UseEquipment(boots, plum))
    assert total(sc.st, sc.unit(plum), "movement") == 4
    assert not [x for x in sc.legal() if isinstance(x, Move)]  # her move was sacrificed


# Horde in a Combat between players: the worked example with a Horde in play ------------
HORDE_CARDS = DUEL_CARDS + """\
- {id: leon-p, name: Leon McNichol, type: character, gender: male, categories: [Police],
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: dailey-p, name: Dailey Wong, type: character, gender: male, categories: [Police],
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: riot, name: Riot Squad, type: disaster, class: minor, categories: [Horde, Police],
   abilities: {attack: 1, defense: 1, movement: 1}}
"""


def test_horde_in_the_leon_and_dailey_example_defense_up_health_unchanged():
    """Combat between Players (the worked example) with Horde ("every other like card in
    play is +1 Attack & Defense") and Basic Terms, Health ("Bonuses to Defense do not
    affect Health"): a Police Horde Disaster elsewhere on the Field makes Leon and Dailey
    (Police) +1 each. 16 Attack against Leon (2 + 2 + 1) + Dailey (2 + 1) = 8 Defense: 8
    Damage; Leon (Health 2) at -6 is Killed; Dailey takes 4, to exactly -2, Killed (had
    the Horde raised his Health to 3 he would only be Bonked at -1). Leon's (2 + 2 + 1)
    = 5 against Launch's 3: 2 Damage, Launch keeps on kicking at 1."""
    sc = Scene(HORDE_CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    sc.location((2, 0), under=["ring"])
    ryoko, armitage, launch = (sc.char(c, (0, 0)) for c in ("ryoko", "armitage", "launch"))
    leon, dailey = sc.char("leon-p", (0, 0), seat=1), sc.char("dailey-p", (0, 0), seat=1)
    sc.disaster("riot", (2, 0), seat=1)
    sc.combat_pile(0, "in-my-sights")
    sc.combat_pile(1, "toss")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(ryoko, "attack", leon), Engage(leon, "attack", launch),
               Engage(armitage, "attack", leon), Engage(dailey, "protect", leon),
               Engage(launch, "attack", leon))
    h = _hit_on(ev, leon)
    assert (h["attack"], h["defense"], h["damage"], h["health_after"], h["result"]) == (
        16, 8, 8, -6, "killed")
    assert h["protectors"] == [{"id": dailey, "damage": 4}]
    assert {e["card"] for e in of(ev, Killed)} == {leon, dailey}
    on_launch = _hit_on(ev, launch)
    assert (on_launch["attack"], on_launch["damage"], on_launch["health_after"]) == (5, 2, 1)


# Charm Combat with Disasters: "If all the Characters at a Location are Charmed" --------
def _kagato_charms_the_hero(others: bool) -> tuple[Scene, int, int, list]:
    """test_rules_charm's scene (Kagato out-Charms seat 0's lone Hero), three seats,
    with seat 1's and seat 2's Heroes at the Location too if `others`."""
    from test_rules_charm import CARDS as CHARM_CARDS
    sc = Scene(CHARM_CARDS, seats=3)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol", "idol"])
    sc.location((2, 0))
    hero = sc.char("hero", (0, 0))
    if others:
        for s in (1, 2):
            sc.char("hero", (0, 0), seat=s)
    kagato = sc.disaster("kagato", (0, 0))
    sc.combat_pile(0, "wow", *["blank"] * 4)
    sc.turn(MOVE)
    ev = sc.do(Fight(kagato))
    assert of(ev, CharmContest)[0]["result"] == "charmed"
    return sc, hero, kagato, ev


def test_charm_combat_with_disasters_all_the_characters_at_a_location_counts_every_players():
    """Charm Combat with Disasters: "If all the Characters at a Location are Charmed, the
    Disaster will take an Item from the Location if one is there and leave on the next
    Turn"; guideline 4.7: "All X" is "all X at a Location or all of a Player's X", and
    this sentence names the Location. Kagato Charms seat 0's lone Hero: with nobody else
    there it takes the Idol and the Combat ends (test_rules_charm); with seat 1's and seat
    2's Heroes at the Location, in no Combat and not Charmed, not all the Characters there
    are Charmed: it takes nothing, stays, and physical Combat follows ("Combat consists of
    Charm Combat followed by Physical Combat"), its target the Charmed Hero (R47). Before,
    only the fighting group was read, as if the others were not there."""
    sc, hero, kagato, ev = _kagato_charms_the_hero(others=False)
    assert of(ev, ItemTaken) and sc.st.combat is None
    sc, hero, kagato, ev = _kagato_charms_the_hero(others=True)
    assert not of(ev, ItemTaken) and sc.unit(kagato).items == []
    assert sc.st.combat is not None and sc.st.combat.stage == "declare"
    assert sc.st.combat.target == hero
    assert not [x for x in sc.st.lasting if "leaving" in x.flags]


# Protecting across groups ----------------------------------------------------------------
def test_protecting_covers_a_character_of_ones_own_side_only_four_seats():
    """Protecting ("Each Character in the Combat can either attack or protect another
    Character"), Combat Between Players (a Combat of two players) and Basic Terms, Group
    (a group is one player's Characters). Seats 0 and 1 fight at a Location where seats 2
    and 3 also stand: seat 0's Hero may protect seat 0's Champion, not seat 2's Hero nor
    seat 1's; seat 2's and seat 3's Heroes declare nothing, nor are they attacked."""
    sc, heroes = four(cells=((0, 0),) * 4)
    champ = sc.char("champion", (0, 0))
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    assert Engage(heroes[0], "protect", champ) in sc.legal()
    for other in (heroes[1], heroes[2], heroes[3]):
        assert Engage(heroes[0], "protect", other) not in sc.legal()
        sc.refused(Engage(heroes[0], "protect", other))
    assert Engage(heroes[0], "attack", heroes[1]) in sc.legal()
    for bystander in (heroes[2], heroes[3]):
        sc.refused(Engage(heroes[0], "attack", bystander))
        assert bystander not in sc.st.duel.pending
