"""An audit of 30 Nov 2026 (rulebook, fifth edition; guidelines of 1998): the sections
earlier audits did not focus on: Combats, Horde, Combat (the overview of the Combat
sequence), Winning the Game, Miscellaneous Rules, the List of Skills, the List of
Categories and the List of Actions. Each test names its section or guideline."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import AttackLocation, Move, UseCard
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.cards import VEHICLE_CLASSES
from game.engine.events import LocationAttacked, LocationAttacks
from game.engine.state import MOVE, SCAVENGE
from game.engine.yamlfile import read_yaml

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 1, movement: 2, charm: 0, energy: 1}}
- {id: old-school, name: Old School, type: location, categories: [School, Undead],
   abilities: {attack: 2}, requires: {skills: {Blind Luck: 1}}}
- {id: vault, name: Vault, type: location, categories: [Money],
   abilities: {defense: 4}, requires: {skills: {Shopping: 1}}}
- {id: gang, name: Gang, type: disaster, class: minor, categories: [Horde, School],
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: zombie, name: Zombie, type: disaster, class: minor, categories: [Horde, Undead],
   abilities: {attack: 3, defense: 2, movement: 1}}
- {id: robots, name: Robots, type: disaster, class: minor, categories: [Horde, Robot],
   abilities: {attack: 3, defense: 3, movement: 1}}
- {id: gem, name: Gem, type: item}
- {id: bankers, name: Bankers, type: disaster, class: minor, categories: [Horde, Money],
   abilities: {attack: 1, defense: 1, movement: 1}}
"""


# Horde -------------------------------------------------------------------------------

def test_horde_a_like_location_with_attack_strikes_harder():
    """Horde: "If a card has a Horde category, every other like card in play is +1 Attack
    & Defense. Look at the other cards' categories to see if a Horde will give it a
    bonus. ... Multiple Hordes will give multiple bonuses." A Location is a card in play
    (Basic Terms, In Play: "those on the Field"): the Old School (School, Undead; Attack
    2) strikes a group without Blind Luck with 2, with a School Horde anywhere on the
    Field with 3, and with an Undead Horde as well with 4; a Robot Horde shares no
    category with it and gives nothing. (The shipped Haunted Old School Building with a
    Rival Delinquent Gang and a Salaryman Zombie.)"""
    def strike(hordes: list[str]) -> int:
        sc = Scene(CARDS)
        sc.location((0, 0))
        sc.location((1, 0), "old-school")
        for x, h in enumerate(hordes, start=2):
            sc.location((x, 0))
            sc.disaster(h, (x, 0))
        hero = sc.char("hero", (0, 0))
        sc.turn(MOVE)
        hit, = of(sc.do(Move((hero,), (1, 0))), LocationAttacks)
        return hit["attack"]

    assert strike([]) == 2
    assert strike(["robots"]) == 2
    assert strike(["gang"]) == 3
    assert strike(["gang", "zombie", "robots"]) == 4


def test_horde_a_like_location_with_defense_defends_better_its_health_unchanged():
    """Horde: a like card is "+1 Attack & Defense"; Basic Terms, Health: "Bonuses to
    Defense do not affect Health." The Vault (Money, Defense 4) attacked by two Heroes
    (6 Attack) takes 2 Damage; with a Money Horde on the Field its Defense is 5 and it
    takes 1, from a Health that is still its base Defense, 4 (Rules for Locations: "If a Location has Defense, you can
    Scavenge it without the necessary skills by attacking it")."""
    def attacked(horde: bool) -> dict:
        sc = Scene(CARDS)
        sc.location((0, 0), "vault", under=["gem"])
        if horde:
            sc.location((1, 0))
            sc.disaster("bankers", (1, 0))
        sc.char("hero", (0, 0))
        sc.char("hero", (0, 0))
        sc.turn(SCAVENGE)
        ev, = of(sc.do(AttackLocation((0, 0))), LocationAttacked)
        return ev

    plain, with_horde = attacked(False), attacked(True)
    assert (plain["defense"], plain["health_before"], plain["health_after"]) == (4, 4, 2)
    assert (with_horde["defense"], with_horde["health_before"],
            with_horde["health_after"]) == (5, 4, 3)


# Miscellaneous Rules -----------------------------------------------------------------

def test_miscellaneous_rules_the_draw_pile_looked_through_is_shuffled_afterward():
    """Miscellaneous Rules: "If you look through your Draw pile to pull out or move certain
    cards, shuffle the remainder of your Draw pile afterward." A Map searches the pile
    for an Equipment: the Shield comes to the hand and the five cards left are the same
    cards, in an order that is not the one they had (over a few seeds: a shuffle that
    kept the order every time would be none)."""
    shuffled = []
    for seed in range(6):
        sc = Scene(CARDS + """\
- id: map
  name: Map
  type: item
  effects: [{"on": use, do: [{search: {type: equipment}}]}]
- {id: shield, name: Shield, type: equipment, bonuses: {defense: "+1"}}
""", seed=seed)
        sc.location((0, 0))
        hero = sc.char("hero", (0, 0), items=["map"])
        pile = sc.draw_pile(0, "gem", "blank", "shield", "hero", "gem", "blank")
        sc.turn(MOVE)
        sc.do(UseCard(sc.unit(hero).items[0]))
        left = [c for c in pile if c != pile[2]]
        assert sc.st.seats[0].hand == [pile[2]]
        assert sorted(sc.st.seats[0].draw) == sorted(left)
        shuffled.append(sc.st.seats[0].draw != left[::-1])  # the engine's top is last
    assert any(shuffled)


