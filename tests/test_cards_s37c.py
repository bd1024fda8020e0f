"""The thirty shipped cards with effects that tests/test_rules_s36r2.py left without a scene
of their own (s37c): each played through the real actions (legal_actions / apply) and
checked against every number and condition of its printed text (who, when, on what, how
long, how many uses, the target leaving, two copies, three seats where it matters). Each
test names the card, quotes its words and the rule it pins (R1: card text first)."""
from __future__ import annotations

import random

import pytest
from scene import empty_deck, of
from test_effects import NO_CHARM
from test_rules_s36r2 import CELL, DB, FAR, HAVEN, S, ab, end_combat, enhance

from game.engine.abilities import skill_count
from game.engine.actions import (BuildHaven, Declare, Fight, Move, RunAway, RunTo, Scavenge,
                                 StopScavenging, UseCard)
from game.engine.disasters import alliance, enter_from_draw
from game.engine.events import CardDiscarded, CombatHit, DisasterDefeated
from game.engine.game import Game
from game.engine.maintenance import move, to_move
from game.engine.state import MOVE, SCAVENGE, GameState, SeatState
from game.engine.turns import PhaseStep


class S3(S):
    """S with three seats: seat 2's Haven at (3, 3)."""

    def __init__(self):
        self.db = DB
        self.game = Game(DB, [empty_deck(s) for s in range(3)], NO_CHARM)
        self.st = GameState(self.game, random.Random(0), [SeatState(turns=1) for _ in range(3)],
                            phase=MOVE, pending=[PhaseStep()])
        self.location(CELL, under=["t-gem"])
        self.location(FAR, under=["t-gem"])
        self.haven(HAVEN)
        self.haven((2, 2), seat=1)
        self.haven((3, 3), seat=2)
        for s in range(3):
            self.combat_pile(s, *["blank"] * 12)
            self.draw_pile(s, *["t-rock"] * 12)
            self.hand(s, "t-rock", "t-rock")


def fight(sc: S, disaster: int) -> list:
    return sc.do(Fight(disaster))


def next_round(sc: S, *chars: int) -> None:
    """Every fighter of seat 0 does nothing: the round is resolved and the next begins."""
    sc.do(*(Declare(c, "none") for c in chars))


def stop_scavenging(sc: S) -> None:
    """The group stops Scavenging, if it still may (the Turn goes on)."""
    if StopScavenging() in sc.legal():
        sc.do(StopScavenging())


# Characters -----------------------------------------------------------------------------

def test_character_sayo_tsukimura_purifying_sweep_once_a_turn_to_the_end_of_the_combat():
    """Sayo Tsukimura, "once per Turn in Combat, for 1 Energy, a Disaster at her Location
    gets -2 Attack until the end of the Combat" (Basic Terms, Uses): not out of Combat, a
    Disaster elsewhere is no target, -2 in the second round too, not twice a Turn, gone
    with the Combat, offered again in the next Turn's Combat."""
    sc = S()
    sayo, wall = sc.char("sayo-tsukimura", CELL), sc.char("t-pal", CELL, items=["t-gem"])
    ogre, far = sc.disaster("t-ogre", CELL), sc.disaster("t-imp", FAR)
    assert sc.uses(sayo) == []
    fight(sc, ogre)
    assert [a.target for a in sc.uses(sayo)] == [ogre]
    energy = ab(sc, sayo, "energy")
    sc.do(sc.uses(sayo)[0])
    assert (ab(sc, ogre, "attack"), ab(sc, sayo, "energy"), ab(sc, far, "attack")) == (
        3, energy - 1, 4)
    next_round(sc, sayo, wall)
    assert sc.st.combat.round == 2 and ab(sc, ogre, "attack") == 3
    assert sc.uses(sayo) == []
    end_combat(sc)
    assert ab(sc, ogre, "attack") == 5
    sc.next_turn(1)
    sc.next_turn(0)
    sc.unit(sayo).damage = sc.unit(wall).damage = 0
    sc.st.move_unit(sc.unit(ogre), CELL)  # back from its walk in the Maintenance phases
    fight(sc, ogre)
    assert [a.target for a in sc.uses(sayo)] == [ogre]


def test_character_kinako_purrsworth_steals_from_a_disaster_here_once_a_turn():
    """Kinako Purrsworth, "once per Turn in Combat, for 1 Energy, she steals a random Item
    from a Disaster at her Location": the Item is hers, 1 Energy; not twice a Turn; not
    out of Combat; a Disaster with nothing to steal is no target (guideline 4.11)."""
    sc = S()
    kinako = sc.char("kinako-purrsworth", CELL)
    ogre = sc.disaster("t-ogre", CELL, items=["t-gem", "t-gem"])
    assert sc.uses(kinako) == []
    fight(sc, ogre)
    energy = ab(sc, kinako, "energy")
    sc.do(sc.uses(kinako)[0])
    assert (len(sc.unit(kinako).items), len(sc.unit(ogre).items)) == (1, 1)
    assert ab(sc, kinako, "energy") == energy - 1
    assert sc.uses(kinako) == []  # once per Turn, though the Ogre still has one


