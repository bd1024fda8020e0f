"""The cards' rules of s73 (6 Dec 2026): Equipment, Items, Enhancements, Global Effects,
Havens, Deck Construction, the Discard and Reload phases and a Bonked Character's return,
played again with other numbers, positions and three or four seats than the earlier tests
(docs/rules-coverage.md, "Cards' rules, 6 Dec 2026 (s73)"). Each test names the sentence
it pins; its numbers are worked out from the books."""
from __future__ import annotations

from scene import Scene, of

from game.engine.abilities import total
from game.engine.actions import (DiscardCard, Drop, EndPhase, Move, Pass, PickUp, PlayCard,
                                 Transfer, Transform, UseCard, UseEquipment)
from game.engine.decks import Deck, check_deck
from game.engine.events import (Bonked, CardDiscarded, CardUsed, CharacterReturned,
                                DisasterEntered, EquipmentUsed, ItemDropped)
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE
from game.engine.view import view

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 3}}
- {id: frail, name: Frail, type: character, gender: female,
   abilities: {attack: 1, defense: 2, movement: 3, charm: 1, energy: 1}}
- {id: blade, name: Blade, type: equipment, bonuses: {attack: "+2"}, costs: {energy: "-1"}}
- {id: axe, name: Axe, type: equipment, bonuses: {attack: "+1", defense: "+1"}}
- {id: shield, name: Shield, type: equipment, bonuses: {defense: "+2"}, costs: {energy: "-2"}}
- {id: cloak, name: Cloak, type: equipment, bonuses: {charm: "+1"}, costs: {energy: "-1"}}
- {id: boots, name: Boots, type: equipment, bonuses: {movement: "+1"}}
- {id: focus, name: Focus, type: enhancement, bonuses: {defense: "+2"}, costs: {energy: "-1"}}
- {id: surge, name: Surge, type: enhancement, bonuses: {attack: "+3"}, costs: {energy: "-2"}}
- {id: nudge, name: Nudge, type: enhancement, bonuses: {charm: "+1"}, costs: {energy: "-1"}}
- {id: stride, name: Stride, type: enhancement, bonuses: {movement: "5"}}
- {id: rally, name: Rally, type: global_effect, bonuses: {attack: "+1"}}
- id: horn
  name: Horn
  type: global_effect
  uses: 2
  effects: [{"on": use, do: [{modify: {movement: "+1"}, to: yours, for: turn}]}]
- id: zap
  name: Zap
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any}, do: [{damage: 2, to: target}]}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- {id: boom, name: Boom, type: disaster, class: major,
   abilities: {attack: 2, defense: 9, movement: 1}}
- id: jinx
  name: Jinx
  type: disaster
  class: minor
  affects: {skills: {Magic: 1}}
  endure: {modifiers: {attack: "-1"}, turns: 1}
