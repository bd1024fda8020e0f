"""Charm Combat with Disasters (rulebook, Charm Combat, List of Actions; R12, R31)."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import BreakCharm, Command, Declare, Fight, Proceed, UseCard
from game.engine.events import (CharmCommand, CharmContest, CombatEnded, CombatHit, CombatTarget, ItemTaken)
from game.engine.options import Options
from game.engine.state import EQUIP, MOVE, Lasting

# The stats the rulebook's example "Combat Charm with a Disaster" implies: Kagato
# has Charm 5; Launch 5, Akane 3, Armitage 2 (5 with +3), Ryoko 3 (7 with +4).
CARDS = """\
- {id: kagato, name: Kagato, type: disaster, class: major,
   abilities: {attack: 8, defense: 6, movement: 2, charm: 5}}
- {id: ryoko, name: Ryoko, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 3}}
- {id: armitage, name: Naomi Armitage, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 2, energy: 2}}
- {id: akane, name: Akane Tendo, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 2}}
- {id: launch, name: Launch (Bad), type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 5, energy: 1}}
- {id: not-a-boy, name: "Not a Boy, a Man", type: combat, physical: {},
   charm: {own: {charm: "+1"}}}
- {id: protest, name: Thou Doth Protest Too Much, type: combat, physical: {},
   charm: {own: {charm: "-1"}}}
- {id: tycoon, name: Tycoon, type: combat, physical: {}, charm: {own: {charm: "+1"}}}
- {id: done-here, name: "We're Done Here", type: combat, physical: {},
   charm: {opponent: {charm: "/2"}}}
- {id: swoon, name: Swoon, type: combat, physical: {}, charm: {own: {charm: "-1"}}}
- {id: robosexuals, name: Robosexuals, type: combat, physical: {},
   charm: {own: {charm: "+3"}}}
- {id: poise, name: Poise, type: combat, physical: {}, charm: {own: {charm: "-2"}}}
- {id: fat-joke, name: Fat Joke, type: combat, physical: {},
   charm: {opponent: {charm: "-2"}}}
- {id: older-woman, name: Older Woman, type: combat, physical: {},
   charm: {own: {charm: "+4"}}}
- {id: lovely-hair, name: Lovely Hair, type: combat, physical: {},
   charm: {own: {charm: "-2"}}}
- {id: charmer, name: Charmer, type: disaster, class: minor,
   abilities: {attack: 2, defense: 2, movement: 1, charm: 4}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 2, defense: 2, movement: 1, charm: 0}}
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: dull, name: Dull, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 0, energy: 1}}
- {id: wow, name: Wow, type: combat, physical: {}, charm: {own: {charm: "+9"}}}
- {id: idol, name: Idol, type: item}
"""


def script_targets(sc: Scene, order: list[int]) -> None:
    """The Disaster's random choice of its next Charm target (R13), set to `order`."""
    wanted = iter(order)

    def randrange(n: int) -> int:
        # charm.begin picks from the Characters not yet attacked, sorted by instance.
        remaining = sorted(u for u in sc.st.units if not sc.st.units[u].disaster
                           and u not in attacked)[:n]
        nxt = next(wanted)
        attacked.append(nxt)
        return remaining.index(nxt)

    attacked: list[int] = []
    sc.st.rng.randrange = randrange


def kagato_scene():
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    ryoko = sc.char("ryoko", (0, 0))
    armitage = sc.char("armitage", (0, 0))
    akane = sc.char("akane", (0, 0))
    launch = sc.char("launch", (0, 0))
    kagato = sc.disaster("kagato", (0, 0))
    cards = sc.combat_pile(0, "not-a-boy", "protest", "tycoon", "done-here", "swoon",
                           "robosexuals", "poise", "fat-joke", "older-woman", "lovely-hair")
    sc.turn(MOVE)
    return sc, ryoko, armitage, akane, launch, kagato, cards


