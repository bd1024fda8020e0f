"""Variants of the rulebook's worked examples (s41g): the same rule with other numbers,
other orders, more seats or another path, each worked out by hand from the section
that decides it (and from the rulings where the rulebook is silent).

The fixture cards carry the examples' numbers (as tests/test_rules_combat.py,
test_rules_charm.py and test_rules_duel.py do): Dracula Attack 6 / Defense 5; Akane,
Armitage and Ryoko Attack 4 / Defense 4; Launch 3 / 3; Leon and Dailey 2 / 2; Kagato
Charm 5. The Combat cards are named for what they do.
"""
from __future__ import annotations

import pytest
from scene import Scene, of
from test_rules_examples import CARDS as EXAMPLES

from game.engine.actions import (AttackLocation, BreakCharm, Challenge, CharmAttack, Declare,
                                 EndPhase, Engage,
                                 Fight, Pass, PlayCard, Proceed, Retrieve, RunAway, RunTo, Scavenge)
from game.engine.abilities import skill_count, total
from game.engine.events import (Bonked, CharmContest, CombatHit, CombatTarget,
                                DisasterDefeated, FlashResolved, Killed, LocationAttacked, RanAway)
from game.engine.options import Options
from game.engine.state import DISCARD, MOVE, SCAVENGE

CARDS = """\
- {id: ryoko, name: Ryoko, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 3}}
- {id: armitage, name: Naomi Armitage, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 2, energy: 2}}
- {id: akane, name: Akane Tendo, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 2}}
- {id: launch, name: Launch (Bad), type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 5, energy: 1}}
- {id: leon, name: Leon McNichol, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: dailey, name: Dailey Wong, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: dracula, name: Dracula, type: disaster, class: major,
   abilities: {attack: 6, defense: 5, movement: 2}}
- {id: kagato, name: Kagato, type: disaster, class: major,
   abilities: {attack: 8, defense: 6, movement: 2, charm: 5}}
- {id: barbells, name: Barbells, type: item}
- {id: idol, name: Idol, type: item}
- {id: gunner, name: Gunner, type: character, gender: male,
   abilities: {attack: 9, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: helper, name: Helper, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: lookout, name: Lookout, type: character, gender: male,
   abilities: {attack: 8, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: hot-legs, name: Hot Legs, type: location, requires: {skills: {Seduction: 1}},
   abilities: {defense: 8}}
"""
# Combat cards: att-up-N / att-down-N / def-down-N for the drawer, foe-att-down-N for its
# opponent; charm-up-N / charm-down-N for the drawer, halve-foe and foe-charm-down-N for
# its opponent.
CARDS += "".join(
    f"- {{id: {name}, name: {name}, type: combat, physical: {{{half}}}, charm: {{}}}}\n"
    for name, half in [
        ("att-up-1", "own: {attack: '+1'}"), ("att-up-2", "own: {attack: '+2'}"),
        ("att-up-3", "own: {attack: '+3'}"), ("att-up-5", "own: {attack: '+5'}"),
        ("att-up-7", "own: {attack: '+7'}"), ("att-up-9", "own: {attack: '+9'}"),
        ("att-down-1", "own: {attack: '-1'}"), ("att-down-2", "own: {attack: '-2'}"),
        ("att-down-9", "own: {attack: '-9'}"),
        ("def-down-2", "own: {defense: '-2'}"), ("def-down-9", "own: {defense: '-9'}"),
        ("toss", "own: {attack: '+2', defense: '+2'}"),
        ("foe-att-down-2", "opponent: {attack: '-2'}"), ("def-up-5", "own: {defense: '+5'}"),
    ])
CARDS += "".join(
    f"- {{id: {name}, name: {name}, type: combat, physical: {{}}, charm: {{{half}}}}}\n"
    for name, half in [
        ("charm-up-1", "own: {charm: '+1'}"), ("charm-up-2", "own: {charm: '+2'}"),
        ("charm-up-3", "own: {charm: '+3'}"), ("charm-up-4", "own: {charm: '+4'}"),
        ("charm-down-1", "own: {charm: '-1'}"), ("charm-down-2", "own: {charm: '-2'}"),
        ("halve-foe", "opponent: {charm: '/2'}"),
        ("foe-charm-down-2", "opponent: {charm: '-2'}"), ("charm-down-9", "own: {charm: '-9'}"),
    ])


def hit_on(ev, target: int) -> dict:
    (h,) = [h for h in of(ev, CombatHit) if h["target"] == target]
    return h


# Combat with a Disaster (Dracula) ----------------------------------------------------
def dracula(*cards: str, akane_item: bool = True):
    """The example's scene: Akane (with the Barbells), Armitage, Launch and Ryoko against
    Dracula; the Combat pile holds `cards`, Dracula's first."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])  # Items enough that no majority ends it
    akane = sc.char("akane", (0, 0), items=["barbells"] if akane_item else [])
    armitage = sc.char("armitage", (0, 0))
    launch = sc.char("launch", (0, 0))
    ryoko = sc.char("ryoko", (0, 0))
    drac = sc.disaster("dracula", (0, 0))
    sc.combat_pile(0, *cards)
    sc.turn(MOVE)
    return sc, akane, armitage, launch, ryoko, drac


def example_round(sc, akane, armitage, launch, ryoko, drac):
    """The example's declarations: Akane, Armitage and Launch attack, Ryoko protects."""
    assert of(sc.do(Fight(drac)), CombatTarget)[0]["target"] == akane
    return sc.do(Declare(akane, "attack"), Declare(armitage, "attack"),
                 Declare(launch, "attack"), Declare(ryoko, "protect"))