"""


def field(seats: int) -> Scene:
    """Plain Locations (0,0) (1,0) (2,0), one Haven per seat below them."""
    sc = Scene(CARDS, seats=seats, options=Options(charm_combat=True))
    for x in range(3):
        sc.location((x, 0), under=["gem"])  # unscavenged: the game goes on (R14 c)
    for s in range(seats):
        sc.haven((s, 1), seat=s)
    return sc


def uses_offered(sc: Scene, char: int) -> set[int]:
    return {a.card for a in sc.legal() if isinstance(a, UseEquipment) and a.char == char}


# Rules for Equipment --------------------------------------------------------------------
def test_rules_for_equipment_one_piece_per_ability_costs_out_of_what_energy_is_left_three_seats():
    """Rules for Equipment: "A Character cannot use more than 1 piece Equipment to give a
    bonus to the same ability per Turn even if that Equipment gives a bonus to another
    ability", and "the Character using the Equipment must pay the cost". Seat 2's Hero
    (Attack 3, Defense 3, Energy 3) carries five pieces. Blade (+2 Attack, 1 Energy) put
    to use leaves 2 Energy: Axe (+1 Attack +1 Defense) is refused for its Attack, though
    its Defense is free; Shield (+2 Defense, 2 Energy) is paid with the 2 left; then
    Cloak (+1 Charm, 1 Energy) finds none left, and Boots (+1 Movement, no cost) goes on.
    The next Turn of seat 2 the pieces are chosen anew: Axe alone now."""
    sc = field(3)
    hero = sc.char("hero", (2, 0), seat=2,
                   equipment=["blade", "axe", "shield", "cloak", "boots"])
    blade, axe, shield, cloak, boots = sc.unit(hero).equipment
    sc.turn(MOVE, seat=2)
    assert uses_offered(sc, hero) == {blade, axe, shield, cloak, boots}
    ev = sc.do(UseEquipment(blade, hero))
    assert of(ev, EquipmentUsed) == [{"by": hero, "card": blade, "cost": 1}]
    assert total(sc.st, sc.unit(hero), "energy") == 2
    assert sc.refused(UseEquipment(axe, hero)) == (
        f"another piece already gives a bonus to attack for c{hero} this Turn")
    assert uses_offered(sc, hero) == {shield, cloak, boots}
    sc.do(UseEquipment(shield, hero))
    assert total(sc.st, sc.unit(hero), "energy") == 0
    assert sc.refused(UseEquipment(cloak, hero)) == f"c{hero} cannot pay c{cloak}'s cost of 1 Energy"
    assert uses_offered(sc, hero) == {boots}
    sc.do(UseEquipment(boots, hero))
    u = sc.unit(hero)
    assert [total(sc.st, u, a) for a in ("attack", "defense", "movement", "charm")] == [5, 5, 3, 1]
    # Seat 2's next Turn: Energy back, nothing in use; Axe now, and Blade is barred by it.
    sc.until(MOVE, seat=2)
    assert total(sc.st, sc.unit(hero), "energy") == 3 and sc.unit(hero).using == []
    sc.do(UseEquipment(axe, hero))
    assert uses_offered(sc, hero) == {cloak, boots}
    assert [total(sc.st, sc.unit(hero), a) for a in ("attack", "defense")] == [4, 4]


# Rules for Enhancements ---------------------------------------------------------------
def test_rules_for_enhancements_costs_held_side_by_side_and_a_bare_ability_four_seats():
    """Rules for Enhancements: "If an Enhancement has a cost, it must be met in order to
    play", "it is paid as long as the Character has the Enhancement", and "If there is no
    modifier, the Enhancement's ability replaces the Character's". Seat 3's Hero (Energy 3)
    takes Focus (1 Energy held) one Turn, Surge (2 Energy held) the next: 0 Energy left,
    so Nudge (1 Energy) is refused the Turn after, while Stride (Movement 5, no modifier)
    replaces his Movement 2. Enhancements "can never be transferred": no Transfer, no Drop."""
    sc = field(4)
    hero = sc.char("hero", (3, 1), seat=3)
    mate = sc.char("frail", (3, 1), seat=3)
    focus, surge, nudge, stride = sc.hand(3, "focus", "surge", "nudge", "stride")
    sc.turn(EQUIP, seat=3)
    sc.do(PlayCard(focus, hero))
    assert total(sc.st, sc.unit(hero), "energy") == 2
    assert total(sc.st, sc.unit(hero), "defense") == 5
    sc.until(EQUIP, seat=3)
    sc.do(PlayCard(surge, hero))
    u = sc.unit(hero)
    assert (total(sc.st, u, "attack"), total(sc.st, u, "energy")) == (6, 0)
    sc.until(EQUIP, seat=3)
    assert PlayCard(nudge, hero) not in sc.legal()
    sc.refused(PlayCard(nudge, hero), "cost")
    sc.do(PlayCard(stride, hero))
    assert total(sc.st, sc.unit(hero), "movement") == 5
    assert sc.unit(hero).enhancements == [focus, surge, stride]
    sc.refused(Transfer(surge, hero, mate))
    sc.refused(Drop(focus, hero))
    assert not any(isinstance(a, (Transfer, Drop)) and a.card in (focus, surge, stride)
                   for a in sc.legal())


# Basic Terms, Bonk; Reload Phase; guideline 2.6 --------------------------------------------
def test_basic_terms_bonk_cards_go_their_ways_and_the_return_counts_the_owners_turns_three_seats():
    """Basic Terms, Bonk: "all of the Enhancements the Character had are Discarded, and
    any Equipment or Items are dropped below the Location. The Character must then be
    removed from play for 1 complete Turn ... placed back in your hand during your Reload
    phase as one of your draws, completely healed" (guideline 2.6: 1 of its owner's Turns).
    Seat 1's Frail (Health 2) at (1,0), with Focus, Boots and an Idol, is Bonked by seat
    2's Zap (2 Damage) in seat 2's Move phase. Seat 0's Turn and seat 1's next Turn pass
    without her; she is back in seat 1's Reload after that, one of its draws to 7."""
    sc = field(3)
    frail = sc.char("frail", (1, 0), seat=1, items=["idol"], equipment=["boots"],
                    enhancements=["focus"])
    idol, boots, focus = (sc.unit(frail).items[0], sc.unit(frail).equipment[0],
                          sc.unit(frail).enhancements[0])
    zap, = sc.hand(2, "zap")
    kept = sc.hand(1, "rally", "rally", "rally", "rally", "rally")
    sc.draw_pile(1, "horn", "horn", "horn", "horn")
    sc.turn(MOVE, seat=2)
    ev = sc.do(PlayCard(zap, frail))
    while sc.st.top is not None and sc.st.top.kind == "flash":
        ev += sc.do(Pass())
    assert [b["card"] for b in of(ev, Bonked)] == [frail] and frail not in sc.st.units
    assert focus in sc.st.seats[1].discard and boots not in sc.st.seats[1].discard
    assert set(sc.st.places[(1, 0)].under) >= {idol, boots}
    assert [c for c, _ in sc.st.seats[1].set_aside] == [frail]
    # Seat 1's next Turn is the complete Turn out of play: not back in its Reload.
    ev = sc.until(EQUIP, seat=1)
    assert not of(ev, CharacterReturned) and frail not in sc.st.seats[1].hand
    assert len(sc.st.seats[1].hand) == 7
    # Its Turn after: back, as one of the draws (7 - 3 discarded = 4, + her + 2 draws).
    sc.until(DISCARD, seat=1)
    sc.do(*(DiscardCard(c) for c in kept[:3]))
    ev = sc.do(EndPhase())
    assert of(ev, CharacterReturned) == [{"seat": 1, "card": frail}]
    s = sc.st.seats[1]
    assert frail in s.hand and len(s.hand) == 7 and s.set_aside == []
    sc.do(PlayCard(frail))
    u = sc.unit(frail)
    assert (u.pos, u.damage, u.items, u.equipment, u.enhancements) == ((1, 1), 0, [], [], [])


