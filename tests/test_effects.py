"""The effect language (docs/card-format.md, Effects): every trigger, condition, step,
`to`, target, cost, use count and duration, the Flash stack, using cards and the hooks.

Each test plays small fixture cards through the engine's own actions where it can
(UseCard, PlayCard, Pass, Fight, Scavenge, EndPhase) and checks the exact change."""
from __future__ import annotations

import pytest
from scene import Scene, card_db, of

from game.engine import effects, flash
from game.engine.abilities import _condition_words, skill_count, total
from game.engine.actions import Declare, Fight, Move, Pass, PlayCard, Scavenge, UseCard, \
    UseEquipment
from game.engine.cards import TRIGGERS, Target
from game.engine.errors import LoadError
from game.engine.events import ALL_SEE, Bonked, Cancelled, DisasterMoved, FlashResolved, ItemDestroyed
from game.engine.lasting import has_flag
from game.engine.options import Options
from game.engine.state import EQUIP, MOVE, RELOAD, SCAVENGE, OffField, Place

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: tech, name: Tech, type: character, gender: female, skills: {Tech: 1},
   categories: [Spirit], abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: rival, name: Rival, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1}}
- {id: imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
- {id: gem, name: Gem, type: item}
- {id: ring, name: Ring, type: item}
- id: dune-goggles
  name: Dune Goggles
  type: item
  effects:
    - {"on": static, do: [{scavenge_any: Desert, to: group}]}
- id: dune
  name: Dune
  type: location
  categories: [Desert]
  requires: {skills: {Survival: 1}}
  effects:
    - {"on": static, do: [{cannot_scavenge: [rival]}]}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
- {id: lamp, name: Lamp, type: equipment, effects: [{"on": use, do: [{draw: 1}]}]}
- {id: pond, name: Pond, type: location, categories: [Water]}

# One card per step kind: an Item its carrier uses.
- id: pump
  name: Pump
  type: item
  effects: [{"on": use, do: [{modify: {attack: "+2"}, for: turn}]}]
- id: book
  name: Book
  type: item
  effects: [{"on": use, do: [{skill: {Genius: 1}, for: turn}]}]
- id: snare
  name: Snare
  type: item
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{hold: 1, to: target}]}
- id: freeze
  name: Freeze
  type: item
  effects:
    - {"on": use, target: {select: character, owner: any, at: here},
       do: [{no_action: 1, to: target}]}
- id: scroll
  name: Scroll
  type: item
  effects: [{"on": use, do: [{draw: 2}]}]
- id: curse
  name: Curse
  type: item
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{discard: 1, to: target}]}
- id: salve
  name: Salve
  type: item
  effects: [{"on": use, do: [{heal: 2}]}]
- id: elixir
  name: Elixir
  type: item
  effects: [{"on": use, do: [{heal: all, to: group}]}]
- id: bomb
  name: Bomb
  type: item
  effects:
    - {"on": use, target: {select: disaster, at: here}, do: [{damage: 2, to: target}]}
- id: zap
  name: Zap
  type: item
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{damage: 1, to: target}]}
- id: grab
  name: Grab
  type: item
  effects:
    - {"on": use, target: {select: disaster, at: here}, do: [{steal: item, to: target}]}
- id: smash
  name: Smash
  type: item
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{destroy_item: random, to: target}]}
- id: shake
  name: Shake
  type: item
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{drop_items: all, to: target}]}
- id: mallet
  name: Mallet
  type: item
  effects:
    - {"on": use, target: {select: character, owner: opponent, at: here},
       do: [{bonk: true, to: target}]}
- id: seek
  name: Seek
  type: item
  effects: [{"on": use, do: [{search: {type: equipment}}]}]
- id: seek-spirit
  name: Seek Spirit
  type: item
  effects: [{"on": use, do: [{search: {category: Spirit}}]}]
- id: recall
  name: Recall
  type: item
  effects: [{"on": use, do: [{send_home: true, to: group}]}]
- id: whistle
  name: Whistle
  type: item
  effects: [{"on": use, if: {in_combat: true}, do: [{flee: true, to: disasters_here}]}]

# Flash Effects
- id: boost
  name: Boost
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you}, cost: {energy: 1},
       do: [{modify: {attack: "+2"}, to: target, for: turn}]}
- id: counter
  name: Counter
  type: flash_effect
  effects:
    - {"on": play, target: {select: flash}, do: [{cancel: true, to: target}]}
- id: spark
  name: Spark
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you}, do: [{draw: 1}]}
- {id: bare, name: Bare, type: flash_effect, bonuses: {defense: "+2"}, costs: {energy: "-1"}}
- id: lucky-charm
  name: Lucky Charm
  type: item
  effects:
    - {"on": static, do: [{modify: {attack: "+2"}}]}
    - {"on": use, do: [{heal: all, to: holder}]}
- id: jinx
  name: Jinx
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: any},
       do: [{modify: {attack: "-1"}, to: target, for: 2}]}
- id: rally-cry
  name: Rally Cry
  type: flash_effect
  effects:
    - {"on": play, if: {in_combat: true}, target: {select: character, owner: you},
       do: [{modify: {attack: "+1"}, to: target, for: combat}]}
- id: regret
  name: Regret
  type: item
  effects: [{"on": use, do: [{discard: 1, to: player}]}]
- id: ko
  name: KO
  type: flash_effect
  effects: [{"on": play, target: {select: character}, do: [{bonk: true, to: target}]}]

# Triggers
- id: montage
  name: Montage
  type: enhancement
  effects: [{"on": play, do: [{modify: {movement: "+1"}, for: turn}]}]
- id: aura
  name: Aura
  type: enhancement
  effects: [{"on": static, do: [{modify: {defense: "+1"}}]}]
- id: quake
  name: Quake
  type: disaster
  class: major
  abilities: {attack: 1, defense: 9, movement: 1}
  effects: [{"on": revealed, do: [{modify: {movement: "-1"}, to: here, for: 1}]}]
- id: drill
  name: Drill
  type: character
  gender: male
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  effects: [{"on": turn_start, do: [{modify: {movement: "+1"}, to: group, for: turn}]}]
- id: howler
  name: Howler
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 9, movement: 1}
  effects:
    - {"on": combat_round, uses: {count: 1, per: turn},
       do: [{modify: {attack: "-1"}, to: group, for: combat}]}
- id: lantern
  name: Lantern
  type: item
  effects: [{"on": scavenge, do: [{draw: 1}]}]
- id: popper
  name: Popper
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 1, movement: 1}
  effects: [{"on": defeated, do: [{modify: {movement: "+1"}, to: here, for: turn}]}]

# Conditions, on static effects of Characters and a Global Effect
- id: mechanic
  name: Mechanic
  type: character
  gender: male
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  effects: [{"on": static, if: {skill: {Tech: 1}}, do: [{modify: {defense: "+1"}}]}]
- id: pilot
  name: Pilot
  type: character
  gender: female
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  effects: [{"on": static, if: {member_skill: {Tech: 1}}, do: [{modify: {defense: "+1"}}]}]
- id: thumbs
  name: Thumbs
  type: character
  gender: male
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  skills: {Tech: -1}
- id: wired
  name: Wired
  type: enhancement
  effects: [{"on": static, do: [{skill: {Tech: 1}}]}]
- id: kappa
  name: Kappa
  type: character
  gender: male
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  effects: [{"on": static, if: {at: Water}, do: [{modify: {defense: "+2"}}]}]
- id: brute
  name: Brute
  type: character
  gender: male
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  effects: [{"on": static, if: {items: 1}, do: [{modify: {attack: "+1"}}]}]
- id: rookie
  name: Rookie
  type: character
  gender: male
  abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}
  effects: [{"on": static, if: {against: major}, do: [{modify: {attack: "+1"}}]}]