def test_character_kinako_purrsworth_nothing_to_steal_is_not_offered():
    """Kinako Purrsworth: a Disaster at her Location with no Item gives her nothing to
    steal: the use is not offered (guideline 4.11, an improper use)."""
    sc = S()
    kinako = sc.char("kinako-purrsworth", CELL)
    fight(sc, sc.disaster("t-ogre", CELL))
    assert sc.uses(kinako) == []


def test_character_dupli_kit_becomes_the_target_once_a_round():
    """Dupli-Kit, "Once per Combat round he becomes the Disaster's target in place of the
    Character it picked": the target is Dupli-Kit, the one picked no longer is; not a
    second time that round; in the next round, again if it picks another."""
    sc = S()
    kit, pal = sc.char("dupli-kit", CELL), sc.char("t-pal", CELL, items=["t-gem"])
    ogre = sc.disaster("t-ogre", CELL)
    fight(sc, ogre)
    assert sc.st.combat.target == pal  # a Character with an Item is picked first
    sc.do(sc.uses(kit)[0])
    assert sc.st.combat.target == kit and sc.uses(kit) == []
    next_round(sc, kit, pal)
    assert sc.st.combat.round == 2 and sc.st.combat.target == pal
    assert [a.target for a in sc.uses(kit)] == [None]


def test_character_dupli_kit_already_the_target_is_no_decoy():
    """Dupli-Kit, "he becomes the Disaster's target in place of the Character it picked":
    when it picked him, there is no Character to take the place of; his text is not
    applicable and waits (guideline 2.1; an improper use is not made, guideline 4.11):
    not offered, and his round's use is kept."""
    sc = S()
    kit = sc.char("dupli-kit", CELL, items=["t-gem"])
    sc.char("t-pal", CELL)
    fight(sc, sc.disaster("t-ogre", CELL))
    assert sc.st.combat.target == kit
    assert sc.uses(kit) == []
    sc.refused(UseCard(kit, 0), "would change nothing")


def test_character_vesper_dusk_first_round_of_a_turn_minus_one_defense():
    """Vesper Dusk, "At the start of her first Combat round of a Turn, the Disaster she
    fights gets -1 Defense until the end of the Combat": -1 in the first round, still -1
    (not -2) in the second, back after the Combat; again in the next Turn's Combat."""
    sc = S()
    vesper, wall = sc.char("vesper-dusk", CELL), sc.char("t-pal", CELL, items=["t-gem"])
    ogre = sc.disaster("t-ogre", CELL)
    fight(sc, ogre)
    assert ab(sc, ogre, "defense") == 19
    next_round(sc, vesper, wall)
    assert sc.st.combat.round == 2 and ab(sc, ogre, "defense") == 19
    end_combat(sc)
    assert ab(sc, ogre, "defense") == 20
    sc.next_turn(1)
    sc.next_turn(0)
    sc.unit(vesper).damage = sc.unit(wall).damage = 0
    sc.st.move_unit(sc.unit(ogre), CELL)  # back from its walk in the Maintenance phases
    fight(sc, ogre)
    assert ab(sc, ogre, "defense") == 19


def test_character_vesper_dusk_only_the_disaster_she_fights():
    """Vesper Dusk: "the Disaster she fights": a Disaster elsewhere keeps its Defense, and
    she fighting none, nothing happens."""
    sc = S()
    sc.char("vesper-dusk", CELL)
    ogre, far = sc.disaster("t-ogre", CELL), sc.disaster("t-ogre", FAR)
    fight(sc, ogre)
    assert (ab(sc, ogre, "defense"), ab(sc, far, "defense")) == (19, 20)


def test_character_fumiko_yumoto_her_group_at_the_start_of_your_turn():
    """Okami Fumiko Yumoto, "At the start of your Turn, her group gets +1 Energy until the
    end of the Turn": her player's Characters at her Location, not one elsewhere nor
    another player's there; not at the start of another player's Turn; gone after."""
    sc = S()
    fumiko, pal = sc.char("fumiko-yumoto", CELL), sc.char("t-pal", CELL)
    far, foe = sc.char("t-pal", FAR), sc.char("t-rival", CELL, seat=1)
    base = {u: ab(sc, u, "energy") for u in (fumiko, pal, far, foe)}
    sc.next_turn(1)
    assert {u: ab(sc, u, "energy") for u in base} == base
    sc.next_turn(0)
    assert {u: ab(sc, u, "energy") - base[u] for u in base} == {fumiko: 1, pal: 1, far: 0,
                                                                 foe: 0}
    sc.next_turn(1)
    assert {u: ab(sc, u, "energy") for u in base} == base


def test_character_sumire_mushimegane_discards_at_random_for_a_flash_effect_once_a_turn():
    """Sumire Mushimegane, "once per Turn she may discard a card at random to search your
    Draw pile for a Flash Effect": one card of the hand to the Discard pile, the first
    Flash Effect of the Draw pile to the hand; not twice a Turn; not with no card to
    discard (the cost must be paid)."""
    sc = S()
    sumire = sc.char("sumire-mushimegane", CELL)
    hand = sc.hand(0, "t-rock")
    flash = sc.draw_pile(0, "t-rock", "t-spark", "t-rock")[1]
    sc.do(sc.uses(sumire)[0])
    assert sc.st.seats[0].hand == [flash] and hand[0] in sc.st.seats[0].discard
    assert sc.uses(sumire) == []
    sc.next_turn(1)
    sc.next_turn(0)
    sc.st.seats[0].hand = []
    assert sc.uses(sumire) == []