# Rules for Global Effects -------------------------------------------------------------
def test_rules_for_global_effects_off_field_for_its_players_characters_and_removed_when_spent():
    """Rules for Global Effects: "played Off Field. Unless stated otherwise, they affect all
    of your Characters"; "When a Global Effect with uses runs out of uses, it is removed
    from the game" (Destroyed, not Discarded). Three seats: seat 1's Rally gives +1 Attack
    to seat 1's two Characters at two Locations, none to seat 0's or seat 2's beside them;
    it is no card played on a Character. Seat 1's Horn (2 uses) is used in two of its
    Turns and then is gone from play, from every pile, told to all."""
    sc = field(3)
    a = sc.char("hero", (0, 0), seat=1)
    b = sc.char("frail", (2, 0), seat=1)
    foe0 = sc.char("hero", (0, 0), seat=0)
    foe2 = sc.char("frail", (2, 0), seat=2)
    rally, horn = sc.hand(1, "rally", "horn")
    sc.turn(EQUIP, seat=1)
    sc.refused(PlayCard(rally, a), "Off Field")
    sc.do(PlayCard(rally))
    assert [total(sc.st, sc.unit(c), "attack") for c in (a, b, foe0, foe2)] == [4, 2, 3, 1]
    sc.until(EQUIP, seat=1)
    sc.do(PlayCard(horn))
    sc.do(UseCard(horn))
    assert [total(sc.st, sc.unit(c), "movement") for c in (a, b, foe0, foe2)] == [3, 4, 2, 3]
    sc.refused(UseCard(horn), "no uses left this turn")  # once per Turn (Basic Terms, Uses)
    sc.until(EQUIP, seat=1)
    sc.do(EndPhase())
    ev = sc.do(UseCard(horn))
    assert of(ev, CardUsed)[0]["card"] == horn
    assert horn not in [o.card for o in sc.st.off_field]
    assert horn in sc.st.destroyed
    assert all(horn not in s.discard and horn not in s.hand for s in sc.st.seats)
    assert [o.card for o in sc.st.off_field] == [rally]
    for seat in range(3):
        assert horn in view(sc.st, seat).destroyed


