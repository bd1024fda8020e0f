"""A second audit of 29 Nov 2026 (rulebook, fifth edition; guidelines of 1998), in the
sections the first (tests/test_rules_audit_s26.py) left: Charm Combat with Disasters and
between players, Combat between players, Havens, the Equip phase and Equipment,
Enhancements and Global Effects, Transforming Characters, Steal, the Disasters'
Maintenance moves, Horde, Locations with Defense, and the guidelines' numbered
clarifications. Each test names its section or guideline."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (AttackLocation, BreakCharm, Challenge, CharmAttack, Declare,
                                 Engage, Fight, Order, PickUp, PlayCard, Proceed, Scavenge,
                                 UseCard, UseEquipment)
from game.engine.abilities import health
from game.engine.events import CardDiscarded, CharmContest, CombatBegan, CombatHit
from game.engine.options import Options
from game.engine.state import EQUIP, MOVE, SCAVENGE, Lasting

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: belle, name: Belle, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 1}}
- {id: muse, name: Muse, type: character, gender: female,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 5, energy: 1}}
- {id: guard, name: Guard, type: character, gender: male,
   abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: siren, name: Siren, type: disaster, class: minor,
   abilities: {attack: 2, defense: 2, movement: 1, charm: 4}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 12, defense: 9, movement: 1}}
- {id: idol, name: Idol, type: item}
- {id: book, name: Book, type: item,
   effects: [{"on": use, do: [{skill: {Genius: 1}, for: turn}]}]}
- {id: buckler, name: Buckler, type: equipment, abilities: {defense: 4}}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
- {id: slump, name: Slump, type: combat, physical: {}, charm: {own: {charm: "-5"}}}
- {id: wow, name: Wow, type: combat, physical: {}, charm: {own: {charm: "+9"}}}
- {id: older-woman, name: Older Woman, type: combat, physical: {},
   charm: {own: {charm: "+4"}}}
- {id: lovely-hair, name: Lovely Hair, type: combat, physical: {},
   charm: {own: {charm: "-2"}}}
- {id: bastion, name: Bastion, type: location, requires: {skills: {Stealth: 1}},
   abilities: {defense: 8}}
- id: drill
  name: Drill
  type: character
  gender: male
  abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 1}
  effects:
    - {"on": combat_round, uses: {count: 1, per: turn},
       do: [{modify: {attack: "+1"}, to: group, for: combat}]}
- {id: sneak, name: Sneak, type: character, gender: female, skills: {Stealth: 1},
   abilities: {attack: 1, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: focus, name: Focus, type: enhancement, bonuses: {defense: "+2"},
   costs: {energy: "-1"}}
- {id: rally, name: Rally, type: global_effect, bonuses: {attack: "+1"},
   costs: {energy: "-1"}}
- {id: robo-a, name: Robo A, type: character, gender: male, categories: [Horde, Robot],
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: beast-h, name: Beast H, type: character, gender: male, categories: [Horde, Animal],
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: tin, name: Tin, type: character, gender: male, categories: [Robot],
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
"""


# Charm Combat with Disasters -------------------------------------------------------

def test_rules_for_disasters_a_disaster_stopping_by_a_group_without_items_charms_first():
    """Rules for Disasters: "If a Combat Disaster stops at a Location where there are
    Characters without Items, the Disaster will automatically attack a random Character";
    Charm Combat with Disasters: "If Characters enter Combat with a Combat Disaster with
    Charm, the Disaster will automatically initiate Charm Combat first." The Siren (Charm
    4) moves 1 onto Hero in its bringer's Maintenance: 4 against 1, Hero is Charmed, and
    with every Character there Charmed the Combat is over ("leave on the next Turn")."""
    sc = Scene(CARDS)
    sc.location((1, 0))
    sc.location((0, 0))
    sc.location((-3, 3), under=["idol"])
    here, there = sc.st.path[0], sc.st.path[1]
    siren = sc.disaster("siren", here)
    h = sc.char("hero", there)
    sc.combat_pile(0, "blank", "blank", *["blank"] * 6)
    ev = sc.until(EQUIP)
    assert of(ev, CombatBegan) == [{"seat": 0, "cell": there, "disaster": siren,
                                    "context": "maintenance"}]
    (c,) = of(ev, CharmContest)
    assert (c["attacker"], c["defender"]) == (siren, h)
    assert (c["attacker_charm"], c["defender_charm"], c["result"]) == (4, 1, "charmed")
    # Its only foe Charmed, the Combat is over; it leaves on the next Turn.
    assert sc.st.combat is None and sc.unit(h).damage == 0