def test_character_magical_guardian_plum_barrier_group_to_the_end_of_the_combat():
    """Magical Guardian Plum, "Plum Blossom Barrier: once per Turn in Combat, for 1 Energy,
    her group gets +1 Defense until the end of the Combat": her group there, not one of
    hers elsewhere; 1 Energy; in the second round still +1; not twice a Turn; gone after."""
    sc = S()
    plum, pal = sc.char("magical-guardian-plum", CELL), sc.char("t-pal", CELL, items=["t-gem"])
    far = sc.char("t-pal", FAR)
    assert sc.uses(plum) == []
    ogre = sc.disaster("t-ogre", CELL)
    fight(sc, ogre)
    energy = ab(sc, plum, "energy")
    sc.do(sc.uses(plum)[0])
    assert (ab(sc, plum, "defense"), ab(sc, pal, "defense"), ab(sc, far, "defense")) == (
        5, 5, 4)
    assert ab(sc, plum, "energy") == energy - 1
    next_round(sc, plum, pal)
    assert sc.st.combat.round == 2 and ab(sc, pal, "defense") == 5 and sc.uses(plum) == []
    end_combat(sc)
    assert (ab(sc, plum, "defense"), ab(sc, pal, "defense")) == (4, 4)


def test_character_rinrin_maraca_nothing_to_heal_waits_and_keeps_her_use():
    """Rinrin Maraca, "Once per game, in Combat, she heals all Damage of her group": with
    no Damage in her group there is nothing to heal; the text is not applicable and waits
    (guideline 2.1; an improper use is not made, guideline 4.11): not offered, and her one
    use a game is kept for when one of them is hurt."""
    sc = S()
    rin, pal = sc.char("rinrin-maraca", CELL), sc.char("t-pal", CELL, items=["t-gem"])
    far = sc.char("t-pal", FAR)  # one of hers elsewhere, hurt: not her group
    sc.unit(far).damage = 1
    fight(sc, sc.disaster("t-ogre", CELL))
    assert sc.uses(rin) == []
    sc.unit(pal).damage = 2
    sc.do(sc.uses(rin)[0])
    assert (sc.unit(pal).damage, sc.unit(far).damage) == (0, 1)



def test_character_doc_ishimaru_heals_only_one_of_yours_with_damage():
    """Doc Ishimaru, "Once per Combat round he heals 2 Damage of one of your Characters at
    his Location": a Character with no Damage is no target (guideline 2.1, not
    applicable), one hurt is; none hurt, the use is not offered and the round's use kept."""
    sc = S()
    doc, pal = sc.char("doc-ishimaru", CELL), sc.char("t-pal", CELL, items=["t-gem"])
    fight(sc, sc.disaster("t-ogre", CELL))
    assert sc.uses(doc) == []
    sc.unit(pal).damage = 3
    assert [a.target for a in sc.uses(doc)] == [pal]
    sc.do(sc.uses(doc)[0])
    assert sc.unit(pal).damage == 1


# Disasters ------------------------------------------------------------------------------

def test_disaster_moth_queen_first_round_of_a_turn_group_minus_one_attack():
    """Moth Queen of the Paper Lanterns, "in the first Combat round of a Turn, the group she
    fights gets -1 Attack until the end of the Combat": her group there, not one of its
    player's elsewhere; still -1 (not -2) in the second round; back after the Combat;
    again in the next Turn's first round."""
    sc = S()
    ace, pal = sc.char("t-ace", CELL), sc.char("t-pal", CELL, items=["t-gem"])
    far = sc.char("t-ace", FAR)
    queen = sc.disaster("moth-queen", CELL)
    fight(sc, queen)
    assert (ab(sc, ace, "attack"), ab(sc, pal, "attack"), ab(sc, far, "attack")) == (2, 1, 3)
    next_round(sc, ace, pal)
    assert sc.st.combat.round == 2 and (ab(sc, ace, "attack"), ab(sc, pal, "attack")) == (2, 1)
    end_combat(sc)
    assert (ab(sc, ace, "attack"), ab(sc, pal, "attack")) == (3, 2)
    sc.st.move_unit(sc.unit(far), HAVEN)
    again_next_turn(sc, queen, ace, pal)
    assert ab(sc, ace, "attack") == 2


