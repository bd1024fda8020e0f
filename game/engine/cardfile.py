"""Load and check card files (docs/card-format.md) into a CardDB.

Every mistake is one LoadError naming the file, the line and the field; the
first one found is raised and nothing is half-loaded.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from . import firing
from .cards import (
    ABILITIES, CARD_TYPES, TRIGGERS, CardDB, CardDef, CombatHalf, Effect, Modifier,
    Requirements, Step, Target,
)
from .effects import DURATIONS, TO, check_condition
from .steps import STEPS
from .yamlfile import LONG_TEXT, MAX_NUMBER, Key, Place, game_files, read_yaml, shown

DEFAULT_CARDS_DIR = Path(__file__).resolve().parents[2] / "assets" / "cards"

_ALL = frozenset(CARD_TYPES)
_BLUE = frozenset({"enhancement", "equipment", "flash_effect", "global_effect", "item"})
_DISASTER = frozenset({"disaster"})
# The card types each field may appear on (the field table of the format).
FIELDS: dict[str, frozenset[str]] = {
    "id": _ALL, "name": _ALL, "type": _ALL, "text": _ALL, "categories": _ALL, "limit": _ALL,
    "abilities": frozenset({"character", "disaster", "location", "haven", "equipment"}),
    "gender": frozenset({"character", "disaster"}),
    "skills": frozenset({"character"}),
    "requires": _BLUE | {"location"},
    "bonuses": _BLUE,
    "costs": _BLUE,
    "uses": frozenset({"global_effect", "item"}),
    "class": _DISASTER, "moves_once": _DISASTER, "defeat": _DISASTER, "endure": _DISASTER,
    "affects": _DISASTER,
    "physical": frozenset({"combat"}), "charm": frozenset({"combat"}),
    "other_form": frozenset({"character"}),
    "effects": _ALL - {"combat"},
    "becomes_haven": frozenset({"location"}),
}
REQUIRED: dict[str, tuple[str, ...]] = {
    "character": ("abilities", "gender"),
    "disaster": ("class",),
    "combat": ("physical", "charm"),
}
REQUIREMENT_KEYS = ("skills", "categories", "females", "males", "abilities",
                    "any_element", "illusion_piercing", "cards")
GENDERS = ("male", "female")
CLASSES = ("major", "minor")
_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_MODIFIER = re.compile(r"([+\-x/]?)(\d+)")

# A card id named by another card, checked once every file is read:
# (the id, where it is named, the card type it must have or None).
_Ref = tuple[str, Place, str | None]


# The card files read before, by what they are on disk (a CardDB is immutable): the
# window builds a Game at each New game, Continue and booth game, and parsing every
# card again was 0.6 s of a frame.
_READ: dict[tuple, CardDB] = {}
_READ_KEPT = 8


def load_cards(paths: str | Path | Iterable[str | Path] = DEFAULT_CARDS_DIR,
               read: Callable[[Path], tuple[Any, Any]] = read_yaml) -> CardDB:
    """Every card of the files and folders (every `*.yaml` below, sorted) given; the
    same CardDB again while none of the files has changed on disk. `read` parses a
    file (validate's hands back a pack it has parsed already)."""
    files = game_files(paths)
    try:
        key = tuple((str(p), *_stamp(p)) for p in files)
    except OSError:  # gone or unreadable: reading says so, in one line
        return _read_cards(files, read)
    db = _READ.get(key)
    if db is None:
        if len(_READ) >= _READ_KEPT:
            _READ.clear()
        db = _READ[key] = _read_cards(files, read)
    return db


def _stamp(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns, st.st_ino


def _read_cards(files: list[Path], read: Callable[[Path], tuple[Any, Any]]) -> CardDB:
    cards: dict[str, CardDef] = {}
    refs: list[_Ref] = []
    forms: list[tuple[CardDef, Place]] = []  # (a Character with an other_form, where)
    totalled: list[tuple[CardDef, Place]] = []  # (a card whose requirement names a card, where)
    for path in files:
        data, root = read(path)
        top = Place(str(path), root)
        if not isinstance(data, list):
            top.fail("a card file must be a list of cards (each entry starts with '- id:')")
        for i, entry in enumerate(data):
            card = _card(top.at(i), entry, refs)
            if card.id in cards:
                first, line = cards[card.id].source
                top.fail(f"duplicate id {card.id!r}, also at {first}:{line}", i, "id")
            cards[card.id] = card
            if card.requires.cards and _read_in_totals(card.type, card.bonuses):
                totalled.append((card, top.at(i)))
            if card.other_form is not None:
                forms.append((card, top.at(i, "other_form")))
    for card_id, place, card_type in refs:
        if card_id not in cards:
            place.fail(f"no card has the id {card_id!r}")
        if card_type and cards[card_id].type != card_type:
            place.fail(f"{card_id!r} is a {cards[card_id].type} card, not a {card_type}")
    for card, place in totalled:  # every id is known now
        named = _ability_named(card, cards)
        if named is not None:
            place.fail(f"{_READ_IN_TOTALS[card.type]} requiring {named!r}, whose own requirement "
                       "is an Ability N+, is not played: it is read while the totals it reads "
                       "are worked out, for ever (no ruling says which totals count)",
                       "requires", "cards")
    # Rules for Transforming Characters: a 2-card Character's two cards are a pair. One
    # naming a card that names nothing, or a third, passed here, and no deck could hold it.
    for card, place in forms:
        other = cards[card.other_form]
        if other.other_form != card.id:
            said = f"it names {other.other_form!r}" if other.other_form else "it names none"
            where = "{}:{}".format(*other.source)
            place.fail(f"{other.id!r} (at {where}) must name {card.id!r} as its other_form "
                       f"({said}): each of the two cards of a transforming Character names "
                       "the other")
    return CardDB({i: _named(c, cards) for i, c in cards.items()})


# The CardDef fields that hold a Requirements.
REQUIREMENT_FIELDS = ("requires", "defeat", "affects", "becomes_haven")


def _named(card: CardDef, cards: dict[str, CardDef]) -> CardDef:
    """`card` with the cards its requirements name given by name (Requirements.names):
    known only once every file is read, as a requirement may name a card read later."""
    named = {key: replace(req, names=tuple(cards[i].name for i in req.cards))
             for key in REQUIREMENT_FIELDS
             if (req := getattr(card, key)) is not None and req.cards}
    return replace(card, **named) if named else card


# The card types whose requirement is read while a Character's totals are worked out:
# an Equipment works only while its carrier meets it (Rules for Equipment), a Global
# Effect gives its bonuses to the Characters that meet it (Rules for Global Effects), an
# Item its bonuses to a user who meets it (Rules for Items; one without bonuses is
# checked only when it is used), an Enhancement works while its host meets it (Card
# Requirements, R134). The totals an Ability N+ requirement reads may be the
# very ones being worked out: its own bonus, or another card's whose requirement reads
# this one's, or the Energy that pays both (upkeep).
_READ_IN_TOTALS = {"equipment": "an Equipment", "global_effect": "a Global Effect",
                   "item": "an Item with bonuses", "enhancement": "an Enhancement"}


def _read_in_totals(card_type: str, bonuses: Any) -> bool:
    return card_type in _READ_IN_TOTALS and (card_type != "item" or bool(bonuses))


def _ability_named(card: CardDef, cards: dict[str, CardDef]) -> str | None:
    """The card an Another Card requirement of `card` names, itself or further down,
    whose own requirement asks an Ability N+: Card Requirements read the requirement of
    an Item or Equipment carried (abilities._has_card), so it is read in the same totals."""
    todo, seen = list(card.requires.cards), set()
    while todo:
        other = cards[todo.pop()]
        if other.id in seen or other.type not in ("item", "equipment"):
            continue
        seen.add(other.id)
        if other.requires.abilities:
            return other.id
        todo += other.requires.cards
    return None


def _card(place: Place, value: Any, refs: list[_Ref]) -> CardDef:
    entry = place.mapping(value)
    place.fields(entry, list(FIELDS), required=("id", "type", "name"))
    card_id = place.text(entry["id"], "id")
    if not _ID.fullmatch(card_id):
        place.fail(f"{card_id!r} is not an id: use lower-case letters, digits and '-'", "id")
    card_type = place.choice(entry["type"], CARD_TYPES, "type")
    for key in entry:
        if card_type not in FIELDS[key]:
            place.fail(f"a {card_type} card has no such field", key)
    for key in REQUIRED.get(card_type, ()):
        if key not in entry:
            place.fail(f"missing; a {card_type} card needs it", key)

    kw: dict[str, Any] = {"id": card_id, "name": place.text(entry["name"], "name"),
                          "type": card_type, "source": (place.path, place.line())}
    if "text" in entry:
        kw["text"] = place.text(entry["text"], "text", empty=True, longest=LONG_TEXT)
    if "abilities" in entry:
        kw.update(_numbers(place, entry["abilities"], "abilities", least=0))
        missing = [a for a in ABILITIES if a not in kw]
        if card_type == "character" and missing:
            place.fail(f"a character needs all five abilities; missing {', '.join(missing)}",
                       "abilities")
    if "gender" in entry:
        kw["gender"] = place.choice(entry["gender"], GENDERS, "gender")
    if "skills" in entry:
        kw["skills"] = _skills(place, entry["skills"], "skills", least=None)
    if "categories" in entry:
        kw["categories"] = frozenset(place.texts(entry["categories"], "categories"))
    for key in REQUIREMENT_FIELDS:
        if key in entry:
            kw[key] = _requirements(place.at(key), entry[key], refs)
    if "bonuses" in entry:
        kw["bonuses"] = _modifiers(place, entry["bonuses"], "bonuses")
    if _read_in_totals(card_type, kw.get("bonuses")) \
            and "requires" in kw and kw["requires"].abilities:
        place.fail(f"an Ability N+ requirement on {_READ_IN_TOTALS[card_type]} is not "
                   "played: it is read while the totals it reads are worked out, for ever "
                   "(no ruling says which totals count)", "requires", "abilities")
    if "costs" in entry:
        kw["costs"] = _modifiers(place, entry["costs"], "costs")
    for key in ("uses", "limit"):
        if key in entry:
            kw[key] = place.whole(entry[key], key, least=1)
    if "class" in entry:
        kw["disaster_class"] = place.choice(entry["class"], CLASSES, "class")
    if "moves_once" in entry:
        kw["moves_once"] = place.flag(entry["moves_once"], "moves_once")
    if "endure" in entry:
        kw["endure"], kw["endure_turns"] = _endure(place.at("endure"), entry["endure"])
    if "physical" in entry:
        kw["physical"] = _half(place.at("physical"), entry["physical"])
    if "charm" in entry:
        kw["charm_half"] = _half(place.at("charm"), entry["charm"])
    if "effects" in entry:
        kw["effects"] = _effects(place.at("effects"), entry["effects"], card_type,
                                 firing.kind(card_type, kw), refs)
    if "other_form" in entry:
        kw["other_form"] = place.text(entry["other_form"], "other_form")
        if kw["other_form"] == card_id:
            place.fail("a card cannot be its own other form", "other_form")
        refs.append((kw["other_form"], place.at("other_form"), "character"))

    card = CardDef(**kw)
    if card.is_combat_disaster:
        for key in ("defeat", "endure", "affects"):
            if key in entry:
                place.fail("only a non-Combat Disaster (no attack, defense and movement) "
                           "has this field", key)
    return card


EFFECT_FIELDS = ("on", "if", "target", "cost", "uses", "do")
# The fields of an effect a static one cannot have (static.py never reads them).
_NOT_STATIC = {"target": "nothing chooses a target for it (its steps reach holder, group, "
                         "yours, here, opponents_here or disasters_here)",
               "cost": "nothing pays a cost for it",
               "uses": "nothing counts its uses"}
STEP_COMMON = ("to", "for")
TARGET_FIELDS = {"select": ("character", "disaster", "flash"),
                 "owner": ("you", "opponent", "any"), "at": ("anywhere", "here", "haven")}


def _effects(place: Place, value: Any, card_type: str, card_kind: str,
             refs: list[_Ref]) -> tuple[Effect, ...]:
    """The effect language (docs/card-format.md, Effects), checked against the registry;
    `card_kind` says which triggers are ever set off for the card (firing.kind)."""
    if not isinstance(value, list) or not value:
        place.fail("must be a list of effects")
    out = []
    for i, raw in enumerate(value):
        at = place.at(i)
        e = at.mapping(raw)
        at.fields(e, EFFECT_FIELDS, required=("on", "do"))
        on = at.choice(e["on"], TRIGGERS, "on")
        never = firing.never_fired(card_kind, on)
        if never:
            at.fail(never, "on")
        kw: dict[str, Any] = {"on": on}
        if "if" in e:
            cond = at.mapping(e["if"], "if")
            for key, v in cond.items():
                problem = check_condition(key, v)
                if problem:
                    at.fail(problem, "if", key)
                if key == "phase" and v == []:  # none: the effect could never be used
                    at.fail("must name at least one phase", "if", key)
                _names(at, CONDITION_NAMES.get(key), v, "if", key)
            kw["conditions"] = tuple((k, tuple(v.items()) if isinstance(v, dict) else v)
                                     for k, v in cond.items())
        if on == "static":  # chosen, paid or counted when a card is played or used
            for key, what in _NOT_STATIC.items():
                if key in e:
                    at.fail(f"a static effect stands all the time, never played or used: "
                            f"{what}", key)
        if "target" in e:
            t = at.mapping(e["target"], "target")
            at.at("target").fields(t, list(TARGET_FIELDS), required=("select",))
            for key, v in t.items():
                at.choice(v, TARGET_FIELDS[key], "target", key)
            kw["target"] = Target(**t)
        if "cost" in e:
            cost = at.mapping(e["cost"], "cost")
            at.at("cost").fields(cost, ("energy", "discard"))
            kw["energy"] = at.whole(cost.get("energy", 0), "cost", "energy", least=0)
            kw["discards"] = at.whole(cost.get("discard", 0), "cost", "discard", least=0)
        if "uses" in e:
            uses = at.mapping(e["uses"], "uses")
            at.at("uses").fields(uses, ("count", "per"), required=("count",))
            kw["uses"] = at.whole(uses["count"], "uses", "count", least=1)
            kw["per"] = at.choice(uses.get("per", "turn"), ("turn", "round", "game"), "uses", "per")
        if not isinstance(e["do"], list) or not e["do"]:
            at.fail("must be a list of steps", "do")
        kw["steps"] = tuple(_step(at.at("do", j), raw_step, on, card_type, refs)
                            for j, raw_step in enumerate(e["do"]))
        if "uses" not in e:
            _no_loop(at, on, kw["steps"])
        if kw.get("target") is None and any(s.to == "target" for s in kw["steps"]):
            at.fail("a step affects `target` but the effect has no `target:`", "do")
        _flash_target(at, kw.get("target"), kw["steps"])
        out.append(Effect(**kw))
    return tuple(out)


def _flash_target(place: Place, target: Target | None, steps: tuple[Step, ...]) -> None:
    """Basic Terms, Cancel: `cancel` Cancels the Flash Effect its effect targets
    (steps._cancel), and a Flash Effect targeted is no unit a step's `to: target` reaches
    (targets.affected): either way the step did nothing."""
    flash = target is not None and target.select == "flash"
    for j, step in enumerate(steps):
        if step.kind == "cancel" and not flash:
            place.fail("cancel Cancels the Flash Effect its effect targets: give the effect "
                       "target: {select: flash}", "do", j, "cancel")
        if flash and step.to == "target" and step.kind != "cancel":
            place.fail(f"the target is a Flash Effect, no Character or Disaster: only cancel "
                       f"reaches it, not {step.kind}", "do", j, step.kind)


# Steps that can Defeat a Disaster (set off its `defeated` effects) when they affect
# one; `to` values that can name the Disaster whose effect it is.
_DEFEATS = ("damage",)
_SELF = ("holder", "disasters_here")


def _no_loop(place: Place, on: str, steps: tuple[Step, ...]) -> None:
    """Refuse an effect that sets itself off for ever (a RecursionError in play).

    A Disaster is still at its Location while its `defeated` effects run (it is
    Discarded after), so Damage to it from them Defeats it again, which runs them
    again. With `uses:` the count ends the loop, so such an effect is allowed.
    Chains that end by themselves (a `revealed` effect that draws, revealing the
    next Disaster) are bounded in play instead (effects.MAX_CHAIN)."""
    if on != "defeated":
        return
    for j, step in enumerate(steps):
        if step.kind in _DEFEATS and step.to in _SELF:
            place.fail(f"{step.kind} to {step.to} in a `defeated` effect Defeats this "
                       "Disaster again and sets the effect off again, for ever (give it "
                       "`uses:` or another `to:`)", "do", j)


# Steps that speak of "this Location" (Miscellaneous Rules: "Shinjuku Police Building
# ... states 'Kozo Karino cannot Scavenge this Location.'").
_LOCATION_ONLY = ("cannot_scavenge",)
# Whom a `scavenge_any` may reach: "allows you to Scavenge" (Categories).
_GRANTEES = ("holder", "group", "yours")


def _step(place: Place, value: Any, on: str, card_type: str, refs: list[_Ref]) -> Step:
    step = place.mapping(value)
    kinds = [k for k in step if k not in STEP_COMMON]
    if len(kinds) != 1 or kinds[0] not in STEPS:
        bad = [k for k in kinds if k not in STEPS]
        place.fail(f"unknown effect {shown(bad[0])} (effects: {', '.join(STEPS)})" if bad else
                   f"a step names exactly one effect (effects: {', '.join(STEPS)})")
    kind = kinds[0]
    entry = STEPS[kind]
    problem = entry.check(step[kind])
    if problem:
        place.fail(problem, kind)
    _names(place, STEP_NAMES.get(kind), step[kind], kind)
    if on == "static" and not entry.static:
        place.fail(f"a static effect cannot {kind} (static steps: "
                   f"{', '.join(k for k, v in STEPS.items() if v.static)})", kind)
    if on != "static" and entry.run is None:
        place.fail(f"{kind} is a standing permission or bar: it stands only in a "
                   "`static` effect", kind)
    if kind in _LOCATION_ONLY and card_type != "location":
        place.fail(f"{kind} speaks of 'this Location': only a location card has it", kind)
    if kind == "cannot_scavenge":
        refs.extend((c, place.at(kind, i), None) for i, c in enumerate(step[kind]))
    to = place.choice(step.get("to", "player" if kind in ("draw", "search") else "holder"),
                      TO, "to")
    if on == "static" and to == "player":  # a static step reaches units (static_hits)
        place.fail(f"a static effect's step reaches Characters or Disasters, not the player "
                   f"(to: {', '.join(t for t in TO if t not in ('target', 'player'))})", "to")
    if kind == "scavenge_any" and to not in _GRANTEES:
        place.fail(f"scavenge_any is a permission for its own player's Characters: "
                   f"`to` must be {', '.join(_GRANTEES)}", "to")
    duration = step.get("for")
    if duration is not None and duration not in DURATIONS and not (
            isinstance(duration, int) and not isinstance(duration, bool)
            and 1 <= duration <= MAX_NUMBER):
        place.fail(f"must be {', '.join(DURATIONS)} or a number of turns from 1 to "
                   f"{MAX_NUMBER}", "for")
    return Step(kind, entry.parse(step[kind]), to, duration)


# The skill and category names effects give, read as the printed ones are (Place.text:
# at most 80 characters, no control character, no word of no width): the registry's
# checks took any text, and the window says them ("the Character using it must be
# «...»"; pygame refuses a NUL or a word of no width). How each value holds its names:
# the keys of a map, the value itself, or the value of one key of a map.
CONDITION_NAMES = {"skill": "keys", "member_skill": "keys", "category": "value",
                   "at": "value"}
STEP_NAMES = {"skill": "keys", "scavenge_any": "value", "search": "category"}


def _names(place: Place, how: str | None, value: Any, *keys: Key) -> None:
    """LoadError at `keys` for a name `value` holds (as `how` says) that is no name."""
    if how == "keys":
        for name in value:
            place.text(name, *keys)
    elif how == "value":
        place.text(value, *keys)
    elif how is not None and how in value:
        place.text(value[how], *keys, how)


def _numbers(place: Place, value: Any, *keys: Key, least: int) -> dict[str, int]:
    """A map of ability names to whole numbers."""
    numbers = place.mapping(value, *keys)
    for name, number in numbers.items():
        place.choice(name, ABILITIES, *keys, name)
        place.whole(number, *keys, name, least=least)
    return numbers


def _skills(place: Place, value: Any, *keys: Key, least: int | None) -> tuple[tuple[str, int], ...]:
    """A map of skill names to counts: non-zero (negative = anti-skill) or at least `least`."""
    skills = place.mapping(value, *keys)
    for name, count in skills.items():
        place.text(name, *keys, name)
        place.whole(count, *keys, name, least=least)
        if count == 0:
            place.fail("a skill count must not be 0 (negative counts are anti-skills)",
                       *keys, name)
    return tuple(skills.items())


def _modifiers(place: Place, value: Any, *keys: Key) -> tuple[Modifier, ...]:
    """A map of ability names to modifier strings: "+2", "-1", "x2", "/2" or "3"."""
    mods = []
    for ability, text in place.mapping(value, *keys).items():
        place.choice(ability, ABILITIES, *keys, ability)
        if isinstance(text, (int, float)) and not isinstance(text, bool):
            # YAML reads +2 as the number 2: an add and a replacement would look alike.
            place.fail(f'a modifier must be a quoted string: write "+{text}" to add, '
                       f'"{text}" to replace', *keys, ability)
        match = _MODIFIER.fullmatch(place.text(text, *keys, ability, empty=True).strip())
        if not match:
            place.fail(f'{shown(text)} is not a modifier: use "+2", "-1", "x2", "/2" or "3"',
                       *keys, ability)
        digits = match.group(2)
        if len(digits) > 6 or int(digits) > MAX_NUMBER:
            place.fail(f"{shown(text)}: a modifier's number is at most {MAX_NUMBER}",
                       *keys, ability)
        op, number = match.group(1) or "=", int(digits)
        if op == "/" and number == 0:
            place.fail("division by zero", *keys, ability)
        mods.append(Modifier(ability, op, number))
    return tuple(mods)


def _requirements(place: Place, value: Any, refs: list[_Ref]) -> Requirements:
    req = place.mapping(value)
    for key in req:
        if key not in REQUIREMENT_KEYS:
            place.fail(f"a requirement the engine does not know (known: "
                       f"{', '.join(REQUIREMENT_KEYS)})", key)
    cards = place.texts(req.get("cards", []), "cards")
    refs.extend((card_id, place.at("cards", i), None) for i, card_id in enumerate(cards))
    return Requirements(
        skills=_skills(place, req.get("skills", {}), "skills", least=1),
        categories=place.texts(req.get("categories", []), "categories"),
        females=place.whole(req.get("females", 0), "females", least=0),
        males=place.whole(req.get("males", 0), "males", least=0),
        abilities=tuple(_numbers(place, req.get("abilities", {}), "abilities", least=1).items()),
        any_element=place.flag(req.get("any_element", False), "any_element"),
        illusion_piercing=place.flag(req.get("illusion_piercing", False), "illusion_piercing"),
        cards=cards,
    )


def _endure(place: Place, value: Any) -> tuple[tuple[Modifier, ...], int]:
    endure = place.mapping(value)
    place.fields(endure, ("modifiers", "turns"), required=("modifiers",))
    return (_modifiers(place, endure["modifiers"], "modifiers"),
            place.whole(endure.get("turns", 1), "turns", least=1))


def _half(place: Place, value: Any) -> CombatHalf:
    half = place.mapping(value)
    place.fields(half, ("own", "opponent", "text"))
    return CombatHalf(own=_modifiers(place, half.get("own", {}), "own"),
                      opponent=_modifiers(place, half.get("opponent", {}), "opponent"),
                      text=place.text(half.get("text", ""), "text", empty=True,
                                      longest=LONG_TEXT))