def test_guideline_1_5_a_charm_total_below_0_is_0_and_so_is_the_margin():
    """Guideline 1.5: "Total Attack, Defense, and Charm cannot be less than 0." Belle's
    Charm 3 with Slump (-5) is 0, not -2: the Siren's 4 Charms her by 4, not 6; a break
    (Charm Combat with Disasters: "beating the Charmed Character with twice the amount it
    was Charmed by") then needs 8: Muse's 5 + 4 = 9 against Belle's 3 - 2 = 1 is 8."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    belle = sc.char("belle", (0, 0))
    muse = sc.char("muse", (0, 0))
    siren = sc.disaster("siren", (0, 0))
    # The Siren attacks Belle first (seeded), then Muse; then Muse's break on Belle.
    sc.combat_pile(0, "blank", "slump", "blank", "wow", "older-woman", "lovely-hair",
                   *["blank"] * 4)
    sc.st.rng.randrange = lambda n: 0  # the first of those left, by instance: Belle
    sc.turn(MOVE)
    ev = sc.do(Fight(siren))
    on_belle, on_muse = of(ev, CharmContest)
    assert (on_belle["attacker_charm"], on_belle["defender_charm"]) == (4, 0)
    assert (on_muse["attacker_charm"], on_muse["defender_charm"]) == (4, 14)
    assert sc.st.combat.charmed == {belle: 4}
    (brk,) = of(sc.do(BreakCharm(muse, belle)), CharmContest)
    assert (brk["attacker_charm"], brk["defender_charm"], brk["result"]) == (9, 1, "broken")


def frozen(sc: Scene, unit: int) -> None:
    """No Action for the rest of the game (as a card's `no_action` step gives it)."""
    sc.st.add_lasting(Lasting(unit, unit, sc.st.units[unit].owner, flags=("no_action",),
                              until="game"))


def test_basic_terms_no_action_a_disaster_with_no_action_makes_no_charm_attack():
    """Basic Terms, No Action: "the Character or Disaster cannot move or attack"; the
    glossary: "only able to defend and Run Away from Combat". Charm Combat with
    Disasters: the Disaster "will automatically initiate Charm Combat" and "attack a new
    random Character each round": a Charm attack is an attack. The Siren (Charm 4) with
    No Action Charms nobody, takes no Item and does not leave; it attacks nobody in the
    physical rounds either (failed before: it won 4 against 1, Charmed the lone Hero,
    took the Idol from under the Location and was to leave)."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    siren = sc.disaster("siren", (0, 0))
    frozen(sc, siren)
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    ev = sc.do(Fight(siren))
    assert of(ev, CharmContest) == []
    assert sc.st.combat is not None and sc.st.combat.target == -1
    assert sc.unit(siren).items == [] and len(sc.st.places[(0, 0)].under) == 1
    ev = sc.do(Declare(h, "attack"))
    (hit,) = of(ev, CombatHit)
    assert (hit["target"], hit["attack"], hit["defense"], hit["damage"]) == (siren, 3, 2, 1)


def test_list_of_actions_no_action_performs_no_special_ability_in_combat():
    """List of Actions: "Perform special abilities ... All of the above actions are
    prevented when a Character or Disaster 'has no actions'." Drill's text gives his
    group +1 Attack at the start of a Combat round; with No Action he does not: Hero
    attacks the Ogre with 3, not 4 (failed before: a triggered ability ran whatever
    its holder's flags; only a `use` was refused)."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0))
    d = sc.char("drill", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    frozen(sc, d)
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Fight(ogre))
    assert total(sc.st, sc.unit(h), "attack") == 3
    ev = sc.do(*[Declare(u, "attack" if u == h else "none") for u in sorted((h, d))])
    (on_ogre,) = [x for x in of(ev, CombatHit) if x["target"] == ogre]
    assert (on_ogre["attackers"], on_ogre["attack"]) == ([h], 3)
    # Without the flag the same Combat gives +1 (the card works).
    sc2 = Scene(CARDS)
    sc2.location((0, 0), under=["idol"])
    sc2.location((1, 0))
    h2 = sc2.char("hero", (0, 0))
    sc2.char("drill", (0, 0))
    ogre2 = sc2.disaster("ogre", (0, 0))
    sc2.combat_pile(0, *["blank"] * 6)
    sc2.turn(MOVE)
    sc2.do(Fight(ogre2))
    assert total(sc2.st, sc2.unit(h2), "attack") == 4


# Charm Combat Between Players ------------------------------------------------------

def duel(mine, theirs, options: Options = Options()) -> tuple[Scene, list[int], list[int]]:
    sc = Scene(CARDS, seats=2, options=options)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    a = [sc.char(c, (0, 0)) for c in mine]
    b = [sc.char(c, (0, 0), seat=1) for c in theirs]
    sc.turn(MOVE)
    return sc, a, b


def test_charm_combat_between_players_a_break_needs_twice_the_margin():
    """Charm Combat Between Players: "If the attacker has a higher total Charm, the
    defender is Charmed"; "A Character can attempt a Charm break ... by beating the
    Charmed Character with twice the amount it was Charmed by. Draw a Combat card for
    both Characters." Muse (5, a blank) against Belle (3, Lovely Hair -2 = 1): Belle is
    Charmed by 4. Her teammate Hero (1, Wow +9 = 10) against Belle (3, Older Woman +4 =
    7) beats her by 3, short of 8: the Charm holds, and Muse gives her order."""
    sc, (m,), (b, h) = duel(("muse",), ("belle", "hero"))
    sc.combat_pile(0, "blank")
    sc.combat_pile(1, "lovely-hair", "wow", "older-woman")
    sc.do(Challenge(1, (0, 0)))
    (c,) = of(sc.do(CharmAttack(m, b)), CharmContest)
    assert (c["attacker_charm"], c["defender_charm"], c["result"]) == (5, 1, "charmed")
    assert sc.st.duel.charmed == {b: (m, 4)}
    # Seat 1's go: Hero tries the break; both cards come from seat 1's pile.
    (brk,) = of(sc.do(BreakCharm(h, b)), CharmContest)
    assert (brk["attacker_charm"], brk["defender_charm"], brk["result"]) == (10, 7, "held")
    assert sc.st.duel.to_order == [(m, b)]


# Combat between players ---------------------------------------------------------------

def test_combat_between_players_a_protectors_share_goes_to_its_equipment_health():
    """Protecting: "The protecting Character takes half the Damage that gets through the
    combined Defense"; Rules for Equipment: an Equipment with its own Defense has Health
    and takes it. Three attack Guard's friend Hero: 3 + 3 + 3 = 9 against 3 + 3 = 6 is 3;
    Hero takes 3 (Health 3: Bonked), Guard's share 1 goes to its Buckler (Health 4 -> 3)."""
    sc, (a1, a2, a3), (h, g) = duel(("hero", "hero", "hero"), ("hero", "guard"),
                                    Options(charm_combat=False))
    buckler = sc.card("buckler", 1)
    sc.unit(g).equipment.append(buckler)
    sc.unit(g).using.append(buckler)  # put to use in seat 1's own Turn
    sc.combat_pile(1, "blank", "blank")
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(a1, "attack", h), Engage(h, "none"), Engage(a2, "attack", h),
               Engage(g, "protect", h), Engage(a3, "attack", h))
    (hit,) = [x for x in of(ev, CombatHit) if x["target"] == h]
    assert (hit["attack"], hit["defense"], hit["damage"]) == (9, 6, 3)
    assert hit["protectors"] == [{"id": g, "damage": 1}]
    assert sc.st.wear == {buckler: 1} and sc.unit(g).damage == 0


def charmed_drill() -> tuple[Scene, int, int, int, int, int]:
    """Muse (5) Charms Drill (1), Charm Combat is over and Muse is to give her order;
    Drill carries a Sword (Equipment) and a Book (an Item with a use), and his own text
    gives his group +1 Attack each Combat round."""
    sc, (m,), (d, h) = duel(("muse",), ("drill", "hero"))
    sword, book = sc.card("sword", 1), sc.card("book", 1)
    sc.unit(d).equipment.append(sword)
    sc.unit(d).items.append(book)
    sc.combat_pile(0, *["blank"] * 5)
    sc.combat_pile(1, *["blank"] * 5)
    sc.do(Challenge(1, (0, 0)), CharmAttack(m, d), Proceed())
    assert sc.st.duel.stage == "order"
    return sc, m, d, h, sword, book


def ordered(order: str | None) -> tuple[Scene, int, int, int, int]:
    """charmed_drill, then Muse's order (None: Drill has No Action instead, and she
    orders him not to move); seat 1 declares next."""
    sc, m, d, h, sword, book = charmed_drill()
    if order is None:
        sc.st.add_lasting(Lasting(m, d, 1, flags=("no_action",), until="combat"))
    sc.do(Order(m, d, order or "no-move"), Engage(m, "none"))
    assert sc.st.current_seat() == 1
    return sc, d, h, sword, book


def stopped(sc: Scene, d: int, h: int, sword: int, book: int) -> set[str]:
    """Which of the List's three entries Drill is kept from: "Perform special abilities"
    (his group's +1 Attack: Hero attacks with 3, not 4), "Use an Equipped card" (the
    Sword is not offered), "Use cards" (the Book is not)."""
    legal = sc.legal()
    return {entry for entry, kept in (
        ("ability", total(sc.st, sc.unit(h), "attack") == 3),
        ("equipment", UseEquipment(sword, d) not in legal),
        ("cards", UseCard(book, 0, None) not in legal)) if kept}


def test_charm_combat_between_players_the_orders_on_offer_list_of_actions():
    """List of Actions: "Perform special abilities", "Use an Equipped card" and "Use
    cards" are three actions, each an order to prevent; one is offered only when the
    Charmed has something it stops (Hero carries nothing and has no text: none is)."""
    sc, m, d, *_ = charmed_drill()
    assert sc.legal() == [Order(m, d, o) for o in (
        "hand-over", "no-attack", "no-protect", "no-move", "no-ability", "no-equipment",
        "no-cards")]
    sc, (m,), (h,) = duel(("muse",), ("hero",))
    sc.combat_pile(0, *["blank"] * 5)
    sc.do(Challenge(1, (0, 0)), CharmAttack(m, h))
    assert sc.legal() == [Order(m, h, o) for o in ("no-attack", "no-protect", "no-move")]


def test_charm_combat_between_players_no_ability_prevents_only_perform_special_abilities():
    """Charm Combat Between Players: "each Character can make the Character it Charmed
    perform 1 action, or prevent 1 action"; List of Actions: "Perform special abilities".
    Drill, ordered `no-ability` for the Combat, gives his group no +1 Attack (Hero has 3,
    not 4), but may still put his Sword to use and use his Book."""
    sc, d, h, sword, book = ordered("no-ability")
    assert stopped(sc, d, h, sword, book) == {"ability"}


def test_charm_combat_between_players_no_equipment_prevents_only_use_an_equipped_card():
    """List of Actions: "Use an Equipped card" is an action a charmer can prevent; Drill,
    ordered `no-equipment`, cannot put his Sword to use while his side declares, but his
    text still gives Hero +1 Attack and he may still use his Book."""
    sc, d, h, sword, book = ordered("no-equipment")
    assert stopped(sc, d, h, sword, book) == {"equipment"}
    sc.refused(UseEquipment(sword, d), "charmer forbids")


def test_charm_combat_between_players_no_cards_prevents_only_use_cards():
    """List of Actions, "a few more actions": "Use cards". Drill, ordered `no-cards`,
    cannot use his Book, but his text still gives Hero +1 Attack and he may put his Sword
    to use."""
    sc, d, h, sword, book = ordered("no-cards")
    assert stopped(sc, d, h, sword, book) == {"cards"}
    sc.refused(UseCard(book, 0, None), "charmer forbids")


def test_no_action_still_prevents_all_three_uses_list_of_actions():
    """List of Actions: "All of the above actions are prevented when a Character or
    Disaster 'has no actions'": Drill with No Action performs no special ability, puts
    no Equipment to use and uses no card."""
    sc, d, h, sword, book = ordered(None)
    assert stopped(sc, d, h, sword, book) == {"ability", "equipment", "cards"}


# Havens, the Equip phase, Equipment ----------------------------------------------------

def test_equip_phase_equipment_goes_into_the_haven_and_is_picked_up_there_guideline_2_7():
    """Equip Phase: "You may play 1 piece of Equipment into your Haven"; Rules for Havens:
    "Havens are where you store Equipment"; guideline 2.7: "Characters are free to Pick-up
    / Drop / Use / Transfer accessible Items / Equipment during any phase". The Sword goes
    into the Haven, Hero there picks it up and puts it to use: Attack 3 + 1 = 4."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    h = sc.char("hero", (1, 0))
    sword, = sc.hand(0, "sword")
    sc.turn(EQUIP)
    sc.do(PlayCard(sword))
    assert sc.st.places[(1, 0)].under == (sword,) and sc.unit(h).equipment == []
    sc.do(PickUp(sword, h), UseEquipment(sword, h))
    assert sc.unit(h).equipment == [sword] and total(sc.st, sc.unit(h), "attack") == 4


def test_rules_for_equipment_its_health_at_exactly_0_discards_it():
    """Rules for Equipment: "When an Equipment has its own Defense ... treat it as having
    Health ... When Health = 0, Discard." The Buckler (Defense 4) in use takes the
    Damage dealt to Hero: the Brawler's 7 against Hero's Defense 3 is 4, its Health
    4 - 4 = 0: Discarded, and Hero is unhurt."""
    sc = Scene(CARDS + """\
- {id: brawler, name: Brawler, type: disaster, class: major,
   abilities: {attack: 7, defense: 30, movement: 1}}
""")
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    h = sc.char("hero", (0, 0), equipment=["buckler"])
    buckler, = sc.unit(h).equipment
    brawler = sc.disaster("brawler", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    ev = sc.do(UseEquipment(buckler, h), Fight(brawler), Declare(h, "none"))
    (hit,) = of(ev, CombatHit)
    assert (hit["attack"], hit["defense"], hit["damage"]) == (7, 3, 4)
    assert {"card": buckler, "seat": 0, "why": "out of Health"} in of(ev, CardDiscarded)
    assert sc.unit(h).equipment == [] and sc.unit(h).damage == 0


def test_rules_for_enhancements_and_global_effects_costs_are_held_in_play_order():
    """Rules for Enhancements: "If an Enhancement has a cost, it is paid as long as the
    Character has the Enhancement"; Rules for Global Effects: "the Character using the
    Global Effect must pay the cost" (guideline 6). Hero's 1 Energy holds Focus (Defense
    3 + 2 = 5); Rally's 1 Energy cannot be paid too, so it gives Hero nothing (Attack 3)
    while Belle, with no Enhancement, pays for it (Attack 2 + 1 = 3, Energy 0)."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.haven((1, 0))
    h = sc.char("hero", (1, 0), enhancements=["focus"])
    b = sc.char("belle", (1, 0))
    rally, = sc.hand(0, "rally")
    sc.turn(EQUIP)
    sc.do(PlayCard(rally))
    assert [total(sc.st, sc.unit(h), a) for a in ("attack", "defense", "energy")] == [3, 5, 0]
    assert [total(sc.st, sc.unit(b), a) for a in ("attack", "defense", "energy")] == [3, 3, 0]


