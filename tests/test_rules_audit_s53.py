"""The s53 audit: engine modules earlier audits had not broken branch by branch
(charm.py, duel.py, disasters.py), each rule-bearing condition broken for a moment and
the tests that name its terms run on it (docs/rules-coverage.md, "The modules broken on
purpose (3 Dec 2026, s53)"). Here the scenes for the breaks no test caught. Each test
names the section, guideline or ruling it pins."""
from __future__ import annotations

from scene import Scene, of
from test_rules_allies import group_scene, siren_and_lackey
from test_rules_charm import CARDS as CHARM_CARDS
from test_rules_charm import script_targets
from test_rules_disasters import board, maintenance
from test_rules_duel import duel_scene
from test_rules_scavenging import CARDS as SCAVENGE_CARDS
from test_rulings_s30a import CARDS as S30A_CARDS

from game.engine import charm
from game.engine.actions import (AttackLocation, BreakCharm, Challenge, CharmAttack, Declare,
                                 Engage, Fight, Move, Order, Proceed, RunAway)
from game.engine.disasters import ally
from game.engine.events import (CharmContest, CharmOrder, CombatBegan, CombatHit, ItemTaken,
                                LocationAttacked, LocationAttacks)
from game.engine.options import Options
from game.engine.physical import planned_strike
from game.engine.state import EQUIP, MOVE, SCAVENGE
from game.engine.view import view


