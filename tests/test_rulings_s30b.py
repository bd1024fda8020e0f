"""The open questions of docs/rules-coverage.md, second half (the audits s27b, s28b, the
cards' audit, s28a, s29b and s29a), settled: where the books decide, the test quotes the
sentence; where they are silent, it pins the ruling of docs/RULINGS.md (R70 to R88) and
fails if the engine played the other reading. One test per question."""
from __future__ import annotations

from dataclasses import replace

from scene import Scene, card_db, of
from test_decks import CARDS as DECK_CARDS
from test_cards import CELL, DB, FAR, HAVEN, CardScene
from test_cards_audit_s27 import field
from test_decks import LEGAL, write
from test_rules_audit_s27b import CARDS as CARDS_S27B
from test_rules_audit_s28a import CARDS as CARDS_S28A
from test_rules_audit_s29b import CARDS as CARDS_S29B
from test_rules_audit_s29a import CARDS as CARDS_S29A
from test_rules_audit_s29a import far_items
from test_rules_audit_s29b import scene as s29b_scene
from test_rules_audit_s27b import allied_scene
from test_rules_tally import table, tally

from game.engine.abilities import total
from game.engine.actions import (BuildHaven, Challenge, Command, Declare, Drop, Engage, Fight, Move,
                                 Pass, PickUp, PlayCard, Proceed, Retrieve, RunAway, RunTo,
                                 Scavenge, UseCard)
from game.engine.cards import CardDB
from game.engine.charm import Stage as CharmStage
from game.engine.disasters import ally
from game.engine.cardfile import load_cards
from game.engine.decks import check_deck, load_deck
from game.engine.events import Bonked, CombatBegan, CombatHit, FlashResolved, LocationAttacks, Moved
from game.engine.lasting import has_flag
from game.engine.options import Options
from game.engine.scavenging import Scavenging, can_build_haven
from game.engine.state import EQUIP, MOVE, SCAVENGE, Place


CARDS = CARDS_S27B + """\
- {id: retreat, name: Retreat, type: flash_effect,
   effects: [{"on": play, target: {select: character, owner: you},
              do: [{send_home: true, to: group}]}]}
"""


# Allying with Characters ----------------------------------------------------------------

def ally_and_three_foes() -> tuple[Scene, int, list[int]]:
    """Seat 0's Hero with Pal allied at (0, 0); seat 1's three Heroes there, in seat 1's
    Move phase."""
    sc, _, pal = allied_scene(seats=2)
    foes = [sc.char("hero", (0, 0), seat=1) for _ in range(3)]
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE, seat=1)
    return sc, pal, foes


def test_allying_with_characters_two_attack_an_ally_between_players():
    """Allying with Characters: "While it is allied with you, no more than 2 opposing
    Characters may attack it at a time". The paragraph's own number decides it for the
    allied Disaster ("Up to 3 Characters can team their attacks", Combat Between
    Players, is said of a Character): seat 1's third Hero may not attack seat 0's Pal."""
    sc, pal, (a, b, c) = ally_and_three_foes()
    h = next(u.card for u in sc.st.units.values() if u.owner == 0 and not u.disaster)
    sc.do(Challenge(0, (0, 0)), Engage(a, "attack", pal), Engage(h, "none"),
          Engage(b, "attack", pal))
    assert Engage(c, "attack", pal) not in sc.legal()
    assert Engage(c, "attack", h) in sc.legal()
    sc.refused(Engage(c, "attack", pal), "at most 2")


def test_allying_with_characters_two_attack_an_ally_in_a_combat_with_it():
    """Allying with Characters: "no more than 2 opposing Characters may attack it at a
    time" holds in a Combat with the Disaster too, not only between players: seat 1's
    three Heroes fight seat 0's allied Pal (a Minor Disaster, 3 a round otherwise), and
    the third may not attack it (the engine let all three)."""
    sc, pal, (a, b, c) = ally_and_three_foes()
    sc.do(Fight(pal))
    assert sc.st.combat.disaster == pal
    sc.do(Declare(a, "attack"), Declare(b, "attack"))
    assert Declare(c, "attack") not in sc.legal()
    sc.refused(Declare(c, "attack"), "at most 2")
    ev = sc.do(Declare(c, "none"))
    assert sorted(of(ev, CombatHit)[0]["attackers"]) == sorted([a, b])