def test_golden_combat_charm_with_a_disaster_kagato():
    """Rulebook, "Combat Charm with a Disaster": every number of the worked example."""
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    ev = sc.do(Fight(kagato))
    contests = of(ev, CharmContest)
    got = [(c["defender"], c["cards"], c["attacker_charm"], c["defender_charm"], c["result"])
           for c in contests]
    assert got == [
        # Kagato's 6 (5+1) Charm is higher than Launch's 4 (5-1): Launch is Charmed.
        (launch, cards[0:2], 6, 4, "charmed"),
        # Kagato's 3 ((5+1)/2) Charm is the same as Akane's 3: a draw.
        (akane, cards[2:4], 3, 3, "draw"),
        # Kagato's 4 (5-1) Charm is less than Armitage's 5 (2+3): Armitage wins.
        (armitage, cards[4:6], 4, 5, "won"),
        # Kagato's 1 (5-2-2) Charm is less than Ryoko's 3: Ryoko wins.
        (ryoko, cards[6:8], 1, 3, "won"),
    ]
    assert all(c["attacker"] == kagato for c in contests)
    assert sc.st.combat.charmed == {launch: 2}
    assert sorted(sc.st.combat.resisted) == sorted([armitage, ryoko])
    # Ryoko attempts to break Launch's Charm: 7 (3+4) against 3 (5-2), 4 higher,
    # twice what Launch was Charmed by: the Charm is broken.
    ev = sc.do(BreakCharm(ryoko, launch))
    (brk,) = of(ev, CharmContest)
    assert (brk["kind"], brk["attacker"], brk["defender"]) == ("break", ryoko, launch)
    assert (brk["cards"], brk["attacker_charm"], brk["defender_charm"]) == (cards[8:10], 7, 3)
    assert brk["result"] == "broken"
    assert sc.st.combat.charmed == {}


def test_charm_break_needs_twice_the_margin():
    """Charm Combat: a break by less than twice the margin leaves the Charm."""
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    # Same contests, but Launch draws Lovely Hair's opposite: a break by 3 < 4.
    sc.st.seats[0].combat[0] = sc.card("protest")  # the last card drawn: Launch's (-1)
    sc.do(Fight(kagato))
    ev = sc.do(BreakCharm(ryoko, launch))
    (brk,) = of(ev, CharmContest)
    assert (brk["attacker_charm"], brk["defender_charm"], brk["result"]) == (7, 4, "held")
    assert sc.st.combat.charmed == {launch: 2}


def test_a_character_with_no_action_tries_no_charm_break_basic_terms_no_action():
    """List of Actions: "Release a Charmed Character" is an action, prevented when a
    Character "has no actions"."""
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    sc.do(Fight(kagato))
    sc.st.add_lasting(Lasting(ryoko, ryoko, 0, flags=("no_action",), until="game"))
    breaks = [a for a in sc.legal() if isinstance(a, BreakCharm)]
    assert {(a.char, a.charmed) for a in breaks} == {(armitage, launch), (akane, launch)}
    sc.refused(BreakCharm(ryoko, launch))


def test_one_break_attempt_per_breaker_and_per_charmed_character_R31():
    """R31: each Character not Charmed tries one break; each Charmed Character has one
    break tried on it. Charmed Characters cannot try."""
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    sc.do(Fight(kagato))
    breaks = [a for a in sc.legal() if isinstance(a, BreakCharm)]
    assert {(a.char, a.charmed) for a in breaks} == {(ryoko, launch), (armitage, launch),
                                                      (akane, launch)}
    sc.st.seats[0].combat[0] = sc.card("protest")
    sc.do(BreakCharm(ryoko, launch))  # held
    assert not [a for a in sc.legal() if isinstance(a, BreakCharm)]
    # No break is left to try: Charm Combat is over and physical Combat begins.
    assert sc.st.combat.stage == "declare" and sc.st.combat.round == 1
    sc.refused(BreakCharm(armitage, launch), "no Charm Combat")


