"""Rules for Transforming Characters inside a Combat fought in the Move phase.

"You may transform a Character from one form to another during the Movement phase by
sacrificing that Character's move" (rulebook), and "may transform anytime" (guideline
2.5): a Combat the Move phase begins (a Move onto a Disaster, a Fight, a Challenge) is
during the Movement phase, so the phasing player's Character that still has its move
may transform while the Combat waits on that player: before the round's declarations,
between them, after a round. The new card is the same Character in the Combat's lists
(R115); a Character that moved has no move left (R114); a new form whose Health its
Damage has used up is Bonked (R116). Not in a Flash window: "If it isn't a Global
Effect, isn't a Haven's ability, or doesn't say it's a Flash Effect, it isn't as fast"
(guideline 3.1).
"""
from __future__ import annotations

from scene import Scene, of
from test_rules_transforming import CARDS

from game.engine import view
from game.engine.abilities import total
from game.engine.actions import (BreakCharm, Challenge, CharmAttack, Declare, Engage, Fight,
                                 Move, Order, PlayCard, RunAway, RunTo, Transform)
from game.engine.cards import Modifier
from game.engine.events import Bonked, CombatHit
from game.engine.options import Options
from game.engine.state import MOVE, SCAVENGE, Lasting

# Imp: Defense 3, so Ume's Attack 2 does nothing and Plum's 4 does 1 Damage. Brute does 2
# Damage to Ume (Defense 3), Crusher 3 to Plum (Defense 4). Spark: a Flash Effect any
# Character may play.
MORE = CARDS + """\
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 0, defense: 3, movement: 1}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 5, defense: 30, movement: 1}}
- {id: crusher, name: Crusher, type: disaster, class: major,
   abilities: {attack: 7, defense: 30, movement: 1}}
- {id: spark, name: Spark, type: flash_effect, bonuses: {attack: "+1"}}
"""


def scene(seats: int = 1, disaster: str | None = "imp", first: str = "ume"):
    """Seat 0's transformer (`first`, its other card kept aside) at a Location with a
    Combat Disaster (None: none), in seat 0's Move phase; Combat cards that change
    nothing."""
    sc = Scene(MORE, seats=seats, options=Options(charm_combat=False))
    sc.location((0, 0), under=["gem"])
    sc.location((0, 1), under=["gem"])
    sc.haven((1, 0))
    char = sc.char(first, (0, 0))
    other = sc.card("plum" if first == "ume" else "ume")
    sc.st.seats[0].forms = [other]
    foe = sc.disaster(disaster, (0, 0)) if disaster else -1
    for s in range(seats):
        sc.combat_pile(s, *["blank"] * 12)
    sc.turn(MOVE)
    return sc, char, other, foe


def test_rules_for_transforming_characters_in_a_combat_before_its_declarations():
    """Inside a Fight of the Move phase, before anyone declares: the Transform is offered
    with the declarations; Plum comes into the Combat where Ume stood (its group, the
    Disaster's target, those still to declare), and her group can no longer Run Away
    ("A Character that is transforming cannot be moved that Turn except by a Disaster")."""
    sc, ume, plum, imp = scene()
    sc.do(Fight(imp))
    assert Transform(ume) in sc.legal() and RunAway() in sc.legal()
    sc.do(Transform(ume))
    c = sc.st.combat
    assert ume not in sc.st.units and sc.unit(plum).pos == (0, 0)
    assert c.fighters == [plum] and c.to_declare == [plum]
    assert Declare(plum, "attack") in sc.legal()
    assert RunAway() not in sc.legal() and Transform(plum) not in sc.legal()
    ev = sc.do(Declare(plum, "attack"))
    hit, = [h for h in of(ev, CombatHit) if h["target"] == imp]
    assert (hit["attackers"], hit["attack"], hit["damage"]) == ([plum], 4, 1)


def test_rules_for_transforming_characters_between_a_rounds_declarations_R115():
    """R115: a declaration made before the Transform stands for the same Character, and
    the round's totals are her new card's: Ume's Attack 2 would not hurt the Imp (Defense
    3), Plum's 4 does."""
    sc, ume, plum, imp = scene()
    pal = sc.char("pal", (0, 0))
    sc.do(Fight(imp))
    assert sc.st.combat.to_declare == [ume, pal]
    sc.do(Declare(ume, "attack"))
    assert Transform(ume) in sc.legal()
    sc.do(Transform(ume))
    assert sc.st.combat.attackers == [plum] and sc.st.combat.to_declare == [pal]
    ev = sc.do(Declare(pal, "none"))
    hit, = [h for h in of(ev, CombatHit) if h["target"] == imp]
    assert (hit["attackers"], hit["attack"], hit["damage"]) == ([plum], 4, 1)


