"""Rulings of 30 Nov 2026 (R111 to R113) on silences the audit of 30 Nov left open
(docs/rules-coverage.md): whose spent Energy a Combat gives back, a four-seat player
with nothing left on the Field, and what a Disaster takes under a Location turned Haven;
and the Rules for Disasters' pick-up, which the books decide. Each test fails on the
other reading."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import Declare, EndPhase, Fight, PlayCard, Scavenge
from game.engine.events import CharmContest, ItemTaken
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MOVE, SCAVENGE, Place
from game.engine.tally import item_counts

NO_CHARM = Options(charm_combat=False)

CARDS = """\
- {id: ume, name: Ume, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 2}}
- {id: squire, name: Squire, type: character, gender: male,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 0, energy: 2}}
- {id: wall, name: Wall, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
- {id: mite, name: Mite, type: disaster, class: minor,
   abilities: {attack: 0, defense: 1, movement: 1}}
- {id: idol, name: Idol, type: item}
- {id: gem, name: Gem, type: item}
- {id: coin, name: Coin, type: item}
"""


def endless() -> tuple[Scene, int, int]:
    """Seat 0's Ume and the Wall at her Location, neither able to hurt the other: a
    Combat with it goes on round after round."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    ume = sc.char("ume", (0, 0))
    wall = sc.disaster("wall", (0, 0))
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    return sc, ume, wall


def test_combat_energy_comes_back_a_point_a_round_to_the_characters_in_the_combat_only_R111():
    """Combat: "During Combat, spent Energy is regained at 1 point per round of Combat.
    All expended Energy is restored at the end of Combat."; R111: the Characters in that
    Combat regain it; the same player's Characters elsewhere wait for the end of the
    Turn (R20). Ume (1 spent) fights the Wall, the Squire (1 spent) stands elsewhere:
    at the second round Ume has regained hers, the Squire not."""
    sc, ume, wall = endless()
    squire = sc.char("squire", (1, 0))
    sc.unit(ume).spent = sc.unit(squire).spent = 1
    sc.do(Fight(wall), Declare(ume, "attack"))
    assert sc.st.combat.round == 2
    assert (sc.unit(ume).spent, sc.unit(squire).spent) == (0, 1)


def test_combat_all_energy_is_restored_at_its_end_to_the_characters_in_it_only_R111():
    """R111, the Combat's end: Ume (2 spent) Defeats the Mite in one round; the Squire
    elsewhere (1 spent) keeps its 1 spent through the rest of the Move phase, and has
    it back once the Turn is over (R20)."""
    sc = Scene(CARDS, options=NO_CHARM)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol"])
    ume = sc.char("ume", (0, 0))
    squire = sc.char("squire", (1, 0))
    mite = sc.disaster("mite", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.unit(ume).spent, sc.unit(squire).spent = 2, 1
    sc.turn(MOVE)
    sc.do(Fight(mite), Declare(ume, "attack"))
    assert sc.st.combat is None and mite not in sc.st.units
    assert (sc.st.phase, sc.unit(ume).spent, sc.unit(squire).spent) == (MOVE, 0, 1)
    sc.until(DISCARD, seat=0)
    assert sc.unit(squire).spent == 0


def test_a_player_with_nothing_on_the_field_takes_its_turns_and_keeps_its_havens_items_R112():
    """The books never say a player leaves the game; R112: a player with no Character on
    the Field, Set Aside or in its hand goes on taking its Turns (it may draw one in its
    Reload), the Disasters it brought into play move in its Maintenance phase, and the
    Items stored in its Havens count for it (R5). Four seats; seat 3 has only a Haven
    storing the Gem and the Wall it brought into play at the top-right Location: in its
    Turn the Wall moves down the path, and the Gem is seat 3's."""
    sc = Scene(CARDS, seats=4, options=NO_CHARM)
    for seat in range(3):
        sc.location((seat, 0), under=["idol"])
        sc.char("hero", (seat, 0), seat=seat)
        sc.combat_pile(seat, *["blank"] * 4)
    sc.location((3, 0), under=["idol"])
    sc.location((3, 1), under=["idol"])
    sc.haven((4, 1), seat=3, stored=["gem"])
    wall = sc.disaster("wall", (3, 0), seat=3, brought_by=3)
    sc.turn(MOVE, seat=2)
    sc.until(EQUIP, seat=3)
    assert sc.st.turn_seat == 3
    assert sc.unit(wall).pos == (3, 1)
    assert item_counts(sc.st)["3"] == 1
    sc.do(EndPhase())
    assert sc.st.turn_seat == 3 and sc.st.result is None


SIREN = CARDS + """\
- {id: siren, name: Siren, type: disaster, class: minor,
   abilities: {attack: 1, defense: 4, movement: 1, charm: 4}}
- {id: charmer, name: Charmer, type: character, gender: male,
   abilities: {attack: 1, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: citadel, name: Citadel, type: location}
"""


def test_rules_for_disasters_all_charmed_at_a_location_turned_haven_it_takes_nothing_there_R113():
    """Charm Combat with Disasters: "If all the Characters at a Location are Charmed, the
    Disaster will take an Item from the Location if one is there"; guideline 4.14: "A
    Haven (not even a Location-turned-Haven) is not a Location", and the Glossary: "Cards
    on Havens do not affect the Field and are not in Play"; guideline 4.10 keeps a
    Location-turned-Haven a Location only to be Destroyed or Scavenged; R113: nor does
    a Disaster take what still lies under it. The Charmer Scavenges what lies under seat
    0's Location-turned-Haven and turns the Siren over (R87: it fights him), which Charms
    him: it takes neither the Gem stored in the Haven (the books) nor the Idol still
    under it (R113)."""
    sc = Scene(SIREN)
    sc.location((1, 0))
    siren, idol = sc.card("siren"), sc.card("idol")
    sc.st.places[(0, 0)] = Place(sc.card("citadel"), "haven", 0, (sc.card("gem"),),
                                 buried=(siren, idol))
    sc.st.seats[0].havens.append((0, 0))
    sc.char("charmer", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((0, 0)))
    assert [e["result"] for e in of(ev, CharmContest)] == ["charmed"]
    assert not of(ev, ItemTaken) and sc.unit(siren).items == []
    place = sc.st.places[(0, 0)]
    assert (len(place.under), idol in place.buried) == (1, True)


RETREAT = CARDS + """\
- id: retreat
  name: Retreat
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you}, cost: {energy: 1},
       do: [{send_home: true, to: group}]}
"""


def test_scavenge_phase_a_group_sent_home_while_scavenging_ends_the_scavenging():
    """Scavenge Phase: a group Scavenges the Location it stands at ("If you stop, you
    must 'leave' the Location"; Basic Terms, Scavenge: "To take Items / Equipment at a
    Location"); Tactical Retreat sends the group home "out of any Combat". Ume, Scavenging
    an Idol and a Gem, is sent home by a Flash Effect of her player's before she takes
    one: nobody is left at the Location, so the Scavenging is over, both Items still
    under it (failed before: it waited for a Stop Scavenging with nobody there, the
    only choice but ending nothing)."""
    sc = Scene(RETREAT, options=NO_CHARM)
    sc.location((0, 0), under=["idol", "gem"])
    sc.haven((1, 0))
    ume = sc.char("ume", (0, 0))
    retreat, = sc.hand(0, "retreat")
    sc.turn(SCAVENGE)
    sc.do(Scavenge((0, 0)))
    assert sc.st.scavenging is not None
    sc.do(PlayCard(retreat, ume))
    assert sc.unit(ume).pos == (1, 0)
    assert sc.st.scavenging is None and sc.st.top.kind == "phase"
    assert len(sc.st.places[(0, 0)].under) == 2
