"""Every shipped card does what its text says (s36r2): scenes that play a card through
the real actions and check each number and condition its text states (who may play it,
when, on what, how long, two copies), beyond the one row per card of tests/test_cards.py.
Each test names the card and the rule section it pins."""
from __future__ import annotations

import random

from scene import card_db, empty_deck
from test_cards import FIXTURES, SHIPPED
from test_effects import NO_CHARM, EffectScene

from game.engine.abilities import has_flag, skill_count, total
from game.engine.actions import (EndPhase, Fight, Move, Pass, PlayCard, Scavenge, UseCard,
                                 UseEquipment)
from game.engine.cards import CardDB
from game.engine.game import Game
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
        self.location(FAR)
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
    home, away = sc.char("t-ace", HAVEN), sc.char("t-ace", CELL)
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