def test_rules_for_transforming_characters_after_a_round_keeps_her_damage_R115():
    """After a round, at the next one's beginning: she transforms with the Damage the
    round gave her (R43 a), as the Disaster's target still."""
    sc, ume, plum, brute = scene(disaster="brute")
    sc.do(Fight(brute), Declare(ume, "none"))
    c = sc.st.combat
    assert c.round == 2 and sc.unit(ume).damage == 5 - 3 and c.target == ume
    sc.do(Transform(ume))
    assert sc.unit(plum).damage == 2 and c.target == plum and c.to_declare == [plum]
    ev = sc.do(Declare(plum, "none"))
    hit, = [h for h in of(ev, CombatHit) if h["target"] == plum]
    assert (hit["defense"], hit["health_before"]) == (4, 4 - 2)


def test_rules_for_transforming_characters_a_character_that_moved_has_no_move_R114():
    """R114: a Character that moved this Turn has no move left to sacrifice, not even in
    the Combat its Move began; one of her group that stood there has hers."""
    sc, ume, plum, imp = scene()
    sc.unit(ume).items = sc.cards(["gem"])
    sc.st.move_unit(sc.unit(ume), (0, 1))
    sc.do(Move((ume,), (0, 0)))  # she stops by the Imp with an Item: it attacks (R23)
    assert sc.st.combat is not None
    assert Transform(ume) not in sc.legal()
    sc.refused(Transform(ume), "no move left")

    sc, ume, plum, imp = scene()
    pal = sc.char("pal", (0, 1), items=["gem"])
    sc.do(Move((pal,), (0, 0)))
    assert sc.st.combat is not None and Transform(ume) in sc.legal()


def test_rules_for_transforming_characters_only_the_phasing_players_in_a_challenge():
    """The Movement phase is its player's ("Move your Characters", Move Phase): in a
    Challenge of seat 0's Move phase, seat 0's transformer may transform when seat 0
    declares, seat 1's (the defender's) never; the declarations against her follow her."""
    sc, ume, plum, _ = scene(seats=2, disaster=None)
    pal = sc.char("pal", (0, 0))
    foe = sc.char("pal", (0, 0), seat=1)
    sc.do(Challenge(1, (0, 0)))
    assert Transform(ume) in sc.legal()
    sc.do(Engage(ume, "attack", foe), Engage(foe, "attack", ume))
    assert sc.st.duel.to_act == 0 and Transform(ume) in sc.legal()
    sc.do(Transform(ume))
    d = sc.st.duel
    assert d.declared == [(plum, "attack", foe), (foe, "attack", plum)]
    assert plum in d.fighters and ume not in d.fighters
    ev = sc.do(Engage(pal, "none"))
    hits = {h["target"]: h for h in of(ev, CombatHit)}
    assert hits[foe]["attack"] == 4 and hits[plum]["defense"] == 4

    sc = Scene(MORE, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0), under=["gem"])
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    mine = sc.char("pal", (0, 0))
    theirs = sc.char("ume", (0, 0), seat=1)
    sc.st.seats[1].forms = [sc.card("plum", seat=1)]
    sc.do(Challenge(1, (0, 0)), Engage(mine, "attack", theirs))
    assert sc.st.duel.to_act == 1
    assert Transform(theirs) not in sc.legal()
    sc.refused(Transform(theirs), "your own Characters")


def test_rules_for_transforming_characters_a_held_character_has_no_move_R43():
    """R43 c inside a Combat: a Held Character cannot transform."""
    sc, ume, plum, imp = scene()
    sc.st.add_lasting(Lasting(imp, ume, 0, flags=("hold",)))
    sc.do(Fight(imp))
    assert Transform(ume) not in sc.legal()


def test_rules_for_transforming_characters_a_charmed_character_stays_charmed_R115():
    """R115: Charmed by the Disaster, she may transform, and stays Charmed by the same
    margin: "Charmed Characters cannot attack the Disaster until the Disaster attacks
    them", so Plum cannot attack a Disaster that attacks her group's other Character."""
    sc, ume, plum, imp = scene()
    pal = sc.char("pal", (0, 0), items=["gem"])  # the Disaster's target: "having an Item"
    sc.do(Fight(imp))
    c = sc.st.combat
    c.charmed[ume] = 2
    assert c.target == pal and Declare(ume, "attack") not in sc.legal()
    sc.do(Transform(ume))
    assert c.charmed == {plum: 2}
    assert Declare(plum, "attack") not in sc.legal() and Declare(plum, "none") in sc.legal()


