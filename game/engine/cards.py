"""Card definitions: the frozen, shared description of every card.

A game refers to a physical card by its instance id (an int); the instance
points at one of these definitions by its string id. Definitions are never
copied when a state is cloned.
"""
from __future__ import annotations

from dataclasses import dataclass, field

CARD_TYPES = (
    "character", "enhancement", "equipment", "flash_effect", "global_effect",
    "haven", "item", "location", "disaster", "combat",
)
POWER_TYPES = ("character", "enhancement", "equipment", "flash_effect", "global_effect", "haven")
ABILITIES = ("attack", "defense", "movement", "charm", "energy")
ELEMENTS = (
    "Air Element", "Earth Element", "Fire Element",
    "Ice Element", "Lightning Element", "Water Element",
)
VEHICLE_CLASSES = ("Vehicle", "Flying Vehicle", "Planetary Vehicle")
TRIGGERS = ("play", "static", "use", "revealed", "turn_start", "combat_round", "scavenge",
            "defeated")


@dataclass(frozen=True, slots=True)
class Modifier:
    """One change to an ability: '+2', '-1', 'x2', '/2', or a bare '3' that replaces."""

    ability: str
    op: str
    value: int

    def apply(self, base: int) -> int:
        if self.op == "+":
            return base + self.value
        if self.op == "-":
            return base - self.value
        if self.op == "x":
            return base * self.value
        if self.op == "/":
            return base // self.value
        return self.value

    @property
    def bonus(self) -> bool:
        """Whether it gives its ability a bonus: an add or a multiply that raises it, or
        a replacement (the piece's own value stands for the Character's). A penalty
        ('-1', '/2', 'x0') is a drawback, not a bonus (Rules for Equipment)."""
        return (self.op == "=" or self.op == "+" and self.value > 0
                or self.op == "x" and self.value > 1)

    def __str__(self) -> str:
        op = "" if self.op == "=" else self.op
        return f"{op}{self.value} {self.ability.capitalize()}"


@dataclass(frozen=True, slots=True)
class Requirements:
    """What a group must have (rulebook, Card Requirements)."""

    skills: tuple[tuple[str, int], ...] = ()
    categories: tuple[str, ...] = ()
    females: int = 0
    males: int = 0
    abilities: tuple[tuple[str, int], ...] = ()  # Ability N+: one Character's total
    any_element: bool = False
    illusion_piercing: bool = False
    cards: tuple[str, ...] = ()
    # The named cards as players know them, by name (the loader fills them in once every
    # card is read): the ids above are the files' keys, not words to show. Words only:
    # two requirements alike but for them are the same requirement.
    names: tuple[str, ...] = field(default=(), compare=False)

    @property
    def empty(self) -> bool:
        return not (self.skills or self.categories or self.females or self.males
                    or self.abilities or self.any_element or self.illusion_piercing
                    or self.cards)

    def describe(self) -> str:
        parts = [f"{s}" + (f" x{n}" if n > 1 else "") for s, n in self.skills]
        parts += [f"«{c}»" for c in self.categories]
        if self.females:
            parts.append(f"{self.females} Female" + ("s" if self.females > 1 else ""))
        if self.males:
            parts.append(f"{self.males} Male" + ("s" if self.males > 1 else ""))
        parts += [f"{a.capitalize()} {n}+" for a, n in self.abilities]
        if self.any_element:
            parts.append("any Element")
        if self.illusion_piercing:
            parts.append("Illusion Piercing")
        parts += list(self.names or self.cards)
        return ", ".join(parts) or "none"


NO_REQUIREMENTS = Requirements()