def test_charmed_cannot_attack_and_out_charmed_disaster_cannot_attack():
    """Charm Combat: Charmed Characters cannot attack the Disaster until it attacks
    them; a Disaster cannot attack a Character that won until that Character attacks it."""
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    sc.do(Fight(kagato))
    sc.st.rng = __import__("random").Random(1)  # physical Combat: targets by the seed
    sc.do(Proceed())
    c = sc.st.combat
    assert c.stage == "declare"
    assert c.target == akane  # not Armitage or Ryoko: they out-charmed Kagato
    # Declare in order; when Launch's turn comes it may protect or do nothing only.
    for char in list(c.to_declare):
        if char == launch:
            assert Declare(launch, "attack") not in sc.legal()
            sc.refused(Declare(launch, "attack"))
            sc.do(Declare(launch, "none"))
        else:
            sc.do(Declare(char, "attack"))


def test_attacking_lets_the_disaster_attack_again():
    """Charm Combat: once a Character that out-charmed the Disaster attacks it, the
    Disaster may attack it again."""
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    sc.do(Fight(kagato))
    sc.st.rng = __import__("random").Random(1)
    sc.do(Proceed())
    c = sc.st.combat
    for char in list(c.to_declare):
        sc.do(Declare(char, "attack" if char == ryoko else "none"))
    if sc.st.combat is not None:
        assert ryoko not in sc.st.combat.resisted
        assert armitage in sc.st.combat.resisted


def test_every_character_charmed_the_disaster_takes_an_item_and_leaves():
    """Charm Combat: all Characters at the Location Charmed: the Disaster takes an
    Item from the Location (if one is there) and leaves; no physical Combat."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol", "idol"])  # the Disasters hold no majority
    sc.location((2, 0))  # leaving, Kagato re-enters and moves on short of (0, 0) (R49)
    hero = sc.char("hero", (0, 0))
    kagato = sc.disaster("kagato", (0, 0))
    sc.combat_pile(0, "wow", "blank")
    sc.turn(MOVE)
    ev = sc.do(Fight(kagato))
    assert of(ev, CharmContest)[0]["result"] == "charmed"
    assert of(ev, ItemTaken) and of(ev, ItemTaken)[0]["by"] == kagato
    assert not of(ev, CombatHit)
    assert of(ev, CombatEnded) and sc.st.combat is None
    assert len(sc.unit(kagato).items) == 1
    assert hero in sc.st.units
    # "Charmed Characters cannot attack the Disaster until the Disaster attacks them":
    # still Charmed, Hero cannot fight Kagato again, this Turn or the next (the test
    # pinned R31's "or the Turn ends", which the sentence does not have).
    assert Fight(kagato) not in sc.legal()
    sc.refused(Fight(kagato))
    sc.until(MOVE)  # the next Turn: Kagato has left; the Charm holds
    assert [x for x in sc.st.lasting if "charmed" in x.flags and x.unit == hero]
    assert kagato not in sc.st.units or sc.unit(kagato).pos != (0, 0)
    if kagato in sc.st.units:
        sc.st.move_unit(sc.unit(hero), sc.unit(kagato).pos)
        assert Fight(kagato) not in sc.legal()


def test_a_disaster_that_charmed_every_character_leaves_on_the_next_turn():
    """Charm Combat with Disasters: "If all the Characters at a Location are Charmed,
    the Disaster will take an Item from the Location if one is there and leave on the
    next Turn": seat 0 brought Kagato, yet it moves on in seat 1's Turn, the next."""
    sc = Scene(CARDS, seats=2)
    for x in (2, 1, 0):
        sc.location((x, 0), under=["idol"] if x else [])
    sc.location((-3, 0), under=["idol", "idol"])  # the Disasters hold no majority
    sc.location((-4, 0))
    sc.char("hero", (2, 0))
    kagato = sc.disaster("kagato", (2, 0))       # the path: (2,0) (1,0) (0,0) (-3,0) (-4,0)
    sc.combat_pile(0, "wow", "blank")
    sc.turn(MOVE)
    sc.do(Fight(kagato))
    assert sc.st.combat is None and sc.unit(kagato).pos == (2, 0)
    sc.until(EQUIP, seat=1)
    assert sc.unit(kagato).pos == (0, 0)        # Movement 2, in seat 1's Maintenance
    sc.until(EQUIP, seat=0)
    assert sc.unit(kagato).pos == (-4, 0)       # then with its bringer, as ever


