"""Every shipped card does what its text says (s36r2): scenes that play a card through
the real actions and check each number and condition its text states (who may play it,
when, on what, how long, two copies), beyond the one row per card of tests/test_cards.py.
Each test names the card and the rule section it pins."""
from __future__ import annotations

import random

import pytest
from scene import card_db, empty_deck, of
from test_cards import FIXTURES, SHIPPED
from test_effects import NO_CHARM, EffectScene

from game.engine.abilities import skill_count, total
from game.engine.actions import (Fight, Move, Pass, PlayCard, Retrieve, Scavenge, UseCard,
                                 UseEquipment)
from game.engine.cards import CardDB
from game.engine.game import Game
from game.engine.lasting import has_flag
from game.engine.state import EQUIP, MOVE, SCAVENGE, GameState, SeatState
from game.engine.turns import PhaseStep

MORE = """\
- {id: t-plain-guy, name: Plain Guy, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 3}}
"""
DB = CardDB({**SHIPPED.cards, **card_db(FIXTURES + MORE).cards})
CELL, FAR, HAVEN, FOE_HAVEN = (0, 0), (0, 1), (1, 0), (2, 2)


class S(EffectScene):
    """Two seats, the shipped cards with the fixtures of test_cards, no Charm Combat."""

    def __init__(self):
        self.db = DB
        self.game = Game(DB, [empty_deck(s) for s in range(2)], NO_CHARM)
        self.st = GameState(self.game, random.Random(0), [SeatState(turns=1) for _ in range(2)],
                            phase=MOVE, pending=[PhaseStep()])
        self.location(CELL, under=["t-gem"])
        self.location(FAR, under=["t-gem"])  # an Item left: the game goes on
        self.haven(HAVEN)
        self.haven(FOE_HAVEN, seat=1)
        for s in (0, 1):
            self.combat_pile(s, *["blank"] * 12)
            self.draw_pile(s, *["t-rock"] * 12)
            self.hand(s, "t-rock", "t-rock")

    def give(self, card: str, seat: int = 0) -> int:
        """A card put in the seat's hand (kept with what is there)."""
        c = self.card(card, seat)
        self.st.seats[seat].hand.append(c)
        return c

    def uses(self, card: int) -> list[UseCard]:
        return [a for a in self.legal() if isinstance(a, UseCard) and a.card == card]

    def plays(self, card: int) -> list[PlayCard]:
        return [a for a in self.legal() if isinstance(a, PlayCard) and a.card == card]

    def next_turn(self, seat: int) -> None:
        """End phases until `seat`'s Move phase of its next Turn."""
        self.until(MOVE, seat)


def play(sc: S, card: str, target: int | None, seat: int = 0) -> int:
    """`seat` plays a new `card` on `target`; the others pass: it resolves."""
    c = sc.give(card, seat)
    sc.do(PlayCard(c, target))
    while sc.st.flash_stack:
        sc.do(Pass())
    return c


def ab(sc: S, unit: int, ability: str) -> int:
    return total(sc.st, sc.unit(unit), ability)


# Flash Effects ---------------------------------------------------------------------

def test_flash_effect_dramatic_entrance_duration_until_the_end_of_the_turn():
    """Dramatic Entrance, "For 1 Energy, one of your Characters gets +3 Charm until the end
    of the Turn" (Rules for Flash Effects: the Character it goes on pays): +3 Charm and
    1 Energy spent this Turn; the next Turn both are back; a Character with no Energy
    cannot take it."""
    sc = S()
    ace, broke = sc.char("t-ace", CELL), sc.char("t-pal", CELL)
    sc.unit(broke).spent = 1
    charm, energy = ab(sc, ace, "charm"), ab(sc, ace, "energy")
    card = play(sc, "dramatic-entrance", ace)
    assert (ab(sc, ace, "charm"), ab(sc, ace, "energy")) == (charm + 3, energy - 1)
    other = sc.give("dramatic-entrance")
    assert PlayCard(other, broke) not in sc.legal() and PlayCard(other, ace) in sc.legal()
    sc.next_turn(1)
    assert ab(sc, ace, "charm") == charm and card in sc.st.seats[0].discard


def test_flash_effect_overclock_requirement_android_is_the_targets_own():
    """Overclock, "one of your Androids gets +3 Attack" (Rules for Flash Effects: "the
    Character using the Flash Effect must ... meet the requirement"): a Character who is
    no Android cannot take it, though an Android stands in its group."""
    sc = S()
    android, pal = sc.char("t-ace", CELL), sc.char("t-pal", CELL)
    card = sc.give("overclock")
    assert [a.target for a in sc.plays(card)] == [android]
    sc.refused(PlayCard(card, pal), "requirement")


def test_flash_effect_foxfire_flicker_requirement_an_element_of_its_own():
    """Foxfire Flicker, "one of your Characters with an Element gets +2 Attack": its
    Element, not its group's (Rules for Flash Effects)."""
    sc = S()
    fire, pal = sc.char("t-ace", CELL), sc.char("t-pal", CELL)
    card = sc.give("foxfire-flicker")
    sc.refused(PlayCard(card, pal), "requirement")
    attack = ab(sc, fire, "attack")
    play(sc, "foxfire-flicker", fire)
    assert ab(sc, fire, "attack") == attack + 2


def test_flash_effect_limit_break_scream_doubles_the_total_attack():
    """Limit Break Scream, "doubles its Attack until the end of the Turn" (guideline 1.3:
    a multiplier modifies the Total): 3 + 2 (Bandaged Fists) doubled is 10; 2 Energy."""
    sc = S()
    ace = sc.char("t-ace", CELL, enhancements=["bandaged-fists"])
    assert ab(sc, ace, "attack") == 5
    energy = ab(sc, ace, "energy")
    play(sc, "limit-break-scream", ace)
    assert ab(sc, ace, "attack") == 10 and ab(sc, ace, "energy") == energy - 2
    sc.next_turn(1)
    assert ab(sc, ace, "attack") == 5


def test_flash_effect_friendship_speech_the_targets_group_only():
    """Friendship Speech, "the group of one of your Characters gets +1 Attack and +1 Charm
    until the end of the Turn": those at its cell; one of yours elsewhere gets nothing."""
    sc = S()
    ace, pal, far = sc.char("t-ace", CELL), sc.char("t-pal", CELL), sc.char("t-pal", FAR)
    before = {u: (ab(sc, u, "attack"), ab(sc, u, "charm")) for u in (ace, pal, far)}
    play(sc, "friendship-speech", pal)
    assert {u: (ab(sc, u, "attack"), ab(sc, u, "charm")) for u in (ace, pal, far)} == {
        ace: (before[ace][0] + 1, before[ace][1] + 1), pal: (before[pal][0] + 1,
                                                             before[pal][1] + 1),
        far: before[far]}
    assert ab(sc, pal, "energy") == 0  # Pal paid its 1 Energy


def test_flash_effect_afterimage_dash_two_more_steps_this_turn():
    """Afterimage Dash, "+2 Movement until the end of the Turn": a Movement 2 Character
    moves 4 cells this Move phase."""
    sc = S()
    sc.location((0, 2))
    sc.location((0, 3))
    sc.location((0, 4))
    ace = sc.char("t-ace", CELL)
    sc.refused(Move((ace,), (0, 4)))
    play(sc, "afterimage-dash", ace)
    sc.do(Move((ace,), (0, 4)))
    assert sc.unit(ace).pos == (0, 4)


def test_flash_effect_emergency_bento_two_energy_for_the_turn_no_cost():
    """Emergency Bento, "+2 Energy until the end of the Turn" with no cost."""
    sc = S()
    pal = sc.char("t-pal", CELL)
    play(sc, "emergency-bento", pal)
    assert ab(sc, pal, "energy") == 3
    sc.next_turn(1)
    assert ab(sc, pal, "energy") == 1