def test_protecting_an_allied_disaster_R70():
    """R70 (Protecting; Allying with Characters: "as though it were one of your
    Characters"): the group may protect its allied Disaster in any Combat. Against the
    Ogre, whose target Pal is (it carries the Gem), the Hero may protect it (R28); between
    players too: seat 1's Hero attacks Pal, 3 against Pal's 1 and the Hero's 3 Defense,
    so Pal takes nothing and the protector its minimum of 1 (the engine offered no
    protecting between players, and Pal was Defeated)."""
    sc, h, pal = allied_scene(items=())
    sc.unit(pal).items = sc.cards(["gem"])
    sc.do(Fight(sc.disaster("ogre", (0, 0))))
    assert sc.st.combat.target == pal and Declare(h, "protect") in sc.legal()
    sc, h, pal = allied_scene(seats=2)
    foe = sc.char("hero", (0, 0), seat=1)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE, seat=1)
    sc.do(Challenge(0, (0, 0)), Engage(foe, "attack", pal))
    assert Engage(h, "protect", pal) in sc.legal()
    sc.do(Engage(h, "protect", pal))
    assert pal in sc.st.units and sc.unit(pal).damage == 0
    assert sc.unit(h).damage == 1


def test_an_allied_disaster_defeated_by_a_disaster_drops_its_item_R71():
    """R71 (Rules for Disasters: "If a Combat Disaster Bonks or Kills a Character with an
    Item ... takes the Item the Character had"; Defeat: "A Combat Disaster is neither
    Bonked nor Killed"): Pal, allied with the Hero's group and carrying the Gem, is the
    Ogre's target; 5 - 1 = 4 Damage Defeats it. Its Gem goes under the Location, and the
    Ogre takes nothing."""
    sc, h, pal = allied_scene(items=())
    gem = sc.cards(["gem"])[0]
    sc.unit(pal).items = [gem]
    ogre = sc.disaster("ogre", (0, 0))
    sc.do(Fight(ogre))
    assert sc.st.combat.target == pal
    sc.do(Declare(h, "none"))
    assert pal not in sc.st.units and sc.unit(ogre).items == []
    assert gem in sc.st.places[(0, 0)].under


def test_the_ally_goes_along_with_the_groups_moves_not_a_cards_R72():
    """R72 (Allying with Characters: "the Disaster moves with the group. The group's
    Movement may be lowered by the allying Disaster"): Pal goes along when the Hero's
    group Moves, into its own Haven too; a card that sends the group home (Retreat) is
    no move made with the group's Movement, and leaves Pal where it stood."""
    sc, h, pal = allied_scene()
    sc.haven((0, 1))
    sc.do(Move((h,), (0, 1)))
    assert sc.unit(h).pos == (0, 1) and sc.unit(pal).pos == (0, 1)
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 1))
    h = sc.char("hero", (0, 0))
    pal = sc.disaster("pal", (0, 0))
    sc.st.ally_unit(sc.unit(pal), 0)
    retreat, = sc.hand(0, "retreat")
    sc.turn(MOVE)
    sc.do(PlayCard(retreat, h))
    assert sc.unit(h).pos == (1, 1) and sc.unit(pal).pos == (0, 0)


# Deck Construction -----------------------------------------------------------------------

def test_deck_construction_versions_two_alternatives_not_the_greater_cap(tmp_path):
    """Deck Construction: "You can have any combination of the different names up to the
    limit for the card type, or 1 of each version, whichever is greater. Example: ...
    You can have 3 of any single version, or 1 of each." The example names the two
    alternatives; "whichever is greater" picks the one that allows more, not a cap of 4
    in any combination: 2 + 1 + 1 of Gren Clone's four versions is neither."""
    db = load_cards(write(tmp_path, "cards.yaml", DECK_CARDS))
    legal = load_deck(write(tmp_path, "legal.yaml", LEGAL), db)
    def problems(gren: dict) -> list[str]:
        return [p for p in check_deck(replace(legal, power=tuple(gren.items())), db)
                if "Gren Clone" in p]
    assert problems({"gren-1": 1, "gren-2": 1, "gren-3": 1, "gren-4": 1}) == []
    assert problems({"gren-1": 3}) == []
    assert problems({"gren-1": 2, "gren-2": 1, "gren-3": 1}) != []