@pytest.mark.parametrize("dracula_card, akane_card, akane_after, ryoko_after, result", [
    # 6 + 3 = 9 against (4 + 4) = 8: 1 Damage; Ryoko's half rounds to 0, at least 1.
    ("att-up-3", "blank", 3, 3, "ok"),
    # 6 + 3 = 9 against (4 - 2 + 4) = 6: 3 Damage; Akane 1; Ryoko half of 3 is 1.
    ("att-up-3", "def-down-2", 1, 3, "ok"),
    # 6 + 2 = 8 against 8: a tie, no Damage; the protector still takes 1.
    ("att-up-2", "blank", 4, 3, "ok"),
    # 6 - 9 = 0 (Attack cannot be less than 0): no Damage; the protector still takes 1.
    ("att-down-9", "blank", 4, 3, "ok"),
    # 6 + 2 = 8 against Akane's (4 - 9, no less than 0) + Ryoko's 4 = 4: 4 Damage, Akane
    # at 0, Bonked; Ryoko takes 2.
    ("att-up-2", "def-down-9", 0, 2, "bonked"),
    # 6 + 7 = 13 against 6: 7 Damage: Akane 4 - 7 = -3, short of -4: Bonked; Ryoko 3.
    ("att-up-7", "def-down-2", -3, 1, "bonked"),
    # 6 + 9 = 15 against 6: 9 Damage: Akane -5, Killed; Ryoko takes 4: 0, Bonked.
    ("att-up-9", "def-down-2", -5, 0, "killed"),
])
def test_combat_with_a_disaster_dracula_other_numbers(dracula_card, akane_card, akane_after,
                                                      ryoko_after, result):
    """Combat with a Disaster (the Dracula example) with other cards: Attack - Defense =
    Damage, neither total below 0 (Physical Combat); "The protecting Character takes half
    the Damage ..., the target takes full Damage. The protecting Character will always
    take a minimum of 1 Damage per Combat round" (Protecting; half rounded down, R10);
    Bonked at 0 or below, Killed at minus base Health in one attack (Basic Terms)."""
    sc, akane, armitage, launch, ryoko, drac = dracula(dracula_card, akane_card)
    barbells = sc.unit(akane).items[0]
    ev = example_round(sc, akane, armitage, launch, ryoko, drac)
    on_akane = hit_on(ev, akane)
    assert (on_akane["health_before"], on_akane["health_after"]) == (4, akane_after)
    assert on_akane["result"] == result
    assert on_akane["protectors"] == [{"id": ryoko, "damage": 4 - ryoko_after}]
    # Dracula is Defeated as in the example (11 against 5, 6 Damage), whatever hit Akane.
    assert hit_on(ev, drac)["health_after"] == -1 and drac not in sc.st.units
    assert (akane in sc.st.units) == (result == "ok")
    if result != "ok":
        # Dracula, Defeated in the same round, keeps nothing: "If a Character Defeats a
        # Disaster with an Item, the Item is dropped beneath the Location."
        assert barbells in sc.st.places[(0, 0)].under
    if ryoko_after <= 0:
        assert ryoko not in sc.st.units and of(ev, Bonked)
    else:
        assert ryoko in sc.st.units and sc.unit(ryoko).damage == 0  # healed at the end


def test_combat_with_a_disaster_dracula_driven_to_exactly_0_is_defeated():
    """Basic Terms, Defeat: "When a Character or Disaster has its Health reduced to 0 or
    below they are Defeated." Akane -1 Attack: 3 + 4 + 3 = 10 against Defense 5, 5
    Damage, Dracula's 5 Health to exactly 0."""
    sc, akane, armitage, launch, ryoko, drac = dracula("blank", "att-down-1")
    ev = example_round(sc, akane, armitage, launch, ryoko, drac)
    h = hit_on(ev, drac)
    assert (h["attack"], h["defense"], h["damage"], h["health_after"]) == (10, 5, 5, 0)
    assert h["result"] == "defeated" and of(ev, DisasterDefeated)
    assert drac in sc.st.seats[0].discard


def test_combat_with_a_disaster_dracula_a_tie_hurts_nobody_and_combat_goes_on():
    """Combat with Disasters: "Any positive number left is the Damage"; a tie (Attack equal
    to Defense) leaves Dracula's Health whole, and "Combat continues until" one of its four
    ends, so a second round follows and Dracula again attacks Akane (she has the Item).
    Akane -2 Attack: 2 + Launch 3 = 5 against Defense 5; Dracula's 6 against Akane's 4
    with Armitage's and Ryoko's 4 each, 12: no Damage, each protector takes its 1."""
    sc, akane, armitage, launch, ryoko, drac = dracula("blank", "att-down-2", "blank", "blank")
    ev = sc.do(Fight(drac), Declare(akane, "attack"), Declare(armitage, "protect"),
               Declare(launch, "attack"), Declare(ryoko, "protect"))
    h = hit_on(ev, drac)
    assert (h["attack"], h["defense"], h["damage"], h["health_after"]) == (5, 5, 0, 5)
    on_akane = hit_on(ev, akane)
    assert (on_akane["attack"], on_akane["defense"], on_akane["damage"]) == (6, 12, 0)
    assert on_akane["protectors"] == [{"id": armitage, "damage": 1}, {"id": ryoko, "damage": 1}]
    assert sc.st.combat is not None and sc.st.combat.round == 2
    assert sc.st.combat.target == akane