def test_flash_effect_second_wind_heals_in_combat_and_two_defense():
    """Second Wind, "heals all its Damage and gets +2 Defense until the end of the Turn",
    in a Combat where Damage stays."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    ogre = sc.disaster("t-ogre", CELL)
    sc.do(Fight(ogre))
    sc.unit(ace).damage = 2
    defense = ab(sc, ace, "defense")
    play(sc, "second-wind", ace)
    assert sc.unit(ace).damage == 0 and ab(sc, ace, "defense") == defense + 2


# Global Effects --------------------------------------------------------------------

def global_effect(sc: S, card: str) -> int:
    """Played Off Field in the Equip phase (Rules for Global Effects); back to Move."""
    c = sc.give(card)
    sc.turn(EQUIP).do(PlayCard(c))
    sc.turn(MOVE)
    return c


def test_global_effect_summer_festival_night_three_uses_once_a_turn_then_removed():
    """Summer Festival Night, "Use: all your Characters get +1 Charm and +1 Energy until the
    end of the Turn. 3 uses." (Basic Terms, Uses: once per Turn; Rules for Global Effects:
    "When a Global Effect with uses runs out of uses, it is removed from the game")."""
    sc = S()
    ace, far = sc.char("t-ace", CELL), sc.char("t-pal", FAR)
    foe = sc.char("t-rival", CELL, seat=1)
    card = global_effect(sc, "summer-festival-night")
    for turn in range(3):
        charm = ab(sc, far, "charm")
        sc.do(sc.uses(card)[0])
        assert ab(sc, far, "charm") == charm + 1 and ab(sc, ace, "energy") == 5
        assert ab(sc, foe, "charm") == 1
        assert sc.uses(card) == []  # once per Turn
        sc.next_turn(1)
        sc.next_turn(0)
    assert card in sc.st.destroyed and card not in sc.st.seats[0].discard
    assert not any(o.card == card for o in sc.st.off_field)


def test_global_effect_pirate_radio_anthem_this_turn_and_your_next_not_in_the_foes():
    """Pirate Radio Anthem, "Use in your Turn: all your Characters get +1 Attack and +1
    Movement for this Turn and your next" (Time, Duration: the Turn it is played first)."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    card = global_effect(sc, "pirate-radio-anthem")
    rival = sc.char("t-rival", FAR, seat=1)
    sc.turn(MOVE, seat=1).do(PlayCard(sc.give("t-pep", 1), rival))
    assert sc.st.current_seat() == 0 and sc.uses(card) == []  # answering, not its Turn
    sc.do(Pass())
    sc.turn(MOVE, seat=0)
    sc.do(sc.uses(card)[0])
    assert (ab(sc, ace, "attack"), ab(sc, ace, "movement")) == (4, 3)
    sc.next_turn(1)
    assert ab(sc, ace, "attack") == 4  # the other player's Turn, between
    sc.next_turn(0)
    assert ab(sc, ace, "attack") == 4  # your next
    sc.next_turn(1)
    assert ab(sc, ace, "attack") == 3


def test_global_effect_training_arc_only_in_your_haven_lasts_two_of_your_turns():
    """Training Arc, "one of your Characters in your Haven pays 1 Energy and gets +1 Attack
    and +1 Defense for this Turn and your next": one on the Field is no target; the one
    trained keeps it though it leaves the Haven."""
    sc = S()
    home = sc.char("t-ace", HAVEN)
    sc.char("t-ace", CELL)  # on the Field: no target
    card = global_effect(sc, "training-arc")
    assert [a.target for a in sc.uses(card)] == [home]
    sc.do(UseCard(card, 0, home))
    assert (ab(sc, home, "attack"), ab(sc, home, "defense"), ab(sc, home, "energy")) == (4, 4, 3)
    sc.do(Move((home,), CELL))
    sc.next_turn(0)
    assert (ab(sc, home, "attack"), ab(sc, home, "defense")) == (4, 4)
    sc.next_turn(1)
    assert (ab(sc, home, "attack"), ab(sc, home, "defense")) == (3, 3)


def test_global_effect_full_moon_rising_spirit_characters_only_while_in_play():
    """Full Moon Rising, "your Spirit Characters get +1 Attack": a Spirit of yours, not
    one who is no Spirit, nor another player's Spirit."""
    sc = S()
    spirit, pal = sc.char("t-kitsune", CELL), sc.char("t-pal", CELL)
    theirs = sc.char("t-kitsune", CELL, seat=1)
    global_effect(sc, "full-moon-rising")
    assert (ab(sc, spirit, "attack"), ab(sc, pal, "attack"), ab(sc, theirs, "attack")) == (2, 2, 1)


def test_global_effect_morning_radio_calisthenics_two_copies_each_its_own_uses():
    """Morning Radio Calisthenics, "+1 Defense until the end of the Turn. 2 uses": two in
    play are used once each in a Turn (+2), and each has its own 2 uses."""
    sc = S()
    pal = sc.char("t-pal", CELL)
    a = global_effect(sc, "morning-radio-calisthenics")
    sc.next_turn(1)
    sc.until(EQUIP)  # one Global Effect per Equip phase
    b = sc.give("morning-radio-calisthenics")
    sc.do(PlayCard(b))
    sc.turn(MOVE)
    sc.do(sc.uses(a)[0], sc.uses(b)[0])
    assert ab(sc, pal, "defense") == 6
    sc.next_turn(1)
    sc.next_turn(0)
    sc.do(sc.uses(a)[0])
    assert ab(sc, pal, "defense") == 5
    sc.next_turn(1)
    sc.next_turn(0)
    assert sc.uses(a) == [] and len(sc.uses(b)) == 1


def test_global_effect_supply_drop_draws_one_and_energy_to_all_yours():
    """Supply Drop, "Use: draw a card, and all your Characters get +1 Energy until the end
    of the Turn. 2 uses"."""
    sc = S()
    pal, far = sc.char("t-pal", CELL), sc.char("t-pal", FAR)
    card = global_effect(sc, "supply-drop")
    hand = len(sc.st.seats[0].hand)
    sc.do(sc.uses(card)[0])
    assert len(sc.st.seats[0].hand) == hand + 1
    assert (ab(sc, pal, "energy"), ab(sc, far, "energy")) == (2, 2)


# Enhancements ------------------------------------------------------------------------

def enhance(sc: S, card: str, host: int) -> int:
    """Played on a Character in its Haven in the Equip phase (Rules for Enhancements)."""
    c = sc.give(card)
    sc.turn(EQUIP).do(PlayCard(c, host))
    sc.turn(MOVE)
    return c


def test_enhancement_cat_ear_reflexes_aliens_only_first_round_of_a_turn():
    """Cat-Ear Reflexes, "at the start of the first Combat round of a Turn, +1 Defense
    until the end of the Combat. Aliens only.": refused on one who is no Alien; +1
    Defense and +1 Movement kept; the first round's +1 once a Turn, gone with the Combat."""
    sc = S()
    pal, ace = sc.char("t-pal", HAVEN), sc.char("t-ace", HAVEN)
    card = sc.give("cat-ear-reflexes")
    sc.turn(EQUIP).refused(PlayCard(card, pal), "requirement")
    sc.do(PlayCard(card, ace))
    assert (ab(sc, ace, "defense"), ab(sc, ace, "movement")) == (4, 3)
    sc.turn(MOVE).do(Move((ace,), CELL))
    ogre = sc.disaster("t-ogre", CELL)
    sc.do(Fight(ogre))
    assert ab(sc, ace, "defense") == 5


def test_enhancement_inner_spirit_awakening_cost_held_while_kept():
    """Inner Spirit Awakening, +2 Attack, cost 1 Energy, Illusion Piercing (Rules for
    Enhancements: "it is paid as long as the Character has the Enhancement"): the host's
    Energy is 1 less every Turn it keeps it."""
    sc = S()
    ace = sc.char("t-ace", HAVEN)
    enhance(sc, "inner-spirit-awakening", ace)
    assert (ab(sc, ace, "attack"), ab(sc, ace, "energy")) == (5, 3)
    assert skill_count(sc.st, [sc.unit(ace)], "Illusion Piercing") == 1
    sc.next_turn(1)
    sc.next_turn(0)
    assert (ab(sc, ace, "attack"), ab(sc, ace, "energy")) == (5, 3)


def test_enhancement_training_montage_movement_only_the_turn_played():
    """Training Montage, +1 Attack +1 Defense; "When played, +1 Movement until the end of
    the Turn"."""
    sc = S()
    ace = sc.char("t-ace", HAVEN)
    enhance(sc, "training-montage", ace)
    assert (ab(sc, ace, "attack"), ab(sc, ace, "defense"), ab(sc, ace, "movement")) == (4, 4, 3)
    sc.next_turn(1)
    assert (ab(sc, ace, "attack"), ab(sc, ace, "defense"), ab(sc, ace, "movement")) == (4, 4, 2)


def test_enhancement_second_helping_once_a_turn_at_her_location():
    """Second Helping, +2 Energy -1 Movement; "Once per Turn, one of your Characters at her
    Location gets +1 Energy until the end of the Turn": not one elsewhere, not twice."""
    sc = S()
    host, pal, far = sc.char("t-ace", HAVEN), sc.char("t-pal", HAVEN), sc.char("t-pal", FAR)
    card = enhance(sc, "second-helping", host)
    assert (ab(sc, host, "energy"), ab(sc, host, "movement")) == (6, 1)
    assert sorted(a.target for a in sc.uses(card)) == sorted([host, pal])
    sc.do(UseCard(card, 0, pal))
    assert ab(sc, pal, "energy") == 2 and ab(sc, far, "energy") == 1
    assert sc.uses(card) == []


def test_enhancement_ponytail_of_resolve_defense_when_scavenging_only():
    """Ponytail of Resolve, +2 Charm; "When her group begins Scavenging, +1 Defense until
    the end of the Turn"."""
    sc = S()
    ace = sc.char("t-ace", CELL, enhancements=["ponytail-of-resolve"])
    assert (ab(sc, ace, "charm"), ab(sc, ace, "defense")) == (4, 3)
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert ab(sc, ace, "defense") == 4
    sc.do(Retrieve(ace))
    sc.next_turn(1)
    assert ab(sc, ace, "defense") == 3