def _fighting_the_charmer(cards: str = CARDS, char: str = "hero") -> tuple[Scene, int, int]:
    """A lone Character that wins Charm Combat (a +9 card) against a Minor Disaster
    carrying an Idol, which it has just chosen to Fight."""
    sc = Scene(cards)
    sc.location((0, 0))
    sc.location((1, 0))
    hero = sc.char(char, (0, 0))
    charmer = sc.disaster("charmer", (0, 0), items=["idol"])
    sc.combat_pile(0, "blank", "wow", *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(charmer))
    return sc, hero, charmer


def test_winning_against_a_minor_disaster_gives_a_command_from_the_list_of_actions():
    """Charm Combat with Disasters: "If all your Characters win Charm Combat against a
    Minor Disaster, you can make the Disaster perform 1 action, or prevent 1 action. See:
    List of Actions." Hand over an Item goes to a Character of the group (not under the
    Location); then Physical Combat follows ("Combat consists of Charm Combat followed by
    Physical Combat"). R32's two fixed choices and its end of the Combat are withdrawn."""
    sc, hero, charmer = _fighting_the_charmer()
    assert sc.st.combat.stage == "command"
    assert sc.legal() == [Command("hand-over", hero), Command("no-attack"), Command("no-move")]
    idol = sc.unit(charmer).items[0]
    ev = sc.do(Command("hand-over", hero))
    assert of(ev, CharmCommand) == [{"disaster": charmer, "order": "hand-over"}]
    assert sc.unit(charmer).items == [] and sc.unit(hero).items == [idol]
    assert sc.st.places[(0, 0)].under == ()  # handed over, not dropped
    assert sc.st.combat is not None and sc.st.combat.stage == "declare"
    assert sc.st.combat.target == -1  # out-charmed, it may not attack the hero


def test_an_effect_mid_round_gives_an_out_charmed_disaster_no_target_charm_combat():
    """Charm Combat with Disasters: a Disaster "cannot attack a Character that out-charmed
    it" until that Character attacks it. With nobody else there it attacks nobody; an
    ability used in the round (the engine settles the Combat after it) must not hand it
    a target (once it chose one among all the group, and hit the Character)."""
    sc, hero, charmer = _fighting_the_charmer(CARDS + """\
- {id: focus, name: Focus, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1},
   effects: [{"on": use, do: [{modify: {defense: "+1"}, for: turn}]}]}
""", "focus")
    sc.do(Command("no-move"))
    assert sc.st.combat.target == -1
    ev = sc.do(UseCard(hero, 0, None))
    assert sc.st.combat.target == -1 and not of(ev, CombatTarget)
    ev = sc.do(Declare(hero, "none"))
    assert not [h for h in of(ev, CombatHit) if h["target"] == hero]


def test_a_disaster_kept_from_moving_stays_through_its_next_maintenance_list_of_actions():
    """List of Actions, Move, prevented: the commanded Disaster does not leave its
    Location in its bringer's next Maintenance phase (Hold: "Prevent an opponent from
    leaving their current Location"); the one after, it moves again."""
    sc = Scene(CARDS, seats=2)
    for y in range(4):
        sc.location((0, y), under=["idol"])  # one column: the path goes down it
    start = sc.st.path[0]
    hero = sc.char("hero", start)
    charmer = sc.disaster("charmer", start, brought_by=1)
    sc.combat_pile(0, "blank", "wow", *["blank"] * 8)
    sc.turn(MOVE)
    sc.do(Fight(charmer), Command("no-move"))
    assert sc.st.combat is not None
    sc.do(Declare(hero, "none"))  # R42: it may not attack, nor will they: Combat over
    assert sc.st.combat is None
    sc.until(MOVE, seat=1)  # seat 1's Maintenance has passed
    assert sc.unit(charmer).pos == start
    sc.until(MOVE, seat=1)
    assert sc.unit(charmer).pos != start