def test_run_away_from_dracula_the_final_attack_kills_akane_and_dracula_takes_her_item():
    """The Dracula example reached through Running Away instead of fighting (Basic Terms,
    Run Away: "The opponent will get one final, unanswered attack upon your Characters.
    Move any remaining Characters 1 Location"; R27: on the round's target, a card for
    each, no protectors). Dracula +9: 15 against Akane's 4 alone, 11 Damage, 4 - 11 = -7:
    Killed; "If a Combat Disaster Bonks or Kills a Character with an Item, the Disaster
    ... takes the Item the Character had" (Rules for Disasters); the rest move 1."""
    sc, akane, armitage, launch, ryoko, drac = dracula("att-up-9", "blank")
    barbells = sc.unit(akane).items[0]
    sc.do(Fight(drac))
    ev = sc.do(RunAway(), RunTo((1, 0)))
    h = hit_on(ev, akane)
    assert (h["attack"], h["defense"], h["damage"], h["health_after"]) == (15, 4, 11, -7)
    assert h["protectors"] == [] and h["result"] == "killed"
    assert [e["card"] for e in of(ev, Killed)] == [akane]
    assert sc.unit(drac).items == [barbells] and sc.unit(drac).pos == (0, 0)
    assert {sc.unit(u).pos for u in (armitage, launch, ryoko)} == {(1, 0)}
    assert of(ev, RanAway) and sc.st.combat is None


# Combat between Players (Leon and Dailey) ---------------------------------------------
def leon(launch_card: str, leon_card: str, options: Options = Options(charm_combat=False)):
    """The example's scene: seat 0's Ryoko, Armitage and Launch; seat 1's Leon and Dailey."""
    sc = Scene(CARDS, seats=2, options=options)
    sc.location((0, 0))
    sc.location((1, 0))
    ryoko = sc.char("ryoko", (0, 0))
    armitage = sc.char("armitage", (0, 0))
    launch = sc.char("launch", (0, 0))
    leon_ = sc.char("leon", (0, 0), seat=1)
    dailey = sc.char("dailey", (0, 0), seat=1)
    sc.combat_pile(0, launch_card, "blank")
    sc.combat_pile(1, leon_card, "blank")
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    ev = sc.do(Engage(ryoko, "attack", leon_), Engage(leon_, "attack", launch),
               Engage(armitage, "attack", leon_), Engage(dailey, "protect", leon_),
               Engage(launch, "attack", leon_))
    return sc, ev, ryoko, armitage, launch, leon_, dailey


@pytest.mark.parametrize("launch_card, leon_card, on_leon, dailey_takes, on_launch", [
    # Launch blank: 4 + 4 + 3 = 11 against (2 + 2) + 2 = 6: 5 Damage, Leon 2 - 5 = -3,
    # Killed; Dailey half of 5 is 2: 0, Bonked. Leon's 4 against Launch's 3: 1.
    ("blank", "toss", (11, 6, 5, -3, "killed"), (2, "bonked"), (4, 3, 1)),
    # Launch -9 (no less than 0): 8 against 6: 2 Damage, Leon at exactly 0: Bonked, not
    # Killed; Dailey's half of 2 is 1.
    ("att-down-9", "toss", (8, 6, 2, 0, "bonked"), (1, "ok"), (4, 3, 1)),
    # Launch -2: 9 against 6: 3 Damage, Leon -1: Bonked; Dailey half of 3, 1.
    ("att-down-2", "toss", (9, 6, 3, -1, "bonked"), (1, "ok"), (4, 3, 1)),
    # Leon blank: 11 against 4: 7 Damage, Leon -5 Killed; Dailey 3: -1, Bonked only.
    # Leon's 2 against Launch's 3: no Damage.
    ("blank", "blank", (11, 4, 7, -5, "killed"), (3, "bonked"), (2, 3, 0)),
    # Launch +1: 12 against 4: 8 Damage; Dailey's 4 takes him to -2, his minus base
    # Health, in one attack: Killed.
    ("att-up-1", "blank", (12, 4, 8, -6, "killed"), (4, "killed"), (2, 3, 0)),
    # Launch's card lowers her opponent's Attack: Leon 2 + 2 - 2 = 2 against 3: nothing.
    ("foe-att-down-2", "toss", (11, 6, 5, -3, "killed"), (2, "bonked"), (2, 3, 0)),
    # Leon's Defense driven below 0 counts 0 ("Defense cannot be less than 0"), not -7:
    # 11 against 0 + 2: 9 Damage, Leon -7; Dailey's 4 takes him to -2: both Killed.
    ("blank", "def-down-9", (11, 2, 9, -7, "killed"), (4, "killed"), (2, 3, 0)),
    # A tie: Launch -2 (1) makes 9 against Leon's 2 + 5 and Dailey's 2, 9: no Damage,
    # and Dailey still takes his 1 (Protecting: "a minimum of 1 Damage per Combat round").
    ("att-down-2", "def-up-5", (9, 9, 0, 2, "ok"), (1, "ok"), (2, 3, 0)),
])
def test_combat_between_players_leon_and_dailey_other_numbers(launch_card, leon_card, on_leon,
                                                             dailey_takes, on_launch):
    """Combat between Players (the Leon and Dailey example) with other cards: Attack -
    Defense = Damage, totals no less than 0 (Physical Combat); the protector takes half,
    rounded down, at least 1 (Protecting, R10); Bonked at 0 or below, Killed at minus base
    Health in one attack, the protector's share being its own attack (Basic Terms, the
    example: "Dailey takes half of 10 for 5 Damage and is also Killed"); attack and
    counter-attack simultaneous; "Combat continues until ... All Characters on one side
    are Bonked or Killed"."""
    sc, ev, ryoko, armitage, launch, leon_, dailey = leon(launch_card, leon_card)
    h = hit_on(ev, leon_)
    assert (h["attack"], h["defense"], h["damage"], h["health_after"], h["result"]) == on_leon
    assert h["protectors"] == [{"id": dailey, "damage": dailey_takes[0]}]
    out = {e["card"] for e in of(ev, Killed)} | {e["card"] for e in of(ev, Bonked)}
    assert (dailey in out) == (dailey_takes[1] != "ok")
    assert (dailey in {e["card"] for e in of(ev, Killed)}) == (dailey_takes[1] == "killed")
    h = hit_on(ev, launch)
    assert (h["attack"], h["defense"], h["damage"]) == on_launch
    assert launch in sc.st.units
    # The Combat goes on while seat 1 has a Character left in it.
    assert (sc.st.duel is None) == ({leon_, dailey} <= out)