def test_enhancement_bandaged_fists_two_copies_both_count():
    """Bandaged Fists, +2 Attack -1 Charm, Martial Arts: two on one host give +4 Attack,
    -2 Charm and Martial Arts x2 (each Enhancement modifies the ability)."""
    sc = S()
    ace = sc.char("t-ace", CELL, enhancements=["bandaged-fists", "bandaged-fists"])
    assert (ab(sc, ace, "attack"), ab(sc, ace, "charm")) == (7, 0)
    assert skill_count(sc.st, [sc.unit(ace)], "Martial Arts") == 2


# Equipment ------------------------------------------------------------------------------

def equip(sc: S, unit: int, *cards: str) -> list[int]:
    """Carried pieces taken into use in the Equip phase (Rules for Equipment); Move."""
    pieces = sc.cards(cards)
    sc.unit(unit).equipment += pieces
    sc.turn(EQUIP)
    for p in pieces:
        sc.do(UseEquipment(p, unit))
    sc.turn(MOVE)
    return pieces


def test_equipment_hornet_battle_walker_pilot_of_its_own_once_a_turn_in_combat():
    """Hornet-Class Battle Walker (Pilot; +3 Attack +2 Defense, cost 1 Energy), "Once per
    Turn in Combat: 1 Damage to a Disaster at its Location" (Rules for Equipment: the
    Character using it meets the requirement, not its group)."""
    sc = S()
    pal, ace = sc.char("t-pal", CELL), sc.char("t-ace", CELL)
    walker = sc.card("hornet-battle-walker")
    sc.unit(pal).equipment.append(walker)
    sc.turn(EQUIP).refused(UseEquipment(walker, pal))
    sc.unit(pal).equipment.remove(walker)
    sc.unit(ace).equipment.append(walker)
    sc.do(UseEquipment(walker, ace))
    sc.turn(MOVE)
    assert (ab(sc, ace, "attack"), ab(sc, ace, "defense"), ab(sc, ace, "energy")) == (6, 5, 3)
    ogre = sc.disaster("t-ogre", CELL)
    assert sc.uses(walker) == []  # not out of Combat
    sc.do(Fight(ogre))
    sc.do(UseCard(walker, 0, ogre))
    assert sc.unit(ogre).damage == 1 and sc.uses(walker) == []


def test_equipment_starhopper_dinghy_move_phase_only_pays_one_energy():
    """Starhopper Dinghy, "Once per Turn in the Move phase, for 1 Energy, its pilot's group
    goes back to your Haven": not in the Scavenge phase; the pilot pays 1 besides the
    Energy its use holds."""
    sc = S()
    ace, pal = sc.char("t-ace", FAR), sc.char("t-pal", FAR)
    dinghy, = equip(sc, ace, "starhopper-dinghy")
    assert ab(sc, ace, "energy") == 3
    sc.turn(SCAVENGE)
    assert sc.uses(dinghy) == []
    sc.turn(MOVE).do(sc.uses(dinghy)[0])
    assert sc.unit(ace).pos == sc.unit(pal).pos == HAVEN and ab(sc, ace, "energy") == 2


def test_equipment_plasma_slingshot_minus_one_attack_to_the_end_of_the_combat():
    """Plasma Slingshot (Marksman; +2 Attack, cost 1 Energy), "once per Turn in Combat, a
    Disaster at its Location gets -1 Attack until the end of the Combat"."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    sling, = equip(sc, ace, "plasma-slingshot")
    assert (ab(sc, ace, "attack"), ab(sc, ace, "energy")) == (5, 3)
    ogre = sc.disaster("t-ogre", CELL)
    sc.do(Fight(ogre))
    sc.do(UseCard(sling, 0, ogre))
    assert ab(sc, ogre, "attack") == 4
    from game.engine import combat
    combat.end(sc.st, [])
    assert ab(sc, ogre, "attack") == 5


def test_equipment_heavy_ion_cannon_two_damage_for_one_energy_more():
    """Heavy Ion Cannon (Weapons; +3 Attack -1 Movement, cost 1 Energy), "Once per Turn in
    Combat, for 1 Energy: 2 Damage to a Disaster at its Location"."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    cannon, = equip(sc, ace, "heavy-ion-cannon")
    assert (ab(sc, ace, "attack"), ab(sc, ace, "movement"), ab(sc, ace, "energy")) == (6, 1, 3)
    ogre = sc.disaster("t-ogre", CELL)
    sc.do(Fight(ogre), UseCard(cannon, 0, ogre))
    assert sc.unit(ogre).damage == 2 and ab(sc, ace, "energy") == 2


def test_equipment_one_piece_per_ability_rust_blade_and_harisen():
    """Rules for Equipment: "A Character cannot use more than 1 piece Equipment to give a
    bonus to the same ability per Turn": Nameless Rust-Blade and Harisen of Justice both
    give Attack; only one is used a Turn."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    blade, fan = sc.cards(["nameless-rust-blade", "harisen-of-justice"])
    sc.unit(ace).equipment += [blade, fan]
    sc.turn(EQUIP).do(UseEquipment(blade, ace))
    sc.refused(UseEquipment(fan, ace))
    sc.turn(MOVE)
    assert ab(sc, ace, "attack") == 5


def test_equipment_dragonfly_gyrocopter_flying_only_while_in_use():
    """Dragonfly Gyrocopter, "Its pilot has Flying": carried but not in use, no Flying
    (Rules for Equipment: a piece works while its carrier uses it)."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    gyro = sc.card("dragonfly-gyrocopter")
    sc.unit(ace).equipment.append(gyro)
    assert skill_count(sc.st, [sc.unit(ace)], "Flying") == 0
    sc.turn(EQUIP).do(UseEquipment(gyro, ace))
    assert skill_count(sc.st, [sc.unit(ace)], "Flying") == 1
    assert (ab(sc, ace, "movement"), ab(sc, ace, "energy")) == (4, 3)


def test_equipment_cat_ear_radar_aliens_only_defense_when_scavenging():
    """Cat-Ear Radar Headband (Alien), +1 Charm +1 Movement; "When its wearer's group
    begins Scavenging, the wearer gets +1 Defense until the end of the Turn"."""
    sc = S()
    pal, ace = sc.char("t-pal", CELL), sc.char("t-ace", CELL)
    radar = sc.card("cat-ear-radar")
    sc.unit(pal).equipment.append(radar)
    sc.turn(EQUIP).refused(UseEquipment(radar, pal))
    sc.unit(pal).equipment.remove(radar)
    sc.unit(ace).equipment.append(radar)
    sc.do(UseEquipment(radar, ace))
    assert (ab(sc, ace, "charm"), ab(sc, ace, "movement"), ab(sc, ace, "defense")) == (3, 3, 3)
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert (ab(sc, ace, "defense"), ab(sc, pal, "defense")) == (4, 4)


def test_equipment_portable_kotatsu_no_requirement_speed_minus_one():
    """Portable Kotatsu, +3 Defense -1 Movement, "Speed -1": anyone may use it."""
    sc = S()
    pal = sc.char("t-pal", CELL)
    equip(sc, pal, "portable-kotatsu")
    assert (ab(sc, pal, "defense"), ab(sc, pal, "movement")) == (7, 1)
    assert skill_count(sc.st, [sc.unit(pal)], "Speed") == -1


# Items ----------------------------------------------------------------------------------

def test_item_prototype_reactor_core_tech_of_the_carrier_two_uses_a_game():
    """Prototype Reactor Core, "Use (Tech): +3 Energy until the end of the Turn. 2 uses."
    (Rules for Items: the Character using it meets the requirement; Basic Terms, Uses:
    once per Turn): a carrier without Tech cannot, though its group has it; two Turns,
    then no more."""
    sc = S()
    rival, tech = sc.char("t-plain-guy", CELL, items=["prototype-reactor-core"]), \
        sc.char("t-pal", CELL)
    core = sc.unit(rival).items[0]
    assert sc.uses(core) == []
    sc.unit(rival).items.remove(core)
    sc.unit(tech).items.append(core)
    for _ in range(2):
        sc.do(sc.uses(core)[0])
        assert ab(sc, tech, "energy") == 4 and sc.uses(core) == []
        sc.next_turn(1)
        assert ab(sc, tech, "energy") == 1
        sc.next_turn(0)
    assert sc.uses(core) == []


def test_item_dog_tags_of_squad_nine_in_combat_group_to_the_end_of_the_combat():
    """Dog Tags of Squad Nine, "Use in Combat: its carrier's group gets +1 Defense until
    the end of the Combat"."""
    sc = S()
    ace, pal = sc.char("t-ace", CELL, items=["dog-tags-of-squad-nine"]), sc.char("t-pal", CELL)
    tags = sc.unit(ace).items[0]
    assert sc.uses(tags) == []
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    sc.do(sc.uses(tags)[0])
    assert (ab(sc, ace, "defense"), ab(sc, pal, "defense")) == (4, 5)
    from game.engine import combat
    combat.end(sc.st, [])
    assert (ab(sc, ace, "defense"), ab(sc, pal, "defense")) == (3, 4)