# Rules for Havens, Drop ---------------------------------------------------------------
def test_rules_for_havens_stored_equipment_is_picked_up_and_a_drop_there_stays_in_it():
    """Rules for Havens: "Havens are where you store Equipment, extra Characters, and Items";
    Equip Phase: "1 piece of Equipment into your Haven"; Basic Terms, Drop: "They may go in a
    Haven or under a Location. If they go under a Location they must be Scavenged."
    Seat 2 plays Blade into its Haven at (2,1); its Hero there picks it up, drops its Idol
    there (stored, no Scavenging) and picks it up again; at (2,0) a dropped Gem goes under
    the Location and cannot be picked up from there."""
    sc = field(3)
    hero = sc.char("hero", (2, 1), seat=2, items=["idol"])
    other = sc.char("frail", (2, 0), seat=2, items=["gem"])
    idol, gem = sc.unit(hero).items[0], sc.unit(other).items[0]
    blade, = sc.hand(2, "blade")
    sc.turn(EQUIP, seat=2)
    sc.do(PlayCard(blade))
    assert blade in sc.st.places[(2, 1)].under
    assert PickUp(blade, hero) in sc.legal()
    sc.do(PickUp(blade, hero))
    assert sc.unit(hero).equipment == [blade] and blade not in sc.st.places[(2, 1)].under
    ev = sc.do(Drop(idol, hero))
    assert of(ev, ItemDropped) and idol in sc.st.places[(2, 1)].under
    assert PickUp(idol, hero) in sc.legal()
    sc.do(PickUp(idol, hero))
    assert sc.unit(hero).items == [idol]
    sc.do(Drop(gem, other))
    assert sc.st.places[(2, 0)].under[-1] == gem  # the bottom of the face-down stack
    sc.refused(PickUp(gem, other))


# Discard Phase, Reload Phase ------------------------------------------------------------
def test_discard_phase_keeps_a_hand_over_7_and_reload_draws_none_four_seats():
    """Discard Phase: "Discard any cards in your hand that you do not want" (nothing forces
    a hand down to 7); Reload Phase: "Draw 1 card at a time until you have 7 cards in your
    hand". Seat 3 holds 9: it keeps them all and draws none; the next Turn it discards 4
    (to 5) and draws 2. A discard outside the Discard phase is refused."""
    sc = field(4)
    hand = sc.hand(3, *["rally"] * 9)
    pile = sc.draw_pile(3, "horn", "horn", "horn")
    sc.turn(DISCARD, seat=3)
    sc.do(EndPhase())       # to Reload
    sc.do(EndPhase())       # Reload done
    assert len(sc.st.seats[3].hand) == 9 and len(sc.st.seats[3].draw) == 3
    sc.until(DISCARD, seat=3)
    sc.do(*(DiscardCard(c) for c in hand[:4]))
    assert sc.st.seats[3].discard == hand[:4]
    sc.do(EndPhase(), EndPhase())
    s = sc.st.seats[3]
    assert len(s.hand) == 7 and s.hand[-2:] == pile[:2] and s.draw == [pile[2]]
    sc.until(MOVE, seat=3)
    sc.refused(DiscardCard(hand[5]), "Discard phase")