# Winning the Game (the shared rulings' audit) ----------------------------------------------

def test_game_objective_all_scavenged_a_sole_leader_below_the_disasters_loses_R14c():
    """Game Objective: "the player with the most Items wins. Unless the Disasters retrieve
    the most Items, then they win"; guideline 4.1: "the Disasters win unless one and only
    one player has more Items than anyone else". With every Location Scavenged, seat 0
    holds 2 of the 6 Items, seat 1 holds 1 and the Disasters 3: seat 0 leads the players
    but the Disasters retrieved the most, so they win (R14 c; reading "anyone else" as
    the other players only would give seat 0 the game)."""
    sc = table(carried=(2, 1), disasters=1, destroyed=2)
    _, result = tally(sc)
    assert result is not None and result.reason == "all_scavenged"
    assert result.disasters_win and result.winners == ()


# The shipped cards (the cards' audit) -----------------------------------------------------

def test_secret_base_under_the_slide_characters_hiding_here_a_guest_too():
    """Card text beats the rulebook (Playing the Game; R1): the Secret Base Under the
    Slide says "Characters hiding here get +2 Defense", every Character there, not "your
    Characters here" as the Turn-start Havens say. Seat 1's Rival, a guest in seat 0's
    Base, gets +2 Defense too; out of it, nothing."""
    sc = CardScene()
    sc.location(FAR)
    sc.st.places[HAVEN] = Place(sc.card("secret-base-under-the-slide"), "haven", 0)
    sc.st.seats[0].havens.append(HAVEN)
    guest = sc.char("t-rival", HAVEN, seat=1)
    out = sc.char("t-rival", FAR, seat=1)
    assert total(sc.st, sc.unit(guest), "defense") == total(sc.st, sc.unit(out), "defense") + 2


def test_beckoning_cat_figurine_the_allies_waiting_to_be_fought_are_fought_R40():
    """Beckoning Cat Figurine: "every Disaster at the holder's Location, but one it is
    fighting, joins its group as an ally"; R40: "fighting one allied Disaster is fighting
    the alliance: its members at the Location are fought one at a time, the primary
    first". Sage fights the Imp, whose ally the Ogre waits its turn: the Ogre is one she
    is fighting, so it does not join her group and is fought next (the engine made it
    her ally, and the Combat ended with the Imp)."""
    sc, (sage,) = field("t-gem", "t-sage")
    imp, ogre = sc.disaster("t-imp", CELL), sc.disaster("t-ogre", CELL)
    ally(sc.st, sc.unit(imp), sc.unit(ogre), [])
    sc.do(Fight(imp))
    cat, = sc.cards(["beckoning-cat-figurine"])
    sc.unit(sage).items.append(cat)
    sc.do(UseCard(cat, 0, None))
    assert (sc.unit(imp).ally_seat, sc.unit(ogre).ally_seat) == (-1, -1)
    assert sc.st.combat.disaster == imp and sc.st.combat.queue == [ogre]


def test_doom_doom_girls_targeting_an_allied_disaster_keep_their_stage_dive_R76():
    """R76 (Rules for Disasters: "If the instructions of a Disaster with Movement are not
    applicable then the instructions are ignored until they are applicable"; guideline
    2.1): the Doom-Doom Girls' "once per game, the Character they target is Bonked" when
    they target the Imp allied with Sage's group (it carries the Gem, so it is the first
    pool): the Imp is no Character, nothing happens, and the once-per-game use is kept
    for a Character (the engine spent it on nothing)."""
    sc, (sage,) = field("t-gem", "t-sage")
    imp = sc.disaster("t-imp", CELL, items=["t-gem"])
    sc.st.ally_unit(sc.unit(imp), 0)
    doom = sc.disaster("doom-doom-girls", CELL)
    sc.do(Fight(doom))
    assert sc.st.combat.target == imp
    assert imp in sc.st.units and sc.st.uses.get((doom, 0), 0) == 0