def test_item_rubber_duck_of_destiny_a_carrier_with_blind_luck_itself():
    """Rubber Duck of Destiny, "a carrier with Blind Luck gets +2 Defense" when its group
    begins Scavenging (Rules for Items: the Character using it meets the requirement): a
    carrier without Blind Luck gets nothing, though another of its group has it."""
    sc = S()
    guy, ace = sc.char("t-plain-guy", CELL, items=["rubber-duck-of-destiny"]), \
        sc.char("t-ace", CELL)
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert (ab(sc, guy, "defense"), ab(sc, ace, "defense")) == (3, 3)


def test_item_crumpled_love_letter_holds_a_foe_at_its_location_only():
    """Crumpled Love Letter, "an opponent's Character at its Location ... Held for 1
    Turn": not one elsewhere, nor one of yours."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["crumpled-love-letter"])
    sc.char("t-pal", CELL)
    here, away = sc.char("t-rival", CELL, seat=1), sc.char("t-rival", FAR, seat=1)
    letter = sc.unit(ace).items[0]
    assert [a.target for a in sc.uses(letter)] == [here]
    sc.do(UseCard(letter, 0, here))
    assert has_flag(sc.st, sc.unit(here), "hold") and not has_flag(sc.st, sc.unit(away), "hold")


def test_item_beckoning_cat_figurine_but_the_one_it_is_fighting():
    """Beckoning Cat Figurine, "every Disaster at the holder's Location, but one it is
    fighting, joins its group as an ally. 1 use"."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["beckoning-cat-figurine"])
    ogre, imp = sc.disaster("t-ogre", CELL), sc.disaster("t-imp", CELL)
    cat = sc.unit(ace).items[0]
    sc.do(Fight(ogre))
    sc.do(sc.uses(cat)[0])
    assert sc.unit(imp).ally_seat == 0 and sc.unit(ogre).ally_seat != 0


def test_item_encrypted_data_chip_one_use_draws_two():
    """Encrypted Data Chip, "Use (Computer): draw 2 cards. 1 use"."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["encrypted-data-chip"])
    chip = sc.unit(ace).items[0]
    hand = len(sc.st.seats[0].hand)
    sc.do(sc.uses(chip)[0])
    assert len(sc.st.seats[0].hand) == hand + 2
    sc.next_turn(1)
    sc.next_turn(0)
    assert sc.uses(chip) == []


def test_item_thermal_katana_shard_in_combat_swordsman_to_the_end_of_the_combat():
    """Thermal Katana Shard, "Use in Combat (Swordsman): +2 Attack until the end of the
    Combat"."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["thermal-katana-shard"])
    shard = sc.unit(ace).items[0]
    assert sc.uses(shard) == []
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    sc.do(sc.uses(shard)[0])
    assert ab(sc, ace, "attack") == 5
    from game.engine import combat
    combat.end(sc.st, [])
    assert ab(sc, ace, "attack") == 3


def test_item_catnip_crystal_a_minor_flees_a_major_does_not():
    """Catnip Crystal, "use in Combat with a Minor Disaster, and it flees. 2 uses"."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["catnip-crystal"])
    crystal = sc.unit(ace).items[0]
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    assert sc.uses(crystal) == []


def test_item_council_president_diary_the_foes_player_discards_one():
    """Diary of the Student Council President, "Use (Investigation): the player of an
    opponent's Character at its Location discards a card at random"."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["council-president-diary"])
    foe = sc.char("t-rival", CELL, seat=1)
    diary = sc.unit(ace).items[0]
    mine, theirs = len(sc.st.seats[0].hand), len(sc.st.seats[1].hand)
    sc.do(UseCard(diary, 0, foe))
    assert (len(sc.st.seats[0].hand), len(sc.st.seats[1].hand)) == (mine, theirs - 1)


# Havens -----------------------------------------------------------------------------------

def haven_scene(card: str) -> S:
    """Seat 0's Haven at HAVEN is `card`."""
    sc = S()
    place = sc.st.places[HAVEN]
    sc.st.places[HAVEN] = type(place)(sc.card(card), "haven", 0)
    return sc


def test_haven_forward_base_anvil_your_characters_here_at_the_start_of_your_turn():
    """Forward Base Anvil, "at the start of your Turn, your Characters here get +1 Attack
    until the end of the Turn": those in it when the Turn starts, not one elsewhere, and
    one who leaves keeps it to the end of the Turn."""
    sc = haven_scene("forward-base-anvil")
    home, away = sc.char("t-ace", HAVEN), sc.char("t-ace", FAR)
    sc.next_turn(0)
    assert (ab(sc, home, "attack"), ab(sc, away, "attack")) == (4, 3)
    sc.do(Move((home,), CELL))
    assert ab(sc, home, "attack") == 4
    sc.next_turn(1)
    assert ab(sc, home, "attack") == 3


def test_haven_sakura_yu_inn_every_character_soaking_here_only_while_here():
    """Sakura-Yu Hot Spring Inn, "Characters soaking here get +1 Energy": while in it."""
    sc = haven_scene("sakura-yu-inn")
    pal = sc.char("t-pal", HAVEN)
    assert ab(sc, pal, "energy") == 2
    sc.do(Move((pal,), CELL))
    assert ab(sc, pal, "energy") == 1


def test_haven_lost_and_found_office_the_equipment_last_discarded_once_a_turn():
    """Galactic Lost and Found Office, "Once per Turn, discard a card at random to take back
    into your hand the Equipment last put on your Discard pile"."""
    sc = haven_scene("lost-and-found-office")
    office = sc.st.places[HAVEN].card
    sc.char("t-pal", HAVEN)
    first, last = sc.cards(["nameless-rust-blade", "harisen-of-justice"])
    sc.st.seats[0].discard = [first, sc.card("t-rock"), last, sc.card("t-rock")]
    sc.hand(0, "t-rock")
    sc.do(sc.uses(office)[0])
    assert last in sc.st.seats[0].hand and first in sc.st.seats[0].discard
    assert sc.uses(office) == []


def test_haven_dormitory_room_4b_student_for_the_turn_meets_a_requirement():
    """Dormitory Room 4B, "at the start of your Turn, your Characters here gain Student
    until the end of the Turn"."""
    sc = haven_scene("dormitory-room-4b")
    pal = sc.char("t-pal", HAVEN)
    sc.next_turn(0)
    assert skill_count(sc.st, [sc.unit(pal)], "Student") == 1
    sc.next_turn(1)
    assert skill_count(sc.st, [sc.unit(pal)], "Student") == 0


# Characters ------------------------------------------------------------------------------

def test_character_kaede_ironside_a_mechanic_in_her_group_not_elsewhere():
    """Kaede Ironside, "+1 Defense while a mechanic (Tech) is in her group"."""
    sc = S()
    kaede, pal = sc.char("kaede-ironside", CELL), sc.char("t-pal", FAR)
    assert ab(sc, kaede, "defense") == 3
    sc.do(Move((pal,), CELL))
    assert ab(sc, kaede, "defense") == 4


def test_character_captain_marlowe_every_round_adds_one_to_the_end_of_the_combat():
    """Captain Marlowe, "at the start of every Combat round he gets +1 Attack until the end
    of the Combat": +1 in the first round, +2 in the second."""
    sc = S()
    marlowe = sc.char("captain-marlowe", CELL)
    ogre = sc.disaster("t-ogre", CELL)
    sc.do(Fight(ogre))
    assert ab(sc, marlowe, "attack") == 5
    from game.engine.actions import Declare
    sc.do(Declare(marlowe, "attack"))
    assert sc.st.combat is not None and sc.st.combat.round == 2
    assert ab(sc, marlowe, "attack") == 6


def test_character_daigo_hatakeyama_first_round_of_a_turn_only():
    """Daigo Hatakeyama, "at the start of his first Combat round of a Turn, his group gets
    +1 Attack until the end of the Combat": not again in the second round."""
    sc = S()
    daigo, pal = sc.char("daigo-hatakeyama", CELL), sc.char("t-pal", CELL)
    ogre = sc.disaster("t-ogre", CELL)
    sc.do(Fight(ogre))
    assert (ab(sc, daigo, "attack"), ab(sc, pal, "attack")) == (6, 3)
    from game.engine.actions import Declare
    sc.do(Declare(daigo, "attack"), Declare(pal, "attack"))
    assert sc.st.combat is not None and sc.st.combat.round == 2
    assert (ab(sc, daigo, "attack"), ab(sc, pal, "attack")) == (6, 3)


def test_character_polaris_9_move_phase_only_group_plus_one():
    """Polaris-9, "Once per Turn in the Move phase, for 1 Energy, her group gets +1
    Movement until the end of the Turn"."""
    sc = S()
    polaris, pal = sc.char("polaris-9", CELL), sc.char("t-pal", CELL)
    sc.turn(SCAVENGE)
    assert sc.uses(polaris) == []
    sc.turn(MOVE).do(sc.uses(polaris)[0])
    assert (ab(sc, polaris, "movement"), ab(sc, pal, "movement"), ab(sc, polaris, "energy")) \
        == (3, 3, 3)
    assert sc.uses(polaris) == []