def test_no_command_against_a_major_disaster():
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    sc.char("hero", (0, 0))
    kagato = sc.disaster("kagato", (0, 0))
    sc.combat_pile(0, "blank", "wow")
    sc.turn(MOVE)
    ev = sc.do(Fight(kagato))
    assert of(ev, CharmContest)[0]["result"] == "won"
    assert sc.st.combat.stage == "declare"
    assert sc.st.combat.target == -1  # nobody it may attack
    sc.refused(Command("drop"))


def test_base_charm_zero_takes_no_part():
    """Charm Combat: Characters and Disasters with a base Charm at or below 0 do not
    engage in Charm Combat."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0))
    dull = sc.char("dull", (0, 0))
    kagato = sc.disaster("kagato", (0, 0))
    sc.combat_pile(0, "blank", "blank")
    sc.turn(MOVE)
    ev = sc.do(Fight(kagato))
    assert [c["defender"] for c in of(ev, CharmContest)] == [hero]
    brute_scene = Scene(CARDS)
    brute_scene.location((0, 0))
    brute_scene.location((1, 0))
    brute_scene.char("hero", (0, 0))
    brute = brute_scene.disaster("brute", (0, 0))
    brute_scene.turn(MOVE)
    ev = brute_scene.do(Fight(brute))
    assert not of(ev, CharmContest) and of(ev, CombatTarget)
    assert dull in sc.st.units


def test_charm_combat_off_R12():
    """R12: with Charm Combat off, Combat is physical only."""
    sc = Scene(CARDS, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    sc.char("hero", (0, 0))
    kagato = sc.disaster("kagato", (0, 0))
    sc.turn(MOVE)
    ev = sc.do(Fight(kagato))
    assert not of(ev, CharmContest)
    assert sc.st.combat.stage == "declare" and sc.st.combat.target >= 0


def test_the_charm_on_a_group_ends_when_the_disaster_attacks_it_R31():
    """Charm Combat: Charmed Characters cannot attack the Disaster until the Disaster
    attacks them; when it does (here: it stops on them), that Charm is over."""
    from game.engine import combat

    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol", "idol"])
    hero = sc.char("hero", (0, 0))
    kagato = sc.disaster("kagato", (0, 0))
    sc.combat_pile(0, "wow", "blank", "blank", "wow", *["blank"] * 4)  # then Hero wins
    sc.turn(MOVE)
    sc.do(Fight(kagato))
    assert [x.unit for x in sc.st.lasting if "charmed" in x.flags] == [hero]
    ev: list = []
    combat.start(sc.st, 0, (0, 0), [kagato], "maintenance", ev)
    assert not [x for x in sc.st.lasting if "charmed" in x.flags]


# The audit of 29 Nov 2026 ---------------------------------------------------------------
def test_every_character_not_charmed_may_try_a_break_a_draw_too_charm_combat_with_disasters():
    """Charm Combat with Disasters: "Any Character not Charmed by the Disaster can attempt
    a Charm break of another Character." After the Kagato example's four contests, Akane
    (a draw) may try as well as Ryoko and Armitage (who won); Launch, Charmed, may not."""
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    sc.do(Fight(kagato))
    assert sc.legal() == [BreakCharm(x, launch) for x in sorted((ryoko, armitage, akane))] + [
        Proceed()]


def _charmed_beside_a_charmless(with_item: str) -> tuple[Scene, int, int, int]:
    """Hero (Charm 1) and Dull (Charm 0) fight Kagato, which Charms Hero with a +9 card;
    `with_item` holds the Idol, so Kagato attacks it in the first physical round."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0), under=["idol", "idol"])
    hero = sc.char("hero", (0, 0), items=["idol"] if with_item == "hero" else [])
    dull = sc.char("dull", (0, 0), items=["idol"] if with_item == "dull" else [])
    kagato = sc.disaster("kagato", (0, 0))
    sc.combat_pile(0, "wow", "blank", *["blank"] * 6)
    sc.turn(MOVE)
    return sc, hero, dull, kagato