# List of Skills, List of Categories --------------------------------------------------
# The two Lists as the rulebook prints them (its List of Skills names Fashion twice).
LIST_OF_SKILLS = frozenset((
    "Acrobatics", "Air Element", "Archaeology", "Artist", "Blind Luck", "Bureaucracy",
    "Celebrity", "Climbing", "Comedian", "Communications", "Computer", "Cooking",
    "Criminal", "Driving", "ESP", "Earth Element", "Fashion", "Fire Element", "Flying",
    "Genius", "Green Thumb", "Hunter", "Ice Element", "Investigation", "Lawyer",
    "Lightning Element", "Magic", "Marksman", "Martial Arts", "Mech", "Medic",
    "Military", "Music", "Peeping", "Phase", "Pilot", "Police", "Priest", "Pure Heart",
    "Royalty", "Savoir-Faire", "Seduction", "Shapechange", "Shopping", "Speed",
    "Splitting", "Sports", "Streetwise", "Strength", "Student", "Survival", "Swimming",
    "Swordsman", "Teacher", "Tech", "Water Element", "Weapons"))
LIST_OF_CATEGORIES = frozenset((
    "Air", "Alcohol", "Alien", "Android", "Animal", "Artifact", "Battlesuit", "Boomer",
    "Bronze Saint", "Bugrom", "Clothing", "Clue", "Comedy", "Computer", "Cute",
    "Cyborg", "Demon", "Desert", "Dimensional", "Divine", "Dream", "Earth", "Fame",
    "Fear", "Fire", "Flying Vehicle", "Food", "Freeza", "Gift", "Gold Saint", "Haven",
    "Holding", "Horde", "Hot Tub", "Hungry", "Ice", "Illusion", "Joke", "Juraian",
    "Knowledge", "Legal", "Lightning", "Lingerie", "Magic", "Mecha", "Medical",
    "Military", "Missile", "Money", "Move", "Muldoon", "Museum", "Music", "Namek",
    "Ninja", "Oni", "Paranoid", "Phantom Tribe", "Planetary", "Planetary Vehicle",
    "Police", "Red Ribbon Army", "Robot", "Saiyan", "Sanctuary", "School", "Science",
    "Silver Saint", "Song", "Spell", "Spirit", "Sports", "Swamp", "Tree", "Undead",
    "Vehicle", "View", "Water", "Weapon", "Zeiram"))
# What a group needs beyond the List of Skills, written as skills (docs/card-format.md):
# Card Requirements' "Illusion Piercing: ... a special ability", and the symbols of the
# Rules for Locations ("has the Planetary symbol", "have the Dimensional ability").
SYMBOL_SKILLS = frozenset(("Illusion Piercing", "Planetary", "Dimensional"))


def _shipped_names() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Every skill and category name the shipped cards use, each with the cards using it:
    printed, required (`requires`, `defeat`, `affects`, `becomes_haven`), granted (the
    `skill` step), asked by a condition (`skill`, `category`, `at`), searched for or
    opened (`search`, `scavenge_any`)."""
    skills: dict[str, set[str]] = {}
    cats: dict[str, set[str]] = {}

    def walk(node, card: str, key: str = "") -> None:
        if isinstance(node, list):
            for x in node:
                walk(x, card, key)
            return
        if not isinstance(node, dict):
            return
        for k, v in node.items():
            if k in ("skills", "skill") and isinstance(v, dict):
                for name in v:
                    skills.setdefault(name, set()).add(card)
            elif k == "categories":
                for name in v:
                    cats.setdefault(name, set()).add(card)
            elif k in ("category", "scavenge_any") or (k == "at" and key == "if"):
                cats.setdefault(v, set()).add(card)
            walk(v, card, k)

    for path in sorted(DEFAULT_CARDS_DIR.glob("*.yaml")):
        for card in read_yaml(path)[0]:
            walk(card, card["id"])
    return skills, cats


def test_list_of_skills_the_cards_name_only_skills_of_the_list():
    """List of Skills (and Skills: "See: List of Skills"): every skill a shipped card
    prints, requires, grants or asks for is one the List names, or one of the three
    symbols that docs/card-format.md writes as skills (Illusion Piercing, Planetary,
    Dimensional: the rules read them on a Character as a skill or a category, terrain.py).
    Each name of the List is used by some card."""
    skills, _ = _shipped_names()
    stray = {s: sorted(c) for s, c in skills.items() if s not in LIST_OF_SKILLS | SYMBOL_SKILLS}
    assert not stray
    assert not LIST_OF_SKILLS - set(skills)


def test_list_of_categories_the_cards_name_only_categories_of_the_list():
    """List of Categories (and Categories: "See: List of Categories"): every category a
    shipped card bears, requires or asks for is one the List names. The rules give a
    meaning to Horde (Disasters), Planetary and Dimensional (Locations), Haven, and the
    three Vehicle classes (Equipment, Rules for Equipment), and the cards bear them there."""
    _, cats = _shipped_names()
    stray = {c: sorted(v) for c, v in cats.items() if c not in LIST_OF_CATEGORIES}
    assert not stray
    db = load_cards(DEFAULT_CARDS_DIR)
    types = {t: {c.type for c in db.cards.values() if t in c.categories}
             for t in ("Horde", "Planetary", "Dimensional", "Haven", *VEHICLE_CLASSES)}
    assert types == {"Horde": {"disaster"}, "Planetary": {"location"},
                     "Dimensional": {"location"}, "Haven": {"haven"},
                     "Vehicle": {"equipment"}, "Flying Vehicle": {"equipment"},
                     "Planetary Vehicle": {"equipment"}}