def item_fight(card: str, items: int = 1):
    """Ace carries `items` Gems, Pal none; the Disaster `card` at CELL, fought: it targets
    Ace (a Character with an Item is picked first)."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["t-gem"] * items)
    pal = sc.char("t-pal", CELL)
    dis = sc.disaster(card, CELL)
    return sc, ace, pal, dis


def again_next_turn(sc: S, dis: int, *chars: int) -> list:
    """The Combat ends; seat 1's Turn; seat 0's next, the Disaster (which walked on, down
    a longer path, to no one) back at CELL, fought."""
    if sc.st.combat is not None:
        end_combat(sc)
    for x in range(2, 7):
        if (0, x) not in sc.st.places:
            sc.location((0, x))
    sc.next_turn(1)
    sc.next_turn(0)
    sc.st.move_unit(sc.unit(dis), CELL)
    for c in chars:
        sc.unit(c).damage = 0
    return fight(sc, dis)


def test_disaster_rogue_android_xr0_destroys_one_item_of_its_target_once_a_game():
    """Rogue Android XR-0, "once per game, a random Item of the Character it targets is
    Destroyed": one of the target's two Items goes to the Destroy pile; the next Turn's
    Combat destroys nothing."""
    sc, ace, pal, xr0 = item_fight("rogue-android-xr0", items=2)
    fight(sc, xr0)
    assert sc.st.combat.target == ace
    assert len(sc.unit(ace).items) == 1 and len(sc.st.destroyed) == 1
    again_next_turn(sc, xr0, ace, pal)
    assert sc.st.combat.target == ace
    assert len(sc.unit(ace).items) == 1 and len(sc.st.destroyed) == 1


def test_disaster_rogue_android_xr0_a_target_without_items_keeps_its_use():
    """Rogue Android XR-0: a target with no Item: not applicable, ignored until it is
    (Rules for Disasters; guideline 2.1): its once a game is kept for a target that has."""
    sc, ace, pal, xr0 = item_fight("rogue-android-xr0", items=0)
    fight(sc, xr0)
    assert sc.st.destroyed == []
    gem = sc.card("t-gem")
    sc.unit(ace).items.append(gem)
    sc.unit(pal).items.append(sc.card("t-gem"))
    again_next_turn(sc, xr0, ace, pal)
    assert len(sc.st.destroyed) == 1


def test_disaster_admiral_gildmaw_steals_once_a_turn_dropping_the_one_he_had():
    """Space Pirate Admiral Gildmaw, "once per Turn in Combat he steals a random Item from
    the Character he targets (dropping the one he had)": the first round takes one of the
    target's two, the second round of the Turn nothing, the next Turn's first round the
    other, and the first Item he had is dropped under the Location."""
    sc, ace, pal, gil = item_fight("admiral-gildmaw", items=2)
    sc.unit(ace).damage = -99  # Health to spare: a Bonk would hand him an Item too
    fight(sc, gil)
    first = list(sc.unit(gil).items)
    assert len(first) == 1 and len(sc.unit(ace).items) == 1
    next_round(sc, ace, pal)
    assert sc.st.combat.round == 2
    assert sc.unit(gil).items == first and len(sc.unit(ace).items) == 1
    again_next_turn(sc, gil, pal)
    assert sc.unit(ace).items == [] and len(sc.unit(gil).items) == 1
    assert first[0] in sc.st.places[CELL].under


def test_disaster_student_council_enforcer_all_items_of_her_target_once_a_game():
    """Student Council Enforcer, "once per game, the Character she targets drops all its
    Items under the Location": all of the target's, none of another's there; not again."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["t-gem", "t-gem", "t-gem"])
    pal = sc.char("t-pal", CELL)
    pal_gem = sc.cards(["t-gem"])
    sc.unit(pal).items = list(pal_gem)
    dropped = list(sc.unit(ace).items)
    dis = sc.disaster("student-council-enforcer", CELL)
    fight(sc, dis)
    target = sc.st.combat.target
    if target == pal:
        dropped, ace, pal = pal_gem, pal, ace
    assert sc.unit(ace).items == [] and len(sc.unit(pal).items) >= 1
    assert set(dropped) <= set(sc.st.places[CELL].under)
    kept = list(sc.unit(pal).items)
    again_next_turn(sc, dis, ace, pal)
    assert sc.unit(pal).items == kept


def test_disaster_misfiring_orbital_laser_revealed_characters_here_for_one_turn_moves_once():
    """Misfiring Orbital Laser, "Moves Once. When revealed, Characters here get -1 Defense
    for 1 Turn": every player's Characters there, not one elsewhere; each for one Turn of
    its own player (R29: the affected player's Turns), seat 0's this Turn, seat 1's its
    next; turned up while Scavenging, it never moves (Moves Once)."""
    sc = S()
    laser = sc.location(CELL, under=["misfiring-orbital-laser", "t-gem"]).stack[0]
    ace, foe = sc.char("t-ace", CELL), sc.char("t-rival", CELL, seat=1)
    far = sc.char("t-pal", FAR)
    sc.unit(ace).damage = -99  # Health to spare against its Attack 8
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert [ab(sc, u, "defense") for u in (ace, foe, far)] == [2, 1, 4]
    sc.do(RunAway(), RunTo(HAVEN))
    assert laser not in to_move(sc.st, 0)
    stop_scavenging(sc)
    sc.until(MOVE, 1)
    assert [ab(sc, u, "defense") for u in (ace, foe)] == [3, 1]
    sc.until(MOVE, 0)
    assert [ab(sc, u, "defense") for u in (ace, foe)] == [3, 2]
    assert sc.unit(laser).pos == CELL