# Charm Combat with Disasters ------------------------------------------------------------
def test_charm_combat_with_disasters_each_character_not_charmed_tries_one_break_R31():
    """Charm Combat with Disasters: "Any Character not Charmed by the Disaster can attempt
    a Charm break of another Character"; R31 (the rulebook does not say how often): each
    one tries once. Kagato (Charm 5) Charms two Heroes (Charm 1) and loses to the third
    (+9): the third may try to break either Charm, but once it has tried one (held) it
    may not try the other, and physical Combat follows (charm.candidates, `breakers`)."""
    sc = Scene(CHARM_CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    first, second, third = (sc.char("hero", (0, 0)) for _ in range(3))
    kagato = sc.disaster("kagato", (0, 0))
    sc.combat_pile(0, *["blank"] * 5, "wow", *["blank"] * 8)
    sc.turn(MOVE)
    script_targets(sc, [first, second, third])
    ev = sc.do(Fight(kagato))
    assert [(c["defender"], c["result"]) for c in of(ev, CharmContest)] == [
        (first, "charmed"), (second, "charmed"), (third, "won")]
    breaks = {(a.char, a.charmed) for a in sc.legal() if isinstance(a, BreakCharm)}
    assert breaks == {(third, first), (third, second)}
    ev = sc.do(BreakCharm(third, first))
    assert of(ev, CharmContest)[0]["result"] == "held"  # 1 against 1: no margin at all
    assert not [a for a in sc.legal() if isinstance(a, BreakCharm)]
    assert sc.st.combat.stage == "declare"
    sc.refused(BreakCharm(third, second))


def test_charm_combat_with_disasters_all_charmed_the_disaster_takes_one_item():
    """Charm Combat with Disasters: "If all the Characters at a Location are Charmed, the
    Disaster will take an Item from the Location if one is there": one Item, by the
    Disaster that Charmed them. The Siren (Charm 9), allied with the Lackey, Charms the
    lone Shy where two Gems lie: the Siren takes one, the Lackey none, and one Gem stays
    under the Location (charm.outcome's pick_up, `one`)."""
    sc, cell, siren, lackey = siren_and_lackey("gem", "gem")
    sc.char("shy", cell)
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    ev = sc.do(Fight(siren))
    assert of(ev, CharmContest)[0]["result"] == "charmed"
    assert [e["by"] for e in of(ev, ItemTaken)] == [siren]
    assert len(sc.unit(siren).items) == 1 and sc.unit(lackey).items == []
    assert len(sc.st.places[cell].under) == 1


def _charmed_then_kagato_moves_on() -> tuple[Scene, int, int, int]:
    """Seat 0's Hero, alone at the top-right Location, is Charmed by Kagato (Movement 2),
    which takes the Idol there; Hero's mate Other stands two Locations down the path."""
    sc = Scene(CHARM_CARDS)
    for x in range(5, -1, -1):  # the path: (5,0) (4,0) ... (0,0)
        sc.location((x, 0), under=["idol"])
    hero = sc.char("hero", (5, 0))
    other = sc.char("hero", (3, 0))
    kagato = sc.disaster("kagato", (5, 0))
    sc.combat_pile(0, "wow", *["blank"] * 9)
    sc.turn(MOVE)
    sc.do(Fight(kagato))
    assert sc.st.combat is None and charm.charmed_by(sc.st, sc.unit(hero), kagato)
    return sc, hero, other, kagato


def test_charm_combat_with_disasters_an_attack_elsewhere_ends_no_charm_here():
    """Charm Combat with Disasters: "Charmed Characters cannot attack the Disaster until
    the Disaster attacks them". Kagato, having Charmed Hero, moves on in the next
    Maintenance phase and stops on Other, two Locations on, which it attacks: Hero, whom
    it did not attack, is still Charmed by it (charm.release ends the Charm on the
    Characters attacked only)."""
    sc, hero, other, kagato = _charmed_then_kagato_moves_on()
    ev = sc.until(EQUIP)
    assert sc.unit(kagato).pos == (3, 0)
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [kagato]
    assert sc.unit(hero).pos == (5, 0)
    assert charm.charmed_by(sc.st, sc.unit(hero), kagato)


def test_charm_combat_with_disasters_the_charmed_may_fight_another_disaster_there():
    """Charm Combat with Disasters: "Charmed Characters cannot attack the Disaster until
    the Disaster attacks them": the Disaster that Charmed them, not any other; Combat with
    Multiple Disasters: "Attacking one Disaster does not necessitate Combat with another".
    Kagato Charms the lone Hero, where the Brute (Charm 0) stands too: Hero may not fight
    Kagato again, and may fight the Brute (combat.fights asks charm.charmed_by, which
    reads the Charm's source)."""
    sc = Scene(CHARM_CARDS)
    sc.location((1, 0), under=["idol"])
    sc.location((0, 0), under=["idol", "idol"])
    hero = sc.char("hero", (1, 0))
    brute = sc.disaster("brute", (1, 0))
    kagato = sc.disaster("kagato", (1, 0))
    sc.combat_pile(0, "wow", *["blank"] * 9)
    sc.turn(MOVE)
    sc.do(Fight(kagato))
    assert sc.st.combat is None and charm.charmed_by(sc.st, sc.unit(hero), kagato)
    legal = sc.legal()
    assert Fight(kagato) not in legal and Fight(brute) in legal
    sc.do(Fight(brute))
    assert sc.st.combat is not None and sc.st.combat.disaster == brute


# Charm Combat Between Players, List of Actions ------------------------------------------
def test_list_of_actions_release_a_charmed_character_ends_the_charm_it_holds_R34():
    """List of Actions: "Release a Charmed Character" is one of the actions a charmer can
    make the Charmed do (Charm Combat Between Players: "each Character can make the
    Character it Charmed perform 1 action"). Seat 1's B Charms seat 0's A1; seat 0's A2
    then Charms B. A2 orders first (the initiator's), and makes B release A1: B gives A1
    no order, and the physical rounds begin (duel._order drops B's order)."""
    sc, (a1, a2), (b,) = duel_scene(("hero", "hero"), ("hero",), Options())
    sc.combat_pile(0, "blank", "wow")
    sc.combat_pile(1, "wow", "blank")
    sc.do(Challenge(1, (0, 0)), Proceed())
    ev = sc.do(CharmAttack(b, a1), CharmAttack(a2, b))
    assert [c["result"] for c in of(ev, CharmContest)] == ["charmed", "charmed"]
    d = sc.st.duel
    assert d.stage == "order" and d.to_order == [(a2, b), (b, a1)]
    assert Order(a2, b, "release") in sc.legal()
    ev = sc.do(Order(a2, b, "release"))
    assert of(ev, CharmOrder) == [{"char": a2, "charmed": b, "order": "release"}]
    assert sc.st.duel.stage == "declare" and sc.st.duel.to_order == []
    assert not [a for a in sc.legal() if isinstance(a, Order)]


# Combat Between Players, Run Away ------------------------------------------------------
def test_run_away_between_players_the_round_run_from_brings_no_strike_of_the_location_R65():
    """Rules for Locations: "If the Characters are in Combat, the Location also attacks
    once per Combat round"; Basic Terms, Run Away: "The opponent will get one final,
    unanswered attack". R65: the round a group Runs Away in is that final attack and
    nothing more, between players as with a Disaster. At the Reef (Attack 4, requires
    Swimming), seat 0's Hero Runs Away from seat 1's; the Reef strikes neither."""
    sc = Scene(S30A_CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), "reef", under=["idol"])
    sc.location((1, 0))
    a = sc.char("hero", (0, 0))
    b = sc.char("hero", (0, 0), seat=1)
    sc.combat_pile(1, *["blank"] * 2)
    sc.turn(MOVE)
    ev = sc.do(Challenge(1, (0, 0)), RunAway(), Engage(b, "none"))
    assert sc.st.duel is not None and sc.st.duel.stage == "run"
    assert not of(ev, LocationAttacks)
    assert sc.unit(a).damage == 0 and sc.unit(b).damage == 0