def test_rules_for_transforming_characters_a_new_form_without_health_left_is_bonked_R116():
    """R116: Plum (Defense 4) took 3 Damage; as Ume (Defense 3) she has no Health left:
    Bonked, not Killed, and the Combat with nobody left in her group ends."""
    sc, plum, ume, crusher = scene(disaster="crusher", first="plum")
    sc.do(Fight(crusher), Declare(plum, "none"))
    assert sc.unit(plum).damage == 3
    ev = sc.do(Transform(plum))
    assert [e.card for e in ev if isinstance(e, Bonked)] == [ume]
    assert ume not in sc.st.units and sc.st.combat is None
    assert any(c == ume for c, _ in sc.st.seats[0].set_aside)


def test_rules_for_transforming_characters_not_in_a_flash_window_guideline_3_1():
    """Guideline 3.1: a Transform is not a Flash Effect, a Global Effect nor a Haven's
    ability, so it is not as fast: not made in answer to a Flash Effect."""
    sc, ume, plum, imp = scene(seats=2)
    sc.char("pal", (0, 1), seat=1)
    mine, = sc.hand(0, "spark")
    theirs, = sc.hand(1, "spark")
    sc.do(Fight(imp), PlayCard(mine, ume))
    assert sc.st.top.kind == "flash" and sc.st.top.chooser(sc.st) == 1
    sc.do(next(a for a in sc.legal() if a.card == theirs))
    assert sc.st.top.kind == "flash" and sc.st.top.chooser(sc.st) == 0
    assert Transform(ume) not in sc.legal()
    sc.refused(Transform(ume), "not as fast")


def test_rules_for_transforming_characters_in_combat_only_in_the_move_phase():
    """The Scavenge phase's Combats are not during the Movement phase."""
    sc, ume, plum, imp = scene()
    sc.turn(SCAVENGE)
    sc.do(Fight(imp))
    assert Transform(ume) not in sc.legal()
    sc.refused(Transform(ume), "Move phase")


def test_rules_for_transforming_characters_in_combat_each_view_sees_its_share():
    """R16 with "Keep the second card out of play": after a Transform in Combat the other
    seat sees Plum in the Combat, not which card waits aside."""
    sc, ume, plum, imp = scene(seats=2)
    sc.do(Fight(imp), Transform(ume))
    theirs = view(sc.st, 1)
    assert theirs.pending[-1].to_declare == [plum] and theirs.pending[-1].fighters == [plum]
    assert theirs.seats[0].forms is None and ume not in dict(theirs.known)
    assert view(sc.st, 0).seats[0].forms == (ume,)


def test_rules_for_transforming_characters_what_she_made_lasts_on_in_her_name_R115():
    """R115 with R43 b: an effect Plum made that lasts the Combat (her Barrier on her
    group) goes on when she becomes Ume, in the name of the Character in play: the card
    aside, hidden from the other seats, is named nowhere in their views."""
    sc, plum, ume, imp = scene(seats=2, first="plum")
    pal = sc.char("pal", (0, 0))
    sc.do(Fight(imp))
    sc.st.add_lasting(Lasting(plum, pal, 0, mods=(Modifier("defense", "+", 1),),
                              until="combat"))
    sc.do(Transform(plum))
    assert [(x.source, x.unit) for x in sc.st.lasting if x.mods] == [(ume, pal)]
    assert total(sc.st, sc.unit(pal), "defense") == 2 + 1
    theirs = view(sc.st, 1)
    assert all(plum not in (x.source, x.unit) for x in theirs.lasting)


def test_rules_for_transforming_characters_a_charmer_gives_her_order_as_her_new_form_R115():
    """R115 in Charm Combat Between Players: Ume Charmed seat 1's Character ("each
    Character can make the Character it Charmed perform 1 action, or prevent 1 action");
    transformed before the order, Plum gives it."""
    sc = Scene(MORE, seats=2, options=Options(charm_combat=True))
    sc.location((0, 0), under=["gem"])
    sc.haven((1, 0))
    ume = sc.char("ume", (0, 0))
    plum = sc.card("plum")
    sc.st.seats[0].forms = [plum]
    foe = sc.char("pal", (0, 0), seat=1)
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)), CharmAttack(ume, foe))  # Charm 3 against 1
    d = sc.st.duel
    assert d.to_order == [(ume, foe)] and Transform(ume) in sc.legal()
    sc.do(Transform(ume))
    assert d.to_order == [(plum, foe)] and plum in d.charm_attacked
    orders = [a for a in sc.legal() if isinstance(a, Order)]
    assert orders and all((a.char, a.charmed) == (plum, foe) for a in orders)
    sc.do(orders[0])