def test_reload_phase_a_combat_disaster_enters_at_the_top_right_four_seats():
    """Reload Phase: "Draw 1 card at a time until you have 7 ... or until you Draw a
    Disaster that can affect the Field"; "If you draw a Combat Disaster it enters the Field
    at the top-right Location"; "a non-Combat Disaster that cannot affect the Field,
    discard it, and continue drawing". Seat 3, hand 4, draws Jinx (Magic: no group has it:
    discarded), Horn, then Boom: Boom enters at (2,0), the right column's top, and the
    drawing stops at 5 cards."""
    sc = field(4)
    sc.location((2, -1))            # the rightmost column's top Location
    sc.hand(3, *["rally"] * 4)
    jinx, horn, boom, rest = sc.draw_pile(3, "jinx", "horn", "boom", "horn")
    sc.char("hero", (1, 0), seat=3)
    sc.turn(DISCARD, seat=3)
    ev = sc.do(EndPhase())  # into the Reload phase, which draws at once
    s = sc.st.seats[3]
    assert jinx in s.discard and horn in s.hand and len(s.hand) == 5 and s.draw == [rest]
    assert of(ev, CardDiscarded) == [{"card": jinx, "seat": None,
                                      "why": "cannot affect the Field"}]
    assert of(ev, DisasterEntered) == [{"seat": 3, "card": boom, "cell": (2, -1)}]
    # Its bringer's Maintenance phase follows: it moves 1 down its column.
    ev = sc.do(EndPhase())
    assert sc.unit(boom).pos == (2, 0)


# Deck Construction ------------------------------------------------------------------------
DECK_CARDS = "".join(f"""\
- {{id: c{i}, name: Char {i}, type: character, gender: male,
   abilities: {{attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}}}
""" for i in range(8)) + "".join(f"- {{id: l{i}, name: Loc {i}, type: location}}\n"
                                  for i in range(9)) \
    + "".join(f"- {{id: i{i}, name: Item {i}, type: item}}\n" for i in range(4)) \
    + "".join(f"""\
- {{id: {d}, name: {d.title()}, type: disaster, class: {c},
   abilities: {{attack: 1, defense: 1, movement: 1}}}}
""" for d, c in (("big", "major"), ("big2", "major"), ("small", "minor"), ("small2", "minor"))) \
    + "".join(f"""\
- {{id: {d}, name: {d.title()}, type: disaster, class: {c},
   endure: {{modifiers: {{attack: "-1"}}, turns: 1}}}}
""" for d, c in (("curse", "minor"), ("curse2", "major"), ("curse3", "minor"),
                 ("curse4", "minor"))) + """\
- {id: kit, name: Kit, type: equipment, bonuses: {attack: "+1"}}
- {id: kit2, name: Kit Two, type: equipment, bonuses: {defense: "+1"}}
- {id: kit3, name: Kit Three, type: equipment, bonuses: {charm: "+1"}}
- {id: lamp, name: Lamp, type: enhancement, bonuses: {defense: "+1"}}
- {id: hut, name: Hut, type: haven}
""" + "".join(f"- {{id: k{i}, name: Kick {i}, type: combat, physical: {{}}, charm: {{}}}}\n"
              for i in range(8))


def deck(**over) -> Deck:
    """Seven Locations (odd), 11 Items (10.5 rounded up), 13 Power cards, so 2 x 7 + 4 = 18
    Disasters (9 Combat, 9 Major), 24 Combat cards: legal."""
    base = dict(id="d", name="D", starting_characters=("c0", "c1", "c2", "c3"), haven="home",
                power=(("c4", 1), ("c5", 1), ("kit", 3), ("kit2", 3), ("lamp", 3), ("hut", 1),
                       ("c6", 1)),
                locations=tuple(f"l{i}" for i in range(7)),
                items=(("i0", 3), ("i1", 3), ("i2", 3), ("i3", 2)),
                disasters=(("big", 3), ("big2", 3), ("small", 3), ("curse", 3), ("curse2", 3),
                           ("curse3", 3)),
                combat=tuple((f"k{i}", 3) for i in range(8)))
    base.update(over)
    return Deck(**base)