def test_character_rinrin_maraca_once_a_game_in_combat():
    """Rinrin Maraca, "Once per game, in Combat, she heals all Damage of her group"."""
    sc = S()
    rin, pal = sc.char("rinrin-maraca", CELL), sc.char("t-pal", CELL)
    assert sc.uses(rin) == []
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    sc.unit(pal).damage = 3
    sc.do(sc.uses(rin)[0])
    assert sc.unit(pal).damage == 0
    sc.unit(pal).damage = 1
    assert sc.uses(rin) == []


def test_character_madame_foxglove_passes_for_a_shrine_maiden_to_scavenge_the_steps():
    """Madame Foxglove, "Once per Turn, for 1 Energy ... Priest and Pure Heart until the end
    of the Turn": her group meets Shrine Steps Under the Moon (Priest, Pure Heart)."""
    sc = S()
    sc.location((0, 2), "shrine-steps-under-the-moon", under=["t-gem"])
    fox = sc.char("madame-foxglove", (0, 2))
    sc.turn(SCAVENGE).refused(Scavenge((0, 2)))
    sc.do(sc.uses(fox)[0])
    sc.do(Scavenge((0, 2)))
    assert sc.st.scavenging is not None


def test_character_kaede_ironside_in_a_vehicle_her_text_does_not_act():
    """Kaede Ironside's +1 Defense is her special ability: "Characters in Vehicles cannot
    use their special abilities" (Rules for Equipment). In the Hornet-Class Battle Walker
    she has its +2 Defense, not her own +1."""
    sc = S()
    kaede = sc.char("kaede-ironside", CELL)
    sc.char("t-pal", CELL)  # a mechanic (Tech) in her group
    assert ab(sc, kaede, "defense") == 4
    equip(sc, kaede, "hornet-battle-walker")
    assert ab(sc, kaede, "defense") == 5


def test_character_shin_tokorozawa_major_disaster_only():
    """Shin Tokorozawa, "+1 Attack in Combat with a Major Disaster": not a Minor one."""
    sc = S()
    shin = sc.char("shin-tokorozawa", CELL)
    sc.do(Fight(sc.disaster("t-imp", CELL)))
    assert ab(sc, shin, "attack") == 3
    sc = S()
    shin = sc.char("shin-tokorozawa", CELL)
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    assert ab(sc, shin, "attack") == 4


def test_character_gurugu_the_kappa_any_water_location_not_elsewhere():
    """Gurugu the Kappa, "+2 Defense at a Water Location": Beach House Yakisoba Stand is
    Water too; Throne Room of Felis Prime is not."""
    sc = S()
    sc.location((0, 2), "beach-house-yakisoba-stand")
    gurugu = sc.char("gurugu-the-kappa", (0, 2))
    assert ab(sc, gurugu, "defense") == 6
    sc.do(Move((gurugu,), FAR))
    assert ab(sc, gurugu, "defense") == 4


def test_character_dozer_bullhorn_while_he_carries_an_item():
    """Dozer Bullhorn, "+1 Attack while he carries an Item": gone when he gives it away."""
    sc = S()
    dozer, pal = sc.char("dozer-bullhorn", CELL, items=["t-gem"]), sc.char("t-pal", CELL)
    assert ab(sc, dozer, "attack") == 6
    from game.engine.actions import Transfer
    sc.do(Transfer(sc.unit(dozer).items[0], dozer, pal))
    assert ab(sc, dozer, "attack") == 5


def test_character_umbrella_ghost_pete_holds_a_foe_here_for_one_energy():
    """Umbrella Ghost Pete, "Once per Turn, for 1 Energy, an opponent's Character at his
    Location is Held for 1 Turn": a foe elsewhere is no target; once a Turn."""
    sc = S()
    pete = sc.char("umbrella-ghost-pete", CELL)
    here = sc.char("t-rival", CELL, seat=1)
    sc.char("t-rival", FAR, seat=1)  # elsewhere: no target
    assert [a.target for a in sc.uses(pete)] == [here]
    sc.do(UseCard(pete, 0, here))
    assert has_flag(sc.st, sc.unit(here), "hold") and ab(sc, pete, "energy") == 2
    assert sc.uses(pete) == []


def test_character_yukiha_shimotsuki_two_energy_no_action():
    """Yukiha Shimotsuki, "Once per Turn, for 2 Energy, an opponent's Character at her
    Location is frozen: No Action for 1 Turn"."""
    sc = S()
    yuki = sc.char("yukiha-shimotsuki", CELL)
    foe = sc.char("t-rival", CELL, seat=1)
    sc.do(UseCard(yuki, 0, foe))
    assert has_flag(sc.st, sc.unit(foe), "no_action") and ab(sc, yuki, "energy") == 1
    assert sc.uses(yuki) == []


def test_character_grandpa_genzo_draws_when_his_group_begins_scavenging():
    """Grandpa Genzo, "when his group begins Scavenging, draw a card": not when another of
    yours Scavenges elsewhere."""
    sc = S()
    genzo = sc.char("grandpa-genzo", CELL)
    hand = len(sc.st.seats[0].hand)
    sc.turn(SCAVENGE).do(Scavenge(CELL))
    assert len(sc.st.seats[0].hand) == hand + 1
    assert genzo in sc.st.units


def test_character_princess_pawlina_discard_one_draw_two_needs_a_card():
    """Princess Pawlina, "once per Turn, discard a card at random to draw 2 cards": with an
    empty hand there is nothing to discard: no use."""
    sc = S()
    paw = sc.char("princess-pawlina", CELL)
    sc.hand(0)
    assert sc.uses(paw) == []
    sc.hand(0, "t-rock")
    sc.do(sc.uses(paw)[0])
    assert len(sc.st.seats[0].hand) == 2 and sc.uses(paw) == []


def test_character_tadashi_kokuban_genius_defeats_a_pop_quiz():
    """Tadashi Kokuban, "one of your Characters at his Location gains Genius until the end
    of the Turn": a group with it Defeats Pop Quiz! ("A Genius in the group aces it")."""
    sc = S()
    sc.location((0, 2), under=["pop-quiz", "t-gem"])
    tad, pal = sc.char("tadashi-kokuban", (0, 2)), sc.char("t-pal", (0, 2))
    sc.do(UseCard(tad, 0, pal))
    energy = ab(sc, pal, "energy")
    sc.turn(SCAVENGE).do(Scavenge((0, 2)))
    assert ab(sc, pal, "energy") == energy
    assert all(sc.game.card(c).id != "pop-quiz" for c in sc.st.places[(0, 2)].stack)
    assert any(sc.game.card(c).id == "pop-quiz" for c in sc.st.seats[0].discard)


def test_character_torao_ishibashi_in_combat_plus_two_minus_one_for_one_energy():
    """Torao Ishibashi, "Once per Turn in Combat, for 1 Energy: +2 Attack and -1 Defense
    until the end of the Combat"; not out of Combat."""
    sc = S()
    torao = sc.char("torao-ishibashi", CELL)
    sc.unit(torao).spent = 0
    assert sc.uses(torao) == []
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    sc.do(sc.uses(torao)[0])
    assert (ab(sc, torao, "attack"), ab(sc, torao, "defense"), ab(sc, torao, "energy")) \
        == (6, 3, 0)


# Locations --------------------------------------------------------------------------------

def test_location_koban_police_box_a_disaster_of_movement_one_stays():
    """Koban Police Box, "Disasters here are on patrol's watch: -1 Movement": a Disaster of
    Movement 1 there moves no more in the Maintenance phase; one elsewhere moves."""
    from game.engine.maintenance import move
    sc = S()
    sc.location((0, 2), "koban-police-box")
    sc.location((0, 3))
    watched, free = sc.disaster("t-ogre", (0, 2)), sc.disaster("t-ogre", FAR)
    assert (ab(sc, watched, "movement"), ab(sc, free, "movement")) == (0, 1)
    move(sc.st, watched, [])
    move(sc.st, free, [])
    assert sc.unit(watched).pos == (0, 2) and sc.unit(free).pos != FAR


def test_location_bounty_office_outpost_zero_attack_five_of_one_character():
    """Bounty Office, Outpost Zero, requires Attack 5 (Card Requirements, Ability N+: one
    Character's total), and "Disasters here get -1 Defense"."""
    sc = S()
    sc.location((0, 2), "bounty-office-outpost-zero", under=["t-gem"])
    ace, pal = sc.char("t-ace", (0, 2)), sc.char("t-pal", (0, 2))
    ogre = sc.disaster("t-ogre", FAR)
    sc.turn(SCAVENGE).refused(Scavenge((0, 2)))  # 3 + 2: no one Character has 5
    sc.st.move_unit(sc.unit(ogre), (0, 2))
    assert ab(sc, ogre, "defense") == 19
    sc.st.move_unit(sc.unit(ogre), FAR)
    sc.unit(ace).enhancements.append(sc.card("bandaged-fists"))
    sc.do(Scavenge((0, 2)))
    assert sc.st.scavenging is not None and pal in sc.st.units