def test_disaster_rival_delinquent_gang_falls_in_behind_a_disaster_here():
    """Rival Delinquent Gang, "When revealed, it falls in behind a Disaster here as its
    ally: they move together at the slower one's pace and attack as one" (Ally
    Disasters): allied with the Disaster there, led by it; the pair moves 1 (the Gang's
    Movement 1) though the leader has 2; in a Combat their Attacks are one attack."""
    sc = S()
    for x in range(2, 6):
        sc.location((0, x))
    sc.location(CELL, under=["rival-delinquent-gang", "t-gem"])
    gang = sc.st.places[CELL].stack[0]
    lead = sc.disaster("moth-queen", CELL)  # Movement 2, Attack 5
    sc.char("t-pal", CELL)
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert sc.unit(gang).leader == lead
    assert {u.card for u in alliance(sc.st, sc.unit(gang))} == {lead, gang}
    assert sc.st.combat is not None
    hits = [h for h in of(sc.do(Declare(sc.st.combat.to_declare[0], "none")), CombatHit)
            if h["target_kind"] == "character"]
    assert set(hits[0]["attackers"]) == {lead, gang}
    if sc.st.combat is not None:
        end_combat(sc)
    ev: list = []
    start = sc.st.path.index(sc.unit(lead).pos)
    move(sc.st, lead, ev)
    assert sc.unit(lead).pos == sc.unit(gang).pos == sc.st.path[start + 1]


def test_disaster_rival_delinquent_gang_alone_is_no_ally():
    """Rival Delinquent Gang: with no Disaster here it falls in behind nobody."""
    sc = S()
    sc.location(CELL, under=["rival-delinquent-gang", "t-gem"])
    gang = sc.st.places[CELL].stack[0]
    sc.char("t-ace", CELL)
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert sc.unit(gang).leader < 0 and len(alliance(sc.st, sc.unit(gang))) == 1


def test_disaster_pickpocket_tanuki_steals_and_flees_once_a_game():
    """Pickpocket Tanuki, "Once per game it steals a random Item from the Character it
    targets and flees": one Item of the target's two is its, the Combat is over and it
    is gone from the Location (Basic Terms, Flee); fought again later, it steals nothing
    and stays to fight."""
    sc, ace, pal, tanuki = item_fight("pickpocket-tanuki", items=2)
    fight(sc, tanuki)
    assert (len(sc.unit(ace).items), len(sc.unit(tanuki).items)) == (1, 1)
    assert sc.unit(tanuki).pos != CELL
    assert sc.st.combat is None or sc.st.combat.cell != CELL
    again_next_turn(sc, tanuki, ace, pal)
    assert len(sc.unit(ace).items) == 1 and sc.st.combat is not None
    assert sc.st.combat.cell == CELL


def test_disaster_pickpocket_tanuki_nothing_to_steal_it_fights_and_keeps_its_use():
    """Pickpocket Tanuki: a target with no Item: not applicable (Rules for Disasters: it
    "will attack even if it cannot perform its special ability"): no flight, the Combat
    goes on; later, a target with an Item is robbed."""
    sc, ace, pal, tanuki = item_fight("pickpocket-tanuki", items=0)
    fight(sc, tanuki)
    assert sc.st.combat is not None and sc.unit(tanuki).pos == CELL
    sc.unit(ace).items.append(sc.card("t-gem"))
    again_next_turn(sc, tanuki, ace, pal)
    assert sc.unit(ace).items == [] and len(sc.unit(tanuki).items) == 1


def test_disaster_vending_machine_mimic_the_targets_player_discards_once_a_game():
    """Vending Machine Mimic, "once per game, the player of the Character it targets
    discards a card at random. Moves Once": seat 0 (its Character fights) loses one card
    to its Discard pile, seat 1 none; not again the next Turn."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    mimic = sc.disaster("vending-machine-mimic", CELL)
    hands = [len(s.hand) for s in sc.st.seats]
    ev = fight(sc, mimic)
    assert [len(s.hand) for s in sc.st.seats] == [hands[0] - 1, hands[1]]
    assert [(e["card"] in sc.st.seats[0].discard) for e in of(ev, CardDiscarded)] == [True]
    ev = again_next_turn(sc, mimic, ace)  # it walked its one move on, in a Maintenance phase
    assert of(ev, CardDiscarded) == [] and sc.st.combat is not None
    assert mimic not in to_move(sc.st, 0)


def test_disaster_vending_machine_mimic_drawn_moves_once_then_stays():
    """Vending Machine Mimic, "Moves Once" (Rules for Disasters): drawn from the Draw pile
    it moves in its player's next Maintenance phase, then never again."""
    sc = S()
    for x in range(2, 7):
        sc.location((0, x))
    mimic = sc.card("vending-machine-mimic")
    enter_from_draw(sc.st, mimic, 0, [])
    start = sc.unit(mimic).pos
    assert mimic in to_move(sc.st, 0)
    move(sc.st, mimic, [])
    moved = sc.unit(mimic).pos
    assert moved != start and mimic not in to_move(sc.st, 0)