@dataclass(frozen=True, slots=True)
class CombatHalf:
    """One half of a Combat card: modifiers to the drawer and to its opponent."""

    own: tuple[Modifier, ...] = ()
    opponent: tuple[Modifier, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Target:
    """What a player chooses when a card is played or used (docs/card-format.md, Effects)."""

    select: str  # "character" | "disaster" | "flash"
    owner: str = "any"  # "you" | "opponent" | "any"
    at: str = "anywhere"  # "anywhere" | "here" | "haven"


@dataclass(frozen=True, slots=True)
class Step:
    """One thing an effect does: a kind from the registry in effects.py and its value."""

    kind: str
    value: object
    to: str
    duration: str | int | None = None  # "turn" | "combat" | "game" | N turns


@dataclass(frozen=True, slots=True)
class Effect:
    on: str
    steps: tuple[Step, ...]
    target: Target | None = None
    conditions: tuple[tuple[str, object], ...] = ()
    energy: int = 0  # cost in Energy, paid by the target Character or the holder
    discards: int = 0  # cost in cards discarded from the hand
    uses: int | None = None
    per: str = "turn"  # "turn" | "round" | "game"


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    type: str
    text: str = ""
    # Printed abilities (Characters, Disasters, Locations, Havens, Equipment with
    # its own Defense). None means the card has no such ability.
    attack: int | None = None
    defense: int | None = None
    movement: int | None = None
    charm: int | None = None
    energy: int | None = None
    gender: str | None = None  # "male" | "female" | None
    skills: tuple[tuple[str, int], ...] = ()  # counts; negative counts are anti-skills
    categories: frozenset[str] = frozenset()
    requires: Requirements = NO_REQUIREMENTS
    bonuses: tuple[Modifier, ...] = ()  # Power cards and Items
    costs: tuple[Modifier, ...] = ()  # paid from the beneficiary's abilities
    uses: int | None = None  # Global Effects and Items with uses
    # Disasters
    disaster_class: str | None = None  # "major" | "minor"
    moves_once: bool = False
    defeat: Requirements | None = None  # non-Combat: a group with these Defeats it
    affects: Requirements | None = None  # non-Combat: it affects only a group with these
    endure: tuple[Modifier, ...] = ()  # non-Combat: what an undefeated group suffers
    endure_turns: int = 1
    # Combat cards
    physical: CombatHalf | None = None
    charm_half: CombatHalf | None = None
    # Deck construction
    limit: int | None = None  # "limit N per deck"
    other_form: str | None = None  # a transforming Character's second card
    effects: tuple[Effect, ...] = ()
    becomes_haven: Requirements | None = None  # a Location that can become a Haven
    source: tuple[str, int] = ("", 0)  # file and line it was read from
    _skill_map: dict = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    # The effects by trigger, read on every listing (effects_on).
    _on: dict = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    # The bonuses and costs by ability, read by every total (bonuses_on, costs_on).
    _mods: dict = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_skill_map", dict(self.skills))
        on: dict[str, tuple[Effect, ...]] = {}
        for e in self.effects:
            on[e.on] = on.get(e.on, ()) + (e,)
        object.__setattr__(self, "_on", on)
        mods: dict[tuple[str, str], tuple[Modifier, ...]] = {}
        for kind, found in (("bonus", self.bonuses), ("cost", self.costs)):
            for m in found:
                mods[kind, m.ability] = mods.get((kind, m.ability), ()) + (m,)
        object.__setattr__(self, "_mods", mods)

    def skill(self, name: str) -> int:
        return self._skill_map.get(name, 0)

    def ability(self, name: str) -> int | None:
        return getattr(self, name)

    def bonuses_on(self, ability: str) -> tuple[Modifier, ...]:
        """Its bonuses to one ability, in printed order."""
        return self._mods.get(("bonus", ability), ())

    def costs_on(self, ability: str) -> tuple[Modifier, ...]:
        """Its costs to one ability, in printed order."""
        return self._mods.get(("cost", ability), ())

    @property
    def is_combat_disaster(self) -> bool:
        """Rulebook, Disasters: Attack, Defense and Movement make a Combat Disaster."""
        return (self.type == "disaster" and self.attack is not None
                and self.defense is not None and self.movement is not None)

    @property
    def is_major(self) -> bool:
        return self.disaster_class == "major"

    @property
    def base_health(self) -> int:
        """Basic Terms, Health: base Health equals base Defense."""
        return self.defense or 0

    @property
    def is_power(self) -> bool:
        return self.type in POWER_TYPES

    def effects_on(self, trigger: str) -> tuple[Effect, ...]:
        return self._on.get(trigger, ())

    @property
    def has_charm_cost(self) -> bool:
        return any(m.ability == "charm" for m in self.costs)


@dataclass(frozen=True, slots=True)
class CardDB:
    """Every card definition of a game, by id. Immutable and shared by all clones."""

    cards: dict[str, CardDef]

    def __getitem__(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def of_type(self, card_type: str) -> list[CardDef]:
        return [c for c in self.cards.values() if c.type == card_type]