# Combat Charm with a Disaster (Kagato) ------------------------------------------------
def kagato(order: list[str], *cards: str):
    """The example's four against Kagato; Kagato attacks them in `order` (its random
    choice, R13, scripted); the Combat pile holds `cards`."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["idol"])
    sc.location((1, 0))
    chars = {c: sc.char(c, (0, 0)) for c in ("ryoko", "armitage", "akane", "launch")}
    kag = sc.disaster("kagato", (0, 0))
    sc.combat_pile(0, *cards)
    sc.turn(MOVE)
    wanted = [chars[c] for c in order]
    attacked: list[int] = []

    def randrange(n: int) -> int:
        # charm.begin picks among the Characters not yet attacked, by instance.
        remaining = sorted(u for u in chars.values() if u not in attacked)[:n]
        attacked.append(wanted[len(attacked)])
        return remaining.index(attacked[-1])

    sc.st.rng.randrange = randrange
    return sc, chars, kag


def test_kagato_in_the_reverse_order_gives_the_same_results():
    """Charm Combat with Disasters (the Kagato example, its four contests in the reverse
    order): each pair of cards is drawn "for the Disaster and a card for the Character
    being attacked, in that order", whoever comes first: Ryoko wins (5-2-2 = 1 against
    3), Armitage wins (5-1 = 4 against 2+3 = 5), Akane draws ((5+1)/2 = 3 against 3),
    Launch is Charmed (6 against 4); Ryoko then breaks it (7 against 3, twice 2)."""
    sc, c, kag = kagato(["ryoko", "armitage", "akane", "launch"],
                        "charm-down-2", "foe-charm-down-2", "charm-down-1", "charm-up-3",
                        "charm-up-1", "halve-foe", "charm-up-1", "charm-down-1",
                        "charm-up-4", "charm-down-2")
    ev = sc.do(Fight(kag))
    got = [(x["defender"], x["attacker_charm"], x["defender_charm"], x["result"])
           for x in of(ev, CharmContest)]
    assert got == [(c["ryoko"], 1, 3, "won"), (c["armitage"], 4, 5, "won"),
                   (c["akane"], 3, 3, "draw"), (c["launch"], 6, 4, "charmed")]
    assert sc.st.combat.charmed == {c["launch"]: 2}
    (brk,) = of(sc.do(BreakCharm(c["ryoko"], c["launch"])), CharmContest)
    assert (brk["attacker_charm"], brk["defender_charm"], brk["result"]) == (7, 3, "broken")


@pytest.mark.parametrize("ryoko_card, result", [
    ("charm-up-4", "broken"),  # 7 against 5: 2, exactly twice the 1 Launch was Charmed by
    ("charm-up-3", "held"),    # 6 against 5: 1, short of twice
    ("charm-up-2", "held"),    # 5 against 5: a tie beats nobody
])
def test_kagato_a_charm_by_1_is_broken_by_exactly_2(ryoko_card, result):
    """Charm Combat with Disasters: "This is done by beating the Charmed Character with
    twice the amount it was Charmed by." Kagato +1 (6) against Launch's blank 5 Charms
    her by 1 (Kagato -2 loses to the other three, +2 each); Ryoko (3) then needs to beat
    Launch (blank, 5) by 2."""
    sc, c, kag = kagato(["launch", "ryoko", "armitage", "akane"],
                        "charm-up-1", "blank", *["charm-down-2", "charm-up-2"] * 3,
                        ryoko_card, "blank")
    ev = sc.do(Fight(kag))
    assert of(ev, CharmContest)[0]["result"] == "charmed"
    assert sc.st.combat.charmed == {c["launch"]: 1}
    # Launch, Charmed, attempts no break of her own.
    assert BreakCharm(c["launch"], c["ryoko"]) not in sc.legal()
    (brk,) = of(sc.do(BreakCharm(c["ryoko"], c["launch"])), CharmContest)
    assert brk["result"] == result
    assert (c["launch"] in sc.st.combat.charmed) == (result == "held")


def test_kagato_the_characters_own_card_first_then_the_disasters_on_it():
    """Charm Combat with Disasters: "Apply the Charm effects of the card(s) drawn for the
    Disaster and Character in the order they were drawn, then apply any effects from the
    cards drawn for the opponent". The example's Akane contest turned round: Kagato
    draws the halving card, Launch +1: Launch (5 + 1) / 2 = 3 against Kagato's 5, Charmed
    by 2 (halving first would give 5 / 2 + 1, not 3)."""
    sc, c, kag = kagato(["launch", "ryoko", "armitage", "akane"],
                        "halve-foe", "charm-up-1", *["charm-down-2", "charm-up-2"] * 3)
    first = of(sc.do(Fight(kag)), CharmContest)[0]
    assert (first["attacker_charm"], first["defender_charm"], first["result"]) == \
        (5, 3, "charmed")
    assert sc.st.combat.charmed == {c["launch"]: 2}


def test_kagato_a_charm_total_driven_below_0_is_0_and_so_is_the_margin():
    """Charm Combat with Disasters with a total driven below 0 (Physical Combat: "Attack
    cannot be less than 0. Defense cannot be less than 0"; Charm too, R10): Launch -9
    has Charm 0, not -4, so Kagato's 5 Charms her by 5, not by 9; a break then needs
    10 more than Launch's own total."""
    sc, c, kag = kagato(["launch", "ryoko", "armitage", "akane"],
                        "blank", "charm-down-9", *["charm-down-2", "charm-up-2"] * 3)
    first = of(sc.do(Fight(kag)), CharmContest)[0]
    assert (first["attacker_charm"], first["defender_charm"], first["result"]) == \
        (5, 0, "charmed")
    assert sc.st.combat.charmed == {c["launch"]: 5}


# Rules for Locations (Hot Legs) -------------------------------------------------------
def hot_legs(*chars: str) -> tuple[Scene, list[int]]:
    sc = Scene(CARDS)
    sc.location((0, 0), "hot-legs", under=["idol"])  # Defense 8, requires Seduction
    sc.location((1, 0))
    sc.location((5, 5), under=["idol", "idol"])
    ids = [sc.char(c, (0, 0)) for c in chars]
    sc.turn(SCAVENGE)
    return sc, ids


def test_hot_legs_brought_to_exactly_0_can_be_scavenged():
    """Rules for Locations: "You must continue attacking it until the Location's Health
    is 0 or below." Attacks of 12 and 12 (Gunner 9 + Helper 3) take Hot Legs' 8 Health
    to 4 and to exactly 0: they can Scavenge it."""
    sc, _ = hot_legs("gunner", "helper")
    hit = of(sc.do(AttackLocation((0, 0))), LocationAttacked)[0]
    assert (hit["attack"], hit["health_before"], hit["health_after"]) == (12, 8, 4)
    sc.until(SCAVENGE)
    hit = of(sc.do(AttackLocation((0, 0))), LocationAttacked)[0]
    assert (hit["health_before"], hit["health_after"]) == (4, 0)
    assert Scavenge((0, 0)) in sc.legal()


def test_hot_legs_an_attack_equal_to_its_defense_does_nothing():
    """Rules for Locations with Physical Combat's Attack - Defense = Damage: an attack of
    8 against Hot Legs' Defense 8 does no Damage; its Health stays 8, and it cannot be
    Scavenged."""
    sc, _ = hot_legs("lookout")
    hit = of(sc.do(AttackLocation((0, 0))), LocationAttacked)[0]
    assert (hit["attack"], hit["health_before"], hit["health_after"]) == (8, 8, 8)
    assert Scavenge((0, 0)) not in sc.legal()


# Charm Combat Between Players (the rule of the Leon and Dailey Combat's Charm half) -----
@pytest.mark.parametrize("attacker_card, defender_card, result", [
    ("blank", "charm-up-2", "charmed_attacker"),  # 2 against 4: exactly twice
    ("charm-down-1", "blank", "charmed_attacker"),  # 1 against 2: exactly twice
    ("blank", "charm-up-1", "nothing"),           # 2 against 3: higher, short of twice
    ("blank", "blank", "nothing"),                # 2 against 2: a tie
    ("charm-up-1", "blank", "charmed"),           # 3 against 2: the attacker higher
    ("charm-up-4", "charm-up-2", "charmed"),      # 6 against 4
])
def test_charm_combat_between_players_twice_that_of_the_attacker(attacker_card, defender_card,
                                                                 result):
    """Charm Combat Between Players: "If the attacker has a higher total Charm, the
    defender is Charmed. If the defender has a total Charm twice that of the attacker, the
    attacker is Charmed. If not either, nothing happens." Seat 1's Leon (Charm 2), in its
    Turn, attacks seat 0's Dailey (Charm 2), each drawing from its own player's pile."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    defender = sc.char("dailey", (0, 0))
    attacker = sc.char("leon", (0, 0), seat=1)
    sc.combat_pile(0, defender_card)
    sc.combat_pile(1, attacker_card)
    sc.turn(MOVE, seat=1)
    ev = sc.do(Challenge(0, (0, 0)), CharmAttack(attacker, defender))
    (c,) = of(ev, CharmContest)
    assert c["result"] == result
    d = sc.st.duel
    charmed = set(d.charmed) | {m for _, m in d.to_order}
    assert charmed == {"charmed": {defender}, "charmed_attacker": {attacker},
                       "nothing": set()}[result]


# Horde, Card Requirements, Skills, Flash Effects (the examples' fixture cards) --------
def examples_scene(seats: int = 2) -> Scene:
    return Scene(EXAMPLES, seats=seats)


def test_horde_three_bio_men_each_get_2_and_ebi_furiya_3():
    """Horde: "every other like card in play is +1 Attack & Defense ... Multiple Hordes
    will give multiple bonuses." The example with a third Bio-Man: each Bio-Man (3 / 3)
    has two others, +2; Ebi-Furiya (4 / 4) has three, +3."""
    sc = examples_scene()
    for x in range(4):
        sc.location((x, 0))
    men = [sc.disaster("bio-man", (x, 0)) for x in range(3)]
    ebi = sc.disaster("ebi-furiya", (3, 0))
    for m in men:
        assert (total(sc.st, sc.unit(m), "attack"), total(sc.st, sc.unit(m), "defense")) == (5, 5)
    assert (total(sc.st, sc.unit(ebi), "attack"), total(sc.st, sc.unit(ebi), "defense")) == (7, 7)


def test_horde_a_bio_man_under_a_location_is_not_in_play():
    """Horde: "every other like card in play"; Basic Terms, In Play: "Cards under
    Locations ... are not In Play." The example's two Bio-Men and Ebi-Furiya with a third
    Bio-Man face down under a Location: the bonuses stay +1 and +2."""
    sc = examples_scene()
    sc.location((0, 0), under=["bio-man"])
    sc.location((1, 0))
    men = [sc.disaster("bio-man", (x, 0)) for x in range(2)]
    ebi = sc.disaster("ebi-furiya", (1, 0))
    assert [total(sc.st, sc.unit(m), "attack") for m in men] == [4, 4]
    assert total(sc.st, sc.unit(ebi), "defense") == 6


def requirement_scene(location: str, mine: list[str], theirs: list[str]) -> Scene:
    sc = examples_scene()
    sc.location((0, 0), location, under=["the-master-key"])
    for c in mine:
        sc.char(c, (0, 0))
    for c in theirs:
        sc.char(c, (0, 0), seat=1)
    sc.turn(SCAVENGE)
    return sc


@pytest.mark.parametrize("location, mine, theirs, met", [
    # Hot Springs House, 3 Females: two of seat 0 and one of seat 1 are no group of 3
    # (Basic Terms, Group: "The Characters belonging to one player").
    ("hot-springs-house", ["woman", "akane"], ["ukyo"], False),
    ("hot-springs-house", ["woman", "akane", "ukyo"], ["man"], True),
    # Tank Police HQ, 2 Males: a Male of each player is not 2.
    ("tank-police-hq", ["man"], ["ryoga"], False),
    ("tank-police-hq", ["man", "woman"], [], False),
    # King Kai's Planetoid, Attack at least 4 and a Strength skill: Brawler's Attack 4
    # with Fujisawa's Strength (R25: one Character of the group with the total; skills
    # are the group's, as Ryoga's and Fujisawa's add up).
    ("king-kais-planetoid", ["fujisawa", "brawler"], [], True),
    ("king-kais-planetoid", ["brawler"], ["fujisawa"], False),
    # Missile Walk, Movement at least 4: two Movements of 3 do not add up (R25).
    ("missile-walk", ["man", "woman"], [], False),
    # Ifurita's Tomb, Priest and any Element: the other player's Water Mage is not yours.
    ("ifuritas-tomb", ["priest"], ["water-mage"], False),
])
def test_card_requirements_examples_with_other_groups(location, mine, theirs, met):
    """Card Requirements: the section's examples met or not by other groups: a
    requirement is the group's, and a group is one player's Characters at the Location."""
    sc = requirement_scene(location, mine, theirs)
    assert (Scavenge((0, 0)) in sc.legal()) == met


def test_skills_two_anti_skills_cancel_ukyos_two_cookings():
    """Skills: "1 of the Cooking skills is negated by the 'anti-skill'": Akane's example
    with a second Cooking -1 Character beside her and Ukyo: 2 - 1 - 1 = no Cooking, and
    the Snack Stand (Cooking) is refused."""
    sc = examples_scene()
    sc.location((0, 0), "snack-stand", under=["the-master-key"])
    ids = [sc.char(c, (0, 0)) for c in ("akane", "ukyo", "akane")]
    sc.turn(SCAVENGE)
    assert skill_count(sc.st, [sc.unit(i) for i in ids], "Cooking") == 0
    assert Scavenge((0, 0)) not in sc.legal()


def test_flash_effects_a_third_wrath_lets_the_second_discard_the_first_target():
    """Rules for Flash Effects: "Flash Effects work in last-in, first-out order." The
    Wrath example one card deeper: seat 0 plays Dash; seat 1's Wrath targets it; seat 0's
    Wrath targets seat 1's; seat 1's second Wrath targets seat 0's. Last in, first out:
    seat 1's second Wrath Discards seat 0's before it takes effect, so seat 1's first
    Wrath does take effect and Discards the Dash, which never resolves."""
    sc = examples_scene()
    sc.location((0, 0))
    man = sc.char("man", (0, 0))
    sc.char("woman", (0, 0), seat=1)
    sc.turn(MOVE)
    dash, mine = sc.hand(0, "dash", "wrath")
    first, second = sc.hand(1, "wrath", "wrath")
    sc.do(PlayCard(dash, man), PlayCard(first, dash), PlayCard(mine, first))
    ev = sc.do(PlayCard(second, mine), Pass())
    resolved = [e["card"] for e in of(ev, FlashResolved)]
    assert resolved[0] == second
    assert first in resolved and mine not in resolved and dash not in resolved
    assert total(sc.st, sc.unit(man), "movement") == 3  # no Dash
    assert dash in sc.st.seats[0].discard and mine in sc.st.seats[0].discard


# The Dracula and Leon examples reached another way, with more seats --------------------
def test_dracula_turned_over_while_scavenging_is_the_same_combat():
    """Scavenge Phase: "If it is a Combat Disaster, you will have to fight it"; the fight is
    Combat with a Disaster, so the example's numbers hold for a Dracula turned over from
    under the Location: Akane (Barbells) attacked, 11 against 5 Defeats it, 8 against
    6 leaves Akane 2 and Ryoko 3; "After Defeating a Disaster, you may stop Scavenging,
    or continue" to the Item under it."""
    sc = Scene(CARDS)
    sc.location((0, 0), under=["dracula", "idol"])
    sc.location((5, 5), under=["idol", "idol"])
    akane = sc.char("akane", (0, 0), items=["barbells"])
    armitage = sc.char("armitage", (0, 0))
    launch = sc.char("launch", (0, 0))
    ryoko = sc.char("ryoko", (0, 0))
    drac, idol = sc.st.places[(0, 0)].under
    sc.combat_pile(0, "att-up-2", "def-down-2")
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((0, 0)))
    assert of(ev, CombatTarget)[0]["target"] == akane
    ev = sc.do(Declare(akane, "attack"), Declare(armitage, "attack"),
               Declare(launch, "attack"), Declare(ryoko, "protect"))
    on_drac, on_akane = hit_on(ev, drac), hit_on(ev, akane)
    assert (on_drac["attack"], on_drac["defense"], on_drac["health_after"]) == (11, 5, -1)
    assert (on_akane["attack"], on_akane["defense"], on_akane["health_after"]) == (8, 6, 2)
    assert on_akane["protectors"] == [{"id": ryoko, "damage": 1}]
    assert drac in sc.st.seats[0].discard
    sc.do(Retrieve(armitage))
    assert sc.unit(armitage).items == [idol]