def test_disaster_jealous_rival_idol_steals_once_a_game_dropping_the_one_she_had():
    """Jealous Rival Idol, "once per game, a random Item of the Character she targets (she
    drops the one she had)": one of two Items is hers, the one she had under the
    Location; not again in the next Turn's Combat."""
    sc, ace, pal, idol = item_fight("jealous-rival-idol", items=2)
    old = sc.cards(["t-gem"])
    sc.unit(idol).items = list(old)
    sc.unit(ace).damage = -99
    fight(sc, idol)
    assert len(sc.unit(ace).items) == 1 and len(sc.unit(idol).items) == 1
    assert old[0] in sc.st.places[CELL].under and sc.unit(idol).items != old
    again_next_turn(sc, idol, pal)
    assert len(sc.unit(ace).items) == 1


def test_disaster_galactic_tax_audit_the_groups_player_discards_and_one_turn():
    """Galactic Tax Audit, "Without Bureaucracy: the group's player discards a card at
    random, and -1 Attack and Defense for 1 Turn": the Scavenging group's player (seat 0)
    discards one, seat 1 whose Character stands there none; -1 Attack and Defense for
    seat 0's group this Turn, none for seat 1's Character; over at the Turn's end (R29)."""
    sc = S()
    sc.location(CELL, under=["galactic-tax-audit", "t-gem"])
    ace, pal = sc.char("t-ace", CELL), sc.char("t-pal", CELL)
    foe = sc.char("t-rival", CELL, seat=1)
    hands = [len(s.hand) for s in sc.st.seats]
    base = {u: (ab(sc, u, "attack"), ab(sc, u, "defense")) for u in (ace, pal, foe)}
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert [len(s.hand) for s in sc.st.seats] == [hands[0] - 1, hands[1]]
    assert {u: (ab(sc, u, "attack") - base[u][0], ab(sc, u, "defense") - base[u][1])
            for u in base} == {ace: (-1, -1), pal: (-1, -1), foe: (0, 0)}
    stop_scavenging(sc)
    sc.until(MOVE, 1)
    assert {u: (ab(sc, u, "attack"), ab(sc, u, "defense")) for u in base} == base


# Enhancements, a Haven, an Item ------------------------------------------------------------

def test_enhancement_cybernetic_upgrade_tech_two_defense_one_energy_held():
    """Cybernetic Upgrade (+2 Defense, costs 1 Energy), "a Tech skill": its host has Tech
    (a mechanic for Kaede Ironside's text: +1 Defense to her), +2 Defense, 1 Energy held
    while kept (Rules for Enhancements); another in the group has no Tech of its own; a
    second copy the next Turn, Tech 2 (guideline 4.9), +4 Defense and 2 Energy held."""
    sc = S()
    host, kaede = sc.char("t-plain-guy", HAVEN), sc.char("kaede-ironside", HAVEN)
    base = {a: ab(sc, host, a) for a in ("defense", "energy")}
    kaede_def = ab(sc, kaede, "defense")
    enhance(sc, "cybernetic-upgrade", host)
    assert skill_count(sc.st, [sc.unit(host)], "Tech") == 1
    assert skill_count(sc.st, [sc.unit(kaede)], "Tech") == 0
    assert (ab(sc, host, "defense"), ab(sc, host, "energy")) == (
        base["defense"] + 2, base["energy"] - 1)
    assert ab(sc, kaede, "defense") == kaede_def + 1
    sc.next_turn(1)
    sc.next_turn(0)  # one Enhancement per Equip phase (Rules for Enhancements)
    enhance(sc, "cybernetic-upgrade", host)
    assert skill_count(sc.st, [sc.unit(host)], "Tech") == 2
    assert (ab(sc, host, "defense"), ab(sc, host, "energy")) == (
        base["defense"] + 4, base["energy"] - 2)


def test_enhancement_blessing_of_the_pale_moon_pure_heart_meets_the_shrine_steps():
    """Blessing of the Pale Moon (+1 Defense, +1 Charm), "Pure Heart": a Priest without
    Pure Heart cannot Scavenge Shrine Steps Under the Moon (Priest, Pure Heart); with the
    Blessing on her group's other Character it can (Rules for Locations: the group's
    skills)."""
    sc = S()
    sc.location((0, 2), "shrine-steps-under-the-moon", under=["t-gem"])
    priest = sc.char("t-ace", (0, 2))  # Priest 1, no Pure Heart
    guy = sc.char("t-plain-guy", HAVEN)
    base = (ab(sc, guy, "defense"), ab(sc, guy, "charm"))
    sc.turn(SCAVENGE).refused(Scavenge((0, 2)))
    enhance(sc, "blessing-of-the-pale-moon", guy)
    assert skill_count(sc.st, [sc.unit(guy)], "Pure Heart") == 1
    assert (ab(sc, guy, "defense"), ab(sc, guy, "charm")) == (base[0] + 1, base[1] + 1)
    sc.st.move_unit(sc.unit(guy), (0, 2))
    sc.turn(SCAVENGE).do(Scavenge((0, 2)))
    assert sc.st.scavenging is not None and priest in sc.st.units