def test_location_foxfire_bamboo_grove_minus_one_movement_there_only():
    """Foxfire Bamboo Grove, "Characters here get -1 Movement": a Movement 2 Character
    starting there moves 1; elsewhere it has 2 again."""
    sc = S()
    sc.location((0, 2), "foxfire-bamboo-grove")
    ace = sc.char("t-ace", (0, 2))
    assert ab(sc, ace, "movement") == 1
    sc.refused(Move((ace,), CELL))  # two cells away
    sc.do(Move((ace,), FAR))
    assert ab(sc, ace, "movement") == 2


def test_location_ladies_open_air_bath_three_females_to_scavenge():
    """Ladies' Open-Air Bath requires 3 Females; "Characters soaking here get +1
    Defense"."""
    sc = S()
    sc.location((0, 2), "ladies-open-air-bath", under=["t-gem"])
    pals = [sc.char("t-pal", (0, 2)) for _ in range(2)]
    assert ab(sc, pals[0], "defense") == 5
    sc.turn(SCAVENGE).refused(Scavenge((0, 2)))
    sc.char("t-kitsune", (0, 2))
    sc.do(Scavenge((0, 2)))
    assert sc.st.scavenging is not None


def test_location_shrine_steps_under_the_moon_disasters_only():
    """Shrine Steps Under the Moon, "Disasters here get -1 Attack": not the Characters."""
    sc = S()
    sc.location((0, 2), "shrine-steps-under-the-moon")
    ace, ogre = sc.char("t-ace", (0, 2)), sc.disaster("t-ogre", (0, 2))
    assert (ab(sc, ace, "attack"), ab(sc, ogre, "attack")) == (3, 4)


# Disasters --------------------------------------------------------------------------------

def test_disaster_runaway_mecha_dz9_first_round_of_a_turn_one_damage_each():
    """Runaway Construction Mecha DZ-9, "In the first Combat round of a Turn, falling
    girders deal 1 Damage to each Character it fights"."""
    sc = S()
    ace, pal = sc.char("t-ace", CELL), sc.char("t-pal", CELL)
    far = sc.char("t-pal", FAR)
    sc.do(Fight(sc.disaster("runaway-mecha-dz9", CELL)))
    assert (sc.unit(ace).damage, sc.unit(pal).damage, sc.unit(far).damage) == (1, 1, 0)


def test_disaster_headless_samurai_defeated_characters_here_one_more_movement():
    """Headless Samurai of Route 7, "When Defeated ... Characters here get +1 Movement until
    the end of the Turn"."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["t-nuke"])
    far = sc.char("t-pal", FAR)
    sam = sc.disaster("headless-samurai", CELL)
    sc.do(Fight(sam))
    sc.do(UseCard(sc.unit(ace).items[0], 0, sam))
    assert sam not in sc.st.units
    assert (ab(sc, ace, "movement"), ab(sc, far, "movement")) == (3, 2)
    sc.next_turn(1)
    assert ab(sc, ace, "movement") == 2


def test_disaster_doom_doom_girls_once_a_game_bonk():
    """Killer Idol Unit Doom-Doom Girls, "once per game, the Character they target is
    Bonked": the second Combat with them bonks no one."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    girls = sc.disaster("doom-doom-girls", CELL)
    sc.do(Fight(girls))
    assert ace not in sc.st.units  # Bonked: off the Field
    sc.next_turn(1)
    sc.next_turn(0)
    sc.st.move_unit(sc.unit(girls), CELL)
    pal = sc.char("t-pal", CELL)
    sc.do(Fight(girls))
    assert pal in sc.st.units and sc.unit(pal).pos == CELL


def end_combat(sc: S) -> None:
    from game.engine import combat
    combat.end(sc.st, [])


def test_disaster_general_obsidian_hex_first_two_rounds_of_a_turn():
    """General Obsidian Hex, "In each of the first two Combat rounds of a Turn he gets +1
    Attack until the end of the Combat": 7, 8, and 8 in the third round; 6 after."""
    from game.engine.actions import Declare
    sc = S()
    wall = sc.char("t-pal", CELL, enhancements=["training-montage"])
    equip(sc, wall, "portable-kotatsu")  # Defense 8: he cannot hurt her
    hex_ = sc.disaster("general-obsidian-hex", CELL)
    sc.do(Fight(hex_))
    seen = [ab(sc, hex_, "attack")]
    for _ in range(2):
        sc.do(Declare(wall, "none"))
        seen.append(ab(sc, hex_, "attack"))
    assert seen == [7, 8, 8] and sc.st.combat.round == 3
    end_combat(sc)
    assert ab(sc, hex_, "attack") == 6


def test_disaster_angry_tengu_crow_minus_one_defense_to_the_end_of_the_combat():
    """Angry Tengu Crow, "in the first Combat round of a Turn, the group it fights gets -1
    Defense until the end of the Combat"; one of yours elsewhere keeps its Defense."""
    sc = S()
    ace, far = sc.char("t-ace", CELL), sc.char("t-pal", FAR)
    sc.do(Fight(sc.disaster("angry-tengu-crow", CELL)))
    assert (ab(sc, ace, "defense"), ab(sc, far, "defense")) == (2, 4)
    end_combat(sc)
    assert ab(sc, ace, "defense") == 3


def test_disaster_oni_warlord_brokentusk_holds_the_group_it_fights():
    """Oni Warlord Brokentusk, "the group he fights is Held for 1 Turn": the group there,
    not another of yours elsewhere."""
    sc = S()
    ace, pal, far = sc.char("t-ace", CELL), sc.char("t-pal", CELL), sc.char("t-pal", FAR)
    sc.do(Fight(sc.disaster("oni-warlord-brokentusk", CELL)))
    assert [has_flag(sc.st, sc.unit(u), "hold") for u in (ace, pal, far)] == [True, True, False]


def test_disaster_colossal_stray_cat_characters_here_not_other_disasters():
    """Colossal Stray Cat Omochi, "Characters here get -1 Attack": every player's
    Characters there, not a Disaster there."""
    sc = S()
    ace, foe = sc.char("t-ace", CELL), sc.char("t-rival", CELL, seat=1)
    ogre = sc.disaster("t-ogre", CELL)
    sc.disaster("colossal-stray-cat", CELL)
    assert (ab(sc, ace, "attack"), ab(sc, foe, "attack"), ab(sc, ogre, "attack")) == (2, 1, 5)


def test_disaster_typhoon_season_two_of_the_groups_turns_then_discarded():
    """Typhoon Season, "An Element-wielder can turn the storm aside; otherwise -1 Movement
    for 2 Turns" (R29: the affected player's Turns)."""
    sc = S()
    sc.location((0, 2), under=["typhoon-season", "t-gem"])
    pal = sc.char("t-pal", (0, 2))
    sc.turn(SCAVENGE).do(Scavenge((0, 2)))
    assert ab(sc, pal, "movement") == 1
    sc.do(Retrieve(pal))
    sc.next_turn(1)
    sc.next_turn(0)
    assert ab(sc, pal, "movement") == 1
    sc.next_turn(1)
    assert ab(sc, pal, "movement") == 2
    assert any(sc.game.card(c).id == "typhoon-season" for c in sc.st.seats[0].discard)


def test_disaster_mysterious_fog_movement_becomes_one_a_bonus_after():
    """Mysterious Fog, "Movement becomes 1": a bare modifier replaces (Modifiers), and a
    bonus is added after it: Afterimage Dash makes it 3."""
    sc = S()
    sc.location((0, 2), under=["mysterious-fog", "t-gem"])
    ace = sc.char("t-ace", (0, 2))
    sc.unit(ace).enhancements.append(sc.card("training-montage"))
    sc.turn(SCAVENGE).do(Scavenge((0, 2)))
    assert ab(sc, ace, "movement") == 1
    play(sc, "afterimage-dash", ace)
    assert ab(sc, ace, "movement") == 3


def test_disaster_food_poisoning_halves_the_total_attack():
    """Food Poisoning, "Attack is halved for 1 Turn" (guideline 1.3: the Total): 3 + 2
    (Bandaged Fists) = 5, halved rounding down, 2."""
    sc = S()
    sc.location((0, 2), under=["food-poisoning", "t-gem"])
    ace = sc.char("t-ace", (0, 2), enhancements=["bandaged-fists"])
    sc.turn(SCAVENGE).do(Scavenge((0, 2)))
    assert ab(sc, ace, "attack") == 2


# More Items, Havens and Characters --------------------------------------------------

