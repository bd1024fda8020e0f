"""Deck files (docs/card-format.md, Decks) and the deck construction rules."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import ELEMENTS, POWER_TYPES, CardDB, CardDef, Requirements
from .errors import LoadError
from .options import Options
from .yamlfile import Key, Place, game_files, other_kind, read_yaml

DEFAULT_DECKS_DIR = Path(__file__).resolve().parents[2] / "assets" / "decks"

# The card types each section of a deck takes.
SECTION_TYPES: dict[str, tuple[str, ...]] = {
    "starting_characters": ("character",),
    "haven": ("haven",),
    "power": POWER_TYPES,
    "locations": ("location",),
    "items": ("item",),
    "disasters": ("disaster",),
    "combat": ("combat",),
}
FIELDS = ("name",) + tuple(SECTION_TYPES)  # all required
# Rules for Transforming Characters: "You must have both cards for 2-card transforming
# Characters to use either in your deck. One counts towards your deck, the other does
# not. Keep the second card out of play." The second cards are listed here, uncounted.
OTHER_FORMS = "other_forms"
COUNTED = ("power", "items", "disasters", "combat")  # sections written {card-id: copies}
STARTING_CHARACTERS = 4
MIN_COMBAT = 21
MAX_DECK_CARDS = 500  # a standard deck holds about 90; copies per card are at most 99

Counted = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Deck:
    id: str  # the file name without .yaml
    name: str
    starting_characters: tuple[str, ...]
    haven: str
    power: Counted
    locations: tuple[str, ...]
    items: Counted
    disasters: Counted
    combat: Counted
    source: str = ""
    other_forms: tuple[str, ...] = ()  # second cards of 2-card transforming Characters
    # The file's line of each card id's first mention, for a construction problem's
    # error line (problem_line); a Deck made in code has none.
    lines: dict[str, int] = field(default_factory=dict, compare=False)


    def count(self, section: str) -> int:
        """How many cards a section holds, copies included."""
        if section == "haven":
            return 1
        if section in COUNTED:
            return sum(n for _, n in getattr(self, section))
        return len(getattr(self, section))

    def all_cards(self) -> Counter[str]:
        """Copies of each card id over every section (a starting card counts)."""
        total = Counter(self.starting_characters + (self.haven,) + self.locations)
        for section in COUNTED:
            for card_id, n in getattr(self, section):
                total[card_id] += n
        return total


def load_deck(path: str | Path, db: CardDB,
              read: Callable[[str | Path], tuple[Any, Any]] = read_yaml) -> Deck:
    """A deck file, its card ids checked against `db` and their sections. `read` parses
    it (validate's hands back the parse it made to tell a deck)."""
    data, root = read(path)
    place = Place(str(path), root)
    other = other_kind(data, "deck")
    if other:
        place.fail(other)
    deck = place.mapping(data)
    place.fields(deck, FIELDS + (OTHER_FORMS,), required=FIELDS)
    lists = {s: place.texts(deck[s], s) for s in ("starting_characters", "locations")}
    forms = place.texts(deck.get(OTHER_FORMS, []), OTHER_FORMS)
    counted = {s: _counted(place, deck[s], s) for s in COUNTED}
    haven = place.text(deck["haven"], "haven")
    size = 1 + len(forms) + sum(map(len, lists.values())) + sum(
        n for pairs in counted.values() for _, n in pairs)
    if size > MAX_DECK_CARDS:
        place.fail(f"{size} cards; a deck holds at most {MAX_DECK_CARDS}")
    _check_card(place, db, haven, "haven")
    for section, ids in lists.items():
        for i, card_id in enumerate(ids):
            _check_card(place, db, card_id, section, i)
    for section, pairs in counted.items():
        for card_id, _ in pairs:
            _check_card(place, db, card_id, section, card_id)
    for i, card_id in enumerate(forms):
        _check_card(place, db, card_id, OTHER_FORMS, i)
    lines = {haven: place.line("haven")}
    lines.update((SECTION_LINE + s, place.line(s)) for s in FIELDS + (OTHER_FORMS,) if s in deck)
    for section, keys in [(s, enumerate(ids)) for s, ids in lists.items()] + [
            (s, ((c, c) for c, _ in pairs)) for s, pairs in counted.items()] + [
            (OTHER_FORMS, enumerate(forms))]:
        for key, card_id in keys:
            lines.setdefault(card_id, place.line(section, key))
    return Deck(id=Path(path).stem, name=place.text(deck["name"], "name"), haven=haven,
                source=str(path), other_forms=tuple(forms), lines=lines, **lists, **counted)


def load_decks(folder: str | Path, db: CardDB) -> dict[str, Deck]:
    """Every `*.yaml` deck of a folder, by id, in file name order."""
    return {p.stem: load_deck(p, db) for p in game_files(folder, recursive=False)}


def _counted(place: Place, value: Any, section: str) -> Counted:
    pairs = place.mapping(value, section)
    return tuple((card_id, place.whole(n, section, card_id, least=1))
                 for card_id, n in pairs.items())


def _check_card(place: Place, db: CardDB, card_id: str, section: str, *keys: Key) -> None:
    if card_id not in db:
        place.fail(f"unknown card id {card_id!r}", section, *keys)
    wanted = SECTION_TYPES.get(section, ("character",))  # other_forms: Characters
    if db[card_id].type not in wanted:
        place.fail(f"{card_id!r} is a {db[card_id].type} card; {section} takes "
                   f"{' or '.join(wanted)} cards", section, *keys)


def check_legal(decks: Iterable[Deck], db: CardDB, options: Options = Options()) -> None:
    """LoadError naming the first deck that breaks the construction rules, and why.

    What every way into a game calls before the game starts (simulate, play, the
    window's New game, a save's Continue), so that none plays a deck `validate`
    refuses."""
    for deck in decks:
        problems = check_deck(deck, db, options)
        if problems:
            raise LoadError(deck.source or deck.id, problem_line(deck, problems[0]), None,
                            f"deck is not legal: {problems[0]}")


_CARD_IDS = re.compile(r"\(([a-z0-9][a-z0-9-]*(?:, [a-z0-9][a-z0-9-]*)*)\)")
# The words by which a problem that names no card names its section: the one said
# first is the one it is about ("12 Disasters; 2 per Location ...": disasters).
_SECTION_WORDS = (("starting Characters", "starting_characters"), ("Locations", "locations"),
                  ("Items", "items"), ("Disasters", "disasters"), ("Combat cards", "combat"),
                  (OTHER_FORMS, OTHER_FORMS))
SECTION_LINE = "section:"  # deck.lines[SECTION_LINE + section]: a card id has no ':'


def problem_line(deck: Deck, problem: str) -> int | None:
    """The deck file's line of the first card a construction problem names "(card-id)"
    or "(card-a, card-b)", else of the section it speaks of."""
    for ids in _CARD_IDS.findall(problem):
        for card_id in ids.split(", "):
            if card_id in deck.lines:
                return deck.lines[card_id]
    said = [(problem.find(words), section) for words, section in _SECTION_WORDS
            if words in problem]
    if said:
        return deck.lines.get(SECTION_LINE + min(said)[1])
    return None


def check_deck(deck: Deck, db: CardDB, options: Options = Options()) -> list[str]:
    """The deck construction problems, in words (rulebook, Deck Construction; R12).

    An empty list means the deck is legal.
    """
    unknown = sorted(c for c in deck.all_cards() if c not in db)
    if unknown:  # a Deck made in code rather than by load_deck
        return [f"unknown card ids: {', '.join(unknown)}"]
    return (_count_problems(deck, db) + _copy_problems(deck, db, options)
            + _forms_problems(deck, db) + _disaster_problems(deck, db))


def _count_problems(deck: Deck, db: CardDB) -> list[str]:
    """The sections' sizes: starting Characters, Locations, and the Items, Disasters
    (half of them Combat Disasters, a third Major) and Combat cards they call for."""
    problems: list[str] = []
    starters = deck.starting_characters
    if len(starters) != STARTING_CHARACTERS:
        problems.append(f"{len(starters)} starting Characters; a deck has exactly "
                        f"{STARTING_CHARACTERS}")
    if len(set(starters)) != len(starters):
        problems.append("the starting Characters must all be different")

    locations = len(deck.locations)
    if locations % 2 == 0:
        problems.append(f"{locations} Locations; the number of Locations must be odd")

    items, items_needed = deck.count("items"), (3 * locations + 1) // 2
    if items != items_needed:
        problems.append(f"{items} Items; {locations} Locations need 1.5 times as many, "
                        f"rounded up: {items_needed}")

    power = deck.count("power")
    disasters, disasters_needed = deck.count("disasters"), 2 * locations + power // 3
    if disasters != disasters_needed:
        problems.append(f"{disasters} Disasters; 2 per Location ({locations}) and 1 per 3 "
                        f"Power cards ({power}) make {disasters_needed}")
    combat_disasters = sum(n for c, n in deck.disasters if db[c].is_combat_disaster)
    if 2 * combat_disasters < disasters:
        problems.append(f"{combat_disasters} of {disasters} Disasters are Combat Disasters; "
                        "at least half must be")
    majors = sum(n for c, n in deck.disasters if db[c].is_major)
    if 3 * majors < disasters:
        problems.append(f"{majors} of {disasters} Disasters are Major; at least a third must be")

    combat = deck.count("combat")
    if combat < MIN_COMBAT:
        problems.append(f"{combat} Combat cards; a deck needs at least {MIN_COMBAT}")
    return problems


def _copy_problems(deck: Deck, db: CardDB, options: Options) -> list[str]:
    """Copies beyond a card's limit (by id, by name, by versions of one name), and, without
    Charm Combat, cards with a Charm cost (R12)."""
    problems: list[str] = []
    copies_of = deck.all_cards()
    versions: dict[str, list[str]] = {}  # a name with text in parentheses -> its versions
    named: dict[str, list[str]] = {}  # a name -> its ids (a pack may give a card again)
    for card_id, copies in sorted(copies_of.items()):
        card = db[card_id]
        limit = copy_limit(card)
        if base_name(card) is not None:
            versions.setdefault(base_name(card), []).append(card_id)
        else:
            named.setdefault(card.name, []).append(card_id)
            if copies > limit:
                # A starting Character or Haven and the same one among the Power cards
                # count together.
                starters = ", starting cards included" if card.type in ("character", "haven") \
                    else ""
                problems.append(f"{copies} copies of {card.name} ({card_id}); at most {limit} "
                                f"per deck{starters}")
        # Combat cards have no costs, so R12's exception for them holds by itself.
        if not options.charm_combat and card.has_charm_cost:
            problems.append(f"{card.name} ({card_id}) has a Charm cost; without Charm "
                            "Combat it cannot be in a deck (R12)")
    for name, ids in sorted(versions.items()):
        problems += _versions_problem(db, name, ids, copies_of)
    for name, ids in sorted(named.items()):
        # "Of any particular card": a card is known by its name, whatever its id.
        total, limit = sum(copies_of[c] for c in ids), max(copy_limit(db[c]) for c in ids)
        if len(ids) > 1 and total > limit:
            problems.append(f"{total} copies of {name} ({', '.join(ids)}): one card under "
                            f"{len(ids)} ids; at most {limit} per deck")
    return problems


def _disaster_problems(deck: Deck, db: CardDB) -> list[str]:
    """The non-Combat Disasters that could affect none of the deck's Characters."""
    problems: list[str] = []
    characters = [db[c] for c in deck.starting_characters] + [
        db[c] for c, _ in deck.power if db[c].type == "character"]
    carried = [db[c] for c, _ in deck.items + deck.power]
    for card_id, _ in deck.disasters:
        d = db[card_id]
        if d.affects is not None and not could_meet(characters, carried, d.affects):
            problems.append(f"{d.name} ({card_id}) is a non-Combat Disaster that cannot "
                            "affect this deck's Characters")
    return problems


_PARENTHESES = re.compile(r"\s*\([^)]*\)")


def _forms_problems(deck: Deck, db: CardDB) -> list[str]:
    """Rules for Transforming Characters: "You must have both cards for 2-card
    transforming Characters to use either in your deck. One counts towards your deck,
    the other does not." Guideline 2.5, "You cannot have both forms of a transforming
    Character in your deck", is read with it (R1): both forms never count."""
    problems: list[str] = []
    counted = set(deck.starting_characters) | {c for c, _ in deck.power}
    for card_id in sorted(counted):
        other = db[card_id].other_form
        if other is None or other in deck.other_forms:
            continue
        if other in counted:
            a, b = sorted((card_id, other))
            problems.append(f"both forms of a transforming Character count: "
                            f"{db[a].name} ({a}) and {db[b].name} ({b}); one counts towards "
                            f"the deck, the other goes in {OTHER_FORMS} (guideline 2.5)")
        else:
            problems.append(f"{db[card_id].name} ({card_id}) transforms: its other card, "
                            f"{db[other].name} ({other}), must be in {OTHER_FORMS} "
                            "(Rules for Transforming Characters)")
    if len(set(deck.other_forms)) != len(deck.other_forms):
        problems.append(f"a card is listed twice in {OTHER_FORMS}")
    for card_id in sorted(set(deck.other_forms)):
        card = db[card_id]
        if card_id in counted or card.other_form not in counted:
            problems.append(f"{card.name} ({card_id}) is in {OTHER_FORMS}, so it must be the "
                            "other card of a transforming Character the deck counts, and "
                            "not counted itself")
    return [p for i, p in enumerate(problems) if p not in problems[:i]]


def base_name(card: CardDef) -> str | None:
    """The name without its text in parentheses, for a card that has some (Gren Clone
    (1st form) -> Gren Clone); None for a card without."""
    if "(" not in card.name:
        return None
    return _PARENTHESES.sub("", card.name).strip()


def copy_limit(card: CardDef) -> int:
    """1 of any Character, Haven or Location, 3 of anything else, unless the card says
    otherwise ("Some cards will say they have a different limit per deck")."""
    return card.limit or (1 if card.type in ("character", "haven", "location") else 3)


def _versions_problem(db: CardDB, name: str, ids: list[str], copies: Counter[str]) -> list[str]:
    """Deck Construction: "You can have any combination of the different names up to
    the limit for the card type, or 1 of each version, whichever is greater." """
    total = sum(copies[c] for c in ids)
    limit = max(copy_limit(db[c]) for c in ids)
    if total <= limit or all(copies[c] == 1 for c in ids):
        return []
    return [f"{total} copies of the versions of {name} ({', '.join(ids)}); at most {limit} "
            "of them in any combination, or 1 of each version"]


def could_meet(characters: list[CardDef], carried: list[CardDef], req: Requirements,
               given: Counter[str] | None = None) -> bool:
    """The deck's Characters, all together and as printed, could meet the requirements:
    a non-Combat Disaster with them can affect the deck (Deck Construction, Disasters).
    `given`: skills other cards can add to them (unusable_carried)."""
    def skill(name: str) -> int:
        return sum(c.skill(name) for c in characters) + (given[name] if given else 0)
    if any(skill(s) < n for s, n in req.skills):
        return False
    if any(not any(cat in c.categories for c in characters) for cat in req.categories):
        return False
    if sum(c.gender == "female" for c in characters) < req.females:
        return False
    if sum(c.gender == "male" for c in characters) < req.males:
        return False
    if any(not any((c.ability(a) or 0) >= n for c in characters) for a, n in req.abilities):
        return False
    if req.any_element and not any(skill(e) > 0 for e in ELEMENTS):
        return False
    if req.illusion_piercing and skill("Illusion Piercing") <= 0:
        return False
    have = {c.id for c in characters + carried}
    return all(c in have for c in req.cards)


def unusable_carried(deck: Deck, db: CardDB) -> list[str]:
    """The deck's Equipment and Items that none of its Characters could use, in words:
    legal by Deck Construction, but dead cards (Rules for Equipment, Rules for Items:
    the Character using one must meet its requirement; validate warns of them).

    A Character could use one if it meets the requirement alone, as printed, with the
    skills any other card of the deck can give (an Enhancement's Tech, a Haven's Student)
    and a card it needs among the deck's; its other form is a Character of the deck too.
    An ability a requirement asks ("Attack 4+") is read as printed: no card of the deck
    that could raise it is counted, so such a card would warn wrongly (none ships)."""
    ids = [*deck.starting_characters, *(c for c, _ in deck.power), *deck.other_forms]
    characters = [db[c] for c in dict.fromkeys(ids) if db[c].type == "character"]
    carried = [db[c] for c in dict.fromkeys(c for c, _ in deck.items + deck.power)
               if db[c].type in ("equipment", "item")]
    held = [db[c] for c in deck.all_cards()]
    warnings = []
    for card in carried:
        if card.requires.empty:
            continue
        given = _skills_given(deck, db, but=card.id)
        if not any(could_meet([c], held, card.requires, given) for c in characters):
            warnings.append(f"no Character of this deck could use {card.name} ({card.id}): "
                            f"it requires {card.requires.describe()}")
    return warnings


def _skills_given(deck: Deck, db: CardDB, but: str) -> Counter[str]:
    """The skills the deck's cards (but one) can give a Character, the most of each."""
    given: Counter[str] = Counter()
    for card_id in deck.all_cards():
        if card_id == but:
            continue
        for effect in db[card_id].effects:
            for step in effect.steps:
                if step.kind == "skill":
                    for name, n in step.value:
                        given[name] = max(given[name], n)
    return given