def test_haven_ramen_shop_back_room_your_characters_here_at_the_start_of_your_turn():
    """Ramen Shop Back Room, "At the start of your Turn, your Characters here get +1 Energy
    until the end of the Turn": its player's Characters in it, not one elsewhere nor
    another player's guest in it; not at the start of the other player's Turn; one who
    leaves keeps it to the end of the Turn; gone the next."""
    from test_rules_s36r2 import haven_scene
    sc = haven_scene("ramen-shop-back-room")
    home, away = sc.char("t-pal", HAVEN), sc.char("t-pal", FAR)
    guest = sc.char("t-rival", HAVEN, seat=1)
    sc.next_turn(1)
    assert [ab(sc, u, "energy") for u in (home, away, guest)] == [1, 1, 1]
    sc.next_turn(0)
    assert [ab(sc, u, "energy") for u in (home, away, guest)] == [2, 1, 1]
    sc.do(Move((home,), CELL))
    assert ab(sc, home, "energy") == 2
    sc.next_turn(1)
    assert ab(sc, home, "energy") == 1


def test_item_yokai_field_guide_illusion_piercing_to_the_end_of_the_turn():
    """Yokai Field Guide, "Use: Illusion Piercing until the end of the Turn" (Basic Terms,
    Uses: once per Turn): its carrier sees through the Mysterious Fog ("Someone who sees
    through illusions leads the way") and Defeats it; not used twice a Turn; gone the next
    Turn, used again then."""
    sc = S()
    sc.location((0, 2), under=["mysterious-fog", "t-gem"])
    guy = sc.char("t-plain-guy", (0, 2), items=["yokai-field-guide"])
    guide = sc.unit(guy).items[0]
    assert skill_count(sc.st, [sc.unit(guy)], "Illusion Piercing") == 0
    sc.do(sc.uses(guide)[0])
    assert skill_count(sc.st, [sc.unit(guy)], "Illusion Piercing") == 1
    assert sc.uses(guide) == []
    ev = sc.turn(SCAVENGE).do(Scavenge((0, 2)))
    assert [e["by"] for e in of(ev, DisasterDefeated)] == [[guy]]
    stop_scavenging(sc)
    sc.next_turn(1)
    assert skill_count(sc.st, [sc.unit(guy)], "Illusion Piercing") == 0
    sc.next_turn(0)
    assert len(sc.uses(guide)) == 1


# Locations --------------------------------------------------------------------------------

LOC = (0, 2)  # beside FAR
# Location, the ability its text gives "Characters here", by how much, a Character whose
# group meets its requirements to Scavenge it (a Pal has Tech alone and meets none), one
# who may walk in (Planetary and Dimensional Locations: a Character with the symbol).
HERE = [
    ("orbital-drydock-kestrel", "movement", 1, "polaris-9", "dupli-kit"),  # Pilot; Planetary
    ("field-hospital-tent", "defense", 1, "doc-ishimaru", "t-pal"),  # "+1 Defense"; Medic
    ("hundred-lantern-night-market", "charm", 1, "madame-foxglove",  # Shapechange
     "umbrella-ghost-pete"),  # Dimensional
    ("mirror-world-torii", "attack", -1, "yukiha-shimotsuki",  # "-1 Attack"; ESP
     "umbrella-ghost-pete"),  # Dimensional
    ("falling-petal-dojo", "attack", 1, "akiko-sakuragawa", "t-pal"),  # Swordsman x2
    ("haunted-old-school-building", "defense", -1, "shin-tokorozawa",  # School, Blind Luck
     "t-pal"),
]


@pytest.mark.parametrize("card,ability,by,able,walker", HERE, ids=[h[0] for h in HERE])
def test_location_characters_here_while_here_every_player_no_disaster(card, ability, by, able,
                                                                      walker):
    """The Location's "Characters here get ...": every player's Characters there, for as
    long as they are there (one who walks in has it, one who walks out has it no more),
    not a Disaster there; and only a group meeting its requirements Scavenges it (Rules
    for Locations)."""
    sc = S()
    sc.location(LOC, card, under=["t-gem"])
    ace, foe = sc.char("t-ace", LOC), sc.char("t-rival", LOC, seat=1)
    pal = sc.char(walker, FAR)
    base = {u: sc.game.card(u).ability(ability) for u in (ace, foe, pal)}
    assert {u: ab(sc, u, ability) - base[u] for u in base} == {ace: by, foe: by, pal: 0}
    sc.do(Move((pal,), LOC), Move((ace,), FAR))
    assert {u: ab(sc, u, ability) - base[u] for u in base} == {ace: 0, foe: by, pal: by}
    ogre = sc.disaster("moth-queen", LOC)  # printed with all five abilities
    assert ab(sc, ogre, ability) == sc.game.card(ogre).ability(ability)
    sc.st.move_unit(sc.unit(ogre), (5, 5))  # out of the way of the Scavenging
    sc.turn(SCAVENGE).refused(Scavenge(LOC))
    sc.char(able, LOC)
    sc.do(Scavenge(LOC))
    assert sc.st.scavenging is not None