def test_item_golden_melon_pan_one_use_heals_all_in_combat():
    """Golden Melon Pan, "heal all Damage and +2 Energy until the end of the Turn. 1 use"."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["golden-melon-pan"])
    pan = sc.unit(ace).items[0]
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    sc.unit(ace).damage = 2
    sc.do(sc.uses(pan)[0])
    assert sc.unit(ace).damage == 0 and ab(sc, ace, "energy") == 6
    end_combat(sc)
    sc.next_turn(1)
    sc.next_turn(0)
    assert sc.uses(pan) == []


def test_item_box_of_hot_spring_eggs_three_uses_one_a_turn():
    """Box of Hot-Spring Eggs, "heal 1 Damage and +1 Energy until the end of the Turn. 3
    uses": three Turns, then none."""
    sc = S()
    pal = sc.char("t-pal", CELL, items=["box-of-hot-spring-eggs"])
    box = sc.unit(pal).items[0]
    for _ in range(3):
        sc.do(sc.uses(box)[0])
        assert ab(sc, pal, "energy") == 2 and sc.uses(box) == []
        sc.next_turn(1)
        sc.next_turn(0)
    assert sc.uses(box) == []


def test_item_cursed_idol_photobook_one_energy_anyone_may_use():
    """Cursed Idol Photobook, "Use, for 1 Energy: +2 Charm until the end of the Turn": a
    carrier without Energy left cannot."""
    sc = S()
    pal = sc.char("t-pal", CELL, items=["cursed-idol-photobook"])
    book = sc.unit(pal).items[0]
    sc.unit(pal).spent = 1
    assert sc.uses(book) == []
    sc.unit(pal).spent = 0
    sc.do(sc.uses(book)[0])
    assert (ab(sc, pal, "charm"), ab(sc, pal, "energy")) == (3, 0)


def test_item_spirit_sealing_gourd_magic_in_combat_three_damage_one_use():
    """Spirit-Sealing Gourd, "Use in Combat (Magic): 3 Damage to a Disaster at its
    Location. 1 use"."""
    sc = S()
    ace = sc.char("t-ace", CELL, items=["spirit-sealing-gourd"])
    gourd = sc.unit(ace).items[0]
    ogre = sc.disaster("t-ogre", CELL)
    assert sc.uses(gourd) == []
    sc.do(Fight(ogre))
    sc.do(UseCard(gourd, 0, ogre))
    assert sc.unit(ogre).damage == 3 and sc.uses(gourd) == []


def test_haven_the_purring_kettle_characters_aboard_at_the_start_of_your_turn():
    """The Purring Kettle, "at the start of your Turn, your Characters aboard get +1
    Movement until the end of the Turn"."""
    sc = haven_scene("the-purring-kettle")
    home, away = sc.char("t-pal", HAVEN), sc.char("t-pal", FAR)
    sc.next_turn(0)
    assert (ab(sc, home, "movement"), ab(sc, away, "movement")) == (3, 2)


def test_haven_secret_base_under_the_slide_guests_too():
    """Secret Base Under the Slide, "Characters hiding here get +2 Defense": another
    player's Character in it too (static `to: here`)."""
    sc = haven_scene("secret-base-under-the-slide")
    mine, guest = sc.char("t-pal", HAVEN), sc.char("t-rival", HAVEN, seat=1)
    assert (ab(sc, mine, "defense"), ab(sc, guest, "defense")) == (6, 4)


def test_haven_hall_of_quiet_foxes_a_spirit_power_card_once_a_turn():
    """Hall of Quiet Foxes, "once per Turn, discard a card at random to search your Draw
    pile for a Spirit card"."""
    sc = haven_scene("hall-of-quiet-foxes")
    hall = sc.st.places[HAVEN].card
    sc.char("t-pal", HAVEN)
    fox = sc.draw_pile(0, "t-rock", "t-rock", "madame-foxglove", "t-rock")[2]
    sc.hand(0, "t-rock")
    sc.do(sc.uses(hall)[0])
    assert sc.st.seats[0].hand == [fox] and sc.uses(hall) == []


def test_character_unit_v7_weak_point_scan_for_one_energy_in_combat():
    """Unit V7, "once per Turn in Combat, for 1 Energy, a Disaster at her Location gets -1
    Defense until the end of the Combat"."""
    sc = S()
    v7 = sc.char("unit-v7", CELL)
    ogre = sc.disaster("t-ogre", CELL)
    assert sc.uses(v7) == []
    sc.do(Fight(ogre), UseCard(v7, 0, ogre))
    assert ab(sc, ogre, "defense") == 19 and ab(sc, v7, "energy") == 2
    end_combat(sc)
    assert ab(sc, ogre, "defense") == 20


def test_character_doc_ishimaru_once_a_round_heals_two_of_yours_here():
    """Doc Ishimaru, "Once per Combat round he heals 2 Damage of one of your Characters at
    his Location"."""
    sc = S()
    doc, pal = sc.char("doc-ishimaru", CELL), sc.char("t-pal", CELL)
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    sc.unit(pal).damage = 3
    sc.do(UseCard(doc, 0, pal))
    assert sc.unit(pal).damage == 1 and sc.uses(doc) == []


def test_character_akiko_sakuragawa_in_combat_only():
    """Akiko Sakuragawa, "+1 Attack in Combat": 5 out of Combat, 6 in it."""
    sc = S()
    aki = sc.char("akiko-sakuragawa", CELL)
    assert ab(sc, aki, "attack") == 5
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    assert ab(sc, aki, "attack") == 6


def test_character_old_master_noboru_at_a_hot_tub():
    """Old Master Noboru, "At a Hot Tub ... +2 Attack and +2 Defense": at Ladies'
    Open-Air Bath (Hot Tub), not at a plain Location."""
    sc = S()
    sc.location((0, 2), "ladies-open-air-bath")
    nob = sc.char("old-master-noboru", (0, 2))
    assert (ab(sc, nob, "attack"), ab(sc, nob, "defense")) == (5, 6)
    sc.do(Move((nob,), FAR))
    assert (ab(sc, nob, "attack"), ab(sc, nob, "defense")) == (3, 3)


def test_character_reiji_valen_group_at_the_start_of_your_turn():
    """Reiji Valen, "At the start of your Turn, his group gets +1 Movement until the end of
    the Turn"."""
    sc = S()
    reiji, pal, far = sc.char("reiji-valen", CELL), sc.char("t-pal", CELL), sc.char("t-pal", FAR)
    sc.next_turn(0)
    assert [ab(sc, u, "movement") for u in (reiji, pal, far)] == [3, 3, 2]


# Combat cards ---------------------------------------------------------------------

# card, drawn for the Disaster (True) or for the Character, the hits of the round:
# (the Character's Attack and the Disaster's Defense, the Disaster's Attack and the
# Character's Defense). Ace: Attack 3 + 2 (Bandaged Fists), Defense 3; Ogre 5 / 20.
COMBAT_CARDS = [
    ("critical-hit", False, ((10, 20), (5, 3))),  # own Attack x2: the Total (guideline 1.3)
    ("sand-in-the-eyes", False, ((5, 20), (3, 3))),  # opponent's Attack -2
    ("cheap-shot", False, ((5, 18), (5, 3))),  # opponent's Defense -2
    ("combo-chain", False, ((6, 19), (5, 3))),  # own Attack +1, opponent's Defense -1
    ("haymaker", True, ((5, 20), (7, 3))),  # the Disaster's own Attack +2
    ("full-power", True, ((5, 18), (9, 3))),  # the Disaster's Attack +4, Defense -2
]


@pytest.mark.parametrize("card,for_disaster,hits", COMBAT_CARDS, ids=[c[0] for c in COMBAT_CARDS])
def test_combat_card_physical_half_own_and_opponent(card, for_disaster, hits):
    """Combat cards: the physical half's `own` changes the one it was drawn for, its
    `opponent` the one it fights, for the round (Combat with Disasters: a card for the
    Disaster, then one for the Character attacked)."""
    from game.engine.actions import Declare
    from game.engine.events import CombatHit
    sc = S()
    ace = sc.char("t-ace", CELL, enhancements=["bandaged-fists"])
    ogre = sc.disaster("t-ogre", CELL)
    sc.combat_pile(0, *((card, "blank") if for_disaster else ("blank", card)), "blank")
    sc.do(Fight(ogre))
    ev = sc.do(Declare(ace, "attack"))
    assert tuple((e["attack"], e["defense"]) for e in of(ev, CombatHit)) == hits


# More scenes ----------------------------------------------------------------------

def test_flash_effect_tactical_retreat_out_of_combat_with_no_final_attack():
    """Tactical Retreat, "for 1 Energy, the group of one of your Characters goes back to
    your Haven (out of any Combat, with no final attack)": the Combat ends, nobody is
    hurt, the Disaster stays."""
    from game.engine.events import CombatHit
    sc = S()
    ace, pal = sc.char("t-ace", CELL), sc.char("t-pal", CELL)
    ogre = sc.disaster("t-ogre", CELL)
    sc.do(Fight(ogre))
    c = sc.give("tactical-retreat")
    ev = sc.do(PlayCard(c, pal))
    while sc.st.flash_stack:
        ev += sc.do(Pass())
    assert sc.st.combat is None and of(ev, CombatHit) == []
    assert (sc.unit(ace).pos, sc.unit(pal).pos, sc.unit(ogre).pos) == (HAVEN, HAVEN, CELL)
    assert sc.unit(ace).damage == sc.unit(pal).damage == 0