# Horde, Locations with Defense -----------------------------------------------------------

def test_horde_bonuses_are_defense_not_health_basic_terms_health():
    """Horde: "every other like card in play is +1 Attack & Defense" and "Multiple Hordes
    will give multiple bonuses"; Basic Terms, Health: "Bonuses to Defense do not affect
    Health." Two Robo As (Horde, Robot) and a Tin (Robot): each Robo A is 2/2 from the
    other, Tin 3/3 from both; the Beast H (Horde, Animal) shares only Horde: 1/1. Health
    stays the base Defense, 1 each."""
    sc = Scene(CARDS)
    for x in range(4):
        sc.location((x, 0))
    r1, r2 = sc.char("robo-a", (0, 0)), sc.char("robo-a", (1, 0))
    tin = sc.char("tin", (2, 0))
    beast = sc.char("beast-h", (3, 0))
    got = {u: (total(sc.st, sc.unit(u), "attack"), total(sc.st, sc.unit(u), "defense"),
               health(sc.st, sc.unit(u))) for u in (r1, r2, tin, beast)}
    assert got == {r1: (2, 2, 1), r2: (2, 2, 1), tin: (3, 3, 1), beast: (1, 1, 1)}


def test_rules_for_locations_a_group_with_the_skills_scavenges_a_location_with_defense():
    """Rules for Locations: "If a Location has Defense, you can Scavenge it without the
    necessary skills by attacking it." A group with Stealth enters a Bastion (Defense 8)
    as any Location; at the other, Hero without it may only attack it."""
    sc = Scene(CARDS)
    sc.location((0, 0), "bastion", under=["idol"])
    sc.location((1, 0), "bastion", under=["idol"])
    sc.char("sneak", (0, 0))
    sc.char("hero", (1, 0))
    sc.turn(SCAVENGE)
    legal = sc.legal()
    assert Scavenge((0, 0)) in legal and AttackLocation((0, 0)) not in legal
    assert Scavenge((1, 0)) not in legal
    assert AttackLocation((1, 0)) in legal