# Location, a group one short of what its text names, the Character that completes it.
BUILD = [
    # "a group with Mech x2 and Pilot x2": Kaede (Pilot 2, Mech 1), then Mio (Mech 1)
    ("hangar-13", ["kaede-ironside"], "mio-sprocket"),
    # "2 Males with Military x2": Daigo (male, Military 2), then Reiji (male, Military 1)
    ("command-bunker", ["daigo-hatakeyama"], "reiji-valen"),
    # "a group with Student x2 and a Teacher": Tadashi (Teacher 2), Sumire (Student 1),
    # then Akiko (Student 1)
    ("school-rooftop", ["tadashi-kokuban", "sumire-mushimegane"], "akiko-sakuragawa"),
]


@pytest.mark.parametrize("card,short,last", BUILD, ids=[b[0] for b in BUILD])
def test_location_becomes_a_haven_for_the_exact_group_once_its_disasters_are_revealed(
        card, short, last):
    """"Once its Disasters are revealed, <the group> can make it a Haven" (Rules for
    Locations): a group one short of the numbers cannot; the whole group cannot while a
    Disaster is still under it, can once it has been revealed, and it is that player's
    Haven (guideline 4.10); another player's Characters there count for nothing."""
    sc = S()
    sc.location(LOC, card, under=["t-gem"])
    for c in short:
        sc.char(c, LOC)
    sc.char(last, LOC, seat=1)  # another player's: not of the group
    sc.turn(SCAVENGE)
    sc.refused(BuildHaven(LOC))
    sc.char(last, LOC)
    sc.do(BuildHaven(LOC))
    assert sc.st.places[LOC].kind == "haven" and LOC in sc.st.seats[0].havens


def test_command_bunker_two_males_not_one_male_with_the_military():
    """Command Bunker, "2 Males with Military x2": Daigo (Military 2) with a woman of the
    Military (Kaede) is one Male: no Haven."""
    sc = S()
    sc.location(LOC, "command-bunker", under=["t-gem"])
    sc.char("daigo-hatakeyama", LOC)
    sc.char("kaede-ironside", LOC)
    sc.turn(SCAVENGE).refused(BuildHaven(LOC))


def test_a_location_with_a_disaster_still_under_it_becomes_no_haven():
    """"Once its Disasters are revealed": the group that meets the numbers cannot build on a
    Location with a Disaster under it; after Scavenging has turned it over, it can."""
    sc = S()
    sc.location(LOC, "hangar-13", under=["t-ogre", "t-gem"])
    sc.char("kaede-ironside", LOC)
    sc.char("mio-sprocket", LOC)
    sc.turn(SCAVENGE).refused(BuildHaven(LOC))
    sc.st.take_top(LOC)
    sc.do(BuildHaven(LOC))
    assert sc.st.places[LOC].kind == "haven"


# Three seats ------------------------------------------------------------------------------

def test_three_seats_misfiring_orbital_laser_each_affected_players_own_turn_R29():
    """Misfiring Orbital Laser, "When revealed, Characters here get -1 Defense for 1 Turn",
    at three seats (R29: a Disaster's text counts the affected player's Turns): seat 0's
    Character for seat 0's Turn, seat 1's through seat 1's next Turn, seat 2's through
    seat 2's."""
    sc = S3()
    sc.location(CELL, under=["misfiring-orbital-laser", "t-gem"])
    ace = sc.char("t-ace", CELL)
    one, two = sc.char("t-rival", CELL, seat=1), sc.char("t-rival", CELL, seat=2)
    sc.unit(ace).damage = -99  # Health to spare against its Attack 8
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert [ab(sc, u, "defense") for u in (ace, one, two)] == [2, 1, 1]
    sc.do(RunAway(), RunTo(HAVEN))
    stop_scavenging(sc)
    sc.until(MOVE, 1)
    assert [ab(sc, u, "defense") for u in (ace, one, two)] == [3, 1, 1]
    sc.until(MOVE, 2)
    assert [ab(sc, u, "defense") for u in (ace, one, two)] == [3, 2, 1]
    sc.until(MOVE, 0)
    assert [ab(sc, u, "defense") for u in (ace, one, two)] == [3, 2, 2]


def test_three_seats_galactic_tax_audit_only_the_groups_player_discards():
    """Galactic Tax Audit, "the group's player discards a card at random", at three seats:
    seat 0, whose group Scavenges, loses a card; seats 1 and 2, whose Characters stand
    there too, lose none, nor suffer its -1 Attack and Defense."""
    sc = S3()
    sc.location(CELL, under=["galactic-tax-audit", "t-gem"])
    ace = sc.char("t-ace", CELL)
    one, two = sc.char("t-rival", CELL, seat=1), sc.char("t-rival", CELL, seat=2)
    base = [ab(sc, u, "attack") for u in (ace, one, two)]
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert [len(s.hand) for s in sc.st.seats] == [1, 2, 2]
    assert [ab(sc, u, "attack") for u in (ace, one, two)] == [base[0] - 1, base[1], base[2]]