def test_flash_effect_cherry_blossom_flurry_the_cancelled_one_costs_nothing():
    """Cherry Blossom Flurry, "Cancel a Flash Effect on the stack": the cancelled Dramatic
    Entrance gives no Charm, and its 1 Energy is not paid (its cost is paid as it takes
    effect); both go to their owners' Discard piles."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    entrance = sc.give("dramatic-entrance")
    flurry = sc.give("cherry-blossom-flurry", seat=1)
    sc.do(PlayCard(entrance, ace), PlayCard(flurry, entrance))
    while sc.st.flash_stack:
        sc.do(Pass())
    assert (ab(sc, ace, "charm"), ab(sc, ace, "energy")) == (2, 4)
    assert entrance in sc.st.seats[0].discard and flurry in sc.st.seats[1].discard


def test_equipment_bundle_of_paper_wards_minor_disaster_only():
    """Bundle of Paper Wards (Priest; +2 Defense), "once per Turn in Combat with a Minor
    Disaster, a Disaster at its Location gets -1 Attack and -1 Defense until the end of
    the Combat": not against a Major one."""
    sc = S()
    ace = sc.char("t-ace", CELL)
    wards, = equip(sc, ace, "bundle-of-paper-wards")
    assert ab(sc, ace, "defense") == 5
    sc.do(Fight(sc.disaster("t-ogre", CELL)))
    assert sc.uses(wards) == []
    sc = S()
    ace = sc.char("t-ace", CELL)
    wards, = equip(sc, ace, "bundle-of-paper-wards")
    imp = sc.disaster("t-imp", CELL)
    sc.do(Fight(imp), UseCard(wards, 0, imp))
    assert (ab(sc, imp, "attack"), ab(sc, imp, "defense")) == (3, 19)


def test_disaster_tin_soldier_drone_defeated_one_damage_to_each_character_here():
    """Tin Soldier Drone, "when Defeated, 1 Damage to each Character here": another
    player's Character there of Health 1 is Bonked by it; one elsewhere is untouched."""
    from game.engine.events import Damaged
    sc = S()
    ace = sc.char("t-ace", CELL, items=["t-nuke"])
    frail, far = sc.char("t-kitsune", CELL, seat=1), sc.char("t-kitsune", FAR)
    drone = sc.disaster("tin-soldier-drone", CELL)
    ev = sc.do(Fight(drone), UseCard(sc.unit(ace).items[0], 0, drone))
    assert drone not in sc.st.units
    assert {e["unit"] for e in of(ev, Damaged) if e["damage"] == 1} == {ace, frail}
    assert frail not in sc.st.units and far in sc.st.units


def test_disaster_bounty_drone_revealed_holds_the_characters_here():
    """Bounty Drone, "when revealed, Characters here are Held for 1 Turn": the group
    that turned it up, and another player's Character there; not one elsewhere."""
    sc = S()
    sc.location((0, 2), under=["bounty-drone", "t-gem"])
    pal, foe = sc.char("t-pal", (0, 2)), sc.char("t-rival", (0, 2), seat=1)
    far = sc.char("t-pal", FAR)
    sc.turn(SCAVENGE).do(Scavenge((0, 2)))
    assert [has_flag(sc.st, sc.unit(u), "hold") for u in (pal, foe, far)] == [True, True, False]


def test_location_felis_prime_palace_only_with_the_princess():
    """Throne Room of Felis Prime requires Princess Pawlina ("Guests are admitted only
    with the princess"); "The royal guard gives Disasters here -1 Attack"."""
    sc = S()
    sc.location((0, 2), "felis-prime-palace", under=["t-gem"])
    ace = sc.char("t-ace", (0, 2))
    ogre = sc.disaster("t-ogre", (0, 2))
    assert (ab(sc, ogre, "attack"), ab(sc, ace, "attack")) == (4, 3)
    sc.st.move_unit(sc.unit(ogre), FAR)  # out of the way of the Scavenging
    sc.turn(SCAVENGE).refused(Scavenge((0, 2)))
    sc.char("princess-pawlina", (0, 2))
    sc.do(Scavenge((0, 2)))
    assert sc.st.scavenging is not None


def test_disaster_tidal_kaiju_revealed_one_turn_of_each_affected_player_R29():
    """Tidal Kaiju Bubblegill, "When revealed ... Characters here get -1 Movement for 1
    Turn" (R29: a Disaster's text counts the affected player's Turns): drawn in seat 0's
    Turn at the top-right Location, seat 0's Character there is slowed for this Turn,
    seat 1's for seat 1's next Turn."""
    from game.engine.disasters import enter_from_draw
    sc = S()
    top = sc.st.path[0]
    mine, theirs = sc.char("t-pal", top), sc.char("t-rival", top, seat=1)
    enter_from_draw(sc.st, sc.card("tidal-kaiju-bubblegill"), 0, [])
    assert (ab(sc, mine, "movement"), ab(sc, theirs, "movement")) == (1, 1)
    sc.next_turn(1)
    assert (ab(sc, mine, "movement"), ab(sc, theirs, "movement")) == (2, 1)
    sc.next_turn(0)
    assert ab(sc, theirs, "movement") == 2


# Every Item used out of Combat: the carrier's own requirement, once per Turn -------------

# Item, what its use gives its carrier (after less before). A Plain Guy has no skill.
ITEM_USES = [
    ("prototype-reactor-core", {"energy": 3}),  # Use (Tech)
    ("stolen-mecha-blueprint", {"attack": 1, "defense": 1}),  # Use (Mech)
    ("ancient-fox-mask", {"defense": 2}),  # Use (Priest)
    ("moon-rabbit-mallet", {"attack": 2}),  # Use (Strength)
    ("legendary-curry-recipe", {"energy": 1, "defense": 1}),  # Use (Cooking), the group
    ("antique-music-box", {"charm": 2}),  # Use (Music), the group
    ("emergency-ration-pack", {"energy": 1}),  # Use: heal 2 and +1 Energy
    ("pirate-captains-hat", {"attack": 1}),  # Use: the captain's group
    ("can-of-comet-soda", {"energy": 2, "movement": 1}),  # Use
    ("box-of-hot-spring-eggs", {"energy": 1}),  # Use: heal 1 and +1 Energy
]


@pytest.mark.parametrize("card,gives", ITEM_USES, ids=[c[0] for c in ITEM_USES])
def test_item_use_the_carriers_requirement_once_a_turn_to_the_end_of_the_turn(card, gives):
    """Rules for Items: "the Character using the Item must ... meet the requirement" (a
    carrier without the skill cannot, whatever its group has); Basic Terms, Uses: once
    per Turn; what it gives lasts "until the end of the Turn"."""
    sc = S()
    guy = sc.char("t-plain-guy", CELL, items=[card])
    ace = sc.char("t-ace", CELL)
    item = sc.unit(guy).items[0]
    if not DB[card].requires.empty:
        assert sc.uses(item) == []
    sc.unit(guy).items.remove(item)
    sc.unit(ace).items.append(item)
    before = {a: ab(sc, ace, a) for a in gives}
    sc.do(sc.uses(item)[0])
    assert {a: ab(sc, ace, a) - before[a] for a in gives} == gives
    assert sc.uses(item) == []
    sc.next_turn(1)
    assert {a: ab(sc, ace, a) for a in gives} == before


# Equipment, a Character who meets its requirement, what its bonuses give while in use.
EQUIPMENT_USES = [
    ("putt-putt-scooter", "mio-sprocket", {"movement": 1}),  # Driving
    ("idol-headset-mic", "rinrin-maraca", {"charm": 2}),  # Music
    ("nameless-rust-blade", "akiko-sakuragawa", {"attack": 2}),  # Swordsman
    ("heavy-ion-cannon", "dozer-bullhorn", {"attack": 3, "movement": -1, "energy": -1}),
    ("dragonfly-gyrocopter", "polaris-9", {"movement": 2, "energy": -1}),  # Pilot
]


@pytest.mark.parametrize("card,user,gives", EQUIPMENT_USES, ids=[c[0] for c in EQUIPMENT_USES])
def test_equipment_the_users_requirement_and_its_bonuses_while_in_use(card, user, gives):
    """Rules for Equipment: "the Character using the Equipment must pay the cost or meet
    the requirement": a Plain Guy cannot put it to use; the Character who can has its
    bonuses and pays its cost while it is in use."""
    sc = S()
    guy, who = sc.char("t-plain-guy", CELL), sc.char(user, CELL)
    piece = sc.card(card)
    sc.unit(guy).equipment.append(piece)
    sc.turn(EQUIP).refused(UseEquipment(piece, guy))
    sc.unit(guy).equipment.remove(piece)
    sc.unit(who).equipment.append(piece)
    before = {a: ab(sc, who, a) for a in gives}
    sc.do(UseEquipment(piece, who))
    assert {a: ab(sc, who, a) - before[a] for a in gives} == gives