def test_dracula_with_three_players_at_the_location_fights_the_group_that_fights_it():
    """Combat with Disasters: "The Disaster will attack a Character from one of two pools"
    of the Characters in the Combat: seat 0's group fights Dracula, so Dracula attacks
    Akane, its Character with an Item, though seat 1's and seat 2's Characters at the
    Location carry Items too; they take no part, and seat 0's pile gives the cards
    (R22); the example's numbers follow."""
    for seed in range(4):
        sc = Scene(CARDS, seats=3, seed=seed)
        sc.location((0, 0), under=["idol"])
        sc.location((1, 0))
        sc.location((5, 5), under=["idol", "idol", "idol"])
        akane = sc.char("akane", (0, 0), items=["barbells"])
        armitage = sc.char("armitage", (0, 0))
        launch = sc.char("launch", (0, 0))
        ryoko = sc.char("ryoko", (0, 0))
        others = [sc.char("leon", (0, 0), seat=1, items=["idol"]),
                  sc.char("dailey", (0, 0), seat=2, items=["idol"])]
        drac = sc.disaster("dracula", (0, 0))
        sc.combat_pile(0, "att-up-2", "def-down-2")
        piles = [list(sc.combat_pile(s, "att-up-9")) for s in (1, 2)]
        sc.turn(MOVE)
        ev = example_round(sc, akane, armitage, launch, ryoko, drac)
        assert (hit_on(ev, akane)["health_after"], hit_on(ev, drac)["result"]) == (2, "defeated")
        assert {h["target"] for h in of(ev, CombatHit)} == {akane, drac}
        assert all(sc.unit(o).damage == 0 and sc.unit(o).items for o in others)
        assert [sc.st.seats[s].combat for s in (1, 2)] == piles


