"""Ally Disasters (rulebook, Rules for Disasters: Ally Disasters) and Combat with
Multiple Disasters."""
from __future__ import annotations

from scene import Scene, of

from game.engine import effects
from game.engine.actions import Declare, Fight, Move
from game.engine.disasters import alliance, ally, attack_order
from game.engine.maintenance import move
from game.engine.events import (CombatBegan, CombatHit, DisasterDefeated, DisasterJoinedGroup, DisasterMoved, DisastersAllied, ItemTaken, RanAway)
from game.engine.state import MOVE
from game.engine.targets import Ctx

CARDS = """\
- {id: boss, name: Boss, type: disaster, class: major,
   abilities: {attack: 4, defense: 3, movement: 3},
   effects: [{"on": revealed, do: [{ally: primary, to: disasters_here}]}],
   text: "When it turns up, every Disaster here becomes its ally."}
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 2, defense: 1, movement: 1}}
- {id: joiner, name: Joiner, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 2},
   effects: [{"on": revealed, do: [{ally: follower, to: disasters_here}]}],
   text: "When it turns up, it joins a Disaster here."}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 5, defense: 2, movement: 1, energy: 0, charm: 0}}
- {id: bruiser, name: Bruiser, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1, energy: 0, charm: 0}}
- {id: tank, name: Tank, type: character, gender: male,
   abilities: {attack: 9, defense: 10, movement: 2, charm: 0, energy: 1}}
- {id: gem, name: Gem, type: item}
- {id: coin, name: Coin, type: item}
"""


def field(sc: Scene, n: int = 5) -> None:
    for x in range(n):
        sc.location((n - 1 - x, 0))  # the path runs right to left along one row (R3)


def test_the_ally_step_makes_the_disasters_here_follow_the_primary():
    """Ally Disasters: an `ally: primary` effect makes the Disasters at its Location
    the allies of the card's Disaster, which leads them."""
    sc = Scene(CARDS)
    field(sc)
    lackey = sc.disaster("lackey", sc.st.path[0])
    boss = sc.disaster("boss", sc.st.path[0])
    ev: list = []
    effects.trigger(sc.st, Ctx(boss, 0, sc.unit(boss)), "revealed", ev)
    assert of(ev, DisastersAllied) == [{"primary": boss, "ally": lackey,
                                         "cell": sc.st.path[0]}]
    assert [u.card for u in alliance(sc.st, sc.unit(lackey))] == [boss, lackey]


def test_the_follower_step_joins_a_disaster_here():
    sc = Scene(CARDS)
    field(sc)
    lackey = sc.disaster("lackey", sc.st.path[0])
    joiner = sc.disaster("joiner", sc.st.path[0])
    ev: list = []
    effects.trigger(sc.st, Ctx(joiner, 0, sc.unit(joiner)), "revealed", ev)
    assert sc.unit(joiner).leader == lackey
    assert [u.card for u in alliance(sc.st, sc.unit(joiner))] == [lackey, joiner]


def test_allies_move_as_a_group_led_by_the_primary_at_the_slowest_pace():
    """Ally Disasters: the two move as a group; the direction is the primary's, the
    distance limited to the slowest Disaster's Movement."""
    sc = Scene(CARDS)
    field(sc)
    boss = sc.disaster("boss", sc.st.path[0])      # Movement 3
    lackey = sc.disaster("lackey", sc.st.path[0])  # Movement 1
    ally(sc.st, sc.unit(boss), sc.unit(lackey), [])
    ev: list = []
    move(sc.st, lackey, ev)  # an ally does not move on its own
    assert ev == [] and sc.unit(lackey).pos == sc.st.path[0]
    move(sc.st, boss, ev)
    assert sc.unit(boss).pos == sc.unit(lackey).pos == sc.st.path[1]
    assert [e["card"] for e in of(ev, DisasterMoved)] == [boss, lackey]


