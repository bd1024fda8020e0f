"""The rulebook's List of Skills and List of Categories, and the names a card file uses
that neither holds: a misspelt skill ("Pliot") makes a requirement nobody can meet, and
nothing else would say so. Card text beats the rulebook (R1), so a new name is legal:
`validate` warns, the game plays it."""
from __future__ import annotations

from collections.abc import Iterator

from .cards import CardDef, Requirements
from .terrain import SYMBOLS

SKILLS = frozenset((
    "Acrobatics", "Air Element", "Archaeology", "Artist", "Blind Luck", "Bureaucracy",
    "Celebrity", "Climbing", "Comedian", "Communications", "Computer", "Cooking",
    "Criminal", "Driving", "Earth Element", "ESP", "Fashion", "Fire Element", "Flying",
    "Genius", "Green Thumb", "Hunter", "Ice Element", "Investigation", "Lawyer",
    "Lightning Element", "Magic", "Marksman", "Martial Arts", "Mech", "Medic",
    "Military", "Music", "Peeping", "Phase", "Pilot", "Police", "Priest", "Pure Heart",
    "Royalty", "Savoir-Faire", "Seduction", "Shapechange", "Shopping", "Speed",
    "Splitting", "Sports", "Streetwise", "Strength", "Student", "Survival", "Swimming",
    "Swordsman", "Teacher", "Tech", "Water Element", "Weapons",
    # Not on the list, named elsewhere in the rulebook as a Character has them: the
    # symbols (Rules for Locations) and Card Requirements' Illusion Piercing.
    *SYMBOLS, "Illusion Piercing"))

CATEGORIES = frozenset((
    "Air", "Alcohol", "Alien", "Android", "Animal", "Artifact", "Battlesuit", "Boomer",
    "Bronze Saint", "Bugrom", "Clothing", "Clue", "Comedy", "Computer", "Cute", "Cyborg",
    "Demon", "Desert", "Dimensional", "Divine", "Dream", "Earth", "Fame", "Fear", "Fire",
    "Flying Vehicle", "Food", "Freeza", "Gift", "Gold Saint", "Haven", "Holding",
    "Horde", "Hot Tub", "Hungry", "Ice", "Illusion", "Joke", "Juraian", "Knowledge",
    "Legal", "Lightning", "Lingerie", "Magic", "Mecha", "Medical", "Military",
    "Missile", "Money", "Move", "Muldoon", "Museum", "Music", "Namek", "Ninja", "Oni",
    "Paranoid", "Phantom Tribe", "Planetary", "Planetary Vehicle", "Police",
    "Red Ribbon Army", "Robot", "Saiyan", "Sanctuary", "School", "Science", "Silver Saint",
    "Song", "Spell", "Spirit", "Sports", "Swamp", "Tree", "Undead", "Vehicle", "View",
    "Water", "Weapon", "Zeiram"))

# Where an effect names a skill or a category (cardfile.CONDITION_NAMES, STEP_NAMES).
_CONDITION_SKILLS = ("skill", "member_skill")
_CONDITION_CATEGORIES = ("category", "at")


def unlisted(card: CardDef) -> list[str]:
    """Each skill or category the card names that the rulebook's lists do not hold, in
    words, once each."""
    out: dict[str, None] = {}
    for kind, name in _named(card):
        if name not in (SKILLS if kind == "skill" else CATEGORIES):
            listed = "List of Skills" if kind == "skill" else "List of Categories"
            out[f"card '{card.id}' names the {kind} '{name}', which is not in the "
                f"rulebook's {listed} (a misspelling? card text may add one)"] = None
    return list(out)


def _named(card: CardDef) -> Iterator[tuple[str, str]]:
    """Every (\"skill\" | \"category\", name) the card's fields and effects name."""
    for name, _ in card.skills:
        yield "skill", name
    for name in card.categories:
        yield "category", name
    for req in (card.requires, card.defeat, card.affects, card.becomes_haven):
        if isinstance(req, Requirements):
            yield from (("skill", name) for name, _ in req.skills)
            yield from (("category", name) for name in req.categories)
    for e in card.effects:
        for key, value in e.conditions:
            if key in _CONDITION_SKILLS:
                yield from (("skill", name) for name in _keys(value))
            elif key in _CONDITION_CATEGORIES and isinstance(value, str):
                yield "category", value
        for step in e.steps:
            if step.kind == "skill":
                yield from (("skill", name) for name in _keys(step.value))
            elif step.kind == "scavenge_any" and isinstance(step.value, str):
                yield "category", step.value
            elif step.kind == "search" and isinstance(step.value, dict) \
                    and "category" in step.value:
                yield "category", step.value["category"]


def _keys(value: object) -> list[str]:
    """The names of a map of skills, parsed (pairs) or not (a dict)."""
    if isinstance(value, dict):
        return [k for k in value if isinstance(k, str)]
    if isinstance(value, (tuple, list)):
        return [k[0] if isinstance(k, tuple) else k for k in value
                if isinstance(k, str) or (isinstance(k, tuple) and k and isinstance(k[0], str))]
    return []