def test_rules_for_transforming_characters_in_charm_combat_with_a_disaster_R115():
    """Charm Combat with a Disaster comes first in the Combat, during the Movement phase
    too: Charmed by the Siren (Charm 4 against Ume's 3), she may transform before her
    friend tries the Charm break; the break is tried on Plum, still Charmed by 1 (R115)."""
    sc = Scene(MORE + """\
- {id: siren, name: Siren, type: disaster, class: major,
   abilities: {attack: 0, defense: 30, movement: 1, charm: 4}}
- {id: star, name: Star, type: character, gender: female,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 9, energy: 1}}
""", options=Options(charm_combat=True))
    sc.location((0, 0), under=["gem"])
    sc.haven((1, 0))
    ume = sc.char("ume", (0, 0))
    plum = sc.card("plum")
    sc.st.seats[0].forms = [plum]
    star = sc.char("star", (0, 0))
    siren = sc.disaster("siren", (0, 0))
    sc.combat_pile(0, *["blank"] * 20)
    sc.turn(MOVE)
    sc.do(Fight(siren))
    c = sc.st.combat
    assert c.charmed == {ume: 1} and Transform(ume) in sc.legal()
    sc.do(Transform(ume))
    assert c.charmed == {plum: 1}
    assert [a for a in sc.legal() if isinstance(a, BreakCharm)] == [BreakCharm(star, plum)]


def test_rules_for_transforming_characters_not_after_running_away_basic_terms_run_away():
    """Basic Terms, Run Away: "This will end your Turn". A group that Fought where it
    stood (no move made), then Ran Away onto a Location whose Disaster attacks it, is in
    a Combat of the Move phase with its Turn ended: no move is left to sacrifice."""
    sc, ume, plum, imp = scene(disaster="brute")
    sc.unit(ume).items = sc.cards(["gem"])
    sc.disaster("imp", (0, 1))  # met where she runs to
    sc.do(Fight(imp))
    assert Transform(ume) in sc.legal()
    sc.do(RunAway())
    sc.do(RunTo((0, 1)))
    assert sc.st.combat is not None and sc.st.combat.cell == (0, 1)
    assert Transform(ume) not in sc.legal()
    sc.refused(Transform(ume), "Ran Away")


def test_charm_combat_between_players_the_charmers_player_orders_after_a_bonk_R116():
    """Charm Combat Between Players: "each Character can make the Character it Charmed
    perform 1 action", chosen by the charmer's player. Plum (seat 0) Charmed seat 1's
    Pal and Star (seat 1) Charmed seat 0's Pal; Plum, first to order, transforms into
    Ume, whose Health her 3 Damage uses up (R116): Bonked, her order is gone, and the
    next order is Star's, given by seat 1 (seat 0 was asked to give it)."""
    sc = Scene(MORE + """\
- {id: star, name: Star, type: character, gender: female,
   abilities: {attack: 1, defense: 2, movement: 2, charm: 9, energy: 1}}
""", seats=2, options=Options(charm_combat=True))
    sc.location((0, 0), under=["gem"])
    sc.haven((1, 0))
    plum = sc.char("plum", (0, 0))
    sc.st.seats[0].forms = [sc.card("ume")]
    pal = sc.char("pal", (0, 0))
    foe = sc.char("pal", (0, 0), seat=1)
    star = sc.char("star", (0, 0), seat=1)
    for s in range(2):
        sc.combat_pile(s, *["blank"] * 12)
    sc.turn(MOVE)
    sc.unit(plum).damage = 3  # a Sting played earlier this Turn
    sc.do(Challenge(1, (0, 0)), CharmAttack(plum, foe), CharmAttack(star, pal))
    assert sc.st.duel.to_order == [(plum, foe), (star, pal)]
    sc.do(Transform(plum))
    assert sc.st.duel.to_order == [(star, pal)]
    assert sc.st.current_seat() == 1
    assert any(isinstance(a, Order) and a.char == star for a in sc.legal())