SHIPPED_MORE = CardDB({**DB.cards, **card_db("""\
- {id: s-sarge, name: Sarge, type: character, gender: female, skills: {Military: 2},
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: s-private, name: Private, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: s-mechanic, name: Mechanic, type: character, gender: male, skills: {Tech: 1},
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: s-thumbs, name: Thumbs, type: character, gender: male, skills: {Tech: -1},
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
""").cards})


def shipped_scene() -> CardScene:
    """The shipped cards, the test_cards fixtures, and the four above."""
    sc = CardScene()
    sc.db = sc.game.db = SHIPPED_MORE
    return sc


def test_command_bunker_two_males_and_military_x2_in_the_group_R73():
    """R73 (Command Bunker: "2 Males with Military x2 can make it a Haven"; Skills: "together
    they have Strength x4"): 2 Males and Military x2 are the group's, as a Location's
    requirements are. Two Privates (Males without Military) and Sarge (a Female with
    Military x2) make it a Haven; the two Privates alone do not."""
    sc = shipped_scene()
    sc.location(CELL, "command-bunker")
    sc.location(FAR)
    sc.char("s-private", CELL), sc.char("s-private", CELL)
    assert not can_build_haven(sc.st, CELL)
    sc.char("s-sarge", CELL)
    assert can_build_haven(sc.st, CELL)


def test_throne_room_the_crystal_carried_by_anyone_of_the_group():
    """Rules for Locations: "Certain Locations can become Havens if you can bring the needed
    Characters and Items together at the Location." Throne Room of Felis Prime: "Princess
    Pawlina with a Catnip Crystal": the Crystal carried by the Private beside her will do."""
    sc = shipped_scene()
    sc.location(CELL, "felis-prime-palace")
    sc.location(FAR)
    sc.char("princess-pawlina", CELL)
    private = sc.char("s-private", CELL)
    assert not can_build_haven(sc.st, CELL)
    sc.unit(private).items.append(sc.card("catnip-crystal"))
    assert can_build_haven(sc.st, CELL)


def test_pop_quiz_everyone_of_the_group_it_affects_R74():
    """R74 (Pop Quiz!: "otherwise everyone is drained for 1 Turn"; Rules for Disasters: a
    non-Combat Disaster "will affect the first group"): turned over by the two Plains'
    Scavenging, it drains them; seat 0's third Plain, at another Location, keeps its
    Energy."""
    sc, group = field("pop-quiz", "t-plain", "t-plain")
    far = sc.char("t-plain", FAR)
    before = total(sc.st, sc.unit(far), "energy")
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert all(total(sc.st, sc.unit(c), "energy") == before - 1 for c in group)
    assert total(sc.st, sc.unit(far), "energy") == before


def test_lost_and_found_office_the_cost_first_then_the_last_equipment_R75():
    """R75 (Galactic Lost and Found Office: "discard a card at random to take back into
    your hand the Equipment last put on your Discard pile"): the discard is paid first;
    when it falls on an Equipment, that Equipment is the last put on the pile and comes
    back. With the Gear alone in the hand and an older Gear on the pile, the hand gets
    back the one just discarded."""
    sc = shipped_scene()
    sc.location(CELL)
    sc.location(FAR)
    office = sc.card("lost-and-found-office")
    sc.st.places[HAVEN] = Place(office, "haven", 0)
    sc.st.seats[0].havens.append(HAVEN)
    sc.char("s-private", HAVEN)
    new, = sc.hand(0, "t-gear")
    old = sc.card("t-gear")
    sc.st.seats[0].discard = [old]
    sc.turn(MOVE)
    sc.do(UseCard(office, 0, None))
    assert sc.st.seats[0].hand == [new] and sc.st.seats[0].discard == [old]