def test_a_character_with_charm_0_keeps_its_group_from_being_all_charmed_charm_combat():
    """Charm Combat: "Characters and Disasters with a base Charm at or below 0 do not
    engage in Charm Combat"; Kagato attacks Hero alone. "If all the Characters at a
    Location are Charmed" is then not so (Dull is not Charmed): no Item is taken, Dull
    tries no break (it does not engage), and Physical Combat follows, in which Dull may
    attack and Hero, Charmed and not attacked this round, may not."""
    sc, hero, dull, kagato = _charmed_beside_a_charmless(with_item="dull")
    ev = sc.do(Fight(kagato))
    assert [(c["defender"], c["result"]) for c in of(ev, CharmContest)] == [(hero, "charmed")]
    assert not of(ev, ItemTaken) and sc.unit(kagato).items == []
    c = sc.st.combat
    assert c.stage == "declare" and c.charmed == {hero: 9 + 5 - 1}
    assert c.target == dull
    assert Declare(hero, "attack") not in sc.legal()
    sc.refused(Declare(hero, "attack"), "Charmed")
    sc.do(Declare(hero, "protect"))
    assert Declare(dull, "attack") in sc.legal()


def test_a_charmed_character_the_disaster_attacks_counter_attacks_that_round_R47():
    """Charm Combat with Disasters: "Charmed Characters cannot attack the Disaster until
    the Disaster attacks them"; Physical Combat: "there is an attack by the attacker, and
    a counter-attack by the defender. Attack and counter-attack happen simultaneously in
    the same Combat round"; Combat with Disasters: "The Disaster chooses its target first.
    The player then chooses which Characters will counter-strike". The Charmed Character
    Kagato attacks this round may counter-strike in it (R47), and is no longer Charmed."""
    sc, hero, dull, kagato = _charmed_beside_a_charmless(with_item="hero")
    sc.do(Fight(kagato))
    c = sc.st.combat
    assert c.target == hero and hero in c.charmed
    assert Declare(hero, "attack") in sc.legal()
    ev = sc.do(Declare(hero, "attack"), Declare(dull, "attack"))
    on_kagato = next(h for h in of(ev, CombatHit) if h["target"] == kagato)
    assert sorted(on_kagato["attackers"]) == sorted([hero, dull])
    if sc.st.combat is not None:
        assert hero not in sc.st.combat.charmed


def test_the_kagato_examples_launch_counter_attacks_when_kagato_attacks_her_R47():
    """The example's group after its Charm Combat (Launch Charmed, her break not tried):
    in a round in which Kagato attacks Launch she may counter-attack (R47); Akane, who
    drew, attacks as ever."""
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    sc.do(Fight(kagato))
    sc.st.rng = __import__("random").Random(5)  # physical Combat: Kagato attacks Launch
    sc.do(Proceed())
    c = sc.st.combat
    assert c.target == launch and launch in c.charmed
    for char in list(c.to_declare):
        assert Declare(char, "attack") in sc.legal()
        sc.do(Declare(char, "attack"))


def test_a_draw_against_a_minor_disaster_gives_no_command_charm_combat_with_disasters():
    """Charm Combat with Disasters: "If all your Characters win Charm Combat against a
    Minor Disaster, you can make the Disaster perform 1 action" and "If the Character has
    a higher Charm it wins". Of two Heroes (Charm 1) against the Charmer (4), one wins
    (+9) and one draws (+3: 4 against 4): no command, and the Charmer may attack the one
    that drew, not the one that won."""
    sc = Scene(CARDS)
    sc.location((0, 0))
    sc.location((1, 0))
    first = sc.char("hero", (0, 0))
    second = sc.char("hero", (0, 0))
    charmer = sc.disaster("charmer", (0, 0))
    sc.combat_pile(0, "blank", "wow", "blank", "robosexuals", *["blank"] * 4)
    sc.turn(MOVE)
    script_targets(sc, [first, second])
    ev = sc.do(Fight(charmer))
    assert [(c["defender"], c["result"]) for c in of(ev, CharmContest)] == [
        (first, "won"), (second, "draw")]
    assert not of(ev, CharmCommand)
    c = sc.st.combat
    assert c.stage == "declare" and not [a for a in sc.legal() if isinstance(a, Command)]
    assert c.target == second