def test_allies_attack_with_their_combined_attack_and_each_defends_itself():
    """Ally Disasters: allied Disasters attack with their combined Attack while each
    Disaster defends itself; they are fought one at a time, the primary first."""
    sc = Scene(CARDS)
    field(sc)
    cell = sc.st.path[0]
    boss = sc.disaster("boss", cell)      # Attack 4, Defense 3
    lackey = sc.disaster("lackey", cell)  # Attack 2, Defense 1
    ally(sc.st, sc.unit(boss), sc.unit(lackey), [])
    tank = sc.char("tank", cell)          # Attack 9, Defense 10
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    ev = sc.do(Fight(lackey))             # fighting either one fights the alliance
    assert of(ev, CombatBegan)[0]["disaster"] == boss
    assert sc.st.combat.queue == [lackey]
    ev = sc.do(Declare(tank, "attack"))
    on_boss, on_tank = of(ev, CombatHit)[:2]
    assert (on_boss["target"], on_boss["defense"]) == (boss, 3)
    assert (on_tank["attackers"], on_tank["attack"]) == ([boss, lackey], 6)  # 4 + 2
    assert of(ev, DisasterDefeated)[0]["card"] == boss
    # The lackey defends itself and fights on alone, its alliance broken.
    assert of(ev, CombatBegan)[-1]["disaster"] == lackey
    assert sc.unit(lackey).leader == -1
    ev = sc.do(Declare(tank, "attack"))
    assert of(ev, CombatHit)[1]["attack"] == 2


def test_an_item_goes_to_the_primary_first():
    """Ally Disasters: when allied Disasters take an Item, it goes to the primary
    first if it does not already have one. Each Combat Disaster without an Item picks
    one up (Rules for Disasters), so over two Items both allies take one (s44e)."""
    sc = Scene(CARDS)
    field(sc)
    boss = sc.disaster("boss", sc.st.path[0])
    lackey = sc.disaster("lackey", sc.st.path[0])
    ally(sc.st, sc.unit(boss), sc.unit(lackey), [])
    sc.st.change_place(sc.st.path[1], under=tuple(sc.cards(["gem", "coin"])))
    ev: list = []
    move(sc.st, boss, ev)
    assert [e["by"] for e in of(ev, ItemTaken)] == [boss, lackey]
    assert len(sc.unit(boss).items) == 1 and len(sc.unit(lackey).items) == 1
    sc.unit(lackey).items.clear()
    sc.st.move_unit(sc.unit(boss), sc.st.path[0])
    sc.st.move_unit(sc.unit(lackey), sc.st.path[0])
    sc.st.change_place(sc.st.path[1], under=tuple(sc.cards(["coin"])))
    ev = []
    move(sc.st, boss, ev)
    assert [e["by"] for e in of(ev, ItemTaken)] == [lackey]  # the primary has one


def test_disasters_arrived_together_attack_strongest_first():
    """Combat with Multiple Disasters: in the order they arrived; if they arrived
    simultaneously, the strongest first (Attack, then Defense, Movement, Energy, Charm)."""
    sc = Scene(CARDS)
    field(sc)
    cell = sc.st.path[0]
    brute = sc.disaster("brute", cell)      # Attack 5, Defense 2
    bruiser = sc.disaster("bruiser", cell)  # Attack 5, Defense 3: stronger
    sc.unit(brute).arrived = sc.unit(bruiser).arrived = 7
    assert [u.card for u in attack_order(sc.st, cell)] == [bruiser, brute]
    sc.unit(bruiser).arrived = 8             # arrived later: attacks second
    assert [u.card for u in attack_order(sc.st, cell)] == [brute, bruiser]