- id: moon
  name: Moon
  type: global_effect
  effects: [{"on": static, if: {category: Spirit}, do: [{modify: {attack: "+1"}, to: yours}]}]
- id: magpie
  name: Magpie
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 9, movement: 1}
  effects:
    - {"on": combat_round, uses: {count: 1, per: game}, if: {target_items: 1},
       target: {select: character}, do: [{steal: item, to: target}]}
- id: grabby
  name: Grabby
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 9, movement: 1}
  effects:
    - {"on": combat_round, uses: {count: 1, per: game}, if: {target_hand: 2},
       target: {select: character}, do: [{discard: 1, to: target}]}
- id: map
  name: Map
  type: item
  effects: [{"on": use, if: {phase: move}, do: [{modify: {movement: "+1"}, for: turn}]}]
- id: stance
  name: Stance
  type: item
  effects: [{"on": use, if: {moved: false}, do: [{modify: {defense: "+1"}, for: turn}]}]

# Who a step affects
- id: rally
  name: Rally
  type: global_effect
  uses: 2
  effects: [{"on": use, do: [{modify: {movement: "+1"}, to: yours, for: turn}]}]
- id: horn
  name: Horn
  type: item
  effects: [{"on": use, do: [{modify: {attack: "-1"}, to: opponents_here, for: turn}]}]
- id: stray
  name: Stray
  type: disaster
  class: minor
  abilities: {attack: 1, defense: 1, movement: 1}
  effects: [{"on": static, do: [{modify: {attack: "-1"}, to: opponents_here}]}]
- id: spa
  name: Spa
  type: location
  effects: [{"on": static, do: [{modify: {energy: "+1"}, to: here}]}]
- id: shrine
  name: Shrine
  type: location
  effects: [{"on": static, do: [{modify: {attack: "-1"}, to: disasters_here}]}]

# Costs, uses, durations
- id: battery
  name: Battery
  type: item
  effects: [{"on": use, cost: {energy: 1}, do: [{modify: {attack: "+1"}, for: turn}]}]
- id: tithe
  name: Tithe
  type: item
  effects: [{"on": use, cost: {discard: 1}, do: [{modify: {charm: "+1"}, for: turn}]}]
- id: twice
  name: Twice
  type: item
  effects: [{"on": use, uses: {count: 2}, do: [{modify: {charm: "+1"}, for: turn}]}]
- id: rage
  name: Rage
  type: item
  effects:
    - {"on": use, uses: {count: 1, per: round}, if: {in_combat: true},
       do: [{modify: {attack: "+1"}, for: combat}]}
- id: once
  name: Once
  type: item
  effects: [{"on": use, uses: {count: 1, per: game}, do: [{modify: {charm: "+1"}, for: turn}]}]
- id: flask
  name: Flask
  type: item
  uses: 1
  effects: [{"on": use, do: [{modify: {charm: "+1"}, for: turn}]}]
- id: oath
  name: Oath
  type: item
  effects: [{"on": use, do: [{modify: {charm: "+1"}, for: 2}]}]
- id: vow
  name: Vow
  type: item
  effects: [{"on": use, do: [{modify: {charm: "+1"}, for: game}]}]

- id: boss
  name: Boss
  type: disaster
  class: major
  abilities: {attack: 1, defense: 9, movement: 1}
  effects: [{"on": revealed, do: [{ally: primary, to: disasters_here}]}]
- id: leash
  name: Leash
  type: item
  effects: [{"on": use, do: [{ally: group, to: disasters_here}]}]

# Hooks
- id: twin
  name: Twin
  type: character
  gender: male
  abilities: {attack: 1, defense: 9, movement: 1, charm: 1, energy: 1}
  effects: [{"on": use, if: {in_combat: true}, do: [{hook: decoy}]}]
- id: lost
  name: Lost and Found
  type: haven
  effects: [{"on": use, if: {discarded: equipment}, cost: {discard: 1}, do: [{hook: salvage}]}]
"""

NO_CHARM = Options(charm_combat=False)


class EffectScene(Scene):
    """A Scene whose Game also knows the cards added to it that have a static effect
    (Game.has_static is computed once, from the decks)."""

    def card(self, card, seat: int = 0) -> int:
        i = super().card(card, seat)
        if self.game.card(i).effects_on("static"):
            self.game.has_static = self.game.has_static | {i}
        return i


def scene(seats: int = 1) -> EffectScene:
    """Locations at (0, 0), with a Gem to Scavenge, and (0, 1); seat 0's Haven at (1, 0)."""
    sc = EffectScene(CARDS, seats=seats, options=NO_CHARM)
    sc.location((0, 0), under=["gem"])
    sc.location((0, 1))
    sc.haven((1, 0))
    for s in range(seats):
        sc.combat_pile(s, *["blank"] * 8)
    return sc.turn(MOVE)


def lasting_of(sc: Scene, unit: int) -> list:
    return [x for x in sc.st.lasting if x.unit == unit]


# Steps -------------------------------------------------------------------------

def test_modify_changes_an_ability_until_the_end_of_the_turn():
    """card-format Steps `modify`; Basic Terms, Duration: `for: turn` ends with the Turn."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["pump"])
    pump = sc.unit(hero).items[0]
    sc.do(UseCard(pump))
    assert total(sc.st, sc.unit(hero), "attack") == 5
    sc.until(MOVE)
    assert total(sc.st, sc.unit(hero), "attack") == 3


def test_skill_grants_a_skill():
    """card-format Steps `skill`; guideline 4.9: granted skills add to printed ones."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["book"])
    assert skill_count(sc.st, [sc.unit(hero)], "Genius") == 0
    sc.do(UseCard(sc.unit(hero).items[0]))
    assert skill_count(sc.st, [sc.unit(hero)], "Genius") == 1


def test_hold_lasts_the_turns_of_the_player_that_used_it_basic_terms_hold_duration():
    """Basic Terms, Hold; Time, Duration: "The amount of time a card stays in play for
    the player that plays it ... the first Turn is the Turn it was played": seat 0's
    Snare holds seat 1's Character for seat 0's Turn (it cannot run from a Combat
    there), and seat 1's own Turn is free (the test pinned the affected player's Turns,
    R29's reading for Disasters, which no player plays)."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["snare"])
    rival = sc.char("rival", (0, 0), seat=1)
    sc.do(UseCard(sc.unit(hero).items[0], target=rival))
    assert has_flag(sc.st, sc.unit(rival), "hold")
    assert not has_flag(sc.st, sc.unit(hero), "hold")
    sc.until(MOVE, seat=1)
    assert not has_flag(sc.st, sc.unit(rival), "hold")


def test_no_action_leaves_only_doing_nothing_in_combat():
    """Basic Terms, No Action: it cannot attack or protect (guidelines 1.1, 1.2). It
    comes once the Combat has begun: with it, the Hero could begin none (the glossary)."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["freeze"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.do(Fight(ogre))
    sc.do(UseCard(sc.unit(hero).items[0], target=hero))
    declares = [a for a in sc.legal() if isinstance(a, Declare)]
    assert declares == [Declare(hero, "none")]