def test_kaede_ironside_a_mechanic_in_her_group_beside_an_anti_tech():
    """Skills: "A Character with the Student skill may be referred to as a student":
    Kaede Ironside's "+1 Defense while a mechanic (Tech) is in her group" asks for a
    Character with Tech, not the group's summed Tech. The Mechanic (Tech) beside Thumbs
    (Tech -1) is still a mechanic in her group: she keeps her +1 (the engine summed the
    group's Tech to 0 and took it away)."""
    sc = shipped_scene()
    sc.location(CELL)
    sc.location(FAR)
    kaede = sc.char("kaede-ironside", CELL)
    printed = total(sc.st, sc.unit(kaede), "defense")
    sc.char("s-mechanic", CELL)
    assert total(sc.st, sc.unit(kaede), "defense") == printed + 1
    sc.char("s-thumbs", CELL)
    assert total(sc.st, sc.unit(kaede), "defense") == printed + 1


# The audit of 30 Nov 2026 (s28a) ------------------------------------------------------------

def test_horde_gives_no_attack_to_a_like_location_without_one_R77():
    """R77 (Horde: "every other like card in play is +1 Attack & Defense"): a like
    Location that prints no Attack gets none. The Junkyard («Robot», requires Tech, no
    Attack) beside the Robots Horde does not strike the Hero, who lacks Tech, when he
    stops there."""
    sc = Scene(CARDS_S28A + """\
- {id: junkyard, name: Junkyard, type: location, categories: [Robot],
   requires: {skills: {Tech: 1}}}
""")
    sc.location((0, 0))
    sc.location((1, 0), "junkyard")
    sc.location((2, 0))
    sc.disaster("robots", (2, 0))
    hero = sc.char("hero", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(Move((hero,), (1, 0)))
    assert sc.unit(hero).pos == (1, 0) and of(ev, LocationAttacks) == []


def test_rules_for_locations_planetary_is_each_characters_own_symbol():
    """Rules for Locations: "A group of Characters cannot stop on a Planetary Location
    unless each Character in the Group has the Planetary symbol"; the glossary:
    "Characters need Planetary ability". A symbol printed as a category or as a skill is
    the Character's own, never summed over the group: the Astronaut (Planetary skill) and
    the Alien (Planetary category) land on the Planet; the Astronaut with the Hero, whose
    group's Planetary would sum to 1, do not."""
    cards = CARDS_S27B + """\
- {id: astronaut, name: Astronaut, type: character, gender: male, skills: {Planetary: 1},
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: alien, name: Alien, type: character, gender: female, categories: [Planetary],
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: planet, name: Planet, type: location, categories: [Planetary]}
"""
    def lands(*chars: str) -> bool:
        sc = Scene(cards)
        sc.location((0, 0))
        sc.location((1, 0), "planet")
        group = tuple(sc.char(c, (0, 0)) for c in chars)
        sc.turn(MOVE)
        return Move(group, (1, 0)) in sc.legal()
    assert lands("astronaut", "alien")
    assert not lands("astronaut", "hero")


def test_run_away_is_said_at_a_physical_round_not_in_charm_combat():
    """Basic Terms, Run Away: "say so at the beginning of any Combat round"; Time: "Unless
    stated otherwise, round refers to physical Combat." While the Star may still try to
    break the Page's Charm (Charm Combat with the Siren), the group may not Run Away; at
    the first physical round it may."""
    sc = Scene(CARDS_S29B + """\
- {id: page, name: Page, type: character, gender: male,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 0}}
""", options=Options())
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.char("page", (0, 0), items=["gem"])
    sc.char("star", (0, 0))
    sc.do(Fight(sc.disaster("siren", (0, 0))))
    assert sc.st.combat.charmed and RunAway() not in sc.legal()
    sc.refused(RunAway())
    sc.do(Proceed())
    assert RunAway() in sc.legal()


def test_a_flash_effect_whose_target_left_play_is_discarded_R78():
    """R78 (Miscellaneous Rules: "If a player attempts to improperly use a card, the card
    is not Discarded or used"): seat 0 plays Zap on its Hero; seat 1 answers with Sting,
    3 Damage, which resolves first and Bonks the Hero. Zap was played properly and
    fizzles: it goes to seat 0's Discard pile, not back to its hand."""
    sc = Scene(CARDS_S29B, seats=2)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    hero = sc.char("hero", (0, 0))
    sc.char("hero", (1, 0), seat=1)
    zap, = sc.hand(0, "zap")
    sting, = sc.hand(1, "sting")
    sc.turn(MOVE)
    sc.do(PlayCard(zap, hero), PlayCard(sting, hero))
    ev = sc.do(Pass())
    assert [e["card"] for e in of(ev, Bonked)] == [hero]
    assert [e["card"] for e in of(ev, FlashResolved)] == [sting, zap]
    assert zap in sc.st.seats[0].discard and zap not in sc.st.seats[0].hand


# The audit of combat compound scenes (s29b) --------------------------------------------------

def test_guideline_1_2_a_held_character_runs_away_with_its_group():
    """Guideline 1.2: "Unless explicitly stated otherwise, characters can always Run Away
    from Combat, even if they are unable to do 'anything'"; Basic Terms, Hold: "Prevent an
    opponent from leaving their current Location" states nothing of Combat. The Hero,
    Held by Pin, Runs Away from the Ogre and leaves with his group."""
    sc = s29b_scene()
    h = sc.char("hero", (0, 0), items=["gem"])
    pin, = sc.hand(0, "pin")
    sc.do(PlayCard(pin, h))
    assert has_flag(sc.st, sc.unit(h), "hold")
    sc.do(Fight(sc.disaster("ogre", (0, 0))), RunAway(), RunTo((1, 0)))
    assert sc.unit(h).pos == (1, 0)


def test_no_action_keeps_a_character_from_a_disasters_send_home_R79():
    """R79 (Basic Terms, No Action: "the Character or Disaster cannot move or attack"):
    the Gale's text sends the group at its Location home at a round's start; the Squire
    goes to its Haven, the Hero, Frozen (No Action), stays and fights alone."""
    sc = s29b_scene()
    sq, h = sc.char("squire", (0, 0)), sc.char("hero", (0, 0))
    freeze, = sc.hand(0, "freeze")
    sc.do(PlayCard(freeze, h))
    ev = sc.do(Fight(sc.disaster("gale", (0, 0))))
    assert [e["chars"] for e in of(ev, Moved)] == [[sq]]
    assert sc.unit(sq).pos == (0, 1) and sc.unit(h).pos == (0, 0)
    assert sc.st.combat is not None and sc.st.combat.target == h


def test_an_ally_carried_along_does_not_stop_there_R80():
    """R80 (Rules for Disasters: "it will pick up an Item from the first Location it stops
    on that has an Item"): Pal, allied with the Hero's group, goes along to (1, 0), where
    the Gem lies; Pal is carried, it does not stop, and takes nothing."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0), under=["gem"])
    h = sc.char("hero", (0, 0))
    pal = sc.disaster("pal", (0, 0))
    sc.st.ally_unit(sc.unit(pal), 0)
    sc.turn(MOVE)
    sc.do(Move((h,), (1, 0)))
    assert sc.unit(pal).pos == (1, 0) and sc.unit(pal).items == []
    assert len(sc.st.places[(1, 0)].under) == 1


def test_combat_with_multiple_disasters_the_next_attacks_though_the_item_was_dropped_R81():
    """R81 (Combat with Multiple Disasters: "If Characters are carrying Items ... Disasters
    attack in the order they arrived at the Location"): the Knight stops carrying the Gem
    where Pal and then the Dummy stand. Fighting Pal he drops the Gem under the Location
    (guideline 2.7) and Defeats Pal; the Dummy still attacks him next: the order was set
    when he stopped with an Item."""
    sc = Scene(CARDS_S29B + """\
- {id: knight, name: Knight, type: character, gender: male,
   abilities: {attack: 5, defense: 5, movement: 2, charm: 0, energy: 2}}
""")
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    sc.combat_pile(0, *["blank"] * 12)
    k = sc.char("knight", (1, 0), items=["gem"])
    gem = sc.unit(k).items[0]
    pal, dummy = sc.disaster("pal", (0, 0)), sc.disaster("dummy", (0, 0))
    sc.turn(MOVE)
    sc.do(Move((k,), (0, 0)))
    assert (sc.st.combat.disaster, sc.st.combat.queue) == (pal, [dummy])
    sc.do(Drop(gem, k))
    ev = sc.do(Declare(k, "attack"))
    assert pal not in sc.st.units and sc.unit(k).items == []
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [dummy]


def test_scavenging_ends_when_the_disaster_turned_over_flees_R82():
    """R82 (Scavenge Phase: "After Defeating a Disaster, you may stop Scavenging, or
    continue"): the Ogre turned over while Scavenging flees (Shoo); it was not Defeated,
    so the Scavenging ends with its Combat, and the Idol stays under the Location."""
    sc = s29b_scene()
    sc.location((0, 0), under=["ogre", "idol"])
    h = sc.char("hero", (0, 0))
    shoo, = sc.hand(0, "shoo")
    sc.turn(SCAVENGE).do(Scavenge((0, 0)))
    assert sc.st.combat is not None
    sc.do(PlayCard(shoo, h))
    assert sc.st.combat is None
    assert not any(isinstance(d, Scavenging) for d in sc.st.pending)
    assert len(sc.st.places[(0, 0)].under) == 1


def test_charm_a_base_zero_character_does_not_stop_the_command_R83():
    """R83 (Charm Combat with Disasters: "If all your Characters win Charm Combat against a
    Minor Disaster, you can make the Disaster perform 1 action"; "Characters ... with a
    base Charm at or below 0 do not engage in Charm Combat"): the Star out-charms the
    Nymph; the Hero (Charm 0) took no part. Every Character that engaged won: the player
    gives the command."""
    sc = Scene(CARDS_S29B, options=Options())
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    star = sc.char("star", (0, 0))
    sc.char("hero", (0, 0))
    sc.do(Fight(sc.disaster("nymph", (0, 0))))
    assert sc.st.combat.resisted == [star]
    if sc.st.combat.stage != CharmStage.COMMAND:
        sc.do(Proceed())
    assert sc.st.combat.stage == CharmStage.COMMAND
    assert any(isinstance(a, Command) for a in sc.legal())


def test_a_new_target_mid_round_keeps_the_declarations_R84():
    """R84 (Combat with Disasters: "The Disaster chooses its target first. The player then
    chooses which Characters will counter-strike or protect"): the Ogre attacks the Hero,
    who carries the Gem; the Squire declares to protect; Sting then Bonks the Hero. The
    Ogre chooses a new target at once, and the Squire's declaration stands: it protects
    the new target, the Star."""
    for seed in range(20):
        sc = s29b_scene(seed=seed)
        sq = sc.char("squire", (0, 0))
        h = sc.char("hero", (0, 0), items=["gem"])
        star = sc.char("star", (0, 0))
        sting, = sc.hand(0, "sting")
        sc.do(Fight(sc.disaster("ogre", (0, 0))))
        assert sc.st.combat.target == h
        sc.do(Declare(sq, "protect"), PlayCard(sting, h))
        if sc.st.combat.target == star:
            break
    else:
        raise AssertionError("the Ogre never chose the Star")
    assert h not in sc.st.units and sc.st.combat.protectors == [sq]
    ev = sc.do(Declare(star, "none"))
    hit = of(ev, CombatHit)[-1]
    assert hit["target"] == star and [g["id"] for g in hit["protectors"]] == [sq]


# The audit of compound scenes (s29a) -----------------------------------------------------------

def test_a_location_turned_haven_with_another_players_characters_there_R85():
    """R85 (Rules for Locations: "Once a Location becomes a Haven, Disasters and Characters
    owned by other players cannot stop on it unless given permission by the owner"): the
    Prince makes the Castle a Haven while seat 1's Hero stands there. The Hero stopped
    before it was a Haven: he stays, as a guest, and in his Turn may Scavenge the Idol
    still under it (guideline 4.10: it "can still be ... Scavenged"; Basic Terms, Drop:
    "If they go under a Location they must be Scavenged"): it was never stored there."""
    sc = Scene(CARDS_S29A, seats=2)
    sc.location((0, 0), "castle", under=["idol"])
    sc.location((1, 0))
    far_items(sc)
    sc.haven((-1, 0))
    sc.haven((2, 0), seat=1)
    sc.char("prince", (0, 0))
    hero = sc.char("hero", (0, 0), seat=1)
    idol, = sc.st.places[(0, 0)].under
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((0, 0)))
    assert sc.st.places[(0, 0)].kind == "haven" and sc.unit(hero).pos == (0, 0)
    sc.until(SCAVENGE, seat=1)
    assert sc.unit(hero).pos == (0, 0) and PickUp(idol, hero) not in sc.legal()
    sc.do(Scavenge((0, 0)), Retrieve(hero))
    assert sc.unit(hero).items == [idol]


def test_a_destroyed_planetary_location_still_bars_a_group_without_the_symbol_R86():
    """R86 (Rules for Locations: "turn the Location over and leave it where it is.
    Destroyed Locations still count for movement"): the Planet, Destroyed, is still
    Planetary for movement. The Hero, without the symbol, cannot cross it to the Location
    beyond; the Astronaut can."""
    cards = CARDS_S27B + """\
- {id: astronaut, name: Astronaut, type: character, gender: male, skills: {Planetary: 1},
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: planet, name: Planet, type: location, categories: [Planetary]}
"""
    def crosses(who: str) -> bool:
        sc = Scene(cards)
        sc.location((0, 0))
        sc.location((1, 0), "planet", destroyed=True)
        sc.location((2, 0), under=["gem"])
        c = sc.char(who, (0, 0))
        sc.turn(MOVE)
        return Move((c,), (2, 0)) in sc.legal()
    assert crosses("astronaut") and not crosses("hero")


def test_a_disaster_turned_over_while_scavenging_has_not_stopped_there_R87():
    """R87 (Rules for Disasters: "If a Combat Disaster stops at a Location where there are
    Characters with Items, the Disaster will automatically attack"; Scavenge Phase: "If it
    is a Combat Disaster, you will have to fight it"): the Ogre turned over by seat 0's
    Scavenging fights seat 0's group only; when that group Runs Away, the Ogre stays
    beside seat 1's Hero, who carries the Gem, and does not attack him now."""
    sc = Scene(CARDS_S27B, seats=2)
    sc.location((0, 0), under=["ogre", "idol"])
    sc.location((1, 0), under=["idol"])
    sc.haven((0, 1))
    sc.haven((1, 1), seat=1)
    mine = sc.char("hero", (0, 0))
    theirs = sc.char("hero", (0, 0), seat=1, items=["gem"])
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    ogre = sc.st.combat.disaster
    sc.do(RunAway(), RunTo((1, 0)))
    assert sc.unit(mine).pos == (1, 0) and sc.unit(ogre).pos == (0, 0)
    assert sc.st.combat is None and sc.unit(theirs).damage == 0


def test_equip_phase_a_character_is_played_into_the_starting_haven_R88():
    """R88 (Equip Phase: "You may play 1 Characters from your hand into your Haven"):
    with a second Haven (the Castle, turned Haven), the Character played goes into the
    starting Haven, as a card that sends a group home sends it there."""
    sc = Scene(CARDS_S29A)
    sc.location((1, 0), "castle")
    sc.location((2, 0))
    far_items(sc)
    sc.haven((-1, 0))
    sc.char("prince", (1, 0))
    sc.turn(SCAVENGE)
    sc.do(BuildHaven((1, 0)))
    assert sc.st.seats[0].havens == [(-1, 0), (1, 0)]
    hero, = sc.hand(0, "hero")
    sc.turn(EQUIP)
    plays = [a for a in sc.legal() if isinstance(a, PlayCard) and a.card == hero]
    assert plays == [PlayCard(hero)]
    sc.do(PlayCard(hero))
    assert sc.unit(hero).pos == (-1, 0)