def test_a_disaster_not_going_to_attack_does_not_join_in():
    """Combat with Multiple Disasters: fighting one Disaster does not bring on Combat
    with another at the same Location that would not attack anyway."""
    sc = Scene(CARDS)
    field(sc)
    cell = sc.st.path[0]
    brute = sc.disaster("brute", cell)
    bruiser = sc.disaster("bruiser", cell)
    tank = sc.char("tank", cell)
    sc.combat_pile(0, *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(Fight(brute))
    assert sc.st.combat.queue == []
    ev = sc.do(Declare(tank, "attack"))  # 9 - 2: the Brute is Defeated
    assert of(ev, DisasterDefeated)[0]["card"] == brute
    assert sc.st.combat is None and bruiser in sc.st.units


def test_carrying_items_every_disaster_there_attacks_in_order():
    """Combat with Multiple Disasters: Characters carrying Items are attacked by the
    Disasters in the order they arrived (R23)."""
    sc = Scene(CARDS)
    field(sc)
    a, b = sc.st.path[0], sc.st.path[1]
    brute = sc.disaster("brute", b)
    bruiser = sc.disaster("bruiser", b)
    tank = sc.char("tank", a, items=["gem"])
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    ev = sc.do(Move((tank,), b))
    assert of(ev, CombatBegan)[0]["disaster"] == brute
    assert sc.st.combat.queue == [bruiser]


GROUP_CARDS = CARDS + """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 3, charm: 0, energy: 1}}
- {id: sweet-talk, name: Sweet Talk, type: flash_effect,
   effects: [{"on": play, do: [{ally: group, to: disasters_here}]}],
   text: "A Disaster here allies with your group."}
"""


def group_scene():
    sc = Scene(GROUP_CARDS)
    field(sc)
    cell = sc.st.path[0]
    hero = sc.char("hero", cell)
    lackey = sc.disaster("lackey", cell)  # Movement 1
    ev: list = []
    effects.trigger(sc.st, Ctx(sc.card("sweet-talk"), 0, sc.unit(hero)), "play", ev)
    return sc, hero, lackey, ev


def test_a_disaster_allied_with_a_group_moves_with_it_and_lowers_its_movement():
    """Allying with Characters: the Disaster moves with the group; the group's
    Movement may be lowered by the allying Disaster; it does not move on its own."""
    sc, hero, lackey, ev = group_scene()
    assert of(ev, DisasterJoinedGroup) == [{"ally": lackey, "seat": 0, "cell": sc.st.path[0]}]
    sc.turn(MOVE)
    reach = {a.cell for a in sc.legal() if isinstance(a, Move)}
    # Movement 1, the Disaster's, not Hero's 3: one step along the row, no further.
    assert reach == {sc.st.path[1]}
    sc.refused(Move((hero,), sc.st.path[2]), f"and the allied c{lackey} holds the group to 1")
    sc.st.ally_unit(sc.unit(lackey), -1)
    assert {a.cell for a in sc.legal() if isinstance(a, Move)} == set(sc.st.path[1:4])
    sc.st.ally_unit(sc.unit(lackey), 0)
    ev = sc.do(Move((hero,), sc.st.path[1]))
    assert sc.unit(lackey).pos == sc.st.path[1]
    assert [e["card"] for e in of(ev, DisasterMoved)] == [lackey]
    ev = []
    move(sc.st, lackey, ev)  # the Disasters phase: it stays with the group
    assert ev == [] and sc.unit(lackey).pos == sc.st.path[1]


def test_a_disaster_allied_with_a_group_is_a_potential_target():
    """Allying with Characters: the Disaster is in the pool of potential targets as
    though it were one of the group's Characters; it is Defeated, not Bonked."""
    sc, hero, lackey, _ = group_scene()
    brute = sc.disaster("brute", sc.st.path[0])  # Attack 5
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    assert Fight(lackey) not in sc.legal()  # the group does not fight its ally
    targets = set()
    for seed in range(12):
        sc.st.rng.seed(seed)
        sc.do(Fight(brute))
        targets.add(sc.st.combat.target)
        sc.st.pop(sc.st.combat)  # as if it never began: try again
    assert targets == {hero, lackey}
    sc.st.rng.seed(next(s for s in range(12) if _target_with(sc, s, brute) == lackey))
    sc.do(Fight(brute))
    ev = sc.do(Declare(hero, "none"))  # 5 Attack against Lackey's 1 Defense
    assert of(ev, DisasterDefeated)[0]["card"] == lackey
    assert lackey not in sc.st.units and hero in sc.st.units


def test_combat_goes_on_after_the_groups_allied_disaster_is_defeated():
    """Allying with Characters: the allied Disaster, attacked "as though it were one of
    your Characters", is Defeated; the Combat goes on with the group's Characters
    ("Combat continues until ... All Characters are Bonked or Killed")."""
    sc, hero, lackey, _ = group_scene()
    brute = sc.disaster("brute", sc.st.path[0])
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.st.rng.seed(next(s for s in range(12) if _target_with(sc, s, brute) == lackey))
    sc.do(Fight(brute))
    ev = sc.do(Declare(hero, "none"))  # 5 Attack against Lackey's 1 Defense
    assert of(ev, DisasterDefeated)[0]["card"] == lackey
    assert not of(ev, RanAway) and sc.st.combat is not None
    assert sc.st.combat.round == 2 and sc.st.combat.target == hero


def _target_with(sc: Scene, seed: int, brute: int) -> int:
    sc.st.rng.seed(seed)
    sc.do(Fight(brute))
    target = sc.st.combat.target
    sc.st.pop(sc.st.combat)
    return target


def test_a_partial_group_leaves_its_ally_behind_and_a_gone_group_frees_it():
    """Allying with Characters (R40): only the whole group takes the Disaster along;
    when none of the group is left with it, the alliance is over."""
    sc, hero, lackey, _ = group_scene()
    other = sc.char("hero", sc.st.path[0])
    sc.turn(MOVE)
    sc.do(Move((other,), sc.st.path[2]))  # Hero stays: so does the ally
    assert sc.unit(lackey).pos == sc.st.path[0]
    sc.st.take_unit(hero)
    move(sc.st, lackey, [])
    assert sc.unit(lackey).ally_seat == -1 and sc.unit(lackey).pos == sc.st.path[1]


def siren_and_lackey(*under: str) -> tuple[Scene, tuple, int, int]:
    """The Siren (Charm 9), allied with the Lackey, at the first Location of the path,
    with `under` there; the Shy (Charm 1) is there to be Charmed."""
    sc = Scene(CARDS + """\
- {id: siren, name: Siren, type: disaster, class: major,
   abilities: {attack: 1, defense: 1, movement: 1, charm: 9}}
- {id: shy, name: Shy, type: character, gender: male,
   abilities: {attack: 1, defense: 9, movement: 1, charm: 1, energy: 1}}
""")
    field(sc)
    cell = sc.st.path[0]
    siren = sc.disaster("siren", cell)
    lackey = sc.disaster("lackey", cell)
    ally(sc.st, sc.unit(siren), sc.unit(lackey), [])
    sc.st.change_place(cell, under=tuple(sc.cards(under)))
    return sc, cell, siren, lackey


def test_an_allied_disaster_that_charms_everyone_is_not_fought_again():
    """Charm Combat (R31): every Character Charmed, the Disaster takes an Item and the
    Combat with it ends; its ally is fought next, and the alliance is not queued twice."""
    sc, cell, siren, lackey = siren_and_lackey("gem")
    shy = sc.char("shy", cell)
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(MOVE)
    ev = sc.do(Fight(siren))
    assert [e["disaster"] for e in of(ev, CombatBegan)] == [siren, lackey]
    assert sc.st.combat.disaster == lackey and sc.st.combat.queue == []
    assert shy in sc.st.units


def test_the_forecast_counts_the_allies_that_attack_as_the_round_does_ally_disasters():
    """Ally Disasters attack with their combined Attack, but not one with No Action
    ("cannot move or attack", Basic Terms) nor one ordered not to attack: the combat
    panel's forecast of the Disaster's attack (physical.planned_strike, from the seat's
    view) counted every ally, and read 7 where the round hit with 5."""
    from game.engine.physical import planned_strike
    from game.engine.state import Lasting
    from game.engine.view import view
    for flags in ((), ("no_action",), ("no_attack",)):
        sc = Scene(CARDS)
        for x in range(3):
            sc.location((2 - x, 0))
        cell = sc.st.path[0]
        tank = sc.char("tank", cell)
        boss = sc.disaster("brute", cell)
        lackey = sc.disaster("lackey", cell)
        sc.unit(lackey).leader = boss
        if flags:
            sc.st.add_lasting(Lasting(lackey, lackey, 0, flags=flags, until="game"))
        sc.turn(MOVE)
        sc.do(Fight(boss))
        c = sc.st.combat
        forecast = planned_strike(view(sc.st, 0), c.disaster, c.target, [])
        ev = sc.do(Declare(c.to_declare[0], "none"))
        hit = next(h for h in of(ev, CombatHit) if h["target"] == tank)
        assert (forecast.attack, forecast.defense) == (hit["attack"], hit["defense"]), flags