def test_draw_takes_cards_from_the_top_of_the_draw_pile():
    """card-format Steps `draw`, `to: player`: the card's controller draws."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["scroll"])
    first, second, third = sc.draw_pile(0, "sword", "sword", "sword")
    sc.do(UseCard(sc.unit(hero).items[0]))
    assert sc.st.seats[0].hand == [first, second]
    assert sc.st.seats[0].draw == [third]


def test_discard_makes_the_targets_player_discard_one_card():
    """card-format Steps `discard` (R13: at random, by the game's generator)."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["curse"])
    rival = sc.char("rival", (0, 0), seat=1)
    hand = sc.hand(1, "sword", "sword")
    mine = sc.hand(0, "sword")
    sc.do(UseCard(sc.unit(hero).items[0], target=rival))
    assert len(sc.st.seats[1].hand) == 1
    assert sc.st.seats[1].discard == [c for c in hand if c not in sc.st.seats[1].hand]
    assert sc.st.seats[0].hand == mine


def test_discard_to_player_is_the_cards_own_player():
    """card-format `to: player`: the card's controller discards."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["regret"])
    sc.char("rival", (0, 0), seat=1)
    mine = sc.hand(0, "sword")
    theirs = sc.hand(1, "sword")
    sc.do(UseCard(sc.unit(hero).items[0]))
    assert sc.st.seats[0].hand == [] and sc.st.seats[0].discard == mine
    assert sc.st.seats[1].hand == theirs


@pytest.mark.parametrize("item, to_heal, left", [("salve", 3, 1), ("salve", 1, 0),
                                                 ("elixir", 3, 0)])
def test_heal_takes_back_damage(item, to_heal, left):
    """card-format Steps `heal`: N or `all` Damage (Basic Terms, Health)."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=[item])
    sc.unit(hero).damage = to_heal
    sc.do(UseCard(sc.unit(hero).items[0]))
    assert sc.unit(hero).damage == left


def test_damage_to_a_disaster_in_combat_stays_for_the_combat():
    """card-format Steps `damage`; Basic Terms, Health: Damage lasts the Combat."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["bomb"])
    ogre = sc.disaster("ogre", (0, 0))
    sc.do(Fight(ogre), UseCard(sc.unit(hero).items[0], target=ogre))
    assert sc.unit(ogre).damage == 2


def test_damage_that_takes_health_to_zero_defeats_the_disaster():
    """Basic Terms, Defeat: a Disaster at Health 0 is Defeated and Discarded."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["bomb"])
    imp = sc.disaster("imp", (0, 0))
    sc.do(Fight(imp), UseCard(sc.unit(hero).items[0], target=imp))
    assert imp not in sc.st.units and imp in sc.st.seats[0].discard
    assert sc.st.combat is None


def test_damage_out_of_combat_heals_at_once_unless_it_bonks():
    """Basic Terms, Bonk; out of Combat Health comes back at once (R24's reading)."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["zap", "zap"])
    rival = sc.char("rival", (0, 0), seat=1)
    sc.do(UseCard(sc.unit(hero).items[0], target=rival))
    assert sc.unit(rival).damage == 0
    sc.unit(rival).damage = 1  # as if already hurt in a Combat
    ev = sc.do(UseCard(sc.unit(hero).items[1], target=rival))
    assert rival not in sc.st.units and of(ev, Bonked) == [{"card": rival, "cell": (0, 0)}]


def test_steal_moves_a_random_item_of_the_target_to_the_thief():
    """card-format Steps `steal`; Basic Terms, Steal: thief and victim at one Location."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["grab"])
    ogre = sc.disaster("ogre", (0, 0), items=["ring"])
    ring = sc.unit(ogre).items[0]
    sc.do(Fight(ogre), UseCard(sc.unit(hero).items[0], target=ogre))
    assert sc.unit(ogre).items == []
    assert ring in sc.unit(hero).items


def test_destroy_item_removes_it_from_the_game():
    """card-format Steps `destroy_item`; Basic Terms, Destroy."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["smash"])
    rival = sc.char("rival", (0, 0), seat=1, items=["ring"])
    ring = sc.unit(rival).items[0]
    ev = sc.do(UseCard(sc.unit(hero).items[0], target=rival))
    assert sc.unit(rival).items == [] and sc.st.destroyed == [ring]
    destroyed, = [e for e in ev if isinstance(e, ItemDestroyed)]
    # Removed face down (Rules for Items): only its holder's player is told which.
    assert destroyed.public == {"holder": rival} and destroyed.private == {"card": ring}
    assert destroyed.to == (1,)


def test_drop_items_puts_every_item_under_the_location():
    """card-format Steps `drop_items`; Basic Terms, Drop: under a Location, to be Scavenged."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["shake"])
    rival = sc.char("rival", (0, 0), seat=1, items=["ring", "gem"])
    carried = list(sc.unit(rival).items)
    under = list(sc.st.places[(0, 0)].under)
    sc.do(UseCard(sc.unit(hero).items[0], target=rival))
    assert sc.unit(rival).items == []
    assert list(sc.st.places[(0, 0)].under) == under + carried


def test_bonk_takes_the_target_out_of_play():
    """Basic Terms, Bonk: out of play for a Turn; Items dropped under the Location (R9)."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["mallet"])
    rival = sc.char("rival", (0, 0), seat=1, items=["ring"])
    ring = sc.unit(rival).items[0]
    sc.do(UseCard(sc.unit(hero).items[0], target=rival))
    assert rival not in sc.st.units
    assert [c for c, _ in sc.st.seats[1].set_aside] == [rival]
    assert ring in sc.st.places[(0, 0)].under


@pytest.mark.parametrize("item, found", [("seek", "sword"), ("seek-spirit", "tech")])
def test_search_takes_the_first_match_from_the_top_and_shuffles(item, found):
    """card-format Steps `search`: a type or a category; never a Disaster."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=[item])
    pile = sc.draw_pile(0, "hero", "ogre", found, found, "rival")
    sc.do(UseCard(sc.unit(hero).items[0]))
    assert sc.st.seats[0].hand == [pile[2]]
    assert sorted(sc.st.seats[0].draw) == sorted(pile[:2] + pile[3:])


def test_send_home_moves_the_group_to_its_haven():
    """card-format Steps `send_home`: the group goes to its owner's Haven."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["recall"])
    tech = sc.char("tech", (0, 0))
    rival = sc.char("rival", (0, 0), seat=1)
    sc.do(UseCard(sc.unit(hero).items[0]))
    assert sc.unit(hero).pos == sc.unit(tech).pos == (1, 0)
    assert sc.unit(rival).pos == (0, 0)


def test_flee_ends_the_combat_and_the_disaster_moves_1_location_basic_terms_flee():
    """Basic Terms, Flee: "Running Away, but for Disasters. When a Disaster flees you do not
    get a final, unanswered attack." Running Away is "Move any remaining Characters 1
    Location": the Disaster moves 1 Location on along its path, and cannot be fought
    again where it was (the test pinned it staying)."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["whistle"])
    ogre = sc.disaster("ogre", (0, 0))
    whistle = sc.unit(hero).items[0]
    assert UseCard(whistle) not in sc.legal()  # `in_combat` does not hold yet
    sc.refused(UseCard(whistle), "only while the Character using it fights in a Combat")
    start = sc.unit(ogre).pos
    ev = sc.do(Fight(ogre), UseCard(whistle))
    assert sc.st.combat is None
    assert ogre in sc.st.units and sc.unit(hero).damage == 0
    after = sc.st.path[sc.st.path.index(start) + 1]
    assert sc.unit(ogre).pos == after
    assert of(ev, DisasterMoved) == [{"card": ogre, "origin": start, "dest": after}]
    assert Fight(ogre) not in sc.legal()


def test_cancel_discards_the_flash_effect_it_targets():
    """Basic Terms, Cancel; Rules for Flash Effects: last in, first out."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0))
    boost, = sc.hand(0, "boost")
    counter, = sc.hand(1, "counter")
    sc.do(PlayCard(boost, hero))
    assert sc.st.current_seat() == 1
    assert PlayCard(counter, boost) in sc.legal()
    ev = sc.do(PlayCard(counter, boost), Pass())
    # A Flash Effect is played face up: every seat is told what Cancelled it.
    assert [(e.for_seat(s).card, e.for_seat(s).by) for e in ev if isinstance(e, Cancelled)
            for s in (0, 1, ALL_SEE)] == [(boost, counter)] * 3
    assert total(sc.st, sc.unit(hero), "attack") == 3 and sc.unit(hero).spent == 0
    assert sc.st.seats[0].discard == [boost] and sc.st.seats[1].discard == [counter]
    assert sc.st.flash_stack == []


# Triggers ----------------------------------------------------------------------

def test_play_trigger_runs_when_an_enhancement_is_played():
    """card-format Triggers `play`: when the card is played from the hand."""
    sc = scene()
    hero = sc.char("hero", (1, 0))
    montage, = sc.hand(0, "montage")
    sc.turn(EQUIP).do(PlayCard(montage, hero))
    assert total(sc.st, sc.unit(hero), "movement") == 3


def test_static_trigger_holds_while_the_card_is_in_play():
    """card-format Triggers `static`: all the time while the card is in play."""
    sc = scene()
    hero = sc.char("hero", (0, 0), enhancements=["aura"])
    assert total(sc.st, sc.unit(hero), "defense") == 4
    sc.unit(hero).enhancements.clear()
    assert total(sc.st, sc.unit(hero), "defense") == 3


def test_revealed_trigger_when_scavenging_turns_a_disaster_over():
    """card-format Triggers `revealed`; Scavenge Phase: a Disaster turns up."""
    sc = scene()
    sc.location((0, 1), under=["quake", "gem"])
    hero = sc.char("hero", (0, 1))
    elsewhere = sc.char("hero", (0, 0))
    sc.turn(SCAVENGE).do(Scavenge((0, 1)))
    assert total(sc.st, sc.unit(hero), "movement") == 1
    assert total(sc.st, sc.unit(elsewhere), "movement") == 2


def test_revealed_trigger_when_a_disaster_enters_from_the_draw_pile():
    """card-format Triggers `revealed`; R8, R21: it enters at the top-right Location."""
    sc = scene()
    hero = sc.char("hero", (0, 0))
    quake, = sc.draw_pile(0, "quake")
    sc.until(EQUIP)
    assert quake in sc.st.units  # entered at (0, 0), then moved on
    assert total(sc.st, sc.unit(hero), "movement") == 1


def test_turn_start_trigger_at_the_start_of_its_controllers_turn():
    """card-format Triggers `turn_start`; the change lasts to the end of that Turn."""
    sc = scene()
    sc.char("drill", (0, 0))
    hero = sc.char("hero", (0, 0))
    away = sc.char("hero", (0, 1))
    assert total(sc.st, sc.unit(hero), "movement") == 2
    sc.until(MOVE)
    assert total(sc.st, sc.unit(hero), "movement") == 3
    assert total(sc.st, sc.unit(away), "movement") == 2


def test_combat_round_trigger_at_the_start_of_a_round_with_its_use_limit():
    """card-format Triggers `combat_round`; Basic Terms, Uses: once per Turn here."""
    sc = scene()
    hero = sc.char("hero", (0, 0))
    howler = sc.disaster("howler", (0, 0))
    sc.do(Fight(howler))
    assert total(sc.st, sc.unit(hero), "attack") == 2
    sc.do(Declare(hero, "none"))
    assert sc.st.combat.round == 2
    assert total(sc.st, sc.unit(hero), "attack") == 2  # not a second time this Turn


def test_scavenge_trigger_when_the_holders_group_begins_scavenging():
    """card-format Triggers `scavenge`: its holder's group begins Scavenging."""
    sc = scene()
    sc.char("hero", (0, 0), items=["lantern"])
    card, = sc.draw_pile(0, "sword")
    sc.turn(SCAVENGE).do(Scavenge((0, 0)))
    assert sc.st.seats[0].hand == [card]


def test_defeated_trigger_when_the_disaster_is_defeated():
    """card-format Triggers `defeated`; Basic Terms, Defeat."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["bomb"])
    popper = sc.disaster("popper", (0, 0))
    sc.do(Fight(popper))
    assert total(sc.st, sc.unit(hero), "movement") == 2
    sc.do(UseCard(sc.unit(hero).items[0], target=popper))
    assert popper not in sc.st.units
    assert total(sc.st, sc.unit(hero), "movement") == 3


# Conditions ----------------------------------------------------------------------

def test_condition_skill_counts_the_holders_group():
    """card-format Conditions `skill`: the holder's group has it (Card Requirements)."""
    sc = scene()
    mech = sc.char("mechanic", (0, 0))
    tech = sc.char("tech", (0, 1))
    assert total(sc.st, sc.unit(mech), "defense") == 1
    sc.st.move_unit(sc.unit(tech), (0, 0))
    assert total(sc.st, sc.unit(mech), "defense") == 2


def test_condition_member_skill_one_character_has_it_whatever_the_others_anti_skill():
    """card-format Conditions `member_skill`: one Character of the holder's group has the
    skill itself (Skills: "A Character with the Student skill may be referred to as a
    student"), so Thumbs' Tech -1 beside the Tech leaves the Pilot her +1, where the
    group's summed Tech (`skill`) is 0 and the Mechanic loses his."""
    sc = scene()
    pilot, mech = sc.char("pilot", (0, 0)), sc.char("mechanic", (0, 0))
    assert total(sc.st, sc.unit(pilot), "defense") == 1
    sc.char("tech", (0, 0))
    assert total(sc.st, sc.unit(pilot), "defense") == 2
    sc.char("thumbs", (0, 0))
    assert total(sc.st, sc.unit(pilot), "defense") == 2
    assert total(sc.st, sc.unit(mech), "defense") == 1


def test_condition_skill_sees_a_skill_another_card_grants():
    """card-format Conditions `skill`; guideline 4.9: a granted skill counts as printed."""
    sc = scene()
    mech = sc.char("mechanic", (0, 0))
    sc.char("hero", (0, 0), enhancements=["wired"])
    assert total(sc.st, sc.unit(mech), "defense") == 2


def test_condition_category_is_checked_on_each_character_of_a_global_effect():
    """card-format Conditions `category`; Rules for Global Effects: all your Characters."""
    sc = scene()
    tech = sc.char("tech", (0, 0))
    hero = sc.char("hero", (0, 0))
    moon, = sc.hand(0, "moon")
    sc.turn(EQUIP).do(PlayCard(moon))
    assert total(sc.st, sc.unit(tech), "attack") == 3
    assert total(sc.st, sc.unit(hero), "attack") == 3


def test_condition_at_reads_the_holders_location():
    """card-format Conditions `at`: the holder's Location has the category."""
    sc = scene()
    sc.location((0, 1), "pond")
    kappa = sc.char("kappa", (0, 0))
    assert total(sc.st, sc.unit(kappa), "defense") == 1
    sc.st.move_unit(sc.unit(kappa), (0, 1))
    assert total(sc.st, sc.unit(kappa), "defense") == 3


def test_condition_items_counts_the_holders_items():
    """card-format Conditions `items`: the holder carries at least N Items."""
    sc = scene()
    brute = sc.char("brute", (0, 0))
    assert total(sc.st, sc.unit(brute), "attack") == 1
    sc.unit(brute).items.append(sc.card("gem"))
    assert total(sc.st, sc.unit(brute), "attack") == 2


@pytest.mark.parametrize("foe, attack", [("ogre", 2), ("imp", 1)])
def test_condition_against_the_class_of_the_disaster_fought(foe, attack):
    """card-format Conditions `against`; Major and Minor Disasters."""
    sc = scene()
    rookie = sc.char("rookie", (0, 0))
    bystander = sc.char("rookie", (0, 1))
    d = sc.disaster(foe, (0, 0))
    assert total(sc.st, sc.unit(rookie), "attack") == 1
    sc.do(Fight(d))
    assert total(sc.st, sc.unit(rookie), "attack") == attack
    assert total(sc.st, sc.unit(bystander), "attack") == 1  # not in the Combat


def test_condition_target_items_waits_until_the_instruction_applies():
    """Rules for Disasters: instructions not applicable are ignored until they are; the
    once-per-game use is not spent on a target with nothing to steal."""
    sc = scene()
    hero = sc.char("hero", (0, 0))
    magpie = sc.disaster("magpie", (0, 0))
    sc.do(Fight(magpie))
    assert (magpie, 0) not in sc.st.uses
    ring = sc.card("ring")
    sc.unit(hero).items.append(ring)
    sc.do(Declare(hero, "none"))
    assert sc.unit(magpie).items == [ring] and sc.unit(hero).items == []


def test_condition_target_hand_waits_until_the_instruction_applies():
    """Rules for Disasters: instructions not applicable are ignored until they are; the
    once-per-game discard waits until the target's player holds the cards it asks."""
    sc = scene()
    hero = sc.char("hero", (0, 0))
    grabby = sc.disaster("grabby", (0, 0))
    sc.hand(0, "ring")
    sc.do(Fight(grabby))
    assert (grabby, 0) not in sc.st.uses and len(sc.st.seats[0].hand) == 1
    sc.hand(0, "ring", "ring")
    sc.do(Declare(hero, "none"))
    assert sc.st.uses[(grabby, 0)] == 1 and len(sc.st.seats[0].hand) == 1


def test_condition_phase():
    """card-format Conditions `phase`: the Turn's phase is one of those given."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["map"])
    use = UseCard(sc.unit(hero).items[0])
    sc.turn(SCAVENGE)
    sc.refused(use, "used only in your own Move phase")
    sc.turn(MOVE).do(use)
    assert total(sc.st, sc.unit(hero), "movement") == 3


def test_every_condition_has_its_own_words_in_a_refusal():
    """card-format Conditions: a refused use or Flash Effect names the condition that
    fails (abilities.unmet); a condition added without words would borrow another's."""
    samples = {"phase": "move", "in_combat": True, "moved": True, "skill": [("Pilot", 1)],
               "member_skill": [("Pilot", 1)], "category": "Android", "at": "City", "items": 2, "target_items": 1,
               "target_hand": 1, "against": "major", "discarded": "equipment"}
    assert set(samples) == set(effects.CONDITIONS)
    words = {k: _condition_words(k, v) for k, v in samples.items()}
    assert len(set(words.values())) == len(words), words
    assert "Pilot" in words["skill"] and "«City»" in words["at"] and "Major" in words["against"]
    assert "Equipment" in words["discarded"]


def test_equipment_not_put_to_use_is_not_used_rules_for_equipment():
    """Rules for Equipment: a piece gives nothing until put to use; a use refused says
    so, also when its carrier put another piece to use (the words blamed a requirement
    the Lamp does not have)."""
    sc = scene()
    hero = sc.char("hero", (0, 0), equipment=["sword", "lamp"])
    sword, lamp = sc.unit(hero).equipment
    sc.combat_pile(0, *["blank"] * 2)
    sc.do(UseEquipment(sword, hero))
    assert UseCard(lamp) not in sc.legal()
    sc.refused(UseCard(lamp), f"c{hero} did not take c{lamp} into use in the Equip phase")


def test_condition_moved():
    """card-format Conditions `moved`: "instead of moving" (Move Phase)."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["stance", "stance"])
    first, second = sc.unit(hero).items
    sc.do(UseCard(first), Move((hero,), (0, 1)))
    sc.refused(UseCard(second), "only instead of moving (the Character using it has moved this Turn)")
    assert total(sc.st, sc.unit(hero), "defense") == 4


def test_condition_in_combat_means_the_holder_fights():
    """card-format Conditions `in_combat`; Basic Terms, Opponent: the Characters in the
    Combat, not another group of the same player."""
    sc = scene()
    fighter = sc.char("hero", (0, 0), items=["rage"])
    away = sc.char("hero", (0, 1), items=["rage"])
    ogre = sc.disaster("ogre", (0, 0))
    mine, theirs = sc.unit(fighter).items[0], sc.unit(away).items[0]
    assert UseCard(mine) not in sc.legal()
    sc.do(Fight(ogre))
    assert UseCard(mine) in sc.legal() and UseCard(theirs) not in sc.legal()


# Who a step affects (`to`) -----------------------------------------------------

def test_to_yours_is_every_character_of_the_player():
    """card-format `to: yours`; Rules for Global Effects: all of your Characters."""
    sc = scene(seats=2)
    a = sc.char("hero", (0, 0))
    b = sc.char("hero", (1, 0))
    rival = sc.char("rival", (0, 0), seat=1)
    rally, = sc.hand(0, "rally")
    sc.turn(EQUIP).do(PlayCard(rally), UseCard(rally))
    assert [total(sc.st, sc.unit(u), "movement") for u in (a, b, rival)] == [3, 3, 2]


def test_to_opponents_here_of_a_players_card():
    """card-format `to: opponents_here`: other players' Characters and the Disasters."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0), items=["horn"])
    friend = sc.char("tech", (0, 0))
    rival = sc.char("rival", (0, 0), seat=1)
    far = sc.char("rival", (0, 1), seat=1)
    ogre = sc.disaster("ogre", (0, 0))
    sc.do(UseCard(sc.unit(hero).items[0]))
    attacks = [total(sc.st, sc.unit(u), "attack") for u in (hero, friend, rival, far, ogre)]
    assert attacks == [3, 2, 1, 2, 4]


def test_to_opponents_here_of_a_disaster_is_every_character_there():
    """card-format `to: opponents_here`; Basic Terms, Opponent: a Disaster's opponents
    are the Characters, its own player's included, never another Disaster."""
    sc = scene(seats=2)
    mine = sc.char("hero", (0, 0))
    theirs = sc.char("rival", (0, 0), seat=1)
    far = sc.char("hero", (0, 1))
    sc.disaster("stray", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    attacks = [total(sc.st, sc.unit(u), "attack") for u in (mine, theirs, far, ogre)]
    assert attacks == [2, 1, 3, 5]


def test_to_here_and_disasters_here_of_a_location():
    """card-format `to: here`, `to: disasters_here`: a Location's static effect."""
    sc = scene()
    sc.location((0, 1), "spa")
    sc.location((1, 1), "shrine")
    soaking = sc.char("hero", (0, 1))
    dry = sc.char("hero", (0, 0))
    watched = sc.disaster("ogre", (1, 1))
    free = sc.disaster("ogre", (0, 1))
    guarded = sc.char("hero", (1, 1))
    assert total(sc.st, sc.unit(soaking), "energy") == 3
    assert total(sc.st, sc.unit(dry), "energy") == 2
    assert total(sc.st, sc.unit(watched), "attack") == 4
    assert total(sc.st, sc.unit(free), "attack") == 5
    assert total(sc.st, sc.unit(guarded), "attack") == 3


# Targets a player chooses ---------------------------------------------------------

def target_scene():
    sc = scene(seats=2)
    ids = {"mine": sc.char("hero", (0, 0)), "theirs": sc.char("rival", (0, 0), seat=1),
           "home": sc.char("hero", (1, 0)), "far": sc.char("rival", (0, 1), seat=1),
           "ogre": sc.disaster("ogre", (0, 0)), "imp": sc.disaster("imp", (0, 1))}
    return sc, ids


@pytest.mark.parametrize("select, owner, at, expected", [
    ("character", "you", "anywhere", {"mine", "home"}),
    ("character", "opponent", "anywhere", {"theirs", "far"}),
    ("character", "any", "here", {"mine", "theirs"}),
    ("character", "you", "haven", {"home"}),
    ("disaster", "any", "anywhere", {"ogre", "imp"}),
    ("disaster", "opponent", "here", {"ogre"}),  # a Disaster belongs to no player
])
def test_target_selects_by_kind_owner_and_place(select, owner, at, expected):
    """card-format Targets: `select`, `owner` and `at` (`here`: the holder's Location)."""
    sc, ids = target_scene()
    target = Target(select, owner, at)
    got = effects.choices(sc.st, 0, (0, 0), target)
    assert got == sorted(ids[k] for k in expected)


def test_target_flash_selects_the_stack_by_its_player():
    """card-format Targets `select: flash`: a Flash Effect on the stack (Cancel)."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0))
    boost, = sc.hand(0, "boost")
    sc.do(PlayCard(boost, hero))
    assert effects.choices(sc.st, 1, None, Target("flash", "opponent")) == [boost]
    assert effects.choices(sc.st, 1, None, Target("flash", "you")) == []
    assert effects.choices(sc.st, 0, None, Target("flash")) == [boost]


def test_ally_makes_the_disasters_here_follow_the_card():
    """card-format Steps `ally`; Ally Disasters (R40): the primary leads the others there."""
    sc = scene()
    sc.location((0, 1), under=["boss", "gem"])
    sc.char("hero", (0, 1))
    ogre = sc.disaster("ogre", (0, 1))
    imp = sc.disaster("imp", (0, 0))
    boss = sc.st.places[(0, 1)].under[0]
    sc.turn(SCAVENGE).do(Scavenge((0, 1)))
    assert sc.unit(ogre).leader == boss and sc.unit(imp).leader < 0


def test_ally_group_makes_the_disasters_here_join_the_players_group():
    """card-format Steps `ally: group`; Allying with Characters (R40)."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["leash"])
    ogre = sc.disaster("ogre", (0, 0))
    imp = sc.disaster("imp", (0, 1))
    sc.do(UseCard(sc.unit(hero).items[0]))
    assert sc.unit(ogre).ally_seat == 0 and sc.unit(imp).ally_seat < 0


# Costs ----------------------------------------------------------------------------

def test_energy_cost_is_paid_by_the_holder_and_needed():
    """Rules for Items: the Character using it pays the cost."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["battery"])
    use = UseCard(sc.unit(hero).items[0])
    sc.do(use)
    assert sc.unit(hero).spent == 1 and total(sc.st, sc.unit(hero), "energy") == 1
    assert total(sc.st, sc.unit(hero), "attack") == 4
    sc.until(MOVE)
    sc.unit(hero).spent = 2
    assert use not in sc.legal()


def test_discard_cost_takes_a_card_from_the_hand_and_needs_one():
    """card-format Effects `cost: {discard: N}`: cards discarded at random (R13)."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["tithe"])
    use = UseCard(sc.unit(hero).items[0])
    assert use not in sc.legal()
    card, = sc.hand(0, "sword")
    sc.do(use)
    assert sc.st.seats[0].hand == [] and sc.st.seats[0].discard == [card]
    assert total(sc.st, sc.unit(hero), "charm") == 2


def test_a_flash_effects_energy_cost_is_paid_by_its_target():
    """Rules for Flash Effects: the Character using it pays the cost."""
    sc = scene()
    hero = sc.char("hero", (0, 0))
    boost, = sc.hand(0, "boost")
    sc.do(PlayCard(boost, hero))  # one seat: nobody to answer, it resolves at once
    assert sc.unit(hero).spent == 1 and total(sc.st, sc.unit(hero), "attack") == 5
    sc.unit(hero).spent = 2
    sc.hand(0, "boost")
    assert not [a for a in sc.legal() if isinstance(a, PlayCard)]


# Uses -----------------------------------------------------------------------------

def test_a_use_is_once_per_turn_unless_stated():
    """Basic Terms, Uses: once per Turn unless stated otherwise."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["pump"])
    use = UseCard(sc.unit(hero).items[0])
    sc.do(use)
    sc.refused(use, "no uses left this turn")
    sc.until(MOVE)
    sc.do(use)
    assert total(sc.st, sc.unit(hero), "attack") == 5


def test_uses_count_per_turn():
    """card-format Effects `uses: {count: 2}`."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["twice"])
    use = UseCard(sc.unit(hero).items[0])
    sc.do(use, use)
    sc.refused(use, "no uses left")
    assert total(sc.st, sc.unit(hero), "charm") == 3


def test_uses_per_round_come_back_each_combat_round():
    """Basic Terms, Uses: once per round of Combat."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["rage"])
    ogre = sc.disaster("ogre", (0, 0))
    use = UseCard(sc.unit(hero).items[0])
    sc.do(Fight(ogre), use)
    assert use not in sc.legal()
    sc.do(Declare(hero, "none"))
    assert sc.st.combat.round == 2
    sc.do(use)
    assert total(sc.st, sc.unit(hero), "attack") == 5


def test_uses_per_game_never_come_back():
    """card-format Effects `uses: {per: game}`."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["once"])
    use = UseCard(sc.unit(hero).items[0])
    sc.do(use)
    sc.until(MOVE)
    sc.refused(use, "no uses left this game")


def test_printed_uses_of_an_item_last_the_whole_game():
    """Rules for Items: an Item with uses; it stays an Item once they are spent."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["flask"])
    flask = sc.unit(hero).items[0]
    sc.do(UseCard(flask))
    sc.until(MOVE)
    sc.refused(UseCard(flask), "used all its 1 uses")
    assert sc.unit(hero).items == [flask]


def test_a_global_effect_out_of_uses_is_removed_from_the_game():
    """Rules for Global Effects: when it runs out of uses, it is removed from the game."""
    sc = scene()
    sc.char("hero", (0, 0))
    rally, = sc.hand(0, "rally")
    sc.turn(EQUIP).do(PlayCard(rally), UseCard(rally))
    assert [o.card for o in sc.st.off_field] == [rally]
    sc.until(MOVE)
    sc.until(MOVE)
    sc.do(UseCard(rally))
    assert sc.st.off_field == [] and sc.st.destroyed == [rally]


# Durations ------------------------------------------------------------------------

def test_duration_combat_ends_with_the_combat():
    """card-format Durations `combat`: to the end of the Combat."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["rage", "whistle"])
    ogre = sc.disaster("ogre", (0, 0))
    rage, whistle = sc.unit(hero).items
    sc.do(Fight(ogre), UseCard(rage))
    assert total(sc.st, sc.unit(hero), "attack") == 4
    sc.do(UseCard(whistle))
    assert sc.st.combat is None and total(sc.st, sc.unit(hero), "attack") == 3


@pytest.mark.parametrize("item, turns", [("oath", 2), ("vow", 5)])
def test_duration_in_turns_and_for_the_game(item, turns):
    """Basic Terms, Duration: the first Turn is the Turn it was played."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=[item])
    sc.do(UseCard(sc.unit(hero).items[0]))
    for _ in range(turns - 1):
        sc.until(MOVE)
        assert total(sc.st, sc.unit(hero), "charm") == 2
    sc.until(MOVE)
    assert total(sc.st, sc.unit(hero), "charm") == (1 if item == "oath" else 2)


def test_duration_counts_the_turns_of_the_player_that_plays_it_time_duration():
    """Time, Duration: "The amount of time a card stays in play for the player that
    plays it. For cards that last a limited number of Turns, the first Turn is the Turn
    it was played." Seat 0's Jinx on seat 1's Character lasts seat 0's Turn and seat 0's
    next; seat 1's Jinx, played in seat 0's Turn, lasts that Turn and seat 1's next."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0))
    rival = sc.char("rival", (0, 1), seat=1)
    mine, = sc.hand(0, "jinx")
    theirs, = sc.hand(1, "jinx")
    base = {u: total(sc.st, sc.unit(u), "attack") for u in (hero, rival)}

    def jinxed() -> set[int]:
        return {u for u in (hero, rival) if total(sc.st, sc.unit(u), "attack") < base[u]}

    sc.do(PlayCard(mine, rival), PlayCard(theirs, hero))
    while sc.st.flash_stack:
        sc.do(Pass())
    assert jinxed() == {hero, rival}
    sc.until(MOVE, seat=1)
    assert jinxed() == {hero, rival}   # seat 1's Turn: the second of its Jinx
    sc.until(MOVE, seat=0)
    assert jinxed() == {rival}         # seat 0's next Turn: the second of its Jinx
    sc.until(MOVE, seat=1)
    assert jinxed() == set()


def test_disasters_do_not_use_items_guideline_2_8():
    """Guideline 2.8: "Disasters don't Use Items' Special Abilities": the Item a Disaster
    carries gives it nothing and is offered to nobody to use; a Character carrying it
    gets both."""
    sc = scene(seats=1)
    ogre = sc.disaster("ogre", (0, 1), items=["lucky-charm"])
    hero = sc.char("hero", (0, 0), items=["lucky-charm"])
    sc.unit(ogre).damage = sc.unit(hero).damage = 1  # its heal has something to heal
    assert total(sc.st, sc.unit(ogre), "attack") == sc.game.card(ogre).ability("attack")
    assert total(sc.st, sc.unit(hero), "attack") == sc.game.card(hero).ability("attack") + 2
    charm = sc.unit(ogre).items[0]
    assert [a.card for a in sc.legal() if isinstance(a, UseCard)] == sc.unit(hero).items
    sc.refused(UseCard(charm, 1))


def test_an_item_used_names_its_user_as_the_source():
    """Rules for Items: kept face down until used; R16: the change shows the Character."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["pump"])
    sc.do(UseCard(sc.unit(hero).items[0]))
    assert [x.source for x in lasting_of(sc, hero)] == [hero]


# The Flash stack --------------------------------------------------------------------

def test_the_stack_resolves_last_in_first_out():
    """Rules for Flash Effects: last-in, first-out (guideline 3.1)."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0))
    rival = sc.char("rival", (0, 0), seat=1)
    first, = sc.hand(0, "spark")
    second, = sc.hand(1, "spark")
    sc.draw_pile(0, "sword")
    sc.draw_pile(1, "sword")
    sc.do(PlayCard(first, hero))
    assert sc.legal() == flash.playable(sc.st, 1) + [Pass()] and sc.st.current_seat() == 1
    ev = sc.do(PlayCard(second, rival))
    assert sc.st.current_seat() == 0
    ev += sc.do(Pass())
    assert [e["card"] for e in of(ev, FlashResolved)] == [second, first]
    assert len(sc.st.seats[0].hand) == len(sc.st.seats[1].hand) == 1


def test_every_other_player_passes_before_the_stack_resolves():
    """Rules for Flash Effects: each other player in turn may answer or pass."""
    sc = scene(seats=3)
    hero = sc.char("hero", (0, 0))
    boost, = sc.hand(0, "boost")
    sc.do(PlayCard(boost, hero), Pass())
    assert sc.st.flash_stack and sc.st.current_seat() == 2
    assert total(sc.st, sc.unit(hero), "attack") == 3
    sc.do(Pass())
    assert not sc.st.flash_stack and total(sc.st, sc.unit(hero), "attack") == 5
    sc.refused(Pass(), "no Flash Effect")


def test_global_effects_and_havens_answer_a_flash_effect_guideline_3_1():
    """Guideline 3.1: "If it isn't a Global Effect, isn't a Haven's ability, or doesn't
    say it's a Flash Effect, it isn't as fast": the player answering a Flash Effect may
    use its Global Effect or its Haven, and no other card in play."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0))
    rival = sc.char("rival", (0, 0), seat=1, items=["map"])
    rally, = sc.hand(1, "rally")
    sc.st.seats[1].hand.remove(rally)
    sc.st.off_field.append(OffField(rally, 1))
    salvage = sc.card("lost", 1)
    sc.st.places[(2, 0)] = Place(salvage, "haven", 1)
    sc.st.seats[1].havens.append((2, 0))
    sc.st.seats[1].discard = sc.cards(["sword"], 1)
    sc.hand(1, "hero")  # the Haven's cost: a card to discard
    boost, = sc.hand(0, "boost")
    sc.do(PlayCard(boost, hero))
    legal = sc.legal()
    assert sc.st.current_seat() == 1 and UseCard(rally) in legal
    assert [a for a in legal if isinstance(a, UseCard) and a.card == salvage]
    map_ = sc.unit(rival).items[0]
    assert not [a for a in legal if isinstance(a, UseCard) and a.card in (map_, rival)]
    sc.refused(UseCard(map_), "not as fast as a Flash Effect")
    sc.do(UseCard(rally))  # answered at once; the window still waits for a pass
    assert total(sc.st, sc.unit(rival), "movement") == 3 and sc.st.flash_stack  # 2, +1
    sc.do(Pass())
    assert not sc.st.flash_stack


def test_a_flash_effect_whose_target_left_play_fizzles():
    """Rules for Flash Effects: an answer resolves first; the Bonked target is gone."""
    sc = scene(seats=2)
    hero = sc.char("hero", (0, 0))
    boost, = sc.hand(0, "boost")
    ko, = sc.hand(1, "ko")
    sc.do(PlayCard(boost, hero), PlayCard(ko, hero), Pass())
    assert hero not in sc.st.units and not lasting_of(sc, hero)
    assert sc.st.seats[0].discard == [boost]


def test_a_flash_effects_condition_is_checked_when_it_is_played():
    """card-format Conditions on a `play` effect: offered only where it would act."""
    sc = scene()
    hero = sc.char("hero", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    cry, = sc.hand(0, "rally-cry")
    assert PlayCard(cry, hero) not in sc.legal()
    sc.refused(PlayCard(cry, hero), "only while the Character using it fights in a Combat")
    sc.do(Fight(ogre), PlayCard(cry, hero))
    assert total(sc.st, sc.unit(hero), "attack") == 4


def test_no_flash_effect_in_the_reload_phase():
    """Rules for Flash Effects: played throughout the game, except the Draw phase."""
    sc = scene()
    hero = sc.char("hero", (0, 0))
    boost, = sc.hand(0, "boost")
    assert PlayCard(boost, hero) in flash.playable(sc.st, 0)
    sc.st.phase = RELOAD
    assert flash.playable(sc.st, 0) == []


def test_a_bare_flash_effect_gives_its_bonuses_for_the_turn():
    """R20: bare bonuses on one of the player's Characters; its Energy cost is spent."""
    sc = scene()
    hero = sc.char("hero", (0, 0))
    bare, = sc.hand(0, "bare")
    sc.do(PlayCard(bare, hero))
    assert total(sc.st, sc.unit(hero), "defense") == 5 and sc.unit(hero).spent == 1
    sc.until(MOVE)
    assert total(sc.st, sc.unit(hero), "defense") == 3


# Using cards; hooks ------------------------------------------------------------------

def test_a_card_without_a_use_cannot_be_used():
    """Basic Terms, Uses: only a card that says so is used."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["gem"])
    sc.refused(UseCard(sc.unit(hero).items[0]), "no such use")


def test_hook_decoy_makes_its_holder_the_disasters_target():
    """hooks.decoy (Dupli-Kit); R28: only the target is attacked, so it is not protected."""
    sc = scene()
    hero = sc.char("hero", (0, 0), items=["gem"])  # a Disaster attacks one with an Item
    twin = sc.char("twin", (0, 0))
    ogre = sc.disaster("ogre", (0, 0))
    sc.do(Fight(ogre))
    assert sc.st.combat.target == hero
    sc.do(UseCard(twin))
    assert sc.st.combat.target == twin


def test_hook_salvage_takes_back_the_last_discarded_equipment():
    """hooks.salvage (Lost and Found Office); Rules for Items: Items never come back."""
    sc = scene()
    lost = sc.card("lost")
    sc.st.places[(1, 1)] = Place(lost, "haven", 0)
    sc.st.seats[0].havens.append((1, 1))
    older, newer, ring = sc.cards(["sword", "sword", "ring"])
    sc.st.seats[0].discard = [older, newer, ring]
    paid, = sc.hand(0, "hero")
    sc.do(UseCard(lost))
    assert sc.st.seats[0].hand == [newer]
    assert sc.st.seats[0].discard == [older, ring, paid]


def test_condition_discarded_a_card_of_the_type_lies_on_the_discard_pile():
    """card-format Conditions `discarded`: a card of that type is on its controller's
    Discard pile (what the card takes back); with none the use is refused, its cost
    unpaid (guideline 4.11: an improper use is no use)."""
    sc = scene()
    lost = sc.card("lost")
    sc.st.places[(1, 1)] = Place(lost, "haven", 0)
    sc.st.seats[0].havens.append((1, 1))
    sc.st.seats[0].discard = sc.cards(["ring"])
    sc.hand(0, "hero")
    sc.refused(UseCard(lost), "must hold an Equipment")
    sc.st.seats[0].discard.append(sc.card("sword"))
    sc.do(UseCard(lost))


# Standing permissions and bars --------------------------------------------------

def test_scavenge_any_lets_the_group_scavenge_a_location_of_the_category():
    """card-format Steps, `scavenge_any` (Categories): the Goggles reach the holder's
    group (`to: group`), so Tech, beside their holder, may Scavenge the Desert without
    its Survival skill; `cannot_scavenge` (Miscellaneous Rules): with the Rival the
    Location names, the group cannot."""
    sc = scene()
    sc.location((0, 1), "dune", under=["gem"])
    sc.char("tech", (0, 1))
    sc.turn(SCAVENGE)
    assert Scavenge((0, 1)) not in sc.legal()
    sc.char("hero", (0, 1), items=["dune-goggles"])
    assert Scavenge((0, 1)) in sc.legal()
    sc.char("rival", (0, 1))
    assert Scavenge((0, 1)) not in sc.legal()
    sc.refused(Scavenge((0, 1)), "Rival cannot Scavenge this Location")


def test_cannot_scavenge_names_a_card_that_exists():
    """card-format Steps, `cannot_scavenge`: its card ids are checked when loaded."""
    with pytest.raises(LoadError) as err:
        card_db('- {id: bad, name: Bad, type: location, effects: '
                '[{"on": static, do: [{cannot_scavenge: [nobody]}]}]}\n')
    assert "no card has the id 'nobody'" in str(err.value)


# The registries: every part of the language has a fixture card above -----------------

def test_the_fixture_cards_use_every_trigger_condition_step_and_to():
    """card-format Effects: a new trigger, condition, step or `to` needs a test here."""
    db = scene().db
    used = {"on": set(), "if": set(), "do": set(), "to": set()}
    for card in db.cards.values():
        for e in card.effects:
            used["on"].add(e.on)
            used["if"] |= {k for k, _ in e.conditions}
            used["do"] |= {s.kind for s in e.steps}
            used["to"] |= {s.to for s in e.steps}
    assert used == {"on": set(TRIGGERS), "if": set(effects.CONDITIONS),
                    "do": set(effects.STEPS), "to": set(effects.TO)}


@pytest.mark.parametrize("effect, words", [
    ('{"on": use, do: [{modify: {attack: "+x"}}]}', "is not a modifier"),
    ('{"on": use, do: [{modify: {luck: "+1"}}]}', "is not an ability"),
    ('{"on": use, do: [{skill: {Genius: 0}}]}', "non-zero"),
    ('{"on": use, do: [{hold: 0}]}', "at least 1"),
    ('{"on": use, do: [{no_action: true}]}', "at least 1"),
    ('{"on": use, do: [{draw: -1}]}', "at least 1"),
    ('{"on": use, do: [{discard: 1.5}]}', "at least 1"),
    ('{"on": use, do: [{heal: most}]}', "at least 1"),
    ('{"on": use, do: [{damage: 0}]}', "at least 1"),
    ('{"on": use, do: [{steal: gold}]}', "must be item"),
    ('{"on": use, do: [{destroy_item: all}]}', "must be random"),
    ('{"on": use, do: [{drop_items: one}]}', "must be all"),
    ('{"on": use, do: [{bonk: false}]}', "must be true"),
    ('{"on": use, do: [{cancel: 1}]}', "must be true"),
    ('{"on": use, do: [{send_home: yes please}]}', "must be true"),
    ('{"on": use, do: [{flee: false}]}', "must be true"),
    ('{"on": use, do: [{search: {type: disaster}}]}', "Power card type"),
    ('{"on": use, do: [{search: {category: ""}}]}', "category name"),
    ('{"on": use, do: [{ally: leader}]}', "must be primary"),
    ('{"on": use, do: [{hook: nope}]}', "unknown hook"),
    ('{"on": use, do: [{explode: true}]}', "unknown effect"),
    ('{"on": static, do: [{draw: 1}]}', "a static effect cannot draw"),
    ('{"on": use, do: [{scavenge_any: Desert}]}', "stands only in a `static` effect"),
    ('{"on": static, do: [{scavenge_any: ""}]}', "must be a category name"),
    ('{"on": static, do: [{scavenge_any: [Desert]}]}', "must be a category name"),
    ('{"on": static, do: [{cannot_scavenge: []}]}', "must be a list of card ids"),
    ('{"on": static, do: [{scavenge_any: Desert, to: here}]}', "`to` must be holder"),
    ('{"on": static, do: [{cannot_scavenge: [bad]}]}', "only a location card has it"),
    ('{"on": use, do: [{draw: 1, to: everyone}]}', "to"),
    ('{"on": use, do: [{heal: 1, for: ever}]}', "a number of turns"),
    ('{"on": use, do: [{heal: 1, to: target}]}', "has no `target:`"),
    ('{"on": use, if: {phase: lunch}, do: [{heal: 1}]}', "unknown phase"),
    ('{"on": use, if: {in_combat: 1}, do: [{heal: 1}]}', "true or false"),
    ('{"on": use, if: {moved: 0}, do: [{heal: 1}]}', "true or false"),
    ('{"on": use, if: {skill: {}}, do: [{heal: 1}]}', "skill names"),
    ('{"on": use, if: {category: ""}, do: [{heal: 1}]}', "category name"),
    ('{"on": use, if: {at: 3}, do: [{heal: 1}]}', "category name"),
    ('{"on": use, if: {items: 0}, do: [{heal: 1}]}', "at least 1"),
    ('{"on": use, if: {target_items: 0}, do: [{heal: 1}]}', "at least 1"),
    ('{"on": use, if: {against: boss}, do: [{heal: 1}]}', "major or minor"),
    ('{"on": use, if: {discarded: disaster}, do: [{heal: 1}]}', "Power card type"),
    ('{"on": use, if: {raining: true}, do: [{heal: 1}]}', "unknown condition"),
])
def test_a_wrong_effect_is_refused_when_the_card_is_loaded(effect, words):
    """card-format Effects: every step and condition checks its value at load."""
    with pytest.raises(LoadError) as err:
        card_db(f"- {{id: bad, name: Bad, type: item, effects: [{effect}]}}\n")
    assert words in str(err.value)


def test_target_at_haven_is_a_character_in_its_own_players_haven():
    """A target `at: haven` is a Character in its player's own Haven: Training Arc
    reads "one of your Characters in your Haven", and a Character staying as a guest
    in another player's Haven (Rules for Havens, R36) is not in your Haven."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.haven((1, 0))
    sc.haven((2, 0), seat=1)
    home = sc.char("hero", (1, 0))
    guest = sc.char("hero", (2, 0))
    sc.char("rival", (2, 0), seat=1)
    mine = Target("character", "you", "haven")
    assert effects.choices(sc.st, 0, None, mine) == [home]
    assert guest not in effects.choices(sc.st, 0, None, Target("character", "any", "haven"))