def test_run_away_between_players_a_protection_declared_before_is_void_R33f():
    """Basic Terms, Run Away: "The opponent will get one final, unanswered attack"; R33 f:
    the opponent's protecting is void. Seat 0's A1 declares to protect A2, then seat 1
    Runs Away and A2 attacks: the only hit is on seat 1's B, and A1, protecting nobody,
    takes no Damage (Protecting's "minimum of 1 Damage per Combat round")."""
    sc, (a1, a2), (b,) = duel_scene(("hero", "hero"), ("tank",))
    sc.combat_pile(1, *["blank"] * 2)
    ev = sc.do(Challenge(1, (0, 0)), Engage(a1, "protect", a2), RunAway(),
               Engage(a2, "attack", b))
    assert [h["target"] for h in of(ev, CombatHit)] == [b]
    assert of(ev, CombatHit)[0]["final"]
    assert sc.unit(a1).damage == 0 and sc.unit(a2).damage == 0


# Rules for Locations, with Combat Between Players ----------------------------------------
def gunner_at_hot_legs() -> tuple[Scene, int, int]:
    """Seat 1's Gunner has brought Hot Legs (Defense 8, at (0, 0)) to 7 in its Scavenge
    phase; seat 0's Man stands there too, in seat 0's Move phase."""
    sc = Scene(SCAVENGE_CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), "hot-legs", under=["idol"])
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])  # more Items: no early majority (R14)
    gunner = sc.char("gunner", (0, 0), seat=1)
    man = sc.char("man", (0, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.combat_pile(1, *["blank"] * 4)
    sc.turn(SCAVENGE, seat=1)
    ev = sc.do(AttackLocation((0, 0)))
    assert of(ev, LocationAttacked)[0]["health_after"] == 7
    assert sc.st.places[(0, 0)].siege == ((1, 1),)
    sc.turn(MOVE)
    return sc, gunner, man


def test_rules_for_locations_a_counter_attack_between_players_starts_the_siege_over():
    """Rules for Locations: "If a Location has Defense ... You must continue attacking it
    until the Location's Health is 0 or below ... If you attack another target or leave
    the Location you must start over." Seat 1's Gunner brings Hot Legs (Defense 8) to 7;
    seat 0 then initiates Combat on him there, and his attack on seat 0's Man is another
    target: seat 1's attack on Hot Legs starts over, 8 again in its next Scavenge phase."""
    sc, gunner, man = gunner_at_hot_legs()
    sc.do(Challenge(1, (0, 0)), Engage(man, "none"), Engage(gunner, "attack", man))
    assert sc.st.duel is None and man not in sc.st.units  # Bonked: 9 against 3
    assert sc.st.places[(0, 0)].siege == ()
    sc.until(SCAVENGE, seat=1)
    ev = sc.do(AttackLocation((0, 0)))
    assert of(ev, LocationAttacked)[0]["health_before"] == 8


# Allying with Characters ---------------------------------------------------------------
def test_allying_with_characters_the_ally_does_not_attack_its_own_group_stopping_with_items():
    """Allying with Characters: "The Disaster must be included in the pool of potential
    targets as though it were one of your Characters"; Rules for Disasters: a Combat
    Disaster attacks Characters with Items at its Location (R23, however they came). The
    Lackey is allied with seat 0's Hero; Hero's mate Other, carrying a Gem, moves onto
    them: the Lackey does not attack its own group (disasters.attack_order leaves out the
    Disasters allied with the seat whose group stopped)."""
    sc, hero, lackey, _ = group_scene()
    assert sc.unit(lackey).ally_seat == 0
    other = sc.char("hero", sc.st.path[1], items=["gem"])
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    ev = sc.do(Move((other,), sc.st.path[0]))
    assert sc.unit(other).pos == sc.unit(lackey).pos == sc.st.path[0]
    assert not of(ev, CombatBegan) and sc.st.combat is None


# Ally Disasters, Rules for Minor Disasters ----------------------------------------------
def _minor_primary_leads_two_majors_off_the_field() -> tuple[Scene, int, int, int]:
    """The Pest (Minor, Movement 1), on the last Location of the path, leads the Crawler
    (Major, Movement 1) and the Strider (Major, Movement 2), all brought by seat 0, the
    Pest first; seat 0's Maintenance phase has run."""
    sc = board()
    pest = sc.disaster("pest", (-5, 0))
    crawler = sc.disaster("crawler", (-5, 0))
    strider = sc.disaster("strider", (-5, 0))
    ally(sc.st, sc.unit(pest), sc.unit(crawler), [])
    ally(sc.st, sc.unit(pest), sc.unit(strider), [])
    maintenance(sc)
    return sc, pest, crawler, strider


def test_maintenance_phase_allies_freed_at_the_end_of_the_cycle_do_not_move_again():
    """Maintenance Phase: "Any Disasters you brought into play that are capable of Movement
    are moved. Disasters are moved a number of Locations equal to their Movement"; Ally
    Disasters: they "move as a group ... limited to the slowest". The alliance moves one
    Location, off the Field: the Pest is Discarded, the two Majors re-enter at the
    top-right Location (1, 0) and stay there. They had moved 1 and 2 Locations more on
    their own in the same phase (maintenance.DisasterMoves listed them before the Pest
    freed them): an engine defect, fixed in s53."""
    sc, pest, crawler, strider = _minor_primary_leads_two_majors_off_the_field()
    assert pest not in sc.st.units and pest in sc.st.seats[0].discard
    assert sc.unit(crawler).pos == sc.unit(strider).pos == (1, 0)
    assert sc.unit(crawler).leader == sc.unit(strider).leader == -1


def test_ally_disasters_a_minor_primary_discarded_at_the_end_of_its_cycle_ends_the_alliance():
    """Rules for Minor Disasters: at the end of the Field a Minor Disaster "is itself
    Discarded"; guideline 2.3: "A Disaster that has been Discarded is considered
    Defeated"; R40: when the primary is Defeated the alliance breaks up and each goes its
    own way. The Pest (Minor) leads the Crawler and the Strider (Major) off the last
    Location: the two re-enter at the top-right Location as Disasters on their own, so
    the Crawler, fought there, strikes with its own Attack 3, and the combat panel's
    forecast (physical.planned_strike, which reads each one's primary) says 3 as well,
    not 6 with the Strider's (disasters.cycle_ends clears their primary)."""
    sc, pest, crawler, strider = _minor_primary_leads_two_majors_off_the_field()
    assert sc.unit(crawler).pos == sc.unit(strider).pos == (1, 0)
    hero = sc.char("hero", (1, 0))
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(crawler))
    c = sc.st.combat
    assert c.disaster == crawler and c.target == hero and c.queue == []
    forecast = planned_strike(view(sc.st, 0), c.disaster, c.target, [])
    ev = sc.do(Declare(hero, "none"))
    hit = next(h for h in of(ev, CombatHit) if h["target"] == hero)
    assert hit["attack"] == 3 and forecast.attack == 3