def test_deck_construction_seven_locations_thirteen_power_cards_and_the_one_of_rules():
    """Deck Construction with other numbers than the standard deck: 7 Locations need 11
    Items ("1.5 times ... Round up"); 13 Power cards and 7 Locations need 2 x 7 + 13 // 3
    = 18 Disasters, 9 of them Combat ("At least 1/2"), 6 Major ("At least 1/3"); Combat
    "Minimum 21"; "only 1 of any particular Character or Haven", "cannot double up a
    Character or a Haven, one as a starter, and another as a Power card"; "No more than 1
    of any particular Location", "No more than 3" of the rest; the number of Locations
    "must be an odd number"."""
    db = Scene(CARDS + DECK_CARDS).db

    def problems(**over) -> list[str]:
        return check_deck(deck(**over), db)

    assert problems() == []
    assert problems(items=(("i0", 3), ("i1", 3), ("i2", 3), ("i3", 1))) == [
        "10 Items; 7 Locations need 1.5 times as many, rounded up: 11"]
    assert problems(items=(("i0", 3), ("i1", 3), ("i2", 3), ("i3", 3)))[0].startswith("12 Items")
    # 14 Power cards still call for 18 Disasters; 15 for 19.
    assert problems(power=deck().power + (("c7", 1),)) == []
    assert problems(power=deck().power + (("c7", 1), ("kit3", 1))) == [
        "18 Disasters; 2 per Location (7) and 1 per 3 Power cards (15) make 19"]
    # Half Combat Disasters: 8 of 18 is too few; a third Major: 5 of 18 is too few, 6 enough.
    assert problems(disasters=(("big", 3), ("big2", 3), ("small", 2), ("curse", 3),
                               ("curse2", 3), ("curse3", 3), ("curse4", 1))) == [
        "8 of 18 Disasters are Combat Disasters; at least half must be"]
    assert problems(disasters=(("big", 3), ("big2", 2), ("small", 3), ("small2", 3),
                               ("curse", 3), ("curse3", 3), ("curse4", 1))) == [
        "5 of 18 Disasters are Major; at least a third must be"]
    assert problems(disasters=(("big", 3), ("big2", 3), ("small", 3), ("small2", 2),
                               ("curse", 3), ("curse3", 3), ("curse4", 1))) == []
    assert problems(disasters=(("big", 4), ("big2", 2), ("small", 3), ("curse", 3),
                               ("curse2", 3), ("curse3", 3))) == [
        "4 copies of Big (big); at most 3 per deck"]
    assert problems(locations=tuple(f"l{i}" for i in range(8)))[0].startswith(
        "8 Locations; the number of Locations must be odd")
    assert "2 copies of Loc 0 (l0); at most 1 per deck" in problems(
        locations=("l0",) + tuple(f"l{i}" for i in range(6)))
    assert problems(power=deck().power[:-1] + (("c0", 1),)) == [
        "2 copies of Char 0 (c0); at most 1 per deck, starting cards included"]
    assert problems(power=deck().power[:-2] + (("home", 1), ("c6", 1))) == [
        "2 copies of Home (home); at most 1 per deck, starting cards included"]
    assert problems(power=deck().power[:-1] + (("c6", 2),)) == [
        "2 copies of Char 6 (c6); at most 1 per deck, starting cards included"]
    assert problems(power=deck().power[:2] + (("kit", 4),) + deck().power[3:-1]) == [
        "4 copies of Kit (kit); at most 3 per deck"]
    assert problems(combat=tuple((f"k{i}", 3) for i in range(6)) + (("k6", 2),)) == [
        "20 Combat cards; a deck needs at least 21"]


# Rules for Transforming Characters ------------------------------------------------------
FORMS = """\
- {id: ume, name: Ume, type: character, gender: female, other_form: plum,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 2}}
- {id: plum, name: Plum, type: character, gender: female, other_form: ume,
   abilities: {attack: 4, defense: 4, movement: 3, charm: 5, energy: 3}}
"""