def test_leon_and_dailey_with_a_third_player_at_the_location():
    """Combat Between Players is between two players: seat 2's Character at the same
    Location is neither attacked nor attacks, draws no card, and the example's numbers
    hold (16 against 6 Kills Leon and Dailey; Launch takes 1)."""
    sc = Scene(CARDS, seats=3, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    ryoko, armitage, launch = (sc.char(c, (0, 0)) for c in ("ryoko", "armitage", "launch"))
    leon_, dailey = sc.char("leon", (0, 0), seat=1), sc.char("dailey", (0, 0), seat=1)
    bystander = sc.char("akane", (0, 0), seat=2)
    sc.combat_pile(0, "att-up-5")
    sc.combat_pile(1, "toss")
    pile2 = list(sc.combat_pile(2, "att-up-9"))
    sc.turn(MOVE)
    sc.do(Challenge(1, (0, 0)))
    assert not [a for a in sc.legal() if getattr(a, "target", None) == bystander]
    ev = sc.do(Engage(ryoko, "attack", leon_), Engage(leon_, "attack", launch),
               Engage(armitage, "attack", leon_), Engage(dailey, "protect", leon_),
               Engage(launch, "attack", leon_))
    h = hit_on(ev, leon_)
    assert (h["attack"], h["defense"], h["damage"], h["result"]) == (16, 6, 10, "killed")
    assert hit_on(ev, launch)["damage"] == 1
    assert {e["card"] for e in of(ev, Killed)} == {leon_, dailey}
    assert sc.unit(bystander).damage == 0 and sc.st.seats[2].combat == pile2
    assert sc.st.duel is None


def test_dracula_arriving_in_maintenance_meets_the_example_group():
    """Rules for Disasters: "If a Combat Disaster stops at a Location where there are
    Characters with Items, the Disaster will automatically attack a random Character
    having an Item": the Dracula example reached by Dracula's move (Maintenance Phase,
    "Disasters will always take their full Movement": 2, down the column) instead of the
    group's choice. Akane is attacked; with the example's cards the numbers are the
    example's."""
    sc = Scene(CARDS)
    for y in range(3):
        sc.location((0, y))
    sc.location((-5, 0), under=["idol", "idol"])
    akane = sc.char("akane", (0, 2), items=["barbells"])
    armitage, launch, ryoko = (sc.char(c, (0, 2)) for c in ("armitage", "launch", "ryoko"))
    drac = sc.disaster("dracula", (0, 0))
    sc.combat_pile(0, "att-up-2", "def-down-2")
    sc.turn(DISCARD)
    ev = sc.do(EndPhase())
    assert sc.unit(drac).pos == (0, 2)
    assert of(ev, CombatTarget)[0]["target"] == akane
    ev = sc.do(Declare(akane, "attack"), Declare(armitage, "attack"),
               Declare(launch, "attack"), Declare(ryoko, "protect"))
    assert hit_on(ev, drac)["health_after"] == -1
    on_akane = hit_on(ev, akane)
    assert (on_akane["attack"], on_akane["defense"], on_akane["health_after"]) == (8, 6, 2)
    assert on_akane["protectors"] == [{"id": ryoko, "damage": 1}]


def test_leon_and_dailey_when_leons_player_begins_the_combat():
    """Combat Between Players: "Players take turns declaring a target to attack or
    protect, with the attacking player going first": the example with seat 1 (Leon's)
    beginning the Combat in its Turn declares Leon first, then Ryoko, Dailey, Armitage
    and Launch; the numbers do not depend on it (16 against 6; Leon's 4 against 3)."""
    sc = Scene(CARDS, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    ryoko, armitage, launch = (sc.char(c, (0, 0)) for c in ("ryoko", "armitage", "launch"))
    leon_, dailey = sc.char("leon", (0, 0), seat=1), sc.char("dailey", (0, 0), seat=1)
    sc.combat_pile(0, "att-up-5")
    sc.combat_pile(1, "toss")
    sc.turn(MOVE, seat=1)
    sc.do(Challenge(0, (0, 0)))
    sc.refused(Engage(ryoko, "attack", leon_))
    ev = sc.do(Engage(leon_, "attack", launch), Engage(ryoko, "attack", leon_),
               Engage(dailey, "protect", leon_), Engage(armitage, "attack", leon_),
               Engage(launch, "attack", leon_))
    h = hit_on(ev, leon_)
    assert (h["attack"], h["defense"], h["damage"], h["result"]) == (16, 6, 10, "killed")
    assert h["protectors"] == [{"id": dailey, "damage": 5}]
    assert (hit_on(ev, launch)["attack"], hit_on(ev, launch)["damage"]) == (4, 1)


def test_kagato_after_charm_combat_the_winner_with_the_item_is_not_attacked():
    """Charm Combat with Disasters: "If a Character wins Charm Combat against a Disaster,
    that Disaster cannot attack the Character until the Character attacks that
    Disaster", which the first pool ("a random Character having an Item", Combat with
    Disasters) does not overrule. The example's four with the Item on Launch, Kagato -2
    against each: Launch wins (5 against 3), Ryoko and Akane draw (3 against 3),
    Armitage is Charmed (3 against 2); in the physical round Kagato attacks one of the
    other three, never Launch, and each of them in some game."""
    seen = set()
    for seed in range(16):
        sc = Scene(CARDS, seed=seed)
        sc.location((0, 0), under=["idol"])
        sc.location((5, 5), under=["idol", "idol"])
        c = {n: sc.char(n, (0, 0), items=["idol"] if n == "launch" else [])
             for n in ("ryoko", "armitage", "akane", "launch")}
        kag = sc.disaster("kagato", (0, 0))
        sc.combat_pile(0, *["charm-down-2", "blank"] * 4, "blank", "blank")
        sc.turn(MOVE)
        ev = sc.do(Fight(kag))
        results = {x["defender"]: x["result"] for x in of(ev, CharmContest)}
        assert results == {c["launch"]: "won", c["ryoko"]: "draw", c["akane"]: "draw",
                           c["armitage"]: "charmed"}
        sc.do(Proceed())
        assert sc.st.combat.target != c["launch"]
        seen.add(sc.st.combat.target)
    assert seen == {c["ryoko"], c["akane"], c["armitage"]}