def test_rules_for_transforming_characters_a_single_player_three_seats():
    """Rules for Transforming Characters: "You may transform a Character ... during the
    Movement phase by sacrificing that Character's move"; "cannot be moved that Turn
    except by a Disaster"; "Remove the card for the first form from play ... bring in the
    second card"; "A single player cannot have both forms ... in play at the same time".
    Seat 2's Ume (with Focus, Boots, an Idol, beside Frail at (1,0)) becomes Plum: the
    same Character with her cards (Defense 4 + 2), no Move that Turn while Frail moves;
    seat 0 keeps its own Plum in play all along (another player's form is no bar to
    seat 2). Seat 2's next Turn she moves again; seats 0's and 1's Turns between do not
    count as hers."""
    sc = Scene(CARDS + FORMS, seats=3)
    for x in range(4):
        sc.location((x, 0), under=["gem"])
    for s in range(3):
        sc.haven((s, 1), seat=s)
    sc.char("plum", (3, 0), seat=0)  # seat 0's own Plum, of its own deck
    ume = sc.char("ume", (1, 0), seat=2, items=["idol"], equipment=["boots"],
                  enhancements=["focus"])
    frail = sc.char("frail", (1, 0), seat=2)
    plum = sc.card("plum", 2)
    sc.st.seats[2].forms = [plum]
    sc.turn(MOVE, seat=2)
    assert Transform(ume) in sc.legal()
    sc.do(Transform(ume))
    u = sc.unit(plum)
    assert ume not in sc.st.units and sc.st.seats[2].forms == [ume]
    assert (u.pos, len(u.items), len(u.equipment), len(u.enhancements)) == ((1, 0), 1, 1, 1)
    assert total(sc.st, u, "defense") == 6 and total(sc.st, u, "energy") == 2  # 3 - Focus
    assert not any(isinstance(a, Move) and plum in a.chars for a in sc.legal())
    assert sc.refused(Move((plum,), (2, 0))) == (
        f"c{plum} cannot move this Turn (Held, No Action, or it transformed: "
        "Rules for Transforming Characters)")
    assert Transform(plum) not in sc.legal()
    sc.do(Move((frail,), (2, 0)))
    sc.until(MOVE, seat=2)
    assert Move((plum,), (0, 0)) in sc.legal()
    sc.do(Move((plum,), (3, 0)))
    assert sc.unit(plum).pos == (3, 0)


# Havens: a Haven's ability ---------------------------------------------------------------
def test_havens_a_havens_ability_reaches_whom_its_text_names_guests_too_or_not_three_seats():
    """Havens: "one text box with the special ability that particular Haven gives";
    guidelines' glossary: "From this Haven refers to all Characters of the player who
    Controls the Haven". Three Havens, each with its owner's Character and another seat's
    guest: Secret Base ("Characters hiding here get +2 Defense") gives it to both; Ramen
    Shop ("At the start of your Turn, your Characters here get +1 Energy") to its owner's
    alone, at its owner's Turn only; Lost and Found Office's use ("your Discard pile") is
    offered to its owner, never to the guest's player."""
    from game.engine.cardfile import DEFAULT_CARDS_DIR
    from game.engine.state import Place
    sc = Scene(CARDS + (DEFAULT_CARDS_DIR / "havens.yaml").read_text(encoding="utf-8"),
               seats=3)
    for x in range(3):
        sc.location((x, 0), under=["gem"])
    for seat, card in enumerate(("ramen-shop-back-room", "secret-base-under-the-slide",
                                 "lost-and-found-office")):
        sc.st.places[(seat, 1)] = Place(sc.card(card, seat), "haven", seat)
        sc.st.seats[seat].havens.append((seat, 1))
    office = sc.st.places[(2, 1)].card
    ramen_own, ramen_guest = sc.char("hero", (0, 1), seat=0), sc.char("frail", (0, 1), seat=2)
    base_own, base_guest = sc.char("hero", (1, 1), seat=1), sc.char("frail", (1, 1), seat=0)
    sc.char("hero", (2, 1), seat=2)
    sc.char("frail", (2, 1), seat=1)
    for seat in (1, 2):
        sc.st.seats[seat].discard = [sc.card("blade", seat)]
        sc.hand(seat, "rally")

    def ab(c: int, ability: str) -> int:
        return total(sc.st, sc.unit(c), ability)

    assert (ab(base_own, "defense"), ab(base_guest, "defense")) == (3 + 2, 2 + 2)
    sc.turn(DISCARD, seat=2)
    sc.do(EndPhase())
    assert (ab(ramen_own, "energy"), ab(ramen_guest, "energy")) == (3, 1)  # seat 2's Turn
    sc.until(DISCARD, seat=0)
    sc.do(EndPhase())                                                      # seat 0's starts
    assert (ab(ramen_own, "energy"), ab(ramen_guest, "energy")) == (3 + 1, 1)
    sc.turn(MOVE, seat=1)
    assert not [a for a in sc.legal() if isinstance(a, UseCard)]
    assert sc.refused(UseCard(office)) == f"c{office} is not one of your cards in play"
    sc.turn(MOVE, seat=2)
    assert [a for a in sc.legal() if isinstance(a, UseCard)] == [UseCard(office)]
